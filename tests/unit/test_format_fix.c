/*
 * Unit tests of format_fix.c (pdn_format_game with fix): what each repair
 * reports and where, what it must not guess, and over every real file of
 * tests/data that fix changes nothing but move numbers, results, a
 * capture's dash and dates: the same games, moves, comments, NAGs, variations and
 * tags read back (the writer's round trip of test_writer_reads_back does the rest).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "append.h"
#include "format.h"
#include "pdn.h"
#include "games_io.h"
#include "reader_fixture.h"

/* ---- games in, text out ---------------------------------------------------- */

/* The findings of a format, kept as "LINE:COL CODE TEXT|DETAIL" lines. */
struct said {
    char lines[1024];
};

static void say(const struct pdn_diag *d, void *ctx)
{
    struct said *s = ctx;
    append(s->lines, sizeof s->lines, "%u:%u %s %s|%s\n", d->line, d->col, pdn_diag_name(d->code),
           d->text ? d->text : "", d->detail ? d->detail : "");
}

/* Formats every game of a text; the caller frees the result. */
/* The games formatted with o, one after the other. */
static char *format_games(const struct games *gs, const struct pdn_format_options *o)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    for (size_t i = 0; i < gs->n; i++)
        assert_int_equal(pdn_format_game(fp, gs->v[i], o), PDN_OK);
    assert_int_equal(fclose(fp), 0);
    return buf;
}

static char *format_all(const struct games *gs, bool fix, bool no_normalise, struct said *said)
{
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.fix = fix;
    o.no_normalise = no_normalise;
    o.on_diag = said ? say : NULL;
    o.diag_ctx = said;
    return format_games(gs, &o);
}

/* What pdnfmt writes for a text and reports, with --fix or without. */
static void check_format(const char *text, bool fix, const char *want_moves, const char *want_said)
{
    struct games gs;
    struct said said = {.lines = ""};
    read_games(&gs, text, strlen(text));
    char *got = format_all(&gs, fix, false, &said);
    const char *moves = strstr(got, "\n\n");
    assert_non_null(moves);
    if (strcmp(moves + 2, want_moves) != 0 || strcmp(said.lines, want_said) != 0)
        print_message("got:\n%s%s", moves + 2, said.lines);
    assert_string_equal(moves + 2, want_moves);
    assert_string_equal(said.lines, want_said);
    free(got);
    free_games(&gs);
}

/* What --fix writes for a text and reports. */
static void check_fix(const char *text, const char *want_moves, const char *want_said)
{
    check_format(text, true, want_moves, want_said);
}

/* ---- each repair --------------------------------------------------------------- */

static void test_format_fix_move_number_at_its_place(void **state)
{
    (void)state;
    check_fix("1. 32-28 19-23 05. 28x19 14x23 *", "1. 32-28 19-23 2. 28x19 14x23 *\n\n",
              "1:16 fixed 05.|written 2. (this is white's 2nd move)\n");
    /* "N. ..." holds the first mover's place: only its number changes. */
    check_fix("[FEN \"B:W28:B19:F7\"]\n4. ... 19-23 *", "7. ... 19-23 *\n\n",
              "2:1 fixed 4.|written 7. (this is move 7)\n");
}

/* Without --fix a wrong number is kept as written, but the count does not
 * go on from it: a number the source did not have is the ply's own
 * ("3..." after White's 3rd numbered 2., in a variation too), or the
 * output would hold faults the source did not ("2... 7-12" was written,
 * and pdncheck found three wrong numbers in it). In English checkers,
 * where the source numbers White's moves as a pair's first, Black's move
 * after a comment is the next pair's first ("2.", not "1..."). */
static void test_format_fix_kept_number_is_no_count(void **state)
{
    (void)state;
    const char *wrong = "1. 32-28 18-23 2. 37-32 12-18 2. 41-37 {c} 7-12 (19-24) *";
    check_format(wrong, false,
                 "1. 32-28 18-23 2. 37-32 12-18 2. 41-37 {c} 3... 7-12 (3... 19-24) *\n\n",
                 "1:31 move-number 2.|this is white's 3rd move\n");
    check_fix(wrong, "1. 32-28 18-23 2. 37-32 12-18 3. 41-37 {c} 3... 7-12 (3... 19-24) *\n\n",
              "1:31 fixed 2.|written 3. (this is white's 3rd move)\n");
    check_format("[GameType \"21\"]\n[FEN \"W:W32,27,24,22:B20,15,10,7\"]\n"
                 "1. 27-23 {c} 20x27 2. 23-18 *",
                 false, "1. 27-23 {c} 2. 20x27 2. 23-18 *\n\n",
                 "3:1 move-number 1.|this is white's 1st move, the second of its pair; the "
                 "number after it is off the same way\n"
                 "3:20 move-number-run 2.|this is white's 2nd move, the second of its pair; "
                 "off since '1.' at move 1...\n");
}

