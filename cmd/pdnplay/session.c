/*
 * pdnplay on the full screen: the turns and the keys. Your move is typed
 * as in pdnreplay's explore mode (../screen/typing.c: whole, or square by
 * square, each square checked against the legal moves); the computer
 * answers at once, thinking with a spinner and its depth on the message
 * line, the keys read meanwhile (q asks, as at any time, and leaves). h a hint, u a
 * take-back, n a new game, w the game saved as PDN, f the board flipped,
 * ? the keys. A friend over DXP plays through ../dxp_game.c, whose
 * callbacks this file answers with the same keys.
 */
#include "view.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- leaving ---- */

static void redraw(void *ctx, const char *prompt)
{
    play_view_draw(ctx, prompt);
}

/* Leaving or starting again drops the moves: asked first when not saved. */
static bool may_drop(struct play_view *v, const char *question)
{
    return !v->dirty || v->p->g.nplies == 0 || screen_ask(redraw, v, question);
}

/* q, whenever it comes (the computer thinking too: it left at once, the
 * game not saved lost to one key): true to leave. Over DXP q resigns,
 * always asked. */
static bool may_quit(struct play_view *v)
{
    if (v->p->peer) return screen_ask(redraw, v, "Resign this game? (y/n)");
    return may_drop(v, "The game is not saved (w saves it). Quit? (y/n)");
}

/* ---- the engine thinking, the screen alive ---- */

/* Milliseconds between two redraws while the engine thinks. */
#define THINK_REDRAW_MS 100

struct watch {
    struct play_view *v;
    const char *who; /* "The computer thinks" */
    struct timespec last;
    int spin, depth;
    uint64_t nodes;
    bool stop; /* q, answered yes: the search stops, the tool leaves */
};

static long ms_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - t->tv_sec) * 1000 + (now.tv_nsec - t->tv_nsec) / 1000000;
}

static void show_thinking(struct watch *w)
{
    static const char spinner[] = "|/-\\";
    if (w->depth)
        snprintf(w->v->thinking, sizeof w->v->thinking, "%s %c  depth %d, %llu positions (q quits)",
                 w->who, spinner[w->spin % 4], w->depth, (unsigned long long)w->nodes);
    else
        snprintf(w->v->thinking, sizeof w->v->thinking, "%s %c", w->who, spinner[w->spin % 4]);
    play_view_draw(w->v, NULL);
    clock_gettime(CLOCK_MONOTONIC, &w->last);
}

static bool should_stop(void *ctx)
{
    struct watch *w = ctx;
    if (screen_stopped()) w->stop = true;
    if (w->stop || ms_since(&w->last) < THINK_REDRAW_MS) return w->stop;
    w->spin++;
    int k = screen_getkey(0);
    if (k == 'q' || k == 3) w->stop = may_quit(w->v); /* the search waits for the answer */
    show_thinking(w);
    return w->stop;
}

static void on_depth(const struct pdn_engine_result *r, void *ctx)
{
    struct watch *w = ctx;
    w->depth = r->depth;
    w->nodes = r->nodes;
}

/* The engine's move (or hint, 'hint'); false when q stopped it. */
static bool think(struct play_view *v, struct pdn_engine_result *out, bool hint)
{
    struct watch w = {.v = v, .who = hint ? "Hint: the engine thinks" : "The computer thinks"};
    struct play_watch pw = {.should_stop = should_stop, .on_depth = on_depth, .ctx = &w};
    show_thinking(&w);
    if (hint)
        play_hint(out, v->p, &pw);
    else
        play_think(out, v->p, &pw);
    v->thinking[0] = '\0';
    if (w.stop) v->quit = true;
    return !w.stop;
}

/* ---- moves ---- */

