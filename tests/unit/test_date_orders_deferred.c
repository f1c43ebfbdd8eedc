/*
 * pdn_date_orders_new_deferred: a table filled only when a date that could
 * be swapped first asks for it, once, whichever thread asks first; what
 * the replay's finding of such a date says with it, filled or not; the
 * adding calls refused; its context freed with it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "date_orders.h"
#include "games_io.h"

/* What a fill is asked to give, and how often it was called. */
struct fill_seen {
    atomic_int calls, done;
    int rc;           /* what fill returns */
    const char *text; /* the tag lines its table is read from */
    bool slow;        /* fill takes a while: the other threads wait */
};

static int fill(void *ctx, pdn_date_orders **out)
{
    struct fill_seen *seen = ctx;
    atomic_fetch_add(&seen->calls, 1);
    if (seen->slow) nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
    assert_int_equal(pdn_date_orders_new(out), 0);
    assert_int_equal(pdn_date_orders_add_text(*out, seen->text, strlen(seen->text), true), 0);
    return seen->rc;
}

static void done(void *ctx)
{
    struct fill_seen *seen = ctx;
    atomic_fetch_add(&seen->done, 1);
}

#define GAME(event, date) "[Event \"" event "\"]\n[Date \"" date "\"]\n1. 32-28 *\n"

/* The replay's finding of game_text's date with orders (NULL: none). */
static void date_finding(char *out, size_t size, const pdn_date_orders *orders,
                         const char *game_text)
{
    struct games gs;
    read_games(&gs, game_text, strlen(game_text));
    assert_int_equal(gs.n, 1);
    char detail[DATE_DETAIL_SIZE];
    snprintf(out, size, "%s",
             date_orders_expected(detail, orders, gs.v[0], pdn_game_tag(gs.v[0], "Date")));
    free_games(&gs);
}

/* A date that reads one way only, or none, never fills the table; the
 * first that could be swapped does, and the finding names the reading the
 * table settles, as the table itself would. */
static void test_deferred_filled_when_asked(void **state)
{
    (void)state;
    struct fill_seen seen = {.text = GAME("Cup", "13.03.2003")};
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new_deferred(&orders, fill, done, &seen), 0);
    char said[256], direct[256];
    date_finding(said, sizeof said, orders, GAME("Cup", "2003-03-10"));
    date_finding(said, sizeof said, orders, GAME("Cup", "10.03.03"));
    assert_int_equal(atomic_load(&seen.calls), 0);
    date_finding(said, sizeof said, orders, GAME("Cup", "10.03.2003"));
    assert_int_equal(atomic_load(&seen.calls), 1);
    pdn_date_orders *table;
    assert_int_equal(fill(&seen, &table), 0);
    date_finding(direct, sizeof direct, table, GAME("Cup", "10.03.2003"));
    assert_string_equal(said, direct);
    assert_non_null(strstr(said, "read day first, as the event's other dates: 2003.03.10"));
    date_finding(said, sizeof said, orders, GAME("Cup", "11.03.2003"));
    assert_int_equal(atomic_load(&seen.calls), 2); /* the deferred table's one, and ours */
    pdn_date_orders_free(table);
    assert_int_equal(atomic_load(&seen.done), 0);
    pdn_date_orders_free(orders);
    assert_int_equal(atomic_load(&seen.done), 1);
}

/* A fill that fails leaves the orders not known: both readings said, as
 * with no table. */
static void test_deferred_fill_fails(void **state)
{
    (void)state;
    struct fill_seen seen = {.text = GAME("Cup", "13.03.2003"), .rc = PDN_EIO};
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new_deferred(&orders, fill, NULL, &seen), 0);
    char said[256], none[256];
    date_finding(said, sizeof said, orders, GAME("Cup", "10.03.2003"));
    date_finding(none, sizeof none, NULL, GAME("Cup", "10.03.2003"));
    assert_string_equal(said, none);
    assert_non_null(strstr(said, "could be swapped"));
    assert_int_equal(atomic_load(&seen.calls), 1);
    pdn_date_orders_free(orders);
}

struct asker {
    const pdn_date_orders *orders;
    char said[256];
};

static void *ask(void *arg)
{
    struct asker *a = arg;
    date_finding(a->said, sizeof a->said, a->orders, GAME("Cup", "10.03.2003"));
    return NULL;
}

/* Threads asking at once: one fills, the others wait for its answer. */
static void test_deferred_filled_once(void **state)
{
    (void)state;
    struct fill_seen seen = {.text = GAME("Cup", "03.13.2003"), .slow = true};
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new_deferred(&orders, fill, done, &seen), 0);
    enum { THREADS = 4 };
    struct asker askers[THREADS];
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        askers[i].orders = orders;
        assert_int_equal(pthread_create(&threads[i], NULL, ask, &askers[i]), 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        assert_non_null(strstr(askers[i].said, "read month first, as the event's other dates"));
    }
    assert_int_equal(atomic_load(&seen.calls), 1);
    pdn_date_orders_free(orders);
    assert_int_equal(atomic_load(&seen.done), 1);
}

/* A deferred table is only asked: what adds to a table refuses it. */
static void test_deferred_not_added_to(void **state)
{
    (void)state;
    struct fill_seen seen = {.text = ""};
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new_deferred(&orders, fill, NULL, &seen), 0);
    const char text[] = GAME("Cup", "13.03.2003");
    assert_int_equal(pdn_date_orders_add_text(orders, text, sizeof text - 1, true), PDN_EINVAL);
    struct games gs;
    read_games(&gs, text, sizeof text - 1);
    assert_int_equal(pdn_date_orders_add(orders, gs.v[0]), PDN_EINVAL);
    free_games(&gs);
    assert_int_equal(atomic_load(&seen.calls), 0);
    pdn_date_orders_free(orders);
    assert_int_equal(pdn_date_orders_new_deferred(&orders, NULL, NULL, &seen), PDN_EINVAL);
    assert_null(orders);
    assert_int_equal(pdn_date_orders_new_deferred(NULL, fill, NULL, &seen), PDN_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deferred_filled_when_asked),
        cmocka_unit_test(test_deferred_fill_fails),
        cmocka_unit_test(test_deferred_filled_once),
        cmocka_unit_test(test_deferred_not_added_to),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
