/*
 * fuzz_stats: pdnstats's pipeline over arbitrary bytes: every game read
 * (lenient) is counted by pdn_stats_add_game, with the crosstable's records,
 * an alias and an openings depth chosen by the first byte; then every table
 * is written as one JSON document, as text, and each table alone as CSV.
 *
 * Properties: no crash, leak or hang; the JSON parses (jansson, duplicate
 * keys refused), every key is an identifier, totals.games and the results'
 * games equal the games counted, the players' games twice that (less the
 * sides naming nobody, totals.games_with_an_unknown_player, and the games of
 * one player against itself, totals.games_against_oneself), the events'
 * games that less the repeats, the games naming no event in the last row
 * and no crosstable; the text
 * holds no control character but the line ends, no DEL, no C1 control and
 * only valid UTF-8; CSV is written for every single table (a crosstable
 * only when one event has one). pdn_stats_suggest: each proposal joins two
 * spellings that differ, with a reason, in groups met in order, players
 * before events.
 */
#include "fuzz.h"
#include "pdn.h"

#include <jansson.h>
#include <string.h>

/* Bytes pdn_stats_write wrote, in a string to free; *rc its result. */
static char *stats_written(const pdn_stats *st, const struct pdn_stats_write_options *o,
                           size_t *len, int *rc)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    FUZZ_CHECK(fp != NULL);
    *rc = pdn_stats_write(fp, st, o);
    FUZZ_CHECK(fclose(fp) == 0);
    return buf;
}

static bool identifier(const char *k)
{
    if (!(*k >= 'a' && *k <= 'z')) return false;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '_')) return false;
    return true;
}

/* Every key of every object below v is an identifier. */
static void check_keys(json_t *v)
{
    const char *key;
    json_t *x;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach(v, key, x)
        {
            FUZZ_CHECK(identifier(key));
            check_keys(x);
        }
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x) check_keys(x);
    }
}

static json_int_t int_at(json_t *root, const char *table, const char *row, const char *col)
{
    json_t *t = json_object_get(root, table);
    FUZZ_CHECK(t != NULL);
    json_t *v = json_object_get(t, row);
    if (col) v = json_object_get(v, col);
    FUZZ_CHECK(json_is_integer(v));
    return json_integer_value(v);
}

/* Every table in one format, which must write without error. */
static char *all_tables(const pdn_stats *st, struct pdn_stats_write_options o,
                        enum pdn_stats_format format, size_t *len)
{
    o.format = format;
    o.tables = (PDN_STATS_EXPLAIN << 1) - 1;
    int rc;
    char *text = stats_written(st, &o, len, &rc);
    FUZZ_CHECK(rc == 0);
    return text;
}

/* The events' games add up to the games less the repeats, those that name
 * no event in the last row alone, which has no crosstable. */
static void check_events(json_t *root, const pdn_stats *st, json_int_t counted)
{
    json_t *events = json_object_get(root, "events"), *e;
    size_t i, n = json_array_size(events);
    json_int_t sum = 0, unnamed = 0;
    json_array_foreach(events, i, e)
    {
        json_int_t games = json_integer_value(json_object_get(e, "games"));
        sum += games;
        if (strcmp(json_string_value(json_object_get(e, "event")), PDN_STATS_NO_EVENT_NAME) != 0)
            continue;
        FUZZ_CHECK(i + 1 == n);
        unnamed = games;
    }
    FUZZ_CHECK(sum == counted);
    FUZZ_CHECK(unnamed == (json_int_t)pdn_stats_unknown_events(st));
    json_array_foreach(json_object_get(root, "crosstables"), i, e)
    {
        FUZZ_CHECK(
            strcmp(json_string_value(json_object_get(e, "event")), PDN_STATS_NO_EVENT_NAME) != 0);
    }
}

