/*
 * replay_side: who moves from a position whose FEN left the side open
 * ('?'): the move played from it decides. The one answer the replay gives
 * (at the start, replay_start.c, and after a setup, replay.c) and, through
 * replay_first_ply and replay_setup_second (replay_plies.h), the writers
 * that number the moves (pdnfmt, pdn2csv). Must not report, print or
 * allocate.
 */
#include "replay.h"

/* A move numbered as the second of its pair ("1... 18-22") is the second
 * mover's; else the side that can play it: the one the board says first
 * (White, for '?'), then the other; the board's when neither can. */
void replay_resolve_side(struct replay *r, const struct pdn_node *node, struct pdn_board *board)
{
    board->side_known = 1;
    if (node->number && node->number_black) {
        board->side = (uint8_t)!r->first_side;
        return;
    }
    struct pdn_match m;
    pdn_movegen(r->legal, board, 0);
    pdn_move_match(&m, node->text, board, r->legal, false);
    if (m.result == PDN_MATCH_OK || m.result == PDN_MATCH_AMBIGUOUS) return;
    struct pdn_board other = *board;
    other.side = (uint8_t)!board->side;
    pdn_movegen(r->legal, &other, 0);
    pdn_move_match(&m, node->text, &other, r->legal, false);
    if (m.result == PDN_MATCH_OK || m.result == PDN_MATCH_AMBIGUOUS) *board = other;
}
