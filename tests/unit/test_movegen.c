/*
 * Move generator against outside knowledge: the legal-move lists of
 * tests/data/rules/legal_moves_international.tsv (one FMJD rule article per
 * row) and the perft counts of tests/data/rules/perft.tsv. Sources in
 * tests/data/SOURCES.md. Rows deeper than ~12 million nodes run only under
 * `make check-slow` (PDN_SLOW=1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "geometry.h"
#include "movegen.h"
#include "movegen_jumps.h"
#include "pdn.h"
#include "rules_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAST_NODES_MAX 12000000ULL

static void load(struct pdn_board *b, enum pdn_variant v, const char *fen)
{
    struct pdn_fen_error err;
    int rc = pdn_board_from_fen(b, v, fen, &err);
    if (rc != 0)
        fail_msg("FEN '%s' rejected at %zu: %s", fen, err.offset,
                 pdn_fen_status_message(err.status));
}

/* A generated move's two spellings: the short one and the whole path. */
struct spelled {
    char short_text[PDN_MOVE_TEXT_MAX];
    char path_text[PDN_MOVE_TEXT_MAX];
    bool used;
};

static void spell(struct spelled *out, const struct pdn_move *m, const struct pdn_movelist *list)
{
    pdn_move_to_text(out->short_text, m, list, PDN_CAPTURE_SHORTEST);
    int n = snprintf(out->path_text, sizeof out->path_text, "%d", m->from);
    for (int i = 0; i < m->npath; i++)
        n += snprintf(out->path_text + n, sizeof out->path_text - (size_t)n, "%c%d",
                      m->ncaptured ? 'x' : '-', m->path[i]);
}

/*
 * The generated list must equal the expected one exactly: each expected
 * word names one generated move (short form, or the whole landing path as
 * some sources write every capture) and no move is left over.
 */
static void expect_list(const char *id, const struct pdn_board *b, unsigned flags,
                        const char *expected)
{
    static struct pdn_movelist list;
    static struct spelled moves[PDN_MOVES_MAX];
    char copy[4096];
    int matched = 0;
    pdn_movegen(&list, b, flags);
    for (int i = 0; i < list.count; i++) {
        spell(&moves[i], &list.moves[i], &list);
        moves[i].used = false;
    }
    snprintf(copy, sizeof copy, "%s", expected);
    for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
        int i = 0;
        while (i < list.count && (moves[i].used || (strcmp(w, moves[i].short_text) != 0 &&
                                                    strcmp(w, moves[i].path_text) != 0)))
            i++;
        if (i == list.count) fail_msg("%s: expected move %s not generated", id, w);
        moves[i].used = true;
        matched++;
    }
    for (int i = 0; i < list.count; i++)
        if (!moves[i].used) fail_msg("%s: unexpected move %s", id, moves[i].path_text);
    assert_int_equal(matched, list.count);
}

/*
 * Rows whose expected column is prose rather than a list. The circular king
 * capture (pydraughts) lists both orders of the same capture: that is the
 * keep-duplicates list; FMJD merges them into 38x38 (the row's notes).
 */
static bool check_special_row(char **f, const struct pdn_board *b)
{
    const char *id = f[0];
    if (strcmp(id, "pydraughts-circular") == 0 || strcmp(id, "pydraughts-fen-H0F1") == 0) {
        expect_list(id, b, PDN_MOVEGEN_KEEP_DUPLICATES,
                    "38x27x13x24x38 38x42 38x47 38x24x13x27x38 38x43 38x49");
        expect_list(id, b, 0, "38x38 38x42 38x47 38x43 38x49");
        return true;
    }
    if (strcmp(id, "pydraughts-legacy-fen") == 0) {
        struct pdn_movelist list;
        assert_int_equal(pdn_movegen(&list, b, 0), 1);
        uint8_t sq[PDN_PATH_MAX];
        assert_int_equal(pdn_move_captures(sq, &list.moves[0], PDN_VARIANT_INTERNATIONAL), 3);
        assert_int_equal(sq[0], 28);
        assert_int_equal(sq[1], 31);
        assert_int_equal(sq[2], 44);
        assert_int_equal(list.moves[0].from, 50);
        assert_int_equal(list.moves[0].to, 36);
        return true;
    }
    if (strcmp(id, "pydraughts-no-adjacent") == 0) {
        struct pdn_movelist list;
        pdn_movegen(&list, b, 0);
        for (int i = 0; i < list.count; i++)
            assert_false(list.moves[i].from == 50 && list.moves[i].to == 50);
        return true;
    }
    return false;
}

