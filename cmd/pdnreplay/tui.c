/*
 * pdnreplay's interactive view: a full-screen curses view of the chosen
 * games, a game at a time. This file runs the session (the terminal is
 * the shared screen's, ../screen/screen.c, restored on q, on Ctrl-C and
 * the other stop signals, on a fatal error), switches games, and turns
 * keys into moves through the game (tui_nav.c); the game shown is
 * tui_game.c's, the drawing tui_draw.c's, the moves the user plays
 * tui_explore.c's.
 */
#include "tui.h"

#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- games ------------------------------------------------------------------------------ */

/* Leaving a game drops what was explored in it: asked first when it was
 * not written. */
static bool may_leave(struct tui *u, const char *again)
{
    if (!u->dirty) return true;
    bool yes = tui_ask(u, "Explored moves not written (w writes them). Drop them? (y/n)");
    if (!yes) tui_say(u, false, "kept; %s", again);
    return yes;
}

static void open_game(struct tui *u, size_t no)
{
    size_t before = u->game_no;
    u->game_no = no;
    if (tui_load(u, NULL, 0) < 0) {
        u->game_no = before;
        return;
    }
    tui_explore_free(u);
    u->dirty = false;
    tui_say(u, false, "game %zu of %zu chosen (number %zu in the file)", no + 1, u->book->n,
            u->book->games[no].index);
}

static void step_game(struct tui *u, int dir)
{
    if (dir < 0 && u->game_no == 0) {
        tui_say(u, false, "this is the first game chosen");
        return;
    }
    if (dir > 0 && u->game_no + 1 >= u->book->n) {
        tui_say(u, false, "this is the last game chosen");
        return;
    }
    if (may_leave(u, "w writes them")) open_game(u, dir < 0 ? u->game_no - 1 : u->game_no + 1);
}

/* A row of the game list: "  12  White - Black  1-1  2014.11.02  Event",
 * and the file when the games come from several. */
static char *list_row(const struct replay_book *book, const struct replay_listed *l)
{
    char *row = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&row, &len);
    if (fp == NULL) return NULL;
    fprintf(fp, "%5zu  %s - %s  %s  %s  %s", l->index, l->white ? l->white : "?",
            l->black ? l->black : "?", l->result ? l->result : "*", l->date ? l->date : "",
            l->event ? l->event : "");
    if (book->nfiles > 1) fprintf(fp, "  (%s)", l->file); /* before a long status */
    if (l->status) fprintf(fp, "  ! %s", l->status);
    return fclose(fp) == 0 ? row : (free(row), NULL);
}

static void pick_game(struct tui *u)
{
    char **rows = calloc(u->book->n, sizeof *rows);
    if (rows == NULL) return;
    for (size_t i = 0; i < u->book->n; i++)
        rows[i] = list_row(u->book, &u->book->games[i]);
    char title[96];
    snprintf(title, sizeof title, "%zu games chosen: Enter opens one, Esc goes back", u->book->n);
    size_t no = tui_pick(u, title, rows, u->book->n, u->game_no);
    for (size_t i = 0; i < u->book->n; i++)
        free(rows[i]);
    free(rows);
    if (no != TUI_NONE && no != u->game_no && may_leave(u, "w writes them")) open_game(u, no);
}

/* ASCII case folded; names with accents are found by their ASCII part. */
static bool holds(const char *hay, const char *needle)
{
    if (hay == NULL) return false;
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t k = 0;
        while (k < n && hay[k] && (hay[k] | 0x20) == (needle[k] | 0x20) &&
               ((unsigned char)hay[k] < 0x80 || hay[k] == needle[k]))
            k++;
        if (k == n) return true;
    }
    return false;
}

/* The line starts empty, as a search does: Enter alone finds the last name
 * again. (Kept in the line, typing a new name added it to the old one.) */
static void search_player(struct tui *u)
{
    static char last[64];
    char buf[64] = "", question[64 + 48];
    if (last[0])
        snprintf(question, sizeof question, "Find a game of the player (Enter: %s): ", last);
    else
        snprintf(question, sizeof question, "Find a game of the player: ");
    if (!tui_prompt(u, question, buf, sizeof buf)) return;
    if (buf[0] == '\0') snprintf(buf, sizeof buf, "%s", last);
    if (buf[0] == '\0') return;
    snprintf(last, sizeof last, "%s", buf);
    for (size_t k = 1; k <= u->book->n; k++) {
        size_t no = (u->game_no + k) % u->book->n;
        const struct replay_listed *l = &u->book->games[no];
        if (holds(l->white, buf) || holds(l->black, buf)) {
            if (no != u->game_no && may_leave(u, "w writes them")) open_game(u, no);
            if (no == u->game_no && k == u->book->n)
                tui_say(u, false, "only this game has '%s'", buf);
            return;
        }
    }
    tui_say(u, true, "no game chosen has a player '%s'", buf);
}

