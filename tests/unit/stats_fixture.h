/*
 * Helpers shared by the unit tests of the statistics (test_stats.c,
 * test_stats_cross.c, test_stats_write.c), header-only, static: a
 * collection counted from PDN text or from bare results, its players and
 * events looked up by name, what pdn_stats_write writes of it, and three
 * small events whose standings are worked out by hand in the comments.
 */
#ifndef STATS_FIXTURE_H
#define STATS_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "append.h"
#include "pdn.h"
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline pdn_stats *new_stats(bool crosstable)
{
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    o.crosstable = crosstable;
    pdn_stats *st = NULL;
    assert_int_equal(pdn_stats_new(&st, &o), 0);
    return st;
}

/* Counts every game of a PDN text. */
static inline void add_text(pdn_stats *st, const char *text)
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
static inline void add_result(pdn_stats *st, const char *event, int round, const char *white,
                              const char *black, const char *result)
{
    char text[512];
    snprintf(
        text, sizeof text,
        "[Event \"%s\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n%s\n\n",
        event, round, white, black, result, result);
    add_text(st, text);
}

static inline const struct st_player *player(const pdn_stats *st, const char *name)
{
    const struct st_player *p = st->player.data;
    for (size_t i = 0; i < st->player.n; i++)
        if (strcmp(p[i].name, name) == 0) return &p[i];
    return NULL;
}

static inline const struct st_event *event(const pdn_stats *st, const char *name)
{
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++)
        if (strcmp(e[i].name, name) == 0) return &e[i];
    return NULL;
}

/* What pdn_stats_write writes with these options, in a string to free. */
static inline char *written_with(const pdn_stats *st, const struct pdn_stats_write_options *o,
                                 int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    *rc = pdn_stats_write(fp, st, o);
    fclose(fp);
    return buf;
}

static inline char *written(const pdn_stats *st, enum pdn_stats_format format, unsigned tables,
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
static inline void add_event_a(pdn_stats *st)
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
static inline void add_event_b(pdn_stats *st)
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
static inline void add_event_c(pdn_stats *st)
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

struct collected {
    char text[2048];
};

#endif