static void test_movegen_legal_move_lists(void **state)
{
    (void)state;
    FILE *in = fopen(LEGAL_TSV, "r");
    assert_non_null(in);
    char line[4096], *f[9];
    int rows = 0;
    assert_non_null(fgets(line, sizeof line, in)); /* header */
    while (fgets(line, sizeof line, in)) {
        if (split_tsv(line, f, 9) < 6) continue;
        struct pdn_board b;
        load(&b, PDN_VARIANT_INTERNATIONAL, f[1]);
        assert_int_equal(b.side, f[2][0] == 'B' ? PDN_COLOR_BLACK : PDN_COLOR_WHITE);
        rows++;
        if (check_special_row(f, &b)) continue;
        expect_list(f[0], &b, 0, f[3]);
        struct pdn_movelist list;
        assert_int_equal(pdn_movegen(&list, &b, 0), atoi(f[4]));
        assert_int_equal(pdn_movegen_count(&b, 0), atoi(f[4]));
        if (list.count > 0) assert_int_equal(list.moves[0].ncaptured, atoi(f[5]));
    }
    fclose(in);
    assert_int_equal(rows, 28);
}

static int variant_named(const char *name)
{
    for (int v = 0; v < PDN_VARIANT_COUNT; v++)
        if (strcmp(pdn_rules_get(v)->name, name) == 0) return v;
    if (strcmp(name, "checkers") == 0) return PDN_VARIANT_ENGLISH;
    return -1;
}

/* The table of counts the perft rows share, or NULL (test_perft_table). */
static pdn_perft_table *row_table;

/* Runs every perft row of a supported variant (of at most FAST_NODES_MAX
 * nodes unless 'slow'; of at most 'most' nodes in any case); returns how
 * many ran. */
static int run_perft_rows_upto(const char *variant_filter, bool slow, unsigned long long most)
{
    FILE *in = fopen(PERFT_TSV, "r");
    assert_non_null(in);
    char line[4096], *f[8];
    int ran = 0;
    pdn_perft_table *deep_table = NULL; /* the deep rows' */
    while (fgets(line, sizeof line, in)) {
        if (split_tsv(line, f, 8) < 6 || strcmp(f[0], variant_filter) != 0) continue;
        unsigned long long nodes = strtoull(f[5], NULL, 10);
        if ((nodes > FAST_NODES_MAX && !slow) || nodes > most) continue;
        /* Keep rows to 200M nodes: every variant's depths 10 and 11 and
         * FrontRows to 13, where kings fly; the deeper ones (10.7G at the
         * start's 12) took check-slow half a minute more. */
        if (strcmp(f[3], "keep") == 0 && nodes > 200000000ULL) continue;
        int v = variant_named(f[0]);
        assert_true(v >= 0);
        struct pdn_board b;
        char fen[256];
        snprintf(fen, sizeof fen, "%.*s", (int)strcspn(f[2], " "), f[2]);
        load(&b, v, fen);
        unsigned flags = strcmp(f[3], "keep") == 0 ? PDN_MOVEGEN_KEEP_ORDERS : 0;
        /* The deep rows (check-slow) through a table of counts: seconds
         * rather than minutes, and the same counts (test_perft_table holds
         * the table to the plain count on every fast row). One table for
         * the variant's deep rows: its 64 MB paged in once, not once a row
         * (13 of test_movegen's 48 s under PDN_SLOW were the kernel's), and
         * a row's subtrees counted for the row one ply shallower; each
         * row's deepest plies are new to it. */
        pdn_perft_table *table = row_table;
        if (!table && nodes > FAST_NODES_MAX) {
            if (!deep_table)
                assert_int_equal(pdn_perft_table_new(&deep_table, (size_t)64 << 20), 0);
            table = deep_table;
        }
        unsigned long long got = pdn_perft_count_table(&b, atoi(f[4]), flags, table);
        if (got != nodes)
            fail_msg("%s %s %s depth %s: %llu nodes, expected %llu", f[0], f[1], f[3], f[4], got,
                     nodes);
        ran++;
    }
    pdn_perft_table_free(deep_table);
    fclose(in);
    return ran;
}

static bool slow_mode(void)
{
    return getenv("PDN_SLOW") != NULL;
}

static int run_perft_rows(const char *variant_filter, bool slow)
{
    return run_perft_rows_upto(variant_filter, slow, ~0ULL);
}

/*
 * The keep-duplicates columns come from DCTL alone (recomputed
 * independently only to depth 8). Every row agrees, the deep ones under
 * PDN_SLOW: FrontRows 3 174 159 at depth 10, the Brazilian start
 * 21 566 606, the Czech start 18 368 918. (Counting each landing of a king
 * between two pieces taken in the same order as another order gave 3, 16
 * and 17 nodes more: a review found it.) FMJD counting (drop) is the rule
 * the tools enforce.
 */
