/*
 * reader_threads: a regular file read by several threads at once
 * (pdn_reader_options.threads), giving what one reader gives, in the same
 * order (reader_part.h says how the parts are checked).
 *
 * The caller's thread cuts the file into parts as it reads it (a read and
 * a search for a result before a '[' line: little next to reading the
 * games) and hands their games over in order. The reader's threads, and
 * the caller's while it waits, read the parts, each with a reader of its
 * own, into a list of findings and games; the thread that read a part
 * settles it when its turn comes (another only when idle), and works on
 * its games where it can. With pdn_reader_options.take, the threads hand
 * the games over too, in order, one part at a time, each part by the
 * thread that read it where it can: a game then never leaves its core.
 * At most PARTS_AHEAD parts more than threads are in flight. At a part
 * not accepted, the threads stop and one reader reads the file from that
 * part's start, until it has passed that part and stands where a part may
 * start again: the threads take up from there.
 */
#include "reader_threads.h"
#include "codepage.h"
#include "diag_copy.h"
#include "game.h"
#include "reader_one.h"
#include "reader_part.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Bytes a part is cut near, and the most a part may grow to when no cut is
 * found (a huge game, or games with no result): past it the rest of the
 * file is read by one reader. A part's games wait, read, for their turn to
 * be worked on: small parts keep them in the core's cache (pdncheck -j 2
 * on 100 MB: 5% less CPU time with 8 kB than with 32, 4% more with 4 kB;
 * 11.5 MB against 25 at the peak), but each part costs its hand-overs
 * between the threads, some 5 us when a cache line takes 400 ns between
 * the cores: there, 16 kB took 2 to 8% less wall time than 8 kB in each
 * tool, 9 to 13 MB at the peak against 9 to 12. */
enum { PART_BYTES = 16 << 10, PART_MAX = 8 << 20 };
/* Parts in flight: one a thread and this many more. A thread whose part
 * waits for its turn reads the next one: with 2 more, pdncheck -j 2 on
 * 100 MB left its second thread waiting for a part 0.17 s of its 0.85 s;
 * with 4, 0.01-0.04 s. With 8, 0.01 s, but pdnstats' peak RSS reached
 * 16-18 MB (10-12 with 4). */
enum { PARTS_AHEAD = 4 };
/* Where -j 2's extra CPU time goes (pdncheck, 100 MB, paired runs): the
 * parts read on one core (the other thread idle) take 4.5% more than one
 * reader, as many more instructions; on two cores, 13% more again, but
 * none when both threads are pinned to one core. 3 to 4% of it is the
 * first touch of the heaps' pages (2,200 page faults against 620 on one
 * core; huge pages, glibc.malloc.hugetlb=1 with a 32 MB top pad, left 425
 * and took 3% less). Parts smaller, larger or fewer ahead, each game's
 * tree freed once worked on, its chunks reused: none took less.
 * Measured again on 2026-12-05: games held before they are freed make the
 * reading slower on one core too (bench_read, one reader, its caller
 * keeping the last N games: 16 held, 2.5% more CPU time; 33, 5%; 100,
 * 11%; 300, 33%: the parser's stores into the chunks the largest part),
 * and -j 2 holds some 120 on average (30 in the spent batches jobs.c
 * hands back). The work on each game right after its reading (numbered
 * and settled later) took 3.3% less for pdncheck, nothing for pdnfmt and
 * pdn2csv; a stack of chunks a thread, prefetching a node ahead, huge
 * pages (fewer page faults, the same time), glibc's locks (a second
 * thread asleep: the same time): nothing.
 * Where the misses are (2026-12-05, callgrind with a 1 MB last-level
 * cache, this EPYC's L2 a core; pdn2csv on 5 MB): -j 1 misses on 10 k
 * writes, -j 2 on 1.33 M: the parser's stores into a game's tree (48%:
 * the trees are some 8 times their text, and the parts ahead hold more
 * than a core's cache), copies (23%: each part out of the window 5%, a
 * game's strings into its arena 5%, the part's text into its reader's
 * buffer 2.5%, each game's text into its job 3%) and the streams the
 * work writes to (11%). Only work done before a part is settled would
 * free its trees while they are in the cache.
 * Measured on 2026-12-06 (pdncheck -q -j 2, 100 MB, the holds settled):
 * 105 to 113 games held on average (pdnfmt 150 to 165), up to 1,000 where
 * a part holds 300 games of a line each. A part is the head when claimed
 * for 22 to 78% of the parts (20 MB, three runs on a loaded machine: the
 * more, the less the two threads ran at once); read, settled, worked on
 * and taken game by game then (a test that skipped the checks of the
 * part's end), pdncheck took 2 to 6% less CPU time (load 7), which a
 * sound version (each game handed over once the next is read, a part
 * refused after that read again from its start past the events handed
 * over) would not keep for its 150 lines. Every game worked on and freed
 * as soon as read (out of order: a bound on what the holding costs): 7%
 * less at a load of 2, 13% at 7. Parts ahead 0, 1 or 2 against 4: the
 * same. The second thread's copy of a part's bytes, which the first cut,
 * costs 1.7 times the first's a byte: 0.25% of the run.
 * Measured again later that day (a load of 4 to 6 on the 2 cores: a
 * paired run of the same binary against itself gave 1.02): the work on
 * each game in read_part, right after its reading, with its variant
 * decided there under the file's tally as last settled and decided again
 * when settled (otherwise for 0.5% of the games, whose work was then done
 * again), numbered in its part and renumbered by the caller. pdncheck -q
 * -j 2, 100 MB, CPU time against the work after settling, paired
 * medians: 1.08, 1.10, 1.04, and 1.08 with both threads on one core.
 * Callgrind (10 MB, a 512 kB last level): the reads that missed the last
 * level fell from 1.64 M to 0.57 M, but the instruction cache's misses
 * rose from 1.56 M to 7.6 M, the parser's code and the replay's taking
 * turns in the core's 32 kB. Eight games at a time: 3.1 M and 0.63 M,
 * and 1.02 (1.02 with the runs' order swapped); a part's games at once
 * after its reading: 1.02; pdnstats 1.03, pdnfmt 0.99. Only the games no
 * other game can decide otherwise (a GameType tag, the gametype option,
 * their own text naming one variant alone: 42% of bench's corpus), one
 * at a time: 1.006, 1.023. None kept: what the model's last level saves
 * a shared cache behind it likely gives already (not measured: no
 * counters on this VM). The settling's variant probes likewise (each
 * game's replay_probe answers kept as its part was read, with its
 * thread's own tally, and taken by the settling: 42,197 of 42,199 on 100
 * MB): 1.000 to 1.008, no gain; one more replay of each probe cost 9.3%
 * on the cold tree and 8.4% on the hot one, so a cold tree costs ~1%.
 * What does move -j 2 is the host's link between the cores: the same
 * minutes, pdncheck -j 2 1.80x with a cache line's round trip at 104 ns,
 * 1.66 to 1.71x (four runs) at 430 to 470 ns: likely the hand-overs of
 * each part (its lock, its state, the tool's state taken on the other
 * core), not measured alone. Larger parts, fewer hand-overs but more
 * held: 32 kB with 2 ahead took 1.05x the wall time, 64 kB 1.15x, 128 kB
 * 1.27x (paired medians, 16 runs). */

