/*
 * The reader's two paths read alike: parser_quick (the fast lane for plain
 * numbers, moves, tags and results) promises to leave exactly what the
 * token path leaves. Every real file of the project (tests/data, samples,
 * the fuzz regressions and seeds, the golden cases' .pdn inputs) is read
 * lenient and strict, once as usual and once with PDN_SLOW_PATH=1 (tokens
 * only), and every game (tags, moves, comments, variations, positions,
 * variant, source text) and every finding must be the same; and what the
 * parser gathered of each game's moves for the variant inference, and the
 * squares each node keeps for the replay (plain_from, plain_to,
 * plain_sep), must be what their texts say.
 */
#define _XOPEN_SOURCE 700 /* nftw */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dump_diff.h"
#include "game_dump.h"
#include "text.h"
#include "variant.h"

#include <ftw.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

/* The squares a line's nodes keep are what text_plain_move reads in their
 * texts (the replay takes them for the texts'), its variations' too. */
static void check_plain_line(const char *path, const pdn_game *g, const struct pdn_line *line)
{
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *n = &line->moves[i];
        uint8_t from, to;
        char sep = text_plain_move(n->text, &from, &to);
        if (sep != n->plain_sep || from != n->plain_from || to != n->plain_to)
            print_error("%s: game %zu, move '%s': kept %u%c%u\n", path, g->index, n->text,
                        n->plain_from, n->plain_sep ? n->plain_sep : '?', n->plain_to);
        assert_true(sep == n->plain_sep && from == n->plain_from && to == n->plain_to);
        for (uint32_t v = 0; v < n->nvariations; v++)
            check_plain_line(path, g, &n->variations[v]);
    }
}

/* The variant's clues the parser gathered as it read the moves are what
 * their texts say (variant.c reads no move text again), and so are the
 * squares its nodes keep. */
static void check_moves_gathered(const char *path, const pdn_game *g)
{
    if (!variant_moves_gathered(g)) print_error("%s: game %zu\n", path, g->index);
    assert_true(variant_moves_gathered(g));
    check_plain_line(path, g, &g->main);
}

/* One reading of path, strict or not, by the quick lane or tokens only. */
static char *read_dump(const char *path, bool strict, bool slow, size_t *games, size_t *len)
{
    if (slow)
        setenv("PDN_SLOW_PATH", "1", 1);
    else
        unsetenv("PDN_SLOW_PATH");
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION, .strict = strict};
    char *dump = dump_reading(path, o, check_moves_gathered, games, len);
    unsetenv("PDN_SLOW_PATH");
    return dump;
}

static size_t files, games_read;

static int compare_paths(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (type != FTW_F) return 0;
    const char *dot = strrchr(path, '.');
    bool pdn = dot && strcmp(dot, ".pdn") == 0;
    /* The fuzz inputs have no extension; the golden cases' other files
     * are commands and expected outputs. */
    if (!pdn && !strstr(path, "tests/fuzz/")) return 0;
    if (strstr(path, "/README")) return 0;
    for (int strict = 0; strict <= 1; strict++) {
        size_t quick_games, slow_games, quick_len, slow_len;
        char *quick = read_dump(path, strict, false, &quick_games, &quick_len);
        char *slow = read_dump(path, strict, true, &slow_games, &slow_len);
        /* memcmp: a game's source text may hold NUL bytes. */
        bool same = quick_len == slow_len && memcmp(quick, slow, quick_len) == 0;
        if (!same) dump_first_difference(path, "quick", quick, "slow", slow);
        assert_true(same);
        assert_int_equal(quick_games, slow_games);
        games_read += quick_games;
        free(quick);
        free(slow);
    }
    files++;
    return 0;
}

static void test_reader_paths_agree_on_every_file(void **state)
{
    (void)state;
    static const char *const roots[] = {"tests/data", "samples", "tests/fuzz/regressions",
                                        "tests/fuzz/seeds", "tests/cli/cases"};
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
        assert_int_equal(nftw(roots[i], compare_paths, 16, FTW_PHYS), 0);
    /* The walk found the corpus (63 files in tests/data alone) and its
     * games: a walk that read nothing would compare nothing. */
    print_message("%zu files, %zu games read both ways, lenient and strict\n", files, games_read);
    assert_true(files >= 150);
    assert_true(games_read >= 5000);
}

/* A move after a setup keeps no place of a setup it has not (the token
 * path once copied the last setup's place onto every later move, and the
 * lane did not: the comparison above found it). */
static void test_reader_paths_setup_place_only_with_setup(void **state)
{
    (void)state;
    static const char text[] = "[Event \"x\"]\n/FEN \"W:W31:B20\"/ 1. 31-27 20-25 2. 27-22 *\n";
    for (int slow = 0; slow <= 1; slow++) {
        if (slow) setenv("PDN_SLOW_PATH", "1", 1);
        struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
        pdn_reader *r = NULL;
        pdn_game *g = NULL;
        assert_int_equal(pdn_reader_open_memory(&r, text, sizeof text - 1, &o), PDN_OK);
        unsetenv("PDN_SLOW_PATH");
        assert_int_equal(pdn_reader_next(&g, r), 1);
        assert_int_equal(g->main.nmoves, 3);
        assert_non_null(g->main.moves[0].setup);
        assert_int_equal(g->main.moves[0].setup_pos.line, 2);
        assert_int_equal(g->main.moves[0].setup_pos.col, 1);
        for (int i = 1; i < 3; i++) {
            assert_null(g->main.moves[i].setup);
            assert_int_equal(g->main.moves[i].setup_pos.line, 0);
            assert_int_equal(g->main.moves[i].setup_pos.col, 0);
        }
        pdn_game_free(g);
        pdn_reader_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_paths_agree_on_every_file),
        cmocka_unit_test(test_reader_paths_setup_place_only_with_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