static void test_movegen_perft_international(void **state)
{
    (void)state;
    /* Start position d1-8 both policies, five test positions. */
    assert_true(run_perft_rows("international", slow_mode()) >= 60);
}

/* The same counts through a table of counts: a small one (4096 entries),
 * shared by every row, depths and both duplicate policies, so that entries
 * are replaced and positions meet again at other depths and policies. */
static void test_perft_table(void **state)
{
    (void)state;
    assert_int_equal(pdn_perft_table_new(&row_table, 64 * 1024), 0);
    assert_true(run_perft_rows("international", false) >= 40);
    assert_true(run_perft_rows("checkers", false) >= 18);
    assert_true(run_perft_rows("italian", false) >= 18);
    pdn_perft_table_free(row_table);
    row_table = NULL;
    pdn_perft_table_free(NULL);
}

static void test_movegen_perft_brazilian(void **state)
{
    (void)state;
    assert_true(run_perft_rows("brazilian", slow_mode()) >= 18);
}

static void test_movegen_perft_english(void **state)
{
    (void)state;
    assert_true(run_perft_rows("checkers", slow_mode()) >= 18);
}

/* Italian (DCTL board_08x08.cpp, "mirrored board", both columns): to depth 9
 * here, to 13 under PDN_SLOW (keep and drop first differ at depth 12). */
static void test_movegen_perft_italian(void **state)
{
    (void)state;
    assert_true(run_perft_rows("italian", slow_mode()) >= 18);
}

/* The one capture of a position, from and to; fails unless there is exactly one. */
static void expect_only_capture(const char *fen, int from, int to, int ncaptured)
{
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, PDN_VARIANT_ITALIAN, fen);
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    assert_int_equal(pdn_movegen_count(&b, 0), 1);
    assert_int_equal(list.moves[0].from, from);
    assert_int_equal(list.moves[0].to, to);
    assert_int_equal(list.moves[0].ncaptured, ncaptured);
}

/* Italian board: square 1 is the top-left corner (FID numbering); 12-15 is a
 * man's step, which on the other 8x8 boards is no diagonal. */
static void test_movegen_italian_board(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_move m;
    pdn_board_init(&b, PDN_VARIANT_ITALIAN);
    assert_int_equal(b.side, PDN_COLOR_WHITE);
    assert_int_equal(pdn_board_get(&b, 1), PDN_PIECE_BLACK_MAN);
    assert_int_equal(pdn_board_get(&b, 21), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_movegen_count(&b, 0), 7);
    assert_true(pdn_movegen_quiet(&m, &b, 21, 17));
    assert_true(pdn_movegen_quiet(&m, &b, 24, 20));
    assert_false(pdn_movegen_quiet(&m, &b, 24, 19));
    b.side = PDN_COLOR_BLACK;
    assert_true(pdn_movegen_quiet(&m, &b, 12, 15));
    assert_true(pdn_movegen_quiet(&m, &b, 9, 13));
    assert_false(pdn_movegen_quiet(&m, &b, 9, 14));
    char name[4];
    pdn_square_name(name, PDN_VARIANT_ITALIAN, 1);
    assert_string_equal(name, "a8");
    pdn_square_name(name, PDN_VARIANT_ITALIAN, 32);
    assert_string_equal(name, "h1");
}

/* FID rules: a man never takes a king; the capture taking the most pieces,
 * then the one by a king, then the one taking the most kings, then the one
 * meeting a king first. */
static void test_movegen_italian_capture_precedence(void **state)
{
    (void)state;
    /* A man next to a king with room behind: no capture, a quiet move. */
    expect_only_capture("W:W22:B18", 22, 13, 1);
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, PDN_VARIANT_ITALIAN, "W:W22:BK18");
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    assert_int_equal(list.moves[0].ncaptured, 0);
    assert_int_equal(list.moves[0].to, 19);
    assert_false(pdn_movegen_has_capture(&b));
    /* Most pieces: the man's two men before the king's one king. */
    expect_only_capture("W:W22,K32:B18,10,K28", 22, 6, 2);
    /* Equal numbers: the king captures, not the man. */
    expect_only_capture("W:W22,K24:B18,20", 24, 15, 1);
    /* The king takes the king rather than the man. */
    expect_only_capture("W:WK22:BK18,19", 22, 13, 1);
    /* Two kings' captures of a man and a king each: the king met first. */
    expect_only_capture("W:WK27:B22,K13,K23,15", 27, 11, 2);
    expect_only_capture("W:WK27:BK22,13,23,K15", 27, 9, 2);
    /* All else equal: free choice. */
    load(&b, PDN_VARIANT_ITALIAN, "W:WK27:B22,13,23,15");
    assert_int_equal(pdn_movegen(&list, &b, 0), 2);
}

