/*
 * bench_read FILE: reads FILE with pdn_reader (lenient, no validation) and
 * prints MB/s, games/s and the peak resident set size. Never asserts: the
 * figures are for people. Diagnostics are counted, not printed.
 */
#include "bench.h"
#include "pdn.h"

#include <stdio.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench_read FILE\n");
        return 2;
    }
    struct stat st;
    if (stat(argv[1], &st) != 0) {
        perror(argv[1]);
        return 3;
    }
    unsigned long diags = 0, games = 0, moves = 0;
    pdn_reader *r = open_counting("bench_read", argv[1], &diags);
    if (!r) return 3;
    int rc;
    double t0 = now();
    pdn_game *g;
    while ((rc = pdn_reader_next(&g, r)) == 1) {
        games++;
        moves += g->main.nmoves;
        pdn_game_free(g);
    }
    double dt = now() - t0;
    pdn_reader_free(r);
    if (rc < 0) {
        fprintf(stderr, "bench_read: %s: %s\n", argv[1], pdn_strerror(rc));
        return 3;
    }
    double mb = (double)st.st_size / 1e6;
    printf("read %.1f MB: %lu games, %lu main-line moves, %lu diagnostics in %.3f s\n", mb, games,
           moves, diags, dt);
    printf("  %.0f MB/s, %.0f games/s, peak RSS %.1f MB\n", mb / dt, (double)games / dt, peak_mb());
    return 0;
}
