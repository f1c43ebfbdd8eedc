/*
 * pdncheck: reads and replays every game of PDN files and reports what is
 * wrong with them, compiler style, one line per finding.
 *
 * A thin tool: options, a loop over the inputs, pdn_replay_game, output.
 * The judging is the library's; this file only filters, counts and prints.
 * Nothing here may cost more than a few instructions per game unless -v
 * asks for source excerpts.
 */
#include "common.h"
#include "event_dates.h"
#include "jobs.h"
#include "srcline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: pdncheck [options] [FILE|FOLDER...]\n"
    "Reads and replays the games of the PDN files (standard input when none,\n"
    "or '-') and reports illegal moves, wrong results and syntax errors.\n"
    "\n"
    "  -v, --verbose          show the source line and a caret under the place\n"
    "  -W WHAT                what counts; a comma-separated list of:\n"
    "                           all      report warnings and notes (by default\n"
    "                                    errors and warnings, no notes)\n"
    "                           error    warnings too make the exit status 1\n"
    "                           none     report errors only (same as -w)\n"
    "                           no-NAME  do not report the warning or note NAME\n"
    "                           NAME     report NAME again\n"
    "  -w, --errors-only      report errors only, not warnings and notes\n"
    "  -q, --quiet            no summary at the end, no note when reading a terminal\n"
    "  -s, --summary=files    a summary line for each file too (--summary=total: the\n"
    "                         one at the end only, the default)\n"
    "      --format FORMAT    text (default) or json: one JSON object a line, the\n"
    "                         findings, file errors and the summary\n"
    "      --list-codes       list the diagnostics: name, severity, message\n"
    "      --list             one line per game instead of the findings: file, number,\n"
    "                         White, Black, Event, Date, Result, plies and ok or the\n"
    "                         first error, separated by tabs\n" TOOL_ENCODING_USAGE
        TOOL_VARIANT_USAGE TOOL_JOBS_USAGE TOOL_HELP_USAGE "\n" TOOL_SELECT_USAGE "\n"
    "Findings go to standard output as FILE:LINE:COLUMN: SEVERITY: MESSAGE,\n"
    "other messages and the summary to standard error (with --format json,\n"
    "all to standard output, standard output's own failure excepted).\n"
    "Exit status: 0 clean, 1 findings (errors; warnings too with -W error),\n"
    "2 usage error, 3 a file could not be read or the output written.\n";

/* What the summary counts, for the run and for one file. */
struct tally {
    unsigned long files, unreadable, not_pdn, games, clean, with_errors, with_warnings;
    unsigned long copies;      /* games left out by --unique */
    unsigned long findings[3]; /* reported, by enum pdn_severity */
    unsigned long hidden[3];   /* warnings and notes not reported, by severity */
};

struct check {
    struct tool *t;
    bool verbose;
    bool per_file;        /* --summary=files */
    bool list;            /* --list: a line per game, no findings */
    const char *file;     /* the operand being read */
    const pdn_game *game; /* the game being replayed, for excerpts */
    /* Findings of the next games, by index: the reader reports a game's
     * findings before it hands the game over. */
    size_t next_index;
    unsigned errors, warnings; /* of the game, warnings reported or not */
    /* findings waiting for the end of their game */
    struct tool_findings held;
    /* -v: a game's findings on its last line or after it, waiting for the
     * next game: that line may go on into the next game's text (a game
     * glued to the one before, "19-[Event"), which is not read yet. */
    struct tool_findings deferred;
    struct srcline src; /* -v: the line the last game ended on */
    struct excerpt_cursor cursor;
    struct tally sum;     /* the summary */
    pdn_scratch *scratch; /* the replay's memory, kept from game to game (NULL: none) */
};

/* ---- options ---------------------------------------------------------------- */

/* The names -W takes, from the one table in the library. */
_Noreturn static void list_codes(struct tool *t, void *state, const char *arg)
{
    (void)state, (void)arg;
    for (int code = 0; code < PDN_DIAG_COUNT; code++) {
        struct pdn_diag d = {.code = (enum pdn_diag_code)code};
        char phrase[128];
        pdn_diag_message(phrase, sizeof phrase, &d);
        printf("%-24s %-8s %s\n", pdn_diag_name(d.code),
               pdn_severity_name(pdn_diag_severity(d.code)), phrase);
    }
    tool_exit_flushed(t);
}

