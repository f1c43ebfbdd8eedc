/*
 * Unit tests for lib/fen.c: every accepted form reads, writes canonically and
 * reads back to the same board; every malformed form is refused with the
 * right status at the right byte; the FENs of the project's rules corpus read
 * to the expected material.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fen.h"
#include "pdn.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Reads fen (which must be good) into *out. */
static void read_ok(struct pdn_board *out, enum pdn_variant variant, const char *fen)
{
    struct pdn_fen_error err = {PDN_FEN_TRAILING, 99};
    int rc = pdn_board_from_fen(out, variant, fen, &err);
    if (rc != PDN_OK)
        print_error("FEN '%s': %s at offset %zu\n", fen, pdn_fen_status_message(err.status),
                    err.offset);
    assert_int_equal(rc, PDN_OK);
    assert_int_equal(err.status, PDN_FEN_OK);
}

/* Board a writes as text, which reads to the same board and writes back to
 * itself. */
static void check_board_round_trip(const struct pdn_board *a, enum pdn_variant variant,
                                   char text[PDN_FEN_MAX])
{
    struct pdn_board b;
    char again[PDN_FEN_MAX];
    size_t len = pdn_board_to_fen(text, a);
    assert_int_equal(len, strlen(text));
    read_ok(&b, variant, text);
    assert_true(pdn_board_equal(a, &b));
    pdn_board_to_fen(again, &b);
    assert_string_equal(again, text);
}

/* read -> write gives canonical, and round-trips. */
static void check_round_trip(enum pdn_variant variant, const char *fen, const char *canonical)
{
    struct pdn_board a;
    char text[PDN_FEN_MAX];
    read_ok(&a, variant, fen);
    check_board_round_trip(&a, variant, text);
    assert_string_equal(text, canonical);
}

static void test_fen_start_position(void **state)
{
    (void)state;
    struct pdn_board start, read;
    char text[PDN_FEN_MAX];
    pdn_board_init(&start, PDN_VARIANT_INTERNATIONAL);
    assert_int_equal(pdn_board_to_fen(text, &start), 14);
    assert_string_equal(text, "W:W31-50:B1-20");
    read_ok(&read, PDN_VARIANT_INTERNATIONAL, "W:W31-50:B1-20");
    assert_true(pdn_board_equal(&start, &read));
}

static void test_fen_accepted_forms_round_trip(void **state)
{
    (void)state;
    static const struct {
        const char *fen, *canonical;
    } cases[] = {
        {"W:W31-50:B1-20", "W:W31-50:B1-20"},
        {"B:B1-20:W31-50", "B:W31-50:B1-20"},
        {"?:W31-50:B1-20", "?:W31-50:B1-20"},
        {"W:W31-50:B1-20.", "W:W31-50:B1-20"},
        {" \t W:W31-50:B1-20 \r\n", "W:W31-50:B1-20"},
        {"W:W31-50:B1-20. ", "W:W31-50:B1-20"},
        {"W:WK31-K35:B1", "W:WK31-35:B1"},
        {"W:WK31-35:B1", "W:WK31-35:B1"},
        {"W:WK31-31", "W:WK31:B"},
        {"B:W50:B", "B:W50:B"},
        {"W:W:B", "W:W:B"},
        {"W:B", "W:W:B"},
        {"W:W28", "W:W28:B"},
        {"W:W05,06,7:B01,002", "W:W5-7:B1,2"},
        {"W:W33,31,32", "W:W31-33:B"},
        {"W:W31,32,33,K34,K35,K36,37", "W:W31-33,K34-36,37:B"},
        {"W:WK31,K32:B1,2,K3", "W:WK31,K32:B1,2,K3"},
        {"W:W31,32:B33,34,35", "W:W31,32:B33-35"},
        {"W:W1-50:B", "W:W1-50:B"},
        {"W:WK38:B18,19,32,33:H0:F1", "W:WK38:B18,19,32,33"},
        {"B:W10:B20:F12:H3.", "B:W10:B20"},
        {"W:W10:B20:H0", "W:W10:B20"},
        {"w:wk31,32:b1", "W:WK31,32:B1"},
        {"W:B:W5", "W:W5:B"}, /* an empty black list, not the legacy prefix */
    };
    for (size_t k = 0; k < ARRAY_LEN(cases); k++)
        check_round_trip(PDN_VARIANT_INTERNATIONAL, cases[k].fen, cases[k].canonical);
}

