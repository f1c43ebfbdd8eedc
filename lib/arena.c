/*
 * arena: the bump allocator behind every game.
 *
 * A game is one arena: the pdn_game struct, its tags, lines, nodes and
 * strings all live in it, so freeing a game is one walk over a few chunks.
 * Allocation only: it knows nothing about games or text.
 */
#include "arena.h"
#include "pdn.h"

#include <pthread.h>
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

/*
 * Chunks of a game's usual sizes kept for the next game, whichever thread
 * makes it. Games are read on one thread and freed on another (the
 * reader's threads, the tools' workers): a chunk given back to malloc
 * there went to the wrong heap, which glibc trimmed while the reading
 * thread grew its own, page by page (pdncheck -j 2 on 100 MB: 60,000 page
 * faults and a fifth of its time in the kernel; 10,000 with the pool). At
 * most POOL_KEEP chunks a size (32, 64 and 128 kB): under 4 MB.
 */
enum { POOL_FIRST = 32768, POOL_SIZES = 3, POOL_KEEP = 16 };
static struct {
    pthread_mutex_t lock;
    struct arena_chunk *free[POOL_SIZES];
    int n[POOL_SIZES];
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The pool's slot for chunks of size bytes, or -1. */
static int pool_slot(size_t size)
{
    for (int i = 0; i < POOL_SIZES; i++)
        if (size == (size_t)POOL_FIRST << i) return i;
    return -1;
}

static struct arena_chunk *chunk_new(size_t size)
{
    int slot = pool_slot(size);
    struct arena_chunk *c = NULL;
    if (slot >= 0) {
        pthread_mutex_lock(&pool.lock);
        if ((c = pool.free[slot]) != NULL) {
            pool.free[slot] = c->next;
            pool.n[slot]--;
        }
        pthread_mutex_unlock(&pool.lock);
    }
    return c ? c : malloc(sizeof *c + size);
}

static void chunk_free(struct arena_chunk *c)
{
    int slot = pool_slot(c->size);
    if (slot >= 0) {
        pthread_mutex_lock(&pool.lock);
        bool kept = pool.n[slot] < POOL_KEEP;
        if (kept) {
            c->next = pool.free[slot];
            pool.free[slot] = c;
            pool.n[slot]++;
        }
        pthread_mutex_unlock(&pool.lock);
        if (kept) return;
    }
    free(c);
}

/* A chunk of size bytes put first in list (the chunks or the blocks),
 * counted in the arena's total; NULL when out of memory. */
static struct arena_chunk *add_chunk(struct arena *arena, struct arena_chunk **list, size_t size)
{
    struct arena_chunk *c = chunk_new(size);
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
        chunk_free(c);
        c = next;
    }
}

void arena_free(struct arena *arena)
{
    if (!arena) return;
    free_chunks(arena->blocks);
    free_chunks(arena->chunks); /* the arena itself lives in the last one */
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
