/*
 * Unit tests of "nothing lost" (issue 9): defects that used to cost text or
 * invent a game are read as what they are, with a finding. A tag line that
 * lost its '[', a stray '[' before a tag, squares padded with several zeros,
 * move numbers past 4294967295 or equal to 0, a NUL inside a tag name, and
 * junk between games.
 * Each test asserts the findings (code, line, column, text as written) and
 * the game tree; expected values are worked out by hand in comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games_io.h"
#include "reader_fixture.h"

static struct fix F;

/* The one game of a text. */
static pdn_game *one(const char *text, bool strict)
{
    pdn_game *g = fix_one(&F, text, strict);
    assert_int_equal(F.games, 1);
    return g;
}

static const struct diag_record *need(const char *detail)
{
    return fix_need(&F, detail);
}

/* The replay's findings go to a fixture of their own. */
static struct fix R;

static void replay(const pdn_game *g)
{
    memset(&R, 0, sizeof R);
    assert_int_equal(dc_replay(&R.dc, g), 0);
}

/* ---- A tag line without its '[' --------------------------------------------- */

/* ChapionnatSurinam2025.pdn line 212 (the file's first game): the title was
 * dropped and "2025" made a game "1. 20-25". Now the line is the Event tag. */
static void test_reader_lost_tag_line_without_bracket(void **state)
{
    (void)state;
    pdn_game *g = one("Event \"Veteranenkampioenschap van Suriname 2025\"]\n"
                      "[Site \"Paramaribo\"]\n\n1. 32-28 19-23 *\n",
                      false);
    assert_int_equal(F.dc.errors, 0);
    assert_int_equal(g->ntags, 2);
    assert_string_equal(g->tags[0].name, "Event");
    assert_string_equal(g->tags[0].value, "Veteranenkampioenschap van Suriname 2025");
    assert_int_equal(g->tags[0].pos.line, 1);
    assert_int_equal(g->tags[0].pos.col, 1);
    assert_string_equal(g->tags[1].value, "Paramaribo");
    assert_int_equal(g->main.nmoves, 2);
    assert_string_equal(g->main.moves[0].text, "32-28");
    const struct diag_record *d = need("tag line without '['");
    assert_int_equal(d->code, PDN_DIAG_NONSTANDARD);
    dc_expect_at(d, 1, 1);
    assert_string_equal(d->text, "Event \"Veteranenkampioenschap van Suriname 2025\"]");
    /* The game's text keeps the line whole. */
    assert_memory_equal(g->raw, "Event \"Veteranen", 16);
    pdn_game_free(g);

    /* Strict mode: the same tag and game, as an error. */
    g = one("Event \"x\"]\n1. 32-28 *\n", true);
    const struct diag_record *e = dc_first_error(&F.dc);
    assert_non_null(e);
    assert_int_equal(e->code, PDN_DIAG_BAD_TAG);
    dc_expect_at(e, 1, 1);
    assert_string_equal(g->tags[0].value, "x");
    pdn_game_free(g);
}

/* Among a game's tags (after blanks, a ']' inside the value), between two
 * games, and on a one-line header; not in the middle of a line. */
static void test_reader_lost_tag_line_places(void **state)
{
    (void)state;
    pdn_game *g = one("[Event \"x\"]\n  Site \"a]b\" ]\n[Round \"1\"]\n1. 32-28 *\n", false);
    assert_int_equal(F.dc.errors, 0);
    assert_int_equal(g->ntags, 3);
    assert_string_equal(g->tags[1].name, "Site");
    assert_string_equal(g->tags[1].value, "a]b");
    const struct diag_record *d = need("tag line without '['");
    dc_expect_at(d, 2, 3);
    pdn_game_free(g);

    const char *two = "[Event \"a\"]\n1. 32-28 *\nEvent \"b\"] [Round \"2\"] 1. 33-28 *\n";
    assert_int_equal(fix_read_str(&F, two, false, NULL), 2);
    assert_int_equal(F.dc.errors, 0);
    d = need("tag line without '['");
    assert_int_equal(d->game, 2);
    assert_int_equal(d->line, 3);

    /* Inside a line it stays what it was: characters that start no token. */
    g = one("1. 32-28 Foo \"x\"] 19-23 *", false);
    assert_non_null(dc_find(&F.dc, PDN_DIAG_UNEXPECTED_CHAR));
    assert_int_equal(g->ntags, 0);
    pdn_game_free(g);
}

/* ---- Stray brackets ---------------------------------------------------------- */

