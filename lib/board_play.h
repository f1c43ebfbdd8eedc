/*
 * board_play (private): playing a move already found legal on a position,
 * inline. The replay plays one at every ply, where the call into board.c
 * was 0.5% of pdncheck; pdn_board_play (board.c) is this for library
 * users. Knows nothing of legality or text.
 */
#ifndef PDN_BOARD_PLAY_H
#define PDN_BOARD_PLAY_H

#include "geometry.h"

static inline void board_play(struct pdn_board *board, const struct pdn_move *move)
{
    const struct geometry *g = geometry_get(board->variant);
    uint64_t from = bit(g->bit_of[move->from]), to = bit(g->bit_of[move->to]);
    int side = board->side;
    bool king = (board->kings & from) != 0;
    board->pieces[!side] &= ~move->captured;
    board->kings &= ~move->captured;
    board->pieces[side] = (board->pieces[side] & ~from) | to;
    board->kings &= ~from;
    if (king || move->promotes) board->kings |= to;
    board->side = (uint8_t)!side;
}

#endif
