/*
 * Unit tests of the tables written (stats_write.c, stats_write_cross.c,
 * stats_table.c): --explain's criterion and the CSV rule of one table;
 * the output layer: identifiers, the JSON and CSV shapes, control bytes,
 * rows made as they are written, cells as printf makes them, --excel.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csv_io.h"
#include "stats_fixture.h"

#include <limits.h>

/* ---- writing ------------------------------------------------------------------------ */

/* The "decided by" and "values" cells of the explain table, as CSV lines. */
static void test_stats_explain_criterion(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    add_event_c(st);
    int rc;
    char *out = written(st, PDN_STATS_CSV, PDN_STATS_EXPLAIN, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(out, "event,place,player,next_place,next_player,points,decided_by,values\n"
                             "A,1,Q,2,P,4,most wins,2 > 1\n"
                             "A,3-4,R,3-4,S,2,not separated: shared place,\n"
                             "C,2,X,3,Y,4,results by classification,1 > 0 against W\n");
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_EXPLAIN, PDN_TIEBREAK_KNDB, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "A,1,P,2,Q,4,mutual result,2 > 0\n"));
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_EXPLAIN, PDN_TIEBREAK_SB, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "A,1,P,2,Q,4,Sonneborn-Berger,6 > 4\n"));
    free(out);
    pdn_stats_free(st);
}

static void test_stats_csv_one_table(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    int rc;
    char *out = written(st, PDN_STATS_CSV, 0, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, PDN_EINVAL);
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_TOTALS | PDN_STATS_RESULTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, PDN_EINVAL);
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_CROSSTABLE, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0); /* one event */
    assert_non_null(
        strstr(out, "event,line,place,player,vs_1,vs_2,vs_3,vs_4,games,points,most_wins,"));
    free(out);
    add_event_b(st);
    out = written(st, PDN_STATS_CSV, PDN_STATS_CROSSTABLE, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, PDN_EINVAL); /* two events: two headers */
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_TOTALS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* one record: the measures are its columns */
    assert_non_null(strstr(out, "files,games,plies,plies_per_game_mean,"));
    assert_non_null(strstr(out, "\n0,12,0,0.0,"));
    free(out);
    pdn_stats_free(st);
}

/* ---- output: names, shapes, escapes ---------------------------------------------- */

static void expect_ident(const char *heading, const char *want)
{
    char got[TAB_KEY];
    stats_ident(got, heading);
    assert_string_equal(got, want);
}

static void test_stats_ident(void **state)
{
    (void)state;
    expect_ident("white score%", "white_score_pct");
    expect_ident("%", "pct");
    expect_ident("plies per game, mean", "plies_per_game_mean");
    expect_ident("White's score", "whites_score");
    expect_ident("draw rule: 25 moves (kings only)", "draw_rule_25_moves_kings_only");
    expect_ident("1", "c_1");
    expect_ident("", "c");
    expect_ident("résultat", "r_sultat"); /* ASCII only: a byte of é is a separator */
}

/* The JSON and CSV of one collection, by the names pdnstats(1) documents. */
static void test_stats_json_shapes(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    int rc;
    char *out =
        written(st, PDN_STATS_JSON, PDN_STATS_TOTALS | PDN_STATS_RESULTS | PDN_STATS_PLAYERS,
                PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* a table of measures is an object; a keyed one an object of objects; rows an array */
    assert_non_null(strstr(out, "\"totals\": {\n    \"files\": 0,\n    \"games\": 6,"));
    assert_non_null(strstr(out, "\"plies_per_game_mean\": 0.0"));
    assert_non_null(strstr(out, "\"draw\": {\"games\": 3, \"pct\": 50.0}"));
    assert_non_null(strstr(out, "\"white_score\": {\"games\": 9, \"pct\": 75.0}"));
    assert_non_null(
        strstr(out, "\"players\": [\n    {\"player\": \"Q\", \"games\": 3, \"wins\": 2,"));
    assert_non_null(strstr(out, "\"score_pct\": 66.7"));
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_RESULTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* White won P-Q, Q-S, Q-R; three draws; White's score 2 x 3 + 3 = 9 of 12 */
    assert_string_equal(out, "result,games,pct\nwhite_won,3,50.0\ndraw,3,50.0\nblack_won,0,0.0\n"
                             "other,0,0.0\nunknown,0,0.0\nwhite_score,9,75.0\n");
    free(out);
    pdn_stats_free(st);
}

/* Games naming no player (blank, "?", the side's colour) are counted in
 * JSON's totals, which pdnstats --merge sums to warn as one run does;
 * text and CSV readers have that warning on stderr, not a row. */
static void test_stats_json_unknown_players(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_text(st, "[White \"A\"]\n[Black \"?\"]\n2-0\n\n"
                 "[White \"White\"]\n[Black \"Red\"]\n0-2\n\n"
                 "[White \"A\"]\n[Black \"B\"]\n1-1\n\n");
    int rc;
    char *out = written(st, PDN_STATS_JSON, PDN_STATS_TOTALS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\"openings_cut_short_tree_full\": 0,\n"
                                "    \"fen_games_no_opening\": 0,\n"
                                "    \"games_with_an_unknown_player\": 2,\n"
                                "    \"games_against_oneself\": 0\n  }"));
    free(out);
    const enum pdn_stats_format others[] = {PDN_STATS_TEXT, PDN_STATS_CSV};
    for (size_t i = 0; i < 2; i++) {
        out = written(st, others[i], PDN_STATS_TOTALS, PDN_TIEBREAK_FMJD, &rc);
        assert_int_equal(rc, 0);
        assert_null(strstr(out, "unknown"));
        free(out);
    }
    pdn_stats_free(st);
}

