/*
 * pdnmatch's parts: players (built-in levels, Hub engines: player.c,
 * hubplayer.c), openings (openings.c), the match and its score (main.c);
 * the games are written by ../played.c.
 */
#ifndef PDNMATCH_H
#define PDNMATCH_H

#include "../played.h"

struct player;

/* "level=N" or "hub:COMMAND"; NULL and a message in err when it cannot be
 * started. hub_level is the Hub "level" line's arguments. */
struct player *player_open(const char *spec, enum pdn_variant variant, const char *hub_level,
                           double timeout, char *err, size_t cap);
/* The player's move in g->board: true, or false and why in err (the player
 * forfeits). */
bool player_move(struct player *p, struct pdn_move *out, const struct played_game *g, char *err,
                 size_t cap);
/* Readies the player for a game: a Hub engine that quit or was stopped is
 * started anew. False, and why in err, when it cannot be. */
bool player_new_game(struct player *p, char *err, size_t cap);
/* Whether the player's engine quit (ended on its own) since it was last
 * started, and how in why ("exit status 3"); a built-in level never does. */
bool player_quit(struct player *p, char *why, size_t cap);
/* Whether the player's engine let the timeout pass in the game since
 * player_new_game (it lost that game on time); a built-in level never does. */
bool player_late(const struct player *p);
void player_close(struct player *p);

/* The same for Hub engines (hubplayer.c). */
struct hub_player;
struct hub_player *hub_open(const char *command, enum pdn_variant variant, const char *level,
                            double timeout, char *err, size_t cap);
bool hub_move(struct hub_player *h, struct pdn_move *out, const struct played_game *g, char *err,
              size_t cap);
bool hub_new_game(struct hub_player *h, char *err, size_t cap);
bool hub_quit(struct hub_player *h, char *why, size_t cap);
bool hub_late(const struct hub_player *h);
void hub_close(struct hub_player *h);

/* Openings: positions to start games from. */
struct openings {
    struct pdn_board *boards;
    size_t count;
};
/* From a file of FEN lines or PDN games (each game's final position). */
bool openings_load(struct openings *out, const char *path, enum pdn_variant variant, char *err,
                   size_t cap);
/* count positions after plies random legal moves from the start (seeded). */
bool openings_random(struct openings *out, enum pdn_variant variant, size_t count, int plies,
                     uint64_t seed);
void openings_free(struct openings *o);

#endif
