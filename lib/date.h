/*
 * date (private): PDN's date, YYYY.MM.DD with '?' for unknown digits. The
 * replay checks a Date tag with date_ok; pdn_format_game's fix repairs with
 * date_repair the dates written otherwise that have one reading; pdnstats'
 * events and the --date selection place a game in time with date_read (and
 * date_days). One reading of the form, so that what the check refuses, what
 * the repair accepts and the day a game is counted on cannot drift apart.
 * Nothing here prints or allocates.
 */
#ifndef PDN_DATE_H
#define PDN_DATE_H

#include <stdbool.h>

/* Whether c is a digit of a date as written: '0'-'9', or '?' for one
 * not known. */
static inline bool date_digit(char c)
{
    return c == '?' || (c >= '0' && c <= '9');
}

/* Whether c separates the fields of a date as written: '.', '-' or '/'. */
static inline bool date_separator(char c)
{
    return c == '.' || c == '-' || c == '/';
}

/* Room for a date and its NUL. */
#define DATE_SIZE 11

/* What a bad date should have been: the detail of its finding. */
#define DATE_EXPECTED "expected YYYY.MM.DD, '?' for unknown digits"

/* YYYY.MM.DD, any digit '?', a known month 01-12 and a day the month has
 * (01-31; 29 February in a leap year, or one not known). */
bool date_ok(const char *v);

/* Room for date_expected's detail. */
#define DATE_DETAIL_SIZE 128

/* What a Date tag's value that is not date_ok should have been (its
 * finding's detail, in detail or static): DATE_EXPECTED; for a day the
 * month does not have ("2003.04.31") that there is no such day; for a date
 * whose day and month could be swapped (date_swappable) its two readings;
 * for one of one reading ("13.03.2003", date_repair) that reading. */
const char *date_expected(char detail[DATE_DETAIL_SIZE], const char *v);
/* date_expected of v whose n readings (date_readings) are in both: for a
 * caller that asked them already. */
const char *date_expected_read(char detail[DATE_DETAIL_SIZE], const char *v,
                               char both[2][DATE_SIZE], int n);

/* Whether v, a day and a month before the year (DD.MM.YYYY, '-' or '/'
 * between, a field one digit short), reads as two dates, day first and
 * month first: "12-08-2021" is 12 August or 8 December, where "13.03.2003"
 * and "05.05.2003" have one reading. True with both in the PDN form, the
 * day-first one in out[0]. Nothing tells them apart: date_repair leaves
 * them, and pdn2csv --iso-dates writes them as they stand. */
bool date_swappable(char out[2][DATE_SIZE], const char *v);
/* The dates a text that is not date_ok can mean, in the PDN form, in out:
 * 0 (a date_ok text too); 1, its one reading (date_repair's); or 2, day
 * first and month first (date_swappable). */
int date_readings(char out[2][DATE_SIZE], const char *v);

/* The order of day and month a date written before its year shows: day
 * first where only that order makes a date ("13.03.2003"), month first
 * where only that one does ("08-13-2021"), either where both do and differ
 * ("12-08-2021", date_swappable: the two readings in out, day first in
 * out[0]); DATE_NO_ORDER for a date that reads the same either way, or is
 * written otherwise. What settles an event's dates that read both ways
 * (pdnstats' events). */
enum date_order { DATE_NO_ORDER, DATE_DAY_FIRST, DATE_MONTH_FIRST, DATE_EITHER_ORDER };
enum date_order date_order_shown(char out[2][DATE_SIZE], const char *v);

/* The one date a text that is not date_ok means, in out: the year, month
 * and day with '-', '/' or '.' between them, a field one digit short; a
 * year alone ("2003." and "2003"); the day and month before the year when
 * only one order makes a date. False (out undefined) for anything else: a
 * two-digit year, a range, "10.03.2003", words. */
bool date_repair(char out[DATE_SIZE], const char *v);

/* The date a game's Date tag names, to place the game in time, in out in
 * the PDN form (date_ok): YYYY.MM.DD, and the orders programs write besides,
 * with '-' or '/' for any '.' and '?' for unknown digits:
 *   - YYYY.MM.DD or DD.MM.YYYY, and the text after it when that starts with
 *     no digit: "2004.10.27 - 2004.11.01" is its first day;
 *   - YYYY.MM or YYYY as the whole text (the day, or month and day, '?');
 *   - a month or day "00" is unknown ("??");
 *   - else what date_repair makes of it: a field one digit short
 *     ("1969.7.4"), "2003.", "1.1.1965", a month before the day where only
 *     that order makes a date ("08-13-2021").
 * False (out undefined) for anything else: no text, a year whose first digit
 * is unknown, a month past 12 or a day past 31, a two-digit year, words.
 * Unlike date_repair, this guesses: DD.MM.YYYY is read day first even where
 * MM.DD.YYYY is a date (date_swappable), a field one digit short too
 * ("1.10.1973": 1 October). */
bool date_read(char out[DATE_SIZE], const char *v);

/* The date a Date tag's range "A - B" (or "A-B", A a whole date of 10
 * characters) ends on, an event's last day: true and B in out when B reads
 * with date_read and comes after A ("2004.10.27 - 2004.11.01"); false, out
 * untouched, for anything else. */
bool date_range_end(char out[DATE_SIZE], const char *v);

/* The first and last day a date_read date may be (out[0], out[1]), each as
 * the number YYYYMMDD: its unknown year digits 0 for the first, 9 for the
 * last; a month with a digit unknown the whole year, a day the whole month
 * (31 days). */
void date_days(long out[2], const char date[DATE_SIZE]);

#endif
