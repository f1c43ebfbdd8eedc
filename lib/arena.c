/*
 * arena: the bump allocator behind every game.
 *
 * A game is one arena: the pdn_game struct, its tags, lines, nodes and
 * strings all live in it, so freeing a game is one walk over a few chunks.
 * Allocation only: it knows nothing about games or text.
 */
#include "arena.h"
#include "pdn.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
    struct arena_chunk *next;
    size_t size; /* of data: what the arena counts in its total */
    alignas(max_align_t) char data[];
};

/* Chunks double up to this size, so a long game costs few mallocs. */
#define ARENA_CHUNK_MAX ((size_t)1 << 20)
#define ARENA_ALIGN alignof(max_align_t)

static size_t round_up(size_t n)
{
    return (n + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
}

/* A chunk of size bytes put first in list (the chunks or the blocks),
 * counted in the arena's total; NULL when out of memory. */
static struct arena_chunk *add_chunk(struct arena *arena, struct arena_chunk **list, size_t size)
{
    struct arena_chunk *c = malloc(sizeof *c + size);
    if (!c) return NULL;
    c->next = *list;
    c->size = size;
    *list = c;
    arena->total += sizeof *c + size;
    return c;
}

static int arena_grow(struct arena *arena, size_t need)
{
    size_t size = arena->next_size;
    while (size < need)
        size *= 2;
    struct arena_chunk *c = add_chunk(arena, &arena->chunks, size);
    if (!c) return PDN_ENOMEM;
    arena->ptr = c->data;
    arena->end = c->data + size;
    if (arena->next_size < ARENA_CHUNK_MAX) arena->next_size *= 2;
    return 0;
}

struct arena *arena_new(size_t hint)
{
    struct arena tmp = {NULL, NULL, NULL, NULL, 4096, 0};
    while (tmp.next_size < hint && tmp.next_size < ARENA_CHUNK_MAX)
        tmp.next_size *= 2;
    if (arena_grow(&tmp, round_up(sizeof tmp)) < 0) return NULL;
    /* The arena describes itself from inside its first chunk. */
    struct arena *arena = (struct arena *)tmp.ptr;
    *arena = tmp;
    arena->ptr += round_up(sizeof tmp);
    return arena;
}

static void free_chunks(struct arena_chunk *c)
{
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
}

void arena_free(struct arena *arena)
{
    if (!arena) return;
    free_chunks(arena->blocks);
    struct arena_chunk *c = arena->chunks;
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
}

void *arena_alloc(struct arena *arena, size_t size)
{
    size = round_up(size ? size : 1);
    /* Strings leave the pointer unaligned: align it first. */
    size_t pad = (size_t)(-(uintptr_t)arena->ptr & (ARENA_ALIGN - 1));
    if ((size_t)(arena->end - arena->ptr) < size + pad) {
        if (arena_grow(arena, size) < 0) return NULL;
        pad = 0;
    }
    void *p = arena->ptr + pad;
    arena->ptr += pad + size;
    return p;
}

char *arena_strndup_grow(struct arena *arena, const char *s, size_t len)
{
    if (arena_grow(arena, len + 1) < 0) return NULL;
    char *p = arena->ptr;
    memcpy(p, s, len);
    p[len] = '\0';
    arena->ptr += len + 1;
    return p;
}

void *arena_memdup(struct arena *arena, const void *src, size_t size)
{
    if (size == 0) return NULL;
    void *p = arena_alloc(arena, size);
    if (p) memcpy(p, src, size);
    return p;
}

void *arena_block(struct arena *arena, size_t size)
{
    struct arena_chunk *c = add_chunk(arena, &arena->blocks, size);
    return c ? c->data : NULL;
}

/* Blocks are few (one per array that outgrew the chunks), so a walk to
 * find the one that points to it is cheap. */
void *arena_block_resize(struct arena *arena, void *block, size_t size)
{
    struct arena_chunk **at = &arena->blocks;
    while (*at && (*at)->data != (char *)block)
        at = &(*at)->next;
    if (!*at) return NULL;
    size_t old = (*at)->size;
    struct arena_chunk *c = realloc(*at, sizeof *c + size);
    if (!c) return NULL;
    *at = c;
    c->size = size;
    arena->total = arena->total - old + size;
    return c->data;
}
