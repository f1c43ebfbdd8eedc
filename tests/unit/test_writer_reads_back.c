/*
 * Unit tests of how the writer places the pieces of a game (writer.c) so
 * that the text reads back as the tree it came from: move numbers (from
 * the tree, against the count, after a FEN or a setup, from the caller),
 * a capture kept apart from the move before it, variations, setups and
 * comments in the order a reader keeps, lines cut by the caller. Then the
 * round trip over every .pdn file under tests/data and samples/ (read,
 * write, read again: the same trees; writing twice: the same bytes).
 * How each piece is spelled is test_writer.c's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games_io.h"
#include "pdn.h"
#include "writer_fixture.h"

static void test_writer_black_number_when_alone(void **state)
{
    (void)state;
    struct pdn_comment c = {.text = "good"};
    struct pdn_node var_moves[] = {mv("17-22"), mv("28x17")};
    struct pdn_line var = {.moves = var_moves, .nmoves = 2};
    struct pdn_node moves[] = {mv_after("32-28", &c), mv("18-23"), mv("33-29"), mv("23x34")};
    annotate(&moves[1])->variations = &var;
    annotate(&moves[1])->nvariations = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {good} 1... 18-23 (1... 17-22 2. 28x17) "
          "2. 33-29 23x34 *\n\n");
    struct pdn_write_options opt = {
        .version = PDN_WRITE_OPTIONS_VERSION, .no_comments = true, .no_variations = true};
    check(&g, &opt,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 2. 33-29 23x34 *\n\n");
}

static void test_writer_white_variation_and_nesting(void **state)
{
    (void)state;
    struct pdn_node inner[] = {mv("19-23")};
    struct pdn_line inner_line = {.moves = inner, .nmoves = 1};
    struct pdn_node var_moves[] = {mv("34-29"), mv("18-23")};
    annotate(&var_moves[1])->variations = &inner_line;
    annotate(&var_moves[1])->nvariations = 1;
    struct pdn_line var = {.moves = var_moves, .nmoves = 2};
    struct pdn_node moves[] = {mv("32-28"), mv("18-23")};
    annotate(&moves[0])->variations = &var;
    annotate(&moves[0])->nvariations = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_DRAW);
    check(
        &g, NULL,
        ROSTER_UNKNOWN
        "[Result \"1-1\"]\n[GameType \"20\"]\n\n1. 32-28 (1. 34-29 18-23 (1... 19-23)) 1... 18-23 "
        "1-1\n\n");
}

/* From a FEN without a move number the first number written gives the
 * count: the moves after it are numbered on from it. From the start
 * position the game starts at move 1: "12." is kept as the tree holds it,
 * but the number it does not hold is the count's, 33-29 White's 2nd. */
static void test_writer_numbers_from_the_tree(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {{.name = "FEN", .value = "W:W31-50:B1-20"}};
    struct pdn_node moves[] = {mv("32-28"), mv("18-23"), mv("33-29")};
    moves[0].number = 12;
    moves[1].number = 12;
    moves[1].number_black = true;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.tags = tags;
    g.ntags = 1;
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n\n12. 32-28 "
                         "18-23 13. 33-29 *\n\n");
    g.ntags = 0;
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n12. 32-28 18-23 2. 33-29 *\n\n");
}

/* A wrong number the tree holds is written as it holds it, but the count
 * does not take it: the numbers the writer adds after it, where a move
 * stands alone, are the plies' own ("1... 12-18", from the "1." on White's
 * 2nd move, would be a fault the tree did not have). */
static void test_writer_number_not_in_the_tree_is_the_count(void **state)
{
    (void)state;
    struct pdn_comment c = {.text = "c"};
    struct pdn_node var_moves[] = {mv("19-24")};
    struct pdn_line var = {.moves = var_moves, .nmoves = 1};
    struct pdn_node moves[] = {mv("32-28"), mv("18-23"), mv_after("37-32", &c), mv("12-18")};
    moves[2].number = 1;
    annotate(&moves[3])->variations = &var;
    annotate(&moves[3])->nvariations = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 1. 37-32 {c} 2... "
                         "12-18 (2... 19-24) *\n\n");
    check_reads_back(&g, 4);
    /* Read back, 12-18 holds that 2...: the count's, where a reader,
     * after the wrong "1.", counts Black's 1st; so it stays with nothing
     * before it too, setting the reader's count right again. */
    moves[3].number = 2;
    moves[3].number_black = true;
    struct pdn_write_options opt = {
        .version = PDN_WRITE_OPTIONS_VERSION, .no_comments = true, .no_variations = true};
    check(&g, &opt,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 1. 37-32 2... 12-18 *\n\n");
}

