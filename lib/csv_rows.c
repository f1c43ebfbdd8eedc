/*
 * csv_rows: pdn_csv_writer, and how one game becomes rows: one quiet
 * replay learns every ply (its move, its shortest text, the position after
 * it) and the first error; the writer, handed the shortest texts, gives the
 * canonical move text; the games mode's row is written here, the moves
 * mode's rows in csv_moves.c, the columns resolved in csv_columns.c. Cells
 * go out through csv.c. The replay's findings go to the caller's on_diag
 * too: pdn2csv shows what pdncheck shows, not only the status cells.
 *
 * Memory: the buffers of one game are kept and reused for the next, so a
 * run holds what its largest game needs, whatever the input's size. Must
 * not print: findings become cells, and the caller's.
 */
#include "csv_impl.h"
#include "fen.h"
#include "options.h"
#include "vec.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void pdn_csv_writer_free(pdn_csv_writer *w)
{
    if (!w) return;
    csv_columns_free(w);
    free(w->plies);
    free(w->slots);
    free(w->stops);
    csv_out_free(&w->out);
    if (w->memfp) fclose(w->memfp);
    free(w->mem);
    free(w->cell);
    free(w);
}

static bool bad_options(const struct pdn_csv_write_options *o)
{
    if (!options_ok(o->version, PDN_CSV_WRITE_OPTIONS_VERSION)) return true;
    if ((unsigned)o->mode > PDN_CSV_MOVES) return true;
    char d = o->delimiter;
    return d == '"' || d == '\r' || d == '\n';
}

int pdn_csv_writer_open(pdn_csv_writer **out, FILE *fp, const struct pdn_csv_write_options *o,
                        size_t *bad_column)
{
    static const struct pdn_csv_write_options defaults = PDN_CSV_WRITE_OPTIONS_INIT;
    if (!out) return PDN_EINVAL;
    *out = NULL;
    if (!o) o = &defaults;
    if (!fp || bad_options(o)) return PDN_EINVAL;
    pdn_csv_writer *w = calloc(1, sizeof *w);
    if (!w) return PDN_ENOMEM;
    w->o = *o;
    w->o.columns = NULL; /* borrowed: read now only */
    w->out = (struct csv_out){.fp = fp,
                              .delim = o->delimiter ? o->delimiter : ',',
                              .crlf = o->crlf,
                              .excel = o->excel_text,
                              .first = true};
    w->memfp = open_memstream(&w->mem, &w->memsize);
    int rc = w->memfp ? 0 : PDN_ENOMEM;
    if (rc == 0) rc = csv_columns_open(w, o->columns, bad_column);
    if (rc < 0) {
        pdn_csv_writer_free(w);
        return rc;
    }
    *out = w;
    return 0;
}

/* Hands the rows to the stream: 0, PDN_ENOMEM or PDN_EIO. */
static int stream_status(pdn_csv_writer *w)
{
    bool ok = csv_out_flush(&w->out);
    if (w->nomem || w->out.nomem) return PDN_ENOMEM;
    return ok ? 0 : PDN_EIO;
}

int pdn_csv_writer_write_header(pdn_csv_writer *w)
{
    if (!w) return PDN_EINVAL;
    if (w->o.bom) csv_out_raw(&w->out, "\xEF\xBB\xBF", 3);
    for (size_t i = 0; i < w->ncols; i++) {
        const char *name = csv_col_name(w, &w->cols[i]);
        csv_out_field(&w->out, name, strlen(name), CSV_KIND_TEXT);
    }
    csv_out_end(&w->out);
    return stream_status(w);
}

/* ---- findings ---- */

static void keep_error(struct first_error *e, const struct pdn_diag *d)
{
    e->game = d->game ? d->game : 1;
    e->code = d->code;
    e->line = d->line;
    e->col = d->col;
    snprintf(e->move, sizeof e->move, "%s", d->move_number ? d->move_number : "");
    pdn_diag_message(e->message, sizeof e->message, d);
}

void pdn_csv_writer_on_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_writer *w = ctx;
    if (!w || !d || d->game == 0 || pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    struct first_error *slot = &w->reader[d->game % READER_ERRORS];
    if (slot->game == d->game) return; /* not the first */
    keep_error(slot, d);
}

