/*
 * One DXP game (see dxp_game.h). With --connect we are the initiator (send
 * GAMEREQ, wait for GAMEACC), with --listen the follower. Moves go both
 * ways as MOVE messages checked against the legal moves; a BACKREQ is
 * accepted and the game taken back; the side with no move sends GAMEEND,
 * and a draw rule reached ends the game on our turn, the most plies
 * allowed right after the last of them (the peer's turn too: it does not
 * know our limit); a game we end still going (resigned, drawn) is
 * explained to the peer in a CHAT first. A CHAT may come at any time: it
 * is shown and the wait goes on; a GAMEEND may too, and is heard before
 * our move goes. A win the peer claims is written only if the board
 * shows it.
 * A peer that sends garbage or an illegal move, closes the connection or
 * stays silent past the wait ends the game with a message, told to the
 * peer too when the connection still works (a CHAT, then GAMEEND with
 * reason 0: the game is cut short, nobody's result); the game so far is
 * written as PDN either way. Messages are libpdn's DXP codec.
 */
#include "dxp_game.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef MSG_MORE
#define MSG_MORE 0
#endif

/* Seconds for the peer's GAMEEND that acknowledges ours. */
#define DXP_ACK_WAIT 5.0
/* Milliseconds a wait with keys sleeps at most before the player looks
 * again (screen_getkey's step too). */
#define DXP_LOOK_MS 250
/* The longest message DamExchange allows, in bytes; with the NUL, the size
 * of a CHAT's text. */
#define DXP_MESSAGE_BYTES 127

double dxp_move_wait(double timeout, int minutes)
{
    if (timeout > 0) return timeout;
    double clock = 60.0 * minutes;
    return clock > DXP_WAIT_LEAST ? clock : DXP_WAIT_LEAST;
}

struct session {
    const struct dxp_settings *s;
    const struct dxp_player *player;
    struct dxp_game game;
    int fd;
    enum game_result result;
    const char *why;
    bool took_back;
    bool resigned;       /* by the person, while the peer had the move */
    bool ending;         /* our GAMEEND sent: keys no longer matter */
    bool no_keys;        /* the terminal hung up */
    bool gone;           /* the connection closed or failed: nothing more to tell */
    double wait;         /* seconds to wait for the peer's next message */
    char said[128];      /* the peer's CHAT since its last move, fit for a PDN comment */
    char ended_why[192]; /* "the peer ended the game (...)": x->why */
    size_t len;
    char buf[4 * PDN_DXP_MESSAGE_MAX];
};

/* flags MSG_MORE: the next message goes in the same segment (Linux),
 * so that the peer reads them together. */
static bool send_with(struct session *x, const struct pdn_dxp_message *m, int flags)
{
    char text[PDN_DXP_MESSAGE_MAX];
    size_t n = pdn_dxp_format(text, m) + 1; /* with its NUL */
    if (send(x->fd, text, n, MSG_NOSIGNAL | flags) == (ssize_t)n) return true;
    x->why = "the peer closed the connection";
    x->gone = true;
    return false;
}

