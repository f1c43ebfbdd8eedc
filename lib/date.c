/*
 * date: PDN's date form (YYYY.MM.DD, '?' for unknown digits), checked, and
 * the other forms of a date that have one reading rewritten in it. See
 * date.h. Must not print, allocate or guess: a two-digit year, a range or a
 * day and month that could be either stay as they are.
 */
#include "date.h"

#include <stdio.h>
#include <string.h>

/* The number of a field of n known digits, -1 when one is '?'. */
static int known(const char *p, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (p[i] == '?') return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

/* A two-digit field of a date: in range when both digits are known. */
static bool field_ok(const char *p, int max)
{
    int v = known(p, 2);
    return v < 0 || (v >= 1 && v <= max);
}

/* The most days month m (1-12) has in the year of the four characters at
 * year (a February of a year not known may have 29); the year read for
 * February alone. */
static int month_days(int m, const char *year)
{
    static const int days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m != 2) return days[m - 1];
    int y = known(year, 4);
    bool leap = y < 0 || (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0));
    return leap ? 29 : 28;
}

/* Whether v is of the form and its month and day in range, the day
 * maybe past the month's last. */
static bool date_form(const char *v)
{
    /* No strlen: a NUL fails the form where it stands, and only a text of
     * ten characters gets to its end. Spelt out, not a loop that asks at
     * each character whether a dot stands there: every Date tag is asked. */
    return date_digit(v[0]) && date_digit(v[1]) && date_digit(v[2]) && date_digit(v[3]) &&
           v[4] == '.' && date_digit(v[5]) && date_digit(v[6]) && v[7] == '.' && date_digit(v[8]) &&
           date_digit(v[9]) && v[10] == '\0' && field_ok(v + 5, 12) && field_ok(v + 8, 31);
}

static int readings(char out[2][DATE_SIZE], const char *v); /* below, with the repair */
static bool year_first_range(char first[DATE_SIZE], char last[DATE_SIZE], const char *v);

const char *date_expected(char detail[DATE_DETAIL_SIZE], const char *v)
{
    char both[2][DATE_SIZE];
    return date_expected_read(detail, v, both, readings(both, v));
}

const char *date_expected_read(char detail[DATE_DETAIL_SIZE], const char *v,
                               char both[2][DATE_SIZE], int n)
{
    if (n == 2) {
        snprintf(detail, DATE_DETAIL_SIZE,
                 "day and month could be swapped: %s (day first) or %s (month first)", both[0],
                 both[1]);
        return detail;
    }
    /* "13.03.2003": its one reading said, as the swappable ones say both
     * (copied, not printed: a bench file's every date is such a one) */
    if (n == 1) {
        static const char head[] = "expected YYYY.MM.DD: its one reading is ";
        _Static_assert(sizeof head + DATE_SIZE <= DATE_DETAIL_SIZE, "the detail fits");
        memcpy(detail, head, sizeof head - 1);
        memcpy(detail + sizeof head - 1, both[0], DATE_SIZE);
        return detail;
    }
    /* "2004.10.27 - 2004.11.01", an event's days: said so (pdnstats reads
     * the span), and kept, as a game is played on one of them */
    char first[DATE_SIZE], last[DATE_SIZE];
    if (year_first_range(first, last, v)) {
        snprintf(detail, DATE_DETAIL_SIZE, "a range of days, %s to %s, where one is expected",
                 first, last);
        return detail;
    }
    if (!date_form(v) || known(v + 5, 2) < 0 || known(v + 8, 2) < 0) return DATE_EXPECTED;
    switch (known(v + 5, 2)) {
    case 2:
        return known(v + 8, 2) == 29 ? "no such day: February has 28 days in that year"
                                     : "no such day: February has 29 days at most";
    case 4:
        return "no such day: April has 30 days";
    case 6:
        return "no such day: June has 30 days";
    case 9:
        return "no such day: September has 30 days";
    case 11:
        return "no such day: November has 30 days";
    default:
        return DATE_EXPECTED;
    }
}

bool date_ok(const char *v)
{
    if (!date_form(v)) return false;
    /* A day the month has: 2003.04.31 and 2023.02.29 are no dates (pdnfmt's
     * fix wrote them from 31.04.2003 and 29.02.2023). */
    int m = known(v + 5, 2), d = known(v + 8, 2);
    return m < 0 || d < 0 || d <= month_days(m, v);
}

/* ---- repair ---------------------------------------------------------------------- */

/* The fields of a date as written: runs of digits and '?', one separator
 * ('.', '-' or '/') the same between them all. */