/*
 * PART_BYTES, or PDN_READER_PART_BYTES from the environment (64 at least):
 * the tests cut small files into many parts with it, so that every way a
 * part can end is met.
 */
size_t reader_threads_part_bytes(void)
{
    const char *env = getenv("PDN_READER_PART_BYTES");
    long n = env ? strtol(env, NULL, 10) : 0;
    return n >= 64 && n <= PART_BYTES ? (size_t)n : PART_BYTES;
}

/* A finding (game NULL) or a game of a part, in the order read. */
struct part_event {
    struct part_event *next;
    pdn_game *game;
    struct pdn_diag d;
    char *strings; /* one block: move_number, text, detail */
};

/* A part's events come from blocks of its own: a malloc a block rather
 * than a calloc an event (a game or a finding). Once the part is handed
 * over, its blocks go back to the thread that read it, which empties them
 * and fills them again (reuse_spent). */
enum { EVENTS_A_BLOCK = 32 };

struct event_block {
    struct event_block *next;
    struct event_block *next_spent; /* a part_reader's spent chains */
    size_t used;
    struct part_event events[EVENTS_A_BLOCK];
};

/* A part is read by the thread that claims it; settled in its turn (after
 * the part before it) by that thread, or another that is idle; then worked
 * on (pdn_reader_options.work), by the thread that read it where it can. A
 * part refused when settled, or with no work to do, is done once settled.
 * A part whose games end in a hold waits, held, for the next part to end
 * it (settle). Done, and first in flight, its games are handed over. */
enum part_state {
    PART_WAITING,
    PART_READING,
    PART_READ,
    PART_HELD,
    PART_SETTLED,
    PART_WORKING,
    PART_DONE
};

struct part {
    struct part *next;
    struct reader_part at;
    uint64_t file_offset;
    char *bytes;
    size_t len;
    uint64_t decoded_len; /* of its text: len, but in a code page */
    bool last;            /* ends at the end of the file */
    bool rest;            /* not cut: the rest of the file is read by one reader */
    bool accepted;
    bool handing; /* its events are being handed over */
    enum part_state state;
    struct part_reader *reader; /* of the thread that read it */
    struct part_event *events, **tail;
    struct event_block *blocks; /* newest first */
    struct reader_part_end end;
    int rc;
};

/* A thread's reader of parts, kept from one part to the next with its
 * 72 kB text buffer and its parser (rather than made anew, cold in the
 * cache, for each part), and the part it reads. */
struct part_reader {
    struct reader_one *r;
    struct part *p;
    struct event_block *spent; /* parts' blocks handed back, under the lock */
    struct event_block *pool;  /* blocks for the next parts */
};

/* The file's bytes read and not yet cut into parts. */
struct window {
    char *bytes;
    size_t cap, start, end;
    bool eof;
};

