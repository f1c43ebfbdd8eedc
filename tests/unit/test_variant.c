/*
 * Unit tests of the variant inference (lib/variant.c) through the reader:
 * where the clues leave several variants the moves choose, under the
 * rules of each (RULES.md; pdn(5), VARIANTS), and the file's games so far
 * break ties. The games are made by hand so that each rule decides:
 *   - "W:Wd4:Bc3,h8", 1. d4-e5: the white man on d4 has the black man on c3
 *     behind it. Russian and Brazilian men capture backwards, so d4xb2 is
 *     compulsory there and d4-e5 illegal; a Czech man captures forward only:
 *     legal under Czech rules alone.
 *   - the same position, 1. d4xb2: a backward capture, legal under Russian
 *     and Brazilian rules, not Czech.
 *   - 1. c3-d4 f6-g5 from the start: legal under all three.
 *   - "W:Wf6,d6:Be7,b6,c5", 1. f6xd8 c5xe7: the white man takes e7 and is
 *     crowned on d8, where a Brazilian capture ends; a Russian one goes
 *     on, the new king taking b6 (f6xd8xa5). Then the black man on c5
 *     takes d6 backwards, which no Czech man may: legal under Brazilian
 *     rules alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "diag_collector.h"
#include "game.h"
#include "pdn.h"

#include <string.h>

#define BIT(v) (1u << (v))
#define ALGEBRAIC (BIT(PDN_VARIANT_RUSSIAN) | BIT(PDN_VARIANT_BRAZILIAN) | BIT(PDN_VARIANT_CZECH))

#define CZECH_ONLY "[FEN \"W:Wd4:Bc3,h8\"]\n1. d4-e5 *\n\n"
#define BACKWARD_CAPTURE "[FEN \"W:Wd4:Bc3,h8\"]\n1. d4xb2 *\n\n"
#define LEGAL_UNDER_ALL "1. c3-d4 f6-g5 *\n\n"
#define BRAZILIAN_ONLY "[FEN \"W:Wf6,d6:Be7,b6,c5\"]\n1. f6xd8 c5xe7 *\n\n"

#define GAMES_MAX 24

/* Reads every game of text into games[]; returns how many. */
static size_t read_all(pdn_game *games[GAMES_MAX], const char *text)
{
    struct pdn_reader_options o = PDN_READER_OPTIONS_INIT;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), &o), 0);
    size_t n = 0;
    while (n < GAMES_MAX && pdn_reader_next(&games[n], r) == 1)
        n++;
    pdn_reader_free(r);
    return n;
}

static void free_all(pdn_game *games[], size_t n)
{
    for (size_t i = 0; i < n; i++)
        pdn_game_free(games[i]);
}

static void test_variant_moves_choose_czech(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, CZECH_ONLY);
    assert_int_equal(n, 1);
    assert_int_equal(g[0]->gametype, 29);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_candidates, ALGEBRAIC);
    assert_int_equal(game_internal(g[0])->variant_tried, ALGEBRAIC);
    assert_int_equal(game_internal(g[0])->variant_legal, BIT(PDN_VARIANT_CZECH));
    free_all(g, n);
}

/* Legal under several and no file to follow: the most common, Russian;
 * the search stops at the second legal one. */
static void test_variant_several_legal_most_common(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, BACKWARD_CAPTURE LEGAL_UNDER_ALL);
    assert_int_equal(n, 2);
    assert_int_equal(g[0]->gametype, 25);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_legal,
                     BIT(PDN_VARIANT_RUSSIAN) | BIT(PDN_VARIANT_BRAZILIAN));
    /* The file so far: one game legal under Russian, one under Brazilian
     * rules. A tie favours neither: both are tried, the most common taken. */
    assert_int_equal(g[1]->gametype, 25);
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[1])->variant_tried,
                     BIT(PDN_VARIANT_RUSSIAN) | BIT(PDN_VARIANT_BRAZILIAN));
    free_all(g, n);
}

