/*
 * Unit tests of lib/vec.h: vec_grow, the one growth of the arrays the
 * library keeps by hand, and vec_reserve and vec_push on top of it. What
 * they must do follows from C's size_t: a request whose bytes (need *
 * size) do not fit a size_t is refused, never wrapped into a small buffer,
 * and a refusal leaves the array as it was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "vec.h"

#include <stdlib.h>

static void test_vec_grow_doubles_until_it_holds_need(void **state)
{
    (void)state;
    int *a = NULL;
    size_t cap = 0;
    assert_true(vec_grow((void **)&a, &cap, 1, sizeof *a));
    assert_int_equal(cap, 16);
    for (int i = 0; i < 16; i++)
        a[i] = i;
    assert_true(vec_grow((void **)&a, &cap, 100, sizeof *a));
    assert_int_equal(cap, 128); /* 16, 32, 64, 128 */
    for (int i = 0; i < 16; i++)
        assert_int_equal(a[i], i); /* kept */
    int *before = a;
    assert_true(vec_grow((void **)&a, &cap, 128, sizeof *a)); /* room already */
    assert_ptr_equal(a, before);
    assert_int_equal(cap, 128);
    free(a);
}

static void test_vec_grow_refuses_what_overflows(void **state)
{
    (void)state;
    char *a = NULL;
    size_t cap = 0;
    assert_true(vec_grow((void **)&a, &cap, 10, 1));
    char *before = a;
    /* need * size past SIZE_MAX: a plain multiplication would wrap to a
     * few bytes and the caller write past them. */
    assert_false(vec_grow((void **)&a, &cap, SIZE_MAX / 8 + 2, 8));
    assert_false(vec_grow((void **)&a, &cap, SIZE_MAX, 2));
    assert_ptr_equal(a, before);
    assert_int_equal(cap, 16);
    free(a);
}

static void test_vec_reserve_room_for_element_n(void **state)
{
    (void)state;
    long *a = NULL;
    size_t cap = 0, n = 0;
    for (; n < 1000; n++) {
        assert_true(vec_reserve((void **)&a, &cap, n, sizeof *a));
        assert_true(n < cap);
        a[n] = (long)n;
    }
    for (size_t i = 0; i < n; i++)
        assert_int_equal(a[i], (long)i);
    free(a);
}

static void test_vec_push_zeroes_each_element(void **state)
{
    (void)state;
    struct vec v = {NULL, 0, 0};
    for (int i = 0; i < 40; i++) {
        int *p = vec_push(&v, sizeof *p * 2);
        assert_non_null(p);
        assert_int_equal(p[0], 0);
        assert_int_equal(p[1], 0);
        p[0] = p[1] = -1;
    }
    assert_int_equal(v.n, 40);
    assert_true(v.cap >= 40);
    vec_free(&v);
    assert_null(v.data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vec_grow_doubles_until_it_holds_need),
        cmocka_unit_test(test_vec_grow_refuses_what_overflows),
        cmocka_unit_test(test_vec_reserve_room_for_element_n),
        cmocka_unit_test(test_vec_push_zeroes_each_element),
    };
    return cmocka_run_group_tests_name("vec", tests, NULL, NULL);
}
