/*
 * vec: the slow path of vec_push (growth), freeing, and vec_grow for
 * arrays kept by hand. See vec.h.
 */
#include "vec.h"

#include <stdint.h>
#include <stdlib.h>

void vec_free(struct vec *vec)
{
    free(vec->data);
    *vec = (struct vec){NULL, 0, 0};
}

void *vec_push_grow(struct vec *vec, size_t size)
{
    if (!vec_grow(&vec->data, &vec->cap, vec->n + 1, size)) return NULL;
    void *p = (char *)vec->data + vec->n++ * size;
    memset(p, 0, size);
    return p;
}

bool vec_grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return true;
    if (size == 0 || need > SIZE_MAX / size) return false;
    size_t want = *cap ? *cap : 16;
    while (want < need)
        want = want <= SIZE_MAX / 2 / size ? 2 * want : need; /* doubling would overflow */
    void *q = realloc(*p, want * size);
    if (q == NULL) return false;
    *p = q;
    *cap = want;
    return true;
}
