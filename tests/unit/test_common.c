/*
 * Unit tests of the helpers of the tools (cmd/common.c, options.c, report.c,
 * reading.c): the diagnostic line format, JSON Lines, the caret excerpt,
 * the exit status and the suggestions for a mistyped option (the output
 * file: test_output.c). The helpers are compiled in (tools are not a
 * library); _GNU_SOURCE first, as inputs.c has it, for realpath.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "../../cmd/common.c"
#include "../../cmd/options.c"
#include "../../cmd/reading.c"
#include "../../cmd/report.c"
#include "../../cmd/inputs.c"
#include "../../cmd/jobs.c"
#include "../../cmd/suggest.c"
#include "../../cmd/output.c"
#include "../../cmd/repeats.c"

/* What fn prints to a stream, as a string the caller frees. */
#define CAPTURE(buf, fp, call)                                                                     \
    do {                                                                                           \
        size_t len_;                                                                               \
        FILE *fp = open_memstream(&(buf), &len_);                                                  \
        assert_non_null(fp);                                                                       \
        call;                                                                                      \
        fclose(fp);                                                                                \
    } while (0)

static void expect_text(const struct pdn_diag *d, const char *want)
{
    char *got = NULL;
    CAPTURE(got, fp, tool_diag_text(fp, "pdncheck", d));
    assert_string_equal(got, want);
    free(got);
}

/* A finding with every part known, and its line. */
static const struct pdn_diag full_finding = {.code = PDN_DIAG_NONSTANDARD,
                                             .file = "games.pdn",
                                             .line = 17,
                                             .col = 9,
                                             .game = 3,
                                             .move_number = "12.",
                                             .text = "06-11",
                                             .detail = "zero-padded square"};
static const char full_finding_text[] = "games.pdn:17:9: warning: nonstandard form '06-11': "
                                        "zero-padded square (game 3, move 12.)\n";

/* A finding as text: its parts left out when unknown; with no file to
 * stand first the program's name does, as with compilers; control
 * characters escaped. */
static void test_common_diag_text(void **state)
{
    (void)state;
    static const struct {
        struct pdn_diag d;
        const char *want;
    } cases[] = {
        {{.code = PDN_DIAG_MISSING_RESULT, .file = "a.pdn", .line = 4, .game = 2},
         "a.pdn:4: warning: game ends without a result (game 2)\n"},
        {{.code = PDN_DIAG_MISSING_RESULT, .file = "a.pdn"},
         "a.pdn: warning: game ends without a result\n"},
        {{.code = PDN_DIAG_MISSING_RESULT, .move_number = "30..."},
         "pdncheck: warning: game ends without a result (move 30...)\n"},
        {{.code = PDN_DIAG_UNEXPECTED_CHAR,
          .file = "a\x1b.pdn",
          .line = 1,
          .col = 2,
          .text = "\x1b[2J\t\x7f\xC2\x9B"},
         "a\\x1b.pdn:1:2: error: unexpected text '\\x1b[2J\\t\\x7f\\u009b'\n"},
    };
    expect_text(&full_finding, full_finding_text);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_text(&cases[i].d, cases[i].want);
}

/* A finding's line as tool_diag_text wrote it before it built the message
 * in place: the message apart, then written escaped by tool_put_escaped. */
static char *diag_text_apart(const struct pdn_diag *d)
{
    char *msg = malloc(pdn_diag_message(NULL, 0, d) + 1), *got = NULL;
    assert_non_null(msg);
    pdn_diag_message(msg, pdn_diag_message(NULL, 0, d) + 1, d);
    CAPTURE(got, fp, {
        tool_put_escaped(fp, d->file, strlen(d->file), false);
        fprintf(fp, ":%lu:%lu: %s: ", (unsigned long)d->line, (unsigned long)d->col,
                pdn_severity_name(pdn_diag_severity(d->code)));
        tool_put_escaped(fp, msg, strlen(msg), false);
        fprintf(fp, " (game %zu)\n", d->game);
    });
    free(msg);
    return got;
}

/* The message written in place in the line and escaped from its first
 * byte to escape on, or built apart when it does not fit the room left:
 * the same line as the message built apart, for escapes at the start, in
 * the middle, at the end, and for messages and file names about as long
 * as the line's room (512 bytes) or longer. */
