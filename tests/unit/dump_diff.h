/*
 * dump_diff: where two dumps of one file (game_dump.h) part ways, for the
 * failure message of a test that reads a file two ways. Needs cmocka.
 */
#ifndef PDN_TEST_DUMP_DIFF_H
#define PDN_TEST_DUMP_DIFF_H

#include <stddef.h>

/* The first line where two dumps a and b of path differ, for a failure
 * message. */
static inline void dump_first_difference(const char *path, const char *what_a, const char *a,
                                         const char *what_b, const char *b)
{
    size_t line = 1, i = 0;
    for (; a[i] && a[i] == b[i]; i++)
        line += a[i] == '\n';
    size_t at = i;
    while (at > 0 && a[at - 1] != '\n')
        at--;
    print_error("%s: the dumps differ at line %zu:\n  %s: %.200s\n  %s: %.200s\n", path, line,
                what_a, a + at, what_b, b + at);
}

#endif
