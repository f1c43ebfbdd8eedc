/*
 * pdnengine dxp: plays one game of international draughts over DXP (the
 * DamExchange protocol) on TCP. With --connect it is the initiator (sends
 * GAMEREQ, waits for GAMEACC), with --listen the follower. Moves go both
 * ways as MOVE messages checked against the legal moves; a BACKREQ is
 * accepted and the game taken back; the side with no move sends GAMEEND.
 * A peer that sends garbage, an illegal move, closes the connection or
 * stays silent past the timeout ends the game with a message; the game so
 * far is written as PDN either way. Messages are libpdn's DXP codec.
 */
#include "pdnengine.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct dxp_game {
    const struct engine_options *opt;
    pdn_engine *engine;
    int fd;
    enum pdn_color us;
    struct pdn_board board, before[HISTORY_MAX];
    struct pdn_move moves[HISTORY_MAX];
    int nplies;
    const char *result, *why;
    char peer[PDN_DXP_NAME_MAX + 1], buf[4 * PDN_DXP_MESSAGE_MAX];
    size_t len;
    bool took_back;
};

static bool send_message(struct dxp_game *g, const struct pdn_dxp_message *m)
{
    char text[PDN_DXP_MESSAGE_MAX];
    size_t n = pdn_dxp_format(text, m) + 1; /* with its NUL */
    return send(g->fd, text, n, MSG_NOSIGNAL) == (ssize_t)n;
}

/* The next message within the timeout: 1, 0 (closed, timeout or garbage:
 * g->why says which). */
static int receive(struct dxp_game *g, struct pdn_dxp_message *m)
{
    for (;;) {
        char *nul = memchr(g->buf, '\0', g->len);
        if (nul) {
            size_t n = (size_t)(nul - g->buf);
            int rc = pdn_dxp_parse(m, g->buf, n);
            memmove(g->buf, nul + 1, g->len - n - 1);
            g->len -= n + 1;
            if (rc == 0) return 1;
            g->why = "the peer sent a message that does not read";
            return 0;
        }
        if (g->len == sizeof g->buf) {
            g->why = "the peer sent a message too long";
            return 0;
        }
        struct pollfd p = {.fd = g->fd, .events = POLLIN};
        int ready = poll(&p, 1, (int)(g->opt->timeout * 1000));
        if (ready == 0) {
            g->why = "no message from the peer before the timeout";
            return 0;
        }
        ssize_t got = ready < 0 ? -1 : recv(g->fd, g->buf + g->len, sizeof g->buf - g->len, 0);
        if (got <= 0) {
            g->why = "the peer closed the connection";
            return 0;
        }
        g->len += (size_t)got;
    }
}

static void play(struct dxp_game *g, const struct pdn_move *m)
{
    if (g->nplies == HISTORY_MAX) return;
    g->before[g->nplies] = g->board;
    g->moves[g->nplies++] = *m;
    pdn_board_play(&g->board, m);
}

/* BACKREQ to move number n with colour c to move: back to that position. */
static bool take_back(struct dxp_game *g, int n, enum pdn_color c)
{
    int ply = 2 * (n - 1) + (c == PDN_COLOR_BLACK);
    if (ply < 0 || ply > g->nplies) return false;
    g->board = ply < g->nplies ? g->before[ply] : g->board;
    g->nplies = ply;
    return true;
}

static const char *result_for(enum pdn_color winner)
{
    return winner == PDN_COLOR_WHITE ? "2-0" : "0-2";
}

/* The peer's message: a move, a take-back, the end. False when the game is over. */
static bool answer(struct dxp_game *g, const struct pdn_dxp_message *m)
{
    struct pdn_dxp_message reply = {0};
    struct pdn_move move;
    switch (m->type) {
    case PDN_DXP_MOVE:
        if (g->board.side == g->us || !pdn_dxp_move_find(&move, m, &g->board)) {
            g->why = "the peer played an illegal move";
            return false;
        }
        play(g, &move);
        return true;
    case PDN_DXP_BACKREQ:
        reply.type = PDN_DXP_BACKACC;
        reply.code = take_back(g, m->move_number, m->color) ? 0 : 2;
        g->took_back |= reply.code == 0;
        return send_message(g, &reply);
    case PDN_DXP_GAMEEND:
        g->why = "the peer ended the game";
        g->result = m->code == 2   ? "1-1"
                    : m->code == 1 ? result_for(g->us)
                    : m->code == 3 ? result_for(!g->us)
                                   : "*";
        reply = (struct pdn_dxp_message){.type = PDN_DXP_GAMEEND, .code = 0, .stop = 1};
        send_message(g, &reply);
        return false;
    default:
        return true; /* chat, and what does not concern a game under way */
    }
}

