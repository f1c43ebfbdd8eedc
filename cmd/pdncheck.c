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
#include "jobs.h"

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

/* The text of one source line, for excerpts (-v): of a long line that
 * holds many games, only what an excerpt of the last game can show. */
struct srcline {
    char *text;
    size_t len, cap;
    uint32_t line;  /* 0 for none */
    uint32_t cols;  /* characters in text */
    uint32_t first; /* the column of text[0] */
    /* The blanks before the last game ([0]) and before the one before it
     * ([1], whose findings may wait for the last one: see deferred), as
     * columns [from, to): they stand for what the reader does not keep,
     * blanks or not (words above a game's tags). */
    struct pad {
        uint32_t from, to;
    } pad[2];
};

/* Where the last excerpt of a long line started: findings come in source
 * order, so the next one of the same line counts on from there, and a
 * line of a million columns with a finding in every few is read once. */
struct excerpt_cursor {
    const char *line;
    size_t byte;
    uint32_t chars;
};

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

/* Lines longer than this many characters are shown in part, around the column. */
enum { EXCERPT_WIDTH = 100, EXCERPT_LEAD = 40 };

static bool line_append(struct srcline *l, const char *s, size_t n)
{
    if (l->len + n > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        while (cap < l->len + n)
            cap *= 2;
        char *text = realloc(l->text, cap);
        if (text == NULL) return false;
        l->text = text, l->cap = cap;
    }
    memcpy(l->text + l->len, s, n);
    l->len += n;
    l->cols += (uint32_t)pdn_text_width(s, n);
    return true;
}

/* The kept line begins again at line g->start.line: no gap wider than
 * EXCERPT_WIDTH before the game is kept as blanks. */
static void srcline_restart(struct srcline *l, const pdn_game *g)
{
    l->len = l->cols = 0;
    l->line = g->start.line;
    l->first = g->start.col > 1 + EXCERPT_WIDTH ? g->start.col : 1;
    /* what stands before a game that starts far on is not kept at all */
    l->pad[0] = (struct pad){1, l->first};
    l->pad[1] = (struct pad){0, 0};
}

/* The first line of g's text added to the kept line, the gap before it as
 * blanks. */
static void srcline_extend(struct srcline *l, const pdn_game *g)
{
    bool ok = true;
    uint32_t end = l->first + l->cols;
    l->pad[1] = l->pad[0];
    l->pad[0] = (struct pad){end, g->start.col > end ? g->start.col : end};
    while (ok && l->first + l->cols < g->start.col)
        ok = line_append(l, " ", 1);
    const char *nl = memchr(g->raw, '\n', g->raw_len);
    if (ok) ok = line_append(l, g->raw, nl ? (size_t)(nl - g->raw) : g->raw_len);
    if (!ok) l->line = 0; /* no excerpt rather than a wrong one */
}

/* Of the text before column col (the games before on the line), an
 * excerpt of a later game shows at most the last EXCERPT_WIDTH
 * characters: a line of many games keeps no more. */
static void srcline_trim(struct srcline *l, uint32_t col)
{
    if (l->line == 0 || col < l->first || col - l->first <= 2 * EXCERPT_WIDTH) return;
    uint32_t drop = col - l->first - EXCERPT_WIDTH;
    size_t cut = pdn_text_prefix(l->text, l->len, drop);
    memmove(l->text, l->text + cut, l->len - cut);
    l->len -= cut;
    l->first += drop;
    l->cols -= drop;
    for (int i = 0; i < 2; i++) {
        struct pad *p = &l->pad[i];
        if (p->to <= l->first)
            *p = (struct pad){0, 0};
        else if (p->from < l->first)
            p->from = l->first;
    }
}

/* The blanks of the kept line that column col of line 'line' is in, text
 * the reader did not keep; NULL for none. */
static struct pad *srcline_pad_at(struct srcline *l, uint32_t line, uint32_t col)
{
    for (int i = 0; line == l->line && i < 2; i++)
        if (col >= l->pad[i].from && col < l->pad[i].to) return &l->pad[i];
    return NULL;
}

/* A finding in the blanks at the start of the kept line showed that they
 * are no blanks (words above a game's tags): the line starts after them
 * from then on, shown after "...". Blanks between games stay. */
static void srcline_unpad(struct srcline *l, struct pad *p)
{
    if (p->from != l->first) return;
    size_t n = p->to - p->from; /* blanks, a byte each */
    memmove(l->text, l->text + n, l->len - n);
    l->len -= n;
    l->cols -= (uint32_t)n;
    l->first = p->to;
    *p = (struct pad){0, 0};
}