/* Says the move played and, when the game ends with it, why. */
static void moved(struct play_view *v, const char *who, const char *verb)
{
    struct play *p = v->p;
    int i = p->g.nplies - 1;
    char move[PDN_MOVE_TEXT_MAX], why[128];
    play_move_text(move, &p->g.before[i], &p->g.moves[i]);
    char number[16];
    play_ply_number(number, p, i);
    v->hint[0] = '\0';
    v->dirty = true;
    /* "you play 1. 32-28, the computer plays 1... 18-23": the answer beside the move */
    char before[sizeof v->say.text] = "";
    if (strcmp(who, "the computer") == 0 && strncmp(v->say.text, "you play ", 9) == 0)
        snprintf(before, sizeof before, "%.200s, ", v->say.text);
    int n =
        snprintf(v->say.text, sizeof v->say.text, "%s%s %s %s %s", before, who, verb, number, move);
    if (play_over(p, why, sizeof why))
        snprintf(v->say.text + n, sizeof v->say.text - (size_t)n,
                 ". Game over: %s (n new game, w saves)", why);
    v->say.error = false;
}

static void human_plays(struct play_view *v, const struct pdn_move *m)
{
    struct play *p = v->p;
    char why[128];
    if (play_over(p, why, sizeof why)) {
        screen_say(&v->say, true, "the game is over: %s (n new game, u takes back)", why);
        return;
    }
    if (!play_record(p, m)) return;
    moved(v, p->two ? play_side_name((enum pdn_color)p->g.before[p->g.nplies - 1].side) : "you",
          p->two ? "plays" : "play");
}

static void computer_plays(struct play_view *v)
{
    struct pdn_engine_result r;
    if (!think(v, &r, false) || !r.has_move || !play_record(v->p, &r.move)) return;
    moved(v, "the computer", "plays");
}

static void hint(struct play_view *v)
{
    struct pdn_engine_result r;
    if (pdn_movegen_count(&v->p->g.board, 0) == 0) {
        screen_say(&v->say, false, "no move to hint at: the side to move has none");
        return;
    }
    if (!think(v, &r, true) || !r.has_move) return;
    play_hint_text(v->hint, sizeof v->hint, v->p, &r);
    screen_say(&v->say, false, "the hint is the engine's move, its score and the line it expects");
}

/* ---- keys ---- */

/* w: the game so far as PDN, to a file named on the message line. */
static void save(struct play_view *v)
{
    char name[1024] = "pdnplay.pdn";
    if (!screen_prompt(redraw, v, "Save the game to: ", name, sizeof name) || !name[0]) return;
    if (access(name, F_OK) == 0 && !screen_ask(redraw, v, "It exists. Replace it? (y/n)")) {
        screen_say(&v->say, false, "not saved");
        return;
    }
    if (play_save(v->p, name) != 0) {
        screen_say(&v->say, true, "%s: cannot save the game: %s", name,
                   errno == EINVAL ? "the validator refused it" : strerror(errno));
        return;
    }
    v->dirty = false;
    screen_say(&v->say, false, "saved to %s (%d %s)", name, v->p->g.nplies,
               v->p->g.nplies == 1 ? "ply" : "plies");
}

/* The keys every game has, with the computer or a friend: true when taken. */
static bool shared_key(struct play_view *v, int k)
{
    switch (k) {
    case 'h':
        hint(v);
        return true;
    case 'w':
        save(v);
        return true;
    case 'f':
        v->p->flip = !v->p->flip;
        return true;
    case '?':
        if (play_view_help(v) == 'q') v->quit = may_quit(v);
        return true;
    case KEY_RESIZE:
    case ERR:
    case '\n': /* Enter after a move that was whole at its last square */
    case '\r':
    case KEY_ENTER:
        return true;
    default:
        return false;
    }
}

static void key(struct play_view *v, int k)
{
    struct pdn_move m;
    switch (typing_key(&v->typing, &v->p->g.board, k, &m, &v->say)) {
    case TYPING_MOVE:
        human_plays(v, &m);
        return;
    case TYPING_HINT:
        hint(v);
        return;
    case TYPING_TAKEN:
        return;
    case TYPING_NOT_MINE:
        break;
    }
    if (shared_key(v, k)) return;
    if (k == 'u') {
        bool back = play_take_back(v->p);
        v->hint[0] = '\0';
        v->dirty = v->dirty && v->p->g.nplies > 0;
        screen_say(&v->say, false, "%s", back ? "taken back" : "nothing to take back");
    } else if (k == 'n') {
        if (!may_drop(v, "The game is not saved (w saves it). A new game? (y/n)")) return;
        play_new_game(v->p);
        v->hint[0] = '\0';
        v->dirty = false;
        screen_say(&v->say, false, "a new game");
    } else if (k == 'q' || k == 3) {
        v->quit = may_quit(v);
    } else {
        screen_say(&v->say, false, "? lists the keys; digits type your move");
    }
}

