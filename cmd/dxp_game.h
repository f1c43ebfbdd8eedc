/*
 * One game of international draughts over DXP (the DamExchange protocol)
 * on TCP, for pdnengine dxp (the engine chooses our moves) and pdnplay
 * --listen/--connect (a person does): the connection, the game request,
 * moves both ways checked against the legal moves, take-backs, the game
 * end, timeouts; the game written as PDN however it ends (dxp_game.c).
 */
#ifndef PDN_CMD_DXP_GAME_H
#define PDN_CMD_DXP_GAME_H

#include "played.h"

struct dxp_settings {
    const char *prog;    /* names the tool in messages */
    const char *name;    /* ours, in the game request or its acceptance */
    const char *listen;  /* a port to wait on (follower), or */
    const char *connect; /* HOST:PORT to connect to (initiator) */
    const char *output;  /* the game as PDN, or NULL */
    double timeout;      /* seconds to wait for the peer; 0: dxp_move_wait's */
    int max_plies;       /* a draw after exactly that many, whoever played the last */
    bool black;          /* the initiator plays Black */
};

struct dxp_game {
    struct played_game g; /* start, board, moves, positions before them */
    enum pdn_color us;
    char peer[4 * PDN_DXP_NAME_MAX + 1]; /* its name, escaped (\x1b): 4 bytes a byte */
    /* The connection: readable while we choose our move means the peer
     * said something (a CHAT, its GAMEEND, or it left): DXP_LISTEN. */
    int peer_fd;
};

enum dxp_choice {
    DXP_PLAY,      /* *out is our move */
    DXP_NO_MOVE,   /* we have none: we lose */
    DXP_TAKE_BACK, /* ask the peer to take back our last move and its answer */
    DXP_RESIGN,    /* we give up */
    DXP_LISTEN     /* peer_fd is readable: its message read, then asked again */
};

struct dxp_player {
    enum dxp_choice (*choose)(struct pdn_move *out, const struct dxp_game *game, void *ctx);
    /* After each move and take-back, with who did it ("we", "the peer",
     * "taken back", "taken back for the peer"), or a sentence to show
     * ("the peer refused the take-back"); may be NULL. */
    void (*moved)(const struct dxp_game *game, const char *what, void *ctx);
    /* While we wait for the peer: as the wait begins (begins), then when
     * keys_fd (the terminal) has a key or a signal woke the wait (a
     * resize), and at least every quarter of a second, for what woke
     * nothing (a signal caught just before the wait, a key curses read
     * ahead): the player reads its keys without waiting and draws when
     * there is anything new. False
     * when the person resigns. NULL for a player without keys (the
     * engine): keys_fd is not read. */
    bool (*waiting)(const struct dxp_game *game, bool begins, void *ctx);
    /* The peer's CHAT, whenever it comes (printable, no braces): to be
     * shown; NULL: said on stderr. */
    void (*chat)(const struct dxp_game *game, const char *text, void *ctx);
    int keys_fd;
    void *ctx;
};

/* The least wait for the peer when no --timeout gives one: ten minutes,
 * what a person thinking over a move may need (pdnplay's players). */
#define DXP_WAIT_LEAST 600.0

/* Seconds to wait for each of the peer's messages: timeout when one is
 * given (> 0), else the thinking time of the game request (minutes for
 * the game: a player may spend it all on one move), at least
 * DXP_WAIT_LEAST. */
double dxp_move_wait(double timeout, int minutes);

/* What is wrong with --listen PORT or --connect HOST:PORT (a port is a
 * number from 1 to 65535: 99999 listened on 34463, 0 on a port never
 * shown), or NULL: for a usage error before any wait. */
const char *dxp_address_problem(const struct dxp_settings *s);

/* Plays the game; returns the exit status: 0 a game that ended by the
 * rules or a game end message, 1 one cut short, 3 no connection. */
int dxp_play(const struct dxp_settings *s, const struct dxp_player *player);

#endif
