/*
 * movegen_jumps (private): what movegen_jumps.c knows of a position whose
 * captures all take one piece, inline: the scan of the men that can jump
 * and the play of one man's capture, which the replay's run of plain plies
 * (replay.c) takes at most captures, where the call cost a tenth of the
 * capture (pdncheck). Nothing here allocates or knows about text.
 */
#ifndef PDN_MOVEGEN_JUMPS_H
#define PDN_MOVEGEN_JUMPS_H

#include "geometry.h"
#include "movegen.h"
#include "pdn.h"

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
static inline __attribute__((always_inline)) bool
scan_single_jumps(struct single_jumps *j, const struct geometry *g, const struct pdn_board *board)
{
    j->g = g;
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

/* A man's capture of the piece 'over' from bit 'from' to bit 'to' played
 * on the board, as board_play plays it: the bits are known here, and
 * board_play would find them again from the squares. */
static inline void play_man_jump(struct pdn_board *board, int side, uint64_t from, uint64_t over,
                                 uint64_t to, bool crowns)
{
    board->pieces[side] ^= from | to;
    board->pieces[!side] &= ~over;
    board->kings &= ~over;
    if (crowns) board->kings |= to;
    board->side = (uint8_t)!side;
}

/* What play_single_jump did with a capture: played it; left it to the
 * list, which movegen_single_jumps may make (the side has a king, or no
 * single jump goes from 'from' to 'to'); or found that some capture of
 * the position takes more than one piece, which only pdn_movegen lists:
 * movegen_single_jumps would only find so again. */
enum jump_play { JUMP_PLAYED, JUMP_TO_LIST, JUMP_TO_SEARCH };

/* movegen_play_single_jump (movegen.h) inline, g the board's geometry:
 * the replay's run of plain plies takes one at most captures. */
static inline __attribute__((always_inline)) enum jump_play
play_single_jump(struct pdn_move *out, struct pdn_board *board, const struct geometry *g, int from,
                 int to)
{
    /* A side with a king is left to the list: told before the scan. */
    if (board->pieces[board->side] & board->kings) return JUMP_TO_LIST;
    struct single_jumps j;
    if (!scan_single_jumps(&j, g, board)) return JUMP_TO_SEARCH;
    if ((unsigned)from - 1 >= (unsigned)g->squares || (unsigned)to - 1 >= (unsigned)g->squares)
        return JUMP_TO_LIST;
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
        return JUMP_TO_LIST;
    if (!(jumpers & at)) return JUMP_TO_LIST;
    bool crowns = lands_crown(g, j.side, bit(t));
    make_jump(out, g, f, over, t, crowns);
    play_man_jump(board, j.side, at, over, bit(t), crowns);
    return JUMP_PLAYED;
}

#endif
