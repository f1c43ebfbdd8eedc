/*
 * stats_names: the names statistics count by: keys that ignore case,
 * accents, blanks and punctuation; their hash tables (the players' and
 * the events' keeps no key: it folds the name again) and the pool their
 * names sit in; the aliases a user gives (pdn_stats_alias), teams. A leaf of the statistics: every
 * other stats file may call it, it calls none of them.
 */
#include "hash.h"
#include "stats.h"
#include "text.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t stats_trim(char *out, const char *s, size_t n)
{
    size_t w = 0;
    bool gap = false;
    for (size_t i = 0; i < n; i++) {
        if (text_blank((unsigned char)s[i])) {
            gap = w > 0;
            continue;
        }
        if (gap) out[w++] = ' ';
        gap = false;
        out[w++] = s[i];
    }
    out[w] = '\0';
    return w;
}

bool stats_names_nobody(const char *value)
{
    if (!value) return true;
    for (; *value; value++)
        if (*value != '?' && *value != ' ' && *value != '\t') return false;
    return true;
}

/* Punctuation that spellings of one name differ by. */
static bool is_punct(unsigned char c)
{
    return c == ',' || c == '.' || c == '-' || c == '\'' || c == '\\' || c == '"';
}

size_t stats_key(char *out, const char *s, size_t n)
{
    char *fold = out + n + 1; /* the second half of out */
    size_t len = text_fold(fold, s, n), w = 0;
    bool gap = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)fold[i];
        if (text_blank(c) || is_punct(c)) {
            gap = w > 0;
            continue;
        }
        if (gap) out[w++] = ' ';
        gap = false;
        out[w++] = (char)c;
    }
    out[w] = '\0';
    return w;
}

uint64_t stats_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* A slot holds the key's hash beside its index: a probe compares the hash
 * and reads a key only when the hashes agree. */
bool stats_slots_grow(uint64_t **slots, size_t *cap, size_t first)
{
    size_t ncap = *cap ? *cap * 2 : first;
    uint64_t *to = calloc(ncap, sizeof *to);
    if (!to) return false;
    for (size_t i = 0; i < *cap; i++) {
        uint64_t v = (*slots)[i];
        if (!v) continue;
        size_t j = (v >> 32) & (ncap - 1);
        while (to[j])
            j = (j + 1) & (ncap - 1);
        to[j] = v;
    }
    free(*slots);
    *slots = to;
    *cap = ncap;
    return true;
}

/* The index of key, added when absent and add (*added says so); -2 absent,
 * -1 out of memory. */
long stats_names_find(struct names *m, const char *key, bool add, bool *added)
{
    if (added) *added = false;
    if ((m->keys.n + 1) * 2 > m->cap && !stats_slots_grow(&m->slots, &m->cap, 64)) return -1;
    char **keys = m->keys.data;
    uint64_t h = stats_hash(key);
    uint64_t tag = (h ^ h >> 32) << 32; /* both halves: the low one picks the slot */
    size_t j = (tag >> 32) & (m->cap - 1);
    for (; m->slots[j]; j = (j + 1) & (m->cap - 1)) {
        uint64_t v = m->slots[j];
        if ((v & ~(uint64_t)0xFFFFFFFF) == tag && strcmp(keys[(uint32_t)v - 1], key) == 0)
            return (long)(uint32_t)v - 1;
    }
    if (!add) return -2;
    char *copy = strdup(key);
    char **slot = copy ? vec_push(&m->keys, sizeof *slot) : NULL;
    if (!slot) {
        free(copy);
        return -1;
    }
    *slot = copy;
    m->slots[j] = tag | (uint32_t)m->keys.n;
    if (added) *added = true;
    return (long)m->keys.n - 1;
}

void stats_names_free(struct names *m)
{
    char **keys = m->keys.data;
    for (size_t i = 0; i < m->keys.n; i++)
        free(keys[i]);
    vec_free(&m->keys);
    free(m->slots);
}

enum { POOL_CHUNK = 1 << 16 };

const char *stats_pool_add(struct st_pool *p, const char *s, size_t n)
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

void stats_pool_free(struct st_pool *p)
{
    char **c = p->chunks.data;
    for (size_t i = 0; i < p->chunks.n; i++)
        free(c[i]);
    vec_free(&p->chunks);
    memset(p, 0, sizeof *p);
}

/* Whether a name has this key (the name folded again): 1 or 0; -1 out of
 * memory. */
static int same_key(const char *name, const char *key)
{
    size_t n = strlen(name);
    char stackbuf[512], *buf = 2 * n + 2 <= sizeof stackbuf ? stackbuf : malloc(2 * n + 2);
    if (!buf) return -1;
    stats_key(buf, name, n);
    int same = strcmp(buf, key) == 0;
    if (buf != stackbuf) free(buf);
    return same;
}

/* Where a probe left off: the slot a new name goes in, its tag. */
struct index_probe {
    size_t slot;
    uint64_t tag;
};