static bool send_message(struct session *x, const struct pdn_dxp_message *m)
{
    return send_with(x, m, 0);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Whether the peer's connection has bytes (or closed) before the timeout,
 * the person told of the wait as it begins and the keys answered meanwhile
 * (dxp_player.waiting): a signal (a resize of the terminal) wakes the
 * wait, and had ended the game as if the peer had closed the connection.
 * The player looks at least every DXP_LOOK_MS, for what came but woke
 * nothing: a signal caught while it drew, before the wait (a resize sent
 * with a key, on a loaded machine, left the screen at the old size until
 * the next key), a key curses read along with another (Escape f). False
 * with x->why when not. */
static bool wait_for_peer(struct session *x)
{
    const struct dxp_player *pl = x->player;
    double deadline = now_seconds() + x->wait;
    bool begins = true; /* the player hears of the wait as it begins */
    for (;;) {
        bool keys = pl->waiting && !x->ending && !x->no_keys;
        if (keys && !pl->waiting(&x->game, begins, pl->ctx)) {
            x->resigned = true;
            x->why = "resigned";
            return false;
        }
        begins = false;
        struct pollfd p[2] = {{.fd = x->fd, .events = POLLIN},
                              {.fd = keys ? pl->keys_fd : -1, .events = POLLIN}};
        double left = deadline - now_seconds();
        if (left <= 0) {
            x->why = "no message from the peer before the timeout";
            return false;
        }
        int ms = (int)(left * 1000) + 1;
        int ready = poll(p, 2, keys && ms > DXP_LOOK_MS ? DXP_LOOK_MS : ms);
        if (ready < 0 && errno != EINTR) {
            x->why = "the connection failed";
            x->gone = true;
            return false;
        }
        if (ready > 0 && p[0].revents) return true;
        if (p[1].revents & (POLLHUP | POLLERR | POLLNVAL)) x->no_keys = true;
    }
}

/* Keeps the text of a CHAT, which a peer that ends the game may have sent
 * to say why: C0 controls, DEL and braces dropped (they would break the
 * line on stderr or the PDN comment), then escaped as pdn_text_escape
 * does, cut between characters: a C1 control (CSI, \u009b) or a byte that
 * is no UTF-8 (an 8-bit CSI, 0x9b) from the network reaches neither the
 * terminal nor the PDN file raw. */
static void keep_chat(struct session *x, const char *text)
{
    char plain[4 * sizeof x->said];
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c && n < sizeof plain; c++)
        if (*c >= 0x20 && *c != 0x7f && *c != '{' && *c != '}') plain[n++] = (char)*c;
    pdn_text_escape(x->said, sizeof x->said, plain, n);
}

/* The peer's name as its GAMEREQ or GAMEACC gave it, its control bytes
 * and bytes that are no UTF-8 made visible (\x1b): it is shown on the
 * terminal (stderr, pdnplay's screen) and was shown raw, an escape
 * sequence in it recolouring the terminal. */
static void keep_peer(struct session *x, const char *name)
{
    pdn_text_escape(x->game.peer, sizeof x->game.peer, name, strlen(name));
}

/* A CHAT, which may come at any time (during the handshake, while a
 * take-back's answer is awaited): kept as the reason of a GAMEEND right
 * after it, shown to the person (dxp_player.chat) or on stderr, and the
 * wait goes on for what was awaited. */
static void heard(struct session *x, const char *text)
{
    keep_chat(x, text);
    if (!x->said[0]) return;
    if (x->player->chat)
        x->player->chat(&x->game, x->said, x->player->ctx);
    else
        fprintf(stderr, "%s: dxp: %s says: %s\n", x->s->prog,
                x->game.peer[0] ? x->game.peer : "the peer", x->said);
}

/* The next message within the timeout, a CHAT too: 1, or 0 (x->why says
 * why not). */
static int receive_any(struct session *x, struct pdn_dxp_message *m)
{
    for (;;) {
        char *nul = memchr(x->buf, '\0', x->len);
        if (nul) {
            size_t n = (size_t)(nul - x->buf);
            int rc = pdn_dxp_parse(m, x->buf, n);
            memmove(x->buf, nul + 1, x->len - n - 1);
            x->len -= n + 1;
            if (rc != 0) {
                x->why = "the peer sent a message that does not read";
                return 0;
            }
            /* A chat gives the reason of a GAMEEND right after it, not of one later. */
            if (m->type != PDN_DXP_GAMEEND && m->type != PDN_DXP_CHAT) x->said[0] = '\0';
            return 1;
        }
        if (x->len == sizeof x->buf) {
            x->why = "the peer sent a message too long";
            return 0;
        }
        if (!wait_for_peer(x)) return 0;
        ssize_t got = recv(x->fd, x->buf + x->len, sizeof x->buf - x->len, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            x->why = "the peer closed the connection";
            x->gone = true;
            return 0;
        }
        x->len += (size_t)got;
    }
}

/* The next message but the CHATs, which are shown on the way: 1, or 0. */
static int receive(struct session *x, struct pdn_dxp_message *m)
{
    for (;;) {
        if (receive_any(x, m) != 1) return 0;
        if (m->type != PDN_DXP_CHAT) return 1;
        heard(x, m->text);
    }
}

static void moved(struct session *x, const char *what)
{
    if (x->player->moved) x->player->moved(&x->game, what, x->player->ctx);
}