/* Czech (DCTL board_08x08.cpp, both columns): men capture forward only,
 * flying kings, a king's capture first; differs from English at depth 9. */
static void test_movegen_perft_czech(void **state)
{
    (void)state;
    assert_true(run_perft_rows("czech", slow_mode()) >= 18);
}

/*
 * Russian: both columns agree with DCTL (keep 22 450 628 at depth 10: a king
 * crowned in passing lands on several squares too, the same capture each
 * time): the rows of perft.tsv, and the first nine depths of both here.
 */
static void test_movegen_perft_russian(void **state)
{
    (void)state;
    static const unsigned long long drop[] = {7,     49,     302,    1469,   7482,
                                              37986, 190146, 929899, 4570586};
    static const unsigned long long keep[] = {7,     49,     302,    1469,   7482,
                                              37986, 190146, 929905, 4570667};
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_RUSSIAN);
    for (int d = 1; d <= 9; d++) {
        assert_int_equal(pdn_perft_count(&b, d, 0), drop[d - 1]);
        assert_int_equal(pdn_perft_count(&b, d, PDN_MOVEGEN_KEEP_ORDERS), keep[d - 1]);
    }
    /* to depth 12 under PDN_SLOW (545 059 387): depths 13 and 14 took a
     * minute more, and every policy's count agrees by then */
    assert_true(run_perft_rows_upto("russian", slow_mode(), 600000000ULL) >= 18);
}

/*
 * A flying king taking two pieces on one line may land on any empty square
 * between them: 46 takes 28, lands on 23, 19 or 14, then takes 10 and lands
 * on 5. FMJD: the same pieces taken from the same square to the same square
 * are one move, whatever the landings; KEEP_ORDERS, one move per order of
 * the pieces taken, has one order here: one move too (DCTL's counts;
 * pdnperft --keep-duplicates counted each route, 12 where 4 are); the
 * routes, which written paths name, are three (KEEP_DUPLICATES).
 * (White's other king, on 29, has nothing to take.)
 */
static void test_movegen_king_two_pieces_one_line(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, PDN_VARIANT_INTERNATIONAL, "W:WK29,K46:B10,28,36,39,42,45,47");
    expect_list("one line, FMJD", &b, 0, "46x5");
    assert_int_equal(pdn_movegen_count(&b, 0), 1);
    expect_list("one line, orders", &b, PDN_MOVEGEN_KEEP_ORDERS, "46x5");
    assert_int_equal(pdn_movegen_count(&b, PDN_MOVEGEN_KEEP_ORDERS), 1);
    expect_list("one line, routes", &b, PDN_MOVEGEN_KEEP_DUPLICATES, "46x23x5 46x19x5 46x14x5");
    assert_int_equal(pdn_movegen_count(&b, PDN_MOVEGEN_KEEP_DUPLICATES), 3);
    /* The review's case: the landings 37, 32 and 28 before 23 are one
     * capture for each square it may end on. */
    load(&b, PDN_VARIANT_INTERNATIONAL, "W:WK46:B41,23");
    assert_int_equal(pdn_movegen_count(&b, PDN_MOVEGEN_KEEP_ORDERS), 4);
    assert_int_equal(pdn_movegen_count(&b, PDN_MOVEGEN_KEEP_DUPLICATES), 12);
    load(&b, PDN_VARIANT_RUSSIAN, "W:WKa1:Bb2,f6");
    assert_int_equal(pdn_movegen_count(&b, PDN_MOVEGEN_KEEP_ORDERS), 2);
    pdn_movegen(&list, &b, 0);
    assert_int_equal(list.moves[0].ncaptured, 2);
}

/* Whether a position's one legal move is a capture from 'from' to 'to'
 * (to 0: the position has no capture at all). */
static void expect_king_capture(enum pdn_variant v, const char *fen, int from, int to)
{
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, v, fen);
    pdn_movegen(&list, &b, 0);
    if (to == 0) {
        assert_false(pdn_movegen_has_capture(&b));
        assert_true(list.count > 0);
        assert_int_equal(list.moves[0].ncaptured, 0);
        return;
    }
    assert_true(pdn_movegen_has_capture(&b));
    assert_int_equal(list.count, 1);
    assert_int_equal(list.moves[0].from, from);
    assert_int_equal(list.moves[0].to, to);
    assert_int_equal(list.moves[0].ncaptured, 1);
}

/*
 * How far a king reaches for a capture (RULES.md, Captures: a king takes a piece
 * on its diagonal at any distance, over empty squares, onto an empty square
 * behind it; Italian kings, like men, only the piece next to them). The
 * long diagonal holds the farthest capture of each board: 10x10 46 (a1)
 * over seven empty squares and 10 onto 5 (j10); 8x8 29 (a1) over five
 * empty squares and 8 onto 4 (h8). A piece of its own on the way, a piece
 * behind the prey or two pieces in a row stop it.
 */
