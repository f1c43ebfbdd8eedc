/*
 * pdn_date_orders_add_text, the orders of a file's dates read from its tag
 * lines, against pdn_date_orders_add of each game the reader reads: every
 * game of every corpus file (corpus_files.h) is settled the same way by
 * both tables, whatever the pieces the text comes in; and the forms of
 * tag lines real files have, one by one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "corpus_files.h"
#include "date_orders.h"
#include "games_io.h"

/* The text fed in pieces of 'piece' bytes (0: whole). */
static int add_text(pdn_date_orders *orders, const char *text, size_t len, size_t piece)
{
    size_t step = piece ? piece : len;
    for (size_t at = 0; at < len; at += step) {
        size_t n = len - at < step ? len - at : step;
        int rc = pdn_date_orders_add_text(orders, text + at, n, false);
        if (rc < 0) return rc;
    }
    return pdn_date_orders_add_text(orders, NULL, 0, true);
}

/* Each game settled alike by orders read from its games and from text. */
static void assert_same_settling(const struct games *gs, const pdn_date_orders *from_games,
                                 const pdn_date_orders *from_text, const char *what)
{
    for (size_t i = 0; i < gs->n; i++) {
        bool by_file_a, by_file_b;
        enum date_order a = date_orders_settled(from_games, gs->v[i], &by_file_a);
        enum date_order b = date_orders_settled(from_text, gs->v[i], &by_file_b);
        if (a != b || by_file_a != by_file_b)
            print_error("%s, game %zu: %d%s from its games, %d%s from its text\n", what, i + 1,
                        (int)a, by_file_a ? " (file)" : "", (int)b, by_file_b ? " (file)" : "");
        assert_int_equal(a, b);
        assert_int_equal(by_file_a, by_file_b);
    }
}

static pdn_date_orders *orders_of_games(const struct games *gs)
{
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    for (size_t i = 0; i < gs->n; i++)
        assert_int_equal(pdn_date_orders_add(orders, gs->v[i]), 0);
    return orders;
}

/* Every corpus file whose Event and Date values are UTF-8, in pieces of
 * 1, 7 and 4096 bytes and whole; the others are refused as undecoded. */
static void test_date_orders_text_as_games(void **state)
{
    (void)state;
    static const size_t pieces[] = {0, 1, 7, 4096};
    size_t compared = 0, undecoded = 0;
    for (size_t i = 0; i < CORPUS_FILES; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/%s", corpus_files[i].path);
        size_t len;
        char *text = slurp(path, &len);
        struct games gs;
        read_games(&gs, text, len);
        pdn_date_orders *from_games = orders_of_games(&gs);
        for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
            pdn_date_orders *from_text;
            assert_int_equal(pdn_date_orders_new(&from_text), 0);
            int rc = add_text(from_text, text, len, pieces[p]);
            if (rc == PDN_EENCODING) {
                undecoded += p == 0;
            } else {
                assert_int_equal(rc, 0);
                assert_same_settling(&gs, from_games, from_text, path);
                assert_true(date_orders_same(from_games, from_text)); /* the days too */
                compared += p == 0;
            }
            pdn_date_orders_free(from_text);
        }
        pdn_date_orders_free(from_games);
        free_games(&gs);
        free(text);
    }
    /* the Latin-1 and CP1251 files name their events in their code page */
    assert_true(compared >= CORPUS_FILES - 3);
    assert_true(undecoded >= 1);
}

/* What text settles for a game of event and date read from games. */
static enum date_order settled_by_text(const char *text, const char *game_text, bool *by_file)
{
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    assert_int_equal(add_text(orders, text, strlen(text), 0), 0);
    struct games gs;
    read_games(&gs, game_text, strlen(game_text));
    assert_int_equal(gs.n, 1);
    enum date_order order = date_orders_settled(orders, gs.v[0], by_file);
    free_games(&gs);
    pdn_date_orders_free(orders);
    return order;
}

#define GAME(event, date) "[Event \"" event "\"]\n[Date \"" date "\"]\n1. 32-28 *\n"

static void test_date_orders_text_forms(void **state)
{
    (void)state;
    bool by_file;
    const char *ask = GAME("A", "10.03.2003");
    /* several tags on a line, moves after them */
    assert_int_equal(
        settled_by_text("[Event \"A\"] [Date \"13.03.2003\"] 1. 32-28 *\n", ask, &by_file),
        DATE_DAY_FIRST);
    assert_false(by_file);
    /* lines ended by CR alone, a byte order mark: the second game's tags
     * start a line of their own */
    assert_int_equal(
        settled_by_text("\xEF\xBB\xBF[Event \"B\"]\r[Date \"13.03.2003\"]\r"
                        "1. 32-28 *\r[Event \"A\"]\r[Date \"03.13.2003\"]\r1. 32-28 *\r",
                        ask, &by_file),
        DATE_MONTH_FIRST);
    assert_false(by_file);
    /* names in another language, and in another case */
    assert_int_equal(
        settled_by_text("[&#x00c9;v&#x00e9;nement \"A\"]\n[DATE \"13.03.2003\"]\n"
                        "1. 32-28 *\n[Event \"B\"]\n[Date \"03.13.2003\"]\n1. 32-28 *\n",
                        ask, &by_file),
        DATE_DAY_FIRST);
    assert_false(by_file);
    /* an escaped quote; the first Event of the game */
    assert_int_equal(
        settled_by_text("[Event \"A \\\"x\\\"\"]\n[Event \"C\"]\n[Date \"03.13.2003\"]\n"
                        "1. 32-28 *\n[Event \"C\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n",
                        GAME("A \\\"x\\\"", "10.03.2003"), &by_file),
        DATE_MONTH_FIRST);
    assert_false(by_file);
    /* an event of no order of its own: the file's */
    assert_int_equal(
        settled_by_text(GAME("B", "13.03.2003") GAME("A", "10.03.2003"), ask, &by_file),
        DATE_DAY_FIRST);
    assert_true(by_file);
    /* a move line between tags parts two games: A has no date of its own */
    assert_int_equal(settled_by_text("[Event \"A\"]\n1. 32-28 *\n[Date \"03.13.2003\"]\n"
                                     "[Event \"B\"]\n1. 32-28 *\n"
                                     "[Event \"A\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n"
                                     "[Event \"C\"]\n[Date \"03.14.2003\"]\n1. 32-28 *\n",
                                     ask, &by_file),
                     DATE_DAY_FIRST);
    assert_false(by_file);
}

/* An Event value that is no UTF-8 is refused: the reader would decode it. */
static void test_date_orders_text_undecoded(void **state)
{
    (void)state;
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    const char text[] = "[Event \"Champ\xE9onnat\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n";
    assert_int_equal(add_text(orders, text, sizeof text - 1, 5), PDN_EENCODING);
    pdn_date_orders_free(orders);
    /* ... but only when its game's date shows an order: nothing needs the
     * event of a game dated otherwise, and it is not read (settled_by_text
     * asks for 0). */
    bool by_file;
    assert_int_equal(settled_by_text("[Event \"Champ\xE9onnat\"]\n[Date \"2003.03.13\"]\n"
                                     "1. 32-28 *\n" GAME("Cup", "13.03.2003"),
                                     GAME("Cup", "10.03.2003"), &by_file),
                     DATE_DAY_FIRST);
    assert_false(by_file);
    assert_int_equal(pdn_date_orders_add_text(NULL, "", 0, true), PDN_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_date_orders_text_as_games),
        cmocka_unit_test(test_date_orders_text_forms),
        cmocka_unit_test(test_date_orders_text_undecoded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
