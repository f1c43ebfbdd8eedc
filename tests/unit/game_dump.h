/*
 * game_dump: every public part of a game and of a finding as text, so that
 * two readings of one input can be compared whole (test_reader_paths and
 * fuzz_check read each input with and without the parser's quick lane).
 * Header-only, static; for tests only.
 */
#ifndef GAME_DUMP_H
#define GAME_DUMP_H

#include "game.h"
#include "pdn.h"

#include <inttypes.h>
#include <stdio.h>

static inline void dump_pos(FILE *fp, const char *what, struct pdn_pos p)
{
    fprintf(fp, " %s=%" PRIu32 ":%" PRIu32 "@%" PRIu64, what, p.line, p.col, p.offset);
}

static inline void dump_str(FILE *fp, const char *what, const char *s)
{
    if (s) fprintf(fp, " %s='%s'", what, s);
}

static inline void dump_comments(FILE *fp, const char *what, const struct pdn_comment *c,
                                 uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        fprintf(fp, "  %s%s '%s'", what, c[i].to_eol ? ";" : "{}", c[i].text);
        dump_pos(fp, "at", c[i].pos);
        fputc('\n', fp);
    }
}

static inline void dump_line(FILE *fp, const struct pdn_line *line, int depth);

static inline void dump_node(FILE *fp, const struct pdn_node *n, int depth)
{
    fprintf(fp, "%*smove '%s' number=%" PRIu32 "%s", depth, "", n->text, n->number,
            n->number_black ? "..." : "");
    dump_pos(fp, "at", n->pos);
    dump_pos(fp, "num", n->number_pos);
    dump_pos(fp, "setup", pdn_annotations_of(n)->setup_pos);
    dump_str(fp, "strength", pdn_annotations_of(n)->strength);
    dump_str(fp, "fen", pdn_annotations_of(n)->setup);
    if (n->plain_sep) fprintf(fp, " plain=%u%c%u", n->plain_from, n->plain_sep, n->plain_to);
    for (uint32_t i = 0; i < pdn_annotations_of(n)->nnags; i++)
        fprintf(fp, " $%u", pdn_annotations_of(n)->nags[i]);
    fputc('\n', fp);
    dump_comments(fp, "before", pdn_annotations_of(n)->comments_before,
                  pdn_annotations_of(n)->ncomments_before);
    dump_comments(fp, "after", pdn_annotations_of(n)->comments_after,
                  pdn_annotations_of(n)->ncomments_after);
    for (uint32_t i = 0; i < pdn_annotations_of(n)->nvariations; i++)
        dump_line(fp, &pdn_annotations_of(n)->variations[i], depth + 1);
}

static inline void dump_line(FILE *fp, const struct pdn_line *line, int depth)
{
    fprintf(fp, "%*sline of %" PRIu32, depth, "", line->nmoves);
    dump_pos(fp, "at", line->pos);
    dump_str(fp, "setup", line->trailing_setup);
    fputc('\n', fp);
    for (uint32_t i = 0; i < line->nmoves; i++)
        dump_node(fp, &line->moves[i], depth);
    dump_comments(fp, "trailing", line->trailing, line->ntrailing);
}

/* The game, its variant as the reader decided it, and its source text. */
static inline void dump_game(FILE *fp, const pdn_game *g)
{
    const struct pdn_game_internal *in = game_internal(g);
    fprintf(fp,
            "game %zu result=%d gametype=%d source=%d candidates=%x/%x/%x told_by=%zu trailer=%d",
            g->index, (int)g->result, g->gametype, (int)g->variant_source, in->variant_candidates,
            in->variant_tried, in->variant_legal, in->variant_told_by, (int)in->trailer);
    dump_str(fp, "result", g->result_text);
    dump_pos(fp, "result", g->result_pos);
    dump_pos(fp, "start", g->start);
    fputc('\n', fp);
    for (uint32_t i = 0; i < g->ntags; i++) {
        fprintf(fp, " [%s '%s']", g->tags[i].name, g->tags[i].value);
        dump_pos(fp, "at", g->tags[i].pos);
        fputc('\n', fp);
    }
    dump_line(fp, &g->main, 0);
    fprintf(fp, "raw %zu:\n", g->raw_len);
    if (g->raw_len) fwrite(g->raw, 1, g->raw_len, fp);
    fputc('\n', fp);
}

/* A finding, with the place of the move it is about. */
static inline void dump_diag(FILE *fp, const struct pdn_diag *d)
{
    fprintf(fp, "diag %s %s:%" PRIu32 ":%" PRIu32 " game %zu", pdn_diag_name(d->code),
            d->file ? d->file : "", d->line, d->col, d->game);
    dump_str(fp, "move", d->move_number);
    dump_str(fp, "text", d->text);
    dump_str(fp, "detail", d->detail);
    if (d->node) dump_pos(fp, "node", d->node->pos);
    fputc('\n', fp);
}

/* The on_diag callback that dumps: ctx is the FILE. */
static inline void dump_diag_cb(const struct pdn_diag *d, void *ctx)
{
    dump_diag(ctx, d);
}

/* The games of r, which pdn_reader_open_* opened with answer rc (none
 * when it failed), dumped in order, each shown to look first when not
 * NULL, then how the reading ended; r freed. */
static inline void dump_to_end(FILE *fp, pdn_reader *r, int rc, void (*look)(const pdn_game *g))
{
    pdn_game *g;
    if (rc == PDN_OK) {
        while ((rc = pdn_reader_next(&g, r)) > 0) {
            if (look) look(g);
            dump_game(fp, g);
            pdn_game_free(g);
        }
        pdn_reader_free(r);
    }
    fprintf(fp, "end %d\n", rc);
}

#endif