/* Our move, or our GAMEEND when we have none. False when the game is over. */
static bool our_turn(struct dxp_game *g)
{
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, g->opt->level > 0 ? g->opt->level : 2);
    struct pdn_engine_result r;
    pdn_engine_search(&r, g->engine, &g->board, g->before, (size_t)g->nplies, &limits);
    struct pdn_dxp_message m;
    if (!r.has_move || g->nplies >= g->opt->max_plies) {
        m = (struct pdn_dxp_message){
            .type = PDN_DXP_GAMEEND, .code = r.has_move ? 2 : 1, .stop = 1};
        g->result = r.has_move ? "1-1" : result_for(!g->us);
        g->why = r.has_move ? "a draw after the most plies allowed" : "no move left: lost";
        send_message(g, &m);
        struct pdn_dxp_message ack;
        receive(g, &ack); /* the peer's GAMEEND, when it sends one */
        return false;
    }
    pdn_dxp_move_message(&m, &r.move, PDN_VARIANT_INTERNATIONAL, (int)r.seconds);
    play(g, &r.move);
    return send_message(g, &m) || (g->why = "the peer closed the connection", false);
}

/* Asks the peer to take back our last move and its answer (--take-back-at). */
static bool ask_take_back(struct dxp_game *g)
{
    int ply = g->nplies - 2;
    struct pdn_dxp_message m = {.type = PDN_DXP_BACKREQ,
                                .move_number = ply / 2 + 1,
                                .color = ply % 2 ? PDN_COLOR_BLACK : PDN_COLOR_WHITE};
    struct pdn_dxp_message reply;
    if (!send_message(g, &m) || receive(g, &reply) != 1) return false;
    if (reply.type == PDN_DXP_BACKACC && reply.code == 0) {
        take_back(g, m.move_number, m.color);
        g->took_back = true;
    }
    return true;
}

static void run_game(struct dxp_game *g)
{
    bool asked = false;
    for (;;) {
        if (g->board.side == g->us) {
            if (!asked && g->opt->take_back_at > 0 && g->nplies >= g->opt->take_back_at &&
                g->nplies >= 2) {
                asked = true;
                if (!ask_take_back(g)) return;
                continue;
            }
            if (!our_turn(g)) return;
            continue;
        }
        struct pdn_dxp_message m;
        if (receive(g, &m) != 1 || !answer(g, &m)) return;
    }
}

