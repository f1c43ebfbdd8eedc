/*
 * bench_check FILE: full validation speed: reads every game and replays it
 * (moves, results, draw rules) with diagnostics counted but not printed.
 * Prints MB/s, games/s, plies/s and peak RSS. Never asserts a timing.
 */
#include "bench.h"
#include "pdn.h"

#include <stdio.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    struct stat st;
    if (argc != 2 || stat(argv[1], &st) != 0) {
        fputs("usage: bench_check FILE\n", stderr);
        return 2;
    }
    unsigned long diags = 0, games = 0, plies = 0;
    struct pdn_replay_options po = {.version = PDN_REPLAY_OPTIONS_VERSION,
                                    .filename = argv[1],
                                    .on_diag = count_diag,
                                    .diag_ctx = &diags};
    pdn_game *game;
    double start = now();
    pdn_reader *reader = open_counting("bench_check", argv[1], &diags, 0);
    if (!reader) return 3;
    while (pdn_reader_next(&game, reader) == 1) {
        struct pdn_replay_summary sum;
        pdn_replay_game(&sum, game, &po);
        plies += sum.plies;
        games++;
        pdn_game_free(game);
    }
    pdn_reader_free(reader);
    double elapsed = now() - start, mb = (double)st.st_size / 1e6;
    printf("validate: %.1f MB in %.2f s: %.1f MB/s, %.0f games/s, %.1f M plies/s, "
           "%lu diagnostics, peak RSS %.1f MB\n",
           mb, elapsed, mb / elapsed, (double)games / elapsed, (double)plies / elapsed / 1e6, diags,
           peak_mb());
    return 0;
}
