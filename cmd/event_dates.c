/*
 * event_dates: a file's events and dates, read before the file itself is
 * (event_dates.h): only when a look at its bytes finds a date that could
 * be swapped, and then from its tag lines (pdn_date_orders_read_fd), or
 * from its games when those name an event in a code page. Quietly: the
 * reading proper reports its findings.
 */
#include "event_dates.h"
#include "jobs.h"
#include "reading.h"

#include <fcntl.h>
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
 * reading); else NULL. */
static pdn_date_orders *orders_at(const struct tool *t, const char *operand, int fd, off_t at)
{
    pdn_date_orders *orders;
    int rc = pdn_date_orders_read_fd(&orders, fd, (uint64_t)at, jobs_for_input(t, operand));
    if (rc == PDN_EENCODING) /* an Event or Date in a code page: the reader decodes it */
        return read_orders(t, operand, operand[0] == '-' && !operand[1] ? fd : -1);
    return rc == 0 ? orders : NULL;
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
