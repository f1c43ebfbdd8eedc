/*
 * fen (private): what the writers need of a FEN's text without reading
 * the position: who moves and from which move number. One reading, by
 * fen.c's own rules, for pdn_write_game and the CSV writers.
 */
#ifndef PDN_FEN_H
#define PDN_FEN_H

#include <stdbool.h>
#include <stdint.h>

struct fen_start {
    bool known;      /* the side letter is W or B (either case), not '?' or junk */
    bool black;      /* it is B */
    uint32_t number; /* the ":F<n>" move number (lidraughts), 1..99999; 0 when none */
};

/* The side and first move number the FEN text says (blanks before it
 * skipped, as pdn_board_from_fen does); never fails. */
struct fen_start fen_start(const char *fen);

#endif
