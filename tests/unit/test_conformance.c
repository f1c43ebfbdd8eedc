/*
 * The PDN 3.0 conformance files (tests/data/conformance, from the standard's
 * own test set; see tests/data/SOURCES.md).
 *
 * succeed/: read in strict mode without a single diagnostic.
 * fail/: strict mode rejects each at the place that breaks the reading
 * grammar (found by hand, reading the file; line:col below, columns in
 * characters), and lenient mode reads all their games with a warning there.
 *
 * Game counts (succeed/: corpus_files.h, shared with test_corpus) were
 * made independently of the reader: the number of tag blocks (runs of
 * lines starting with '[', blank lines ignored) counted with awk, plus the
 * games that have no tags (counted by reading the file).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "corpus_files.h"
#include "reader_fixture.h"

#define DIR "tests/data/conformance/"

/* The files of succeed/ among the corpus's: their names in the folder. */
#define SUCCEED "conformance/succeed/"
static const char *succeed_name(size_t i)
{
    const char *path = corpus_files[i].path;
    return strncmp(path, SUCCEED, strlen(SUCCEED)) == 0 ? path + strlen(SUCCEED) : NULL;
}

struct expect_fail {
    const char *file;
    size_t games;
    uint32_t line, col;              /* where the reading grammar breaks */
    enum pdn_diag_code lenient_code; /* what lenient mode says there */
    uint32_t lenient_line, lenient_col;
    const char *why;
};

static const struct expect_fail failing[] = {
    /* Game 11 ("1. 34-29 19-23" then a blank line) has no result: the next
     * game's '[' stands where a separator is needed; lenient mode says so at
     * the end of the game's movetext. */
    {"40Camp.DamaInternazionaleAssoluto.pdn", 45, 228, 1, PDN_DIAG_MISSING_RESULT, 226, 14,
     "tags after movetext"},
    /* "3. 8-3 . 1-0": a lone '.' is no token of the grammar. */
    {"Cat.A1.pdn", 35, 405, 36, PDN_DIAG_NONSTANDARD, 405, 36, "lone dot"},
    /* "... 5. 41-37 48x31 6." then the next game's tags: a move number must
     * be followed by a move. 45 tag blocks, plus the tagless "36x27 1-0" at
     * line 611, which the grammar reads as a game of its own: 46. */
    {"Cat.C1.pdn", 46, 582, 1, PDN_DIAG_MISSING_RESULT, 579, 76, "move number then tags"},
    /* "1. - - 2. - - ...": unknown moves written as dashes. */
    {"abatsiev.pdn", 56, 595, 4, PDN_DIAG_NONSTANDARD, 595, 4, "unknown moves"},
    /* The first game ends with the match score "4-6", which the grammar can
     * only read as a move; the next game's '[' then needs a separator.
     * Lenient mode reads 4-6 as the terminator since [Result "4-6"] says so. */
    {"delfts.pdn", 2, 28, 1, PDN_DIAG_NONSTANDARD, 26, 69, "match score"},
    /* "1. 0-2": a move number followed by a result (an empty game). Strict
     * mode fails where a move was due, lenient mode warns at the number. */
    {"mrdrcd07.pdn", 72, 198, 4, PDN_DIAG_NONSTANDARD, 198, 1, "empty game"},
    /* "1. 1-0": the same. */
    {"mrdrcd08.pdn", 40, 499, 4, PDN_DIAG_NONSTANDARD, 499, 1, "empty game"},
    /* "{ nested { comment } }": the comment ends at the first '}', the
     * second '}' starts no token. Lenient mode nests the braces and warns
     * at the inner '{', where the nesting starts. */
    {"nested_comment.pdn", 1, 1, 46, PDN_DIAG_NESTED_COMMENT, 1, 34, "nested comment"},
};

/* Reads a file of the succeed/ or fail/ folder; the games read. */
static size_t read_conformance(struct fix *f, const char *folder, const char *file, bool strict)
{
    char path[256];
    snprintf(path, sizeof path, DIR "%s/%s", folder, file);
    return fix_read_file(f, path, strict, NULL);
}

