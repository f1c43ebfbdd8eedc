/*
 * Unit tests of stats.c, stats_cross.c and stats_write.c: totals, results,
 * names folded and aliased, the openings tree, draw rules taken from the
 * replay, crosstable points and places, each tie-break preset on small
 * events whose order is worked out by hand in the comments, Swiss
 * detection, --explain's criterion and the CSV rule of one table; aliases
 * chained and cycles refused, games read twice (by round, by moves) left
 * out of every count, and tie-breaks that never count a game not played;
 * the output layer: identifiers, the JSON and CSV shapes, control bytes,
 * --excel; team files: a player in one team, their notes and the table
 * they make.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "append.h"
#include "csv_io.h"
#include "games_io.h"
#include "pdn.h"
#include "stats.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------ */

static pdn_stats *new_stats(bool crosstable)
{
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    o.crosstable = crosstable;
    pdn_stats *st = NULL;
    assert_int_equal(pdn_stats_new(&st, &o), 0);
    return st;
}

/* Counts every game of a PDN text. */
static void add_text(pdn_stats *st, const char *text)
{
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), NULL), 0);
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        assert_int_equal(pdn_stats_add_game(st, g, "test.pdn"), 0);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
}

/* One game without moves: its event, round, players and result. */
static void add_result(pdn_stats *st, const char *event, int round, const char *white,
                       const char *black, const char *result)
{
    char text[512];
    snprintf(
        text, sizeof text,
        "[Event \"%s\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n%s\n\n",
        event, round, white, black, result, result);
    add_text(st, text);
}

static const struct st_player *player(const pdn_stats *st, const char *name)
{
    const struct st_player *p = st->player.data;
    for (size_t i = 0; i < st->player.n; i++)
        if (strcmp(p[i].name, name) == 0) return &p[i];
    return NULL;
}

static const struct st_event *event(const pdn_stats *st, const char *name)
{
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++)
        if (strcmp(e[i].name, name) == 0) return &e[i];
    return NULL;
}

static const char *row_name(const pdn_stats *st, const struct cross *c, size_t i)
{
    return ((const struct st_player *)st->player.data)[c->rows[i].player].name;
}

/* The crosstable order as "name place-place_to; ..." for one comparison. */
static void order_of(char *out, size_t n, const pdn_stats *st, const struct cross *c)
{
    size_t w = 0;
    out[0] = '\0';
    for (size_t i = 0; i < c->nrows && w < n; i++)
        w += (size_t)snprintf(out + w, n - w, "%s%s %d-%d", i ? "; " : "", row_name(st, c, i),
                              c->rows[i].place, c->rows[i].place_to);
}

static void assert_order(const pdn_stats *st, const char *ev, enum pdn_stats_tiebreak tb,
                         const char *want)
{
    struct cross c;
    assert_true(cross_build(&c, st, event(st, ev), tb));
    char got[1024];
    order_of(got, sizeof got, st, &c);
    assert_string_equal(got, want);
    cross_free(&c);
}

/* What pdn_stats_write writes with these options, in a string to free. */
static char *written_with(const pdn_stats *st, const struct pdn_stats_write_options *o, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    *rc = pdn_stats_write(fp, st, o);
    fclose(fp);
    return buf;
}

static char *written(const pdn_stats *st, enum pdn_stats_format format, unsigned tables,
                     enum pdn_stats_tiebreak tb, int *rc)
{
    struct pdn_stats_write_options o = PDN_STATS_WRITE_OPTIONS_INIT;
    o.format = format;
    o.tables = tables;
    o.tiebreak = tb;
    return written_with(st, &o, rc);
}

/*
 * Event "A", a round robin of four (2 points a win), rounds 1 to 3:
 *   P-Q 2-0, P-R 1-1, P-S 1-1, Q-R 2-0, Q-S 2-0, R-S 1-1
 * Points: P 4 (1 win), Q 4 (2 wins), R 2, S 2 (no win each).
 * Solkoff (opponents' points): P 4+2+2 = 8, Q 4+2+2 = 8, R 4+4+2 = 10, S 10.
 * Sonneborn-Berger: P = Q's 4 x 1 + R's 2 x 1/2 + S's 2 x 1/2 = 6,
 *   Q = R's 2 + S's 2 = 4, R = P's 4 x 1/2 + S's 2 x 1/2 = 3, S = 3.
 */
static void add_event_a(pdn_stats *st)
{
    add_result(st, "A", 1, "P", "Q", "2-0");
    add_result(st, "A", 1, "R", "S", "1-1");
    add_result(st, "A", 2, "P", "R", "1-1");
    add_result(st, "A", 2, "Q", "S", "2-0");
    add_result(st, "A", 3, "S", "P", "1-1");
    add_result(st, "A", 3, "Q", "R", "2-0");
}

/*
 * Event "B", six players, two rounds: an open event (6 > 2 + 1).
 *   round 1: A-B 2-0, C-D 2-0, E-F 2-0; round 2: A-C 2-0, E-B 0-2, D-F 1-1
 * Points: A 4, B 2, C 2, E 2, D 1, F 1.
 * Solkoff: B = A 4 + E 2 = 6, C = D 1 + A 4 = 5, E = F 1 + B 2 = 3;
 *   D = C 2 + F 1 = 3, F = E 2 + D 1 = 3.
 * Truncated (lowest opponent dropped): B 6 - 2 = 4, C 5 - 1 = 4, E 3 - 1 = 2;
 *   D 3 - 1 = 2, F 3 - 1 = 2; then Solkoff: B 6 > C 5, D 3 = F 3.
 * Sonneborn-Berger: B = E's 2 (a win) = 2, C = D's 1 = 1, E = F's 1 = 1;
 *   D = F's 1 x 1/2 = 0.5, F = D's 1 x 1/2 = 0.5.
 */
static void add_event_b(pdn_stats *st)
{
    add_result(st, "B", 1, "A", "B", "2-0");
    add_result(st, "B", 1, "C", "D", "2-0");
    add_result(st, "B", 1, "E", "F", "2-0");
    add_result(st, "B", 2, "A", "C", "2-0");
    add_result(st, "B", 2, "E", "B", "0-2");
    add_result(st, "B", 2, "D", "F", "1-1");
}

/*
 * Event "C", a round robin of five:
 *   W-X 1-1, W-Y 2-0, W-Z 2-0, W-V 2-0, X-Y 1-1, X-Z 2-0, V-X 2-0,
 *   Y-Z 2-0, Y-V 1-1, Z-V 2-0
 * Points: W 7, X 4 (1 win), Y 4 (1 win), V 3, Z 2.
 * X and Y: as many wins, their game drawn; in order of the classification
 * the first place is W's: X drew W (1), Y lost (0), so X is ahead.
 */
static void add_event_c(pdn_stats *st)
{
    add_result(st, "C", 1, "W", "X", "1-1");
    add_result(st, "C", 1, "Y", "Z", "2-0");
    add_result(st, "C", 2, "W", "Y", "2-0");
    add_result(st, "C", 2, "X", "Z", "2-0");
    add_result(st, "C", 3, "W", "Z", "2-0");
    add_result(st, "C", 3, "V", "X", "2-0");
    add_result(st, "C", 4, "W", "V", "2-0");
    add_result(st, "C", 4, "X", "Y", "1-1");
    add_result(st, "C", 5, "Y", "V", "1-1");
    add_result(st, "C", 5, "Z", "V", "2-0");
}

/* ---- counting ------------------------------------------------------------------ */

