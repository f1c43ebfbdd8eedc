/*
 * writer_wrap: the line filler behind the writer (see writer_wrap.h). Widths count
 * characters (UTF-8 code points), not bytes, so accented names and comments
 * wrap where a reader sees the column. It must not interpret the units.
 * It writes with putc_unlocked: the stream is the caller's alone while it
 * writes (pdn_write_game holds its lock; a memory stream is private).
 */
#include "writer_wrap.h"
#include "text.h"
#include "vec.h"

#include <stdlib.h>
#include <string.h>

enum { WRAP_DEFAULT = 80 };

void wrap_init(struct wrap *w, FILE *fp, int width)
{
    memset(w, 0, sizeof *w);
    w->fp = fp;
    w->width = width > 0 ? (size_t)width : WRAP_DEFAULT;
}

void wrap_free(struct wrap *w)
{
    free(w->buf);
    w->buf = NULL;
}

/* Room in the unit for n more bytes and a '(' (false, w->nomem set, when
 * it cannot grow): one check a piece, not one a byte. */
static bool unit_room(struct wrap *w, size_t n)
{
    if (w->len + n + 2 <= w->cap) return true;
    if (vec_grow((void **)&w->buf, &w->cap, w->len + n + 2, 1)) return true;
    w->nomem = true;
    return false;
}

void wrap_put(struct wrap *w, const char *s, size_t n)
{
    if (n == 0 || !unit_room(w, n)) return;
    if (w->len == 0 && w->open_paren) { /* the '(' glued to the unit it opens */
        w->open_paren = false;
        w->buf[w->len++] = '(';
    }
    memcpy(w->buf + w->len, s, n);
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

/* Writes len bytes at the current place, breaking the line first if needed.
 * A unit has at most as many characters as bytes: they are counted only
 * when its bytes would pass the width, else as they are written. */
static void place(struct wrap *w, const char *s, size_t len, bool glued)
{
    size_t gap = (w->col > 0 && !glued) ? 1 : 0;
    if (w->col > 0 && w->col + gap + len > w->width &&
        w->col + gap + text_utf8_count(s, len) > w->width) {
        putc_unlocked('\n', w->fp);
        w->col = 0;
        gap = 0;
    }
    if (gap) putc_unlocked(' ', w->fp);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        putc_unlocked(s[i], w->fp);
        n += text_utf8_lead((unsigned char)s[i]);
    }
    w->col += gap + n;
}

void wrap_end(struct wrap *w)
{
    if (w->len == 0) return;
    place(w, w->buf, w->len, false);
    w->len = 0;
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
    if (w->col > 0) putc_unlocked('\n', w->fp);
    w->col = 0;
}
