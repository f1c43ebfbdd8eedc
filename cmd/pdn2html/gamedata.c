/*
 * pdn2html's game data: one game as the JSON object the page reads
 * (page.js, "The data"). The replay plays the game once (pdn_replay_game,
 * on_ply); its plies come in the order of the tree (a move, then the
 * variations replacing it, then the next move), so walking the tree in that
 * order pairs each move with its ply, as pdnreplay's loader does. A move is
 * its text as the tools write moves, the squares it crossed and took and
 * whether it crowned: the page plays it on the start position itself, which
 * keeps the data near the size of the games' text (a FEN a move would be
 * ten times that).
 */
#include "pdn2html.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <stdlib.h>
#include <string.h>

struct ply {
    const struct pdn_node *node;
    struct pdn_board before;
    struct pdn_move move;
};

struct walk {
    struct ply *plies;
    size_t nplies, cap, cursor;
    bool nomem;
    const struct pdn_node *stopped; /* the main line's first move not replayed */
    struct pdn_movelist legal;      /* of the position before a move, for its text */
};

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    (void)depth, (void)after;
    struct walk *w = ctx;
    if (!vec_reserve((void **)&w->plies, &w->cap, w->nplies, sizeof *w->plies)) {
        w->nomem = true;
        return;
    }
    w->plies[w->nplies++] = (struct ply){node, *before, *move};
}

static void put_fen(FILE *out, const char *key, const struct pdn_board *board)
{
    char fen[PDN_FEN_MAX];
    pdn_board_to_fen(fen, board);
    fprintf(out, ",\"%s\":", key);
    html_json_string(out, fen);
}

static bool put_comments(FILE *out, bool comma, const char *key, const struct pdn_comment *c,
                         uint32_t n)
{
    if (n == 0) return false;
    fprintf(out, "%s\"%s\":[", comma ? "," : "", key);
    for (uint32_t i = 0; i < n; i++) {
        if (i) putc(',', out);
        html_json_string(out, c[i].text);
    }
    putc(']', out);
    return true;
}

static void put_squares(FILE *out, const uint8_t *sq, int n)
{
    putc('[', out);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%d", i ? "," : "", sq[i]);
    putc(']', out);
}

static void put_line(FILE *out, struct walk *w, const struct pdn_line *line, int depth);

/* What a move holds beside its text and squares, when it holds anything:
 * its strength, comments and variations. */
static void put_extra(FILE *out, struct walk *w, const struct pdn_node *node, int depth)
{
    const struct pdn_annotations *a = pdn_annotations_of(node);
    if (!a->strength && !a->ncomments_before && !a->ncomments_after && !a->nvariations) return;
    fputs(",{", out);
    bool comma = false;
    if (a->strength) {
        fputs("\"s\":", out);
        html_json_string(out, a->strength);
        comma = true;
    }
    comma |= put_comments(out, comma, "cb", a->comments_before, a->ncomments_before);
    comma |= put_comments(out, comma, "c", a->comments_after, a->ncomments_after);
    if (a->nvariations) {
        fprintf(out, "%s\"v\":[", comma ? "," : "");
        for (uint32_t v = 0; v < a->nvariations; v++) {
            if (v) putc(',', out);
            put_line(out, w, &a->variations[v], depth + 1);
        }
        putc(']', out);
    }
    putc('}', out);
}

/* One move: [text, [from, landing squares...], [taken...], promotes, extra]. */
static void put_move(FILE *out, struct walk *w, const struct ply *p, int depth)
{
    enum pdn_variant variant = (enum pdn_variant)p->before.variant;
    char text[PDN_MOVE_TEXT_MAX];
    pdn_movegen(&w->legal, &p->before, 0);
    pdn_move_text(text, &p->move, &w->legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, variant);
    putc('[', out);
    html_json_string(out, text);
    uint8_t squares[PDN_PATH_MAX + 1] = {p->move.from};
    int n = 1;
    for (int i = 0; i < p->move.npath && i < PDN_PATH_MAX; i++)
        squares[n++] = p->move.path[i];
    if (n == 1 || squares[n - 1] != p->move.to) squares[n++] = p->move.to;
    putc(',', out);
    put_squares(out, squares, n);
    uint8_t taken[PDN_PATH_MAX];
    putc(',', out);
    put_squares(out, taken, pdn_move_captures(taken, &p->move, variant));
    fprintf(out, ",%d", p->move.promotes ? 1 : 0);
    put_extra(out, w, p->node, depth);
    putc(']', out);
}

/* A line's moves from the i-th on, as written, one string: those the
 * replay did not reach. */
static void put_rest_text(FILE *out, const struct pdn_line *line, uint32_t i)
{
    putc('"', out);
    for (uint32_t k = i; k < line->nmoves; k++) {
        if (k > i) putc(' ', out);
        html_json_chars(out, line->moves[k].text);
    }
    putc('"', out);
}

/* Whether the replay passed over the line's i-th move, as it does the dots
 * holding the place of a move never played ("1. ... 35-40" from a position
 * with Black to move): its next ply is a later move of the same line. A
 * move it stopped at ends the line: its next ply, if any, is elsewhere. */
