/*
 * options: the options every tool shares and the usage errors (see
 * options.h). A bad option or argument ends the run here with status 2;
 * -h/--help and --version end it with 0. No PDN logic: the values are
 * parsed by libpdn where it has a parser (encodings, variants, selections).
 */
#include "common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool tool_common_option(struct tool *t, int opt, const char *arg)
{
    switch (opt) {
    case 'h':
        fputs(t->usage, stdout);
        if (t->usage_more) fputs(t->usage_more, stdout);
        tool_exit_flushed((struct tool *)t);
    case TOOL_OPT_VERSION:
        printf("%s (libpdn) %s\n", t->prog, PDN_VERSION);
        tool_exit_flushed((struct tool *)t);
    case 'q':
        t->quiet = true;
        return true;
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
    case TOOL_OPT_DRAW_RULES: {
        static const char *const names[] = {"fmjd", "classic", NULL};
        static const enum pdn_draw_rules rules[] = {PDN_DRAW_RULES_FMJD, PDN_DRAW_RULES_CLASSIC};
        t->draw_rules = rules[tool_parse_keyword(t, "--draw-rules", arg, names, "fmjd or classic")];
        return true;
    }
    default:
        return false;
    }
}

/* ---- -W, -w, --format ------------------------------------------------------ */

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
    /* An error is always reported: asked for by name ("-W none,illegal-move"
     * to see only those), it is not turned on, nor are the others off. */
    if (pdn_diag_severity((enum pdn_diag_code)code) == PDN_SEV_ERROR)
        tool_usage_error(t,
                         hidden ? "-W: '%s' is an error and cannot be turned off"
                                : "-W: '%s' is an error, always reported: -W chooses the "
                                  "warnings and notes",
                         name);
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
    case TOOL_OPT_FORMAT: {
        static const char *const names[] = {"text", "json", NULL};
        t->json = tool_parse_keyword(t, "--format", arg, names, "'text' or 'json'") == 1;
        return true;
    }
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
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf && (msg = malloc((size_t)n + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    if (!msg) msg = buf; /* cut short rather than lost */
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp, "%s: ", t->prog);
    if (n > 0) tool_put_escaped(fp, msg, strlen(msg), false);
    fprintf(fp, "\nTry '%s --help' for more information.\n", t->prog);
    tool_message_close(&m);
    if (msg != buf) free(msg);
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

int tool_parse_keyword(const struct tool *t, const char *option, const char *arg,
                       const char *const *names, const char *wants)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(arg, names[i]) == 0) return i;
    tool_usage_error(t, "%s wants %s, not '%s'", option, wants, arg);
}

char tool_parse_delimiter(const struct tool *t, const char *arg)
{
    if (strcmp(arg, "\\t") == 0 || strcmp(arg, "tab") == 0) return '\t';
    if (strlen(arg) != 1 || arg[0] == '"' || arg[0] == '\r' || arg[0] == '\n' ||
        (unsigned char)arg[0] >= 0x80)
        tool_usage_error(t, "-d wants one ASCII character other than '\"', not '%s'", arg);
    return arg[0];
}

void tool_variant_list(char *out, size_t cap, bool wrap)
{
    size_t n = 0, col = 0;
    out[0] = '\0';
    for (int v = 0; v < PDN_VARIANT_COUNT && n < cap; v++) {
        const struct pdn_rules *r = pdn_rules_get((enum pdn_variant)v);
        bool last = v + 1 == PDN_VARIANT_COUNT;
        const char *sep = v == 0 ? "" : last ? " or " : ", ";
        size_t len = strlen(sep) + strlen(r->name) + 5;
        if (wrap && v > 0 && col + len > 52) {
            sep = last ? "\n                         or " : ",\n                         ";
            col = len - 2;
        } else {
            col += len;
        }
        n += (size_t)snprintf(out + n, cap - n, "%s%s (%d)", sep, r->name, r->gametype);
    }
}

enum pdn_variant tool_parse_variant(const struct tool *t, const char *arg)
{
    enum pdn_variant v;
    if (pdn_variant_parse(&v, arg)) return v;
    char variants[512];
    tool_variant_list(variants, sizeof variants, false);
    tool_usage_error(t, "--variant wants %s, not '%s'", variants, arg);
}

/* ---- a tool's options as data ------------------------------------------------ */

static const struct option finding_entries[] = {TOOL_FINDING_LONG_OPTIONS, {NULL, 0, NULL, 0}};
static const struct option common_entries[] = {TOOL_COMMON_LONG_OPTIONS, {NULL, 0, NULL, 0}};
static const struct option help_entries[] = {TOOL_HELP_LONG_OPTIONS, {NULL, 0, NULL, 0}};

const struct tool_option_part tool_finding_part = {finding_entries, "W:w", tool_finding_option};
const struct tool_option_part tool_common_part = {common_entries, "h", tool_common_option};
const struct tool_option_part tool_help_part = {help_entries, "h", tool_common_option};

/* A table of own options ends with an entry of neither name nor letter. */
static bool own_end(const struct tool_option *o)
{
    return !o->name && !o->letter;
}

