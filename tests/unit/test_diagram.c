/*
 * Unit tests for lib/diagram.c: squares drawn where RULES.md puts them
 * (square 1 the first dark square of the top row from White's side, 5 the
 * top right corner, 6 the left edge of row two, 46 the bottom left corner,
 * 50 the next-to-last square of the bottom row), the text diagram byte for
 * byte in ASCII and Unicode, the last move's marks, the flip, colour, and
 * the SVG holding exactly the position's pieces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geometry.h"
#include "pdn.h"

/* What a diagram function writes, as a string the caller frees. */
static char *drawn(int (*draw)(FILE *, const struct pdn_board *,
                               const struct pdn_diagram_options *),
                   const struct pdn_board *b, const struct pdn_diagram_options *o)
{
    char *buf = NULL;
    size_t len;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    assert_int_equal(draw(fp, b, o), PDN_OK);
    fclose(fp);
    return buf;
}

/* The text holds every one of the strings that follow (NULL ends them). */
static void holds(const char *text, ...)
{
    va_list ap;
    va_start(ap, text);
    for (const char *want; (want = va_arg(ap, const char *)) != NULL;)
        if (!strstr(text, want)) fail_msg("no '%s' in:\n%s", want, text);
    va_end(ap);
}

static void board_from(struct pdn_board *b, const char *fen)
{
    assert_int_equal(pdn_board_from_fen(b, PDN_VARIANT_INTERNATIONAL, fen, NULL), PDN_OK);
}

/* Plays the legal move written 'text' (a capture's from and to) on b. */
static struct pdn_move play(struct pdn_board *b, const char *text)
{
    static struct pdn_movelist legal; /* large; tests run one at a time */
    struct pdn_match m;
    pdn_movegen(&legal, b, 0);
    assert_int_equal(pdn_move_match(&m, text, b, &legal, false), PDN_OK);
    assert_int_equal(m.result, PDN_MATCH_OK);
    struct pdn_move move = legal.moves[m.move];
    pdn_board_play(b, &move);
    return move;
}

static void test_diagram_square_at_follows_the_rules_numbering(void **state)
{
    (void)state;
    const enum pdn_variant intl = PDN_VARIANT_INTERNATIONAL;
    assert_int_equal(pdn_diagram_square_at(intl, 0, 1, false), 1);
    assert_int_equal(pdn_diagram_square_at(intl, 0, 9, false), 5);
    assert_int_equal(pdn_diagram_square_at(intl, 1, 0, false), 6);
    assert_int_equal(pdn_diagram_square_at(intl, 9, 0, false), 46);
    assert_int_equal(pdn_diagram_square_at(intl, 9, 8, false), 50);
    assert_int_equal(pdn_diagram_square_at(intl, 0, 0, false), 0);  /* a10 is light */
    assert_int_equal(pdn_diagram_square_at(intl, 9, 9, false), 0);  /* j1 is light */
    assert_int_equal(pdn_diagram_square_at(intl, 10, 1, false), 0); /* off the board */
    assert_int_equal(pdn_diagram_square_at(intl, -1, 1, false), 0);
    /* Flipped: a half turn, square 1 at the bottom right. */
    assert_int_equal(pdn_diagram_square_at(intl, 9, 8, true), 1);
    assert_int_equal(pdn_diagram_square_at(intl, 0, 1, true), 50);
    assert_int_equal(pdn_diagram_square_at(intl, 0, 9, true), 46);
    /* The big road, 46 to 5, is one diagonal from the bottom left corner. */
    static const int road[] = {46, 41, 37, 32, 28, 23, 19, 14, 10, 5};
    for (int i = 0; i < 10; i++)
        assert_int_equal(pdn_diagram_square_at(intl, 9 - i, i, false), road[i]);
    /* 8x8: the same rule, 32 squares. */
    assert_int_equal(pdn_diagram_square_at(PDN_VARIANT_BRAZILIAN, 0, 1, false), 1);
    assert_int_equal(pdn_diagram_square_at(PDN_VARIANT_BRAZILIAN, 7, 6, false), 32);
    assert_int_equal(pdn_diagram_square_at(PDN_VARIANT_COUNT, 0, 1, false), 0);
}

