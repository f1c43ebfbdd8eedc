/*
 * event_dates: the order of day and month each event of a file writes its
 * dates in (pdn_date_orders), read before the file itself is, for pdnfmt
 * --fix to read a date that could be swapped as the event's others.
 */
#ifndef PDN_CMD_EVENT_DATES_H
#define PDN_CMD_EVENT_DATES_H

#include "common.h"

/* The orders of the file operand names ("-": standard input when it is a
 * regular file, read from where it stands and put back there); NULL for a
 * pipe or a terminal, which can be read only once, and for a file that
 * cannot be read (the reading proper says why). Free with
 * pdn_date_orders_free. */
pdn_date_orders *event_dates_read(const struct tool *t, const char *operand);

#endif
