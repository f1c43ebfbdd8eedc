/*
 * parser_frame: lines of a game under construction -> exact-size arrays in the arena
 * (the nodes are built in the arena from the start: they are most of a game).
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
    /* The nodes live in a game's arena: forget them, never free them. */
    frame->nodes = (struct vec){NULL, 0, 0};
    frame->after.n = frame->nags.n = frame->vars.n = frame->before.n = 0;
    frame->setup = NULL;
    frame->has_num = frame->num_black = frame->adjacent = false;
    frame->num = frame->last_to = 0;
    frame->next = frame->last = (struct frame_label){1, false, false};
    frame->orphans = false;
    frame->pos = *pos;
}

void frame_free(struct frame *frame)
{
    vec_free(&frame->after);
    vec_free(&frame->nags);
    vec_free(&frame->vars);
    vec_free(&frame->before);
}

struct pdn_node *frame_last(struct frame *frame)
{
    return frame->nodes.n ? (struct pdn_node *)frame->nodes.data + frame->nodes.n - 1 : NULL;
}

/* Copies a vector into the arena; false when out of memory. */
static bool take(struct arena *arena, struct vec *vec, size_t size, const void **out,
                 uint32_t *n)
{
    *n = (uint32_t)vec->n;
    *out = arena_memdup(arena, vec->data, vec->n * size);
    bool ok = vec->n == 0 || *out != NULL;
    vec->n = 0;
    return ok;
}

/* The last node gets its annotations: they are complete now. */
static int seal_last(struct frame *frame, struct arena *arena)
{
    struct pdn_node *node = frame_last(frame);
    if (!node || (frame->after.n | frame->nags.n | frame->vars.n) == 0) return 0;
    bool ok = take(arena, &frame->after, sizeof(struct pdn_comment),
                   (const void **)&node->comments_after, &node->ncomments_after);
    ok &= take(arena, &frame->nags, sizeof(uint16_t), (const void **)&node->nags, &node->nnags);
    ok &= take(arena, &frame->vars, sizeof(struct pdn_line), (const void **)&node->variations,
               &node->nvariations);
    return ok ? 0 : PDN_ENOMEM;
}

/* Node arrays past this many bytes get an arena block of their own. */
#define NODES_BLOCK ((size_t)64 * 1024)

/* Room for one more node. The array is built in the game's arena, where
 * the finished line keeps it (no copy when the line closes); it starts as
 * long as the last line closed in this frame (one node at first: most
 * variations are short) and doubles when short. Small outgrown copies stay
 * in the arena until the game is freed; a long array moves to a block of
 * its own, which grows in place, so that a long line costs its nodes once,
 * not twice. */
static struct pdn_node *push_node(struct frame *frame, struct arena *arena)
{
    struct vec *v = &frame->nodes;
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : frame->hint ? frame->hint : 1;
        size_t size = cap * sizeof(struct pdn_node), old = v->cap * sizeof(struct pdn_node);
        struct pdn_node *data;
        if (old >= NODES_BLOCK)
            data = arena_block_resize(arena, v->data, size);
        else
            data = size >= NODES_BLOCK ? arena_block(arena, size) : arena_alloc(arena, size);
        if (!data) return NULL;
        if (v->n && old < NODES_BLOCK) memcpy(data, v->data, v->n * sizeof *data);
        v->data = data;
        v->cap = cap;
    }
    return (struct pdn_node *)v->data + v->n++;
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
    if (frame->before.n && !take(arena, &frame->before, sizeof(struct pdn_comment),
                                 (const void **)&node->comments_before, &node->ncomments_before))
        return NULL;
    node->setup = frame->setup;
    node->setup_pos = frame->setup_pos;
    frame->setup = NULL;
    return node;
}

int frame_comment(struct frame *frame, const struct pdn_comment *comment)
{
    bool after = frame->nodes.n > 0 && frame->vars.n == 0;
    struct vec *vec = after ? &frame->after : &frame->before;
    struct pdn_comment *c = vec_push(vec, sizeof *c);
    if (!c) return PDN_ENOMEM;
    *c = *comment;
    return 0;
}

int frame_close(struct frame *frame, struct arena *arena, struct pdn_line *out)
{
    memset(out, 0, sizeof *out);
    out->pos = frame->pos;
    if (seal_last(frame, arena) < 0) return PDN_ENOMEM;
    /* A block gives back what the line did not use. */
    size_t size = frame->nodes.n * sizeof(struct pdn_node);
    if (frame->nodes.cap * sizeof(struct pdn_node) >= NODES_BLOCK && size >= NODES_BLOCK) {
        void *fit = arena_block_resize(arena, frame->nodes.data, size);
        if (fit) frame->nodes.data = fit;
    }
    out->moves = frame->nodes.data;
    out->nmoves = (uint32_t)frame->nodes.n;
    /* Room for a line half as long again, forgetting slowly: a short line
     * (or a tags-only game) does not make the next long one grow. */
    size_t want = frame->nodes.n + frame->nodes.n / 2, keep = frame->hint - frame->hint / 8;
    want = want > keep ? want : keep;
    frame->hint = want < 4096 ? want : 4096;
    bool ok = take(arena, &frame->before, sizeof(struct pdn_comment), (const void **)&out->trailing,
                   &out->ntrailing);
    out->trailing_setup = frame->setup;
    frame_reset(frame, &frame->pos);
    return ok ? 0 : PDN_ENOMEM;
}
