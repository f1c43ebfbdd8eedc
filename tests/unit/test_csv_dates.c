/*
 * pdn_date_orders_add_csv, the orders of a CSV's dates read ahead of its
 * games, against pdn_date_orders_add of each game pdn_csv_reader makes of
 * the same CSV: every game of every corpus file (corpus_files.h), written
 * by pdn_csv_writer as pdn2csv writes it (a row a game, --lossless's tags
 * cell, --moves rows), is settled the same way by both tables; the forms a
 * CSV of another program has (--map, a column in another case, a tags cell
 * in another language, ="..." cells, a game's later rows); and the
 * reader's bad-date finding, which says the reading a table settles
 * (pdn_csv_reader_set_date_orders).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "corpus_files.h"
#include "date_orders.h"
#include "games_io.h"

/* The games as CSV written with o. */
static char *csv_of(const struct games *gs, const struct pdn_csv_write_options *o)
{
    struct memout m;
    pdn_csv_writer *w;
    assert_int_equal(pdn_csv_writer_open(&w, memout_open(&m), o, NULL), 0);
    assert_int_equal(pdn_csv_writer_write_header(w), 0);
    for (size_t i = 0; i < gs->n; i++)
        assert_true(pdn_csv_writer_write_game(w, gs->v[i], "f.pdn") >= 0);
    pdn_csv_writer_free(w);
    return memout_text(&m);
}

/* The games pdn_csv_reader makes of csv, read with ro. */
static void games_of_csv(struct games *out, const char *csv, const struct pdn_csv_read_options *ro)
{
    FILE *fp = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(fp);
    pdn_csv_reader *r;
    assert_int_equal(pdn_csv_reader_open(&r, fp, ro), 0);
    *out = (struct games){0};
    pdn_game *g;
    int rc;
    while ((rc = pdn_csv_reader_next(&g, r)) > 0) {
        out->v = realloc(out->v, (out->n + 1) * sizeof *out->v);
        assert_non_null(out->v);
        out->v[out->n++] = g;
    }
    assert_int_equal(rc, 0);
    pdn_csv_reader_free(r);
    fclose(fp);
}

/* The table pdn_date_orders_add_csv reads ahead from csv. */
static pdn_date_orders *orders_of_csv(const char *csv, const struct pdn_csv_read_options *ro)
{
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    FILE *fp = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(fp);
    assert_int_equal(pdn_date_orders_add_csv(orders, fp, ro), 0);
    fclose(fp);
    return orders;
}

/* Each game of csv settled alike by the table of its games and the one
 * read ahead; the games settled (by their event or file) counted. */
static size_t assert_same_settling(const char *csv, const struct pdn_csv_read_options *ro,
                                   const char *what)
{
    struct games gs;
    games_of_csv(&gs, csv, ro);
    pdn_date_orders *from_games, *ahead = orders_of_csv(csv, ro);
    assert_int_equal(pdn_date_orders_new(&from_games), 0);
    for (size_t i = 0; i < gs.n; i++)
        assert_int_equal(pdn_date_orders_add(from_games, gs.v[i]), 0);
    size_t settled = 0;
    for (size_t i = 0; i < gs.n; i++) {
        bool by_file_a, by_file_b;
        enum date_order a = date_orders_settled(from_games, gs.v[i], &by_file_a);
        enum date_order b = date_orders_settled(ahead, gs.v[i], &by_file_b);
        if (a != b || by_file_a != by_file_b)
            print_error("%s, game %zu: %d%s from its games, %d%s read ahead\n", what, i + 1, (int)a,
                        by_file_a ? " (file)" : "", (int)b, by_file_b ? " (file)" : "");
        assert_int_equal(a, b);
        assert_int_equal(by_file_a, by_file_b);
        settled += a != DATE_NO_ORDER;
    }
    pdn_date_orders_free(from_games);
    pdn_date_orders_free(ahead);
    free_games(&gs);
    return settled;
}

/* Every corpus file, as pdn2csv writes it, pdn2csv --lossless (a tags
 * cell), --moves -t Event -t Date and --moves --lossless. */
static void test_csv_dates_as_games(void **state)
{
    (void)state;
    static const char *const tags[] = {"Event", "Date"};
    struct pdn_csv_write_options games = PDN_CSV_WRITE_OPTIONS_INIT, lossless = games,
                                 moves = games, moves_lossless = games;
    lossless.lossless = true;
    moves.mode = moves_lossless.mode = PDN_CSV_MOVES;
    moves.tags = tags;
    moves.ntags = 2;
    moves_lossless.lossless = true;
    const struct pdn_csv_write_options *modes[] = {&games, &lossless, &moves, &moves_lossless};
    size_t settled = 0;
    for (size_t i = 0; i < CORPUS_FILES; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/%s", corpus_files[i].path);
        size_t len;
        char *text = slurp(path, &len);
        struct games gs;
        read_games(&gs, text, len);
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
            ro.moves = modes[m]->mode == PDN_CSV_MOVES;
            char *csv = csv_of(&gs, modes[m]);
            settled += assert_same_settling(csv, &ro, path);
            free(csv);
        }
        free_games(&gs);
        free(text);
    }
    assert_true(settled > 100); /* Samb-Buggy's, abatsiev's... in each mode */
}

