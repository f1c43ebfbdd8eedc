/*
 * pdnengine's parts: the options main.c reads, the Hub session (hub.c).
 */
#ifndef PDNENGINE_H
#define PDNENGINE_H

#include "pdn.h"

#define HISTORY_MAX 1024

struct engine_options {
    enum pdn_variant variant;
    int level;       /* 0: the GUI's "level" command alone */
    size_t table_mb; /* 0: the library's default */
};

/* Speaks Hub on standard input and output until "quit" or the end of the
 * input; returns the exit status. */
int hub_run(const struct engine_options *options);

#endif
