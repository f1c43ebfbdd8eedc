/*
 * The board: the rules table, the geometry of each variant (built once from
 * its size), the position value type with its square accessors, and playing
 * a move already found legal. Finding moves is movegen.c's; no text here
 * (fen.c).
 */
#include "geometry.h"

#include <string.h>

static const struct pdn_rules rules_table[PDN_VARIANT_COUNT] = {
    /* name, GameType, width, height, men capture backward, flying kings,
     * maximum capture, promotion in passing, black moves first */
    [PDN_VARIANT_INTERNATIONAL] = {"international", 20, 10, 10, true, true, true, false, false},
    [PDN_VARIANT_BRAZILIAN] = {"brazilian", 26, 8, 8, true, true, true, false, false},
    [PDN_VARIANT_RUSSIAN] = {"russian", 25, 8, 8, true, true, false, true, false},
    [PDN_VARIANT_ENGLISH] = {"english", 21, 8, 8, false, false, false, false, true},
};

const struct pdn_rules *pdn_rules_get(enum pdn_variant variant)
{
    if ((unsigned)variant >= PDN_VARIANT_COUNT) return NULL;
    return &rules_table[variant];
}

bool pdn_variant_from_gametype(enum pdn_variant *out, int gametype)
{
    for (int v = 0; v < PDN_VARIANT_COUNT; v++)
        if (rules_table[v].gametype == gametype) {
            if (out) *out = (enum pdn_variant)v;
            return true;
        }
    return false;
}

/* Column (0..width-1) of a square, counted from White's left. */
static int square_column(int square, int per_row)
{
    int row = (square - 1) / per_row, pos = (square - 1) % per_row;
    return 2 * pos + (row % 2 == 0 ? 1 : 0);
}

static int square_at(int row, int col, int width, int height)
{
    if (row < 0 || row >= height || col < 0 || col >= width) return 0;
    if ((row % 2 == 0) != (col % 2 == 1)) return 0; /* a light square */
    return row * (width / 2) + col / 2 + 1;
}

static void geometry_build(struct geometry *g, const struct pdn_rules *r)
{
    int per_row = r->width / 2;
    static const int drow[DIR_COUNT] = {-1, -1, 1, 1}, dcol[DIR_COUNT] = {-1, 1, -1, 1};
    memset(g, 0, sizeof *g);
    memset(g->next, GEO_NONE, sizeof g->next);
    g->rules = r;
    g->squares = per_row * r->height;
    g->step[DIR_UL] = -(per_row + 1);
    g->step[DIR_UR] = -per_row;
    g->step[DIR_DL] = per_row;
    g->step[DIR_DR] = per_row + 1;
    for (int s = 1; s <= g->squares; s++) {
        int b = (s - 1) + (s - 1) / r->width;
        g->bit_of[s] = (uint8_t)b;
        g->square_of[b] = (uint8_t)s;
        g->valid |= bit(b);
        if (s <= per_row) g->promotion[PDN_COLOR_WHITE] |= bit(b);
        if (s > g->squares - per_row) g->promotion[PDN_COLOR_BLACK] |= bit(b);
        /* men fill all rows but the two in the middle */
        if (s <= g->squares / 2 - per_row) g->start[PDN_COLOR_BLACK] |= bit(b);
        if (s > g->squares / 2 + per_row) g->start[PDN_COLOR_WHITE] |= bit(b);
    }
    for (int s = 1; s <= g->squares; s++) {
        int row = (s - 1) / per_row, col = square_column(s, per_row);
        g->row[g->bit_of[s]] = (int8_t)row;
        g->col[g->bit_of[s]] = (int8_t)col;
        for (int d = 0; d < DIR_COUNT; d++) {
            int t = square_at(row + drow[d], col + dcol[d], r->width, r->height);
            if (t) g->next[g->bit_of[s]][d] = g->bit_of[t];
        }
    }
}

struct geometry geometry_table[PDN_VARIANT_COUNT];
bool geometry_built;

/* Benign under races: every thread writes identical bytes before the flag. */
void geometry_build_all(void)
{
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) geometry_build(&geometry_table[v], &rules_table[v]);
    geometry_built = true;
}

void pdn_board_clear(struct pdn_board *out, enum pdn_variant variant)
{
    memset(out, 0, sizeof *out);
    out->side = PDN_COLOR_WHITE;
    out->side_known = 1;
    out->variant = (uint8_t)((unsigned)variant < PDN_VARIANT_COUNT ? variant : 0);
}