/* An untagged Brazilian file whose first games are legal under Russian
 * rules too: the tie they leave (each counted for both) makes no favourite,
 * so that the game legal under Brazilian rules alone is tried under all
 * and tells, and the games held before it are Brazilian. Russian, the
 * most common, won the tie: every game but the last was Russian, the
 * last "as most of the file's games so far". */
static void test_variant_tie_makes_no_favourite(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, BACKWARD_CAPTURE LEGAL_UNDER_ALL BRAZILIAN_ONLY);
    assert_int_equal(n, 3);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(g[i]->gametype, 26);
    assert_int_equal(g[2]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[2])->variant_tried, ALGEBRAIC);
    assert_int_equal(game_internal(g[2])->variant_legal, BIT(PDN_VARIANT_BRAZILIAN));
    assert_true(pdn_game_variant_own(g[2]));
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(g[i]->variant_source, PDN_VARIANT_FROM_FILE);
        assert_int_equal(game_internal(g[i])->variant_told_by, 3);
    }
    free_all(g, n);
}

/* A file whose favourite the moves refuse: the others are all tried, not
 * stopped at the first legal one that some earlier game was of, so that a
 * Brazilian game among Russian ones (two tagged Russian, one Brazilian) is
 * known as legal under Brazilian rules alone, not taken "as most of the
 * file's games so far" with Czech not tried. */
static void test_variant_favourite_refused_tries_all(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, "[GameType \"26\"]\n1. c3-d4 *\n\n"
                           "[GameType \"25\"]\n1. c3-d4 *\n\n"
                           "[GameType \"25\"]\n1. c3-d4 *\n\n" BRAZILIAN_ONLY);
    assert_int_equal(n, 4);
    assert_int_equal(g[3]->gametype, 26);
    assert_int_equal(g[3]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[3])->variant_tried, ALGEBRAIC);
    assert_true(pdn_game_variant_own(g[3]));
    free_all(g, n);
}

/* Once a game was legal under Czech rules only, a later game legal under
 * all follows the file; one legal under Russian and Brazilian rules only
 * is Russian still. */
static void test_variant_file_settles(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, CZECH_ONLY LEGAL_UNDER_ALL BACKWARD_CAPTURE);
    assert_int_equal(n, 3);
    assert_int_equal(g[1]->gametype, 29);
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_FILE);
    assert_int_equal(game_internal(g[1])->variant_tried, BIT(PDN_VARIANT_CZECH));
    assert_int_equal(g[2]->gametype, 25);
    assert_int_equal(g[2]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[2])->variant_legal,
                     BIT(PDN_VARIANT_RUSSIAN) | BIT(PDN_VARIANT_BRAZILIAN));
    free_all(g, n);
}

/* Which games say their variant themselves (pdn_game_variant_own), and
 * which would be read as another after other games (pdnfmt --split gives
 * them a GameType tag): a tag, moves legal under one candidate alone and
 * squares above 32 say it; moves legal under several (the most common
 * taken), the file's games so far or nothing at all (the default) do not. */
static void test_variant_own(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n =
        read_all(g, "[Event \"a study to come\"]\n*\n\n" /* nothing to go by: the default */
                    "[GameType \"21\"]\n1. 9-13 *\n\n" CZECH_ONLY BACKWARD_CAPTURE LEGAL_UNDER_ALL
                    "1. 35-30 *\n\n");
    assert_int_equal(n, 6);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_DEFAULT);
    assert_false(pdn_game_variant_own(g[0]));
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_TAG);
    assert_true(pdn_game_variant_own(g[1]));
    assert_int_equal(g[2]->gametype, 29);
    assert_true(pdn_game_variant_own(g[2])); /* Czech alone */
    assert_int_equal(g[3]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_false(pdn_game_variant_own(g[3])); /* Russian and Brazilian: the order chose */
    assert_int_equal(g[4]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_false(pdn_game_variant_own(g[4])); /* the tie above: the order chose again */
    assert_int_equal(g[5]->gametype, 20);
    assert_true(pdn_game_variant_own(g[5])); /* square 35 */
    assert_false(pdn_game_variant_own(NULL));
    free_all(g, n);
}

/* Illegal under every candidate: the clue's own variant, Russian. */
static void test_variant_legal_under_none(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, "1. c3-d4 f6-g5 2. d4-f6 *\n");
    assert_int_equal(n, 1);
    assert_int_equal(g[0]->gametype, 25);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_tried, ALGEBRAIC);
    assert_int_equal(game_internal(g[0])->variant_legal, 0);
    free_all(g, n);
}

