/*
 * pdnperft's threads: the tree's top plies are cut into tasks, positions
 * with the depth left to count, which the threads take in turn; the counts
 * add up atomically and the threads share one table of counts (lib/perft.c
 * needs no lock for it). Enough tasks that a thread with a big subtree does
 * not leave the others idle at the end: eight a thread, or every position
 * two plies down.
 */
#include "pdnperft.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct task {
    struct pdn_board board;
    int depth; /* left to count from board */
};

struct work {
    struct task *tasks;
    size_t ntasks;
    _Atomic size_t next;
    _Atomic uint64_t nodes;
    unsigned flags;
    pdn_perft_table *table;
};

static void *worker(void *arg)
{
    struct work *w = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i >= w->ntasks) return NULL;
        const struct task *t = &w->tasks[i];
        atomic_fetch_add(&w->nodes, pdn_perft_count_table(&t->board, t->depth, w->flags, w->table));
    }
}

/* The positions one ply below each task, in place of them. */
static bool expand(struct work *w)
{
    static struct pdn_movelist list;
    size_t cap = w->ntasks * PDN_MOVES_MAX / 4 + 16, n = 0;
    struct task *next = malloc(cap * sizeof *next);
    if (next == NULL) return false;
    for (size_t i = 0; i < w->ntasks; i++) {
        const struct task *t = &w->tasks[i];
        pdn_movegen(&list, &t->board, w->flags);
        for (int m = 0; m < list.count; m++) {
            if (n == cap) {
                struct task *grown = realloc(next, 2 * cap * sizeof *next);
                if (grown == NULL) {
                    free(next);
                    return false;
                }
                next = grown, cap *= 2;
            }
            next[n] = (struct task){t->board, t->depth - 1};
            pdn_board_play(&next[n++].board, &list.moves[m]);
        }
    }
    free(w->tasks);
    w->tasks = next, w->ntasks = n;
    return true;
}

int perft_split(uint64_t *out, const struct pdn_board *board, int depth, unsigned flags,
                pdn_perft_table *table, int threads)
{
    if (threads <= 1 || depth <= 2) {
        *out = pdn_perft_count_table(board, depth, flags, table);
        return 0;
    }
    struct work w = {.flags = flags, .table = table};
    w.tasks = malloc(sizeof *w.tasks);
    if (w.tasks == NULL) return PDN_ENOMEM;
    w.tasks[0] = (struct task){*board, depth};
    w.ntasks = 1;
    for (int ply = 0;
         ply < 2 && w.ntasks > 0 && w.ntasks < 8 * (size_t)threads && w.tasks[0].depth > 2; ply++)
        if (!expand(&w)) {
            free(w.tasks);
            return PDN_ENOMEM;
        }
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    int started = 0;
    for (; ids && started < threads; started++)
        if (pthread_create(&ids[started], NULL, worker, &w) != 0) break;
    if (started == 0) worker(&w); /* no thread: count here */
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    free(ids);
    free(w.tasks);
    *out = atomic_load(&w.nodes);
    return 0;
}
