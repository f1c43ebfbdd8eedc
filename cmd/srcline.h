/*
 * srcline: pdncheck -v's source lines. The line the last game ended on is
 * kept across games (a line may hold the end of one game and the start of
 * the next), the gaps between games as blanks that stand for what the
 * reader does not keep; an excerpt prints a line, or the part of a long
 * one around a column, with a caret under it.
 */
#ifndef PDN_CMD_SRCLINE_H
#define PDN_CMD_SRCLINE_H

#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Lines longer than this many characters are shown in part, around the column. */
enum { EXCERPT_WIDTH = 100, EXCERPT_LEAD = 40 };

/* The text of one source line, for excerpts (-v): of a long line that
 * holds many games, only what an excerpt of the last game can show. */
struct srcline {
    char *text;
    size_t len, cap;
    uint32_t line;  /* 0 for none */
    uint32_t cols;  /* characters in text */
    uint32_t first; /* the column of text[0] */
    /* The blanks before the last game ([0]) and before the one before it
     * ([1], whose findings may wait for the last one: see deferred), as
     * columns [from, to): they stand for what the reader does not keep,
     * blanks or not (words above a game's tags). */
    struct pad {
        uint32_t from, to;
    } pad[2];
};

/* Where the last excerpt of a long line started: findings come in source
 * order, so the next one of the same line counts on from there, and a
 * line of a million columns with a finding in every few is read once. */
struct excerpt_cursor {
    const char *line;
    size_t byte;
    uint32_t chars;
};

/* The kept line begins again at line g->start.line: no gap wider than
 * EXCERPT_WIDTH before the game is kept as blanks. */
void srcline_restart(struct srcline *l, const pdn_game *g);
/* The first line of g's text added to the kept line, the gap before it as
 * blanks. */
void srcline_extend(struct srcline *l, const pdn_game *g);
/* Of the text before column col, at most the last EXCERPT_WIDTH characters
 * kept. */
void srcline_trim(struct srcline *l, uint32_t col);
/* The blanks of the kept line that column col of line 'line' is in, text
 * the reader did not keep; NULL for none. */
struct pad *srcline_pad_at(struct srcline *l, uint32_t line, uint32_t col);
/* Blanks at the start of the kept line shown to be no blanks: the line
 * starts after them from then on. */
void srcline_unpad(struct srcline *l, struct pad *p);
/* The number of the line the game's text ends on. */
uint32_t srcline_last_line(const pdn_game *g);
/* After a game: the line its text ends on is where the next one may start. */
void srcline_leave(struct srcline *l, const pdn_game *g);
/* Source line 'line', from the kept line or the text of game g (NULL:
 * none), from column *first on; false when neither holds it (a finding
 * between games). */
bool srcline_source(const struct srcline *l, const pdn_game *g, uint32_t line, const char **out,
                    size_t *len, uint32_t *first);
/* The line s (its text from column 'first' on) and a caret under column
 * col on standard output; a long line only around the column, cut with
 * "...". */
void excerpt_print(struct excerpt_cursor *cur, uint32_t line_no, const char *s, size_t len,
                   uint32_t col, uint32_t first);

#endif
