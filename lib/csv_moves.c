/*
 * csv_moves: the rows of pdn_csv_writer_write_game's moves mode, a row per ply of
 * the main line, or of every line with variations (depth first: a move's
 * variations right after its row, named 1.1, 1.2, 1.1.1 ...). The plies the
 * replay played come from csv_rows.c (csv_find_ply); a move it did not
 * reach keeps only what was written. A row is a ply's: its cells are
 * built in place in the row buffer (write_move_row_fast), the game's
 * copied from a piece written once a game, the default layout's body
 * (ply to promotion) straight, without a switch a cell, its cells move to
 * promotion copied from a piece kept for each move met (struct
 * move_cells), and a whole row of the default layout without the steps'
 * loop (write_default_row), a line's plain plies' rows in a loop of their
 * own (default_run); unless the fast paths are off or the
 * delimiter is a byte of a word (csv_io.h): then each cell on its own, as
 * csv_put_move_cell (csv_move_cells.c) writes it (test_csv compares the
 * two on every test file, a writer a game and one writer for all). Must
 * not print.
 */
#include "csv_writer.h"
#include "game.h"
#include "geometry.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the fast path: a move's row built in place ---- */

/*
 * The steps of a move's row, made once for the writer's columns: a run
 * of the game's columns side by side is one step (STEP_GAME), copied from
 * w->shared; so is a run of the comments and NAGs columns (STEP_NOTES),
 * which are nearly always empty; so are the body's columns, in the
 * default layout's order (STEP_BODY); any other column is a step of its
 * own, its id. A run's columns after its first: w->spans[its first].cols.
 */
#define STEP_GAME C_TAG
#define STEP_NOTES (C_PLY_STATUS + 1)
#define STEP_BODY (C_PLY_STATUS + 2)

/* The columns of the default layout's body, in its order: one step
 * (STEP_BODY) when a row has them side by side, written straight by
 * body_cells, not a switch a cell. */
static const uint8_t body_ids[] = {C_PLY,       C_NUMBER,    C_SIDE,  C_MOVE,
                                   C_CANONICAL, C_FROM,      C_TO,    C_PATH,
                                   C_CAPTURES,  C_NCAPTURED, C_PIECE, C_PROMOTION};
#define BODY_COLS (sizeof body_ids)

/* The most bytes of a cell written in place but the move's text: the
 * captures of the longest capture, a blank between them; the delimiter. */
#define CELL_MOST (PDN_PATH_MAX * PDN_SQUARE_TEXT_MAX + 1)
_Static_assert(WRITTEN_NUMBER_MAX <= CELL_MOST, "a written number is written in place");
/* A move as written is copied in place when shorter than this (put_move). */
#define MOVE_IN_PLACE 64
/* The game's cells are copied in pieces of this size (put_run). */
#define RUN_PIECE 16
_Static_assert(2 * RUN_PIECE <= CELL_MOST, "a run's room holds its last pieces");

/*
 * The cells move to promotion of a played ply's row, delimiters between
 * them ("32-28,32-28,32,28,32-28,,0,man,no"), for a quiet move or a
 * capture of one hop on a numbered board that no other legal move shares
 * its squares with (nearly every ply): made once for each such move met
 * and copied into each row of it after (put_cells), the move as written
 * too when it is the move's shortest text (nearly always). Kept by from
 * and to; made again for another move between the same squares (what it
 * takes, the piece, a promotion) or in another variant (whose squares
 * name the piece taken).
 */
#define CELLS_SQUARES 64 /* from and to below it: any numbered board's */
#define CELLS_ROOM 58    /* "12x23,12x23,12,23,12x23,18,1,king,yes", and a copy's reach */
struct move_cells {
    uint32_t key; /* the ply's (csv_kept_key) */
    uint8_t text; /* the shortest text's length: the cells start with it */
    uint8_t len;  /* the cells' (0: none made yet) */
    char cells[CELLS_ROOM];
};
/* One cache line each, on a line's start (aligned_alloc): a row reads one
 * line of the table's 256 kB, where 72-byte cells of 288 kB often lay
 * across two (perf put 15 % of the row building's samples on that read). */
_Static_assert(sizeof(struct move_cells) == 64, "a move's cells fill one cache line");

/* Whether a column holds a move's comments or NAGs. */
static bool note_column(enum col_id id)
{
    return id == C_COMMENT_BEFORE || id == C_COMMENT || id == C_NAGS;
}

/* Whether column id goes on the run of a step STEP_GAME or STEP_NOTES. */
static bool in_run(uint8_t op, enum col_id id)
{
    return op == STEP_GAME ? csv_game_column(id) : note_column(id);
}

/* Whether the columns from k on begin with the body's. */
static bool body_at(const pdn_csv_writer *w, size_t k)
{
    if (w->ncols - k < BODY_COLS) return false;
    for (size_t i = 0; i < BODY_COLS; i++)
        if (w->cols[k + i].id != body_ids[i]) return false;
    return true;
}

