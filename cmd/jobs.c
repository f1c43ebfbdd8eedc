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

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Games read ahead of the tool, per thread: enough to keep the workers
 * busy, few enough that memory stays near one game per thread. */
enum { JOBS_AHEAD = 16 };

/* A finding kept with copies of its strings. */
struct recorded {
    struct pdn_diag d;
    char *strings; /* one block: file, move_number, text, detail */
};

struct recorded_list {
    struct recorded *v;
    size_t n, cap;
};

struct jobs_game {
    struct recorded_list found;
    bool lost; /* a finding could not be kept: out of memory */
    char *text;
    size_t len;
    FILE *out;
    int rc;
    _Alignas(max_align_t) unsigned char result[JOBS_RESULT_SIZE];
};

enum work_state { WORK_WAITING, WORK_RUNNING, WORK_DONE };

/* A finding of the reader (game NULL) or a game, in the order read. */
struct event {
    struct event *next;
    pdn_game *game;
    struct recorded diag;
    enum work_state state;
    struct jobs_game job;
};

struct jobs_run {
    struct tool *t;
    int threads;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* any event added, worked on or consumed */
    struct event *head, *tail;
    struct event *scan; /* the first event no worker has looked at */
    size_t games;       /* games read and not yet consumed */
    size_t ahead;       /* the most games read ahead */
    bool read_done, stop;
    int read_rc, read_errno;
    bool lost; /* a finding of the reader could not be kept */
    jobs_next_fn next;
    void *next_ctx;
    const void *work_ctx;
    int nworkers;
    pthread_t reader, workers[JOBS_MAX];
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

static const char *copy_string(char **p, const char *s)
{
    if (s == NULL) return NULL;
    char *start = *p;
    size_t n = strlen(s) + 1;
    memcpy(start, s, n);
    *p += n;
    return start;
}

bool jobs_keep_diag(struct pdn_diag *out, char **strings, const struct pdn_diag *d)
{
    const char *parts[] = {d->file, d->move_number, d->text, d->detail};
    size_t size = 1;
    for (int i = 0; i < 4; i++)
        size += parts[i] ? strlen(parts[i]) + 1 : 0;
    char *p = *strings = malloc(size);
    if (p == NULL) return false;
    *out = *d;
    out->file = copy_string(&p, d->file);
    out->move_number = copy_string(&p, d->move_number);
    out->text = copy_string(&p, d->text);
    out->detail = copy_string(&p, d->detail);
    return true;
}

static bool record(struct recorded *out, const struct pdn_diag *d)
{
    return jobs_keep_diag(&out->d, &out->strings, d);
}

void jobs_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct jobs_game *job = ctx;
    struct recorded_list *l = &job->found;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 8;
        struct recorded *v = realloc(l->v, cap * sizeof *v);
        if (v == NULL) {
            job->lost = true;
            return;
        }
        l->v = v, l->cap = cap;
    }
    if (record(&l->v[l->n], d))
        l->n++;
    else
        job->lost = true;
}

FILE *jobs_output(struct jobs_game *job)
{
    if (job->out == NULL) job->out = open_memstream(&job->text, &job->len);
    return job->out;
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
    if (job->out && fclose(job->out) != 0 && rc == 0) rc = PDN_ENOMEM;
    job->out = NULL;
    if (rc == 0 && job->lost) rc = PDN_ENOMEM;
    if (fp && job->len > 0 && fwrite(job->text, 1, job->len, fp) != job->len && rc >= 0)
        rc = PDN_EIO;
    return rc;
}

static void job_free(struct jobs_game *job)
{
    for (size_t i = 0; i < job->found.n; i++)
        free(job->found.v[i].strings);
    free(job->found.v);
    if (job->out) fclose(job->out);
    free(job->text);
}

/* ---- the list of events ----------------------------------------------------- */

struct jobs_run *jobs_start(struct tool *t, int threads)
{
    struct jobs_run *run = calloc(1, sizeof *run);
    if (run == NULL) return NULL;
    run->t = t;
    run->threads = threads < 2 ? 2 : threads > JOBS_MAX ? JOBS_MAX : threads;
    run->ahead = JOBS_AHEAD * (size_t)run->threads;
    pthread_mutex_init(&run->lock, NULL);
    pthread_cond_init(&run->changed, NULL);
    return run;
}

/* Under the lock. */
static void append(struct jobs_run *run, struct event *ev)
{
    if (run->tail)
        run->tail->next = ev;
    else
        run->head = ev;
    run->tail = ev;
    if (run->scan == NULL) run->scan = ev;
    run->games += ev->game != NULL;
    pthread_cond_broadcast(&run->changed);
}

void jobs_record(const struct pdn_diag *d, void *ctx)
{
    struct jobs_run *run = ctx;
    struct event *ev = calloc(1, sizeof *ev);
    if (ev == NULL || !record(&ev->diag, d)) {
        free(ev);
        run->lost = true; /* the reading thread's own flag */
        return;
    }
    pthread_mutex_lock(&run->lock);
    append(run, ev);
    pthread_mutex_unlock(&run->lock);
}

static void event_free(struct event *ev)
{
    pdn_game_free(ev->game);
    free(ev->diag.strings);
    job_free(&ev->job);
    free(ev);
}

