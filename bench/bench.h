/*
 * What the benchmark programs share (header-only, static): a diagnostics
 * counter for on_diag and a reader that uses it, a monotonic clock and the
 * peak resident set size.
 * Figures are for people: nothing here asserts a timing.
 */
#ifndef BENCH_H
#define BENCH_H

#include "pdn.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

/* An on_diag callback: counts the findings in the unsigned long at ctx. */
static inline void count_diag(const struct pdn_diag *d, void *ctx)
{
    (void)d;
    ++*(unsigned long *)ctx;
}

/* A reader of path whose findings are counted in *diags, reading with
 * 'threads' (pdn_reader_options.threads; 0 or 1: one); NULL, said on
 * standard error as prog, when the file cannot be opened. */
static inline pdn_reader *open_counting(const char *prog, const char *path, unsigned long *diags,
                                        int threads)
{
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION,
                                   .filename = path,
                                   .on_diag = count_diag,
                                   .diag_ctx = diags,
                                   .threads = threads};
    pdn_reader *r;
    int rc = pdn_reader_open_file(&r, path, &o);
    if (rc < 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, pdn_strerror(rc));
        return NULL;
    }
    return r;
}

/* Seconds on the monotonic clock. */
static inline double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The process's CPU time so far, user and system, all its threads. */
static inline double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* The process's peak resident set size so far, in MB. */
static inline double peak_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

#endif