static void test_fen_unknown_side(void **state)
{
    (void)state;
    struct pdn_board b;
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "?:W31:B1");
    assert_int_equal(b.side_known, 0);
    assert_int_equal(b.side, PDN_COLOR_WHITE);
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "B:W31:B1");
    assert_int_equal(b.side_known, 1);
    assert_int_equal(b.side, PDN_COLOR_BLACK);
}

/* fen_start: the side and ":F" number the writers number moves from, read
 * by fen.c's rules (either case, blanks before, the number a whole field
 * of 1..99999). */
static void test_fen_start_side_and_number(void **state)
{
    (void)state;
    struct fen_start st = fen_start("\v b:W31:B1:H0:f12");
    assert_true(st.known && st.black);
    assert_int_equal(st.number, 12);
    st = fen_start("W:W31:B1:F99999.");
    assert_true(st.known && !st.black);
    assert_int_equal(st.number, 99999);
    st = fen_start("?:W31:B1:F100000");
    assert_false(st.known || st.black);
    assert_int_equal(st.number, 0);
    assert_int_equal(fen_start("B:W31:F0").number, 0);
    assert_int_equal(fen_start("B:W31:F7x").number, 0);  /* no field of digits */
    assert_int_equal(fen_start("B:W31:F:F7").number, 0); /* the first F field counts */
}

/* py-draughts writes "W:<side>:W...:B...": the second letter is the side. */
static void test_fen_legacy_doubled_side(void **state)
{
    (void)state;
    struct pdn_board b;
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "W:B:WK2,28,31,44:B20,K50");
    assert_int_equal(b.side, PDN_COLOR_BLACK);
    assert_int_equal(b.side_known, 1);
    check_round_trip(PDN_VARIANT_INTERNATIONAL, "W:B:WK2,28,31,44:B20,K50",
                     "B:WK2,28,31,44:B20,K50");
    check_round_trip(PDN_VARIANT_INTERNATIONAL, "W:W:W31,32:B1,2", "W:W31,32:B1,2");
    check_round_trip(PDN_VARIANT_INTERNATIONAL, "B:W:W31,32:B1,2", "W:W31,32:B1,2");
    check_round_trip(PDN_VARIANT_INTERNATIONAL, "W:B:B1,2:W31", "B:W31:B1,2");
    check_round_trip(PDN_VARIANT_INTERNATIONAL, "W:?:W31:B1", "?:W31:B1");
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "B:?:W31:B1");
    assert_int_equal(b.side, PDN_COLOR_WHITE); /* '?' leaves White, as documented */
    assert_int_equal(b.side_known, 0);
}

static void test_fen_lower_case(void **state)
{
    (void)state;
    struct pdn_board lower, upper;
    read_ok(&lower, PDN_VARIANT_INTERNATIONAL, "b:wk31-k33,40:b1-5:h0:f7");
    read_ok(&upper, PDN_VARIANT_INTERNATIONAL, "B:WK31-33,40:B1-5");
    assert_true(pdn_board_equal(&lower, &upper));
}

static void test_fen_king_range_end_needs_king(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_fen_error err;
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "b:b1-k3", &err),
                     PDN_ESYNTAX);
    assert_int_equal(err.status, PDN_FEN_BAD_SQUARE);
    assert_int_equal(err.offset, 5);
}

