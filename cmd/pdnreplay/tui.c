/*
 * pdnreplay's interactive view: a full-screen curses view of the chosen
 * games, a game at a time. This file sets the terminal up and restores it
 * (on q, on Ctrl-C and the other stop signals, on a fatal error), loads
 * games, and turns keys into moves through the game (tui_nav.c); the
 * drawing is tui_draw.c's, the moves the user plays tui_explore.c's.
 *
 * While the screen is up, standard error goes to a temporary file: the
 * messages of the shared code (a file that could not be written) would
 * scribble over the screen. They are shown on the message line, and
 * printed on the real standard error once the terminal is restored.
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

/* Set by the stop signals; the key loop polls it. A signal handler may do
 * no more than this: endwin is not async-signal-safe. */
static volatile sig_atomic_t stop_signal;
/* Whether curses owns the terminal, for the atexit handler. */
static bool screen_up;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

/* Whatever ends the process (exit from deep inside the shared code) leaves
 * the terminal as it found it. */
static void restore_terminal(void)
{
    if (screen_up) endwin();
    screen_up = false;
}

void tui_say(struct tui *u, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->msg, sizeof u->msg, fmt, ap);
    va_end(ap);
    u->msg_error = error;
}

void tui_said_on_stderr(struct tui *u)
{
    char buf[512];
    ssize_t n = pread(u->err_fd, buf, sizeof buf - 1, u->err_seen);
    if (n <= 0) return;
    u->err_seen += n;
    buf[n] = '\0';
    while (n > 0 && buf[n - 1] == '\n')
        buf[--n] = '\0';
    char *last = strrchr(buf, '\n');
    tui_say(u, true, "%s", last ? last + 1 : buf);
}

int tui_getkey(struct tui *u, int timeout_ms)
{
    (void)u;
    /* Short waits, so a stop signal is seen even where the read restarts. */
    for (int waited = 0;;) {
        int step = timeout_ms < 0 || timeout_ms - waited > 250 ? 250 : timeout_ms - waited;
        timeout(step);
        int k = getch();
        if (k != ERR || stop_signal) return k;
        waited += step;
        if (timeout_ms >= 0 && waited >= timeout_ms) return ERR;
    }
}

/* ---- the loaded game's findings ----------------------------------------------------- */

static void clear_findings(struct tui *u)
{
    for (size_t i = 0; i < u->nfindings; i++)
        free(u->findings[i]);
    u->nfindings = 0;
}

/*
 * A finding of the game shown, kept as "LINE:COL: severity: message" (the
 * file is in the title). A game read again from its explored text is game
 * 1 of that text: it gets its number in the file back.
 */
static void on_game_diag(const struct pdn_diag *in, void *ctx)
{
    struct tui *u = ctx;
    if ((unsigned)in->code < PDN_DIAG_COUNT && u->t->hidden[in->code]) return;
    struct pdn_diag d = *in;
    d.game = u->book->games[u->game_no].index;
    d.file = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL) return;
    tool_diag_text(fp, u->t->prog, &d);
    if (fclose(fp) != 0) return;
    if (len && text[len - 1] == '\n') text[len - 1] = '\0';
    size_t prog = strlen(u->t->prog);
    if (strncmp(text, u->t->prog, prog) == 0 && text[prog] == ':') /* no place: no name */
        memmove(text, text + prog + 2, strlen(text + prog + 2) + 1);
    if (u->nfindings == u->capfindings) {
        size_t cap = u->capfindings ? 2 * u->capfindings : 8;
        char **p = realloc(u->findings, cap * sizeof *p);
        if (p == NULL) {
            free(text);
            return;
        }
        u->findings = p;
        u->capfindings = cap;
    }
    u->findings[u->nfindings++] = text;
}

/* ---- loading ------------------------------------------------------------------------- */

/* The explored text, read as one game: padded with the lines and columns
 * that stood before the game in its file, so that positions stay true. */
static int read_text(struct tui *u, pdn_game **out, const char *text, size_t len)
{
    size_t pad = (size_t)(u->line0 - 1) + (size_t)(u->col0 - 1);
    char *buf = malloc(pad + len + 1);
    if (buf == NULL) return PDN_ENOMEM;
    memset(buf, '\n', u->line0 - 1);
    memset(buf + u->line0 - 1, ' ', u->col0 - 1);
    memcpy(buf + pad, text, len);
    buf[pad + len] = '\0';
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = u->book->games[u->game_no].file;
    ro.strict = u->t->strict;
    ro.encoding = PDN_ENCODING_UTF8; /* the game's text was decoded when first read */
    /* Read alone, the text has no file around it to infer from: it keeps the
     * variant the game was shown under (an untagged Czech game whose main
     * line is legal under Russian rules too stays Czech once explored). */
    ro.gametype = u->game ? u->game->gametype : u->t->gametype;
    ro.on_diag = on_game_diag;
    ro.diag_ctx = u;
    pdn_reader *r;
    int err = pdn_reader_open_memory(&r, buf, pad + len, &ro);
    if (err == 0) {
        err = pdn_reader_next(out, r);
        pdn_game *more = NULL;
        if (err > 0 && pdn_reader_next(&more, r) > 0) err = PDN_ESYNTAX; /* not one game */
        pdn_game_free(more);
        pdn_reader_free(r);
    }
    free(buf);
    if (err > 0) return 0;
    if (err == 0) err = PDN_ESYNTAX;
    pdn_game_free(*out);
    *out = NULL;
    return err;
}

