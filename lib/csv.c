/*
 * csv: CSV fields in and out through libcsv, the one file of the library
 * that includes <csv.h>. Writing: csv_write quotes and escapes (a field is
 * quoted only when RFC 4180 needs it, or when blanks at its ends would be
 * lost); the spreadsheet protection of excel_text. Reading: csv_parse with
 * blanks kept. It knows nothing of games: csv_rows.c and csv_read.c do.
 */
#include "csv_io.h"
#include "text.h"
#include "vec.h"

#include <csv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

/* Blanks at a cell's ends are quoted: a reader that trims them (libcsv's
 * default trims spaces and tabs, others every blank) then keeps them. */
static bool blank(char c)
{
    return text_blank((unsigned char)c);
}

bool csv_needs_quotes(const char *s, size_t n, char delim)
{
    if (n == 0) return false;
    if (blank(s[0]) || blank(s[n - 1])) return true;
    if (n >= 64) /* a moves cell: memchr is the C library's vectorised scan */
        return memchr(s, delim, n) || memchr(s, '"', n) || memchr(s, '\n', n) || memchr(s, '\r', n);
    for (size_t i = 0; i < n; i++)
        if (csv_special((unsigned char)s[i], (unsigned char)delim)) return true;
    return false;
}

/* A whole number a spreadsheet keeps as it is: no leading zero ("00"
 * would become 0), at most 15 digits (the precision of a double, past
 * which Excel rounds). A round "1" stays a number that sorts as one. */
static bool plain_integer(const char *s, size_t n)
{
    if (n == 0 || n > 15 || (s[0] == '0' && n > 1)) return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

static bool formula_start(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

/* The longest string literal a spreadsheet formula holds (Excel: 255
 * characters; LibreOffice fails past it too, Err:513): longer text is
 * written as pieces joined by '&', each at most this many bytes, so at
 * most this many characters. */
#define FORMULA_STRING_MAX 255

static bool digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A number as a spreadsheet reads one: digits, an exponent ("1e5",
 * "1E+05"), a '%' after ("50%"), '$' before, or in parentheses ("(1)",
 * read as -1). */
static bool number_token(const char *s, size_t n)
{
    if (n >= 2 && s[0] == '(' && s[n - 1] == ')') s++, n -= 2;
    if (n > 0 && s[n - 1] == '%') n--;
    if (n > 0 && s[0] == '$') s++, n--;
    size_t i = 0;
    while (i < n && digit(s[i]))
        i++;
    if (i == 0) return false;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t e = i;
        while (i < n && digit(s[i]))
            i++;
        if (i == e) return false;
    }
    return i == n;
}

/* A word a date may hold, as a month's name ("april", "Dec", "févr"):
 * letters alone (UTF-8's too), three at least. */
static bool month_token(const char *s, size_t n)
{
    if (n < 3) return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') && (unsigned char)s[i] < 0x80)
            return false;
    return true;
}

/* Whether the '-' at j of the token from i is an exponent's sign ("1E-05"),
 * which does not part the token. */
static bool exponent_sign(const char *s, size_t i, size_t j)
{
    return s[j] == '-' && j >= i + 2 && (s[j - 1] == 'e' || s[j - 1] == 'E') && digit(s[j - 2]);
}

/* Text a spreadsheet may read as a number, a date or a time, made of
 * numbers (number_token) and at most one word between blanks, '.', '/',
 * ':', '-' or ',': "1.2", "3/4", "12:30", "2014-05", and "17 april 2009",
 * "Dec 4", "Mar-12", "50%", "1e5", "(1)", which a review found written
 * bare; or a truth value. "ronde1" and "B:W31-50" are no such text. */
static bool reads_as_other(const char *s, size_t n)
{
    if (text_same_but_case_n(s, n, "true") || text_same_but_case_n(s, n, "false")) return true;
    size_t numbers = 0, words = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j < n && (!memchr(" ./:-,", s[j], 6) || exponent_sign(s, i, j)))
            j++;
        if (j == i) continue;
        if (number_token(s + i, j - i))
            numbers++;
        else if (!month_token(s + i, j - i) || ++words > 1)
            return false;
        i = j;
    }
    return numbers > 0;
}

