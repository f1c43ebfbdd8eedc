/*
 * pdn2html: the games of PDN files as one self-contained web page, with
 * each event's crosstable (see pdn2html.h for the parts). Options and the
 * run: the games are read once, each written as JSON into a buffer and
 * counted for the crosstables, then the page is written around them,
 * atomically (cmd/output.c). --watch writes the page again whenever an
 * input changes, until interrupted.
 */
#include "../crosswarn.h"
#include "../event_dates.h"
#include "../output.h"
#include "../namefiles.h"
#include "../repeats.h"
#include "pdn2html.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static const char usage[] =
    "Usage: pdn2html [options] [FILE|FOLDER...]\n"
    "Writes the games of the PDN files (standard input when none, or '-') as one\n"
    "self-contained web page: a board to step through each game, the moves with\n"
    "their variations and comments, the list of games, and each event's\n"
    "crosstable with links to its games. The page loads nothing from elsewhere.\n"
    "\n"
    "  -o, --output FILE      write the page to FILE (replaced only when all went well)\n"
    "      --title TEXT       the page's title (default: the first game's Event)\n"
    "      --tiebreak NAME    the crosstables' tie-break, as in pdnstats: fmjd\n"
    "                         (default), kndb, solkoff, tsolkoff, sb\n"
    "      --alias FILE       name spellings, one 'variant = canonical' a line, as in\n"
    "                         pdnstats\n"
    "      --no-crosstable    no crosstables\n"
    "      --watch            write the page again whenever an input file changes\n"
    "                         (needs -o; stop with Ctrl-C)\n"
    "      --strict           read by the PDN 3.0 grammar to the letter\n"
    "      --encoding NAME    non-UTF-8 input: cp1251, cp866, koi8-r, cp1252, "
    "latin1,\n"
    "                         cp1250, latin2\n" TOOL_VARIANT_USAGE
    "  -W WHAT                what counts, as in pdncheck: all, none, error, no-NAME, NAME\n"
    "  -w, --errors-only      report errors only\n"
    "  -q, --quiet            no note when reading a terminal, no warnings beside the\n"
    "                         crosstables\n"
    "      --format FORMAT    findings as text (default) or json\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n" TOOL_SELECT_USAGE "\n"
    "Open PAGE#game=3&ply=12 to start at the twelfth ply of the third game.\n"
    "Exit status: 0 clean, 1 errors in the input, 2 usage error, 3 system error.\n";

struct html_run {
    const char *output, *title, *alias;
    enum pdn_stats_tiebreak tiebreak;
    bool crosstable, watch;
    int ninputs;
    char **inputs;
    /* one run's data */
    FILE *games;
    char *games_text;
    size_t games_len, count;
    char *first_event;
    pdn_stats *stats;
};

static void parse_tiebreak(struct tool *t, void *state, const char *arg)
{
    struct html_run *r = state;
    if (!pdn_stats_tiebreak_parse(&r->tiebreak, arg))
        tool_usage_error(t, "--tiebreak: '%s' is none of fmjd, kndb, solkoff, tsolkoff, sb", arg);
}

static void parse_options(struct tool *t, struct html_run *r, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_TEXT('o', "output", struct html_run, output),
        TOOL_TEXT(0, "title", struct html_run, title),
        TOOL_CALL(0, "tiebreak", required_argument, parse_tiebreak),
        TOOL_TEXT(0, "alias", struct html_run, alias),
        TOOL_UNFLAG(0, "no-crosstable", struct html_run, crosstable),
        TOOL_FLAG(0, "watch", struct html_run, watch),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&tool_choosing_part, &tool_finding_part,
                                                           &tool_common_part, NULL};
    tool_parse_options(t, r, own, parts, argc, argv);
    if (r->watch && (r->output == NULL || strcmp(r->output, "-") == 0))
        tool_usage_error(t, "--watch writes a file again and again: name it with -o");
}

/* ---- one page ------------------------------------------------------------------- */

static int add_game(struct tool *t, const pdn_game *game, void *ctx)
{
    struct html_run *r = ctx;
    if (r->count) putc(',', r->games);
    int err = html_game_json(r->games, game, t);
    if (err < 0) return err;
    r->count++;
    const char *event = pdn_game_tag(game, "Event");
    /* the title: the first event named ('?', '??' or blanks name none) */
    if (r->first_event == NULL && event && event[strspn(event, "? \t")] != '\0')
        r->first_event = strdup(event);
    if (r->stats) err = pdn_stats_add_game(r->stats, game, t->input);
    return err < 0 ? err : 0;
}

