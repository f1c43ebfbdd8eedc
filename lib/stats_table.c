/*
 * stats_table: a table of cells (columns, rows of strings) as pdnstats
 * writes it: aligned text for people, with control characters made
 * visible; CSV rows through csv.c (libcsv), optionally protected for
 * spreadsheets; one member of a JSON document. The naming scheme of CSV and
 * JSON lives here: every column and measure gets an identifier, given or
 * made from its heading (stats_ident). It knows no statistics.
 */
#include "csv_io.h"
#include "stats.h"
#include "text.h"

#include <stdarg.h>
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

/* A copy of the cell "%s" makes of text, without the format's walk: the
 * most common cell (names, files), and vsnprintf was 7% of pdnstats'
 * instructions on 100 MB whose 113,000 repeats each make their row twice. */
static char *text_cell(const char *text)
{
    if (!text) text = "(null)"; /* as glibc's printf: the same bytes */
    size_t n = strlen(text);
    char *s = malloc(n + 1);
    if (s) memcpy(s, text, n + 1);
    return s;
}

void tab_cell(struct tab *t, const char *fmt, ...)
{
    char buf[256]; /* most cells fit: formatted once */
    va_list ap;
    va_start(ap, fmt);
    char *s;
    if (strcmp(fmt, "%s") == 0) {
        s = text_cell(va_arg(ap, const char *));
        va_end(ap);
    } else {
        int n = vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        s = n >= 0 ? malloc((size_t)n + 1) : NULL;
        if (s && (size_t)n < sizeof buf) {
            memcpy(s, buf, (size_t)n + 1);
        } else if (s) {
            va_start(ap, fmt);
            vsnprintf(s, (size_t)n + 1, fmt, ap);
            va_end(ap);
        }
    }
    char **slot = s ? vec_push(&t->cells, sizeof *slot) : NULL;
    if (!slot) {
        free(s);
        t->failed = true;
        return;
    }
    *slot = s;
}

/* Frees the cells, keeping the room for them. */
static void cells_clear(struct tab *t)
{
    char **c = t->cells.data;
    for (size_t i = 0; i < t->cells.n; i++)
        free(c[i]);
    t->cells.n = 0;
}

void tab_free(struct tab *t)
{
    cells_clear(t);
    vec_free(&t->cells);
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
    stats_ident(buf, ((char **)t->cells.data)[i * t->ncols]);
    return buf;
}

/* ---- text ------------------------------------------------------------------------ */

/* Blanks are held back until something follows them: no line ends in one. */
/* The blanks owed before the next cell, written as runs (a fputc a blank
 * was 1.5% of pdnstats' instructions on 3 MB of games). */
static void put_blanks(FILE *fp, size_t *pending)
{
    static const char blanks[] = "                                ";
    while (*pending > 0) {
        size_t n = *pending < sizeof blanks - 1 ? *pending : sizeof blanks - 1;
        fwrite(blanks, 1, n, fp);
        *pending -= n;
    }
}

static void put_padded(FILE *fp, const char *s, size_t width, bool right, size_t *pending)
{
    size_t w = pdn_text_width(s, strlen(s)), pad = w < width ? width - w : 0;
    if (right) *pending += pad;
    if (*s) {
        put_blanks(fp, pending);
        fputs(s, fp);
    }
    if (!right) *pending += pad;
}

/* One line of a text table, without trailing blanks. */
static void text_line(FILE *fp, const struct tab *t, char *const *row, const size_t *width)
{
    size_t pending = 2;
    for (size_t j = 0; j < t->ncols; j++) {
        put_padded(fp, row[j], j + 1 == t->ncols && !t->num[j] ? 0 : width[j], t->num[j], &pending);
        if (j + 1 < t->ncols) pending += 2;
    }
    fputc('\n', fp);
}

static bool plain_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7F) return false;
    return true;
}

/* Cells with their control characters made visible (names come from the
 * input: an ESC in one must not reach the terminal); false out of memory. */
static bool escape_cells(char **c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(c[i]);
        if (plain_ascii(c[i], len)) continue;
        char *e = malloc(TEXT_ESCAPE_RATIO * len + 1);
        if (!e) return false;
        text_escape(e, c[i], len);
        free(c[i]);
        c[i] = e;
    }
    return true;
}

