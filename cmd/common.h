/*
 * common: what every tool shares: exit statuses, the common options and
 * their errors, findings (compiler-style text or JSON Lines) and operational
 * messages and the loop over input operands (output files: output.h).
 * It holds no PDN logic: that lives in libpdn.
 */
#ifndef PDN_CMD_COMMON_H
#define PDN_CMD_COMMON_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "inputs.h"
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
    TOOL_OPT_FORMAT,
    TOOL_OPT_VARIANT,
    TOOL_OPT_DRAW_RULES,
    TOOL_OPT_FIRST_FREE /* tools number their own long-only options from here */
};

/* The common entries of a getopt_long table; -h is also a short option. */
#define TOOL_COMMON_LONG_OPTIONS                                                                   \
    {"strict", no_argument, NULL, TOOL_OPT_STRICT},                                                \
        {"encoding", required_argument, NULL, TOOL_OPT_ENCODING},                                  \
        {"variant", required_argument, NULL, TOOL_OPT_VARIANT},                                    \
        {"draw-rules", required_argument, NULL, TOOL_OPT_DRAW_RULES},                              \
        {"help", no_argument, NULL, 'h'},                                                          \
    {                                                                                              \
        "version", no_argument, NULL, TOOL_OPT_VERSION                                             \
    }

/*
 * The entries of the options of the tools that report findings: -W WHAT,
 * -w/--errors-only, --format FORMAT; tool_finding_option handles them.
 * Their short letters go in the optstring as "W:w".
 */
#define TOOL_FINDING_LONG_OPTIONS                                                                  \
    {"errors-only", no_argument, NULL, 'w'},                                                       \
    {                                                                                              \
        "format", required_argument, NULL, TOOL_OPT_FORMAT                                         \
    }

/* Codes of the options that choose games (long-only but -g), apart from the
 * common ones and the tools' own. */
enum {
    TOOL_OPT_WHITE = 0x200,
    TOOL_OPT_BLACK,
    TOOL_OPT_PLAYER,
    TOOL_OPT_EVENT,
    TOOL_OPT_SITE,
    TOOL_OPT_ROUND,
    TOOL_OPT_DATE,
    TOOL_OPT_RESULT,
    TOOL_OPT_GAMETYPE,
    TOOL_OPT_TAG
};

/*
 * The entries of the options that choose games (see pdn-select(7)): -g N,
 * --white, --black, --player, --event, --site, --round, --date, --result,
 * --gametype, --tag; tool_select_option handles them. Their short letter
 * goes in the optstring as "g:".
 */
#define TOOL_SELECT_LONG_OPTIONS                                                                   \
    {"games", required_argument, NULL, 'g'}, {"white", required_argument, NULL, TOOL_OPT_WHITE},   \
        {"black", required_argument, NULL, TOOL_OPT_BLACK},                                        \
        {"player", required_argument, NULL, TOOL_OPT_PLAYER},                                      \
        {"event", required_argument, NULL, TOOL_OPT_EVENT},                                        \
        {"site", required_argument, NULL, TOOL_OPT_SITE},                                          \
        {"round", required_argument, NULL, TOOL_OPT_ROUND},                                        \
        {"date", required_argument, NULL, TOOL_OPT_DATE},                                          \
        {"result", required_argument, NULL, TOOL_OPT_RESULT},                                      \
        {"gametype", required_argument, NULL, TOOL_OPT_GAMETYPE},                                  \
    {                                                                                              \
        "tag", required_argument, NULL, TOOL_OPT_TAG                                               \
    }

/* The --help line of --variant, a common option. */
#define TOOL_VARIANT_USAGE                                                                         \
    "      --variant NAME     games without a GameType tag are NAME (international,\n"             \
    "                         english, russian, brazilian, czech, italian) or\n"                   \
    "                         GameType N; by default inferred from each game and\n"                \
    "                         its file\n"                                                          \
    "      --draw-rules SET   international and Brazilian draw rules: fmjd (today's,\n"            \
    "                         the default) or classic (the older set); see pdn(5)\n"