static void test_stats_totals(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    pdn_stats_add_file(st);
    add_text(st, "[Event \"t\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n"
                 "[Event \"t\"]\n1. 32-28 19-23 0-2\n\n"
                 "[Event \"t\"]\n*\n\n");
    assert_int_equal(st->files, 1);
    assert_int_equal(st->games, 3);
    assert_int_equal(st->plies, 4 + 2 + 0);
    assert_int_equal(st->min_len, 0);
    assert_int_equal(st->max_len, 4);
    const unsigned long *len = st->lengths.data;
    assert_int_equal(len[0], 1);
    assert_int_equal(len[2], 1);
    assert_int_equal(len[4], 1);
    assert_int_equal(st->captures, 2); /* 28x19 and 14x23 */
    assert_int_equal(st->capture_games, 1);
    assert_int_equal(st->best_capture, 1);
    assert_int_equal(st->errors, 0);
    pdn_stats_free(st);
}

static void test_stats_results(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_result(st, "r", 1, "A", "B", "2-0");
    add_result(st, "r", 2, "A", "B", "0-2");
    add_result(st, "r", 3, "A", "B", "1-1");
    add_result(st, "r", 4, "A", "B", "0-0");
    add_result(st, "r", 5, "A", "B", "*");
    assert_int_equal(st->outcome[ST_WHITE], 1);
    assert_int_equal(st->outcome[ST_BLACK], 1);
    assert_int_equal(st->outcome[ST_DRAW], 1);
    assert_int_equal(st->outcome[ST_OTHER], 1);
    assert_int_equal(st->outcome[ST_UNKNOWN], 1);
    assert_int_equal(st->ending[ST_UNFINISHED], 1); /* the '*' */
    /* A: won, lost, drew, lost (0-0 loses both), unknown: 2 + 1 points */
    const struct st_player *a = player(st, "A"), *b = player(st, "B");
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(st_player_games(a), 5);
    assert_int_equal(a->wins, 1);
    assert_int_equal(a->draws, 1);
    assert_int_equal(a->losses, 2);
    assert_int_equal(st_player_points(a), 3);
    assert_int_equal(a->white, 5);
    assert_int_equal(b->wins, 1);
    assert_int_equal(b->losses, 2);
    assert_int_equal(b->black, 5);
    const struct st_event *e = event(st, "r");
    assert_non_null(e);
    assert_int_equal(e->games, 5);
    assert_int_equal(e->players, 2);
    assert_int_equal(e->rounds, 5);
    /* another event's rounds 1, 1, 3: two of its own, none of r's */
    add_result(st, "s", 1, "C", "D", "2-0");
    add_result(st, "s", 1, "D", "C", "2-0");
    add_result(st, "s", 3, "C", "D", "1-1");
    assert_int_equal(event(st, "s")->rounds, 2);
    assert_int_equal(event(st, "s")->players, 2);
    assert_int_equal(event(st, "r")->rounds, 5);
    pdn_stats_free(st);
}

/* Names are trimmed and their blanks folded over every ASCII blank
 * (text_blank): a form feed or vertical tab between words is a space. */
static void test_stats_trim_every_blank(void **state)
{
    (void)state;
    static const char name[] = "\v Jan\f\tSmit\r\n";
    char out[sizeof name];
    assert_int_equal(stats_trim(out, name, sizeof name - 1), 8);
    assert_string_equal(out, "Jan Smit");
}

static void test_stats_name_folding(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    /* case, punctuation and blanks differ: one player, shown as first met */
    add_result(st, "e", 1, "Koops, Lambert-Jan", "Other", "2-0");
    add_result(st, "e", 2, "koops  lambert jan", "Other", "1-1");
    add_result(st, "E", 3, "KOOPS,Lambert Jan ", "Other", "0-2");
    assert_int_equal(st->player.n, 2);
    const struct st_player *k = player(st, "Koops, Lambert-Jan");
    assert_non_null(k);
    assert_int_equal(st_player_games(k), 3);
    assert_int_equal(st_player_points(k), 3);
    assert_int_equal(st->event.n, 1); /* "e" and "E" */
    assert_int_equal(event(st, "e")->players, 2);
    pdn_stats_free(st);
}

static void test_stats_aliases(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    assert_int_equal(pdn_stats_alias(st, "N'Diaga Samb", "Samb, NDiaga"), 0);
    assert_int_equal(pdn_stats_alias(st, "", "x"), PDN_EINVAL);
    add_result(st, "e", 1, "n'diaga samb", "Buggy", "2-0");
    add_result(st, "e", 2, "Samb, NDiaga", "Buggy", "2-0");
    add_result(st, "e", 3, "Kops", "Buggy", "2-0");
    assert_non_null(player(st, "Kops"));
    /* an alias added after a spelling was met applies to the games after it */
    assert_int_equal(pdn_stats_alias(st, "Kops", "Koops"), 0);
    add_result(st, "e", 4, "Kops", "Buggy", "2-0");
    const struct st_player *s = player(st, "Samb, NDiaga");
    assert_non_null(s);
    assert_int_equal(st_player_games(s), 2);
    assert_int_equal(st_player_games(player(st, "Kops")), 1);
    assert_non_null(player(st, "Koops"));
    assert_int_equal(st_player_games(player(st, "Koops")), 1);
    assert_int_equal(event(st, "e")->players, 4); /* Samb, Buggy, Kops, Koops */
    /* so with an event: the games after the alias are the alias's, the
     * first though its Event tag is the one read last */
    assert_int_equal(pdn_stats_alias(st, "e", "Open E"), 0);
    add_result(st, "e", 5, "Kops", "Buggy", "2-0");
    add_result(st, " e ", 6, "Kops", "Buggy", "2-0");
    assert_int_equal(event(st, "e")->games, 4);
    assert_int_equal(event(st, "Open E")->games, 2);
    pdn_stats_free(st);
}

/* The child of node whose move reads text, or NULL. */
static const struct st_open *open_child_of(const pdn_stats *st, const struct st_open *node,
                                           const char *text)
{
    const struct st_open *t = st->open.data;
    for (uint32_t c = node->child; c; c = t[c - 1].next) {
        char move[STATS_OPEN_TEXT];
        stats_open_text(move, &t[c - 1]);
        if (strcmp(move, text) == 0) return &t[c - 1];
    }
    return NULL;
}

static const char four_games[] = "[Event \"o\"]\n1. 32-28 19-23 2-0\n\n"
                                 "[Event \"o\"]\n1. 32-28 18-23 0-2\n\n"
                                 "[Event \"o\"]\n1. 33-28 19-23 1-1\n\n"
                                 "[Event \"o\"]\n1. 32-28 19-23 2. 28x19 14x23 1-1\n\n";

