/*
 * bench_stats_memory names|tree [N]: what pdnstats's collection holds, made
 * on the fly (nothing read from disk, no input held):
 *   names  N distinct player names (N / 2 games, no moves, one event);
 *   tree   N random games of 20 legal plies, counted at --depth 20.
 * Prints the peak resident set size before and after counting, and the
 * growth per name or per game: the end of a row of bench/run-stats.sh's
 * memory lines. Never asserts: the figures are for people.
 */
#include "bench.h"
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BATCH = 1000, PLIES = 20 };

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Appends a game with distinct names (game i) to buf. */
static size_t names_game(char *buf, size_t at, unsigned long i)
{
    return at + (size_t)sprintf(buf + at,
                                "[Event \"Bench\"]\n[White \"Player %lu, W\"]\n"
                                "[Black \"Player %lu, B\"]\n[Result \"2-0\"]\n2-0\n\n",
                                i, i);
}

/* Appends a game of PLIES random legal moves to buf. */
static size_t random_game(char *buf, size_t at)
{
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    static const char *const results[] = {"2-0", "1-1", "0-2"};
    const char *result = results[next_random() % 3];
    at += (size_t)sprintf(buf + at, "[Event \"Bench\"]\n[Result \"%s\"]\n", result);
    static struct pdn_movelist list;
    for (int ply = 0; ply < PLIES; ply++) {
        if (pdn_movegen(&list, &b, 0) <= 0 || list.count == 0) break;
        const struct pdn_move *m = &list.moves[next_random() % (unsigned)list.count];
        char text[PDN_MOVE_TEXT_MAX];
        pdn_move_to_text(text, m, &list, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
        if (ply % 2 == 0) at += (size_t)sprintf(buf + at, "%d. ", ply / 2 + 1);
        at += (size_t)sprintf(buf + at, "%s ", text);
        pdn_board_play(&b, m);
    }
    return at + (size_t)sprintf(buf + at, "%s\n\n", result);
}

static int count_batch(pdn_stats *st, const char *buf, size_t len)
{
    pdn_reader *r;
    int rc = pdn_reader_open_memory(&r, buf, len, NULL);
    if (rc < 0) return rc;
    pdn_game *g;
    while ((rc = pdn_reader_next(&g, r)) == 1) {
        rc = pdn_stats_add_game(st, g, "bench");
        pdn_game_free(g);
        if (rc < 0) break;
    }
    pdn_reader_free(r);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "names") != 0 && strcmp(argv[1], "tree") != 0)) {
        fprintf(stderr, "usage: bench_stats_memory names|tree [N]\n");
        return 2;
    }
    bool tree = strcmp(argv[1], "tree") == 0;
    unsigned long n = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000000;
    unsigned long games = tree ? n : n / 2;
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    o.opening_depth = 20;
    pdn_stats *st;
    if (pdn_stats_new(&st, &o) < 0) return 3;
    char *buf = malloc((size_t)BATCH * 512);
    if (!buf) return 3;
    double before = peak_mb();
    for (unsigned long i = 0; i < games;) {
        size_t len = 0;
        for (int k = 0; k < BATCH && i < games; k++, i++)
            len = tree ? random_game(buf, len) : names_game(buf, len, i);
        int rc = count_batch(st, buf, len);
        if (rc < 0) {
            fprintf(stderr, "bench_stats_memory: %s\n", pdn_strerror(rc));
            return 3;
        }
    }
    double after = peak_mb();
    printf("%8.1f MB -> %8.1f MB  %6.1f bytes per %s\n", before, after,
           (after - before) * 1048576.0 / (double)n, tree ? "game" : "name");
    free(buf);
    pdn_stats_free(st);
    return 0;
}
