/*
 * replay_plain (private): reading the plain move texts most plies are
 * ("32-28", "28x17", "c3-d4", "c3:e5") and playing them without the
 * matcher, inline, for the replay (replay.c) and its silent replays
 * (replay_probe.c), which take one at nearly every ply. What is not plain
 * goes to the matcher (notation), which would find the same moves. Knows
 * the board and the move generator, nothing of findings.
 */
#ifndef PDN_REPLAY_PLAIN_H
#define PDN_REPLAY_PLAIN_H

#include "geometry.h"
#include "movegen.h"
#include "pdn.h"
#include "text.h"

#include <string.h>

/* Reads a square of one or two digits without a leading zero. Without a
 * branch on the second digit: squares of one and of two digits come in no
 * order a processor could foresee. */
static inline const char *plain_square(const char *p, int *out)
{
    if (*p < '1' || *p > '9') return NULL;
    int first = p[0] - '0', second = p[1] - '0';
    bool two = second >= 0 && second <= 9;
    *out = two ? first * 10 + second : first;
    return p + 1 + two;
}

/* Reads a plain square or an algebraic one of a single-digit rank ("c3")
 * that is a square of the board's variant. */
static inline const char *text_square(const char *p, const struct pdn_board *board, int *out)
{
    if (*p >= '1' && *p <= '9') return plain_square(p, out);
    if (*p < 'a' || *p > 'j' || p[1] < '1' || p[1] > '9' || (p[2] >= '0' && p[2] <= '9'))
        return NULL;
    *out =
        geo_square_algebraic(geometry_get((enum pdn_variant)board->variant), *p - 'a', p[1] - '0');
    return *out ? p + 2 : NULL;
}

/* Reads a plain move text: two squares (as text_square reads them) around
 * '-', 'x' or ':'. The separator, or 0 when the text is none such. */
static inline __attribute__((always_inline)) char
plain_text(const char *text, const struct pdn_board *board, int *from, int *to)
{
    const char *p = text_square(text, board, from);
    if (!p || (*p != '-' && *p != 'x' && *p != ':')) return 0;
    char separator = *p;
    if (!(p = text_square(p + 1, board, to)) || *p) return 0;
    return separator;
}

/*
 * Most plies are a plain quiet move ("32-28", "c3-d4") while no capture is
 * possible: checked directly, without generating the legal list or
 * matching text, and played. True, *out filled and the move played on
 * *board when the text is such a move; else the board is as it was.
 */
static inline __attribute__((always_inline)) bool play_quiet(struct pdn_move *out, const char *text,
                                                             struct pdn_board *board)
{
    int from, to;
    if (plain_text(text, board, &from, &to) != '-') return false;
    return movegen_play_quiet(out, board, geometry_get(board->variant), from, to);
}

/* The legal moves into *out, as pdn_movegen lists them: captures of one
 * piece each without the search (movegen_jumps.c). */
static inline void legal_moves(struct pdn_movelist *out, const struct pdn_board *board)
{
    if (!movegen_single_jumps(out, board)) pdn_movegen(out, board, 0);
}

/*
 * A plain capture "AxB" or "A:B" (squares as plain_text reads them) naming
 * one legal capture from A to B (routes that take the same pieces are one
 * move already): its index in the legal list, else -1 and the matcher
 * decides, with every form and finding. The matcher would find the same
 * move, and the only form it could see here is ':', which the reader
 * reports, not the replay.
 */
static inline int capture_index(const struct pdn_movelist *legal, int from, int to)
{
    int found = -1;
    for (int i = 0; i < legal->count; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (m->from != from || m->to != to) continue;
        if (found >= 0 || m->ncaptured == 0) return -1;
        found = i;
    }
    return found;
}

/* capture_index of a move text, -1 when it is no plain capture. */
static inline int fast_capture(const struct pdn_movelist *legal, const char *text,
                               const struct pdn_board *board)
{
    int from, to;
    char separator = plain_text(text, board, &from, &to);
    if (separator != 'x' && separator != ':') return -1;
    return capture_index(legal, from, to);
}

/* "--", "- -", "– –", "...": a move the file does not give (text.h), as
 * the writer takes it (spell_unknown_move). Most texts start with a
 * square: told at their first byte. */
static inline bool is_unknown_move(const char *text)
{
    if (!text || !*text) return true;
    unsigned char c = (unsigned char)text[0];
    if ((c >= '0' && c <= '9') || (unsigned char)((c | 0x20) - 'a') < 26) return false;
    return text_unknown_move(text, strlen(text), true);
}

#endif
