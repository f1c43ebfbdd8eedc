/*
 * output: an output file written without clobbering what its name stands
 * for. A regular file, found through any symbolic links, is replaced at the
 * end and only when all went well, keeping its mode and owner and the links;
 * anything else (a FIFO, a device) is written in place. Shared by the tools
 * that take -o; no PDN logic.
 */
#ifndef PDN_CMD_OUTPUT_H
#define PDN_CMD_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "common.h"

/* How the text reaches the output. */
enum tool_output_kind {
    TOOL_OUTPUT_STDOUT,   /* standard output */
    TOOL_OUTPUT_IN_PLACE, /* a FIFO or a device, opened and written as it is */
    TOOL_OUTPUT_UNNAMED,  /* an O_TMPFILE file, linked in at the end */
    TOOL_OUTPUT_NAMED     /* a mkstemp file, renamed at the end */
};

struct tool_output {
    FILE *fp;
    char *path;   /* as given, for messages; NULL for standard output */
    char *target; /* the file to replace or create: path, its links followed */
    char *tmp;    /* the temporary file's name while it has one */
    enum tool_output_kind kind;
    bool replace; /* target existed when opened */
    int err;      /* errno of a failed write, reported once by tool_output_close */
};

/*
 * Opens path for writing; NULL or "-" is standard output. A regular file,
 * or a symbolic link to one (or to nothing yet), gets a temporary file in
 * the target's directory; anything else is opened in place (a FIFO blocks
 * until it has a reader). Returns 0 or -1 (reported).
 */
int tool_output_open(struct tool *t, struct tool_output *o, const char *path);
/*
 * The same for the output of a run that reads operands (n of them, folders
 * walked; none is standard input): a usage error (exit 2) when path is one
 * of those files, by device and inode, so that pdn2csv -o games.pdn
 * games.pdn never replaces its games. While tool_read_inputs reads,
 * tool_output_open refuses its inputs in the same way (a system error).
 */
int tool_output_open_for(struct tool *t, struct tool_output *o, const char *path, int n,
                         char *const *operands);
/*
 * What stopped a run that writes to o (a code tool_read_inputs or a
 * writer returned): a write failure, PDN_EIO, is kept for
 * tool_output_close to say once; any other failure is said now, naming
 * the output. 0 or a positive value says nothing.
 */
void tool_output_stopped(struct tool *t, struct tool_output *o, int stop);
/*
 * An input that gives the output none of its text (not PDN, not a game
 * CSV), like one that cannot be read: a named output is left as it was,
 * rather than replaced by what the other inputs gave, said as a system
 * error naming it ("left as it was: " why), so that tool_output_close is
 * then asked not to commit. Standard output is written as it is.
 */
void tool_output_keep(struct tool *t, const struct tool_output *o, const char *why);
/* Whether o is a named file the tool will leave as it was: it commits
 * only without a system error so far (an input that is not PDN, one that
 * could not be read). Summaries then say nothing was written to it rather
 * than count what was not. */
bool tool_output_dropped(const struct tool *t, const struct tool_output *o);
/*
 * commit: puts the temporary file in the target's place (or flushes what
 * is written in place, or standard output); otherwise drops it, leaving the
 * target as it was. A write failure (o->err, or found now) is reported
 * once. Returns 0 or -1.
 */
int tool_output_close(struct tool *t, struct tool_output *o, bool commit);

#endif
