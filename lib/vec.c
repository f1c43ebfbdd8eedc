/*
 * vec: the slow path of vec_push (growth) and freeing. See vec.h.
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
