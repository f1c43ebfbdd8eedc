/*
 * event_dates: a file's events and dates, read before the file itself is
 * (event_dates.h): only when a scan of its bytes finds a date that could
 * be swapped, and then from its tag lines (pdn_date_orders_add_text), or
 * from its games when those name an event in a code page. Quietly: the
 * reading proper reports its findings.
 */
#include "event_dates.h"
#include "jobs.h"
#include "reading.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

enum { SCAN_BYTES = 64 << 10, SCAN_KEEP = 64 };

/* Whether buf[0, n) holds a quoted value after the word "date" (any case,
 * blanks between) that could be swapped; *done the bytes looked at, those
 * after kept for the next buffer (a tag cut by its end). Found by its
 * quote: a few a game, which memchr finds at memory's speed. */
static bool swappable_in(const char *buf, size_t n, size_t *done)
{
    *done = n > SCAN_KEEP ? n - SCAN_KEEP : 0;
    for (const char *q = buf, *end = buf + n; (q = memchr(q, '"', (size_t)(end - q))) != NULL;) {
        const char *close = memchr(q + 1, '"', (size_t)(end - q - 1));
        if (close == NULL) break;
        const char *name = q;
        while (name > buf && (name[-1] == ' ' || name[-1] == '\t'))
            name--;
        size_t len = (size_t)(close - q) - 1;
        char value[32];
        if (name - buf >= 4 && strncasecmp(name - 4, "date", 4) == 0 && len < sizeof value) {
            memcpy(value, q + 1, len);
            value[len] = '\0';
            if (pdn_date_swappable(value)) return true;
        }
        q = close + 1;
    }
    return false;
}

/* Whether the file at fd, from at on, holds a date that could be swapped,
 * read as bytes: most files have none, and need no reading of their games
 * first (a third of pdnfmt --fix's time). An encoding not ASCII-based
 * (UTF-16) shows none. */
static bool any_swappable_date(int fd, off_t at)
{
    char *buf = malloc(SCAN_BYTES);
    size_t kept = 0;
    bool found = false;
    ssize_t got;
    while (!found && buf && (got = pread(fd, buf + kept, SCAN_BYTES - kept, at)) > 0) {
        size_t n = kept + (size_t)got, done;
        at += got;
        found = swappable_in(buf, n, &done);
        kept = n - done;
        memmove(buf, buf + done, kept);
    }
    free(buf);
    return found || buf == NULL; /* no room to look: read the games */
}

/* The orders of the file at fd, from at on, read from its tag lines
 * (pdn_date_orders_add_text), in a tenth of the time its games take to
 * read; NULL out of memory or on a read error, or, *undecoded set, when an
 * Event or Date value is no UTF-8 (the reader decodes it: read the games). */
static pdn_date_orders *scan_orders(int fd, off_t at, bool *undecoded)
{
    pdn_date_orders *orders;
    *undecoded = false;
    if (pdn_date_orders_new(&orders) < 0) return NULL;
    char *buf = malloc(SCAN_BYTES);
    int rc = buf ? 0 : PDN_ENOMEM;
    ssize_t got = 0;
    while (rc == 0 && (got = pread(fd, buf, SCAN_BYTES, at)) > 0) {
        at += got;
        rc = pdn_date_orders_add_text(orders, buf, (size_t)got, false);
    }
    if (rc == 0) rc = got < 0 ? PDN_EIO : pdn_date_orders_add_text(orders, NULL, 0, true);
    free(buf);
    *undecoded = rc == PDN_EENCODING;
    if (rc == 0) return orders;
    pdn_date_orders_free(orders);
    return NULL;
}

/* The orders of the file at fd, from at on, when it holds a date that
 * could be swapped; else NULL. */
static pdn_date_orders *orders_at(const struct tool *t, const char *operand, int fd, off_t at)
{
    if (!any_swappable_date(fd, at)) return NULL;
    bool undecoded;
    pdn_date_orders *orders = scan_orders(fd, at, &undecoded);
    return undecoded ? read_orders(t, operand, operand[0] == '-' && !operand[1] ? fd : -1) : orders;
}

pdn_date_orders *event_dates_read(const struct tool *t, const char *operand)
{
    if (strcmp(operand, "-") != 0) {
        int fd = open(operand, O_RDONLY);
        pdn_date_orders *orders = fd >= 0 ? orders_at(t, operand, fd, 0) : NULL;
        if (fd >= 0) close(fd);
        return orders;
    }
    struct stat st;
    off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
    if (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode) || at < 0) return NULL;
    pdn_date_orders *orders = orders_at(t, operand, STDIN_FILENO, at);
    if (lseek(STDIN_FILENO, at, SEEK_SET) != at) { /* the reading proper would miss the start */
        pdn_date_orders_free(orders);
        return NULL;
    }
    return orders;
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
