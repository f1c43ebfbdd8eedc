/*
 * merge: pdnstats --merge (merge.h). Each table of the whole is computed
 * from the pieces' tables where their numbers add up exactly: counts are
 * summed, minima and maxima compared, percentages and means worked out
 * again from the sums, as pdnstats rounds them. What the pieces' tables
 * cannot give exactly is null, never a guess: the median length (the
 * lengths come in buckets of ten), the mean ply of the first king (the
 * pieces' means are rounded), an event's players and rounds (the same
 * player in two pieces), the openings (each piece keeps its own top) and
 * the repeats (a game and its repeat in two pieces). Rows of players and
 * events are joined by the key one run counts a name under, so spellings
 * one run folds into one row are one row here too. The warning one run
 * writes about games that name no player is written again from the
 * pieces' count of them (totals.games_with_an_unknown_player). JSON is
 * read and written with jansson; no PDN logic beyond the diagnostic
 * names' order.
 */
#include "merge.h"
#include "../crosswarn.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The documents being merged. */
struct docs {
    json_t **v;
    size_t n;
};

static json_int_t num(const json_t *obj, const char *key)
{
    return json_integer_value(json_object_get(obj, key));
}

static const char *str(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    return s ? s : "";
}

static json_t *table(const struct docs *d, size_t i, const char *name)
{
    return json_object_get(d->v[i], name);
}

/* A number as pdnstats prints it with 'decimals' places ("%.1f"). */
static json_t *fixed(double value, int decimals)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return json_real(strtod(buf, NULL));
}

/* A share of nothing is null, as one run writes it (a score of no game
 * with a known result is no 0%). */
static json_t *pct(json_int_t part, json_int_t whole)
{
    return whole ? fixed(100.0 * (double)part / (double)whole, 1) : json_null();
}

static json_t *ratio(json_int_t part, json_int_t whole, int decimals)
{
    return whole ? fixed((double)part / (double)whole, decimals) : json_null();
}

/* The sum of key over the pieces' table. */
static json_int_t sum(const struct docs *d, const char *name, const char *key)
{
    json_int_t total = 0;
    for (size_t i = 0; i < d->n; i++)
        total += num(table(d, i, name), key);
    return total;
}

/* ---- the tables -------------------------------------------------------------- */

static json_t *merge_totals(const struct docs *d)
{
    json_int_t games = sum(d, "totals", "games"), plies = sum(d, "totals", "plies");
    json_int_t min = 0, max = 0;
    bool any = false;
    for (size_t i = 0; i < d->n; i++) {
        const json_t *t = table(d, i, "totals");
        if (num(t, "games") == 0) continue;
        json_int_t lo = num(t, "plies_per_game_min"), hi = num(t, "plies_per_game_max");
        if (!any || lo < min) min = lo;
        if (!any || hi > max) max = hi;
        any = true;
    }
    return json_pack("{sIsIsIsosnsIsIsIsIsIsI}", "files", sum(d, "totals", "files"), "games", games,
                     "plies", plies, "plies_per_game_mean", ratio(plies, games, 1),
                     "plies_per_game_median", "plies_per_game_min", min, "plies_per_game_max", max,
                     "openings_cut_short_tree_full",
                     sum(d, "totals", "openings_cut_short_tree_full"), "fen_games_no_opening",
                     sum(d, "totals", "fen_games_no_opening"), "games_with_an_unknown_player",
                     sum(d, "totals", "games_with_an_unknown_player"), "games_against_oneself",
                     sum(d, "totals", "games_against_oneself"));
}

/* Buckets of ten plies, from 0 to the last that holds a game. */
static json_t *merge_lengths(const struct docs *d)
{
    json_int_t last = -1;
    for (size_t i = 0; i < d->n; i++) {
        size_t j;
        json_t *row;
        json_array_foreach(table(d, i, "lengths"), j, row)
        {
            if (num(row, "games") > 0 && num(row, "from") > last) last = num(row, "from");
        }
    }
    json_t *out = json_array();
    for (json_int_t from = 0; from <= last; from += 10) {
        json_int_t games = 0;
        for (size_t i = 0; i < d->n; i++) {
            size_t j;
            json_t *row;
            json_array_foreach(table(d, i, "lengths"), j, row)
            {
                if (num(row, "from") == from) games += num(row, "games");
            }
        }
        json_array_append_new(out,
                              json_pack("{sIsIsI}", "from", from, "to", from + 9, "games", games));
    }
    return out;
}

