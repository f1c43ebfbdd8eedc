/*
 * Hostile input for the reader: what it does with files made to hurt it.
 * Empty and blank files, noise, NUL bytes, 50 MB lines, deep nesting,
 * unterminated constructs, 100 000 tags, invalid UTF-8 and UTF-16 without a
 * byte order mark. Each case must end with a defined outcome and a clear
 * diagnostic (code and place), in time linear in the input and with memory
 * bounded by the documented limits: reaching a limit is a PDN_DIAG_LIMIT
 * finding, never a crash.
 *
 * Inputs are generated in memory. The big ones (a 50 MB line, 100 000 tags,
 * 100 000 nested variations) are sized so that a quadratic reader would
 * visibly hang rather than pass slowly. No timed assertions: the figures are
 * printed. PDN_HOSTILE_SMALL=1 in the environment (set by itself under
 * valgrind) scales the 50 MB inputs down to 2 MB.
 *
 * Every game read is also walked, replayed, written, read back and written
 * again (hostile_fixture.h), so the whole pipeline sees each input.
 */
#include "hostile_fixture.h"

/* ---- empty, blank, noise ------------------------------------------------ */

static void test_hostile_empty_input(void **state)
{
    struct outcome o;
    (void)state;
    read_lenient(&o, "", 0);
    assert_int_equal(o.rc, 0);
    assert_int_equal(o.games, 0);
    /* Said once: a file with no game. */
    assert_int_equal(o.seen.total, 1);
    expect_at(&o, PDN_DIAG_NO_GAME, 0, 0);
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
        assert_int_equal(o.seen.errors, 0);
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
    for (int enc = PDN_ENCODING_AUTO; enc <= PDN_ENCODING_CP866; enc++) {
        for (int strict = 0; strict < 2; strict++) {
            struct read_opts opt = {.strict = strict, .encoding = (enum pdn_encoding)enc};
            read_with(&o, b.p, b.len, &opt);
            assert_int_equal(o.rc, 0);
            /* Neither a tag nor a move: said once, about the file, and
             * nothing else (not a finding per stray byte). */
            assert_int_equal(o.games, 0);
            expect_at(&o, PDN_DIAG_NOT_PDN, 0, 0);
            assert_int_equal(o.seen.total, 1);
        }
    }
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
    assert_true(o.seen.count[PDN_DIAG_NUL_BYTE] > 0);
    expect_at(&o, PDN_DIAG_NUL_BYTE, 1, 10);
    assert_int_equal(o.seen.count[PDN_DIAG_NUL_BYTE], 2);
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
    expect_at(&o, PDN_DIAG_NOT_PDN, 0, 0);
    assert_int_equal(o.seen.total, 1);
    /* After a tag, the NUL bytes are the game's: reported at their place. */
    memcpy(zeros, "[Event \"x\"]\n", 12);
    read_lenient(&o, zeros, MB);
    assert_int_equal(o.rc, 0);
    expect_at(&o, PDN_DIAG_NUL_BYTE, 2, 1);
    expect_none(&o, PDN_DIAG_NOT_PDN);
    print_message("  1 MB of NUL bytes: %lu reports\n", o.seen.count[PDN_DIAG_NUL_BYTE]);
    free(zeros);
}

/* ---- one 50 MB line ----------------------------------------------------- */

/* Past PDN_LIMIT_GAME_BYTES a game is cut, reported at its start (1:1). */
static void expect_cut(const struct outcome *o, size_t len)
{
    if (len > PDN_LIMIT_GAME_BYTES)
        expect_at(o, PDN_DIAG_LIMIT, 1, 1);
    else
        expect_none(o, PDN_DIAG_LIMIT);
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
    size_t n = big();
    buf_add(&b, "[Event \"");
    buf_repeat(&b, "Long event name ", n);
    buf_add(&b, "\"] [White \"W\"] 1. 32-28 *");
    read_big(&o, &b, "one tag value", 0);
    expect_at(&o, PDN_DIAG_LIMIT, 1, 1);
    assert_int_equal(o.rc, 0);
    buf_free(&b);
}

/* The Event value of a game, its length in *ctx. */
static void event_length(const pdn_game *g, void *ctx)
{
    const char *v = pdn_game_tag(g, "Event");
    *(size_t *)ctx = v ? strlen(v) : 0;
}