static void check_json(const pdn_stats *st, struct pdn_stats_write_options o, size_t games)
{
    size_t len;
    char *text = all_tables(st, o, PDN_STATS_JSON, &len);
    json_error_t err;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!root) fprintf(stderr, "JSON: %s at %d:%d\n%s\n", err.text, err.line, err.column, text);
    FUZZ_CHECK(root != NULL);
    check_keys(root);
    FUZZ_CHECK(int_at(root, "totals", "games", NULL) == (json_int_t)games);
    static const char *const results[] = {"white_won", "draw", "black_won", "other", "unknown"};
    json_int_t sum = 0;
    for (int i = 0; i < 5; i++)
        sum += int_at(root, "results", results[i], "games");
    FUZZ_CHECK(sum == (json_int_t)games);
    json_t *players = json_object_get(root, "players"), *p;
    size_t i;
    sum = 0;
    json_array_foreach(players, i, p) sum += json_integer_value(json_object_get(p, "games"));
    /* a game read twice is counted in the totals and listed in the repeats,
     * not in the players' games; a game with a side that names nobody
     * ('?', blank, the side's colour) counts for its other side alone, or
     * for none; one of a player against itself for none */
    json_int_t repeats = (json_int_t)json_array_size(json_object_get(root, "repeats"));
    json_int_t unknown = (json_int_t)pdn_stats_unknown_players(st);
    json_int_t alone = (json_int_t)pdn_stats_same_player_games(st, NULL);
    json_int_t named = (json_int_t)games - repeats - unknown - alone;
    FUZZ_CHECK(sum >= 2 * named && sum <= 2 * named + unknown);
    FUZZ_CHECK(int_at(root, "totals", "games_with_an_unknown_player", NULL) == unknown);
    FUZZ_CHECK(int_at(root, "totals", "games_against_oneself", NULL) == alone);
    check_events(root, st, (json_int_t)games - repeats);
    json_decref(root);
    free(text);
}

/* Text for a terminal: line ends, printable ASCII and valid UTF-8 without
 * C1 controls only. */
static void check_text(const pdn_stats *st, struct pdn_stats_write_options o)
{
    size_t len;
    char *text = all_tables(st, o, PDN_STATS_TEXT, &len);
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len; i++) {
        FUZZ_CHECK(s[i] >= 0x20 || s[i] == '\n');
        FUZZ_CHECK(s[i] != 0x7F);
        FUZZ_CHECK(!(s[i] == 0xC2 && i + 1 < len && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F));
    }
    json_t *utf8 = json_stringn(text, len); /* jansson takes valid UTF-8 only */
    FUZZ_CHECK(utf8 != NULL);
    json_decref(utf8);
    free(text);
}

static void check_csv(const pdn_stats *st, struct pdn_stats_write_options o)
{
    o.format = PDN_STATS_CSV;
    for (unsigned bit = PDN_STATS_TOTALS; bit <= PDN_STATS_EXPLAIN; bit <<= 1) {
        o.tables = bit;
        size_t len;
        int rc;
        free(stats_written(st, &o, &len, &rc));
        FUZZ_CHECK(rc == 0 || (rc == PDN_EINVAL && bit == PDN_STATS_CROSSTABLE));
    }
}

struct proposals {
    unsigned group;
    bool event;
};

static void check_proposal(const struct pdn_stats_suggestion *s, void *ctx)
{
    struct proposals *p = ctx;
    FUZZ_CHECK(strcmp(s->variant, s->canonical) != 0);
    FUZZ_CHECK(s->why[0] != '\0');
    FUZZ_CHECK(s->games > 0 && s->canonical_games > 0);
    FUZZ_CHECK(s->group == p->group || s->group == p->group + 1);
    FUZZ_CHECK(s->event || !p->event);
    p->group = s->group;
    p->event = s->event;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    struct pdn_stats_options so = PDN_STATS_OPTIONS_INIT;
    so.opening_depth = 1 + data[0] % 20;
    so.crosstable = true;
    pdn_stats *st;
    FUZZ_CHECK(pdn_stats_new(&st, &so) == 0);
    if (data[0] & 0x80) FUZZ_CHECK(pdn_stats_alias(st, "a", "b") == 0);
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION,
                                    .filename = "fuzz.pdn",
                                    .on_diag = pdn_stats_on_diag,
                                    .diag_ctx = st};
    pdn_reader *r;
    size_t games = 0;
    if (pdn_reader_open_memory(&r, data + 1, size - 1, &ro) == PDN_OK) {
        pdn_stats_add_file(st);
        pdn_game *g;
        while (pdn_reader_next(&g, r) > 0) {
            FUZZ_CHECK(pdn_stats_add_game(st, g, "fuzz.pdn") == 0);
            games++;
            pdn_game_free(g);
        }
        pdn_reader_free(r);
    }
    struct pdn_stats_write_options wo = PDN_STATS_WRITE_OPTIONS_INIT;
    wo.tiebreak = (enum pdn_stats_tiebreak)((data[0] >> 5) % PDN_TIEBREAK_COUNT);
    wo.openings_top = -1;
    wo.blocks = data[0] & 0x40;
    wo.excel = data[0] & 0x20;
    check_json(st, wo, games);
    check_text(st, wo);
    check_csv(st, wo);
    struct proposals p = {0, false};
    FUZZ_CHECK(pdn_stats_suggest(st, check_proposal, &p) == 0);
    pdn_stats_free(st);
    return 0;
}
