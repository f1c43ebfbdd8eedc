/*
 * bench_read FILE [THREADS [trim]]: reads FILE with pdn_reader (lenient,
 * no validation) and prints MB/s, games/s and the peak resident set size.
 * THREADS: pdn_reader_options.threads, the caller freeing each game as it
 * comes, as a program of the library's users would; "trim" first calls
 * mallopt(M_TRIM_THRESHOLD, 64 MB), as the tools do (libpdn(3) says why).
 * Never asserts: the figures are for people. Diagnostics are counted, not
 * printed.
 */
#include "bench.h"
#include "pdn.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4 || (argc == 4 && strcmp(argv[3], "trim") != 0)) {
        fprintf(stderr, "usage: bench_read FILE [THREADS [trim]]\n");
        return 2;
    }
    struct stat st;
    if (stat(argv[1], &st) != 0) {
        perror(argv[1]);
        return 3;
    }
#ifdef M_TRIM_THRESHOLD
    if (argc == 4) mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
    unsigned long diags = 0, games = 0, moves = 0;
    pdn_reader *r = open_counting("bench_read", argv[1], &diags, argc > 2 ? atoi(argv[2]) : 0);
    if (!r) return 3;
    int rc;
    double t0 = now(), c0 = cpu_seconds();
    pdn_game *g;
    while ((rc = pdn_reader_next(&g, r)) == 1) {
        games++;
        moves += g->main.nmoves;
        pdn_game_free(g);
    }
    double dt = now() - t0, cpu = cpu_seconds() - c0;
    pdn_reader_free(r);
    if (rc < 0) {
        fprintf(stderr, "bench_read: %s: %s\n", argv[1], pdn_strerror(rc));
        return 3;
    }
    double mb = (double)st.st_size / 1e6;
    printf("read %.1f MB: %lu games, %lu main-line moves, %lu diagnostics in %.3f s (CPU %.3f s)\n",
           mb, games, moves, diags, dt, cpu);
    printf("  %.0f MB/s, %.0f games/s, peak RSS %.1f MB\n", mb / dt, (double)games / dt, peak_mb());
    return 0;
}
