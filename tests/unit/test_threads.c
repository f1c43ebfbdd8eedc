/*
 * The library from two threads at once, on separate objects: two threads
 * released together read the same real files, replay every game and write
 * it, and each must get byte for byte what one thread alone gets. `make
 * tsan` runs this program built with -fsanitize=thread, where a shared
 * writable table (such as one filled on first use) is a reported race; in
 * the other builds it checks the results only. Run from the project root.
 * No cmocka assertion inside a thread: the threads report, the main one
 * checks. Two engines search the same positions in two threads and must
 * find what one finds.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games_io.h"
#include "pdn.h"

#define THREADS 2
#define FILES_MAX 64

/* The real files read: each folder must hold at least one .pdn file. */
static const char *const folders[] = {"tests/data/tournaments", "tests/data/encodings",
                                      "samples/good"};

struct files {
    char *path[FILES_MAX];
    int n;
};

/* What reading, replaying and writing one file gave, as one text. */
struct digest {
    char *text;
    size_t len;
    int rc; /* 0, or the first PDN_E* code met */
};

struct worker {
    const struct files *files;
    pthread_barrier_t *start;
    struct digest out[FILES_MAX];
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    char msg[512];
    pdn_diag_message(msg, sizeof msg, d);
    fprintf(ctx, "%u:%u: %s (game %zu, %s): %s\n", d->line, d->col, pdn_diag_name(d->code), d->game,
            d->move_number ? d->move_number : "-", msg);
}

static int replay_and_write(FILE *out, const pdn_game *g)
{
    struct pdn_replay_options ro = {.version = PDN_REPLAY_OPTIONS_VERSION,
                                    .filename = "t",
                                    .on_diag = on_diag,
                                    .diag_ctx = out};
    struct pdn_replay_summary sum;
    char fen[PDN_FEN_MAX];
    int rc = pdn_replay_game(&sum, g, &ro);
    if (rc != 0) return rc;
    pdn_board_to_fen(fen, &sum.final);
    fprintf(out, "game %zu: %u plies, %u errors, %u warnings, %u notes, %s, %s\n", g->index,
            sum.plies, sum.errors, sum.warnings, sum.notes, sum.complete ? "complete" : "cut", fen);
    return pdn_write_game(out, g, NULL);
}

static void digest_file(struct digest *d, const char *path)
{
    FILE *out = open_memstream(&d->text, &d->len);
    if (!out) {
        d->rc = PDN_ENOMEM;
        return;
    }
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION,
                                   .filename = path,
                                   .on_diag = on_diag,
                                   .diag_ctx = out};
    pdn_reader *r = NULL;
    pdn_game *g;
    int rc = pdn_reader_open_file(&r, path, &o);
    while (rc == 0 && (rc = pdn_reader_next(&g, r)) == 1) {
        rc = replay_and_write(out, g);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    d->rc = rc;
    if (fclose(out) != 0 && d->rc == 0) d->rc = PDN_EIO;
}

static void *work(void *arg)
{
    struct worker *w = arg;
    pthread_barrier_wait(w->start); /* both threads begin at the same moment */
    for (int i = 0; i < w->files->n; i++)
        digest_file(&w->out[i], w->files->path[i]);
    return NULL;
}

static void find_files(struct files *out)
{
    out->n = 0;
    for (size_t f = 0; f < sizeof folders / sizeof folders[0]; f++) {
        DIR *dir = opendir(folders[f]);
        if (!dir) print_error("cannot open %s (run from the project root)\n", folders[f]);
        assert_non_null(dir);
        int before = out->n;
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            if (!has_suffix(e->d_name, ".pdn")) continue;
            assert_true(out->n < FILES_MAX);
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", folders[f], e->d_name);
            out->path[out->n] = strdup(path);
            assert_non_null(out->path[out->n]);
            out->n++;
        }
        closedir(dir);
        assert_true(out->n > before);
    }
}

static void free_digests(struct digest *d, int n)
{
    for (int i = 0; i < n; i++)
        free(d[i].text);
}