/* An Event tag of '?', '??', blanks or none names no event (as the
 * African championship's file has one game, round 11, of [Event "?"]):
 * one row, written last in every format so that the rows add up to the
 * games, and no crosstable of a "tournament" nobody named. */
static void test_stats_unknown_event_name(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_result(st, "?", 1, "P", "Q", "2-0");
    add_event_a(st);
    add_result(st, "", 2, "P", "R", "1-1");
    add_result(st, "??", 3, "P", "S", "0-2");
    add_text(st, "[White \"Q\"]\n[Black \"R\"]\n[Round \"4\"]\n1-1\n\n");
    assert_int_equal(st->event.n, 2); /* "?" and "A" */
    assert_int_equal(pdn_stats_unknown_events(st), 4);
    assert_int_equal(pdn_stats_unknown_players(st), 0);
    int rc;
    char *out = written(st, PDN_STATS_CSV, PDN_STATS_EVENTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(out, "event,games,from,to,players,rounds\n"
                             "A,6,,,4,3\n"
                             "(no event name),4,,,4,4\n");
    free(out);
    out = written(st, PDN_STATS_TEXT, PDN_STATS_EVENTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* the columns: event 15 wide, games 5, from 4, to 2, players 7, rounds 6 */
    assert_non_null(strstr(out, "\n  (no event name)      4                  4       4\n\n"));
    free(out);
    out = written(st, PDN_STATS_JSON, PDN_STATS_EVENTS | PDN_STATS_CROSSTABLE, PDN_TIEBREAK_FMJD,
                  &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "{\"event\": \"(no event name)\", \"games\": 4,"));
    assert_null(strstr(out, "\"event\": \"?\""));
    assert_non_null(strstr(out, "\"crosstables\": [\n  {\"event\": \"A\""));
    assert_null(strstr(out, "{\"event\": \"(no event name)\", \"system\""));
    free(out);
    pdn_stats_free(st);
}

/* A name with ESC, BEL, DEL and a C1 control (U+009B, CSI): escaped in
 * text, escaped as JSON requires, and no invalid UTF-8 in JSON. */
static void test_stats_control_bytes(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_result(st, "E\x1b[2J", 1, "A\x07\x7f",
               "B\xc2\x9b"
               "1m",
               "2-0");
    int rc;
    char *out =
        written(st, PDN_STATS_TEXT, PDN_STATS_PLAYERS | PDN_STATS_EVENTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_null(strchr(out, '\x1b'));
    assert_null(strchr(out, '\x07'));
    assert_null(strchr(out, '\x7f'));
    assert_null(strstr(out, "\xc2\x9b"));
    assert_non_null(strstr(out, "A\\x07\\x7f "));
    assert_non_null(strstr(out, "B\\u009b1m "));
    assert_non_null(strstr(out, "E\\x1b[2J "));
    free(out);
    out = written(st, PDN_STATS_JSON, PDN_STATS_PLAYERS | PDN_STATS_EVENTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\"A\\u0007\\u007f\""));
    assert_non_null(strstr(out, "\"B\\u009b1m\""));
    assert_non_null(strstr(out, "\"E\\u001b[2J\""));
    free(out);
    pdn_stats_free(st);
    /* bytes that are no UTF-8 (the library's caller may hand them in) */
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    stats_json_string(fp, "a\xff\xc3"
                          "b\xe2\x82");
    fclose(fp);
    assert_string_equal(buf, "\"a\\ufffd\\ufffdb\\ufffd\\ufffd\"");
    free(buf);
}

/* A table of three rows, the widest cell and a control byte late. */
static const char *const made_cells[][2] = {{"a", "1"}, {"b\x1b", "22"}, {"a much longer", "333"}};

static void made_row(struct tab *t, size_t i, const void *ctx)
{
    (void)ctx;
    tab_cell(t, "%s", made_cells[i][0]);
    tab_cell(t, "%s", made_cells[i][1]);
}

/* The table written in a format, its rows made as written or held. */
static char *emit_table(enum pdn_stats_format format, bool made)
{
    struct pdn_stats_write_options wo = PDN_STATS_WRITE_OPTIONS_INIT;
    wo.format = format;
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    struct csv_out csv = {.fp = fp, .delim = ',', .first = true};
    struct stats_out o = {.fp = fp, .o = &wo, .first_table = true, .csv = &csv};
    struct tab t = {.name = "made", .title = "Made"};
    tab_col(&t, "name", false);
    tab_col(&t, "n", true);
    if (made) {
        t.nrows = 3;
        t.row = made_row;
    }
    for (size_t i = 0; !made && i < 3; i++)
        made_row(&t, i, NULL);
    assert_int_equal(tab_emit(&o, &t), 0);
    csv_out_free(&csv);
    fclose(fp);
    return buf;
}

/* A table whose rows are made as they are written (players, events,
 * repeats: they grow with the input) reads as the same table held whole:
 * the text's widths come from every row, its control bytes are escaped. */
static void test_stats_made_rows(void **state)
{
    (void)state;
    for (int f = PDN_STATS_TEXT; f <= PDN_STATS_JSON; f++) {
        char *made = emit_table((enum pdn_stats_format)f, true);
        char *held = emit_table((enum pdn_stats_format)f, false);
        assert_string_equal(made, held);
        free(held);
        free(made);
    }
    char *text = emit_table(PDN_STATS_TEXT, true);
    assert_string_equal(text, "Made\n"
                              "  name             n\n"
                              "  a                1\n"
                              "  b\\x1b           22\n"
                              "  a much longer  333\n\n");
    free(text);
}

/* A game of the repeats' test: its file, tags, and how many times the
 * file has it. */
struct read_game {
    const char *file, *event, *round, *white, *black;
    int times;
};

/* The games of file among games[0, n), as its text (to free): each
 * without moves. */
static char *file_text(const struct read_game *games, size_t n, const char *file)
{
    size_t size = 1, len = 0;
    for (size_t i = 0; i < n; i++)
        size += (size_t)games[i].times * 256;
    char *text = malloc(size);
    assert_non_null(text);
    text[0] = '\0';
    for (size_t i = 0; i < n; i++)
        for (int k = 0; strcmp(games[i].file, file) == 0 && k < games[i].times; k++)
            len += (size_t)snprintf(text + len, size - len,
                                    "[Event \"%s\"]\n[Round \"%s\"]\n[White \"%s\"]\n"
                                    "[Black \"%s\"]\n[Result \"2-0\"]\n2-0\n\n",
                                    games[i].event, games[i].round, games[i].white, games[i].black);
    assert_true(len < size);
    return text;
}

/* The statistics of games[0, n), each file read once, in the order the
 * games name them first. */
static pdn_stats *read_files(const struct read_game *games, size_t n)
{
    pdn_stats *st = new_stats(false);
    for (size_t i = 0; i < n; i++) {
        size_t first = 0;
        while (strcmp(games[first].file, games[i].file) != 0)
            first++;
        if (first != i) continue; /* read with its first game */
        char *text = file_text(games, n, games[i].file);
        pdn_reader *r = NULL;
        assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), 0);
        pdn_game *g;
        while (pdn_reader_next(&g, r) == 1) {
            assert_int_equal(pdn_stats_add_game(st, g, games[i].file), 0);
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        free(text);
    }
    return st;
}

