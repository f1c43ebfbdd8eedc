/*
 * pdn_date_orders_read_fd, a file's orders read by threads on its parts,
 * against the scan of its whole text by one (pdn_date_orders_add_text,
 * itself checked against the games by test_date_orders): every game of
 * every corpus file (corpus_files.h) settled alike, whatever the threads
 * and the size of the parts; texts made to be cut where the parts are
 * hardest to start (lines ended by CR alone, a CR inside a line, tags and
 * moves on one line, long lines); and the first look, at the bytes, finds
 * a date that could be swapped wherever the parts cut it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "corpus_files.h"
#include "date_orders.h"
#include "games_io.h"

#include <unistd.h>

/* text[0, len) in a temporary file, open for reading. */
static int file_of(const char *text, size_t len)
{
    char path[] = "/tmp/test_date_orders_read.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unlink(path);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    return fd;
}

/* The orders of text read whole by one scan: rc through *rc. */
static pdn_date_orders *scanned(const char *text, size_t len, int *rc)
{
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_new(&orders), 0);
    *rc = pdn_date_orders_add_text(orders, text, len, false);
    if (*rc == 0) *rc = pdn_date_orders_add_text(orders, NULL, 0, true);
    return orders;
}

static bool any_date_swappable(const struct games *gs)
{
    for (size_t i = 0; i < gs->n; i++)
        if (pdn_date_swappable(pdn_game_tag(gs->v[i], "Date"))) return true;
    return false;
}

/* What the parts read settles as the whole scan does, for each game; NULL
 * only where no game's date could be swapped; refused as undecoded only
 * where the scan is. */
static void assert_parts_as_scan(const char *what, const char *text, size_t len, int threads,
                                 size_t part_bytes)
{
    int fd = file_of(text, len), scan_rc;
    pdn_date_orders *whole = scanned(text, len, &scan_rc), *parts = NULL;
    int rc = date_orders_read_parts(&parts, fd, 0, threads, part_bytes);
    struct games gs;
    read_games(&gs, text, len);
    if (rc == PDN_EENCODING) {
        assert_int_equal(scan_rc, PDN_EENCODING);
    } else {
        assert_int_equal(rc, 0);
        if (parts == NULL) assert_false(any_date_swappable(&gs));
        /* the same table, not only the same answers for these games */
        if (parts && scan_rc == 0) assert_true(date_orders_same(whole, parts));
        for (size_t i = 0; parts && scan_rc == 0 && i < gs.n; i++) {
            bool by_file_a, by_file_b;
            enum date_order a = date_orders_settled(whole, gs.v[i], &by_file_a);
            enum date_order b = date_orders_settled(parts, gs.v[i], &by_file_b);
            if (a != b || by_file_a != by_file_b)
                print_error("%s, %d threads, parts of %zu: game %zu: %d%s whole, %d%s by parts\n",
                            what, threads, part_bytes, i + 1, (int)a, by_file_a ? " (file)" : "",
                            (int)b, by_file_b ? " (file)" : "");
            assert_int_equal(a, b);
            assert_int_equal(by_file_a, by_file_b);
        }
    }
    free_games(&gs);
    pdn_date_orders_free(parts);
    pdn_date_orders_free(whole);
    close(fd);
}

static const int threads_tried[] = {1, 2, 3, 7};
static const size_t parts_tried[] = {64, 100, 333, 4096};

static void assert_parts_as_scan_all_ways(const char *what, const char *text, size_t len)
{
    for (size_t t = 0; t < sizeof threads_tried / sizeof threads_tried[0]; t++)
        for (size_t p = 0; p < sizeof parts_tried / sizeof parts_tried[0]; p++)
            assert_parts_as_scan(what, text, len, threads_tried[t], parts_tried[p]);
}

static void test_date_orders_read_corpus(void **state)
{
    (void)state;
    for (size_t i = 0; i < CORPUS_FILES; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/%s", corpus_files[i].path);
        size_t len;
        char *text = slurp(path, &len);
        assert_parts_as_scan_all_ways(path, text, len);
        free(text);
    }
}

