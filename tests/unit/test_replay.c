/*
 * Unit tests for lib/replay.c, replay_start.c and replay_result.c: every illegal-move
 * reason, ambiguity lookahead, variations at depth, setups, FEN starts, move
 * numbers, the result checks, the draw rules along the main line, tag checks,
 * strict mode, and the ambiguous captures replay_game_noting tells its
 * on_ply of. Games are built by replay_fixture.h; every finding is
 * checked for code, place and move number.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "corpus_files.h"
#include "replay_fixture.h"
#include "replay_plies.h"

/* Replays and expects exactly one finding, with this code, column and move number. */
static const struct diag_record *one(struct fx *f, bool strict, enum pdn_diag_code code,
                                     uint32_t col, const char *number)
{
    assert_int_equal(fx_replay(f, strict), PDN_OK);
    dc_print(&f->dc);
    assert_int_equal(f->dc.total, 1);
    const struct diag_record *d = &f->dc.kept[0];
    assert_int_equal(d->code, code);
    dc_expect_at(d, 1, col);
    assert_int_equal(d->game, 1);
    assert_string_equal(d->move_number, number);
    return d;
}

static void expect_clean(struct fx *f)
{
    assert_int_equal(fx_replay(f, false), PDN_OK);
    for (int i = 0; i < f->dc.nkept; i++)
        print_message("  unexpected: %s\n", f->dc.kept[i].message);
    assert_int_equal(f->dc.total, 0);
}

#define FEN(v) "FEN", v

static void test_replay_clean_game(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 4. 37x28", "*", NULL);
    expect_clean(f);
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

static void test_replay_illegal_empty_square(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 18-23 2. 27-22 12-18", "*", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_ILLEGAL_MOVE, 19, "2.");
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
            one(f, false, PDN_DIAG_ILLEGAL_MOVE, cases[i].col, cases[i].label);
        assert_string_equal(d->detail, cases[i].detail);
        fx_free(f);
    }
    /* The message names the move and says why. */
    struct fx *f = fx_game("1. 32-28 19-23 2. 33-29", "*", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_ILLEGAL_MOVE, 19, "2.");
    assert_string_equal(d->message, "illegal move '33-29': a capture is compulsory: 28x19");
    fx_free(f);
}

static void test_replay_illegal_move_then_next_game_line(void **state)
{
    (void)state;
    /* The main line stops at 1... 22-27; the variation of that move replays. */
    struct fx *f = fx_game("1. 32-28 22-27 ( 1... 19-23 2. 28x19 14x23 ) 2. 31-27", "*", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_ILLEGAL_MOVE, 10, "1...");
    assert_string_equal(d->text, "22-27");
    assert_int_equal(f->nplies, 4); /* 32-28 and the three variation plies */
    assert_int_equal(f->plies[1].depth, 1);
    assert_int_equal(f->sum.plies, 1);
    fx_free(f);
}

static void test_replay_ambiguity_resolved_by_lookahead(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 1x3 30-34", "*", FEN("W:WK1:B7,9,19,30"), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_AMBIGUITY_RESOLVED, 4, "1.");
    assert_string_equal(d->message, "ambiguous capture resolved '1x3': read as 1x23x14x3, the only "
                                    "reading the rest of the line allows");
    assert_int_equal(f->sum.plies, 2);
    assert_int_equal(pdn_board_get(&f->sum.final, 19), PDN_PIECE_EMPTY);
    fx_free(f);

    f = fx_game("1. 1x3 19-23", "*", FEN("W:WK1:B7,9,19,30"), NULL);
    d = one(f, false, PDN_DIAG_AMBIGUITY_RESOLVED, 4, "1.");
    assert_string_equal(d->detail,
                        "read as 1x34x25x3, the only reading the rest of the line allows");
    assert_int_equal(pdn_board_get(&f->sum.final, 30), PDN_PIECE_EMPTY);
    fx_free(f);
}

