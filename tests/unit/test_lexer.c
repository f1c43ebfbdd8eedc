/*
 * Unit tests of the lexer (lib/lexer.h): every token class, the
 * result-vs-move traps, positions (line:column in characters, CR/LF/CRLF),
 * the retry protocol at the end of a window, and the lenient forms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lexer.h"
#include "tag_synonym.h"

#include <stdio.h>
#include <string.h>

#define MAXTOK 64

struct lexed {
    struct token tok[MAXTOK];
    char text[MAXTOK][64];
    int n;
    int reports; /* findings between tokens */
    enum odd_form last_odd;
};

static void on_report(void *ctx, enum pdn_diag_code code, enum odd_form odd,
                      const struct pdn_pos *pos, const char *text, size_t len)
{
    struct lexed *l = ctx;
    (void)code, (void)pos, (void)text, (void)len;
    l->reports++;
    l->last_odd = odd;
}

static struct lexed *lex(const char *s, bool strict)
{
    static struct lexed l;
    memset(&l, 0, sizeof l);
    struct lexer lx;
    lexer_init(&lx, strict, on_report, &l);
    lx.buf = s;
    lx.end = strlen(s);
    lx.eof = true;
    while (l.n < MAXTOK && lexer_next(&lx, &l.tok[l.n]) != TOK_EOF) {
        size_t len = l.tok[l.n].len < 63 ? l.tok[l.n].len : 63;
        memcpy(l.text[l.n], s + l.tok[l.n].start, len);
        l.text[l.n][len] = '\0';
        l.n++;
    }
    return &l;
}

