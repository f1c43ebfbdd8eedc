/*
 * Unit tests of how the writer spells each piece of a game (writer_spell.c,
 * and the tag section of writer.c): hand-built game trees against the
 * canonical text worked out by hand. The tag roster and the results; move
 * texts cleaned, or kept as comments when they would not read back; comments,
 * strengths and NAGs; lines filled to the width; the options that drop
 * pieces or give a move's text. Where each piece goes, and the round trip
 * over the files, are test_writer_reads_back.c's.
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
#include "text.h"
#include "writer_fixture.h"
#include "writer_spell.h"

static void test_writer_minimal_game(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("18-23"), mv("33-29")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_WHITE_WIN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"2-0\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 2. 33-29 2-0\n\n");
}

static void test_writer_empty_game(void **state)
{
    (void)state;
    pdn_game g = game_of(NULL, 0, PDN_RESULT_NONE);
    check(&g, NULL, ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n*\n\n");
}

static void test_writer_tags_roster_first_then_source_order(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {
        {.name = "White", .value = "A \"B\" \\C"},
        {.name = "GameType", .value = "20"},
        {.name = "Event", .value = "E"},
        {.name = "Result", .value = "1/2-1/2"},
        {.name = "Foo", .value = ""},
        {.name = "Event", .value = "second"},
    };
    pdn_game g = game_of(NULL, 0, PDN_RESULT_DRAW);
    g.tags = tags;
    g.ntags = COUNT(tags);
    check(&g, NULL,
          "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
          "[White \"A \\\"B\\\" \\\\C\"]\n[Black \"?\"]\n[Result \"1-1\"]\n"
          "[GameType \"20\"]\n[Foo \"\"]\n[Event \"second\"]\n\n1-1\n\n");
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .seven_tag_roster = true};
    check(&g, &opt,
          "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
          "[White \"A \\\"B\\\" \\\\C\"]\n[Black \"?\"]\n[Result \"1-1\"]\n"
          "[GameType \"20\"]\n\n1-1\n\n");
}

static void test_writer_result_tag_kept_when_unreadable(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {{.name = "Result", .value = "4-6"}};
    pdn_game g = game_of(NULL, 0, PDN_RESULT_BLACK_WIN);
    g.tags = tags;
    g.ntags = 1;
    check(&g, NULL, ROSTER_UNKNOWN "[Result \"4-6\"]\n[GameType \"20\"]\n\n0-2\n\n");
}

static void test_writer_missing_terminator_from_result_tag(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {{.name = "Result", .value = "0-1"}};
    struct pdn_node moves[] = {mv("32-28")};
    pdn_game g = game_of(moves, 1, PDN_RESULT_NONE);
    g.tags = tags;
    g.ntags = 1;
    check(&g, NULL, ROSTER_UNKNOWN "[Result \"0-2\"]\n[GameType \"20\"]\n\n1. 32-28 0-2\n\n");
}

static void test_writer_chess_results_for_other_game_types(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {{.name = "GameType", .value = "21"}};
    pdn_game g = game_of(NULL, 0, PDN_RESULT_DRAW);
    g.tags = tags;
    g.ntags = 1;
    check(&g, NULL, ROSTER_UNKNOWN "[Result \"1/2-1/2\"]\n[GameType \"21\"]\n\n1/2-1/2\n\n");
}

/* pdn_game_result: the Result tag as the writer writes it, for the tools
 * that show a game's result (pdnreplay's title bar). */
