/*
 * Unit tests of lib/blocks.h: blocks made by several threads are handed
 * over on the caller's thread in order, each once, whatever the threads
 * asked for; a failed make or put stops the run, and nothing after it is
 * handed over. make check runs them under TSan too (make tsan).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCKS = 200, FAIL_NONE = -1 };

/* What the run saw: the blocks handed over, in the order handed over. */
struct seen {
    pthread_t caller;
    size_t put[BLOCKS];
    size_t nput;
    int fail_make, fail_put; /* the block whose make or put fails */
    bool put_elsewhere;      /* a put ran on a thread not the caller's */
};

/* A thread's state: the blocks it made. */
struct maker {
    size_t made;
};

/* A slot: the block made into it, and a value of the block's own. */
struct slot {
    size_t block;
    unsigned long square;
};

static bool make(size_t b, void *state, void *slot, const void *ctx)
{
    const struct seen *seen = ctx;
    struct slot *s = slot;
    s->block = b;
    s->square = (unsigned long)b * b;
    ((struct maker *)state)->made++;
    return (int)b != seen->fail_make;
}

static bool put(size_t b, void *slot, const void *ctx)
{
    struct seen *seen = (struct seen *)ctx; /* written on the caller's thread alone */
    const struct slot *s = slot;
    if (!pthread_equal(pthread_self(), seen->caller)) seen->put_elsewhere = true;
    assert_int_equal(s->block, b); /* the slot holds the block handed over */
    assert_int_equal(s->square, (unsigned long)b * b);
    seen->put[seen->nput++] = b;
    return (int)b != seen->fail_put;
}

/* Runs n blocks on threads; returns blocks_run's answer, and the blocks
 * made in all through *made. */
static bool run(struct seen *seen, size_t n, int threads, size_t *made)
{
    struct maker makers[BLOCKS_THREADS_MAX] = {{0}};
    struct slot slots[2 * BLOCKS_THREADS_MAX];
    void *states[BLOCKS_THREADS_MAX], *slot_ptrs[2 * BLOCKS_THREADS_MAX];
    for (int i = 0; i < BLOCKS_THREADS_MAX; i++)
        states[i] = &makers[i];
    for (int i = 0; i < 2 * BLOCKS_THREADS_MAX; i++)
        slot_ptrs[i] = &slots[i];
    seen->caller = pthread_self();
    struct blocks_work w = {.n = n,
                            .threads = threads,
                            .make = make,
                            .put = put,
                            .ctx = seen,
                            .states = states,
                            .slots = slot_ptrs};
    bool ok = blocks_run(&w);
    *made = 0;
    for (int i = 0; i < BLOCKS_THREADS_MAX; i++)
        *made += makers[i].made;
    return ok;
}

static void test_blocks_in_order(void **state)
{
    (void)state;
    static const int threads[] = {0, 1, 2, 3, 4, BLOCKS_THREADS_MAX, 100};
    for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
        struct seen seen = {.fail_make = FAIL_NONE, .fail_put = FAIL_NONE};
        size_t made;
        assert_true(run(&seen, BLOCKS, threads[k], &made));
        assert_int_equal(made, BLOCKS);
        assert_int_equal(seen.nput, BLOCKS);
        for (size_t b = 0; b < BLOCKS; b++)
            assert_int_equal(seen.put[b], b);
        assert_false(seen.put_elsewhere);
    }
}

/* Fewer blocks than threads, and none. */
static void test_blocks_few(void **state)
{
    (void)state;
    for (size_t n = 0; n <= 3; n++) {
        struct seen seen = {.fail_make = FAIL_NONE, .fail_put = FAIL_NONE};
        size_t made;
        assert_true(run(&seen, n, 4, &made));
        assert_int_equal(made, n);
        assert_int_equal(seen.nput, n);
    }
}

/* A failed make: the blocks before it are handed over, it and those after
 * it are not. */
static void test_blocks_make_fails(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 4; threads++) {
        struct seen seen = {.fail_make = 37, .fail_put = FAIL_NONE};
        size_t made;
        assert_false(run(&seen, BLOCKS, threads, &made));
        assert_true(seen.nput <= 37);
        for (size_t i = 0; i < seen.nput; i++)
            assert_int_equal(seen.put[i], i);
        assert_true(made < BLOCKS); /* the run stopped */
    }
}

/* A failed put is the last one. */
static void test_blocks_put_fails(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 4; threads++) {
        struct seen seen = {.fail_make = FAIL_NONE, .fail_put = 10};
        size_t made;
        assert_false(run(&seen, BLOCKS, threads, &made));
        assert_int_equal(seen.nput, 11);
        assert_int_equal(seen.put[10], 10);
        assert_true(made < BLOCKS);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocks_in_order),
        cmocka_unit_test(test_blocks_few),
        cmocka_unit_test(test_blocks_make_fails),
        cmocka_unit_test(test_blocks_put_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
