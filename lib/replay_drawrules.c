/*
 * Draw rules along one line of play, one table row per variant (and, for
 * international and Brazilian draughts, per rules set): threefold
 * repetition, a count of moves in which only kings moved, and endings drawn
 * when they stand or after a number of moves. Data, not code paths: a rule
 * is a row of draw_table; the code below only reads rows.
 *
 * Works on the position values only (popcounts of the public bitboards, which
 * do not depend on the bit layout, and the long-diagonal mask); keeps a small
 * ring of the positions since the last irreversible ply. Must not allocate,
 * report or know about text.
 *
 * The rules and their sources (pdn(5), VARIANTS, says the same):
 *
 *   variant / set        repetition  kings only  endings
 *   international fmjd   3           25 moves    3 pieces v lone king: 16 moves each;
 *   brazilian fmjd                               2 or fewer (with a king) v lone king: 5
 *     FMJD rules, art. 6 (RULES.md, "End of the game"); Brazilian: the CBD plays
 *     the FMJD rules on 8x8.
 *   international classic 3          25 moves    3 pieces v lone king; 2 kings, a king
 *   brazilian classic                            and a man, a king v lone king; a king v
 *                                                lone man: 5 moves of the stronger side;
 *                                                5 kings, or 4 and a man, v 2 kings: 50
 *                                                moves of the stronger side
 *     An older Russian edition of the international rules, as RULES.md quotes it:
 *     "three kings, two kings and a man, a king and two men, or three men against a
 *     lone king, and also two kings, or a king and a man, against a lone king, and
 *     all the more one king against a lone king or a lone man". Taken literally:
 *     two men against a lone king, and two kings, a king and a man or men against
 *     a lone man, are not in the list and not drawn by it.
 *   russian              3           15 moves    1, 2 or 3 kings v a lone king on the
 *                                                long diagonal: drawn when it stands
 *                                                (and no capture to play); 3+ kings v
 *                                                lone king: 15 moves of the stronger side;
 *                                                both sides with kings, balance unchanged:
 *                                                4-5 pieces 30 moves, 6-7 pieces 60 moves
 *     Rules of draughts-64, "Various kinds of draw", items 3-6
 *     (https://shashky.in.ua/materials/navychky/364-d64-riznomanitni-vydy-nichyiei);
 *     the traditional draws as RULES.md quotes the Russian rules text. The text
 *     asks the long diagonal of three kings only; here of one and two as well:
 *     a lone king off it can be caught (ussr1947.pdn, game 135: two kings
 *     against one on g1, won), and a rule that drew such games would be wrong.
 *   english              3           40 moves    none
 *     WCDF/ACF rules: no man advanced and no piece removed in a player's own
 *     previous 40 moves, or a position for the third time
 *     (https://littlegolem.net/jsp/forum/topic2.jsp?forum=300&topic=17 quotes them).
 *   italian, czech       none        none        none
 *     No move-count or repetition rule found in the federations' texts consulted
 *     (FID, capo I: http://www.fid.it/regolamenti/capo1.htm, federdama.org "Le 10
 *     regole": drawn when neither side can win; Czech rules as cs.wikipedia.org
 *     "Dama (hra)" gives the CFD's: drawn when no further capture is possible).
 */
#include "bits.h"
#include "geometry.h"
#include "replay.h"

/* One row a line reads as the table it is. */
/* clang-format off */
/* Any number of kings, men, pieces. */
#define ANY 0, 255
/* A lone king. */
#define LONE_KING {1, 1, 0, 0, 1, 1}

static const struct draw_rules rules_fmjd = {
    .repetition = 3,
    .quiet_moves = 25,
    .quiet_rule = PDN_DRAW_25_MOVES,
    .nendings = 2,
    .endings = {
        {PDN_DRAW_16_MOVES, {1, 255, ANY, 3, 3}, LONE_KING, ANY, 16, false, false, false},
        {PDN_DRAW_5_MOVES, {1, 255, ANY, 1, 2}, LONE_KING, ANY, 5, false, false, false},
    },
};

