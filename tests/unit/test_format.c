/*
 * Unit tests of format.c (pdn_format_game): the moves the replay played in
 * each capture notation, ambiguous captures with their whole landing path by
 * default, each --broken mode, the first move's side after a FEN's '?', and
 * the two facts the formatter rests on: the node a replay finding carries,
 * and the errors the reader counts per game.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games_io.h"
#include "game.h"
#include "pdn.h"

/* Reads the one game of a text; the caller frees it. */
static pdn_game *read_one(const char *text)
{
    pdn_reader *r;
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    pdn_reader_free(r);
    return g;
}

/* What pdn_format_game writes for the game of a text; the caller frees it. */
static char *format_text(const char *text, const struct pdn_format_options *opt)
{
    pdn_game *g = read_one(text);
    struct memout m;
    assert_int_equal(pdn_format_game(memout_open(&m), g, opt), PDN_OK);
    pdn_game_free(g);
    return memout_text(&m);
}

/* The move text of a formatted game: what follows its tags. */
static void check_moves(const char *text, const struct pdn_format_options *opt, const char *want)
{
    char *got = format_text(text, opt);
    const char *moves = strstr(got, "\n\n");
    assert_non_null(moves);
    if (strcmp(moves + 2, want) != 0) print_message("got:\n%s\nwant:\n%s\n", moves + 2, want);
    assert_string_equal(moves + 2, want);
    free(got);
}

static struct pdn_format_options with_broken(enum pdn_format_broken broken)
{
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.broken = broken;
    return o;
}

static void test_format_shortest_forms(void **state)
{
    (void)state;
    check_moves("01. 32-28 19-23 02. 28:19 14x23 *", NULL, "1. 32-28 19-23 2. 28x19 14x23 *\n\n");
    check_moves("[FEN \"W:W28:B23,14\"]\n1. 28x19x10 *", NULL, "1. 28x10 *\n\n");
    check_moves("[FEN \"W:W38:B33,23,13\"]\n1. 38x18x9 *", NULL, "1. 38x9 *\n\n");
}

static void test_format_ambiguous_capture_keeps_what_it_needs(void **state)
{
    (void)state;
    /* Two captures go 26 -> 1: by default the whole landing path. */
    check_moves("[FEN \"W:WK26:B7,28,31,33\"]\n1. 26x37x1 *", NULL, "1. 26x37x23x1 *\n\n");
    check_moves("[FEN \"W:WK26:B7,28,31,33\"]\n1. 26x37x23x1 *", NULL, "1. 26x37x23x1 *\n\n");
    /* Unresolved: the replay did not play it, so it stays as written. */
    check_moves("[FEN \"W:WK26:B7,28,31,33\"]\n1. 26x1 *", NULL, "1. 26x1 *\n\n");
}

static struct pdn_format_options with_captures(enum pdn_capture_notation captures)
{
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.captures = captures;
    return o;
}

