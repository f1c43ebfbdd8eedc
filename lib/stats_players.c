/*
 * stats_players: the players of a collection, kept small (issue 22: a
 * million distinct names in well under 100 MB). A player is a 32-byte
 * record; its name sits once in a pool of chunks; the index is one array
 * of 64-bit slots (a hash beside the player's number) whose key is not
 * stored: a probe whose hash agrees folds the stored name again and
 * compares. Nothing here prints.
 */
#include "stats.h"

#include <stdlib.h>
#include <string.h>

enum { POOL_CHUNK = 1 << 16 };

/* A copy of s[0, n) and its NUL in the pool; NULL out of memory. */
static const char *pool_add(struct st_pool *p, const char *s, size_t n)
{
    if (n + 1 > p->left) {
        size_t size = n + 1 > POOL_CHUNK / 4 ? n + 1 : POOL_CHUNK; /* long: a block of its own */
        char *chunk = malloc(size), **slot = chunk ? vec_push(&p->chunks, sizeof *slot) : NULL;
        if (!slot) {
            free(chunk);
            return NULL;
        }
        *slot = chunk;
        if (size != POOL_CHUNK) {
            memcpy(chunk, s, n);
            chunk[n] = '\0';
            return chunk;
        }
        p->at = chunk;
        p->left = size;
    }
    char *copy = p->at;
    memcpy(copy, s, n);
    copy[n] = '\0';
    p->at += n + 1;
    p->left -= n + 1;
    return copy;
}

static void pool_free(struct st_pool *p)
{
    char **c = p->chunks.data;
    for (size_t i = 0; i < p->chunks.n; i++)
        free(c[i]);
    vec_free(&p->chunks);
    memset(p, 0, sizeof *p);
}

void stats_players_free(pdn_stats *st)
{
    pool_free(&st->strings);
    free(st->player_slots);
    st->player_slots = NULL;
    st->player_cap = 0;
    vec_free(&st->player);
}

/* Whether player i's name has this key (its name folded again): 1 or 0;
 * -1 out of memory. */
static int same_key(const pdn_stats *st, uint32_t i, const char *key)
{
    const char *name = ((const struct st_player *)st->player.data)[i].name;
    size_t n = strlen(name);
    char stackbuf[512], *buf = 2 * n + 2 <= sizeof stackbuf ? stackbuf : malloc(2 * n + 2);
    if (!buf) return -1;
    stats_key(buf, name, n);
    int same = strcmp(buf, key) == 0;
    if (buf != stackbuf) free(buf);
    return same;
}

/* The player with this key, added as shown when new; -1 out of memory.
 * The index grows at three quarters full: linear probing stays short, and
 * a slot costs 8 to 21 bytes per player. */
static long find_or_add(pdn_stats *st, const char *key, const char *shown)
{
    if ((st->player.n + 1) * 4 > st->player_cap * 3 &&
        !stats_slots_grow(&st->player_slots, &st->player_cap, 256))
        return -1;
    uint64_t h = stats_hash(key);
    uint64_t tag = (h ^ h >> 32) << 32; /* both halves: the low one picks the slot */
    size_t j = (tag >> 32) & (st->player_cap - 1);
    for (; st->player_slots[j]; j = (j + 1) & (st->player_cap - 1)) {
        uint64_t v = st->player_slots[j];
        if ((v & ~(uint64_t)0xFFFFFFFF) != tag) continue;
        int same = same_key(st, (uint32_t)v - 1, key);
        if (same) return same < 0 ? -1 : (long)(uint32_t)v - 1;
    }
    struct st_player *p = vec_push(&st->player, sizeof *p);
    if (!p) return -1;
    if (!(p->name = pool_add(&st->strings, shown, strlen(shown)))) {
        st->player.n--;
        return -1;
    }
    p->team = stats_member_team(st, key); /* the team file's, read before the games */
    st->player_slots[j] = tag | (uint32_t)st->player.n;
    return (long)st->player.n - 1;
}

long stats_player_of(pdn_stats *st, const pdn_game *g, const char *tag)
{
    const char *value = pdn_game_tag(g, tag);
    if (!value) value = "?";
    size_t n = strlen(value);
    char stackbuf[512], *buf = 3 * n + 4 <= sizeof stackbuf ? stackbuf : malloc(3 * n + 4);
    if (!buf) return -1;
    const char *shown, *key = stats_name_of(st, buf, value, &shown);
    long i = find_or_add(st, key, shown);
    if (buf != stackbuf) free(buf);
    return i;
}
