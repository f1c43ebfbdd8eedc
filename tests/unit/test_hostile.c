/*
 * Hostile input: what the reader, the validator and the writer do with
 * files made to hurt them. Each case must end with a defined outcome and a
 * clear diagnostic (code and place), in time linear in the input and with
 * memory bounded by the documented limits: reaching a limit is a
 * PDN_D_LIMIT finding, never a crash.
 *
 * Inputs are generated in memory. The big ones (a 50 MB line, 100 000 tags,
 * 100 000 nested variations) are sized so that a quadratic reader would
 * visibly hang rather than pass slowly. No timed assertions: the figures are
 * printed. PDN_HOSTILE_SMALL=1 in the environment (set by itself under
 * valgrind) scales the 50 MB inputs down to 2 MB.
 *
 * A check that fails because of a reported, still open bug is marked with
 * known_bug(): it is skipped with a note, unless PDN_HOSTILE_ALL=1 asks for
 * every check. Fixing the bug means deleting the known_bug() call.
 *
 * Every game read is also walked, replayed and written, so the whole
 * pipeline sees each input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pdn.h"

#define MB ((size_t)1 << 20)

/* ---- growable text ------------------------------------------------------ */

struct buf {
    char *p;
    size_t len, cap;
};

static void buf_reserve(struct buf *b, size_t n)
{
    if (b->len + n + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n + 1)
        cap *= 2;
    b->p = realloc(b->p, cap);
    assert_non_null(b->p);
    b->cap = cap;
}

static void buf_addn(struct buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buf_add(struct buf *b, const char *s)
{
    buf_addn(b, s, strlen(s));
}

static void buf_printf(struct buf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof tmp);
    buf_addn(b, tmp, (size_t)n);
}

/* Appends s until the text has grown by at least n bytes. */
static void buf_repeat(struct buf *b, const char *s, size_t n)
{
    size_t k = strlen(s), want = b->len + n;
    buf_reserve(b, n + k);
    while (b->len < want) {
        memcpy(b->p + b->len, s, k);
        b->len += k;
    }
    b->p[b->len] = '\0';
}

static void buf_free(struct buf *b)
{
    free(b->p);
    *b = (struct buf){0};
}

/* ---- environment ---------------------------------------------------------- */

/* Small inputs asked for, or running under valgrind (its preload library). */
static bool small_run(void)
{
    const char *s = getenv("PDN_HOSTILE_SMALL");
    const char *pre = getenv("LD_PRELOAD");
    if (s && *s && strcmp(s, "0") != 0) return true;
    return pre && strstr(pre, "vgpreload");
}

/* The size of the "50 MB" inputs. */
static size_t big(void)
{
    return small_run() ? 2 * MB : 50 * MB;
}

/* True (skip the check) while the bug is open, unless PDN_HOSTILE_ALL=1. */
static bool known_bug(const char *what)
{
    const char *all = getenv("PDN_HOSTILE_ALL");
    if (all && *all && strcmp(all, "0") != 0) return false;
    print_message("  KNOWN BUG, check skipped: %s\n", what);
    return true;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- reading and recording ---------------------------------------------- */

struct place {
    uint32_t line, col;
    size_t game;
};

/* What the diagnostics said: a count and the first place for each code. */
struct seen {
    unsigned long count[PDN_D_COUNT];
    struct place first[PDN_D_COUNT];
    unsigned long total;
    unsigned long bad_utf8; /* diagnostics whose text is not UTF-8 */
};

struct outcome {
    int rc;       /* what pdn_reader_next returned last */
    size_t games; /* games read */
    size_t plies; /* main-line plies replayed, summed */
    unsigned replay_errors;
    size_t written;  /* bytes the writer wrote, summed */
    size_t max_tags; /* most tags in one game */
    size_t bad_utf8; /* games the writer wrote as invalid UTF-8 */
    struct seen seen;
};

/* True when s is valid UTF-8 (the writer must never write anything else). */
static bool utf8_valid(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        if (c >= 0x80 && (c < 0xC2 || c > 0xF4)) return false;
        if (i + k > n) return false;
        for (size_t j = 1; j < k; j++)
            if ((s[i + j] & 0xC0) != 0x80) return false;
        i += k;
    }
    return true;
}

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct seen *s = ctx;
    char msg[128];
    assert_true((unsigned)d->code < PDN_D_COUNT);
    assert_true(pdn_diag_message(msg, sizeof msg, d) > 0);
    if (d->text && !utf8_valid((const unsigned char *)d->text, strlen(d->text))) s->bad_utf8++;
    if (s->count[d->code]++ == 0) s->first[d->code] = (struct place){d->line, d->col, d->game};
    s->total++;
}

