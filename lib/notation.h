/*
 * Move text, private to the notation files: the parsed form of a move text
 * (notation_parse.c) and the landing-path test shared by the matcher and
 * the writer. Knows nothing of the board.
 */
#ifndef PDN_NOTATION_H
#define PDN_NOTATION_H

#include "pdn.h"

/* Squares one reading may hold: from, to and up to PDN_PATH_MAX captured. */
#define NOTATION_SQUARES_MAX (PDN_PATH_MAX + 2)

/*
 * An algebraic square ("c3") as notation_parse reads it, before the board
 * gives it a number: NOTATION_ALG + file * 16 + rank (file 0 for 'a', rank
 * from 1). notation_match.c numbers it with the board's geometry.
 */
#define NOTATION_ALG 0x10000

/* The squares of a move text, in the order written. */
struct notation_reading {
    int sq[NOTATION_SQUARES_MAX];
    int n;          /* at least 2 */
    unsigned forms; /* forms of this reading alone (zero padding of a split) */
};

struct notation_text {
    struct notation_reading readings[2];
    int nreadings; /* 2 only for a 3-digit move without separator (611: 6-11 or 61-1) */
    int captured[PDN_PATH_MAX];
    int ncaptured;  /* squares in a <...> list */
    bool has_list;  /* a <...> list of captured squares followed the move */
    bool dash;      /* a '-' or a unicode dash separated two squares */
    bool cross;     /* an 'x' or ':' separated two squares */
    bool algebraic; /* the squares are written "c3" (NOTATION_ALG values) */
    unsigned forms;
};

/* Reads a move text; false when it is not a move at all. */
bool notation_parse(struct notation_text *out, const char *text);

/* Whether sq[0..n-1] appear in order among the move's landing squares before 'to'. */
bool notation_has_landings(const struct pdn_move *move, const int *sq, int n);

/*
 * Fills out->reason, square, max_taken and taken for a text no legal move fits. landing[k]
 * says whether reading k fitted some move as a landing path before its
 * <...> list of captured squares ruled it out.
 */
void notation_explain(struct pdn_match *out, const struct notation_text *t, const bool *landing,
                      const struct pdn_board *board, const struct pdn_movelist *legal);

#endif