static struct play_view *view_begin(struct play *p)
{
    static struct play_view v;
    v = (struct play_view){.p = p, .scr = {.unicode = p->unicode}};
    p->flip = !p->two && p->human == PDN_COLOR_BLACK; /* your men at the bottom */
    if (screen_begin(&v.scr, true)) return &v;
    screen_end(&v.scr);
    fprintf(stderr, "pdnplay: cannot use the terminal (TERM=%s)\n", getenv("TERM"));
    return NULL;
}

int play_screen(struct play *p)
{
    struct play_view *v = view_begin(p);
    if (v == NULL) return -1;
    char why[128];
    screen_say(&v->say, false, "? lists the keys; type your move: 32-28, or square by square");
    while (!v->quit && !screen_stopped()) {
        if (play_computer_to_move(p) && !play_over(p, why, sizeof why)) {
            computer_plays(v);
            continue;
        }
        play_view_draw(v, NULL);
        key(v, screen_getkey(-1));
    }
    screen_end(&v->scr);
    return 0;
}

/* ---- a friend over DXP ---- */

static void net_sync(struct play_view *v, const struct dxp_game *game)
{
    v->p->g = game->g;
    if (v->p->human != game->us) v->p->flip = game->us == PDN_COLOR_BLACK; /* as the request says */
    v->p->human = game->us;
    snprintf(v->peer, sizeof v->peer, "%s", game->peer);
    v->p->peer = v->peer;
}

static void net_moved(const struct dxp_game *game, const char *what, void *ctx)
{
    struct play_view *v = ctx;
    net_sync(v, game);
    if (strcmp(what, "we") != 0 && strcmp(what, "the peer") != 0) /* a take-back said */
        screen_say(&v->say, false, "%s", what);
    else if (game->g.nplies > 0)
        moved(v,
              strcmp(what, "we") == 0 ? "you"
              : v->peer[0]            ? v->peer
                                      : "your friend",
              strcmp(what, "we") == 0 ? "play" : "plays");
    play_view_draw(v, NULL);
}

/* A key, or ERR when the friend's program spoke first (a chat, the
 * game's end, the connection closed): heard at once, not after our move. */
static int key_or_friend(const struct dxp_game *game)
{
    for (;;) {
        int k = screen_getkey(250);
        if (k != ERR || screen_stopped()) return k;
        struct pollfd p = {.fd = game->peer_fd, .events = POLLIN};
        if (poll(&p, 1, 0) == 1) return ERR;
    }
}

/* Our move, from the keys: a move, u (ask to take back), q (resign). */
static enum dxp_choice net_choose(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    struct play_view *v = ctx;
    net_sync(v, game);
    if (pdn_movegen_count(&v->p->g.board, 0) == 0) return DXP_NO_MOVE;
    if (!v->told_agreed && game->g.nplies == 0) /* "waiting for your friend on port N" is over */
        screen_say(&v->say, false, "%s plays %s: your move", v->peer[0] ? v->peer : "your friend",
                   game->us == PDN_COLOR_WHITE ? "Black" : "White");
    v->told_agreed = true;
    for (;;) {
        play_view_draw(v, NULL);
        int k = key_or_friend(game);
        if (screen_stopped()) return DXP_RESIGN;
        if (k == ERR) return DXP_LISTEN;
        switch (typing_key(&v->typing, &v->p->g.board, k, out, &v->say)) {
        case TYPING_MOVE:
            return DXP_PLAY;
        case TYPING_HINT:
            hint(v);
            continue;
        case TYPING_TAKEN:
            continue;
        case TYPING_NOT_MINE:
            break;
        }
        if (shared_key(v, k)) continue;
        if (k == 'u') return DXP_TAKE_BACK;
        if ((k == 'q' || k == 3) && may_quit(v)) return DXP_RESIGN;
        if (v->quit) return DXP_RESIGN;
        if (k == 'n')
            screen_say(&v->say, false, "over DXP, no new game: q resigns this one");
        else if (k != 'q' && k != 3)
            screen_say(&v->say, false, "? lists the keys; digits type your move");
    }
}

