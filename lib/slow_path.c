/*
 * slow_path: the tests' switch between the library's fast paths and their
 * slow twins (slow_path.h).
 */
#include "slow_path.h"

#include <stdlib.h>
#include <string.h>

bool slow_path_asked(void)
{
    const char *slow = getenv("PDN_SLOW_PATH");
    return slow != NULL && *slow != '\0' && strcmp(slow, "0") != 0;
}
