/*
 * pdnfmt: rewrites PDN files in the canonical PDN 3.0 form.
 *
 * Every game read is written, broken ones too: the tool reformats, it does
 * not judge (pdncheck does). It prints the reader's findings, and those of
 * the faults --fix repairs (wrong move numbers, results, dates), which it must not
 * copy silently: repaired with --fix (a note each), else as pdncheck says.
 * pdn_format_game does the work: a quiet replay, the moves it played in
 * the form --captures asks for, and what --broken asks for games with errors.
 * A game's findings, the reader's and the formatter's, come out in source
 * order once the game is written, as pdncheck prints them.
 */
#include "common.h"
#include "event_dates.h"
#include "jobs.h"
#include "output.h"
#include "report.h"
#include "split.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The help text in two parts (tool.usage_more). */
static const char usage_options[] =
    "Usage: pdnfmt [options] [FILE|FOLDER...]\n"
    "Writes the games of the PDN files (standard input when none, or '-')\n"
    "in the canonical PDN 3.0 form.\n"
    "\n" TOOL_OUTPUT_USAGE "  -l, --width N          wrap lines at N characters (default 80)\n"
    "      --no-comments      drop comments\n"
    "      --no-variations    drop variations\n"
    "      --no-nags          drop NAGs ($n) and move strengths (!, ?)\n"
    "      --seven-tag-roster keep only the seven-tag roster (and GameType, FEN, SetUp)\n"
    "      --no-normalise     write the moves as read, not rewritten (see --captures)\n"
    "      --fix              repair what has one reading: move numbers by the count,\n"
    "                         the result from the Result tag, the terminator or a\n"
    "                         final position that decides it, a capture's dash as 'x',\n"
    "                         a date as YYYY.MM.DD (one that could be two read as\n"
    "                         its event's or file's other dates), a variation\n"
    "                         written before the move it replaces after it, a tag of\n"
    "                         another language under the standard name (dropped when\n"
    "                         it says what that tag says);\n"
    "                         each repair is a note 'fixed' (without --fix, each such\n"
    "                         fault kept is reported as pdncheck does)\n"
    "      --broken MODE      games with errors: keep (default), comment (the moves\n"
    "                         from the first illegal one become a comment) or\n"
    "                         verbatim (the game's text as read)\n"
    "      --captures FORM    captures: full-when-ambiguous (default: from and to,\n"
    "                         the whole landing path when that is ambiguous),\n"
    "                         shortest (the fewest landing squares PDN 3.0 allows)\n"
    "                         or full (every capture's whole landing path)\n"
    "      --split N          cut the input at game boundaries into pieces of N\n"
    "                         games, each game's text as read: -o NAME.pdn writes\n"
    "                         NAME-0001.pdn, NAME-0002.pdn ... (for other "
    "machines)\n" TOOL_ENCODING_USAGE TOOL_VARIANT_USAGE TOOL_JOBS_USAGE TOOL_FINDING_USAGE
    "  -q, --quiet            no note when reading a terminal\n" TOOL_FORMAT_USAGE TOOL_HELP_USAGE;
static const char usage_selection[] =
    "\n" TOOL_SELECT_USAGE "With them pdnfmt writes only the games chosen: it extracts games.\n"
    "\n"
    "The games go to standard output (or -o FILE); the findings, as\n"
    "FILE:LINE:COLUMN: SEVERITY: MESSAGE, each game's in source order, and\n"
    "other messages to standard error.\n"
    "Exit status: 0 clean, 1 errors in the input, 2 usage error, 3 system error.\n";

struct fmt {
    struct pdn_write_options write;
    const char *output;
    struct tool_output out;
    bool keep_moves;
    bool fix;
    enum pdn_format_broken broken;
    enum pdn_capture_notation captures;
    struct split split; /* --split N: split.per > 0 */
    struct tool *t;
    struct tool_findings held; /* the game's findings, till it is written */
    unsigned long held_file;   /* t->files when they came */
    bool not_pdn;              /* an input was refused as not PDN: -o's file is kept */
    pdn_scratch *scratch;      /* the formatter's memory for the games formatted here, or NULL */
};

/* ---- options ----------------------------------------------------------------- */

/* --broken: what becomes of a game with errors, the library's own enum. */
static void parse_broken(struct tool *t, void *state, const char *arg)
{
    static const char *const names[] = {"keep", "comment", "verbatim", NULL};
    static const enum pdn_format_broken modes[] = {
        PDN_FORMAT_BROKEN_KEEP, PDN_FORMAT_BROKEN_COMMENT, PDN_FORMAT_BROKEN_VERBATIM};
    ((struct fmt *)state)->broken =
        modes[tool_parse_keyword(t, "--broken", arg, names, "keep, comment or verbatim")];
}

