/*
 * csv_row_order (private): whether the rows of a game in pdn2csv --moves
 * --variations form keep the order pdn2csv wrote them in, which csv2pdn
 * --moves builds the variations from. A database sorts them otherwise
 * (ORDER BY game, line, ply): the rows then made another tree, with
 * another game's variations, and no word (a review, archivist's view).
 * Line ids do not tell the order alone (two variations of the main line
 * are both "1.1"), so the rows are checked as they come, from their line,
 * parent and ply cells: each line's plies follow one another, and a
 * variation replaces the ply its line stands at. Knows nothing of games
 * or text.
 */
#ifndef PDN_CSV_ROW_ORDER_H
#define PDN_CSV_ROW_ORDER_H

#include "csv_io.h"
#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>

/* Lines open at once: the main line and PDN_LIMIT_DEPTH variations in it. */
#define ROW_ORDER_DEEPEST (PDN_LIMIT_DEPTH + 2)

struct row_order {
    char id[CSV_LINE_ID_MAX];    /* the line of the last row; "1" the main line */
    long ply[ROW_ORDER_DEEPEST]; /* the last ply of each line open, 0 none */
    unsigned depth;              /* the dots in id */
};

/* Whether line id a is inside line b (a variation of it, at any depth):
 * csv_read_text.c's lines and the rows' order read ids alike. */
bool csv_line_inside(const char *a, const char *b);
/* A line's depth, from 0 (the main line): the dots in its id, at most
 * most. */
unsigned csv_line_depth(const char *id, unsigned most);

/* A game's first row comes. */
void csv_row_order_start(struct row_order *o);

/* The row's line, parent and ply cells (pdn2csv's; an empty line is the
 * main line, an empty ply or parent is not checked): true when it can
 * follow the rows before, else false and why in why[0, cap). */
bool csv_row_order_step(struct row_order *o, const char *line, const char *parent, const char *ply,
                        char *why, size_t cap);

#endif
