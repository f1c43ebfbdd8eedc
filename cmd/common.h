/*
 * common: what every tool shares: exit statuses, the common options,
 * diagnostics on stderr (text or JSON Lines), the loop over input operands
 * and the safe writing of an output file (temporary file, then rename).
 * It holds no PDN logic: that lives in libpdn.
 */
#ifndef PDN_CMD_COMMON_H
#define PDN_CMD_COMMON_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "pdn.h"

/* The exit status, the same for every tool; a larger value wins. */
enum tool_exit {
    TOOL_EXIT_CLEAN = 0,    /* nothing to report */
    TOOL_EXIT_FINDINGS = 1, /* errors in the input (warnings when asked for) */
    TOOL_EXIT_USAGE = 2,    /* bad options or arguments */
    TOOL_EXIT_SYSTEM = 3    /* a file could not be read or written, no memory */
};

/* Codes of the long-only common options, above any character. */
enum {
    TOOL_OPT_STRICT = 0x100,
    TOOL_OPT_ENCODING,
    TOOL_OPT_VERSION,
    TOOL_OPT_FIRST_FREE /* tools number their own long-only options from here */
};

/* The common entries of a getopt_long table; -h is also a short option. */
#define TOOL_COMMON_LONG_OPTIONS                                                                   \
    {"strict", no_argument, NULL, TOOL_OPT_STRICT},                                                \
        {"encoding", required_argument, NULL, TOOL_OPT_ENCODING},                                  \
        {"help", no_argument, NULL, 'h'},                                                          \
    {                                                                                              \
        "version", no_argument, NULL, TOOL_OPT_VERSION                                             \
    }

struct tool {
    const char *prog;  /* in every message */
    const char *usage; /* printed by -h/--help, ends with a newline */
    bool strict;
    enum pdn_encoding encoding;
    bool quiet;                /* -q: print errors only */
    bool json;                 /* diagnostics as JSON Lines */
    bool warnings_fail;        /* warnings make the exit status 1 */
    unsigned long findings[3]; /* by enum pdn_severity, printed or not */
    enum tool_exit status;     /* worst operational status so far */
    pdn_diag_fn on_diag;       /* the readers' callback; tool_on_diag when NULL */
    void *diag_ctx;            /* passed to on_diag */
};

void tool_init(struct tool *t, const char *prog, const char *usage);

/*
 * Handles a common option: returns true when opt was one. -h/--help and
 * --version print and exit 0; a bad --encoding is a usage error (exit 2).
 */
bool tool_common_option(struct tool *t, int opt, const char *arg);
/* Prints "prog: message" and a pointer to --help on stderr; exits 2. */
_Noreturn void tool_usage_error(const struct tool *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Parses a decimal integer in [min, max] or makes it a usage error. */
long tool_parse_long(const struct tool *t, const char *option, const char *arg, long min, long max);

/* Prints "prog: what: reason" on stderr and records a system error. */
void tool_system_error(struct tool *t, const char *what, const char *reason);
/* The exit status: the worst of the system status and the findings. */
enum tool_exit tool_exit_status(const struct tool *t);

/* ---- diagnostics ---- */

/* "prog: file:line:col: severity: message (game 3, move 12.)", parts unknown
 * left out. */
void tool_diag_text(FILE *fp, const char *prog, const struct pdn_diag *d);
/* One JSON object on one line; unknown values are null. */
void tool_diag_json(FILE *fp, const struct pdn_diag *d);
/* The source line and a caret under column col (1-based, in characters). */
void tool_diag_excerpt(FILE *fp, uint32_t line_no, const char *line, size_t len, uint32_t col);
/* A JSON string literal with the escapes JSON requires. */
void tool_json_string(FILE *fp, const char *s);
/* The reader callback: counts the finding and prints it (ctx: struct tool). */
void tool_on_diag(const struct pdn_diag *d, void *ctx);

/* ---- inputs ---- */

/*
 * Called for each game read; the game is freed after the call. Returns 0, or
 * a negative PDN_E* code that stops the run (a write failure, say).
 */
typedef int (*tool_game_fn)(struct tool *t, const pdn_game *game, void *ctx);

/* Reads every operand in turn (none, or "-", is standard input). Returns 0,
 * or the negative code with which fn stopped the run. */
int tool_read_inputs(struct tool *t, int n, char *const *operands, tool_game_fn fn, void *ctx);

/* ---- output ---- */

struct tool_output {
    FILE *fp;
    char *path; /* NULL for standard output */
    char *tmp;  /* the temporary file beside path */
};

/* Opens path for writing through a temporary file in the same directory;
 * NULL or "-" is standard output. Returns 0 or -1 (reported). */
int tool_output_open(struct tool *t, struct tool_output *o, const char *path);
/* commit: renames the temporary file over path (or flushes standard output);
 * otherwise removes it. Returns 0 or -1 (reported). */
int tool_output_close(struct tool *t, struct tool_output *o, bool commit);

#endif