/* The lines of a tool's --help for them. */
#define TOOL_SELECT_USAGE                                                                          \
    "Choosing games (see pdn-select(7); several of one kind: any of them):\n"                      \
    "  -g, --games LIST       games by number in their file: 3, 3-7, 1,4,9-\n"                     \
    "      --white NAME       White's name holds NAME (case and accents ignored)\n"                \
    "      --black NAME       Black's name holds NAME\n"                                           \
    "      --player NAME      White's or Black's name holds NAME\n"                                \
    "      --event TEXT       the Event holds TEXT\n"                                              \
    "      --site TEXT        the Site holds TEXT\n"                                               \
    "      --round ROUND      the Round is ROUND\n"                                                \
    "      --date DATES       YYYY[.MM[.DD]], or a range FROM-TO\n"                                \
    "      --result RESULT    2-0, 1-1, 0-2, 0-0, * (1-0, 1/2-1/2, 0-1 too)\n"                     \
    "      --gametype N       the GameType number (20 when there is none)\n"                       \
    "      --tag NAME=VALUE   the tag NAME is VALUE\n"

/* An option renamed or dropped: what to write now, for the usage error. */
struct tool_renamed {
    const char *old; /* as typed: "-d", "--fen" */
    const char *now; /* "--depth N, or DEPTH as an operand" */
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
};

struct tool {
    const char *prog;  /* in every message */
    const char *usage; /* printed by -h/--help, ends with a newline */
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
};

void tool_init(struct tool *t, const char *prog, const char *usage);

/*
 * Handles a common option: returns true when opt was one. -h/--help and
 * --version print and exit 0; a bad --encoding is a usage error (exit 2).
 */
bool tool_common_option(struct tool *t, int opt, const char *arg);
/*
 * Handles -W WHAT, -w/--errors-only and --format: returns true when opt was
 * one of them; a bad argument is a usage error.
 */
