/*
 * Unit tests of stats_game.c: a game read into a record apart from the
 * stats (pdn_stats_game_read, on the reader's threads as pdnstats -j
 * reads) and added in input order (pdn_stats_add_read) counts what
 * pdn_stats_add_game counts, every table compared through the JSON
 * writer, on the real files of tests/data and samples, whether the
 * records are read by the reader's threads or all first, the last game
 * first, into records that held other games; a record is refused for
 * another game or other options.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pdn.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every table, the crosstables and their explanations among them. */
static char *stats_json(const pdn_stats *st)
{
    struct pdn_stats_write_options wo = PDN_STATS_WRITE_OPTIONS_INIT;
    wo.format = PDN_STATS_JSON;
    wo.tables = (PDN_STATS_TEAMS << 1) - 1;
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    assert_non_null(fp);
    assert_int_equal(pdn_stats_write(fp, st, &wo), 0);
    assert_int_equal(fclose(fp), 0);
    return text;
}

static pdn_stats *new_stats(const struct pdn_stats_options *o)
{
    pdn_stats *st = NULL;
    assert_int_equal(pdn_stats_new(&st, o), 0);
    return st;
}

/* The reader's threads read each game's record as they read the game. */
static void *read_record(pdn_game *game, void *ctx)
{
    pdn_stats_game *record = NULL;
    if (pdn_stats_game_new(&record, ctx) < 0) return NULL;
    if (pdn_stats_game_read(record, game) == 0) return record;
    pdn_stats_game_free(record);
    return NULL;
}

static void free_record(void *record)
{
    pdn_stats_game_free(record);
}

static size_t split_games; /* games added from a record read on another thread's part */

/* The file counted: with one thread by pdn_stats_add_game; with threads,
 * read in parts, each game's record read by the thread that read the
 * game, added here in input order. */
static char *counted(const char *path, const struct pdn_stats_options *o, int threads)
{
    pdn_stats *st = new_stats(o);
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = path;
    ro.on_diag = pdn_stats_on_diag;
    ro.diag_ctx = st;
    if (threads > 1) {
        ro.threads = threads;
        ro.work = read_record;
        ro.work_free = free_record;
        ro.work_ctx = (void *)o;
    }
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, &ro), 0);
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        const pdn_stats_game *record = pdn_game_work(g);
        if (record) { /* none without threads, or for a part the caller's reader read alone */
            assert_int_equal(pdn_stats_add_read(st, record, g, path), 0);
            split_games++;
        } else {
            assert_int_equal(pdn_stats_add_game(st, g, path), 0);
        }
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    char *json = stats_json(st);
    pdn_stats_free(st);
    return json;
}

/* The reader's findings of a file, each with the games read before it. */
struct held_diag {
    struct pdn_diag d; /* code and game: what pdn_stats_on_diag reads */
    size_t before;
};

struct holding {
    struct held_diag *v;
    size_t n, cap;
    size_t games;
};

static void hold_diag(const struct pdn_diag *d, void *ctx)
{
    struct holding *h = ctx;
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 64;
        h->v = realloc(h->v, h->cap * sizeof *h->v);
        assert_non_null(h->v);
    }
    h->v[h->n].d = (struct pdn_diag){.code = d->code, .game = d->game};
    h->v[h->n++].before = h->games;
}

/* Records kept from file to file, a set for each reading's options: a
 * record read again holds nothing of the game it held before. */
struct pool {
    pdn_stats_game **v;
    size_t n;
};
static struct pool pools[2];

static pdn_stats_game *pool_record(struct pool *p, size_t i, const struct pdn_stats_options *o)
{
    if (i >= p->n) {
        p->v = realloc(p->v, (i + 1) * sizeof *p->v);
        assert_non_null(p->v);
        for (; p->n <= i; p->n++)
            assert_int_equal(pdn_stats_game_new(&p->v[p->n], o), 0);
    }
    return p->v[i];
}

static void pool_free(struct pool *p)
{
    for (size_t i = 0; i < p->n; i++)
        pdn_stats_game_free(p->v[i]);
    free(p->v);
    *p = (struct pool){NULL, 0};
}

/* Every game of the file read into a record first, the last game first,
 * then added in input order, the reader's findings handed over where they
 * came between the games. */
static char *counted_backwards(const char *path, const struct pdn_stats_options *o,
                               struct pool *pool)
{
    struct holding h = {0};
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = path;
    ro.on_diag = hold_diag;
    ro.diag_ctx = &h;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, &ro), 0);
    pdn_game **games = NULL;
    for (pdn_game *g; pdn_reader_next(&g, r) == 1; h.games++) {
        games = realloc(games, (h.games + 1) * sizeof *games);
        assert_non_null(games);
        games[h.games] = g;
    }
    pdn_reader_free(r);
    for (size_t i = h.games; i-- > 0;)
        assert_int_equal(pdn_stats_game_read(pool_record(pool, i, o), games[i]), 0);
    pdn_stats *st = new_stats(o);
    size_t next = 0;
    for (size_t i = 0; i <= h.games; i++) {
        for (; next < h.n && h.v[next].before == i; next++)
            pdn_stats_on_diag(&h.v[next].d, st);
        if (i == h.games) break;
        assert_int_equal(pdn_stats_add_read(st, pool->v[i], games[i], path), 0);
        pdn_game_free(games[i]);
    }
    free(games);
    free(h.v);
    char *json = stats_json(st);
    pdn_stats_free(st);
    return json;
}

