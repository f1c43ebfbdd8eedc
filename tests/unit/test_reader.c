/*
 * Unit tests of the reader (pdn_reader_*, parser, game tree, encodings):
 * the tree it builds, the lenient forms and their strict rejection,
 * recovery, limits, encodings and line ends, and that memory, fd and file
 * input give the same games.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reader_fixture.h"

#include <fcntl.h>
#include <unistd.h>

static struct fix F;

static pdn_game *one(const char *text, bool strict)
{
    return fix_one(&F, text, strict);
}

static void test_reader_tree(void **state)
{
    (void)state;
    pdn_game *g = one("[Event \"E\"]\n[White \"W \\\"x\\\"\"]\n[Event \"again\"]\n"
                      "{start} 1. 32-28! $1 {after} (1. 33-29 {v} (1. 34-30) 17-21) 19-23 "
                      "2. 28x19 /FEN \"W:W31:B1\"/ 14x23 {end} 2-0\n",
                      false);
    assert_int_equal(g->ntags, 3);
    assert_string_equal(g->tags[1].value, "W \"x\"");
    assert_string_equal(pdn_game_tag(g, "Event"), "E");
    assert_non_null(dc_find(&F.dc, PDN_DIAG_DUPLICATE_TAG));
    const struct pdn_line *m = &g->main;
    assert_int_equal(m->nmoves, 4);
    const struct pdn_node *n = &m->moves[0];
    assert_string_equal(n->text, "32-28");
    assert_int_equal(n->number, 1);
    assert_false(n->number_black);
    assert_int_equal(n->pos.line, 4);
    assert_int_equal(n->pos.col, 12);
    assert_string_equal(pdn_annotations_of(n)->strength, "!");
    assert_int_equal(pdn_annotations_of(n)->nnags, 1);
    assert_int_equal(pdn_annotations_of(n)->nags[0], 1);
    assert_string_equal(pdn_annotations_of(n)->comments_before[0].text, "start");
    assert_string_equal(pdn_annotations_of(n)->comments_after[0].text, "after");
    assert_int_equal(pdn_annotations_of(n)->nvariations, 1);
    const struct pdn_line *v = &pdn_annotations_of(n)->variations[0];
    assert_int_equal(v->nmoves, 2);
    assert_string_equal(v->moves[0].text, "33-29");
    assert_int_equal(pdn_annotations_of(&v->moves[0])->nvariations, 1);
    assert_string_equal(pdn_annotations_of(&v->moves[0])->variations[0].moves[0].text, "34-30");
    assert_string_equal(pdn_annotations_of(&m->moves[3])->setup, "W:W31:B1");
    assert_string_equal(m->moves[3].text, "14x23");
    assert_string_equal(pdn_annotations_of(&m->moves[3])->comments_after[0].text, "end");
    assert_int_equal(g->result, PDN_RESULT_WHITE_WIN);
    assert_string_equal(g->result_text, "2-0");
    assert_int_equal(g->raw_len, strlen(g->raw));
    assert_memory_equal(g->raw, "[Event \"E\"]", 11);
    assert_memory_equal(g->raw + g->raw_len - 3, "2-0", 3);
    pdn_game_free(g);
}

/* A move with nothing written around it has no annotations (its node is
 * then half the size); one with any of them has them all in one place,
 * whichever came first; pdn_annotations_of reads both alike. */
static void test_reader_annotations_only_where_written(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32-28 19-23! 2. 33-29 {c} 14-19 3. 39-33 $2 (3. 38-33) 10-14 "
                      "/FEN \"W:W31:B1\"/ 4. 31-26 *\n",
                      false);
    const struct pdn_node *n = g->main.moves;
    assert_int_equal(g->main.nmoves, 7);
    assert_null(n[0].annotations);
    assert_null(n[3].annotations);
    assert_null(n[5].annotations);
    assert_string_equal(n[1].annotations->strength, "!");
    assert_int_equal(n[1].annotations->nnags, 0);
    assert_int_equal(n[2].annotations->ncomments_after, 1);
    assert_null(n[2].annotations->strength);
    assert_int_equal(n[4].annotations->nnags, 1);
    assert_int_equal(n[4].annotations->nvariations, 1);
    assert_string_equal(n[6].annotations->setup, "W:W31:B1");
    const struct pdn_annotations *none = pdn_annotations_of(&n[0]);
    assert_non_null(none);
    assert_null(none->strength);
    assert_null(none->setup);
    assert_int_equal(
        none->nnags + none->ncomments_before + none->ncomments_after + none->nvariations, 0);
    assert_ptr_equal(pdn_annotations_of(&n[1]), n[1].annotations);
    pdn_game_free(g);
}

