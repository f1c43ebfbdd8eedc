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

#include <errno.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: pdnfmt [options] [FILE|FOLDER...]\n"
    "Writes the games of the PDN files (standard input when none, or '-')\n"
    "in the canonical PDN 3.0 form.\n"
    "\n"
    "  -o, --output FILE      write to FILE (replaced only when all went well)\n"
    "  -l, --width N          wrap lines at N characters (default 80)\n"
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
    "                         NAME-0001.pdn, NAME-0002.pdn ... (for other machines)\n"
    "      --strict           read by the PDN 3.0 grammar to the letter\n"
    "      --encoding NAME    non-UTF-8 input: cp1251, cp866, koi8-r, cp1252, "
    "latin1\n" TOOL_VARIANT_USAGE TOOL_JOBS_USAGE
    "  -W WHAT                what counts, as in pdncheck: all, none, error, no-NAME, NAME\n"
    "                         (errors and warnings by default; all adds the notes)\n"
    "  -w, --errors-only      report errors only, not warnings and notes (-W none)\n"
    "  -q, --quiet            no note when reading a terminal\n"
    "      --format FORMAT    findings as text (default) or json: one JSON object a line\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
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
    {"quiet", no_argument, NULL, 'q'},
    TOOL_JOBS_LONG_OPTION,
    TOOL_SELECT_LONG_OPTIONS,
    TOOL_FINDING_LONG_OPTIONS,
    TOOL_COMMON_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

enum broken_mode { BROKEN_KEEP, BROKEN_COMMENT, BROKEN_VERBATIM };

struct fmt {
    struct pdn_write_options write;
    const char *output;
    struct tool_output out;
    bool keep_moves;
    bool fix;
    enum broken_mode broken;
    enum pdn_capture_notation captures;
    struct split split; /* --split N: split.per > 0 */
};

/* ---- options ----------------------------------------------------------------- */

static enum broken_mode parse_broken(const struct tool *t, const char *arg)
{
    static const char *const names[] = {"keep", "comment", "verbatim"};
    for (int i = 0; i < 3; i++)
        if (strcmp(arg, names[i]) == 0) return (enum broken_mode)i;
    tool_usage_error(t, "--broken wants keep, comment or verbatim, not '%s'", arg);
}

static enum pdn_capture_notation parse_captures(const struct tool *t, const char *arg)
{
    static const struct {
        const char *name;
        enum pdn_capture_notation notation;
    } names[] = {
        {"full-when-ambiguous", PDN_CAPTURE_FULL_WHEN_AMBIGUOUS},
        {"shortest", PDN_CAPTURE_SHORTEST},
        {"full", PDN_CAPTURE_FULL_PATH},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(arg, names[i].name) == 0) return names[i].notation;
    tool_usage_error(t, "--captures wants full-when-ambiguous, shortest or full, not '%s'", arg);
}

/* The options that only set a flag; false for any other. */
static bool flag_option(struct fmt *f, int opt)
{
    switch (opt) {
    case OPT_NO_COMMENTS:
        f->write.no_comments = true;
        return true;
    case OPT_NO_VARIATIONS:
        f->write.no_variations = true;
        return true;
    case OPT_NO_NAGS:
        f->write.no_nags = true;
        return true;
    case OPT_SEVEN_TAG_ROSTER:
        f->write.seven_tag_roster = true;
        return true;
    case OPT_NO_NORMALISE:
        f->keep_moves = true;
        return true;
    case OPT_FIX:
        f->fix = true;
        return true;
    default:
        return false;
    }
}

/* -w was the width before it meant --errors-only, as in pdncheck and the
 * compilers: "-w 60", where no file 60 exists, gets the new spelling. */
static void check_old_width(const struct tool *t, int argc, char **argv)
{
    if (optind >= argc) return;
    const char *next = argv[optind];
    if (next[0] == '\0' || next[strspn(next, "0123456789")] != '\0') return;
    if (access(next, F_OK) == 0) return;
    tool_usage_error(t, "-w means --errors-only now; the width is -l %s or --width %s", next, next);
}

static void parse_options(struct tool *t, struct fmt *f, int argc, char **argv)
{
    int opt;
    while ((opt = getopt_long(argc, argv, ":o:l:W:wqhg:j:", long_options, NULL)) != -1) {
        if (opt == 'w') check_old_width(t, argc, argv);
        if (tool_common_option(t, opt, optarg) || tool_finding_option(t, opt, optarg) ||
            tool_select_option(t, opt, optarg) || jobs_option(t, opt, optarg) ||
            flag_option(f, opt))
            continue;
        switch (opt) {
        case 'o':
            f->output = optarg;
            break;
        case 'l':
            f->write.width = (int)tool_parse_long(t, "--width", optarg, 1, 100000);
            break;
        case 'q':
            t->quiet = true;
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
    static const enum pdn_format_broken modes[] = {
        [BROKEN_KEEP] = PDN_FORMAT_BROKEN_KEEP,
        [BROKEN_COMMENT] = PDN_FORMAT_BROKEN_COMMENT,
        [BROKEN_VERBATIM] = PDN_FORMAT_BROKEN_VERBATIM,
    };
    struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
    fo.write = &f->write;
    fo.draw_rules = t->draw_rules;
    fo.no_normalise = f->keep_moves;
    fo.broken = modes[f->broken];
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
    if (stop < 0 && stop != PDN_EIO) tool_system_error(t, f->output, pdn_error_message(stop));
    pdn_select_free(t->select);
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
    tool_init(&t, "pdnfmt", usage);
    t.long_options = long_options;
    f.write.version = PDN_OPTIONS_VERSION;
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
    if (stop == PDN_EIO) /* said once, when the output is closed */
        f.out.err = errno ? errno : EIO;
    else if (stop < 0)
        tool_system_error(&t, f.output ? f.output : "standard output", pdn_error_message(stop));
    /* A partial output (a file could not be read) does not replace the old one. */
    tool_output_close(&t, &f.out, t.status < TOOL_EXIT_SYSTEM);
    pdn_select_free(t.select);
    return tool_exit_status(&t);
}