static void test_replay_ambiguity_unresolved(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 1x3", "*", FEN("W:WK1:B7,9,19,30"), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_AMBIGUOUS_MOVE, 4, "1.");
    assert_string_equal(d->message, "ambiguous capture '1x3': matches 1x23x14x3, 1x34x25x3");
    assert_false(f->sum.complete);
    fx_free(f);
    /* Both readings fail later: still ambiguous, every candidate listed. */
    f = fx_game("1. 1x3 7-12", "*", FEN("W:WK1:B7,9,19,30"), NULL);
    one(f, false, PDN_DIAG_AMBIGUOUS_MOVE, 4, "1.");
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
    const struct diag_record *d = one(f, false, PDN_DIAG_ILLEGAL_MOVE, 43, "2.");
    assert_string_equal(d->detail, "a capture is compulsory: 28x19");
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
    expect_clean(f);
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
    expect_clean(f);
    assert_int_equal(f->sum.plies, 3);
    assert_int_equal(pdn_board_count(&f->sum.final, PDN_PIECE_BLACK_MAN), 0);
    fx_free(f);
    f = fx_game("1. 32-28 /W:W28:X23/ 5. 28x19", "*", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_BAD_FEN, 10, "");
    assert_string_equal(d->text, "W:W28:X23");
    assert_false(f->sum.complete);
    fx_free(f);
}

static void test_replay_fen_black_to_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("23... 18-23 24. 32-28 23x32 25. 48-42", "*", FEN("B:W32,48:B18,19"),
                           "SetUp", "1", NULL);
    expect_clean(f);
    assert_int_equal(f->sum.plies, 4);
    fx_free(f);
    f = fx_game("23. 18-23", "*", FEN("B:W32,37,38:B18,19"), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_MOVE_NUMBER, 1, "23...");
    assert_string_equal(d->message, "wrong move number '23.': this is black's 23rd move");
    fx_free(f);
    /* :F gives the number; '?' as side: the first move says who moves. */
    f = fx_game("12... 18-23 14. 32-28", "*", FEN("?:W32,37,38:B18,19:F12"), NULL);
    d = one(f, false, PDN_DIAG_MOVE_NUMBER, 13, "13.");
    assert_string_equal(d->detail, "this is white's 13th move");
    fx_free(f);
}

static void test_replay_placeholder_for_first_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. ... 35-40 2. 45x34", "2-0", FEN("B:W9,29,45,50:B10,15,35"), NULL);
    expect_clean(f);
    assert_int_equal(f->sum.plies, 2);
    fx_free(f);
    f = fx_game("3. ... 35-40 5. 45x34", "*", FEN("B:W9,29,45,50:B10,15,35:F3"), NULL);
    one(f, false, PDN_DIAG_MOVE_NUMBER, 14, "4.");
    fx_free(f);
    /* With the first side to move, "..." is a move the file does not give. */
    f = fx_game("1. ... 35-40", "*", FEN("W:W9,29,45,50:B10,15,35"), NULL);
    one(f, false, PDN_DIAG_UNKNOWN_MOVE, 4, "1.");
    fx_free(f);
}

static void test_replay_move_number_warnings(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 18-23 3. 37-32", "*", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_MOVE_NUMBER, 16, "2.");
    assert_string_equal(d->text, "3.");
    assert_string_equal(d->detail, "this is white's 2nd move");
    fx_free(f);
    f = fx_game("1. 32-28 1. 18-23", "*", NULL);
    d = one(f, false, PDN_DIAG_MOVE_NUMBER, 10, "1...");
    assert_string_equal(d->detail, "this is black's 1st move");
    fx_free(f);
    f = fx_game("1. 32-28 18-23 ( 1. 19-23 ) 2. 37-32", "*", NULL);
    one(f, false, PDN_DIAG_MOVE_NUMBER, 18, "1...");
    fx_free(f);
}

