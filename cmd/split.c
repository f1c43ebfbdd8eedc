/*
 * split: the pieces of pdnfmt --split (split.h). A piece holds the games'
 * text as the reader decoded it, one blank line after each, so that a
 * piece reads as its games read in the whole file: nothing is rewritten,
 * and a game whose variant the reader took from the games before it in its
 * file gets its GameType tag first, since in a piece other games stand
 * before it (four files of tests/data cut in pieces of 40: 13 games of
 * English problems were read as international, 0-2 where they said 0-1).
 */
#include "split.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* NAME with the piece's number before its extension: games.pdn ->
 * games-0001.pdn; a name without one gets the number at its end. */
static char *piece_name(const char *name, unsigned long n)
{
    const char *slash = strrchr(name, '/');
    const char *dot = strrchr(slash ? slash + 1 : name, '.');
    size_t stem = dot && dot != (slash ? slash + 1 : name) ? (size_t)(dot - name) : strlen(name);
    size_t size = strlen(name) + 32;
    char *out = malloc(size);
    if (out) snprintf(out, size, "%.*s-%04lu%s", (int)stem, name, n, name + stem);
    return out;
}

static int next_piece(struct tool *t, struct split *s)
{
    split_end(t, s, true);
    char *path = piece_name(s->name, ++s->pieces);
    if (path == NULL) return PDN_ENOMEM;
    int rc = tool_output_open(t, &s->out, path);
    free(path); /* the output keeps its own copy */
    if (rc != 0) return PDN_EIO;
    s->open = true;
    s->in_piece = 0;
    return 0;
}

/* The GameType tag of a game that does not say its variant itself
 * (pdn_game_variant_own), as the reader decided it; nothing for others. */
static int variant_tag(FILE *fp, const pdn_game *game)
{
    if (pdn_game_variant_own(game)) return 0;
    int type =
        game->gametype > 0 ? game->gametype : pdn_rules_get(PDN_VARIANT_INTERNATIONAL)->gametype;
    return fprintf(fp, "[GameType \"%d\"]\n", type) < 0 ? EOF : 0;
}

int split_game(struct tool *t, struct split *s, const pdn_game *game)
{
    /* A file's trailer, no game, stays after its last game, in its piece:
     * counted as none, and with no GameType tag, which would make it one. */
    bool trailer = pdn_game_is_trailer(game);
    if (!s->open || (s->in_piece == s->per && !trailer)) {
        int rc = next_piece(t, s);
        if (rc < 0) return rc;
    }
    s->in_piece += !trailer;
    FILE *fp = s->out.fp;
    if ((!trailer && variant_tag(fp, game) == EOF) ||
        fwrite(game->raw, 1, game->raw_len, fp) != game->raw_len || fputs("\n\n", fp) == EOF) {
        s->out.err = errno ? errno : EIO;
        return PDN_EIO;
    }
    return 0;
}

void split_end(struct tool *t, struct split *s, bool commit)
{
    if (!s->open) return;
    tool_output_close(t, &s->out, commit);
    s->open = false;
}

void split_stale(const struct tool *t, const struct split *s)
{
    char *path = piece_name(s->name, s->pieces + 1);
    struct stat st;
    if (path && stat(path, &st) == 0)
        fprintf(stderr,
                "%s: warning: %s is still there from an earlier run, not one of these %lu "
                "piece%s: remove it before reading the pieces together\n",
                t->prog, path, s->pieces, s->pieces == 1 ? "" : "s");
    free(path);
}
