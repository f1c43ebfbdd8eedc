/*
 * tree (private): building the lines of a game as the parser meets them.
 *
 * A line under construction is a frame: growable vectors reused from game
 * to game; when a line is done its vectors are copied into the game's arena
 * as the exact-size arrays of struct pdn_line (the nodes are built there
 * from the start). Knows nothing about tokens
 * or text positions beyond what it is handed; never reports findings.
 */
#ifndef PDN_TREE_H
#define PDN_TREE_H

#include "arena.h"
#include "pdn.h"

#include <string.h>

struct pdn_vec {
    void *data;
    size_t n, cap;
};

/* A move label for diagnostics: "12." or "12..." (known once a number or
 * a ply has fixed it). */
struct pdn_label {
    uint32_t num;
    bool black, known;
};

struct pdn_frame {
    struct pdn_vec nodes;  /* struct pdn_node, in the game's arena */
    size_t hint;           /* nodes of the last line closed here: the next one's start size */
    struct pdn_vec after;  /* struct pdn_comment: after the last node */
    struct pdn_vec nags;   /* uint16_t: of the last node (pending before the first) */
    struct pdn_vec vars;   /* struct pdn_line: of the last node (pending before the first) */
    struct pdn_vec before; /* struct pdn_comment: before the next node */
    const char *setup;     /* before the next node */
    struct pdn_pos setup_pos;
    struct pdn_pos pos; /* of '(' */
    /* the move number waiting for its move */
    bool has_num, num_black;
    uint32_t num;
    struct pdn_pos num_pos;
    /* labels: of the next ply (counted from the last move number) and of the last node */
    struct pdn_label next, last;
    struct pdn_label start; /* of a variation: the move it replaces */
    /* NAGs or variations met before any move: where the first one stood */
    bool orphans;
    struct pdn_pos orphan_pos;
    /* the last node, while nothing but its own annotations followed it */
    bool adjacent;
    uint32_t last_to; /* its last square when it is a numeric capture, else 0 */
};

void pdn_vec_free(struct pdn_vec *vec);
/* pdn_vec_push when the vector is full: it grows first. */
void *pdn_vec_push_grow(struct pdn_vec *vec, size_t size);
/* Room for one more element of 'size' bytes, zeroed; NULL when out of
 * memory. Inline: with 'size' known, the clearing is a few stores rather
 * than a call to memset (it runs for every tag). */
static inline void *pdn_vec_push(struct pdn_vec *vec, size_t size)
{
    if (vec->n == vec->cap) return pdn_vec_push_grow(vec, size);
    void *p = (char *)vec->data + vec->n++ * size;
    memset(p, 0, size);
    return p;
}

void pdn_frame_reset(struct pdn_frame *frame, const struct pdn_pos *pos);
void pdn_frame_free(struct pdn_frame *frame);
/* The last node, or NULL. */
struct pdn_node *pdn_frame_last(struct pdn_frame *frame);
/* Appends a move (its text already in the arena) and counts the ply for the
 * labels; NULL when out of memory. */
struct pdn_node *pdn_frame_add(struct pdn_frame *frame, struct pdn_arena *arena, const char *text,
                               const struct pdn_pos *pos);
/*
 * Fills a new node with its text, place and pending move number, and counts
 * the ply for the labels (White's move is followed by Black's of the same
 * number). Every field is written once: clearing the 152-byte node first and
 * then setting the fields cost twice the stores ('rep stos'). Always
 * inlined: as a call it costs 1% of all reading.
 */
static inline __attribute__((always_inline)) void pdn_frame_fill(struct pdn_frame *frame,
                                                                 struct pdn_node *node,
                                                                 const char *text,
                                                                 const struct pdn_pos *pos)
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
    frame->last = frame->next;
    frame->next.num += frame->next.black;
    frame->next.black = !frame->next.black;
    frame->next.known = true;
    frame->adjacent = true;
}

/* pdn_frame_add for the usual move: nothing waits to be sealed or put
 * before it and the array has room. Inline, as it runs for most moves. */
static inline struct pdn_node *pdn_frame_add_plain(struct pdn_frame *frame, struct pdn_arena *arena,
                                                   const char *text, const struct pdn_pos *pos)
{
    struct pdn_vec *v = &frame->nodes;
    if ((frame->after.n | frame->nags.n | frame->vars.n | frame->before.n) || v->n == v->cap ||
        frame->setup)
        return pdn_frame_add(frame, arena, text, pos);
    struct pdn_node *node = (struct pdn_node *)v->data + v->n++;
    pdn_frame_fill(frame, node, text, pos);
    return node;
}

/* A comment at the right place: after the last move, or before the next. */
int pdn_frame_comment(struct pdn_frame *frame, const struct pdn_comment *comment);
/* Finishes the line into *out (arrays in the arena) and empties the frame. */
int pdn_frame_close(struct pdn_frame *frame, struct pdn_arena *arena, struct pdn_line *out);

#endif
