/*
 * The engine against what a player knows: it takes the last piece when it
 * can, finds a two-for-one shot checked by hand with pdnperft --divide,
 * never plays a move the move generator does not list, plays whole games
 * in every variant that the validator (pdn_replay_game) replays without an
 * error, keeps its limits, is deterministic for a seed, stops when asked,
 * sees a repetition as a draw and counts the FMJD 16- and 25-move rules
 * from the game's past into its search.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pdn.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void load(struct pdn_board *b, enum pdn_variant v, const char *fen)
{
    struct pdn_fen_error err;
    if (pdn_board_from_fen(b, v, fen, &err) != 0)
        fail_msg("FEN '%s' rejected at %zu: %s", fen, err.offset,
                 pdn_fen_status_message(err.status));
}

static void path_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *m)
{
    pdn_move_to_path(out, m);
}

/* The move's whole landing path is want. */
static void expect_path(const struct pdn_move *m, const char *want)
{
    char got[PDN_MOVE_TEXT_MAX];
    path_text(got, m);
    assert_string_equal(got, want);
}

static struct pdn_engine_result search(pdn_engine *e, const struct pdn_board *b, int depth,
                                       uint64_t nodes)
{
    struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
    limits.depth = depth;
    limits.nodes = nodes;
    struct pdn_engine_result r;
    assert_int_equal(pdn_engine_search(&r, e, b, NULL, 0, &limits), 0);
    return r;
}

/* The search of an international position given as a FEN, to depth. */
static struct pdn_engine_result search_fen(pdn_engine *e, const char *fen, int depth)
{
    struct pdn_board b;
    load(&b, PDN_VARIANT_INTERNATIONAL, fen);
    return search(e, &b, depth, 0);
}

static pdn_engine *engine(void)
{
    struct pdn_engine_options o = PDN_ENGINE_OPTIONS_INIT;
    o.table_mb = 1;
    pdn_engine *e = NULL;
    assert_int_equal(pdn_engine_new(&e, &o), 0);
    assert_non_null(e);
    return e;
}

/* 28x19 takes Black's last man: a win in one ply. */
static void test_engine_takes_the_last_piece(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_engine_result r = search_fen(e, "W:W28:B23", 4);
    assert_true(r.has_move);
    expect_path(&r.move, "28x19");
    assert_int_equal(r.score, PDN_ENGINE_WIN - 1);
    pdn_engine_free(e);
}

/*
 * 27-22 gives a man: Black must take, 18x27 (the only capture), and 31x22x11
 * takes 27 and 17, one man up. The other six moves win nothing.
 */
static void test_engine_finds_a_two_for_one(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_engine_result r = search_fen(e, "W:W27,28,31,36,48:B3,5,17,18", 5);
    expect_path(&r.move, "27-22");
    assert_true(r.score >= 80); /* a man ahead, give or take the position */
    assert_true(r.npv >= 3);
    expect_path(&r.pv[1], "18x27");
    expect_path(&r.pv[2], "31x22x11");
    pdn_engine_free(e);
}

static void test_engine_without_a_move(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_engine_result r = search_fen(e, "B:W28:B", 3);
    assert_false(r.has_move);
    assert_int_equal(r.score, -PDN_ENGINE_WIN);
    pdn_engine_free(e);
}

static bool listed(const struct pdn_move *m, const struct pdn_board *b)
{
    static struct pdn_movelist list;
    pdn_movegen(&list, b, 0);
    for (int i = 0; i < list.count; i++)
        if (memcmp(&list.moves[i], m, sizeof *m) == 0) return true;
    return false;
}

/*
 * Plays a game of the variant between two levels (up to max plies) and
 * writes it as PDN into buf: every move must be one the generator lists.
 * Returns the plies played.
 */
