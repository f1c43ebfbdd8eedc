/*
 * Lines of a file descriptor: a buffer filled by read(2) when poll(2) says
 * there is something, so a search can poll without waiting and a reader
 * can stop waiting after a timeout.
 */
#include "lines.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void lines_init(struct lines *in, int fd)
{
    in->fd = fd;
    in->eof = false;
    in->cut = in->skipping = false;
    in->nul_at = 0;
    in->len = 0;
}

void lines_fill(struct lines *in, int timeout_ms)
{
    if (in->eof || in->len == sizeof in->buf) return;
    struct pollfd p = {.fd = in->fd, .events = POLLIN};
    int ready = poll(&p, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) return;
    if (ready == 0) return;
    ssize_t n = read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
    if (n < 0 && errno == EINTR) return;
    if (n <= 0)
        in->eof = true;
    else
        in->len += (size_t)n;
}

/* The length of the next line with its end, or 0 when none is complete. */
static size_t line_length(const struct lines *in)
{
    const char *nl = memchr(in->buf, '\n', in->len);
    if (nl) return (size_t)(nl - in->buf) + 1;
    if (in->len == sizeof in->buf || (in->eof && in->len > 0)) return in->len;
    return 0;
}

/* The length of the text of a line of n bytes, without its end. */
static size_t text_length(const struct lines *in, size_t n)
{
    while (n > 0 && (in->buf[n - 1] == '\n' || in->buf[n - 1] == '\r'))
        n--;
    return n;
}

bool lines_peek(const struct lines *in, char *out, size_t cap)
{
    size_t n = line_length(in);
    if (n == 0) return false;
    size_t text = text_length(in, n);
    if (text >= cap) text = cap - 1;
    memcpy(out, in->buf, text);
    out[text] = '\0';
    return true;
}

/* Where the first n bytes of the buffer hold a NUL byte, from 1; 0: none. */
static size_t nul_within(const struct lines *in, size_t n)
{
    const char *nul = memchr(in->buf, '\0', n);
    return nul ? (size_t)(nul - in->buf) + 1 : 0;
}

size_t lines_peek_nul(const struct lines *in)
{
    size_t n = line_length(in);
    return n ? nul_within(in, text_length(in, n)) : 0;
}

/* Whether the line of n bytes at the buffer's start has its end: a line
 * end, or the end of the input. */
static bool ends_line(const struct lines *in, size_t n)
{
    return in->buf[n - 1] == '\n' || in->eof;
}

bool lines_peek_cut(const struct lines *in, size_t cap)
{
    size_t n = line_length(in);
    return n > 0 && (in->skipping || !ends_line(in, n) || text_length(in, n) >= cap);
}

void lines_drop(struct lines *in)
{
    size_t n = line_length(in);
    if (n == 0) return;
    in->skipping = !ends_line(in, n);
    memmove(in->buf, in->buf + n, in->len - n);
    in->len -= n;
}

/* After lines_peek: takes the line, true; false for a piece of a cut line
 * being dropped (the caller reads on). */
static bool take(struct lines *in, size_t cap)
{
    size_t n = line_length(in);
    bool whole = ends_line(in, n);
    size_t text = text_length(in, n);
    size_t nul_at = nul_within(in, text);
    bool skipped = in->skipping;
    lines_drop(in); /* sets in->skipping when it is not whole */
    if (skipped) return false;
    in->cut = !whole || text >= cap;
    in->nul_at = nul_at;
    return true;
}

bool lines_next(struct lines *in, char *out, size_t cap)
{
    for (;;) {
        while (!lines_peek(in, out, cap)) {
            if (in->eof) return false;
            lines_fill(in, -1);
        }
        if (take(in, cap)) return true;
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

bool lines_next_within(struct lines *in, char *out, size_t cap, double seconds)
{
    double end = now() + seconds;
    for (;;) {
        while (!lines_peek(in, out, cap)) {
            double left = end - now();
            if (in->eof || left <= 0) return false;
            lines_fill(in, (int)(left * 1000) + 1);
        }
        if (take(in, cap)) return true;
    }
}