static void play(struct session *x, const struct pdn_move *m)
{
    struct played_game *g = &x->game.g;
    if (g->nplies == PLIES_MAX) return;
    g->before[g->nplies] = g->board;
    g->moves[g->nplies++] = *m;
    pdn_board_play(&g->board, m);
}

/* Back to move number n with colour c to move. */
static bool take_back(struct session *x, int n, enum pdn_color c)
{
    struct played_game *g = &x->game.g;
    int ply = 2 * (n - 1) + (c != g->start.side);
    if (ply < 0 || ply > g->nplies) return false;
    if (ply < g->nplies) g->board = g->before[ply];
    g->nplies = ply;
    x->took_back = true;
    return true;
}

static enum game_result win_for(enum pdn_color c)
{
    return c == PDN_COLOR_WHITE ? RESULT_WHITE : RESULT_BLACK;
}

/* Sends GAMEEND with code (and stop code 1: no next game), then gives the
 * peer a few seconds for its own GAMEEND, which acknowledges it: a peer
 * that had gone silent is not waited for again. */
static void send_game_end(struct session *x, int code)
{
    struct pdn_dxp_message m = {.type = PDN_DXP_GAMEEND, .code = code, .stop = 1}, ack;
    const char *why = x->why;
    x->ending = true;
    x->wait = DXP_ACK_WAIT;
    /* A move the peer sent before it read our GAMEEND (sent on its turn
     * at --max-plies) may come first: the game is over, it is not played. */
    for (int late = 0; late < 4 && (late > 0 || send_message(x, &m)); late++)
        if (receive(x, &ack) != 1 || ack.type == PDN_DXP_GAMEEND) break;
    x->why = why;
}

static const char *side_name(enum pdn_color c)
{
    return c == PDN_COLOR_WHITE ? "White" : "Black";
}

/* Tells the peer why we end the game, in a CHAT before the GAMEEND, which
 * a GAMEEND alone does not say (a resignation, a draw after the most
 * plies): its game then reads "the peer ended the game (why)". False when
 * the connection has failed (x->why kept). */
static bool tell_why(struct session *x)
{
    struct pdn_dxp_message chat = {.type = PDN_DXP_CHAT};
    const char *why = x->why;
    /* The reason alone: the peer's program names who says it ("pdnplay says:
     * White resigned"), as pdnplay and pdnengine do. Cut to DXP's 127 bytes
     * a message, the C first. */
    snprintf(chat.text, DXP_MESSAGE_BYTES, "%s", why);
    bool sent = send_with(x, &chat, MSG_MORE); /* the GAMEEND follows at once */
    x->why = why;
    return sent;
}

/* Ends the game (reason code), the peer told why first unless the board
 * says it (a side with no move). */
static bool end_game(struct session *x, int code, enum game_result result, const char *why)
{
    x->result = result;
    x->why = why;
    if (pdn_movegen_count(&x->game.g.board, 0) == 0 || tell_why(x)) send_game_end(x, code);
    return false;
}

/* We give up: "White resigned" in both games. */
static bool resign(struct session *x)
{
    snprintf(x->ended_why, sizeof x->ended_why, "%s resigned", side_name(x->game.us));
    return end_game(x, 1, win_for(!x->game.us), x->ended_why);
}

/* The game cut short by the peer (garbage, an illegal move, silence past
 * the wait): the peer hears why in a CHAT, then a GAMEEND of reason 0,
 * which claims no result, as the game is saved unfinished ("*"). */
static void cut_short(struct session *x)
{
    if (tell_why(x)) send_game_end(x, 0);
}

/* The game over on the board: the side to move has no legal move, and
 * loses. False while the game goes on. */
static bool over_on_board(struct session *x)
{
    const struct pdn_board *b = &x->game.g.board;
    if (pdn_movegen_count(b, 0) > 0) return false;
    enum pdn_color loser = (enum pdn_color)b->side;
    snprintf(x->ended_why, sizeof x->ended_why, "%s has no legal move", side_name(loser));
    x->why = x->ended_why;
    x->result = win_for(!loser);
    return true;
}

/* A draw rule reached (threefold repetition, the 25-move rule, ...): the
 * game is over, as the validator would cut it when it is saved, where it
 * went on past the draw and was saved drawn under another result said. */
