/*
 * The positions whose captures all take one piece, found from the
 * bitboards without the capture search: the replay asks it before it
 * generates, for most captures of a game are such (one man or two can
 * take, none can go on), and the search cost several hundred instructions
 * a capture. Anything else (a jump onward, a man crowned on the way, a
 * king's capture the rules rank first) is left to pdn_movegen, which lists
 * the same moves in the same order when this does (pieces by their bits, a
 * man's landings by theirs, a king's direction by direction, the nearest
 * first; test_movegen compares them). Every capture then takes one piece:
 * the longest, and equal under Italian precedence (men there take no king,
 * and a king's capture goes to the search). The replay's plain capture
 * by a man ("28x19") is played from the same look at the position
 * (movegen_play_single_jump), without the list. Nothing here allocates or
 * knows about text.
 */
#include "geometry.h"
#include "movegen.h"
#include "movegen_jumps.h"

#include <string.h>

/* make_jump's capture appended to out. */
static inline void add_jump(struct pdn_movelist *out, const struct geometry *g, int from,
                            uint64_t over, int to, bool crowns)
{
    make_jump(&out->moves[out->count++], g, from, over, to, crowns);
}

/* The square a king on 'at' (one bit) meets along d: the first past the
 * empty ones, the next one for a short-range king. */
static inline uint64_t king_reach(const struct geometry *g, uint64_t at, int d, uint64_t empty)
{
    return g->rules->flying_kings ? past_empty(g, at, d, empty) : geo_shift(g, at, d);
}

/* Whether a king that took a piece landing on 'at' (one bit), come along d,
 * can take another piece of prey (the one taken left out of it), the piece
 * taken still on the board. Not back the way it came, where that piece
 * stands; its own start square lies that way too, so the empty squares are
 * the position's. */
static bool king_goes_on(const struct geometry *g, uint64_t at, int came, uint64_t prey,
                         uint64_t empty)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        if (d == movegen_opposite(came)) continue;
        uint64_t next = king_reach(g, at, d, empty);
        if ((next & prey) && (geo_shift(g, next, d) & empty)) return true;
    }
    return false;
}

/*
 * Appends the captures of the king on bit 'from', each over one piece and
 * onto every square past it it may land on (one for a short-range king),
 * in the generator's order: direction by direction, the nearest landing
 * first. False when a landing lets the king go on: the capture is longer,
 * for the search.
 */
static bool add_king_captures(struct pdn_movelist *out, const struct geometry *g, int from,
                              uint64_t prey, uint64_t empty)
{
    uint64_t at = bit(from);
    for (int d = 0; d < DIR_COUNT; d++) {
        uint64_t over = king_reach(g, at, d, empty);
        if (!(over & prey)) continue;
        for (uint64_t land = geo_shift(g, over, d); land & empty;
             land = g->rules->flying_kings ? geo_shift(g, land, d) : 0) {
            if (king_goes_on(g, land, d, prey & ~over, empty)) return false;
            add_jump(out, g, from, over, __builtin_ctzll(land), false);
        }
    }
    return true;
}

bool movegen_single_jumps(struct pdn_movelist *out, const struct pdn_board *board)
{
    struct single_jumps j;
    if (!scan_single_jumps(&j, geometry_get(board->variant), board)) return false;
    const struct geometry *g = j.g;
    int side = j.side, a = g->step[DIR_DL], c = g->step[DIR_DR];
    uint64_t ul = j.way[DIR_UL], ur = j.way[DIR_UR], dl = j.way[DIR_DL], dr = j.way[DIR_DR];
    out->count = 0;
    out->overflow = false; /* a few captures a piece: the list never fills */
    /* Pieces by their bits; a man's jumps by their landings' bits (up-left,
     * up-right, down-left, down-right). */
    for (uint64_t own = ul | ur | dl | dr | j.kings; own; own &= own - 1) {
        int f = __builtin_ctzll(own);
        uint64_t at = bit(f);
        if ((j.kings & at) && !add_king_captures(out, g, f, board->pieces[!side], j.empty))
            return false;
        if (ul & at) add_jump(out, g, f, at >> c, f - 2 * c, lands_crown(g, side, at >> 2 * c));
        if (ur & at) add_jump(out, g, f, at >> a, f - 2 * a, lands_crown(g, side, at >> 2 * a));
        if (dl & at) add_jump(out, g, f, at << a, f + 2 * a, lands_crown(g, side, at << 2 * a));
        if (dr & at) add_jump(out, g, f, at << c, f + 2 * c, lands_crown(g, side, at << 2 * c));
    }
    return out->count > 0;
}

bool movegen_play_single_jump(struct pdn_move *out, struct pdn_board *board, int from, int to)
{
    return play_single_jump(out, board, geometry_get(board->variant), from, to) == JUMP_PLAYED;
}