static void replay_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_writer *w = ctx;
    if (w->o.on_diag) w->o.on_diag(d, w->o.diag_ctx);
    if (d->code == PDN_DIAG_BAD_FEN || d->code == PDN_DIAG_UNSUPPORTED_GAMETYPE)
        w->no_position = true;
    if (pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    if (w->first.game == 0) keep_error(&w->first, d);
    if (!d->node) return;
    if (!vec_reserve((void **)&w->stops, &w->capstops, w->nstops, sizeof *w->stops)) {
        w->nomem = true;
        return;
    }
    w->stops[w->nstops++] = (struct stop){d->node, d->code};
}

/* A capture whose text needs no look at the other legal moves: under the
 * maximum capture rule, when it takes one piece, every legal capture does,
 * each a straight jump, the only one between its two squares. */
static bool plainly_unique(const struct pdn_move *move, const struct pdn_board *before)
{
    const struct pdn_rules *rules = pdn_rules_get((enum pdn_variant)before->variant);
    return move->ncaptured == 1 && rules && rules->maximum_capture;
}

static void replay_ply(const struct pdn_board *before, const struct pdn_board *after,
                       const struct pdn_move *move, const struct pdn_node *node, int depth,
                       void *ctx)
{
    pdn_csv_writer *w = ctx;
    (void)depth;
    if (!vec_reserve((void **)&w->plies, &w->capplies, w->nplies, sizeof *w->plies)) {
        w->nomem = true;
        return;
    }
    struct ply *p = &w->plies[w->nplies++];
    p->node = node;
    p->move = *move;
    p->variant = before->variant;
    if (w->o.mode == PDN_CSV_MOVES) { /* the cells of the moves rows */
        p->after = *after;
        enum pdn_piece piece = pdn_board_get(before, move->from);
        p->king = piece == PDN_PIECE_WHITE_KING || piece == PDN_PIECE_BLACK_KING;
    }
    p->full = false;
    /* Only captures can be ambiguous: another legal capture between the
     * same two squares that takes other pieces. The text is made when a
     * cell needs it (csv_ply_text), from the move and this. */
    if (move->ncaptured == 0 || plainly_unique(move, before)) return;
    pdn_movegen(&w->legal, before, 0);
    for (int i = 0; i < w->legal.count && i < PDN_MOVES_MAX && !p->full; i++) {
        const struct pdn_move *m = &w->legal.moves[i];
        p->full = m->from == move->from && m->to == move->to && m->captured != move->captured;
    }
}

size_t csv_ply_text(char out[PDN_MOVE_TEXT_MAX], const struct ply *p)
{
    /* The variant's squares ("c3-d4"), as pdn_format_game writes them. */
    enum pdn_variant v = (enum pdn_variant)p->variant;
    return p->full ? pdn_move_path_text(out, &p->move, v)
                   : pdn_move_text(out, &p->move, NULL, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, v);
}

/* Where a node's ply is looked for first in slots (mask: capslots - 1). */
static size_t node_slot(const struct pdn_node *node, size_t mask)
{
    uint64_t x = (uint64_t)(uintptr_t)node;
    x ^= x >> 29;
    x *= UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(x >> 32) & mask;
}

/* The plies by node, built once a game is replayed: the writer asks for a
 * node's text several times, in its own order, which is not the replay's
 * once there are variations. */
static bool index_plies(pdn_csv_writer *w)
{
    size_t want = 64;
    while (want < 2 * w->nplies)
        want *= 2;
    if (want > w->capslots) {
        uint32_t *s = realloc(w->slots, want * sizeof *s);
        if (!s) return false;
        w->slots = s;
        w->capslots = want;
    }
    memset(w->slots, 0, w->capslots * sizeof *w->slots);
    size_t mask = w->capslots - 1;
    for (size_t i = 0; i < w->nplies && i < UINT32_MAX; i++) {
        size_t k = node_slot(w->plies[i].node, mask);
        while (w->slots[k])
            k = (k + 1) & mask;
        w->slots[k] = (uint32_t)i + 1;
    }
    return true;
}

