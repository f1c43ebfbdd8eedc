/*
 * Unit tests for lib/replay.c, the validator's moves: every illegal-move
 * reason, ambiguity lookahead, variations at depth, setups and FEN starts
 * as the move numbers see them, move numbers, squares named as the
 * variant writes them, move forms in strict mode, unknown moves, and the
 * ambiguous captures replay_game_noting tells its on_ply of. Games are
 * built by replay_fixture.h; every finding is checked for code, place and
 * move number. The tags, results and draw rules are test_replay_game.c's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "corpus_files.h"
#include "replay_fixture.h"
#include "replay_plies.h"

static void test_replay_clean_game(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 4. 37x28", "*", NULL);
    fx_expect_clean(f);
    assert_int_equal(f->sum.plies, 7);
    assert_true(f->sum.complete);
    assert_int_equal(f->sum.errors + f->sum.warnings + f->sum.notes, 0);
    assert_int_equal(pdn_board_get(&f->sum.final, 28), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_get(&f->sum.final, 37), PDN_PIECE_EMPTY);
    assert_int_equal(pdn_board_count(&f->sum.final, PDN_PIECE_WHITE_MAN), 18);
    assert_int_equal(pdn_board_count(&f->sum.final, PDN_PIECE_BLACK_MAN), 18);
    assert_int_equal(f->sum.final.side, PDN_COLOR_BLACK);
    assert_int_equal(f->nplies, 7);
    assert_int_equal(f->plies[6].depth, 0);
    fx_free(f);
}

/* The squares a node keeps (plain_from, plain_to, plain_sep) are the
 * reader's: in a game made by hand the replay reads the text, whatever they
 * hold; in the reader's game they are the text's. */
static void test_replay_plain_squares_of_the_reader_only(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 19-23", "*", NULL);
    struct pdn_node *first = (struct pdn_node *)&f->game.main.moves[0];
    first->plain_from = 33, first->plain_to = 29, first->plain_sep = '-';
    fx_expect_clean(f);
    assert_int_equal(pdn_board_get(&f->sum.final, 28), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_get(&f->sum.final, 29), PDN_PIECE_EMPTY);
    fx_free(f);

    static const char text[] = "1. 32-28 19-23 2. 28x19 14x23 *\n";
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), 0);
    pdn_game *g;
    assert_int_equal(pdn_reader_next(&g, r), 1);
    const struct pdn_node *n = g->main.moves;
    assert_int_equal(n[0].plain_from, 32);
    assert_int_equal(n[0].plain_to, 28);
    assert_int_equal(n[0].plain_sep, '-');
    assert_int_equal(n[2].plain_from, 28);
    assert_int_equal(n[2].plain_to, 19);
    assert_int_equal(n[2].plain_sep, 'x');
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, NULL), 0);
    assert_true(sum.complete);
    assert_int_equal(sum.plies, 4);
    assert_int_equal(pdn_board_get(&sum.final, 23), PDN_PIECE_BLACK_MAN);
    pdn_game_free(g);
    pdn_reader_free(r);
}

static void test_replay_illegal_empty_square(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 18-23 2. 27-22 12-18", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_ILLEGAL_MOVE, 19, "2.");
    assert_string_equal(d->message, "illegal move '27-22': square 27 is empty");
    assert_int_equal(f->sum.plies, 2);
    assert_false(f->sum.complete);
    assert_int_equal(f->sum.errors, 1);
    assert_int_equal(pdn_board_get(&f->sum.final, 23), PDN_PIECE_BLACK_MAN);
    fx_free(f);
}

/* Why a move is illegal, each as the replay says it (column and label of
 * the move, the detail). */
