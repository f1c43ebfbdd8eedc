/*
 * vec (private): a growable array of fixed-size elements, kept from game to
 * game by the parser so that its buffers are reused. Knows nothing of what
 * it holds.
 */
#ifndef PDN_VEC_H
#define PDN_VEC_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct vec {
    void *data;
    size_t n, cap;
};

void vec_free(struct vec *vec);
/* vec_push when the vector is full: it grows first. */
void *vec_push_grow(struct vec *vec, size_t size);
/* Room for one more element of 'size' bytes, zeroed; NULL when out of
 * memory. Inline: with 'size' known, the clearing is a few stores rather
 * than a call to memset (it runs for every tag). */
static inline void *vec_push(struct vec *vec, size_t size)
{
    if (vec->n == vec->cap) return vec_push_grow(vec, size);
    void *p = (char *)vec->data + vec->n++ * size;
    memset(p, 0, size);
    return p;
}

/* For arrays kept as a pointer, a count and a capacity of their own: room
 * for element n (of 'size' bytes) in *p, doubling from 64; false when out
 * of memory (*p unchanged). */
bool vec_reserve(void **p, size_t *cap, size_t n, size_t size);

#endif