/* A date column's ISO date (--iso-dates) is left for a spreadsheet to read
 * as a date; one with a part not known, written empty ("-12-05",
 * "2003-04-"), is text: a '-' first would start a formula. */
static bool partial_date(size_t n)
{
    return n != 10;
}

bool csv_excel_protects(const char *s, size_t n, enum csv_kind kind)
{
    if (n == 0 || kind == CSV_KIND_NUMBER) return false;
    if (kind == CSV_KIND_DATE) return partial_date(n);
    if (formula_start(s[0])) return true;     /* at any length */
    if (n > FORMULA_STRING_MAX) return false; /* no number, date or lone move is this long */
    if (kind == CSV_KIND_MOVES) return (s[0] >= '0' && s[0] <= '9') || s[0] == '*';
    return reads_as_other(s, n) && (kind == CSV_KIND_CODE || !plain_integer(s, n));
}

/* Where the piece of s[0, n) that starts at i ends: at most
 * FORMULA_STRING_MAX bytes on, never inside a UTF-8 sequence. */
static size_t piece_end(const char *s, size_t n, size_t i)
{
    if (n - i <= FORMULA_STRING_MAX) return n;
    size_t e = i + FORMULA_STRING_MAX;
    while (e > i + 1 && ((unsigned char)s[e] & 0xC0) == 0x80)
        e--;
    return e;
}

bool csv_out_grow(struct csv_out *o, size_t n)
{
    /* 64 KiB at first: rows are handed on in blocks of about that size. */
    size_t need = n > SIZE_MAX - o->len ? SIZE_MAX : o->len + n;
    if (!vec_grow((void **)&o->buf, &o->cap, need < (1 << 16) ? 1 << 16 : need, 1))
        return o->nomem = true, false;
    return true;
}

/* Room for n more bytes in the buffer. */
static bool room(struct csv_out *o, size_t n)
{
    return o->len + n <= o->cap || csv_out_grow(o, n);
}

/* The bytes of a word (csv_io.h) a delimiter would have to be quoted for. */
static bool word_byte(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
           c == '.' || c == ' ';
}

bool csv_out_words(const struct csv_out *o)
{
    return !o->excel && !word_byte((unsigned char)o->delim);
}

