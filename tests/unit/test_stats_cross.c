/*
 * Unit tests of an event's standings (stats_cross.c, stats_pairs.c,
 * stats_teams.c, stats_members.c): crosstable points and places, each
 * tie-break preset on small events whose order is worked out by hand in
 * the comments (stats_fixture.h), Swiss detection, tie-breaks that never
 * count a game not played, players short of games; team files: a player
 * in one team, their notes and the team table they make.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "stats_fixture.h"

/* ---- crosstables ------------------------------------------------------------------ */

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

/* A tie whose players did not all meet (A-B and B-C drew, A-C not
 * played), or none met: the mutual result leaves them tied and is void,
 * an empty cell, not a score of 0. */
static void test_stats_mutual_void_when_not_all_met(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_result(st, "V", 1, "A", "B", "1-1");
    add_result(st, "V", 2, "B", "C", "1-1");
    add_result(st, "V", 3, "A", "X", "2-0");
    add_result(st, "V", 4, "B", "X", "1-1");
    add_result(st, "V", 5, "X", "C", "0-2");
    /* A, B, C 3 points each, X 1 */
    assert_order(st, "V", PDN_TIEBREAK_KNDB, "A 1-3; B 1-3; C 1-3; X 4-4");
    struct cross c;
    assert_true(cross_build(&c, st, event(st, "V"), PDN_TIEBREAK_KNDB));
    for (size_t i = 0; i < 3; i++)
        assert_true(c.rows[i].crit_void[0] && c.rows[i].crit[0] == 0);
    cross_free(&c);
    add_result(st, "V", 6, "A", "C", "1-1"); /* A and C 4, and they met: 1 each */
    assert_true(cross_build(&c, st, event(st, "V"), PDN_TIEBREAK_KNDB));
    for (size_t i = 0; i < 2; i++)
        assert_true(!c.rows[i].crit_void[0] && c.rows[i].crit[0] == 1);
    cross_free(&c);
    pdn_stats_free(st);
    st = new_stats(true);
    add_result(st, "W", 1, "A", "X", "2-0");
    add_result(st, "W", 2, "B", "X", "2-0");
    assert_true(cross_build(&c, st, event(st, "W"), PDN_TIEBREAK_KNDB));
    assert_true(c.rows[0].crit_void[0] && c.rows[1].crit_void[0]);
    cross_free(&c);
    pdn_stats_free(st);
    /* Each of four tied with one game in the tie, yet A-C, A-D, B-C and
     * B-D not played: void (C went above B, whom C never met, by "2 > 0"). */
    st = new_stats(true);
    add_result(st, "S", 1, "A", "B", "2-0");
    add_result(st, "S", 1, "C", "D", "2-0");
    add_result(st, "S", 2, "B", "F", "2-0");
    add_result(st, "S", 2, "D", "H", "2-0");
    add_result(st, "S", 3, "F", "A", "2-0");
    add_result(st, "S", 3, "H", "C", "2-0");
    /* A, B, C, D, F, H: 2 points each; every pair of them did not meet */
    assert_true(cross_build(&c, st, event(st, "S"), PDN_TIEBREAK_KNDB));
    for (size_t i = 0; i < c.nrows; i++)
        assert_true(c.rows[i].crit_void[0] && c.rows[i].place == 1 && c.rows[i].place_to == 6);
    cross_free(&c);
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
    assert_true(c.numbered);
    cross_free(&c);
    assert_true(cross_build(&c, st, event(st, "N"), PDN_TIEBREAK_FMJD));
    assert_false(c.swiss);
    assert_int_equal(c.rounds, 2);
    assert_false(c.numbered); /* no column a round, no count of rounds in the title */
    assert_int_equal(event(st, "N")->rounds, 0);
    cross_free(&c);
    pdn_stats_free(st);
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

/* An open event's games where A, B and C end on 3 points, a win each,
 * with no game between them: A drew Y and beat X, who drew C; C beat Z;
 * B beat W. */
static void add_three_apart(pdn_stats *st, const char *ev)
{
    add_result(st, ev, 1, "A", "X", "2-0");
    add_result(st, ev, 2, "Y", "A", "1-1");
    add_result(st, ev, 1, "C", "X", "1-1");
    add_result(st, ev, 2, "C", "Z", "2-0");
    add_result(st, ev, 1, "B", "W", "2-0");
    add_result(st, ev, 3, "Y", "Q", "2-0");
}

/* FMJD's results in order of the classification where tied players may
 * have no opponent in common (add_three_apart). A scored 2 against X where
 * C scored 1: A over C. B, with a draw against V, met none of their
 * opponents: it stands neither above nor below either, so the three share
 * 2-4 (a count of the players each is ahead of put A alone 2nd, over B for
 * nothing). Then B loses to Y, whom A drew, and draws V: A over both, B
 * and C still not told apart. Worked by hand: Y 5 (2 wins); X 1 and V 1
 * (no opponent in common: shared); W, Z and Q 0 (shared). */
static void test_stats_classification_cuts_only_where_every_pair_is_told(void **state)
{
    (void)state;
    pdn_stats *st = new_stats(true);
    add_three_apart(st, "s");
    add_result(st, "s", 2, "V", "B", "1-1");
    add_result(st, "s", 4, "Y", "W", "2-0");
    assert_order(st, "s", PDN_TIEBREAK_FMJD,
                 "Y 1-1; A 2-4; B 2-4; C 2-4; V 5-6; X 5-6; Q 7-9; W 7-9; Z 7-9");
    add_three_apart(st, "t");
    add_result(st, "t", 2, "Y", "B", "2-0");
    add_result(st, "t", 3, "B", "V", "1-1");
    assert_order(st, "t", PDN_TIEBREAK_FMJD,
                 "Y 1-1; A 2-2; B 3-4; C 3-4; V 5-6; X 5-6; Q 7-9; W 7-9; Z 7-9");
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

static void collect_clash(const struct pdn_stats_clash *k, void *ctx)
{
    struct collected *c = ctx;
    append(c->text, sizeof c->text, "%s r%ld-%ld %s %s:%lu after %s:%lu\n", k->event, k->round,
           k->sub, k->player, k->file, k->line, k->first_file, k->first_line);
}

/* Games of seven lines each (game k starts at line 7k + 1): A plays twice
 * in round 2 (lines 15 and 22), and so does C (15 and 29); a game with no
 * round, a match's games "3-1" and "3-2", a game of another event and a
 * repeat (line 64, left out) share no round with them. */
static void test_stats_round_clashes(void **state)
{
    (void)state;
    static const char *const games[][4] = {
        {"o", "1", "A", "B"}, {"o", "1", "C", "D"}, {"o", "2", "A", "C"},   {"o", "2", "D", "A"},
        {"o", "2", "B", "C"}, {"o", "?", "A", "B"}, {"o", "3-1", "A", "B"}, {"o", "3-2", "B", "A"},
        {"x", "1", "A", "B"}, {"o", "1", "A", "B"},
    };
    char text[2048] = "";
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        append(text, sizeof text,
               "[Event \"%s\"]\n[Round \"%s\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
               "[Result \"1-1\"]\n1-1\n\n",
               games[i][0], games[i][1], games[i][2], games[i][3]);
    pdn_stats *st = new_stats(true);
    add_text(st, text);
    struct collected c = {""};
    assert_int_equal(pdn_stats_round_clashes(st, collect_clash, &c), 0);
    assert_string_equal(c.text, "o r2-0 A test.pdn:22 after test.pdn:15\n"
                                "o r2-0 C test.pdn:29 after test.pdn:15\n");
    assert_int_equal(pdn_stats_round_clashes(NULL, collect_clash, &c), PDN_EINVAL);
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
        cmocka_unit_test(test_stats_crosstable_points_and_places),
        cmocka_unit_test(test_stats_tiebreak_fmjd),
        cmocka_unit_test(test_stats_tiebreak_fmjd_mutual),
        cmocka_unit_test(test_stats_mutual_void_when_not_all_met),
        cmocka_unit_test(test_stats_tiebreak_kndb),
        cmocka_unit_test(test_stats_tiebreak_solkoff),
        cmocka_unit_test(test_stats_tiebreak_tsolkoff),
        cmocka_unit_test(test_stats_tiebreak_sb),
        cmocka_unit_test(test_stats_swiss_detection),
        cmocka_unit_test(test_stats_tiebreak_skips_games_not_played),
        cmocka_unit_test(test_stats_classification_cuts_only_where_every_pair_is_told),
        cmocka_unit_test(test_stats_shortfalls),
        cmocka_unit_test(test_stats_round_clashes),
        cmocka_unit_test(test_stats_team_one_team_a_player),
        cmocka_unit_test(test_stats_team_file_notes_and_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
