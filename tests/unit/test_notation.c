/*
 * Move notation read (pdn_move_match): every form a move text may take
 * (PDN.md), every reason a move is illegal, ambiguous captures and the
 * squares that resolve them, texts that are no move at all and hostile
 * bytes, and algebraic square names ("c3") on every board. Writing moves
 * as text is test_notation_text.c's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "notation_fixture.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* The text names one move, whose whole landing path is 'path', using exactly 'forms'. */
static void expect_ok(const struct pos *p, const char *text, const char *path, unsigned forms)
{
    struct pdn_match m = match(p, text);
    if (m.result != PDN_MATCH_OK)
        fail_msg("'%s': result %d reason %d, expected %s", text, m.result, m.reason, path);
    char got[PDN_MOVE_TEXT_MAX];
    pdn_move_to_path(got, &p->legal.moves[m.move]);
    if (strcmp(got, path) != 0) fail_msg("'%s' read as %s, expected %s", text, got, path);
    if (m.forms != forms) fail_msg("'%s': forms %#x, expected %#x", text, m.forms, forms);
}

static struct pdn_match expect_reason(const struct pos *p, const char *text,
                                      enum pdn_illegal_reason reason)
{
    struct pdn_match m = match(p, text);
    if (m.result != PDN_MATCH_ILLEGAL)
        fail_msg("'%s': result %d, expected illegal", text, m.result);
    if (m.reason != reason) fail_msg("'%s': reason %d, expected %d", text, m.reason, reason);
    return m;
}

/* An illegal move for a reason that names a square (0: none). */
static void expect_illegal(const struct pos *p, const char *text, enum pdn_illegal_reason reason,
                           int square)
{
    struct pdn_match m = expect_reason(p, text, reason);
    assert_int_equal(m.square, square);
    assert_int_equal(m.max_taken, 0);
    assert_int_equal(m.taken, 0);
}

/* A capture that takes fewer pieces than the maximum. */
static void expect_not_maximum(const struct pos *p, const char *text, int max_taken, int taken)
{
    struct pdn_match m = expect_reason(p, text, PDN_ILLEGAL_NOT_MAXIMUM);
    assert_int_equal(m.max_taken, max_taken);
    assert_int_equal(m.taken, taken);
}

static void expect_bad_text(const struct pos *p, const char *text)
{
    struct pdn_match m = match(p, text);
    if (m.result != PDN_MATCH_BAD_TEXT)
        fail_msg("'%s': result %d, expected bad text", text, m.result);
}

/* A move text read in a position: the one move it names, its whole
 * landing path, and exactly the forms it uses. */
struct reading {
    const char *fen; /* the position, or NULL: the one of the case before */
    const char *text, *path;
    unsigned forms;
};

static void expect_readings(const struct reading *cases, size_t n)
{
    struct pos p;
    for (size_t i = 0; i < n; i++) {
        if (cases[i].fen) load(&p, cases[i].fen);
        expect_ok(&p, cases[i].text, cases[i].path, cases[i].forms);
    }
}

#define EXPECT_READINGS(cases) expect_readings(cases, sizeof cases / sizeof cases[0])

static void test_notation_standard_forms(void **state)
{
    (void)state;
    static const struct reading cases[] = {
        {START, "32-28", "32-28", 0},
        {NULL, "  32-28 ", "32-28", 0}, /* blanks around the move are the reader's */
        {"W:W28,32:B23", "28x19", "28x19", 0},
        {"W:W28:B23,14", "28x10", "28x19x10", 0},
        {NULL, "28x19x10", "28x19x10", 0},
    };
    EXPECT_READINGS(cases);
}

static void test_notation_separator_forms(void **state)
{
    (void)state;
    static const struct reading cases[] = {
        {"W:W28:B23,14", "28:19:10", "28x19x10", PDN_FORM_COLON},
        {NULL, "28x19:10", "28x19x10", PDN_FORM_COLON},
        {NULL, "28-10", "28x19x10", PDN_FORM_CAPTURE_WITH_DASH},
        {NULL, "28-19-10", "28x19x10", PDN_FORM_CAPTURE_WITH_DASH},
        {NULL, "2810", "28x19x10", PDN_FORM_NO_SEPARATOR},
        {START, "32x28", "32-28", PDN_FORM_QUIET_WITH_X},
        {NULL, "32:28", "32-28", PDN_FORM_QUIET_WITH_X | PDN_FORM_COLON},
        {NULL, "3228", "32-28", PDN_FORM_NO_SEPARATOR},
    };
    EXPECT_READINGS(cases);
}