static void test_fen_rejects_malformed(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        enum pdn_fen_status status;
        size_t offset;
    } cases[] = {
        {"", PDN_FEN_EMPTY, 0},
        {"  \t", PDN_FEN_EMPTY, 3},
        {"X:W1", PDN_FEN_BAD_SIDE, 0},
        {"1:W1", PDN_FEN_BAD_SIDE, 0},
        {"W:X1", PDN_FEN_BAD_COLOR, 2},
        {"W::B", PDN_FEN_BAD_COLOR, 2},
        {"W:W1:", PDN_FEN_BAD_COLOR, 5},
        {"W:?", PDN_FEN_BAD_COLOR, 2},
        {"WW1", PDN_FEN_EXPECTED_COLON, 1},
        {"W", PDN_FEN_EXPECTED_COLON, 1},
        {"W.", PDN_FEN_EXPECTED_COLON, 1},
        {"W:W1B2", PDN_FEN_EXPECTED_COLON, 4},
        {"W:W1:B2W3", PDN_FEN_EXPECTED_COLON, 7},
        {"W:W,", PDN_FEN_BAD_SQUARE, 3},
        {"W:W1,", PDN_FEN_BAD_SQUARE, 5},
        {"W:W1,,2", PDN_FEN_BAD_SQUARE, 5},
        {"W:W1-", PDN_FEN_BAD_SQUARE, 5},
        {"W:W1--3", PDN_FEN_BAD_SQUARE, 5},
        {"W:W1-K3", PDN_FEN_BAD_SQUARE, 5},
        {"W:WK", PDN_FEN_BAD_SQUARE, 4},
        {"W:WKK1", PDN_FEN_BAD_SQUARE, 4},
        {"W:W0", PDN_FEN_SQUARE_RANGE, 3},
        {"W:W00", PDN_FEN_SQUARE_RANGE, 3},
        {"W:W51", PDN_FEN_SQUARE_RANGE, 3},
        {"W:W1,K51", PDN_FEN_SQUARE_RANGE, 6},
        {"W:W45-51", PDN_FEN_SQUARE_RANGE, 6},
        {"W:W4294967297", PDN_FEN_SQUARE_RANGE, 3},
        {"W:W1-4294967297", PDN_FEN_SQUARE_RANGE, 5},
        {"W:W99999999999999999999999", PDN_FEN_SQUARE_RANGE, 3},
        {"W:W10-5", PDN_FEN_BAD_RANGE, 6},
        {"W:WK10-K5", PDN_FEN_BAD_RANGE, 8},
        {"W:W1,1", PDN_FEN_DUPLICATE, 5},
        {"W:W1:B1", PDN_FEN_DUPLICATE, 6},
        {"W:W1-5:B3", PDN_FEN_DUPLICATE, 8},
        {"W:W3:B1-5", PDN_FEN_DUPLICATE, 6},
        {"W:WK7:B07", PDN_FEN_DUPLICATE, 7},
        {"W:W1:W2", PDN_FEN_DUPLICATE_LIST, 5},
        {"W:W1:B2:B3", PDN_FEN_DUPLICATE_LIST, 8},
        {"W:B:W1:B2:B3", PDN_FEN_DUPLICATE_LIST, 10},
        {"W:W1:H", PDN_FEN_BAD_SUFFIX, 6},
        {"W:W1:Hx", PDN_FEN_BAD_SUFFIX, 6},
        {"W:W1:H1x", PDN_FEN_BAD_SUFFIX, 7},
        {"W:W1:F-1", PDN_FEN_BAD_SUFFIX, 6},
        {"W:W1:H1:H2", PDN_FEN_BAD_SUFFIX, 8},
        {"W:W31-50:B1-20 x", PDN_FEN_TRAILING, 15},
        {"W:W31-50:B1-20..", PDN_FEN_TRAILING, 15},
        {"W:W31-50:B1-20.x", PDN_FEN_TRAILING, 15},
        {"W:W1;2", PDN_FEN_TRAILING, 4},
        {"W:W1-5-9", PDN_FEN_TRAILING, 6},
        {"W:W 31", PDN_FEN_TRAILING, 4},
    };
    for (size_t k = 0; k < ARRAY_LEN(cases); k++) {
        struct pdn_board b, cleared;
        struct pdn_fen_error err = {PDN_FEN_OK, 12345};
        memset(&b, 0xA5, sizeof b);
        int rc = pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, cases[k].fen, &err);
        if (rc != PDN_ESYNTAX || err.status != cases[k].status || err.offset != cases[k].offset)
            print_error("FEN '%s': rc %d, %s at %zu; expected %s at %zu\n", cases[k].fen, rc,
                        pdn_fen_status_message(err.status), err.offset,
                        pdn_fen_status_message(cases[k].status), cases[k].offset);
        assert_int_equal(rc, PDN_ESYNTAX);
        assert_int_equal(err.status, cases[k].status);
        assert_int_equal(err.offset, cases[k].offset);
        pdn_board_clear(&cleared, PDN_VARIANT_INTERNATIONAL); /* never half-filled */
        assert_true(pdn_board_equal(&b, &cleared));
    }
}