static void parse_summary(struct tool *t, void *state, const char *arg)
{
    static const char *const names[] = {"files", "total", NULL};
    ((struct check *)state)->per_file =
        tool_parse_keyword(t, "--summary", arg, names, "'files' or 'total'") == 0;
}

static void parse_options(struct check *c, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_FLAG('v', "verbose", struct check, verbose),
        TOOL_CALL(0, "list-codes", no_argument, list_codes),
        TOOL_CALL(0, "summary", required_argument, parse_summary),
        TOOL_FLAG(0, "list", struct check, list),
        TOOL_FLAG('s', NULL, struct check, per_file),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {
        &jobs_part, &tool_choosing_part, &tool_finding_part, &tool_common_part, NULL};
    tool_parse_options(c->t, c, own, parts, argc, argv);
}

/* ---- source excerpts (-v) ------------------------------------------------- */

static void flush_deferred(struct check *c, uint32_t until);

/*
 * A game's text starts at its first token, so the line that holds it may
 * begin in the game before (files with one game a line, or everything on one
 * line). The line is kept across games, the gap between them as blanks.
 * The last game's findings that waited for its last line to be whole
 * (flush_held) are printed here: those before this game's first line at
 * once, the others once that line holds this game's text too.
 */
static void excerpts_enter(struct check *c, const pdn_game *g)
{
    struct srcline *l = &c->src;
    bool same_line = l->line == g->start.line;
    bool near = same_line && g->start.col <= l->first + l->cols + EXCERPT_WIDTH;
    /* Those on this game's line too when it starts too far on for their
     * excerpts to reach it: the line begins again there. */
    flush_deferred(c, same_line && !near ? UINT32_MAX : g->start.line);
    if (!near) srcline_restart(l, g);
    srcline_extend(l, g);
    flush_deferred(c, UINT32_MAX);
    srcline_trim(l, g->start.col);
}

/* ---- printing --------------------------------------------------------------- */

static void emit(struct check *c, const struct pdn_diag *d)
{
    if (c->t->json) {
        tool_diag_json(stdout, d);
        return;
    }
    tool_diag_text(stdout, c->t->prog, d);
    const char *line;
    size_t len;
    uint32_t first;
    if (!c->verbose || d->line == 0) return;
    uint32_t col = d->col ? d->col : 1;
    struct pad *between = srcline_pad_at(&c->src, d->line, col);
    if (!between && srcline_source(&c->src, c->game, d->line, &line, &len, &first)) {
        excerpt_print(&c->cursor, d->line, line, len, col, first);
        return;
    }
    if (c->src.line == 0) return; /* the kept line was lost to memory */
    tool_diag_no_excerpt(stdout, d->line,
                         "no source line: the reader keeps the text of the games only, "
                         "not what stands between them");
    if (between) srcline_unpad(&c->src, between);
    c->cursor.line = NULL;
}

/* Keeps a finding until its game has been replayed, to print the game's
 * findings in source order; prints it at once when memory runs out rather
 * than lose it. */
static void hold(struct check *c, const struct pdn_diag *d)
{
    if (!tool_findings_keep(&c->held, d)) emit(c, d);
}

/* Prints the findings held (none with --list), but those on line
 * wait_from or after it (0: none), which wait in c->deferred for the next
 * game; memory short, they are printed at once rather than lost. */
static void flush_held(struct check *c, uint32_t wait_from)
{
    for (size_t i = 0; i < c->held.n; i++) {
        const struct pdn_diag *d = &c->held.items[i].d;
        bool wait = wait_from && d->line >= wait_from && tool_findings_keep(&c->deferred, d);
        if (!c->list && !wait) emit(c, d);
        free(c->held.items[i].strings);
    }
    c->held.n = 0;
}

