/*
 * reader_hold: the games and findings a reader holds back while a later
 * game may still decide a held game's variant (reader_hold.h). Only
 * reader_one.c fills it, at the rare games variant_open names.
 */
#include "reader_hold.h"
#include "diag_copy.h"
#include "vec.h"

#include <stdlib.h>
#include <string.h>

/* A finding (game NULL) or a game, in the order read. */
struct held_event {
    pdn_game *game;
    struct pdn_diag d;
    char *strings; /* diag_copy's block: move_number, text, detail */
};

static struct held_event *add_event(struct reader_hold *h)
{
    if (h->next == h->n) h->next = h->n = 0; /* all handed out: from the start */
    if (!vec_grow((void **)&h->v, &h->cap, h->n + 1, sizeof *h->v)) return NULL;
    struct held_event *ev = &h->v[h->n++];
    *ev = (struct held_event){0};
    return ev;
}

bool hold_diag(struct reader_hold *h, const struct pdn_diag *d)
{
    struct pdn_diag copy;
    char *block = diag_copy(&copy, d);
    struct held_event *ev = block ? add_event(h) : NULL;
    if (!ev) {
        free(block);
        return false;
    }
    ev->d = copy;
    ev->strings = block;
    return true;
}

bool hold_game(struct reader_hold *h, pdn_game *game)
{
    struct held_event *ev = add_event(h);
    if (!ev) {
        pdn_game_free(game);
        return false;
    }
    ev->game = game;
    return true;
}

bool hold_waiting(const struct reader_hold *h)
{
    return h->next < h->n;
}

void hold_decide_again(struct reader_hold *h, const pdn_game *told, struct variant_tally *tally)
{
    for (size_t i = h->next; i < h->n; i++)
        if (h->v[i].game && h->v[i].game != told) variant_decide_again(h->v[i].game, told, tally);
}

int hold_next(struct reader_hold *h, pdn_game **out, pdn_diag_fn on_diag, void *ctx)
{
    while (h->next < h->n) {
        struct held_event *ev = &h->v[h->next++];
        if (ev->game) {
            *out = ev->game;
            ev->game = NULL;
            return 1;
        }
        if (on_diag) on_diag(&ev->d, ctx);
        free(ev->strings);
        ev->strings = NULL;
    }
    return 0;
}

void hold_free(struct reader_hold *h)
{
    for (size_t i = h->next; i < h->n; i++) {
        pdn_game_free(h->v[i].game);
        free(h->v[i].strings);
    }
    free(h->v);
    *h = (struct reader_hold){0};
}
