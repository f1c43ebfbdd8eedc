/*
 * Unit tests of the text facts (lib/text.h): UTF-8 counting and cutting,
 * the table of Unicode blanks and dashes and the scanner of move text built
 * on it, the result spellings, the public pair pdn_text_width and
 * pdn_text_prefix, and the agreement the module exists for: every dash it
 * takes is taken alike by the reader and replay (pdncheck), by the writer
 * as pdnfmt runs it, and by pdn_move_match; every non-dash is refused by
 * all three; and the hop-by-hop test (text_hop_*) the writer asks, against
 * what the reader joins; text_escape, which shows names on a terminal.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lexer.h"
#include "text.h"
#include "text_width_table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The UTF-8 bytes of code point cp into out; their count. */
static size_t encode(char out[4], uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The piece the scanner sees in the encoding of cp alone. */
static struct text_piece piece_of(uint32_t cp, size_t *len)
{
    char buf[4];
    *len = encode(buf, cp);
    return text_piece_at((const unsigned char *)buf, *len);
}

static bool is_surrogate(uint32_t cp)
{
    return cp >= 0xD800 && cp <= 0xDFFF;
}

/* ---- UTF-8 ------------------------------------------------------------------ */

static void test_text_utf8_count(void **state)
{
    (void)state;
    assert_int_equal(text_utf8_count("", 0), 0);
    assert_int_equal(text_utf8_count("32-28", 5), 5);
    assert_int_equal(text_utf8_count("Andr\xc3\xa9", 6), 5);
    assert_int_equal(text_utf8_count("32\xe2\x80\x93"
                                     "28",
                                     7),
                     5);
    assert_int_equal(text_utf8_count("\xf0\x9f\x98\x80", 4), 1);
    assert_int_equal(text_utf8_count("\xc3\xa9", 1), 1); /* counted by lead bytes */
}

/* Tag names compared but for ASCII case, as pdn_game_tag, the CSV columns
 * and pdn2csv --all-tags read them: whole names only, other bytes as they
 * are (É is no é). */
static void test_text_same_but_case(void **state)
{
    (void)state;
    assert_true(text_same_but_case("Fen", "FEN"));
    assert_true(text_same_but_case("gametype", "GameType"));
    assert_true(text_same_but_case("", ""));
    assert_false(text_same_but_case("Fe", "FEN"));
    assert_false(text_same_but_case("FENx", "FEN"));
    assert_false(text_same_but_case("Site", "Sit\xC3\xA9"));
    assert_false(text_same_but_case("\xC3\x89vent", "\xC3\xA9vent"));
    assert_false(text_same_but_case("[vent", "{vent")); /* 0x5B, 0x7B: no letters */
    /* a[0, n) of a longer text, as the parser hands a name */
    assert_true(text_same_but_case_n("Result \"2-0\"", 6, "RESULT"));
    assert_false(text_same_but_case_n("Result", 5, "RESULT"));
    assert_true(text_same_but_case_n("x", 0, ""));
    assert_int_equal(text_ascii_lower('I'), 'i');
    assert_int_equal(text_ascii_lower(0xC9), 0xC9);
}

/* The ASCII classes that stand for <ctype.h>'s in the library (which
 * refuses those: tests/lib-symbols.sh) answer as it does in the C locale,
 * the one this program runs in (it never calls setlocale), for every byte. */
static void test_text_ascii_classes(void **state)
{
    (void)state;
    for (int c = 0; c < 256; c++) {
        assert_int_equal(text_digit((unsigned char)c), isdigit(c) != 0);
        assert_int_equal(text_ascii_letter((unsigned char)c), isalpha(c) != 0);
        assert_int_equal(text_ascii_lower((unsigned char)c), tolower(c));
    }
}

static void test_text_utf8_cut(void **state)
{
    (void)state;
    const char *s = "ab\xc3\xa9"
                    "cd";                         /* a b é c d */
    assert_int_equal(text_utf8_cut(s, 6, 10), 6); /* short enough */
    assert_int_equal(text_utf8_cut(s, 6, 6), 6);
    assert_int_equal(text_utf8_cut(s, 6, 5), 5);
    assert_int_equal(text_utf8_cut(s, 6, 4), 4); /* just after é */
    assert_int_equal(text_utf8_cut(s, 6, 3), 2); /* not inside é */
    assert_int_equal(text_utf8_cut(s, 6, 2), 2);
    assert_int_equal(text_utf8_cut("\xe2\x80\x93", 3, 2), 0);
}

static void test_text_utf8_prefix(void **state)
{
    (void)state;
    const char *s = "ab\xc3\xa9"
                    "cd";
    assert_int_equal(text_utf8_prefix(s, 6, 0), 0);
    assert_int_equal(text_utf8_prefix(s, 6, 2), 2);
    assert_int_equal(text_utf8_prefix(s, 6, 3), 4); /* é whole */
    assert_int_equal(text_utf8_prefix(s, 6, 5), 6);
    assert_int_equal(text_utf8_prefix(s, 6, 99), 6);
    assert_int_equal(text_utf8_seq_len(0x41), 1);
    assert_int_equal(text_utf8_seq_len(0xC3), 2);
    assert_int_equal(text_utf8_seq_len(0xE2), 3);
    assert_int_equal(text_utf8_seq_len(0xF0), 4);
}

static void test_text_public_width_and_prefix(void **state)
{
    (void)state;
    const char *s = "\xc2\xbd-\xc2\xbd x"; /* ½-½ x */
    size_t n = strlen(s);
    assert_int_equal(pdn_text_width(s, n), 5);
    assert_int_equal(pdn_text_width(s, n), text_utf8_count(s, n));
    assert_int_equal(pdn_text_prefix(s, n, 1), 2);
    assert_int_equal(pdn_text_prefix(s, n, 3), 5);
    assert_int_equal(pdn_text_prefix(s, n, 10), n);
    assert_int_equal(pdn_text_width(NULL, 3), 0);
    assert_int_equal(pdn_text_prefix(NULL, 3, 1), 0);
    /* Width and prefix agree: a prefix of k characters is k wide. */
    for (size_t k = 0; k <= 5; k++)
        assert_int_equal(pdn_text_width(s, pdn_text_prefix(s, n, k)), k);
}

/* The columns a terminal gives a text, whatever the locale (the tests run
 * in C, as the tools do): what a caret under a column is lined up with. */
static void test_text_columns_wide_and_zero_width(void **state)
{
    (void)state;
#define COLS(s) pdn_text_columns(s, sizeof s - 1)
    assert_int_equal(COLS("32-28 *"), 7);
    assert_int_equal(COLS("Val\xc3\xa9ry"), 6);            /* precomposed é */
    assert_int_equal(COLS("Vale\xcc\x81ry"), 6);           /* e + combining acute */
    assert_int_equal(COLS("\xe9\xab\x98\xe6\x96\x87"), 4); /* 高文: CJK, two each */
    assert_int_equal(COLS("\xea\xb9\x80"), 2);             /* 김: Hangul syllable */
    assert_int_equal(COLS("\xef\xbc\xa1"), 2);             /* Ａ: fullwidth */
    assert_int_equal(COLS("\xf0\x9f\x91\x8d"), 2);         /* 👍: emoji */
    assert_int_equal(COLS("\xe2\x80\x8b"), 0);             /* zero width space */
    assert_int_equal(COLS("\xe2\x80\x8d"), 0);             /* zero width joiner */
    assert_int_equal(COLS("\xe2\x9d\xa4\xef\xb8\x8f"), 1); /* ❤ + variation selector 16 */
    assert_int_equal(COLS("\xd0\xa4\xd0\xb0"), 2);         /* Фа: Cyrillic */
    assert_int_equal(COLS("\xe2\x80\x94"), 1);             /* em dash */
    assert_int_equal(COLS("\xc2\xad"), 1);                 /* soft hyphen: shown */
    assert_int_equal(COLS("\xf0\xa0\x80\x80"), 2);         /* U+20000, plane 2 */
    assert_int_equal(COLS("\xff-"), 2);                    /* no UTF-8: a column a byte */
    assert_int_equal(COLS("\xe9\xab"), 2);                 /* cut short */
#undef COLS
    assert_int_equal(pdn_text_columns(NULL, 3), 0);
}

/* The tables pdn_text_columns searches: sorted and apart (a binary search
 * misses a range out of order), none below U+0300 (it answers 1 there
 * without looking), and each range read as its width at both ends. */
static void check_width_ranges(const struct width_range *r, size_t n, size_t cols)
{
    for (size_t i = 0; i < n; i++) {
        assert_true(r[i].first >= 0x0300 && r[i].first <= r[i].last && r[i].last <= 0x10FFFF);
        if (i > 0) assert_true(r[i - 1].last < r[i].first);
        char buf[4];
        assert_int_equal(pdn_text_columns(buf, encode(buf, r[i].first)), cols);
        assert_int_equal(pdn_text_columns(buf, encode(buf, r[i].last)), cols);
    }
}

static void test_text_width_tables(void **state)
{
    (void)state;
    check_width_ranges(zero_width, sizeof zero_width / sizeof *zero_width, 0);
    check_width_ranges(double_width, sizeof double_width / sizeof *double_width, 2);
}

/* ---- Blanks, dashes and the scanner ------------------------------------------ */

static void test_text_mark_table_is_sorted_and_scanned(void **state)
{
    (void)state;
    size_t n = 0;
    uint32_t last = 0;
    for (const struct text_mark_row *r; (r = text_mark_row(n)) != NULL; n++) {
        assert_true(r->cp > last); /* text_mark stops at the first larger row */
        last = r->cp;
        assert_true(r->kind == TEXT_DASH || r->kind == TEXT_BLANK);
        assert_non_null(r->name);
        char buf[4];
        size_t len = encode(buf, r->cp);
        /* TEXT_MARK_LEADS names its lead byte: the lexer and the quick lane
         * stop there. */
        assert_int_equal(text_byte_kind[(unsigned char)buf[0]], TEXT_LEAD);
        struct text_piece p = text_piece_at((const unsigned char *)buf, len);
        assert_int_equal(p.kind, r->kind);
        assert_int_equal(p.len, len);
        assert_true(p.unicode);
        assert_true(len <= TEXT_MARK_MAX);
        /* Cut short, it is no mark. */
        p = text_piece_at((const unsigned char *)buf, len - 1);
        assert_int_equal(p.kind, TEXT_OTHER);
        assert_int_equal(p.len, 1);
    }
    assert_int_equal(n, 10);
}

static void test_text_marks_are_the_table_and_nothing_else(void **state)
{
    (void)state;
    static const unsigned char lead_bytes[] = {TEXT_MARK_LEADS(1)};
    size_t marks = 0;
    for (uint32_t cp = 0x80; cp < 0x10000; cp++) {
        if (is_surrogate(cp)) continue;
        size_t len;
        struct text_piece p = piece_of(cp, &len);
        bool in_table = false;
        for (size_t i = 0; text_mark_row(i); i++)
            in_table |= text_mark_row(i)->cp == cp;
        assert_int_equal(p.kind != TEXT_OTHER, in_table);
        marks += in_table;
    }
    assert_int_equal(marks, 10);
    /* No lead byte names more than the table needs. */
    for (size_t b = 0x80; b < sizeof lead_bytes; b++) {
        if (!lead_bytes[b]) continue;
        bool used = false;
        for (size_t i = 0; text_mark_row(i); i++) {
            char buf[4];
            encode(buf, text_mark_row(i)->cp);
            used |= (unsigned char)buf[0] == b;
        }
        assert_true(used);
    }
}

static void test_text_ascii_kinds(void **state)
{
    (void)state;
    for (unsigned b = 0; b < 0x80; b++) {
        unsigned char c = (unsigned char)b;
        struct text_piece p = text_piece_at(&c, 1);
        enum text_kind want = TEXT_OTHER;
        if (b >= '0' && b <= '9') want = TEXT_DIGIT;
        if (b == '-') want = TEXT_DASH;
        if (b == 'x') want = TEXT_CROSS;
        if (b == ':') want = TEXT_COLON;
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v')
            want = TEXT_BLANK;
        assert_int_equal(p.kind, want);
        assert_int_equal(p.len, 1);
        assert_false(p.unicode);
    }
}

static void test_text_scan_move(void **state)
{
    (void)state;
    struct text_move m;
    const char *s = "32 \xe2\x80\x93\xc2\xa0"
                    "28x19:10 {";
    assert_int_equal(text_scan_move(&m, s, strlen(s)), strlen(s) - 1);
    assert_int_equal(m.digits, 8);
    assert_int_equal(m.dashes, 1);
    assert_int_equal(m.crosses, 1);
    assert_int_equal(m.colons, 1);
    assert_int_equal(m.blanks, 3);
    assert_int_equal(m.unicode, 2);
    assert_int_equal(text_scan_move(&m, "- -", 3), 3);
    assert_int_equal(m.dashes, 2);
    assert_int_equal(text_scan_move(&m, "c3-d4", 5), 0);
    assert_int_equal(text_scan_move(&m, "32~28", 5), 2);
}

/* ---- Results ------------------------------------------------------------------ */

/* [ResultFormat "Goes"] scores (pdn.fmjd.org/pdntags.html): two points split
 * in hundredths; 2-0 and 0-2 win and lose, the splits between are draws.
 * (Before: none of them was a result.) */
static void test_text_result_goes(void **state)
{
    static const struct {
        const char *text;
        enum pdn_result result; /* PDN_RESULT_NONE: not a Goes score */
    } cases[] = {
        {"1.01-0.99", PDN_RESULT_DRAW},  {"0.99-1.01", PDN_RESULT_DRAW},
        {"1.02-0.98", PDN_RESULT_DRAW},  {"1.5-0.5", PDN_RESULT_DRAW},
        {"1.00-1.00", PDN_RESULT_DRAW},  {"2.00-0.00", PDN_RESULT_WHITE_WIN},
        {"2.0-0", PDN_RESULT_WHITE_WIN}, {"0.00-2.00", PDN_RESULT_BLACK_WIN},
        {"1.01-0.98", PDN_RESULT_NONE},  {"1.001-0.999", PDN_RESULT_NONE},
        {"1.01-", PDN_RESULT_NONE},      {"1.-1.", PDN_RESULT_NONE},
        {"3.00-0.00", PDN_RESULT_NONE},  {"1-1", PDN_RESULT_NONE},
        {"1.01-0.99 ", PDN_RESULT_NONE},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *t = cases[i].text;
        const struct text_result *r = text_result_goes(t, strlen(t));
        enum pdn_result got;
        if (cases[i].result == PDN_RESULT_NONE) {
            assert_null(r);
            continue;
        }
        assert_non_null(r);
        assert_int_equal(r->result, cases[i].result);
        assert_int_equal(r->convention, TEXT_GOES);
        assert_true(pdn_result_parse(&got, t, strlen(t)));
        assert_int_equal(got, cases[i].result);
    }
}

static void test_text_result_spellings(void **state)
{
    (void)state;
    assert_string_equal(text_result_spelling(PDN_RESULT_WHITE_WIN, TEXT_INTERNATIONAL), "2-0");
    assert_string_equal(text_result_spelling(PDN_RESULT_WHITE_WIN, TEXT_CHESS), "1-0");
    assert_string_equal(text_result_spelling(PDN_RESULT_BLACK_WIN, TEXT_CHESS), "0-1");
    assert_string_equal(text_result_spelling(PDN_RESULT_DRAW, TEXT_CHESS), "1/2-1/2");
    assert_string_equal(text_result_spelling(PDN_RESULT_DRAW, TEXT_INTERNATIONAL), "1-1");
    assert_string_equal(text_result_spelling(PDN_RESULT_BOTH_LOST, TEXT_CHESS), "0-0");
    assert_string_equal(text_result_spelling(PDN_RESULT_UNKNOWN, TEXT_CHESS), "*");
    assert_string_equal(text_result_spelling(PDN_RESULT_NONE, TEXT_INTERNATIONAL), "*");
    assert_null(text_result_exact("1-", 2));
    assert_null(text_result_exact("2-0 ", 4));
    for (size_t i = 0; i < text_nresults; i++) {
        const struct text_result *r = &text_results[i];
        assert_int_equal(strlen(r->text), r->len);
        assert_ptr_equal(text_result_exact(r->text, r->len), r);
        /* The quick lane (parser_quick.c) tells a three-byte result from
         * a move ("1-7") by its two digits 0-2. */
        if (r->len == 3) {
            assert_in_range(r->text[0], '0', '2');
            assert_in_range(r->text[2], '0', '2');
        }
        enum pdn_result got;
        assert_true(pdn_result_parse(&got, r->text, r->len));
        assert_int_equal(got, r->result);
        /* The international spelling reads back as the same result. */
        const char *intl = pdn_result_text((enum pdn_result)r->result);
        assert_true(pdn_result_parse(&got, intl, strlen(intl)));
        assert_int_equal(got, r->result);
    }
}

/* text_result_exact's look-up of three bytes by their digits is the walk
 * of text_results it stands for: every three bytes of digits, dashes and a
 * few others, both ways. */
static void test_text_result_exact_three(void **state)
{
    (void)state;
    const char bytes[] = "0123-/.x \xc2";
    for (size_t i = 0; bytes[i]; i++)
        for (size_t j = 0; bytes[j]; j++)
            for (size_t k = 0; bytes[k]; k++) {
                const char s[3] = {bytes[i], bytes[j], bytes[k]};
                const struct text_result *walked = NULL;
                for (size_t r = 0; r < text_nresults && !walked; r++)
                    if (text_results[r].len == 3 && memcmp(text_results[r].text, s, 3) == 0)
                        walked = &text_results[r];
                if (!walked) walked = text_result_goes(s, 3);
                assert_ptr_equal(text_result_exact(s, 3), walked);
            }
}

/* Every spelling but '*' (a token of its own) is one result token to the
 * lexer; the lenient ones only to the lenient lexer. */
static void test_text_results_are_lexed(void **state)
{
    (void)state;
    for (size_t i = 0; i < text_nresults; i++) {
        const struct text_result *r = &text_results[i];
        if (strcmp(r->text, "*") == 0) continue;
        for (int strict = 0; strict < 2; strict++) {
            char buf[16];
            snprintf(buf, sizeof buf, "%s ", r->text);
            struct lexer lx;
            struct token tok;
            lexer_init(&lx, strict, NULL, NULL);
            lx.buf = buf;
            lx.end = strlen(buf);
            lx.eof = true;
            enum token_kind k = lexer_next(&lx, &tok);
            if (strict && r->convention == TEXT_LENIENT) {
                assert_int_not_equal(k, TOK_RESULT);
                continue;
            }
            assert_int_equal(k, TOK_RESULT);
            assert_int_equal(tok.len, r->len);
            assert_int_equal(tok.value, r->result);
        }
    }
}

/* ---- Agreement: reader and replay, writer, matcher ---------------------------- */

struct seen {
    unsigned errors;
    unsigned warnings;
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct seen *s = ctx;
    if (pdn_diag_severity(d->code) == PDN_SEV_ERROR) s->errors++;
    if (pdn_diag_severity(d->code) == PDN_SEV_WARNING) s->warnings++;
}

/* The replay's shortest texts, as pdnfmt gives them to the writer. */
struct shortest {
    const struct pdn_node *node[8];
    char text[8][PDN_MOVE_TEXT_MAX];
    int n;
};

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct shortest *s = ctx;
    (void)before, (void)after, (void)depth;
    if (s->n == 8) return;
    s->node[s->n] = node;
    pdn_move_to_text(s->text[s->n++], move, NULL, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
}

static const char *shortest_text(const struct pdn_node *node, void *ctx)
{
    const struct shortest *s = ctx;
    for (int i = 0; i < s->n; i++)
        if (s->node[i] == node) return s->text[i];
    return NULL;
}

struct verdict {
    bool read_clean;   /* reader and replay: no error */
    unsigned plies;    /* main-line plies the replay played */
    char written[512]; /* pdnfmt's output */
    bool matched;      /* pdn_move_match on "32<c>28": PDN_MATCH_OK */
};

/* What pdncheck, pdnfmt and the matcher make of "1. 32<c>28 19<c>23 *". */
static void judge(struct verdict *v, const char *c)
{
    char game[128], move[32];
    snprintf(game, sizeof game, "[Event \"x\"]\n1. 32%s28 19%s23 *\n", c, c);
    memset(v, 0, sizeof *v);
    struct seen seen = {0, 0};
    struct pdn_reader_options ro = {
        .version = PDN_READER_OPTIONS_VERSION, .on_diag = on_diag, .diag_ctx = &seen};
    pdn_reader *r;
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, game, strlen(game), &ro), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    struct shortest sh = {.n = 0};
    struct pdn_replay_options po = {.version = PDN_REPLAY_OPTIONS_VERSION,
                                    .on_diag = on_diag,
                                    .diag_ctx = &seen,
                                    .on_ply = on_ply,
                                    .ply_ctx = &sh};
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, &po), PDN_OK);
    v->read_clean = seen.errors == 0;
    v->plies = sum.plies;
    FILE *fp = fmemopen(v->written, sizeof v->written - 1, "w");
    assert_non_null(fp);
    struct pdn_write_options wo = {
        .version = PDN_WRITE_OPTIONS_VERSION, .move_text = shortest_text, .move_ctx = &sh};
    assert_int_equal(pdn_write_game(fp, g, &wo), PDN_OK);
    fclose(fp);
    pdn_game_free(g);
    pdn_reader_free(r);
    struct pdn_board b;
    struct pdn_movelist legal;
    struct pdn_match m;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    pdn_movegen(&legal, &b, 0);
    snprintf(move, sizeof move, "32%s28", c);
    assert_int_equal(pdn_move_match(&m, move, &b, &legal, false), PDN_OK);
    v->matched = m.result == PDN_MATCH_OK;
}

