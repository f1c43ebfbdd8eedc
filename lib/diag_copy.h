/*
 * diag_copy (private): a finding kept past its callback, whose strings
 * live only during it (pdn_diag_fn): the reader's threads and its hold
 * keep findings to hand them out later, in order.
 */
#ifndef PDN_DIAG_COPY_H
#define PDN_DIAG_COPY_H

#include "pdn.h"

/*
 * *out as d, its move_number, text and detail copied into one block of
 * their own; file and node still d's (they live as long as the reader and
 * the game). Returns the block, to free after *out, or NULL when out of
 * memory (*out untouched).
 */
char *diag_copy(struct pdn_diag *out, const struct pdn_diag *d);

#endif