/* The tag-value limit is of the value, not of its text in the file, where
 * each '"' takes two bytes: cut before its escapes were undone, a value
 * was cut again when read back from what the writer wrote (the fixture
 * writes each game, reads it back and writes it again), and a value
 * within the limit whose text was not lost its end. */
static void test_hostile_escaped_tag_value(void **state)
{
    (void)state;
    const size_t pairs[] = {PDN_LIMIT_TAG_VALUE / 2 + 50, PDN_LIMIT_TAG_VALUE / 2 - 50};
    for (size_t i = 0; i < 2; i++) {
        struct buf b = {0};
        struct outcome o;
        size_t len = 0;
        buf_add(&b, "[Event \"");
        buf_repeat(&b, "a\\\"", 3 * pairs[i]); /* a\", three bytes a pair */
        buf_add(&b, "\"] 1. 32-28 *");
        struct read_opts opt = {.each = event_length, .ctx = &len};
        read_with(&o, b.p, b.len, &opt);
        assert_int_equal(o.games, 1);
        if (2 * pairs[i] > PDN_LIMIT_TAG_VALUE) {
            expect_at(&o, PDN_DIAG_LIMIT, 1, 1);
            assert_int_equal(len, PDN_LIMIT_TAG_VALUE);
        } else {
            expect_none(&o, PDN_DIAG_LIMIT);
            assert_int_equal(len, 2 * pairs[i]);
        }
        buf_free(&b);
    }
    /* A backslash that escapes nothing is kept, and written escaped: a
     * value of the limit's length so written, past the limit as text, is
     * the same value read back. */
    struct buf b = {0};
    struct outcome o;
    size_t len = 0;
    buf_add(&b, "[Event \"");
    buf_repeat(&b, "\\a", PDN_LIMIT_TAG_VALUE);
    buf_add(&b, "\"] 1. 32-28 *");
    struct read_opts opt = {.each = event_length, .ctx = &len};
    read_with(&o, b.p, b.len, &opt);
    expect_none(&o, PDN_DIAG_LIMIT);
    assert_int_equal(len, PDN_LIMIT_TAG_VALUE);
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
    assert_int_equal(o.seen.errors, 0);
    assert_int_equal(o.plies, 2 * games);
    expect_none(&o, PDN_DIAG_LIMIT);
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
    /* 4 MiB of these moves make a tree past PDN_LIMIT_GAME_TREE: cut first
     * there, further on the line, then at the game's size. */
    if (b.len > PDN_LIMIT_GAME_BYTES) {
        assert_true(o.seen.count[PDN_DIAG_LIMIT] >= 2);
        assert_int_equal(o.seen.first[PDN_DIAG_LIMIT].line, 1);
        assert_true(o.seen.first[PDN_DIAG_LIMIT].col > 1);
    } else {
        expect_none(&o, PDN_DIAG_LIMIT);
    }
    assert_int_equal(o.rc, 0);
    buf_free(&b);
}

/* ---- the memory of a game's tree ----------------------------------------- */

struct tree_seen {
    size_t games, raw_len;
    size_t nodes, lines; /* in the tree of the first game */
};

static void count_line(struct tree_seen *t, const struct pdn_line *line)
{
    t->lines++;
    t->nodes += line->nmoves;
    for (uint32_t i = 0; i < line->nmoves; i++)
        for (uint32_t v = 0; v < pdn_annotations_of(&line->moves[i])->nvariations; v++)
            count_line(t, &pdn_annotations_of(&line->moves[i])->variations[v]);
}

static void see_tree(const pdn_game *g, void *ctx)
{
    struct tree_seen *t = ctx;
    if (t->games++ == 0) {
        t->raw_len = g->raw_len;
        count_line(t, &g->main);
    }
}

/* A game within PDN_LIMIT_GAME_BYTES whose tree would take many times its
 * text (a 128-byte node for each 4-byte move) is cut where the tree
 * outgrows PDN_LIMIT_GAME_TREE: told once, at that place, and the rest of
 * the game is read for its end only, so it stays one game whose text
 * (pdn_game.raw) is whole. (Before: no limit, and "1. 32-28 " + "(1-6) "
 * x 699 000, 4 MB, took 982 MB; with "(32-27) " x 400 000, 508 MB.) */
