/*
 * Unit tests of select.c and the fold of text.h: choosing games by index
 * and tags, folded text (case and accents), dates, results, game types and
 * how criteria combine.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pdn.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One game read from its tags (and "*" or the result as terminator). */
static pdn_game *game_of(const char *tags, const char *terminator, size_t skip)
{
    char text[2048];
    size_t n = 0;
    for (size_t i = 0; i < skip; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "[Event \"x\"]\n*\n\n");
    snprintf(text + n, sizeof text - n, "%s\n%s\n", tags, terminator);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), 0);
    pdn_game *g = NULL;
    for (size_t i = 0; i <= skip; i++) {
        pdn_game_free(g);
        assert_int_equal(pdn_reader_next(&g, r), 1);
    }
    pdn_reader_free(r);
    return g;
}

/* Whether one criterion chooses the game. */
static bool chosen(pdn_game *g, enum pdn_select_field field, const char *value)
{
    pdn_select *sel = NULL;
    assert_int_equal(pdn_select_new(&sel), 0);
    assert_int_equal(pdn_select_add(sel, field, value), 0);
    bool m = pdn_select_match(sel, g);
    pdn_select_free(sel);
    return m;
}

/* Lists of values for expect_chosen, NULL-terminated; NONE is empty. */
#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NONE ((const char *const[]){NULL})

/* The game of tags and terminator (after skip others) is chosen by each
 * value of yes, by none of no, for one criterion. */
static void expect_chosen_after(size_t skip, const char *tags, const char *terminator,
                                enum pdn_select_field field, const char *const *yes,
                                const char *const *no)
{
    pdn_game *g = game_of(tags, terminator, skip);
    for (; *yes; yes++)
        if (!chosen(g, field, *yes)) fail_msg("%s: '%s' does not choose it", tags, *yes);
    for (; *no; no++)
        if (chosen(g, field, *no)) fail_msg("%s: '%s' chooses it", tags, *no);
    pdn_game_free(g);
}

static void expect_chosen(const char *tags, const char *terminator, enum pdn_select_field field,
                          const char *const *yes, const char *const *no)
{
    expect_chosen_after(0, tags, terminator, field, yes, no);
}

static void rejected(enum pdn_select_field field, const char *value)
{
    pdn_select *sel = NULL;
    assert_int_equal(pdn_select_new(&sel), 0);
    if (pdn_select_add(sel, field, value) != PDN_EINVAL) fail_msg("'%s' was taken", value);
    pdn_select_free(sel);
}

static void expect_fold(const char *in, const char *want)
{
    char out[128];
    size_t n = text_fold(out, in, strlen(in));
    assert_string_equal(out, want);
    assert_int_equal(n, strlen(want));
    assert_true(n <= strlen(in));
}

static void test_select_fold_table(void **state)
{
    (void)state;
    expect_fold("Valnéris", "valneris");
    expect_fold("VALNÉRIS", "valneris");
    expect_fold("ÀÁÂÃÄÅ àáâãäå Çç Ññ Øø Ýýÿ", "aaaaaa aaaaaa cc nn oo yyy");
    expect_fold("Æsop Œuvre Straße Þór ĲSSEL", "aesop oeuvre strasse thor ijssel");
    expect_fold("Łódź Šťastný Dvořák Ğüneş İzmir", "lodz stastny dvorak gunes izmir");
    expect_fold("Valne\xCC\x81ris", "valneris"); /* e + combining acute */
    expect_fold("Коршунов Ёлкин", "коршунов елкин");
    expect_fold("× ÷ 高文龙 ½", "× ÷ 高文龙 ½"); /* kept as they are */
    expect_fold("\xC3", "\xC3");                 /* a cut sequence is kept */
}

static void test_select_accents_and_case(void **state)
{
    (void)state;
    const char *tags = "[White \"Valnéris, Jean\"]\n[Black \"Коршунов Д.\"]";
    expect_chosen(tags, "*", PDN_SELECT_WHITE, LIST("Valneris", "VALNÉRIS", "valnéris, j"),
                  LIST("Valnaris"));
    expect_chosen(tags, "*", PDN_SELECT_PLAYER, LIST("коршунов"), NONE);
    expect_chosen(tags, "*", PDN_SELECT_BLACK, LIST("КОРШУНОВ"), LIST("Valneris"));
}

