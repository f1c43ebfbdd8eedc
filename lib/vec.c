/*
 * vec: the slow path of vec_push (growth), freeing, and vec_reserve for
 * arrays kept by hand. See vec.h.
 */
#include "vec.h"

#include <stdlib.h>

void vec_free(struct vec *vec)
{
    free(vec->data);
    *vec = (struct vec){NULL, 0, 0};
}

void *vec_push_grow(struct vec *vec, size_t size)
{
    size_t cap = vec->cap ? vec->cap * 2 : 16;
    void *data = realloc(vec->data, cap * size);
    if (!data) return NULL;
    vec->data = data;
    vec->cap = cap;
    void *p = (char *)vec->data + vec->n++ * size;
    memset(p, 0, size);
    return p;
}

bool vec_reserve(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return true;
    size_t want = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, want * size);
    if (q == NULL) return false;
    *p = q;
    *cap = want;
    return true;
}
