/*
 * The CSV module on small texts (csv.c, csv_columns.c, csv_rows.c,
 * csv_moves.c, csv_read.c, csv_read_text.c): what the cells hold -- the
 * columns of each mode, quoting through libcsv, the result in one
 * convention, excel_text protection and its undoing, ISO dates, the
 * reader's findings at CSV row:column, the rows of the moves mode and
 * their way back. The fast paths against the general way, on every test
 * file, are test_csv.c's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csv_writer.h"
#include "diag_collector.h"
#include "games_io.h"
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* The CSV pdn_csv_writer_write_game writes for every game of a PDN text, header
 * first; malloc'd. */
static char *csv_of(const char *pdn, const struct pdn_csv_write_options *o)
{
    char *out = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&out, &len);
    assert_non_null(fp);
    pdn_csv_writer *w = NULL;
    assert_int_equal(pdn_csv_writer_open(&w, fp, o, NULL), 0);
    assert_int_equal(pdn_csv_writer_write_header(w), 0);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, pdn, strlen(pdn), NULL), 0);
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        assert_true(pdn_csv_writer_write_game(w, g, "t.pdn") >= 1);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    pdn_csv_writer_free(w);
    assert_int_equal(fclose(fp), 0);
    return out;
}

/* The games a CSV text gives back, each written by pdn_write_game, one
 * after the other; findings go to dc (may be NULL). malloc'd. */
static char *pdn_of(const char *csv, struct pdn_csv_read_options o, struct diag_collector *dc)
{
    FILE *in = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(in);
    o.filename = "t.csv";
    if (dc) {
        dc_reset(dc);
        o.on_diag = dc_collect;
        o.diag_ctx = dc;
    }
    pdn_csv_reader *r = NULL;
    assert_int_equal(pdn_csv_reader_open(&r, in, &o), 0);
    char *out = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&out, &len);
    assert_non_null(fp);
    pdn_game *g;
    while (pdn_csv_reader_next(&g, r) == 1) {
        assert_int_equal(pdn_write_game(fp, g, NULL), 0);
        pdn_game_free(g);
    }
    pdn_csv_reader_free(r);
    fclose(in);
    assert_int_equal(fclose(fp), 0);
    return out;
}

static void expect_has(const char *text, const char *part)
{
    if (!strstr(text, part)) fail_msg("'%s' not in:\n%s", part, text);
}

static const char *const tricky = "[Event \"Open, \\\"A\\\"; 2024\"]\n"
                                  "[Site \"  blanks around  \"]\n"
                                  "[Date \"2024.05.??\"]\n"
                                  "[Round \"1-1\"]\n"
                                  "[White \"Иванов, Пётр\"]\n"
                                  "[Black \"=HYPERLINK(\\\"x\\\")\"]\n"
                                  "[Result \"2-0\"]\n"
                                  "\n"
                                  "1. 32-28 19-23 2. 28x19 14x23 2-0\n";

/* ---- the columns ---- */

static void test_csv_columns_of_each_mode(void **state)
{
    (void)state;
    assert_string_equal(pdn_csv_column_get(PDN_CSV_GAMES, 0)->name, "file");
    assert_string_equal(pdn_csv_column_get(PDN_CSV_MOVES, 0)->name, "file");
    size_t games = 0, moves = 0;
    bool before = false, movetext = false;
    const struct pdn_csv_column *c;
    for (; (c = pdn_csv_column_get(PDN_CSV_GAMES, games)) != NULL; games++) {
        assert_true(c->help[0] != '\0');
        movetext |= strcmp(c->name, "movetext") == 0;
    }
    for (; (c = pdn_csv_column_get(PDN_CSV_MOVES, moves)) != NULL; moves++)
        before |= strcmp(c->name, "comment_before") == 0;
    assert_true(games >= 10 && moves >= 15);
    assert_true(movetext && before);
    assert_null(pdn_csv_column_get((enum pdn_csv_mode)7, 0));
}

