/*
 * pdnplay's parts, each calling only those after it: the options and the
 * start (main.c); the full-screen game on a terminal, on the board view
 * pdnreplay draws (session.c: keys and turns; view.c and view.h: drawing;
 * both on ../screen/); the line mode for pipes and scripts (linemode.c); the game
 * itself, shared by both: moves, take-back, the engine's thinking, the
 * end, the game saved (game.c). A friend over DXP is ../dxp_game.c's.
 * No rules here: legal moves, matching and the validator are libpdn's.
 */
#ifndef PDNPLAY_H
#define PDNPLAY_H

#include "../common.h"
#include "../dxp_game.h"
#include "../played.h"

struct play {
    struct tool t;
    const char *peer; /* over DXP: the friend's name */
    int level;
    bool two, unicode, flip;
    enum pdn_color human;
    struct pdn_board start;
    unsigned first_number; /* of start's first move: a file's (--from), 0: 1 */
    struct played_game g;
    pdn_engine *engine;
};

/* game.c */
void play_new_game(struct play *p);
/* Plays m on the game's board, kept with the position before it. False
 * when the game is full (PLIES_MAX). */
bool play_record(struct play *p, const struct pdn_move *m);
/* u: back to the human's last turn (one ply with --two, or over DXP).
 * False when there is nothing to take back: no move yet, or only the
 * computer's. */
bool play_take_back(struct play *p);
bool play_computer_to_move(const struct play *p);
const char *play_side_name(enum pdn_color c);
/* "12." or "12..." for ply i of the game (0: its first move), in the
 * numbers of the file a game continues (--from). */
void play_ply_number(char out[16], const struct play *p, int i);
/* m as the validator writes it on board b ("32-28", "28x10"). */
void play_move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_board *b,
                    const struct pdn_move *m);
/* Whether the game is over, and why ("Black has no move: White wins"). */
bool play_over(const struct play *p, char *why, size_t cap);
/* What the engine watches while it thinks: the screen polls keys and shows
 * progress through these (NULL for none). */
struct play_watch {
    bool (*should_stop)(void *ctx);
    void (*on_depth)(const struct pdn_engine_result *r, void *ctx);
    void *ctx;
};
/* The computer's move at p->level (varied by the clock). */
void play_think(struct pdn_engine_result *out, struct play *p, const struct play_watch *w);
/* A hint: the engine at the strongest level below the top, within a few
 * tenths of a second: its move, score and expected line. */
void play_hint(struct pdn_engine_result *out, struct play *p, const struct play_watch *w);
/* "27-22 (score +1.00), expecting 18x27 31x11": the move, then the line
 * expected after it (none when the move ends the game). */
void play_hint_text(char *out, size_t cap, const struct play *p, const struct pdn_engine_result *r);
/* Writes the game so far as PDN (players, level, date, result); 0, or -1
 * with errno set (EINVAL: the validator refused it). */
int play_save(struct play *p, const char *path);
/* The same, to an open stream (line mode's game not saved at the end of
 * its input, on standard output). */
int play_write(struct play *p, FILE *out);

/* linemode.c: the game line by line, on standard input and output. */
void play_lines(struct play *p);
int play_lines_friend(struct play *p, struct dxp_settings *s);

/* session.c: the game on the full screen; -1 when the terminal cannot be
 * used (said). */
int play_screen(struct play *p);
int play_screen_friend(struct play *p, struct dxp_settings *s);

#endif