static void test_hostile_tree_outgrows_its_limit(void **state)
{
    static const struct {
        const char *head, *fill, *tail;
        size_t repeat;
    } cases[] = {
        {"1. 32-28 ", "(1-6) ", "*\n", 699000},
        {"1. 32-28 ", "(32-27) ", "*\n", 400000},
        {"[FEN \"W:WK50:BK1\"] ", "50-45 1-6 45-50 6-1 ", "*\n", 200000},
        {"1. 32-28 ", "{} ", "*\n", 1300000},
    };
    (void)state;
    if (small_run()) return; /* the point is the size */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct buf b = {0};
        struct outcome o;
        struct tree_seen t = {0};
        buf_add(&b, cases[i].head);
        buf_repeat(&b, cases[i].fill, strlen(cases[i].fill) * cases[i].repeat);
        buf_add(&b, cases[i].tail);
        assert_true(b.len <= PDN_LIMIT_GAME_BYTES);
        struct read_opts opt = {.no_rewrite = true, .each = see_tree, .ctx = &t};
        double start = now();
        read_with(&o, b.p, b.len, &opt);
        report(cases[i].fill, b.len, now() - start);
        assert_int_equal(o.rc, 0);
        assert_int_equal(o.games, 1);
        assert_int_equal(t.raw_len, b.len - 1); /* all but the last line end */
        if (o.seen.count[PDN_DIAG_LIMIT] != 1) dc_print_counts(&o.seen);
        assert_int_equal(o.seen.count[PDN_DIAG_LIMIT], 1);
        assert_int_equal(o.seen.first[PDN_DIAG_LIMIT].line, 1);
        assert_true(o.seen.first[PDN_DIAG_LIMIT].col > 1);
        /* What was kept fits the limit. */
        size_t kept = t.nodes * sizeof(struct pdn_node) + t.lines * sizeof(struct pdn_line);
        print_message("    kept %zu nodes, %zu lines\n", t.nodes, t.lines);
        assert_true(kept <= PDN_LIMIT_GAME_TREE);
        buf_free(&b);
    }
}

static void test_hostile_long_line_of_junk(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    size_t n = big();
    buf_add(&b, "1. 32-28 ");
    buf_repeat(&b, "QQQQQQQQ&&&&&&&&", n);
    buf_add(&b, " 18-23 *");
    read_big(&o, &b, "junk", 0);
    expect_at(&o, PDN_DIAG_UNEXPECTED_CHAR, 1, 10);
    expect_cut(&o, b.len);
    buf_free(&b);
}

/* ---- tokens past the size limit ------------------------------------------ */

/* A token longer than PDN_LIMIT_GAME_BYTES, before any game or inside one,
 * is cut there and reported once (PDN_DIAG_LIMIT); its rest is skipped up to
 * where it ends, never read as tokens or games of its own, and the game after
 * it is read whole. (Before: the buffer held the whole token, 1.5 GB for a
 * 500 MB comment, and a comment cut inside a game became junk and games.) */
struct cut_case {
    const char *open, *fill, *close;
    size_t games, plies;  /* read in all */
    bool nests;           /* lenient only: strict braces do not nest */
    unsigned long limits; /* PDN_DIAG_LIMIT findings: the cut, and the tag value's */
};