static void test_replay_illegal_details(void **state)
{
    (void)state;
    static const struct {
        const char *moves, *fen; /* fen NULL: the start position */
        uint32_t col;
        const char *label, *detail;
    } cases[] = {
        {"1. 18-23", NULL, 4, "1.", "square 18 holds a black piece and white is to move"},
        {"1. 32-28 19-23 2. 33-29", NULL, 19, "2.", "a capture is compulsory: 28x19"},
        {"1. 48x37", "W:W48:B42,31,21", 4, "1.",
         "not the maximum capture: 3 pieces can be taken, this takes 1"},
        {"1. 28-33", "W:W28:B1", 4, "1.", "a man cannot move backwards"},
        {"1. 36-31", NULL, 4, "1.", "square 31 is occupied"},
        {"1. 28x17", "W:W28:B23", 4, "1.", "no such capture"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *fen = cases[i].fen;
        struct fx *f = fx_game(cases[i].moves, "*", fen ? "FEN" : NULL, fen, NULL);
        const struct diag_record *d =
            fx_expect_one(f, false, PDN_DIAG_ILLEGAL_MOVE, cases[i].col, cases[i].label);
        assert_string_equal(d->detail, cases[i].detail);
        fx_free(f);
    }
    /* The message names the move and says why. */
    struct fx *f = fx_game("1. 32-28 19-23 2. 33-29", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_ILLEGAL_MOVE, 19, "2.");
    assert_string_equal(d->message, "illegal move '33-29': a capture is compulsory: 28x19");
    fx_free(f);
}

/* The finding of code among those of the last replay, NULL when none. */
static const struct diag_record *found(const struct fx *f, enum pdn_diag_code code)
{
    for (int i = 0; i < f->dc.nkept; i++)
        if (f->dc.kept[i].code == code) return &f->dc.kept[i];
    return NULL;
}

/* A variation written before the move it replaces, as broadcasts write
 * Black's alternative right after White's move: its first move is illegal
 * where it stands, and when it is legal in place of the next move (which
 * is legal there), numbered as that move, as the move it stands in place
 * of (as pdnfmt writes the first) or not at all, the replay says so at its
 * '(' under the next move's number, beside the illegal move. */
static void test_replay_variation_before_the_move_it_replaces(void **state)
{
    (void)state;
    static const char *const meant[] = {
        "1. 32-28 (19-23) 18-23 2. 37-32",
        "1. 32-28 (1... 19-23 2. 37-32) 18-23 2. 37-32",
        "1. 32-28 (1. 19-23) 18-23 2. 37-32",
    };
    static const char *const texts[] = {"19-23", "1... 19-23", "1. 19-23"};
    for (size_t i = 0; i < sizeof meant / sizeof meant[0]; i++) {
        struct fx *f = fx_game(meant[i], "*", NULL);
        assert_int_equal(fx_replay(f, false), PDN_OK);
        dc_print(&f->dc);
        const struct diag_record *d = found(f, PDN_DIAG_MISPLACED_VARIATION);
        assert_non_null(d);
        dc_expect_at(d, 1, 10);
        assert_string_equal(d->move_number, "1...");
        assert_string_equal(d->text, texts[i]);
        assert_string_equal(d->detail, "illegal in place of 1. 32-28, legal in place of the next "
                                       "move, 1... 18-23: pdnfmt --fix moves it after that move");
        assert_non_null(found(f, PDN_DIAG_ILLEGAL_MOVE));
        /* "1..." is the number of the move it replaces, which the finding
         * names, "1." the place's: no wrong-number warning says the number
         * is the fault. */
        assert_null(found(f, PDN_DIAG_MOVE_NUMBER));
        assert_int_equal(f->sum.warnings, 1);
        fx_free(f);
    }
    /* Another reading is left: numbered as another move, illegal in place
     * of the next move too (square 10 held), legal where it stands, no
     * next move, the next move illegal, or the move before it illegal. */
    static const char *const doubtful[] = {
        "1. 32-28 (2. 19-23) 18-23",
        "1. 32-28 (2... 19-23) 18-23",
        "1. 32-28 (5-10) 18-23",
        "1. 32-28 (33-29) 18-23",
        "1. 32-28 (19-23)",
        "1. 32-28 (19-23) 5-10",
        "1. 32-28 19-23 2. 21-27 (14-19) 28x19",
    };
    for (size_t i = 0; i < sizeof doubtful / sizeof doubtful[0]; i++) {
        struct fx *f = fx_game(doubtful[i], "*", NULL);
        assert_int_equal(fx_replay(f, false), PDN_OK);
        dc_print(&f->dc);
        assert_null(found(f, PDN_DIAG_MISPLACED_VARIATION));
        /* A number no move here has is still wrong, and said so. */
        if (i <= 1) assert_non_null(found(f, PDN_DIAG_MOVE_NUMBER));
        fx_free(f);
    }
}

static void test_replay_illegal_move_then_next_game_line(void **state)
{
    (void)state;
    /* The main line stops at 1... 22-27; the variation of that move replays. */
    struct fx *f = fx_game("1. 32-28 22-27 ( 1... 19-23 2. 28x19 14x23 ) 2. 31-27", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_ILLEGAL_MOVE, 10, "1...");
    assert_string_equal(d->text, "22-27");
    assert_int_equal(f->nplies, 4); /* 32-28 and the three variation plies */
    assert_int_equal(f->plies[1].depth, 1);
    assert_int_equal(f->sum.plies, 1);
    fx_free(f);
}

static void test_replay_ambiguity_resolved_by_lookahead(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 1x3 30-34", "*", FX_FEN("W:WK1:B7,9,19,30"), NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_AMBIGUITY_RESOLVED, 4, "1.");
    assert_string_equal(d->message, "ambiguous capture resolved '1x3': read as 1x23x14x3, the only "
                                    "reading the rest of the line allows");
    assert_int_equal(f->sum.plies, 2);
    assert_int_equal(pdn_board_get(&f->sum.final, 19), PDN_PIECE_EMPTY);
    fx_free(f);

    f = fx_game("1. 1x3 19-23", "*", FX_FEN("W:WK1:B7,9,19,30"), NULL);
    d = fx_expect_one(f, false, PDN_DIAG_AMBIGUITY_RESOLVED, 4, "1.");
    assert_string_equal(d->detail,
                        "read as 1x34x25x3, the only reading the rest of the line allows");
    assert_int_equal(pdn_board_get(&f->sum.final, 30), PDN_PIECE_EMPTY);
    fx_free(f);
}

static void test_replay_ambiguity_unresolved(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 1x3", "*", FX_FEN("W:WK1:B7,9,19,30"), NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_AMBIGUOUS_MOVE, 4, "1.");
    assert_string_equal(d->message, "ambiguous capture '1x3': matches 1x23x14x3, 1x34x25x3");
    assert_false(f->sum.complete);
    fx_free(f);
    /* Both readings fail later: still ambiguous, every candidate listed. */
    f = fx_game("1. 1x3 7-12", "*", FX_FEN("W:WK1:B7,9,19,30"), NULL);
    fx_expect_one(f, false, PDN_DIAG_AMBIGUOUS_MOVE, 4, "1.");
    fx_free(f);
}

static void test_replay_variations_at_depth(void **state)
{
    (void)state;
    /* Depth 2: "( 2. 37-32 )" replaces 2. 28x19 of the depth-1 line, where
     * the capture is compulsory; "( 2. 31-27 )" replaces 2. 38-32. */
    struct fx *f = fx_game("1. 32-28 18-23 ( 1... 19-23 2. 28x19 ( 2. 37-32 ) 14x23 ) "
                           "2. 37-32 ( 2. 38-32 ( 2. 31-27 ) 12-18 ) 12-18",
                           "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_ILLEGAL_MOVE, 43, "2.");
    assert_string_equal(d->detail, "a capture is compulsory: 28x19; in a variation");
    int depth2 = 0;
    for (int i = 0; i < f->nplies; i++) {
        depth2 += f->plies[i].depth == 2;
        /* Every ply starts from the position its parent line had reached. */
        if (i > 0 && f->plies[i].depth == 0 && f->plies[i - 1].depth == 0)
            assert_true(pdn_board_equal(&f->plies[i].before, &f->plies[i - 1].after));
    }
    assert_int_equal(depth2, 1); /* 2. 31-27 */
    assert_int_equal(f->sum.plies, 4);
    assert_true(f->sum.complete);
    fx_free(f);
}

static void test_replay_variation_starts_before_replaced_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 ( 1. 33-28 18-23 ) ( 1. 31-27 ) 18-23", "*", NULL);
    fx_expect_clean(f);
    struct pdn_board start;
    pdn_board_init(&start, PDN_VARIANT_INTERNATIONAL);
    int starts = 0;
    for (int i = 0; i < f->nplies; i++)
        starts += pdn_board_equal(&f->plies[i].before, &start);
    assert_int_equal(starts, 3); /* 32-28, 33-28 and 31-27 */
    fx_free(f);
}

static void test_replay_setup_restarts(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 18-23 /W:W28:B23/ 5. 28x19", "2-0", NULL);
    fx_expect_clean(f);
    assert_int_equal(f->sum.plies, 3);
    assert_int_equal(pdn_board_count(&f->sum.final, PDN_PIECE_BLACK_MAN), 0);
    fx_free(f);
    f = fx_game("1. 32-28 /W:W28:X23/ 5. 28x19", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_BAD_FEN, 10, "");
    assert_string_equal(d->text, "W:W28:X23");
    assert_false(f->sum.complete);
    fx_free(f);
    /* An empty setup sets up nothing: reported, and the line goes on, as
     * in pdnfmt's text, which leaves it out. */
    f = fx_game("1. 32-28 / / 19-23 2. 28x19", "*", NULL);
    fx_expect_one(f, false, PDN_DIAG_BAD_FEN, 10, "");
    assert_true(f->sum.complete);
    assert_int_equal(f->sum.plies, 3);
    fx_free(f);
}

static void test_replay_fen_black_to_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("23... 18-23 24. 32-28 23x32 25. 48-42", "*", FX_FEN("B:W32,48:B18,19"),
                           "SetUp", "1", NULL);
    fx_expect_clean(f);
    assert_int_equal(f->sum.plies, 4);
    fx_free(f);
    f = fx_game("23. 18-23", "*", FX_FEN("B:W32,37,38:B18,19"), NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_MOVE_NUMBER, 1, "23...");
    assert_string_equal(
        d->message, "wrong move number '23.': this is black's 23rd move, the second of its pair");
    fx_free(f);
    /* :F gives the number; '?' as side: the first move says who moves. */
    f = fx_game("12... 18-23 14. 32-28", "*", FX_FEN("?:W32,37,38:B18,19:F12"), NULL);
    d = fx_expect_one(f, false, PDN_DIAG_MOVE_NUMBER, 13, "13.");
    assert_string_equal(d->detail, "this is white's 13th move");
    fx_free(f);
}