/* The table of kept cells, zeroed and aligned to a cache line. calloc, not
 * aligned_alloc and memset: a block this size comes as fresh zero pages,
 * and a game touches only the few that its moves' squares select (the
 * memset cost a writer 64 page faults, each writer of a test making one a
 * game far more under ASan). */
static int keep_cells(pdn_csv_writer *w)
{
    size_t size = CELLS_SQUARES * CELLS_SQUARES * sizeof *w->kept;
    w->kept_block = calloc(1, size + 64);
    if (!w->kept_block) return PDN_ENOMEM;
    w->kept = (struct move_cells *)(((uintptr_t)w->kept_block + 63) & ~(uintptr_t)63);
    return 0;
}

static int plan_rows(pdn_csv_writer *w)
{
    /* First: rows are built in place only once the steps are (a writer
     * with steps has its kept cells). */
    if (!w->kept && keep_cells(w) < 0) return PDN_ENOMEM;
    struct cell_span *spans = calloc(w->ncols + 1, sizeof *spans);
    struct row_step *steps = calloc(w->ncols + 1, sizeof *steps);
    if (!spans || !steps) { /* both or neither: the next game plans again */
        free(spans);
        free(steps);
        return PDN_ENOMEM;
    }
    w->spans = spans;
    w->steps = steps;
    for (size_t k = 0; k < w->ncols; k++) {
        struct row_step *step = &w->steps[w->nsteps++];
        *step = (struct row_step){(uint8_t)w->cols[k].id, (uint32_t)k};
        enum col_id id = w->cols[k].id;
        w->move_cells += id == C_MOVE;
        w->row_texts |= id == C_CANONICAL || id == C_FROM || id == C_TO || id == C_PATH;
        if (body_at(w, k)) {
            step->op = STEP_BODY;
            w->spans[k].cols = BODY_COLS - 1;
            k += BODY_COLS - 1;
            continue;
        }
        if (!csv_game_column(id) && !note_column(id)) continue;
        step->op = csv_game_column(id) ? STEP_GAME : STEP_NOTES;
        while (k + 1 < w->ncols && in_run(step->op, w->cols[k + 1].id))
            k++, w->spans[step->col].cols++;
    }
    const struct row_step *st = w->steps;
    w->row_default = w->nsteps == 4 && st[0].op == STEP_GAME && st[1].op == STEP_BODY &&
                     st[2].op == STEP_NOTES && w->spans[st[2].col].cols == 2 &&
                     st[3].op == C_PLY_STATUS;
    return 0;
}

/*
 * The game's cells of the moves rows, written once a game for each row to
 * copy: each run of them as one piece of w->shared, delimiters inside, at
 * w->spans[k] for its first column k; and the most bytes a row's cells
 * written in place take, but its move's text. csv_put_game_cell writes to
 * w->out, which is w->shared meanwhile.
 */
static int share_game_cells(pdn_csv_writer *w, const struct game_ctx *g)
{
    if (!w->steps && plan_rows(w) < 0) return PDN_ENOMEM;
    struct csv_out rows = w->out;
    w->out = w->shared;
    w->out.len = 0;
    w->row_most = 2 + w->move_cells * MOVE_IN_PLACE; /* a CR LF, the moves as written */
    int rc = 0;
    for (size_t i = 0; i < w->nsteps && rc == 0; i++) {
        size_t k = w->steps[i].col;
        struct cell_span *run = &w->spans[k];
        w->row_most += CELL_MOST * (1 + run->cols);
        if (w->steps[i].op != STEP_GAME) continue;
        run->at = w->out.len;
        w->out.first = true;
        for (size_t j = k; j <= k + run->cols && rc == 0; j++)
            rc = csv_put_game_cell(w, &w->cols[j], g);
        run->len = w->out.len - run->at;
        w->row_most += run->len;
    }
    w->shared = w->out;
    w->out = rows;
    if (rc < 0) return rc;
    if (!csv_out_room(&w->shared, 2 * RUN_PIECE)) return PDN_ENOMEM; /* put_run reads on */
    return w->shared.nomem ? PDN_ENOMEM : 0;
}

/* A square as pdn_square_text writes it. */
static inline size_t square_text(char *out, const struct geometry *g, int square)
{
    if (g->rules->algebraic) return (size_t)geo_square_text(out, g, square);
    return (size_t)(decimal_text(out, (unsigned)square) - out);
}

/* Texts of at most this many bytes, in arrays of at least as many, are
 * copied in one piece of this size (put_short). */
#define SHORT_TEXT 16
_Static_assert(PDN_SQUARE_TEXT_MAX <= SHORT_TEXT, "a square's text is short");
_Static_assert(PDN_MOVE_TEXT_MAX >= SHORT_TEXT, "a path's array holds a short text");

/* A played ply's texts, made once for its row: its squares, its shortest
 * text (pdn_move_text's "from-to" or "fromxto"), its path and canonical
 * text (csv_ply_text), which are the shortest but for a capture's hops. */