static void test_reader_lost_stray_bracket(void **state)
{
    (void)state;
    /* A lone '[' line: the token starts there (the game's text keeps it). */
    pdn_game *g = one("[\n[Event \"g\"]\n1. 32-28 *\n", false);
    assert_int_equal(F.dc.errors, 0);
    assert_int_equal(g->ntags, 1);
    assert_string_equal(g->tags[0].value, "g");
    const struct diag_record *d = need("stray '[' before a tag");
    assert_int_equal(d->code, PDN_DIAG_NONSTANDARD);
    dc_expect_at(d, 1, 1);
    assert_int_equal(g->raw[0], '[');
    assert_int_equal(g->raw[1], '\n');
    pdn_game_free(g);

    g = one("[[Event \"g\"]\n1. 32-28 *\n", false);
    assert_int_equal(F.dc.errors, 0);
    assert_string_equal(g->tags[0].name, "Event");
    d = need("stray '[' before a tag");
    assert_int_equal(d->col, 1);
    assert_string_equal(d->text, "[[Event \"g\"]");
    pdn_game_free(g);

    g = one("[[Event \"g\"]\n1. 32-28 *\n", true);
    assert_int_equal(dc_first_error(&F.dc)->code, PDN_DIAG_BAD_TAG);
    pdn_game_free(g);

    /* The tag's own error outranks the stray bracket. */
    g = one("[[Event \"g]\n1. 32-28 *\n", false);
    assert_int_equal(dc_first_error(&F.dc)->code, PDN_DIAG_UNTERMINATED_STRING);
    pdn_game_free(g);
}

/* The Polish team championship file: a lone '[' at line 88 and "[[Event"
 * at line 174 were errors that left the bracket out of every output. */
static void test_reader_lost_polish_brackets(void **state)
{
    (void)state;
    assert_int_equal(
        fix_read_file(&F, "tests/data/tournaments/48th Polish Team Championship.pdn", false, NULL),
        82);
    assert_int_equal(F.dc.errors, 0);
    int strays = 0;
    for (int i = 0; i < F.dc.nkept; i++) {
        if (!strstr(F.dc.kept[i].detail, "stray '['")) continue;
        strays++;
        assert_int_equal(F.dc.kept[i].col, 1);
        assert_true((F.dc.kept[i].line == 88 && F.dc.kept[i].game == 41) ||
                    (F.dc.kept[i].line == 174 && F.dc.kept[i].game == 81));
    }
    assert_int_equal(strays, 2);
}

/* ---- Zero-padded squares ------------------------------------------------------ */

/* "032-28" was "not a square number": the move was dropped and every later
 * move changed sides. Now it is square 32, warned about once per game. */
static void test_reader_lost_zero_padded_squares(void **state)
{
    (void)state;
    pdn_game *g = one("1. 032-28 19-23 2. 00028x019 14x23 3. 037-32 *", false);
    assert_int_equal(F.dc.errors, 0);
    assert_int_equal(g->main.nmoves, 5);
    assert_string_equal(g->main.moves[0].text, "032-28");
    assert_string_equal(g->main.moves[2].text, "00028x019");
    assert_int_equal(g->main.moves[2].number, 2);
    assert_string_equal(g->main.moves[4].text, "037-32");
    const struct diag_record *d = need("zero-padded square");
    dc_expect_at(d, 1, 4);
    assert_string_equal(d->text, "032");
    assert_string_equal(d->move_number, "1.");
    replay(g);
    assert_int_equal(R.dc.errors, 0);
    char *out = write_to_string(g, NULL);
    assert_non_null(strstr(out, "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *"));
    free(out);
    pdn_game_free(g);

    /* Strict: PDN 3.0 allows one zero (06), no more. */
    g = one("1. 032-28 *", true);
    const struct diag_record *e = dc_first_error(&F.dc);
    assert_non_null(e);
    assert_int_equal(e->code, PDN_DIAG_SYNTAX);
    assert_int_equal(e->col, 4);
    pdn_game_free(g);

    /* SAGE writes W06 in FENs: any number of zeros reads there too. */
    struct pdn_board b;
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "W:W06,0032:BK00045", NULL),
                     0);
}

/* ---- Move numbers -------------------------------------------------------------- */

