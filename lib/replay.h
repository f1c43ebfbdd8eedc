/*
 * Replay internals (private): the validator's per-game context shared by
 * replay.c (lines, moves, move numbers), replay_start.c (tags, the start
 * position), replay_side.c (who moves when a FEN does not say),
 * replay_result.c (results), replay_drawrules.c (draw-rule
 * tracking along the main line) and replay_report.c (findings out).
 * Nothing here allocates; nothing here prints.
 */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include "pdn.h"

/* ---- Draw rules (replay_drawrules.c) -------------------------------------------- */

/* Material of one side: kings, men and pieces each within [min, max]. */
struct draw_side {
    uint8_t kings_min, kings_max, men_min, men_max, pieces_min, pieces_max;
};

/* An ending that draws: a stronger side against a weaker one. */
struct draw_ending {
    enum pdn_draw_rule rule;
    struct draw_side strong, weak;
    uint8_t pieces_min, pieces_max; /* pieces on the board */
    uint8_t moves;                  /* moves until the draw; 0: drawn when it stands */
    bool strong_moves;              /* counts the stronger side's moves, not each player's */
    bool restart;                   /* any capture or promotion starts the count again */
    bool big_road;                  /* the weaker side's king stands on the long diagonal */
};

#define DRAW_ENDINGS_MAX 6

/* The draw rules of a variant (one rules set), as data: replay_drawrules.c. */
struct draw_rules {
    uint8_t repetition;  /* occurrences of a position that draw; 0: no such rule */
    uint8_t quiet_moves; /* moves each with only kings moving, no capture; 0: none */
    enum pdn_draw_rule quiet_rule;
    bool standing; /* some ending draws as it stands (moves 0): Russian's only */
    uint8_t nendings;
    struct draw_ending endings[DRAW_ENDINGS_MAX];
};

/* The rules of a variant under a set (the set matters to international and
 * Brazilian only). */
const struct draw_rules *draw_rules_get(enum pdn_variant variant, enum pdn_draw_rules set);

/* Positions kept for repetition: the longest quiet-move rule (40 moves each)
 * bounds a reversible run to 81 positions; without one, the oldest drop out. */
#define DRAW_HISTORY 128

struct draw_position {
    uint64_t pieces[2], kings;
    uint8_t side;
};

/* Where a line stands in the counted endings: small enough for the engine
 * to keep one per ply of its search. */
struct draw_count {
    int ending;     /* index of the counted ending the material is in, or -1 */
    int strong;     /* its stronger side */
    unsigned count; /* plies, or the stronger side's moves, since it was reached */
    int pieces;     /* on the board: it changes with captures only */
};

struct draw_tracker {
    struct draw_position history[DRAW_HISTORY]; /* since the last irreversible ply */
    unsigned nhistory;                          /* entries used (<= DRAW_HISTORY) */
    unsigned head;                              /* next slot to write */
    /* The history's first position, the one after the last irreversible
     * ply, is the next ply's 'before', kept then (draw_tracker_step). */
    bool first_pending;
    unsigned kings_only; /* consecutive king-only quiet plies */
    const struct draw_rules *rules;
    struct draw_count ending;
};

/* Starts tracking at a position (game start or a setup). */
void draw_tracker_start(struct draw_tracker *t, const struct pdn_board *start,
                        enum pdn_draw_rules set);
/* No ending of the table has more pieces on the board. */
#define DRAW_ENDING_PIECES_MAX 7

/* A ply with every rule looked at (replay_drawrules.c); man_moved: a man of
 * the side that moved is no longer where it was. */
enum pdn_draw_rule draw_tracker_step_full(struct draw_tracker *t, const struct pdn_board *before,
                                          const struct pdn_board *after,
                                          const struct pdn_move *move, bool man_moved);

/*
 * Records one ply; returns the rule that draws the game right after it.
 * Inline, for the replay takes one at every ply, and most are the case
 * here: an irreversible ply (a man's move or a capture: earlier positions
 * cannot repeat and the king-move count starts again) with no counted
 * ending under way and too many pieces for one to begin or stand (a
 * promotion then changes nothing either), which leaves every rule as it
 * was but the history, started again from the position after it (kept
 * with the next ply: first_pending). A
 * capture takes ncaptured pieces off the board (one a jump, never one
 * twice): no count of the board's bits.
 */
