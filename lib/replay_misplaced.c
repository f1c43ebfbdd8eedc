/*
 * replay_misplaced: a variation written before the move it replaces. PDN
 * makes a variation an alternative to the move before it; broadcasts write
 * Black's alternative right after White's move ("1. 32-28 (19-23) 18-23"),
 * where its first move cannot be played. When that move is legal in place
 * of the next move, which is legal where it stands, and its number, if
 * written, is that move's or the one of the place it stands in, the
 * variation has one reading: the replay says so beside the illegal move,
 * and pdn_format_game with fix (format_move.c) moves it by this finding
 * alone, so that what pdncheck promises is what pdnfmt --fix does. Must
 * not print; uses the replay's scratch move list, free while a line is
 * replayed.
 */
#include "replay.h"

#include <stdio.h>
#include <string.h>

/* Whether text is a legal move on board: one reading, or (accept_ambiguous)
 * several that take different pieces. */
static bool legal_on(struct replay *r, const char *text, const struct pdn_board *board,
                     bool accept_ambiguous)
{
    struct pdn_match m;
    pdn_movegen(r->scratch, board, 0);
    pdn_move_match(&m, text, board, r->scratch, false);
    return m.result == PDN_MATCH_OK || (accept_ambiguous && m.result == PDN_MATCH_AMBIGUOUS);
}

static void label(char out[16], uint32_t number, bool second)
{
    snprintf(out, 16, "%lu%s", (unsigned long)number, second ? "..." : ".");
}

bool replay_variation_place(struct variation_place *out, const struct replay *r,
                            const struct pdn_line *line, uint32_t i, struct turn played,
                            const struct pdn_board *after, struct turn turn)
{
    if (i + 1 >= line->nmoves || !after->side_known || !turn.known || !played.known) return false;
    out->replaced = &line->moves[i];
    out->replaced_number = played.number;
    out->replaced_second = after->side == r->first_side; /* the other side moved it */
    out->next = &line->moves[i + 1];
    out->next_number = turn.number;
    out->next_second = after->side != r->first_side;
    out->after = *after;
    return true;
}

static bool numbered(const struct pdn_node *node, uint32_t number, bool second)
{
    return node->number == number && node->number_black == second;
}

/*
 * The variation's first move is the alternative to the next move when
 * nothing else can be meant: a move, no setup before it or the next move
 * (either would start elsewhere), numbered as the next move, as the move
 * it stands in place of, or not at all, legal where the next move is
 * played (an ambiguous capture too, as an alternative), and the next move
 * legal there with one reading (so the replay plays it, and the variation
 * has a move to follow). The number of the place it stands in is the one
 * pdnfmt gives it there ("1. 32-28 (1. 19-23)" for "(19-23)"): its output
 * says, and --fix on it does, what the file as written did.
 */
static bool belongs_to_next(struct replay *r, const struct variation_place *p,
                            const struct pdn_node *first)
{
    const struct pdn_node *next = p->next;
    if (!next || !next->text || !first->text) return false;
    if (pdn_annotations_of(next)->setup || pdn_annotations_of(first)->setup) return false;
    if (first->number && !numbered(first, p->next_number, p->next_second) &&
        !numbered(first, p->replaced_number, p->replaced_second))
        return false;
    return legal_on(r, first->text, &p->after, true) && legal_on(r, next->text, &p->after, false);
}

void replay_misplaced_check(struct replay *r, const struct pdn_node *first)
{
    const struct variation_place *p = r->place;
    if (!belongs_to_next(r, p, first)) return;
    char replaced_number[16], next_number[16], text[PDN_MOVE_TEXT_MAX + 32];
    label(replaced_number, p->replaced_number, p->replaced_second);
    label(next_number, p->next_number, p->next_second);
    if (first->number) {
        char written[16];
        label(written, first->number, first->number_black);
        snprintf(text, sizeof text, "%s %s", written, first->text);
    } else {
        snprintf(text, sizeof text, "%s", first->text);
    }
    snprintf(r->detail, sizeof r->detail,
             "illegal in place of %s %s, legal in place of the next move, %s %s: pdnfmt --fix "
             "moves it after that move",
             replaced_number, p->replaced->text, next_number, p->next->text);
    replay_emit(r, PDN_DIAG_MISPLACED_VARIATION, first, &p->line->pos, next_number, text,
                r->detail);
}

bool replay_misplaced_numbered(struct replay *r, const struct pdn_node *first,
                               const struct pdn_board *board)
{
    if (!first->number || !first->text || pdn_annotations_of(first)->setup) return false;
    struct pdn_match m;
    pdn_movegen(r->scratch, board, 0);
    pdn_move_match(&m, first->text, board, r->scratch, false);
    return m.result == PDN_MATCH_ILLEGAL && belongs_to_next(r, r->place, first);
}
