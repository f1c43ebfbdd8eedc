/*
 * common: the tool's state, operational messages and the exit status (see
 * common.h). Tools may print and exit; this file does both on their behalf,
 * in one format. It must not hold PDN logic: reading, checking and writing
 * games belong to libpdn.
 */
#include "common.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void tool_init(struct tool *t, const char *prog, const char *usage)
{
    memset(t, 0, sizeof *t);
#ifdef __GLIBC__
    /* Memory freed at the top of the heap is kept for the next game, not
     * handed back to the system as each game ends: by default glibc trims
     * past 128 kB, and a game's replay frees 40 kB of move lists there
     * (pdncheck on 100 MB made 11,861 brk calls; none now, and 4 to 5 %
     * less CPU time). */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
    t->prog = prog;
    t->usage = usage;
    t->encoding = PDN_ENCODING_AUTO;
    t->findings_fp = stderr;
    t->input_ext = ".pdn";
    /* Notes are shown when asked for (-W all, -W NAME): by default a run
     * shows what is wrong, not every remark. */
    for (int code = 0; code < PDN_DIAG_COUNT; code++)
        t->hidden[code] = pdn_diag_severity((enum pdn_diag_code)code) == PDN_SEV_NOTE;
}

void tool_file_message(const struct tool *t, const char *type, const char *what, const char *reason)
{
    struct tool_message m;
    FILE *fp = tool_message_open(&m, t->json ? t->findings_fp : stderr);
    if (t->json) {
        fprintf(fp, "{\"type\":\"%s\",\"file\":", type);
        tool_json_string(fp, what);
        fputs(",\"message\":", fp);
        tool_json_string(fp, reason);
        fputs("}\n", fp);
    } else {
        fprintf(fp, "%s: ", t->prog);
        tool_put_escaped(fp, what, strlen(what), false);
        fprintf(fp, ": %s\n", reason);
    }
    tool_message_close(&m);
}

void tool_system_error(struct tool *t, const char *what, const char *reason)
{
    tool_file_message(t, "error", what, reason);
    if (t->status < TOOL_EXIT_SYSTEM) t->status = TOOL_EXIT_SYSTEM;
}

void tool_fatal(struct tool *t, const char *what, const char *reason)
{
    tool_system_error(t, what, reason);
    exit(tool_exit_status(t));
}

void tool_out_of_memory(struct tool *t)
{
    tool_fatal(t, "memory", strerror(ENOMEM));
}

void tool_stdout_error(struct tool *t, int err)
{
    if (t->stdout_failed) return; /* said once */
    t->stdout_failed = true;
    fprintf(stderr, "%s: standard output: %s\n", t->prog, strerror(err ? err : EIO));
    if (t->status < TOOL_EXIT_SYSTEM) t->status = TOOL_EXIT_SYSTEM;
}

bool tool_stdout_flush(struct tool *t)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return true;
    tool_stdout_error(t, errno);
    return false;
}

void tool_exit_flushed(struct tool *t)
{
    tool_stdout_flush(t);
    exit(tool_exit_status(t));
}

void tool_stdin_notice(const struct tool *t)
{
    if (!t->quiet && isatty(STDIN_FILENO))
        fprintf(stderr, "%s: reading standard input (end with Ctrl-D)\n", t->prog);
}

void tool_list_inputs(struct tool *t, struct tool_inputs *out, int n, char *const *operands)
{
    static char *const std_in[] = {"-"};
    if (tool_inputs_expand(out, n ? n : 1, n ? operands : std_in, t->input_ext) == 0) return;
    tool_fatal(t, n ? operands[0] : "-", strerror(ENOMEM));
}

/* One stream in blocks of BLOCK bytes when it is not a terminal. glibc
 * gives files, pipes and /dev/null 4 kB (st_blksize) and standard error no
 * buffer at all: pdn2csv on 100 MB of games made 72,151 write calls, 47,307
 * of them one finding each, and spent a tenth of its CPU time in them. A
 * terminal keeps its mode, so a reader there sees each finding as it
 * comes; everything still goes out at exit, which flushes the streams. */
enum { BLOCK = 64 << 10 };
static char stdout_block[BLOCK], stderr_block[BLOCK];

/* The buffer given, not NULL: glibc ignores the size without one. */
static void buffer_unless_terminal(FILE *fp, int fd, char *block)
{
    if (!isatty(fd)) setvbuf(fp, block, _IOFBF, BLOCK);
}

void tool_buffer_output(void)
{
    buffer_unless_terminal(stdout, STDOUT_FILENO, stdout_block);
    buffer_unless_terminal(stderr, STDERR_FILENO, stderr_block);
}

enum tool_exit tool_exit_status(const struct tool *t)
{
    bool findings =
        t->findings[PDN_SEV_ERROR] > 0 || (t->warnings_fail && t->findings[PDN_SEV_WARNING]);
    if (t->status > TOOL_EXIT_CLEAN) return t->status;
    return findings ? TOOL_EXIT_FINDINGS : TOOL_EXIT_CLEAN;
}

bool tool_locale_is_utf8(void)
{
    if (setlocale(LC_CTYPE, "") == NULL) return false;
    const char *cs = nl_langinfo(CODESET);
    bool utf8 = cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
    setlocale(LC_CTYPE, "C");
    return utf8;
}

int tool_move_order(const void *a, const void *b)
{
    const struct pdn_move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    return memcmp(x->path, y->path, sizeof x->path);
}