/*
 * From rhalbersma/dctl, pydraughts (AttackingOrDefending and miskibin),
 * lidraughts and Ed Gilbert's tests via the project's corpus:
 * corpus/rules/legal_moves_international.tsv and corpus/rules/perft.tsv.
 */
static const struct {
    const char *fen;
    enum pdn_variant variant;
    enum pdn_color side;
    int white_men, white_kings, black_men, black_kings;
} corpus[] = {
    /* legal_moves_international.tsv */
    {"W:W28", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 0, 0},
    {"B:B13", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_BLACK, 0, 0, 1, 0},
    {"W:W8", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 0, 0},
    {"W:WK28", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 0, 0},
    {"B:BK1", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_BLACK, 0, 0, 0, 1},
    {"W:W28,32:B23", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 2, 0, 1, 0},
    {"W:WK46:B23", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 1, 0},
    {"W:W15:B8,19,20", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 3, 0},
    {"W:WK47:B9,12,33", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 3, 0},
    {"W:WK41,49:B9,10,12,19,38", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 1, 5, 0},
    {"W:W48:B24,K31,34,K42,43", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 3, 2},
    {"W:WK23", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 0, 0},
    {"W:W35:B30,K40", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 1, 1},
    {"W:WK41:B23", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 1, 0},
    {"W:W47:B13,14,22,24,31,34,K41,44", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 7, 1},
    {"W:WK1:B7,9,17,19,20,30,31,33,43,44", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 10, 0},
    {"B:W27,28,38,39,42:BK25", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_BLACK, 5, 0, 0, 1},
    {"W:WK48:B7,8,31,34,K42,44", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 5, 1},
    {"W:W26:B12,K21,31,32", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 3, 1},
    {"W:W15:B9,10", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 1, 0, 2, 0},
    {"W:WK23:B28,17,10,20,29,39,40,38,31,8,9", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 11,
     0},
    {"W:WK38:B18,19,32,33", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 4, 0},
    {"W:WK47:B14,19,29,31,42", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 5, 0},
    {"W:WK38:B18,19,32,33:H0:F1", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 4, 0},
    {"W:B:WK2,28,31,44:B20,K50", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_BLACK, 3, 1, 1, 1},
    {"W:B:W7,28,31,33:B20,30,K50", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_BLACK, 4, 0, 2, 1},
    {"W:B:W6,24,28,38,41:B13,K49", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_BLACK, 5, 0, 1, 1},
    {"W:WK4:B13,32,37,20", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 1, 4, 0},
    /* perft.tsv (and perft.md: Gilbert's spelling of AllKings) */
    {"W:W31-50:B1-20", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 20, 0, 20, 0},
    {"B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", PDN_VARIANT_INTERNATIONAL,
     PDN_COLOR_BLACK, 16, 1, 0, 2},
    {"W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", PDN_VARIANT_INTERNATIONAL,
     PDN_COLOR_WHITE, 10, 0, 10, 0},
    {"W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:"
     "BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
     PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 20, 0, 20},
    {"W:WK31-50:BK1-20", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 0, 20, 0, 20},
    {"W:W6,7,8,9,10:B41,42,43,44,45", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 5, 0, 5, 0},
    {"W:B16,17,18,19,20:W31,32,33,34,35", PDN_VARIANT_INTERNATIONAL, PDN_COLOR_WHITE, 5, 0, 5, 0},
    {"W:W21-32:B1-12", PDN_VARIANT_BRAZILIAN, PDN_COLOR_WHITE, 12, 0, 12, 0},
    {"B:W21-32:B1-12", PDN_VARIANT_BRAZILIAN, PDN_COLOR_BLACK, 12, 0, 12, 0},
    {"W:W25-32:B1-8", PDN_VARIANT_BRAZILIAN, PDN_COLOR_WHITE, 8, 0, 8, 0},
};