static void test_movegen_king_capture_reach(void **state)
{
    (void)state;
    expect_king_capture(PDN_VARIANT_INTERNATIONAL, "W:WK46:B10", 46, 5);
    expect_king_capture(PDN_VARIANT_INTERNATIONAL, "B:W41:BK5", 5, 46);
    expect_king_capture(PDN_VARIANT_INTERNATIONAL, "W:WK46,23:B10", 0, 0);
    expect_king_capture(PDN_VARIANT_INTERNATIONAL, "W:WK46:B5,10", 0, 0);
    expect_king_capture(PDN_VARIANT_INTERNATIONAL, "W:WK46:B10,14", 0, 0);
    expect_king_capture(PDN_VARIANT_BRAZILIAN, "W:WK29:B8", 29, 4);
    expect_king_capture(PDN_VARIANT_RUSSIAN, "B:W25:BK4", 4, 29);
    expect_king_capture(PDN_VARIANT_BRAZILIAN, "W:WK29,15:B8", 0, 0);
    expect_king_capture(PDN_VARIANT_ITALIAN, "W:WK32:B28", 32, 23);
    expect_king_capture(PDN_VARIANT_ITALIAN, "W:WK32:B23", 0, 0);
}

static void test_movegen_start_positions(void **state)
{
    (void)state;
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_WHITE_MAN), 20);
    assert_int_equal(pdn_board_get(&b, 31), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_get(&b, 20), PDN_PIECE_BLACK_MAN);
    assert_int_equal(pdn_board_get(&b, 21), PDN_PIECE_EMPTY);
    pdn_board_init(&b, PDN_VARIANT_ENGLISH);
    assert_int_equal(b.side, PDN_COLOR_BLACK);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_BLACK_MAN), 12);
}

/* A man reaching the last row by a quiet move promotes; in passing it does not. */
static void test_movegen_promotion(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, PDN_VARIANT_INTERNATIONAL, "W:W8");
    assert_int_equal(pdn_movegen(&list, &b, 0), 2);
    pdn_board_play(&b, &list.moves[0]);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_WHITE_KING), 1);
    load(&b, PDN_VARIANT_INTERNATIONAL, "W:W15:B9,10");
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    assert_false(list.moves[0].promotes);
    pdn_board_play(&b, &list.moves[0]);
    assert_int_equal(pdn_board_get(&b, 13), PDN_PIECE_WHITE_MAN);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_BLACK_MAN), 0);
    assert_int_equal(b.side, PDN_COLOR_BLACK);
}

/*
 * Russian rules: a man reaching the far row during a capture is crowned and
 * goes on capturing as a king (RULES.md). b6 takes c7 and lands on d8,
 * crowned; as a flying king it crosses e7 and f6, takes g5 and lands on h4,
 * a capture no man could go on with. On the Brazilian board (FMJD rules) the
 * man stops on d8 and is crowned at the end.
 */
static void test_movegen_crowned_in_passing(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, PDN_VARIANT_RUSSIAN, "W:Wb6:Bc7,g5");
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    const struct pdn_move *m = &list.moves[0];
    assert_int_equal(m->from, pdn_square_from_name(PDN_VARIANT_RUSSIAN, "b6"));
    assert_int_equal(m->to, pdn_square_from_name(PDN_VARIANT_RUSSIAN, "h4"));
    assert_int_equal(m->npath, 2);
    assert_int_equal(m->path[0], pdn_square_from_name(PDN_VARIANT_RUSSIAN, "d8"));
    assert_int_equal(m->ncaptured, 2);
    assert_true(m->promotes);
    pdn_board_play(&b, m);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_WHITE_KING), 1);
    assert_int_equal(pdn_board_count(&b, PDN_PIECE_BLACK_MAN), 0);
    load(&b, PDN_VARIANT_BRAZILIAN, "W:Wb6:Bc7,g5");
    assert_int_equal(pdn_movegen(&list, &b, 0), 1);
    assert_int_equal(list.moves[0].to, pdn_square_from_name(PDN_VARIANT_BRAZILIAN, "d8"));
    assert_int_equal(list.moves[0].ncaptured, 1);
    assert_true(list.moves[0].promotes);
}

