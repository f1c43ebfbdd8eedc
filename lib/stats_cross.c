/*
 * stats_cross: an event's crosstable from its game records (repeats left
 * out when counted): games in round order, each player's line, and the final order by
 * a tie-break preset, remembering after which criterion each tied group
 * split (for --explain). Reads what stats.c counted; never prints.
 */
#include "stats.h"

#include <stdlib.h>
#include <string.h>

/* Points of each side: 0-0 gives both nothing. */
static int points_black(uint8_t outcome)
{
    return outcome == ST_OTHER ? 0 : outcome == ST_UNKNOWN ? -1 : 2 - cross_points_white(outcome);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int cmp_round_order(const void *a, const void *b)
{
    const struct st_rec *x = a, *y = b;
    if (x->round != y->round) return x->round < y->round ? -1 : 1;
    if (x->sub != y->sub) return x->sub < y->sub ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

const char *cross_preset_note(enum pdn_stats_tiebreak tb)
{
    return tb == PDN_TIEBREAK_KNDB ? "without plus- and minus-draws, which PDN files do not record"
                                   : NULL;
}

int cross_row_of(const struct cross *c, uint32_t player)
{
    for (size_t i = 0; i < c->nrows; i++)
        if (c->rows[i].player == player) return (int)i;
    return -1;
}

/* ---- the rows ---------------------------------------------------------------- */

struct work {
    struct cross *c;
    uint32_t *ids; /* players, ascending: ids[i] is rows[i] before sorting */
    struct cross_row *by_id;
    size_t n;
    int stage; /* the criterion being applied: sort key crit[stage - 1] */
};

static struct cross_row *row_by_id(const struct work *w, uint32_t player)
{
    uint32_t *p = bsearch(&player, w->ids, w->n, sizeof *w->ids, cmp_u32);
    return p ? &w->by_id[p - w->ids] : NULL;
}

static void count_games(struct work *w)
{
    const struct cross *c = w->c;
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        struct cross_row *a = row_by_id(w, r->white), *b = row_by_id(w, r->black);
        a->white++;
        b->black++;
        int pw = cross_points_white(r->outcome), pb = points_black(r->outcome);
        if (pw < 0) continue;
        a->games++;
        b->games++;
        a->points += pw;
        b->points += pb;
        a->wins += pw == 2;
        b->wins += pb == 2;
        a->draws += pw == 1;
        b->draws += pb == 1;
        a->losses += pw == 0;
        b->losses += pb == 0;
    }
}

/* Solkoff (sum of the opponents' points), the lowest of them, and
 * Sonneborn-Berger (the opponent's points times the share scored). */
static void opponent_sums(struct work *w, double *solkoff, double *lowest, double *sb)
{
    const struct cross *c = w->c;
    for (size_t i = 0; i < w->n; i++) {
        solkoff[i] = sb[i] = 0;
        lowest[i] = -1;
    }
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        int pw = cross_points_white(r->outcome), pb = points_black(r->outcome);
        if (pw < 0) continue;
        struct cross_row *a = row_by_id(w, r->white), *b = row_by_id(w, r->black);
        size_t ia = (size_t)(a - w->by_id), ib = (size_t)(b - w->by_id);
        solkoff[ia] += b->points;
        solkoff[ib] += a->points;
        sb[ia] += b->points * pw / 2.0;
        sb[ib] += a->points * pb / 2.0;
        if (lowest[ia] < 0 || b->points < lowest[ia]) lowest[ia] = b->points;
        if (lowest[ib] < 0 || a->points < lowest[ib]) lowest[ib] = a->points;
    }
}

enum crit { CRIT_WINS, CRIT_MUTUAL, CRIT_SOLKOFF, CRIT_TSOLKOFF, CRIT_SB, CRIT_CLASS };

static const char *const crit_names[] = {
    [CRIT_WINS] = "most wins",      [CRIT_MUTUAL] = "mutual result",
    [CRIT_SOLKOFF] = "Solkoff",     [CRIT_TSOLKOFF] = "truncated Solkoff",
    [CRIT_SB] = "Sonneborn-Berger", [CRIT_CLASS] = "results by classification",
};

