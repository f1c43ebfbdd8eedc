/*
 * pdnreplay's book: the games the selection chose, a line each (for --list
 * and the interactive view's list, its search and its [ and ] keys), and
 * loading one of them again by its index in the file. Only what a list
 * shows is kept: the games themselves are read again when wanted, so
 * memory stays bounded by one game, as the house wants.
 * No PDN logic: the reader, the replay and the selection are libpdn's.
 */
#include "pdnreplay.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- the first error of a game, for its list line ------------------------------ */

/*
 * A finding's strings live during its callback only: a kept one is copied
 * into one block. The reader reports a game's findings before the game is
 * handed over (the selection holds them until then), the replay while it
 * runs, so the first in source order is known when the game is listed.
 */
void replay_first_note(struct replay_first *f, const struct pdn_diag *d)
{
    if (d->game == 0 || pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    bool same = f->set && f->d.game == d->game;
    if (same && (f->d.line < d->line || (f->d.line == d->line && f->d.col <= d->col))) return;
    char *strings = tool_diag_copy(&f->d, d);
    if (strings == NULL) return; /* the list line says "ok" rather than nothing */
    free(f->strings);
    f->strings = strings;
    f->d.node = NULL; /* the game goes before the finding does */
    f->set = true;
}

const struct pdn_diag *replay_first_take(struct replay_first *f, size_t index)
{
    bool mine = f->set && f->d.game == index;
    f->set = false;
    return mine ? &f->d : NULL;
}

void replay_first_free(struct replay_first *f)
{
    free(f->strings);
    memset(f, 0, sizeof *f);
}

/* ---- the list --------------------------------------------------------------------- */

static char *dup_or_null(const char *s, bool *nomem)
{
    if (s == NULL) return NULL;
    char *d = strdup(s);
    if (d == NULL) *nomem = true;
    return d;
}

/* "illegal-move: illegal move '32-27': square 32 is empty", as --list says it. */
static char *status_text(const struct pdn_diag *d, bool *nomem)
{
    if (d == NULL) return NULL;
    const char *name = pdn_diag_name(d->code);
    size_t n = pdn_diag_message(NULL, 0, d);
    size_t len = strlen(name) + 2 + n + 1;
    char *s = malloc(len);
    if (s == NULL) {
        *nomem = true;
        return NULL;
    }
    size_t k = (size_t)snprintf(s, len, "%s: ", name);
    pdn_diag_message(s + k, len - k, d);
    return s;
}

/* The book's copy of file: games come file after file, so the last copy
 * is the one, or a new one. */
static const char *book_file(struct replay_book *b, const char *file)
{
    if (b->nfiles && strcmp(b->files[b->nfiles - 1], file) == 0) return b->files[b->nfiles - 1];
    if (!vec_reserve((void **)&b->files, &b->capfiles, b->nfiles, sizeof *b->files)) return NULL;
    if ((b->files[b->nfiles] = strdup(file)) == NULL) return NULL;
    return b->files[b->nfiles++];
}

int replay_book_add(struct replay_book *b, const char *file, const pdn_game *game, unsigned plies,
                    const struct pdn_diag *first_error)
{
    const char *copy = book_file(b, file);
    if (copy == NULL) return PDN_ENOMEM;
    if (!vec_reserve((void **)&b->games, &b->cap, b->n, sizeof *b->games)) return PDN_ENOMEM;
    bool nomem = false;
    struct replay_listed *l = &b->games[b->n++];
    *l = (struct replay_listed){
        .file = copy,
        .index = game->index,
        .white = dup_or_null(pdn_game_tag(game, "White"), &nomem),
        .black = dup_or_null(pdn_game_tag(game, "Black"), &nomem),
        .event = dup_or_null(pdn_game_tag(game, "Event"), &nomem),
        .date = dup_or_null(pdn_game_date(game), &nomem),
        .result = dup_or_null(pdn_game_result(game), &nomem), /* as pdnfmt writes it */
        .plies = plies,
        .status = status_text(first_error, &nomem),
    };
    return nomem ? PDN_ENOMEM : 0;
}

void replay_book_free(struct replay_book *b)
{
    for (size_t i = 0; i < b->n; i++) {
        struct replay_listed *l = &b->games[i];
        free(l->white);
        free(l->black);
        free(l->event);
        free(l->date);
        free(l->result);
        free(l->status);
    }
    free(b->games);
    for (size_t i = 0; i < b->nfiles; i++)
        free(b->files[i]);
    free(b->files);
    memset(b, 0, sizeof *b);
}

/* ---- reading one game again ---------------------------------------------------------- */

struct fetch {
    size_t index;
    pdn_diag_fn on_diag; /* the findings of that game go here */
    void *diag_ctx;
};

static void fetch_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct fetch *f = ctx;
    if (d->game == f->index && f->on_diag) f->on_diag(d, f->diag_ctx);
}

/*
 * The game of this index in file, read from the start again: the reader
 * streams, and a list of offsets would not survive a re-encoded input. A
 * file of some thousands of games reads in a blink.
 */
int replay_book_fetch(pdn_game **out, const struct tool *t, const char *file, size_t index,
                      pdn_diag_fn on_diag, void *diag_ctx)
{
    *out = NULL;
    struct fetch f = {index, on_diag, diag_ctx};
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = file;
    ro.strict = t->strict;
    ro.encoding = t->encoding;
    ro.on_diag = fetch_on_diag;
    ro.diag_ctx = &f;
    pdn_reader *r;
    errno = 0;
    int err = pdn_reader_open_file(&r, file, &ro);
    if (err < 0) return err;
    pdn_game *game = NULL;
    while ((err = pdn_reader_next(&game, r)) > 0 && game->index < index) {
        pdn_game_free(game);
        game = NULL;
    }
    pdn_reader_free(r);
    if (err < 0) return err;
    if (game == NULL || game->index != index) {
        pdn_game_free(game);
        return PDN_EINVAL; /* the file changed under us */
    }
    *out = game;
    return 0;
}
