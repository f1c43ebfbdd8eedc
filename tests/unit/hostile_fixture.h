/*
 * Helpers shared by the hostile-input tests (test_hostile_read.c,
 * test_hostile_play.c): growable text, the size of the big inputs, and a
 * reader that sends every game through the whole pipeline (walk, replay,
 * write, read back, write again) while it records the diagnostics
 * (diag_collector.h).
 * Header-only, static; include it after <cmocka.h>'s prerequisites.
 */
#ifndef HOSTILE_FIXTURE_H
#define HOSTILE_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag_collector.h"
#include "pdn.h"

#define MB ((size_t)1 << 20)

/* ---- growable text ------------------------------------------------------ */

struct buf {
    char *p;
    size_t len, cap;
};

static inline void buf_reserve(struct buf *b, size_t n)
{
    if (b->len + n + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n + 1)
        cap *= 2;
    b->p = realloc(b->p, cap);
    assert_non_null(b->p);
    b->cap = cap;
}

static inline void buf_addn(struct buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static inline void buf_add(struct buf *b, const char *s)
{
    buf_addn(b, s, strlen(s));
}

static inline void buf_printf(struct buf *b, const char *fmt, ...)
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
static inline void buf_repeat(struct buf *b, const char *s, size_t n)
{
    size_t k = strlen(s), want = b->len + n;
    buf_reserve(b, n + k);
    while (b->len < want) {
        memcpy(b->p + b->len, s, k);
        b->len += k;
    }
    b->p[b->len] = '\0';
}

static inline void buf_free(struct buf *b)
{
    free(b->p);
    *b = (struct buf){0};
}

/* ---- environment ---------------------------------------------------------- */

/* Small inputs asked for, or running under valgrind (its preload library). */
static inline bool small_run(void)
{
    const char *s = getenv("PDN_HOSTILE_SMALL");
    const char *pre = getenv("LD_PRELOAD");
    if (s && *s && strcmp(s, "0") != 0) return true;
    return pre && strstr(pre, "vgpreload");
}

/* The size of the "50 MB" inputs. */
static inline size_t big(void)
{
    return small_run() ? 2 * MB : 50 * MB;
}

static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static inline void report(const char *what, size_t bytes, double seconds)
{
    print_message("  %s: %.1f MB in %.2f s\n", what, (double)bytes / (double)MB, seconds);
}

/* ---- reading and recording ---------------------------------------------- */

struct outcome {
    int rc;       /* what pdn_reader_next returned last */
    size_t games; /* games read */
    size_t plies; /* main-line plies replayed, summed */
    unsigned replay_errors;
    size_t written;             /* bytes the writer wrote, summed */
    size_t max_tags;            /* most tags in one game */
    size_t bad_utf8;            /* games the writer wrote as invalid UTF-8 */
    struct diag_collector seen; /* the findings of the input */
};

/* Findings of the read-back copy are not the input's: only counted. */
static inline void on_diag_quiet(const struct pdn_diag *d, void *ctx)
{
    (void)ctx;
    assert_true((unsigned)d->code < PDN_DIAG_COUNT);
}

/* Each ply handed out is the move played on the board before it. */
static inline void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                          const struct pdn_move *move, const struct pdn_node *node, int depth,
                          void *ctx)
{
    struct pdn_board b = *before;
    (void)ctx;
    assert_non_null(node);
    assert_true(depth >= 0);
    assert_true(move->from >= 1 && move->from <= pdn_board_squares(before));
    assert_true(move->to >= 1 && move->to <= pdn_board_squares(before));
    pdn_board_play(&b, move);
    assert_true(pdn_board_equal(&b, after));
}

/* The game as canonical PDN, in a malloc'd buffer of *out_len bytes. */
static inline char *write_text(const pdn_game *g, size_t *out_len)
{
    char *text = NULL;
    FILE *fp = open_memstream(&text, out_len);
    assert_non_null(fp);
    assert_int_equal(pdn_write_game(fp, g, NULL), PDN_OK);
    assert_int_equal(fclose(fp), 0);
    assert_true(*out_len > 0);
    return text;
}

/* Where two texts first differ, with some context from each. */
static inline void print_difference(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t i = 0;
    while (i < alen && i < blen && a[i] == b[i])
        i++;
    size_t from = i > 160 ? i - 160 : 0;
    int na = (int)((alen - from) < 240 ? alen - from : 240);
    int nb = (int)((blen - from) < 240 ? blen - from : 240);
    print_message("written once (%zu bytes) and twice (%zu) differ at byte %zu:\n"
                  "once:  ...%.*s\ntwice: ...%.*s\n",
                  alen, blen, i, na, a + from, nb, b + from);
}

/* Written text reads back as exactly one game that writes to the same bytes.
 * Not past PDN_LIMIT_GAME_BYTES: a game cut there grows when written (move
 * numbers, tag roster) and the reader must cut the copy again. */
