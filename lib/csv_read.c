/*
 * csv_read: CSV rows back to games (pdn_csv_reader). csv.c parses the
 * bytes with libcsv; this file reads the rows, maps the header to tags and
 * the moves; csv_read_text.c turns each row (or, for rows of the moves
 * mode, each run of rows of one game) into PDN text, which
 * pdn_reader_open_memory reads and pdn_replay_game checks.
 *
 * Why PDN text rather than a game built directly: every game is then read
 * and validated by the same reader and replay as any PDN file, with the
 * same findings, and a moves cell may hold anything a movetext may
 * (comments, variations, NAGs) without a second parser. Each tag goes on
 * its own line of that text and the moves on theirs, so a finding's line
 * names the CSV row and column it came from: the callback gets those in
 * place of line and column.
 *
 * Memory: one row (or one game's rows) at a time, buffers reused.
 */
#include "csv_impl.h"
#include "options.h"
#include "text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- small buffers ---- */

bool csv_reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return true;
    size_t want = *cap ? *cap : 64;
    while (want < need)
        want *= 2;
    void *q = realloc(*p, want * size);
    if (!q) return false;
    *p = q;
    *cap = want;
    return true;
}

/* ---- findings ---- */

static void report(pdn_csv_reader *r, enum pdn_diag_code code, unsigned long row, uint32_t col,
                   const char *text, const char *detail)
{
    if (!r->o.on_diag) return;
    struct pdn_diag d = {.code = code,
                         .file = r->filename,
                         .line = (uint32_t)row,
                         .col = col,
                         .game = 0,
                         .text = text,
                         .detail = detail};
    r->o.on_diag(&d, r->o.diag_ctx);
}

/* A finding of the reader or the replay, at its CSV row and column. */
static void relay(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_reader *r = ctx;
    /* a row's text without a game gets a finding of its own, about the row */
    if (!r->o.on_diag || d->code == PDN_DIAG_NO_GAME) return;
    struct pdn_diag m = *d;
    m.file = r->filename;
    m.game = r->games;
    if (r->text_lines > 0) {
        struct origin at = csv_text_origin(r, d->line);
        m.line = at.row;
        m.col = at.col;
    }
    r->o.on_diag(&m, r->o.diag_ctx);
}

void pdn_csv_reader_locate(const pdn_csv_reader *r, struct pdn_pos *pos)
{
    if (r == NULL || pos == NULL || r->text_lines == 0) return;
    struct origin at = csv_text_origin(r, pos->line);
    pos->line = at.row;
    pos->col = at.col;
}

/* ---- opening ---- */

void pdn_csv_reader_free(pdn_csv_reader *r)
{
    if (!r) return;
    pdn_reader_free(r->pending);
    csv_in_free(r->in);
    free(r->filename);
    for (size_t i = 0; i < r->o.nmap; i++)
        free(r->map[i]);
    free(r->map);
    for (size_t i = 0; i < r->ncols; i++)
        free(r->cols[i].tag);
    free(r->cols);
    free(r->data);
    free(r->off);
    free(r->held.data);
    free(r->held.off);
    free(r->text);
    free(r->origins);
    free(r);
}

static int copy_options(pdn_csv_reader *r, const struct pdn_csv_read_options *o)
{
    r->o = *o;
    r->filename = strdup(o->filename ? o->filename : "-");
    if (!r->filename) return PDN_ENOMEM;
    if (o->nmap == 0) return 0;
    r->map = calloc(o->nmap, sizeof *r->map);
    if (!r->map) return PDN_ENOMEM;
    for (size_t i = 0; i < o->nmap; i++) {
        const char *eq = o->map[i] ? strchr(o->map[i], '=') : NULL;
        if (!eq || eq == o->map[i]) return PDN_EINVAL;
        r->map[i] = strdup(o->map[i]);
        if (!r->map[i]) return PDN_ENOMEM;
    }
    return 0;
}