static void test_stats_opening_tree_counts(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_text(st, four_games);
    const struct st_open *t = st->open.data;
    assert_int_equal(stats_open_games(&t[0]), 4);
    /* root: 32-28 (3 games) and 33-28 (1) */
    const struct st_open *a = open_child_of(st, &t[0], "32-28"),
                         *b = open_child_of(st, &t[0], "33-28");
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(stats_open_games(a), 3);
    assert_int_equal(a->outcome[ST_WHITE], 1);
    assert_int_equal(a->outcome[ST_BLACK], 1);
    assert_int_equal(a->outcome[ST_DRAW], 1);
    assert_int_equal(stats_open_games(b), 1);
    /* after 32-28: 19-23 (2 games), 18-23 (1) */
    const struct st_open *c = open_child_of(st, a, "19-23"), *d = open_child_of(st, a, "18-23");
    assert_non_null(c);
    assert_non_null(d);
    assert_int_equal(stats_open_games(c), 2);
    assert_int_equal(stats_open_games(d), 1);
    const struct st_open *e = open_child_of(st, c, "28x19");
    assert_non_null(e);
    assert_int_equal(stats_open_games(e), 1);
    assert_non_null(open_child_of(st, e, "14x23"));
    /* the whole tree: root, 2 + 2 + 1 + 1 + 1 nodes */
    assert_int_equal(st->open.n, 8);
    assert_int_equal(st->open_cut, 0);
    /* written in the order met, most games first */
    int rc;
    char *out = written(st, PDN_STATS_CSV, PDN_STATS_OPENINGS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(out, "moves,ply,games,white_won,draw,black_won,white_score_pct\n"
                             "1. 32-28,1,3,1,1,1,50.0\n"
                             "1. 32-28 19-23,2,2,1,1,0,75.0\n"
                             "1. 32-28 19-23 2. 28x19,3,1,0,1,0,50.0\n"
                             "1. 32-28 19-23 2. 28x19 14x23,4,1,0,1,0,50.0\n"
                             "1. 32-28 18-23,2,1,0,0,1,0.0\n"
                             "1. 33-28,1,1,0,1,0,50.0\n"
                             "1. 33-28 19-23,2,1,0,1,0,50.0\n");
    free(out);
    pdn_stats_free(st);
}

/* The tree's cap: room for 4 nodes besides the root. Games 1 and 2 make
 * 32-28, 19-23 and 18-23; game 3 makes 33-28, the last node, and its 19-23
 * finds the tree full; game 4's line stops after 32-28 19-23 (no room for
 * 28x19). Two games cut short: counted, and said. */
static void test_stats_opening_tree_full(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    st->open_max = 5; /* the root and 4 */
    add_text(st, four_games);
    assert_int_equal(st->open.n, 5);
    assert_int_equal(st->open_cut, 2);
    assert_int_equal(st->games, 4);
    const struct st_open *t = st->open.data;
    const struct st_open *a = open_child_of(st, &t[0], "32-28");
    assert_int_equal(stats_open_games(a), 3); /* every game through a node is counted */
    assert_int_equal(stats_open_games(open_child_of(st, &t[0], "33-28")), 1);
    const struct st_open *c = open_child_of(st, a, "19-23");
    assert_int_equal(stats_open_games(c), 2);
    assert_int_equal(c->child, 0);
    int rc;
    char *out =
        written(st, PDN_STATS_TEXT, PDN_STATS_TOTALS | PDN_STATS_OPENINGS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "openings cut short (tree full)      2\n"));
    assert_non_null(
        strstr(out, "the tree is full at 4 positions: the lines of 2 games stop there"));
    free(out);
    pdn_stats_free(st);
}

/* Kings back and forth: the start position again after plies 4 and 8. */
static const char repetition[] = "[Event \"d\"]\n[FEN \"W:WK48:BK3\"]\n"
                                 "1. 48-43 3-9 2. 43-48 9-3 3. 48-43 3-9 4. 43-48 9-3 1-1\n\n";

static void test_stats_draw_rule_from_the_replay(void **state)
{
    (void)state;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, repetition, strlen(repetition), NULL), 0);
    pdn_game *g;
    assert_int_equal(pdn_reader_next(&g, r), 1);
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, NULL), 0);
    assert_int_equal(sum.draw_rule, PDN_DRAW_REPETITION);
    assert_int_equal(sum.draw_ply, 8);
    pdn_game_free(g);
    pdn_reader_free(r);

    pdn_stats *st = new_stats(false);
    add_text(st, repetition);
    add_text(st, "[Event \"d\"]\n1. 32-28 19-23 2-0\n\n");
    assert_int_equal(st->draw_rules[PDN_DRAW_REPETITION], 1);
    assert_int_equal(st->draw_rules[PDN_DRAW_NONE], 1);
    assert_int_equal(st->ending[ST_DRAW_RULE], 1);
    assert_int_equal(st->ending[ST_RECORDED], 1);
    pdn_stats_free(st);
}

/* ---- crosstables ------------------------------------------------------------------ */

static void test_stats_crosstable_points_and_places(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    add_result(st, "A", 3, "Q", "R", "2-0"); /* read twice: dropped */
    struct cross c;
    assert_true(cross_build(&c, st, event(st, "A"), PDN_TIEBREAK_FMJD));
    assert_int_equal(c.nrows, 4);
    assert_int_equal(c.nrecs, 6);
    assert_int_equal(c.duplicates, 1);
    assert_int_equal(c.rounds, 3);
    /* Q 4 (2 wins) over P 4 (1 win); R and S share 3-4 */
    assert_string_equal(row_name(st, &c, 0), "Q");
    assert_true(c.rows[0].points == 4 && c.rows[0].wins == 2 && c.rows[0].games == 3);
    assert_string_equal(row_name(st, &c, 1), "P");
    assert_true(c.rows[1].points == 4 && c.rows[1].draws == 2 && c.rows[1].losses == 0);
    assert_true(c.rows[2].points == 2 && c.rows[3].points == 2);
    assert_int_equal(c.rows[0].place, 1);
    assert_int_equal(c.rows[1].place, 2);
    assert_int_equal(c.rows[2].place, 3);
    assert_int_equal(c.rows[2].place_to, 4);
    assert_int_equal(c.rows[3].place, 3);
    cross_free(&c);
    pdn_stats_free(st);
}

static void test_stats_tiebreak_fmjd(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    add_event_c(st);
    /* A: most wins puts Q over P; R and S: no win, a draw between them,
     * and in order of the classification 0 against Q and 1 against P
     * each: shared. */
    assert_order(st, "A", PDN_TIEBREAK_FMJD, "Q 1-1; P 2-2; R 3-4; S 3-4");
    /* C: X over Y by the result against W (see add_event_c) */
    assert_order(st, "C", PDN_TIEBREAK_FMJD, "W 1-1; X 2-2; Y 3-3; V 4-4; Z 5-5");
    pdn_stats_free(st);
}

static void test_stats_tiebreak_fmjd_mutual(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_result(st, "M", 1, "N", "M", "0-2");
    add_result(st, "M", 2, "N", "O", "2-0");
    add_result(st, "M", 3, "O", "M", "2-0");
    /* M 2 (1 win), N 2 (1 win), O 2 (1 win): mutual results within the
     * group are M 2 (beat N), N 2 (beat O), O 2 (beat M): all 2, and each
     * scored against no other place: shared 1-3. */
    assert_order(st, "M", PDN_TIEBREAK_FMJD, "M 1-3; N 1-3; O 1-3");
    add_result(st, "M", 4, "M", "N", "1-1");
    /* now M 3, N 3 (one win each), O 2; between M and N a win of M's and
     * a draw: mutual M 2 + 1 = 3 over N 0 + 1 = 1 */
    assert_order(st, "M", PDN_TIEBREAK_FMJD, "M 1-1; N 2-2; O 3-3");
    pdn_stats_free(st);
}

static void test_stats_tiebreak_kndb(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    /* plus-minus draws are 0 for all; the mutual result puts P (beat Q)
     * first; R and S drew: shared. */
    assert_order(st, "A", PDN_TIEBREAK_KNDB, "P 1-1; Q 2-2; R 3-4; S 3-4");
    pdn_stats_free(st);
}