/* While the friend thinks: as the wait begins, then a key, or a signal
 * that woke the wait or came just before it (a resize): the view drawn
 * again; q resigns, after asking; nothing new, nothing drawn. False when
 * the person resigns. Before the first move, the message said what the
 * wait for the connection said ("waiting for your friend on port N")
 * until the friend moved; it says who thinks only when the friend has the
 * move (the wait for the game request is ours too). */
static bool net_wait(const struct dxp_game *game, bool begins, void *ctx)
{
    struct play_view *v = ctx;
    int k = screen_getkey(0);
    if (screen_stopped()) return false;
    if (k == ERR && !begins) return true;
    net_sync(v, game);
    if ((k == 'q' || k == 3) && may_quit(v)) return false;
    if (k == 'h' || (k != 'q' && k != 3 && !shared_key(v, k)) ||
        (k == ERR && game->g.nplies == 0 && game->g.board.side != game->us))
        screen_say(&v->say, false, "%s is thinking: q resigns",
                   v->peer[0] ? v->peer : "your friend");
    if (v->quit) return false;
    play_view_draw(v, NULL);
    return true;
}

/* The friend's CHAT, on the message line. */
static void net_chat(const struct dxp_game *game, const char *text, void *ctx)
{
    struct play_view *v = ctx;
    screen_say(&v->say, false, "%s says: %.300s", game->peer[0] ? game->peer : "your friend", text);
    play_view_draw(v, NULL);
}

/* The game over DXP has ended: how, said, and the last keys. A game not
 * saved (no -o) is saved with w, as during the game; any other key leaves
 * (w left too, and the game was lost). */
static void game_ended(struct play_view *v)
{
    screen_said_on_stderr(&v->scr, &v->say); /* dxp_play's last word: how it ended */
    char how[sizeof v->say.text];
    snprintf(how, sizeof how, "%s", v->say.text);
    for (;;) {
        snprintf(v->say.text, sizeof v->say.text, "%.400s  (%s)", how,
                 v->dirty && v->p->g.nplies > 0 ? "w saves, any other key leaves"
                                                : "any key leaves");
        play_view_draw(v, NULL);
        int k = screen_getkey(-1);
        if (k == KEY_RESIZE) continue;
        if (k != 'w' || !v->dirty || v->p->g.nplies == 0 || screen_stopped()) return;
        snprintf(v->say.text, sizeof v->say.text, "%s", how); /* kept when w is dropped */
        save(v);
        snprintf(how, sizeof how, "%s", v->say.text); /* "saved to FILE (N plies)", or why not */
    }
}

int play_screen_friend(struct play *p, struct dxp_settings *s)
{
    struct play_view *v = view_begin(p);
    if (v == NULL) return TOOL_EXIT_SYSTEM;
    p->peer = v->peer;
    screen_say(&v->say, false,
               s->listen ? "waiting for your friend on port %s" : "connecting to %s",
               s->listen ? s->listen : s->connect);
    play_view_draw(v, NULL);
    struct dxp_player player = {.choose = net_choose,
                                .moved = net_moved,
                                .waiting = net_wait,
                                .chat = net_chat,
                                .keys_fd = STDIN_FILENO,
                                .ctx = v};
    int status = dxp_play(s, &player);
    if (s->output && access(s->output, F_OK) == 0) v->dirty = false; /* -o holds it */
    if (status != TOOL_EXIT_SYSTEM && !screen_stopped()) game_ended(v);
    screen_end(&v->scr);
    return status;
}