int pdn_csv_reader_open(pdn_csv_reader **out, FILE *fp, const struct pdn_csv_read_options *o)
{
    static const struct pdn_csv_read_options defaults = PDN_CSV_READ_OPTIONS_INIT;
    if (!out) return PDN_EINVAL;
    *out = NULL;
    if (!o) o = &defaults;
    if (!fp || !options_ok(o->version, PDN_CSV_READ_OPTIONS_VERSION)) return PDN_EINVAL;
    if (o->delimiter == '"' || o->delimiter == '\n' || o->delimiter == '\r') return PDN_EINVAL;
    pdn_csv_reader *r = calloc(1, sizeof *r);
    if (!r) return PDN_ENOMEM;
    r->fp = fp;
    int rc = copy_options(r, o);
    if (rc < 0) {
        r->o.nmap = 0; /* only the copies made are freed */
        for (size_t i = 0; r->map && i < o->nmap; i++)
            free(r->map[i]);
        pdn_csv_reader_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

unsigned long pdn_csv_reader_rows(const pdn_csv_reader *r)
{
    return r ? r->rows : 0;
}

/* ---- bytes to rows ---- */

/* Fields are kept NUL-terminated: a NUL byte in one would hide the rest of
 * it, so it is dropped, and said. */
static size_t copy_field(pdn_csv_reader *r, char *to, const char *s, size_t n)
{
    const char *nul = memchr(s, '\0', n);
    if (!nul) {
        memcpy(to, s, n);
        return n;
    }
    report(r, PDN_DIAG_NUL_BYTE, r->row_no, (uint32_t)r->nf, NULL,
           "dropped, the rest of the field kept");
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != '\0') to[k++] = s[i];
    return k;
}

static size_t row_cost(const pdn_csv_reader *r)
{
    return r->ndata + r->nf * ROW_FIELD_COST;
}

/* The row outgrew ROW_LIMIT in field nf + 1: said, and what may be kept
 * of that field is what is left of the limit. */
static void cut_row(pdn_csv_reader *r)
{
    size_t used = row_cost(r) + ROW_FIELD_COST;
    r->row_cut = true;
    r->keep = used < ROW_LIMIT ? ROW_LIMIT - used : 0;
    report(r, PDN_DIAG_LIMIT, r->row_no, (uint32_t)r->nf + 1, NULL,
           "row longer than PDN_LIMIT_GAME_BYTES: cut in this field, the rest of the row "
           "skipped");
}

/* After a parse call: a row past ROW_LIMIT is cut, and the rest of it is
 * dropped as libcsv reads it. */
static void bound_row(pdn_csv_reader *r)
{
    if (r->row_ready) return;
    if (!r->row_cut && row_cost(r) + csv_in_pending(r->in) + ROW_FIELD_COST > ROW_LIMIT) cut_row(r);
    if (r->row_cut) csv_in_cut(r->in, r->cut_done ? 0 : r->keep);
}

/* The bytes of the field a row was cut in: at most keep, no character
 * split (which would make the row invalid UTF-8). */
static size_t cut_field(const pdn_csv_reader *r, const char *s, size_t n)
{
    n = n < r->keep ? n : r->keep;
    bool incomplete;
    size_t ok = text_utf8_valid((const unsigned char *)s, n, &incomplete);
    return incomplete ? ok : n;
}

static void on_field(const char *s, size_t n, void *ctx)
{
    pdn_csv_reader *r = ctx;
    if (r->cut_done) { /* past the cut: counted, not kept */
        r->nskipped++;
        return;
    }
    if (!r->row_cut && row_cost(r) + n + ROW_FIELD_COST > ROW_LIMIT) cut_row(r);
    if (r->row_cut) {
        n = cut_field(r, s, n);
        r->cut_done = true;
    }
    if (!csv_reserve((void **)&r->off, &r->capf, r->nf + 1, sizeof *r->off) ||
        !csv_reserve((void **)&r->data, &r->capdata, r->ndata + n + 1, 1)) {
        r->nomem = true;
        return;
    }
    r->off[r->nf++] = r->ndata;
    r->ndata += copy_field(r, r->data + r->ndata, s, n);
    r->data[r->ndata++] = '\0';
}

static void on_row(void *ctx)
{
    pdn_csv_reader *r = ctx;
    r->row_ready = true;
}

static void row_clear(pdn_csv_reader *r)
{
    r->nf = r->ndata = r->nskipped = 0;
    r->row_ready = r->row_cut = r->cut_done = false;
}

size_t csv_row_fields(const pdn_csv_reader *r)
{
    return r->nf + r->nskipped;
}

const char *csv_field(const pdn_csv_reader *r, size_t i)
{
    return i < r->nf ? r->data + r->off[i] : "";
}

/* The delimiter: given, or the most frequent of , ; and tab in the first
 * line, outside quotes. */
static char guess_delimiter(const pdn_csv_reader *r)
{
    if (r->o.delimiter) return r->o.delimiter;
    static const char cands[] = {',', ';', '\t'};
    size_t count[3] = {0, 0, 0};
    bool quoted = false;
    for (size_t i = r->pos; i < r->len && (quoted || (r->buf[i] != '\n' && r->buf[i] != '\r'));
         i++) {
        if (r->buf[i] == '"') quoted = !quoted;
        for (int k = 0; k < 3 && !quoted; k++)
            count[k] += r->buf[i] == cands[k];
    }
    int best = 0;
    for (int k = 1; k < 3; k++)
        if (count[k] > count[best]) best = k;
    return cands[best];
}

static bool fill(pdn_csv_reader *r)
{
    if (r->pos < r->len) return true;
    if (r->eof) return false;
    r->len = fread(r->buf, 1, sizeof r->buf, r->fp);
    r->pos = 0;
    r->lf = r->cr = r->quote = SIZE_MAX; /* not looked for yet */
    if (r->len == 0) r->eof = true;
    return r->len > 0;
}

static int start_parser(pdn_csv_reader *r)
{
    fill(r);
    if (r->len - r->pos >= 3 && memcmp(r->buf + r->pos, "\xEF\xBB\xBF", 3) == 0) r->pos += 3;
    r->in = csv_in_new(guess_delimiter(r), r->o.strict);
    return r->in ? 0 : PDN_ENOMEM;
}

/* After a strict-mode error: the rest of the physical line is dropped. */
static void skip_line(pdn_csv_reader *r)
{
    while (fill(r)) {
        char *nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
        if (nl) {
            r->pos = (size_t)(nl - r->buf) + 1;
            return;
        }
        r->pos = r->len;
    }
}

/* The next c at or after pos in buf, or len. *at keeps where it was found
 * until pos passes it, so that each byte of the buffer is looked at once
 * for each byte searched (lines of one byte cost no scan of the buffer). */
static size_t next_of(const pdn_csv_reader *r, size_t *at, char c)
{
    if (*at == SIZE_MAX || *at < r->pos) {
        const char *p = memchr(r->buf + r->pos, c, r->len - r->pos);
        *at = p ? (size_t)(p - r->buf) : r->len;
    }
    return *at;
}

/* Where the parser may stop without passing a row's end: the next line end,
 * or inside a quoted field, which no line end ends, the next quote. */
static size_t next_stop(pdn_csv_reader *r)
{
    if (csv_in_quoted(r->in)) return next_of(r, &r->quote, '"');
    size_t lf = next_of(r, &r->lf, '\n'), cr = next_of(r, &r->cr, '\r');
    return lf < cr ? lf : cr;
}

/* Feeds the parser up to the next stop (a row ends at most there).
 * 1: a row is ready; 0: not yet; -1: the input ended with no row. */
static int feed(pdn_csv_reader *r)
{
    if (!fill(r)) {
        if (r->done) return -1;
        r->done = true;
        row_clear(r);
        bool closed = csv_in_finish(r->in, on_field, on_row, r);
        if (!closed)
            report(r, PDN_DIAG_BAD_CSV, r->row_no, 0, NULL,
                   "unterminated quoted field: it runs to the end of the input");
        return r->row_ready ? 1 : -1;
    }
    if (!csv_in_row_begun(r->in)) { /* empty lines, which libcsv skips: faster here */
        while (r->pos < r->len && (r->buf[r->pos] == '\n' || r->buf[r->pos] == '\r'))
            r->pos++;
        if (r->pos == r->len) return 0;
    }
    const char *s = r->buf + r->pos;
    size_t end = next_stop(r);
    size_t take = (end < r->len ? end + 1 : r->len) - r->pos;
    size_t used = csv_in_parse(r->in, s, take, on_field, on_row, r);
    r->pos += used;
    bound_row(r);
    if (used < take) {
        report(r, PDN_DIAG_BAD_CSV, r->row_no, (uint32_t)csv_row_fields(r) + 1, NULL,
               "a quote inside an unquoted field, or text after a closing quote (strict)");
        skip_line(r);
        row_clear(r);
        if (r->have_header) r->rows++;
        if (!csv_in_reset(r->in)) return r->nomem = true, -1;
        r->row_no = ++r->records;
    }
    return r->row_ready ? 1 : 0;
}

/* The next row into data/off: true, or false at the end. */
bool csv_next_row(pdn_csv_reader *r)
{
    row_clear(r);
    /* The row's number is the reader's count, not one more than what this
     * buffer held last: the moves mode swaps buffers (csv_swap_held). */
    r->row_no = ++r->records;
    int got;
    while ((got = feed(r)) == 0 && !r->nomem)
        ;
    return got == 1 && !r->nomem;
}

static bool row_valid_utf8(pdn_csv_reader *r)
{
    for (size_t i = 0; i < r->nf; i++) {
        const char *f = csv_field(r, i);
        size_t n = strlen(f);
        bool incomplete;
        size_t ok = text_utf8_valid((const unsigned char *)f, n, &incomplete);
        if (ok < n) {
            char detail[96];
            snprintf(detail, sizeof detail, "invalid UTF-8 at byte %zu of the field", ok + 1);
            report(r, PDN_DIAG_BAD_CSV, r->row_no, (uint32_t)i + 1, NULL, detail);
            return false;
        }
    }
    return true;
}

/* ---- the header ---- */

static const char *const roster[] = {"Event", "Site",   "Date",     "Round", "White",
                                     "Black", "Result", "GameType", "FEN",   "SetUp"};

bool csv_roster_tag(const char *name)
{
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++)
        if (strcmp(name, roster[i]) == 0) return true;
    return false;
}

