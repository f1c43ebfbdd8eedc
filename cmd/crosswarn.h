/*
 * crosswarn: what the reader of a crosstable should know, said on stderr
 * by pdnstats and pdn2html alike: player and event names that look like
 * one (pdn_stats_suggest; not with an alias file, which has settled them),
 * a line a group, and events whose players have fewer games than their
 * rounds or round robin give each (pdn_stats_shortfalls), a line an event
 * (each line names the first three and counts the rest), and games whose
 * player already played their round (pdn_stats_round_clashes), a line a
 * game at its file and line; five lines of each kind at most and one that
 * counts the others; games with an unknown player, whom those tables
 * leave out, games of one player on both sides, which they leave out, and
 * games with no event name, which they leave out too.
 */
#ifndef PDN_CMD_CROSSWARN_H
#define PDN_CMD_CROSSWARN_H

#include "common.h"

/* The warnings of stats' crosstables; 'aliased': an alias file was read. */
void tool_crosstable_warnings(const struct tool *t, const pdn_stats *stats, bool aliased);
/* One line when 'games' name an unknown player (pdn_stats_unknown_players,
 * or the sum pdnstats --merge makes of the pieces' counts), whom the
 * players table ('players': shown) and the crosstables leave out: their
 * rows then add up to fewer games than the totals say, and why. */
void tool_unknown_players_warning(const struct tool *t, unsigned long games, bool players);
/* One line when 'games' have one player on both sides
 * (pdn_stats_same_player_games, or the sum pdnstats --merge makes; 'name'
 * the first one's player, or NULL), which the players table ('players':
 * shown) and the crosstables leave out. */
void tool_same_player_warning(const struct tool *t, unsigned long games, const char *name,
                              bool players);
/* One line when games name no event (pdn_stats_unknown_events), which the
 * crosstables and team tables leave out, and ('events': shown) the events
 * table counts in its last row. */
void tool_unknown_events_warning(const struct tool *t, const pdn_stats *stats, bool events);

#endif