/* Replays and writes a game, as pdncheck and pdnfmt would. */
static void through_pipeline(struct outcome *o, const pdn_game *g)
{
    struct pdn_replay_summary sum;
    struct pdn_replay_options ro = {.filename = "hostile", .on_diag = on_diag, .ctx = &o->seen};
    assert_int_equal(pdn_replay_game(&sum, g, &ro), PDN_OK);
    o->plies += sum.plies;
    o->replay_errors += sum.errors;
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    assert_non_null(fp);
    assert_int_equal(pdn_write_game(fp, g, NULL), PDN_OK);
    assert_int_equal(fclose(fp), 0);
    assert_true(len > 0);
    if (!utf8_valid((const unsigned char *)text, len)) o->bad_utf8++;
    o->written += len;
    free(text);
}

typedef void (*game_fn)(const pdn_game *g, void *ctx);

struct read_opts {
    bool strict;
    enum pdn_encoding encoding;
    game_fn each; /* called for every game, may be NULL */
    void *ctx;
};

static void read_with(struct outcome *o, const void *data, size_t len, const struct read_opts *opt)
{
    memset(o, 0, sizeof *o);
    struct pdn_reader_options ro = {
        .filename = "hostile",
        .strict = opt->strict,
        .encoding = opt->encoding,
        .on_diag = on_diag,
        .ctx = &o->seen,
    };
    pdn_reader *r;
    pdn_game *g;
    assert_int_equal(pdn_reader_open_memory(&r, data, len, &ro), PDN_OK);
    while ((o->rc = pdn_reader_next(r, &g)) > 0) {
        assert_int_equal(g->index, ++o->games);
        if (g->ntags > o->max_tags) o->max_tags = g->ntags;
        through_pipeline(o, g);
        if (opt->each) opt->each(g, opt->ctx);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    if (o->bad_utf8 == 0 && o->seen.bad_utf8 == 0) return;
    print_message("  invalid UTF-8 out: %zu game(s) written, %lu diagnostic(s) (encoding %d)\n",
                  o->bad_utf8, o->seen.bad_utf8, (int)opt->encoding);
    if (opt->encoding != PDN_ENC_UTF8 ||
        !known_bug("encoding.c: forced UTF-8 lets iconv pass F4 90 80 80 and F8..FD forms"))
        fail();
}

static void read_lenient(struct outcome *o, const void *data, size_t len)
{
    struct read_opts opt = {0};
    read_with(o, data, len, &opt);
}

static void print_seen(const struct seen *s)
{
    for (int c = 0; c < PDN_D_COUNT; c++)
        if (s->count[c])
            print_message("  %s x%lu, first at %u:%u (game %zu)\n", pdn_diag_name(c), s->count[c],
                          s->first[c].line, s->first[c].col, s->first[c].game);
}

/* The first diagnostic of this code is at line:col (col 0: any column). */
static void expect_at(const struct outcome *o, enum pdn_code code, uint32_t line, uint32_t col)
{
    const struct seen *s = &o->seen;
    if (s->count[code] == 0 || s->first[code].line != line || (col && s->first[code].col != col)) {
        print_message("want %s at %u:%u; diagnostics were:\n", pdn_diag_name(code), line, col);
        print_seen(s);
    }
    assert_true(s->count[code] > 0);
    assert_int_equal(s->first[code].line, line);
    if (col) assert_int_equal(s->first[code].col, col);
}

static void expect_none(const struct outcome *o, enum pdn_code code)
{
    if (o->seen.count[code]) print_seen(&o->seen);
    assert_int_equal(o->seen.count[code], 0);
}

/* Errors reported, whatever their code. */
static unsigned long errors_of(const struct seen *s)
{
    unsigned long n = 0;
    for (int c = 0; c < PDN_D_COUNT; c++)
        if (pdn_diag_severity(c) == PDN_ERROR) n += s->count[c];
    return n;
}

static void report(const char *what, size_t bytes, double seconds)
{
    print_message("  %s: %.1f MB in %.2f s\n", what, (double)bytes / (double)MB, seconds);
}

/* ---- empty, blank, noise ------------------------------------------------ */

static void test_hostile_empty_input(void **state)
{
    struct outcome o;
    (void)state;
    read_lenient(&o, "", 0);
    assert_int_equal(o.rc, 0);
    assert_int_equal(o.games, 0);
    assert_int_equal(o.seen.total, 0);
}

static void test_hostile_whitespace_only(void **state)
{
    struct outcome o;
    struct buf b = {0};
    (void)state;
    buf_repeat(&b, " \t\r\n\r\n  \f", MB);
    for (int strict = 0; strict < 2; strict++) {
        struct read_opts opt = {.strict = strict};
        read_with(&o, b.p, b.len, &opt);
        assert_int_equal(o.rc, 0);
        assert_int_equal(o.games, 0);
        assert_int_equal(errors_of(&o.seen), 0);
    }
    buf_free(&b);
}

/* xorshift64: the same noise on every run. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void noise(struct buf *b, size_t n, uint64_t seed, const char *alphabet)
{
    size_t k = alphabet ? strlen(alphabet) : 256;
    buf_reserve(b, n);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next_random(&seed) >> 24;
        b->p[b->len++] = alphabet ? alphabet[r % k] : (char)(r & 0xFF);
    }
    b->p[b->len] = '\0';
}

static void test_hostile_binary_noise(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    noise(&b, MB, 0x9E3779B97F4A7C15u, NULL);
    for (int enc = PDN_ENC_AUTO; enc <= PDN_ENC_CP866; enc++) {
        for (int strict = 0; strict < 2; strict++) {
            struct read_opts opt = {.strict = strict, .encoding = (enum pdn_encoding)enc};
            read_with(&o, b.p, b.len, &opt);
            assert_int_equal(o.rc, 0);
            assert_true(o.seen.count[PDN_D_NUL_BYTE] > 0);
            assert_true(o.seen.total > 0);
        }
    }
    read_lenient(&o, b.p, b.len);
    /* The first byte of the noise is not UTF-8: the fallback is reported there. */
    expect_at(&o, PDN_D_ENCODING_FALLBACK, 1, 0);
    buf_free(&b);
}