static void parse_captures(struct tool *t, void *state, const char *arg)
{
    static const char *const names[] = {"full-when-ambiguous", "shortest", "full", NULL};
    static const enum pdn_capture_notation notations[] = {
        PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, PDN_CAPTURE_SHORTEST, PDN_CAPTURE_FULL_PATH};
    ((struct fmt *)state)->captures = notations[tool_parse_keyword(
        t, "--captures", arg, names, "full-when-ambiguous, shortest or full")];
}

static void parse_split(struct tool *t, void *state, const char *arg)
{
    ((struct fmt *)state)->split.per =
        (unsigned long)tool_parse_long(t, "--split", arg, 1, 1000000000);
}

/* The command line, for -w's look at the word after it. */
static int given_argc;
static char **given_argv;

/* -w was the width before it meant --errors-only, as in pdncheck and the
 * compilers: the argument after -w taken for the width of old when it is a
 * number and no file has that name (a file called 60 is an operand). */
static bool finding_or_old_width(struct tool *t, int opt, const char *arg)
{
    const char *next = opt == 'w' && optind < given_argc ? given_argv[optind] : "";
    struct stat st;
    if (next[0] != '\0' && next[strspn(next, "0123456789")] == '\0' && stat(next, &st) != 0)
        tool_usage_error(t, "-w means --errors-only now; the width is -l %s or --width %s", next,
                         next);
    return tool_finding_option(t, opt, arg);
}

static void parse_options(struct tool *t, struct fmt *f, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_TEXT('o', "output", struct fmt, output),
        TOOL_INT('l', "width", struct fmt, write.width, 1, 100000),
        TOOL_FLAG(0, "no-comments", struct fmt, write.no_comments),
        TOOL_FLAG(0, "no-variations", struct fmt, write.no_variations),
        TOOL_FLAG(0, "no-nags", struct fmt, write.no_nags),
        TOOL_FLAG(0, "seven-tag-roster", struct fmt, write.seven_tag_roster),
        TOOL_FLAG(0, "no-normalise", struct fmt, keep_moves),
        TOOL_CALL(0, "broken", required_argument, parse_broken),
        TOOL_CALL(0, "captures", required_argument, parse_captures),
        TOOL_FLAG(0, "fix", struct fmt, fix),
        TOOL_CALL(0, "split", required_argument, parse_split),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    struct tool_option_part finding = tool_finding_part;
    finding.handle = finding_or_old_width;
    const struct tool_option_part *const parts[] = {&jobs_part, &tool_choosing_part, &finding,
                                                    &tool_common_part, NULL};
    given_argc = argc;
    given_argv = argv;
    tool_parse_options(t, f, own, parts, argc, argv);
}

/* ---- findings in source order ------------------------------------------------ */

/* The findings held, in source order (tool_findings_sort, pdncheck's order):
 * the reader reports a game's as it reads, a move number that ends the game
 * without a move only once the game has ended, the formatter after them. */
static void held_flush(struct fmt *f)
{
    tool_findings_flush(&f->held, f->t);
}

/* The readers' and the formatter's callback: a game's findings wait for it
 * to be written (write_one). Those of another file do not wait with them
 * (a game that was not written: a copy --unique left out); one tied to no
 * game, or that memory cannot keep, goes out at once. */
static void hold(const struct pdn_diag *d, void *ctx)
{
    struct fmt *f = ctx;
    if (d->code == PDN_DIAG_NOT_PDN) f->not_pdn = true;
    if (f->held.n > 0 && f->held_file != f->t->files) held_flush(f);
    f->held_file = f->t->files;
    if (d->game != 0 && tool_findings_keep(&f->held, d)) return;
    held_flush(f);
    tool_on_diag(d, f->t);
}

/* ---- writing ------------------------------------------------------------------- */

static struct pdn_format_options format_options(const struct tool *t, const struct fmt *f,
                                                pdn_diag_fn to, void *ctx, pdn_scratch *scratch)
{
    struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
    fo.write = &f->write;
    fo.draw_rules = t->draw_rules;
    fo.no_normalise = f->keep_moves;
    fo.broken = f->broken;
    fo.captures = f->captures;
    fo.fix = f->fix;
    fo.filename = t->input;
    fo.on_diag = to;
    fo.diag_ctx = ctx;
    fo.scratch = scratch;
    fo.date_orders = t->date_orders; /* the file's, read first */
    return fo;
}