struct ply_texts {
    char from[SHORT_TEXT], to[SHORT_TEXT]; /* room for put_short to read */
    char shortest[2 * SHORT_TEXT], hops[PDN_MOVE_TEXT_MAX];
    size_t nfrom, nto, nshortest, npath, ncanonical;
    const char *path, *canonical;
};

static void ply_texts(struct ply_texts *t, const struct ply *p)
{
    enum pdn_variant v = (enum pdn_variant)p->variant;
    const struct geometry *g = geometry_get(v);
    const struct pdn_move *m = &p->move;
    t->nfrom = square_text(t->from, g, m->from);
    t->nto = square_text(t->to, g, m->to);
    char *s = t->shortest; /* two short texts in fixed pieces: room for both */
    memcpy(s, t->from, SHORT_TEXT);
    s[t->nfrom] = m->ncaptured ? 'x' : '-';
    memcpy(s + t->nfrom + 1, t->to, SHORT_TEXT);
    t->nshortest = t->nfrom + 1 + t->nto;
    t->path = s;
    t->npath = t->nshortest;
    if (m->npath > 1 || (m->npath == 1 && m->path[0] != m->to)) {
        t->path = t->hops;
        t->npath = pdn_move_path_text(t->hops, m, v);
    }
    t->canonical = p->full ? t->path : s;
    t->ncanonical = p->full ? t->npath : t->nshortest;
}

/* The captures cell (put_captures) at out: the end. */
static char *captures_text(char *out, const struct ply *p)
{
    uint8_t sq[PDN_PATH_MAX];
    enum pdn_variant v = (enum pdn_variant)p->variant;
    const struct geometry *g = geometry_get(v);
    int n = pdn_move_captures(sq, &p->move, v);
    for (int i = 0; i < n; i++) {
        if (i) *out++ = ' ';
        out += square_text(out, g, sq[i]);
    }
    return out;
}

/* s[0, n) at out, s in an array of at least SHORT_TEXT bytes: a short
 * one in one fixed piece (the cell's room is CELL_MOST), which the
 * compiler copies in two moves, not a call to memcpy nor a byte loop. */
static char *put_short(char *out, const char *s, size_t n)
{
    if (n <= SHORT_TEXT)
        memcpy(out, s, SHORT_TEXT);
    else
        memcpy(out, s, n);
    return out + n;
}

/* A played ply's text, nothing when it was not played. */
static char *put_played(char *out, const struct ply *p, const char *s, size_t n)
{
    return p ? put_short(out, s, n) : out;
}

/* The words of the side, piece and promotion cells, in arrays put_short
 * may read. */
static const char words[][SHORT_TEXT] = {"white", "black", "man", "king", "no", "yes"};

/* Text that may need quotes (a move as written, a status, a line's name),
 * of at most CELL_MOST bytes: copied when it needs none, else NULL. */
static char *put_looked_at(char *out, const char *s, size_t n, char delim)
{
    size_t len = csv_plain_copy(out, s, n, delim);
    return len == SIZE_MAX ? NULL : out + len;
}

/* Whether a row's comments or NAGs cell of a move is empty. */
static bool empty_notes(const struct pdn_node *n, enum col_id id)
{
    const struct pdn_annotations *a = pdn_annotations_of(n);
    if (id == C_COMMENT_BEFORE) return a->ncomments_before == 0;
    if (id == C_COMMENT) return a->ncomments_after == 0;
    return !a->strength && a->nnags == 0;
}

/* The status of a row whose move was played and met no finding. */
static const char status_ok[SHORT_TEXT] = "ok";

/* What a move's row reads of the writer, in locals: the row is built
 * through a char pointer, which may alias anything the writer holds, so
 * the compiler would read each again for every cell. */
struct row_plan {
    const char *shared;                /* w->shared.buf */
    const struct cell_span *spans;     /* w->spans */
    const struct number_text *numbers; /* w->numbers */
    struct move_cells *kept;           /* w->kept */
    char delim;
    bool plain; /* w->plain_nodes */
};

static struct row_plan plan_of(const pdn_csv_writer *w)
{
    return (struct row_plan){w->shared.buf, w->spans,     w->numbers,
                             w->kept,       w->out.delim, w->plain_nodes};
}

/* Whether a move has comments or NAGs: its row then has them, in cells
 * that csv_put_move_cell writes. */
static bool has_notes(const struct pdn_node *n)
{
    const struct pdn_annotations *a = pdn_annotations_of(n);
    return a->ncomments_before || a->ncomments_after || a->strength || a->nnags;
}

/* A run of comments and NAGs cells of a move that has none: their
 * delimiters but the last; NULL when it has some (csv_put_move_cell writes
 * the run). */
static char *empty_notes_run(char *out, const struct row_plan *plan, const struct row_step *step,
                             const struct pdn_node *n)
{
    if (has_notes(n)) return NULL;
    size_t more = plan->spans[step->col].cols;
    if (more <= 2) { /* comment_before,comment,nags: stores, not a call to memset */
        out[0] = out[1] = plan->delim; /* the cells' room (CELL_MOST) holds both */
        return out + more;
    }
    memset(out, plan->delim, more);
    return out + more;
}