static void test_select_games_ranges_and_lists(void **state)
{
    (void)state;
    pdn_game *g = game_of("[Event \"x\"]", "*", 4); /* game 5 */
    assert_int_equal(g->index, 5);
    pdn_game_free(g);
    expect_chosen_after(4, "[Event \"x\"]", "*", PDN_SELECT_GAMES,
                        LIST("5", "3-7", "1,5,9", "5-", "-5"), LIST("1-4,6-", "-4"));
    static const char *const bad[] = {"",     "0", "7-3", "a",          "1,", ",1",
                                      "1,,2", "-", "3-x", "1234567890", "2 "};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        rejected(PDN_SELECT_GAMES, bad[i]);
}

static void test_select_games_exhausted(void **state)
{
    (void)state;
    pdn_select *sel = NULL;
    assert_int_equal(pdn_select_new(&sel), 0);
    assert_false(pdn_select_exhausted(sel, 100)); /* no range: any game may come */
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_GAMES, "2,4-6"), 0);
    assert_false(pdn_select_exhausted(sel, 5));
    assert_true(pdn_select_exhausted(sel, 6));
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_GAMES, "9-"), 0);
    assert_false(pdn_select_exhausted(sel, 1000));
    /* a bad list adds nothing */
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_GAMES, "1,x"), PDN_EINVAL);
    pdn_select_free(sel);
    assert_false(pdn_select_exhausted(NULL, 1));
}

static void test_select_dates(void **state)
{
    (void)state;
    expect_chosen("[Date \"2014.11.02\"]", "*", PDN_SELECT_DATE,
                  LIST("2014", "2014.11", "2014.11.02", "2014.01.01-2014.12.31",
                       "2014.11.02-2014.11.02", "2013-2014", "2014.11-", "-2014.11.02"),
                  LIST("2014.10", "2014.01.01-2014.06.30", "2014.11.03-"));

    /* unknown parts: the game's date must lie wholly inside */
    expect_chosen("[Date \"2014.??.??\"]", "*", PDN_SELECT_DATE, LIST("2014"), LIST("2014.11"));
    expect_chosen("[Date \"????.??.??\"]", "*", PDN_SELECT_DATE, NONE, LIST("0000-9999"));
    /* read with '-' too */
    expect_chosen("[Date \"2021-08-16\"]", "*", PDN_SELECT_DATE, LIST("2021.08"), NONE);
    /* day first, as some programs write */
    expect_chosen("[Date \"10.03.2003\"]", "*", PDN_SELECT_DATE, LIST("2003.03.10"),
                  LIST("2003.10"));
    /* its first day */
    expect_chosen("[Date \"2004.10.27 - 2004.11.01\"]", "*", PDN_SELECT_DATE, LIST("2004.10"),
                  NONE);
    expect_chosen("[Event \"no date\"]", "*", PDN_SELECT_DATE, NONE, LIST("2014"));

    static const char *const bad[] = {"",           "14",          "2014.1",    "2014.13",
                                      "2014.11.32", "2014.11.02x", "2015-2014", "-",
                                      "2014/11",    "20140"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        rejected(PDN_SELECT_DATE, bad[i]);
}

/* Whether a date criterion chooses the game, with the orders of its file
 * given (pdn_select_set_date_orders). */
static bool chosen_by_orders(const pdn_date_orders *orders, pdn_game *g, const char *dates)
{
    pdn_select *sel = NULL;
    assert_int_equal(pdn_select_new(&sel), 0);
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_DATE, dates), 0);
    pdn_select_set_date_orders(sel, orders);
    bool m = pdn_select_match(sel, g);
    pdn_select_free(sel);
    return m;
}

/* A day and month that could be swapped are placed as the other dates of
 * the event, else of the file, settle them (as pdnfmt --fix writes them),
 * else day first: 08-12-2021 beside 08-13-2021 is 12 August. */
static void test_select_dates_settled_by_orders(void **state)
{
    (void)state;
    pdn_date_orders *orders = NULL;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    static const char other[] = "[Event \"Month first\"]\n[Date \"08-13-2021\"]\n*\n";
    assert_int_equal(pdn_date_orders_add_text(orders, other, strlen(other), true), 0);
    pdn_game *g = game_of("[Event \"Month first\"]\n[Date \"08-12-2021\"]", "*", 0);
    assert_false(chosen_by_orders(NULL, g, "2021.08"));
    assert_true(chosen_by_orders(NULL, g, "2021.12.08"));
    assert_true(chosen_by_orders(orders, g, "2021.08.12"));
    assert_false(chosen_by_orders(orders, g, "2021.12"));
    pdn_game_free(g);
    /* an event whose dates show no order: the file's */
    g = game_of("[Event \"Another\"]\n[Date \"08-12-2021\"]", "*", 0);
    assert_true(chosen_by_orders(orders, g, "2021.08.12"));
    pdn_game_free(g);
    /* a date of one reading is as it is */
    g = game_of("[Event \"Month first\"]\n[Date \"13.09.2021\"]", "*", 0);
    assert_true(chosen_by_orders(orders, g, "2021.09.13"));
    pdn_game_free(g);
    pdn_select_set_date_orders(NULL, orders); /* accepted, nothing to set */
    pdn_date_orders_free(orders);
}

