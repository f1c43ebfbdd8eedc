/*
 * pdnstats: statistics of a game collection and the crosstables of its
 * events. Options, the alias file, the loop over inputs; counting and the
 * tables are libpdn's (pdn_stats_*).
 */
#include "../common.h"
#include "../jobs.h"
#include "merge.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "Usage: pdnstats [options] [FILE|FOLDER...]\n"
    "Statistics of the games of the PDN files (standard input when none, or '-'),\n"
    "read in one pass: totals, game lengths, results, endings, findings, players,\n"
    "events, openings and play; with --crosstable, each event's table.\n"
    "\n"
    "      --crosstable       each event's crosstable (round robin, or by rounds)\n"
    "      --tiebreak NAME    fmjd (default), kndb, solkoff, tsolkoff, sb\n"
    "      --explain          which criterion separated each pair on equal points\n"
    "      --missing          the pairings of each round robin with no game\n"
    "      --alias FILE       name spellings, one 'variant = canonical' a line\n"
    "      --teams FILE       each team's players, one 'Team: Player' a line: the\n"
    "                         team tables count games by it, not by team tags\n"
    "      --suggest-aliases  write an alias file of the spellings that look like one\n"
    "                         name (players, events), each line with its reason,\n"
    "                         instead of the tables\n"
    "      --depth N          plies of the openings tree (default 4, at most 20)\n"
    "      --top N            openings shown after each (default 5, 0 all)\n"
    "      --only LIST        these tables: totals, lengths, results, endings, findings,\n"
    "                         players, events, openings, play, crosstable, explain,\n"
    "                         repeats, missing, teams\n"
    "      --csv              one table as CSV (choose it with --only; one event's\n"
    "                         crosstable: choose it with --event)\n"
    "      --excel            CSV for a spreadsheet (implies --csv): BOM, ';', CRLF,\n"
    "                         names and grid cells kept as text, ISO dates\n"
    "      --json             one JSON document\n"
    "      --merge            the operands are documents of --json over pieces of a\n"
    "                         collection (pdnfmt --split): one document of the\n"
    "                         whole, with the tables whose sums are exact\n"
    "      --blocks           histogram bars of block characters (default on a terminal)\n"
    "      --strict           read by the PDN 3.0 grammar to the letter\n"
    "      --encoding NAME    non-UTF-8 input: cp1251, cp866, koi8-r, cp1252, latin1\n"
    "  -q, --quiet            no note when reading a terminal, no warnings beside the\n"
    "                         crosstables and team tables\n" TOOL_VARIANT_USAGE TOOL_JOBS_USAGE
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n" TOOL_SELECT_USAGE "\n"
    "Findings are counted in the findings table, not printed.\n"
    "Exit status: 0 clean, 1 games with errors, 2 usage error, 3 system error.\n";

enum {
    OPT_CROSSTABLE = TOOL_OPT_FIRST_FREE,
    OPT_TIEBREAK,
    OPT_EXPLAIN,
    OPT_MISSING,
    OPT_ALIAS,
    OPT_SUGGEST,
    OPT_TEAMS,
    OPT_DEPTH,
    OPT_TOP,
    OPT_ONLY,
    OPT_CSV,
    OPT_JSON,
    OPT_EXCEL,
    OPT_BLOCKS,
    OPT_MERGE,
};

