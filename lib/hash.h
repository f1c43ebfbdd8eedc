/*
 * hash (private): the one 64-bit mixing of the library's hash keys and
 * tables (perft's table of counts, the statistics' names and repeats,
 * --unique's records): splitmix64's finaliser, and a combination of a key
 * so far with one more value. Leaf: no state, no other module.
 */
#ifndef PDN_HASH_H
#define PDN_HASH_H

#include <stdint.h>

/* Every bit of x reaches every bit of the result. */
static inline uint64_t hash_final(uint64_t x)
{
    x = (x ^ x >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ x >> 27) * UINT64_C(0x94D049BB133111EB);
    return x ^ x >> 31;
}

/* The key h with v added: order matters, so (a, b) and (b, a) differ. h is
 * a seed or a key made so: two small numbers mixed as (h, v) can meet
 * another pair's key. */
static inline uint64_t hash_mix(uint64_t h, uint64_t v)
{
    return hash_final(h ^ (v + UINT64_C(0x9E3779B97F4A7C15) + (h << 6) + (h >> 2)));
}

#endif
