/*
 * date_orders_stretch: the second look of date_orders_read.c over a part,
 * reading only what adds to the orders. A game adds to them only when its
 * date shows an order (date_orders_add_pair: a day and a month before the
 * year, one reading only, "13.03.2003"), and few do: 496 of 18,290 games
 * in 20 MB of tournament files. The look passes over the ']' of its part
 * (half as many as its quotes, and a tag's value is closed by a quote
 * before one), and scans (pdn_date_orders_add_text) only the stretch
 * around one that may close such a date, from the last line at or before
 * it where a part may start (date_part_may_start) to the next such line
 * after it. A
 * game's tag lines lie whole between two such lines, as a part's games
 * do, and a scan starts there as it starts a part; the games passed over
 * add nothing. That read 6.87 M instructions of tag lines on 2 MB, this
 * 3.29 M for both looks.
 */
#include "date_orders.h"
#include "date_orders_part.h"
#include "text.h"

#include <string.h>
#include <unistd.h>

/* The part's text from..to read again and scanned into its table from its
 * state as it is (a file whose line ends are not known yet) or, with
 * them known, afresh. */
int date_part_scan(struct date_part *p, char *buf, uint64_t from, uint64_t to)
{
    int rc = p->line_end ? date_orders_scan_lines(p->orders, p->line_end, from > p->start) : 0;
    for (uint64_t at = from; rc == 0 && at < to;) {
        size_t want = to - at < DATE_PIECE_BYTES ? (size_t)(to - at) : DATE_PIECE_BYTES;
        ssize_t got = pread(p->fd, buf, want, (off_t)at);
        if (got < 0) return PDN_EIO;
        if (got == 0) break; /* the file grew shorter */
        at += (uint64_t)got;
        rc = pdn_date_orders_add_text(p->orders, buf, (size_t)got, false);
    }
    return rc == 0 ? pdn_date_orders_add_text(p->orders, NULL, 0, true) : rc;
}

/* The longest value of a date that shows an order as written: ten
 * characters ("13.03.2003"), each escaped. */
enum { DATE_RAW_MAX = 2 * 10 };
/* The bytes before a quote that may_close_ordered_date looks at; the
 * blanks between a quote and its ']' that a piece holds, past which such a
 * quote is taken to close a date; the pieces overlap by both. */
enum { LOOKBEHIND = DATE_RAW_MAX + 1, BLANKS_HELD = 16, OVERLAP = LOOKBEHIND + BLANKS_HELD + 1 };
_Static_assert(2 * OVERLAP < DATE_PIECE_MIN, "pieces overlap by OVERLAP");

/* Whether the value whose quote closes at buf[i] may end as a date that
 * shows an order does, unescaped: a separator and the year's four
 * date_digit. Its backslashes are passed over: unescaping drops only
 * them (and one that is escaped makes no date). buf[lo, i): the bytes
 * there are. */
static bool ends_with_year(const char *buf, size_t lo, size_t i)
{
    int seen = 0;
    for (size_t k = i; seen < 5 && k > lo; k--) {
        char c = buf[k - 1];
        if (c == '\\') continue;
        if (seen < 4 ? !date_digit(c) : !date_separator(c)) return false;
        seen++;
    }
    return seen == 5;
}

/* Whether the quote at buf[i] may close a date that shows an order: the
 * value from the quote before it (no quote is in such a value, escaped or
 * not: a date has none), unescaped as the scan reads it, shows one.
 * buf[lo, i) are the bytes there are; a value is never cut by lo (the
 * start of a line, or LOOKBEHIND bytes before i). More quotes pass than
 * close such a date (an opening quote, a value of another tag): the scan
 * of the stretch tells. */
static bool may_close_ordered_date(const char *buf, size_t lo, size_t i)
{
    /* Most fail at once: such a value ends with the year, 1.3.2003 the
     * shortest. */
    if (i - lo < 9 || !ends_with_year(buf, lo, i)) return false;
    size_t o = i;
    while (o > lo && i - o <= DATE_RAW_MAX && buf[o - 1] != '"')
        o--;
    if (o == lo || i - o > DATE_RAW_MAX || i - o < 8) return false;
    char value[DATE_RAW_MAX + 1], *w = value;
    for (size_t k = o; k < i; k++) { /* date_orders_scan.c's unescape */
        if (buf[k] == '\\' && k + 1 < i) k++;
        *w++ = buf[k];
    }
    *w = '\0';
    return date_orders_shows_order(value);
}

/* Whether the ']' at buf[j] may end a tag whose value is a date that
 * shows an order: the quote before it, past blanks on its line (as
 * date_orders_scan.c's tag_at reads a tag), may close one. cut: bytes of
 * the file come before buf, whose OVERLAP first bytes were looked at with
 * the piece before; a quote among them, or before them, may close one
 * (rare: a tag's ']' follows its quote). */
static bool may_end_ordered_date(const char *buf, size_t j, char line_end, bool cut)
{
    size_t q = j; /* past the quote */
    while (q > 0 && buf[q - 1] != '"' && buf[q - 1] != line_end &&
           text_blank((unsigned char)buf[q - 1]))
        q--;
    if (q == 0) return cut;
    if (buf[q - 1] != '"') return false;
    if (cut && q - 1 < LOOKBEHIND) return true;
    return may_close_ordered_date(buf, 0, q - 1);
}

/* The first ']' in buf[i, n) that may end a tag whose value is a date that
 * shows an order (may_end_ordered_date), or n: one memchr over a game's
 * moves, one for each of its tags. */
static size_t next_ordered_date_end(const char *buf, size_t i, size_t n, char line_end, bool cut)
{
    for (const char *b; i < n && (b = memchr(buf + i, ']', n - i)) != NULL;
         i = (size_t)(b - buf) + 1)
        if (may_end_ordered_date(buf, (size_t)(b - buf), line_end, cut)) return (size_t)(b - buf);
    return n;
}

