/*
 * The engine's speed: nodes searched per second of CPU time (clock(3), so
 * a loaded machine does not change the figure much), from the start
 * position of international draughts and of English checkers, and from a
 * middle game, each to a fixed depth on a fresh engine.
 */
#include "pdn.h"

#include <stdio.h>
#include <time.h>

struct position {
    const char *name;
    enum pdn_variant variant;
    const char *fen; /* NULL: the start position */
    int depth;
};

static const struct position positions[] = {
    {"international, start", PDN_VARIANT_INTERNATIONAL, NULL, 13},
    {"international, middle game", PDN_VARIANT_INTERNATIONAL,
     "W:W27,28,31,32,33,34,36,37,38,39,40,43,45,47:B3,7,8,9,11,12,13,14,16,17,18,19,20,24", 11},
    {"english, start", PDN_VARIANT_ENGLISH, NULL, 15},
};

int main(void)
{
    pdn_engine *engine;
    if (pdn_engine_new(&engine, NULL) != 0) return 3;
    unsigned long long all_nodes = 0;
    double all_seconds = 0;
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        const struct position *p = &positions[i];
        struct pdn_board b;
        if (p->fen ? pdn_board_from_fen(&b, p->variant, p->fen, NULL) != 0
                   : (pdn_board_init(&b, p->variant), 0))
            return 3;
        struct pdn_engine_limits limits = PDN_ENGINE_LIMITS_INIT;
        limits.depth = p->depth;
        struct pdn_engine_result r;
        pdn_engine_clear(engine);
        clock_t start = clock();
        pdn_engine_search(&r, engine, &b, NULL, 0, &limits);
        double cpu = (double)(clock() - start) / CLOCKS_PER_SEC;
        printf("   %-28s depth %2d: %10llu nodes, %6.2f s CPU, %5.2f M nodes/s\n", p->name, r.depth,
               (unsigned long long)r.nodes, cpu, cpu > 0 ? r.nodes / cpu / 1e6 : 0);
        all_nodes += r.nodes;
        all_seconds += cpu;
    }
    printf("   all: %.2f M nodes/s of CPU\n", all_seconds > 0 ? all_nodes / all_seconds / 1e6 : 0);
    pdn_engine_free(engine);
    return 0;
}
