/*
 * csv_moves: the rows of pdn_csv_writer_write_game's moves mode, a row per ply of
 * the main line, or of every line with variations (depth first: a move's
 * variations right after its row, named 1.1, 1.2, 1.1.1 ...). The plies the
 * replay played come from csv_rows.c (csv_find_ply); a move it did not
 * reach keeps only what was written. Must not print.
 */
#include "csv_writer.h"
#include "fen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a line is in the game: its name, the ply it replaces, the side and
 * move number of its first ply. */
struct line_ctx {
    const struct game_ctx *g;
    char id[128];
    uint32_t parent;     /* 0 on the main line */
    uint32_t first_ply;  /* the ply of its first move, from 1 */
    uint32_t start_half; /* half-moves before ply 1 (1 when black starts), plus 2*(number-1) */
};

struct ply_row {
    const struct line_ctx *line;
    const struct pdn_node *node;
    uint32_t ply;
    const struct ply *played; /* NULL when not played */
    const char *status;
    const struct pdn_line *end; /* a row without a move: the line it ends */
};

static void put_nags(pdn_csv_writer *w, const struct col *c, const struct pdn_node *n)
{
    csv_cell_reset(w);
    if (n->strength) csv_cell_adds(w, n->strength);
    for (uint32_t i = 0; i < n->nnags; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "%s$%u", w->ncell ? " " : "", (unsigned)n->nags[i]);
        csv_cell_adds(w, buf);
    }
    csv_put_cell(w, c);
}

/* Comments one a line: a line end inside one becomes a blank (the writer
 * folds it so too), so that csv2pdn --moves can tell them apart. */
static void put_comments(pdn_csv_writer *w, const struct col *c, const struct pdn_comment *list,
                         uint32_t n)
{
    csv_cell_reset(w);
    for (uint32_t i = 0; i < n; i++) {
        if (i) csv_cell_add(w, "\n", 1);
        for (const char *p = list[i].text ? list[i].text : ""; *p; p++)
            csv_cell_add(w, *p == '\n' || *p == '\r' ? " " : p, 1);
    }
    csv_put_cell(w, c);
}

/* The squares of the pieces taken, as the variant writes squares. */
static void put_captures(pdn_csv_writer *w, const struct col *c, const struct ply *p)
{
    uint8_t sq[PDN_PATH_MAX];
    enum pdn_variant v = (enum pdn_variant)p->variant;
    int n = pdn_move_captures(sq, &p->move, v);
    csv_cell_reset(w);
    for (int i = 0; i < n; i++) {
        char text[PDN_SQUARE_TEXT_MAX];
        size_t len = pdn_square_text(text, v, sq[i]);
        if (i) csv_cell_add(w, " ", 1);
        csv_cell_add(w, text, len);
    }
    csv_put_cell(w, c);
}

/* A square cell: a number, or "c3" in the algebraic variants. */
static void put_square(pdn_csv_writer *w, const struct col *c, const struct ply *p, int square)
{
    char text[PDN_SQUARE_TEXT_MAX];
    pdn_square_text(text, (enum pdn_variant)p->variant, square);
    csv_put(w, c, text);
}

/* The cells that only a played ply has. */
static void put_played_cell(pdn_csv_writer *w, const struct col *c, const struct ply *p)
{
    char buf[PDN_FEN_MAX];
    if (!p) {
        csv_put(w, c, NULL);
        return;
    }
    switch (c->id) {
    case C_CANONICAL:
        csv_ply_text(buf, p);
        csv_put(w, c, buf);
        break;
    case C_FROM:
        put_square(w, c, p, p->move.from);
        break;
    case C_TO:
        put_square(w, c, p, p->move.to);
        break;
    case C_PATH:
        pdn_move_path_text(buf, &p->move, (enum pdn_variant)p->variant);
        csv_put(w, c, buf);
        break;
    case C_CAPTURES:
        put_captures(w, c, p);
        break;
    case C_NCAPTURED:
        csv_put_number(w, c, p->move.ncaptured);
        break;
    case C_PIECE:
        csv_put(w, c, p->king ? "king" : "man");
        break;
    case C_PROMOTION:
        csv_put(w, c, p->move.promotes ? "yes" : "no");
        break;
    default: /* C_FEN */
        pdn_board_to_fen(buf, &p->after);
        csv_put(w, c, buf);
    }
}

/* The cells of a row without a move: the game's own, the rest empty. */
static int put_move_cell_game(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g)
{
    if (c->id == C_TAG || c->id == C_FILE || c->id == C_GAME || c->id == C_RECORDED ||
        c->id == C_TAGS)
        return csv_put_game_cell(w, c, g);
    csv_put(w, c, NULL);
    return 0;
}

