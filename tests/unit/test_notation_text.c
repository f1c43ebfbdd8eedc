/*
 * Move notation written: pdn_move_to_path and the three capture notations
 * of pdn_move_to_text, each of which must read back to the same move (the
 * shortest form also be minimal), on every position of
 * tests/data/rules/legal_moves_international.tsv and on positions from
 * seeded random play; squares and moves as each variant writes them
 * (pdn_square_text, pdn_move_text). Reading move texts is
 * test_notation.c's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "notation_fixture.h"
#include "rules_data.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static void test_notation_path_text(void **state)
{
    (void)state;
    struct pos p;
    char text[PDN_MOVE_TEXT_MAX];
    load(&p, "W:WK47:B14,19,29,31,42");
    assert_int_equal(pdn_move_to_path(text, &p.legal.moves[0]), strlen("47x38x24x13x36"));
    assert_string_equal(text, "47x38x24x13x36");
    pdn_board_init(&p.board, PDN_VARIANT_INTERNATIONAL);
    pdn_movegen(&p.legal, &p.board, 0);
    pdn_move_to_path(text, &p.legal.moves[0]);
    assert_non_null(strchr(text, '-'));
    /* A move from nowhere still fits the buffer. */
    struct pdn_move junk;
    memset(&junk, 0xFF, sizeof junk);
    assert_true(pdn_move_to_path(text, &junk) < PDN_MOVE_TEXT_MAX);
    assert_true(pdn_move_to_text(text, &junk, NULL, PDN_CAPTURE_SHORTEST) < PDN_MOVE_TEXT_MAX);
    assert_true(pdn_move_to_text(text, &junk, NULL, PDN_CAPTURE_FULL_PATH) < PDN_MOVE_TEXT_MAX);
}

/* pdn_move_to_text names the squares PDN 3.0 asks for, turning squares first. */
static void test_notation_shortest_text(void **state)
{
    (void)state;
    struct pos p;
    char text[PDN_MOVE_TEXT_MAX];
    load(&p, "W:WK47:B14,19,29,31,42");
    /* 38 is on both routes and the piece goes straight there; 24 and 20 are turns. */
    pdn_move_to_text(text, &p.legal.moves[0], &p.legal, PDN_CAPTURE_SHORTEST);
    assert_string_equal(text, "47x24x36");
    pdn_move_to_text(text, &p.legal.moves[1], &p.legal, PDN_CAPTURE_SHORTEST);
    assert_string_equal(text, "47x20x36");
    pdn_move_to_text(text, &p.legal.moves[0], NULL, PDN_CAPTURE_SHORTEST);
    assert_string_equal(text, "47x36");
    load(&p, "W:WK4:B13,32,37,20");
    pdn_move_to_text(text, &p.legal.moves[0], &p.legal, PDN_CAPTURE_SHORTEST);
    assert_string_equal(text, "4x27x15");
    load(&p, "W:W28:B23,14");
    pdn_move_to_text(text, &p.legal.moves[0], &p.legal, PDN_CAPTURE_SHORTEST);
    assert_string_equal(text, "28x10");
}

/* The text of legal move 'index' in 'notation' is 'want' and reads back as that move. */
static void expect_text(const struct pos *p, int index, enum pdn_capture_notation notation,
                        const char *want)
{
    char text[PDN_MOVE_TEXT_MAX];
    size_t len = pdn_move_to_text(text, &p->legal.moves[index], &p->legal, notation);
    assert_string_equal(text, want);
    assert_int_equal(len, strlen(want));
    for (int strict = 0; strict <= 1; strict++) {
        struct pdn_match m;
        assert_int_equal(pdn_move_match(&m, text, &p->board, &p->legal, strict), PDN_OK);
        if (m.result != PDN_MATCH_OK || m.move != index || m.forms != 0)
            fail_msg("'%s': result %d move %d forms %#x, expected move %d", text, m.result, m.move,
                     m.forms, index);
    }
}

/* The index of the legal move whose whole landing path is 'path'. */
static int find_move(const struct pos *p, const char *path)
{
    char text[PDN_MOVE_TEXT_MAX];
    for (int i = 0; i < p->legal.count; i++) {
        pdn_move_to_path(text, &p->legal.moves[i]);
        if (strcmp(text, path) == 0) return i;
    }
    fail_msg("no legal move %s", path);
    return -1;
}

/* A move's text under a notation: the move of a position by its whole
 * landing path (NULL: the first legal move), and the text wanted. */
struct text_case {
    const char *fen, *path;
    enum pdn_capture_notation notation;
    const char *want;
};

static void expect_texts(const struct text_case *cases, size_t n)
{
    struct pos p;
    for (const struct text_case *c = cases; c < cases + n; c++) {
        load(&p, c->fen);
        expect_text(&p, c->path ? find_move(&p, c->path) : 0, c->notation, c->want);
    }
}

