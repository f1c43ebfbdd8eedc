/*
 * ply_record (private): one game's replay, by node. The replay plays a
 * game once; its callers (format.c for pdnfmt's texts, csv_plies.c for
 * pdn2csv's cells) note each ply with ply_record_add and keep what they
 * learnt of it in an array of their own at the index it returns. The
 * writer then asks for a node's ply, several times running, then for the
 * next one: a cursor answers those without a search; a hash table of the
 * nodes, built when a question first misses the cursor, answers the rest.
 * Also the text of most plies (ply_short_text). Nothing here prints.
 */
#ifndef PDN_PLY_RECORD_H
#define PDN_PLY_RECORD_H

#include "decimal.h"
#include "geometry.h"
#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ply_record {
    const struct pdn_node **nodes; /* the plies' nodes, in the replay's order */
    size_t n, cap;
    uint32_t *slots; /* the plies by node: open addressing, index + 1, 0 empty */
    size_t capslots; /* a power of two, at least twice n when built */
    bool indexed;    /* slots hold this game's plies */
    size_t last;     /* the ply found last */
};

/* Forgets the plies of the last game (the memory is kept for the next). */
void ply_record_clear(struct ply_record *r);
/* Room for n plies, made at once: false when out of memory. */
bool ply_record_reserve(struct ply_record *r, size_t n);
/* Notes a ply the replay played at node: its index, or -1 out of memory. */
long ply_record_add(struct ply_record *r, const struct pdn_node *node);
/* ply_record_add_room when an array must grow. */
long ply_record_add_grow(struct ply_record *r, const struct pdn_node *node, void **items,
                         size_t *cap, size_t size);
/* Whether the next ply fits the record and the caller's array of cap
 * items as they are: ply_record_add_room then grows neither, and makes no
 * call. */
static inline bool ply_record_fits(const struct ply_record *r, size_t cap)
{
    return r->n < r->cap && r->n < cap && r->n < UINT32_MAX;
}
/* ply_record_add, and room at its index in the caller's array of what it
 * learns of each ply (*items of *cap elements of 'size' bytes, grown by
 * vec_reserve): the index, or -1 out of memory. Inline: once a ply, and
 * nearly always with room. */
static inline long ply_record_add_room(struct ply_record *r, const struct pdn_node *node,
                                       void **items, size_t *cap, size_t size)
{
    size_t n = r->n;
    if (!ply_record_fits(r, *cap)) return ply_record_add_grow(r, node, items, cap, size);
    r->nodes[n] = node;
    r->indexed = false;
    r->n = n + 1;
    return (long)n;
}
/* ply_record_find when the cursor misses: the table. */
long ply_record_search(struct ply_record *r, const struct pdn_node *node);

/* The index of the ply the replay played at node, or -1: it played none.
 * Inline: the writer asks four times a move, nearly always the ply found
 * last, the one before it or the one after it. */
static inline long ply_record_find(struct ply_record *r, const struct pdn_node *node)
{
    size_t last = r->last;
    if (last < r->n && r->nodes[last] == node) return (long)last;
    if (last + 1 < r->n && r->nodes[last + 1] == node) return (long)(r->last = last + 1);
    if (last > 0 && last <= r->n && r->nodes[last - 1] == node) return (long)(last - 1);
    return ply_record_search(r, node);
}
void ply_record_free(struct ply_record *r);

/* The text pdn_move_text writes for a move no other legal move shares its
 * squares with ("32-28", "28x19"), by hand where the variant writes
 * squares as numbers: its length (out NUL-terminated), or 0 where it
 * writes them as names ("c3-d4": the library writes those). Square by
 * square, the library's took a tenth of pdnfmt's time. */
static inline size_t ply_short_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                                    enum pdn_variant variant)
{
    if (geometry_get(variant)->rules->algebraic) return 0; /* no call: once a ply */
    /* squares have two digits at most: no loop for longer numbers, whose
     * registers made every ply of pdnfmt save some */
    _Static_assert(PDN_SQUARES_MAX < 100, "a square of three digits");
    char *p = decimal_below_100(out, move->from);
    *p++ = move->ncaptured ? 'x' : '-';
    p = decimal_below_100(p, move->to);
    *p = '\0';
    return (size_t)(p - out);
}

#endif
