/*
 * dump_diff: a file read as a dump (game_dump.h), and where two dumps of
 * one file part ways, for the tests that read a file two ways and compare
 * (test_reader_paths, test_reader_threads). Needs cmocka.
 */
#ifndef PDN_TEST_DUMP_DIFF_H
#define PDN_TEST_DUMP_DIFF_H

#include "game_dump.h"

#include <stddef.h>
#include <stdio.h>

/* A look at each game read before it is dumped (a test's own assertions). */
typedef void (*dump_check_fn)(const char *path, const pdn_game *game);

/*
 * What one reading of path with options o gives, as text: every finding
 * and game in order, and how the reading ended. Each game goes to check
 * first (when not NULL); *games counts them.
 */
static inline char *dump_reading(const char *path, struct pdn_reader_options o, dump_check_fn check,
                                 size_t *games, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    assert_non_null(fp);
    o.filename = path;
    o.on_diag = dump_diag_cb;
    o.diag_ctx = fp;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, &o), PDN_OK);
    pdn_game *g;
    int rc;
    *games = 0;
    while ((rc = pdn_reader_next(&g, r)) == 1) {
        if (check) check(path, g);
        dump_game(fp, g);
        pdn_game_free(g);
        ++*games;
    }
    fprintf(fp, "end %d\n", rc);
    pdn_reader_free(r);
    assert_int_equal(fclose(fp), 0);
    return buf;
}

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
