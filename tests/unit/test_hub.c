/*
 * The Hub codec against Scan 3's protocol.txt (Hub version 2): its example
 * lines read into command and arguments (quoted values, flags), its
 * position format (the start position of its example), its move format
 * (captured pieces after from and to, "28x19x23") read back by
 * pdn_move_match; lines that do not read are PDN_ESYNTAX. And pdnengine's
 * clock (cmd/pdnengine/clock.c): the search "level time=" allows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pdn.h"

#include "../../cmd/pdnengine/clock.c"

#include <string.h>

static struct pdn_hub_message msg;

static void test_hub_parse_arguments(void **state)
{
    (void)state;
    assert_int_equal(pdn_hub_parse(&msg, "id name=Scan version=3.0 author=\"Fabien Letouzey\" "
                                         "country=France\n"),
                     0);
    assert_string_equal(msg.command, "id");
    assert_int_equal(msg.nargs, 4);
    assert_string_equal(pdn_hub_arg(&msg, "author"), "Fabien Letouzey");
    assert_string_equal(pdn_hub_arg(&msg, "country"), "France");
    assert_null(pdn_hub_arg(&msg, "pv"));
    assert_int_equal(pdn_hub_parse(&msg, "level infinite"), 0);
    assert_string_equal(pdn_hub_arg(&msg, "infinite"), "");
    assert_int_equal(pdn_hub_parse(&msg, "param name=x value=\"\" type=string\r\n"), 0);
    assert_string_equal(pdn_hub_arg(&msg, "value"), "");
    assert_string_equal(pdn_hub_arg(&msg, "type"), "string");
    assert_int_equal(pdn_hub_parse(&msg, "   \n"), 0);
    assert_string_equal(msg.command, "");
    assert_int_equal(pdn_hub_parse(&msg, "pos moves=\"32-28 17-22"), PDN_ESYNTAX);
    assert_int_equal(pdn_hub_parse(&msg, "pos =x"), PDN_ESYNTAX);
}

static void test_hub_parse_limits(void **state)
{
    (void)state;
    static char line[PDN_HUB_LINE_MAX + 16];
    memset(line, 'a', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    assert_int_equal(pdn_hub_parse(&msg, line), PDN_ESYNTAX);
    char many[4 * (PDN_HUB_ARGS_MAX + 2)] = "go";
    for (int i = 0; i <= PDN_HUB_ARGS_MAX; i++)
        strcat(many, " a");
    assert_int_equal(pdn_hub_parse(&msg, many), PDN_ESYNTAX);
}

static void test_hub_positions(void **state)
{
    (void)state;
    const char *start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    struct pdn_board b, init;
    assert_int_equal(pdn_hub_position_read(&b, PDN_VARIANT_INTERNATIONAL, start), 0);
    pdn_board_init(&init, PDN_VARIANT_INTERNATIONAL);
    assert_true(pdn_board_equal(&b, &init));
    char out[PDN_SQUARES_MAX + 2];
    assert_int_equal(pdn_hub_position_write(out, &b), 51);
    assert_string_equal(out, start);
    /* Kings, Black to move: a white king on 4, a man on 26, a black king
     * on 40 and a man on 49. */
    const char *kings = "BeeeWeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeeeeBeeeeeeeebe";
    assert_int_equal(pdn_hub_position_read(&b, PDN_VARIANT_INTERNATIONAL, kings), 0);
    assert_int_equal(b.side, PDN_COLOR_BLACK);
    assert_int_equal(pdn_board_get(&b, 4), PDN_PIECE_WHITE_KING);
    assert_int_equal(pdn_board_get(&b, 26), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_get(&b, 40), PDN_PIECE_BLACK_KING);
    assert_int_equal(pdn_board_get(&b, 49), PDN_PIECE_BLACK_MAN);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_EMPTY), 46);
    pdn_hub_position_write(out, &b);
    assert_string_equal(out, kings);
    assert_int_equal(pdn_hub_position_read(&b, PDN_VARIANT_INTERNATIONAL, "Wbbb"), PDN_ESYNTAX);
    assert_int_equal(pdn_hub_position_read(&b, PDN_VARIANT_ENGLISH, start), PDN_ESYNTAX);
    char bad[52];
    strcpy(bad, start);
    bad[10] = 'x';
    assert_int_equal(pdn_hub_position_read(&b, PDN_VARIANT_INTERNATIONAL, bad), PDN_ESYNTAX);
    pdn_board_init(&init, PDN_VARIANT_ENGLISH);
    assert_int_equal(pdn_hub_position_write(out, &init), 33);
}

/* protocol.txt: "28x19x23", from 28 to 19 taking 23. */
static void test_hub_moves(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_fen_error err;
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "W:W28:B23,9", &err), 0);
    struct pdn_movelist list;
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    char t[PDN_MOVE_TEXT_MAX];
    pdn_hub_move_write(t, &list.moves[0], PDN_VARIANT_INTERNATIONAL);
    assert_string_equal(t, "28x19x23");
    struct pdn_match m;
    pdn_move_match(&m, t, &b, &list, false);
    assert_int_equal(m.result, PDN_MATCH_OK);
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    pdn_movegen(&list, &b, 0);
    pdn_hub_move_write(t, &list.moves[0], PDN_VARIANT_INTERNATIONAL);
    assert_non_null(strchr(t, '-'));
}

/* A clock's search never takes more than half the time left, however
 * little (a floor of 0.01 s searched 0.006 s of a clock at 0.001 s), nor
 * the increment it has not had yet; with no time left it is one depth (a
 * time of 0 is no limit to the library). */
static void test_hub_clock_keeps_half_the_time_left(void **state)
{
    (void)state;
    static const double times[] = {0, 1e-300, 1e-6, 0.001, 0.005, 0.02, 0.1, 1, 60, 3600, 1e12};
    static const double moves[] = {0, 1, 40};
    static const double incs[] = {0, 0.5, 10};
    for (size_t t = 0; t < sizeof times / sizeof times[0]; t++)
        for (size_t m = 0; m < sizeof moves / sizeof moves[0]; m++)
            for (size_t i = 0; i < sizeof incs / sizeof incs[0]; i++) {
                struct pdn_engine_limits l = PDN_ENGINE_LIMITS_INIT;
                clock_limits(&l, times[t], moves[m], incs[i]);
                assert_true(l.seconds <= times[t] / 2);
                if (times[t] > 0) {
                    assert_true(l.seconds > 0);
                    assert_int_equal(l.depth, 0);
                } else {
                    assert_true(l.seconds == 0);
                    assert_int_equal(l.depth, 1);
                }
            }
    struct pdn_engine_limits l = PDN_ENGINE_LIMITS_INIT;
    clock_limits(&l, 0.001, 0, 0);
    assert_true(l.seconds == 0.0005);
    clock_limits(&l, 0.1, 0, 0); /* 0.1 / 30 is under the floor */
    assert_true(l.seconds == 0.01);
    clock_limits(&l, 60, 0, 0);
    assert_true(l.seconds == 2);
    clock_limits(&l, 60, 10, 1);
    assert_true(l.seconds == 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hub_parse_arguments),
        cmocka_unit_test(test_hub_parse_limits),
        cmocka_unit_test(test_hub_positions),
        cmocka_unit_test(test_hub_moves),
        cmocka_unit_test(test_hub_clock_keeps_half_the_time_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
