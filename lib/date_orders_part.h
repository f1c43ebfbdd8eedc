/*
 * date_orders_part.h: a thread's part of a file whose date orders are
 * read ahead (date_orders_read.c: the looks, the parts, the threads),
 * where such a part may start, and the second look's scan of a part
 * (date_orders_part.c). Internal.
 */
#ifndef PDN_DATE_ORDERS_PART_H
#define PDN_DATE_ORDERS_PART_H

#include "pdn.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The bytes read at a time. */
enum { DATE_PIECE_BYTES = 64 << 10 };

/* A thread's part of the file, [from, to), and what it found. */
struct date_part {
    int fd;
    uint64_t start, from, to, end; /* start, end: the file's */
    atomic_bool *found;            /* by the first look: shared */
    pdn_date_orders *orders;       /* the second look's */
    char line_end;                 /* the file's, learned from its start */
    int rc;
    pthread_t thread;
};

/* Whether the line at buf[0, n), which starts a line, may start a part (a
 * line of other text, whole in buf); *len: its bytes, its end included. */
bool date_part_may_start(const char *buf, size_t n, char line_end, size_t *len);

/* Through *out, the start of the first line at or after from (from - 1 a
 * byte of the file) that may start a part, if it starts before limit;
 * else limit. buf: a piece to read into. 0 or PDN_EIO. */
int date_part_start(const struct date_part *file, uint64_t from, uint64_t limit, char *buf,
                    uint64_t *out);

/* The part's text from..to read (into buf, a piece) and scanned into its
 * table, afresh once the file's line ends are known. 0 or an error. */
int date_part_scan(struct date_part *p, char *buf, uint64_t from, uint64_t to);

#endif
