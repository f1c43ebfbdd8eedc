/*
 * format_move: pdnfmt --fix moves a variation written before the move it
 * replaces to after it, where that has one reading. PDN makes a variation
 * an alternative to the move before it; broadcasts write Black's
 * alternative right after White's move ("1. 34-30 (1... 5-10) 1... 20-25",
 * World Title Match Women 2024, game 2), where the replay cannot play it.
 * Moved only when its first move is illegal in place of the move before it
 * and legal in place of the next one, which the replay played, and its
 * number, if written, is that next move's: then nothing else can be
 * meant. Anything less stays as written, with the replay's findings.
 *
 * The game itself is never changed: the moves are made in a copy of its
 * tree, which format.c replays and writes as it would the game (so the
 * numbers, the cut lines and every other repair follow the moved tree, and
 * the text written reads back as that tree). Must not print.
 */
#include "arena.h"
#include "format.h"
#include "game.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A move played that has variations, and the position after it. */
struct parent_ply {
    const struct pdn_node *node;
    struct pdn_board after;
};

/* An illegal move, and the replay's count there: whose move it stands for. */
struct illegal_ply {
    const struct pdn_node *node;
    uint32_t number;
    bool second; /* the "N..." form: the second mover's */
};

/* What a note of a variation moved says. */
struct moved_note {
    struct pdn_pos pos;                /* its '(' */
    char move_number[16];              /* the number it now stands under */
    char text[PDN_MOVE_TEXT_MAX + 32]; /* its first move as written, with its number */
    char detail[2 * PDN_MOVE_TEXT_MAX + 128];
};

static int by_node(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const struct pdn_node *const *)a;
    uintptr_t y = (uintptr_t) * (const struct pdn_node *const *)b;
    return (x > y) - (x < y);
}

void move_on_ply(struct format *f, const struct pdn_board *after, const struct pdn_node *node)
{
    struct parent_ply *p = vec_push(&f->parents, sizeof *p);
    if (!p) {
        f->nomem = true;
        return;
    }
    p->node = node;
    p->after = *after;
}

void move_on_illegal(struct format *f, const struct pdn_diag *d)
{
    if (!d->move_number) return; /* no count there: nothing to place it by */
    struct illegal_ply *x = vec_push(&f->illegal, sizeof *x);
    if (!x) {
        f->nomem = true;
        return;
    }
    x->node = d->node;
    x->number = (uint32_t)strtoul(d->move_number, NULL, 10);
    x->second = strstr(d->move_number, "...") != NULL;
}

static const void *find(const struct vec *v, const struct pdn_node *node, size_t size)
{
    return v->n ? bsearch(&node, v->data, v->n, size, by_node) : NULL;
}

/* ---- deciding ------------------------------------------------------------- */

struct mover {
    struct format *f;
    struct arena *arena;
    bool nomem;
};

static void label(char out[16], uint32_t number, bool second)
{
    snprintf(out, 16, "%lu%s", (unsigned long)number, second ? "..." : ".");
}

/* The text of a move played, as the output writes it. */
static const char *played_text(const struct mover *m, const struct pdn_node *node)
{
    long at = ply_record_find(&m->f->plies, node);
    return at >= 0 ? m->f->placed[at].text : node->text;
}

static bool legal_at(struct format *f, const char *text, const struct pdn_board *board)
{
    struct pdn_match match;
    pdn_movegen(&f->legal, board, 0);
    pdn_move_match(&match, text, board, &f->legal, false);
    return match.result == PDN_MATCH_OK || match.result == PDN_MATCH_AMBIGUOUS;
}

static void note_moved(struct mover *m, const struct pdn_line *var, const struct pdn_node *prev,
                       const struct illegal_ply *at, const struct pdn_node *next, uint32_t number,
                       bool second)
{
    struct moved_note *n = vec_push(&m->f->notes, sizeof *n);
    if (!n) {
        m->nomem = true;
        return;
    }
    const struct pdn_node *first = &var->moves[0];
    char was[16];
    n->pos = var->pos;
    label(n->move_number, number, second);
    label(was, at->number, at->second);
    if (first->number)
        snprintf(n->text, sizeof n->text, "%lu%s %s", (unsigned long)first->number,
                 first->number_black ? "..." : ".", first->text);
    else
        snprintf(n->text, sizeof n->text, "%s", first->text);
    snprintf(n->detail, sizeof n->detail,
             "variation moved after %s %s: legal in its place, illegal in place of %s %s",
             n->move_number, played_text(m, next), was, played_text(m, prev));
}

/*
 * Whether variation var of line->moves[i] is misplaced: an alternative to
 * the next move. Its first move is illegal where it stands (the replay
 * said so, no setup before it), the next move was played, from the
 * position after move i (no setup between), and the first move is legal
 * there; a number written on it is the next move's. Noted when it is.
 */
