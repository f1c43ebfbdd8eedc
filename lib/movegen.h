/*
 * movegen (private): what the library's own modules use of move generation
 * beyond pdn.h. Defined in movegen.c.
 */
#ifndef PDN_MOVEGEN_H
#define PDN_MOVEGEN_H

#include "pdn.h"

/*
 * pdn_movegen_quiet that also plays the move on *board when it is legal
 * (and leaves the board as it was when not): the replay's most common ply,
 * where the squares' bits and the piece are then worked out once for both
 * halves (with the walk of the text it replaced, 3% of pdncheck).
 */
bool movegen_play_quiet(struct pdn_move *out, struct pdn_board *board, int from, int to);

#endif
