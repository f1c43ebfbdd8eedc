/*
 * Unit tests of what the reader reports and keeps in awkward places: move
 * labels that follow the side to move, offending text as written, game
 * boundaries of tags-only games, strict resynchronisation, results, square
 * numbers, NAG ranges, diagnostic floods, annotations in lines without
 * moves, UTF-16 without a BOM, and where nested comments and unterminated
 * tags are reported. Expected values are worked out by hand in comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "reader_fixture.h"

static struct fix F;

static pdn_game *one(const char *text, bool strict)
{
    return fix_one(&F, text, strict);
}

static const struct diag_record *need(const char *detail)
{
    return fix_need(&F, detail);
}

static const struct diag_record *need_code(enum pdn_diag_code code)
{
    const struct diag_record *d = dc_find(&F.dc, code);
    if (!d) print_error("no finding of code %d\n", (int)code);
    assert_non_null(d);
    return d;
}

/* 1. A Black move written without "N..." is labelled N... */
static void test_findings_label_black_without_number(void **state)
{
    (void)state;
    pdn_game *g = one("3. 32-28 09-14 *", false);
    const struct diag_record *d = need("zero-padded square");
    assert_int_equal(d->col, 10);
    assert_string_equal(d->move_number, "3...");
    pdn_game_free(g);
}

static void test_findings_label_hops_and_dash_captures(void **state)
{
    (void)state;
    /* 22x31 continues Black's 5th move 11x22. */
    const char *hop = "1. 32-28 18-22 2. 37-32 12-18 3. 31-27 22x31 4. 36x27 17-22 "
                      "5. 28x17 11x22 22x31 *";
    pdn_game *g = one(hop, false);
    assert_string_equal(need("hop by hop")->move_number, "5...");
    pdn_game_free(g);
    const char *dash = "1. 32-28 18-22 2. 37-32 12-18 3. 31-27 22x31 4. 36x27 17-22 "
                       "5. 28x17 11-22-31 *";
    g = one(dash, false);
    assert_string_equal(need("capture written with dashes")->move_number, "5...");
    pdn_game_free(g);
}

static void test_findings_label_results_parens_setups(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        enum pdn_diag_code code;
        const char *detail; /* the finding by its detail, or NULL: by code */
        const char *label;
    } cases[] = {
        /* After 32-28 Black is to move: the result stands at 1... */
        {"1. 32-28 0.5-0.5", 0, "nonstandard result notation", "1..."},
        /* After 19-23 White is to move: 2. */
        {"1. 32-28 19-23) *", PDN_DIAG_UNMATCHED_PAREN, NULL, "2."},
        {"1. 32-28 19-23 /W:W28:B19\n2. 28x19 *", PDN_DIAG_UNTERMINATED_SETUP, NULL, "2."},
        {"1. 32-28 19-23\n\n[Event \"b\"]\n1. 33-28 *", PDN_DIAG_MISSING_RESULT, NULL, "2."},
        /* Black starts (FEN): the unnumbered 19-23 is Black's first, then 2. */
        {"[FEN \"B:W31-50:B1-20\"]\n19-23 ) *", PDN_DIAG_UNMATCHED_PAREN, NULL, "2."},
        /* A variation starts with the label of the move it replaces. */
        {"1. 32-28 19-23 (18-22 ) ) *", PDN_DIAG_UNMATCHED_PAREN, NULL, "2."},
        {"1. 32-28 (33-28 ) ) *", PDN_DIAG_UNMATCHED_PAREN, NULL, "1..."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_game *g = one(cases[i].text, false);
        const struct diag_record *d =
            cases[i].detail ? need(cases[i].detail) : need_code(cases[i].code);
        assert_string_equal(d->move_number, cases[i].label);
        pdn_game_free(g);
    }
}

/* 2. Offending text as written; "--" and "- -" are one node each, of
 * their text as written. */
static void test_findings_text_as_written(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32- 28 *", false);
    assert_string_equal(need("space inside a move")->text, "32- 28");
    assert_string_equal(g->main.moves[0].text, "32-28");
    pdn_game_free(g);
    g = one("1. 32-28 -- 2. 33-29 *", false);
    assert_string_equal(need("unknown move")->text, "--");
    assert_int_equal(g->main.nmoves, 3);
    assert_string_equal(g->main.moves[1].text, "--");
    pdn_game_free(g);
    /* The node as written too: the replay's 'move not given' quotes it. */
    g = one("1. - - 19-23 *", false);
    assert_string_equal(need("unknown move")->text, "- -");
    assert_int_equal(g->main.nmoves, 2);
    assert_string_equal(g->main.moves[0].text, "- -");
    pdn_game_free(g);
}

