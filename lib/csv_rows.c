/*
 * csv_rows: the row model of pdn_csv_write_game. Which columns each mode
 * offers, how a column list is resolved, and how one game becomes rows:
 * one quiet replay learns every ply (its move, its shortest text, the
 * position after it) and the first error; the writer, handed the shortest
 * texts, gives the canonical move text. Cells go out through csv.c.
 *
 * Memory: the buffers of one game are kept and reused for the next, so a
 * run holds what its largest game needs, whatever the input's size. Must
 * not print: findings become cells.
 */
#include "csv_impl.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum col_id {
    C_TAG, /* a tag's value */
    C_FILE,
    C_GAME,
    C_PLIES,
    C_MOVES,
    C_RECORDED,
    C_IMPLIED,
    C_FINAL_FEN,
    C_STATUS,
    C_MESSAGE,
    C_ERROR_MOVE,
    C_ERROR_LINE,
    C_TAGS,
    C_MOVETEXT,
    /* moves */
    C_LINE,
    C_PARENT,
    C_PLY,
    C_NUMBER,
    C_SIDE,
    C_MOVE,
    C_CANONICAL,
    C_FROM,
    C_TO,
    C_PATH,
    C_CAPTURES,
    C_NCAPTURED,
    C_PIECE,
    C_PROMOTION,
    C_COMMENT_BEFORE,
    C_COMMENT,
    C_NAGS,
    C_FEN,
    C_PLY_STATUS
};

struct col_def {
    struct pdn_csv_column pub;
    enum col_id id;
    enum csv_kind kind;
};

static const struct col_def game_cols[] = {
    {{"file", "the input file (- for standard input)"}, C_FILE, CSV_KIND_TEXT},
    {{"game", "the game's index in its file, from 1"}, C_GAME, CSV_KIND_NUMBER},
    {{"plies", "plies written in the main line"}, C_PLIES, CSV_KIND_NUMBER},
    {{"moves", "the main line in canonical PDN, move numbers included"}, C_MOVES, CSV_KIND_MOVES},
    {{"recorded_result", "the result written after the moves"}, C_RECORDED, CSV_KIND_MOVES},
    {{"implied_result", "the result the final position implies, if any"},
     C_IMPLIED,
     CSV_KIND_MOVES},
    {{"final_fen", "the position after the last legal main-line ply"}, C_FINAL_FEN, CSV_KIND_TEXT},
    {{"status", "ok, or the name of the game's first error"}, C_STATUS, CSV_KIND_TEXT},
    {{"error_message", "the first error's message"}, C_MESSAGE, CSV_KIND_TEXT},
    {{"error_move", "the first error's move number (12. or 12...)"}, C_ERROR_MOVE, CSV_KIND_MOVES},
    {{"error_line", "the first error's line in the input"}, C_ERROR_LINE, CSV_KIND_NUMBER},
    {{"tags", "every tag pair, one a line, as PDN"}, C_TAGS, CSV_KIND_TEXT},
    {{"movetext", "the whole movetext in canonical PDN: comments, variations, NAGs"},
     C_MOVETEXT,
     CSV_KIND_MOVES},
};

