/*
 * reader_hold (private): the games a reader holds back, and the findings
 * between them, while a later game may still decide a held game's variant
 * (variant_open). Handed out later in the order read; the findings'
 * strings copied (diag_copy), as they live only during the callback.
 */
#ifndef PDN_READER_HOLD_H
#define PDN_READER_HOLD_H

#include "pdn.h"
#include "variant.h"

/* Games held at most: past them the first keeps the variant it was given.
 * A hold closes at the first game that tells its own variant; in files of
 * one variant that is the second or third game. */
enum { HOLD_GAMES = 16 };

struct held_event;

struct reader_hold {
    struct held_event *v;
    size_t n, cap, next; /* events [next, n) wait to be handed out */
    bool holding;        /* findings go into the hold, not to on_diag */
};

/* A finding kept (false: out of memory). */
bool hold_diag(struct reader_hold *h, const struct pdn_diag *d);
/* A game kept (false: out of memory; the game is then freed). */
bool hold_game(struct reader_hold *h, pdn_game *game);
/* Whether events wait to be handed out. */
bool hold_waiting(const struct reader_hold *h);
/* The held games but told, a game held that told its own variant,
 * decided again by it. */
void hold_decide_again(struct reader_hold *h, const pdn_game *told, struct variant_tally *tally);
/*
 * The next events: findings to on_diag, up to a game (1 and *out); 0 when
 * none waits (the hold is then empty for the next).
 */
int hold_next(struct reader_hold *h, pdn_game **out, pdn_diag_fn on_diag, void *ctx);
/* What is left of it, games included, freed. */
void hold_free(struct reader_hold *h);

#endif