static void test_text_sniff(void **state)
{
    (void)state;
    static const char *const pdn[] = {
        "[Event \"x\"]",
        "[Event]",
        "1. 32-28 *",
        "32x23",
        "1.a3b4",
        "c3-d4",
        "1. 3228 *",
        "1. -- *",
        "$3 *",
        "*",
        ("{a comment} 1. 32\xe2\x80\x93"
         "28"),
        "% a line\n[GameType \"20\"]",
    };
    for (size_t i = 0; i < sizeof pdn / sizeof pdn[0]; i++)
        assert_int_equal(text_sniff(pdn[i], strlen(pdn[i])), TEXT_SNIFF_PDN);
    static const char *const blank[] = {"", " \r\n\t", "{only a comment}", "% a line\n; another\n"};
    for (size_t i = 0; i < sizeof blank / sizeof blank[0]; i++)
        assert_int_equal(text_sniff(blank[i], strlen(blank[i])), TEXT_SNIFF_BLANK);
    static const char *const other[] = {"hello world",
                                        ("\x7f"
                                         "ELF\x02\x01\x01"),
                                        "GLIBC_2.2.5 2.31",
                                        "[a-z]*",
                                        "x*y",
                                        "[",
                                        "4$"};
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        assert_int_equal(text_sniff(other[i], strlen(other[i])), TEXT_SNIFF_OTHER);
    /* Only the start is looked at: a move far into prose is not seen. */
    char big[TEXT_SNIFF_BYTES + 64];
    memset(big, 'z', sizeof big);
    memcpy(big + TEXT_SNIFF_BYTES + 8, " 32-28 ", 7);
    assert_int_equal(text_sniff(big, sizeof big), TEXT_SNIFF_OTHER);
    memcpy(big + 100, " 32-28 ", 7);
    assert_int_equal(text_sniff(big, sizeof big), TEXT_SNIFF_PDN);
}

