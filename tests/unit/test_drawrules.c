/*
 * Unit tests for lib/replay_drawrules.c: the draw-rule tracker fed positions
 * directly (it reads only the boards and the capture count, so the plies
 * need not be legal moves): threefold repetition, the 25-move king rule and
 * its resets, the 16- and 5-move endgame rules counted from the ply that
 * first reached the material, and the variants the FMJD rules do not cover.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "replay.h"

static struct pdn_board board_of(enum pdn_variant variant, const char *fen)
{
    struct pdn_board b;
    assert_int_equal(pdn_board_from_fen(&b, variant, fen, NULL), PDN_OK);
    return b;
}

/* A board from a printf-style FEN with up to two squares, international. */
static struct pdn_board fen(const char *format, int a, int b)
{
    char text[PDN_FEN_MAX];
    snprintf(text, sizeof text, format, a, b);
    return board_of(PDN_VARIANT_INTERNATIONAL, text);
}

/* One ply from *at to next; returns the tracker's verdict. */
static enum draw_rule step(struct draw_tracker *t, struct pdn_board *at, struct pdn_board next,
                           int captured)
{
    struct pdn_move move = {.ncaptured = (uint8_t)captured};
    enum draw_rule rule = draw_tracker_step(t, at, &next, &move);
    *at = next;
    return rule;
}

/*
 * The n-th position of a king walk where nothing repeats for 120 plies: the
 * side to move alternates (fmt_white, fmt_black), one king steps through
 * squares 11..40 (the first %d) and, in formats with a second %d, another
 * moves on to 46, 47, 48 each time the first has gone round.
 */
static struct pdn_board walk(const char *fmt_white, const char *fmt_black, int n)
{
    return fen(n % 2 ? fmt_black : fmt_white, 11 + (n / 2) % 30, 46 + (n / 2) / 30);
}

static void test_drawrules_repetition_third_time(void **state)
{
    (void)state;
    struct draw_tracker t;
    struct pdn_board a = board_of(PDN_VARIANT_INTERNATIONAL, "W:WK46,K47:BK5,K1");
    struct pdn_board b = board_of(PDN_VARIANT_INTERNATIONAL, "B:WK41,K47:BK5,K1");
    struct pdn_board at = a;
    draw_tracker_start(&t, &a);
    assert_int_equal(step(&t, &at, b, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), DRAW_NONE); /* a twice */
    assert_int_equal(step(&t, &at, b, 0), DRAW_NONE); /* b twice */
    assert_int_equal(step(&t, &at, a, 0), DRAW_REPETITION);
    /* The same squares with the other side to move are another position. */
    struct pdn_board a_black = a;
    a_black.side = PDN_COLOR_BLACK;
    at = a;
    draw_tracker_start(&t, &a);
    assert_int_equal(step(&t, &at, a_black, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, b, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), DRAW_REPETITION);
}

static void test_drawrules_capture_clears_history(void **state)
{
    (void)state;
    struct draw_tracker t;
    struct pdn_board a = board_of(PDN_VARIANT_INTERNATIONAL, "W:WK46,K47:BK5,K1");
    struct pdn_board b = board_of(PDN_VARIANT_INTERNATIONAL, "B:WK41,K47:BK5,K1");
    struct pdn_board at = a;
    draw_tracker_start(&t, &a);
    assert_int_equal(step(&t, &at, b, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), DRAW_NONE);
    /* Positions before a capture cannot come back (it counts from here). */
    assert_int_equal(step(&t, &at, b, 1), DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, b, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, b, 0), DRAW_REPETITION);
}

static void test_drawrules_25_moves(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K%d,K50,49:BK1,K2,3", *b = "B:WK%d,K%d,K50,49:BK1,K2,3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at);
    for (int n = 1; n < 50; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w, b, 50), 0), DRAW_25_MOVES);
}

static void test_drawrules_25_moves_reset_by_man_or_capture(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K%d,K50,49:BK1,K2,3", *b = "B:WK%d,K%d,K50,49:BK1,K2,3";
    const char *w2 = "W:WK%d,K%d,K50,44:BK1,K2,3", *b2 = "B:WK%d,K%d,K50,44:BK1,K2,3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at);
    for (int n = 1; n <= 40; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    /* White, to move in position 40, plays the man 49-44: the count starts again. */
    assert_int_equal(step(&t, &at, walk(w2, b2, 41), 0), DRAW_NONE);
    for (int n = 42; n < 91; n++)
        assert_int_equal(step(&t, &at, walk(w2, b2, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w2, b2, 91), 0), DRAW_25_MOVES);
    /* A king capture resets it as well. */
    at = walk(w, b, 0);
    draw_tracker_start(&t, &at);
    for (int n = 1; n < 40; n++)
        step(&t, &at, walk(w, b, n), 0);
    assert_int_equal(step(&t, &at, walk(w, b, 40), 1), DRAW_NONE);
    for (int n = 41; n < 90; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w, b, 90), 0), DRAW_25_MOVES);
}