/* Noise made of PDN's own characters reaches deeper into the parser. */
static void test_hostile_pdn_noise(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    noise(&b, 4 * MB, 42, "[]{}()\"\\ \n12345067890-x:./*$!?;%<>WBKEvent");
    for (int strict = 0; strict < 2; strict++) {
        struct read_opts opt = {.strict = strict};
        double t = now();
        read_with(&o, b.p, b.len, &opt);
        report(strict ? "PDN noise, strict" : "PDN noise", b.len, now() - t);
        assert_int_equal(o.rc, 0);
        assert_true(o.games > 0);
    }
    buf_free(&b);
}

static void test_hostile_nul_bytes(void **state)
{
    static const char text[] = "[Event \"a\0b\"]\n1. 32-28\0 18-23 *\n";
    struct outcome o;
    (void)state;
    read_lenient(&o, text, sizeof text - 1);
    assert_int_equal(o.rc, 0);
    assert_int_equal(o.games, 1);
    assert_true(o.seen.count[PDN_D_NUL_BYTE] > 0);
    if (known_bug("lexer.c: a NUL inside a tag value or comment is not reported, and the "
                  "value is silently cut there"))
        return;
    expect_at(&o, PDN_D_NUL_BYTE, 1, 10);
    assert_int_equal(o.seen.count[PDN_D_NUL_BYTE], 2);
}

/* A megabyte of NULs: a defined outcome, and not a million reports. */
static void test_hostile_nul_flood(void **state)
{
    struct outcome o;
    char *zeros = calloc(1, MB);
    (void)state;
    assert_non_null(zeros);
    read_lenient(&o, zeros, MB);
    assert_int_equal(o.rc, 0);
    expect_at(&o, PDN_D_NUL_BYTE, 1, 1);
    print_message("  1 MB of NUL bytes: %lu reports\n", o.seen.count[PDN_D_NUL_BYTE]);
    free(zeros);
}

/* ---- one 50 MB line ----------------------------------------------------- */

/* Reads text, reports the time, and checks it gave 'games' games (0: any). */
static void read_big(struct outcome *o, const struct buf *b, const char *what, size_t games)
{
    double t = now();
    read_lenient(o, b->p, b->len);
    report(what, b->len, now() - t);
    print_message("    %zu game(s), %lu finding(s)\n", o->games, o->seen.total);
    if (games && o->games != games) print_seen(&o->seen);
    if (games) assert_int_equal(o->games, games);
    assert_true(o->games > 0);
}

/* Past PDN_LIMIT_GAME_BYTES a game is cut, reported at its start (1:1). */
static void expect_cut(const struct outcome *o, size_t len)
{
    if (len > PDN_LIMIT_GAME_BYTES)
        expect_at(o, PDN_D_LIMIT, 1, 1);
    else
        expect_none(o, PDN_D_LIMIT);
}

/* The size of an input that a reported bug makes slow: big() when asked. */
static size_t slow_big(const char *bug)
{
    return known_bug(bug) ? 2 * MB : big();
}