/* A number that the count does not give is written, with its side, so that
 * it reads back ("12.." for White's move becomes "12..."). */
static void test_writer_number_against_the_count(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("18-23"), mv("33-29"), mv("19-24")};
    moves[2].number = 2;
    moves[2].number_black = true;
    moves[3].number = 7;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 2... 33-29 7. 19-24 *\n\n");
}

/* "..." with no number, White's move 2 not given, after Black's move 1
 * numbered as White's ("1. 19-23"), and before the "2." of 28x19: a reader
 * counts a ply behind the moves there and would take bare dots for stray
 * ones, no move (text_number_takes_bare), so the writer numbers them, and
 * the five moves read back. */
static void test_writer_numbers_dots_a_reader_would_drop(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("19-23"), mv("..."), mv("28x19"), mv("14x23")};
    moves[1].number = 1;
    moves[3].number = 2;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 1. 19-23 2. ... 2. 28x19 "
                         "14x23 *\n\n");
    check_reads_back(&g, 5);
}

/* "2. 19-23", Black's 1st under White's 2nd, then three moves not given:
 * the count stops at the first dash, White's 2nd by the replay, and
 * numbers the dashes after it from there, but a reader counts from the
 * "2." written. The third dash's "3." takes the second's ply (White's 3rd
 * to a reader), so that one is numbered "2..."; a bare first dash, Black's
 * 2nd to a reader, would then be taken by that "2..." and read back as
 * stray, no move (fuzz_check: "8. b2-c3 -- 8... --" lost a dash on
 * reading back), so it has its number too. */
static void test_writer_numbers_a_dash_the_next_dash_number_takes(void **state)
{
    (void)state;
    static const char text[] = "1. 32-28 2. 19-23 -- -- -- *\n";
    struct games gs;
    read_games(&gs, text, sizeof text - 1);
    assert_int_equal(gs.n, 1);
    assert_int_equal(gs.v[0]->main.nmoves, 5);
    check(gs.v[0], NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 2. 19-23 2. -- 2... -- 3. -- *\n\n");
    check_reads_back(gs.v[0], 5);
    free_games(&gs);
}

/* Two captures the reader would join as hops of one move stay apart; a
 * quiet move leaves no square for a next hop ("9-3 3x14" are two moves). */
static void test_writer_capture_not_read_as_next_hop(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("38x18"), mv("18x9"), mv("9-3"), mv("03:14")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 38x18 1... 18x9 2. 9-3 3x14 *\n\n");
    check_reads_back(&g, 4);
}

/* A capture that starts on a number is a next hop to the reader whatever
 * its later squares are: "33x22 22x7xf6" was read as the one move
 * "33x22x7xf6" (tests/fuzz/regressions/roundtrip-glued-capture.pdn). */
static void test_writer_mixed_capture_not_read_as_next_hop(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("33x22"), mv("22-7-f6"), mv("28x22"), mv("22:f6")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 33x22 1... 22x7xf6 2. 28x22 2... "
                         "22xf6 *\n\n");
    check_reads_back(&g, 4);
}

/* A capture that ends on an alphanumeric square leaves no square for a next
 * hop: the reader once took the stale number of the token before it
 * ("22x7xf6 7x1" read as one move). */
static void test_writer_capture_to_alpha_square_leaves_no_hop(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("22x7xf6"), mv("7x1"), mv("22xf6"), mv("22x17")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.gametype = 25; /* as the reader infers from the algebraic square: it is said */
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"25\"]\n\n1. 22x7xf6 7x1 2. 22xf6 22x17 *\n\n");
    check_reads_back(&g, 4);
}

/* A setup that sets up nothing is not written: the captures on either side
 * of it meet, and the second needs its number. */
static void test_writer_empty_setup_keeps_hops_apart(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("33x22"), mv("22x13")};
    annotate(&moves[1])->setup = " ";
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 33x22 1... 22x13 *\n\n");
    check_reads_back(&g, 2);
}