/* Playing a circular capture keeps the king on its square. */
static void test_movegen_play_circular_capture(void **state)
{
    (void)state;
    struct pdn_board b;
    struct pdn_movelist list;
    load(&b, PDN_VARIANT_INTERNATIONAL, "W:WK38:B18,19,32,33");
    pdn_movegen(&list, &b, 0);
    for (int i = 0; i < list.count; i++) {
        if (list.moves[i].to != 38) continue;
        pdn_board_play(&b, &list.moves[i]);
        assert_int_equal(pdn_board_get(&b, 38), PDN_PIECE_WHITE_KING);
        assert_int_equal(pdn_board_count(&b, PDN_PIECE_BLACK_MAN), 0);
        return;
    }
    fail_msg("no circular capture found");
}

/* The quiet-move fast path agrees with the generator on every pair of
 * squares (0 and one past the board included): the same move, or none.
 * Returns the quiet moves of kings it found. */
static int check_quiet_agrees(const struct pdn_board *b)
{
    struct pdn_movelist list;
    int found = 0, last = pdn_board_squares(b) + 1;
    pdn_movegen(&list, b, 0);
    for (int from = 0; from <= last; from++)
        for (int to = 0; to <= last; to++) {
            struct pdn_move m;
            bool fast = pdn_movegen_quiet(&m, b, from, to);
            const struct pdn_move *listed = NULL;
            for (int i = 0; i < list.count; i++)
                if (list.moves[i].ncaptured == 0 && list.moves[i].from == from &&
                    list.moves[i].to == to)
                    listed = &list.moves[i];
            if (fast != (listed != NULL))
                fail_msg("quiet %d-%d: fast path %d, generator %d", from, to, fast, !fast);
            if (!fast) continue;
            enum pdn_piece piece = pdn_board_get(b, from);
            found += piece == PDN_PIECE_WHITE_KING || piece == PDN_PIECE_BLACK_KING;
            assert_int_equal(m.promotes, listed->promotes);
            assert_int_equal(m.npath, 1);
            assert_int_equal(m.path[0], to);
            assert_int_equal(m.captured, 0);
        }
    assert_int_equal(pdn_movegen_has_capture(b), list.count > 0 && list.moves[0].ncaptured > 0);
    return found;
}

/* The single-capture fast path (movegen_single_jumps) agrees with the
 * generator: when it answers, the generator lists the same moves in the
 * same order, field for field. Returns how many moves it answered with. */
static int check_jumps_agree(const struct pdn_board *b)
{
    struct pdn_movelist fast, list;
    if (!movegen_single_jumps(&fast, b)) return 0;
    pdn_movegen(&list, b, 0);
    assert_int_equal(fast.count, list.count);
    assert_false(fast.overflow);
    for (int i = 0; i < list.count; i++) {
        const struct pdn_move *m = &fast.moves[i], *g = &list.moves[i];
        assert_true(m->captured == g->captured);
        assert_int_equal(m->from, g->from);
        assert_int_equal(m->to, g->to);
        assert_int_equal(m->ncaptured, 1);
        assert_int_equal(g->ncaptured, 1);
        assert_int_equal(m->npath, g->npath);
        assert_memory_equal(m->path, g->path, sizeof m->path);
        assert_int_equal(m->promotes, g->promotes);
    }
    return fast.count;
}

/*
 * The replay's direct play of a man's capture (movegen_play_single_jump)
 * agrees with the generator on every pair of squares, the squares off the
 * board too: it plays a move only where the generator lists exactly that
 * one from 'from' to 'to', a capture of one piece, field for field, and
 * leaves the board as pdn_board_play does; elsewhere it leaves the board
 * as it was. Where the side has no king and movegen_single_jumps answers,
 * it plays every capture listed. Returns how many it played.
 */
static int check_play_jump_agrees(const struct pdn_board *b)
{
    struct pdn_movelist list, single;
    pdn_movegen(&list, b, 0);
    bool answers = movegen_single_jumps(&single, b) && !(b->pieces[b->side] & b->kings);
    /* A position it sends to the search (whatever the squares), the
     * replay lists with pdn_movegen, not asking movegen_single_jumps:
     * which would decline it too. */
    struct pdn_board probe = *b;
    struct pdn_move unused;
    if (play_single_jump(&unused, &probe, geometry_get(b->variant), 0, 0) == JUMP_TO_SEARCH)
        assert_false(movegen_single_jumps(&single, b));
    int played = 0, last = pdn_board_squares(b) + 1;
    for (int from = 0; from <= last; from++)
        for (int to = 0; to <= last; to++) {
            struct pdn_board after = *b, expected = *b;
            struct pdn_move m;
            const struct pdn_move *listed = NULL;
            int n = 0;
            for (int i = 0; i < list.count; i++)
                if (list.moves[i].from == from && list.moves[i].to == to) {
                    listed = &list.moves[i];
                    n++;
                }
            if (!movegen_play_single_jump(&m, &after, from, to)) {
                assert_memory_equal(&after, b, sizeof after);
                if (answers && n == 1 && listed->ncaptured == 1)
                    fail_msg("capture %d-%d listed but not played", from, to);
                continue;
            }
            played++;
            if (n != 1) fail_msg("capture %d-%d played, %d listed", from, to, n);
            assert_int_equal(listed->ncaptured, 1);
            assert_true(m.captured == listed->captured);
            assert_int_equal(m.ncaptured, 1);
            assert_int_equal(m.npath, listed->npath);
            assert_memory_equal(m.path, listed->path, sizeof m.path);
            assert_int_equal(m.promotes, listed->promotes);
            pdn_board_play(&expected, listed);
            assert_memory_equal(&after, &expected, sizeof after);
        }
    return played;
}