static json_t *games_pct(json_int_t games, json_int_t whole)
{
    return json_pack("{sIso}", "games", games, "pct", pct(games, whole));
}

static json_t *merge_results(const struct docs *d)
{
    static const char *const keys[] = {"white_won", "draw", "black_won", "other", "unknown"};
    json_int_t games = sum(d, "totals", "games"), n[5];
    json_t *out = json_object();
    for (int k = 0; k < 5; k++) {
        n[k] = 0;
        for (size_t i = 0; i < d->n; i++)
            n[k] += num(json_object_get(table(d, i, "results"), keys[k]), "games");
        json_object_set_new(out, keys[k], games_pct(n[k], games));
    }
    json_int_t points = 2 * n[0] + n[1], scored = n[0] + n[1] + n[2] + n[3];
    json_object_set_new(out, "white_score", games_pct(points, 2 * scored));
    return out;
}

static json_t *merge_endings(const struct docs *d)
{
    static const char *const keys[] = {"no_move", "recorded", "draw_rule", "unfinished"};
    json_int_t games = sum(d, "totals", "games");
    json_t *out = json_object();
    for (int k = 0; k < 4; k++) {
        json_int_t n = 0;
        for (size_t i = 0; i < d->n; i++)
            n += num(json_object_get(table(d, i, "endings"), keys[k]), "games");
        json_object_set_new(out, keys[k], games_pct(n, games));
    }
    return out;
}

/* The pieces' row named 'code' of the findings, summed into *findings, *games. */
static bool finding_sums(const struct docs *d, const char *code, json_int_t *findings,
                         json_int_t *games)
{
    bool seen = false;
    *findings = *games = 0;
    for (size_t i = 0; i < d->n; i++) {
        size_t j;
        json_t *row;
        json_array_foreach(table(d, i, "findings"), j, row)
        {
            if (strcmp(str(row, "code"), code) != 0) continue;
            *findings += num(row, "findings");
            *games += num(row, "games");
            seen = true;
        }
    }
    return seen;
}

/* The two rows of games first, then the codes in the library's order. */
static json_t *merge_findings(const struct docs *d)
{
    json_t *out = json_array();
    const char *const totals[][2] = {{"games with errors", "error"},
                                     {"games with warnings", "warning"}};
    json_int_t findings, games;
    for (int k = 0; k < 2; k++) {
        finding_sums(d, totals[k][0], &findings, &games);
        json_array_append_new(out, json_pack("{sssssnsI}", "code", totals[k][0], "severity",
                                             totals[k][1], "findings", "games", games));
    }
    for (int c = 0; c < PDN_DIAG_COUNT; c++) {
        const char *code = pdn_diag_name((enum pdn_diag_code)c);
        if (!finding_sums(d, code, &findings, &games) || findings == 0) continue;
        const char *sev = pdn_severity_name(pdn_diag_severity((enum pdn_diag_code)c));
        json_array_append_new(out, json_pack("{sssssIsI}", "code", code, "severity", sev,
                                             "findings", findings, "games", games));
    }
    return out;
}

/* The key one run counts a name under (pdn_stats_name_key: "Koops,
 * Lambert-Jan" and "Koops, Lambert Jan" are one player), allocated; the
 * name 'apart' (or NULL) keeps a key of its own, "", which no name folds
 * to. NULL when out of memory. */
static char *key_of(const char *name, const char *apart)
{
    if (apart && strcmp(name, apart) == 0) return strdup("");
    size_t size = strlen(name) + 2;
    char *key = malloc(size);
    if (key && pdn_stats_name_key(key, size, name) < 0) {
        free(key);
        key = NULL;
    }
    return key;
}

/* Rows of the pieces' table by the key of their name (as one run folds
 * spellings of one name into one row, shown as first met), their 'counts'
 * summed, in the order first met. */
static json_t *sum_rows(const struct docs *d, const char *name, const char *field,
                        const char *apart, const char *const *counts)
{
    json_t *by = json_object();
    for (size_t i = 0; i < d->n; i++) {
        size_t j;
        json_t *row;
        json_array_foreach(table(d, i, name), j, row)
        {
            const char *id = json_string_value(json_object_get(row, field));
            char *key = id ? key_of(id, apart) : NULL;
            if (key == NULL) continue;
            json_t *have = json_object_get(by, key);
            if (have == NULL)
                json_object_set_new(by, key, json_deep_copy(row));
            else
                for (const char *const *c = counts; *c; c++)
                    json_object_set_new(have, *c, json_integer(num(have, *c) + num(row, *c)));
            free(key);
        }
    }
    return by;
}

