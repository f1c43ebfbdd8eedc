/*
 * Unit tests of pdn_scratch (scratch.c): a replay, a formatting and a
 * statistics record made with a scratch kept from game to game give what
 * each gives with memory of its own: the same summaries, the same
 * findings, the same bytes, game after game, whatever the game before left
 * in the scratch. A call made from a callback of another that holds the
 * scratch makes its own. Options of version 1, which end before the
 * scratch, are not read past their end (an overread fails under ASan).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "games_io.h"
#include "pdn.h"
#include "scratch.h"

/* Real games (tests/data/SOURCES.md), and games whose faults fill the
 * formatter's tables, each followed by a clean game that must not show
 * them. */
static const char *const tournaments[] = {
    "tests/data/tournaments/Championnat de France 2021.pdn",
    "tests/data/tournaments/48th Polish Team Championship.pdn",
    "tests/data/tournaments/Partie_avec_FEN1.pdn",
};

static const char faulty[] =
    "[Event \"clean\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    "[Event \"capture with a dash\"]\n1. 32-28 19-23 2. 28-19 14x23 *\n\n"
    "[Event \"clean\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    "[Event \"wrong number\"]\n1. 32-28 19-23 5. 28x19 14x23 *\n\n"
    "[Event \"clean\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    "[Event \"illegal\"]\n1. 32-28 19-23 2. 28-22 17-21 3. 37-32 (3. 31-26 21-27) *\n\n"
    "[Event \"clean\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    "[Event \"mismatch\"]\n[Result \"2-0\"]\n1. 32-28 0-2\n\n"
    "[Event \"clean\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n";

/* Findings as text, one a line: what a run reported, in order. */
static void note_diag(const struct pdn_diag *d, void *ctx)
{
    char message[512];
    pdn_diag_message(message, sizeof message, d);
    fprintf(ctx, "%s %s\n", pdn_diag_name(d->code), message);
}

/* What a replay gives, as text: its summary and its findings. */
static char *replay_text(const pdn_game *g, pdn_scratch *scratch)
{
    struct memout m;
    FILE *fp = memout_open(&m);
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.on_diag = note_diag;
    ro.diag_ctx = fp;
    ro.scratch = scratch;
    struct pdn_replay_summary s;
    assert_int_equal(pdn_replay_game(&s, g, &ro), PDN_OK);
    char fen[PDN_FEN_MAX];
    pdn_board_to_fen(fen, &s.final);
    fprintf(fp, "%u %u %u %u %d %s %d %u\n", s.errors, s.warnings, s.notes, s.plies, s.complete,
            fen, (int)s.draw_rule, s.draw_ply);
    return memout_text(&m);
}

/* What a formatting gives: its bytes, then its findings. */
static char *format_text(const pdn_game *g, bool fix, pdn_scratch *scratch)
{
    struct memout m, found;
    FILE *fp = memout_open(&m), *diags = memout_open(&found);
    struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
    fo.fix = fix;
    fo.broken = PDN_FORMAT_BROKEN_COMMENT;
    fo.on_diag = note_diag;
    fo.diag_ctx = diags;
    fo.scratch = scratch;
    assert_int_equal(pdn_format_game(fp, g, &fo), PDN_OK);
    char *text = memout_text(&m), *findings = memout_text(&found);
    size_t n = strlen(text), k = strlen(findings);
    text = realloc(text, n + k + 1);
    assert_non_null(text);
    memcpy(text + n, findings, k + 1);
    free(findings);
    return text;
}

static void read_file_games(struct games *out, const char *path)
{
    size_t len;
    char *data = slurp(path, &len);
    read_games(out, data, len);
    free(data);
}

static void new_and_free(void **state)
{
    (void)state;
    assert_int_equal(pdn_scratch_new(NULL), PDN_EINVAL);
    pdn_scratch *s = NULL;
    assert_int_equal(pdn_scratch_new(&s), PDN_OK);
    assert_non_null(s);
    assert_null(s->lists); /* made at its first use */
    assert_null(s->format);
    pdn_scratch_free(s);
    pdn_scratch_free(NULL);
}

/* Every game of the real files, replayed with one scratch throughout. */
static void replay_same_with_scratch(void **state)
{
    (void)state;
    pdn_scratch *s;
    assert_int_equal(pdn_scratch_new(&s), PDN_OK);
    size_t games = 0;
    const struct replay_lists *kept = NULL;
    for (size_t f = 0; f < sizeof tournaments / sizeof *tournaments; f++) {
        struct games gs;
        read_file_games(&gs, tournaments[f]);
        for (size_t i = 0; i < gs.n; i++, games++) {
            char *own = replay_text(gs.v[i], NULL), *kept_text = replay_text(gs.v[i], s);
            assert_string_equal(kept_text, own);
            free(own);
            free(kept_text);
            /* the lists are kept, and the same from game to game */
            assert_non_null(s->lists);
            if (kept) assert_ptr_equal(s->lists, kept);
            kept = s->lists;
        }
        free_games(&gs);
    }
    assert_true(games > 100);
    pdn_scratch_free(s);
}

/* The faulty games and the real ones, formatted with one scratch, with
 * and without fix: the bytes and the findings of memory of their own. The
 * writer's output buffer is kept too, the same from game to game (none
 * of these games has a line that outgrows it). */
static void format_same_with_scratch(void **state)
{
    (void)state;
    pdn_scratch *s;
    assert_int_equal(pdn_scratch_new(&s), PDN_OK);
    struct games sets[1 + sizeof tournaments / sizeof *tournaments];
    read_games(&sets[0], faulty, strlen(faulty));
    assert_int_equal(sets[0].n, 9);
    for (size_t f = 0; f < sizeof tournaments / sizeof *tournaments; f++)
        read_file_games(&sets[1 + f], tournaments[f]);
    unsigned faults = 0;
    const char *buffer = NULL;
    for (int fix = 0; fix <= 1; fix++)
        for (size_t f = 0; f < sizeof sets / sizeof *sets; f++)
            for (size_t i = 0; i < sets[f].n; i++) {
                char *own = format_text(sets[f].v[i], fix, NULL);
                char *kept = format_text(sets[f].v[i], fix, s);
                assert_string_equal(kept, own);
                faults += strstr(own, "fixed ") != NULL || strstr(own, "move-number ") != NULL;
                free(own);
                free(kept);
                assert_non_null(s->format);
                assert_non_null(s->lists); /* the replay's, through the formatter */
                assert_non_null(s->format->wrap.buf);
                if (buffer) assert_ptr_equal(s->format->wrap.buf, buffer);
                buffer = s->format->wrap.buf;
            }
    assert_true(faults >= 4); /* the faulty games did fill the tables */
    for (size_t f = 0; f < sizeof sets / sizeof *sets; f++)
        free_games(&sets[f]);
    pdn_scratch_free(s);
}

/* A replay from the on_ply callback of another, with the same scratch. */
struct nested {
    const pdn_game *inner;
    pdn_scratch *scratch;
    char *text; /* the inner replay's, the first time */
};

static void replay_inside(const struct pdn_board *before, const struct pdn_board *after,
                          const struct pdn_move *move, const struct pdn_node *node, int depth,
                          void *ctx)
{
    (void)before, (void)after, (void)move, (void)node, (void)depth;
    struct nested *n = ctx;
    if (n->text) return;
    assert_null(n->scratch->lists); /* the outer replay holds them */
    n->text = replay_text(n->inner, n->scratch);
}

static void nested_call_makes_its_own(void **state)
{
    (void)state;
    struct games gs;
    read_games(&gs, faulty, strlen(faulty));
    pdn_scratch *s;
    assert_int_equal(pdn_scratch_new(&s), PDN_OK);
    free(replay_text(gs.v[2], s)); /* the scratch holds lists */
    assert_non_null(s->lists);
    struct nested n = {gs.v[5], s, NULL};
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.on_ply = replay_inside;
    ro.ply_ctx = &n;
    ro.scratch = s;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, gs.v[0], &ro), PDN_OK);
    assert_int_equal(sum.errors, 0);
    assert_int_equal(sum.plies, 4);
    assert_non_null(n.text);
    char *own = replay_text(gs.v[5], NULL);
    assert_string_equal(n.text, own);
    assert_non_null(s->lists); /* one set back in the scratch, the other freed */
    free(own);
    free(n.text);
    pdn_scratch_free(s);
    free_games(&gs);
}

/* The first n bytes of options, alone in an allocation of their own:
 * options of an older version, whose struct ends there. */
static void *older(const void *options, size_t n)
{
    void *copy = malloc(n);
    assert_non_null(copy);
    memcpy(copy, options, n);
    return copy;
}

/* Options of version 1, allocated to their end: the library reads no
 * scratch from them (ASan and valgrind see an overread). */
static void version_1_options(void **state)
{
    (void)state;
    struct games gs;
    read_games(&gs, faulty, strlen(faulty));
    struct pdn_replay_options ro = {.version = 1};
    void *v1 = older(&ro, offsetof(struct pdn_replay_options, scratch));
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, gs.v[1], v1), PDN_OK);
    assert_int_equal(sum.plies, 4);
    free(v1);

    struct pdn_format_options fo = {.version = 1, .fix = true};
    v1 = older(&fo, offsetof(struct pdn_format_options, scratch));
    struct memout m;
    assert_int_equal(pdn_format_game(memout_open(&m), gs.v[1], v1), PDN_OK);
    char *text = memout_text(&m);
    assert_non_null(strstr(text, "28x19"));
    free(text);
    free(v1);

    struct pdn_stats_options so = {.version = 1};
    v1 = older(&so, offsetof(struct pdn_stats_options, scratch));
    pdn_stats_game *rec;
    assert_int_equal(pdn_stats_game_new(&rec, v1), PDN_OK);
    assert_int_equal(pdn_stats_game_read(rec, gs.v[0]), PDN_OK);
    pdn_stats_game_free(rec);
    free(v1);
    free_games(&gs);
}

