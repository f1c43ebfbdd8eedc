/*
 * csv_io (private): CSV through libcsv, for the writer, the reader and the
 * statistics (not named csv.h, which is libcsv's). csv.c is the only file
 * of the library that includes <csv.h>: it writes fields with csv_write
 * into a row buffer (struct csv_out) and parses with csv_parse (struct
 * csv_in). Knows nothing of games.
 */
#ifndef PDN_CSV_IO_H
#define PDN_CSV_IO_H

#include "decimal.h"
#include "text.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The most bytes of a line column's name with its NUL (pdn2csv --moves
 * --variations, which writes it, and csv2pdn, which reads it): "1", then
 * ".N" a variation down (N from 1, 10 digits at most), as deep as a game's
 * variations nest (PDN_LIMIT_DEPTH, in pdn.h: 256). */
#define CSV_LINE_ID_MAX (1 + 257 * 11 + 1)
/* Before a tag column's name where it is another column's but for case
 * (the tag SetUp beside pdn2csv --moves' setup): SQL takes names without
 * case. csv2pdn reads the tag's name after it. */
#define CSV_TAG_PREFIX "tag_"

/* ---- writing ---- */

/* How a cell is protected in excel_text mode. */
enum csv_kind {
    CSV_KIND_NUMBER, /* a count or index: left for the spreadsheet to read as a number */
    CSV_KIND_DATE,   /* left as it is (an ISO date should become a date) */
    CSV_KIND_TEXT,   /* protected when it starts with = + - @ or reads as a date or as a
                        number other than a plain integer (a round "1" stays a number) */
    CSV_KIND_MOVES,  /* moves, squares and results: protected when it starts with a digit */
    CSV_KIND_CODE    /* digits that are no number (a crosstable cell "22": two wins, "00"):
                        protected whenever a spreadsheet would read a number or a date */
};

/* Rows are built in buf and handed to fp in one fwrite (csv_out_flush):
 * a cell costs a memcpy, not a locked stdio call per piece. */
struct csv_out {
    FILE *fp;
    char delim;
    bool crlf;
    bool excel;
    bool first; /* no field written yet in this row */
    bool nomem; /* buf could not grow: what did not fit is lost */
    bool words; /* csv_out_words: words go out unchecked */
    char *buf;
    size_t len, cap;
};

/* Whether a spreadsheet would change the cell s[0, n) of this kind on
 * opening (a formula start at any length, a date, a number with a leading
 * zero, a move): csv_out_field in excel mode writes it ="...". For every
 * writer of CSV for spreadsheets (pdn2csv, pdnstats). */
bool csv_excel_protects(const char *s, size_t n, enum csv_kind kind);
/* ="..." (or ="..."&"...", a long cell) undone in place: the text again;
 * any other s is left as it is. Returns s. */
char *csv_excel_unprotect(char *s);

/* One field: the delimiter before it (unless first), the value quoted by
 * libcsv when it must be, and in excel mode protected by its kind. */
void csv_out_field(struct csv_out *o, const char *s, size_t n, enum csv_kind kind);

/*
 * The hot path of a writer of many short cells (pdn2csv --moves: 18 a
 * ply), which builds its rows in place in o->buf. A word is a cell of
 * digits, letters, '-', '.' and blanks inside (a number, a square, a
 * move's canonical text, "white"): it needs no quotes, unless the
 * delimiter is one of those bytes, and no protection but in excel mode.
 * csv_out_words: whether words may go out as they are.
 */
bool csv_out_words(const struct csv_out *o);
/* Room for n more bytes (false, o->nomem set, when the buffer cannot grow). */
bool csv_out_grow(struct csv_out *o, size_t n);
/* Whether the field s[0, n) needs quotes (RFC 4180), or blanks at its
 * ends would be lost. */
bool csv_needs_quotes(const char *s, size_t n, char delim);

/* A byte that makes a field need quotes (RFC 4180). The first test alone
 * passes nearly every byte of a cell: digits, letters, 'x', '-', '.'. */
