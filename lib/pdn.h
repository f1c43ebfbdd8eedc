/*
 * libpdn: read, write and validate PDN (Portable Draughts Notation) game
 * records of international draughts and its variants.
 *
 * The one public header. The library never prints, never exits and keeps no
 * global state: operational failures come back as negative PDN_E* codes,
 * findings in the input go to a diagnostic callback the caller installs.
 */
#ifndef PDN_H
#define PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PDN_VERSION "0.1.0"

/* ---- Operational errors ------------------------------------------------ */

enum pdn_error {
    PDN_OK = 0,
    PDN_ENOMEM = -1,  /* out of memory */
    PDN_EIO = -2,     /* read or write failure (errno is set) */
    PDN_EINVAL = -3,  /* bad argument */
    PDN_ESYNTAX = -4, /* malformed input where no recovery is possible */
    PDN_ELIMIT = -5,  /* a documented limit was reached */
    PDN_EENCODING = -6 /* unknown or unsupported encoding */
};

/* A static, never-NULL description of a PDN_E* code. */
const char *pdn_strerror(int err);

/* ---- Variants: the rules table ----------------------------------------- */

enum pdn_variant {
    PDN_INTERNATIONAL, /* GameType 20: FMJD, 10x10 */
    PDN_BRAZILIAN,     /* GameType 26: international rules on 8x8 */
    PDN_RUSSIAN,       /* GameType 25: 8x8, free capture choice, promotion in passing */
    PDN_ENGLISH,       /* GameType 21: English/American checkers, short kings */
    PDN_VARIANT_COUNT
};

struct pdn_rules {
    const char *name;
    int gametype;              /* PDN GameType number */
    int width, height;         /* board size in squares */
    bool men_capture_backward; /* men may capture backwards */
    bool flying_kings;         /* kings move and capture at any distance */
    bool maximum_capture;      /* the longest capture is compulsory */
    bool promote_in_passing;   /* a man crossing the far row mid-capture becomes a king */
    bool black_moves_first;
};

/* The rules of a variant; NULL for an out-of-range value. */
const struct pdn_rules *pdn_rules_get(enum pdn_variant variant);
/* The variant played under a GameType number, or -1 when unsupported. */
int pdn_variant_from_gametype(int gametype);

/* ---- The board --------------------------------------------------------- */

enum pdn_color { PDN_WHITE = 0, PDN_BLACK = 1 };

enum pdn_piece {
    PDN_EMPTY = 0,
    PDN_WHITE_MAN,
    PDN_WHITE_KING,
    PDN_BLACK_MAN,
    PDN_BLACK_KING
};

/* Largest board held: 10x10 (50 squares). */
#define PDN_SQUARES_MAX 50

/*
 * A position: a plain value, copied freely. The bit layout is internal;
 * use the accessors below for squares numbered 1..pdn_board_squares().
 */
struct pdn_board {
    uint64_t pieces[2]; /* by colour, internal bit layout */
    uint64_t kings;     /* kings of both colours */
    uint8_t side;       /* enum pdn_color: side to move */
    uint8_t side_known; /* 0 when a FEN gave '?' for the side to move */
    uint8_t variant;    /* enum pdn_variant */
};

/* The start position of a variant (white to move). */
void pdn_board_init(struct pdn_board *out, enum pdn_variant variant);
/* An empty board, white to move. */
void pdn_board_clear(struct pdn_board *out, enum pdn_variant variant);
int pdn_board_squares(const struct pdn_board *board);
/* The piece on square 1..squares; PDN_EMPTY for squares out of range. */
enum pdn_piece pdn_board_get(const struct pdn_board *board, int square);
/* PDN_EINVAL when the square is out of range. */
int pdn_board_set(struct pdn_board *board, int square, enum pdn_piece piece);
int pdn_board_count(const struct pdn_board *board, enum pdn_piece piece);
bool pdn_board_equal(const struct pdn_board *a, const struct pdn_board *b);

/* ---- FEN ---------------------------------------------------------------- */

/* Longest FEN written by pdn_board_to_fen, with its NUL. */
#define PDN_FEN_MAX 256