static bool drawn_by_rule(struct session *x)
{
    enum pdn_draw_rule rule;
    if (game_draw_ply(&x->game.g, &rule) == 0) return false;
    x->why = pdn_draw_rule_name(rule);
    x->result = RESULT_DRAW;
    return true;
}

/* The peer's GAMEEND: the game over on the board (the loser with no move
 * says so, or the winner first) is written as what happened there; a
 * game still going, as the peer's end, with the reason it chatted. Its
 * reason (DXP: 1 I give up, 2 draw, 3 I win, 0 none) is "for information
 * only": a resignation or a draw it may give, but a win the board does
 * not show is its word alone, saved unfinished ("*") for an arbiter. */
static void peer_ended(struct session *x, int code)
{
    enum pdn_color us = x->game.us;
    if (over_on_board(x) || drawn_by_rule(x)) return;
    const char *what =
        code == 3 ? "the peer claimed a win the board does not show" : "the peer ended the game";
    x->why = what;
    if (x->said[0]) {
        snprintf(x->ended_why, sizeof x->ended_why, "%s (%s)", what, x->said);
        x->why = x->ended_why;
    }
    x->result = code == 2 ? RESULT_DRAW : code == 1 ? win_for(us) : RESULT_UNFINISHED;
}

/* "the peer played an illegal move: 32x21 taking 27": what an arbiter
 * needs, as Scan names it (the squares as the message gives them). */
static void illegal_said(struct session *x, const struct pdn_dxp_message *m)
{
    char *why = x->ended_why;
    size_t cap = sizeof x->ended_why;
    int n = snprintf(why, cap, "the peer played an illegal move: %d%c%d", m->from,
                     m->ncaptured ? 'x' : '-', m->to);
    for (int i = 0; i < m->ncaptured && n > 0 && (size_t)n < cap; i++)
        n += snprintf(why + n, cap - (size_t)n, "%s%d", i ? "," : " taking ", m->captured[i]);
    x->why = why;
}

/* The peer's message: a move, a take-back, the end. False when the game is over. */
static bool answer(struct session *x, const struct pdn_dxp_message *m)
{
    struct pdn_dxp_message reply = {0};
    struct pdn_move move;
    enum pdn_color us = x->game.us;
    switch (m->type) {
    case PDN_DXP_MOVE:
        if (x->game.g.board.side == us || !pdn_dxp_move_find(&move, m, &x->game.g.board)) {
            illegal_said(x, m);
            return false;
        }
        play(x, &move);
        moved(x, "the peer");
        return true;
    case PDN_DXP_BACKREQ:
        reply.type = PDN_DXP_BACKACC;
        reply.code = take_back(x, m->move_number, m->color) ? 0 : 2;
        if (reply.code == 0) moved(x, "taken back for the peer");
        return send_message(x, &reply);
    case PDN_DXP_GAMEEND:
        peer_ended(x, m->code);
        reply = (struct pdn_dxp_message){.type = PDN_DXP_GAMEEND, .code = 0, .stop = 1};
        send_message(x, &reply);
        x->ending = true;
        return false;
    default:
        return true; /* what does not concern a game under way */
    }
}

/* Asks the peer to take back our last move and its answer. */
static bool ask_take_back(struct session *x)
{
    int ply = x->game.g.nplies - 2;
    if (ply < 0) {
        moved(x, "nothing to take back");
        return true;
    }
    bool white_then = (ply % 2 == 0) == (x->game.g.start.side == PDN_COLOR_WHITE);
    struct pdn_dxp_message m = {.type = PDN_DXP_BACKREQ,
                                .move_number = ply / 2 + 1,
                                .color = white_then ? PDN_COLOR_WHITE : PDN_COLOR_BLACK};
    struct pdn_dxp_message reply;
    if (!send_message(x, &m)) return false;
    do { /* a GAMEEND, or the peer's own take-back, may come first */
        if (receive(x, &reply) != 1) return false;
    } while (reply.type != PDN_DXP_BACKACC && answer(x, &reply));
    if (reply.type != PDN_DXP_BACKACC) return false;
    if (reply.code == 0 && take_back(x, m.move_number, m.color))
        moved(x, "taken back");
    else
        moved(x,
              reply.code == 1 ? "the peer does not take back" : "the peer refused the take-back");
    return true;
}

