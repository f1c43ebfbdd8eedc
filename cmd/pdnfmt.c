/*
 * pdnfmt: rewrites PDN files in the canonical PDN 3.0 form.
 *
 * Every game read is written, broken ones too: the tool reformats, it does
 * not judge (pdncheck does; pdnfmt prints the reader's findings only). Each
 * game is replayed, quietly, to learn two things the writer is then told:
 * the shortest text of every move the replay could play (pdn_move_to_text with
 * the legal moves before it), and where a line stops at a move that cannot
 * be played (--broken). Moves the replay did not reach are written as read.
 */
#include "common.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: pdnfmt [options] [FILE...]\n"
    "Writes the games of the PDN files (standard input when none, or '-')\n"
    "in the canonical PDN 3.0 form.\n"
    "\n"
    "  -o, --output FILE      write to FILE (replaced only when all went well)\n"
    "  -l, --width N          wrap lines at N characters (default 80)\n"
    "      --no-comments      drop comments\n"
    "      --no-variations    drop variations\n"
    "      --no-nags          drop NAGs ($n) and move strengths (!, ?)\n"
    "      --seven-tag-roster keep only the seven-tag roster (and GameType, FEN, SetUp)\n"
    "      --no-normalise     write the moves as read, not in their shortest form\n"
    "      --broken MODE      games with errors: keep (default), comment (the moves\n"
    "                         from the first illegal one become a comment) or\n"
    "                         verbatim (the game's text as read)\n"
    "      --strict           read by the PDN 3.0 grammar to the letter\n"
    "      --encoding NAME    input encoding: auto, utf-8, latin1, cp1252, cp1251, cp866\n"
    "  -W WHAT                what counts, as in pdncheck: all, none, error, no-NAME, NAME\n"
    "  -w, --errors-only      report errors only, not warnings and notes (-W none)\n"
    "  -q, --quiet            no note when reading a terminal\n"
    "      --format FORMAT    findings as text (default) or json: one JSON object a line\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
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
    {"quiet", no_argument, NULL, 'q'},
    TOOL_FINDING_LONG_OPTIONS,
    TOOL_COMMON_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

enum broken_mode { BROKEN_KEEP, BROKEN_COMMENT, BROKEN_VERBATIM };

/* A move the replay played, and its shortest text. */
struct placed {
    const struct pdn_node *node;
    char text[PDN_MOVE_TEXT_MAX];
};

/* The place of a move at which the replay stopped a line. */
struct stop {
    uint32_t line, col;
};

/* What the replay of one game found. */
struct moves {
    struct placed *placed; /* sorted by node once the replay is over */
    size_t nplaced, capplaced;
    struct stop *stops;
    size_t nstops, capstops;
    bool nomem;
    struct pdn_movelist legal; /* scratch for pdn_move_to_text */
};

struct fmt {
    struct pdn_write_options write;
    const char *output;
    struct tool_output out;
    bool keep_moves;
    enum broken_mode broken;
    struct tool *t;
    size_t error_game; /* the last game the reader reported an error in, or 0 */
    struct moves moves;
};

/* ---- options ----------------------------------------------------------------- */

static enum broken_mode parse_broken(const struct tool *t, const char *arg)
{
    static const char *const names[] = {"keep", "comment", "verbatim"};
    for (int i = 0; i < 3; i++)
        if (strcmp(arg, names[i]) == 0) return (enum broken_mode)i;
    tool_usage_error(t, "--broken wants keep, comment or verbatim, not '%s'", arg);
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
    while ((opt = getopt_long(argc, argv, ":o:l:W:wqh", long_options, NULL)) != -1) {
        if (opt == 'w') check_old_width(t, argc, argv);
        if (tool_common_option(t, opt, optarg) || tool_finding_option(t, opt, optarg) ||
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
        default:
            tool_option_error(t, opt, argv);
        }
    }
}

/* ---- the replay ---------------------------------------------------------------- */

/* Room for one more element of size 'size' in *p; false when out of memory. */
static bool grow(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return true;
    size_t want = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, want * size);
    if (q == NULL) return false;
    *p = q;
    *cap = want;
    return true;
}

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct moves *m = ctx;
    (void)after;
    (void)depth;
    if (!grow((void **)&m->placed, &m->capplaced, m->nplaced, sizeof *m->placed)) {
        m->nomem = true;
        return;
    }
    struct placed *p = &m->placed[m->nplaced++];
    p->node = node;
    if (move->ncaptured == 0) { /* only captures can be ambiguous */
        pdn_move_to_text(p->text, move, NULL);
        return;
    }
    pdn_movegen(&m->legal, before, 0);
    pdn_move_to_text(p->text, move, &m->legal);
}

/* The replay's findings are not printed (pdncheck's job): only the moves
 * that stop a line are noted. */
