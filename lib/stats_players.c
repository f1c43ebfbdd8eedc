/*
 * stats_players: the players of a collection, kept small (issue 22: a
 * million distinct names in well under 100 MB). A player is a 32-byte
 * record; its name sits once in a pool of chunks; the index (the events'
 * kind, stats_named_find) is one array of 64-bit slots (a hash beside the
 * player's number) whose key is not stored: a probe whose hash agrees
 * folds the stored name again and compares. A spelling met before is
 * found by its hash alone (st->player_seen). A name that names nobody
 * ("?", blank, no tag, the side's colour) is no player. Nothing here prints.
 */
#include "stats.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

void stats_players_free(pdn_stats *st)
{
    free(st->player_index.slots);
    st->player_index = (struct name_index){0};
    vec_free(&st->player);
}

/* The side's own colour for a name: [White "White"], [Black "Black"], and
 * [Black "Red"] (checkers' first player), as collections of studies write
 * them (the conformance files inferno.pdn, beginner.pdn, lpc.pdn: 259,
 * 59 and 201 games). Only the side's own colour: a player surnamed Black
 * keeps his games as White. */
static bool is_side_colour(const char *tag, const char *value)
{
    return text_same_but_case(value, tag) ||
           (strcmp(tag, "Black") == 0 && text_same_but_case(value, "Red"));
}

/* "?", "??", blanks or nothing, the PDN way of saying the name is unknown,
 * or the side's colour. */
static bool names_nobody(const char *tag, const char *value)
{
    return stats_names_nobody(value) || is_side_colour(tag, value);
}

long stats_player_of(pdn_stats *st, const pdn_game *g, const char *tag)
{
    const char *value = pdn_game_tag(g, tag);
    if (names_nobody(tag, value)) return ST_NO_PLAYER;
    /* a player met before under this spelling: no folding, no look-up */
    uint32_t *seen = &st->player_seen[stats_hash(value) % STATS_PLAYER_SEEN];
    long known = stats_seen_find(seen, &st->player, sizeof(struct st_player), value);
    if (known >= 0) return known;
    size_t n = strlen(value);
    char stackbuf[512], *buf = 3 * n + 4 <= sizeof stackbuf ? stackbuf : malloc(3 * n + 4);
    if (!buf) return -1;
    const char *shown, *key = stats_name_of(st, buf, value, &shown);
    bool added;
    long i = stats_named_find(&st->player_index, &st->player, sizeof(struct st_player),
                              &st->strings, key, shown, &added);
    /* the team file's, read before the games */
    if (added) ((struct st_player *)st->player.data)[i].team = stats_member_team(st, key);
    if (buf != stackbuf) free(buf);
    if (i >= 0) *seen = (uint32_t)i + 1;
    return i;
}