static void expect_kinds(const struct lexed *l, const enum token_kind *kinds, int n)
{
    assert_int_equal(l->n, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(l->tok[i].kind, kinds[i]);
}

static void test_lexer_tag(void **state)
{
    (void)state;
    const char *s = "[Event \"A \\\"big\\\" one\"]";
    struct lexed *l = lex(s, true);
    assert_int_equal(l->n, 1);
    assert_int_equal(l->tok[0].kind, TOK_TAG);
    assert_int_equal(l->tok[0].name_len, 5);
    assert_memory_equal(s + l->tok[0].name_start, "Event", 5);
    assert_int_equal(l->tok[0].value_len, strlen("A \\\"big\\\" one"));
    assert_false(l->tok[0].find.set);
}

static void test_lexer_tag_lenient_forms(void **state)
{
    (void)state;
    const char *s = "[Type de jeu \"20\"] [Empty] [Event \"a \"b\" c\"]";
    struct lexed *l = lex(s, false);
    assert_int_equal(l->n, 3);
    assert_memory_equal(s + l->tok[0].name_start, "Type de jeu", l->tok[0].name_len);
    assert_int_equal(l->tok[0].find.odd, ODD_TAG_NAME);
    /* At the tag it quotes whole, not at the 'd' after "Type ". */
    assert_int_equal(l->tok[0].find.pos.col, 1);
    assert_false(l->tok[1].has_value);
    assert_int_equal(l->tok[1].find.odd, ODD_TAG_NO_VALUE);
    /* At the tag it quotes whole ('[Empty]'), not at its ']'. */
    assert_int_equal(l->tok[1].find.pos.col, 20);
    assert_memory_equal(s + l->tok[2].value_start, "a \"b\" c", l->tok[2].value_len);
    assert_int_equal(l->tok[2].find.odd, ODD_TAG_QUOTES);
    l = lex("[Type de jeu \"20\"]", true);
    assert_int_equal(l->tok[0].find.code, PDN_DIAG_BAD_TAG);
    assert_true(l->tok[0].find.error);
    /* At the '[' of the tag the finding quotes, in strict mode too (the
     * "de" where the value should be is in the quote). */
    assert_int_equal(l->tok[0].find.pos.col, 1);
    /* A value without quotes after the name: the name and its value, not a
     * name "Event abc def" of no value (the Event lost). */
    s = "[Event abc def] [White Jan ]";
    l = lex(s, false);
    assert_int_equal(l->n, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(l->tok[i].find.odd, ODD_TAG_UNQUOTED);
        assert_true(l->tok[i].has_value);
    }
    assert_memory_equal(s + l->tok[0].name_start, "Event", l->tok[0].name_len);
    assert_memory_equal(s + l->tok[0].value_start, "abc def", l->tok[0].value_len);
    assert_int_equal(l->tok[0].value_len, 7);
    assert_memory_equal(s + l->tok[1].name_start, "White", l->tok[1].name_len);
    assert_int_equal(l->tok[1].value_len, 3);
}

static void test_lexer_movenum(void **state)
{
    (void)state;
    struct lexed *l = lex("12. 12... 01.", true);
    enum token_kind k[] = {TOK_MOVENUM, TOK_MOVENUM, TOK_MOVENUM};
    expect_kinds(l, k, 3);
    assert_int_equal(l->tok[0].value, 12);
    assert_false(l->tok[0].black);
    assert_true(l->tok[1].black);
    assert_true(l->tok[2].zero);
    assert_int_equal(l->tok[2].value, 1);
}

static void test_lexer_squares_and_separators(void **state)
{
    (void)state;
    struct lexed *l = lex("32-28 28x19 19:10 06", true);
    enum token_kind k[] = {TOK_NUMBER, TOK_DASH,   TOK_NUMBER,  TOK_NUMBER, TOK_CAPTURE,
                           TOK_NUMBER, TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER, TOK_NUMBER};
    expect_kinds(l, k, 10);
    assert_int_equal(l->tok[0].value, 32);
    assert_int_equal(l->tok[9].value, 6);
    assert_true(l->tok[9].zero);
    assert_int_equal(l->tok[9].digits, 2);
}

static void test_lexer_result_vs_move_1_1(void **state)
{
    (void)state;
    struct lexed *l = lex("1-1 1-10", true);
    enum token_kind k[] = {TOK_RESULT, TOK_NUMBER, TOK_DASH, TOK_NUMBER};
    expect_kinds(l, k, 4);
    assert_int_equal(l->tok[0].value, PDN_RESULT_DRAW);
    assert_int_equal(l->tok[3].value, 10);
}

static void test_lexer_result_vs_move_2_0(void **state)
{
    (void)state;
    struct lexed *l = lex("2-0 2-01 1-0 1-05 0-2", true);
    enum token_kind k[] = {TOK_RESULT, TOK_NUMBER, TOK_DASH,   TOK_NUMBER, TOK_RESULT,
                           TOK_NUMBER, TOK_DASH,   TOK_NUMBER, TOK_RESULT};
    expect_kinds(l, k, 9);
    assert_int_equal(l->tok[0].value, PDN_RESULT_WHITE_WIN);
    assert_string_equal(l->text[3], "01");
    assert_int_equal(l->tok[4].value, PDN_RESULT_WHITE_WIN);
    assert_string_equal(l->text[7], "05");
    assert_int_equal(l->tok[8].value, PDN_RESULT_BLACK_WIN);
}

static void test_lexer_result_0_0_and_others(void **state)
{
    (void)state;
    struct lexed *l = lex("0-0 0-1 1/2-1/2 * 1-1!", true);
    enum token_kind k[] = {TOK_RESULT, TOK_RESULT, TOK_RESULT, TOK_STAR, TOK_RESULT, TOK_STRENGTH};
    expect_kinds(l, k, 6);
    assert_int_equal(l->tok[0].value, PDN_RESULT_BOTH_LOST);
    assert_int_equal(l->tok[1].value, PDN_RESULT_BLACK_WIN);
    assert_int_equal(l->tok[2].value, PDN_RESULT_DRAW);
    assert_string_equal(l->text[2], "1/2-1/2");
    /* The chess-style results are in the grammar: no finding. The other
     * spellings are lenient-only and named. */
    l = lex("1-0 0.5-0.5 \xc2\xbd-\xc2\xbd", false);
    assert_int_equal(l->n, 3);
    assert_false(l->tok[0].find.set);
    assert_int_equal(l->tok[1].find.odd, ODD_ODD_RESULT);
    assert_int_equal(l->tok[2].find.odd, ODD_ODD_RESULT);
    assert_int_equal(l->tok[1].value, PDN_RESULT_DRAW);
    assert_int_equal(l->tok[2].kind, TOK_RESULT);
    assert_int_equal(l->tok[2].value, PDN_RESULT_DRAW);
}

/* A result cut by the end of the window is not decided until more comes. */
static void test_lexer_result_at_window_end(void **state)
{
    (void)state;
    const char *s = "1-10 ";
    struct lexer lx;
    struct token t;
    lexer_init(&lx, true, NULL, NULL);
    lx.buf = s;
    lx.end = 3; /* "1-1" so far */
    assert_int_equal(lexer_next(&lx, &t), TOK_MORE);
    assert_int_equal(lx.pos, 0);
    lx.end = 5;
    assert_int_equal(lexer_next(&lx, &t), TOK_NUMBER);
    assert_int_equal(t.value, 1);
}

static void test_lexer_strength_and_nag(void **state)
{
    (void)state;
    struct lexed *l = lex("!? ?? (!) ( $12 $", true);
    enum token_kind k[] = {TOK_STRENGTH, TOK_STRENGTH, TOK_STRENGTH, TOK_LPAREN, TOK_NAG, TOK_JUNK};
    expect_kinds(l, k, 6);
    assert_string_equal(l->text[2], "(!)");
    assert_int_equal(l->tok[4].value, 12);
    assert_int_equal(l->tok[5].find.code, PDN_DIAG_UNEXPECTED_CHAR);
}

static void test_lexer_comments_and_positions(void **state)
{
    (void)state;
    const char *s = "{a\nb} ; rest\n% gone\n )";
    struct lexed *l = lex(s, true);
    enum token_kind k[] = {TOK_COMMENT, TOK_LINECOMMENT, TOK_RPAREN};
    expect_kinds(l, k, 3);
    assert_memory_equal(s + l->tok[0].inner_start, "a\nb", 3);
    assert_int_equal(l->tok[1].pos.line, 2);
    assert_int_equal(l->tok[1].pos.col, 4);
    assert_memory_equal(s + l->tok[1].inner_start, " rest", l->tok[1].inner_len);
    assert_int_equal(l->tok[2].pos.line, 4);
    assert_int_equal(l->tok[2].pos.col, 2);
}

static void test_lexer_setup_star_ellipsis_parens(void **state)
{
    (void)state;
    const char *s = "/FEN \"W:W31:B1\"/ ( ... ) *";
    struct lexed *l = lex(s, true);
    enum token_kind k[] = {TOK_SETUP, TOK_LPAREN, TOK_ELLIPSIS, TOK_RPAREN, TOK_STAR};
    expect_kinds(l, k, 5);
    assert_memory_equal(s + l->tok[0].inner_start, "FEN \"W:W31:B1\"", l->tok[0].inner_len);
}

static void test_lexer_alphanumeric(void **state)
{
    (void)state;
    struct lexed *l = lex("a3b4 c3-d4 c3xe5", true);
    enum token_kind k[] = {TOK_ALPHAMOVE, TOK_ALPHASQ, TOK_DASH,   TOK_ALPHASQ,
                           TOK_ALPHASQ,   TOK_CAPTURE, TOK_ALPHASQ};
    expect_kinds(l, k, 7);
}

static void test_lexer_columns_are_characters(void **state)
{
    (void)state;
    struct lexed *l = lex("[White \"\xd0\x81\xd0\xb6\"] 32-28", true);
    assert_int_equal(l->tok[1].kind, TOK_NUMBER);
    assert_int_equal(l->tok[1].pos.col, 14); /* 12 characters, 14 bytes before */
    assert_int_equal(l->tok[1].pos.offset, 15);
}

static void test_lexer_line_ends(void **state)
{
    (void)state;
    struct lexed *l = lex("1.\r\n2.\r3.\n4.\n\r5.", true);
    assert_int_equal(l->n, 5);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(l->tok[i].pos.line, (uint32_t)i + 1);
        assert_int_equal(l->tok[i].pos.col, 1);
    }
    assert_int_equal(l->tok[4].pos.line, 6); /* LF then CR: two line ends */
}

