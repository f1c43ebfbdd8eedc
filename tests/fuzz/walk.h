/*
 * walk: visits every part of a game the reader built, touching each string
 * and position, so that ASan sees any dangling or unterminated pointer and
 * the properties of a game tree hold. For the fuzz targets only.
 */
#ifndef PDN_FUZZ_WALK_H
#define PDN_FUZZ_WALK_H

#include "fuzz.h"
#include "pdn.h"

#include <string.h>

/* Deeper variation nesting is not walked (the reader bounds it anyway). */
#define WALK_DEPTH_MAX 10000

static inline size_t walk_string(const char *s)
{
    return s ? strlen(s) : 0;
}

static inline void walk_comments(const struct pdn_comment *c, uint32_t n)
{
    FUZZ_CHECK(n == 0 || c != NULL);
    for (uint32_t i = 0; i < n; i++) {
        FUZZ_CHECK(c[i].text != NULL);
        walk_string(c[i].text);
        FUZZ_CHECK(c[i].pos.line >= 1);
    }
}

static inline void walk_line(const struct pdn_line *line, int depth);

static inline void walk_node(const struct pdn_node *n, int depth)
{
    FUZZ_CHECK(n->text != NULL);
    walk_string(n->text);
    const struct pdn_annotations *a = pdn_annotations_of(n);
    /* The reader gives a move annotations only when it has some. */
    FUZZ_CHECK(!n->annotations || a->strength || a->setup || a->nnags || a->ncomments_before ||
               a->ncomments_after || a->nvariations);
    walk_string(a->strength);
    walk_string(a->setup);
    FUZZ_CHECK(a->nnags == 0 || a->nags != NULL);
    for (uint32_t i = 0; i < a->nnags; i++)
        FUZZ_CHECK(a->nags[i] <= 65535);
    walk_comments(a->comments_before, a->ncomments_before);
    walk_comments(a->comments_after, a->ncomments_after);
    FUZZ_CHECK(a->nvariations == 0 || a->variations != NULL);
    for (uint32_t i = 0; i < a->nvariations; i++)
        walk_line(&a->variations[i], depth + 1);
}

static inline void walk_line(const struct pdn_line *line, int depth)
{
    if (depth > WALK_DEPTH_MAX) return;
    FUZZ_CHECK(line->nmoves == 0 || line->moves != NULL);
    for (uint32_t i = 0; i < line->nmoves; i++)
        walk_node(&line->moves[i], depth);
    walk_comments(line->trailing, line->ntrailing);
    walk_string(line->trailing_setup);
}

static inline void walk_game(const pdn_game *g, size_t expected_index)
{
    FUZZ_CHECK(g->index == expected_index);
    FUZZ_CHECK(g->ntags == 0 || g->tags != NULL);
    for (uint32_t i = 0; i < g->ntags; i++) {
        FUZZ_CHECK(g->tags[i].name != NULL && g->tags[i].value != NULL);
        walk_string(g->tags[i].name);
        walk_string(g->tags[i].value);
        FUZZ_CHECK(pdn_game_tag(g, g->tags[i].name) != NULL);
    }
    walk_line(&g->main, 0);
    walk_string(g->result_text);
    FUZZ_CHECK(g->result <= PDN_RESULT_BOTH_LOST);
    FUZZ_CHECK(g->raw_len == 0 || g->raw != NULL);
    if (g->raw_len) {
        volatile char first = g->raw[0], last = g->raw[g->raw_len - 1];
        (void)first, (void)last;
    }
}

/* The diagnostic callback of every target: a finding must be well formed
 * and its message must format. ctx counts findings (size_t). */
static inline void walk_diag(const struct pdn_diag *d, void *ctx)
{
    char msg[256];
    FUZZ_CHECK((unsigned)d->code < PDN_DIAG_COUNT);
    FUZZ_CHECK(pdn_diag_name(d->code) != NULL);
    walk_string(d->file);
    walk_string(d->move_number);
    walk_string(d->text);
    walk_string(d->detail);
    /* Whole when it fits; else cut between characters: at most the 3 bytes
     * of a UTF-8 sequence's start short of the room (pdn_diag_message). */
    size_t n = pdn_diag_message(msg, sizeof msg, d), len = strlen(msg);
    FUZZ_CHECK(n > 0 &&
               (n < sizeof msg ? len == n : len < sizeof msg && len + 3 >= sizeof msg - 1));
    if (ctx) (*(size_t *)ctx)++;
}

#endif