/* The 5-move list is closed: two men, or a man, against a lone king, and
 * anything but a lone king against a lone man, are not in it. */
static const struct draw_rules rules_classic = {
    .repetition = 3,
    .quiet_moves = 25,
    .quiet_rule = PDN_DRAW_25_MOVES,
    .nendings = 4,
    .endings = {
        /* three kings, two kings and a man, a king and two men, three men v lone king */
        {PDN_DRAW_5_MOVES, {ANY, ANY, 3, 3}, LONE_KING, ANY, 5, true, false, false},
        /* two kings, a king and a man, a king v lone king */
        {PDN_DRAW_5_MOVES, {1, 2, 0, 1, 1, 2}, LONE_KING, ANY, 5, true, false, false},
        /* a king v a lone man */
        {PDN_DRAW_5_MOVES, {1, 1, 0, 0, 1, 1}, {0, 0, 1, 1, 1, 1}, ANY, 5, true, false, false},
        {PDN_DRAW_50_MOVES, {4, 5, 0, 1, 5, 5}, {2, 2, 0, 0, 2, 2}, ANY, 50, true, false, false},
    },
};

static const struct draw_rules rules_russian = {
    .repetition = 3,
    .quiet_moves = 15,
    .quiet_rule = PDN_DRAW_15_MOVES,
    .standing = true,
    .nendings = 6,
    .endings = {
        {PDN_DRAW_KING_VS_KING, {1, 1, 0, 0, 1, 1}, LONE_KING, ANY, 0, false, false, true},
        {PDN_DRAW_TWO_KINGS, {2, 2, 0, 0, 2, 2}, LONE_KING, ANY, 0, false, false, true},
        {PDN_DRAW_BIG_ROAD, {3, 3, 0, 0, 3, 3}, LONE_KING, ANY, 0, false, false, true},
        {PDN_DRAW_THREE_KINGS, {3, 255, 0, 0, ANY}, LONE_KING, ANY, 15, true, false, false},
        {PDN_DRAW_30_MOVES, {1, 255, ANY, ANY}, {1, 255, ANY, ANY}, 4, 5, 30, false, true, false},
        {PDN_DRAW_60_MOVES, {1, 255, ANY, ANY}, {1, 255, ANY, ANY}, 6, 7, 60, false, true, false},
    },
};

static const struct draw_rules rules_english = {
    .repetition = 3,
    .quiet_moves = 40,
    .quiet_rule = PDN_DRAW_40_MOVES,
};

static const struct draw_rules rules_none = {0};
/* clang-format on */

static const struct draw_rules *const draw_table[PDN_DRAW_RULES_COUNT][PDN_VARIANT_COUNT] = {
    [PDN_DRAW_RULES_FMJD] =
        {
            [PDN_VARIANT_INTERNATIONAL] = &rules_fmjd,
            [PDN_VARIANT_BRAZILIAN] = &rules_fmjd,
            [PDN_VARIANT_RUSSIAN] = &rules_russian,
            [PDN_VARIANT_ENGLISH] = &rules_english,
            [PDN_VARIANT_CZECH] = &rules_none,
            [PDN_VARIANT_ITALIAN] = &rules_none,
        },
    [PDN_DRAW_RULES_CLASSIC] =
        {
            [PDN_VARIANT_INTERNATIONAL] = &rules_classic,
            [PDN_VARIANT_BRAZILIAN] = &rules_classic,
            [PDN_VARIANT_RUSSIAN] = &rules_russian,
            [PDN_VARIANT_ENGLISH] = &rules_english,
            [PDN_VARIANT_CZECH] = &rules_none,
            [PDN_VARIANT_ITALIAN] = &rules_none,
        },
};

const struct draw_rules *draw_rules_get(enum pdn_variant variant, enum pdn_draw_rules set)
{
    if ((unsigned)set >= PDN_DRAW_RULES_COUNT) set = PDN_DRAW_RULES_FMJD;
    if ((unsigned)variant >= PDN_VARIANT_COUNT) variant = PDN_VARIANT_INTERNATIONAL;
    return draw_table[set][variant];
}

static bool in(int v, int min, int max)
{
    return v >= min && v <= max;
}