void pdn_board_init(struct pdn_board *out, enum pdn_variant variant)
{
    pdn_board_clear(out, variant);
    const struct geometry *g = geometry_get(out->variant);
    out->pieces[PDN_COLOR_WHITE] = g->start[PDN_COLOR_WHITE];
    out->pieces[PDN_COLOR_BLACK] = g->start[PDN_COLOR_BLACK];
    if (pdn_rules_get(out->variant)->black_moves_first) out->side = PDN_COLOR_BLACK;
}

int pdn_board_squares(const struct pdn_board *board)
{
    return geometry_get(board->variant)->squares;
}

enum pdn_piece pdn_board_get(const struct pdn_board *board, int square)
{
    const struct geometry *g = geometry_get(board->variant);
    if (square < 1 || square > g->squares) return PDN_PIECE_EMPTY;
    uint64_t b = bit(g->bit_of[square]);
    bool king = (board->kings & b) != 0;
    if (board->pieces[PDN_COLOR_WHITE] & b) return king ? PDN_PIECE_WHITE_KING : PDN_PIECE_WHITE_MAN;
    if (board->pieces[PDN_COLOR_BLACK] & b) return king ? PDN_PIECE_BLACK_KING : PDN_PIECE_BLACK_MAN;
    return PDN_PIECE_EMPTY;
}

int pdn_board_set(struct pdn_board *board, int square, enum pdn_piece piece)
{
    const struct geometry *g = geometry_get(board->variant);
    if (square < 1 || square > g->squares || (unsigned)piece > PDN_PIECE_BLACK_KING) return PDN_EINVAL;
    uint64_t b = bit(g->bit_of[square]);
    board->pieces[PDN_COLOR_WHITE] &= ~b;
    board->pieces[PDN_COLOR_BLACK] &= ~b;
    board->kings &= ~b;
    if (piece == PDN_PIECE_EMPTY) return PDN_OK;
    board->pieces[piece <= PDN_PIECE_WHITE_KING ? PDN_COLOR_WHITE : PDN_COLOR_BLACK] |= b;
    if (piece == PDN_PIECE_WHITE_KING || piece == PDN_PIECE_BLACK_KING) board->kings |= b;
    return PDN_OK;
}

int pdn_board_count(const struct pdn_board *board, enum pdn_piece piece)
{
    uint64_t set;
    switch (piece) {
    case PDN_PIECE_WHITE_MAN: set = board->pieces[PDN_COLOR_WHITE] & ~board->kings; break;
    case PDN_PIECE_WHITE_KING: set = board->pieces[PDN_COLOR_WHITE] & board->kings; break;
    case PDN_PIECE_BLACK_MAN: set = board->pieces[PDN_COLOR_BLACK] & ~board->kings; break;
    case PDN_PIECE_BLACK_KING: set = board->pieces[PDN_COLOR_BLACK] & board->kings; break;
    default: {
        const struct geometry *g = geometry_get(board->variant);
        set = g->valid & ~(board->pieces[PDN_COLOR_WHITE] | board->pieces[PDN_COLOR_BLACK]);
    }
    }
    return __builtin_popcountll(set);
}

bool pdn_board_equal(const struct pdn_board *a, const struct pdn_board *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side && a->side_known == b->side_known &&
           a->variant == b->variant;
}

void pdn_board_play(struct pdn_board *board, const struct pdn_move *move)
{
    const struct geometry *g = geometry_get(board->variant);
    uint64_t from = bit(g->bit_of[move->from]), to = bit(g->bit_of[move->to]);
    int side = board->side;
    bool king = (board->kings & from) != 0;
    board->pieces[!side] &= ~move->captured;
    board->kings &= ~move->captured;
    board->pieces[side] = (board->pieces[side] & ~from) | to;
    board->kings &= ~from;
    if (king || move->promotes) board->kings |= to;
    board->side = (uint8_t)!side;
}

int pdn_move_captures(uint8_t out[PDN_PATH_MAX], const struct pdn_move *move,
                              enum pdn_variant variant)
{
    const struct geometry *g = geometry_get(variant);
    int n = 0;
    for (uint64_t c = move->captured; c && n < PDN_PATH_MAX; c &= c - 1)
        out[n++] = g->square_of[__builtin_ctzll(c)];
    return n; /* bits ascend with square numbers, so the list is sorted */
}
