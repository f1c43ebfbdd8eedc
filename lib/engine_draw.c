/*
 * The draw rules along the engine's search, so that it neither plays into
 * a draw while winning nor misses one while losing: a position repeated in
 * the line or the game (scored a draw at its first return, as engines do:
 * what repeats once can repeat again), the run of king-only moves, and the
 * counted and standing endings of the validator's draw table (FMJD set),
 * read through replay_drawrules.c so that the two never disagree. Works in
 * the handle's arrays only; no allocation, no I/O.
 */
#include "bits.h"
#include "engine.h"

#include <limits.h>

/* Whether the position at ply occurred before, in the line or the game,
 * since the last move that cannot be undone (a man's move or a capture). */
bool engine_repeats(const struct pdn_engine *e, int ply)
{
    uint64_t key = e->path[ply];
    for (int back = 4; back <= e->reversible[ply]; back += 2) {
        int at = ply - back;
        if (at < -e->ngame) break;
        if ((at >= 0 ? e->path[at] : e->game[e->ngame + at]) == key) return true;
    }
    return false;
}

bool engine_rule_draws(struct pdn_engine *e, int ply, const struct pdn_board *before,
                       const struct pdn_board *after, const struct pdn_move *m)
{
    const struct draw_rules *r = e->draw_rules;
    if (e->reversible[ply] >= e->quiet_limit) return true;
    if (draw_count_step(&e->counts[ply], r, before, after, m) != PDN_DRAW_NONE) return true;
    return r->nendings && draw_standing(r, after) != PDN_DRAW_NONE;
}

/* The move from a to b as the counted endings need it: captures and
 * promotions only (game history comes as positions, not moves). */
static struct pdn_move step_of(const struct pdn_board *a, const struct pdn_board *b)
{
    int mover = a->side & 1;
    struct pdn_move m = {0};
    m.ncaptured = (uint8_t)(bits_count(a->pieces[!mover]) - bits_count(b->pieces[!mover]));
    m.promotes = bits_count(b->pieces[mover] & b->kings) > bits_count(a->pieces[mover] & a->kings);
    return m;
}

void engine_draws_start(struct pdn_engine *e, const struct pdn_board *root,
                        const struct pdn_board *history, size_t nhistory)
{
    e->draw_rules = draw_rules_get(root->variant, PDN_DRAW_RULES_FMJD);
    e->quiet_limit = e->draw_rules->quiet_moves ? 2 * e->draw_rules->quiet_moves : INT_MAX;
    draw_count_start(&e->counts[0], e->draw_rules, nhistory ? &history[0] : root);
    for (size_t i = 0; i < nhistory; i++) {
        const struct pdn_board *next = i + 1 < nhistory ? &history[i + 1] : root;
        struct pdn_move m = step_of(&history[i], next);
        draw_count_step(&e->counts[0], e->draw_rules, &history[i], next, &m);
    }
    e->pieces[0] = bits_count(root->pieces[0] | root->pieces[1]);
    e->drawn[0] = false; /* the root is searched whatever rules say of it */
}
