/*
 * event_dates: a file read once for its games' events and dates
 * (event_dates.h). Quietly: the reading proper reports its findings.
 */
#include "event_dates.h"
#include "jobs.h"
#include "reading.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static pdn_date_orders *read_orders(const struct tool *t, const char *operand, int fd)
{
    struct pdn_reader_options ro = tool_reader_options(t, operand, NULL, NULL);
    ro.threads = jobs_for_input(t, operand);
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

pdn_date_orders *event_dates_read(const struct tool *t, const char *operand)
{
    if (strcmp(operand, "-") != 0) return read_orders(t, operand, -1);
    struct stat st;
    off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
    if (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode) || at < 0) return NULL;
    pdn_date_orders *orders = read_orders(t, operand, STDIN_FILENO);
    if (lseek(STDIN_FILENO, at, SEEK_SET) != at) { /* the reading proper would miss the start */
        pdn_date_orders_free(orders);
        return NULL;
    }
    return orders;
}
