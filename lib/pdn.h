/*
 * libpdn: read, write and validate PDN (Portable Draughts Notation) game
 * records of international draughts and its variants.
 *
 * The one public header. The library never prints, never exits and keeps no
 * global state: operational failures come back as negative PDN_E* codes,
 * findings in the input go to a diagnostic callback the caller installs.
 *
 * Ownership. A function that hands an object out through a 'T **out'
 * parameter gives it to the caller, who frees it with pdn_T_free; every
 * *_free function accepts NULL. A pointer returned directly, or found in a
 * game, is borrowed and lives as long as its parent. Boards, moves and move
 * lists are values: copy them freely. The strings of a finding live only
 * during the callback that receives it.
 *
 * Parameters. The output parameter comes first and is named out; the
 * arguments it is made from follow, options last. An optional second output
 * (pdn_board_from_fen's err) comes last.
 */
#ifndef PDN_H
#define PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PDN_VERSION "0.1.0"

/* Marks the public API: the library is built with hidden visibility, so
 * libpdn.so exports what this header declares and nothing else. */
#if defined(__GNUC__) || defined(__clang__)
#define PDN_API __attribute__((visibility("default")))
#else
#define PDN_API
#endif

/* ---- Operational errors ------------------------------------------------ */

enum pdn_error {
    PDN_OK = 0,
    PDN_ENOMEM = -1,   /* out of memory */
    PDN_EIO = -2,      /* read or write failure (errno is set) */
    PDN_EINVAL = -3,   /* bad argument */
    PDN_ESYNTAX = -4,  /* text that does not read (pdn_board_from_fen) */
    PDN_EENCODING = -5 /* an encoding this system's iconv(3) cannot convert */
};

/* A static, never-NULL description of a PDN_E* code. */
PDN_API const char *pdn_strerror(int err);

/* ---- Variants: the rules table ----------------------------------------- */

enum pdn_variant {
    PDN_VARIANT_INTERNATIONAL, /* GameType 20: FMJD, 10x10 */
    PDN_VARIANT_BRAZILIAN,     /* GameType 26: international rules on 8x8 */
    PDN_VARIANT_RUSSIAN,       /* GameType 25: 8x8, free capture choice, promotion in passing */
    PDN_VARIANT_ENGLISH,       /* GameType 21: English/American checkers, short kings */
    PDN_VARIANT_CZECH,         /* GameType 29: 8x8, men capture forward, kings capture first */
    PDN_VARIANT_ITALIAN,       /* GameType 22: 8x8 mirrored, men spare kings, capture precedence */
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
    bool algebraic;          /* the federation writes squares "c3", not numbers */
    bool king_capture_first; /* a capture by a king, when there is one, is compulsory */
    bool mirrored;           /* square 1 is the top-left corner, dark corners on the right */
    bool men_spare_kings;    /* a man cannot capture a king */
    bool capture_precedence; /* among the longest captures: by a king, then the most kings
                                taken, then kings taken first (Italian); short-range only */
};

/*
 * The draw rules of international draughts, and of Brazilian, which follows
 * them (pdn(5), VARIANTS): the FMJD rules of today, or the older set still
 * printed in rule books. The other variants have their federations' rules.
 */
enum pdn_draw_rules {
    PDN_DRAW_RULES_FMJD,    /* "fmjd": 25-move, 16-move, 5-move rules, repetition */
    PDN_DRAW_RULES_CLASSIC, /* "classic": 25 moves, 5 and 50 of the stronger side */
    PDN_DRAW_RULES_COUNT
};

/* The rules of a variant; NULL for an out-of-range value. */
PDN_API const struct pdn_rules *pdn_rules_get(enum pdn_variant variant);
/* The variant played under a GameType number: true and *out set, or false
 * when no supported variant has that number. out may be NULL. */
PDN_API bool pdn_variant_from_gametype(enum pdn_variant *out, int gametype);
/* The variant of a name ("russian", "english", as the rules table names
 * them, also "checkers", "american") or a GameType number ("25"): true and
 * *out set, or false. out may be NULL. */
PDN_API bool pdn_variant_parse(enum pdn_variant *out, const char *name);

/* ---- The board --------------------------------------------------------- */

enum pdn_color { PDN_COLOR_WHITE = 0, PDN_COLOR_BLACK = 1 };

enum pdn_piece {
    PDN_PIECE_EMPTY = 0,
    PDN_PIECE_WHITE_MAN,
    PDN_PIECE_WHITE_KING,
    PDN_PIECE_BLACK_MAN,
    PDN_PIECE_BLACK_KING
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

/* The start position of a variant, the side its rules move first to move
 * (Black in English draughts, White in the others). */
PDN_API void pdn_board_init(struct pdn_board *out, enum pdn_variant variant);
/* An empty board, white to move. */
PDN_API void pdn_board_clear(struct pdn_board *out, enum pdn_variant variant);
/* The number of playable squares of the board's variant (50 or 32). */
PDN_API int pdn_board_squares(const struct pdn_board *board);
/* The piece on square 1..squares; PDN_PIECE_EMPTY for squares out of range. */
PDN_API enum pdn_piece pdn_board_get(const struct pdn_board *board, int square);
/* PDN_EINVAL when the square is out of range. */
PDN_API int pdn_board_set(struct pdn_board *board, int square, enum pdn_piece piece);
/* How many squares hold this piece (PDN_PIECE_EMPTY: empty playable squares). */
PDN_API int pdn_board_count(const struct pdn_board *board, enum pdn_piece piece);
/*
 * Algebraic squares: files a.. from White's left, ranks 1.. from White's
 * side, as the 8x8 federations write them ("c3"; a1 is the dark corner at
 * White's left). The square of a name, 0 for a light square, one off the
 * board or no name; and the name of a square (empty, 0 returned, when out of
 * range), returning its length.
 */
PDN_API int pdn_square_from_name(enum pdn_variant variant, const char *name);
PDN_API size_t pdn_square_name(char out[4], enum pdn_variant variant, int square);
/* Longest text of a square written by pdn_square_text, with its NUL. */
#define PDN_SQUARE_TEXT_MAX 12
/*
 * A square as the variant's players write it, the one form every tool shows:
 * the algebraic name ("c3") in the variants whose rules say algebraic
 * (Russian, Brazilian, Czech), the number ("22") in the others. A number
 * that is no square of the variant (0, 33 on 8x8) is written as the number.
 * FEN keeps numbers, as PDN 3.0 says. Returns the length.
 */
PDN_API size_t pdn_square_text(char out[PDN_SQUARE_TEXT_MAX], enum pdn_variant variant, int square);
/* Same pieces, same side to move (and whether it is known), same variant. */
PDN_API bool pdn_board_equal(const struct pdn_board *a, const struct pdn_board *b);

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
PDN_API int pdn_board_from_fen(struct pdn_board *out, enum pdn_variant variant, const char *fen,
                               struct pdn_fen_error *err);
/* Writes the canonical FEN; returns its length (< PDN_FEN_MAX). */
PDN_API size_t pdn_board_to_fen(char out[PDN_FEN_MAX], const struct pdn_board *board);
/* A static, never-NULL description of a FEN status ("square out of range"). */
PDN_API const char *pdn_fen_status_message(enum pdn_fen_status status);

/* ---- Moves ------------------------------------------------------------- */

/* Landing squares of the longest capture (one per captured piece). */
#define PDN_PATH_MAX 24
/* Room in a move list; no legal position of a supported variant needs more. */
#define PDN_MOVES_MAX 512

struct pdn_move {
    uint64_t captured;          /* captured pieces, internal bit layout */
    uint8_t from, to;           /* squares 1..N */
    uint8_t ncaptured;          /* pieces captured */
    uint8_t npath;              /* landing squares in path[] */
    uint8_t path[PDN_PATH_MAX]; /* landing squares in order; the last is 'to' */
    uint8_t promotes;           /* the man becomes a king */
};

struct pdn_movelist {
    int count;
    bool overflow; /* more than PDN_MOVES_MAX moves: the list is cut */
    struct pdn_move moves[PDN_MOVES_MAX];
};

/* Flags of pdn_movegen and pdn_perft_count. */
enum {
    /* list every capture route, not one per (from, to, captured): each order
     * of the pieces taken and each landing of a king between them (what a
     * written path may name: the notation's matching) */
    PDN_MOVEGEN_KEEP_DUPLICATES = 1,
    /* one move per order of the pieces taken, whatever the landings: the
     * "keep duplicates" of published perft tables (DCTL's) */
    PDN_MOVEGEN_KEEP_ORDERS = 2
};

/* Every legal move of the side to move; returns the count. Allocates nothing. */
PDN_API int pdn_movegen(struct pdn_movelist *out, const struct pdn_board *board, unsigned flags);
/* The number of legal moves, faster than generating them. */
PDN_API int pdn_movegen_count(const struct pdn_board *board, unsigned flags);
/* Whether the side to move has a capture (and so must capture). */
PDN_API bool pdn_movegen_has_capture(const struct pdn_board *board);
/*
 * The legal quiet move from -> to, without generating the others: true and
 * *out filled when no capture is possible and the piece on 'from' may move
 * to 'to'. A fast path for replaying ordinary moves.
 */
PDN_API bool pdn_movegen_quiet(struct pdn_move *out, const struct pdn_board *board, int from,
                               int to);
/* Plays a move (legal in board) and passes the turn. */
PDN_API void pdn_board_play(struct pdn_board *board, const struct pdn_move *move);
/* Squares (1..N) of the pieces a move captures, ascending; returns their count. */
PDN_API int pdn_move_captures(uint8_t out[PDN_PATH_MAX], const struct pdn_move *move,
                              enum pdn_variant variant);
/* Longest move text written by pdn_move_to_text, with its NUL. */
#define PDN_MOVE_TEXT_MAX (3 * (PDN_PATH_MAX + 1) + 1)

/*
 * How pdn_move_to_text writes a capture. A capture is ambiguous when another
 * move of the legal list has the same from and to squares but takes other
 * pieces. PDN 3.0 allows "from x to" for the others and asks for landing
 * squares for an ambiguous one; other programs (Scan, pydraughts, lidraughts)
 * read "from x to" and the whole landing path, but not a path that skips a
 * landing square.
 */
enum pdn_capture_notation {
    PDN_CAPTURE_FULL_WHEN_AMBIGUOUS = 0, /* "28x10"; an ambiguous capture's whole
                                            landing path, "47x38x24x13x36" */
    PDN_CAPTURE_SHORTEST,                /* "28x10"; an ambiguous capture's fewest
                                            landing squares, "47x24x36" */
    PDN_CAPTURE_FULL_PATH                /* every capture's whole landing path:
                                            "28x19x10", "47x38x24x13x36" */
};

/*
 * Writes a move: a quiet one as "32-28", a capture as 'notation' says.
 * PDN_CAPTURE_SHORTEST names the fewest of the intermediate landing squares
 * that name the move alone when read back by pdn_move_match, turning squares
 * preferred, then the earliest. Every form reads back by pdn_move_match as
 * the same move, with no nonstandard form. 'legal' is the list the move
 * belongs to (pdn_movegen's), which decides whether it is ambiguous; it may
 * be NULL (no capture is then ambiguous). A notation outside the enum is
 * read as PDN_CAPTURE_FULL_PATH. Returns the length.
 */
PDN_API size_t pdn_move_to_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                                const struct pdn_movelist *legal,
                                enum pdn_capture_notation notation);

/* ---- Notation: move text to move --------------------------------------- */

/* Non-standard forms a move text used (accepted in lenient mode, warned). */
enum pdn_form {
    PDN_FORM_ZERO_PADDED = 1 << 0,       /* 06-11 */
    PDN_FORM_NO_SEPARATOR = 1 << 1,      /* 3228 */
    PDN_FORM_COLON = 1 << 2,             /* 28:19 */
    PDN_FORM_SPACES = 1 << 3,            /* 1- 7 */
    PDN_FORM_HOP_BY_HOP = 1 << 4,        /* 11x18 18x25 as one move */
    PDN_FORM_CAPTURED_SQUARES = 1 << 5,  /* 28x19x23 naming captured pieces, or <...> */
    PDN_FORM_QUIET_WITH_X = 1 << 6,      /* 32x28 for a quiet move */
    PDN_FORM_CAPTURE_WITH_DASH = 1 << 7, /* 28-19 for a capture */
    PDN_FORM_PARTIAL_PATH = 1 << 8,      /* some but not all landing squares, see below */
    PDN_FORM_UNICODE_DASH = 1 << 9       /* en dash, non-breaking hyphen ... */
};

/*
 * The forms PDN 3.0's reading grammar itself allows (its writing grammar does
 * not): strict mode accepts these and reports every other form as an error.
 */
#define PDN_FORMS_READING (PDN_FORM_ZERO_PADDED | PDN_FORM_COLON | PDN_FORM_SPACES)

enum pdn_match_result {
    PDN_MATCH_OK = 0,    /* exactly one legal move fits */
    PDN_MATCH_AMBIGUOUS, /* several legal moves taking different pieces fit */
    PDN_MATCH_ILLEGAL,   /* a well-formed move that no legal move fits */
    PDN_MATCH_BAD_TEXT   /* not a move at all */
};

/* Why a well-formed move is illegal; pdn_match's square, max_taken and taken
 * say more where noted. */
enum pdn_illegal_reason {
    PDN_ILLEGAL_EMPTY_SQUARE,       /* from square is empty (square: from) */
    PDN_ILLEGAL_OPPONENT_PIECE,     /* from square holds the opponent's piece: wrong side?
                                       (square: from) */
    PDN_ILLEGAL_CAPTURE_COMPULSORY, /* a quiet move while a capture exists (square: a
                                       capturing piece's) */
    PDN_ILLEGAL_NOT_MAXIMUM,        /* max_taken: pieces the maximum capture takes,
                                       taken: pieces this one takes */
    PDN_ILLEGAL_BACKWARD,           /* a man moving backwards (square: from) */
    PDN_ILLEGAL_OCCUPIED,           /* destination occupied (square: to) */
    PDN_ILLEGAL_NO_SUCH_CAPTURE,    /* no capture with these squares */
    PDN_ILLEGAL_NOT_REACHABLE,      /* the piece cannot go there */
    PDN_ILLEGAL_BAD_SQUARE          /* square 0 or past the last (square: the number
                                       written, INT_MAX if huge) */
};

#define PDN_CANDIDATES_MAX 16

