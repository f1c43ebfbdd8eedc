/*
 * Move to text: the whole landing path, and the forms of a capture
 * pdn_move_to_text chooses from. A capture is "from x to" unless another
 * legal capture has the same from and to but takes other pieces; then it is
 * written with its whole landing path, which every program reads, or in the
 * shortest form PDN 3.0 allows: the fewest of its landing squares that, read
 * as a partial path (notation_match.c), select it alone, preferring the
 * squares where the piece turns.
 *
 * Knows the move list, not the position; does no I/O, allocates nothing.
 */
#include "geometry.h"
#include "notation.h"

#include <stdio.h>
#include <string.h>

/* Combinations tried before settling for the whole path (never reached in play). */
#define SUBSET_BUDGET 100000

/* Appends the separator (none when 0) and the square's text on g's board,
 * never writing past the buffer. */
static size_t put(char out[PDN_MOVE_TEXT_MAX], size_t at, char sep, int square,
                  const struct geometry *g)
{
    char text[PDN_SQUARE_TEXT_MAX];
    int n = geo_square_text(text, g, square);
    if (sep && at < PDN_MOVE_TEXT_MAX - 1) out[at++] = sep;
    for (int i = 0; i < n && at < PDN_MOVE_TEXT_MAX - 1; i++)
        out[at++] = text[i];
    out[at] = '\0';
    return at;
}

/* A board whose squares are written as numbers, whatever their count: what
 * pdn_move_to_text and pdn_move_to_path write on every board. */
#define NUMBERED_BOARD PDN_VARIANT_INTERNATIONAL

static int path_length(const struct pdn_move *move)
{
    return move->npath < PDN_PATH_MAX ? move->npath : PDN_PATH_MAX;
}

size_t pdn_move_path_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                          enum pdn_variant variant)
{
    const struct geometry *g = geometry_get(variant);
    char sep = move->ncaptured ? 'x' : '-';
    size_t at = put(out, 0, 0, move->from, g);
    int n = path_length(move);
    if (n == 0) return put(out, at, sep, move->to, g);
    for (int i = 0; i < n; i++)
        at = put(out, at, sep, move->path[i], g);
    return at;
}

size_t pdn_move_to_path(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move)
{
    return pdn_move_path_text(out, move, NUMBERED_BOARD);
}

/*
 * The geometry the move was generated on. A move does not say its variant,
 * but its captured bits do: only the right board puts exactly one captured
 * piece on each hop.
 */
static int hop_direction(const struct geometry *g, int a, int b, uint64_t captured)
{
    if (a < 1 || a > g->squares || b < 1 || b > g->squares) return -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        int taken = 0;
        for (int at = g->next[g->bit_of[a]][d]; at != GEO_NONE; at = g->next[at][d]) {
            if (at == g->bit_of[b]) return taken == 1 ? d : -1;
            taken += (captured & bit(at)) != 0;
        }
    }
    return -1;
}

static bool hops_fit(const struct geometry *g, const struct pdn_move *move)
{
    int prev = move->from;
    for (int i = 0; i < path_length(move); prev = move->path[i++])
        if (hop_direction(g, prev, move->path[i], move->captured) < 0) return false;
    return true;
}

/* Which intermediate landing squares are turns; all false when the board is unknown. */
static void find_turns(bool turn[PDN_PATH_MAX], const struct pdn_move *move)
{
    static const enum pdn_variant boards[] = {PDN_VARIANT_INTERNATIONAL, PDN_VARIANT_BRAZILIAN};
    const struct geometry *g = NULL;
    for (size_t v = 0; v < sizeof boards / sizeof boards[0] && !g; v++)
        if (hops_fit(geometry_get(boards[v]), move)) g = geometry_get(boards[v]);
    for (int i = 0; i + 1 < path_length(move); i++) {
        int prev = i ? move->path[i - 1] : move->from;
        turn[i] = g && hop_direction(g, prev, move->path[i], move->captured) !=
                           hop_direction(g, move->path[i], move->path[i + 1], move->captured);
    }
}

/* The search for the fewest landing squares that name a move alone. */
struct choice {
    const struct pdn_move *move;
    const struct pdn_move *rivals[PDN_MOVES_MAX]; /* same from and to, other pieces */
    int nrivals;
    bool turn[PDN_PATH_MAX];
    int best[PDN_PATH_MAX]; /* indexes into move->path */
    int best_turns;         /* -1 until a subset is found */
    long budget;
};