/* Tag strings of the Championnat de France 2021 and the African blitz
 * files: \' is an apostrophe, and \\ a backslash before it (a value
 * escaped twice by the program that wrote it). */
static void test_reader_tag_escapes(void **state)
{
    (void)state;
    pdn_game *g = one("[Black \"D\\'Almeida, Jean\"]\n"
                      "[Site \"Damier Club de Montpellier et d\\\\\\'Occitanie\"]\n"
                      "[White \"a \\\"b\\\" c\\\\ \\x\"]\n1. 32-28 *\n",
                      false);
    assert_string_equal(pdn_game_tag(g, "Black"), "D'Almeida, Jean");
    assert_string_equal(pdn_game_tag(g, "Site"), "Damier Club de Montpellier et d\\'Occitanie");
    assert_string_equal(pdn_game_tag(g, "White"), "a \"b\" c\\ \\x");
    assert_int_equal(F.dc.total, 0);
    pdn_game_free(g);
}

static void test_reader_black_number_and_ellipsis(void **state)
{
    (void)state;
    pdn_game *g = fix_clean(&F, "1. ... 19-23 2. 32-28 {c} 2... 23x32 *", true);
    assert_int_equal(g->main.nmoves, 4);
    assert_string_equal(g->main.moves[0].text, "...");
    assert_int_equal(g->main.moves[3].number, 2);
    assert_true(g->main.moves[3].number_black);
    assert_int_equal(g->result, PDN_RESULT_UNKNOWN);
    pdn_game_free(g);
}

struct lenient_case {
    const char *input;
    const char *text; /* the move text read */
    const char *detail;
};

static const struct lenient_case lenient_cases[] = {
    {"1. 06-11 *", "06-11", "zero-padded square"},
    {"1. 1- 7 *", "1-7", "space inside a move"},
    {"1. 3228 *", "3228", "move without separator"},
    {"1. 11x18 18x25 *", "11x18x25", "hop by hop"},
    {"1. 12-21-32-23 *", "12-21-32-23", "dashes"},
    {"1. 28x19<23,17> *", "28x19<23,17>", "captured squares"},
    {"1. 32\xe2\x80\x93"
     "28 *",
     "32\xe2\x80\x93"
     "28",
     "Unicode dash"},
    {"1. 32-28\xc2\xa0"
     "19-23 *",
     "32-28", "non-breaking"},
    {"1. -- *", "--", "unknown move"},
    /* As written: its findings quote it so. */
    {"1. - - *", "- -", "unknown move"},
    {"1. \xe2\x80\x93 \xe2\x80\x93 17-21 *", "\xe2\x80\x93 \xe2\x80\x93", "unknown move"},
    {"1. 32-28 -\n- *", "32-28", "unknown move"}, /* the next node "--": a line end between */
};

static void test_reader_lenient_forms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof lenient_cases / sizeof lenient_cases[0]; i++) {
        const struct lenient_case *c = &lenient_cases[i];
        pdn_game *g = one(c->input, false);
        assert_string_equal(g->main.moves[0].text, c->text);
        const struct diag_record *d = dc_find_detail(&F.dc, c->detail);
        if (!d) print_error("%s: no '%s' warning\n", c->input, c->detail);
        assert_non_null(d);
        assert_int_equal(d->code, PDN_DIAG_NONSTANDARD);
        assert_int_equal(F.dc.errors, 0);
        pdn_game_free(g);
    }
}

/*
 * The FEN of a setup, its quotes as written: both (the standard), one or
 * none lost (a warning, the FEN kept: a fuzzed file of the corpus wrote
 * /FEN B:W31,33:B19"/, which read as an empty setup, and pdnfmt dropped
 * it), a quote inside (kept in the FEN, for the replay to reject), and
 * text that only starts with the letters FEN (kept whole).
 */
static void test_reader_setup_quotes(void **state)
{
    (void)state;
    static const struct {
        const char *setup, *fen;
        bool warned;
    } cases[] = {
        {"/FEN \"B:W31:B19\"/", "B:W31:B19", false},
        {"/FEN= \"B:W31:B19\"/", "B:W31:B19", false},
        {"/B:W31:B19/", "B:W31:B19", false},
        {"/FEN B:W31,33:B19\"/", "B:W31,33:B19", true},
        {"/FEN \"B:W31:B19/", "B:W31:B19", true},
        {"/FEN B:W31:B19/", "B:W31:B19", true},
        {"/FEN \"B:W31:B\"19\"/", "B:W31:B\"19", false},
        {"/FENabc\"/", "FENabc\"", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[96];
        snprintf(text, sizeof text, "1. 32-28 17-21 2. 34-30 %s 19-24 *\n", cases[i].setup);
        pdn_game *g = one(text, false);
        assert_int_equal(g->main.nmoves, 4);
        assert_string_equal(pdn_annotations_of(&g->main.moves[3])->setup, cases[i].fen);
        const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_NONSTANDARD);
        if ((d != NULL) != cases[i].warned) print_error("%s: warned %d\n", text, d != NULL);
        assert_int_equal(d != NULL, cases[i].warned);
        if (d) assert_int_equal(d->col, 25);
        pdn_game_free(g);
    }
}