static void test_writer_game_result_as_the_tag_is_written(void **state)
{
    (void)state;
    static const struct {
        const char *type, *tag, *format; /* NULL: no such tag */
        enum pdn_result terminator;
        const char *want;
    } cases[] = {
        {NULL, "1/2-1/2", NULL, PDN_RESULT_DRAW, "1-1"},
        {"20", "1-0", NULL, PDN_RESULT_NONE, "2-0"},
        {"27", "0-1", NULL, PDN_RESULT_BLACK_WIN, "0-2"},
        {"21", "2-0", NULL, PDN_RESULT_WHITE_WIN, "1-0"},
        {"21", "1-1", NULL, PDN_RESULT_DRAW, "1/2-1/2"},
        {"21", NULL, NULL, PDN_RESULT_BLACK_WIN, "0-1"},
        {NULL, NULL, NULL, PDN_RESULT_WHITE_WIN, "2-0"},
        {NULL, NULL, NULL, PDN_RESULT_NONE, "*"},
        {NULL, " 0-1 ", NULL, PDN_RESULT_NONE, "0-2"},
        {NULL, "4-6", NULL, PDN_RESULT_BLACK_WIN, "4-6"},
        {NULL, "1.01-0.99", "Goes", PDN_RESULT_DRAW, "1.01-0.99"},
        {NULL, "1-0", "Goes", PDN_RESULT_WHITE_WIN, "1-0"},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        struct pdn_tag tags[3];
        uint32_t n = 0;
        if (cases[i].type) tags[n++] = (struct pdn_tag){.name = "GameType", .value = cases[i].type};
        if (cases[i].tag) tags[n++] = (struct pdn_tag){.name = "Result", .value = cases[i].tag};
        if (cases[i].format)
            tags[n++] = (struct pdn_tag){.name = "ResultFormat", .value = cases[i].format};
        pdn_game g = game_of(NULL, 0, cases[i].terminator);
        g.tags = tags;
        g.ntags = n;
        assert_string_equal(pdn_game_result(&g), cases[i].want);
        char *text = write_to_string(&g, NULL);
        char line[64];
        snprintf(line, sizeof line, "[Result \"%s\"]", cases[i].want);
        if (strstr(text, line) == NULL) fail_msg("case %zu: %s not in\n%s", i, line, text);
        free(text);
    }
    assert_null(pdn_game_result(NULL));
}

static void test_writer_move_text_normalised(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("01-06"),
                               mv("28:19"),
                               mv("1- 7"),
                               mv("12\xE2\x80\x93"
                                  "17"),
                               mv("05x40x30"),
                               mv("10-04"),
                               mv("3228"),
                               mv("\xC2\xA0"
                                  "40-45")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 1-6 28x19 2. 1-7 12-17 3. 5x40x30 10-4 4. 32-28 "
          "40-45 *\n\n");
}

/* Text that would not read back as that move (a move split over lines, a
 * result, a lone number) is kept as a comment; the next move gets its
 * number, by the count of a reader of the text written, to whom the
 * comment is no ply ("1... 33-29": writing that text again gives the
 * same bytes). */
static void test_writer_unreadable_move_as_comment(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("10-\n1-"), mv("33-29"), mv("1-1"), mv("063")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {10- 1-} 1... ... 2. 33-29 "
                         "{1-1} 2... ... {063} "
                         "3. ... *\n\n");
    check_reads_back(&g, 5);
}

/* "1 -1<3>" is a move to a lenient reader; written "1-1<3>" it would read
 * back as the result 1-1: a result a reader takes at the start of a move
 * text makes it a comment, whatever follows that is no digit. */
static void test_writer_move_starting_with_a_result_as_comment(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("1-1<3>"), mv("1-10")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {1-1<3>} 1... ... 2. 1-10 *\n\n");
    check_reads_back(&g, 3);
}

/* Dots other than "..." are a move not given to the replay, as "--" is:
 * written "--", not kept as a comment (which would let the replay check the
 * rest of the line). "1... ..." keeps its number: without it, right after a
 * move, the replay would skip "..." as the place of a move not played. */
static void test_writer_dots_and_numbered_ellipsis_stay_unknown_moves(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("...."), mv("33-29"), mv(".."),
                               mv("34-30"), mv("..."),  mv("35-30")};
    moves[5].number = 3;
    moves[5].number_black = true;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 -- 2. 33-29 -- 3. 34-30 3... ... 4. 35-30 "
          "*\n\n");
    check_reads_back(&g, 7);
    /* At the start of a variation that replaces Black's move, an unnumbered
     * "..." holds White's place, as the replay reads it (no ply): written
     * "1. ...", which reads so anywhere, and the count stays. */
    struct pdn_node var_moves[] = {mv("..."), mv("33-29")};
    struct pdn_line var = {.moves = var_moves, .nmoves = 2};
    annotate(&moves[1])->variations = &var;
    annotate(&moves[1])->nvariations = 1;
    check(
        &g, NULL,
        ROSTER_UNKNOWN
        "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 -- (1. ... 33-29) 2. 33-29 -- 3. 34-30 3... "
        "... 4. 35-30 *\n\n");
    check_reads_back(&g, 7);
}

