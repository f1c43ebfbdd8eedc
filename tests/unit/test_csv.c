/*
 * The CSV writer's fast paths (csv_moves.c, the main line of
 * csv_game_cells.c) against the general way, on every game of every PDN
 * file of tests/data and samples: the moves cell the same with and
 * without them and the same as pdn_format_game's main line, the moves
 * rows built in place the same as cell by cell in every layout, a writer
 * a game and one writer for all; and pdn_write_game's movetext_only, which
 * the comparison uses. What the cells hold, on small texts, is
 * test_csv_cells.c's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csv_writer.h"
#include "games_io.h"
#include "pdn.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the main line without the writer ---- */

/* The moves cell of a one-game, one-column CSV, unquoted. */
static void moves_cell(char *csv, char **cell)
{
    char *s = strchr(csv, '\n') + 1;
    size_t n = strlen(s);
    if (n && s[n - 1] == '\n') s[--n] = '\0';
    if (n >= 2 && s[0] == '"') {
        size_t k = 0;
        for (size_t i = 1; i + 1 < n; i++) {
            if (s[i] == '"') i++;
            s[k++] = s[i];
        }
        s[k] = '\0';
    }
    *cell = s;
}

/* One game's CSV under o, the writer's fast paths on or off. */
static char *game_csv(const pdn_game *g, const char *path, const struct pdn_csv_write_options *o,
                      bool fast)
{
    char *csv = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&csv, &len);
    pdn_csv_writer *w = NULL;
    assert_int_equal(pdn_csv_writer_open(&w, fp, o, NULL), 0);
    csv_writer_fast_paths(w, fast);
    assert_int_equal(pdn_csv_writer_write_header(w), 0);
    assert_true(pdn_csv_writer_write_game(w, g, path) >= 1);
    pdn_csv_writer_free(w);
    fclose(fp);
    return csv;
}

/* One game's CSV of the moves column, main_line's fast path on or off. */
static char *moves_csv(const pdn_game *g, const char *path, bool fast)
{
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.columns = "moves";
    return game_csv(g, path, &o, fast);
}

/* A game's moves cell: the same with main_line's fast path and without
 * (the writer then writes it), and what pdn_format_game writes with no
 * comments, variations or NAGs, the result left out. The CSV, which the
 * caller frees, holds the cell (*cell). */
static char *compare_game(const pdn_game *g, const char *path, char **cell)
{
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.width = INT_MAX / 2;
    wo.no_comments = wo.no_variations = wo.no_nags = wo.seven_tag_roster = true;
    wo.movetext_only = true;
    struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
    fo.write = &wo;
    char *csv = moves_csv(g, path, true), *slow = moves_csv(g, path, false);
    if (strcmp(csv, slow) != 0)
        fail_msg("%s, game %zu:\n fast '%s'\n slow '%s'", path, (size_t)g->index, csv, slow);
    free(slow);
    char *text = NULL;
    size_t text_len = 0;
    FILE *b = open_memstream(&text, &text_len);
    assert_int_equal(pdn_format_game(b, g, &fo), 0);
    fclose(b);
    moves_cell(csv, cell);
    char *end = text + strlen(text); /* the result: the last word */
    while (end > text && end[-1] != ' ')
        end--;
    while (end > text && end[-1] == ' ')
        end--;
    *end = '\0';
    if (strcmp(*cell, text) != 0)
        fail_msg("%s, game %zu:\n csv    '%s'\n writer '%s'", path, (size_t)g->index, *cell, text);
    free(text);
    return csv;
}

/* Every game of a file through compare_game; the games seen. */
static size_t compare_file(const char *path)
{
    pdn_reader *r = NULL;
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    if (pdn_reader_open_file(&r, path, &ro) != 0) return 0;
    size_t games = 0;
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        char *cell;
        free(compare_game(g, path, &cell));
        pdn_game_free(g);
        games++;
    }
    pdn_reader_free(r);
    return games;
}

/* Each PDN file of tests/data and samples through compare: the games seen,
 * more than a thousand. */
static size_t each_test_file(size_t (*compare)(const char *path))
{
    struct paths files = {0};
    find_pdn(&files, "tests/data");
    find_pdn(&files, "samples");
    size_t games = 0;
    for (size_t i = 0; i < files.n; i++)
        games += compare(files.v[i]);
    free_paths(&files);
    assert_true(games > 1000);
    return games;
}

static void test_csv_main_line_as_the_writer_writes_it(void **state)
{
    (void)state;
    size_t games = each_test_file(compare_file);
    print_message("  %zu games: the moves column is the writer's main line\n", games);
}

/* The layouts of the moves rows compared: every column, with tags and
 * variations; the default ones (their body, ply to promotion, one step
 * written straight), alone and with what --variations, --fen and
 * --lossless add; the body at a row's start and end; a row like it but
 * for one column (no body step). */
