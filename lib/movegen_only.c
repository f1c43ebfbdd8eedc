/*
 * The position whose one legal move is a man's jump over one piece, found
 * from the bitboards without the capture search: the replay asks it before
 * it generates, for most captures of a game are such (a man takes, nothing
 * else can, and it cannot go on), and the search, the list and the matching
 * cost it several hundred instructions a capture. Anything else (two men or
 * two landings, a king that can take, a jump onward, a man crowned on the
 * way) is left to pdn_movegen, which gives the same move when this does
 * (test_movegen compares them). Nothing here allocates or knows about text.
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

bool movegen_only_capture(struct pdn_move *out, const struct pdn_board *board)
{
    const struct geometry *g = geometry_get(board->variant);
    const struct pdn_rules *r = g->rules;
    int side = board->side;
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    uint64_t men = movegen_capturing_men(g, r, board, empty);
    if (!men || (men & (men - 1))) return false;
    if ((board->pieces[side] & board->kings) && movegen_kings_can_capture(g, r, board, empty))
        return false;
    int from = __builtin_ctzll(men);
    uint64_t prey = board->pieces[!side] & (r->men_spare_kings ? ~board->kings : ~(uint64_t)0);
    uint64_t lands = man_jumps(g, side, bit(from), prey, empty);
    if (!lands || (lands & (lands - 1))) return false;
    int to = __builtin_ctzll(lands);
    uint64_t over = bit((from + to) / 2), far_row = g->promotion[side] & lands;
    /* Crowned on the way, a Russian man would go on as a king. */
    if (far_row && r->promote_in_passing) return false;
    /* Going on, the taken piece stays (no landing, no second prey) and the
     * man's own square is empty. */
    if (man_jumps(g, side, lands, prey & ~over, empty | bit(from))) return false;
    memset(out, 0, sizeof *out);
    out->captured = over;
    out->from = g->square_of[from];
    out->to = out->path[0] = g->square_of[to];
    out->ncaptured = out->npath = 1;
    out->promotes = far_row != 0;
    return true;
}
