/*
 * Unit tests of csv_row_order: the rows of pdn2csv --moves --variations in
 * its order pass; sorted as a database sorts them (game, line, ply) they
 * do not, with why.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csv_row_order.h"

#include <string.h>

/* A row: line, parent, ply. */
struct row {
    const char *line, *parent, *ply;
};

/* The index of the first row that cannot follow, -1 when all can; its
 * reason in why. */
static int first_out_of_order(const struct row *rows, size_t n, char *why, size_t cap)
{
    struct row_order o;
    csv_row_order_start(&o);
    for (size_t i = 0; i < n; i++)
        if (!csv_row_order_step(&o, rows[i].line, rows[i].parent, rows[i].ply, why, cap))
            return (int)i;
    return -1;
}

/* 1. 32-28 (1. 33-29 17-21 (1... 18-23)) 18-22 2. 37-32 (2. 31-27) *,
 * as pdn2csv writes its rows: nested lines, two lines "1.1". */
static const struct row written[] = {
    {"1", "", "1"}, {"1.1", "1", "1"}, {"1.1", "1", "2"}, {"1.1.1", "2", "2"},
    {"1", "", "2"}, {"1", "", "3"},    {"1.1", "3", "3"},
};

static void test_row_order_as_written(void **state)
{
    (void)state;
    char why[256];
    assert_int_equal(
        first_out_of_order(written, sizeof written / sizeof written[0], why, sizeof why), -1);
    /* no line column, no ply: nothing to check */
    const struct row bare[] = {{"", "", ""}, {"", "", ""}};
    assert_int_equal(first_out_of_order(bare, 2, why, sizeof why), -1);
}

static void test_row_order_sorted_by_line(void **state)
{
    (void)state;
    char why[256];
    /* ORDER BY line, ply: the main line first, then its variations */
    const struct row sorted[] = {
        {"1", "", "1"},
        {"1", "", "2"},
        {"1", "", "3"},
        {"1.1", "1", "1"},
    };
    assert_int_equal(first_out_of_order(sorted, 4, why, sizeof why), 3);
    assert_non_null(strstr(why, "line 1.1 replaces ply 1, but its line stands at ply 3"));
    /* a line's plies going back */
    const struct row back[] = {{"1", "", "2"}, {"1", "", "1"}};
    assert_int_equal(first_out_of_order(back, 2, why, sizeof why), 1);
    assert_non_null(strstr(why, "line 1: ply 1 after ply 2"));
    /* a variation whose first row is not the ply it replaces */
    const struct row late[] = {{"1", "", "1"}, {"1.1", "1", "2"}};
    assert_int_equal(first_out_of_order(late, 2, why, sizeof why), 1);
    assert_non_null(strstr(why, "its first row is ply 2"));
    /* a ply past any game's is not checked (its sum with 1 would overflow) */
    const struct row huge[] = {{"1", "", "9223372036854775807"}, {"1", "", "1"}};
    assert_int_equal(first_out_of_order(huge, 2, why, sizeof why), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_row_order_as_written),
        cmocka_unit_test(test_row_order_sorted_by_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
