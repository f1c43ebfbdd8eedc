/*
 * A game loaded for showing: the library's replay plays it
 * (pdn_replay_game, on_ply) and the plies become a list of entries in
 * reading order, which print.c prints, picture.c draws and the interactive
 * view (tui*.c) browses; what an entry shows (its number, move text,
 * variation label, board). The judging is libpdn's: a move the replay
 * refuses stops its line with the replay's own finding.
 * A leaf of pdnreplay: it calls nothing of the tool's other files.
 */
#include "pdnreplay.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <stdlib.h>
#include <string.h>

struct loader {
    struct replay_game *g;
    struct tool *t;
    struct pdn_movelist legal; /* for writing each move's text */
    size_t cursor;             /* the next ply of g->plies the walk places */
};

/* The moves and variations of a line and of all the lines inside it. */
static void count_lines(const struct pdn_line *line, size_t *moves, size_t *variations)
{
    *moves += line->nmoves;
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_annotations *a = pdn_annotations_of(&line->moves[i]);
        *variations += a->nvariations;
        for (uint32_t v = 0; v < a->nvariations; v++)
            count_lines(&a->variations[v], moves, variations);
    }
}

/* The plies and entries sized once for the most the game can give (a ply
 * per move; the start, a ply or a stop per move, two entries per
 * variation) rather than doubled as they come: on a game of 100,000
 * variations, doubling would reserve 37 MB for 24. */
static bool reserve(struct replay_game *g, const pdn_game *game)
{
    size_t moves = 0, variations = 0;
    count_lines(&game->main, &moves, &variations);
    g->ply_cap = moves;
    g->entry_cap = 1 + moves + 2 * variations;
    g->plies = malloc((g->ply_cap ? g->ply_cap : 1) * sizeof *g->plies);
    g->entries = malloc(g->entry_cap * sizeof *g->entries);
    return g->plies && g->entries;
}

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct replay_game *g = ctx;
    if (!vec_reserve((void **)&g->plies, &g->ply_cap, g->nplies, sizeof *g->plies)) {
        g->nomem = true;
        return;
    }
    g->plies[g->nplies++] = (struct replay_ply){*before, *after, *move, node, depth, 0};
}

static bool stops_line(enum pdn_diag_code code)
{
    return code == PDN_DIAG_ILLEGAL_MOVE || code == PDN_DIAG_AMBIGUOUS_MOVE ||
           code == PDN_DIAG_UNKNOWN_MOVE;
}

/* The replay's findings: reported as every tool reports them, and kept when
 * they stop a line, to be shown where it stops. */
static void on_replay_diag(const struct pdn_diag *d, void *ctx)
{
    struct loader *l = ctx;
    struct replay_game *g = l->g;
    if (l->t->on_diag)
        l->t->on_diag(d, l->t->diag_ctx);
    else
        tool_on_diag(d, l->t);
    if (!stops_line(d->code) || d->node == NULL) return;
    size_t n = pdn_diag_message(NULL, 0, d);
    char *msg = malloc(n + 1);
    if (msg == NULL ||
        !vec_reserve((void **)&g->stops, &g->stop_cap, g->nstops, sizeof *g->stops)) {
        free(msg);
        g->nomem = true;
        return;
    }
    pdn_diag_message(msg, n + 1, d);
    g->stops[g->nstops++] = (struct replay_stop){d->node, d->code, d->line, d->col, msg};
}

/* ---- the entries: the tree walked in reading order ------------------------------- */

/* Where a line is: the move number to come and the side to play it. */
struct turn {
    uint32_t number;
    int side;
};

static enum pdn_color first_mover(const struct pdn_board *b)
{
    return pdn_rules_get((enum pdn_variant)b->variant)->black_moves_first ? PDN_COLOR_BLACK
                                                                          : PDN_COLOR_WHITE;
}

/* An entry of kind at this turn, on the line labelled at 'label' (an
 * offset in g->strings). */