static void test_csv_default_and_chosen_columns(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    char *csv = csv_of(tricky, &o);
    const char *head = "file,game,Event,Site,Date,Round,White,Black,Result,normalised_result,"
                       "white_points,black_points,GameType,FEN,plies,";
    assert_memory_equal(csv, head, strlen(head));
    free(csv);
    o.columns = "game,Annotator,plies,moves";
    csv = csv_of(tricky, &o);
    assert_string_equal(csv, "game,Annotator,plies,moves\n1,,4,1. 32-28 19-23 2. 28x19 14x23\n");
    free(csv);
    /* a name that is neither a column nor a tag: its offset */
    pdn_csv_writer *w = NULL;
    size_t bad = 0;
    o.columns = "game,no such,moves";
    assert_int_equal(pdn_csv_writer_open(&w, stdout, &o, &bad), PDN_EINVAL);
    assert_null(w);
    assert_int_equal(bad, 5);
}

/* ---- quoting ---- */

static void test_csv_quoting_commas_quotes_blanks_cyrillic(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.columns = "Event,Site,White,Result,Annotator";
    char *csv = csv_of(tricky, &o);
    assert_string_equal(csv, "Event,Site,White,Result,Annotator\n"
                             "\"Open, \"\"A\"\"; 2024\",\"  blanks around  \","
                             "\"Иванов, Пётр\",2-0,\n");
    free(csv);
    /* a line end inside a cell: quoted, kept */
    o.mode = PDN_CSV_MOVES;
    o.columns = "ply,comment";
    csv = csv_of("1. 32-28 {two\nlines} *", &o);
    assert_string_equal(csv, "ply,comment\n1,two lines\n");
    free(csv);
    o.mode = PDN_CSV_GAMES;
    o.columns = "movetext";
    csv = csv_of("1. 32-28 {a, \"b\"} *", &o);
    assert_string_equal(csv, "movetext\n\"1. 32-28 {a, \"\"b\"\"} *\"\n");
    free(csv);
    /* a semicolon delimiter quotes semicolons, not commas */
    o.delimiter = ';';
    o.columns = "Event,White";
    csv = csv_of(tricky, &o);
    assert_string_equal(csv, "Event;White\n\"Open, \"\"A\"\"; 2024\";Иванов, Пётр\n");
    free(csv);
}

static void test_csv_quoted_cells_read_back(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.lossless = true;
    o.crlf = true;
    o.bom = true;
    char *csv = csv_of(tricky, &o);
    assert_memory_equal(csv, "\xEF\xBB\xBF", 3);
    expect_has(csv, "\r\n");
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    struct diag_collector dc;
    char *back = pdn_of(csv, ro, &dc);
    char *want = canonical(tricky);
    assert_string_equal(back, want);
    assert_int_equal(dc.total, 0);
    free(csv);
    free(back);
    free(want);
}

/* Issue 22: tag columns by the hundred (pdn2csv --all-tags), each once
 * whatever the repeats, each cell the game's first tag of its name. */
static void test_csv_many_tag_columns(void **state)
{
    (void)state;
    enum { N = 3000 };
    static char names[N][16];
    static const char *list[2 * N];
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "T%d", i);
        list[2 * i] = list[2 * i + 1] = names[i]; /* each twice */
    }
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.tags = list;
    o.ntags = 2 * N;
    char *csv = csv_of("[T2999 \"last\"]\n[T7 \"first\"]\n[T7 \"again\"]\n[White \"W\"]\n"
                       "[White \"V\"]\n1. 32-28 *\n",
                       &o);
    char *row = strchr(csv, '\n') + 1;
    size_t commas = 0;
    for (const char *p = csv; p < row; p++)
        commas += *p == ',';
    /* the default columns once each, and N tag columns */
    struct pdn_csv_write_options plain = PDN_CSV_WRITE_OPTIONS_INIT;
    char *base = csv_of("1. 32-28 *\n", &plain);
    size_t base_commas = 0;
    for (const char *p = base; *p != '\n'; p++)
        base_commas += *p == ',';
    assert_int_equal(commas, base_commas + N);
    expect_has(csv, ",T0,T1,T2,");
    expect_has(row, ",W,");             /* White: the first of two */
    expect_has(row, ",,,,,,,first,,,"); /* T7: the first of two */
    expect_has(row, ",last,");          /* T2999 */
    free(base);
    free(csv);
}

/* ---- the result in one convention ---- */

/* Every spelling PDN.md lists, the Result tag before the terminator (as
 * pdnstats counts), and a Goes score split as written (pdn.fmjd.org's
 * pdntags, ResultFormat). */
