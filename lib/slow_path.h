#ifndef PDN_SLOW_PATH_H
#define PDN_SLOW_PATH_H

#include <stdbool.h>

/*
 * Whether PDN_SLOW_PATH is set (and not "0") in the environment: then the
 * library takes the slow twin of each of its fast paths (the parser's
 * quick lane: tokens only; the repeats table's widths: from its rows
 * made), so that the tests can compare the two on every input. An
 * internal switch for tests, no promise to users.
 */
bool slow_path_asked(void);

#endif
