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

/* Room for date_orders_reading's why. */
#define DATE_WHY_SIZE 40

/* The reading of v, a Date tag's value of the game that could be swapped,
 * that the orders settle (date_orders_settled), in out, and in why the
 * reason ("day first, as the event's other dates"): what pdn_format_game's
 * fix writes and the replay's bad-date finding says. False when v reads
 * one way or none, or nothing settles it (orders NULL too). */
bool date_orders_reading(char out[DATE_SIZE], char why[DATE_WHY_SIZE],
                         const pdn_date_orders *orders, const pdn_game *game, const char *v);

#endif