static void test_csv_normalised_result_and_points(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.columns = "game,Result,normalised_result,white_points,black_points";
    char *csv = csv_of("[Result \"1-0\"]\n1. 32-28 1-0\n"
                       "[Result \"1/2-1/2\"]\n1. 32-28 1/2-1/2\n"
                       "[Result \"0-1\"]\n1. 32-28 0-1\n"
                       "1. 32-28 0-2\n"                   /* no tag: the terminator */
                       "[Result \"2-0\"]\n1. 32-28 0-2\n" /* they disagree: the tag */
                       "[Result \"0-0\"]\n1. 32-28 0-0\n"
                       "[Result \"*\"]\n1. 32-28 *\n"
                       "[Result \"4-6\"]\n1. 32-28 1-1\n" /* no result: the terminator */
                       "[ResultFormat \"Goes\"]\n[Result \"1.01-0.99\"]\n1. 32-28 1.01-0.99\n"
                       "[Result \"1.01-0.99\"]\n1. 32-28 1.01-0.99\n" /* no ResultFormat */
                       "[Event \"no result at all\"]\n\n",
                       &o);
    assert_string_equal(csv, "game,Result,normalised_result,white_points,black_points\n"
                             "1,1-0,2-0,2,0\n"
                             "2,1/2-1/2,1-1,1,1\n"
                             "3,0-1,0-2,0,2\n"
                             "4,,0-2,0,2\n"
                             "5,2-0,2-0,2,0\n"
                             "6,0-0,0-0,0,0\n"
                             "7,*,*,,\n"
                             "8,4-6,1-1,1,1\n"
                             "9,1.01-0.99,1-1,1.01,0.99\n"
                             "10,1.01-0.99,1-1,1,1\n"
                             "11,,,,\n");
    free(csv);
}

/* ---- spreadsheets ---- */

static void test_csv_excel_protection_and_its_undoing(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.excel_text = true;
    o.delimiter = ';';
    o.columns = "game,Round,Black,Event,moves,recorded_result";
    char *csv = csv_of(tricky, &o);
    /* numbers stay numbers; moves, results and formula starts become
     * ="...", which CSV then quotes like any cell holding quotes */
    expect_has(csv, "\n1;\"=\"\"1-1\"\"\";\"=\"\"=HYPERLINK(\"\"\"\"x\"\"\"\")\"\"\";");
    expect_has(csv, ";\"=\"\"1. 32-28 19-23 2. 28x19 14x23\"\"\";\"=\"\"2-0\"\"\"\n");
    expect_has(csv, ";\"Open, \"\"A\"\"; 2024\";"); /* text: left alone */
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    ro.excel_text = true;
    struct diag_collector dc;
    char *back = pdn_of(csv, ro, &dc);
    expect_has(back, "[Round \"1-1\"]");
    expect_has(back, "[Black \"=HYPERLINK(\\\"x\\\")\"]");
    expect_has(back, "1. 32-28 19-23 2. 28x19 14x23 2-0");
    free(back);
    /* without excel_text the protection stays */
    ro.excel_text = false;
    back = pdn_of(csv, ro, NULL);
    expect_has(back, "[Round \"=\\\"1-1\\\"\"]");
    free(back);
    free(csv);
}

/* One field written by csv_out, in excel mode or plain; malloc'd, without
 * its line end. */
static char *field_of(const char *s, enum csv_kind kind, bool excel)
{
    char *out = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&out, &len);
    assert_non_null(fp);
    struct csv_out o = {.fp = fp, .delim = ';', .excel = excel, .first = true};
    csv_out_field(&o, s, strlen(s), kind);
    assert_true(csv_out_flush(&o));
    csv_out_free(&o);
    assert_int_equal(fclose(fp), 0);
    return out;
}

static char *excel_field(const char *s, enum csv_kind kind)
{
    return field_of(s, kind, true);
}

/* CSV's quoting undone: "a ""b""" is a "b". */
static void csv_unquote(char *s)
{
    size_t n = strlen(s), k = 0;
    if (n < 2 || s[0] != '"') return;
    for (size_t i = 1; i + 1 < n; i++) {
        if (s[i] == '"') i++;
        s[k++] = s[i];
    }
    s[k] = '\0';
}

/* Issue 22: a formula start is protected at any length (LibreOffice
 * evaluated a raw one of 300 characters), in string literals of at most 255
 * characters (Excel's limit; LibreOffice's Err:513) joined by '&', the text
 * itself again once undone; whole numbers stay numbers, what a spreadsheet
 * would change (a leading zero, a date) does not. */