static void test_fen_corpus_positions(void **state)
{
    (void)state;
    for (size_t k = 0; k < ARRAY_LEN(corpus); k++) {
        struct pdn_board b, again;
        char text[PDN_FEN_MAX];
        read_ok(&b, corpus[k].variant, corpus[k].fen);
        assert_int_equal(b.side, corpus[k].side);
        assert_int_equal(b.side_known, 1);
        assert_int_equal(pdn_board_count(&b, PDN_PIECE_WHITE_MAN), corpus[k].white_men);
        assert_int_equal(pdn_board_count(&b, PDN_PIECE_WHITE_KING), corpus[k].white_kings);
        assert_int_equal(pdn_board_count(&b, PDN_PIECE_BLACK_MAN), corpus[k].black_men);
        assert_int_equal(pdn_board_count(&b, PDN_PIECE_BLACK_KING), corpus[k].black_kings);
        pdn_board_to_fen(text, &b);
        read_ok(&again, corpus[k].variant, text);
        assert_true(pdn_board_equal(&b, &again));
    }
}

static void test_fen_corpus_squares(void **state)
{
    (void)state;
    struct pdn_board b;
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "W:W48:B24,K31,34,K42,43");
    assert_int_equal(pdn_board_get(&b, 48), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_get(&b, 24), PDN_PIECE_BLACK_MAN);
    assert_int_equal(pdn_board_get(&b, 31), PDN_PIECE_BLACK_KING);
    assert_int_equal(pdn_board_get(&b, 42), PDN_PIECE_BLACK_KING);
    assert_int_equal(pdn_board_get(&b, 43), PDN_PIECE_BLACK_MAN);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_EMPTY), 44);
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "W:B:WK2,28,31,44:B20,K50");
    assert_int_equal(pdn_board_get(&b, 2), PDN_PIECE_WHITE_KING);
    assert_int_equal(pdn_board_get(&b, 50), PDN_PIECE_BLACK_KING);
    assert_int_equal(pdn_board_get(&b, 20), PDN_PIECE_BLACK_MAN);
}

static void test_fen_brazilian_squares(void **state)
{
    (void)state;
    struct pdn_board b, start;
    struct pdn_fen_error err;
    check_round_trip(PDN_VARIANT_BRAZILIAN, "W:W21-32:B1-12", "W:W21-32:B1-12");
    read_ok(&b, PDN_VARIANT_BRAZILIAN, "W:W21-32:B1-12");
    pdn_board_init(&start, PDN_VARIANT_BRAZILIAN);
    assert_true(pdn_board_equal(&b, &start));
    check_round_trip(PDN_VARIANT_BRAZILIAN, "B:WK32:B1", "B:WK32:B1");
    check_round_trip(PDN_VARIANT_BRAZILIAN, "W:W1-32", "W:W1-32:B");
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_BRAZILIAN, "W:W33", &err), PDN_ESYNTAX);
    assert_int_equal(err.status, PDN_FEN_SQUARE_RANGE);
    assert_int_equal(err.offset, 3);
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_BRAZILIAN, "W:W30-33", &err), PDN_ESYNTAX);
    assert_int_equal(err.status, PDN_FEN_SQUARE_RANGE);
    assert_int_equal(err.offset, 6);
    /* 33 is fine on 10x10 */
    read_ok(&b, PDN_VARIANT_INTERNATIONAL, "W:W33");
}

static void test_fen_writes_shortest_runs(void **state)
{
    (void)state;
    struct pdn_board b;
    char text[PDN_FEN_MAX];
    pdn_board_clear(&b, PDN_VARIANT_INTERNATIONAL);
    assert_int_equal(pdn_board_to_fen(text, &b), 5);
    assert_string_equal(text, "W:W:B");
    pdn_board_set(&b, 1, PDN_PIECE_WHITE_KING);
    pdn_board_set(&b, 2, PDN_PIECE_WHITE_KING);
    pdn_board_set(&b, 3, PDN_PIECE_WHITE_KING);
    pdn_board_set(&b, 4, PDN_PIECE_WHITE_MAN);
    pdn_board_set(&b, 5, PDN_PIECE_WHITE_MAN);
    pdn_board_set(&b, 6, PDN_PIECE_BLACK_MAN);
    pdn_board_set(&b, 7, PDN_PIECE_WHITE_MAN);
    pdn_board_set(&b, 8, PDN_PIECE_WHITE_MAN);
    pdn_board_set(&b, 9, PDN_PIECE_WHITE_MAN);
    pdn_board_set(&b, 50, PDN_PIECE_BLACK_KING);
    b.side = PDN_COLOR_BLACK;
    pdn_board_to_fen(text, &b);
    assert_string_equal(text, "B:WK1-3,4,5,7-9:B6,K50");
    b.side_known = 0;
    pdn_board_to_fen(text, &b);
    assert_string_equal(text, "?:WK1-3,4,5,7-9:B6,K50");
}