/*
 * Positions the single-capture fast path answers, with the generator's
 * moves (men's jumps that cannot go on, crowned at their end or not, with
 * pieces behind a man it may not take backwards, or a king beside it an
 * Italian man may not take; a flying king's every landing, a short king's
 * one), and positions it leaves to the generator (a jump onward, a king's
 * capture going on round a corner, a Russian man crowned on the way, who
 * goes on as a king, a king's capture Italian rules rank above a man's).
 * answers: the number of moves, 0 for none.
 */
static void test_movegen_single_jumps(void **state)
{
    (void)state;
    static const struct {
        enum pdn_variant variant;
        const char *fen;
        int answers;
    } cases[] = {
        {PDN_VARIANT_INTERNATIONAL, "W:W28:B23", 1},
        {PDN_VARIANT_INTERNATIONAL, "W:W28:B23,22", 2},
        {PDN_VARIANT_INTERNATIONAL, "W:W28,31:B23,27", 2},
        {PDN_VARIANT_INTERNATIONAL, "W:W28:B23,13", 0},
        {PDN_VARIANT_INTERNATIONAL, "W:W28,K46:B23,37", 2},
        {PDN_VARIANT_INTERNATIONAL, "W:WK46:B37", 7},
        {PDN_VARIANT_INTERNATIONAL, "W:WK46:B37,19", 0},
        {PDN_VARIANT_INTERNATIONAL, "W:W36,K46:B31,37,19", 0}, /* the man's 36x27 takes less */
        {PDN_VARIANT_RUSSIAN, "W:WKa1:Bc3", 5},
        {PDN_VARIANT_ENGLISH, "W:WK29:B25", 1},
        {PDN_VARIANT_ITALIAN, "W:WK22,24:B18,20", 0},
        {PDN_VARIANT_CZECH, "W:WKa1,e3:Bb2,f4", 0},
        {PDN_VARIANT_BRAZILIAN, "W:Wb6:Bc7,g5", 1},
        {PDN_VARIANT_RUSSIAN, "W:Wb6:Bc7,g5", 0},
        {PDN_VARIANT_ENGLISH, "W:W22:B18,26", 1},
        {PDN_VARIANT_ENGLISH, "W:W22:B18,25", 1},
        {PDN_VARIANT_CZECH, "W:W22:B18,26", 1},
        {PDN_VARIANT_ITALIAN, "W:W22:B18,K19", 1},
        {PDN_VARIANT_ITALIAN, "W:W22:B18,K17", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pdn_board b;
        load(&b, cases[i].variant, cases[i].fen);
        int answered = check_jumps_agree(&b);
        check_play_jump_agrees(&b);
        if (answered != cases[i].answers)
            fail_msg("%s: the fast path answered %d moves, not %d", cases[i].fen, answered,
                     cases[i].answers);
    }
}

static void test_movegen_quiet_fast_path(void **state)
{
    (void)state;
    static const char *fens[] = {"W:W31-50:B1-20",        "B:W31-50:B1-20",
                                 "W:WK28,K46,8:B3,23,40", "B:WK28,K46,8:BK3,23,40",
                                 "W:W28,32:B23",          "W:W8:B45"};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct pdn_board b;
        load(&b, PDN_VARIANT_INTERNATIONAL, fens[i]);
        check_quiet_agrees(&b);
    }
}

/*
 * The same over every variant, on the positions of games played by a fixed
 * pseudo-random choice among the legal moves until one side cannot move:
 * men of both colours, kings (flying or not), promotions and the mirrored
 * Italian board. Each variant must have met quiet king moves, so the test
 * cannot pass on men alone, and positions the single-capture fast path
 * answered with several moves, which are compared too.
 */