static void test_common_diag_text_message_in_place_or_apart(void **state)
{
    (void)state;
    static const char *const texts[] = {"plain", "\x01at start", "mid\tdle\xC2\x9B", "end\x7f",
                                        "\xE2\x80\xAE\x62idi\xE2\x82\xAC"}; /* \x62: b */
    static const size_t pads[] = {0, 400, 470, 490, 500, 520, 900};
    char file[1024], detail[1024];
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++)
        for (size_t f = 0; f < sizeof pads / sizeof *pads; f++)
            for (size_t k = 0; k < sizeof pads / sizeof *pads; k++) {
                snprintf(file, sizeof file, "%0*d.pdn", (int)pads[f] + 1, 7);
                memset(detail, 'x', pads[k]);
                strcpy(detail + pads[k], texts[t]);
                struct pdn_diag d = {.code = PDN_DIAG_BAD_DATE,
                                     .file = file,
                                     .line = 12,
                                     .col = 3,
                                     .game = 4,
                                     .text = texts[t],
                                     .detail = detail};
                char *want = diag_text_apart(&d), *got = NULL;
                CAPTURE(got, fp, tool_diag_text(fp, "pdncheck", &d));
                assert_string_equal(got, want);
                free(want);
                free(got);
            }
}

static void test_common_diag_json(void **state)
{
    (void)state;
    struct pdn_diag d = {.code = PDN_DIAG_DUPLICATE_TAG,
                         .file = "a\"b.pdn",
                         .line = 2,
                         .col = 1,
                         .game = 1,
                         .text = "Ev\\ent\n\x01"};
    char *got = NULL;
    CAPTURE(got, fp, tool_diag_json(fp, &d));
    assert_string_equal(
        got, "{\"type\":\"finding\",\"file\":\"a\\\"b.pdn\",\"line\":2,\"column\":1,\"game\":1,"
             "\"move\":null,\"severity\":\"warning\",\"code\":\"duplicate-tag\","
             "\"message\":\"duplicate tag 'Ev\\\\ent\\n\\u0001'\","
             "\"text\":\"Ev\\\\ent\\n\\u0001\"}\n");
    free(got);
}

/* Escaped text and the columns it takes: plain ASCII, UTF-8, tabs (kept
 * or not), C0, DEL and C1 controls, on either side of an eight-byte word's
 * edge, and a text longer than a finding's line buffer. */
static void test_common_escaped_text_and_columns(void **state)
{
    (void)state;
    char long_in[602], long_out[606];
    memset(long_in, 'a', 600);
    strcpy(long_in + 600, "\x01");
    memcpy(long_out, long_in, 600);
    strcpy(long_out + 600, "\\x01");
    static const char euros[] = "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC";
    const struct {
        const char *in;
        bool keep_tabs;
        const char *want;
        size_t cols;
    } cases[] = {
        {"abcdefghijklmnop", false, "abcdefghijklmnop", 16},
        {"abcdefg\xC3\xA9hijklmnopq", false, "abcdefg\xC3\xA9hijklmnopq", 18},
        {"abcdefgh\tijklmnop", false, "abcdefgh\\tijklmnop", 18},
        {"abcdefgh\tijklmnop", true, "abcdefgh\tijklmnop", 17},
        {"abcdefg\xC2\x85hijklmnop", false, "abcdefg\\u0085hijklmnop", 22},
        {"abcdefg\xC2\xA0hijklmnop", false, "abcdefg\xC2\xA0hijklmnop", 17},
        {"abcdefg\x7fhijklmnop", false, "abcdefg\\x7fhijklmnop", 20},
        {euros, false, euros, 4},
        {long_in, false, long_out, 604},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = NULL;
        size_t cols = 0;
        const char *in = cases[i].in;
        CAPTURE(got, fp, cols = tool_put_escaped(fp, in, strlen(in), cases[i].keep_tabs));
        assert_string_equal(got, cases[i].want);
        assert_int_equal(cols, cases[i].cols);
        free(got);
    }
}

/* The bidirectional controls (Unicode's: U+061C, U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069) escaped in a finding's text, their
 * neighbours shown as they are; the same as the library's pdn_text_escape,
 * whose definition report.c shares (text_bidi_control). */
