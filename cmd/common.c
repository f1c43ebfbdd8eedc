/*
 * common: the helpers every tool shares (see common.h). Tools may print and
 * exit; this file does both on their behalf, in one format. It must not hold
 * PDN logic: reading, checking and writing games belong to libpdn.
 */
#include "common.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
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
    t->input_ext = ".pdn";
    /* Notes are shown when asked for (-W all, -W NAME): by default a run
     * shows what is wrong, not every remark. */
    for (int code = 0; code < PDN_DIAG_COUNT; code++)
        t->hidden[code] = pdn_diag_severity((enum pdn_diag_code)code) == PDN_SEV_NOTE;
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
    case TOOL_OPT_VARIANT: {
        /* A name of the rules table, or any GameType number: an unsupported
         * one is read and written, its moves reported as not checked. */
        enum pdn_variant v;
        char *end;
        long n = strtol(arg, &end, 10);
        if (pdn_variant_parse(&v, arg))
            t->gametype = pdn_rules_get(v)->gametype;
        else if (arg[0] >= '1' && arg[0] <= '9' && *end == '\0' && n < 100)
            t->gametype = (int)n;
        else
            tool_usage_error(t,
                             "--variant wants international, english, russian, brazilian, czech, "
                             "italian or a GameType number, not '%s'",
                             arg);
        return true;
    }
    case TOOL_OPT_DRAW_RULES:
        if (strcmp(arg, "fmjd") == 0)
            t->draw_rules = PDN_DRAW_RULES_FMJD;
        else if (strcmp(arg, "classic") == 0)
            t->draw_rules = PDN_DRAW_RULES_CLASSIC;
        else
            tool_usage_error(t, "--draw-rules wants fmjd or classic, not '%s'", arg);
        return true;
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
    char typed[64], hint[256];
    if (optopt)
        snprintf(typed, sizeof typed, "-%c", optopt);
    else
        snprintf(typed, sizeof typed, "%.*s", (int)strcspn(argv[optind - 1], "="),
                 argv[optind - 1]);
    if (tool_suggest_option(hint, sizeof hint, t, typed))
        tool_usage_error(t, "%s option '%s': %s",
                         strncmp(hint, "could be", 8) == 0 ? "ambiguous" : "unknown", typed, hint);
    tool_usage_error(t, "unknown option '%s'", typed);
}

