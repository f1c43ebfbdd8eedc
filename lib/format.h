/*
 * format (private): what format.c (replay, then write) and format_fix.c (the
 * faults that have one reading: reported, or repaired by the writer's
 * callbacks) share. format.c calls format_fix.c, never the other way.
 * Nothing here prints.
 */
#ifndef PDN_FORMAT_H
#define PDN_FORMAT_H

#include "date.h"
#include "pdn.h"
#include "ply_record.h"
#include "vec.h"
#include "writer_wrap.h"

#include <stdbool.h>
#include <stddef.h>

struct arena;

/* The text of a move the replay played. */
struct placed {
    char text[PDN_MOVE_TEXT_MAX];
};

enum fault_kind {
    FAULT_NUMBER,      /* a move number the replay disagrees with */
    FAULT_CAPTURE_DASH /* a capture written with a dash */
};

/* A fault of a move that fix repairs, with what its finding says. */
struct fault {
    const struct pdn_node *node;
    enum fault_kind kind;
    uint32_t number;         /* FAULT_NUMBER: the replay's number */
    bool black;              /* and whether it is the "N..." form */
    bool kept;               /* FAULT_NUMBER: not repaired (see keep_number) */
    enum pdn_diag_code code; /* FAULT_NUMBER: the replay's (a run's first number or not) */
    char move_number[16];    /* the ply's number, "12." or "12..." ("" unknown) */
    char written[64];        /* FAULT_NUMBER: the number as written */
    char detail[192];        /* FAULT_NUMBER: the replay's detail */
};

/* What the replay of one game found. A scratch keeps one between games
 * (scratch.h): what comes before plies is cleared for each game, the
 * tables from plies on are emptied and kept. */
struct format {
    const struct pdn_format_options *opt;
    bool nomem;
    bool ambiguous;     /* the replay's, of the ply on_ply is told of */
    bool faults_wanted; /* fix, or findings to report */
    bool plain_nodes;   /* the game is the reader's: its nodes' plain_sep is their texts' */
    /* --broken=comment, the game not written as read: a move a line stops
     * at is written in a comment with the rest of its line, and a fault
     * there (a misplaced variation, a number kept) is not in the output */
    bool stops_in_comment;
    struct { /* the last move-form finding: its ply's number */
        const struct pdn_node *node;
        char move_number[16];
    } form;
    struct pdn_diag mismatch; /* the replay's result-mismatch (code COUNT: none) */
    char *mismatch_strings;   /* its text and detail, one block */
    struct pdn_diag inferred; /* the replay's variant-inferred note (another code: none) */
    char *inferred_strings;   /* its detail */
    bool written_as_read;     /* the game's text is written as read: no tag added */
    enum pdn_result result;   /* the result written in place of the game's, or NONE */
    char date[DATE_SIZE];     /* the date written in place of the Date tag's */
    struct pdn_replay_summary sum;
    /* kept */
    struct ply_record plies; /* the moves the replay played, by node */
    struct placed *placed;   /* their texts, at the same index */
    size_t capplaced;
    const struct pdn_node **stops; /* moves a line stopped at, sorted likewise */
    size_t nstops, capstops;
    struct fault *faults; /* in the replay's order; by node once reported */
    size_t nfaults, capfaults;
    /* format_move.c: the variations the replay found written before the
     * move they replace (PDN_DIAG_MISPLACED_VARIATION, struct misplaced),
     * sorted by first move once asked for; with fix, those moved (their
     * first moves, the source tree's) and the notes that say so */
    struct vec misplaced, moved, notes;
    bool misplaced_sorted;
    struct wrap_kept wrap;     /* the writer's output buffer */
    struct pdn_movelist legal; /* scratch for pdn_move_text: last, left uncleared */
};

/* Frees a format and its tables (scratch.c's, when a scratch is freed);
 * accepts NULL. */
void format_kept_free(struct format *f);

/* A replay finding of a fault fix repairs: kept (format.c hands every one). */
void fix_on_diag(struct format *f, const struct pdn_diag *d);
/* Whether a text may hold a dash: '-', or a byte of a Unicode one. */
bool fix_maybe_dash(const char *text);
/* Whether a ply played is surely no fault fix_on_ply keeps, told without
 * a look at its text: a quiet move (most), or a capture the reader found
 * plain (pdn.h, plain_sep: two squares around '-' or 'x') written with
 * 'x'. */
static inline bool fix_surely_sound(const struct format *f, const struct pdn_move *move,
                                    const struct pdn_node *node)
{
    return move->ncaptured == 0 || !node->text || (f->plain_nodes && node->plain_sep == 'x');
}
/* Whether a ply played may be a fault fix_on_ply keeps: a capture whose
 * text may hold a dash. Inline: asked at every ply, and most answer at
 * once (fix_surely_sound); so does a plain capture written with '-'.
 * Looking at each byte of every capture was 0.7% of pdnfmt's
 * instructions. */
static inline bool fix_may_fault(const struct format *f, const struct pdn_move *move,
                                 const struct pdn_node *node)
{
    if (fix_surely_sound(f, move, node)) return false;
    if (f->plain_nodes && node->plain_sep) return true; /* '-' */
    return fix_maybe_dash(node->text);
}
/* A ply played: a capture written with a dash is kept as a fault
 * (f->legal holds the moves of 'before'). */
void fix_on_ply(struct format *f, const struct pdn_board *before, const struct pdn_move *move,
                const struct pdn_node *node);
/* After the replay: decides the result, reports each fault (repaired when
 * 'repair') and sets the writer's callbacks for the repairs. */
void fix_report(struct format *f, const pdn_game *game, bool repair, struct pdn_write_options *wo);
/* Frees what the game's faults hold (not the table of faults). */
void fix_end(struct format *f);

/* ---- format_move.c: a variation misplaced before the move it replaces ---- */

/* A misplaced-variation finding of the replay: kept, with its strings. */
void move_on_misplaced(struct format *f, const struct pdn_diag *d);
/* After a replay of game: the variations it holds misplaced before the
 * move they replace, moved after it in a copy of its tree (*out, in
 * *arena, which the caller frees). 1 when any was moved, 0 when none, or
 * PDN_ENOMEM. f->notes gets a note for each. */
int move_misplaced(struct format *f, const pdn_game *game, pdn_game *out, struct arena **arena);
/* The notes of the variations moved, as PDN_DIAG_FIXED findings, then the
 * findings of those the last replay found where they stand. */
void move_report(struct format *f, const pdn_game *game);
/* Forgets the tables of the last replay (not the notes). */
void move_forget(struct format *f);
/* Frees the tables; accepts a format never used. */
void move_free(struct format *f);

#endif
