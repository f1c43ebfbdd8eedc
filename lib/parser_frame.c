/*
 * parser_frame: lines of a game under construction -> exact-size arrays in the arena
 * (the nodes and variations are built in the arena from the start: they are
 * most of a game).
 *
 * Where annotations go: comments right after a move (before any of its
 * variations) are its comments_after; comments after its variations, or at
 * the start of a line, wait as comments_before of the next move (or become
 * the line's trailing comments). NAGs and variations met before the first
 * move of a line attach to that first move. Must not report or lex.
 */
#include "parser_frame.h"

#include <stdlib.h>
#include <string.h>

void frame_reset(struct frame *frame, const struct pdn_pos *pos)
{
    /* Every array of a frame lives in a game's arena: forget it, never
     * free it. */
    frame->nodes = frame->vars = frame->after = frame->nags = frame->before =
        (struct vec){NULL, 0, 0};
    frame->setup = NULL;
    frame->has_num = frame->num_black = frame->adjacent = frame->black_as_white = false;
    frame->num = frame->last_to = 0;
    frame->next = frame->last = (struct frame_label){1, false, false};
    frame->orphans = false;
    frame->pos = *pos;
}

struct pdn_node *frame_last(struct frame *frame)
{
    return frame->nodes.n ? (struct pdn_node *)frame->nodes.data + frame->nodes.n - 1 : NULL;
}

/* Arrays past this many bytes get an arena block of their own. */
#define ARRAY_BLOCK ((size_t)64 * 1024)

/* Room for one more element of an array built in the game's arena, where
 * the finished line or node keeps it (no copy when it is done): it starts
 * 'first' long and doubles when short. Small outgrown copies stay in the
 * arena until the game is freed; a long array moves to a block of its own,
 * which grows in place, so that it costs its elements once, not twice.
 * NULL when out of memory. */
static void *push_in_arena(struct vec *v, struct arena *arena, size_t size, size_t first)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : first;
        size_t bytes = cap * size, old = v->cap * size;
        void *data;
        if (old >= ARRAY_BLOCK)
            data = arena_block_resize(arena, v->data, bytes);
        else
            data = bytes >= ARRAY_BLOCK ? arena_block(arena, bytes) : arena_alloc(arena, bytes);
        if (!data) return NULL;
        if (v->n && old < ARRAY_BLOCK) memcpy(data, v->data, v->n * size);
        v->data = data;
        v->cap = cap;
    }
    return (char *)v->data + v->n++ * size;
}

/* An array of push_in_arena, done: a block gives back what it did not use.
 * The vector forgets it (the arena owns it). */
static const void *seal_in_arena(struct vec *v, struct arena *arena, size_t size, uint32_t *n)
{
    void *data = v->data;
    size_t bytes = v->n * size;
    if (v->cap * size >= ARRAY_BLOCK && bytes >= ARRAY_BLOCK) {
        void *fit = arena_block_resize(arena, data, bytes);
        if (fit) data = fit;
    }
    *n = (uint32_t)v->n;
    if (v->n == 0) data = NULL;
    *v = (struct vec){NULL, 0, 0};
    return data;
}

/* Room for one more node: the array starts as long as the last line closed
 * in this frame (one node at first: most variations are short). */
static struct pdn_node *push_node(struct frame *frame, struct arena *arena)
{
    return push_in_arena(&frame->nodes, arena, sizeof(struct pdn_node),
                         frame->hint ? frame->hint : 1);
}

struct pdn_line *frame_push_variation(struct frame *frame, struct arena *arena)
{
    return push_in_arena(&frame->vars, arena, sizeof(struct pdn_line), 1);
}

struct pdn_annotations *frame_annotations(struct pdn_node *node, struct arena *arena)
{
    /* The game's own: made here, in its arena, so writable. */
    if (node->annotations) return (struct pdn_annotations *)node->annotations;
    struct pdn_annotations *a = arena_alloc(arena, sizeof *a);
    if (!a) return NULL;
    *a = (struct pdn_annotations){0};
    node->annotations = a;
    return a;
}

/* The last node gets its annotations: they are complete now. */
static int seal_last(struct frame *frame, struct arena *arena)
{
    struct pdn_node *node = frame_last(frame);
    if (!node || (frame->after.n | frame->nags.n | frame->vars.n) == 0) return 0;
    struct pdn_annotations *a = frame_annotations(node, arena);
    if (!a) return PDN_ENOMEM;
    a->comments_after =
        seal_in_arena(&frame->after, arena, sizeof(struct pdn_comment), &a->ncomments_after);
    a->nags = seal_in_arena(&frame->nags, arena, sizeof(uint16_t), &a->nnags);
    a->variations = seal_in_arena(&frame->vars, arena, sizeof(struct pdn_line), &a->nvariations);
    return 0;
}

/* What waits for the next move (comments before it, a setup) given to it. */
static int give_waiting(struct frame *frame, struct arena *arena, struct pdn_node *node)
{
    struct pdn_annotations *a = frame_annotations(node, arena);
    if (!a) return PDN_ENOMEM;
    if (frame->before.n)
        a->comments_before =
            seal_in_arena(&frame->before, arena, sizeof(struct pdn_comment), &a->ncomments_before);
    /* A setup's place goes with it only: frame->setup_pos outlives it. */
    if (frame->setup) {
        a->setup = frame->setup;
        a->setup_pos = frame->setup_pos;
        frame->setup = NULL;
    }
    return 0;
}

struct pdn_node *frame_add(struct frame *frame, struct arena *arena, const char *text,
                           const struct pdn_pos *pos)
{
    /* Sealing empties the vectors of the previous move; NAGs and variations
     * met before any move stay in them and so belong to this first move. */
    if ((frame->after.n | frame->nags.n | frame->vars.n) && seal_last(frame, arena) < 0)
        return NULL;
    struct pdn_node *node = push_node(frame, arena);
    if (!node) return NULL;
    frame_fill(frame, node, text, pos);
    if ((frame->before.n || frame->setup) && give_waiting(frame, arena, node) < 0) return NULL;
    return node;
}

uint16_t *frame_push_nag(struct frame *frame, struct arena *arena)
{
    return push_in_arena(&frame->nags, arena, sizeof(uint16_t), 1);
}

int frame_comment(struct frame *frame, struct arena *arena, const struct pdn_comment *comment)
{
    bool after = frame->nodes.n > 0 && frame->vars.n == 0;
    struct vec *vec = after ? &frame->after : &frame->before;
    struct pdn_comment *c = push_in_arena(vec, arena, sizeof *c, 1);
    if (!c) return PDN_ENOMEM;
    *c = *comment;
    return 0;
}

int frame_close(struct frame *frame, struct arena *arena, struct pdn_line *out)
{
    memset(out, 0, sizeof *out);
    out->pos = frame->pos;
    if (seal_last(frame, arena) < 0) return PDN_ENOMEM;
    size_t n = frame->nodes.n;
    out->moves = seal_in_arena(&frame->nodes, arena, sizeof(struct pdn_node), &out->nmoves);
    /* Room for a line half as long again, forgetting slowly: a short line
     * (or a tags-only game) does not make the next long one grow. */
    size_t want = n + n / 2, keep = frame->hint - frame->hint / 8;
    want = want > keep ? want : keep;
    frame->hint = want < 4096 ? want : 4096;
    out->trailing =
        seal_in_arena(&frame->before, arena, sizeof(struct pdn_comment), &out->ntrailing);
    out->trailing_setup = frame->setup;
    frame_reset(frame, &frame->pos);
    return 0;
}
