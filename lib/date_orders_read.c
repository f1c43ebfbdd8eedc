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
 * orders any of its games show, and the file's days the first and last
 * of them, whatever the order they are added in. Every game's date is
 * read so, for the file's days (date_orders_add_span): on bench's 20 MB
 * of tournament files, which hold such dates, pdncheck -j 1 ran 4.9% more
 * instructions (1,094 M to 1,148 M; 1.6 to 3.5% more CPU time, paired
 * medians) than when only the stretches around the dates that show an
 * order were scanned, the others passed over a quote at a time. A file
 * with no such date is read as before: the first look finds none.
 *
 * The parts of the second look start at a line of other text (not blank,
 * not opening with '['), where the scan ends a game and reads on as after
 * any other such line: a part reads alike on its own and after the part
 * before it, which ends there as the file would (date_orders_scan.c). A
 * part with no such line is read by the thread of the part before it.
 */
#include "date_orders.h"
#include "date_orders_part.h"
#include "text.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Whether "date" ends the file's text before its offset pos, past any
 * blanks (name_gap), read back from the file: 1, 0 (also when the file
 * grew shorter), or PDN_EIO. */
static int date_ends_before(const struct date_part *p, uint64_t pos)
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

/* Whether the quote at q, before end, may open a value that could be
 * swapped as match_at reads it (up to the next quote, or a NUL): a day
 * and a month before the year (DD.MM.YYYY, a field one digit short), 8 to
 * 10 date_digit and separators ending with a separator and the year. A
 * NUL among them is left to match_at. */
static bool may_open_swappable(const char *q, const char *end)
{
    const char *v = q + 1, *c = v;
    if (v == end || !date_digit(*v)) return false;
    while (c < end && c - v <= 10 && (date_digit(*c) || date_separator(*c)))
        c++;
    if (c < end && *c == '\0') return true;
    if (c == end || *c != '"' || c - v < 8) return false;
    return date_separator(c[-5]) && date_digit(c[-4]) && date_digit(c[-3]) && date_digit(c[-2]) &&
           date_digit(c[-1]);
}

/* Whether the quote at q, in buf[0, n) read from the file's offset at,
 * opens a match: 1, 0, or PDN_EIO. */
static int match_at(const struct date_part *p, const char *buf, size_t n, uint64_t at,
                    const char *q)
{
    /* Most quotes fail at once, and the name before the few that do not
     * is looked at only then. */
    if (!may_open_swappable(q, buf + n)) return 0;
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
static int look_for_date(struct date_part *p, char *buf)
{
    uint64_t at = p->from - p->start < MATCH_MAX ? p->start : p->from - MATCH_MAX,
             end = p->end - p->to < MATCH_MAX ? p->end : p->to + MATCH_MAX;
    while (at < end && !atomic_load_explicit(p->found, memory_order_relaxed)) {
        size_t want = end - at < DATE_PIECE_BYTES ? (size_t)(end - at) : DATE_PIECE_BYTES;
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

/* The second look over the part, into its own table. */
static int read_tag_lines(struct date_part *p, char *buf)
{
    int rc = pdn_date_orders_new(&p->orders);
    return rc < 0 ? rc : date_part_scan(p, buf, p->from, p->to);
}

/* Which look a part's thread takes. */
typedef int (*look_fn)(struct date_part *p, char *buf);

struct part_run {
    struct date_part *part;
    look_fn look;
};

static void *part_thread(void *arg)
{
    struct part_run *run = arg;
    char *buf = malloc(DATE_PIECE_BYTES);
    run->part->rc = buf ? run->look(run->part, buf) : PDN_ENOMEM;
    free(buf);
    return NULL;
}

/* The look over each of the n parts, the first on the calling thread, the
 * others on threads of their own (on the calling one when none starts):
 * the first part's failure, in file order, or 0. */
static int look_at_parts(struct date_part *parts, size_t n, look_fn look)
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

/* The parts of the second look: starts[i] where the i-th starts, each
 * where a part may start at or after an even share of the file, or where
 * the next one does when none may before it; starts[n] the file's end. */
static int part_starts(const struct date_part *file, size_t n, char *buf, uint64_t *starts)
{
    uint64_t share = (file->end - file->start) / n;
    starts[0] = file->start;
    starts[n] = file->end;
    for (size_t i = n - 1; i > 0; i--) {
        uint64_t from = file->start + i * share, limit = from + share;
        int rc = date_part_start(file, from, limit, buf, &starts[i]);
        if (rc < 0) return rc;
        if (starts[i] >= limit) starts[i] = starts[i + 1];
    }
    return 0;
}

/* The line end of the file's first piece, as the scan of the whole file
 * learns it: '\0' when that piece does not tell. */
static int learn_line_end(struct date_part *file, char *buf)
{
    uint64_t left = file->end - file->start;
    ssize_t got = pread(file->fd, buf, left < DATE_PIECE_BYTES ? (size_t)left : DATE_PIECE_BYTES,
                        (off_t)file->start);
    if (got < 0) return PDN_EIO;
    file->line_end = date_orders_line_end(buf, (size_t)got);
    return 0;
}

/* The second look, each part's table merged into the first's, through
 * *out. */
static int read_orders(struct date_part *parts, size_t n, char *buf, pdn_date_orders **out)
{
    struct date_part *file = &parts[0];
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

/* Whether the file at fd is UTF-16 or UTF-32 from at on (its first bytes
 * there, as the reader looks at them): its tag lines are no ASCII to scan. */
static bool wide_at(int fd, uint64_t at)
{
    unsigned char head[256];
    ssize_t n = pread(fd, head, sizeof head, (off_t)at);
    return n > 0 && pdn_encoding_is_wide(head, (size_t)n);
}

int date_orders_read_parts(pdn_date_orders **out, int fd, uint64_t at, int threads,
                           size_t part_bytes)
{
    if (!out) return PDN_EINVAL;
    *out = NULL;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return PDN_EINVAL;
    if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size <= at) return 0; /* nothing to read ahead */
    if (wide_at(fd, at)) return PDN_EENCODING; /* its games are read, decoded */
    atomic_bool found = false;
    struct date_part file = {.fd = fd, .start = at, .end = (uint64_t)st.st_size, .found = &found};
    uint64_t size = file.end - file.start, most = size / (part_bytes ? part_bytes : 1);
    size_t n = threads < 1 ? 1 : threads > THREADS_MAX ? THREADS_MAX : (size_t)threads;
    if (most < n) n = most < 1 ? 1 : (size_t)most;
    struct date_part parts[THREADS_MAX];
    for (size_t i = 0; i < n; i++) { /* the first look's parts: even shares */
        parts[i] = file;
        parts[i].from = file.start + i * (size / n);
        parts[i].to = i + 1 < n ? file.start + (i + 1) * (size / n) : file.end;
    }
    int rc = look_at_parts(parts, n, look_for_date);
    if (rc < 0 || !found) return rc;
    char *buf = malloc(DATE_PIECE_BYTES);
    rc = buf ? read_orders(parts, n, buf, out) : PDN_ENOMEM;
    free(buf);
    return rc;
}

int pdn_date_orders_read_fd(pdn_date_orders **out, int fd, uint64_t at, int threads)
{
    return date_orders_read_parts(out, fd, at, threads, date_orders_part_bytes());
}