static void test_reader_lost_move_number_past_limit(void **state)
{
    (void)state;
    pdn_game *g = one("4294967296. 32-28 *", false);
    const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_LIMIT);
    assert_non_null(d);
    dc_expect_at(d, 1, 1);
    assert_string_equal(d->text, "4294967296.");
    assert_int_equal(g->main.moves[0].number, UINT32_MAX);
    /* The replay quotes it as written too, not as the tree holds it. */
    replay(g);
    const struct diag_record *r = dc_find(&R.dc, PDN_DIAG_MOVE_NUMBER);
    assert_non_null(r);
    assert_string_equal(r->text, "4294967296.");
    pdn_game_free(g);

    /* 4294967295 itself is no limit. */
    g = one("4294967295. 32-28 *", false);
    assert_null(dc_find(&F.dc, PDN_DIAG_LIMIT));
    pdn_game_free(g);
}

/* The count saturates: "4294967295. 32-28 18-23 33-29" gave "0. 33-29". */
static void test_reader_lost_move_number_saturates(void **state)
{
    (void)state;
    pdn_game *g = one("[FEN \"W:W31-50:B1-20\"]\n4294967295. 32-28 19-23 28x19 14x23 *", false);
    assert_int_equal(F.dc.total, 0);
    replay(g);
    assert_int_equal(R.dc.total, 0);
    char *out = write_to_string(g, NULL);
    assert_non_null(strstr(out, "4294967295. 32-28 19-23 4294967295. 28x19 14x23 *"));
    free(out);
    pdn_game_free(g);
    /* Labels of findings saturate too. */
    g = one("4294967295. 32-28 18-23 33-29 09-14 *", false);
    const struct diag_record *d = need("zero-padded square");
    assert_string_equal(d->move_number, "4294967295...");
    pdn_game_free(g);
}

static void test_reader_lost_move_number_zero(void **state)
{
    (void)state;
    pdn_game *g = one("0. 32-28 19-23 *", false);
    const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_MOVE_NUMBER);
    assert_non_null(d);
    dc_expect_at(d, 1, 1);
    assert_string_equal(d->text, "0.");
    assert_string_equal(d->detail, "move numbers start at 1");
    assert_int_equal(g->main.nmoves, 2);
    pdn_game_free(g);
    /* Strict mode reads it (the grammar's MOVENUM is [0-9]+) and says so. */
    g = one("0. 32-28 *", true);
    assert_non_null(dc_find(&F.dc, PDN_DIAG_MOVE_NUMBER));
    pdn_game_free(g);
}

/* ---- NUL inside a tag name ------------------------------------------------------- */

/* "[Ev\0ent ..." was cut to a tag "Ev": the rest of the name was lost. The
 * NUL becomes a blank, as in values and comments; such a name is no
 * identifier, so the writer keeps the tag as a comment. */
static void test_reader_lost_nul_in_tag_name(void **state)
{
    (void)state;
    static const char text[] = "[Ev\0ent \"x\"]\n1. 32-28 *\n";
    pdn_game *g = NULL;
    assert_int_equal(fix_read_mem(&F, text, sizeof text - 1, false, &g), 1);
    const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_NUL_BYTE);
    assert_non_null(d);
    dc_expect_at(d, 1, 4);
    assert_int_equal(g->ntags, 1);
    assert_string_equal(g->tags[0].name, "Ev ent");
    assert_string_equal(g->tags[0].value, "x");
    assert_int_equal(g->raw_len, sizeof text - 2); /* all but the last line end */
    char *out = write_to_string(g, NULL);
    assert_non_null(strstr(out, "{[Ev ent \"x\"]} 1. 32-28 *"));
    free(out);
    pdn_game_free(g);
}

/* ---- Junk between games ------------------------------------------------------------ */

