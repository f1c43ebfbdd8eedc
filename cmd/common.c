/*
 * common: the helpers every tool shares (see common.h). Tools may print and
 * exit; this file does both on their behalf, in one format. It must not hold
 * PDN logic: reading, checking and writing games belong to libpdn.
 */
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void tool_init(struct tool *t, const char *prog, const char *usage)
{
    memset(t, 0, sizeof *t);
    t->prog = prog;
    t->usage = usage;
    t->encoding = PDN_ENCODING_AUTO;
    t->findings_fp = stderr;
}

/* ---- options and exit status ---------------------------------------------- */

bool tool_common_option(struct tool *t, int opt, const char *arg)
{
    switch (opt) {
    case 'h':
        fputs(t->usage, stdout);
        tool_exit_flushed((struct tool *)t);
    case TOOL_OPT_VERSION:
        printf("%s (libpdn) %s\n", t->prog, PDN_VERSION);
        tool_exit_flushed((struct tool *)t);
    case TOOL_OPT_STRICT:
        t->strict = true;
        return true;
    case TOOL_OPT_ENCODING: {
        if (!pdn_encoding_parse(&t->encoding, arg))
            tool_usage_error(t, "unknown encoding '%s'", arg);
        return true;
    }
    default:
        return false;
    }
}

/* ---- -W, -w, --format ---- */

static int code_by_name(const char *name)
{
    for (int c = 0; c < PDN_DIAG_COUNT; c++)
        if (strcmp(pdn_diag_name((enum pdn_diag_code)c), name) == 0) return c;
    return -1;
}

/* Hides or shows every warning and note; errors are always reported. */
static void set_all_hidden(struct tool *t, bool hidden)
{
    for (int code = 0; code < PDN_DIAG_COUNT; code++)
        if (pdn_diag_severity((enum pdn_diag_code)code) != PDN_SEV_ERROR) t->hidden[code] = hidden;
}

static void set_code_hidden(struct tool *t, const char *name, bool hidden)
{
    int code = code_by_name(name);
    if (code < 0) tool_usage_error(t, "-W: no diagnostic is called '%s'", name);
    if (pdn_diag_severity((enum pdn_diag_code)code) == PDN_SEV_ERROR)
        tool_usage_error(t, "-W: '%s' is an error and cannot be turned off", name);
    t->hidden[code] = hidden;
}

static void parse_w_word(struct tool *t, const char *word)
{
    if (strcmp(word, "all") == 0)
        set_all_hidden(t, false);
    else if (strcmp(word, "none") == 0)
        set_all_hidden(t, true);
    else if (strcmp(word, "error") == 0)
        t->warnings_fail = true;
    else if (strncmp(word, "no-", 3) == 0)
        set_code_hidden(t, word + 3, true);
    else
        set_code_hidden(t, word, false);
}

/* -W takes a comma-separated list, applied left to right. */
static void parse_w(struct tool *t, const char *arg)
{
    char word[64];
    for (const char *p = arg;; p++) {
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof word) tool_usage_error(t, "-W: bad list '%s'", arg);
        memcpy(word, p, n);
        word[n] = '\0';
        parse_w_word(t, word);
        p += n;
        if (*p == '\0') break;
    }
}

bool tool_finding_option(struct tool *t, int opt, const char *arg)
{
    switch (opt) {
    case 'W':
        parse_w(t, arg);
        return true;
    case 'w':
        set_all_hidden(t, true);
        return true;
    case TOOL_OPT_FORMAT:
        if (strcmp(arg, "json") == 0)
            t->json = true;
        else if (strcmp(arg, "text") == 0)
            t->json = false;
        else
            tool_usage_error(t, "--format wants 'text' or 'json', not '%s'", arg);
        return true;
    default:
        return false;
    }
}

void tool_option_error(const struct tool *t, int opt, char *const *argv)
{
    if (opt == ':') tool_usage_error(t, "option '%s' needs an argument", argv[optind - 1]);
    if (optopt) tool_usage_error(t, "unknown option '-%c'", optopt);
    tool_usage_error(t, "unknown option '%s'", argv[optind - 1]);
}

void tool_usage_error(const struct tool *t, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", t->prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", t->prog);
    exit(TOOL_EXIT_USAGE);
}

long tool_parse_long(const struct tool *t, const char *option, const char *arg, long min, long max)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (end == arg || *end != '\0' || errno == ERANGE || v < min || v > max)
        tool_usage_error(t, "%s wants a number from %ld to %ld, not '%s'", option, min, max, arg);
    return v;
}

