/*
 * jobs: a file read by one thread, its games worked on by others, and
 * everything handed to the tool in input order (jobs.h says why this
 * split). The order is kept by one list of events, appended by the
 * reading thread as the sequential loop would have met them (a finding, a
 * game, a finding...) and consumed from its head by the tool's thread;
 * workers claim the games in it in order. Nothing here knows PDN, and
 * nothing here prints: the tool's thread does, as without threads.
 */
#include "jobs.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A finding kept with copies of its strings. */
struct recorded {
    struct pdn_diag d;
    char *strings; /* one block: file, move_number, text, detail */
};

struct recorded_list {
    struct recorded *v;
    size_t n, cap;
};

/*
 * A thread's stream for the text its games' work writes (jobs_output),
 * kept from game to game: each game's text is copied out of it at the
 * end of its work (a stream of its own costs a game 8 kB cleared, grown
 * and freed: pdnfmt -j 2 spent 6% of its time there). It is rewound only
 * once STREAM_REWIND bytes are in it, not after each game: a rewind and a
 * tell a game were 1% of pdn2csv -j 2's time.
 */
struct job_stream {
    FILE *fp; /* NULL until a work writes */
    char *buf;
    size_t size; /* the stream's position, as its last flush left it */
    size_t mark; /* where the text of the game being worked on starts */
};
enum { STREAM_REWIND = 64 << 10 };

struct jobs_game {
    struct recorded_list found;
    bool lost; /* a finding or the text could not be kept: out of memory */
    char *text;
    size_t len;
    size_t text_cap; /* text's room, kept with a job kept for its thread's next game */
    FILE *out;
    struct job_stream *stream; /* the thread's, for out; NULL: out its own */
    pdn_scratch *scratch;      /* the thread's, for the library's replay, or NULL */
    const bool *hidden;        /* the tool's: findings it only counts */
    int rc;
    void *state;                       /* the worker's (tool_work.begin) */
    void (*result_free)(void *result); /* tool_work.result_free, once the work ran */
    /* Done by a reader's thread (jobs_reader_work): the thread's slot, and
     * its next job kept there for reuse. */
    struct reader_state *home;
    struct jobs_game *kept_next;
    _Alignas(max_align_t) unsigned char result[JOBS_RESULT_SIZE];
};

/* A finding of the reader (game NULL) or a game, in the order read. */
struct event {
    struct event *next;
    pdn_game *game;
    struct recorded diag;
    struct jobs_game job;
};

/*
 * Games the tool is done with, for the thread that read them to free: the
 * thread that took them writes only the batch, in memory of its own, never
 * the games or their jobs (a cache line written on one core and then used on
 * another moves between them, some 200 ns on a shared VM: per game, that
 * was most of what -j 2 cost over -j 1).
 */
enum { SPENT_BATCH = 32 };

struct spent_batch {
    struct spent_batch *next;
    unsigned n;
    pdn_game *games[SPENT_BATCH];
};

enum work_state { WORK_WAITING, WORK_RUNNING, WORK_DONE };

/* The events of some games, handed between the threads at once: one lock
 * a batch, not one a finding. */
struct batch {
    struct batch *next;
    struct event *head, *tail;
    size_t games, bytes;
    size_t to_work; /* events a worker must see: games the reader did not
                       work on (jobs_reader_work), findings for work->diag */
    enum work_state state;
};