/* n games of event, each with date, tag lines ended by end, the moves
 * after sep (a line end, or blanks: on the tags' line). */
static void append_games(char **buf, size_t *len, size_t n, const char *event, const char *date,
                         const char *end, const char *sep)
{
    static const char form[] = "[Event \"%s\"]%s[Date \"%s\"]%s1. 32-28 19-23 *%s%s";
    for (size_t i = 0; i < n; i++) {
        int w = snprintf(NULL, 0, form, event, end, date, sep, end, end);
        assert_true(w > 0);
        *buf = realloc(*buf, *len + (size_t)w + 1);
        assert_non_null(*buf);
        snprintf(*buf + *len, (size_t)w + 1, form, event, end, date, sep, end, end);
        *len += (size_t)w;
    }
}

/* Texts where a part may start at few places, or none. */
static void test_date_orders_read_hard_cuts(void **state)
{
    (void)state;
    static const struct {
        const char *what, *end, *sep;
    } forms[] = {
        {"LF", "\n", "\n"},
        {"CRLF", "\r\n", "\r\n"},
        {"CR alone", "\r", "\r"},
        {"moves on the tags' line", "\n", " "},
        {"a CR inside the moves' line", "\n", "\n1. 32-28\r"},
        {"an LF inside CR lines", "\r", "\r\n"},
        {"a long moves line", "\n",
         "\n1. 32-28 19-23 2. 37-32 14-19 3. 41-37 10-14 4. 46-41 5-10 5. 31-26 17-21 "
         "6. 26x17 11x22 7. 36-31 21-26 8. 31-27 22x31 "},
    };
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        char *text = NULL;
        size_t len = 0;
        /* A's dates day first, B's swappable: settled by A's only in
         * another part; C's month first */
        append_games(&text, &len, 5, "A", "13.03.2003", forms[f].end, forms[f].sep);
        append_games(&text, &len, 5, "B", "10.03.2003", forms[f].end, forms[f].sep);
        append_games(&text, &len, 3, "C", "03.14.2003", forms[f].end, forms[f].sep);
        append_games(&text, &len, 4, "B", "11.03.2003", forms[f].end, forms[f].sep);
        append_games(&text, &len, 3, "A", "14.03.2003", forms[f].end, forms[f].sep);
        assert_parts_as_scan_all_ways(forms[f].what, text, len);
        free(text);
    }
}

/* A tag after a CR inside a line of moves: the scan skipping moves reads
 * it as a tag line (its game has a date and no event, month first, which
 * makes the file's order, and so B's, no longer day first), the scan
 * reading lines as a line of moves. No part may start at such a line:
 * with the one such tag in each game in turn, parts of every size. */
static void test_date_orders_read_cr_inside(void **state)
{
    (void)state;
    const char *plain = "\n1. 32-28 19-23\n2. 37-32 14-19 ",
               *hidden = "\n1. 32-28 19-23\n2. 37-32\r[Date \"03.14.2003\"] 14-19 ";
    for (size_t j = 0; j < 8; j++) {
        char *text = NULL;
        size_t len = 0;
        append_games(&text, &len, j, "A", "13.03.2003", "\n", plain);
        append_games(&text, &len, 1, "A", "13.03.2003", "\n", hidden);
        append_games(&text, &len, 8 - j, "A", "13.03.2003", "\n", plain);
        append_games(&text, &len, 2, "B", "10.03.2003", "\n", plain);
        int rc;
        pdn_date_orders *whole = scanned(text, len, &rc);
        struct games gs;
        read_games(&gs, text, len);
        bool by_file;
        const pdn_game *b = gs.v[gs.n - 1];
        assert_string_equal(pdn_game_tag(b, "Event"), "B");
        assert_int_equal(date_orders_settled(whole, b, &by_file), DATE_NO_ORDER);
        free_games(&gs);
        pdn_date_orders_free(whole);
        for (size_t p = 64; p < 400; p += 7)
            for (int threads = 2; threads <= 4; threads++)
                assert_parts_as_scan("a tag after a CR inside moves", text, len, threads, p);
        free(text);
    }
}

