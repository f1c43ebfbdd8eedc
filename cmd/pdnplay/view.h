/*
 * pdnplay's full screen, shared by session.c (keys and turns) and view.c
 * (drawing): what the screen shows besides the game. Only these two files
 * know curses.
 */
#ifndef PDNPLAY_VIEW_H
#define PDNPLAY_VIEW_H

#include "../screen/screen.h"
#include "pdnplay.h"

/* The full screen's state. */
struct play_view {
    struct play *p;
    struct screen scr;
    struct screen_msg say; /* the message line */
    struct typing typing;  /* the move being typed */
    char hint[600];        /* the last hint, until the position changes */
    char thinking[160];    /* "Computer thinks | depth 6, 12000 positions": while it does */
    bool dirty;            /* moves not saved */
    bool quit;
    char peer[4 * PDN_DXP_NAME_MAX + 1]; /* over DXP: the friend's name, kept past the game */
    bool told_agreed; /* over DXP: the person told the game began, on their move */
};
/* The whole view; prompt (NULL: none) on the message line. */
void play_view_draw(struct play_view *v, const char *prompt);
/* The keys, in a box over the view, until a key; returns it. */
int play_view_help(struct play_view *v);

#endif
