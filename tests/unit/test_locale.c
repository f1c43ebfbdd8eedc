/*
 * The library in the caller's locale: a program that calls setlocale(LC_ALL,
 * "") (pdnreplay and pdnplay do, cmd/screen/screen.c; so may any library
 * user) gets what the C locale gives. Tag names and colours compare by
 * ASCII case (lib/text.h), not by strcasecmp, which follows LC_CTYPE: in
 * Turkish, 'I' is no capital 'i' (tr_TR.UTF-8: tolower('I') is 'I';
 * tr_TR.ISO-8859-9: it is 0xFD, dotless i), so "WHITE" was no White there.
 * Numbers are written with a '.', whatever LC_NUMERIC says (Turkish: ',').
 * The Turkish locales are made by the build (Makefile: localedef, from
 * Debian's locales package, which scripts/deps.sh installs) under
 * PDN_TEST_LOCPATH; a locale that is missing fails the test, never skips
 * it. What the library may call at all, whatever the input, is
 * tests/lib-symbols.sh's check.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games_io.h"
#include "pdn.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PDN_TEST_LOCPATH
#error "PDN_TEST_LOCPATH: the folder of the locales the build makes (Makefile)"
#endif

/* C first, as a check of the checks; then the locales where case differs. */
static const char *const locales[] = {"C", "tr_TR.UTF-8", "tr_TR.ISO-8859-9"};
enum { NLOCALES = sizeof locales / sizeof locales[0] };

static void use_locale(const char *name)
{
    assert_int_equal(setenv("LOCPATH", PDN_TEST_LOCPATH, 1), 0);
    if (setlocale(LC_ALL, name) == NULL)
        fail_msg("locale %s not found in %s: the build makes it with localedef(1), from "
                 "Debian's locales package (make deps)",
                 name, PDN_TEST_LOCPATH);
}

/* The first game of a CSV text read under map (may be NULL), as
 * pdn_write_game writes it; the caller frees it. */
static char *csv_game(const char *csv, const char *map)
{
    FILE *fp = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(fp);
    struct pdn_csv_read_options o = PDN_CSV_READ_OPTIONS_INIT;
    o.map = &map;
    o.nmap = map != NULL;
    pdn_csv_reader *r = NULL;
    assert_int_equal(pdn_csv_reader_open(&r, fp, &o), 0);
    pdn_game *g = NULL;
    assert_int_equal(pdn_csv_reader_next(&g, r), 1);
    char *text = write_to_string(g, NULL);
    pdn_game_free(g);
    pdn_csv_reader_free(r);
    fclose(fp);
    return text;
}

static void expect_in(const char *text, const char *part, const char *locale)
{
    if (strstr(text, part) == NULL) fail_msg("in %s: no %s in:\n%s", locale, part, text);
}

/* csv2pdn: a header in capitals names the roster's tags ("WHITE" is
 * White), and --map's column is found whatever its case. */
static void test_locale_csv_header(void **state)
{
    (void)state;
    for (size_t i = 0; i < NLOCALES; i++) {
        use_locale(locales[i]);
        char *text = csv_game("WHITE,SITE,moves\nAnn,Izmir,1. 32-28 *\n", NULL);
        expect_in(text, "[White \"Ann\"]", locales[i]);
        expect_in(text, "[Site \"Izmir\"]", locales[i]);
        free(text);
        text = csv_game("wit,moves\nAnn,1. 32-28 *\n", "WIT=White");
        expect_in(text, "[White \"Ann\"]", locales[i]);
        free(text);
    }
    use_locale("C");
}

/* pdn2csv: a tag column whose name is another column's but for case
 * ("FILE" and "file") is headed tag_FILE, for SQL, which ignores case. */
static void test_locale_csv_clash(void **state)
{
    (void)state;
    static const char pdn[] = "[White \"A\"]\n[Black \"B\"]\n[FILE \"x\"]\n[Result \"*\"]\n\n"
                              "1. 32-28 *\n";
    struct games gs;
    read_games(&gs, pdn, strlen(pdn));
    assert_int_equal(gs.n, 1);
    for (size_t i = 0; i < NLOCALES; i++) {
        use_locale(locales[i]);
        struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
        o.columns = "file,FILE";
        struct memout m;
        pdn_csv_writer *w = NULL;
        assert_int_equal(pdn_csv_writer_open(&w, memout_open(&m), &o, NULL), 0);
        assert_int_equal(pdn_csv_writer_write_header(w), 0);
        pdn_csv_writer_free(w);
        char *csv = memout_text(&m);
        expect_in(csv, "file,tag_FILE\n", locales[i]);
        free(csv);
    }
    use_locale("C");
    free_games(&gs);
}

/* pdnstats: [White "WHITE"] names no player, as [White "White"] does. */
static void test_locale_stats_side_colour(void **state)
{
    (void)state;
    static const char pdn[] = "[White \"WHITE\"]\n[Black \"Ann\"]\n[Result \"*\"]\n\n1. 32-28 *\n";
    struct games gs;
    read_games(&gs, pdn, strlen(pdn));
    assert_int_equal(gs.n, 1);
    for (size_t i = 0; i < NLOCALES; i++) {
        use_locale(locales[i]);
        struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
        pdn_stats *st = NULL;
        assert_int_equal(pdn_stats_new(&st, &o), 0);
        assert_int_equal(pdn_stats_add_game(st, gs.v[0], "test"), 0);
        unsigned long unknown = pdn_stats_unknown_players(st);
        pdn_stats_free(st);
        if (unknown != 1) fail_msg("in %s: %lu games name nobody, not 1", locales[i], unknown);
    }
    use_locale("C");
    free_games(&gs);
}

/* An engine's score in men, as pdnreplay's view and pdnplay show it
 * after their setlocale(LC_ALL, ""): with a '.', as the man pages write
 * it, in a locale whose numbers have a ',' too (Turkish). */
static void test_locale_score_text(void **state)
{
    (void)state;
    for (size_t i = 0; i < NLOCALES; i++) {
        use_locale(locales[i]);
        char text[PDN_SCORE_TEXT_MAX];
        pdn_engine_score_text(text, -125);
        if (strcmp(text, "-1.25") != 0) fail_msg("in %s: score -125 is %s", locales[i], text);
        pdn_engine_score_text(text, 50);
        if (strcmp(text, "+0.50") != 0) fail_msg("in %s: score 50 is %s", locales[i], text);
    }
    use_locale("C");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_locale_csv_header),
        cmocka_unit_test(test_locale_csv_clash),
        cmocka_unit_test(test_locale_stats_side_colour),
        cmocka_unit_test(test_locale_score_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