/* Every ASCII blank of a comment (text_blank: form feeds and vertical tabs
 * too) folds to one space between its words. */
static void test_writer_comment_blanks_fold(void **state)
{
    (void)state;
    struct pdn_comment c[] = {{.text = "a\fb\vc\t d\r\ne"}};
    struct pdn_node moves[] = {mv_after("32-28", c)};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {a b c d e} *\n\n");
}

static void test_writer_strengths_and_nags(void **state)
{
    (void)state;
    static const uint16_t nags[] = {1, 14};
    struct pdn_node moves[] = {mv("32-28"), mv("18-23")};
    annotate(&moves[0])->strength = "(!?)";
    annotate(&moves[0])->nags = nags;
    annotate(&moves[0])->nnags = 2;
    annotate(&moves[1])->strength = "??";
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    check(&g, NULL,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28!? $1 $14 18-23?? *\n\n");
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .no_nags = true};
    check(&g, &opt, ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 *\n\n");
}

static void test_writer_comments_folded_and_brace(void **state)
{
    (void)state;
    struct pdn_comment before = {.text = "  opening\n\tnote "};
    struct pdn_comment after[] = {{.text = "a } b\nc", .to_eol = true}, {.text = ""}};
    struct pdn_comment trailing = {.text = "end"};
    struct pdn_node moves[] = {mv_before("32-28", &before), mv("18-23")};
    annotate(&moves[0])->comments_after = after;
    annotate(&moves[0])->ncomments_after = 2;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.main.trailing = &trailing;
    g.main.ntrailing = 1;
    check(&g, NULL,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n{opening note} 1. 32-28 ; a } b c\n{} 1... 18-23 "
          "{end} *\n\n");
}

static void test_writer_wraps_at_width(void **state)
{
    (void)state;
    struct pdn_comment c = {.text = "a long comment here"};
    struct pdn_node moves[] = {mv("32-28"), mv("18-23"), mv_after("33-29", &c), mv("23x34")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .width = 16};
    /* "1. 32-28 18-23" is 14 wide; "2. 33-29" would make it 23. */
    check(&g, &opt,
          ROSTER_UNKNOWN
          "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 18-23\n2. 33-29 {a long\ncomment here}\n"
          "2... 23x34 *\n\n");
}

/* A comment after "1. 32-28" that width holds on that line by its
 * characters, though not by its bytes. */
static void check_comment_fits(const char *comment, int width)
{
    struct pdn_comment c = {.text = comment};
    struct pdn_node moves[] = {mv_after("32-28", &c)};
    pdn_game g = game_of(moves, 1, PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .width = width};
    char want[256];
    snprintf(want, sizeof want, "%s[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 {%s}\n*\n\n",
             ROSTER_UNKNOWN, comment);
    check(&g, &opt, want);
}

static void test_writer_wraps_by_characters_not_bytes(void **state)
{
    (void)state;
    /* "{\u00e9\u00e9}": 4 characters in 6 bytes, which width 13 holds
     * after "1. 32-28". */
    check_comment_fits("\xC3\xA9\xC3\xA9", 13);
    /* "{abcdefg\u00e9\u00e9}": 11 characters in 13 bytes, width 20; its
     * two letters lie past its 8th byte (the wrapper looks at a unit 8
     * bytes at a time). */
    check_comment_fits("abcdefg\xC3\xA9\xC3\xA9", 20);
}