void csv_out_raw(struct csv_out *o, const char *s, size_t n)
{
    if (!room(o, n)) return;
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

static void put_field(struct csv_out *o, const char *s, size_t n)
{
    if (!csv_needs_quotes(s, n, o->delim)) {
        csv_out_raw(o, s, n);
        return;
    }
    /* Without a quote inside, the field in quotes, as libcsv writes it: a
     * copy, where libcsv's byte at a time was a fifth of pdn2csv --fen (a
     * FEN holds the delimiter) and every name "Surname, Given". */
    if (!memchr(s, '"', n)) {
        if (n > SIZE_MAX - 2 || !room(o, n + 2)) {
            o->nomem = true;
            return;
        }
        o->buf[o->len] = '"';
        memcpy(o->buf + o->len + 1, s, n);
        o->buf[o->len + n + 1] = '"';
        o->len += n + 2;
        return;
    }
    /* libcsv quotes and doubles the quotes: at most 2n + 2 bytes */
    if (n > (SIZE_MAX - 2) / 2 || !room(o, 2 * n + 2)) {
        o->nomem = true;
        return;
    }
    o->len += csv_write(o->buf + o->len, o->cap - o->len, s, n);
}

/* ="value", the value's quotes doubled: a formula whose result is the text
 * itself, which spreadsheets show as it is and never evaluate further; a
 * long value ="piece"&"piece"&..., the same text. */
static void put_protected(struct csv_out *o, const char *s, size_t n)
{
    size_t quotes = 0;
    for (size_t i = 0; i < n; i++)
        quotes += s[i] == '"';
    size_t pieces = n / (FORMULA_STRING_MAX / 4) + 1; /* more than enough: all but the last
                                                         piece hold at least 252 bytes */
    char *buf = malloc(n + quotes + 4 * pieces + 4);
    if (!buf) { /* unprotected rather than lost, and the stream fails (out of memory) */
        o->nomem = true;
        put_field(o, s, n);
        return;
    }
    size_t k = 0;
    buf[k++] = '=';
    for (size_t i = 0, end = 0; end < n; i = end) {
        end = piece_end(s, n, i);
        if (i > 0) buf[k++] = '&';
        buf[k++] = '"';
        for (size_t j = i; j < end; j++) {
            if (s[j] == '"') buf[k++] = '"';
            buf[k++] = s[j];
        }
        buf[k++] = '"';
    }
    put_field(o, buf, k);
    free(buf);
}

/* The text of one ="..." piece from s[i] (after its opening quote): its
 * length written at out (may be s), and the index after its closing quote;
 * 0 when it does not close. */
static size_t unquote_piece(char *out, size_t *len, const char *s, size_t n, size_t i)
{
    size_t k = 0;
    for (; i < n; i++) {
        if (s[i] == '"' && (i + 1 == n || s[i + 1] != '"')) {
            *len = k;
            return i + 1;
        }
        i += s[i] == '"'; /* "" is a quote */
        if (out) out[k] = s[i];
        k++;
    }
    return 0;
}

/* Whether s[0, n) is ="..." or ="..."&"..."... as put_protected writes it. */
static bool protected_form(const char *s, size_t n)
{
    if (n < 3 || s[0] != '=' || s[1] != '"') return false;
    size_t i = 2, len;
    while ((i = unquote_piece(NULL, &len, s, n, i)) != 0) {
        if (i == n) return true;
        if (i + 1 >= n || s[i] != '&' || s[i + 1] != '"') return false;
        i += 2;
    }
    return false;
}

char *csv_excel_unprotect(char *s)
{
    size_t n = strlen(s);
    if (!protected_form(s, n)) return s;
    size_t i = 2, k = 0, len;
    while ((i = unquote_piece(s + k, &len, s, n, i)) != 0) {
        k += len;
        if (i == n) break;
        i += 2;
    }
    s[k] = '\0';
    return s;
}

/* The field and its delimiter when it needs no quotes; false, and nothing
 * kept, when it needs them after all. */
static bool put_plain(struct csv_out *o, const char *s, size_t n)
{
    if (!room(o, n + 1)) return true; /* lost: o->nomem says so */
    size_t at = o->len + !o->first;
    if (csv_plain_copy(o->buf + at, s, n, o->delim) == SIZE_MAX) return false;
    if (!o->first) o->buf[o->len] = o->delim;
    o->first = false;
    o->len = at + n;
    return true;
}

void csv_out_field(struct csv_out *o, const char *s, size_t n, enum csv_kind kind)
{
    bool protect = o->excel && csv_excel_protects(s, n, kind);
    if (!protect && put_plain(o, s, n)) return;
    if (!o->first) csv_out_raw(o, &o->delim, 1);
    o->first = false;
    if (protect)
        put_protected(o, s, n);
    else
        put_field(o, s, n);
}

void csv_out_end(struct csv_out *o)
{
    if (room(o, 2)) { /* by hand: a row of pdn2csv --moves is a ply */
        if (o->crlf) o->buf[o->len++] = '\r';
        o->buf[o->len++] = '\n';
    }
    csv_out_row_done(o);
}

bool csv_out_flush(struct csv_out *o)
{
    if (o->len > 0 && fwrite(o->buf, 1, o->len, o->fp) != o->len) {
        o->len = 0;
        return false;
    }
    o->len = 0;
    return !o->nomem && !ferror(o->fp);
}

void csv_out_free(struct csv_out *o)
{
    free(o->buf);
    o->buf = NULL;
    o->len = o->cap = 0;
}

/* ---- reading ---- */

struct csv_in {
    struct csv_parser p;
    char delim;
    bool strict;
    int error;
    /* csv_in_cut: the row is cut; the field being read keeps keep bytes,
     * the fields after it none, until the row ends */
    bool cut;
    size_t keep;
};

/* RFC 4180: blanks belong to the field; only the delimiter and the line
 * ends separate. libcsv trims spaces and tabs by default. */
static int no_space(unsigned char c)
{
    (void)c;
    return 0;
}

/* libcsv grows a field's buffer by this much at a time (its default, 128
 * bytes, made a long field quadratic: a realloc every 128 bytes). */
#define FIELD_BLOCK (1 << 16)

static bool start(struct csv_in *in)
{
    unsigned char opts = CSV_APPEND_NULL | (in->strict ? CSV_STRICT : 0);
    if (csv_init(&in->p, opts) != 0) return false;
    csv_set_delim(&in->p, (unsigned char)in->delim);
    csv_set_space_func(&in->p, no_space);
    csv_set_blk_size(&in->p, FIELD_BLOCK);
    in->cut = false;
    return true;
}

struct csv_in *csv_in_new(char delim, bool strict)
{
    struct csv_in *in = calloc(1, sizeof *in);
    if (!in) return NULL;
    in->delim = delim;
    in->strict = strict;
    if (!start(in)) {
        free(in);
        return NULL;
    }
    return in;
}

void csv_in_free(struct csv_in *in)
{
    if (!in) return;
    csv_free(&in->p);
    free(in);
}

/* libcsv's callbacks carry one pointer: the caller's two functions and
 * context travel together. */
struct relay {
    struct csv_in *in;
    csv_field_fn field;
    csv_row_fn row;
    void *ctx;
};

static void on_field(void *s, size_t n, void *data)
{
    struct relay *r = data;
    if (r->in->cut) {
        n = n < r->in->keep ? n : r->in->keep;
        r->in->keep = 0;
    }
    r->field(s ? s : "", n, r->ctx);
}

static void on_row(int c, void *data)
{
    struct relay *r = data;
    (void)c;
    r->in->cut = false;
    r->row(r->ctx);
}

/* libcsv's states: ROW_NOT_BEGUN, between rows; FIELD_BEGUN, in a field;
 * FIELD_MIGHT_HAVE_ENDED, a quote read in a quoted field, kept at the
 * buffer's end until the next byte says what it was. */
#define ROW_NOT_BEGUN 0
#define FIELD_BEGUN 2
#define MIGHT_HAVE_ENDED 3

static bool in_field(const struct csv_parser *p)
{
    return p->pstate == FIELD_BEGUN || p->pstate == MIGHT_HAVE_ENDED;
}

/* A cut row: the bytes of the field being read past keep are forgotten, so
 * that its buffer stays within keep and one parse call's bytes. */
static void drop_cut(struct csv_in *in)
{
    struct csv_parser *p = &in->p;
    if (!in->cut || !in_field(p)) return;
    bool quote = p->pstate == MIGHT_HAVE_ENDED;
    if (p->entry_pos <= in->keep + quote) return;
    if (quote) p->entry_buf[in->keep] = p->quote_char; /* the one libcsv takes back */
    p->entry_pos = in->keep + quote;
}

size_t csv_in_parse(struct csv_in *in, const char *s, size_t n, csv_field_fn field, csv_row_fn row,
                    void *ctx)
{
    struct relay r = {in, field, row, ctx};
    size_t used = csv_parse(&in->p, s, n, on_field, on_row, &r);
    if (used < n) in->error = csv_error(&in->p);
    drop_cut(in);
    return used;
}

bool csv_in_row_begun(const struct csv_in *in)
{
    return in->p.pstate != ROW_NOT_BEGUN;
}

bool csv_in_quoted(const struct csv_in *in)
{
    return in->p.quoted && in->p.pstate == FIELD_BEGUN;
}

size_t csv_in_pending(const struct csv_in *in)
{
    return in_field(&in->p) ? in->p.entry_pos : 0;
}

void csv_in_cut(struct csv_in *in, size_t keep)
{
    in->cut = true;
    in->keep = keep;
    drop_cut(in);
}

bool csv_in_finish(struct csv_in *in, csv_field_fn field, csv_row_fn row, void *ctx)
{
    struct relay r = {in, field, row, ctx};
    /* FIELD_BEGUN in a quoted field: the quote never closed. The field
     * still ends here, so that nothing read is lost. */
    bool open = in->p.quoted && in->p.pstate == FIELD_BEGUN;
    csv_fini(&in->p, on_field, on_row, &r);
    return !open;
}

const char *csv_in_failed(struct csv_in *in)
{
    return in->error ? csv_strerror(in->error) : NULL;
}

bool csv_in_reset(struct csv_in *in)
{
    csv_free(&in->p);
    in->error = 0;
    return start(in);
}
