/*
 * Games made by hand (pdn.h, "A game made by hand"): what a program may
 * leave NULL the library reads as the contract says, and never crashes on.
 * Each test here is a crash or a misreading tests/fuzz/fuzz_handmade.c
 * found; the games are built as a program builds them, internal NULL.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csv_writer.h"
#include "games_io.h"
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

/* A game of these tags and moves, nothing else. */
static pdn_game game_of(const struct pdn_tag *tags, uint32_t ntags, const struct pdn_node *moves,
                        uint32_t nmoves)
{
    return (pdn_game){
        .index = 1, .tags = tags, .ntags = ntags, .main = {.moves = moves, .nmoves = nmoves}};
}

/* One game's CSV (the caller frees it), the writer's fast paths on or off. */
static char *game_csv(const pdn_game *g, const struct pdn_csv_write_options *o, bool fast)
{
    struct memout m;
    pdn_csv_writer *w = NULL;
    assert_int_equal(pdn_csv_writer_open(&w, memout_open(&m), o, NULL), 0);
    csv_writer_fast_paths(w, fast);
    assert_int_equal(pdn_csv_writer_write_header(w), 0);
    assert_true(pdn_csv_writer_write_game(w, g, "hand") >= 1);
    pdn_csv_writer_free(w);
    return memout_text(&m);
}

/* The CSV of a game in one mode, the same with the fast paths and without;
 * the caller frees it. */
static char *csv_both_ways(const pdn_game *g, const struct pdn_csv_write_options *o)
{
    char *fast = game_csv(g, o, true), *slow = game_csv(g, o, false);
    if (strcmp(fast, slow) != 0) fail_msg("fast:\n%s\nslow:\n%s", fast, slow);
    free(slow);
    return fast;
}

/* A game made by hand is no box of the reader's: pdn_game_work read past
 * it (the bytes after it here, where a box keeps its work). */
static void test_handmade_game_work_is_null(void **state)
{
    (void)state;
    struct {
        pdn_game game;
        unsigned char after[512];
    } held;
    memset(&held, 0xAB, sizeof held);
    held.game = (pdn_game){.index = 1};
    assert_null(pdn_game_work(&held.game));
}

/* A NULL move text is an empty one: the repeat check hashed the texts of
 * the moves after an illegal one and read it. */
static void test_handmade_repeat_check_of_a_null_move_text(void **state)
{
    (void)state;
    const struct pdn_node moves[] = {{.text = "99-98"}, {.text = NULL}, {.text = "32-28"}};
    pdn_game g = game_of(NULL, 0, moves, COUNT(moves));
    pdn_unique *u;
    assert_int_equal(pdn_unique_new(&u, PDN_UNIQUE_MOVES), 0);
    assert_int_equal(pdn_unique_check(u, &g, "hand", NULL, NULL, NULL), 0);
    assert_int_equal(pdn_unique_check(u, &g, "hand", NULL, NULL, NULL), 1);
    pdn_unique_free(u);
}

/* The CSV writer's moves rows: a NULL move text is an empty cell, the fast
 * path's as the slow one's (it copied the text without a look). */
static void test_handmade_csv_row_of_a_null_move_text(void **state)
{
    (void)state;
    const struct pdn_node moves[] = {{.text = "32-28"}, {.text = NULL}, {.text = "28-23"}};
    pdn_game g = game_of(NULL, 0, moves, COUNT(moves));
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.columns = "ply,move";
    char *csv = csv_both_ways(&g, &o);
    assert_string_equal(csv, "ply,move\n1,32-28\n2,\n3,28-23\n");
    free(csv);
}

/* Tags with no value are no tags, and tags with no name are kept as the
 * writer keeps them (a comment): the moves rows' tags cell took the length
 * of the missing name and looked for braces in the missing value. */
static void test_handmade_csv_tags_cell_of_tags_missing_parts(void **state)
{
    (void)state;
    const struct pdn_tag tags[] = {{.name = NULL, .value = "x"},
                                   {.name = "Foo", .value = NULL},
                                   {.name = NULL, .value = NULL},
                                   {.name = "bad name", .value = NULL},
                                   {.name = "Bar", .value = "y"}};
    const struct pdn_node moves[] = {{.text = "32-28"}};
    pdn_game g = game_of(tags, COUNT(tags), moves, COUNT(moves));
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.columns = "ply,Foo,Bar,tags";
    char *csv = csv_both_ways(&g, &o);
    assert_string_equal(csv, "ply,Foo,Bar,tags\n1,,y,\"[GameType \"\"20\"\"]\n[Bar \"\"y\"\"]\n"
                             "{[ \"\"x\"\"]}\"\n");
    free(csv);
}

/* A Result tag with no value says nothing: the replay read its missing
 * text as a result (and a GameType's as a number); the next Result tag is
 * the game's. */
static void test_handmade_result_tag_with_no_value(void **state)
{
    (void)state;
    const struct pdn_tag tags[] = {{.name = "GameType", .value = NULL},
                                   {.name = "Result", .value = NULL},
                                   {.name = "Result", .value = "2-0"}};
    const struct pdn_node moves[] = {{.text = "32-28"}};
    pdn_game g = game_of(tags, COUNT(tags), moves, COUNT(moves));
    g.result = PDN_RESULT_WHITE_WIN;
    assert_string_equal(pdn_game_tag(&g, "Result"), "2-0");
    struct pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, &g, &o), 0);
    assert_int_equal(sum.errors + sum.warnings, 0);
    struct memout m;
    struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
    fo.fix = true;
    assert_int_equal(pdn_format_game(memout_open(&m), &g, &fo), 0);
    char *text = memout_text(&m);
    assert_non_null(strstr(text, "[Result \"2-0\"]\n"));
    free(text);
}

/* The writer writes no tag with no value: not as the roster's (a value
 * later under the name is), not among the others, not as a comment. */
static void test_handmade_writer_passes_tags_with_no_value(void **state)
{
    (void)state;
    const struct pdn_tag tags[] = {{.name = "Event", .value = NULL},
                                   {.name = "Event", .value = "Open"},
                                   {.name = "Foo", .value = NULL},
                                   {.name = "bad name", .value = NULL}};
    pdn_game g = game_of(tags, COUNT(tags), NULL, 0);
    char *text = write_to_string(&g, NULL);
    assert_non_null(strstr(text, "[Event \"Open\"]\n[Site"));
    assert_null(strstr(text, "Foo"));
    assert_null(strstr(text, "bad name"));
    assert_null(strstr(text, "[Event \"Open\"]\n[Event"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handmade_game_work_is_null),
        cmocka_unit_test(test_handmade_repeat_check_of_a_null_move_text),
        cmocka_unit_test(test_handmade_csv_row_of_a_null_move_text),
        cmocka_unit_test(test_handmade_csv_tags_cell_of_tags_missing_parts),
        cmocka_unit_test(test_handmade_result_tag_with_no_value),
        cmocka_unit_test(test_handmade_writer_passes_tags_with_no_value),
    };
    return cmocka_run_group_tests_name("handmade", tests, NULL, NULL);
}