/* The record of key among those of an index: its number, or -2 absent
 * (*at: where it goes), -1 out of memory. */
static long index_find(struct name_index *x, const struct vec *records, size_t size,
                       const char *key, struct index_probe *at)
{
    if ((records->n + 1) * 4 > x->cap * 3 && !stats_slots_grow(&x->slots, &x->cap, 256)) return -1;
    uint64_t h = stats_hash(key);
    uint64_t tag = (h ^ h >> 32) << 32; /* both halves: the low one picks the slot */
    size_t j = (tag >> 32) & (x->cap - 1);
    for (; x->slots[j]; j = (j + 1) & (x->cap - 1)) {
        uint64_t v = x->slots[j];
        if ((v & ~(uint64_t)0xFFFFFFFF) != tag) continue;
        const char *name =
            *(const char *const *)((const char *)records->data + (size_t)((uint32_t)v - 1) * size);
        int same = same_key(name, key);
        if (same) return same < 0 ? -1 : (long)(uint32_t)v - 1;
    }
    *at = (struct index_probe){j, tag};
    return -2;
}

long stats_named_find(struct name_index *x, struct vec *records, size_t size, struct st_pool *pool,
                      const char *key, const char *shown, bool *added)
{
    struct index_probe at;
    *added = false;
    long i = index_find(x, records, size, key, &at);
    if (i != -2) return i;
    const char **name = vec_push(records, size);
    if (!name) return -1;
    if (!(*name = stats_pool_add(pool, shown, strlen(shown)))) {
        records->n--;
        return -1;
    }
    x->slots[at.slot] = at.tag | (uint32_t)records->n;
    *added = true;
    return (long)records->n - 1;
}

long stats_seen_find(const uint32_t *seen, const struct vec *records, size_t size,
                     const char *value)
{
    if (!*seen) return -1;
    size_t i = *seen - 1;
    const char *name = *(const char *const *)((const char *)records->data + i * size);
    return strcmp(name, value) == 0 ? (long)i : -1;
}

/* The last alias of the chain a key starts (A = B, B = C: A is C), or NULL
 * when the key is no variant. Aliases never form a cycle (pdn_stats_alias
 * refuses the one that would close it), so the walk ends. */
static const struct st_alias *alias_end(const pdn_stats *st, const char *key)
{
    const struct st_alias *al = NULL;
    if (st->alias.n == 0) return NULL; /* no alias file: no key to hash */
    for (size_t steps = 0; steps <= st->alias.n; steps++) {
        long a = stats_names_find((struct names *)&st->aliases, key, false, NULL);
        if (a < 0) return al;
        al = (const struct st_alias *)st->alias.data + a;
        key = al->key;
    }
    return al;
}

/* Whether the chain from key from passes through key to. */
static bool alias_leads_to(const pdn_stats *st, const char *from, const char *to)
{
    for (size_t steps = 0; steps <= st->alias.n; steps++) {
        if (strcmp(from, to) == 0) return true;
        long a = stats_names_find((struct names *)&st->aliases, from, false, NULL);
        if (a < 0) return false;
        from = ((const struct st_alias *)st->alias.data)[a].key;
    }
    return false;
}

/* The name as shown (trimmed, "?" when blank) at buf, its key after it;
 * buf holds 3 * strlen(value) + 4 bytes, at least 6. No alias applied. */
static const char *plain_key(char *buf, const char *value, const char **display)
{
    size_t n = strlen(value);
    /* a blank name shows as "?": the key goes after those two bytes even
     * when the value is shorter (an empty tag), not over them */
    char *shown = buf, *key = buf + (n ? n : 1) + 1;
    if (stats_trim(shown, value, n) == 0) strcpy(shown, "?");
    stats_key(key, shown, strlen(shown));
    *display = shown;
    return key;
}

const char *stats_name_of(const pdn_stats *st, char *buf, const char *value, const char **display)
{
    const char *key = plain_key(buf, value, display);
    const struct st_alias *al = alias_end(st, key);
    if (!al) return key;
    *display = al->name;
    return al->key;
}

int pdn_stats_name_key(char *out, size_t size, const char *name)
{
    if (!out || !name) return PDN_EINVAL;
    size_t n = strlen(name);
    /* a key is never longer than its name, but a blank one is "?" */
    if (size < n + 1 || size < 2 || n > INT_MAX / 4) return PDN_EINVAL;
    char *buf = malloc(3 * n + 6); /* "?" and its key when the name is blank */
    if (!buf) return PDN_ENOMEM;
    const char *shown, *key = plain_key(buf, name, &shown);
    size_t len = strlen(key);
    memcpy(out, key, len + 1);
    free(buf);
    return (int)len;
}