/* A move the replay stops at keeps the number it was written with: World
 * Title Match Women 2024, game 2, has "(1... 5-10)" after White's 34-30,
 * Black's reply misplaced; made the count's "1. 5-10" it would be a White
 * move that cannot be, and the record's meaning lost. The number is
 * reported as without --fix. A move after a stop is as before. */
static void test_format_fix_number_of_a_stop_kept(void **state)
{
    (void)state;
    check_fix(
        "1. 34-30 (1... 5-10) 1... 20-25 *", "1. 34-30 (1... 5-10) 1... 20-25 *\n\n",
        "1:11 move-number 1...|this is white's 1st move, the first of its pair; in a variation\n");
}

/* A variation written before the move it replaces, as broadcasts write
 * Black's alternative after White's move, is moved after that move where
 * nothing else can be meant: its first move illegal where it stands, legal
 * in place of the next move, and numbered as that move, as the place it
 * stands in, or not at all.
 * Moved, it is written as any variation is (read back, nothing is left to
 * move: test_format_fix_moved_variation_stays). */
static void test_format_fix_variation_moved_after_the_move_it_replaces(void **state)
{
    (void)state;
    static const char moved[] = "variation moved after 1... 20-25: legal in its place, illegal "
                                "in place of 1. 34-30\n";
    char want[256];
    snprintf(want, sizeof want, "1:10 fixed 1... 19-23|%s", moved);
    check_fix("1. 34-30 (1... 19-23) 1... 20-25 *", "1. 34-30 20-25 (1... 19-23) *\n\n", want);
    snprintf(want, sizeof want, "1:10 fixed 19-23|%s", moved);
    check_fix("1. 34-30 (19-23) 20-25 *", "1. 34-30 20-25 (1... 19-23) *\n\n", want);
    /* numbered as the place it stands in, as plain pdnfmt writes it: its
     * number is fixed too */
    snprintf(want, sizeof want,
             "1:10 fixed 1. 19-23|%s1:11 fixed 1.|written 1... (this is black's 1st move, the "
             "second of its pair)\n",
             moved);
    check_fix("1. 34-30 (1. 19-23) 1... 20-25 *", "1. 34-30 20-25 (1... 19-23) *\n\n", want);
    /* after the next move's comments, before its own variations; the
     * variations of the move before that are alternatives to it stay */
    snprintf(want, sizeof want, "1:25 fixed 1... 19-23|%s", moved);
    check_fix("1. 34-30 {a} (1. 32-28) (1... 19-23 2. 31-27) 1... 20-25 {b} (1... 17-21) *",
              "1. 34-30 {a} (1. 32-28) 1... 20-25 {b} (1... 19-23 2. 31-27) (1... 17-21) *\n\n",
              want);
    /* one inside one moved, which the replay reached only once moved; the
     * second round's copy kept 34-30's annotations as the first round
     * made them (no variation left), and freed that tree (ASan:
     * heap-use-after-free; tests/fuzz/fuzz_handmade found it too) */
    check_fix("1. 34-30 (1... 19-23 2. 31-27 (2... 17-21) 2... 14-19) 1... 20-25 *",
              "1. 34-30 20-25 (1... 19-23 2. 31-27 14-19 (2... 17-21)) *\n\n",
              "1:10 fixed 1... 19-23|variation moved after 1... 20-25: legal in its place, illegal "
              "in place of 1. 34-30\n"
              "1:31 fixed 2... 17-21|variation moved after 2... 14-19: legal in its place, illegal "
              "in place of 2. 31-27\n");
}

/* Where another reading is left, the variation stays as written, with the
 * replay's findings: numbered as another move than the next, illegal in
 * place of the next move too (World Title Match Women 2024, game 2: 5-10,
 * square 10 held), legal where it stands, or no next move played. */