/* Prints the findings deferred (in source order) on lines before 'until'. */
static void flush_deferred(struct check *c, uint32_t until)
{
    struct tool_findings *f = &c->deferred;
    size_t n = 0;
    c->cursor.line = NULL; /* the kept line may have moved */
    for (; n < f->n && f->items[n].d.line < until; n++) {
        emit(c, &f->items[n].d);
        free(f->items[n].strings);
    }
    if (n == 0) return; /* items may be NULL: none was ever kept */
    memmove(f->items, f->items + n, (f->n - n) * sizeof *f->items);
    f->n -= n;
}

/* The one callback of the reader and the replay. */
static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct check *c = ctx;
    enum pdn_severity sev = pdn_diag_severity(d->code);
    /* A game with a warning is not clean, shown or not (-w): the counts of
     * findings and the exit status are of the reported ones only. */
    /* A copy left out is no game of the counts (and its finding is none of
     * the next game's). */
    c->sum.copies += d->code == PDN_DIAG_REPEATED_GAME;
    if (d->game != 0 && d->game >= c->next_index && d->code != PDN_DIAG_REPEATED_GAME) {
        c->errors += sev == PDN_SEV_ERROR;
        c->warnings += sev == PDN_SEV_WARNING;
    }
    if ((unsigned)d->code < PDN_DIAG_COUNT && c->t->hidden[d->code]) {
        c->sum.hidden[sev]++;
        return;
    }
    c->t->findings[sev]++;
    c->sum.findings[sev]++;
    c->sum.not_pdn += d->code == PDN_DIAG_NOT_PDN;
    hold(c, d);
}

/* ---- checking ----------------------------------------------------------------- */

static void count_game(struct check *c)
{
    c->sum.games++;
    if (c->errors)
        c->sum.with_errors++;
    else if (c->warnings)
        c->sum.with_warnings++;
    else
        c->sum.clean++;
    c->errors = c->warnings = 0;
}

/* --list: the game's line, with its first error in source order. */
static void list_game(struct check *c, const pdn_game *game, unsigned plies)
{
    const struct pdn_diag *first = NULL;
    for (size_t i = 0; i < c->held.n && !first; i++)
        if (pdn_diag_severity(c->held.items[i].d.code) == PDN_SEV_ERROR)
            first = &c->held.items[i].d;
    tool_list_game(stdout, c->t->json, c->file, game, plies, first);
}

static struct pdn_replay_options replay_options(const struct tool *t, const char *file,
                                                pdn_diag_fn to, void *ctx, pdn_scratch *scratch)
{
    return (struct pdn_replay_options){
        .version = PDN_REPLAY_OPTIONS_VERSION,
        .filename = file,
        .strict = t->strict,
        .draw_rules = t->draw_rules,
        .on_diag = to,
        .diag_ctx = ctx,
        .scratch = scratch,
        .date_orders = t->date_orders,
    };
}

_Static_assert(sizeof(struct pdn_replay_summary) <= JOBS_RESULT_SIZE, "the summary fits a job");

/* -j: the replay, in a worker; its findings wait in the job. */
static int replay_work(const struct tool *t, struct jobs_game *job, const pdn_game *game, void *ctx)
{
    const struct check *c = ctx;
    struct pdn_replay_options ro = replay_options(t, c->file, jobs_on_diag, job, jobs_scratch(job));
    return pdn_replay_game(jobs_result(job), game, &ro);
}

/* The game replayed, its findings handed to on_diag: here, or what a
 * worker did (-j); *plies, its main line's plies replayed (with -j, for
 * --list only). */
static int replay(struct check *c, unsigned *plies, const pdn_game *game)
{
    if (c->t->job) {
        int err = jobs_finish(c->t->job, on_diag, c, NULL);
        /* Read only for --list, and not the whole summary: each line of
         * the job read here moves back when the worker writes it for its
         * next game. */
        if (c->list) *plies = ((const struct pdn_replay_summary *)jobs_result(c->t->job))->plies;
        return err;
    }
    struct pdn_replay_summary summary = {0};
    struct pdn_replay_options ro = replay_options(c->t, c->file, on_diag, c, c->scratch);
    int err = pdn_replay_game(&summary, game, &ro);
    *plies = summary.plies;
    return err;
}