static void test_csv_excel_protection_at_any_length(void **state)
{
    (void)state;
    char text[2048] = "=HYPERLINK(\"http://x\")";
    while (strlen(text) < 1500)
        strcat(text, " Пётр \"x\" -+@");
    char *cell = excel_field(text, CSV_KIND_TEXT);
    csv_unquote(cell);
    assert_memory_equal(cell, "=\"=HYPERLINK(\"\"http://x\"\")", 26);
    size_t pieces = 0;
    for (const char *p = cell + 1; *p; pieces++) {
        assert_true(*p == '"'); /* a string literal */
        size_t chars = 0;
        for (p++; !(p[0] == '"' && p[1] != '"'); p++, chars++) {
            p += p[0] == '"';
            while ((p[1] & 0xC0) == 0x80) /* one character */
                p++;
        }
        assert_true(chars <= 255);
        p++;
        if (*p) assert_true(*p++ == '&');
    }
    assert_true(pieces >= 6);
    assert_string_equal(csv_excel_unprotect(cell), text);
    free(cell);
    /* The protected form of a text, as the CSV holds it: ="text", quoted. */
#define KEPT(text) "\"=\"\"" text "\"\"\""
    const struct {
        const char *in, *out;
        enum csv_kind kind;
    } cases[] = {
        {"1", "1", CSV_KIND_TEXT},           /* a round: sorts as a number */
        {"10", "10", CSV_KIND_TEXT},         /* and stays one */
        {"00", KEPT("00"), CSV_KIND_TEXT},   /* would become 0 */
        {"1-1", KEPT("1-1"), CSV_KIND_TEXT}, /* a date */
        {"1.5", KEPT("1.5"), CSV_KIND_TEXT}, /* a date in some locales */
        {"1.01", "1.01", CSV_KIND_NUMBER},   /* points */
        {"-5", KEPT("-5"), CSV_KIND_TEXT},
        {"ronde1", "ronde1", CSV_KIND_TEXT},
        /* dates and numbers beyond digits and separators (a review found
         * them bare): a month's name, a percentage, an exponent, a
         * number in parentheses (-1), a truth value */
        {"17 april 2009", KEPT("17 april 2009"), CSV_KIND_TEXT},
        {"Dec 4", KEPT("Dec 4"), CSV_KIND_TEXT},
        {"Mar-12", KEPT("Mar-12"), CSV_KIND_TEXT},
        {"50%", KEPT("50%"), CSV_KIND_TEXT},
        {"1E+05", KEPT("1E+05"), CSV_KIND_TEXT},
        {"1E-05", KEPT("1E-05"), CSV_KIND_TEXT}, /* its '-' parts no token */
        {"(1)", KEPT("(1)"), CSV_KIND_TEXT},
        {"true", KEPT("true"), CSV_KIND_TEXT},
        {"Round 5 of 9", "Round 5 of 9", CSV_KIND_TEXT}, /* two words: no date */
        {"B:W31-50", "B:W31-50", CSV_KIND_TEXT},
        /* --iso-dates: a whole date left to be read as one, a date with a
         * part not known text (a '-' first is a formula's) */
        {"2024-05-01", "2024-05-01", CSV_KIND_DATE},
        {"-12-05", KEPT("-12-05"), CSV_KIND_DATE},
        {"2024-05-", KEPT("2024-05-"), CSV_KIND_DATE},
        {"22", KEPT("22"), CSV_KIND_CODE}, /* two wins, not twenty-two */
        {"x", "x", CSV_KIND_CODE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cell = excel_field(cases[i].in, cases[i].kind);
        assert_string_equal(cell, cases[i].out);
        free(cell);
    }
#undef KEPT
    /* what is not the protected form is left alone */
    char odd[] = "=\"a\"&b", plain[] = "=\"a\"\"";
    assert_string_equal(csv_excel_unprotect(odd), "=\"a\"&b");
    assert_string_equal(csv_excel_unprotect(plain), "=\"a\"\"");
}

static void test_csv_iso_dates_both_ways(void **state)
{
    (void)state;
    /* pdn, the CSV's, and the PDN csv2pdn makes of it: a date written
     * otherwise with one reading as YYYY-MM-DD, both ways; a range, and a
     * day and month that could be swapped, stay as written. */
    static const struct {
        const char *pdn, *iso, *back;
    } dates[] = {
        {"2024.05.17", "2024-05-17", "2024.05.17"},
        {"2024.05.??", "2024-05-", "2024.05.??"},
        {"????.??.??", "", "????.??.??"},
        {"2024.??.??", "2024--", "2024.??.??"},
        {"17/05/2024", "2024-05-17", "2024.05.17"},
        {"10/05/2024", "10/05/2024", "10/05/2024"}, /* 10 May or 5 October */
        {"05/05/2024", "2024-05-05", "2024.05.05"}, /* the same either way */
        {"2024.10.27 - 2024.11.01", "2024.10.27 - 2024.11.01", "2024.10.27 - 2024.11.01"},
    };
    for (size_t i = 0; i < sizeof dates / sizeof dates[0]; i++) {
        char pdn[128], want[128];
        snprintf(pdn, sizeof pdn, "[Date \"%s\"]\n1. 32-28 *\n", dates[i].pdn);
        struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
        o.iso_dates = true;
        o.columns = "Date,moves";
        char *csv = csv_of(pdn, &o);
        snprintf(want, sizeof want, "Date,moves\n%s,1. 32-28\n", dates[i].iso);
        assert_string_equal(csv, want);
        struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
        ro.iso_dates = true;
        char *back = pdn_of(csv, ro, NULL);
        snprintf(want, sizeof want, "[Date \"%s\"]", dates[i].back);
        expect_has(back, want);
        free(csv);
        free(back);
    }
}

/* ---- reading: findings at row:column ---- */

static const struct diag_record *finding(const struct diag_collector *dc, enum pdn_diag_code code)
{
    for (int i = 0; i < dc->nkept; i++)
        if (dc->kept[i].code == code) return &dc->kept[i];
    fail_msg("no %s finding", pdn_diag_name(code));
    return NULL;
}

static void test_csv_read_findings_at_row_and_column(void **state)
{
    (void)state;
    const char *csv = "White,Black,No such,moves\n" /* row 1: a column naming no tag */
                      "A,B,x,1. 32-28 19-23\n"      /* row 2: fine */
                      "C,D\n"                       /* row 3: ragged */
                      "E,F,x,1. 32-28 32-28\n"      /* row 4: an illegal move */
                      "G,\xff\xfe,x,1. 32-28\n";    /* row 5: invalid UTF-8 */
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    struct diag_collector dc;
    char *back = pdn_of(csv, ro, &dc);
    const struct diag_record *d = finding(&dc, PDN_DIAG_CSV_COLUMN);
    dc_expect_at(d, 1, 3);
    d = finding(&dc, PDN_DIAG_ILLEGAL_MOVE);
    dc_expect_at(d, 4, 4);
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 2);
    bool ragged = false, utf8 = false;
    for (int i = 0; i < dc.nkept; i++) {
        if (dc.kept[i].code != PDN_DIAG_BAD_CSV) continue;
        ragged |= dc.kept[i].line == 3 && strstr(dc.kept[i].detail, "2 fields") != NULL;
        utf8 |= dc.kept[i].line == 5 && dc.kept[i].col == 2;
    }
    assert_true(ragged && utf8);
    expect_has(back, "[White \"A\"]");
    expect_has(back, "[White \"E\"]"); /* a game with an error is still a game */
    assert_null(strstr(back, "[White \"C\"]"));
    free(back);
}