static const struct col_def move_cols[] = {
    {{"file", "the input file (- for standard input)"}, C_FILE, CSV_KIND_TEXT},
    {{"game", "the game's index in its file, from 1"}, C_GAME, CSV_KIND_NUMBER},
    {{"line", "1 for the main line, 1.2 for its second variation, 1.2.1 ..."},
     C_LINE,
     CSV_KIND_TEXT},
    {{"parent", "the ply a variation replaces (empty on the main line)"},
     C_PARENT,
     CSV_KIND_NUMBER},
    {{"ply", "the ply from the start of the game, from 1"}, C_PLY, CSV_KIND_NUMBER},
    {{"number", "the move number"}, C_NUMBER, CSV_KIND_NUMBER},
    {{"side", "white or black"}, C_SIDE, CSV_KIND_TEXT},
    {{"move", "the move as written"}, C_MOVE, CSV_KIND_MOVES},
    {{"canonical", "the move in canonical notation (empty when not played)"},
     C_CANONICAL,
     CSV_KIND_MOVES},
    {{"from", "the square the piece leaves"}, C_FROM, CSV_KIND_NUMBER},
    {{"to", "the square the piece lands on"}, C_TO, CSV_KIND_NUMBER},
    {{"path", "every landing square: 28x19x10"}, C_PATH, CSV_KIND_MOVES},
    {{"captures", "the squares of the pieces taken, ascending, blank-separated"},
     C_CAPTURES,
     CSV_KIND_MOVES},
    {{"ncaptured", "the number of pieces taken"}, C_NCAPTURED, CSV_KIND_NUMBER},
    {{"piece", "man or king"}, C_PIECE, CSV_KIND_TEXT},
    {{"promotion", "yes when the man becomes a king"}, C_PROMOTION, CSV_KIND_TEXT},
    {{"comment_before", "the comments before the move, one a line"},
     C_COMMENT_BEFORE,
     CSV_KIND_TEXT},
    {{"comment", "the comments after the move, one a line"}, C_COMMENT, CSV_KIND_TEXT},
    {{"nags", "the move's strength (!, ?) and NAGs ($n), blank-separated"}, C_NAGS, CSV_KIND_TEXT},
    {{"fen", "the position after the ply"}, C_FEN, CSV_KIND_TEXT},
    {{"status", "ok, the name of an error at this move, or not-played after it"},
     C_PLY_STATUS,
     CSV_KIND_TEXT},
    {{"recorded_result", "the result written after the game's moves"}, C_RECORDED, CSV_KIND_MOVES},
    {{"tags", "every tag pair of the game, one a line, as PDN"}, C_TAGS, CSV_KIND_TEXT},
};

#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))

static const struct col_def *mode_cols(enum pdn_csv_mode mode, size_t *n)
{
    *n = mode == PDN_CSV_MOVES ? NCOLS(move_cols) : NCOLS(game_cols);
    return mode == PDN_CSV_MOVES ? move_cols : game_cols;
}

const struct pdn_csv_column *pdn_csv_column_get(enum pdn_csv_mode mode, size_t i)
{
    size_t n;
    const struct col_def *cols = mode_cols(mode, &n);
    if ((unsigned)mode > PDN_CSV_MOVES || i >= n) return NULL;
    return &cols[i].pub;
}

/* ---- the writer ---- */

struct col {
    enum col_id id;
    enum csv_kind kind;
    char *tag; /* C_TAG: the tag's name */
};

/* One ply the replay played. */
struct ply {
    const struct pdn_node *node;
    struct pdn_move move;
    struct pdn_board after;
    bool king; /* a king moved */
    char text[PDN_MOVE_TEXT_MAX];
};

/* A finding kept: the first error of a game. */
struct first_error {
    size_t game; /* 0: none */
    enum pdn_diag_code code;
    uint32_t line, col;
    char move[32];
    char message[512];
};

/* A move an error stopped a line at. */
struct stop {
    const struct pdn_node *node;
    enum pdn_diag_code code;
};

#define READER_ERRORS 4

struct pdn_csv_writer {
    struct pdn_csv_write_options o;
    struct csv_out out;
    struct col *cols;
    size_t ncols;
    /* one game's replay, reused */
    struct ply *plies;
    size_t nplies, capplies;
    uint32_t *slots; /* plies by node: open addressing, index + 1, 0 empty */
    size_t capslots;
    size_t last; /* the ply found last: the writer asks for a node several
                    times running, then for the next ply's */
    struct stop *stops;
    size_t nstops, capstops;
    struct first_error first; /* of the replay */
    bool no_position;         /* the start position could not be set up */
    bool nomem;
    struct pdn_movelist legal; /* scratch */
    /* the reader's first errors of the last games, by game index */
    struct first_error reader[READER_ERRORS];
    /* text made for cells, reused */
    char *mem;
    size_t memsize;
    FILE *memfp;
    char *cell;
    size_t ncell, capcell;
    unsigned long errors; /* games with an error status */
};