/* 3. A tag block after a blank line that repeats a tag starts a game. */
static void test_findings_tags_only_game_then_tags(void **state)
{
    (void)state;
    const char *text = "[Event \"g9\"][Site \"x\"]\n\n[Event \"g10\"]\n1. 32-28 *";
    for (int strict = 0; strict < 2; strict++) {
        pdn_game *g = NULL;
        assert_int_equal(fix_read_str(&F, text, strict, &g), 2);
        assert_int_equal(g->ntags, 2);
        const struct diag_record *d =
            strict ? dc_first_error(&F.dc) : need_code(PDN_DIAG_MISSING_RESULT);
        assert_non_null(d);
        /* Strict: the '[' where a separator is needed; lenient: the end
         * of the game that has no result. */
        dc_expect_at(d, strict ? 3 : 1, strict ? 1 : 22);
        assert_int_equal(d->game, 1);
        pdn_game_free(g);
    }
    assert_int_equal(fix_read_str(&F, "[Site \"x\"]\n\n[Site \"y\"]\n1. 32-28 *", false, NULL), 2);
    /* No blank line: one game with a duplicate tag. */
    assert_int_equal(fix_read_str(&F, "[Event \"a\"]\n[Event \"b\"]\n1. 32-28 *", false, NULL), 1);
    need_code(PDN_DIAG_DUPLICATE_TAG);
}

/* 4. Strict mode reports a bad tag without swallowing the next game. */
static void test_findings_strict_bad_tag_resyncs(void **state)
{
    (void)state;
    const char *text = "[Event \"g12\"]\n[White \"x\" extra]\n1. 32-28 *\n\n"
                       "[Event \"g13\"]\n1. 33-29 *\n";
    for (int strict = 0; strict < 2; strict++) {
        pdn_game *g = NULL;
        assert_int_equal(fix_read_str(&F, text, strict, &g), 2);
        const struct diag_record *d = need("unescaped quote in a tag value");
        assert_int_equal(d->code, strict ? PDN_DIAG_BAD_TAG : PDN_DIAG_NONSTANDARD);
        assert_int_equal(d->line, 2);
        pdn_game_free(g);
    }
}

/* 5. Chess-style results are in the grammar; other spellings are not. */
static void test_findings_chess_results(void **state)
{
    (void)state;
    const char *ok[] = {"1. 32-28 1-0", "1. 32-28 0-1", "1. 32-28 1/2-1/2"};
    for (size_t i = 0; i < 3; i++) {
        pdn_game *g = fix_clean(&F, ok[i], false);
        pdn_game_free(g);
    }
    pdn_game *g = one("1. 32-28 \xc2\xbd-\xc2\xbd", false);
    assert_int_equal(g->result, PDN_RESULT_DRAW);
    need("nonstandard result notation");
    pdn_game_free(g);
}

/* 5b. A result read as '*' is said once at the terminator, by the reader,
 * and the replay says so of the Result tag only, not a second time of the
 * terminator: the lone dash of the 48th Polish Team Championship, and the
 * match score of conformance/fail/delfts.pdn ([Result "4-6"] ... 4-6). */
static void expect_result_said_once(const char *text, const char *detail, uint32_t col)
{
    pdn_game *g = one(text, false);
    assert_int_equal(g->result, PDN_RESULT_UNKNOWN);
    dc_expect_at(need(detail), 2, col);
    assert_int_equal(F.dc.total, 1);
    struct diag_collector replay_found;
    assert_true(dc_replay(&replay_found, g) >= 0);
    assert_int_equal(dc_count(&replay_found, PDN_DIAG_UNKNOWN_RESULT), 1);
    dc_expect_at(dc_find(&replay_found, PDN_DIAG_UNKNOWN_RESULT), 1, 1);
    pdn_game_free(g);
}

static void test_findings_dash_result_said_once(void **state)
{
    (void)state;
    expect_result_said_once("[Result \"-\"]\n1. 32-28 19-23 -\n",
                            "a dash for no result, read as '*'", 16);
    expect_result_said_once("[Result \"4-6\"]\n1. 32-28 19-23 4-6\n",
                            "match-scoring result, read as '*'", 16);
}

/* 6. The last game without a result: warned in lenient mode only (the
 * grammar lets the last game go without a separator). */
static void test_findings_last_game_without_result(void **state)
{
    (void)state;
    pdn_game *g = one("[Event \"a\"]\n1. 32-28 19-23\n", false);
    const struct diag_record *d = need_code(PDN_DIAG_MISSING_RESULT);
    /* The last character of the movetext, not past the end of the file. */
    dc_expect_at(d, 2, 14);
    assert_string_equal(d->move_number, "2.");
    pdn_game_free(g);
    g = fix_clean(&F, "[Event \"a\"]\n1. 32-28 19-23\n", true);
    pdn_game_free(g);
}