/* The default, asked for by name: PDN_FORMAT_OPTIONS_INIT leaves it at 0. */
static void test_format_captures_full_when_ambiguous(void **state)
{
    (void)state;
    struct pdn_format_options o = with_captures(PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
    assert_int_equal(PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, 0);
    check_moves("[FEN \"W:WK4:B13,32,37,20\"]\n1. 4x27x15 *", &o, "1. 4x27x38x15 *\n\n");
    check_moves("[FEN \"W:WK4:B13,32,37,20\"]\n1. 4x31x15 *", &o, "1. 4x31x42x15 *\n\n");
    check_moves("[FEN \"W:W28:B23,14\"]\n1. 28x19x10 *", &o, "1. 28x10 *\n\n");
    check_moves("[FEN \"W:WK38:B18,19,32,33\"]\n1. 38x24x13x27x38 *", &o, "1. 38x38 *\n\n");
}

/* The fewest landing squares PDN 3.0 allows, turning squares first. */
static void test_format_captures_shortest(void **state)
{
    (void)state;
    struct pdn_format_options o = with_captures(PDN_CAPTURE_SHORTEST);
    check_moves("[FEN \"W:WK26:B7,28,31,33\"]\n1. 26x37x23x1 *", &o, "1. 26x37x1 *\n\n");
    check_moves("[FEN \"W:WK4:B13,32,37,20\"]\n1. 4x27x38x15 *", &o, "1. 4x27x15 *\n\n");
    check_moves("[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x38x24x13x36 *", &o, "1. 47x24x36 *\n\n");
    check_moves("[FEN \"W:W28:B23,14\"]\n1. 28x19x10 *", &o, "1. 28x10 *\n\n");
}

/* Every capture with its whole landing path; quiet moves as ever. */
static void test_format_captures_full_path(void **state)
{
    (void)state;
    struct pdn_format_options o = with_captures(PDN_CAPTURE_FULL_PATH);
    check_moves("[FEN \"W:W28:B23,14\"]\n1. 28x10 *", &o, "1. 28x19x10 *\n\n");
    check_moves("[FEN \"W:WK4:B13,32,37,20\"]\n1. 4x31x15 *", &o, "1. 4x31x42x15 *\n\n");
    check_moves("[FEN \"W:WK38:B18,19,32,33\"]\n1. 38x38 *", &o, "1. 38x27x13x24x38 *\n\n");
    check_moves("01. 32-28 19-23 02. 28:19 14x23 *", &o, "1. 32-28 19-23 2. 28x19 14x23 *\n\n");
    /* Not with no_normalise: the moves as read. */
    o.no_normalise = true;
    check_moves("[FEN \"W:W28:B23,14\"]\n1. 28x10 *", &o, "1. 28x10 *\n\n");
}

static void test_format_no_normalise_writes_moves_as_read(void **state)
{
    (void)state;
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.no_normalise = true;
    check_moves("[FEN \"W:W28:B23,14\"]\n1. 28x19x10 *", &o, "1. 28x19x10 *\n\n");
}

/* A FEN that leaves the side to move open ('?'): the first move's side,
 * as the replay finds it, worked out by hand (the man on 18 is Black's,
 * the one on 30 White's, the second mover of an English pair), with or
 * without normalising; pdn_game_first_number counts back from that side
 * ("2." on the second ply: the first is 1...). */
static void test_format_fen_side_unknown(void **state)
{
    (void)state;
    struct pdn_format_options plain = PDN_FORMAT_OPTIONS_INIT, as_read = plain;
    as_read.no_normalise = true;
    static const char black[] = "[FEN \"?:W33:B18\"]\n18-22 2. 33-29 22-27 *";
    check_moves(black, &plain, "1... 18-22 2. 33-29 22-27 *\n\n");
    check_moves(black, &as_read, "1... 18-22 2. 33-29 22-27 *\n\n");
    check_moves("[GameType \"21\"]\n[FEN \"?:W30:B3\"]\n30-26 3-7 *", &plain,
                "1... 30-26 2. 3-7 *\n\n");
    pdn_game *g = read_one(black);
    assert_int_equal(pdn_game_first_number(g), 1);
    pdn_game_free(g);
}

/* A setup among the moves that leaves the side open: the move after it
 * gives it, as the replay reads it; the number goes on. */
static void test_format_setup_side_unknown(void **state)
{
    (void)state;
    struct pdn_format_options plain = PDN_FORMAT_OPTIONS_INIT, as_read = plain;
    as_read.no_normalise = true;
    static const char black[] = "[FEN \"W:W33:B18\"]\n"
                                "33-28 18-22 /FEN \"?:W33:B18\"/ 18-23 33-28 *";
    static const char moved[] = "1. 33-28 18-22 /FEN \"?:W33:B18\"/ 2... 18-23 3. 33-28 *\n\n";
    check_moves(black, &plain, moved);
    check_moves(black, &as_read, moved);
    check_moves("[FEN \"W:W33:B18\"]\n33-28 (33-29 /FEN \"?:W33:B18\"/ 33-28) 18-22 *", &plain,
                "1. 33-28 (1. 33-29 /FEN \"?:W33:B18\"/ 1. 33-28) 1... 18-22 *\n\n");
}

static void test_format_write_options_apply(void **state)
{
    (void)state;
    struct pdn_write_options w = PDN_WRITE_OPTIONS_INIT;
    w.no_comments = true;
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.write = &w;
    check_moves("1. 32-28 {a comment} 19-23 *", &o, "1. 32-28 19-23 *\n\n");
}

static const char illegal_game[] = "[Event \"illegal\"]\n"
                                   "1. 32-28 18-23 2. 32-27 23x32 3. 37x28 *";

static void test_format_broken_keep(void **state)
{
    (void)state;
    struct pdn_format_options o = with_broken(PDN_FORMAT_BROKEN_KEEP);
    check_moves(illegal_game, &o, "1. 32-28 18-23 2. 32-27 23x32 3. 37x28 *\n\n");
}

static void test_format_broken_comment(void **state)
{
    (void)state;
    struct pdn_format_options o = with_broken(PDN_FORMAT_BROKEN_COMMENT);
    check_moves(illegal_game, &o, "1. 32-28 18-23 {2. 32-27 23x32 3. 37x28} *\n\n");
    /* In a variation: only that line is cut. */
    check_moves("1. 32-28 (1. 33-28 18-23 2. 28-23 19-24) 1... 18-23 *", &o,
                "1. 32-28 (1. 33-28 18-23 {2. 28-23 19-24}) 1... 18-23 *\n\n");
}

/* Under --strict the reader skips a game past its first error: that text
 * is in no tree, so the game is written as read whatever the mode, not
 * cut short (a bad tag name once lost every move of its game). */
static void test_format_strict_skipped_text_kept(void **state)
{
    (void)state;
    static const char text[] = "[Event \"x\"]\n[Type de jeu \"20\"]\n\n1. 32-28 19-23 2. 28-22 *";
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.strict = true;
    pdn_reader *r;
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), &ro), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    pdn_reader_free(r);
    for (int mode = PDN_FORMAT_BROKEN_KEEP; mode <= PDN_FORMAT_BROKEN_VERBATIM; mode++) {
        struct pdn_format_options o = with_broken((enum pdn_format_broken)mode);
        struct memout m;
        assert_int_equal(pdn_format_game(memout_open(&m), g, &o), PDN_OK);
        char *got = memout_text(&m);
        char want[sizeof text + 2];
        snprintf(want, sizeof want, "%s\n\n", text);
        assert_string_equal(got, want);
        free(got);
    }
    pdn_game_free(g);
}