static const struct move_layout {
    const char *columns; /* NULL: the default */
    bool variations, fen, lossless;
} move_layouts[] = {
    {"file,game,Event,move,line,parent,ply,number,side,canonical,from,to,path,captures,ncaptured,"
     "piece,promotion,comment_before,comment,nags,setup,written_number,fen,status,recorded_result,"
     "tags,"
     "White",
     true, false, false},
    {NULL, false, false, false},
    {NULL, true, true, true},
    {"ply,number,side,move,canonical,from,to,path,captures,ncaptured,piece,promotion", true, false,
     false},
    {"status,ply,number,side,move,canonical,from,to,path,captures,ncaptured,piece,promotion", false,
     false, false},
    {"ply,number,side,move,canonical,from,to,path,captures,ncaptured,piece,status", false, false,
     false},
    /* The default layout asked for by name, with variations: its rows of a
     * line's plain plies in one run (csv_moves.c, default_run), which must
     * stop at a move whose variations' rows follow it. */
    {"file,game,ply,number,side,move,canonical,from,to,path,captures,ncaptured,piece,promotion,"
     "comment_before,comment,nags,status",
     true, false, false},
};

/* The moves rows of each layout: built in place (the fast paths) and cell
 * by cell the same, game by game, with delimiters that words hold (then
 * never in place) and that they do not: one a layout for each game, the
 * next for the next game, so that each pair of layout and delimiter meets
 * hundreds of games (all of them for each game took 53 s under ASan). */
static size_t compare_move_rows(const char *path)
{
    static const char delimiters[] = ",;\t:/x",
                      some[] = ",\tx"; /* some: the layouts after the first */
    static size_t turn;                /* the games so far, of every file */
    pdn_reader *r = NULL;
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    if (pdn_reader_open_file(&r, path, &ro) != 0) return 0;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    size_t games = 0;
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        for (size_t i = 0; i < sizeof move_layouts / sizeof move_layouts[0]; i++) {
            const struct move_layout *l = &move_layouts[i];
            o.columns = l->columns;
            o.variations = l->variations;
            o.fen = l->fen;
            o.lossless = l->lossless;
            const char *d = i == 0 ? delimiters : some;
            o.delimiter = d[(turn + i) % strlen(d)];
            char *fast = game_csv(g, path, &o, true), *slow = game_csv(g, path, &o, false);
            if (strcmp(fast, slow) != 0)
                fail_msg("%s, game %zu, layout %zu, '%c':\n fast '%s'\n slow '%s'", path,
                         (size_t)g->index, i, o.delimiter, fast, slow);
            free(fast);
            free(slow);
        }
        pdn_game_free(g);
        games++;
        turn++;
    }
    pdn_reader_free(r);
    return games;
}

static void test_csv_moves_rows_in_place_as_cell_by_cell(void **state)
{
    (void)state;
    size_t games = each_test_file(compare_move_rows);
    print_message("  %zu games: the moves rows built in place are the cells' own\n", games);
}

/* A game made by hand, not by the reader: its rows come from its moves'
 * texts, whatever its nodes' plain_* fields hold (pdn.h: only the reader's
 * games have them). Here they name the squares of a text that is not the
 * move's shortest, which the move cell must keep as written. */
static void test_csv_moves_rows_of_a_game_made_by_hand(void **state)
{
    (void)state;
    struct pdn_node moves[] = {
        {.text = "032-28", .plain_from = 32, .plain_to = 28, .plain_sep = '-'}};
    pdn_game g = {.index = 1, .main = {.moves = moves, .nmoves = 1}, .result = PDN_RESULT_UNKNOWN};
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    char *fast = game_csv(&g, "-", &o, true), *slow = game_csv(&g, "-", &o, false);
    assert_string_equal(fast, slow);
    assert_non_null(strstr(fast, ",white,032-28,32-28,32,28,32-28,"));
    free(fast);
    free(slow);
}

/* A writer of the moves rows, its fast paths on or off, into a stream. */
struct rows_out {
    char *text;
    size_t len, seen;
    FILE *fp;
    pdn_csv_writer *w;
};

static void rows_open(struct rows_out *r, bool fast)
{
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = PDN_CSV_MOVES;
    o.variations = true;
    *r = (struct rows_out){.fp = open_memstream(&r->text, &r->len)};
    assert_non_null(r->fp);
    assert_int_equal(pdn_csv_writer_open(&r->w, r->fp, &o, NULL), 0);
    csv_writer_fast_paths(r->w, fast);
}

/* The rows written since the last call, NUL-terminated in the stream. */
static const char *rows_since(struct rows_out *r)
{
    csv_out_flush(&r->w->out);
    fflush(r->fp);
    const char *from = r->text + r->seen;
    r->seen = r->len;
    return from;
}

static void rows_close(struct rows_out *r)
{
    pdn_csv_writer_free(r->w);
    fclose(r->fp);
    free(r->text);
}

/* Every game of every test file through one writer, as pdn2csv writes a
 * file: what the rows built in place keep from one ply to another (a
 * ply's cells kept by its move) must fit the plies of every game and
 * variant after it. Compared with the cells' own game by game. */
