/*
 * date_orders_part: where a part of a file whose date orders are read
 * ahead may start (date_orders_part.h): at a line of other text, where
 * the scan ends a game and reads on as after any other such line, so
 * that a part reads alike on its own and after the text before it; and
 * the scan of a part.
 */
#include "date_orders_part.h"
#include "date_orders.h"
#include "text.h"

#include <string.h>
#include <unistd.h>

/*
 * Whether the line at buf[0, n), which starts a line, may start a part: a
 * line of other text (its first byte not blank, not '['), whole in buf,
 * with no CR or LF inside it but a CR before its LF. The scan skipping
 * other text finds a line's start after any CR or LF (date_orders_scan.c
 * next_tag_line), and reads whole lines otherwise; here both read alike.
 * *len: the bytes up to its end, its line end included (n without one).
 */
bool date_part_may_start(const char *buf, size_t n, char line_end, size_t *len)
{
    const char *eol = memchr(buf, line_end, n);
    *len = eol ? (size_t)(eol - buf) + 1 : n;
    if (!eol) return false;
    size_t body = *len - 1, i = 0;
    while (i < body && (text_blank((unsigned char)buf[i]) || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i == body || buf[i] == '[') return false;
    if (line_end == '\n' && body > 0 && buf[body - 1] == '\r') body--;
    return !memchr(buf, '\r', body) && !memchr(buf, '\n', body);
}

/* Through *out, the start of the first line at or after from (from - 1 a
 * byte of the file) that may start a part, if it starts before limit;
 * else limit (a line that starts before it and ends after is passed
 * over: no read runs far past a share). The lines are looked at in the
 * piece read, each whole in it; one that runs past its end is read again
 * from its start, and one longer than a piece starts no part. */
int date_part_start(const struct date_part *file, uint64_t from, uint64_t limit, char *buf,
                    uint64_t *out)
{
    *out = limit;
    uint64_t pos = from - 1;
    bool at_line = false; /* pos starts a line */
    while (pos < limit && pos < file->end) {
        size_t want =
            file->end - pos < DATE_PIECE_BYTES ? (size_t)(file->end - pos) : DATE_PIECE_BYTES;
        ssize_t got = pread(file->fd, buf, want, (off_t)pos);
        if (got <= 0) return got < 0 ? PDN_EIO : 0;
        size_t n = (size_t)got, i = 0, len = 0;
        if (!at_line) {
            const char *eol = memchr(buf, file->line_end, n);
            if (!eol) {
                pos += n;
                continue;
            }
            i = (size_t)(eol - buf) + 1;
            at_line = true;
        }
        for (; i < n && pos + i < limit; i += len) {
            if (date_part_may_start(buf + i, n - i, file->line_end, &len)) {
                *out = pos + i;
                return 0;
            }
            if (buf[i + len - 1] != file->line_end) break; /* not whole in buf */
        }
        if (i == 0) at_line = false; /* longer than a piece: its end is looked for */
        pos += i ? i : n;
    }
    return 0;
}

/* The part's text from..to read and scanned into its table from its
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
