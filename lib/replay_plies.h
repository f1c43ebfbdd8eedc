/*
 * replay_plies (private): what the library's own writers of move texts
 * (csv_plies.c for pdn2csv, format.c for pdnfmt) ask of the replay beyond
 * pdn.h. A capture is written with its whole path when another legal move
 * shares its two squares; the replay has the legal moves at hand when it
 * plays a ply, where its on_ply would have to generate them again (a tenth
 * of pdn2csv --moves on the check corpus, whose captures of several pieces
 * each made it). And who moves first when a FEN, of the tags or of a setup
 * among the moves, does not say, so that the moves are numbered as the
 * replay counts them. Nothing here prints.
 */
#ifndef PDN_REPLAY_PLIES_H
#define PDN_REPLAY_PLIES_H

#include "game.h"
#include "pdn.h"

#include <stdbool.h>

/*
 * pdn_replay_game, with *ambiguous true during each call of on_ply for a
 * move another legal move shares its from and to with, taking other pieces
 * (what pdn_move_text calls ambiguous), and false the rest of the time.
 */
int replay_game_noting(struct pdn_replay_summary *out, const pdn_game *game,
                       const struct pdn_replay_options *options, bool *ambiguous);

/*
 * A game's first ply as the replay counts it, for the writers that number
 * the moves (pdn_format_game, the CSV writer): game_first_ply, but when the
 * FEN tag leaves the side to move open ('?'), the side of the main line's
 * first move (replay_side.c), the number counted back from it. 0, or
 * PDN_ENOMEM with *out game_first_ply's.
 */
int replay_first_ply(struct game_first_ply *out, const pdn_game *game);

/*
 * Who moves node, the move right after a setup (node->setup), as the replay
 * decides it: the setup's side, or, when it leaves the side open ('?'),
 * node's (replay_side.c), for the writers that number the moves after it.
 * *second: that is the second mover of a pair. 1, 0 when the replay reads
 * no position there (no setup, a FEN it cannot read, a game it does not
 * replay: *second untouched), or PDN_ENOMEM.
 */
int replay_setup_second(bool *second, const pdn_game *game, const struct pdn_node *node);

#endif
