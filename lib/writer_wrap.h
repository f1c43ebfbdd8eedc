/*
 * writer_wrap (private): fills output lines with unbreakable units up to a width,
 * one space between units, for the writer. It knows nothing of PDN but
 * parentheses, and never reorders what it is given.
 */
#ifndef PDN_WRITER_WRAP_H
#define PDN_WRITER_WRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct wrap {
    FILE *fp;
    size_t width;    /* wrap column, in characters */
    size_t col;      /* characters already on the current line */
    bool open_paren; /* a '(' waits to be glued to the next unit */
    bool nomem;      /* a unit could not grow */
    char *buf;       /* the unit being built */
    size_t len, cap;
};

void wrap_init(struct wrap *w, FILE *fp, int width);
void wrap_free(struct wrap *w);
/* Build a unit piece by piece; wrap_end places it on the line. */
void wrap_put(struct wrap *w, const char *s, size_t n);
void wrap_putc(struct wrap *w, char c);
void wrap_puts(struct wrap *w, const char *s);
void wrap_end(struct wrap *w);
/* Glue a '(' to the next unit; glue a ')' to the last one. */
void wrap_open_paren(struct wrap *w);
void wrap_close_paren(struct wrap *w);
/* Ends the current line when it holds anything. */
void wrap_newline(struct wrap *w);

#endif
