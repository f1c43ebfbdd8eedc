/*
 * choosing: the options that choose games (pdn-select(7)), as a part of
 * a tool's options (options.h): -q, -g, --white ... --tag, whose codes,
 * entries and --help lines options.h holds with the others', and --unique,
 * --duplicates (repeats.h); and the end of a run that chose games. No PDN
 * logic.
 */
#ifndef PDN_CMD_CHOOSING_H
#define PDN_CMD_CHOOSING_H

#include <stdbool.h>

#include "options.h"

struct tool;

/* -q and the options that choose games (TOOL_SELECT_LONG_OPTIONS). */
extern const struct tool_option_part tool_choosing_part;

/*
 * Handles an option of TOOL_SELECT_LONG_OPTIONS: returns true when opt was
 * one. A value that does not read is a usage error (exit 2). The tool ends
 * with tool_select_end_run.
 */
bool tool_select_option(struct tool *t, int opt, const char *arg);
/* Frees t->select and t->date_orders and ends --unique (repeats.h: the
 * --duplicates file is written, or dropped when commit is false); returns
 * 0 or -1 (said). */
int tool_select_end_run(struct tool *t, bool commit);

#endif