static void test_writer_never_starts_a_line_with_a_tag_in_a_comment(void **state)
{
    (void)state;
    struct pdn_comment c = {.text = "a [Foo \"b\"] c"};
    struct pdn_node moves[] = {mv_after("32-28", &c)};
    pdn_game g = game_of(moves, 1, PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .width = 12};
    check(&g, &opt,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28\n{a [Foo \"b\"]\nc} *\n\n");
}

static void test_writer_rejects_null(void **state)
{
    (void)state;
    pdn_game g = game_of(NULL, 0, PDN_RESULT_NONE);
    assert_int_equal(pdn_write_game(NULL, &g, NULL), PDN_EINVAL);
    assert_int_equal(pdn_write_game(stdout, NULL, NULL), PDN_EINVAL);
}

static void test_writer_seven_tag_roster_keeps_essential_tags(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {
        {.name = "Annotator", .value = "A"},
        {.name = "GameType", .value = "20"},
        {.name = "FEN", .value = "W:W31-50:B1-20"},
        {.name = "SetUp", .value = "1"},
        {.name = "Foo", .value = "x"},
    };
    pdn_game g = game_of(NULL, 0, PDN_RESULT_UNKNOWN);
    g.tags = tags;
    g.ntags = COUNT(tags);
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .seven_tag_roster = true};
    check(&g, &opt,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n"
                         "[SetUp \"1\"]\n\n*\n\n");
}

/* move_text: "24" for the second move, the text as read for the others. */
static const char *second_move(const struct pdn_node *node, void *ctx)
{
    const struct pdn_node *moves = ctx;
    return node == &moves[1] ? "24-20" : NULL;
}

static void test_writer_move_text_from_the_caller(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("032-28"), mv("odd"), mv("33:29")};
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {
        .version = PDN_WRITE_OPTIONS_VERSION, .move_text = second_move, .move_ctx = moves};
    check(&g, &opt,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 24-20 2. 33x29 *\n\n");
}

/* move_note: $4 and a comment on the first move, which carries a strength
 * and a comment of its own. */
static const char *first_move_note(const struct pdn_node *node, uint16_t *nag, void *ctx)
{
    const struct pdn_node *moves = ctx;
    if (node != &moves[0]) return NULL;
    *nag = 4;
    return "better 33-29";
}

/* The note after the move's strength and NAGs, before its comments, and
 * the second mover's number written after it, as after any comment. A
 * caller of version 1, whose struct has no move_note, gets no note. */
static void test_writer_move_note_after_strength(void **state)
{
    (void)state;
    struct pdn_comment c = {.text = "Inaccuracy."};
    struct pdn_node moves[] = {mv_after("32-28", &c), mv("19-23")};
    static const uint16_t nags[] = {6};
    annotate(&moves[0])->strength = "?!";
    annotate(&moves[0])->nags = nags;
    annotate(&moves[0])->nnags = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    struct pdn_write_options opt = {
        .version = PDN_WRITE_OPTIONS_VERSION, .move_note = first_move_note, .move_ctx = moves};
    check(&g, &opt,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28?! $6 $4 {better 33-29} "
                         "{Inaccuracy.} 1... 19-23 *\n\n");
    opt.version = 1;
    check(&g, &opt,
          ROSTER_UNKNOWN "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28?! $6 {Inaccuracy.} "
                         "1... 19-23 *\n\n");
}

/* move_note counting the calls on each move of moves; a note ($2 and a
 * comment) on the move noted. */
struct counted_notes {
    const struct pdn_node *moves;
    uint32_t noted;
    unsigned calls[8];
};

static const char *counted_note(const struct pdn_node *node, uint16_t *nag, void *ctx)
{
    struct counted_notes *c = ctx;
    uint32_t i = (uint32_t)(node - c->moves);
    assert_true(i < COUNT(c->calls));
    c->calls[i]++;
    if (i != c->noted) return NULL;
    *nag = 2;
    return "better 19-23";
}

/* g, whose main line is moves[0, n), written with a counting move_note on
 * each move in turn: each move is asked once, and with the note on move
 * shown the text holds expect. */
static void assert_notes_asked_once(struct pdn_node *moves, uint32_t n, const pdn_game *g,
                                    uint32_t shown, const char *expect)
{
    for (uint32_t noted = 0; noted < n; noted++) {
        struct counted_notes counts = {.moves = moves, .noted = noted};
        struct pdn_write_options opt = {
            .version = PDN_WRITE_OPTIONS_VERSION, .move_note = counted_note, .move_ctx = &counts};
        char *got = write_to_string(g, &opt);
        for (uint32_t i = 0; i < n; i++)
            assert_int_equal(counts.calls[i], 1);
        if (noted == shown) assert_non_null(strstr(got, expect));
        free(got);
    }
}

/* move_note is asked once a move, also at an unknown move ("--") whose
 * number depends on whether anything parts it from the next move: the
 * caller may make its note on each call (an engine's search). Unnoted,
 * the dash before a repeated "1." is numbered, or a reader takes it for a
 * stray dash (the number leaves it no ply); noted, the note parts them
 * and it stays a move unnumbered, as after a comment of its own. */
static void test_writer_move_note_asked_once(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("--"), mv("33-29"), mv("--")};
    moves[2].number = 1; /* a wrong number: White's 1st again */
    struct pdn_comment c = {.text = "better 19-23"};
    struct pdn_node commented[] = {mv("32-28"), mv_after("--", &c), mv("33-29"), mv("--")};
    commented[2].number = 1;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    pdn_game gc = game_of(commented, COUNT(commented), PDN_RESULT_UNKNOWN);
    char *unnoted = write_to_string(&g, NULL), *as_commented = write_to_string(&gc, NULL);
    assert_non_null(strstr(unnoted, "1. 32-28 1... -- 1. 33-29 -- *"));
    assert_non_null(strstr(as_commented, "1. 32-28 -- {better 19-23} 1. 33-29 -- *"));
    assert_notes_asked_once(moves, COUNT(moves), &g, 1,
                            "1. 32-28 -- $2 {better 19-23} 1. 33-29 -- *");
    free(unnoted);
    free(as_commented);
}

