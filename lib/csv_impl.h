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
#include <stdint.h>
#include <stdio.h>

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
/* Ends the row (and flushes when much is buffered). */
void csv_out_end(struct csv_out *o);
/* Bytes as they are (the byte order mark). */
void csv_out_raw(struct csv_out *o, const char *s, size_t n);
/* Hands what is buffered to fp: false when fp failed or buf could not grow. */
bool csv_out_flush(struct csv_out *o);
/* Frees the buffer (not fp). */
void csv_out_free(struct csv_out *o);

/* ---- the writer (csv_rows.c, csv_columns.c, csv_moves.c) ---- */

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
    C_RESULT, /* the result in one convention (csv_result.c) */
    C_WHITE_POINTS,
    C_BLACK_POINTS,
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
    uint8_t variant; /* enum pdn_variant: its notation (after is set in the moves mode only) */
    bool king;       /* a king moved */
    bool full;       /* an ambiguous capture: written with its whole path */
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
    size_t ncols, capcols;
    uint64_t ids;       /* the columns other than tags, by 1 << col_id */
    uint32_t *tagslots; /* tag columns by name: open addressing, index + 1, 0 empty */
    size_t captagslots; /* a power of two, at least twice the tag columns */
    size_t ntagcols;
    const char **tagvals; /* the game's value of each column's tag (csv_columns_game) */
    /* one game's replay, reused */
    struct ply *plies;
    size_t nplies, capplies;
    uint32_t *slots; /* plies by node: open addressing, index + 1, 0 empty */
    size_t capslots;
    bool indexed; /* slots hold this game's plies */
    size_t last;  /* the ply found last: the writer asks for a node several
                    times running, then for the next ply's */
    struct stop *stops;
    size_t nstops, capstops;
    struct first_error first; /* of the replay */
    bool no_position;         /* the start position could not be set up */
    bool nomem;
    struct pdn_movelist legal;        /* scratch */
    char texts[2][PDN_MOVE_TEXT_MAX]; /* placed_text's: the writer holds two at once */
    int ntext;
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

struct game_ctx {
    const pdn_game *game;
    const char *file;
    const struct pdn_replay_summary *sum;
    const struct first_error *err;
};

/* csv_columns.c: the writer's columns from list ("a,b,c"), or the mode's
 * default when NULL. 0, PDN_ENOMEM, or PDN_EINVAL with *bad (when not NULL)
 * the offset of the name that is neither a column nor a tag name. */
int csv_columns_open(pdn_csv_writer *w, const char *list, size_t *bad);
/* The value of every tag column for this game (w->tagvals), in one pass
 * over its tags: --all-tags may ask for 100 000. */
void csv_columns_game(pdn_csv_writer *w, const pdn_game *game);
/* The columns' memory. */
void csv_columns_free(pdn_csv_writer *w);
/* A column's header name. */
const char *csv_col_name(const pdn_csv_writer *w, const struct col *c);
/* Whether s[0, n) is a name the writer writes as a tag: [A-Z][A-Za-z0-9_]*. */
bool csv_tag_name(const char *s, size_t n);

/* csv_rows.c: the ply the replay played at a node, or NULL; the error that
 * stopped a line at a node, or NULL. */
const struct ply *csv_find_ply(pdn_csv_writer *w, const struct pdn_node *node);
const struct stop *csv_find_stop(const pdn_csv_writer *w, const struct pdn_node *node);
/* A ply's canonical text (pdn_move_to_text's PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
 * its length. */
size_t csv_ply_text(char out[PDN_MOVE_TEXT_MAX], const struct ply *p);
/* The cell buffer (w->cell, NUL-terminated): emptied, appended to. */
void csv_cell_reset(pdn_csv_writer *w);
void csv_cell_add(pdn_csv_writer *w, const char *s, size_t n);
void csv_cell_adds(pdn_csv_writer *w, const char *s);
/* A cell: s (NULL: empty), the cell buffer, a number. */
void csv_put(pdn_csv_writer *w, const struct col *c, const char *s);
void csv_put_cell(pdn_csv_writer *w, const struct col *c);
void csv_put_number(pdn_csv_writer *w, const struct col *c, unsigned long long v);
/* A cell of the games mode (the moves rows share the game's columns). */
int csv_put_game_cell(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g);

/* csv_result.c: a cell of the normalised_result, white_points or black_points column. */
void csv_put_result_cell(pdn_csv_writer *w, const struct col *c, const pdn_game *game);

/* csv_moves.c: the rows of one game in the moves mode; their number, or a
 * negative PDN_E* code. */
long csv_write_move_rows(pdn_csv_writer *w, const struct game_ctx *g);

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

/* ---- the reader (csv_read.c, csv_read_text.c) ---- */