static void test_format_broken_verbatim(void **state)
{
    (void)state;
    struct pdn_format_options o = with_broken(PDN_FORMAT_BROKEN_VERBATIM);
    /* An error of the replay: the text as read. */
    char *got = format_text(illegal_game, &o);
    char want[sizeof illegal_game + 2];
    snprintf(want, sizeof want, "%s\n\n", illegal_game);
    assert_string_equal(got, want);
    free(got);
    /* An error of the reader (an unterminated variation), moves all legal. */
    static const char read_error[] = "1. 32-28 (1. 33-28 18-23 *";
    got = format_text(read_error, &o);
    assert_string_equal(got, "1. 32-28 (1. 33-28 18-23 *\n\n");
    free(got);
    /* A clean game is formatted as ever. */
    check_moves("01. 32-28 18-23 *", &o, "1. 32-28 18-23 *\n\n");
}

static void test_format_bad_options(void **state)
{
    (void)state;
    pdn_game *g = read_one("1. 32-28 *");
    struct pdn_format_options o = {0};
    assert_int_equal(pdn_format_game(stdout, g, &o), PDN_EINVAL);
    struct pdn_write_options w = {0};
    o = (struct pdn_format_options)PDN_FORMAT_OPTIONS_INIT;
    o.write = &w;
    assert_int_equal(pdn_format_game(stdout, g, &o), PDN_EINVAL);
    o.write = NULL;
    o.broken = (enum pdn_format_broken)7;
    assert_int_equal(pdn_format_game(stdout, g, &o), PDN_EINVAL);
    o.broken = PDN_FORMAT_BROKEN_KEEP;
    o.captures = (enum pdn_capture_notation)7;
    assert_int_equal(pdn_format_game(stdout, g, &o), PDN_EINVAL);
    assert_int_equal(pdn_format_game(NULL, g, NULL), PDN_EINVAL);
    assert_int_equal(pdn_format_game(stdout, NULL, NULL), PDN_EINVAL);
    pdn_game_free(g);
}

/* ---- What the formatter rests on --------------------------------------------- */

struct seen {
    enum pdn_diag_code code[8];
    const struct pdn_node *node[8];
    int n;
};

static void remember(const struct pdn_diag *d, void *ctx)
{
    struct seen *s = ctx;
    if (s->n >= 8) return;
    s->code[s->n] = d->code;
    s->node[s->n++] = d->node;
}

static struct seen replay_findings(const pdn_game *g)
{
    struct seen s = {.n = 0};
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.on_diag = remember;
    ro.diag_ctx = &s;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, &ro), PDN_OK);
    return s;
}