static size_t files;

static void assert_same_counts(const char *path, const struct pdn_stats_options *o,
                               struct pool *pool)
{
    char *whole = counted(path, o, 1), *split = counted(path, o, 3);
    char *backwards = counted_backwards(path, o, pool);
    if (strcmp(whole, split) != 0) print_error("%s: the threads count otherwise\n", path);
    assert_string_equal(whole, split);
    if (strcmp(whole, backwards) != 0) print_error("%s: records read backwards differ\n", path);
    assert_string_equal(whole, backwards);
    free(whole);
    free(split);
    free(backwards);
}

static int compare_counts(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb, (void)ftw;
    const char *dot = strrchr(path, '.');
    if (type != FTW_F || !dot || strcmp(dot, ".pdn") != 0) return 0;
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    o.crosstable = true;
    assert_same_counts(path, &o, &pools[0]);
    o.opening_depth = 20;
    o.strict = true;
    o.draw_rules = PDN_DRAW_RULES_CLASSIC;
    assert_same_counts(path, &o, &pools[1]);
    files++;
    return 0;
}

static void test_stats_game_split_counts_as_add_game(void **state)
{
    (void)state;
    setenv("PDN_READER_PART_BYTES", "256", 1); /* many parts of every file */
    static const char *const roots[] = {"tests/data", "samples"};
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
        assert_int_equal(nftw(roots[i], compare_counts, 16, FTW_PHYS), 0);
    unsetenv("PDN_READER_PART_BYTES");
    pool_free(&pools[0]);
    pool_free(&pools[1]);
    print_message("%zu files, %zu games added from records read by other threads\n", files,
                  split_games);
    assert_true(files >= 100);
    assert_true(split_games >= 1000);
}

/* ---- records refused ------------------------------------------------------------- */

static const char two_games[] = "[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n"
                                "1. 32-28 19-23 2. 28x19 14x23 2-0\n\n"
                                "[White \"C\"]\n[Black \"D\"]\n[Result \"1-1\"]\n"
                                "1. 33-28 18-23 1-1\n";

static void test_stats_game_refuses_another_game_or_reading(void **state)
{
    (void)state;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, two_games, strlen(two_games), NULL), 0);
    pdn_game *first, *second;
    assert_int_equal(pdn_reader_next(&first, r), 1);
    assert_int_equal(pdn_reader_next(&second, r), 1);
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    pdn_stats *st = new_stats(&o);
    pdn_stats_game *record = NULL;
    assert_int_equal(pdn_stats_game_new(&record, &o), 0);
    /* nothing read yet: no game's */
    assert_int_equal(pdn_stats_add_read(st, record, first, "x.pdn"), PDN_EINVAL);
    assert_int_equal(pdn_stats_game_read(record, first), 0);
    assert_int_equal(pdn_stats_add_read(st, record, second, "x.pdn"), PDN_EINVAL);
    /* read with 5 plies of openings, the stats keep 4 */
    pdn_stats_game *deeper = NULL;
    o.opening_depth = 5;
    assert_int_equal(pdn_stats_game_new(&deeper, &o), 0);
    assert_int_equal(pdn_stats_game_read(deeper, first), 0);
    assert_int_equal(pdn_stats_add_read(st, deeper, first, "x.pdn"), PDN_EINVAL);
    o.opening_depth = 21;
    pdn_stats_game *bad = NULL;
    assert_int_equal(pdn_stats_game_new(&bad, &o), PDN_EINVAL);
    assert_null(bad);
    /* the record of the game read counts it, once read again for the second too */
    assert_int_equal(pdn_stats_add_read(st, record, first, "x.pdn"), 0);
    assert_int_equal(pdn_stats_game_read(record, second), 0);
    assert_int_equal(pdn_stats_add_read(st, record, second, "x.pdn"), 0);
    char *json = stats_json(st);
    assert_non_null(strstr(json, "\"games\": 2,"));
    assert_non_null(strstr(json, "\"captures\": 2,"));
    /* 2. 28x19 is the third ply; 14x23 takes as many, later */
    assert_non_null(strstr(json, "\"x.pdn game 1 (A - B), ply 3: 28x19\""));
    free(json);
    pdn_stats_game_free(deeper);
    pdn_stats_game_free(record);
    pdn_stats_free(st);
    pdn_game_free(first);
    pdn_game_free(second);
    pdn_reader_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_game_split_counts_as_add_game),
        cmocka_unit_test(test_stats_game_refuses_another_game_or_reading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
