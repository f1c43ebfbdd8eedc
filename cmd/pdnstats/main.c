/*
 * pdnstats: statistics of a game collection and the crosstables of its
 * events. Options, the alias file, the loop over inputs; counting and the
 * tables are libpdn's (pdn_stats_*).
 */
#include "../common.h"
#include "../crosswarn.h"
#include "../event_dates.h"
#include "../jobs.h"
#include "../namefiles.h"
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
    "                         crosstable: choose it with --tag 'Event=NAME')\n"
    "      --excel            CSV for a spreadsheet (implies --csv): BOM, ';', CRLF,\n"
    "                         names and grid cells kept as text, ISO dates\n"
    "      --json             one JSON document\n"
    "      --merge            the operands are documents of --json over pieces of a\n"
    "                         collection (pdnfmt --split): one document of the\n"
    "                         whole, with the tables whose sums are exact\n"
    "      --blocks           histogram bars of block characters (default on a "
    "terminal)\n" TOOL_ENCODING_USAGE
    "  -q, --quiet            no note when reading a terminal, no warnings beside the\n"
    "                         players table, crosstables and team tables\n" TOOL_VARIANT_USAGE
        TOOL_JOBS_USAGE TOOL_HELP_USAGE "\n" TOOL_SELECT_USAGE "\n"
    "Findings are counted in the findings table, not printed.\n"
    "Exit status: 0 clean, 1 errors in the input, 2 usage error, 3 system error.\n";

struct run {
    struct pdn_stats_options so;
    struct pdn_stats_write_options wo;
    const char *alias, *teams;
    bool blocks_set, only, suggest, merge;
    pdn_stats *stats;
    unsigned long file_errors; /* errors in no game (not-pdn): the stats count games' */
};

static void parse_only(struct tool *t, void *state, const char *arg)
{
    struct run *r = state;
    char *copy = strdup(arg), *save = NULL;
    if (!copy) tool_out_of_memory(t);
    for (char *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        unsigned bit;
        if (!pdn_stats_table_parse(&bit, name))
            tool_usage_error(t, "--only: no table is called '%s'", name);
        r->wo.tables |= bit;
    }
    free(copy);
    r->only = true;
}

static void parse_tiebreak(struct tool *t, void *state, const char *arg)
{
    struct run *r = state;
    if (!pdn_stats_tiebreak_parse(&r->wo.tiebreak, arg))
        tool_usage_error(t, "--tiebreak: '%s' is none of fmjd, kndb, solkoff, tsolkoff, sb", arg);
}

static void parse_top(struct tool *t, void *state, const char *arg)
{
    long n = tool_parse_long(t, "--top", arg, 0, 1000000);
    ((struct run *)state)->wo.openings_top = n == 0 ? -1 : (int)n;
}

/* --teams FILE: the file, and the team tables it makes. */
static void set_teams(struct tool *t, void *state, const char *arg)
{
    (void)t;
    struct run *r = state;
    r->teams = arg;
    r->wo.tables |= PDN_STATS_TEAMS;
}

/* --excel is CSV for a spreadsheet. */
static void set_excel(struct tool *t, void *state, const char *arg)
{
    (void)t, (void)arg;
    struct run *r = state;
    r->wo.format = PDN_STATS_CSV;
    r->wo.excel = true;
}

/* --blocks, said: not chosen by the terminal. */
static void set_blocks(struct tool *t, void *state, const char *arg)
{
    (void)t, (void)arg;
    struct run *r = state;
    r->wo.blocks = r->blocks_set = true;
}

