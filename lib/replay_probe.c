/*
 * The silent replay (replay_line_silent), which the ambiguity lookahead
 * (replay.c) and replay_probe share, and replay_probe: whether a game's
 * main line is legal under a variant, asked by the variant inference
 * (variant.c) for each variant a game's clues leave (algebraic squares:
 * Russian, Brazilian or Czech; a position of 8x8: any 8x8 variant). It
 * replays as the ambiguity lookahead does: no finding, no summary, no
 * variation, stopping at the first illegal move. Must not print; a probe
 * allocates its one move list (20 KB, kept off the stack) and frees it
 * before it returns.
 */
#include "board_play.h"
#include "replay.h"
#include "replay_plain.h"

#include <stdlib.h>
#include <string.h>

/* Plies of the ambiguity lookahead a probe may spend beyond its line. */
#define PROBE_LOOKAHEAD_BUDGET 20000
/* Nested ambiguities a lookahead follows before it gives the benefit of the doubt. */
#define LOOKAHEAD_NEST_MAX 8

/* Tries each candidate of a nested ambiguity: does any let the line go on? */
static bool any_candidate_replays(struct replay *r, const struct pdn_line *line, uint32_t next,
                                  const struct pdn_board *board, const struct pdn_match *m,
                                  int nest)
{
    struct pdn_move cand[PDN_CANDIDATES_MAX];
    int n = m->ncandidates < PDN_CANDIDATES_MAX ? m->ncandidates : PDN_CANDIDATES_MAX;
    for (int c = 0; c < n; c++)
        cand[c] = r->scratch->moves[m->candidates[c]];
    for (int c = 0; c < n; c++) {
        struct pdn_board b = *board;
        board_play(&b, &cand[c]);
        if (replay_line_silent(r, line, next, b, nest + 1)) return true;
    }
    return false;
}

bool replay_line_silent(struct replay *r, const struct pdn_line *line, uint32_t from,
                        struct pdn_board board, int nest)
{
    for (uint32_t i = from; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        if (pdn_annotations_of(node)->setup || is_unknown_move(node->text) || r->budget-- <= 0)
            return true;
        struct pdn_move quiet;
        if (play_quiet(&quiet, node->text, &board)) continue;
        struct pdn_match m;
        legal_moves(r->scratch, &board);
        int quick = fast_capture(r->scratch, node->text, &board);
        if (quick >= 0) {
            board_play(&board, &r->scratch->moves[quick]);
            continue;
        }
        pdn_move_match(&m, node->text, &board, r->scratch, false);
        if (m.result == PDN_MATCH_AMBIGUOUS) {
            if (nest >= LOOKAHEAD_NEST_MAX) return true;
            return any_candidate_replays(r, line, i + 1, &board, &m, nest);
        }
        if (m.result != PDN_MATCH_OK) return false;
        board_play(&board, &r->scratch->moves[m.move]);
    }
    return true;
}

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
    while (from < line->nmoves && !pdn_annotations_of(&line->moves[from])->setup &&
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