/*
 * Text that reads as nothing (a lone number, an unexpected character) is
 * an error and is kept as a comment in its place, so that pdnfmt loses
 * none of the game; a stray '.' (a warning: punctuation), control
 * characters alone, and anything in strict mode (which skips the rest of
 * the game) are not.
 */
static void test_reader_unread_text_kept_as_comment(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32-28 19-23 8 2. 28x19 \xc3\x84\xc3\x9f 14x23 . \x1b *\n", false);
    assert_int_equal(g->main.nmoves, 4);
    const struct pdn_node *n = g->main.moves;
    assert_int_equal(pdn_annotations_of(&n[1])->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(&n[1])->comments_after[0].text, "8");
    assert_int_equal(pdn_annotations_of(&n[1])->comments_after[0].pos.col, 16);
    assert_int_equal(pdn_annotations_of(&n[2])->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(&n[2])->comments_after[0].text, "\xc3\x84\xc3\x9f");
    assert_int_equal(pdn_annotations_of(&n[3])->ncomments_after, 0);
    assert_int_equal(F.dc.errors, 3); /* 8, Äß, ESC */
    pdn_game_free(g);
    g = one("1. 32-28 19-23 8 2. 28x19 14x23 *\n", true);
    assert_int_equal(pdn_annotations_of(&g->main.moves[1])->ncomments_after, 0);
    pdn_game_free(g);
}

static void test_reader_strict_rejects_lenient_forms(void **state)
{
    (void)state;
    /* Forms the reading grammar allows pass strict mode silently. */
    pdn_game *g = fix_clean(&F, "1. 06-11 1- 7 *", true);
    pdn_game_free(g);
    const char *bad[] = {"1. 3228 *", "1. 12-21-32 *", "1. 28x19<23> *", "1. -- *",
                         ("1. 32\xe2\x80\x93"
                          "28 *")};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g = one(bad[i], true);
        const struct diag_record *d = dc_first_error(&F.dc);
        assert_non_null(d);
        assert_int_equal(d->line, 1);
        assert_true(d->col >= 4);
        pdn_game_free(g);
    }
}

static void test_reader_empty_game_and_match_score(void **state)
{
    (void)state;
    pdn_game *g = one("[Result \"2-0\"]\n1. 2-0\n", false);
    assert_int_equal(g->main.nmoves, 0);
    assert_int_equal(g->result, PDN_RESULT_WHITE_WIN);
    dc_expect_at(dc_find_detail(&F.dc, "move number without a move"), 2, 1);
    pdn_game_free(g);
    /* at the number, not at the next game's first tag (the game ends on it) */
    assert_int_equal(fix_read_str(&F, "1. 32-28 19-23 2.\n\n[Event \"b\"]\n1. 33-29 *", false, &g),
                     2);
    dc_expect_at(dc_find_detail(&F.dc, "move number without a move"), 1, 16);
    pdn_game_free(g);
    assert_int_equal(
        fix_read_str(&F, "[Result \"4-6\"]\n1. 32-28 4-6\n[Event \"b\"]\n1. 33-29 *", false, &g),
        2);
    assert_string_equal(g->result_text, "4-6");
    assert_int_equal(g->main.nmoves, 1);
    pdn_game_free(g);
}

static void test_reader_games_without_results(void **state)
{
    (void)state;
    const char *text = "[Event \"a\"]\n1. 32-28\n\n[Event \"b\"]\n1. 33-29\n\n[Event \"c\"]\n";
    assert_int_equal(fix_read_str(&F, text, false, NULL), 3);
    const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_MISSING_RESULT);
    assert_non_null(d);
    /* At the end of the game's movetext, not at the next game's tag. */
    dc_expect_at(d, 2, 8);
    assert_int_equal(d->game, 1);
}

/* The last "game" of text, read whole (its findings in F.dc); the games in *n. */
static pdn_game *last_of(const char *text, size_t *n)
{
    struct pdn_reader_options o = fix_options(&F, false);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), &o), 0);
    pdn_game *g, *last = NULL;
    for (*n = 0; pdn_reader_next(&g, r) == 1; ++*n) {
        pdn_game_free(last);
        last = g;
    }
    pdn_reader_free(r);
    assert_non_null(last);
    return last;
}