static int self_play(char *buf, size_t size, enum pdn_variant v, int white, int black, int max)
{
    pdn_engine *e = engine();
    static struct pdn_board history[400];
    static struct pdn_movelist list;
    struct pdn_board b;
    pdn_board_init(&b, v);
    size_t n = (size_t)snprintf(buf, size, "[GameType \"%d\"]\n\n", pdn_rules_get(v)->gametype);
    int ply = 0;
    for (; ply < max; ply++) {
        struct pdn_engine_limits limits;
        pdn_engine_level(&limits, b.side == PDN_COLOR_WHITE ? white : black);
        limits.seed = (uint64_t)ply;
        struct pdn_engine_result r;
        assert_int_equal(pdn_engine_search(&r, e, &b, history, (size_t)ply, &limits), 0);
        if (!r.has_move) break;
        assert_true(listed(&r.move, &b));
        pdn_movegen(&list, &b, 0);
        char t[PDN_MOVE_TEXT_MAX];
        pdn_move_to_text(t, &r.move, &list, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
        if (ply % 2 == 0) n += (size_t)snprintf(buf + n, size - n, "%d. ", ply / 2 + 1);
        n += (size_t)snprintf(buf + n, size - n, "%s ", t);
        history[ply] = b;
        pdn_board_play(&b, &r.move);
    }
    snprintf(buf + n, size - n, "*\n");
    pdn_engine_free(e);
    return ply;
}

struct count {
    unsigned errors;
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct count *c = ctx;
    if (pdn_diag_severity(d->code) == PDN_SEV_ERROR) {
        char message[512];
        pdn_diag_message(message, sizeof message, d);
        c->errors++;
        print_message("%s\n", message);
    }
}

/* The validator replays the text with no error, ply for ply. */
static void validate(const char *text, int plies)
{
    struct count c = {0};
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.on_diag = on_diag;
    ro.diag_ctx = &c;
    pdn_reader *reader;
    assert_int_equal(pdn_reader_open_memory(&reader, text, strlen(text), &ro), 0);
    pdn_game *game;
    assert_int_equal(pdn_reader_next(&game, reader), 1);
    struct pdn_replay_options po = PDN_REPLAY_OPTIONS_INIT;
    po.on_diag = on_diag;
    po.diag_ctx = &c;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, game, &po), 0);
    if (c.errors) print_message("%s", text);
    assert_int_equal(c.errors, 0);
    assert_int_equal(sum.plies, (unsigned)plies);
    pdn_game_free(game);
    pdn_reader_free(reader);
}

static void test_engine_plays_every_variant(void **state)
{
    (void)state;
    static char buf[16384];
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        int plies = self_play(buf, sizeof buf, (enum pdn_variant)v, 2, 1, 120);
        assert_true(plies >= 10);
        validate(buf, plies);
    }
}

static void test_engine_is_deterministic(void **state)
{
    (void)state;
    pdn_engine *a = engine(), *b = engine();
    struct pdn_board start;
    pdn_board_init(&start, PDN_VARIANT_INTERNATIONAL);
    struct pdn_engine_result ra = search(a, &start, 7, 0), rb = search(b, &start, 7, 0);
    assert_memory_equal(&ra.move, &rb.move, sizeof ra.move);
    assert_int_equal(ra.score, rb.score);
    assert_int_equal(ra.nodes, rb.nodes);
    pdn_engine_clear(a);
    struct pdn_engine_result again = search(a, &start, 7, 0);
    assert_int_equal(again.nodes, ra.nodes);
    pdn_engine_free(a);
    pdn_engine_free(b);
}

/* The first depth always completes; after it the node count stops the search. */
static void test_engine_keeps_the_node_limit(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_board start;
    pdn_board_init(&start, PDN_VARIANT_INTERNATIONAL);
    struct pdn_engine_result r = search(e, &start, 0, 5000);
    assert_true(r.has_move);
    assert_true(r.depth >= 2);
    assert_true(r.nodes <= 5001);
    pdn_engine_free(e);
}

static bool stop_now(void *ctx)
{
    (*(int *)ctx)++;
    return true;
}