/* A token cut by the window: MORE, nothing consumed, then the whole token. */
static void test_lexer_more_retries(void **state)
{
    (void)state;
    const char *s = "  {abc} x";
    struct lexer lx;
    struct token t;
    lexer_init(&lx, true, NULL, NULL);
    lx.buf = s;
    lx.end = 5;
    assert_int_equal(lexer_next(&lx, &t), TOK_MORE);
    assert_int_equal(lx.pos, 2); /* the blanks are taken, the comment is not */
    lx.end = strlen(s);
    lx.eof = true;
    assert_int_equal(lexer_next(&lx, &t), TOK_COMMENT);
    assert_int_equal(t.pos.col, 3);
    assert_int_equal(lexer_next(&lx, &t), TOK_CAPTURE);
    assert_int_equal(lexer_next(&lx, &t), TOK_EOF);
}

static void test_lexer_unicode_dash_and_nbsp(void **state)
{
    (void)state;
    const char *s = "32\xe2\x80\x93"
                    "28\xc2\xa0"
                    "19\xe2\x80\x91"
                    "23";
    struct lexed *l = lex(s, false);
    enum token_kind k[] = {TOK_NUMBER, TOK_DASH, TOK_NUMBER, TOK_NUMBER, TOK_DASH, TOK_NUMBER};
    expect_kinds(l, k, 6);
    assert_int_equal(l->tok[1].find.odd, ODD_UNICODE_DASH);
    assert_int_equal(l->tok[3].pos.col, 7); /* the dash and NBSP are one column each */
    assert_int_equal(l->reports, 1);
    assert_int_equal(l->last_odd, ODD_NBSP);
    l = lex(s, true);
    assert_int_equal(l->tok[1].kind, TOK_JUNK);
}

static void test_lexer_caplist(void **state)
{
    (void)state;
    struct lexed *l = lex("28x19<23,17>", false);
    enum token_kind k[] = {TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER, TOK_CAPLIST};
    expect_kinds(l, k, 4);
    assert_string_equal(l->text[3], "<23,17>");
    l = lex("28x19<23,17>", true);
    assert_int_equal(l->tok[3].kind, TOK_JUNK);
}