struct jobs_run {
    struct tool *t;
    int threads;
    pthread_mutex_t lock;
    pthread_cond_t work_cv; /* a batch to work on, or the end */
    pthread_cond_t done_cv; /* a batch read or worked on, or the end */
    pthread_cond_t room_cv; /* a batch consumed, or a stop */
    struct batch *head, *tail;
    struct batch *scan;  /* the first batch no worker has taken */
    size_t batches;      /* published and not yet consumed */
    size_t ahead;        /* the most batches read ahead: one a worker, BATCHES_AHEAD more */
    struct batch *being; /* the reading thread's, not yet published */
    struct batch *spent; /* consumed, for the reading thread to free: what
                            a thread allocates it frees, which spares
                            glibc's allocator a lock between threads */
    bool read_done, stop;
    int read_rc, read_errno;
    int fn_errno; /* errno when fn stopped the run */
    bool lost;    /* a finding of the reader could not be kept */
    jobs_next_fn next;
    void *next_ctx;
    const void *work_ctx;
    int nworkers;
    pthread_t reader;
    struct worker {
        struct jobs_run *run;
        void *state;
        struct job_stream stream;
        pdn_scratch *scratch; /* made at its first game */
        pthread_t thread;
    } workers[JOBS_MAX];
    struct worker self; /* the tool's thread, working while it waits */
    bool self_works;
    /* The workers' states of the reader's threads (jobs_reader_work),
     * one a thread, made as each first works, and the games the tool is
     * done with that each thread read: that thread frees them, since
     * glibc frees memory into the arena of the thread that took it,
     * under a lock that thread takes for each malloc (pdncheck -j 2 on
     * 100 MB spent 11% of its time waiting on it). A slot is made under
     * states_lock and found without it (nreader_states published last);
     * what one thread writes for each game lies on cache lines of its own,
     * since a line written on one core and read on another moves between
     * them each time. */
    pthread_mutex_t states_lock;
    struct reader_state {
        pthread_t owner; /* these two unchanged once the slot is made */
        void *state;
        _Alignas(64) struct job_stream stream; /* the owner's */
        pdn_scratch *scratch;                  /* the owner's, made at its first game */
        /* The owner's freed jobs, for its next games: too big for glibc's
         * thread cache, a malloc each cost several hundred instructions. */
        struct jobs_game *kept;
        /* Games the tool is done with that another thread took (spend),
         * handed back a batch at a time, taken whole by the owner; and
         * the batches emptied, to be filled again. */
        _Alignas(64) _Atomic(struct spent_batch *) spent;
        _Atomic(struct spent_batch *) emptied;
    } reader_states[JOBS_MAX + 2];
    atomic_int nreader_states;
    /* The batch of each slot being filled, by the thread taking the games
     * (jobs_take: the tool's, or the reader's threads one at a time). */
    struct spent_batch *unspent[JOBS_MAX + 2];
    void *tool_ctx; /* the tool's ctx, for the work */
};

/* ---- options ---------------------------------------------------------------- */

static int cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (int)n;
}

bool jobs_option(struct tool *t, int opt, const char *arg)
{
    if (opt != 'j') return false;
    t->jobs = (int)tool_parse_long(t, "--jobs", arg, 0, JOBS_MAX);
    if (t->jobs == 0) t->jobs = cores();
    return true;
}

static const struct option jobs_entries[] = {TOOL_JOBS_LONG_OPTION, {NULL, 0, NULL, 0}};
const struct tool_option_part jobs_part = {jobs_entries, "j:", jobs_option};

/* A pipe or a terminal is read as it comes: threads would only wait on it. */
int jobs_for_input(const struct tool *t, const char *operand)
{
    if (t->jobs != JOBS_AUTO) return t->jobs > 1 ? t->jobs : 1;
    struct stat st;
    if (strcmp(operand, "-") == 0 && (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode)))
        return 1;
    return cores();
}

/* ---- findings kept -------------------------------------------------------- */

static bool record(struct recorded *out, const struct pdn_diag *d)
{
    return (out->strings = tool_diag_copy(&out->d, d)) != NULL;
}

/* A finding the tool hides is only counted (its code, severity and game,
 * tool_on_diag and pdncheck's on_diag): kept without its texts, which
 * spares a copy of each (pdncheck on bench's 100 MB hides 189,384 notes). */
static void record_hidden(struct recorded *out, const struct pdn_diag *d)
{
    out->d = *d;
    out->d.file = out->d.move_number = out->d.text = out->d.detail = NULL;
    out->strings = NULL;
}

void jobs_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct jobs_game *job = ctx;
    struct recorded_list *l = &job->found;
    if (!vec_reserve((void **)&l->v, &l->cap, l->n, sizeof *l->v)) {
        job->lost = true;
        return;
    }
    if (job->hidden && (unsigned)d->code < PDN_DIAG_COUNT && job->hidden[d->code]) {
        record_hidden(&l->v[l->n++], d);
        return;
    }
    if (record(&l->v[l->n], d))
        l->n++;
    else
        job->lost = true;
}

