/*
 * pdnreplay: shows a game move by move: its header, then each ply with its
 * number, its comments and the board after it, as diagrams, FEN lines or
 * plain sentences (--narrate), or as SVG pictures.
 *
 * This file: the options, choosing the games (the shared selection), and
 * showing each game chosen: loaded as entries (entries.c), then printed
 * (print.c), drawn (picture.c), analysed (analyse.c), or browsed in the
 * interactive view (tui.c).
 */
#include "pdnreplay.h"
#include "../event_dates.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The help text in two parts (tool.usage_more). */
static const char usage_options[] =
    "Usage: pdnreplay [options] [FILE|FOLDER...]\n"
    "Shows the games of PDN files (a folder: its .pdn files; standard input when\n"
    "none, or '-'): a header, then each move with its number and comments, and\n"
    "the board after it.\n"
    "On a terminal, with a FILE, a full-screen view browses the chosen games\n"
    "(? there lists its keys). Elsewhere, or with --text, the first game is\n"
    "printed, or every chosen one when a selection option is given.\n"
    "\n"
    "      --list             one line per chosen game instead: file, number, White,\n"
    "                         Black, Event, Date, Result, plies, first error\n"
    "      --ply K            only the position after K plies of the main line\n"
    "                         (0: the start)\n"
    "      --move N. | N...   only the position after the first mover's (N.:\n"
    "                         White's, Black's in English draughts) or the\n"
    "                         other's (N...) Nth move of the main line\n"
    "      --fen              FEN lines instead of diagrams\n"
    "      --flip             the board seen from Black's side\n"
    "      --variations       walk the variations too, each labelled\n"
    "      --ascii            ASCII diagrams, even in a UTF-8 locale\n"
    "      --color WHEN       colour the diagrams: auto (on a terminal, the\n"
    "                         default), always or never\n"
    "      --narrate          each move as a plain sentence, pieces counted\n"
    "                         (for screen readers and braille displays)\n"
    "      --text             print, even on a terminal\n"
    "      --svg FILE         write the position (--ply, --move; else the last of\n"
    "                         the main line) as an SVG picture, print nothing\n"
    "      --svg-dir DIR      write one SVG picture per position of the main line,\n"
    "                         DIR/ply-000.svg (the start), ply-001.svg, ... (DIR\n"
    "                         made when missing)\n"
    "      --analyse          the game as PDN with the engine's verdict: moves that\n"
    "                         lose 0.4 of a man or more marked ? ($2), 0.9 or more\n"
    "                         ?? ($4), with the better move and both scores\n"
    "      --level N          --analyse: the limits of engine level N (1-4; "
    "3)\n" TOOL_ENCODING_USAGE TOOL_VARIANT_USAGE TOOL_FINDING_USAGE
    "  -q, --quiet            no note when reading a terminal\n" TOOL_FORMAT_USAGE TOOL_HELP_USAGE;
static const char usage_selection[] =
    "\n" TOOL_SELECT_USAGE "\n"
    "The game goes to standard output; findings in it, as\n"
    "FILE:LINE:COLUMN: SEVERITY: MESSAGE, and other messages to standard error.\n"
    "An illegal move stops its line: the positions before it are shown.\n"
    "Exit status: 0 clean, 1 errors in the game, 2 usage error (or no game\n"
    "chosen, or no such position), 3 system error.\n";

/* ---- options ------------------------------------------------------------------ */

