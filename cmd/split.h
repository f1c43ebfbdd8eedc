/*
 * split: pdnfmt --split N, a file cut at game boundaries into pieces of N
 * games, each game's text as read (decoded to UTF-8), so that the pieces
 * can be read apart (other machines, GNU parallel, Hadoop streaming) and
 * give what the whole gives. Pieces are written as -o writes a file:
 * replaced only when written whole. No PDN logic.
 */
#ifndef PDN_CMD_SPLIT_H
#define PDN_CMD_SPLIT_H

#include "output.h"

struct split {
    const char *name;       /* -o NAME: pieces NAME-0001.pdn, NAME-0002.pdn ... */
    unsigned long per;      /* games a piece */
    unsigned long in_piece; /* games in the open piece */
    unsigned long pieces;   /* pieces opened */
    struct tool_output out;
    bool open;
};

/* Writes a game to the open piece, opening the next when it is full;
 * 0, or PDN_EIO when a piece could not be opened or written. */
int split_game(struct tool *t, struct split *s, const pdn_game *game);
/* Closes the last piece: kept when commit. */
void split_end(struct tool *t, struct split *s, bool commit);
/* Warns when the piece after the last one written is there, from an
 * earlier run that made more pieces: a glob of the pieces would read its
 * games twice. */
void split_stale(const struct tool *t, const struct split *s);

#endif
