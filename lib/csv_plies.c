/*
 * csv_plies: the CSV writer's replay of one game. A quiet replay learns
 * every ply (its move, what its text needs, the position after it in the
 * moves mode), the moves a line stopped at and the first error; the cells
 * then find a node's ply (csv_find_ply) and its text (csv_ply_text). The
 * replay's findings go to the caller's on_diag too. Calls no other file
 * of the writer.
 */
#include "csv_writer.h"
#include "geometry.h"
#include "replay_plies.h"
#include "vec.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void csv_keep_error(struct first_error *e, const struct pdn_diag *d)
{
    e->game = d->game ? d->game : 1;
    e->code = d->code;
    e->line = d->line;
    e->col = d->col;
    snprintf(e->move, sizeof e->move, "%s", d->move_number ? d->move_number : "");
    pdn_diag_message(e->message, sizeof e->message, d);
}

static void replay_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_writer *w = ctx;
    if (w->o.on_diag) w->o.on_diag(d, w->o.diag_ctx);
    if (d->code == PDN_DIAG_BAD_FEN || d->code == PDN_DIAG_UNSUPPORTED_GAMETYPE)
        w->no_position = true;
    if (pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    if (w->first.game == 0) csv_keep_error(&w->first, d);
    if (!d->node) return;
    if (!vec_reserve((void **)&w->stops, &w->capstops, w->nstops, sizeof *w->stops)) {
        w->nomem = true;
        return;
    }
    w->stops[w->nstops++] = (struct stop){d->node, d->code};
}

/* Whether a king stands on square (from 1) of board b. */
static bool king_on(const struct pdn_board *b, int square)
{
    const struct geometry *g = geometry_get((enum pdn_variant)b->variant);
    return square <= g->squares && (b->kings & bit(g->bit_of[square]));
}

/* What the writer keeps of a ply the replay played, at index at. */
static inline void keep_ply(pdn_csv_writer *w, long at, const struct pdn_board *before,
                            const struct pdn_board *after, const struct pdn_move *move)
{
    struct ply *p = &w->plies[at];
    p->move = *move;
    p->variant = before->variant;
    if (w->o.mode == PDN_CSV_MOVES) { /* the cells of the moves rows */
        if (w->ids >> C_FEN & 1) p->after = *after;
        /* The piece on a square the move leaves: a king when its bit is;
         * no look at the board's squares while there is no king, as in
         * most plies. */
        p->king = before->kings && king_on(before, move->from);
        p->kept = csv_kept_key(before->variant, p->king, move);
    }
    /* The text is made when a cell needs it (csv_ply_text), from the move
     * and whether it is ambiguous, which the replay tells. */
    p->full = w->ambiguous;
}

/* replay_ply when the record or the plies must grow: a call of its own,
 * so that replay_ply's common path saves no register for it. */
static __attribute__((noinline)) void
replay_ply_grow(const struct pdn_board *before, const struct pdn_board *after,
                const struct pdn_move *move, const struct pdn_node *node, pdn_csv_writer *w)
{
    long at =
        ply_record_add_room(&w->record, node, (void **)&w->plies, &w->capplies, sizeof *w->plies);
    if (at < 0) {
        w->nomem = true;
        return;
    }
    keep_ply(w, at, before, after, move);
}

static void replay_ply(const struct pdn_board *before, const struct pdn_board *after,
                       const struct pdn_move *move, const struct pdn_node *node, int depth,
                       void *ctx)
{
    pdn_csv_writer *w = ctx;
    (void)depth;
    if (!ply_record_fits(&w->record, w->capplies)) {
        replay_ply_grow(before, after, move, node, w);
        return;
    }
    /* the record and the plies have room: ply_record_add_room makes no call */
    long at =
        ply_record_add_room(&w->record, node, (void **)&w->plies, &w->capplies, sizeof *w->plies);
    keep_ply(w, at, before, after, move);
}

size_t csv_ply_text(char out[PDN_MOVE_TEXT_MAX], const struct ply *p)
{
    /* The variant's squares ("c3-d4"), as pdn_format_game writes them. */
    enum pdn_variant v = (enum pdn_variant)p->variant;
    return p->full ? pdn_move_path_text(out, &p->move, v)
                   : pdn_move_text(out, &p->move, NULL, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, v);
}

static int stop_by_node(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct stop *)a)->node;
    uintptr_t y = (uintptr_t)((const struct stop *)b)->node;
    return (x > y) - (x < y);
}

const struct stop *csv_search_stop(const pdn_csv_writer *w, const struct pdn_node *node)
{
    struct stop key = {.node = node};
    return bsearch(&key, w->stops, w->nstops, sizeof key, stop_by_node);
}

int csv_replay(pdn_csv_writer *w, const pdn_game *game, const char *file,
               struct pdn_replay_summary *sum)
{
    ply_record_clear(&w->record);
    w->nstops = 0;
    w->first.game = 0;
    w->no_position = false;
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.filename = file;
    ro.strict = w->o.strict;
    ro.draw_rules = w->o.draw_rules;
    ro.on_diag = replay_diag;
    ro.diag_ctx = w;
    ro.on_ply = replay_ply;
    ro.ply_ctx = w;
    ro.scratch = &w->scratch;
    ro.date_orders = w->date_orders; /* its bad-date finding as pdncheck's */
    int rc = replay_game_noting(sum, game, &ro, &w->ambiguous);
    if (rc < 0) return rc;
    if (w->nomem) return PDN_ENOMEM;
    if (w->nstops > 1) qsort(w->stops, w->nstops, sizeof *w->stops, stop_by_node);
    return 0;
}
