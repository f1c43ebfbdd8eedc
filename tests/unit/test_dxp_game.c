/*
 * How long a DXP game waits for the peer (cmd/dxp_game.c, compiled in:
 * tools are not a library). With no --timeout the wait is the thinking
 * time of the game request, the minutes each side has for the game,
 * which a player may spend on one move, and never under ten minutes, what
 * a person playing through pdnplay may need; a --timeout given is kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../cmd/dxp_game.c"
#include "../../cmd/played.c"

/* The wait for a game request as the protocol writes it. */
static double wait_for_request(double timeout, const char *request)
{
    struct pdn_dxp_message m;
    assert_int_equal(pdn_dxp_parse(&m, request, strlen(request)), 0);
    return dxp_move_wait(timeout, m.minutes);
}

static void test_dxp_game_waits_the_game_clock(void **state)
{
    (void)state;
    /* Two hours for 75 moves: a peer may think that long on one move. */
    assert_true(wait_for_request(0, "R01Kingsrow                        Z120075A") == 7200);
    /* Ten minutes, what pdnplay and pdnengine request: ten minutes. */
    assert_true(wait_for_request(0, "R01pdnplay                         W010075A") == 600);
}

static void test_dxp_game_waits_ten_minutes_at_least(void **state)
{
    (void)state;
    /* A one-minute game, or none given (0): a person still has ten. */
    assert_true(wait_for_request(0, "R01Kingsrow                        Z001075A") == 600);
    assert_true(wait_for_request(0, "R01Kingsrow                        Z000000A") == 600);
    /* The connection, before any request. */
    assert_true(dxp_move_wait(0, 0) == DXP_WAIT_LEAST);
}

static void test_dxp_game_keeps_the_timeout_given(void **state)
{
    (void)state;
    assert_true(wait_for_request(2, "R01Kingsrow                        Z120075A") == 2);
    assert_true(wait_for_request(900, "R01Kingsrow                        Z001075A") == 900);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dxp_game_waits_the_game_clock),
        cmocka_unit_test(test_dxp_game_waits_ten_minutes_at_least),
        cmocka_unit_test(test_dxp_game_keeps_the_timeout_given),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
