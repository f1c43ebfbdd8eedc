/*
 * Hostile input for the CSV reader (pdn_csv_reader, csv2pdn's): rows that
 * hold no game, NUL bytes, text after a result, and the inputs of fuzz_csv
 * that once broke it (tests/fuzz/regressions-csv). Each must end in a
 * finding and the rows after it read on; the reader never reports a false
 * system error nor hands out a game after its end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "append.h"
#include "diag_collector.h"
#include "games_io.h"
#include "pdn.h"

#define REGRESSIONS "tests/fuzz/regressions-csv"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What reading a CSV gave: its games' White tags, one a line. */
struct outcome {
    size_t games;
    unsigned long rows;
    char whites[256];
};

/* Reads data[0, n) to its end as csv2pdn does: every call after the end
 * says the end again, and nothing is a system error. */
static struct outcome read_csv(const char *data, size_t n, struct pdn_csv_read_options o,
                               struct diag_collector *dc)
{
    struct outcome out = {0};
    FILE *in = n ? fmemopen((void *)data, n, "rb") : fopen("/dev/null", "rb");
    assert_non_null(in);
    o.filename = "t.csv";
    dc_reset(dc);
    o.on_diag = dc_collect;
    o.diag_ctx = dc;
    pdn_csv_reader *r = NULL;
    assert_int_equal(pdn_csv_reader_open(&r, in, &o), 0);
    pdn_game *g;
    int rc;
    while ((rc = pdn_csv_reader_next(&g, r)) == 1) {
        assert_int_equal(g->index, ++out.games);
        const char *white = pdn_game_tag(g, "White");
        append(out.whites, sizeof out.whites, "%s\n", white ? white : "?");
        pdn_game_free(g);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(pdn_csv_reader_next(&g, r), 0);
    out.rows = pdn_csv_reader_rows(r);
    pdn_csv_reader_free(r);
    fclose(in);
    return out;
}

static struct outcome read_text(const char *csv, bool moves, struct diag_collector *dc)
{
    struct pdn_csv_read_options o = PDN_CSV_READ_OPTIONS_INIT;
    o.moves = moves;
    return read_csv(csv, strlen(csv), o, dc);
}

/* The first finding with this code, or fails. */
static const struct diag_record *finding(const struct diag_collector *dc, enum pdn_diag_code code)
{
    for (int i = 0; i < dc->nkept; i++)
        if (dc->kept[i].code == code) return &dc->kept[i];
    fail_msg("no %s finding", pdn_diag_name(code));
    static const struct diag_record none; /* not reached: fail_msg returns not */
    return &none;
}

static void test_hostile_csv_rows_without_a_game(void **state)
{
    static struct diag_collector dc;
    (void)state;
    /* a spreadsheet's blank rows, a row whose moves are junk, quoted empties */
    struct outcome got = read_text("White,Black,Result,moves\n"
                                   ",,,\n"
                                   "A,B,2-0,1. 32-28 19-23 2-0\n"
                                   ",,,}\n"
                                   "\"\",\"\",\"\",\"\"\n"
                                   "C,D,*,1. 33-29\n",
                                   false, &dc);
    assert_int_equal(got.games, 2);
    assert_string_equal(got.whites, "A\nC\n");
    assert_int_equal(got.rows, 5);
    assert_int_equal(dc.count[PDN_DIAG_BAD_CSV], 3);
    assert_int_equal(finding(&dc, PDN_DIAG_BAD_CSV)->line, 2);
    /* the same in the moves mode: an empty row is no game of its own */
    got = read_text("game,ply,number,side,move\n,,,,\n1,1,1,white,32-28\n,,,,\n", true, &dc);
    assert_int_equal(got.games, 1);
    assert_int_equal(dc.count[PDN_DIAG_BAD_CSV], 2);
}

static void test_hostile_csv_nul_bytes(void **state)
{
    static struct diag_collector dc;
    static const char csv[] = "White,Black,Result,moves\n"
                              "A\0nna,B,*,\"1. 32-28\0 19-23\"\n"
                              "\0,\0,\0,\0\n"
                              "C,D,*,33-29\n";
    (void)state;
    struct pdn_csv_read_options o = PDN_CSV_READ_OPTIONS_INIT;
    struct outcome got = read_csv(csv, sizeof csv - 1, o, &dc);
    /* the bytes after a NUL are kept; a row of NULs alone is empty */
    assert_string_equal(got.whites, "Anna\nC\n");
    assert_int_equal(dc.count[PDN_DIAG_NUL_BYTE], 6);
    assert_int_equal(finding(&dc, PDN_DIAG_NUL_BYTE)->col, 1);
    assert_int_equal(dc.count[PDN_DIAG_ILLEGAL_MOVE], 0); /* 19-23 was read */
}

static void test_hostile_csv_text_after_the_result(void **state)
{
    static struct diag_collector dc;
    (void)state;
    struct outcome got = read_text("White,Black,Result,moves\n"
                                   "A,B,*,\"1. 32-28 * [White \"\"X\"\"] 1. 33-29 *\"\n"
                                   "C,D,2-0,1. 32-28 19-23 2-0\n",
                                   false, &dc);
    /* the second game is a game; a cell's own result gets no second one */
    assert_string_equal(got.whites, "A\nX\nC\n");
    assert_int_equal(dc.count[PDN_DIAG_BAD_CSV], 1);
    assert_int_equal(dc.count[PDN_DIAG_SYNTAX], 0);
    const struct diag_record *d = finding(&dc, PDN_DIAG_BAD_CSV);
    dc_expect_at(d, 2, 4);
}

/* ---- big inputs: a row past PDN_LIMIT_GAME_BYTES is cut as it streams ---- */

#define MB ((size_t)1 << 20)
#define HEAD "White,Black,Result,moves\n"
#define GOOD "C,D,*,1. 32-28 19-23\n"

/* head, then fill repeated to n bytes between before and after. */
static char *big_csv(const char *head, const char *before, const char *fill, size_t n,
                     const char *after, size_t *len)
{
    size_t a = strlen(head), b = strlen(before), c = strlen(after), k = strlen(fill);
    char *s = malloc(a + b + n + c + 1);
    assert_non_null(s);
    memcpy(s, head, a);
    memcpy(s + a, before, b);
    for (size_t i = 0; i < n; i++)
        s[a + b + i] = fill[i % k];
    memcpy(s + a + b + n, after, c + 1);
    *len = a + b + n + c;
    return s;
}

static struct outcome read_big(char *csv, size_t len, bool moves, struct diag_collector *dc)
{
    struct pdn_csv_read_options o = PDN_CSV_READ_OPTIONS_INIT;
    o.moves = moves;
    struct outcome got = read_csv(csv, len, o, dc);
    free(csv);
    return got;
}

static void test_hostile_csv_long_fields(void **state)
{
    static struct diag_collector dc;
    /* a 6 MB field, plain, quoted, of line feeds, of carriage returns, in
     * a tag column and in the moves: the row is cut in it, the next read */
    static const struct {
        const char *before, *fill, *after;
        uint32_t col;
    } cases[] = {
        {"A,", "a", ",*,32-28\n" GOOD, 2},
        {"A,B,*,\"", "\n", "\"\n" GOOD, 4},
        {"A,B,*,\"", "\r", "\"\n" GOOD, 4},
        {"A,B,*,\"", "32-28 \"\"x\"\" ", "\"\n" GOOD, 4},
        {"A,\"", "\xd0\x98", "\",*,32-28\n" GOOD, 2}, /* cut between whole characters */
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len;
        char *csv = big_csv(HEAD, cases[i].before, cases[i].fill, 6 * MB, cases[i].after, &len);
        double t = now_seconds();
        struct outcome got = read_big(csv, len, false, &dc);
        print_message("  case %zu: 6 MB field in %.2f s\n", i, now_seconds() - t);
        assert_string_equal(got.whites, "A\nC\n");
        const struct diag_record *d = finding(&dc, PDN_DIAG_LIMIT);
        dc_expect_at(d, 2, cases[i].col);
        assert_int_equal(dc.count[PDN_DIAG_BAD_CSV], 0);
        assert_int_equal(dc.bad_utf8, 0);
    }
}

static void test_hostile_csv_line_ends_alone(void **state)
{
    static struct diag_collector dc;
    (void)state;
    /* 6 MB of empty lines, CR-only or LF-only: no row at all */
    static const char *const fills[] = {"\r", "\n", "\r\n"};
    for (size_t i = 0; i < 3; i++) {
        size_t len;
        char *csv = big_csv(HEAD, "", fills[i], 6 * MB, GOOD, &len);
        struct outcome got = read_big(csv, len, false, &dc);
        assert_string_equal(got.whites, "C\n");
        assert_int_equal(got.rows, 1);
        assert_int_equal(dc.total, 0);
    }
}

static void test_hostile_csv_many_columns(void **state)
{
    static struct diag_collector dc;
    (void)state;
    /* a million columns: the header is cut, the rows still read */
    size_t n = 1000000, len = 0;
    char *csv = malloc(n * 16 + 64);
    assert_non_null(csv);
    len += (size_t)sprintf(csv, "moves");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(csv + len, ",T%zu", i);
    len += (size_t)sprintf(csv + len, "\n32-28");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(csv + len, ",x");
    len += (size_t)sprintf(csv + len, "\n");
    struct outcome got = read_big(csv, len, false, &dc);
    assert_int_equal(got.games, 1);
    assert_int_equal(dc.count[PDN_DIAG_BAD_CSV], 0); /* as many fields as the header */
    assert_int_equal(dc.count[PDN_DIAG_LIMIT], 2);   /* the header and the row */
    assert_int_equal(finding(&dc, PDN_DIAG_LIMIT)->line, 1);
    assert_int_equal(dc.count[PDN_DIAG_ILLEGAL_MOVE], 0);
}

static void test_hostile_csv_moves_game_too_long(void **state)
{
    static struct diag_collector dc;
    (void)state;
    /* one game of 700 000 rows (5.6 MB): its rows past the limit skipped */
    size_t len;
    char *csv = big_csv("game,move\n", "", "1,32-28\n", 700000 * 8, "2,33-29\n", &len);
    struct outcome got = read_big(csv, len, true, &dc);
    assert_int_equal(got.games, 2);
    /* said once, at the first row skipped (the reader may cut the tree
     * of what is kept too: PDN_LIMIT_GAME_TREE) */
    const struct diag_record *d = finding(&dc, PDN_DIAG_LIMIT);
    assert_non_null(strstr(d->detail, "its rows from here skipped"));
    assert_true(d->line > 2 && d->line < 700001);
    for (int i = 0; i < dc.nkept; i++)
        if (dc.kept[i].code == PDN_DIAG_LIMIT && dc.kept[i].line > d->line) fail();
}

/* fuzz_csv's reading of a file (the i-th kept): its first byte the options. */
static void read_like_fuzz_csv(const char *data, size_t n, size_t i)
{
    static const char delimiters[] = {0, ',', ';', '\t'};
    static struct diag_collector dc;
    (void)i;
    if (n == 0) return;
    unsigned char how = (unsigned char)data[0];
    struct pdn_csv_read_options o = PDN_CSV_READ_OPTIONS_INIT;
    o.moves = how & 1;
    o.strict = how & 2;
    o.delimiter = delimiters[(how >> 2) & 3];
    o.excel_text = how & 16;
    o.iso_dates = how & 32;
    read_csv(data + 1, n - 1, o, &dc);
    assert_int_equal(dc.bad_utf8, 0);
    /* every finding names one of the input's lines, as fuzz_csv's does */
    unsigned long lines = 1;
    for (size_t k = 1; k < n; k++)
        lines += data[k] == '\n' || data[k] == '\r';
    for (int k = 0; k < dc.nkept; k++)
        assert_true(dc.kept[k].line <= lines);
}

static void test_hostile_csv_fuzz_regressions(void **state)
{
    (void)state;
    /* Run from the project root, where the files are. */
    assert_true(each_file(REGRESSIONS, read_like_fuzz_csv) >= 1);
}

static void test_hostile_csv_empty_rows_said_once(void **state)
{
    static struct diag_collector dc;
    (void)state;
    size_t len;
    char *csv = big_csv(HEAD, "", ",,,\n", 100000 * 4, GOOD, &len);
    struct outcome got = read_big(csv, len, false, &dc);
    assert_string_equal(got.whites, "C\n");
    assert_int_equal(dc.count[PDN_DIAG_BAD_CSV], 1);
    const struct diag_record *d = finding(&dc, PDN_DIAG_BAD_CSV);
    assert_int_equal(d->line, 2);
    assert_non_null(strstr(d->detail, "in 100000 rows"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hostile_csv_rows_without_a_game),
        cmocka_unit_test(test_hostile_csv_nul_bytes),
        cmocka_unit_test(test_hostile_csv_text_after_the_result),
        cmocka_unit_test(test_hostile_csv_long_fields),
        cmocka_unit_test(test_hostile_csv_line_ends_alone),
        cmocka_unit_test(test_hostile_csv_many_columns),
        cmocka_unit_test(test_hostile_csv_moves_game_too_long),
        cmocka_unit_test(test_hostile_csv_empty_rows_said_once),
        cmocka_unit_test(test_hostile_csv_fuzz_regressions),
    };
    return cmocka_run_group_tests_name("hostile_csv", tests, NULL, NULL);
}