static const struct option long_options[] = {
    {"crosstable", no_argument, NULL, OPT_CROSSTABLE},
    {"tiebreak", required_argument, NULL, OPT_TIEBREAK},
    {"explain", no_argument, NULL, OPT_EXPLAIN},
    {"missing", no_argument, NULL, OPT_MISSING},
    {"alias", required_argument, NULL, OPT_ALIAS},
    {"suggest-aliases", no_argument, NULL, OPT_SUGGEST},
    {"teams", required_argument, NULL, OPT_TEAMS},
    {"depth", required_argument, NULL, OPT_DEPTH},
    {"top", required_argument, NULL, OPT_TOP},
    {"only", required_argument, NULL, OPT_ONLY},
    {"csv", no_argument, NULL, OPT_CSV},
    {"json", no_argument, NULL, OPT_JSON},
    {"excel", no_argument, NULL, OPT_EXCEL},
    {"blocks", no_argument, NULL, OPT_BLOCKS},
    {"merge", no_argument, NULL, OPT_MERGE},
    {"quiet", no_argument, NULL, 'q'},
    TOOL_JOBS_LONG_OPTION,
    TOOL_SELECT_LONG_OPTIONS,
    TOOL_COMMON_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

struct run {
    struct pdn_stats_options so;
    struct pdn_stats_write_options wo;
    const char *alias, *teams;
    bool blocks_set, only, suggest, merge;
    pdn_stats *stats;
};

static void parse_only(struct tool *t, struct run *r, const char *arg)
{
    char *copy = strdup(arg), *save = NULL;
    if (!copy) {
        tool_system_error(t, "memory", strerror(ENOMEM));
        exit(tool_exit_status(t));
    }
    for (char *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        unsigned bit;
        if (!pdn_stats_table_parse(&bit, name))
            tool_usage_error(t, "--only: no table is called '%s'", name);
        r->wo.tables |= bit;
    }
    free(copy);
}

static void parse_options(struct tool *t, struct run *r, int argc, char **argv)
{
    int opt;
    while ((opt = getopt_long(argc, argv, ":g:qhj:", long_options, NULL)) != -1) {
        if (tool_common_option(t, opt, optarg) || tool_select_option(t, opt, optarg) ||
            jobs_option(t, opt, optarg))
            continue;
        switch (opt) {
        case OPT_CROSSTABLE:
            r->wo.tables |= PDN_STATS_CROSSTABLE;
            break;
        case OPT_TIEBREAK:
            if (!pdn_stats_tiebreak_parse(&r->wo.tiebreak, optarg))
                tool_usage_error(t, "--tiebreak: '%s' is none of fmjd, kndb, solkoff, tsolkoff, sb",
                                 optarg);
            break;
        case OPT_EXPLAIN:
            r->wo.tables |= PDN_STATS_EXPLAIN;
            break;
        case OPT_MISSING:
            r->wo.tables |= PDN_STATS_MISSING;
            break;
        case OPT_ALIAS:
            r->alias = optarg;
            break;
        case OPT_SUGGEST:
            r->suggest = true;
            break;
        case OPT_TEAMS:
            r->teams = optarg;
            r->wo.tables |= PDN_STATS_TEAMS;
            break;
        case OPT_DEPTH:
            r->so.opening_depth = (int)tool_parse_long(t, "--depth", optarg, 1, 20);
            break;
        case OPT_TOP: {
            long n = tool_parse_long(t, "--top", optarg, 0, 1000000);
            r->wo.openings_top = n == 0 ? -1 : (int)n;
            break;
        }
        case OPT_ONLY:
            parse_only(t, r, optarg);
            r->only = true;
            break;
        case OPT_CSV:
            r->wo.format = PDN_STATS_CSV;
            break;
        case OPT_JSON:
            r->wo.format = PDN_STATS_JSON;
            break;
        case OPT_EXCEL:
            r->wo.format = PDN_STATS_CSV;
            r->wo.excel = true;
            break;
        case OPT_BLOCKS:
            r->wo.blocks = r->blocks_set = true;
            break;
        case OPT_MERGE:
            r->merge = true;
            break;
        case 'q':
            t->quiet = true;
            break;
        default:
            tool_option_error(t, opt, argv);
        }
    }
    /* --crosstable, --explain, --missing or --teams alone add to the usual
     * tables; --only chooses */
    unsigned ct = PDN_STATS_CROSSTABLE | PDN_STATS_EXPLAIN | PDN_STATS_MISSING | PDN_STATS_TEAMS;
    if (!r->only && r->wo.tables) r->wo.tables |= PDN_STATS_CROSSTABLE - 1;
    r->so.crosstable = (r->wo.tables & ct) != 0;
    /* A CSV file is one table under one header: several would be no CSV. */
    unsigned shown = r->wo.tables ? r->wo.tables : PDN_STATS_CROSSTABLE - 1;
    if (r->wo.format == PDN_STATS_CSV && (shown & (shown - 1)))
        tool_usage_error(t, "--csv writes one table: name it with --only (totals, lengths, "
                            "results, endings, findings, players, events, openings, play, "
                            "crosstable, explain, repeats, missing, teams)");
    if (r->suggest && (r->only || r->wo.format != PDN_STATS_TEXT || r->wo.tables))
        tool_usage_error(t, "--suggest-aliases writes an alias file, no table: it takes "
                            "no --only, --csv, --json or table option");
    r->so.strict = t->strict;
    r->so.draw_rules = t->draw_rules;
    if (!r->blocks_set) r->wo.blocks = isatty(STDOUT_FILENO);
}

/* ---- the alias and team files --------------------------------------------------- */

/* Longer lines are no names: a file read by mistake, not a list of names. */
enum { LIST_LINE_MAX = 1000 };

/* A file of names, one entry a line (--alias, --teams): its path and what
 * it is called in messages. */
struct list_file {
    const char *path, *what; /* "an alias file" */
};

/* A line's entry, trimmed, without '#' comments or blank lines. */
typedef void list_line_fn(struct tool *t, struct run *r, const struct list_file *f, char *entry,
                          unsigned long no);

/* Why a line cannot be a list line's text, or NULL: a NUL or another
 * control byte says a binary file. */
static const char *list_text_problem(const char *line, size_t len)
{
    if (len > LIST_LINE_MAX) return "a line longer than 1000 bytes";
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t') return "a control byte";
    return NULL;
}

/* Cuts the blanks that end s. */
static size_t trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return n;
}

