/*
 * movegen (private): what the library's own modules use of move generation
 * beyond pdn.h. The capture test and the quiet move are inline here, for
 * the replay's run of plain plies (replay.c), which takes both at nearly
 * every ply; the rest is in movegen.c.
 */
#ifndef PDN_MOVEGEN_H
#define PDN_MOVEGEN_H

#include "geometry.h"
#include "pdn.h"

/*
 * The men of the side to move that can capture (bitwise, all men at once):
 * a man whose neighbour in a direction is prey with an empty square behind.
 * a and c are the bit distances of the two diagonals.
 */
static inline uint64_t movegen_capturing_men(const struct geometry *g, const struct pdn_rules *r,
                                             const struct pdn_board *b, uint64_t empty)
{
    uint64_t men = b->pieces[b->side] & ~b->kings, opp = b->pieces[!b->side];
    int a = g->step[DIR_DR], c = g->step[DIR_DL];
    if (!r->men_capture_backward) {
        if (r->men_spare_kings) opp &= ~b->kings;
        if (b->side == PDN_COLOR_WHITE)
            return men & (((opp & (empty << a)) << a) | ((opp & (empty << c)) << c));
        return men & (((opp & (empty >> a)) >> a) | ((opp & (empty >> c)) >> c));
    }
    uint64_t up = ((opp & (empty << a)) << a) | ((opp & (empty << c)) << c);
    uint64_t down = ((opp & (empty >> a)) >> a) | ((opp & (empty >> c)) >> c);
    return men & (up | down);
}

/* The direction back the way d came: UL and DR, UR and DL. */
static inline int movegen_opposite(int d)
{
    return DIR_COUNT - 1 - d;
}

/* The first square past the empty ones from 'at' (one bit) in direction d,
 * as a bit: a piece, a ghost bit, or nothing past the edge. One loop per
 * sign of the step: a shift whose sign is tested at each square cost more
 * than the neighbour table. */
static inline uint64_t past_empty(const struct geometry *g, uint64_t at, int d, uint64_t empty)
{
    int step = g->step[d];
    if (step > 0) {
        uint64_t x = at << step;
        while (x & empty)
            x <<= step;
        return x;
    }
    uint64_t x = at >> -step;
    while (x & empty)
        x >>= -step;
    return x;
}

/* Whether a king of the side to move can capture (all its kings at once). */
bool movegen_kings_can_capture(const struct geometry *g, const struct pdn_rules *r,
                               const struct pdn_board *b, uint64_t empty);

/* Whether a piece of the side to move has an empty square next to it where
 * it may step (a man ahead, a king any way): then it has a legal move, a
 * capture if not that step (no count of them all, as count_quiet makes).
 * False says nothing. */
bool movegen_side_can_step(const struct pdn_board *b);

/* Whether the side to move can capture. Kings searched only when the side
 * has some: most positions have none. */
static inline bool movegen_can_capture(const struct geometry *g, const struct pdn_board *b,
                                       uint64_t empty)
{
    return movegen_capturing_men(g, g->rules, b, empty) ||
           ((b->pieces[b->side] & b->kings) && movegen_kings_can_capture(g, g->rules, b, empty));
}

/*
 * When the legal moves of the position are captures of one piece each that
 * cannot go on (by men, or by kings where the rules do not rank kings'
 * captures first): true, and *out lists them as pdn_movegen does. False
 * leaves the question to pdn_movegen, and *out undefined
 * (movegen_jumps.c).
 */
bool movegen_single_jumps(struct pdn_movelist *out, const struct pdn_board *board);
/*
 * When the side to move has no king and movegen_single_jumps would answer,
 * and a man's capture of one piece from square 'from' to square 'to' is
 * among its moves: that move in *out, as the generator makes it, played
 * on *board; true. False leaves the board as it was and the question to
 * the generator. The replay's plain captures, most captures of a game,
 * without a list of them all.
 */
bool movegen_play_single_jump(struct pdn_move *out, struct pdn_board *board, int from, int to);

/* Whether a king on bit 'from' reaches the empty bit 'to' over empty squares. */
bool movegen_king_reaches(const struct geometry *g, int from, int to, uint64_t empty);

/* Whether a man of 'side' on bit 'from' steps to bit 'to': one of its two
 * forward steps, R or R + 1 bits towards its far row (White's is square 1,
 * bit 0), whichever the diagonal: one test, no table of the two. A step off
 * the board lands on a ghost bit, never on a square, so the bit distance
 * alone says it. */
static inline bool movegen_man_steps(const struct geometry *g, int side, int from, int to)
{
    int ahead = side == PDN_COLOR_WHITE ? from - to : to - from;
    return (unsigned)(ahead - g->step[DIR_DL]) <= 1; /* step[DIR_DL] is R */
}

/*
 * pdn_movegen_quiet that also plays the move on *board when it is legal
 * (and leaves the board as it was when not); g is the board's geometry,
 * which a caller playing a run of moves looks up once: the replay's most common ply,
 * where the squares' bits and the piece are then worked out once for both
 * halves (with the walk of the text it replaced, 3% of pdncheck).
 */
static inline __attribute__((always_inline)) bool movegen_play_quiet(struct pdn_move *out,
                                                                     struct pdn_board *board,
                                                                     const struct geometry *g,
                                                                     int from, int to)
{
    unsigned squares = (unsigned)g->squares; /* 1..squares: one test each */
    if ((unsigned)from - 1 >= squares || (unsigned)to - 1 >= squares) return false;
    int fb = g->bit_of[from], tb = g->bit_of[to], side = board->side;
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    if (!(board->pieces[side] & bit(fb)) || !(empty & bit(tb))) return false;
    bool king = (board->kings & bit(fb)) != 0;
    if (king ? !movegen_king_reaches(g, fb, tb, empty) : !movegen_man_steps(g, side, fb, tb))
        return false;
    if (movegen_can_capture(g, board, empty)) return false;
    *out = (struct pdn_move){.from = (uint8_t)from, .to = (uint8_t)to, .npath = 1};
    out->path[0] = (uint8_t)to;
    out->promotes = !king && (g->promotion[side] & bit(tb)) != 0;
    /* As pdn_board_play would play it: nothing taken, the piece moves. */
    board->pieces[side] ^= bit(fb) | bit(tb);
    if (king || out->promotes) board->kings = (board->kings & ~bit(fb)) | bit(tb);
    board->side = (uint8_t)!side;
    return true;
}

#endif