/* The string value after each "KEY": in json[0, *len) without the folders
 * of the file it names: "dir/games.pdn" and "dir/games.pdn game 3" lose
 * "dir/". */
static void bare_values(char *json, size_t *len, const char *key)
{
    size_t klen = strlen(key);
    for (char *at = json; (at = strstr(at, key)) != NULL; at += klen) {
        char *v = at + klen, *last = NULL, *e = v;
        for (; *e && *e != '"'; e++) {
            if (*e == '\\' && e[1])
                e++;
            else if (*e == '/')
                last = e;
        }
        if (last == NULL) continue;
        size_t cut = (size_t)(last + 1 - v);
        memmove(v, last + 1, *len - (size_t)(last + 1 - json) + 1);
        *len -= cut;
    }
}

/* Each event's crosstable as pdnstats --json writes it, into *out; the
 * repeats it lists name their files without the folders, as the games
 * list does: the page goes on the web. */
static int crosstables(const struct html_run *r, char **out, size_t *len)
{
    FILE *fp = open_memstream(out, len);
    if (fp == NULL) return PDN_ENOMEM;
    struct pdn_stats_write_options wo = {.version = PDN_STATS_WRITE_OPTIONS_VERSION,
                                         .format = PDN_STATS_JSON,
                                         .tables = PDN_STATS_CROSSTABLE,
                                         .tiebreak = r->tiebreak};
    int err = pdn_stats_write(fp, r->stats, &wo);
    if (fclose(fp) != 0 && err == 0) err = PDN_ENOMEM;
    if (err == 0 && *out) {
        bare_values(*out, len, "\"file\": \"");
        bare_values(*out, len, "\"repeats\": \"");
    }
    return err;
}

struct alias_json {
    FILE *fp;
    bool comma;
};

static void put_alias(const char *variant, const char *canonical, void *ctx)
{
    struct alias_json *a = ctx;
    fputs(a->comma ? ",[" : "[", a->fp);
    html_json_string(a->fp, variant);
    putc(',', a->fp);
    html_json_string(a->fp, canonical);
    putc(']', a->fp);
    a->comma = true;
}

/* --alias FILE into the collection, and its pairs as a JSON array for the
 * page, which links crosstable cells to games by names as the tables
 * count them; NULL without --alias. Out of memory: said, exit 3. */
static char *read_aliases(struct tool *t, struct html_run *r)
{
    if (r->alias == NULL || r->stats == NULL) return NULL;
    char *text = NULL;
    size_t len = 0;
    struct alias_json a = {open_memstream(&text, &len), false};
    if (a.fp == NULL) tool_out_of_memory(t);
    putc('[', a.fp);
    tool_read_aliases(t, r->stats, r->alias, put_alias, &a);
    putc(']', a.fp);
    if (fclose(a.fp) != 0) tool_out_of_memory(t);
    return text;
}

static void run_free(struct html_run *r)
{
    if (r->games) fclose(r->games);
    r->games = NULL;
    free(r->games_text);
    free(r->first_event);
    pdn_stats_free(r->stats);
    r->games_text = NULL, r->first_event = NULL, r->stats = NULL;
    r->count = 0;
}

/* The file's dates read first (on_file): a date that could be swapped is
 * said, and placed in its event, with the reading its event's others
 * settle, as pdncheck and pdnstats do. */
static void read_event_dates(struct tool *t, const char *operand, void *ctx)
{
    struct html_run *r = ctx;
    if (r->stats) pdn_stats_set_date_orders(r->stats, NULL);
    event_dates_on_file(t, operand, ctx);
    if (r->stats) pdn_stats_set_date_orders(r->stats, t->date_orders);
}

