/*
 * stats_table: a table of cells (columns, rows of strings) as pdnstats
 * writes it: aligned text for people, with control characters made
 * visible; CSV rows through csv.c (libcsv), optionally protected for
 * spreadsheets; one member of a JSON document. The naming scheme of CSV and
 * JSON lives here: every column and measure gets an identifier, given or
 * made from its heading (stats_ident). It knows no statistics.
 */
#include "csv_io.h"
#include "slow_path.h"
#include "stats.h"
#include "text.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- identifiers ---------------------------------------------------------------- */

static bool ascii_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Appends the word to out (TAB_KEY bytes) after a '_' when a word is there. */
static size_t ident_word(char *out, size_t w, const char *word, size_t n)
{
    if (w > 0 && w + 1 < TAB_KEY) out[w++] = '_';
    for (size_t i = 0; i < n && w + 1 < TAB_KEY; i++) {
        char c = word[i];
        out[w++] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    return w;
}

size_t stats_ident(char out[TAB_KEY], const char *s)
{
    size_t w = 0;
    for (const char *p = s; *p;) {
        if (*p == '%') {
            w = ident_word(out, w, "pct", 3);
            p++;
            continue;
        }
        size_t n = 0;
        char word[TAB_KEY];
        while (n + 1 < sizeof word && (ascii_alnum(p[n]) || p[n] == '\'')) {
            word[n] = p[n];
            n++;
        }
        if (n == 0) {
            p++; /* a separator */
            continue;
        }
        p += n;
        size_t k = 0; /* "White's" is "whites" */
        for (size_t i = 0; i < n; i++)
            if (word[i] != '\'') word[k++] = word[i];
        w = ident_word(out, w, word, k);
    }
    if (w == 0 || (out[0] >= '0' && out[0] <= '9')) { /* an identifier starts with a letter */
        size_t keep = w < TAB_KEY - 3 ? w : TAB_KEY - 3;
        memmove(out + 2, out, keep);
        memcpy(out, "c_", 2);
        w = keep + 2;
        if (keep == 0) w = 1; /* "c" alone */
    }
    out[w] = '\0';
    return w;
}

/* ---- building ------------------------------------------------------------------- */

/* Whether a column of t already has this key. */
static bool key_taken(const struct tab *t, const char *key)
{
    for (size_t j = 0; j < t->ncols; j++)
        if (strcmp(t->keys[j], key) == 0) return true;
    return false;
}

void tab_col_key(struct tab *t, const char *heading, const char *key, bool num)
{
    if (t->ncols >= TAB_COLS) return;
    size_t j = t->ncols;
    char *k = t->keys[j];
    if (key)
        snprintf(k, TAB_KEY, "%s", key);
    else
        stats_ident(k, heading);
    /* two headings with one identifier (a tie-break added later): the
     * second gets its column's number */
    if (key_taken(t, k)) {
        size_t n = strlen(k), cut = n < TAB_KEY - 5 ? n : TAB_KEY - 5;
        snprintf(k + cut, TAB_KEY - cut, "_%zu", j + 1);
    }
    t->num[j] = num;
    t->cols[t->ncols++] = heading;
}

void tab_col(struct tab *t, const char *heading, bool num)
{
    tab_col_key(t, heading, NULL, num);
}

void tab_col_num(struct tab *t, const char *prefix, const char *key_prefix, int n, bool num)
{
    if (t->ncols >= TAB_COLS) return;
    char key[TAB_KEY];
    snprintf(t->colbuf[t->ncols], sizeof t->colbuf[t->ncols], "%s%d", prefix, n);
    snprintf(key, sizeof key, "%s%d", key_prefix, n);
    tab_col_key(t, t->colbuf[t->ncols], key, num);
}

/* Room for n more bytes at the end of the cells' text, or NULL. */
static inline char *text_room(struct tab *t, size_t n)
{
    if (t->text.cap - t->text.n >= n) return (char *)t->text.data + t->text.n;
    if (t->text.n + n < t->text.n) return NULL; /* would overflow */
    if (!vec_grow(&t->text.data, &t->text.cap, t->text.n + n, 1)) return NULL;
    return (char *)t->text.data + t->text.n;
}

/* Appends n bytes of s to the cells' text (to the cell being made). */
static bool text_put(struct tab *t, const char *s, size_t n)
{
    if (n == 0) return true; /* the room of an empty text may be none */
    char *to = text_room(t, n);
    if (!to) return false;
    memcpy(to, s, n);
    t->text.n += n;
    return true;
}

/* v in decimal at the end of out[24], a NUL after it: where it starts. */
static char *decimal(char out[24], unsigned long v, bool minus)
{
    char *p = out + 23;
    *p = '\0';
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    if (minus) *--p = '-';
    return p;
}

static bool text_decimal(struct tab *t, unsigned long v, bool minus)
{
    char buf[24], *p = decimal(buf, v, minus);
    return text_put(t, p, (size_t)(buf + sizeof buf - 1 - p));
}

/* A cell as text shows it, with its control characters made visible
 * (names come from the input: an ESC in one must not reach the
 * terminal): its bytes in *n, its width in *width; NULL out of memory. */
static const char *text_shown(struct vec *shown, const char *s, size_t *n, size_t *width)
{
    size_t plain = 0; /* printable ASCII, one column a byte: its length found on the way */
    while ((unsigned char)(s[plain] - 0x20) < 0x7F - 0x20)
        plain++;
    /* Accented names show as they are too, one column a character: measured,
     * not escaped into a copy (a repeats table of 21,000 rows spent a
     * sixth of its writing escaping them). */
    size_t chars = 0,
           as_is = (unsigned char)s[plain] >= 0x80 ? text_shown_prefix(s + plain, &chars) : 0;
    if (!s[plain + as_is]) {
        *n = plain + as_is;
        *width = plain + chars;
        return s;
    }
    *n = plain + strlen(s + plain);
    if (!vec_grow(&shown->data, &shown->cap, TEXT_ESCAPE_RATIO * *n + 1, 1)) return NULL;
    *n = text_escape(shown->data, s, *n);
    *width = pdn_text_width(shown->data, *n);
    return shown->data;
}

static void line_cell(struct text_out *w, const struct tab *t, const char *s);

/* A cell made in one of text's passes over made rows (t->widths): its
 * width as text shows it widens its column's, or (t->line) it goes onto
 * the line; it is not kept. */
static void cell_made(struct tab *t, const char *s)
{
    size_t j = t->col++, n, width;
    if (j >= t->ncols) return; /* a cell too many: the row is refused */
    if (t->line)
        line_cell(t->line, t, s);
    else if (!text_shown(&t->shown, s, &n, &width))
        t->failed = true;
    else if (width > t->widths[j])
        t->widths[j] = width;
}

/* Ends the cell begun at start in the text (ok: its bytes are there): its
 * NUL, its place in the row. */
static void cell_end(struct tab *t, size_t start, bool ok)
{
    if (ok && t->widths) { /* measured or written, then forgotten */
        if (text_put(t, "", 1))
            cell_made(t, (const char *)t->text.data + start);
        else
            t->failed = true;
        t->text.n = start;
        return;
    }
    char *nul = ok ? text_room(t, 1) : NULL;
    size_t *at = nul ? vec_push(&t->cells, sizeof *at) : NULL;
    if (!at) {
        t->text.n = start;
        t->failed = true;
        return;
    }
    *nul = '\0';
    t->text.n++;
    *at = start;
}

/* A cell of s[0, n) (no NUL in it), room and all at once. */
static void cell_bytes(struct tab *t, const char *s, size_t n)
{
    char *to = text_room(t, n + 1);
    size_t *at = to ? vec_push(&t->cells, sizeof *at) : NULL;
    if (!at) {
        t->failed = true;
        return;
    }
    memcpy(to, s, n);
    to[n] = '\0';
    *at = t->text.n;
    t->text.n += n + 1;
}

void tab_text(struct tab *t, const char *s)
{
    if (!s) s = "(null)"; /* as tab_cell(t, "%s", s) */
    if (t->widths)
        cell_made(t, s);
    else
        cell_bytes(t, s, strlen(s));
}

void tab_count(struct tab *t, unsigned long n)
{
    char buf[24], *p = decimal(buf, n, false);
    if (t->widths)
        cell_made(t, p);
    else
        cell_bytes(t, p, (size_t)(buf + sizeof buf - 1 - p));
}

void tab_place(struct tab *t, int from, int to)
{
    if (from == to)
        tab_cell(t, "%d", from);
    else
        tab_cell(t, "%d-%d", from, to);
}

/* One conversion of the few most cells are made of at *p: a name (%s)
 * or a count (%u, %lu, %d), past which *p is moved; false for any other,
 * nothing read. */
static bool simple_conversion(struct tab *t, const char **p, va_list *ap, bool *ok)
{
    const char *c = *p;
    if (c[0] == 's') {
        const char *s = va_arg(*ap, const char *);
        if (!s) s = "(null)"; /* as glibc's printf: the same bytes */
        *ok = *ok && text_put(t, s, strlen(s));
    } else if (c[0] == 'u') {
        *ok = *ok && text_decimal(t, va_arg(*ap, unsigned), false);
    } else if (c[0] == 'l' && c[1] == 'u') {
        *ok = *ok && text_decimal(t, va_arg(*ap, unsigned long), false);
        c++;
    } else if (c[0] == 'd') {
        int v = va_arg(*ap, int);
        *ok = *ok && text_decimal(t, v < 0 ? 0ul - (unsigned long)v : (unsigned long)v, v < 0);
    } else {
        return false;
    }
    *p = c + 1;
    return true;
}

/* A cell of text and those conversions ("%s", "%lu", "game %u"), made
 * without vsnprintf's walk of the format: vsnprintf and a malloc a cell
 * were 10% of pdnstats' instructions on 3 MB of the check corpus, whose
 * games make about as many rows (events, repeats) as there are games.
 * False: another conversion, for vsnprintf; nothing kept. */
static bool cell_simple(struct tab *t, const char *fmt, va_list *ap)
{
    size_t start = t->text.n;
    bool ok = true;
    for (const char *p = fmt; *p;) {
        size_t literal = 0;
        while (p[literal] && p[literal] != '%')
            literal++;
        ok = ok && text_put(t, p, literal);
        p += literal;
        if (!*p++) break;
        if (!simple_conversion(t, &p, ap, &ok)) {
            t->text.n = start;
            return false;
        }
    }
    cell_end(t, start, ok);
    return true;
}

/* A cell of any format, through vsnprintf. */
static void cell_vformat(struct tab *t, const char *fmt, va_list ap)
{
    enum { MOST = 256 }; /* most cells fit: formatted once */
    va_list again;
    va_copy(again, ap);
    size_t start = t->text.n;
    char *to = text_room(t, MOST);
    int n = to ? vsnprintf(to, MOST, fmt, ap) : -1;
    if (n >= MOST && (to = text_room(t, (size_t)n + 1)) != NULL)
        vsnprintf(to, (size_t)n + 1, fmt, again);
    va_end(again);
    if (n < 0 || !to) {
        t->failed = true;
        return;
    }
    t->text.n += (size_t)n;
    cell_end(t, start, true);
}

void tab_cell(struct tab *t, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    if (!cell_simple(t, fmt, &ap)) cell_vformat(t, fmt, again);
    va_end(again);
    va_end(ap);
}

/* Forgets the cells, keeping the room for them. */
static void cells_clear(struct tab *t)
{
    t->text.n = t->cells.n = 0;
}

void tab_free(struct tab *t)
{
    vec_free(&t->text);
    vec_free(&t->cells);
    vec_free(&t->shown);
}

static const char *cell_at(const struct tab *t, size_t k)
{
    return (const char *)t->text.data + ((const size_t *)t->cells.data)[k];
}

static size_t tab_rows(const struct tab *t)
{
    if (t->row) return t->nrows;
    return t->ncols ? t->cells.n / t->ncols : 0;
}

/* The columns CSV and JSON write: the text's bars are left out. */
static size_t data_cols(const struct tab *t)
{
    return t->ncols - (t->text_last ? 1 : 0);
}

/* A row's key in a keyed or measures table: given, or its first cell's. */
static const char *row_key(const struct tab *t, size_t i, char buf[TAB_KEY])
{
    if (t->row_keys) return t->row_keys[i];
    stats_ident(buf, cell_at(t, i * t->ncols));
    return buf;
}

/* Row i's cells into row: those held, or (a table of made rows) made now
 * in t's cells, which then hold that row alone; false (and t->failed) out
 * of memory. */
static bool row_cells(struct tab *t, size_t i, const char *row[TAB_COLS])
{
    size_t first = i * t->ncols;
    if (t->row) {
        cells_clear(t);
        t->row(t, i, t->ctx);
        first = 0;
        if (t->cells.n != t->ncols) t->failed = true;
    }
    if (t->failed) return false;
    for (size_t j = 0; j < t->ncols; j++)
        row[j] = cell_at(t, first + j);
    return true;
}

/* ---- text ------------------------------------------------------------------------ */

/* A text table's line as it is made, written at its end with one fwrite
 * (a fputs a cell and a fputc a blank were 4% of pdnstats' instructions),
 * or made at the end of a text (tab_text_out_into), and room for a cell
 * made visible. */
struct text_out {
    FILE *fp;
    struct vec line;      /* char: the line, for fp */
    struct vec *out;      /* where the line is made: line, or the text */
    struct vec *shown;    /* the table's: a cell escaped */
    size_t pending;       /* blanks owed before the next cell: no line ends in one */
    const size_t *widths; /* the columns' */
    size_t col;           /* the next cell's column (tab_line_cell) */
    bool failed;
};

/* Room for n more bytes where the line is made: where they go, or NULL
 * (failed) out of memory. */
static char *line_room(struct text_out *w, size_t n)
{
    struct vec *o = w->out;
    if (o->cap - o->n < n && !vec_grow(&o->data, &o->cap, o->n + n, 1)) {
        w->failed = true;
        return NULL;
    }
    return (char *)o->data + o->n;
}

/* Appends n bytes of s to the line. */
static void line_put(struct text_out *w, const char *s, size_t n)
{
    if (n == 0) return; /* an empty cell: the line may have no room yet */
    char *at = line_room(w, n);
    if (at == NULL) return;
    memcpy(at, s, n);
    w->out->n += n;
}

/* A cell's text as shown, s[0, n) of shown columns, padded to width. */
static void put_shown(struct text_out *w, const char *s, size_t n, size_t shown, size_t width,
                      bool right)
{
    size_t pad = shown < width ? width - shown : 0;
    if (right) w->pending += pad;
    if (n > 0) { /* the blanks owed, then the cell: room for both at once */
        size_t need = w->pending + n;
        char *at = line_room(w, need);
        if (at == NULL) return;
        memset(at, ' ', w->pending);
        memcpy(at + w->pending, s, n);
        w->out->n += need;
        w->pending = 0;
    }
    if (!right) w->pending += pad;
}

/* Lines of a text table, without trailing blanks: begun, a cell of
 * column j at a time, ended (written). */
static void line_begin(struct text_out *w)
{
    if (w->out == &w->line) w->line.n = 0;
    w->pending = 2;
    w->col = 0;
}

static void line_end(struct text_out *w)
{
    line_put(w, "\n", 1);
    if (!w->failed && w->out == &w->line) fwrite(w->line.data, 1, w->line.n, w->fp);
}

void *tab_alloc_lines(size_t size)
{
    size = (size + 63) & ~(size_t)63; /* aligned_alloc wants a multiple */
    void *p = aligned_alloc(64, size);
    if (p) memset(p, 0, size);
    return p;
}

struct text_out *tab_text_out_like(const struct text_out *like)
{
    /* on cache lines of its own: each cell written changes it, and another
     * thread's writer may be its neighbour */
    struct text_out *w = tab_alloc_lines(sizeof *w);
    if (w == NULL) return NULL;
    w->fp = like->fp;
    w->out = &w->line;
    w->widths = like->widths;
    return w;
}

void tab_text_out_into(struct text_out *w, struct vec *text)
{
    w->out = text;
}

void tab_text_out_free(struct text_out *w)
{
    if (w) vec_free(&w->line);
    free(w);
}

void tab_line_begin(struct text_out *w)
{
    line_begin(w);
}

void tab_line_cell(struct text_out *w, const struct tab *t, const char *s, size_t n, size_t shown)
{
    size_t j = w->col++;
    if (j >= t->ncols) { /* a cell too many */
        w->failed = true;
        return;
    }
    /* the last column unpadded (no line ends in blanks) unless right-aligned */
    put_shown(w, s, n, shown, j + 1 == t->ncols && !t->num[j] ? 0 : w->widths[j], t->num[j]);
    if (j + 1 < t->ncols) w->pending += 2;
}

/* The next cell of the line, as text shows it. */
static void line_cell(struct text_out *w, const struct tab *t, const char *s)
{
    size_t n, shown;
    s = text_shown(w->shown, s, &n, &shown);
    if (s)
        tab_line_cell(w, t, s, n, shown);
    else
        w->failed = true;
}

bool tab_line_end(struct text_out *w, const struct tab *t)
{
    if (w->col != t->ncols) w->failed = true;
    line_end(w);
    return !w->failed;
}

const char *tab_text_shown(struct tab *t, const char *s, size_t *n, size_t *width)
{
    return text_shown(&t->shown, s, n, width);
}

static void text_line(struct text_out *w, const struct tab *t, const char *const *row)
{
    line_begin(w);
    for (size_t j = 0; j < t->ncols; j++)
        line_cell(w, t, row[j]);
    line_end(w);
}

static void escape_title(struct tab *t)
{
    char title[sizeof t->title * TEXT_ESCAPE_RATIO];
    size_t n = text_escape(title, t->title, strlen(t->title));
    n = text_utf8_cut(title, n, sizeof t->title - 1); /* a long name loses its end */
    memcpy(t->title, title, n);
    t->title[n] = '\0';
}

/* Made rows, each once, their cells measured into width (line NULL) or
 * written as lines; none kept. */
static bool made_pass(struct tab *t, size_t width[TAB_COLS], struct text_out *line)
{
    t->widths = width;
    t->line = line;
    for (size_t i = 0; !t->failed && i < t->nrows && !(line && line->failed); i++) {
        t->col = 0;
        if (line) line_begin(line);
        t->row(t, i, t->ctx);
        if (t->col != t->ncols) t->failed = true;
        if (line && !t->failed) line_end(line);
    }
    t->widths = NULL;
    t->line = NULL;
    return !t->failed;
}

/* The width of each column in text: its heading's or its widest cell's. */
static bool text_widths(struct tab *t, size_t width[TAB_COLS])
{
    for (size_t j = 0; j < t->ncols; j++)
        width[j] = pdn_text_width(t->cols[j], strlen(t->cols[j]));
    if (t->row && t->measure_rows && !slow_path_asked()) return t->measure_rows(t, width, t->ctx);
    if (t->row) return made_pass(t, width, NULL);
    const char *row[TAB_COLS];
    for (size_t i = 0; i < tab_rows(t); i++) {
        if (!row_cells(t, i, row)) return false;
        for (size_t j = 0; j < t->ncols; j++) {
            size_t n, shown;
            if (!text_shown(&t->shown, row[j], &n, &shown)) return false;
            if (shown > width[j]) width[j] = shown;
        }
    }
    return true;
}

static void write_text(FILE *fp, struct tab *t)
{
    size_t width[TAB_COLS] = {0};
    struct text_out w = {.fp = fp, .shown = &t->shown, .widths = width};
    w.out = &w.line;
    const char *row[TAB_COLS];
    if (!text_widths(t, width)) {
        t->failed = true;
    } else {
        escape_title(t);
        fprintf(fp, "%s\n", t->title);
        text_line(&w, t, t->cols);
        /* A header alone reads as a table cut short: say it is empty. */
        if ((t->row ? t->nrows : tab_rows(t)) == 0) fputs("  (none)\n", fp);
        if (t->row && t->write_rows && !slow_path_asked())
            t->failed |= !t->write_rows(t, &w, t->ctx);
        else if (t->row)
            made_pass(t, width, &w);
        for (size_t i = 0; !t->row && !w.failed && i < tab_rows(t) && row_cells(t, i, row); i++)
            text_line(&w, t, row);
        if (!w.failed && !t->failed) fputc('\n', fp);
    }
    t->failed |= w.failed;
    vec_free(&w.line);
}

/* Whether a cell is a number as JSON writes one: -?digits(.digits)? */
static bool json_number(const char *s)
{
    size_t i = s[0] == '-', d = strspn(s + i, "0123456789");
    if (d == 0) return false;
    i += d;
    if (s[i] == '.') {
        d = strspn(s + i + 1, "0123456789");
        if (d == 0) return false;
        i += 1 + d;
    }
    return s[i] == '\0';
}

/* Whether a cell of column j is a number: a measure's value or a number
 * column's cell that reads as one ("largest capture, first seen" and a
 * shared place "3-4" are text: a spreadsheet must not make 3-4 a date). */
static bool numeric(const struct tab *t, size_t j, const char *s)
{
    if (t->shape != TAB_MEASURES && !(t->num[j] && !t->str[j])) return false;
    return json_number(s);
}

/* ---- CSV -------------------------------------------------------------------------- */

/* How a cell is protected in a spreadsheet's CSV (csv_excel_protects):
 * numbers stay numbers; grid cells ("22", "12w2") and names stay text
 * whatever they look like. */
static enum csv_kind cell_kind(const struct tab *t, size_t j, const char *s)
{
    if (t->date[j] && s[0] && !strchr(s, '?')) return CSV_KIND_DATE;
    return numeric(t, j, s) ? CSV_KIND_NUMBER : CSV_KIND_CODE;
}

/* A decimal number for a spreadsheet of the locales that separate fields
 * by ';' (the --excel profile): with a decimal comma, or it reads as text
 * or, "16.7", as 16 July. */
static void csv_decimal_comma(struct csv_out *o, const char *s, size_t n)
{
    char buf[64];
    if (n >= sizeof buf) {
        csv_out_field(o, s, n, CSV_KIND_NUMBER);
        return;
    }
    memcpy(buf, s, n + 1);
    char *dot = strchr(buf, '.');
    if (dot) *dot = ',';
    csv_out_field(o, buf, n, CSV_KIND_NUMBER);
}

static void csv_cell(struct csv_out *o, const char *s, enum csv_kind kind)
{
    size_t n = strlen(s);
    if (o->excel && kind == CSV_KIND_NUMBER)
        csv_decimal_comma(o, s, n);
    else
        csv_out_field(o, s, n, kind);
}

static void write_csv(struct stats_out *o, struct tab *t)
{
    size_t ncols = data_cols(t), rows = tab_rows(t);
    char buf[TAB_KEY];
    const char *row[TAB_COLS];
    if (t->shape == TAB_MEASURES) { /* one record: the measures are its columns */
        for (size_t i = 0; i < rows; i++)
            csv_cell(o->csv, row_key(t, i, buf), CSV_KIND_TEXT);
        csv_out_end(o->csv);
        for (size_t i = 0; i < rows; i++) {
            const char *value = cell_at(t, i * t->ncols + 1);
            csv_cell(o->csv, value, cell_kind(t, 1, value));
        }
        csv_out_end(o->csv);
    } else {
        for (size_t j = 0; j < ncols; j++)
            csv_cell(o->csv, t->keys[j], CSV_KIND_TEXT);
        csv_out_end(o->csv);
        for (size_t i = 0; i < rows && row_cells(t, i, row); i++) {
            for (size_t j = 0; j < ncols; j++) {
                const char *s = j == 0 && t->shape == TAB_KEYED ? row_key(t, i, buf) : row[j];
                csv_cell(o->csv, s, cell_kind(t, j, s));
            }
            csv_out_end(o->csv);
        }
    }
    /* Rows are buffered (csv_out): hand them over. */
    csv_out_flush(o->csv);
}

/* ---- JSON -------------------------------------------------------------------------- */

/* A JSON string: valid UTF-8 whatever the input (a byte that is none is
 * U+FFFD), every control character escaped, DEL and C1 too. */
void stats_json_string(FILE *fp, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    fputc('"', fp);
    while (n > 0) {
        bool cut;
        size_t ok = text_utf8_valid(p, n, &cut);
        for (size_t i = 0; i < ok; i++) {
            bool c1 = p[i] == 0xC2 && p[i + 1] <= 0x9F;
            if (p[i] == '"' || p[i] == '\\')
                fprintf(fp, "\\%c", p[i]);
            else if (p[i] < 0x20 || p[i] == 0x7F)
                fprintf(fp, "\\u%04x", p[i]);
            else if (c1)
                fprintf(fp, "\\u%04x", p[++i]);
            else
                fputc(p[i], fp);
        }
        p += ok;
        n -= ok;
        if (n == 0) break;
        fputs("\\ufffd", fp); /* one byte that is no UTF-8 */
        p++;
        n--;
    }
    fputc('"', fp);
}

/* A cell as a JSON value: a number as it is, empty in a number column as
 * null; anything else a string. */
static void json_value(FILE *fp, const struct tab *t, size_t j, const char *s)
{
    if (t->num[j] && !t->str[j] && s[0] == '\0')
        fputs("null", fp);
    else if (numeric(t, j, s))
        fputs(s, fp);
    else
        stats_json_string(fp, s);
}

/* Members "key": value of a row, from column 'from' on. */
static void json_members(FILE *fp, const struct tab *t, const char *const *row, size_t from)
{
    for (size_t j = from; j < data_cols(t); j++) {
        if (j > from) fputs(", ", fp);
        stats_json_string(fp, t->keys[j]);
        fputs(": ", fp);
        json_value(fp, t, j, row[j]);
    }
}

void tab_json_rows(FILE *fp, struct tab *t)
{
    size_t rows = tab_rows(t);
    const char *row[TAB_COLS];
    fputc('[', fp);
    for (size_t i = 0; i < rows && row_cells(t, i, row); i++) {
        fputs(i ? ",\n    {" : "\n    {", fp);
        json_members(fp, t, row, 0);
        fputc('}', fp);
    }
    fputs(rows ? "\n  ]" : "]", fp);
}

/* A measures table as one object, a keyed one as an object of objects. */
static void json_object(FILE *fp, struct tab *t)
{
    size_t rows = tab_rows(t);
    char buf[TAB_KEY];
    const char *row[TAB_COLS];
    fputc('{', fp);
    for (size_t i = 0; i < rows; i++) {
        fputs(i ? ",\n    " : "\n    ", fp);
        stats_json_string(fp, row_key(t, i, buf));
        fputs(": ", fp);
        row_cells(t, i, row);
        if (t->shape == TAB_MEASURES) {
            json_value(fp, t, 1, row[1]);
            continue;
        }
        fputc('{', fp);
        json_members(fp, t, row, 1);
        fputc('}', fp);
    }
    fputs(rows ? "\n  }" : "}", fp);
}

void stats_json_member(struct stats_out *o, const char *name)
{
    fputs(o->first_table ? "{\n  " : ",\n  ", o->fp);
    o->first_table = false;
    stats_json_string(o->fp, name);
    fputs(": ", o->fp);
}

static void write_json(struct stats_out *o, struct tab *t)
{
    stats_json_member(o, t->name);
    if (t->shape == TAB_ROWS)
        tab_json_rows(o->fp, t);
    else
        json_object(o->fp, t);
}

int tab_emit(struct stats_out *o, struct tab *t)
{
    bool text = o->o->format == PDN_STATS_TEXT;
    if (!t->failed && text) {
        write_text(o->fp, t);
    } else if (!t->failed && o->o->format == PDN_STATS_CSV) {
        write_csv(o, t);
    } else if (!t->failed) {
        write_json(o, t);
    }
    int rc = t->failed ? PDN_ENOMEM : 0;
    tab_free(t);
    return rc;
}
