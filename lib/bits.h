/*
 * bits (private): the bits set in a word. Without the popcnt instruction,
 * which the baseline x86-64 target lacks, __builtin_popcountll is a call
 * into libgcc's table loop (1.7% of the engine's search, 0.4% of pdncheck's
 * instructions); this counts with shifts, masks and a multiply, inline.
 */
#ifndef PDN_BITS_H
#define PDN_BITS_H

#include <stdint.h>

static inline int bits_count(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((x * 0x0101010101010101u) >> 56);
#endif
}

#endif