/* Dates the reading shared with pdnstats (date.h) takes since select and
 * stats read the Date tag with one function: unknown digits inside a
 * field read as the field unknown, an impossible day no date. */
static void test_select_dates_shared_reading(void **state)
{
    (void)state;
    expect_chosen("[Date \"19?\?.?\?.?\?\"]", "*", PDN_SELECT_DATE, LIST("1900-1999"),
                  LIST("1950", "1900-1998"));
    expect_chosen("[Date \"2003.1?.?\?\"]", "*", PDN_SELECT_DATE, LIST("2003"), LIST("2003.10"));
    expect_chosen("[Date \"1?.03.2003\"]", "*", PDN_SELECT_DATE, LIST("2003.03"),
                  LIST("2003.03.10"));
    expect_chosen("[Date \"2003.?\?.45\"]", "*", PDN_SELECT_DATE, NONE, LIST("2003"));
    expect_chosen("[Date \"2003.08.12?\"]", "*", PDN_SELECT_DATE, NONE, LIST("2003"));
    expect_chosen("[Date \"2003.08abc\"]", "*", PDN_SELECT_DATE, NONE, LIST("2003"));
    /* as before: 00 is not known, a year alone is its year */
    expect_chosen("[Date \"2003.00.00\"]", "*", PDN_SELECT_DATE, LIST("2003"), LIST("2003.01"));
    expect_chosen("[Date \"2003\"]", "*", PDN_SELECT_DATE, LIST("2003"), LIST("2003.01"));
    /* what pdnfmt --fix repairs, read as it repairs it (PROF2.pdn's 1969.7.4) */
    expect_chosen("[Date \"1969.7.4\"]", "*", PDN_SELECT_DATE, LIST("1969.07", "1969.07.04"),
                  LIST("1969.07.05", "1969.04"));
    expect_chosen("[Date \"2003.\"]", "*", PDN_SELECT_DATE, LIST("2003"), LIST("2003.01"));
}

/* lidraughts' broadcasts date their games with UTCDate alone
 * (tournaments/World Title Match Women 2024.pdn): it stands in for a
 * missing Date, and never for one that is there, even one of no digit. */
static void test_select_dates_utcdate(void **state)
{
    (void)state;
    expect_chosen("[UTCDate \"2024.12.19\"]", "*", PDN_SELECT_DATE, LIST("2024.12.19", "2024"),
                  LIST("2024.12.20"));
    expect_chosen("[Date \"2024.12.18\"]\n[UTCDate \"2024.12.19\"]", "*", PDN_SELECT_DATE,
                  LIST("2024.12.18"), LIST("2024.12.19"));
    expect_chosen("[Date \"????.??.??\"]\n[UTCDate \"2024.12.19\"]", "*", PDN_SELECT_DATE, NONE,
                  LIST("2024"));
    pdn_game *g = game_of("[UTCDate \"2024.12.19\"]", "*", 0);
    assert_string_equal(pdn_game_date(g), "2024.12.19");
    assert_null(pdn_game_tag(g, "Date")); /* the tags stay as read */
    pdn_game_free(g);
    g = game_of("[Event \"x\"]", "*", 0);
    assert_null(pdn_game_date(g));
    pdn_game_free(g);
}

static void test_select_results(void **state)
{
    (void)state;
    expect_chosen("[Result \"2-0\"]", "2-0", PDN_SELECT_RESULT, LIST("2-0", "1-0"), LIST("1-1"));
    expect_chosen("[Result \"1/2-1/2\"]", "1/2-1/2", PDN_SELECT_RESULT, LIST("1-1", "1/2-1/2"),
                  NONE);
    /* the terminator decides */
    expect_chosen("[Event \"no Result tag\"]", "0-2", PDN_SELECT_RESULT, LIST("0-1"), LIST("*"));
    rejected(PDN_SELECT_RESULT, "white");
    rejected(PDN_SELECT_RESULT, "");
}