/* The longest text: no run of three anywhere, two-digit kings. */
static void test_fen_longest_fits(void **state)
{
    (void)state;
    static const enum pdn_piece cycle[] = {PDN_PIECE_WHITE_KING, PDN_PIECE_BLACK_KING,
                                           PDN_PIECE_WHITE_MAN, PDN_PIECE_BLACK_MAN};
    struct pdn_board b, again;
    char text[PDN_FEN_MAX];
    pdn_board_clear(&b, PDN_VARIANT_INTERNATIONAL);
    for (int sq = 1; sq <= 50; sq++)
        pdn_board_set(&b, sq, cycle[(sq / 2) % 4]);
    size_t len = pdn_board_to_fen(text, &b);
    assert_true(len < PDN_FEN_MAX);
    assert_int_equal(len, strlen(text));
    read_ok(&again, PDN_VARIANT_INTERNATIONAL, text);
    assert_true(pdn_board_equal(&b, &again));
}

/* Property: random boards write, read back identical, and write the same. */
static void test_fen_random_boards_round_trip(void **state)
{
    (void)state;
    uint32_t seed = 12345;
    for (int round = 0; round < 2000; round++) {
        enum pdn_variant variant =
            round % 3 == 0 ? PDN_VARIANT_BRAZILIAN : PDN_VARIANT_INTERNATIONAL;
        struct pdn_board b;
        char text[PDN_FEN_MAX];
        pdn_board_clear(&b, variant);
        for (int sq = 1; sq <= pdn_board_squares(&b); sq++) {
            seed = seed * 1103515245u + 12345u;
            pdn_board_set(&b, sq, (enum pdn_piece)((seed >> 16) % 7 % 5));
        }
        b.side = (uint8_t)(round & 1);
        b.side_known = (uint8_t)(round % 5 != 0);
        if (!b.side_known) b.side = PDN_COLOR_WHITE;
        check_board_round_trip(&b, variant, text);
    }
}

/* The FEN of b as a walk of its squares writes it, asking the board for
 * each (pdn_board_get): runs of three squares or more that follow each
 * other holding the same piece as ranges. */
static void fen_by_squares(char *out, const struct pdn_board *b)
{
    int n = pdn_board_squares(b);
    char *p = out;
    *p++ = !b->side_known ? '?' : b->side == PDN_COLOR_BLACK ? 'B' : 'W';
    for (int color = PDN_COLOR_WHITE; color <= PDN_COLOR_BLACK; color++) {
        enum pdn_piece man = color == PDN_COLOR_WHITE ? PDN_PIECE_WHITE_MAN : PDN_PIECE_BLACK_MAN;
        enum pdn_piece king =
            color == PDN_COLOR_WHITE ? PDN_PIECE_WHITE_KING : PDN_PIECE_BLACK_KING;
        p += sprintf(p, ":%c", color == PDN_COLOR_WHITE ? 'W' : 'B');
        const char *comma = "";
        for (int sq = 1; sq <= n;) {
            enum pdn_piece piece = pdn_board_get(b, sq);
            if (piece != man && piece != king) {
                sq++;
                continue;
            }
            int last = sq;
            while (last < n && pdn_board_get(b, last + 1) == piece)
                last++;
            const char *k = piece == king ? "K" : "";
            if (last - sq >= 2)
                p += sprintf(p, "%s%s%d-%d", comma, k, sq, last);
            else
                for (int s = sq; s <= last; s++, comma = ",")
                    p += sprintf(p, "%s%s%d", comma, k, s);
            comma = ",";
            sq = last + 1;
        }
    }
}

