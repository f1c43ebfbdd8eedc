/*
 * bench_memory NAME: reads PDN from standard input with pdn_reader (lenient),
 * replays each game as pdncheck does and writes it as pdnfmt does (to
 * /dev/null), and prints the peak resident set size, the games and the
 * reader's findings: the end of a row of bench/run-memory.sh's table. Fed by
 * make_hostile through a pipe, so that the input itself never sits in this
 * process. Never asserts: the figures are for people.
 */
#include "bench.h"
#include "pdn.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

struct counts {
    unsigned long diags, limits;
};

static void count_findings(const struct pdn_diag *d, void *ctx)
{
    struct counts *c = ctx;
    c->diags++;
    c->limits += d->code == PDN_DIAG_LIMIT;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_hostile NAME | bench_memory NAME\n");
        return 2;
    }
    struct counts c = {0, 0};
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION,
                                   .filename = argv[1],
                                   .on_diag = count_findings,
                                   .diag_ctx = &c};
    pdn_reader *r;
    int rc = pdn_reader_open_fd(&r, STDIN_FILENO, &o);
    if (rc < 0) {
        fprintf(stderr, "bench_memory: %s\n", pdn_strerror(rc));
        return 3;
    }
    FILE *null = fopen("/dev/null", "w");
    if (!null) {
        perror("bench_memory: /dev/null");
        return 3;
    }
    unsigned long games = 0;
    pdn_game *g;
    while ((rc = pdn_reader_next(&g, r)) == 1) {
        games++;
        struct pdn_replay_summary sum;
        int err = pdn_replay_game(&sum, g, NULL);
        if (err == 0) err = pdn_format_game(null, g, NULL);
        pdn_game_free(g);
        if (err < 0) {
            fprintf(stderr, "bench_memory: %s: %s\n", argv[1], pdn_strerror(err));
            return 3;
        }
    }
    fclose(null);
    pdn_reader_free(r);
    if (rc < 0) {
        fprintf(stderr, "bench_memory: %s: %s\n", argv[1], pdn_strerror(rc));
        return 3;
    }
    printf("%9.1f MB  %6lu games  %7lu findings (%lu limit)\n", peak_mb(), games, c.diags,
           c.limits);
    return 0;
}