static void test_hostile_token_cut_at_limit(void **state)
{
    static const struct cut_case cases[] = {
        {"{", "x", "}\n1. 32-28 *\n", 2, 1, false, 1},
        {"{", "a {b} c ", "}\n1. 32-28 *\n", 2, 1, true, 1},
        {"; ", "x", "\n1. 32-28 *\n", 2, 1, false, 1},
        {"1. 32-28 {", "very long comment ", "}\n1. 33-28 *\n", 2, 2, false, 1},
        {"1. 32-28 ; ", "very long comment ", "\n1. 33-28 *\n", 2, 2, false, 1},
        {"[Event \"", "Long event name ", "\"]\n1. 32-28 *\n", 2, 1, false, 2},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct cut_case *c = &cases[i];
        struct buf b = {0};
        buf_add(&b, c->open);
        buf_repeat(&b, c->fill, PDN_LIMIT_GAME_BYTES + MB);
        buf_add(&b, c->close);
        for (int strict = 0; strict < (c->nests ? 1 : 2); strict++) {
            struct outcome o;
            struct read_opts opt = {.strict = strict};
            print_message("  %s...%s%s", c->open, c->close, strict ? " (strict)\n" : "\n");
            read_with(&o, b.p, b.len, &opt);
            if (o.games != c->games || o.seen.count[PDN_DIAG_LIMIT] != c->limits)
                dc_print_counts(&o.seen);
            assert_int_equal(o.rc, 0);
            assert_int_equal(o.games, c->games);
            assert_int_equal(o.plies, c->plies);
            assert_int_equal(o.seen.count[PDN_DIAG_LIMIT], c->limits);
            expect_at(&o, PDN_DIAG_LIMIT, 1, 1);
            expect_none(&o, PDN_DIAG_UNEXPECTED_CHAR);
            expect_none(&o, PDN_DIAG_UNTERMINATED_COMMENT);
        }
        buf_free(&b);
    }
}

/* A run of digits past the limit is a number cut there, not a number
 * silently clamped with the rest of the run in it. */
static void test_hostile_digits_cut_at_limit(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    /* A tag first: a file that starts with megabytes of digits is no PDN. */
    buf_add(&b, "[Event \"E\"]\n");
    buf_repeat(&b, "1", PDN_LIMIT_GAME_BYTES + MB);
    buf_add(&b, "\n1. 32-28 *\n");
    read_lenient(&o, b.p, b.len);
    assert_int_equal(o.games, 2);
    expect_at(&o, PDN_DIAG_LIMIT, 1, 1); /* the game cut, then the move text */
    assert_int_equal(o.plies, 1);        /* 32-28 of game 2 */
    buf_free(&b);
}

/* Between games, the reader looks past a remark and its dashes for a move
 * number ("a long - 1. 32-28"): a comment longer than the limit there is
 * not read whole for that look (the window would hold it all, 625 MB and
 * 190 s for a 200 MB comment), but cut where a game would cut it. */
static void test_hostile_long_comment_after_a_remark_and_dashes(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_add(&b, "[Event \"E\"]\n1. 32-28 *\na long - - {");
    buf_repeat(&b, "x", PDN_LIMIT_GAME_BYTES + MB);
    buf_add(&b, "}\n1. 32-28 *\n");
    read_lenient(&o, b.p, b.len);
    if (o.games != 3) dc_print_counts(&o.seen);
    assert_int_equal(o.games, 3);
    assert_int_equal(o.seen.count[PDN_DIAG_LIMIT], 1);
    expect_at(&o, PDN_DIAG_LIMIT, 3, 8);
    buf_free(&b);
}

/* A % line is dropped as it comes, however long: nothing to report. */
static void test_hostile_long_percent_line(void **state)
{
    struct buf b = {0};
    struct outcome o;
    (void)state;
    buf_add(&b, "%");
    buf_repeat(&b, "x", PDN_LIMIT_GAME_BYTES + MB);
    buf_add(&b, "\n1. 32-28 *\n");
    read_lenient(&o, b.p, b.len);
    assert_int_equal(o.games, 1);
    assert_int_equal(o.plies, 1);
    assert_int_equal(o.seen.total, 0);
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
    expect_at(&o, PDN_DIAG_LIMIT, 1, 0);
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
    expect_at(&o, PDN_DIAG_UNMATCHED_PAREN, 1, 10);
    buf_free(&b);
}

struct unterminated {
    const char *text;
    enum pdn_diag_code code;
    uint32_t line, col; /* of the opening character (of the tag, for a string) */
};