static void test_writer_fen_black_to_move(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {{.name = "FEN", .value = "B:W31-50:B1-20:H0:F7"}};
    struct pdn_node moves[] = {mv("20-25"), mv("32-28")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.tags = tags;
    g.ntags = 1;
    check(
        &g, NULL,
        ROSTER_UNKNOWN
        "[Result \"*\"]\n[GameType \"20\"]\n[FEN \"B:W31-50:B1-20:H0:F7\"]\n\n7... 20-25 8. 32-28 "
        "*\n\n");
}

/* The side and first number are the FEN's as fen.c reads them (fen_start):
 * a lower-case side letter too; an ":F" number that is no FEN number
 * (over 99999) gives none. */
static void test_writer_fen_start_as_the_fen_reads(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {{.name = "FEN", .value = " b:W31-50:B1-20:f7"}};
    struct pdn_node moves[] = {mv("20-25"), mv("32-28")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.tags = tags;
    g.ntags = 1;
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n[FEN \" b:W31-50:B1-20:f7\"]\n\n7... 20-25 8. 32-28 "
          "*\n\n");
    tags[0].value = "B:W31-50:B1-20:F123456";
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n[FEN \"B:W31-50:B1-20:F123456\"]\n\n1... 20-25 2. "
          "32-28 *\n\n");
}

static void test_writer_setup_in_place(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("19-23"), mv("24-19")};
    annotate(&moves[1])->setup = "B:W28,24:B19";
    moves[2].number = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.main.trailing_setup = "W:W5:B45";
    check(
        &g, NULL,
        ROSTER_UNKNOWN
        "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 /FEN \"B:W28,24:B19\"/ 1... 19-23 1. 24-19 "
        "/FEN \"W:W5:B45\"/ *\n\n");
}

/* move_number: the third move, numbered 5. in the tree, is White's 2nd. */
static bool second_pair(uint32_t *out, bool *black, const struct pdn_node *node, void *ctx)
{
    if (node != &((const struct pdn_node *)ctx)[2]) return false;
    *out = 2;
    *black = false;
    return true;
}

/* capture: the fourth move. */
static bool fourth_move(const struct pdn_node *node, void *ctx)
{
    return node == &((const struct pdn_node *)ctx)[3];
}

static void test_writer_numbers_captures_and_result_from_the_caller(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("19-23"), mv("28x19"), mv("14-23")};
    moves[2].number = 5;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    /* As read: the number kept (it reads back), the dash too, the result '*'. */
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 5. 28x19 14-23 *\n\n");
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION,
                                    .move_number = second_pair,
                                    .capture = fourth_move,
                                    .move_ctx = moves,
                                    .result = PDN_RESULT_BLACK_WIN};
    check(&g, &opt,
          ROSTER_UNKNOWN
          "[Result \"0-2\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 0-2\n\n");
}

/* cut_line: the moves whose text starts with '!'. */
static bool marked(const struct pdn_node *node, void *ctx)
{
    (void)ctx;
    return node->text[0] == '!';
}

static void test_writer_cut_line_becomes_a_comment(void **state)
{
    (void)state;
    struct pdn_comment note = {.text = "a\n note"}, end = {.text = "end"};
    struct pdn_node var_moves[] = {mv("33-29"), mv("!x")};
    struct pdn_line var = {.moves = var_moves, .nmoves = 2};
    struct pdn_node inner[] = {mv("17-22")};
    struct pdn_line inner_line = {.moves = inner, .nmoves = 1};
    struct pdn_node moves[] = {mv("32-28"), mv("18-23"), mv_before("!32-27", &note), mv("23x32"),
                               mv("37x28")};
    annotate(&moves[0])->variations = &var;
    annotate(&moves[0])->nvariations = 1;
    annotate(&moves[2])->strength = "?";
    annotate(&moves[3])->variations = &inner_line;
    annotate(&moves[3])->nvariations = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.main.trailing = &end;
    g.main.ntrailing = 1;
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .cut_line = marked};
    check(&g, &opt,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 (1. 33-29 {1... !x}) 1... 18-23 {a note} "
          "{2. !32-27? 23x32 (2... 17-22)\n3. 37x28 end} *\n\n");
}

/* A reader keeps no order between a setup and the comments around it: the
 * setup of a move kept as a comment waits for the dots that hold the
 * move's ply, the move's comment going before it, as they read back
 * (fuzz_check-crash-26af4352...); the comments after the move follow the
 * dots. */
static void test_writer_setup_of_a_move_kept_as_comment_waits(void **state)
{
    (void)state;
    struct pdn_comment c = {.text = "c"};
    struct pdn_node moves[] = {mv("32-28"), mv_after("10-", &c), mv("1-"), mv("19-23")};
    annotate(&moves[1])->setup = "B:W28:B19";
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {10-} /FEN \"B:W28:B19\"/ 1... ... {c} "
          "{1-} 2. ... 19-23 *\n\n");
    check_reads_back(&g, 4);
    g.main.nmoves = 3; /* at the end of the line */
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {10-} /FEN \"B:W28:B19\"/ 1... ... {c} "
          "{1-} 2. ... *\n\n");
    check_reads_back(&g, 3);
}

