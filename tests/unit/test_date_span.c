/*
 * The file's days (date_orders_add_span): a date whose day and month could
 * be swapped, which no order of its event or file settles, read as the one
 * of its readings that falls within the file's other dates, when those
 * span a month at most (a tournament's). The case of a real file:
 * tests/data/tournaments/Championnat de France 2021.pdn, whose event
 * "Cpt France 2021" dates its two games "12-08-2021", the file's others
 * 2021.08.12 to 2021.08.20.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "date_orders.h"
#include "games_io.h"

#define GAME(event, date) "[Event \"" event "\"]\n[Date \"" date "\"]\n1. 32-28 *\n"

/* The orders of text's tag lines, read as the tools read them ahead. */
static pdn_date_orders *orders_of_text(const char *text)
{
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    assert_int_equal(pdn_date_orders_add_text(orders, text, strlen(text), true), 0);
    return orders;
}

/* The reading of the date of the game of 'event' and 'date' with the
 * orders of text: true, with it and why in out ("2021.08.12: why"). */
static bool reading(char *out, size_t size, const char *text, const char *game_text)
{
    pdn_date_orders *orders = orders_of_text(text);
    struct games gs;
    read_games(&gs, game_text, strlen(game_text));
    assert_int_equal(gs.n, 1);
    char date[DATE_SIZE], why[DATE_WHY_SIZE];
    bool read = date_orders_reading(date, why, orders, gs.v[0], pdn_game_tag(gs.v[0], "Date"));
    if (read) snprintf(out, size, "%s: %s", date, why);
    free_games(&gs);
    pdn_date_orders_free(orders);
    return read;
}

static const char tournament[] = GAME("Championnat de France 2021", "2021.08.12")
    GAME("Championnat de France 2021", "2021-08-14") GAME("Cpt France 2021", "12-08-2021")
        GAME("Championnat de France nationale 2021", "2021.08.20");

static void test_date_span_reads_the_day_inside(void **state)
{
    (void)state;
    char said[160];
    assert_true(reading(said, sizeof said, tournament, GAME("Cpt France 2021", "12-08-2021")));
    assert_string_equal(said, "2021.08.12: day first, within the file's other dates (2021.08.12 to "
                              "2021.08.20)");
    static const char december[] = GAME("A", "2021.12.01") GAME("A", "2021.12.10");
    assert_true(reading(said, sizeof said, december, GAME("B", "12-08-2021")));
    assert_string_equal(said,
                        "2021.12.08: month first, within the file's other dates (2021.12.01 to "
                        "2021.12.10)");
}

/* Dates over more than a month (an archive's), both readings inside, or
 * neither: nothing read. */
static void test_date_span_settles_nothing(void **state)
{
    (void)state;
    char said[160];
    static const char archive[] = GAME("A", "2021.07.01") GAME("A", "2021.08.20");
    assert_false(reading(said, sizeof said, archive, GAME("B", "12-08-2021")));
    static const char both[] = GAME("A", "2021.08.09") GAME("A", "2021.09.08");
    assert_false(reading(said, sizeof said, both, GAME("B", "08-09-2021")));
    assert_true(reading(said, sizeof said, both, GAME("B", "10-08-2021"))); /* 10 August */
    static const char neither[] = GAME("A", "2021.03.01") GAME("A", "2021.03.10");
    assert_false(reading(said, sizeof said, neither, GAME("B", "12-08-2021")));
    /* the swappable dates themselves are no days of the file */
    static const char swappable[] = GAME("A", "12-08-2021") GAME("A", "11-08-2021");
    assert_false(reading(said, sizeof said, swappable, GAME("A", "12-08-2021")));
}

/* An order the event's dates show comes first: its other date is read
 * month first (08-13-2021), though the day-first reading of 12-08-2021
 * falls within the file's days. */
static void test_date_span_after_the_orders(void **state)
{
    (void)state;
    char said[160];
    static const char text[] = GAME("A", "2021.08.12") GAME("A", "2021.08.20")
        GAME("B", "08-13-2021") GAME("B", "12-08-2021");
    assert_true(reading(said, sizeof said, text, GAME("B", "12-08-2021")));
    assert_string_equal(said, "2021.12.08: month first, as the event's other dates");
}

/* A range gives both its days; a date with a digit not known, none. */
static void test_date_span_days_counted(void **state)
{
    (void)state;
    char said[160];
    static const char text[] =
        GAME("A", "2021.08.12 - 2021.08.20") GAME("A", "2019.??.??") GAME("A", "2021.08.?5");
    assert_true(reading(said, sizeof said, text, GAME("B", "12-08-2021")));
    assert_string_equal(said, "2021.08.12: day first, within the file's other dates (2021.08.12 to "
                              "2021.08.20)");
}

/* The days the games give are the text's, and the parts' merged. */
static void test_date_span_games_and_merge(void **state)
{
    (void)state;
    pdn_date_orders *from_text = orders_of_text(tournament), *from_games, *merged, *part;
    struct games gs;
    read_games(&gs, tournament, strlen(tournament));
    assert_int_equal(pdn_date_orders_new(&from_games), 0);
    assert_int_equal(pdn_date_orders_new(&merged), 0);
    for (size_t i = 0; i < gs.n; i++) {
        assert_int_equal(pdn_date_orders_add(from_games, gs.v[i]), 0);
        assert_int_equal(pdn_date_orders_new(&part), 0);
        assert_int_equal(pdn_date_orders_add(part, gs.v[gs.n - 1 - i]), 0);
        assert_int_equal(date_orders_merge(merged, part), 0);
        pdn_date_orders_free(part);
    }
    assert_true(date_orders_same(from_games, from_text));
    assert_true(date_orders_same(merged, from_text));
    pdn_date_orders *narrower = orders_of_text(GAME("A", "2021.08.12") GAME("A", "2021.08.19"));
    assert_false(date_orders_same(narrower, from_text));
    pdn_date_orders_free(narrower);
    free_games(&gs);
    pdn_date_orders_free(merged);
    pdn_date_orders_free(from_games);
    pdn_date_orders_free(from_text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_date_span_reads_the_day_inside),
        cmocka_unit_test(test_date_span_settles_nothing),
        cmocka_unit_test(test_date_span_after_the_orders),
        cmocka_unit_test(test_date_span_days_counted),
        cmocka_unit_test(test_date_span_games_and_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
