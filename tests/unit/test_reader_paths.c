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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
        for (uint32_t v = 0; v < pdn_annotations_of(n)->nvariations; v++)
            check_plain_line(path, g, &pdn_annotations_of(n)->variations[v]);
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

/* path read both ways, lenient and strict: the same games and findings. */
static void compare_file(const char *path)
{
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
}

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
    compare_file(path);
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

/* A pseudo-random number below n (a linear congruential generator: the
 * same text on every run). */
static unsigned gen_below(unsigned long *seed, unsigned n)
{
    *seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
    return (unsigned)(*seed >> 33) % n;
}

/* Appends s to the text of *len bytes in buf (cap bytes). */
static void gen_add(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = strlen(s);
    assert_true(*len + n < cap);
    memcpy(buf + *len, s, n + 1);
    *len += n;
}

/* One token of movetext, mostly of the run's shapes (parser_quick.c, q_run)
 * and their near misses: numbers of one to three digits, with one dot or
 * three, glued to their move or not; moves of squares of one or two digits,
 * captures, a capture's next hop, three-byte moves and results; comments,
 * variations, NAGs, an algebraic move. *to: the last square of a capture. */
static void gen_token(unsigned long *seed, char *tok, size_t size, unsigned *to)
{
    static const char *const odd[] = {"{c}",   "(",         ")",     "!",     "$3",  "1-1",
                                      "2-0",   "0-2",       "1-2",   "2x1",   "*",   "1/2-1/2",
                                      "c3-d4", "1.01-0.99", "05-10", "12.. ", "0.",  "12x7x18",
                                      "38W47", "12:30",     "4+5",   "7=18",  "9X14"};
    unsigned kind = gen_below(seed, 20), a = 1 + gen_below(seed, 55), b = 1 + gen_below(seed, 55);
    if (kind < 5) {
        unsigned v = kind == 0 ? 1 + gen_below(seed, 150) : 1 + gen_below(seed, 12);
        const char *dots = gen_below(seed, 8) == 0 ? "..." : ".";
        if (gen_below(seed, 4) == 0)
            snprintf(tok, size, "%u%s%u-%u", v, dots, a, b); /* glued to its move */
        else
            snprintf(tok, size, "%u%s", v, dots);
    } else if (kind < 15) {
        snprintf(tok, size, "%u-%u", a, b);
    } else if (kind < 18) {
        /* A capture, now and then from where the last one ended. */
        snprintf(tok, size, "%ux%u", *to && gen_below(seed, 3) == 0 ? *to : a, b);
        *to = b;
        return;
    } else {
        snprintf(tok, size, "%s", odd[gen_below(seed, sizeof odd / sizeof odd[0])]);
    }
    *to = 0;
}

/* The movetext's runs, lines and the window's ends, read alike: games of
 * generated tokens (gen_token) between blanks and line ends of every kind,
 * in a file of more than one window (64 KiB), so that the run stops at
 * every shape and at the window's end, are read both ways, lenient and
 * strict, and must give the same games and findings. */
static void test_reader_paths_agree_on_generated_runs(void **state)
{
    (void)state;
    static const char *const gaps[] = {" ", " ", " ", " ", "\n", "\r\n", "\r", "  ", "\t", " \n"};
    size_t cap = 1 << 20, len = 0;
    char *text = malloc(cap), tok[64];
    assert_non_null(text);
    text[0] = '\0';
    unsigned long seed = 19;
    for (int g = 0; len < 300000; g++) {
        snprintf(tok, sizeof tok, "[Event \"run %d\"]\n\n1. 32-28 19-23 2. ", g);
        gen_add(text, cap, &len, tok);
        unsigned to = 0, n = 5 + gen_below(&seed, 120);
        for (unsigned k = 0; k < n; k++) {
            gen_token(&seed, tok, sizeof tok, &to);
            gen_add(text, cap, &len, tok);
            gen_add(text, cap, &len, gaps[gen_below(&seed, sizeof gaps / sizeof gaps[0])]);
        }
        gen_add(text, cap, &len, "*\n\n");
    }
    char path[] = "/tmp/test_reader_paths.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    assert_int_equal(close(fd), 0);
    size_t before = games_read;
    compare_file(path);
    unlink(path);
    free(text);
    print_message("%zu games generated, read both ways, lenient and strict\n",
                  (games_read - before) / 2);
    assert_true(games_read - before > 1000);
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
        assert_non_null(pdn_annotations_of(&g->main.moves[0])->setup);
        assert_int_equal(pdn_annotations_of(&g->main.moves[0])->setup_pos.line, 2);
        assert_int_equal(pdn_annotations_of(&g->main.moves[0])->setup_pos.col, 1);
        for (int i = 1; i < 3; i++) {
            assert_null(pdn_annotations_of(&g->main.moves[i])->setup);
            assert_int_equal(pdn_annotations_of(&g->main.moves[i])->setup_pos.line, 0);
            assert_int_equal(pdn_annotations_of(&g->main.moves[i])->setup_pos.col, 0);
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
        cmocka_unit_test(test_reader_paths_agree_on_generated_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