/* The move as written at out when it is shorter than MOVE_IN_PLACE bytes
 * and has no byte up to '"' (no blank, line end or quote) nor the
 * delimiter: then it needs no quotes. Its length is learnt as it is
 * copied. The end, or NULL: csv_out_field must look at it
 * (csv_put_move_cell writes it), as it does a NULL text (a game made by
 * hand's). */
static char *put_move(char *out, const char *s, char delim)
{
    if (s == NULL) return NULL;
    for (size_t i = 0; i < MOVE_IN_PLACE; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= '"' || c == (unsigned char)delim) return c == '\0' ? out + i : NULL;
        out[i] = (char)c;
    }
    return NULL;
}

/* Whether the text s is t[0, n), which holds no NUL: each byte of s is
 * read once the bytes before it have matched, so never past its NUL. A
 * move's shortest text on a numbered board, two squares of one or two
 * digits around its separator (3 to 5 bytes), compared byte by byte
 * without a loop. */
static bool same_text(const char *s, const char *t, size_t n)
{
    if (n < 3 || n > 5) {
        for (size_t i = 0; i < n; i++)
            if (s[i] != t[i]) return false;
        return s[n] == '\0';
    }
    if (s[0] != t[0] || s[1] != t[1] || s[2] != t[2]) return false;
    if (n == 3) return s[3] == '\0';
    if (s[3] != t[3]) return false;
    return n == 4 ? s[4] == '\0' : s[4] == t[4] && s[5] == '\0';
}

/* Whether a move is written as its kept cells' shortest text: by the
 * squares the reader kept in its node (pdn.h: plain_from, plain_to,
 * plain_sep) when plain, else by its bytes. same_text branches on the
 * text's length, which the moves' order leaves to chance (pdn2csv
 * --moves: 3% of its time). */
static inline bool written_shortest(const struct pdn_node *n, const struct pdn_move *m,
                                    const struct move_cells *c, bool plain)
{
    if (plain && n->plain_sep)
        return n->plain_from == m->from && n->plain_to == m->to &&
               n->plain_sep == (m->ncaptured ? 'x' : '-');
    return same_text(n->text, c->cells, c->text);
}

/* The cells move to path of a played ply's row at out, delimiters between
 * them, from ply_texts: an algebraic board's, an ambiguous capture's, a
 * capture's of several hops; NULL when the move as written must be
 * looked at (put_move). */
static __attribute__((noinline)) char *texts_cells(char *out, const char *move, const struct ply *p,
                                                   char delim)
{
    if (!(out = put_move(out, move, delim))) return NULL;
    *out++ = delim;
    struct ply_texts t;
    ply_texts(&t, p);
    out = put_short(out, t.canonical, t.ncanonical);
    *out++ = delim;
    out = put_short(out, t.from, t.nfrom);
    *out++ = delim;
    out = put_short(out, t.to, t.nto);
    *out++ = delim;
    return put_short(out, t.path, t.npath);
}

/* The captures cell (put_captures) at out on a numbered board, its
 * squares (pdn_move_captures') from the writer's texts of numbers: the
 * end. */
static char *captures_numbered(char *out, const struct pdn_move *m, const struct geometry *g,
                               const struct number_text *numbers)
{
    int n = 0;
    for (uint64_t c = m->captured; c && n < PDN_PATH_MAX; c &= c - 1, n++) {
        out = csv_number_text(out, numbers, g->square_of[__builtin_ctzll(c)]);
        *out++ = ' ';
    }
    return out - (n > 0);
}

/* Whether a played ply's cells can be kept: its move goes by one hop,
 * taking at most one piece, on a numbered board, and is no ambiguous
 * capture (written whole). */
static bool keeps_cells(const struct ply *p, const struct geometry *g)
{
    const struct pdn_move *m = &p->move;
    bool hops = m->npath > 1 || (m->npath == 1 && m->path[0] != m->to);
    return !(g->rules->algebraic || hops || p->full || m->ncaptured > 1);
}

/* Makes the kept cells of a move. */
static __attribute__((noinline)) void make_cells(struct move_cells *c, const struct ply *p,
                                                 const struct geometry *g, char delim,
                                                 const struct number_text *numbers)
{
    const struct pdn_move *m = &p->move;
    char *text = c->cells, *to = csv_number_text(text, numbers, m->from), *out;
    size_t nfrom = (size_t)(to - text);
    *to++ = m->ncaptured ? 'x' : '-';
    out = csv_number_text(to, numbers, m->to);
    size_t n = (size_t)(out - text), nto = n - nfrom - 1;
    *out++ = delim; /* then the canonical text, the squares, the path */
    memcpy(out, text, n);
    out[n] = delim;
    out += n + 1;
    memcpy(out, text, nfrom);
    out[nfrom] = delim;
    out += nfrom + 1;
    memcpy(out, to, nto);
    out[nto] = delim;
    out += nto + 1;
    memcpy(out, text, n);
    out[n] = delim;
    out = captures_numbered(out + n + 1, m, g, numbers);
    *out++ = delim;
    out = csv_number_text(out, numbers, m->ncaptured);
    *out++ = delim;
    out = put_short(out, words[2 + p->king], 3u + p->king);
    *out++ = delim;
    out = put_short(out, words[4 + !!m->promotes], 2u + !!m->promotes);
    c->key = p->kept;
    c->text = (uint8_t)n;
    c->len = (uint8_t)(out - text);
}

