/*
 * csv_writer (private): pdn_csv_writer's state and what its files share.
 * They call in one direction: csv_rows.c (the writer, a game's rows) calls
 * csv_moves.c (the moves mode's rows), which calls csv_move_cells.c (a
 * moves row's cell on its own), which calls csv_game_cells.c (the games
 * mode's cells), which calls csv_result.c; all of them call the leaves
 * csv_plies.c (the replay), csv_cells.c (a cell's text) and
 * csv_columns.c (the columns).
 */
#ifndef PDN_CSV_WRITER_H
#define PDN_CSV_WRITER_H

#include "csv_io.h"
#include "decimal.h"
#include "game.h"
#include "pdn.h"
#include "ply_record.h"
#include "scratch.h"

#include <stdint.h>
#include <string.h>

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
    C_SETUP,   /* a /FEN "..."/ before the move, or ending its line (--lossless) */
    C_WRITTEN, /* the move number as written (--lossless) */
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
    struct pdn_move move;
    struct pdn_board after;
    uint8_t variant; /* enum pdn_variant: its notation (after: with a fen column only) */
    bool king;       /* a king moved */
    bool full;       /* an ambiguous capture: written with its whole path */
    uint32_t kept;   /* csv_kept_key, in the moves mode */
};

/* What a ply's kept cells in the moves mode (csv_moves.c, struct
 * move_cells) depend on but its squares: the variant, the piece, a
 * promotion (kind), and what it takes (taken: the one piece's bit, plus 1;
 * 0 when it takes none; CSV_TAKES_MANY for several pieces, which no kept
 * cells take). Made as the replay plays the ply, where its parts are at
 * hand, and compared as one number with the kept cells' each row. */
enum { CSV_TAKES_MANY = 255 };
_Static_assert(sizeof(((struct pdn_move *)0)->captured) * 8 < CSV_TAKES_MANY,
               "a bit plus 1 is less");
static inline uint32_t csv_kept_key(unsigned variant, bool king, const struct pdn_move *m)
{
    uint32_t kind = variant | (uint32_t)king << 8 | (uint32_t) !!m->promotes << 9;
    uint32_t taken = m->ncaptured > 1 ? CSV_TAKES_MANY
                     : m->captured    ? (uint32_t)__builtin_ctzll(m->captured) + 1
                                      : 0;
    return kind | taken << 16;
}

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

/* A game's result as the result cells read it (csv_result.c). */
struct game_result {
    const pdn_game *game;   /* whose: NULL, none yet for the game being written */
    enum pdn_result result; /* who won (result_turned) */
    const char *text;       /* that gave it, or NULL */
    bool goes;              /* a Goes score ("1.01-0.99") under a ResultFormat tag */
    bool black_first;       /* text gives Black's score first (game_black_opens) */
};

/* The decimal text of a number below NUMBER_TEXTS and its length, in 4
 * bytes copied as one: a ply's row has five numbers or more
 * (csv_moves.c). */
#define NUMBER_TEXTS 1000
struct number_text {
    char text[3];
    uint8_t len;
};

/* A number at out as decimal_text writes it: below NUMBER_TEXTS, the
 * writer's text of it (pdn_csv_writer_open) in one fixed piece, which the
 * next text then writes over. */
_Static_assert(NUMBER_TEXTS <= 1000, "a number's text holds 3 digits");
static inline char *csv_number_text(char *out, const struct number_text *numbers, uint32_t v)
{
    if (v >= NUMBER_TEXTS) return decimal_text(out, v);
    memcpy(out, &numbers[v], sizeof *numbers);
    return out + numbers[v].len;
}

struct move_cells; /* csv_moves.c's */

struct pdn_csv_writer {
    struct pdn_csv_write_options o;
    const pdn_date_orders *date_orders; /* pdn_csv_writer_set_date_orders, or NULL */
    struct csv_out out;
    struct col *cols;
    size_t ncols, capcols;
    uint64_t ids;       /* the columns other than tags, by 1 << col_id */
    uint32_t *tagslots; /* tag columns by name: open addressing, index + 1, 0 empty */
    size_t captagslots; /* a power of two, at least twice the tag columns */
    size_t ntagcols;
    const char **tagvals; /* the game's value of each column's tag (csv_columns_game) */
    char gametype[GAMETYPE_TEXT_SIZE]; /* a GameType cell no tag gives (csv_columns_game) */
    /* one game's replay, reused */
    struct pdn_scratch scratch; /* its move lists */
    struct ply_record record;   /* the plies by node (ply_record.h) */
    struct ply *plies;          /* what the writer keeps of each, at the record's index */
    size_t next_ply;            /* csv_next_ply's: the index after the ply found last */
    bool plain_nodes;           /* the game's nodes hold the reader's plain_* (pdn.h) */
    size_t capplies;
    struct stop *stops;
    size_t nstops, capstops;
    struct first_error first; /* of the replay */
    bool no_position;         /* the start position could not be set up */
    bool nomem;
    bool slow;                        /* the fast paths off (csv_writer_fast_paths) */
    bool ambiguous;                   /* the replay's, of the ply on_ply is told of */
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
    /* the moves rows' cells that are the game's (file, game, tags): written
     * once a game, then copied into each row (csv_moves.c) */
    struct csv_out shared;
    struct cell_span {
        size_t at, len, cols; /* cols: the columns after the first */
    } * spans;                /* a run of them, by its first column */
    struct row_step {
        uint8_t op; /* enum col_id, or STEP_GAME: a run of the game's cells */
        uint32_t col;
    } * steps; /* the row's cells, runs as one */
    size_t nsteps;
    size_t row_most;   /* the most bytes of a row's cells written in place */
    size_t move_cells; /* how many: the move column, as often as it is asked for */
    bool row_texts;    /* a cell of a ply's texts outside the body (csv_moves.c) */
    bool row_default;  /* the default layout: its rows built straight (csv_moves.c) */
    struct number_text numbers[NUMBER_TEXTS];
    struct move_cells *kept; /* plies' cells, kept by their moves (csv_moves.c) */
    void *kept_block;        /* what holds kept, aligned within it: to free */
    unsigned long errors;    /* games with an error status */
    struct game_result result;
};