struct named_role {
    const char *name;
    enum role games, moves; /* in each mode */
};

static const struct named_role named[] = {
    {"file", R_IGNORED, R_FILE},
    {"game", R_IGNORED, R_GAME},
    {"moves", R_MOVES, R_IGNORED},
    {"movetext", R_MOVETEXT, R_IGNORED},
    {"tags", R_TAGS, R_TAGS},
    {"recorded_result", R_RECORDED, R_RECORDED},
    {"line", R_IGNORED, R_LINE},
    {"move", R_IGNORED, R_MOVE},
    {"canonical", R_IGNORED, R_CANONICAL},
    {"number", R_IGNORED, R_NUMBER},
    {"side", R_IGNORED, R_SIDE},
    {"comment", R_IGNORED, R_COMMENT},
    {"comment_before", R_IGNORED, R_COMMENT_BEFORE},
    {"nags", R_IGNORED, R_NAGS},
};

static const char *const computed[] = {"normalised_result",
                                       "white_points",
                                       "black_points",
                                       "plies",
                                       "implied_result",
                                       "final_fen",
                                       "status",
                                       "error_message",
                                       "error_move",
                                       "error_line",
                                       "parent",
                                       "ply",
                                       "from",
                                       "to",
                                       "path",
                                       "captures",
                                       "ncaptured",
                                       "piece",
                                       "promotion",
                                       "fen"};

