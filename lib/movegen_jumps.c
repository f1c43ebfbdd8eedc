/*
 * The positions whose captures are all men's jumps over one piece, found
 * from the bitboards without the capture search: the replay asks it before
 * it generates, for most captures of a game are such (one man or two can
 * take, no king can, none can go on), and the search cost several hundred
 * instructions a capture. Anything else (a king that can take, a jump
 * onward, a man crowned on the way) is left to pdn_movegen, which lists the
 * same moves in the same order when this does (men by their bits, each
 * one's landings by theirs; test_movegen compares them). Every capture
 * then takes one piece: the longest, and equal under Italian precedence
 * (men there take no king). Nothing here allocates or knows about text.
 */
#include "geometry.h"
#include "movegen.h"

#include <string.h>

/*
 * The squares a man could jump from in each direction (UL, UR, DL, DR):
 * prey next to it that way, an empty square behind. White's men go up, to
 * lower bits, R + 1 bits up-left and R up-right (R = step[DIR_DL]); men
 * that may not capture backwards get none the other way. A step off the
 * board lands on a ghost bit, which is neither prey nor empty.
 */
static inline __attribute__((always_inline)) void jump_sources(uint64_t out[DIR_COUNT],
                                                               const struct geometry *g, int side,
                                                               uint64_t prey, uint64_t empty)
{
    int a = g->step[DIR_DL], c = g->step[DIR_DR];
    bool backward = g->rules->men_capture_backward;
    bool up = backward || side == PDN_COLOR_WHITE, down = backward || side == PDN_COLOR_BLACK;
    out[DIR_UL] = up ? (prey << c) & (empty << 2 * c) : 0;
    out[DIR_UR] = up ? (prey << a) & (empty << 2 * a) : 0;
    out[DIR_DL] = down ? (prey >> a) & (empty >> 2 * a) : 0;
    out[DIR_DR] = down ? (prey >> c) & (empty >> 2 * c) : 0;
}

/* Appends the jump of the man on bit 'from' over 'over' onto bit 'to'. */
static inline void add_jump(struct pdn_movelist *out, const struct geometry *g, int side, int from,
                            int over, int to)
{
    struct pdn_move *m = &out->moves[out->count++];
    memset(m, 0, sizeof *m);
    m->captured = bit(over);
    m->from = g->square_of[from];
    m->to = m->path[0] = g->square_of[to];
    m->ncaptured = m->npath = 1;
    m->promotes = (g->promotion[side] & bit(to)) != 0;
}

/*
 * A man that has jumped from f over o onto l goes on where l is a square a
 * jump starts from, with o still on the board and f empty: o is next to l
 * the way back only, and f, two steps back, only over o, which cannot be
 * taken twice. So the squares jumps start from in the position as it is
 * tell, for every landing at once.
 */
bool movegen_single_jumps(struct pdn_movelist *out, const struct pdn_board *board)
{
    const struct geometry *g = geometry_get(board->variant);
    const struct pdn_rules *r = g->rules;
    int side = board->side;
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    uint64_t men = board->pieces[side] & ~board->kings;
    uint64_t prey = board->pieces[!side] & (r->men_spare_kings ? ~board->kings : ~(uint64_t)0);
    uint64_t sources[DIR_COUNT];
    jump_sources(sources, g, side, prey, empty);
    int a = g->step[DIR_DL], c = g->step[DIR_DR];
    uint64_t ul = men & sources[DIR_UL], ur = men & sources[DIR_UR];
    uint64_t dl = men & sources[DIR_DL], dr = men & sources[DIR_DR];
    uint64_t jumpers = ul | ur | dl | dr;
    if (!jumpers) return false;
    uint64_t lands = ul >> 2 * c | ur >> 2 * a | dl << 2 * a | dr << 2 * c;
    uint64_t onward = sources[DIR_UL] | sources[DIR_UR] | sources[DIR_DL] | sources[DIR_DR];
    if (lands & onward) return false;
    /* Crowned on the way, a Russian man would go on as a king. */
    if (r->promote_in_passing && (lands & g->promotion[side])) return false;
    if ((board->pieces[side] & board->kings) && movegen_kings_can_capture(g, r, board, empty))
        return false;
    out->count = 0;
    out->overflow = false; /* four jumps a man at most: the list never fills */
    /* Each man's jumps in the order of their landings' bits: up-left, up-right, down-left,
     * down-right. */
    for (; jumpers; jumpers &= jumpers - 1) {
        int f = __builtin_ctzll(jumpers);
        uint64_t at = bit(f);
        if (ul & at) add_jump(out, g, side, f, f - c, f - 2 * c);
        if (ur & at) add_jump(out, g, side, f, f - a, f - 2 * a);
        if (dl & at) add_jump(out, g, side, f, f + a, f + 2 * a);
        if (dr & at) add_jump(out, g, side, f, f + c, f + 2 * c);
    }
    return true;
}