/* ---- the threads -------------------------------------------------------------- */

static void *read_games(void *arg)
{
    struct jobs_run *run = arg;
    int rc = 0;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        while (!run->stop && run->games >= run->ahead)
            pthread_cond_wait(&run->changed, &run->lock);
        bool stop = run->stop;
        pthread_mutex_unlock(&run->lock);
        pdn_game *game = NULL;
        if (stop || (rc = run->next(&game, run->next_ctx)) <= 0) break;
        struct event *ev = calloc(1, sizeof *ev);
        if (ev == NULL) {
            pdn_game_free(game);
            rc = PDN_ENOMEM;
            break;
        }
        ev->game = game;
        pthread_mutex_lock(&run->lock);
        append(run, ev);
        pthread_mutex_unlock(&run->lock);
    }
    int saved = errno;
    pthread_mutex_lock(&run->lock);
    run->read_done = true;
    run->read_rc = rc == 0 && run->lost ? PDN_ENOMEM : rc;
    run->read_errno = saved;
    pthread_cond_broadcast(&run->changed);
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

/* Under the lock: the next game no worker has taken, or NULL. */
static struct event *claim(struct jobs_run *run)
{
    while (run->scan && run->scan->game == NULL)
        run->scan = run->scan->next;
    struct event *ev = run->scan;
    if (ev) {
        run->scan = ev->next;
        ev->state = WORK_RUNNING;
    }
    return ev;
}

static void *work_games(void *arg)
{
    struct jobs_run *run = arg;
    struct tool *t = run->t;
    pthread_mutex_lock(&run->lock);
    for (;;) {
        struct event *ev = NULL;
        while (!run->stop && (ev = claim(run)) == NULL && !run->read_done)
            pthread_cond_wait(&run->changed, &run->lock);
        if (run->stop || ev == NULL) break;
        pthread_mutex_unlock(&run->lock);
        ev->job.rc = t->work(t, &ev->job, ev->game, (void *)run->work_ctx);
        pthread_mutex_lock(&run->lock);
        ev->state = WORK_DONE;
        pthread_cond_broadcast(&run->changed);
    }
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

/* Under the lock: whether the head event can be handed to the tool. */
static bool head_ready(const struct jobs_run *run)
{
    const struct event *ev = run->head;
    if (ev == NULL) return run->read_done;
    return ev->game == NULL || run->nworkers == 0 || ev->state == WORK_DONE;
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
    t->job = run->nworkers ? &ev->job : NULL;
    int stop = fn(t, ev->game, ctx);
    t->job = NULL;
    return stop;
}

/* Hands the events over in order until the end or a stop. */
static int consume_all(struct jobs_run *run, pdn_diag_fn on_diag, void *diag_ctx, tool_game_fn fn,
                       void *ctx)
{
    int stop = 0;
    pthread_mutex_lock(&run->lock);
    while (stop == 0) {
        while (!head_ready(run))
            pthread_cond_wait(&run->changed, &run->lock);
        struct event *ev = run->head;
        if (ev == NULL) break;
        pthread_mutex_unlock(&run->lock);
        stop = consume(run, ev, on_diag, diag_ctx, fn, ctx);
        pthread_mutex_lock(&run->lock);
        run->head = ev->next;
        if (run->head == NULL) run->tail = NULL;
        if (run->scan == ev) run->scan = ev->next;
        run->games -= ev->game != NULL;
        event_free(ev);
        if (stop) run->stop = true;
        pthread_cond_broadcast(&run->changed);
    }
    pthread_mutex_unlock(&run->lock);
    return stop;
}

static void run_free(struct jobs_run *run)
{
    while (run->head) {
        struct event *ev = run->head;
        run->head = ev->next;
        event_free(ev);
    }
    pthread_cond_destroy(&run->changed);
    pthread_mutex_destroy(&run->lock);
    free(run);
}

/* The workers, as many as the threads less the reader; none when a thread
 * cannot be made (the tool's thread does the work then). */
static void start_workers(struct jobs_run *run, void *ctx)
{
    if (run->t->work == NULL) return;
    run->work_ctx = ctx;
    int want = run->threads - 1;
    while (run->nworkers < want &&
           pthread_create(&run->workers[run->nworkers], NULL, work_games, run) == 0)
        run->nworkers++;
}

int jobs_read(struct jobs_run *run, jobs_next_fn next, void *next_ctx, pdn_diag_fn on_diag,
              void *diag_ctx, tool_game_fn fn, void *ctx, int *read_rc)
{
    run->next = next;
    run->next_ctx = next_ctx;
    start_workers(run, ctx);
    int stop;
    if (pthread_create(&run->reader, NULL, read_games, run) != 0) {
        run->ahead = (size_t)-1; /* no thread to be had: read it all here first */
        read_games(run);
        stop = consume_all(run, on_diag, diag_ctx, fn, ctx);
    } else {
        stop = consume_all(run, on_diag, diag_ctx, fn, ctx);
        pthread_join(run->reader, NULL);
    }
    for (int i = 0; i < run->nworkers; i++)
        pthread_join(run->workers[i], NULL);
    *read_rc = stop ? 0 : run->read_rc;
    errno = run->read_errno;
    run_free(run);
    return stop;
}