static void test_csv_read_strict_stray_quote(void **state)
{
    (void)state;
    const char *csv = "White,moves\nA\"b,1. 32-28\nC,1. 32-28\n";
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    struct diag_collector dc;
    char *back = pdn_of(csv, ro, &dc);
    expect_has(back, "[White \"A\\\"b\"]"); /* lenient: the quote is text */
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 0);
    free(back);
    ro.strict = true;
    back = pdn_of(csv, ro, &dc);
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 1);
    assert_int_equal(finding(&dc, PDN_DIAG_BAD_CSV)->line, 2);
    expect_has(back, "[White \"C\"]");
    free(back);
}

/* Whether the reader, once it has read all of csv, takes it for a CSV of
 * games. */
static bool read_as_games(const char *csv, bool moves)
{
    FILE *in = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(in);
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    ro.moves = moves;
    pdn_csv_reader *r = NULL;
    assert_int_equal(pdn_csv_reader_open(&r, in, &ro), 0);
    pdn_game *g;
    while (pdn_csv_reader_next(&g, r) == 1)
        pdn_game_free(g);
    bool games = pdn_csv_reader_is_games(r);
    pdn_csv_reader_free(r);
    fclose(in);
    return games;
}

static void test_csv_read_is_games(void **state)
{
    (void)state;
    assert_true(read_as_games("White,moves\nA,1. 32-28\n", false));
    assert_true(read_as_games("White,movetext\n", false)); /* a header alone */
    assert_true(read_as_games("game,ply,move\n1,1,32-28\n", true));
    /* tags of games without moves (pdn2csv --columns White,Black,Result) */
    assert_true(read_as_games("White,Black,Result\nA,B,1-0\n", false));
    assert_true(read_as_games("FEN\nW:W31:B20\n", false));
    assert_true(read_as_games("tags\n\"[White \"\"A\"\"]\"\n", false));
    assert_false(read_as_games("Garbage\n1\n", false)); /* no tag of a game, no moves */
    assert_false(read_as_games("White,Moves\nA,1. 32-28 *\n", false)); /* --map Moves=moves */
    assert_false(read_as_games("game,ply,White\n1,1,A\n", true));      /* --moves, no move */
    assert_false(read_as_games("Notes of the club.\nNone yet.\n", false));
    assert_false(read_as_games("game,ply,move\n1,1,32-28\n", false)); /* --moves rows */
    assert_false(read_as_games("\xff\xfe,moves\n", false)); /* a header that does not read */
    assert_false(pdn_csv_reader_is_games(NULL));
}