/* The repeats table in text, made by threads (0: the options of version
 * 1, which have no threads), its widths told from its names or (slow) from
 * its rows made (PDN_SLOW_PATH). */
static char *repeats_text(const pdn_stats *st, bool slow, int threads)
{
    struct pdn_stats_write_options o = PDN_STATS_WRITE_OPTIONS_INIT;
    o.tables = PDN_STATS_REPEATS;
    if (threads == 0)
        o.version = 1;
    else
        o.threads = threads;
    if (slow) setenv("PDN_SLOW_PATH", "1", 1);
    int rc;
    char *out = written_with(st, &o, &rc);
    unsetenv("PDN_SLOW_PATH");
    assert_int_equal(rc, 0);
    return out;
}

/* The repeats table's widths come from the widths of its names, each
 * measured once, not from its rows made: the table reads the same either
 * way, whichever row holds a column's widest cell. Each game below widens
 * a column of its own: a name escaped, accented or unknown, a round of two
 * numbers, game numbers of two digits and of five, a game repeating one of
 * another file, a file with a longer name. */
static void test_stats_repeat_widths(void **state)
{
    (void)state;
    static const struct read_game games[] = {
        {"a.pdn", "E", "1", "A", "B", 2},
        {"a.pdn", "Évènement \x1b[31m", "2", "A", "B", 2},
        {"a.pdn", "E", "12.345", "A", "B", 2},
        {"a.pdn", "E", "3", "Zoë Ångström-Wahlberg", "?", 2},
        {"a.pdn", "E", "4", "A", "Name\x7fwith a control", 2},
        {"a.pdn", "E", "5", "A", "C", 2},
        {"fichier à nom long.pdn", "E", "5", "A", "C", 1}, /* a.pdn's again */
        {"b.pdn", "E", "6", "D", "E", 10001},              /* game numbers wider than "game" */
        {"d\x1b[1m.pdn", "E", "7", "F", "G", 1},           /* a file escaped ... */
        {"e.pdn", "E", "7", "F", "G", 1},                  /* ... in the repeats cell */
    };
    char *before = NULL;
    for (size_t n = 1; n <= sizeof games / sizeof games[0]; n++) {
        pdn_stats *st = read_files(games, n);
        char *told = repeats_text(st, false, 1), *made = repeats_text(st, true, 1);
        pdn_stats_free(st);
        assert_string_equal(told, made);
        if (before) assert_true(strlen(told) >= strlen(before)); /* rows only added */
        free(before);
        free(made);
        before = told;
    }
    static const char *const cells[] = {"\n  fichier à nom long.pdn      1  E ",
                                        " a.pdn game 11 ",
                                        "  game 11  ",
                                        " 12-345 ",
                                        " Évènement \\x1b[31m ",
                                        "\n  b.pdn                   10001  E ",
                                        " d\\x1b[1m.pdn game 1 "};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
        assert_non_null(strstr(before, cells[i]));
    free(before);
}

