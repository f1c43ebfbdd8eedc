/*
 * Unit tests of counting a collection (stats.c and the files it calls):
 * totals, results, names folded and aliased, aliases chained and cycles
 * refused, the openings tree (and when it is full), draw rules taken from
 * the replay, games read twice (by round, by moves) left out of every
 * count, the moves' hash and the repeats' log, packed dates, names with a
 * round suffix and the aliases suggested, an empty name as the unknown
 * player. Crosstables are test_stats_cross.c's, the tables written
 * test_stats_write.c's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "games_io.h"
#include "stats_fixture.h"

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
    assert_int_equal(event(st, "s")->round_first, 1); /* the crosstable's "2 rounds (1 to 3)" */
    assert_int_equal(event(st, "s")->round_last, 3);
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

/* pdn_stats_name_key: the key the folding above counts by, for tools that
 * join tables of several runs (pdnstats --merge). */
static void test_stats_name_key(void **state)
{
    (void)state;
    char a[32], b[32];
    int n = pdn_stats_name_key(a, sizeof a, "Koops, Lambert-Jan");
    assert_true(n > 0);
    assert_int_equal(pdn_stats_name_key(b, sizeof b, " KOOPS,Lambert  Jan "), n);
    assert_string_equal(a, b);
    n = pdn_stats_name_key(b, sizeof b, "Koops, Lambert");
    assert_int_equal(n, strlen(b));
    assert_string_not_equal(a, b);
    assert_int_equal(pdn_stats_name_key(b, sizeof b, ""), 1); /* blank: "?" */
    assert_string_equal(b, "?");
    assert_int_equal(pdn_stats_name_key(b, 4, "Koops"), PDN_EINVAL); /* no room */
    assert_int_equal(pdn_stats_name_key(b, 6, "Koops"), 5);
    assert_int_equal(pdn_stats_name_key(NULL, 6, "Koops"), PDN_EINVAL);
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

/* Games set up by a FEN have no opening: a problem's first move (32-28
 * from W:W32:B19) and a FEN of another position with the start's move
 * stay out of the tree; a FEN of the start position itself, and English
 * from its start (Black first), count. The title says how many were left
 * out. */
static void test_stats_opening_only_from_the_start(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_text(st, "[Event \"o\"]\n1. 32-28 19-23 2-0\n\n"
                 "[Event \"o\"]\n[FEN \"W:W32:B19\"]\n1. 32-28 19-23 0-2\n\n"
                 "[Event \"o\"]\n[FEN \"W:W31-50:B1-19\"]\n1. 32-28 *\n\n"
                 "[Event \"o\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 1-1\n\n"
                 "[Event \"o\"]\n[GameType \"21\"]\n1. 11-15 23-19 1-0\n\n");
    assert_int_equal(st->games, 5);
    assert_int_equal(st->open_set_up, 2);
    const struct st_open *t = st->open.data;
    const struct st_open *a = open_child_of(st, &t[0], "32-28");
    assert_int_equal(stats_open_games(a), 2); /* the first and the FEN of the start */
    assert_int_equal(stats_open_games(open_child_of(st, a, "19-23")), 1);
    assert_int_equal(stats_open_games(open_child_of(st, &t[0], "11-15")), 1);
    int rc;
    char *out = written(st, PDN_STATS_TEXT, PDN_STATS_OPENINGS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "Openings (first 4 plies; 2 games set up by a FEN left out)\n"));
    free(out);
    out = written(st, PDN_STATS_JSON, PDN_STATS_TOTALS, PDN_TIEBREAK_FMJD, &rc);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "\"fen_games_no_opening\": 2,\n"));
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

/* ---- repeats, aliases chained and suggested --------------------------------------- */

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

/* The same moves to the same result on two days: a line played again (a
 * match's theory draw in rounds 1 and 3), two games; on one day, or with
 * a date unknown, the same game filed twice (the real one above was filed
 * under rounds 7 and 8, both dated 2021.08.18). */
