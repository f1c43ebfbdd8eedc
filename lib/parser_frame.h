/*
 * parser_frame (private): building the lines of a game as the parser meets
 * them.
 *
 * A line under construction is a frame: growable arrays (nodes, comments,
 * NAGs, variations) built in the game's arena from the start, so that a
 * finished line or node keeps them as they are (no copy) and the arena's
 * total is all the memory of the tree (PDN_LIMIT_GAME_TREE). Knows nothing
 * about tokens or text positions beyond what it is handed; never reports
 * findings.
 */
#ifndef PDN_PARSER_FRAME_H
#define PDN_PARSER_FRAME_H

#include "arena.h"
#include "vec.h"
#include "pdn.h"

#include <string.h>

/* A move label for diagnostics: "12." or "12..." (known once a number or
 * a ply has fixed it). */
struct frame_label {
    uint32_t num;
    bool black, known;
};

struct frame {
    struct vec nodes;  /* struct pdn_node, in the game's arena */
    size_t hint;       /* nodes of the last line closed here: the next one's start size */
    struct vec after;  /* struct pdn_comment, in the game's arena: after the last node */
    struct vec nags;   /* uint16_t, in the game's arena: of the last node (pending before
                          the first) */
    struct vec vars;   /* struct pdn_line, in the game's arena: of the last node (pending
                          before the first) */
    struct vec before; /* struct pdn_comment, in the game's arena: before the next node */
    const char *setup; /* before the next node */
    struct pdn_pos setup_pos;
    struct pdn_pos pos; /* of '(' */
    /* the move number waiting for its move */
    bool has_num, num_black;
    uint32_t num;
    struct pdn_pos num_pos;
    /* labels: of the next ply (counted from the last move number) and of the last node */
    struct frame_label next, last;
    /* the last move number, "N.", came where the count had Black's move N:
     * Black's moves numbered as White's ("1. 32-28 1. 19-23"), the count
     * from it a ply behind the moves */
    bool black_as_white;
    struct frame_label start; /* of a variation: the move it replaces */
    /* NAGs or variations met before any move: where the first one stood */
    bool orphans;
    struct pdn_pos orphan_pos;
    /* the last node, while nothing but its own annotations followed it */
    bool adjacent;
    uint32_t last_to; /* its last square when it is a numeric capture, else 0 */
};

/* A move number read, v (not 0), "v..." when black: the count goes on
 * from it. */
static inline void frame_number_read(struct frame *f, uint32_t v, bool black)
{
    f->black_as_white = !black && f->next.known && f->next.black && f->next.num == v;
    f->next = (struct frame_label){v, black, true};
}

void frame_reset(struct frame *frame, const struct pdn_pos *pos);
/* The last node, or NULL. */
struct pdn_node *frame_last(struct frame *frame);
/* Appends a move (its text already in the arena) and counts the ply for the
 * labels; NULL when out of memory. */
struct pdn_node *frame_add(struct frame *frame, struct arena *arena, const char *text,
                           const struct pdn_pos *pos);
/*
 * Fills a new node with its text, place and pending move number, and counts
 * the ply for the labels (White's move is followed by Black's of the same
 * number). Every field is written once: clearing the 128-byte node first and
 * then setting the fields cost twice the stores ('rep stos'). Always
 * inlined: as a call it costs 1% of all reading.
 */
static inline __attribute__((always_inline)) void
frame_fill(struct frame *frame, struct pdn_node *node, const char *text, const struct pdn_pos *pos)
{
    node->text = text;
    node->pos = *pos;
    if (frame->has_num) {
        node->number = frame->num;
        node->number_black = frame->num_black;
        node->number_pos = frame->num_pos;
        frame->has_num = false;
    } else {
        node->number = 0;
        node->number_black = false;
        node->number_pos = (struct pdn_pos){0, 0, 0};
    }
    node->strength = NULL;
    node->nags = NULL;
    node->nnags = 0;
    node->comments_before = node->comments_after = NULL;
    node->ncomments_before = node->ncomments_after = 0;
    node->setup = NULL;
    node->setup_pos = (struct pdn_pos){0, 0, 0};
    node->variations = NULL;
    node->nvariations = 0;
    node->plain_from = node->plain_to = 0; /* the lane and parser_on_move set them */
    node->plain_sep = '\0';
    frame->last = frame->next;
    /* Saturates: the largest move number stays, it never wraps to 0. */
    frame->next.num += frame->next.black & (frame->next.num != UINT32_MAX);
    frame->next.black = !frame->next.black;
    frame->next.known = true;
    frame->adjacent = true;
}

/* How many moves frame_add would now add with nothing to seal or put
 * before them and no array to grow: those frame_add_counted may add. */
static inline size_t frame_plain_room(const struct frame *frame)
{
    const struct vec *v = &frame->nodes;
    if ((frame->after.n | frame->nags.n | frame->vars.n | frame->before.n) || frame->setup)
        return 0;
    return v->cap - v->n;
}

/* frame_add for a move of frame_plain_room, which the caller counts down
 * (the lane adds most moves, and nothing else in between: one test a move,
 * not six). Inline, as it runs for most moves. */
static inline struct pdn_node *frame_add_counted(struct frame *frame, const char *text,
                                                 const struct pdn_pos *pos)
{
    struct vec *v = &frame->nodes;
    struct pdn_node *node = (struct pdn_node *)v->data + v->n++;
    frame_fill(frame, node, text, pos);
    return node;
}

/* Room for one more variation of the last node (of the first, before any),
 * in the game's arena; NULL when out of memory. */
struct pdn_line *frame_push_variation(struct frame *frame, struct arena *arena);
/* Room for one more NAG of the last node (of the first, before any), in the
 * game's arena; NULL when out of memory. */
uint16_t *frame_push_nag(struct frame *frame, struct arena *arena);
/* A comment at the right place: after the last move, or before the next. */
int frame_comment(struct frame *frame, struct arena *arena, const struct pdn_comment *comment);
/* Finishes the line into *out (arrays in the arena) and empties the frame. */
int frame_close(struct frame *frame, struct arena *arena, struct pdn_line *out);

#endif