/* Where the stretch around the quote at buf[i] starts, in buf[lo, i]: the
 * start of the last line there where a part may start (whole in buf[0,
 * n)), through *at; false when none is. */
static bool stretch_start(const char *buf, size_t lo, size_t i, size_t n, char line_end, size_t *at)
{
    for (size_t end = i; end > lo;) {
        size_t start = end;
        while (start > lo && buf[start - 1] != line_end)
            start--;
        size_t len;
        if (start == lo) return false; /* the line may start before lo */
        if (date_part_may_start(buf + start, n - start, line_end, &len)) {
            *at = start;
            return true;
        }
        end = start - 1;
    }
    return false;
}

/* Where the stretch around the quote at c starts when the piece read
 * holds no line of its before it that may start a part: looked for in
 * the pieces before, read into spare, each holding half a piece after c
 * too (a line is looked at whole), back to done at most. */
static int stretch_start_back(const struct date_part *p, char *spare, uint64_t c, uint64_t done,
                              uint64_t *from)
{
    *from = done;
    for (uint64_t upto = c; upto > done;) {
        uint64_t base = upto - done < DATE_PIECE_BYTES / 2 ? done : upto - DATE_PIECE_BYTES / 2;
        size_t want = p->end - base < DATE_PIECE_BYTES ? (size_t)(p->end - base) : DATE_PIECE_BYTES;
        ssize_t got = pread(p->fd, spare, want, (off_t)base);
        if (got < 0) return PDN_EIO;
        size_t at, i = (size_t)(upto - base);
        if ((size_t)got < i) return 0; /* the file grew shorter: from done */
        if (stretch_start(spare, 0, i, (size_t)got, p->line_end, &at)) {
            *from = base + at;
            return 0;
        }
        upto = base;
    }
    return 0;
}

/* Where the stretch around the quote at buf[i] ends, in buf[i, n): the
 * start of the first line after the quote's where a part may start, whole
 * in buf, through *at; false when none is. */
static bool stretch_end(const char *buf, size_t i, size_t n, char line_end, size_t *at)
{
    const char *eol = memchr(buf + i, line_end, n - i);
    for (size_t k = eol ? (size_t)(eol - buf) + 1 : n, len; k < n; k += len) {
        if (date_part_may_start(buf + k, n - k, line_end, &len)) {
            *at = k;
            return true;
        }
        if (buf[k + len - 1] != line_end) break; /* not whole in buf */
    }
    return false;
}

/* The stretch [from, to) scanned into the part's table, from buf (which
 * holds the file's [base, base + n)) when it is all there, else read
 * again into buf: *reread then. */
static int scan_stretch(struct date_part *p, char *buf, uint64_t base, size_t n, uint64_t from,
                        uint64_t to, bool *reread)
{
    *reread = from < base || to > base + n;
    if (*reread) return date_part_scan(p, buf, from, to);
    int rc = date_orders_scan_lines(p->orders, p->line_end, from > p->start);
    if (rc == 0)
        rc = pdn_date_orders_add_text(p->orders, buf + (from - base), (size_t)(to - from), false);
    return rc == 0 ? pdn_date_orders_add_text(p->orders, NULL, 0, true) : rc;
}

/* The stretch around the quote at buf[i], or any byte of its line (buf
 * holding the file's [base, base + n), *done where the last stretch ended
 * or the part starts) scanned; *done moved to its end. spare: a piece to
 * look on with. */
static int scan_around(struct date_part *p, char *buf, char *spare, uint64_t base, size_t n,
                       size_t i, uint64_t *done, bool *reread)
{
    size_t lo = *done > base ? (size_t)(*done - base) : 0, at;
    uint64_t from = *done, to;
    int rc = 0;
    if (stretch_start(buf, lo, i, n, p->line_end, &at))
        from = base + at;
    else if (*done < base) /* before the piece */
        rc = stretch_start_back(p, spare, base + i, *done, &from);
    if (rc < 0) return rc;
    if (stretch_end(buf, i, n, p->line_end, &at))
        to = base + at;
    else
        rc = date_part_start(p, base + i + 1, p->to, spare, &to);
    if (rc == 0) rc = scan_stretch(p, buf, base, n, from, to, reread);
    *done = to;
    return rc;
}

/* The second look over the part's stretches, into its table: its pieces
 * read overlapping by OVERLAP bytes, each ']' looked at once. The
 * stretch around a ']' is the stretch around its quote: the blanks
 * between them hold no line end. */
int date_part_read_stretches(struct date_part *p, char *buf, char *spare)
{
    uint64_t done = p->from, pos = p->from; /* the ']' before pos are looked at */
    while (pos < p->to) {
        uint64_t base = pos - (pos - p->from < OVERLAP ? pos - p->from : OVERLAP);
        size_t want = p->to - base < p->piece ? (size_t)(p->to - base) : p->piece;
        ssize_t got = pread(p->fd, buf, want, (off_t)base);
        if (got < 0) return PDN_EIO;
        if (base + (uint64_t)got <= pos) break; /* the file grew shorter */
        size_t n = (size_t)got, i = (size_t)(pos - base);
        bool reread = false;
        pos = base + n;
        for (size_t j;
             !reread && (j = next_ordered_date_end(buf, i, n, p->line_end, base > p->from)) < n;) {
            int rc = scan_around(p, buf, spare, base, n, j, &done, &reread);
            if (rc < 0) return rc;
            if (reread || done >= base + n) pos = done; /* read on from there */
            i = done > base ? (size_t)(done - base) : j + 1;
        }
    }
    return 0;
}