static void test_engine_stops_when_asked(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_board start;
    pdn_board_init(&start, PDN_VARIANT_INTERNATIONAL);
    int asked = 0;
    struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
    limits.should_stop = stop_now;
    limits.ctx = &asked;
    struct pdn_engine_result r;
    assert_int_equal(pdn_engine_search(&r, e, &start, NULL, 0, &limits), 0);
    assert_true(asked >= 1);
    assert_true(r.has_move);
    assert_true(listed(&r.move, &start));
    assert_true(r.depth < 12);
    pdn_engine_free(e);
}

/*
 * A white king against two black ones, White to move: the game so far went
 * 47-42 5-10 42-47 10-5, so 47-42 again repeats a position, a draw (0),
 * where every other move leaves White a king down.
 */
static void test_engine_sees_a_repetition(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_board history[4], b;
    load(&history[0], PDN_VARIANT_INTERNATIONAL, "W:WK47:BK5,45");
    struct pdn_movelist list;
    const int squares[4][2] = {{47, 42}, {5, 10}, {42, 47}, {10, 5}};
    b = history[0];
    for (int i = 0; i < 4; i++) {
        history[i] = b;
        struct pdn_move m;
        assert_true(pdn_movegen_quiet(&m, &b, squares[i][0], squares[i][1]));
        pdn_board_play(&b, &m);
    }
    assert_true(pdn_board_equal(&b, &history[0]));
    pdn_movegen(&list, &b, 0);
    struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
    limits.depth = 1;
    struct pdn_engine_result with, without;
    assert_int_equal(pdn_engine_search(&with, e, &b, history, 4, &limits), 0);
    pdn_engine_clear(e);
    assert_int_equal(pdn_engine_search(&without, e, &b, NULL, 0, &limits), 0);
    assert_true(without.score < 0); /* a king down */
    /* With the history, 47-42 (the repetition) is worth a draw: better. */
    char t[PDN_MOVE_TEXT_MAX];
    path_text(t, &with.move);
    assert_int_equal(with.score, 0);
    assert_string_equal(t, "47-42");
    pdn_engine_free(e);
}

static bool is_king(const struct pdn_board *b, int square)
{
    enum pdn_piece p = pdn_board_get(b, square);
    return p == PDN_PIECE_WHITE_KING || p == PDN_PIECE_BLACK_KING;
}

static bool seen(const struct pdn_board *history, int n, const struct pdn_board *b)
{
    for (int i = 0; i < n; i++)
        if (pdn_board_equal(&history[i], b)) return true;
    return false;
}

/*
 * Plays n plies from *b, each the first generated king move that captures
 * nothing, repeats no position and leaves the opponent no capture: a
 * legal run of king-only moves, its positions kept in history (the one
 * before each ply). Men never move in it.
 */
static void king_run(struct pdn_board *b, struct pdn_board *history, int n)
{
    struct pdn_movelist list;
    for (int i = 0; i < n; i++) {
        history[i] = *b;
        pdn_movegen(&list, b, 0);
        int k = 0;
        for (; k < list.count; k++) {
            const struct pdn_move *m = &list.moves[k];
            assert_int_equal(m->ncaptured, 0);
            struct pdn_board next = *b;
            pdn_board_play(&next, m);
            if (!is_king(b, m->from) || pdn_movegen_has_capture(&next) ||
                seen(history, i + 1, &next))
                continue;
            *b = next;
            break;
        }
        if (k == list.count) fail_msg("no quiet king move at ply %d", i);
    }
}

/*
 * Three white kings against a lone black one, the FMJD 16-move rule: the
 * game is drawn once the ending has lasted 16 moves each (32 plies). Without
 * a past the engine counts three kings up; after 31 plies of it, White's
 * next move draws whatever it is (no capture is on), so the score is 0.
 */