static void test_diagram_square_at_draws_each_square_once(void **state)
{
    (void)state;
    for (int flip = 0; flip < 2; flip++) {
        int seen[PDN_SQUARES_MAX + 1] = {0};
        for (int row = 0; row < 10; row++)
            for (int col = 0; col < 10; col++) {
                int s = pdn_diagram_square_at(PDN_VARIANT_INTERNATIONAL, row, col, flip);
                /* dark squares are those where row + col is odd */
                assert_int_equal(s != 0, (row + col) % 2 == 1);
                seen[s]++;
            }
        for (int s = 1; s <= 50; s++)
            assert_int_equal(seen[s], 1);
    }
}

/* The square drawn at row, col found by a search of every square's place
 * (the geometry's row and column of its bit, turned when flipped). */
static int square_by_search(enum pdn_variant v, int row, int col, bool flip)
{
    const struct geometry *g = geometry_get(v);
    for (int s = 1; s <= g->squares; s++) {
        int b = g->bit_of[s], r = g->row[b], c = g->col[b];
        if (flip) r = g->rules->height - 1 - r, c = g->rules->width - 1 - c;
        if (r == row && c == col) return s;
    }
    return 0;
}

/* On every variant's board (the Italian one mirrored), flipped or not, at
 * every place and one past each edge, the square drawn is the one a search
 * of every square finds. */
static void test_diagram_square_at_every_variant(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        const struct pdn_rules *rules = pdn_rules_get((enum pdn_variant)v);
        for (int flip = 0; flip < 2; flip++)
            for (int row = -1; row <= rules->height; row++)
                for (int col = -1; col <= rules->width; col++)
                    assert_int_equal(pdn_diagram_square_at((enum pdn_variant)v, row, col, flip),
                                     square_by_search((enum pdn_variant)v, row, col, flip));
    }
}

static const char start_ascii[] = "+------------------------------+\n"
                                  "|    b     b     b     b     b |\n"
                                  "| b     b     b     b     b    |\n"
                                  "|    b     b     b     b     b |\n"
                                  "| b     b     b     b     b    |\n"
                                  "|   21    22    23    24    25 |\n"
                                  "|26    27    28    29    30    |\n"
                                  "|    w     w     w     w     w |\n"
                                  "| w     w     w     w     w    |\n"
                                  "|    w     w     w     w     w |\n"
                                  "| w     w     w     w     w    |\n"
                                  "+------------------------------+\n";

static void test_diagram_text_start_position_ascii(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    char *text = drawn(pdn_diagram_text, &b, NULL);
    assert_string_equal(text, start_ascii);
    free(text);
}

/* After 1. 32-28 19-23 2. 28x19: from, to and the piece taken marked. */
static void test_diagram_text_marks_the_last_move(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    play(&b, "32-28");
    play(&b, "19-23");
    struct pdn_move last = play(&b, "28x19");
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.last = &last;
    char *text = drawn(pdn_diagram_text, &b, &o);
    holds(text, "\n| b     b     b    [w]    b    |\n", /* row 16-20 */
          "\n|   21    22    [x]   24    25 |\n",       /* row 21-25 */
          "\n|26    27    [.]   29    30    |\n",       /* row 26-30 */
          NULL);
    free(text);
    o.unicode = true;
    text = drawn(pdn_diagram_text, &b, &o);
    assert_non_null(
        strstr(text, "\n\u2502 \u25cf     \u25cf     \u25cf    [\u25cb]    \u25cf    \u2502\n"));
    holds(text, "[\u00d7]", "[\u00b7]", "\u250c\u2500", NULL);
    free(text);
}

static void test_diagram_text_kings_have_their_own_glyphs(void **state)
{
    (void)state;
    struct pdn_board b;
    board_from(&b, "W:WK1,46:BK50,5");
    char *text = drawn(pdn_diagram_text, &b, NULL);
    holds(text, "\n|    W     2     3     4     b |\n", "\n| w    47    48    49     B    |\n",
          NULL);
    free(text);
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.unicode = true;
    text = drawn(pdn_diagram_text, &b, &o);
    holds(text, " \u2654 ", /* white king */
          " \u265a ",       /* black king */
          NULL);
    free(text);
}