/* pdn_write_game's text of a game, malloc'd. */
static char *written(const pdn_game *g)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    assert_int_equal(pdn_write_game(fp, g, NULL), 0);
    fclose(fp);
    return buf;
}

/* Comments alone after the last game's result, up to the end (an
 * exporter's trailer), are no game: marked, no missing result, written as
 * the comments alone, which read back as the same trailer. */
static void test_reader_trailer_comments(void **state)
{
    (void)state;
    static const char *const trailers[] = {
        "[Event \"x\"]\n1. 32-28 19-23 2-0 {end}\n",
        "[Event \"x\"]\n1. 32-28 19-23 2-0\n; exported by X\n",
        "[Event \"x\"]\n1. 32-28 19-23 2-0\n\n{end}\n\n% a percent line\n\n",
        "1. 32-28 19-23 * {one} {two}\n; three\n",
    };
    for (size_t i = 0; i < sizeof trailers / sizeof trailers[0]; i++) {
        size_t n;
        pdn_game *g = last_of(trailers[i], &n);
        assert_int_equal(n, 2);
        assert_true(pdn_game_is_trailer(g));
        assert_int_equal(g->ntags, 0);
        assert_int_equal(dc_count(&F.dc, PDN_DIAG_MISSING_RESULT), 0);
        assert_int_equal(F.dc.total, 0);
        char *text = written(g);
        assert_true(text[0] == '{' && strstr(text, "}\n\n") != NULL);
        assert_null(strchr(text, '['));
        assert_null(strchr(text, '*'));
        pdn_game *back = last_of(text, &n);
        assert_int_equal(n, 1);
        assert_true(pdn_game_is_trailer(back));
        char *again = written(back);
        assert_string_equal(again, text);
        free(again);
        free(text);
        pdn_game_free(back);
        pdn_game_free(g);
    }
    /* a file of comments alone: no game in it */
    size_t n;
    pdn_game *g = last_of("{nothing}\n; but comments\n", &n);
    assert_true(pdn_game_is_trailer(g));
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_NO_GAME), 1);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_MISSING_RESULT), 0);
    pdn_game_free(g);
    assert_false(pdn_game_is_trailer(NULL));
}

/* Anything but comments after the last result makes a game, as before (an
 * error in them too: its finding names a game that counts); so
 * do comments followed by a result, and comments before a game are its. */
static void test_reader_not_a_trailer(void **state)
{
    (void)state;
    static const char *const games[] = {
        "1. 32-28 2-0 {end} *\n",
        "1. 32-28 2-0 {end} 1-1\n",
        "1. 32-28 2-0 {end} $1\n",
        "1. 32-28 2-0 {end} 1.\n",
        "1. 32-28 2-0 {end} (33-29)\n",
        "1. 32-28 2-0 {end} /W:W31-50:B1-20/\n",
        "1. 32-28 2-0 [Event \"y\"]\n",
        "1. 32-28 2-0 {c}\n[Event \"y\"]\n1. 33-29 *\n",
        "1. 32-28 2-0 {an unterminated comment\n",
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        size_t n;
        pdn_game *g = last_of(games[i], &n);
        assert_int_equal(n, 2);
        assert_false(pdn_game_is_trailer(g));
        pdn_game_free(g);
    }
    /* comments before a game are its own, in strict mode too */
    pdn_game *g = NULL;
    assert_int_equal(fix_read_str(&F, "{a} 1. 32-28 2-0 {b}", true, &g), 2);
    assert_false(pdn_game_is_trailer(g));
    pdn_game_free(g);
}

/* A syntax error is reported with its place and game; no later game is lost. */
static void test_reader_recovers_after_error(void **state)
{
    (void)state;
    const char *text = "[Event \"1\"]\n1. 32-28 *\n"
                       "[Event \"2\"]\n1. 32-28 ) 19-23 ] 2. @@ 33-29 *\n"
                       "[Event \"3\"]\n1. 31-27 *\n";
    for (int strict = 0; strict < 2; strict++) {
        pdn_game *g = NULL;
        assert_int_equal(fix_read_str(&F, text, strict, &g), 3);
        pdn_game_free(g);
        const struct diag_record *d = dc_first_error(&F.dc);
        assert_non_null(d);
        assert_int_equal(d->code, PDN_DIAG_UNMATCHED_PAREN);
        dc_expect_at(d, 4, 10);
        assert_int_equal(d->game, 2);
        assert_int_equal(F.dc.errors, strict ? 1 : 3);
    }
}

