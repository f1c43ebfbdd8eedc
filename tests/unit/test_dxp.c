/*
 * The DXP codec against the DamExchange protocol's message layouts (the
 * field widths of the protocol's pages at mesander.nl/damexchange, as
 * Moby Dam and Kingsrow send them): each message type read and written
 * back byte for byte, a MOVE naming a capture matched to the legal move
 * whatever the order of the pieces taken, and messages that do not read
 * refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pdn.h"

#include <string.h>

static struct pdn_dxp_message m;

/* Reads text and writes it back: the same bytes. */
static void round_trip(const char *text)
{
    char out[PDN_DXP_MESSAGE_MAX];
    assert_int_equal(pdn_dxp_parse(&m, text, strlen(text)), 0);
    assert_int_equal(pdn_dxp_format(out, &m), strlen(text));
    assert_string_equal(out, text);
}

static void test_dxp_gamereq(void **state)
{
    (void)state;
    /* Version 01, initiator "Kingsrow", the follower plays black (Z), 10
     * minutes for 75 moves, the start position. */
    const char *req = "R01Kingsrow                        Z010075A";
    round_trip(req);
    assert_int_equal(m.type, PDN_DXP_GAMEREQ);
    assert_int_equal(m.version, 1);
    assert_string_equal(m.name, "Kingsrow");
    assert_int_equal(m.color, PDN_COLOR_BLACK);
    assert_int_equal(m.minutes, 10);
    assert_int_equal(m.moves, 75);
    assert_false(m.has_position);
    /* A given position: white to move, a white king on 1, a black man on 50. */
    char with[128];
    snprintf(with, sizeof with, "R01%-32sW005050BWW%48sz", "Moby Dam", "");
    for (char *p = with + strlen(with) - 49; *p == ' '; p++)
        *p = 'e';
    round_trip(with);
    assert_true(m.has_position);
    assert_int_equal(m.position.side, PDN_COLOR_WHITE);
    assert_int_equal(pdn_board_get(&m.position, 1), PDN_PIECE_WHITE_KING);
    assert_int_equal(pdn_board_get(&m.position, 50), PDN_PIECE_BLACK_MAN);
    assert_int_equal(pdn_board_count(&m.position, PDN_PIECE_EMPTY), 48);
}

static void test_dxp_other_messages(void **state)
{
    (void)state;
    round_trip("AScan                            0");
    assert_int_equal(m.type, PDN_DXP_GAMEACC);
    assert_string_equal(m.name, "Scan");
    assert_int_equal(m.code, 0);
    round_trip("M001232280119");
    assert_int_equal(m.type, PDN_DXP_MOVE);
    assert_int_equal(m.seconds, 12);
    assert_int_equal(m.from, 32);
    assert_int_equal(m.to, 28);
    assert_int_equal(m.ncaptured, 1);
    assert_int_equal(m.captured[0], 19);
    round_trip("E21");
    assert_int_equal(m.code, 2);
    assert_int_equal(m.stop, 1);
    round_trip("Chello, good luck");
    assert_string_equal(m.text, "hello, good luck");
    round_trip("B012W");
    assert_int_equal(m.move_number, 12);
    assert_int_equal(m.color, PDN_COLOR_WHITE);
    round_trip("K1");
    assert_int_equal(m.code, 1);
}

static void test_dxp_refuses_garbage(void **state)
{
    (void)state;
    const char *bad[] = {"X",
                         "R01short",
                         "M00123228",
                         "M0012x22800",
                         "M001232280251",
                         "E2",
                         "B01W",
                         "BxyzW",
                         "K",
                         "R01Kingsrow                        Q010075A",
                         "R01Kingsrow                        Z010075B"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(pdn_dxp_parse(&m, bad[i], strlen(bad[i])), PDN_ESYNTAX);
    assert_int_equal(pdn_dxp_parse(&m,
                                   "E2\0"
                                   "1",
                                   4),
                     PDN_ESYNTAX);
    assert_int_equal(pdn_dxp_parse(&m, "", 0), PDN_ESYNTAX);
}

/* 28x19x10 takes 23 and 14; a MOVE may name them in either order. */
static void test_dxp_moves(void **state)
{
    (void)state;
    struct pdn_board b;
    assert_int_equal(pdn_board_from_fen(&b, PDN_VARIANT_INTERNATIONAL, "W:W28:B23,14,3", NULL), 0);
    struct pdn_movelist list;
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    pdn_dxp_move_message(&m, &list.moves[0], PDN_VARIANT_INTERNATIONAL, 7);
    char out[PDN_DXP_MESSAGE_MAX];
    pdn_dxp_format(out, &m);
    assert_string_equal(out, "M00072810021423");
    struct pdn_move found;
    const char *swapped = "M00072810022314";
    assert_int_equal(pdn_dxp_parse(&m, swapped, strlen(swapped)), 0);
    assert_true(pdn_dxp_move_find(&found, &m, &b));
    assert_memory_equal(&found, &list.moves[0], sizeof found);
    const char *wrong = "M00072810012300";
    assert_int_equal(pdn_dxp_parse(&m, wrong, 13), 0);
    assert_false(pdn_dxp_move_find(&found, &m, &b));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dxp_gamereq),
        cmocka_unit_test(test_dxp_other_messages),
        cmocka_unit_test(test_dxp_refuses_garbage),
        cmocka_unit_test(test_dxp_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