struct pdn_match {
    enum pdn_match_result result;
    int move;       /* index in the legal list (PDN_MATCH_OK) */
    unsigned forms; /* enum pdn_form bits seen in the text */
    enum pdn_illegal_reason reason;
    int square;      /* the square the reason names, as noted above */
    int max_taken;   /* PDN_ILLEGAL_NOT_MAXIMUM: pieces the maximum capture takes */
    int taken;       /* PDN_ILLEGAL_NOT_MAXIMUM: pieces the move written takes */
    int ncandidates; /* PDN_MATCH_AMBIGUOUS: indexes of the fitting moves, one */
                     /* per distinct move, at most PDN_CANDIDATES_MAX */
    int candidates[PDN_CANDIDATES_MAX];
};

/*
 * Matches a move text against the legal moves of 'board' (legal is
 * pdn_movegen's list for it, with or without PDN_MOVEGEN_KEEP_DUPLICATES) and
 * fills *out. Returns 0, or PDN_EINVAL for a NULL out, board or legal. Any
 * bytes are read safely; a NULL text is PDN_MATCH_BAD_TEXT.
 *
 * Squares are read as a landing path: from, any of the intermediate landing
 * squares in order, to. "44x6" names every route taking the same pieces (one
 * move); when routes take different pieces it is PDN_MATCH_AMBIGUOUS. Only
 * when no move fits that way are the squares read as captured pieces, as
 * engines write them: "from x to x captured...", "from x captured... x to",
 * "from x captured..." (each naming every captured piece). A "<19,23>" list
 * after the move must name exactly the pieces taken. "3228" is 32-28; a
 * three-digit "611" is read both ways (6-11, 61-1) and the legal moves
 * decide, PDN_MATCH_AMBIGUOUS if both are legal. "11x18 18x25" is one move.
 *
 * Partial paths: the intermediate squares PDN 3.0 asks for when from and to
 * are ambiguous ("47x24x36") are standard, however many are given.
 * PDN_FORM_PARTIAL_PATH marks some but not all landing squares of a capture
 * that from and to alone already name.
 *
 * The outcome does not depend on 'strict': every form is read in both modes
 * and listed in out->forms, so the caller can name the move in its report.
 * In strict mode the caller reports out->forms & ~PDN_FORMS_READING as errors
 * (PDN_FORM_PARTIAL_PATH among them), in lenient mode as warnings.
 */
PDN_API int pdn_move_match(struct pdn_match *out, const char *text, const struct pdn_board *board,
                           const struct pdn_movelist *legal, bool strict);
/*
 * A move text with its square numbers written as algebraic squares of the
 * variant ("22-18" -> "c3-d4", "22x15x8" -> "c3xe5xg7"), as pdnfmt writes the
 * variants whose rules say algebraic. Returns the length, or 0 (out empty)
 * when a number is no square of the variant.
 */
PDN_API size_t pdn_move_text_algebraic(char out[PDN_MOVE_TEXT_MAX], const char *text,
                                       enum pdn_variant variant);
/* Writes the whole landing path: "28x19x10", "32-28". Returns the length. */
PDN_API size_t pdn_move_to_path(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move);
/*
 * pdn_move_to_text and pdn_move_to_path write square numbers, as FEN and the
 * numeric variants do. These two write the squares as the variant's players
 * do (pdn_square_text): "c3-d4", "c3xe5xg7" in Russian, Brazilian and Czech,
 * the numbers elsewhere. Every tool shows moves this way.
 */
PDN_API size_t pdn_move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                             const struct pdn_movelist *legal, enum pdn_capture_notation notation,
                             enum pdn_variant variant);
PDN_API size_t pdn_move_path_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                                  enum pdn_variant variant);

/* Leaf nodes of the legal-move tree at exactly 'depth' plies. */
PDN_API uint64_t pdn_perft_count(const struct pdn_board *board, int depth, unsigned flags);
/*
 * A table of perft counts already made, shared by every call given it (and
 * by threads: it needs no lock): a position met again at the same depth is
 * not counted again. bytes: its size, rounded down to a power of two
 * entries of 16 bytes (at least one). 0 or PDN_ENOMEM with *out NULL.
 */
typedef struct pdn_perft_table pdn_perft_table;
PDN_API int pdn_perft_table_new(pdn_perft_table **out, size_t bytes);
/* Frees a table; accepts NULL. */
PDN_API void pdn_perft_table_free(pdn_perft_table *table);
/* pdn_perft_count with a table (NULL: none); the same counts, faster. */
PDN_API uint64_t pdn_perft_count_table(const struct pdn_board *board, int depth, unsigned flags,
                                       pdn_perft_table *table);

/* ---- Engine: a player that searches ------------------------------------- */

/*
 * A search engine for every variant of the rules table: iterative deepening
 * alpha-beta (principal variation search) over pdn_movegen's legal moves, a
 * quiescence search over captures, a transposition table, hash-move, killer
 * and history move ordering, and an evaluation of material (kings worth more
 * where they fly), advancement, the centre, the back rank and the tempo.
 * A handle owns its table and all its working memory: a search allocates
 * nothing, and separate handles may search at once from separate threads.
 * With limits by depth or nodes the same position, history and seed give
 * the same move every time on a new or cleared engine; a time limit depends
 * on the machine.
 */
typedef struct pdn_engine pdn_engine;

/* Scores are in hundredths of a man, from the side to move's view; a win in
 * n plies scores PDN_ENGINE_WIN - n, a loss -(PDN_ENGINE_WIN - n): in men, as
 * Hub writes scores, 100 less n hundredths (99.99: a win in 1 ply), which
 * is how Scan writes a win. */
#define PDN_ENGINE_WIN 10000
/* Longest expected line reported; deepest search. */
#define PDN_ENGINE_PV_MAX 32
#define PDN_ENGINE_DEPTH_MAX 64
/* The named levels, 1 (beginner) .. PDN_ENGINE_LEVELS (strongest). */
#define PDN_ENGINE_LEVELS 4

#define PDN_ENGINE_OPTIONS_VERSION 1
struct pdn_engine_options {
    unsigned version; /* PDN_ENGINE_OPTIONS_VERSION */
    size_t table_mb;  /* transposition table size in MiB; 0 means 16 */
};
#define PDN_ENGINE_OPTIONS_INIT                                                                    \
    {                                                                                              \
        .version = PDN_ENGINE_OPTIONS_VERSION                                                      \
    }

/* What a search found (also reported after each completed depth). */
struct pdn_engine_result {
    bool has_move;                         /* false: no legal move (the side to move has lost) */
    struct pdn_move move;                  /* the move to play */
    int score;                             /* of the position, for the side to move */
    int depth;                             /* last depth completed */
    uint64_t nodes;                        /* positions visited */
    double seconds;                        /* time spent */
    int npv;                               /* moves in pv */
    struct pdn_move pv[PDN_ENGINE_PV_MAX]; /* the line expected, move first */
};

#define PDN_ENGINE_LIMITS_VERSION 1
struct pdn_engine_limits {
    unsigned version; /* PDN_ENGINE_LIMITS_VERSION */
    int depth;        /* plies; 0 means PDN_ENGINE_DEPTH_MAX */
    uint64_t nodes;   /* 0: no limit */
    double seconds;   /* 0: no limit */
    /* Weakening, for the low levels: */
    int noise;          /* each evaluation moved by up to this many hundredths,
                           fixed per position and seed */
    bool no_quiescence; /* evaluate at the horizon even with a capture pending */
    uint64_t seed;      /* varies the noise */
    /* Called after each completed depth; may be NULL. */
    void (*on_depth)(const struct pdn_engine_result *result, void *ctx);
    /* Polled during the search (every 1024 nodes, after depth 1); true
     * stops it and the best move so far is returned. May be NULL. */
    bool (*should_stop)(void *ctx);
    void *ctx;
};
#define PDN_ENGINE_LIMITS_INIT                                                                     \
    {                                                                                              \
        .version = PDN_ENGINE_LIMITS_VERSION                                                       \
    }

/* A new engine through *out (free it with pdn_engine_free): 0, PDN_EINVAL
 * (bad options) or PDN_ENOMEM. */
PDN_API int pdn_engine_new(pdn_engine **out, const struct pdn_engine_options *options);
/* Frees an engine; accepts NULL. */
PDN_API void pdn_engine_free(pdn_engine *engine);
/* Forgets what earlier searches learnt (table, killers, history): a new game. */
PDN_API void pdn_engine_clear(pdn_engine *engine);
/*
 * Searches board within limits and fills *out. history holds the nhistory
 * positions of the game before board, oldest first (may be NULL when 0).
 * A line that repeats a position of the game or of itself, or that the
 * validator's draw rules would draw (king-only moves, an ending's count or
 * an ending drawn as it stands; the FMJD set), scores as a draw. Returns
 * 0, or PDN_EINVAL (a NULL argument, a bad limits version).
 */
PDN_API int pdn_engine_search(struct pdn_engine_result *out, pdn_engine *engine,
                              const struct pdn_board *board, const struct pdn_board *history,
                              size_t nhistory, const struct pdn_engine_limits *limits);
/* The static evaluation of a position for the side to move, without noise. */
PDN_API int pdn_engine_evaluate(const struct pdn_board *board);
/* The limits of a named level, 1..PDN_ENGINE_LEVELS: 0, or PDN_EINVAL. */
PDN_API int pdn_engine_level(struct pdn_engine_limits *out, int level);
/* Room for pdn_engine_score_text's text and its '\0'. */
#define PDN_SCORE_TEXT_MAX 32
/* A score for people, for the side to move: men ("+0.50", "-1.25", with a
 * '.' whatever the caller's LC_NUMERIC), or the win or loss the search
 * found, which a score in men would show as nearly 100 men ("wins in 3
 * plies", "loses in 1 ply"). Any int is a score: INT_MIN is
 * "-21474836.48". Returns the length. */
PDN_API size_t pdn_engine_score_text(char out[PDN_SCORE_TEXT_MAX], int score);

/* ---- Hub: the text protocol of Scan's engine ---------------------------- */

/*
 * Hub (version 2, Scan 3's protocol.txt) is line based: a command, then
 * name=value arguments, values in double quotes when they hold a blank or
 * '=' or are empty, flags without "=value". These calls read and write its
 * lines, positions and moves; they do no I/O.
 */
#define PDN_HUB_LINE_MAX 16384
#define PDN_HUB_ARGS_MAX 32

struct pdn_hub_arg {
    const char *name;
    const char *value; /* "" for a flag */
};

struct pdn_hub_message {
    const char *command; /* "" for a blank line */
    int nargs;
    struct pdn_hub_arg args[PDN_HUB_ARGS_MAX];
    char text[PDN_HUB_LINE_MAX]; /* the strings above point into it */
};

/* Reads one line (its end of line optional). Returns 0, or PDN_ESYNTAX (an
 * unclosed quote, a line too long, more than PDN_HUB_ARGS_MAX arguments). */
PDN_API int pdn_hub_parse(struct pdn_hub_message *out, const char *line);
/* The value of the argument name (the first), or NULL when it is absent. */
PDN_API const char *pdn_hub_arg(const struct pdn_hub_message *message, const char *name);
/*
 * A Hub position: 'W' or 'B' for the side to move, then a letter per square
 * in order, w b (men) W B (kings) e (empty). Returns 0, or PDN_ESYNTAX for
 * another length or letter.
 */
PDN_API int pdn_hub_position_read(struct pdn_board *out, enum pdn_variant variant,
                                  const char *text);
/* Writes a Hub position; returns its length. */
PDN_API size_t pdn_hub_position_write(char out[PDN_SQUARES_MAX + 2], const struct pdn_board *board);
/* Writes a move as Hub does: "32-28", a capture as from x to x each piece
 * taken ("28x19x23"). Returns the length. */
PDN_API size_t pdn_hub_move_write(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                                  enum pdn_variant variant);

/* ---- DXP: the DamExchange protocol's messages ---------------------------- */

/*
 * DXP (DamExchange, version 1: Moby Dam, Kingsrow, Scan) carries games of
 * international draughts over TCP (port 27531 by default) as messages of
 * printable ASCII, each ended by a NUL, the first letter its type. These
 * calls read and write one message (without its NUL); they do no I/O.
 * Colours are written 'W' (white) and 'Z' (zwart, black).
 */
#define PDN_DXP_PORT 27531
#define PDN_DXP_NAME_MAX 32
#define PDN_DXP_MESSAGE_MAX 512

enum pdn_dxp_type {
    PDN_DXP_GAMEREQ = 'R', /* initiator: name, follower's colour, time, moves, position */
    PDN_DXP_GAMEACC = 'A', /* follower: name, acceptance code (0 accepted) */
    PDN_DXP_MOVE = 'M',    /* time used, from, to, the pieces taken */
    PDN_DXP_GAMEEND = 'E', /* reason (0 unknown, 1 I lose, 2 draw, 3 I win), stop code */
    PDN_DXP_CHAT = 'C',    /* text */
    PDN_DXP_BACKREQ = 'B', /* take back to move number, the colour to move then */
    PDN_DXP_BACKACC = 'K'  /* acceptance code (0 accepted, 1 not supported, 2 refused) */
};

struct pdn_dxp_message {
    enum pdn_dxp_type type;
    char name[PDN_DXP_NAME_MAX + 1]; /* GAMEREQ, GAMEACC: blanks at the end dropped */
    int version;                     /* GAMEREQ: 1 */
    enum pdn_color color;            /* GAMEREQ: the follower's; BACKREQ: to move */
    int minutes, moves;              /* GAMEREQ: thinking time, moves in it */
    bool has_position;               /* GAMEREQ: position below, else the start */
    struct pdn_board position;       /* GAMEREQ */
    int code;                        /* GAMEACC, BACKACC: acceptance; GAMEEND: reason */
    int stop;                        /* GAMEEND: 1 no further game */
    int seconds;                     /* MOVE: time used */
    int from, to, ncaptured;         /* MOVE */
    uint8_t captured[PDN_PATH_MAX];  /* MOVE: squares of the pieces taken */
    int move_number;                 /* BACKREQ */
    char text[PDN_DXP_MESSAGE_MAX];  /* CHAT */
};

/* Reads one message of len bytes (no NUL needed): 0, or PDN_ESYNTAX (an
 * unknown type, a field too short, not a number, a bad position). */
PDN_API int pdn_dxp_parse(struct pdn_dxp_message *out, const char *text, size_t len);
/* Writes a message (NUL-terminated, the NUL not counted); returns its
 * length, 0 for a message that cannot be written. */
PDN_API size_t pdn_dxp_format(char out[PDN_DXP_MESSAGE_MAX], const struct pdn_dxp_message *message);
/* A MOVE message for a move of board's side, seconds used. */
PDN_API void pdn_dxp_move_message(struct pdn_dxp_message *out, const struct pdn_move *move,
                                  enum pdn_variant variant, int seconds);
