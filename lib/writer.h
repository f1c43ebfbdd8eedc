/*
 * writer (private): pdn_write_game numbered as the replay counts, for the
 * library's callers that run the replay (format.c, the CSV writer). A FEN
 * that leaves the side to move open ('?'), in the tags or in a setup among
 * the moves, is the next move's side to the replay (replay_first_ply,
 * replay_setup_second), which the writer, below the rules, cannot tell:
 * pdn_write_game takes it for the first mover's at the start and goes on
 * counting after a setup.
 */
#ifndef PDN_WRITER_H
#define PDN_WRITER_H

#include "game.h"
#include "pdn.h"

#include <stdbool.h>
#include <stdio.h>

struct wrap_kept;

/* Who moves node, right after its setup, as the replay decides it
 * (replay_setup_second): 1 and *second, 0 when it cannot tell, or a
 * negative PDN_E* code. */
typedef int writer_setup_fn(bool *second, const pdn_game *game, const struct pdn_node *node);
/* Whether the replay played node (ctx: writer_count's played_ctx). */
typedef bool writer_played_fn(const struct pdn_node *node, void *ctx);

struct writer_count {
    struct game_first_ply first; /* the first ply's number and side */
    /* asked after a setup whose side the writer cannot read; NULL: the
     * count goes on there */
    writer_setup_fn *setup_second;
    /* asked of a move the caller gives no text for (options->move_text:
     * one given a text was played): past one the replay did not play, the
     * replay counts no more, and the numbers written set the writer's
     * count. NULL: the writer cannot tell, and goes on counting but after
     * an unknown move or a move kept as a comment. */
    writer_played_fn *played;
    void *played_ctx;
    struct wrap_kept *kept; /* the output buffer kept between games (NULL: none) */
};

/* Who moves after a setup that the writer writes as one (fen: its text),
 * node the move after it (NULL: the setup ends its line): the FEN's side,
 * or the side ask tells (NULL: none) when the writer cannot read it
 * ('?'). 1 and *second (the second mover of a pair), 0 when neither tells
 * (the count goes on), or a negative PDN_E* code. The CSV writer's moves
 * rows count with it as the writer numbers. */
int writer_setup_second(bool *second, const pdn_game *game, const char *fen,
                        const struct pdn_node *node, writer_setup_fn *ask);
/* The move number of the ply after a setup (fen) before move i of line
 * (i: the line's count for a setup that ends it), that ply the second
 * mover's or not: the FEN's ":F", else the first number written from
 * there on, counted back (game_line_number_from), else 0: the count goes
 * on, as it does after a setup holding '/', written as a comment. The
 * replay reads the numbers so; the CSV writer's rows count so. */
uint32_t writer_setup_number(const char *fen, const struct pdn_line *line, uint32_t i, bool second);
/* The FEN's ":F" part of it, 0 when none or written as a comment (csv2pdn,
 * which has no line to count back in, waits for the numbers instead). */
uint32_t writer_setup_fen_number(const char *fen);
int writer_write_game(FILE *out, const pdn_game *game, const struct pdn_write_options *options,
                      const struct writer_count *count);

#endif
