/*
 * Unit tests of lib/ply_record.h: the plies of a replay found by node,
 * whatever order they are asked in. The nodes are a real game's (a main
 * line and a variation, read by the library's reader), so the questions
 * are the ones the writer asks: each move in turn, the move before it
 * again, a variation's moves after the move they replace, and a move the
 * replay did not play. And the text of a ply made by hand (ply_short_text),
 * against the library's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ply_record.h"

#include <stdlib.h>
#include <string.h>

static const char game_text[] = "[GameType \"20\"]\n"
                                "1. 32-28 19-23 2. 28x19 14x23 (2... 13x24 3. 37-32) 3. 33-28 *\n";

static pdn_game *read_game(void)
{
    pdn_reader *r = NULL;
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, game_text, strlen(game_text), NULL), 0);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    pdn_reader_free(r);
    assert_int_equal(g->main.nmoves, 5);
    assert_int_equal(pdn_annotations_of(&g->main.moves[3])->nvariations, 1);
    return g;
}

/* The replay's order: a move, then the variations that replace it. */
static void record_replay_order(struct ply_record *rec, const pdn_game *g)
{
    const struct pdn_line *var = &pdn_annotations_of(&g->main.moves[3])->variations[0];
    for (uint32_t i = 0; i < g->main.nmoves; i++) {
        size_t before = rec->n;
        assert_int_equal(ply_record_add(rec, &g->main.moves[i]), (long)before);
        if (i == 3)
            for (uint32_t k = 0; k < var->nmoves; k++)
                ply_record_add(rec, &var->moves[k]);
    }
}

static void test_ply_record_finds_each_ply_in_any_order(void **state)
{
    (void)state;
    pdn_game *g = read_game();
    const struct pdn_line *var = &pdn_annotations_of(&g->main.moves[3])->variations[0];
    struct ply_record rec = {0};
    record_replay_order(&rec, g);
    assert_int_equal(rec.n, 7);
    /* in order, each asked twice and the one before again (reads_as_hop) */
    for (uint32_t i = 0; i < 4; i++) {
        assert_int_equal(ply_record_find(&rec, &g->main.moves[i]), i);
        assert_int_equal(ply_record_find(&rec, &g->main.moves[i]), i);
        if (i) assert_int_equal(ply_record_find(&rec, &g->main.moves[i - 1]), i - 1);
    }
    /* backwards, and the variation last: the table answers */
    assert_int_equal(ply_record_find(&rec, &g->main.moves[4]), 6);
    assert_int_equal(ply_record_find(&rec, &var->moves[1]), 5);
    assert_int_equal(ply_record_find(&rec, &var->moves[0]), 4);
    assert_int_equal(ply_record_find(&rec, &g->main.moves[0]), 0);
    /* a node the replay did not play */
    struct pdn_node other = {0};
    assert_int_equal(ply_record_find(&rec, &other), -1);
    ply_record_free(&rec);
    pdn_game_free(g);
}

static void test_ply_record_clear_forgets_the_last_game(void **state)
{
    (void)state;
    pdn_game *g = read_game();
    struct ply_record rec = {0};
    record_replay_order(&rec, g);
    assert_int_equal(ply_record_find(&rec, &g->main.moves[4]), 6); /* table built */
    ply_record_clear(&rec);
    assert_int_equal(ply_record_find(&rec, &g->main.moves[4]), -1);
    /* a second game in the same record: the main line alone */
    for (uint32_t i = 0; i < g->main.nmoves; i++)
        ply_record_add(&rec, &g->main.moves[i]);
    assert_int_equal(ply_record_find(&rec, &g->main.moves[4]), 4);
    assert_int_equal(
        ply_record_find(&rec, &pdn_annotations_of(&g->main.moves[3])->variations[0].moves[0]), -1);
    ply_record_free(&rec);
    pdn_game_free(g);
}

/* Each ply noted with room in the caller's array: the same index as the
 * record's, and the array holds it (written to the last element). */
static void test_ply_record_add_room_grows_the_callers_array(void **state)
{
    (void)state;
    static struct pdn_node nodes[300];
    struct ply_record r = {0};
    long *seen = NULL;
    size_t cap = 0;
    for (long i = 0; i < 300; i++) {
        /* what fits is added with no growth (format.c's on_ply asks first) */
        bool fits = ply_record_fits(&r, cap);
        size_t caps[2] = {r.cap, cap};
        long at = ply_record_add_room(&r, &nodes[i], (void **)&seen, &cap, sizeof *seen);
        assert_int_equal(at, i);
        assert_true(cap > (size_t)at);
        assert_int_equal(fits, r.cap == caps[0] && cap == caps[1]);
        seen[at] = i;
    }
    for (long i = 0; i < 300; i++) {
        assert_int_equal(seen[i], i);
        assert_int_equal(ply_record_find(&r, &nodes[i]), i);
    }
    free(seen);
    ply_record_free(&r);
}

/* ply_short_text is the text pdn_move_text writes for a move no other
 * legal move shares its squares with (on_ply writes it in the library's
 * place): every pair of squares of every variant, quiet or a capture; 0
 * where the variant writes squares as names. */
static void test_ply_short_text_as_the_library(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        const struct geometry *g = geometry_get((enum pdn_variant)v);
        for (int from = 1; from <= g->squares; from++)
            for (int to = 1; to <= g->squares; to++)
                for (uint8_t captured = 0; captured <= 1; captured++) {
                    struct pdn_move m = {.from = (uint8_t)from,
                                         .to = (uint8_t)to,
                                         .ncaptured = captured,
                                         .npath = captured,
                                         .path = {(uint8_t)to}};
                    char got[PDN_MOVE_TEXT_MAX], want[PDN_MOVE_TEXT_MAX];
                    size_t n = ply_short_text(got, &m, (enum pdn_variant)v);
                    if (g->rules->algebraic) {
                        assert_int_equal(n, 0);
                        continue;
                    }
                    size_t k = pdn_move_text(want, &m, NULL, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS,
                                             (enum pdn_variant)v);
                    assert_string_equal(got, want);
                    assert_int_equal(n, k);
                }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ply_record_finds_each_ply_in_any_order),
        cmocka_unit_test(test_ply_record_clear_forgets_the_last_game),
        cmocka_unit_test(test_ply_record_add_room_grows_the_callers_array),
        cmocka_unit_test(test_ply_short_text_as_the_library),
    };
    return cmocka_run_group_tests_name("ply_record", tests, NULL, NULL);
}