/* The legal move of board a MOVE message names (from, to, the pieces
 * taken): true and *out filled, or false when none fits. */
PDN_API bool pdn_dxp_move_find(struct pdn_move *out, const struct pdn_dxp_message *message,
                               const struct pdn_board *board);

/* ---- Positions in the source ------------------------------------------- */

struct pdn_pos {
    uint32_t line;   /* 1-based */
    uint32_t col;    /* 1-based, in characters (UTF-8 code points) */
    uint64_t offset; /* byte offset in the decoded (UTF-8) input */
};

/* ---- Diagnostics ------------------------------------------------------- */

enum pdn_severity { PDN_SEV_NOTE, PDN_SEV_WARNING, PDN_SEV_ERROR };

/*
 * Finding codes. One table in diag.c maps each code to a name, a severity
 * and a message. Append new codes before PDN_DIAG_COUNT.
 */
enum pdn_diag_code {
    /* reader: encoding and lexing */
    PDN_DIAG_ENCODING_FALLBACK, /* input is not UTF-8: decoded as ... */
    PDN_DIAG_BAD_ENCODING,      /* byte sequence invalid in the forced encoding */
    PDN_DIAG_NUL_BYTE,          /* NUL byte in the input */
    PDN_DIAG_UNEXPECTED_CHAR,   /* characters that start no token (a run of words on a line) */
    PDN_DIAG_UNTERMINATED_COMMENT,
    PDN_DIAG_UNTERMINATED_STRING,
    PDN_DIAG_UNTERMINATED_TAG,
    PDN_DIAG_UNTERMINATED_VARIATION,
    PDN_DIAG_UNTERMINATED_SETUP,
    PDN_DIAG_NESTED_COMMENT, /* '{' inside a comment */
    /* reader: grammar */
    PDN_DIAG_SYNTAX,  /* token not allowed here (strict or unrecoverable) */
    PDN_DIAG_BAD_TAG, /* malformed tag pair */
    PDN_DIAG_DUPLICATE_TAG,
    PDN_DIAG_UNMATCHED_PAREN, /* ')' without '(' */
    PDN_DIAG_MISSING_RESULT,  /* game ended without a result or '*' */
    PDN_DIAG_NONSTANDARD,     /* a real-world form outside PDN 3.0 (detail says which) */
    PDN_DIAG_LIMIT,           /* a documented limit was reached */
    /* replay: moves */
    PDN_DIAG_ILLEGAL_MOVE,       /* detail says why; the line stops there */
    PDN_DIAG_AMBIGUOUS_MOVE,     /* detail lists every candidate; the line stops */
    PDN_DIAG_AMBIGUITY_RESOLVED, /* one candidate let the line go on: detail names it */
    PDN_DIAG_PARTIAL_PATH,       /* some but not all landing squares of a capture */
    PDN_DIAG_MOVE_FORM,          /* nonstandard move notation (detail lists the forms) */
    PDN_DIAG_STRICT_VIOLATION,   /* strict mode: a form PDN 3.0 does not allow */
    PDN_DIAG_UNKNOWN_MOVE,       /* "--", "...": the rest of the line is not replayed (its
                                    move texts are still checked: squares on the board) */
    PDN_DIAG_MOVE_NUMBER,        /* move number or side disagrees with the replay (detail:
                                    how many after it are off the same way, each a
                                    PDN_DIAG_MOVE_NUMBER_RUN) */
    /* replay: results */
    PDN_DIAG_RESULT_MISMATCH,     /* Result tag and terminator disagree */
    PDN_DIAG_RESULT_INCONSISTENT, /* the final position contradicts the result */
    PDN_DIAG_DRAW_RULE,           /* game went on after a draw rule, or decisive result */
    PDN_DIAG_RESULT_CONVENTION,   /* result written in a non-international convention */
    PDN_DIAG_UNKNOWN_RESULT,      /* not a result ("4-6"): read as '*' */
    /* replay: tags */
    PDN_DIAG_UNSUPPORTED_GAMETYPE, /* the moves of the game are not checked */
    PDN_DIAG_BAD_DATE,             /* not YYYY.MM.DD with '?' for unknown digits */
    PDN_DIAG_BAD_FEN,              /* FEN tag or setup that does not read */
    PDN_DIAG_IMPOSSIBLE_FEN,       /* a FEN no game can reach (men on their crowning row ...) */
    /* reader, about a whole file */
    PDN_DIAG_NOT_PDN, /* no tag and no move at its start: not read further */
    PDN_DIAG_NO_GAME, /* the file holds no game */
    /* CSV input (pdn_csv_reader): line is the CSV row, col the CSV column */
    PDN_DIAG_BAD_CSV,    /* a row that does not read or holds no game: detail says why;
                            it is skipped. Or text after a game's result in a row:
                            read as a game of its own */
    PDN_DIAG_CSV_COLUMN, /* a column that names no tag: ignored */
    /* replay: the variant of a game */
    PDN_DIAG_VARIANT_INFERRED,  /* no GameType tag: the variant and what decided it */
    PDN_DIAG_GAMETYPE_MISMATCH, /* the GameType tag contradicts the moves (detail: how) */
    /* pdn_format_game with fix: a fault repaired in what it wrote (detail: into what) */
    PDN_DIAG_FIXED,
    /* pdn_unique_check: games read twice */
    PDN_DIAG_REPEATED_GAME, /* a copy of an earlier game, left out (detail: where that one is) */
    PDN_DIAG_SUSPECT_COPY,  /* the moves of an earlier game under other players, or its
                               pairing with other moves: kept (detail: which game) */
    /* replay: tags */
    PDN_DIAG_TAG_SYNONYM, /* a tag named in another language (Bianco) read as the standard
                             one (detail: which), the game having none of that name */
    PDN_DIAG_TAG_CASE,    /* a standard tag name in another case (Fen, RESULT) read as the
                             standard one (detail: which), the game having none of that name */
    /* CSV input: the header names tags of games (White, Result, FEN...) but no moves
       column; each row is read as a game of its tags alone */
    PDN_DIAG_CSV_NO_MOVES,
    /* replay: a variation whose first move is illegal where it stands and
       legal in place of the next move of its line, numbered as that move, as
       the move it stands in place of, or not at all: written before the
       move it replaces (at its '('; text: its first move as written;
       detail: both moves; node: its first move) */
    PDN_DIAG_MISPLACED_VARIATION,
    /* replay: a wrong move number off the count as an earlier one of its
       line is, whose move-number warning said how many are (a number
       written twice shifts the rest; detail: that number and where) */
    PDN_DIAG_MOVE_NUMBER_RUN,
    PDN_DIAG_COUNT
};

struct pdn_node;

struct pdn_diag {
    enum pdn_diag_code code;
    const char *file;            /* name given to the reader, "-" for stdin */
    uint32_t line, col;          /* 0 when not tied to a place */
    size_t game;                 /* 1-based game index in the file, 0 for none (the file's:
                                    text after the last game that starts no game) */
    const char *move_number;     /* "12." or "30..." or NULL */
    const char *text;            /* the offending text, or NULL */
    const char *detail;          /* code-specific detail, or NULL */
    const struct pdn_node *node; /* the move a replay finding is about (illegal, ambiguous,
                                    move form, move number, unknown move, play after a draw
                                    rule), borrowed from the game; NULL for every other */
};

/*
 * A finding's strings (file, move_number, text, detail) live only during the
 * callback: copy them to keep them. node lives as long as its game.
 */
typedef void (*pdn_diag_fn)(const struct pdn_diag *diag, void *ctx);

/* The severity of a code, fixed by the library's table (PDN_SEV_ERROR for an
 * unknown code). */
PDN_API enum pdn_severity pdn_diag_severity(enum pdn_diag_code code);
/* A short stable name, such as "illegal-move": static, never NULL. */
PDN_API const char *pdn_diag_name(enum pdn_diag_code code);
/* "note", "warning" or "error": static, never NULL. */
PDN_API const char *pdn_severity_name(enum pdn_severity severity);
/*
 * The message of a diagnostic, without file and place:
 *   illegal move '32-27': square 32 is empty
 * Writes at most cap bytes (NUL included), cut between characters, never
 * inside a UTF-8 sequence; returns the full length.
 */
PDN_API size_t pdn_diag_message(char *out, size_t cap, const struct pdn_diag *diag);

/* ---- Game tree --------------------------------------------------------- */

enum pdn_result {
    PDN_RESULT_NONE = 0,  /* no result given */
    PDN_RESULT_UNKNOWN,   /* '*' */
    PDN_RESULT_WHITE_WIN, /* 2-0 (1-0) */
    PDN_RESULT_BLACK_WIN, /* 0-2 (0-1) */
    PDN_RESULT_DRAW,      /* 1-1 (1/2-1/2) */
    PDN_RESULT_BOTH_LOST  /* 0-0 */
};

/*
 * The parts of a game below (comments, nodes, lines, tags) and every string
 * and array they point to are borrowed from the game: made by the reader
 * with it, read-only, valid until pdn_game_free. Copy what must outlive it.
 *
 * A game made by hand. A program may build a pdn_game itself, zeroed and
 * then filled, and give it to every call that takes a const pdn_game *
 * (pdn_write_game, pdn_format_game, pdn_csv_writer_write_game,
 * pdn_replay_game, pdn_stats_add_game, pdn_unique_check, pdn_select_match,
 * pdn_date_orders_add, pdn_game_tag and the other lookups), never to
 * pdn_game_free. The library reads it as a game the reader found no fault
 * in, never changes or keeps it, and crashes on none within these rules
 * (tests/fuzz/fuzz_handmade.c builds such games):
 *   - NULL read as empty (""): a comment's text, a tag's name (found by
 *     no name; the writer keeps the tag as a comment, as any whose name is
 *     no identifier). A node's text NULL is read as a move not given, as
 *     "" is (the replay stops its line there); the writer writes nothing
 *     for it.
 *   - NULL read as none: a tag's value (the tag is passed over: no lookup
 *     finds it, no writer writes it), annotations, strength, setup,
 *     trailing_setup, result_text (then the result is pdn_game.result's),
 *     raw (no source text: pdn_format_game writes the tree where it would
 *     write the text as read), and any array whose count is 0.
 *   - Any value: index, every pdn_pos, number and number_black, the NAGs,
 *     the bytes of a string (UTF-8 is not checked: other bytes are written
 *     as they are, and CSV and statistics may then hold text that is no
 *     UTF-8).
 *   - Must hold: internal NULL and plain_from, plain_to, plain_sep zero;
 *     result and variant_source values of their enums (gametype is read
 *     only when variant_source is not PDN_VARIANT_FROM_DEFAULT, and a
 *     number of no variant is an unknown GameType, an error of the
 *     replay); every array at least as long as its count (so not NULL
 *     when the count is not 0: a pdn_annotations with a count and no
 *     array is not allowed); every string NUL-terminated; raw, when not
 *     NULL, raw_len bytes; a tree, no line or node reached twice from
 *     itself, variations nested at most PDN_LIMIT_DEPTH deep (the writer
 *     and the replay walk them recursively). The game must stay unchanged
 *     during a call, and alive while a finding names one of its nodes.
 * These the library cannot check at a low cost; it does not try.
 */
struct pdn_comment {
    const char *text; /* without braces or ';'; NULL in a game made by hand: "" */
    struct pdn_pos pos;
    bool to_eol; /* written as ';' ... end of line */
};

struct pdn_line;
struct pdn_game_internal;

/* What is written around a move besides its number: its strength, NAGs,
 * comments, a setup before it and the variations after it. Borrowed from
 * its game. Most moves of a tournament file have none of it, so a node
 * points to it (pdn_node.annotations) rather than carrying it: the node
 * of a plain move is half the size, and a game's tree too. */
struct pdn_annotations {
    const char *strength; /* "!", "?!", ... or NULL */
    /* an array may be NULL when its count is 0, never when it is not */
    const uint16_t *nags; /* $n annotations after the move */
    const struct pdn_comment *comments_before;
    const struct pdn_comment *comments_after;
    const char *setup;                 /* FEN of a /FEN "..."/ setup just before it, or NULL */
    const struct pdn_line *variations; /* alternatives to this move */
    struct pdn_pos setup_pos;
    uint32_t nnags;
    uint32_t ncomments_before;
    uint32_t ncomments_after;
    uint32_t nvariations;
};

/* One move: borrowed from its game. The fields are ordered by size,
 * pointers first, so that the struct has no padding inside (56 bytes on
 * 64-bit systems): a game of tiny moves is mostly nodes. */
struct pdn_node {
    const char *text; /* move text as read (UTF-8, NUL-terminated): blanks inside
                         a move dropped ("32-28" for "32 - 28"), but for an
                         unknown move's on one line ("- -"); NULL in a game
                         made by hand: a move not given, written as nothing */
    /* Its annotations, or NULL when it has none: read them with
     * pdn_annotations_of, which gives an empty set for NULL. */
    const struct pdn_annotations *annotations;
    struct pdn_pos pos; /* of the move text */
    struct pdn_pos number_pos;
    uint32_t number;   /* move number written before it, 0 if none */
    bool number_black; /* the number was written "N..." */
    /* A text of two numbered squares around '-' or 'x' ("32-28", "28x19"),
     * as the reader read it: the squares and the separator ('\0', squares
     * 0, for any other text), in the bytes beside number_black; only the
     * library's replay and CSV writer read them, and only in games the
     * reader made. */
    uint8_t plain_from, plain_to;
    char plain_sep;
};

/* A node's annotations: an empty set (every pointer NULL, every count 0)
 * when it has none. Never NULL. */
static inline const struct pdn_annotations *pdn_annotations_of(const struct pdn_node *node)
{
    static const struct pdn_annotations none = {0};
    return node->annotations ? node->annotations : &none;
}

/* A line of moves (the main line or a variation): borrowed from its game.
 * Ordered by size, as pdn_node (48 bytes on 64-bit systems). moves and
 * trailing may be NULL when their counts are 0. */
struct pdn_line {
    const struct pdn_node *moves;
    const struct pdn_comment *trailing; /* comments after the last move */
    const char *trailing_setup;         /* a setup after the last move, or NULL */
    struct pdn_pos pos;                 /* of '(' for a variation */
    uint32_t nmoves;
    uint32_t ntrailing;
};

/* A tag pair: borrowed from its game. A game made by hand may leave either
 * NULL: a tag of no value is no tag to the library, one of no name has a
 * name no lookup gives ("A game made by hand", above). */
struct pdn_tag {
    const char *name;
    const char *value; /* unescaped */
    struct pdn_pos pos;
};

