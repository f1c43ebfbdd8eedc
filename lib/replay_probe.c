/*
 * replay_probe: whether a game's main line is legal under a variant, asked
 * by the variant inference (variant.c) for each variant a game's clues
 * leave (algebraic squares: Russian, Brazilian or Czech; a position of
 * 8x8: any 8x8 variant). It replays as the ambiguity lookahead does
 * (replay_line_silent): no finding, no summary, no variation, stopping at
 * the first illegal move. Must not print; allocates its one move list (20
 * KB, kept off the stack) and frees it before it returns.
 */
#include "replay.h"

#include <stdlib.h>
#include <string.h>

/* Plies of the ambiguity lookahead a probe may spend beyond its line. */
#define PROBE_LOOKAHEAD_BUDGET 20000

/* "..." holding the place of a move the position's side did not play. */
static bool is_placeholder_text(const char *text)
{
    return text && strcmp(text, "...") == 0;
}

bool replay_probe(const pdn_game *game, enum pdn_variant variant)
{
    struct pdn_board board;
    const char *fen = pdn_game_tag(game, "FEN");
    if (!fen)
        pdn_board_init(&board, variant);
    else if (pdn_board_from_fen(&board, variant, fen, NULL) != PDN_OK)
        return false;
    const struct pdn_line *line = &game->main;
    uint32_t from = 0;
    while (from < line->nmoves && !line->moves[from].setup &&
           is_placeholder_text(line->moves[from].text))
        from++;
    struct replay r = {.scratch = malloc(sizeof(struct pdn_movelist))};
    /* Out of memory: what cannot be refuted counts as legal, as in the lookahead. */
    if (!r.scratch) return true;
    r.budget = (long)line->nmoves + PROBE_LOOKAHEAD_BUDGET;
    bool legal = replay_line_silent(&r, line, from, board, 0);
    free(r.scratch);
    return legal;
}