struct reader_threads {
    int fd;
    struct pdn_reader_options options; /* the caller's reader's: its name and callback */
    struct reader_parts settled; /* the settling thread's (and the caller's, threads stopped) */
    struct reader_parts before;  /* ... as before the part being settled, or the part held */
    struct part *held;           /* the part whose hold the next part may end, or NULL */
    bool bom;                    /* the file starts with a UTF-8 byte order mark */
    pthread_mutex_t lock;
    pthread_cond_t work_cv;          /* a part to read, or a stop */
    pthread_cond_t read_cv;          /* a part settled or done, or a stop */
    struct part *head, *tail, *scan; /* in flight in file order; the first waiting */
    struct part *turn;               /* the next part to settle, or NULL */
    bool settling_open;              /* parts are settled (none refused since the last start) */
    bool settling;                   /* a thread is settling parts */
    bool taking;                     /* a thread hands the head part to take */
    int taken;                       /* take's non-zero answer: the reader stops */
    struct part *retired;            /* parts taken, for the caller's thread to free */
    size_t in_flight, ahead;
    bool stop;
    /* the cutting, on the caller's thread */
    size_t part_bytes;
    uint64_t cut;     /* file offset of the next part */
    uint64_t decoded; /* its decoded offset */
    uint32_t line;    /* its line, as the bytes before it count */
    /* Past the place where the file left UTF-8 for a single-byte code page
     * (the rest's reader found it, and parts resumed after it): the bytes'
     * lengths decoded, and whether a byte it does not define was met. */
    struct codepage codepage;
    bool in_codepage, bad_seen;
    const char *no_codepage; /* a charset codepage_init refused */
    struct window window;
    bool cut_done;
    /* the settling */
    struct part_event *cursor; /* the next event of the head part to hand over */
    struct reader_one *rest;
    struct part_reader own; /* the caller's thread's, reading while it waits */
    uint64_t rest_until;    /* decoded offset the rest's reader passes before the parts resume */
    int want, nthreads;
    pthread_t threads[];
};

/* ---- findings kept ---------------------------------------------------------- */

/* A new event at the end of p's list, or NULL when out of memory. */
static struct part_event *add_event(struct part_reader *pr)
{
    struct part *p = pr->p;
    struct event_block *b = p->blocks;
    if (b == NULL || b->used == EVENTS_A_BLOCK) {
        if ((b = pr->pool) != NULL)
            pr->pool = b->next;
        else if ((b = malloc(sizeof *b)) == NULL)
            return NULL;
        b->next = p->blocks;
        b->used = 0;
        p->blocks = b;
    }
    struct part_event *ev = &b->events[b->used++];
    *ev = (struct part_event){NULL, NULL, {0}, NULL};
    *p->tail = ev;
    p->tail = &ev->next;
    return ev;
}

static void on_part_diag(const struct pdn_diag *d, void *ctx)
{
    struct part_reader *pr = ctx;
    struct part *p = pr->p;
    struct pdn_diag copy;
    char *block = diag_copy(&copy, d);
    struct part_event *ev = block ? add_event(pr) : NULL;
    if (ev == NULL) {
        free(block);
        p->rc = PDN_ENOMEM;
        return;
    }
    ev->d = copy;
    ev->strings = block;
}

/* The findings left in a chain of blocks, and their games unless they
 * were handed over (the caller's now). */
static void blocks_empty(struct event_block *b, bool handed)
{
    for (; b; b = b->next) {
        for (size_t i = 0; i < b->used; i++) {
            if (!handed) pdn_game_free(b->events[i].game);
            free(b->events[i].strings);
        }
        b->used = 0;
    }
}

static void blocks_free(struct event_block *b, bool handed)
{
    blocks_empty(b, handed);
    for (struct event_block *next; b; b = next) {
        next = b->next;
        free(b);
    }
}

static void part_free(struct part *p, bool handed)
{
    blocks_free(p->blocks, handed);
    free(p->bytes);
    free(p);
}

/* On the thread of pr, out of the lock: the chains of blocks handed back
 * to it (taken from pr->spent under the lock) emptied, for its next parts.
 * What a thread allocates it frees: glibc frees into the arena of the
 * thread that took the memory, under a lock that thread takes for each
 * malloc. */
static void reuse_spent(struct part_reader *pr, struct event_block *spent)
{
    for (struct event_block *chain = spent, *next; chain; chain = next) {
        next = chain->next_spent;
        blocks_empty(chain, true);
        struct event_block *last = chain;
        while (last->next)
            last = last->next;
        last->next = pr->pool;
        pr->pool = chain;
    }
}

/* When pr's thread is done: its blocks (taken as for reuse_spent). */
static void part_reader_fini(struct part_reader *pr, struct event_block *spent)
{
    reuse_spent(pr, spent);
    blocks_free(pr->pool, true); /* emptied */
    pr->pool = NULL;
    reader_one_free(pr->r);
    pr->r = NULL;
}

/* ---- a part read, on a thread of the reader ----------------------------------- */

static void read_part(struct reader_threads *t, struct part *p, struct part_reader *pr)
{
    pr->p = p;
    p->reader = pr;
    int rc = 0;
    if (pr->r) {
        rc = reader_reuse_part(pr->r, p->bytes, p->len, &p->at);
    } else {
        struct pdn_reader_options o = t->options;
        o.threads = 0;
        o.on_diag = on_part_diag;
        o.diag_ctx = pr;
        rc = reader_open_part(&pr->r, p->bytes, p->len, &o, &p->at);
    }
    if (rc < 0) { /* refused: the rest's reader meets it in turn */
        p->rc = rc;
        return;
    }
    struct reader_one *r = pr->r;
    pdn_game *game;
    while (p->rc == 0 && (rc = reader_one_next(&game, r)) > 0) {
        struct part_event *ev = add_event(pr);
        if (ev == NULL) {
            pdn_game_free(game);
            rc = PDN_ENOMEM;
            break;
        }
        ev->game = game;
    }
    if (rc < 0 && p->rc == 0) p->rc = rc;
    reader_part_end(r, &p->end);
}

