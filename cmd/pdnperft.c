/*
 * pdnperft: counts the leaf nodes of the legal-move tree of a position, a
 * check of the move generator against published counts. With --divide it
 * lists each root move and its count; -d 1 --divide lists the legal moves.
 */
#include "pdn.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PERFT_DEPTH_MAX 30

struct perft_options {
    int depth;
    bool divide;
    bool timing;
    unsigned flags;
    enum pdn_variant variant;
    const char *fen;
};

static void usage(FILE *out)
{
    fputs("usage: pdnperft [-d DEPTH] [--divide] [--fen FEN] [--variant NAME]\n"
          "                [--keep-duplicates] [--no-timing]\n"
          "Counts the leaf nodes of the legal-move tree (perft).\n"
          "  -d, --depth N        plies to search (default 1)\n"
          "      --divide         print each root move and its count\n"
          "      --fen FEN        start from FEN (default: the start position)\n"
          "      --variant NAME   international (default) or brazilian\n"
          "      --keep-duplicates  count captures with the same from, to and\n"
          "                       captured set once per order (FMJD merges them)\n"
          "      --no-timing      do not print the time and the speed\n"
          "  -h, --help           this help\n"
          "      --version        print the version\n",
          out);
}

static int parse_variant(const char *name)
{
    for (int v = 0; v < PDN_VARIANT_COUNT; v++)
        if (strcmp(pdn_rules_get(v)->name, name) == 0) return v;
    return -1;
}

static int parse_depth(const char *text)
{
    char *end;
    long d = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || d < 0 || d > PERFT_DEPTH_MAX) return -1;
    return (int)d;
}

/* Returns -1 to go on, else the exit status. */
static int parse_args(struct perft_options *o, int argc, char **argv)
{
    enum { OPT_DIVIDE = 256, OPT_FEN, OPT_VARIANT, OPT_KEEP, OPT_NO_TIMING, OPT_VERSION };
    static const struct option longs[] = {
        {"depth", required_argument, NULL, 'd'},   {"divide", no_argument, NULL, OPT_DIVIDE},
        {"fen", required_argument, NULL, OPT_FEN}, {"variant", required_argument, NULL, OPT_VARIANT},
        {"keep-duplicates", no_argument, NULL, OPT_KEEP},
        {"no-timing", no_argument, NULL, OPT_NO_TIMING},
        {"help", no_argument, NULL, 'h'},          {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "d:h", longs, NULL)) != -1) {
        switch (c) {
        case 'd':
            if ((o->depth = parse_depth(optarg)) < 0) {
                fprintf(stderr, "pdnperft: bad depth '%s' (0..%d)\n", optarg, PERFT_DEPTH_MAX);
                return 2;
            }
            break;
        case OPT_DIVIDE: o->divide = true; break;
        case OPT_FEN: o->fen = optarg; break;
        case OPT_VARIANT:
            if ((int)(o->variant = parse_variant(optarg)) < 0) {
                fprintf(stderr, "pdnperft: unknown variant '%s'\n", optarg);
                return 2;
            }
            break;
        case OPT_KEEP: o->flags |= PDN_MOVEGEN_KEEP_DUPLICATES; break;
        case OPT_NO_TIMING: o->timing = false; break;
        case 'h': usage(stdout); return 0;
        case OPT_VERSION: printf("pdnperft %s\n", PDN_VERSION); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "pdnperft: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    return -1;
}

static int compare_moves(const void *a, const void *b)
{
    const struct pdn_move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    return memcmp(x->path, y->path, sizeof x->path);
}

static uint64_t divide(const struct pdn_board *board, const struct perft_options *o)
{
    static struct pdn_movelist list;
    pdn_movegen(&list, board, o->flags);
    qsort(list.moves, (size_t)list.count, sizeof list.moves[0], compare_moves);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        struct pdn_board next = *board;
        char text[PDN_MOVE_TEXT_MAX];
        pdn_board_play(&next, &list.moves[i]);
        uint64_t n = pdn_perft_count(&next, o->depth - 1, o->flags);
        pdn_move_to_text(text, &list.moves[i], &list, PDN_CAPTURE_SHORTEST);
        printf("%s %llu\n", text, (unsigned long long)n);
        total += n;
    }
    return total;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int load_board(struct pdn_board *board, const struct perft_options *o)
{
    if (!o->fen) {
        pdn_board_init(board, o->variant);
        return 0;
    }
    struct pdn_fen_error err;
    if (pdn_board_from_fen(board, o->variant, o->fen, &err) == 0) return 0;
    fprintf(stderr, "pdnperft: bad FEN '%s' at character %zu: %s\n", o->fen, err.offset + 1,
            pdn_fen_status_message(err.status));
    return 2;
}

int main(int argc, char **argv)
{
    struct perft_options o = {.depth = 1, .timing = true, .variant = PDN_VARIANT_INTERNATIONAL};
    int status = parse_args(&o, argc, argv);
    if (status >= 0) return status;
    struct pdn_board board;
    if ((status = load_board(&board, &o)) != 0) return status;
    double start = seconds_now();
    uint64_t nodes = o.divide && o.depth > 0 ? divide(&board, &o) : pdn_perft_count(&board, o.depth, o.flags);
    double elapsed = seconds_now() - start;
    printf("nodes %llu\n", (unsigned long long)nodes);
    if (o.timing) {
        printf("time %.3f s\n", elapsed);
        printf("speed %.1f Mnodes/s\n", elapsed > 0 ? (double)nodes / elapsed / 1e6 : 0.0);
    }
    return fflush(stdout) == 0 ? 0 : 3;
}
