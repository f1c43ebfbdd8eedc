/*
 * The engine's search: principal variation search with a transposition
 * table, forced moves extended, late quiet moves reduced; a quiescence
 * search that plays out pending captures (no standing pat while a capture
 * is compulsory); move ordering by the hash move, promotions, killers and
 * the history of cut-offs; the draw rules along the line are
 * engine_draw.c's. Works only in the handle's memory: nothing is
 * allocated here, nothing printed.
 */
#include "engine.h"

#include <limits.h>

#define INF (PDN_ENGINE_WIN + 1)
/* Scores beyond this are wins or losses found in the tree. */
#define WIN_BOUND (PDN_ENGINE_WIN - ENGINE_PLY_MAX)

/* Node and time limits, and the caller's stop: time and the caller are
 * asked every 1024 nodes, never during the first depth. */
static bool out_of_budget(struct pdn_engine *e)
{
    if (e->stopped) return true;
    if (!e->may_stop) return false;
    if (e->node_limit && e->nodes >= e->node_limit) return e->stopped = true;
    if (e->nodes & 1023) return false;
    if (e->deadline > 0 && engine_now() >= e->deadline) return e->stopped = true;
    if (e->limits->should_stop && e->limits->should_stop(e->limits->ctx)) e->stopped = true;
    return e->stopped;
}

/* Records the child position's key, whether the move can be undone and
 * whether a draw rule ends the game there. The rules are asked only when
 * they could apply: the endings have at most seven pieces, so with more on
 * the board and none under way (most nodes) nothing is counted. */
static void push(struct pdn_engine *e, int ply, const struct pdn_board *before,
                 const struct pdn_board *after, const struct pdn_move *m)
{
    const struct geometry *g = geometry_get(before->variant);
    bool king_quiet = !m->ncaptured && (before->kings & bit(g->bit_of[m->from]));
    e->path[ply + 1] = engine_key(after);
    e->reversible[ply + 1] = king_quiet ? e->reversible[ply] + 1 : 0;
    e->counts[ply + 1] = e->counts[ply];
    e->pieces[ply + 1] = e->pieces[ply] - m->ncaptured;
    e->drawn[ply + 1] = (e->pieces[ply + 1] <= 7 || e->counts[ply].ending >= 0 ||
                         e->reversible[ply + 1] >= e->quiet_limit) &&
                        engine_rule_draws(e, ply + 1, before, after, m);
}

static bool same_move(const struct move_id *k, const struct pdn_move *m)
{
    return k->from == m->from && k->to == m->to && k->captured == m->captured;
}

static void score_moves(struct pdn_engine *e, int ply, int hash_move, int side)
{
    const struct pdn_movelist *list = &e->lists[ply];
    for (int i = 0; i < list->count; i++) {
        const struct pdn_move *m = &list->moves[i];
        int h = e->history[side][m->from][m->to], s = h < (1 << 16) ? h : (1 << 16);
        if (m->promotes) s += 1 << 19;
        if (same_move(&e->killers[ply][0], m)) s += 1 << 18;
        if (same_move(&e->killers[ply][1], m)) s += 1 << 17;
        if (i == hash_move) s = 1 << 30;
        e->order[ply][i] = s;
    }
}

/* The index of the best-ordered move not yet tried, marked as tried. */
static int pick(struct pdn_engine *e, int ply, int count)
{
    int best = 0;
    for (int i = 1; i < count; i++)
        if (e->order[ply][i] > e->order[ply][best]) best = i;
    e->order[ply][best] = INT_MIN;
    return best;
}

static void update_pv(struct pdn_engine *e, int ply, const struct pdn_move *m)
{
    int n = ply + 1 < ENGINE_PLY_MAX ? e->pv_len[ply + 1] : 0;
    if (n > PDN_ENGINE_PV_MAX - 1) n = PDN_ENGINE_PV_MAX - 1;
    e->pv[ply][0] = *m;
    for (int i = 0; i < n; i++)
        e->pv[ply][i + 1] = e->pv[ply + 1][i];
    e->pv_len[ply] = n + 1;
}

/* A quiet move that refuted the position: remembered for its siblings. */
static void note_cutoff(struct pdn_engine *e, int ply, const struct pdn_move *m, int side,
                        int depth)
{
    if (m->ncaptured) return;
    if (!same_move(&e->killers[ply][0], m)) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = (struct move_id){m->from, m->to, m->captured};
    }
    int *h = &e->history[side][m->from][m->to];
    if (*h < (1 << 20)) *h += depth * depth;
}