static int check_game(struct tool *t, const pdn_game *game, void *ctx)
{
    struct check *c = ctx;
    unsigned plies = 0;
    bool excerpts = c->verbose && !t->json;
    c->game = game;
    if (excerpts) excerpts_enter(c, game);
    c->cursor.line = NULL; /* the lines change from game to game */
    int err = replay(c, &plies, game);
    tool_findings_sort(&c->held);
    if (c->list) list_game(c, game, plies);
    flush_held(c, excerpts && !c->list ? srcline_last_line(game) : 0);
    if (excerpts) srcline_leave(&c->src, game);
    c->game = NULL;
    c->next_index = game->index + 1;
    count_game(c);
    if (err == 0 && ferror(stdout)) err = PDN_EIO; /* no use going on */
    return err < 0 ? err : 0;
}

static const char *plural(unsigned long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* "; 147 notes hidden (-W all)": what -w, -W no-NAME and the default
 * leave out, by kind, and how to see it. */
static void print_hidden(FILE *fp, const unsigned long *hidden)
{
    unsigned long w = hidden[PDN_SEV_WARNING], n = hidden[PDN_SEV_NOTE];
    if (w == 0 && n == 0) return;
    fputs("; ", fp);
    if (w) fprintf(fp, "%lu %s", w, plural(w, "warning", "warnings"));
    if (w && n) fputs(" and ", fp);
    if (n) fprintf(fp, "%lu %s", n, plural(n, "note", "notes"));
    fputs(" hidden (-W all)", fp);
}

/* "155 games: 140 clean, ...; 14 errors, 7 warnings", after what names the
 * files counted. Each game once, under its worst finding, so that the three
 * add up to the games: "with warnings but no errors" says so, where
 * pdnstats' "games with warnings" counts every game with one. */
static void print_tally_text(FILE *fp, const struct tally *n)
{
    const unsigned long *f = n->findings;
    fprintf(fp, "%lu %s: %lu clean, %lu with errors, %lu with warnings but no errors", n->games,
            plural(n->games, "game", "games"), n->clean, n->with_errors, n->with_warnings);
    fprintf(fp, "; %lu %s, %lu %s", f[PDN_SEV_ERROR], plural(f[PDN_SEV_ERROR], "error", "errors"),
            f[PDN_SEV_WARNING], plural(f[PDN_SEV_WARNING], "warning", "warnings"));
    if (f[PDN_SEV_NOTE])
        fprintf(fp, ", %lu %s", f[PDN_SEV_NOTE], plural(f[PDN_SEV_NOTE], "note", "notes"));
    if (n->copies)
        fprintf(fp, "; %lu %s left out (--unique)", n->copies, plural(n->copies, "copy", "copies"));
    print_hidden(fp, n->hidden);
    fputc('\n', fp);
}

static void print_summary_text(const struct check *c)
{
    const struct tally *n = &c->sum;
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp, "%s: %lu %s", c->t->prog, n->files, plural(n->files, "file", "files"));
    if (n->unreadable || n->not_pdn) {
        fputs(" (", fp);
        if (n->unreadable) fprintf(fp, "%lu unreadable%s", n->unreadable, n->not_pdn ? ", " : "");
        if (n->not_pdn) fprintf(fp, "%lu not PDN", n->not_pdn);
        fputc(')', fp);
    }
    fputs(", ", fp);
    print_tally_text(fp, n);
    tool_message_close(&m);
}

/* The counts as one JSON object, on the stream of the findings. */
static void print_tally_json(const char *type, const char *file, const struct tally *n)
{
    const unsigned long *f = n->findings;
    printf("{\"type\":\"%s\",", type);
    if (file) {
        printf("\"file\":");
        tool_json_string(stdout, file);
        putchar(',');
    } else
        printf("\"files\":%lu,", n->files);
    printf("\"unreadable\":%lu,\"not_pdn\":%lu,\"games\":%lu,\"clean\":%lu,"
           "\"with_errors\":%lu,\"with_warnings\":%lu,\"errors\":%lu,\"warnings\":%lu,"
           "\"notes\":%lu,\"hidden\":%lu",
           n->unreadable, n->not_pdn, n->games, n->clean, n->with_errors, n->with_warnings,
           f[PDN_SEV_ERROR], f[PDN_SEV_WARNING], f[PDN_SEV_NOTE],
           n->hidden[PDN_SEV_WARNING] + n->hidden[PDN_SEV_NOTE]);
    if (n->copies) printf(",\"copies\":%lu", n->copies); /* with --unique only */
    fputs("}\n", stdout);
}