/* The comments before the first move of game i of gs, joined by '|'. */
static void expect_comments_before(const struct games *gs, size_t i, const char *want)
{
    char got[256] = "";
    const struct pdn_line *main = &gs->v[i]->main;
    const struct pdn_comment *c =
        main->nmoves ? pdn_annotations_of(&main->moves[0])->comments_before : main->trailing;
    uint32_t n =
        main->nmoves ? pdn_annotations_of(&main->moves[0])->ncomments_before : main->ntrailing;
    for (uint32_t k = 0; k < n; k++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", k ? "|" : "", c[k].text);
    assert_string_equal(got, want);
}

/* Words no token takes between games ("A" before a first move, "forfeit"
 * after a result, words after the last game) were reported and dropped:
 * pdnfmt lost them. They are errors still, said where they stand: on the
 * line of a game's result, that game's, and a comment after its last move;
 * else the next game's, comments before its first move, or after the last
 * game the file's (game 0), the file's trailer. Words of one line make one
 * comment. */
static void test_reader_lost_junk_between_games(void **state)
{
    (void)state;
    struct games gs;
    const char *before = "A 1. 32-28 *\n";
    read_games(&gs, before, strlen(before));
    assert_int_equal(gs.n, 1);
    expect_comments_before(&gs, 0, "A");
    assert_int_equal(pdn_annotations_of(&gs.v[0]->main.moves[0])->comments_before[0].pos.col, 1);
    free_games(&gs);

    /* on a game's result line: that game's, after its last move */
    const char *between = "1. 32-28 * forfeit by\nblack\n[Event \"b\"]\n1. 33-28 *\n";
    read_games(&gs, between, strlen(between));
    assert_int_equal(gs.n, 2);
    const struct pdn_node *last = &gs.v[0]->main.moves[0];
    assert_int_equal(pdn_annotations_of(last)->ncomments_after, 1);
    assert_string_equal(pdn_annotations_of(last)->comments_after[0].text, "forfeit by");
    assert_int_equal(gs.v[0]->raw_len, strlen("1. 32-28 * forfeit by"));
    expect_comments_before(&gs, 1, "black");
    assert_int_equal(gs.v[1]->ntags, 1);
    free_games(&gs);
    pdn_game *g = NULL;
    assert_int_equal(fix_read_str(&F, between, false, &g), 2);
    pdn_game_free(g);
    /* a finding a run of words, quoting the run */
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_UNEXPECTED_CHAR), 2);
    assert_string_equal(dc_find(&F.dc, PDN_DIAG_UNEXPECTED_CHAR)->text, "forfeit by");
    assert_int_equal(dc_find(&F.dc, PDN_DIAG_UNEXPECTED_CHAR)->game, 1);
    assert_int_equal(F.dc.kept[1].game, 2); /* "black", on the next line */
    /* an odd space on the result's line is the game's, on the next line
     * the next game's */
    assert_int_equal(fix_read_str(&F, "1. 32-28 *\\r\n\\r\n1. 33-28 *\n", false, NULL), 2);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_NONSTANDARD), 2);
    assert_int_equal(F.dc.kept[0].game, 1);
    assert_int_equal(F.dc.kept[1].game, 2);

    /* a result between words parts them */
    const char *parted = "junk * more\n1. 32-28 *\n";
    read_games(&gs, parted, strlen(parted));
    assert_int_equal(gs.n, 1);
    expect_comments_before(&gs, 0, "junk|more");
    free_games(&gs);

    /* after the last game: the file's trailer, which is written as its
     * comment and reads back as the same trailer, with no error */
    const char *after = "1. 32-28 *\nsome trailing\nwords\n";
    read_games(&gs, after, strlen(after));
    assert_int_equal(gs.n, 2);
    assert_true(pdn_game_is_trailer(gs.v[1]));
    expect_comments_before(&gs, 1, "some trailing|words");
    char *text = write_to_string(gs.v[1], NULL);
    assert_string_equal(text, "{some trailing} {words}\n\n");
    free_games(&gs);
    read_games(&gs, text, strlen(text));
    assert_int_equal(gs.n, 1);
    assert_true(pdn_game_is_trailer(gs.v[0]));
    free_games(&gs);
    assert_int_equal(fix_read_str(&F, text, false, NULL), 1);
    assert_int_equal(F.dc.errors, 0); /* a file of no game, as any trailer alone */
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_NO_GAME), 1);
    free(text);
    assert_int_equal(fix_read_str(&F, after, false, NULL), 2);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_UNEXPECTED_CHAR), 2); /* a line each */
    assert_int_equal(dc_find(&F.dc, PDN_DIAG_UNEXPECTED_CHAR)->game, 0);
    assert_int_equal(dc_count(&F.dc, PDN_DIAG_MISSING_RESULT), 0);

    /* strict reading keeps no text the grammar does not take */
    assert_int_equal(fix_read_str(&F, before, true, &g), 1);
    assert_int_equal(pdn_annotations_of(&g->main.moves[0])->ncomments_before, 0);
    pdn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_lost_tag_line_without_bracket),
        cmocka_unit_test(test_reader_lost_tag_line_places),
        cmocka_unit_test(test_reader_lost_stray_bracket),
        cmocka_unit_test(test_reader_lost_polish_brackets),
        cmocka_unit_test(test_reader_lost_zero_padded_squares),
        cmocka_unit_test(test_reader_lost_move_number_past_limit),
        cmocka_unit_test(test_reader_lost_move_number_saturates),
        cmocka_unit_test(test_reader_lost_move_number_zero),
        cmocka_unit_test(test_reader_lost_nul_in_tag_name),
        cmocka_unit_test(test_reader_lost_junk_between_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