static struct replay_entry *add_entry(struct loader *l, enum replay_entry_kind kind, int depth,
                                      const struct pdn_node *node, const struct turn *turn,
                                      uint32_t label)
{
    struct replay_game *g = l->g;
    if (!vec_reserve((void **)&g->entries, &g->entry_cap, g->nentries, sizeof *g->entries)) {
        g->nomem = true;
        return NULL;
    }
    struct replay_entry *e = &g->entries[g->nentries++];
    *e = (struct replay_entry){.node = node, .depth = depth, .kind = kind, .label = label};
    if (turn) {
        e->number = turn->number;
        e->second = turn->side != (int)first_mover(&g->start);
    }
    return e;
}

/* Keeps a copy of text in g->strings; its offset there (0, "", when out of
 * memory: g->nomem says so). */
static uint32_t keep_string(struct replay_game *g, const char *text)
{
    size_t n = strlen(text) + 1;
    while (g->strings_len + n > g->strings_cap) {
        size_t cap = g->strings_cap ? g->strings_cap * 2 : 4096;
        char *p = cap <= UINT32_MAX ? realloc(g->strings, cap) : NULL;
        if (p == NULL) {
            g->nomem = true;
            return 0;
        }
        g->strings = p;
        g->strings_cap = cap;
    }
    memcpy(g->strings + g->strings_len, text, n);
    g->strings_len += n;
    return (uint32_t)(g->strings_len - n);
}

struct replay_number replay_number(const struct replay_entry *e)
{
    struct replay_number n = {""};
    if (e->kind != ENTRY_START)
        snprintf(n.s, sizeof n.s, "%lu%s", (unsigned long)e->number, e->second ? "..." : ".");
    return n;
}

const char *replay_entry_text(const struct replay_game *g, const struct replay_entry *e)
{
    return e->kind == ENTRY_PLY ? g->strings + e->ply->text : "";
}

const char *replay_entry_label(const struct replay_game *g, const struct replay_entry *e)
{
    return g->strings + e->label;
}

static const struct replay_stop *stop_at(const struct replay_game *g, const struct pdn_node *node)
{
    for (size_t i = 0; i < g->nstops; i++)
        if (g->stops[i].node == node) return &g->stops[i];
    return NULL;
}

static void add_ply(struct loader *l, struct replay_ply *p, struct turn *turn, int depth,
                    uint32_t label)
{
    struct replay_game *g = l->g;
    /* The side the ply is played by: a setup before it may have handed the
     * move to the side that moved last ("2... 14x23 /B:.../ 3... 18-22"),
     * the number going on, as pdnfmt writes it. */
    turn->side = p->before.side;
    struct replay_entry *e = add_entry(l, ENTRY_PLY, depth, p->node, turn, label);
    if (e == NULL) return;
    e->ply = p;
    char text[PDN_MOVE_TEXT_MAX];
    pdn_movegen(&l->legal, &p->before, 0);
    pdn_move_text(text, &p->move, &l->legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS,
                  (enum pdn_variant)p->before.variant);
    p->text = keep_string(g, text);
    if (depth == 0) e->index = ++g->main_plies;
    if (p->before.side != (int)first_mover(&g->start)) turn->number++;
    turn->side = p->after.side;
}

static void walk_line(struct loader *l, const struct pdn_line *line, struct turn turn, int depth,
                      uint32_t label);

/* The count after the setup before move i, which the loader's next ply
 * plays: the setup's number, or the numbers written after it
 * (pdn_setup_number), else it goes on. */
static void setup_turn(const struct loader *l, const struct pdn_line *line, uint32_t i,
                       struct turn *turn)
{
    const struct replay_ply *p = &l->g->plies[l->cursor];
    bool second = p->before.side != (int)first_mover(&l->g->start);
    uint32_t number = pdn_setup_number(line, i, second);
    if (number) turn->number = number;
}

/* Each variation's label is kept once, cut at 31 bytes, and shared by its
 * entries. */
static void walk_variations(struct loader *l, const struct pdn_node *node,
                            const struct turn *before, int depth, uint32_t label)
{
    const struct pdn_annotations *a = pdn_annotations_of(node);
    for (uint32_t v = 0; v < a->nvariations; v++) {
        char sub[32];
        const char *outer = l->g->strings + label;
        snprintf(sub, sizeof sub, "%s%s%lu", outer, *outer ? "." : "", (unsigned long)v + 1);
        uint32_t kept = keep_string(l->g, sub);
        if (add_entry(l, ENTRY_VARIATION_BEGIN, depth + 1, node, before, kept) == NULL) return;
        walk_line(l, &a->variations[v], *before, depth + 1, kept);
        if (add_entry(l, ENTRY_VARIATION_END, depth + 1, node, before, kept) == NULL) return;
    }
}