static void test_stats_tiebreak_solkoff(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    add_event_b(st);
    /* A: P and Q both 8, R and S both 10: shared, by name within */
    assert_order(st, "A", PDN_TIEBREAK_SOLKOFF, "P 1-2; Q 1-2; R 3-4; S 3-4");
    /* B: B 6 > C 5 > E 3; D and F 3 each */
    assert_order(st, "B", PDN_TIEBREAK_SOLKOFF, "A 1-1; B 2-2; C 3-3; E 4-4; D 5-6; F 5-6");
    pdn_stats_free(st);
}

static void test_stats_tiebreak_tsolkoff(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_b(st);
    /* B 4 = C 4 then Solkoff 6 > 5; E 2; D = F on both */
    assert_order(st, "B", PDN_TIEBREAK_TSOLKOFF, "A 1-1; B 2-2; C 3-3; E 4-4; D 5-6; F 5-6");
    struct cross c;
    assert_true(cross_build(&c, st, event(st, "B"), PDN_TIEBREAK_TSOLKOFF));
    assert_int_equal(c.ncrit, 2);
    assert_true(c.rows[1].crit[0] == 4 && c.rows[1].crit[1] == 6);
    assert_true(c.rows[2].crit[0] == 4 && c.rows[2].crit[1] == 5);
    assert_true(c.rows[3].crit[0] == 2);
    cross_free(&c);
    pdn_stats_free(st);
}

static void test_stats_tiebreak_sb(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    add_event_b(st);
    /* A: P 6 > Q 4; R = S = 3 */
    assert_order(st, "A", PDN_TIEBREAK_SB, "P 1-1; Q 2-2; R 3-4; S 3-4");
    /* B: B 2 > C 1 = E 1; D = F = 0.5 */
    assert_order(st, "B", PDN_TIEBREAK_SB, "A 1-1; B 2-2; C 3-4; E 3-4; D 5-6; F 5-6");
    pdn_stats_free(st);
}

static void test_stats_swiss_detection(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);                         /* 4 players, 3 rounds: a round robin */
    add_event_b(st);                         /* 6 players, 2 rounds: open */
    add_result(st, "N", 0, "X", "Y", "2-0"); /* no round: games per player stand in */
    add_result(st, "N", 0, "Y", "X", "1-1");
    struct cross c;
    assert_true(cross_build(&c, st, event(st, "A"), PDN_TIEBREAK_FMJD));
    assert_false(c.swiss);
    cross_free(&c);
    assert_true(cross_build(&c, st, event(st, "B"), PDN_TIEBREAK_FMJD));
    assert_true(c.swiss);
    assert_int_equal(c.rounds, 2);
    cross_free(&c);
    assert_true(cross_build(&c, st, event(st, "N"), PDN_TIEBREAK_FMJD));
    assert_false(c.swiss);
    assert_int_equal(c.rounds, 2);
    cross_free(&c);
    pdn_stats_free(st);
}

/* ---- writing ------------------------------------------------------------------------ */

/* The "decided by" and "values" cells of the explain table, as CSV lines. */
static void test_stats_explain_criterion(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    add_event_c(st);
    int rc;
    char *out = written(st, PDN_STATS_CSV, PDN_STATS_EXPLAIN, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(out, "event,place,player,next_place,next_player,points,decided_by,values\n"
                             "A,1,Q,2,P,4,most wins,2 > 1\n"
                             "A,3-4,R,3-4,S,2,not separated: shared place,\n"
                             "C,2,X,3,Y,4,results by classification,1 > 0 against W\n");
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_EXPLAIN, PDN_TIEBREAK_KNDB, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "A,1,P,2,Q,4,mutual result,2 > 0\n"));
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_EXPLAIN, PDN_TIEBREAK_SB, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "A,1,P,2,Q,4,Sonneborn-Berger,6 > 4\n"));
    free(out);
    pdn_stats_free(st);
}

static void test_stats_csv_one_table(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    int rc;
    char *out = written(st, PDN_STATS_CSV, 0, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, PDN_EINVAL);
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_TOTALS | PDN_STATS_RESULTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, PDN_EINVAL);
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_CROSSTABLE, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0); /* one event */
    assert_non_null(strstr(out, "event,place,player,vs_1,vs_2,vs_3,vs_4,games,points,most_wins,"));
    free(out);
    add_event_b(st);
    out = written(st, PDN_STATS_CSV, PDN_STATS_CROSSTABLE, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, PDN_EINVAL); /* two events: two headers */
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_TOTALS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* one record: the measures are its columns */
    assert_non_null(strstr(out, "files,games,plies,plies_per_game_mean,"));
    assert_non_null(strstr(out, "\n0,12,0,0.0,"));
    free(out);
    pdn_stats_free(st);
}

/* ---- repeats, aliases chained, games not played ------------------------------------ */

static void test_stats_alias_chain_and_cycle(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    assert_int_equal(pdn_stats_alias(st, "A", "B"), 0);
    assert_int_equal(pdn_stats_alias(st, "B", "C"), 0);
    assert_int_equal(pdn_stats_alias(st, "C", "a"), PDN_EINVAL); /* C, A, B, C */
    assert_int_equal(pdn_stats_alias(st, "B", "A"), PDN_EINVAL); /* B = A after A = B */
    assert_int_equal(pdn_stats_alias(st, "Koops", "koops."), 0); /* a spelling of itself */
    add_result(st, "e", 1, "A", "Koops", "2-0");
    assert_null(player(st, "A"));
    assert_null(player(st, "B"));
    assert_non_null(player(st, "C")); /* A = B, B = C */
    assert_int_equal(player(st, "C")->wins, 1);
    pdn_stats_free(st);
}

static void test_stats_repeat_same_round(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    /* games 1 and 2 of one file: read twice */
    add_text(st, "[Event \"e\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n2-0\n\n"
                 "[Event \"e\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n2-0\n\n");
    add_result(st, "e", 1, "B", "A", "2-0"); /* other colours: another game */
    assert_int_equal(st_player_games(player(st, "A")), 2);
    assert_int_equal(st_player_points(player(st, "A")), 2);
    assert_int_equal(event(st, "e")->games, 2);
    assert_int_equal(event(st, "e")->repeats, 1);
    assert_int_equal(st_event_recs(st, event(st, "e"))->n, 2);
    assert_int_equal(st->repeats.n, 1);
    struct repeat_cursor c = {0};
    assert_true(stats_repeat_next(&st->repeats, &c));
    const struct st_repeat *r = &c.r;
    assert_int_equal(r->game, 2);
    assert_int_equal(r->first_game, 1);
    assert_false(r->same_moves);
    pdn_stats_free(st);
}

/* 20 plies of a real game (Championnat de France 2021, filed under rounds
 * 7 and 8), and the same cut to 10 plies. */
static const char long_moves[] = "1. 32-28 17-21 2. 31-26 20-24 3. 26x17 11x22 4. 28x17 12x21 "
                                 "5. 34-30 14-20 6. 37-32 20-25 7. 33-28 25x34 8. 40x20 15x24 "
                                 "9. 41-37 7-12 10. 36-31 10-14";
static const char short_moves[] = "1. 32-28 17-21 2. 31-26 20-24 3. 26x17 11x22 4. 28x17 12x21 "
                                  "5. 34-30 14-20";

static void add_moves(pdn_stats *st, int round, const char *white, const char *moves)
{
    char text[1024];
    snprintf(text, sizeof text,
             "[Event \"e\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"B\"]\n"
             "[Result \"0-2\"]\n%s 0-2\n\n",
             round, white, moves);
    add_text(st, text);
}