/*
 * How the variant of a game without a GameType tag was decided. A tag
 * always wins (and the replay warns when the moves contradict it); without
 * one, the reader's gametype option; without that, the game's own content:
 * square numbers above 32 (international), algebraic squares (Russian,
 * Brazilian or Czech), the first move (9-12: English, Black opens; 31-35:
 * international), Italian tag names, a FEN of squares 1-32 with nine
 * pieces or more a side (8x8), a FEN of squares 1-32 with a 1-0 style
 * result (English). Where the clues leave several variants, the main line
 * is replayed under them, the file's favourite first, then the most common:
 * the first it is legal under is taken, and under none, the clue's own
 * variant. A game with no clue of its own, or only a weak one, follows the
 * majority of the file's games read so far (streaming: a running majority,
 * not the whole file's), and international when there is none. The games
 * that decided by themselves make the majority, a game whose moves were
 * replayed for each variant they were legal under (the favourite: the
 * variant with most such games).
 */
enum pdn_variant_source {
    PDN_VARIANT_FROM_DEFAULT = 0, /* nothing said: international */
    PDN_VARIANT_FROM_TAG,         /* its GameType tag */
    PDN_VARIANT_FROM_OPTION,      /* pdn_reader_options.gametype */
    PDN_VARIANT_FROM_CONTENT,     /* its moves, FEN or tags (the replay's
                                     PDN_DIAG_VARIANT_INFERRED note says which) */
    PDN_VARIANT_FROM_FILE         /* the majority of the file's games so far */
};

/*
 * A game: a documented read-only struct, not an opaque handle. The tools
 * walk whole trees (the writer, CSV rows, the replay view, statistics);
 * plain const structs let them do that with loops rather than thirty
 * accessors, at no cost, and every pointer in them is const. The library
 * makes games (pdn_reader_next), so later releases may append fields
 * without breaking programs (a program that makes one by hand zeroes it
 * first: see "A game made by hand" above); how the memory is held is not
 * part of the struct.
 *
 * A game owns everything it points to, and every string in it is UTF-8 and
 * NUL-terminated: one pdn_game_free releases it all.
 */
typedef struct pdn_game {
    size_t index;               /* 1-based position in its file */
    const struct pdn_tag *tags; /* source order, duplicates kept */
    uint32_t ntags;
    struct pdn_line main;
    enum pdn_result result;  /* the terminator */
    const char *result_text; /* as written, or NULL when absent */
    struct pdn_pos result_pos;
    struct pdn_pos start; /* first token of the game */
    const char *raw;      /* the game's decoded source text */
    size_t raw_len;
    /* The variant, for a game without a GameType tag (pdn_reader_next):
     * see enum pdn_variant_source. */
    int gametype; /* GameType number the game is played under; 0: none
                     said (international) */
    enum pdn_variant_source variant_source;
    /* What the library keeps for itself about how it read the game:
     * opaque, NULL in a game made by hand (which then reads as one the
     * reader found no fault in). */
    const struct pdn_game_internal *internal;
} pdn_game;

/* Frees a game from pdn_reader_next and everything in it; accepts NULL.
 * Not for a game made by hand. */
PDN_API void pdn_game_free(pdn_game *game);
/*
 * Whether the game says its variant itself: a GameType tag, or content of
 * its own that leaves one variant (square numbers above 32, moves legal
 * under one variant alone, ...). Otherwise the reader leaned on the games
 * before it in its file (PDN_VARIANT_FROM_FILE, the variant most common
 * there among those its moves allow, or the default when it had none
 * before it), and the game read elsewhere, alone or after other games, may
 * be read as another: pdnfmt --split gives such a game its GameType tag.
 * False for a game not made by the reader.
 */
PDN_API bool pdn_game_variant_own(const pdn_game *game);
/*
 * The move number of the main line's first ply, as pdnfmt writes it and the
 * replay checks it: a FEN's move number (":F12", lidraughts' field), else
 * counted back from the first number written on the main line ("31-27
 * 20-24 38. 32-28" starts at 37), else 1. Every tool that shows move
 * numbers counts from it. 0 for NULL.
 */
PDN_API uint32_t pdn_game_first_number(const pdn_game *game);
/*
 * The move number of the ply after a /FEN/ setup among the moves, the one
 * before move i of line (the line's trailing setup when i is its move
 * count), as pdnfmt writes it and the replay checks it; second: that ply
 * is the second mover's of its pair. The FEN's ":F" number, else counted
 * back from the first number written after the setup before another one;
 * 0 when neither says (the count goes on from the moves before it), for no
 * setup there, an empty one or one holding '/' (written as a comment).
 */
PDN_API uint32_t pdn_setup_number(const struct pdn_line *line, uint32_t i, bool second);
/*
 * Whether the "game" is a file's trailer: comments alone ({...} and ;
 * lines, with blanks and % lines between them) after the last game's
 * result or '*' (or in a file of nothing else) up to the end of the input,
 * which exporters write ("2-0 {exported by X}"). It is no game: the reader
 * hands it out last, numbered after the file's last game, so that no text
 * is lost, without a finding of its own (no missing result) and not
 * counted for PDN_DIAG_NO_GAME; tools do not count, check, list or show it.
 * pdn_write_game and pdn_format_game write its comments alone, which read
 * back as the same trailer. Anything else in it (a tag, a move, a number,
 * a NAG, a setup, a variation, a result), or an error the reader finds in
 * it (an unterminated comment), makes it a game as before; comments before
 * a game belong to that game. Junk (text no token takes) after the last
 * game is an error, reported as the file's (game 0), and its words are a
 * trailer's comments: the text pdnfmt writes, not lost; junk on the line
 * of a game's result is that game's, its words a comment after its last
 * move; other junk before a game is that game's, its words comments before
 * its first move. False for NULL and a game made by hand.
 */
PDN_API bool pdn_game_is_trailer(const pdn_game *game);
/* What pdn_reader_options.work made of the game on the thread that read
 * it, or NULL (no work asked for, or none done for this game, or a game
 * made by hand). */
PDN_API void *pdn_game_work(const pdn_game *game);
/* The value of the first tag with this name (case-sensitive), or NULL;
 * borrowed from the game. A game with no tag of a standard name is read
 * through the names real files give it in their own language: Bianco and
 * Blanc for White, Nero and Noir for Black, Risultato for Result (the
 * replay checks the result against it too), Manche for Round, "Type de
 * jeu" for GameType; and through the standard name in another case
 * ("Fen", "GameTYPE", "result": Event, Site, Date, Round, White, Black,
 * Result, GameType and FEN, the tags the tools read); the first of them
 * counts. The tags stay as read (see PDN_DIAG_TAG_SYNONYM,
 * PDN_DIAG_TAG_CASE, the writer's standard_names and pdn_format_game's
 * fix). */
PDN_API const char *pdn_game_tag(const pdn_game *game, const char *name);
/* The game's date as its file gives it, borrowed: the Date tag
 * (pdn_game_tag), else the UTCDate tag (lidraughts' broadcasts have no
 * Date), else NULL. What the tools place a game in time by and show as its
 * date; the tags themselves stay as read. */
PDN_API const char *pdn_game_date(const pdn_game *game);
/* Parses a result text ("2-0", "1-0", "1/2-1/2", "*", ...), blanks around
 * it ignored as every tool reads a Result tag: true and *out set, or false
 * when the text is not a result. *out is in the text's order, the first
 * number the first named side's: White's, but Black's in the games whose
 * Black opens (English checkers: "1-0" Black won), and so
 * is pdn_game.result; pdn_result_sides says which colour won. */
PDN_API bool pdn_result_parse(enum pdn_result *out, const char *text, size_t len);
/* A result in the text's order of a game of this GameType number as won
 * by White or Black (PDN_RESULT_WHITE_WIN: White won), and the other way
 * round (it is its own inverse): the two wins are swapped for the type
 * whose Black opens (21, English checkers), whose files give Black's score
 * first. */
PDN_API enum pdn_result pdn_result_sides(enum pdn_result result, int gametype);
/* The international form of a result ("2-0", "1-1", "*", ...). */
PDN_API const char *pdn_result_text(enum pdn_result result);
/* A result (PDN_RESULT_WHITE_WIN: White won) as the writer (pdnfmt) spells
 * it in a game of this GameType number: the international form for 20 and
 * 27 and for 0 (none known), chess style ("1-0", "1/2-1/2") for the other
 * types, Black's score first where Black opens (21: a White win is
 * "0-1"); "0-0", which has no chess spelling, and "*" stay. Tools that
 * write games themselves use it. */
PDN_API const char *pdn_result_text_for(enum pdn_result result, int gametype);
/* The game's result as the writer (pdnfmt) writes its Result tag: the tag,
 * else the terminator, spelt in the convention of the game's GameType (or
 * the type it was read under): "2-0", "1-1", "0-2", "0-0" for
 * international draughts (20), 27 and none; "1-0", "1/2-1/2", "0-1" for
 * the others. A tag that is no result ("4-6"), or any under a
 * ResultFormat tag, as written; "*" when neither says. Borrowed from the
 * game (or static); NULL for NULL. */
PDN_API const char *pdn_game_result(const pdn_game *game);

/* ---- Text -------------------------------------------------------------- */

/* The characters (UTF-8 code points) in s[0, len): a column count. */
PDN_API size_t pdn_text_width(const char *s, size_t len);
/* The byte length of the first 'chars' characters of s[0, len) (len when
 * it holds fewer), so that a cut there splits no character. */
PDN_API size_t pdn_text_prefix(const char *s, size_t len, size_t chars);
/* The columns s[0, len) takes on a terminal, to line text up under it (a
 * caret under a diagnostic's column): two for each wide character (Chinese,
 * Japanese, Korean, emoji), none for a combining mark or a zero-width
 * character, one for every other character and for each byte that is no
 * UTF-8. Unicode's tables, as glibc's wcwidth(3) has them, whatever the
 * locale. */
PDN_API size_t pdn_text_columns(const char *s, size_t len);
/*
 * s[0, len) with what a terminal would obey made visible, for a message
 * quoting text from outside (an engine's move, a name): \t, \n, \r; \xHH
 * for the other C0 controls, DEL and each byte that is no valid UTF-8;
 * \u0080..\u009f for the C1 controls, \u202e and the like for the
 * bidirectional controls (U+061C, U+200E, U+200F, U+202A..U+202E,
 * U+2066..U+2069), which reorder a line; the rest as it is. So the result is
 * valid UTF-8 on one line. Writes at most cap bytes (NUL included), cut
 * between escapes and characters; returns the full length.
 */
PDN_API size_t pdn_text_escape(char *out, size_t cap, const char *s, size_t len);

/* ---- Select: choosing games by their tags --------------------------------- */

/*
 * A selection: criteria a game must meet, shared by every tool (-g, --white,
 * --player, --date ...). Criteria of different kinds must all hold; of one
 * kind, any one of them (two PDN_SELECT_PLAYER: either player). Tag criteria
 * are of one kind per tag name. An empty selection chooses every game.
 *
 * Text is compared folded: case-insensitive, and accent-insensitive for
 * Latin letters ("Valneris" finds "Valnéris" and "VALNÉRIS"; ß is ss, æ ae,
 * œ oe), Cyrillic case-insensitive (and ё is е). A missing tag reads as "".
 */
enum pdn_select_field {
    PDN_SELECT_GAMES,    /* game indexes in the file: "3", "3-7", "1,4,9-", "-5" */
    PDN_SELECT_WHITE,    /* White holds the text (substring, folded) */
    PDN_SELECT_BLACK,    /* Black holds the text (substring, folded) */
    PDN_SELECT_PLAYER,   /* White or Black holds the text (substring, folded) */
    PDN_SELECT_EVENT,    /* Event holds the text (substring, folded) */
    PDN_SELECT_SITE,     /* Site holds the text (substring, folded) */
    PDN_SELECT_ROUND,    /* Round is the text (whole value, folded) */
    PDN_SELECT_DATE,     /* Date within "YYYY[.MM[.DD]]" or a range "FROM-TO" (either
                            side may be left out); a game's date must lie wholly
                            inside: "2014.??.??" is in "2014", not in "2014.11".
                            Date tags written DD.MM.YYYY (a field one digit
                            short too) are read too: one that could be swapped
                            as pdn_select_set_date_orders says */
    PDN_SELECT_RESULT,   /* the result, any spelling pdn_result_parse takes ("2-0",
                            "1-0", "1/2-1/2", "*"): the Result tag, else the terminator */
    PDN_SELECT_GAMETYPE, /* GameType's number (before any comma); no tag is 20 */
    PDN_SELECT_TAG,      /* "NAME=VALUE": tag NAME (exact) is VALUE (whole, folded) */
    PDN_SELECT_FIELD_COUNT
};

typedef struct pdn_select pdn_select;

/* A new, empty selection through *out (free with pdn_select_free): 0 or
 * PDN_ENOMEM with *out NULL. */
PDN_API int pdn_select_new(pdn_select **out);
/*
 * Adds a criterion; value is copied. Returns 0, PDN_EINVAL for a value that
 * does not read as the field wants (a bad range, date, result or number) or
 * an unknown field, PDN_ENOMEM.
 */
PDN_API int pdn_select_add(pdn_select *sel, enum pdn_select_field field, const char *value);
/* Whether the game meets the selection (a NULL selection chooses every game).
 * Allocates nothing for tag values within PDN_LIMIT_TAG_VALUE bytes. */
PDN_API bool pdn_select_match(const pdn_select *sel, const pdn_game *game);
struct pdn_date_orders; /* pdn_date_orders, below */
/* The order of day and month each event of the file whose games are
 * matched next writes its dates in (pdn_date_orders, below, read from that
 * file first; NULL: not known), borrowed until the next call: a Date whose
 * day and month could be swapped ("10.03.2003") is placed by
 * PDN_SELECT_DATE as pdn_format_game's fix reads it, in the order the other
 * dates of its event, else of its file, show; else day first. Accepts a
 * NULL selection. */
PDN_API void pdn_select_set_date_orders(pdn_select *sel, const struct pdn_date_orders *orders);
/* True when no game after index 'index' of a file can be chosen (every
 * PDN_SELECT_GAMES range ends at or before it): a reader may stop there. */
PDN_API bool pdn_select_exhausted(const pdn_select *sel, size_t index);
/* Frees a selection; accepts NULL. */
PDN_API void pdn_select_free(pdn_select *sel);

/* ---- Repeated games ------------------------------------------------------ */

/*
 * Games read twice: the same game in two sources, typed again with other
 * spacing, or filed under two pairings. pdn_unique_check judges each game
 * against the games kept before it, in the order given, across files; it
 * keeps a few hashes and the place of each game kept (about 64 bytes), never
 * the game, and works in constant time a game.
 */
typedef struct pdn_unique pdn_unique;

