/*
 * The engine's evaluation and position keys. The score of a position is
 * material (a man 100; a king 300 where kings fly, 160 where they step),
 * and for each man a piece-square value built from the variant's geometry:
 * advancement (rows from its own side, more on the row before promotion),
 * the centre (columns away from the edges), the back rank kept (it stops
 * the opponent's kings); plus the tempo, a small bonus for the side to
 * move. Keys are hashes of the board words: no random tables, so nothing
 * global is written.
 */
#include "bits.h"
#include "engine.h"

/* splitmix64's finaliser: a good 64-bit mixer, cheap enough per node. */
static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

uint64_t engine_key(const struct pdn_board *b)
{
    uint64_t k = mix64(b->pieces[0] ^ 0x9e3779b97f4a7c15ULL);
    k ^= mix64(b->pieces[1] + 0x632be59bd9b4e019ULL) * 3;
    k ^= mix64(b->kings ^ 0x8cb92ba72f3d8dd7ULL) * 5;
    return b->side ? ~k : k;
}

#define TEMPO 5

static int man_value(const struct geometry *g, int bit_index, int color)
{
    int h = g->rules->height, w = g->rules->width;
    int row = g->row[bit_index], col = g->col[bit_index];
    int advanced = color == PDN_COLOR_WHITE ? h - 1 - row : row;
    int from_edge = col < w - 1 - col ? col : w - 1 - col;
    int v = 100 + 3 * advanced + 3 * from_edge;
    if (advanced == h - 2) v += 20;          /* one step from crowning */
    if (advanced == 0) v += h == 8 ? 10 : 5; /* the back rank guards */
    return v;
}

void engine_eval_prepare(struct eval_tables *out, enum pdn_variant variant)
{
    const struct geometry *g = geometry_get(variant);
    for (int b = 0; b < GEO_BITS; b++)
        for (int c = 0; c < 2; c++)
            out->pst[c][b] = (g->valid & bit(b)) ? man_value(g, b, c) : 0;
    out->king_value = g->rules->flying_kings ? 300 : 160;
}

static int side_value(const struct eval_tables *t, const struct pdn_board *b, int color)
{
    uint64_t own = b->pieces[color];
    int v = bits_count(own & b->kings) * t->king_value;
    for (uint64_t men = own & ~b->kings; men; men &= men - 1)
        v += t->pst[color][__builtin_ctzll(men)];
    return v;
}

/* The most an evaluation says: below any win the search scores (WIN_BOUND)
 * and any a score's text tells as one (pdn_engine_score_text). Reached
 * only in positions no game reaches: 34 flying kings a side are 10200
 * (a review found one read as a win at depth 1). */
#define EVAL_MAX (PDN_ENGINE_WIN - 2 * PDN_ENGINE_DEPTH_MAX - 1)

static int clamp_eval(int v)
{
    return v > EVAL_MAX ? EVAL_MAX : v < -EVAL_MAX ? -EVAL_MAX : v;
}

static int static_eval(const struct eval_tables *t, const struct pdn_board *b)
{
    return clamp_eval(side_value(t, b, b->side) - side_value(t, b, !b->side) + TEMPO);
}

static int noise(const struct pdn_engine *e, uint64_t key)
{
    int n = e->limits ? e->limits->noise : 0;
    if (n <= 0) return 0;
    return (int)(mix64(key ^ e->limits->seed) % (uint64_t)(2 * n + 1)) - n;
}

int engine_eval(const struct pdn_engine *e, const struct pdn_board *b, uint64_t key)
{
    return clamp_eval(static_eval(&e->eval, b) + noise(e, key));
}

int pdn_engine_evaluate(const struct pdn_board *board)
{
    struct eval_tables t;
    engine_eval_prepare(&t, board->variant);
    return static_eval(&t, board);
}