FILE *jobs_output(struct jobs_game *job)
{
    struct job_stream *s = job->stream;
    if (job->out) return job->out;
    if (s == NULL) {
        free(job->text);  /* a room kept: the stream makes its own */
        job->text = NULL; /* set by the stream only once it flushes: not if none is made */
        job->text_cap = 0;
        return job->out = open_memstream(&job->text, &job->len);
    }
    /* The thread's alone: no lock taken a call, as there is once threads
     * run (glibc locks each call on a stream then). */
    if (s->fp == NULL && (s->fp = open_memstream(&s->buf, &s->size)) != NULL)
        __fsetlocking(s->fp, FSETLOCKING_BYCALLER);
    return job->out = s->fp; /* at s->mark: job_work takes the text from there */
}

/* The n bytes at text, as the job's text (its room grown when short). */
static bool text_keep(struct jobs_game *job, const char *text, size_t n)
{
    if (job->text_cap < n) {
        free(job->text);
        job->text_cap = 0;
        if ((job->text = malloc(n)) == NULL) return false;
        job->text_cap = n;
    }
    memcpy(job->text, text, n);
    job->len = n;
    return true;
}

/* The work of a game on the calling thread, with its stream and its
 * scratch (made at its first game; none when out of memory); the text it
 * wrote there copied into the job. */
static void job_work(struct jobs_game *job, struct job_stream *stream, pdn_scratch **scratch,
                     const struct tool *t, const pdn_game *game, void *ctx)
{
    if (*scratch == NULL) pdn_scratch_new(scratch);
    job->scratch = *scratch;
    job->stream = stream;
    job->hidden = t->hidden;
    job->result_free = t->work->result_free;
    job->rc = t->work->game(t, job, game, ctx);
    if (job->out == NULL || job->out != stream->fp) return;
    job->out = NULL;
    bool flushed = fflush(stream->fp) == 0;
    size_t n = stream->size - stream->mark;
    if (!flushed || (n > 0 && !text_keep(job, stream->buf + stream->mark, n))) job->lost = true;
    stream->mark = stream->size;
    if (!flushed || stream->size >= STREAM_REWIND) {
        rewind(stream->fp);
        stream->mark = 0;
    }
}

static void stream_close(struct job_stream *s)
{
    if (s->fp) fclose(s->fp);
    free(s->buf);
    *s = (struct job_stream){NULL, NULL, 0, 0};
}

void *jobs_state(struct jobs_game *job)
{
    return job->state;
}

pdn_scratch *jobs_scratch(struct jobs_game *job)
{
    return job->scratch;
}

void *jobs_result(struct jobs_game *job)
{
    return job->result;
}

int jobs_finish(struct jobs_game *job, pdn_diag_fn on_diag, void *ctx, FILE *fp)
{
    for (size_t i = 0; i < job->found.n; i++)
        on_diag(&job->found.v[i].d, ctx);
    int rc = job->rc;
    if (job->out) { /* written only then: the job's line stays the worker's */
        if (fclose(job->out) != 0 && rc == 0) rc = PDN_ENOMEM;
        job->out = NULL;
    }
    if (rc == 0 && job->lost) rc = PDN_ENOMEM;
    /* Stopped at the first failed write, errno still its own. */
    if (fp && job->len > 0 && (fwrite(job->text, 1, job->len, fp) != job->len || ferror(fp)) &&
        rc >= 0)
        rc = PDN_EIO;
    return rc;
}

/* The most room for its text a job keeps for its next game: a thread
 * keeps a job for each game in flight, and with rooms kept whole pdn2csv
 * --moves -j 2 (a row a ply) peaked at 20 MB on bench's 100 MB, against
 * 14. */
enum { TEXT_KEPT = 2048 };

/* What a job holds, freed; the list of its findings and the room of its
 * text (up to TEXT_KEPT) kept empty, for the job's next game when it is
 * kept for another (a list grown anew for each game that has a finding
 * cost pdncheck -j 2 a realloc a game; a text, pdn2csv -j 2 a malloc and a
 * free). */
static void job_empty(struct jobs_game *job)
{
    for (size_t i = 0; i < job->found.n; i++)
        free(job->found.v[i].strings);
    job->found.n = 0;
    if (job->out) fclose(job->out);
    job->out = NULL;
    job->len = 0;
    if (job->text_cap > TEXT_KEPT) {
        free(job->text);
        job->text = NULL;
        job->text_cap = 0;
    }
    if (job->result_free) job->result_free(job->result);
    job->result_free = NULL;
}