static void list_line(struct tool *t, struct run *r, const struct list_file *f, char *line,
                      size_t len, unsigned long no, list_line_fn *fn)
{
    if (no == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
        line += 3; /* a byte-order mark, as editors on Windows write */
        len -= 3;
    }
    const char *problem = list_text_problem(line, len);
    if (problem) tool_usage_error(t, "%s:%lu: not %s (%s)", f->path, no, f->what, problem);
    char *p = line + strspn(line, " \t");
    if (*p == '\0' || *p == '#') return;
    trim_end(p);
    fn(t, r, f, p, no);
}

static void list_fail(struct tool *t, const char *path, int err)
{
    tool_system_error(t, path, strerror(err));
    exit(tool_exit_status(t));
}

static void read_list(struct tool *t, struct run *r, const struct list_file *f, list_line_fn *fn)
{
    FILE *fp = fopen(f->path, "r");
    if (!fp) list_fail(t, f->path, errno);
    struct stat sb;
    if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode)) list_fail(t, f->path, EISDIR);
    char *line = NULL;
    size_t cap = 0;
    unsigned long no = 0;
    ssize_t n;
    errno = 0;
    while ((n = getline(&line, &cap, fp)) != -1) {
        no++;
        size_t len = (size_t)n;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        list_line(t, r, f, line, len, no, fn);
    }
    int err = ferror(fp) ? (errno ? errno : EIO) : 0;
    free(line);
    fclose(fp);
    if (err) list_fail(t, f->path, err);
}

static void list_nomem(struct tool *t, const struct list_file *f, int rc)
{
    tool_system_error(t, f->path, pdn_error_message(rc));
    exit(tool_exit_status(t));
}

/* "variant = canonical" */
static void alias_line(struct tool *t, struct run *r, const struct list_file *f, char *p,
                       unsigned long no)
{
    char *eq = strchr(p, '=');
    if (!eq) tool_usage_error(t, "%s:%lu: not 'variant = canonical'", f->path, no);
    *eq = '\0';
    char *canon = eq + 1 + strspn(eq + 1, " \t");
    size_t plen = trim_end(p), clen = strlen(canon);
    int rc = pdn_stats_alias(r->stats, p, canon);
    if (rc == PDN_EINVAL && plen && clen)
        tool_usage_error(t, "%s:%lu: '%s = %s' closes a cycle: '%s' already counts as '%s'",
                         f->path, no, p, canon, canon, p);
    if (rc == PDN_EINVAL) tool_usage_error(t, "%s:%lu: not 'variant = canonical'", f->path, no);
    if (rc < 0) list_nomem(t, f, rc);
}

/* "Team: Player" */
static void team_line(struct tool *t, struct run *r, const struct list_file *f, char *p,
                      unsigned long no)
{
    char *colon = strchr(p, ':');
    if (!colon) tool_usage_error(t, "%s:%lu: not 'Team: Player'", f->path, no);
    *colon = '\0';
    char *player = colon + 1 + strspn(colon + 1, " \t");
    size_t tlen = trim_end(p);
    int rc = pdn_stats_team(r->stats, p, player);
    if (rc == PDN_EINVAL && tlen && *player)
        tool_usage_error(t,
                         "%s:%lu: '%s' (team '%s') is already in another team: a player "
                         "plays for one team",
                         f->path, no, player, p);
    if (rc == PDN_EINVAL) tool_usage_error(t, "%s:%lu: not 'Team: Player'", f->path, no);
    if (rc < 0) list_nomem(t, f, rc);
}

/* ---- spellings that look like one name ------------------------------------------ */

struct suggesting {
    unsigned group; /* the last group written, 0 none */
    int section;    /* 0 none yet, 1 players, 2 events */
};

/* A comment naming the group's spelling, then each variant: why, then the
 * alias line. */