static bool same_deed(const struct tool_option *a, const struct tool_option *b)
{
    return a->has_arg == b->has_arg && a->does == b->does && a->field == b->field &&
           a->min == b->min && a->max == b->max && a->call == b->call;
}

/* The getopt_long code of an own option: its letter, or a code from the
 * tool's range; two names that do the same (--analyse, --analyze) share
 * one, so that getopt_long takes a prefix of both for either. */
static int own_code(const struct tool_option *own, size_t i)
{
    if (own[i].letter) return own[i].letter;
    size_t first = 0;
    while (own[first].letter || !same_deed(&own[first], &own[i]))
        first++;
    return TOOL_OPT_FIRST_FREE + (int)first;
}

/* The table and the optstring of one parse: a tool parses once, and
 * t->long_options points here for the suggestions of its usage errors. */
enum { TABLE_MAX = 96 };
static struct option parse_table[TABLE_MAX];
static char optstring[2 * TABLE_MAX];

static void add_entry(struct tool *t, size_t *n, struct option entry)
{
    if (*n + 1 >= TABLE_MAX) tool_fatal(t, "options", "too many for the table");
    parse_table[(*n)++] = entry;
}

static void build_table(struct tool *t, const struct tool_option *own,
                        const struct tool_option_part *const *parts)
{
    size_t n = 0, len = 1;
    optstring[0] = ':'; /* a missing argument is ':', told apart from '?' */
    for (size_t i = 0; !own_end(&own[i]); i++) {
        if (own[i].name)
            add_entry(t, &n, (struct option){own[i].name, own[i].has_arg, NULL, own_code(own, i)});
        if (!own[i].letter) continue;
        optstring[len++] = (char)own[i].letter;
        if (own[i].has_arg == required_argument) optstring[len++] = ':';
    }
    for (size_t p = 0; parts[p]; p++) {
        for (const struct option *e = parts[p]->entries; e->name; e++)
            add_entry(t, &n, *e);
        size_t more = strlen(parts[p]->letters);
        if (len + more >= sizeof optstring) tool_fatal(t, "options", "too many letters");
        memcpy(optstring + len, parts[p]->letters, more);
        len += more;
    }
    parse_table[n] = (struct option){NULL, 0, NULL, 0};
    optstring[len] = '\0';
}

/* What an own option stores: one of these, copied into its field. */
union stored {
    bool flag;
    int number;
    long big;
    double seconds;
    unsigned bits;
    const char *text;
};

/* The value of an option that stores a number (int, long or double), in
 * v; its size. */
static size_t number_value(struct tool *t, const struct tool_option *o, const char *arg,
                           union stored *v)
{
    char option[64];
    if (o->name)
        snprintf(option, sizeof option, "--%s", o->name);
    else
        snprintf(option, sizeof option, "-%c", o->letter);
    long n = o->does == TOOL_SETS_VALUE     ? o->min
             : o->does == TOOL_SETS_VARIANT ? (long)tool_parse_variant(t, arg)
                                            : tool_parse_long(t, option, arg, o->min, o->max);
    if (o->does == TOOL_SETS_LONG) {
        v->big = n;
        return sizeof v->big;
    }
    if (o->does == TOOL_SETS_SECONDS) {
        v->seconds = (double)n;
        return sizeof v->seconds;
    }
    v->number = (int)n;
    return sizeof v->number;
}

static void do_own(struct tool *t, void *state, const struct tool_option *o, const char *arg)
{
    char *at = (char *)state + o->field;
    union stored v;
    size_t size;
    switch (o->does) {
    case TOOL_CALLS:
        o->call(t, state, o->has_arg == no_argument ? NULL : arg);
        return;
    case TOOL_SETS_TRUE:
    case TOOL_SETS_FALSE:
        v.flag = o->does == TOOL_SETS_TRUE;
        size = sizeof v.flag;
        break;
    case TOOL_SETS_TEXT:
        v.text = arg;
        size = sizeof v.text;
        break;
    case TOOL_SETS_BITS:
        memcpy(&v.bits, at, sizeof v.bits);
        v.bits |= (unsigned)o->min;
        size = sizeof v.bits;
        break;
    default:
        size = number_value(t, o, arg, &v);
    }
    memcpy(at, &v, size); /* the member stored starts the union */
}

static bool own_option(struct tool *t, void *state, const struct tool_option *own, int opt,
                       const char *arg)
{
    for (size_t i = 0; !own_end(&own[i]); i++) {
        if (own_code(own, i) != opt) continue;
        do_own(t, state, &own[i], arg);
        return true;
    }
    return false;
}

static bool part_option(struct tool *t, const struct tool_option_part *const *parts, int opt,
                        const char *arg)
{
    for (size_t p = 0; parts[p]; p++)
        if (parts[p]->handle(t, opt, arg)) return true;
    return false;
}

void tool_parse_options(struct tool *t, void *state, const struct tool_option *own,
                        const struct tool_option_part *const *parts, int argc, char **argv)
{
    build_table(t, own, parts);
    t->long_options = parse_table;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, optstring, parse_table, NULL)) != -1)
        if (!own_option(t, state, own, opt, optarg) && !part_option(t, parts, opt, optarg))
            tool_option_error(t, opt, argv);
}