/* A line of moves longer than the pieces read (64 kB): no part starts at
 * it, and the lines after it are looked at still. */
static void test_date_orders_read_long_line(void **state)
{
    (void)state;
    size_t long_len = 70000;
    char *sep = malloc(long_len + 16);
    assert_non_null(sep);
    strcpy(sep, "\n{");
    memset(sep + 2, 'x', long_len);
    strcpy(sep + 2 + long_len, "}\n");
    char *text = NULL;
    size_t len = 0;
    append_games(&text, &len, 2, "A", "13.03.2003", "\n", sep);
    append_games(&text, &len, 3, "B", "10.03.2003", "\n", "\n");
    append_games(&text, &len, 2, "A", "14.03.2003", "\n", sep);
    append_games(&text, &len, 3, "B", "11.03.2003", "\n", "\n");
    for (int threads = 2; threads <= 5; threads++)
        for (size_t p = 64; p < 200000; p *= 7)
            assert_parts_as_scan("a line longer than a piece", text, len, threads, p);
    free(text);
    free(sep);
}

/* One date that could be swapped among hundreds that could not, at each
 * place: the first look finds it however the parts cut the file. */
static void test_date_orders_read_first_look(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    append_games(&text, &len, 40, "A", "2003.03.13", "\n", "\n");
    size_t game_len = len / 40;
    for (size_t at = 0; at < 40; at += 3) {
        memcpy(text + at * game_len + sizeof "[Event \"A\"]\n[Date \"" - 1, "10.03.2003", 10);
        int fd = file_of(text, len);
        for (size_t p = 64; p < 400; p += 37)
            for (int threads = 2; threads <= 8; threads += 3) {
                pdn_date_orders *orders = NULL;
                assert_int_equal(date_orders_read_parts(&orders, fd, 0, threads, p), 0);
                assert_non_null(orders);
                pdn_date_orders_free(orders);
            }
        close(fd);
        memcpy(text + at * game_len + sizeof "[Event \"A\"]\n[Date \"" - 1, "2003.03.13", 10);
    }
    /* none: no table */
    int fd = file_of(text, len);
    pdn_date_orders *orders = (pdn_date_orders *)1;
    assert_int_equal(date_orders_read_parts(&orders, fd, 0, 4, 64), 0);
    assert_null(orders);
    close(fd);
    free(text);
}

/* A game of event A whose Date tag is [Date "value"gap], lines ended by
 * end: blanks between the value's quote and the ']' (the scan reads past
 * them, but no line end). */
static void append_game_closed(char **buf, size_t *len, const char *end, const char *value,
                               const char *gap)
{
    static const char form[] = "[Event \"A\"]%s[Date \"%s\"%s]%s1. 32-28 *%s%s";
    size_t w = sizeof form + 4 * strlen(end) + strlen(value) + strlen(gap);
    *buf = realloc(*buf, *len + w);
    assert_non_null(*buf);
    *len += (size_t)snprintf(*buf + *len, w, form, end, value, gap, end, end, end);
}

/* The second look finds a date by the ']' after its quote: a date that
 * shows an order, escaped or not, with blanks before its ']' (more than
 * the pieces overlap by, or a line end that is none: the scan reads no
 * tag there), wherever the parts and their pieces cut it, settles the
 * dates that could be swapped around it as the scan does. */