static void test_hostile_long_line_comment(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_add(&b, "1. 32-28 {");
    buf_repeat(&b, "very long comment ", big());
    buf_add(&b, "} 18-23 *");
    read_big(&o, &b, "one comment", 0);
    expect_cut(&o, b.len);
    assert_true(o.plies >= 1); /* 32-28, before the cut, is kept */
    assert_int_equal(o.rc, 0);
    buf_free(&b);
}

/* A tag is the first token of its game: the game-size limit must hold there too. */
static void test_hostile_long_line_tag_value(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    size_t n = slow_big("lexer/reader: a token before the game starts (a tag) is not bounded by "
                        "PDN_LIMIT_GAME_BYTES and is re-lexed at every 64 KB refill: 50 MB = 64 s");
    buf_add(&b, "[Event \"");
    buf_repeat(&b, "Long event name ", n);
    buf_add(&b, "\"] [White \"W\"] 1. 32-28 *");
    read_big(&o, &b, "one tag value", 0);
    expect_at(&o, PDN_D_LIMIT, 1, 1);
    assert_int_equal(o.rc, 0);
    buf_free(&b);
}

/* Many games on one line: per-game cost must not depend on the column. */
static void test_hostile_long_line_of_games(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_repeat(&b, "1. 32-28 18-23 2-0 ", big() / 10);
    size_t games = b.len / strlen("1. 32-28 18-23 2-0 ");
    read_big(&o, &b, "games on one line", games);
    assert_int_equal(errors_of(&o.seen), 0);
    assert_int_equal(o.plies, 2 * games);
    expect_none(&o, PDN_D_LIMIT);
    buf_free(&b);
}

/* One game whose moves fill a line: cut at the game-size limit. */
static void test_hostile_long_line_of_moves(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_add(&b, "[FEN \"W:WK50:BK1\"] ");
    buf_repeat(&b, "50-45 1-6 45-50 6-1 ", big() / 4);
    buf_add(&b, "*");
    read_big(&o, &b, "moves on one line", 0);
    expect_cut(&o, b.len);
    assert_int_equal(o.rc, 0);
    buf_free(&b);
}

static void test_hostile_long_line_of_junk(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    size_t n = slow_big("lexer: a 4 MB junk token is re-lexed at every 64 KB refill: "
                        "16 MB of junk = 15 s");
    buf_add(&b, "1. 32-28 ");
    buf_repeat(&b, "QQQQQQQQ&&&&&&&&", n);
    buf_add(&b, " 18-23 *");
    read_big(&o, &b, "junk", 0);
    expect_at(&o, PDN_D_UNEXPECTED_CHAR, 1, 10);
    expect_cut(&o, b.len);
    buf_free(&b);
}

/* ---- nesting, unterminated constructs, many tags ------------------------- */

static void test_hostile_deep_variations(void **state)
{
    const size_t depth = 100000;
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_add(&b, "1. 32-28 ");
    for (size_t i = 0; i < depth; i++)
        buf_add(&b, "(32-28 ");
    buf_add(&b, "33-28");
    for (size_t i = 0; i < depth; i++)
        buf_add(&b, ")");
    buf_add(&b, " 18-23 *\n1. 33-28 *\n");
    read_big(&o, &b, "100 000 nested variations", 2);
    /* The nesting limit is reported once, at the '(' that passes it. */
    expect_at(&o, PDN_D_LIMIT, 1, 0);
    assert_int_equal(o.rc, 0);
    buf_free(&b);
}

/* Unbalanced the other way: 100 000 ')' with no '('. */
static void test_hostile_many_close_parens(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_add(&b, "1. 32-28 ");
    buf_repeat(&b, ")", 100000);
    buf_add(&b, " 18-23 *");
    read_big(&o, &b, "100 000 ')'", 1);
    expect_at(&o, PDN_D_UNMATCHED_PAREN, 1, 10);
    buf_free(&b);
}

struct unterminated {
    const char *text;
    enum pdn_code code;
    uint32_t line, col; /* of the opening character (of the tag, for a string) */
};