static void test_engine_counts_the_16_move_rule(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_board b, history[31];
    load(&b, PDN_VARIANT_INTERNATIONAL, "B:WK24,K31,K39:BK41");
    struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
    limits.depth = 6;
    struct pdn_engine_result fresh, late;
    king_run(&b, history, 31);
    assert_int_equal(b.side, PDN_COLOR_WHITE);
    assert_false(pdn_movegen_has_capture(&b));
    assert_int_equal(pdn_engine_search(&fresh, e, &b, NULL, 0, &limits), 0);
    assert_true(fresh.score > 300);
    pdn_engine_clear(e);
    assert_int_equal(pdn_engine_search(&late, e, &b, history, 31, &limits), 0);
    assert_int_equal(late.score, 0);
    pdn_engine_free(e);
}

/*
 * The 25-move rule (FMJD): 25 moves each of kings only, without a capture,
 * draw. White, a king and a man up, has let 49 such plies go by: a
 * quiet king move by Black now draws, so Black, behind, plays one; a ply
 * earlier White, ahead, plays nothing that lets Black do so.
 */
static void test_engine_minds_the_25_move_rule(void **state)
{
    (void)state;
    pdn_engine *e = engine();
    struct pdn_board b, history[49];
    load(&b, PDN_VARIANT_INTERNATIONAL, "W:WK8,K11,24,31:BK16,25");
    king_run(&b, history, 49);
    assert_int_equal(b.side, PDN_COLOR_BLACK);
    /* Black, behind, with a man that could move: the king move draws. */
    struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
    limits.depth = 6;
    struct pdn_engine_result black;
    assert_int_equal(pdn_engine_search(&black, e, &b, history, 49, &limits), 0);
    assert_true(is_king(&b, black.move.from));
    assert_int_equal(black.score, 0);
    /* One ply less: White to move, ahead; the king moves would draw. */
    b = history[48];
    pdn_engine_clear(e);
    struct pdn_engine_result white;
    assert_int_equal(pdn_engine_search(&white, e, &b, history, 48, &limits), 0);
    /* A man's move or a capture starts the count again; a king's move
     * must then force a capture on Black (here 7-40, 1x45: a king given). */
    struct pdn_board after = b;
    pdn_board_play(&after, &white.move);
    assert_true(!is_king(&b, white.move.from) || white.move.ncaptured > 0 ||
                pdn_movegen_has_capture(&after));
    assert_true(white.score > 100);
    pdn_engine_free(e);
}

static void test_engine_evaluation(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        struct pdn_board b;
        pdn_board_init(&b, (enum pdn_variant)v);
        int first = pdn_engine_evaluate(&b);
        b.side = (uint8_t)!b.side;
        assert_int_equal(pdn_engine_evaluate(&b), first); /* the start is symmetric */
    }
    struct pdn_board more, king;
    load(&more, PDN_VARIANT_INTERNATIONAL, "W:W31,32:B20");
    assert_true(pdn_engine_evaluate(&more) > 50);
    load(&king, PDN_VARIANT_INTERNATIONAL, "W:WK31:B20,19");
    assert_true(pdn_engine_evaluate(&king) > 0); /* a flying king beats two men */
    load(&king, PDN_VARIANT_ENGLISH, "W:WK31:B20,19");
    assert_true(pdn_engine_evaluate(&king) < 0); /* a short king does not */
    /* 40 flying kings against 5 men, a position no game reaches: worth
     * 12000 by material, yet no win, nor a score that reads as one */
    struct pdn_board many;
    load(&many, PDN_VARIANT_INTERNATIONAL, "W:WK11-50:B1-5");
    int v = pdn_engine_evaluate(&many);
    char text[PDN_SCORE_TEXT_MAX];
    pdn_engine_score_text(text, v);
    assert_true(v > 0 && v < PDN_ENGINE_WIN - 2 * PDN_ENGINE_DEPTH_MAX);
    assert_true(text[0] == '+');
}

