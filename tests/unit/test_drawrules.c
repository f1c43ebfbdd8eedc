/*
 * Unit tests for lib/replay_drawrules.c: the draw-rule tracker fed positions
 * directly (it reads only the boards and the capture count, so the plies
 * need not be legal moves): threefold repetition, the 25-move king rule and
 * its resets, the 16- and 5-move endgame rules counted from the ply that
 * first reached the material; the older "classic" set; and the rows of the
 * other variants (Brazilian as FMJD, Russian, English, none for Italian and
 * Czech), each where it fires and a ply before or beside where it does not.
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
static enum pdn_draw_rule step(struct draw_tracker *t, struct pdn_board *at, struct pdn_board next,
                               int captured)
{
    struct pdn_move move = {.ncaptured = (uint8_t)captured};
    enum pdn_draw_rule rule = draw_tracker_step(t, at, &next, &move);
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

/* Plies first..last of walk(w, b): none draws. */
static void quiet(struct draw_tracker *t, struct pdn_board *at, const char *w, const char *b,
                  int first, int last)
{
    for (int n = first; n <= last; n++)
        if (step(t, at, walk(w, b, n), 0) != PDN_DRAW_NONE) fail_msg("%s: drawn at ply %d", w, n);
}

/* Runs plies 1..last of walk and checks that only the last draws, by rule. */
static void expect_walk(const char *w, const char *b, enum pdn_draw_rules set, int last,
                        enum pdn_draw_rule rule)
{
    struct draw_tracker t;
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at, set);
    quiet(&t, &at, w, b, 1, last - 1);
    assert_int_equal(step(&t, &at, walk(w, b, last), 0), rule);
}

/* Runs plies 1..plies of walk: no rule draws. */
static void expect_no_draw(const char *w, const char *b, enum pdn_draw_rules set, int plies)
{
    struct draw_tracker t;
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at, set);
    quiet(&t, &at, w, b, 1, plies);
}

/*
 * From position a, plays a and b as the plan says, a letter a ply ('a' or
 * 'b'; upper case: the ply captures): every ply but the last must not draw,
 * the last must draw by rule.
 */
static void expect_plies(enum pdn_variant v, const char *fen_a, const char *fen_b,
                         enum pdn_draw_rules set, const char *plan, enum pdn_draw_rule rule)
{
    struct draw_tracker t;
    struct pdn_board a = board_of(v, fen_a), b = board_of(v, fen_b), at = a;
    draw_tracker_start(&t, &a, set);
    for (const char *p = plan; *p; p++) {
        int captured = *p == 'A' || *p == 'B';
        enum pdn_draw_rule got = step(&t, &at, *p == 'a' || *p == 'A' ? a : b, captured);
        if (got != (p[1] ? PDN_DRAW_NONE : rule))
            fail_msg("%s, plan %s: ply %d gave %d", fen_a, plan, (int)(p - plan) + 1, (int)got);
    }
}

/* Two international positions a king move apart, kings only. */
#define INTL_A "W:WK46,K47:BK5,K1"
#define INTL_B "B:WK41,K47:BK5,K1"

/* The flag that spares the search for an ending drawn as it stands says
 * what the table holds, for every variant under every set. */
static void test_drawrules_standing_flag_matches_table(void **state)
{
    (void)state;
    for (int set = 0; set < PDN_DRAW_RULES_COUNT; set++)
        for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
            const struct draw_rules *r =
                draw_rules_get((enum pdn_variant)v, (enum pdn_draw_rules)set);
            bool any = false;
            for (int i = 0; i < r->nendings; i++)
                any |= r->endings[i].moves == 0;
            if (r->standing != any)
                fail_msg("set %d, variant %d: flag %d, table %d", set, v, r->standing, any);
        }
}

