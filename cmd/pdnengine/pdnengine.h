/*
 * pdnengine's parts: the options main.c reads, the Hub session (hub.c)
 * and its clock (clock.c).
 */
#ifndef PDNENGINE_H
#define PDNENGINE_H

#include "pdn.h"

#define HISTORY_MAX 1024

struct engine_options {
    enum pdn_variant variant;
    int level;       /* 0: the GUI's "level" command alone (DXP: level 2) */
    size_t table_mb; /* 0: the library's default */
    /* DXP */
    const char *listen, *connect; /* a port; HOST:PORT */
    const char *output;           /* the game as PDN, or NULL */
    double timeout;               /* seconds to wait for the peer; 0: dxp_move_wait's */
    int max_plies;                /* a draw after that many */
    int take_back_at;             /* ask for a take-back at this ply (0: never) */
    bool black;                   /* the initiator plays Black */
};

/* The limits of a clock of time seconds left for moves moves (30 when 0)
 * and an increment of inc seconds a move: the time left divided by the
 * moves plus the increment, at least 0.01 s but never more than half the time
 * left; with none left, one depth. */
void clock_limits(struct pdn_engine_limits *limits, double time, double moves, double inc);
/* Speaks Hub on standard input and output until "quit" or the end of the
 * input; returns the exit status. */
int hub_run(const struct engine_options *options);
/* Plays one game over DXP (--listen or --connect); returns the exit status:
 * 0 a game that ended by the rules, 1 one cut short, 3 no connection. */
int dxp_run(const struct engine_options *options);

#endif