static void test_reader_unterminated_variation(void **state)
{
    (void)state;
    pdn_game *g = one("1. 32-28 (1. 33-29 2-0 1. 31-26 *", false);
    assert_int_equal(g->result, PDN_RESULT_WHITE_WIN);
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->nvariations, 1);
    const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_UNTERMINATED_VARIATION);
    assert_non_null(d);
    assert_int_equal(d->col, 10);
    assert_int_equal(F.games, 2);
    pdn_game_free(g);
}

/* Nesting past PDN_LIMIT_DEPTH is a diagnostic, never a stack overflow. */
static void test_reader_depth_limit(void **state)
{
    (void)state;
    size_t depth = 100000, len = depth * 8 + 64;
    char *text = malloc(len), *p = text;
    p += sprintf(p, "1. 32-28 ");
    for (size_t i = 0; i < depth; i++)
        p += sprintf(p, "(33-29 ");
    for (size_t i = 0; i < depth; i++)
        *p++ = ')';
    strcpy(p, " 19-23 *\n1. 31-27 *");
    pdn_game *g = NULL;
    assert_int_equal(fix_read_str(&F, text, false, &g), 2);
    assert_non_null(dc_find(&F.dc, PDN_DIAG_LIMIT));
    assert_int_equal(g->main.nmoves, 2);
    const struct pdn_line *l = &g->main;
    int levels = 0;
    while (l->nmoves && pdn_annotations_of(&l->moves[0])->nvariations) {
        l = &pdn_annotations_of(&l->moves[0])->variations[0];
        levels++;
    }
    assert_int_equal(levels, PDN_LIMIT_DEPTH - 1);
    pdn_game_free(g);
    free(text);
}

/* A game past PDN_LIMIT_GAME_BYTES is cut with a diagnostic. */
static void test_reader_game_limit(void **state)
{
    (void)state;
    size_t big = PDN_LIMIT_GAME_BYTES + 1000;
    char *text = malloc(big + 64);
    assert_non_null(text);
    if (!text) return; /* tells GCC -O1 that the memset below has room */
    strcpy(text, "1. 32-28 {");
    memset(text + 10, 'a', big);
    strcpy(text + 10 + big, "} *\n1. 33-29 *\n");
    fix_read_str(&F, text, false, NULL);
    assert_non_null(dc_find(&F.dc, PDN_DIAG_LIMIT));
    assert_int_equal(F.rc, 0);
    free(text);
}

static void test_reader_line_ends(void **state)
{
    (void)state;
    const char *forms[] = {"[A \"1\"]\n\n1. 32-28 *", "[A \"1\"]\r\n\r\n1. 32-28 *",
                           "[A \"1\"]\r\r1. 32-28 *"};
    for (int i = 0; i < 3; i++) {
        pdn_game *g = fix_clean(&F, forms[i], true);
        assert_int_equal(g->main.moves[0].pos.line, 3);
        assert_int_equal(g->main.moves[0].pos.col, 4);
        pdn_game_free(g);
    }
}

static void test_reader_utf8_bom_and_utf16(void **state)
{
    (void)state;
    pdn_game *g = fix_clean(&F, "\xef\xbb\xbf[White \"\xc3\xa8\"] 1. 32-28 *", true);
    assert_string_equal(pdn_game_tag(g, "White"), "\xc3\xa8");
    assert_int_equal(g->start.col, 1);
    pdn_game_free(g);
    const char *src = "[White \"\xc3\xa8\"] 1. 32-28 *";
    const unsigned char le[] = {0xFF, 0xFE, '[',  0, 'W', 0, 'h', 0, 'i', 0, 't', 0, 'e', 0, ' ', 0,
                                '"',  0,    0xE8, 0, '"', 0, ']', 0, ' ', 0, '1', 0, '.', 0, ' ', 0,
                                '3',  0,    '2',  0, '-', 0, '2', 0, '8', 0, ' ', 0, '*', 0};
    unsigned char be[sizeof le];
    for (size_t i = 0; i < sizeof le; i += 2)
        be[i] = le[i + 1], be[i + 1] = le[i];
    for (int k = 0; k < 2; k++) {
        g = NULL;
        fix_read_mem(&F, (const char *)(k ? be : le), sizeof le, true, &g);
        assert_non_null(g);
        assert_int_equal(F.dc.total, 0);
        assert_string_equal(pdn_game_tag(g, "White"), "\xc3\xa8");
        assert_string_equal(g->main.moves[0].text, "32-28");
        assert_memory_equal(g->raw, src, strlen(src));
        pdn_game_free(g);
    }
}

