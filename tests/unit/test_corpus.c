/*
 * Every PDN file of the corpus (corpus_files.h) read in lenient mode: the
 * number of games read equals the number of games in the file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "corpus_files.h"
#include "reader_fixture.h"

static void test_corpus_game_counts(void **state)
{
    (void)state;
    static struct fix f;
    for (size_t i = 0; i < CORPUS_FILES; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/%s", corpus_files[i].path);
        size_t n = fix_read_file(&f, path, false, NULL);
        if (n != corpus_files[i].games) print_error("%s: %zu games\n", path, n);
        assert_int_equal(f.rc, 0);
        assert_int_equal(n, corpus_files[i].games);
    }
}

/* The tournaments' tricky games keep their content. */
static void test_corpus_tournament_details(void **state)
{
    (void)state;
    static struct fix f;
    pdn_game *g = NULL;
    fix_read_file(&f, "tests/data/tournaments/World Title Match Women 2024.pdn", false, &g);
    assert_non_null(g);
    assert_string_equal(pdn_game_tag(g, "White"), "Jan Groenendijk");
    assert_string_equal(g->main.moves[0].text, "32-28");
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(&g->main.moves[0])->comments_after[0].text,
                        "[%clock w1:29:46 B1:29:40]");
    assert_int_equal(g->result, PDN_RESULT_DRAW);
    pdn_game_free(g);
    /* Tag lines ending in a literal "\r": read as blanks, with a warning. */
    fix_read_file(&f, "tests/data/tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn",
                  false, &g);
    assert_non_null(g);
    assert_int_equal(g->ntags, 19);
    assert_string_equal(pdn_game_tag(g, "BlackRating"), "2289");
    assert_non_null(dc_find_detail(&f.dc, "literal \\r"));
    pdn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_game_counts),
        cmocka_unit_test(test_corpus_tournament_details),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