static void test_lexer_nested_comment(void **state)
{
    (void)state;
    struct lexed *l = lex("{a {b} c} 1.", false);
    assert_int_equal(l->n, 2);
    assert_int_equal(l->tok[0].kind, TOK_COMMENT);
    assert_true(l->tok[0].nested);
    assert_int_equal(l->tok[0].find.code, PDN_DIAG_NESTED_COMMENT);
    l = lex("{a {b} c} 1.", true);
    enum token_kind k[] = {TOK_COMMENT, TOK_JUNK, TOK_JUNK, TOK_MOVENUM};
    expect_kinds(l, k, 4);
    assert_string_equal(l->text[0], "{a {b}");
    assert_string_equal(l->text[2], "}");
}

static void test_lexer_unterminated(void **state)
{
    (void)state;
    struct lexed *l = lex("{abc", true);
    assert_int_equal(l->tok[0].kind, TOK_COMMENT);
    assert_int_equal(l->tok[0].find.code, PDN_DIAG_UNTERMINATED_COMMENT);
    l = lex("[Event \"x", true);
    assert_int_equal(l->tok[0].kind, TOK_TAG);
    assert_int_equal(l->tok[0].find.code, PDN_DIAG_UNTERMINATED_STRING);
    /* Lenient: a lost '}' does not swallow the next game's tags. */
    l = lex("{abc\n[Event \"x\"]", false);
    assert_int_equal(l->n, 2);
    assert_int_equal(l->tok[1].kind, TOK_TAG);
}

static void test_lexer_junk_and_lenient_blanks(void **state)
{
    (void)state;
    struct lexed *l = lex("W resigns", true);
    assert_int_equal(l->n, 1);
    assert_int_equal(l->tok[0].kind, TOK_JUNK);
    assert_string_equal(l->text[0], "W resigns");
    l = lex("[Site \"\"]\\r\n. 1.", false);
    enum token_kind k[] = {TOK_TAG, TOK_JUNK, TOK_MOVENUM};
    expect_kinds(l, k, 3);
    assert_int_equal(l->reports, 1); /* the literal \r */
    assert_int_equal(l->tok[1].find.odd, ODD_STRAY_DOT);
    assert_false(l->tok[1].find.error);
}

/* Words that start no token, with blanks between them on one line, are
 * one token: one finding, at the first word, and one comment for the run
 * ("1. 32-28 19-23 this is some junk text 2. 28x19" gave five). A move, a
 * move number, a result, a delimited token or a line end stops it; a stray
 * '.' (punctuation, a warning) is no word of it. */
static void test_lexer_junk_run(void **state)
{
    (void)state;
    struct lexed *l = lex("19-23 this is some junk text 2. 28x19", false);
    enum token_kind k[] = {TOK_NUMBER,  TOK_DASH,   TOK_NUMBER,  TOK_JUNK,
                           TOK_MOVENUM, TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER};
    expect_kinds(l, k, 8);
    assert_string_equal(l->text[3], "this is some junk text");
    assert_int_equal(l->tok[3].find.code, PDN_DIAG_UNEXPECTED_CHAR);
    assert_true(l->tok[3].find.error);
    assert_int_equal(l->tok[3].find.pos.col, 7);
    assert_int_equal(l->tok[3].pos.col, 7);

    l = lex("next round\nexported by\tsome  program\n", true);
    enum token_kind lines[] = {TOK_JUNK, TOK_JUNK};
    expect_kinds(l, lines, 2);
    assert_string_equal(l->text[0], "next round");
    assert_string_equal(l->text[1], "exported by\tsome  program");
    assert_int_equal(l->tok[1].pos.line, 2);

    l = lex("a draw {c} Black resigns 2-0 white won ( so 33-28 ) said \"resign\" % x", false);
    enum token_kind stops[] = {TOK_JUNK, TOK_COMMENT, TOK_JUNK, TOK_RESULT, TOK_JUNK,   TOK_LPAREN,
                               TOK_JUNK, TOK_NUMBER,  TOK_DASH, TOK_NUMBER, TOK_RPAREN, TOK_JUNK};
    expect_kinds(l, stops, 12);
    assert_string_equal(l->text[0], "a draw");
    assert_string_equal(l->text[2], "Black resigns");
    assert_string_equal(l->text[4], "white won");
    assert_string_equal(l->text[6], "so");
    assert_string_equal(l->text[11], "said \"resign\"");

    l = lex("the end . 2. 33-28", false);
    enum token_kind dot[] = {TOK_JUNK, TOK_JUNK, TOK_MOVENUM, TOK_NUMBER, TOK_DASH, TOK_NUMBER};
    expect_kinds(l, dot, 6);
    assert_string_equal(l->text[0], "the end");
    assert_int_equal(l->tok[1].find.odd, ODD_STRAY_DOT);
}

