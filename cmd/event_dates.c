/*
 * event_dates: a file's events and dates (event_dates.h), read when its
 * reading first meets a date that could be swapped (a deferred table: most
 * files have none, and are read once), standard input's and a CSV's before
 * the file itself is: only when a look at its bytes finds such a date,
 * and then from its tag lines (pdn_date_orders_read_fd), or from its games
 * when those name an event in a code page; a CSV's from its Event and Date
 * cells (pdn_date_orders_add_csv). Quietly: the reading proper reports its
 * findings.
 */
#include "event_dates.h"
#include "jobs.h"
#include "reading.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static pdn_date_orders *read_orders(const struct tool *t, const char *operand, int fd)
{
    struct pdn_reader_options ro = tool_reader_options(t, operand, NULL, NULL);
    ro.threads = jobs_for_input(t, operand);
    /* The dates need no variant: none is inferred (a third of the read's time) */
    if (ro.gametype == 0) ro.gametype = 20;
    pdn_reader *reader;
    pdn_date_orders *orders;
    if (pdn_date_orders_new(&orders) < 0) return NULL;
    int rc = fd >= 0 ? pdn_reader_open_fd(&reader, fd, &ro)
                     : pdn_reader_open_file(&reader, operand, &ro);
    if (rc < 0) {
        pdn_date_orders_free(orders);
        return NULL;
    }
    pdn_game *game;
    while ((rc = pdn_reader_next(&game, reader)) > 0) {
        int added = pdn_date_orders_add(orders, game);
        pdn_game_free(game);
        if (added < 0) {
            rc = added;
            break;
        }
    }
    pdn_reader_free(reader);
    if (rc == 0) return orders;
    pdn_date_orders_free(orders);
    return NULL;
}

/* The orders of the file at fd, from at on, when it holds a date that
 * could be swapped (pdn_date_orders_read_fd, by as many threads as its
 * reading); else NULL. how: not used. */
static pdn_date_orders *orders_at(const struct tool *t, const char *operand, int fd, off_t at,
                                  const void *how)
{
    (void)how;
    pdn_date_orders *orders;
    int rc = pdn_date_orders_read_fd(&orders, fd, (uint64_t)at, jobs_for_input(t, operand));
    if (rc == PDN_EENCODING) /* an Event or Date in a code page: the reader decodes it */
        return read_orders(t, operand, operand[0] == '-' && !operand[1] ? fd : -1);
    return rc == 0 ? orders : NULL;
}

enum { SCAN_BYTES = 64 << 10 };

/* Whether c may be in a date written before its year: a digit or one of
 * the separators ("10.03.2003", "12-08-2021", "1/3/2003"). */
static bool date_byte(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '/';
}

/* A date that could be swapped is 8 to 10 of those bytes: "1.3.2003". */
enum { CELL_DATE_MIN = 8, CELL_DATE_MAX = 10 };

/* Whether buf[0, n) holds a run of date bytes that is a date that could
 * be swapped, wherever a CSV has it (a bare or quoted cell, a tags cell's
 * value); *done the bytes looked at, a run at the end kept for the next
 * buffer unless last. Cells are not told apart (the delimiter is not
 * known yet): a run elsewhere (a comment's date) costs a read ahead that
 * finds nothing to settle, never a wrong reading. A run starts at i, just
 * after a byte that is none (or at the start): when one of its first
 * CELL_DATE_MIN bytes is none, no run long enough starts before it, and
 * the look goes on past it, read from the end (moves, "34-29 19-23", are
 * passed over a few bytes a look: a tenth of the instructions of reading
 * each byte). */
static bool swappable_cell_in(const char *buf, size_t n, bool last, size_t *done)
{
    size_t i = 0;
    *done = n; /* a date found: the look is over */
    while (i + CELL_DATE_MIN <= n) {
        size_t k = CELL_DATE_MIN;
        while (k > 0 && date_byte(buf[i + k - 1]))
            k--;
        if (k > 0) {
            i += k;
            continue;
        }
        size_t end = i + CELL_DATE_MIN;
        while (end < n && date_byte(buf[end]))
            end++;
        if (end == n && !last) break; /* the run may go on */
        char value[CELL_DATE_MAX + 1];
        if (end - i <= CELL_DATE_MAX) {
            memcpy(value, buf + i, end - i);
            value[end - i] = '\0';
            if (pdn_date_swappable(value)) return true;
        }
        i = end;
    }
    /* a run at the end, kept unless too long for a date */
    *done = last || n - i > CELL_DATE_MAX ? n : i;
    return false;
}

/* Whether the CSV at fd, from at on, holds a Date cell that could be
 * swapped, read as bytes, as pdn_date_orders_read_fd looks at a PDN file's: most
 * have none, and need no reading ahead. Such a cell's value is a whole
 * run of date bytes (pdn_date_swappable takes no blank nor other text
 * around it). A UTF-16 or UTF-32 file (Excel's "Unicode Text") has its
 * digits apart, NULs between them: it is taken to hold one, and its
 * dates are read decoded, as the reading proper reads them. */
