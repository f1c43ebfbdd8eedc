/*
 * namefiles: the files of names pdnstats and pdn2html read into a
 * collection's statistics: --alias FILE ("variant = canonical", a spelling
 * a line) and --teams FILE ("Team: Player"). One entry a line, '#'
 * comments and blank lines skipped, a byte-order mark allowed; a line that
 * does not read, or a file that is not text, is a usage error naming its
 * line (exit 2); a file that cannot be read, a system error (exit 3).
 */
#ifndef PDN_CMD_NAMEFILES_H
#define PDN_CMD_NAMEFILES_H

#include "common.h"

/* A pair of an alias file, once the collection took it. */
typedef void tool_alias_fn(const char *variant, const char *canonical, void *ctx);
/* --alias FILE into stats (pdn_stats_alias, a line each); each pair taken
 * is also handed to on_pair(ctx) when it is not NULL (pdn2html's page
 * matches names as the tables do). */
void tool_read_aliases(struct tool *t, pdn_stats *stats, const char *path, tool_alias_fn *on_pair,
                       void *ctx);
/* --teams FILE into stats (pdn_stats_team, a line each). */
void tool_read_teams(struct tool *t, pdn_stats *stats, const char *path);

#endif
