/*
 * writer_wrap: the line filler behind the writer (see writer_wrap.h). Widths count
 * characters (UTF-8 code points), not bytes, so accented names and comments
 * wrap where a reader sees the column. It must not interpret the units.
 *
 * One buffer holds what is written and not yet handed to the stream, then
 * a byte kept for what goes before the unit being built (a blank, or the
 * line end when it starts a new line), then that unit: placing a unit is
 * writing that byte, not copying the unit (a putc a byte of it was most of
 * the time placing a move took). The buffer goes to the stream when it
 * passes WRAP_OUT bytes and at wrap_flush.
 */
#include "writer_wrap.h"
#include "text.h"
#include "vec.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    WRAP_DEFAULT = 80,
    WRAP_OUT = 1024 /* bytes waiting that send them to the stream */
};

void wrap_init(struct wrap *w, FILE *fp, int width)
{
    memset(w, 0, sizeof *w);
    w->fp = fp;
    w->width = width > 0 ? (size_t)width : WRAP_DEFAULT;
}

void wrap_init_kept(struct wrap *w, FILE *fp, int width, struct wrap_kept *kept)
{
    wrap_init(w, fp, width);
    if (!kept) return;
    w->kept = kept;
    w->buf = kept->buf;
    w->cap = kept->cap;
    kept->buf = NULL; /* the wrap's now: grown, it may move */
    kept->cap = 0;
}

void wrap_free(struct wrap *w)
{
    if (w->kept) {
        w->kept->buf = w->buf;
        w->kept->cap = w->cap;
    } else {
        free(w->buf);
    }
    w->buf = NULL;
    w->cap = 0;
}

/* Room for n more bytes after the unit, a '(' and the two words chars_of
 * reads (WRAP_SLACK: wrap_unit_room's test in writer_wrap.h) (false, w->nomem set, when the buffer
 * cannot grow): one check a piece, not one a byte. The first growth makes room for a few lines at
 * once. */
static bool room(struct wrap *w, size_t n)
{
    size_t need = w->nout + 1 + w->len + n + WRAP_SLACK;
    if (need <= w->cap) return true;
    if (vec_grow((void **)&w->buf, &w->cap, need < 2 * WRAP_OUT ? 2 * WRAP_OUT : need, 1))
        return true;
    w->nomem = true;
    return false;
}

void wrap_flush(struct wrap *w)
{
    if (w->nout == 0) return;
    fwrite(w->buf, 1, w->nout, w->fp);
    if (w->len) memmove(w->buf + 1, w->buf + w->nout + 1, w->len); /* the unit being built */
    w->nout = 0;
}

/* What was written, out when there is enough of it. */
static void written(struct wrap *w, size_t n)
{
    w->nout += n;
    if (w->nout >= WRAP_OUT) wrap_flush(w);
}

char *wrap_raw_room(struct wrap *w, size_t most)
{
    if (!room(w, most)) return NULL;
    char *at = w->buf + w->nout;
    if (w->len) memmove(at + most + 1, at + 1, w->len); /* before the unit being built */
    w->raw_gap = most;
    return at;
}

void wrap_raw_done(struct wrap *w, const char *end)
{
    size_t n = (size_t)(end - (w->buf + w->nout));
    if (w->len) memmove(w->buf + w->nout + n + 1, w->buf + w->nout + w->raw_gap + 1, w->len);
    written(w, n);
}

void wrap_raw(struct wrap *w, const char *s, size_t n)
{
    char *at = n ? wrap_raw_room(w, n) : NULL;
    if (!at) return;
    memcpy(at, s, n);
    wrap_raw_done(w, at + n);
}

char *wrap_unit_room_grow(struct wrap *w, size_t most)
{
    if (!room(w, most)) return NULL;
    char *unit = w->buf + w->nout + 1;
    if (w->len == 0 && w->open_paren) { /* the '(' glued to the unit it opens */
        w->open_paren = false;
        unit[w->len++] = '(';
    }
    return unit + w->len;
}

void wrap_put(struct wrap *w, const char *s, size_t n)
{
    char *at = n ? wrap_unit_room(w, n) : NULL;
    if (!at) return;
    memcpy(at, s, n);
    w->len += n;
}

void wrap_putc(struct wrap *w, char c)
{
    wrap_put(w, &c, 1);
}

void wrap_puts(struct wrap *w, const char *s)
{
    wrap_put(w, s, strlen(s));
}

/* The characters of s[0, n), a byte at a time. */
static size_t chars_by_byte(const char *s, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += text_utf8_lead((unsigned char)s[i]);
    return chars;
}

/* The characters of a unit s[0, n), which has 16 bytes of the buffer
 * after its start: a unit of 16 bytes or fewer with no byte above 127
 * (nearly every one: a move, with its number or not) is told so by one
 * look at two words, not a byte at a time (which was a twentieth of
 * pdnfmt's time; a move with its number, "12. 33-28", is more than one
 * word). */
static size_t chars_of(const char *s, size_t n)
{
    static const unsigned char first[9][8] = {
        {0},
        {0x80},
        {0x80, 0x80},
        {0x80, 0x80, 0x80},
        {0x80, 0x80, 0x80, 0x80},
        {0x80, 0x80, 0x80, 0x80, 0x80},
        {0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
        {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
        {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
    };
    if (n > 16) return chars_by_byte(s, n);
    size_t low = n < 8 ? n : 8;
    uint64_t words[2], high[2];
    memcpy(words, s, 16);
    memcpy(&high[0], first[low], 8); /* the top bit of each of the first n bytes */
    memcpy(&high[1], first[n - low], 8);
    return ((words[0] & high[0]) | (words[1] & high[1])) == 0 ? n : chars_by_byte(s, n);
}

/* What goes before len bytes s placed at the current place, of 'chars'
 * characters: a line end when they would pass the width, a blank between
 * units, or nothing ('\0'); the column counts them. */
static char before(struct wrap *w, size_t len, size_t chars, bool glued)
{
    size_t gap = (w->col > 0 && !glued) ? 1 : 0;
    if (w->col > 0 && w->col + gap + len > w->width && w->col + gap + chars > w->width) {
        w->col = chars;
        return '\n';
    }
    w->col += gap + chars;
    return gap ? ' ' : '\0';
}

/* Text that is no unit ("(", ")", "()"), placed as a unit would be. */
static void place(struct wrap *w, const char *s, size_t len, bool glued)
{
    char c = before(w, len, chars_by_byte(s, len), glued);
    if (c) wrap_raw(w, &c, 1);
    wrap_raw(w, s, len);
}

void wrap_end(struct wrap *w)
{
    if (w->len == 0) return;
    char *at = w->buf + w->nout;
    char c = before(w, w->len, chars_of(at + 1, w->len), false);
    size_t n = w->len;
    w->len = 0;
    if (c) {
        *at = c;
        written(w, n + 1);
    } else { /* the line's first unit */
        memmove(at, at + 1, n);
        written(w, n);
    }
}

void wrap_open_paren(struct wrap *w)
{
    if (w->open_paren) { /* "((": the first '(' becomes a unit of its own */
        w->open_paren = false;
        place(w, "(", 1, false);
    }
    w->open_paren = true;
}

void wrap_close_paren(struct wrap *w)
{
    if (w->open_paren) { /* an empty variation */
        w->open_paren = false;
        place(w, "()", 2, false);
        return;
    }
    place(w, ")", 1, w->col > 0);
}

void wrap_newline(struct wrap *w)
{
    if (w->col > 0) wrap_raw(w, "\n", 1);
    w->col = 0;
}