/* A word of letters that starts with 'x' ("xeque", Portuguese for check)
 * is junk like any other word, on the run of the words around it; it was a
 * capture sign, then the junk "eque". An 'x' before a square ("xd4"),
 * after a digit ("28xeque": a capture that lacks its square), doubled
 * ("xx19") or alone is still a capture sign. */
static void test_lexer_x_word(void **state)
{
    (void)state;
    struct lexed *l = lex("19-23 xeque 2. 28x19", false);
    enum token_kind k[] = {TOK_NUMBER,  TOK_DASH,   TOK_NUMBER,  TOK_JUNK,
                           TOK_MOVENUM, TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER};
    expect_kinds(l, k, 8);
    assert_string_equal(l->text[3], "xeque");
    assert_int_equal(l->tok[3].find.code, PDN_DIAG_UNEXPECTED_CHAR);

    l = lex("o xeque foi forte 2.", true);
    enum token_kind run[] = {TOK_JUNK, TOK_MOVENUM};
    expect_kinds(l, run, 2);
    assert_string_equal(l->text[0], "o xeque foi forte");
    l = lex("xadrez x\xc3\xad"
            "cara (xi",
            false);
    enum token_kind utf8[] = {TOK_JUNK, TOK_LPAREN, TOK_JUNK};
    expect_kinds(l, utf8, 3);
    assert_string_equal(l->text[0], "xadrez x\xc3\xad"
                                    "cara");

    l = lex("c3xd4 28xeque x 19 x\xe2\x80\x93 xx19", false);
    enum token_kind caps[] = {TOK_ALPHASQ, TOK_CAPTURE, TOK_ALPHASQ, TOK_NUMBER,  TOK_CAPTURE,
                              TOK_JUNK,    TOK_CAPTURE, TOK_NUMBER,  TOK_CAPTURE, TOK_DASH,
                              TOK_CAPTURE, TOK_CAPTURE, TOK_NUMBER};
    expect_kinds(l, caps, 13);
    assert_string_equal(l->text[5], "eque");
}

/* Dashes and dots between two words of a remark on one line ("a long -
 * thought", "he waited ... then") are the remark's punctuation, on its run:
 * a lone dash there was a move not given, and the replay stopped for the
 * rest of the line. Where real files write a move not given, after a move
 * number or a move ("1. - - 2. - -", "35-30 -"), and a dash with a word on
 * one side only, it still is one. */
static void test_lexer_gap_in_remark(void **state)
{
    (void)state;
    struct lexed *l = lex("19-23 a long - thought 2. 28x19", false);
    enum token_kind k[] = {TOK_NUMBER,  TOK_DASH,   TOK_NUMBER,  TOK_JUNK,
                           TOK_MOVENUM, TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER};
    expect_kinds(l, k, 8);
    assert_string_equal(l->text[3], "a long - thought");
    assert_int_equal(l->tok[3].find.code, PDN_DIAG_UNEXPECTED_CHAR);
    assert_int_equal(l->tok[3].find.pos.col, 7);

    const char *gaps = "he waited ... then -- played \xe2\x80\x93 on - - . at last";
    l = lex(gaps, false);
    assert_int_equal(l->n, 1);
    assert_string_equal(l->text[0], gaps);
    l = lex("a long - thought", true);
    assert_int_equal(l->n, 1);
    assert_int_equal(l->tok[0].kind, TOK_JUNK);

    l = lex("a long - 2. b - {c} d -\ne", false);
    enum token_kind one_side[] = {TOK_JUNK,    TOK_DASH, TOK_MOVENUM, TOK_JUNK, TOK_DASH,
                                  TOK_COMMENT, TOK_JUNK, TOK_DASH,    TOK_JUNK};
    expect_kinds(l, one_side, 9);
    l = lex("- a 1. - - 2. - - 35-30 -", false);
    enum token_kind unknown[] = {TOK_DASH, TOK_JUNK, TOK_MOVENUM, TOK_DASH, TOK_DASH,   TOK_MOVENUM,
                                 TOK_DASH, TOK_DASH, TOK_NUMBER,  TOK_DASH, TOK_NUMBER, TOK_DASH};
    expect_kinds(l, unknown, 12);
}

/* A lone 'x' or ':', or a number, between two words of a remark on one
 * line ("Brancas x Pretas", "Remarque : les blancs", "spent 3 minutes",
 * "3rd") is the remark's: they were three tokens, three findings and three
 * comments. Next to a square, a move or a move number they keep their
 * meaning ("32-28 x 19-23", "a x 28x19", "a 28 - 19 b", "good 3. 28x19"),
 * and so does one between a remark and a line a move may go on. A number
 * that ends a remark's line before a tag line or the end ("Round 3") is
 * the remark's: no move goes on into a tag. */