/* A CSV whose last line has no line end (a hand-edited file, many
 * programs' exports): its last row is read whole, in either mode, and so
 * is a header alone. */
static void test_csv_read_last_row_without_line_end(void **state)
{
    (void)state;
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    struct diag_collector dc;
    char *back = pdn_of("White,Black,moves\nA,B,1. 32-28 *\nC,D,1. 33-28 *", ro, &dc);
    expect_has(back, "[White \"A\"]\n[Black \"B\"]");
    expect_has(back, "[White \"C\"]\n[Black \"D\"]");
    expect_has(back, "1. 33-28 *");
    assert_int_equal(dc.total, 0);
    free(back);
    back = pdn_of("White,moves", ro, &dc);
    assert_string_equal(back, "");
    assert_int_equal(dc.total, 0);
    free(back);
    ro.moves = true;
    back = pdn_of("game,ply,move\n1,1,32-28\n1,2,19-23", ro, &dc);
    expect_has(back, "1. 32-28 19-23 *");
    assert_int_equal(dc.total, 0);
    free(back);
}

/* A header of tags without moves gives games of their tags alone, said
 * once; a header of neither gives no game, whatever the rows hold. */
static void test_csv_read_tags_alone(void **state)
{
    (void)state;
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    struct diag_collector dc;
    char *back = pdn_of("Round,white,Black,Result\n1,A,B,1-0\n2,B,A,0-2\n", ro, &dc);
    /* as pdn_write_game writes them: the roster, the result in one convention */
    expect_has(back, "[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]");
    expect_has(back, "[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"0-2\"]");
    expect_has(back, "]\n\n2-0\n\n");
    expect_has(back, "]\n\n0-2\n\n");
    assert_int_equal(dc_count(&dc, PDN_DIAG_CSV_NO_MOVES), 1);
    assert_int_equal(dc.errors, 0);
    free(back);
    back = pdn_of("Name,Club\nA,Nice\nB,Lyon\n", ro, &dc);
    assert_string_equal(back, "");
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 1);
    assert_int_equal(dc_count(&dc, PDN_DIAG_CSV_NO_MOVES), 0);
    free(back);
}

/* A CSV in Latin-1 read with its encoding; UTF-8 before its first byte
 * that is not stays UTF-8, a character across 16 KiB (where a read may cut
 * it) too. */