/* 7. 51 and 99 are squares of the grammar; 0, 00 and 10 digits are not. */
static void test_findings_square_numbers(void **state)
{
    (void)state;
    pdn_game *g = fix_clean(&F, "1. 32-51 99-32 *", true);
    assert_string_equal(g->main.moves[0].text, "32-51");
    assert_string_equal(g->main.moves[1].text, "99-32");
    pdn_game_free(g);
    struct {
        const char *input, *text;
        uint32_t col;
    } bad[] = {
        {"1. 0-5 *", "0", 4}, {"1. 32-00 *", "00", 7}, {"1. 4294967297-5 *", "4294967297", 4}};
    for (size_t i = 0; i < 3; i++) {
        g = one(bad[i].input, false);
        const struct diag_record *d = need("not a square number");
        assert_int_equal(d->code, PDN_DIAG_SYNTAX);
        assert_string_equal(d->text, bad[i].text);
        assert_int_equal(d->col, bad[i].col);
        assert_int_equal(g->result, PDN_RESULT_UNKNOWN);
        pdn_game_free(g);
    }
}

/* 8. NAGs past $255 are warned about and kept; huge ones are clamped. */
static void test_findings_nag_range(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32-28 $256 *", false);
    const struct diag_record *d = need("NAG outside");
    assert_string_equal(d->text, "$256");
    assert_string_equal(d->move_number, "1.");
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->nags[0], 256);
    pdn_game_free(g);
    g = one("1. 32-28 $99999999999999999999999 *", false);
    assert_int_equal(need_code(PDN_DIAG_LIMIT)->col, 10);
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->nags[0], 65535);
    pdn_game_free(g);
}

/* 9. Floods: at most 10 findings of a code per game, the 10th says so. */
static void test_findings_floods_are_capped(void **state)
{
    (void)state;
    size_t n = 1 << 20;
    char *nuls = calloc(n, 1);
    assert_non_null(nuls);
    memcpy(nuls, "1. 32-28 ", 9); /* a game, or the file is no PDN */
    fix_read_mem(&F, nuls, n, false, NULL);
    assert_int_equal(F.dc.count[PDN_DIAG_NUL_BYTE], 10);
    assert_int_equal(F.dc.kept[9].code, PDN_DIAG_NUL_BYTE);
    assert_non_null(strstr(F.dc.kept[9].detail, "not reported"));
    free(nuls);
    /* a line end ends a run of junk words: a finding a line */
    char text[4096] = "1. 32-28 ";
    for (int i = 0; i < 200; i++)
        strcat(text, "@@\n");
    strcat(text, "*");
    pdn_game *g = one(text, false);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_UNEXPECTED_CHAR), 10);
    pdn_game_free(g);
}

/* 9b. A run of words no token takes among the moves is one finding that
 * quotes it (cut as every quote is) at its first word, and one comment:
 * "this is some junk text" was five of each. */
static void test_findings_junk_run_said_once(void **state)
{
    (void)state;
    const char *text = "1. 32-28 19-23 this is some junk text 2. 28x19 14x23 *";
    pdn_game *g = one(text, false);
    assert_int_equal(F.dc.total, 1);
    const struct diag_record *d = need_code(PDN_DIAG_UNEXPECTED_CHAR);
    assert_string_equal(d->text, "this is some junk text");
    assert_int_equal(d->col, 16);
    assert_string_equal(d->move_number, "2.");
    const struct pdn_node *n = &g->main.moves[1];
    assert_int_equal(g->main.nmoves, 4);
    assert_int_equal(pdn_annotations_of(n)->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(n)->comments_after[0].text, "this is some junk text");
    assert_int_equal(pdn_annotations_of(n)->comments_after[0].pos.col, 16);
    pdn_game_free(g);
    g = one(text, true); /* strict: the same one error, the rest skipped */
    assert_int_equal(F.dc.total, 1);
    assert_string_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->text, "this is some junk text");
    pdn_game_free(g);

    /* 20 words, 99 characters: the quote is cut after 60 bytes, the
     * comment keeps them all */
    char words[128] = "";
    for (int i = 0; i < 20; i++)
        strcat(words, i ? " word" : "word");
    char game[256];
    snprintf(game, sizeof game, "1. 32-28 %s 19-23 *", words);
    g = one(game, false);
    assert_int_equal(F.dc.total, 1);
    d = need_code(PDN_DIAG_UNEXPECTED_CHAR);
    assert_int_equal(strlen(d->text), 63);
    assert_memory_equal(d->text, words, 60);
    assert_string_equal(d->text + 60, "...");
    assert_string_equal(pdn_annotations_of(&g->main.moves[0])->comments_after[0].text, words);
    pdn_game_free(g);
}

/* The one junk finding of text: its quote, column and move label, kept as
 * the one comment after move 'after' (0-based) of a main line of nmoves. */
static void expect_one_remark(const char *text, const char *quote, uint32_t col, const char *label,
                              size_t after, size_t nmoves)
{
    pdn_game *g = one(text, false);
    assert_int_equal(F.dc.total, 1);
    const struct diag_record *d = need_code(PDN_DIAG_UNEXPECTED_CHAR);
    assert_string_equal(d->text, quote);
    assert_int_equal(d->col, col);
    assert_string_equal(d->move_number, label);
    assert_int_equal(g->main.nmoves, nmoves);
    const struct pdn_node *n = &g->main.moves[after];
    assert_int_equal(pdn_annotations_of(n)->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(n)->comments_after[0].text, quote);
    pdn_game_free(g);
}