/* The criteria after points of each preset, -1 ended. */
static const int presets[PDN_TIEBREAK_COUNT][4] = {
    [PDN_TIEBREAK_FMJD] = {CRIT_WINS, CRIT_MUTUAL, CRIT_CLASS, -1},
    /* KNDB's first criterion, plus- and minus-draws, has no PDN result or
     * tag: left out, and the table says so */
    [PDN_TIEBREAK_KNDB] = {CRIT_MUTUAL, -1},
    [PDN_TIEBREAK_SOLKOFF] = {CRIT_SOLKOFF, -1},
    [PDN_TIEBREAK_TSOLKOFF] = {CRIT_TSOLKOFF, CRIT_SOLKOFF, -1},
    [PDN_TIEBREAK_SB] = {CRIT_SB, -1},
};

/* Whether every two players of rows[0, n) played each other, as many games
 * (with a result) each pair. Each player's count alone was not enough: of
 * four tied players, A-B and C-D played, each had one game in the group,
 * and C went above B, whom C never met. */
static bool all_met(const struct cross *c, const struct cross_row *rows, size_t n)
{
    unsigned games = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            const struct cross_opp *o = cross_pair(c, rows[i].at, rows[j].at);
            if (o == NULL || o->games == 0 || (games && o->games != games)) return false;
            games = o->games;
        }
    return true;
}

/* Points in the games between players of one tie group (stage's groups).
 * A group whose players did not all meet as often (all_met: a pairing with
 * no game in the file) gets 0 for all, void: a game not played would count
 * as lost by both, so the criterion leaves them tied, and its cells say
 * nothing. */
static void mutual(struct work *w, int k)
{
    const struct cross *c = w->c;
    for (size_t i = 0; i < w->n; i++) {
        w->by_id[i].crit[k] = 0;
        w->by_id[i].crit_void[k] = false;
    }
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        int pw = cross_points_white(r->outcome), pb = points_black(r->outcome);
        struct cross_row *a = row_by_id(w, r->white), *b = row_by_id(w, r->black);
        if (pw < 0 || a->gid[k] != b->gid[k]) continue;
        a->crit[k] += pw;
        b->crit[k] += pb;
    }
    /* the groups lie together in c->rows */
    for (size_t i = 0; i < c->nrows;) {
        size_t j = i;
        while (j < c->nrows && c->rows[j].gid[k] == c->rows[i].gid[k])
            j++;
        bool met = all_met(c, &c->rows[i], j - i);
        for (; !met && i < j; i++) {
            struct cross_row *r = row_by_id(w, c->rows[i].player);
            r->crit[k] = 0;
            r->crit_void[k] = true;
        }
        i = j;
    }
}

/* ---- results in order of the classification ------------------------------------ */

static int cmp_cls_sum(const void *a, const void *b)
{
    const struct cls_sum *x = a, *y = b;
    return (x->gid > y->gid) - (x->gid < y->gid);
}

/* Two players' points against each group of the classification (the groups
 * at stage k, their own left out), the highest group first, counting only
 * the games against players both of them met: a game not played is no
 * result. Walks x's opponents, so a comparison costs x's games, not the
 * table. The first difference decides: < 0 when x is ahead; *gid is that
 * group, -1 none. */
static int cls_compare(const struct cross *c, int k, const struct cross_row *x,
                       const struct cross_row *y, int *gid, double *px, double *py)
{
    *gid = -1;
    struct cls_sum *sum = c->cls_tmp;
    size_t m = 0;
    for (uint32_t j = c->opp_at[x->at]; j < c->opp_at[x->at + 1]; j++) {
        const struct cross_opp *ox = &c->opp[j], *oy = cross_pair(c, y->at, ox->opp);
        int g = c->cls_gid[ox->opp];
        if (!ox->games || !oy || !oy->games || g == x->gid[k]) continue;
        sum[m++] = (struct cls_sum){g, ox->points, oy->points};
    }
    qsort(sum, m, sizeof *sum, cmp_cls_sum);
    for (size_t i = 0; i < m;) {
        double a = 0, b = 0;
        size_t j = i;
        for (; j < m && sum[j].gid == sum[i].gid; j++) {
            a += sum[j].x;
            b += sum[j].y;
        }
        if (a != b) {
            *gid = sum[i].gid;
            *px = a;
            *py = b;
            return a > b ? -1 : 1;
        }
        i = j;
    }
    return 0;
}

int cross_cls_diff(const struct cross *c, const struct cross_row *a, const struct cross_row *b,
                   double *pa, double *pb)
{
    int gid = -1;
    *pa = *pb = 0;
    if (c->cls_stage >= 0) cls_compare(c, c->cls_stage, a, b, &gid, pa, pb);
    return gid;
}

