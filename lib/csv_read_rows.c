/*
 * csv_read_rows: the rows of the CSV for the reader (csv_read.c and
 * csv_read_text.c). Bytes to rows through csv.c's libcsv parser (with the
 * bounds that keep a row's memory in check), the header's columns and
 * their roles, and the data rows that read. Knows nothing of games and
 * calls neither of the reader's other files, which both call it.
 */
#include "csv_reader.h"
#include "text.h"
#include "vec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- findings ---- */

void csv_read_report(pdn_csv_reader *r, enum pdn_diag_code code, unsigned long row, uint32_t col,
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
    csv_read_report(r, PDN_DIAG_NUL_BYTE, r->row_no, (uint32_t)r->nf, NULL,
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
    csv_read_report(r, PDN_DIAG_LIMIT, r->row_no, (uint32_t)r->nf + 1, NULL,
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
    if (!vec_grow((void **)&r->off, &r->capf, r->nf + 1, sizeof *r->off) ||
        !vec_grow((void **)&r->data, &r->capdata, r->ndata + n + 1, 1)) {
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

/* The decoder's findings of the text just decoded, held until the parser
 * reaches the byte each is about (say_reached_findings); past the few
 * held (a file has one or two), said at once, at no row. */
static void hold_decoding_findings(pdn_csv_reader *r)
{
    struct decoder_finding f;
    int max = (int)(sizeof r->held_findings / sizeof r->held_findings[0]);
    while (csv_decoding_finding(r->decoding, &f.code, &f.detail, &f.at)) {
        if (r->nheld_findings < max)
            r->held_findings[r->nheld_findings++] = f;
        else
            csv_read_report(r, f.code, 0, 0, NULL, f.detail);
    }
}

/* The held findings whose byte the parser has reached (the next it reads,
 * or one before): said at the row being read and the field the byte is in,
 * as a finding of its cells is; all of them at the end of the input. */
static void say_findings_until(pdn_csv_reader *r, uint64_t until, bool end)
{
    int kept = 0;
    for (int i = 0; i < r->nheld_findings; i++) {
        const struct decoder_finding *f = &r->held_findings[i];
        if (f->at <= until || end)
            csv_read_report(r, f->code, r->row_no, (uint32_t)csv_row_fields(r) + 1, NULL,
                            f->detail);
        else
            r->held_findings[kept++] = *f;
    }
    r->nheld_findings = kept;
}

static void say_reached_findings(pdn_csv_reader *r, bool end)
{
    say_findings_until(r, r->base + r->pos, end);
}

/* take bytes from pos cut short of the next held finding's byte, so that
 * the parser stops there and the finding names its field. */
static size_t until_finding(const pdn_csv_reader *r, size_t take)
{
    uint64_t here = r->base + r->pos;
    for (int i = 0; i < r->nheld_findings; i++) {
        uint64_t at = r->held_findings[i].at;
        if (at > here && at - here < take) take = (size_t)(at - here);
    }
    return take;
}

static bool fill(pdn_csv_reader *r)
{
    if (r->pos < r->len) return true;
    if (r->eof) return false;
    r->base += r->len;
    if (!r->decoding) {
        r->len = fread(r->buf, 1, sizeof r->buf, r->fp);
    } else {
        int rc = csv_decoding_read(r->decoding, r->buf, sizeof r->buf, &r->len);
        /* a read error is fp's, which the caller sees, as without decoding */
        if (rc < 0 && rc != PDN_EIO) r->failed = rc;
        hold_decoding_findings(r);
    }
    r->pos = 0;
    r->lf = r->cr = r->quote = SIZE_MAX; /* not looked for yet */
    if (r->len == 0) r->eof = true;
    return r->len > 0;
}

/* A file read as its bytes that is UTF-16 or UTF-32 (a byte order mark,
 * or NULs where ASCII has them: Excel's "Unicode Text"): decoded from its
 * start, the bytes read so far too, as with an encoding asked for.
 * 0 or PDN_ENOMEM. */
static int decode_if_wide(pdn_csv_reader *r)
{
    if (r->decoding || !pdn_encoding_is_wide(r->buf + r->pos, r->len - r->pos)) return 0;
    int rc = csv_decoding_open_wide(&r->decoding, r->fp, r->o.encoding, r->buf + r->pos,
                                    r->len - r->pos);
    if (rc < 0) return rc;
    r->pos = r->len = 0;
    r->base = 0; /* offsets from here on are in the decoded text */
    r->eof = false;
    fill(r);
    return 0;
}

int csv_start_parser(pdn_csv_reader *r)
{
    fill(r);
    if (decode_if_wide(r) < 0) return PDN_ENOMEM;
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
        say_reached_findings(r, true);
        if (r->done || r->failed) return -1; /* failed: no row made of what was read */
        r->done = true;
        /* The fields of a last row with no line end after it are read
         * already (csv_next_row cleared what came before them): its last
         * field comes now. */
        bool closed = csv_in_finish(r->in, on_field, on_row, r);
        if (!closed) {
            csv_read_report(r, PDN_DIAG_BAD_CSV, r->row_no, 0, NULL,
                            "unterminated quoted field: it runs to the end of the input");
            r->row_unclosed = true; /* said once: not its fields' count too */
        }
        return r->row_ready ? 1 : -1;
    }
    if (!csv_in_row_begun(r->in)) { /* empty lines, which libcsv skips: faster here */
        while (r->pos < r->len && (r->buf[r->pos] == '\n' || r->buf[r->pos] == '\r'))
            r->pos++;
        if (r->pos == r->len) return 0;
    }
    say_reached_findings(r, false);
    const char *s = r->buf + r->pos;
    size_t end = next_stop(r);
    size_t take = until_finding(r, (end < r->len ? end + 1 : r->len) - r->pos);
    size_t used = csv_in_parse(r->in, s, take, on_field, on_row, r);
    r->pos += used;
    bound_row(r);
    if (used < take) {
        csv_read_report(r, PDN_DIAG_BAD_CSV, r->row_no, (uint32_t)csv_row_fields(r) + 1, NULL,
                        "a quote inside an unquoted field, or text after a closing quote (strict)");
        skip_line(r);
        /* the dropped bytes, up to its line end, are the row's: so are
         * their findings, all that are left where it ran to the input's
         * end (the next row's number would name no line there) */
        uint64_t past = r->base + r->pos;
        say_findings_until(r, past ? past - 1 : 0, r->eof);
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
            csv_read_report(r, PDN_DIAG_BAD_CSV, r->row_no, (uint32_t)i + 1, NULL, detail);
            return false;
        }
    }
    return true;
}

/* ---- the header ---- */

static const char *const roster[] = {"Event", "Site",   "Date",     "Round", "White",
                                     "Black", "Result", "GameType", "FEN",   "SetUp"};

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
    {"written_number", R_IGNORED, R_WRITTEN},
    {"setup", R_IGNORED, R_SETUP},
    {"side", R_IGNORED, R_SIDE},
    {"comment", R_IGNORED, R_COMMENT},
    {"comment_before", R_IGNORED, R_COMMENT_BEFORE},
    {"nags", R_IGNORED, R_NAGS},
    {"ply", R_IGNORED, R_PLY},
    {"parent", R_IGNORED, R_PARENT},
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

/* Whether the --map COLUMN=TAG map names the column name (case aside):
 * its TAG when so, else NULL. */
static const char *map_of(const char *map, const char *name)
{
    const char *eq = strchr(map, '=');
    size_t n = (size_t)(eq - map);
    return text_same_but_case_n(map, n, name) ? eq + 1 : NULL;
}

/* --map COLUMN=TAG: the tag of a column, or NULL. */
static const char *mapped(const pdn_csv_reader *r, const char *name)
{
    for (size_t i = 0; i < r->o.nmap; i++) {
        const char *tag = map_of(r->map[i], name);
        if (tag) return tag;
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
            if (text_same_but_case(tag, named[i].name)) {
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
    /* pdn2csv's tag column named as another column but for case: tag_SetUp */
    size_t np = strlen(CSV_TAG_PREFIX);
    if (strncmp(name, CSV_TAG_PREFIX, np) == 0 && name[np] >= 'A' && name[np] <= 'Z' &&
        identifier(name + np))
        return set_tag(c, name + np);
    /* A tag name as it is ("Setup" stays Setup); "white" or "EVENT" is a
     * roster tag spelt otherwise. */
    bool mixed = name[0] >= 'A' && name[0] <= 'Z' && strpbrk(name, "abcdefghijklmnopqrstuvwxyz");
    for (size_t i = 0; i < sizeof roster / sizeof roster[0] && !mixed; i++)
        if (text_same_but_case(name, roster[i])) return set_tag(c, roster[i]);
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

/* Whether the header names a column name. */
static bool has_column(const pdn_csv_reader *r, const char *name)
{
    for (size_t i = 0; i < r->nf; i++)
        if (strcmp(csv_field(r, i), name) == 0) return true;
    return false;
}

/* Whether the header, read without --moves, is one of pdn2csv --moves
 * (a ply and a move column, no moves): a user's most likely slip. */
static bool moves_rows_without_option(const pdn_csv_reader *r)
{
    return !r->o.moves && has_column(r, "ply") && has_column(r, "move");
}

/* Whether the header has a column named 'name' but for its case
 * ("Moves"): a tag, as every other name with a capital is. */
static bool has_column_but_case(const pdn_csv_reader *r, const char *name)
{
    for (size_t i = 0; i < r->nf; i++)
        if (text_same_but_case(csv_field(r, i), name) && strcmp(csv_field(r, i), name) != 0)
            return true;
    return false;
}

/* Whether a header without a column of moves still names games, of their
 * tags alone: pdn2csv --columns White,Black,Result, a table of results.
 * So it does with a column of the roster's tags (White, Result, FEN...)
 * or the tags column, unless it looks like a slip: rows of pdn2csv
 * --moves, a Moves column, --moves without its move column. */
static bool tags_only_header(const pdn_csv_reader *r)
{
    if (r->o.moves || moves_rows_without_option(r) || has_column_but_case(r, "moves") ||
        has_column_but_case(r, "movetext"))
        return false;
    for (size_t i = 0; i < r->ncols; i++) {
        if (r->cols[i].role == R_TAGS) return true;
        for (size_t k = 0; r->cols[i].role == R_TAG && k < sizeof roster / sizeof roster[0]; k++)
            if (text_same_but_case(r->cols[i].tag, roster[k])) return true;
    }
    return false;
}

/* Why the rows are no games: the header's columns say. None is read: each
 * would be a game of no tag that matters and no move (rows of pdn2csv
 * --moves read without --moves: two errors a row that say nothing more). */
static const char *no_moves_reason(const pdn_csv_reader *r)
{
    if (r->o.moves) return "no move or canonical column: no row is read";
    if (moves_rows_without_option(r))
        return "no moves or movetext column: its ply and move columns are rows of "
               "pdn2csv --moves, which csv2pdn --moves reads; no row is read without it";
    if (has_column_but_case(r, "moves") || has_column_but_case(r, "movetext"))
        return "no moves or movetext column: a column named so in other letters ('Moves') is "
               "a tag, as every name with a capital is; --map Moves=moves reads it as the "
               "moves; no row is read without it";
    return "no moves or movetext column, nor a column of a game's tags (White, Result, FEN...): "
           "no row is read";
}

/* Each --map COLUMN=TAG whose COLUMN the header has not (a typo: 'whte'),
 * said once, where it was silently nothing. */
static void unmapped_columns(pdn_csv_reader *r)
{
    for (size_t m = 0; m < r->o.nmap; m++) {
        const char *map = r->map[m];
        size_t n = (size_t)(strchr(map, '=') - map), i = 0;
        while (i < r->nf && !map_of(map, csv_field(r, i)))
            i++;
        if (i < r->nf) continue;
        char column[64];
        snprintf(column, sizeof column, "%.*s", n > 60 ? 60 : (int)n, map);
        csv_read_report(r, PDN_DIAG_CSV_COLUMN, r->row_no, 0, column,
                        "--map names a column the header does not have");
    }
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
            csv_read_report(r, PDN_DIAG_CSV_COLUMN, r->row_no, (uint32_t)i + 1,
                            shown_name(shown, csv_field(r, i)),
                            "names no tag; --map COLUMN=TAG gives it one");
        if (role == R_MOVES || role == R_MOVETEXT || role == R_MOVE || role == R_CANONICAL)
            r->has_moves = true;
    }
    unmapped_columns(r);
    r->have_header = true;
    if (r->has_moves) return 0;
    r->tags_only = tags_only_header(r);
    if (r->tags_only) {
        csv_read_report(r, PDN_DIAG_CSV_NO_MOVES, r->row_no, 0, NULL,
                        "neither moves nor movetext: each row is a game of its tags alone");
        return 0;
    }
    csv_read_report(r, PDN_DIAG_BAD_CSV, r->row_no, 0, NULL, no_moves_reason(r));
    r->rows_not_games = true;
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
    csv_read_report(r, PDN_DIAG_BAD_CSV, r->empty_from, 0, NULL, detail);
    r->empty_rows = 0;
}

/* A data row that reads: not empty, as many fields as the header, valid
 * UTF-8. */
bool csv_usable_row(pdn_csv_reader *r)
{
    r->rows++;
    if (r->row_unclosed) return false;
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
        csv_read_report(r, PDN_DIAG_BAD_CSV, r->row_no, 0, NULL, detail);
        return false;
    }
    return row_valid_utf8(r);
}

/* The next row that reads, or the one kept: true, or false at the end. */
bool csv_next_usable(pdn_csv_reader *r)
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
        if (r->rows_not_games)
            r->rows++;
        else if (csv_usable_row(r))
            return true;
    }
    csv_end_empty_rows(r);
    return false;
}