static bool passed_over(const struct walk *w, const struct pdn_line *line, uint32_t i)
{
    if (w->cursor >= w->nplies) return false;
    for (uint32_t k = i + 1; k < line->nmoves; k++)
        if (w->plies[w->cursor].node == &line->moves[k]) return true;
    return false;
}

/* A line's moves as replayed, in order: the plies come in the tree's order
 * (a move, then the variations replacing it, then the next move). The main
 * line's moves not replayed are the game's rest (put_rest); a variation's
 * are a string after its moves, so that the page shows them as written. */
static void put_line(FILE *out, struct walk *w, const struct pdn_line *line, int depth)
{
    putc('[', out);
    bool first = true;
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        bool replayed = w->cursor < w->nplies && w->plies[w->cursor].node == node;
        if (!replayed && passed_over(w, line, i)) continue;
        if (!replayed && depth == 0) {
            w->stopped = node;
            break;
        }
        if (!first) putc(',', out);
        first = false;
        if (!replayed) {
            put_rest_text(out, line, i);
            break;
        }
        put_move(out, w, &w->plies[w->cursor++], depth);
    }
    putc(']', out);
}

/* The main line's moves the replay did not reach, as written. */
static void put_rest(FILE *out, const pdn_game *game, const struct pdn_node *stopped)
{
    if (stopped == NULL) return;
    fputs(",\"rest\":", out);
    put_rest_text(out, &game->main, (uint32_t)(stopped - game->main.moves));
}

/* Whether the game has a tag of this very name. */
static bool has_tag(const pdn_game *game, const char *name)
{
    for (uint32_t i = 0; i < game->ntags; i++)
        if (strcmp(game->tags[i].name, name) == 0) return true;
    return false;
}

/* The roster tags the library reads from a tag of another name (Bianco as
 * White: pdn_game_tag; UTCDate as Date: pdn_game_date), as
 * "read":{"White":...}, for the page's tag(); a game without such tags has
 * none, and its data stays as it was. */
static void put_read_tags(FILE *out, const pdn_game *game)
{
    static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
    bool any = false;
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
        bool date = strcmp(roster[i], "Date") == 0;
        const char *value = date ? pdn_game_date(game) : pdn_game_tag(game, roster[i]);
        if (!value || has_tag(game, roster[i])) continue;
        fputs(any ? "," : ",\"read\":{", out);
        html_json_string(out, roster[i]);
        putc(':', out);
        html_json_string(out, value);
        any = true;
    }
    if (any) putc('}', out);
}

static void put_tags(FILE *out, const pdn_game *game)
{
    fputs(",\"tags\":[", out);
    for (uint32_t i = 0; i < game->ntags; i++) {
        fputs(i ? ",[" : "[", out);
        html_json_string(out, game->tags[i].name);
        putc(',', out);
        html_json_string(out, game->tags[i].value);
        putc(']', out);
    }
    putc(']', out);
    put_read_tags(out, game);
    if (game->result_text) {
        fputs(",\"result\":", out);
        html_json_string(out, game->result_text);
    }
    /* The result as pdnfmt writes its tag and pdnreplay shows it: "2-0" for
     * an international game whose tag says "1-0". */
    fputs(",\"shown\":", out);
    html_json_string(out, pdn_game_result(game));
}

int html_game_json(FILE *out, const pdn_game *game, struct tool *t)
{
    struct walk *w = calloc(1, sizeof *w);
    if (w == NULL) return PDN_ENOMEM;
    const char *file = t->input;
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.on_ply = on_ply;
    ro.ply_ctx = w;
    ro.draw_rules = t->draw_rules;
    ro.strict = t->strict;
    ro.filename = file;
    ro.on_diag = tool_on_diag; /* illegal moves, results, draw rules: as pdncheck says */
    ro.diag_ctx = t;
    ro.date_orders = t->date_orders; /* the file's, read first */
    struct pdn_replay_summary sum;
    int err = pdn_replay_game(&sum, game, &ro);
    if (err == 0 && w->nomem) err = PDN_ENOMEM;
    if (err == 0) {
        /* The first ply is the main line's first move, or, when that was
         * not replayed, a move of its variations: from the same start. */
        struct pdn_board start = w->nplies ? w->plies[0].before : sum.final;
        uint32_t number = game->main.nmoves && game->main.moves[0].number
                              ? game->main.moves[0].number
                              : pdn_game_first_number(game);
        /* The file's name without its folders: the page goes on the web,
         * the folders it was made in stay at home. */
        const char *slash = file ? strrchr(file, '/') : NULL;
        fputs("{\"file\":", out);
        html_json_string(out, slash && slash[1] ? slash + 1 : file ? file : "-");
        fprintf(out, ",\"index\":%zu,\"variant\":%d,\"n0\":%u", game->index, (int)start.variant,
                number);
        put_fen(out, "start", &start);
        put_tags(out, game);
        fputs(",\"line\":", out);
        put_line(out, w, &game->main, 0);
        put_rest(out, game, w->stopped);
        putc('}', out);
    }
    free(w->plies);
    free(w);
    return err;
}
