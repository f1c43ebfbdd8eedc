/*
 * The engine's handle and its driver: table allocation, the named levels,
 * the game history read for repetitions, and iterative deepening, which
 * keeps the last completed depth's move when a limit stops the search.
 * The search itself is engine_search.c's; no I/O here.
 */
#include "bits.h"
#include "engine.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TABLE_MB_DEFAULT 16
#define TABLE_MB_MAX 4096

int pdn_engine_new(pdn_engine **out, const struct pdn_engine_options *options)
{
    if (!out) return PDN_EINVAL;
    *out = NULL;
    size_t mb = TABLE_MB_DEFAULT;
    if (options) {
        if (!options_ok(options->version, PDN_ENGINE_OPTIONS_VERSION)) return PDN_EINVAL;
        if (options->table_mb > TABLE_MB_MAX) return PDN_EINVAL;
        if (options->table_mb) mb = options->table_mb;
    }
    size_t entries = 1;
    while (entries * 2 * sizeof(struct tt_entry) <= mb << 20)
        entries *= 2;
    pdn_engine *e = calloc(1, sizeof *e);
    if (!e) return PDN_ENOMEM;
    e->table = calloc(entries, sizeof *e->table);
    if (!e->table) {
        free(e);
        return PDN_ENOMEM;
    }
    e->table_mask = entries - 1;
    *out = e;
    return PDN_OK;
}

void pdn_engine_free(pdn_engine *engine)
{
    if (!engine) return;
    free(engine->table);
    free(engine);
}

void pdn_engine_clear(pdn_engine *engine)
{
    if (!engine) return;
    memset(engine->table, 0, (engine->table_mask + 1) * sizeof *engine->table);
    memset(engine->killers, 0, sizeof engine->killers);
    memset(engine->history, 0, sizeof engine->history);
}

/*
 * The levels, weakest first. The low ones cap nodes and blur the
 * evaluation, as lidraughts' weak levels cap nodes; level 1 also stops at
 * the horizon with captures pending, so it misses what a capture leads to.
 */
static const struct pdn_engine_limits levels[PDN_ENGINE_LEVELS] = {
    {.version = PDN_ENGINE_LIMITS_VERSION,
     .depth = 3,
     .nodes = 150,
     .noise = 60,
     .no_quiescence = true},
    {.version = PDN_ENGINE_LIMITS_VERSION, .depth = 6, .nodes = 3000, .noise = 15},
    {.version = PDN_ENGINE_LIMITS_VERSION, .nodes = 200000},
    {.version = PDN_ENGINE_LIMITS_VERSION, .seconds = 3},
};

int pdn_engine_level(struct pdn_engine_limits *out, int level)
{
    if (!out || level < 1 || level > PDN_ENGINE_LEVELS) return PDN_EINVAL;
    *out = levels[level - 1];
    return PDN_OK;
}

/* Whether going from a to b moved only kings and took nothing. */
static bool reversible_step(const struct pdn_board *a, const struct pdn_board *b)
{
    for (int c = 0; c < 2; c++)
        if ((a->pieces[c] & ~a->kings) != (b->pieces[c] & ~b->kings) ||
            bits_count(a->pieces[c]) != bits_count(b->pieces[c]))
            return false;
    return true;
}

/* A score's distance from 0, as unsigned: any int's, INT_MIN's too,
 * whose negation is no int (undefined behaviour). */
static unsigned score_magnitude(int score)
{
    return score < 0 ? 0u - (unsigned)score : (unsigned)score;
}

/* A score in men, "+0.50", "-1.25": in whole numbers, not "%+.2f", which
 * writes the caller's LC_NUMERIC decimal point ("-1,25" in Turkish after
 * setlocale(LC_ALL, ""), as pdnreplay's view and pdnplay call it). */
static int men_text(char out[PDN_SCORE_TEXT_MAX], int score)
{
    unsigned centimen = score_magnitude(score);
    return snprintf(out, PDN_SCORE_TEXT_MAX, "%c%u.%02u", score < 0 ? '-' : '+', centimen / 100,
                    centimen % 100);
}

/* A win in n plies scores PDN_ENGINE_WIN - n; a search finds none longer
 * than its deepest line and the quiescence search after it. The caller's
 * score may be any int: the plies are counted only within reach of a win. */