static void test_format_fix_variation_not_moved_on_a_doubt(void **state)
{
    (void)state;
    check_fix("1. 34-30 (2... 19-23) 1... 20-25 *", "1. 34-30 (2... 19-23) 1... 20-25 *\n\n",
              "1:11 move-number 2...|this is white's 1st move; in a variation\n");
    check_fix(
        "1. 34-30 (1... 5-10) 1... 20-25 *", "1. 34-30 (1... 5-10) 1... 20-25 *\n\n",
        "1:11 move-number 1...|this is white's 1st move, the first of its pair; in a variation\n");
    check_fix("1. 34-30 (1. 32-28) 1... 20-25 *", "1. 34-30 (1. 32-28) 1... 20-25 *\n\n", "");
    check_fix(
        "1. 34-30 (1... 19-23) *", "1. 34-30 (1... 19-23) *\n\n",
        "1:11 move-number 1...|this is white's 1st move, the first of its pair; in a variation\n");
    check_fix(
        "1. 34-30 (1... 19-23) 1... 5-10 *", "1. 34-30 (1... 19-23) 1... 5-10 *\n\n",
        "1:11 move-number 1...|this is white's 1st move, the first of its pair; in a variation\n");
}

/* Without fix, a variation written before the move it replaces stays
 * where it is, with the replay's finding (which names --fix), numbered as
 * the count gives it there ("(1. 19-23)"), or as written when its number
 * is the move's it replaces. The output reads back with the same finding,
 * and --fix on it moves it. */
static void test_format_variation_misplaced_kept_as_counted(void **state)
{
    (void)state;
    static const char detail[] = "illegal in place of 1. 32-28, legal in place of the next move, "
                                 "1... 18-23: pdnfmt --fix moves it after that move\n";
    char want[512];
    snprintf(want, sizeof want, "1:10 misplaced-variation 19-23|%s", detail);
    /* Left where it is written, numbered as the count gives it there
     * (a number of its own would not read back through CSV as it). */
    check_format("1. 32-28 (19-23 37-32 14-19) 18-23 *", false,
                 "1. 32-28 (1. 19-23 37-32 2. 14-19) 1... 18-23 *\n\n", want);
    /* Its number is the move's it replaces: one finding, not a wrong
     * number beside it. */
    snprintf(want, sizeof want, "1:10 misplaced-variation 1... 19-23|%s", detail);
    check_format("1. 32-28 (1... 19-23 37-32 14-19 42-37) 18-23 *", false,
                 "1. 32-28 (1... 19-23 37-32 2. 14-19 42-37) 1... 18-23 *\n\n", want);
    snprintf(want, sizeof want, "1:10 misplaced-variation 1... 19-23|%s", detail);
    check_format("1. 32-28 (1... 19-23 2. 37-32 14-19) 1... 18-23 *", false,
                 "1. 32-28 (1... 19-23 2. 37-32 14-19) 1... 18-23 *\n\n", want);
    check_fix("1. 32-28 (1... 19-23 2. 37-32 14-19) 1... 18-23 *",
              "1. 32-28 18-23 (1... 19-23 2. 37-32 14-19) *\n\n",
              "1:10 fixed 1... 19-23|variation moved after 1... 18-23: legal in its place, "
              "illegal in place of 1. 32-28\n");
}

static void test_format_fix_result_from_tag_or_terminator(void **state)
{
    (void)state;
    check_fix("[Result \"0-2\"]\n1. 32-28 *", "1. 32-28 0-2\n\n",
              "2:10 fixed *|written 0-2, as the Result tag says\n");
    check_fix("[Result \"*\"]\n1. 32-28 1-1", "1. 32-28 1-1\n\n",
              "1:1 fixed *|written 1-1, as the result after the moves says\n");
    /* Chess-style spellings are results too. */
    check_fix("[Result \"*\"]\n1. 32-28 1/2-1/2", "1. 32-28 1-1\n\n",
              "1:1 fixed *|written 1-1, as the result after the moves says\n");
    /* A match score the reader took for no result ('*' as written) whose
     * text spells the tag's: the tag's, at once, not at a second --fix. */
    check_fix("[Result \"1-1\"]\n1. 32-28 1\n-1", "1. 32-28 1-1\n\n",
              "2:10 fixed 1-1|written 1-1, as the Result tag says\n");
}

/* A game made by hand may hold a tag with no name: the repair of its
 * result looks for the Result tag past it (that look read the missing name
 * and crashed), and the nameless tag is kept as a comment. */