void tool_system_error(struct tool *t, const char *what, const char *reason)
{
    if (t->json) {
        fputs("{\"type\":\"error\",\"file\":", t->findings_fp);
        tool_json_string(t->findings_fp, what);
        fputs(",\"message\":", t->findings_fp);
        tool_json_string(t->findings_fp, reason);
        fputs("}\n", t->findings_fp);
    } else {
        fprintf(stderr, "%s: ", t->prog);
        tool_put_escaped(stderr, what, strlen(what), false);
        fprintf(stderr, ": %s\n", reason);
    }
    if (t->status < TOOL_EXIT_SYSTEM) t->status = TOOL_EXIT_SYSTEM;
}

void tool_stdout_error(struct tool *t, int err)
{
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

enum tool_exit tool_exit_status(const struct tool *t)
{
    bool findings = t->findings[PDN_SEV_ERROR] > 0 || (t->warnings_fail && t->findings[PDN_SEV_WARNING]);
    if (t->status > TOOL_EXIT_CLEAN) return t->status;
    return findings ? TOOL_EXIT_FINDINGS : TOOL_EXIT_CLEAN;
}

/* ---- diagnostics ---------------------------------------------------------- */

/* The message in a buffer, allocated only when it does not fit. */
static char *diag_message(char *buf, size_t cap, const struct pdn_diag *d)
{
    size_t n = pdn_diag_message(buf, cap, d);
    if (n < cap) return buf;
    char *big = malloc(n + 1);
    if (big == NULL) return buf; /* truncated rather than nothing */
    pdn_diag_message(big, n + 1, d);
    return big;
}

void tool_diag_text(FILE *fp, const char *prog, const struct pdn_diag *d)
{
    char buf[512];
    char *msg = diag_message(buf, sizeof buf, d);
    /* The compilers' form, which editors read: the program's name only where
     * no file would stand. */
    if (d->file)
        tool_put_escaped(fp, d->file, strlen(d->file), false);
    else
        fprintf(fp, "%s: ", prog);
    if (d->line) fprintf(fp, "%s%lu", d->file ? ":" : "", (unsigned long)d->line);
    if (d->line && d->col) fprintf(fp, ":%lu", (unsigned long)d->col);
    if (d->file || d->line) fputs(": ", fp);
    fprintf(fp, "%s: ", pdn_severity_name(pdn_diag_severity(d->code)));
    tool_put_escaped(fp, msg, strlen(msg), false);
    if (d->game && d->move_number)
        fprintf(fp, " (game %zu, move %s)", d->game, d->move_number);
    else if (d->game)
        fprintf(fp, " (game %zu)", d->game);
    else if (d->move_number)
        fprintf(fp, " (move %s)", d->move_number);
    putc('\n', fp);
    if (msg != buf) free(msg);
}

void tool_json_string(FILE *fp, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    putc('"', fp);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const char *esc = NULL;
        switch (*p) {
        case '"':
            esc = "\\\"";
            break;
        case '\\':
            esc = "\\\\";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\t':
            esc = "\\t";
            break;
        case '\b':
            esc = "\\b";
            break;
        case '\f':
            esc = "\\f";
            break;
        default:
            break;
        }
        if (esc)
            fputs(esc, fp);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(fp, "\\u00%c%c", hex[*p >> 4], hex[*p & 15]);
        else
            putc(*p, fp);
    }
    putc('"', fp);
}

static void json_key_string(FILE *fp, const char *key, const char *value)
{
    fprintf(fp, ",\"%s\":", key);
    if (value)
        tool_json_string(fp, value);
    else
        fputs("null", fp);
}

static void json_key_number(FILE *fp, const char *key, unsigned long value)
{
    if (value)
        fprintf(fp, ",\"%s\":%lu", key, value);
    else
        fprintf(fp, ",\"%s\":null", key);
}

void tool_diag_json(FILE *fp, const struct pdn_diag *d)
{
    char buf[512];
    char *msg = diag_message(buf, sizeof buf, d);
    fputs("{\"type\":\"finding\",\"file\":", fp);
    if (d->file)
        tool_json_string(fp, d->file);
    else
        fputs("null", fp);
    json_key_number(fp, "line", d->line);
    json_key_number(fp, "column", d->line ? d->col : 0);
    json_key_number(fp, "game", d->game);
    json_key_string(fp, "move", d->move_number);
    json_key_string(fp, "severity", pdn_severity_name(pdn_diag_severity(d->code)));
    json_key_string(fp, "code", pdn_diag_name(d->code));
    json_key_string(fp, "message", msg);
    json_key_string(fp, "text", d->text);
    fputs("}\n", fp);
    if (msg != buf) free(msg);
}