size_t pdn_engine_score_text(char out[PDN_SCORE_TEXT_MAX], int score)
{
    unsigned magnitude = score_magnitude(score);
    int plies = magnitude <= PDN_ENGINE_WIN ? PDN_ENGINE_WIN - (int)magnitude : -1;
    int n;
    if (plies >= 0 && plies <= 2 * PDN_ENGINE_DEPTH_MAX)
        n = snprintf(out, PDN_SCORE_TEXT_MAX, "%s in %d %s", score > 0 ? "wins" : "loses", plies,
                     plies == 1 ? "ply" : "plies");
    else
        n = men_text(out, score);
    return n < 0 ? 0 : (size_t)n;
}

/* Keeps the keys of the game's trailing reversible positions. */
static void load_game(struct pdn_engine *e, const struct pdn_board *root,
                      const struct pdn_board *history, size_t nhistory)
{
    int n = 0;
    const struct pdn_board *later = root;
    for (size_t i = nhistory; i-- > 0 && n < ENGINE_GAME_MAX;) {
        if (!reversible_step(&history[i], later)) break;
        later = &history[i];
        n++;
    }
    e->ngame = n;
    for (int i = 0; i < n; i++)
        e->game[i] = engine_key(&history[nhistory - (size_t)n + (size_t)i]);
    e->path[0] = engine_key(root);
    e->reversible[0] = n;
    engine_draws_start(e, root, history, nhistory);
}

static void start(struct pdn_engine *e, const struct pdn_board *board,
                  const struct pdn_engine_limits *limits)
{
    e->limits = limits;
    e->nodes = 0;
    e->node_limit = limits->nodes;
    e->start = engine_now();
    e->deadline = limits->seconds > 0 ? e->start + limits->seconds : 0;
    e->stopped = e->may_stop = false;
    engine_eval_prepare(&e->eval, board->variant);
    memset(e->killers, 0, sizeof e->killers);
}

static void record(struct pdn_engine_result *out, const struct pdn_engine *e, int score, int depth)
{
    out->has_move = true;
    out->move = e->pv[0][0];
    out->score = score;
    out->depth = depth;
    out->npv = e->pv_len[0];
    memcpy(out->pv, e->pv[0], (size_t)out->npv * sizeof out->pv[0]);
}

/* Whether the next depth is worth starting: not past a limit, not after a
 * forced win or loss, and with time left for it (it costs more than all
 * the depths before it). */
static bool go_deeper(const struct pdn_engine *e, int score, int depth)
{
    if (e->node_limit && e->nodes >= e->node_limit) return false;
    if (score > PDN_ENGINE_WIN - depth || score < -(PDN_ENGINE_WIN - depth)) return false;
    return e->deadline <= 0 || engine_now() < e->start + (e->deadline - e->start) / 2;
}

int pdn_engine_search(struct pdn_engine_result *out, pdn_engine *engine,
                      const struct pdn_board *board, const struct pdn_board *history,
                      size_t nhistory, const struct pdn_engine_limits *limits)
{
    static const struct pdn_engine_limits defaults = PDN_ENGINE_LIMITS_INIT;
    if (!out || !engine || !board || (nhistory && !history)) return PDN_EINVAL;
    if (!limits) limits = &defaults;
    if (!options_ok(limits->version, PDN_ENGINE_LIMITS_VERSION)) return PDN_EINVAL;
    if (board->variant >= PDN_VARIANT_COUNT) return PDN_EINVAL;
    memset(out, 0, sizeof *out);
    start(engine, board, limits);
    load_game(engine, board, history, nhistory);
    int max = limits->depth > 0 && limits->depth < PDN_ENGINE_DEPTH_MAX ? limits->depth
                                                                        : PDN_ENGINE_DEPTH_MAX;
    if (pdn_movegen_count(board, 0) == 0) {
        out->score = -PDN_ENGINE_WIN;
        max = 0;
    }
    for (int depth = 1; depth <= max; depth++) {
        engine->may_stop = depth > 1;
        int score = engine_search_root(engine, board, depth);
        if (engine->stopped) break;
        record(out, engine, score, depth);
        out->nodes = engine->nodes;
        out->seconds = engine_now() - engine->start;
        if (limits->on_depth) limits->on_depth(out, limits->ctx);
        if (!go_deeper(engine, score, depth)) break;
    }
    out->nodes = engine->nodes;
    out->seconds = engine_now() - engine->start;
    engine->limits = NULL;
    return PDN_OK;
}