static void parse_options(struct tool *t, struct run *r, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_BITS(0, "crosstable", struct run, wo.tables, PDN_STATS_CROSSTABLE),
        TOOL_CALL(0, "tiebreak", required_argument, parse_tiebreak),
        TOOL_BITS(0, "explain", struct run, wo.tables, PDN_STATS_EXPLAIN),
        TOOL_BITS(0, "missing", struct run, wo.tables, PDN_STATS_MISSING),
        TOOL_TEXT(0, "alias", struct run, alias),
        TOOL_FLAG(0, "suggest-aliases", struct run, suggest),
        TOOL_CALL(0, "teams", required_argument, set_teams),
        TOOL_INT(0, "depth", struct run, so.opening_depth, 1, 20),
        TOOL_CALL(0, "top", required_argument, parse_top),
        TOOL_CALL(0, "only", required_argument, parse_only),
        TOOL_VALUE(0, "csv", struct run, wo.format, PDN_STATS_CSV),
        TOOL_VALUE(0, "json", struct run, wo.format, PDN_STATS_JSON),
        TOOL_CALL(0, "excel", no_argument, set_excel),
        TOOL_CALL(0, "blocks", no_argument, set_blocks),
        TOOL_FLAG(0, "merge", struct run, merge),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&jobs_part, &tool_choosing_part,
                                                           &tool_common_part, NULL};
    tool_parse_options(t, r, own, parts, argc, argv);
    /* --crosstable, --explain, --missing or --teams alone add to the usual
     * tables; --only chooses */
    unsigned ct = PDN_STATS_CROSSTABLE | PDN_STATS_EXPLAIN | PDN_STATS_MISSING | PDN_STATS_TEAMS;
    if (!r->only && r->wo.tables) r->wo.tables |= PDN_STATS_CROSSTABLE - 1;
    r->so.crosstable = (r->wo.tables & ct) != 0;
    /* A CSV file is one table under one header: several would be no CSV. */
    unsigned shown = r->wo.tables ? r->wo.tables : PDN_STATS_CROSSTABLE - 1;
    if (r->wo.format == PDN_STATS_CSV && (shown & (shown - 1)) && r->only)
        tool_usage_error(t,
                         "--csv writes one table: the options name %d (--only's, and "
                         "--crosstable, --explain, --missing or --teams add theirs); keep one",
                         __builtin_popcount(shown));
    if (r->wo.format == PDN_STATS_CSV && (shown & (shown - 1)))
        tool_usage_error(t, "--csv writes one table: name it with --only (totals, lengths, "
                            "results, endings, findings, players, events, openings, play, "
                            "crosstable, explain, repeats, missing, teams)");
    if (r->merge && (r->only || r->wo.format == PDN_STATS_CSV || r->wo.tables || r->suggest ||
                     r->alias || r->teams))
        tool_usage_error(t, "--merge writes the whole JSON document of the pieces': it takes "
                            "no --only, --csv, table option, --alias, --teams or "
                            "--suggest-aliases");
    if (r->suggest && (r->only || r->wo.format != PDN_STATS_TEXT || r->wo.tables))
        tool_usage_error(t, "--suggest-aliases writes an alias file, no table: it takes "
                            "no --only, --csv, --json or table option");
    r->so.strict = t->strict;
    r->so.draw_rules = t->draw_rules;
    if (!r->blocks_set) r->wo.blocks = isatty(STDOUT_FILENO);
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
    if (rc < 0) tool_system_error(t, "pdnstats", pdn_strerror(rc));
    if (g.group == 0) printf("# (none found)\n");
}

/* ---- warnings beside a crosstable (cmd/crosswarn.c) ------------------------------- */

static void crosstable_warnings(struct tool *t, struct run *r)
{
    if (t->quiet || !(r->wo.tables & PDN_STATS_CROSSTABLE)) return;
    tool_crosstable_warnings(t, r->stats, r->alias != NULL);
}

/* Games with an unknown player, when a table that leaves it out is shown
 * (the events' players column too). */
static void unknown_players_warning(struct tool *t, struct run *r)
{
    unsigned shown = r->wo.tables ? r->wo.tables : PDN_STATS_CROSSTABLE - 1;
    unsigned leave_out =
        PDN_STATS_PLAYERS | PDN_STATS_EVENTS | PDN_STATS_CROSSTABLE | PDN_STATS_TEAMS;
    if (t->quiet || !(shown & leave_out)) return;
    tool_unknown_players_warning(t, pdn_stats_unknown_players(r->stats), shown & PDN_STATS_PLAYERS);
    const char *same = NULL;
    unsigned long n_same = pdn_stats_same_player_games(r->stats, &same);
    tool_same_player_warning(t, n_same, same, shown & PDN_STATS_PLAYERS);
}