static void suggest_line(const struct pdn_stats_suggestion *s, void *ctx)
{
    struct suggesting *g = ctx;
    if (g->section != 1 + s->event) {
        g->section = 1 + s->event;
        printf("\n# ---- %s\n", s->event ? "events" : "players");
    }
    if (s->group != g->group)
        printf("\n# '%s' (%lu game%s) may also be spelt:\n", s->canonical, s->canonical_games,
               s->canonical_games == 1 ? "" : "s");
    g->group = s->group;
    printf("# %s; %lu game%s\n%s = %s\n", s->why, s->games, s->games == 1 ? "" : "s", s->variant,
           s->canonical);
}

/* --suggest-aliases: an alias file to check, on standard output. */
static void write_suggestions(struct tool *t, struct run *r)
{
    printf("# pdnstats --suggest-aliases: spellings that look like one name, each\n"
           "# with why. Check every line, delete the wrong ones, then pass the file\n"
           "# with --alias.\n");
    struct suggesting g = {0, 0};
    int rc = pdn_stats_suggest(r->stats, suggest_line, &g);
    if (rc < 0) tool_system_error(t, "pdnstats", pdn_error_message(rc));
    if (g.group == 0) printf("# (none found)\n");
}

/* ---- warnings beside a crosstable ----------------------------------------------- */

/* One warning line per group of spellings, or per event short of games:
 * the first few names, and how many more. */
struct warning {
    const struct tool *t;
    unsigned group;
    const char *event;
    char *head; /* the line so far, NULL none */
    size_t listed, more;
};

static void warning_flush(struct warning *w, const char *tail)
{
    if (!w->head) return;
    fprintf(stderr, "%s: warning: ", w->t->prog);
    tool_put_escaped(stderr, w->head, strlen(w->head), false); /* names from the input */
    if (w->more) fprintf(stderr, " and %zu more", w->more);
    fprintf(stderr, "%s\n", tail);
    free(w->head);
    w->head = NULL;
    w->listed = w->more = 0;
}

/* Adds "text" to the line, or counts it among the more once three are listed. */
static void warning_add(struct warning *w, const char *text)
{
    if (w->listed == 3) {
        w->more++;
        return;
    }
    size_t n = (w->head ? strlen(w->head) : 0) + strlen(text) + 3;
    char *line = malloc(n);
    if (!line) return;
    snprintf(line, n, "%s%s%s", w->head ? w->head : "", w->listed ? ", " : "", text);
    free(w->head);
    w->head = line;
    w->listed++;
}

static void on_spelling(const struct pdn_stats_suggestion *s, void *ctx)
{
    struct warning *w = ctx;
    if (s->group != w->group) {
        warning_flush(w, ": pdnstats --suggest-aliases writes an alias file to check");
        w->group = s->group;
        size_t n = strlen(s->canonical) + 64;
        if ((w->head = malloc(n)))
            snprintf(w->head, n, "%s '%s' may also be spelt ", s->event ? "event" : "player",
                     s->canonical);
    }
    size_t n = strlen(s->variant) + strlen(s->why) + 8;
    char *text = malloc(n);
    if (!text) return;
    snprintf(text, n, "'%s' (%s)", s->variant, s->why);
    warning_add(w, text);
    free(text);
}

static void on_shortfall(const struct pdn_stats_shortfall *s, void *ctx)
{
    struct warning *w = ctx;
    if (s->event != w->event) { /* the event's name lives as long as the stats */
        w->event = s->event;
        warning_flush(w,
                      ": games missing from the files, withdrawals, byes or names spelt two ways");
        size_t n = strlen(s->event) + 96;
        if ((w->head = malloc(n)))
            snprintf(w->head, n, "%s: fewer games than %s %lu%s: ", s->event,
                     s->round_robin ? "the round robin's" : "its", s->due,
                     s->round_robin ? "" : " rounds");
    }
    char text[64 + 256];
    snprintf(text, sizeof text, "'%.256s' (%lu)", s->player, s->games);
    warning_add(w, text);
}

/* What a crosstable's reader should know: names that look alike (with no
 * alias file), and players with fewer games than the event suggests. */
static void crosstable_warnings(struct tool *t, struct run *r)
{
    if (t->quiet || !(r->wo.tables & PDN_STATS_CROSSTABLE)) return;
    struct warning w = {.t = t};
    if (!r->alias) pdn_stats_suggest(r->stats, on_spelling, &w);
    warning_flush(&w, ": pdnstats --suggest-aliases writes an alias file to check");
    pdn_stats_shortfalls(r->stats, on_shortfall, &w);
    warning_flush(&w, ": games missing from the files, withdrawals, byes or names spelt two ways");
}