static int put_move_cell(pdn_csv_writer *w, const struct col *c, const struct ply_row *r)
{
    const struct line_ctx *l = r->line;
    uint32_t half = l->start_half + r->ply - 1;
    if (!r->node && c->id == C_COMMENT_BEFORE && r->end) {
        put_comments(w, c, r->end->trailing, r->end->ntrailing);
        return 0;
    }
    if (!r->node && c->id != C_LINE && c->id != C_PLY_STATUS && c->id != C_PARENT)
        return put_move_cell_game(w, c, l->g);
    switch (c->id) {
    case C_TAG:
    case C_FILE:
    case C_GAME:
    case C_RECORDED:
    case C_TAGS:
        return csv_put_game_cell(w, c, l->g);
    case C_LINE:
        csv_put(w, c, l->id);
        break;
    case C_PARENT:
        if (l->parent)
            csv_put_number(w, c, l->parent);
        else
            csv_put(w, c, NULL);
        break;
    case C_PLY:
        csv_put_number(w, c, r->ply);
        break;
    case C_NUMBER:
        csv_put_number(w, c, half / 2 + 1);
        break;
    case C_SIDE:
        csv_put(w, c, half % 2 ? "black" : "white");
        break;
    case C_MOVE:
        csv_put(w, c, r->node->text);
        break;
    case C_COMMENT_BEFORE:
        put_comments(w, c, r->node->comments_before, r->node->ncomments_before);
        break;
    case C_COMMENT:
        put_comments(w, c, r->node->comments_after, r->node->ncomments_after);
        break;
    case C_NAGS:
        put_nags(w, c, r->node);
        break;
    case C_PLY_STATUS:
        csv_put(w, c, r->status);
        break;
    case C_CANONICAL:
    case C_FROM:
    case C_TO:
    case C_PATH:
    case C_CAPTURES:
    case C_NCAPTURED:
    case C_PIECE:
    case C_PROMOTION:
    case C_FEN:
        put_played_cell(w, c, r->played);
        break;
    default: /* a games column */
        csv_put(w, c, NULL);
    }
    return 0;
}

static long write_line(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line);

/* The variations of a node, after its own row. */
static long write_variations(pdn_csv_writer *w, const struct line_ctx *l,
                             const struct pdn_node *node, uint32_t ply)
{
    long rows = 0;
    for (uint32_t v = 0; v < node->nvariations; v++) {
        struct line_ctx sub = *l;
        int n = snprintf(sub.id, sizeof sub.id, "%.100s.%u", l->id, (unsigned)v + 1);
        if (n < 0 || (size_t)n >= sizeof sub.id) return PDN_EINVAL; /* deeper than ids go */
        sub.parent = ply;
        sub.first_ply = ply;
        long got = write_line(w, &sub, &node->variations[v]);
        if (got < 0) return got;
        rows += got;
    }
    return rows;
}

/* A row without a move: a game's without moves (status no-moves), or the
 * one that holds the comments ending a line (status comment), in its
 * comment_before cell. */
static long write_end_row(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line,
                          const char *status)
{
    struct ply_row r = {l, NULL, 0, NULL, status, line};
    for (size_t k = 0; k < w->ncols; k++) {
        int rc = put_move_cell(w, &w->cols[k], &r);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 1;
}

static long write_line(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line)
{
    long rows = 0;
    const char *status = "ok";
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        struct ply_row r = {l, node, l->first_ply + i, csv_find_ply(w, node), status, NULL};
        const struct stop *s = csv_find_stop(w, node);
        if (s && !r.played) r.status = pdn_diag_name(s->code);
        if (!r.played && strcmp(r.status, "ok") == 0) r.status = "not-played";
        for (size_t k = 0; k < w->ncols; k++) {
            int rc = put_move_cell(w, &w->cols[k], &r);
            if (rc < 0) return rc;
        }
        csv_out_end(&w->out);
        rows++;
        if (!r.played) status = "not-played";
        if (w->o.variations) {
            long n = write_variations(w, l, node, r.ply);
            if (n < 0) return n;
            rows += n;
        }
    }
    if (line->ntrailing == 0) return rows;
    long n = write_end_row(w, l, line, "comment");
    return n < 0 ? n : rows + n;
}

/* Half-moves before the first ply: black to move first counts one; a FEN's
 * ":F<n>" field (lidraughts) gives the first move number. */
static uint32_t start_half(const pdn_game *game)
{
    const char *fen = pdn_game_tag(game, "FEN");
    if (!fen) return 0;
    struct fen_start st = fen_start(fen);
    uint32_t half = st.black ? 1 : 0;
    if (st.number) half += 2 * (st.number - 1);
    return half;
}

long csv_write_move_rows(pdn_csv_writer *w, const struct game_ctx *g)
{
    struct line_ctx main = {.g = g, .id = "1", .first_ply = 1, .start_half = start_half(g->game)};
    if (g->game->main.nmoves > 0) return write_line(w, &main, &g->game->main);
    /* A game without moves still has its row: no game is lost. */
    return write_end_row(w, &main, &g->game->main, "no-moves");
}