static void test_common_escapes_the_bidi_controls_as_the_library(void **state)
{
    (void)state;
    static const unsigned controls[] = {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C,
                                        0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069};
    static const unsigned others[] = {0x061B, 0x061D, 0x200D, 0x2010,
                                      0x2029, 0x202F, 0x2065, 0x206A};
    for (size_t k = 0; k < 2; k++) {
        const unsigned *cps = k == 0 ? controls : others;
        size_t n = k == 0 ? sizeof controls / sizeof *controls : sizeof others / sizeof *others;
        for (size_t i = 0; i < n; i++) {
            char in[8], want[16], lib[64], *got = NULL;
            if (cps[i] < 0x800)
                snprintf(in, sizeof in, "%c%c", 0xC0 | cps[i] >> 6, 0x80 | (cps[i] & 0x3F));
            else
                snprintf(in, sizeof in, "%c%c%c", 0xE0 | cps[i] >> 12, 0x80 | (cps[i] >> 6 & 0x3F),
                         0x80 | (cps[i] & 0x3F));
            if (k == 0)
                snprintf(want, sizeof want, "a\\u%04x", cps[i]);
            else
                snprintf(want, sizeof want, "a%s", in);
            char text[16];
            snprintf(text, sizeof text, "a%s", in);
            CAPTURE(got, fp, tool_put_escaped(fp, text, strlen(text), false));
            assert_string_equal(got, want);
            pdn_text_escape(lib, sizeof lib, text, strlen(text));
            assert_string_equal(lib, want);
            free(got);
        }
    }
}

/* tool_quote: an engine's text in quotes, valid UTF-8 on one line with no
 * brace (a PDN comment holds it), cut at a whole escape or character with
 * its length said. */
static void test_common_quote_text_from_a_program(void **state)
{
    (void)state;
    char q[TOOL_QUOTE_MAX], in[200], want[400];
    assert_string_equal(tool_quote(q, "32-28"), "'32-28'");
    assert_string_equal(tool_quote(q, ""), "''");
    assert_string_equal(tool_quote(q, "{a}'\\\x1b\xc3\xa9\xff"),
                        "'\\x7ba\\x7d\\x27\\x5c\\x1b\xc3\xa9\\xff'");
    /* Exactly TOOL_QUOTE_SHOWN bytes shown: whole, no "...". */
    memset(in, 'x', TOOL_QUOTE_SHOWN);
    in[TOOL_QUOTE_SHOWN] = '\0';
    snprintf(want, sizeof want, "'%s'", in);
    assert_string_equal(tool_quote(q, in), want);
    /* One byte more: the first TOOL_QUOTE_SHOWN, then the length. */
    strcat(in, "y");
    snprintf(want, sizeof want, "'%.*s'... (%d bytes)", TOOL_QUOTE_SHOWN, in, TOOL_QUOTE_SHOWN + 1);
    assert_string_equal(tool_quote(q, in), want);
    /* An escape or a brace that would pass the limit is left out whole, and
     * so is a character: never "\x0" or half an é. */
    const char *ends[] = {"\x01", "}", "\xc3\xa9"};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        memset(in, 'x', TOOL_QUOTE_SHOWN - 1);
        strcpy(in + TOOL_QUOTE_SHOWN - 1, ends[i]);
        snprintf(want, sizeof want, "'%.*s'... (%zu bytes)", TOOL_QUOTE_SHOWN - 1, in, strlen(in));
        assert_string_equal(tool_quote(q, in), want);
    }
    /* The longest: every byte an escape, the length of 20 digits fits. */
    memset(in, 0x01, sizeof in - 1);
    in[sizeof in - 1] = '\0';
    assert_true(strlen(tool_quote(q, in)) < TOOL_QUOTE_MAX);
}

/* An excerpt: the line, its control characters escaped, and a caret under
 * the column, the line's tabs kept so that it lines up on a terminal. */