/* A played ply's kept cells: found, or made now when the ply's move can
 * have them (keeps_cells) and they are missing or made for another move
 * of its squares; NULL when it cannot. */
static inline const struct move_cells *cells_of(struct move_cells *kept, const struct ply *p,
                                                char delim, const struct number_text *numbers)
{
    const struct pdn_move *m = &p->move;
    _Static_assert((CELLS_SQUARES & (CELLS_SQUARES - 1)) == 0, "a power of two: one test");
    if ((m->from | m->to) >= CELLS_SQUARES) return NULL;
    struct move_cells *c = &kept[m->from * CELLS_SQUARES + m->to];
    if (c->len && c->key == p->kept) return c;
    const struct geometry *g = geometry_get((enum pdn_variant)p->variant);
    if (!keeps_cells(p, g)) return NULL;
    make_cells(c, p, g, delim, numbers);
    return c;
}
/* The kept cells at out, in three fixed pieces of 16 bytes, after the
 * move as written when it is not the shortest text: the end, or NULL when
 * the move as written must be looked at (put_move). */
static inline __attribute__((always_inline)) char *put_cells(char *out, const struct pdn_node *n,
                                                             const struct pdn_move *m,
                                                             const struct move_cells *c,
                                                             const struct row_plan *plan)
{
    const char *from = c->cells;
    char delim = plan->delim;
    if (!written_shortest(n, m, c, plan->plain)) {
        if (!(out = put_move(out, n->text, delim))) return NULL;
        *out++ = delim;
        from += c->text + 1;
    }
    memcpy(out, from, 3 * SHORT_TEXT);
    return out + (c->cells + c->len - from);
}
_Static_assert(6 + 3 * SHORT_TEXT <= CELLS_ROOM, "put_cells reads within the cells");

/* The cells move to promotion of a move's row whose ply was played at
 * out, delimiters between them; NULL when the move as written must be
 * looked at (put_move). */
static inline __attribute__((always_inline)) char *
played_cells(char *out, const struct pdn_node *n, const struct ply *p, const struct row_plan *plan)
{
    const struct pdn_move *m = &p->move;
    const struct number_text *numbers = plan->numbers;
    char delim = plan->delim;
    const struct move_cells *c = cells_of(plan->kept, p, delim, numbers);
    if (c) return put_cells(out, n, m, c, plan);
    const struct geometry *g = geometry_get((enum pdn_variant)p->variant);
    if (!(out = texts_cells(out, n->text, p, delim))) return NULL;
    *out++ = delim;
    if (m->ncaptured)
        out = g->rules->algebraic ? captures_text(out, p) : captures_numbered(out, m, g, numbers);
    *out++ = delim;
    out = csv_number_text(out, numbers, m->ncaptured);
    *out++ = delim;
    out = put_short(out, words[2 + p->king], 3u + p->king);
    *out++ = delim;
    return put_short(out, words[4 + !!m->promotes], 2u + !!m->promotes);
}

/*
 * The body's cells (body_ids) of a move's row at out, delimiters between
 * them, as csv_put_move_cell writes them: the end, or NULL when the move as
 * written must be looked at by csv_out_field (csv_put_move_cell writes them).
 * Cell after cell, no switch: the row of nearly every ply.
 */
static inline __attribute__((always_inline)) char *
body_cells(char *out, const struct ply_row *r, uint64_t half, const struct row_plan *plan)
{
    const struct number_text *numbers = plan->numbers;
    char delim = plan->delim;
    out = csv_number_text(out, numbers, r->ply);
    *out++ = delim;
    out = csv_number_text(out, numbers, csv_number_of(half));
    *out++ = delim;
    out = put_short(out, words[csv_side_of(r->line, half)], 5);
    *out++ = delim;
    if (r->played) return played_cells(out, r->node, r->played, plan);
    if (!(out = put_move(out, r->node->text, delim))) return NULL;
    *out++ = delim;
    /* not played: the 8 cells after the move empty, 7 delimiters */
    memset(out, delim, BODY_COLS - 5);
    return out + BODY_COLS - 5;
}

/* A run of the game's cells copied from shared at out: in fixed pieces,
 * not a call to memcpy (a file name and a game number: a piece or two,
 * both copied without a test). The last pieces may read past the run
 * (share_game_cells leaves room) and write past it (the run's room is
 * CELL_MOST more). */