/* The text of a position's first legal move without the legal list. */
static void expect_text_alone(const char *fen, enum pdn_capture_notation notation, const char *want)
{
    struct pos p;
    char text[PDN_MOVE_TEXT_MAX];
    load(&p, fen);
    pdn_move_to_text(text, &p.legal.moves[0], NULL, notation);
    assert_string_equal(text, want);
}

/*
 * The default: from and to, unless ambiguous; then the whole landing path
 * (never a partial one, which other programs refuse). The ambiguous rows of
 * tests/data/rules: pydraughts-ambiguous, and a king's two routes 47 -> 36.
 */
static void test_notation_text_full_when_ambiguous(void **state)
{
    (void)state;
    const enum pdn_capture_notation n = PDN_CAPTURE_FULL_WHEN_AMBIGUOUS,
                                    shortest = PDN_CAPTURE_SHORTEST;
    const struct text_case cases[] = {
        {"W:WK4:B13,32,37,20", "4x27x38x15", n, "4x27x38x15"},
        {"W:WK4:B13,32,37,20", "4x31x42x15", n, "4x31x42x15"},
        {"W:WK4:B13,32,37,20", "4x27x38x15", shortest, "4x27x15"},
        {"W:WK4:B13,32,37,20", "4x31x42x15", shortest, "4x31x15"},
        {"W:WK47:B14,19,29,31,42", "47x38x24x13x36", n, "47x38x24x13x36"},
        {"W:WK47:B14,19,29,31,42", "47x38x20x9x36", n, "47x38x20x9x36"},
        {"W:WK47:B14,19,29,31,42", "47x38x24x13x36", shortest, "47x24x36"},
        /* Not ambiguous: from and to, however long the path. */
        {"W:W28:B23,14", NULL, n, "28x10"},
        /* pydraughts-circular: two orders, one move */
        {"W:WK38:B18,19,32,33", "38x27x13x24x38", n, "38x38"},
        {"W:W33:B28,18,19", NULL, n, "33x24"},
        {START, "32-28", n, "32-28"},
    };
    expect_texts(cases, sizeof cases / sizeof cases[0]);
    /* Without the legal list no capture is ambiguous. */
    expect_text_alone("W:WK4:B13,32,37,20", n, "4x15");
}

/* --captures=full: every capture's whole landing path, quiet moves as ever. */
static void test_notation_text_full_path(void **state)
{
    (void)state;
    const enum pdn_capture_notation n = PDN_CAPTURE_FULL_PATH;
    const struct text_case cases[] = {
        {"W:W28:B23,14", NULL, n, "28x19x10"},
        {"W:WK38:B18,19,32,33", "38x27x13x24x38", n, "38x27x13x24x38"},
        {"W:WK4:B13,32,37,20", "4x31x42x15", n, "4x31x42x15"},
        {"W:W28,32:B23", NULL, n, "28x19"},
        {START, "32-28", n, "32-28"},
    };
    expect_texts(cases, sizeof cases / sizeof cases[0]);
    /* The legal list does not matter; a value outside the enum is the full path. */
    expect_text_alone("W:W28:B23,14", n, "28x19x10");
    struct pos p;
    char text[PDN_MOVE_TEXT_MAX];
    load(&p, "W:W28:B23,14");
    pdn_move_to_text(text, &p.legal.moves[0], &p.legal, (enum pdn_capture_notation)9);
    assert_string_equal(text, "28x19x10");
}

/* ---- Round trip and minimality over many positions ---------------------- */

struct sweep {
    int moves;     /* moves checked */
    int ambiguous; /* of which needed intermediate squares */
};

/* Whether some k of the move's intermediate squares (from index 'first') name it alone. */
static bool some_subset_names(const struct pos *p, int index, int *pick, int depth, int k,
                              int first)
{
    const struct pdn_move *m = &p->legal.moves[index];
    if (depth == k) {
        char text[PDN_MOVE_TEXT_MAX];
        int n = snprintf(text, sizeof text, "%d", m->from);
        for (int i = 0; i < k; i++)
            n += snprintf(text + n, sizeof text - (size_t)n, "x%d", m->path[pick[i]]);
        snprintf(text + n, sizeof text - (size_t)n, "x%d", m->to);
        struct pdn_match r = match(p, text);
        return r.result == PDN_MATCH_OK && r.move == index;
    }
    for (int i = first; i + 1 < m->npath; i++) {
        pick[depth] = i;
        if (some_subset_names(p, index, pick, depth + 1, k, i + 1)) return true;
    }
    return false;
}

static int count_x(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == 'x';
    return n;
}

/*
 * The default and full-path texts of legal move 'index' read back as it; the
 * default is the whole path exactly when the move is ambiguous (its shortest
 * form needs landing squares), else from and to.
 */