static inline void check_rewrite(const char *text, size_t len)
{
    if (len > PDN_LIMIT_GAME_BYTES) return;
    struct pdn_reader_options ro = {
        .version = PDN_READER_OPTIONS_VERSION, .filename = "written", .on_diag = on_diag_quiet};
    pdn_reader *r;
    pdn_game *g;
    size_t len2;
    assert_int_equal(pdn_reader_open_memory(&r, text, len, &ro), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    char *again = write_text(g, &len2);
    bool same = len2 == len && memcmp(text, again, len) == 0;
    if (!same) print_difference(text, len, again, len2);
    assert_true(same);
    free(again);
    pdn_game_free(g);
    assert_int_equal(pdn_reader_next(&g, r), 0);
    pdn_reader_free(r);
}

/* Touches every string of a node so that the memory tools see a bad one. */
static inline size_t walk_comments(const struct pdn_comment *c, uint32_t n)
{
    size_t sum = 0;
    for (uint32_t i = 0; i < n; i++)
        sum += strlen(c[i].text);
    return sum;
}

static inline size_t walk_line(const struct pdn_line *line, int depth)
{
    size_t sum = walk_comments(line->trailing, line->ntrailing);
    if (depth > 1000) return sum; /* the reader bounds nesting well before */
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *n = &line->moves[i];
        sum += strlen(n->text) +
               (pdn_annotations_of(n)->strength ? strlen(pdn_annotations_of(n)->strength) : 0);
        sum += walk_comments(pdn_annotations_of(n)->comments_before,
                             pdn_annotations_of(n)->ncomments_before);
        sum += walk_comments(pdn_annotations_of(n)->comments_after,
                             pdn_annotations_of(n)->ncomments_after);
        for (uint32_t v = 0; v < pdn_annotations_of(n)->nvariations; v++)
            sum += walk_line(&pdn_annotations_of(n)->variations[v], depth + 1);
    }
    return sum;
}

static inline void walk_game(const pdn_game *g)
{
    for (uint32_t i = 0; i < g->ntags; i++) {
        assert_non_null(g->tags[i].name);
        assert_non_null(g->tags[i].value);
    }
    /* pdn_game_tag() is a linear search: only the first tags, or 100 000 take 30 s. */
    for (uint32_t i = 0; i < g->ntags && i < 64; i++)
        assert_non_null(pdn_game_tag(g, g->tags[i].name));
    (void)walk_line(&g->main, 0);
}

/* Replays and writes a game, as pdncheck and pdnfmt would; with 'rewrite',
 * also reads the written text back and writes it again, as fuzz_check does. */
static inline void through_pipeline(struct outcome *o, const pdn_game *g, bool rewrite)
{
    struct pdn_replay_summary sum;
    struct pdn_replay_options ro = {.version = PDN_REPLAY_OPTIONS_VERSION,
                                    .filename = "hostile",
                                    .on_diag = dc_collect,
                                    .diag_ctx = &o->seen,
                                    .on_ply = on_ply};
    walk_game(g);
    int rc = pdn_replay_game(&sum, g, &ro);
    assert_int_equal(rc, PDN_OK);
    o->plies += sum.plies;
    o->replay_errors += sum.errors;
    size_t len = 0;
    char *text = write_text(g, &len);
    if (!dc_utf8_valid((const unsigned char *)text, len)) o->bad_utf8++;
    o->written += len;
    if (rewrite) check_rewrite(text, len);
    free(text);
}

typedef void (*game_fn)(const pdn_game *g, void *ctx);

struct read_opts {
    bool strict;
    bool no_rewrite; /* skip: write, read back, write again, the same bytes */
    enum pdn_encoding encoding;
    game_fn each; /* called for every game, may be NULL */
    void *ctx;
};

static inline void read_with(struct outcome *o, const void *data, size_t len,
                             const struct read_opts *opt)
{
    memset(o, 0, sizeof *o);
    struct pdn_reader_options ro = {
        .version = PDN_READER_OPTIONS_VERSION,
        .filename = "hostile",
        .strict = opt->strict,
        .encoding = opt->encoding,
        .on_diag = dc_collect,
        .diag_ctx = &o->seen,
    };
    pdn_reader *r;
    pdn_game *g;
    assert_int_equal(pdn_reader_open_memory(&r, data, len, &ro), PDN_OK);
    while ((o->rc = pdn_reader_next(&g, r)) > 0) {
        assert_int_equal(g->index, ++o->games);
        if (g->ntags > o->max_tags) o->max_tags = g->ntags;
        through_pipeline(o, g, !opt->no_rewrite);
        if (opt->each) opt->each(g, opt->ctx);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    if (o->bad_utf8 || o->seen.bad_utf8)
        print_message("  invalid UTF-8 out: %zu game(s) written, %lu diagnostic(s) (encoding %d)\n",
                      o->bad_utf8, o->seen.bad_utf8, (int)opt->encoding);
    assert_int_equal(o->bad_utf8, 0);
    assert_int_equal(o->seen.bad_utf8, 0);
}

static inline void read_lenient(struct outcome *o, const void *data, size_t len)
{
    struct read_opts opt = {0};
    read_with(o, data, len, &opt);
}

/* The first diagnostic of this code is at line:col (col 0: any column). */
static inline void expect_at(const struct outcome *o, enum pdn_diag_code code, uint32_t line,
                             uint32_t col)
{
    const struct diag_collector *s = &o->seen;
    if (s->count[code] == 0 || s->first[code].line != line || (col && s->first[code].col != col)) {
        print_message("want %s at %u:%u; diagnostics were:\n", pdn_diag_name(code), line, col);
        dc_print_counts(s);
    }
    assert_true(s->count[code] > 0);
    assert_int_equal(s->first[code].line, line);
    if (col) assert_int_equal(s->first[code].col, col);
}

static inline void expect_none(const struct outcome *o, enum pdn_diag_code code)
{
    if (o->seen.count[code]) dc_print_counts(&o->seen);
    assert_int_equal(o->seen.count[code], 0);
}

/* Reads text, reports the time, and checks it gave 'games' games (0: any). */
static inline void read_big(struct outcome *o, const struct buf *b, const char *what, size_t games)
{
    double t = now();
    read_lenient(o, b->p, b->len);
    report(what, b->len, now() - t);
    print_message("    %zu game(s), %lu finding(s)\n", o->games, o->seen.total);
    if (games && o->games != games) dc_print_counts(&o->seen);
    if (games) assert_int_equal(o->games, games);
    assert_true(o->games > 0);
}

#endif