/*
 * An 11-man ballot of English checkers (pydraughts' 11_english.json, ballot
 * 1): eleven men a side on squares 1-32, no moves: 8x8, the most common of
 * its variants, and the file's after it. A 10x10 ending on the same squares
 * (three pieces) says nothing of the board: the file's variant, else
 * international.
 */
static void test_variant_fen_of_8x8(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, "[FEN \"W:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,"
                           "12\"]\n*\n\n[FEN \"W:W21,22:B3\"]\n*\n");
    assert_int_equal(n, 2);
    assert_int_equal(g[0]->gametype, 21);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_candidates,
                     ALGEBRAIC | BIT(PDN_VARIANT_ENGLISH) | BIT(PDN_VARIANT_ITALIAN));
    assert_int_equal(game_internal(g[0])->variant_tried, 0);
    assert_int_equal(g[1]->gametype, 21);
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_FILE);
    assert_int_equal(game_internal(g[1])->variant_candidates, 0);
    free_all(g, n);
    n = read_all(g, "[FEN \"W:W21,22:B3\"]\n*\n");
    assert_int_equal(n, 1);
    assert_int_equal(g[0]->gametype, 0);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_DEFAULT);
    free_all(g, n);
}

/*
 * A 10x10 ending on squares 1-32 (two pieces a side) and the same on 8x8:
 * international, the default, while its moves are legal there. 27-23
 * is not (27 touches 21 and 22 on 10x10) but is on 8x8 (English: 23 and
 * 24; RULES.md), and 6-10 too: the moves choose among the 8x8 variants,
 * then held for the next game that tells. The file's majority decides
 * first, as it does for every weak clue, while its rules take the game:
 * after an international game the ending is still 8x8's.
 */
#define ENDING_8X8 "[FEN \"W:W27,28:B5,6\"]\n1. 27-23 6-10 *\n\n"
static void test_variant_fen_of_both_boards(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    const unsigned all_8x8 = ALGEBRAIC | BIT(PDN_VARIANT_ENGLISH) | BIT(PDN_VARIANT_ITALIAN);
    size_t n = read_all(g, ENDING_8X8 "[FEN \"W:W27,28:B5,6\"]\n1. 27-22 *\n\n"
                                      "[FEN \"W:W27,28:B5,6\"]\n1. 27-18 *\n");
    assert_int_equal(n, 3);
    assert_int_equal(g[0]->gametype, 21);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_candidates,
                     all_8x8 | BIT(PDN_VARIANT_INTERNATIONAL));
    assert_true(game_internal(g[0])->variant_tried & BIT(PDN_VARIANT_INTERNATIONAL));
    assert_false(game_internal(g[0])->variant_legal & BIT(PDN_VARIANT_INTERNATIONAL));
    assert_true(game_internal(g[0])->variant_legal & BIT(PDN_VARIANT_ENGLISH));
    for (size_t i = 1; i < n; i++) { /* the file's English, weak as the clue */
        assert_int_equal(g[i]->gametype, 21);
        assert_int_equal(g[i]->variant_source, PDN_VARIANT_FROM_FILE);
    }
    free_all(g, n);
    n = read_all(g, "[FEN \"W:W27,28:B5,6\"]\n1. 27-22 *\n\n[FEN \"W:W27,28:B5,6\"]\n"
                    "1. 27-18 *\n\n[GameType \"20\"]\n1. 32-28 *\n\n" ENDING_8X8);
    assert_int_equal(n, 4);
    for (size_t i = 0; i < 2; i++) { /* legal under international; under none */
        assert_int_equal(g[i]->gametype, 0);
        assert_int_equal(g[i]->variant_source, PDN_VARIANT_FROM_DEFAULT);
        assert_int_equal(game_internal(g[i])->variant_candidates, 0);
        assert_null(game_internal(g[i])->variant_clue);
    }
    assert_int_equal(g[3]->gametype, 21); /* illegal on 10x10, the majority's */
    assert_int_equal(g[3]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_true(game_internal(g[3])->variant_legal & BIT(PDN_VARIANT_ENGLISH));
    free_all(g, n);
    n = read_all(g, ENDING_8X8 "[GameType \"25\"]\n1. c3-d4 *\n");
    assert_int_equal(n, 2);
    assert_int_equal(g[0]->gametype, 25);
    assert_int_equal(game_internal(g[0])->variant_told_by, 2);
    free_all(g, n);
}