static void test_replay_result_mismatch(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28", "1-1", "Result", "2-0", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_RESULT_MISMATCH, 10, "");
    assert_string_equal(d->message, "result disagrees with the Result tag '1-1': the tag says 2-0");
    fx_free(f);
    f = fx_game("1. 32-28", "1-0", "Result", "2-0", NULL); /* the same result */
    one(f, false, PDN_DIAG_RESULT_CONVENTION, 10, "");
    fx_free(f);
}

static void test_replay_result_inconsistent(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 28x19", "1-1", FEN("W:W28:B23"), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_RESULT_INCONSISTENT, 10, "");
    assert_string_equal(
        d->message, "inconsistent result '1-1': black to move has no legal move and loses: 2-0");
    fx_free(f);
    f = fx_game("1. 28x19", "2-0", FEN("W:W28:B23"), NULL);
    expect_clean(f);
    fx_free(f);
    /* The tag is used when the terminator says nothing. */
    f = fx_game("1. 28x19", "*", FEN("W:W28:B23"), "Result", "0-2", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_non_null(dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT));
    assert_int_equal(dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT)->line, 101);
    fx_free(f);
    /* A tag that disagrees with the terminator is judged too: white on 6
     * has no move, so the tag's draw is wrong even though 0-2 is right. */
    f = fx_game("", "0-2", FEN("W:W6:B1"), "Result", "1-1", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_non_null(dc_find(&f->dc, PDN_DIAG_RESULT_MISMATCH));
    d = dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT);
    assert_non_null(d);
    assert_int_equal(d->line, 101);
    assert_string_equal(
        d->message, "inconsistent result '1-1': white to move has no legal move and loses: 0-2");
    fx_free(f);
    /* A white man blocked on 6 by black men: white to move has none. */
    f = fx_game("", "2-0", FEN("W:W6:B1,2"), NULL);
    one(f, false, PDN_DIAG_RESULT_INCONSISTENT, 2, "");
    fx_free(f);
}

static void test_replay_result_conventions(void **state)
{
    (void)state;
    static const struct {
        const char *text, *detail;
    } cases[] = {
        {"1-0", "chess style, 2-0 in the international form"},
        {"0-1", "chess style, 0-2 in the international form"},
        {"1/2-1/2", "chess style, 1-1 in the international form"},
        {"\xc2\xbd-\xc2\xbd", "lenient form, 1-1 in the international form"},
        {"0.5-0.5", "lenient form, 1-1 in the international form"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* Tag and terminator alike: one note per game. */
        struct fx *f = fx_game("1. 32-28", cases[i].text, "Result", cases[i].text, NULL);
        assert_int_equal(fx_replay(f, false), PDN_OK);
        assert_int_equal(f->dc.total, 1);
        assert_int_equal(f->dc.kept[0].code, PDN_DIAG_RESULT_CONVENTION);
        assert_int_equal(f->dc.kept[0].line, 100);
        assert_string_equal(f->dc.kept[0].detail, cases[i].detail);
        assert_int_equal(f->sum.notes, 1);
        fx_free(f);
    }
    static const char *const international[] = {"2-0", "0-2", "1-1", "0-0", "*"};
    for (size_t i = 0; i < 5; i++) {
        struct fx *f = fx_game("1. 32-28", international[i], "Result", international[i], NULL);
        expect_clean(f);
        fx_free(f);
    }
    /* Checkers files count chess style: not a finding there. */
    struct fx *f = fx_game("1. 9-13", "1-0", "GameType", "21", NULL);
    expect_clean(f);
    fx_free(f);
}

static void test_replay_unknown_result(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28", "*", "Result", "4-6", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_int_equal(f->dc.kept[0].code, PDN_DIAG_UNKNOWN_RESULT);
    assert_string_equal(f->dc.kept[0].message, "unknown result '4-6': read as '*'");
    assert_int_equal(f->dc.kept[0].line, 100);
    fx_free(f);
    /* No result at all: unknown, and nothing to say (the reader reports it). */
    f = fx_game("1. 32-28", NULL, NULL);
    expect_clean(f);
    fx_free(f);
}

/* ---- Draw rules: games walked by the engine ---------------------------------- */

/*
 * Writes into out a movetext of n plies from fen: quiet moves only, each to a
 * position not seen before and after which the opponent has no capture.
 */
static void walk(char *out, size_t cap, const char *fen, int n)
{
    struct pdn_board b, seen[256];
    struct pdn_movelist *legal = malloc(sizeof *legal), *reply = malloc(sizeof *reply);
    int nseen = 0;
    size_t len = 0;
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, fen, NULL), PDN_OK);
    seen[nseen++] = b;
    for (int ply = 0; ply < n; ply++) {
        pdn_movegen(legal, &b, 0);
        int k;
        struct pdn_board next = b;
        for (k = 0; k < legal->count; k++) {
            next = b;
            pdn_board_play(&next, &legal->moves[k]);
            bool fresh = true;
            for (int i = 0; i < nseen; i++)
                fresh &= !pdn_board_equal(&seen[i], &next);
            pdn_movegen(reply, &next, 0);
            if (fresh && legal->moves[k].ncaptured == 0 && reply->count > 0 &&
                reply->moves[0].ncaptured == 0)
                break;
        }
        assert_true(k < legal->count);
        char text[PDN_MOVE_TEXT_MAX];
        pdn_move_to_text(text, &legal->moves[k], legal, PDN_CAPTURE_SHORTEST);
        if (b.side == PDN_COLOR_WHITE)
            len += (size_t)snprintf(out + len, cap - len, "%d. ", ply / 2 + 1);
        len += (size_t)snprintf(out + len, cap - len, "%s ", text);
        b = next;
        seen[nseen++] = b;
    }
    if (len) out[len - 1] = '\0';
    free(legal);
    free(reply);
}

