/*
 * stats_open: the openings tree of a collection, bounded (issue 22: a
 * million random games at --depth 20 took 1.7 GB). A node is 36 bytes: its
 * parent and move (the text "from-to" or "fromxto", squares as the variant
 * writes them, is made from them when written), its first child and next sibling, and the games by
 * result. The index from (parent, move) to child is an array of 32-bit node numbers. At open_max
 * nodes (STATS_OPEN_NODES: 44 MB of nodes and index) the tree takes no new node: the games whose
 * line stops there are counted (open_cut) and the output says so. Nothing here prints.
 */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The variant is part of the key: a Russian 22-18 ("c3-d4") opens another
 * game than an English one, and is written otherwise. */
uint32_t stats_open_key(const struct pdn_move *m, enum pdn_variant variant)
{
    return m->from | (uint32_t)m->to << 8 | (uint32_t)(m->ncaptured > 0) << 16 |
           (uint32_t)variant << 17;
}

/* The slot for (parent, key) in a table of cap slots. */
static size_t open_slot(uint32_t parent, uint32_t key, size_t cap)
{
    return stats_slot_of(((uint64_t)parent + 1) << 32 | key, cap);
}

static bool open_grow(pdn_stats *st)
{
    size_t cap = st->open_cap ? st->open_cap * 2 : 1024;
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (!slots) return false;
    const struct st_open *t = st->open.data;
    for (size_t i = 0; i < st->open_cap; i++) {
        uint32_t v = st->open_slots[i];
        if (!v) continue;
        size_t j = open_slot(t[v - 1].parent, t[v - 1].key, cap);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = v;
    }
    free(st->open_slots);
    st->open_slots = slots;
    st->open_cap = cap;
    return true;
}

uint32_t stats_open_child(pdn_stats *st, uint32_t node, uint32_t key)
{
    if ((st->open.n + 1) * 4 > st->open_cap * 3 && !open_grow(st)) return 0;
    size_t j = open_slot(node, key, st->open_cap);
    struct st_open *t = st->open.data;
    for (uint32_t v; (v = st->open_slots[j]) != 0; j = (j + 1) & (st->open_cap - 1))
        if (t[v - 1].parent == node && t[v - 1].key == key) return v - 1;
    if (st->open.n >= st->open_max) return STATS_OPEN_FULL;
    struct st_open *n = vec_push(&st->open, sizeof *n);
    if (!n) return 0;
    t = st->open.data;
    uint32_t idx = (uint32_t)st->open.n; /* index + 1 */
    n->parent = node;
    n->key = key;
    n->next = t[node].child; /* newest first: the writer turns them round */
    t[node].child = idx;
    st->open_slots[j] = idx;
    return idx - 1;
}

unsigned long stats_open_games(const struct st_open *n)
{
    unsigned long games = 0;
    for (int i = 0; i < ST_OUTCOMES; i++)
        games += n->outcome[i];
    return games;
}

size_t stats_open_text(char out[STATS_OPEN_TEXT], const struct st_open *n)
{
    enum pdn_variant variant = (enum pdn_variant)(n->key >> 17);
    char from[PDN_SQUARE_TEXT_MAX], to[PDN_SQUARE_TEXT_MAX];
    pdn_square_text(from, variant, (int)(n->key & 0xFF));
    pdn_square_text(to, variant, (int)(n->key >> 8 & 0xFF));
    int len = snprintf(out, STATS_OPEN_TEXT, "%s%c%s", from, n->key >> 16 & 1 ? 'x' : '-', to);
    return len > 0 ? (size_t)len : 0;
}

void stats_open_free(pdn_stats *st)
{
    vec_free(&st->open);
    free(st->open_slots);
    st->open_slots = NULL;
    st->open_cap = 0;
}
