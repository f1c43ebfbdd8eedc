/*
 * recycle: a few blocks a thread freed, by size, for its next allocations
 * (recycle.h says why). Each thread keeps its own, with no lock; they are
 * freed when the thread ends (a key's destructor), the main thread's with
 * the process.
 */
#include "recycle.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

/* Blocks kept, and their bytes at most: a game's chunks and lists of a
 * dozen games read in parts (a part is about ten). */
enum { KEPT_MAX = 32, KEPT_BYTES = 1 << 20 };

struct kept {
    void *block[KEPT_MAX];
    size_t size[KEPT_MAX];
    int n;
    size_t bytes;
    bool registered; /* with the key, so that the thread's end frees them */
};

static _Thread_local struct kept kept;
static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static bool kept_keyed;

static void kept_free(void *arg)
{
    struct kept *k = arg;
    for (int i = 0; i < k->n; i++)
        free(k->block[i]);
    k->n = 0;
    k->bytes = 0;
}

static void kept_key_make(void)
{
    kept_keyed = pthread_key_create(&kept_key, kept_free) == 0;
}

void *recycle_alloc(size_t size)
{
    /* The newest first: the block most likely still in the cache. */
    for (int i = kept.n; i-- > 0;) {
        if (kept.size[i] != size) continue;
        void *block = kept.block[i];
        kept.n--;
        kept.block[i] = kept.block[kept.n];
        kept.size[i] = kept.size[kept.n];
        kept.bytes -= size;
        return block;
    }
    return malloc(size);
}

void recycle_free(void *block, size_t size)
{
    if (block == NULL) return;
    if (kept.n == KEPT_MAX || kept.bytes + size > KEPT_BYTES) {
        free(block);
        return;
    }
    if (!kept.registered) {
        pthread_once(&kept_once, kept_key_make);
        if (!kept_keyed || pthread_setspecific(kept_key, &kept) != 0) {
            free(block);
            return;
        }
        kept.registered = true;
    }
    kept.block[kept.n] = block;
    kept.size[kept.n] = size;
    kept.n++;
    kept.bytes += size;
}

int recycle_kept(void)
{
    return kept.n;
}