static void test_select_gametype_round_and_tags(void **state)
{
    (void)state;
    pdn_game *g =
        game_of("[Round \"2-3\"]\n[GameType \"20,W,10,10,N2,0\"]\n[Opening \"Ouverture Élégante\"]",
                "*", 0);
    assert_true(chosen(g, PDN_SELECT_GAMETYPE, "20"));
    assert_false(chosen(g, PDN_SELECT_GAMETYPE, "21"));
    assert_true(chosen(g, PDN_SELECT_ROUND, "2-3"));
    assert_false(chosen(g, PDN_SELECT_ROUND, "2")); /* whole value, not a substring */
    assert_true(chosen(g, PDN_SELECT_TAG, "Opening=ouverture elegante"));
    assert_false(chosen(g, PDN_SELECT_TAG, "Opening=ouverture"));
    assert_true(chosen(g, PDN_SELECT_TAG, "Annotator=")); /* missing reads as "" */
    pdn_game_free(g);
    g = game_of("[Event \"no GameType\"]", "*", 0);
    assert_true(chosen(g, PDN_SELECT_GAMETYPE, "20"));
    pdn_game_free(g);
    rejected(PDN_SELECT_GAMETYPE, "x");
    rejected(PDN_SELECT_GAMETYPE, "20,W");
    rejected(PDN_SELECT_TAG, "Opening");
    rejected(PDN_SELECT_TAG, "=x");
}

static void test_select_and_across_or_within(void **state)
{
    (void)state;
    pdn_game *g = game_of("[White \"Samb\"]\n[Black \"Buggy\"]\n[Site \"Cannes\"]", "*", 0);
    pdn_select *sel = NULL;
    assert_int_equal(pdn_select_new(&sel), 0);
    assert_true(pdn_select_match(sel, g)); /* empty: every game */
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_PLAYER, "Sijbrands"), 0);
    assert_false(pdn_select_match(sel, g));
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_PLAYER, "buggy"), 0); /* either */
    assert_true(pdn_select_match(sel, g));
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_SITE, "Paris"), 0); /* and */
    assert_false(pdn_select_match(sel, g));
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_SITE, "cann"), 0);
    assert_true(pdn_select_match(sel, g));
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_TAG, "White=samb"), 0);
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_TAG, "Black=x"), 0); /* another tag: and */
    assert_false(pdn_select_match(sel, g));
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_TAG, "Black=BUGGY"), 0);
    assert_true(pdn_select_match(sel, g));
    pdn_select_free(sel);
    assert_true(pdn_select_match(NULL, g));
    pdn_game_free(g);
}

static void test_select_bad_arguments(void **state)
{
    (void)state;
    pdn_select *sel = NULL;
    assert_int_equal(pdn_select_new(NULL), PDN_EINVAL);
    assert_int_equal(pdn_select_new(&sel), 0);
    assert_int_equal(pdn_select_add(NULL, PDN_SELECT_WHITE, "x"), PDN_EINVAL);
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_WHITE, NULL), PDN_EINVAL);
    assert_int_equal(pdn_select_add(sel, PDN_SELECT_FIELD_COUNT, "x"), PDN_EINVAL);
    assert_int_equal(pdn_select_add(sel, (enum pdn_select_field) - 1, "x"), PDN_EINVAL);
    assert_false(pdn_select_match(sel, NULL));
    pdn_select_free(sel);
    pdn_select_free(NULL);
}

/* A value as long as the reader keeps (PDN_LIMIT_TAG_VALUE bytes, cut
 * inside a character here) folds and matches whole. */
static void test_select_long_values(void **state)
{
    (void)state;
    size_t n = PDN_LIMIT_TAG_VALUE + 100;
    char *tags = malloc(n + 64);
    assert_non_null(tags);
    int k = snprintf(tags, 64, "[Event \"");
    memset(tags + k, 'e', n);
    strcpy(tags + k + n - 3, "ÉND\"]");
    pdn_game *g = game_of(tags, "*", 0);
    assert_true(chosen(g, PDN_SELECT_EVENT, "eee"));
    pdn_game_free(g);
    free(tags);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_select_fold_table),
        cmocka_unit_test(test_select_accents_and_case),
        cmocka_unit_test(test_select_games_ranges_and_lists),
        cmocka_unit_test(test_select_games_exhausted),
        cmocka_unit_test(test_select_dates),
        cmocka_unit_test(test_select_dates_shared_reading),
        cmocka_unit_test(test_select_dates_settled_by_orders),
        cmocka_unit_test(test_select_dates_utcdate),
        cmocka_unit_test(test_select_results),
        cmocka_unit_test(test_select_gametype_round_and_tags),
        cmocka_unit_test(test_select_and_across_or_within),
        cmocka_unit_test(test_select_bad_arguments),
        cmocka_unit_test(test_select_long_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