/* How a character is shown: its escape in out (NUL-terminated), or "" to
 * write it as it is. *used is set to its length in bytes. */
static void escape_of(char out[8], const unsigned char *p, size_t n, bool keep_tabs, size_t *used)
{
    static const char hex[] = "0123456789abcdef";
    *used = 1;
    out[0] = '\0';
    if (*p == '\t' && !keep_tabs)
        strcpy(out, "\\t");
    else if (*p == '\n')
        strcpy(out, "\\n");
    else if (*p == '\r')
        strcpy(out, "\\r");
    else if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
        snprintf(out, 8, "\\x%c%c", hex[*p >> 4], hex[*p & 15]);
    else if (*p == 0xC2 && n > 1 && p[1] >= 0x80 && p[1] <= 0x9F) /* C1, in UTF-8 */
        snprintf(out, 8, "\\u00%c%c", hex[p[1] >> 4], hex[p[1] & 15]), *used = 2;
}

size_t tool_put_escaped(FILE *fp, const char *s, size_t n, bool keep_tabs)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t cols = 0;
    while (p < end) {
        char esc[8];
        size_t used;
        escape_of(esc, p, (size_t)(end - p), keep_tabs, &used);
        if (esc[0]) {
            fputs(esc, fp);
            cols += strlen(esc);
        } else {
            putc(*p, fp);
            cols += (*p & 0xC0) != 0x80;
        }
        p += used;
    }
    return cols;
}

/* A copy of line with its control characters escaped, and *col moved to
 * the same character in it; NULL when nothing needs escaping (or no memory:
 * then the line is shown as it is rather than not at all). */
static char *escaped_line(const char *line, size_t *len, uint32_t *col)
{
    char *copy = NULL;
    size_t size = 0;
    FILE *fp = open_memstream(&copy, &size);
    if (fp == NULL) return NULL;
    size_t n = *len;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        n--;
    const unsigned char *p = (const unsigned char *)line, *end = p + n;
    bool changed = false;
    uint32_t c = 1, shift = 0;
    while (p < end) {
        char esc[8];
        size_t used;
        escape_of(esc, p, (size_t)(end - p), true, &used);
        if (esc[0]) {
            changed = true;
            if (c < *col) shift += (uint32_t)strlen(esc) - 1;
            fputs(esc, fp);
        } else {
            putc(*p, fp);
        }
        c += (*p & 0xC0) != 0x80;
        p += used;
    }
    if (fclose(fp) != 0 || !changed) {
        free(copy);
        return NULL;
    }
    *len = size;
    *col += shift;
    return copy;
}

void tool_diag_excerpt(FILE *fp, uint32_t line_no, const char *line, size_t len, uint32_t col)
{
    char *escaped = escaped_line(line, &len, &col);
    if (escaped) line = escaped;

    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    int w = fprintf(fp, " %5lu | ", (unsigned long)line_no) - 2;
    fwrite(line, 1, len, fp);
    fprintf(fp, "\n%*s| ", w, "");
    /* Tabs stay tabs so the caret lines up whatever the tab width. */
    uint32_t c = 1;
    for (size_t i = 0; i < len && c < col; c++) {
        putc(line[i] == '\t' ? '\t' : ' ', fp);
        i += pdn_text_prefix(line + i, len - i, 1);
    }
    fputs("^\n", fp);
    free(escaped);
}

void tool_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct tool *t = ctx;
    if ((unsigned)d->code < PDN_DIAG_COUNT && t->hidden[d->code]) return;
    t->findings[pdn_diag_severity(d->code)]++;
    if (t->json)
        tool_diag_json(t->findings_fp, d);
    else
        tool_diag_text(t->findings_fp, t->prog, d);
}

/* ---- inputs ---------------------------------------------------------------- */

/* A reader failure: always an operational one (findings in the input are
 * reported through the callback, never returned). */
static void read_failed(struct tool *t, const char *name, int err)
{
    tool_system_error(t, name, err == PDN_EIO ? strerror(errno) : pdn_error_message(err));
}