static int stop_by_node(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct stop *)a)->node;
    uintptr_t y = (uintptr_t)((const struct stop *)b)->node;
    return (x > y) - (x < y);
}

const struct ply *csv_find_ply(pdn_csv_writer *w, const struct pdn_node *node)
{
    if (w->nplies == 0) return NULL;
    if (w->plies[w->last].node == node) return &w->plies[w->last];
    if (w->last + 1 < w->nplies && w->plies[w->last + 1].node == node) return &w->plies[++w->last];
    if (!w->indexed) { /* made when first needed: the main line never needs it */
        if (!index_plies(w)) {
            w->nomem = true;
            return NULL;
        }
        w->indexed = true;
    }
    size_t mask = w->capslots - 1;
    for (size_t k = node_slot(node, mask); w->slots[k]; k = (k + 1) & mask)
        if (w->plies[w->slots[k] - 1].node == node) {
            w->last = w->slots[k] - 1;
            return &w->plies[w->last];
        }
    return NULL;
}

const struct stop *csv_find_stop(const pdn_csv_writer *w, const struct pdn_node *node)
{
    struct stop key = {.node = node};
    if (w->nstops == 0) return NULL;
    return bsearch(&key, w->stops, w->nstops, sizeof key, stop_by_node);
}

static int replay(pdn_csv_writer *w, const pdn_game *game, const char *file,
                  struct pdn_replay_summary *sum)
{
    w->nplies = w->nstops = 0;
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
    int rc = pdn_replay_game(sum, game, &ro);
    if (rc < 0) return rc;
    if (w->nomem) return PDN_ENOMEM;
    w->last = 0;
    w->indexed = false;
    if (w->nstops > 1) qsort(w->stops, w->nstops, sizeof *w->stops, stop_by_node);
    return 0;
}

/* The game's first error: the reader's or the replay's, whichever comes
 * first in the input; NULL for none. */
static const struct first_error *game_error(const pdn_csv_writer *w, const pdn_game *game)
{
    const struct first_error *r = &w->reader[game->index % READER_ERRORS];
    const struct first_error *p = &w->first;
    bool has_r = r->game == game->index, has_p = p->game != 0;
    if (!has_r) return has_p ? p : NULL;
    if (!has_p) return r;
    bool reader_first = r->line < p->line || (r->line == p->line && r->col <= p->col);
    return reader_first ? r : p;
}

/* ---- cell text ---- */

void csv_cell_reset(pdn_csv_writer *w)
{
    w->ncell = 0;
}

/* Room for n more bytes and a NUL in the cell buffer. */
static bool cell_room(pdn_csv_writer *w, size_t n)
{
    if (w->ncell + n + 1 > w->capcell) {
        size_t want = w->capcell ? w->capcell : 256;
        while (want < w->ncell + n + 1)
            want *= 2;
        char *p = realloc(w->cell, want);
        if (!p) {
            w->nomem = true;
            return false;
        }
        w->cell = p;
        w->capcell = want;
    }
    return true;
}

void csv_cell_add(pdn_csv_writer *w, const char *s, size_t n)
{
    if (!cell_room(w, n)) return;
    memcpy(w->cell + w->ncell, s, n);
    w->ncell += n;
    w->cell[w->ncell] = '\0';
}

void csv_cell_adds(pdn_csv_writer *w, const char *s)
{
    csv_cell_add(w, s, strlen(s));
}

void csv_put(pdn_csv_writer *w, const struct col *c, const char *s)
{
    csv_out_field(&w->out, s ? s : "", s ? strlen(s) : 0, c->kind);
}

void csv_put_cell(pdn_csv_writer *w, const struct col *c)
{
    csv_out_field(&w->out, w->cell ? w->cell : "", w->ncell, c->kind);
}

void csv_put_number(pdn_csv_writer *w, const struct col *c, unsigned long long v)
{
    char buf[24], *p = buf + sizeof buf;
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    csv_out_field(&w->out, p, (size_t)(buf + sizeof buf - p), c->kind);
}

/* Text as it is, in a date column: protected for spreadsheets as text is
 * ("12-08-2021" would become the 8th of December). */