/* ---- resolving the column list ---- */

static bool tag_name(const char *s, size_t n)
{
    if (n == 0 || s[0] < 'A' || s[0] > 'Z') return false;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!ok && c != '_') return false;
    }
    return true;
}

static bool add_col(pdn_csv_writer *w, enum col_id id, enum csv_kind kind, const char *tag,
                    size_t n)
{
    for (size_t i = 0; i < w->ncols; i++) { /* a column once */
        const struct col *c = &w->cols[i];
        if (c->id == id && (id != C_TAG || (strlen(c->tag) == n && !memcmp(c->tag, tag, n))))
            return true;
    }
    struct col *cols = realloc(w->cols, (w->ncols + 1) * sizeof *cols);
    if (!cols) return false;
    w->cols = cols;
    struct col *c = &cols[w->ncols];
    *c = (struct col){id, kind, NULL};
    if (id == C_TAG) {
        c->tag = malloc(n + 1);
        if (!c->tag) return false;
        memcpy(c->tag, tag, n);
        c->tag[n] = '\0';
        if (strcmp(c->tag, "Result") == 0) c->kind = CSV_KIND_MOVES;
        if (strcmp(c->tag, "Date") == 0 && w->o.iso_dates) c->kind = CSV_KIND_DATE;
    }
    w->ncols++;
    return true;
}

/* A name: a column of the mode or a tag. 0, PDN_EINVAL or PDN_ENOMEM. */
static int add_named(pdn_csv_writer *w, const char *name, size_t n)
{
    size_t count;
    const struct col_def *cols = mode_cols(w->o.mode, &count);
    for (size_t i = 0; i < count; i++)
        if (strlen(cols[i].pub.name) == n && memcmp(cols[i].pub.name, name, n) == 0)
            return add_col(w, cols[i].id, cols[i].kind, NULL, 0) ? 0 : PDN_ENOMEM;
    if (!tag_name(name, n)) return PDN_EINVAL;
    return add_col(w, C_TAG, CSV_KIND_TEXT, name, n) ? 0 : PDN_ENOMEM;
}

static int add_list(pdn_csv_writer *w, const char *list, size_t *bad)
{
    const char *p = list;
    for (;;) {
        size_t n = strcspn(p, ",");
        int rc = add_named(w, p, n);
        if (rc == PDN_EINVAL && bad) *bad = (size_t)(p - list);
        if (rc < 0) return rc;
        if (p[n] == '\0') return 0;
        p += n + 1;
    }
}

static int add_names(pdn_csv_writer *w, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int rc = add_named(w, names[i], strlen(names[i]));
        if (rc < 0) return rc;
    }
    return 0;
}

static int default_games(pdn_csv_writer *w)
{
    static const char *const roster[] = {"file",  "game",  "Event", "Site",  "Date",
                                         "Round", "White", "Black", "Result"};
    static const char *const rest[] = {"GameType",       "plies",     "moves",  "recorded_result",
                                       "implied_result", "final_fen", "status", "error_message",
                                       "error_move",     "error_line"};
    static const char *const lossless[] = {"tags", "movetext"};
    int rc = add_names(w, roster, NCOLS(roster));
    if (rc == 0) rc = add_names(w, w->o.tags, w->o.ntags);
    if (rc == 0) rc = add_names(w, rest, NCOLS(rest));
    if (rc == 0 && w->o.lossless) rc = add_names(w, lossless, 2);
    if (rc == 0 && w->o.movetext) rc = add_names(w, lossless + 1, 1);
    return rc;
}