static void test_replay_placeholder_for_first_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. ... 35-40 2. 45x34", "2-0", FX_FEN("B:W9,29,45,50:B10,15,35"), NULL);
    fx_expect_clean(f);
    assert_int_equal(f->sum.plies, 2);
    fx_free(f);
    f = fx_game("3. ... 35-40 5. 45x34", "*", FX_FEN("B:W9,29,45,50:B10,15,35:F3"), NULL);
    fx_expect_one(f, false, PDN_DIAG_MOVE_NUMBER, 14, "4.");
    fx_free(f);
    /* With the first side to move, "..." is a move the file does not give. */
    f = fx_game("1. ... 35-40", "*", FX_FEN("W:W9,29,45,50:B10,15,35"), NULL);
    fx_expect_one(f, false, PDN_DIAG_UNKNOWN_MOVE, 4, "1.");
    fx_free(f);
}

static void test_replay_move_number_warnings(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 18-23 3. 37-32", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_MOVE_NUMBER, 16, "2.");
    assert_string_equal(d->text, "3.");
    assert_string_equal(d->detail, "this is white's 2nd move");
    fx_free(f);
    f = fx_game("1. 32-28 1. 18-23", "*", NULL);
    d = fx_expect_one(f, false, PDN_DIAG_MOVE_NUMBER, 10, "1...");
    assert_string_equal(d->detail, "this is black's 1st move, the second of its pair");
    fx_free(f);
    f = fx_game("1. 32-28 18-23 ( 1. 19-23 ) 2. 37-32", "*", NULL);
    fx_expect_one(f, false, PDN_DIAG_MOVE_NUMBER, 18, "1...");
    fx_free(f);
}