static int connect_to(const char *target)
{
    char host[256];
    const char *colon = strrchr(target, ':');
    size_t n = colon ? (size_t)(colon - target) : 0;
    if (!colon || n == 0 || n >= sizeof host) return -1;
    memcpy(host, target, n);
    host[n] = '\0';
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *res, *ai;
    if (getaddrinfo(host, colon + 1, &hints, &res) != 0) return -1;
    int fd = -1;
    for (ai = res; ai && fd < 0; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    return fd;
}

/* Accepts one connection on port, waiting at most the timeout. */
static int accept_on(const char *port, double timeout)
{
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *res;
    if (getaddrinfo(NULL, port, &hints, &res) != 0) return -1;
    int server = socket(res->ai_family, res->ai_socktype, res->ai_protocol), one = 1, fd = -1;
    if (server >= 0) {
        setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        struct pollfd p = {.fd = server, .events = POLLIN};
        if (bind(server, res->ai_addr, res->ai_addrlen) == 0 && listen(server, 1) == 0 &&
            poll(&p, 1, (int)(timeout * 1000)) == 1)
            fd = accept(server, NULL, NULL);
        close(server);
    }
    freeaddrinfo(res);
    return fd;
}

/* GAMEREQ / GAMEACC: false (and why) when no game is agreed. */
static bool handshake(struct dxp_game *g, bool initiator)
{
    struct pdn_dxp_message m = {0}, reply;
    if (initiator) {
        m = (struct pdn_dxp_message){
            .type = PDN_DXP_GAMEREQ, .version = 1, .color = !g->us, .minutes = 10, .moves = 75};
        snprintf(m.name, sizeof m.name, "pdnengine");
        if (!send_message(g, &m) || receive(g, &reply) != 1) return false;
        if (reply.type != PDN_DXP_GAMEACC || reply.code != 0) {
            g->why = "the peer refused the game";
            return false;
        }
        snprintf(g->peer, sizeof g->peer, "%s", reply.name);
        return true;
    }
    if (receive(g, &m) != 1) return false;
    if (m.type != PDN_DXP_GAMEREQ) {
        g->why = "the peer's first message is no game request";
        return false;
    }
    g->us = m.color;
    snprintf(g->peer, sizeof g->peer, "%s", m.name);
    if (m.has_position) g->board = m.position;
    reply = (struct pdn_dxp_message){.type = PDN_DXP_GAMEACC, .code = 0};
    snprintf(reply.name, sizeof reply.name, "pdnengine");
    return send_message(g, &reply);
}

static void save(const struct dxp_game *g, const struct pdn_board *start)
{
    FILE *out = g->opt->output ? fopen(g->opt->output, "w") : NULL;
    if (!out) return;
    const char *white = g->us == PDN_COLOR_WHITE ? "pdnengine" : g->peer;
    const char *black = g->us == PDN_COLOR_WHITE ? g->peer : "pdnengine";
    fprintf(out, "[Event \"DXP\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n", white,
            black[0] ? black : "?", g->result);
    struct pdn_board init;
    pdn_board_init(&init, PDN_VARIANT_INTERNATIONAL);
    char fen[PDN_FEN_MAX];
    if (!pdn_board_equal(&init, start) && pdn_board_to_fen(fen, start))
        fprintf(out, "[FEN \"%s\"]\n", fen);
    fputc('\n', out);
    for (int i = 0; i < g->nplies; i++) {
        char t[PDN_MOVE_TEXT_MAX];
        struct pdn_movelist *legal = malloc(sizeof *legal);
        if (legal) pdn_movegen(legal, &g->before[i], 0);
        pdn_move_to_text(t, &g->moves[i], legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
        free(legal);
        bool black_moves = g->before[i].side == PDN_COLOR_BLACK;
        if (!black_moves || i == 0)
            fprintf(out, "%s%d%s ", i ? "\n" : "", i / 2 + 1, black_moves ? "..." : ".");
        fprintf(out, "%s ", t);
    }
    if (g->why) fprintf(out, "{%s} ", g->why);
    fprintf(out, "%s\n", g->result);
    fclose(out);
}

int dxp_run(const struct engine_options *options)
{
    struct dxp_game *g = calloc(1, sizeof *g);
    if (!g || pdn_engine_new(&g->engine, NULL) != 0) {
        fprintf(stderr, "pdnengine: out of memory\n");
        free(g);
        return 3;
    }
    g->opt = options;
    g->us = options->black ? PDN_COLOR_BLACK : PDN_COLOR_WHITE;
    g->result = "*";
    pdn_board_init(&g->board, PDN_VARIANT_INTERNATIONAL);
    bool initiator = options->connect != NULL;
    g->fd = initiator ? connect_to(options->connect) : accept_on(options->listen, options->timeout);
    int status = 0;
    if (g->fd < 0) {
        fprintf(stderr, "pdnengine: dxp: cannot %s %s: %s\n",
                initiator ? "connect to" : "listen on",
                initiator ? options->connect : options->listen,
                errno ? strerror(errno) : "no connection");
        status = 3;
    } else {
        struct pdn_board start = g->board;
        if (handshake(g, initiator)) {
            start = g->board;
            run_game(g);
        }
        save(g, &start);
        fprintf(stderr, "pdnengine: dxp: %s (%d plies%s), %s\n", g->why ? g->why : "game over",
                g->nplies, g->took_back ? ", a take-back" : "", g->result);
        if (strcmp(g->result, "*") == 0) status = 1;
        close(g->fd);
    }
    pdn_engine_free(g->engine);
    free(g);
    return status;
}