static bool side_fits(const struct draw_side *s, int kings, int men)
{
    return in(kings, s->kings_min, s->kings_max) && in(men, s->men_min, s->men_max) &&
           in(kings + men, s->pieces_min, s->pieces_max);
}

/* Whether the weaker side's lone king stands on the long diagonal. */
static bool on_big_road(const struct pdn_board *b, int weak)
{
    return (b->pieces[weak] & b->kings & geometry_get(b->variant)->long_diagonal) != 0;
}

/* ending_of for a position of few enough pieces. The pieces are counted
 * by kind only for an ending of the kind asked: the FMJD rules have no
 * standing ending, yet every ply of an ending asks for one. */
static int ending_in(const struct draw_rules *r, const struct pdn_board *b, int pieces,
                     bool counted, int *strong)
{
    int kings[2], men[2];
    bool known = false;
    for (int i = 0; i < r->nendings; i++) {
        const struct draw_ending *e = &r->endings[i];
        if ((e->moves > 0) != counted || !in(pieces, e->pieces_min, e->pieces_max)) continue;
        for (int c = 0; c < 2 && !known; c++) {
            kings[c] = bits_count(b->pieces[c] & b->kings);
            men[c] = bits_count(b->pieces[c] & ~b->kings);
        }
        known = true;
        for (int s = 0; s < 2; s++)
            if (side_fits(&e->strong, kings[s], men[s]) &&
                side_fits(&e->weak, kings[!s], men[!s]) && (!e->big_road || on_big_road(b, !s))) {
                *strong = s;
                return i;
            }
    }
    return -1;
}

/*
 * The first ending of the table the position (of 'pieces' pieces) is in,
 * counted ones (moves > 0) or standing ones; -1 when none. *strong gets its
 * stronger side. Most positions have too many pieces: the tracker counts
 * them once per capture, not here at every ply (that was a tenth of
 * pdncheck's time), and the test is inline, without ending_in's frame.
 */
