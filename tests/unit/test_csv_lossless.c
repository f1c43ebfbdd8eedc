/*
 * The lossless round trips through CSV (lossless_trip.h: pdn2csv --moves
 * --variations --lossless, then csv2pdn --moves, as the tools drive the
 * library; and by game rows, pdn2csv --lossless then csv2pdn) give the games back byte for byte as
 * pdnfmt writes them, as README.md and csv2pdn(1) promise: every PDN file of tests/data and
 * samples, whole, as pdn2csv reads it (not pdnfmt's text of it: a game
 * whose variant its file gave must keep it), and every input the fuzz
 * targets kept (tests/fuzz/regressions: fuzz_lossless's, which holds
 * arbitrary input to the same trip, and the others').
 */
#include "games_io.h"
#include "lossless_trip.h"

/* The trips on a text, by plies and by game rows: the same bytes, else
 * both texts on stderr and a failure naming what. */
static void expect_same_back(const char *what, const char *data, size_t len)
{
    for (int by_games = 0; by_games <= 1; by_games++) {
        struct lossless_trip t;
        assert_int_equal(lossless_trip_run_as(&t, data, len, by_games), 0);
        bool same = lossless_trip_same(&t);
        if (!same) lossless_trip_show(&t);
        lossless_trip_free(&t);
        if (!same)
            fail_msg("%s: not the same games back %s", what,
                     by_games ? "by game rows" : "by plies");
    }
}

static void test_csv_lossless_every_test_file(void **state)
{
    (void)state;
    struct paths files = {0};
    find_pdn(&files, "tests/data");
    find_pdn(&files, "samples");
    sort_paths(&files);
    assert_true(files.n > 100);
    for (size_t i = 0; i < files.n; i++) {
        size_t len;
        char *data = slurp(files.v[i], &len);
        expect_same_back(files.v[i], data, len);
        free(data);
    }
    print_message("  %zu files: the same games back\n", files.n);
    free_paths(&files);
}

/* Every input the fuzz targets kept (tests/fuzz/regressions, whose README
 * says which the trip once failed on, and why), read whole. */
static void expect_same_back_each(const char *data, size_t len, size_t i)
{
    char what[48];
    snprintf(what, sizeof what, "regressions file %zu", i);
    expect_same_back(what, data, len);
}

static void test_csv_lossless_fuzz_found(void **state)
{
    (void)state;
    /* Run from the project root, where the files are. */
    assert_true(each_file("tests/fuzz/regressions", expect_same_back_each) >= 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_lossless_every_test_file),
        cmocka_unit_test(test_csv_lossless_fuzz_found),
    };
    return cmocka_run_group_tests_name("csv_lossless", tests, NULL, NULL);
}