static char *put_run(char *out, const char *shared, const struct cell_span *run)
{
    const char *from = shared + run->at;
    memcpy(out, from, 2 * RUN_PIECE);
    for (size_t k = 2 * RUN_PIECE; k < run->len; k += RUN_PIECE)
        memcpy(out + k, from + k, RUN_PIECE);
    return out + run->len;
}

/* The cell of a move's row at out, as csv_put_move_cell writes it but the
 * delimiter, when it is written in place: the end, or NULL when
 * csv_put_move_cell must write it. The texts written without a look are
 * words (csv_io.h). A step of the game's cells copies them. */
static char *cell_in_place(char *out, const struct row_plan *plan, const struct row_step *step,
                           const struct ply_row *r, const struct ply_texts *t, uint64_t half)
{
    const struct ply *p = r->played;
    const struct pdn_node *n = r->node;
    char delim = plan->delim;
    switch (step->op) {
    case STEP_GAME:
        return put_run(out, plan->shared, &plan->spans[step->col]);
    case C_LINE:
        return r->line->idlen < CELL_MOST ? put_looked_at(out, r->line->id, r->line->idlen, delim)
                                          : NULL;
    case C_PARENT:
        return r->line->parent ? decimal_text(out, r->line->parent) : out;
    case C_PLY:
        return decimal_text(out, r->ply);
    case C_NUMBER:
        return decimal_text(out, csv_number_of(half));
    case C_SIDE:
        return put_short(out, words[csv_side_of(r->line, half)], 5);
    case C_MOVE:
        return put_move(out, n->text, delim);
    case C_CANONICAL:
        return put_played(out, p, t->canonical, t->ncanonical);
    case C_FROM:
        return put_played(out, p, t->from, t->nfrom);
    case C_TO:
        return put_played(out, p, t->to, t->nto);
    case C_PATH:
        return put_played(out, p, t->path, t->npath);
    case C_CAPTURES:
        return p && p->move.ncaptured ? captures_text(out, p) : out;
    case C_NCAPTURED:
        return p ? decimal_text(out, p->move.ncaptured) : out;
    case C_PIECE:
        return p ? put_short(out, words[2 + p->king], 3u + p->king) : out;
    case C_PROMOTION:
        return p ? put_short(out, words[4 + !!p->move.promotes], 2u + !!p->move.promotes) : out;
    case C_PLY_STATUS:
        if (r->status == status_ok) return put_short(out, status_ok, 2);
        return put_looked_at(out, r->status, strlen(r->status), delim);
    case C_COMMENT_BEFORE:
    case C_COMMENT:
    case C_NAGS:
        return empty_notes(n, (enum col_id)step->op) ? out : NULL;
    case STEP_NOTES:
        return empty_notes_run(out, plan, step, n);
    case STEP_BODY:
        return body_cells(out, r, half, plan);
    case C_SETUP: /* nearly always none */
        return pdn_annotations_of(n)->setup ? NULL : out;
    case C_WRITTEN: /* digits, dots and inner blanks: quoted only around such a delimiter */
        if (delim == '.' || delim == ' ' || (delim >= '0' && delim <= '9')) return NULL;
        return out + csv_written_number(out, r);
    case C_FEN:
        return NULL;
    default: /* a games column: empty */
        return out;
    }
}

/* The cells of a step that csv_put_move_cell writes, at the end of the row
 * being built in w->out (o->len), delimiters between them, and room for
 * 'most' bytes after them: 0, or a PDN_E* code. */
static int cells_through(pdn_csv_writer *w, const struct row_step *step, const struct ply_row *r,
                         size_t most)
{
    struct csv_out *o = &w->out;
    size_t more = w->spans[step->col].cols;
    for (size_t k = step->col; k <= step->col + more; k++) {
        if (k > step->col) o->buf[o->len++] = o->delim;
        o->first = true; /* the delimiter comes after, as after every cell */
        int rc = csv_put_move_cell(w, &w->cols[k], r);
        if (rc < 0) return rc;
        if (!csv_out_room(o, most)) return PDN_ENOMEM; /* for the cells after it */
    }
    return 0;
}

/*
 * A move's row, as write_move_row_slow writes it, built in place in the
 * row buffer: the game's cells copied, each followed by the delimiter
 * (the last one then made the line end), the common ones written without
 * a call to csv.c each, words without a look; the rest by csv_put_move_cell.
 * Only when words need no look (csv_out_words): never in excel mode.
 */
static int write_move_row_fast(pdn_csv_writer *w, const struct ply_row *r)
{
    struct csv_out *o = &w->out;
    struct ply_texts t;
    if (r->played && w->row_texts) ply_texts(&t, r->played);
    uint64_t half = csv_half_of(r->line, r->ply);
    size_t most = w->row_most;
    if (!csv_out_room(o, most)) return PDN_ENOMEM;
    const struct row_plan plan = plan_of(w);
    const struct row_step *step = w->steps, *last = step + w->nsteps;
    char *out = o->buf + o->len;
    for (; step < last; step++) {
        char *end = cell_in_place(out, &plan, step, r, &t, half);
        if (!end) {
            o->len = (size_t)(out - o->buf);
            int rc = cells_through(w, step, r, most);
            if (rc < 0) return rc;
            end = o->buf + o->len;
        }
        out = end;
        *out++ = plan.delim;
    }
    o->len = (size_t)(out - o->buf) - (w->nsteps > 0);
    o->first = false;
    csv_out_end(o);
    return 0;
}

