/*
 * Move text to move: matches the squares of a parsed move text against the
 * legal moves of a position: as a landing path first (the listed routes,
 * then the other routes of the same captures), then as the captured-square
 * forms engines write; a <...> list narrows the result. Why nothing fits is
 * notation_explain.c's business.
 *
 * The legal list is the authority: nothing here judges a rule. Allocates
 * nothing (the list of other routes lives on the stack).
 */
#include "geometry.h"
#include "notation.h"

#include <string.h>

/* Moves of the legal list that fit a text, and how. */
struct fit {
    int idx;      /* in the legal list */
    int reading;  /* which reading of the text named it */
    bool landing; /* named as a landing path, not by captured squares */
};

struct fits {
    int n;
    struct fit at[2 * PDN_MOVES_MAX];
};

static bool same_move(const struct pdn_move *a, const struct pdn_move *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

/* The landing-path reading: from, some landing squares in order, to. */
static bool fits_path(const struct pdn_move *m, const struct notation_reading *r)
{
    return m->from == r->sq[0] && m->to == r->sq[r->n - 1] &&
           notation_has_landings(m, r->sq + 1, r->n - 2);
}

/* The internal bits of distinct squares; false when one is out of range or repeated. */
static bool squares_mask(uint64_t *out, const struct pdn_board *b, const int *sq, int n)
{
    const struct geometry *g = geometry_get(b->variant);
    *out = 0;
    for (int i = 0; i < n; i++) {
        if (sq[i] < 1 || sq[i] > g->squares || (*out & bit(g->bit_of[sq[i]]))) return false;
        *out |= bit(g->bit_of[sq[i]]);
    }
    return true;
}

static bool takes(const struct pdn_move *m, const struct pdn_board *b, const int *sq, int n)
{
    uint64_t mask;
    return n == m->ncaptured && squares_mask(&mask, b, sq, n) && mask == m->captured;
}

/*
 * The engine readings, tried only when the squares are no landing path:
 * "from x to x captured..." (Scan's Hub protocol), "from x captured... x to",
 * and "from x captured..." without the destination. Each must name every
 * captured piece.
 */
static bool fits_captured(const struct pdn_move *m, const struct notation_reading *r,
                          const struct pdn_board *b)
{
    int n = r->n;
    if (m->ncaptured == 0 || n < 3 || m->from != r->sq[0]) return false;
    if (m->to == r->sq[1] && takes(m, b, r->sq + 2, n - 2)) return true;
    if (m->to == r->sq[n - 1] && takes(m, b, r->sq + 1, n - 2)) return true;
    return takes(m, b, r->sq + 1, n - 1);
}

static void add(struct fits *f, int idx, int reading, bool landing)
{
    for (int i = 0; i < f->n; i++)
        if (f->at[i].idx == idx && f->at[i].reading == reading) return;
    if (f->n < 2 * PDN_MOVES_MAX) f->at[f->n++] = (struct fit){idx, reading, landing};
}

/*
 * The legal list keeps one route per capture (same from, to and pieces), so
 * a text may follow a route it does not hold ("38x24x13x27x38" for the
 * listed 38x27x13x24x38). Tried only when no listed route fits, so that
 * pdn_move_to_text's choice of squares, made on the listed routes, reads back.
 */
static void add_other_routes(struct fits *f, int k, const struct notation_reading *r,
                             const struct pdn_board *b, const struct pdn_movelist *legal)
{
    if (r->n < 3 || legal->count == 0 || legal->moves[0].ncaptured == 0) return;
    struct pdn_movelist routes;
    pdn_movegen(&routes, b, PDN_MOVEGEN_KEEP_DUPLICATES);
    for (int i = 0; i < routes.count; i++) {
        if (!fits_path(&routes.moves[i], r)) continue;
        for (int j = 0; j < legal->count; j++)
            if (same_move(&legal->moves[j], &routes.moves[i])) {
                add(f, j, k, true);
                break;
            }
    }
}

/* Keeps the fits whose captured pieces are those of the <...> list. */
static void filter_list(struct fits *f, int start, const struct notation_text *t,
                        const struct pdn_board *b, const struct pdn_movelist *legal)
{
    int kept = start;
    for (int i = start; i < f->n; i++)
        if (takes(&legal->moves[f->at[i].idx], b, t->captured, t->ncaptured))
            f->at[kept++] = f->at[i];
    f->n = kept;
}

/*
 * Adds the moves reading k names; returns whether some move fitted as a
 * landing path before a <...> list ruled it out.
 */
static bool collect(struct fits *f, unsigned *forms, const struct notation_text *t, int k,
                    const struct pdn_board *b, const struct pdn_movelist *legal)
{
    const struct notation_reading *r = &t->readings[k];
    int start = f->n;
    for (int i = 0; i < legal->count; i++)
        if (fits_path(&legal->moves[i], r)) add(f, i, k, true);
    if (f->n == start) add_other_routes(f, k, r, b, legal);
    bool landing = f->n > start;
    if (!landing) {
        for (int i = 0; i < legal->count; i++)
            if (fits_captured(&legal->moves[i], r, b)) add(f, i, k, false);
        if (f->n > start) *forms |= PDN_FORM_CAPTURED_SQUARES;
    }
    if (!t->has_list) return false;
    filter_list(f, start, t, b, legal);
    return landing && f->n == start;
}

/* Keeps one entry per distinct move (a list with every capture order repeats them). */
static void distinct(struct fits *f, const struct pdn_movelist *legal)
{
    int kept = 0;
    for (int i = 0; i < f->n; i++) {
        const struct pdn_move *m = &legal->moves[f->at[i].idx];
        int j = 0;
        while (j < kept && !same_move(&legal->moves[f->at[j].idx], m))
            j++;
        if (j == kept) f->at[kept++] = f->at[i];
    }
    f->n = kept;
}

/* Moves of the list with these from and to squares, counted once each. */
static int count_ends(const struct pdn_movelist *legal, const struct pdn_move *move)
{
    int n = 0;
    for (int i = 0; i < legal->count; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (m->from != move->from || m->to != move->to) continue;
        int j = 0;
        while (j < i && !same_move(&legal->moves[j], m))
            j++;
        n += j == i; /* first of its kind */
    }
    return n;
}

/* In a list with every capture order, the order written in full when there is one. */
static int exact_order(const struct pdn_movelist *legal, int chosen,
                       const struct notation_reading *r)
{
    for (int i = 0; i < legal->count; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (same_move(m, &legal->moves[chosen]) && m->npath == r->n - 1 && fits_path(m, r))
            return i;
    }
    return chosen;
}

/* The forms that depend on the move found: separators and partial paths. */
static unsigned move_forms(const struct notation_text *t, const struct pdn_movelist *legal,
                           const struct fit *fit, int index)
{
    const struct pdn_move *m = &legal->moves[index];
    const struct notation_reading *r = &t->readings[fit->reading];
    unsigned forms = r->forms;
    /* Intermediate squares PDN 3.0 asks for when from and to are ambiguous are
     * standard; a partial path where from and to already say it all is not. */
    if (fit->landing && r->n > 2 && r->n - 1 < m->npath && count_ends(legal, m) == 1)
        forms |= PDN_FORM_PARTIAL_PATH;
    if (m->ncaptured == 0 && t->cross) forms |= PDN_FORM_QUIET_WITH_X;
    if (m->ncaptured > 0 && t->dash) forms |= PDN_FORM_CAPTURE_WITH_DASH;
    return forms;
}

/* Numbers the algebraic squares of a text on the board's geometry; a light
 * square or one off the board becomes 0, which no move has. */
static void number_algebraic(struct notation_text *t, const struct pdn_board *b)
{
    const struct geometry *g = geometry_get(b->variant);
    for (int k = 0; k < t->nreadings; k++)
        for (int i = 0; i < t->readings[k].n; i++) {
            int v = t->readings[k].sq[i] - NOTATION_ALG;
            t->readings[k].sq[i] = geo_square_algebraic(g, v / 16, v % 16);
        }
}

int pdn_move_match(struct pdn_match *out, const char *text, const struct pdn_board *board,
                   const struct pdn_movelist *legal, bool strict)
{
    (void)strict; /* the outcome is the same; the caller weighs out->forms (pdn.h) */
    if (!out || !board || !legal || legal->count < 0 || legal->count > PDN_MOVES_MAX)
        return PDN_EINVAL;
    memset(out, 0, sizeof *out);
    out->move = -1;
    struct notation_text t;
    if (!text || !notation_parse(&t, text)) {
        out->result = PDN_MATCH_BAD_TEXT;
        return PDN_OK;
    }
    if (t.algebraic) number_algebraic(&t, board);
    struct fits f;
    f.n = 0;
    bool landing[2] = {false, false};
    out->forms = t.forms;
    for (int k = 0; k < t.nreadings; k++)
        landing[k] = collect(&f, &out->forms, &t, k, board, legal);
    distinct(&f, legal);
    if (f.n == 1) {
        out->result = PDN_MATCH_OK;
        out->move = exact_order(legal, f.at[0].idx, &t.readings[f.at[0].reading]);
        out->forms |= move_forms(&t, legal, &f.at[0], out->move);
        return PDN_OK;
    }
    for (int k = 0; k < t.nreadings; k++)
        out->forms |= t.readings[k].forms;
    if (f.n == 0) {
        out->result = PDN_MATCH_ILLEGAL;
        notation_explain(out, &t, landing, board, legal);
        return PDN_OK;
    }
    out->result = PDN_MATCH_AMBIGUOUS;
    for (int i = 0; i < f.n && i < PDN_CANDIDATES_MAX; i++)
        out->candidates[i] = f.at[i].idx;
    out->ncandidates = f.n < PDN_CANDIDATES_MAX ? f.n : PDN_CANDIDATES_MAX;
    return PDN_OK;
}