/*
 * A FEN of squares 1-32 and a 1-0 style result is a weak clue for 8x8; a
 * game whose moves are legal under none of the 8x8 variants and legal
 * under international rules is played under those (Cat.D1.pdn's game 16,
 * a 10x10 study, read alone); the next game of the file follows it. One
 * illegal everywhere keeps the clue's English, with its errors.
 */
#define SMIDT_STUDY                                                                                \
    "[FEN \"W:W19,26,27,32:B6,7,9,17.\"]\n"                                                        \
    "1. 32-28 7-12 2. 27-21 6-11 3. 19-13 9x18 4. 21-16 1-0\n\n"
static void test_variant_weak_clue_legal_only_on_10x10(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, SMIDT_STUDY "[FEN \"W:W19,26,27,32:B6,7,9,17.\"]\n1. 32-28 1-0\n");
    assert_int_equal(n, 2);
    assert_int_equal(g[0]->gametype, 20);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_legal, BIT(PDN_VARIANT_INTERNATIONAL));
    assert_true(game_internal(g[0])->variant_candidates & BIT(PDN_VARIANT_INTERNATIONAL));
    assert_false(variant_open(g[0]));
    assert_int_equal(g[1]->gametype, 20); /* the file's, weak as the clue */
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_FILE);
    free_all(g, n);
    n = read_all(g, "[FEN \"W:W19,26,27,32:B6,7,9,17.\"]\n1. 27-31 1-0\n"); /* legal nowhere */
    assert_int_equal(n, 1);
    assert_int_equal(g[0]->gametype, 21);
    assert_int_equal(game_internal(g[0])->variant_legal, 0);
    free_all(g, n);
}

/*
 * The same weak clue after international games: it gives way to the
 * file's majority, unless the majority's rules refuse the game, its moves
 * (the conformance set's TTS Example 1, illegal on 10x10) or, with none,
 * its FEN (a white man on 5, White's crowning row on 10x10 alone): then an
 * 8x8 variant the clue left that takes it. A game the majority takes stays
 * the file's.
 */
#define INTERNATIONAL_GAME "[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n"
static void test_variant_weak_clue_refused_by_the_majority(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, INTERNATIONAL_GAME
                        "[FEN \"W:W32,27,24,22:B20,15,10,7\"]\n"
                        "1... 27-23 20x27 2... 23-18 27-31 3... 18x2 10-14 0-1\n\n" /* TTS 1 */
                        "[FEN \"W:WK23,9,5:BK6,K2.\"]\n0-1\n\n"                     /* no moves */
                        "[FEN \"W:W19,26,27,32:B6,7,9,17.\"]\n1. 32-28 1-0\n");
    assert_int_equal(n, 4);
    assert_int_equal(g[1]->gametype, 21);
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[1])->variant_legal, BIT(PDN_VARIANT_ENGLISH));
    assert_int_equal(g[2]->gametype, 21);
    assert_int_equal(g[3]->gametype, 20); /* legal on 10x10: the file's */
    assert_int_equal(g[3]->variant_source, PDN_VARIANT_FROM_FILE);
    free_all(g, n);
}

/* The gametype-mismatch warnings of replaying the one game of text. */
static unsigned long mismatches(const char *text)
{
    pdn_game *g[GAMES_MAX];
    assert_int_equal(read_all(g, text), 1);
    struct diag_collector c;
    assert_int_equal(dc_replay(&c, g[0]), 0);
    free_all(g, 1);
    return dc_count(&c, PDN_DIAG_GAMETYPE_MISMATCH);
}