enum color_when { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

/* The options as given: the replay's, and what the terminal decides after. */
struct asked {
    struct replay_options o;
    bool ascii;
    enum color_when color;
};

/* "23." or "23...": a move number and a side; anything else is a usage error. */
static void parse_move(struct tool *t, void *state, const char *arg)
{
    size_t digits = strspn(arg, "0123456789");
    const char *rest = arg + digits;
    if (digits == 0 || digits > 9 || arg[0] == '0' ||
        (strcmp(rest, ".") != 0 && strcmp(rest, "...") != 0))
        tool_usage_error(t, "--move wants a move number and '.' or '...' (23. or 23...), not '%s'",
                         arg);
    ((struct asked *)state)->o.move = arg;
}

static void parse_color(struct tool *t, void *state, const char *arg)
{
    static const char *const names[] = {"auto", "always", "never", NULL};
    ((struct asked *)state)->color =
        (enum color_when)tool_parse_keyword(t, "--color", arg, names, "auto, always or never");
}

/* --analyse writes text: it is no browsing. */
static void set_analyse(struct tool *t, void *state, const char *arg)
{
    (void)t, (void)arg;
    struct asked *a = state;
    a->o.analyse = a->o.text = true;
}

static bool color_wanted(enum color_when when)
{
    if (when != COLOR_AUTO) return when == COLOR_ALWAYS;
    const char *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL && term && strcmp(term, "dumb") != 0;
}

static void parse_options(struct tool *t, struct replay_options *o, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_LONG(0, "ply", struct asked, o.ply, 0, 1000000000L),
        TOOL_CALL(0, "move", required_argument, parse_move),
        TOOL_FLAG(0, "fen", struct asked, o.fen),
        TOOL_FLAG(0, "flip", struct asked, o.flip),
        TOOL_FLAG(0, "variations", struct asked, o.variations),
        TOOL_FLAG(0, "ascii", struct asked, ascii),
        TOOL_CALL(0, "color", required_argument, parse_color),
        TOOL_FLAG(0, "narrate", struct asked, o.narrate),
        TOOL_FLAG(0, "text", struct asked, o.text),
        TOOL_TEXT(0, "svg", struct asked, o.svg),
        TOOL_TEXT(0, "svg-dir", struct asked, o.svg_dir),
        TOOL_FLAG(0, "list", struct asked, o.list),
        TOOL_CALL(0, "analyse", no_argument, set_analyse),
        TOOL_CALL(0, "analyze", no_argument, set_analyse),
        TOOL_INT(0, "level", struct asked, o.level, 1, PDN_ENGINE_LEVELS),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&tool_choosing_part, &tool_finding_part,
                                                           &tool_common_part, NULL};
    struct asked a = {.o = *o, .color = COLOR_AUTO};
    tool_parse_options(t, &a, own, parts, argc, argv);
    *o = a.o;
    if (o->ply >= 0 && o->move)
        tool_usage_error(t, "--ply and --move both choose the position: give one");
    if (o->svg && o->svg_dir) tool_usage_error(t, "--svg and --svg-dir: give one");
    if (o->fen && o->narrate) tool_usage_error(t, "--fen and --narrate: give one");
    if (o->list && (o->svg || o->svg_dir || o->ply >= 0 || o->move))
        tool_usage_error(t, "--list shows no position: no --svg, --svg-dir, --ply or --move");
    o->unicode = !a.ascii && tool_locale_is_utf8();
    o->color = color_wanted(a.color);
}

/* ---- running ------------------------------------------------------------------- */

struct run {
    struct tool *t;
    struct replay_options *o;
    bool every;                /* a selection was given: every chosen game is printed */
    size_t games;              /* games chosen and read */
    bool shown;                /* a game was shown */
    bool done;                 /* nothing more is shown: later findings are not */
    const char *file;          /* the file of the game shown (t->input: while reading) */
    size_t index;              /* its index in the file */
    struct replay_first first; /* --list and the book: a game's first error */
    struct replay_book book;   /* the interactive view's list */
    struct tool_findings held; /* the game shown's findings, until it is replayed */
};

/* A finding of the game to be shown, kept to be printed in source order
 * with the replay's (held_flush); printed at once when memory runs out
 * rather than lost. */
static void hold(struct run *r, const struct pdn_diag *d)
{
    if (!tool_findings_keep(&r->held, d)) tool_on_diag(d, r->t);
}

/* The findings held, in source order, as pdncheck and pdnfmt print them
 * (tool_findings_sort): the reader reports a game's before the replay does,
 * and the replay a variation's '(' after the move inside it. */
static void held_flush(struct run *r)
{
    tool_findings_flush(&r->held, r->t);
}

/* The reader's findings: those of the file itself and of the chosen game.
 * The selection hands a game's findings over just before the game, so
 * whatever comes before a game is shown is that game's. */
static void on_read_diag(const struct pdn_diag *d, void *ctx)
{
    struct run *r = ctx;
    if (d->game != 0 && r->done) return;
    if (d->game != 0)
        hold(r, d);
    else
        tool_on_diag(d, r->t);
}

/* The replay's findings of the game shown: held with the reader's. */
static void on_replay_diag(const struct pdn_diag *d, void *ctx)
{
    hold(ctx, d);
}

/* The main line's plies, and for --move the numbers they go from and to
 * ("4 plies, moves 37. to 38..."): a game after a FEN seldom starts at 1. */
