/*
 * format: a game rewritten in canonical form, moves normalised. Sits above
 * the replay and the writer and joins them: a quiet replay learns the
 * text of every move it plays (pdn_move_text with the legal moves before
 * it, in the capture notation asked for) and the moves at which a line stops
 * (the node of an illegal or ambiguous finding); the writer is then handed
 * both through its callbacks, and which moves were played (where the
 * replay's count stops, the writer's follows the numbers written).
 *
 * The faults that have one reading (format_fix.c) are reported, or repaired
 * with options->fix; every other finding of the replay is dropped (pdncheck
 * reports them).
 *
 * Uses the public API only, vec.h's growth, ply_record.h, which finds
 * a node's text without a search as the writer asks for the moves in the
 * replay's order, and replay_plies.h, whose replay tells which captures
 * share their squares with another legal move. Must not print or keep
 * state between calls: everything it allocates is freed before it returns,
 * or kept in the caller's scratch (scratch.h) for its next call.
 */
#include "arena.h"
#include "format.h"
#include "game.h"
#include "options.h"
#include "replay_plies.h"
#include "scratch.h"
#include "vec.h"
#include "writer.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether the notation writes the move by its two squares alone: a quiet
 * move, or any capture but where every landing square is written. */
static inline bool two_squares_notation(const struct format *f, const struct pdn_move *move)
{
    return move->ncaptured == 0 || f->opt->captures != PDN_CAPTURE_FULL_PATH;
}

/* The text of a ply the replay played at p, and its fault. Not inlined
 * (on_ply). */
static __attribute__((noinline)) void place(struct format *f, struct placed *p,
                                            const struct pdn_board *before,
                                            const struct pdn_move *move,
                                            const struct pdn_node *node)
{
    enum pdn_capture_notation captures = f->opt->captures;
    /* A full path is never ambiguous, nor a move no other legal move
     * shares its squares with (the replay tells); a capture written with a
     * dash is a fault only the legal moves can tell (fix_on_ply). The
     * squares as the variant writes them: "c3-d4" in Russian, Brazilian,
     * Czech. */
    bool text = f->ambiguous && captures != PDN_CAPTURE_FULL_PATH;
    bool fault = f->faults_wanted && fix_may_fault(f, move, node);
    if (text || fault) pdn_movegen(&f->legal, before, 0);
    enum pdn_variant variant = (enum pdn_variant)before->variant;
    bool short_text = !text && two_squares_notation(f, move);
    if (!short_text || ply_short_text(p->text, move, variant) == 0)
        pdn_move_text(p->text, move, text ? &f->legal : NULL, captures, variant);
    if (fault) fix_on_ply(f, before, move, node);
}

/* A ply noted and placed where the tables must grow first (a variation
 * longer than the main line's room). Not inlined (on_ply). */
static __attribute__((noinline)) void note_grown(struct format *f, const struct pdn_board *before,
                                                 const struct pdn_move *move,
                                                 const struct pdn_node *node)
{
    long at =
        ply_record_add_room(&f->plies, node, (void **)&f->placed, &f->capplaced, sizeof *f->placed);
    if (at < 0)
        f->nomem = true;
    else
        place(f, &f->placed[at], before, move, node);
}

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct format *f = ctx;
    (void)depth, (void)after;
    /* A growth is a call: apart (note_grown), or every ply would save
     * registers for it. What fits is added with no growth, and no failure. */
    if (!ply_record_fits(&f->plies, f->capplaced)) {
        note_grown(f, before, move, node);
        return;
    }
    long at =
        ply_record_add_room(&f->plies, node, (void **)&f->placed, &f->capplaced, sizeof *f->placed);
    struct placed *p = &f->placed[at];
    /* Most plies need nothing from place but ply_short_text: no other
     * legal move shares their squares, their texts are short, no fault is
     * possible. Told here, with no call, they save no register for the
     * calls place makes for the others (1% of pdnfmt's instructions). */
    bool short_only = !f->ambiguous && two_squares_notation(f, move) &&
                      (!f->faults_wanted || fix_surely_sound(f, move, node));
    if (short_only && ply_short_text(p->text, move, (enum pdn_variant)before->variant) > 0) return;
    place(f, p, before, move, node);
}

/* The moves that stop a line are noted; the faults fix repairs are kept,
 * a misplaced variation among them (its number is written even without). */
static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct format *f = ctx;
    fix_on_diag(f, d);
    if (d->code == PDN_DIAG_MISPLACED_VARIATION) move_on_misplaced(f, d);
    if (d->code != PDN_DIAG_ILLEGAL_MOVE && d->code != PDN_DIAG_AMBIGUOUS_MOVE) return;
    if (!d->node) return;
    if (!vec_reserve((void **)&f->stops, &f->capstops, f->nstops, sizeof *f->stops)) {
        f->nomem = true;
        return;
    }
    f->stops[f->nstops++] = d->node;
}

static int compare_nodes(const struct pdn_node *a, const struct pdn_node *b)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return (x > y) - (x < y);
}