static void test_text_every_dash_agrees(void **state)
{
    (void)state;
    int dashes = 0;
    for (uint32_t cp = 0x21; cp < 0x10000; cp++) {
        size_t len;
        if (is_surrogate(cp) || piece_of(cp, &len).kind != TEXT_DASH) continue;
        char c[4] = {0};
        encode(c, cp);
        struct verdict v;
        judge(&v, c);
        if (!v.read_clean || v.plies != 2) fail_msg("U+%04X: the reader or replay refuses it", cp);
        if (!strstr(v.written, "\n1. 32-28 19-23 *\n"))
            fail_msg("U+%04X: written as:\n%s", cp, v.written);
        if (!v.matched) fail_msg("U+%04X: pdn_move_match refuses it", cp);
        dashes++;
    }
    assert_int_equal(dashes, 8); /* '-' and the table's seven */
}

static void test_text_non_dashes_are_refused_alike(void **state)
{
    (void)state;
    static const char *const others[] = {
        "\xe2\x80\x96", /* U+2016 double vertical line */
        "\xe2\x81\x83", /* U+2043 hyphen bullet */
        "\xc2\xad",     /* U+00AD soft hyphen */
        "\xef\xbc\x8d", /* U+FF0D fullwidth hyphen-minus */
        "~",
        "=",
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        struct verdict v;
        judge(&v, others[i]);
        if (v.read_clean || v.plies != 0) fail_msg("'%s': the reader takes it", others[i]);
        if (strstr(v.written, "32-28"))
            fail_msg("'%s': written as a move:\n%s", others[i], v.written);
        if (v.matched) fail_msg("'%s': pdn_move_match takes it", others[i]);
    }
}