/* The numbers a fault puts off: one warning that counts them, a note each
 * (the replay's findings, in order, each at its number). */
static void expect_numbers(const char *moves, const char *const *expected, int n)
{
    struct fx *f = fx_game(moves, "*", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    dc_print(&f->dc);
    assert_int_equal(f->dc.total, n);
    for (int i = 0; i < n; i++) {
        const struct diag_record *d = &f->dc.kept[i];
        char got[512];
        snprintf(got, sizeof got, "%u %s %s|%s", d->col, pdn_diag_name(d->code), d->text,
                 d->detail);
        assert_string_equal(got, expected[i]);
    }
    fx_free(f);
}

static void test_replay_move_number_runs(void **state)
{
    (void)state;
    /* A number written twice: the rest off by one. */
    static const char *const doubled[] = {
        "16 move-number 1.|this is white's 2nd move; the 2 numbers after it are off the same way",
        "31 move-number-run 2.|this is white's 3rd move; off since '1.' at move 2.",
        "45 move-number-run 3.|this is white's 4th move; off since '1.' at move 2.",
    };
    expect_numbers("1. 32-28 18-23 1. 37-32 12-18 2. 41-37 7-12 3. 46-41", doubled, 3);
    /* Set right again on the run's side: a later fault is one of its own. */
    static const char *const twice[] = {
        "16 move-number 1.|this is white's 2nd move",
        "45 move-number 2.|this is white's 4th move; the number after it is off the same way",
        "58 move-number-run 3.|this is white's 5th move; off since '2.' at move 4.",
    };
    expect_numbers("1. 32-28 18-23 1. 37-32 12-18 3. 41-37 7-12 2. 46-41 1-7 3. 31-26", twice, 3);
    /* Off another way: a run of its own. */
    static const char *const other[] = {
        "16 move-number 1.|this is white's 2nd move",
        "31 move-number 5.|this is white's 3rd move",
    };
    expect_numbers("1. 32-28 18-23 1. 37-32 12-18 5. 41-37", other, 2);
    /* Black's moves numbered as White's: White's, right, are passed over. */
    static const char *const paired[] = {
        "10 move-number 1.|this is black's 1st move, the second of its pair; the 2 numbers after "
        "it are off the same way",
        "28 move-number-run 2.|this is black's 2nd move, the second of its pair; off since '1.' "
        "at move 1...",
        "46 move-number-run 3.|this is black's 3rd move, the second of its pair; off since '1.' "
        "at move 1...",
    };
    expect_numbers("1. 32-28 1. 18-23 2. 37-32 2. 12-18 3. 41-37 3. 7-12", paired, 3);
    /* A variation's numbers are a run of their own; the line's goes on after it. */
    static const char *const varied[] = {
        "16 move-number 1.|this is white's 2nd move; the number after it is off the same way",
        "26 move-number 1.|this is white's 2nd move; in a variation",
        "42 move-number-run 2.|this is white's 3rd move; off since '1.' at move 2.",
    };
    expect_numbers("1. 32-28 18-23 1. 37-32 (1. 31-27) 12-18 2. 41-37", varied, 3);
}

static void test_replay_algebraic_squares_in_findings(void **state)
{
    (void)state;
    static const struct {
        const char *moves, *fen, *message;
    } cases[] = {
        {"1. c3-d4 b6-a5 2. b2-c3 a5-b4 3. d4-e5", NULL,
         "illegal move 'd4-e5': a capture is compulsory: a3xc5, c3xa5"},
        {"1. c3-d4 d6-e5 2. c5-b6", NULL, "illegal move 'c5-b6': square c5 is empty"},
        {"1. 22-18 10-14 2. 18-14", NULL, "illegal move '18-14': square c5 is occupied"},
        {"1. d6-e5", NULL,
         "illegal move 'd6-e5': square d6 holds a black piece and white is to move"},
        {"1. c3-d4 d6-e5 2. d4-c4", NULL, "illegal move 'd4-c4': there is no dark square c4"},
        {"1. b6xc1", "W:WK9,K25:B6,7,14,20,26",
         "ambiguous capture 'b6xc1': matches b6xd8xg5xc1, b6xe3xc1"},
        {"1. a1xe5xg7", "W:W29:B25,18,11", "partial capture path 'a1xe5xg7': read as a1xc3xe5xg7"},
        {"1. c3-d4", "W:W1,22:B32",
         "impossible position 'W:W1,22:B32': white man on square b8, its crowning row"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fx *f = cases[i].fen ? fx_game(cases[i].moves, "*", "GameType", "25",
                                              FX_FEN(cases[i].fen), NULL)
                                    : fx_game(cases[i].moves, "*", "GameType", "25", NULL);
        assert_int_equal(fx_replay(f, false), PDN_OK);
        dc_print(&f->dc);
        assert_true(f->dc.total >= 1);
        assert_string_equal(f->dc.kept[0].message, cases[i].message);
        fx_free(f);
    }
}

/* ---- Move forms -------------------------------------------------------------- */

/* ':' is PDN 3.0 and padding is the reader's to report: the replay is silent.
 * 'x' in a quiet move only shows on the board: a warning in both modes. */
static void test_replay_move_forms_lenient_and_strict(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 19-23 2. 28:19", "*", NULL);
    assert_int_equal(fx_replay(f, true), PDN_OK);
    assert_int_equal(f->dc.total, 0);
    assert_int_equal(f->sum.plies, 3);
    fx_free(f);
    f = fx_game("1. 32x28", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_MOVE_FORM, 4, "1.");
    assert_string_equal(d->message, "nonstandard move notation '32x28': 'x' in a quiet move");
    fx_free(f);
    f = fx_game("1. 32x28", "*", NULL);
    fx_expect_one(f, true, PDN_DIAG_MOVE_FORM, 4, "1.");
    assert_int_equal(f->sum.errors, 0);
    fx_free(f);
}

static void test_replay_partial_path(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 48x28x8", "*", FX_FEN("W:W48:B43,33,22,12"), NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_PARTIAL_PATH, 4, "1.");
    assert_string_equal(d->detail, "read as 48x39x28x17x8");
    fx_free(f);
    f = fx_game("1. 48x28x8", "*", FX_FEN("W:W48:B43,33,22,12"), NULL);
    d = fx_expect_one(f, true, PDN_DIAG_STRICT_VIOLATION, 4, "1.");
    assert_string_equal(d->detail, "partial capture path");
    fx_free(f);
}

static void test_replay_unknown_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 -- 2. 37-32", "*", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_UNKNOWN_MOVE, 10, "1...");
    assert_string_equal(d->text, "--");
    assert_int_equal(f->sum.plies, 1);
    fx_free(f);
    /* Unicode dashes, as the reader keeps them (test_reader: "– –" as
     * written; before, "––" was "illegal move '––': not a move", an error
     * where the writer wrote "--"). */
    f = fx_game("1. \xe2\x80\x93\xe2\x80\x93 17-21", "*", NULL);
    d = fx_expect_one(f, false, PDN_DIAG_UNKNOWN_MOVE, 4, "1.");
    assert_string_equal(d->text, "\xe2\x80\x93\xe2\x80\x93");
    fx_free(f);
}

/* After an unknown move the line is not replayed, but its move texts are
 * still checked: a square off the board is an illegal move, labelled by
 * counting on from the unknown move (a written number resets the count);
 * a well-formed move is not judged. (Before: nothing said after "--".) */
static void test_replay_after_unknown_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 -- 2. 99-44 18-23 33-29 3... 55x44 --", "*", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    dc_print(&f->dc);
    assert_int_equal(f->dc.total, 3);
    assert_int_equal(f->dc.count[PDN_DIAG_UNKNOWN_MOVE], 1); /* the first only */
    assert_int_equal(f->dc.count[PDN_DIAG_ILLEGAL_MOVE], 2);
    const struct diag_record *d = &f->dc.kept[1];
    assert_int_equal(d->code, PDN_DIAG_ILLEGAL_MOVE);
    assert_int_equal(d->col, 16);
    assert_string_equal(d->move_number, "2.");
    assert_string_equal(d->text, "99-44");
    assert_string_equal(d->detail, "there is no square 99");
    d = &f->dc.kept[2];
    assert_int_equal(d->col, 39);
    assert_string_equal(d->move_number, "3...");
    assert_string_equal(d->detail, "there is no square 55");
    assert_int_equal(f->sum.plies, 1);
    fx_free(f);
    /* On 8x8, square 33 is off the board. */
    f = fx_game("1. 22-18 -- 2. 24-33", "*", "GameType", "26", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.count[PDN_DIAG_ILLEGAL_MOVE], 1);
    assert_string_equal(dc_find(&f->dc, PDN_DIAG_ILLEGAL_MOVE)->detail, "there is no square 33");
    fx_free(f);
}

