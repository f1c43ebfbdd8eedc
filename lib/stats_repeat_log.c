/*
 * stats_repeat_log: the repeats pdnstats lists, kept in the order found as
 * a few bytes each instead of a 40-byte record: every field is a varint
 * (7 bits a byte), the game, event and players as their difference from
 * the repeat before (neighbours share an event and a file), the game
 * repeated as its distance back: about 10 bytes a repeat (the 113,283 of
 * bench/corpus/read-100mb.pdn take 1.15 MB, not 4.5 MB).
 * Read back in order (stats_repeat_next), from the start or from a mark
 * kept before every REPEAT_BLOCK-th repeat. Knows nothing of games.
 */
#include "stats.h"

#include <stdint.h>

/* A record's first byte: how it was found, and which files it names. */
enum { LOG_SAME_MOVES = 1, LOG_NEW_FILE = 2, LOG_FIRST_FILE = 4 };
/* The most bytes a record takes: the first, and nine varints of 64 bits. */
enum { LOG_RECORD_MAX = 1 + 9 * 10 };

/* A signed difference as an unsigned number, small either way. */
static uint64_t zigzag(int64_t v)
{
    return (uint64_t)v << 1 ^ (uint64_t)(v >> 63);
}

static int64_t unzigzag(uint64_t v)
{
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

static size_t put(unsigned char *out, size_t at, uint64_t v)
{
    for (; v >= 0x80; v >>= 7)
        out[at++] = (unsigned char)(v | 0x80);
    out[at++] = (unsigned char)v;
    return at;
}

static uint64_t get(const unsigned char *in, size_t *at)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        unsigned char b = in[(*at)++];
        v |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) break;
    }
    return v;
}

/* The difference of two 32-bit fields, as a varint. */
static size_t put_diff(unsigned char *out, size_t at, uint32_t now, uint32_t before)
{
    return put(out, at, zigzag((int64_t)now - (int64_t)before));
}

static uint32_t get_diff(const unsigned char *in, size_t *at, uint32_t before)
{
    return (uint32_t)((int64_t)before + unzigzag(get(in, at)));
}

bool stats_repeat_add(struct repeat_log *log, const struct st_repeat *r)
{
    struct vec *b = &log->bytes;
    if (!vec_reserve(&b->data, &b->cap, b->n + LOG_RECORD_MAX - 1, 1)) return false;
    if (log->n % REPEAT_BLOCK == 0) { /* a mark: the cursor a reading has here */
        struct repeat_cursor *mark = vec_push(&log->marks, sizeof *mark);
        if (mark == NULL) return false;
        *mark = (struct repeat_cursor){b->n, log->last};
    }
    const struct st_repeat *p = &log->last;
    unsigned char *out = b->data;
    size_t at = b->n;
    out[at++] = (unsigned char)((r->same_moves ? LOG_SAME_MOVES : 0) |
                                (r->file != p->file ? LOG_NEW_FILE : 0) |
                                (r->first_file != r->file ? LOG_FIRST_FILE : 0));
    if (r->file != p->file) at = put(out, at, r->file);
    at = put_diff(out, at, r->game, p->game);
    if (r->first_file != r->file) at = put(out, at, r->first_file);
    at = put_diff(out, at, r->game, r->first_game);
    at = put_diff(out, at, r->event, p->event);
    at = put_diff(out, at, r->white, p->white);
    at = put_diff(out, at, r->black, p->black);
    at = put(out, at, zigzag(r->round));
    at = put(out, at, zigzag(r->sub));
    b->n = at;
    log->n++;
    log->last = *r;
    return true;
}

bool stats_repeat_next(const struct repeat_log *log, struct repeat_cursor *c)
{
    if (c->at >= log->bytes.n) return false;
    const unsigned char *in = log->bytes.data;
    struct st_repeat *r = &c->r;
    unsigned head = in[c->at++];
    r->same_moves = head & LOG_SAME_MOVES;
    if (head & LOG_NEW_FILE) r->file = (uint32_t)get(in, &c->at);
    r->game = get_diff(in, &c->at, r->game);
    r->first_file = head & LOG_FIRST_FILE ? (uint32_t)get(in, &c->at) : r->file;
    r->first_game = (uint32_t)((int64_t)r->game - unzigzag(get(in, &c->at)));
    r->event = get_diff(in, &c->at, r->event);
    r->white = get_diff(in, &c->at, r->white);
    r->black = get_diff(in, &c->at, r->black);
    r->round = (int32_t)unzigzag(get(in, &c->at));
    r->sub = (int32_t)unzigzag(get(in, &c->at));
    return true;
}

size_t stats_repeat_blocks(const struct repeat_log *log)
{
    return log->marks.n;
}

struct repeat_cursor stats_repeat_block(const struct repeat_log *log, size_t block)
{
    return ((const struct repeat_cursor *)log->marks.data)[block];
}