static void test_conformance_succeed_strict_clean(void **state)
{
    (void)state;
    static struct fix f;
    size_t files = 0;
    for (size_t i = 0; i < CORPUS_FILES; i++) {
        const char *name = succeed_name(i);
        if (!name) continue;
        files++;
        size_t n = read_conformance(&f, "succeed", name, true);
        if (f.dc.total != 0 || n != corpus_files[i].games)
            print_error("%s: %zu games, %lu diagnostics (first %u:%u %s)\n", name, n, f.dc.total,
                        f.dc.kept[0].line, f.dc.kept[0].col, f.dc.kept[0].detail);
        assert_int_equal(f.rc, 0);
        assert_int_equal(f.dc.total, 0);
        assert_int_equal(n, corpus_files[i].games);
    }
    assert_int_equal(files, 39); /* every file of the folder */
}

static void test_conformance_succeed_lenient_same_games(void **state)
{
    (void)state;
    static struct fix f;
    for (size_t i = 0; i < CORPUS_FILES; i++) {
        if (!succeed_name(i)) continue;
        assert_int_equal(read_conformance(&f, "succeed", succeed_name(i), false),
                         corpus_files[i].games);
        assert_int_equal(f.dc.errors, 0);
    }
}

static void test_conformance_fail_strict_error_place(void **state)
{
    (void)state;
    static struct fix f;
    for (size_t i = 0; i < sizeof failing / sizeof failing[0]; i++) {
        const struct expect_fail *e = &failing[i];
        read_conformance(&f, "fail", e->file, true);
        const struct diag_record *d = dc_first_error(&f.dc);
        assert_non_null(d);
        if (d->line != e->line || d->col != e->col)
            print_error("%s (%s): first error at %u:%u, expected %u:%u\n", e->file, e->why, d->line,
                        d->col, e->line, e->col);
        dc_expect_at(d, e->line, e->col);
        /* Strict mode loses no game either: it resynchronises. */
        assert_int_equal(f.games, e->games);
    }
}

static void test_conformance_fail_lenient_games_intact(void **state)
{
    (void)state;
    static struct fix f;
    for (size_t i = 0; i < sizeof failing / sizeof failing[0]; i++) {
        const struct expect_fail *e = &failing[i];
        assert_int_equal(read_conformance(&f, "fail", e->file, false), e->games);
        assert_int_equal(f.rc, 0);
        bool found = false;
        for (int k = 0; k < f.dc.nkept; k++)
            found |= f.dc.kept[k].code == e->lenient_code && f.dc.kept[k].line == e->lenient_line &&
                     f.dc.kept[k].col == e->lenient_col &&
                     pdn_diag_severity(f.dc.kept[k].code) == PDN_SEV_WARNING;
        if (!found)
            print_error("%s: no lenient warning at %u:%u\n", e->file, e->lenient_line,
                        e->lenient_col);
        assert_true(found);
    }
}

/* The lenient reading keeps the content: spot checks of what it read. */
static void test_conformance_fail_lenient_content(void **state)
{
    (void)state;
    static struct fix f;
    pdn_game *g = NULL;
    fix_read_file(&f, DIR "fail/delfts.pdn", false, &g);
    assert_non_null(g);
    assert_string_equal(g->result_text, "4-6");
    assert_int_equal(g->main.nmoves, 128);
    assert_string_equal(g->main.moves[1].text, "18-22");
    assert_string_equal(g->main.moves[11].text, "06-11"); /* zero padding kept */
    pdn_game_free(g);
    fix_read_file(&f, DIR "fail/nested_comment.pdn", false, &g);
    assert_non_null(g);
    assert_int_equal(g->main.nmoves, 3);
    assert_int_equal(pdn_annotations_of(&g->main.moves[2])->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(&g->main.moves[2])->comments_after[0].text,
                        " nested { comment } ");
    pdn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_succeed_strict_clean),
        cmocka_unit_test(test_conformance_succeed_lenient_same_games),
        cmocka_unit_test(test_conformance_fail_strict_error_place),
        cmocka_unit_test(test_conformance_fail_lenient_games_intact),
        cmocka_unit_test(test_conformance_fail_lenient_content),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