static void test_csv_read_latin1(void **state)
{
    (void)state;
    enum { CUT = 16 * 1024 };
    char *csv = malloc(CUT + 256);
    assert_non_null(csv);
    int n = sprintf(csv, "White,moves\n");
    while (n < CUT - 64)
        n += sprintf(csv + n, "A,1. 32-28\n");
    /* a row of x's up to the cut, then 'M' and a UTF-8 'ü' across it */
    int pad = CUT - 1 - n - (int)strlen("P,1. 32-28\n");
    n += sprintf(csv + n, "P%.*s,1. 32-28\n", pad - 1,
                 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    assert_int_equal(n, CUT - 2); /* M at CUT - 2, the first byte of ü at CUT - 1 */
    sprintf(csv + n, "M\xc3\xbcller,1. 32-28\nM\xe4"
                     "der,1. 33-28\n");
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    ro.encoding = PDN_ENCODING_LATIN1;
    struct diag_collector dc;
    char *back = pdn_of(csv, ro, &dc);
    expect_has(back, "[White \"M\xc3\xbcller\"]");
    expect_has(back, "[White \"M\xc3\xa4"
                     "der\"]");
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 0);
    free(back);
    ro.encoding = PDN_ENCODING_UTF8; /* the default: the row is skipped */
    back = pdn_of(csv, ro, &dc);
    expect_has(back, "[White \"M\xc3\xbcller\"]");
    assert_null(strstr(back, "der\"]"));
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 1);
    free(back);
    free(csv);
}

/* Two CSV files joined, the first a spreadsheet's in Latin-1, the second
 * UTF-8: past the first byte that is not UTF-8, a line that is all UTF-8
 * stays UTF-8, as the PDN reader reads such a file (codepage.h), and the
 * others are decoded; a line of both is the code page's. */
static void test_csv_read_code_page_then_utf8_lines(void **state)
{
    (void)state;
    static const char csv[] = "White,Black,moves\n"
                              "J\xe9r\xf4me,M\xfcller,1. 32-28 *\n"
                              "J\xc3\xa9r\xc3\xb4me,Fran\xc3\xa7ois,1. 33-28 *\n"
                              "Fran\xe7ois,Z\xc3\xbc,1. 34-29 *\n";
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    struct diag_collector dc;
    const enum pdn_encoding encodings[] = {PDN_ENCODING_LATIN1, PDN_ENCODING_CP1252};
    for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++) {
        ro.encoding = encodings[i];
        char *back = pdn_of(csv, ro, &dc);
        expect_has(back, "[White \"J\xc3\xa9r\xc3\xb4me\"]\n[Black \"M\xc3\xbcller\"]");
        expect_has(back, "[White \"J\xc3\xa9r\xc3\xb4me\"]\n[Black \"Fran\xc3\xa7ois\"]");
        /* Latin-1 and UTF-8 in one line: Latin-1 throughout */
        expect_has(back, "[White \"Fran\xc3\xa7ois\"]\n[Black \"Z\xc3\x83\xc2\xbc\"]");
        assert_null(strstr(back, "\xc3\x83\xc2\xa9")); /* no 'é' read as 'Ã©' */
        assert_int_equal(dc.total, 0);
        free(back);
    }
}

/* ---- the moves mode ---- */

static const char *const annotated =
    "[Event \"e\"]\n"
    "{before all} 1. 32-28 {after} (1. 33-28 {var} 18-23 "
    "(1... 17-21) 2. 39-33) 1... 19-23 ! $3 {first} {second}\n"
    "2. 28x19 {a {brace}? no: a ;line comment} 14x23 (2... 13x24) {the end} *\n";

static void test_csv_moves_rows_of_every_line(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.variations = true;
    o.columns = "line,parent,ply,number,side,move,canonical,comment_before,comment,nags,status";
    char *csv =
        csv_of("1. 32-28 (1. 33-28 18-23 (1... 17-21) 2. 39-33) 19-23 $1 {c} 2. 28x19 *", &o);
    assert_string_equal(csv, "line,parent,ply,number,side,move,canonical,comment_before,comment,"
                             "nags,status\n"
                             "1,,1,1,white,32-28,32-28,,,,ok\n"
                             "1.1,1,1,1,white,33-28,33-28,,,,ok\n"
                             "1.1,1,2,1,black,18-23,18-23,,,,ok\n"
                             "1.1.1,2,2,1,black,17-21,17-21,,,,ok\n"
                             "1.1,1,3,2,white,39-33,39-33,,,,ok\n"
                             "1,,2,1,black,19-23,19-23,,c,$1,ok\n"
                             "1,,3,2,white,28x19,28x19,,,,ok\n");
    free(csv);
    /* without variations: the main line, with what stops it */
    o.variations = false;
    o.columns = "ply,move,status";
    csv = csv_of("1. 32-28 19-23 2. 31-27 18-22 *\n[Event \"none\"]\n*\n", &o);
    assert_string_equal(csv, "ply,move,status\n1,32-28,ok\n2,19-23,ok\n3,31-27,illegal-move\n"
                             "4,18-22,not-played\n,,no-moves\n");
    free(csv);
}