int tui_load(struct tui *u, const char *text, size_t len)
{
    clear_findings(u);
    pdn_game *game = NULL;
    const struct replay_listed *l = &u->book->games[u->game_no];
    int err = text ? read_text(u, &game, text, len)
                   : replay_book_fetch(&game, u->t, l->file, l->index, on_game_diag, u);
    struct replay_game g;
    if (err == 0) {
        struct tool quiet = *u->t; /* the replay's findings are kept, not printed */
        quiet.on_diag = on_game_diag;
        quiet.diag_ctx = u;
        err = replay_load(&g, &quiet, game, l->file, u->t->strict);
        if (err < 0) replay_game_free(&g);
    }
    if (err < 0) {
        pdn_game_free(game);
        tui_say(u, true, "game %zu: %s", l->index,
                err == PDN_EIO ? strerror(errno) : pdn_strerror(err));
        return err;
    }
    if (u->loaded) replay_game_free(&u->g);
    pdn_game_free(u->game);
    u->game = game;
    u->g = g;
    u->loaded = true;
    u->cur = 0;
    if (text == NULL) {
        u->line0 = game->start.line;
        u->col0 = game->start.col;
    }
    return 0;
}

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

static void search_player(struct tui *u)
{
    static char last[64];
    char buf[64];
    snprintf(buf, sizeof buf, "%s", last);
    if (!tui_prompt(u, "Find a game of the player: ", buf, sizeof buf) || buf[0] == '\0') return;
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

/* g: "23" is White's 23rd move (the first mover's), "23..." the other's. */
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
    } while ((k = tui_getkey(u, -1)) == KEY_RESIZE);
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
        int key = tui_getkey(u, autoplay_delay(u->speed));
        if (key != ERR || stop_signal) {
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

/* ---- the terminal ------------------------------------------------------------------------ */

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a signal wakes the key read, and the loop sees it. */
    int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

/* Standard error into a temporary file while the screen is up; -1 when it
 * cannot be (it then stays where it was). */
static int capture_stderr(struct tui *u)
{
    FILE *tmp = tmpfile();
    int saved = tmp ? dup(STDERR_FILENO) : -1;
    if (saved < 0 || dup2(fileno(tmp), STDERR_FILENO) < 0) {
        if (saved >= 0) close(saved);
        if (tmp) fclose(tmp);
        u->err_fd = -1;
        return -1;
    }
    u->err_fd = dup(fileno(tmp));
    fclose(tmp);
    return saved;
}

/* What was said while the screen was up goes to the real standard error. */
static void release_stderr(struct tui *u, int saved)
{
    if (saved < 0) return;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    char buf[4096];
    ssize_t n;
    off_t at = 0;
    while (u->err_fd >= 0 && (n = pread(u->err_fd, buf, sizeof buf, at)) > 0) {
        fwrite(buf, 1, (size_t)n, stderr);
        at += n;
    }
    if (u->err_fd >= 0) close(u->err_fd);
}

static bool start_screen(struct tui *u)
{
    setlocale(LC_ALL, ""); /* ncursesw writes UTF-8 only in a UTF-8 locale */
    if (newterm(NULL, stdout, stdin) == NULL) return false;
    screen_up = true;
    atexit(restore_terminal);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    u->color = has_colors() && getenv("NO_COLOR") == NULL && u->o->color;
    if (u->color) {
        start_color();
        use_default_colors();
        init_pair(1, COLOR_YELLOW, -1); /* the last move */
        init_pair(2, COLOR_CYAN, -1);   /* the squares typed */
        init_pair(3, COLOR_RED, -1);    /* findings */
    }
    return true;
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
                      .unicode = o->unicode,
                      .speed = 1};
    if (tui_load(u, NULL, 0) < 0) {
        fprintf(stderr, "%s: %s\n", t->prog, u->msg);
        free(u);
        return -1;
    }
    if (o->ply >= 0 || o->move) {
        const struct replay_entry *e = replay_find(&u->g, o);
        if (e) u->cur = (size_t)(e - u->g.entries);
    }
    catch_signals();
    int saved = capture_stderr(u);
    bool up = start_screen(u);
    tui_say(u, false, "? lists the keys; digits play a move of your own");
    while (up && !u->quit && !stop_signal) {
        tui_draw(u, NULL);
        key(u, tui_getkey(u, -1));
        /* q, from the view or from a list, the keys or autoplay */
        if (u->quit_asked) u->quit = may_leave(u, "w writes them, q quits");
        u->quit_asked = false;
    }
    restore_terminal();
    release_stderr(u, saved);
    if (!up) fprintf(stderr, "%s: cannot use the terminal (TERM=%s)\n", t->prog, getenv("TERM"));
    tui_explore_free(u);
    clear_findings(u);
    free(u->findings);
    if (u->loaded) replay_game_free(&u->g);
    pdn_game_free(u->game);
    free(u);
    return up ? 0 : -1;
}