static void test_replay_null_arguments(void **state)
{
    (void)state;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, NULL, NULL), PDN_EINVAL);
    struct fx *f = fx_game("1. 32-28", "*", NULL);
    assert_int_equal(pdn_replay_game(NULL, &f->game, NULL), PDN_EINVAL);
    assert_int_equal(pdn_replay_game(&sum, &f->game, NULL), PDN_OK); /* no options */
    assert_int_equal(sum.plies, 1);
    fx_free(f);
}

/* ---- replay_game_noting (replay_plies.h) ---------------------------------- */

/* What on_ply was told of each ply, against the legal moves before it. */
struct noted {
    const bool *ambiguous;
    int plies, shared, wrong;
};

static void check_noted(const struct pdn_board *before, const struct pdn_board *after,
                        const struct pdn_move *move, const struct pdn_node *node, int depth,
                        void *ctx)
{
    struct noted *n = ctx;
    (void)after, (void)node, (void)depth;
    static struct pdn_movelist legal; /* 20 KB: not on the stack */
    pdn_movegen(&legal, before, 0);
    bool shared = false;
    for (int i = 0; i < legal.count; i++) {
        const struct pdn_move *m = &legal.moves[i];
        shared |= m->from == move->from && m->to == move->to && m->captured != move->captured;
    }
    n->plies++;
    n->shared += shared;
    n->wrong += shared != *n->ambiguous;
}

