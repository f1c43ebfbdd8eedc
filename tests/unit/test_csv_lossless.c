/*
 * The lossless round trip through CSV (lossless_trip.h: pdn2csv --moves
 * --variations --lossless, then csv2pdn --moves, as the tools drive the
 * library) gives the games back byte for byte as pdnfmt writes them, as
 * README.md and csv2pdn(1) promise: every PDN file of tests/data and
 * samples, whole, as pdn2csv reads it (not pdnfmt's text of it: a game
 * whose variant its file gave must keep it), and the inputs of the fuzz
 * targets that the trip once failed on (tests/fuzz/regressions).
 */
#include "games_io.h"
#include "lossless_trip.h"

/* The trip on a text: the same bytes, else both texts on stderr and a
 * failure naming what. */
static void expect_same_back(const char *what, const char *data, size_t len)
{
    struct lossless_trip t;
    assert_int_equal(lossless_trip_run(&t, data, len), 0);
    bool same = lossless_trip_same(&t);
    if (!same) lossless_trip_show(&t);
    lossless_trip_free(&t);
    if (!same) fail_msg("%s: not the same games back", what);
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

/* The fuzzers' inputs that the trip once failed on. */
static const char *const fuzz_found[] = {
    /* "38x18 18x9" in the rows' text read as one capture: the second
     * gets its number, as the writer writes it ("1... 18x9") */
    "fuzz_check-crash-1609ad5282d9878937c9726aa28fdfa70b8ea6ac",
    "roundtrip-glued-capture.pdn",
    /* a move the replay did not play, written as the writer writes it:
     * cleaned ("10-1-\n1" is "10x1x1", not the result 1-1), "--" for an
     * unknown move ("-" then "-" read as one), and one that reads as no
     * move even cleaned ("1 -1<3>") kept as a comment with its NAGs, the
     * next move numbered, its variations after "1... ...", its comments
     * after those dots; a text left with no move gets a result */
    "move-split-over-lines",
    "move-no-separator",
    "fuzz_check-crash-9d545b45a734946e8794bf48512f52cad8601818",
    "move-result-prefix",
    "move-split-result",
    "lossless-unreadable-move.pdn",
    "fuzz_check-crash-65d62ad92061b59b667289bbf71071612004ae1d",
    /* variations nested past 50 levels: their line names were cut at
     * 100 bytes, and the rows of two lines ran together */
    "fuzz_check-crash-a2673d2182c27d563c0f498df3e59f3e380df523",
    "lossless-deep-variations.pdn",
    /* a tag whose name is no identifier ("Date " and a NUL byte): the
     * writer makes it a comment; the tags cell kept it a tag, which read
     * back as Date */
    "tag-name-nul",
    /* a setup holding quotes (or a line end): left out of the rows' text;
     * written as the writer writes it, blanks folded */
    "lossless-setup-quotes.pdn",
    /* a tag name holding a line end: its comment in the tags cell ran
     * over two lines, the second read as a tag */
    "lossless-tag-name-line-end.pdn",
    /* a variation without moves, "()": it had no row */
    "lossless-empty-variation.pdn",
    /* a number csv2pdn must write (after a move kept as a comment, before
     * a capture that would glue) after a number written wrong: the
     * writer's count follows the numbers written, the number cell not */
    "lossless-number-after-wrong-number.pdn",
    "fuzz_check-crash-abaaaa4469dd5841bd6bee61c1863275db415360",
    /* the setup of a move kept as a comment: the writer writes it before
     * the next move it writes, or as a comment when another setup comes
     * first; dots holding a place numbered "2. ..." */
    "lossless-setup-superseded.pdn",
    "fuzz_check-crash-27d5e35e4e74e05abd948265d13a1b367981d785",
    "fuzz_check-crash-7d2d3dc87912d192cdad4c9bd362e494b9ae3b50",
    "fuzz_check-crash-eb5b267d2c9edd455da2d535d56149e2b9b6ad9e",
};

static void test_csv_lossless_fuzz_found(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof fuzz_found / sizeof fuzz_found[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/fuzz/regressions/%s", fuzz_found[i]);
        size_t len;
        char *data = slurp(path, &len);
        expect_same_back(path, data, len);
        free(data);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_lossless_every_test_file),
        cmocka_unit_test(test_csv_lossless_fuzz_found),
    };
    return cmocka_run_group_tests_name("csv_lossless", tests, NULL, NULL);
}