/* What job_empty keeps, freed. */
static void job_rooms_free(struct jobs_game *job)
{
    free(job->found.v);
    free(job->text);
}

static void job_free(struct jobs_game *job)
{
    job_empty(job);
    job_rooms_free(job);
}

/* ---- the batches ----------------------------------------------------------- */

/* A batch is published after this many games or bytes of games: few
 * enough that memory stays small (a game read holds 16 kB and more: with
 * two batches a thread, pdnfmt -j 2 peaked at 20 MB; with the workers'
 * count plus two, at 11), enough that the threads seldom wait for each
 * other: each wait is a sleep and a wake in the kernel (pdncheck -j 2 on
 * 20 MB: 15859 context switches with 16 games a batch, 8543 with 32). */
enum { BATCH_GAMES = 32, BATCH_BYTES = 256 << 10 };
/* Batches read ahead of the tool: one for each worker, and this many more
 * (one being handed to the tool, one ready). */
enum { BATCHES_AHEAD = 2 };
/* What a finding counts for in a batch's bytes: findings without games
 * (a long run of games not chosen, --unique's copies) publish a batch too,
 * or they would pile up until the next game chosen (300,000 copies in a
 * row: 180 MB). */
enum { FINDING_BYTES = 512 };

struct jobs_run *jobs_start(struct tool *t, int threads, void *ctx)
{
    struct jobs_run *run = calloc(1, sizeof *run);
    if (run == NULL) return NULL;
    run->t = t;
    run->tool_ctx = ctx;
    pthread_mutex_init(&run->states_lock, NULL);
    run->threads = threads < 2 ? 2 : threads > JOBS_MAX ? JOBS_MAX : threads;
#ifdef M_TRIM_THRESHOLD
    /* glibc gives each thread's arena back to the system whenever 128 kB
     * lie free at its top, and faults the pages in again for the next
     * batch: 15334 page faults instead of 3560 on 20 MB of games. */
    mallopt(M_TRIM_THRESHOLD, 4 << 20);
#endif
    pthread_mutex_init(&run->lock, NULL);
    pthread_cond_init(&run->work_cv, NULL);
    pthread_cond_init(&run->done_cv, NULL);
    pthread_cond_init(&run->room_cv, NULL);
    return run;
}

/* On the reading thread, which alone sees the batch being filled. */
static bool add_event(struct jobs_run *run, struct event *ev)
{
    struct batch *b = run->being;
    if (b == NULL && (b = run->being = calloc(1, sizeof *b)) == NULL) return false;
    if (b->tail)
        b->tail->next = ev;
    else
        b->head = ev;
    b->tail = ev;
    if (ev->game)
        b->games++, b->bytes += ev->game->raw_len;
    else
        b->bytes += FINDING_BYTES;
    const struct tool_work *work = run->t->work;
    if (ev->game ? !pdn_game_work(ev->game) : work && work->diag) b->to_work++;
    return true;
}

/* The batch being filled, handed to the workers and the tool. */
static void publish(struct jobs_run *run)
{
    struct batch *b = run->being;
    run->being = NULL;
    if (b == NULL) return;
    pthread_mutex_lock(&run->lock);
    if (run->tail)
        run->tail->next = b;
    else
        run->head = b;
    run->tail = b;
    if (run->scan == NULL) run->scan = b;
    run->batches++;
    if (b->to_work == 0)
        b->state = WORK_DONE; /* no worker needs to see it: none is woken */
    else
        pthread_cond_signal(&run->work_cv);
    pthread_cond_signal(&run->done_cv);
    pthread_mutex_unlock(&run->lock);
}

static bool room_to_read(struct jobs_run *run);
static void free_spent(struct jobs_run *run);

void jobs_record(const struct pdn_diag *d, void *ctx)
{
    struct jobs_run *run = ctx;
    struct event *ev = calloc(1, sizeof *ev);
    if (ev == NULL || !record(&ev->diag, d) || !add_event(run, ev)) {
        if (ev) free(ev->diag.strings);
        free(ev);
        run->lost = true; /* the reading thread's own flag */
        return;
    }
    /* Findings with no game chosen among them go on by themselves. */
    if (run->being->bytes >= BATCH_BYTES && room_to_read(run)) {
        free_spent(run);
        publish(run);
    }
}