enum pdn_unique_mode {
    /* A copy has the same start position and main-line moves as replayed
     * (spacing, comments, move numbers and capture notation do not count;
     * moves after an illegal one are compared by their text), and the
     * same White and Black (case and accents ignored). */
    PDN_UNIQUE_MOVES,
    /* A copy reaches the same final position in as many plies, with the
     * same White and Black: transposed move orders are one game. */
    PDN_UNIQUE_POSITION
};

/* A new, empty set of games kept through *out (free with pdn_unique_free):
 * 0, PDN_EINVAL for an unknown mode, or PDN_ENOMEM with *out NULL. */
PDN_API int pdn_unique_new(pdn_unique **out, enum pdn_unique_mode mode);
/*
 * Judges game, read from file (its name in reports; NULL: "-") where at
 * says (NULL: game->start; a CSV row: pdn_csv_reader_locate): 1 when it
 * copies a game kept before (one PDN_DIAG_REPEATED_GAME to on_diag, naming
 * where that game is; the game is not kept), 0 when it is kept. A kept game
 * with the moves of an earlier one under other players (from 20 plies on:
 * shorter games are played twice alike), or with the players, Event,
 * Round and year of an earlier one and other moves (White, Black and Round
 * given), is suspect: a
 * PDN_DIAG_SUSPECT_COPY each. So is a copy with a result (pdn_game_result)
 * other than its first's, which is kept: one of the two records is wrong,
 * or the first has no result. PDN_ENOMEM or PDN_EINVAL otherwise. on_diag
 * may be NULL; the finding's strings live during the call only.
 */
PDN_API int pdn_unique_check(pdn_unique *u, const pdn_game *game, const char *file,
                             const struct pdn_pos *at, pdn_diag_fn on_diag, void *ctx);
/* Frees the set; accepts NULL. */
PDN_API void pdn_unique_free(pdn_unique *u);

/* ---- Reader ------------------------------------------------------------ */

/*
 * The encoding of input that is neither valid UTF-8 nor marked by a byte
 * order mark. Whatever it is, a UTF-8, UTF-16 or UTF-32 byte order mark
 * decides (UTF-16 and UTF-32 without one are recognised by their NUL
 * bytes), and text stays UTF-8 up to its first byte that is not: from that
 * byte on, the rest is decoded as this encoding, but for lines that are
 * all valid UTF-8 (files joined, one in UTF-8), which stay UTF-8 when it
 * is a single-byte code page. PDN_ENCODING_AUTO detects it (uchardet:
 * CP1251, CP866, KOI8-R, CP1250, ISO-8859-2, else CP1252, which is also how
 * Latin-1 is read) and reports PDN_DIAG_ENCODING_FALLBACK naming it; any
 * other value is used as given, without a finding, and PDN_ENCODING_UTF8
 * keeps UTF-8, each bad byte a U+FFFD (PDN_DIAG_BAD_ENCODING). So one
 * setting reads a mixed set of files.
 */
enum pdn_encoding {
    PDN_ENCODING_AUTO = 0,
    PDN_ENCODING_UTF8,
    PDN_ENCODING_LATIN1,
    PDN_ENCODING_CP1252,
    PDN_ENCODING_CP1251,
    PDN_ENCODING_CP866,
    PDN_ENCODING_KOI8R,
    PDN_ENCODING_CP1250, /* Central European: Czech, Polish, Slovak, Hungarian... */
    PDN_ENCODING_LATIN2  /* ISO-8859-2, the same languages' other code page */
};

/* Parses "utf-8", "latin1", "cp1252", "cp1251", "cp866", "koi8-r", "cp1250",
 * "latin2"... (case,
 * '-', '_' and spaces ignored): true and *out set, or false for an unknown
 * name. */
PDN_API bool pdn_encoding_parse(enum pdn_encoding *out, const char *name);
/*
 * Whether an input that starts with head[0, n) is UTF-16 or UTF-32 as the
 * readers (PDN and CSV) take it, whatever encoding is asked for: a byte
 * order mark of either, or, without one, NULs where ASCII text in either
 * has them. Only the first 256 bytes are looked at, as the readers do; a
 * tool that looks at a file's bytes as ASCII (a date's digits) before
 * reading it knows from this that it cannot.
 */
PDN_API bool pdn_encoding_is_wide(const void *head, size_t n);

/*
 * Options structs (every struct pdn_*_options, and pdn_engine_limits) start
 * with a version: set it with the struct's _INIT macro, or by hand to the
 * struct's own version macro, defined just above it (PDN_READER_OPTIONS_VERSION
 * for struct pdn_reader_options). Each struct can grow at its end in later
 * releases without breaking libpdn.so.0: the library reads only the fields
 * the version given has, and one struct growing leaves the others' versions
 * alone. A version of 0 (a forgotten initialisation) or newer than the
 * library is PDN_EINVAL. A NULL options pointer means every default.
 *
 * The reader and the replay name the file, the strictness and the findings
 * callback alike: filename, strict, on_diag, diag_ctx.
 */
#define PDN_READER_OPTIONS_VERSION 4
struct pdn_reader_options {
    unsigned version;     /* PDN_READER_OPTIONS_VERSION */
    const char *filename; /* in diagnostics ("-" when NULL); copied */
    bool strict;          /* the PDN 3.0 reading grammar to the letter */
    pdn_diag_fn on_diag;  /* findings; may be NULL */
    void *diag_ctx;       /* passed to on_diag */
    enum pdn_encoding encoding;
    int gametype; /* games without a GameType tag are of this type; 0: inferred
                     (enum pdn_variant_source) */
    /* Version 2: */
    int threads; /* threads reading parts of a regular file (pdn_reader_open_file)
                    at once, the caller's among them: the same games and findings
                    in the same order, sooner on several cores; 0 or 1: one */
    /* With threads: each game, once numbered and its variant decided, is
     * handed to work(game, work_ctx) on the thread that read it, before
     * pdn_reader_next hands it over (a game stays on one core from its
     * text to what is made of it); what work returns is pdn_game_work's,
     * freed by work_free (may be NULL) with the game. The games of a part
     * read by the caller's reader alone have no work (NULL): work must be
     * safe to call from any thread, and its callers ready for games
     * without it. */
    void *(*work)(pdn_game *game, void *work_ctx);
    void (*work_free)(void *work);
    void *work_ctx;
    /* Version 3: with work, the reader's findings (those on_diag gets, in
     * the same order and numbered the same) handed to work_diag(diag,
     * work_ctx) too, each on the thread that reads it, before the work on
     * the games that follow it; none for the games without work. */
    void (*work_diag)(const struct pdn_diag *diag, void *work_ctx);
    /* Version 4: with threads, each game handed in file order to
     * take(game, take_ctx), which owns it, on whichever of the reader's
     * threads comes to it (the one that read it where it can), with the
     * findings for on_diag between the games as they come: one call at a
     * time, each after the one before it, as if on one thread (but errno,
     * as all thread-local state, is each thread's: keep it in take_ctx
     * for the caller). Then pdn_reader_next hands over only the games a
     * single reader reads (a file read without threads, a part read
     * again), for the caller to take as take would; it returns 0 once
     * every game is taken, or once take returns non-zero: the reader
     * stops there, and frees the games it read past it. A game taken
     * where it was read is freed there too, without moving to another
     * core (with 2 threads on 100 MB, the tools spent 11 to 17% less CPU
     * time so, and each part settled by the thread that read it, than with
     * every game handed to the caller's thread). */
    int (*take)(pdn_game *game, void *take_ctx);
    void *take_ctx;
};
#define PDN_READER_OPTIONS_INIT                                                                    \
    {                                                                                              \
        .version = PDN_READER_OPTIONS_VERSION                                                      \
    }

/*
 * Limits of the reader. Reaching one is a PDN_DIAG_LIMIT diagnostic, never a
 * crash: deeper variations are skipped, longer values and move texts are
 * cut, and a longer game is cut there (the rest is read as a new game). No
 * token outgrows PDN_LIMIT_GAME_BYTES either: one that runs past it (a
 * comment, a tag, a run of digits) is cut there and ends its game, the rest
 * of it is skipped, and what follows is read as a new game. A game whose
 * tree (its nodes, lines, comments, NAGs and strings) would take more
 * memory than PDN_LIMIT_GAME_TREE is cut where it outgrows it: the rest of
 * the game up to its end is read for nothing but where the game ends, and
 * its text (pdn_game.raw) stays whole. A game of tiny moves ("1-6") takes
 * about 30 times its text as a tree, so this cuts only games of hundreds
 * of thousands of moves. Lines have no length limit; % lines are dropped
 * as they come.
 */
#define PDN_LIMIT_DEPTH 256                             /* nesting of variations */
#define PDN_LIMIT_GAME_BYTES (4u << 20)                 /* decoded text of one game */
#define PDN_LIMIT_GAME_TREE (8u * PDN_LIMIT_GAME_BYTES) /* memory of one game's tree */
#define PDN_LIMIT_TAG_VALUE 4096                        /* bytes of one tag value */
#define PDN_LIMIT_MOVE_TEXT 255                         /* bytes of one move's text */

typedef struct pdn_reader pdn_reader;

/*
 * The pdn_reader_open_* functions hand a reader over through *out (free it
 * with pdn_reader_free) and return 0, or a PDN_E* code with *out NULL.
 */
/* Reads the file at path (PDN_EIO with errno set when it cannot be opened);
 * the path names it in findings unless options->filename is set. */
PDN_API int pdn_reader_open_file(pdn_reader **out, const char *path,
                                 const struct pdn_reader_options *options);
/* Reads from fd (not closed by the reader). */
PDN_API int pdn_reader_open_fd(pdn_reader **out, int fd, const struct pdn_reader_options *options);
/* Reads a buffer the caller keeps alive until pdn_reader_free. */
PDN_API int pdn_reader_open_memory(pdn_reader **out, const void *data, size_t len,
                                   const struct pdn_reader_options *options);
/*
 * The next game: returns 1 and hands *out over (free with pdn_game_free),
 * 0 at the end of input, or a negative PDN_E* code.
 */
PDN_API int pdn_reader_next(pdn_game **out, pdn_reader *reader);
/* Closes a reader and frees it (not the games it handed out); accepts NULL. */
PDN_API void pdn_reader_free(pdn_reader *reader);

/* ---- Replay: the validator ---------------------------------------------- */

/* Called for every ply replayed, main line and variations alike. */
typedef void (*pdn_ply_fn)(const struct pdn_board *before, const struct pdn_board *after,
                           const struct pdn_move *move, const struct pdn_node *node,
                           int variation_depth, void *ctx);

/*
 * Scratch: the memory pdn_replay_game and pdn_format_game work in (the
 * replay's two move lists, some 40 kB, and the formatter's tables), kept
 * from one call to the next. Without one each call allocates its own and
 * frees it before it returns; a program that goes through many games keeps
 * a scratch and hands it to every call in the options (on 100 MB, 0.7% of
 * pdncheck's CPU time, 1.4 to 2% of pdnfmt's and pdnstats'). A scratch
 * serves one call at a time: keep one a thread. A call made from a
 * callback of another that holds the scratch allocates its own, as
 * without one.
 */
typedef struct pdn_scratch pdn_scratch;
/* A new scratch through *out (free with pdn_scratch_free): 0 or PDN_ENOMEM
 * with *out NULL. Its memory is allocated at its first use. */
PDN_API int pdn_scratch_new(pdn_scratch **out);
/* Frees a scratch and what it kept; accepts NULL. */
PDN_API void pdn_scratch_free(pdn_scratch *scratch);

#define PDN_REPLAY_OPTIONS_VERSION 3
struct pdn_replay_options {
    unsigned version;               /* PDN_REPLAY_OPTIONS_VERSION */
    const char *filename;           /* in diagnostics (NULL: none); used during the call only */
    bool strict;                    /* forms outside PDN 3.0's reading grammar are errors */
    pdn_diag_fn on_diag;            /* findings; may be NULL */
    void *diag_ctx;                 /* passed to on_diag */
    pdn_ply_fn on_ply;              /* every ply replayed; may be NULL */
    void *ply_ctx;                  /* passed to on_ply */
    enum pdn_draw_rules draw_rules; /* international and Brazilian draw rules (0: FMJD) */
    /* version 2: */
    pdn_scratch *scratch; /* memory kept between calls (NULL: the call's own) */
    /* version 3: how the events of the game's file write their dates
     * (pdn_date_orders, below; NULL: not known): a Date tag whose day and
     * month could be swapped is reported with the reading they settle, as
     * pdn_format_game's fix writes it, instead of both. */
    const struct pdn_date_orders *date_orders;
};
#define PDN_REPLAY_OPTIONS_INIT                                                                    \
    {                                                                                              \
        .version = PDN_REPLAY_OPTIONS_VERSION                                                      \
    }

/* The draw rules followed along the main line (RULES.md, "End of the game"). */
enum pdn_draw_rule {
    PDN_DRAW_NONE,
    PDN_DRAW_REPETITION,   /* threefold repetition, every variant */
    PDN_DRAW_25_MOVES,     /* FMJD: 25 moves of kings only, no capture */
    PDN_DRAW_16_MOVES,     /* FMJD: three pieces, one a king, against a lone king */
    PDN_DRAW_5_MOVES,      /* FMJD: two pieces or fewer, one a king, against a lone king; classic
                              ending */
    PDN_DRAW_50_MOVES,     /* classic: five kings, or four and a man, against two kings */
    PDN_DRAW_15_MOVES,     /* Russian: kings only, 15 moves each */
    PDN_DRAW_THREE_KINGS,  /* Russian: three kings or more against one, 15 moves */
    PDN_DRAW_30_MOVES,     /* Russian: 4 and 5 pieces, both sides with kings */
    PDN_DRAW_60_MOVES,     /* Russian: 6 and 7 pieces, both sides with kings */
    PDN_DRAW_KING_VS_KING, /* Russian: one king against one on the long diagonal */
    PDN_DRAW_TWO_KINGS,    /* Russian: two kings against one on the long diagonal */
    PDN_DRAW_BIG_ROAD,     /* Russian: three kings against one on the long diagonal */
    PDN_DRAW_40_MOVES,     /* English: 40 moves each without a man moved or a capture */
    PDN_DRAW_RULE_COUNT
};

struct pdn_replay_summary {
    unsigned errors, warnings, notes; /* diagnostics reported for the game */
    unsigned plies;                   /* main-line plies replayed */
    bool complete;                    /* the main line replayed to its end */
    struct pdn_board final;           /* position after the last legal main-line ply */
    enum pdn_draw_rule draw_rule;     /* the first rule that drew the main line, or none */
    unsigned draw_ply; /* the main-line ply (1 the first) that completed it; 0 none */
};

