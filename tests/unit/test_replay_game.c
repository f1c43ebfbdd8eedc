/*
 * The replay's findings about a game as a whole rather than one of its
 * moves: where it starts (replay_start.c: the Date, FEN and GameType
 * tags, positions no game can reach) and how it ends (replay_result.c:
 * the Result tag, the terminator and the final position checked
 * together; the draw rules along the main line, on games walked by the
 * engine). Games are built by replay_fixture.h; every finding is checked
 * for code, place and message. The moves themselves are test_replay.c's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "replay_fixture.h"
#include "replay.h"

static void test_replay_result_mismatch(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28", "1-1", "Result", "2-0", NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_RESULT_MISMATCH, 10, "");
    assert_string_equal(d->message, "mismatched result '1-1': the Result tag says 2-0");
    fx_free(f);
    f = fx_game("1. 32-28", "1-0", "Result", "2-0", NULL); /* the same result */
    fx_expect_one(f, false, PDN_DIAG_RESULT_CONVENTION, 10, "");
    fx_free(f);
}

static void test_replay_result_inconsistent(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 28x19", "1-1", FX_FEN("W:W28:B23"), NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_RESULT_INCONSISTENT, 10, "");
    assert_string_equal(
        d->message, "inconsistent result '1-1': black to move has no legal move and loses: 2-0");
    fx_free(f);
    f = fx_game("1. 28x19", "2-0", FX_FEN("W:W28:B23"), NULL);
    fx_expect_clean(f);
    fx_free(f);
    /* The right result is written as the wrong one is: chess style (as 8x8
     * files write theirs) beside a chess-style draw. */
    f = fx_game("1. 28x19", "1/2-1/2", FX_FEN("W:W28:B23"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    d = dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT);
    assert_non_null(d);
    assert_string_equal(
        d->message,
        "inconsistent result '1/2-1/2': black to move has no legal move and loses: 1-0");
    fx_free(f);
    /* The tag is used when the terminator says nothing. */
    f = fx_game("1. 28x19", "*", FX_FEN("W:W28:B23"), "Result", "0-2", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_non_null(dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT));
    assert_int_equal(dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT)->line, 101);
    fx_free(f);
    /* A tag that disagrees with the terminator is judged too: white on 6
     * has no move, so the tag's draw is wrong even though 0-2 is right. */
    f = fx_game("", "0-2", FX_FEN("W:W6:B1"), "Result", "1-1", NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_non_null(dc_find(&f->dc, PDN_DIAG_RESULT_MISMATCH));
    d = dc_find(&f->dc, PDN_DIAG_RESULT_INCONSISTENT);
    assert_non_null(d);
    assert_int_equal(d->line, 101);
    assert_string_equal(
        d->message, "inconsistent result '1-1': white to move has no legal move and loses: 0-2");
    fx_free(f);
    /* A white man blocked on 6 by black men: white to move has none. */
    f = fx_game("", "2-0", FX_FEN("W:W6:B1,2"), NULL);
    fx_expect_one(f, false, PDN_DIAG_RESULT_INCONSISTENT, 2, "");
    fx_free(f);
}

/* English checkers files give Black's score first, Black opening: "1-0"
 * is Black's win (the conformance set's problems, White to play and win,
 * end "0-1"; the checkers programs' own files). Black takes White's last
 * man: 1-0 is right, 0-1 wrong, and said in the file's order. */
static void test_replay_result_english_black_first(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 14x23", "1-0", "GameType", "21", FX_FEN("B:W18:B14"), NULL);
    fx_expect_clean(f);
    fx_free(f);
    f = fx_game("1. 14x23", "0-1", "GameType", "21", FX_FEN("B:W18:B14"), NULL);
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_RESULT_INCONSISTENT, 10, "");
    assert_string_equal(
        d->message, "inconsistent result '0-1': white to move has no legal move and loses: 1-0");
    fx_free(f);
    /* Russian files, White opening, give White's first. */
    f = fx_game("1. e3xc5", "1-0", "GameType", "25", FX_FEN("W:We3:Bd4"), NULL);
    fx_expect_clean(f);
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
    /* The chess-style notes the replay spells out whole are those of
     * their pieces: the kind, the international spelling, the form. */
    static const enum pdn_result chess[] = {PDN_RESULT_WHITE_WIN, PDN_RESULT_BLACK_WIN,
                                            PDN_RESULT_DRAW};
    for (size_t i = 0; i < 3; i++) {
        char pieces[80];
        snprintf(pieces, sizeof pieces, "chess style, %s in the international form",
                 pdn_result_text(chess[i]));
        assert_string_equal(cases[i].detail, pieces);
    }
    static const char *const international[] = {"2-0", "0-2", "1-1", "0-0", "*"};
    for (size_t i = 0; i < 5; i++) {
        struct fx *f = fx_game("1. 32-28", international[i], "Result", international[i], NULL);
        fx_expect_clean(f);
        fx_free(f);
    }
    /* Checkers files count chess style: not a finding there. */
    struct fx *f = fx_game("1. 9-13", "1-0", "GameType", "21", NULL);
    fx_expect_clean(f);
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
    fx_expect_clean(f);
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
    struct fx *f = fx_game(text, "1-1", FX_FEN(fen), NULL);
    const struct diag_record *d =
        fx_expect_one(f, false, PDN_DIAG_DRAW_RULE, move_col(text, 51), "26.");
    assert_string_equal(d->detail, "the 25-move rule drew the game after 25..., yet it goes on");
    fx_free(f);
    /* 50 plies and a decisive result: the result is inconsistent (RULES.md). */
    walk(text, sizeof text, fen, 50);
    f = fx_game(text, "2-0", FX_FEN(fen), NULL);
    d = fx_expect_one(f, false, PDN_DIAG_RESULT_INCONSISTENT, (uint32_t)strlen(text) + 2, "");
    assert_string_equal(d->message,
                        "inconsistent result '2-0': the 25-move rule drew the game after 25...");
    fx_free(f);
    /* 49 plies: not yet. */
    walk(text, sizeof text, fen, 49);
    f = fx_game(text, "2-0", FX_FEN(fen), NULL);
    fx_expect_clean(f);
    fx_free(f);
}