static void test_csv_moves_rows_of_many_games_in_one_writer(void **state)
{
    (void)state;
    struct paths files = {0};
    find_pdn(&files, "tests/data");
    find_pdn(&files, "samples");
    struct rows_out fast, slow;
    rows_open(&fast, true);
    rows_open(&slow, false);
    size_t games = 0;
    for (size_t i = 0; i < files.n; i++) {
        pdn_reader *r = NULL;
        struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
        if (pdn_reader_open_file(&r, files.v[i], &ro) != 0) continue;
        pdn_game *g;
        while (pdn_reader_next(&g, r) == 1) {
            assert_true(pdn_csv_writer_write_game(fast.w, g, files.v[i]) >= 1);
            assert_true(pdn_csv_writer_write_game(slow.w, g, files.v[i]) >= 1);
            const char *a = rows_since(&fast), *b = rows_since(&slow);
            if (strcmp(a, b) != 0)
                fail_msg("%s, game %zu:\n fast '%s'\n slow '%s'", files.v[i], (size_t)g->index, a,
                         b);
            pdn_game_free(g);
            games++;
        }
        pdn_reader_free(r);
    }
    rows_close(&fast);
    rows_close(&slow);
    free_paths(&files);
    assert_true(games > 1000);
}

/* The one game of a text; the caller frees it. */
static pdn_game *read_one(const char *pdn)
{
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, pdn, strlen(pdn), NULL), 0);
    pdn_game *g = NULL;
    assert_int_equal(pdn_reader_next(&g, r), 1);
    pdn_reader_free(r);
    return g;
}

/* After a wrong number kept as written, the moves the writer numbers
 * take the count's number (writer.c, struct numbering), on main_line's
 * fast path too: the "1." on Black's 1st move makes 12-18 White's to a
 * reader, so it is numbered, as what it is, Black's 2nd. */
static void test_csv_main_line_numbers_by_the_count(void **state)
{
    (void)state;
    pdn_game *g = read_one("1. 32-28 1. 18-23 37-32 12-18 *\n");
    char *cell;
    char *csv = compare_game(g, "-", &cell);
    assert_string_equal(cell, "1. 32-28 1. 18-23 37-32 2... 12-18");
    free(csv);
    pdn_game_free(g);
    /* A right number after the wrong one stays, as the writer keeps it:
     * it sets a reader's count right again (White's 2nd and 3rd). */
    g = read_one("1. 32-28 1. 18-23 2. 37-32 2. 12-18 3. 41-37 *\n");
    csv = compare_game(g, "-", &cell);
    assert_string_equal(cell, "1. 32-28 1. 18-23 2. 37-32 2. 12-18 3. 41-37");
    free(csv);
    pdn_game_free(g);
}

static void test_csv_writer_movetext_only(void **state)
{
    (void)state;
    pdn_game *g = read_one("[Event \"x\"]\n[Bad name \"v\"]\n1. 32-28 {c} 19-23 2-0\n");
    char *out = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&out, &len);
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.movetext_only = true;
    assert_int_equal(pdn_write_game(fp, g, &wo), 0);
    fclose(fp);
    /* no tags, no blank line; a tag no reader takes stays a comment */
    assert_string_equal(out, "{[Bad name \"v\"]} 1. 32-28 {c} 1... 19-23 2-0");
    free(out);
    pdn_game_free(g);
}

/* A game made by hand may hold tags with no name: the tag columns and the
 * tags cell pass them (a name's length was taken of NULL), the named ones
 * written as ever. */
static void test_csv_tags_with_no_name(void **state)
{
    (void)state;
    static const char text[] = "[Event \"x\"]\n[Foo \"y\"]\n[Date \"2003.03.10\"]\n1. 32-28 *";
    struct games gs;
    read_games(&gs, text, strlen(text));
    struct pdn_tag *tags = (struct pdn_tag *)gs.v[0]->tags;
    tags[0].name = tags[1].name = NULL;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.columns = "Event,Foo,Date,tags";
    for (int fast = 0; fast < 2; fast++) {
        char *csv = game_csv(gs.v[0], "f", &o, fast);
        assert_non_null(strstr(csv, "\n,,2003.03.10,"));
        assert_null(strstr(csv, "\"\"x\"\"")); /* the nameless tags are in no cell */
        free(csv);
    }
    free_games(&gs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_main_line_as_the_writer_writes_it),
        cmocka_unit_test(test_csv_tags_with_no_name),
        cmocka_unit_test(test_csv_moves_rows_in_place_as_cell_by_cell),
        cmocka_unit_test(test_csv_moves_rows_of_many_games_in_one_writer),
        cmocka_unit_test(test_csv_moves_rows_of_a_game_made_by_hand),
        cmocka_unit_test(test_csv_main_line_numbers_by_the_count),
        cmocka_unit_test(test_csv_writer_movetext_only),
    };
    return cmocka_run_group_tests_name("csv", tests, NULL, NULL);
}