static void main_span(char *out, size_t cap, const struct replay_game *g, bool numbers)
{
    const struct replay_entry *first = NULL, *last = NULL;
    for (size_t i = 0; i < g->nentries; i++)
        if (g->entries[i].depth == 0 && g->entries[i].kind == ENTRY_PLY) {
            if (first == NULL) first = &g->entries[i];
            last = &g->entries[i];
        }
    if (!numbers || first == NULL)
        snprintf(out, cap, "it has %zu plies", g->main_plies);
    else if (first == last)
        snprintf(out, cap, "its one ply is move %s", replay_number(first).s);
    else
        snprintf(out, cap, "it has %zu plies, moves %s to %s", g->main_plies,
                 replay_number(first).s, replay_number(last).s);
}

/* A position the options ask for that the game does not reach: a usage
 * error, unless the line stopped at a finding first (then that finding
 * says why, and the status is already 1). */
static void position_missing(struct run *r, const struct replay_game *g)
{
    const char *what = r->o->move ? r->o->move : "";
    char ply[32], span[80];
    snprintf(ply, sizeof ply, "ply %ld", r->o->ply);
    main_span(span, sizeof span, g, r->o->move != NULL);
    fprintf(stderr, "%s: %s: game %zu: the main line %s %s%s (%s)\n", r->t->prog, r->file, r->index,
            g->main_stopped ? "stops before" : "does not reach", r->o->move ? "move " : "",
            r->o->move ? what : ply, span);
    if (!g->main_stopped && r->t->status < TOOL_EXIT_USAGE) r->t->status = TOOL_EXIT_USAGE;
}

static const struct replay_entry *last_main(const struct replay_game *g)
{
    const struct replay_entry *last = NULL;
    for (size_t i = 0; i < g->nentries; i++)
        if (g->entries[i].depth == 0 &&
            (g->entries[i].kind == ENTRY_PLY || g->entries[i].kind == ENTRY_START))
            last = &g->entries[i];
    return last;
}

/* The non-interactive output (the interactive view is tui.c's). */
static void show(struct run *r, const struct replay_game *g)
{
    const struct replay_options *o = r->o;
    bool one = o->ply >= 0 || o->move != NULL;
    const struct replay_entry *e = one ? replay_find(g, o) : last_main(g);
    if (one && e == NULL) {
        position_missing(r, g);
        return;
    }
    if (o->analyse) {
        if (replay_analyse(stdout, g, o) != 0 && r->t->status < TOOL_EXIT_SYSTEM)
            r->t->status = TOOL_EXIT_SYSTEM;
    } else if (o->svg)
        replay_svg_file(r->t, g, e, o->svg, o);
    else if (o->svg_dir)
        replay_svg_dir(r->t, g, o->svg_dir, o);
    else if (one)
        replay_print_entry(stdout, g, e, o);
    else
        replay_print_game(stdout, g, o);
}

/* A picture is of one game: a second chosen one is said, not drawn. */
static int one_picture_only(struct run *r, const pdn_game *game)
{
    fprintf(stderr, "%s: %s: game %zu is chosen too: %s draws the first chosen game only\n",
            r->t->prog, r->t->input, game->index, r->o->svg ? "--svg" : "--svg-dir");
    r->done = true;
    return 1;
}

/* A chosen game, shown: the first only, unless a selection was given and
 * the output is text (a positive return stops the run with nothing wrong:
 * there is just nothing more to show). */
static int show_game(struct tool *t, const pdn_game *game, void *ctx)
{
    struct run *r = ctx;
    bool picture = r->o->svg || r->o->svg_dir;
    if (r->shown && picture) return one_picture_only(r, game);
    r->games++;
    if (r->shown) putchar('\n'); /* between two games */
    r->shown = true;
    r->done = !r->every || picture;
    r->file = t->input;
    r->index = game->index;
    pdn_diag_fn on_diag = t->on_diag;
    t->on_diag = on_replay_diag; /* the replay's findings are all this game's */
    struct replay_game g;
    int err = replay_load(&g, t, game, r->file, t->strict);
    held_flush(r);
    if (err == 0) show(r, &g);
    replay_game_free(&g);
    t->on_diag = on_diag;
    if (err == 0 && ferror(stdout)) err = PDN_EIO;
    return err < 0 ? err : r->every ? 0 : 1; /* a picture: to say a second game was chosen */
}

/* --list and the interactive view's book: findings are counted, not
 * printed (as pdncheck --list), and the first error kept for the line. */