/* The peer spoke while we choose our move (DXP_LISTEN, or a message
 * already read): a CHAT is shown, a GAMEEND or a closed connection ends
 * the game at once, where it was seen only after our next move. */
static bool peer_spoke(struct session *x)
{
    struct pdn_dxp_message m;
    if (receive_any(x, &m) != 1) return false;
    if (m.type != PDN_DXP_CHAT) return answer(x, &m);
    heard(x, m.text);
    return true;
}

/* Whether a whole message of the peer's is there, what came read
 * without waiting (true too when the connection closed: receive_any
 * says so). */
static bool peer_pending(struct session *x)
{
    struct pollfd p = {.fd = x->fd, .events = POLLIN};
    while (!memchr(x->buf, '\0', x->len) && x->len < sizeof x->buf && poll(&p, 1, 0) == 1) {
        ssize_t got = recv(x->fd, x->buf + x->len, sizeof x->buf - x->len, 0);
        if (got <= 0) return true;
        x->len += (size_t)got;
    }
    return x->len == sizeof x->buf || memchr(x->buf, '\0', x->len);
}

/* What the peer sent while we chose our move (a GAMEEND may come out of
 * turn, as ours at --max-plies does): CHATs shown; anything else answered
 * before our move, which is not played: true, *going_on false when the
 * game is over. */
static bool spoke_meanwhile(struct session *x, bool *going_on)
{
    struct pdn_dxp_message m;
    while (peer_pending(x)) {
        if (receive_any(x, &m) != 1) {
            *going_on = false;
            return true;
        }
        if (m.type != PDN_DXP_CHAT) {
            *going_on = answer(x, &m);
            return true;
        }
        heard(x, m.text);
    }
    return false;
}

/* A game still going after --max-plies plies: a draw, x->why saying so. */
static bool at_most_plies(struct session *x)
{
    const struct played_game *g = &x->game.g;
    if (g->nplies < x->s->max_plies || pdn_movegen_count(&g->board, 0) == 0) return false;
    snprintf(x->ended_why, sizeof x->ended_why, "a draw after %d %s, the most allowed",
             x->s->max_plies, x->s->max_plies == 1 ? "ply" : "plies");
    x->why = x->ended_why;
    return true;
}

/* Our move played and sent. The game over when it is the last ply
 * --max-plies allows: the peer, which would play the next, is told at
 * once, in the same segment, so that it reads the end before it plays. */
static bool send_move(struct session *x, const struct pdn_move *move)
{
    struct pdn_dxp_message m;
    pdn_dxp_move_message(&m, move, PDN_VARIANT_INTERNATIONAL, 0);
    play(x, move);
    moved(x, "we");
    bool last = x->game.g.nplies >= x->s->max_plies && (drawn_by_rule(x) || at_most_plies(x));
    if (!send_with(x, &m, last ? MSG_MORE : 0)) return false;
    return last ? end_game(x, 2, RESULT_DRAW, x->why) : true;
}

/* Our turn. False when the game is over. */
static bool our_turn(struct session *x)
{
    struct pdn_move move;
    bool going_on;
    if (spoke_meanwhile(x, &going_on)) return going_on;
    if (drawn_by_rule(x) || at_most_plies(x)) return end_game(x, 2, RESULT_DRAW, x->why);
    switch (x->player->choose(&move, &x->game, x->player->ctx)) {
    case DXP_NO_MOVE:
        if (!over_on_board(x)) x->why = "no move left"; /* the player's word against the board's */
        return end_game(x, 1, win_for(!x->game.us), x->why);
    case DXP_RESIGN:
        return resign(x);
    case DXP_TAKE_BACK:
        return ask_take_back(x);
    case DXP_LISTEN:
        return peer_spoke(x);
    case DXP_PLAY:
        break;
    }
    if (spoke_meanwhile(x, &going_on)) return going_on;
    return send_move(x, &move);
}