static void test_hostile_unterminated_at_eof(void **state)
{
    static const struct unterminated cases[] = {
        {"[Event \"E\"]\n1. 32-28 {no end\n18-23", PDN_D_UNTERMINATED_COMMENT, 2, 10},
        {"[Event \"E\"]\n[White \"no end\n1. 32-28", PDN_D_UNTERMINATED_STRING, 2, 1},
        {"[Event \"E\"]\n[White \"no end]\n1. 32-28 *", PDN_D_UNTERMINATED_STRING, 2, 1},
        {"[Event \"E\"]\n[White", PDN_D_UNTERMINATED_TAG, 2, 1},
        {"[Event \"E\"]\n1. 32-28 (1. 33-28 18-23", PDN_D_UNTERMINATED_VARIATION, 2, 10},
        {"1. 32-28 (33-28 (34-29 (35-30", PDN_D_UNTERMINATED_VARIATION, 1, 10},
        {"1. 32-28 /FEN \"W:W31-50:B1-20", PDN_D_UNTERMINATED_SETUP, 1, 10},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int strict = 0; strict < 2; strict++) {
            struct outcome o;
            struct read_opts opt = {.strict = strict};
            print_message("  %s%s\n", pdn_diag_name(cases[i].code), strict ? " (strict)" : "");
            read_with(&o, cases[i].text, strlen(cases[i].text), &opt);
            assert_int_equal(o.rc, 0);
            assert_int_equal(o.games, 1); /* the broken game is still handed out */
            expect_at(&o, cases[i].code, cases[i].line, cases[i].col);
        }
    }
}

static void count_tags(const pdn_game *g, void *ctx)
{
    *(size_t *)ctx += g->ntags;
}

static void test_hostile_many_tags(void **state)
{
    const size_t n = 100000;
    struct buf b = {0};
    struct outcome o;
    size_t tags = 0;
    (void)state;
    if (known_bug("parser.c add_tag: the duplicate check is quadratic in the tags of a game "
                  "(100 000 tags: 35 s)"))
        return;
    for (size_t i = 0; i < n; i++)
        buf_printf(&b, "[Tag%zu \"value %zu\"]\n", i, i);
    buf_add(&b, "1. 32-28 *\n[Event \"next\"]\n1. 33-28 *\n");
    double t = now();
    struct read_opts opt = {.each = count_tags, .ctx = &tags};
    read_with(&o, b.p, b.len, &opt);
    report("100 000 tags", b.len, now() - t);
    assert_int_equal(o.games, 2);
    /* All kept, or the limit reported and the rest dropped. */
    if (o.seen.count[PDN_D_LIMIT])
        assert_true(tags < n + 1);
    else
        assert_int_equal(tags, n + 1);
    buf_free(&b);
}

/* 100 000 times the same tag: a duplicate check must not be quadratic. */
static void test_hostile_many_duplicate_tags(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    for (size_t i = 0; i < 100000; i++)
        buf_add(&b, "[Event \"same\"]\n");
    buf_add(&b, "1. 32-28 *\n");
    read_big(&o, &b, "100 000 duplicate tags", 1);
    expect_at(&o, PDN_D_DUPLICATE_TAG, 2, 1);
    buf_free(&b);
}

/* ---- long games, big numbers, bad squares -------------------------------- */

/* Two kings shuffling for 20 000 plies: drawn early by rule, yet replayed. */
static void test_hostile_20000_ply_game(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    /* 50-45 and 1-6: the kings share diagonals but can never take each other. */
    buf_add(&b, "[FEN \"W:WK50:BK1\"]\n");
    for (int move = 1; move <= 10000; move++)
        buf_printf(&b, "%d. %s %s\n", move, move % 2 ? "50-45" : "45-50", move % 2 ? "1-6" : "6-1");
    buf_add(&b, "1-1\n");
    read_big(&o, &b, "20 000 plies", 1);
    assert_int_equal(o.plies, 20000);
    assert_int_equal(o.replay_errors, 0);
    expect_none(&o, PDN_D_ILLEGAL_MOVE);
    assert_int_equal(o.seen.count[PDN_D_DRAW_RULE], 1);
    buf_free(&b);
}

static void test_hostile_huge_move_number(void **state)
{
    static const char *const texts[] = {
        "99999999999999999999. 32-28 18-23 *",
        "4294967297. 32-28 18-23 *",
        "1. 32-28 99999999999999999999... 18-23 *",
    };
    (void)state;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct outcome o;
        read_lenient(&o, texts[i], strlen(texts[i]));
        assert_int_equal(o.games, 1);
        /* Never taken as the (wrapped) number 1: the reader or the replay objects. */
        if (o.seen.total == 0) print_message("  no finding for '%s'\n", texts[i]);
        assert_true(o.seen.total > 0);
        print_message("  '%s':\n", texts[i]);
        print_seen(&o.seen);
    }
}

static void test_hostile_huge_nag(void **state)
{
    static const char *const texts[] = {
        "1. 32-28 $99999999999999999999 18-23 *",
        "1. 32-28 $65537 18-23 *",
    };
    (void)state;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct outcome o;
        read_lenient(&o, texts[i], strlen(texts[i]));
        assert_int_equal(o.games, 1);
        print_message("  '%s':\n", texts[i]);
        print_seen(&o.seen);
        assert_true(o.seen.total > 0);
        assert_int_equal(o.plies, 2);
    }
}