/* Under the lock: the first part no thread has taken, taken, or NULL. */
static struct part *claim(struct reader_threads *t)
{
    struct part *p = t->scan;
    if (p == NULL || p->rest) return NULL;
    t->scan = p->next;
    p->state = PART_READING;
    return p;
}

/* What settling a part found. */
enum settled_as { SETTLE_REFUSED, SETTLE_ACCEPTED, SETTLE_HOLDING };

/*
 * Out of the lock, in p's turn: whether p is what the whole file's reader
 * reads there; its findings and games numbered as the file's, their
 * variants decided, if so. A game whose variant stays open for later
 * games to decide (variant_open) is held with the games after it, as
 * that reader holds them (reader_parts_game). A hold still open at the
 * part's end may end in the next part (SETTLE_HOLDING: both parts are
 * accepted together then), but no further: a part that leaves one open
 * after another did is refused, and one reader reads on from the first
 * (reader_hold.h). The corpus of bench/make_corpus.sh has a game whose
 * variant is open every 1.3 MB, its hold running past the end of its
 * part: refused there, pdncheck -j 2 on 100 MB stopped and started its
 * threads 80 times and threw away the parts read ahead (5,300 games read
 * twice), for 4 to 9% more CPU time than with the hold settled.
 */
static enum settled_as settle(struct reader_threads *t, struct part *p)
{
    if (t->held == NULL) t->before = t->settled;
    if (p->rc != 0) return SETTLE_REFUSED;
    if (!reader_parts_accept(&t->settled, &p->at, &p->end, p->last)) return SETTLE_REFUSED;
    for (struct part_event *ev = p->events; ev; ev = ev->next) {
        if (ev->game) {
            reader_parts_game(&t->settled, &p->at, ev->game);
        } else {
            reader_parts_diag(&p->at, &ev->d);
            ev->d.file = t->options.filename;
        }
    }
    if (!reader_parts_holding(&t->settled) || p->last) return SETTLE_ACCEPTED;
    return t->held == NULL ? SETTLE_HOLDING : SETTLE_REFUSED;
}

/* Out of the lock: the work asked for, on each game of p (settled), and
 * the findings before each game for work_diag. */
static void work_on(struct reader_threads *t, struct part *p)
{
    const struct pdn_reader_options *o = &t->options;
    if (o->work == NULL) return;
    for (struct part_event *ev = p->events; ev; ev = ev->next) {
        if (ev->game == NULL) {
            if (o->work_diag) o->work_diag(&ev->d, o->work_ctx);
            continue;
        }
        struct game_box *box = game_box_of(ev->game);
        box->work = o->work(ev->game, o->work_ctx);
        box->work_free = o->work_free;
    }
}

/* Under the lock: p settled as 'as' (the rest of the file when it is the
 * rest's part), and the part held before it with it; whether parts after
 * it may be settled. A part refused leaves the settling as it was before
 * it, or before the part held: that one is refused then. */
static bool mark_settled(struct reader_threads *t, struct part *p, enum settled_as as)
{
    if (as == SETTLE_HOLDING) {
        p->state = PART_HELD;
        t->held = p;
        t->turn = p->next;
        return true;
    }
    bool accepted = as == SETTLE_ACCEPTED;
    struct part *first = t->held ? t->held : p;
    t->held = NULL;
    if (!accepted) t->settled = t->before;
    for (struct part *q = first;; q = q->next) {
        q->accepted = accepted; /* read by the caller's thread under the lock */
        q->state = accepted && t->options.work ? PART_SETTLED : PART_DONE;
        if (q == p || !accepted) break;
    }
    t->turn = accepted ? p->next : NULL; /* a part refused: none after it */
    t->settling_open = accepted;
    return accepted;
}

/* Under the lock, which it leaves and takes again: the parts read whose
 * turn it is, settled one after the other, by one thread at a time (the
 * others go on reading); those pr's thread read, or any when pr is NULL.
 * A part settled by a thread that did not read it has each game's first
 * lines written on the wrong core, to move back for the work on it.
 * Whether it settled any. */
static bool settle_in_turn(struct reader_threads *t, const struct part_reader *pr)
{
    if (t->settling) return false;
    t->settling = true;
    bool any = false;
    struct part *p;
    while (!t->stop && (p = t->turn) != NULL) {
        enum settled_as as = SETTLE_REFUSED; /* a hold running into the rest of the file */
        if (!(p->rest && t->held)) {
            if (p->state != PART_READ || (pr != NULL && p->reader != pr)) break;
            pthread_mutex_unlock(&t->lock);
            as = settle(t, p);
            pthread_mutex_lock(&t->lock);
        }
        any = true;
        if (!mark_settled(t, p, as)) break;
    }
    t->settling = false;
    if (any) { /* work to do, or the head part done */
        pthread_cond_broadcast(&t->work_cv);
        pthread_cond_broadcast(&t->read_cv);
    }
    return any;
}

/* Under the lock, which it leaves and takes again: p read, and settled if
 * its turn has come. A thread whose part's turn has not come does not
 * wait for it: it reads another part (pdncheck -j 2 on 100 MB waited
 * 0.16-0.21 s of its 0.85 there). */