static void test_format_diag_node_of_illegal_move(void **state)
{
    (void)state;
    pdn_game *g = read_one("[Result \"2-0\"]\n1. 32-28 18-23 2. 32-27 23x32 *");
    struct seen s = replay_findings(g);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.code[0], PDN_DIAG_ILLEGAL_MOVE);
    assert_ptr_equal(s.node[0], &g->main.moves[2]);
    /* Tag and terminator disagree: about no move. */
    assert_int_equal(s.code[1], PDN_DIAG_RESULT_MISMATCH);
    assert_null(s.node[1]);
    pdn_game_free(g);
}

static void test_format_diag_node_of_ambiguous_move(void **state)
{
    (void)state;
    pdn_game *g = read_one("[FEN \"W:WK26:B7,28,31,33\"]\n1. 26x1 *");
    struct seen s = replay_findings(g);
    assert_int_equal(s.n, 1);
    assert_int_equal(s.code[0], PDN_DIAG_AMBIGUOUS_MOVE);
    assert_ptr_equal(s.node[0], &g->main.moves[0]);
    pdn_game_free(g);
    /* In a variation: the node of that line. */
    g = read_one("1. 32-28 (1. 33-28 18-23 2. 28-23) *");
    s = replay_findings(g);
    assert_int_equal(s.n, 1);
    assert_int_equal(s.code[0], PDN_DIAG_ILLEGAL_MOVE);
    assert_ptr_equal(s.node[0], &pdn_annotations_of(&g->main.moves[0])->variations[0].moves[2]);
    pdn_game_free(g);
}

static void test_format_read_errors_counted_per_game(void **state)
{
    (void)state;
    static const char text[] = "1. 32-28 *\n"
                               "@@@\n" /* before the second game: counts for it */
                               "1. 32-28 (1. 33-28 *\n"
                               "1. 32-28 18-23 *\n";
    pdn_reader *r;
    pdn_game *g;
    unsigned want[] = {0, 2, 0};
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), PDN_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pdn_reader_next(&g, r), 1);
        assert_int_equal(game_internal(g)->read_errors, want[i]);
        pdn_game_free(g);
    }
    assert_int_equal(pdn_reader_next(&g, r), 0);
    pdn_reader_free(r);
}

/* The reader's errors live in the game's private record: a copy of the
 * public struct made by hand (internal NULL) has none, so --broken=verbatim
 * writes it canonically while the game read is written as read. */
static void test_format_game_made_by_hand_has_no_read_errors(void **state)
{
    (void)state;
    static const char text[] = "1. 32-28 (1. 33-28 *\n"; /* unterminated variation */
    pdn_game *g = read_one(text);
    assert_non_null(g->internal);
    assert_int_equal(game_internal(g)->read_errors, 1);
    pdn_game by_hand = *g;
    by_hand.internal = NULL;
    assert_int_equal(game_internal(&by_hand)->read_errors, 0);
    struct pdn_format_options o = with_broken(PDN_FORMAT_BROKEN_VERBATIM);
    const pdn_game *games[] = {g, &by_hand};
    for (int i = 0; i < 2; i++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *fp = open_memstream(&buf, &len);
        assert_non_null(fp);
        assert_int_equal(pdn_format_game(fp, games[i], &o), PDN_OK);
        assert_int_equal(fclose(fp), 0);
        if (i == 0)
            assert_non_null(strstr(buf, "(1. 33-28 *"));
        else
            assert_non_null(strstr(buf, "[Event \"?\"]"));
        free(buf);
    }
    pdn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_shortest_forms),
        cmocka_unit_test(test_format_strict_skipped_text_kept),
        cmocka_unit_test(test_format_ambiguous_capture_keeps_what_it_needs),
        cmocka_unit_test(test_format_captures_full_when_ambiguous),
        cmocka_unit_test(test_format_captures_shortest),
        cmocka_unit_test(test_format_captures_full_path),
        cmocka_unit_test(test_format_no_normalise_writes_moves_as_read),
        cmocka_unit_test(test_format_fen_side_unknown),
        cmocka_unit_test(test_format_setup_side_unknown),
        cmocka_unit_test(test_format_write_options_apply),
        cmocka_unit_test(test_format_broken_keep),
        cmocka_unit_test(test_format_broken_comment),
        cmocka_unit_test(test_format_broken_verbatim),
        cmocka_unit_test(test_format_bad_options),
        cmocka_unit_test(test_format_diag_node_of_illegal_move),
        cmocka_unit_test(test_format_diag_node_of_ambiguous_move),
        cmocka_unit_test(test_format_read_errors_counted_per_game),
        cmocka_unit_test(test_format_game_made_by_hand_has_no_read_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
