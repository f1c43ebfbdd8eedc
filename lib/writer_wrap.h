/*
 * writer_wrap (private): fills output lines with unbreakable units up to a width,
 * one space between units, for the writer. It knows nothing of PDN but
 * parentheses, and never reorders what it is given. What it writes waits
 * in a buffer of its own (handed to the stream a kilobyte or so at a time
 * and at wrap_flush): a game's text goes out in a few pieces.
 */
#ifndef PDN_WRITER_WRAP_H
#define PDN_WRITER_WRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A buffer kept from one game to the next (format.c's): allocating and
 * freeing it for each game was 0.6% of pdnfmt's instructions. */
struct wrap_kept {
    char *buf;
    size_t cap;
};

struct wrap {
    FILE *fp;
    size_t width;    /* wrap column, in characters */
    size_t col;      /* characters already on the current line */
    bool open_paren; /* a '(' waits to be glued to the next unit */
    bool nomem;      /* a unit could not grow */
    char *buf;       /* written, not yet handed to fp (nout bytes), a byte, the unit */
    size_t nout;     /* bytes written in buf */
    size_t len, cap; /* bytes of the unit being built; of buf */
    size_t raw_gap;  /* the room wrap_raw_room made before the unit */
    /* where buf goes back at wrap_free (NULL: it is freed) */
    struct wrap_kept *kept;
};

void wrap_init(struct wrap *w, FILE *fp, int width);
/* Writes into kept's buffer (kept may be NULL: none), which wrap_free
 * gives back to it. */
void wrap_init_kept(struct wrap *w, FILE *fp, int width, struct wrap_kept *kept);
/* Frees the buffer, or gives it back to the wrap_kept it came from; what
 * waits in it is dropped (wrap_flush first). */
void wrap_free(struct wrap *w);
/* Hands what waits to the stream: before the stream is written otherwise. */
void wrap_flush(struct wrap *w);
/* Build a unit piece by piece; wrap_end places it on the line. */
void wrap_put(struct wrap *w, const char *s, size_t n);
/* Where the next piece of the unit goes, with room for 'most' bytes (NULL
 * out of memory); wrap_unit_grown then says where the piece ended. For a
 * piece made in place (a move number) rather than copied. */
/* Bytes of the buffer after a unit that room keeps: a '(' and the two
 * words chars_of reads. */
enum { WRAP_SLACK = 1 + 16 };
/* wrap_unit_room where the buffer must grow or a '(' waits. */
char *wrap_unit_room_grow(struct wrap *w, size_t most);
/* Inline: a move's unit asks once a move, and nearly always finds the
 * room there (a call was 1% of pdnfmt's instructions). */
static inline char *wrap_unit_room(struct wrap *w, size_t most)
{
    if (w->open_paren || w->nout + 1 + w->len + most + WRAP_SLACK > w->cap)
        return wrap_unit_room_grow(w, most);
    return w->buf + w->nout + 1 + w->len;
}
static inline void wrap_unit_grown(struct wrap *w, const char *end)
{
    w->len = (size_t)(end - (w->buf + w->nout + 1));
}
void wrap_putc(struct wrap *w, char c);
void wrap_puts(struct wrap *w, const char *s);
void wrap_end(struct wrap *w);
/* Glue a '(' to the next unit; glue a ')' to the last one. */
void wrap_open_paren(struct wrap *w);
void wrap_close_paren(struct wrap *w);
/* Ends the current line when it holds anything. */
void wrap_newline(struct wrap *w);
/* Bytes written as they are, outside any unit and line (the tags): they
 * leave the column as it was. */
void wrap_raw(struct wrap *w, const char *s, size_t n);
/* Where raw bytes go, with room for 'most' of them (NULL out of memory);
 * wrap_raw_done then says where they ended. */
char *wrap_raw_room(struct wrap *w, size_t most);
void wrap_raw_done(struct wrap *w, const char *end);

#endif
