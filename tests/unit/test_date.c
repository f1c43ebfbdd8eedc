/*
 * Unit tests of lib/date.h: the form PDN gives a date (YYYY.MM.DD, '?' for
 * unknown digits, PDN 3.0 section on the Date tag), and the repair of the
 * other forms that have one reading, as pdnfmt --fix makes it. The answers
 * are the calendar's: a month is 01-12, a day 01-31, and a day and month
 * before the year are read day first or month first only when the other
 * order is no date (or the same one). And the reading of a Date tag that
 * places a game in time (pdnstats' events, --date), which guesses day first
 * and reads the forms real files have (tests/data/tournaments:
 * "2021-08-12", "10.03.2003", "2004.10.27 - 2004.11.01").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "date.h"

#include <stdio.h>
#include <string.h>

/* Dates in the PDN form read; others do not. */
static void test_date_ok_pdn_form(void **state)
{
    (void)state;
    static const char *const good[] = {
        "2003.03.13", "?\??\?.?\?.?\?", "2003.?\?.?\?", "19?\?.1?.3?", "2003.12.31",
    };
    static const char *const bad[] = {
        "2003.13.01", /* no month 13 */
        "2003.00.01", "2003.01.32", "2003.01.00",  "2003-03-13",
        "2003.3.13",  "2003.",      "2003.03.13 ", "",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (!date_ok(good[i])) fail_msg("'%s' refused", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (date_ok(bad[i])) fail_msg("'%s' taken", bad[i]);
}

/* The days of every month: April has 30, February 28 or 29 as the year
 * is leap or not, any day up to 29 when the year is not known. */
static void test_date_ok_month_days(void **state)
{
    (void)state;
    static const char *const years[] = {"2000", "1900", "2023", "2024", "?\??\?", "19?\?"};
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (size_t y = 0; y < sizeof years / sizeof years[0]; y++) {
        bool leap = strchr(years[y], '?') ||
                    (years[y][2] == '0' && years[y][3] == '0' ? years[y][0] == '2'
                                                              : (years[y][3] - '0') % 4 == 0);
        for (int m = 1; m <= 12; m++)
            for (int d = 1; d <= 31; d++) {
                char v[48]; /* room for any int, which -O1's format check assumes */
                snprintf(v, sizeof v, "%s.%02d.%02d", years[y], m, d);
                int most = m == 2 && leap ? 29 : days[m - 1];
                if (date_ok(v) != (d <= most)) fail_msg("'%s': %d days", v, most);
            }
    }
}

/* What read (date_repair or date_read) makes of v, or "" when nothing. */
static void expect_date(bool (*read)(char out[DATE_SIZE], const char *), const char *v,
                        const char *want)
{
    char out[DATE_SIZE];
    bool ok = read(out, v);
    if (ok != (*want != 0) || (ok && strcmp(out, want) != 0))
        print_message("'%s': got %s, want '%s'\n", v ? v : "(null)", ok ? out : "none", want);
    assert_true(ok == (*want != 0));
    if (ok) assert_string_equal(out, want);
}

/* The repair of v, or "" when it has none. */
static void repaired(const char *v, const char *want)
{
    expect_date(date_repair, v, want);
}

static void test_date_repair_year_first(void **state)
{
    (void)state;
    repaired("2024-12-13", "2024.12.13");
    repaired("2024/12/13", "2024.12.13");
    repaired("2024-?\?-?\?", "2024.?\?.?\?");
    repaired("2024.12.3", "2024.12.03"); /* a missing zero */
    repaired("2024.1.13", "2024.01.13");
    repaired("2024-1-3", "2024.01.03");
    repaired("2024.?.?", "2024.?\?.?\?");
    repaired("2024-13-01", ""); /* the order is the year's: no month 13 */
    repaired("2024-12-32", "");
    repaired("2024-12.13", ""); /* two separators */
    repaired("2024-12-133", "");
    repaired("2024.12.13", ""); /* nothing to repair */
}

static void test_date_repair_year_alone(void **state)
{
    (void)state;
    repaired("2003.", "2003.?\?.?\?");
    repaired("2003", "2003.?\?.?\?");
    repaired("19?\?", "19?\?.?\?.?\?");
    repaired("2003..", "");
    repaired("2003.12.", "");
    repaired("203.", "");
    repaired("20031", "");
}

static void test_date_repair_year_last(void **state)
{
    (void)state;
    repaired("13.03.2003", "2003.03.13"); /* 13 is no month */
    repaired("13.3.2003", "2003.03.13");
    repaired("31-12-1999", "1999.12.31");
    repaired("03.13.2003", "2003.03.13"); /* month first: 13 is no month */
    repaired("05.05.2003", "2003.05.05"); /* both orders the same date */
    repaired("1.1.1965", "1965.01.01");
    repaired("?\?.?\?.2003", "2003.?\?.?\?");
    repaired("?\?.13.2003", "2003.?\?.13");
    repaired("10.03.2003", ""); /* 10 March or 3 October */
    repaired("1.10.1973", "");
    repaired("?\?.03.2003", ""); /* which is the month? */
    repaired("13.13.2003", "");  /* no date either way */
    repaired("32.01.2003", "");
}

static void test_date_repair_never_guessed(void **state)
{
    (void)state;
    repaired("13.03.03", ""); /* a two-digit year */
    repaired("03.03.13", "");
    repaired("2003.03.01 - 2003.03.09", ""); /* a range */
    repaired("2003/2004", "");               /* a season */
    repaired("13 april 2003", "");           /* words */
    repaired("13.03.2003.", "");
    repaired(" 2003.03.13", "");
    repaired("-2003", "");
    repaired("", "");
}

/* v's two readings (date_swappable), day first, or "" when it has not two. */
static void swappable(const char *v, const char *day_first, const char *month_first)
{
    char both[2][DATE_SIZE];
    bool two = date_swappable(both, v);
    assert_string_equal(two ? both[0] : "", day_first);
    assert_string_equal(two ? both[1] : "", month_first);
}

/* The dates whose day and month could be swapped (pdn2csv --iso-dates
 * writes them as they stand), and their finding's detail. '12-08-2021' is
 * from the Championnat de France 2021 (tests/data/tournaments), beside
 * games dated 2021.08.12. */
static void test_date_swappable(void **state)
{
    (void)state;
    swappable("12-08-2021", "2021.08.12", "2021.12.08");
    swappable("10.03.2003", "2003.03.10", "2003.10.03");
    swappable("1/2/2003", "2003.02.01", "2003.01.02");
    swappable("?\?.03.2003", "2003.03.??", "2003.??.03");
    swappable("13.03.2003", "", ""); /* one reading */
    swappable("05.05.2003", "", ""); /* the same date either way */
    swappable("31.04.2003", "", ""); /* no date either way */
    swappable("2003.03.10", "", ""); /* the PDN form */
    swappable("2003-03-10", "", ""); /* the year first: one order */
    swappable("10.03.03", "", "");   /* a two-digit year */
    swappable("10.03.2003 - 12.03.2003", "", "");
    swappable("", "", "");
    char detail[DATE_DETAIL_SIZE];
    assert_string_equal(date_expected(detail, "12-08-2021"),
                        "day and month could be swapped: 2021.08.12 (day first) or 2021.12.08 "
                        "(month first)");
    assert_string_equal(date_expected(detail, "13.03.2003"),
                        "expected YYYY.MM.DD: its one reading is 2003.03.13");
    assert_string_equal(date_expected(detail, "10.03.03"), DATE_EXPECTED); /* no reading */
    /* a range, year first at both ends: its days said, no order guessed */
    assert_string_equal(date_expected(detail, "2004.10.27 - 2004.11.01"),
                        "a range of days, 2004.10.27 to 2004.11.01, where one is expected");
    assert_string_equal(date_expected(detail, "2004.10.27-2004.11.01"),
                        "a range of days, 2004.10.27 to 2004.11.01, where one is expected");
    assert_string_equal(date_expected(detail, "10.03.2003 - 12.03.2003"), DATE_EXPECTED);
    assert_string_equal(date_expected(detail, "2004.10.27 - 2004.10.20"), DATE_EXPECTED);
    assert_string_equal(date_expected(detail, "2003.04.31"), "no such day: April has 30 days");
}

/* What date_read makes of v, or "" when it names no date. */
static void read_as(const char *v, const char *want)
{
    expect_date(date_read, v, want);
}

static void test_date_read_pdn_form(void **state)
{
    (void)state;
    read_as("2003.03.13", "2003.03.13");
    read_as("2003.03.?\?", "2003.03.?\?");
    read_as("2003.?\?.?\?", "2003.?\?.?\?");
    read_as("19?\?.1?.3?", "19?\?.1?.3?");
    read_as("2003.00.00", "2003.?\?.?\?"); /* 00: not known */
    read_as("2003.12.00", "2003.12.?\?");
    read_as("?\??\?.?\?.?\?", ""); /* no year */
    read_as("?003.03.13", "");
    read_as("2003.13.01", ""); /* no month 13 */
    read_as("2021.13.45", "");
    read_as("2003.01.32", "");
    read_as(NULL, "");
    read_as("", "");
}

/* The forms of tests/data/tournaments and the other real files. */
static void test_date_read_real_forms(void **state)
{
    (void)state;
    read_as("2021-08-12", "2021.08.12");     /* Championnat de France 2021.pdn */
    read_as("1841-?\?-?\?", "1841.?\?.?\?"); /* conformance/succeed/OCA_2.0.pdn */
    read_as("2024/12/13", "2024.12.13");
    read_as("10.03.2003", "2003.03.10"); /* day first, as this guesses */
    read_as("13-01-1996", "1996.01.13"); /* conformance/succeed/DUTCH96H.pdn */
    read_as("08-13-2021", "2021.08.13"); /* month first, its one reading (as pdncheck says) */
    read_as("12/31/1999", "1999.12.31");
    read_as("00.13.2003", ""); /* no month 13, the day not known: no reading */
    read_as("2004.10.27 - 2004.11.01", "2004.10.27"); /* a range: its first day */
    read_as("2003.03.01 - 2003.03.09", "2003.03.01");
    read_as("12.03.2003 - 15.03.2003", "2003.03.12");
    read_as("2003", "2003.?\?.?\?");
    read_as("2003.08", "2003.08.?\?");
    /* what pdnfmt --fix repairs, as it repairs it: a year and its dot, a
     * field one digit short (conformance/succeed/PROF2.pdn has 1969.7.4,
     * candidate95.pdn 1995.11.9) */
    read_as("2003.", "2003.?\?.?\?");
    read_as("1.1.1965", "1965.01.01");
    /* swappable with a field one digit short, day first as 10.03.2003
     * (conformance/fail/abatsiev.pdn's 1.10.1973, once no date) */
    read_as("1.10.1973", "1973.10.01");
    read_as("10.1.1973", "1973.01.10");
    read_as("3/4/2020", "2020.04.03");
    read_as("1969.7.4", "1969.07.04");
    read_as("1995.11.9", "1995.11.09");
    /* none of these names one date */
    read_as("13.03.03", ""); /* a two-digit year */
    read_as("03.07.20", "");
    read_as("2007/2008", ""); /* a season */
    read_as("17 april 2009", "");
    read_as("2003.08.123", ""); /* a day of three digits */
    read_as("2003.08 - 2003.09", "");
    read_as(" 2003.03.13", "");
}

/* The order of day and month a date shows, when only one makes a date. */
static void test_date_order_shown(void **state)
{
    (void)state;
    char both[2][DATE_SIZE];
    assert_int_equal(date_order_shown(both, "13.03.2003"), DATE_DAY_FIRST);
    assert_int_equal(date_order_shown(both, "31-12-1999"), DATE_DAY_FIRST);
    assert_int_equal(date_order_shown(both, "08-13-2021"), DATE_MONTH_FIRST);
    assert_int_equal(date_order_shown(both, "2/29/2024"), DATE_MONTH_FIRST);
    assert_int_equal(date_order_shown(both, "12-08-2021"), DATE_EITHER_ORDER); /* both ways */
    assert_string_equal(both[0], "2021.08.12");
    assert_string_equal(both[1], "2021.12.08");
    assert_int_equal(date_order_shown(both, "05.05.2003"), DATE_NO_ORDER); /* the same either way */
    assert_int_equal(date_order_shown(both, "2003.03.13"), DATE_NO_ORDER); /* the year first */
    assert_int_equal(date_order_shown(both, "13.13.2003"), DATE_NO_ORDER); /* no date */
    assert_int_equal(date_order_shown(both, "13.03.03"), DATE_NO_ORDER);
}

/* An event's last day as pdnstats takes it: a range's end, else the date. */
static bool read_last(char out[DATE_SIZE], const char *v)
{
    if (!date_read(out, v)) return false;
    date_range_end(out, v);
    return true;
}

/* What read_last makes of v, or "" when it names no date. */
static void last_as(const char *v, const char *want)
{
    expect_date(read_last, v, want);
}

/* An event's last day: a range's end (40Camp.DamaInternazionaleAssoluto.pdn
 * dates its games "2004.10.27 - 2004.11.01"), else the one date. */
static void test_date_range_end(void **state)
{
    (void)state;
    last_as("2004.10.27 - 2004.11.01", "2004.11.01");
    last_as("12.03.2003 - 15.03.2003", "2003.03.15");
    last_as("2003.03.01-2003.03.09", "2003.03.09");
    last_as("2004.11.01 - 2004.10.27", "2004.11.01"); /* the later of the two */
    last_as("2004.10.27 - soon", "2004.10.27");
    last_as("2004.10.27", "2004.10.27");
    last_as("2003", "2003.?\?.?\?");
    last_as("1969.7.4", "1969.07.04");
    last_as("2003.08 - 2003.09", "");
    last_as(NULL, "");
}

/* The first and last day of the date v names. */
static void days_of(const char *v, long first, long last)
{
    char date[DATE_SIZE];
    long days[2];
    assert_true(date_read(date, v));
    date_days(days, date);
    assert_int_equal(days[0], first);
    assert_int_equal(days[1], last);
}

static void test_date_days(void **state)
{
    (void)state;
    days_of("2014.11.02", 20141102, 20141102);
    days_of("2014.11.?\?", 20141101, 20141131); /* a month of 31 days */
    days_of("2014.?\?.?\?", 20140101, 20141231);
    days_of("2014.?\?.02", 20140101, 20141231); /* a day of no month known */
    days_of("2014.1?.?\?", 20140101, 20141231);
    days_of("2014.11.0?", 20141101, 20141131);
    days_of("19?\?.?\?.?\?", 19000101, 19991231);
    days_of("02.11.2014", 20141102, 20141102);
    days_of("2004.10.27 - 2004.11.01", 20041027, 20041027);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_date_ok_pdn_form),
        cmocka_unit_test(test_date_ok_month_days),
        cmocka_unit_test(test_date_repair_year_first),
        cmocka_unit_test(test_date_repair_year_alone),
        cmocka_unit_test(test_date_repair_year_last),
        cmocka_unit_test(test_date_repair_never_guessed),
        cmocka_unit_test(test_date_swappable),
        cmocka_unit_test(test_date_read_pdn_form),
        cmocka_unit_test(test_date_read_real_forms),
        cmocka_unit_test(test_date_order_shown),
        cmocka_unit_test(test_date_range_end),
        cmocka_unit_test(test_date_days),
    };
    return cmocka_run_group_tests_name("date", tests, NULL, NULL);
}