static void test_date_orders_read_bracket_gaps(void **state)
{
    (void)state;
    static const char *const ends[] = {"\n", "\r\n", "\r"};
    static const char *const gaps[] = {
        "",
        " ",
        "\t",
        "\r",
        "\n",
        " \f\v\t",
        "                ",
        "                 ",
        "                                                            "};
    static const char *const values[] = {"13.03.2003", "13\\.03.2003", "1\\3.03.200\\3"};
    for (size_t e = 0; e < sizeof ends / sizeof ends[0]; e++)
        for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++)
            for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
                for (size_t before = 0; before < 4; before++) {
                    char *text = NULL;
                    size_t len = 0;
                    append_games(&text, &len, before, "A", "10.03.2003", ends[e], ends[e]);
                    append_game_closed(&text, &len, ends[e], values[v], gaps[g]);
                    append_games(&text, &len, 3, "A", "11.03.2003", ends[e], ends[e]);
                    for (size_t p = 64; p < 400; p += 37)
                        for (int threads = 1; threads <= 3; threads += 2)
                            assert_parts_as_scan("a date's ']' after blanks", text, len, threads,
                                                 p);
                    free(text);
                }
}

/* The first look's quick test of a value (date_orders_read.c,
 * may_open_swappable) against pdn_date_swappable: values near a date that
 * could be swapped, each a character or a few changed (a NUL among them:
 * the value as read ends there), found exactly when swappable. */
static void test_date_orders_read_first_look_values(void **state)
{
    (void)state;
    static const char *const forms[] = {"10.03.2003", "1.3.2003",   "10-3-2003",
                                        "2003.03.10", "13.03.2003", "1/03/2?03"};
    static const char alphabet[] = "0123456789?.-/x \\";
    uint32_t seed = 12345;
    size_t found = 0, tried = 3000;
    for (size_t t = 0; t < tried; t++) {
        char value[32];
        size_t len = strlen(strcpy(value, forms[t % 6]));
        for (size_t edits = t % 4; edits > 0 && len > 0; edits--) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % len;
            char c = (seed >> 20) % 9 == 0 ? '\0' : alphabet[(seed >> 12) % (sizeof alphabet - 1)];
            int how = (int)((seed >> 4) % 3);
            if (how == 0) value[at] = c; /* replaced */
            if (how == 1 && len < 20)
                memmove(value + at + 1, value + at, len++ - at), value[at] = c;
            if (how == 2) memmove(value + at, value + at + 1, len-- - at);
        }
        char text[96];
        int w = snprintf(text, sizeof text, "[Event \"A\"]\n[Date \"%s", "");
        memcpy(text + w, value, len);
        w += (int)len;
        w += snprintf(text + w, sizeof text - (size_t)w, "\"]\n1. 32-28 *\n");
        int fd = file_of(text, (size_t)w);
        pdn_date_orders *orders = NULL;
        assert_int_equal(date_orders_read_parts(&orders, fd, 0, 1, 1 << 20), 0);
        value[len] = '\0';
        if ((orders != NULL) != pdn_date_swappable(value))
            print_error("value \"%s\" (%zu bytes)\n", value, len);
        assert_int_equal(orders != NULL, pdn_date_swappable(value));
        found += orders != NULL;
        pdn_date_orders_free(orders);
        close(fd);
    }
    assert_true(found > tried / 10 && found < tried - tried / 10);
}

/* A step of a xorshift generator: the random texts' choices, the same at
 * each run. */
static unsigned next_choice(uint64_t *state, unsigned n)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (unsigned)(*state % n);
}

#define PICK(state, list) list[next_choice(state, sizeof list / sizeof list[0])]

/* Random texts of tag lines and moves (names that are or are not a date's,
 * values that show an order or not, escaped, with blanks or line ends
 * before their ']', two tags on a line, '[', ']' and quotes in the moves):
 * the parts read them as the whole scan does. */
