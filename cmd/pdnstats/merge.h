/*
 * merge: pdnstats --merge, the JSON documents pdnstats --json wrote for
 * pieces of a collection (pdnfmt --split, other machines) made one
 * document for the whole, with the tables whose sums are exact.
 */
#ifndef PDN_PDNSTATS_MERGE_H
#define PDN_PDNSTATS_MERGE_H

#include "../common.h"

/* Reads the documents named ("-": standard input), writes the merged one
 * to standard output; returns the exit status. */
int stats_merge(struct tool *t, int n, char *const *files);

#endif
