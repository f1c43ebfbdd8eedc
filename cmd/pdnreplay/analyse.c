/*
 * pdnreplay --analyse: the engine's verdict on each move of the main line.
 * For each ply it searches the position before (libpdn's engine, a level's
 * limits without its weakening) and, when the move played is not the
 * engine's, the position after it: what the move lost is the difference.
 * A move that loses 0.40 of a man or more gets '?' ($2), 0.90 or more
 * '??' ($4), and a comment with the better move and both scores. The game
 * is written back as PDN (pdn_write_game: each move's text through its
 * move_text callback, the NAG and comment through move_note, after the
 * strength and NAGs the move has in the file).
 */
#include "pdnreplay.h"

#include <stdlib.h>
#include <string.h>

#define DUBIOUS 40
#define BLUNDER 90

struct annotation {
    const struct pdn_node *node;
    char move[PDN_MOVE_TEXT_MAX];
    uint16_t nag;                             /* 2 ($2, ?) or 4 ($4, ??); 0 none */
    char comment[2 * PDN_MOVE_TEXT_MAX + 64]; /* "better 45-40 +0.03, played -0.98" */
};

struct analysis {
    struct annotation *notes;
    size_t n;
};

static const struct annotation *annotation_of(const struct pdn_node *node, void *ctx)
{
    const struct analysis *a = ctx;
    for (size_t i = 0; i < a->n; i++)
        if (a->notes[i].node == node) return &a->notes[i];
    return NULL;
}

/* The move's text (pdn_move_text_fn). */
static const char *annotated(const struct pdn_node *node, void *ctx)
{
    const struct annotation *note = annotation_of(node, ctx);
    return note ? note->move : NULL;
}

/* The verdict (pdn_move_note_fn): the writer puts it after the move's
 * own strength and NAGs ("28-44?! $4 {better 28-6 ...}"), which in the
 * move's text it had put after the comment ("28-44 $4 {...}?!"). */
static const char *verdict(const struct pdn_node *node, uint16_t *nag, void *ctx)
{
    const struct annotation *note = annotation_of(node, ctx);
    if (!note || !note->nag) return NULL;
    *nag = note->nag;
    return note->comment;
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
    pdn_movegen(&legal, &p->before, 0);
    pdn_move_text(out->move, &p->move, &legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS,
                  (enum pdn_variant)p->before.variant);
    out->node = p->node;
    out->nag = !v->nag ? 0 : strcmp(v->nag, "$4") == 0 ? 4 : 2;
    snprintf(out->comment, sizeof out->comment, "better %s %s, played %s", v->better, v->best_score,
             v->played_score);
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
    wo.move_note = verdict;
    wo.move_ctx = &a;
    int rc = pdn_write_game(out, g->game, &wo);
    pdn_engine_free(e);
    free(a.notes);
    return rc;
}