static int default_moves(pdn_csv_writer *w)
{
    static const char *const head[] = {"file", "game"};
    static const char *const lines[] = {"line", "parent"};
    static const char *const body[] = {
        "ply",      "number",    "side",  "move",      "canonical",      "from",    "to",  "path",
        "captures", "ncaptured", "piece", "promotion", "comment_before", "comment", "nags"};
    static const char *const fen[] = {"fen"};
    static const char *const tail[] = {"status"};
    static const char *const lossless[] = {"recorded_result", "tags"};
    int rc = add_names(w, head, 2);
    if (rc == 0) rc = add_names(w, w->o.tags, w->o.ntags);
    if (rc == 0 && w->o.variations) rc = add_names(w, lines, 2);
    if (rc == 0) rc = add_names(w, body, NCOLS(body));
    if (rc == 0 && w->o.fen) rc = add_names(w, fen, 1);
    if (rc == 0) rc = add_names(w, tail, 1);
    if (rc == 0 && w->o.lossless) rc = add_names(w, lossless, 2);
    return rc;
}

void pdn_csv_writer_free(pdn_csv_writer *w)
{
    if (!w) return;
    for (size_t i = 0; i < w->ncols; i++)
        free(w->cols[i].tag);
    free(w->cols);
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
    if (o->version == 0 || o->version > PDN_OPTIONS_VERSION) return true;
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
    if (rc == 0 && o->columns)
        rc = add_list(w, o->columns, bad_column);
    else if (rc == 0)
        rc = o->mode == PDN_CSV_MOVES ? default_moves(w) : default_games(w);
    if (rc < 0) {
        pdn_csv_writer_free(w);
        return rc;
    }
    *out = w;
    return 0;
}

static const char *col_name(const pdn_csv_writer *w, const struct col *c)
{
    if (c->id == C_TAG) return c->tag;
    size_t n;
    const struct col_def *cols = mode_cols(w->o.mode, &n);
    for (size_t i = 0; i < n; i++)
        if (cols[i].id == c->id) return cols[i].pub.name;
    return "";
}

/* Hands the rows to the stream: 0, PDN_ENOMEM or PDN_EIO. */
static int stream_status(pdn_csv_writer *w)
{
    bool ok = csv_out_flush(&w->out);
    if (w->nomem || w->out.nomem) return PDN_ENOMEM;
    return ok ? 0 : PDN_EIO;
}

