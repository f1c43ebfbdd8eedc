/*
 * Hostile inputs through pdnstats's pipeline (count every game, with the
 * crosstable's records; write every table as text, JSON and CSV): names
 * full of control bytes and names of 100 KB, a great many distinct players,
 * a 20000-ply game at --depth 20, random games that fill a small openings
 * tree, and every input the fuzzers kept (tests/fuzz/regressions). Each
 * must be counted and written, the text free of raw control characters.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_io.h"
#include "hostile_fixture.h"
#include "reader_fixture.h"
#include "stats.h"

#define REGRESSIONS "tests/fuzz/regressions"

/* Counts every game of data[0, len); the games counted. */
static size_t count(pdn_stats *st, const char *data, size_t len)
{
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = "hostile.pdn";
    ro.on_diag = pdn_stats_on_diag; /* the findings table counts the reader's */
    ro.diag_ctx = st;
    pdn_reader *r;
    assert_int_equal(pdn_reader_open_memory(&r, data, len, &ro), PDN_OK);
    pdn_stats_add_file(st);
    size_t games = 0;
    for (pdn_game *g; pdn_reader_next(&g, r) > 0; games++) {
        assert_int_equal(pdn_stats_add_game(st, g, "hostile.pdn"), 0);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    return games;
}

static char *write_format(const pdn_stats *st, enum pdn_stats_format format, unsigned tables,
                          size_t *len)
{
    char *out = NULL;
    FILE *fp = open_memstream(&out, len);
    assert_non_null(fp);
    struct pdn_stats_write_options o = PDN_STATS_WRITE_OPTIONS_INIT;
    o.format = format;
    o.tables = tables;
    o.openings_top = -1;
    int rc = pdn_stats_write(fp, st, &o);
    fclose(fp);
    assert_true(rc == 0 || (rc == PDN_EINVAL && tables == PDN_STATS_CROSSTABLE));
    return out;
}

/* Every table written three ways; the text has no raw control character. */
static void write_all(const pdn_stats *st)
{
    size_t len;
    char *text = write_format(st, PDN_STATS_TEXT, (PDN_STATS_EXPLAIN << 1) - 1, &len);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        assert_true(c >= 0x20 || c == '\n');
        assert_true(c != 0x7F);
        assert_false(c == 0xC2 && i + 1 < len && (unsigned char)text[i + 1] <= 0x9F);
    }
    free(text);
    free(write_format(st, PDN_STATS_JSON, (PDN_STATS_EXPLAIN << 1) - 1, &len));
    for (unsigned bit = PDN_STATS_TOTALS; bit <= PDN_STATS_EXPLAIN; bit <<= 1)
        free(write_format(st, PDN_STATS_CSV, bit, &len));
}

static pdn_stats *new_stats(int depth)
{
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    o.crosstable = true;
    o.opening_depth = depth;
    pdn_stats *st;
    assert_int_equal(pdn_stats_new(&st, &o), 0);
    return st;
}

static void test_hostile_stats_control_names(void **state)
{
    (void)state;
    struct buf b = {0};
    static const char *const nasty[] = {"\x1b[2J", "\x07\x07", "\x7f",
                                        ("\xc2\x9b"
                                         "1m"),
                                        "\x1b]0;x\x07"};
    for (int i = 0; i < 200; i++)
        buf_printf(&b,
                   "[Event \"E%s\"]\n[Round \"%d\"]\n[White \"W%s%d\"]\n[Black \"B%s\"]\n"
                   "[Result \"1-1\"]\n1-1\n\n",
                   nasty[i % 5], i % 7 + 1, nasty[(i + 1) % 5], i % 11, nasty[(i + 2) % 5]);
    pdn_stats *st = new_stats(4);
    assert_int_equal(count(st, b.p, b.len), 200);
    write_all(st);
    pdn_stats_free(st);
    buf_free(&b);
}

/* Names of 50 KB (past the stack buffers), an ESC at their start. */
static void test_hostile_stats_long_names(void **state)
{
    (void)state;
    struct buf b = {0};
    for (int i = 0; i < 3; i++) {
        buf_printf(&b, "[White \"\x1b%d", i);
        buf_repeat(&b, "Ab, c.", 50000);
        buf_add(&b, "\"]\n[Black \"");
        buf_repeat(&b, "=x", 50000);
        buf_add(&b, "\"]\n[Result \"2-0\"]\n2-0\n\n");
    }
    pdn_stats *st = new_stats(4);
    assert_int_equal(count(st, b.p, b.len), 3);
    assert_int_equal(st->player.n, 4); /* three White names and one Black */
    write_all(st);
    pdn_stats_free(st);
    buf_free(&b);
}