static void test_lexer_filler_in_remark(void **state)
{
    (void)state;
    const char *one[] = {"Brancas x Pretas", "Remarque : les blancs", "spent 3 minutes",
                         "the 3rd move, 12, was a 1985 idea"};
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        struct lexed *l = lex(one[i], false);
        assert_int_equal(l->n, 1);
        assert_int_equal(l->tok[0].kind, TOK_JUNK);
        assert_string_equal(l->text[0], one[i]);
    }
    struct lexed *l = lex("Round 3\n[Event \"x\"]", false);
    enum token_kind round[] = {TOK_JUNK, TOK_TAG};
    expect_kinds(l, round, 2);
    assert_string_equal(l->text[0], "Round 3");
    l = lex("Round 3 \r\n\r\n", false);
    assert_int_equal(l->n, 1);
    assert_string_equal(l->text[0], "Round 3");

    l = lex("32-28 x 19-23 a x 28x19", false);
    enum token_kind moves[] = {TOK_NUMBER,  TOK_DASH,   TOK_NUMBER,  TOK_CAPTURE,
                               TOK_NUMBER,  TOK_DASH,   TOK_NUMBER,  TOK_JUNK,
                               TOK_CAPTURE, TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER};
    expect_kinds(l, moves, 12);
    l = lex("a 28 - 19 b good 3. c 3\n28x19 d 0.5-0.5 e", false);
    enum token_kind kept[] = {TOK_JUNK,    TOK_NUMBER, TOK_DASH,   TOK_NUMBER, TOK_JUNK,
                              TOK_MOVENUM, TOK_JUNK,   TOK_NUMBER, TOK_NUMBER, TOK_CAPTURE,
                              TOK_NUMBER,  TOK_JUNK,   TOK_RESULT, TOK_JUNK};
    expect_kinds(l, kept, 14);
}

/* Two or more of them in a row, signs together or numbers together, are
 * the remark's too ("Brancas x : Pretas" was four tokens: two words, two
 * capture signs), and so are signs and numbers where no sign has a number
 * on each side ("a x 3 b" was four tokens, three findings); a number, a
 * sign and a number may be a move ("a 3 x 4 b"), and stay what they were. */
static void test_lexer_fillers_in_remark(void **state)
{
    (void)state;
    const char *run[] = {"Brancas x : Pretas", "spent 3 4 minutes", "a x x x b", "a x:x b",
                         "page 12 13th",       "a x 3 b",           "a 3 x b",   "a x 3 4 : b"};
    for (size_t i = 0; i < sizeof run / sizeof run[0]; i++) {
        struct lexed *l = lex(run[i], false);
        assert_int_equal(l->n, 1);
        assert_int_equal(l->tok[0].kind, TOK_JUNK);
        assert_string_equal(l->text[0], run[i]);
    }
    struct lexed *l = lex("a 3 x 4 b", false);
    enum token_kind move[] = {TOK_JUNK, TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER, TOK_JUNK};
    expect_kinds(l, move, 5);
    l = lex("a x 3 x 4 b", false); /* the sign before the move has a word on one side */
    enum token_kind mixed[] = {TOK_JUNK,    TOK_CAPTURE, TOK_NUMBER,
                               TOK_CAPTURE, TOK_NUMBER,  TOK_JUNK};
    expect_kinds(l, mixed, 6);
    l = lex("a x : 28x19", false);
    enum token_kind before_move[] = {TOK_JUNK,   TOK_CAPTURE, TOK_CAPTURE,
                                     TOK_NUMBER, TOK_CAPTURE, TOK_NUMBER};
    expect_kinds(l, before_move, 6);
    l = lex("a 1 2-0", false);
    enum token_kind result[] = {TOK_JUNK, TOK_NUMBER, TOK_RESULT};
    expect_kinds(l, result, 3);
}

/* A dash or dots glued to the next word of a remark ("a long -thought",
 * "he waited ...and") are the remark's too; before a square ("a -32",
 * "a -d4", a move spaced apart) the dash is still a dash. */
static void test_lexer_gap_glued_in_remark(void **state)
{
    (void)state;
    struct lexed *l = lex("a long -thought waited ...and 2.", false);
    enum token_kind k[] = {TOK_JUNK, TOK_MOVENUM};
    expect_kinds(l, k, 2);
    assert_string_equal(l->text[0], "a long -thought waited ...and");
    l = lex("a -32 b -d4 c -{d}", false);
    enum token_kind squares[] = {TOK_JUNK,    TOK_DASH, TOK_NUMBER, TOK_JUNK,   TOK_DASH,
                                 TOK_ALPHASQ, TOK_JUNK, TOK_DASH,   TOK_COMMENT};
    expect_kinds(l, squares, 9);
}

/* The tokens of s read through a window that grows a byte at each TOK_MORE,
 * as the reader's refills grow it, are those of s read at once. */
