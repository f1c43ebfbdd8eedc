/*
 * A game played by programs or people (pdnmatch, pdnplay): its moves and
 * the positions before them, written as PDN after libpdn's validator has
 * replayed it and ruled on draws (played.c).
 */
#ifndef PDN_CMD_PLAYED_H
#define PDN_CMD_PLAYED_H

#include "pdn.h"

#include <stdio.h>

#define PLIES_MAX 1000

/* A game under way: the opening, the moves, the position before each. */
struct played_game {
    struct pdn_board start, board;
    struct pdn_board before[PLIES_MAX];
    struct pdn_move moves[PLIES_MAX];
    int nplies;
    /* The number of the first move: a game continued from a file's
     * position keeps the file's numbers (pdnplay --from); 0 counts as 1. */
    unsigned first_number;
    uint64_t seed;
};

enum game_result { RESULT_WHITE, RESULT_DRAW, RESULT_BLACK, RESULT_UNFINISHED };

/* A finished game written as PDN. */
struct game_record {
    const char *prog; /* names the tool in the validator's messages */
    const char *white, *black, *event, *date;
    int round;
    enum game_result result;
    const char *comment; /* why it ended (a forfeit), or NULL */
};
/* A result as pdnfmt writes it in a game of the variant: "2-0" in
 * international draughts, "1-0" on 8x8 (pdn_result_text_for). */
const char *played_result_text(enum game_result r, enum pdn_variant variant);
/*
 * Writes g as PDN to out (NULL: nowhere) after libpdn's validator has
 * replayed it: a draw rule reached cuts the game there as a draw (the
 * record is updated).
 * Returns the validator's errors (0 for a good game), or -1 on failure.
 */
int game_write(FILE *out, struct played_game *g, struct game_record *r);
/* Whether a game from start opens on the second move of a pair ("1..."):
 * the side to move is not the variant's first mover (White, or Black in
 * English draughts, whose first move is "1."). */
bool played_starts_mid_pair(const struct pdn_board *start);
/* Whether a game may start from the position: no error in a game of it
 * alone, replayed as the validator checks a FEN tag (no man on its crowning
 * row ...), and a move to play; else why not, in why. */
bool played_position_ok(const struct pdn_board *board, char *why, size_t cap);
/* The number of ply i of g (0: its first move) and in *second whether it
 * is the second move of its pair ("12..."): the one numbering of the PDN
 * written, pdnplay's screen and its line mode. */
unsigned played_ply_number(const struct played_game *g, int i, bool *second);
/* The ply at which a draw rule drew the game so far, or 0; the rule in
 * *rule (may be NULL). */
unsigned game_draw_ply(const struct played_game *g, enum pdn_draw_rule *rule);

#endif
