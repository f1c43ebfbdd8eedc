/*
 * bench_check FILE: full validation speed: reads every game and replays it
 * (moves, results, draw rules) with diagnostics counted but not printed.
 * Prints MB/s, games/s, plies/s and peak RSS. Never asserts a timing.
 */
#include "pdn.h"

#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

static void count_diag(const struct pdn_diag *diag, void *ctx)
{
    (void)diag;
    ++*(unsigned long *)ctx;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    struct stat st;
    if (argc != 2 || stat(argv[1], &st) != 0) {
        fputs("usage: bench_check FILE\n", stderr);
        return 2;
    }
    unsigned long diags = 0, games = 0, plies = 0;
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION,
                                    .filename = argv[1],
                                    .on_diag = count_diag,
                                    .diag_ctx = &diags};
    struct pdn_replay_options po = {.version = PDN_REPLAY_OPTIONS_VERSION,
                                    .filename = argv[1],
                                    .on_diag = count_diag,
                                    .diag_ctx = &diags};
    pdn_reader *reader;
    pdn_game *game;
    double start = now();
    if (pdn_reader_open_file(&reader, argv[1], &ro) != 0) return 3;
    while (pdn_reader_next(&game, reader) == 1) {
        struct pdn_replay_summary sum;
        pdn_replay_game(&sum, game, &po);
        plies += sum.plies;
        games++;
        pdn_game_free(game);
    }
    pdn_reader_free(reader);
    double elapsed = now() - start, mb = (double)st.st_size / 1e6;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("validate: %.1f MB in %.2f s: %.1f MB/s, %.0f games/s, %.1f M plies/s, "
           "%lu diagnostics, peak RSS %.1f MB\n",
           mb, elapsed, mb / elapsed, (double)games / elapsed, (double)plies / elapsed / 1e6, diags,
           (double)ru.ru_maxrss / 1024.0);
    return 0;
}
