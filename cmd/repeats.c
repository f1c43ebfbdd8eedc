/*
 * repeats: --unique and --duplicates (see repeats.h). The verdicts are the
 * library's (pdn_unique_check); this file turns options into a pdn_unique,
 * and writes the copies left out to their file, each as read.
 */
#include "repeats.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

struct tool_repeats {
    pdn_unique *unique;
    enum pdn_unique_mode mode;
    const char *path; /* --duplicates, or NULL */
    struct tool_output out;
    bool open;
};

static struct tool_repeats *repeats_of(struct tool *t)
{
    if (t->repeats == NULL && (t->repeats = calloc(1, sizeof *t->repeats)) == NULL)
        tool_out_of_memory(t);
    return t->repeats;
}

bool tool_repeats_option(struct tool *t, int opt, const char *arg)
{
    if (opt != TOOL_OPT_UNIQUE && opt != TOOL_OPT_DUPLICATES) return false;
    struct tool_repeats *r = repeats_of(t);
    if (opt == TOOL_OPT_DUPLICATES) r->path = arg;
    if (opt == TOOL_OPT_DUPLICATES && r->unique) return true;
    enum pdn_unique_mode mode = PDN_UNIQUE_MOVES; /* --duplicates alone: --unique */
    if (opt == TOOL_OPT_UNIQUE && arg != NULL && strcmp(arg, "position") == 0)
        mode = PDN_UNIQUE_POSITION;
    else if (opt == TOOL_OPT_UNIQUE && arg != NULL && strcmp(arg, "moves") != 0)
        tool_usage_error(t, "--unique wants moves or position, not '%s'", arg);
    pdn_unique_free(r->unique);
    if (pdn_unique_new(&r->unique, mode) < 0) tool_out_of_memory(t);
    /* An empty selection chooses every game, and holds the findings of a
     * game until it is judged: a copy's are not reported. */
    if (t->select == NULL && pdn_select_new(&t->select) < 0) tool_out_of_memory(t);
    return true;
}

/* The copy left out, as it was read, a blank line after it. */
static void write_copy(struct tool *t, struct tool_repeats *r, const pdn_game *game)
{
    if (!r->open) {
        if (tool_output_open(t, &r->out, r->path) < 0) exit(TOOL_EXIT_SYSTEM);
        r->open = true;
    }
    size_t n = game->raw_len;
    while (n > 0 && (game->raw[n - 1] == '\n' || game->raw[n - 1] == '\r'))
        n--;
    fwrite(game->raw, 1, n, r->out.fp);
    fputs("\n\n", r->out.fp);
}

bool tool_repeats_keep(struct tool *t, const pdn_game *game, const char *file,
                       const struct pdn_pos *at, pdn_diag_fn on_diag, void *ctx)
{
    struct tool_repeats *r = t->repeats;
    if (r == NULL || r->unique == NULL) return true;
    int rc = pdn_unique_check(r->unique, game, file, at, on_diag, ctx);
    if (rc < 0) tool_fatal(t, "--unique", pdn_strerror(rc));
    if (rc == 0) return true;
    if (r->path) write_copy(t, r, game);
    return false;
}

void tool_repeats_restart(struct tool *t)
{
    struct tool_repeats *r = t->repeats;
    if (r == NULL || r->unique == NULL) return;
    pdn_unique_free(r->unique);
    if (pdn_unique_new(&r->unique, r->mode) < 0) tool_out_of_memory(t);
}

int tool_repeats_end(struct tool *t, bool commit)
{
    struct tool_repeats *r = t->repeats;
    if (r == NULL) return 0;
    int rc = 0;
    if (r->path && r->unique && !r->open && commit) {
        rc = tool_output_open(t, &r->out, r->path);
        r->open = rc == 0;
    }
    if (r->open && tool_output_close(t, &r->out, commit) < 0) rc = -1;
    pdn_unique_free(r->unique);
    free(r);
    t->repeats = NULL;
    return rc;
}