static void run_game(struct session *x)
{
    for (;;) {
        if (x->game.g.board.side == x->game.us) {
            if (our_turn(x)) continue;
        } else {
            struct pdn_dxp_message m;
            if (receive(x, &m) == 1 && answer(x, &m)) continue;
        }
        /* The person resigned while the peer had the move (or our
         * take-back request waited): the peer is told, as on our turn. */
        if (x->resigned && !x->ending) resign(x);
        if (!x->ending && !x->gone) cut_short(x);
        return;
    }
}
/* Whether text is a port: digits only, 1 to 65535. */
static bool port_ok(const char *text)
{
    size_t n = strspn(text, "0123456789");
    long port = n > 0 && n <= 5 && text[n] == '\0' ? atol(text) : 0;
    return port >= 1 && port <= 65535;
}

const char *dxp_address_problem(const struct dxp_settings *s)
{
    if (s->listen && !port_ok(s->listen)) return "--listen wants a port, a number from 1 to 65535";
    const char *colon = s->connect ? strrchr(s->connect, ':') : NULL;
    if (s->connect && (!colon || colon == s->connect || !port_ok(colon + 1)))
        return "--connect wants HOST:PORT, the port a number from 1 to 65535";
    return NULL;
}

/* A connection to HOST:PORT, or -1 with why in *why (errno's else). */
static int connect_to(const char *target, const char **why)
{
    char host[256];
    const char *colon = strrchr(target, ':');
    size_t n = colon ? (size_t)(colon - target) : 0;
    if (!colon || n == 0 || n >= sizeof host) return -1;
    memcpy(host, target, n);
    host[n] = '\0';
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *res, *ai;
    int rc = getaddrinfo(host, colon + 1, &hints, &res);
    if (rc != 0) { /* "Name or service not known", not errno's leftover */
        *why = gai_strerror(rc);
        return -1;
    }
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

/* Accepts one connection on port, waiting at most the timeout; -1 with
 * *timed_out when none came in time. */
static int accept_on(const char *port, double timeout, bool *timed_out)
{
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *res;
    if (getaddrinfo(NULL, port, &hints, &res) != 0) return -1;
    int server = socket(res->ai_family, res->ai_socktype, res->ai_protocol), one = 1, fd = -1;
    if (server >= 0) {
        setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        struct pollfd p = {.fd = server, .events = POLLIN};
        int ready = bind(server, res->ai_addr, res->ai_addrlen) == 0 && listen(server, 1) == 0
                        ? poll(&p, 1, (int)(timeout * 1000))
                        : -1;
        *timed_out = ready == 0;
        if (ready == 1) fd = accept(server, NULL, NULL);
        close(server);
    }
    freeaddrinfo(res);
    return fd;
}

/* The acceptance code of a game request (DamExchange's GAMEACC): 0 to
 * play, 1 for another protocol version, 2 for a position no game may
 * start from (a man on its crowning row, no move: the game written would
 * fail pdncheck), with why in x->why. */
static int request_refused(struct session *x, const struct pdn_dxp_message *m)
{
    char *why = x->ended_why;
    if (m->version != 1) {
        snprintf(why, sizeof x->ended_why,
                 "the game request is of DXP version %d; this program speaks 1", m->version);
        x->why = why;
        return 1;
    }
    char detail[128];
    if (m->has_position && !played_position_ok(&m->position, detail, sizeof detail)) {
        snprintf(why, sizeof x->ended_why, "no game from the position of the game request: %s",
                 detail);
        x->why = why;
        return 2;
    }
    return 0;
}

/* Why a game request that does not read is refused: DamExchange's fields,
 * in one CHAT (DXP_MESSAGE_BYTES). */
#define UNREAD_REQUEST                                                                             \
    "the game request does not read: R01, a name of 32, W or Z, minutes and moves of 3 digits, A " \
    "or B and a position"

/* The game request refused (GAMEACC code), the peer told why first, as
 * the man page says. */
static void refuse(struct session *x, int code, const char *why)
{
    x->why = why;
    tell_why(x);
    struct pdn_dxp_message reply = {.type = PDN_DXP_GAMEACC, .code = code};
    snprintf(reply.name, sizeof reply.name, "%s", x->s->name);
    send_message(x, &reply);
}

/* GAMEREQ / GAMEACC: false (and why) when no game is agreed. */
static bool handshake(struct session *x, bool initiator)
{
    struct pdn_dxp_message m = {0}, reply;
    if (initiator) {
        m = (struct pdn_dxp_message){.type = PDN_DXP_GAMEREQ,
                                     .version = 1,
                                     .color = !x->game.us,
                                     .minutes = 10,
                                     .moves = 75};
        snprintf(m.name, sizeof m.name, "%s", x->s->name);
        x->wait = dxp_move_wait(x->s->timeout, m.minutes);
        if (!send_message(x, &m) || receive(x, &reply) != 1) return false;
        if (reply.type != PDN_DXP_GAMEACC || reply.code != 0) {
            x->why = "the peer refused the game";
            return false;
        }
        keep_peer(x, reply.name);
        return true;
    }
    if (receive(x, &m) != 1) {
        /* A request that does not read (pdn_dxp_parse keeps its type):
         * the peer is told why and refused, as for a request refused. */
        if (m.type == PDN_DXP_GAMEREQ && !x->gone) refuse(x, 2, UNREAD_REQUEST);
        return false;
    }
    if (m.type != PDN_DXP_GAMEREQ) {
        x->why = "the peer's first message is no game request";
        return false;
    }
    x->game.us = m.color;
    x->wait = dxp_move_wait(x->s->timeout, m.minutes);
    keep_peer(x, m.name);
    int code = request_refused(x, &m);
    if (code != 0) {
        refuse(x, code, x->why);
        return false;
    }
    if (m.has_position) x->game.g.start = x->game.g.board = m.position;
    reply = (struct pdn_dxp_message){.type = PDN_DXP_GAMEACC, .code = 0};
    snprintf(reply.name, sizeof reply.name, "%s", x->s->name);
    return send_message(x, &reply);
}

/* The game so far as PDN, through the validator (played.c). */
static void save(struct session *x)
{
    if (!x->s->output) return;
    const char *peer = x->game.peer[0] ? x->game.peer : "?";
    bool white = x->game.us == PDN_COLOR_WHITE;
    char date[16];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    struct game_record r = {.prog = x->s->prog,
                            .white = white ? x->s->name : peer,
                            .black = white ? peer : x->s->name,
                            .event = "DXP",
                            .date = date,
                            .round = 1,
                            .result = x->result,
                            .comment = x->why};
    FILE *out = fopen(x->s->output, "w");
    if (!out || game_write(out, &x->game.g, &r) != 0 || fclose(out) != 0)
        fprintf(stderr, "%s: %s: cannot write the game\n", x->s->prog, x->s->output);
}

int dxp_play(const struct dxp_settings *s, const struct dxp_player *player)
{
    struct session *x = calloc(1, sizeof *x);
    if (!x) return 3;
    x->s = s;
    x->player = player;
    x->game.us = s->black ? PDN_COLOR_BLACK : PDN_COLOR_WHITE;
    x->result = RESULT_UNFINISHED;
    pdn_board_init(&x->game.g.board, PDN_VARIANT_INTERNATIONAL);
    x->game.g.start = x->game.g.board;
    bool initiator = s->connect != NULL;
    x->wait = dxp_move_wait(s->timeout, 0);
    const char *why = NULL;
    bool timed_out = false;
    errno = 0;
    x->fd = initiator ? connect_to(s->connect, &why) : accept_on(s->listen, x->wait, &timed_out);
    x->game.peer_fd = x->fd;
    int status = 0;
    if (x->fd < 0) {
        if (timed_out)
            fprintf(stderr, "%s: dxp: no peer connected on port %s within %.0f s\n", s->prog,
                    s->listen, x->wait);
        else
            fprintf(stderr, "%s: dxp: cannot %s %s: %s\n", s->prog,
                    initiator ? "connect to" : "listen on", initiator ? s->connect : s->listen,
                    why     ? why
                    : errno ? strerror(errno)
                            : "no connection");
        free(x);
        return 3;
    }
    if (handshake(x, initiator)) run_game(x);
    save(x);
    fprintf(stderr, "%s: dxp: %s (%d %s%s), %s\n", s->prog, x->why ? x->why : "game over",
            x->game.g.nplies, x->game.g.nplies == 1 ? "ply" : "plies",
            x->took_back ? ", a take-back" : "",
            played_result_text(x->result, (enum pdn_variant)x->game.g.start.variant));
    if (x->result == RESULT_UNFINISHED) status = 1;
    close(x->fd);
    free(x);
    return status;
}