/* 9c. A word of letters that starts with 'x' ("xeque": check, in
 * Portuguese) is a remark's word, not a capture sign: one finding and one
 * comment for the remark, where "capture sign without a move" and the junk
 * "eque" were two of each. */
static void test_findings_x_word_is_a_remark(void **state)
{
    (void)state;
    expect_one_remark("1. 32-28 19-23 xeque 2. 28x19 14x23 *", "xeque", 16, "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 o xeque foi forte 2. 28x19 14x23 *", "o xeque foi forte", 16,
                      "2.", 1, 4);
}

/* 9d. A dash or an ellipsis between words of a remark on one line is the
 * remark's: one finding, one comment, and no move not given (which left
 * the rest of the line unreplayed). With a word on one side only, it is
 * still a move not given, a node of its own. */
static void test_findings_dash_in_a_remark(void **state)
{
    (void)state;
    expect_one_remark("1. 32-28 19-23 a long - thought 2. 28x19 14x23 *", "a long - thought", 16,
                      "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 he waited ... then 2. 28x19 14x23 *", "he waited ... then",
                      16, "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 a long -thought 2. 28x19 14x23 *", "a long -thought", 16,
                      "2.", 1, 4);
    pdn_game *g = one("1. 32-28 19-23 white was away - 3... 10-14 *", false);
    assert_string_equal(need("unknown move")->text, "-");
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_UNEXPECTED_CHAR), 1);
    assert_int_equal(g->main.nmoves, 4);
    assert_string_equal(g->main.moves[2].text, "-");
    pdn_game_free(g);
}

/* 9f. A lone 'x' or ':', or a number, between words of a remark on one
 * line is the remark's: "Brancas x Pretas" was three findings ("unexpected
 * text", "capture sign without a move", "unexpected text") and three
 * comments; "Round 3" above a game's tags a game of its own ({Round} {3} *,
 * "game ends without a result"). A capture sign next to a move keeps its
 * meaning. */
static void test_findings_filler_in_a_remark(void **state)
{
    (void)state;
    expect_one_remark("1. 32-28 19-23 Brancas x Pretas 2. 28x19 14x23 *", "Brancas x Pretas", 16,
                      "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 Remarque : les blancs 2. 28x19 14x23 *",
                      "Remarque : les blancs", 16, "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 spent 3 minutes 2. 28x19 14x23 *", "spent 3 minutes", 16,
                      "2.", 1, 4);
    /* two in a row: they were four findings and four comments */
    expect_one_remark("1. 32-28 19-23 Brancas x : Pretas 2. 28x19 14x23 *", "Brancas x : Pretas",
                      16, "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 spent 3 4 minutes 2. 28x19 14x23 *", "spent 3 4 minutes", 16,
                      "2.", 1, 4);
    pdn_game *g = NULL;
    assert_int_equal(fix_read_str(&F, "Round 3\n[Event \"x\"]\n1. 32-28 *\n", false, &g), 1);
    assert_int_equal(F.dc.total, 1);
    assert_string_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->text, "Round 3");
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->ncomments_before, 1);
    assert_string_equal(pdn_annotations_of(&g->main.moves[0])->comments_before[0].text, "Round 3");
    pdn_game_free(g);
    g = one("1. 32-28 x 19-23 *", false);
    assert_non_null(need("capture sign without a move"));
    assert_int_equal(g->main.nmoves, 2);
    pdn_game_free(g);
}

/* 9e. A dash after a remark, with the move number of the ply it would
 * stand for right after it ("a long - 2. 28x19": White's move 2), cannot
 * be that move not given: it ends the remark. It was a node "-" that
 * pdnfmt wrote "{a long} 2. -- 2. 28x19", a number twice, and the replay
 * stopped for the rest of the line. Where the number leaves the dash a
 * ply ("3..." after White's move 3 not given), or in strict reading, a
 * dash is what it was. On the next line it is not the remark's, and no
 * move either (9g). Files that number Black's move as White's ("2. 37-32
 * 2. 14-19") name Black's move 2 "2.": "2. 37-32 a long - 2. 14-19" ends
 * the remark too. */
