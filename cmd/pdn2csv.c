/*
 * pdn2csv: games as CSV rows, one a game or one a ply. Options, the loop
 * over inputs and the summary; the row model is libpdn's (pdn_csv_*).
 */
#include "common.h"
#include "event_dates.h"
#include "inputs.h"
#include "jobs.h"
#include "output.h"
#include "text.h" /* lib/text.h: text_same_but_case, inline: nothing to link */
#include "vec.h"  /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <search.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "Usage: pdn2csv [options] [FILE|FOLDER...]\n"
    "Writes the games of the PDN files (standard input when none, or '-') as CSV:\n"
    "a header row, then one row per game (or per ply with --moves).\n"
    "\n" TOOL_OUTPUT_USAGE
    "      --moves            one row per ply of the main line (not one per game)\n"
    "      --variations       --moves: of every line, with its name and parent ply\n"
    "      --fen              --moves: the position after each ply\n"
    "  -t, --tag-column TAG   a column for TAG (repeatable)\n"
    "      --all-tags         a column for every tag of the files (read twice: no pipes)\n"
    "      --movetext         a column with the whole movetext as canonical PDN\n"
    "      --lossless         every tag and the whole movetext, results as written\n"
    "                         (--moves: move numbers and setups as written too,\n"
    "                         and --variations):\n"
    "                         csv2pdn gives the games back\n"
    "      --columns A,B,...  these columns, in this order (see --list-columns)\n"
    "      --list-columns     print the columns of the mode and exit\n"
    "  -d, --delimiter C      separate fields with C (default ','; ';' for --excel)\n"
    "      --tab              separate fields with tabs\n"
    "      --bom              start with a UTF-8 byte order mark\n"
    "      --crlf             end rows with CR LF (RFC 4180)\n"
    "      --iso-dates        dates as YYYY-MM-DD, unknown parts empty (12-08-2021\n"
    "                         read as the event's or file's other dates)\n"
    "      --excel            for spreadsheets: --bom --crlf --iso-dates, ';', and moves,\n"
    "                         results and cells starting with = + - @ kept as "
    "text\n" TOOL_ENCODING_USAGE TOOL_VARIANT_USAGE TOOL_JOBS_USAGE TOOL_FINDING_USAGE
    "  -q, --quiet            no summary, no note when reading a terminal\n" TOOL_FORMAT_USAGE
        TOOL_HELP_USAGE "\n" TOOL_SELECT_USAGE "\n"
    "Games with errors keep their rows: the status columns name the first error.\n"
    "The findings, those pdncheck shows, and a summary go to standard error.\n"
    "Exit status: 0 clean, 1 errors in the input, 2 usage error, 3 system error.\n";

struct conv {
    struct pdn_csv_write_options o;
    const char *output;
    struct tool_output out;
    bool all_tags, list_columns, excel, delimiter_set;
    const char **tags; /* -t and --all-tags */
    size_t ntags, captags;
    void *seen; /* the same names, a tsearch tree */
    pdn_csv_writer *writer;
    unsigned long games, rows;
    unsigned long worker_errors; /* -j: games with an error status the workers wrote */
    bool not_pdn;                /* an input was refused as not PDN: -o's file is kept */
};

/* ---- options ----------------------------------------------------------------- */

static int compare_names(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* A tag column, once: the names seen are in a search tree (tsearch), as
 * --all-tags may find 100 000 of them. */
static void add_tag(struct tool *t, struct conv *c, const char *name)
{
    if (tfind(name, &c->seen, compare_names)) return;
    if (!vec_reserve((void **)&c->tags, &c->captags, c->ntags, sizeof *c->tags))
        tool_out_of_memory(t);
    char *copy = strdup(name);
    if (!copy || !tsearch(copy, &c->seen, compare_names)) tool_out_of_memory(t);
    c->tags[c->ntags++] = copy;
}

/* A name the writer can write as a tag: [A-Z][A-Za-z0-9_]*. */
static bool tag_name(const char *s)
{
    if (s[0] < 'A' || s[0] > 'Z') return false;
    for (const char *p = s + 1; *p; p++)
        if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
              *p == '_'))
            return false;
    return true;
}