/* Not UTF-8: another encoding from the first bad byte on, said once. */
static void test_reader_cp1252_fallback(void **state)
{
    (void)state;
    pdn_game *g = NULL;
    fix_read_str(&F, "[A \"ok\"] *\n[White \"Bert\xe8 \x80\"] *\n[B \"\xe9\"] *", false, &g);
    assert_int_equal(F.games, 3);
    pdn_game_free(g);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_ENCODING_FALLBACK), 1);
    const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_ENCODING_FALLBACK);
    dc_expect_at(d, 2, 13);
    assert_int_equal(d->game, 2);
}

static char *file_games_text(const char *path, bool strict, enum pdn_encoding enc, size_t *games)
{
    struct pdn_reader_options o = fix_options(&F, strict);
    o.encoding = enc;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, &o), 0);
    char *all = fix_tags_text(&F, r);
    *games = F.games;
    return all;
}

/* The Latin-1 and cp1251 files decode to the text of their UTF-8 versions. */
static void test_reader_legacy_encodings_match_utf8(void **state)
{
    (void)state;
    const char *pairs[][2] = {
        {"tests/data/encodings/40Camp-latin1.pdn",
         "tests/data/conformance/fail/40Camp.DamaInternazionaleAssoluto.pdn"},
        {"tests/data/encodings/abatsiev-cp1251.pdn", "tests/data/conformance/fail/abatsiev.pdn"},
    };
    enum pdn_encoding forced[] = {PDN_ENCODING_LATIN1, PDN_ENCODING_CP1251};
    for (int i = 0; i < 2; i++) {
        size_t n1, n2;
        char *utf8 = file_games_text(pairs[i][1], false, PDN_ENCODING_AUTO, &n1);
        char *legacy = file_games_text(pairs[i][0], false, forced[i], &n2);
        assert_int_equal(n1, n2);
        assert_string_equal(legacy, utf8);
        free(legacy);
        free(utf8);
    }
    /* Latin-1 text also comes out right by the automatic fallback. */
    size_t n;
    char *a = file_games_text(pairs[0][0], false, PDN_ENCODING_AUTO, &n);
    assert_non_null(dc_find(&F.dc, PDN_DIAG_ENCODING_FALLBACK));
    char *b = file_games_text(pairs[0][1], false, PDN_ENCODING_AUTO, &n);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void test_reader_encoding_parse(void **state)
{
    enum pdn_encoding enc;
    (void)state;
    assert_true(pdn_encoding_parse(&enc, "UTF-8"));
    assert_int_equal(enc, PDN_ENCODING_UTF8);
    assert_true(pdn_encoding_parse(&enc, "utf8"));
    assert_int_equal(enc, PDN_ENCODING_UTF8);
    assert_true(pdn_encoding_parse(&enc, "ISO-8859-1"));
    assert_int_equal(enc, PDN_ENCODING_LATIN1);
    assert_true(pdn_encoding_parse(&enc, "latin1"));
    assert_int_equal(enc, PDN_ENCODING_LATIN1);
    assert_true(pdn_encoding_parse(&enc, "windows-1252"));
    assert_int_equal(enc, PDN_ENCODING_CP1252);
    assert_true(pdn_encoding_parse(&enc, "CP1251"));
    assert_int_equal(enc, PDN_ENCODING_CP1251);
    assert_true(pdn_encoding_parse(&enc, "ibm866"));
    assert_int_equal(enc, PDN_ENCODING_CP866);
    assert_false(pdn_encoding_parse(&enc, "ebcdic"));
    /* Forced UTF-8: bad bytes become U+FFFD, reported once. */
    pdn_game *g = NULL;
    struct pdn_reader_options o = fix_options(&F, false);
    o.encoding = PDN_ENCODING_UTF8;
    pdn_reader *r = NULL;
    static const char bad[] = "[A \"x\xff\xfey\"] *";
    assert_int_equal(pdn_reader_open_memory(&r, bad, sizeof bad - 1, &o), 0);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    assert_string_equal(pdn_game_tag(g, "A"), "x\xef\xbf\xbd\xef\xbf\xbdy");
    assert_non_null(dc_find(&F.dc, PDN_DIAG_BAD_ENCODING));
    pdn_game_free(g);
    pdn_reader_free(r);
}

/* Many games through small and odd-sized pipe writes: memory, fd and file agree. */
static void test_reader_memory_fd_file_same(void **state)
{
    (void)state;
    const char *path = "tests/data/tournaments/World Title Match Women 2024.pdn";
    size_t len = 0;
    char *data = fix_slurp(path, &len);
    assert_non_null(data);
    size_t n1, n2, n3;
    char *a = file_games_text(path, false, PDN_ENCODING_AUTO, &n1);
    static struct fix f2;
    pdn_game *gm = NULL, *gf = NULL;
    fix_read_mem(&f2, data, len, false, &gm);
    n2 = f2.games;
    int fd = open(path, O_RDONLY);
    struct pdn_reader_options o = fix_options(&F, false);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_fd(&r, fd, &o), 0);
    fix_drain(r, &F, &gf);
    n3 = F.games;
    pdn_reader_free(r);
    close(fd);
    assert_int_equal(n1, n2);
    assert_int_equal(n1, n3);
    assert_int_equal(gm->raw_len, gf->raw_len);
    assert_memory_equal(gm->raw, gf->raw, gm->raw_len);
    assert_int_equal(gm->main.nmoves, gf->main.nmoves);
    pdn_game_free(gm);
    pdn_game_free(gf);
    free(a);
    free(data);
}

