/*
 * pdnperft: counts the leaf nodes of the legal-move tree of a position, a
 * check of the move generator against published counts. With --divide it
 * lists each root move and its count; 1 --divide lists the legal moves.
 * The depth is an operand or --depth, never -d: -d is the CSV tools'
 * delimiter, and an option letter means one thing in every tool.
 */
#include "pdnperft.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PERFT_DEPTH_MAX 30
/* The speed is said of a count that took this long at least: below it the
 * start of the threads and the caches weigh more than the count (depth 6,
 * 0.001 s, read 171 Mnodes/s, depth 8 45). */
#define PERFT_SPEED_MIN_SECONDS 0.1

struct perft_options {
    int depth;
    bool divide;
    bool timing;
    unsigned flags;
    long hash_mb; /* --hash: the table of counts, in MiB; 0: none */
    int jobs;     /* -j: threads */
    enum pdn_variant variant;
    const char *fen;
    bool depth_set; /* --depth, which the operand may not repeat */
};

/* The options of earlier versions, and what to write now. */
static const struct tool_renamed renamed[] = {
    {"-d", "--depth N, or the depth as an operand: pdnperft 6"},
    {"--fen", "--position FEN"},
    {NULL, NULL},
};

/* The help text: the variants come from the rules table. */
static const char *usage_text(void)
{
    static char text[2048];
    char variants[512];
    tool_variant_list(variants, sizeof variants, true);
    snprintf(text, sizeof text,
             "Usage: pdnperft [options] [DEPTH]\n"
             "Counts the leaf nodes of the legal-move tree of a position (perft)\n"
             "DEPTH plies deep, 0 to %d (default 1). Prints 'nodes N', the time taken\n"
             "and, for a count of 0.1 s or more, the speed.\n"
             "\n"
             "      --depth N          the same as the DEPTH operand\n"
             "      --divide           print each root move and its count\n"
             "      --position FEN     start from FEN (default: the start position)\n"
             "      --variant NAME     the rules, by name or GameType number:\n"
             "                         %s;\n"
             "                         checkers and american are english;\n"
             "                         default %s\n"
             "      --keep-duplicates  count captures with the same from, to and\n"
             "                         captured set once per order (FMJD merges them;\n"
             "                         a king's other landings are no other order)\n"
             "      --hash MB          remember the count of each position and depth met\n"
             "                         in a table of MB MiB (positions reached twice are\n"
             "                         counted once): depths 11 and 12 in minutes\n"
             "  -j, --jobs N           count with N threads (0: one a core; default 1)\n"
             "      --no-timing        print the count alone, a number: no time or "
             "speed\n" TOOL_HELP_USAGE "\n"
             "Exit status: 0 counted, 2 usage error, 3 the output could not be written.\n",
             PERFT_DEPTH_MAX, variants, pdn_rules_get(PDN_VARIANT_INTERNATIONAL)->name);
    return text;
}

static void parse_depth(struct tool *t, void *state, const char *arg)
{
    struct perft_options *o = state;
    o->depth = (int)tool_parse_long(t, "--depth", arg, 0, PERFT_DEPTH_MAX);
    o->depth_set = true;
}

/* -j N: threads of this tool's own, one a core for 0. */
static void parse_jobs(struct tool *t, void *state, const char *arg)
{
    struct perft_options *o = state;
    o->jobs = (int)tool_parse_long(t, "--jobs", arg, 0, 1024);
    if (o->jobs == 0) o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (o->jobs < 1) o->jobs = 1;
}

static void parse_options(struct tool *t, struct perft_options *o, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_CALL(0, "depth", required_argument, parse_depth),
        TOOL_FLAG(0, "divide", struct perft_options, divide),
        TOOL_TEXT(0, "position", struct perft_options, fen),
        TOOL_VARIANT(0, "variant", struct perft_options, variant),
        TOOL_BITS(0, "keep-duplicates", struct perft_options, flags, PDN_MOVEGEN_KEEP_ORDERS),
        TOOL_UNFLAG(0, "no-timing", struct perft_options, timing),
        TOOL_LONG(0, "hash", struct perft_options, hash_mb, 0, 1L << 20),
        TOOL_CALL('j', "jobs", required_argument, parse_jobs),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&tool_help_part, NULL};
    tool_parse_options(t, o, own, parts, argc, argv);
    if (optind < argc && o->depth_set)
        tool_usage_error(t, "the depth is given twice: --depth and '%s'", argv[optind]);
    if (optind < argc)
        o->depth = (int)tool_parse_long(t, "DEPTH", argv[optind++], 0, PERFT_DEPTH_MAX);
    if (optind < argc) tool_usage_error(t, "unexpected operand '%s'", argv[optind]);
}

static uint64_t divide(struct tool *t, const struct pdn_board *board, const struct perft_options *o,
                       pdn_perft_table *table)
{
    static struct pdn_movelist list;
    pdn_movegen(&list, board, o->flags);
    qsort(list.moves, (size_t)list.count, sizeof list.moves[0], tool_move_order);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        struct pdn_board next = *board;
        char text[PDN_MOVE_TEXT_MAX];
        pdn_board_play(&next, &list.moves[i]);
        uint64_t n = 0;
        if (perft_split(&n, &next, o->depth - 1, o->flags, table, o->jobs) < 0)
            tool_out_of_memory(t);
        pdn_move_text(text, &list.moves[i], &list, PDN_CAPTURE_SHORTEST,
                      (enum pdn_variant)board->variant);
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

/* The start position, or the FEN given; a FEN that does not read is a bad
 * option argument. */
static void load_board(const struct tool *t, struct pdn_board *board, const struct perft_options *o)
{
    if (!o->fen) {
        pdn_board_init(board, o->variant);
        return;
    }
    struct pdn_fen_error err;
    if (pdn_board_from_fen(board, o->variant, o->fen, &err) == 0) return;
    tool_usage_error(t, "--position: bad FEN '%s' at character %zu: %s", o->fen, err.offset + 1,
                     pdn_fen_status_message(err.status));
}

int main(int argc, char **argv)
{
    struct tool t;
    struct perft_options o = {
        .depth = 1, .timing = true, .variant = PDN_VARIANT_INTERNATIONAL, .jobs = 1};
    tool_init(&t, "pdnperft", usage_text());
    t.renamed = renamed;
    parse_options(&t, &o, argc, argv);
    struct pdn_board board;
    load_board(&t, &board, &o);
    pdn_perft_table *table = NULL;
    if (o.hash_mb > 0 && pdn_perft_table_new(&table, (size_t)o.hash_mb << 20) < 0)
        tool_out_of_memory(&t);
    double start = seconds_now();
    uint64_t nodes = 0;
    if (o.divide && o.depth > 0)
        nodes = divide(&t, &board, &o, table);
    else if (perft_split(&nodes, &board, o.depth, o.flags, table, o.jobs) < 0)
        tool_out_of_memory(&t);
    double elapsed = seconds_now() - start;
    printf("%s%llu\n", o.timing ? "nodes " : "", (unsigned long long)nodes);
    if (o.timing) printf("time %.3f s\n", elapsed);
    if (o.timing && elapsed >= PERFT_SPEED_MIN_SECONDS)
        printf("speed %.1f Mnodes/s\n", (double)nodes / elapsed / 1e6);
    pdn_perft_table_free(table);
    tool_exit_flushed(&t);
}
