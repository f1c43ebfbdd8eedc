/*
 * The position the notation tests read and write moves in (header-only,
 * static): a board and its legal moves, loaded from a FEN, and a move
 * text matched against them. Shared by test_notation.c (move text ->
 * move) and test_notation_text.c (move -> text, read back). Include it
 * after <cmocka.h>: a position that does not load fails the test.
 */
#ifndef NOTATION_FIXTURE_H
#define NOTATION_FIXTURE_H

#include "pdn.h"

/* The international start position. */
#define START "W:W31-50:B1-20"

struct pos {
    struct pdn_board board;
    struct pdn_movelist legal;
};

static inline void load_variant(struct pos *p, enum pdn_variant v, const char *fen)
{
    struct pdn_fen_error err;
    if (pdn_board_from_fen(&p->board, v, fen, &err) != 0)
        fail_msg("FEN '%s' rejected: %s", fen, pdn_fen_status_message(err.status));
    pdn_movegen(&p->legal, &p->board, 0);
}

static inline void load(struct pos *p, const char *fen)
{
    load_variant(p, PDN_VARIANT_INTERNATIONAL, fen);
}

static inline struct pdn_match match(const struct pos *p, const char *text)
{
    struct pdn_match m;
    assert_int_equal(pdn_move_match(&m, text, &p->board, &p->legal, false), PDN_OK);
    return m;
}

#endif