static void test_format_fix_result_past_a_nameless_tag(void **state)
{
    (void)state;
    static const char text[] = "[Event \"x\"]\n[Result \"*\"]\n1. 32-28 2-0";
    struct games gs;
    read_games(&gs, text, strlen(text));
    ((struct pdn_tag *)gs.v[0]->tags)[0].name = NULL;
    struct said said = {.lines = ""};
    char *got = format_all(&gs, true, false, &said);
    assert_non_null(strstr(got, "[Result \"2-0\"]"));
    assert_non_null(strstr(got, "{[ \"x\"]} 1. 32-28 2-0"));
    assert_string_equal(said.lines,
                        "2:1 fixed *|written 2-0, as the result after the moves says\n");
    free(got);
    free_games(&gs);
}

/* The African file's French header (game 37): a tag name that is no
 * identifier is written as a comment, but one fix writes under a standard
 * name is said there once, not again as a comment beside it. */
static void test_format_fix_renamed_tag_not_kept_twice(void **state)
{
    (void)state;
    static const char text[] = "[R&#x00e9;sultat \"1-1\"]\n[Heure blanche \"0:10:00\"]\n"
                               "1. 32-28 1-1";
    check_format(text, false,
                 "{[R&#x00e9;sultat \"1-1\"]} {[Heure blanche \"0:10:00\"]} 1. 32-28 1-1\n\n", "");
    check_fix(text, "{[Heure blanche \"0:10:00\"]} 1. 32-28 1-1\n\n",
              "1:1 fixed R&#x00e9;sultat|written Result\n");
}

static void test_format_fix_no_guess(void **state)
{
    (void)state;
    /* Two results, nothing decides: reported, left. */
    check_fix("[Result \"2-0\"]\n1. 32-28 0-2", "1. 32-28 0-2\n\n",
              "2:10 result-mismatch 0-2|the Result tag says 2-0\n");
    /* A tag that is no result is not overwritten. */
    check_fix("[Result \"4-6\"]\n1. 32-28 *", "1. 32-28 *\n\n", "");
    /* Nor a Goes result format. */
    check_fix("[ResultFormat \"Goes\"]\n[Result \"2.00-0.00\"]\n1. 32-28 *", "1. 32-28 *\n\n",
              "3:10 result-mismatch *|the Result tag says 2.00-0.00\n");
    /* "N... ..." (a move not given) at White's turn: no number keeps it so. */
    check_fix("1. 32-28 19-23 2... ... 3. 33-29 *", "1. 32-28 19-23 2... ... 3. 33-29 *\n\n",
              "1:16 move-number 2...|this is white's 2nd move, the first of its pair\n");
    /* A position with moves left decides nothing, even with no move played. */
    check_fix("[FEN \"W:W28:B23\"]\n*", "*\n\n", "");
}

static void test_format_fix_result_from_position(void **state)
{
    (void)state;
    /* Black has no piece left after 28x19: White has won. */
    check_fix("[FEN \"W:W28:B23\"]\n1. 28x19 *", "1. 28x19 2-0\n\n",
              "2:10 fixed *|written 2-0: black to move has no legal move and loses\n");
    /* The tag agrees with the position against the terminator. */
    check_fix("[Result \"2-0\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 0-2", "1. 28x19 2-0\n\n",
              "3:10 fixed 0-2|written 2-0: black to move has no legal move and loses\n");
    /* Blocked, not taken: Black's man on 5 cannot move (10 is White's, 14 too). */
    check_fix("[FEN \"W:W10,14,19:B5\"]\n1. 19-13 *", "1. 19-13 2-0\n\n",
              "2:10 fixed *|written 2-0: black to move has no legal move and loses\n");
}

static void test_format_fix_capture_dash(void **state)
{
    (void)state;
    struct games gs;
    static const char text[] = "1. 32-28 19-23 2. 28-19 14x23 *";
    read_games(&gs, text, strlen(text));
    struct said said = {.lines = ""};
    char *got = format_all(&gs, true, true, &said);
    assert_non_null(strstr(got, "2. 28x19 14x23 *"));
    assert_string_equal(said.lines, "1:19 fixed 28-19|a capture, written with 'x'\n");
    free(got);
    /* Without fix, kept as read and reported. */
    said.lines[0] = '\0';
    got = format_all(&gs, false, true, &said);
    assert_non_null(strstr(got, "2. 28-19 14x23 *"));
    assert_string_equal(said.lines, "1:19 move-form 28-19|capture written with '-'\n");
    free(got);
    free_games(&gs);
}