static void parse_tag_column(struct tool *t, void *state, const char *arg)
{
    if (!tag_name(arg)) tool_usage_error(t, "-t: '%s' is no tag name ([A-Z][A-Za-z0-9_]*)", arg);
    add_tag(t, state, arg);
}

/* -d C and --tab: a delimiter chosen, which --excel keeps. */
static void parse_delimiter(struct tool *t, void *state, const char *arg)
{
    struct conv *c = state;
    c->o.delimiter = arg ? tool_parse_delimiter(t, arg) : '\t';
    c->delimiter_set = true;
}

static void parse_options(struct tool *t, struct conv *c, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_TEXT('o', "output", struct conv, output),
        TOOL_VALUE(0, "moves", struct conv, o.mode, PDN_CSV_MOVES),
        TOOL_FLAG(0, "variations", struct conv, o.variations),
        TOOL_FLAG(0, "fen", struct conv, o.fen),
        TOOL_CALL('t', "tag-column", required_argument, parse_tag_column),
        TOOL_FLAG(0, "all-tags", struct conv, all_tags),
        TOOL_FLAG(0, "movetext", struct conv, o.movetext),
        TOOL_FLAG(0, "lossless", struct conv, o.lossless),
        TOOL_TEXT(0, "columns", struct conv, o.columns),
        TOOL_FLAG(0, "list-columns", struct conv, list_columns),
        TOOL_CALL('d', "delimiter", required_argument, parse_delimiter),
        TOOL_CALL(0, "tab", no_argument, parse_delimiter),
        TOOL_FLAG(0, "bom", struct conv, o.bom),
        TOOL_FLAG(0, "crlf", struct conv, o.crlf),
        TOOL_FLAG(0, "iso-dates", struct conv, o.iso_dates),
        TOOL_FLAG(0, "excel", struct conv, excel),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {
        &jobs_part, &tool_choosing_part, &tool_finding_part, &tool_common_part, NULL};
    tool_parse_options(t, c, own, parts, argc, argv);
    /* A row per game has neither: said, not ignored. */
    if (c->o.mode != PDN_CSV_MOVES && (c->o.fen || c->o.variations))
        tool_usage_error(t, "%s wants --moves (a row per ply); a row per game has %s",
                         c->o.fen ? "--fen" : "--variations",
                         c->o.fen ? "the final position (final_fen)"
                                  : "the variations in its movetext (--movetext)");
    if (c->excel) {
        c->o.bom = c->o.crlf = c->o.iso_dates = c->o.excel_text = true;
        if (!c->delimiter_set) c->o.delimiter = ';';
    }
    c->o.strict = t->strict;
    c->o.draw_rules = t->draw_rules;
    /* The replay's findings, shown as pdncheck shows them (the same default
     * set: errors and warnings), not only named in the status cells. */
    c->o.on_diag = tool_on_diag;
    c->o.diag_ctx = t;
}

/* The columns of the mode, their help aligned past the longest name
 * ("normalised_result" is 17 letters: a fixed width ran it into its help). */
static void list_columns(struct tool *t, const struct conv *c)
{
    const struct pdn_csv_column *col;
    int width = (int)strlen("Tag");
    for (size_t i = 0; (col = pdn_csv_column_get(c->o.mode, i)) != NULL; i++)
        if ((int)strlen(col->name) > width) width = (int)strlen(col->name);
    for (size_t i = 0; (col = pdn_csv_column_get(c->o.mode, i)) != NULL; i++)
        printf("%-*s  %s\n", width, col->name, col->help);
    /* GameType is a tag column that says more than its tag. */
    printf("%-*s  %s\n", width, "GameType",
           "its tag, else the variant the game was read under, as pdnfmt writes it");
    printf("%-*s  %s\n", width, "Tag", "any other name [A-Z][A-Za-z0-9_]*: the value of that tag");
    tool_exit_flushed(t);
}

