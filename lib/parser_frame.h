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

#include <stddef.h>
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

/* A move number read, v (not 0), "v..." when black, where the count
 * stood at *next: the count goes on from it. Whether it was given to
 * Black's move v, where the count had it, as White's (the frame's
 * black_as_white). */
static inline bool frame_label_number(struct frame_label *next, uint32_t v, bool black)
{
    bool as_white = !black && next->known && next->black && next->num == v;
    *next = (struct frame_label){v, black, true};
    return as_white;
}

/* A ply counted: *last takes its label (*next), *next the one after it
 * (White's move is followed by Black's of the same number). */
static inline void frame_label_count(struct frame_label *next, struct frame_label *last)
{
    *last = *next;
    /* Saturates: the largest move number stays, it never wraps to 0. */
    next->num += next->black & (next->num != UINT32_MAX);
    next->black = !next->black;
    next->known = true;
}

/* frame_label_number for the frame's count. */
static inline void frame_number_read(struct frame *f, uint32_t v, bool black)
{
    f->black_as_white = frame_label_number(&f->next, v, black);
}

void frame_reset(struct frame *frame, const struct pdn_pos *pos);
/* The last node, or NULL. */
struct pdn_node *frame_last(struct frame *frame);
/* Appends a move (its text already in the arena) and counts the ply for the
 * labels; NULL when out of memory. */
struct pdn_node *frame_add(struct frame *frame, struct arena *arena, const char *text,
                           const struct pdn_pos *pos);
/* What text_plain_move reads in a move's text: its two squares and their
 * separator, all 0 for any other text (pdn_node's plain_from, plain_to,
 * plain_sep). */
struct frame_plain {
    uint8_t from, to;
    char sep;
};

/* The move number written before a move ("12." or "12...", and where),
 * or none (num 0). */
struct frame_number {
    uint32_t num;
    bool black;
    struct pdn_pos pos;
};

/* The move number waiting for the next move, taken (none waits after), or
 * none. */
static inline struct frame_number frame_take_number(struct frame *frame)
{
    if (!frame->has_num) return (struct frame_number){0, false, {0, 0, 0}};
    frame->has_num = false;
    return (struct frame_number){frame->num, frame->num_black, frame->num_pos};
}

/*
 * Fills a new node with its text, place, squares and move number (*number:
 * frame_take_number's, or one the lane read right before the move), and no
 * annotations. Every field is written once: clearing the node first and
 * then setting the fields cost twice the stores ('rep stos'). Always
 * inlined: as a call it costs 1% of all reading.
 */
static inline __attribute__((always_inline)) void
frame_fill_node(struct pdn_node *node, const char *text, const struct pdn_pos *pos,
                const struct frame_number *number, struct frame_plain plain)
{
    node->text = text;
    node->annotations = NULL;
    node->pos = *pos;
    node->number_pos = number->pos;
    node->number = number->num;
    node->number_black = number->black;
    node->plain_from = plain.from;
    node->plain_to = plain.to;
    node->plain_sep = plain.sep;
}

/* frame_fill_node with the move number waiting in the frame (the lane and
 * parser_on_move set the squares), and the ply counted for the labels. */
static inline __attribute__((always_inline)) void
frame_fill(struct frame *frame, struct pdn_node *node, const char *text, const struct pdn_pos *pos)
{
    struct frame_number number = frame_take_number(frame);
    frame_fill_node(node, text, pos, &number, (struct frame_plain){0, 0, '\0'});
    frame_label_count(&frame->next, &frame->last);
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
/* The node's annotations, to write: made in the arena for its first one;
 * NULL when out of memory. */
struct pdn_annotations *frame_annotations(struct pdn_node *node, struct arena *arena);
/* Finishes the line into *out (arrays in the arena) and empties the frame. */
int frame_close(struct frame *frame, struct arena *arena, struct pdn_line *out);

#endif