/* -j: the game formatted in a worker, its text and findings kept in the job. */
static int format_work(const struct tool *t, struct jobs_game *job, const pdn_game *game, void *ctx)
{
    struct pdn_format_options fo = format_options(t, ctx, jobs_on_diag, job, jobs_scratch(job));
    FILE *fp = jobs_output(job);
    return fp ? pdn_format_game(fp, game, &fo) : PDN_ENOMEM;
}

/* --split: the game's text to the piece it falls in. */
static int split_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct fmt *f = ctx;
    return split_game(t, &f->split, game);
}

/* The first option given that formats, which --split would leave undone
 * (it copies the text), or NULL. */
static const char *formatting_option(const struct fmt *f)
{
    const struct pdn_write_options *w = &f->write;
    const struct {
        bool given;
        const char *name;
    } options[] = {
        {f->fix, "--fix"},
        {f->broken != PDN_FORMAT_BROKEN_KEEP, "--broken"},
        {f->captures != PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, "--captures"},
        {w->width != 0, "--width"},
        {w->no_comments, "--no-comments"},
        {w->no_variations, "--no-variations"},
        {w->no_nags, "--no-nags"},
        {w->seven_tag_roster, "--seven-tag-roster"},
        {f->keep_moves, "--no-normalise"},
    };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (options[i].given) return options[i].name;
    return NULL;
}

/* --split N -o NAME: the pieces, and nothing on standard output. */
static int split_inputs(struct tool *t, struct fmt *f, int n, char **operands)
{
    if (f->output == NULL || strcmp(f->output, "-") == 0)
        tool_usage_error(t, "--split writes pieces: name them with -o NAME.pdn");
    const char *formatting = formatting_option(f);
    if (formatting)
        tool_usage_error(t,
                         "--split copies the games as read: %s would do nothing; format the "
                         "pieces afterwards",
                         formatting);
    f->split.name = f->output;
    t->work = NULL; /* the text is copied, not formatted */
    int stop = tool_read_inputs(t, n, operands, split_one, f);
    split_end(t, &f->split, stop == 0 && t->status < TOOL_EXIT_SYSTEM);
    split_stale(t, &f->split);
    if (stop < 0 && stop != PDN_EIO) tool_system_error(t, f->output, pdn_strerror(stop));
    tool_select_end_run(t, t->status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(t);
}

static int write_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct fmt *f = ctx;
    int rc;
    if (t->job)
        rc = jobs_finish(t->job, hold, f, f->out.fp);
    else {
        struct pdn_format_options fo = format_options(t, f, hold, f, f->scratch);
        rc = pdn_format_game(f->out.fp, game, &fo);
    }
    held_flush(f);
    return rc;
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct fmt f;
    tool_init(&t, "pdnfmt", usage_options);
    tool_buffer_output();
    t.usage_more = usage_selection;
    f.write.version = PDN_WRITE_OPTIONS_VERSION;
    /* The repairs of --fix are notes said by default: -w, -W none or
     * -W no-fixed silence them. */
    t.hidden[PDN_DIAG_FIXED] = false;
    t.jobs = JOBS_AUTO;
    t.work = &(const struct tool_work){.game = format_work};
    t.trailers = true; /* the comments after a file's last game are written, not lost */
    parse_options(&t, &f, argc, argv);
    /* The file's events and dates read first, so that a date whose day
     * and month could be swapped is read as its event's others are
     * written, wherever they stand in the file: --fix writes it so, the
     * bad-date finding says it so (as pdncheck), --date places it so. */
    t.on_file = event_dates_on_file;
    if (f.split.per) return split_inputs(&t, &f, argc - optind, argv + optind);
    if (tool_output_open(&t, &f.out, f.output) != 0) return tool_exit_status(&t);
    f.t = &t;
    t.on_diag = hold;
    t.diag_ctx = &f;
    pdn_scratch_new(&f.scratch); /* none: each game allocates its own */
    int stop = tool_read_inputs(&t, argc - optind, argv + optind, write_one, &f);
    held_flush(&f); /* those of games not written after the last one */
    tool_findings_free(&f.held);
    pdn_scratch_free(f.scratch);
    tool_output_stopped(&t, &f.out, stop);
    /* what an input refused as not PDN held is in no game written: a
     * named output (the input itself, with -o F F) is kept */
    if (f.not_pdn) tool_output_keep(&t, &f.out, "an input is not PDN");
    /* A partial output (a file could not be read) does not replace the old one. */
    tool_output_close(&t, &f.out, t.status < TOOL_EXIT_SYSTEM);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(&t);
}