/* ---- --all-tags: a first pass ------------------------------------------------ */

/* Whether a row per game has a column for tag name whatever the files
 * hold, in any case, ASCII's whatever the locale (the writer heads it by
 * the standard name: a file's Gametype is that column, not one more among
 * the tags found). A row per ply has none of them: --all-tags gives it
 * these too. */
static bool in_default(const struct conv *c, const char *name)
{
    if (c->o.mode == PDN_CSV_MOVES) return false;
    static const char *const shown[] = {"Event", "Site",   "Date",     "Round", "White",
                                        "Black", "Result", "GameType", "FEN"};
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        if (text_same_but_case(shown[i], name)) return true;
    return false;
}

static bool seekable(const char *operand)
{
    struct stat st;
    if (strcmp(operand, "-") == 0) return fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode);
    return stat(operand, &st) != 0 || S_ISREG(st.st_mode); /* a missing file fails later */
}

static void collect_file(struct tool *t, struct conv *c, const char *operand)
{
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.encoding = t->encoding;
    ro.gametype = t->gametype;
    ro.strict = t->strict;
    pdn_reader *r;
    bool std_in = strcmp(operand, "-") == 0;
    int rc =
        std_in ? pdn_reader_open_fd(&r, STDIN_FILENO, &ro) : pdn_reader_open_file(&r, operand, &ro);
    if (rc < 0) return; /* said by the second pass */
    pdn_game *g;
    while (pdn_reader_next(&g, r) > 0) {
        for (uint32_t i = 0; pdn_select_match(t->select, g) && i < g->ntags; i++) {
            const char *name = g->tags[i].name;
            if (tag_name(name) && !in_default(c, name)) add_tag(t, c, name);
        }
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    if (std_in && lseek(STDIN_FILENO, 0, SEEK_SET) != 0)
        tool_usage_error(t, "--all-tags: standard input cannot be read twice");
}

/* The tags of every file the operands name, folders walked as the reading
 * walks them (what cannot be read is said by the second pass). */
static void collect_tags(struct tool *t, struct conv *c, int n, char **operands)
{
    static char *const std_in[] = {"-"};
    struct tool_inputs in = {0};
    if (tool_inputs_expand(&in, n ? n : 1, n ? operands : std_in, t->input_ext) != 0)
        tool_out_of_memory(t);
    for (size_t i = 0; i < in.n; i++) {
        const char *path = in.items[i].path;
        if (in.items[i].kind != TOOL_INPUT_FILE || seekable(path)) continue;
        tool_usage_error(t,
                         "--all-tags reads the input twice: %s is a pipe; "
                         "name the tags with -t, or give a file",
                         strcmp(path, "-") == 0 ? "standard input" : path);
    }
    for (size_t i = 0; i < in.n; i++)
        if (in.items[i].kind == TOOL_INPUT_FILE) collect_file(t, c, in.items[i].path);
    tool_inputs_free(&in);
}

/* ---- writing ------------------------------------------------------------------- */

/* ---- -j: rows written by workers ------------------------------------------------ */

/* A worker's writer, with the options of the tool's, writing to memory. */
struct csv_worker {
    pdn_csv_writer *writer;
    char *mem;
    size_t len;
    FILE *fp;
    struct jobs_game *job; /* the game being written */
};

/* What the tool's thread counts of a game a worker wrote. */
struct csv_done {
    long rows;
    unsigned long errors;
};

static void worker_diag(const struct pdn_diag *d, void *ctx)
{
    struct csv_worker *k = ctx;
    jobs_on_diag(d, k->job);
}

static void csv_worker_end(void *state)
{
    struct csv_worker *k = state;
    pdn_csv_writer_free(k->writer);
    if (k->fp) fclose(k->fp);
    free(k->mem);
    free(k);
}

static void *csv_worker_begin(const struct tool *t, void *ctx)
{
    const struct conv *c = ctx;
    struct csv_worker *k = calloc(1, sizeof *k);
    if (k == NULL) return NULL;
    struct pdn_csv_write_options o = c->o;
    o.on_diag = worker_diag;
    o.diag_ctx = k;
    size_t bad;
    k->fp = open_memstream(&k->mem, &k->len);
    /* The worker's thread's alone: no lock a call (glibc locks each call
     * on a stream once threads run: ferror alone was 0.5% of -j 2). */
    if (k->fp) __fsetlocking(k->fp, FSETLOCKING_BYCALLER);
    if (k->fp && pdn_csv_writer_open(&k->writer, k->fp, &o, &bad) == 0) {
        pdn_csv_writer_set_date_orders(k->writer, t->date_orders);
        return k;
    }
    csv_worker_end(k);
    return NULL;
}

/* The reader's findings name the games with errors in the status columns. */
static void csv_worker_diag(void *state, const struct pdn_diag *d)
{
    pdn_csv_writer_on_diag(d, ((struct csv_worker *)state)->writer);
}

_Static_assert(sizeof(struct csv_done) <= JOBS_RESULT_SIZE, "the counts fit a job");

static int csv_work(const struct tool *t, struct jobs_game *job, const pdn_game *game, void *ctx)
{
    (void)ctx;
    struct csv_worker *k = jobs_state(job);
    struct csv_done *done = jobs_result(job);
    unsigned long errors = pdn_csv_writer_errors(k->writer);
    k->job = job;
    done->rows = pdn_csv_writer_write_game(k->writer, game, t->input);
    done->errors = pdn_csv_writer_errors(k->writer) - errors;
    if (done->rows < 0) return (int)done->rows;
    /* the game's rows, moved to the job; the worker's stream starts over */
    FILE *out = jobs_output(job);
    if (fflush(k->fp) != 0 || out == NULL || fwrite(k->mem, 1, k->len, out) != k->len)
        return PDN_ENOMEM;
    return fseek(k->fp, 0, SEEK_SET) == 0 ? 0 : PDN_ENOMEM;
}

/* The file's events and dates, read first, so that a date whose day and
 * month could be swapped is read as its event's others are written,
 * wherever they stand in the file: by --iso-dates, and by the replay's
 * finding, as pdncheck says it (the workers' writers, made for each file,
 * take them too). */
static void read_event_dates(struct tool *t, const char *operand, void *ctx)
{
    struct conv *c = ctx;
    pdn_csv_writer_set_date_orders(c->writer, NULL);
    event_dates_on_file(t, operand, ctx);
    pdn_csv_writer_set_date_orders(c->writer, t->date_orders);
}

static int write_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct conv *c = ctx;
    if (t->job) {
        int rc = jobs_finish(t->job, tool_on_diag, t, c->out.fp);
        const struct csv_done *done = jobs_result(t->job);
        if (rc < 0) return rc;
        c->games += !pdn_game_is_trailer(game);
        c->rows += (unsigned long)done->rows;
        c->worker_errors += done->errors;
        return 0;
    }
    long rows = pdn_csv_writer_write_game(c->writer, game, t->input);
    if (rows < 0) return (int)rows;
    c->games += !pdn_game_is_trailer(game); /* a row of its own, but no game */
    c->rows += (unsigned long)rows;
    return 0;
}

