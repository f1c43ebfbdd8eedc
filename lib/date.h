/*
 * date (private): PDN's date, YYYY.MM.DD with '?' for unknown digits. The
 * replay checks a Date tag with date_ok; pdn_format_game's fix repairs with
 * date_repair the dates written otherwise that have one reading. One
 * reading of the form, so that what the check refuses and what the repair
 * accepts cannot drift apart. Nothing here prints or allocates.
 */
#ifndef PDN_DATE_H
#define PDN_DATE_H

#include <stdbool.h>

/* Room for a date and its NUL. */
#define DATE_SIZE 11

/* What a bad date should have been: the detail of its finding. */
#define DATE_EXPECTED "expected YYYY.MM.DD, '?' for unknown digits"

/* YYYY.MM.DD, any digit '?', a known month 01-12 and day 01-31. */
bool date_ok(const char *v);

/* The one date a text that is not date_ok means, in out: the year, month
 * and day with '-', '/' or '.' between them, a field one digit short; a
 * year alone ("2003." and "2003"); the day and month before the year when
 * only one order makes a date. False (out undefined) for anything else: a
 * two-digit year, a range, "10.03.2003", words. */
bool date_repair(char out[DATE_SIZE], const char *v);

#endif
