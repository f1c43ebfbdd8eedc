/*
 * Real games through the whole pipeline: every game of the tournament files
 * and of the international files of the PDN 3.0 conformance set (tests/data,
 * sources in tests/data/SOURCES.md) is read and replayed. For each file the
 * test asserts how many games are read, how many replay without an error,
 * and exactly which findings flag the others (plus the ambiguous captures
 * the lookahead resolved).
 *
 * Every flagged game was looked at by hand: the move lists were replayed
 * with the move generator alone (pdnperft --divide style listing, a matcher
 * independent of notation.c), and the comment beside each finding says what
 * is wrong in the record. The clean counts were cross-checked the same way:
 * the independent replay of every main line found no illegal move either.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "pdn.h"

/* A finding the test expects: an error, or an ambiguity the lookahead resolved. */
struct flag {
    size_t game;
    enum pdn_diag_code code;
    uint32_t line, col;
    const char *detail; /* a part of the detail, or NULL */
};

struct expect {
    const char *path; /* under tests/data */
    size_t games;     /* read */
    size_t clean;     /* replayed without an error */
    const struct flag *flags;
    size_t nflags;
};

/* ---- what each file holds ------------------------------------------------------ */

static const struct flag women_flags[] = {
    /* The lidraughts broadcast writes "1. 34-30 {...} (1... 5-10) 1... 20-25":
     * an alternative to Black's first move, placed after White's. In PDN a
     * variation replaces the move just before it, so 5-10 stands for White's
     * first move, and square 5 holds a black man. The main line is legal. */
    {2, PDN_DIAG_ILLEGAL_MOVE, 29, 45, "square 5 holds a black piece"},
};

static const struct flag schildpad_flags[] = {
    /* 35. 36x16 from W:W32,K36,37,38,42,45,47:B3,6,8,11,12,14,19,27,34 fits
     * 36x18x7x16 (takes 27, 12, 11) and 36x13x2x16 (27, 8, 11). After the
     * first, 13... 49x16 is itself ambiguous and both of its readings fail
     * (11... 35-40 against a compulsory 8x19, or 10... 30-35 against 23x12);
     * the second plays to the end of the game. */
    {3, PDN_DIAG_AMBIGUITY_RESOLVED, 52, 70, "read as 36x13x2x16"},
    /* 56. 4x24 from W:WK4,20,39,44:B12,18,28,29,37 fits 4x22x33x24 (takes
     * 18, 28, 29) and 4x31x42x24 (takes 18, 37, 29): only the second leaves
     * the man on 28 that plays 56... 28-32. */
    {7, PDN_DIAG_AMBIGUITY_RESOLVED, 140, 7, "read as 4x31x42x24"},
};

#define FLAGS(a) a, sizeof a / sizeof a[0]

static const struct expect files[] = {
    {"tournaments/29eme Open d'Avignon 2014.pdn", 97, 97, NULL, 0},
    /* 81 "[Event" tags and one game tagged only "[Empty]" (line 146). Line 88
     * holds a lone '[' before game 41's tags, line 174 starts "[[Event": stray
     * brackets, warnings only (test_lost.c); every game's moves are legal. */
    {"tournaments/48th Polish Team Championship.pdn", 82, 82, NULL, 0},
    /* 47 "[Event" tags and one game with mangled tag names (line 747). */
    {"tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn", 48, 48, NULL, 0},
    {"tournaments/Championnat de France 2021.pdn", 58, 58, NULL, 0},
    {"tournaments/Match Samb-Buggy2.pdn", 6, 6, NULL, 0},
    {"tournaments/Partie_avec_FEN1.pdn", 4, 4, NULL, 0},
    {"tournaments/World Title Match Women 2024.pdn", 2, 1, FLAGS(women_flags)},
    {"conformance/succeed/090417ronde12.pdn", 7, 7, NULL, 0},
    {"conformance/succeed/Cat.B1.pdn", 37, 37, NULL, 0},
    {"conformance/succeed/Cat.D1.pdn", 19, 19, NULL, 0},
    {"conformance/succeed/DUTCH96H.pdn", 13, 13, NULL, 0},
    {"conformance/succeed/PROF2.pdn", 16, 16, NULL, 0},
    {"conformance/succeed/PWCP 2a.pdn", 59, 59, NULL, 0},
    {"conformance/succeed/PWCP_2.pdn", 51, 51, NULL, 0},
    {"conformance/succeed/candidate95.pdn", 8, 8, NULL, 0},
    {"conformance/succeed/kurnik.pdn", 4, 4, NULL, 0},
    {"conformance/succeed/nk ronde 01.pdn", 7, 7, NULL, 0},
    {"conformance/succeed/nk ronde 02.pdn", 7, 7, NULL, 0},
    {"conformance/succeed/nk2003-amsterdam.pdn", 33, 33, NULL, 0},
    {"conformance/succeed/rk ronde 12.pdn", 7, 7, NULL, 0},
    {"conformance/succeed/schildpad.pdn", 34, 34, FLAGS(schildpad_flags)},
    {"conformance/succeed/windragon.pdn", 1, 1, NULL, 0},
    {"conformance/succeed/wk2003.pdn", 23, 23, NULL, 0},
};