static void put_not_iso(pdn_csv_writer *w, const struct col *c, const char *v)
{
    struct col text = *c;
    text.kind = CSV_KIND_TEXT;
    csv_put(w, &text, v);
}

/* YYYY.MM.DD as YYYY-MM-DD, unknown parts ('?') empty; other text as it is. */
static void put_date(pdn_csv_writer *w, const struct col *c, const char *v)
{
    if (!w->o.iso_dates || !v || strlen(v) != 10 || v[4] != '.' || v[7] != '.') {
        put_not_iso(w, c, v);
        return;
    }
    static const int starts[] = {0, 5, 8}, lens[] = {4, 2, 2};
    char buf[16];
    size_t k = 0;
    for (int part = 0; part < 3; part++) {
        const char *p = v + starts[part];
        bool unknown = strspn(p, "?") >= (size_t)lens[part];
        bool digits = strspn(p, "0123456789") >= (size_t)lens[part];
        if (!unknown && !digits) {
            put_not_iso(w, c, v);
            return;
        }
        if (part) buf[k++] = '-';
        if (digits) memcpy(buf + k, p, (size_t)lens[part]), k += (size_t)lens[part];
    }
    buf[k] = '\0';
    csv_put(w, c, k == 2 ? "" : buf);
}

/* Every tag the writer writes as a tag, in source order: [Name "value"]. */
static void put_tags(pdn_csv_writer *w, const struct col *c, const pdn_game *game)
{
    csv_cell_reset(w);
    for (uint32_t i = 0; i < game->ntags; i++) {
        const struct pdn_tag *t = &game->tags[i];
        /* The writer makes such a tag a comment of the movetext; the moves
         * rows have no movetext, so it stays a tag (csv2pdn reads it so). */
        if (w->o.mode == PDN_CSV_GAMES && !csv_tag_name(t->name, strlen(t->name))) continue;
        if (w->ncell) csv_cell_add(w, "\n", 1);
        csv_cell_adds(w, "[");
        csv_cell_adds(w, t->name);
        csv_cell_adds(w, " \"");
        for (const char *p = t->value; *p; p++) {
            if (*p == '"' || *p == '\\') csv_cell_add(w, "\\", 1);
            csv_cell_add(w, p, 1);
        }
        csv_cell_adds(w, "\"]");
    }
    csv_put_cell(w, c);
}

/* ---- canonical move text through the writer ---- */

/* The writer uses a text before it asks for another, but for the two
 * moves of reads_as_hop: two buffers in turn. */
static const char *placed_text(const struct pdn_node *node, void *ctx)
{
    pdn_csv_writer *w = ctx;
    const struct ply *p = csv_find_ply(w, node);
    if (!p) return NULL;
    char *out = w->texts[w->ntext];
    w->ntext ^= 1;
    csv_ply_text(out, p);
    return out;
}

