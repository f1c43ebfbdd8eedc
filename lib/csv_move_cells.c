/*
 * csv_move_cells: a cell of the moves mode's rows written on its own,
 * through csv_out_field: the general way, which csv_moves.c takes for a
 * cell it does not build in place and for every cell when the fast paths
 * are off (test_csv compares the two). The game's cells come from
 * csv_game_cells.c. Must not print.
 */
#include "csv_writer.h"

#include <stdio.h>
#include <string.h>

static void put_nags(pdn_csv_writer *w, const struct col *c, const struct pdn_node *n)
{
    csv_cell_reset(w);
    const struct pdn_annotations *a = pdn_annotations_of(n);
    if (a->strength) csv_cell_adds(w, a->strength);
    for (uint32_t i = 0; i < a->nnags; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "%s$%u", w->ncell ? " " : "", (unsigned)a->nags[i]);
        csv_cell_adds(w, buf);
    }
    csv_put_cell(w, c);
}

/* Comments one a line: a line end inside one becomes a blank (the writer
 * folds it so too), so that csv2pdn --moves can tell them apart; an empty
 * one is a blank, so that it is one ("{}", which the writer writes). */
static void put_comments(pdn_csv_writer *w, const struct col *c, const struct pdn_comment *list,
                         uint32_t n)
{
    csv_cell_reset(w);
    for (uint32_t i = 0; i < n; i++) {
        if (i) csv_cell_add(w, "\n", 1);
        const char *text = list[i].text ? list[i].text : "";
        if (!text[0]) csv_cell_add(w, " ", 1);
        for (const char *p = text; *p; p++)
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

/* "12." or "12...": the number of n as written, at out: the end. */
static char *number_as_written(char *out, const struct pdn_node *n)
{
    out = decimal_text(out, n->number);
    memcpy(out, "...", 3);
    return out + (n->number_black ? 3 : 1);
}

size_t csv_written_number(char out[WRITTEN_NUMBER_MAX], const struct ply_row *r)
{
    char *p = out;
    const struct pdn_node *n = r->node, *dots = NULL;
    /* Row-less dots just before the move hold its place in the line. */
    const struct line_ctx *l = r->line;
    uint32_t i = n ? (uint32_t)(n - l->moves->moves) : 0;
    if (i > 0 && r->after_place) dots = &l->moves->moves[i - 1];
    if (dots && dots->number) {
        p = number_as_written(p, dots);
        *p++ = ' ';
    }
    if (dots) {
        memcpy(p, "...", 3);
        p += 3;
    }
    if (n && n->number) {
        if (p > out) *p++ = ' ';
        p = number_as_written(p, n);
    }
    *p = '\0';
    return (size_t)(p - out);
}

int csv_put_move_cell(pdn_csv_writer *w, const struct col *c, const struct ply_row *r)
{
    const struct line_ctx *l = r->line;
    uint64_t half = csv_half_of(l, r->ply);
    if (csv_game_column(c->id)) return csv_put_game_cell(w, c, l->g);
    if (!r->node && c->id == C_COMMENT_BEFORE && r->end) {
        put_comments(w, c, r->end->trailing, r->end->ntrailing);
        return 0;
    }
    if (!r->node && c->id == C_SETUP && r->end) {
        csv_put(w, c, r->end->trailing_setup);
        return 0;
    }
    if (!r->node && c->id != C_LINE && c->id != C_PLY_STATUS && c->id != C_PARENT) {
        csv_put(w, c, NULL); /* a row without a move: the game's cells, the rest empty */
        return 0;
    }
    const struct pdn_annotations *a = r->node ? pdn_annotations_of(r->node) : NULL;
    switch (c->id) {
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
        csv_put_number(w, c, csv_number_of(half));
        break;
    case C_SIDE:
        csv_put(w, c, csv_side_of(l, half) ? "black" : "white");
        break;
    case C_MOVE:
        csv_put(w, c, r->node->text);
        break;
    case C_COMMENT_BEFORE:
        put_comments(w, c, a->comments_before, a->ncomments_before);
        break;
    case C_COMMENT:
        put_comments(w, c, a->comments_after, a->ncomments_after);
        break;
    case C_NAGS:
        put_nags(w, c, r->node);
        break;
    case C_SETUP:
        csv_put(w, c, a->setup);
        break;
    case C_WRITTEN: {
        char written[WRITTEN_NUMBER_MAX];
        csv_written_number(written, r);
        csv_put(w, c, written);
        break;
    }
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
