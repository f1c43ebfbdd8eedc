/*
 * arena: the bump allocator that owns everything a game points to.
 *
 * A game is built in one arena and freed with one call. Private to the
 * library; must not be used for anything that outlives its game.
 */
#ifndef PDN_ARENA_H
#define PDN_ARENA_H

#include <stddef.h>
#include <string.h>

struct arena_chunk;

struct arena {
    struct arena_chunk *chunks; /* newest first */
    struct arena_chunk *blocks; /* arena_block's, newest first */
    char *ptr, *end;            /* free room in the newest chunk */
    size_t next_size;           /* size of the next chunk to allocate */
    size_t total;               /* bytes taken from malloc: chunks and blocks */
};

/* A new arena whose first chunk holds at least 'hint' bytes; NULL when out of memory. */
struct arena *arena_new(size_t hint);
void arena_free(struct arena *arena);
/* size bytes aligned for any object; NULL when out of memory. */
void *arena_alloc(struct arena *arena, size_t size);
/* arena_strndup when the newest chunk has no room: a new one first. */
char *arena_strndup_grow(struct arena *arena, const char *s, size_t len);
/* A NUL-terminated copy of len bytes; NULL when out of memory. Inline: it
 * runs for every tag name and value, and the call cost as much as the copy.
 * Strings need no alignment: they are taken unaligned to save room. */
static inline char *arena_strndup(struct arena *arena, const char *s, size_t len)
{
    if ((size_t)(arena->end - arena->ptr) <= len) return arena_strndup_grow(arena, s, len);
    char *p = arena->ptr;
    memcpy(p, s, len);
    p[len] = '\0';
    arena->ptr += len + 1;
    return p;
}
/* A block of its own for an array that grows (size bytes, aligned), which
 * arena_block_resize can move or grow in place (realloc) rather than leave
 * outgrown copies behind; freed with the arena. NULL when out of memory. */
void *arena_block(struct arena *arena, size_t size);
/* The block made larger or smaller, its contents kept; NULL when out of
 * memory (the block is then unchanged). */
void *arena_block_resize(struct arena *arena, void *block, size_t size);
/* The bytes it holds in use: all it took from malloc but the newest
 * chunk's free room. */
static inline size_t arena_used(const struct arena *arena)
{
    return arena->total - (size_t)(arena->end - arena->ptr);
}
/* A copy of n objects of size bytes each (NULL for n == 0 as well). */
void *arena_memdup(struct arena *arena, const void *src, size_t size);

#endif