static int quiesce(struct pdn_engine *e, const struct pdn_board *b, int alpha, int beta, int ply)
{
    e->nodes++;
    e->pv_len[ply] = 0;
    if (out_of_budget(e) || e->drawn[ply]) return 0;
    if (ply >= ENGINE_PLY_MAX - 1 || e->limits->no_quiescence || !pdn_movegen_has_capture(b))
        return engine_eval(e, b, e->path[ply]);
    struct pdn_movelist *list = &e->lists[ply];
    pdn_movegen(list, b, 0);
    int best = -INF;
    for (int i = 0; i < list->count; i++) {
        struct pdn_board next = *b;
        pdn_board_play(&next, &list->moves[i]);
        push(e, ply, b, &next, &list->moves[i]);
        int s = -quiesce(e, &next, -beta, -alpha, ply + 1);
        if (e->stopped) return 0;
        if (s <= best) continue;
        best = s;
        if (s <= alpha) continue;
        alpha = s;
        update_pv(e, ply, &list->moves[i]);
        if (s >= beta) break;
    }
    return best;
}

static int score_to_table(int s, int ply)
{
    return s > WIN_BOUND ? s + ply : s < -WIN_BOUND ? s - ply : s;
}

static int score_from_table(int s, int ply)
{
    return s > WIN_BOUND ? s - ply : s < -WIN_BOUND ? s + ply : s;
}

/* The table's verdict on a position when it settles the window; sets the
 * hash move either way. */
static bool probe(struct pdn_engine *e, int ply, int depth, int alpha, int beta, int *hash_move,
                  int *score)
{
    const struct tt_entry *t = &e->table[e->path[ply] & e->table_mask];
    *hash_move = -1;
    if (t->key != e->path[ply] || t->bound == TT_NONE) return false;
    *hash_move = t->move - 1;
    if (ply == 0 || beta - alpha > 1 || t->depth < depth) return false;
    *score = score_from_table(t->score, ply);
    return t->bound == TT_EXACT || (t->bound == TT_LOWER && *score >= beta) ||
           (t->bound == TT_UPPER && *score <= alpha);
}

static void store(struct pdn_engine *e, int ply, int depth, int score, enum tt_bound bound,
                  int move)
{
    struct tt_entry *t = &e->table[e->path[ply] & e->table_mask];
    *t = (struct tt_entry){.key = e->path[ply],
                           .score = (int16_t)score_to_table(score, ply),
                           .depth = (int8_t)depth,
                           .bound = (uint8_t)bound,
                           .move = (uint16_t)(move + 1)};
}

static int search(struct pdn_engine *e, const struct pdn_board *b, int depth, int alpha, int beta,
                  int ply);

/* One move of a node: the first with the full window, the others with a
 * null window (late quiet ones one ply shallower first), widened when they
 * beat alpha. */
static int search_move(struct pdn_engine *e, const struct pdn_board *next, const struct pdn_move *m,
                       int n, int depth, int alpha, int beta, int ply)
{
    if (n == 0) return -search(e, next, depth - 1, -beta, -alpha, ply + 1);
    bool reduce = depth >= 3 && n >= 3 && !m->ncaptured && !m->promotes && beta - alpha == 1;
    int s = -search(e, next, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
    if (s > alpha && reduce) s = -search(e, next, depth - 1, -alpha - 1, -alpha, ply + 1);
    if (s > alpha && s < beta) s = -search(e, next, depth - 1, -beta, -alpha, ply + 1);
    return s;
}

static int search(struct pdn_engine *e, const struct pdn_board *b, int depth, int alpha, int beta,
                  int ply)
{
    e->pv_len[ply] = 0;
    if (ply > 0 && (e->drawn[ply] || engine_repeats(e, ply))) return 0;
    if (depth <= 0 || ply >= ENGINE_PLY_MAX - 1) return quiesce(e, b, alpha, beta, ply);
    e->nodes++;
    if (out_of_budget(e)) return 0;
    int hash_move, s;
    if (probe(e, ply, depth, alpha, beta, &hash_move, &s)) return s;
    struct pdn_movelist *list = &e->lists[ply];
    if (pdn_movegen(list, b, 0) == 0) return -(PDN_ENGINE_WIN - ply);
    if (list->count == 1 && ply > 0) depth++; /* a forced move costs nothing */
    score_moves(e, ply, hash_move < list->count ? hash_move : -1, b->side);
    int best = -INF, best_i = 0, old_alpha = alpha;
    for (int n = 0; n < list->count; n++) {
        int i = pick(e, ply, list->count);
        const struct pdn_move *m = &list->moves[i];
        struct pdn_board next = *b;
        pdn_board_play(&next, m);
        push(e, ply, b, &next, m);
        s = search_move(e, &next, m, n, depth, alpha, beta, ply);
        if (e->stopped) return 0;
        if (s <= best) continue;
        best = s;
        best_i = i;
        if (s <= alpha) continue;
        alpha = s;
        update_pv(e, ply, m);
        if (s >= beta) {
            note_cutoff(e, ply, m, b->side, depth);
            break;
        }
    }
    enum tt_bound bound = best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER;
    store(e, ply, depth, best, bound, best_i);
    return best;
}

int engine_search_root(struct pdn_engine *e, const struct pdn_board *b, int depth)
{
    return search(e, b, depth, -INF, INF, 0);
}
