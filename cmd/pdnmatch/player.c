/*
 * pdnmatch's players: a built-in level searches with a libpdn engine of
 * its own; "hub:COMMAND" is a Hub engine (hubplayer.c).
 */
#include "pdnmatch.h"

#include <stdlib.h>
#include <string.h>

struct player {
    pdn_engine *engine;
    struct pdn_engine_limits limits;
    struct hub_player *hub;
};

static struct player *builtin_open(const char *level, char *err, size_t cap)
{
    char *end;
    long n = strtol(level, &end, 10);
    struct player *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (*end || end == level || pdn_engine_level(&p->limits, (int)n) != 0) {
        snprintf(err, cap, "no level '%s' (1 to %d)", level, PDN_ENGINE_LEVELS);
        free(p);
        return NULL;
    }
    if (pdn_engine_new(&p->engine, NULL) != 0) {
        snprintf(err, cap, "out of memory");
        free(p);
        return NULL;
    }
    return p;
}

struct player *player_open(const char *spec, enum pdn_variant variant, const char *hub_level,
                           double timeout, char *err, size_t cap)
{
    if (strncmp(spec, "level=", 6) == 0) return builtin_open(spec + 6, err, cap);
    if (strncmp(spec, "hub:", 4) != 0 || !spec[4]) {
        snprintf(err, cap, "an engine is level=N or hub:COMMAND, not '%s'", spec);
        return NULL;
    }
    struct player *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    p->hub = hub_open(spec + 4, variant, hub_level, timeout, err, cap);
    if (!p->hub) {
        free(p);
        return NULL;
    }
    return p;
}

bool player_move(struct player *p, struct pdn_move *out, const struct played_game *g, char *err,
                 size_t cap)
{
    if (p->hub) return hub_move(p->hub, out, g, err, cap);
    struct pdn_engine_result r;
    p->limits.seed = g->seed + (uint64_t)g->nplies;
    pdn_engine_search(&r, p->engine, &g->board, g->before, (size_t)g->nplies, &p->limits);
    if (!r.has_move) {
        snprintf(err, cap, "no move");
        return false;
    }
    *out = r.move;
    return true;
}

bool player_new_game(struct player *p, char *err, size_t cap)
{
    if (p->hub) return hub_new_game(p->hub, err, cap);
    pdn_engine_clear(p->engine);
    return true;
}

bool player_quit(struct player *p, char *why, size_t cap)
{
    return p->hub && hub_quit(p->hub, why, cap);
}

bool player_late(const struct player *p)
{
    return p->hub && hub_late(p->hub);
}

void player_close(struct player *p)
{
    if (!p) return;
    if (p->hub) hub_close(p->hub);
    pdn_engine_free(p->engine);
    free(p);
}