/* What the table read ahead from csv settles for its first game. */
static enum date_order first_settled(const char *csv, const struct pdn_csv_read_options *ro,
                                     bool *by_file)
{
    assert_same_settling(csv, ro, csv);
    struct games gs;
    games_of_csv(&gs, csv, ro);
    assert_true(gs.n > 0);
    pdn_date_orders *ahead = orders_of_csv(csv, ro);
    enum date_order order = date_orders_settled(ahead, gs.v[0], by_file);
    pdn_date_orders_free(ahead);
    free_games(&gs);
    return order;
}

static void test_csv_dates_forms(void **state)
{
    (void)state;
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    bool by_file;
    /* columns of another program, mapped */
    static const char *const map[] = {"tournament=Event", "when=Date"};
    ro.map = map;
    ro.nmap = 2;
    assert_int_equal(first_settled("tournament,when,moves\nA,03-10-2003,1. 32-28 *\n"
                                   "A,03-13-2003,1. 32-28 *\nB,13.03.2003,1. 32-28 *\n",
                                   &ro, &by_file),
                     DATE_MONTH_FIRST);
    assert_false(by_file);
    ro.map = NULL;
    ro.nmap = 0;
    /* a Date column in another case, read as the tools read such a tag;
     * an event of no order of its own: the file's */
    assert_int_equal(first_settled("Event,DaTe,moves\nA,10.03.2003,1. 32-28 *\n"
                                   "B,13.03.2003,1. 32-28 *\n",
                                   &ro, &by_file),
                     DATE_DAY_FIRST);
    assert_true(by_file);
    /* a tags cell (pdn2csv --lossless): its tags alone, the event named in
     * another language, an escaped quote; the Event column is not read */
    assert_int_equal(
        first_settled("Event,Date,tags,moves\n"
                      "X,10.03.2003,\"[&#x00c9;v&#x00e9;nement \"\"A \\\"\"x\\\"\"\"\"]\n"
                      "[Date \"\"10.03.2003\"\"]\",1. 32-28 *\n"
                      "X,03.13.2003,\"[Event \"\"A \\\"\"x\\\"\"\"\"]\n[Date \"\"13.03.2003\"\"]\","
                      "1. 32-28 *\n",
                      &ro, &by_file),
        DATE_DAY_FIRST);
    assert_false(by_file);
    /* cells of pdn2csv --excel */
    ro.excel_text = true;
    assert_int_equal(first_settled("Event;Date;moves\nA;\"=\"\"10.03.2003\"\"\";1. 32-28 *\n"
                                   "A;\"=\"\"03.13.2003\"\"\";1. 32-28 *\n",
                                   &ro, &by_file),
                     DATE_MONTH_FIRST);
    assert_false(by_file);
    ro.excel_text = false;
    /* moves rows: a game's first row gives its tags, as the reader reads
     * them; a later row's other date is none of the game's */
    ro.moves = true;
    assert_int_equal(first_settled("game,ply,number,side,move,Event,Date\n"
                                   "1,1,1,white,32-28,A,10.03.2003\n"
                                   "1,2,1,black,19-23,A,03.13.2003\n"
                                   "2,1,1,white,32-28,A,13.03.2003\n",
                                   &ro, &by_file),
                     DATE_DAY_FIRST);
    assert_false(by_file);
}

/* A finding's detail, kept. */
static void keep_detail(const struct pdn_diag *d, void *ctx)
{
    if (d->code == PDN_DIAG_BAD_DATE && *(char **)ctx == NULL)
        *(char **)ctx = strdup(d->detail ? d->detail : "");
}

/* The reader's bad-date finding says the reading the table settles. */
static void test_csv_dates_reader_finding(void **state)
{
    (void)state;
    const char csv[] = "Event,Date,moves\nA,10.03.2003,1. 32-28 *\nA,13.03.2003,1. 32-28 *\n";
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    char *detail = NULL;
    ro.on_diag = keep_detail;
    ro.diag_ctx = &detail;
    pdn_date_orders *orders = orders_of_csv(csv, &ro);
    assert_null(detail); /* read ahead quietly */
    for (int with = 0; with < 2; with++) {
        FILE *fp = fmemopen((void *)csv, strlen(csv), "r");
        pdn_csv_reader *r;
        assert_int_equal(pdn_csv_reader_open(&r, fp, &ro), 0);
        if (with) pdn_csv_reader_set_date_orders(r, orders);
        pdn_game *g;
        assert_int_equal(pdn_csv_reader_next(&g, r), 1);
        pdn_game_free(g);
        pdn_csv_reader_free(r);
        fclose(fp);
        assert_non_null(detail);
        assert_string_equal(detail, with ? "expected YYYY.MM.DD: read day first, as the event's "
                                           "other dates: 2003.03.10"
                                         : "day and month could be swapped: 2003.03.10 (day "
                                           "first) or 2003.10.03 (month first)");
        free(detail);
        detail = NULL;
    }
    pdn_date_orders_free(orders);
    assert_int_equal(pdn_date_orders_add_csv(NULL, stdin, NULL), PDN_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_dates_as_games),
        cmocka_unit_test(test_csv_dates_forms),
        cmocka_unit_test(test_csv_dates_reader_finding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