static void test_stats_repeat_same_moves(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_moves(st, 7, "A", long_moves);
    add_moves(st, 8, "A", long_moves); /* the same game under another round */
    add_moves(st, 1, "C", short_moves);
    add_moves(st, 2, "C", short_moves); /* 10 plies alike: may be two games */
    assert_int_equal(st_player_games(player(st, "A")), 1);
    assert_int_equal(st_player_games(player(st, "C")), 2);
    assert_int_equal(st_player_games(player(st, "B")), 3);
    assert_int_equal(st->repeats.n, 1);
    struct repeat_cursor c = {0};
    assert_true(stats_repeat_next(&st->repeats, &c));
    const struct st_repeat *r = &c.r;
    assert_true(r->same_moves);
    assert_int_equal(r->round, 8);
    assert_int_equal(r->first_game, 1);
    pdn_stats_free(st);
}

/* A main line as the repeats see it: (from, to, pieces taken) a ply, and
 * what stats_moves_hash made of it. */
struct main_line {
    uint64_t hash;
    uint32_t ply[1024];
    size_t n;
};

static void on_main_ply(const struct pdn_board *before, const struct pdn_board *after,
                        const struct pdn_move *m, const struct pdn_node *node, int depth, void *ctx)
{
    (void)before, (void)after, (void)node;
    struct main_line *line = ctx;
    if (depth == 0 && line->n < sizeof line->ply / sizeof line->ply[0])
        line->ply[line->n++] = (uint32_t)m->from | (uint32_t)m->to << 8 | m->ncaptured << 16;
}

static int line_order(const void *a, const void *b)
{
    const struct main_line *x = a, *y = b;
    return x->hash < y->hash ? -1 : x->hash > y->hash;
}

/* The main lines of a text, appended to *lines. */
static void main_lines(struct main_line **lines, size_t *n, const char *text, size_t len)
{
    struct games gs;
    read_games(&gs, text, len);
    for (size_t i = 0; i < gs.n; i++) {
        pdn_stats_game *rec = NULL;
        assert_int_equal(pdn_stats_game_new(&rec, NULL), 0);
        assert_int_equal(pdn_stats_game_read(rec, gs.v[i]), 0);
        *lines = realloc(*lines, (*n + 1) * sizeof **lines);
        assert_non_null(*lines);
        struct main_line *line = &(*lines)[(*n)++];
        line->hash = rec->moves_hash;
        line->n = 0;
        struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
        ro.on_ply = on_main_ply;
        ro.ply_ctx = line;
        struct pdn_replay_summary sum;
        assert_true(pdn_replay_game(&sum, gs.v[i], &ro) >= 0);
        pdn_stats_game_free(rec);
    }
    free_games(&gs);
}

/* The moves' hash (games read twice) tells apart every two main lines of
 * the real files of tests/data, and two moves played in the other order;
 * lines alike have one hash. */
static void test_stats_moves_hash_tells_lines_apart(void **state)
{
    (void)state;
    struct paths files = {0};
    find_pdn(&files, "tests/data");
    struct main_line *lines = NULL;
    size_t n = 0;
    for (size_t f = 0; f < files.n; f++) {
        size_t len;
        char *text = slurp(files.v[f], &len);
        main_lines(&lines, &n, text, len);
        free(text);
    }
    free_paths(&files);
    assert_true(n > 2000);
    qsort(lines, n, sizeof *lines, line_order);
    size_t distinct = 1;
    for (size_t i = 1; i < n; i++) {
        const struct main_line *a = &lines[i - 1], *b = &lines[i];
        bool same = a->n == b->n && memcmp(a->ply, b->ply, a->n * sizeof a->ply[0]) == 0;
        assert_true(same == (a->hash == b->hash));
        distinct += !same;
    }
    assert_true(distinct > 1000);
    free(lines);
    struct pdn_move m32 = {.from = 32, .to = 28}, m19 = {.from = 19, .to = 23};
    assert_true(stats_moves_hash(stats_moves_hash(0, &m32), &m19) !=
                stats_moves_hash(stats_moves_hash(0, &m19), &m32));
}

static void assert_repeat_equal(const struct st_repeat *a, const struct st_repeat *b)
{
    assert_int_equal(a->file, b->file);
    assert_int_equal(a->game, b->game);
    assert_int_equal(a->first_file, b->first_file);
    assert_int_equal(a->first_game, b->first_game);
    assert_int_equal(a->event, b->event);
    assert_int_equal(a->white, b->white);
    assert_int_equal(a->black, b->black);
    assert_int_equal(a->round, b->round);
    assert_int_equal(a->sub, b->sub);
    assert_int_equal(a->same_moves, b->same_moves);
}

/* An event's dates kept as numbers: they order as the texts do (a '?' after
 * the digits, as in ASCII: "2021.??.??" is after every day of 2021) and
 * come back as they were. */
static void test_stats_date_pack(void **state)
{
    (void)state;
    static const char *const dates[] = {"0000.00.00", "1999.12.31", "2021.0?.??", "2021.01.05",
                                        "2021.01.1?", "2021.01.??", "2021.??.??", "202?.01.01",
                                        "9999.99.99", "9???.??.??"};
    size_t n = sizeof dates / sizeof dates[0];
    for (size_t i = 0; i < n; i++) {
        uint32_t a = stats_date_pack(dates[i]);
        char back[11];
        stats_date_unpack(back, a);
        assert_string_equal(back, dates[i]);
        assert_true(a != 0);
        for (size_t j = 0; j < n; j++) {
            uint32_t b = stats_date_pack(dates[j]);
            int text = strcmp(dates[i], dates[j]);
            assert_int_equal(a < b, text < 0);
            assert_int_equal(a == b, text == 0);
        }
    }
    char none[11] = "x";
    stats_date_unpack(none, 0);
    assert_string_equal(none, "");
}

/* Repeat i of a file read twice: the game 2000 games on, of one event,
 * two of ten players in round i / 5 + 1. */
static struct st_repeat neighbour(uint32_t i)
{
    return (struct st_repeat){.file = 1,
                              .game = 3000 + i,
                              .first_file = 1,
                              .first_game = 1000 + i,
                              .event = 4,
                              .white = 9 + i % 10,
                              .black = 10 + i % 10,
                              .round = 1 + (int32_t)i / 5};
}

/* The repeats' log gives back what it was given, the extremes of every
 * field and differences of either sign too, and a repeat of a file read
 * twice (the next game, the same event) takes a few bytes. */
static void test_stats_repeat_log(void **state)
{
    (void)state;
    static const struct st_repeat odd[] = {
        {0, 5, 0, 2, 3, 7, 9, 1, 0, false},
        {0, 4, 0, 1000000, 0, UINT32_MAX, 0, 100000, 100000, true}, /* backwards */
        {2, UINT32_MAX, 1, 0, UINT32_MAX, 0, UINT32_MAX, INT32_MAX, INT32_MIN, false},
        {0, 0, 7, UINT32_MAX, 0, 0, 0, INT32_MIN, INT32_MAX, true}, /* file 0 again */
    };
    struct repeat_log log = {0};
    for (size_t i = 0; i < 4; i++)
        assert_true(stats_repeat_add(&log, &odd[i]));
    struct repeat_cursor c = {0};
    for (size_t i = 0; i < 4; i++) {
        assert_true(stats_repeat_next(&log, &c));
        assert_repeat_equal(&c.r, &odd[i]);
    }
    assert_false(stats_repeat_next(&log, &c));
    size_t before = log.bytes.n;
    for (uint32_t i = 0; i < 1000; i++) {
        struct st_repeat r = neighbour(i);
        assert_true(stats_repeat_add(&log, &r));
    }
    assert_int_equal(log.n, 1004);
    assert_true(log.bytes.n - before <= 1000 * 10);
    for (uint32_t i = 0; i < 1000; i++) {
        struct st_repeat r = neighbour(i);
        assert_true(stats_repeat_next(&log, &c));
        assert_repeat_equal(&c.r, &r);
    }
    assert_false(stats_repeat_next(&log, &c));
    vec_free(&log.bytes);
}