/* Many distinct players: the index grows many times, every name is found
 * again in a second pass. */
static void test_hostile_stats_many_players(void **state)
{
    (void)state;
    size_t n = small_run() ? 2000 : 50000;
    struct buf b = {0};
    for (size_t i = 0; i < n; i++)
        buf_printf(&b, "[White \"P%zu\"]\n[Black \"p%zu, x\"]\n[Result \"2-0\"]\n2-0\n\n", i, i);
    pdn_stats *st = new_stats(4);
    assert_int_equal(count(st, b.p, b.len), n);
    assert_int_equal(count(st, b.p, b.len), n);
    assert_int_equal(st->player.n, 2 * n);
    const struct st_player *p = st->player.data;
    for (size_t i = 0; i < 2 * n; i++)
        assert_int_equal(st_player_games(&p[i]), 2);
    free(write_format(st, PDN_STATS_JSON, PDN_STATS_PLAYERS, &(size_t){0}));
    pdn_stats_free(st);
    buf_free(&b);
}

static void count_misspelt(const struct pdn_stats_suggestion *sg, void *ctx)
{
    *(size_t *)ctx += strstr(sg->why, "apart") != NULL;
}

/* 17576 surnames a letter or two apart from each other, all starting
 * alike (each fits many: none joined, and the search stays near each name,
 * not quadratic), beside surnames past 64 characters and broken UTF-8. */
static void test_hostile_stats_alike_surnames(void **state)
{
    (void)state;
    size_t n = small_run() ? 26 * 26 : 26 * 26 * 26;
    struct buf b = {0};
    for (size_t i = 0; i < n; i++)
        buf_printf(&b, "[White \"Kowalczyk%c%c%c, Jan\"]\n[Black \"Kowalczyk\"]\n2-0\n\n",
                   'a' + (int)(i / 676), 'a' + (int)(i / 26 % 26), 'a' + (int)(i % 26));
    buf_add(&b, "[White \"\xff\xfe\xc3Kowalczyk\xe2\x82, Jan\"]\n[Black \"");
    buf_repeat(&b, "Kowalczyk", 20);
    buf_add(&b, "\"]\n2-0\n\n");
    pdn_stats *st = new_stats(4);
    assert_int_equal(count(st, b.p, b.len), n + 1);
    size_t misspelt = 0;
    assert_int_equal(pdn_stats_suggest(st, count_misspelt, &misspelt), 0);
    assert_int_equal(misspelt, 0);
    pdn_stats_free(st);
    buf_free(&b);
}

/* Every input the fuzzers kept, through the stats pipeline. */
static void count_regression(const char *data, size_t len, size_t i)
{
    pdn_stats *st = new_stats(1 + (int)(i % 20));
    count(st, data, len);
    write_all(st);
    pdn_stats_free(st);
}

static void test_hostile_stats_fuzz_regressions(void **state)
{
    (void)state;
    /* Run from the project root, where the files are. */
    assert_true(each_file(REGRESSIONS, count_regression) >= 17);
}

/* A 20000-ply game at --depth 20 (50-45 and 1-6: the kings share
 * diagonals but can never take each other, as test_hostile_play's): read
 * and written whole; set up by a FEN, it has no opening, the tree only
 * its root. */
static void test_hostile_stats_long_game(void **state)
{
    (void)state;
    struct buf b = {0};
    buf_add(&b, "[FEN \"W:WK50:BK1\"]\n");
    for (int i = 0; i < 5000; i++)
        buf_printf(&b, "%d. 50-45 1-6 %d. 45-50 6-1 ", 2 * i + 1, 2 * i + 2);
    buf_add(&b, "1-1\n\n");
    pdn_stats *st = new_stats(20);
    assert_int_equal(count(st, b.p, b.len), 1);
    assert_int_equal(st->open.n, 1);
    assert_int_equal(st->open_set_up, 1);
    assert_int_equal(st->plies, 20000);
    write_all(st);
    pdn_stats_free(st);
    buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hostile_stats_control_names),
        cmocka_unit_test(test_hostile_stats_long_names),
        cmocka_unit_test(test_hostile_stats_many_players),
        cmocka_unit_test(test_hostile_stats_alike_surnames),
        cmocka_unit_test(test_hostile_stats_long_game),
        cmocka_unit_test(test_hostile_stats_fuzz_regressions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
