/*
 * blocks (private): n blocks of work made by several threads, the caller's
 * among them, and handed over in order on the caller's thread, as one
 * thread would make and hand them over. A block is made into a slot of a
 * ring of them, two a thread: a thread makes the next block while the
 * caller hands over the one before. Knows nothing of what a block is.
 */
#ifndef PDN_BLOCKS_H
#define PDN_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>

/* Threads blocks_run takes at most. */
enum { BLOCKS_THREADS_MAX = 8 };

struct blocks_work {
    size_t n;    /* blocks, numbered from 0 */
    int threads; /* the caller's among them: 1 or less is the caller alone */
    /* Makes block b with a thread's state into a slot; false when it failed.
     * Runs on any thread, several at once (with states and slots apart). */
    bool (*make)(size_t b, void *state, void *slot, const void *ctx);
    /* On the caller's thread, in block order, each block once made: hands
     * it over (NULL: nothing to hand over); false when it failed. */
    bool (*put)(size_t b, void *slot, const void *ctx);
    const void *ctx;     /* shared by the threads: read only */
    void *const *states; /* threads of them: the caller's first */
    void *const *slots;  /* 2 * threads of them */
};

/* Makes every block and hands each over in order; false when a make or a
 * put failed (the blocks after it are neither made nor handed over). With
 * fewer threads than asked for (none could be started), the caller makes
 * the blocks alone. */
bool blocks_run(const struct blocks_work *w);

#endif
