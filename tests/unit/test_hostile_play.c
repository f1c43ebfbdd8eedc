/*
 * Hostile input for the validator, the notation and the writer: a
 * 20 000-ply game, move numbers and NAGs past 2^32, squares out of range,
 * FENs with 60 pieces, and every input the fuzzers found
 * (tests/fuzz/regressions/, replayed through the fuzz_check pipeline:
 * read strict and lenient, replay, write, read back, write again, the same
 * bytes). Each case must end with a defined outcome and a clear diagnostic;
 * under `make sanitize` or valgrind the memory tools see every step.
 */
#include "games_io.h"
#include "hostile_fixture.h"

/* ---- long games, big numbers, bad squares -------------------------------- */

/* Two kings shuffling for 20 000 plies: drawn early by rule, yet replayed. */
static void test_hostile_20000_ply_game(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    /* 50-45 and 1-6: the kings share diagonals but can never take each other. */
    buf_add(&b, "[FEN \"W:WK50:BK1\"]\n");
    for (int move = 1; move <= 10000; move++)
        buf_printf(&b, "%d. %s %s\n", move, move % 2 ? "50-45" : "45-50", move % 2 ? "1-6" : "6-1");
    buf_add(&b, "1-1\n");
    read_big(&o, &b, "20 000 plies", 1);
    assert_int_equal(o.plies, 20000);
    assert_int_equal(o.replay_errors, 0);
    expect_none(&o, PDN_DIAG_ILLEGAL_MOVE);
    assert_int_equal(o.seen.count[PDN_DIAG_DRAW_RULE], 1);
    buf_free(&b);
}

static void test_hostile_huge_move_number(void **state)
{
    static const char *const texts[] = {
        "99999999999999999999. 32-28 18-23 *",
        "4294967297. 32-28 18-23 *",
        "1. 32-28 99999999999999999999... 18-23 *",
    };
    (void)state;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct outcome o;
        read_lenient(&o, texts[i], strlen(texts[i]));
        assert_int_equal(o.games, 1);
        /* Never taken as the (wrapped) number 1: the reader or the replay objects. */
        if (o.seen.total == 0) print_message("  no finding for '%s'\n", texts[i]);
        assert_true(o.seen.total > 0);
        print_message("  '%s':\n", texts[i]);
        dc_print_counts(&o.seen);
    }
}

static void test_hostile_huge_nag(void **state)
{
    static const char *const texts[] = {
        "1. 32-28 $99999999999999999999 18-23 *",
        "1. 32-28 $65537 18-23 *",
    };
    (void)state;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct outcome o;
        read_lenient(&o, texts[i], strlen(texts[i]));
        assert_int_equal(o.games, 1);
        print_message("  '%s':\n", texts[i]);
        dc_print_counts(&o.seen);
        assert_true(o.seen.total > 0);
        assert_int_equal(o.plies, 2);
    }
}

struct bad_square {
    const char *move;
    uint32_t col; /* of the bad square */
};

/* The finding for a move with a bad square: a syntax error at the square,
 * or an illegal move at the move. */
static void expect_bad_square(const struct outcome *o, uint32_t col)
{
    if (o->seen.count[PDN_DIAG_SYNTAX])
        expect_at(o, PDN_DIAG_SYNTAX, 2, col);
    else
        expect_at(o, PDN_DIAG_ILLEGAL_MOVE, 2, 4);
}

/* Out-of-range squares are refused, never wrapped onto real squares:
 * 4294967297 is 2^32 + 1, and K1-7 is legal in the position. */
static void test_hostile_bad_squares_in_games(void **state)
{
    static const struct bad_square cases[] = {
        {"0-7", 4},          {"51-46", 4},
        {"99-94", 4},        {"4294967297-7", 4},
        {"6-4294967297", 6}, {"4294967297x7", 4},
        {"1-4294967303", 6}, {"18446744073709551617-7", 4},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct buf b = {0};
        buf_printf(&b, "[FEN \"W:WK1,K6:BK50\"]\n1. %s *\n", cases[i].move);
        for (int strict = 0; strict < 2; strict++) {
            struct outcome o;
            struct read_opts opt = {.strict = strict};
            read_with(&o, b.p, b.len, &opt);
            assert_int_equal(o.games, 1);
            assert_int_equal(o.plies, 0);
            expect_bad_square(&o, cases[i].col);
        }
        buf_free(&b);
    }
}

static void test_hostile_bad_squares_in_notation(void **state)
{
    static const char *const texts[] = {
        "0-7",
        "51-46",
        "99-94",
        "4294967297-7",
        "6-4294967297",
        "4294967297x7",
        "18446744073709551617-7",
        "1-7x4294967302",
        "00000000000000000001-7",
    };
    struct pdn_board b;
    struct pdn_movelist legal;
    (void)state;
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "W:WK1,K6:BK50", NULL),
                     PDN_OK);
    pdn_movegen(&legal, &b, 0);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        for (int strict = 0; strict < 2; strict++) {
            struct pdn_match m;
            assert_int_equal(pdn_move_match(&m, texts[i], &b, &legal, strict), PDN_OK);
            if (m.result == PDN_MATCH_OK)
                print_message("  '%s' matched move %d\n", texts[i], m.move);
            /* A long run of zeros before 1 may still be square 1. */
            if (i == 8) continue;
            assert_int_not_equal(m.result, PDN_MATCH_OK);
        }
    }
}

/* ---- FEN ---------------------------------------------------------------- */

