/*
 * report: findings and messages in the formats the user reads (see
 * report.h). Each finding is built whole in memory and written at once;
 * nothing here decides what is reported (options.c and the tools do).
 */
#include "common.h"
#include "text.h" /* lib/text.h: text_bidi_control, text_utf8_lead, inline: nothing to link */
#include "vec.h"  /* lib/vec.c, linked into the tools: the one growth helper */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- findings -------------------------------------------------------------- */

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
 * write it as it is. *used is set to its length in bytes. The
 * bidirectional controls are the library's (text_bidi_control), so that a
 * finding's quote escapes what pdn_text_escape escapes. */
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
    else if (text_bidi_control(p, n))
        snprintf(out, 8, "\\u%04x", text_bidi_control(p, n)), *used = p[0] == 0xD8 ? 2 : 3;
}

/* Whether a byte is surely shown as it is, whatever follows it (escape_of
 * decides the others): nearly every byte of a finding. */
static bool shown_as_is(unsigned char c, bool keep_tabs)
{
    return (c >= 0x20 && c != 0x7f && c != 0xC2 && c != 0xD8 && c != 0xE2) ||
           (c == '\t' && keep_tabs);
}

/* Text on its way to fp, gathered so that a finding's line is one fwrite:
 * stdio's locking and dispatch cost more a call than most pieces of a
 * line, and a line had eight. What does not fit goes out as it comes. */
struct line_out {
    FILE *fp;
    size_t len;
    char room[512];
};

/* Not an initialiser, which would clear the room: 72 instructions a line. */
static void line_open(struct line_out *l, FILE *fp)
{
    l->fp = fp;
    l->len = 0;
}

static void line_flush(struct line_out *l)
{
    if (l->len) fwrite(l->room, 1, l->len, l->fp);
    l->len = 0;
}

/* line_put's rare case, out of line: what does not fit the room left. */
static void line_put_past_room(struct line_out *l, const char *s, size_t n)
{
    line_flush(l);
    if (n > sizeof l->room) {
        fwrite(s, 1, n, l->fp);
        return;
    }
    memcpy(l->room, s, n);
    l->len = n;
}

/* Inline, so that a literal's copy is a move or two, not a call. */
static inline void line_put(struct line_out *l, const char *s, size_t n)
{
    if (n > sizeof l->room - l->len) {
        line_put_past_room(l, s, n);
        return;
    }
    memcpy(l->room + l->len, s, n);
    l->len += n;
}

/* A string literal: its length known when compiling. */
#define LINE_LITERAL(l, s) line_put((l), "" s, sizeof(s) - 1)

static void line_puts(struct line_out *l, const char *s)
{
    line_put(l, s, strlen(s));
}

/* A number in decimal, without printf's format parsing. */
static void line_number(struct line_out *l, uintmax_t v)
{
    char buf[24], *p = buf + sizeof buf;
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    line_put(l, p, (size_t)(buf + sizeof buf - p));
}

/* Whether the eight bytes at p are all printable ASCII (0x20-0x7e): each
 * a character shown as it is. A borrow or carry out of a byte flags only
 * a word that has an odd byte anyway. */
static bool printable_word(const unsigned char *p)
{
    const uint64_t ones = 0x0101010101010101u;
    uint64_t w;
    memcpy(&w, p, 8);
    return (((w - ones * 0x20) | w | (w + ones)) & (ones * 0x80)) == 0;
}

/* The bytes shown as they are from p on: eight at a time while they are
 * printable ASCII (most of a finding: a byte at a time was its costliest
 * part), the others (UTF-8, tabs) one by one. */
static const unsigned char *as_is_run(const unsigned char *p, const unsigned char *end,
                                      bool keep_tabs)
{
    for (;;) {
        for (; end - p >= 8 && printable_word(p); p += 8)
            ;
        const unsigned char *stop = end - p > 8 ? p + 8 : end;
        for (; p < stop && shown_as_is(*p, keep_tabs); p++)
            ;
        if (p < stop || p == end) return p;
    }
}

/* The characters of s[0, n): its bytes but UTF-8's continuation bytes. */
static size_t characters(const unsigned char *s, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += text_utf8_lead(s[i]);
    return chars;
}

/* tool_put_escaped into a line: runs of plain bytes at once. The columns
 * written are added to *cols unless it is NULL (a finding's line, which
 * needs no count). */
