/*
 * Every PDN file of the corpus (tests/data: conformance/, encodings/,
 * tournaments/; sources in tests/data/SOURCES.md) read in lenient mode:
 * the number of games read equals the number of games in the file.
 *
 * The expected counts were made without the reader: for each file, the
 * tag blocks (runs of lines starting with '[', blank lines ignored) counted
 * with awk after turning CR into LF, cross-checked with `grep -o '\[Event '`,
 * and the differences resolved by reading the file (comments below).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reader_fixture.h"

struct expect {
    const char *path;
    size_t games;
};

static const struct expect corpus[] = {
    {"tournaments/29eme Open d'Avignon 2014.pdn", 97},
    /* Tags and moves on one line per game: 81 "[Event " tags, plus one game
     * (line 146) whose only tag is "[Empty]", with its own moves. */
    {"tournaments/48th Polish Team Championship.pdn", 82},
    /* 47 "[Event " tags, plus the game at line 747 whose tag names were
     * mangled ("[&#x00c9;v&#x00e9;nement ...", "[Type de jeu ...]"). */
    {"tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn", 48},
    {"tournaments/Championnat de France 2021.pdn", 58},
    {"tournaments/Match Samb-Buggy2.pdn", 6},
    {"tournaments/Partie_avec_FEN1.pdn", 4},
    {"tournaments/World Title Match Women 2024.pdn", 2},
    {"encodings/40Camp-latin1.pdn", 45},
    {"encodings/abatsiev-cp1251.pdn", 56},
    {"conformance/fail/40Camp.DamaInternazionaleAssoluto.pdn", 45},
    {"conformance/fail/Cat.A1.pdn", 35},
    /* 45 tag blocks plus the tagless "36x27 1-0" at line 611. */
    {"conformance/fail/Cat.C1.pdn", 46},
    {"conformance/fail/abatsiev.pdn", 56},
    {"conformance/fail/delfts.pdn", 2},
    {"conformance/fail/mrdrcd07.pdn", 72},
    {"conformance/fail/mrdrcd08.pdn", 40},
    {"conformance/fail/nested_comment.pdn", 1}, /* one line of moves, no tags */
    {"conformance/succeed/090417ronde12.pdn", 7},
    {"conformance/succeed/Campionato Assoluto 2005.pdn", 53},
    {"conformance/succeed/Cat.B1.pdn", 37},
    {"conformance/succeed/Cat.D1.pdn", 19},
    {"conformance/succeed/DUTCH96H.pdn", 13},
    {"conformance/succeed/OCA_2.0.pdn", 43},
    {"conformance/succeed/PROF2.pdn", 16},
    {"conformance/succeed/PWCP 2a.pdn", 59},
    {"conformance/succeed/PWCP_2.pdn", 51},
    {"conformance/succeed/Principles of Strategy.pdn", 16},
    {"conformance/succeed/Tricks traps and shots.pdn", 91},
    {"conformance/succeed/alphanumeric.pdn", 1},
    {"conformance/succeed/beginner.pdn", 58},
    {"conformance/succeed/borderclassics.pdn", 183},
    {"conformance/succeed/bridges.pdn", 267},
    {"conformance/succeed/candidate95.pdn", 8},
    {"conformance/succeed/fen.pdn", 3},
    {"conformance/succeed/gameterminator.pdn", 1},
    {"conformance/succeed/gem.pdn", 162},
    {"conformance/succeed/goulds.pdn", 262},
    {"conformance/succeed/inferno.pdn", 68},
    {"conformance/succeed/kurnik.pdn", 4},
    {"conformance/succeed/linecomment.pdn", 1},
    {"conformance/succeed/lpc.pdn", 100},
    {"conformance/succeed/movestrength.pdn", 1},
    {"conformance/succeed/mrcd2000kval.pdn", 40},
    {"conformance/succeed/mrcd2006.pdn", 44},
    {"conformance/succeed/mrcd2007.pdn", 102},
    {"conformance/succeed/nk ronde 01.pdn", 7},
    {"conformance/succeed/nk ronde 02.pdn", 7},
    {"conformance/succeed/nk2003-amsterdam.pdn", 33},
    {"conformance/succeed/rk ronde 12.pdn", 7},
    {"conformance/succeed/schildpad.pdn", 34},
    {"conformance/succeed/string.pdn", 1},
    {"conformance/succeed/unicode.pdn", 1},
    {"conformance/succeed/ussr1947.pdn", 153},
    {"conformance/succeed/variation.pdn", 1},
    {"conformance/succeed/windragon.pdn", 1},
    {"conformance/succeed/wk2003.pdn", 23},
};

static void test_corpus_game_counts(void **state)
{
    (void)state;
    static struct fix f;
    for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/%s", corpus[i].path);
        size_t n = fix_read_file(&f, path, false, NULL);
        if (n != corpus[i].games) print_error("%s: %zu games\n", path, n);
        assert_int_equal(f.rc, 0);
        assert_int_equal(n, corpus[i].games);
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
    assert_int_equal(g->main.moves[0].ncomments_after, 1);
    assert_string_equal(g->main.moves[0].comments_after[0].text, "[%clock w1:29:46 B1:29:40]");
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
