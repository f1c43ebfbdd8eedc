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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handmade_game_work_is_null),
    };
    return cmocka_run_group_tests_name("handmade", tests, NULL, NULL);
}