/*
 * Replays a game from its start position ([FEN] or the variant's), every
 * line and variation, and checks moves, move numbers, the result and the
 * draw rules; findings go to options->on_diag. Its two move lists are
 * allocated once for the game, or kept in options->scratch (a few KB of
 * stack besides), nothing per ply. Returns 0, PDN_EINVAL or PDN_ENOMEM.
 */
PDN_API int pdn_replay_game(struct pdn_replay_summary *out, const pdn_game *game,
                            const struct pdn_replay_options *options);
/* A draw rule's name, as the findings say it: "threefold repetition", "the
 * 25-move rule", ...; "no rule" for PDN_DRAW_NONE and what is not a rule. */
PDN_API const char *pdn_draw_rule_name(enum pdn_draw_rule rule);

/* ---- Writer ------------------------------------------------------------ */

/*
 * The text to write for a move in place of node->text (say, the shortest
 * form of the move the replay found for it), or NULL to write node->text
 * cleaned: blanks and leading zeros dropped, ':' and Unicode dashes made 'x'
 * and '-'. The text returned is written as it is.
 */
typedef const char *(*pdn_move_text_fn)(const struct pdn_node *node, void *ctx);
/*
 * True for a move that cannot be played (the first illegal move of its
 * line): that move and the rest of its line, with their variations and
 * comments, are written as one comment in its place.
 */
typedef bool (*pdn_move_cut_fn)(const struct pdn_node *node, void *ctx);
/*
 * The move number to write before a move that has one written, in place of
 * node->number and node->number_black: true and *out, *black set to replace
 * them, false to keep them. A number given is the ply's own, and the
 * numbers of the moves after it follow from it.
 */
typedef bool (*pdn_move_number_fn)(uint32_t *out, bool *black, const struct pdn_node *node,
                                   void *ctx);
/* True for a move the caller knows to be a capture: when its text is written
 * as read (no move_text for it), its dashes are written 'x'. */
typedef bool (*pdn_move_capture_fn)(const struct pdn_node *node, void *ctx);
/*
 * A note of the caller's on a move (say, an engine's verdict): *nag set to a
 * NAG to write (0: none) and the text of a comment returned (NULL: none),
 * written after the move's own strength and NAGs and before its comments
 * ("28-44?! $4 {better 28-6} {Inaccuracy.}"): a comment in the text of
 * move_text came before them, and the strength glued to a move followed
 * the comment. Asked once for each move written (none kept as a comment
 * or in a line cut), so a note may be made on each call; its text is read
 * before the next call.
 */
typedef const char *(*pdn_move_note_fn)(const struct pdn_node *node, uint16_t *nag, void *ctx);

#define PDN_WRITE_OPTIONS_VERSION 2
struct pdn_write_options {
    unsigned version; /* PDN_WRITE_OPTIONS_VERSION */
    int width;        /* wrap column; 0 means 80 */
    bool no_comments;
    bool no_variations;
    bool no_nags;                   /* drops NAGs and move strengths */
    bool seven_tag_roster;          /* keep only Event Site Date Round White Black Result, and
                                       GameType, FEN and SetUp, without which the moves would
                                       mean something else */
    pdn_move_text_fn move_text;     /* may be NULL */
    pdn_move_cut_fn cut_line;       /* may be NULL */
    void *move_ctx;                 /* passed to move_text and cut_line */
    bool movetext_only;             /* the move text and result alone: no tags, no blank
                                       line after (a CSV cell, a game embedded elsewhere) */
    pdn_move_number_fn move_number; /* may be NULL; gets move_ctx */
    pdn_move_capture_fn capture;    /* may be NULL; gets move_ctx */
    enum pdn_result result;         /* PDN_RESULT_NONE: the game's; else written as its
                                       Result tag and its terminator in place of them */
    const char *date;               /* NULL: the game's; else written as its Date tag */
    bool standard_names;            /* a tag of another language read as a roster tag the
                                       game lacks (Bianco as White: see pdn_game_tag) is
                                       written under the standard name alone, and one
                                       that says what the tag read for its name says
                                       ([Bianco "X"] beside [White "X"]) is not written;
                                       without, the roster takes its value and it is
                                       written too */
    pdn_move_note_fn move_note;     /* may be NULL; gets move_ctx; read from version 2 on */
};
#define PDN_WRITE_OPTIONS_INIT                                                                     \
    {                                                                                              \
        .version = PDN_WRITE_OPTIONS_VERSION                                                       \
    }

/*
 * Writes one game in canonical PDN 3.0 form, followed by a blank line. A tag
 * whose name is not an identifier ([A-Z][A-Za-z0-9_]*) cannot be written as
 * a tag: it is written as a comment "{[name "value"]}" at the start of the
 * move text (unless no_comments or seven_tag_roster).
 */
PDN_API int pdn_write_game(FILE *out, const pdn_game *game,
                           const struct pdn_write_options *options);

/* ---- Format: replay, then write ------------------------------------------ */

/* What pdn_format_game does with a game that has errors. A game the reader
 * read only in part (strict, past its first error; a tree cut at
 * PDN_LIMIT_GAME_TREE) is written as read (pdn_game.raw) in every mode:
 * the text it skipped is in no tree. */
enum pdn_format_broken {
    PDN_FORMAT_BROKEN_KEEP,    /* written like any other game */
    PDN_FORMAT_BROKEN_COMMENT, /* a line's moves from the first that cannot be played
                                  (illegal or ambiguous) become one comment */
    PDN_FORMAT_BROKEN_VERBATIM /* the game's text as read (pdn_game.raw), when the reader
                                  or the replay found an error in it */
};

/*
 * The order of day and month each event's dates show, over a file's games,
 * so that a date whose day and month could be swapped ("10.03.2003") is
 * read as the event's others are written ("13.03.2003": day first; and
 * "08-13-2021": month first), or, when they show no order, as the file's
 * other events' are; when those show none either, and the file's dates of
 * one reading span a month at most (a tournament's), as the one reading
 * that falls within them ("12-08-2021" among 2021.08.12 to 2021.08.20:
 * day first). Events are told apart by their names as pdnstats compares
 * them (pdn_stats_name_key); a game counts by its Date tag
 * (pdn_game_tag). pdn_format_game's fix and pdn_replay_game's check of
 * the Date tag read it (options->date_orders).
 */
typedef struct pdn_date_orders pdn_date_orders;
/* An empty table through *out (free with pdn_date_orders_free): 0 or
 * PDN_ENOMEM with *out NULL. */
PDN_API int pdn_date_orders_new(pdn_date_orders **out);
PDN_API void pdn_date_orders_free(pdn_date_orders *orders); /* accepts NULL */
/* Fills *out with the table to answer for; 0, or a failure (PDN_ENOMEM,
 * PDN_EIO...): not known, as a NULL table. */
typedef int pdn_date_orders_fill_fn(void *ctx, pdn_date_orders **out);
/* Frees what fill reads with, when its table is freed. */
typedef void pdn_date_orders_done_fn(void *ctx);
/*
 * A table that stands for the one fill(ctx) gives, asked for only when a
 * date that could be swapped is first read by it (pdn_date_swappable):
 * the read ahead of a file's dates (pdn_date_orders_read_fd), which most
 * files, having no such date, never need. Once, by the first thread to
 * ask; the others wait for its answer. Only asked, never added to (the
 * adding calls refuse it: PDN_EINVAL); freed with what fill gave, and
 * done(ctx) called then (done NULL: nothing). fill must not read games
 * with this table in their options. 0, PDN_ENOMEM or PDN_EINVAL (out or
 * fill NULL) with *out NULL; done(ctx) is not called then.
 */
PDN_API int pdn_date_orders_new_deferred(pdn_date_orders **out, pdn_date_orders_fill_fn *fill,
                                         pdn_date_orders_done_fn *done, void *ctx);
/* Adds the order the game's date shows, if one only makes a date, to its
 * event's, and a date of one reading to the file's days: 0, PDN_ENOMEM or
 * PDN_EINVAL (a NULL argument, or a deferred table). */
PDN_API int pdn_date_orders_add(pdn_date_orders *orders, const pdn_game *game);
/*
 * Adds the orders of a file's games' dates read from its text, given in
 * pieces in file order (cut anywhere; last: the final piece), without
 * reading its games: a game's tags are a run of lines that open with a
 * tag ([Name "value"], several on a line too) up to the next line of
 * other text, its event and date the first Event and Date tag, else the
 * first named as pdn_game_tag reads them (another case, another
 * language). As pdn_date_orders_add of each game, in a tenth of the
 * time, but for a tag line inside a comment, read as one. 0, PDN_ENOMEM,
 * PDN_EINVAL, or PDN_EENCODING when a Date value is no UTF-8, or the Event
 * of a game whose date shows an order (all a game adds): read the games
 * then (their text decoded), with a new table.
 */
PDN_API int pdn_date_orders_add_text(pdn_date_orders *orders, const char *text, size_t len,
                                     bool last);
/*
 * The orders of the file open at fd, from byte at to its end, read from
 * its text as pdn_date_orders_add_text reads it (with pread: fd's offset
 * is left as it is), by up to threads threads on parts of it, through
 * *out: NULL when no date in it could be swapped, which a look at its
 * bytes tells first in a fraction of the time (most files need no more),
 * or when fd is no regular file. 0, PDN_ENOMEM, PDN_EIO, PDN_EINVAL or
 * PDN_EENCODING, as pdn_date_orders_add_text; PDN_EENCODING too for a
 * UTF-16 or UTF-32 file (pdn_encoding_is_wide), whose text is no ASCII
 * to look at.
 */
PDN_API int pdn_date_orders_read_fd(pdn_date_orders **out, int fd, uint64_t at, int threads);
/* Whether a Date tag's value is a day and month before the year that could
 * be swapped ("10.03.2003", "12-08-2021"): what a table settles. */
PDN_API bool pdn_date_swappable(const char *value);

#define PDN_FORMAT_OPTIONS_VERSION 3
struct pdn_format_options {
    unsigned version;                      /* PDN_FORMAT_OPTIONS_VERSION */
    const struct pdn_write_options *write; /* layout; NULL for the defaults. Its
                                              move_text, cut_line, move_ctx,
                                              move_number, capture, result, date and
                                              standard_names are ignored: the
                                              formatter sets its own */
    bool no_normalise;                     /* write the moves as read */
    enum pdn_format_broken broken;
    /* How the moves the replay played write their captures (not with
     * no_normalise): by default from and to, the whole landing path when
     * ambiguous. */
    enum pdn_capture_notation captures;
    enum pdn_draw_rules draw_rules; /* the replay's draw rules (0: FMJD) */
    bool fix;                       /* repair what has one reading (see pdn_format_game) */
    const char *filename;           /* names the file in findings (NULL: none) */
    pdn_diag_fn on_diag;            /* the faults fix repairs: PDN_DIAG_FIXED notes, or
                                       the replay's findings of those kept; may be NULL */
    void *diag_ctx;                 /* passed to on_diag */
    /* version 2: */
    pdn_scratch *scratch; /* memory kept between calls, the replay's too (NULL: the call's own) */
    /* version 3: */
    /* how the events of the game's file write their dates (NULL: not known):
     * fix reads a date that could be swapped so, the replay's bad-date
     * finding says it so (pdn_replay_options.date_orders) */
    const pdn_date_orders *date_orders;
};
#define PDN_FORMAT_OPTIONS_INIT                                                                    \
    {                                                                                              \
        .version = PDN_FORMAT_OPTIONS_VERSION                                                      \
    }

/*
 * Writes one game as pdn_write_game does, after a quiet replay: every move
 * the replay played is written by pdn_move_to_text in the notation
 * options->captures names (from and to, and the whole landing path of an
 * ambiguous capture, by default), moves it did not reach as read;
 * options->broken says what becomes of games with errors. Allocates while it
 * works and frees it all before it returns, but what options->scratch
 * keeps. Returns 0 or a PDN_E* code
 * (PDN_EINVAL for a broken or captures value outside its enum).
 *
 * The replay's findings go to options->on_diag only for the faults that fix
 * repairs, those that have one reading:
 *   - a wrong move number (PDN_DIAG_MOVE_NUMBER, PDN_DIAG_MOVE_NUMBER_RUN):
 *     the replay's number;
 *   - a capture written with a dash (PDN_DIAG_MOVE_FORM, with no_normalise:
 *     normalised moves never keep one): written 'x';
 *   - a Result tag and a terminator that disagree (PDN_DIAG_RESULT_MISMATCH)
 *     when one of them is '*': the other's result; two results that
 *     disagree are left alone (and reported) unless the final position
 *     agrees with one of them;
 *   - a result the final position decides (the side to move, after at least
 *     one move, has no legal move): written as the tag and the terminator
 *     when neither says another result (no finding without fix);
 *   - a Date tag (the first; else one read as Date, "DAte") not YYYY.MM.DD with one reading
 *     (PDN_DIAG_BAD_DATE): "2024-12-13", "2024/??/??", "2024.12.3", a year
 *     alone ("2003."), a day and month before the year that one order only
 *     makes a date ("13.03.2003"), or both orders the same one ("1.1.1965"):
 *     written YYYY.MM.DD, '?' for what it does not say. A day and month
 *     that could be swapped ("10.03.2003") are read in the order the
 *     event's other dates show (options->date_orders), when they show one
 *     and none shows the other; else they are left as written (and reported
 *     with fix). Other bad
 *     dates (two-digit years, ranges) are neither repaired nor reported.
 *   - a variation written before the move it replaces ("1. 34-30 (1...
 *     19-23) 1... 20-25"): moved after it when the replay says it is one
 *     (PDN_DIAG_MISPLACED_VARIATION: its first move illegal where it
 *     stands, legal in place of the next move, which the replay played,
 *     numbered as that move, as the move it stands in place of, or not
 *     at all); else left as written, and numbered as the count gives it
 *     there (so the output, read again, is moved all the same);
 *   - a tag of another language or case read as a standard tag the game
 *     lacks ([Bianco "X"] as White, see pdn_game_tag): written under the
 *     standard name; one that says what the tag read for its name says
 *     (the same text; for Result, the same result, but under a
 *     ResultFormat tag), as [Bianco "X"] beside [White "X"] in
 *     pdn_write_game's output, is dropped; one that says something else
 *     stays.
 * A result tag or terminator that is no result ("4-6"), or a ResultFormat
 * tag, leaves the result alone. With fix, each repair is a PDN_DIAG_FIXED
 * note at the place of the fault; without, the finding of each such fault
 * that the output keeps. A game written verbatim (PDN_FORMAT_BROKEN_VERBATIM)
 * is not repaired. The moves themselves, comments, variations (but for
 * where a misplaced one stands) and tags other than Result, Date and
 * those synonyms are never changed.
 */