static inline int ending_of(const struct draw_rules *r, const struct pdn_board *b, int pieces,
                            bool counted, int *strong)
{
    if (r->nendings == 0 || pieces > DRAW_ENDING_PIECES_MAX) return -1;
    return ending_in(r, b, pieces, counted, strong);
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

void draw_tracker_start(struct draw_tracker *t, const struct pdn_board *start,
                        enum pdn_draw_rules set)
{
    t->nhistory = t->head = 0;
    t->first_pending = false;
    t->kings_only = 0;
    t->rules = draw_rules_get((enum pdn_variant)start->variant, set);
    draw_count_start(&t->ending, t->rules, start);
    remember(t, start);
}

void draw_count_start(struct draw_count *out, const struct draw_rules *rules,
                      const struct pdn_board *board)
{
    out->strong = 0;
    out->pieces = bits_count(board->pieces[0] | board->pieces[1]);
    out->ending = ending_of(rules, board, out->pieces, true, &out->strong);
    out->count = 0;
}

/*
 * The counted endings count from the ply that first reached the material.
 * Only a capture or a promotion changes the material: other plies keep it,
 * and so does a promotion that stays in the same ending, unless the ending
 * counts an unchanged balance (restart). Inline: the tracker takes it at
 * every ply, where a call cost more than the test.
 */
static inline enum pdn_draw_rule count_step(struct draw_count *c, const struct draw_rules *r,
                                            const struct pdn_board *before,
                                            const struct pdn_board *after,
                                            const struct pdn_move *move)
{
    if (move->ncaptured > 0) c->pieces = bits_count(after->pieces[0] | after->pieces[1]);
    if (move->ncaptured > 0 || move->promotes) {
        int strong = 0, ending = ending_of(r, after, c->pieces, true, &strong);
        if (ending != c->ending || (ending >= 0 && r->endings[ending].restart)) {
            c->ending = ending;
            c->strong = strong;
            c->count = 0;
            return PDN_DRAW_NONE;
        }
    }
    if (c->ending < 0) return PDN_DRAW_NONE;
    const struct draw_ending *e = &r->endings[c->ending];
    if (e->strong_moves) {
        if ((before->side & 1) != c->strong) return PDN_DRAW_NONE;
        return ++c->count >= e->moves ? e->rule : PDN_DRAW_NONE;
    }
    return ++c->count >= 2u * e->moves ? e->rule : PDN_DRAW_NONE;
}

enum pdn_draw_rule draw_count_step(struct draw_count *c, const struct draw_rules *r,
                                   const struct pdn_board *before, const struct pdn_board *after,
                                   const struct pdn_move *move)
{
    return count_step(c, r, before, after, move);
}

/* An ending drawn as it stands (of 'pieces' pieces), unless the side to
 * move can capture now. The tracker knows the number of pieces: counting
 * them at every ply cost more than the rest of the rule. Rules without
 * such an ending say so (the flag): the search of the table for one took
 * the tracker a third of its time in endings. */
static inline enum pdn_draw_rule standing(const struct draw_rules *rules,
                                          const struct pdn_board *after, int pieces)
{
    if (!rules->standing) return PDN_DRAW_NONE;
    int strong;
    int ending = ending_of(rules, after, pieces, false, &strong);
    if (ending < 0 || pdn_movegen_has_capture(after)) return PDN_DRAW_NONE;
    return rules->endings[ending].rule;
}

enum pdn_draw_rule draw_standing(const struct draw_rules *rules, const struct pdn_board *after)
{
    return standing(rules, after, bits_count(after->pieces[0] | after->pieces[1]));
}

/* A ply in full: every rule looked at (draw_tracker_step, replay.h, takes
 * the common ply itself). */
enum pdn_draw_rule draw_tracker_step_full(struct draw_tracker *t, const struct pdn_board *before,
                                          const struct pdn_board *after,
                                          const struct pdn_move *move, bool man_moved)
{
    const struct draw_rules *r = t->rules;
    if (t->first_pending) remember(t, before); /* as it stood after the ply before */
    t->first_pending = false;
    if (move->ncaptured > 0 || man_moved) {
        t->nhistory = t->head = 0;
        t->kings_only = 0;
    } else {
        t->kings_only++;
    }
    remember(t, after);
    /* Fewer positions than the rule asks for cannot repeat (after a man's
     * move there is one): no search of the history. */
    if (r->repetition && t->nhistory >= r->repetition && occurrences(t, after) >= r->repetition)
        return PDN_DRAW_REPETITION;
    enum pdn_draw_rule ending = count_step(&t->ending, r, before, after, move);
    if (ending != PDN_DRAW_NONE) return ending;
    if (r->quiet_moves && t->kings_only >= 2u * r->quiet_moves) return r->quiet_rule;
    return standing(r, after, t->ending.pieces);
}

const char *pdn_draw_rule_name(enum pdn_draw_rule rule)
{
    static const char *const names[PDN_DRAW_RULE_COUNT] = {
        [PDN_DRAW_NONE] = "no rule",
        [PDN_DRAW_REPETITION] = "threefold repetition",
        [PDN_DRAW_25_MOVES] = "the 25-move rule",
        [PDN_DRAW_16_MOVES] = "the 16-move rule",
        [PDN_DRAW_5_MOVES] = "the 5-move rule",
        [PDN_DRAW_50_MOVES] = "the 50-move rule",
        [PDN_DRAW_15_MOVES] = "the 15-move rule",
        [PDN_DRAW_THREE_KINGS] = "the 15-move rule of three kings against one",
        [PDN_DRAW_30_MOVES] = "the 30-move rule",
        [PDN_DRAW_60_MOVES] = "the 60-move rule",
        [PDN_DRAW_KING_VS_KING] = "the ending of one king against one on the long diagonal",
        [PDN_DRAW_TWO_KINGS] = "the ending of two kings against one on the long diagonal",
        [PDN_DRAW_BIG_ROAD] = "the ending of three kings against one on the long diagonal",
        [PDN_DRAW_40_MOVES] = "the 40-move rule",
    };
    return (unsigned)rule < PDN_DRAW_RULE_COUNT ? names[rule] : names[PDN_DRAW_NONE];
}