/* The same where the writer asks ahead whether the next dash is numbered
 * (next_number): "2. 19-23", Black's 1st under White's 2nd, then three
 * dashes. Unnoted, the third dash's "3." takes the second, numbered "2..."
 * by the count, which would take the first: both are numbered. Each move
 * is asked once all the same, the second dash ahead of its writing; noted,
 * that dash is parted from the "3." and stays bare, and so does the
 * first. */
static void test_writer_move_note_asked_once_ahead(void **state)
{
    (void)state;
    struct pdn_node moves[] = {mv("32-28"), mv("19-23"), mv("--"), mv("--"), mv("--")};
    moves[1].number = 2;
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    char *unnoted = write_to_string(&g, NULL);
    assert_non_null(strstr(unnoted, "1. 32-28 2. 19-23 2. -- 2... -- 3. -- *"));
    free(unnoted);
    assert_notes_asked_once(moves, COUNT(moves), &g, 3,
                            "1. 32-28 2. 19-23 -- -- $2 {better 19-23} 3. -- *");
}

/* pdn_game_first_number, the first move number the writer writes and the
 * tools count from, worked out by hand for each way a game gives it: none
 * (1), a number on the first move, lidraughts' :F field, a later number
 * counted back (two plies before "38." are the pair 37), Black first
 * counted back; and the writer writes the number it gives. */
static void test_writer_first_number(void **state)
{
    (void)state;
    static const char text[] = "1. 32-28 *\n\n"
                               "[FEN \"W:W31,32:B19,20\"]\n12. 31-27 *\n\n"
                               "[FEN \"W:W31,32:B19,20:F12\"]\n31-27 20-24 *\n\n"
                               "[FEN \"W:W31,32:B19,20\"]\n31-27 20-24 38. 32-28 *\n\n"
                               "[FEN \"B:W31,32:B19,20\"]\n20-24 38. 31-27 *\n\n";
    static const uint32_t want[] = {1, 12, 12, 37, 37};
    static const char *const first[] = {"1. 32-28", "12. 31-27", "12. 31-27", "37. 31-27",
                                        "37... 20-24"};
    struct games gs;
    read_games(&gs, text, sizeof text - 1);
    assert_int_equal(gs.n, COUNT(want));
    for (size_t i = 0; i < gs.n; i++) {
        assert_int_equal(pdn_game_first_number(gs.v[i]), want[i]);
        char *out = write_to_string(gs.v[i], NULL);
        assert_non_null(strstr(out, first[i]));
        free(out);
    }
    assert_int_equal(pdn_game_first_number(NULL), 0);
    free_games(&gs);
}

/* pdn_setup_number, the number after a setup among the moves, worked out
 * by hand: none (the count goes on: 0), lidraughts' :F field, a later
 * number counted back (Black's ply before "2." is 1...), a number after
 * another setup not counted, an empty setup, a setup holding '/' (written
 * as a comment); and the writer numbers the ply after the setup so. */
