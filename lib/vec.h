/*
 * vec (private): a growable array of fixed-size elements, kept from game to
 * game by the parser so that its buffers are reused, and vec_grow, the one
 * growth of every array the library (and cmd/) keeps by hand. Knows nothing
 * of what it holds.
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

/*
 * For arrays kept as a pointer and a capacity of their own: room for need
 * elements of 'size' bytes in *p, the capacity doubled (from 16) until it
 * holds them. False, *p and *cap unchanged, when out of memory or when the
 * bytes would not fit a size_t (need * size overflows).
 */
bool vec_grow(void **p, size_t *cap, size_t need, size_t size);

/* Room for element n (of 'size' bytes) in *p: vec_grow for n + 1. */
static inline bool vec_reserve(void **p, size_t *cap, size_t n, size_t size)
{
    return n < *cap || vec_grow(p, cap, n + 1, size);
}

#endif