/* Games spread over many input blocks: nothing lost at block edges. */
static void test_reader_block_edges(void **state)
{
    (void)state;
    size_t games = 20000, cap = games * 64;
    char *text = malloc(cap), *p = text;
    for (size_t i = 0; i < games; i++)
        p += sprintf(p, "[R \"%zu\"]\r\n1. 32-28 {\xc3\xa9} 19-23 2-0\r\n", i);
    pdn_game *g = NULL;
    assert_int_equal(fix_read_mem(&F, text, (size_t)(p - text), true, &g), games);
    assert_int_equal(F.dc.total, 0);
    pdn_game_free(g);
    free(text);
}

/* Tag names and values of every length around the short copies the
 * parser makes of plain ones (16 and 32 bytes), in games enough for the
 * reader's blocks to end inside them: each read back whole. */
static void test_reader_tag_lengths(void **state)
{
    (void)state;
    enum { GAMES = 3000 };
    char *text = malloc(GAMES * 128), *p = text;
    for (int i = 0; i < GAMES; i++) {
        int nlen = 1 + i % 24, vlen = i % 41;
        p += sprintf(p, "[%c%.*s \"%.*s%c\"]\n1. 32-28 *\n", 'A' + i % 26, nlen - 1,
                     "abcdefghijklmnopqrstuvwxyz", vlen,
                     "0123456789abcdefghijklmnopqrstuvwxyz01234", 'a' + i % 26);
    }
    struct pdn_reader_options o = fix_options(&F, false);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, (size_t)(p - text), &o), 0);
    pdn_game *g;
    for (int i = 0; i < GAMES; i++) {
        assert_int_equal(pdn_reader_next(&g, r), 1);
        int nlen = 1 + i % 24, vlen = i % 41;
        char name[32], value[64];
        sprintf(name, "%c%.*s", 'A' + i % 26, nlen - 1, "abcdefghijklmnopqrstuvwxyz");
        sprintf(value, "%.*s%c", vlen, "0123456789abcdefghijklmnopqrstuvwxyz01234", 'a' + i % 26);
        assert_int_equal(g->ntags, 1);
        assert_string_equal(g->tags[0].name, name);
        assert_string_equal(g->tags[0].value, value);
        pdn_game_free(g);
    }
    assert_int_equal(pdn_reader_next(&g, r), 0);
    assert_int_equal(F.dc.total, 0);
    pdn_reader_free(r);
    free(text);
}