/* fix_may_fault of every move of a line and its variations, read as a
 * capture, against fix_maybe_dash's look at each byte of its text; counts
 * the texts answered by their separator (plain). */
static void may_fault_as_by_bytes(const struct format *f, const struct pdn_line *line,
                                  size_t *plain)
{
    static const struct pdn_move capture = {.ncaptured = 1};
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        if (node->text) {
            bool want = fix_maybe_dash(node->text);
            if (fix_may_fault(f, &capture, node) != want)
                fail_msg("'%s' (plain '%c'): may fault %d", node->text,
                         node->plain_sep ? node->plain_sep : '0', !want);
            *plain += node->plain_sep != '\0';
        }
        for (uint32_t v = 0; v < pdn_annotations_of(node)->nvariations; v++)
            may_fault_as_by_bytes(f, &pdn_annotations_of(node)->variations[v], plain);
    }
}

/* A capture the reader found plain is answered by its separator (format.h,
 * fix_may_fault), not by a look at each byte: the same answer for every
 * move of the real files and of captures written in every way. */
static void test_format_fix_plain_capture_by_its_separator(void **state)
{
    (void)state;
    struct format f = {.plain_nodes = true};
    static const char text[] = "1. 32-28 19-23 2. 28-19 14x23 3. 33x24 (3. 28 x 19) 3... 24 - 20 "
                               "4. 05-10 10x05 5. 28\xE2\x80\x93"
                               "19 6-1 6. 28-19-10 47x36x27 *";
    struct paths files = {0};
    find_pdn(&files, "tests/data");
    size_t plain = 0;
    for (size_t k = 0; k <= files.n; k++) {
        size_t len = sizeof text - 1;
        char *data = k < files.n ? slurp(files.v[k], &len) : NULL;
        struct games gs;
        read_games(&gs, data ? data : text, len);
        for (size_t i = 0; i < gs.n; i++)
            may_fault_as_by_bytes(&f, &gs.v[i]->main, &plain);
        free_games(&gs);
        free(data);
    }
    assert_true(files.n > 10);
    assert_true(plain > 1000);
    free_paths(&files);
}

/* What format writes for a game's Date tag, and says, with fix or without. */
static void check_date(const char *date, bool fix, const char *want_tag, const char *want_said)
{
    char text[128];
    snprintf(text, sizeof text, "[Event \"e\"]\n[Date \"%s\"]\n1. 32-28 *", date);
    struct games gs;
    struct said said = {.lines = ""};
    read_games(&gs, text, strlen(text));
    char *got = format_all(&gs, fix, false, &said);
    if (!strstr(got, want_tag) || strcmp(said.lines, want_said) != 0)
        print_message("got:\n%s%s", got, said.lines);
    assert_non_null(strstr(got, want_tag));
    assert_string_equal(said.lines, want_said);
    free(got);
    free_games(&gs);
}

static void test_format_fix_date(void **state)
{
    (void)state;
    check_date("13.03.2003", true, "[Date \"2003.03.13\"]\n",
               "2:1 fixed 13.03.2003|written 2003.03.13\n");
    check_date("2003.", true, "[Date \"2003.?\?.?\?\"]\n",
               "2:1 fixed 2003.|written 2003.?\?.?\?\n");
    /* Without fix the date stays, reported as the replay reports it. */
    check_date("13.03.2003", false, "[Date \"13.03.2003\"]\n",
               "2:1 bad-date 13.03.2003|expected YYYY.MM.DD: its one reading is 2003.03.13\n");
    /* Two readings: unchanged, and the fix says why (without it, as any
     * other date it cannot repair, nothing: pdncheck reports it). */
    check_date("10.03.2003", true, "[Date \"10.03.2003\"]\n",
               "2:1 bad-date 10.03.2003|day and month could be swapped: 2003.03.10 (day first) "
               "or 2003.10.03 (month first)\n");
    check_date("10.03.2003", false, "[Date \"10.03.2003\"]\n", "");
    /* No reading: neither changed nor reported (pdncheck reports it). */
    check_date("10.03.03", true, "[Date \"10.03.03\"]\n", "");
    check_date("2003.03.10", true, "[Date \"2003.03.10\"]\n", "");
}

/* The Date tags --fix writes for the games of text, with the orders of
 * day and month of all of them (read first, as pdnfmt reads a file), in
 * order, one a line. */