static void test_diagram_text_flip_turns_the_board(void **state)
{
    (void)state;
    struct pdn_board b;
    board_from(&b, "W:W31,K45:B6");
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.flip = true;
    char *text = drawn(pdn_diagram_text, &b, &o);
    /* From Black's side the top row is 50..46 and the bottom row 5..1. */
    holds(text, "+\n|   50    49    48    47    46 |\n| W    44",
          "\n| 5     4     3     2     1    |\n+", "\n|   10     9     8     7     b |\n", NULL);
    free(text);
}

static void test_diagram_text_color_dims_numbers(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    struct pdn_move last = play(&b, "32-28");
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.color = true;
    o.last = &last;
    char *text = drawn(pdn_diagram_text, &b, &o);
    holds(text, "\033[2m21\033[0m ", "\033[1;33m[w]\033[0m", NULL);
    assert_null(strstr(text, "21 "));
    free(text);
}

static void test_diagram_text_draws_8x8(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_ENGLISH);
    char *text = drawn(pdn_diagram_text, &b, NULL);
    holds(text, "+------------------------+\n|    b     b     b     b |\n",
          "\n|13    14    15    16    |\n|   17    18    19    20 |\n", NULL);
    free(text);
}

/* Brazilian players write squares with letters: the empty middle rows are
 * a5 c5 e5 g5 and b4 d4 f4 h4 (a1 the dark corner at White's left). */
static void test_diagram_text_names_algebraic_squares(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_BRAZILIAN);
    char *text = drawn(pdn_diagram_text, &b, NULL);
    assert_non_null(strstr(text, "\n|a5    c5    e5    g5    |\n|   b4    d4    f4    h4 |\n"));
    free(text);
}

/* How many times needle occurs in s. */
static int occurrences(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

static void test_diagram_svg_holds_exactly_the_pieces(void **state)
{
    (void)state;
    struct pdn_board b;
    board_from(&b, "B:W22,49,K5:B11,12,17,21,K35");
    char *svg = drawn(pdn_diagram_svg, &b, NULL);
    assert_int_equal(occurrences(svg, "<g class=\"piece "), 8);
    assert_int_equal(occurrences(svg, "class=\"piece white-man\""), 2);
    assert_int_equal(occurrences(svg, "class=\"piece white-king\""), 1);
    assert_int_equal(occurrences(svg, "class=\"piece black-man\""), 4);
    assert_int_equal(occurrences(svg, "class=\"piece black-king\""), 1);
    assert_int_equal(occurrences(svg, "class=\"crown\""), 2);
    holds(svg, "<g class=\"piece white-king\" data-square=\"5\">",
          "<g class=\"piece black-king\" data-square=\"35\">",
          "<g class=\"piece white-man\" data-square=\"22\">", NULL);
    /* every dark square numbered, no move marked */
    assert_int_equal(occurrences(svg, "</text>"), 50);
    assert_null(strstr(svg, "last-move"));
    assert_null(strstr(svg, "<title>"));
    assert_int_equal(strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44), 0);
    assert_non_null(strstr(svg, "</svg>\n"));
    free(svg);
}

/* Square 1's piece sits in row 0, column 1: its centre at x = frame + 1.5
 * squares, y = frame + 0.5 squares (56-pixel squares, an 18-pixel frame). */
static void test_diagram_svg_places_square_one_top_left(void **state)
{
    (void)state;
    struct pdn_board b;
    board_from(&b, "W:W1:B50");
    char *svg = drawn(pdn_diagram_svg, &b, NULL);
    holds(svg, "data-square=\"1\"><circle cx=\"102\" cy=\"46\"",
          "data-square=\"50\"><circle cx=\"494\" cy=\"550\"", NULL);
    free(svg);
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.flip = true;
    svg = drawn(pdn_diagram_svg, &b, &o);
    assert_non_null(strstr(svg, "data-square=\"50\"><circle cx=\"102\" cy=\"46\""));
    free(svg);
}

/* Square labels as the variant writes squares: numbers on the 10x10 board,
 * letters on the Russian one (square 1 is b8, 32 is g1); data-square keeps
 * the FEN's number. */