enum pdn_fen_status {
    PDN_FEN_OK = 0,
    PDN_FEN_EMPTY,          /* nothing but blanks */
    PDN_FEN_BAD_SIDE,       /* side to move is not W, B or ? */
    PDN_FEN_BAD_COLOR,      /* a list letter is not W or B */
    PDN_FEN_EXPECTED_COLON, /* ':' missing between fields */
    PDN_FEN_BAD_SQUARE,     /* square number missing or malformed */
    PDN_FEN_SQUARE_RANGE,   /* square 0 or past the last square */
    PDN_FEN_BAD_RANGE,      /* a-b with b < a */
    PDN_FEN_DUPLICATE,      /* a square listed twice (same side or both sides) */
    PDN_FEN_DUPLICATE_LIST, /* the W or B list given twice */
    PDN_FEN_BAD_SUFFIX,     /* malformed :H or :F field */
    PDN_FEN_TRAILING,       /* unexpected text after the position */
    PDN_FEN_STATUS_COUNT
};

struct pdn_fen_error {
    enum pdn_fen_status status;
    size_t offset; /* byte offset of the offending character in the FEN */
};

/*
 * Reads a FEN into *out. On failure returns PDN_ESYNTAX and, when err is not
 * NULL, says which character and why.
 */
int pdn_board_from_fen(struct pdn_board *out, enum pdn_variant variant, const char *fen,
                       struct pdn_fen_error *err);
/* Writes the canonical FEN; returns its length (< PDN_FEN_MAX). */
size_t pdn_board_to_fen(char out[PDN_FEN_MAX], const struct pdn_board *board);
const char *pdn_fen_strerror(enum pdn_fen_status status);

/* ---- Moves ------------------------------------------------------------- */

/* Landing squares of the longest capture (one per captured piece). */
#define PDN_PATH_MAX 24
/* Room in a move list; no legal position of a supported variant needs more. */
#define PDN_MOVES_MAX 512

struct pdn_move {
    uint64_t captured;            /* captured pieces, internal bit layout */
    uint8_t from, to;             /* squares 1..N */
    uint8_t ncaptured;            /* pieces captured */
    uint8_t npath;                /* landing squares in path[] */
    uint8_t path[PDN_PATH_MAX];   /* landing squares in order; the last is 'to' */
    uint8_t promotes;             /* the man becomes a king */
};

struct pdn_movelist {
    int count;
    bool overflow; /* more than PDN_MOVES_MAX moves: the list is cut */
    struct pdn_move moves[PDN_MOVES_MAX];
};

/* Flags of pdn_movegen_ex and pdn_perft. */
enum {
    PDN_GEN_KEEP_DUPLICATES = 1 /* list every capture order, not one per (from, to, captured) */
};

/* Every legal move of the side to move; returns the count. Allocates nothing. */
int pdn_movegen(struct pdn_movelist *out, const struct pdn_board *board);
int pdn_movegen_ex(struct pdn_movelist *out, const struct pdn_board *board, unsigned flags);
/* The number of legal moves, faster than generating them. */
int pdn_movegen_count(const struct pdn_board *board);
/* Plays a move (legal in board) and passes the turn. */
void pdn_board_play(struct pdn_board *board, const struct pdn_move *move);
/* Squares (1..N) of the pieces a move captures, ascending; returns their count. */
int pdn_move_captured_squares(uint8_t out[PDN_PATH_MAX], const struct pdn_move *move,
                              enum pdn_variant variant);
/* Longest move text written by pdn_move_text, with its NUL. */
#define PDN_MOVE_TEXT_MAX (3 * (PDN_PATH_MAX + 1) + 1)

/*
 * Writes a move in PDN notation: "32-28", "28x19", and the whole landing path
 * ("4x27x38x15") when another move of 'legal' has the same from and to.
 * 'legal' may be NULL. Returns the length.
 */
size_t pdn_move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                     const struct pdn_movelist *legal);

/* Leaf nodes of the legal-move tree at exactly 'depth' plies. */
uint64_t pdn_perft(const struct pdn_board *board, int depth, unsigned flags);