/* The row of write_default_row for a move without comments or NAGs whose
 * status is ok, at the end of o, which has room for it: false, and
 * nothing written, when the move as written must be looked at
 * (csv_out_field). What it reads of the writer comes in plan. */
static inline __attribute__((always_inline)) bool
put_default_row(struct csv_out *o, const struct row_plan *plan, const struct ply_row *r)
{
    char delim = plan->delim;
    char *out = put_run(o->buf + o->len, plan->shared, &plan->spans[0]);
    *out++ = delim;
    out = body_cells(out, r, csv_half_of(r->line, r->ply), plan);
    if (!out) return false;
    memset(out, delim, 4); /* after the body and the comments and NAGs, empty */
    memcpy(out + 4, o->crlf ? "ok\r\n" : "ok\n", 4);
    o->len = (size_t)(out + 7 + o->crlf - o->buf);
    csv_out_row_done(o);
    return true;
}

/*
 * A move's row in the default layout (the game's cells, the body, the
 * comments and NAGs, the status: what pdn2csv --moves writes unless
 * asked for more), built straight, without the steps' loop, when the
 * move has no comments or NAGs and its status is ok; else as
 * write_move_row_fast builds it (test_csv compares both with the cells'
 * own).
 */
static int write_default_row(pdn_csv_writer *w, const struct ply_row *r)
{
    if (r->status != status_ok || has_notes(r->node)) return write_move_row_fast(w, r);
    if (!csv_out_room(&w->out, w->row_most)) return PDN_ENOMEM;
    const struct row_plan plan = plan_of(w);
    return put_default_row(&w->out, &plan, r) ? 0 : write_move_row_fast(w, r);
}

/*
 * write_line's rows of the default layout from moves[i] on while each is
 * the next ply of the record, the replay played it, and its row is
 * put_default_row's (no setup, comments, NAGs or variations, nothing to
 * look at in the text): nearly every row of a game. A loop of its own, as
 * the replay's plain_run, without the tests only the other rows need
 * (setups, placeholders, stops, the steps), what it reads of the writer
 * in locals. Their number, from ply on (*ply moves past them), or
 * PDN_ENOMEM.
 */
static long default_run(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line,
                        uint32_t i, uint32_t *ply)
{
    const struct row_plan plan = plan_of(w);
    const struct pdn_node *const *nodes = w->record.nodes;
    const struct ply *plies = w->plies;
    const size_t nplies = w->record.n, most = w->row_most;
    const uint32_t first = i, nmoves = line->nmoves;
    size_t k = w->next_ply;
    struct ply_row r = {l, NULL, *ply, NULL, status_ok, NULL, false};
    for (; i < nmoves && k < nplies; i++, k++, r.ply++) {
        const struct pdn_node *n = &line->moves[i];
        /* A move with annotations, even an empty set, takes the slow path:
         * the reader gives a move none unless it has some. */
        if (nodes[k] != n || n->annotations) break;
        if (!csv_out_room(&w->out, most)) return PDN_ENOMEM;
        r.node = n;
        r.played = &plies[k];
        if (!put_default_row(&w->out, &plan, &r)) break;
    }
    w->next_ply = k;
    *ply = r.ply;
    return (long)(i - first);
}

