/*
 * What the benchmark programs share (header-only, static): a diagnostics
 * counter for on_diag, a monotonic clock and the peak resident set size.
 * Figures are for people: nothing here asserts a timing.
 */
#ifndef BENCH_H
#define BENCH_H

#include "pdn.h"

#include <sys/resource.h>
#include <time.h>

/* An on_diag callback: counts the findings in the unsigned long at ctx. */
static inline void count_diag(const struct pdn_diag *d, void *ctx)
{
    (void)d;
    ++*(unsigned long *)ctx;
}

/* Seconds on the monotonic clock. */
static inline double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The process's peak resident set size so far, in MB. */
static inline double peak_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

#endif