int pdn_stats_alias(pdn_stats *st, const char *variant, const char *canonical)
{
    if (!st || !variant || !canonical) return PDN_EINVAL;
    size_t n = strlen(variant), m = strlen(canonical);
    char *key = malloc(2 * n + 2), *shown = malloc(m + 1), *ckey = malloc(2 * m + 2);
    int rc = PDN_ENOMEM;
    if (!key || !shown || !ckey) goto out;
    rc = PDN_EINVAL;
    if (stats_key(key, variant, n) == 0 || stats_trim(shown, canonical, m) == 0) goto out;
    stats_key(ckey, shown, strlen(shown));
    rc = 0;
    if (strcmp(key, ckey) == 0) goto out; /* a spelling of itself */
    rc = PDN_EINVAL;
    if (alias_leads_to(st, ckey, key)) goto out; /* would close a cycle */
    rc = PDN_ENOMEM;
    /* B = C, then A = B: A is stored as C, so that chains read in either
     * order stay short (200000 lines in a chain read in moments) */
    const struct st_alias *end = alias_end(st, ckey);
    if (end) {
        free(shown);
        free(ckey);
        shown = strdup(end->name);
        ckey = strdup(end->key);
        if (!shown || !ckey) goto out;
    }
    bool added;
    long i = stats_names_find(&st->aliases, key, true, &added);
    if (i < 0) goto out;
    struct st_alias *al =
        added ? vec_push(&st->alias, sizeof *al) : (struct st_alias *)st->alias.data + i;
    if (!al) goto out;
    free(al->name);
    free(al->key);
    al->name = shown;
    al->key = ckey;
    shown = ckey = NULL;
    /* the spellings seen may now mean another name */
    memset(st->event_seen, 0, sizeof st->event_seen);
    memset(st->player_seen, 0, sizeof st->player_seen);
    rc = 0;
out:
    free(key);
    free(shown);
    free(ckey);
    return rc;
}

long stats_team_of(pdn_stats *st, const char *value)
{
    if (!value) return 0;
    size_t n = strlen(value);
    char stackbuf[512], *buf = 3 * n + 4 <= sizeof stackbuf ? stackbuf : malloc(3 * n + 4);
    if (!buf) return -1;
    const char *shown, *key = stats_name_of(st, buf, value, &shown);
    bool added;
    long i = strcmp(shown, "?") == 0 ? -2 : stats_names_find(&st->teams, key, true, &added);
    if (i >= 0 && added) {
        char *copy = strdup(shown), **slot = copy ? vec_push(&st->team, sizeof *slot) : NULL;
        if (slot)
            *slot = copy;
        else {
            free(copy);
            i = -1;
        }
    }
    if (buf != stackbuf) free(buf);
    return i == -2 ? 0 : i < 0 ? -1 : i + 1;
}

int stats_id_add(struct id_set *s, uint64_t id)
{
    if ((s->n + 1) * 4 > s->cap * 3) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        uint64_t *slots = calloc(cap, sizeof *slots);
        if (!slots) return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slots[i]) continue;
            size_t j = stats_slot_of(s->slots[i], cap);
            while (slots[j])
                j = (j + 1) & (cap - 1);
            slots[j] = s->slots[i];
        }
        free(s->slots);
        s->slots = slots;
        s->cap = cap;
    }
    size_t j = stats_slot_of(id, s->cap);
    for (; s->slots[j]; j = (j + 1) & (s->cap - 1))
        if (s->slots[j] == id) return 0;
    s->slots[j] = id;
    s->n++;
    return 1;
}

/* Eight nibbles, the year's digits first: a digit d is d + 1, '?' is 11
 * (after the digits, as in ASCII), so that numbers order as the texts. */
uint32_t stats_date_pack(const char date[11])
{
    static const int at[8] = {0, 1, 2, 3, 5, 6, 8, 9};
    uint32_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 4 | (date[at[i]] == '?' ? 11u : (uint32_t)(date[at[i]] - '0') + 1);
    return v;
}

void stats_date_unpack(char out[11], uint32_t packed)
{
    static const int at[8] = {0, 1, 2, 3, 5, 6, 8, 9};
    memcpy(out, "????.??.??", 11);
    if (packed == 0) out[0] = '\0';
    for (int i = 7; packed != 0 && i >= 0; i--, packed >>= 4)
        if ((packed & 15) != 11) out[at[i]] = (char)('0' + (packed & 15) - 1);
}

void stats_strings_free(struct vec *strings)
{
    char **s = strings->data;
    for (size_t i = 0; i < strings->n; i++)
        free(s[i]);
    vec_free(strings);
}

void stats_teams_free(pdn_stats *st)
{
    stats_strings_free(&st->team);
    stats_names_free(&st->teams);
}
/* A slot of a table of cap (a power of two) for a 64-bit id: splitmix64's
 * finaliser, so that every bit reaches the index (a pair's event sits in the
 * high half, its player in the low). */
size_t stats_slot_of(uint64_t v, size_t cap)
{
    return (size_t)hash_final(v) & (cap - 1);
}
