/*
 * inputs: the operands of a tool made a list of files to read. A file (or
 * "-", standard input) stays as named; a folder becomes every file below it
 * whose name ends in the tool's extension (.pdn; .csv for csv2pdn), each
 * folder's entries in byte order of their names. What cannot be listed (an
 * unreadable subfolder, a symbolic link that leads nowhere) is an entry
 * too, reported in its place when the list is read. No PDN logic, no
 * printing: reading.c reports.
 */
#ifndef PDN_CMD_INPUTS_H
#define PDN_CMD_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

enum tool_input_kind {
    TOOL_INPUT_FILE,   /* a file to read (or "-") */
    TOOL_INPUT_ERROR,  /* path could not be listed or followed: err says why */
    TOOL_INPUT_EMPTY,  /* a folder with no file to read: said, not an error */
    TOOL_INPUT_SKIPPED /* a file left out, and why (note): said, not an error */
};

struct tool_input {
    enum tool_input_kind kind;
    char *path;
    int err;          /* TOOL_INPUT_ERROR: the errno */
    const char *note; /* TOOL_INPUT_SKIPPED: why ("a link out of the folder") */
    bool in_folder;   /* found in a folder, not named */
};

struct tool_inputs {
    struct tool_input *items;
    size_t n, cap;
};

/*
 * The operands, folders walked: symbolic links met inside a folder are
 * followed only to a regular file in the same folder tree that the walk
 * does not read under its own name (so nothing is read twice and no link
 * leads out of the tree or round in a loop); hidden entries (a name that
 * starts with '.') are left out, as the shell's '*' does; so are FIFOs and
 * devices, which could block. ext is matched without regard to case.
 * Returns 0, or -1 when memory ran out (errno ENOMEM).
 */
int tool_inputs_expand(struct tool_inputs *out, int n, char *const *operands, const char *ext);
void tool_inputs_free(struct tool_inputs *in);

#endif