struct bad_square {
    const char *move;
    uint32_t col; /* of the bad square */
};

/* The finding for a move with a bad square: a syntax error at the square,
 * or an illegal move at the move. */
static void expect_bad_square(const struct outcome *o, uint32_t col)
{
    if (o->seen.count[PDN_D_SYNTAX])
        expect_at(o, PDN_D_SYNTAX, 2, col);
    else
        expect_at(o, PDN_D_ILLEGAL_MOVE, 2, 4);
}

/* Out-of-range squares are refused, never wrapped onto real squares:
 * 4294967297 is 2^32 + 1, and K1-7 is legal in the position. */
static void test_hostile_bad_squares_in_games(void **state)
{
    static const struct bad_square cases[] = {
        {"0-7", 4},          {"51-46", 4},
        {"99-94", 4},        {"4294967297-7", 4},
        {"6-4294967297", 6}, {"4294967297x7", 4},
        {"1-4294967303", 6}, {"18446744073709551617-7", 4},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct buf b = {0};
        buf_printf(&b, "[FEN \"W:WK1,K6:BK50\"]\n1. %s *\n", cases[i].move);
        for (int strict = 0; strict < 2; strict++) {
            struct outcome o;
            struct read_opts opt = {.strict = strict};
            read_with(&o, b.p, b.len, &opt);
            assert_int_equal(o.games, 1);
            assert_int_equal(o.plies, 0);
            expect_bad_square(&o, cases[i].col);
        }
        buf_free(&b);
    }
}

static void test_hostile_bad_squares_in_notation(void **state)
{
    static const char *const texts[] = {
        "0-7",
        "51-46",
        "99-94",
        "4294967297-7",
        "6-4294967297",
        "4294967297x7",
        "18446744073709551617-7",
        "1-7x4294967302",
        "00000000000000000001-7",
    };
    struct pdn_board b;
    struct pdn_movelist legal;
    (void)state;
    assert_int_equal(pdn_board_from_fen(&b, PDN_INTERNATIONAL, "W:WK1,K6:BK50", NULL), PDN_OK);
    pdn_movegen(&legal, &b);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        for (int strict = 0; strict < 2; strict++) {
            struct pdn_match m;
            assert_int_equal(pdn_move_match(&m, texts[i], &b, &legal, strict), PDN_OK);
            if (m.result == PDN_MATCH_OK)
                print_message("  '%s' matched move %d\n", texts[i], m.move);
            /* A long run of zeros before 1 may still be square 1. */
            if (i == 8) continue;
            assert_int_not_equal(m.result, PDN_MATCH_OK);
        }
    }
}

/* ---- encodings ---------------------------------------------------------- */

struct bad_byte {
    const char *text; /* '#' marks where the invalid byte goes */
    uint32_t line, col;
};

/* One byte 0xFF in each part of a game: tag name and value, comment, move,
 * NAG, result, setup, variation. */
static const struct bad_byte bad_bytes[] = {
    {"[Ev#ent \"E\"]\n1. 32-28 *\n", 1, 4},
    {"[Event \"E#\"]\n1. 32-28 *\n", 1, 10},
    {"[Event \"E\"]\n1. 32-28 {com#ment} 18-23 *\n", 2, 14},
    {"[Event \"E\"]\n1. 32-28 ; line # comment\n18-23 *\n", 2, 17},
    {"[Event \"E\"]\n1. 32-2#8 18-23 *\n", 2, 8},
    {"[Event \"E\"]\n1. 32#-28 18-23 *\n", 2, 6},
    {"[Event \"E\"]\n1#. 32-28 18-23 *\n", 2, 2},
    {"[Event \"E\"]\n1. 32-28 $1# 18-23 *\n", 2, 12},
    {"[Event \"E\"]\n1. 32-28 18-23 2-#0\n", 2, 18},
    {"[Event \"E\"]\n1. 32-28 (1. 33-#28) 18-23 *\n", 2, 17},
    {"[Event \"E\"]\n/FEN \"W:W3#1:B1\"/ 1. 31-27 *\n", 2, 11},
    {"#[Event \"E\"]\n1. 32-28 *\n", 1, 1},
};

static void with_byte(struct buf *b, const char *text, const char *byte)
{
    const char *mark = strchr(text, '#');
    buf_addn(b, text, (size_t)(mark - text));
    buf_add(b, byte);
    buf_add(b, mark + 1);
}