static int stop_by_node(const void *a, const void *b)
{
    return compare_nodes(*(const struct pdn_node *const *)a, *(const struct pdn_node *const *)b);
}

/* Room for the plies of the main line, made at once: grown from 16 as the
 * replay went, the arrays of each game were a twentieth of pdnfmt's time. */
static bool reserve(struct format *f, const pdn_game *game)
{
    size_t n = game->main.nmoves;
    return ply_record_reserve(&f->plies, n) &&
           vec_grow((void **)&f->placed, &f->capplaced, n, sizeof *f->placed);
}

static int replay(struct format *f, const pdn_game *game)
{
    if (!reserve(f, game)) return PDN_ENOMEM;
    f->plain_nodes = game->internal != NULL; /* as the replay's (replay.c) */
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.filename = f->opt->filename;
    ro.draw_rules = f->opt->draw_rules;
    ro.on_diag = on_diag;
    ro.diag_ctx = f;
    ro.on_ply = on_ply;
    ro.ply_ctx = f;
    ro.scratch = f->opt->version >= 2 ? f->opt->scratch : NULL;
    int rc = replay_game_noting(&f->sum, game, &ro, &f->ambiguous);
    if (rc == 0 && f->nomem) rc = PDN_ENOMEM;
    if (f->nstops > 1) qsort(f->stops, f->nstops, sizeof *f->stops, stop_by_node);
    return rc;
}

/* pdn_move_text_fn: the text of a move the replay played. */
static const char *placed_text(const struct pdn_node *node, void *ctx)
{
    struct format *f = ctx;
    long at = ply_record_find(&f->plies, node);
    return at >= 0 ? f->placed[at].text : NULL;
}

/* writer_played_fn: a move the replay played. */
static bool played(const struct pdn_node *node, void *ctx)
{
    struct format *f = ctx;
    return ply_record_find(&f->plies, node) >= 0;
}

/* pdn_move_cut_fn: a move the replay stopped at, and did not play. */
static bool stopped_at(const struct pdn_node *node, void *ctx)
{
    struct format *f = ctx;
    if (f->nstops == 0) return false;
    if (!bsearch(&node, f->stops, f->nstops, sizeof *f->stops, stop_by_node)) return false;
    return ply_record_find(&f->plies, node) < 0;
}

/* The game's text as read, then the blank line that ends every game. */
static int write_raw(FILE *out, const pdn_game *game)
{
    fwrite(game->raw, 1, game->raw_len, out);
    fputs("\n\n", out);
    return ferror(out) ? PDN_EIO : PDN_OK;
}

/* A file's trailer is no game: nothing to replay, repair or report; its
 * comments as pdn_write_game writes them. */
static int format_trailer(FILE *out, const pdn_game *game, const struct pdn_format_options *o)
{
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    if (o->write) wo = *o->write;
    return pdn_write_game(out, game, &wo);
}

/* What the last replay found, forgotten for another (of the same game,
 * its variations moved): the options stay. */
static void forget(struct format *f)
{
    const struct pdn_format_options *opt = f->opt;
    bool wanted = f->faults_wanted;
    fix_end(f);
    memset(f, 0, offsetof(struct format, plies));
    f->opt = opt;
    f->faults_wanted = wanted;
    ply_record_clear(&f->plies);
    f->nstops = f->nfaults = 0;
    move_forget(f);
}

/* Whether the game is written as read (pdn_format_broken), by what its
 * last replay found. */
static bool write_verbatim(const struct format *f, const pdn_game *game,
                           const struct pdn_format_options *o)
{
    bool broken = game_internal(game)->read_errors > 0 || f->nstops > 0;
    /* text the reader skipped (--strict past an error) is in no tree: the
     * game as read, whatever the mode, or it would be lost */
    bool unread = game_internal(game)->unread;
    return (unread || (o->broken == PDN_FORMAT_BROKEN_VERBATIM && broken)) && game->raw;
}

/* The moved tree of the variations fix moves (format_move.c), *moved,
 * replayed; *arena holds it (NULL, and the game as it is, when none is
 * moved). A variation moved may hold one misplaced that the replay did not
 * reach (it stopped at the first move): moved in turn, until none is left,
 * or the output, read back, would be moved again. One round a level of
 * nesting at most. */
static int move_variations(struct format *f, const pdn_game *game, pdn_game *moved,
                           struct arena **arena)
{
    *arena = NULL;
    const pdn_game *from = game;
    for (int round = 0; round <= PDN_LIMIT_DEPTH + 1; round++) {
        struct arena *next;
        int rc = move_misplaced(f, from, moved, &next);
        if (rc <= 0) return rc;
        arena_free(*arena); /* the last round's tree: the new one is a copy */
        *arena = next;
        from = moved;
        forget(f);
        if ((rc = replay(f, moved)) < 0) return rc;
    }
    return 0;
}

