/*
 * Move notation: every form a move text may take (PDN.md), every reason a
 * move is illegal, ambiguous captures, and the three capture notations of
 * pdn_move_to_text, each of which must read back to the same move (the
 * shortest form also be minimal), on every position of
 * tests/data/rules/legal_moves_international.tsv and on positions from
 * seeded random play.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pdn.h"
#include "rules_data.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pos {
    struct pdn_board board;
    struct pdn_movelist legal;
};

static void load_variant(struct pos *p, enum pdn_variant v, const char *fen)
{
    struct pdn_fen_error err;
    if (pdn_board_from_fen(&p->board, v, fen, &err) != 0)
        fail_msg("FEN '%s' rejected: %s", fen, pdn_fen_status_message(err.status));
    pdn_movegen(&p->legal, &p->board, 0);
}

static void load(struct pos *p, const char *fen)
{
    load_variant(p, PDN_VARIANT_INTERNATIONAL, fen);
}

static struct pdn_match match(const struct pos *p, const char *text)
{
    struct pdn_match m;
    assert_int_equal(pdn_move_match(&m, text, &p->board, &p->legal, false), PDN_OK);
    return m;
}

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
#define START "W:W31-50:B1-20"

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

#define START "W:W31-50:B1-20"

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
        cmocka_unit_test(test_notation_path_text),
        cmocka_unit_test(test_notation_square_text_by_variant),
        cmocka_unit_test(test_notation_move_text_by_variant),
        cmocka_unit_test(test_notation_shortest_text),
        cmocka_unit_test(test_notation_text_full_when_ambiguous),
        cmocka_unit_test(test_notation_text_full_path),
        cmocka_unit_test(test_notation_round_trip_rule_positions),
        cmocka_unit_test(test_notation_round_trip_random_positions),
        cmocka_unit_test(test_notation_algebraic_squares),
        cmocka_unit_test(test_notation_algebraic_whole_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