/* Column of the n-th (1-based) move of a movetext, counting numbers apart. */
static uint32_t move_col(const char *text, int n)
{
    const char *p = text;
    for (;;) {
        while (*p == ' ')
            p++;
        const char *q = p;
        while (*q && *q != ' ')
            q++;
        if (q[-1] != '.' && --n == 0) return (uint32_t)(p - text) + 1;
        p = q;
    }
}

static void test_replay_draw_25_move_rule(void **state)
{
    (void)state;
    char text[4096];
    const char *fen = "W:WK46,K50:BK1,K5";
    walk(text, sizeof text, fen, 51);
    struct fx *f = fx_game(text, "1-1", FEN(fen), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_DRAW_RULE, move_col(text, 51), "26.");
    assert_string_equal(d->detail, "the 25-move rule drew the game after 25..., yet it goes on");
    fx_free(f);
    /* 50 plies and a decisive result: the result is flagged instead. */
    walk(text, sizeof text, fen, 50);
    f = fx_game(text, "2-0", FEN(fen), NULL);
    d = one(f, false, PDN_DIAG_DRAW_RULE, (uint32_t)strlen(text) + 2, "");
    assert_string_equal(d->message,
                        "drawn by rule '2-0': the 25-move rule drew the game after 25...");
    fx_free(f);
    /* 49 plies: not yet. */
    walk(text, sizeof text, fen, 49);
    f = fx_game(text, "2-0", FEN(fen), NULL);
    expect_clean(f);
    fx_free(f);
}

