/*
 * pdnfmt: rewrites PDN files in the canonical PDN 3.0 form.
 *
 * Every game read is written, broken ones too: the tool reformats, it does
 * not judge (pdncheck does). It prints the reader's findings, and those of
 * the faults --fix repairs (wrong move numbers, results, dates), which it must not
 * copy silently: repaired with --fix (a note each), else as pdncheck says.
 * pdn_format_game does the work: a quiet replay, the moves it played in
 * the form --captures asks for, and what --broken asks for games with errors.
 */
#include "common.h"
#include "jobs.h"
#include "output.h"
#include "split.h"

#include <string.h>
#include <sys/stat.h>

/* The help text in two parts: ISO C caps one string literal at 4095 bytes. */
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
    "                         a date as YYYY.MM.DD;\n"
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
    "The games go to standard output (or -o FILE); the reader's findings, as\n"
    "FILE:LINE:COLUMN: SEVERITY: MESSAGE, and other messages to standard error.\n"
    "Exit status: 0 clean, 1 errors in the input, 2 usage error, 3 system error.\n";

enum {
    OPT_NO_COMMENTS = TOOL_OPT_FIRST_FREE,
    OPT_NO_VARIATIONS,
    OPT_NO_NAGS,
    OPT_SEVEN_TAG_ROSTER,
    OPT_NO_NORMALISE,
    OPT_BROKEN,
    OPT_CAPTURES,
    OPT_FIX,
    OPT_SPLIT,
};

static const struct option long_options[] = {
    {"output", required_argument, NULL, 'o'},
    {"width", required_argument, NULL, 'l'},
    {"no-comments", no_argument, NULL, OPT_NO_COMMENTS},
    {"no-variations", no_argument, NULL, OPT_NO_VARIATIONS},
    {"no-nags", no_argument, NULL, OPT_NO_NAGS},
    {"seven-tag-roster", no_argument, NULL, OPT_SEVEN_TAG_ROSTER},
    {"no-normalise", no_argument, NULL, OPT_NO_NORMALISE},
    {"broken", required_argument, NULL, OPT_BROKEN},
    {"captures", required_argument, NULL, OPT_CAPTURES},
    {"fix", no_argument, NULL, OPT_FIX},
    {"split", required_argument, NULL, OPT_SPLIT},
    TOOL_JOBS_LONG_OPTION,
    TOOL_REPORTING_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

struct fmt {
    struct pdn_write_options write;
    const char *output;
    struct tool_output out;
    bool keep_moves;
    bool fix;
    enum pdn_format_broken broken;
    enum pdn_capture_notation captures;
    struct split split; /* --split N: split.per > 0 */
};

/* ---- options ----------------------------------------------------------------- */

/* --broken: what becomes of a game with errors, the library's own enum. */
static enum pdn_format_broken parse_broken(const struct tool *t, const char *arg)
{
    static const char *const names[] = {"keep", "comment", "verbatim", NULL};
    static const enum pdn_format_broken modes[] = {
        PDN_FORMAT_BROKEN_KEEP, PDN_FORMAT_BROKEN_COMMENT, PDN_FORMAT_BROKEN_VERBATIM};
    return modes[tool_parse_keyword(t, "--broken", arg, names, "keep, comment or verbatim")];
}

static enum pdn_capture_notation parse_captures(const struct tool *t, const char *arg)
{
    static const char *const names[] = {"full-when-ambiguous", "shortest", "full", NULL};
    static const enum pdn_capture_notation notations[] = {
        PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, PDN_CAPTURE_SHORTEST, PDN_CAPTURE_FULL_PATH};
    return notations[tool_parse_keyword(t, "--captures", arg, names,
                                        "full-when-ambiguous, shortest or full")];
}

/* -w was the width before it meant --errors-only, as in pdncheck and the
 * compilers: the argument after -w taken for the width of old when it is a
 * number and no file has that name (a file called 60 is an operand). */
static void refuse_old_width(const struct tool *t, int argc, char **argv)
{
    if (optind >= argc) return;
    const char *next = argv[optind];
    struct stat st;
    if (next[0] == '\0' || next[strspn(next, "0123456789")] != '\0' || stat(next, &st) == 0) return;
    tool_usage_error(t, "-w means --errors-only now; the width is -l %s or --width %s", next, next);
}

static void parse_options(struct tool *t, struct fmt *f, int argc, char **argv)
{
    const struct tool_flag flags[] = {
        {OPT_NO_COMMENTS, &f->write.no_comments},
        {OPT_NO_VARIATIONS, &f->write.no_variations},
        {OPT_NO_NAGS, &f->write.no_nags},
        {OPT_SEVEN_TAG_ROSTER, &f->write.seven_tag_roster},
        {OPT_NO_NORMALISE, &f->keep_moves},
        {OPT_FIX, &f->fix},
        {0, NULL},
    };
    int opt;
    while ((opt = getopt_long(argc, argv, ":o:l:W:wqhg:j:", long_options, NULL)) != -1) {
        if (opt == 'w') refuse_old_width(t, argc, argv);
        if (tool_common_option(t, opt, optarg) || tool_finding_option(t, opt, optarg) ||
            tool_select_option(t, opt, optarg) || jobs_option(t, opt, optarg) ||
            tool_flag_option(flags, opt))
            continue;
        switch (opt) {
        case 'o':
            f->output = optarg;
            break;
        case 'l':
            f->write.width = (int)tool_parse_long(t, "--width", optarg, 1, 100000);
            break;
        case OPT_BROKEN:
            f->broken = parse_broken(t, optarg);
            break;
        case OPT_CAPTURES:
            f->captures = parse_captures(t, optarg);
            break;
        case OPT_SPLIT:
            f->split.per = (unsigned long)tool_parse_long(t, "--split", optarg, 1, 1000000000);
            break;
        default:
            tool_option_error(t, opt, argv);
        }
    }
}

/* ---- writing ------------------------------------------------------------------- */

static struct pdn_format_options format_options(const struct tool *t, const struct fmt *f,
                                                pdn_diag_fn to, void *ctx)
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
    return fo;
}