/* The reader's findings: printed as every tool prints them, and kept for
 * the status columns. */
struct both {
    struct tool *t;
    struct conv *c;
};

static void on_diag_both(const struct pdn_diag *d, void *ctx)
{
    struct both *b = ctx;
    if (d->code == PDN_DIAG_NOT_PDN) b->c->not_pdn = true;
    pdn_csv_writer_on_diag(d, b->c->writer);
    tool_on_diag(d, b->t);
}

static void open_writer(struct tool *t, struct conv *c)
{
    size_t bad = 0;
    int rc = pdn_csv_writer_open(&c->writer, c->out.fp, &c->o, &bad);
    if (rc == PDN_EINVAL && c->o.columns) {
        const char *name = c->o.columns + bad;
        tool_usage_error(t, "--columns: no column or tag is called '%.*s' (see --list-columns)",
                         (int)strcspn(name, ","), name);
    }
    if (rc < 0) {
        tool_system_error(t, "pdn2csv", pdn_strerror(rc));
        tool_output_close(t, &c->out, false);
        exit(tool_exit_status(t));
    }
}

static void summary(const struct tool *t, const struct conv *c)
{
    if (t->quiet) return;
    unsigned long errors = pdn_csv_writer_errors(c->writer) + c->worker_errors;
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    if (tool_output_dropped(t, &c->out))
        fprintf(fp, "%s: %lu game%s in, no row written to %s", t->prog, c->games,
                c->games == 1 ? "" : "s", c->out.path);
    else
        fprintf(fp, "%s: %lu game%s in, %lu out, %lu row%s", t->prog, c->games,
                c->games == 1 ? "" : "s", c->games, c->rows, c->rows == 1 ? "" : "s");
    if (errors) fprintf(fp, "; %lu game%s with errors", errors, errors == 1 ? "" : "s");
    fputc('\n', fp);
    tool_message_close(&m);
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct conv c;
    tool_init(&t, "pdn2csv", usage);
    tool_buffer_output();
    c.o = (struct pdn_csv_write_options)PDN_CSV_WRITE_OPTIONS_INIT;
    t.jobs = JOBS_AUTO;
    t.work = &(const struct tool_work){.game = csv_work,
                                       .begin = csv_worker_begin,
                                       .end = csv_worker_end,
                                       .diag = csv_worker_diag};
    parse_options(&t, &c, argc, argv);
    /* A file's trailer (comments after its last game) is no game, but
     * --lossless keeps its text: a row of its own (a comment row with
     * --moves) that csv2pdn writes back as the trailer (pdn2csv(1)). */
    t.trailers = c.o.lossless;
    if (c.list_columns) list_columns(&t, &c);
    if (c.all_tags) collect_tags(&t, &c, argc - optind, argv + optind);
    c.o.tags = c.tags;
    c.o.ntags = c.ntags;
    if (tool_output_open_for(&t, &c.out, c.output, argc - optind, argv + optind) != 0)
        return tool_exit_status(&t);
    open_writer(&t, &c);
    struct both b = {&t, &c};
    t.on_diag = on_diag_both;
    t.diag_ctx = &b;
    t.on_file = read_event_dates;
    int stop = pdn_csv_writer_write_header(c.writer);
    if (stop == 0) stop = tool_read_inputs(&t, argc - optind, argv + optind, write_one, &c);
    tool_output_stopped(&t, &c.out, stop);
    /* no row holds what an input refused as not PDN held (a header alone,
     * if it was the only one): a named output is kept */
    if (c.not_pdn) tool_output_keep(&t, &c.out, "an input is not PDN");
    summary(&t, &c);
    if (pdn_csv_writer_errors(c.writer) + c.worker_errors > 0 && t.findings[PDN_SEV_ERROR] == 0)
        t.findings[PDN_SEV_ERROR]++; /* games with errors: exit status 1 */
    tool_output_close(&t, &c.out, t.status < TOOL_EXIT_SYSTEM);
    pdn_csv_writer_free(c.writer);
    for (size_t i = 0; i < c.ntags; i++) {
        tdelete(c.tags[i], &c.seen, compare_names);
        free((void *)c.tags[i]);
    }
    free(c.tags);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(&t);
}