/* Replays game with replay_game_noting: what it told on_ply. */
static struct noted replay_noted(const pdn_game *game)
{
    bool ambiguous = true;
    struct noted n = {&ambiguous, 0, 0, 0};
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    struct pdn_replay_summary sum;
    ro.on_ply = check_noted;
    ro.ply_ctx = &n;
    assert_int_equal(replay_game_noting(&sum, game, &ro, &ambiguous), PDN_OK);
    assert_false(ambiguous); /* outside on_ply's calls */
    return n;
}

static void expect_noted(const char *moves, const char *fen, int plies, int shared)
{
    struct fx *f = fen ? fx_game(moves, "*", FX_FEN(fen), NULL) : fx_game(moves, "*", NULL);
    struct noted n = replay_noted(&f->game);
    assert_int_equal(n.plies, plies);
    assert_int_equal(n.shared, shared);
    assert_int_equal(n.wrong, 0);
    fx_free(f);
}

static void test_replay_noting_ambiguous_captures(void **state)
{
    (void)state;
    /* The king on 1 takes 23 and 14 or 34 and 25, landing on 3 either way. */
    const char *fen = "W:WK1:B7,9,19,30";
    expect_noted("1. 1x3 30-34", fen, 2, 1);                  /* resolved by the lookahead */
    expect_noted("1. 1x23x14x3 30-34", fen, 2, 1);            /* the whole path, written */
    expect_noted("1. 1x3 ( 1. 1x34x25x3 ) 30-34", fen, 3, 2); /* and in a variation */
    /* Plain plies, the quiet and the only capture between its squares. */
    expect_noted("1. 32-28 19-23 2. 28x19 14x23", NULL, 4, 0);
}

