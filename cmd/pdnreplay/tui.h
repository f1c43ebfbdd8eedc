/*
 * The interactive view's parts, each calling only those after it: the keys
 * and the session (tui.c), exploring: moves typed by the user, kept as
 * variations spliced into the game's text, undone and written
 * (tui_explore.c), drawing and the boxes over it (tui_draw.c), the game
 * shown, loaded with its findings, and the message line (tui_game.c),
 * moving through the loaded game's entries (tui_nav.c). The terminal, the
 * board and a move typed square by square are the shared screen's
 * (../screen/), as pdnplay uses them.
 * Only tui_draw.c draws; none of them knows the rules: legal moves,
 * matching and writing are libpdn's.
 */
#ifndef PDNREPLAY_TUI_H
#define PDNREPLAY_TUI_H

#include "../screen/screen.h"
#include "pdnreplay.h"

#define TUI_NONE ((size_t)-1)

/* A state the explorer can go back to with u: the game's text before a
 * move was added, and where the view stood. */
struct tui_undo {
    char *text;
    size_t len;
    size_t anchor; /* the position's move: its offset in the text; TUI_NONE: the start */
};

struct tui {
    struct tool *t;
    const struct replay_options *o;
    const struct replay_book *book;
    size_t game_no; /* in the book, 0-based */
    pdn_game *game; /* the game shown: as read, or read again from the explored text */
    struct replay_game g;
    bool loaded;          /* g holds a game */
    size_t cur;           /* the entry shown: START or a PLY */
    uint32_t line0, col0; /* where the game starts in its file: the explored text
                             is read again at the same place, so findings keep
                             their line numbers */
    char **findings;      /* the loaded game's findings, "LINE:COL: severity: message" */
    size_t nfindings, capfindings;
    bool flip;
    struct screen scr;
    struct screen_msg say; /* the message line */
    /* The message speaks of the position shown then (h, E: tui_say_here),
     * which entry of which game: another shown, it goes. */
    bool say_here;
    size_t say_cur, say_game;
    struct tui_undo *undo; /* explored moves, the last on top */
    size_t nundo, capundo;
    bool dirty;           /* explored moves not written */
    int written_moves;    /* explored moves when last written */
    struct typing typing; /* the move being typed */
    int speed;            /* autoplay: 0 slow, 1 normal, 2 fast */
    bool quit;
    bool quit_asked; /* q was pressed, wherever: quit once may_leave agrees */
};

/* tui_game.c */
void tui_say(struct tui *u, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* tui_say of the position shown: the message goes when another is shown
 * (tui_said_elsewhere). */
void tui_say_here(struct tui *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A message of tui_say_here cleared once the position it spoke of is gone. */
void tui_said_elsewhere(struct tui *u);
/* Loads a game from text (the book's game, explored) or, with text NULL,
 * from the file. Returns 0 or a PDN_E* code (said on the message line). */
int tui_load(struct tui *u, const char *text, size_t len);
/* The game shown and its findings let go (the end of the view). */
void tui_unload(struct tui *u);

/* tui_nav.c: moving through g->entries. Each returns an entry index, or
 * TUI_NONE when there is nowhere to go. */
size_t tui_nav_next(const struct replay_game *g, size_t i);   /* the next move of i's line */
size_t tui_nav_prev(const struct replay_game *g, size_t i);   /* the position before i */
size_t tui_nav_parent(const struct replay_game *g, size_t i); /* the move i's variation replaces */
size_t tui_nav_end(const struct replay_game *g, size_t i);    /* the last move of i's line */
/* The moves that may be played instead of move i: i first, then each
 * variation's first move. Returns the count (at most max). */
size_t tui_nav_choices(const struct replay_game *g, size_t i, size_t *out, size_t max);
/* The line's move numbered "23." (or "23..."), searched on i's line, then
 * the main line; TUI_NONE when neither has it. */
size_t tui_nav_number(const struct replay_game *g, size_t i, const char *number);
/* "12..." for the move to come after entry i (the start: the first). */
void tui_nav_next_number(const struct replay_game *g, size_t i, char out[16]);
/* The entry whose move's text starts at this offset of the game's text
 * (TUI_NONE: the start). */
size_t tui_nav_at_offset(const struct replay_game *g, size_t off);
size_t tui_nav_offset(const struct replay_game *g, size_t i);

/* tui_draw.c */
void tui_draw(struct tui *u, const char *prompt);
/* A full-screen list to pick from; returns the row chosen, or TUI_NONE. */
size_t tui_pick(struct tui *u, const char *title, char **rows, size_t n, size_t at);
void tui_help(struct tui *u);
/* Reads a line on the message line; false when cancelled (Esc). */
bool tui_prompt(struct tui *u, const char *label, char *buf, size_t cap);
/* A yes-or-no question on the message line: one key, y for yes. */
bool tui_ask(struct tui *u, const char *question);

/* tui_explore.c */
/* A key while typing a move (or a digit that starts one): true when taken. */
bool tui_explore_key(struct tui *u, int key);
void tui_explore_hint(struct tui *u);
/* E: the engine's verdict on the move that led here. */
void tui_explore_judge(struct tui *u);
void tui_explore_undo(struct tui *u);
void tui_explore_write(struct tui *u);
void tui_explore_free(struct tui *u);

#endif
