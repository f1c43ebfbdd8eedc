/*
 * pdnperft: counts the leaf nodes of the legal-move tree of a position.
 * main.c reads the options and prints; split.c counts with threads.
 */
#ifndef PDN_CMD_PDNPERFT_H
#define PDN_CMD_PDNPERFT_H

#include "../common.h"

/* The perft count of board at depth with 'threads' threads sharing table
 * (NULL: none) into *out: 0, or PDN_ENOMEM. One thread, or a depth of 2 or
 * less, counts in the calling thread. */
int perft_split(uint64_t *out, const struct pdn_board *board, int depth, unsigned flags,
                pdn_perft_table *table, int threads);

#endif