static void test_stats_repeat_same_moves_other_day(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    const char *dates[][2] = {{"2021.08.17", "2021.08.19"}, /* A: two games */
                              {"2021.08.18", "2021.08.18"}, /* C: one, filed twice */
                              {"2021.08.18", "????.??.??"}};
    const char *white[] = {"A", "C", "D"};
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 2; i++) {
            char text[1024];
            snprintf(text, sizeof text,
                     "[Event \"e\"]\n[Round \"%d\"]\n[Date \"%s\"]\n[White \"%s\"]\n"
                     "[Black \"B\"]\n[Result \"0-2\"]\n%s 0-2\n\n",
                     1 + 2 * i, dates[p][i], white[p], long_moves);
            add_text(st, text);
        }
    assert_int_equal(st_player_games(player(st, "A")), 2);
    assert_int_equal(st_player_games(player(st, "C")), 1);
    assert_int_equal(st_player_games(player(st, "D")), 1);
    assert_int_equal(st->repeats.n, 2);
    pdn_stats_free(st);
}

/* 20 plies of another real game (schildpad.pdn, game 2: online games, all
 * filed in round 1). */
static const char other_moves[] = "1. 32-28 18-23 2. 38-32 12-18 3. 31-27 7-12 4. 37-31 1-7 "
                                  "5. 42-38 17-21 6. 41-37 21-26 7. 34-30 20-24 8. 40-34 14-20 "
                                  "9. 30-25 24-29 10. 25x14 9x20";

static void test_stats_repeat_round_other_moves(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    /* one file: the games numbered 1 to 4 */
    const char *games[] = {long_moves, other_moves, /* 20 plies, others: a game played again */
                           short_moves,             /* 10 plies: read twice, or typed short */
                           long_moves};             /* the first one again */
    char text[4096];
    size_t len = 0;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        len += (size_t)snprintf(
            text + len, sizeof text - len,
            "[Event \"e\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n%s 0-2\n\n", games[i]);
    assert_true(len < sizeof text);
    add_text(st, text);
    assert_int_equal(st_player_games(player(st, "A")), 2);
    assert_int_equal(event(st, "e")->repeats, 2);
    struct repeat_cursor c = {0};
    assert_true(stats_repeat_next(&st->repeats, &c));
    assert_int_equal(c.r.game, 3);
    assert_int_equal(c.r.first_game, 1);
    assert_false(c.r.same_moves);
    assert_true(stats_repeat_next(&st->repeats, &c));
    assert_int_equal(c.r.game, 4);
    assert_int_equal(c.r.first_game, 1);
    pdn_stats_free(st);
}

/* The keys of two pairings whose players' numbers mixed alike when the
 * first of them was taken for a key (Championnat de France 2021, read
 * with the corpus: Cisse - Bonnave counted as a repeat of Ouedraogo -
 * Crevat, round 3). */
