/*
 * Replay internals (private): the validator's per-game context shared by
 * replay.c (lines, moves, move numbers), replay_start.c (tags, the start
 * position), replay_result.c (results), replay_drawrules.c (draw-rule
 * tracking along the main line) and replay_report.c (findings out).
 * Nothing here allocates; nothing here prints.
 */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include "pdn.h"

/* ---- Draw rules (replay_drawrules.c) -------------------------------------------- */

enum draw_rule { DRAW_NONE, DRAW_REPETITION, DRAW_25_MOVES, DRAW_16_MOVES, DRAW_5_MOVES };

/* Positions kept for repetition: the 25-move rule bounds a reversible run to
 * 51 positions under FMJD rules; other variants wrap around (oldest dropped). */
#define DRAW_HISTORY 128

struct draw_position {
    uint64_t pieces[2], kings;
    uint8_t side;
};

struct draw_tracker {
    struct draw_position history[DRAW_HISTORY]; /* since the last irreversible ply */
    unsigned nhistory;                          /* entries used (<= DRAW_HISTORY) */
    unsigned head;                              /* next slot to write */
    unsigned kings_only;                        /* consecutive king-only quiet plies */
    int ending;                                 /* DRAW_16_MOVES, DRAW_5_MOVES or DRAW_NONE */
    unsigned ending_plies;                      /* plies since the ending was reached */
    bool fmjd;                                  /* the 25/16/5-move rules apply */
};

/* Starts tracking at a position (game start or a setup). */
void draw_tracker_start(struct draw_tracker *t, const struct pdn_board *start);
/* Records one ply; returns the rule that draws the game right after it. */
enum draw_rule draw_tracker_step(struct draw_tracker *t, const struct pdn_board *before,
                                 const struct pdn_board *after, const struct pdn_move *move);
/* "threefold repetition", "the 25-move rule", ... */
const char *draw_rule_name(enum draw_rule rule);

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

struct replay {
    const pdn_game *game;
    const struct pdn_replay_options *opt;
    struct pdn_replay_summary *sum;
    enum pdn_variant variant;
    int first_side;         /* colour that moves first in a move pair */
    struct pdn_board start; /* the game's start position */
    struct turn start_turn;
    const struct pdn_tag *tag_result, *tag_fen, *tag_gametype; /* first of each, or NULL */
    /* main-line draw tracking */
    struct draw_tracker draws;
    enum draw_rule drawn; /* the rule that drew the main line, or DRAW_NONE */
    char drawn_at[16];    /* move number of the ply that completed it */
    bool went_on_reported;
    long budget; /* plies the ambiguity lookahead may still replay */
    bool depth_reported;
    char detail[REPLAY_DETAIL_MAX];
    struct pdn_movelist legal;   /* the ply being replayed */
    struct pdn_movelist scratch; /* the lookahead */
};

/* Reports a finding and counts it in the summary (replay_report.c). node is
 * the move the finding is about, NULL for findings of tags, setups and
 * results; pos may be NULL. */
void replay_emit(struct replay *r, enum pdn_diag_code code, const struct pdn_node *node,
                 const struct pdn_pos *pos, const char *move_number, const char *text,
                 const char *detail);

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

#endif