static void on_replay_diag(const struct pdn_diag *d, void *ctx)
{
    struct moves *m = ctx;
    if (d->code != PDN_DIAG_ILLEGAL_MOVE && d->code != PDN_DIAG_AMBIGUOUS_MOVE) return;
    if (!grow((void **)&m->stops, &m->capstops, m->nstops, sizeof *m->stops)) {
        m->nomem = true;
        return;
    }
    m->stops[m->nstops++] = (struct stop){d->line, d->col};
}

static int by_node(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct placed *)a)->node;
    uintptr_t y = (uintptr_t)((const struct placed *)b)->node;
    return (x > y) - (x < y);
}

static int replay(struct moves *m, const pdn_game *game)
{
    m->nplaced = m->nstops = 0;
    m->nomem = false;
    struct pdn_replay_options ro = {.version = PDN_OPTIONS_VERSION, 
        .on_diag = on_replay_diag, .diag_ctx = m, .on_ply = on_ply, .ply_ctx = m};
    struct pdn_replay_summary sum;
    int rc = pdn_replay_game(&sum, game, &ro);
    if (rc == 0 && m->nomem) rc = PDN_ENOMEM;
    if (m->nplaced > 1) qsort(m->placed, m->nplaced, sizeof *m->placed, by_node);
    return rc;
}

static const struct placed *find_placed(const struct moves *m, const struct pdn_node *node)
{
    struct placed key = {.node = node};
    if (m->nplaced == 0) return NULL;
    return bsearch(&key, m->placed, m->nplaced, sizeof *m->placed, by_node);
}

/* pdn_move_text_fn: the shortest text of a move the replay played. */
static const char *placed_text(const struct pdn_node *node, void *ctx)
{
    const struct placed *p = find_placed(ctx, node);
    return p ? p->text : NULL;
}

/* pdn_move_cut_fn: a move the replay stopped at, and did not play. */
static bool stopped_at(const struct pdn_node *node, void *ctx)
{
    const struct moves *m = ctx;
    for (size_t i = 0; i < m->nstops; i++)
        if (m->stops[i].line == node->pos.line && m->stops[i].col == node->pos.col)
            return find_placed(m, node) == NULL;
    return false;
}

static void moves_free(struct moves *m)
{
    free(m->placed);
    free(m->stops);
}

/* ---- writing ------------------------------------------------------------------- */

/* The reader's callback: notes the games with errors, then prints. */
static void on_read_diag(const struct pdn_diag *d, void *ctx)
{
    struct fmt *f = ctx;
    if (d->game && pdn_diag_severity(d->code) == PDN_SEV_ERROR) f->error_game = d->game;
    tool_on_diag(d, f->t);
}

/* The game's text as read, then the blank line that ends every game. */
static int write_raw(FILE *fp, const pdn_game *game)
{
    fwrite(game->raw, 1, game->raw_len, fp);
    fputs("\n\n", fp);
    return ferror(fp) ? PDN_EIO : PDN_OK;
}

static int write_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct fmt *f = ctx;
    bool read_error = f->error_game == game->index;
    (void)t;
    if (f->error_game <= game->index) f->error_game = 0;
    f->moves.nplaced = f->moves.nstops = 0;
    if (!f->keep_moves || f->broken != BROKEN_KEEP) {
        int rc = replay(&f->moves, game);
        if (rc < 0) return rc;
    }
    bool stopped = f->moves.nstops > 0;
    if (f->broken == BROKEN_VERBATIM && (read_error || stopped) && game->raw)
        return write_raw(f->out.fp, game);
    struct pdn_write_options wo = f->write;
    wo.move_text = f->keep_moves ? NULL : placed_text;
    wo.cut_line = f->broken == BROKEN_COMMENT ? stopped_at : NULL;
    wo.move_ctx = &f->moves;
    return pdn_write_game(f->out.fp, game, &wo);
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct fmt f; /* holds a move list: too big for the stack of some systems */
    tool_init(&t, "pdnfmt", usage);
    f.t = &t;
    f.write.version = PDN_OPTIONS_VERSION;
    t.on_diag = on_read_diag;
    t.diag_ctx = &f;
    opterr = 0;
    parse_options(&t, &f, argc, argv);
    if (tool_output_open(&t, &f.out, f.output) != 0) return tool_exit_status(&t);
    int stop = tool_read_inputs(&t, argc - optind, argv + optind, write_one, &f);
    if (stop == PDN_EIO) /* said once, when the output is closed */
        f.out.err = errno ? errno : EIO;
    else if (stop < 0)
        tool_system_error(&t, f.output ? f.output : "standard output", pdn_error_message(stop));
    /* A partial output (a file could not be read) does not replace the old one. */
    tool_output_close(&t, &f.out, t.status < TOOL_EXIT_SYSTEM);
    moves_free(&f.moves);
    return tool_exit_status(&t);
}