/* With threads, the repeats table is made a block of REPEAT_BLOCK rows at
 * a time, each thread measuring its blocks and making their lines: the
 * table reads as one thread's. Here the widest cell of each column is in
 * a block of its own, with names escaped or accented that a thread meets
 * first in a late block; 3,896 repeats make four blocks. */
static void test_stats_repeat_threads(void **state)
{
    (void)state;
    static const struct read_game games[] = {
        {"a.pdn", "E", "1", "A", "B", 1500},
        {"a.pdn", "Évènement \x1b[31m", "2", "A", "Zoë Ångström", 700},
        {"b.pdn", "E", "1", "A", "B", 1200},                       /* a.pdn's game again */
        {"c\x1b[1m.pdn", "E", "12.345", "C", "Name\x7f-ctl", 500}, /* in the last block */
    };
    pdn_stats *st = read_files(games, sizeof games / sizeof games[0]);
    assert_int_equal(st->repeats.n, 1499 + 699 + 1200 + 499);
    assert_int_equal(stats_repeat_blocks(&st->repeats), 4);
    char *one = repeats_text(st, false, 1), *slow = repeats_text(st, true, 1);
    assert_string_equal(one, slow);
    static const int threads[] = {0, 2, 3, 4, 8, 64};
    for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
        char *many = repeats_text(st, false, threads[k]);
        assert_string_equal(many, one);
        free(many);
    }
    assert_non_null(strstr(one, "\n  c\\x1b[1m.pdn  ")); /* the file escaped, padded */
    pdn_stats_free(st);
    free(one);
    free(slow);
}

/* A cell is what printf makes of its format, whether tab_cell writes it
 * itself (text, %s, %u, %lu, %d) or hands it to vsnprintf (any other
 * conversion, a cell longer than its first try); tab_text and tab_count
 * are "%s" and "%lu". */
