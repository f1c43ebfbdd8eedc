/*
 * reading: the loop over a tool's inputs (see reading.h): each entry of
 * the list inputs.c makes read game by game, the findings of games the
 * selection leaves out dropped, files that cannot be read reported and
 * counted. It must not hold PDN logic: reading games is libpdn's.
 */
#include "common.h"
#include "jobs.h"
#include "repeats.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The reader's findings while games are chosen: it reports a game's
 * findings before it hands the game over, so they wait here, with copies of
 * their strings, until the selection has judged their game. Findings tied
 * to no game go through at once.
 */
struct selecting {
    struct tool *t;
    pdn_diag_fn on_diag; /* where the findings of chosen games go */
    void *diag_ctx;
    struct tool_findings held;
};

static void selecting_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct selecting *s = ctx;
    /* Out of memory, a finding is shown rather than lost. */
    if (d->game == 0 || !tool_findings_keep(&s->held, d)) s->on_diag(d, s->diag_ctx);
}

/* Game 'index' has been read: its findings go on when it is chosen; they,
 * and those of earlier games never handed over, are dropped otherwise. */
static void release_findings(struct selecting *s, size_t index, bool chosen)
{
    size_t kept = 0;
    for (size_t i = 0; i < s->held.n; i++) {
        struct tool_kept *h = &s->held.items[i];
        if (h->d.game > index) {
            s->held.items[kept++] = *h;
            continue;
        }
        if (chosen && h->d.game == index) s->on_diag(&h->d, s->diag_ctx);
        free(h->strings);
    }
    s->held.n = kept;
}

/* ---- inputs ---------------------------------------------------------------- */

/* A reader failure: always an operational one (findings in the input are
 * reported through the callback, never returned). */
static void read_failed(struct tool *t, const char *name, int err)
{
    t->unreadable++;
    tool_system_error(t, name, err == PDN_EIO ? strerror(errno) : pdn_strerror(err));
}

struct reading;
static int take_game(pdn_game *game, void *ctx);

struct pdn_reader_options tool_reader_options(const struct tool *t, const char *operand,
                                              pdn_diag_fn on_diag, void *diag_ctx)
{
    return (struct pdn_reader_options){
        .version = PDN_READER_OPTIONS_VERSION,
        .filename = operand,
        .strict = t->strict,
        .encoding = t->encoding,
        .gametype = t->gametype,
        .on_diag = on_diag,
        .diag_ctx = diag_ctx,
    };
}

/* Opens the operand; the reader's findings go to on_diag(diag_ctx), through
 * sel when games are chosen. in_parts (NULL: not so): the file read in
 * parts by the reader's threads, which work on its games and take them
 * (take_game). */
static int open_input(struct tool *t, pdn_reader **out, const char *operand, struct jobs_run *run,
                      int threads, struct reading *in_parts, struct selecting *sel,
                      pdn_diag_fn on_diag, void *diag_ctx)
{
    bool std_in = strcmp(operand, "-") == 0;
    struct pdn_reader_options ro = tool_reader_options(t, operand, on_diag, diag_ctx);
    if (in_parts) { /* each game comes worked on by the thread that read it */
        ro.threads = threads;
        ro.work = jobs_reader_work;
        ro.work_free = jobs_reader_work_free;
        ro.work_diag = jobs_reader_work_diag;
        ro.work_ctx = run;
        ro.take = take_game;
        ro.take_ctx = in_parts;
    }
    if (sel) { /* the findings wait for the selection's verdict */
        *sel = (struct selecting){.t = t, .on_diag = ro.on_diag, .diag_ctx = ro.diag_ctx};
        ro.on_diag = selecting_on_diag;
        ro.diag_ctx = sel;
    }
    errno = 0;
    int err = std_in ? pdn_reader_open_fd(out, STDIN_FILENO, &ro)
                     : pdn_reader_open_file(out, operand, &ro);
    if (err < 0) read_failed(t, operand, err);
    return err;
}