static void test_findings_dash_ends_a_remark(void **state)
{
    (void)state;
    expect_one_remark("1. 32-28 19-23 a long - 2. 28x19 14x23 *", "a long -", 16, "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 a long - - 2. 28x19 14x23 *", "a long - -", 16, "2.", 1, 4);
    expect_one_remark("1. 32-28 19-23 a long \xe2\x80\x93 2. 28x19 14x23 *", "a long \xe2\x80\x93",
                      16, "2.", 1, 4);
    expect_one_remark("1. 32-28 white thinks - 1... 19-23 2. 28x19 14x23 *", "white thinks -", 10,
                      "1...", 0, 4);
    pdn_game *g = one("1. 32-28 19-23 black away - 2. 28x19 *", true);
    assert_non_null(need_code(PDN_DIAG_UNEXPECTED_CHAR));
    pdn_game_free(g);
    g = one("1. 32-28 19-23 a long\n- 2. 28x19 *", false);
    assert_int_equal(g->main.nmoves, 3);
    assert_string_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->text, "a long");
    assert_string_equal(need("stray dash")->text, "-");
    pdn_game_free(g);
    expect_one_remark("1. 32-28 19-23 2. 37-32 a long - 2. 14-19 3. 32-27 *", "a long -", 25,
                      "2...", 2, 5);
}

/* One reading of text, through the quick lane or tokens only
 * (PDN_SLOW_PATH): both must take a stray dash alike. */
static pdn_game *one_path(const char *text, bool slow)
{
    if (slow) setenv("PDN_SLOW_PATH", "1", 1);
    pdn_game *g = one(text, false);
    unsetenv("PDN_SLOW_PATH");
    return g;
}

/* A stray dash, no remark, in text with nmoves moves: one finding (the
 * first, when a stray '.' stands before it), quoting it at col, labelled
 * with the ply it would stand for, and no node. */
static void expect_stray_dash(const char *text, const char *quote, uint32_t col, const char *label,
                              size_t findings, size_t nmoves)
{
    for (int slow = 0; slow <= 1; slow++) {
        pdn_game *g = one_path(text, slow);
        assert_int_equal(F.dc.total, findings);
        const struct diag_record *d = need("stray dash");
        assert_int_equal(d->code, PDN_DIAG_NONSTANDARD);
        assert_string_equal(d->text, quote);
        assert_int_equal(d->col, col);
        assert_string_equal(d->move_number, label);
        assert_int_equal(g->main.nmoves, nmoves);
        for (uint32_t i = 0; i < g->main.nmoves; i++)
            assert_true(g->main.moves[i].text[0] != '-');
        pdn_game_free(g);
    }
}

/* 9g. A dash straight after a move, with the move number of the ply it
 * would stand for right after it ("19-23 - 2. 28x19"), is no move not
 * given: White's move 2 cannot be both. It was a node "-" that pdnfmt
 * wrote "2. -- 2. 28x19", a number twice, with two findings ("unknown
 * move", "move not given") and the rest of the line not replayed. Now a
 * stray dash: one warning, no node, as a stray '.' is. A move number
 * before the dash, a number that leaves it a ply ("2. 28x19 - 3."), or
 * strict reading keep it what it was. */
static void test_findings_stray_dash(void **state)
{
    (void)state;
    expect_stray_dash("1. 32-28 19-23 - 2. 28x19 14x23 *", "-", 16, "2.", 1, 4);
    expect_stray_dash("1. 32-28 19-23 - - 2. 28x19 14x23 *", "- -", 16, "2.", 1, 4);
    expect_stray_dash("1. 32-28 19-23 -- 2. 28x19 14x23 *", "--", 16, "2.", 1, 4);
    expect_stray_dash("1. 32-28 19-23 -\n2. 28x19 14x23 *", "-", 16, "2.", 1, 4);
    expect_stray_dash("1. 32-28 19-23 . - 2. 28x19 14x23 *", "-", 18, "2.", 2, 4);
    expect_stray_dash("1. 32-28 19-23 {c} - 2. 28x19 14x23 *", "-", 20, "2.", 1, 4);
    expect_stray_dash("1. 32-28 19-23 2. 28x19 - 2... 14x23 *", "-", 25, "2...", 1, 4);
    expect_stray_dash("- 1. 32-28 19-23 *", "-", 1, "", 1, 2);
    /* "2." for Black's move 2, the file's way (the replay says so). */
    expect_stray_dash("1. 32-28 19-23 2. 28x19 - 2. 14x23 *", "-", 25, "2...", 1, 4);
    expect_stray_dash("1. 32-28 19-23 2. 33-29 (2. 37-32 - 2. 14-19) 14-19 *", "-", 35, "2...", 1,
                      4);

    static const char *const kept[] = {
        "1. 32-28 19-23 2. - 2. 28x19 *",         /* a number before the dash */
        "1. 32-28 19-23 2. 28x19 - 3. 37-32 *",   /* Black's move 2 not given */
        "1. 32-28 19-23 - 2... 14-19 3. 37-32 *", /* White's move 2 not given */
    };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        for (int slow = 0; slow <= 1; slow++) {
            pdn_game *g = one_path(kept[i], slow);
            assert_non_null(need("unknown move"));
            assert_null(dc_find_detail(&F.dc, "stray dash"));
            pdn_game_free(g);
        }
    }
    pdn_game *g = one("1. 32-28 19-23 - 2. 28x19 *", true);
    assert_null(dc_find_detail(&F.dc, "stray dash"));
    assert_non_null(need_code(PDN_DIAG_SYNTAX));
    pdn_game_free(g);
}

