/*
 * The library in the caller's locale: a program that calls setlocale(LC_ALL,
 * "") (pdnreplay and pdnplay do, cmd/screen/screen.c; so may any library
 * user) gets what the C locale gives. Tag names and colours compare by
 * ASCII case (lib/text.h), not by strcasecmp, which follows LC_CTYPE: in
 * Turkish, 'I' is no capital 'i' (tr_TR.UTF-8: tolower('I') is 'I';
 * tr_TR.ISO-8859-9: it is 0xFD, dotless i), so "WHITE" was no White there.
 * Numbers are written with a '.', whatever LC_NUMERIC says (Turkish: ','):
 * an engine's score, and pdnstats' means, per cents and tie-break points,
 * in text and in JSON, where "110,9" is no number.
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
#include <jansson.h>

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

/* What pdn_stats_write writes of a collection in the format, with every
 * table, the crosstables and their explanation by Sonneborn-Berger, in a
 * string to free. */
static char *stats_text(pdn_stats *st, enum pdn_stats_format format)
{
    struct pdn_stats_write_options o = PDN_STATS_WRITE_OPTIONS_INIT;
    o.format = format;
    o.tables = PDN_STATS_CROSSTABLE - 1 + PDN_STATS_CROSSTABLE + PDN_STATS_EXPLAIN;
    o.tiebreak = PDN_TIEBREAK_SB;
    struct memout m;
    assert_int_equal(pdn_stats_write(memout_open(&m), st, &o), 0);
    return memout_text(&m);
}

/* A real number of a JSON document: doc[table][member], or
 * doc[table][0]["rows"][row][member] in the crosstables (row >= 0). */
static double json_real_at(json_t *doc, const char *table, int row, const char *member)
{
    json_t *t = json_object_get(doc, table);
    if (row >= 0) t = json_array_get(json_object_get(json_array_get(t, 0), "rows"), (size_t)row);
    json_t *v = json_object_get(t, member);
    if (!json_is_real(v)) fail_msg("%s: %s is no real number", table, member);
    return json_real_value(v);
}

/* The JSON text is a document whose numbers are numbers: the mean plies
 * and a half point of Sonneborn-Berger (the first crosstable's fourth
 * row), which the C locale writes 110.9 and 4.5, not strings "110,9" and
 * "4,5". */
static void expect_json_numbers(const char *text, const char *locale)
{
    json_error_t err;
    json_t *doc = json_loads(text, 0, &err);
    if (!doc) fail_msg("in %s: no JSON: %d:%d: %s", locale, err.line, err.column, err.text);
    assert_true(json_real_at(doc, "totals", -1, "plies_per_game_mean") == 110.9);
    assert_true(json_real_at(doc, "crosstables", 3, "sonneborn_berger") == 4.5);
    json_decref(doc);
}

/* The text written in a locale is the one written in C; else fails,
 * naming the first line that differs. */
static void expect_same(const char *text, const char *c, const char *locale, const char *format)
{
    size_t at = 0, line = 1;
    while (text[at] && text[at] == c[at])
        if (text[at++] == '\n') line++;
    if (text[at] == c[at]) return;
    while (at > 0 && c[at - 1] != '\n')
        at--;
    fail_msg("in %s, %s line %zu is\n%.*s\nnot, as in C,\n%.*s", locale, format, line,
             (int)strcspn(text + at, "\n"), text + at, (int)strcspn(c + at, "\n"), c + at);
}

/* pdnstats: a real tournament's statistics (samples/README.md names its
 * source) written in a Turkish locale are the C locale's, byte for byte:
 * "plies per game, mean 110.9", the per cents, the crosstables' tie-break
 * points 4.5 and 0.5, the explanation's "4.5 > 3.5"; and the caller's
 * printf has its own ',' back after. */
static void test_locale_stats_numbers(void **state)
{
    (void)state;
    static const char *const formats[] = {"text", "JSON"};
    struct games gs;
    size_t len = 0;
    char *pdn = slurp("samples/good/championnat-de-france-2021.pdn", &len);
    read_games(&gs, pdn, len);
    free(pdn);
    struct pdn_stats_options so = PDN_STATS_OPTIONS_INIT;
    so.crosstable = true;
    pdn_stats *st = NULL;
    assert_int_equal(pdn_stats_new(&st, &so), 0);
    for (size_t g = 0; g < gs.n; g++)
        assert_int_equal(pdn_stats_add_game(st, gs.v[g], "test"), 0);
    for (int f = 0; f < 2; f++) {
        enum pdn_stats_format format = f ? PDN_STATS_JSON : PDN_STATS_TEXT;
        use_locale("C");
        char *c = stats_text(st, format);
        expect_in(c, f ? "\"plies_per_game_mean\": 110.9," : "mean            110.9\n", "C");
        for (size_t i = 1; i < NLOCALES; i++) {
            use_locale(locales[i]);
            char *text = stats_text(st, format);
            char after[8]; /* the caller's locale is back */
            snprintf(after, sizeof after, "%.1f", 1.5);
            if (strcmp(after, "1,5") != 0) fail_msg("in %s, after writing: %s", locales[i], after);
            expect_same(text, c, locales[i], formats[f]);
            if (f) expect_json_numbers(text, locales[i]);
            free(text);
        }
        free(c);
    }
    use_locale("C");
    pdn_stats_free(st);
    free_games(&gs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_locale_csv_header),        cmocka_unit_test(test_locale_csv_clash),
        cmocka_unit_test(test_locale_stats_side_colour), cmocka_unit_test(test_locale_score_text),
        cmocka_unit_test(test_locale_stats_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
