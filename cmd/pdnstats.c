/*
 * pdnstats: statistics of a game collection and the crosstables of its
 * events. Options, the alias file, the loop over inputs; counting and the
 * tables are libpdn's (pdn_stats_*).
 */
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: pdnstats [options] [FILE...]\n"
    "Statistics of the games of the PDN files (standard input when none, or '-'),\n"
    "read in one pass: totals, game lengths, results, endings, findings, players,\n"
    "events, openings and play; with --crosstable, each event's table.\n"
    "\n"
    "      --crosstable       each event's crosstable (round robin, or by rounds)\n"
    "      --tiebreak NAME    fmjd (default), kndb, solkoff, tsolkoff, sb\n"
    "      --explain          which criterion separated each pair on equal points\n"
    "      --alias FILE       name spellings, one 'variant = canonical' a line\n"
    "      --depth N          plies of the openings tree (default 4, at most 20)\n"
    "      --top N            openings shown after each (default 5, 0 all)\n"
    "      --only LIST        these tables: totals, lengths, results, endings, findings,\n"
    "                         players, events, openings, play, crosstable, explain\n"
    "      --csv              one table as CSV (choose it with --only; one event's\n"
    "                         crosstable: choose it with --event)\n"
    "      --excel            CSV for a spreadsheet (implies --csv): BOM, ';', CRLF,\n"
    "                         names and grid cells kept as text, ISO dates\n"
    "      --json             one JSON document\n"
    "      --blocks           histogram bars of block characters (default on a terminal)\n"
    "      --strict           read by the PDN 3.0 grammar to the letter\n"
    "      --encoding NAME    non-UTF-8 input: cp1251, cp866, koi8-r, cp1252, latin1\n"
    "  -q, --quiet            no note when reading a terminal\n" TOOL_VARIANT_USAGE
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n" TOOL_SELECT_USAGE "\n"
    "Findings are counted in the findings table, not printed.\n"
    "Exit status: 0 clean, 1 games with errors, 2 usage error, 3 system error.\n";

enum {
    OPT_CROSSTABLE = TOOL_OPT_FIRST_FREE,
    OPT_TIEBREAK,
    OPT_EXPLAIN,
    OPT_ALIAS,
    OPT_DEPTH,
    OPT_TOP,
    OPT_ONLY,
    OPT_CSV,
    OPT_JSON,
    OPT_EXCEL,
    OPT_BLOCKS,
};

static const struct option long_options[] = {
    {"crosstable", no_argument, NULL, OPT_CROSSTABLE},
    {"tiebreak", required_argument, NULL, OPT_TIEBREAK},
    {"explain", no_argument, NULL, OPT_EXPLAIN},
    {"alias", required_argument, NULL, OPT_ALIAS},
    {"depth", required_argument, NULL, OPT_DEPTH},
    {"top", required_argument, NULL, OPT_TOP},
    {"only", required_argument, NULL, OPT_ONLY},
    {"csv", no_argument, NULL, OPT_CSV},
    {"json", no_argument, NULL, OPT_JSON},
    {"excel", no_argument, NULL, OPT_EXCEL},
    {"blocks", no_argument, NULL, OPT_BLOCKS},
    {"quiet", no_argument, NULL, 'q'},
    TOOL_SELECT_LONG_OPTIONS,
    TOOL_COMMON_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

struct run {
    struct pdn_stats_options so;
    struct pdn_stats_write_options wo;
    const char *alias;
    bool blocks_set, only;
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
    while ((opt = getopt_long(argc, argv, ":g:qh", long_options, NULL)) != -1) {
        if (tool_common_option(t, opt, optarg) || tool_select_option(t, opt, optarg)) continue;
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
        case OPT_ALIAS:
            r->alias = optarg;
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
        case 'q':
            t->quiet = true;
            break;
        default:
            tool_option_error(t, opt, argv);
        }
    }
    /* --crosstable or --explain alone add to the usual tables; --only chooses */
    unsigned ct = PDN_STATS_CROSSTABLE | PDN_STATS_EXPLAIN;
    if (!r->only && r->wo.tables) r->wo.tables |= PDN_STATS_CROSSTABLE - 1;
    r->so.crosstable = (r->wo.tables & ct) != 0;
    /* A CSV file is one table under one header: several would be no CSV. */
    unsigned shown = r->wo.tables ? r->wo.tables : PDN_STATS_CROSSTABLE - 1;
    if (r->wo.format == PDN_STATS_CSV && (shown & (shown - 1)))
        tool_usage_error(t, "--csv writes one table: name it with --only (totals, lengths, "
                            "results, endings, findings, players, events, openings, play, "
                            "crosstable, explain)");
    r->so.strict = t->strict;
    r->so.draw_rules = t->draw_rules;
    if (!r->blocks_set) r->wo.blocks = isatty(STDOUT_FILENO);
}

/* ---- the alias file ------------------------------------------------------------ */

static void read_aliases(struct tool *t, struct run *r)
{
    FILE *fp = fopen(r->alias, "r");
    if (!fp) {
        tool_system_error(t, r->alias, strerror(errno));
        exit(tool_exit_status(t));
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long no = 0;
    while (getline(&line, &cap, fp) != -1) {
        no++;
        line[strcspn(line, "\r\n")] = '\0';
        char *p = line + strspn(line, " \t");
        if (*p == '\0' || *p == '#') continue;
        char *eq = strchr(p, '=');
        if (eq) *eq = '\0';
        int rc = eq ? pdn_stats_alias(r->stats, p, eq + 1) : PDN_EINVAL;
        if (rc == PDN_EINVAL)
            tool_usage_error(t, "%s:%lu: not 'variant = canonical'", r->alias, no);
        if (rc < 0) {
            tool_system_error(t, r->alias, pdn_error_message(rc));
            exit(tool_exit_status(t));
        }
    }
    bool bad = ferror(fp);
    free(line);
    fclose(fp);
    if (bad) {
        tool_system_error(t, r->alias, strerror(EIO));
        exit(tool_exit_status(t));
    }
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
    opterr = 0;
    parse_options(&t, &r, argc, argv);
    int rc = pdn_stats_new(&r.stats, &r.so);
    if (rc < 0) {
        tool_system_error(&t, "pdnstats", pdn_error_message(rc));
        return tool_exit_status(&t);
    }
    if (r.alias) read_aliases(&t, &r);
    int n = argc - optind;
    for (int i = 0; i < (n ? n : 1); i++)
        pdn_stats_add_file(r.stats);
    t.on_diag = pdn_stats_on_diag;
    t.diag_ctx = r.stats;
    rc = tool_read_inputs(&t, n, argv + optind, count_one, &r);
    if (rc < 0) tool_system_error(&t, "pdnstats", pdn_error_message(rc));
    rc = pdn_stats_write(stdout, r.stats, &r.wo);
    if (rc == PDN_EINVAL && r.wo.format == PDN_STATS_CSV)
        tool_usage_error(&t, "--csv: the events' crosstables have different columns: "
                             "choose one event with --event");
    if (rc < 0 && rc != PDN_EIO) tool_system_error(&t, "pdnstats", pdn_error_message(rc));
    if (pdn_stats_errors(r.stats) > 0) t.findings[PDN_SEV_ERROR]++;
    pdn_stats_free(r.stats);
    pdn_select_free(t.select);
    tool_stdout_flush(&t);
    return tool_exit_status(&t);
}