static void test_drawrules_international_fmjd_repetition_third_time(void **state)
{
    (void)state;
    /* a twice, b twice, a the third time. */
    expect_plies(PDN_VARIANT_INTERNATIONAL, INTL_A, INTL_B, PDN_DRAW_RULES_FMJD, "baba",
                 PDN_DRAW_REPETITION);
    /* The same squares with the other side to move are another position. */
    struct draw_tracker t;
    struct pdn_board a = board_of(PDN_VARIANT_INTERNATIONAL, INTL_A);
    struct pdn_board b = board_of(PDN_VARIANT_INTERNATIONAL, INTL_B);
    struct pdn_board a_black = a;
    a_black.side = PDN_COLOR_BLACK;
    struct pdn_board at = a;
    draw_tracker_start(&t, &a, PDN_DRAW_RULES_FMJD);
    assert_int_equal(step(&t, &at, a_black, 0), PDN_DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), PDN_DRAW_NONE);
    assert_int_equal(step(&t, &at, b, 0), PDN_DRAW_NONE);
    assert_int_equal(step(&t, &at, a, 0), PDN_DRAW_REPETITION);
}

static void test_drawrules_international_fmjd_capture_clears_history(void **state)
{
    (void)state;
    /* Positions before a capture cannot come back (it counts from the capture). */
    expect_plies(PDN_VARIANT_INTERNATIONAL, INTL_A, INTL_B, PDN_DRAW_RULES_FMJD, "baBabab",
                 PDN_DRAW_REPETITION);
}

/* After a man's move on a full board (the tracker's quick ply, which keeps
 * the position after it only once the next ply comes), that position
 * counts: kings going round come back to it a third time at ply 9. */
static void test_drawrules_repetition_counts_the_position_after_a_man_move(void **state)
{
    (void)state;
    const char *plies[] = {
        "B:W27,32,33,34,K46:B1,2,3,4,K15", /* 31-27 */
        "W:W27,32,33,34,K46:B1,2,3,4,K20", "B:W27,32,33,34,K41:B1,2,3,4,K20",
        "W:W27,32,33,34,K41:B1,2,3,4,K15", "B:W27,32,33,34,K46:B1,2,3,4,K15",
        "W:W27,32,33,34,K46:B1,2,3,4,K20", "B:W27,32,33,34,K41:B1,2,3,4,K20",
        "W:W27,32,33,34,K41:B1,2,3,4,K15", "B:W27,32,33,34,K46:B1,2,3,4,K15",
    };
    struct pdn_board at = board_of(PDN_VARIANT_INTERNATIONAL, "W:W31,32,33,34,K46:B1,2,3,4,K15");
    struct draw_tracker t;
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    for (size_t i = 0; i < sizeof plies / sizeof *plies; i++) {
        enum pdn_draw_rule want = i + 1 == 9 ? PDN_DRAW_REPETITION : PDN_DRAW_NONE;
        if (step(&t, &at, board_of(PDN_VARIANT_INTERNATIONAL, plies[i]), 0) != want)
            fail_msg("ply %zu", i + 1);
    }
}

static void test_drawrules_international_fmjd_25_moves(void **state)
{
    (void)state;
    const char *w = "W:WK%d,K%d,K50,49:BK1,K2,3", *b = "B:WK%d,K%d,K50,49:BK1,K2,3";
    expect_walk(w, b, PDN_DRAW_RULES_FMJD, 50, PDN_DRAW_25_MOVES);
}