static void escape_title(struct tab *t)
{
    char title[sizeof t->title * TEXT_ESCAPE_RATIO];
    size_t n = text_escape(title, t->title, strlen(t->title));
    n = text_utf8_cut(title, n, sizeof t->title - 1); /* a long name loses its end */
    memcpy(t->title, title, n);
    t->title[n] = '\0';
}

/* Row i's cells: those held, or (a table of made rows) made now in
 * t->cells, which then holds that row alone, escaped for text; NULL (and
 * t->failed) out of memory. */
static char **row_cells(struct tab *t, size_t i, bool text)
{
    if (!t->row) return (char **)t->cells.data + i * t->ncols;
    cells_clear(t);
    t->row(t, i, t->ctx);
    if (!t->failed && t->cells.n == t->ncols && (!text || escape_cells(t->cells.data, t->ncols)))
        return t->cells.data;
    t->failed = true;
    return NULL;
}

/* The width of each column in text: its heading's or its widest cell's. */
static bool text_widths(struct tab *t, size_t width[TAB_COLS])
{
    for (size_t j = 0; j < t->ncols; j++)
        width[j] = pdn_text_width(t->cols[j], strlen(t->cols[j]));
    for (size_t i = 0; i < tab_rows(t); i++) {
        char **row = row_cells(t, i, true);
        if (!row) return false;
        for (size_t j = 0; j < t->ncols; j++) {
            size_t w = pdn_text_width(row[j], strlen(row[j]));
            if (w > width[j]) width[j] = w;
        }
    }
    return true;
}

static void write_text(FILE *fp, struct tab *t)
{
    size_t width[TAB_COLS] = {0};
    if (!text_widths(t, width)) return;
    fprintf(fp, "%s\n", t->title);
    text_line(fp, t, (char *const *)t->cols, width);
    for (size_t i = 0; i < tab_rows(t); i++) {
        char **row = row_cells(t, i, true);
        if (!row) return;
        text_line(fp, t, row, width);
    }
    fputc('\n', fp);
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
    char **c = t->cells.data;
    size_t ncols = data_cols(t), rows = tab_rows(t);
    char buf[TAB_KEY];
    if (t->shape == TAB_MEASURES) { /* one record: the measures are its columns */
        for (size_t i = 0; i < rows; i++)
            csv_cell(o->csv, row_key(t, i, buf), CSV_KIND_TEXT);
        csv_out_end(o->csv);
        for (size_t i = 0; i < rows; i++)
            csv_cell(o->csv, c[i * t->ncols + 1], cell_kind(t, 1, c[i * t->ncols + 1]));
        csv_out_end(o->csv);
    } else {
        for (size_t j = 0; j < ncols; j++)
            csv_cell(o->csv, t->keys[j], CSV_KIND_TEXT);
        csv_out_end(o->csv);
        for (size_t i = 0; i < rows; i++) {
            char **row = row_cells(t, i, false);
            if (!row) break;
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
static void json_members(FILE *fp, const struct tab *t, char *const *row, size_t from)
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
    fputc('[', fp);
    for (size_t i = 0; i < rows; i++) {
        char **row = row_cells(t, i, false);
        if (!row) break;
        fputs(i ? ",\n    {" : "\n    {", fp);
        json_members(fp, t, row, 0);
        fputc('}', fp);
    }
    fputs(rows ? "\n  ]" : "]", fp);
}

/* A measures table as one object, a keyed one as an object of objects. */
static void json_object(FILE *fp, const struct tab *t)
{
    char **c = t->cells.data;
    size_t rows = tab_rows(t);
    char buf[TAB_KEY];
    fputc('{', fp);
    for (size_t i = 0; i < rows; i++) {
        fputs(i ? ",\n    " : "\n    ", fp);
        stats_json_string(fp, row_key(t, i, buf));
        fputs(": ", fp);
        if (t->shape == TAB_MEASURES) {
            json_value(fp, t, 1, c[i * t->ncols + 1]);
            continue;
        }
        fputc('{', fp);
        json_members(fp, t, c + i * t->ncols, 1);
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
    if (text && !t->row && !escape_cells(t->cells.data, t->cells.n)) t->failed = true;
    if (!t->failed && text) {
        escape_title(t);
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
