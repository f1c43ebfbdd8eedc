/*
 * date_orders (private): what pdn_date_orders tells pdn_format_game's fix
 * and the replay's check of a date (lib/date_orders.c; the public calls
 * are in pdn.h).
 */
#ifndef PDN_DATE_ORDERS_H
#define PDN_DATE_ORDERS_H

#include "date.h"
#include "pdn.h"

#include <stdbool.h>

/* The order of day and month the dates of the game's event show, when they
 * show one and no date of the event shows the other, or, when they show
 * none, the one the file's dates show likewise: DATE_DAY_FIRST or
 * DATE_MONTH_FIRST; else DATE_NO_ORDER (orders NULL too). *by_file says
 * whether the file's dates were asked. */
enum date_order date_orders_settled(const pdn_date_orders *orders, const pdn_game *game,
                                    bool *by_file);

/* Whether orders is pdn_date_orders_new_deferred's: asked only, never
 * added to. */
bool date_orders_deferred(const pdn_date_orders *orders);

/* Whether a date shows an order, one only making it a date: all a game
 * adds to the orders. */
bool date_orders_shows_order(const char *date);

/* Adds the order a game's date (NULL: none) shows, if one only makes it,
 * to its event's (NULL: none): 0 or PDN_ENOMEM. */
int date_orders_add_pair(pdn_date_orders *orders, const char *event, const char *date);

/* Widens the file's days to a game's date when it has one reading, every
 * digit known (a range's last day too): the days within which a date that
 * could be swapped is read when no order settles it (a tournament's
 * "12-08-2021" among its 2021.08.12 to 2021.08.20). Every date of the file
 * is added so, whatever its event. */
void date_orders_add_span(pdn_date_orders *orders, const char *date);

/* A Date value of this size or more is no date of any order. */
enum { DATE_VALUE_MAX = 64 };

/* pdn_date_orders_add_text's state between pieces (date_orders_scan.c),
 * freed with its table. */
struct date_scan {
    bool started;                        /* a byte was given */
    bool past_first_line;                /* its first line read (a byte order mark) */
    bool ends_known;                     /* whether lines end at CR alone is known */
    char line_end;                       /* '\n' or '\r' */
    bool in_game;                        /* tags read since the last line of other text */
    unsigned char event_rank, date_rank; /* enum rank (date_orders_scan.c) */
    char *event;                         /* of the game being read: its value as written */
    size_t event_len, event_cap;
    char date[DATE_VALUE_MAX];
    /* Inside other text (moves): the lines are not read up to the next
     * '[' that opens one; line_open: a piece ended where one would. */
    bool skipping, line_open;
    bool cut;      /* a piece ended inside a line: its start is in line */
    bool overlong; /* ... longer than LINE_KEPT_MAX: other text */
    char *line;
    size_t line_len, line_cap;
};

/* The state of orders' text read so far, NULL before the first piece. */
struct date_scan **date_orders_scan_state(pdn_date_orders *orders);

/* The line end of a file whose text starts with text[0, len): '\n', or
 * '\r' when its first line ends with a CR alone; '\0' when those bytes do
 * not tell (no line end in them, or a CR at their end). */
char date_orders_line_end(const char *text, size_t len);

/* Readies orders to read a file's text whose lines end at line_end (as
 * date_orders_line_end learned it), from its start or, mid_file, from the
 * start of a line inside it (no byte order mark then): the parts of
 * date_orders_read.c. 0 or PDN_ENOMEM. */
int date_orders_scan_lines(pdn_date_orders *orders, char line_end, bool mid_file);

/* The bytes of a file date_orders_read.c gives a thread at least:
 * PDN_READER_PART_BYTES from the environment when set (64 at least: the
 * tests cut small files into parts with it), else 1 MB. */
size_t date_orders_part_bytes(void);

/* pdn_date_orders_read_fd with parts of part_bytes at least. */
int date_orders_read_parts(pdn_date_orders **out, int fd, uint64_t at, int threads,
                           size_t part_bytes);

/* Whether a and b hold the same events with the same orders, and the
 * same file's orders and days (the tests' check of the parts against one
 * scan). */
bool date_orders_same(const pdn_date_orders *a, const pdn_date_orders *b);

/* Adds the orders of src's events, and its days, to dst's: 0 or
 * PDN_ENOMEM. */
int date_orders_merge(pdn_date_orders *dst, const pdn_date_orders *src);

/* Room for date_orders_reading's why. */
#define DATE_WHY_SIZE 72

/* The reading of v, a Date tag's value of the game that could be swapped,
 * that the orders settle (date_orders_settled), or else the one of its
 * readings within the file's days when those span a month at most
 * (date_orders_add_span), in out, and in why the reason ("day first, as
 * the event's other dates"; "day first, within the file's other dates
 * (2021.08.12 to 2021.08.20)"): what pdn_format_game's
 * fix writes and the replay's bad-date finding says. False when v reads
 * one way or none, or nothing settles it (orders NULL too). */
bool date_orders_reading(char out[DATE_SIZE], char why[DATE_WHY_SIZE],
                         const pdn_date_orders *orders, const pdn_game *game, const char *v);

/* The detail of the bad-date finding of v, a Date tag's value of the game
 * that is not date_ok, in detail or static: the reading the orders settle
 * ("expected YYYY.MM.DD: read day first, as the event's other dates:
 * 2003.03.10"), else date_expected's. One wording for the replay's check
 * and pdn_format_game's fix. */
const char *date_orders_expected(char detail[DATE_DETAIL_SIZE], const pdn_date_orders *orders,
                                 const pdn_game *game, const char *v);

#endif