/* Statistics of games whose records were read with a scratch (one a
 * thread, as pdnstats -j does) and added to stats made with another: the
 * text of the stats made without one. */
static char *stats_text(const struct games *gs, pdn_scratch *stats_scratch,
                        pdn_scratch *record_scratch)
{
    struct pdn_stats_options so = PDN_STATS_OPTIONS_INIT;
    so.scratch = stats_scratch;
    pdn_stats *st;
    assert_int_equal(pdn_stats_new(&st, &so), PDN_OK);
    so.scratch = record_scratch;
    for (size_t i = 0; i < gs->n; i++) {
        if (i % 2 == 0) {
            assert_int_equal(pdn_stats_add_game(st, gs->v[i], "f"), PDN_OK);
            continue;
        }
        pdn_stats_game *rec;
        assert_int_equal(pdn_stats_game_new(&rec, &so), PDN_OK);
        assert_int_equal(pdn_stats_game_read(rec, gs->v[i]), PDN_OK);
        assert_int_equal(pdn_stats_add_read(st, rec, gs->v[i], "f"), PDN_OK);
        pdn_stats_game_free(rec);
    }
    struct memout m;
    assert_int_equal(pdn_stats_write(memout_open(&m), st, NULL), PDN_OK);
    pdn_stats_free(st);
    return memout_text(&m);
}

static void stats_same_with_scratch(void **state)
{
    (void)state;
    struct games gs;
    read_file_games(&gs, tournaments[0]);
    pdn_scratch *a, *b;
    assert_int_equal(pdn_scratch_new(&a), PDN_OK);
    assert_int_equal(pdn_scratch_new(&b), PDN_OK);
    char *own = stats_text(&gs, NULL, NULL), *kept = stats_text(&gs, a, b);
    assert_string_equal(kept, own);
    assert_non_null(a->lists);
    assert_non_null(b->lists);
    free(own);
    free(kept);
    pdn_scratch_free(a);
    pdn_scratch_free(b);
    free_games(&gs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_and_free),
        cmocka_unit_test(replay_same_with_scratch),
        cmocka_unit_test(format_same_with_scratch),
        cmocka_unit_test(nested_call_makes_its_own),
        cmocka_unit_test(version_1_options),
        cmocka_unit_test(stats_same_with_scratch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