/* pdn_board_to_fen reads the board's bits in the squares' order, on every
 * variant's board (the Italian one mirrored): it writes what a walk of the
 * squares writes, on random bits too, where ghost bits between the rows,
 * bits past the board and squares holding both colours leave it the
 * pieces pdn_board_get sees. */
static void test_fen_writes_what_the_squares_hold(void **state)
{
    (void)state;
    uint64_t seed = 88172645463325252u;
    int runs = 0;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++)
        for (int round = 0; round < 3000; round++) {
            struct pdn_board b;
            pdn_board_clear(&b, (enum pdn_variant)v);
            uint64_t bits[3];
            for (int i = 0; i < 3; i++) { /* xorshift64 */
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                bits[i] = seed;
            }
            /* sparse or dense: runs of men and kings, and single pieces */
            uint64_t dense = round % 2 ? ~(uint64_t)0 : bits[2] >> 3;
            b.pieces[PDN_COLOR_WHITE] = bits[0] & dense;
            b.pieces[PDN_COLOR_BLACK] = round % 3 ? ~bits[0] & bits[1] : bits[1]; /* overlapping */
            b.kings = round % 4 ? bits[2] & bits[1] : bits[2];
            b.side = (uint8_t)(round & 1);
            b.side_known = (uint8_t)(round % 5 != 0);
            char text[PDN_FEN_MAX], expected[1024];
            size_t len = pdn_board_to_fen(text, &b);
            fen_by_squares(expected, &b);
            assert_string_equal(text, expected);
            assert_int_equal(len, strlen(expected));
            runs += strchr(text, '-') != NULL;
        }
    assert_true(runs > 1000); /* ranges were written, not only single squares */
}

static void test_fen_bad_arguments(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_fen_error err;
    char text[PDN_FEN_MAX];
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, NULL, &err), PDN_EINVAL);
    assert_int_equal(pdn_board_from_fen(NULL, PDN_VARIANT_INTERNATIONAL, "W:W1", &err), PDN_EINVAL);
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_COUNT, "W:W1", &err), PDN_EINVAL);
    /* err is optional */
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "W:W1", NULL), PDN_OK);
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "W:W0", NULL), PDN_ESYNTAX);
    assert_int_equal(pdn_board_to_fen(text, NULL), 0);
    assert_string_equal(text, "");
}

static void test_fen_strerror_names_every_status(void **state)
{
    (void)state;
    for (int s = 0; s < PDN_FEN_STATUS_COUNT; s++) {
        const char *msg = pdn_fen_status_message((enum pdn_fen_status)s);
        assert_non_null(msg);
        assert_true(strlen(msg) > 0);
        for (int t = 0; t < s; t++)
            assert_string_not_equal(msg, pdn_fen_status_message((enum pdn_fen_status)t));
    }
    assert_non_null(pdn_fen_status_message(PDN_FEN_STATUS_COUNT));
    assert_non_null(pdn_fen_status_message((enum pdn_fen_status) - 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fen_start_position),
        cmocka_unit_test(test_fen_accepted_forms_round_trip),
        cmocka_unit_test(test_fen_unknown_side),
        cmocka_unit_test(test_fen_start_side_and_number),
        cmocka_unit_test(test_fen_legacy_doubled_side),
        cmocka_unit_test(test_fen_lower_case),
        cmocka_unit_test(test_fen_king_range_end_needs_king),
        cmocka_unit_test(test_fen_rejects_malformed),
        cmocka_unit_test(test_fen_corpus_positions),
        cmocka_unit_test(test_fen_corpus_squares),
        cmocka_unit_test(test_fen_brazilian_squares),
        cmocka_unit_test(test_fen_writes_shortest_runs),
        cmocka_unit_test(test_fen_longest_fits),
        cmocka_unit_test(test_fen_random_boards_round_trip),
        cmocka_unit_test(test_fen_writes_what_the_squares_hold),
        cmocka_unit_test(test_fen_bad_arguments),
        cmocka_unit_test(test_fen_strerror_names_every_status),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