/* ---- Positions in the source ------------------------------------------- */

struct pdn_pos {
    uint32_t line;   /* 1-based */
    uint32_t col;    /* 1-based, in characters (UTF-8 code points) */
    uint64_t offset; /* byte offset in the decoded (UTF-8) input */
};

/* ---- Diagnostics ------------------------------------------------------- */

enum pdn_severity { PDN_NOTE, PDN_WARNING, PDN_ERROR };

/*
 * Finding codes. One table in diag.c maps each code to a name, a severity
 * and a message. Append new codes before PDN_D_COUNT.
 */
enum pdn_code {
    /* reader: encoding and lexing */
    PDN_D_ENCODING_FALLBACK, /* input is not UTF-8: decoded as ... */
    PDN_D_BAD_ENCODING,      /* byte sequence invalid in the forced encoding */
    PDN_D_NUL_BYTE,          /* NUL byte in the input */
    PDN_D_UNEXPECTED_CHAR,   /* character that starts no token */
    PDN_D_UNTERMINATED_COMMENT,
    PDN_D_UNTERMINATED_STRING,
    PDN_D_UNTERMINATED_TAG,
    PDN_D_UNTERMINATED_VARIATION,
    PDN_D_UNTERMINATED_SETUP,
    PDN_D_NESTED_COMMENT,    /* '{' inside a comment */
    /* reader: grammar */
    PDN_D_SYNTAX,            /* token not allowed here (strict or unrecoverable) */
    PDN_D_BAD_TAG,           /* malformed tag pair */
    PDN_D_DUPLICATE_TAG,
    PDN_D_UNMATCHED_PAREN,   /* ')' without '(' */
    PDN_D_MISSING_RESULT,    /* game ended without a result or '*' */
    PDN_D_NONSTANDARD,       /* a real-world form outside PDN 3.0 (detail says which) */
    PDN_D_LIMIT,             /* a documented limit was reached */
    PDN_D_COUNT
};

struct pdn_diag {
    enum pdn_code code;
    const char *file;        /* name given to the reader, "-" for stdin */
    uint32_t line, col;      /* 0 when not tied to a place */
    size_t game;             /* 1-based game index in the file, 0 for none */
    const char *move_number; /* "12." or "30..." or NULL */
    const char *text;        /* the offending text, or NULL */
    const char *detail;      /* code-specific detail, or NULL */
};

typedef void (*pdn_diag_fn)(const struct pdn_diag *diag, void *ctx);

enum pdn_severity pdn_diag_severity(enum pdn_code code);
/* A short stable name, such as "illegal-move". */
const char *pdn_diag_name(enum pdn_code code);
const char *pdn_severity_name(enum pdn_severity severity);
/*
 * The message of a diagnostic, without file and place:
 *   illegal move '32-27': square 32 is empty
 * Writes at most cap bytes (NUL included); returns the full length.
 */
size_t pdn_diag_message(char *out, size_t cap, const struct pdn_diag *diag);

/* ---- Game tree --------------------------------------------------------- */

enum pdn_result {
    PDN_RESULT_NONE = 0,  /* no result given */
    PDN_RESULT_UNKNOWN,   /* '*' */
    PDN_RESULT_WHITE_WIN, /* 2-0 (1-0) */
    PDN_RESULT_BLACK_WIN, /* 0-2 (0-1) */
    PDN_RESULT_DRAW,      /* 1-1 (1/2-1/2) */
    PDN_RESULT_BOTH_LOST  /* 0-0 */
};

struct pdn_comment {
    const char *text; /* without braces or ';' */
    struct pdn_pos pos;
    bool to_eol; /* written as ';' ... end of line */
};

struct pdn_line;

struct pdn_node {
    const char *text;            /* move text as read (UTF-8, NUL-terminated) */
    struct pdn_pos pos;          /* of the move text */
    uint32_t number;             /* move number written before it, 0 if none */
    bool number_black;           /* the number was written "N..." */
    struct pdn_pos number_pos;
    const char *strength;        /* "!", "?!", ... or NULL */
    const uint16_t *nags;        /* $n annotations after the move */
    uint32_t nnags;
    const struct pdn_comment *comments_before;
    uint32_t ncomments_before;
    const struct pdn_comment *comments_after;
    uint32_t ncomments_after;
    const char *setup;           /* FEN of a /FEN "..."/ setup just before it, or NULL */
    struct pdn_pos setup_pos;
    const struct pdn_line *variations; /* alternatives to this move */
    uint32_t nvariations;
};