static int open_input(struct tool *t, pdn_reader **out, const char *operand)
{
    bool std_in = strcmp(operand, "-") == 0;
    struct pdn_reader_options ro = {.version = PDN_OPTIONS_VERSION, 
        .filename = operand,
        .strict = t->strict,
        .encoding = t->encoding,
        .on_diag = t->on_diag ? t->on_diag : tool_on_diag,
        .diag_ctx = t->on_diag ? t->diag_ctx : t,
    };
    errno = 0;
    int err = std_in ? pdn_reader_open_fd(out, STDIN_FILENO, &ro)
                     : pdn_reader_open_file(out, operand, &ro);
    if (err < 0) read_failed(t, operand, err);
    return err;
}

static int read_one(struct tool *t, const char *operand, tool_game_fn fn, void *ctx)
{
    pdn_reader *reader;
    if (open_input(t, &reader, operand) < 0) return 0;
    t->input = operand;
    int rc = 0, stop = 0;
    pdn_game *game;
    while (stop == 0 && (rc = pdn_reader_next(&game, reader)) > 0) {
        stop = fn(t, game, ctx);
        pdn_game_free(game);
    }
    if (stop == 0 && rc < 0) read_failed(t, operand, rc);
    pdn_reader_free(reader);
    t->input = NULL;
    return stop;
}

int tool_read_inputs(struct tool *t, int n, char *const *operands, tool_game_fn fn, void *ctx)
{
    if (n == 0) {
        tool_stdin_notice(t);
        return read_one(t, "-", fn, ctx);
    }
    for (int i = 0; i < n; i++) {
        int stop = read_one(t, operands[i], fn, ctx);
        if (stop) return stop;
    }
    return 0;
}

/* ---- output ---------------------------------------------------------------- */

/* The temporary file to remove should a signal end the run. */
static char pending_tmp[PATH_MAX];
static volatile sig_atomic_t have_pending;

static void on_fatal_signal(int sig)
{
    if (have_pending) unlink(pending_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void guard_signals(const char *tmp)
{
    static const int sigs[] = {SIGHUP, SIGINT, SIGTERM, SIGPIPE};
    snprintf(pending_tmp, sizeof pending_tmp, "%s", tmp);
    have_pending = 1;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa = {.sa_handler = on_fatal_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

/* "dir/.name.XXXXXX": beside the target, so rename(2) stays in one file system. */
static char *temp_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    size_t n = strlen(path) + sizeof "/..XXXXXX";
    char *tmp = malloc(n);
    if (tmp) snprintf(tmp, n, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    return tmp;
}

/* The mode a new file would get, or the existing file's: the rename must not
 * leave mkstemp's 0600 behind. */
static mode_t target_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0) return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

int tool_output_open(struct tool *t, struct tool_output *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fp = stdout;
        return 0;
    }
    o->path = strdup(path);
    o->tmp = temp_name(path);
    int fd = o->path && o->tmp ? mkstemp(o->tmp) : -1;
    if (fd < 0 || fchmod(fd, target_mode(path)) != 0 || (o->fp = fdopen(fd, "w")) == NULL) {
        int e = o->tmp ? errno : ENOMEM;
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        tool_system_error(t, path, strerror(e));
        free(o->path);
        free(o->tmp);
        memset(o, 0, sizeof *o);
        return -1;
    }
    guard_signals(o->tmp);
    return 0;
}

static int finish_file(struct tool_output *o)
{
    int rc = 0;
    if (fflush(o->fp) != 0 || ferror(o->fp) || fsync(fileno(o->fp)) != 0) rc = -1;
    int e = errno;
    if (fclose(o->fp) != 0 && rc == 0) rc = -1, e = errno;
    if (rc == 0 && rename(o->tmp, o->path) != 0) rc = -1, e = errno;
    errno = e;
    return rc;
}

int tool_output_close(struct tool *t, struct tool_output *o, bool commit)
{
    int rc = 0;
    if (o->path == NULL) { /* standard output */
        errno = 0;
        if (o->err || (o->fp && (fflush(o->fp) != 0 || ferror(o->fp)))) {
            tool_stdout_error(t, o->err ? o->err : errno);
            rc = -1;
        }
        return rc;
    }
    if (o->err) {
        tool_system_error(t, o->path, strerror(o->err));
        commit = false;
        rc = -1;
    }
    if (commit) {
        rc = finish_file(o);
        if (rc != 0) tool_system_error(t, o->path, strerror(errno));
    } else {
        fclose(o->fp);
    }
    if (!commit || rc != 0) unlink(o->tmp);
    have_pending = 0;
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    return rc;
}