static void event_free(struct event *ev)
{
    pdn_game_free(ev->game);
    free(ev->diag.strings);
    job_free(&ev->job);
    free(ev);
}

static void batch_free(struct batch *b)
{
    if (b == NULL) return;
    for (struct event *ev = b->head, *next; ev; ev = next) {
        next = ev->next;
        event_free(ev);
    }
    free(b);
}

/* ---- the threads -------------------------------------------------------------- */

/* Waits for room to read ahead; false when the tool stopped. */
static bool room_to_read(struct jobs_run *run)
{
    pthread_mutex_lock(&run->lock);
    while (!run->stop && run->batches >= run->ahead)
        pthread_cond_wait(&run->room_cv, &run->lock);
    bool go = !run->stop;
    pthread_mutex_unlock(&run->lock);
    return go;
}

static int read_batch(struct jobs_run *run)
{
    int rc = 1;
    while (run->being == NULL ||
           (run->being->games < BATCH_GAMES && run->being->bytes < BATCH_BYTES)) {
        pdn_game *game = NULL;
        if ((rc = run->next(&game, run->next_ctx)) <= 0) break;
        struct event *ev = calloc(1, sizeof *ev);
        if (ev) ev->game = game;
        if (ev == NULL || !add_event(run, ev)) {
            free(ev);
            pdn_game_free(game);
            return PDN_ENOMEM;
        }
    }
    return rc;
}

/* The batches the tool has consumed since last time. */
static void free_spent(struct jobs_run *run)
{
    pthread_mutex_lock(&run->lock);
    struct batch *b = run->spent;
    run->spent = NULL;
    pthread_mutex_unlock(&run->lock);
    while (b) {
        struct batch *next = b->next;
        batch_free(b);
        b = next;
    }
}