/* ---- reading and replaying -------------------------------------------------------- */

#define MAX_GAMES 256
#define MAX_SEEN 32

struct seen {
    struct flag flags[MAX_SEEN];
    char details[MAX_SEEN][256];
    size_t nflags;
    unsigned errors[MAX_GAMES + 1]; /* by game index; 0 for findings outside games */
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct seen *s = ctx;
    bool error = pdn_diag_severity(d->code) == PDN_SEV_ERROR;
    if (error) s->errors[d->game <= MAX_GAMES ? d->game : 0]++;
    if (!error && d->code != PDN_DIAG_AMBIGUITY_RESOLVED) return;
    if (s->nflags == MAX_SEEN) return;
    snprintf(s->details[s->nflags], sizeof s->details[0], "%s", d->detail ? d->detail : "");
    s->flags[s->nflags++] = (struct flag){d->game, d->code, d->line, d->col, NULL};
}

static size_t check_file(struct seen *s, const char *path)
{
    char full[512];
    snprintf(full, sizeof full, "tests/data/%s", path);
    struct pdn_reader_options ro = {
        .version = PDN_READER_OPTIONS_VERSION, .filename = path, .on_diag = on_diag, .diag_ctx = s};
    pdn_reader *reader;
    assert_int_equal(pdn_reader_open_file(&reader, full, &ro), 0);
    pdn_game *game;
    size_t games = 0;
    int rc;
    while ((rc = pdn_reader_next(&game, reader)) == 1) {
        struct pdn_replay_summary sum;
        struct pdn_replay_options po = {.version = PDN_REPLAY_OPTIONS_VERSION,
                                        .filename = path,
                                        .on_diag = on_diag,
                                        .diag_ctx = s};
        assert_int_equal(pdn_replay_game(&sum, game, &po), 0);
        games++;
        pdn_game_free(game);
    }
    assert_int_equal(rc, 0);
    pdn_reader_free(reader);
    return games;
}

static void expect_file(const struct expect *e)
{
    static struct seen s;
    memset(&s, 0, sizeof s);
    size_t games = check_file(&s, e->path);
    size_t clean = 0;
    for (size_t g = 1; g <= games && g <= MAX_GAMES; g++)
        clean += s.errors[g] == 0;
    if (games != e->games || clean != e->clean || s.nflags != e->nflags)
        print_message("%s: %zu games, %zu clean, %zu flags\n", e->path, games, clean, s.nflags);
    assert_int_equal(games, e->games);
    assert_int_equal(clean, e->clean);
    assert_int_equal(s.errors[0], 0);
    assert_int_equal(s.nflags, e->nflags);
    for (size_t i = 0; i < e->nflags; i++) {
        const struct flag *want = &e->flags[i], *got = &s.flags[i];
        assert_int_equal(got->game, want->game);
        assert_string_equal(pdn_diag_name(got->code), pdn_diag_name(want->code));
        assert_int_equal(got->line, want->line);
        assert_int_equal(got->col, want->col);
        if (want->detail) assert_non_null(strstr(s.details[i], want->detail));
    }
}

static void test_tournaments_replay(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        expect_file(&files[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tournaments_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