static void test_common_excerpt_caret_under_column(void **state)
{
    (void)state;
    static const struct {
        unsigned line_number, col;
        const char *line, *want;
    } cases[] = {
        /* Column 4 is the '3' after "\té " (tab, two-byte é, space). */
        {7, 4, "\t\xC3\xA9 32-28\r\n", "     7 | \t\xC3\xA9 32-28\n       | \t  ^\n"},
        /* Column 5 is the '3': ESC (4 columns when escaped), then "a\t". */
        {3, 5, "\033a\t 32-28\r\n", "     3 | \\x1ba\t 32-28\n       |      \t ^\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = NULL;
        const char *line = cases[i].line;
        CAPTURE(got, fp,
                tool_diag_excerpt(fp, cases[i].line_number, line, strlen(line), cases[i].col));
        assert_string_equal(got, cases[i].want);
        free(got);
    }
}

static void test_common_exit_status(void **state)
{
    (void)state;
    struct tool t;
    tool_init(&t, "x", "");
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_CLEAN);
    t.findings[PDN_SEV_WARNING] = 2;
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_CLEAN);
    t.warnings_fail = true;
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_FINDINGS);
    t.status = TOOL_EXIT_SYSTEM;
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_SYSTEM);
}

static void test_common_on_diag_hidden_neither_printed_nor_counted(void **state)
{
    (void)state;
    struct tool t;
    char *got = NULL;
    tool_init(&t, "x", "");
    assert_true(tool_finding_option(&t, 'W', "error,no-nonstandard"));
    struct pdn_diag w = {.code = PDN_DIAG_NONSTANDARD}, m = {.code = PDN_DIAG_MISSING_RESULT};
    CAPTURE(got, fp, (t.findings_fp = fp, tool_on_diag(&w, &t)));
    assert_string_equal(got, "");
    free(got);
    assert_int_equal(t.findings[PDN_SEV_WARNING], 0);
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_CLEAN);
    CAPTURE(got, fp, (t.findings_fp = fp, tool_on_diag(&m, &t)));
    assert_string_equal(got, "x: warning: game ends without a result\n");
    free(got);
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_FINDINGS); /* -W error */
    assert_true(tool_finding_option(&t, 'w', NULL));
    assert_true(t.hidden[PDN_DIAG_MISSING_RESULT]);
    assert_false(tool_finding_option(&t, 'q', NULL));
}

static void test_common_system_error_json(void **state)
{
    (void)state;
    struct tool t;
    char *got = NULL;
    tool_init(&t, "x", "");
    assert_true(tool_finding_option(&t, TOOL_OPT_FORMAT, "json"));
    CAPTURE(got, fp, (t.findings_fp = fp, tool_system_error(&t, "a\"b.pdn", "No such file")));
    assert_string_equal(
        got, "{\"type\":\"error\",\"file\":\"a\\\"b.pdn\",\"message\":\"No such file\"}\n");
    free(got);
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_SYSTEM);
}

/* An unbuffered stream, as standard error is, that counts the write(2)
 * calls a message would cost and keeps what they wrote. */
struct counted {
    int writes;
    char text[512];
    size_t len;
};

static ssize_t counted_write(void *cookie, const char *buf, size_t n)
{
    struct counted *c = cookie;
    c->writes++;
    size_t room = sizeof c->text - 1 - c->len;
    memcpy(c->text + c->len, buf, n < room ? n : room);
    c->len += n < room ? n : room;
    c->text[c->len] = '\0';
    return (ssize_t)n;
}

static FILE *open_counted(struct counted *c)
{
    memset(c, 0, sizeof *c);
    FILE *fp = fopencookie(c, "w", (cookie_io_functions_t){.write = counted_write});
    assert_non_null(fp);
    setvbuf(fp, NULL, _IONBF, 0);
    return fp;
}

static void test_common_finding_is_one_write(void **state)
{
    (void)state;
    struct tool t;
    struct counted c;
    tool_init(&t, "x", "");
    t.findings_fp = open_counted(&c);
    tool_on_diag(&full_finding, &t);
    assert_int_equal(c.writes, 1);
    assert_string_equal(c.text, full_finding_text);
    tool_system_error(&t, "x.pdn", "No such file");
    assert_int_equal(c.writes, 1); /* text: system errors go to standard error */
    t.json = true;
    tool_system_error(&t, "x.pdn", "No such file");
    tool_on_diag(&full_finding, &t);
    assert_int_equal(c.writes, 3);
    fclose(t.findings_fp);
}

