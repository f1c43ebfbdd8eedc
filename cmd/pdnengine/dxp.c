/*
 * pdnengine dxp: one game over DXP (../dxp_game.c) whose moves libpdn's
 * engine chooses, at --level (2 when none); --take-back-at asks the peer
 * once to take back two plies, to try its take-back.
 */
#include "../dxp_game.h"
#include "pdnengine.h"

#include <stdio.h>

struct engine_player {
    const struct engine_options *opt;
    pdn_engine *engine;
    bool asked;
};

static enum dxp_choice choose(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    struct engine_player *p = ctx;
    const struct played_game *g = &game->g;
    if (!p->asked && p->opt->take_back_at > 0 && g->nplies >= p->opt->take_back_at &&
        g->nplies >= 2) {
        p->asked = true;
        return DXP_TAKE_BACK;
    }
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, p->opt->level > 0 ? p->opt->level : 2);
    struct pdn_engine_result r;
    pdn_engine_search(&r, p->engine, &g->board, g->before, (size_t)g->nplies, &limits);
    if (!r.has_move) return DXP_NO_MOVE;
    *out = r.move;
    return DXP_PLAY;
}

int dxp_run(const struct engine_options *options)
{
    struct engine_player p = {.opt = options};
    if (pdn_engine_new(&p.engine, NULL) != 0) {
        fprintf(stderr, "pdnengine: out of memory\n");
        return 3;
    }
    struct dxp_settings s = {.prog = "pdnengine",
                             .name = "pdnengine",
                             .listen = options->listen,
                             .connect = options->connect,
                             .output = options->output,
                             .timeout = options->timeout,
                             .max_plies = options->max_plies,
                             .black = options->black};
    struct dxp_player player = {.choose = choose, .ctx = &p};
    int status = dxp_play(&s, &player);
    pdn_engine_free(p.engine);
    return status;
}