static void *read_games(void *arg)
{
    struct jobs_run *run = arg;
    int rc = 1;
    while (rc > 0 && room_to_read(run)) {
        free_spent(run);
        rc = read_batch(run);
        publish(run); /* findings after the last game too */
    }
    int saved = errno;
    pthread_mutex_lock(&run->lock);
    run->read_done = true;
    run->read_rc = rc >= 0 && run->lost ? PDN_ENOMEM : rc > 0 ? 0 : rc;
    run->read_errno = saved;
    pthread_cond_broadcast(&run->work_cv);
    pthread_cond_signal(&run->done_cv);
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

/* Under the lock: the next batch no worker has taken, or NULL. */
static struct batch *claim(struct jobs_run *run)
{
    struct batch *b = run->scan;
    while (b && b->state == WORK_DONE)
        b = b->next;
    run->scan = b ? b->next : NULL;
    if (b) b->state = WORK_RUNNING;
    return b;
}

static void work_batch(struct worker *w, struct batch *b)
{
    const struct tool *t = w->run->t;
    const struct tool_work *work = t->work;
    for (struct event *ev = b->head; ev; ev = ev->next) {
        if (ev->game == NULL) {
            if (work->diag) work->diag(w->state, &ev->diag.d);
            continue;
        }
        if (pdn_game_work(ev->game)) continue; /* the reader's thread did it */
        ev->job.state = w->state;
        job_work(&ev->job, &w->stream, &w->scratch, t, ev->game, (void *)w->run->work_ctx);
    }
}

static void *work_games(void *arg)
{
    struct worker *w = arg;
    struct jobs_run *run = w->run;
    pthread_mutex_lock(&run->lock);
    for (;;) {
        struct batch *b = NULL;
        while (!run->stop && (b = claim(run)) == NULL && !run->read_done)
            pthread_cond_wait(&run->work_cv, &run->lock);
        if (run->stop || b == NULL) break;
        pthread_mutex_unlock(&run->lock);
        work_batch(w, b);
        pthread_mutex_lock(&run->lock);
        b->state = WORK_DONE;
        if (b == run->head) pthread_cond_signal(&run->done_cv);
    }
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

/* Under the lock: whether the head batch can be handed to the tool. */
static bool head_ready(const struct jobs_run *run)
{
    const struct batch *b = run->head;
    if (b == NULL) return run->read_done;
    return run->nworkers == 0 || b->state == WORK_DONE;
}

/* The tool's part of one event, on its thread. */
static int consume(struct jobs_run *run, struct event *ev, pdn_diag_fn on_diag, void *diag_ctx,
                   tool_game_fn fn, void *ctx)
{
    struct tool *t = run->t;
    if (ev->game == NULL) {
        on_diag(&ev->diag.d, diag_ctx);
        return 0;
    }
    struct jobs_game *done = pdn_game_work(ev->game);
    t->job = done ? done : run->nworkers ? &ev->job : NULL;
    int stop = fn(t, ev->game, ctx);
    if (stop) run->fn_errno = errno; /* why, as a failed write left it */
    t->job = NULL;
    return stop;
}

/* Under the lock: waits for the head batch, working on the first batch no
 * worker has taken meanwhile (a sleep and a wake cost more than a batch on
 * a busy machine, and the head itself may be the one waiting). */
static void wait_head(struct jobs_run *run)
{
    while (!head_ready(run)) {
        struct batch *b = run->self_works ? claim(run) : NULL;
        if (b == NULL) {
            pthread_cond_wait(&run->done_cv, &run->lock);
            continue;
        }
        pthread_mutex_unlock(&run->lock);
        work_batch(&run->self, b);
        pthread_mutex_lock(&run->lock);
        b->state = WORK_DONE;
    }
}

/* Hands the events over in order until the end or a stop. */
static int consume_all(struct jobs_run *run, pdn_diag_fn on_diag, void *diag_ctx, tool_game_fn fn,
                       void *ctx)
{
    int stop = 0;
    pthread_mutex_lock(&run->lock);
    while (stop == 0) {
        wait_head(run);
        struct batch *b = run->head;
        if (b == NULL) break;
        run->head = b->next;
        if (run->head == NULL) run->tail = NULL;
        if (run->scan == b) run->scan = b->next;
        run->batches--;
        pthread_mutex_unlock(&run->lock);
        for (struct event *ev = b->head; ev && stop == 0; ev = ev->next)
            stop = consume(run, ev, on_diag, diag_ctx, fn, ctx);
        pthread_mutex_lock(&run->lock);
        b->next = run->spent;
        run->spent = b;
        pthread_cond_signal(&run->room_cv);
    }
    if (stop) {
        run->stop = true;
        pthread_cond_broadcast(&run->work_cv);
        pthread_cond_broadcast(&run->room_cv);
    }
    pthread_mutex_unlock(&run->lock);
    return stop;
}

static void free_batches(struct spent_batch *b, bool games);

void jobs_free(struct jobs_run *run)
{
    if (run == NULL) return;
    const struct tool_work *work = run->t->work;
    int nslots = atomic_load(&run->nreader_states);
    for (int i = 0; i < nslots; i++) { /* the reader's threads are gone */
        struct reader_state *slot = &run->reader_states[i];
        free_batches(run->unspent[i], true); /* being filled, on no list */
        free_batches(atomic_load(&slot->spent), true);
        free_batches(atomic_load(&slot->emptied), false);
        for (struct jobs_game *job = run->reader_states[i].kept, *next; job; job = next) {
            next = job->kept_next;
            job_rooms_free(job);
            free(job);
        }
        if (work->end) work->end(run->reader_states[i].state);
        stream_close(&run->reader_states[i].stream);
        pdn_scratch_free(run->reader_states[i].scratch);
    }
    pthread_mutex_destroy(&run->states_lock);
    free_spent(run);
    while (run->head) {
        struct batch *b = run->head;
        run->head = b->next;
        batch_free(b);
    }
    batch_free(run->being);
    pthread_cond_destroy(&run->work_cv);
    pthread_cond_destroy(&run->done_cv);
    pthread_cond_destroy(&run->room_cv);
    pthread_mutex_destroy(&run->lock);
    free(run);
}

/* The workers, one fewer than the threads asked for: the tool's thread
 * works while it waits (and the reader comes on top, itself reading with
 * threads of its own). None when a thread cannot be made (the tool's
 * thread does the work then). */
static void start_workers(struct jobs_run *run, void *ctx)
{
    const struct tool_work *work = run->t->work;
    if (work == NULL) return;
    run->work_ctx = ctx;
    run->self = (struct worker){.run = run};
    run->self_works = work->begin == NULL || (run->self.state = work->begin(run->t, ctx)) != NULL;
    for (int want = run->threads - 1; run->nworkers < want; run->nworkers++) {
        struct worker *w = &run->workers[run->nworkers];
        *w = (struct worker){.run = run};
        if (work->begin && (w->state = work->begin(run->t, ctx)) == NULL) break;
        if (pthread_create(&w->thread, NULL, work_games, w) != 0) {
            if (work->end) work->end(w->state);
            break;
        }
    }
}

static void stop_workers(struct jobs_run *run)
{
    const struct tool_work *work = run->t->work;
    if (work == NULL) return;
    for (int i = 0; i < run->nworkers; i++) {
        pthread_join(run->workers[i].thread, NULL);
        if (work->end) work->end(run->workers[i].state);
        stream_close(&run->workers[i].stream);
        pdn_scratch_free(run->workers[i].scratch);
    }
    if (run->self_works && work->end) work->end(run->self.state);
    stream_close(&run->self.stream);
    pdn_scratch_free(run->self.scratch);
}

/* ---- the work on the reader's threads ---------------------------------------- */

bool jobs_reader_works(const struct tool *t)
{
    /* The choosing of games runs after the reader: work on games left out
     * would be lost. */
    return t->work && t->select == NULL && t->repeats == NULL;
}

/* The games of a batch freed, each with its job. */
static void free_games(const struct spent_batch *b)
{
    for (unsigned i = 0; i < b->n; i++)
        pdn_game_free(b->games[i]);
}

/* A list of batches freed, with their games if 'games'. */
static void free_batches(struct spent_batch *b, bool games)
{
    for (struct spent_batch *next; b; b = next) {
        next = b->next;
        if (games) free_games(b);
        free(b);
    }
}

/* b put first on an atomic list that one thread takes from. */
static void push_batch(_Atomic(struct spent_batch *) *list, struct spent_batch *b)
{
    b->next = atomic_load_explicit(list, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(list, &b->next, b, memory_order_release,
                                                  memory_order_relaxed))
        ;
}

/* On the owner's thread: the games handed back to its slot freed, and
 * their batches handed back emptied. */
static void take_spent(struct reader_state *slot)
{
    struct spent_batch *b = atomic_exchange_explicit(&slot->spent, NULL, memory_order_acquire);
    while (b) {
        struct spent_batch *next = b->next;
        free_games(b);
        push_batch(&slot->emptied, b);
        b = next;
    }
}

/* The calling thread's slot among the first n, or NULL. */
static struct reader_state *own_slot(struct jobs_run *run, int n)
{
    pthread_t self = pthread_self();
    for (int i = 0; i < n; i++)
        if (pthread_equal(run->reader_states[i].owner, self)) return &run->reader_states[i];
    return NULL;
}

/* The calling thread's slot, made with its worker state (tool_work.begin)
 * the first time, or NULL when none can be had. */
static struct reader_state *new_slot(struct jobs_run *run)
{
    const struct tool_work *work = run->t->work;
    pthread_mutex_lock(&run->states_lock);
    int n = atomic_load_explicit(&run->nreader_states, memory_order_relaxed);
    struct reader_state *slot = NULL;
    void *state = NULL;
    if (n < JOBS_MAX + 2 &&
        (work->begin == NULL || (state = work->begin(run->t, run->tool_ctx)) != NULL)) {
        slot = &run->reader_states[n];
        slot->owner = pthread_self();
        slot->state = state;
        atomic_store_explicit(&run->nreader_states, n + 1, memory_order_release);
    }
    pthread_mutex_unlock(&run->states_lock);
    return slot;
}

/* The calling thread's slot (NULL when none can be had), and the games
 * handed back to it freed. */
static struct reader_state *reader_slot(struct jobs_run *run)
{
    int n = atomic_load_explicit(&run->nreader_states, memory_order_acquire);
    struct reader_state *slot = own_slot(run, n);
    if (slot == NULL) return new_slot(run);
    if (atomic_load_explicit(&slot->spent, memory_order_relaxed)) take_spent(slot);
    return slot;
}

void *jobs_reader_work(pdn_game *game, void *ctx)
{
    struct jobs_run *run = ctx;
    struct reader_state *slot = reader_slot(run);
    struct jobs_game *job = slot ? slot->kept : NULL;
    if (job) {
        slot->kept = job->kept_next;
        /* emptied, its rooms kept (only they: the job is cold in the cache) */
        struct recorded_list found = job->found;
        char *text = job->text;
        size_t text_cap = job->text_cap;
        memset(job, 0, sizeof *job);
        job->found = found;
        job->text = text;
        job->text_cap = text_cap;
    } else if (slot) {
        job = calloc(1, sizeof *job);
    }
    if (job == NULL) return NULL; /* the tool's thread does it */
    job->state = slot->state;
    job->home = slot;
    job_work(job, &slot->stream, &slot->scratch, run->t, game, run->tool_ctx);
    return job;
}

void jobs_reader_work_diag(const struct pdn_diag *d, void *ctx)
{
    struct jobs_run *run = ctx;
    if (run->t->work->diag == NULL) return;
    struct reader_state *slot = reader_slot(run);
    if (slot) run->t->work->diag(slot->state, d);
}

void jobs_reader_work_free(void *p)
{
    struct jobs_game *job = p;
    if (job->home == NULL || !pthread_equal(job->home->owner, pthread_self())) {
        job_free(job);
        free(job);
        return;
    }
    job_empty(job);
    job->kept_next = job->home->kept; /* only its own thread touches kept */
    job->home->kept = job;
}

/* On the thread taking the games: a batch for a slot, one emptied before
 * if it has any, or NULL when out of memory. */
static struct spent_batch *new_batch(struct reader_state *slot)
{
    struct spent_batch *b = atomic_load_explicit(&slot->emptied, memory_order_relaxed);
    /* One thread at a time takes from the list: b stays there until taken. */
    while (b && !atomic_compare_exchange_weak_explicit(&slot->emptied, &b, b->next,
                                                       memory_order_acquire, memory_order_relaxed))
        ;
    if (b == NULL) b = malloc(sizeof *b);
    if (b) b->next = NULL, b->n = 0; /* on no list till pushed */
    return b;
}

/* A game the tool is done with: freed now when this thread read it, else
 * handed back to the thread that did, a batch at a time. */
static void spend(struct jobs_run *run, pdn_game *game)
{
    struct jobs_game *job = pdn_game_work(game);
    if (job == NULL || pthread_equal(job->home->owner, pthread_self())) {
        pdn_game_free(game);
        return;
    }
    struct reader_state *slot = job->home;
    struct spent_batch **b = &run->unspent[slot - run->reader_states];
    if (*b == NULL && (*b = new_batch(slot)) == NULL) {
        pdn_game_free(game); /* here, then: slower, not wrong */
        return;
    }
    (*b)->games[(*b)->n++] = game;
    if ((*b)->n < SPENT_BATCH) return;
    push_batch(&slot->spent, *b);
    *b = NULL;
}

int jobs_take(struct jobs_run *run, pdn_game *game, tool_game_fn fn, void *ctx)
{
    struct tool *t = run->t;
    t->job = pdn_game_work(game); /* NULL: fn does the work itself */
    int stop = fn(t, game, ctx);
    t->job = NULL;
    spend(run, game);
    return stop;
}

int jobs_read(struct jobs_run *run, jobs_next_fn next, void *next_ctx, pdn_diag_fn on_diag,
              void *diag_ctx, tool_game_fn fn, void *ctx, int *read_rc)
{
    run->next = next;
    run->next_ctx = next_ctx;
    start_workers(run, ctx);
    run->ahead = (size_t)run->nworkers + BATCHES_AHEAD;
    bool reader = pthread_create(&run->reader, NULL, read_games, run) == 0;
    if (!reader) {
        run->ahead = (size_t)-1; /* no thread to be had: read it all here first */
        read_games(run);
    }
    int stop = consume_all(run, on_diag, diag_ctx, fn, ctx);
    if (reader) pthread_join(run->reader, NULL);
    stop_workers(run);
    *read_rc = stop ? 0 : run->read_rc;
    errno = stop ? run->fn_errno : run->read_errno;
    return stop;
}