static void check_other_notations(const struct pos *p, int index, bool ambiguous)
{
    const struct pdn_move *m = &p->legal.moves[index];
    char text[PDN_MOVE_TEXT_MAX], want[PDN_MOVE_TEXT_MAX];
    static const enum pdn_capture_notation notations[] = {PDN_CAPTURE_FULL_WHEN_AMBIGUOUS,
                                                          PDN_CAPTURE_FULL_PATH};
    for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++) {
        pdn_move_to_text(text, m, &p->legal, notations[i]);
        if (notations[i] == PDN_CAPTURE_FULL_PATH || ambiguous || m->ncaptured == 0)
            pdn_move_to_path(want, m);
        else
            snprintf(want, sizeof want, "%dx%d", m->from, m->to);
        if (strcmp(text, want) != 0)
            fail_msg("notation %d: '%s', expected '%s'", (int)i, text, want);
        struct pdn_match r = match(p, text);
        if (r.result != PDN_MATCH_OK || r.move != index || r.forms != 0)
            fail_msg("'%s' reads back as result %d move %d forms %#x", text, r.result, r.move,
                     r.forms);
    }
}

static void check_move(const struct pos *p, int index, struct sweep *s)
{
    const struct pdn_move *m = &p->legal.moves[index];
    char text[PDN_MOVE_TEXT_MAX], path[PDN_MOVE_TEXT_MAX], fen[PDN_FEN_MAX];
    pdn_move_to_text(text, m, &p->legal, PDN_CAPTURE_SHORTEST);
    pdn_move_to_path(path, m);
    pdn_board_to_fen(fen, &p->board);
    struct pdn_match r = match(p, text);
    if (r.result != PDN_MATCH_OK || r.move != index || r.forms != 0)
        fail_msg("%s: '%s' (%s) reads back as result %d move %d forms %#x", fen, text, path,
                 r.result, r.move, r.forms);
    r = match(p, path);
    if (r.result != PDN_MATCH_OK || r.move != index || r.forms != 0)
        fail_msg("%s: whole path '%s' reads back as result %d", fen, path, r.result);
    int k = m->ncaptured ? count_x(text) - 1 : 0;
    int pick[PDN_PATH_MAX];
    if (k > 0 && some_subset_names(p, index, pick, 0, k - 1, 0))
        fail_msg("%s: '%s' is not minimal", fen, text);
    check_other_notations(p, index, k > 0);
    s->moves++;
    s->ambiguous += k > 0;
}

static void check_position(const struct pos *p, struct sweep *s)
{
    for (int i = 0; i < p->legal.count; i++)
        check_move(p, i, s);
}

static void test_notation_round_trip_rule_positions(void **state)
{
    (void)state;
    FILE *in = fopen(LEGAL_TSV, "r");
    assert_non_null(in);
    char line[4096], *f[9];
    struct sweep s = {0, 0};
    int rows = 0;
    assert_non_null(fgets(line, sizeof line, in)); /* header */
    while (fgets(line, sizeof line, in)) {
        if (split_tsv(line, f, 9) < 6) continue;
        struct pos p;
        load(&p, f[1]);
        check_position(&p, &s);
        rows++;
    }
    fclose(in);
    assert_int_equal(rows, 28);
    assert_true(s.ambiguous >= 4);
}

static unsigned next_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 16;
}

/* Kings against scattered men: captures that share from and to abound. */
static void random_king_position(struct pos *p, enum pdn_variant v, unsigned *seed)
{
    pdn_board_clear(&p->board, v);
    int squares = pdn_board_squares(&p->board);
    int kings = 1 + (int)(next_random(seed) % 2), men = 5 + (int)(next_random(seed) % 8);
    for (int i = 0; i < kings + men; i++) {
        int sq = 1 + (int)(next_random(seed) % (unsigned)squares);
        pdn_board_set(&p->board, sq, i < kings ? PDN_PIECE_WHITE_KING : PDN_PIECE_BLACK_MAN);
    }
    pdn_movegen(&p->legal, &p->board, 0);
}

static void sweep_variant(enum pdn_variant v, struct sweep *s, int positions, int games)
{
    unsigned seed = 20240601u + (unsigned)v;
    struct pos p;
    for (int i = 0; i < positions; i++) {
        random_king_position(&p, v, &seed);
        check_position(&p, s);
    }
    for (int g = 0; g < games; g++) {
        pdn_board_init(&p.board, v);
        for (int ply = 0; ply < 200; ply++) {
            pdn_movegen(&p.legal, &p.board, 0);
            if (p.legal.count == 0) break;
            check_position(&p, s);
            pdn_board_play(&p.board, &p.legal.moves[next_random(&seed) % (unsigned)p.legal.count]);
        }
    }
}

