/*
 * Unit tests of unique.c (pdn_unique_check): which games are copies, which
 * are suspect, and what is said of them. The games are short positions
 * of international draughts written by hand; a copy differs only in what
 * PDN leaves free (spacing, comments, move numbers, capture notation, the
 * case of names).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The opening of a real game (Championnat de France 2021, round 6), 20
 * plies, with a capture of two pieces written from-to. */
#define LONG_MOVES                                                                                 \
    "1. 31-26 17-22 2. 32-28 19-23 3. 28x19 14x23 4. 37-32 22-27 5. 32x21 16x27 "                  \
    "6. 41-37 10-14 7. 34-29 23x34 8. 39x30 14-19 9. 37-32 19-23 10. 32x21 23-28 "                 \
    "11. 33x22 18x16"
/* The same moves as another program writes them: no move numbers after
 * the first, a comment, the two-piece capture with its landing square. */
#define LONG_MOVES_AGAIN                                                                           \
    "1.31-26 {bulletin} 17-22 32-28 19-23\n28x19 14x23 37-32 22-27 32x21 16x27 "                   \
    "41-37 10-14 34-29 23x34 39x30 14-19 37-32 19-23 32x21 23-28 33x22 18x27x16"

struct heard {
    int repeated, suspect;
    char detail[256];
    uint32_t line;
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct heard *h = ctx;
    h->repeated += d->code == PDN_DIAG_REPEATED_GAME;
    h->suspect += d->code == PDN_DIAG_SUSPECT_COPY;
    snprintf(h->detail, sizeof h->detail, "%s", d->detail ? d->detail : "");
    h->line = d->line;
}

/* tags: more tag pairs, written whole (R(), D(), E()). */
static pdn_game *game_of(const char *white, const char *black, const char *tags, const char *moves)
{
    char text[2048];
    snprintf(text, sizeof text, "[White \"%s\"]\n[Black \"%s\"]\n%s\n\n%s *\n", white, black, tags,
             moves);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), 0);
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_next(&g, r), 1);
    pdn_reader_free(r);
    return g;
}

/* Checks one game against the set, as the game of a.pdn that starts at
 * line: the return value, what was heard. */
static int check(pdn_unique *u, struct heard *h, uint32_t line, const char *white,
                 const char *black, const char *tags, const char *moves)
{
    memset(h, 0, sizeof *h);
    pdn_game *g = game_of(white, black, tags, moves);
    struct pdn_pos at = {.line = line, .col = 1};
    int rc = pdn_unique_check(u, g, "a.pdn", &at, on_diag, h);
    pdn_game_free(g);
    return rc;
}

static pdn_unique *new_set(enum pdn_unique_mode mode)
{
    pdn_unique *u = NULL;
    assert_int_equal(pdn_unique_new(&u, mode), 0);
    return u;
}

/* One game checked against the set, and what must be said of it. */
#define R(round) "[Round \"" round "\"]"
#define D(date) "[Date \"" date "\"]"
#define E(event) "[Event \"" event "\"]"

struct step {
    const char *white, *black, *tags, *moves;
    int copy;           /* pdn_unique_check's answer: 1 a copy, left out */
    int repeated;       /* PDN_DIAG_REPEATED_GAME said, or -1: not looked at */
    int suspect;        /* PDN_DIAG_SUSPECT_COPY said, or -1 */
    const char *detail; /* held by the last finding's detail, or NULL */
};

/* Checks the steps in order against one set of the mode. */
static void run_steps(enum pdn_unique_mode mode, const struct step *steps, size_t n)
{
    pdn_unique *u = new_set(mode);
    struct heard h;
    for (size_t i = 0; i < n; i++) {
        const struct step *s = &steps[i];
        int copy = check(u, &h, (uint32_t)i * 10 + 1, s->white, s->black, s->tags, s->moves);
        if (copy != s->copy || (s->repeated >= 0 && h.repeated != s->repeated) ||
            (s->suspect >= 0 && h.suspect != s->suspect) ||
            (s->detail && !strstr(h.detail, s->detail)))
            fail_msg("step %zu: copy %d, repeated %d, suspect %d, '%s'", i + 1, copy, h.repeated,
                     h.suspect, h.detail);
    }
    pdn_unique_free(u);
}

#define SCENARIO(steps, mode)                                                                      \
    {                                                                                              \
#steps, mode, steps, sizeof steps / sizeof steps[0]                                        \
    }

static const struct step copy_written_otherwise[] = {
    {"Cisse, Papa", "Machtelinck, Kevin", R("6"), LONG_MOVES, 0, 0, 0, NULL},
    {"CISSE, Papa ", "machtelinck, kevin", R("6"), LONG_MOVES_AGAIN, 1, 1, -1,
     "a copy of game 1 (line 1), left out"},
};

static const struct step other_players_suspect[] = {
    {"Cisse", "Machtelinck", R("6"), LONG_MOVES, 0, -1, -1, NULL},
    {"Nimbi", "Bonnave", R("6"), LONG_MOVES, 0, 0, 1, NULL},
    /* The colours swapped are other players too. */
    {"Machtelinck", "Cisse", R("7"), LONG_MOVES, 0, -1, 1, NULL},
};