static void test_threads_two_readers_agree_with_one(void **state)
{
    (void)state;
    static struct files files;
    static struct worker workers[THREADS];
    static struct digest alone[FILES_MAX];
    pthread_barrier_t start;
    pthread_t tid[THREADS];
    find_files(&files);
    /* The threads run first, so that neither finds anything the main
     * thread would have set up before them. */
    assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (struct worker){.files = &files, .start = &start};
        assert_int_equal(pthread_create(&tid[t], NULL, work, &workers[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(tid[t], NULL), 0);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < files.n; i++)
        digest_file(&alone[i], files.path[i]);
    for (int i = 0; i < files.n; i++) {
        assert_int_equal(alone[i].rc, 0);
        assert_true(alone[i].len > 0);
        for (int t = 0; t < THREADS; t++) {
            const struct digest *d = &workers[t].out[i];
            if (d->rc != 0 || d->len != alone[i].len || memcmp(d->text, alone[i].text, d->len))
                print_error("%s: thread %d differs from one thread alone\n", files.path[i], t);
            assert_int_equal(d->rc, 0);
            assert_int_equal(d->len, alone[i].len);
            assert_memory_equal(d->text, alone[i].text, d->len);
        }
    }
    print_message("  %d files, %d threads: the same bytes as one thread\n", files.n, THREADS);
    free_digests(alone, files.n);
    for (int t = 0; t < THREADS; t++)
        free_digests(workers[t].out, files.n);
    for (int i = 0; i < files.n; i++)
        free(files.path[i]);
}

/* Engines: each thread its own handle, the same searches (fixed depth,
 * fixed seed: deterministic), so each must find what one thread finds. */
struct searcher {
    pthread_barrier_t *start;
    struct pdn_engine_result out[PDN_VARIANT_COUNT];
    int rc;
};

static int search_variants(struct pdn_engine_result out[PDN_VARIANT_COUNT])
{
    pdn_engine *e;
    struct pdn_engine_options o = PDN_ENGINE_OPTIONS_INIT;
    o.table_mb = 1;
    if (pdn_engine_new(&e, &o) != 0) return -1;
    struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
    limits.depth = 7;
    limits.noise = 20;
    limits.seed = 7;
    int rc = 0;
    for (int v = 0; v < PDN_VARIANT_COUNT && rc == 0; v++) {
        struct pdn_board b;
        pdn_board_init(&b, (enum pdn_variant)v);
        pdn_engine_clear(e);
        rc = pdn_engine_search(&out[v], e, &b, NULL, 0, &limits);
    }
    pdn_engine_free(e);
    return rc;
}

static void *search_work(void *arg)
{
    struct searcher *s = arg;
    pthread_barrier_wait(s->start);
    s->rc = search_variants(s->out);
    return NULL;
}

static void test_threads_two_engines_agree_with_one(void **state)
{
    (void)state;
    static struct searcher searchers[THREADS];
    static struct pdn_engine_result alone[PDN_VARIANT_COUNT];
    pthread_barrier_t start;
    pthread_t tid[THREADS];
    assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
    for (int t = 0; t < THREADS; t++) {
        searchers[t].start = &start;
        assert_int_equal(pthread_create(&tid[t], NULL, search_work, &searchers[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(tid[t], NULL), 0);
    pthread_barrier_destroy(&start);
    assert_int_equal(search_variants(alone), 0);
    for (int t = 0; t < THREADS; t++) {
        assert_int_equal(searchers[t].rc, 0);
        for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
            const struct pdn_engine_result *r = &searchers[t].out[v];
            assert_true(r->has_move);
            assert_memory_equal(&r->move, &alone[v].move, sizeof r->move);
            assert_int_equal(r->score, alone[v].score);
            assert_int_equal(r->nodes, alone[v].nodes);
        }
    }
    print_message("  %d variants, %d engines: the same searches as one thread\n", PDN_VARIANT_COUNT,
                  THREADS);
}

/* Perft counts from one table of counts shared without locks
 * (lib/perft.c): each thread counts every root move's subtree of the start
 * position, in its own order, so that they meet on the same entries. */
struct counter {
    pthread_barrier_t *start;
    pdn_perft_table *table;
    const struct pdn_movelist *roots; /* the start position's moves */
    int first;                        /* the root move this thread starts from */
    uint64_t nodes;
};

static void *count_work(void *arg)
{
    struct counter *c = arg;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    pthread_barrier_wait(c->start);
    for (int i = 0; i < c->roots->count; i++) {
        struct pdn_board next = b;
        pdn_board_play(&next, &c->roots->moves[(c->first + i) % c->roots->count]);
        c->nodes += pdn_perft_count_table(&next, 5, 0, c->table);
    }
    return NULL;
}

static void test_threads_share_a_perft_table(void **state)
{
    (void)state;
    static struct counter counters[THREADS];
    pdn_perft_table *table = NULL;
    assert_int_equal(pdn_perft_table_new(&table, 256 * 1024), 0);
    pthread_barrier_t start;
    pthread_t tid[THREADS];
    assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    static struct pdn_movelist roots;
    pdn_movegen(&roots, &b, 0); /* before the threads: they then only read it */
    for (int t = 0; t < THREADS; t++) {
        counters[t] =
            (struct counter){.start = &start, .table = table, .roots = &roots, .first = t * 3};
        assert_int_equal(pthread_create(&tid[t], NULL, count_work, &counters[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(tid[t], NULL), 0);
    pthread_barrier_destroy(&start);
    pdn_perft_table_free(table);
    for (int t = 0; t < THREADS; t++) /* perft 6 of the start position (FMJD forum) */
        assert_int_equal(counters[t].nodes, 167140);
    print_message("  %d threads, one table: perft 6 = 167140 each\n", THREADS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_two_readers_agree_with_one),
        cmocka_unit_test(test_threads_two_engines_agree_with_one),
        cmocka_unit_test(test_threads_share_a_perft_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