/* A file being read: its reader and the choosing of its games. */
struct reading {
    struct tool *t;
    const char *operand;
    pdn_reader *reader;
    struct selecting *sel;
    bool done; /* past the last game -g can choose */
    /* -j, read in parts: what take_game hands each game to */
    struct jobs_run *run;
    tool_game_fn fn;
    void *fn_ctx;
    int stop;       /* fn's, which stopped the reader */
    int stop_errno; /* errno then, on the thread that took the game */
};

/* Whether the selection keeps a game: its options, then --unique, whose
 * findings go where the game's own go. */
static bool chosen(struct reading *r, const pdn_game *game)
{
    struct tool *t = r->t;
    if (!pdn_select_match(t->select, game)) return false;
    return t->repeats == NULL ||
           tool_repeats_keep(t, game, r->operand, NULL, r->sel->on_diag, r->sel->diag_ctx);
}

/* Whether the tool is handed a file's trailer, comments after its last
 * game (pdn_game_is_trailer): no game to count, check or choose, only text
 * that a tool writing every game's text keeps, when it writes them all. */
static bool trailer_taken(const struct reading *r)
{
    return r->t->trailers && r->t->select == NULL;
}

/* The next game chosen (jobs_next_fn): 1, 0 at the end, < 0 on failure. */
static int next_chosen(pdn_game **out, void *ctx)
{
    struct reading *r = ctx;
    struct tool *t = r->t;
    int rc = 0;
    pdn_game *game;
    while (!r->done && (rc = pdn_reader_next(&game, r->reader)) > 0) {
        if (pdn_game_is_trailer(game)) {
            if (r->sel) release_findings(r->sel, game->index, false);
            if (trailer_taken(r)) {
                *out = game;
                return 1;
            }
            pdn_game_free(game);
            continue;
        }
        bool keep = chosen(r, game);
        if (r->sel) release_findings(r->sel, game->index, keep);
        r->done = pdn_select_exhausted(t->select, game->index);
        if (keep) {
            *out = game;
            return 1;
        }
        pdn_game_free(game);
    }
    return r->done ? 0 : rc;
}

/*
 * With -j, read in parts (pdn_reader_options.take): each game, in order,
 * on whichever of the reader's threads comes to it, one at a time, as the
 * loop of read_one hands those a single reader reads. No game is chosen
 * then (jobs_reader_works), so that only trailers are left out.
 */
static int take_game(pdn_game *game, void *ctx)
{
    struct reading *r = ctx;
    if (pdn_game_is_trailer(game) && !trailer_taken(r)) {
        pdn_game_free(game);
        return 0;
    }
    /* Why fn stopped (a write that failed) is in that thread's errno. */
    if ((r->stop = jobs_take(r->run, game, r->fn, r->fn_ctx)) != 0) r->stop_errno = errno;
    return r->stop;
}

static int read_one(struct tool *t, const char *operand, tool_game_fn fn, void *ctx)
{
    struct selecting sel;
    if (t->on_file) t->on_file(t, operand, ctx);
    /* --date places a date that could be swapped as the file's dates
     * settle it (read first by on_file: event_dates_choosing) */
    pdn_select_set_date_orders(t->select, t->date_orders);
    pdn_diag_fn on_diag = t->on_diag ? t->on_diag : tool_on_diag;
    void *diag_ctx = t->on_diag ? t->diag_ctx : t;
    int threads = jobs_for_input(t, operand);
    struct jobs_run *run = threads > 1 ? jobs_start(t, threads, ctx) : NULL;
    /* The file read in parts by the reader's threads, each working on the
     * games it read and taking them (take_game), when the tool's work
     * allows: a game read on one core and worked on another costs about as
     * much again in moving it, and a thread between the reader and the
     * tool costs its hand-overs (pdncheck -j 2 on 100 MB, medians paired
     * with -j 1: 1.04 times as long with a reading thread and workers,
     * 0.65 so). Otherwise the run's thread reads and the findings go
     * through it. */
    bool in_parts = run && jobs_reader_works(t);
    bool recorded = run && !in_parts;
    struct reading r = {.t = t,
                        .operand = operand,
                        .sel = t->select ? &sel : NULL,
                        .run = run,
                        .fn = fn,
                        .fn_ctx = ctx};
    if (open_input(t, &r.reader, operand, run, threads, in_parts ? &r : NULL, r.sel,
                   recorded ? jobs_record : on_diag, recorded ? (void *)run : diag_ctx) < 0) {
        jobs_free(run);
        return 0;
    }
    t->input = operand;
    int rc = 0, stop = 0;
    pdn_game *game;
    if (recorded)
        stop = jobs_read(run, next_chosen, &r, on_diag, diag_ctx, fn, ctx, &rc);
    else
        while (stop == 0 && (rc = next_chosen(&game, &r)) > 0) {
            if (run) {
                stop = jobs_take(run, game, fn, ctx);
                continue;
            }
            stop = fn(t, game, ctx);
            pdn_game_free(game);
        }
    if (stop == 0) stop = r.stop; /* the reader's threads took its games */
    if (stop == 0 && rc < 0) read_failed(t, operand, rc);
    pdn_reader_free(r.reader);
    jobs_free(run);  /* after the reader, whose threads work for it */
    if (t->select) { /* findings of games never handed over belong to none chosen */
        release_findings(&sel, (size_t)-1, false);
        tool_findings_free(&sel.held);
    }
    t->input = NULL;
    if (r.stop) errno = r.stop_errno; /* as the tool's thread would have it */
    return stop;
}

