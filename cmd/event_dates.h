/*
 * event_dates: the order of day and month each event of a file writes its
 * dates in (pdn_date_orders), read before the file itself is, for the
 * tools to read a date that could be swapped as the event's others
 * (pdnfmt --fix, pdn2csv --iso-dates, pdncheck's finding, pdnstats'
 * events, every tool's --date, csv2pdn's finding and --date).
 */
#ifndef PDN_CMD_EVENT_DATES_H
#define PDN_CMD_EVENT_DATES_H

#include "common.h"

/* The orders of the file operand names, read when a date that could be
 * swapped first asks for them (pdn_date_orders_new_deferred), from any
 * thread; standard input's ("-") now, when it is a regular file, read
 * from where it stands and put back there. NULL (or, deferred, not known)
 * for a pipe or a terminal, which can be read only once, and for a file
 * that cannot be read (the reading proper says why). Free with
 * pdn_date_orders_free. */
pdn_date_orders *event_dates_read(const struct tool *t, const char *operand);

/* The same for a CSV of games (csv2pdn), read as options read it: its
 * Event and Date cells (pdn_date_orders_add_csv), when one of its cells is
 * a date that could be swapped (a UTF-16 or UTF-32 file: always). */
pdn_date_orders *event_dates_read_csv(const struct tool *t, const char *operand,
                                      const struct pdn_csv_read_options *options);

/* A tool's on_file (common.h) for the tools that read a date that could be
 * swapped as the other dates of its event, or file, show, wherever those
 * stand in the file: t->date_orders replaced by the orders of the file
 * about to be read (event_dates_read). ctx is not used. */
void event_dates_on_file(struct tool *t, const char *operand, void *ctx);

/* For a tool that reads a file's dates first for none of its own options
 * (or not for all): with --date (t->dates_chosen), and no on_file of its
 * own, event_dates_on_file, so that the selection places a date that could
 * be swapped as the file's other dates settle it (pdn_select_set_date_orders,
 * which tool_read_inputs calls). Call after the options are read. */
void event_dates_choosing(struct tool *t);

#endif