static char *dates_fixed_with_orders(const char *text)
{
    struct games gs;
    read_games(&gs, text, strlen(text));
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    for (size_t i = 0; i < gs.n; i++)
        assert_int_equal(pdn_date_orders_add(orders, gs.v[i]), 0);
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.fix = true;
    o.date_orders = orders;
    char *buf = format_games(&gs, &o), *dates = calloc(1, 1024);
    for (const char *p = buf; (p = strstr(p, "[Date \"")) != NULL; p++)
        strncat(dates, p + 7, (size_t)(strchr(p + 7, '"') - (p + 7))), strcat(dates, "\n");
    free(buf);
    pdn_date_orders_free(orders);
    free_games(&gs);
    return dates;
}

static void test_format_fix_date_orders(void **state)
{
    (void)state;
    /* The event's other date settles it, wherever it stands, whatever the
     * case of the event's name. */
    char *got = dates_fixed_with_orders("[Event \"Match\"]\n[Date \"10.03.2003\"]\n1. 32-28 *\n"
                                        "[Event \"match\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n"
                                        "[Event \"US\"]\n[Date \"08-12-2021\"]\n1. 32-28 *\n"
                                        "[Event \"US\"]\n[Date \"08-13-2021\"]\n1. 32-28 *\n");
    assert_string_equal(got, "2003.03.10\n2003.03.13\n2021.08.12\n2021.08.13\n");
    free(got);
    /* An event of both orders settles nothing; one of none asks the file,
     * which shows both here: nothing either. */
    got = dates_fixed_with_orders("[Event \"A\"]\n[Date \"05.06.2003\"]\n1. 32-28 *\n"
                                  "[Event \"A\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n"
                                  "[Event \"A\"]\n[Date \"08-13-2021\"]\n1. 32-28 *\n"
                                  "[Event \"B\"]\n[Date \"01.02.1999\"]\n1. 32-28 *\n");
    assert_string_equal(got, "05.06.2003\n2003.03.13\n2021.08.13\n01.02.1999\n");
    free(got);
    /* An event of none, in a file of one order; a game without an event. */
    got = dates_fixed_with_orders("[Event \"A\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n"
                                  "[Event \"B\"]\n[Date \"1.10.1973\"]\n1. 32-28 *\n"
                                  "[Date \"10.11.1968\"]\n1. 32-28 *\n");
    assert_string_equal(got, "2003.03.13\n1973.10.01\n1968.11.10\n");
    free(got);
    /* What a table settles: a date of two readings, none other. */
    assert_true(pdn_date_swappable("10.03.2003"));
    assert_true(pdn_date_swappable("12-08-2021"));
    assert_false(pdn_date_swappable("13.03.2003"));
    assert_false(pdn_date_swappable("05.05.2003"));
    assert_false(pdn_date_swappable("2003.03.10"));
    assert_false(pdn_date_swappable(NULL));
    assert_int_equal(pdn_date_orders_new(NULL), PDN_EINVAL);
    assert_int_equal(pdn_date_orders_add(NULL, NULL), PDN_EINVAL);
    pdn_date_orders_free(NULL);
}

/* ---- nothing but the repairs, over the real files ------------------------------- */

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Comments compare with blanks folded: they wrap where the numbers let them. */
static bool same_folded(const char *a, const char *b)
{
    for (;;) {
        while (blank(*a))
            a++;
        while (blank(*b))
            b++;
        if (*a == '\0' || *b == '\0') return *a == *b;
        while (*a && *a == *b && !blank(*a))
            a++, b++;
        if (!((*a == '\0' || blank(*a)) && (*b == '\0' || blank(*b)))) return false;
    }
}

/* Tags of another language fix renamed, over the real files. */
static unsigned renamed;

/* A comment the writer made of a tag whose name is no identifier, and
 * which fix writes as a standard tag instead (tag_synonym.c's three of the
 * French header of the African file's game 37, and tagcase/'s "fen"). */
static bool renamed_bad_tag(const char *text)
{
    return strncmp(text, "[R&#x00e9;sultat ", 17) == 0 ||
           strncmp(text, "[&#x00c9;v&#x00e9;nement ", 25) == 0 ||
           strncmp(text, "[Type de jeu ", 13) == 0 || strncmp(text, "[fen ", 5) == 0;
}