/*
 * The replay calls on_ply in this same order (a move, then the variations
 * replacing it, then the next move), so the plies are taken in turn. A move
 * with neither a ply nor a finding is one the replay passed over (a
 * placeholder, or past a setup that did not read).
 */
static void walk_line(struct loader *l, const struct pdn_line *line, struct turn turn, int depth,
                      uint32_t label)
{
    struct replay_game *g = l->g;
    for (uint32_t i = 0; i < line->nmoves && !g->nomem; i++) {
        const struct pdn_node *node = &line->moves[i];
        if (i == 0 && node->number) turn.number = node->number;
        bool played = l->cursor < g->nplies && g->plies[l->cursor].node == node;
        if (played && pdn_annotations_of(node)->setup) setup_turn(l, line, i, &turn);
        struct turn before = turn;
        const struct replay_stop *stop = NULL;
        if (played) {
            add_ply(l, &g->plies[l->cursor++], &turn, depth, label);
        } else if ((stop = stop_at(g, node)) != NULL) {
            struct replay_entry *e = add_entry(l, ENTRY_STOP, depth, node, &turn, label);
            if (e) e->stop = stop;
            if (depth == 0) g->main_stopped = true;
        }
        walk_variations(l, node, &before, depth, label);
        if (stop) break;
    }
}

int replay_load(struct replay_game *g, struct tool *t, const pdn_game *game, const char *file,
                bool strict)
{
    memset(g, 0, sizeof *g);
    g->game = game;
    g->file = file;
    struct loader *l = malloc(sizeof *l);
    if (l == NULL || !reserve(g, game)) {
        free(l);
        replay_game_free(g);
        return PDN_ENOMEM;
    }
    *l = (struct loader){.g = g, .t = t};
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.filename = file;
    ro.strict = strict;
    ro.draw_rules = t->draw_rules;
    ro.on_diag = on_replay_diag;
    ro.diag_ctx = l;
    ro.date_orders = t->date_orders; /* of the game's file */
    ro.on_ply = on_ply;
    ro.ply_ctx = g;
    struct pdn_replay_summary sum;
    int err = pdn_replay_game(&sum, game, &ro);
    /* The start: before the main line's first ply, or, with none, where
     * the main line ended (its start, or a setup). */
    g->start = sum.final;
    for (size_t i = 0; i < g->nplies; i++)
        if (g->plies[i].depth == 0) {
            g->start = g->plies[i].before;
            break;
        }
    if (err == 0) {
        uint32_t main_label = keep_string(g, "");
        struct replay_entry *e = add_entry(l, ENTRY_START, 0, NULL, NULL, main_label);
        struct turn turn = {pdn_game_first_number(game), g->start.side};
        if (e && !g->nomem) walk_line(l, &game->main, turn, 0, main_label);
    }
    free(l);
    if (err == 0 && g->nomem) err = PDN_ENOMEM;
    return err;
}

void replay_game_free(struct replay_game *g)
{
    for (size_t i = 0; i < g->nstops; i++)
        free(g->stops[i].message);
    free(g->stops);
    free(g->plies);
    free(g->entries);
    free(g->strings);
    memset(g, 0, sizeof *g);
}

const struct replay_entry *replay_find(const struct replay_game *g, const struct replay_options *o)
{
    for (size_t i = 0; i < g->nentries; i++) {
        const struct replay_entry *e = &g->entries[i];
        if (o->ply == 0 && e->kind == ENTRY_START) return e;
        if (e->kind != ENTRY_PLY || e->depth != 0) continue;
        if (o->ply > 0 && e->index == (size_t)o->ply) return e;
        if (o->move && strcmp(replay_number(e).s, o->move) == 0) return e;
    }
    return NULL;
}

const struct pdn_board *replay_entry_board(const struct replay_game *g,
                                           const struct replay_entry *e)
{
    return e->kind == ENTRY_PLY ? &e->ply->after : &g->start;
}

const struct pdn_move *replay_entry_move(const struct replay_entry *e)
{
    return e->kind == ENTRY_PLY ? &e->ply->move : NULL;
}