/* The same remarks across the reader's blocks: the dash and the number
 * after it are looked at ahead, through refills, wherever a block ends. */
static void test_findings_dash_ends_a_remark_at_block_edges(void **state)
{
    (void)state;
    enum { GAMES = 20000 };
    char *text = malloc((size_t)GAMES * 96), *p = text;
    for (int i = 0; i < GAMES; i++)
        p += sprintf(p, "[R \"%d\"]\n1. 32-28 19-23 a l%.*sng - %.*s2. 28x19 *\n", i, i % 23,
                     "ooooooooooooooooooooooo", i % 7, "       ");
    pdn_game *g = NULL;
    assert_int_equal(fix_read_mem(&F, text, (size_t)(p - text), false, &g), GAMES);
    assert_int_equal(F.dc.total, GAMES);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_UNEXPECTED_CHAR), GAMES);
    assert_int_equal(g->main.nmoves, 3);
    pdn_game_free(g);
    free(text);
}

/* 9h. A remark before a game's first move, with a dash after it and the
 * move number of that first ply ("a long - 1. 32-28"): the dash is the
 * remark's, as in a game (9e). It was "unexpected text 'a long'" and the
 * dash White's move 1 not given, which pdnfmt wrote "{a long} 1. -- 1.
 * 32-28": the look ahead ran only in a game. The same on the line of a
 * result, for the remark the game it ends keeps. */
static void test_findings_dash_ends_a_remark_before_a_game(void **state)
{
    (void)state;
    static const struct {
        const char *text, *quote;
    } cases[] = {
        {"a long - 1. 32-28 19-23 *", "a long -"},
        {"a long -- 1. 32-28 19-23 *", "a long --"},
        {"a long - - 1. 32-28 19-23 *", "a long - -"},
        {"a long \xe2\x80\x93 1. 32-28 19-23 *", "a long \xe2\x80\x93"},
        {"[Event \"x\"]\n1. 32-28 *\na long - 1. 32-28 19-23 *", "a long -"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_game *g = NULL;
        size_t games = fix_read_str(&F, cases[i].text, false, &g);
        assert_int_equal(F.dc.total, 1);
        assert_string_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->text, cases[i].quote);
        pdn_game_free(g);
        /* the game of the remark: the last */
        pdn_reader *r = NULL;
        struct pdn_reader_options o = fix_options(&F, false);
        assert_int_equal(pdn_reader_open_memory(&r, cases[i].text, strlen(cases[i].text), &o), 0);
        for (size_t k = 0; k < games; k++) {
            assert_int_equal(pdn_reader_next(&g, r), 1);
            if (k + 1 < games) pdn_game_free(g);
        }
        pdn_reader_free(r);
        assert_int_equal(g->main.nmoves, 2);
        assert_int_equal(pdn_annotations_of(&g->main.moves[0])->ncomments_before, 1);
        assert_string_equal(pdn_annotations_of(&g->main.moves[0])->comments_before[0].text,
                            cases[i].quote);
        pdn_game_free(g);
    }
    pdn_game *g = NULL;
    assert_int_equal(
        fix_read_str(&F, "[Event \"x\"]\n1. 32-28 2-0 forfeit - 1. 32-28 *", false, &g), 2);
    assert_int_equal(F.dc.total, 1);
    assert_string_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->text, "forfeit -");
    assert_string_equal(pdn_annotations_of(&g->main.moves[0])->comments_after[0].text, "forfeit -");
    pdn_game_free(g);
    /* White's move 1 not given, then Black's: the dash stays a move. */
    g = one("a long - - 1... 19-23 *", false);
    assert_non_null(need("unknown move"));
    assert_int_equal(g->main.nmoves, 2);
    pdn_game_free(g);
}

/* The same through the reader's blocks, remarks longer than the line the
 * window keeps before a game (LEXER_LINE_BACK): the remark stays in the
 * window while the dash and the number after it are looked at. */