/* Games with no event name, when crosstables (or team tables) that leave
 * them out are shown. */
static void unknown_events_warning(struct tool *t, struct run *r)
{
    if (t->quiet || !r->so.crosstable) return;
    unsigned shown = r->wo.tables ? r->wo.tables : PDN_STATS_CROSSTABLE - 1;
    tool_unknown_events_warning(t, r->stats, shown & PDN_STATS_EVENTS);
}

/* A warning line, its names' control characters escaped, in one write. */
static void warn_line(const char *line)
{
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fputs("pdnstats: warning: ", fp);
    tool_put_escaped(fp, line, strlen(line), false); /* names from the input */
    fputc('\n', fp);
    tool_message_close(&m);
}

/* ---- a warning beside the players table ----------------------------------------- */

/* The players table's groups of spellings: how many, and the first three
 * as "'Canonical' and 'Variant'" (a group's later variants left to
 * --suggest-aliases). */
struct spelt {
    unsigned groups, group; /* player groups seen, the last one */
    char list[3 * (2 * 256 + 16)];
};

static void on_player_spelling(const struct pdn_stats_suggestion *s, void *ctx)
{
    struct spelt *g = ctx;
    if (s->event || s->group == g->group) return;
    g->group = s->group;
    if (++g->groups > 3) return;
    size_t at = strlen(g->list);
    snprintf(g->list + at, sizeof g->list - at, "%s'%.256s' and '%.256s'", at ? "; " : "",
             s->canonical, s->variant);
}

/* One line however many: a big collection's players table would bury its
 * reader under a line per group. With a crosstable the warnings beside it
 * name every group already, so nothing is said twice. */
static void players_warning(struct tool *t, struct run *r)
{
    unsigned shown = r->wo.tables ? r->wo.tables : PDN_STATS_CROSSTABLE - 1;
    if (t->quiet || r->alias || !(shown & PDN_STATS_PLAYERS) || (shown & PDN_STATS_CROSSTABLE))
        return;
    struct spelt g = {0, 0, ""};
    int rc = pdn_stats_suggest(r->stats, on_player_spelling, &g);
    if (rc < 0) tool_system_error(t, "pdnstats", pdn_strerror(rc));
    if (g.groups == 0) return;
    char more[32] = "", line[sizeof g.list + 256];
    if (g.groups > 3) snprintf(more, sizeof more, "; %u more", g.groups - 3);
    snprintf(line, sizeof line,
             "%u player%s may be spelt two ways in the players table (%s%s): pdnstats "
             "--suggest-aliases writes an alias file to check",
             g.groups, g.groups == 1 ? "" : "s", g.list, more);
    warn_line(line);
}

/* ---- warnings beside the team tables -------------------------------------------- */

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
    if (rc < 0) tool_system_error(t, "pdnstats", pdn_strerror(rc));
}

/* ---- counting ------------------------------------------------------------------ */

/* -j: the game replayed on the thread that read it, with that thread's
 * scratch, into a record of its own that the job keeps (stats_work_free
 * frees it with the job). */
static int stats_work(const struct tool *t, struct jobs_game *job, const pdn_game *game, void *ctx)
{
    const struct run *r = ctx;
    (void)t;
    pdn_stats_game **record = jobs_result(job);
    struct pdn_stats_options so = r->so;
    so.scratch = jobs_scratch(job);
    int rc = pdn_stats_game_new(record, &so);
    return rc < 0 ? rc : pdn_stats_game_read(*record, game);
}

static void stats_work_free(void *result)
{
    pdn_stats_game_free(*(pdn_stats_game **)result);
}

/* The game counted in input order: from its record (-j), or replayed here. */
static int count_one(struct tool *t, const pdn_game *game, void *ctx)
{
    struct run *r = ctx;
    if (!t->job) return pdn_stats_add_game(r->stats, game, t->input);
    int rc = jobs_finish(t->job, pdn_stats_on_diag, r->stats, NULL);
    if (rc < 0) return rc;
    return pdn_stats_add_read(r->stats, *(pdn_stats_game **)jobs_result(t->job), game, t->input);
}