/* As one run orders its players: points, then wins, then fewer games,
 * then name. */
static int by_points(const void *a, const void *b)
{
    const json_t *p = *(json_t *const *)a, *q = *(json_t *const *)b;
    json_int_t x = num(p, "points"), y = num(q, "points");
    if (x != y) return x > y ? -1 : 1;
    if (num(p, "wins") != num(q, "wins")) return num(p, "wins") > num(q, "wins") ? -1 : 1;
    if (num(p, "games") != num(q, "games")) return num(p, "games") < num(q, "games") ? -1 : 1;
    return strcmp(str(p, "player"), str(q, "player"));
}

static json_t *merge_players(const struct docs *d)
{
    static const char *const counts[] = {"games",  "wins",  "draws", "losses", "no_result",
                                         "points", "white", "black", NULL};
    json_t *by = sum_rows(d, "players", "player", NULL, counts);
    size_t n = json_object_size(by), k = 0;
    json_t **rows = malloc((n + 1) * sizeof *rows);
    const char *id;
    json_t *row, *out = json_array();
    if (rows == NULL) return json_null();
    json_object_foreach(by, id, row)
    {
        json_int_t scored = num(row, "wins") + num(row, "draws") + num(row, "losses");
        json_object_set_new(row, "score_pct", pct(num(row, "points"), 2 * scored));
        rows[k++] = row;
    }
    qsort(rows, n, sizeof *rows, by_points);
    for (k = 0; k < n; k++)
        json_array_append(out, rows[k]);
    free(rows);
    json_decref(by);
    return out;
}

/* The earlier (sign -1) or the later (1) of two dates, as strings. */
static void keep_date(json_t *row, const json_t *other, const char *key, int sign)
{
    const char *a = json_string_value(json_object_get(row, key));
    const char *b = json_string_value(json_object_get(other, key));
    if (b && *b && (!a || !*a || sign * strcmp(b, a) > 0))
        json_object_set_new(row, key, json_string(b)); /* "": no date */
}

static json_t *merge_events(const struct docs *d)
{
    static const char *const counts[] = {"games", NULL};
    const char *apart = PDN_STATS_NO_EVENT_NAME; /* a row, not a spelling of an event */
    json_t *by = sum_rows(d, "events", "event", apart, counts), *out = json_array(),
           *unnamed = NULL;
    const char *id;
    json_t *row;
    json_object_foreach(by, id, row)
    {
        for (size_t i = 0; i < d->n; i++) {
            size_t j;
            json_t *other;
            json_array_foreach(table(d, i, "events"), j, other)
            {
                char *key = key_of(str(other, "event"), apart);
                if (key && strcmp(key, id) == 0) {
                    keep_date(row, other, "from", -1);
                    keep_date(row, other, "to", 1);
                }
                free(key);
            }
        }
        json_object_set_new(row, "players", json_null());
        json_object_set_new(row, "rounds", json_null());
        if (*id == '\0')
            unnamed = row; /* last, as in one run */
        else
            json_array_append(out, row);
    }
    if (unnamed) json_array_append(out, unnamed);
    json_decref(by);
    return out;
}

static json_t *merge_play(const struct docs *d)
{
    json_int_t games = sum(d, "totals", "games"), captures = sum(d, "play", "captures");
    json_int_t largest = 0, earliest = 0;
    const char *where = "";
    for (size_t i = 0; i < d->n; i++) {
        const json_t *p = table(d, i, "play");
        if (num(p, "largest_capture_pieces") > largest) {
            largest = num(p, "largest_capture_pieces");
            where = str(p, "largest_capture_first_seen");
        }
        json_int_t e = num(p, "first_king_earliest_ply");
        if (num(p, "games_with_a_king") > 0 && (earliest == 0 || e < earliest)) earliest = e;
    }
    json_t *out = json_pack(
        "{sIsosIsIsssIsIsnsI}", "captures", captures, "captures_per_game",
        ratio(captures, games, 2), "games_with_a_capture", sum(d, "play", "games_with_a_capture"),
        "largest_capture_pieces", largest, "largest_capture_first_seen", where, "promotions",
        sum(d, "play", "promotions"), "games_with_a_king", sum(d, "play", "games_with_a_king"),
        "first_king_mean_ply", "first_king_earliest_ply", earliest);
    /* the draw rules: every row any piece has */
    for (size_t i = 0; i < d->n; i++) {
        const char *key;
        json_t *value;
        json_object_foreach(table(d, i, "play"), key, value)
        {
            if (strncmp(key, "draw_rule_", 10) == 0 && !json_object_get(out, key))
                json_object_set_new(out, key, json_integer(sum(d, "play", key)));
        }
    }
    return out;
}