static void test_movegen_quiet_fast_path_playouts(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        uint32_t seed = 12345u + (uint32_t)v;
        int king_moves = 0, only_captures = 0, jumps_played = 0;
        for (int game = 0; game < 6; game++) {
            struct pdn_board b;
            struct pdn_movelist list;
            pdn_board_init(&b, (enum pdn_variant)v);
            for (int ply = 0; ply < 300 && pdn_movegen(&list, &b, 0) > 0; ply++) {
                king_moves += check_quiet_agrees(&b);
                only_captures += check_jumps_agree(&b) > 1;
                jumps_played += check_play_jump_agrees(&b);
                seed = seed * 1103515245u + 12345u;
                pdn_board_play(&b, &list.moves[(seed >> 16) % (uint32_t)list.count]);
            }
        }
        if (king_moves == 0) fail_msg("variant %d: no position with kings to move", v);
        if (only_captures == 0) fail_msg("variant %d: no position of men's single jumps", v);
        if (jumps_played == 0) fail_msg("variant %d: no man's capture played directly", v);
    }
}

/* A board of a fixed pseudo-random choice: 'own' men of the side to move
 * (side), 'other' of the other side, and kings when 'kings' (a square taken
 * twice keeps the last piece). */
static void random_board(struct pdn_board *b, enum pdn_variant v, int side, int own, int other,
                         bool kings, uint32_t *seed)
{
    pdn_board_clear(b, v);
    int squares = pdn_rules_get(v)->width * pdn_rules_get(v)->height / 2;
    const int count[4] = {own, other, kings, kings};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < count[k]; i++) {
            int colour = k % 2 == 0 ? side : !side;
            *seed = *seed * 1103515245u + 12345u;
            pdn_board_set(b, 1 + (int)((*seed >> 16) % (uint32_t)squares),
                          k < 2 ? (colour ? PDN_PIECE_BLACK_MAN : PDN_PIECE_WHITE_MAN)
                                : (colour ? PDN_PIECE_BLACK_KING : PDN_PIECE_WHITE_KING));
        }
    b->side = (uint8_t)side;
    b->side_known = true;
}

/* The step test check_final asks before it counts the moves: a side it says can step has a legal
 * move, on every variant, in positions of playouts to the end (no move left) and in crowded random
 * ones (men blocked, captures only); both answers met. */
static void test_movegen_side_can_step(void **state)
{
    (void)state;
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        uint32_t seed = 777u + (uint32_t)v;
        int stuck = 0, steps = 0, captures_only = 0;
        struct pdn_board b;
        struct pdn_movelist list;
        for (int i = 0; i < 3000; i++) {
            random_board(&b, (enum pdn_variant)v, i & 1, 1 + i % 6, 10 + i % 35, i % 7 == 0, &seed);
            int n = pdn_movegen_count(&b, 0);
            bool step = movegen_side_can_step(&b);
            if (step && n == 0) fail_msg("variant %d: a step said where no move is", v);
            steps += step;
            captures_only += !step && n > 0;
            stuck += n == 0;
        }
        for (int game = 0; game < 6; game++) {
            pdn_board_init(&b, (enum pdn_variant)v);
            for (int ply = 0; ply < 300; ply++) {
                int n = pdn_movegen(&list, &b, 0);
                if (movegen_side_can_step(&b) && n == 0) fail_msg("variant %d: playout", v);
                if (n == 0) break;
                seed = seed * 1103515245u + 12345u;
                pdn_board_play(&b, &list.moves[(seed >> 16) % (uint32_t)list.count]);
            }
        }
        if (!stuck || !steps || !captures_only)
            fail_msg("variant %d: stuck %d, steps %d, captures only %d", v, stuck, steps,
                     captures_only);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movegen_start_positions),
        cmocka_unit_test(test_movegen_legal_move_lists),
        cmocka_unit_test(test_movegen_promotion),
        cmocka_unit_test(test_movegen_crowned_in_passing),
        cmocka_unit_test(test_movegen_play_circular_capture),
        cmocka_unit_test(test_movegen_king_two_pieces_one_line),
        cmocka_unit_test(test_movegen_king_capture_reach),
        cmocka_unit_test(test_movegen_quiet_fast_path),
        cmocka_unit_test(test_movegen_single_jumps),
        cmocka_unit_test(test_movegen_quiet_fast_path_playouts),
        cmocka_unit_test(test_movegen_perft_international),
        cmocka_unit_test(test_perft_table),
        cmocka_unit_test(test_movegen_perft_brazilian),
        cmocka_unit_test(test_movegen_perft_english),
        cmocka_unit_test(test_movegen_perft_russian),
        cmocka_unit_test(test_movegen_perft_czech),
        cmocka_unit_test(test_movegen_perft_italian),
        cmocka_unit_test(test_movegen_italian_board),
        cmocka_unit_test(test_movegen_italian_capture_precedence),
        cmocka_unit_test(test_movegen_side_can_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