static void test_writer_setup_number(void **state)
{
    (void)state;
    static const char text[] = "1. 32-28 19-23 /B:W31,33:B18,19/ 18-22 31-27 *\n\n"
                               "1. 32-28 19-23 /W:W31,33:B18,19:F20/ 31-27 18-22 *\n\n"
                               "1. 32-28 19-23 /B:W31,33:B18,19/ 18-22 2. 31-27 *\n\n"
                               "1. 32-28 19-23 /B:W31,33:B18,19/ 18-22 /W:W31:B18/ 5. 31-27 *\n\n";
    static const uint32_t want[] = {0, 20, 1, 0};
    static const bool second[] = {true, false, true, true};
    static const char *const written[] = {"2... 18-22", "20. 31-27", "1... 18-22", "2... 18-22"};
    struct games gs;
    read_games(&gs, text, sizeof text - 1);
    assert_int_equal(gs.n, COUNT(want));
    for (size_t i = 0; i < gs.n; i++) {
        assert_int_equal(pdn_setup_number(&gs.v[i]->main, 2, second[i]), want[i]);
        assert_int_equal(pdn_setup_number(&gs.v[i]->main, 1, false), 0); /* no setup there */
        char *out = write_to_string(gs.v[i], NULL);
        assert_non_null(strstr(out, written[i]));
        free(out);
    }
    assert_int_equal(pdn_setup_number(&gs.v[3]->main, 3, false), 5); /* the second setup */
    assert_int_equal(pdn_setup_number(&gs.v[0]->main, 99, false), 0);
    assert_int_equal(pdn_setup_number(NULL, 0, false), 0);
    struct pdn_node nodes[2] = {
        {.text = "32-28", .annotations = &(struct pdn_annotations){.setup = "  "}},
        {.text = "19-23", .number = 7}};
    struct pdn_line empty = {.moves = nodes, .nmoves = 2};
    assert_int_equal(pdn_setup_number(&empty, 0, false), 0); /* sets up nothing */
    annotate(&nodes[0])->setup = "W:W31/B18";
    assert_int_equal(pdn_setup_number(&empty, 0, false), 0); /* '/': written as a comment */
    free_games(&gs);
}

static void test_writer_bad_tag_names_as_comments(void **state)
{
    (void)state;
    struct pdn_tag tags[] = {
        {.name = "Date ", .value = ""},  {.name = "white", .value = "A \"B\""},
        {.name = "", .value = "v"},      {.name = "Site", .value = "S"},
        {.name = "X-Y", .value = "a}b"},
    };
    struct pdn_node moves[] = {mv("32-28")};
    annotate(&moves[0])->setup = "W:W32:B1";
    pdn_game g = game_of(moves, COUNT(moves), PDN_RESULT_UNKNOWN);
    g.tags = tags;
    g.ntags = COUNT(tags);
    /* "white" is White in another case: the roster has its value (the tag
     * is kept as well, as a comment: no identifier). */
    check(
        &g, NULL,
        "[Event \"?\"]\n[Site \"S\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A "
        "\\\"B\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n\n{[Date \"\"]} "
        "{[white \"A \\\"B\\\"\"]} {[ \"v\"]} ; [X-Y \"a}b\"]\n/FEN \"W:W32:B1\"/ 1. 32-28 *\n\n");
    struct pdn_write_options opt = {.version = PDN_WRITE_OPTIONS_VERSION, .seven_tag_roster = true};
    check(&g, &opt,
          "[Event \"?\"]\n[Site \"S\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A "
          "\\\"B\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n\n/FEN \"W:W32:B1\"/ 1. "
          "32-28 *\n\n");
    g.ntags = 2;
    g.main.nmoves = 0; /* no move: at the end of the move text */
    check(&g, NULL,
          "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A "
          "\\\"B\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n\n{[Date \"\"]} {[white "
          "\"A \\\"B\\\"\"]} *\n\n");
}