static void test_replay_draw_threefold_repetition(void **state)
{
    (void)state;
    const char *text = "1. 47-41 1-6 2. 41-47 6-1 3. 47-41 1-6 4. 41-47 6-1 5. 47-41";
    struct fx *f = fx_game(text, "1-1", FX_FEN("W:WK47:BK1"), NULL);
    /* 1x1 kings fall under the 5-move rule too: 10 plies. Repetition comes
     * first, after 4... 6-1 (the start position for the third time). */
    const struct diag_record *d = fx_expect_one(f, false, PDN_DIAG_DRAW_RULE, 56, "5.");
    assert_string_equal(d->detail, "threefold repetition drew the game after 4..., yet it goes on");
    fx_free(f);
    /* With men on the board (blocked) the endgame rules stay out of it. */
    text = "1. 47-41 1-6 2. 41-47 6-1 3. 47-41 1-6 4. 41-47";
    f = fx_game(text, "1-1", FX_FEN("W:WK47,45:BK1,16"), NULL);
    fx_expect_clean(f);
    fx_free(f);
}

static void test_replay_draw_16_move_rule(void **state)
{
    (void)state;
    char text[4096];
    const char *fen = "W:WK46,K50,K45:BK3";
    walk(text, sizeof text, fen, 33);
    struct fx *f = fx_game(text, "1-1", FX_FEN(fen), NULL);
    const struct diag_record *d =
        fx_expect_one(f, false, PDN_DIAG_DRAW_RULE, move_col(text, 33), "17.");
    assert_string_equal(d->detail, "the 16-move rule drew the game after 16..., yet it goes on");
    fx_free(f);
}

static void test_replay_draw_5_move_rule(void **state)
{
    (void)state;
    char text[4096];
    const char *fen = "W:WK46,K50:BK3";
    walk(text, sizeof text, fen, 11);
    struct fx *f = fx_game(text, "1-1", FX_FEN(fen), NULL);
    const struct diag_record *d =
        fx_expect_one(f, false, PDN_DIAG_DRAW_RULE, move_col(text, 11), "6.");
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
        fx_expect_clean(f);
        fx_free(f);
    }
}

static void test_replay_bad_fen(void **state)
{
    (void)state;
    struct fx *f = fx_game("1. 32-28", "*", FX_FEN("W:W31-50:X1-20"), NULL);
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
    struct fx *f = fx_game("1. 31-27", "*", FX_FEN("W:W3,31:B20"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_string_equal(
        f->dc.kept[0].message,
        "impossible position 'W:W3,31:B20': white man on square 3, its crowning row");
    assert_int_equal(f->sum.plies, 1); /* replayed all the same */
    fx_free(f);
    f = fx_game("", "*", FX_FEN("B:W31:B47"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_string_equal(f->dc.kept[0].detail, "black man on square 47, its crowning row");
    fx_free(f);
    f = fx_game("", "*", FX_FEN("W:W21-41:B1-20"), NULL);
    assert_int_equal(fx_replay(f, false), PDN_OK);
    assert_int_equal(f->dc.total, 1);
    assert_string_equal(f->dc.kept[0].detail, "21 white pieces, more than 20");
    fx_free(f);
}

/* Issue 16: a Russian game's findings name squares as its players write
 * them ("c3"), whatever notation the move itself used; the positions were
 * worked out on a board (tests/data/SOURCES.md, russian-defects.pdn). */
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
    fx_expect_clean(f);
    fx_free(f);
    f = fx_game("1. 22-18", "*", "GameType", "26", NULL); /* Brazilian */
    fx_expect_clean(f);
    fx_free(f);
    /* Italian: 12-15 is a step on its mirrored board. */
    f = fx_game("1. 21-17 12-15", "*", "GameType", "22", NULL);
    fx_expect_clean(f);
    fx_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_result_mismatch),
        cmocka_unit_test(test_replay_result_inconsistent),
        cmocka_unit_test(test_replay_result_english_black_first),
        cmocka_unit_test(test_replay_result_conventions),
        cmocka_unit_test(test_replay_unknown_result),
        cmocka_unit_test(test_replay_draw_25_move_rule),
        cmocka_unit_test(test_replay_draw_threefold_repetition),
        cmocka_unit_test(test_replay_draw_16_move_rule),
        cmocka_unit_test(test_replay_draw_5_move_rule),
        cmocka_unit_test(test_replay_bad_date),
        cmocka_unit_test(test_replay_bad_fen),
        cmocka_unit_test(test_replay_impossible_fen),
        cmocka_unit_test(test_replay_unsupported_gametype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
