/*
 * pdnengine's clock: the search a Hub "level time=" allows.
 */
#include "pdnengine.h"

/* The shortest search worth asking for, with the time to spare: a few
 * depths. */
#define CLOCK_FLOOR 0.01

void clock_limits(struct pdn_engine_limits *limits, double time, double moves, double inc)
{
    double per_move = time / (moves > 0 ? moves : 30) + inc;
    double most = time / 2; /* the rest kept for the moves after this one */
    double seconds = per_move < most ? per_move : most;
    /* The floor gives way to the clock: a floor of 0.01 s with 0.001 s
     * left lost on time. */
    double least = CLOCK_FLOOR < most ? CLOCK_FLOOR : most;
    if (seconds < least) seconds = least;
    if (seconds > 1e9) seconds = 1e9;
    if (seconds > 0) {
        limits->seconds = seconds;
        return;
    }
    /* No time left: the least search, its first depth (a time of 0 is no
     * limit to the library). */
    limits->seconds = 0;
    limits->depth = 1;
}