static bool identifier(const char *s)
{
    if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z'))) return false;
    for (const char *p = s + 1; *p; p++) {
        char c = *p;
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) &&
            c != '_')
            return false;
    }
    return true;
}

/* --map COLUMN=TAG: the tag of a column, or NULL. */
static const char *mapped(const pdn_csv_reader *r, const char *name)
{
    for (size_t i = 0; i < r->o.nmap; i++) {
        const char *eq = strchr(r->map[i], '=');
        size_t n = (size_t)(eq - r->map[i]);
        if (strlen(name) == n && strncasecmp(r->map[i], name, n) == 0) return eq + 1;
    }
    return NULL;
}

static int set_tag(struct column *c, const char *tag)
{
    c->role = R_TAG;
    c->tag = strdup(tag);
    if (!c->tag) return PDN_ENOMEM;
    if (tag[0] >= 'a' && tag[0] <= 'z') c->tag[0] = (char)(tag[0] - 'a' + 'A');
    return 0;
}

static int classify(pdn_csv_reader *r, struct column *c, const char *name)
{
    const char *tag = mapped(r, name);
    if (tag) {
        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
            if (strcasecmp(tag, named[i].name) == 0) {
                c->role = r->o.moves ? named[i].moves : named[i].games;
                return 0;
            }
        return set_tag(c, tag);
    }
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(name, named[i].name) == 0) {
            c->role = r->o.moves ? named[i].moves : named[i].games;
            return 0;
        }
    for (size_t i = 0; i < sizeof computed / sizeof computed[0]; i++)
        if (strcmp(name, computed[i]) == 0) return 0; /* R_IGNORED */
    /* A tag name as it is ("Setup" stays Setup); "white" or "EVENT" is a
     * roster tag spelt otherwise. */
    bool mixed = name[0] >= 'A' && name[0] <= 'Z' && strpbrk(name, "abcdefghijklmnopqrstuvwxyz");
    for (size_t i = 0; i < sizeof roster / sizeof roster[0] && !mixed; i++)
        if (strcasecmp(name, roster[i]) == 0) return set_tag(c, roster[i]);
    if (identifier(name)) return set_tag(c, name);
    c->role = R_UNKNOWN;
    return 0;
}