void tool_usage_error(const struct tool *t, const char *fmt, ...)
{
    va_list ap;
    char buf[1024], *msg = buf; /* arguments are quoted in it: their control characters escaped */
    fprintf(stderr, "%s: ", t->prog);
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf && (msg = malloc((size_t)n + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    if (!msg) msg = buf; /* cut short rather than lost */
    if (n > 0) tool_put_escaped(stderr, msg, strlen(msg), false);
    if (msg != buf) free(msg);
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

enum tool_exit tool_exit_status(const struct tool *t)
{
    bool findings =
        t->findings[PDN_SEV_ERROR] > 0 || (t->warnings_fail && t->findings[PDN_SEV_WARNING]);
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

/* ---- choosing games ---------------------------------------------------------- */

bool tool_select_option(struct tool *t, int opt, const char *arg)
{
    static const struct {
        int opt;
        const char *name;
        enum pdn_select_field field;
        const char *want; /* for a value that does not read */
    } options[] = {
        {'g', "-g", PDN_SELECT_GAMES, "game numbers (3, 3-7, 1,4,9-)"},
        {TOOL_OPT_WHITE, "--white", PDN_SELECT_WHITE, NULL},
        {TOOL_OPT_BLACK, "--black", PDN_SELECT_BLACK, NULL},
        {TOOL_OPT_PLAYER, "--player", PDN_SELECT_PLAYER, NULL},
        {TOOL_OPT_EVENT, "--event", PDN_SELECT_EVENT, NULL},
        {TOOL_OPT_SITE, "--site", PDN_SELECT_SITE, NULL},
        {TOOL_OPT_ROUND, "--round", PDN_SELECT_ROUND, NULL},
        {TOOL_OPT_DATE, "--date", PDN_SELECT_DATE, "a date YYYY[.MM[.DD]] or a range FROM-TO"},
        {TOOL_OPT_RESULT, "--result", PDN_SELECT_RESULT, "a result: 2-0, 1-1, 0-2, 0-0 or *"},
        {TOOL_OPT_GAMETYPE, "--gametype", PDN_SELECT_GAMETYPE, "a GameType number"},
        {TOOL_OPT_TAG, "--tag", PDN_SELECT_TAG, "NAME=VALUE"},
    };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (options[i].opt != opt) continue;
        int err = t->select ? 0 : pdn_select_new(&t->select);
        if (err == 0) err = pdn_select_add(t->select, options[i].field, arg);
        if (err == PDN_EINVAL)
            tool_usage_error(t, "%s wants %s, not '%s'", options[i].name, options[i].want, arg);
        if (err < 0) {
            tool_system_error(t, options[i].name, pdn_error_message(err));
            exit(TOOL_EXIT_SYSTEM);
        }
        return true;
    }
    return false;
}

/* A field of a game list: the value, "?" when missing, escaped. */
static void list_field(FILE *fp, const char *value, bool last)
{
    if (value == NULL) value = "?";
    tool_put_escaped(fp, value, strlen(value), false);
    putc(last ? '\n' : '\t', fp);
}

static void list_json(FILE *fp, const char *file, const pdn_game *game, unsigned plies,
                      const struct pdn_diag *first_error, const char *const tags[5])
{
    static const char *const keys[5] = {"white", "black", "event", "date", "result"};
    fputs("{\"type\":\"game\",\"file\":", fp);
    tool_json_string(fp, file);
    fprintf(fp, ",\"game\":%zu", game->index);
    for (int i = 0; i < 5; i++)
        json_key_string(fp, keys[i], tags[i]);
    fprintf(fp, ",\"plies\":%u", plies);
    json_key_string(fp, "status", first_error ? "error" : "ok");
    if (first_error) {
        char buf[512];
        char *msg = diag_message(buf, sizeof buf, first_error);
        json_key_string(fp, "code", pdn_diag_name(first_error->code));
        json_key_string(fp, "message", msg);
        if (msg != buf) free(msg);
    }
    fputs("}\n", fp);
}

void tool_list_game(FILE *fp, bool json, const char *file, const pdn_game *game, unsigned plies,
                    const struct pdn_diag *first_error)
{
    const char *tags[5] = {pdn_game_tag(game, "White"), pdn_game_tag(game, "Black"),
                           pdn_game_tag(game, "Event"), pdn_game_tag(game, "Date"),
                           pdn_game_tag(game, "Result")};
    if (tags[4] == NULL) tags[4] = game->result_text;
    if (json) {
        list_json(fp, file, game, plies, first_error, tags);
        return;
    }
    list_field(fp, file, false);
    fprintf(fp, "%zu\t", game->index);
    for (int i = 0; i < 5; i++)
        list_field(fp, tags[i], false);
    fprintf(fp, "%u\t", plies);
    if (first_error == NULL) {
        list_field(fp, "ok", true);
        return;
    }
    char buf[512];
    char *msg = diag_message(buf, sizeof buf, first_error);
    fprintf(fp, "%s: ", pdn_diag_name(first_error->code));
    list_field(fp, msg, true);
    if (msg != buf) free(msg);
}

/*
 * The reader's findings while games are chosen: it reports a game's
 * findings before it hands the game over, so they wait here, with copies of
 * their strings, until the selection has judged their game. Findings tied
 * to no game go through at once.
 */
struct held_finding {
    struct pdn_diag d;
    char *strings; /* one block: file, move_number, text, detail */
};

struct selecting {
    struct tool *t;
    pdn_diag_fn on_diag; /* where the findings of chosen games go */
    void *diag_ctx;
    struct held_finding *held;
    size_t n, cap;
};

static const char *copy_part(char **p, const char *s)
{
    if (s == NULL) return NULL;
    char *start = *p;
    size_t n = strlen(s) + 1;
    memcpy(start, s, n);
    *p += n;
    return start;
}

static bool keep_finding(struct selecting *s, const struct pdn_diag *d)
{
    const char *parts[] = {d->file, d->move_number, d->text, d->detail};
    size_t size = 1;
    for (int i = 0; i < 4; i++)
        size += parts[i] ? strlen(parts[i]) + 1 : 0;
    if (!vec_reserve((void **)&s->held, &s->cap, s->n, sizeof *s->held)) return false;
    struct held_finding *h = &s->held[s->n];
    char *p = h->strings = malloc(size);
    if (p == NULL) return false;
    h->d = *d;
    h->d.file = copy_part(&p, d->file);
    h->d.move_number = copy_part(&p, d->move_number);
    h->d.text = copy_part(&p, d->text);
    h->d.detail = copy_part(&p, d->detail);
    s->n++;
    return true;
}

static void selecting_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct selecting *s = ctx;
    /* Out of memory, a finding is shown rather than lost. */
    if (d->game == 0 || !keep_finding(s, d)) s->on_diag(d, s->diag_ctx);
}

/* Game 'index' has been read: its findings go on when it is chosen; they,
 * and those of earlier games never handed over, are dropped otherwise. */
static void release_findings(struct selecting *s, size_t index, bool chosen)
{
    size_t kept = 0;
    for (size_t i = 0; i < s->n; i++) {
        struct held_finding *h = &s->held[i];
        if (h->d.game > index) {
            s->held[kept++] = *h;
            continue;
        }
        if (chosen && h->d.game == index) s->on_diag(&h->d, s->diag_ctx);
        free(h->strings);
    }
    s->n = kept;
}

/* ---- inputs ---------------------------------------------------------------- */

/* A reader failure: always an operational one (findings in the input are
 * reported through the callback, never returned). */
static void read_failed(struct tool *t, const char *name, int err)
{
    t->unreadable++;
    tool_system_error(t, name, err == PDN_EIO ? strerror(errno) : pdn_error_message(err));
}

static int open_input(struct tool *t, pdn_reader **out, const char *operand, struct selecting *sel)
{
    bool std_in = strcmp(operand, "-") == 0;
    struct pdn_reader_options ro = {
        .version = PDN_OPTIONS_VERSION,
        .filename = operand,
        .strict = t->strict,
        .encoding = t->encoding,
        .gametype = t->gametype,
        .on_diag = t->on_diag ? t->on_diag : tool_on_diag,
        .diag_ctx = t->on_diag ? t->diag_ctx : t,
    };
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

static int read_one(struct tool *t, const char *operand, tool_game_fn fn, void *ctx)
{
    pdn_reader *reader;
    struct selecting sel;
    if (open_input(t, &reader, operand, t->select ? &sel : NULL) < 0) return 0;
    t->input = operand;
    int rc = 0, stop = 0;
    bool done = false;
    pdn_game *game;
    while (stop == 0 && !done && (rc = pdn_reader_next(&game, reader)) > 0) {
        bool chosen = pdn_select_match(t->select, game);
        if (t->select) release_findings(&sel, game->index, chosen);
        if (chosen) stop = fn(t, game, ctx);
        done = pdn_select_exhausted(t->select, game->index);
        pdn_game_free(game);
    }
    if (stop == 0 && rc < 0) read_failed(t, operand, rc);
    pdn_reader_free(reader);
    if (t->select) { /* findings of games never handed over belong to none chosen */
        release_findings(&sel, (size_t)-1, false);
        free(sel.held);
    }
    t->input = NULL;
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
    free(h->sel.held);
    free(h);
}

void tool_list_inputs(struct tool *t, struct tool_inputs *out, int n, char *const *operands)
{
    static char *const std_in[] = {"-"};
    if (tool_inputs_expand(out, n ? n : 1, n ? operands : std_in, t->input_ext) == 0) return;
    tool_system_error(t, n ? operands[0] : "-", strerror(ENOMEM));
    exit(TOOL_EXIT_SYSTEM);
}

/* "prog: path: what" on standard error unless -q: an input passed over,
 * which is no error. The name escaped, as in every message. */
static void input_note(const struct tool *t, const char *path, const char *what)
{
    if (t->quiet) return;
    fprintf(stderr, "%s: ", t->prog);
    tool_put_escaped(stderr, path, strlen(path), false);
    fprintf(stderr, ": %s\n", what);
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

bool tool_locale_is_utf8(void)
{
    if (setlocale(LC_CTYPE, "") == NULL) return false;
    const char *cs = nl_langinfo(CODESET);
    bool utf8 = cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
    setlocale(LC_CTYPE, "C");
    return utf8;
}
