/*
 * pdnreplay's pictures: --svg FILE draws one position, --svg-dir DIR one
 * per position of the main line (DIR made when missing), each through
 * pdn_diagram_svg and written safely (a temporary file renamed over the
 * target, tool_output_open); a failed write is said and exits 3.
 */
#include "../output.h"
#include "pdnreplay.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* "Position after 12. 32-28", "Start position": the picture's title. */
static void title_of(char *out, size_t cap, const struct replay_game *g,
                     const struct replay_entry *e)
{
    if (e->kind == ENTRY_PLY)
        snprintf(out, cap, "Position after %s %s", replay_number(e).s, replay_entry_text(g, e));
    else
        snprintf(out, cap, "Start position");
}

int replay_svg_file(struct tool *t, const struct replay_game *g, const struct replay_entry *e,
                    const char *path, const struct replay_options *o)
{
    struct tool_output out;
    if (tool_output_open(t, &out, path) != 0) return -1;
    char title[PDN_MOVE_TEXT_MAX + 64];
    title_of(title, sizeof title, g, e);
    struct pdn_diagram_options d = PDN_DIAGRAM_OPTIONS_INIT;
    d.flip = o->flip;
    d.last = replay_entry_move(e);
    d.title = title;
    int err = pdn_diagram_svg(out.fp, replay_entry_board(g, e), &d);
    return tool_output_close(t, &out, err == 0);
}

/* dir and the folders above it made where missing, as mkdir -p; 0 or an
 * errno. */
static int make_folders(char *dir)
{
    for (char *p = dir + 1;; p++) {
        if (*p != '/' && *p != '\0') continue;
        char c = *p;
        *p = '\0';
        int err = mkdir(dir, 0777) == 0 || errno == EEXIST ? 0 : errno;
        *p = c;
        if (err) return err;
        if (c == '\0') break;
    }
    struct stat st;
    if (stat(dir, &st) != 0) return errno;
    return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

int replay_svg_dir(struct tool *t, const struct replay_game *g, const char *dir,
                   const struct replay_options *o)
{
    size_t cap = strlen(dir) + 32;
    char *path = malloc(cap);
    if (path == NULL) {
        tool_system_error(t, dir, strerror(ENOMEM));
        return -1;
    }
    snprintf(path, cap, "%s", dir);
    int err = make_folders(path);
    if (err) {
        tool_system_error(t, dir, strerror(err));
        free(path);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < g->nentries && rc == 0; i++) {
        const struct replay_entry *e = &g->entries[i];
        if (e->depth != 0 || (e->kind != ENTRY_PLY && e->kind != ENTRY_START)) continue;
        snprintf(path, cap, "%s/ply-%03zu.svg", dir, e->kind == ENTRY_PLY ? (size_t)e->index : 0);
        rc = replay_svg_file(t, g, e, path, o);
    }
    free(path);
    return rc;
}