static void on_list_diag(const struct pdn_diag *d, void *ctx)
{
    struct run *r = ctx;
    if ((unsigned)d->code < PDN_DIAG_COUNT && r->t->hidden[d->code]) return;
    r->t->findings[pdn_diag_severity(d->code)]++;
    replay_first_note(&r->first, d);
}

static int list_game(struct tool *t, const pdn_game *game, void *ctx)
{
    struct run *r = ctx;
    r->games++;
    struct pdn_replay_summary sum = {0};
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.filename = t->input;
    ro.strict = t->strict;
    ro.on_diag = on_list_diag;
    ro.diag_ctx = r;
    ro.date_orders = t->date_orders;
    int err = pdn_replay_game(&sum, game, &ro);
    const struct pdn_diag *first = replay_first_take(&r->first, game->index);
    if (err == 0 && r->o->list)
        tool_list_game(stdout, t->json, t->input, game, sum.plies, first);
    else if (err == 0)
        err = replay_book_add(&r->book, t->input, game, sum.plies, first);
    if (err == 0 && ferror(stdout)) err = PDN_EIO;
    return err < 0 ? err : 0;
}

/* The full-screen view: on a terminal, for named files, unless --text or
 * an output that is not a view (--list, --svg, --fen, --narrate) is asked
 * for. Standard input must be the terminal, as it gives the keys. */
static bool interactive(const struct replay_options *o, int n, char *const *files)
{
    if (o->text || o->list || o->svg || o->svg_dir || o->fen || o->narrate) return false;
    if (n == 0) return false;
    for (int i = 0; i < n; i++)
        if (strcmp(files[i], "-") == 0) return false;
    const char *term = getenv("TERM");
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term && strcmp(term, "dumb") != 0;
}

/* Reads the inputs and, for the view, browses the games found; the inputs
 * stay listed meanwhile, so that no picture or written game replaces one
 * (tool_output_open). */
static int read_all(struct tool *t, struct run *r, int n, char *const *operands, bool view)
{
    if (n == 0) tool_stdin_notice(t);
    struct tool_inputs in;
    tool_list_inputs(t, &in, n, operands);
    t->reading = &in;
    tool_game_fn fn = view || r->o->list ? list_game : show_game;
    int stop = 0;
    for (size_t i = 0; i < in.n && stop == 0; i++)
        stop = tool_read_input(t, &in.items[i], fn, r);
    if (view && stop >= 0 && r->book.n > 0 && tui_run(t, r->o, &r->book, 0) < 0 &&
        t->status < TOOL_EXIT_SYSTEM)
        t->status = TOOL_EXIT_SYSTEM;
    t->reading = NULL;
    tool_inputs_free(&in);
    return stop;
}

int main(int argc, char **argv)
{
    struct tool t;
    struct replay_options o = {.ply = -1};
    tool_init(&t, "pdnreplay", usage_options);
    t.usage_more = usage_selection;
    parse_options(&t, &o, argc, argv);
    /* The file's dates read first: a date that could be swapped is said
     * with the reading its event's others settle, as pdncheck says it */
    t.on_file = event_dates_on_file;
    int n = argc - optind;
    struct run r = {.t = &t, .o = &o, .every = t.select != NULL};
    /* Always a selection, empty when no option made one (it chooses every
     * game): the reader's findings then wait for their game to be chosen,
     * so those of a game after the one shown never come out. */
    if (t.select == NULL && pdn_select_new(&t.select) < 0) {
        tool_system_error(&t, "-g", pdn_strerror(PDN_ENOMEM));
        tool_exit_flushed(&t);
    }
    bool view = interactive(&o, n, argv + optind);
    t.on_diag = view || o.list ? on_list_diag : on_read_diag;
    t.diag_ctx = &r;
    const char *named = n == 1 ? argv[optind] : n ? "the files" : "-"; /* for messages */
    int stop = read_all(&t, &r, n, argv + optind, view);
    if (stop < 0 && stop != PDN_EIO) tool_system_error(&t, named, pdn_strerror(stop));
    if (stop >= 0 && r.games == 0 && t.status == TOOL_EXIT_CLEAN && !o.list) {
        fprintf(stderr, "%s: %s: no game chosen\n", t.prog, named);
        t.status = TOOL_EXIT_USAGE;
    }
    held_flush(&r); /* a game's findings that no game followed: none expected */
    tool_findings_free(&r.held);
    replay_book_free(&r.book);
    replay_first_free(&r.first);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    tool_exit_flushed(&t);
}
