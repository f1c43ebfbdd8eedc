/*
 * csv_reader (private): pdn_csv_reader's state and what its files share.
 * csv_read.c (rows to games) calls csv_read_text.c (a row's PDN text),
 * and both call csv_read_rows.c (bytes to rows, the header), which calls
 * neither.
 */
#ifndef PDN_CSV_READER_H
#define PDN_CSV_READER_H

#include "csv_io.h"
#include "pdn.h"

#include <stdint.h>

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
    R_WRITTEN, /* the move number as written (pdn2csv --lossless) */
    R_SETUP,   /* a /FEN "..."/ before the move or ending its line (pdn2csv --lossless) */
    R_SIDE,
    R_COMMENT,
    R_COMMENT_BEFORE,
    R_NAGS,
    R_PLY,    /* read for the rows' order alone (csv_row_order.h) */
    R_PARENT, /* the same */
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

/* Moves mode: after a setup, the writer takes the move number from the
 * first number written further on its line, counted back
 * (writer_setup_number); csv_read_text.c reads that number rows later.
 * Until then its count goes on as it was, from 'from', and the numbers it
 * writes of its own from that count are kept (struct waited_number), to
 * be set right once the game's rows are read. */
struct count_wait {
    uint32_t from;   /* the count at the move after the setup, as it went on */
    uint32_t outer;  /* the wait that count was itself in (0: none) */
    uint32_t number; /* the writer's number there, once known */
    bool known;
};

struct waited_number {
    size_t at;       /* where its digits stand in the text */
    uint32_t number; /* as written: counted on from its wait's from */
    uint32_t wait;   /* 1 + its wait's index */
};

/* csv_decode.c: the CSV read from fp and decoded as the PDN reader
 * decodes a file (input.c), for a single-byte code page: a decoding for
 * encoding, or none (*out NULL) for PDN_ENCODING_AUTO and
 * PDN_ENCODING_UTF8, whose bytes are read as they are unless the file is
 * UTF-16 or UTF-32 (csv_decoding_open_wide): 0, PDN_EINVAL or
 * PDN_ENOMEM. */
struct csv_decoding;
int csv_decoding_open(struct csv_decoding **out, FILE *fp, enum pdn_encoding encoding);
/* A decoding whatever the encoding, for a file that is UTF-16 or UTF-32
 * (pdn_encoding_is_wide): fp after head[0, n), its first bytes read
 * already, which the decoding keeps a copy of. 0 or PDN_ENOMEM. */
int csv_decoding_open_wide(struct csv_decoding **out, FILE *fp, enum pdn_encoding encoding,
                           const char *head, size_t n);
void csv_decoding_free(struct csv_decoding *d);
/* Up to cap bytes of the decoded text into out, *len of them (0 at the
 * end of the input): 0, or a negative PDN_E* code. */
int csv_decoding_read(struct csv_decoding *d, char *out, size_t cap, size_t *len);
/* The decoder's next finding since the last read (a byte the code page
 * has not, once a file; UTF-16 or UTF-32 without a byte order mark):
 * true with its code, detail (static) and the offset in the decoded text
 * of the byte it is about, or false. */
bool csv_decoding_finding(struct csv_decoding *d, enum pdn_diag_code *code, const char **detail,
                          uint64_t *at);

/* A finding of the decoder, said once the parser reaches its byte. */
struct decoder_finding {
    enum pdn_diag_code code;
    const char *detail;
    uint64_t at;
};

struct pdn_csv_reader {
    struct pdn_csv_read_options o;
    char *filename;
    char **map; /* "COLUMN=TAG" copies */
    FILE *fp;
    struct csv_decoding *decoding;           /* NULL: the bytes are read as they are */
    int failed;                              /* the decoder's PDN_E* code: the input ended there */
    uint64_t base;                           /* offset of buf[0] in the text read (decoded) */
    struct decoder_finding held_findings[4]; /* not said yet: the parser is before them */
    int nheld_findings;
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
    bool row_unclosed;     /* its quoted field runs to the end of the input: said, skipped */
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
    bool tags_only;      /* no column of moves: games of their tags alone */
    bool rows_not_games; /* the header names no games' columns: rows counted, not read */
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
    /* moves mode (csv_read_text.c): the counts that wait for a number
     * written further on, and the numbers written from them */
    struct count_wait *waits;
    size_t nwaits, capwaits;
    struct waited_number *waited;
    size_t nwaited, capwaited;
    /* moves mode: the last move written "--" with no number, where it
     * stands in the text (at, end) and the number the writer gives it
     * (csv_read_text.c, number_bare_dash); none when end is 0 */
    struct bare_dash {
        size_t at, end;
        uint32_t number, wait;
        bool second;
        bool dots; /* "...", numbered only where the number after takes its ply */
    } bare_dash;
    pdn_reader *pending;                  /* over text, while it may hold more games */
    unsigned long games;                  /* games made, for the game index of findings */
    unsigned long empty_rows, empty_from; /* a run of empty rows not said yet */
    unsigned long rows;
    bool nomem;
    const pdn_date_orders *date_orders; /* the replay's, borrowed (NULL: none) */
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

/* csv_read_rows.c: a finding at a row and column of the CSV; the parser
 * started on the first bytes (delimiter guessed, byte order mark
 * skipped: 0 or PDN_ENOMEM). */
void csv_read_report(pdn_csv_reader *r, enum pdn_diag_code code, unsigned long row, uint32_t col,
                     const char *text, const char *detail);
int csv_start_parser(pdn_csv_reader *r);
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
/* The next data row that reads (the header read first), or the one held:
 * true, or false at the end (r->nomem set when the header could not be
 * kept). */
bool csv_next_usable(pdn_csv_reader *r);

/* csv_read_text.c: ="..." (excel_text) undone in place; the PDN text of
 * the row read (games mode) or of the rows of one game, from the row read
 * (moves mode; the first row of the next game is left held). */
const char *csv_unprotect(pdn_csv_reader *r, char *s);
/* Where line (from 1) of the text came from; past its lines, its last row
 * and column 0. The text has at least a line. */
struct origin csv_text_origin(const pdn_csv_reader *r, uint32_t line);
void csv_game_text(pdn_csv_reader *r);
void csv_moves_text(pdn_csv_reader *r);
/* The value of the row read's tag name as the game made of it reads it
 * (pdn_game_tag: its tags cell when it has one, else its columns, a name
 * that stands for it too), its length at *len, escaped as in a tags cell;
 * NULL when it has none. */
const char *csv_tag_cell(const pdn_csv_reader *r, const char *name, size_t *len);

#endif