static void test_drawrules_16_moves_from_first_reach(void **state)
{
    (void)state;
    struct draw_tracker t;
    /* 3 kings and a man against a king: no rule yet. */
    struct pdn_board at = board_of(PDN_VARIANT_INTERNATIONAL, "W:WK46,K50,K45,30:BK3");
    draw_tracker_start(&t, &at);
    const char *w = "W:WK%d,K50,K45:BK3", *b = "B:WK%d,K50,K45:BK3";
    assert_int_equal(step(&t, &at, walk(w, b, 1), 1), DRAW_NONE); /* 3xx takes the man */
    for (int n = 2; n < 33; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w, b, 33), 0), DRAW_16_MOVES);
}

static void test_drawrules_16_moves_promotion_keeps_count(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K50,9:BK3", *b = "B:WK%d,K50,9:BK3";
    const char *w3 = "W:WK%d,K50,K4:BK3", *b3 = "B:WK%d,K50,K4:BK3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at); /* 2 kings and a man against a king */
    for (int n = 1; n < 10; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    /* The man crowns: 3 kings against 1, the same rule, the same count. */
    assert_int_equal(step(&t, &at, walk(w3, b3, 11), 0), DRAW_NONE);
    for (int n = 12; n < 33; n++)
        assert_int_equal(step(&t, &at, walk(w3, b3, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w3, b3, 33), 0), DRAW_16_MOVES);
}

static void test_drawrules_5_moves_after_16(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K50,K45:BK3", *b = "B:WK%d,K50,K45:BK3";
    const char *w2 = "W:WK%d,K50:BK3", *b2 = "B:WK%d,K50:BK3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at);
    for (int n = 1; n < 20; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    /* The lone king takes one: 2 kings against 1, the 5-move rule from here. */
    assert_int_equal(step(&t, &at, walk(w2, b2, 21), 1), DRAW_NONE);
    for (int n = 22; n < 31; n++)
        assert_int_equal(step(&t, &at, walk(w2, b2, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w2, b2, 31), 0), DRAW_5_MOVES);
}

static void test_drawrules_5_moves_either_colour(void **state)
{
    (void)state;
    struct draw_tracker t;
    /* Black is the strong side: a king and a man against a king. */
    const char *w = "W:WK%d:BK1,2", *b = "B:WK%d:BK1,2";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at);
    for (int n = 1; n < 10; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
    assert_int_equal(step(&t, &at, walk(w, b, 10), 0), DRAW_5_MOVES);
    /* Men only against a king: no endgame rule (the 25-move one needs kings only). */
    w = "W:WK%d:B1,2";
    b = "B:WK%d:B1,2";
    at = walk(w, b, 0);
    draw_tracker_start(&t, &at);
    for (int n = 1; n < 40; n++)
        assert_int_equal(step(&t, &at, walk(w, b, n), 0), DRAW_NONE);
}

static void test_drawrules_other_variants_repetition_only(void **state)
{
    (void)state;
    struct draw_tracker t;
    struct pdn_board at, next;
    char text[PDN_FEN_MAX];
    snprintf(text, sizeof text, "W:WK%d:BK1", 32);
    at = board_of(PDN_VARIANT_BRAZILIAN, text);
    draw_tracker_start(&t, &at);
    for (int n = 1; n < 60; n++) {
        snprintf(text, sizeof text, "%c:WK%d:BK1", n % 2 ? 'B' : 'W', 2 + n / 2);
        next = board_of(PDN_VARIANT_BRAZILIAN, text);
        assert_int_equal(step(&t, &at, next, 0), DRAW_NONE);
    }
    struct pdn_board a = board_of(PDN_VARIANT_ENGLISH, "B:WK32:BK1"),
                     b = board_of(PDN_VARIANT_ENGLISH, "W:WK32:BK5");
    at = a;
    draw_tracker_start(&t, &a);
    step(&t, &at, b, 0);
    step(&t, &at, a, 0);
    step(&t, &at, b, 0);
    assert_int_equal(step(&t, &at, a, 0), DRAW_REPETITION);
}

static void test_drawrules_names(void **state)
{
    (void)state;
    assert_string_equal(draw_rule_name(DRAW_REPETITION), "threefold repetition");
    assert_string_equal(draw_rule_name(DRAW_25_MOVES), "the 25-move rule");
    assert_string_equal(draw_rule_name(DRAW_16_MOVES), "the 16-move rule");
    assert_string_equal(draw_rule_name(DRAW_5_MOVES), "the 5-move rule");
    assert_string_equal(draw_rule_name(DRAW_NONE), "no rule");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drawrules_repetition_third_time),
        cmocka_unit_test(test_drawrules_capture_clears_history),
        cmocka_unit_test(test_drawrules_25_moves),
        cmocka_unit_test(test_drawrules_25_moves_reset_by_man_or_capture),
        cmocka_unit_test(test_drawrules_16_moves_from_first_reach),
        cmocka_unit_test(test_drawrules_16_moves_promotion_keeps_count),
        cmocka_unit_test(test_drawrules_5_moves_after_16),
        cmocka_unit_test(test_drawrules_5_moves_either_colour),
        cmocka_unit_test(test_drawrules_other_variants_repetition_only),
        cmocka_unit_test(test_drawrules_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