static void test_findings_dash_ends_a_remark_before_a_game_at_block_edges(void **state)
{
    (void)state;
    enum { GAMES = 3000, LONG = 300 };
    char *text = malloc((size_t)GAMES * (LONG + 320)), *p = text;
    char o[LONG + 23], pad[7 * 30];
    memset(o, 'o', sizeof o);
    memset(pad, ' ', sizeof pad);
    for (int i = 0; i < GAMES; i++)
        p += sprintf(p, "a l%.*sng - %.*s1. 32-28 19-23 *\n", LONG + i % 23, o, i % 7 * 30, pad);
    /* A file: a memory input is one window, which no refill moves. */
    char path[] = "/tmp/test_reader_findings.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, (size_t)(p - text), f), (size_t)(p - text));
    assert_int_equal(fclose(f), 0);
    struct pdn_reader_options opt = fix_options(&F, false);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, &opt), 0);
    pdn_game *g;
    int games = 0;
    while (pdn_reader_next(&g, r) == 1) {
        assert_int_equal(g->main.nmoves, 2);
        assert_int_equal(pdn_annotations_of(&g->main.moves[0])->ncomments_before, 1);
        const char *c = pdn_annotations_of(&g->main.moves[0])->comments_before[0].text;
        assert_int_equal(strlen(c), 3 + LONG + games % 23 + 2 + 2);
        assert_memory_equal(c + strlen(c) - 4, "ng -", 4);
        pdn_game_free(g);
        games++;
    }
    pdn_reader_free(r);
    unlink(path);
    assert_int_equal(games, GAMES);
    assert_int_equal(F.dc.total, GAMES);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_UNEXPECTED_CHAR), GAMES);
    free(text);
}

/* A game cut at the size limit inside a comment: the rest is read as a new
 * game of junk words, reported a few times, not once per word. */
static void test_findings_cut_game_not_flooded(void **state)
{
    (void)state;
    size_t n = PDN_LIMIT_GAME_BYTES + (1u << 20), k = 0;
    char *text = malloc(n + 16);
    assert_non_null(text);
    k += (size_t)sprintf(text, "1. 32-28 {");
    while (k + 8 < n)
        memcpy(text + k, "word w ", 7), k += 7;
    k += (size_t)sprintf(text + k, "} *");
    fix_read_mem(&F, text, k, false, NULL);
    assert_true(F.dc.total < 60);
    free(text);
}

/* 10. NAGs and variations in a line without moves are kept on "...". */
static void test_findings_no_move_lines_keep_annotations(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32-28 ( $1 ) *", false);
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->nvariations, 1);
    const struct pdn_line *v = &pdn_annotations_of(&g->main.moves[0])->variations[0];
    assert_int_equal(v->nmoves, 1);
    assert_string_equal(v->moves[0].text, "...");
    assert_int_equal(pdn_annotations_of(&v->moves[0])->nnags, 1);
    need("kept on a '...' placeholder");
    pdn_game_free(g);
    g = one("$3 *", false);
    assert_int_equal(g->main.nmoves, 1);
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->nags[0], 3);
    pdn_game_free(g);
    /* A variation before the first move becomes that move's alternative. */
    g = one("1. (2. 32-28) 33-29 *", false);
    assert_int_equal(g->main.nmoves, 1);
    assert_string_equal(g->main.moves[0].text, "33-29");
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->nvariations, 1);
    need("variation before any move");
    pdn_game_free(g);
}

/* 11. UTF-16 without a BOM: decoded, one warning. */
static void test_findings_utf16_without_bom(void **state)
{
    (void)state;
    const char *ascii = "[Event \"x\"]\n1. 32-28 *\n";
    size_t n = strlen(ascii);
    char le[64], be[64];
    for (size_t i = 0; i < n; i++) {
        le[2 * i] = be[2 * i + 1] = ascii[i];
        le[2 * i + 1] = be[2 * i] = 0;
    }
    pdn_game *g = NULL;
    assert_int_equal(fix_read_mem(&F, le, 2 * n, false, &g), 1);
    assert_string_equal(pdn_game_tag(g, "Event"), "x");
    assert_int_equal(F.dc.total, 1);
    assert_non_null(strstr(need_code(PDN_DIAG_ENCODING_FALLBACK)->detail, "UTF-16LE"));
    pdn_game_free(g);
    assert_int_equal(fix_read_mem(&F, be, 2 * n, false, &g), 1);
    assert_string_equal(g->main.moves[0].text, "32-28");
    assert_non_null(strstr(need_code(PDN_DIAG_ENCODING_FALLBACK)->detail, "UTF-16BE"));
    pdn_game_free(g);
}

/* 11b. Text after the last game that starts no game (an odd trailing byte
 * of UTF-16, decoded as U+FFFD; stray junk) is the file's: its findings
 * name game 0, not a game that never comes, while junk before a game
 * stays that game's. (Before: "game 2" in a file of one game.) */
