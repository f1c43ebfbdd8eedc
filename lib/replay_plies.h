/*
 * replay_plies (private): what the library's own writers of move texts
 * (csv_plies.c for pdn2csv, format.c for pdnfmt) ask of the replay beyond
 * pdn.h. A capture is written with its whole path when another legal move
 * shares its two squares; the replay has the legal moves at hand when it
 * plays a ply, where its on_ply would have to generate them again (a tenth
 * of pdn2csv --moves on the check corpus, whose captures of several pieces
 * each made it). Nothing here prints.
 */
#ifndef PDN_REPLAY_PLIES_H
#define PDN_REPLAY_PLIES_H

#include "pdn.h"

#include <stdbool.h>

/*
 * pdn_replay_game, with *ambiguous true during each call of on_ply for a
 * move another legal move shares its from and to with, taking other pieces
 * (what pdn_move_text calls ambiguous), and false the rest of the time.
 */
int replay_game_noting(struct pdn_replay_summary *out, const pdn_game *game,
                       const struct pdn_replay_options *options, bool *ambiguous);

#endif