/*
 * A round robin of five with games missing, worked by hand:
 *   L-Q 1-1, L-M 2-0, L-N 2-0, P-Q 1-1, P-M 1-1, P-N 2-0, Q-N 2-0
 * (L-P and M-N, Q-M not in the file). Points: L 5, P 4 (1 win), Q 4
 * (1 win), M 1, N 0. P and Q drew each other. Against L, Q scored 1 and P
 * never played: no result, so L does not separate them; nor does M (Q never
 * played M); against N both scored 2. They share places 2-3, where counting
 * the game not played as 0 would have put Q ahead "1 > 0 against L".
 */
static void test_stats_tiebreak_skips_games_not_played(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_result(st, "g", 1, "L", "Q", "1-1");
    add_result(st, "g", 2, "L", "M", "2-0");
    add_result(st, "g", 3, "L", "N", "2-0");
    add_result(st, "g", 4, "P", "Q", "1-1");
    add_result(st, "g", 1, "P", "M", "1-1");
    add_result(st, "g", 2, "P", "N", "2-0");
    add_result(st, "g", 5, "Q", "N", "2-0");
    assert_order(st, "g", PDN_TIEBREAK_FMJD, "L 1-1; P 2-3; Q 2-3; M 4-4; N 5-5");
    struct cross c;
    assert_true(cross_build(&c, st, event(st, "g"), PDN_TIEBREAK_FMJD));
    double pa, pb;
    assert_int_equal(cross_cls_diff(&c, &c.rows[1], &c.rows[2], &pa, &pb), -1);
    assert_int_equal(c.expected, 10); /* five players, rounds 1 to 5: one cycle */
    assert_int_equal(c.nrecs, 7);
    cross_free(&c);
    pdn_stats_free(st);
}

static void test_stats_round_suffix(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        size_t cut;
    } cases[] = {
        {"Rossi, Paolo - ronde 3", 12},
        {"Leclerc, Marc (R2)", 13},
        {"Dupont, Jean r.2", 12},
        {"Tomczak, Patrycja (7)", 17},
        {"Koops ronde12", 5},
        {"Player 2", 8},
        {"Round 3", 7},
        {"Kamara, Rd", 10},
        {"Versteeg (Round 10)", 8},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = strlen(cases[i].name);
        size_t want = cases[i].cut;
        if (stats_round_suffix(cases[i].name, n) != want) fail_msg("%s", cases[i].name);
    }
}

struct collected {
    char text[2048];
};

static void collect(const struct pdn_stats_suggestion *sg, void *ctx)
{
    struct collected *c = ctx;
    append(c->text, sizeof c->text, "%u %s = %s (%s)\n", sg->group, sg->variant, sg->canonical,
           sg->why);
}

/* "Koops, J." may be Jan or Joost: no proposal; "Koops, L." only Lambert.
 * Two years are two editions; a spelling without one joins the one year. */
static void test_stats_suggest(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_result(st, "Open de Paris 2023", 1, "Koops, Jan", "Koops, Joost", "1-1");
    add_result(st, "Open de Paris 2024", 1, "Koops, J.", "Koops, Lambert", "1-1");
    add_result(st, "Open de Paris 2024", 2, "Koops, L.", "Ba, Ali - ronde 2", "1-1");
    add_result(st, "Open de Paris 2024", 3, "Ba, Ali", "Lambert Koops", "1-1");
    add_result(st, "2e edition de l'Open de Lyon", 1, "X", "Y", "1-1");
    add_result(st, "2e Open  de Lyon", 1, "X", "Y", "1-1");
    add_result(st, "3e Open de Lyon", 1, "X", "Y", "1-1"); /* another edition */
    struct collected c = {""};
    assert_int_equal(pdn_stats_suggest(st, collect, &c), 0);
    assert_string_equal(c.text, "1 Koops, L. = Koops, Lambert (initials)\n"
                                "1 Lambert Koops = Koops, Lambert (word order)\n"
                                "2 Ba, Ali - ronde 2 = Ba, Ali (round suffix ' - ronde 2')\n"
                                "3 2e Open de Lyon = 2e edition de l'Open de Lyon (equal but for "
                                "spacing, punctuation, 'édition' or small words)\n");
    pdn_stats_free(st);
}

static void collect_shortfall(const struct pdn_stats_shortfall *sf, void *ctx)
{
    struct collected *c = ctx;
    append(c->text, sizeof c->text, "%s %s %lu/%lu%s\n", sf->event, sf->player, sf->games, sf->due,
           sf->round_robin ? " rr" : "");
}

/* A round robin of four over rounds 1-3 (each plays 3) with P-S missing,
 * and an open of six over two rounds that E and F missed the second of;
 * players in the order of the table (E won, F lost). */
static void test_stats_shortfalls(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_result(st, "rr", 1, "P", "Q", "1-1");
    add_result(st, "rr", 1, "R", "S", "1-1");
    add_result(st, "rr", 2, "P", "R", "1-1");
    add_result(st, "rr", 2, "Q", "S", "1-1");
    add_result(st, "rr", 3, "Q", "R", "1-1");
    add_result(st, "open", 1, "A", "B", "2-0");
    add_result(st, "open", 1, "C", "D", "2-0");
    add_result(st, "open", 1, "E", "F", "2-0");
    add_result(st, "open", 2, "A", "C", "2-0");
    add_result(st, "open", 2, "B", "D", "2-0");
    struct collected c = {""};
    assert_int_equal(pdn_stats_shortfalls(st, collect_shortfall, &c), 0);
    assert_string_equal(c.text, "rr P 2/3 rr\nrr S 2/3 rr\nopen E 1/2\nopen F 1/2\n");
    pdn_stats_free(st);
}

/* ---- output: names, shapes, escapes ---------------------------------------------- */

static void expect_ident(const char *heading, const char *want)
{
    char got[TAB_KEY];
    stats_ident(got, heading);
    assert_string_equal(got, want);
}

static void test_stats_ident(void **state)
{
    (void)state;
    expect_ident("white score%", "white_score_pct");
    expect_ident("%", "pct");
    expect_ident("plies per game, mean", "plies_per_game_mean");
    expect_ident("White's score", "whites_score");
    expect_ident("draw rule: 25 moves (kings only)", "draw_rule_25_moves_kings_only");
    expect_ident("1", "c_1");
    expect_ident("", "c");
    expect_ident("résultat", "r_sultat"); /* ASCII only: a byte of é is a separator */
}