static void test_notation_unicode_dashes(void **state)
{
    (void)state;
    static const char *dashes[] = {"\xE2\x80\x93", "\xE2\x80\x91", "\xE2\x80\x92", "\xE2\x80\x94",
                                   "\xE2\x88\x92", "\xE2\x80\x90", "\xE2\x80\x95"};
    struct pos p;
    pdn_board_init(&p.board, PDN_VARIANT_INTERNATIONAL);
    pdn_movegen(&p.legal, &p.board, 0);
    for (size_t i = 0; i < sizeof dashes / sizeof dashes[0]; i++) {
        char text[32];
        snprintf(text, sizeof text, "32%s28", dashes[i]);
        expect_ok(&p, text, "32-28", PDN_FORM_UNICODE_DASH);
    }
    expect_bad_text(&p, "32\xE2\x81\x83"
                        "28");         /* U+2043 is a bullet, not a dash (text.c) */
    expect_bad_text(&p, "32\xE2\x80"); /* cut short */
}

static void test_notation_zero_padding_and_spaces(void **state)
{
    (void)state;
    static const struct reading cases[] = {
        {"B:W40:B6", "06-11", "6-11", PDN_FORM_ZERO_PADDED},
        {NULL, "006-011", "6-11", PDN_FORM_ZERO_PADDED},
        {NULL, "0611", "6-11", PDN_FORM_NO_SEPARATOR | PDN_FORM_ZERO_PADDED},
        {NULL, "6- 11", "6-11", PDN_FORM_SPACES},
        {NULL, "6 -11", "6-11", PDN_FORM_SPACES},
        {NULL, "6\t-\t11", "6-11", PDN_FORM_SPACES},
        {NULL, "6\xC2\xA0-11", "6-11", PDN_FORM_SPACES}, /* no-break space */
        {"W:W7", "7- 1", "7-1", PDN_FORM_SPACES},
    };
    EXPECT_READINGS(cases);
}

/* Three digits split both ways; the legal moves decide. */
static void test_notation_three_digits(void **state)
{
    (void)state;
    struct pos p;
    load(&p, "B:W40:B6");
    expect_ok(&p, "611", "6-11", PDN_FORM_NO_SEPARATOR);
    load(&p, "W:WK1,K13");
    struct pdn_match m = match(&p, "134"); /* 1-34 and 13-4 are both legal */
    assert_int_equal(m.result, PDN_MATCH_AMBIGUOUS);
    assert_int_equal(m.ncandidates, 2);
    expect_ok(&p, "145", "1-45", PDN_FORM_NO_SEPARATOR);     /* 14-5: no piece on 14 */
    expect_illegal(&p, "135", PDN_ILLEGAL_NOT_REACHABLE, 0); /* 1-35, 13-5: neither */
    expect_illegal(&p, "999", PDN_ILLEGAL_BAD_SQUARE, 99);
    expect_bad_text(&p, "13");
    expect_bad_text(&p, "13245");
}

static void test_notation_hop_by_hop(void **state)
{
    (void)state;
    struct pos p;
    load(&p, "W:W28:B23,14");
    expect_ok(&p, "28x19 19x10", "28x19x10", PDN_FORM_HOP_BY_HOP);
    expect_ok(&p, "28x19\n19x10", "28x19x10", PDN_FORM_HOP_BY_HOP);
    expect_ok(&p, "28-19 19-10", "28x19x10", PDN_FORM_HOP_BY_HOP | PDN_FORM_CAPTURE_WITH_DASH);
    load(&p, "W:W33:B28,18,19");
    expect_ok(&p, "33x22 22x13 13x24", "33x22x13x24", PDN_FORM_HOP_BY_HOP);
    expect_bad_text(&p, "33x22 23x13"); /* hops that do not join */
    expect_bad_text(&p, "33x22 22");    /* a hop with no end */
    expect_bad_text(&p, "33 33x22");
}