static void assert_hop_as_the_reader(const char *text)
{
    size_t len = 0;
    struct text_hop want = text_hop_of(text, strlen(text)), got = spell_hop_of(text, &len);
    if (len != strlen(text)) fail_msg("'%s': length %zu", text, len);
    if (got.first != want.first || got.last != want.last || got.capture != want.capture)
        fail_msg("'%s': %u %u %d, the reader's %u %u %d", text, (unsigned)got.first,
                 (unsigned)got.last, got.capture, (unsigned)want.first, (unsigned)want.last,
                 want.capture);
}

/* spell_hop_of reads two short squares around one separator straight and
 * the rest in a loop (squares_hop_of), text_hop_of the reader's way:
 * every pair of squares of one to three digits (leading zeros too) around
 * each separator, with a tail or not, and texts of other shapes, read the
 * same by both. */
static void test_writer_hop_of_as_the_reader(void **state)
{
    (void)state;
    static const char *const seps[] = {"-", "x", ":", "--", "xx", " ", ""};
    static const char *const tails[] = {"", "x5", "-5", "x", "-", "!", "xa3", "<12>"};
    char text[64];
    for (unsigned a = 0; a < 120; a++)
        for (unsigned b = 0; b < 120; b += 7)
            for (size_t s = 0; s < sizeof seps / sizeof *seps; s++)
                for (size_t t = 0; t < sizeof tails / sizeof *tails; t++) {
                    snprintf(text, sizeof text, "%u%s%u%s", a, seps[s], b, tails[t]);
                    assert_hop_as_the_reader(text);
                    snprintf(text, sizeof text, "0%u%s%02u%s", a, seps[s], b, tails[t]);
                    assert_hop_as_the_reader(text);
                }
    static const char *const others[] = {
        "-",         "--",           "...",          "x",
        "5",         "50",           "32-28-23",     "32-28x19",
        "c3-d4",     "c3xe5",        "a3b4",         "32 - 28",
        "2-0",       "1-1",          "0-0",          "*",
        "32-",       "-28",          "x28",          "",
        "123456789", "1234567890-1", "1-1234567890", "1x2x3x4x5x6x7x8x9x10x11x12",
    };
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        assert_hop_as_the_reader(others[i]);
    assert_hop_as_the_reader("32\xE2\x80\x93"
                             "28"); /* an en dash */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writer_minimal_game),
        cmocka_unit_test(test_writer_hop_of_as_the_reader),
        cmocka_unit_test(test_writer_empty_game),
        cmocka_unit_test(test_writer_tags_roster_first_then_source_order),
        cmocka_unit_test(test_writer_result_tag_kept_when_unreadable),
        cmocka_unit_test(test_writer_missing_terminator_from_result_tag),
        cmocka_unit_test(test_writer_chess_results_for_other_game_types),
        cmocka_unit_test(test_writer_game_result_as_the_tag_is_written),
        cmocka_unit_test(test_writer_move_text_normalised),
        cmocka_unit_test(test_writer_unreadable_move_as_comment),
        cmocka_unit_test(test_writer_move_starting_with_a_result_as_comment),
        cmocka_unit_test(test_writer_dots_and_numbered_ellipsis_stay_unknown_moves),
        cmocka_unit_test(test_writer_comment_blanks_fold),
        cmocka_unit_test(test_writer_strengths_and_nags),
        cmocka_unit_test(test_writer_comments_folded_and_brace),
        cmocka_unit_test(test_writer_wraps_at_width),
        cmocka_unit_test(test_writer_wraps_by_characters_not_bytes),
        cmocka_unit_test(test_writer_never_starts_a_line_with_a_tag_in_a_comment),
        cmocka_unit_test(test_writer_rejects_null),
        cmocka_unit_test(test_writer_seven_tag_roster_keeps_essential_tags),
        cmocka_unit_test(test_writer_move_text_from_the_caller),
        cmocka_unit_test(test_writer_move_note_after_strength),
        cmocka_unit_test(test_writer_move_note_asked_once),
        cmocka_unit_test(test_writer_move_note_asked_once_ahead),
        cmocka_unit_test(test_writer_bad_tag_names_as_comments),
        cmocka_unit_test(test_writer_first_number),
        cmocka_unit_test(test_writer_setup_number),
    };
    return cmocka_run_group_tests_name("writer", tests, NULL, NULL);
}