/* Each file's events and dates, read first, so that an event's date
 * whose day and month could be swapped is read as pdnfmt --fix reads it,
 * by the other dates of its event or file, wherever they stand. */
static void read_event_dates(struct tool *t, const char *operand, void *ctx)
{
    struct run *r = ctx;
    pdn_stats_set_date_orders(r->stats, NULL);
    event_dates_on_file(t, operand, ctx);
    pdn_stats_set_date_orders(r->stats, t->date_orders);
}

/* A finding of the reader, counted; an error in no game (a file that is
 * not PDN, text after its last game) makes the exit status 1 as a game's
 * errors do (pdn_stats_errors counts those). */
static void count_finding(const struct pdn_diag *d, void *ctx)
{
    struct run *r = ctx;
    pdn_stats_on_diag(d, r->stats);
    if (d->game == 0 && pdn_diag_severity(d->code) == PDN_SEV_ERROR) r->file_errors++;
}

/* The threads for the tables (the repeats'): as many as -j reads an input
 * with, the most of them. */
static int table_threads(const struct tool *t, int n, char **operands)
{
    int most = n == 0 ? jobs_for_input(t, "-") : 1;
    for (int i = 0; i < n; i++) {
        int threads = jobs_for_input(t, operands[i]);
        if (threads > most) most = threads;
    }
    return most;
}

int main(int argc, char **argv)
{
    struct tool t;
    struct run r = {.so = PDN_STATS_OPTIONS_INIT, .wo = PDN_STATS_WRITE_OPTIONS_INIT};
    tool_init(&t, "pdnstats", usage);
    tool_buffer_output();
    static const struct tool_work work = {.game = stats_work, .result_free = stats_work_free};
    t.jobs = JOBS_AUTO;
    t.work = &work;
    parse_options(&t, &r, argc, argv);
    if (r.merge) return stats_merge(&t, argc - optind, argv + optind);
    pdn_scratch_new(&r.so.scratch); /* for the games replayed here; none: each its own */
    int rc = pdn_stats_new(&r.stats, &r.so);
    if (rc < 0) {
        tool_system_error(&t, "pdnstats", pdn_strerror(rc));
        pdn_scratch_free(r.so.scratch);
        return tool_exit_status(&t);
    }
    /* aliases first: the team file's players are matched after them */
    if (r.alias) tool_read_aliases(&t, r.stats, r.alias, NULL, NULL);
    if (r.teams) tool_read_teams(&t, r.stats, r.teams);
    t.on_diag = count_finding;
    t.diag_ctx = &r;
    t.on_file = read_event_dates;
    rc = tool_read_inputs(&t, argc - optind, argv + optind, count_one, &r);
    /* the files read, not the operands: a folder is the files below it */
    for (unsigned long i = 0; i < t.files; i++)
        pdn_stats_add_file(r.stats);
    if (rc < 0) tool_system_error(&t, "pdnstats", pdn_strerror(rc));
    if (r.suggest) {
        write_suggestions(&t, &r);
    } else {
        r.wo.threads = table_threads(&t, argc - optind, argv + optind);
        rc = pdn_stats_write(stdout, r.stats, &r.wo);
        if (rc == PDN_EINVAL && r.wo.format == PDN_STATS_CSV)
            tool_usage_error(&t, "--csv: the crosstables (or team tables) of the events read "
                                 "have different columns: choose one event with --tag "
                                 "'Event=NAME' (--event TEXT takes every event whose name "
                                 "holds TEXT; --only events lists them)");
        if (rc < 0 && rc != PDN_EIO) tool_system_error(&t, "pdnstats", pdn_strerror(rc));
        players_warning(&t, &r);
        unknown_players_warning(&t, &r);
        unknown_events_warning(&t, &r);
        crosstable_warnings(&t, &r);
        team_warnings(&t, &r);
    }
    if (pdn_stats_errors(r.stats) > 0 || r.file_errors > 0) t.findings[PDN_SEV_ERROR]++;
    pdn_stats_free(r.stats);
    pdn_scratch_free(r.so.scratch);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    tool_stdout_flush(&t);
    return tool_exit_status(&t);
}