static void test_stats_repeat_keys_of_small_numbers(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    struct repeat_game first = {.index = 14, .event = 1, .white = 496, .black = 401, .round = 3};
    struct repeat_game other = {.index = 17, .event = 1, .white = 495, .black = 493, .round = 3};
    assert_int_equal(stats_repeat_check(st, &first), 0);
    assert_int_equal(stats_repeat_check(st, &other), 0);
    first.index = 18;
    assert_int_equal(stats_repeat_check(st, &first), 1);
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
static void main_lines(struct main_line **lines, size_t *n, size_t *cap, const char *text,
                       size_t len)
{
    struct games gs;
    read_games(&gs, text, len);
    for (size_t i = 0; i < gs.n; i++) {
        pdn_stats_game *rec = NULL;
        assert_int_equal(pdn_stats_game_new(&rec, NULL), 0);
        assert_int_equal(pdn_stats_game_read(rec, gs.v[i]), 0);
        if (*n == *cap) { /* doubled: a line is 4 kB, and there are thousands */
            *cap = *cap ? 2 * *cap : 256;
            *lines = realloc(*lines, *cap * sizeof **lines);
            assert_non_null(*lines);
        }
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
    size_t n = 0, cap = 0;
    for (size_t f = 0; f < files.n; f++) {
        size_t len;
        char *text = slurp(files.v[f], &len);
        main_lines(&lines, &n, &cap, text, len);
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

/* An event's first and last date (its games' Date tags read as --date
 * reads them, date.h), "" when none. */
static void expect_event_dates(const pdn_stats *st, const char *name, const char *first,
                               const char *last)
{
    const struct st_event *e = event(st, name);
    assert_non_null(e);
    char text[11];
    stats_date_unpack(text, e->first);
    assert_string_equal(text, first);
    stats_date_unpack(text, e->last);
    assert_string_equal(text, last);
}

/* The forms of real files' Date tags, each event's dates worked out by
 * hand: ISO with '-' (Championnat de France 2021.pdn), day first
 * (DUTCH96H.pdn), a year alone, unknown parts, dates that are none. */
static void test_stats_event_dates(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_text(st, "[Event \"a\"]\n[Date \"2021-08-14\"]\n*\n\n"
                 "[Event \"a\"]\n[Date \"2021.08.12\"]\n*\n\n"
                 "[Event \"a\"]\n[Date \"2021/08/13\"]\n*\n\n"
                 "[Event \"b\"]\n[Date \"20-01-1996\"]\n*\n\n"
                 "[Event \"b\"]\n[Date \"13.01.1996\"]\n*\n\n"
                 "[Event \"c\"]\n[Date \"2003.?\?.?\?\"]\n*\n\n"
                 "[Event \"c\"]\n[Date \"2003.05.?\?\"]\n*\n\n"
                 "[Event \"d\"]\n[Date \"2003.\"]\n*\n\n"
                 "[Event \"d\"]\n[Date \"?\??\?.?\?.?\?\"]\n*\n\n"
                 "[Event \"d\"]\n[Date \"13.03.03\"]\n*\n\n");
    expect_event_dates(st, "a", "2021.08.12", "2021.08.14");
    expect_event_dates(st, "b", "1996.01.13", "1996.01.20");
    expect_event_dates(st, "c", "2003.05.?\?", "2003.?\?.?\?"); /* '?' after the digits */
    /* "2003." is 2003, as pdnfmt --fix repairs it; the other two no date */
    expect_event_dates(st, "d", "2003.?\?.?\?", "2003.?\?.?\?");
    pdn_stats_free(st);
}

/* What pdnstats reads since it shares --date's reading (date.h): a range
 * is its first day, as --date takes it, and ends the event on its last
 * (40Camp.DamaInternazionaleAssoluto.pdn dates its games "2004.10.27 -
 * 2004.11.01"; its events "Arco 2004 CI" had no date); a month 13 or day 45 is no date
 * (bad-date.pdn's "2021.13.45" was shown); a year alone is its year; a month or day 00 is unknown.
 */
static void test_stats_event_dates_shared_reading(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_text(st, "[Event \"range\"]\n[Date \"2004.10.27 - 2004.11.01\"]\n*\n\n"
                 "[Event \"bad\"]\n[Date \"2021.13.45\"]\n*\n\n"
                 "[Event \"year\"]\n[Date \"2003\"]\n*\n\n"
                 "[Event \"zero\"]\n[Date \"2003.08.00\"]\n*\n\n");
    expect_event_dates(st, "range", "2004.10.27", "2004.11.01"); /* the range's end */
    expect_event_dates(st, "bad", "", "");
    expect_event_dates(st, "year", "2003.?\?.?\?", "2003.?\?.?\?");
    expect_event_dates(st, "zero", "2003.08.?\?", "2003.08.?\?");
    pdn_stats_free(st);
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
 * field and differences of either sign too, from its start or from the
 * mark before a block; a repeat of a file read twice (the next game, the
 * same event) takes a few bytes. */
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
    /* read from the mark before each block's first repeat, a block gives
     * the repeats from that one on, as read from the start */
    for (uint32_t i = 1000; i < 2100; i++) {
        struct st_repeat r = neighbour(i);
        assert_true(stats_repeat_add(&log, &r));
    }
    assert_int_equal(stats_repeat_blocks(&log), 3); /* 2,104 repeats */
    for (size_t b = 0; b < 3; b++) {
        struct repeat_cursor at = stats_repeat_block(&log, b);
        for (size_t k = b * REPEAT_BLOCK; k < log.n && k < (b + 1) * REPEAT_BLOCK; k++) {
            struct st_repeat want = k < 4 ? odd[k] : neighbour((uint32_t)(k - 4));
            assert_true(stats_repeat_next(&log, &at));
            assert_repeat_equal(&at.r, &want);
        }
    }
    vec_free(&log.bytes);
    vec_free(&log.marks);
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

/* The proposals for a collection of games between the pairs given (White,
 * Black; NULL ends), one round each so that none is a repeat. */
static void suggest_pairs(struct collected *c, const char *const pairs[][2])
{
    pdn_stats *st = new_stats(false);
    for (int i = 0; pairs[i][0]; i++)
        add_result(st, "Open", i + 1, pairs[i][0], pairs[i][1], "1-1");
    c->text[0] = '\0';
    assert_int_equal(pdn_stats_suggest(st, collect, c), 0);
    pdn_stats_free(st);
}

/* Letters apart: characters, not bytes; a swap of neighbours is one. */
static void test_stats_spelling_distance(void **state)
{
    (void)state;
    /* Championnat de France 2021: "Manakanou" drops a letter of
     * "Manakounou" and changes one */
    assert_int_equal(stats_spelling_distance("manakanou", "manakounou", 2), 2);
    /* 29eme Open d'Avignon 2014: "Franchi" for "Francki" in round 3 */
    assert_int_equal(stats_spelling_distance("franchi", "francki", 2), 1);
    assert_int_equal(stats_spelling_distance("vanleris", "valneris", 2), 1);
    assert_int_equal(stats_spelling_distance("bouré", "boure", 2), 1);
    assert_int_equal(stats_spelling_distance("éléa", "elea", 2), 2); /* 4 bytes apart */
    assert_int_equal(stats_spelling_distance("machtelinck", "machtelinck", 2), 0);
    assert_int_equal(stats_spelling_distance("machtelinck", "maggiore", 2), 3);
    assert_int_equal(stats_spelling_distance("abc", "abcdef", 2), 3);
    char long_name[80];
    memset(long_name, 'a', 79);
    long_name[79] = '\0';
    assert_int_equal(stats_spelling_distance(long_name, long_name, 2), 3);
    assert_true(stats_spelling_gendered("bankowski", "bankowska"));
    assert_true(stats_spelling_gendered("vejvodova", "vejvoda"));
    assert_true(stats_spelling_gendered("novak", "novakova"));
    assert_false(stats_spelling_gendered("manakanou", "manakounou"));
    assert_false(stats_spelling_gendered("franchi", "francki"));
}

/* Spellings of initials alone (the 2003 world championship, wk2003.pdn:
 * "Andall,A.K." and "Andall,A."): fewer initials join the one spelling with
 * more that holds them, which leads; two that fit ("Koops, J." of
 * "Koops, J.A." and "Koops, J.B."), no proposal; other letters, none. */
static void test_stats_suggest_fewer_initials(void **state)
{
    (void)state;
    struct collected c;
    static const char *const andall[][2] = {
        {"Andall,A.K.", "X"}, {"Andall,A.", "Y"}, {"Andall,B.", "Z"}, {NULL, NULL}};
    suggest_pairs(&c, andall);
    assert_string_equal(c.text, "1 Andall,A. = Andall,A.K. (fewer initials)\n");
    static const char *const koops[][2] = {
        {"Koops, J.A.", "X"}, {"Koops, J.B.", "Y"}, {"Koops, J.", "Z"}, {NULL, NULL}};
    suggest_pairs(&c, koops);
    assert_string_equal(c.text, "");
}

/* A surname of seven letters or more spelt a letter or two apart joins the
 * one full name that fits: the same first names, or none on one side. */
static void test_stats_suggest_misspelt(void **state)
{
    (void)state;
    struct collected c;
    static const char *const france[][2] = {/* rounds 1 and 2 of the real file */
                                            {"Manakounou, Ali", "Cisse, Papa"},
                                            {"Maggiore, Fabrice", "Manakanou"},
                                            {NULL, NULL}};
    suggest_pairs(&c, france);
    assert_string_equal(c.text, "1 Manakanou = Manakounou, Ali (surname only, spelt 2 letters "
                                "apart: check it is one player)\n");
    static const char *const avignon[][2] = {{"Francki, Jean", "Latapie, Jean-Francois"},
                                             {"Francki, Jean", "Lamarque, Pierre"},
                                             {"Zeggagh, Linda", "Franchi, Jean"},
                                             {NULL, NULL}};
    suggest_pairs(&c, avignon);
    assert_string_equal(c.text, "1 Franchi, Jean = Francki, Jean (spelt 1 letter apart: check "
                                "it is one player)\n");
    static const char *const apart[][2] = {
        {"Francki, Jean", "Franchi, Paul"},       /* other first names */
        {"Jansen, Hans", "Janssen, Hans"},        /* two Dutch names: short */
        {"Manakounou, Ali", "Manakonou, Ben"},    /* "Manakanou" fits both */
        {"Manakanou", "Bankowski, Bogdan"},       /* and "Bankowska" is... */
        {"Bankowska", "Milsjin, Wladimir"},       /* ...his wife or daughter */
        {"Milshin, W.", "Player 12, Wim"},        /* initials say too little */
        {"Player 1, Wim", "Veytsman, Vladimir"},  /* numbered, not spelt */
        {"Weytsman, Vladimir Ilyich", "Ba, Ali"}, /* more first names */
        {NULL, NULL}};
    suggest_pairs(&c, apart);
    assert_string_equal(c.text, "");
}

/* A name with an umlaut (or ø, å) joins the one spelling with it written
 * out as German, Danish and Norwegian write it ("Müller" as "Mueller"),
 * whatever the surname's length; other first names, no join. */
static void test_stats_suggest_written_out(void **state)
{
    (void)state;
    struct collected c;
    static const char *const names[][2] = {{"Müller, Hans", "Møller, Ib"},
                                           {"Mueller, Hans", "Moeller, Ib"},
                                           {"Muller, Hans", "Mueller, Peter"},
                                           {"Ångström, Åsa", "Aangstroem, Eva"},
                                           {NULL, NULL}};
    suggest_pairs(&c, names);
    assert_string_equal(c.text, "1 Mueller, Hans = Müller, Hans ('ü' written 'ue')\n"
                                "2 Moeller, Ib = Møller, Ib ('ø' written 'oe')\n");
}

/* An empty White or Black tag, "?" or none names nobody: no player (it
 * was one called "?", with every unknown game of a file: 106 games in an
 * Italian file whose tags are Bianco and Nero), and the game is left out
 * of the crosstable, but counted among the games, and the known side keeps
 * it in the players table. An empty team tag is no team (it once read as a
 * team called "??"). */
static void test_stats_unknown_name_is_no_player(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_text(st, "[Event \"e\"]\n[White \"\"]\n[Black \"B\"]\n[Result \"2-0\"]\n2-0\n\n"
                 "[Event \"e\"]\n[White \"B\"]\n[Black \"?\"]\n[Result \"1-1\"]\n1-1\n\n"
                 "[Event \"e\"]\n[Black \" \"]\n[Result \"0-2\"]\n0-2\n\n"
                 "[Event \"e\"]\n[White \"A\"]\n[Black \"B\"]\n[WhiteTeam \"\"]\n"
                 "[BlackTeam \"T\"]\n[Result \"2-0\"]\n2-0\n\n");
    assert_int_equal(st->games, 4);
    assert_int_equal(pdn_stats_unknown_players(st), 3);
    assert_int_equal(st->player.n, 2); /* A and B */
    assert_null(player(st, "?"));
    assert_null(player(st, "??"));
    const struct st_player *b = player(st, "B");
    assert_non_null(b);
    assert_int_equal(st_player_games(b), 3); /* lost, drew, lost: the third game has no B */
    assert_int_equal(b->wins, 0);
    assert_int_equal(b->draws, 1);
    assert_int_equal(b->losses, 2);
    assert_int_equal(event(st, "e")->players, 2);
    const struct vec *recs = st_event_recs(st, event(st, "e"));
    assert_int_equal(recs->n, 1); /* A - B alone: the others have nobody to place */
    const struct st_rec *r = recs->data;
    assert_int_equal(r[0].white_team, 0);
    assert_int_not_equal(r[0].black_team, 0);
    pdn_stats_free(st);
}

/* A game whose two sides fold to one player (brothers named by surname
 * alone) would count a win and a loss to one player: the players table and
 * the crosstable leave it out, and it is counted for the tools to say so. */
static void test_stats_same_player_on_both_sides(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_text(st,
             "[Event \"e\"]\n[White \"Dupont\"]\n[Black \"Martin\"]\n[Result \"2-0\"]\n2-0\n\n"
             "[Event \"e\"]\n[White \"Dupont\"]\n[Black \"DUPONT\"]\n[Result \"0-2\"]\n0-2\n\n");
    assert_int_equal(st->games, 2);
    const char *name = NULL;
    assert_int_equal(pdn_stats_same_player_games(st, &name), 1);
    assert_string_equal(name, "Dupont");
    const struct st_player *d = player(st, "Dupont");
    assert_non_null(d);
    assert_int_equal(st_player_games(d), 1); /* the win over Martin alone */
    assert_int_equal(d->wins, 1);
    assert_int_equal(d->losses, 0);
    assert_int_equal(st_event_recs(st, event(st, "e"))->n, 1);
    pdn_stats_free(st);
    st = new_stats(true);
    assert_int_equal(pdn_stats_same_player_games(st, &name), 0);
    assert_null(name);
    pdn_stats_free(st);
}

/* An English game's "1-0" is Black's win: its files give Black's score
 * first (game.h, result_turned); a Russian game's is White's. */
static void test_stats_english_result_black_first(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(false);
    add_text(st,
             "[GameType \"21\"]\n[Black \"B\"]\n[White \"W\"]\n[Result \"1-0\"]\n1. 11-15 1-0\n\n"
             "[GameType \"25\"]\n[White \"R\"]\n[Black \"S\"]\n[Result \"1-0\"]\n1. c3-d4 1-0\n\n");
    assert_int_equal(player(st, "B")->wins, 1);
    assert_int_equal(player(st, "W")->losses, 1);
    assert_int_equal(player(st, "R")->wins, 1);
    assert_int_equal(player(st, "S")->losses, 1);
    assert_int_equal(st->outcome[ST_WHITE], 1);
    assert_int_equal(st->outcome[ST_BLACK], 1);
    pdn_stats_free(st);
}

/* A side named by its own colour (collections of studies: [White "White"],
 * [Black "Red"]) names nobody; a player surnamed Black keeps his games as
 * White. */
static void test_stats_side_colour_is_no_player(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_text(st, "[Event \"e\"]\n[White \"White\"]\n[Black \"Red\"]\n[Result \"2-0\"]\n2-0\n\n"
                 "[Event \"e\"]\n[White \"A\"]\n[Black \"black\"]\n[Result \"1-1\"]\n1-1\n\n"
                 "[Event \"e\"]\n[White \"Black\"]\n[Black \"A\"]\n[Result \"0-2\"]\n0-2\n\n");
    assert_int_equal(st->games, 3);
    assert_int_equal(pdn_stats_unknown_players(st), 2);
    assert_null(player(st, "White"));
    assert_null(player(st, "Red"));
    const struct st_player *black = player(st, "Black");
    assert_non_null(black);
    assert_int_equal(st_player_games(black), 1);
    assert_int_equal(black->losses, 1);
    assert_int_equal(st_player_games(player(st, "A")), 2);
    pdn_stats_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_totals),
        cmocka_unit_test(test_stats_results),
        cmocka_unit_test(test_stats_trim_every_blank),
        cmocka_unit_test(test_stats_name_folding),
        cmocka_unit_test(test_stats_name_key),
        cmocka_unit_test(test_stats_aliases),
        cmocka_unit_test(test_stats_opening_tree_counts),
        cmocka_unit_test(test_stats_opening_tree_full),
        cmocka_unit_test(test_stats_opening_only_from_the_start),
        cmocka_unit_test(test_stats_draw_rule_from_the_replay),
        cmocka_unit_test(test_stats_alias_chain_and_cycle),
        cmocka_unit_test(test_stats_repeat_same_round),
        cmocka_unit_test(test_stats_repeat_same_moves),
        cmocka_unit_test(test_stats_repeat_same_moves_other_day),
        cmocka_unit_test(test_stats_repeat_round_other_moves),
        cmocka_unit_test(test_stats_repeat_keys_of_small_numbers),
        cmocka_unit_test(test_stats_moves_hash_tells_lines_apart),
        cmocka_unit_test(test_stats_date_pack),
        cmocka_unit_test(test_stats_event_dates),
        cmocka_unit_test(test_stats_event_dates_shared_reading),
        cmocka_unit_test(test_stats_repeat_log),
        cmocka_unit_test(test_stats_round_suffix),
        cmocka_unit_test(test_stats_suggest),
        cmocka_unit_test(test_stats_spelling_distance),
        cmocka_unit_test(test_stats_suggest_misspelt),
        cmocka_unit_test(test_stats_suggest_written_out),
        cmocka_unit_test(test_stats_suggest_fewer_initials),
        cmocka_unit_test(test_stats_unknown_name_is_no_player),
        cmocka_unit_test(test_stats_same_player_on_both_sides),
        cmocka_unit_test(test_stats_english_result_black_first),
        cmocka_unit_test(test_stats_side_colour_is_no_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