static inline bool csv_special(unsigned char c, unsigned char delim)
{
    return (c <= '"' || c == delim) && (c == delim || c == '"' || c == '\r' || c == '\n');
}

/*
 * A field that needs no quotes copied to out (csv_out_field's bytes for it
 * but the delimiter); SIZE_MAX when it needs them: then out holds nothing
 * of use. A short field is looked at and copied in the same pass, byte by
 * byte (a call to memcpy costs more than copying a square or a move
 * number). Inline: a row of pdn2csv --moves has a few such a ply.
 */
static inline size_t csv_plain_copy(char *out, const char *s, size_t n, char delim)
{
    if (n >= 64 ||
        (n > 0 && (text_blank((unsigned char)s[0]) || text_blank((unsigned char)s[n - 1])))) {
        if (csv_needs_quotes(s, n, delim)) return SIZE_MAX;
    }
    if (n >= 64) {
        memcpy(out, s, n);
        return n;
    }
    for (size_t i = 0; i < n; i++) {
        if (csv_special((unsigned char)s[i], (unsigned char)delim)) return SIZE_MAX;
        out[i] = s[i];
    }
    return n;
}

static inline bool csv_out_room(struct csv_out *o, size_t n)
{
    return o->cap - o->len >= n || csv_out_grow(o, n);
}

/* Ends the row (and flushes when much is buffered). */
void csv_out_end(struct csv_out *o);
/* Bytes as they are (the byte order mark). */
void csv_out_raw(struct csv_out *o, const char *s, size_t n);
/* Hands what is buffered to fp: false when fp failed or buf could not grow. */
bool csv_out_flush(struct csv_out *o);

/* Rows are flushed in runs of about this size (a game's rows at least). */
#define CSV_OUT_FLUSH_AT (1 << 16)

/* What csv_out_end does after the line end, for a row that wrote its own:
 * inline, as that row is a ply's (pdn2csv --moves). */
static inline void csv_out_row_done(struct csv_out *o)
{
    o->first = true;
    if (o->len >= CSV_OUT_FLUSH_AT) csv_out_flush(o);
}
/* Frees the buffer (not fp). */
void csv_out_free(struct csv_out *o);

/* ---- reading ---- */

struct csv_in;
typedef void (*csv_field_fn)(const char *s, size_t n, void *ctx);
typedef void (*csv_row_fn)(void *ctx);

/* A parser (libcsv): blanks around unquoted fields are kept, strict is
 * CSV_STRICT. Returns NULL when out of memory. */
struct csv_in *csv_in_new(char delim, bool strict);
void csv_in_free(struct csv_in *in);
/*
 * Parses s[0, n): calls field for every field and row at every row end.
 * Returns the bytes consumed: n, or fewer on a strict-mode error (then
 * csv_in_failed says so and csv_in_reset starts afresh).
 */
size_t csv_in_parse(struct csv_in *in, const char *s, size_t n, csv_field_fn field, csv_row_fn row,
                    void *ctx);
/* Whether a row has begun (else line ends are empty lines, skipped). */
bool csv_in_row_begun(const struct csv_in *in);
/* Whether the parser is inside a quoted field (a line end does not end it). */
bool csv_in_quoted(const struct csv_in *in);
/* Bytes of the field being read that field has not had yet. */
size_t csv_in_pending(const struct csv_in *in);
/* Cuts the row being read: the field being read (or the next) is handed to
 * field with its first keep bytes at most, the fields after it empty, the
 * rest forgotten as it is parsed (a long field costs no memory), until the
 * row ends. */
void csv_in_cut(struct csv_in *in, size_t keep);
/* Ends the input: the last row without a line end. False when a quoted
 * field was left open. */
bool csv_in_finish(struct csv_in *in, csv_field_fn field, csv_row_fn row, void *ctx);
/* libcsv's message for the last error, or NULL. */
const char *csv_in_failed(struct csv_in *in);
/* Forgets the row being read, for a fresh start after an error. */
bool csv_in_reset(struct csv_in *in);

#endif
