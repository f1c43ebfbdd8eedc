/*
 * game: the arena behind every game, freeing a game, tag look-up and the
 * result tokens.
 *
 * A game is one arena: the pdn_game struct, its tags, lines, nodes and
 * strings all live in it, so pdn_game_free is one walk over a few chunks.
 * This module knows nothing about reading or writing text.
 */
#include "arena.h"
#include "pdn.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct pdn_arena_chunk {
    struct pdn_arena_chunk *next;
    alignas(max_align_t) char data[];
};

/* Chunks double up to this size, so a long game costs few mallocs. */
#define ARENA_CHUNK_MAX ((size_t)1 << 20)
#define ARENA_ALIGN alignof(max_align_t)

static size_t round_up(size_t n)
{
    return (n + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
}

static int arena_grow(struct pdn_arena *arena, size_t need)
{
    size_t size = arena->next_size;
    while (size < need)
        size *= 2;
    struct pdn_arena_chunk *c = malloc(sizeof *c + size);
    if (!c) return PDN_ENOMEM;
    c->next = arena->chunks;
    arena->chunks = c;
    arena->ptr = c->data;
    arena->end = c->data + size;
    if (arena->next_size < ARENA_CHUNK_MAX) arena->next_size *= 2;
    return 0;
}

struct pdn_arena *pdn_arena_new(size_t hint)
{
    struct pdn_arena tmp = {NULL, NULL, NULL, 4096};
    while (tmp.next_size < hint && tmp.next_size < ARENA_CHUNK_MAX)
        tmp.next_size *= 2;
    if (arena_grow(&tmp, round_up(sizeof tmp)) < 0) return NULL;
    /* The arena describes itself from inside its first chunk. */
    struct pdn_arena *arena = (struct pdn_arena *)tmp.ptr;
    *arena = tmp;
    arena->ptr += round_up(sizeof tmp);
    return arena;
}

void pdn_arena_free(struct pdn_arena *arena)
{
    if (!arena) return;
    struct pdn_arena_chunk *c = arena->chunks;
    while (c) {
        struct pdn_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
}

void *pdn_arena_alloc(struct pdn_arena *arena, size_t size)
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

char *pdn_arena_strndup_grow(struct pdn_arena *arena, const char *s, size_t len)
{
    if (arena_grow(arena, len + 1) < 0) return NULL;
    char *p = arena->ptr;
    memcpy(p, s, len);
    p[len] = '\0';
    arena->ptr += len + 1;
    return p;
}

void *pdn_arena_memdup(struct pdn_arena *arena, const void *src, size_t size)
{
    if (size == 0) return NULL;
    void *p = pdn_arena_alloc(arena, size);
    if (p) memcpy(p, src, size);
    return p;
}

void pdn_game_free(pdn_game *game)
{
    if (game) pdn_arena_free(game->arena);
}

const char *pdn_game_tag(const pdn_game *game, const char *name)
{
    if (!game || !name) return NULL;
    for (uint32_t i = 0; i < game->ntags; i++)
        if (strcmp(game->tags[i].name, name) == 0) return game->tags[i].value;
    return NULL;
}

struct result_form {
    const char *text;
    enum pdn_result result;
};

/* Every spelling a reader accepts; the lenient ones last. */
static const struct result_form result_forms[] = {
    {"2-0", PDN_RESULT_WHITE_WIN},
    {"0-2", PDN_RESULT_BLACK_WIN},
    {"1-1", PDN_RESULT_DRAW},
    {"0-0", PDN_RESULT_BOTH_LOST},
    {"*", PDN_RESULT_UNKNOWN},
    {"1-0", PDN_RESULT_WHITE_WIN},
    {"0-1", PDN_RESULT_BLACK_WIN},
    {"1/2-1/2", PDN_RESULT_DRAW},
    {"\xc2\xbd-\xc2\xbd", PDN_RESULT_DRAW},
    {"0.5-0.5", PDN_RESULT_DRAW},
};

int pdn_result_parse(const char *text, size_t len)
{
    if (!text) return -1;
    for (size_t i = 0; i < sizeof result_forms / sizeof result_forms[0]; i++) {
        const char *t = result_forms[i].text;
        if (strlen(t) == len && memcmp(t, text, len) == 0) return (int)result_forms[i].result;
    }
    return -1;
}

const char *pdn_result_text(enum pdn_result result)
{
    switch (result) {
    case PDN_RESULT_WHITE_WIN:
        return "2-0";
    case PDN_RESULT_BLACK_WIN:
        return "0-2";
    case PDN_RESULT_DRAW:
        return "1-1";
    case PDN_RESULT_BOTH_LOST:
        return "0-0";
    case PDN_RESULT_UNKNOWN:
    case PDN_RESULT_NONE:
        break;
    }
    return "*";
}