/* Reads the inputs and writes the page: 0, or -1 (said). */
static int make_page(struct tool *t, struct html_run *r)
{
    r->games = open_memstream(&r->games_text, &r->games_len);
    struct pdn_stats_options so = {.version = PDN_STATS_OPTIONS_VERSION,
                                   .crosstable = true,
                                   .strict = t->strict,
                                   .draw_rules = t->draw_rules};
    int err = r->games ? 0 : PDN_ENOMEM;
    if (err == 0 && r->crosstable) err = pdn_stats_new(&r->stats, &so);
    char *aliases = err == 0 ? read_aliases(t, r) : NULL;
    if (err == 0) {
        putc('[', r->games);
        err = tool_read_inputs(t, r->ninputs, r->inputs, add_game, r);
        putc(']', r->games);
        if (fclose(r->games) != 0 && err == 0) err = PDN_ENOMEM;
        r->games = NULL;
    }
    char *cross = NULL;
    size_t cross_len = 0;
    if (err == 0 && r->stats) err = crosstables(r, &cross, &cross_len);
    int rc = -1;
    if (err < 0)
        tool_system_error(t, "pdn2html", pdn_strerror(err));
    else if (t->status < TOOL_EXIT_SYSTEM) {
        struct tool_output out;
        struct html_page page = {.title = r->title         ? r->title
                                          : r->first_event ? r->first_event
                                                           : "Games",
                                 .games = r->games_text,
                                 .games_len = r->games_len,
                                 .crosstables = cross,
                                 .crosstables_len = cross_len,
                                 .aliases = aliases};
        if (tool_output_open_for(t, &out, r->output, r->ninputs, r->inputs) == 0) {
            bool ok = html_write_page(out.fp, &page) == 0;
            rc = tool_output_close(t, &out, ok) == 0 && ok ? 0 : -1;
        }
    }
    /* The page's crosstables, as pdnstats --crosstable warns about them. */
    if (rc == 0 && r->stats && !t->quiet) {
        tool_unknown_players_warning(t, pdn_stats_unknown_players(r->stats), false);
        const char *same = NULL;
        unsigned long n_same = pdn_stats_same_player_games(r->stats, &same);
        tool_same_player_warning(t, n_same, same, false);
        tool_unknown_events_warning(t, r->stats, false);
        tool_crosstable_warnings(t, r->stats, r->alias != NULL);
    }
    free(cross);
    free(aliases);
    run_free(r);
    return rc;
}

/* ---- --watch ------------------------------------------------------------------ */

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
}

/* A fingerprint of the inputs' modification times, sizes and inodes: a
 * change in any of them (folders: their own entries) changes it. The
 * inode tells a file put in the input's place (mv, as editors save) with
 * the same size within one tick of the file system's clock. */
static unsigned long long inputs_stamp(const struct html_run *r)
{
    unsigned long long h = 1469598103934665603ull;
    for (int i = 0; i < r->ninputs; i++) {
        struct stat st;
        if (stat(r->inputs[i], &st) != 0) memset(&st, 0, sizeof st);
        unsigned long long v[4] = {(unsigned long long)st.st_mtim.tv_sec,
                                   (unsigned long long)st.st_mtim.tv_nsec,
                                   (unsigned long long)st.st_size, (unsigned long long)st.st_ino};
        for (int k = 0; k < 4; k++)
            h = (h ^ v[k]) * 1099511628211ull;
    }
    return h;
}

/* Ctrl-C and SIGTERM end the watch between two pages, from the first
 * page on: one that comes while a page is read or written lets it finish
 * (cmd/output.c leaves a handler of ours in place), then the watch ends
 * with that page's status. No SA_RESTART: the pause ends at once. */
static void catch_stops(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* seen: the inputs' stamp before the last page read them, so that a
 * change made while it was read or written makes the next page. */
static void watch(struct tool *t, struct html_run *r, unsigned long long seen)
{
    if (!t->quiet) fprintf(stderr, "%s: watching the inputs; Ctrl-C stops\n", t->prog);
    while (!stopping) {
        struct timespec pause = {0, 500 * 1000 * 1000};
        nanosleep(&pause, NULL);
        unsigned long long now = inputs_stamp(r);
        if (now == seen || stopping) continue;
        seen = now;
        t->status = TOOL_EXIT_CLEAN;
        tool_repeats_restart(t); /* --unique: every game is judged anew */
        if (make_page(t, r) == 0 && !t->quiet)
            fprintf(stderr, "%s: %s written again\n", t->prog, r->output);
    }
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct html_run r = {.crosstable = true};
    tool_init(&t, "pdn2html", usage);
    parse_options(&t, &r, argc, argv);
    t.on_file = read_event_dates;
    r.ninputs = argc - optind;
    r.inputs = argv + optind;
    if (r.watch && r.ninputs == 0)
        tool_usage_error(&t, "--watch watches files: name them (standard input never changes)");
    unsigned long long seen = 0;
    if (r.watch) {
        catch_stops();
        seen = inputs_stamp(&r);
    }
    make_page(&t, &r);
    if (r.watch) watch(&t, &r, seen);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(&t);
}