/*
 * A GameType tag against a weak clue, a FEN of squares 1-32 and a 1-0 style
 * result: a 10x10 study on the low squares (Cat.D1.pdn's game 16, which
 * pdnfmt --split writes with the file's GameType 20) plays under its tag
 * and is no contradiction. On 8x8 a man on 12 goes to 16, on 10x10 to 17
 * or 18: 12-16 under the tag 20 is one.
 */
static void test_variant_weak_clue_against_tag(void **state)
{
    (void)state;
    assert_int_equal(mismatches("[GameType \"20\"]\n[FEN \"W:W19,26,27,32:B6,7,9,17.\"]\n"
                                "1. 32-28 7-12 2. 27-21 6-11 3. 19-13 9x18 4. 21-16 1-0\n"),
                     0);
    assert_int_equal(mismatches("[GameType \"20\"]\n[FEN \"B:W30:B12\"]\n1... 12-17 1-0\n"), 0);
    assert_int_equal(mismatches("[GameType \"20\"]\n[FEN \"B:W30:B12\"]\n1... 12-16 1-0\n"), 1);
    /* A decisive clue contradicts the tag whatever the moves. */
    assert_int_equal(mismatches("[GameType \"20\"]\n1. c3-d4 *\n"), 1);
}

/* A tag or the option decides alone: nothing is replayed. */
static void test_variant_tag_and_option_try_nothing(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, "[GameType \"25\"]\n" CZECH_ONLY);
    assert_int_equal(n, 1);
    assert_int_equal(g[0]->gametype, 25);
    assert_int_equal(game_internal(g[0])->variant_tried, 0);
    free_all(g, n);
    struct pdn_reader_options o = PDN_READER_OPTIONS_INIT;
    o.gametype = 26;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, CZECH_ONLY, strlen(CZECH_ONLY), &o), 0);
    assert_int_equal(pdn_reader_next(&g[0], r), 1);
    assert_int_equal(g[0]->gametype, 26);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_OPTION);
    assert_int_equal(game_internal(g[0])->variant_tried, 0);
    pdn_game_free(g[0]);
    pdn_reader_free(r);
}

/* A setup in the main line is a clue as a FEN tag is: its square 45 says
 * 10x10 over a first move from 11 (Black opens: English). One in a
 * variation says nothing of the game's board. */
static void test_variant_setup_of_main_line(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, "1. 11-15 /FEN \"W:W45,28:B3\"/ 28-24 *\n\n"
                           "1. 11-15 (1. 11-16 /FEN \"W:W45,28:B3\"/ 28-24) *\n");
    assert_int_equal(n, 2);
    static const struct {
        int gametype;
        const char *clue;
    } want[] = {{20, "square numbers above 32"}, {21, "its first move is from 9-12 (Black opens)"}};
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(g[i]->gametype, want[i].gametype);
        assert_int_equal(g[i]->variant_source, PDN_VARIANT_FROM_CONTENT);
        assert_string_equal(game_internal(g[i])->variant_clue, want[i].clue);
    }
    free_all(g, n);
}

/* A game legal under all three, the file's first: held until the next
 * game that tells its own variant, Czech, whose variant it is given; the
 * tally then counts it no more for Russian and Brazilian, so that the
 * next game legal under all follows Czech. */
static void test_variant_held_game_takes_the_next_told(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, LEGAL_UNDER_ALL CZECH_ONLY LEGAL_UNDER_ALL);
    assert_int_equal(n, 3);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(g[i]->gametype, 29);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_FILE);
    assert_int_equal(game_internal(g[0])->variant_told_by, 2);
    assert_int_equal(game_internal(g[0])->variant_tried, ALGEBRAIC);
    assert_int_equal(game_internal(g[0])->variant_legal, ALGEBRAIC);
    assert_int_equal(g[1]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(g[2]->variant_source, PDN_VARIANT_FROM_FILE);
    assert_int_equal(game_internal(g[2])->variant_told_by, 0);
    assert_int_equal(game_internal(g[2])->variant_tried, BIT(PDN_VARIANT_CZECH));
    free_all(g, n);
}

