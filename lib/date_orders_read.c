/*
 * date_orders_read: the orders of a file's dates read from the file
 * itself (pdn_date_orders_read_fd), with threads on its parts. The tools
 * read them before a file's games, while the reader's threads wait: one
 * thread there took 9% of pdncheck -j 2's wall time on 100 MB.
 *
 * Two looks. First the bytes, for a date that could be swapped (most files
 * have none, and need no more): each part by a thread, all stopping once
 * one finds it. Then the tag lines (pdn_date_orders_add_text), each part
 * into a table of its own, the tables merged: an event's orders are the
 * orders any of its games show, whatever the order they are added in. Of
 * a part only the stretches around the dates that show an order are read
 * so (read_stretches): the bytes of the others are passed over, a quote
 * at a time.
 *
 * The parts of the second look start at a line of other text (not blank,
 * not opening with '['), where the scan ends a game and reads on as after
 * any other such line: a part reads alike on its own and after the part
 * before it, which ends there as the file would (date_orders_scan.c). A
 * part with no such line is read by the thread of the part before it.
 */
#include "date_orders.h"
#include "text.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PIECE_BYTES = 64 << 10 };
/* A part smaller than this is not worth a thread's start. */
enum { PART_MIN_BYTES = 1 << 20, PART_MIN_FLOOR = 64 };
/* The most threads on a file's parts. */
enum { THREADS_MAX = 64 };

/*
 * The first look's match: the word "date" (any case, the end of a tag's
 * name: Date, UTCDate...), any blanks and line ends (the reader passes over
 * them all there), and a quoted value of fewer than VALUE_MAX bytes that
 * could be swapped. Each quote is looked at in a piece that holds MATCH_MAX
 * bytes on either side of it: its value, and the name before it with the
 * few blanks a tag has (BLANKS_HELD), so parts that overlap by that much
 * find what one look over the whole file finds. More blanks, which run
 * back past the piece's start, are read back from the file: rare, they
 * cost the common look nothing.
 */
enum { BLANKS_HELD = 16, VALUE_MAX = 32, MATCH_MAX = 4 + BLANKS_HELD + 1 + VALUE_MAX };

/* What may lie between a tag's name and its value: what the lexer passes
 * over there (lexer_delim.c, skip_ws). */