struct game_ctx {
    const pdn_game *game;
    const char *file;
    const struct pdn_replay_summary *sum;
    const struct first_error *err;
    struct game_first_ply first; /* as the replay counts it (replay_first_ply) */
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

/* csv_plies.c: the game's replay into w->record, w->plies, w->stops and w->first
 * (0 or a PDN_E* code); a finding kept as a first error; the ply the
 * replay played at a node, or NULL; the error that stopped a line at a
 * node, or NULL. */
int csv_replay(pdn_csv_writer *w, const pdn_game *game, const char *file,
               struct pdn_replay_summary *sum);
void csv_keep_error(struct first_error *e, const struct pdn_diag *d);
const struct stop *csv_search_stop(const pdn_csv_writer *w, const struct pdn_node *node);
/* csv_search_stop inline when the game has none, as nearly every game:
 * asked once a move. */
static inline const struct stop *csv_find_stop(const pdn_csv_writer *w, const struct pdn_node *node)
{
    return w->nstops ? csv_search_stop(w, node) : NULL;
}
/* A ply's canonical text (pdn_move_to_text's PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
 * its length. */
size_t csv_ply_text(char out[PDN_MOVE_TEXT_MAX], const struct ply *p);
/* csv_find_ply, inline: the cells ask for each ply once or more. */
static inline const struct ply *csv_find_ply(pdn_csv_writer *w, const struct pdn_node *node)
{
    long at = ply_record_find(&w->record, node);
    return at >= 0 ? &w->plies[at] : NULL;
}
/* csv_find_ply for a walk of the nodes in the order the replay played
 * them (the moves mode's rows: a line's moves, a move's variations after
 * them; the main line's moves cell), each asked for once, next_ply set to
 * 0 before it: the ply after the one found last, else the record's
 * search. */
static inline const struct ply *csv_next_ply(pdn_csv_writer *w, const struct pdn_node *node)
{
    size_t k = w->next_ply;
    if (k >= w->record.n || w->record.nodes[k] != node) {
        long at = ply_record_find(&w->record, node);
        if (at < 0) return NULL;
        k = (size_t)at;
    }
    w->next_ply = k + 1;
    return &w->plies[k];
}
/* csv_cells.c: the cell buffer (w->cell, NUL-terminated): emptied, room
 * for n more bytes and a NUL (false, w->nomem set, when it cannot grow),
 * appended to. */
void csv_cell_reset(pdn_csv_writer *w);
bool csv_cell_grow(pdn_csv_writer *w, size_t n);
/* Inline: the moves cell asks once a ply, and nearly always has room. */
static inline bool csv_cell_room(pdn_csv_writer *w, size_t n)
{
    return w->capcell - w->ncell > n || csv_cell_grow(w, n);
}
void csv_cell_add(pdn_csv_writer *w, const char *s, size_t n);
void csv_cell_adds(pdn_csv_writer *w, const char *s);
/* A cell: s (NULL: empty), the cell buffer, a number. */
void csv_put(pdn_csv_writer *w, const struct col *c, const char *s);
void csv_put_cell(pdn_csv_writer *w, const struct col *c);
void csv_put_number(pdn_csv_writer *w, const struct col *c, unsigned long long v);
/* csv_rows.c: the fast paths on (the default) or off, so that tests and
 * fuzz targets compare both: with them off, the moves cell of a plain main
 * line comes from the writer, not from main_line's copy of its numbering,
 * and every cell of the moves rows is written on its own, through the
 * checks of csv_out_field, none copied or taken as a word. */
void csv_writer_fast_paths(pdn_csv_writer *w, bool on);

/* csv_game_cells.c: a cell of the games mode (the moves rows share the
 * game's columns). */
int csv_put_game_cell(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g);

/* csv_result.c: a cell of the normalised_result, white_points or black_points column. */
void csv_put_result_cell(pdn_csv_writer *w, const struct col *c, const pdn_game *game);

/* ---- the moves mode (csv_moves.c, csv_move_cells.c) ---- */

/* Where a line is in the game: its name, the ply it replaces, the side and
 * move number of its first ply. */
struct line_ctx {
    const struct game_ctx *g;
    /* Its name, in a buffer of CSV_LINE_ID_MAX bytes that the lines of a
     * game share (a variation's is its line's and ".N"), idlen bytes. */
    char *id;
    size_t idlen;
    uint32_t parent;    /* 0 on the main line */
    uint32_t first_ply; /* the ply of its first move, from 1 */
    /* Half-moves before ply 1 from the start of a move pair (1 when the
     * second mover starts), plus 2*(number-1): 64 bits, as the number
     * may be as high as UINT32_MAX. */
    uint64_t start_half;
    bool black_opens;             /* the variant's pairs start with Black's move (English) */
    const struct pdn_line *moves; /* its moves */
};

/* The side that makes a line's half-move half: 0 White, 1 Black. A pair's
 * first mover is White but in English checkers, where Black opens. */
static inline unsigned csv_side_of(const struct line_ctx *l, uint64_t half)
{
    return (unsigned)(half % 2) ^ (unsigned)l->black_opens;
}

/* A line's half-move of its ply 'ply' (from 1). */
static inline uint64_t csv_half_of(const struct line_ctx *l, uint32_t ply)
{
    return l->start_half + ply - 1;
}

/* The move number of half-move half: it stays at UINT32_MAX once there,
 * as the replay's and the writer's count do. */
static inline uint32_t csv_number_of(uint64_t half)
{
    uint64_t n = half / 2 + 1;
    return n < UINT32_MAX ? (uint32_t)n : UINT32_MAX;
}

/* "1. ... 35-40" from a position with the second mover to move (an odd
 * half): the dots hold the place of a move never played, which the replay
 * skips (replay.c, is_placeholder); it is no ply, and has no row: the row
 * of the move after it holds its dots (csv_written_number). Dots that hold
 * a line's annotations keep their row, and so do dots that end their line,
 * which no row after them would hold (csv_moves.c, csv_main_plies). */
static inline bool csv_placeholder(const struct pdn_node *n, uint64_t half)
{
    const struct pdn_annotations *a = pdn_annotations_of(n);
    return game_holds_place(n, half % 2 == 1) && !a->setup && !a->strength && !a->nnags &&
           !a->ncomments_before && !a->ncomments_after && !a->nvariations;
}

/* Whether the rows of a line pass node n (csv_placeholder), passed saying
 * they passed the node before: dots right after passed dots keep their
 * row, which holds the ones before (a row holds one placeholder's dots:
 * "1. ... 1. ... 19-23" has the second its own). */
static inline bool csv_passes(const struct pdn_node *n, uint64_t half, bool passed)
{
    return !passed && csv_placeholder(n, half);
}

struct ply_row {
    const struct line_ctx *line;
    const struct pdn_node *node;
    uint32_t ply;
    const struct ply *played; /* NULL when not played */
    const char *status;
    const struct pdn_line *end; /* a row without a move: the line it ends */
    /* The node before its node was dots passed as a placeholder, which
     * have no row: this row holds them (csv_written_number). */
    bool after_place;
};

/* Whether a column holds the game's cell, the same in each of its rows. */
static inline bool csv_game_column(enum col_id id)
{
    return id == C_TAG || id == C_FILE || id == C_GAME || id == C_RECORDED || id == C_TAGS;
}

/* csv_move_cells.c: a cell of a moves row on its own, through
 * csv_out_field: 0 or a negative PDN_E* code. */
int csv_put_move_cell(pdn_csv_writer *w, const struct col *c, const struct ply_row *r);

/* csv_move_cells.c: the written_number cell of a move's row at out (room
 * for WRITTEN_NUMBER_MAX bytes, which a cell's room in a row, CELL_MOST,
 * holds): its placeholder's number and dots ("1.
 * ...", "..."), then its own number as written ("12.", "12..."),
 * blank-separated; empty when neither was written. Its length. */
#define WRITTEN_NUMBER_MAX 40
size_t csv_written_number(char out[WRITTEN_NUMBER_MAX], const struct ply_row *r);

/* csv_moves.c: the rows of one game in the moves mode; their number, or a
 * negative PDN_E* code. */
long csv_write_move_rows(pdn_csv_writer *w, const struct game_ctx *g);

/* csv_game_cells.c: half-moves before a game's first ply (struct
 * line_ctx's start_half); the plies written in its main line, its
 * placeholder (csv_placeholder) not counted, or a negative PDN_E* code. */
uint64_t csv_start_half(const struct game_ctx *g);
int64_t csv_main_plies(const struct game_ctx *g);
/* The half-move of move i of line, *half before it, after its setup: the
 * side and number the setup gives as the writer numbers
 * (writer_setup_second: the FEN's, or for '?' the replay's;
 * writer_setup_number: the FEN's ":F", or the numbers written after it),
 * else the count going on. 0, or a negative PDN_E* code. */
int csv_setup_turn(uint64_t *half, const struct game_ctx *g, const struct pdn_line *line,
                   uint32_t i);

#endif
