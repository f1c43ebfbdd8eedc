/*
 * Unit tests for the options versions (pdn.h, "Options structs"; checked by
 * lib/options.h): every call that takes an options struct refuses a version
 * of 0 (a struct nobody initialised) and one newer than its own version
 * macro (a program built against a later header) with PDN_EINVAL, and
 * takes its own version.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "pdn.h"

/* The versions a struct of newest version 'newest' is tried with, and what
 * each call must return: bad ones PDN_EINVAL, its own 0. */
#define TRIED 3
static unsigned tried_version(int i, unsigned newest)
{
    return i == 0 ? 0 : i == 1 ? newest + 1 : newest;
}

static int expected(int i)
{
    return i < 2 ? PDN_EINVAL : PDN_OK;
}

static pdn_game *one_game(void)
{
    static const char text[] = "1. 32-28 19-23 2. 28x19 14x23 *\n";
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, sizeof text - 1, NULL), 0);
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_next(&g, r), 1);
    pdn_reader_free(r);
    return g;
}

static void test_options_reader_replay_write_format(void **state)
{
    (void)state;
    pdn_game *g = one_game();
    FILE *fp = fopen("/dev/null", "w");
    assert_non_null(fp);
    for (int i = 0; i < TRIED; i++) {
        struct pdn_reader_options ro = {.version = tried_version(i, PDN_READER_OPTIONS_VERSION)};
        pdn_reader *r = NULL;
        assert_int_equal(pdn_reader_open_memory(&r, "*", 1, &ro), expected(i));
        pdn_reader_free(r);
        struct pdn_replay_options po = {.version = tried_version(i, PDN_REPLAY_OPTIONS_VERSION)};
        struct pdn_replay_summary sum;
        assert_int_equal(pdn_replay_game(&sum, g, &po), expected(i));
        struct pdn_write_options wo = {.version = tried_version(i, PDN_WRITE_OPTIONS_VERSION)};
        assert_int_equal(pdn_write_game(fp, g, &wo), expected(i));
        struct pdn_format_options fo = {.version = tried_version(i, PDN_FORMAT_OPTIONS_VERSION)};
        assert_int_equal(pdn_format_game(fp, g, &fo), expected(i));
        /* The write options inside the format options are checked too. */
        struct pdn_format_options outer = PDN_FORMAT_OPTIONS_INIT;
        outer.write = &wo;
        assert_int_equal(pdn_format_game(fp, g, &outer), expected(i));
    }
    fclose(fp);
    pdn_game_free(g);
}

static void test_options_csv_stats_diagram(void **state)
{
    (void)state;
    FILE *fp = fopen("/dev/null", "w+");
    assert_non_null(fp);
    struct pdn_board board;
    pdn_board_init(&board, PDN_VARIANT_INTERNATIONAL);
    pdn_stats *full = NULL;
    assert_int_equal(pdn_stats_new(&full, NULL), 0);
    for (int i = 0; i < TRIED; i++) {
        struct pdn_csv_write_options cw = {.version =
                                               tried_version(i, PDN_CSV_WRITE_OPTIONS_VERSION)};
        pdn_csv_writer *w = NULL;
        assert_int_equal(pdn_csv_writer_open(&w, fp, &cw, NULL), expected(i));
        pdn_csv_writer_free(w);
        struct pdn_csv_read_options cr = {.version =
                                              tried_version(i, PDN_CSV_READ_OPTIONS_VERSION)};
        pdn_csv_reader *r = NULL;
        assert_int_equal(pdn_csv_reader_open(&r, fp, &cr), expected(i));
        pdn_csv_reader_free(r);
        struct pdn_stats_options so = {.version = tried_version(i, PDN_STATS_OPTIONS_VERSION)};
        pdn_stats *st = NULL;
        assert_int_equal(pdn_stats_new(&st, &so), expected(i));
        pdn_stats_free(st);
        struct pdn_stats_write_options sw = {.version =
                                                 tried_version(i, PDN_STATS_WRITE_OPTIONS_VERSION)};
        assert_int_equal(pdn_stats_write(fp, full, &sw), expected(i));
        struct pdn_diagram_options d = {.version = tried_version(i, PDN_DIAGRAM_OPTIONS_VERSION)};
        assert_int_equal(pdn_diagram_text(fp, &board, &d), expected(i));
    }
    pdn_stats_free(full);
    fclose(fp);
}

static void test_options_engine(void **state)
{
    (void)state;
    struct pdn_board board;
    pdn_board_init(&board, PDN_VARIANT_INTERNATIONAL);
    pdn_engine *e = NULL;
    assert_int_equal(pdn_engine_new(&e, NULL), 0);
    for (int i = 0; i < TRIED; i++) {
        struct pdn_engine_options eo = {.version = tried_version(i, PDN_ENGINE_OPTIONS_VERSION),
                                        .table_mb = 1};
        pdn_engine *other = NULL;
        assert_int_equal(pdn_engine_new(&other, &eo), expected(i));
        pdn_engine_free(other);
        struct pdn_engine_limits limits = {.version = tried_version(i, PDN_ENGINE_LIMITS_VERSION),
                                           .depth = 1};
        struct pdn_engine_result res;
        assert_int_equal(pdn_engine_search(&res, e, &board, NULL, 0, &limits), expected(i));
    }
    pdn_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_reader_replay_write_format),
        cmocka_unit_test(test_options_csv_stats_diagram),
        cmocka_unit_test(test_options_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
