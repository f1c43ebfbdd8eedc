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
#include "board_play.h"
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

/* Whether a man landing on 'land' (one bit) is crowned there. */
static inline bool lands_crown(const struct geometry *g, int side, uint64_t land)
{
    return (g->promotion[side] & land) != 0;
}

/* The capture from bit 'from' over the piece 'over' (one bit) onto bit
 * 'to', crowning a man there or not, at m. */
static inline void make_jump(struct pdn_move *m, const struct geometry *g, int from, uint64_t over,
                             int to, bool crowns)
{
    memset(m, 0, sizeof *m);
    m->captured = over;
    m->from = g->square_of[from];
    m->to = m->path[0] = g->square_of[to];
    m->ncaptured = m->npath = 1;
    m->promotes = crowns;
}

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

/*
 * What movegen_single_jumps and movegen_play_single_jump learn of a
 * position before they list or play: the men that jump each way (UL, UR,
 * DL, DR) and the kings of the side to move.
 */
struct single_jumps {
    const struct geometry *g;
    uint64_t way[DIR_COUNT];
    uint64_t kings, empty;
    int side;
};

/*
 * A man that has jumped from f over o onto l goes on where l is a square a
 * jump starts from, with o still on the board and f empty: o is next to l
 * the way back only, and f, two steps back, only over o, which cannot be
 * taken twice. So the squares jumps start from in the position as it is
 * tell, for every landing at once. False when a capture may take more
 * than one piece: the search's.
 */
static inline __attribute__((always_inline)) bool scan_single_jumps(struct single_jumps *j,
                                                                    const struct pdn_board *board)
{
    const struct geometry *g = j->g = geometry_get(board->variant);
    const struct pdn_rules *r = g->rules;
    int side = j->side = board->side;
    uint64_t empty = j->empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    uint64_t men = board->pieces[side] & ~board->kings;
    uint64_t prey = board->pieces[!side] & (r->men_spare_kings ? ~board->kings : ~(uint64_t)0);
    uint64_t sources[DIR_COUNT];
    jump_sources(sources, g, side, prey, empty);
    int a = g->step[DIR_DL], c = g->step[DIR_DR];
    /* Each by its name, no loop over d: the compiler then keeps them in
     * registers, where a loop it made into 16-byte moves through the stack,
     * whose loads waited on the 8-byte stores before them (a third of the
     * function's time, perf). */
    j->way[DIR_UL] = men & sources[DIR_UL];
    j->way[DIR_UR] = men & sources[DIR_UR];
    j->way[DIR_DL] = men & sources[DIR_DL];
    j->way[DIR_DR] = men & sources[DIR_DR];
    j->kings = board->pieces[side] & board->kings;
    uint64_t lands = j->way[DIR_UL] >> 2 * c | j->way[DIR_UR] >> 2 * a | j->way[DIR_DL] << 2 * a |
                     j->way[DIR_DR] << 2 * c;
    uint64_t onward = sources[DIR_UL] | sources[DIR_UR] | sources[DIR_DL] | sources[DIR_DR];
    if (lands & onward) return false;
    /* Crowned on the way, a Russian man would go on as a king. */
    if (r->promote_in_passing && (lands & g->promotion[side])) return false;
    /* Italian rules rank a king's capture first, Czech rules let only kings
     * take when they can: the search's. */
    return !(j->kings && (r->capture_precedence || r->king_capture_first) &&
             movegen_kings_can_capture(g, r, board, empty));
}

bool movegen_single_jumps(struct pdn_movelist *out, const struct pdn_board *board)
{
    struct single_jumps j;
    if (!scan_single_jumps(&j, board)) return false;
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
    struct single_jumps j;
    if (!scan_single_jumps(&j, board) || j.kings) return false;
    const struct geometry *g = j.g;
    if ((unsigned)from - 1 >= (unsigned)g->squares || (unsigned)to - 1 >= (unsigned)g->squares)
        return false;
    int f = g->bit_of[from], t = g->bit_of[to], a = g->step[DIR_DL], c = g->step[DIR_DR];
    uint64_t at = bit(f), jumpers, over;
    /* The bit distance names the way: R + 1 bits (c) or R (a) a step. Each
     * way by its name, as in scan_single_jumps. */
    if (t - f == -2 * c)
        jumpers = j.way[DIR_UL], over = at >> c;
    else if (t - f == -2 * a)
        jumpers = j.way[DIR_UR], over = at >> a;
    else if (t - f == 2 * a)
        jumpers = j.way[DIR_DL], over = at << a;
    else if (t - f == 2 * c)
        jumpers = j.way[DIR_DR], over = at << c;
    else
        return false;
    if (!(jumpers & at)) return false;
    make_jump(out, g, f, over, t, lands_crown(g, j.side, bit(t)));
    board_play(board, out);
    return true;
}