/* fix: the variations misplaced moved, unless the game is written as read
 * all the same; then the game as it is, replayed again. *game: the one to
 * write. */
static int fix_variations(struct format *f, const pdn_game **game, pdn_game *moved,
                          struct arena **arena, const struct pdn_format_options *o)
{
    int rc = move_variations(f, *game, moved, arena);
    if (rc < 0 || !*arena) return rc;
    if (!write_verbatim(f, moved, o)) {
        *game = moved;
        return 0;
    }
    arena_free(*arena);
    *arena = NULL;
    forget(f);
    f->notes.n = 0;
    return replay(f, *game);
}

static int format_game(struct format *f, FILE *out, const pdn_game *game,
                       const struct pdn_format_options *o, struct arena **arena)
{
    if (pdn_game_is_trailer(game)) return format_trailer(out, game, o);
    bool replayed = !o->no_normalise || o->broken != PDN_FORMAT_BROKEN_KEEP || f->faults_wanted;
    pdn_game moved;
    if (replayed) {
        int rc = replay(f, game);
        if (rc == 0 && o->fix) rc = fix_variations(f, &game, &moved, arena, o);
        if (rc < 0) return rc;
    }
    bool verbatim = write_verbatim(f, game, o);
    /* Version 1 is the only layout of pdn_write_options so far: copied whole. */
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    if (o->write) wo = *o->write;
    wo.move_text = o->no_normalise ? NULL : placed_text;
    wo.cut_line = o->broken == PDN_FORMAT_BROKEN_COMMENT ? stopped_at : NULL;
    wo.move_number = NULL;
    wo.capture = NULL;
    wo.result = PDN_RESULT_NONE;
    wo.date = NULL;
    wo.standard_names = false;
    wo.move_ctx = f;
    f->stops_in_comment = o->broken == PDN_FORMAT_BROKEN_COMMENT && !verbatim;
    f->written_as_read = verbatim;
    fix_report(f, game, o->fix && !verbatim, &wo);
    if (f->nomem) return PDN_ENOMEM;
    if (verbatim) return write_raw(out, game);
    /* numbered as the replay counts: a FEN's '?' is the first move's side */
    struct game_first_ply first;
    int rc = replay_first_ply(&first, game);
    /* and after a setup; where the replay stopped */
    struct writer_count count = {first, replay_setup_second, replayed ? played : NULL, f, &f->wrap};
    return rc < 0 ? rc : writer_write_game(out, game, &wo, &count);
}

/* The format of the scratch, taken out of it for the call, or a new one;
 * ready for a game. NULL when out of memory. */
static struct format *format_take(pdn_scratch *scratch)
{
    struct format *f = scratch ? scratch->format : NULL;
    if (f) {
        scratch->format = NULL;
        memset(f, 0, offsetof(struct format, plies));
        ply_record_clear(&f->plies);
        f->nstops = f->nfaults = 0;
        move_forget(f);
        f->notes.n = 0;
        return f;
    }
    /* The move list is too big for the stack of some systems, under the
     * replay's own; it is scratch, written before it is read, so only what
     * comes before it is cleared (clearing its 20 KB for every game was a
     * tenth of pdnfmt's time). */
    if ((f = malloc(sizeof *f)) != NULL) memset(f, 0, offsetof(struct format, legal));
    return f;
}

/* The format back in the scratch, or freed (none, or it holds another). */
static void format_put_back(pdn_scratch *scratch, struct format *f)
{
    fix_end(f);
    if (scratch && !scratch->format)
        scratch->format = f;
    else
        format_kept_free(f);
}

void format_kept_free(struct format *f)
{
    if (!f) return;
    ply_record_free(&f->plies);
    free(f->placed);
    free(f->stops);
    free(f->faults);
    free(f->wrap.buf);
    move_free(f);
    free(f);
}

int pdn_format_game(FILE *out, const pdn_game *game, const struct pdn_format_options *options)
{
    static const struct pdn_format_options defaults = PDN_FORMAT_OPTIONS_INIT;
    const struct pdn_format_options *o = options ? options : &defaults;
    if (!out || !game || !options_ok(o->version, PDN_FORMAT_OPTIONS_VERSION)) return PDN_EINVAL;
    if (o->write && !options_ok(o->write->version, PDN_WRITE_OPTIONS_VERSION)) return PDN_EINVAL;
    if ((unsigned)o->broken > PDN_FORMAT_BROKEN_VERBATIM) return PDN_EINVAL;
    if ((unsigned)o->captures > PDN_CAPTURE_FULL_PATH) return PDN_EINVAL;
    pdn_scratch *scratch = o->version >= 2 ? o->scratch : NULL;
    struct format *f = format_take(scratch);
    if (!f) return PDN_ENOMEM;
    f->opt = o;
    f->faults_wanted = o->fix || o->on_diag;
    struct arena *moved = NULL; /* the tree of the variations fix moved */
    int rc = format_game(f, out, game, o, &moved);
    arena_free(moved);
    format_put_back(scratch, f);
    return rc;
}