/* The setup of a move a line is cut at goes after the cut line's comment:
 * the line ends there, and a reader reads the two back in that order. */
static void test_writer_setup_of_a_cut_move_after_the_cut(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("!17-22"), mv("28x17")};
    annotate(&moves[1])->setup = "B:W28:B17";
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .cut_line = marked};
    check(
        &g, &opt,
        ROSTER_UNKNOWN
        "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {1... !17-22 2. 28x17} /FEN \"B:W28:B17\"/ "
        "*\n\n");
}

static void test_writer_cut_at_first_move(void **state)
{
    (void)state;
    struct pdn_comment brace = {.text = "x}y"};
    struct pdn_node moves[] = {mv("!1-2"), mv_after("3-4", &brace)};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .cut_line = marked};
    /* A '}' in the rest: a ';' comment, which ends its line. */
    check(&g, &opt, ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n; 1. !1-2 3-4 x}y\n*\n\n");
}

/* ---- round trip over tests/data ------------------------------------------ */

static char *write_games(const struct games *gs, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    assert_non_null(fp);
    for (size_t i = 0; i < gs->n; i++)
        assert_int_equal(pdn_write_game(fp, gs->v[i], NULL), 0);
    assert_int_equal(fclose(fp), 0);
    return buf;
}

/* Comments compare with blanks folded: folding is the writer's one change. */
static bool same_folded(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '\t' || *a == '\r' || *a == '\n')
            a++;
        while (*b == ' ' || *b == '\t' || *b == '\r' || *b == '\n')
            b++;
        if (*a == '\0' || *b == '\0') return *a == *b;
        bool ga = false, gb = false;
        while (*a && *a == *b && *a != ' ' && *a != '\n' && *a != '\t' && *a != '\r')
            a++, b++;
        ga = *a == '\0' || *a == ' ' || *a == '\t' || *a == '\r' || *a == '\n';
        gb = *b == '\0' || *b == ' ' || *b == '\t' || *b == '\r' || *b == '\n';
        if (!(ga && gb)) return false;
    }
}

static void same_comments(const struct pdn_comment *a, uint32_t na, const struct pdn_comment *b,
                          uint32_t nb)
{
    assert_int_equal(na, nb);
    for (uint32_t i = 0; i < na; i++)
        assert_true(same_folded(a[i].text, b[i].text));
}

static void same_line(const struct pdn_line *a, const struct pdn_line *b);

static void same_node(const struct pdn_node *a, const struct pdn_node *b)
{
    assert_int_equal(pdn_annotations_of(a)->nnags, pdn_annotations_of(b)->nnags);
    for (uint32_t i = 0; i < pdn_annotations_of(a)->nnags; i++)
        assert_int_equal(pdn_annotations_of(a)->nags[i], pdn_annotations_of(b)->nags[i]);
    assert_true((pdn_annotations_of(a)->strength == NULL) ==
                (pdn_annotations_of(b)->strength == NULL));
    assert_true((pdn_annotations_of(a)->setup == NULL) == (pdn_annotations_of(b)->setup == NULL));
    same_comments(pdn_annotations_of(a)->comments_before, pdn_annotations_of(a)->ncomments_before,
                  pdn_annotations_of(b)->comments_before, pdn_annotations_of(b)->ncomments_before);
    same_comments(pdn_annotations_of(a)->comments_after, pdn_annotations_of(a)->ncomments_after,
                  pdn_annotations_of(b)->comments_after, pdn_annotations_of(b)->ncomments_after);
    assert_int_equal(pdn_annotations_of(a)->nvariations, pdn_annotations_of(b)->nvariations);
    for (uint32_t i = 0; i < pdn_annotations_of(a)->nvariations; i++)
        same_line(&pdn_annotations_of(a)->variations[i], &pdn_annotations_of(b)->variations[i]);
}

static void same_line(const struct pdn_line *a, const struct pdn_line *b)
{
    assert_int_equal(a->nmoves, b->nmoves);
    for (uint32_t i = 0; i < a->nmoves; i++)
        same_node(&a->moves[i], &b->moves[i]);
    same_comments(a->trailing, a->ntrailing, b->trailing, b->ntrailing);
    assert_true((a->trailing_setup == NULL) == (b->trailing_setup == NULL));
}

