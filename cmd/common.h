/*
 * common: what every tool shares: the exit statuses, the tool's state
 * (struct tool), operational messages and the exit. A tool includes this
 * header alone; the shared parts live in their own files: options.h (the
 * common options and usage errors), choosing.h (the options that choose
 * games), report.h (findings and messages), reading.h (the loop over
 * input operands), output.h (output files).
 * It holds no PDN logic: that lives in libpdn.
 */
#ifndef PDN_CMD_COMMON_H
#define PDN_CMD_COMMON_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "choosing.h"
#include "inputs.h"
#include "options.h"
#include "pdn.h"
#include "reading.h"
#include "report.h"

/* The exit status, the same for every tool; a larger value wins. */
enum tool_exit {
    TOOL_EXIT_CLEAN = 0,    /* nothing to report */
    TOOL_EXIT_FINDINGS = 1, /* errors in the input (warnings when asked for) */
    TOOL_EXIT_USAGE = 2,    /* bad options or arguments */
    TOOL_EXIT_SYSTEM = 3    /* a file could not be read or written, no memory */
};

struct tool;
struct jobs_game;
/*
 * With -j (jobs.h): the part of a game's handling that worker threads run
 * before the tool's game function sees the game in input order. It touches
 * nothing shared: findings to jobs_on_diag(d, job), text to jobs_output(job).
 */
struct tool_work {
    int (*game)(const struct tool *t, struct jobs_game *job, const pdn_game *game, void *ctx);
    /* Optional: a worker's own state (jobs_state), made before it starts
     * (NULL: no such worker) and freed when it ends. */
    void *(*begin)(const struct tool *t, void *ctx);
    void (*end)(void *state);
    /* Optional: the reader's findings, in input order, as a worker meets
     * them before its games (the reader reports a game's findings before
     * it hands the game over, never a later game's, so a batch of games
     * holds every finding of its games). */
    void (*diag)(void *state, const struct pdn_diag *d);
    /* Optional: frees what game left in jobs_result (a record of its own,
     * larger than the result), when the job is freed, whether or not the
     * tool's game function saw it. */
    void (*result_free)(void *result);
};

struct tool {
    const char *prog;       /* in every message */
    const char *usage;      /* printed by -h/--help, ends with a newline */
    const char *usage_more; /* printed after it, or NULL: ISO C caps a string
                               literal at 4095 bytes, and some helps are longer */
    bool strict;
    enum pdn_encoding encoding;
    int gametype;                   /* --variant: games without a GameType tag; 0: inferred */
    enum pdn_draw_rules draw_rules; /* --draw-rules */
    bool quiet;                     /* -q: no chatter (summary, standard input notice) */
    bool hidden[PDN_DIAG_COUNT];    /* notes unless -W all; -W no-NAME, -W none, -w: neither
                                       printed nor counted */
    bool json;                      /* findings and messages as JSON Lines */
    FILE *findings_fp;              /* where findings go; stderr unless the tool says */
    bool warnings_fail;             /* warnings make the exit status 1 */
    unsigned long findings[3];      /* by enum pdn_severity, printed or not */
    enum tool_exit status;          /* worst operational status so far */
    pdn_diag_fn on_diag;            /* the readers' callback; tool_on_diag when NULL */
    void *diag_ctx;                 /* passed to on_diag */
    pdn_select *select;             /* the games chosen (-g, --white ...); NULL: every game */
    bool trailers;                  /* the tool takes a file's trailer (pdn_game_is_trailer), which
                                       is no game, to write its text: pdnfmt, pdn2csv --lossless */
    struct tool_repeats *repeats;   /* --unique, --duplicates (repeats.h); NULL: none */
    const char *input;              /* the operand tool_read_inputs is reading, or NULL */
    const char *input_ext;          /* the files a folder operand gives: ".pdn" (csv2pdn: ".csv") */
    unsigned long unreadable;       /* inputs that could not be read, each counted */
    unsigned long files;            /* files tool_read_input met, readable or not */
    const struct tool_inputs *reading; /* the list tool_read_inputs reads, for output.c */
    bool stdout_failed;                /* a failed write to standard output was said */
    bool output_set;  /* an output file that existed is open: its device and inode, */
    dev_t output_dev; /* which a folder operand's walk leaves out */
    ino_t output_ino;
    const struct option *long_options;  /* the tool's table, for suggestions; may be NULL */
    const struct tool_renamed *renamed; /* ends with {NULL}; may be NULL */
    int jobs;                           /* -j N: threads for a file; JOBS_AUTO; 0, 1: none */
    const struct tool_work *work;       /* the workers' part of a game, or NULL */
    struct jobs_game *job;              /* while the game function runs under -j: the job */
    /* Called with the game function's ctx before each file is read, or NULL. */
    void (*on_file)(struct tool *t, const char *operand, void *ctx);
    /* The order of day and month each event of the file being read writes
     * its dates in, read first by event_dates_on_file (event_dates.h), or
     * NULL; the tool frees the last one (pdn_date_orders_free). */
    pdn_date_orders *date_orders;
    bool dates_chosen; /* --date was given: the files' dates are read first
                          (event_dates_choosing) */
};

