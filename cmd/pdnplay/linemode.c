/*
 * pdnplay in line mode, when standard input or output is not a terminal
 * (scripts, tests, a pipe): the board is drawn as pdnreplay --text draws
 * it (pdn_diagram_text) after every move, and each line read is a move
 * (whole, "32-28", "28x10", or square by square, "28 19 10", "c3 d4") or a
 * command: h a hint (the engine's move, score and expected line), u take
 * back (your move and the computer's), n a new game, w FILE save as PDN,
 * q quit. n and q ask first when the game is not saved, as the full screen
 * does, the answer read as a line; the end of the input, which can answer
 * nothing, leaves with the game written on standard output as PDN rather
 * than lost. The game itself is game.c's.
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
    "  n          a new game (asking first when the game is not saved)\n"
    "  w FILE     save the game as PDN (players, level, date, result)\n"
    "  q          quit (asking first when the game is not saved; at the end of\n"
    "             the input a game not saved is written here as PDN)\n";

struct lines {
    struct play *p;
    bool drawn;
    bool unsaved; /* moves played since the last w */
    struct pdn_movelist legal;
    char line[1024], answer[256];
};

static void draw(const struct play *p)
{
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.unicode = p->unicode;
    o.last = p->g.nplies > 0 ? &p->g.moves[p->g.nplies - 1] : NULL;
    pdn_diagram_text(stdout, &p->g.board, &o);
}

static void play_move(struct lines *l, const struct pdn_move *m, const char *who)
{
    struct play *p = l->p;
    char t[PDN_MOVE_TEXT_MAX], number[16];
    play_move_text(t, &p->g.board, m);
    play_ply_number(number, p, p->g.nplies);
    if (!play_record(p, m)) return;
    l->unsaved = true;
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

static void save(struct lines *l, const char *path)
{
    if (play_save(l->p, path) != 0) {
        fprintf(stderr, "pdnplay: %s: cannot write the game: %s\n", path,
                errno == EINVAL ? "the validator refused it" : strerror(errno));
        return;
    }
    l->unsaved = false;
    printf("saved to %s\n", path);
}

enum answer { ANSWER_NO, ANSWER_YES, ANSWER_END };

/* Leaving or starting again drops the moves: asked first when they are not
 * saved, the answer a line (y or yes: drop them). ANSWER_END: the input
 * ended before an answer. */
static enum answer may_drop(struct lines *l, const char *question)
{
    if (!l->unsaved || l->p->g.nplies == 0) return ANSWER_YES;
    printf("The game is not saved (w FILE saves it). %s (y/n) ", question);
    fflush(stdout);
    if (!fgets(l->answer, sizeof l->answer, stdin)) return ANSWER_END;
    l->answer[strcspn(l->answer, "\r\n")] = '\0';
    const char *a = l->answer + strspn(l->answer, " ");
    if (strcmp(a, "y") == 0 || strcmp(a, "Y") == 0 || strcmp(a, "yes") == 0) return ANSWER_YES;
    printf("the game goes on\n");
    return ANSWER_NO;
}

/* The end of the input with the game not saved: nobody can answer, and
 * quitting without a word would lose it, so it is written on standard
 * output as PDN (where line mode's output goes: a file or the terminal),
 * after a line saying why. */
static void keep_unsaved(struct lines *l)
{
    if (!l->unsaved || l->p->g.nplies == 0) return;
    printf("\nthe end of the input, the game not saved: here it is as PDN\n\n");
    fflush(stdout);
    if (play_write(l->p, stdout) != 0)
        fprintf(stderr, "pdnplay: cannot write the game: the validator refused it\n");
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
     * starts none; a quiet move while a capture is due is told so, in
     * pdncheck's words ("a capture is compulsory: 28x19") */
    char paths[400];
    struct typing none = {0};
    typing_fitting_paths(&none, &p->g.board, paths, sizeof paths);
    if (m.result == PDN_MATCH_ILLEGAL && m.reason == PDN_ILLEGAL_CAPTURE_COMPULSORY)
        printf("%s: a capture is compulsory: %s (h for a hint)\n", text, paths);
    else
        printf("%s: not a legal move; legal: %s (h for a hint)\n", text, paths);
    return false;
}

/* One line: a command or a move. False to quit. */
static bool command(struct lines *l, char *text, bool over)
{
    struct play *p = l->p;
    struct pdn_move m;
    if (strcmp(text, "q") == 0) {
        enum answer a = may_drop(l, "Quit?");
        if (a == ANSWER_YES) l->unsaved = false; /* dropped, as asked */
        return a == ANSWER_NO;
    }
    if (strcmp(text, "h") == 0 && !over) {
        hint(p);
    } else if (strcmp(text, "u") == 0) {
        printf("%s\n", play_take_back(p) ? "taken back" : "nothing to take back");
        draw(p);
    } else if (strcmp(text, "n") == 0) {
        enum answer a = may_drop(l, "A new game?");
        if (a == ANSWER_END) return false;
        if (a == ANSWER_NO) return true;
        play_new_game(p);
        l->unsaved = false;
        printf("a new game\n"); /* the board on a line of its own, not the prompt's */
        draw(p);
    } else if (text[0] == 'w' && (text[1] == ' ' || text[1] == '\0')) {
        const char *path = text + 1 + strspn(text + 1, " ");
        if (*path)
            save(l, path);
        else /* it read as a move, "not a legal move" */
            printf("w needs the file to save to: w games.pdn\n");
    } else if (strcmp(text, "?") == 0) {
        fputs(commands, stdout);
    } else if (text[0] && over) {
        printf("the game is over: u, n, w FILE or q\n");
    } else if (text[0] && typed_move(l, text, &m)) {
        play_move(l, &m, p->two ? play_side_name((enum pdn_color)p->g.board.side) : "you");
        draw(p);
    }
    return true;
}

void play_lines(struct play *p)
{
    static struct lines l;
    l.p = p;
    l.unsaved = false;
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
            play_move(&l, &r.move, "computer");
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
    keep_unsaved(&l);
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