/* Moves of the main line of "a b *" read leniently. */
static uint32_t moves_read(const char *a, const char *b)
{
    char game[128];
    snprintf(game, sizeof game, "%s %s *\n", a, b);
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION, .filename = "hop"};
    pdn_reader *r;
    pdn_game *g;
    assert_int_equal(pdn_reader_open_memory(&r, game, strlen(game), &ro), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    uint32_t n = g->main.nmoves;
    pdn_game_free(g);
    pdn_reader_free(r);
    return n;
}

/* The writer keeps two moves apart by text_hop_continues: the reader joins
 * exactly the pairs it names, on the token path and the quick lane alike. */
static void test_text_hop_agrees_with_the_reader(void **state)
{
    (void)state;
    static const char *const moves[] = {
        "33x22", "22x13", "22-7-f6", "22x7xf6", "22xf6",    "f6x22", "7x1",   "9-3",
        "3x14",  "13x4",  "22:13",   "22-17",   "12-21-32", "32x41", "05x14", "33x22<7>",
        "a1xc3", "c3x22", "22 x 13", "22x7x13", "13x22",    "--",    "...",   "6x17",
    };
    enum { N = sizeof moves / sizeof moves[0] };
    for (size_t i = 0; i < N; i++) {
        struct text_hop a = text_hop_of(moves[i], strlen(moves[i]));
        for (size_t j = 0; j < N; j++) {
            struct text_hop b = text_hop_of(moves[j], strlen(moves[j]));
            bool joined = moves_read(moves[i], moves[j]) == 1;
            bool want = text_hop_continues(text_hop_end(a), b);
            if (joined != want)
                print_message("'%s %s': read as %s\n", moves[i], moves[j],
                              joined ? "one move" : "two");
            assert_true(joined == want);
        }
    }
    struct text_hop h = text_hop_of("22x7xf6", 7);
    assert_int_equal(h.first, 22);
    assert_int_equal(h.last, 0);
    assert_true(h.capture);
}

