/*
 * repeats: the selection options --unique and --duplicates (pdn-select(7)).
 * A game the tag options chose is judged by pdn_unique_check; a copy of a
 * game kept before is left out, said where it stands, and written to the
 * --duplicates file as it was read. No PDN logic of its own.
 */
#ifndef PDN_CMD_REPEATS_H
#define PDN_CMD_REPEATS_H

#include <stdbool.h>

#include "common.h"

/* --unique[=moves|position] and --duplicates FILE: true when opt was one;
 * a bad value is a usage error (exit 2). */
bool tool_repeats_option(struct tool *t, int opt, const char *arg);
/* Whether a game the tag options chose is kept: false for a copy of one
 * kept before (said through on_diag(ctx), written to --duplicates). at:
 * where the game starts (NULL: game->start). Out of memory or a failed
 * write is said and exits 3. */
bool tool_repeats_keep(struct tool *t, const pdn_game *game, const char *file,
                       const struct pdn_pos *at, pdn_diag_fn on_diag, void *ctx);
/* Forgets the games kept, for a run that reads its inputs again (pdn2html
 * --watch): each game is judged anew. */
void tool_repeats_restart(struct tool *t);
/* Ends the run's --unique: the --duplicates file is written (empty when no
 * game was left out), or dropped when commit is false. Returns 0 or -1
 * (said). */
int tool_repeats_end(struct tool *t, bool commit);

#endif