static void test_findings_junk_after_the_last_game(void **state)
{
    (void)state;
    const char *ascii = "[Event \"x\"]\n1. 32-28 *\n";
    size_t n = strlen(ascii);
    char le[64];
    for (size_t i = 0; i < n; i++) {
        le[2 * i] = ascii[i];
        le[2 * i + 1] = 0;
    }
    le[2 * n] = 'X'; /* the odd byte */
    pdn_game *g = NULL;
    /* the game, and the file's trailer that keeps the junk (test_reader_lost) */
    assert_int_equal(fix_read_mem(&F, le, 2 * n + 1, false, &g), 2);
    pdn_game_free(g);
    assert_int_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->game, 0);
    assert_int_equal(need_code(PDN_DIAG_BAD_ENCODING)->game, 0);
    assert_int_equal(fix_read_str(&F, "1. 32-28 *\n\x01junk\n", false, &g), 2);
    pdn_game_free(g);
    assert_int_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->game, 0);
    /* Before a game, it is that game's; between two, the second's. */
    assert_int_equal(fix_read_str(&F, "\x01junk\n1. 32-28 *\n", false, &g), 1);
    pdn_game_free(g);
    assert_int_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->game, 1);
    assert_int_equal(fix_read_str(&F, "1. 32-28 *\n\x01junk\n1. 33-28 *\n", false, &g), 2);
    pdn_game_free(g);
    assert_int_equal(need_code(PDN_DIAG_UNEXPECTED_CHAR)->game, 2);
}

/* 12. A nested comment is reported at the inner '{' (lenient); strict mode
 * ends the comment at the first '}' and fails on the word after it; an
 * unterminated tag is reported at its '['. */
static void test_findings_nested_comment_and_tag_places(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32-28 {a {nested} comment} 19-23 *", false);
    assert_int_equal(need_code(PDN_DIAG_NESTED_COMMENT)->col, 13);
    pdn_game_free(g);
    g = one("1. 32-28 {a {nested} comment} 19-23 *", true);
    assert_int_equal(dc_first_error(&F.dc)->col, 22); /* "comment} 19-23" after the first '}' */
    pdn_game_free(g);
    g = one("[Event \"x\"\n1. 32-28 *", false);
    const struct diag_record *d = need_code(PDN_DIAG_UNTERMINATED_TAG);
    dc_expect_at(d, 1, 1);
    pdn_game_free(g);
}

/* 16. A NUL byte inside a tag value, a comment of either kind or a setup is
 * reported where it stands; the text keeps a blank in its place. */
static void test_findings_nul_inside_text(void **state)
{
    (void)state;
    static const char text[] = "[Event \"a\0b\"]\n1. 32-28 {x\0y} 19-23 ; c\0d\n"
                               "2. 33-29 /W:W3\0:B1/ *";
    pdn_game *g = NULL;
    fix_read_mem(&F, text, sizeof text - 1, false, &g);
    assert_non_null(g);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_NUL_BYTE), 4);
    uint32_t where[4][2] = {{1, 10}, {2, 12}, {2, 25}, {3, 15}};
    int k = 0;
    for (int i = 0; i < F.dc.nkept && k < 4; i++) {
        if (F.dc.kept[i].code != PDN_DIAG_NUL_BYTE) continue;
        assert_int_equal(F.dc.kept[i].line, where[k][0]);
        assert_int_equal(F.dc.kept[i].col, where[k][1]);
        k++;
    }
    assert_string_equal(g->tags[0].value, "a b");
    assert_string_equal(pdn_annotations_of(&g->main.moves[0])->comments_after[0].text, "x y");
    assert_string_equal(pdn_annotations_of(&g->main.moves[1])->comments_after[0].text, " c d");
    assert_string_equal(g->main.trailing_setup, "W:W3 :B1");
    pdn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_findings_label_black_without_number),
        cmocka_unit_test(test_findings_label_hops_and_dash_captures),
        cmocka_unit_test(test_findings_label_results_parens_setups),
        cmocka_unit_test(test_findings_text_as_written),
        cmocka_unit_test(test_findings_tags_only_game_then_tags),
        cmocka_unit_test(test_findings_strict_bad_tag_resyncs),
        cmocka_unit_test(test_findings_chess_results),
        cmocka_unit_test(test_findings_dash_result_said_once),
        cmocka_unit_test(test_findings_last_game_without_result),
        cmocka_unit_test(test_findings_square_numbers),
        cmocka_unit_test(test_findings_nag_range),
        cmocka_unit_test(test_findings_floods_are_capped),
        cmocka_unit_test(test_findings_junk_run_said_once),
        cmocka_unit_test(test_findings_x_word_is_a_remark),
        cmocka_unit_test(test_findings_dash_in_a_remark),
        cmocka_unit_test(test_findings_dash_ends_a_remark),
        cmocka_unit_test(test_findings_stray_dash),
        cmocka_unit_test(test_findings_filler_in_a_remark),
        cmocka_unit_test(test_findings_dash_ends_a_remark_at_block_edges),
        cmocka_unit_test(test_findings_dash_ends_a_remark_before_a_game),
        cmocka_unit_test(test_findings_dash_ends_a_remark_before_a_game_at_block_edges),
        cmocka_unit_test(test_findings_cut_game_not_flooded),
        cmocka_unit_test(test_findings_no_move_lines_keep_annotations),
        cmocka_unit_test(test_findings_utf16_without_bom),
        cmocka_unit_test(test_findings_junk_after_the_last_game),
        cmocka_unit_test(test_findings_nested_comment_and_tag_places),
        cmocka_unit_test(test_findings_nul_inside_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