/* The JSON and CSV of one collection, by the names pdnstats(1) documents. */
static void test_stats_json_shapes(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_event_a(st);
    int rc;
    char *out =
        written(st, PDN_STATS_JSON, PDN_STATS_TOTALS | PDN_STATS_RESULTS | PDN_STATS_PLAYERS,
                PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* a table of measures is an object; a keyed one an object of objects; rows an array */
    assert_non_null(strstr(out, "\"totals\": {\n    \"files\": 0,\n    \"games\": 6,"));
    assert_non_null(strstr(out, "\"plies_per_game_mean\": 0.0"));
    assert_non_null(strstr(out, "\"draw\": {\"games\": 3, \"pct\": 50.0}"));
    assert_non_null(strstr(out, "\"white_score\": {\"games\": 9, \"pct\": 75.0}"));
    assert_non_null(
        strstr(out, "\"players\": [\n    {\"player\": \"Q\", \"games\": 3, \"wins\": 2,"));
    assert_non_null(strstr(out, "\"score_pct\": 66.7"));
    free(out);
    out = written(st, PDN_STATS_CSV, PDN_STATS_RESULTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    /* White won P-Q, Q-S, Q-R; three draws; White's score 2 x 3 + 3 = 9 of 12 */
    assert_string_equal(out, "result,games,pct\nwhite_won,3,50.0\ndraw,3,50.0\nblack_won,0,0.0\n"
                             "other,0,0.0\nunknown,0,0.0\nwhite_score,9,75.0\n");
    free(out);
    pdn_stats_free(st);
}

/* A name with ESC, BEL, DEL and a C1 control (U+009B, CSI): escaped in
 * text, escaped as JSON requires, and no invalid UTF-8 in JSON. */
static void test_stats_control_bytes(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_result(st, "E\x1b[2J", 1, "A\x07\x7f",
               "B\xc2\x9b"
               "1m",
               "2-0");
    int rc;
    char *out =
        written(st, PDN_STATS_TEXT, PDN_STATS_PLAYERS | PDN_STATS_EVENTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_null(strchr(out, '\x1b'));
    assert_null(strchr(out, '\x07'));
    assert_null(strchr(out, '\x7f'));
    assert_null(strstr(out, "\xc2\x9b"));
    assert_non_null(strstr(out, "A\\x07\\x7f "));
    assert_non_null(strstr(out, "B\\u009b1m "));
    assert_non_null(strstr(out, "E\\x1b[2J "));
    free(out);
    out = written(st, PDN_STATS_JSON, PDN_STATS_PLAYERS | PDN_STATS_EVENTS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\"A\\u0007\\u007f\""));
    assert_non_null(strstr(out, "\"B\\u009b1m\""));
    assert_non_null(strstr(out, "\"E\\u001b[2J\""));
    free(out);
    pdn_stats_free(st);
    /* bytes that are no UTF-8 (the library's caller may hand them in) */
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    stats_json_string(fp, "a\xff\xc3"
                          "b\xe2\x82");
    fclose(fp);
    assert_string_equal(buf, "\"a\\ufffd\\ufffdb\\ufffd\\ufffd\"");
    free(buf);
}

/* A table of three rows, the widest cell and a control byte late. */
static const char *const made_cells[][2] = {{"a", "1"}, {"b\x1b", "22"}, {"a much longer", "333"}};

static void made_row(struct tab *t, size_t i, const void *ctx)
{
    (void)ctx;
    tab_cell(t, "%s", made_cells[i][0]);
    tab_cell(t, "%s", made_cells[i][1]);
}

/* The table written in a format, its rows made as written or held. */
static char *emit_table(enum pdn_stats_format format, bool made)
{
    struct pdn_stats_write_options wo = PDN_STATS_WRITE_OPTIONS_INIT;
    wo.format = format;
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    struct csv_out csv = {.fp = fp, .delim = ',', .first = true};
    struct stats_out o = {.fp = fp, .o = &wo, .first_table = true, .csv = &csv};
    struct tab t = {.name = "made", .title = "Made"};
    tab_col(&t, "name", false);
    tab_col(&t, "n", true);
    if (made) {
        t.nrows = 3;
        t.row = made_row;
    }
    for (size_t i = 0; !made && i < 3; i++)
        made_row(&t, i, NULL);
    assert_int_equal(tab_emit(&o, &t), 0);
    csv_out_free(&csv);
    fclose(fp);
    return buf;
}

/* A table whose rows are made as they are written (players, events,
 * repeats: they grow with the input) reads as the same table held whole:
 * the text's widths come from every row, its control bytes are escaped. */
static void test_stats_made_rows(void **state)
{
    (void)state;
    for (int f = PDN_STATS_TEXT; f <= PDN_STATS_JSON; f++) {
        char *made = emit_table((enum pdn_stats_format)f, true);
        char *held = emit_table((enum pdn_stats_format)f, false);
        assert_string_equal(made, held);
        free(held);
        free(made);
    }
    char *text = emit_table(PDN_STATS_TEXT, true);
    assert_string_equal(text, "Made\n"
                              "  name             n\n"
                              "  a                1\n"
                              "  b\\x1b           22\n"
                              "  a much longer  333\n\n");
    free(text);
}

/* A cell is what printf makes of its format, whether tab_cell writes it
 * itself (text, %s, %u, %lu, %d) or hands it to vsnprintf (any other
 * conversion, a cell longer than its first try); tab_text and tab_count
 * are "%s" and "%lu". */
static void test_stats_cell_formats(void **state)
{
    (void)state;
    struct tab t = {.name = "cells"};
    char want[20][400];
    int n = 0;
#define CELL(...)                                                                                  \
    do {                                                                                           \
        tab_cell(&t, __VA_ARGS__);                                                                 \
        snprintf(want[n++], sizeof want[0], __VA_ARGS__);                                          \
    } while (0)
    CELL("%s", "Sijbrands");
    CELL("%s", "");
    CELL("game %u", 0u);
    CELL("%u", UINT_MAX);
    CELL("%lu", ULONG_MAX);
    CELL("%d", INT_MIN);
    CELL("%d-%d", -3, 12);
    CELL("%s game %u", "a.pdn", 17u);
    CELL("100%% %s", "sure");
    CELL("%.1f", 66.66);
    CELL("%zu plies", (size_t)80);
    CELL("%-300s|", "wide");
    CELL("no conversion");
#undef CELL
    tab_text(&t, "Baljakin");
    snprintf(want[n++], sizeof want[0], "%s", "Baljakin");
    tab_count(&t, 0);
    snprintf(want[n++], sizeof want[0], "%lu", 0ul);
    tab_count(&t, ULONG_MAX);
    snprintf(want[n++], sizeof want[0], "%lu", ULONG_MAX);
    assert_false(t.failed);
    assert_int_equal(t.cells.n, n);
    for (int k = 0; k < n; k++)
        assert_string_equal((char *)t.text.data + ((size_t *)t.cells.data)[k], want[k]);
    tab_free(&t);
}

/* --excel: BOM, ';', CRLF; grid cells and names a spreadsheet would turn
 * into numbers or formulas kept as text; numbers left numbers; a long
 * formula-like name still text. */
static void test_stats_excel(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    char eq[300];
    memset(eq, 'a', sizeof eq - 1);
    eq[0] = '=';
    eq[sizeof eq - 1] = '\0';
    add_result(st, "X", 1, "=cmd|' /C calc'!A0", "12", "2-0");
    add_result(st, "X", 2, "12", "=cmd|' /C calc'!A0", "2-0");
    add_result(st, "X", 3, eq, "12", "1-1");
    struct pdn_stats_write_options o = PDN_STATS_WRITE_OPTIONS_INIT;
    o.format = PDN_STATS_CSV;
    o.tables = PDN_STATS_CROSSTABLE;
    o.excel = true;
    int rc;
    char *buf = written_with(st, &o, &rc);
    assert_int_equal(rc, 0);
    assert_memory_equal(buf,
                        "\xEF\xBB\xBF"
                        "event;place;player;vs_1;vs_2;vs_3;games;points;",
                        49);
    /* place 1: "12" with 3 points (lost to and beat "=cmd...", drew the long
     * name): its name and its grid cells are text, its counts numbers */
    assert_non_null(strstr(buf, "\r\nX;1;\"=\"\"12\"\"\";x;\"=\"\"02\"\"\";\"=\"\"1\"\"\";3;3;"));
    assert_non_null(strstr(buf, "\"=\"\"=cmd|' /C calc'!A0\"\"\""));
    assert_non_null(strstr(buf, ";\"=\"\"=aaa")); /* ="..."&"...": text at any length */
    assert_null(strstr(buf, ";=aaa"));
    free(buf);
    /* decimals with a comma, as the spreadsheets of ';' locales read them */
    o.tables = PDN_STATS_RESULTS;
    buf = written_with(st, &o, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(buf, "\r\ndraw;1;33,3\r\n"));
    free(buf);
    /* a shared place is text, not the date 3 April */
    add_event_a(st);
    o.tables = PDN_STATS_EXPLAIN;
    buf = written_with(st, &o, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(buf, "\r\nA;\"=\"\"3-4\"\"\";R;\"=\"\"3-4\"\"\";S;2;"));
    free(buf);
    pdn_stats_free(st);
}

/* An empty White tag or team tag is no name, as a missing one: the unknown
 * player "?" and no team (the key of the name once overwrote the "?" it
 * shows, and an empty tag read as a player and a team called "??"). */
static void test_stats_empty_name_is_unknown(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_text(st, "[Event \"e\"]\n[White \"\"]\n[Black \"B\"]\n[WhiteTeam \"\"]\n"
                 "[BlackTeam \"T\"]\n[Result \"2-0\"]\n2-0\n\n");
    assert_non_null(player(st, "?"));
    assert_null(player(st, "??"));
    const struct st_rec *r = st_event_recs(st, event(st, "e"))->data;
    assert_int_equal(r[0].white_team, 0);
    assert_int_not_equal(r[0].black_team, 0);
    pdn_stats_free(st);
}

/* ---- team files (stats_members.c) ---- */

/* A player is in one team: named again in it, fine; in another (by any
 * spelling that folds or is aliased to the same name), refused; blank
 * names refused. */
static void test_stats_team_one_team_a_player(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    assert_int_equal(pdn_stats_alias(st, "A. Lion", "Al Lion"), 0);
    assert_int_equal(pdn_stats_team(st, "Lions", "Al Lion"), 0);
    assert_int_equal(pdn_stats_team(st, "lions", "AL  LION"), 0);
    assert_int_equal(pdn_stats_team(st, "Tigers", "al-lion"), PDN_EINVAL);
    assert_int_equal(pdn_stats_team(st, "Tigers", "A. Lion"), PDN_EINVAL);
    assert_int_equal(pdn_stats_team(st, "  ", "Bob Tiger"), PDN_EINVAL);
    assert_int_equal(pdn_stats_team(st, "Tigers", ""), PDN_EINVAL);
    assert_int_equal(pdn_stats_team(NULL, "Tigers", "Bob"), PDN_EINVAL);
    pdn_stats_free(st);
}

static void collect_team_note(const struct pdn_stats_team_note *n, void *ctx)
{
    static const char *const kinds[] = {"no team", "same team", "tag differs", "no games"};
    struct collected *c = ctx;
    append(c->text, sizeof c->text, "%s: %s %s %s %s r%ld %lu\n", kinds[n->kind],
           n->event ? n->event : "-", n->player, n->other ? n->other : "-", n->team ? n->team : "-",
           n->round, n->games);
}

/* Teams X (a, b) and Y (c, d) by the file, Z (zed) who plays no game, e in
 * no team. Round 1: a-c 2-0 (a's tag says Y: the file's X counts), b-e 1-1;
 * round 2: a-b (inside X), d-e 0-2. Only a-c is between two teams: X beat
 * Y 2-0 in board points; three games are left out. */
static void test_stats_team_file_notes_and_table(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    static const char *const members[][2] = {
        {"X", "a"}, {"X", "b"}, {"Y", "c"}, {"Y", "d"}, {"Z", "zed"}};
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(pdn_stats_team(st, members[i][0], members[i][1]), 0);
    add_text(st, "[Event \"Cup\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"c\"]\n"
                 "[WhiteTeam \"Y\"]\n[BlackTeam \"Y\"]\n[Result \"2-0\"]\n2-0\n\n");
    add_result(st, "Cup", 1, "b", "e", "1-1");
    add_result(st, "Cup", 2, "a", "b", "1-1");
    add_result(st, "Cup", 2, "d", "e", "0-2");
    struct collected c = {""};
    assert_int_equal(pdn_stats_team_notes(st, collect_team_note, &c), 0);
    assert_string_equal(c.text, "no team: Cup e - - r0 2\n"
                                "same team: Cup a b X r2 0\n"
                                "tag differs: - a Y X r0 0\n"
                                "no games: - zed - Z r0 0\n");
    struct team_table tt;
    assert_true(team_table_build(&tt, st, event(st, "Cup")));
    assert_int_equal(tt.nrows, 2);
    assert_int_equal(tt.nmatches, 1);
    assert_int_equal(tt.untagged, 3);
    assert_string_equal(((char **)st->team.data)[tt.rows[0].team], "X");
    assert_int_equal(tt.rows[0].match_points, 2);
    assert_int_equal(tt.rows[0].board_points, 2);
    assert_int_equal(tt.rows[1].match_points, 0);
    team_table_free(&tt);
    pdn_stats_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_totals),
        cmocka_unit_test(test_stats_results),
        cmocka_unit_test(test_stats_name_folding),
        cmocka_unit_test(test_stats_trim_every_blank),
        cmocka_unit_test(test_stats_aliases),
        cmocka_unit_test(test_stats_opening_tree_counts),
        cmocka_unit_test(test_stats_opening_tree_full),
        cmocka_unit_test(test_stats_draw_rule_from_the_replay),
        cmocka_unit_test(test_stats_crosstable_points_and_places),
        cmocka_unit_test(test_stats_tiebreak_fmjd),
        cmocka_unit_test(test_stats_tiebreak_fmjd_mutual),
        cmocka_unit_test(test_stats_tiebreak_kndb),
        cmocka_unit_test(test_stats_tiebreak_solkoff),
        cmocka_unit_test(test_stats_tiebreak_tsolkoff),
        cmocka_unit_test(test_stats_tiebreak_sb),
        cmocka_unit_test(test_stats_swiss_detection),
        cmocka_unit_test(test_stats_explain_criterion),
        cmocka_unit_test(test_stats_csv_one_table),
        cmocka_unit_test(test_stats_alias_chain_and_cycle),
        cmocka_unit_test(test_stats_repeat_same_round),
        cmocka_unit_test(test_stats_repeat_same_moves),
        cmocka_unit_test(test_stats_moves_hash_tells_lines_apart),
        cmocka_unit_test(test_stats_repeat_log),
        cmocka_unit_test(test_stats_date_pack),
        cmocka_unit_test(test_stats_tiebreak_skips_games_not_played),
        cmocka_unit_test(test_stats_round_suffix),
        cmocka_unit_test(test_stats_suggest),
        cmocka_unit_test(test_stats_shortfalls),
        cmocka_unit_test(test_stats_ident),
        cmocka_unit_test(test_stats_json_shapes),
        cmocka_unit_test(test_stats_control_bytes),
        cmocka_unit_test(test_stats_made_rows),
        cmocka_unit_test(test_stats_cell_formats),
        cmocka_unit_test(test_stats_excel),
        cmocka_unit_test(test_stats_empty_name_is_unknown),
        cmocka_unit_test(test_stats_team_one_team_a_player),
        cmocka_unit_test(test_stats_team_file_notes_and_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
