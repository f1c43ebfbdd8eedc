/*
 * scratch (private): what a pdn_scratch keeps from one call to the next.
 * Each user takes its part out for the length of a call (leaving NULL), so
 * that a call made from a callback of another finds none and allocates its
 * own, and puts it back when done (freeing it when another was put back
 * meanwhile). Nothing here prints.
 */
#ifndef PDN_SCRATCH_H
#define PDN_SCRATCH_H

#include "pdn.h"

struct replay_lists;
struct format;

struct pdn_scratch {
    struct replay_lists *lists; /* replay.c's move lists */
    struct format *format;      /* format.c's, with the tables it grew */
};

/* Frees what a scratch kept, not the scratch: for one inside another
 * object (the CSV writer's). */
void scratch_fini(struct pdn_scratch *scratch);

#endif
