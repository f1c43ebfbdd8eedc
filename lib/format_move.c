/*
 * format_move: a variation written before the move it replaces. PDN makes
 * a variation an alternative to the move before it; broadcasts write
 * Black's alternative right after White's move ("1. 34-30 (1... 19-23)
 * 1... 20-25"), where the replay cannot play it. The replay decides when
 * nothing else can be meant (replay_misplaced.c: its first move illegal
 * where it stands and legal in place of the next move, numbered as that
 * move, as the move it stands in place of, or not at all), and says so:
 * PDN_DIAG_MISPLACED_VARIATION. Here, with fix, such a variation is moved
 * after the next move; without, the finding is reported as the replay
 * made it, and the variation written where it stands, numbered as the
 * count gives it there ("1. 19-23"): the replay reads that number as the
 * place's, so the output has the same finding, and --fix on it moves it
 * still.
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

/* A variation the replay found misplaced: its first move, the number of
 * the move it replaces, the finding as the replay made it. */
struct misplaced {
    const struct pdn_node *first;
    uint32_t number;
    bool second; /* the "N..." form: the second mover's */
    struct pdn_pos pos;
    char move_number[16];
    char text[PDN_MOVE_TEXT_MAX + 32];
    char detail[2 * PDN_MOVE_TEXT_MAX + 128];
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

static void copy_text(char *out, size_t cap, const char *s)
{
    snprintf(out, cap, "%s", s ? s : "");
}

void move_on_misplaced(struct format *f, const struct pdn_diag *d)
{
    if (!d->node || !d->move_number) return;
    struct misplaced *x = vec_push(&f->misplaced, sizeof *x);
    if (!x) {
        f->nomem = true;
        return;
    }
    x->first = d->node;
    x->number = (uint32_t)strtoul(d->move_number, NULL, 10);
    x->second = strstr(d->move_number, "...") != NULL;
    x->pos = (struct pdn_pos){d->line, d->col, 0};
    copy_text(x->move_number, sizeof x->move_number, d->move_number);
    copy_text(x->text, sizeof x->text, d->text);
    copy_text(x->detail, sizeof x->detail, d->detail);
    f->misplaced_sorted = false;
}

static const void *find(const struct vec *v, const struct pdn_node *node, size_t size)
{
    return v->n ? bsearch(&node, v->data, v->n, size, by_node) : NULL;
}

/* The misplaced variations sorted by their first move (once): the replay
 * finds them in its order. */
static void sort_misplaced(struct format *f)
{
    if (f->misplaced_sorted) return;
    qsort(f->misplaced.data, f->misplaced.n, sizeof(struct misplaced), by_node);
    f->misplaced_sorted = true;
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

static void note_moved(struct mover *m, const struct misplaced *x, const struct pdn_node *prev,
                       const struct pdn_node *next)
{
    struct moved_note *n = vec_push(&m->f->notes, sizeof *n);
    if (!n) {
        m->nomem = true;
        return;
    }
    /* the move it replaced stood a ply before: the other mover's */
    char was[16];
    label(was, x->second ? x->number : x->number - (x->number > 0), !x->second);
    n->pos = x->pos;
    copy_text(n->move_number, sizeof n->move_number, x->move_number);
    copy_text(n->text, sizeof n->text, x->text);
    snprintf(n->detail, sizeof n->detail,
             "variation moved after %s %s: legal in its place, illegal in place of %s %s",
             n->move_number, played_text(m, next), was, played_text(m, prev));
}

/*
 * Whether variation var of line->moves[i] is moved: the replay found it
 * misplaced (replay_misplaced.c), an alternative to the next move, which
 * it played. Noted when it is.
 */
static bool misplaced(struct mover *m, const struct pdn_line *line, uint32_t i,
                      const struct pdn_line *var)
{
    struct format *f = m->f;
    if (var->nmoves == 0 || i + 1 >= line->nmoves) return false;
    const struct pdn_node *first = &var->moves[0], *next = &line->moves[i + 1];
    const struct misplaced *x = find(&f->misplaced, first, sizeof *x);
    if (!x || ply_record_find(&f->plies, next) < 0) return false;
    note_moved(m, x, &line->moves[i], next);
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
        for (uint32_t v = 0; v < pdn_annotations_of(node)->nvariations; v++) {
            misplaced(m, line, i, &pdn_annotations_of(node)->variations[v]);
            decide_line(m, &pdn_annotations_of(node)->variations[v]);
        }
    }
}

/* ---- the copy --------------------------------------------------------------- */

static bool is_moved(const struct format *f, const struct pdn_line *var)
{
    return var->nmoves > 0 && find(&f->moved, &var->moves[0], sizeof(const struct pdn_node *));
}

static bool copy_line(struct mover *m, struct pdn_line *out, const struct pdn_line *in);

/* The annotations of move i of a copied line, copied, with its variations:
 * those moved from the move before it first (they were written first),
 * then its own that stay. */
static bool copy_variations(struct mover *m, struct pdn_node *nodes, const struct pdn_line *in,
                            uint32_t i)
{
    const struct pdn_annotations *own = pdn_annotations_of(&in->moves[i]);
    const struct pdn_annotations *prev = i > 0 ? pdn_annotations_of(&in->moves[i - 1]) : NULL;
    size_t n = 0;
    for (uint32_t v = 0; prev && v < prev->nvariations; v++)
        n += is_moved(m->f, &prev->variations[v]);
    for (uint32_t v = 0; v < own->nvariations; v++)
        n += !is_moved(m->f, &own->variations[v]);
    if (n > UINT32_MAX) return false;
    /* A copy of its annotations, even with its variations as they are:
     * those of a tree moved before live in that tree's arena, freed once
     * this one is made (format.c, move_variations). What they point to
     * (comments, NAGs) is the game's own, which outlives both. */
    if (n == 0 && !in->moves[i].annotations) return true;
    struct pdn_line *lines = n ? arena_alloc(m->arena, n * sizeof *lines) : NULL;
    struct pdn_annotations *copy = arena_memdup(m->arena, own, sizeof *copy);
    if ((n && !lines) || !copy) return false;
    size_t k = 0;
    for (uint32_t v = 0; prev && v < prev->nvariations; v++)
        if (is_moved(m->f, &prev->variations[v]) &&
            !copy_line(m, &lines[k++], &prev->variations[v]))
            return false;
    for (uint32_t v = 0; v < own->nvariations; v++)
        if (!is_moved(m->f, &own->variations[v]) && !copy_line(m, &lines[k++], &own->variations[v]))
            return false;
    copy->variations = lines;
    copy->nvariations = (uint32_t)n;
    nodes[i].annotations = copy;
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
    if (f->misplaced.n == 0) return 0;
    sort_misplaced(f);
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

static void report(struct format *f, const pdn_game *game, enum pdn_diag_code code,
                   const struct pdn_pos *pos, const char *move_number, const char *text,
                   const char *detail, const struct pdn_node *node)
{
    const struct pdn_format_options *o = f->opt;
    struct pdn_diag d = {
        .code = code,
        .file = o->filename ? o->filename : "-",
        .line = pos->line,
        .col = pos->col,
        .game = game->index,
        .move_number = move_number,
        .text = text,
        .detail = detail,
        .node = node,
    };
    o->on_diag(&d, o->diag_ctx);
}

void move_report(struct format *f, const pdn_game *game)
{
    if (!f->opt->on_diag) return;
    const struct moved_note *notes = f->notes.data;
    for (size_t i = 0; i < f->notes.n; i++)
        report(f, game, PDN_DIAG_FIXED, &notes[i].pos, notes[i].move_number, notes[i].text,
               notes[i].detail, NULL);
    /* those the output keeps where they stand (no fix, or written as read),
     * unless their moves, which start at a move the replay stops at, are
     * written as a comment */
    const struct misplaced *kept = f->misplaced.data;
    for (size_t i = 0; i < f->misplaced.n && !f->stops_in_comment; i++)
        report(f, game, PDN_DIAG_MISPLACED_VARIATION, &kept[i].pos, kept[i].move_number,
               kept[i].text, kept[i].detail, kept[i].first);
}

void move_forget(struct format *f)
{
    f->misplaced.n = f->moved.n = 0;
}

void move_free(struct format *f)
{
    vec_free(&f->misplaced);
    vec_free(&f->moved);
    vec_free(&f->notes);
}