static void flush_deferred(struct check *c, uint32_t until);

/*
 * A game's text starts at its first token, so the line that holds it may
 * begin in the game before (files with one game a line, or everything on one
 * line). The line is kept across games, the gap between them as blanks.
 * The last game's findings that waited for its last line to be whole
 * (flush_held) are printed here: those before this game's first line at
 * once, the others once that line holds this game's text too.
 */
static void srcline_enter(struct check *c, const pdn_game *g)
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

/* The byte where the last line of the game's text starts. */
static size_t last_line_start(const pdn_game *g)
{
    size_t i = g->raw_len;
    while (i > 0 && g->raw[i - 1] != '\n')
        i--;
    return i;
}

/* The number of the line the game's text ends on. */
static uint32_t last_line(const pdn_game *g)
{
    uint32_t lines = 0;
    for (const char *p = g->raw, *end = p + last_line_start(g); p < end; p++)
        lines += *p == '\n';
    return g->start.line + lines;
}

/* After a game: the line its text ends on is where the next one may start. */
static void srcline_leave(struct srcline *l, const pdn_game *g)
{
    size_t tail = last_line_start(g);
    if (tail == 0) return;
    l->len = l->cols = 0;
    l->first = 1;
    memset(l->pad, 0, sizeof l->pad);
    l->line = last_line(g);
    if (!line_append(l, g->raw + tail, g->raw_len - tail)) l->line = 0;
}

/* Source line 'line', from the kept line or the game's text, from column
 * *first on; false when neither holds it (a finding between games). */
static bool source_line(const struct check *c, uint32_t line, const char **out, size_t *len,
                        uint32_t *first)
{
    *first = 1;
    if (line == c->src.line) {
        *out = c->src.text, *len = c->src.len, *first = c->src.first;
        return true;
    }
    const pdn_game *g = c->game;
    if (g == NULL || line <= g->start.line) return false;
    const char *p = g->raw, *end = g->raw + g->raw_len;
    for (uint32_t l = g->start.line; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL) return false;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *out = p;
    *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    return true;
}

/* The byte offset of character 'chars' of s, counted on from the cursor
 * when it stands on this line at or before it. */
static size_t excerpt_offset(struct excerpt_cursor *cur, const char *s, size_t len, uint32_t chars)
{
    if (cur->line != s || cur->chars > chars) *cur = (struct excerpt_cursor){s, 0, 0};
    cur->byte += pdn_text_prefix(s + cur->byte, len - cur->byte, chars - cur->chars);
    cur->chars = chars;
    return cur->byte;
}

/* The line (its text from column 'first' on) and a caret; a long line only
 * around the column, cut with "...". */
static void print_excerpt(struct excerpt_cursor *cur, uint32_t line_no, const char *s, size_t len,
                          uint32_t col, uint32_t first)
{
    while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == '\n'))
        len--;
    if (first == 1 && pdn_text_prefix(s, len, EXCERPT_WIDTH) == len) {
        tool_diag_excerpt(stdout, line_no, s, len, col);
        return;
    }
    uint32_t rel = col >= first ? col - first + 1 : 1; /* the column in s */
    uint32_t from = rel > EXCERPT_LEAD ? rel - EXCERPT_LEAD : 1;
    const char *a = s + excerpt_offset(cur, s, len, from - 1);
    const char *b = a + pdn_text_prefix(a, len - (size_t)(a - s), EXCERPT_WIDTH);
    bool before = from > 1 || first > 1;
    char buf[EXCERPT_WIDTH * 4 + 8];
    int n = snprintf(buf, sizeof buf, "%s%.*s%s", before ? "..." : "", (int)(b - a), a,
                     b < s + len ? "..." : "");
    tool_diag_excerpt(stdout, line_no, buf, (size_t)n, rel - from + 1 + (before ? 3 : 0));
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
    if (!between && source_line(c, d->line, &line, &len, &first)) {
        print_excerpt(&c->cursor, d->line, line, len, col, first);
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
    if (excerpts) srcline_enter(c, game);
    c->cursor.line = NULL; /* the lines change from game to game */
    int err = replay(c, &plies, game);
    tool_findings_sort(&c->held);
    if (c->list) list_game(c, game, plies);
    flush_held(c, excerpts && !c->list ? last_line(game) : 0);
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
