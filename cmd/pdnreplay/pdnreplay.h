/*
 * pdnreplay's parts: the options and the loop over the games (main.c), the
 * game loaded as a list of entries (entries.c), the chosen games listed and
 * read again (book.c), the non-interactive text and narration (print.c),
 * the SVG pictures (picture.c) and the interactive view (tui*.c, tui.h).
 * The view reads the same loaded game as the text does. No PDN logic here:
 * boards, moves and findings come from libpdn.
 */
#ifndef PDNREPLAY_H
#define PDNREPLAY_H

#include "../common.h"

/* What to show, from the command line. */
struct replay_options {
    bool list;           /* --list: a line per chosen game */
    long ply;            /* --ply K: the main line's position after K plies; -1 unset */
    const char *move;    /* --move "23." or "23...", NULL unset */
    bool fen;            /* FEN lines instead of diagrams */
    bool flip;           /* from Black's side */
    bool variations;     /* walk the variations too */
    bool unicode;        /* the locale is UTF-8 and no --ascii */
    bool color;          /* ANSI colour (--color, or auto on a terminal) */
    bool narrate;        /* plain sentences */
    bool text;           /* --text: non-interactive even on a terminal */
    const char *svg;     /* --svg FILE */
    const char *svg_dir; /* --svg-dir DIR */
    bool analyse;        /* --analyse: the engine's verdict, written as PDN */
    int level;           /* --level N: the analysis' limits (0: level 3) */
};

/* One ply the replay played (pdn_replay_game's on_ply), in its order. */
struct replay_ply {
    struct pdn_board before, after;
    struct pdn_move move;
    const struct pdn_node *node; /* borrowed from the game */
    int depth;                   /* 0 on the main line */
    uint32_t text;               /* the move as libpdn writes it: an offset in g->strings */
};

/* A finding that stopped a line at a move: illegal, ambiguous, unknown. */
struct replay_stop {
    const struct pdn_node *node;
    enum pdn_diag_code code;
    uint32_t line, col;
    char *message; /* pdn_diag_message's text, owned */
};

enum replay_entry_kind {
    ENTRY_START,           /* the start position */
    ENTRY_PLY,             /* a move played, and the position after it */
    ENTRY_VARIATION_BEGIN, /* a variation replacing 'node' starts */
    ENTRY_VARIATION_END,
    ENTRY_STOP /* the line stops at 'node' (stop says why) */
};

/* The game in reading order: the main line, each variation right after the
 * move it replaces, as a PDN file writes them. Kept small (a game may hold
 * a hundred thousand variations): the texts shown are made from it
 * (replay_number, replay_entry_text, replay_entry_label). */
struct replay_entry {
    const struct pdn_node *node; /* the move (PLY, STOP) or the one replaced (VARIATION_*) */
    union {
        const struct replay_ply *ply;   /* ENTRY_PLY */
        const struct replay_stop *stop; /* ENTRY_STOP */
    };
    uint32_t index;  /* PLY on the main line: plies from the start (1..) */
    uint32_t number; /* the move number (PLY, STOP, VARIATION_* of the replaced move) */
    uint32_t label;  /* which variation, "1.2" (depth > 0): an offset in g->strings */
    int depth;       /* 0 on the main line */
    enum replay_entry_kind kind;
    bool second; /* number is the second mover's: "12..." */
};

struct replay_game {
    const pdn_game *game;
    const char *file; /* as named on the command line, "-" for stdin */
    struct pdn_board start;
    struct replay_ply *plies; /* in the replay's order */
    size_t nplies, ply_cap;
    struct replay_stop *stops;
    size_t nstops, stop_cap;
    struct replay_entry *entries;
    size_t nentries, entry_cap;
    char *strings; /* the moves' texts and the labels, each ended by a NUL */
    size_t strings_len, strings_cap;
    size_t main_plies; /* plies on the main line */
    bool main_stopped; /* the main line stops at a finding */
    bool nomem;
};

/* book.c: the first error of a game, kept past its callback (--list). */
struct replay_first {
    bool set;
    struct pdn_diag d; /* d.game: the game it belongs to */
    char *strings;     /* d's strings, one block */
};
void replay_first_note(struct replay_first *f, const struct pdn_diag *d);
/* The first error in source order of game index, or NULL; forgotten then,
 * valid until the next note: the next file numbers its games from 1 again,
 * and its game 1 is not this one. */
const struct pdn_diag *replay_first_take(struct replay_first *f, size_t index);
void replay_first_free(struct replay_first *f);

/* A chosen game as a list shows it; the strings are owned, NULL when the
 * tag is missing. */
struct replay_listed {
    const char *file; /* the book's copy of its file's name */
    size_t index;     /* in its file */
    char *white, *black, *event, *date, *result;
    unsigned plies;
    char *status; /* NULL: no error; "illegal-move: illegal move ..." */
};

struct replay_book {
    char **files; /* the names of the games' files, each once */
    size_t nfiles, capfiles;
    struct replay_listed *games;
    size_t n, cap;
};