static bool any_swappable_cell(int fd, off_t at)
{
    char *buf = malloc(SCAN_BYTES);
    size_t kept = 0;
    bool found = false, first = true;
    ssize_t got = 1;
    while (!found && buf && got > 0) {
        got = pread(fd, buf + kept, SCAN_BYTES - kept, at);
        size_t n = kept + (got > 0 ? (size_t)got : 0), done;
        at += got > 0 ? got : 0;
        found =
            (first && pdn_encoding_is_wide(buf, n)) || swappable_cell_in(buf, n, got <= 0, &done);
        if (found) break;
        first = false;
        kept = n - done;
        memmove(buf, buf + done, kept);
    }
    free(buf);
    return found || buf == NULL; /* no room to look: read the dates */
}

/* The orders of the CSV at fd, from where it stands (at) on, read as its
 * conversion reads it (how: its struct pdn_csv_read_options), when a
 * Date cell could be swapped; else NULL. Through a copy of fd, whose
 * offset the caller puts back. */
static pdn_date_orders *csv_orders_at(const struct tool *t, const char *operand, int fd, off_t at,
                                      const void *how)
{
    (void)t, (void)operand;
    if (!any_swappable_cell(fd, at)) return NULL;
    int copy = dup(fd);
    FILE *fp = copy >= 0 ? fdopen(copy, "rb") : NULL;
    if (!fp) {
        if (copy >= 0) close(copy);
        return NULL;
    }
    pdn_date_orders *orders = NULL;
    if (pdn_date_orders_new(&orders) == 0 && pdn_date_orders_add_csv(orders, fp, how) < 0) {
        pdn_date_orders_free(orders);
        orders = NULL;
    }
    fclose(fp);
    return orders;
}

typedef pdn_date_orders *orders_fn(const struct tool *t, const char *operand, int fd, off_t at,
                                   const void *how);

/* The orders fn reads of the file operand names, or of standard input
 * when it is a regular file, from where it stands, put back there. */
static pdn_date_orders *read_ahead(const struct tool *t, const char *operand, orders_fn *fn,
                                   const void *how)
{
    if (strcmp(operand, "-") != 0) {
        int fd = open(operand, O_RDONLY);
        pdn_date_orders *orders = fd >= 0 ? fn(t, operand, fd, 0, how) : NULL;
        if (fd >= 0) close(fd);
        return orders;
    }
    struct stat st;
    off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
    if (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode) || at < 0) return NULL;
    pdn_date_orders *orders = fn(t, operand, STDIN_FILENO, at, how);
    if (lseek(STDIN_FILENO, at, SEEK_SET) != at) { /* the reading proper would miss the start */
        pdn_date_orders_free(orders);
        return NULL;
    }
    return orders;
}

/* What a deferred table of a named file's orders reads them with. */
struct deferred_read {
    const struct tool *t;
    char *operand;
};

static int fill_deferred(void *ctx, pdn_date_orders **out)
{
    const struct deferred_read *d = ctx;
    *out = read_ahead(d->t, d->operand, orders_at, NULL);
    return 0;
}

static void free_deferred(void *ctx)
{
    struct deferred_read *d = ctx;
    free(d->operand);
    free(d);
}

/* A named file's orders, read when a date that could be swapped first
 * asks for them: most files have none, and are read once only. */
static pdn_date_orders *deferred_orders(const struct tool *t, const char *operand)
{
    struct deferred_read *d = malloc(sizeof *d);
    char *name = strdup(operand);
    pdn_date_orders *orders = NULL;
    if (d && name) *d = (struct deferred_read){t, name};
    if (d && name && pdn_date_orders_new_deferred(&orders, fill_deferred, free_deferred, d) == 0)
        return orders;
    free(name);
    free(d);
    return read_ahead(t, operand, orders_at, NULL); /* no room to wait: read now */
}

pdn_date_orders *event_dates_read(const struct tool *t, const char *operand)
{
    /* Standard input is read ahead now: from where it stands, put back. */
    if (strcmp(operand, "-") != 0) return deferred_orders(t, operand);
    return read_ahead(t, operand, orders_at, NULL);
}

pdn_date_orders *event_dates_read_csv(const struct tool *t, const char *operand,
                                      const struct pdn_csv_read_options *options)
{
    return read_ahead(t, operand, csv_orders_at, options);
}

void event_dates_on_file(struct tool *t, const char *operand, void *ctx)
{
    (void)ctx;
    pdn_date_orders_free(t->date_orders);
    t->date_orders = event_dates_read(t, operand);
}

void event_dates_choosing(struct tool *t)
{
    if (t->dates_chosen && t->on_file == NULL) t->on_file = event_dates_on_file;
}