/* ---- reading and writing ------------------------------------------------------- */

static json_t *load(struct tool *t, const char *path)
{
    json_error_t err;
    bool std_in = strcmp(path, "-") == 0;
    json_t *doc = std_in ? json_loadf(stdin, 0, &err) : json_load_file(path, 0, &err);
    char why[256];
    if (doc == NULL)
        snprintf(why, sizeof why, "line %d: %s", err.line, err.text);
    else if (!json_is_object(json_object_get(doc, "totals")))
        snprintf(why, sizeof why, "not a document of pdnstats --json (no totals)");
    else
        return doc;
    json_decref(doc);
    tool_system_error(t, std_in ? "standard input" : path, why);
    return NULL;
}

/* The warning one run of pdnstats --json over the whole writes beside its
 * players table: the pieces' counts summed (none before pdnstats wrote
 * them: 0). */
static void unknown_players_warning(const struct tool *t, const json_t *out)
{
    const json_t *totals = json_object_get(out, "totals");
    json_int_t n = num(totals, "games_with_an_unknown_player");
    if (!t->quiet && n > 0) tool_unknown_players_warning(t, (unsigned long)n, true);
    n = num(totals, "games_against_oneself");
    if (!t->quiet && n > 0) tool_same_player_warning(t, (unsigned long)n, NULL, true);
}

/* Tables a piece may hold that no sum of pieces gives (a crosstable needs
 * every game of its event, a team table every game of its match): left
 * out of the whole, and said, not silently (pdnstats --json --crosstable
 * on each piece, then --merge, printed none and no word why). */
static void left_out_warning(const struct tool *t, const struct docs *d)
{
    static const char *const names[] = {"crosstables", "teams"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        size_t pieces = 0;
        for (size_t i = 0; i < d->n; i++)
            pieces += table(d, i, names[k]) != NULL && !json_is_null(table(d, i, names[k]));
        if (t->quiet || pieces == 0) continue;
        fprintf(stderr,
                "%s: warning: --merge leaves out the %s of %zu piece%s: they need every game "
                "of their events; run %s once over the whole for them\n",
                t->prog, names[k], pieces, pieces == 1 ? "" : "s", t->prog);
    }
}

int stats_merge(struct tool *t, int n, char *const *files)
{
    static char *const std_in[] = {"-"};
    if (n == 0) n = 1, files = std_in;
    struct docs d = {calloc((size_t)n, sizeof *d.v), 0};
    if (d.v == NULL) {
        tool_system_error(t, "pdnstats", pdn_strerror(PDN_ENOMEM));
        return tool_exit_status(t);
    }
    for (int i = 0; i < n; i++)
        if ((d.v[d.n] = load(t, files[i])) != NULL) d.n++;
    if (t->status < TOOL_EXIT_SYSTEM) {
        json_t *out =
            json_pack("{sosososososososnsnso}", "totals", merge_totals(&d), "lengths",
                      merge_lengths(&d), "results", merge_results(&d), "endings", merge_endings(&d),
                      "findings", merge_findings(&d), "players", merge_players(&d), "events",
                      merge_events(&d), "openings", "repeats", "play", merge_play(&d));
        if (out == NULL || json_dumpf(out, stdout, JSON_INDENT(2) | JSON_REAL_PRECISION(15)) != 0)
            tool_system_error(t, "pdnstats", pdn_strerror(PDN_ENOMEM));
        else
            putchar('\n');
        unknown_players_warning(t, out);
        left_out_warning(t, &d);
        json_decref(out);
    }
    for (size_t i = 0; i < d.n; i++)
        json_decref(d.v[i]);
    free(d.v);
    tool_stdout_flush(t);
    return tool_exit_status(t);
}