static const struct step same_pairing_other_moves[] = {
    {"Cisse", "Machtelinck", R("6"), LONG_MOVES, 0, -1, -1, NULL},
    {"Cisse", "Machtelinck", R("6"), "1. 32-28 18-23", 0, -1, 1, "with other moves"},
    /* No round: nothing pairs them. */
    {"Cisse", "Machtelinck", R("?"), "1. 33-28 18-23", 0, -1, 0, NULL},
};

#define DRAW "1. 32-28 18-23 2. 37-32 12-18"
static const struct step short_games_in_two_rounds[] = {
    {"Smit", "Jansen", R("1"), DRAW, 0, -1, -1, NULL},
    {"Smit", "Jansen", R("2"), DRAW, 0, 0, 0, NULL}, /* a quick draw, again */
    {"Smit", "Jansen", R("2"), "1.32-28 18-23 2.37-32  12-18", 1, -1, -1, NULL},
    /* Short games under other players are no suspects: openings repeat. */
    {"Bakker", "Visser", R("3"), DRAW, 0, -1, 0, NULL},
};

/* 39-43 is illegal (a capture is due); the rest is compared as text. */
#define BROKEN "1. 32-28 19-23 2. 28x19 14x23 3. 31-27 23-29 4. 39-43 16-21"
static const struct step illegal_moves_by_text[] = {
    {"Smit", "Jansen", R("?"), BROKEN, 0, -1, -1, NULL},
    {"Smit", "Jansen", R("?"), "1.32-28 19-23 2.28x19 14x23 3.31-27 23-29 4.39 - 43 16-21", 1, -1,
     -1, NULL},
    {"Smit", "Jansen", R("?"), BROKEN, 1, -1, -1, NULL},
    {"Smit", "Jansen", R("?"), "1. 32-28 19-23 2. 28x19 14x23 3. 31-27 23-29 4. 39-43 16-22", 0, -1,
     -1, NULL},
};

/* A pairing needs its players and is of one year: compositions share an
 * event and a round with no players (the PDN conformance set's Cat.A1),
 * a yearly event pairs the same players in round 1 again (mrcd2006 and
 * mrcd2007). */
static const struct step pairing_of_players_and_year[] = {
    {"", "", E("SMvan Eijk") R("A43"), "1. 32-28 18-23", 0, -1, -1, NULL},
    {"", "", E("SMvan Eijk") R("A43"), "1. 33-28 18-23", 0, -1, 0, NULL},
    {"Vlach", "Kareta", E("m-CR-q") R("1") D("2006.12.02"), LONG_MOVES, 0, -1, -1, NULL},
    {"Vlach", "Kareta", E("m-CR-q") R("1") D("2007.11.24"), "1. 32-28 18-23", 0, -1, 0, NULL},
    {"Vlach", "Kareta", E("m-CR-q") R("1") D("2007.11.24"), "1. 33-28 18-23", 0, -1, 1,
     "with other moves"},
};

/* A copy with another result disagrees with its first: kept, suspect; one
 * without a result adds nothing: left out. */
#define RES(r) "[Result \"" r "\"]"
static const struct step copy_with_another_result[] = {
    {"Cisse", "Machtelinck", R("6") RES("1-1"), LONG_MOVES, 0, -1, -1, NULL},
    {"Cisse", "Machtelinck", R("6") RES("2-0"), LONG_MOVES, 0, 0, 1,
     "the moves and players of game 1 (line 1) with another result (1-1 there, 2-0 here)"},
    {"Cisse", "Machtelinck", R("6") RES("1-1"), LONG_MOVES, 1, 1, 0, "a copy of game 1"},
    {"Cisse", "Machtelinck", R("6"), LONG_MOVES, 1, 1, 0, "a copy of game 1"},
    /* a copy of game 2, the first with its result: left out, no suspect */
    {"Cisse", "Machtelinck", R("6") RES("2-0"), LONG_MOVES, 1, 1, 0, NULL},
};
static const struct step result_after_none[] = {
    {"Smit", "Jansen", R("?"), DRAW, 0, -1, -1, NULL},
    {"Smit", "Jansen", R("?") RES("0-2"), DRAW, 0, 0, 1, "another result (* there, 0-2 here)"},
};

#define ONE "1. 31-26 19-24 2. 32-27 20-25"
#define OTHER "1. 32-27 20-25 2. 31-26 19-24"
static const struct step transposed_by_moves[] = {
    {"Smit", "Jansen", R("?"), ONE, 0, -1, -1, NULL},
    {"Smit", "Jansen", R("?"), OTHER, 0, -1, -1, NULL}, /* other moves */
};
static const struct step transposed_by_position[] = {
    {"Smit", "Jansen", R("?"), ONE, 0, -1, -1, NULL},
    {"Smit", "Jansen", R("?"), OTHER, 1, -1, -1, NULL}, /* transposed */
    /* The same position in more plies is another game. */
    {"Smit", "Jansen", R("?"), ONE " 3. 36-31", 0, -1, -1, NULL},
};