/* A column name as a finding shows it: a long one cut to its first 60
 * bytes (whole characters) and "...". */
static const char *shown_name(char out[64], const char *name)
{
    size_t n = strlen(name);
    if (n <= 60) return name;
    n = text_utf8_cut(name, n, 60);
    memcpy(out, name, n);
    memcpy(out + n, "...", 4);
    return out;
}

static int read_header(pdn_csv_reader *r)
{
    r->cols = calloc(r->nf ? r->nf : 1, sizeof *r->cols);
    if (!r->cols) return PDN_ENOMEM;
    r->ncols = r->nf;
    r->nheader = csv_row_fields(r);
    for (size_t i = 0; i < r->nf; i++) {
        int rc = classify(r, &r->cols[i], csv_field(r, i));
        if (rc < 0) return rc;
        enum role role = r->cols[i].role;
        char shown[64];
        if (role == R_UNKNOWN)
            report(r, PDN_DIAG_CSV_COLUMN, r->row_no, (uint32_t)i + 1,
                   shown_name(shown, csv_field(r, i)),
                   "names no tag; --map COLUMN=TAG gives it one");
        if (role == R_MOVES || role == R_MOVETEXT || role == R_MOVE || role == R_CANONICAL)
            r->has_moves = true;
    }
    r->have_header = true;
    if (!r->has_moves)
        report(r, PDN_DIAG_BAD_CSV, r->row_no, 0, NULL,
               r->o.moves ? "no move or canonical column: the games have no moves"
                          : "no moves or movetext column: the games have no moves");
    return 0;
}

/* Swaps the row just read with the one kept. */
void csv_swap_held(pdn_csv_reader *r)
{
    struct held cur = {r->data, r->ndata, r->capdata,  r->off,
                       r->nf,   r->capf,  r->nskipped, r->row_no};
    r->data = r->held.data;
    r->ndata = r->held.ndata;
    r->capdata = r->held.capdata;
    r->off = r->held.off;
    r->nf = r->held.nf;
    r->capf = r->held.capf;
    r->nskipped = r->held.nskipped;
    r->row_no = r->held.row_no;
    r->held = cur;
}

/* ---- rows to games ---- */

/* A row of empty fields (a spreadsheet's blank row): no game. */
static bool row_empty(const pdn_csv_reader *r)
{
    return r->ndata == r->nf && !r->nskipped; /* each field is its NUL alone */
}

/* A run of empty rows (a spreadsheet's blank rows) is said once, at its
 * first row, when it ends: a million of them are one finding. */
void csv_end_empty_rows(pdn_csv_reader *r)
{
    if (!r->empty_rows) return;
    char detail[96];
    if (r->empty_rows == 1)
        snprintf(detail, sizeof detail, "every field is empty; row skipped");
    else
        snprintf(detail, sizeof detail, "every field is empty, in %lu rows from here; rows skipped",
                 r->empty_rows);
    report(r, PDN_DIAG_BAD_CSV, r->empty_from, 0, NULL, detail);
    r->empty_rows = 0;
}

/* A data row that reads: not empty, as many fields as the header, valid
 * UTF-8. */
bool csv_usable_row(pdn_csv_reader *r)
{
    r->rows++;
    if (row_empty(r)) {
        if (!r->empty_rows++) r->empty_from = r->row_no;
        return false;
    }
    csv_end_empty_rows(r);
    size_t nf = csv_row_fields(r);
    if (nf != r->nheader) {
        char detail[96];
        snprintf(detail, sizeof detail, "%zu field%s where the header has %zu; row skipped", nf,
                 nf == 1 ? "" : "s", r->nheader);
        report(r, PDN_DIAG_BAD_CSV, r->row_no, 0, NULL, detail);
        return false;
    }
    return row_valid_utf8(r);
}