/* What a column of the CSV is. */
enum role {
    R_IGNORED, /* a computed column of pdn2csv */
    R_UNKNOWN, /* names no tag: reported, ignored */
    R_TAG,
    R_TAGS,     /* every tag pair, as PDN */
    R_MOVES,    /* the main line */
    R_MOVETEXT, /* the whole movetext */
    R_RECORDED, /* the result after the moves */
    R_FILE,
    R_GAME,
    R_LINE,
    R_MOVE,
    R_CANONICAL,
    R_NUMBER,
    R_SIDE,
    R_COMMENT,
    R_COMMENT_BEFORE,
    R_NAGS
};

struct column {
    enum role role;
    char *tag; /* R_TAG */
};

/* Where the lines of the PDN text from line on came from (up to the next
 * origin's line): a cell's many lines share one. */
struct origin {
    uint32_t line, row, col;
};

struct pdn_csv_reader {
    struct pdn_csv_read_options o;
    char *filename;
    char **map; /* "COLUMN=TAG" copies */
    FILE *fp;
    struct csv_in *in;
    char buf[1 << 16];
    size_t pos, len;
    size_t lf, cr, quote; /* the next \n, \r, '"' in buf (len: none; SIZE_MAX: not
                             looked for) */
    bool eof, done;
    bool ended; /* the header did not read: no more rows are read */
    /* the row being read */
    char *data;
    size_t ndata, capdata;
    size_t *off; /* field starts in data; fields are NUL-terminated */
    size_t nf, capf;
    size_t nskipped; /* fields after a cut (ROW_LIMIT): counted, not kept */
    bool row_ready;
    bool row_cut;          /* the row outgrew ROW_LIMIT: said, the rest dropped */
    bool cut_done;         /* the field it was cut in is kept */
    size_t keep;           /* the bytes that field may keep */
    unsigned long row_no;  /* CSV record number of the row in data, header 1 */
    unsigned long records; /* CSV records read: the number of the next row less one */
    /* the header */
    struct column *cols;
    size_t ncols;   /* the header's fields kept (the rest have no role) */
    size_t nheader; /* the header's fields */
    bool have_header;
    bool has_moves;
    /* moves mode: the first row of the next game, kept */
    struct held {
        char *data;
        size_t ndata, capdata;
        size_t *off;
        size_t nf, capf;
        size_t nskipped;
        unsigned long row_no;
    } held;
    bool have_held;
    /* the PDN text of one game and where its lines came from */
    char *text;
    size_t ntext, captext;
    uint32_t text_lines;      /* lines begun */
    unsigned long cut_at_row; /* moves mode: the game's first row not kept (0: none) */
    struct origin *origins;
    size_t norigins, caporigins;
    pdn_reader *pending;                  /* over text, while it may hold more games */
    unsigned long games;                  /* games made, for the game index of findings */
    unsigned long empty_rows, empty_from; /* a run of empty rows not said yet */
    unsigned long rows;
    bool nomem;
};

/* A row holds at most this: its fields' bytes and ROW_FIELD_COST a field.
 * Past it, the rest of the row is dropped as libcsv reads it (a finding
 * says so), so that memory stays bounded on any input: one game's text is
 * no longer than PDN_LIMIT_GAME_BYTES anyway. A game of the moves mode is
 * bounded alike (its text). A field costs more than its offset and NUL:
 * as a column of the header, its role and tag name, and as a tag of a
 * game, the reader's; so a row keeps at most 131072 fields (spreadsheets
 * stop at 16384 columns). */
#define ROW_LIMIT ((size_t)PDN_LIMIT_GAME_BYTES)
#define ROW_FIELD_COST ((size_t)32)

/* csv_read.c */
bool csv_reserve(void **p, size_t *cap, size_t need, size_t size);
/* The fields of the row read, those past a cut too. */
size_t csv_row_fields(const pdn_csv_reader *r);
/* Field i of the row read (NUL-terminated; "" past the last). */
const char *csv_field(const pdn_csv_reader *r, size_t i);
/* The next row: true, or false at the end; a data row that reads (as many
 * fields as the header, valid UTF-8; reported and counted otherwise). */
bool csv_next_row(pdn_csv_reader *r);
bool csv_usable_row(pdn_csv_reader *r);
/* Says the run of empty rows just read, if any (csv_usable_row waits for
 * its end). */
void csv_end_empty_rows(pdn_csv_reader *r);
/* Swaps the row read with the one held (moves mode). */
void csv_swap_held(pdn_csv_reader *r);
/* Whether name is a tag of the seven-tag roster, GameType, FEN or SetUp. */
bool csv_roster_tag(const char *name);

/* csv_read_text.c: ="..." (excel_text) undone in place; the PDN text of
 * the row read (games mode) or of the rows of one game, from the row read
 * (moves mode; the first row of the next game is left held). */
const char *csv_unprotect(pdn_csv_reader *r, char *s);
/* Where line (from 1) of the text came from; past its lines, its last row
 * and column 0. The text has at least a line. */
struct origin csv_text_origin(const pdn_csv_reader *r, uint32_t line);
void csv_game_text(pdn_csv_reader *r);
void csv_moves_text(pdn_csv_reader *r);

#endif