bool tool_finding_option(struct tool *t, int opt, const char *arg);
/* Prints "prog: message" and a pointer to --help on stderr; exits 2. */
_Noreturn void tool_usage_error(const struct tool *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The usage error for what getopt_long returned as ':' (a missing argument)
 * or '?' (an unknown option); needs opterr = 0 and a ':' leading optstring. */
_Noreturn void tool_option_error(const struct tool *t, int opt, char *const *argv);
/*
 * What the unknown option typed ("--crosstabel", "-d") was probably meant
 * to be, in out: "now --position FEN" (t->renamed), "could be '--site' or
 * '--strict'", "did you mean '--crosstable'?"; false when nothing is near.
 */
bool tool_suggest_option(char *out, size_t cap, const struct tool *t, const char *typed);
/* Parses a decimal integer in [min, max] or makes it a usage error. */
long tool_parse_long(const struct tool *t, const char *option, const char *arg, long min, long max);

/*
 * Records a system error and says so: "prog: what: reason" on stderr, or
 * with --format json {"type":"error","file":what,"message":reason} on the
 * findings stream.
 */
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
/* The exit status: the worst of the system status and the findings. */
enum tool_exit tool_exit_status(const struct tool *t);

/* ---- diagnostics ---- */

/* "file:line:col: severity: message (game 3, move 12.)", parts unknown left
 * out; "prog: severity: message" when the file is unknown. Control
 * characters of the input are escaped (tool_put_escaped). */
void tool_diag_text(FILE *fp, const char *prog, const struct pdn_diag *d);
/* {"type":"finding",...}: one JSON object on one line; unknown values are null. */
void tool_diag_json(FILE *fp, const struct pdn_diag *d);
/*
 * Writes s[0, n) with its control characters made visible: \t, \n, \r, \xHH
 * for the other C0 ones and DEL, \u0080..\u009f for C1; tabs stay tabs when
 * keep_tabs. Returns the columns written (characters, not bytes).
 */
size_t tool_put_escaped(FILE *fp, const char *s, size_t n, bool keep_tabs);
/* The source line and a caret under column col (1-based, in characters);
 * control characters but tabs escaped, the caret still under its place. */
void tool_diag_excerpt(FILE *fp, uint32_t line_no, const char *line, size_t len, uint32_t col);
/* A JSON string literal with the escapes JSON requires. */
void tool_json_string(FILE *fp, const char *s);
/* The reader callback: counts the finding and prints it (ctx: struct tool). */
void tool_on_diag(const struct pdn_diag *d, void *ctx);

/* ---- choosing games ---- */

/*
 * Handles an option of TOOL_SELECT_LONG_OPTIONS: returns true when opt was
 * one. A value that does not read is a usage error (exit 2). The tool frees
 * t->select with pdn_select_free.
 */
bool tool_select_option(struct tool *t, int opt, const char *arg);

/*
 * One line of a list of games (pdncheck --list, pdnreplay --list), tab-
 * separated: FILE INDEX WHITE BLACK EVENT DATE RESULT PLIES STATUS, a
 * missing tag as "?", control characters escaped (tool_put_escaped);
 * STATUS is "ok", or the first error as "NAME: MESSAGE". With json, one
 * object {"type":"game",...} instead. first_error may be NULL.
 */
void tool_list_game(FILE *fp, bool json, const char *file, const pdn_game *game, unsigned plies,
                    const struct pdn_diag *first_error);

/* ---- inputs ---- */

/*
 * Called for each game read; the game is freed after the call. Returns 0, or
 * a negative PDN_E* code that stops the run (a write failure, say), or a
 * positive value that stops it with nothing wrong (the tool has what it
 * wanted: pdnreplay's one game).
 */
typedef int (*tool_game_fn)(struct tool *t, const pdn_game *game, void *ctx);

/* Reads every operand in turn (none, or "-", is standard input; none on a
 * terminal gets tool_stdin_notice; a folder, every t->input_ext file below
 * it: inputs.h). Returns 0, or the negative code with which fn stopped the
 * run. With t->select, fn sees only the games chosen
 * (with their indexes in the file) and the reader's findings about the
 * others are not reported; a file is read no further than its last game
 * that -g can choose. */
int tool_read_inputs(struct tool *t, int n, char *const *operands, tool_game_fn fn, void *ctx);
/*
 * One entry of a list of inputs (tool_inputs_expand): a file is read as
 * tool_read_inputs reads it; a folder that could not be listed is a system
 * error (counted in t->unreadable); an empty folder or a file left out is
 * said on standard error unless -q. Returns as tool_read_inputs.
 */
int tool_read_input(struct tool *t, const struct tool_input *in, tool_game_fn fn, void *ctx);
/* The operands as a list (none: standard input); out of memory, said and
 * exit 3. */
void tool_list_inputs(struct tool *t, struct tool_inputs *out, int n, char *const *operands);

/*
 * For a tool that reads its games otherwise (csv2pdn): the findings of a
 * game wait for the selection's verdict, as in tool_read_inputs. With
 * t->select, tool_select_hold returns the context of tool_select_on_diag,
 * which holds the findings meant for on_diag(ctx); NULL without a
 * selection (pass findings to on_diag directly). tool_select_release hands
 * over the findings of game 'index' when chosen, drops them otherwise (and
 * those of earlier games); tool_select_end drops what is left and frees.
 * Both accept NULL.
 */
struct tool_selecting;
struct tool_selecting *tool_select_hold(struct tool *t, pdn_diag_fn on_diag, void *ctx);
void tool_select_on_diag(const struct pdn_diag *d, void *ctx);
void tool_select_release(struct tool_selecting *h, size_t index, bool chosen);
void tool_select_end(struct tool_selecting *h);

/* Whether the user's locale writes UTF-8 (boards drawn in Unicode). The
 * locale is set only to ask, then back to "C": reading must not depend on it. */
bool tool_locale_is_utf8(void);

#endif