static void expect_same_in_pieces(const char *s)
{
    struct lexed *whole = lex(s, false);
    struct lexed once = *whole;
    struct lexer lx;
    struct token t;
    lexer_init(&lx, false, NULL, NULL);
    lx.buf = s;
    int n = 0;
    for (;;) {
        enum token_kind k = lexer_next(&lx, &t);
        if (k == TOK_MORE) {
            assert_true(lx.end < strlen(s));
            lx.end++;
            lx.eof = lx.end == strlen(s);
            continue;
        }
        if (k == TOK_EOF) break;
        assert_true(n < once.n);
        assert_int_equal(k, once.tok[n].kind);
        assert_int_equal(t.start, once.tok[n].start);
        assert_int_equal(t.len, once.tok[n].len);
        n++;
    }
    assert_int_equal(n, once.n);
}

static void test_lexer_junk_run_in_pieces(void **state)
{
    (void)state;
    expect_same_in_pieces("1. 32-28 this is some junk text 2. 28x19 *");
    expect_same_in_pieces("white won\t on time 2-0 next  round\r\n[Event \"x\"]");
    expect_same_in_pieces("said \"resign\" 1-10 x b5 \xc3\xa9t\xc3\xa9 chaud");
    expect_same_in_pieces("a -thought ...and -32 b -d4 c -");
    expect_same_in_pieces("a long - thought 2. 28x19 he -- \xe2\x80\x93 ... x 1. - - 2. b -\nc - ");
    expect_same_in_pieces("Brancas x Pretas : les 3 blancs 3rd, 12 x 28x19 a 28 - 19 Round 3\r\n"
                          "[Event \"x\"] Round 12 \n\n");
    expect_same_in_pieces("19-23 o xeque foi forte 28xeque x\xc3\xad"
                          "cara xd4 x\xe2\x80\x93 x");
    expect_same_in_pieces("Brancas x : Pretas spent 3 4 minutes a 3 x 4 b x:x c 12 7th x : 5 d");
}

/* lexer_plain_tag's compare of the roster's names (and GameType) takes a
 * tag as the walk of its name does: names that are one, that start as one,
 * that one starts, in another case, with other bytes after them, and
 * windows that end at every byte of the tag. The walk is spelt out here. */
