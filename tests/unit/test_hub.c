/*
 * The Hub codec against Scan 3's protocol.txt (Hub version 2): its example
 * lines read into command and arguments (quoted values, flags), its
 * position format (the start position of its example), its move format
 * (captured pieces after from and to, "28x19x23") read back by
 * pdn_move_match; lines that do not read are PDN_ESYNTAX.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pdn.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hub_parse_arguments),
        cmocka_unit_test(test_hub_parse_limits),
        cmocka_unit_test(test_hub_positions),
        cmocka_unit_test(test_hub_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