static void test_hostile_invalid_utf8_everywhere(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_bytes / sizeof bad_bytes[0]; i++) {
        const struct bad_byte *c = &bad_bytes[i];
        struct buf b = {0};
        struct outcome o;
        with_byte(&b, c->text, "\xff");
        print_message("  %s", b.p);
        read_lenient(&o, b.p, b.len);
        assert_int_equal(o.games, 1);
        expect_at(&o, PDN_D_ENCODING_FALLBACK, c->line, c->col);
        struct read_opts utf8 = {.encoding = PDN_ENC_UTF8};
        read_with(&o, b.p, b.len, &utf8);
        assert_int_equal(o.games, 1);
        expect_at(&o, PDN_D_BAD_ENCODING, c->line, c->col);
        buf_free(&b);
    }
}

/* Truncated and overlong sequences, surrogates, code points past U+10FFFF. */
static void test_hostile_invalid_utf8_sequences(void **state)
{
    static const char *const seqs[] = {
        "\xc3",         "\xe2\x80",         "\xf0\x9f\x98",         "\xc0\xaf", "\xe0\x80\xaf",
        "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "\x80",     "\xbf\xbf",
    };
    (void)state;
    for (size_t i = 0; i < sizeof seqs / sizeof seqs[0]; i++) {
        struct buf b = {0};
        struct outcome o;
        with_byte(&b, "[Event \"E\"]\n1. 32-28 {#} 18-23 *\n", seqs[i]);
        struct read_opts utf8 = {.encoding = PDN_ENC_UTF8};
        read_with(&o, b.p, b.len, &utf8);
        assert_int_equal(o.games, 1);
        if ((unsigned char)seqs[i][0] < 0xF4 || !known_bug("encoding.c: forced UTF-8 lets iconv "
                                                           "pass F4 90 80 80 and F8..FD forms"))
            expect_at(&o, PDN_D_BAD_ENCODING, 2, 11);
        assert_int_equal(o.plies, 2);
        read_lenient(&o, b.p, b.len);
        expect_at(&o, PDN_D_ENCODING_FALLBACK, 2, 11);
        assert_int_equal(o.plies, 2);
        buf_free(&b);
    }
}

/* UTF-16 without a byte order mark looks like ASCII with NULs in between:
 * the reader recognises it, decodes it and says so once (not one NUL
 * report per character). */
static void test_hostile_utf16_without_bom(void **state)
{
    static const char text[] = "[Event \"E\"]\n1. 32-28 18-23 *\n";
    struct buf le = {0}, be = {0};
    struct outcome o;
    (void)state;
    for (const char *p = text; *p; p++) {
        buf_addn(&le, p, 1);
        buf_addn(&le, "", 1);
        buf_addn(&be, "", 1);
        buf_addn(&be, p, 1);
    }
    read_lenient(&o, le.p, le.len);
    print_seen(&o.seen);
    assert_int_equal(o.games, 1);
    assert_int_equal(o.plies, 2);
    assert_int_equal(errors_of(&o.seen), 0);
    expect_at(&o, PDN_D_ENCODING_FALLBACK, 1, 1);
    read_lenient(&o, be.p, be.len);
    assert_int_equal(o.plies, 2);
    assert_int_equal(errors_of(&o.seen), 0);
    expect_at(&o, PDN_D_ENCODING_FALLBACK, 1, 1);
    buf_free(&le);
    buf_free(&be);
}

/* ---- FEN ---------------------------------------------------------------- */

static void test_hostile_fen_60_pieces(void **state)
{
    static const char *const fens[] = {
        "W:W1-30:B21-50", /* 60 pieces, 10 squares twice */
        "W:W1-30:B31-60", /* 60 pieces, 10 past square 50 */
        "W:W1-50,1-10:B", /* 60 entries, one side */
        "W:WK1-50:BK1-10",
    };
    static const enum pdn_fen_status want[] = {
        PDN_FEN_DUPLICATE,
        PDN_FEN_SQUARE_RANGE,
        PDN_FEN_DUPLICATE,
        PDN_FEN_DUPLICATE,
    };
    static const size_t offset[] = {9, 12, 8, 11};
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct pdn_board b;
        struct pdn_fen_error err;
        assert_int_equal(pdn_board_from_fen(&b, PDN_INTERNATIONAL, fens[i], &err), PDN_ESYNTAX);
        assert_int_equal(err.status, want[i]);
        assert_int_equal(err.offset, offset[i]);
        /* In a game: a finding at the tag, nothing replayed, the game kept. */
        struct buf g = {0};
        struct outcome o;
        buf_printf(&g, "[Event \"E\"]\n[FEN \"%s\"]\n1. 32-28 *\n", fens[i]);
        read_lenient(&o, g.p, g.len);
        assert_int_equal(o.games, 1);
        expect_at(&o, PDN_D_BAD_FEN, 2, 0);
        assert_int_equal(o.plies, 0);
        buf_free(&g);
    }
}

