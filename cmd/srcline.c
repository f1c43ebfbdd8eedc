/*
 * srcline: pdncheck -v's source lines and excerpts (srcline.h).
 */
#include "srcline.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool line_append(struct srcline *l, const char *s, size_t n)
{
    if (l->len + n > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        while (cap < l->len + n)
            cap *= 2;
        char *text = realloc(l->text, cap);
        if (text == NULL) return false;
        l->text = text, l->cap = cap;
    }
    memcpy(l->text + l->len, s, n);
    l->len += n;
    l->cols += (uint32_t)pdn_text_width(s, n);
    return true;
}

/* The kept line begins again at line g->start.line: no gap wider than
 * EXCERPT_WIDTH before the game is kept as blanks. */
void srcline_restart(struct srcline *l, const pdn_game *g)
{
    l->len = l->cols = 0;
    l->line = g->start.line;
    l->first = g->start.col > 1 + EXCERPT_WIDTH ? g->start.col : 1;
    /* what stands before a game that starts far on is not kept at all */
    l->pad[0] = (struct pad){1, l->first};
    l->pad[1] = (struct pad){0, 0};
}

/* The first line of g's text added to the kept line, the gap before it as
 * blanks. */
void srcline_extend(struct srcline *l, const pdn_game *g)
{
    bool ok = true;
    uint32_t end = l->first + l->cols;
    l->pad[1] = l->pad[0];
    l->pad[0] = (struct pad){end, g->start.col > end ? g->start.col : end};
    while (ok && l->first + l->cols < g->start.col)
        ok = line_append(l, " ", 1);
    const char *nl = memchr(g->raw, '\n', g->raw_len);
    if (ok) ok = line_append(l, g->raw, nl ? (size_t)(nl - g->raw) : g->raw_len);
    if (!ok) l->line = 0; /* no excerpt rather than a wrong one */
}

/* Of the text before column col (the games before on the line), an
 * excerpt of a later game shows at most the last EXCERPT_WIDTH
 * characters: a line of many games keeps no more. */
void srcline_trim(struct srcline *l, uint32_t col)
{
    if (l->line == 0 || col < l->first || col - l->first <= 2 * EXCERPT_WIDTH) return;
    uint32_t drop = col - l->first - EXCERPT_WIDTH;
    size_t cut = pdn_text_prefix(l->text, l->len, drop);
    memmove(l->text, l->text + cut, l->len - cut);
    l->len -= cut;
    l->first += drop;
    l->cols -= drop;
    for (int i = 0; i < 2; i++) {
        struct pad *p = &l->pad[i];
        if (p->to <= l->first)
            *p = (struct pad){0, 0};
        else if (p->from < l->first)
            p->from = l->first;
    }
}

/* The blanks of the kept line that column col of line 'line' is in, text
 * the reader did not keep; NULL for none. */
struct pad *srcline_pad_at(struct srcline *l, uint32_t line, uint32_t col)
{
    for (int i = 0; line == l->line && i < 2; i++)
        if (col >= l->pad[i].from && col < l->pad[i].to) return &l->pad[i];
    return NULL;
}

/* A finding in the blanks at the start of the kept line showed that they
 * are no blanks (words above a game's tags): the line starts after them
 * from then on, shown after "...". Blanks between games stay. */
void srcline_unpad(struct srcline *l, struct pad *p)
{
    if (p->from != l->first) return;
    size_t n = p->to - p->from; /* blanks, a byte each */
    memmove(l->text, l->text + n, l->len - n);
    l->len -= n;
    l->cols -= (uint32_t)n;
    l->first = p->to;
    *p = (struct pad){0, 0};
}

/* The byte where the last line of the game's text starts. */
static size_t last_line_start(const pdn_game *g)
{
    size_t i = g->raw_len;
    while (i > 0 && g->raw[i - 1] != '\n')
        i--;
    return i;
}

/* The number of the line the game's text ends on. */
uint32_t srcline_last_line(const pdn_game *g)
{
    uint32_t lines = 0;
    for (const char *p = g->raw, *end = p + last_line_start(g); p < end; p++)
        lines += *p == '\n';
    return g->start.line + lines;
}