/* ---- moving --------------------------------------------------------------------------- */

/* The label of a move in a chooser: "12... 18-23  (main line)". */
static char *choice_row(const struct replay_game *g, size_t i, bool first)
{
    const struct replay_entry *e = &g->entries[i];
    enum { ROW = sizeof(struct replay_number) + PDN_MOVE_TEXT_MAX + 32 + 32 };
    char *row = malloc(ROW);
    if (row == NULL) return NULL;
    if (first)
        snprintf(row, ROW, "%s %s  (%s)", replay_number(e).s, replay_entry_text(g, e),
                 e->depth == 0 ? "main line" : "this line");
    else
        snprintf(row, ROW, "%s %s  (variation %s)", replay_number(e).s, replay_entry_text(g, e),
                 replay_entry_label(g, e));
    return row;
}

/* One of the moves that may be played at choice[0]'s place; TUI_NONE
 * when the user goes back. */
static size_t choose(struct tui *u, const size_t *choice, size_t n, size_t first_row)
{
    char *rows[16];
    for (size_t k = 0; k < n; k++)
        rows[k] = choice_row(&u->g, choice[k], k == 0);
    size_t pick = tui_pick(u, "Variations here: Enter plays one, Esc stays", rows + first_row,
                           n - first_row, 0);
    for (size_t k = 0; k < n; k++)
        free(rows[k]);
    return pick == TUI_NONE ? TUI_NONE : choice[pick + first_row];
}

static void forward(struct tui *u, bool ask)
{
    size_t n = tui_nav_next(&u->g, u->cur);
    if (n == TUI_NONE) {
        tui_say(u, false, "end of the %s", u->g.entries[u->cur].depth ? "variation" : "game");
        return;
    }
    if (u->g.entries[n].kind == ENTRY_STOP) {
        tui_say(u, true, "%s %s cannot be played: %s", replay_number(&u->g.entries[n]).s,
                u->g.entries[n].node->text, u->g.entries[n].stop->message);
        return;
    }
    size_t choice[16];
    size_t k = tui_nav_choices(&u->g, n, choice, 16);
    if (k > 1 && ask) n = choose(u, choice, k, 0);
    if (n != TUI_NONE) u->cur = n;
}

static void back(struct tui *u)
{
    size_t p = tui_nav_prev(&u->g, u->cur);
    if (p == TUI_NONE)
        tui_say(u, false, "this is the start");
    else
        u->cur = p;
}

static void enter_variation(struct tui *u)
{
    size_t choice[16];
    size_t k =
        u->g.entries[u->cur].kind == ENTRY_PLY ? tui_nav_choices(&u->g, u->cur, choice, 16) : 0;
    if (k < 2) {
        tui_say(u, false, "no variation replaces this move (the move list shows them in ( ))");
        return;
    }
    size_t n = k == 2 ? choice[1] : choose(u, choice, k, 1);
    if (n != TUI_NONE) u->cur = n;
}

/* Esc: back to where the variation branched off, the position before the
 * move it replaces, from which Right offers the lines again. */
static void leave_variation(struct tui *u)
{
    size_t p = tui_nav_parent(&u->g, u->cur);
    if (p == TUI_NONE) {
        tui_say(u, false, "already on the main line");
        return;
    }
    p = tui_nav_prev(&u->g, p);
    while (p != TUI_NONE && u->g.entries[p].kind != ENTRY_PLY &&
           u->g.entries[p].kind != ENTRY_START) /* a stopped move: before it */
        p = tui_nav_prev(&u->g, p);
    if (p != TUI_NONE) u->cur = p;
}

/* g: "23" is the first mover's 23rd move (White's; Black's in English
 * draughts), "23..." the other's. */
static void go_to_move(struct tui *u)
{
    char buf[16] = "";
    if (!tui_prompt(u, "Go to move (23 or 23...): ", buf, sizeof buf) || buf[0] == '\0') return;
    size_t digits = strspn(buf, "0123456789");
    const char *rest = buf + digits;
    if (digits == 0 || digits > 6 || (*rest && strcmp(rest, ".") && strcmp(rest, "..."))) {
        tui_say(u, true, "a move number, as 23 or 23..., not '%s'", buf);
        return;
    }
    char number[16];
    snprintf(number, sizeof number, "%.*s%s", (int)digits, buf, *rest ? rest : ".");
    if (atol(buf) == 0) {
        u->cur = 0;
        return;
    }
    size_t i = tui_nav_number(&u->g, u->cur, number);
    if (i == TUI_NONE)
        tui_say(u, true, "no move %s on this line or the main line", number);
    else
        u->cur = i;
}

static int autoplay_delay(int speed)
{
    static const int ms[3] = {2500, 1200, 400};
    return ms[speed < 0 || speed > 2 ? 1 : speed];
}