static void test_notation_captured_squares(void **state)
{
    (void)state;
    struct pos p;
    load(&p, "W:W28:B23,14"); /* 28x19x10 takes 23 and 14 */
    expect_ok(&p, "28x10x14x23", "28x19x10", PDN_FORM_CAPTURED_SQUARES); /* from, to, taken */
    expect_ok(&p, "28x23x14x10", "28x19x10", PDN_FORM_CAPTURED_SQUARES); /* from, taken, to */
    expect_ok(&p, "28x23x14", "28x19x10", PDN_FORM_CAPTURED_SQUARES);    /* from, taken */
    expect_ok(&p, "28x10 <14,23>", "28x19x10", PDN_FORM_CAPTURED_SQUARES);
    expect_ok(&p, "28x10<23 14>", "28x19x10", PDN_FORM_CAPTURED_SQUARES);
    expect_ok(&p, "28x19x10 < 23, 14 > ", "28x19x10", PDN_FORM_CAPTURED_SQUARES);
    expect_illegal(&p, "28x10 <14>", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0);
    expect_illegal(&p, "28x10 <14,23,24>", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0);
    expect_illegal(&p, "28x10 <99>", PDN_ILLEGAL_BAD_SQUARE, 99);
    expect_illegal(&p, "28x23x13", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0);
    expect_bad_text(&p, "28x10 <>");
    expect_bad_text(&p, "28x10 <14,23");
    expect_bad_text(&p, "28x10 <14,23> x");
    expect_bad_text(&p, "<14,23>");
    /* A list resolves an ambiguous capture. */
    load(&p, "W:WK4:B13,32,37,20");
    expect_ok(&p, "4x15 <13,20,32>", "4x27x38x15", PDN_FORM_CAPTURED_SQUARES);
    expect_ok(&p, "4x15x13x20x37", "4x31x42x15", PDN_FORM_CAPTURED_SQUARES);
}

static void expect_ambiguous(const struct pos *p, const char *text, int n)
{
    struct pdn_match m = match(p, text);
    if (m.result != PDN_MATCH_AMBIGUOUS)
        fail_msg("'%s': result %d, expected ambiguous", text, m.result);
    assert_int_equal(m.ncandidates, n);
    for (int i = 0; i < n; i++) {
        const struct pdn_move *c = &p->legal.moves[m.candidates[i]];
        for (int j = 0; j < i; j++)
            assert_true(c->captured != p->legal.moves[m.candidates[j]].captured);
    }
}

static void test_notation_ambiguous_captures(void **state)
{
    (void)state;
    struct pos p;
    load(&p, "W:WK4:B13,32,37,20");
    expect_ambiguous(&p, "4x15", 2);
    expect_ok(&p, "4x27x15", "4x27x38x15", 0);
    expect_ok(&p, "4x38x15", "4x27x38x15", 0);
    expect_ok(&p, "4x31x15", "4x31x42x15", 0);
    expect_ok(&p, "4x27x38x15", "4x27x38x15", 0);
    load(&p, "W:WK47:B14,19,29,31,42");
    expect_ambiguous(&p, "47x36", 2);
    expect_ambiguous(&p, "47x38x36", 2); /* 38 is on both routes */
    expect_ok(&p, "47x24x36", "47x38x24x13x36", 0);
    expect_ok(&p, "47x9x36", "47x38x20x9x36", 0);
    expect_ok(&p, "47x38x13x36", "47x38x24x13x36", 0);
}

