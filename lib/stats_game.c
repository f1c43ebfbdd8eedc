/*
 * stats_game: what one game yields to the statistics (struct
 * pdn_stats_game), read by a quiet replay that touches no pdn_stats, so
 * that games are read on any thread; stats.c adds the record to the
 * stats in input order. Nothing here prints.
 */
#include "game.h"
#include "options.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

int stats_options_settle(struct pdn_stats_options *out, const struct pdn_stats_options *options)
{
    struct pdn_stats_options o = PDN_STATS_OPTIONS_INIT;
    if (options) {
        if (!options_ok(options->version, PDN_STATS_OPTIONS_VERSION)) return PDN_EINVAL;
        /* a version-1 struct ends before the scratch */
        memcpy(&o, options,
               options->version >= 2 ? sizeof o : offsetof(struct pdn_stats_options, scratch));
    }
    if (o.opening_depth == 0) o.opening_depth = 4;
    if (o.opening_depth < 0 || o.opening_depth > STATS_DEPTH_MAX) return PDN_EINVAL;
    *out = o;
    return 0;
}

int pdn_stats_game_new(pdn_stats_game **out, const struct pdn_stats_options *options)
{
    if (!out) return PDN_EINVAL;
    *out = NULL;
    struct pdn_stats_options o;
    int rc = stats_options_settle(&o, options);
    if (rc < 0) return rc;
    pdn_stats_game *rec = calloc(1, sizeof *rec);
    if (!rec) return PDN_ENOMEM;
    rec->opt = o;
    *out = rec;
    return 0;
}

void pdn_stats_game_free(pdn_stats_game *rec)
{
    free(rec);
}

static void on_replay_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_stats_game *rec = ctx;
    unsigned c = (unsigned)d->code;
    if (c >= PDN_DIAG_COUNT) return;
    rec->findings[c]++;
    rec->found[c / 64] |= (uint64_t)1 << c % 64;
}

/* The first ply with more pieces taken than the game's plies before: the
 * stats keep the largest capture of the collection, first met. */
static void note_capture(pdn_stats_game *rec, const struct pdn_move *m, const struct pdn_node *node,
                         enum pdn_variant variant)
{
    if (m->ncaptured <= rec->best_pieces) return;
    rec->best_pieces = m->ncaptured;
    rec->best_ply = rec->ply;
    rec->best_move = *m;
    rec->best_node = node;
    rec->best_variant = (uint8_t)variant;
}

/* Whether a position is its variant's start, the side its rules move
 * first to move: the openings tree counts the games played from there
 * alone (a game set up by a FEN, a study or an ending, has no opening). */
static bool is_start(const struct pdn_board *b)
{
    struct pdn_board start;
    pdn_board_init(&start, (enum pdn_variant)b->variant);
    return pdn_board_equal(b, &start);
}

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *m, const struct pdn_node *node, int depth, void *ctx)
{
    pdn_stats_game *rec = ctx;
    (void)after;
    if (depth != 0) return;
    enum pdn_variant variant = (enum pdn_variant)before->variant;
    rec->ply++;
    rec->moves_hash = stats_moves_hash(rec->moves_hash, m);
    if (rec->ply == STATS_REPEAT_PLIES) rec->start_hash = rec->moves_hash | 1;
    if (m->ncaptured) {
        rec->captures++;
        note_capture(rec, m, node, variant);
    }
    if (m->promotes) {
        rec->promotions++;
        if (!rec->first_king) rec->first_king = rec->ply;
    }
    if (rec->ply == 1) rec->set_up = !is_start(before);
    if (rec->ply <= (unsigned long)rec->opt.opening_depth && !rec->set_up)
        rec->open[rec->nopen++] = stats_open_key(m, variant);
}

/* Who won, as the Result tag says, else the terminator: read in the
 * text's order, turned where Black's score comes first (result_turned). */
static enum st_outcome outcome_of(const pdn_game *g)
{
    enum pdn_result r = g->result;
    const char *tag = pdn_game_tag(g, "Result");
    if (tag) pdn_result_parse(&r, tag, strlen(tag));
    switch (result_turned(r, game_black_opens(g))) {
    case PDN_RESULT_WHITE_WIN:
        return ST_WHITE;
    case PDN_RESULT_BLACK_WIN:
        return ST_BLACK;
    case PDN_RESULT_DRAW:
        return ST_DRAW;
    case PDN_RESULT_BOTH_LOST:
        return ST_OTHER;
    default:
        return ST_UNKNOWN;
    }
}

static enum st_ending ending_of(const pdn_stats_game *rec)
{
    const struct pdn_replay_summary *sum = &rec->sum;
    if (sum->draw_rule != PDN_DRAW_NONE) return ST_DRAW_RULE;
    if (sum->complete && sum->final.side_known && pdn_movegen_count(&sum->final, 0) == 0)
        return ST_NO_MOVE;
    if (rec->outcome == ST_UNKNOWN) return ST_UNFINISHED;
    return ST_RECORDED;
}

int pdn_stats_game_read(pdn_stats_game *rec, const pdn_game *g)
{
    if (!rec || !g) return PDN_EINVAL;
    struct pdn_stats_options o = rec->opt;
    memset(rec, 0, sizeof *rec);
    rec->opt = o;
    rec->outcome = (uint8_t)outcome_of(g);
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.strict = o.strict;
    ro.draw_rules = o.draw_rules;
    ro.on_diag = on_replay_diag;
    ro.diag_ctx = rec;
    ro.on_ply = on_ply;
    ro.ply_ctx = rec;
    ro.scratch = o.scratch;
    int rc = pdn_replay_game(&rec->sum, g, &ro);
    if (rc < 0) return rc;
    /* A game of no ply is set up as its start is, where the replay stands:
     * the studies of a FEN with no move (gem.pdn's 162) are FEN games too. */
    if (rec->ply == 0) rec->set_up = !is_start(&rec->sum.final);
    rec->ending = (uint8_t)ending_of(rec);
    rec->game = g;
    return 0;
}