static void test_diagram_svg_labels_squares_as_the_variant(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    char *svg = drawn(pdn_diagram_svg, &b, NULL);
    holds(svg, "\">1</text>", "\">50</text>", NULL);
    free(svg);
    pdn_board_init(&b, PDN_VARIANT_RUSSIAN);
    svg = drawn(pdn_diagram_svg, &b, NULL);
    holds(svg, "\">b8</text>", "\">g1</text>", NULL);
    assert_null(strstr(svg, "\">1</text>"));
    assert_non_null(strstr(svg, "data-square=\"32\""));
    free(svg);
}

static void test_diagram_svg_arrows_the_last_move(void **state)
{
    (void)state;
    struct pdn_board b;
    board_from(&b, "W:W28:B23,13");
    struct pdn_move last = play(&b, "28x8"); /* 28x19x8, taking 23 and 13 */
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.last = &last;
    o.title = "After 1. 28x8 <&\">";
    char *svg = drawn(pdn_diagram_svg, &b, &o);
    /* 28 (row 5, col 4), 19 (row 3, col 6), 8 (row 1, col 4); the head
     * stops at the rim of the piece on 8 (at 270,102, radius 19), which
     * it reaches 6 past the line's end (stroke 5, 4 strokes wide, 3/10 of
     * that past its end): 25 back along the last hop, 18 on each axis. */
    assert_non_null(strstr(svg, "points=\"270,326 382,214 288,120\""));
    /* The numbers of the marked squares dark on their yellow. */
    holds(svg, "fill=\"#6b4226\">8</text>", "fill=\"#6b4226\">28</text>",
          "fill=\"#f8ecd8\">19</text>", NULL);
    assert_int_equal(occurrences(svg, "class=\"taken\""), 2);
    assert_int_equal(occurrences(svg, "class=\"mark\""), 2);
    assert_non_null(strstr(svg, "<title>After 1. 28x8 &lt;&amp;&quot;&gt;</title>"));
    free(svg);
}

static void test_diagram_rejects_bad_arguments(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    struct pdn_diagram_options o = {0};
    assert_int_equal(pdn_diagram_text(stdout, &b, &o), PDN_EINVAL);
    assert_int_equal(pdn_diagram_svg(stdout, &b, &o), PDN_EINVAL);
    o.version = PDN_DIAGRAM_OPTIONS_VERSION + 1;
    assert_int_equal(pdn_diagram_text(stdout, &b, &o), PDN_EINVAL);
    assert_int_equal(pdn_diagram_text(NULL, &b, NULL), PDN_EINVAL);
    assert_int_equal(pdn_diagram_svg(stdout, NULL, NULL), PDN_EINVAL);
    o.version = PDN_DIAGRAM_OPTIONS_VERSION;
    o.square_size = -1;
    assert_int_equal(pdn_diagram_svg(stdout, &b, &o), PDN_EINVAL);
}

static void test_diagram_reports_a_failed_stream(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    FILE *ro = fopen("/dev/null", "r"); /* writing to it fails */
    assert_non_null(ro);
    assert_int_equal(pdn_diagram_text(ro, &b, NULL), PDN_EIO);
    clearerr(ro);
    assert_int_equal(pdn_diagram_svg(ro, &b, NULL), PDN_EIO);
    fclose(ro);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diagram_square_at_follows_the_rules_numbering),
        cmocka_unit_test(test_diagram_square_at_draws_each_square_once),
        cmocka_unit_test(test_diagram_square_at_every_variant),
        cmocka_unit_test(test_diagram_text_start_position_ascii),
        cmocka_unit_test(test_diagram_text_marks_the_last_move),
        cmocka_unit_test(test_diagram_text_kings_have_their_own_glyphs),
        cmocka_unit_test(test_diagram_text_flip_turns_the_board),
        cmocka_unit_test(test_diagram_text_color_dims_numbers),
        cmocka_unit_test(test_diagram_text_draws_8x8),
        cmocka_unit_test(test_diagram_text_names_algebraic_squares),
        cmocka_unit_test(test_diagram_svg_holds_exactly_the_pieces),
        cmocka_unit_test(test_diagram_svg_places_square_one_top_left),
        cmocka_unit_test(test_diagram_svg_labels_squares_as_the_variant),
        cmocka_unit_test(test_diagram_svg_arrows_the_last_move),
        cmocka_unit_test(test_diagram_rejects_bad_arguments),
        cmocka_unit_test(test_diagram_reports_a_failed_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