/* A result a reader takes at the start of a text: one no digit follows. */
static void test_text_result_start(void **state)
{
    (void)state;
    static const char *const results[] = {"1-1<3>", "2-0"};
    static const char *const others[] = {"1-10", "12-1", "a1-b2"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (!text_result_start(results[i])) fail_msg("'%s' is a result", results[i]);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        if (text_result_start(others[i])) fail_msg("'%s' is no result", others[i]);
}

/* What a terminal would obey is made visible, as pdnreplay --list shows
 * it; text, UTF-8 included, stays as it is. */
static void expect_escape(const char *s, size_t n, const char *want)
{
    char out[64];
    assert_true(TEXT_ESCAPE_RATIO * n + 1 <= sizeof out);
    assert_int_equal(text_escape(out, s, n), strlen(want));
    assert_string_equal(out, want);
}

static void test_text_escape(void **state)
{
    (void)state;
    expect_escape("Sijbrands", 9, "Sijbrands");
    expect_escape("\x1b[2J", 4, "\\x1b[2J");
    expect_escape("a\tb\nc\rd", 7, "a\\tb\\nc\\rd");
    expect_escape("\x07\x7f\x00", 3, "\\x07\\x7f\\x00");
    expect_escape("\xc2\x9b"
                  "1m",
                  4, "\\u009b1m");                                            /* CSI, C1 in UTF-8 */
    expect_escape("\xc2\xa0\xc3\xa9\xd0\x96", 6, "\xc2\xa0\xc3\xa9\xd0\x96"); /* NBSP, é, Ж */
    expect_escape("\x9b\xff\xc3", 3, "\\x9b\\xff\\xc3"); /* no UTF-8: each byte */
    expect_escape("\xe2\x82\xac", 3, "\xe2\x82\xac");    /* € whole */
    /* the bidirectional controls, which reorder a terminal's line: RLO,
     * PDI, RLM, ALM; an en dash beside them stays */
    expect_escape("a\xe2\x80\xae"
                  "b",
                  5, "a\\u202eb");
    expect_escape("\xe2\x81\xa9\xe2\x80\x8f\xd8\x9c", 8, "\\u2069\\u200f\\u061c");
    expect_escape("\xe2\x80\x93\xe2\x80\xa9", 6, "\xe2\x80\x93\xe2\x80\xa9"); /* –, U+2029 */
}

/* pdn_text_escape: text_escape's escapes within a cap, cut between whole
 * escapes and characters (never a dangling "\x" or half a UTF-8 sequence),
 * the full length returned as snprintf does. */
static void test_text_public_escape(void **state)
{
    (void)state;
    char out[8];
    const char *s = "\x01\xc3\xa9\xff}"; /* a control, é, a stray byte, a brace */
    size_t n = strlen(s);
    assert_int_equal(pdn_text_escape(out, sizeof out, s, n), 4 + 2 + 4 + 1);
    assert_string_equal(out, "\\x01\xc3\xa9"); /* \xff would pass the cap */
    assert_int_equal(pdn_text_escape(out, 5, s, n), 11);
    assert_string_equal(out, "\\x01");
    assert_int_equal(pdn_text_escape(out, 4, s, n), 11);
    assert_string_equal(out, ""); /* not "\\x0": nothing after a cut */
    assert_int_equal(pdn_text_escape(out, 6, s, n), 11);
    assert_string_equal(out, "\\x01"); /* not half of é */
    char wide[64];
    assert_int_equal(pdn_text_escape(wide, sizeof wide, s, n), 11);
    assert_string_equal(wide, "\\x01\xc3\xa9\\xff}");
    assert_int_equal(pdn_text_escape(wide, sizeof wide, NULL, 3), 0);
    assert_string_equal(wide, "");
    assert_int_equal(pdn_text_escape(NULL, 0, s, n), 11); /* the length alone */
}

/* text_shown_prefix: a text shows as it is, by its measure, exactly when
 * text_escape leaves it as it is, and its characters are those a reader
 * counts (pdn_text_width); where it stops, text_escape changes the next
 * byte. */
static void expect_shown_prefix(const char *s, size_t want_bytes, size_t want_chars)
{
    char out[128];
    size_t n = strlen(s), chars = 99, as_is = text_shown_prefix(s, &chars);
    assert_int_equal(as_is, want_bytes);
    assert_int_equal(chars, want_chars);
    assert_int_equal(chars, pdn_text_width(s, as_is));
    assert_true(TEXT_ESCAPE_RATIO * n + 1 <= sizeof out);
    size_t escaped = text_escape(out, s, n);
    assert_int_equal(as_is == n, escaped == n && memcmp(out, s, n) == 0);
    assert_memory_equal(out, s, as_is);
}

static void test_text_shown_prefix(void **state)
{
    (void)state;
    expect_shown_prefix("", 0, 0);
    expect_shown_prefix("Sijbrands, Ton", 14, 14);
    expect_shown_prefix("Mistrovstv\xc3\xad \xc4\x8cR", 16, 14);    /* í, Č */
    expect_shown_prefix("\xe2\x82\xac 5, \xf0\x9f\x98\x80", 11, 6); /* €, an emoji */
    expect_shown_prefix("\xc2\xa0nbsp", 6, 5);
    expect_shown_prefix("ab\x7f", 2, 2); /* DEL */
    expect_shown_prefix("ab\tc", 2, 2);  /* a control */
    expect_shown_prefix("x\xc2\x9b"
                        "1m",
                        1, 1);                 /* CSI, C1 in UTF-8 */
    expect_shown_prefix("\xc3\xa9\x9b", 2, 1); /* a stray byte */
    expect_shown_prefix("\xc3", 0, 0);         /* cut short */
    expect_shown_prefix("\xe2\x82", 0, 0);
    expect_shown_prefix("\xc0\xaf", 0, 0);     /* overlong */
    expect_shown_prefix("\xed\xa0\x80", 0, 0); /* a surrogate */
}

/* The squares as clues to the board (text_squares_add), worked out by
 * hand from the rules in text.h. */
static struct text_squares squares_of(const char *s, bool fen)
{
    struct text_squares sq = {false, false, 0};
    text_squares_add(&sq, s, strlen(s), fen, true);
    return sq;
}

static void test_text_squares_clues(void **state)
{
    (void)state;
    struct text_squares sq = squares_of("32-28", false);
    assert_true(!sq.big && !sq.algebraic);
    assert_int_equal(sq.first, 32);
    sq = squares_of("032-8", false); /* read as the reader reads it: 32 */
    assert_int_equal(sq.first, 32);
    sq = squares_of("3328", false); /* four digits: 33 and 28 */
    assert_true(sq.big);
    assert_int_equal(sq.first, 33);
    sq = squares_of("123-45x9", false); /* three digits say nothing */
    assert_true(sq.big);
    assert_int_equal(sq.first, 45);
    sq = squares_of("c3-d4", false);
    assert_true(sq.algebraic && !sq.big);
    assert_int_equal(sq.first, 0);
    assert_false(squares_of("ab3", false).algebraic); /* a letter before the file */
    assert_false(squares_of("c0", false).algebraic);
    assert_true(squares_of(":Wb12", true).algebraic);    /* "b1" after a list letter */
    assert_false(squares_of(":b12,45", true).algebraic); /* the list letter b */
    assert_true(squares_of(":b12,45", true).big);
    /* first is taken once, from the first text asked for it */
    sq = squares_of("31-27", false);
    text_squares_add(&sq, "9-13", 4, false, true);
    assert_int_equal(sq.first, 31);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_utf8_count),
        cmocka_unit_test(test_text_same_but_case),
        cmocka_unit_test(test_text_result_exact_three),
        cmocka_unit_test(test_text_ascii_classes),
        cmocka_unit_test(test_text_squares_clues),
        cmocka_unit_test(test_text_utf8_cut),
        cmocka_unit_test(test_text_utf8_prefix),
        cmocka_unit_test(test_text_public_width_and_prefix),
        cmocka_unit_test(test_text_columns_wide_and_zero_width),
        cmocka_unit_test(test_text_width_tables),
        cmocka_unit_test(test_text_mark_table_is_sorted_and_scanned),
        cmocka_unit_test(test_text_marks_are_the_table_and_nothing_else),
        cmocka_unit_test(test_text_ascii_kinds),
        cmocka_unit_test(test_text_scan_move),
        cmocka_unit_test(test_text_result_spellings),
        cmocka_unit_test(test_text_result_goes),
        cmocka_unit_test(test_text_results_are_lexed),
        cmocka_unit_test(test_text_sniff),
        cmocka_unit_test(test_text_every_dash_agrees),
        cmocka_unit_test(test_text_non_dashes_are_refused_alike),
        cmocka_unit_test(test_text_hop_agrees_with_the_reader),
        cmocka_unit_test(test_text_result_start),
        cmocka_unit_test(test_text_escape),
        cmocka_unit_test(test_text_public_escape),
        cmocka_unit_test(test_text_shown_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