static void test_replay_draw_threefold_repetition(void **state)
{
    (void)state;
    const char *text = "1. 47-41 1-6 2. 41-47 6-1 3. 47-41 1-6 4. 41-47 6-1 5. 47-41";
    struct fx *f = fx_game(text, "1-1", FEN("W:WK47:BK1"), NULL);
    /* 1x1 kings fall under the 5-move rule too: 10 plies. Repetition comes
     * first, after 4... 6-1 (the start position for the third time). */
    const struct diag_record *d = one(f, false, PDN_DIAG_DRAW_RULE, 56, "5.");
    assert_string_equal(d->detail, "threefold repetition drew the game after 4..., yet it goes on");
    fx_free(f);
    /* With men on the board (blocked) the endgame rules stay out of it. */
    text = "1. 47-41 1-6 2. 41-47 6-1 3. 47-41 1-6 4. 41-47";
    f = fx_game(text, "1-1", FEN("W:WK47,45:BK1,16"), NULL);
    expect_clean(f);
    fx_free(f);
}

static void test_replay_draw_16_move_rule(void **state)
{
    (void)state;
    char text[4096];
    const char *fen = "W:WK46,K50,K45:BK3";
    walk(text, sizeof text, fen, 33);
    struct fx *f = fx_game(text, "1-1", FEN(fen), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_DRAW_RULE, move_col(text, 33), "17.");
    assert_string_equal(d->detail, "the 16-move rule drew the game after 16..., yet it goes on");
    fx_free(f);
}

static void test_replay_draw_5_move_rule(void **state)
{
    (void)state;
    char text[4096];
    const char *fen = "W:WK46,K50:BK3";
    walk(text, sizeof text, fen, 11);
    struct fx *f = fx_game(text, "1-1", FEN(fen), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_DRAW_RULE, move_col(text, 11), "6.");
    assert_string_equal(d->detail, "the 5-move rule drew the game after 5..., yet it goes on");
    fx_free(f);
}

/* ---- Tags -------------------------------------------------------------------- */

static void test_replay_bad_date(void **state)
{
    (void)state;
    static const char *const bad[] = {"12-08-2021", "1970.4.2", "2004.10.27 - 2004.11.01",
                                      "2021.13.01", "2021.01.32"};
    static const char *const good[] = {"2021.08.12", "2021.??.??", "????.??.??", "19??.1?.0?", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct fx *f = fx_game("1. 32-28", "*", "Event", "x", "Date", bad[i], NULL);
        assert_int_equal(fx_replay(f, false), PDN_OK);
        assert_int_equal(f->dc.total, 1);
        assert_int_equal(f->dc.kept[0].code, PDN_DIAG_BAD_DATE);
        assert_int_equal(f->dc.kept[0].line, 101);
        assert_string_equal(f->dc.kept[0].text, bad[i]);
        fx_free(f);
    }
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        struct fx *f = fx_game("1. 32-28", "*", "Date", good[i], NULL);
        expect_clean(f);
        fx_free(f);
    }
}

static void test_replay_bad_fen(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28", "*", FEN("W:W31-50:X1-20"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_int_equal(f->dc.kept[0].code, PDN_DIAG_BAD_FEN);
    assert_int_equal(f->dc.kept[0].line, 100);
    assert_int_equal(f->sum.plies, 0);
    assert_false(f->sum.complete);
    fx_free(f);
}

