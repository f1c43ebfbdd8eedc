/*
 * Draw rules along one line of play (RULES.md, "End of the game"): threefold
 * repetition for every variant, and for international draughts the FMJD
 * 25-move king rule and the 16- and 5-move endgame rules.
 *
 * Works on the position values only (popcounts of the public bitboards, which
 * do not depend on the bit layout); keeps a small ring of the positions since
 * the last irreversible ply. Must not allocate, report or know about text.
 */
#include "replay.h"

/* Plies (moves by each player times two) after which each rule draws. */
enum { PLIES_25_MOVES = 50, PLIES_16_MOVES = 32, PLIES_5_MOVES = 10 };

static int popcount(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* Which endgame rule the material falls under, if any. A side has a "lone
 * king" with one king and nothing else; the other side then needs a king. */
static int ending_of(const struct pdn_board *b)
{
    /* Most positions have many pieces: drop five bits and see if any remain. */
    uint64_t all = b->pieces[0] | b->pieces[1];
    for (int i = 0; i < 5 && all; i++)
        all &= all - 1;
    if (all) return DRAW_NONE;
    int kings[2], men[2];
    for (int c = 0; c < 2; c++) {
        kings[c] = popcount(b->pieces[c] & b->kings);
        men[c] = popcount(b->pieces[c] & ~b->kings);
    }
    for (int lone = 0; lone < 2; lone++) {
        int strong = !lone, total = kings[strong] + men[strong];
        if (kings[lone] != 1 || men[lone] != 0 || kings[strong] < 1) continue;
        if (total == 3) return DRAW_16_MOVES;
        if (total <= 2) return DRAW_5_MOVES;
    }
    return DRAW_NONE;
}

static void remember(struct draw_tracker *t, const struct pdn_board *b)
{
    struct draw_position *p = &t->history[t->head];
    p->pieces[0] = b->pieces[0];
    p->pieces[1] = b->pieces[1];
    p->kings = b->kings;
    p->side = b->side;
    t->head = (t->head + 1) % DRAW_HISTORY;
    if (t->nhistory < DRAW_HISTORY) t->nhistory++;
}

/* How often b stands in the history (b itself included once remembered). */
static unsigned occurrences(const struct draw_tracker *t, const struct pdn_board *b)
{
    unsigned n = 0;
    for (unsigned i = 0; i < t->nhistory; i++) {
        const struct draw_position *p = &t->history[i];
        n += p->side == b->side && p->kings == b->kings && p->pieces[0] == b->pieces[0] &&
             p->pieces[1] == b->pieces[1];
    }
    return n;
}

void draw_tracker_start(struct draw_tracker *t, const struct pdn_board *start)
{
    t->nhistory = t->head = 0;
    t->kings_only = 0;
    t->fmjd = start->variant == PDN_VARIANT_INTERNATIONAL;
    t->ending = ending_of(start);
    t->ending_plies = 0;
    remember(t, start);
}

/* The endgame rules count from the ply that first reached the material.
 * Only a capture or a promotion changes the material: other plies keep it. */
static enum draw_rule step_ending(struct draw_tracker *t, const struct pdn_board *after,
                                  const struct pdn_move *move)
{
    int ending = move->ncaptured > 0 || move->promotes ? ending_of(after) : t->ending;
    if (ending != t->ending) {
        t->ending = ending;
        t->ending_plies = 0;
        return DRAW_NONE;
    }
    if (ending == DRAW_NONE) return DRAW_NONE;
    t->ending_plies++;
    if (ending == DRAW_5_MOVES && t->ending_plies >= PLIES_5_MOVES) return DRAW_5_MOVES;
    if (ending == DRAW_16_MOVES && t->ending_plies >= PLIES_16_MOVES) return DRAW_16_MOVES;
    return DRAW_NONE;
}

enum draw_rule draw_tracker_step(struct draw_tracker *t, const struct pdn_board *before,
                                 const struct pdn_board *after, const struct pdn_move *move)
{
    int side = before->side & 1;
    /* A man never comes back and a capture never undoes: earlier positions
     * cannot repeat, and the king-move count starts again. */
    bool man_moved =
        (before->pieces[side] & ~before->kings) != (after->pieces[side] & ~after->kings);
    if (move->ncaptured > 0 || man_moved) {
        t->nhistory = t->head = 0;
        t->kings_only = 0;
    } else {
        t->kings_only++;
    }
    remember(t, after);
    if (occurrences(t, after) >= 3) return DRAW_REPETITION;
    if (!t->fmjd) return DRAW_NONE;
    enum draw_rule ending = step_ending(t, after, move);
    if (ending != DRAW_NONE) return ending;
    return t->kings_only >= PLIES_25_MOVES ? DRAW_25_MOVES : DRAW_NONE;
}

const char *draw_rule_name(enum draw_rule rule)
{
    switch (rule) {
    case DRAW_REPETITION:
        return "threefold repetition";
    case DRAW_25_MOVES:
        return "the 25-move rule";
    case DRAW_16_MOVES:
        return "the 16-move rule";
    case DRAW_5_MOVES:
        return "the 5-move rule";
    case DRAW_NONE:
        break;
    }
    return "no rule";
}
