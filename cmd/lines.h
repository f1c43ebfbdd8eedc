/*
 * Lines from a file descriptor (an engine's standard input, a Hub engine's
 * output), read with read(2) and poll(2) so a search can look for "stop"
 * without blocking and a reader can give up after a timeout. No protocol.
 */
#ifndef PDN_CMD_LINES_H
#define PDN_CMD_LINES_H

#include "pdn.h"

struct lines {
    int fd;
    bool eof;
    bool cut;      /* the last line lines_next gave was longer than its room: cut */
    bool skipping; /* the rest of that line is dropped as it comes */
    size_t nul_at; /* the last line lines_next gave held a NUL byte here (1 the
                    * first byte), its C string ending there; 0 when none */
    size_t len;
    char buf[2 * PDN_HUB_LINE_MAX];
};

void lines_init(struct lines *in, int fd);
/* Reads what is waiting, for up to timeout_ms (-1: until something comes). */
void lines_fill(struct lines *in, int timeout_ms);
/* The next complete line (without its end), copied to out: true; false when
 * none is complete yet (or at the end, none is left). A line longer than
 * the buffer comes in pieces. */
bool lines_peek(const struct lines *in, char *out, size_t cap);
/* Where the line lines_peek gives holds a NUL byte, as nul_at; 0 when
 * none or no line is complete. */
size_t lines_peek_nul(const struct lines *in);
/* Whether the line lines_peek gives (into cap bytes) is no whole line:
 * cut to cap, the start of a line longer than the buffer, or the rest of
 * one (in->skipping: its start was dropped, or taken cut). */
bool lines_peek_cut(const struct lines *in, size_t cap);
/* Drops the line lines_peek returned; when that was the start of a line
 * longer than the buffer, in->skipping is set and lines_next drops its
 * rest. */
void lines_drop(struct lines *in);
/* Blocks for the next line: true, or false at the end of the input. A line
 * longer than cap comes cut to it once, in->cut set, the rest dropped (a
 * Hub line of 600 kB was 19 lines, each a bad command); one with a NUL
 * byte sets in->nul_at. */
bool lines_next(struct lines *in, char *out, size_t cap);
/* The next line within seconds, as lines_next: true; false at the end or
 * the timeout (in->eof tells which). */
bool lines_next_within(struct lines *in, char *out, size_t cap, double seconds);

#endif
