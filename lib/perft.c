/*
 * perft: the number of leaf nodes of the legal-move tree, the standard
 * check of a move generator against published counts. Built on the public
 * movegen and board calls only; the last ply counts moves without playing
 * them.
 */
#include "pdn.h"

static uint64_t perft_rec(const struct pdn_board *board, int depth, unsigned flags)
{
    if (depth == 1) return (uint64_t)pdn_movegen_count(board, flags);
    struct pdn_movelist list;
    pdn_movegen(&list, board, flags);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        struct pdn_board next = *board;
        pdn_board_play(&next, &list.moves[i]);
        nodes += perft_rec(&next, depth - 1, flags);
    }
    return nodes;
}

uint64_t pdn_perft_count(const struct pdn_board *board, int depth, unsigned flags)
{
    if (depth <= 0) return 1;
    return perft_rec(board, depth, flags);
}
