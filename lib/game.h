/*
 * game (private): a game as the library allocates it.
 *
 * pdn_game is the public, read-only view; the arena that owns it and
 * everything it points to stays out of the public header, behind it in one
 * allocation. Only the parser makes games.
 */
#ifndef PDN_GAME_H
#define PDN_GAME_H

#include "arena.h"
#include "pdn.h"
#include "text.h"

struct game_box {
    pdn_game game; /* first: a pdn_game pointer is a pointer to its box */
    struct arena *arena;
    /* What the main line's move texts say of the board, gathered by the
     * parser as it read them (variant.c's clues, without a second scan). */
    struct text_squares moves;
};

static inline struct game_box *game_box_of(const pdn_game *game)
{
    return (struct game_box *)(void *)(uintptr_t)game;
}

#endif