/*
 * The places FMJD's last criterion gives one tie group, rows[0, n) in the
 * order of the criteria before: its players ordered by how many of the
 * group each is ahead of (cls_compare), then cut into blocks, a cut only
 * where every player above it is ahead of every one below. A comparison
 * needs opponents in common, which two players of an open event may not
 * have: a count alone then placed one above another for nothing (48th
 * Polish Team Championship: Stanczuk alone 2nd, for being ahead of Franek,
 * over two players he could not be compared with). Players a cut does not
 * part share a place. crit[k]: the players of the group in the blocks below.
 * Each pair is compared twice (the counts, then the cuts), n^2 in all.
 */
static bool classify_group(struct work *w, int k, const struct cross_row *rows, size_t n)
{
    const struct cross *c = w->c;
    size_t *ahead = calloc(3 * n, sizeof *ahead), *order = ahead + n, *fail = order + n;
    if (ahead == NULL) return false;
    int gid;
    double px, py;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            int d = cls_compare(c, k, &rows[i], &rows[j], &gid, &px, &py);
            ahead[d < 0 ? i : j] += d != 0;
        }
    for (size_t i = 0; i < n; i++) { /* by the count, stable: insertion */
        size_t j = i;
        for (; j > 0 && ahead[order[j - 1]] < ahead[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    /* fail[q]: the players above q, since the last cut, not ahead of q;
     * failing: their sum over the players below p */
    size_t failing = 0, start = 0;
    for (size_t p = 0; p < n; p++) {
        failing -= fail[p];
        for (size_t q = p + 1; q < n; q++)
            if (cls_compare(c, k, &rows[order[p]], &rows[order[q]], &gid, &px, &py) >= 0) {
                fail[q]++;
                failing++;
            }
        if (failing > 0 && p + 1 < n) continue;
        for (size_t i = start; i <= p; i++) /* a cut after p */
            row_by_id(w, rows[order[i]].player)->crit[k] = (double)(n - 1 - p);
        start = p + 1;
    }
    free(ahead);
    return true;
}

/* FMJD's last criterion: each player's points against the groups of the
 * classification so far (players still tied are one group, their own
 * group left out: the mutual result came before), compared from the top,
 * within each group still tied (classify_group). */
static bool by_classification(struct work *w, int k)
{
    struct cross *c = w->c;
    size_t most = 1;
    for (size_t i = 0; i < c->nids; i++)
        if (c->opp_at[i + 1] - c->opp_at[i] > most) most = c->opp_at[i + 1] - c->opp_at[i];
    c->cls_gid = malloc((c->nids + 1) * sizeof *c->cls_gid);
    c->cls_tmp = malloc(most * sizeof *c->cls_tmp);
    if (!c->cls_gid || !c->cls_tmp) return false;
    /* the groups lie together in c->rows, sorted by the criteria before */
    for (size_t i = 0; i < c->nrows; i++)
        c->cls_gid[c->rows[i].at] = c->rows[i].gid[k];
    for (size_t i = 0, j; i < c->nrows; i = j) {
        for (j = i + 1; j < c->nrows && c->rows[j].gid[k] == c->rows[i].gid[k]; j++)
            ;
        if (!classify_group(w, k, &c->rows[i], j - i)) return false;
    }
    c->cls_stage = k;
    return true;
}

static bool criterion(struct work *w, int k, int crit)
{
    size_t n = w->n;
    double *sol = malloc(3 * n * sizeof *sol + 1);
    if (!sol) return false;
    double *low = sol + n, *sb = low + n;
    opponent_sums(w, sol, low, sb);
    for (size_t i = 0; i < n; i++) {
        struct cross_row *r = &w->by_id[i];
        switch (crit) {
        case CRIT_WINS:
            r->crit[k] = r->wins;
            break;
        case CRIT_SOLKOFF:
            r->crit[k] = sol[i];
            break;
        case CRIT_TSOLKOFF:
            r->crit[k] = low[i] < 0 ? 0 : sol[i] - low[i];
            break;
        case CRIT_SB:
            r->crit[k] = sb[i];
            break;
        }
    }
    free(sol);
    if (crit == CRIT_MUTUAL) mutual(w, k);
    return crit == CRIT_CLASS ? by_classification(w, k) : true;
}

static int cmp_stage(const struct cross_row *x, const struct cross_row *y, int k)
{
    if (x->gid[k] != y->gid[k]) return x->gid[k] < y->gid[k] ? -1 : 1;
    if (x->crit[k] != y->crit[k]) return x->crit[k] > y->crit[k] ? -1 : 1;
    return 0;
}

static int cmp_points(const struct cross_row *x, const struct cross_row *y, const pdn_stats *st)
{
    if (x->points != y->points) return x->points > y->points ? -1 : 1;
    const struct st_player *p = st->player.data;
    int c = strcmp(p[x->player].name, p[y->player].name);
    return c ? c : (x->player > y->player) - (x->player < y->player);
}

/* The order of a sort of the rows: by a tie-break stage's groups and
 * criterion, or (stage -1) by points, then name. */
struct row_order {
    int stage;
    const pdn_stats *st;
};

static int cmp_rows(const struct cross_row *x, const struct cross_row *y, const struct row_order *o)
{
    return o->stage >= 0 ? cmp_stage(x, y, o->stage) : cmp_points(x, y, o->st);
}

/* Insertion sort: stable, and tables are small. */
static void sort_rows(struct cross_row *rows, size_t n, struct row_order o)
{
    for (size_t i = 1; i < n; i++) {
        struct cross_row t = rows[i];
        size_t j = i;
        while (j > 0 && cmp_rows(&t, &rows[j - 1], &o) < 0) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = t;
    }
}

static void places(struct cross *c)
{
    int last = c->ncrit;
    for (size_t i = 0; i < c->nrows;) {
        size_t j = i + 1;
        while (j < c->nrows && c->rows[j].gid[last] == c->rows[i].gid[last])
            j++;
        for (size_t k = i; k < j; k++) {
            c->rows[k].place = (int)i + 1;
            c->rows[k].place_to = (int)j;
        }
        i = j;
    }
}

/* The final order: points, then each criterion within the groups still tied.
 * gid[0] is the points group, gid[k + 1] the group after criterion k. */
static bool order_rows(struct work *w, enum pdn_stats_tiebreak tb, const pdn_stats *st)
{
    struct cross *c = w->c;
    sort_rows(c->rows, c->nrows, (struct row_order){-1, st});
    for (size_t i = 0; i < c->nrows; i++) {
        c->rows[i].gid[0] =
            i > 0 && c->rows[i].points == c->rows[i - 1].points ? c->rows[i - 1].gid[0] : (int)i;
    }
    for (int k = 0; k < 4 && presets[tb][k] >= 0; k++) {
        /* w->by_id must see the current groups: it is rebuilt from rows */
        for (size_t i = 0; i < c->nrows; i++)
            *row_by_id(w, c->rows[i].player) = c->rows[i];
        if (!criterion(w, k, presets[tb][k])) return false;
        for (size_t i = 0; i < c->nrows; i++) {
            const struct cross_row *b = row_by_id(w, c->rows[i].player);
            c->rows[i].crit[k] = b->crit[k];
            c->rows[i].crit_void[k] = b->crit_void[k];
        }
        sort_rows(c->rows, c->nrows, (struct row_order){k, NULL});
        int gid = 0;
        for (size_t i = 0; i < c->nrows; i++) {
            if (i > 0 && cmp_stage(&c->rows[i], &c->rows[i - 1], k) != 0) gid = (int)i;
            c->rows[i].gid[k + 1] = gid;
        }
        c->crit_name[k] = crit_names[presets[tb][k]];
        c->crit_within[k] = presets[tb][k] == CRIT_MUTUAL || presets[tb][k] == CRIT_CLASS;
        c->ncrit = k + 1;
    }
    places(c);
    return true;
}

/* A round robin's games: each pairing once a cycle; a cycle is n - 1
 * rounds (n even) or n (odd: one player rests each round), the cycles the
 * distinct rounds read make, to the nearest (12 players, rounds 5 to 12 of
 * a final: one cycle); never fewer than the most games a pairing has. */
static void round_robin_size(struct cross *c)
{
    size_t n = c->nrows;
    int per_cycle = n % 2 ? (int)n : (int)n - 1, most = 1;
    for (size_t i = 0; i < c->nids; i++)
        for (uint32_t j = c->opp_at[i]; j < c->opp_at[i + 1]; j++)
            if (c->opp[j].recorded > most) most = c->opp[j].recorded;
    int rounds = (int)c->ev->rounds; /* distinct: a round missing from the file is no cycle */
    c->cycles = per_cycle > 0 ? (rounds + per_cycle / 2) / per_cycle : 1;
    if (c->cycles < 1) c->cycles = 1;
    if (c->cycles < most) c->cycles = most; /* a match: "1-1".."2-3" are 6 games */
    c->expected = (unsigned long)c->cycles * n * (n - 1) / 2;
}

bool cross_build(struct cross *c, const pdn_stats *st, const struct st_event *ev,
                 enum pdn_stats_tiebreak tb)
{
    memset(c, 0, sizeof *c);
    c->ev = ev;
    c->cls_stage = -1;
    const struct vec *recs = st_event_recs(st, ev);
    size_t n = recs->n;
    struct work w = {.c = c};
    c->recs = malloc(n * sizeof *c->recs + 1);
    w.ids = malloc(2 * n * sizeof *w.ids + 1);
    if (!c->recs || !w.ids) goto fail;
    if (n) memcpy(c->recs, recs->data, n * sizeof *c->recs);
    qsort(c->recs, n, sizeof *c->recs, cmp_round_order);
    c->duplicates = ev->repeats; /* left out when counted (stats_repeat.c) */
    c->nrecs = n;
    for (size_t i = 0; i < c->nrecs; i++) {
        w.ids[2 * i] = c->recs[i].white;
        w.ids[2 * i + 1] = c->recs[i].black;
    }
    qsort(w.ids, 2 * c->nrecs, sizeof *w.ids, cmp_u32);
    for (size_t i = 0; i < 2 * c->nrecs; i++)
        if (w.n == 0 || w.ids[w.n - 1] != w.ids[i]) w.ids[w.n++] = w.ids[i];
    w.by_id = calloc(w.n + 1, sizeof *w.by_id);
    c->rows = calloc(w.n + 1, sizeof *c->rows);
    if (!w.by_id || !c->rows) goto fail;
    for (size_t i = 0; i < w.n; i++) {
        w.by_id[i].player = w.ids[i];
        w.by_id[i].at = (uint32_t)i;
    }
    if (!cross_pairs_build(c, w.ids, w.n)) goto fail;
    count_games(&w);
    c->nrows = w.n;
    memcpy(c->rows, w.by_id, w.n * sizeof *c->rows);
    for (size_t i = 0; i < c->nrecs; i++)
        if (c->recs[i].round > c->rounds) c->rounds = c->recs[i].round;
    c->numbered = c->rounds > 0;
    if (!c->numbered) /* the system told by the games a player has */
        for (size_t i = 0; i < w.n; i++)
            if (c->rows[i].white + c->rows[i].black > c->rounds)
                c->rounds = (int)(c->rows[i].white + c->rows[i].black);
    c->swiss = c->nrows > (size_t)c->rounds + 1;
    round_robin_size(c);
    if (!order_rows(&w, tb, st)) goto fail;
    free(w.ids);
    free(w.by_id);
    return true;
fail:
    free(w.ids);
    free(w.by_id);
    cross_free(c);
    return false;
}

void cross_free(struct cross *c)
{
    free(c->recs);
    free(c->rows);
    free(c->opp);
    free(c->opp_at);
    free(c->cls_gid);
    free(c->cls_tmp);
    memset(c, 0, sizeof *c);
}

int pdn_stats_shortfalls(const pdn_stats *st, pdn_stats_shortfall_fn fn, void *ctx)
{
    if (!st || !fn) return PDN_EINVAL;
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++) {
        if (st_event_recs(st, &e[i])->n == 0) continue;
        struct cross c;
        if (!cross_build(&c, st, &e[i], PDN_TIEBREAK_FMJD)) return PDN_ENOMEM;
        unsigned long due =
            c.swiss ? (unsigned long)e[i].rounds : (unsigned long)c.cycles * (c.nrows - 1);
        for (size_t k = 0; k < c.nrows; k++) {
            const struct cross_row *r = &c.rows[k];
            unsigned long games = (unsigned long)(r->white + r->black);
            if (games >= due) continue;
            const struct st_player *p = (const struct st_player *)st->player.data + r->player;
            struct pdn_stats_shortfall sf = {e[i].name, p->name, games, due, !c.swiss};
            fn(&sf, ctx);
        }
        cross_free(&c);
    }
    return 0;
}