static void test_replay_impossible_fen(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 31-27", "*", FEN("W:W3,31:B20"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_string_equal(
        f->dc.kept[0].message,
        "impossible position 'W:W3,31:B20': white man on square 3, its crowning row");
    assert_int_equal(f->sum.plies, 1); /* replayed all the same */
    fx_free(f);
    f = fx_game("", "*", FEN("B:W31:B47"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_string_equal(f->dc.kept[0].detail, "black man on square 47, its crowning row");
    fx_free(f);
    f = fx_game("", "*", FEN("W:W21-41:B1-20"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_string_equal(f->dc.kept[0].detail, "21 white pieces, more than 20");
    fx_free(f);
}

/* Issue 16: a Russian game's findings name squares as its players write
 * them ("c3"), whatever notation the move itself used; the positions were
 * worked out on a board (tests/data/SOURCES.md, russian-defects.pdn). */
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
        struct fx *f = cases[i].fen
                           ? fx_game(cases[i].moves, "*", "GameType", "25", FEN(cases[i].fen), NULL)
                           : fx_game(cases[i].moves, "*", "GameType", "25", NULL);
        assert_int_equal(fx_replay(f, false), PDN_OK);
        dc_print(&f->dc);
        assert_true(f->dc.total >= 1);
        assert_string_equal(f->dc.kept[0].message, cases[i].message);
        fx_free(f);
    }
}

static void test_replay_unsupported_gametype(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 22-18", "1-1", "GameType", "24", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_string_equal(f->dc.kept[0].message,
                        "unsupported GameType '24': Spanish draughts; the moves are not checked");
    assert_int_equal(f->nplies, 0);
    fx_free(f);
    f = fx_game("1. 32-28", "*", "GameType", "20,W,10,10,N2,0", NULL);
    expect_clean(f);
    fx_free(f);
    f = fx_game("1. 22-18", "*", "GameType", "26", NULL); /* Brazilian */
    expect_clean(f);
    fx_free(f);
    /* Italian: 12-15 is a step on its mirrored board. */
    f = fx_game("1. 21-17 12-15", "*", "GameType", "22", NULL);
    expect_clean(f);
    fx_free(f);
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
    const struct diag_record *d = one(f, false, PDN_DIAG_MOVE_FORM, 4, "1.");
    assert_string_equal(d->message, "nonstandard move notation '32x28': 'x' in a quiet move");
    fx_free(f);
    f = fx_game("1. 32x28", "*", NULL);
    one(f, true, PDN_DIAG_MOVE_FORM, 4, "1.");
    assert_int_equal(f->sum.errors, 0);
    fx_free(f);
}

static void test_replay_partial_path(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 48x28x8", "*", FEN("W:W48:B43,33,22,12"), NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_PARTIAL_PATH, 4, "1.");
    assert_string_equal(d->detail, "read as 48x39x28x17x8");
    fx_free(f);
    f = fx_game("1. 48x28x8", "*", FEN("W:W48:B43,33,22,12"), NULL);
    d = one(f, true, PDN_DIAG_STRICT_VIOLATION, 4, "1.");
    assert_string_equal(d->detail, "partial capture path");
    fx_free(f);
}

static void test_replay_unknown_move(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28 -- 2. 37-32", "*", NULL);
    const struct diag_record *d = one(f, false, PDN_DIAG_UNKNOWN_MOVE, 10, "1...");
    assert_string_equal(d->text, "--");
    assert_int_equal(f->sum.plies, 1);
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
    struct fx *f = fen ? fx_game(moves, "*", FEN(fen), NULL) : fx_game(moves, "*", NULL);
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
        cmocka_unit_test(test_replay_illegal_empty_square),
        cmocka_unit_test(test_replay_illegal_details),
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
        cmocka_unit_test(test_replay_result_mismatch),
        cmocka_unit_test(test_replay_result_inconsistent),
        cmocka_unit_test(test_replay_result_conventions),
        cmocka_unit_test(test_replay_unknown_result),
        cmocka_unit_test(test_replay_draw_25_move_rule),
        cmocka_unit_test(test_replay_draw_threefold_repetition),
        cmocka_unit_test(test_replay_draw_16_move_rule),
        cmocka_unit_test(test_replay_draw_5_move_rule),
        cmocka_unit_test(test_replay_bad_date),
        cmocka_unit_test(test_replay_bad_fen),
        cmocka_unit_test(test_replay_impossible_fen),
        cmocka_unit_test(test_replay_algebraic_squares_in_findings),
        cmocka_unit_test(test_replay_unsupported_gametype),
        cmocka_unit_test(test_replay_move_forms_lenient_and_strict),
        cmocka_unit_test(test_replay_partial_path),
        cmocka_unit_test(test_replay_unknown_move),
        cmocka_unit_test(test_replay_after_unknown_move),
        cmocka_unit_test(test_replay_null_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
