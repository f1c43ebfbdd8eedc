/*
 * csv_impl (private): the CSV module's shared parts (not named csv.h, which
 * is libcsv's). csv.c is the only file of
 * the library that includes <csv.h> (libcsv): it writes fields with
 * csv_write and parses with csv_parse; csv_rows.c (games to rows) and
 * csv_read.c (rows to games) use it through the functions below.
 */
#ifndef PDN_CSV_PRIVATE_H
#define PDN_CSV_PRIVATE_H

#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- writing ---- */

/* How a cell is protected in excel_text mode. */
enum csv_kind {
    CSV_KIND_NUMBER, /* a count or index: left for the spreadsheet to read as a number */
    CSV_KIND_DATE,   /* left as it is (an ISO date should become a date) */
    CSV_KIND_TEXT,   /* protected when it starts with = + - @ or reads as a number or date */
    CSV_KIND_MOVES   /* moves, squares and results: protected when it starts with a digit */
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
    char *buf;
    size_t len, cap;
};

/* One field: the delimiter before it (unless first), the value quoted by
 * libcsv when it must be, and in excel mode protected by its kind. */
void csv_out_field(struct csv_out *o, const char *s, size_t n, enum csv_kind kind);
/* Ends the row (and flushes when much is buffered). */
void csv_out_end(struct csv_out *o);
/* Bytes as they are (the byte order mark). */
void csv_out_raw(struct csv_out *o, const char *s, size_t n);
/* Hands what is buffered to fp: false when fp failed or buf could not grow. */
bool csv_out_flush(struct csv_out *o);
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
/* Ends the input: the last row without a line end. False when a quoted
 * field was left open. */
bool csv_in_finish(struct csv_in *in, csv_field_fn field, csv_row_fn row, void *ctx);
/* libcsv's message for the last error, or NULL. */
const char *csv_in_failed(struct csv_in *in);
/* Forgets the row being read, for a fresh start after an error. */
bool csv_in_reset(struct csv_in *in);

#endif
