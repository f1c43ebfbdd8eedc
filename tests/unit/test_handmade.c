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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handmade_game_work_is_null),
        cmocka_unit_test(test_handmade_repeat_check_of_a_null_move_text),
    };
    return cmocka_run_group_tests_name("handmade", tests, NULL, NULL);
}
