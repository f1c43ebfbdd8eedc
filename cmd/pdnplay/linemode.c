/*
 * pdnplay in line mode, when standard input or output is not a terminal
 * (scripts, tests, a pipe): the board is drawn as pdnreplay --text draws
 * it (pdn_diagram_text) after every move, and each line read is a move
 * (whole, "32-28", "28x10", or square by square, "28 19 10", "c3 d4") or a
 * command: h a hint (the engine's move, score and expected line), u take
 * back (your move and the computer's), n a new game, w FILE save as PDN,
 * q quit. The game itself is game.c's.
 */
#include "pdnplay.h"
#include "../screen/screen.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

static const char commands[] =
    "type a move (32-28, 28x10, or square by square: 28 19 10; c3-d4 where the\n"
    "variant writes letters) or a command:\n"
    "  h          a hint: the engine's move, its score and the line it expects\n"
    "  u          take back your last move and the computer's answer\n"
    "  n          a new game\n"
    "  w FILE     save the game as PDN (players, level, date, result)\n"
    "  q          quit (also the end of the input)\n";

struct lines {
    struct play *p;
    bool drawn;
    struct pdn_movelist legal;
    char line[1024];
};

static void draw(const struct play *p)
{
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.unicode = p->unicode;
    o.last = p->g.nplies > 0 ? &p->g.moves[p->g.nplies - 1] : NULL;
    pdn_diagram_text(stdout, &p->g.board, &o);
}

static void play_move(struct play *p, const struct pdn_move *m, const char *who)
{
    char t[PDN_MOVE_TEXT_MAX], number[16];
    play_move_text(t, &p->g.board, m);
    play_ply_number(number, p, p->g.nplies);
    if (play_record(p, m))
        printf("%s %s %s %s\n", who, strcmp(who, "you") == 0 ? "play" : "plays", number, t);
}

static void hint(struct play *p)
{
    struct pdn_engine_result r;
    play_hint(&r, p, NULL);
    if (!r.has_move) return;
    char text[1024];
    play_hint_text(text, sizeof text, p, &r);
    printf("hint: %s\n", text);
}

static void save(struct play *p, const char *path)
{
    if (play_save(p, path) != 0)
        fprintf(stderr, "pdnplay: %s: cannot write the game: %s\n", path,
                errno == EINVAL ? "the validator refused it" : strerror(errno));
    else
        printf("saved to %s\n", path);
}

/* "28 19 10", "c3 d4": squares one by one, made one move text. */
static void join_squares(char *text, bool capture)
{
    if (strspn(text, "0123456789abcdefghij ") != strlen(text)) return;
    char *w = text;
    for (char *r = text; *r; r++) {
        if (*r != ' ')
            *w++ = *r;
        else if (w > text && w[-1] != (capture ? 'x' : '-'))
            *w++ = capture ? 'x' : '-';
    }
    while (w > text && (w[-1] == 'x' || w[-1] == '-'))
        w--;
    *w = '\0';
}

/* The move a line names; false (said) when it names none. */
static bool typed_move(struct lines *l, char *text, struct pdn_move *out)
{
    struct play *p = l->p;
    join_squares(text, pdn_movegen_has_capture(&p->g.board));
    struct pdn_match m;
    pdn_move_match(&m, text, &p->g.board, &l->legal, false);
    if (m.result == PDN_MATCH_OK) {
        *out = l->legal.moves[m.move];
        return true;
    }
    if (m.result == PDN_MATCH_AMBIGUOUS) {
        printf("%s: ambiguous: give more squares\n", text);
        return false;
    }
    /* the moves there are, as the full screen names them when a square
     * starts none: "33-29" while a capture is due says which one */
    char paths[400];
    struct typing none = {0};
    typing_fitting_paths(&none, &p->g.board, paths, sizeof paths);
    printf("%s: not a legal move; legal: %s (h for a hint)\n", text, paths);
    return false;
}

/* One line: a command or a move. False to quit. */
static bool command(struct lines *l, char *text, bool over)
{
    struct play *p = l->p;
    struct pdn_move m;
    if (strcmp(text, "q") == 0) return false;
    if (strcmp(text, "h") == 0 && !over) {
        hint(p);
    } else if (strcmp(text, "u") == 0) {
        printf("%s\n", play_take_back(p) ? "taken back" : "nothing to take back");
        draw(p);
    } else if (strcmp(text, "n") == 0) {
        play_new_game(p);
        draw(p);
    } else if (text[0] == 'w' && (text[1] == ' ' || text[1] == '\0')) {
        const char *path = text + 1 + strspn(text + 1, " ");
        if (*path)
            save(p, path);
        else /* it read as a move, "not a legal move" */
            printf("w needs the file to save to: w games.pdn\n");
    } else if (strcmp(text, "?") == 0) {
        fputs(commands, stdout);
    } else if (text[0] && over) {
        printf("the game is over: u, n, w FILE or q\n");
    } else if (text[0] && typed_move(l, text, &m)) {
        play_move(p, &m, p->two ? play_side_name((enum pdn_color)p->g.board.side) : "you");
        draw(p);
    }
    return true;
}