/* a's comments, those of renamed tags apart, are b's */
static void same_comments(const struct pdn_comment *a, uint32_t na, const struct pdn_comment *b,
                          uint32_t nb)
{
    uint32_t j = 0;
    for (uint32_t i = 0; i < na; i++) {
        if (renamed_bad_tag(a[i].text)) {
            renamed++;
            continue;
        }
        assert_true(j < nb);
        assert_true(same_folded(a[i].text, b[j++].text));
    }
    assert_int_equal(j, nb);
}

/* A fixed text is the text, or the text with its dashes as 'x' (a capture). */
static bool same_move_text(const char *a, const char *fixed)
{
    if (strcmp(a, fixed) == 0) return true;
    if (strlen(a) != strlen(fixed)) return false;
    for (; *a; a++, fixed++)
        if (*a != *fixed && !(*a == '-' && *fixed == 'x')) return false;
    return true;
}

static unsigned renumbered;

static void same_line(const struct pdn_line *a, const struct pdn_line *b)
{
    assert_int_equal(a->nmoves, b->nmoves);
    for (uint32_t i = 0; i < a->nmoves; i++) {
        const struct pdn_node *x = &a->moves[i], *y = &b->moves[i];
        if (!same_move_text(x->text, y->text)) print_message("'%s' -> '%s'\n", x->text, y->text);
        assert_true(same_move_text(x->text, y->text));
        renumbered += x->number != y->number;
        assert_true((pdn_annotations_of(x)->strength == NULL) ==
                    (pdn_annotations_of(y)->strength == NULL));
        assert_int_equal(pdn_annotations_of(x)->nnags, pdn_annotations_of(y)->nnags);
        assert_true((pdn_annotations_of(x)->setup == NULL) ==
                    (pdn_annotations_of(y)->setup == NULL));
        same_comments(
            pdn_annotations_of(x)->comments_before, pdn_annotations_of(x)->ncomments_before,
            pdn_annotations_of(y)->comments_before, pdn_annotations_of(y)->ncomments_before);
        same_comments(pdn_annotations_of(x)->comments_after, pdn_annotations_of(x)->ncomments_after,
                      pdn_annotations_of(y)->comments_after,
                      pdn_annotations_of(y)->ncomments_after);
        assert_int_equal(pdn_annotations_of(x)->nvariations, pdn_annotations_of(y)->nvariations);
        for (uint32_t v = 0; v < pdn_annotations_of(x)->nvariations; v++)
            same_line(&pdn_annotations_of(x)->variations[v], &pdn_annotations_of(y)->variations[v]);
    }
    same_comments(a->trailing, a->ntrailing, b->trailing, b->ntrailing);
}

static unsigned redated;

/* YYYY.MM.DD, any digit '?'. */
static bool pdn_date_form(const char *v)
{
    if (strlen(v) != 10 || v[4] != '.' || v[7] != '.') return false;
    return strspn(v, "0123456789?.") == 10;
}

/* A Date tag fix wrote otherwise: in PDN's form, from a value that was not,
 * with the same year. */
static void same_date(const char *plain, const char *fixed)
{
    if (strcmp(plain, fixed) == 0) return;
    redated++;
    assert_true(pdn_date_form(fixed));
    assert_false(pdn_date_form(plain));
    char year[5];
    memcpy(year, fixed, 4);
    year[4] = 0;
    assert_non_null(strstr(plain, year));
}

/* A tag of another language or case that fix writes under the standard
 * name (man 3 libpdn, pdn_game_tag): gone from the fixed game, whose
 * standard tag has its value (Result's may be respelt). */
static void renamed_tag(const struct pdn_tag *t, const pdn_game *fixed)
{
    static const char *const names[][2] = {
        {"Bianco", "White"},  {"Nero", "Black"},        {"Risultato", "Result"},
        {"Blanc", "White"},   {"Noir", "Black"},        {"Manche", "Round"},
        {"RESULT", "Result"}, {"Gametype", "GameType"}, {"Fen", "FEN"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(t->name, names[i][0]) != 0) continue;
        const char *standard = pdn_game_tag(fixed, names[i][1]);
        assert_non_null(standard);
        if (strcmp(names[i][1], "Result") != 0) assert_string_equal(standard, t->value);
        renamed++;
        return;
    }
    print_message("tag '%s' lost by fix\n", t->name);
    fail();
}

/* Every tag the same, Result apart, Date but for its repair, and the tags
 * of another language renamed. */