static void read_claimed(struct reader_threads *t, struct part *p, struct part_reader *pr)
{
    struct event_block *spent = pr->spent;
    pr->spent = NULL;
    pthread_mutex_unlock(&t->lock);
    reuse_spent(pr, spent);
    read_part(t, p, pr);
    pthread_mutex_lock(&t->lock);
    p->state = PART_READ;
    settle_in_turn(t, pr);
}

/* Under the lock, which it leaves and takes again: the work on p's games,
 * while they are at hand in this core's caches if this thread read them. */
static void work_claimed(struct reader_threads *t, struct part *p)
{
    p->state = PART_WORKING;
    pthread_mutex_unlock(&t->lock);
    work_on(t, p);
    pthread_mutex_lock(&t->lock);
    p->state = PART_DONE;
    if (p == t->head) { /* the caller's thread waits for it, or a thread to take it */
        pthread_cond_broadcast(&t->read_cv);
        if (t->options.take) pthread_cond_broadcast(&t->work_cv);
    }
}

/* Under the lock: the first part settled and not worked on, of those pr's
 * thread read, or of any thread's when pr is NULL. */
static struct part *settled_part(const struct reader_threads *t, const struct part_reader *pr)
{
    for (struct part *p = t->head; p && p != t->scan; p = p->next)
        if (p->state == PART_SETTLED && (pr == NULL || p->reader == pr)) return p;
    return NULL;
}

/* Under the lock: the head part when its games may go to take
 * (pdn_reader_options.take) now, it was read by pr's thread or pr is NULL,
 * and no thread is taking a part; else NULL. */
static struct part *head_to_take(const struct reader_threads *t, const struct part_reader *pr)
{
    struct part *p = t->head;
    if (t->options.take == NULL || t->taking || t->stop || p == NULL) return NULL;
    if (p->state != PART_DONE || !p->accepted) return NULL; /* refused: read again */
    return pr == NULL || p->reader == pr ? p : NULL;
}

/* Under the lock: the head part's blocks of events back to the thread
 * that read it, the part unlinked from those in flight. */
static void unlink_head(struct reader_threads *t)
{
    struct part *p = t->head;
    t->head = p->next;
    if (t->head == NULL) t->tail = NULL;
    t->in_flight--;
    if (p->reader && p->blocks) {
        p->blocks->next_spent = p->reader->spent;
        p->reader->spent = p->blocks;
        p->blocks = NULL;
    }
}

/* Out of the lock: p's findings and games, in order, to on_diag and take;
 * take's first non-zero answer, past which the games are freed. */
static int take_events(const struct pdn_reader_options *o, const struct part *p)
{
    int stop = 0;
    for (const struct part_event *ev = p->events; ev; ev = ev->next) {
        if (ev->game == NULL) {
            if (stop == 0 && o->on_diag) o->on_diag(&ev->d, o->diag_ctx);
        } else if (stop == 0) {
            stop = o->take(ev->game, o->take_ctx);
        } else {
            pdn_game_free(ev->game);
        }
    }
    return stop;
}

/* Under the lock, which it leaves and takes again: p, the head part, handed
 * to take; then it is retired for the caller's thread to free, which made
 * it (what a thread allocates it frees: glibc frees into the heap of the
 * thread that took the memory, under that heap's lock). */
static void take_part(struct reader_threads *t, struct part *p)
{
    t->taking = true;
    pthread_mutex_unlock(&t->lock);
    int stop = take_events(&t->options, p);
    pthread_mutex_lock(&t->lock);
    unlink_head(t);
    p->next = t->retired;
    t->retired = p;
    t->taking = false;
    if (stop) { /* the reader stops here */
        t->taken = stop;
        t->stop = true;
    }
    pthread_cond_broadcast(&t->read_cv); /* room for the cutting, or the end */
    pthread_cond_broadcast(&t->work_cv); /* the next part to take */
}

/* Under the lock, which it leaves and takes again: one task for pr's
 * thread, false when there is none. First the parts it read: settled, the
 * head handed to take, the work on them (their games still in its
 * caches); then a part to read; then another thread's parts rather than
 * sleep (settled too, when their thread is busy or asleep, rather than
 * leave the parts after them waiting). 'first' (the part the caller's
 * thread hands over next, or NULL) is worked on before all. */
static bool run_task(struct reader_threads *t, struct part_reader *pr, struct part *first)
{
    bool settled = settle_in_turn(t, pr);
    struct part *p = head_to_take(t, pr);
    if (p != NULL) {
        take_part(t, p);
        return true;
    }
    p = first && first->state == PART_SETTLED ? first : settled_part(t, pr);
    if (p == NULL && (p = claim(t)) != NULL) {
        read_claimed(t, p, pr);
        return true;
    }
    if (p == NULL && (p = settled_part(t, NULL)) == NULL) {
        if ((p = head_to_take(t, NULL)) != NULL) {
            take_part(t, p);
            return true;
        }
        return settle_in_turn(t, NULL) || settled;
    }
    work_claimed(t, p);
    return true;
}

static void *read_parts(void *arg)
{
    struct reader_threads *t = arg;
    struct part_reader mine = {0};
    pthread_mutex_lock(&t->lock);
    while (!t->stop)
        if (!run_task(t, &mine, NULL)) pthread_cond_wait(&t->work_cv, &t->lock);
    struct event_block *spent = mine.spent;
    mine.spent = NULL;
    pthread_mutex_unlock(&t->lock);
    part_reader_fini(&mine, spent);
    return NULL;
}

