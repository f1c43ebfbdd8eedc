/*
 * blocks: an ordered pipeline of blocks on threads (blocks.h). The lock
 * guards the counts and the slots' states; a block is made and handed over
 * outside it.
 */
#include "blocks.h"

#include <pthread.h>

struct run {
    const struct blocks_work *w;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a block made or handed over, or a failure */
    size_t ring;            /* slots */
    size_t next_make;       /* the next block to claim */
    size_t next_put;        /* the next block to hand over */
    bool made[2 * BLOCKS_THREADS_MAX];
    bool failed;
};

/* With the lock held: claims the next block, if its slot is free, and
 * makes it with state (the lock let go meanwhile); false when none could
 * be claimed. */
static bool make_next(struct run *r, void *state)
{
    const struct blocks_work *w = r->w;
    if (r->failed || r->next_make >= w->n || r->next_make >= r->next_put + r->ring) return false;
    size_t b = r->next_make++, slot = b % r->ring;
    pthread_mutex_unlock(&r->lock);
    bool ok = w->make(b, state, w->slots[slot], w->ctx);
    pthread_mutex_lock(&r->lock);
    r->failed |= !ok;
    r->made[slot] = true;
    pthread_cond_broadcast(&r->changed);
    return true;
}

struct helper {
    struct run *run;
    void *state;
};

static void *help(void *arg)
{
    struct helper *h = arg;
    struct run *r = h->run;
    pthread_mutex_lock(&r->lock);
    while (!r->failed && r->next_make < r->w->n)
        if (!make_next(r, h->state)) pthread_cond_wait(&r->changed, &r->lock);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* With the lock held: hands over the next block if it is made (the lock
 * let go meanwhile); false when it is not. */
static bool put_next(struct run *r)
{
    const struct blocks_work *w = r->w;
    size_t b = r->next_put, slot = b % r->ring;
    if (!r->made[slot]) return false;
    pthread_mutex_unlock(&r->lock);
    bool ok = w->put == NULL || w->put(b, w->slots[slot], w->ctx);
    pthread_mutex_lock(&r->lock);
    r->failed |= !ok;
    r->made[slot] = false;
    r->next_put++;
    pthread_cond_broadcast(&r->changed);
    return true;
}

bool blocks_run(const struct blocks_work *w)
{
    int threads = w->threads < 1                    ? 1
                  : w->threads > BLOCKS_THREADS_MAX ? BLOCKS_THREADS_MAX
                                                    : w->threads;
    if ((size_t)threads > w->n) threads = w->n > 0 ? (int)w->n : 1;
    struct run r = {.w = w, .ring = 2 * (size_t)threads};
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.changed, NULL);
    pthread_t thread[BLOCKS_THREADS_MAX];
    struct helper helper[BLOCKS_THREADS_MAX];
    int started = 0;
    for (int i = 1; i < threads; i++) {
        helper[started] = (struct helper){&r, w->states[i]};
        if (pthread_create(&thread[started], NULL, help, &helper[started]) != 0) break;
        started++;
    }
    pthread_mutex_lock(&r.lock);
    /* The caller hands over what is made, and makes a block itself when
     * the next to hand over is still being made. */
    while (!r.failed && r.next_put < w->n)
        if (!put_next(&r) && !make_next(&r, w->states[0])) pthread_cond_wait(&r.changed, &r.lock);
    pthread_mutex_unlock(&r.lock);
    for (int i = 0; i < started; i++)
        pthread_join(thread[i], NULL);
    pthread_cond_destroy(&r.changed);
    pthread_mutex_destroy(&r.lock);
    return !r.failed;
}