static bool misplaced(struct mover *m, const struct pdn_line *line, uint32_t i,
                      const struct pdn_line *var)
{
    struct format *f = m->f;
    if (var->nmoves == 0 || i + 1 >= line->nmoves) return false;
    const struct pdn_node *first = &var->moves[0], *next = &line->moves[i + 1];
    if (first->setup || !first->text || next->setup) return false;
    const struct illegal_ply *at = find(&f->illegal, first, sizeof *at);
    const struct parent_ply *prev = find(&f->parents, &line->moves[i], sizeof *prev);
    if (!at || !prev || ply_record_find(&f->plies, next) < 0) return false;
    uint32_t number = at->number + (at->second && at->number < UINT32_MAX);
    bool second = !at->second;
    if (first->number && (first->number != number || first->number_black != second)) return false;
    if (!legal_at(f, first->text, &prev->after)) return false;
    note_moved(m, var, prev->node, at, next, number, second);
    const struct pdn_node **kept = vec_push(&f->moved, sizeof *kept);
    if (!kept)
        m->nomem = true;
    else
        *kept = first;
    return true;
}

static void decide_line(struct mover *m, const struct pdn_line *line)
{
    for (uint32_t i = 0; i < line->nmoves && !m->nomem; i++) {
        const struct pdn_node *node = &line->moves[i];
        for (uint32_t v = 0; v < node->nvariations; v++) {
            misplaced(m, line, i, &node->variations[v]);
            decide_line(m, &node->variations[v]);
        }
    }
}

/* ---- the copy --------------------------------------------------------------- */

static bool is_moved(const struct format *f, const struct pdn_line *var)
{
    return var->nmoves > 0 && find(&f->moved, &var->moves[0], sizeof(const struct pdn_node *));
}

static bool copy_line(struct mover *m, struct pdn_line *out, const struct pdn_line *in);

/* The variations of move i of a copied line: those moved from the move
 * before it first (they were written first), then its own that stay. */
static bool copy_variations(struct mover *m, struct pdn_node *nodes, const struct pdn_line *in,
                            uint32_t i)
{
    const struct pdn_node *own = &in->moves[i], *prev = i > 0 ? &in->moves[i - 1] : NULL;
    size_t n = 0;
    for (uint32_t v = 0; prev && v < prev->nvariations; v++)
        n += is_moved(m->f, &prev->variations[v]);
    for (uint32_t v = 0; v < own->nvariations; v++)
        n += !is_moved(m->f, &own->variations[v]);
    if (n > UINT32_MAX) return false;
    struct pdn_line *lines = n ? arena_alloc(m->arena, n * sizeof *lines) : NULL;
    if (n && !lines) return false;
    size_t k = 0;
    for (uint32_t v = 0; prev && v < prev->nvariations; v++)
        if (is_moved(m->f, &prev->variations[v]) &&
            !copy_line(m, &lines[k++], &prev->variations[v]))
            return false;
    for (uint32_t v = 0; v < own->nvariations; v++)
        if (!is_moved(m->f, &own->variations[v]) && !copy_line(m, &lines[k++], &own->variations[v]))
            return false;
    nodes[i].variations = lines;
    nodes[i].nvariations = (uint32_t)n;
    return true;
}

static bool copy_line(struct mover *m, struct pdn_line *out, const struct pdn_line *in)
{
    *out = *in;
    if (in->nmoves == 0) return true;
    struct pdn_node *nodes = arena_memdup(m->arena, in->moves, in->nmoves * sizeof *nodes);
    if (!nodes) return false;
    out->moves = nodes;
    for (uint32_t i = 0; i < in->nmoves; i++)
        if (!copy_variations(m, nodes, in, i)) return false;
    return true;
}

int move_misplaced(struct format *f, const pdn_game *game, pdn_game *out, struct arena **arena)
{
    *arena = NULL;
    if (f->parents.n == 0 || f->illegal.n == 0) return 0;
    qsort(f->parents.data, f->parents.n, sizeof(struct parent_ply), by_node);
    qsort(f->illegal.data, f->illegal.n, sizeof(struct illegal_ply), by_node);
    struct mover m = {.f = f};
    f->moved.n = 0;
    decide_line(&m, &game->main);
    if (m.nomem) return PDN_ENOMEM;
    if (f->moved.n == 0) return 0;
    qsort(f->moved.data, f->moved.n, sizeof(const struct pdn_node *), by_node);
    if (!(m.arena = arena_new(4096))) return PDN_ENOMEM;
    *out = *game;
    if (!copy_line(&m, &out->main, &game->main)) {
        arena_free(m.arena);
        return PDN_ENOMEM;
    }
    *arena = m.arena;
    return 1;
}

/* ---- the notes --------------------------------------------------------------- */

void move_report(struct format *f, const pdn_game *game)
{
    const struct pdn_format_options *o = f->opt;
    const struct moved_note *notes = f->notes.data;
    for (size_t i = 0; o->on_diag && i < f->notes.n; i++) {
        const struct moved_note *n = &notes[i];
        struct pdn_diag d = {
            .code = PDN_DIAG_FIXED,
            .file = o->filename ? o->filename : "-",
            .line = n->pos.line,
            .col = n->pos.col,
            .game = game->index,
            .move_number = n->move_number,
            .text = n->text,
            .detail = n->detail,
        };
        o->on_diag(&d, o->diag_ctx);
    }
}

void move_forget(struct format *f)
{
    f->parents.n = f->illegal.n = f->moved.n = 0;
}

void move_free(struct format *f)
{
    vec_free(&f->parents);
    vec_free(&f->illegal);
    vec_free(&f->moved);
    vec_free(&f->notes);
}