static inline enum pdn_draw_rule draw_tracker_step(struct draw_tracker *t,
                                                   const struct pdn_board *before,
                                                   const struct pdn_board *after,
                                                   const struct pdn_move *move)
{
    int side = before->side & 1;
    bool man_moved =
        (before->pieces[side] & ~before->kings) != (after->pieces[side] & ~after->kings);
    int pieces = t->ending.pieces - move->ncaptured;
    if (!(man_moved || move->ncaptured > 0) || t->ending.ending >= 0 ||
        (pieces <= DRAW_ENDING_PIECES_MAX && t->rules->nendings > 0))
        return draw_tracker_step_full(t, before, after, move, man_moved);
    t->ending.pieces = pieces;
    t->kings_only = 0;
    /* The position after it is the next ply's 'before': kept then, if that
     * ply is no such ply. Copied here, the board was read back right after
     * the ply's stores to it, which stalled until they were done (pdncheck:
     * 1% of its time). */
    t->head = t->nhistory = 0;
    t->first_pending = true;
    return PDN_DRAW_NONE;
}
/* The counted endings alone, for a search that tracks repetitions and
 * king-only moves itself (the engine): the count at a position, one ply
 * (the rule its count completes, or PDN_DRAW_NONE), and the endings drawn
 * as they stand (PDN_DRAW_NONE when the side to move can capture). */
void draw_count_start(struct draw_count *out, const struct draw_rules *rules,
                      const struct pdn_board *board);
enum pdn_draw_rule draw_count_step(struct draw_count *c, const struct draw_rules *rules,
                                   const struct pdn_board *before, const struct pdn_board *after,
                                   const struct pdn_move *move);
enum pdn_draw_rule draw_standing(const struct draw_rules *rules, const struct pdn_board *board);

/* ---- The replay context -------------------------------------------------- */

/* Room for a detail: every candidate of an ambiguous capture, in long form. */
#define REPLAY_DETAIL_MAX (PDN_CANDIDATES_MAX * (PDN_MOVE_TEXT_MAX + 2) + 128)
/* Deepest variation nesting replayed: the reader stops at PDN_LIMIT_DEPTH;
 * this guards trees built by hand (each level costs a few hundred bytes of stack). */
#define REPLAY_DEPTH_MAX 1000

/* Where a line stands in move numbering. */
struct turn {
    uint32_t number; /* number of the current move pair */
    bool known;      /* false after a FEN without move number, until one is written */
};

/* Where the variations of a move played stand (replay_misplaced.c): the
 * position after that move, and the next move of its line, where one
 * written a move too early belongs. */
struct variation_place {
    const struct pdn_line *line;     /* the variation being replayed */
    const struct pdn_node *replaced; /* the move it is written after */
    uint32_t replaced_number;        /* and its label: number, */
    bool replaced_second;            /* the second mover's */
    const struct pdn_node *next;     /* the move after that one */
    uint32_t next_number;            /* and its label: number, */
    bool next_second;                /* the second mover's */
    struct pdn_board after;          /* the position after 'replaced' */
};

/* A move number as written, clipped to this (with its NUL). */
#define REPLAY_WRITTEN_MAX 64

/* A run of wrong move numbers off the count the same way, which its first
 * number's warning tells of (replay_number.c). */
struct number_run {
    const struct pdn_line *line;    /* NULL: none yet */
    int64_t offset;                 /* plies: the count's ply less the written one's */
    uint32_t last;                  /* the index in line of its last number */
    char first[REPLAY_WRITTEN_MAX]; /* its first number, as written, */
    char label[16];                 /* and the count's label there ("39.") */
};

struct replay {
    const pdn_game *game;
    bool plain_nodes; /* the game is the reader's: its nodes' plain_from, plain_to
                         and plain_sep are those of their texts */
    const struct pdn_replay_options *opt;
    struct pdn_replay_summary *sum;
    enum pdn_variant variant;
    int first_side;         /* colour that moves first in a move pair */
    struct pdn_board start; /* the game's start position */
    struct turn start_turn;
    const struct pdn_tag *tag_result, *tag_fen, *tag_gametype; /* first of each, or NULL */
    /* main-line draw tracking */
    struct draw_tracker draws;
    enum pdn_draw_rule drawn; /* the rule that drew the main line, or PDN_DRAW_NONE */
    char drawn_at[16];        /* move number of the ply that completed it */
    bool went_on_reported;
    long budget; /* plies the ambiguity lookahead may still replay */
    bool depth_reported;
    char detail[REPLAY_DETAIL_MAX];
    bool *ambiguous;              /* replay_game_noting's (replay_plies.h), or NULL */
    struct pdn_movelist *legal;   /* the ply being replayed */
    struct pdn_movelist *scratch; /* the lookahead */
    /* the variation being replayed, where its first move may belong
     * instead (NULL: none can be moved, or a main line) */
    const struct variation_place *place;
    /* variations entered and not left: a finding there says so, its line
     * and column alone would not tell it from the main line's move */
    int in_variation;
    struct number_run run; /* of the line being replayed */
};

/* The move lists a replay holds by pointer: 20 KB each, allocated once per
 * game rather than put on the stack. */
struct replay_lists {
    struct pdn_movelist legal, scratch;
};

/* Reports a finding and counts it in the summary (replay_report.c). node is
 * the move the finding is about, NULL for findings of tags, setups and
 * results; pos may be NULL. */
void replay_emit(struct replay *r, enum pdn_diag_code code, const struct pdn_node *node,
                 const struct pdn_pos *pos, const char *move_number, const char *text,
                 const char *detail);