PDN_API int pdn_format_game(FILE *out, const pdn_game *game,
                            const struct pdn_format_options *options);

/* ---- Diagram: a position drawn as text or SVG ---------------------------- */

/*
 * How a diagram is drawn. The text form is a grid of three-column cells in a
 * frame: light squares blank, empty dark squares their number, men and kings
 * of each colour their own glyph (ASCII w W b B; Unicode ○ ♔ ● ♚), the last
 * move's squares in brackets: [·] where it started, [●] where it ended, [×]
 * where it took a piece ([.] and [x] in ASCII). The SVG form draws the same
 * board (numbered dark squares, pieces, kings crowned) with the last move
 * as an arrow along its landing squares.
 */
#define PDN_DIAGRAM_OPTIONS_VERSION 1
struct pdn_diagram_options {
    unsigned version;            /* PDN_DIAGRAM_OPTIONS_VERSION */
    bool flip;                   /* seen from Black's side: square 1 at the bottom right */
    bool unicode;                /* text: Unicode glyphs and frame (UTF-8); ASCII when false */
    bool color;                  /* text: ANSI SGR escapes (dim numbers, coloured marks) */
    const struct pdn_move *last; /* the move that led to the position, marked; may be NULL */
    int square_size;             /* SVG: pixels per square, 0 for 56 */
    const char *title;           /* SVG: its <title> (escaped), NULL for none; copied out */
};
#define PDN_DIAGRAM_OPTIONS_INIT                                                                   \
    {                                                                                              \
        .version = PDN_DIAGRAM_OPTIONS_VERSION                                                     \
    }

/*
 * The square drawn at row, col (0-based from the top left of the drawing,
 * board->variant's size) as the diagram draws it: 1..squares for a dark
 * square, 0 for a light one or a place off the board. Not flipped, square 1
 * is in row 0, column 1.
 */
PDN_API int pdn_diagram_square_at(enum pdn_variant variant, int row, int col, bool flip);
/*
 * Writes the position as text to out, one line per row and a frame, each
 * line ended by '\n'. For a buffer, give fmemopen(3) or open_memstream(3).
 * Returns 0, PDN_EINVAL (a NULL argument, a bad options version) or PDN_EIO
 * (the stream failed).
 */
PDN_API int pdn_diagram_text(FILE *out, const struct pdn_board *board,
                             const struct pdn_diagram_options *options);
/*
 * Writes the position as a standalone SVG 1.1 image. Each piece is a
 * <g class="piece white-man|white-king|black-man|black-king"
 * data-square="N">, so scripts can read the position back. Returns as
 * pdn_diagram_text does.
 */
PDN_API int pdn_diagram_svg(FILE *out, const struct pdn_board *board,
                            const struct pdn_diagram_options *options);

/* ---- CSV: games and moves as rows, and back ----------------------------- */

/* What one row of pdn_csv_writer_write_game is. */
enum pdn_csv_mode {
    PDN_CSV_GAMES, /* one row per game */
    PDN_CSV_MOVES  /* one row per ply of the main line (every line with variations) */
};

/* A column a mode offers: its header name and a one-line description. */
struct pdn_csv_column {
    const char *name;
    const char *help;
};

/*
 * The i-th column (from 0) that a mode offers, or NULL past the last:
 * static. Any other name of the form [A-Z][A-Za-z0-9_]* is a tag column
 * (the value of the game's first tag of that name, in any case; a common
 * tag's column is headed by its standard name, GameType for "Gametype").
 */
PDN_API const struct pdn_csv_column *pdn_csv_column_get(enum pdn_csv_mode mode, size_t i);

#define PDN_CSV_WRITE_OPTIONS_VERSION 1
struct pdn_csv_write_options {
    unsigned version; /* PDN_CSV_WRITE_OPTIONS_VERSION */
    enum pdn_csv_mode mode;
    const char *columns;     /* "a,b,c": the columns and their order; NULL: the mode's
                                default, with the tags below and what the flags add */
    const char *const *tags; /* tag columns added to the default (ignored with columns) */
    size_t ntags;
    bool movetext;                  /* add the whole movetext as canonical PDN */
    bool lossless;                  /* add every tag (as PDN tag pairs) and the movetext,
                                       its result token as written (none when none was);
                                       moves: variations too, whatever it says */
    bool variations;                /* moves: a row for every ply of every line */
    bool fen;                       /* moves: the position after the ply */
    char delimiter;                 /* 0 is ',' */
    bool bom;                       /* a UTF-8 byte order mark before the header */
    bool crlf;                      /* CR LF line ends (RFC 4180) */
    bool iso_dates;                 /* Date as YYYY-MM-DD, unknown parts empty */
    bool excel_text;                /* cells a spreadsheet would change (moves, results,
                                       dates, "=...", "+...", "-...", "@..." at any
                                       length) written ="..." (="..."&"..." past 255
                                       characters); whole numbers left numbers */
    bool strict;                    /* the replay's strictness (the status columns) */
    enum pdn_draw_rules draw_rules; /* the replay's draw rules (0: FMJD) */
    pdn_diag_fn on_diag;            /* every finding of the replay (file: the file
                                       pdn_csv_writer_write_game names); may be NULL */
    void *diag_ctx;                 /* passed to on_diag */
};
#define PDN_CSV_WRITE_OPTIONS_INIT                                                                 \
    {                                                                                              \
        .version = PDN_CSV_WRITE_OPTIONS_VERSION                                                   \
    }

typedef struct pdn_csv_writer pdn_csv_writer;

/*
 * A writer of CSV rows on fp (not closed by it), handed over through *out
 * (free it with pdn_csv_writer_free). Returns 0, or PDN_EINVAL with *out
 * NULL when a column name is neither a column of the mode nor a tag name:
 * then, when bad_column is not NULL, *bad_column is the byte offset of that
 * name in options->columns.
 */
PDN_API int pdn_csv_writer_open(pdn_csv_writer **out, FILE *fp,
                                const struct pdn_csv_write_options *options, size_t *bad_column);
/* Writes the byte order mark (when asked for) and the header row. */
PDN_API int pdn_csv_writer_write_header(pdn_csv_writer *writer);
/*
 * Replays a game and writes its rows; file names the input in the file
 * column and in the replay's findings, which go to options->on_diag (may be
 * NULL). Returns the number of rows written, or a negative PDN_E* code.
 */
PDN_API long pdn_csv_writer_write_game(pdn_csv_writer *writer, const pdn_game *game,
                                       const char *file);
/*
 * A pdn_diag_fn to call (ctx: the writer) with the findings of the reader
 * that reads the games: its first error in a game goes to that game's status
 * columns, as the replay's do.
 */
PDN_API void pdn_csv_writer_on_diag(const struct pdn_diag *diag, void *writer);
/* With iso_dates, a Date whose day and month could be swapped
 * ("10.03.2003") is written in the order the other dates of its event, or
 * else of its file, show (see pdn_date_orders; pdn_format_game's fix reads
 * it so), from the next game on; NULL (the default): as it stands. The
 * table is borrowed: it must outlive the games written with it. */
PDN_API void pdn_csv_writer_set_date_orders(pdn_csv_writer *writer, const pdn_date_orders *orders);
/* The games written so far whose status is an error. */
PDN_API unsigned long pdn_csv_writer_errors(const pdn_csv_writer *writer);
/* Frees a writer (not its stream); accepts NULL. */
PDN_API void pdn_csv_writer_free(pdn_csv_writer *writer);

#define PDN_CSV_READ_OPTIONS_VERSION 2
struct pdn_csv_read_options {
    unsigned version;       /* PDN_CSV_READ_OPTIONS_VERSION */
    const char *filename;   /* in diagnostics ("-" when NULL); copied */
    bool strict;            /* CSV by RFC 4180 to the letter, PDN by its grammar */
    pdn_diag_fn on_diag;    /* findings, at CSV row:column; may be NULL */
    void *diag_ctx;         /* passed to on_diag */
    char delimiter;         /* 0: the most frequent of ',' ';' and tab in the header */
    bool moves;             /* rows of pdn_csv_writer_write_game's PDN_CSV_MOVES mode */
    bool excel_text;        /* undo the ="..." (="..."&"...") of excel_text (and read
                               ISO dates) */
    bool iso_dates;         /* Date cells YYYY-MM-DD (parts may be empty) made YYYY.MM.DD */
    const char *const *map; /* "COLUMN=TAG" pairs (COLUMN case-insensitive); copied */
    size_t nmap;
    enum pdn_draw_rules draw_rules; /* the replay's draw rules (0: FMJD) */
    int gametype; /* games without a GameType column or tag are of this type; 0: inferred */
    /* Version 2: */
    enum pdn_encoding encoding; /* a CSV that is not UTF-8 (a spreadsheet's export in
                                   CP1252): from its first byte that is not on, decoded
                                   in this code page by the reader's decoder, as
                                   pdn_reader_options' encoding is (lines all UTF-8
                                   stay UTF-8); a byte it has not is U+FFFD (one
                                   PDN_DIAG_BAD_ENCODING a file). AUTO and UTF8: UTF-8
                                   only, a row that is not reported and skipped.
                                   Whatever it is, a UTF-16 or UTF-32 file
                                   (pdn_encoding_is_wide) is decoded whole, each
                                   finding of its decoding at the row and column
                                   of its character */
};
#define PDN_CSV_READ_OPTIONS_INIT                                                                  \
    {                                                                                              \
        .version = PDN_CSV_READ_OPTIONS_VERSION                                                    \
    }

typedef struct pdn_csv_reader pdn_csv_reader;

/*
 * Reads CSV from fp (not closed by the reader): a header row, then games.
 * Header names map to tags case-insensitively (Event, White...), an empty
 * cell to no tag (a tags cell keeps a tag that is there but empty); moves (or
 * movetext, the whole movetext) becomes the movetext; the computed columns
 * of pdn_csv_writer_write_game are ignored. Hands the reader over through *out
 * (free with pdn_csv_reader_free); returns 0 or a PDN_E* code (PDN_EINVAL
 * for a bad map entry).
 */
PDN_API int pdn_csv_reader_open(pdn_csv_reader **out, FILE *fp,
                                const struct pdn_csv_read_options *options);
/*
 * The next game, read and replayed (its findings go to on_diag with the CSV
 * row and column in place of line and column; rows that do not read, rows
 * of empty fields and rows whose text holds no game are reported and
 * skipped; text after a game's result in a row is reported and handed out
 * as the next game; a row past PDN_LIMIT_GAME_BYTES, 32 bytes counted for
 * each field, is cut as it is read, with a PDN_DIAG_LIMIT finding, and so
 * is a game of moves rows): returns 1 and hands *out over (free with
 * pdn_game_free), 0 at the end, or a negative PDN_E* code.
 */
PDN_API int pdn_csv_reader_next(pdn_game **out, pdn_csv_reader *reader);
/* Data rows read so far (the header not counted). */
PDN_API unsigned long pdn_csv_reader_rows(const pdn_csv_reader *reader);
/*
 * Whether the input read so far may be a CSV of games: false when its
 * header did not read (invalid UTF-8) or names no column of moves (moves
 * or movetext; with moves, move or canonical) nor, without moves, a column
 * of the roster's tags (White, Result, FEN...) or the tags column: the
 * bad-csv finding that says no row is read. True before the header, for an
 * empty input, and for a header of tags without moves (games of their tags
 * alone, PDN_DIAG_CSV_NO_MOVES).
 */
PDN_API bool pdn_csv_reader_is_games(const pdn_csv_reader *reader);
/* A place in the text of the game pdn_csv_reader_next returned last (its
 * start, say) as the CSV line and column it came from, in *pos. */
PDN_API void pdn_csv_reader_locate(const pdn_csv_reader *reader, struct pdn_pos *pos);
/* Frees a reader (not fp, not the games it handed out); accepts NULL. */
PDN_API void pdn_csv_reader_free(pdn_csv_reader *reader);
/* A Date whose day and month could be swapped ("10.03.2003") is checked
 * from the next game on as the other dates of its event, or else of its
 * file, settle it (pdn_date_orders; the bad-date finding says the reading,
 * as pdn_replay_options.date_orders has it); NULL (the default): not
 * settled. The table is borrowed: it must outlive the reading. */
PDN_API void pdn_csv_reader_set_date_orders(pdn_csv_reader *reader, const pdn_date_orders *orders);
/*
 * Adds the orders of the dates of the CSV games fp holds, read from where
 * it stands to its end as pdn_csv_reader_open with options reads them (the
 * header mapped, --map, moves rows, excel_text, encoding): each game's Event
 * and Date as the game made of its row (or first row) reads them
 * (pdn_game_tag: a tags cell, names that stand for them), without making
 * the game (no move read, no replay, no finding: on_diag is not called).
 * For the table a CSV's own reading then settles its dates with
 * (pdn_csv_reader_set_date_orders). 0, PDN_EINVAL, PDN_ENOMEM or the
 * input's PDN_E* code.
 */
PDN_API int pdn_date_orders_add_csv(pdn_date_orders *orders, FILE *fp,
                                    const struct pdn_csv_read_options *options);

/* ---- Stats: collection statistics and crosstables ------------------------ */

/*
 * Statistics of a collection read in one pass: totals, results and how games
 * ended, findings by code, players, events, openings, captures and kings,
 * and per event the crosstable with its tie-breaks. Memory grows with the
 * distinct players, events and openings, not with the games; only the
 * crosstable keeps one small record (players, round, result, file and
 * line) per game of an event, so it grows with players x rounds.
 */
typedef struct pdn_stats pdn_stats;

#define PDN_STATS_OPTIONS_VERSION 2
struct pdn_stats_options {
    unsigned version;               /* PDN_STATS_OPTIONS_VERSION */
    int opening_depth;              /* plies of the openings tree; 0 means 4, at most 20 */
    bool crosstable;                /* keep the per-event game records the crosstable needs */
    bool strict;                    /* the replay's strictness */
    enum pdn_draw_rules draw_rules; /* the replay's draw rules (0: FMJD) */
    /* version 2: the replay's memory, kept between games (NULL: each its
     * own): pdn_stats_add_game's for the stats made with these options,
     * pdn_stats_game_read's for a record made with them (a scratch serves
     * one thread: a record read on another thread takes options of its
     * own). Not compared by pdn_stats_add_read. */
    pdn_scratch *scratch;
};
#define PDN_STATS_OPTIONS_INIT                                                                     \
    {                                                                                              \
        .version = PDN_STATS_OPTIONS_VERSION                                                       \
    }