static void line_escaped(struct line_out *l, const char *s, size_t n, bool keep_tabs, size_t *cols)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        const unsigned char *run = p;
        p = as_is_run(p, end, keep_tabs);
        line_put(l, (const char *)run, (size_t)(p - run));
        if (cols) *cols += characters(run, (size_t)(p - run));
        if (p == end) break;
        char esc[8];
        size_t used;
        escape_of(esc, p, (size_t)(end - p), keep_tabs, &used);
        size_t shown = esc[0] ? strlen(esc) : 1; /* escapes are ASCII: a column a byte */
        line_put(l, esc[0] ? esc : (const char *)p, shown);
        if (cols) *cols += esc[0] ? shown : text_utf8_lead(*p);
        p += used;
    }
}

size_t tool_put_escaped(FILE *fp, const char *s, size_t n, bool keep_tabs)
{
    struct line_out l;
    size_t cols = 0;
    line_open(&l, fp);
    line_escaped(&l, s, n, keep_tabs, &cols);
    line_flush(&l);
    return cols;
}

const char *tool_quote(char out[TOOL_QUOTE_MAX], const char *s)
{
    static const char hex[] = "0123456789abcdef", quoted[] = "{}'\\";
    size_t len = strlen(s), i = 0, n = 1; /* out[1, n): what is shown */
    bool cut = false;
    out[0] = '\'';
    while (i < len && !cut) {
        size_t run = strcspn(s + i, quoted);
        if (run > 0) {
            size_t full = pdn_text_escape(out + n, TOOL_QUOTE_SHOWN + 2 - n, s + i, run);
            size_t wrote = strlen(out + n);
            n += wrote;
            cut = wrote < full;
            i += run;
        } else if (n + 3 <= TOOL_QUOTE_SHOWN) {
            unsigned char c = (unsigned char)s[i++];
            memcpy(out + n, (char[]){'\\', 'x', hex[c >> 4], hex[c & 15]}, 4);
            n += 4;
        } else {
            cut = true;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
    if (cut) snprintf(out + n, TOOL_QUOTE_MAX - n, "... (%zu bytes)", len);
    return out;
}

/* The message of d into the line, escaped. The library writes it in place
 * and one scan finds the first byte to escape, if any (rarely): only the
 * message's rest from there is written again, escaped. A message longer
 * than the room left is built apart. */
static void line_message(struct line_out *l, const struct pdn_diag *d)
{
    size_t room = sizeof l->room - l->len;
    char *at = l->room + l->len;
    size_t n = pdn_diag_message(at, room, d);
    if (n >= room) {
        char buf[512];
        char *msg = diag_message(buf, sizeof buf, d);
        line_escaped(l, msg, strlen(msg), false, NULL);
        if (msg != buf) free(msg);
        return;
    }
    const unsigned char *p = (const unsigned char *)at;
    size_t plain = (size_t)(as_is_run(p, p + n, false) - p);
    l->len += plain;
    if (plain == n) return;
    char rest[sizeof l->room];
    memcpy(rest, at + plain, n - plain);
    line_escaped(l, rest, n - plain, false, NULL);
}

void tool_diag_text(FILE *fp, const char *prog, const struct pdn_diag *d)
{
    struct line_out l;
    line_open(&l, fp);
    /* The compilers' form, which editors read: the program's name only where
     * no file would stand. */
    if (d->file) {
        line_escaped(&l, d->file, strlen(d->file), false, NULL);
    } else {
        line_puts(&l, prog);
        LINE_LITERAL(&l, ": ");
    }
    if (d->line) {
        if (d->file) LINE_LITERAL(&l, ":");
        line_number(&l, d->line);
    }
    if (d->line && d->col) {
        LINE_LITERAL(&l, ":");
        line_number(&l, d->col);
    }
    if (d->file || d->line) LINE_LITERAL(&l, ": ");
    line_puts(&l, pdn_severity_name(pdn_diag_severity(d->code)));
    LINE_LITERAL(&l, ": ");
    line_message(&l, d);
    if (d->game) {
        LINE_LITERAL(&l, " (game ");
        line_number(&l, d->game);
    }
    if (d->move_number) {
        if (d->game)
            LINE_LITERAL(&l, ", move ");
        else
            LINE_LITERAL(&l, " (move ");
        line_puts(&l, d->move_number);
    }
    if (d->game || d->move_number)
        LINE_LITERAL(&l, ")\n");
    else
        LINE_LITERAL(&l, "\n");
    line_flush(&l);
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
        c += text_utf8_lead(*p);
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
    /* The characters before the column, as blanks as wide as they are
     * shown (a Chinese character takes two, a combining accent none);
     * tabs stay tabs so the caret lines up whatever the tab width. */
    size_t before = pdn_text_prefix(line, len, col > 0 ? col - 1 : 0);
    for (size_t i = 0; i < before;) {
        const char *tab = memchr(line + i, '\t', before - i);
        size_t run = tab ? (size_t)(tab - line) - i : before - i;
        fprintf(fp, "%*s", (int)pdn_text_columns(line + i, run), "");
        i += run;
        if (tab) putc('\t', fp), i++;
    }
    fputs("^\n", fp);
    free(escaped);
}

void tool_diag_no_excerpt(FILE *fp, uint32_t line_no, const char *why)
{
    char number[24];
    /* the margin of tool_diag_excerpt: " %5lu | " less its " |" */
    int w = snprintf(number, sizeof number, " %5lu", (unsigned long)line_no) + 1;
    fprintf(fp, "%*s| (%s)\n", w, "", why);
}

void tool_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct tool *t = ctx;
    if ((unsigned)d->code < PDN_DIAG_COUNT && t->hidden[d->code]) return;
    t->findings[pdn_diag_severity(d->code)]++;
    if (!t->json) { /* one line, written at once when it fits 512 bytes */
        tool_diag_text(t->findings_fp, t->prog, d);
        return;
    }
    struct tool_message m;
    tool_diag_json(tool_message_open(&m, t->findings_fp), d);
    tool_message_close(&m);
}

FILE *tool_message_open(struct tool_message *m, FILE *dest)
{
    *m = (struct tool_message){.dest = dest};
    m->fp = open_memstream(&m->text, &m->size);
    return m->fp ? m->fp : dest;
}

void tool_message_close(struct tool_message *m)
{
    if (m->fp && fclose(m->fp) == 0) fwrite(m->text, 1, m->size, m->dest);
    free(m->text);
    m->fp = NULL;
    m->text = NULL;
}

/* ---- keeping a finding ---------------------------------------------------- */

static const char *copy_part(char **p, const char *s)
{
    if (s == NULL) return NULL;
    char *start = *p;
    size_t n = strlen(s) + 1;
    memcpy(start, s, n);
    *p += n;
    return start;
}

char *tool_diag_copy(struct pdn_diag *out, const struct pdn_diag *d)
{
    const char *parts[] = {d->file, d->move_number, d->text, d->detail};
    size_t size = 1;
    for (int i = 0; i < 4; i++)
        size += parts[i] ? strlen(parts[i]) + 1 : 0;
    char *strings = malloc(size), *p = strings;
    if (strings == NULL) return NULL;
    *out = *d;
    out->file = copy_part(&p, d->file);
    out->move_number = copy_part(&p, d->move_number);
    out->text = copy_part(&p, d->text);
    out->detail = copy_part(&p, d->detail);
    return strings;
}

bool tool_findings_keep(struct tool_findings *f, const struct pdn_diag *d)
{
    if (!vec_reserve((void **)&f->items, &f->cap, f->n, sizeof *f->items)) return false;
    struct tool_kept *k = &f->items[f->n];
    if ((k->strings = tool_diag_copy(&k->d, d)) == NULL) return false;
    f->n++;
    return true;
}

/* Stable: a game has few findings, insertion sort. */
void tool_findings_sort(struct tool_findings *f)
{
    struct tool_kept *held = f->items;
    for (size_t i = 1; i < f->n; i++) {
        struct tool_kept h = held[i];
        size_t j = i;
        for (; j > 0; j--) {
            const struct pdn_diag *p = &held[j - 1].d;
            if (p->line < h.d.line || (p->line == h.d.line && p->col <= h.d.col)) break;
            held[j] = held[j - 1];
        }
        held[j] = h;
    }
}

void tool_findings_flush(struct tool_findings *f, struct tool *t)
{
    tool_findings_sort(f);
    for (size_t i = 0; i < f->n; i++) {
        tool_on_diag(&f->items[i].d, t);
        free(f->items[i].strings);
    }
    f->n = 0;
}

void tool_findings_free(struct tool_findings *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->items[i].strings);
    free(f->items);
    *f = (struct tool_findings){0};
}

/* ---- lists of games ------------------------------------------------------- */

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
                           pdn_game_tag(game, "Event"), pdn_game_date(game),
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
