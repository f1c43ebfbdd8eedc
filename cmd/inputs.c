/*
 * inputs: operands made a list of files, folders walked (see inputs.h).
 *
 * A folder is read into memory entry by entry and closed before any
 * subfolder is opened, so a tree of any depth holds one descriptor at a
 * time; its names are sorted so that every run, on every file system, reads
 * the files in the same order. Symbolic links are never descended as
 * folders: that is what keeps a loop (a link to a parent) from walking
 * forever. It must not print or exit: reading.c reports the entries.
 */
#define _GNU_SOURCE /* realpath */
#include "inputs.h"
#include "text.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Deeper than any real archive; a safety net, the links being cut already. */
enum { WALK_DEPTH_MAX = 256 };

struct walk {
    struct tool_inputs *out;
    const char *ext;
    const char *root_real; /* the folder operand, links resolved */
    size_t found;          /* files listed below the operand */
};

static int add(struct tool_inputs *in, enum tool_input_kind kind, const char *path, int err,
               const char *note)
{
    if (!vec_reserve((void **)&in->items, &in->cap, in->n, sizeof *in->items)) return -1;
    char *copy = strdup(path);
    if (copy == NULL) return -1;
    in->items[in->n++] = (struct tool_input){kind, copy, err, note, false};
    return 0;
}

static bool has_ext(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    return n > e && text_same_but_case(name + n - e, ext); /* ASCII, whatever the locale */
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* The visible names of folder path, sorted; -1 with errno when it cannot be
 * read (ENOMEM included). */
static int list_folder(const char *path, char ***out, size_t *count)
{
    DIR *dir = opendir(path);
    if (dir == NULL) return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    int err = 0;
    errno = 0;
    while (err == 0 && (de = readdir(dir)) != NULL) {
        if (de->d_name[0] == '.') continue; /* ".", "..", hidden */
        if (!vec_reserve((void **)&names, &cap, n, sizeof *names)) err = ENOMEM;
        if (err == 0 && (names[n] = strdup(de->d_name)) == NULL) err = ENOMEM;
        if (err == 0) n++;
    }
    if (err == 0) err = errno;
    closedir(dir);
    if (err) {
        free_names(names, n);
        errno = err;
        return -1;
    }
    if (n > 1) qsort(names, n, sizeof *names, by_name); /* names is NULL when n is 0 */
    *out = names, *count = n;
    return 0;
}

static bool inside(const char *path, const char *root)
{
    size_t n = strlen(root);
    if (strcmp(root, "/") == 0) return true;
    return strncmp(path, root, n) == 0 && path[n] == '/';
}

/* A link named like an input: followed to a regular file of the tree that
 * the walk does not list under its own name. */
static int walk_link(struct walk *w, const char *path)
{
    char *real = realpath(path, NULL);
    if (real == NULL) return add(w->out, TOOL_INPUT_ERROR, path, errno, NULL);
    struct stat st;
    int rc = 0;
    if (!inside(real, w->root_real))
        rc = add(w->out, TOOL_INPUT_SKIPPED, path, 0, "a link out of the folder: not followed");
    else if (stat(real, &st) == 0 && S_ISREG(st.st_mode) && !has_ext(real, w->ext)) {
        rc = add(w->out, TOOL_INPUT_FILE, path, 0, NULL);
        w->found += rc == 0;
    }
    free(real);
    return rc;
}

static int walk_folder(struct walk *w, const char *path, int depth);

/* One entry of a folder: a subfolder walked, a file listed, else passed. */
static int walk_entry(struct walk *w, const char *path, const char *name, int depth)
{
    struct stat st;
    if (lstat(path, &st) != 0) return add(w->out, TOOL_INPUT_ERROR, path, errno, NULL);
    if (S_ISDIR(st.st_mode)) return walk_folder(w, path, depth + 1);
    if (!has_ext(name, w->ext)) return 0;
    if (S_ISLNK(st.st_mode)) return walk_link(w, path);
    if (!S_ISREG(st.st_mode))
        return add(w->out, TOOL_INPUT_SKIPPED, path, 0, "not a regular file: not read");
    w->found++;
    return add(w->out, TOOL_INPUT_FILE, path, 0, NULL);
}

static int walk_folder(struct walk *w, const char *path, int depth)
{
    if (depth > WALK_DEPTH_MAX) return add(w->out, TOOL_INPUT_ERROR, path, ELOOP, NULL);
    char **names;
    size_t n;
    if (list_folder(path, &names, &n) != 0)
        return errno == ENOMEM ? -1 : add(w->out, TOOL_INPUT_ERROR, path, errno, NULL);
    size_t len = strlen(path);
    bool slash = len > 0 && path[len - 1] == '/';
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        size_t size = len + strlen(names[i]) + 2;
        char *child = malloc(size);
        if (child == NULL) {
            rc = -1;
            break;
        }
        snprintf(child, size, "%s%s%s", path, slash ? "" : "/", names[i]);
        rc = walk_entry(w, child, names[i], depth);
        free(child);
    }
    free_names(names, n);
    return rc;
}

/* A folder operand: the operand itself may be a link (the user named it). */
static int expand_folder(struct tool_inputs *out, const char *path, const char *ext)
{
    char *real = realpath(path, NULL);
    if (real == NULL) return errno == ENOMEM ? -1 : add(out, TOOL_INPUT_ERROR, path, errno, NULL);
    struct walk w = {.out = out, .ext = ext, .root_real = real};
    size_t first = out->n;
    int rc = walk_folder(&w, path, 0);
    free(real);
    for (size_t i = first; i < out->n; i++)
        out->items[i].in_folder = true;
    if (rc == 0 && w.found == 0) rc = add(out, TOOL_INPUT_EMPTY, path, 0, NULL);
    return rc;
}

int tool_inputs_expand(struct tool_inputs *out, int n, char *const *operands, const char *ext)
{
    memset(out, 0, sizeof *out);
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        struct stat st;
        /* A name that is not a folder, or cannot be looked at, is read as
         * named: the reader says what is wrong with it. */
        if (strcmp(operands[i], "-") != 0 && stat(operands[i], &st) == 0 && S_ISDIR(st.st_mode))
            rc = expand_folder(out, operands[i], ext);
        else
            rc = add(out, TOOL_INPUT_FILE, operands[i], 0, NULL);
    }
    if (rc != 0) {
        tool_inputs_free(out);
        errno = ENOMEM;
    }
    return rc;
}

void tool_inputs_free(struct tool_inputs *in)
{
    for (size_t i = 0; i < in->n; i++)
        free(in->items[i].path);
    free(in->items);
    memset(in, 0, sizeof *in);
}