int replay_book_add(struct replay_book *b, const char *file, const pdn_game *game, unsigned plies,
                    const struct pdn_diag *first_error);
void replay_book_free(struct replay_book *b);
/* Reads game 'index' of file again; its reader findings go to on_diag
 * (may be NULL). 0, or a PDN_E* code (PDN_EIO with errno). */
int replay_book_fetch(pdn_game **out, const struct tool *t, const char *file, size_t index,
                      pdn_diag_fn on_diag, void *diag_ctx);

/* entries.c: replays game into g (findings to t->on_diag, or printed when it is
 * NULL; a date that could be swapped said as t->date_orders, those of the
 * game's file, settle it), then builds the entries. */
int replay_load(struct replay_game *g, struct tool *t, const pdn_game *game, const char *file,
                bool strict);
void replay_game_free(struct replay_game *g);
/* The main line's entry the options select (--ply, --move), the start for
 * --ply 0; NULL when the line does not get there. */
const struct replay_entry *replay_find(const struct replay_game *g, const struct replay_options *o);

/* print.c: the whole game (or only the position the options select) as text,
 * FEN lines or sentences. */
void replay_print_game(FILE *out, const struct replay_game *g, const struct replay_options *o);
void replay_print_entry(FILE *out, const struct replay_game *g, const struct replay_entry *e,
                        const struct replay_options *o);
/* The sentence for one ply: "12... Black captures 3 from 19: 19x37, takes
 * 23, 28, 32." Returns the length written (cut at cap). */
size_t replay_narrate_ply(char *out, size_t cap, const struct replay_game *g,
                          const struct replay_entry *e);
/* A comment's text without its embedded commands ("[%clock w1:29:46
 * B1:29:40]", "[%clk 1:23:45]"): data for programs, noise to a reader or
 * a listener. Owned by the caller; NULL when nothing else is left (or no
 * memory: then nothing is shown rather than the commands). */
char *replay_comment_text(const char *text);
/* The times of the comment's clock command in words: "White 1:29:46,
 * Black 1:29:40" for "[%clock w1:29:46 B1:29:40]", "1:23:45" for
 * "[%clk 1:23:45]". Writes what fits in cap bytes; false when the
 * comment holds no clock command. */
bool replay_clock_text(char *out, size_t cap, const char *text);
/* The marks after a move as --text writes them: the strength as written,
 * then each NAG, as its mark ("?" for $2, $1-$6) or as "$14", blanks
 * between ("! $14"). Like snprintf: writes what fits in cap bytes
 * (NUL-ended), returns the length of the whole text ("" when none). */
size_t replay_marks(char *out, size_t cap, const struct pdn_node *n);
/* entries.c: the board and the last move of an entry (the start position for START). */
const struct pdn_board *replay_entry_board(const struct replay_game *g,
                                           const struct replay_entry *e);
const struct pdn_move *replay_entry_move(const struct replay_entry *e);
/* entries.c: what an entry shows. The move number, "12." or "12..." ("" for
 * the start), in a buffer that lives to the end of the full expression. */
struct replay_number {
    char s[16];
};
struct replay_number replay_number(const struct replay_entry *e);
/* The move as libpdn writes it (PLY; "" for the others). */
const char *replay_entry_text(const struct replay_game *g, const struct replay_entry *e);
/* "1", "1.2": which variation ("" on the main line). */
const char *replay_entry_label(const struct replay_game *g, const struct replay_entry *e);

/* analyse.c: the game written as PDN with the moves that lose most marked
 * ($2, $4) and commented. 0 or a PDN_E* code. */
int replay_analyse(FILE *out, const struct replay_game *g, const struct replay_options *o);
/* The engine's verdict on one ply, at a level's limits (0: level 3)
 * without its weakening: false when the position before has no move. */
struct replay_verdict {
    int loss;        /* hundredths of a man the move lost against the best */
    const char *nag; /* "$2" (0.40 or more), "$4" (0.90 or more) or NULL */
    char better[PDN_MOVE_TEXT_MAX], best_score[PDN_SCORE_TEXT_MAX],
        played_score[PDN_SCORE_TEXT_MAX];
};
bool replay_judge(struct replay_verdict *out, pdn_engine *e, const struct replay_ply *p, int level);

/* picture.c: --svg and --svg-dir. Return 0, or -1 (reported through t). */
int replay_svg_file(struct tool *t, const struct replay_game *g, const struct replay_entry *e,
                    const char *path, const struct replay_options *o);
int replay_svg_dir(struct tool *t, const struct replay_game *g, const char *dir,
                   const struct replay_options *o);

/* tui.c: the interactive view of the chosen games, from the book's game
 * 'first' (0-based), at the position --ply or --move names, else the
 * start. Returns 0, or -1 when the terminal could not be set up (said). */
int tui_run(struct tool *t, const struct replay_options *o, const struct replay_book *book,
            size_t first);

#endif