/* Routes taking the same pieces to the same square are one move: no ambiguity. */
static void test_notation_same_pieces_one_move(void **state)
{
    (void)state;
    struct pos p;
    load(&p, "W:WK38:B18,19,32,33");
    expect_ok(&p, "38x38", "38x27x13x24x38", 0);
    expect_ok(&p, "38x27x13x24x38", "38x27x13x24x38", 0);
    expect_ok(&p, "38x24x13x27x38", "38x27x13x24x38", 0); /* the route the list does not hold */
    expect_ok(&p, "38x13x38", "38x27x13x24x38", PDN_FORM_PARTIAL_PATH);
    char text[PDN_MOVE_TEXT_MAX];
    for (int i = 0; i < p.legal.count; i++) {
        pdn_move_to_text(text, &p.legal.moves[i], &p.legal, PDN_CAPTURE_SHORTEST);
        assert_null(strchr(strchr(text, 'x') + 1, 'x')); /* "38x38": from and to only */
        pdn_move_to_text(text, &p.legal.moves[i], &p.legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
        assert_null(strchr(strchr(text, 'x') + 1, 'x'));
    }
    /* The same with every capture order listed. */
    pdn_movegen(&p.legal, &p.board, PDN_MOVEGEN_KEEP_DUPLICATES);
    expect_ok(&p, "38x38", "38x27x13x24x38", 0);
    expect_ok(&p, "38x24x13x27x38", "38x24x13x27x38", 0);
}

/* Partial paths: read in both modes; the forms bit lets the caller decide. */
static void test_notation_partial_path_lenient_and_strict(void **state)
{
    (void)state;
    struct pos p;
    load(&p, "W:W33:B28,18,19"); /* 33x22x13x24, the only capture */
    for (int strict = 0; strict <= 1; strict++) {
        struct pdn_match m;
        assert_int_equal(pdn_move_match(&m, "33x13x24", &p.board, &p.legal, strict), PDN_OK);
        assert_int_equal(m.result, PDN_MATCH_OK);
        assert_int_equal(m.forms, PDN_FORM_PARTIAL_PATH);
        assert_true(m.forms & ~(unsigned)PDN_FORMS_READING); /* an error in strict mode */
        assert_int_equal(pdn_move_match(&m, "33x24", &p.board, &p.legal, strict), PDN_OK);
        assert_int_equal(m.forms, 0);
        assert_int_equal(pdn_move_match(&m, "33x22x13x24", &p.board, &p.legal, strict), PDN_OK);
        assert_int_equal(m.forms, 0);
    }
    expect_ok(&p, "33x22x24", "33x22x13x24", PDN_FORM_PARTIAL_PATH);
    expect_illegal(&p, "33x13x22x24", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0); /* out of order */
    /* Squares PDN 3.0 asks for to resolve an ambiguity are not a partial path. */
    load(&p, "W:WK47:B14,19,29,31,42");
    expect_ok(&p, "47x24x36", "47x38x24x13x36", 0);
    assert_true((PDN_FORM_COLON | PDN_FORM_SPACES | PDN_FORM_ZERO_PADDED) == PDN_FORMS_READING);
}

static void test_notation_illegal_reasons(void **state)
{
    (void)state;
    struct pos p;
    pdn_board_init(&p.board, PDN_VARIANT_INTERNATIONAL);
    pdn_movegen(&p.legal, &p.board, 0);
    expect_illegal(&p, "0-5", PDN_ILLEGAL_BAD_SQUARE, 0);
    expect_illegal(&p, "32-51", PDN_ILLEGAL_BAD_SQUARE, 51);
    expect_illegal(&p, "4294967297-28", PDN_ILLEGAL_BAD_SQUARE, INT_MAX);
    expect_illegal(&p, "27-22", PDN_ILLEGAL_EMPTY_SQUARE, 27);
    expect_illegal(&p, "18-23", PDN_ILLEGAL_OPPONENT_PIECE, 18);
    load(&p, "W:W28,32:B23");
    expect_illegal(&p, "32-27", PDN_ILLEGAL_CAPTURE_COMPULSORY, 28);
    expect_illegal(&p, "32x27", PDN_ILLEGAL_CAPTURE_COMPULSORY, 28);
    expect_illegal(&p, "32-37", PDN_ILLEGAL_CAPTURE_COMPULSORY, 28);
    expect_illegal(&p, "28x17", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0);
    load(&p, "W:W28:B23,14");
    expect_not_maximum(&p, "28x19", 2, 1); /* cut short */
    load(&p, "W:W28,35:B23,14,30");
    expect_not_maximum(&p, "35x24", 2, 1); /* another piece takes two */
    load(&p, "W:W28");
    expect_illegal(&p, "28-33", PDN_ILLEGAL_BACKWARD, 28);
    expect_illegal(&p, "28-39", PDN_ILLEGAL_BACKWARD, 28);
    expect_illegal(&p, "28-17", PDN_ILLEGAL_NOT_REACHABLE, 0);
    expect_illegal(&p, "28-27", PDN_ILLEGAL_NOT_REACHABLE, 0);
    expect_illegal(&p, "28x19", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0);
    expect_illegal(&p, "28-19-10", PDN_ILLEGAL_NO_SUCH_CAPTURE, 0);
    load(&p, "W:W28,22");
    expect_illegal(&p, "28-22", PDN_ILLEGAL_OCCUPIED, 22);
    load(&p, "W:WK28,23");
    expect_illegal(&p, "28-19", PDN_ILLEGAL_NOT_REACHABLE, 0); /* blocked on the way */
    expect_illegal(&p, "28-23", PDN_ILLEGAL_OCCUPIED, 23);
}

static void test_notation_bad_text(void **state)
{
    (void)state;
    static const char *texts[] = {"",         " ",      "--",         "- -",      "...",   "32",
                                  "32-",      "-28",    "32--28",     "32 28",    "32x",   "ab-cd",
                                  "32-28!",   "32X28",  "1-0x",       "32-28 29", "32.28", "x",
                                  "\xFF\xFE", "32-28<", "32-28 <1,a>"};
    struct pos p;
    pdn_board_init(&p.board, PDN_VARIANT_INTERNATIONAL);
    pdn_movegen(&p.legal, &p.board, 0);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        expect_bad_text(&p, texts[i]);
    struct pdn_match m;
    assert_int_equal(pdn_move_match(&m, NULL, &p.board, &p.legal, false), PDN_OK);
    assert_int_equal(m.result, PDN_MATCH_BAD_TEXT);
    assert_int_equal(pdn_move_match(&m, "32-28", NULL, &p.legal, false), PDN_EINVAL);
    assert_int_equal(pdn_move_match(NULL, "32-28", &p.board, &p.legal, false), PDN_EINVAL);
}

/* Long texts and arbitrary bytes: never a crash, always a valid answer. */
static void test_notation_hostile_input(void **state)
{
    (void)state;
    static char text[200001];
    struct pos p;
    load(&p, "W:WK38:B18,19,32,33");
    for (size_t i = 0; i < sizeof text - 1; i++)
        text[i] = i % 2 ? 'x' : '1';
    text[sizeof text - 1] = '\0';
    expect_bad_text(&p, text);
    memset(text, '9', sizeof text - 1);
    expect_bad_text(&p, text);
    snprintf(text, sizeof text, "38x38 <");
    for (size_t n = strlen(text); n + 4 < sizeof text; n += 3)
        memcpy(text + n, "18,", 4);
    expect_bad_text(&p, text);
    static const char alphabet[] = "0123456789x-: <>,\t\xE2\x80\x93\xC2\xA0"
                                   "a.";
    unsigned seed = 12345;
    for (int round = 0; round < 20000; round++) {
        int len = (int)((seed = seed * 1103515245u + 12345u) >> 16) % 24;
        for (int i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            text[i] =
                round % 4 ? alphabet[(seed >> 16) % (sizeof alphabet - 1)] : (char)(seed >> 16);
        }
        text[len] = '\0';
        struct pdn_match m = match(&p, text);
        assert_true(m.result <= PDN_MATCH_BAD_TEXT);
        if (m.result == PDN_MATCH_OK) assert_true(m.move >= 0 && m.move < p.legal.count);
        assert_true(m.ncandidates >= 0 && m.ncandidates <= PDN_CANDIDATES_MAX);
    }
}

/* Algebraic squares (issue 13): a1 is the dark corner at White's left; move
 * texts "c3-d4", "c3d4", "c3:d4" name the same move; numbers and letters do
 * not mix; pdn_move_text_algebraic writes them back. */
static void test_notation_algebraic_squares(void **state)
{
    (void)state;
    assert_int_equal(pdn_square_from_name(PDN_VARIANT_RUSSIAN, "a1"), 29);
    assert_int_equal(pdn_square_from_name(PDN_VARIANT_RUSSIAN, "c3"), 22);
    assert_int_equal(pdn_square_from_name(PDN_VARIANT_RUSSIAN, "b8"), 1);
    assert_int_equal(pdn_square_from_name(PDN_VARIANT_RUSSIAN, "a2"), 0); /* light */
    assert_int_equal(pdn_square_from_name(PDN_VARIANT_INTERNATIONAL, "a1"), 46);
    char name[4];
    assert_int_equal(pdn_square_name(name, PDN_VARIANT_RUSSIAN, 32), 2);
    assert_string_equal(name, "g1");
    struct pdn_board b;
    struct pdn_movelist legal;
    struct pdn_match m;
    pdn_board_init(&b, PDN_VARIANT_RUSSIAN);
    pdn_movegen(&legal, &b, 0);
    static const char *const same[] = {"c3-d4", "c3d4", "c3:d4", "22-18"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        pdn_move_match(&m, same[i], &b, &legal, false);
        assert_int_equal(m.result, PDN_MATCH_OK);
        assert_int_equal(legal.moves[m.move].from, 22);
        assert_int_equal(legal.moves[m.move].to, 18);
    }
    pdn_move_match(&m, "c3-18", &b, &legal, false);
    assert_int_equal(m.result, PDN_MATCH_BAD_TEXT);
    pdn_move_match(&m, "c3", &b, &legal, false);
    assert_int_equal(m.result, PDN_MATCH_BAD_TEXT);
    char text[PDN_MOVE_TEXT_MAX];
    assert_int_equal(pdn_move_text_algebraic(text, "22x15x8", PDN_VARIANT_RUSSIAN), 8);
    assert_string_equal(text, "c3xe5xg7");
    assert_int_equal(pdn_move_text_algebraic(text, "22-33", PDN_VARIANT_RUSSIAN), 0);
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_RUSSIAN, "W:Wa1,c3:Bb8.", NULL), PDN_OK);
    assert_int_equal(pdn_board_get(&b, 29), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_get(&b, 1), PDN_PIECE_BLACK_MAN);
}