/* The moves mode numbers from the FEN's side and ":F" field as fen.c
 * reads them (fen_start): "b" is Black, "f7" move 7. */
static void test_csv_moves_numbered_from_the_fen(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.columns = "number,side,move";
    char *csv = csv_of("[FEN \"b:W31-50:B1-20:f7\"]\n20-25 32-28 *\n", &o);
    assert_string_equal(csv, "number,side,move\n7,black,20-25\n8,white,32-28\n");
    free(csv);
    /* the main-line cell of the games mode, written without the writer,
     * numbers alike */
    o = (struct pdn_csv_write_options)PDN_CSV_WRITE_OPTIONS_INIT;
    o.columns = "moves";
    csv = csv_of("[FEN \"b:W31-50:B1-20:f7\"]\n20-25 32-28 *\n", &o);
    assert_string_equal(csv, "moves\n7... 20-25 8. 32-28\n");
    free(csv);
}

/* A cell with a blank at an end (any ASCII blank: text_blank) is quoted,
 * so that a reader that trims blanks keeps it; one inside is not. */
static void test_csv_blank_ends_quoted(void **state)
{
    (void)state;
    static const char *const quoted[] = {" a", "a\t", "\va", "a\f"};
    for (size_t i = 0; i < sizeof quoted / sizeof quoted[0]; i++) {
        char *cell = field_of(quoted[i], CSV_KIND_TEXT, false);
        assert_int_equal(cell[0], '"');
        free(cell);
    }
    char *cell = field_of("a\vb c", CSV_KIND_TEXT, false);
    assert_string_equal(cell, "a\vb c");
    free(cell);
}

static void test_csv_moves_comments_one_a_line(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.columns = "ply,comment_before,comment,nags";
    char *csv = csv_of(annotated, &o);
    assert_string_equal(csv, "ply,comment_before,comment,nags\n"
                             "1,before all,after,\n"
                             "2,,\"first\nsecond\",! $3\n"
                             "3,,a {brace}? no: a ;line comment,\n"
                             "4,,,\n"
                             ",the end,,\n");
    free(csv);
}

static void test_csv_moves_back_to_the_same_games(void **state)
{
    (void)state;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.variations = true;
    o.lossless = true;
    char *csv = csv_of(annotated, &o);
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    ro.moves = true;
    struct diag_collector dc;
    char *back = pdn_of(csv, ro, &dc);
    char *want = canonical(annotated);
    assert_string_equal(back, want);
    assert_int_equal(dc_count(&dc, PDN_DIAG_BAD_CSV), 0);
    free(csv);
    free(back);
    free(want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_columns_of_each_mode),
        cmocka_unit_test(test_csv_default_and_chosen_columns),
        cmocka_unit_test(test_csv_quoting_commas_quotes_blanks_cyrillic),
        cmocka_unit_test(test_csv_quoted_cells_read_back),
        cmocka_unit_test(test_csv_many_tag_columns),
        cmocka_unit_test(test_csv_normalised_result_and_points),
        cmocka_unit_test(test_csv_excel_protection_and_its_undoing),
        cmocka_unit_test(test_csv_excel_protection_at_any_length),
        cmocka_unit_test(test_csv_iso_dates_both_ways),
        cmocka_unit_test(test_csv_read_findings_at_row_and_column),
        cmocka_unit_test(test_csv_read_strict_stray_quote),
        cmocka_unit_test(test_csv_read_is_games),
        cmocka_unit_test(test_csv_read_last_row_without_line_end),
        cmocka_unit_test(test_csv_read_tags_alone),
        cmocka_unit_test(test_csv_read_latin1),
        cmocka_unit_test(test_csv_read_code_page_then_utf8_lines),
        cmocka_unit_test(test_csv_moves_rows_of_every_line),
        cmocka_unit_test(test_csv_moves_numbered_from_the_fen),
        cmocka_unit_test(test_csv_blank_ends_quoted),
        cmocka_unit_test(test_csv_moves_comments_one_a_line),
        cmocka_unit_test(test_csv_moves_back_to_the_same_games),
    };
    return cmocka_run_group_tests_name("csv_cells", tests, NULL, NULL);
}
