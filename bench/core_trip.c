/*
 * core_trip [CORE_A CORE_B]: the time a cache line takes to go from one
 * core to another and back, two threads pinned to the two cores (0 and 1
 * unless told) handing one flag between them a million times. A game read
 * on one core and taken by the tool's thread on another moves a few lines
 * each way (bench/run-jobs.sh prints this beside the -j speedups): on the
 * 2-core VM of 2026-12-02 a round trip took 450 ns, and -j 2 gained 1.32x
 * where two independent runs gained 1.87x. Prints "round trip N ns", or
 * why the threads could not be pinned. Never asserts a timing.
 */
#define _GNU_SOURCE /* pthread_setaffinity_np, CPU_SET */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { TRIPS = 1000000 };

static _Alignas(64) atomic_int ball;
static atomic_int ready; /* the partner's: 1 pinned, -1 it could not be */

static int pin(int core)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/* The other side: sends the ball back each time it comes. */
static void *partner(void *arg)
{
    bool pinned = pin(*(int *)arg) == 0;
    atomic_store(&ready, pinned ? 1 : -1);
    for (int i = 0; pinned && i < TRIPS; i++) {
        while (atomic_load_explicit(&ball, memory_order_acquire) != 1)
            ;
        atomic_store_explicit(&ball, 0, memory_order_release);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int a = argc > 2 ? atoi(argv[1]) : 0, b = argc > 2 ? atoi(argv[2]) : 1;
    if (pin(a) != 0) {
        printf("core_trip: cannot run on core %d\n", a);
        return 1;
    }
    pthread_t t;
    if (pthread_create(&t, NULL, partner, &b) != 0) {
        printf("core_trip: no thread\n");
        return 1;
    }
    while (atomic_load(&ready) == 0)
        ;
    if (atomic_load(&ready) < 0) {
        pthread_join(t, NULL);
        printf("core_trip: cannot run on core %d\n", b);
        return 1;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < TRIPS; i++) {
        atomic_store_explicit(&ball, 1, memory_order_release);
        while (atomic_load_explicit(&ball, memory_order_acquire) != 0)
            ;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    pthread_join(t, NULL);
    double ns = ((double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec));
    printf("round trip %.0f ns\n", ns / TRIPS);
    return 0;
}