static bool identifier(const char *s)
{
    if (*s < 'A' || *s > 'Z') return false;
    while (*++s)
        if (!(*s == '_' || (*s >= '0' && *s <= '9') || ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z')))
            return false;
    return true;
}

/* The main lines match, but for the comments that the tags with names
 * that are not identifiers became, before the first move or at the end. */
static void same_main(const pdn_game *a, const pdn_game *b)
{
    uint32_t bad = 0;
    for (uint32_t k = 0; k < a->ntags; k++)
        bad += !identifier(a->tags[k].name);
    struct pdn_line line = b->main;
    struct pdn_node first;
    struct pdn_annotations notes; /* first's, less the comments made of bad tags */
    if (line.nmoves > 0) {
        first = line.moves[0];
        notes = *pdn_annotations_of(&first);
        assert_true(notes.ncomments_before >= bad);
        notes.comments_before += bad;
        notes.ncomments_before -= bad;
        first.annotations = &notes;
        struct pdn_node *moves = malloc(line.nmoves * sizeof *moves);
        assert_non_null(moves);
        memcpy(moves, line.moves, line.nmoves * sizeof *moves);
        moves[0] = first;
        line.moves = moves;
    } else {
        assert_true(line.ntrailing >= bad);
        line.trailing += bad;
        line.ntrailing -= bad;
    }
    same_line(&a->main, &line);
    if (line.nmoves > 0) free((void *)line.moves);
}

static void round_trip_file(const char *path)
{
    size_t len, len1, len2;
    char *src = slurp(path, &len);
    struct games a, b, c;
    read_games(&a, src, len);
    char *once = write_games(&a, &len1);
    read_games(&b, once, len1);
    assert_int_equal(a.n, b.n);
    for (size_t i = 0; i < a.n; i++) {
        same_main(a.v[i], b.v[i]);
        assert_int_equal(a.v[i]->result == PDN_RESULT_NONE ? b.v[i]->result : a.v[i]->result,
                         b.v[i]->result);
    }
    char *twice = write_games(&b, &len2);
    if (len1 != len2 || memcmp(once, twice, len1) != 0) print_message("not idempotent: %s\n", path);
    assert_int_equal(len1, len2);
    assert_memory_equal(once, twice, len1);
    read_games(&c, twice, len2);
    assert_int_equal(c.n, b.n);
    free_games(&a);
    free_games(&b);
    free_games(&c);
    free(src);
    free(once);
    free(twice);
}

/* Round-trips every .pdn file under the folder, in name order; returns how
 * many. */
static size_t round_trip_tree(const char *folder)
{
    struct paths files = {0};
    size_t done = 0;
    find_pdn(&files, folder);
    sort_paths(&files);
    for (size_t i = 0; i < files.n; i++) {
        round_trip_file(files.v[i]);
        done++;
    }
    free_paths(&files);
    if (done == 0) print_error("no .pdn file under %s\n", folder);
    assert_true(done > 0);
    return done;
}

/* Run from the project root, as make does. Every folder holds PDN files:
 * finding none is a failure (a moved folder), never a skip. */
static void test_writer_round_trip_test_data(void **state)
{
    (void)state;
    size_t files = round_trip_tree("tests/data") + round_trip_tree("samples/good") +
                   round_trip_tree("samples/bad");
    print_message("  %zu files read, written, read again and written again\n", files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writer_black_number_when_alone),
        cmocka_unit_test(test_writer_white_variation_and_nesting),
        cmocka_unit_test(test_writer_numbers_from_the_tree),
        cmocka_unit_test(test_writer_number_not_in_the_tree_is_the_count),
        cmocka_unit_test(test_writer_number_against_the_count),
        cmocka_unit_test(test_writer_numbers_dots_a_reader_would_drop),
        cmocka_unit_test(test_writer_numbers_a_dash_the_next_dash_number_takes),
        cmocka_unit_test(test_writer_capture_not_read_as_next_hop),
        cmocka_unit_test(test_writer_mixed_capture_not_read_as_next_hop),
        cmocka_unit_test(test_writer_capture_to_alpha_square_leaves_no_hop),
        cmocka_unit_test(test_writer_empty_setup_keeps_hops_apart),
        cmocka_unit_test(test_writer_fen_black_to_move),
        cmocka_unit_test(test_writer_fen_start_as_the_fen_reads),
        cmocka_unit_test(test_writer_setup_in_place),
        cmocka_unit_test(test_writer_numbers_captures_and_result_from_the_caller),
        cmocka_unit_test(test_writer_cut_line_becomes_a_comment),
        cmocka_unit_test(test_writer_setup_of_a_move_kept_as_comment_waits),
        cmocka_unit_test(test_writer_setup_of_a_cut_move_after_the_cut),
        cmocka_unit_test(test_writer_cut_at_first_move),
        cmocka_unit_test(test_writer_round_trip_test_data),
    };
    return cmocka_run_group_tests_name("writer_reads_back", tests, NULL, NULL);
}