static void test_notation_round_trip_random_positions(void **state)
{
    (void)state;
    struct sweep s = {0, 0};
    sweep_variant(PDN_VARIANT_INTERNATIONAL, &s, 10000, 30);
    print_message("international: %d moves, %d need squares\n", s.moves, s.ambiguous);
    assert_true(s.ambiguous >= 20);
    struct sweep s8 = {0, 0};
    sweep_variant(PDN_VARIANT_BRAZILIAN, &s8, 3000, 30);
    print_message("brazilian: %d moves, %d need squares\n", s8.moves, s8.ambiguous);
    assert_true(s8.moves > 1000);
}

/* Issue 16: one writer of squares. The algebraic variants (Russian,
 * Brazilian, Czech) write "c3"; the others numbers; a number that is no
 * square of the board stays a number. */
static void test_notation_square_text_by_variant(void **state)
{
    (void)state;
    static const struct {
        enum pdn_variant v;
        int square;
        const char *want;
    } cases[] = {
        {PDN_VARIANT_RUSSIAN, 22, "c3"},
        {PDN_VARIANT_CZECH, 22, "c3"},
        {PDN_VARIANT_BRAZILIAN, 1, "b8"},
        {PDN_VARIANT_RUSSIAN, 29, "a1"},
        {PDN_VARIANT_ENGLISH, 22, "22"},
        {PDN_VARIANT_ITALIAN, 1, "1"},
        {PDN_VARIANT_INTERNATIONAL, 50, "50"},
        {PDN_VARIANT_RUSSIAN, 33, "33"},
        {PDN_VARIANT_RUSSIAN, 0, "0"},
        {PDN_VARIANT_RUSSIAN, -7, "-7"},
        {PDN_VARIANT_RUSSIAN, INT_MAX, "2147483647"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[PDN_SQUARE_TEXT_MAX];
        assert_int_equal(pdn_square_text(text, cases[i].v, cases[i].square), strlen(cases[i].want));
        assert_string_equal(text, cases[i].want);
    }
}

/* pdn_move_text and pdn_move_path_text: the move of pdn_move_to_text, its
 * squares as the variant writes them. */
static void test_notation_move_text_by_variant(void **state)
{
    (void)state;
    struct pos p;
    load_variant(&p, PDN_VARIANT_RUSSIAN, "W:W22:B18,11"); /* c3 takes d4, f6 */
    assert_int_equal(p.legal.count, 1);
    const struct pdn_move *m = &p.legal.moves[0];
    char text[PDN_MOVE_TEXT_MAX];
    assert_int_equal(
        pdn_move_text(text, m, &p.legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, PDN_VARIANT_RUSSIAN),
        strlen("c3xg7"));
    assert_string_equal(text, "c3xg7");
    pdn_move_text(text, m, &p.legal, PDN_CAPTURE_FULL_PATH, PDN_VARIANT_RUSSIAN);
    assert_string_equal(text, "c3xe5xg7");
    pdn_move_path_text(text, m, PDN_VARIANT_RUSSIAN);
    assert_string_equal(text, "c3xe5xg7");
    pdn_move_text(text, m, &p.legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, PDN_VARIANT_ENGLISH);
    assert_string_equal(text, "22x8");
    pdn_move_to_text(text, m, &p.legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
    assert_string_equal(text, "22x8");
    pdn_move_to_path(text, m);
    assert_string_equal(text, "22x15x8");
    /* what pdn_move_text writes reads back as the same move */
    struct pdn_match r = match(&p, "c3xg7");
    assert_int_equal(r.result, PDN_MATCH_OK);
    /* every opening move of Czech draughts, written and read back */
    pdn_board_init(&p.board, PDN_VARIANT_CZECH);
    pdn_movegen(&p.legal, &p.board, 0);
    assert_int_equal(p.legal.count, 7);
    for (int i = 0; i < p.legal.count; i++) {
        pdn_move_text(text, &p.legal.moves[i], &p.legal, PDN_CAPTURE_SHORTEST, PDN_VARIANT_CZECH);
        assert_true(text[0] >= 'a' && text[0] <= 'h' && text[1] == '3' && text[2] == '-');
        r = match(&p, text);
        assert_int_equal(r.result, PDN_MATCH_OK);
        assert_int_equal(r.move, i);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_path_text),
        cmocka_unit_test(test_notation_square_text_by_variant),
        cmocka_unit_test(test_notation_move_text_by_variant),
        cmocka_unit_test(test_notation_shortest_text),
        cmocka_unit_test(test_notation_text_full_when_ambiguous),
        cmocka_unit_test(test_notation_text_full_path),
        cmocka_unit_test(test_notation_round_trip_rule_positions),
        cmocka_unit_test(test_notation_round_trip_random_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