struct tool_selecting {
    struct selecting sel;
};

struct tool_selecting *tool_select_hold(struct tool *t, pdn_diag_fn on_diag, void *ctx)
{
    if (!t->select) return NULL;
    struct tool_selecting *h = calloc(1, sizeof *h);
    if (h) h->sel = (struct selecting){.t = t, .on_diag = on_diag, .diag_ctx = ctx};
    return h;
}

void tool_select_on_diag(const struct pdn_diag *d, void *ctx)
{
    selecting_on_diag(d, &((struct tool_selecting *)ctx)->sel);
}

void tool_select_release(struct tool_selecting *h, size_t index, bool chosen)
{
    if (h) release_findings(&h->sel, index, chosen);
}

void tool_select_end(struct tool_selecting *h)
{
    if (!h) return;
    release_findings(&h->sel, (size_t)-1, false);
    tool_findings_free(&h->sel.held);
    free(h);
}

/* An input passed over, which is no error, unless -q: a note
 * (tool_file_message). */
static void input_note(const struct tool *t, const char *path, const char *what)
{
    if (!t->quiet) tool_file_message(t, "note", path, what);
}

/* pdnfmt -o archive/all.pdn archive/: the old all.pdn, which a folder
 * gives, is no input. */
static bool is_the_output(const struct tool *t, const struct tool_input *in)
{
    struct stat st;
    return in->in_folder && t->output_set && stat(in->path, &st) == 0 &&
           st.st_dev == t->output_dev && st.st_ino == t->output_ino;
}

int tool_read_input(struct tool *t, const struct tool_input *in, tool_game_fn fn, void *ctx)
{
    switch (in->kind) {
    case TOOL_INPUT_FILE:
        if (!is_the_output(t, in)) {
            t->files++;
            return read_one(t, in->path, fn, ctx);
        }
        input_note(t, in->path, "the output file: not read");
        return 0;
    case TOOL_INPUT_ERROR:
        t->files++;
        t->unreadable++;
        tool_system_error(t, in->path, strerror(in->err));
        return 0;
    case TOOL_INPUT_EMPTY: {
        char what[64];
        snprintf(what, sizeof what, "no %s file in this folder", t->input_ext);
        input_note(t, in->path, what);
        return 0;
    }
    case TOOL_INPUT_SKIPPED:
        input_note(t, in->path, in->note);
        return 0;
    }
    return 0;
}

int tool_read_inputs(struct tool *t, int n, char *const *operands, tool_game_fn fn, void *ctx)
{
    if (n == 0) tool_stdin_notice(t);
    struct tool_inputs in;
    tool_list_inputs(t, &in, n, operands);
    const struct tool_inputs *outer = t->reading;
    t->reading = &in;
    int stop = 0;
    for (size_t i = 0; i < in.n && stop == 0; i++)
        stop = tool_read_input(t, &in.items[i], fn, ctx);
    t->reading = outer;
    tool_inputs_free(&in);
    return stop;
}