static void test_hostile_fen_60_pieces(void **state)
{
    static const char *const fens[] = {
        "W:W1-30:B21-50", /* 60 pieces, 10 squares twice */
        "W:W1-30:B31-60", /* 60 pieces, 10 past square 50 */
        "W:W1-50,1-10:B", /* 60 entries, one side */
        "W:WK1-50:BK1-10",
    };
    static const enum pdn_fen_status want[] = {
        PDN_FEN_DUPLICATE,
        PDN_FEN_SQUARE_RANGE,
        PDN_FEN_DUPLICATE,
        PDN_FEN_DUPLICATE,
    };
    static const size_t offset[] = {9, 12, 8, 11};
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct pdn_board b;
        struct pdn_fen_error err;
        assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, fens[i], &err),
                         PDN_ESYNTAX);
        assert_int_equal(err.status, want[i]);
        assert_int_equal(err.offset, offset[i]);
        /* In a game: a finding at the tag, nothing replayed, the game kept. */
        struct buf g = {0};
        struct outcome o;
        buf_printf(&g, "[Event \"E\"]\n[FEN \"%s\"]\n1. 32-28 *\n", fens[i]);
        read_lenient(&o, g.p, g.len);
        assert_int_equal(o.games, 1);
        expect_at(&o, PDN_DIAG_BAD_FEN, 2, 0);
        assert_int_equal(o.plies, 0);
        buf_free(&g);
    }
}

/* A setup whose string does not end on its line keeps its FEN, not 'FEN "'. */
static void test_hostile_setup_unterminated(void **state)
{
    static const char text[] = "1. 32-28 /FEN \"W:W31:B1\n\"/ 18-23 *\n";
    pdn_reader *r;
    pdn_game *g;
    size_t len;
    (void)state;
    assert_int_equal(pdn_reader_open_memory(&r, text, sizeof text - 1, NULL), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    char *out = write_text(g, &len);
    assert_null(strstr(out, "FEN \"FEN"));
    assert_non_null(strstr(out, "/FEN \"W:W31:B1\"/"));
    free(out);
    pdn_game_free(g);
    pdn_reader_free(r);
}

/* ---- inputs the fuzzers found -------------------------------------------- */

/* One file per input, as libFuzzer saved it (see its README). */
#define REGRESSIONS "tests/fuzz/regressions"

/* fuzz_check's pipeline, strict and lenient: every game walked, replayed
 * (each ply checked against the board), written, read back as one game and
 * written again to the same bytes; the writer's text and the findings are
 * UTF-8. */
static void replay_regression(const char *data, size_t len, size_t i)
{
    (void)i;
    for (int strict = 0; strict < 2; strict++) {
        struct outcome o;
        struct read_opts opt = {.strict = strict};
        read_with(&o, data, len, &opt);
        assert_true(o.rc <= 0);
    }
}

static void test_hostile_fuzz_regressions(void **state)
{
    (void)state;
    /* Run from the project root, where the files are. */
    assert_true(each_file(REGRESSIONS, replay_regression) >= 17);
}

/* A game as pdnfmt writes it (pdn_format_game, with the replay's word),
 * with fix or without. */
static char *format_text(const pdn_game *g, bool fix, size_t *len)
{
    char *text = NULL;
    FILE *fp = open_memstream(&text, len);
    assert_non_null(fp);
    struct pdn_format_options fo = {.version = PDN_FORMAT_OPTIONS_VERSION, .fix = fix};
    assert_int_equal(pdn_format_game(fp, g, &fo), PDN_OK);
    assert_int_equal(fclose(fp), 0);
    return text;
}

/* pdnfmt's text of a game, read back, is written again to the same bytes:
 * canonical text stays as it is, with fix too (a move kept as a comment
 * once let the replay play on, on a second pass, past where it had
 * stopped). */
static void format_again(const pdn_game *g, void *ctx)
{
    (void)ctx;
    for (int fix = 0; fix < 2; fix++) {
        size_t len, len2;
        char *text = format_text(g, fix, &len);
        struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION,
                                        .filename = "formatted",
                                        .on_diag = on_diag_quiet};
        pdn_reader *r;
        pdn_game *back;
        assert_int_equal(pdn_reader_open_memory(&r, text, len, &ro), PDN_OK);
        assert_int_equal(pdn_reader_next(&back, r), 1);
        char *again = format_text(back, fix, &len2);
        bool same = len2 == len && memcmp(text, again, len) == 0;
        if (!same) print_difference(text, len, again, len2);
        assert_true(same);
        free(again);
        pdn_game_free(back);
        pdn_reader_free(r);
        free(text);
    }
}

static void format_regression(const char *data, size_t len, size_t i)
{
    (void)i;
    struct outcome o;
    struct read_opts opt = {.no_rewrite = true, .each = format_again};
    read_with(&o, data, len, &opt);
    assert_true(o.rc <= 0);
}

static void test_hostile_fuzz_regressions_formatted_again(void **state)
{
    (void)state;
    assert_true(each_file(REGRESSIONS, format_regression) >= 17);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hostile_20000_ply_game),
        cmocka_unit_test(test_hostile_huge_move_number),
        cmocka_unit_test(test_hostile_huge_nag),
        cmocka_unit_test(test_hostile_bad_squares_in_games),
        cmocka_unit_test(test_hostile_bad_squares_in_notation),
        cmocka_unit_test(test_hostile_fen_60_pieces),
        cmocka_unit_test(test_hostile_setup_unterminated),
        cmocka_unit_test(test_hostile_fuzz_regressions),
        cmocka_unit_test(test_hostile_fuzz_regressions_formatted_again),
    };
    return cmocka_run_group_tests_name("hostile_play", tests, NULL, NULL);
}