/* Every ply of the corpus: on_ply is told what the legal moves say. */
static void test_replay_noting_over_the_corpus(void **state)
{
    (void)state;
    int plies = 0;
    for (size_t i = 0; i < sizeof corpus_files / sizeof corpus_files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "tests/data/%s", corpus_files[i].path);
        struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION};
        pdn_reader *reader;
        assert_int_equal(pdn_reader_open_file(&reader, path, &ro), 0);
        pdn_game *game;
        while (pdn_reader_next(&game, reader) == 1) {
            struct noted n = replay_noted(game);
            assert_int_equal(n.wrong, 0);
            plies += n.plies;
            pdn_game_free(game);
        }
        pdn_reader_free(reader);
    }
    assert_true(plies > 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_clean_game),
        cmocka_unit_test(test_replay_plain_squares_of_the_reader_only),
        cmocka_unit_test(test_replay_illegal_empty_square),
        cmocka_unit_test(test_replay_illegal_details),
        cmocka_unit_test(test_replay_variation_before_the_move_it_replaces),
        cmocka_unit_test(test_replay_illegal_move_then_next_game_line),
        cmocka_unit_test(test_replay_ambiguity_resolved_by_lookahead),
        cmocka_unit_test(test_replay_ambiguity_unresolved),
        cmocka_unit_test(test_replay_noting_ambiguous_captures),
        cmocka_unit_test(test_replay_noting_over_the_corpus),
        cmocka_unit_test(test_replay_variations_at_depth),
        cmocka_unit_test(test_replay_variation_starts_before_replaced_move),
        cmocka_unit_test(test_replay_setup_restarts),
        cmocka_unit_test(test_replay_fen_black_to_move),
        cmocka_unit_test(test_replay_placeholder_for_first_move),
        cmocka_unit_test(test_replay_move_number_warnings),
        cmocka_unit_test(test_replay_move_number_runs),
        cmocka_unit_test(test_replay_algebraic_squares_in_findings),
        cmocka_unit_test(test_replay_move_forms_lenient_and_strict),
        cmocka_unit_test(test_replay_partial_path),
        cmocka_unit_test(test_replay_unknown_move),
        cmocka_unit_test(test_replay_after_unknown_move),
        cmocka_unit_test(test_replay_null_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