struct fields {
    const char *at[3];
    int len[3];
    int n;
    bool trailing; /* a separator after the last field ("2003.") */
};

static bool split(struct fields *out, const char *v)
{
    memset(out, 0, sizeof *out);
    char sep = 0;
    const char *p = v;
    for (;;) {
        if (out->n == 3 || !date_digit(*p)) return false;
        out->at[out->n] = p;
        while (date_digit(*p))
            p++;
        out->len[out->n] = (int)(p - out->at[out->n]);
        out->n++;
        if (*p == 0) return true;
        if (!date_separator(*p) || (sep && *p != sep)) return false;
        sep = *p++;
        if (*p == 0) return out->trailing = true;
    }
}

/* A month or a day of one or two characters, as two ("3" is "03", "?" is
 * "??"). */
static void put_field(char *out, const struct fields *f, int i)
{
    const char *p = f->at[i];
    bool one = f->len[i] == 1;
    out[0] = one ? (p[0] == '?' ? '?' : '0') : p[0];
    out[1] = one ? p[0] : p[1];
}

/* out: the year of field 'y', the month of field 'm', the day of field 'd';
 * whether that is a date. */
static bool compose(char out[DATE_SIZE], const struct fields *f, int y, int m, int d)
{
    memcpy(out, f->at[y], 4);
    out[4] = out[7] = '.';
    put_field(out + 5, f, m);
    put_field(out + 8, f, d);
    out[10] = 0;
    return date_ok(out);
}

/* A day and a month before the year (DD.MM.YYYY, a field one digit
 * short), read day first into out[0] and month first into out[1],
 * whether each is a date at *day_first and *month_first; false, nothing
 * read, for a text written otherwise. */
static bool day_month_readings(char out[2][DATE_SIZE], const struct fields *f, bool *day_first,
                               bool *month_first)
{
    if (f->n != 3 || f->trailing || f->len[0] > 2 || f->len[1] > 2 || f->len[2] != 4) return false;
    *day_first = compose(out[0], f, 2, 1, 0);
    *month_first = compose(out[1], f, 2, 0, 1);
    return true;
}

/*
 * The dates a text that is not date_ok can mean, in the PDN form: 0; 1,
 * in out[0] (a year alone, "2003." and "2003"; the year first with '-',
 * '/' or '.'; a field one digit short; the day and month before the year
 * when one order makes a date, or both the same one, "05.05.2003"); or 2,
 * a day and month before the year that read both ways, day first in
 * out[0] ("12-08-2021": 12 August or 8 December). One parse for
 * date_swappable, date_repair and date_expected, which asks both.
 */
static int readings(char out[2][DATE_SIZE], const char *v)
{
    struct fields f;
    if (date_ok(v) || !split(&f, v)) return 0;
    if (f.n == 1 && f.len[0] == 4) {
        snprintf(out[0], DATE_SIZE, "%.4s.??.??", f.at[0]);
        return 1;
    }
    bool short_fields = f.n == 3 && f.len[1] <= 2 && !f.trailing;
    if (short_fields && f.len[0] == 4 && f.len[2] <= 2) return compose(out[0], &f, 0, 1, 2);
    bool day_first, month_first;
    if (!day_month_readings(out, &f, &day_first, &month_first)) return 0;
    if (day_first && month_first) return strcmp(out[0], out[1]) == 0 ? 1 : 2;
    if (month_first) memcpy(out[0], out[1], DATE_SIZE);
    return day_first || month_first;
}

int date_readings(char out[2][DATE_SIZE], const char *v)
{
    return readings(out, v);
}

bool date_swappable(char out[2][DATE_SIZE], const char *v)
{
    return readings(out, v) == 2;
}

enum date_order date_order_shown(char out[2][DATE_SIZE], const char *v)
{
    struct fields f;
    bool day_first, month_first;
    if (!split(&f, v) || !day_month_readings(out, &f, &day_first, &month_first))
        return DATE_NO_ORDER;
    if (day_first && month_first)
        return strcmp(out[0], out[1]) == 0 ? DATE_NO_ORDER : DATE_EITHER_ORDER;
    if (day_first == month_first) return DATE_NO_ORDER;
    return day_first ? DATE_DAY_FIRST : DATE_MONTH_FIRST;
}

bool date_repair(char out[DATE_SIZE], const char *v)
{
    char both[2][DATE_SIZE];
    if (readings(both, v) != 1) return false;
    memcpy(out, both[0], DATE_SIZE);
    return true;
}