static void same_tags(const pdn_game *a, const pdn_game *b)
{
    uint32_t j = 0;
    for (uint32_t k = 0; k < a->ntags; k++) {
        if (j == b->ntags || strcmp(a->tags[k].name, b->tags[j].name) != 0) {
            renamed_tag(&a->tags[k], b);
            continue;
        }
        if (strcmp(a->tags[k].name, "Date") == 0)
            same_date(a->tags[k].value, b->tags[j].value);
        else if (strcmp(a->tags[k].name, "Result") != 0)
            assert_string_equal(a->tags[k].value, b->tags[j].value);
        j++;
    }
    assert_int_equal(j, b->ntags);
}

/* pdnfmt's output with and without fix read back: the same but for the
 * repairs. */
static void fix_changes_only_repairs(const char *data, size_t len, bool no_normalise)
{
    struct games gs, plain, fixed;
    read_games(&gs, data, len);
    char *a = format_all(&gs, false, no_normalise, NULL);
    char *b = format_all(&gs, true, no_normalise, NULL);
    read_games(&plain, a, strlen(a));
    read_games(&fixed, b, strlen(b));
    assert_int_equal(plain.n, gs.n);
    assert_int_equal(fixed.n, gs.n);
    for (size_t i = 0; i < gs.n; i++) {
        same_tags(plain.v[i], fixed.v[i]);
        same_line(&plain.v[i]->main, &fixed.v[i]->main);
    }
    free(a);
    free(b);
    free_games(&gs);
    free_games(&plain);
    free_games(&fixed);
}

/* Checks every .pdn file under a folder; returns how many. */
static size_t check_tree(const char *folder)
{
    DIR *dir = opendir(folder);
    if (dir == NULL) print_error("cannot open %s (run from the project root)\n", folder);
    assert_non_null(dir);
    size_t done = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        char path[1024];
        struct stat st;
        if (e->d_name[0] == '.') continue;
        assert_true(snprintf(path, sizeof path, "%s/%s", folder, e->d_name) < (int)sizeof path);
        assert_int_equal(stat(path, &st), 0);
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) {
            done += check_tree(path);
        } else if (n > 4 && strcmp(e->d_name + n - 4, ".pdn") == 0) {
            size_t len = 0;
            char *data = fix_slurp(path, &len);
            assert_non_null(data);
            fix_changes_only_repairs(data, len, false);
            fix_changes_only_repairs(data, len, true);
            free(data);
            done++;
        }
    }
    closedir(dir);
    return done;
}

static void test_format_fix_changes_only_repairs_real_files(void **state)
{
    (void)state;
    renumbered = redated = renamed = 0;
    size_t files = check_tree("tests/data");
    assert_true(renamed > 0); /* Campionato Assoluto 2005's Bianco, Nero, Risultato */
    assert_true(files > 0);
    assert_true(redated > 0); /* the real files have dates written otherwise */
    /* The real files have wrong move numbers (pdncheck's move-number): the
     * comparison saw repairs, it did not pass for want of any. */
    assert_true(renumbered > 0);
    print_message("  %zu files: with fix the same games, moves, comments and tags; "
                  "%u moves numbered otherwise, %u dates, %u tags renamed\n",
                  files, renumbered / 2, redated / 2, renamed / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_fix_move_number_at_its_place),
        cmocka_unit_test(test_format_fix_kept_number_is_no_count),
        cmocka_unit_test(test_format_fix_number_of_a_stop_kept),
        cmocka_unit_test(test_format_fix_variation_moved_after_the_move_it_replaces),
        cmocka_unit_test(test_format_fix_variation_not_moved_on_a_doubt),
        cmocka_unit_test(test_format_variation_misplaced_kept_as_counted),
        cmocka_unit_test(test_format_fix_result_from_tag_or_terminator),
        cmocka_unit_test(test_format_fix_result_past_a_nameless_tag),
        cmocka_unit_test(test_format_fix_renamed_tag_not_kept_twice),
        cmocka_unit_test(test_format_fix_no_guess),
        cmocka_unit_test(test_format_fix_result_from_position),
        cmocka_unit_test(test_format_fix_capture_dash),
        cmocka_unit_test(test_format_fix_plain_capture_by_its_separator),
        cmocka_unit_test(test_format_fix_date),
        cmocka_unit_test(test_format_fix_date_orders),
        cmocka_unit_test(test_format_fix_changes_only_repairs_real_files),
    };
    return cmocka_run_group_tests_name("format_fix", tests, NULL, NULL);
}