/* The reader of the text made from a row: findings go through relay. */
static int open_text(pdn_csv_reader *r)
{
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = r->filename;
    ro.strict = r->o.strict;
    ro.gametype = r->o.gametype;
    ro.on_diag = relay;
    ro.diag_ctx = r;
    return pdn_reader_open_memory(&r->pending, r->text, r->ntext, &ro);
}

static void close_text(pdn_csv_reader *r)
{
    pdn_reader_free(r->pending);
    r->pending = NULL;
}

/* A game after the first in one row's text (a second game in a cell,
 * moves after the result, --moves rows after a move with a result): kept
 * as a game of its own, and said, at the row and column it starts in. */
static void report_extra(pdn_csv_reader *r, const pdn_game *game)
{
    struct origin at = csv_text_origin(r, game->start.line);
    report(r, PDN_DIAG_BAD_CSV, at.row, at.col, NULL,
           "text after the game's result: read as a game of its own");
}

/* The next game of the text: 1 with *out, 0 when it holds no more, or a
 * negative PDN_E* code. extra: a game after the first of its row. */
static int game_from_text(pdn_game **out, pdn_csv_reader *r, bool extra)
{
    if (extra) r->games++; /* the findings of its reading name it */
    pdn_game *game = NULL;
    int rc = pdn_reader_next(&game, r->pending);
    if (rc <= 0) {
        if (extra) r->games--;
        close_text(r);
        return rc;
    }
    if (extra) report_extra(r, game);
    game->index = r->games;
    struct pdn_replay_options po = PDN_REPLAY_OPTIONS_INIT;
    po.strict = r->o.strict;
    po.draw_rules = r->o.draw_rules;
    po.on_diag = relay;
    po.diag_ctx = r;
    struct pdn_replay_summary sum;
    rc = pdn_replay_game(&sum, game, &po);
    if (rc < 0) {
        pdn_game_free(game);
        close_text(r);
        return rc;
    }
    *out = game;
    return 1;
}

/* The next row that reads, or the one kept: true, or false at the end. */
static bool next_usable(pdn_csv_reader *r)
{
    if (r->have_held) {
        csv_swap_held(r);
        r->have_held = false;
        return true;
    }
    while (!r->ended && csv_next_row(r)) {
        if (!r->have_header) {
            /* with a header that does not read, no column means anything */
            if (!row_valid_utf8(r)) return r->ended = true, false;
            if (read_header(r) < 0) return r->nomem = true, false;
            continue;
        }
        if (csv_usable_row(r)) return true;
    }
    csv_end_empty_rows(r);
    return false;
}

/* The text of the next row (or game's rows) that reads, its reader open:
 * 0, -1 at the end, or a negative PDN_E* code. */
static int next_text(pdn_csv_reader *r)
{
    bool kept = r->have_held; /* read and unprotected with the last game */
    if (!next_usable(r)) return r->nomem ? PDN_ENOMEM : -1;
    if (!kept) {
        for (size_t i = 0; i < r->nf; i++)
            csv_unprotect(r, r->data + r->off[i]);
    }
    r->games++;
    if (r->o.moves)
        csv_moves_text(r);
    else
        csv_game_text(r);
    if (r->nomem) return PDN_ENOMEM;
    if (r->o.moves && r->cut_at_row)
        report(r, PDN_DIAG_LIMIT, r->cut_at_row, 0, NULL,
               "game longer than PDN_LIMIT_GAME_BYTES: its rows from here skipped");
    return open_text(r);
}

int pdn_csv_reader_next(pdn_game **out, pdn_csv_reader *r)
{
    if (!out || !r) return PDN_EINVAL;
    *out = NULL;
    if (!r->in && start_parser(r) < 0) return PDN_ENOMEM;
    if (r->pending) {
        int rc = game_from_text(out, r, true);
        if (rc != 0) return rc;
    }
    for (;;) {
        int rc = next_text(r);
        if (rc < 0) return rc == -1 ? 0 : rc;
        if ((rc = game_from_text(out, r, false)) != 0) return rc;
        /* nothing the reader could make a game of: said, and the next row */
        r->games--;
        report(r, PDN_DIAG_BAD_CSV, r->norigins ? r->origins[0].row : r->row_no, 0, NULL,
               r->o.moves ? "no game in the rows (the findings before say why); rows skipped"
                          : "no game in the row (the findings before say why); row skipped");
    }
}
