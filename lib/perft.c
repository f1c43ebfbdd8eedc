/*
 * perft: the number of leaf nodes of the legal-move tree, the standard
 * check of a move generator against published counts. Built on the public
 * movegen and board calls only; the last ply counts moves without playing
 * them.
 *
 * A table of counts (pdn_perft_table) remembers the count of each position
 * and depth met: the same position reached by two move orders is counted
 * once, which makes depths 11 and 12 a matter of minutes. Threads share
 * one table without locks: an entry holds its count and its key xor the
 * count, so a torn entry (two threads writing at once) fails its check and
 * counts as a miss, never as a wrong count.
 */
#include "hash.h"
#include "pdn.h"

#include <stdatomic.h>
#include <stdlib.h>

struct entry {
    _Atomic uint64_t check; /* key ^ count */
    _Atomic uint64_t count;
};

struct pdn_perft_table {
    struct entry *entries;
    size_t mask; /* entries - 1, a power of two */
};

int pdn_perft_table_new(pdn_perft_table **out, size_t bytes)
{
    if (out == NULL) return PDN_EINVAL;
    *out = NULL;
    size_t n = 1;
    while (n * 2 * sizeof(struct entry) <= bytes && n < ((size_t)1 << 40))
        n *= 2;
    pdn_perft_table *t = malloc(sizeof *t);
    struct entry *e = t ? calloc(n, sizeof *e) : NULL;
    if (e == NULL) {
        free(t);
        return PDN_ENOMEM;
    }
    *t = (struct pdn_perft_table){e, n - 1};
    *out = t;
    return 0;
}

void pdn_perft_table_free(pdn_perft_table *t)
{
    if (t == NULL) return;
    free(t->entries);
    free(t);
}

/* The position, the depth and the flags (duplicates kept or not) as one
 * 64-bit key: each field through its own mix, so that no two differ by a
 * shift of each other. */
static uint64_t key_of(const struct pdn_board *b, int depth, unsigned flags)
{
    uint64_t k = hash_final(b->pieces[0] ^ 0x9E3779B97F4A7C15u);
    k ^= hash_final(b->pieces[1] + 0x632BE59BD9B4E019u) * 3;
    k ^= hash_final(b->kings ^ 0x8CB92BA72F3D8DD7u) * 5;
    return k ^ hash_final(((uint64_t)depth << 16 | (uint64_t)flags << 8 | b->side) + b->variant);
}

static uint64_t perft_rec(const struct pdn_board *board, int depth, unsigned flags,
                          pdn_perft_table *t)
{
    if (depth == 1) return (uint64_t)pdn_movegen_count(board, flags);
    struct entry *e = NULL;
    uint64_t key = 0;
    if (t) {
        key = key_of(board, depth, flags);
        e = &t->entries[key & t->mask];
        uint64_t count = atomic_load_explicit(&e->count, memory_order_relaxed);
        if ((atomic_load_explicit(&e->check, memory_order_relaxed) ^ count) == key) return count;
    }
    struct pdn_movelist list;
    pdn_movegen(&list, board, flags);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        struct pdn_board next = *board;
        pdn_board_play(&next, &list.moves[i]);
        nodes += perft_rec(&next, depth - 1, flags, t);
    }
    if (e) {
        atomic_store_explicit(&e->count, nodes, memory_order_relaxed);
        atomic_store_explicit(&e->check, key ^ nodes, memory_order_relaxed);
    }
    return nodes;
}

uint64_t pdn_perft_count_table(const struct pdn_board *board, int depth, unsigned flags,
                               pdn_perft_table *table)
{
    if (depth <= 0) return 1;
    return perft_rec(board, depth, flags, table);
}

uint64_t pdn_perft_count(const struct pdn_board *board, int depth, unsigned flags)
{
    return pdn_perft_count_table(board, depth, flags, NULL);
}