int pdn_csv_write_header(pdn_csv_writer *w)
{
    if (!w) return PDN_EINVAL;
    if (w->o.bom) csv_out_raw(&w->out, "\xEF\xBB\xBF", 3);
    for (size_t i = 0; i < w->ncols; i++) {
        const char *name = col_name(w, &w->cols[i]);
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

void pdn_csv_on_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_writer *w = ctx;
    if (!w || !d || d->game == 0 || pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    struct first_error *slot = &w->reader[d->game % READER_ERRORS];
    if (slot->game == d->game) return; /* not the first */
    keep_error(slot, d);
}

/* Room for one more element of size 'size' in *p. */
static bool grow(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return true;
    size_t want = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, want * size);
    if (q == NULL) return false;
    *p = q;
    *cap = want;
    return true;
}

static void replay_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_writer *w = ctx;
    if (d->code == PDN_DIAG_BAD_FEN || d->code == PDN_DIAG_UNSUPPORTED_GAMETYPE)
        w->no_position = true;
    if (pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    if (w->first.game == 0) keep_error(&w->first, d);
    if (!d->node) return;
    if (!grow((void **)&w->stops, &w->capstops, w->nstops, sizeof *w->stops)) {
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
    if (!grow((void **)&w->plies, &w->capplies, w->nplies, sizeof *w->plies)) {
        w->nomem = true;
        return;
    }
    struct ply *p = &w->plies[w->nplies++];
    p->node = node;
    p->move = *move;
    p->after = *after;
    enum pdn_piece piece = pdn_board_get(before, move->from);
    p->king = piece == PDN_PIECE_WHITE_KING || piece == PDN_PIECE_BLACK_KING;
    if (move->ncaptured == 0 || plainly_unique(move, before)) { /* only captures can be ambiguous */
        pdn_move_to_text(p->text, move, NULL, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
        return;
    }
    pdn_movegen(&w->legal, before, 0);
    pdn_move_to_text(p->text, move, &w->legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
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

static const struct ply *find_ply(pdn_csv_writer *w, const struct pdn_node *node)
{
    if (w->nplies == 0) return NULL;
    if (w->plies[w->last].node == node) return &w->plies[w->last];
    if (w->last + 1 < w->nplies && w->plies[w->last + 1].node == node) return &w->plies[++w->last];
    size_t mask = w->capslots - 1;
    for (size_t k = node_slot(node, mask); w->slots[k]; k = (k + 1) & mask)
        if (w->plies[w->slots[k] - 1].node == node) {
            w->last = w->slots[k] - 1;
            return &w->plies[w->last];
        }
    return NULL;
}

static const struct stop *find_stop(const pdn_csv_writer *w, const struct pdn_node *node)
{
    struct stop key = {.node = node};
    if (w->nstops == 0) return NULL;
    return bsearch(&key, w->stops, w->nstops, sizeof key, stop_by_node);
}

static int replay(pdn_csv_writer *w, const pdn_game *game, struct pdn_replay_summary *sum)
{
    w->nplies = w->nstops = 0;
    w->first.game = 0;
    w->no_position = false;
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.strict = w->o.strict;
    ro.on_diag = replay_diag;
    ro.diag_ctx = w;
    ro.on_ply = replay_ply;
    ro.ply_ctx = w;
    int rc = pdn_replay_game(sum, game, &ro);
    if (rc < 0) return rc;
    if (w->nomem) return PDN_ENOMEM;
    w->last = 0;
    if (!index_plies(w)) return PDN_ENOMEM;
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

static void cell_reset(pdn_csv_writer *w)
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

static void cell_add(pdn_csv_writer *w, const char *s, size_t n)
{
    if (!cell_room(w, n)) return;
    memcpy(w->cell + w->ncell, s, n);
    w->ncell += n;
    w->cell[w->ncell] = '\0';
}

static void cell_adds(pdn_csv_writer *w, const char *s)
{
    cell_add(w, s, strlen(s));
}

static void put(pdn_csv_writer *w, const struct col *c, const char *s)
{
    csv_out_field(&w->out, s ? s : "", s ? strlen(s) : 0, c->kind);
}

static void put_cell(pdn_csv_writer *w, const struct col *c)
{
    csv_out_field(&w->out, w->cell ? w->cell : "", w->ncell, c->kind);
}

static void put_number(pdn_csv_writer *w, const struct col *c, unsigned long long v)
{
    char buf[24], *p = buf + sizeof buf;
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    csv_out_field(&w->out, p, (size_t)(buf + sizeof buf - p), c->kind);
}

/* YYYY.MM.DD as YYYY-MM-DD, unknown parts ('?') empty; other text as it is. */
static void put_date(pdn_csv_writer *w, const struct col *c, const char *v)
{
    if (!w->o.iso_dates || !v || strlen(v) != 10 || v[4] != '.' || v[7] != '.') {
        put(w, c, v);
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
            put(w, c, v);
            return;
        }
        if (part) buf[k++] = '-';
        if (digits) memcpy(buf + k, p, (size_t)lens[part]), k += (size_t)lens[part];
    }
    buf[k] = '\0';
    put(w, c, k == 2 ? "" : buf);
}

/* Every tag the writer writes as a tag, in source order: [Name "value"]. */
static void put_tags(pdn_csv_writer *w, const struct col *c, const pdn_game *game)
{
    cell_reset(w);
    for (uint32_t i = 0; i < game->ntags; i++) {
        const struct pdn_tag *t = &game->tags[i];
        /* The writer makes such a tag a comment of the movetext; the moves
         * rows have no movetext, so it stays a tag (csv2pdn reads it so). */
        if (w->o.mode == PDN_CSV_GAMES && !tag_name(t->name, strlen(t->name))) continue;
        if (w->ncell) cell_add(w, "\n", 1);
        cell_adds(w, "[");
        cell_adds(w, t->name);
        cell_adds(w, " \"");
        for (const char *p = t->value; *p; p++) {
            if (*p == '"' || *p == '\\') cell_add(w, "\\", 1);
            cell_add(w, p, 1);
        }
        cell_adds(w, "\"]");
    }
    put_cell(w, c);
}

/* ---- canonical move text through the writer ---- */

static const char *placed_text(const struct pdn_node *node, void *ctx)
{
    const struct ply *p = find_ply(ctx, node);
    return p ? p->text : NULL;
}

/* One ply of main_line: " ", "N. " or "N... " when due, the text. */
static void cell_ply(pdn_csv_writer *w, bool space, bool numbered, uint32_t number, bool black,
                     const char *text)
{
    size_t n = strlen(text);
    if (!cell_room(w, n + 16)) return;
    char *out = w->cell + w->ncell, *start = out;
    if (space) *out++ = ' ';
    if (numbered) {
        char rev[12];
        int k = 0;
        do
            rev[k++] = (char)('0' + number % 10);
        while ((number /= 10) > 0);
        while (k > 0)
            *out++ = rev[--k];
        memcpy(out, black ? "... " : ". ", black ? 4 : 2);
        out += black ? 4 : 2;
    }
    memcpy(out, text, n + 1);
    w->ncell += (size_t)(out - start) + n;
}

/* The writer's first move number and side: White and 1, unless the FEN tag
 * says Black or gives a number (":F<n>", lidraughts). */
static void writer_start(const pdn_game *game, uint32_t *number, bool *black)
{
    const char *fen = pdn_game_tag(game, "FEN");
    *number = 1;
    *black = false;
    if (!fen) return;
    while (*fen == ' ' || *fen == '\t' || *fen == '\n' || *fen == '\r')
        fen++;
    *black = *fen == 'B';
    const char *f = strstr(fen, ":F");
    if (f && f[2] >= '1' && f[2] <= '9') *number = (uint32_t)strtoul(f + 2, NULL, 10);
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
    cell_reset(w);
    const struct ply *prev = NULL;
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        const struct ply *p = find_ply(w, node);
        if (!p || node->setup) return false;
        if (node->number) {
            alone |= node->number != number || node->number_black != black;
            number = node->number;
            black = node->number_black;
        }
        if (prev && p->move.ncaptured > 0 && p->move.from == prev->move.to) alone = true;
        cell_ply(w, i > 0, !black || alone, number, black, p->text);
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
 * main_only.
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
    if (main_only) { /* the result, last */
        while (stop > body && stop[-1] != ' ')
            stop--;
        while (stop > body && stop[-1] == ' ')
            stop--;
    }
    cell_reset(w);
    cell_add(w, body, (size_t)(stop - body));
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

struct game_ctx {
    const pdn_game *game;
    const char *file;
    const struct pdn_replay_summary *sum;
    const struct first_error *err;
};

static void put_error_cell(pdn_csv_writer *w, const struct col *c, const struct first_error *e)
{
    switch (c->id) {
    case C_STATUS:
        put(w, c, e ? pdn_diag_name(e->code) : "ok");
        break;
    case C_MESSAGE:
        put(w, c, e ? e->message : NULL);
        break;
    case C_ERROR_MOVE:
        put(w, c, e ? e->move : NULL);
        break;
    default: /* C_ERROR_LINE */
        if (e && e->line)
            put_number(w, c, e->line);
        else
            put(w, c, NULL);
    }
}

static int put_game_cell(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g)
{
    char fen[PDN_FEN_MAX];
    int rc = 0;
    switch (c->id) {
    case C_TAG: {
        const char *v = pdn_game_tag(g->game, c->tag);
        if (w->o.iso_dates && strcmp(c->tag, "Date") == 0)
            put_date(w, c, v);
        else
            put(w, c, v);
        break;
    }
    case C_FILE:
        put(w, c, g->file ? g->file : "-");
        break;
    case C_GAME:
        put_number(w, c, g->game->index);
        break;
    case C_PLIES:
        put_number(w, c, g->game->main.nmoves);
        break;
    case C_MOVES:
    case C_MOVETEXT:
        rc = movetext(w, g->game, c->id == C_MOVES);
        if (rc == 0) put_cell(w, c);
        break;
    case C_RECORDED:
        put(w, c, g->game->result_text);
        break;
    case C_IMPLIED:
        put(w, c, implied_result(g->sum));
        break;
    case C_FINAL_FEN:
        if (!w->no_position) pdn_board_to_fen(fen, &g->sum->final);
        put(w, c, w->no_position ? NULL : fen);
        break;
    case C_TAGS:
        put_tags(w, c, g->game);
        break;
    case C_STATUS:
    case C_MESSAGE:
    case C_ERROR_MOVE:
    case C_ERROR_LINE:
        put_error_cell(w, c, g->err);
        break;
    default:
        put(w, c, NULL);
    }
    return rc;
}

static long write_game_row(pdn_csv_writer *w, const struct game_ctx *g)
{
    for (size_t i = 0; i < w->ncols; i++) {
        int rc = put_game_cell(w, &w->cols[i], g);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 1;
}

/* ---- moves ---- */

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
};

static void put_nags(pdn_csv_writer *w, const struct col *c, const struct pdn_node *n)
{
    cell_reset(w);
    if (n->strength) cell_adds(w, n->strength);
    for (uint32_t i = 0; i < n->nnags; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "%s$%u", w->ncell ? " " : "", (unsigned)n->nags[i]);
        cell_adds(w, buf);
    }
    put_cell(w, c);
}

/* Comments one a line: a line end inside one becomes a blank (the writer
 * folds it so too), so that csv2pdn --moves can tell them apart. */
static void put_comments(pdn_csv_writer *w, const struct col *c, const struct pdn_comment *list,
                         uint32_t n)
{
    cell_reset(w);
    for (uint32_t i = 0; i < n; i++) {
        if (i) cell_add(w, "\n", 1);
        for (const char *p = list[i].text ? list[i].text : ""; *p; p++)
            cell_add(w, *p == '\n' || *p == '\r' ? " " : p, 1);
    }
    put_cell(w, c);
}

static void put_captures(pdn_csv_writer *w, const struct col *c, const struct ply *p)
{
    uint8_t sq[PDN_PATH_MAX];
    int n = pdn_move_captures(sq, &p->move, (enum pdn_variant)p->after.variant);
    cell_reset(w);
    for (int i = 0; i < n; i++) {
        char buf[8];
        snprintf(buf, sizeof buf, "%s%u", i ? " " : "", (unsigned)sq[i]);
        cell_adds(w, buf);
    }
    put_cell(w, c);
}

/* The cells that only a played ply has. */
static void put_played_cell(pdn_csv_writer *w, const struct col *c, const struct ply *p)
{
    char buf[PDN_FEN_MAX];
    if (!p) {
        put(w, c, NULL);
        return;
    }
    switch (c->id) {
    case C_CANONICAL:
        put(w, c, p->text);
        break;
    case C_FROM:
        put_number(w, c, p->move.from);
        break;
    case C_TO:
        put_number(w, c, p->move.to);
        break;
    case C_PATH:
        pdn_move_to_path(buf, &p->move);
        put(w, c, buf);
        break;
    case C_CAPTURES:
        put_captures(w, c, p);
        break;
    case C_NCAPTURED:
        put_number(w, c, p->move.ncaptured);
        break;
    case C_PIECE:
        put(w, c, p->king ? "king" : "man");
        break;
    case C_PROMOTION:
        put(w, c, p->move.promotes ? "yes" : "no");
        break;
    default: /* C_FEN */
        pdn_board_to_fen(buf, &p->after);
        put(w, c, buf);
    }
}

/* The cells of a row without a move: the game's own, the rest empty. */
static int put_move_cell_game(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g)
{
    if (c->id == C_TAG || c->id == C_FILE || c->id == C_GAME || c->id == C_RECORDED ||
        c->id == C_TAGS)
        return put_game_cell(w, c, g);
    put(w, c, NULL);
    return 0;
}

static int put_move_cell(pdn_csv_writer *w, const struct col *c, const struct ply_row *r)
{
    const struct line_ctx *l = r->line;
    uint32_t half = l->start_half + r->ply - 1;
    if (!r->node && c->id != C_LINE && c->id != C_PLY_STATUS && c->id != C_PARENT)
        return put_move_cell_game(w, c, l->g);
    switch (c->id) {
    case C_TAG:
    case C_FILE:
    case C_GAME:
    case C_RECORDED:
    case C_TAGS:
        return put_game_cell(w, c, l->g);
    case C_LINE:
        put(w, c, l->id);
        break;
    case C_PARENT:
        if (l->parent)
            put_number(w, c, l->parent);
        else
            put(w, c, NULL);
        break;
    case C_PLY:
        put_number(w, c, r->ply);
        break;
    case C_NUMBER:
        put_number(w, c, half / 2 + 1);
        break;
    case C_SIDE:
        put(w, c, half % 2 ? "black" : "white");
        break;
    case C_MOVE:
        put(w, c, r->node->text);
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
        put(w, c, r->status);
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
        put(w, c, NULL);
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

static long write_line(pdn_csv_writer *w, const struct line_ctx *l, const struct pdn_line *line)
{
    long rows = 0;
    const char *status = "ok";
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        struct ply_row r = {l, node, l->first_ply + i, find_ply(w, node), status};
        const struct stop *s = find_stop(w, node);
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
    return rows;
}

/* Half-moves before the first ply: black to move first counts one; a FEN's
 * ":F<n>" field (lidraughts) gives the first move number. */
static uint32_t start_half(const pdn_game *game)
{
    const char *fen = pdn_game_tag(game, "FEN");
    if (!fen) return 0;
    while (*fen == ' ' || *fen == '\t')
        fen++;
    uint32_t half = *fen == 'B' ? 1 : 0;
    const char *f = strstr(fen, ":F");
    if (f && f[2] >= '1' && f[2] <= '9') {
        unsigned long n = strtoul(f + 2, NULL, 10);
        if (n > 0 && n < 100000) half += 2 * ((uint32_t)n - 1);
    }
    return half;
}

static long write_move_rows(pdn_csv_writer *w, const struct game_ctx *g)
{
    struct line_ctx main = {.g = g, .id = "1", .first_ply = 1, .start_half = start_half(g->game)};
    if (g->game->main.nmoves > 0) return write_line(w, &main, &g->game->main);
    /* A game without moves still has its row: no game is lost. */
    struct ply_row r = {&main, NULL, 0, NULL, "no-moves"};
    for (size_t k = 0; k < w->ncols; k++) {
        int rc = put_move_cell(w, &w->cols[k], &r);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 1;
}

unsigned long pdn_csv_writer_errors(const pdn_csv_writer *w)
{
    return w ? w->errors : 0;
}

long pdn_csv_write_game(pdn_csv_writer *w, const pdn_game *game, const char *file)
{
    if (!w || !game) return PDN_EINVAL;
    struct pdn_replay_summary sum;
    int rc = replay(w, game, &sum);
    if (rc < 0) return rc;
    struct game_ctx g = {game, file, &sum, game_error(w, game)};
    if (g.err) w->errors++;
    long rows = w->o.mode == PDN_CSV_MOVES ? write_move_rows(w, &g) : write_game_row(w, &g);
    w->reader[game->index % READER_ERRORS].game = 0; /* used */
    if (rows < 0) return rows;
    rc = stream_status(w);
    return rc < 0 ? rc : rows;
}