/* After a game: the line its text ends on is where the next one may start. */
void srcline_leave(struct srcline *l, const pdn_game *g)
{
    size_t tail = last_line_start(g);
    if (tail == 0) return;
    l->len = l->cols = 0;
    l->first = 1;
    memset(l->pad, 0, sizeof l->pad);
    l->line = srcline_last_line(g);
    if (!line_append(l, g->raw + tail, g->raw_len - tail)) l->line = 0;
}

bool srcline_source(const struct srcline *l, const pdn_game *g, uint32_t line, const char **out,
                    size_t *len, uint32_t *first)
{
    *first = 1;
    if (line == l->line) {
        *out = l->text, *len = l->len, *first = l->first;
        return true;
    }
    if (g == NULL || line <= g->start.line) return false;
    const char *p = g->raw, *end = g->raw + g->raw_len;
    for (uint32_t at = g->start.line; at < line; at++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL) return false;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *out = p;
    *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    return true;
}

/* The byte offset of character 'chars' of s, counted on from the cursor
 * when it stands on this line at or before it. */
static size_t excerpt_offset(struct excerpt_cursor *cur, const char *s, size_t len, uint32_t chars)
{
    if (cur->line != s || cur->chars > chars) *cur = (struct excerpt_cursor){s, 0, 0};
    cur->byte += pdn_text_prefix(s + cur->byte, len - cur->byte, chars - cur->chars);
    cur->chars = chars;
    return cur->byte;
}

/* The byte length of the longest prefix of s[0, len) a terminal shows in
 * at most 'columns' columns: a Chinese character takes two. */
static size_t columns_prefix(const char *s, size_t len, size_t columns)
{
    size_t at = 0, used = 0;
    while (at < len) {
        size_t step = pdn_text_prefix(s + at, len - at, 1);
        size_t w = pdn_text_columns(s + at, step);
        if (used + w > columns) break;
        used += w;
        at += step;
    }
    return at;
}

/* Whether s[0, len) shows whole in an excerpt: no wider than EXCERPT_WIDTH
 * columns (counted only on a line of few characters: a long line is read
 * once for all its findings, see excerpt_cursor). */
static bool fits_whole(const char *s, size_t len)
{
    return pdn_text_prefix(s, len, EXCERPT_WIDTH) == len &&
           pdn_text_columns(s, len) <= EXCERPT_WIDTH;
}

/* The line (its text from column 'first' on) and a caret; a long line only
 * around the column, cut with "...": at most EXCERPT_LEAD columns before
 * it and EXCERPT_WIDTH in all, as the terminal shows them. */
void excerpt_print(struct excerpt_cursor *cur, uint32_t line_no, const char *s, size_t len,
                   uint32_t col, uint32_t first)
{
    while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == '\n'))
        len--;
    if (first == 1 && fits_whole(s, len)) {
        tool_diag_excerpt(stdout, line_no, s, len, col);
        return;
    }
    uint32_t rel = col >= first ? col - first + 1 : 1; /* the column in s */
    uint32_t from = rel > EXCERPT_LEAD ? rel - EXCERPT_LEAD : 1;
    const char *a = s + excerpt_offset(cur, s, len, from - 1);
    const char *end = s + len;
    const char *caret = a + pdn_text_prefix(a, (size_t)(end - a), rel - from);
    while (pdn_text_columns(a, (size_t)(caret - a)) > EXCERPT_LEAD) { /* wide characters */
        a += pdn_text_prefix(a, (size_t)(caret - a), 1);
        from++;
    }
    const char *b = a + columns_prefix(a, (size_t)(end - a), EXCERPT_WIDTH);
    bool before = from > 1 || first > 1;
    char buf[EXCERPT_WIDTH * 4 + 8];
    int n = snprintf(buf, sizeof buf, "%s%.*s%s", before ? "..." : "", (int)(b - a), a,
                     b < end ? "..." : "");
    tool_diag_excerpt(stdout, line_no, buf, (size_t)n, rel - from + 1 + (before ? 3 : 0));
}
