/*
 * jobs: -j N, the games of a file handled by several threads while the
 * tool prints byte for byte what one thread prints.
 *
 * Two ways. When the tool's work allows (jobs_reader_works), the library's
 * reader reads a big file's parts with threads of its own, the tool's
 * thread among them, and each thread does the tool's work on the games it
 * read (jobs_reader_work); the reader settles them into one sequence, so
 * nothing that crosses games needs settling here, and hands them to the
 * tool in it (jobs_take), on its threads one at a time: each part of the
 * file on the thread that read it where it can (pdn_reader_options.take).
 * Otherwise one thread takes the games from the reader and chooses them
 * (jobs_read); workers, the tool's own thread among them while it waits,
 * do the costly part of the games (replay, formatting) into private
 * buffers. Either way the tool sees every finding and every game in input
 * order, one at a time, as without threads. No PDN logic, no printing.
 */
#ifndef PDN_CMD_JOBS_H
#define PDN_CMD_JOBS_H

#include "common.h"

/* -j N takes at most this many threads. */
enum { JOBS_MAX = 64 };
/* t->jobs: by the input (the cores for a regular file, 1 for a pipe). */
enum { JOBS_AUTO = -1 };

/* The getopt_long entry of -j/--jobs; "j:" goes in the optstring. */
#define TOOL_JOBS_LONG_OPTION                                                                      \
    {                                                                                              \
        "jobs", required_argument, NULL, 'j'                                                       \
    }

/* The --help lines of -j. */
#define TOOL_JOBS_USAGE                                                                            \
    "  -j, --jobs N           N threads on a file's games (1: none; 0: the number\n"               \
    "                         of cores, the default for files; 1 for a pipe);\n"                   \
    "                         the output is the same whatever N\n"

/* Handles -j N: true when opt was it; a bad N is a usage error. */
bool jobs_option(struct tool *t, int opt, const char *arg);
/* -j N as a part of a tool's options (tool_parse_options). */
extern const struct tool_option_part jobs_part;

/* The threads to read 'operand' with under t->jobs: 1 means none. */
int jobs_for_input(const struct tool *t, const char *operand);

/* What a worker leaves for a result of its own (pdncheck's replay summary). */
enum { JOBS_RESULT_SIZE = 256 };

/* Findings the work recorded for its game; jobs_on_diag's ctx is the job. */
void jobs_on_diag(const struct pdn_diag *d, void *job);
/* The stream the work writes its game's text to (NULL: out of memory). */
FILE *jobs_output(struct jobs_game *job);
/* The state of the worker running the job (tool_work.begin), or NULL. */
void *jobs_state(struct jobs_game *job);
/* The scratch of the thread running the job, for the library's replay and
 * formatter (pdn_replay_options.scratch), or NULL. */
pdn_scratch *jobs_scratch(struct jobs_game *job);
/* JOBS_RESULT_SIZE bytes, suitably aligned, for the work to fill. */
void *jobs_result(struct jobs_game *job);
/*
 * In the tool's game function, in input order: hands the findings the
 * work recorded to on_diag, in their order, and copies the text it wrote
 * to fp (when not NULL). Returns what the work returned, or PDN_EIO when
 * fp could not be written, PDN_ENOMEM when a finding or the text could not
 * be kept.
 */
int jobs_finish(struct jobs_game *job, pdn_diag_fn on_diag, void *ctx, FILE *fp);

/* One reading of a file with threads, from jobs_start to jobs_read. */
struct jobs_run;

/* The next chosen game of the file: > 0 with *out, 0 at its end, < 0 on
 * a failure to read (errno kept). */
typedef int (*jobs_next_fn)(pdn_game **out, void *ctx);

/*
 * A run for t (NULL when out of memory: read without threads). Until
 * jobs_read, the reader opened for it sends its findings to jobs_record
 * with the run as ctx.
 */
struct jobs_run *jobs_start(struct tool *t, int threads, void *ctx);
void jobs_record(const struct pdn_diag *d, void *run);
/*
 * Reads the file with next (in a thread of its own) and hands each
 * finding to on_diag(diag_ctx) and each game to fn(t, game, ctx), in
 * input order, on the calling thread; with t->work, workers run it on the
 * games first, and fn finds the game's job in t->job. Stops as fn asks
 * (its return value, returned). *read_rc: next's last return (0, or < 0
 * with errno as next left it).
 */
int jobs_read(struct jobs_run *run, jobs_next_fn next, void *next_ctx, pdn_diag_fn on_diag,
              void *diag_ctx, tool_game_fn fn, void *ctx, int *read_rc);
/* After the reader is freed (its threads may work for the run until then). */
void jobs_free(struct jobs_run *run);

/*
 * The tool's work done on the reader's threads (pdn_reader_options.work,
 * work_free, work_diag, work_ctx: the run), each game on the thread that
 * read it, when jobs_reader_works(t): the games come to fn (jobs_take)
 * with their job done, or none (fn does the work), and work->diag sees
 * the reader's findings on those threads.
 */
bool jobs_reader_works(const struct tool *t);
void *jobs_reader_work(pdn_game *game, void *run);
void jobs_reader_work_free(void *job);
void jobs_reader_work_diag(const struct pdn_diag *d, void *run);
/*
 * A game of such a reader handed to fn straight from the reader (no thread
 * of the run between them), on the tool's thread or, through the reader's
 * take, on one of the reader's, then freed: fn finds its job in t->job, or
 * does the work itself when the reader's threads did not (a small file is
 * read by one reader). fn's return.
 */
int jobs_take(struct jobs_run *run, pdn_game *game, tool_game_fn fn, void *ctx);

#endif
