/*
 * stats_pairs: who met whom in an event's crosstable. For each player (by
 * index in the sorted players of the table) the opponents met, with the
 * games recorded and the points scored in those with a known result: what
 * the tie-breaks compare (never a game that was not played) and what says
 * which pairings of a round robin have no game. Built once per table from
 * its records; never prints.
 */
#include "stats.h"

#include <stdlib.h>
#include <string.h>

struct pair_entry {
    uint32_t owner, opp;
    int points; /* -1 unknown result */
};

static int cmp_entry(const void *a, const void *b)
{
    const struct pair_entry *x = a, *y = b;
    if (x->owner != y->owner) return x->owner < y->owner ? -1 : 1;
    return (x->opp > y->opp) - (x->opp < y->opp);
}

static uint32_t index_of(const uint32_t *ids, size_t n, uint32_t player)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ids[mid] < player)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (uint32_t)lo;
}

/* Both sides of each game, sorted by player and opponent. */
static struct pair_entry *entries(const struct cross *c, const uint32_t *ids, size_t n)
{
    struct pair_entry *e = malloc((2 * c->nrecs + 1) * sizeof *e);
    if (!e) return NULL;
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        uint32_t a = index_of(ids, n, r->white), b = index_of(ids, n, r->black);
        int pw = cross_points_white(r->outcome);
        int pb = pw < 0 ? -1 : r->outcome == ST_OTHER ? 0 : 2 - pw;
        e[2 * i] = (struct pair_entry){a, b, pw};
        e[2 * i + 1] = (struct pair_entry){b, a, pb};
    }
    qsort(e, 2 * c->nrecs, sizeof *e, cmp_entry);
    return e;
}

bool cross_pairs_build(struct cross *c, const uint32_t *ids, size_t n)
{
    struct pair_entry *e = entries(c, ids, n);
    c->opp = malloc((2 * c->nrecs + 1) * sizeof *c->opp);
    c->opp_at = calloc(n + 1, sizeof *c->opp_at);
    if (!e || !c->opp || !c->opp_at) {
        free(e);
        return false;
    }
    size_t m = 0;
    for (size_t i = 0; i < 2 * c->nrecs; i++) {
        bool same = m > 0 && e[i - 1].owner == e[i].owner && e[i - 1].opp == e[i].opp;
        if (!same) {
            c->opp[m++] = (struct cross_opp){.opp = e[i].opp};
            c->opp_at[e[i].owner + 1] = (uint32_t)m;
        }
        struct cross_opp *o = &c->opp[m - 1];
        o->recorded++;
        if (e[i].points >= 0) {
            o->games++;
            o->points += e[i].points;
        }
    }
    for (size_t i = 1; i <= n; i++) /* players with no entry end where the one before does */
        if (c->opp_at[i] < c->opp_at[i - 1]) c->opp_at[i] = c->opp_at[i - 1];
    c->nids = n;
    free(e);
    return true;
}

const struct cross_opp *cross_pair(const struct cross *c, uint32_t a, uint32_t b)
{
    const struct cross_opp *o = c->opp + c->opp_at[a];
    size_t lo = 0, hi = c->opp_at[a + 1] - c->opp_at[a];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (o[mid].opp == b) return &o[mid];
        if (o[mid].opp < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}