/* --summary=files: what one file counted, the run's tally less the one
 * before it. */
static void print_file_summary(const struct check *c, const struct tally *before)
{
    const struct tally *a = &c->sum, *b = before;
    struct tally n = {
        .files = a->files - b->files,
        .unreadable = a->unreadable - b->unreadable,
        .not_pdn = a->not_pdn - b->not_pdn,
        .games = a->games - b->games,
        .clean = a->clean - b->clean,
        .with_errors = a->with_errors - b->with_errors,
        .with_warnings = a->with_warnings - b->with_warnings,
        .copies = a->copies - b->copies,
    };
    for (int i = 0; i < 3; i++) {
        n.findings[i] = a->findings[i] - b->findings[i];
        n.hidden[i] = a->hidden[i] - b->hidden[i];
    }
    if (c->t->json) {
        print_tally_json("file_summary", c->file, &n);
        return;
    }
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp, "%s: %s: ", c->t->prog, c->file);
    if (n.unreadable) fputs("unreadable, ", fp);
    if (n.not_pdn) fputs("not PDN, ", fp);
    print_tally_text(fp, &n);
    tool_message_close(&m);
}

static int check_file(struct check *c, const struct tool_input *in)
{
    unsigned long unreadable = c->t->unreadable;
    struct tally was = c->sum;
    bool file = in->kind == TOOL_INPUT_FILE || in->kind == TOOL_INPUT_ERROR;
    c->file = in->path;
    c->next_index = 1;
    c->src.line = 0;
    c->sum.files += file;
    int stop = tool_read_input(c->t, in, check_game, c);
    flush_deferred(c, UINT32_MAX);
    flush_held(c, 0); /* findings after the last game: no excerpt */
    c->errors = c->warnings = 0;
    c->sum.unreadable += c->t->unreadable - unreadable;
    if (file && c->per_file && !c->t->quiet && stop != PDN_EIO) {
        if (!c->t->json) fflush(stdout); /* after the file's findings */
        print_file_summary(c, &was);
    }
    return stop;
}

int main(int argc, char **argv)
{
    struct tool t;
    struct check c = {.t = &t};
    tool_init(&t, "pdncheck", usage);
    tool_buffer_output();
    t.findings_fp = stdout;
    t.on_diag = on_diag;
    t.diag_ctx = &c;
    t.jobs = JOBS_AUTO;
    t.work = &(const struct tool_work){.game = replay_work};
    /* Each file's events and dates read first (before the workers start),
     * so that a date whose day and month could be swapped is said with
     * the reading its event's or file's other dates settle, as pdnfmt
     * --fix writes it. */
    t.on_file = event_dates_on_file;
    parse_options(&c, argc, argv);
    pdn_scratch_new(&c.scratch); /* none: each replay allocates its own */
    int n = argc - optind;
    int stop = 0;
    if (n == 0) tool_stdin_notice(&t);
    struct tool_inputs in;
    tool_list_inputs(&t, &in, n, argv + optind);
    for (size_t i = 0; stop == 0 && i < in.n; i++)
        stop = check_file(&c, &in.items[i]);
    /* A failed standard output is said once, below, and leaves no summary:
     * the run stopped short of it. */
    if (stop < 0 && stop != PDN_EIO) tool_system_error(&t, c.file, pdn_strerror(stop));
    tool_findings_free(&c.held);
    tool_findings_free(&c.deferred);
    pdn_scratch_free(c.scratch);
    free(c.src.text);
    tool_inputs_free(&in);
    if (stop != PDN_EIO && !t.quiet && t.json) print_tally_json("summary", NULL, &c.sum);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    if (!tool_stdout_flush(&t)) return tool_exit_status(&t);
    if (!t.quiet && !t.json) print_summary_text(&c);
    return tool_exit_status(&t);
}
