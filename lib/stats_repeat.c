/*
 * stats_repeat: games read twice. One rule for every table that counts
 * players (the players, events and crosstables): a game is a repeat of an
 * earlier one when the same two players in the same colours met in the same
 * event and round (game number too, "3-2"), unless the two games' first
 * STATS_REPEAT_PLIES plies differ (games played again in one round, as
 * servers for online play file them: the round clash warns of those), or
 * when they played the same moves to the same result over at least
 * STATS_REPEAT_PLIES plies (a game filed under two rounds), unless both
 * are dated and on different days (a line played again: a match's theory
 * draw, the same 30 plies in rounds 1 and 3, is two games). A repeat is
 * left out of those tables and listed, with the game it repeats. Keeps two
 * 64-bit keys per game counted, each with the hash of the game's first
 * plies, and the names of the files games come from (which the
 * crosstable's records name too, stats_file_index); never prints.
 */
#include "hash.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

/* Where the keys start (hash.h: a key is mixed from a seed). */
enum { REPEAT_SEED = 0x4e7 };

static bool seen_grow(struct repeat_set *s)
{
    size_t cap = s->cap ? s->cap * 2 : 256;
    struct repeat_slot *slots = calloc(cap, sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->slots[i].key) continue;
        size_t j = s->slots[i].key & (cap - 1);
        while (slots[j].key)
            j = (j + 1) & (cap - 1);
        slots[j] = s->slots[i];
    }
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
    return true;
}

/* The slot of key: holding it (the first game seen), or empty, where it goes. */
static struct repeat_slot *seen_slot(const struct repeat_set *s, uint64_t key)
{
    size_t j = key & (s->cap - 1);
    while (s->slots[j].key && s->slots[j].key != key)
        j = (j + 1) & (s->cap - 1);
    return &s->slots[j];
}

long stats_file_index(pdn_stats *st, const char *file)
{
    char **names = st->file_names.data;
    if (!file) file = "-";
    size_t n = st->file_names.n;
    if (n > 0 && strcmp(names[n - 1], file) == 0) return (long)n - 1;
    char *copy = strdup(file);
    char **slot = copy ? vec_push(&st->file_names, sizeof *slot) : NULL;
    if (!slot) {
        free(copy);
        return -1;
    }
    *slot = copy;
    return (long)n;
}

/* Whether a game met in the same round as an earlier one is another game:
 * both went STATS_REPEAT_PLIES plies, not the same ones. */
static bool two_games(const struct repeat_slot *first, const struct repeat_game *g)
{
    return first->start && g->start && first->start != g->start;
}

/* Whether a game of the same moves as an earlier one is another game:
 * both dated, on different days. */
static bool played_again(const struct repeat_slot *first, const struct repeat_game *g)
{
    return first->date && g->date && first->date != g->date;
}

int stats_repeat_check(pdn_stats *st, const struct repeat_game *g)
{
    struct repeat_set *seen = &st->repeat_seen;
    if ((seen->n + 2) * 2 > seen->cap && !seen_grow(seen)) return PDN_ENOMEM;
    /* Mixed from a seed: hash_mix of two small numbers is no hash (the
     * players 496 and 401 made the key of 495 and 493). */
    uint64_t who = hash_mix(hash_mix(hash_mix(REPEAT_SEED, g->white), g->black), g->event);
    uint64_t keys[2] = {0, 0};
    if (g->round > 0)
        keys[0] = hash_mix(hash_mix(hash_mix(who, 1), (uint32_t)g->round), (uint32_t)g->sub) | 1;
    if (g->plies >= STATS_REPEAT_PLIES)
        keys[1] = hash_mix(hash_mix(hash_mix(who, 2), g->outcome), g->moves) | 1;
    for (int k = 0; k < 2; k++) {
        const struct repeat_slot *first = keys[k] ? seen_slot(seen, keys[k]) : NULL;
        if (!first || !first->key || (k == 0 && two_games(first, g)) ||
            (k == 1 && played_again(first, g)))
            continue;
        struct st_repeat r = {.file = g->file,
                              .game = (uint32_t)g->index,
                              .first_file = first->file,
                              .first_game = first->game,
                              .event = g->event,
                              .white = g->white,
                              .black = g->black,
                              .round = g->round,
                              .sub = g->sub,
                              .same_moves = k == 1};
        return stats_repeat_add(&st->repeats, &r) ? 1 : PDN_ENOMEM;
    }
    /* A round's later game keeps to the first one's slot: the round is
     * compared with the first game of it. */
    for (int k = 0; k < 2; k++) {
        struct repeat_slot *slot = keys[k] ? seen_slot(seen, keys[k]) : NULL;
        if (!slot || slot->key) continue;
        *slot = (struct repeat_slot){keys[k], g->start, g->file, (uint32_t)g->index, g->date};
        seen->n++;
    }
    return 0;
}

void stats_repeat_free(pdn_stats *st)
{
    stats_strings_free(&st->file_names);
    vec_free(&st->repeats.bytes);
    vec_free(&st->repeats.marks);
    memset(&st->repeats, 0, sizeof st->repeats);
    free(st->repeat_seen.slots);
    memset(&st->repeat_seen, 0, sizeof st->repeat_seen);
}