static void test_hostile_unterminated_at_eof(void **state)
{
    static const struct unterminated cases[] = {
        {"[Event \"E\"]\n1. 32-28 {no end\n18-23", PDN_DIAG_UNTERMINATED_COMMENT, 2, 10},
        {"[Event \"E\"]\n[White \"no end\n1. 32-28", PDN_DIAG_UNTERMINATED_STRING, 2, 1},
        {"[Event \"E\"]\n[White \"no end]\n1. 32-28 *", PDN_DIAG_UNTERMINATED_STRING, 2, 1},
        {"[Event \"E\"]\n[White", PDN_DIAG_UNTERMINATED_TAG, 2, 1},
        {"[Event \"E\"]\n1. 32-28 (1. 33-28 18-23", PDN_DIAG_UNTERMINATED_VARIATION, 2, 10},
        {"1. 32-28 (33-28 (34-29 (35-30", PDN_DIAG_UNTERMINATED_VARIATION, 1, 10},
        {"1. 32-28 /FEN \"W:W31-50:B1-20", PDN_DIAG_UNTERMINATED_SETUP, 1, 10},
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
    for (size_t i = 0; i < n; i++)
        buf_printf(&b, "[Tag%zu \"value %zu\"]\n", i, i);
    buf_add(&b, "1. 32-28 *\n[Event \"next\"]\n1. 33-28 *\n");
    double t = now();
    struct read_opts opt = {.each = count_tags, .ctx = &tags};
    read_with(&o, b.p, b.len, &opt);
    report("100 000 tags", b.len, now() - t);
    assert_int_equal(o.games, 2);
    /* All kept, or the limit reported and the rest dropped. */
    if (o.seen.count[PDN_DIAG_LIMIT])
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
    expect_at(&o, PDN_DIAG_DUPLICATE_TAG, 2, 1);
    buf_free(&b);
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
    size_t mark = strcspn(text, "#");
    assert_int_equal(text[mark], '#');
    buf_addn(b, text, mark);
    buf_add(b, byte);
    buf_add(b, text + mark + 1);
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
        expect_at(&o, PDN_DIAG_ENCODING_FALLBACK, c->line, c->col);
        struct read_opts utf8 = {.encoding = PDN_ENCODING_UTF8};
        read_with(&o, b.p, b.len, &utf8);
        assert_int_equal(o.games, 1);
        expect_at(&o, PDN_DIAG_BAD_ENCODING, c->line, c->col);
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
        struct read_opts utf8 = {.encoding = PDN_ENCODING_UTF8};
        read_with(&o, b.p, b.len, &utf8);
        assert_int_equal(o.games, 1);
        expect_at(&o, PDN_DIAG_BAD_ENCODING, 2, 11);
        assert_int_equal(o.plies, 2);
        read_lenient(&o, b.p, b.len);
        expect_at(&o, PDN_DIAG_ENCODING_FALLBACK, 2, 11);
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
    dc_print_counts(&o.seen);
    assert_int_equal(o.games, 1);
    assert_int_equal(o.plies, 2);
    assert_int_equal(o.seen.errors, 0);
    expect_at(&o, PDN_DIAG_ENCODING_FALLBACK, 1, 1);
    read_lenient(&o, be.p, be.len);
    assert_int_equal(o.plies, 2);
    assert_int_equal(o.seen.errors, 0);
    expect_at(&o, PDN_DIAG_ENCODING_FALLBACK, 1, 1);
    buf_free(&le);
    buf_free(&be);
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
        cmocka_unit_test(test_hostile_escaped_tag_value),
        cmocka_unit_test(test_hostile_long_line_of_games),
        cmocka_unit_test(test_hostile_long_line_of_moves),
        cmocka_unit_test(test_hostile_long_line_of_junk),
        cmocka_unit_test(test_hostile_tree_outgrows_its_limit),
        cmocka_unit_test(test_hostile_token_cut_at_limit),
        cmocka_unit_test(test_hostile_digits_cut_at_limit),
        cmocka_unit_test(test_hostile_long_comment_after_a_remark_and_dashes),
        cmocka_unit_test(test_hostile_long_percent_line),
        cmocka_unit_test(test_hostile_deep_variations),
        cmocka_unit_test(test_hostile_many_close_parens),
        cmocka_unit_test(test_hostile_unterminated_at_eof),
        cmocka_unit_test(test_hostile_many_tags),
        cmocka_unit_test(test_hostile_many_duplicate_tags),
        cmocka_unit_test(test_hostile_invalid_utf8_everywhere),
        cmocka_unit_test(test_hostile_invalid_utf8_sequences),
        cmocka_unit_test(test_hostile_utf16_without_bom),
    };
    return cmocka_run_group_tests_name("hostile_read", tests, NULL, NULL);
}