/* Appends text to r->detail at *len, which stays within it, cut as
 * snprintf would cut it (replay_report.c). A copy, not snprintf, which
 * costs about a thousand instructions a detail: a note of a dozen pieces
 * is written for every game of an 8x8 file without a GameType tag, a
 * result convention's for every game of a file of chess-style results. */
void replay_detail_append(struct replay *r, size_t *len, const char *text);

/* ---- What a finding says of a move (replay_detail.c) --------------------- */

/* "white" or "black". */
const char *replay_color_name(int side);
/* r->detail: why no legal move on board fits the text, as the matcher's
 * answer m says (a square empty, a capture compulsory, ...). */
void replay_illegal_detail(struct replay *r, const struct pdn_board *board,
                           const struct pdn_match *m, const char *text);
/* r->detail: the names of the forms (PDN_FORM_*) in the mask, listed. */
void replay_forms_detail(struct replay *r, unsigned forms);

/* ---- Move numbers (replay_number.c) -------------------------------------- */

/* "12." for the first mover's move of a pair, "12..." for the second's. */
void replay_number_text(char out[16], uint32_t number, bool second);
/* Checks the move number written on line->moves[i], played from board at
 * turn, against the count; a line starting from a FEN without one takes
 * the first number written as its base. */
void replay_check_number(struct replay *r, const struct pdn_line *line, uint32_t i,
                         const struct pdn_board *board, struct turn *turn);
/* The number of "N. ..." holding the first mover's place, against turn. */
void replay_skip_placeholder(struct replay *r, const struct pdn_node *node, struct turn *turn);

/* ---- A variation before the move it replaces (replay_misplaced.c) -------- */

/* Where the variations of line->moves[i] stand, played at turn into
 * after (turn: the count after it): false when none of them can be
 * misplaced (no move after it, a side or number unknown). */
bool replay_variation_place(struct variation_place *out, const struct replay *r,
                            const struct pdn_line *line, uint32_t i, struct turn played,
                            const struct pdn_board *after, struct turn turn);
/* The first move of r->place's variation is illegal where it stands: says
 * so (PDN_DIAG_MISPLACED_VARIATION) when it is the alternative to the next
 * move. Uses r->scratch. */
void replay_misplaced_check(struct replay *r, const struct pdn_node *first);
/* Whether first, the first move of r->place's variation, played from
 * board, is numbered and misplaced as replay_misplaced_check reports it:
 * its number is then the move's it replaces, which that finding names, not
 * a wrong one. Uses r->scratch. */
bool replay_misplaced_numbered(struct replay *r, const struct pdn_node *first,
                               const struct pdn_board *board);

/* ---- Silent replay (replay_probe.c) -------------------------------------- */

/*
 * Replays moves[from..] of a line silently, with r->scratch and r->budget
 * only: true when all of them are legal. What cannot be decided (a setup,
 * an unknown move, the budget of plies spent, ambiguities nested deeper than
 * nest allows) counts as legal, so the ambiguity lookahead never rejects a
 * reading it could not refute.
 */
bool replay_line_silent(struct replay *r, const struct pdn_line *line, uint32_t from,
                        struct pdn_board board, int nest);

/*
 * Whether the main line of a game is legal under a variant, from its FEN tag
 * (false when the FEN cannot be read under the variant) or the variant's
 * start: the variant inference (variant.c) asks it for each variant a
 * game's clues leave. Silent, main line only, stops at the first illegal
 * move.
 */
bool replay_probe(const pdn_game *game, enum pdn_variant variant);
/* Whether a game's start is one a game of the variant reaches: its FEN tag
 * read under it with no man on its crowning row and no more pieces than a
 * side starts with (replay_start.c says it impossible otherwise), or no
 * FEN. */
bool replay_start_possible(const pdn_game *game, enum pdn_variant variant);

/* ---- Start and result (replay_start.c, replay_result.c) -------------------- */

/*
 * Reads GameType, FEN and Date; sets r->variant, r->start and r->start_turn.
 * Returns false when the moves cannot be replayed (unsupported GameType,
 * unreadable FEN), after reporting why.
 */
bool replay_start(struct replay *r);
/* Reads a FEN of a tag or setup into *out, reporting bad or impossible ones. */
bool replay_start_fen(struct replay *r, struct pdn_board *out, struct turn *turn, const char *fen,
                      const struct pdn_pos *pos);
/* The Result tag, the terminator and the final main-line position together. */
void replay_result_check(struct replay *r);

/* ---- The side to move (replay_side.c) ----------------------------------------- */

/* Who moves from a board whose side a FEN left open ('?'): the side that
 * plays node, the move made from it (its number, else its legal moves);
 * sets board->side and side_known. Uses r->legal and r->first_side. */
void replay_resolve_side(struct replay *r, const struct pdn_node *node, struct pdn_board *board);

#endif