/* ---- inputs the fuzzers found -------------------------------------------- */

struct regression {
    const char *name;
    const char *data;
    size_t len;
};

#define REGRESSION(name, bytes)                                                                    \
    {                                                                                              \
        name, bytes, sizeof bytes - 1                                                              \
    }

/* Each one crashed, leaked or hung once (see the report that added it). */
static const struct regression regressions[] = {
    /* fuzz_check: tag name "Date \0..." cut at the NUL to "Date ", written
     * as [Date  ""], read back as "Date": writing twice gave other bytes. */
    REGRESSION("NUL in a tag name", "[Date \0 \"\"]\n*\n"),
    REGRESSION("blank in a tag name", "[Date x \"\"]\n*\n"),
};

/* The text of the first game of data, written; the caller frees it. */
static char *write_first(const char *data, size_t len, size_t *out_len)
{
    struct pdn_reader_options ro = {.filename = "rewrite"};
    pdn_reader *r;
    pdn_game *g;
    char *text = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, data, len, &ro), PDN_OK);
    assert_int_equal(pdn_reader_next(r, &g), 1);
    FILE *fp = open_memstream(&text, out_len);
    assert_non_null(fp);
    assert_int_equal(pdn_write_game(fp, g, NULL), PDN_OK);
    assert_int_equal(fclose(fp), 0);
    pdn_game_free(g);
    pdn_reader_free(r);
    return text;
}

/* Written once, read, written again: the same bytes. */
static bool rewrite_stable(const char *data, size_t len)
{
    size_t n1, n2;
    char *once = write_first(data, len, &n1);
    char *twice = write_first(once, n1, &n2);
    bool same = n1 == n2 && memcmp(once, twice, n1) == 0;
    if (!same) print_message("written once:\n%s\nwritten twice:\n%s\n", once, twice);
    free(once);
    free(twice);
    return same;
}

static void test_hostile_fuzz_regressions(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof regressions / sizeof regressions[0]; i++) {
        struct outcome o;
        print_message("  %s\n", regressions[i].name);
        for (int strict = 0; strict < 2; strict++) {
            struct read_opts opt = {.strict = strict};
            read_with(&o, regressions[i].data, regressions[i].len, &opt);
            assert_true(o.rc <= 0);
        }
        if (!rewrite_stable(regressions[i].data, regressions[i].len) &&
            !known_bug("writer.c writes tag names that are not identifiers as they are "
                       "(and lexer.c cuts them at a NUL): [Date  \"\"] reads back as Date"))
            fail();
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hostile_empty_input),
        cmocka_unit_test(test_hostile_whitespace_only),
        cmocka_unit_test(test_hostile_binary_noise),
        cmocka_unit_test(test_hostile_pdn_noise),
        cmocka_unit_test(test_hostile_nul_bytes),
        cmocka_unit_test(test_hostile_nul_flood),
        cmocka_unit_test(test_hostile_long_line_comment),
        cmocka_unit_test(test_hostile_long_line_tag_value),
        cmocka_unit_test(test_hostile_long_line_of_games),
        cmocka_unit_test(test_hostile_long_line_of_moves),
        cmocka_unit_test(test_hostile_long_line_of_junk),
        cmocka_unit_test(test_hostile_deep_variations),
        cmocka_unit_test(test_hostile_many_close_parens),
        cmocka_unit_test(test_hostile_unterminated_at_eof),
        cmocka_unit_test(test_hostile_many_tags),
        cmocka_unit_test(test_hostile_many_duplicate_tags),
        cmocka_unit_test(test_hostile_20000_ply_game),
        cmocka_unit_test(test_hostile_huge_move_number),
        cmocka_unit_test(test_hostile_huge_nag),
        cmocka_unit_test(test_hostile_bad_squares_in_games),
        cmocka_unit_test(test_hostile_bad_squares_in_notation),
        cmocka_unit_test(test_hostile_invalid_utf8_everywhere),
        cmocka_unit_test(test_hostile_invalid_utf8_sequences),
        cmocka_unit_test(test_hostile_utf16_without_bom),
        cmocka_unit_test(test_hostile_fen_60_pieces),
        cmocka_unit_test(test_hostile_fuzz_regressions),
    };
    return cmocka_run_group_tests_name("hostile", tests, NULL, NULL);
}