static void test_stats_cell_formats(void **state)
{
    (void)state;
    struct tab t = {.name = "cells"};
    char want[20][400];
    int n = 0;
#define CELL(...)                                                                                  \
    do {                                                                                           \
        tab_cell(&t, __VA_ARGS__);                                                                 \
        snprintf(want[n++], sizeof want[0], __VA_ARGS__);                                          \
    } while (0)
    CELL("%s", "Sijbrands");
    CELL("%s", "");
    CELL("game %u", 0u);
    CELL("%u", UINT_MAX);
    CELL("%lu", ULONG_MAX);
    CELL("%d", INT_MIN);
    CELL("%d-%d", -3, 12);
    CELL("%s game %u", "a.pdn", 17u);
    CELL("100%% %s", "sure");
    CELL("%.1f", 66.66);
    CELL("%zu plies", (size_t)80);
    CELL("%-300s|", "wide");
    CELL("no conversion");
#undef CELL
    tab_text(&t, "Baljakin");
    snprintf(want[n++], sizeof want[0], "%s", "Baljakin");
    tab_count(&t, 0);
    snprintf(want[n++], sizeof want[0], "%lu", 0ul);
    tab_count(&t, ULONG_MAX);
    snprintf(want[n++], sizeof want[0], "%lu", ULONG_MAX);
    assert_false(t.failed);
    assert_int_equal(t.cells.n, n);
    for (int k = 0; k < n; k++)
        assert_string_equal((char *)t.text.data + ((size_t *)t.cells.data)[k], want[k]);
    tab_free(&t);
}

/* --excel: BOM, ';', CRLF; grid cells and names a spreadsheet would turn
 * into numbers or formulas kept as text; numbers left numbers; a long
 * formula-like name still text. */
static void test_stats_excel(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    char eq[300];
    memset(eq, 'a', sizeof eq - 1);
    eq[0] = '=';
    eq[sizeof eq - 1] = '\0';
    add_result(st, "X", 1, "=cmd|' /C calc'!A0", "12", "2-0");
    add_result(st, "X", 2, "12", "=cmd|' /C calc'!A0", "2-0");
    add_result(st, "X", 3, eq, "12", "1-1");
    struct pdn_stats_write_options o = PDN_STATS_WRITE_OPTIONS_INIT;
    o.format = PDN_STATS_CSV;
    o.tables = PDN_STATS_CROSSTABLE;
    o.excel = true;
    int rc;
    char *buf = written_with(st, &o, &rc);
    assert_int_equal(rc, 0);
    assert_memory_equal(buf,
                        "\xEF\xBB\xBF"
                        "event;line;place;player;vs_1;vs_2;vs_3;games;points;",
                        54);
    /* line 1, place 1: "12" with 3 points (lost to and beat "=cmd...", drew the long
     * name): its name and its grid cells are text, its counts numbers */
    assert_non_null(strstr(buf, "\r\nX;1;1;\"=\"\"12\"\"\";x;\"=\"\"02\"\"\";\"=\"\"1\"\"\";3;3;"));
    assert_non_null(strstr(buf, "\"=\"\"=cmd|' /C calc'!A0\"\"\""));
    assert_non_null(strstr(buf, ";\"=\"\"=aaa")); /* ="..."&"...": text at any length */
    assert_null(strstr(buf, ";=aaa"));
    free(buf);
    /* decimals with a comma, as the spreadsheets of ';' locales read them */
    o.tables = PDN_STATS_RESULTS;
    buf = written_with(st, &o, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(buf, "\r\ndraw;1;33,3\r\n"));
    free(buf);
    /* a shared place is text, not the date 3 April */
    add_event_a(st);
    o.tables = PDN_STATS_EXPLAIN;
    buf = written_with(st, &o, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(buf, "\r\nA;\"=\"\"3-4\"\"\";R;\"=\"\"3-4\"\"\";S;2;"));
    free(buf);
    pdn_stats_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_explain_criterion),
        cmocka_unit_test(test_stats_csv_one_table),
        cmocka_unit_test(test_stats_ident),
        cmocka_unit_test(test_stats_json_shapes),
        cmocka_unit_test(test_stats_json_unknown_players),
        cmocka_unit_test(test_stats_unknown_event_name),
        cmocka_unit_test(test_stats_control_bytes),
        cmocka_unit_test(test_stats_made_rows),
        cmocka_unit_test(test_stats_repeat_widths),
        cmocka_unit_test(test_stats_repeat_threads),
        cmocka_unit_test(test_stats_cell_formats),
        cmocka_unit_test(test_stats_excel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
