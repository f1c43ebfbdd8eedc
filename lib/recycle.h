/*
 * recycle (private): blocks a thread freed, kept for its next allocation of
 * the same size. A game's arena chunks and the replay's move lists are
 * malloc'd and freed once a game: read whole, each free is followed at once
 * by a malloc of the same size, which glibc serves cheaply; read in parts
 * (reader_threads.c), dozens of games are alive and freed in the order read,
 * and malloc sorted, split and merged its bins at each of them (pdncheck
 * -j 2: 9.3M of the 26.8M instructions the parts cost over reading whole).
 * Knows nothing of what the blocks hold.
 */
#ifndef PDN_RECYCLE_H
#define PDN_RECYCLE_H

#include <stddef.h>

/* A block of size bytes: one this thread gave back, else malloc's; NULL
 * when out of memory. */
void *recycle_alloc(size_t size);
/* Gives back a block of size bytes from recycle_alloc (or malloc): kept for
 * this thread while it keeps few, else freed. Accepts NULL. */
void recycle_free(void *block, size_t size);
/* The blocks this thread keeps: for the tests, which cannot tell a block
 * kept from one malloc gave back. */
int recycle_kept(void);

#endif