/*
 * Every algebraic name of every board (and past its edges): PDN numbers the
 * dark squares from the top row down, left to right in each row; a1 is dark
 * at White's left, except on the mirrored (Italian) board, where the dark
 * corners are on the right. Light squares and names off the board are 0.
 */
static void test_notation_algebraic_whole_board(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        const struct pdn_rules *rules = pdn_rules_get((enum pdn_variant)v);
        int per_row = rules->width / 2, named = 0, last = 0;
        for (int rank = rules->height + 1; rank >= 0; rank--)
            for (int file = 0; file < 10; file++) {
                char name[16];
                snprintf(name, sizeof name, "%c%d", 'a' + file, rank);
                int square = pdn_square_from_name((enum pdn_variant)v, name);
                bool on_board = rank >= 1 && rank <= rules->height && file < rules->width;
                bool dark = (file + rank) % 2 == (rules->mirrored ? 0 : 1);
                if (!on_board || !dark) {
                    if (square != 0) fail_msg("variant %d: %s is square %d", v, name, square);
                    continue;
                }
                int row = rules->height - rank;
                assert_int_equal(square, last + 1); /* the next one in reading order */
                assert_int_equal((square - 1) / per_row, row);
                last = square;
                named++;
            }
        assert_int_equal(named, per_row * rules->height);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_standard_forms),
        cmocka_unit_test(test_notation_separator_forms),
        cmocka_unit_test(test_notation_unicode_dashes),
        cmocka_unit_test(test_notation_zero_padding_and_spaces),
        cmocka_unit_test(test_notation_three_digits),
        cmocka_unit_test(test_notation_hop_by_hop),
        cmocka_unit_test(test_notation_captured_squares),
        cmocka_unit_test(test_notation_ambiguous_captures),
        cmocka_unit_test(test_notation_same_pieces_one_move),
        cmocka_unit_test(test_notation_partial_path_lenient_and_strict),
        cmocka_unit_test(test_notation_illegal_reasons),
        cmocka_unit_test(test_notation_bad_text),
        cmocka_unit_test(test_notation_hostile_input),
        cmocka_unit_test(test_notation_algebraic_squares),
        cmocka_unit_test(test_notation_algebraic_whole_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
