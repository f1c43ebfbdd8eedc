/*
 * The engine's private header: the handle, the transposition table entry
 * and the calls between engine.c (handle, levels, iterative deepening),
 * engine_search.c (alpha-beta, quiescence, ordering) and engine_eval.c
 * (evaluation, position keys), engine_draw.c (the draw rules along the
 * line). Moves come from movegen only; no I/O here.
 */
#ifndef PDN_ENGINE_H
#define PDN_ENGINE_H

#include "geometry.h"
#include "replay.h"

#include <time.h>

/* Plies a line may reach (search depth plus quiescence and extensions). */
#define ENGINE_PLY_MAX 96
/* Game positions kept for repetitions: only the trailing reversible part. */
#define ENGINE_GAME_MAX 256

enum tt_bound { TT_NONE, TT_EXACT, TT_LOWER, TT_UPPER };

struct tt_entry {
    uint64_t key;
    int16_t score;
    int8_t depth;
    uint8_t bound;     /* enum tt_bound */
    uint16_t move;     /* index in the position's generated list, +1; 0 none */
    uint16_t reserved; /* keeps the entry 16 bytes */
};

/* The evaluation's tables for one variant. */
struct eval_tables {
    int pst[2][GEO_BITS]; /* a man's value per colour and bit */
    int king_value;
};

/* A move remembered by its squares and prey (killers). */
struct move_id {
    uint8_t from, to;
    uint64_t captured;
};

struct pdn_engine {
    struct tt_entry *table;
    size_t table_mask;
    /* Working memory of one search, by ply: nothing is allocated while it runs. */
    struct pdn_movelist lists[ENGINE_PLY_MAX];
    int order[ENGINE_PLY_MAX][PDN_MOVES_MAX];
    struct pdn_move pv[ENGINE_PLY_MAX][PDN_ENGINE_PV_MAX];
    int pv_len[ENGINE_PLY_MAX];
    uint64_t path[ENGINE_PLY_MAX + 1];  /* keys of the line searched */
    int reversible[ENGINE_PLY_MAX + 1]; /* king moves before each, without capture */
    /* The validator's draw rules (FMJD set) along the line: the counted
     * endings at each ply, and whether a rule drew the game on reaching it. */
    const struct draw_rules *draw_rules;
    int quiet_limit; /* king-only plies that draw; INT_MAX: no such rule */
    struct draw_count counts[ENGINE_PLY_MAX + 1];
    int pieces[ENGINE_PLY_MAX + 1]; /* on the board, both sides */
    bool drawn[ENGINE_PLY_MAX + 1];
    uint64_t game[ENGINE_GAME_MAX]; /* keys of the game before the root */
    int ngame;
    struct move_id killers[ENGINE_PLY_MAX][2];
    int history[2][PDN_SQUARES_MAX + 1][PDN_SQUARES_MAX + 1];
    /* The search under way. */
    const struct pdn_engine_limits *limits;
    uint64_t nodes, node_limit;
    double start, deadline;
    bool stopped, may_stop;
    struct eval_tables eval;
};

/* Evaluation: the tables of a variant, then positions (with the limits' noise). */
void engine_eval_prepare(struct eval_tables *out, enum pdn_variant variant);
int engine_eval(const struct pdn_engine *e, const struct pdn_board *b, uint64_t key);
uint64_t engine_key(const struct pdn_board *b);

/* Whether a draw rule other than repetition ends the game at ply, reached
 * from before by m (e->reversible[ply] set, e->counts[ply] copied from the
 * ply before and counted on here). */
bool engine_rule_draws(struct pdn_engine *e, int ply, const struct pdn_board *before,
                       const struct pdn_board *after, const struct pdn_move *m);
/* Whether the position at ply repeats one of the line or the game. */
bool engine_repeats(const struct pdn_engine *e, int ply);
/* The draw rules' state at the root, from the game before it. */
void engine_draws_start(struct pdn_engine *e, const struct pdn_board *root,
                        const struct pdn_board *history, size_t nhistory);
/* One search of the root to depth; the score, e->pv[0] holding the line. */
int engine_search_root(struct pdn_engine *e, const struct pdn_board *b, int depth);
/* Monotonic seconds. Inline: the search reads the clock, and engine.c
 * calls the search. */
static inline double engine_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