/* A game held whose moves the told variant forbids keeps its own, Czech
 * now tried; one followed by no game that tells keeps its own too. */
static void test_variant_held_game_keeps_its_own(void **state)
{
    (void)state;
    pdn_game *g[GAMES_MAX];
    size_t n = read_all(g, BACKWARD_CAPTURE CZECH_ONLY);
    assert_int_equal(n, 2);
    assert_int_equal(g[0]->gametype, 25);
    assert_int_equal(g[0]->variant_source, PDN_VARIANT_FROM_CONTENT);
    assert_int_equal(game_internal(g[0])->variant_tried, ALGEBRAIC);
    assert_int_equal(game_internal(g[0])->variant_told_by, 0);
    free_all(g, n);
    n = read_all(g, LEGAL_UNDER_ALL LEGAL_UNDER_ALL);
    assert_int_equal(n, 2);
    assert_int_equal(g[0]->gametype, 25);
    assert_int_equal(g[1]->gametype, 25);
    free_all(g, n);
}

/* The hold reaches 16 games: a game that tells as the 16th decides the
 * 15 before it; as the 17th, it comes too late for them. */
static void test_variant_hold_is_bounded(void **state)
{
    (void)state;
    for (size_t before = 15; before <= 16; before++) {
        char text[2048] = "";
        for (size_t i = 0; i < before; i++)
            strcat(text, LEGAL_UNDER_ALL);
        strcat(text, CZECH_ONLY);
        pdn_game *g[GAMES_MAX];
        size_t n = read_all(g, text);
        assert_int_equal(n, before + 1);
        for (size_t i = 0; i < before; i++)
            assert_int_equal(g[i]->gametype, before == 15 ? 29 : 25);
        free_all(g, n);
    }
}

/* What happened while games were held: each finding comes after the games
 * before it and before its own, as without a hold. */
struct order_log {
    char text[64];
};

static void log_finding(const struct pdn_diag *d, void *ctx)
{
    struct order_log *log = ctx;
    size_t len = strlen(log->text);
    snprintf(log->text + len, sizeof log->text - len, "D%zu ", d->game);
}

static void test_variant_hold_keeps_the_findings_in_order(void **state)
{
    (void)state;
    static const char text[] = LEGAL_UNDER_ALL "1. c3-d4 f6-g5 ) *\n\n" CZECH_ONLY "1. c3-d4";
    struct order_log log = {""};
    struct pdn_reader_options o = PDN_READER_OPTIONS_INIT;
    o.on_diag = log_finding;
    o.diag_ctx = &log;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), &o), 0);
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        size_t len = strlen(log.text);
        snprintf(log.text + len, sizeof log.text - len, "G%zu ", g->index);
        assert_int_equal(g->gametype, 29);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    assert_string_equal(log.text, "G1 D2 G2 G3 D4 G4 ");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_moves_choose_czech),
        cmocka_unit_test(test_variant_several_legal_most_common),
        cmocka_unit_test(test_variant_tie_makes_no_favourite),
        cmocka_unit_test(test_variant_favourite_refused_tries_all),
        cmocka_unit_test(test_variant_file_settles),
        cmocka_unit_test(test_variant_legal_under_none),
        cmocka_unit_test(test_variant_fen_of_8x8),
        cmocka_unit_test(test_variant_fen_of_both_boards),
        cmocka_unit_test(test_variant_tag_and_option_try_nothing),
        cmocka_unit_test(test_variant_weak_clue_against_tag),
        cmocka_unit_test(test_variant_weak_clue_legal_only_on_10x10),
        cmocka_unit_test(test_variant_weak_clue_refused_by_the_majority),
        cmocka_unit_test(test_variant_setup_of_main_line),
        cmocka_unit_test(test_variant_own),
        cmocka_unit_test(test_variant_held_game_takes_the_next_told),
        cmocka_unit_test(test_variant_held_game_keeps_its_own),
        cmocka_unit_test(test_variant_hold_is_bounded),
        cmocka_unit_test(test_variant_hold_keeps_the_findings_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