static size_t walked_name(const char *s, size_t end)
{
    size_t i = 1;
    if (i >= end || !(s[i] >= 'A' && s[i] <= 'Z')) return 0;
    while (++i < end && (s[i] == '_' || (s[i] >= '0' && s[i] <= '9') ||
                         (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
        ;
    return i + 1 < end && s[i] == ' ' && s[i + 1] == '"' ? i - 1 : 0;
}

/* lexer_plain_tag of the tag at buf in a window of end bytes. */
static size_t plain_tag_in(char *buf, size_t end, struct token *tok)
{
    struct lexer lx;
    uint32_t cols;
    lexer_init(&lx, false, NULL, NULL);
    lx.buf = buf;
    lx.end = end;
    return lexer_plain_tag(&lx, 0, tok, &cols);
}

static void test_lexer_plain_tag_roster_names(void **state)
{
    (void)state;
    /* Space-separated: the names, then names that start as them, that they
     * start, other cases, other names. */
    static const char names[] = "Event Site Date Round White Black Result GameType "
                                "Even Sit Dat Roun Whit Blac Resul GameTyp Events Sites Dates "
                                "Rounds White2 Black_ Results GameTypes EVENT SIte DaTe ROund "
                                "Rresult Re R Gametype E Ro Eventful WhiteElo BlackTime "
                                "GameTypeX FEN Setup";
    static const char *const after[] = {
        " \"x\"]", "  \"x\"]", " x]", "\"x\"]", "] ", " \"\"]", " \"2014.10.29\"]\n[Site \"a\"]"};
    int rostered = 0;
    for (const char *w = names; *w; w += strcspn(w, " "), w += *w == ' ')
        for (size_t a = 0; a < sizeof after / sizeof after[0]; a++) {
            char buf[96];
            size_t len =
                (size_t)snprintf(buf, sizeof buf, "[%.*s%s", (int)strcspn(w, " "), w, after[a]);
            struct token tok;
            /* Taken in a window: by a name the walk takes, the same name. */
            for (size_t end = 0; end <= len; end++) {
                size_t name = walked_name(buf, end);
                if (plain_tag_in(buf, end, &tok) == 0) continue;
                assert_int_not_equal(name, 0);
                assert_int_equal(tok.name_start, 1);
                assert_int_equal(tok.name_len, name);
                assert_int_equal(tok.value_start, name + 3);
            }
            /* The whole tag, where the walk and the value say so, is taken;
             * one told as the roster's is no synonym (the parser asks none). */
            bool quoted = strncmp(after[a], " \"", 2) == 0;
            assert_int_equal(plain_tag_in(buf, len, &tok) != 0, walked_name(buf, len) && quoted);
            if (plain_tag_in(buf, len, &tok) && tok.roster) {
                rostered++;
                assert_null(tag_synonym_standard_n(buf + 1, tok.name_len));
            }
        }
    /* Each of the eight with the long value, where ten bytes follow '['. */
    assert_true(rostered >= 8);
}

/* A plain tag's value read a byte at a time, as lexer_plain_tag reads
 * it a word or a vector at a time: up to its first quote, backslash, line
 * end or NUL, which must be the quote of '"]'; the tag's length (0: not
 * plain), its value's length and its characters. */
static size_t value_walked(const unsigned char *b, size_t vs, size_t end, size_t *len,
                           uint32_t *chars)
{
    size_t i = vs;
    *chars = 0;
    for (; i < end && b[i] != '"' && b[i] != '\\' && b[i] != '\n' && b[i] != '\r' && b[i]; i++)
        *chars += (b[i] & 0xC0) != 0x80;
    *len = i - vs;
    return i + 1 < end && b[i] == '"' && b[i + 1] == ']' ? i + 2 : 0;
}

/* Values of 0 to 70 bytes, printable ASCII but for a byte or two drawn
 * from those that stop the plain reading or are no ASCII (a quote, a
 * backslash, a tab, a line end, NUL, ESC, US, DEL, UTF-8, a stray
 * continuation byte), in windows that end at every byte of the tag: read as the walk
 * reads them, whichever the vector's, the word's or the byte's step
 * finds the stop. */
static void test_lexer_plain_tag_values(void **state)
{
    (void)state;
    static const unsigned char odd[] = {'"',  '\\', '\t', '\n', '\r', 0,    0x1b,
                                        0x1f, 0x7f, 0xc3, 0xa9, 0x80, 0xff, ' '};
    unsigned seed = 7;
    for (int round = 0; round < 3000; round++) {
        unsigned char buf[128];
        size_t vlen = (size_t)round % 71, vs = sizeof "[Date \"" - 1;
        memcpy(buf, "[Date \"", vs);
        for (size_t k = 0; k < vlen; k++)
            buf[vs + k] = (unsigned char)('a' + k % 26);
        for (int n = round % 3; n > 0 && vlen > 0; n--) {
            seed = seed * 1103515245u + 12345u;
            buf[vs + (seed >> 8) % vlen] = odd[(seed >> 20) % sizeof odd];
        }
        memcpy(buf + vs + vlen, "\"]\n", 3);
        size_t total = vs + vlen + 3;
        for (size_t end = vs; end <= total; end++) {
            struct token tok;
            size_t len, taken = plain_tag_in((char *)buf, end, &tok);
            uint32_t chars;
            size_t walked = value_walked(buf, vs, end, &len, &chars);
            assert_int_equal(taken, walked);
            if (!taken) continue;
            assert_int_equal(tok.value_start, vs);
            assert_int_equal(tok.value_len, len);
            struct lexer lx;
            uint32_t cols;
            lexer_init(&lx, false, NULL, NULL);
            lx.buf = (const char *)buf;
            lx.end = end;
            lexer_plain_tag(&lx, 0, &tok, &cols);
            assert_int_equal(cols, vs + chars + 2);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lexer_tag),
        cmocka_unit_test(test_lexer_tag_lenient_forms),
        cmocka_unit_test(test_lexer_movenum),
        cmocka_unit_test(test_lexer_squares_and_separators),
        cmocka_unit_test(test_lexer_result_vs_move_1_1),
        cmocka_unit_test(test_lexer_result_vs_move_2_0),
        cmocka_unit_test(test_lexer_result_0_0_and_others),
        cmocka_unit_test(test_lexer_result_at_window_end),
        cmocka_unit_test(test_lexer_strength_and_nag),
        cmocka_unit_test(test_lexer_comments_and_positions),
        cmocka_unit_test(test_lexer_setup_star_ellipsis_parens),
        cmocka_unit_test(test_lexer_alphanumeric),
        cmocka_unit_test(test_lexer_columns_are_characters),
        cmocka_unit_test(test_lexer_line_ends),
        cmocka_unit_test(test_lexer_more_retries),
        cmocka_unit_test(test_lexer_unicode_dash_and_nbsp),
        cmocka_unit_test(test_lexer_caplist),
        cmocka_unit_test(test_lexer_nested_comment),
        cmocka_unit_test(test_lexer_unterminated),
        cmocka_unit_test(test_lexer_junk_and_lenient_blanks),
        cmocka_unit_test(test_lexer_junk_run),
        cmocka_unit_test(test_lexer_junk_run_in_pieces),
        cmocka_unit_test(test_lexer_x_word),
        cmocka_unit_test(test_lexer_gap_in_remark),
        cmocka_unit_test(test_lexer_gap_glued_in_remark),
        cmocka_unit_test(test_lexer_filler_in_remark),
        cmocka_unit_test(test_lexer_fillers_in_remark),
        cmocka_unit_test(test_lexer_plain_tag_roster_names),
        cmocka_unit_test(test_lexer_plain_tag_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