static void test_date_orders_read_random(void **state)
{
    (void)state;
    static const char *const names[] = {"Date", "date", "Event", "White", "Datum", "Round"};
    static const char *const values[] = {
        "13.03.2003", "10.03.2003", "03.14.2003",  "13\\.03.2003", "1\\3.03.200\\3", "2003.03.13",
        "A",          "B",          "C \\\"x\\\"", "1-0",          "13.03.2003\\\\", ""};
    static const char *const gaps[] = {"", "", " ", "\t", "\r", "\n", "                    "};
    static const char *const ends[] = {"\n", "\r\n", "\r"};
    static const char *const moves[] = {
        "1. 32-28 19-23 *", "1. 32-28 {a [b] \"c\" 13.03.2003\"]} *",
        "[Date \"13.03.2003\"] 1. 32-28", "1. 32-28\r[Date \"03.14.2003\"] 2. 37-32 *"};
    uint64_t choice = 88172645463325252u;
    char *text = malloc(1 << 16);
    assert_non_null(text);
    for (int round = 0; round < 150; round++) {
        size_t len = 0;
        const char *end = PICK(&choice, ends);
        for (unsigned g = 1 + next_choice(&choice, 8); g > 0; g--) {
            for (unsigned t = 1 + next_choice(&choice, 4); t > 0; t--) {
                for (unsigned k = 1 + (next_choice(&choice, 6) == 0); k > 0; k--)
                    len += (size_t)sprintf(text + len, "[%s \"%s\"%s]", PICK(&choice, names),
                                           PICK(&choice, values), PICK(&choice, gaps));
                len += (size_t)sprintf(text + len, "%s", end);
            }
            len += (size_t)sprintf(text + len, "%s%s%s", end, PICK(&choice, moves), end);
        }
        for (size_t p = 64; p < 400; p += 53)
            for (int threads = 1; threads <= 3; threads += 2)
                assert_parts_as_scan("a random text", text, len, threads, p);
    }
    free(text);
}

/* Whether the first look over text finds a date that could be swapped,
 * the same for each way the parts cut it. */
static bool first_look_finds(const char *text, size_t len)
{
    int fd = file_of(text, len);
    int found = -1;
    for (size_t p = 64; p < 400; p += 37)
        for (int threads = 1; threads <= 7; threads += 3) {
            pdn_date_orders *orders = NULL;
            assert_int_equal(date_orders_read_parts(&orders, fd, 0, threads, p), 0);
            if (found < 0) found = orders != NULL;
            assert_int_equal(orders != NULL, found);
            pdn_date_orders_free(orders);
        }
    close(fd);
    return found == 1;
}

/* A game whose Date tag is "[Date", then gap, then "value"]. */
static void append_game_gap(char **buf, size_t *len, const char *gap, const char *value)
{
    size_t w = strlen(gap) + strlen(value) + 64;
    *buf = realloc(*buf, *len + w);
    assert_non_null(*buf);
    *len += (size_t)snprintf(*buf + *len, w, "[Event \"A\"]\n[Date%s\"%s\"]\n1. 32-28 *\n\n", gap,
                             value);
}

/* A tag with more blanks or line ends between its name and value than a
 * piece holds before a quote (the reader reads [Date<20 blanks>"03.04.2019"]
 * as a Date, and [Date<line end>"03.04.2019"]): found wherever the parts
 * cut the file, and the same blanks after another name not. */
static void test_date_orders_read_first_look_blanks(void **state)
{
    (void)state;
    static const char *const gaps[] = {" ", "\t", "\r\n", "\n"};
    static const size_t runs[] = {17, 60, 300};
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++)
        for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
            char gap[301] = "";
            while (strlen(gap) + strlen(gaps[g]) <= runs[r])
                strcat(gap, gaps[g]);
            for (size_t at = 0; at < 12; at += 5) {
                char *text = NULL;
                size_t len = 0;
                append_games(&text, &len, at, "A", "2003.03.13", "\n", "\n");
                size_t tag = len + sizeof "[Event \"A\"]\n[" - 1;
                append_game_gap(&text, &len, gap, "10.03.2003");
                append_games(&text, &len, 12 - at, "A", "2003.03.13", "\n", "\n");
                assert_memory_equal(text + tag, "Date", 4);
                assert_true(first_look_finds(text, len));
                memcpy(text + tag, "Rond", 4);
                assert_false(first_look_finds(text, len));
                free(text);
            }
        }
}