/* -j: the game formatted in a worker, its text and findings kept in the job. */
static int format_work(const struct tool *t, struct jobs_game *job, const pdn_game *game, void *ctx)
{
    struct pdn_format_options fo = format_options(t, ctx, jobs_on_diag, job);
    FILE *fp = jobs_output(job);
    return fp ? pdn_format_game(fp, game, &fo) : PDN_ENOMEM;
}

/* --split: the game's text to the piece it falls in. */
static int split_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct fmt *f = ctx;
    return split_game(t, &f->split, game);
}

/* --split N -o NAME: the pieces, and nothing on standard output. */
static int split_inputs(struct tool *t, struct fmt *f, int n, char **operands)
{
    if (f->output == NULL || strcmp(f->output, "-") == 0)
        tool_usage_error(t, "--split writes pieces: name them with -o NAME.pdn");
    f->split.name = f->output;
    t->work = NULL; /* the text is copied, not formatted */
    int stop = tool_read_inputs(t, n, operands, split_one, f);
    split_end(t, &f->split, stop == 0 && t->status < TOOL_EXIT_SYSTEM);
    if (stop < 0 && stop != PDN_EIO) tool_system_error(t, f->output, pdn_strerror(stop));
    tool_select_end_run(t, t->status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(t);
}

static int write_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct fmt *f = ctx;
    if (t->job) return jobs_finish(t->job, tool_on_diag, t, f->out.fp);
    struct pdn_format_options fo = format_options(t, f, tool_on_diag, t);
    return pdn_format_game(f->out.fp, game, &fo);
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct fmt f;
    static char usage[sizeof usage_options + sizeof usage_selection];
    snprintf(usage, sizeof usage, "%s%s", usage_options, usage_selection);
    tool_init(&t, "pdnfmt", usage);
    t.long_options = long_options;
    f.write.version = PDN_WRITE_OPTIONS_VERSION;
    /* The repairs of --fix are notes said by default: -w, -W none or
     * -W no-fixed silence them. */
    t.hidden[PDN_DIAG_FIXED] = false;
    t.jobs = JOBS_AUTO;
    t.work = &(const struct tool_work){.game = format_work};
    opterr = 0;
    parse_options(&t, &f, argc, argv);
    if (f.split.per) return split_inputs(&t, &f, argc - optind, argv + optind);
    if (tool_output_open(&t, &f.out, f.output) != 0) return tool_exit_status(&t);
    int stop = tool_read_inputs(&t, argc - optind, argv + optind, write_one, &f);
    tool_output_stopped(&t, &f.out, stop);
    /* A partial output (a file could not be read) does not replace the old one. */
    tool_output_close(&t, &f.out, t.status < TOOL_EXIT_SYSTEM);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(&t);
}