static void test_common_diag_copy_outlives_the_callback(void **state)
{
    (void)state;
    char file[] = "a.pdn", number[] = "30...", text[] = "28x17", detail[] = "two ways";
    struct pdn_diag d = {.code = PDN_DIAG_AMBIGUOUS_MOVE,
                         .file = file,
                         .line = 88,
                         .col = 15,
                         .game = 6,
                         .move_number = number,
                         .text = text,
                         .detail = detail};
    struct pdn_diag kept;
    char *strings = tool_diag_copy(&kept, &d);
    assert_non_null(strings);
    memset(file, 'z', 5), memset(number, 'z', 5), memset(text, 'z', 5), memset(detail, 'z', 8);
    assert_string_equal(kept.file, "a.pdn");
    assert_string_equal(kept.move_number, "30...");
    assert_string_equal(kept.text, "28x17");
    assert_string_equal(kept.detail, "two ways");
    assert_int_equal(kept.line, 88);
    assert_int_equal(kept.game, 6);
    free(strings);
    struct pdn_diag bare = {.code = PDN_DIAG_NOT_PDN};
    strings = tool_diag_copy(&kept, &bare);
    assert_non_null(strings);
    assert_null(kept.file);
    assert_null(kept.move_number);
    assert_null(kept.text);
    assert_null(kept.detail);
    free(strings);
}

/* ---- a tool's own options as data ---- */

struct asked {
    bool flag, unflag, letter_only;
    unsigned bits;
    enum pdn_variant variant;
    const char *text;
    int number;
    long big;
    int calls;
    const char *called_with;
    double wait;
    enum pdn_variant game;
};

static void count_call(struct tool *t, void *state, const char *arg)
{
    (void)t;
    struct asked *a = state;
    a->calls++;
    a->called_with = arg;
}

static const struct tool_option asked_options[] = {
    TOOL_FLAG('f', "flag", struct asked, flag),
    TOOL_UNFLAG(0, "no-unflag", struct asked, unflag),
    TOOL_BITS(0, "two", struct asked, bits, 2),
    TOOL_BITS(0, "eight", struct asked, bits, 8),
    TOOL_VALUE(0, "russian", struct asked, variant, PDN_VARIANT_RUSSIAN),
    TOOL_TEXT('o', "output", struct asked, text),
    TOOL_INT(0, "level", struct asked, number, 1, 4),
    TOOL_LONG('n', "nodes", struct asked, big, 0, 1L << 40),
    TOOL_CALL(0, "analyse", no_argument, count_call),
    TOOL_CALL(0, "analyze", no_argument, count_call),
    TOOL_SECONDS(0, "wait", struct asked, wait, 1, 60),
    TOOL_VARIANT(0, "game", struct asked, game),
    TOOL_FLAG('s', NULL, struct asked, letter_only),
    {NULL, 0, 0, 0, 0, 0, 0, NULL},
};

/* Parses words (argv without the program) by asked_options and the help
 * part; returns optind. */
static int parse_asked(struct tool *t, struct asked *a, char **words, int n)
{
    static const struct tool_option_part *const parts[] = {&tool_help_part, NULL};
    char *argv[24] = {"x"};
    for (int i = 0; i < n; i++)
        argv[i + 1] = words[i];
    optind = 0; /* glibc: start afresh */
    tool_parse_options(t, a, asked_options, parts, n + 1, argv);
    return optind;
}

static void test_common_parse_options_does_what_each_entry_says(void **state)
{
    (void)state;
    struct tool t;
    tool_init(&t, "x", "");
    struct asked a = {.unflag = true};
    char *words[] = {"-f",      "--no-unflag", "--two", "--eight",       "--russian", "-o",
                     "out.pdn", "--level=3",   "-n",    "1099511627776", "--analyse", "--analyz",
                     "-s",      "--wait",      "30",    "--game=25",     "file",      NULL};
    int first = parse_asked(&t, &a, words, 17);
    assert_true(a.flag);
    assert_false(a.unflag);
    assert_int_equal(a.bits, 10);
    assert_int_equal(a.variant, PDN_VARIANT_RUSSIAN);
    assert_string_equal(a.text, "out.pdn");
    assert_int_equal(a.number, 3);
    assert_true(a.big == 1L << 40);
    assert_int_equal(a.calls, 2); /* a call without an argument is given none */
    assert_null(a.called_with);
    assert_true(a.letter_only);
    assert_true(a.wait == 30.0);
    assert_int_equal(a.game, PDN_VARIANT_RUSSIAN); /* by its GameType number */
    assert_string_equal(words[first - 1], "file"); /* operands are left after optind */
    assert_non_null(t.long_options);
    assert_string_equal(t.long_options[0].name, "flag"); /* own first, then the parts */
    assert_string_equal(t.long_options[12].name, "help");
}