void play_lines(struct play *p)
{
    static struct lines l;
    l.p = p;
    draw(p);
    for (;;) {
        char why[128];
        pdn_movegen(&l.legal, &p->g.board, 0);
        /* No move left, and the draw rules too: the game had gone on past
         * a threefold repetition, the computer playing on. */
        bool over = play_over(p, why, sizeof why);
        if (!over && play_computer_to_move(p)) {
            struct pdn_engine_result r;
            play_think(&r, p, NULL);
            play_move(p, &r.move, "computer");
            draw(p);
            continue;
        }
        enum pdn_color side = (enum pdn_color)p->g.board.side;
        if (over) printf("%s\n", why);
        printf("%s> ", over ? "game over" : play_side_name(side));
        fflush(stdout);
        if (!fgets(l.line, sizeof l.line, stdin)) break;
        l.line[strcspn(l.line, "\r\n")] = '\0';
        if (!command(&l, l.line, over)) break;
    }
}

/* ---- a friend over DXP (../dxp_game.c) ---- */

static void net_moved(const struct dxp_game *game, const char *what, void *ctx)
{
    struct lines *l = ctx;
    struct play *p = l->p;
    p->g = game->g;
    p->peer = game->peer;
    if (strcmp(what, "we") != 0 && strcmp(what, "the peer") != 0) { /* a take-back said */
        printf("%s\n", what);
    } else if (p->g.nplies > 0) {
        char t[PDN_MOVE_TEXT_MAX], number[16];
        play_move_text(t, &p->g.before[p->g.nplies - 1], &p->g.moves[p->g.nplies - 1]);
        play_ply_number(number, p, p->g.nplies - 1);
        printf("%s %s %s %s\n", strcmp(what, "we") == 0 ? "you" : game->peer,
               strcmp(what, "we") == 0 ? "play" : "plays", number, t);
    }
    draw(p);
    l->drawn = true;
}

/* Whether the friend's program speaks (a chat, the game's end, the
 * connection closed) before a line is typed: it is heard at once, not
 * after our move. stdin is unbuffered (play_lines_friend), so what poll
 * sees is all there is. */
static bool friend_first(const struct dxp_game *game)
{
    struct pollfd p[2] = {{.fd = STDIN_FILENO, .events = POLLIN},
                          {.fd = game->peer_fd, .events = POLLIN}};
    while (poll(p, 2, -1) < 0 && errno == EINTR)
        ;
    return p[1].revents && !p[0].revents;
}

/* Our move, typed: a move, u (take back), h, w FILE, q (resign). */
static enum dxp_choice net_choose(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    struct lines *l = ctx;
    struct play *p = l->p;
    p->g = game->g;
    p->peer = game->peer;
    p->human = game->us;
    if (!l->drawn) draw(p);
    l->drawn = true;
    if (pdn_movegen(&l->legal, &p->g.board, 0) == 0) return DXP_NO_MOVE;
    for (;;) {
        printf("%s> ", play_side_name((enum pdn_color)p->g.board.side));
        fflush(stdout);
        if (friend_first(game)) {
            printf("\n");
            return DXP_LISTEN;
        }
        if (!fgets(l->line, sizeof l->line, stdin)) return DXP_RESIGN;
        char *text = l->line;
        text[strcspn(text, "\r\n")] = '\0';
        if (strcmp(text, "q") == 0) return DXP_RESIGN;
        if (strcmp(text, "u") == 0) return DXP_TAKE_BACK;
        if (strcmp(text, "h") == 0 || strcmp(text, "?") == 0 || strncmp(text, "w ", 2) == 0 ||
            !text[0]) {
            command(l, text, false);
            continue;
        }
        if (typed_move(l, text, out)) return DXP_PLAY;
    }
}

/* The friend's CHAT, on a line of its own. */
static void net_chat(const struct dxp_game *game, const char *text, void *ctx)
{
    (void)ctx;
    printf("%s says: %s\n", game->peer[0] ? game->peer : "your friend", text);
}

int play_lines_friend(struct play *p, struct dxp_settings *s)
{
    static struct lines l;
    l.p = p;
    setvbuf(stdin, NULL, _IONBF, 0); /* friend_first polls the descriptor */
    struct dxp_player player = {
        .choose = net_choose, .moved = net_moved, .chat = net_chat, .ctx = &l};
    return dxp_play(s, &player);
}