/* From an offset (standard input read from where it stands), and what is
 * no regular file. */
static void test_date_orders_read_edges(void **state)
{
    (void)state;
    const char text[] = "[Event \"A\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n"
                        "[Event \"A\"]\n[Date \"10.03.2003\"]\n1. 32-28 *\n";
    int fd = file_of(text, sizeof text - 1);
    pdn_date_orders *orders;
    /* past the first game: the second's date has nothing to settle it */
    assert_int_equal(pdn_date_orders_read_fd(&orders, fd, 43, 2), 0);
    assert_non_null(orders);
    struct games gs;
    read_games(&gs, text, sizeof text - 1);
    bool by_file;
    assert_int_equal(date_orders_settled(orders, gs.v[1], &by_file), DATE_NO_ORDER);
    pdn_date_orders_free(orders);
    assert_int_equal(pdn_date_orders_read_fd(&orders, fd, 0, 2), 0);
    assert_int_equal(date_orders_settled(orders, gs.v[1], &by_file), DATE_DAY_FIRST);
    pdn_date_orders_free(orders);
    free_games(&gs);
    close(fd);
    int pipe_fds[2];
    assert_int_equal(pipe(pipe_fds), 0);
    assert_int_equal(pdn_date_orders_read_fd(&orders, pipe_fds[0], 0, 2), 0);
    assert_null(orders);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    assert_int_equal(pdn_date_orders_read_fd(NULL, 0, 0, 1), PDN_EINVAL);
}

/* A UTF-16 file's tag lines are no ASCII (NULs between the digits):
 * PDN_EENCODING, for the caller to read its games decoded, with or
 * without a byte order mark, from its start or a game further on; its
 * UTF-8 twin is read as ever. */
static void test_date_orders_read_wide_refused(void **state)
{
    (void)state;
    const char text[] = "[Event \"A\"]\n[Date \"13.03.2003\"]\n1. 32-28 *\n"
                        "[Event \"A\"]\n[Date \"10.03.2003\"]\n1. 32-28 *\n";
    size_t n = sizeof text - 1;
    char wide[2 + 2 * sizeof text];
    wide[0] = '\xFF', wide[1] = '\xFE';
    for (size_t i = 0; i < n; i++)
        wide[2 + 2 * i] = text[i], wide[3 + 2 * i] = '\0';
    int fd = file_of(wide, 2 + 2 * n);
    pdn_date_orders *orders;
    assert_int_equal(pdn_date_orders_read_fd(&orders, fd, 0, 1), PDN_EENCODING);
    assert_null(orders);
    assert_int_equal(pdn_date_orders_read_fd(&orders, fd, 2, 1), PDN_EENCODING);
    assert_int_equal(pdn_date_orders_read_fd(&orders, fd, 2 + 2 * 43, 1), PDN_EENCODING);
    close(fd);
    fd = file_of(text, n);
    assert_int_equal(pdn_date_orders_read_fd(&orders, fd, 0, 1), 0);
    assert_non_null(orders);
    pdn_date_orders_free(orders);
    close(fd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_date_orders_read_corpus),
        cmocka_unit_test(test_date_orders_read_hard_cuts),
        cmocka_unit_test(test_date_orders_read_cr_inside),
        cmocka_unit_test(test_date_orders_read_long_line),
        cmocka_unit_test(test_date_orders_read_bracket_gaps),
        cmocka_unit_test(test_date_orders_read_random),
        cmocka_unit_test(test_date_orders_read_first_look),
        cmocka_unit_test(test_date_orders_read_first_look_values),
        cmocka_unit_test(test_date_orders_read_first_look_blanks),
        cmocka_unit_test(test_date_orders_read_edges),
        cmocka_unit_test(test_date_orders_read_wide_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