static void test_common_parse_options_two_names_of_one_deed_share_a_prefix(void **state)
{
    (void)state;
    struct tool t;
    tool_init(&t, "x", "");
    struct asked a = {0};
    char *words[] = {"--ana", NULL}; /* --analyse and --analyze: not ambiguous */
    parse_asked(&t, &a, words, 1);
    assert_int_equal(a.calls, 1);
}

static void test_common_keyword_and_variant_list(void **state)
{
    (void)state;
    struct tool t;
    tool_init(&t, "x", "");
    static const char *const names[] = {"keep", "comment", "verbatim", NULL};
    assert_int_equal(tool_parse_keyword(&t, "--broken", "verbatim", names, "..."), 2);
    assert_int_equal(tool_parse_keyword(&t, "--broken", "keep", names, "..."), 0);
    assert_int_equal(tool_parse_variant(&t, "russian"), PDN_VARIANT_RUSSIAN);
    assert_int_equal(tool_parse_variant(&t, "21"), PDN_VARIANT_ENGLISH);
    char list[512];
    tool_variant_list(list, sizeof list, false);
    assert_string_equal(list, "international (20), brazilian (26), russian (25), english (21), "
                              "czech (29) or italian (22)");
}

/* ---- what a mistyped option was meant to be ---- */

static const struct option suggest_options[] = {
    {"crosstable", no_argument, NULL, 1},  {"strict", no_argument, NULL, 2},
    {"site", required_argument, NULL, 3},  {"summary", required_argument, NULL, 4},
    {"depth", required_argument, NULL, 5}, {NULL, 0, NULL, 0},
};

static const char *suggest(const char *typed)
{
    static char hint[256];
    static const struct tool_renamed renamed[] = {{"--fen", "--position FEN"}, {NULL, NULL}};
    struct tool t;
    tool_init(&t, "pdnstats", "");
    t.long_options = suggest_options;
    t.renamed = renamed;
    return tool_suggest_option(hint, sizeof hint, &t, typed) ? hint : NULL;
}

/* What a mistyped option was meant to be: a swap or a slip is one edit;
 * a prefix of several is ambiguous; a renamed option says what it is now;
 * nothing far (a short word is one edit from many: only one is allowed). */
static void test_common_suggest_by_table(void **state)
{
    (void)state;
    static const struct {
        const char *typed, *want; /* want NULL: no suggestion */
    } cases[] = {
        {"--crosstabel", "did you mean '--crosstable'?"},
        {"--crostable", "did you mean '--crosstable'?"},
        {"--dpeth=3", "did you mean '--depth'?"},
        {"--s", "could be '--strict', '--site' or '--summary'"},
        {"--fen", "now --position FEN"},
        {"--xyzzy", NULL},
        {"-x", NULL},
        {"--", NULL},
        {"--dx", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = suggest(cases[i].typed);
        if (!cases[i].want != !got || (got && strcmp(got, cases[i].want) != 0))
            fail_msg("%s: got %s", cases[i].typed, got ? got : "nothing");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_common_diag_text),
        cmocka_unit_test(test_common_diag_text_message_in_place_or_apart),
        cmocka_unit_test(test_common_diag_json),
        cmocka_unit_test(test_common_escaped_text_and_columns),
        cmocka_unit_test(test_common_escapes_the_bidi_controls_as_the_library),
        cmocka_unit_test(test_common_quote_text_from_a_program),
        cmocka_unit_test(test_common_excerpt_caret_under_column),
        cmocka_unit_test(test_common_exit_status),
        cmocka_unit_test(test_common_on_diag_hidden_neither_printed_nor_counted),
        cmocka_unit_test(test_common_system_error_json),
        cmocka_unit_test(test_common_finding_is_one_write),
        cmocka_unit_test(test_common_diag_copy_outlives_the_callback),
        cmocka_unit_test(test_common_parse_options_does_what_each_entry_says),
        cmocka_unit_test(test_common_parse_options_two_names_of_one_deed_share_a_prefix),
        cmocka_unit_test(test_common_keyword_and_variant_list),
        cmocka_unit_test(test_common_suggest_by_table),
    };
    return cmocka_run_group_tests_name("common", tests, NULL, NULL);
}
