/*
 * stats_clash: players with two games in one round of an event
 * (pdn_stats_round_clashes), from the crosstable's records: a Round tag
 * or a name that is wrong, which the table by rounds would otherwise show
 * as two games in one cell without a word. Never prints.
 */
#include "stats.h"

#include <stdlib.h>

/* A player's seat in one game of the event: sorted, a player's games of
 * one round come together, in the order read. */
struct seat {
    int32_t round, sub;
    uint32_t player;
    uint32_t at; /* 2 x the game's index among the event's records (in order read), + 1 Black */
};

static int cmp_seat(const void *a, const void *b)
{
    const struct seat *x = a, *y = b;
    if (x->round != y->round) return x->round < y->round ? -1 : 1;
    if (x->sub != y->sub) return x->sub < y->sub ? -1 : 1;
    if (x->player != y->player) return x->player < y->player ? -1 : 1;
    return (x->at > y->at) - (x->at < y->at);
}

static const char *file_name(const pdn_stats *st, uint32_t i)
{
    return ((char *const *)st->file_names.data)[i];
}

/* A seat in a round its player has played (at, as a seat's), and that
 * player's first game of it. */
struct hit {
    uint32_t at, first, player;
};

/* In the order read: the games, White before Black. */
static int cmp_hit(const void *a, const void *b)
{
    const struct hit *x = a, *y = b;
    return (x->at > y->at) - (x->at < y->at);
}

/* The seats of one game after the first of their player's round (and game
 * number: "1-2" and "1-3" are two games of a match), in hits; their count.
 * Games with no round number have no round to share. */
static size_t find_hits(struct hit *hits, struct seat *seats, const struct st_rec *r, size_t nrecs)
{
    size_t n = 0, k = 0;
    for (size_t i = 0; i < nrecs; i++) {
        if (r[i].round <= 0) continue;
        seats[n++] = (struct seat){r[i].round, r[i].sub, r[i].white, 2 * (uint32_t)i};
        seats[n++] = (struct seat){r[i].round, r[i].sub, r[i].black, 2 * (uint32_t)i + 1};
    }
    qsort(seats, n, sizeof *seats, cmp_seat);
    for (size_t i = 1, first = 0; i < n; i++) {
        const struct seat *a = &seats[first], *b = &seats[i];
        if (a->round != b->round || a->sub != b->sub || a->player != b->player)
            first = i;
        else
            hits[k++] = (struct hit){b->at, a->at / 2, b->player};
    }
    qsort(hits, k, sizeof *hits, cmp_hit);
    return k;
}

static int event_clashes(const pdn_stats *st, const struct st_event *ev, pdn_stats_clash_fn fn,
                         void *ctx)
{
    const struct vec *recs = st_event_recs(st, ev);
    const struct st_rec *r = recs->data;
    struct seat *seats = malloc(2 * recs->n * sizeof *seats + 1);
    struct hit *hits = malloc(2 * recs->n * sizeof *hits + 1);
    if (!seats || !hits) {
        free(seats);
        free(hits);
        return PDN_ENOMEM;
    }
    size_t n = find_hits(hits, seats, r, recs->n);
    for (size_t i = 0; i < n; i++) {
        const struct st_rec *g = &r[hits[i].at / 2], *f = &r[hits[i].first];
        struct pdn_stats_clash c = {ev->name,
                                    st_player_name(st, hits[i].player),
                                    g->round,
                                    g->sub,
                                    file_name(st, g->file),
                                    g->line,
                                    file_name(st, f->file),
                                    f->line};
        fn(&c, ctx);
    }
    free(seats);
    free(hits);
    return 0;
}

int pdn_stats_round_clashes(const pdn_stats *st, pdn_stats_clash_fn fn, void *ctx)
{
    if (!st || !fn) return PDN_EINVAL;
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++) {
        int rc = event_clashes(st, &e[i], fn, ctx);
        if (rc < 0) return rc;
    }
    return 0;
}
