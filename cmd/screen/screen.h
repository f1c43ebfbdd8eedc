/*
 * The full-screen terminal the interactive tools share (pdnreplay's view,
 * pdnplay): setting the terminal up and restoring it on any way out
 * (screen.c), drawing text, frames and the board (screen_draw.c), the
 * message, prompt and question lines and a box of lines (screen_ask.c),
 * and a move typed whole or square by square against the legal moves
 * (typing.c). The tools build their views from these; nothing here knows
 * a tool, and the files call in one direction: typing, screen_ask ->
 * screen_draw -> screen. No rules here either: legal moves, matching and
 * move texts are libpdn's.
 */
#ifndef PDN_CMD_SCREEN_H
#define PDN_CMD_SCREEN_H

#include "pdn.h"

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

/* Colour pairs; meaning is carried by attributes and brackets as well, so
 * a terminal without colours (or NO_COLOR) reads the same. */
enum { SCREEN_PAIR_LAST = 1, SCREEN_PAIR_TYPED = 2, SCREEN_PAIR_FINDING = 3 };

struct screen {
    bool unicode; /* UTF-8 glyphs; else ASCII with '?' for the rest */
    bool color;
    int err_fd;    /* the captured standard error, -1 when not captured */
    long err_seen; /* how much of it has been shown */
    int saved_err; /* the real standard error, while captured */
};

/* The message line: what the last action said. */
struct screen_msg {
    char text[512];
    bool error;
};
void screen_say(struct screen_msg *m, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- screen.c: the terminal ---- */
/* Takes the terminal (stop signals caught, standard error captured: the
 * shared code's messages would scribble over the screen); false when it
 * cannot (said on standard error by screen_end). */
bool screen_begin(struct screen *s, bool want_color);
/* Gives the terminal back as it was found, and prints what was said on
 * standard error meanwhile; also run at exit. */
void screen_end(struct screen *s);
/* A stop signal (Ctrl-C, TERM, HUP, QUIT) arrived: the tool leaves. */
bool screen_stopped(void);
/* The next key, ERR after timeout_ms (-1: none) or on a stop signal. */
int screen_getkey(int timeout_ms);
/* The last line a tool_* function wrote on standard error, said as an
 * error on m (nothing when there is none). */
void screen_said_on_stderr(struct screen *s, struct screen_msg *m);

/* ---- screen_draw.c: drawing ---- */
attr_t screen_pair(const struct screen *s, int pair);
/* s at y, x, at most w columns; blanks for control characters, '?' for
 * what the locale cannot show. Returns the columns drawn. */
int screen_put(const struct screen *s, int y, int x, const char *text, int w, attr_t a);
/* screen_put, a text wider than w cut with an ellipsis: a value cut short
 * (a FEN tag's White pieces alone) must not read as whole. */
int screen_put_cut(const struct screen *s, int y, int x, const char *text, int w, attr_t a);
/* text on at most 'rows' rows of w columns from y, x, broken between words
 * (a move or a word cut in two reads as two wrong ones); what does not fit
 * is left out after a whole word, with an ellipsis. Returns the rows it
 * takes; s NULL: only counts them. */
int screen_put_rows(const struct screen *s, int y, int x, const char *text, int w, int rows,
                    attr_t a);
/* The columns text takes on the terminal (a Chinese character two). */
int screen_text_cols(const char *text);
/* A line of the width of the terminal in reverse video, with text. */
void screen_bar(const struct screen *s, int y, const char *text, attr_t a);
/* screen_bar of keys parted by two blanks (" ? help  q quit  w save"):
 * those the width has no room for are left out whole, after an ellipsis
 * (cut at the edge, "w sa" read as a key that is not). */
void screen_keys_bar(const struct screen *s, int y, const char *keys);
void screen_frame_line(const struct screen *s, int y, int x, int inner, bool top);
void screen_box(const struct screen *s, int y, int x, int h, int w);
/* When the terminal is smaller than cols x rows: says so (and how to
 * quit), true. The tools redraw on KEY_RESIZE. */
bool screen_too_small(const struct screen *s, const char *prog, int cols, int rows);

/* The board: the last move in brackets, the squares marked (typed) in
 * reverse video. */
struct screen_board {
    const struct pdn_board *board;
    const struct pdn_move *last; /* may be NULL */
    bool (*marked)(const void *ctx, int square);
    const void *marked_ctx;
    bool flip; /* from Black's side */
};
/* Returns the rows drawn. */
int screen_draw_board(const struct screen *s, int y, int x, const struct screen_board *b);
/* The columns screen_draw_board takes for a variant. */
int screen_board_cols(enum pdn_variant v);

/* ---- screen_ask.c: lines the user answers ---- */
/* Redraws the whole view with a prompt on the message line (NULL: none). */
typedef void screen_redraw_fn(void *ctx, const char *prompt);
/* Reads a line on the message line; false when cancelled (Esc). */
bool screen_prompt(screen_redraw_fn *redraw, void *ctx, const char *label, char *buf, size_t cap);
/* A yes-or-no question: one key, y for yes. */
bool screen_ask(screen_redraw_fn *redraw, void *ctx, const char *question);
/* A box of lines over the view until a key; returns that key. The box is
 * width columns wide, or as wide as its longest line needs (four more
 * than the line), up to the screen's width less two. */
int screen_lines_box(const struct screen *s, screen_redraw_fn *redraw, void *ctx, const char *title,
                     const char *const *lines, size_t n, int width);

/* ---- typing.c: a move typed ---- */
/* The move being typed, square by square. */
struct typing {
    bool active;
    int squares[PDN_PATH_MAX + 2]; /* from, then landing (or captured) squares */
    int nsquares;
    char digits[4]; /* the square being typed */
    /* The square refused, shown after the squares with the message about
     * it; until Enter, Backspace or Esc the keys of a move typed ahead
     * ("50-45" when 50 may not move) are ignored, so that the message
     * stays about what was typed, not about a square read out of it. */
    char refused[4];
};
enum typing_result {
    TYPING_NOT_MINE, /* the key is not the move's: the tool's */
    TYPING_TAKEN,    /* the key went into the move (or refused it, said) */
    TYPING_HINT,     /* h while typing: the tool gives its hint, the move kept */
    TYPING_MOVE      /* *out is the move typed, whole */
};
/* A key for the move typed on board b: digits (and, where squares have
 * letters, a file letter and a rank) start one. */
enum typing_result typing_key(struct typing *t, const struct pdn_board *b, int key,
                              struct pdn_move *out, struct screen_msg *m);
void typing_reset(struct typing *t);
/* Whether square s is one of the squares typed (a screen_board marked). */
bool typing_marked(const void *typing, int s);
/* "28x19x1", "c3xe5xg": the squares so far, joined as the moves of b are
 * written, then the square being typed ('trailing': a separator after a
 * whole square). */
void typing_text(const struct typing *t, const struct pdn_board *b, char *out, size_t cap,
                 bool trailing);
/* "28x19x10  28x17x8": the legal moves of b the squares typed fit; the
 * count. */
int typing_fitting_paths(const struct typing *t, const struct pdn_board *b, char *out, size_t cap);

#endif