void tool_init(struct tool *t, const char *prog, const char *usage);

/*
 * A message about a file: "prog: what: reason" on stderr (what escaped),
 * or with --format json {"type":type,"file":what,"message":reason} on the
 * findings stream. type is "error" or "note".
 */
void tool_file_message(const struct tool *t, const char *type, const char *what,
                       const char *reason);
/* Records a system error and says so (tool_file_message, "error"). */
void tool_system_error(struct tool *t, const char *what, const char *reason);
/* Standard output could not be written: one line on stderr, whatever the
 * format (the findings stream may be the one that failed); a system error. */
void tool_stdout_error(struct tool *t, int err);
/* Flushes standard output; false (and reported) when it could not be written. */
bool tool_stdout_flush(struct tool *t);
/* Flushes standard output and exits: 0, or 3 with one message. */
_Noreturn void tool_exit_flushed(struct tool *t);
/* "prog: reading standard input (end with Ctrl-D)" on stderr when standard
 * input is a terminal, unless -q. */
void tool_stdin_notice(const struct tool *t);
/* The operands as a list of inputs (inputs.h), folders walked with
 * t->input_ext; none is standard input. Out of memory, said and exit 3.
 * Here, not in reading.c: output.c checks an output against the same list
 * (tool_output_open_for), and must not call reading.c, which calls it
 * (--duplicates, through repeats.c). */
void tool_list_inputs(struct tool *t, struct tool_inputs *out, int n, char *const *operands);
/* For the tools that read many games and write as they go (pdncheck,
 * pdnfmt, pdn2csv, csv2pdn, pdnstats): standard output and error that go
 * to a file or a pipe are written in large blocks. Call before writing. */
void tool_buffer_output(void);
/* The exit status: the worst of the system status and the findings. */
enum tool_exit tool_exit_status(const struct tool *t);
/*
 * A system error that ends the run: tool_system_error, then the exit
 * (status 3). Standard output is flushed by exit.
 */
_Noreturn void tool_fatal(struct tool *t, const char *what, const char *reason);
/* Memory ran out where a tool cannot go on: "prog: memory: ...", exit 3. */
_Noreturn void tool_out_of_memory(struct tool *t);

/* Whether the user's locale writes UTF-8 (boards drawn in Unicode). The
 * locale is set only to ask, then back to "C": reading must not depend on it. */
bool tool_locale_is_utf8(void);

/* qsort's order of struct pdn_move: by from square, to square, then the
 * landing squares; moves listed to a reader come so (pdnperft --divide,
 * the legal moves on the full screens). */
int tool_move_order(const void *a, const void *b);

#endif
