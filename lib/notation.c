/*
 * Move notation: moves to PDN text. Knows the move list, not the board
 * layout; does no I/O.
 */
#include "pdn.h"

#include <stdio.h>

static bool shares_ends(const struct pdn_move *move, const struct pdn_movelist *legal)
{
    if (!legal) return false;
    for (int i = 0; i < legal->count; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (m != move && m->from == move->from && m->to == move->to) return true;
    }
    return false;
}

size_t pdn_move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                     const struct pdn_movelist *legal)
{
    int n = snprintf(out, PDN_MOVE_TEXT_MAX, "%d", move->from);
    if (move->ncaptured == 0)
        return (size_t)(n + snprintf(out + n, PDN_MOVE_TEXT_MAX - (size_t)n, "-%d", move->to));
    int first = shares_ends(move, legal) ? 0 : move->npath - 1;
    for (int i = first; i < move->npath; i++)
        n += snprintf(out + n, PDN_MOVE_TEXT_MAX - (size_t)n, "x%d", move->path[i]);
    return (size_t)n;
}
