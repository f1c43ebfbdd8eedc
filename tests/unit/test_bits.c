/*
 * Unit tests of bits.h: bits_count against a count a bit at a time, on
 * the words the boards hold at their edges (none, all, one square, the
 * top and bottom bits) and on a million pseudo-random ones.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bits.h"

static int count_slowly(uint64_t x)
{
    int n = 0;
    for (int i = 0; i < 64; i++)
        n += (int)((x >> i) & 1);
    return n;
}

static void edges(void **state)
{
    (void)state;
    assert_int_equal(bits_count(0), 0);
    assert_int_equal(bits_count(~(uint64_t)0), 64);
    for (int i = 0; i < 64; i++) {
        uint64_t one = (uint64_t)1 << i;
        assert_int_equal(bits_count(one), 1);
        assert_int_equal(bits_count(~one), 63);
        assert_int_equal(bits_count(one - 1), i); /* the i bits below */
    }
}

static void random_words(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 1000000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
        uint64_t sparse = x & (x >> 3) & (x >> 5);
        assert_int_equal(bits_count(x), count_slowly(x));
        assert_int_equal(bits_count(sparse), count_slowly(sparse));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(edges),
        cmocka_unit_test(random_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
