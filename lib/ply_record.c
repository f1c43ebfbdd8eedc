/*
 * ply_record: the plies of one game's replay, by node (see ply_record.h).
 * The replay plays a move, then the variations that replace it, then the
 * next move, which is the order the writer writes them in: the cursor
 * (the ply found last, the one before it, the one after it) answers
 * almost every question, and the hash table is made only when one misses.
 */
#include "ply_record.h"
#include "vec.h"

#include <stdlib.h>
#include <string.h>

void ply_record_clear(struct ply_record *r)
{
    r->n = 0;
    r->indexed = false;
    r->last = 0;
}

bool ply_record_reserve(struct ply_record *r, size_t n)
{
    return vec_grow((void **)&r->nodes, &r->cap, n, sizeof *r->nodes);
}

long ply_record_add(struct ply_record *r, const struct pdn_node *node)
{
    if (r->n >= UINT32_MAX || !vec_reserve((void **)&r->nodes, &r->cap, r->n, sizeof *r->nodes))
        return -1;
    r->nodes[r->n] = node;
    r->indexed = false;
    return (long)r->n++;
}

long ply_record_add_grow(struct ply_record *r, const struct pdn_node *node, void **items,
                         size_t *cap, size_t size)
{
    long at = ply_record_add(r, node);
    return at >= 0 && vec_reserve(items, cap, (size_t)at, size) ? at : -1;
}

/* Where a node's ply is looked for first in slots (mask: capslots - 1). */
static size_t node_slot(const struct pdn_node *node, size_t mask)
{
    uint64_t x = (uint64_t)(uintptr_t)node;
    x ^= x >> 29;
    x *= UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(x >> 32) & mask;
}

static bool build_index(struct ply_record *r)
{
    /* A power of two (vec_grow doubles from 16), at least twice the plies. */
    size_t want = r->n < 32 ? 64 : 2 * r->n;
    if (!vec_grow((void **)&r->slots, &r->capslots, want, sizeof *r->slots)) return false;
    memset(r->slots, 0, r->capslots * sizeof *r->slots);
    size_t mask = r->capslots - 1;
    for (size_t i = 0; i < r->n; i++) {
        size_t k = node_slot(r->nodes[i], mask);
        while (r->slots[k])
            k = (k + 1) & mask;
        r->slots[k] = (uint32_t)i + 1;
    }
    return r->indexed = true;
}

/* Out of memory for the table: the answer is the same, only slower. */
static long scan(const struct ply_record *r, const struct pdn_node *node)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->nodes[i] == node) return (long)i;
    return -1;
}

long ply_record_search(struct ply_record *r, const struct pdn_node *node)
{
    if (r->n == 0) return -1;
    if (!r->indexed && !build_index(r)) return scan(r, node);
    size_t mask = r->capslots - 1;
    for (size_t k = node_slot(node, mask); r->slots[k]; k = (k + 1) & mask)
        if (r->nodes[r->slots[k] - 1] == node) return (long)(r->last = r->slots[k] - 1);
    return -1;
}

void ply_record_free(struct ply_record *r)
{
    free(r->nodes);
    free(r->slots);
    *r = (struct ply_record){0};
}