/* The tables pdn_stats_write can write (bits). */
enum pdn_stats_table {
    PDN_STATS_TOTALS = 1 << 0,     /* files, games, plies, game length */
    PDN_STATS_LENGTHS = 1 << 1,    /* histogram of game lengths */
    PDN_STATS_RESULTS = 1 << 2,    /* results by kind, White's score */
    PDN_STATS_ENDINGS = 1 << 3,    /* how games ended */
    PDN_STATS_FINDINGS = 1 << 4,   /* games with errors and warnings, findings by code */
    PDN_STATS_PLAYERS = 1 << 5,    /* one row per player */
    PDN_STATS_EVENTS = 1 << 6,     /* one row per event */
    PDN_STATS_OPENINGS = 1 << 7,   /* the openings tree */
    PDN_STATS_PLAY = 1 << 8,       /* captures, promotions, kings, draw rules */
    PDN_STATS_CROSSTABLE = 1 << 9, /* per event: round-robin grid or table by rounds */
    PDN_STATS_EXPLAIN = 1 << 10,   /* per event: the criterion that separated tied players */
    PDN_STATS_REPEATS = 1 << 11,   /* games read twice, left out of players, events and
                                      crosstables (written too when there are any and
                                      the tables are the default ones or a crosstable) */
    PDN_STATS_MISSING = 1 << 12,   /* per round robin: the pairings with no game */
    PDN_STATS_TEAMS = 1 << 13      /* per team event: match and board points by round
                                      (written too with a crosstable, but in CSV) */
};

/* Tie-break presets of the crosstable (see pdnstats(1) for their sources). */
enum pdn_stats_tiebreak {
    PDN_TIEBREAK_FMJD,     /* points, wins, results between the tied players, results in
                              order of the classification */
    PDN_TIEBREAK_KNDB,     /* points, plus-draws minus minus-draws, mutual result */
    PDN_TIEBREAK_SOLKOFF,  /* points, sum of the opponents' points */
    PDN_TIEBREAK_TSOLKOFF, /* points, Solkoff without the lowest opponent, Solkoff */
    PDN_TIEBREAK_SB,       /* points, Sonneborn-Berger */
    PDN_TIEBREAK_COUNT
};

enum pdn_stats_format { PDN_STATS_TEXT, PDN_STATS_CSV, PDN_STATS_JSON };

#define PDN_STATS_WRITE_OPTIONS_VERSION 2
struct pdn_stats_write_options {
    unsigned version;             /* PDN_STATS_WRITE_OPTIONS_VERSION */
    enum pdn_stats_format format; /* aligned text, CSV (libcsv) or one JSON document */
    unsigned tables;              /* enum pdn_stats_table bits; 0: all but the
                                     crosstable and its explanation */
    enum pdn_stats_tiebreak tiebreak;
    bool blocks;      /* text: histogram bars of Unicode block characters */
    int openings_top; /* children shown per opening node; 0 means 5, <0 all */
    bool excel;       /* CSV for spreadsheets: BOM, ';', CRLF, text cells that a
                         spreadsheet would read as a number, date or formula
                         written as ="..." (numbers stay numbers) */
    /* Version 2: threads (at most 8) making the text of the longest table,
     * the repeats (a collection read twice has a row a game), its output
     * the same; 0 or 1: the caller's alone. */
    int threads;
};
#define PDN_STATS_WRITE_OPTIONS_INIT                                                               \
    {                                                                                              \
        .version = PDN_STATS_WRITE_OPTIONS_VERSION                                                 \
    }

/* A new, empty collection through *out (free with pdn_stats_free): 0,
 * PDN_EINVAL (bad options) or PDN_ENOMEM. */
PDN_API int pdn_stats_new(pdn_stats **out, const struct pdn_stats_options *options);
/*
 * Makes a spelling variant of a player's or an event's name count as the
 * canonical one. Names are compared trimmed, folded (case, accents, as
 * pdn_select does) and with the punctuation , . - ' \\ read as blanks.
 * Aliases chain (A = B, then B = C: A counts as C); a name that folds to
 * its variant changes nothing. Returns 0, PDN_EINVAL (an empty name, or an
 * alias that would close a cycle: B = A after A = B) or PDN_ENOMEM.
 */
PDN_API int pdn_stats_alias(pdn_stats *stats, const char *variant, const char *canonical);
/*
 * The key the statistics count a player's or an event's name under: the
 * name trimmed, folded and its punctuation read as blanks, as
 * pdn_stats_alias compares names ("Koops, Lambert-Jan" and "koops lambert
 * jan" are one player). A blank name's key is "?". Writes it to out, which
 * holds size bytes: strlen(name) + 1, and 2 at least, are enough (a key
 * is never longer than its name). Returns the key's length, PDN_EINVAL
 * (NULL, or size too small) or PDN_ENOMEM. Tools that put tables of
 * several runs together (pdnstats --merge) join their rows by it.
 */
PDN_API int pdn_stats_name_key(char *out, size_t size, const char *name);
/* Counts one input file (the tool calls it for each operand). */
PDN_API void pdn_stats_add_file(pdn_stats *stats);
/* The order of day and month each event of the file whose games are added
 * next writes its dates in (pdn_date_orders, read from that file first;
 * NULL: not known), borrowed until the next call: an event's date whose
 * day and month could be swapped ("10.03.2003") is then read as
 * pdn_format_game's fix reads it, in the order the other dates of its
 * event in that file show, else of the file. */
PDN_API void pdn_stats_set_date_orders(pdn_stats *stats, const pdn_date_orders *orders);
/* A pdn_diag_fn (ctx: the stats) for the reader's findings: counted by code. */
PDN_API void pdn_stats_on_diag(const struct pdn_diag *diag, void *stats);
/* Replays a game quietly and counts it; file names it (largest capture).
 * Returns 0 or a PDN_E* code. The same as pdn_stats_game_read, then
 * pdn_stats_add_read. */
PDN_API int pdn_stats_add_game(pdn_stats *stats, const pdn_game *game, const char *file);
/*
 * What one game yields to the statistics, read apart from them: the quiet
 * replay (its summary and findings), the game's captures, promotions and
 * first king, its largest capture, and its first moves for the openings
 * tree. Reading touches no pdn_stats, so games can be read on several
 * threads (one record each) and added on one, in input order, with the
 * same counts as pdn_stats_add_game.
 */
typedef struct pdn_stats_game pdn_stats_game;
/* A record for games read under options (strict, draw_rules and
 * opening_depth matter; the stats it goes to must have the same): 0,
 * PDN_EINVAL (bad options) or PDN_ENOMEM. Free with pdn_stats_game_free. */
PDN_API int pdn_stats_game_new(pdn_stats_game **out, const struct pdn_stats_options *options);
/* Replays game quietly into record, replacing what it held. The record
 * keeps pointers into the game: it is added with that game, before the
 * game is freed. Returns 0, PDN_EINVAL or PDN_ENOMEM. */
PDN_API int pdn_stats_game_read(pdn_stats_game *record, const pdn_game *game);
/* Counts game from what pdn_stats_game_read found in it; file names it
 * (largest capture). PDN_EINVAL when the record holds another game, or
 * was read under other options than the stats'; 0, or PDN_ENOMEM. */
PDN_API int pdn_stats_add_read(pdn_stats *stats, const pdn_stats_game *record, const pdn_game *game,
                               const char *file);
PDN_API void pdn_stats_game_free(pdn_stats_game *record);
/* Games counted that have errors (the reader's or the replay's). */
PDN_API unsigned long pdn_stats_errors(const pdn_stats *stats);
/* Games counted whose White or Black names nobody ("?", blank, no tag, or
 * the side's own colour: [White "White"], [Black "Black"] or "Red"):
 * such a name is no player, left out of the players table, the events'
 * player counts and the crosstables, which leave the game out too. */
PDN_API unsigned long pdn_stats_unknown_players(const pdn_stats *stats);
/* Games counted whose White and Black are one player, as names are
 * compared (folded, aliases applied): brothers named by their surname
 * alone, or an alias that joins two opponents. A game of one player
 * against itself has no winner to count, so the players table and the
 * crosstables leave it out; *name (when not NULL) is the player of the
 * first of them as the tables write it, NULL when none. */
PDN_API unsigned long pdn_stats_same_player_games(const pdn_stats *stats, const char **name);
/* Games counted whose Event names none ("?", blank or no tag): no event
 * of a crosstable or team table, which leave them out; the events table
 * counts them in a last row named PDN_STATS_NO_EVENT_NAME, in every format. */
PDN_API unsigned long pdn_stats_unknown_events(const pdn_stats *stats);
#define PDN_STATS_NO_EVENT_NAME "(no event name)"
/* The table named "players", "openings"... (as in pdnstats --only): true and
 * *out set to its bit, or false. */
PDN_API bool pdn_stats_table_parse(unsigned *out, const char *name);
/* "fmjd", "kndb", "solkoff", "tsolkoff", "sb": true and *out set, or false. */
PDN_API bool pdn_stats_tiebreak_parse(enum pdn_stats_tiebreak *out, const char *name);
/* One spelling that looks like another name's (pdn_stats_suggest). */
struct pdn_stats_suggestion {
    bool event;            /* an event's name, else a player's */
    const char *variant;   /* a spelling met */
    const char *canonical; /* the spelling proposed for it (a round suffix cut) */
    const char *why;       /* what they differ by: "round suffix ' - ronde 3'", "word order",
                              "initials", "surname only", ... */
    unsigned long games, canonical_games; /* games counted under each */
    unsigned group;                       /* the same for the variants of one name, from 1 */
};
typedef void (*pdn_stats_suggest_fn)(const struct pdn_stats_suggestion *suggestion, void *ctx);
/*
 * Calls fn for each spelling of a player or an event that looks like
 * another name of the collection: players equal but for a round suffix
 * (" - ronde 3", " (R3)", "r.3"), case, accents, punctuation, word order,
 * initials or a missing first name (when one full name only fits); events
 * equal but for spacing, "édition" and small words, or a year one
 * of them lacks. Players first, then events, in the order first met.
 * Proposals for an alias file, which the user checks. Returns 0,
 * PDN_EINVAL or PDN_ENOMEM.
 */
PDN_API int pdn_stats_suggest(const pdn_stats *stats, pdn_stats_suggest_fn fn, void *ctx);
/* A player of an event's crosstable with fewer games than it suggests. */
struct pdn_stats_shortfall {
    const char *event, *player;
    unsigned long games; /* games read */
    unsigned long due;   /* a round robin's: cycles x (players - 1); an open's: its rounds */
    bool round_robin;
};
typedef void (*pdn_stats_shortfall_fn)(const struct pdn_stats_shortfall *shortfall, void *ctx);
/* Calls fn for each player of each event's crosstable (the collection made
 * with .crosstable) with fewer games than due: a game missing from the
 * files, a withdrawal, a bye, or a name spelt two ways. Events in the order
 * met, players in the order of the table. Returns 0, PDN_EINVAL or
 * PDN_ENOMEM. */
PDN_API int pdn_stats_shortfalls(const pdn_stats *stats, pdn_stats_shortfall_fn fn, void *ctx);
/* A game of an event's crosstable whose player already has a game in its
 * round: a Round tag or a name written wrong, or a game filed twice under
 * other colours. */
struct pdn_stats_clash {
    const char *event, *player;
    long round, sub;        /* the Round tag's numbers: "2" is 2, 0; "1-2" is 1, 2 */
    const char *file;       /* the game, as named to pdn_stats_add_game ("-" for NULL) */
    unsigned long line;     /* its first line */
    const char *first_file; /* the player's first game of that round */
    unsigned long first_line;
};
typedef void (*pdn_stats_clash_fn)(const struct pdn_stats_clash *clash, void *ctx);
/* Calls fn for each player of each game of an event's crosstable (the
 * collection made with .crosstable) who has a game read before in the same
 * round and game number of the round ("1-2" and "1-3" are two games of a
 * match): events in the order met, games in the order read, White before
 * Black. Games without a round number share no round; games read twice are
 * not counted (pdn_stats_write's repeats). Returns 0, PDN_EINVAL or
 * PDN_ENOMEM. */
PDN_API int pdn_stats_round_clashes(const pdn_stats *stats, pdn_stats_clash_fn fn, void *ctx);
/*
 * Puts a player in a team, as a team file's line does: the player's games
 * in every event count for that team, whatever its WhiteTeam or BlackTeam
 * tags say (a player the file leaves out keeps the tags' team). Names are
 * matched as pdn_stats_alias compares them, after the aliases added before.
 * Call before the games are added. Returns 0 (also for a player named again
 * in the same team), PDN_EINVAL (an empty name, or a player already in
 * another team) or PDN_ENOMEM.
 */
PDN_API int pdn_stats_team(pdn_stats *stats, const char *team, const char *player);
/* What a team table's reader should know (pdn_stats_team_notes). */
enum pdn_stats_team_note_kind {
    PDN_STATS_NO_TEAM,     /* a player of a team event in no team: event (the first),
                              player, games (in team events) */
    PDN_STATS_SAME_TEAM,   /* a game between two players of one team, left out of the
                              table: event, round, player (White), other (Black), team */
    PDN_STATS_TAG_DIFFERS, /* a player's team tag names another team than pdn_stats_team
                              did (once a player): player, team (the counted one),
                              other (the tag's) */
    PDN_STATS_NO_GAMES     /* a player given a team who plays no game: player, team */
};
struct pdn_stats_team_note {
    enum pdn_stats_team_note_kind kind;
    const char *event, *player, *other, *team; /* NULL where the kind says none */
    long round;                                /* 0 none */
    unsigned long games;
};
typedef void (*pdn_stats_team_note_fn)(const struct pdn_stats_team_note *note, void *ctx);
/* Calls fn for each note on the team tables of a collection made with
 * .crosstable: players in no team (only once pdn_stats_team was called),
 * games inside one team, tags the team file overrides, and players of the
 * team file who play no game; in that order. Returns 0, PDN_EINVAL or
 * PDN_ENOMEM. */
PDN_API int pdn_stats_team_notes(const pdn_stats *stats, pdn_stats_team_note_fn fn, void *ctx);
/* Writes the tables asked for, their numbers as the C locale writes them
 * ("110.9") whatever locale the caller set. Returns 0, PDN_EINVAL,
 * PDN_ENOMEM or PDN_EIO. CSV is one table under one header: PDN_EINVAL
 * when more than one table, or the crosstables of more than one event,
 * would be written. */
PDN_API int pdn_stats_write(FILE *out, const pdn_stats *stats,
                            const struct pdn_stats_write_options *options);
/* Frees a collection; accepts NULL. */
PDN_API void pdn_stats_free(pdn_stats *stats);

#endif