/* Every scenario: its steps, checked in order against a set of its own. */
static const struct scenario {
    const char *name;
    enum pdn_unique_mode mode;
    const struct step *steps;
    size_t n;
} scenarios[] = {
    SCENARIO(copy_written_otherwise, PDN_UNIQUE_MOVES),
    SCENARIO(other_players_suspect, PDN_UNIQUE_MOVES),
    SCENARIO(same_pairing_other_moves, PDN_UNIQUE_MOVES),
    SCENARIO(short_games_in_two_rounds, PDN_UNIQUE_MOVES),
    SCENARIO(illegal_moves_by_text, PDN_UNIQUE_MOVES),
    SCENARIO(pairing_of_players_and_year, PDN_UNIQUE_MOVES),
    SCENARIO(copy_with_another_result, PDN_UNIQUE_MOVES),
    SCENARIO(result_after_none, PDN_UNIQUE_MOVES),
    SCENARIO(transposed_by_moves, PDN_UNIQUE_MOVES),
    SCENARIO(transposed_by_position, PDN_UNIQUE_POSITION),
};

/* The scenarios of one mode. */
static void run_scenarios(enum pdn_unique_mode mode)
{
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        if (scenarios[i].mode != mode) continue;
        print_message("  %s\n", scenarios[i].name);
        run_steps(mode, scenarios[i].steps, scenarios[i].n);
    }
}

static void test_scenarios_by_moves(void **state)
{
    (void)state;
    run_scenarios(PDN_UNIQUE_MOVES);
}

static void test_scenarios_by_position(void **state)
{
    (void)state;
    run_scenarios(PDN_UNIQUE_POSITION);
}

static void test_other_file_named(void **state)
{
    (void)state;
    pdn_unique *u = new_set(PDN_UNIQUE_MOVES);
    struct heard h = {0};
    pdn_game *g = game_of("Smit", "Jansen", R("?"), LONG_MOVES);
    struct pdn_pos at = {.line = 40, .col = 3};
    assert_int_equal(pdn_unique_check(u, g, "first.pdn", &at, on_diag, &h), 0);
    assert_int_equal(pdn_unique_check(u, g, "second.pdn", NULL, on_diag, &h), 1);
    assert_string_equal(h.detail, "a copy of game 1 of first.pdn (line 40), left out");
    assert_int_equal(h.line, 1);
    pdn_game_free(g);
    pdn_unique_free(u);
}

/* The same file read twice (pdnfmt --unique a.pdn a.pdn): its games are
 * copies of the first reading's, which the detail says, rather than of
 * themselves ("a copy of game 1 (line 1)" at line 1). */
static void test_same_file_read_twice(void **state)
{
    (void)state;
    pdn_unique *u = new_set(PDN_UNIQUE_MOVES);
    struct heard h = {0};
    pdn_game *g = game_of("Smit", "Jansen", R("?"), LONG_MOVES);
    struct pdn_pos at = {.line = 40, .col = 3}, later = {.line = 90, .col = 1};
    assert_int_equal(pdn_unique_check(u, g, "a.pdn", &at, on_diag, &h), 0);
    assert_int_equal(pdn_unique_check(u, g, "a.pdn", &at, on_diag, &h), 1);
    assert_string_equal(h.detail, "a copy of game 1 (line 40) of this file as read before: it was "
                                  "read twice, left out");
    /* a copy further on in one reading of the file */
    assert_int_equal(pdn_unique_check(u, g, "a.pdn", &later, on_diag, &h), 1);
    assert_string_equal(h.detail, "a copy of game 1 (line 40), left out");
    pdn_game_free(g);
    pdn_unique_free(u);
}

/* Many games: the tables grow and every copy is still found. */
static void test_many_games(void **state)
{
    (void)state;
    pdn_unique *u = new_set(PDN_UNIQUE_MOVES);
    struct heard h;
    char white[32];
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 3000; i++) {
            snprintf(white, sizeof white, "Player %d", i);
            assert_int_equal(check(u, &h, (uint32_t)(round * 3000 + i) * 5 + 1, white, "Jansen",
                                   R("?"), "1. 32-28 18-23"),
                             round);
        }
    pdn_unique_free(u);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    pdn_unique *u = NULL;
    assert_int_equal(pdn_unique_new(&u, (enum pdn_unique_mode)7), PDN_EINVAL);
    assert_int_equal(pdn_unique_new(NULL, PDN_UNIQUE_MOVES), PDN_EINVAL);
    u = new_set(PDN_UNIQUE_MOVES);
    assert_int_equal(pdn_unique_check(u, NULL, "a", NULL, NULL, NULL), PDN_EINVAL);
    pdn_unique_free(u);
    pdn_unique_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenarios_by_moves), cmocka_unit_test(test_scenarios_by_position),
        cmocka_unit_test(test_other_file_named),   cmocka_unit_test(test_same_file_read_twice),
        cmocka_unit_test(test_many_games),         cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
