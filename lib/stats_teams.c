/*
 * stats_teams: an event's team table from the teams its games name
 * (WhiteTeam, BlackTeam): per round the matches, two teams and the board
 * points each scored (2 a won game, 1 a draw), match points (2 a won
 * match, 1 a drawn one; none for a match with a board that has no result,
 * undecided), and the teams ordered by match points, then board points.
 * Reads what stats.c counted; never prints.
 */
#include "stats.h"

#include <stdlib.h>
#include <string.h>

/* One game's side of a match, keyed by round and the two teams. */
static int cmp_game(const void *a, const void *b)
{
    const struct team_match *x = a, *y = b;
    if (x->round != y->round) return x->round < y->round ? -1 : 1;
    if (x->team[0] != y->team[0]) return x->team[0] < y->team[0] ? -1 : 1;
    return (x->team[1] > y->team[1]) - (x->team[1] < y->team[1]);
}

/* The games between two teams, each as a match of its own; the lower team
 * index first. */
static size_t team_games(struct team_match *out, const struct vec *recs, size_t *untagged)
{
    const struct st_rec *r = recs->data;
    size_t m = 0;
    *untagged = 0;
    for (size_t i = 0; i < recs->n; i++) {
        if (!r[i].white_team || !r[i].black_team || r[i].white_team == r[i].black_team) {
            ++*untagged;
            continue;
        }
        int pw = cross_points_white(r[i].outcome);
        int pb = pw < 0 ? 0 : r[i].outcome == ST_OTHER ? 0 : 2 - pw;
        if (pw < 0) pw = 0;
        bool swap = r[i].white_team > r[i].black_team;
        uint32_t a = r[i].white_team - 1, b = r[i].black_team - 1;
        out[m++] =
            (struct team_match){r[i].round,
                                {swap ? b : a, swap ? a : b},
                                {(unsigned long)(swap ? pb : pw), (unsigned long)(swap ? pw : pb)},
                                r[i].outcome == ST_UNKNOWN};
    }
    qsort(out, m, sizeof *out, cmp_game);
    return m;
}

/* Games of one round between the same two teams make one match. */
static size_t merge_matches(struct team_match *g, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        if (w > 0 && cmp_game(&g[w - 1], &g[i]) == 0) {
            g[w - 1].board[0] += g[i].board[0];
            g[w - 1].board[1] += g[i].board[1];
            g[w - 1].open += g[i].open;
        } else {
            g[w++] = g[i];
        }
    }
    return w;
}

bool stats_team_event_name(const char *name)
{
    static const char *const words[] = {"team",   "Team",      "équipe", "Équipe", "equipe",
                                        "Equipe", "annschaft", "rużyn",  "ploeg",  "Ploeg"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(name, words[i])) return true;
    return false;
}

int team_row_of(const struct team_table *t, uint32_t team)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (t->rows[i].team == team) return (int)i;
    return -1;
}

static void count_match(struct team_table *t, const struct team_match *m)
{
    for (int k = 0; k < 2; k++) {
        struct team_row *r = &t->rows[team_row_of(t, m->team[k])];
        unsigned long own = m->board[k], other = m->board[1 - k];
        r->matches++;
        r->board_points += own;
        if (m->open) continue; /* undecided: no match points, no result */
        r->match_points += own > other ? 2 : own == other ? 1 : 0;
        r->wins += own > other;
        r->draws += own == other;
        r->losses += own < other;
    }
}

static int cmp_rows(const struct team_row *x, const struct team_row *y, const pdn_stats *st)
{
    if (x->match_points != y->match_points) return x->match_points > y->match_points ? -1 : 1;
    if (x->board_points != y->board_points) return x->board_points > y->board_points ? -1 : 1;
    char *const *names = st->team.data;
    return strcmp(names[x->team], names[y->team]);
}

/* Insertion sort (a few teams), then places shared on equal points. */
static void order_teams(struct team_table *t, const pdn_stats *st)
{
    for (size_t i = 1; i < t->nrows; i++) {
        struct team_row x = t->rows[i];
        size_t j = i;
        for (; j > 0 && cmp_rows(&x, &t->rows[j - 1], st) < 0; j--)
            t->rows[j] = t->rows[j - 1];
        t->rows[j] = x;
    }
    for (size_t i = 0; i < t->nrows; i++) {
        const struct team_row *a = &t->rows[i], *b = i ? &t->rows[i - 1] : NULL;
        bool tied = b && a->match_points == b->match_points && a->board_points == b->board_points;
        t->rows[i].place = tied ? b->place : (int)i + 1;
    }
}

bool team_table_build(struct team_table *t, const pdn_stats *st, const struct st_event *ev)
{
    memset(t, 0, sizeof *t);
    const struct vec *recs = st_event_recs(st, ev);
    t->matches = malloc((recs->n + 1) * sizeof *t->matches);
    t->rows = calloc(2 * recs->n + 1, sizeof *t->rows);
    if (!t->matches || !t->rows) {
        team_table_free(t);
        return false;
    }
    t->nmatches = merge_matches(t->matches, team_games(t->matches, recs, &t->untagged));
    for (size_t i = 0; i < t->nmatches; i++) {
        const struct team_match *m = &t->matches[i];
        for (int k = 0; k < 2; k++)
            if (team_row_of(t, m->team[k]) < 0) t->rows[t->nrows++].team = m->team[k];
        if (m->round > t->rounds) t->rounds = m->round;
        count_match(t, m);
    }
    order_teams(t, st);
    return true;
}

void team_table_free(struct team_table *t)
{
    free(t->rows);
    free(t->matches);
    memset(t, 0, sizeof *t);
}
