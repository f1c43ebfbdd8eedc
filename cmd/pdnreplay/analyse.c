/*
 * pdnreplay --analyse: the engine's verdict on each move of the main line.
 * For each ply it searches the position before (libpdn's engine, a level's
 * limits without its weakening) and, when the move played is not the
 * engine's, the position after it: what the move lost is the difference.
 * A move that loses 0.40 of a man or more gets '?' ($2), 0.90 or more
 * '??' ($4), and a comment with the better move and both scores. The game
 * is written back as PDN (pdn_write_game, the annotated text through its
 * move_text callback).
 */
#include "pdnreplay.h"

#include <stdlib.h>
#include <string.h>

#define DUBIOUS 40
#define BLUNDER 90

struct annotation {
    const struct pdn_node *node;
    char text[3 * PDN_MOVE_TEXT_MAX + 64];
};

struct analysis {
    struct annotation *notes;
    size_t n;
};

static const char *annotated(const struct pdn_node *node, void *ctx)
{
    const struct analysis *a = ctx;
    for (size_t i = 0; i < a->n; i++)
        if (a->notes[i].node == node) return a->notes[i].text;
    return NULL;
}

/* The score of the move played, for its side: the engine's best when it is
 * the engine's move, else minus the score of the position after it. */
static int played_score(pdn_engine *e, const struct replay_ply *p,
                        const struct pdn_engine_result *best,
                        const struct pdn_engine_limits *limits)
{
    if (memcmp(&best->move, &p->move, sizeof p->move) == 0) return best->score;
    struct pdn_engine_result r;
    pdn_engine_search(&r, e, &p->after, &p->before, 1, limits);
    return -r.score;
}

bool replay_judge(struct replay_verdict *out, pdn_engine *e, const struct replay_ply *p, int level)
{
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, level > 0 ? level : 3);
    limits.noise = 0;
    limits.no_quiescence = false;
    struct pdn_engine_result best;
    pdn_engine_search(&best, e, &p->before, NULL, 0, &limits);
    if (!best.has_move) return false;
    int played = played_score(e, p, &best, &limits);
    static struct pdn_movelist legal;
    enum pdn_variant v = (enum pdn_variant)p->before.variant;
    pdn_movegen(&legal, &p->before, 0);
    pdn_move_text(out->better, &best.move, &legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, v);
    out->loss = best.score - played;
    out->nag = out->loss >= BLUNDER ? "$4" : out->loss >= DUBIOUS ? "$2" : NULL;
    pdn_engine_score_text(out->best_score, best.score);
    pdn_engine_score_text(out->played_score, played);
    return true;
}

static void note(struct annotation *out, const struct replay_ply *p, const struct replay_verdict *v)
{
    static struct pdn_movelist legal;
    char move[PDN_MOVE_TEXT_MAX];
    pdn_movegen(&legal, &p->before, 0);
    pdn_move_text(move, &p->move, &legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS,
                  (enum pdn_variant)p->before.variant);
    out->node = p->node;
    if (!v->nag)
        snprintf(out->text, sizeof out->text, "%s", move);
    else
        snprintf(out->text, sizeof out->text, "%s %s {better %s %s, played %s}", move, v->nag,
                 v->better, v->best_score, v->played_score);
}

int replay_analyse(FILE *out, const struct replay_game *g, const struct replay_options *o)
{
    pdn_engine *e;
    struct analysis a = {calloc(g->nplies + 1, sizeof *a.notes), 0};
    if (!a.notes || pdn_engine_new(&e, NULL) != 0) {
        free(a.notes);
        return PDN_ENOMEM;
    }
    for (size_t i = 0; i < g->nplies; i++) {
        const struct replay_ply *p = &g->plies[i];
        if (p->depth != 0) continue;
        struct replay_verdict v;
        if (replay_judge(&v, e, p, o->level)) note(&a.notes[a.n++], p, &v);
    }
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.move_text = annotated;
    wo.move_ctx = &a;
    int rc = pdn_write_game(out, g->game, &wo);
    pdn_engine_free(e);
    free(a.notes);
    return rc;
}