static bool selects(const struct choice *c, const int *idx, int k)
{
    int sq[PDN_PATH_MAX];
    for (int i = 0; i < k; i++)
        sq[i] = c->move->path[idx[i]];
    for (int i = 0; i < c->nrivals; i++)
        if (notation_has_landings(c->rivals[i], sq, k)) return false;
    return true;
}

static void consider(struct choice *c, const int *idx, int k)
{
    if (!selects(c, idx, k)) return;
    int turns = 0;
    for (int i = 0; i < k; i++)
        turns += c->turn[idx[i]];
    if (turns <= c->best_turns) return; /* ties keep the earlier squares */
    c->best_turns = turns;
    for (int i = 0; i < k; i++)
        c->best[i] = idx[i];
}

/* Tries every k of the m intermediate squares, in lexicographic order. */
static bool try_size(struct choice *c, int k, int m)
{
    int idx[PDN_PATH_MAX];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    for (;;) {
        if (c->budget-- <= 0) return c->best_turns >= 0;
        consider(c, idx, k);
        int i = k - 1;
        while (i >= 0 && idx[i] == m - k + i)
            i--;
        if (i < 0) return c->best_turns >= 0;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

/* Fills c->best with the squares to write; returns how many. */
static int needed_squares(struct choice *c, const struct pdn_movelist *legal)
{
    const struct pdn_move *move = c->move;
    c->nrivals = 0;
    for (int i = 0; legal && i < legal->count && i < PDN_MOVES_MAX; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (m->from == move->from && m->to == move->to && m->captured != move->captured)
            c->rivals[c->nrivals++] = m;
    }
    if (c->nrivals == 0) return 0;
    int m = path_length(move) - 1;
    find_turns(c->turn, move);
    c->best_turns = -1;
    c->budget = SUBSET_BUDGET;
    for (int k = 1; k <= m; k++) {
        if (try_size(c, k, m)) return k;
        if (c->budget <= 0) break;
    }
    for (int i = 0; i < m; i++)
        c->best[i] = i; /* the whole path always names it */
    return m > 0 ? m : 0;
}

/* Whether another move of 'legal' has the same from and to but takes other pieces. */
static bool ambiguous(const struct pdn_move *move, const struct pdn_movelist *legal)
{
    for (int i = 0; legal && i < legal->count && i < PDN_MOVES_MAX; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (m->from == move->from && m->to == move->to && m->captured != move->captured)
            return true;
    }
    return false;
}

size_t pdn_move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                     const struct pdn_movelist *legal, enum pdn_capture_notation notation,
                     enum pdn_variant variant)
{
    const struct geometry *g = geometry_get(variant);
    size_t at = put(out, 0, 0, move->from, g);
    if (move->ncaptured == 0) return put(out, at, '-', move->to, g);
    if (notation == PDN_CAPTURE_FULL_WHEN_AMBIGUOUS && !ambiguous(move, legal))
        return put(out, at, 'x', move->to, g);
    if (notation != PDN_CAPTURE_SHORTEST) return pdn_move_path_text(out, move, variant);
    struct choice c = {.move = move};
    int k = needed_squares(&c, legal);
    for (int i = 0; i < k; i++)
        at = put(out, at, 'x', move->path[c.best[i]], g);
    return put(out, at, 'x', move->to, g);
}

size_t pdn_move_to_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                        const struct pdn_movelist *legal, enum pdn_capture_notation notation)
{
    return pdn_move_text(out, move, legal, notation, NUMBERED_BOARD);
}

size_t pdn_move_text_algebraic(char out[PDN_MOVE_TEXT_MAX], const char *text,
                               enum pdn_variant variant)
{
    size_t n = 0;
    out[0] = '\0';
    if (!text || (unsigned)variant >= PDN_VARIANT_COUNT) return 0;
    const struct geometry *g = geometry_get(variant);
    for (const char *p = text; *p;) {
        if (*p < '0' || *p > '9') {
            if (n + 1 >= PDN_MOVE_TEXT_MAX) return out[0] = '\0', 0;
            out[n++] = *p++;
            continue;
        }
        int v = 0;
        while (*p >= '0' && *p <= '9' && v < 1000)
            v = v * 10 + (*p++ - '0');
        char name[4];
        if (v < 1 || v > g->squares || n + 4 >= PDN_MOVE_TEXT_MAX) return out[0] = '\0', 0;
        int len = geo_square_name(name, g, v);
        memcpy(out + n, name, (size_t)len);
        n += (size_t)len;
    }
    out[n] = '\0';
    return n;
}