static void test_reader_results_and_errors_api(void **state)
{
    enum pdn_result result;
    (void)state;
    assert_true(pdn_result_parse(&result, "2-0", 3));
    assert_int_equal(result, PDN_RESULT_WHITE_WIN);
    assert_true(pdn_result_parse(&result, "1/2-1/2", 7));
    assert_int_equal(result, PDN_RESULT_DRAW);
    assert_true(pdn_result_parse(&result, "0-1", 3));
    assert_int_equal(result, PDN_RESULT_BLACK_WIN);
    assert_true(pdn_result_parse(&result, "*", 1));
    assert_int_equal(result, PDN_RESULT_UNKNOWN);
    assert_false(pdn_result_parse(&result, "3-0", 3));
    /* blanks inside, as organisers write them: read, not '*' */
    assert_true(pdn_result_parse(&result, "1/2 - 1/2", 9));
    assert_int_equal(result, PDN_RESULT_DRAW);
    assert_true(pdn_result_parse(&result, " 2 - 0 ", 7));
    assert_int_equal(result, PDN_RESULT_WHITE_WIN);
    assert_false(pdn_result_parse(&result, "2 0", 3)); /* no separator: no result */
    assert_string_equal(pdn_result_text(PDN_RESULT_DRAW), "1-1");
    assert_string_equal(pdn_result_text(PDN_RESULT_BOTH_LOST), "0-0");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_WHITE_WIN, 20), "2-0");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_DRAW, 0), "1-1");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_BLACK_WIN, 27), "0-2");
    /* English files give Black's score first: Black opens (the conformance
     * set's problems, White to play and win, end "0-1") */
    assert_string_equal(pdn_result_text_for(PDN_RESULT_WHITE_WIN, 21), "0-1");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_BLACK_WIN, 21), "1-0");
    assert_int_equal(pdn_result_sides(PDN_RESULT_WHITE_WIN, 21), PDN_RESULT_BLACK_WIN);
    assert_int_equal(pdn_result_sides(PDN_RESULT_BLACK_WIN, 21), PDN_RESULT_WHITE_WIN);
    assert_int_equal(pdn_result_sides(PDN_RESULT_WHITE_WIN, 20), PDN_RESULT_WHITE_WIN);
    assert_int_equal(pdn_result_sides(PDN_RESULT_DRAW, 21), PDN_RESULT_DRAW);
    assert_string_equal(pdn_result_text_for(PDN_RESULT_BLACK_WIN, 25), "0-1");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_DRAW, 26), "1/2-1/2");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_BOTH_LOST, 25), "0-0");
    assert_string_equal(pdn_result_text_for(PDN_RESULT_UNKNOWN, 21), "*");
    assert_string_equal(pdn_strerror(PDN_ENOMEM), "out of memory");
    assert_non_null(pdn_strerror(12345));
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, "tests/data/no-such-file.pdn", NULL), PDN_EIO);
    assert_int_equal(pdn_reader_open_memory(&r, NULL, 5, NULL), PDN_EINVAL);
    assert_int_equal(pdn_reader_open_memory(&r, "", 0, NULL), 0);
    pdn_game *g;
    assert_int_equal(pdn_reader_next(&g, r), 0);
    pdn_reader_free(r);
    pdn_game_free(NULL);
    pdn_reader_free(NULL);
}

/* A tag repeats another by its whole name: not by its first letter and
 * length ("White", "Wrong"), nor by what the parser keeps of a name to
 * skip most comparisons ("Aabcdefg" and "B" share it: 65 * 7 + 8 is
 * 66 * 7 + 1), nor across games. */
static void test_reader_duplicate_tag_by_whole_name(void **state)
{
    (void)state;
    const char *text = "[Event \"E\"]\n[White \"W\"]\n[Wrong \"x\"]\n[Aabcdefg \"a\"]\n"
                       "[B \"b\"]\n\n1. 32-28 *\n\n"
                       "[Event \"F\"]\n[Aabcdefg \"a\"]\n[B \"b\"]\n[Wrong \"y\"]\n"
                       "[White \"V\"]\n[B \"again\"]\n\n1. 32-28 *\n";
    for (int strict = 0; strict < 2; strict++) {
        assert_int_equal(fix_read_str(&F, text, strict, NULL), 2);
        assert_int_equal(dc_count(&F.dc, PDN_DIAG_DUPLICATE_TAG), 1);
        const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_DUPLICATE_TAG);
        assert_int_equal(d->line, 14);
        assert_int_equal(d->game, 2);
        assert_string_equal(d->text, "B");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_tree),
        cmocka_unit_test(test_reader_annotations_only_where_written),
        cmocka_unit_test(test_reader_duplicate_tag_by_whole_name),
        cmocka_unit_test(test_reader_tag_escapes),
        cmocka_unit_test(test_reader_black_number_and_ellipsis),
        cmocka_unit_test(test_reader_lenient_forms),
        cmocka_unit_test(test_reader_setup_quotes),
        cmocka_unit_test(test_reader_unread_text_kept_as_comment),
        cmocka_unit_test(test_reader_strict_rejects_lenient_forms),
        cmocka_unit_test(test_reader_empty_game_and_match_score),
        cmocka_unit_test(test_reader_games_without_results),
        cmocka_unit_test(test_reader_trailer_comments),
        cmocka_unit_test(test_reader_not_a_trailer),
        cmocka_unit_test(test_reader_recovers_after_error),
        cmocka_unit_test(test_reader_unterminated_variation),
        cmocka_unit_test(test_reader_depth_limit),
        cmocka_unit_test(test_reader_game_limit),
        cmocka_unit_test(test_reader_line_ends),
        cmocka_unit_test(test_reader_utf8_bom_and_utf16),
        cmocka_unit_test(test_reader_cp1252_fallback),
        cmocka_unit_test(test_reader_legacy_encodings_match_utf8),
        cmocka_unit_test(test_reader_encoding_parse),
        cmocka_unit_test(test_reader_memory_fd_file_same),
        cmocka_unit_test(test_reader_block_edges),
        cmocka_unit_test(test_reader_tag_lengths),
        cmocka_unit_test(test_reader_results_and_errors_api),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
