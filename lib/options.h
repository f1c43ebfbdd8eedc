/*
 * options (private): the one check of a public options struct's version.
 *
 * Every options struct of pdn.h starts with its own version (pdn.h,
 * "Options structs"): 0 is a struct nobody initialised, a version newer than
 * the struct this library knows is a program built against a later header.
 * Must not look at anything but the version.
 */
#ifndef PDN_OPTIONS_H
#define PDN_OPTIONS_H

#include <stdbool.h>

/* Whether a struct of this version can be read by a library whose newest
 * version of that struct is 'newest' (its PDN_*_VERSION macro). */
static inline bool options_ok(unsigned version, unsigned newest)
{
    return version != 0 && version <= newest;
}

#endif
