/*
 * Unit tests of lib/recycle.c: a block given back is the next one of its
 * size the same thread asks for, never one of another size nor another
 * thread's; a thread keeps a bounded number of blocks and bytes and frees
 * the rest; and what a thread kept is freed when it ends (ASan's and
 * valgrind's leak checks would report it). Each case runs on a thread of
 * its own, which starts with nothing kept; the checks are made on the
 * test's thread, from what it saw.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "recycle.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What a case saw: blocks (compared, never read once the thread ended)
 * and counts. */
struct seen {
    void *block[8];
    int count;
};

static struct seen on_a_thread(void *(*run)(void *))
{
    struct seen s = {0};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, run, &s), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    return s;
}

static void *same_size(void *arg)
{
    struct seen *s = arg;
    void *small = recycle_alloc(4096), *big = recycle_alloc(8192);
    memset(small, 1, 4096);
    memset(big, 2, 8192);
    recycle_free(small, 4096);
    recycle_free(big, 8192);
    s->block[0] = small;
    s->block[1] = big;
    s->block[2] = recycle_alloc(4096); /* small again */
    s->block[3] = recycle_alloc(4096); /* none of that size left */
    s->block[4] = recycle_alloc(8192); /* big again */
    free(s->block[3]);                 /* a block of recycle_alloc is malloc's */
    recycle_free(s->block[2], 4096);
    recycle_free(s->block[4], 8192);
    return NULL;
}

static void test_recycle_gives_back_the_block_of_that_size(void **state)
{
    (void)state;
    struct seen s = on_a_thread(same_size);
    assert_non_null(s.block[0]);
    assert_non_null(s.block[1]);
    assert_ptr_equal(s.block[2], s.block[0]);
    assert_ptr_not_equal(s.block[3], s.block[0]);
    assert_ptr_not_equal(s.block[3], s.block[1]);
    assert_ptr_equal(s.block[4], s.block[1]);
}

static void *newest_first(void *arg)
{
    struct seen *s = arg;
    void *a = recycle_alloc(1000), *b = recycle_alloc(1000);
    recycle_free(a, 1000);
    recycle_free(b, 1000);
    recycle_free(NULL, 1000); /* accepted, keeps nothing */
    s->block[0] = a;
    s->block[1] = b;
    s->block[2] = recycle_alloc(1000);
    s->block[3] = recycle_alloc(1000);
    recycle_free(s->block[2], 1000);
    recycle_free(s->block[3], 1000);
    return NULL;
}

static void test_recycle_gives_the_newest_first(void **state)
{
    (void)state;
    struct seen s = on_a_thread(newest_first);
    assert_ptr_equal(s.block[2], s.block[1]);
    assert_ptr_equal(s.block[3], s.block[0]);
}

/* Frees n blocks of size: the ones this thread keeps. */
static int kept_of(size_t size, int n)
{
    void *blocks[64];
    for (int i = 0; i < n; i++)
        blocks[i] = recycle_alloc(size);
    for (int i = 0; i < n; i++)
        recycle_free(blocks[i], size);
    return recycle_kept();
}

static void *many_small(void *arg)
{
    ((struct seen *)arg)->count = kept_of(100, 64);
    return NULL;
}

static void test_recycle_keeps_32_blocks(void **state)
{
    (void)state;
    assert_int_equal(on_a_thread(many_small).count, 32);
}

static void *a_few_big(void *arg)
{
    ((struct seen *)arg)->count = kept_of(256 << 10, 8);
    return NULL;
}

static void test_recycle_keeps_a_megabyte(void **state)
{
    (void)state;
    assert_int_equal(on_a_thread(a_few_big).count, 4); /* 4 of 256 kB */
}

static void *keep_one(void *arg)
{
    struct seen *s = arg;
    s->block[0] = recycle_alloc(2048);
    recycle_free(s->block[0], 2048); /* kept until the thread ends */
    return NULL;
}

static void test_recycle_blocks_stay_with_their_thread(void **state)
{
    (void)state;
    void *mine = recycle_alloc(2048);
    recycle_free(mine, 2048);
    struct seen s = on_a_thread(keep_one);
    assert_ptr_not_equal(s.block[0], mine);
    assert_ptr_equal(recycle_alloc(2048), mine);
    free(mine);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recycle_gives_back_the_block_of_that_size),
        cmocka_unit_test(test_recycle_gives_the_newest_first),
        cmocka_unit_test(test_recycle_keeps_32_blocks),
        cmocka_unit_test(test_recycle_keeps_a_megabyte),
        cmocka_unit_test(test_recycle_blocks_stay_with_their_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