/* ---- cutting, on the caller's thread ---------------------------------------- */

/* Reads into buf[*len, cap): 0, or PDN_EIO with errno. Sets *eof. */
static int read_more(int fd, char *buf, size_t *len, size_t cap, bool *eof)
{
    while (*len < cap) {
        ssize_t n = read(fd, buf + *len, cap - *len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return PDN_EIO;
        if (n == 0) {
            *eof = true;
            return 0;
        }
        *len += (size_t)n;
    }
    return 0;
}

/* Bytes that only a wide encoding has: the file is read by one reader. */
static bool looks_wide(const char *buf, size_t len)
{
    return memchr(buf, '\0', len < 4096 ? len : 4096) != NULL;
}

static void publish(struct reader_threads *t, struct part *p)
{
    pthread_mutex_lock(&t->lock);
    if (t->tail)
        t->tail->next = p;
    else
        t->head = p;
    t->tail = p;
    if (t->scan == NULL && !p->rest) t->scan = p;
    if (t->turn == NULL && t->settling_open) t->turn = p;
    t->in_flight++;
    pthread_mutex_unlock(&t->lock);
    /* Out of the lock: a thread woken with the lock still held only wakes
     * to wait for it. */
    pthread_cond_signal(&t->work_cv);
}

static struct part *new_part(struct reader_threads *t)
{
    struct part *p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->tail = &p->events;
    p->file_offset = t->cut;
    p->at = (struct reader_part){.offset = t->decoded,
                                 .line = t->line,
                                 .first = t->cut == 0,
                                 .bom = t->bom, /* not settled's: settling rewrites it */
                                 .codepage = t->in_codepage ? t->codepage.charset : NULL,
                                 .bad_seen = t->bad_seen};
    return p;
}

/* The file is read WINDOW_BYTES at a time and cut into parts from there,
 * not read a part at a time into a buffer of the part's (pdncheck -j 2 on
 * 100 MB made 12,000 reads, and a malloc and a copy of the bytes read past
 * each cut). */
enum { WINDOW_BYTES = 64 << 10 };

/* The bytes not cut moved to the window's front (none made yet: nothing). */
static void window_to_front(struct window *w)
{
    if (w->start == 0) return;
    memmove(w->bytes, w->bytes + w->start, w->end - w->start);
    w->end -= w->start;
    w->start = 0;
}

/* At least 'want' bytes not cut in the window, or all there are left: 0,
 * PDN_EIO or PDN_ENOMEM. */
static int fill_window(struct reader_threads *t, size_t want)
{
    struct window *w = &t->window;
    if (w->end - w->start >= want || w->eof) return 0;
    window_to_front(w);
    size_t cap = want > WINDOW_BYTES ? want : WINDOW_BYTES;
    if (w->cap < cap) {
        char *grown = realloc(w->bytes, cap);
        if (grown == NULL) return PDN_ENOMEM;
        w->bytes = grown;
        w->cap = cap;
    }
    return read_more(t->fd, w->bytes, &w->end, w->cap, &w->eof);
}

/* After a part of a huge game: the window back to its size. */
static void shrink_window(struct window *w)
{
    if (w->cap <= 4 * WINDOW_BYTES || w->end - w->start > WINDOW_BYTES) return;
    window_to_front(w);
    char *smaller = realloc(w->bytes, WINDOW_BYTES);
    if (smaller) w->bytes = smaller, w->cap = WINDOW_BYTES;
}

/* The window emptied: the file is read again from where it was sought. */
static void drop_window(struct window *w)
{
    w->start = w->end = 0;
    w->eof = false;
}

/* Where the next part ends in the window: *len, all that is left at the
 * file's end (*last), or 0 (the rest of the file by one reader) when no
 * cut is found within PART_MAX or the file is in a wide encoding. */
static int find_cut(struct reader_threads *t, size_t *len, bool *last)
{
    struct window *w = &t->window;
    for (size_t want = t->part_bytes;; want *= 2) {
        int rc = fill_window(t, want);
        if (rc < 0) return rc;
        const char *buf = w->bytes + w->start;
        size_t held = w->end - w->start;
        if (t->cut == 0 && looks_wide(buf, held)) return 0;
        if ((*last = w->eof && held <= want)) {
            *len = held;
            return 0;
        }
        if ((*len = reader_part_split(buf, want, held)) > 0 || want >= PART_MAX) return 0;
    }
}

/* The length of a part's text, its bytes decoded as its reader will
 * (the file's byte order mark is no text); notes a byte the code page
 * does not define, which the part's reader says. */
static uint64_t decoded_len(struct reader_threads *t, const char *bytes, size_t len)
{
    if (t->in_codepage)
        return codepage_decoded_len(&t->codepage, (const unsigned char *)bytes, len, &t->bad_seen);
    return t->cut == 0 && t->bom && len >= 3 ? len - 3 : len;
}

/* The next part, cut where a game ends after about PART_BYTES. */
static int cut_part(struct reader_threads *t)
{
    struct part *p = new_part(t);
    if (p == NULL) return PDN_ENOMEM;
    size_t len = 0;
    bool last = false;
    int rc = find_cut(t, &len, &last);
    if (rc == 0 && len > 0 && (p->bytes = malloc(len)) == NULL) rc = PDN_ENOMEM;
    if (rc < 0 || (len == 0 && !last)) { /* the rest by one reader */
        p->rest = true;
        t->cut_done = true;
        publish(t, p);
        return rc;
    }
    struct window *w = &t->window;
    memcpy(p->bytes, w->bytes + w->start, len);
    w->start += len;
    shrink_window(w);
    p->len = len;
    p->last = last;
    p->decoded_len = decoded_len(t, p->bytes, len);
    t->line += reader_part_lines(p->bytes, len);
    t->decoded += p->decoded_len;
    t->cut += len;
    t->cut_done = last;
    publish(t, p);
    return 0;
}

/* ---- settling, on the caller's thread --------------------------------------- */

static void stop_threads(struct reader_threads *t)
{
    pthread_mutex_lock(&t->lock);
    /* A part being taken ends first: its blocks go back to the thread that
     * read it, which must still be there to take them. */
    while (t->taking)
        pthread_cond_wait(&t->read_cv, &t->lock);
    t->stop = true;
    pthread_cond_broadcast(&t->work_cv);
    pthread_cond_broadcast(&t->read_cv);
    pthread_mutex_unlock(&t->lock);
    for (int i = 0; i < t->nthreads; i++)
        pthread_join(t->threads[i], NULL);
    t->nthreads = 0;
}

/* On the caller's thread: the parts taken, freed. */
static void free_retired(struct reader_threads *t)
{
    pthread_mutex_lock(&t->lock);
    struct part *p = t->retired;
    t->retired = NULL;
    pthread_mutex_unlock(&t->lock);
    for (struct part *next; p; p = next) {
        next = p->next;
        part_free(p, true);
    }
}

static void drop_parts(struct reader_threads *t)
{
    if (t->head && t->head->handing) { /* the games not handed over yet */
        for (struct part_event *ev = t->cursor; ev; ev = ev->next)
            pdn_game_free(ev->game);
        struct part *p = t->head;
        t->head = p->next;
        part_free(p, true);
    }
    while (t->head) {
        struct part *p = t->head;
        t->head = p->next;
        part_free(p, false);
    }
    t->tail = t->scan = NULL;
    t->in_flight = 0;
    t->cursor = NULL;
    free_retired(t);
}

/* The rest of the file by one reader, from the head part's start, until
 * it has passed the head part. */
static int read_rest(struct reader_threads *t)
{
    uint64_t from = t->head->file_offset;
    t->rest_until = t->head->at.offset + t->head->decoded_len;
    stop_threads(t);
    drop_parts(t);
    drop_window(&t->window); /* read past the last cut: the parts resume elsewhere */
    t->cut_done = true;
    if (lseek(t->fd, (off_t)from, SEEK_SET) < 0) return PDN_EIO;
    return reader_parts_rest(&t->rest, &t->settled, t->fd);
}

static void start_threads(struct reader_threads *t)
{
    t->stop = t->taking = false;
    t->settling_open = true;
    t->settling = false;
    t->turn = t->held = NULL;
    for (; t->nthreads < t->want - 1; t->nthreads++) /* the caller's thread reads too */
        if (pthread_create(&t->threads[t->nthreads], NULL, read_parts, t) != 0) break;
}

/* Whether parts can be cut where the text is decoded in 'codepage' (NULL:
 * UTF-8 as it stands), which they are from now on. */
static bool cut_in(struct reader_threads *t, const char *codepage)
{
    if (codepage && codepage == t->no_codepage) return false;
    if (codepage && !(t->in_codepage && t->codepage.charset == codepage) &&
        !codepage_init(&t->codepage, codepage)) {
        t->no_codepage = codepage; /* the rest read by one reader, not tried at each game */
        t->in_codepage = false;
        return false;
    }
    t->in_codepage = codepage != NULL;
    return true;
}

/* After a game of the rest's reader: the parts again, from where it
 * stands, once it has passed the part refused and stands between games
 * as a part's start needs. */
static int resume_parts(struct reader_threads *t)
{
    struct reader_part at;
    uint64_t file_offset;
    if (!reader_part_resume_point(t->rest, &at, &file_offset) || at.offset < t->rest_until ||
        !cut_in(t, at.codepage))
        return 0;
    if (lseek(t->fd, (off_t)file_offset, SEEK_SET) < 0) return PDN_EIO;
    reader_one_free(t->rest);
    t->rest = NULL;
    t->settled.next = at;
    t->cut = file_offset;
    t->decoded = at.offset;
    t->bad_seen = at.bad_seen;
    drop_window(&t->window);
    t->line = at.line;
    t->cut_done = false;
    start_threads(t);
    return 0;
}

/* Under the lock: whether another part may be cut. */
static bool room_for_a_part(const struct reader_threads *t)
{
    return !t->cut_done && t->in_flight < t->ahead;
}

/* The head part settled and worked on, or the rest read by one reader
 * from its start when it is refused. */
static int settle_head(struct reader_threads *t)
{
    struct part *p = t->head;
    int rc = 0;
    pthread_mutex_lock(&t->lock);
    /* Waiting is working: the head part's work or reading first, then
     * what run_task finds (a sleep and a wake cost more than a part on a
     * busy machine); held, the part after it cut, where its hold ends. */
    while (rc == 0 && !p->rest && p->state != PART_DONE) {
        if (p->state == PART_HELD && p->next == NULL && room_for_a_part(t)) {
            pthread_mutex_unlock(&t->lock);
            rc = cut_part(t);
            pthread_mutex_lock(&t->lock);
        } else if (!run_task(t, &t->own, p)) {
            pthread_cond_wait(&t->read_cv, &t->lock);
        }
    }
    pthread_mutex_unlock(&t->lock);
    if (rc < 0) return rc;
    if (!p->rest && p->accepted) {
        t->cursor = p->events;
        return 0;
    }
    return read_rest(t);
}

static void pop_head(struct reader_threads *t)
{
    pthread_mutex_lock(&t->lock);
    struct part *p = t->head;
    unlink_head(t);
    pthread_mutex_unlock(&t->lock);
    part_free(p, true);
}

/* Hands the head part's events over up to its next game: 1 and *out, or
 * 0 when the part is done. The events are only read here: a line written
 * on this core would have to move back to the core that read the part,
 * which empties its blocks (a move costs some 200 ns on a shared VM). */
static int hand_over(struct reader_threads *t, pdn_game **out)
{
    while (t->cursor) {
        const struct part_event *ev = t->cursor;
        t->cursor = ev->next;
        if (ev->game) {
            *out = ev->game;
            return 1;
        }
        if (t->options.on_diag) t->options.on_diag(&ev->d, t->options.diag_ctx);
    }
    return 0;
}

/* room_for_a_part, taking the lock (with take, other threads retire
 * parts: in_flight is read under it). */
static bool room_to_cut(struct reader_threads *t)
{
    if (t->cut_done) return false;
    pthread_mutex_lock(&t->lock);
    bool room = room_for_a_part(t);
    pthread_mutex_unlock(&t->lock);
    return room;
}

/* The parts cut while there is room for more: 0, or PDN_EIO or
 * PDN_ENOMEM. */
static int cut_parts(struct reader_threads *t)
{
    int rc = 0;
    while (rc == 0 && room_to_cut(t))
        rc = cut_part(t);
    return rc;
}

/* With take: the parts cut, read and taken by all the threads, the
 * caller's among them, until the end (0), take stops them (0), a part is
 * refused (1: the rest of the file is read by one reader), or an error. */
static int take_parts(struct reader_threads *t)
{
    for (;;) {
        free_retired(t);
        int rc = cut_parts(t);
        if (rc < 0) return rc;
        pthread_mutex_lock(&t->lock);
        struct part *head = t->head;
        bool refused = head && (head->rest || (head->state == PART_DONE && !head->accepted));
        bool end = t->taken || refused || (head == NULL && t->cut_done);
        if (!end && !room_for_a_part(t) && !run_task(t, &t->own, NULL))
            pthread_cond_wait(&t->read_cv, &t->lock);
        pthread_mutex_unlock(&t->lock);
        if (end) return refused ? 1 : 0;
    }
}

int reader_threads_next(pdn_game **out, struct reader_threads *t)
{
    for (;;) {
        if (t->rest) {
            int rc = reader_one_next(out, t->rest);
            int resumed = rc > 0 ? resume_parts(t) : 0;
            return resumed < 0 ? resumed : rc;
        }
        if (t->options.take) {
            int rc = take_parts(t);
            if (rc < 0) { /* no take may run once the caller has the error */
                stop_threads(t);
                return rc;
            }
            if (rc > 0 && (rc = read_rest(t)) < 0) return rc;
            if (t->rest) continue;
            if (!t->taken) reader_parts_end(&t->settled);
            return 0;
        }
        int rc = cut_parts(t);
        if (rc < 0) return rc;
        if (t->head == NULL) {
            reader_parts_end(&t->settled);
            return 0;
        }
        if (!t->head->handing && (rc = settle_head(t)) < 0) return rc;
        if (t->rest) continue;
        t->head->handing = true;
        if (hand_over(t, out)) return 1;
        pop_head(t);
    }
}

/* ---- the threads ------------------------------------------------------------------ */

/* Whether the file starts with a UTF-8 byte order mark, which the first
 * part's reader drops: the decoded offsets of the others are 3 less. */
static bool starts_with_bom(int fd)
{
    char b[3];
    return pread(fd, b, 3, 0) == 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0;
}

struct reader_threads *reader_threads_new(int fd, const struct pdn_reader_options *options,
                                          int threads)
{
    struct reader_threads *t = calloc(1, sizeof *t + (size_t)threads * sizeof(pthread_t));
    if (t == NULL) return NULL;
    t->fd = fd;
    t->options = *options;
    t->part_bytes = reader_threads_part_bytes();
    t->line = 1;
    t->bom = starts_with_bom(fd);
    reader_parts_init(&t->settled, options, t->bom);
    t->ahead = (size_t)threads + PARTS_AHEAD;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->work_cv, NULL);
    pthread_cond_init(&t->read_cv, NULL);
    t->want = threads;
    start_threads(t);
    if (t->nthreads == 0) {
        reader_threads_free(t);
        return NULL;
    }
    return t;
}

void reader_threads_free(struct reader_threads *t)
{
    if (t == NULL) return;
    stop_threads(t);
    drop_parts(t);
    reader_one_free(t->rest);
    part_reader_fini(&t->own, t->own.spent);
    free(t->window.bytes);
    pthread_cond_destroy(&t->work_cv);
    pthread_cond_destroy(&t->read_cv);
    pthread_mutex_destroy(&t->lock);
    free(t);
}
