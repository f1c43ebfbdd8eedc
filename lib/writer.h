/*
 * writer (private): pdn_write_game with the first ply's number and side
 * given, for the library's callers that run the replay (format.c, the CSV
 * writer). A FEN that leaves the side to move open ('?') is the first
 * move's to the replay (replay_first_ply), which the writer, below the
 * rules, cannot tell: pdn_write_game takes it for the first mover's.
 */
#ifndef PDN_WRITER_H
#define PDN_WRITER_H

#include "game.h"
#include "pdn.h"

#include <stdio.h>

int writer_write_game(FILE *out, const pdn_game *game, const struct pdn_write_options *options,
                      struct game_first_ply first);

#endif