/* The autoplay speed, one key: 1 to 3 start at once, Enter is normal; q
 * quits, any other key goes back. -1 when not started. */
static int autoplay_speed(struct tui *u)
{
    int k;
    do {
        tui_draw(u, "Autoplay speed: 1 slow, 2 normal, 3 fast (Enter: normal)");
    } while ((k = screen_getkey(-1)) == KEY_RESIZE);
    if (k >= '1' && k <= '3') return k - '1';
    if (k == '\n' || k == '\r' || k == KEY_ENTER) return 1;
    if (k == 'q') u->quit_asked = true;
    return -1;
}

/* a: a speed, then a move at that pace along the line until a key (q: and
 * quit). */
static void autoplay(struct tui *u)
{
    int speed = autoplay_speed(u);
    if (speed < 0) return;
    u->speed = speed;
    static const char *const names[3] = {"slow", "normal", "fast"};
    for (;;) {
        if (tui_nav_next(&u->g, u->cur) == TUI_NONE ||
            u->g.entries[tui_nav_next(&u->g, u->cur)].kind != ENTRY_PLY) {
            tui_say(u, false, "autoplay: end of the line");
            return;
        }
        tui_say(u, false, "autoplay (%s): any key stops", names[u->speed]);
        tui_draw(u, NULL);
        int key = screen_getkey(autoplay_delay(u->speed));
        if (key != ERR || screen_stopped()) {
            if (key == KEY_RESIZE) continue;
            tui_say(u, false, "autoplay stopped");
            u->quit_asked = key == 'q';
            return;
        }
        forward(u, false);
    }
}

static bool navigation_key(struct tui *u, int key)
{
    switch (key) {
    case KEY_RIGHT:
    case 'n':
    case ' ':
        forward(u, true);
        return true;
    case KEY_LEFT:
    case 'p':
    case KEY_BACKSPACE:
        back(u);
        return true;
    case KEY_HOME:
        u->cur = 0;
        return true;
    case KEY_END:
        u->cur = tui_nav_end(&u->g, u->cur);
        return true;
    case 'v':
        enter_variation(u);
        return true;
    case 27: /* Esc */
        leave_variation(u);
        return true;
    case 'g':
        go_to_move(u);
        return true;
    default:
        return false;
    }
}

static void key(struct tui *u, int k)
{
    if (tui_explore_key(u, k) || navigation_key(u, k)) return;
    switch (k) {
    case '[':
        step_game(u, -1);
        break;
    case ']':
        step_game(u, +1);
        break;
    case '/':
        search_player(u);
        break;
    case 'l':
        pick_game(u);
        break;
    case 'a':
        autoplay(u);
        break;
    case 'f':
        u->flip = !u->flip;
        break;
    case 'h':
        tui_explore_hint(u);
        break;
    case 'E':
        tui_explore_judge(u);
        break;
    case 'u':
        tui_explore_undo(u);
        break;
    case 'w':
        tui_explore_write(u);
        break;
    case '?':
        tui_help(u);
        break;
    case 'q':
    case 3: /* Ctrl-C, should the terminal pass it as a key */
        u->quit_asked = true;
        break;
    case KEY_RESIZE:
    case ERR:
        break;
    default:
        tui_say(u, false, "? lists the keys");
        break;
    }
}

int tui_run(struct tool *t, const struct replay_options *o, const struct replay_book *book,
            size_t first)
{
    struct tui *u = calloc(1, sizeof *u);
    if (u == NULL) return -1;
    *u = (struct tui){.t = t,
                      .o = o,
                      .book = book,
                      .game_no = first,
                      .flip = o->flip,
                      .scr = {.unicode = o->unicode},
                      .speed = 1};
    if (tui_load(u, NULL, 0) < 0) {
        fprintf(stderr, "%s: %s\n", t->prog, u->say.text);
        free(u);
        return -1;
    }
    if (o->ply >= 0 || o->move) {
        const struct replay_entry *e = replay_find(&u->g, o);
        if (e) u->cur = (size_t)(e - u->g.entries);
    }
    bool up = screen_begin(&u->scr, o->color);
    tui_say(u, false, "? lists the keys; digits play a move of your own");
    while (up && !u->quit && !screen_stopped()) {
        tui_draw(u, NULL);
        key(u, screen_getkey(-1));
        tui_said_elsewhere(u);
        /* q, from the view or from a list, the keys or autoplay */
        if (u->quit_asked) u->quit = may_leave(u, "w writes them, q quits");
        u->quit_asked = false;
    }
    screen_end(&u->scr);
    if (!up) fprintf(stderr, "%s: cannot use the terminal (TERM=%s)\n", t->prog, getenv("TERM"));
    tui_explore_free(u);
    tui_unload(u);
    free(u);
    return up ? 0 : -1;
}