static bool name_gap(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* A thread's part of the file, [from, to), and what it found. */
struct part {
    int fd;
    uint64_t start, from, to, end; /* start, end: the file's */
    atomic_bool *found;            /* by the first look: shared */
    pdn_date_orders *orders;       /* the second look's */
    char line_end;                 /* the file's, learned from its start */
    size_t piece;                  /* the second look's reads: PIECE_BYTES, less for small parts */
    int rc;
    pthread_t thread;
};

/* Whether "date" ends the file's text before its offset pos, past any
 * blanks (name_gap), read back from the file: 1, 0 (also when the file
 * grew shorter), or PDN_EIO. */
static int date_ends_before(const struct part *p, uint64_t pos)
{
    char back[256];
    bool blank = true;
    while (blank && pos - p->start >= 4) { /* pos: past the blanks seen */
        size_t want = pos - p->start < sizeof back ? (size_t)(pos - p->start) : sizeof back;
        ssize_t got = pread(p->fd, back, want, (off_t)(pos - want));
        if (got != (ssize_t)want) return got < 0 ? PDN_EIO : 0;
        for (; want > 0 && (blank = name_gap(back[want - 1])); want--)
            pos--;
    }
    char word[4];
    if (pos - p->start < 4) return 0;
    ssize_t got = pread(p->fd, word, sizeof word, (off_t)(pos - sizeof word));
    if (got != (ssize_t)sizeof word) return got < 0 ? PDN_EIO : 0;
    return text_same_but_case_n(word, 4, "date");
}

/* Whether the quote at q, in buf[0, n) read from the file's offset at,
 * opens a match: 1, 0, or PDN_EIO. */
static int match_at(const struct part *p, const char *buf, size_t n, uint64_t at, const char *q)
{
    const char *name = q;
    while (name > buf && name_gap(name[-1]))
        name--;
    /* Blanks back to the piece's start (or nearly): the name in the file. */
    int named = name - buf >= 4 ? text_same_but_case_n(name - 4, 4, "date")
                                : date_ends_before(p, at + (uint64_t)(name - buf));
    if (named <= 0) return named;
    size_t room = (size_t)(buf + n - q - 1);
    const char *close = memchr(q + 1, '"', room < VALUE_MAX ? room : VALUE_MAX);
    if (!close) return 0;
    char value[VALUE_MAX];
    size_t len = (size_t)(close - q - 1);
    memcpy(value, q + 1, len);
    value[len] = '\0';
    return pdn_date_swappable(value);
}

/* The first look over the part: its quotes, each looked at with MATCH_MAX
 * bytes on either side (the pieces read overlap by twice that). */
static int look_for_date(struct part *p, char *buf)
{
    uint64_t at = p->from - p->start < MATCH_MAX ? p->start : p->from - MATCH_MAX,
             end = p->end - p->to < MATCH_MAX ? p->end : p->to + MATCH_MAX;
    while (at < end && !atomic_load_explicit(p->found, memory_order_relaxed)) {
        size_t want = end - at < PIECE_BYTES ? (size_t)(end - at) : PIECE_BYTES;
        ssize_t got = pread(p->fd, buf, want, (off_t)at);
        if (got <= 0) return got < 0 ? PDN_EIO : 0;
        size_t n = (size_t)got;
        const char *q = buf + (at < p->from ? p->from - at : 0),
                   *last = buf + (at + n <= p->to ? n : p->to - at);
        for (; q < last && (q = memchr(q, '"', (size_t)(last - q))) != NULL; q++) {
            int match = match_at(p, buf, n, at, q);
            if (match < 0) return match;
            if (match) {
                atomic_store(p->found, true);
                return 0;
            }
        }
        at += at + n >= end || n <= 2 * MATCH_MAX ? n : n - 2 * MATCH_MAX;
    }
    return 0;
}

/* The part's text from..to read again and scanned into its table from its
 * state as it is (a file whose line ends are not known yet) or, with
 * them known, afresh. */
static int scan_again(struct part *p, char *buf, uint64_t from, uint64_t to)
{
    int rc = p->line_end ? date_orders_scan_lines(p->orders, p->line_end, from > p->start) : 0;
    for (uint64_t at = from; rc == 0 && at < to;) {
        size_t want = to - at < PIECE_BYTES ? (size_t)(to - at) : PIECE_BYTES;
        ssize_t got = pread(p->fd, buf, want, (off_t)at);
        if (got < 0) return PDN_EIO;
        if (got == 0) break; /* the file grew shorter */
        at += (uint64_t)got;
        rc = pdn_date_orders_add_text(p->orders, buf, (size_t)got, false);
    }
    return rc == 0 ? pdn_date_orders_add_text(p->orders, NULL, 0, true) : rc;
}

static int read_stretches(struct part *p, char *buf, char *spare);

/* The second look over the part, into its own table: its stretches once
 * the file's line ends are known, else the whole part. */
static int read_tag_lines(struct part *p, char *buf)
{
    int rc = pdn_date_orders_new(&p->orders);
    if (rc < 0) return rc;
    return p->line_end ? read_stretches(p, buf, buf + PIECE_BYTES)
                       : scan_again(p, buf, p->from, p->to);
}

/* Which look a part's thread takes. */
typedef int (*look_fn)(struct part *p, char *buf);

struct part_run {
    struct part *part;
    look_fn look;
};

static void *part_thread(void *arg)
{
    struct part_run *run = arg;
    char *buf = malloc(2 * PIECE_BYTES); /* the second look's spare piece too */
    run->part->rc = buf ? run->look(run->part, buf) : PDN_ENOMEM;
    free(buf);
    return NULL;
}

/* The look over each of the n parts, the first on the calling thread, the
 * others on threads of their own (on the calling one when none starts):
 * the first part's failure, in file order, or 0. */
static int look_at_parts(struct part *parts, size_t n, look_fn look)
{
    struct part_run runs[THREADS_MAX];
    bool started[THREADS_MAX] = {false};
    for (size_t i = 1; i < n; i++) {
        runs[i] = (struct part_run){&parts[i], look};
        started[i] = pthread_create(&parts[i].thread, NULL, part_thread, &runs[i]) == 0;
    }
    runs[0] = (struct part_run){&parts[0], look};
    part_thread(&runs[0]);
    for (size_t i = 1; i < n; i++) {
        if (started[i])
            pthread_join(parts[i].thread, NULL);
        else
            part_thread(&runs[i]);
    }
    for (size_t i = 0; i < n; i++)
        if (parts[i].rc < 0) return parts[i].rc;
    return 0;
}

/*
 * Whether the line at buf[0, n), which starts a line, may start a part: a
 * line of other text (its first byte not blank, not '['), whole in buf,
 * with no CR or LF inside it but a CR before its LF. The scan skipping
 * other text finds a line's start after any CR or LF (date_orders_scan.c
 * next_tag_line), and reads whole lines otherwise; here both read alike.
 * *len: the bytes up to its end, its line end included (n without one).
 */
static bool part_may_start(const char *buf, size_t n, char line_end, size_t *len)
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
static int part_start(const struct part *file, uint64_t from, uint64_t limit, char *buf,
                      uint64_t *out)
{
    *out = limit;
    uint64_t pos = from - 1;
    bool at_line = false; /* pos starts a line */
    while (pos < limit && pos < file->end) {
        size_t want = file->end - pos < PIECE_BYTES ? (size_t)(file->end - pos) : PIECE_BYTES;
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
            if (part_may_start(buf + i, n - i, file->line_end, &len)) {
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

/*
 * The second look's stretches. A game adds to the orders only when its
 * date shows an order (date_orders_add_pair: a day and a month before the
 * year, "13.03.2003"), and few do: the look passes over the quotes of its
 * part, and scans only around one that may close such a date, from the
 * last line at or before it where a part may start to the next such line
 * after it. A game's tag lines lie whole between two such lines, as a
 * part's games do; the games passed over add nothing.
 */

/* The longest value of a date that shows an order as written: ten
 * characters ("13.03.2003"), each escaped. */
enum { DATE_RAW_MAX = 2 * 10 };
/* The bytes before a quote that may_close_ordered_date looks at. */
enum { LOOKBEHIND = DATE_RAW_MAX + 1 };

static bool date_char(char c)
{
    return c == '?' || (c >= '0' && c <= '9'); /* as date.c reads a date */
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
    /* Most fail at once: such a value ends with the year's four digits
     * and a separator, but where escapes move them. */
    if (i - lo < 9 || !date_char(buf[i - 1])) return false;
    bool plain = date_char(buf[i - 2]) && date_char(buf[i - 3]) && date_char(buf[i - 4]) &&
                 (buf[i - 5] == '.' || buf[i - 5] == '-' || buf[i - 5] == '/');
    size_t back = i - lo < LOOKBEHIND ? i - lo : LOOKBEHIND;
    if (!plain && !memchr(buf + i - back, '\\', back)) return false;
    size_t o = i;
    while (o > lo && i - o <= DATE_RAW_MAX && buf[o - 1] != '"')
        o--;
    if (o == lo || i - o > DATE_RAW_MAX || i - o < 8) return false; /* 1.3.2003: eight */
    char value[DATE_RAW_MAX + 1], *w = value;
    for (size_t k = o; k < i; k++) { /* date_orders_scan.c's unescape */
        if (buf[k] == '\\' && k + 1 < i) k++;
        *w++ = buf[k];
    }
    *w = '\0';
    return date_orders_shows_order(value);
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
        if (part_may_start(buf + start, n - start, line_end, &len)) {
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
static int stretch_start_back(const struct part *p, char *spare, uint64_t c, uint64_t done,
                              uint64_t *from)
{
    *from = done;
    for (uint64_t upto = c; upto > done;) {
        uint64_t base = upto - done < PIECE_BYTES / 2 ? done : upto - PIECE_BYTES / 2;
        size_t want = p->end - base < PIECE_BYTES ? (size_t)(p->end - base) : PIECE_BYTES;
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
        if (part_may_start(buf + k, n - k, line_end, &len)) {
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
static int scan_stretch(struct part *p, char *buf, uint64_t base, size_t n, uint64_t from,
                        uint64_t to, bool *reread)
{
    *reread = from < base || to > base + n;
    if (*reread) return scan_again(p, buf, from, to);
    int rc = date_orders_scan_lines(p->orders, p->line_end, from > p->start);
    if (rc == 0)
        rc = pdn_date_orders_add_text(p->orders, buf + (from - base), (size_t)(to - from), false);
    return rc == 0 ? pdn_date_orders_add_text(p->orders, NULL, 0, true) : rc;
}

/* The stretch around the quote at buf[i] (buf holding the file's [base,
 * base + n), *done where the last stretch ended or the part starts)
 * scanned; *done moved to its end. spare: a piece to look on with. */
static int scan_around(struct part *p, char *buf, char *spare, uint64_t base, size_t n, size_t i,
                       uint64_t *done, bool *reread)
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
        rc = part_start(p, base + i + 1, p->to, spare, &to);
    if (rc == 0) rc = scan_stretch(p, buf, base, n, from, to, reread);
    *done = to;
    return rc;
}

/* The second look over the part's stretches, into its table: its pieces
 * read overlapping by LOOKBEHIND bytes, each quote looked at once. */
static int read_stretches(struct part *p, char *buf, char *spare)
{
    uint64_t done = p->from, pos = p->from; /* the quotes before pos are looked at */
    while (pos < p->to) {
        uint64_t base = pos - (pos - p->from < LOOKBEHIND ? pos - p->from : LOOKBEHIND);
        size_t want = p->to - base < p->piece ? (size_t)(p->to - base) : p->piece;
        ssize_t got = pread(p->fd, buf, want, (off_t)base);
        if (got < 0) return PDN_EIO;
        if (got == 0) break; /* the file grew shorter */
        size_t n = (size_t)got, i = (size_t)(pos - base);
        bool reread = false;
        pos = base + n;
        for (const char *q; !reread && i < n && (q = memchr(buf + i, '"', n - i)) != NULL;) {
            i = (size_t)(q - buf) + 1;
            if (!may_close_ordered_date(buf, 0, i - 1)) continue;
            int rc = scan_around(p, buf, spare, base, n, i - 1, &done, &reread);
            if (rc < 0) return rc;
            if (reread || done >= base + n) pos = done; /* read on from there */
            i = done > base ? (size_t)(done - base) : i;
        }
    }
    return 0;
}

/* The parts of the second look: starts[i] where the i-th starts, each
 * where a part may start at or after an even share of the file, or where
 * the next one does when none may before it; starts[n] the file's end. */
static int part_starts(const struct part *file, size_t n, char *buf, uint64_t *starts)
{
    uint64_t share = (file->end - file->start) / n;
    starts[0] = file->start;
    starts[n] = file->end;
    for (size_t i = n - 1; i > 0; i--) {
        uint64_t from = file->start + i * share, limit = from + share;
        int rc = part_start(file, from, limit, buf, &starts[i]);
        if (rc < 0) return rc;
        if (starts[i] >= limit) starts[i] = starts[i + 1];
    }
    return 0;
}

/* The line end of the file's first piece, as the scan of the whole file
 * learns it: '\0' when that piece does not tell. */
static int learn_line_end(struct part *file, char *buf)
{
    uint64_t left = file->end - file->start;
    ssize_t got =
        pread(file->fd, buf, left < PIECE_BYTES ? (size_t)left : PIECE_BYTES, (off_t)file->start);
    if (got < 0) return PDN_EIO;
    file->line_end = date_orders_line_end(buf, (size_t)got);
    return 0;
}

/* The second look, each part's table merged into the first's, through
 * *out. */
static int read_orders(struct part *parts, size_t n, char *buf, pdn_date_orders **out)
{
    struct part *file = &parts[0];
    int rc = learn_line_end(file, buf);
    if (rc == 0 && file->line_end == '\0') n = 1; /* no part but the first reads alike */
    uint64_t starts[THREADS_MAX + 1];
    if (rc == 0) rc = part_starts(file, n, buf, starts);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        parts[i] = *file;
        parts[i].from = starts[i];
        parts[i].to = starts[i + 1];
    }
    if (rc == 0) rc = look_at_parts(parts, n, read_tag_lines);
    for (size_t i = 1; rc == 0 && i < n; i++)
        rc = date_orders_merge(parts[0].orders, parts[i].orders);
    for (size_t i = 1; i < n; i++)
        pdn_date_orders_free(parts[i].orders);
    if (rc == 0) {
        *out = parts[0].orders;
        return 0;
    }
    pdn_date_orders_free(parts[0].orders);
    return rc;
}

size_t date_orders_part_bytes(void)
{
    const char *env = getenv("PDN_READER_PART_BYTES");
    long n = env ? strtol(env, NULL, 10) : 0;
    return n >= PART_MIN_FLOOR && n <= PART_MIN_BYTES ? (size_t)n : PART_MIN_BYTES;
}

int date_orders_read_parts(pdn_date_orders **out, int fd, uint64_t at, int threads,
                           size_t part_bytes)
{
    if (!out) return PDN_EINVAL;
    *out = NULL;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return PDN_EINVAL;
    if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size <= at) return 0; /* nothing to read ahead */
    atomic_bool found = false;
    struct part file = {.fd = fd, .start = at, .end = (uint64_t)st.st_size, .found = &found};
    /* Small parts (the tests') are read in small pieces: stretches cut by them. */
    file.piece = part_bytes < 4 * LOOKBEHIND ? 4 * LOOKBEHIND
                 : part_bytes < PIECE_BYTES  ? part_bytes
                                             : PIECE_BYTES;
    uint64_t size = file.end - file.start, most = size / (part_bytes ? part_bytes : 1);
    size_t n = threads < 1 ? 1 : threads > THREADS_MAX ? THREADS_MAX : (size_t)threads;
    if (most < n) n = most < 1 ? 1 : (size_t)most;
    struct part parts[THREADS_MAX];
    for (size_t i = 0; i < n; i++) { /* the first look's parts: even shares */
        parts[i] = file;
        parts[i].from = file.start + i * (size / n);
        parts[i].to = i + 1 < n ? file.start + (i + 1) * (size / n) : file.end;
    }
    int rc = look_at_parts(parts, n, look_for_date);
    if (rc < 0 || !found) return rc;
    char *buf = malloc(PIECE_BYTES);
    rc = buf ? read_orders(parts, n, buf, out) : PDN_ENOMEM;
    free(buf);
    return rc;
}

int pdn_date_orders_read_fd(pdn_date_orders **out, int fd, uint64_t at, int threads)
{
    return date_orders_read_parts(out, fd, at, threads, date_orders_part_bytes());
}