/* Men, or a win or loss in plies: a won position is no 99.99 men. */
static void test_engine_score_text(void **state)
{
    (void)state;
    char t[PDN_SCORE_TEXT_MAX];
    assert_int_equal(pdn_engine_score_text(t, 50), 5);
    assert_string_equal(t, "+0.50");
    pdn_engine_score_text(t, -125);
    assert_string_equal(t, "-1.25");
    pdn_engine_score_text(t, 0);
    assert_string_equal(t, "+0.00");
    pdn_engine_score_text(t, PDN_ENGINE_WIN - 1);
    assert_string_equal(t, "wins in 1 ply");
    pdn_engine_score_text(t, -(PDN_ENGINE_WIN - 4));
    assert_string_equal(t, "loses in 4 plies");
    pdn_engine_score_text(t, PDN_ENGINE_WIN - 2 * PDN_ENGINE_DEPTH_MAX - 1); /* no mate: men */
    assert_string_equal(t, "+98.71");
    /* in whole numbers (test_locale: whatever the locale), as "%+.2f" of
     * the score / 100 writes it in the C locale */
    for (int score = -(PDN_ENGINE_WIN + 100); score <= PDN_ENGINE_WIN + 100; score++) {
        int plies = PDN_ENGINE_WIN - abs(score);
        if (plies >= 0 && plies <= 2 * PDN_ENGINE_DEPTH_MAX) continue;
        char f[PDN_SCORE_TEXT_MAX];
        snprintf(f, sizeof f, "%+.2f", score / 100.0);
        assert_int_equal(pdn_engine_score_text(t, score), strlen(f));
        assert_string_equal(t, f);
    }
    /* every int, the ends too: INT_MIN's magnitude is no int, and negating
     * it was undefined behaviour (make sanitize: UBSan stopped here) */
    pdn_engine_score_text(t, INT_MIN);
    assert_string_equal(t, "-21474836.48");
    pdn_engine_score_text(t, INT_MIN + 1);
    assert_string_equal(t, "-21474836.47");
    assert_int_equal(pdn_engine_score_text(t, INT_MAX), 12);
    assert_string_equal(t, "+21474836.47");
}

static void test_engine_levels(void **state)
{
    (void)state;
    struct pdn_engine_limits l;
    assert_int_equal(pdn_engine_level(&l, 0), PDN_EINVAL);
    assert_int_equal(pdn_engine_level(&l, PDN_ENGINE_LEVELS + 1), PDN_EINVAL);
    for (int i = 1; i <= PDN_ENGINE_LEVELS; i++) {
        assert_int_equal(pdn_engine_level(&l, i), 0);
        assert_int_equal(l.version, PDN_ENGINE_LIMITS_VERSION);
        assert_true(l.depth || l.nodes || l.seconds > 0); /* every level ends */
    }
    assert_int_equal(pdn_engine_level(&l, 1), 0);
    assert_true(l.no_quiescence);
}

static void test_engine_bad_arguments(void **state)
{
    (void)state;
    pdn_engine *e = NULL;
    struct pdn_engine_options o = {0};
    assert_int_equal(pdn_engine_new(&e, &o), PDN_EINVAL);
    assert_null(e);
    e = engine();
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    struct pdn_engine_limits bad = {0};
    struct pdn_engine_result r;
    assert_int_equal(pdn_engine_search(&r, e, &b, NULL, 0, &bad), PDN_EINVAL);
    assert_int_equal(pdn_engine_search(&r, e, &b, NULL, 2, NULL), PDN_EINVAL);
    pdn_engine_free(e);
    pdn_engine_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_takes_the_last_piece),
        cmocka_unit_test(test_engine_finds_a_two_for_one),
        cmocka_unit_test(test_engine_without_a_move),
        cmocka_unit_test(test_engine_plays_every_variant),
        cmocka_unit_test(test_engine_is_deterministic),
        cmocka_unit_test(test_engine_keeps_the_node_limit),
        cmocka_unit_test(test_engine_stops_when_asked),
        cmocka_unit_test(test_engine_sees_a_repetition),
        cmocka_unit_test(test_engine_counts_the_16_move_rule),
        cmocka_unit_test(test_engine_minds_the_25_move_rule),
        cmocka_unit_test(test_engine_evaluation),
        cmocka_unit_test(test_engine_score_text),
        cmocka_unit_test(test_engine_levels),
        cmocka_unit_test(test_engine_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