/* Writes v in decimal at out; returns the end. */
static char *put_decimal(char *out, uint32_t v)
{
    static const char two[] = "00010203040506070809101112131415161718192021222324"
                              "25262728293031323334353637383940414243444546474849"
                              "50515253545556575859606162636465666768697071727374"
                              "75767778798081828384858687888990919293949596979899";
    if (v < 100) { /* squares, and most move numbers */
        if (v >= 10) *out++ = two[2 * v];
        *out++ = two[2 * v + 1];
        return out;
    }
    char rev[12];
    int k = 0;
    do
        rev[k++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    while (k > 0)
        *out++ = rev[--k];
    return out;
}

/* One ply of main_line: " ", "N. " or "N... " when due, the text. */
static void cell_ply(pdn_csv_writer *w, bool space, bool numbered, uint32_t number, bool black,
                     const struct ply *p)
{
    if (!cell_room(w, PDN_MOVE_TEXT_MAX + 16)) return;
    char *out = w->cell + w->ncell, *start = out;
    if (space) *out++ = ' ';
    if (numbered) {
        out = put_decimal(out, number);
        memcpy(out, black ? "... " : ". ", black ? 4 : 2);
        out += black ? 4 : 2;
    }
    if (p->full || pdn_rules_get((enum pdn_variant)p->variant)->algebraic) {
        out += csv_ply_text(out, p); /* rare: the library writes it */
    } else {                         /* pdn_move_to_text's "from-to" or "fromxto", by hand */
        out = put_decimal(out, p->move.from);
        *out++ = p->move.ncaptured ? 'x' : '-';
        out = put_decimal(out, p->move.to);
    }
    *out = '\0';
    w->ncell += (size_t)(out - start);
}

/* The writer's first move number and side: White and 1, unless the FEN tag
 * says Black or gives a number (":F<n>", lidraughts). */
static void writer_start(const pdn_game *game, uint32_t *number, bool *black)
{
    const char *fen = pdn_game_tag(game, "FEN");
    *number = 1;
    *black = false;
    if (!fen) return;
    struct fen_start st = fen_start(fen);
    *black = st.black;
    if (st.number) *number = st.number;
}

/*
 * The main line as pdn_write_game writes it with no comments, variations
 * or NAGs and no result, in the cell buffer, without the writer: it was a
 * quarter of pdn2csv's time, for text this simple. Only for the common game,
 * every main-line move played and no setup in it; false for any other (the
 * writer then writes it). The numbering is the writer's: "N." before White,
 * "N..." before Black at the start, after a number the count does not give,
 * and before a capture starting where the move before it ended (it would
 * read as its next hop). test_csv compares the two on every test file.
 */
static bool main_line(pdn_csv_writer *w, const pdn_game *game)
{
    const struct pdn_line *line = &game->main;
    if (line->trailing_setup) return false;
    uint32_t number;
    bool black, alone = true;
    writer_start(game, &number, &black);
    csv_cell_reset(w);
    const struct ply *prev = NULL;
    size_t k = 0; /* the replay played the main line first, in order */
    for (uint32_t i = 0; i < line->nmoves; i++, k++) {
        const struct pdn_node *node = &line->moves[i];
        const struct ply *p = k < w->nplies && w->plies[k].node == node ? &w->plies[k] : NULL;
        if (!p) p = csv_find_ply(w, node);
        if (!p || node->setup) return false;
        k = (size_t)(p - w->plies);
        if (node->number) {
            alone |= node->number != number || node->number_black != black;
            number = node->number;
            black = node->number_black;
        }
        if (prev && p->move.ncaptured > 0 && p->move.from == prev->move.to) alone = true;
        cell_ply(w, i > 0, !black || alone, number, black, p);
        alone = false;
        if (black && number < UINT32_MAX) number++;
        black = !black;
        prev = p;
    }
    return !w->nomem;
}

/*
 * The movetext pdn_write_game writes for the game on one line (comments may
 * hold line ends), in the cell buffer; without the result after it when
 * main_only; with --lossless, the result as the file wrote it (1/2-1/2,
 * 0-1, or none), not the writer's 1-1, 0-2 or '*': csv2pdn gives the game
 * back as it was.
 */
static int movetext(pdn_csv_writer *w, const pdn_game *game, bool main_only)
{
    if (main_only && main_line(w, game)) return 0;
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.width = INT_MAX / 2;
    wo.no_comments = wo.no_variations = wo.no_nags = wo.seven_tag_roster = main_only;
    wo.move_text = placed_text;
    wo.move_ctx = w;
    wo.movetext_only = true;
    rewind(w->memfp);
    int rc = pdn_write_game(w->memfp, game, &wo);
    if (rc < 0) return rc;
    long end = ftell(w->memfp);
    if (fflush(w->memfp) != 0 || end < 0) return PDN_ENOMEM;
    const char *body = w->mem, *stop = w->mem + end;
    while (stop > body && (stop[-1] == '\n' || stop[-1] == ' '))
        stop--;
    const char *result = NULL; /* what replaces the writer's result */
    if (main_only || w->o.lossless) {
        const char *token = stop; /* the result, last: after a blank, or the line
                                     end of a ';' comment */
        while (token > body && token[-1] != ' ' && token[-1] != '\n')
            token--;
        result = main_only ? NULL : game->result_text;
        stop = token;
        while (!result && stop > body && (stop[-1] == ' ' || stop[-1] == '\n'))
            stop--;
    }
    csv_cell_reset(w);
    csv_cell_add(w, body, (size_t)(stop - body));
    if (result) csv_cell_adds(w, result);
    return 0;
}

/* ---- games ---- */

static const char *implied_result(const struct pdn_replay_summary *sum)
{
    if (!sum->complete || !sum->final.side_known) return NULL;
    if (pdn_movegen_count(&sum->final, 0) > 0) return NULL;
    return pdn_result_text(sum->final.side == PDN_COLOR_WHITE ? PDN_RESULT_BLACK_WIN
                                                              : PDN_RESULT_WHITE_WIN);
}

static void put_error_cell(pdn_csv_writer *w, const struct col *c, const struct first_error *e)
{
    switch (c->id) {
    case C_STATUS:
        csv_put(w, c, e ? pdn_diag_name(e->code) : "ok");
        break;
    case C_MESSAGE:
        csv_put(w, c, e ? e->message : NULL);
        break;
    case C_ERROR_MOVE:
        csv_put(w, c, e ? e->move : NULL);
        break;
    default: /* C_ERROR_LINE */
        if (e && e->line)
            csv_put_number(w, c, e->line);
        else
            csv_put(w, c, NULL);
    }
}

int csv_put_game_cell(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g)
{
    char fen[PDN_FEN_MAX];
    int rc = 0;
    switch (c->id) {
    case C_TAG: {
        const char *v = w->tagvals[c - w->cols];
        if (w->o.iso_dates && strcmp(c->tag, "Date") == 0)
            put_date(w, c, v);
        else
            csv_put(w, c, v);
        break;
    }
    case C_FILE:
        csv_put(w, c, g->file ? g->file : "-");
        break;
    case C_GAME:
        csv_put_number(w, c, g->game->index);
        break;
    case C_PLIES:
        csv_put_number(w, c, g->game->main.nmoves);
        break;
    case C_MOVES:
    case C_MOVETEXT:
        rc = movetext(w, g->game, c->id == C_MOVES);
        if (rc == 0) csv_put_cell(w, c);
        break;
    case C_RECORDED:
        csv_put(w, c, g->game->result_text);
        break;
    case C_IMPLIED:
        csv_put(w, c, implied_result(g->sum));
        break;
    case C_FINAL_FEN:
        if (!w->no_position) pdn_board_to_fen(fen, &g->sum->final);
        csv_put(w, c, w->no_position ? NULL : fen);
        break;
    case C_TAGS:
        put_tags(w, c, g->game);
        break;
    case C_RESULT:
    case C_WHITE_POINTS:
    case C_BLACK_POINTS:
        csv_put_result_cell(w, c, g->game);
        break;
    case C_STATUS:
    case C_MESSAGE:
    case C_ERROR_MOVE:
    case C_ERROR_LINE:
        put_error_cell(w, c, g->err);
        break;
    default:
        csv_put(w, c, NULL);
    }
    return rc;
}

static long write_game_row(pdn_csv_writer *w, const struct game_ctx *g)
{
    for (size_t i = 0; i < w->ncols; i++) {
        int rc = csv_put_game_cell(w, &w->cols[i], g);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 1;
}

unsigned long pdn_csv_writer_errors(const pdn_csv_writer *w)
{
    return w ? w->errors : 0;
}

long pdn_csv_writer_write_game(pdn_csv_writer *w, const pdn_game *game, const char *file)
{
    if (!w || !game) return PDN_EINVAL;
    struct pdn_replay_summary sum;
    int rc = replay(w, game, file, &sum);
    if (rc < 0) return rc;
    csv_columns_game(w, game);
    struct game_ctx g = {game, file, &sum, game_error(w, game)};
    if (g.err) w->errors++;
    long rows = w->o.mode == PDN_CSV_MOVES ? csv_write_move_rows(w, &g) : write_game_row(w, &g);
    w->reader[game->index % READER_ERRORS].game = 0; /* used */
    if (rows < 0) return rows;
    rc = stream_status(w);
    return rc < 0 ? rc : rows;
}