static void test_drawrules_international_fmjd_25_moves_reset_by_man_or_capture(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K%d,K50,49:BK1,K2,3", *b = "B:WK%d,K%d,K50,49:BK1,K2,3";
    const char *w2 = "W:WK%d,K%d,K50,44:BK1,K2,3", *b2 = "B:WK%d,K%d,K50,44:BK1,K2,3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    quiet(&t, &at, w, b, 1, 40);
    /* White, to move in position 40, plays the man 49-44: the count starts again. */
    assert_int_equal(step(&t, &at, walk(w2, b2, 41), 0), PDN_DRAW_NONE);
    quiet(&t, &at, w2, b2, 42, 90);
    assert_int_equal(step(&t, &at, walk(w2, b2, 91), 0), PDN_DRAW_25_MOVES);
    /* A king capture resets it as well. */
    at = walk(w, b, 0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    quiet(&t, &at, w, b, 1, 39);
    assert_int_equal(step(&t, &at, walk(w, b, 40), 1), PDN_DRAW_NONE);
    quiet(&t, &at, w, b, 41, 89);
    assert_int_equal(step(&t, &at, walk(w, b, 90), 0), PDN_DRAW_25_MOVES);
}

static void test_drawrules_international_fmjd_16_moves_from_first_reach(void **state)
{
    (void)state;
    struct draw_tracker t;
    /* 3 kings and a man against a king: no rule yet. */
    struct pdn_board at = board_of(PDN_VARIANT_INTERNATIONAL, "W:WK46,K50,K45,30:BK3");
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    const char *w = "W:WK%d,K50,K45:BK3", *b = "B:WK%d,K50,K45:BK3";
    assert_int_equal(step(&t, &at, walk(w, b, 1), 1), PDN_DRAW_NONE); /* 3xx takes the man */
    quiet(&t, &at, w, b, 2, 32);
    assert_int_equal(step(&t, &at, walk(w, b, 33), 0), PDN_DRAW_16_MOVES);
}

static void test_drawrules_international_fmjd_16_moves_promotion_keeps_count(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K50,9:BK3", *b = "B:WK%d,K50,9:BK3";
    const char *w3 = "W:WK%d,K50,K4:BK3", *b3 = "B:WK%d,K50,K4:BK3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD); /* 2 kings and a man against a king */
    quiet(&t, &at, w, b, 1, 9);
    /* The man crowns: 3 kings against 1, the same rule, the same count. */
    assert_int_equal(step(&t, &at, walk(w3, b3, 11), 0), PDN_DRAW_NONE);
    quiet(&t, &at, w3, b3, 12, 32);
    assert_int_equal(step(&t, &at, walk(w3, b3, 33), 0), PDN_DRAW_16_MOVES);
}

static void test_drawrules_international_fmjd_5_moves_after_16(void **state)
{
    (void)state;
    struct draw_tracker t;
    const char *w = "W:WK%d,K50,K45:BK3", *b = "B:WK%d,K50,K45:BK3";
    const char *w2 = "W:WK%d,K50:BK3", *b2 = "B:WK%d,K50:BK3";
    struct pdn_board at = walk(w, b, 0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    quiet(&t, &at, w, b, 1, 19);
    /* The lone king takes one: 2 kings against 1, the 5-move rule from here. */
    assert_int_equal(step(&t, &at, walk(w2, b2, 21), 1), PDN_DRAW_NONE);
    quiet(&t, &at, w2, b2, 22, 30);
    assert_int_equal(step(&t, &at, walk(w2, b2, 31), 0), PDN_DRAW_5_MOVES);
}

static void test_drawrules_international_fmjd_5_moves_either_colour(void **state)
{
    (void)state;
    /* Black is the strong side: a king and a man against a king. */
    expect_walk("W:WK%d:BK1,2", "B:WK%d:BK1,2", PDN_DRAW_RULES_FMJD, 10, PDN_DRAW_5_MOVES);
    /* Men only against a king: no endgame rule (the 25-move one needs kings only). */
    expect_no_draw("W:WK%d:B1,2", "B:WK%d:B1,2", PDN_DRAW_RULES_FMJD, 39);
}

/* The n-th position of an 8x8 walk: one king on 13..20, another on 29..32
 * (each round of the first), a man on men[] changed on White's plies every
 * 'every' plies (0: never); fmt takes the side letter, the two kings, the man. */
static struct pdn_board walk8(enum pdn_variant v, const char *fmt, int n, const int *men, int every)
{
    char text[PDN_FEN_MAX];
    int man = every ? men[(n + 1) / every] : men[0];
    snprintf(text, sizeof text, fmt, n % 2 ? 'B' : 'W', 13 + (n / 2) % 8, 29 + (n / 16) % 4, man);
    return board_of(v, text);
}

/* Runs plies 1..last of walk8 and checks that only the last draws, by rule. */
static void expect_walk8(enum pdn_variant v, enum pdn_draw_rules set, const char *fmt,
                         const int *men, int every, int last, enum pdn_draw_rule rule)
{
    struct draw_tracker t;
    struct pdn_board at = walk8(v, fmt, 0, men, every);
    draw_tracker_start(&t, &at, set);
    for (int n = 1; n < last; n++)
        if (step(&t, &at, walk8(v, fmt, n, men, every), 0) != PDN_DRAW_NONE)
            fail_msg("%s: drawn at ply %d, before %d", fmt, n, last);
    assert_int_equal(step(&t, &at, walk8(v, fmt, last, men, every), 0), rule);
}

static const int no_man[] = {0};

static void test_drawrules_brazilian_fmjd_5_moves(void **state)
{
    (void)state;
    /* A king against a king: the FMJD 5-move rule, on 8x8 too; classic: the
     * stronger side's 5th move (either side may be called stronger: White). */
    expect_walk8(PDN_VARIANT_BRAZILIAN, PDN_DRAW_RULES_FMJD, "%c:WK%d,K%d:BK1%.0d", no_man, 0, 10,
                 PDN_DRAW_5_MOVES);
    expect_walk8(PDN_VARIANT_BRAZILIAN, PDN_DRAW_RULES_CLASSIC, "%c:WK%d,K%d:BK1%.0d", no_man, 0, 9,
                 PDN_DRAW_5_MOVES);
}

static void test_drawrules_english_repetition(void **state)
{
    (void)state;
    expect_plies(PDN_VARIANT_ENGLISH, "B:WK32:BK1", "W:WK32:BK5", PDN_DRAW_RULES_FMJD, "baba",
                 PDN_DRAW_REPETITION);
}

static void test_drawrules_english_40_moves(void **state)
{
    (void)state;
    /* 40 moves each without a man moved or a piece taken: ply 80. */
    expect_walk8(PDN_VARIANT_ENGLISH, PDN_DRAW_RULES_FMJD, "%c:WK%d,K%d,25%.0d:BK1,5,6,7,8", no_man,
                 0, 80, PDN_DRAW_40_MOVES);
    /* A man moved every 20 plies: no rule for 120 plies. */
    static const int men[] = {21, 22, 23, 24, 25, 26, 27};
    struct draw_tracker t;
    const char *fmt = "%c:WK%d,K%d,%d:BK1,5,6,7,8";
    struct pdn_board at = walk8(PDN_VARIANT_ENGLISH, fmt, 0, men, 20);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    for (int n = 1; n < 120; n++)
        assert_int_equal(step(&t, &at, walk8(PDN_VARIANT_ENGLISH, fmt, n, men, 20), 0),
                         PDN_DRAW_NONE);
}

static void test_drawrules_russian_repetition(void **state)
{
    (void)state;
    expect_plies(PDN_VARIANT_RUSSIAN, "W:WK29,21:BK4,12", "B:WK25,21:BK4,12", PDN_DRAW_RULES_FMJD,
                 "baba", PDN_DRAW_REPETITION);
}

static void test_drawrules_russian_15_moves(void **state)
{
    (void)state;
    /* Eight pieces (no ending): 15 moves each of kings only, ply 30. */
    expect_walk8(PDN_VARIANT_RUSSIAN, PDN_DRAW_RULES_FMJD, "%c:WK%d,K%d,25%.0d:BK1,5,6,7,8", no_man,
                 0, 30, PDN_DRAW_15_MOVES);
}

static void test_drawrules_russian_three_kings(void **state)
{
    (void)state;
    /* Three kings against a lone king off the long diagonal: White's 15th
     * move (ply 29) draws; four kings likewise. */
    expect_walk8(PDN_VARIANT_RUSSIAN, PDN_DRAW_RULES_FMJD, "%c:WK%d,K%d,K28%.0d:BK1", no_man, 0, 29,
                 PDN_DRAW_THREE_KINGS);
    expect_walk8(PDN_VARIANT_RUSSIAN, PDN_DRAW_RULES_CLASSIC, "%c:WK%d,K%d,K28,K27%.0d:BK1", no_man,
                 0, 29, PDN_DRAW_THREE_KINGS);
    /* Black the stronger side: its moves are the even plies; its 15th comes
     * with the 15-move rule of kings only, and the ending is named. */
    struct draw_tracker t;
    char text[PDN_FEN_MAX];
    static const int off_road[] = {1, 2, 3, 5, 6, 7, 9, 10, 12, 13, 14, 16};
    struct pdn_board at = board_of(PDN_VARIANT_RUSSIAN, "W:WK1:BK30,K31,K32");
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    for (int n = 1; n <= 30; n++) {
        snprintf(text, sizeof text, "%c:WK%d:BK30,K31,K32", n % 2 ? 'B' : 'W',
                 off_road[(n / 2) % 12]);
        assert_int_equal(step(&t, &at, board_of(PDN_VARIANT_RUSSIAN, text), 0),
                         n < 30 ? PDN_DRAW_NONE : PDN_DRAW_THREE_KINGS);
    }
}

/* One ply from a position to another; the verdict. */
static enum pdn_draw_rule one_ply(enum pdn_variant v, const char *from, const char *to)
{
    struct draw_tracker t;
    struct pdn_board at = board_of(v, from);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    return step(&t, &at, board_of(v, to), 0);
}

static void test_drawrules_russian_big_road(void **state)
{
    (void)state;
    /* The lone king reaches h8 (4), on the long diagonal a1-h8. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "B:WK13,K14,K21:BK3", "W:WK13,K14,K21:BK4"),
                     PDN_DRAW_BIG_ROAD);
    /* h6 (12) is off it. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "B:WK13,K14,K21:BK8", "W:WK13,K14,K21:BK12"),
                     PDN_DRAW_NONE);
    /* On it at e5 (15), but the king on f4 (19) takes it now. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "B:WK13,K14,K19:BK11", "W:WK13,K14,K19:BK15"),
                     PDN_DRAW_NONE);
}

static void test_drawrules_russian_king_endings(void **state)
{
    (void)state;
    /* One king against one, a1 and h8: neither can take. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "B:WK29:BK8", "W:WK29:BK4"),
                     PDN_DRAW_KING_VS_KING);
    /* c3 against d4: White takes at once. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "B:WK22:BK15", "W:WK22:BK18"), PDN_DRAW_NONE);
    /* Two kings against one. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "W:WK30,K32:BK4", "B:WK29,K32:BK4"),
                     PDN_DRAW_TWO_KINGS);
    /* Two kings against one off the long diagonal (f8): it can be caught. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "W:WK30,K32:BK3", "B:WK29,K32:BK3"),
                     PDN_DRAW_NONE);
    /* Two kings and a man against one: no standing draw. */
    assert_int_equal(one_ply(PDN_VARIANT_RUSSIAN, "W:WK30,K32,21:BK4", "B:WK29,K32,21:BK4"),
                     PDN_DRAW_NONE);
}

static void test_drawrules_russian_30_moves(void **state)
{
    (void)state;
    /* Two kings and a man against a king and a man, the man moving every 20
     * plies (no 15-move rule): 30 moves each, ply 60. */
    static const int men[] = {21, 22, 23, 24, 25};
    expect_walk8(PDN_VARIANT_RUSSIAN, PDN_DRAW_RULES_FMJD, "%c:WK%d,K%d,%d:BK1,5", men, 20, 60,
                 PDN_DRAW_30_MOVES);
}

static void test_drawrules_russian_60_moves(void **state)
{
    (void)state;
    static const int men[] = {21, 22, 23, 24, 25, 26, 27};
    expect_walk8(PDN_VARIANT_RUSSIAN, PDN_DRAW_RULES_FMJD, "%c:WK%d,K%d,%d:BK1,5,6", men, 20, 120,
                 PDN_DRAW_60_MOVES);
    /* A capture in the ending starts the count again: 6 pieces to 5 is 30 moves from there. */
    struct draw_tracker t;
    const char *fmt = "%c:WK%d,K%d,%d:BK1,5,6", *fmt5 = "%c:WK%d,K%d,%d:BK1,5";
    struct pdn_board at = walk8(PDN_VARIANT_RUSSIAN, fmt, 0, men, 20);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    for (int n = 1; n < 40; n++)
        assert_int_equal(step(&t, &at, walk8(PDN_VARIANT_RUSSIAN, fmt, n, men, 20), 0),
                         PDN_DRAW_NONE);
    assert_int_equal(step(&t, &at, walk8(PDN_VARIANT_RUSSIAN, fmt5, 40, men, 20), 1),
                     PDN_DRAW_NONE);
    for (int n = 41; n < 100; n++)
        assert_int_equal(step(&t, &at, walk8(PDN_VARIANT_RUSSIAN, fmt5, n, men, 20), 0),
                         PDN_DRAW_NONE);
    assert_int_equal(step(&t, &at, walk8(PDN_VARIANT_RUSSIAN, fmt5, 100, men, 20), 0),
                     PDN_DRAW_30_MOVES);
}

static void test_drawrules_italian_czech_none(void **state)
{
    (void)state;
    static const enum pdn_variant variants[] = {PDN_VARIANT_ITALIAN, PDN_VARIANT_CZECH};
    for (int i = 0; i < 2; i++) {
        struct draw_tracker t;
        struct pdn_board a = board_of(variants[i], "W:WK29:BK4"),
                         b = board_of(variants[i], "B:WK25:BK4");
        struct pdn_board at = a;
        draw_tracker_start(&t, &a, PDN_DRAW_RULES_FMJD);
        for (int n = 0; n < 100; n++)
            assert_int_equal(step(&t, &at, n % 2 ? a : b, 0), PDN_DRAW_NONE);
    }
}

static void test_drawrules_international_classic_5_moves(void **state)
{
    (void)state;
    /* Two kings and a man (Black) against a lone king: Black's 5th move
     * (ply 10) under the classic rules; the 16-move rule (ply 32) under FMJD. */
    const char *w = "W:WK%d:BK1,K2,3", *b = "B:WK%d:BK1,K2,3";
    expect_walk(w, b, PDN_DRAW_RULES_CLASSIC, 10, PDN_DRAW_5_MOVES);
    expect_walk(w, b, PDN_DRAW_RULES_FMJD, 32, PDN_DRAW_16_MOVES);
    /* Three men against a lone king: classic only. */
    w = "W:WK%d:B1,2,3";
    b = "B:WK%d:B1,2,3";
    expect_walk(w, b, PDN_DRAW_RULES_CLASSIC, 10, PDN_DRAW_5_MOVES);
}

/*
 * The older text: "... and all the more one king against a lone king or a
 * lone man". The list is closed: against a lone man only one king draws; two
 * kings, or a king and a man, against a lone man are not in it, nor two men
 * against a lone king. FMJD: none of them.
 */
static void test_drawrules_international_classic_5_moves_lone_man(void **state)
{
    (void)state;
    /* A king against a lone man: White's 5th move (ply 9). */
    expect_walk("W:WK%d:B3", "B:WK%d:B3", PDN_DRAW_RULES_CLASSIC, 9, PDN_DRAW_5_MOVES);
    expect_no_draw("W:WK%d:B3", "B:WK%d:B3", PDN_DRAW_RULES_FMJD, 40);
    expect_no_draw("W:WK%d,K50:B3", "B:WK%d,K50:B3", PDN_DRAW_RULES_CLASSIC, 40);
    expect_no_draw("W:WK%d,49:B3", "B:WK%d,49:B3", PDN_DRAW_RULES_CLASSIC, 40);
    expect_no_draw("W:WK%d:B1,2", "B:WK%d:B1,2", PDN_DRAW_RULES_CLASSIC, 40);
    expect_no_draw("W:WK%d,K50:B3", "B:WK%d,K50:B3", PDN_DRAW_RULES_FMJD, 40);
}

/* The classic set keeps threefold repetition and the 25-move king rule. */
static void test_drawrules_international_classic_repetition_25_moves(void **state)
{
    (void)state;
    expect_plies(PDN_VARIANT_INTERNATIONAL, INTL_A, INTL_B, PDN_DRAW_RULES_CLASSIC, "baba",
                 PDN_DRAW_REPETITION);
    struct draw_tracker t;
    const char *w = "W:WK%d,K%d,K50,49:BK1,K2,3", *bl = "B:WK%d,K%d,K50,49:BK1,K2,3";
    struct pdn_board at = walk(w, bl, 0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_CLASSIC);
    quiet(&t, &at, w, bl, 1, 49);
    assert_int_equal(step(&t, &at, walk(w, bl, 50), 0), PDN_DRAW_25_MOVES);
}

/* Four kings and a man against two kings, the man changed on White's plies
 * every 20 (no 25-move rule). */
static struct pdn_board five_against_two(int n)
{
    char text[PDN_FEN_MAX];
    snprintf(text, sizeof text, "%c:WK%d,K3,K4,K5,%d:BK1,K2", n % 2 ? 'B' : 'W', 11 + (n / 2) % 30,
             41 + (n + 1) / 20);
    return board_of(PDN_VARIANT_INTERNATIONAL, text);
}

static void test_drawrules_international_classic_50_moves(void **state)
{
    (void)state;
    struct draw_tracker t;
    struct pdn_board at = five_against_two(0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_CLASSIC);
    for (int n = 1; n < 99; n++)
        assert_int_equal(step(&t, &at, five_against_two(n), 0), PDN_DRAW_NONE);
    assert_int_equal(step(&t, &at, five_against_two(99), 0), PDN_DRAW_50_MOVES);
    at = five_against_two(0);
    draw_tracker_start(&t, &at, PDN_DRAW_RULES_FMJD);
    for (int n = 1; n <= 99; n++)
        assert_int_equal(step(&t, &at, five_against_two(n), 0), PDN_DRAW_NONE);
}

/* The set matters to international and Brazilian only; out-of-range values fall back. */
static void test_drawrules_table_sets(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        const struct draw_rules *f = draw_rules_get(v, PDN_DRAW_RULES_FMJD);
        const struct draw_rules *c = draw_rules_get(v, PDN_DRAW_RULES_CLASSIC);
        bool fmjd_family = v == PDN_VARIANT_INTERNATIONAL || v == PDN_VARIANT_BRAZILIAN;
        assert_true(fmjd_family ? f != c : f == c);
        assert_true(f->nendings <= DRAW_ENDINGS_MAX && c->nendings <= DRAW_ENDINGS_MAX);
    }
    assert_ptr_equal(draw_rules_get(PDN_VARIANT_COUNT, PDN_DRAW_RULES_COUNT),
                     draw_rules_get(PDN_VARIANT_INTERNATIONAL, PDN_DRAW_RULES_FMJD));
}

static void test_drawrules_names(void **state)
{
    (void)state;
    assert_string_equal(pdn_draw_rule_name(PDN_DRAW_REPETITION), "threefold repetition");
    assert_string_equal(pdn_draw_rule_name(PDN_DRAW_25_MOVES), "the 25-move rule");
    assert_string_equal(pdn_draw_rule_name(PDN_DRAW_16_MOVES), "the 16-move rule");
    assert_string_equal(pdn_draw_rule_name(PDN_DRAW_5_MOVES), "the 5-move rule");
    assert_string_equal(pdn_draw_rule_name(PDN_DRAW_NONE), "no rule");
    for (int r = PDN_DRAW_NONE + 1; r < PDN_DRAW_RULE_COUNT; r++)
        assert_string_not_equal(pdn_draw_rule_name(r), "no rule");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drawrules_standing_flag_matches_table),
        cmocka_unit_test(test_drawrules_international_fmjd_repetition_third_time),
        cmocka_unit_test(test_drawrules_international_fmjd_capture_clears_history),
        cmocka_unit_test(test_drawrules_repetition_counts_the_position_after_a_man_move),
        cmocka_unit_test(test_drawrules_international_fmjd_25_moves),
        cmocka_unit_test(test_drawrules_international_fmjd_25_moves_reset_by_man_or_capture),
        cmocka_unit_test(test_drawrules_international_fmjd_16_moves_from_first_reach),
        cmocka_unit_test(test_drawrules_international_fmjd_16_moves_promotion_keeps_count),
        cmocka_unit_test(test_drawrules_international_fmjd_5_moves_after_16),
        cmocka_unit_test(test_drawrules_international_fmjd_5_moves_either_colour),
        cmocka_unit_test(test_drawrules_brazilian_fmjd_5_moves),
        cmocka_unit_test(test_drawrules_english_repetition),
        cmocka_unit_test(test_drawrules_english_40_moves),
        cmocka_unit_test(test_drawrules_russian_repetition),
        cmocka_unit_test(test_drawrules_russian_15_moves),
        cmocka_unit_test(test_drawrules_russian_three_kings),
        cmocka_unit_test(test_drawrules_russian_big_road),
        cmocka_unit_test(test_drawrules_russian_king_endings),
        cmocka_unit_test(test_drawrules_russian_30_moves),
        cmocka_unit_test(test_drawrules_russian_60_moves),
        cmocka_unit_test(test_drawrules_italian_czech_none),
        cmocka_unit_test(test_drawrules_international_classic_repetition_25_moves),
        cmocka_unit_test(test_drawrules_international_classic_5_moves),
        cmocka_unit_test(test_drawrules_international_classic_5_moves_lone_man),
        cmocka_unit_test(test_drawrules_international_classic_50_moves),
        cmocka_unit_test(test_drawrules_table_sets),
        cmocka_unit_test(test_drawrules_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