/* A move's row, cell by cell: every text looked at. */
static int write_move_row_slow(pdn_csv_writer *w, const struct ply_row *r)
{
    for (size_t k = 0; k < w->ncols; k++) {
        int rc = csv_put_move_cell(w, &w->cols[k], r);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 0;
}

static long write_line(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line);

/* The variations of a node, after its own row. */
static long write_variations(pdn_csv_writer *w, const struct line_ctx *l,
                             const struct pdn_node *node, uint32_t ply)
{
    long rows = 0;
    const struct pdn_annotations *a = pdn_annotations_of(node);
    for (uint32_t v = 0; v < a->nvariations; v++) {
        struct line_ctx sub = *l;
        size_t room = CSV_LINE_ID_MAX - l->idlen;
        int n = snprintf(l->id + l->idlen, room, ".%u", (unsigned)v + 1);
        if (n < 0 || (size_t)n >= room) { /* deeper than games nest */
            l->id[l->idlen] = '\0';
            return PDN_EINVAL;
        }
        sub.idlen = l->idlen + (size_t)n;
        sub.parent = ply;
        sub.first_ply = ply;
        sub.moves = &a->variations[v];
        long got = write_line(w, &sub, &a->variations[v]);
        l->id[l->idlen] = '\0'; /* its own name again */
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
    struct ply_row r = {l, NULL, 0, NULL, status, line, false};
    for (size_t k = 0; k < w->ncols; k++) {
        int rc = csv_put_move_cell(w, &w->cols[k], &r);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 1;
}

/* The rows that end a line after its moves (ply: the next one's): its
 * last move's when that is dots, which the loop passed (csv_placeholder)
 * but no row after them would hold; the one for the comments after its
 * last move's variations, and for a setup that ends it when the setup
 * column is asked for (status comment); a variation's without moves
 * (status no-moves). Their number, or a negative PDN_E* code. Out of
 * write_line's loop, which every ply goes through. last_passed: the loop
 * passed the last move as a placeholder. */
static long write_line_end(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line,
                           uint32_t ply, bool last_passed)
{
    long rows = 0;
    if (last_passed) {
        struct ply_row r = {l,    &line->moves[line->nmoves - 1], ply, NULL, "not-played", NULL,
                            false};
        int rc = write_move_row_slow(w, &r);
        if (rc < 0) return rc;
        rows++;
    }
    bool ending = line->ntrailing > 0 || (line->trailing_setup && (w->ids >> C_SETUP & 1));
    /* A variation without moves ("()", which the writer writes) has a row
     * all the same, so that csv2pdn opens it. */
    bool empty = line->nmoves == 0 && l->parent;
    if (!ending && !empty) return rows;
    long n = write_end_row(w, l, line, ending ? "comment" : "no-moves");
    return n < 0 ? n : rows + n;
}

/* The count of l at ply, turned by the setup of move i (csv_setup_turn): its
 * start moves, so the plies after it, and their variations, count on from
 * there. Unsigned: start_half may wrap below 0, the halves never do. */
static int turn_at_setup(struct line_ctx *l, uint32_t ply, const struct pdn_line *line, uint32_t i)
{
    if (!pdn_annotations_of(&line->moves[i])->setup) return 0;
    uint64_t before = csv_half_of(l, ply), half = before;
    int rc = csv_setup_turn(&half, l->g, line, i);
    l->start_half += half - before;
    return rc;
}

static long write_line(pdn_csv_writer *w, const struct line_ctx *line_at,
                       const struct pdn_line *line)
{
    long rows = 0;
    const char *status = status_ok;
    struct line_ctx count = *line_at, *l = &count; /* its start turns at setups */
    uint32_t ply = l->first_ply;
    bool passed = false; /* the node before was passed as a placeholder */
    bool runs = !w->slow && w->out.words && w->row_default;
    for (uint32_t i = 0; i < line->nmoves; i++) {
        if (runs && !passed && status == status_ok) {
            long run = default_run(w, l, line, i, &ply);
            if (run < 0) return run;
            rows += run;
            if ((i += (uint32_t)run) == line->nmoves) break;
        }
        const struct pdn_node *node = &line->moves[i];
        int turned = turn_at_setup(l, ply, line, i);
        if (turned < 0) return turned;
        if (csv_passes(node, csv_half_of(l, ply), passed)) {
            passed = true;
            continue;
        }
        struct ply_row r = {l, node, ply++, csv_next_ply(w, node), status, NULL, passed};
        passed = false;
        const struct stop *s = csv_find_stop(w, node);
        if (s && !r.played) r.status = pdn_diag_name(s->code);
        if (!r.played && strcmp(r.status, "ok") == 0) r.status = "not-played";
        int rc = w->slow || !w->out.words ? write_move_row_slow(w, &r)
                 : w->row_default         ? write_default_row(w, &r)
                                          : write_move_row_fast(w, &r);
        if (rc < 0) return rc;
        rows++;
        if (!r.played) status = "not-played";
        if (w->o.variations) {
            long n = write_variations(w, l, node, r.ply);
            if (n < 0) return n;
            rows += n;
        }
    }
    long n = write_line_end(w, l, line, ply, passed);
    return n < 0 ? n : rows + n;
}

long csv_write_move_rows(pdn_csv_writer *w, const struct game_ctx *g)
{
    bool black_first = game_black_opens(g->game);
    /* Not = "1", which zeroes all its 2,829 bytes for each game: what
     * follows the name is never read. */
    char ids[CSV_LINE_ID_MAX];
    memcpy(ids, "1", 2);
    _Static_assert(PDN_LIMIT_DEPTH <= 256, "a line's name fits CSV_LINE_ID_MAX");
    struct line_ctx main = {.g = g,
                            .id = ids,
                            .idlen = 1,
                            .moves = &g->game->main,
                            .first_ply = 1,
                            .start_half = csv_start_half(g),
                            .black_opens = black_first};
    if (!w->slow && w->out.words) {
        int rc = share_game_cells(w, g);
        if (rc < 0) return rc;
    }
    w->next_ply = 0; /* after the game's cells, whose moves cell walks the plies too */
    w->plain_nodes = g->game->internal != NULL;
    long rows = write_line(w, &main, &g->game->main);
    if (rows != 0) return rows;
    /* A game without moves still has its row: no game is lost. */
    return write_end_row(w, &main, &g->game->main, "no-moves");
}
