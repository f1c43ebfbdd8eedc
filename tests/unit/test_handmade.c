/*
 * Games made by hand (pdn.h, "A game made by hand"): what a program may
 * leave NULL the library reads as the contract says, and never crashes on.
 * Each test here is a crash or a misreading tests/fuzz/fuzz_handmade.c
 * found; the games are built as a program builds them, internal NULL.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csv_writer.h"
#include "games_io.h"
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

/* A game of these tags and moves, nothing else. */
static pdn_game game_of(const struct pdn_tag *tags, uint32_t ntags, const struct pdn_node *moves,
                        uint32_t nmoves)
{
    return (pdn_game){
        .index = 1, .tags = tags, .ntags = ntags, .main = {.moves = moves, .nmoves = nmoves}};
}

/* One game's CSV (the caller frees it), the writer's fast paths on or off. */
static char *game_csv(const pdn_game *g, const struct pdn_csv_write_options *o, bool fast)
{
    struct memout m;
    pdn_csv_writer *w = NULL;
    assert_int_equal(pdn_csv_writer_open(&w, memout_open(&m), o, NULL), 0);
    csv_writer_fast_paths(w, fast);
    assert_int_equal(pdn_csv_writer_write_header(w), 0);
    assert_true(pdn_csv_writer_write_game(w, g, "hand") >= 1);
    pdn_csv_writer_free(w);
    return memout_text(&m);
}

/* The CSV of a game in one mode, the same with the fast paths and without;
 * the caller frees it. */
static char *csv_both_ways(const pdn_game *g, const struct pdn_csv_write_options *o)
{
    char *fast = game_csv(g, o, true), *slow = game_csv(g, o, false);
    if (strcmp(fast, slow) != 0) fail_msg("fast:\n%s\nslow:\n%s", fast, slow);
    free(slow);
    return fast;
}

/* A game made by hand is no box of the reader's: pdn_game_work read past
 * it (the bytes after it here, where a box keeps its work). */
static void test_handmade_game_work_is_null(void **state)
{
    (void)state;
    struct {
        pdn_game game;
        unsigned char after[512];
    } held;
    memset(&held, 0xAB, sizeof held);
    held.game = (pdn_game){.index = 1};
    assert_null(pdn_game_work(&held.game));
}

/* A NULL move text is an empty one: the repeat check hashed the texts of
 * the moves after an illegal one and read it. */
static void test_handmade_repeat_check_of_a_null_move_text(void **state)
{
    (void)state;
    const struct pdn_node moves[] = {{.text = "99-98"}, {.text = NULL}, {.text = "32-28"}};
    pdn_game g = game_of(NULL, 0, moves, COUNT(moves));
    pdn_unique *u;
    assert_int_equal(pdn_unique_new(&u, PDN_UNIQUE_MOVES), 0);
    assert_int_equal(pdn_unique_check(u, &g, "hand", NULL, NULL, NULL), 0);
    assert_int_equal(pdn_unique_check(u, &g, "hand", NULL, NULL, NULL), 1);
    pdn_unique_free(u);
}

/* The CSV writer's moves rows: a NULL move text is an empty cell, the fast
 * path's as the slow one's (it copied the text without a look). */
static void test_handmade_csv_row_of_a_null_move_text(void **state)
{
    (void)state;
    const struct pdn_node moves[] = {{.text = "32-28"}, {.text = NULL}, {.text = "28-23"}};
    pdn_game g = game_of(NULL, 0, moves, COUNT(moves));
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.columns = "ply,move";
    char *csv = csv_both_ways(&g, &o);
    assert_string_equal(csv, "ply,move\n1,32-28\n2,\n3,28-23\n");
    free(csv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handmade_game_work_is_null),
        cmocka_unit_test(test_handmade_repeat_check_of_a_null_move_text),
        cmocka_unit_test(test_handmade_csv_row_of_a_null_move_text),
    };
    return cmocka_run_group_tests_name("handmade", tests, NULL, NULL);
}