struct pdn_line {
    const struct pdn_node *moves;
    uint32_t nmoves;
    const struct pdn_comment *trailing; /* comments after the last move */
    uint32_t ntrailing;
    const char *trailing_setup;         /* a setup after the last move, or NULL */
    struct pdn_pos pos;                 /* of '(' for a variation */
};

struct pdn_tag {
    const char *name;
    const char *value; /* unescaped */
    struct pdn_pos pos;
};

struct pdn_arena;

/*
 * A game. It owns everything it points to (one arena); free it with
 * pdn_game_free().
 */
typedef struct pdn_game {
    size_t index;            /* 1-based position in its file */
    const struct pdn_tag *tags; /* source order, duplicates kept */
    uint32_t ntags;
    struct pdn_line main;
    enum pdn_result result;  /* the terminator */
    const char *result_text; /* as written, or NULL when absent */
    struct pdn_pos result_pos;
    struct pdn_pos start;    /* first token of the game */
    const char *raw;         /* the game's decoded source text */
    size_t raw_len;
    struct pdn_arena *arena;
} pdn_game;

void pdn_game_free(pdn_game *game);
/* The value of the first tag with this name, or NULL. */
const char *pdn_game_tag(const pdn_game *game, const char *name);
/* Parses a result text ("2-0", "1-0", "1/2-1/2", "*", ...); -1 when not one. */
int pdn_result_parse(const char *text, size_t len);
/* The international form of a result ("2-0", "1-1", "*", ...). */
const char *pdn_result_text(enum pdn_result result);

/* ---- Reader ------------------------------------------------------------ */

enum pdn_encoding {
    PDN_ENC_AUTO = 0, /* UTF-8 when valid (BOM dropped), UTF-16 with a BOM, else cp1252 */
    PDN_ENC_UTF8,
    PDN_ENC_LATIN1,
    PDN_ENC_CP1252,
    PDN_ENC_CP1251,
    PDN_ENC_CP866
};

/* Parses "utf-8", "latin1", "cp1252", "cp1251", "cp866"...; -1 when unknown. */
int pdn_encoding_parse(const char *name);

struct pdn_reader_options {
    const char *filename;   /* used in diagnostics; "-" when NULL */
    bool strict;            /* the PDN 3.0 reading grammar to the letter */
    enum pdn_encoding encoding;
    pdn_diag_fn on_diag;    /* may be NULL */
    void *ctx;              /* passed to on_diag */
};

typedef struct pdn_reader pdn_reader;

int pdn_reader_open_file(pdn_reader **out, const char *path,
                         const struct pdn_reader_options *options);
/* Reads from fd (not closed by the reader). */
int pdn_reader_open_fd(pdn_reader **out, int fd, const struct pdn_reader_options *options);
/* Reads a buffer the caller keeps alive until pdn_reader_free. */
int pdn_reader_open_memory(pdn_reader **out, const void *data, size_t len,
                           const struct pdn_reader_options *options);
/*
 * The next game: returns 1 and hands *out over (free with pdn_game_free),
 * 0 at the end of input, or a negative PDN_E* code.
 */
int pdn_reader_next(pdn_reader *reader, pdn_game **out);
void pdn_reader_free(pdn_reader *reader);

/* ---- Writer ------------------------------------------------------------ */

struct pdn_write_options {
    int width;             /* wrap column; 0 means 80 */
    bool no_comments;
    bool no_variations;
    bool no_nags;          /* drops NAGs and move strengths */
    bool seven_tag_roster; /* keep only Event Site Date Round White Black Result */
};

/* Writes one game in canonical PDN 3.0 form, followed by a blank line. */
int pdn_write_game(FILE *out, const pdn_game *game, const struct pdn_write_options *options);

#endif