/* ---- warnings beside the team tables -------------------------------------------- */

/* A warning line, its names' control characters escaped, in one write:
 * standard error is unbuffered, and a team file of many names gives a
 * warning each. */
static void warn_line(const char *line)
{
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    if (!mem) return;
    fputs("pdnstats: warning: ", mem);
    tool_put_escaped(mem, line, strlen(line), false); /* names from the input */
    fputc('\n', mem);
    if (fclose(mem) == 0) fwrite(text, 1, size, stderr);
    free(text);
}

static void on_team_note(const struct pdn_stats_team_note *n, void *ctx)
{
    const struct run *r = ctx;
    char line[3 * 1100];
    if (n->kind == PDN_STATS_NO_TEAM)
        snprintf(line, sizeof line,
                 "%.256s: '%.256s' (%lu game%s) is in no team of %.256s: left out of the "
                 "team table",
                 n->event, n->player, n->games, n->games == 1 ? "" : "s", r->teams);
    else if (n->kind == PDN_STATS_SAME_TEAM)
        snprintf(line, sizeof line,
                 "%.256s, round %ld: '%.256s' - '%.256s' both play for '%.256s': left out of "
                 "the team table",
                 n->event, n->round, n->player, n->other, n->team);
    else if (n->kind == PDN_STATS_TAG_DIFFERS)
        snprintf(line, sizeof line,
                 "'%.256s' plays for '%.256s' by %.256s, for '%.256s' by a team tag: the "
                 "file's team counted",
                 n->player, n->team, r->teams, n->other);
    else
        snprintf(line, sizeof line,
                 "%.256s: '%.256s' (team '%.256s') plays no game: a spelling the games do not "
                 "use?",
                 r->teams, n->player, n->team);
    warn_line(line);
}

/* With a team file, what its tables' reader should know. */
static void team_warnings(struct tool *t, struct run *r)
{
    if (t->quiet || !r->teams) return;
    int rc = pdn_stats_team_notes(r->stats, on_team_note, r);
    if (rc < 0) tool_system_error(t, "pdnstats", pdn_error_message(rc));
}

/* ---- counting ------------------------------------------------------------------ */

static int count_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct run *r = ctx;
    return pdn_stats_add_game(r->stats, game, t->input);
}

int main(int argc, char **argv)
{
    struct tool t;
    struct run r = {.so = PDN_STATS_OPTIONS_INIT, .wo = PDN_STATS_WRITE_OPTIONS_INIT};
    tool_init(&t, "pdnstats", usage);
    t.long_options = long_options;
    t.jobs = JOBS_AUTO;
    opterr = 0;
    parse_options(&t, &r, argc, argv);
    if (r.merge) return stats_merge(&t, argc - optind, argv + optind);
    int rc = pdn_stats_new(&r.stats, &r.so);
    if (rc < 0) {
        tool_system_error(&t, "pdnstats", pdn_error_message(rc));
        return tool_exit_status(&t);
    }
    /* aliases first: the team file's players are matched after them */
    if (r.alias) read_list(&t, &r, &(struct list_file){r.alias, "an alias file"}, alias_line);
    if (r.teams) read_list(&t, &r, &(struct list_file){r.teams, "a team file"}, team_line);
    t.on_diag = pdn_stats_on_diag;
    t.diag_ctx = r.stats;
    rc = tool_read_inputs(&t, argc - optind, argv + optind, count_one, &r);
    /* the files read, not the operands: a folder is the files below it */
    for (unsigned long i = 0; i < t.files; i++)
        pdn_stats_add_file(r.stats);
    if (rc < 0) tool_system_error(&t, "pdnstats", pdn_error_message(rc));
    if (r.suggest) {
        write_suggestions(&t, &r);
    } else {
        rc = pdn_stats_write(stdout, r.stats, &r.wo);
        if (rc == PDN_EINVAL && r.wo.format == PDN_STATS_CSV)
            tool_usage_error(&t, "--csv: the events' crosstables (or team tables) have "
                                 "different columns: choose one event with --event");
        if (rc < 0 && rc != PDN_EIO) tool_system_error(&t, "pdnstats", pdn_error_message(rc));
        crosstable_warnings(&t, &r);
        team_warnings(&t, &r);
    }
    if (pdn_stats_errors(r.stats) > 0) t.findings[PDN_SEV_ERROR]++;
    pdn_stats_free(r.stats);
    pdn_select_free(t.select);
    tool_stdout_flush(&t);
    return tool_exit_status(&t);
}