/* ---- a game's date, placed in time ----------------------------------------------- */

/* n characters of a date, digits or '?'. */
static bool date_digits(const char *p, int n)
{
    for (int i = 0; i < n; i++)
        if (!date_digit(p[i])) return false;
    return true;
}

/* DD.MM.YYYY, what follows it no digit, into out turned round. */
static bool day_first(char out[DATE_SIZE], const char *v)
{
    if (!date_digits(v, 2) || !date_separator(v[2]) || !date_digits(v + 3, 2) ||
        !date_separator(v[5]) || !date_digits(v + 6, 4) || date_digit(v[10]))
        return false;
    memcpy(out, v + 6, 4);
    memcpy(out + 5, v + 3, 2);
    memcpy(out + 8, v, 2);
    return true;
}

/* YYYY or YYYY.MM, the whole text, or YYYY.MM.DD, what follows it no digit,
 * into out (whose month and day are "??" before). */
static bool year_first(char out[DATE_SIZE], const char *v)
{
    if (!date_digits(v, 4)) return false;
    memcpy(out, v, 4);
    if (v[4] == 0) return true;
    if (!date_separator(v[4]) || !date_digits(v + 5, 2)) return false;
    memcpy(out + 5, v + 5, 2);
    if (v[7] == 0) return true;
    if (!date_separator(v[7]) || !date_digits(v + 8, 2)) return false;
    memcpy(out + 8, v + 8, 2);
    return !date_digit(v[10]);
}

/* "00", as some programs write a month or day they do not know, as "??". */
static void zero_unknown(char *field)
{
    if (field[0] == '0' && field[1] == '0') field[0] = field[1] = '?';
}

bool date_read(char out[DATE_SIZE], const char *v)
{
    memcpy(out, "????.??.??", DATE_SIZE);
    if (v == NULL) return false;
    if (day_first(out, v) || year_first(out, v)) {
        zero_unknown(out + 5);
        zero_unknown(out + 8);
        if (out[0] != '?' && date_ok(out)) return true;
    }
    /* Else the forms pdnfmt --fix repairs ("1969.7.4", "2003.", and a
     * month before the day where only that order makes a date,
     * "08-13-2021", once read as month 13 and no date): their one reading,
     * the date a repaired file would hold; and a day and month that could
     * be swapped written with a field one digit short ("1.10.1973"), day
     * first as "10.03.2003" is above, not no date at all. */
    char both[2][DATE_SIZE];
    if (readings(both, v) == 0) return false;
    memcpy(out, both[0], DATE_SIZE);
    return out[0] != '?';
}

bool date_range_end(char out[DATE_SIZE], const char *v)
{
    /* The shape first: a single date, nearly every one, is not read again. */
    if (v == NULL || strnlen(v, 10) < 10) return false;
    const char *p = v + 10;
    while (*p == ' ')
        p++;
    if (*p != '-') return false;
    for (p++; *p == ' '; p++)
        ;
    char first[DATE_SIZE], end[DATE_SIZE];
    if (!date_read(first, v) || !date_read(end, p) || strcmp(end, first) <= 0) return false;
    memcpy(out, end, DATE_SIZE);
    return true;
}

/* A range written year first at both ends, "2004.10.27 - 2004.11.01"
 * (date_range_end): its first and last days, no order of day and month
 * guessed. */
static bool year_first_range(char first[DATE_SIZE], char last[DATE_SIZE], const char *v)
{
    size_t n = strlen(v);
    memcpy(first, "????.??.??", DATE_SIZE);
    return n > 20 && date_digits(v + n - 10, 4) && date_range_end(last, v) && year_first(first, v);
}

/* The number of n date digits, each unknown one read as 'fill'. */
static long date_number(const char *p, int n, char fill)
{
    long v = 0;
    for (int i = 0; i < n; i++)
        v = v * 10 + ((p[i] == '?' ? fill : p[i]) - '0');
    return v;
}

void date_days(long out[2], const char date[DATE_SIZE])
{
    bool month = memchr(date + 5, '?', 2) == NULL;
    bool day = month && memchr(date + 8, '?', 2) == NULL;
    for (int last = 0; last < 2; last++) {
        long y = date_number(date, 4, last ? '9' : '0');
        long m = month ? date_number(date + 5, 2, '0') : last ? 12 : 1;
        long d = day ? date_number(date + 8, 2, '0') : last ? 31 : 1;
        out[last] = y * 10000 + m * 100 + d;
    }
}
