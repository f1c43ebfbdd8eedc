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

/* The landings of the man on 'at' (one bit) over prey onto empty squares,
 * backwards too where the rules let men capture so. a and c are the bit
 * distances of the two diagonals; White's men go up, to lower bits. */
static inline __attribute__((always_inline)) uint64_t
man_jumps(const struct geometry *g, int side, uint64_t at, uint64_t prey, uint64_t empty)
{
    int a = g->step[DIR_DL], c = g->step[DIR_DR];
    uint64_t up = (((at >> a) & prey) >> a) | (((at >> c) & prey) >> c);
    uint64_t down = (((at << a) & prey) << a) | (((at << c) & prey) << c);
    if (!g->rules->men_capture_backward) {
        if (side == PDN_COLOR_WHITE)
            down = 0;
        else
            up = 0;
    }
    return (up | down) & empty;
}

/* Appends to out the jumps of the man on bit 'from' (its landings 'lands'),
 * false when one can go on or crowns a man who would go on as a king. */
static bool add_jumps(struct pdn_movelist *out, const struct geometry *g, int side, int from,
                      uint64_t lands, uint64_t prey, uint64_t empty)
{
    for (; lands; lands &= lands - 1) {
        int to = __builtin_ctzll(lands);
        uint64_t land = lands & -lands, over = bit((from + to) / 2);
        uint64_t far_row = g->promotion[side] & land;
        /* Crowned on the way, a Russian man would go on as a king. */
        if (far_row && g->rules->promote_in_passing) return false;
        /* Going on, the taken piece stays (no landing, no second prey) and
         * the man's own square is empty. */
        if (man_jumps(g, side, land, prey & ~over, empty | bit(from))) return false;
        struct pdn_move *m = &out->moves[out->count++];
        memset(m, 0, sizeof *m);
        m->captured = over;
        m->from = g->square_of[from];
        m->to = m->path[0] = g->square_of[to];
        m->ncaptured = m->npath = 1;
        m->promotes = far_row != 0;
    }
    return true;
}

bool movegen_single_jumps(struct pdn_movelist *out, const struct pdn_board *board)
{
    const struct geometry *g = geometry_get(board->variant);
    const struct pdn_rules *r = g->rules;
    int side = board->side;
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    uint64_t men = movegen_capturing_men(g, r, board, empty);
    if (!men) return false;
    if ((board->pieces[side] & board->kings) && movegen_kings_can_capture(g, r, board, empty))
        return false;
    uint64_t prey = board->pieces[!side] & (r->men_spare_kings ? ~board->kings : ~(uint64_t)0);
    out->count = 0;
    out->overflow = false; /* four jumps a man at most: the list never fills */
    for (; men; men &= men - 1) {
        int from = __builtin_ctzll(men);
        uint64_t lands = man_jumps(g, side, bit(from), prey, empty);
        if (!add_jumps(out, g, side, from, lands, prey, empty)) return false;
    }
    return out->count > 0;
}
