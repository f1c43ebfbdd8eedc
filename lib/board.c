/*
 * The board: the rules table, the geometry of each variant (generated at
 * build time from its size), the position value type with its square
 * accessors, and playing a move already found legal. Finding moves is
 * movegen.c's; no text here (fen.c).
 */
#include "bits.h"
#include "board_play.h"
#include "geometry.h"
#include "rules_table.h"

#include <string.h>

/* The table of each variant's geometry, generated from rules_table by the
 * build (tools/gen_geometry.c): constant data, nothing computed at run time. */
#include "geometry_tables.h"

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
    if (board->pieces[PDN_COLOR_WHITE] & b)
        return king ? PDN_PIECE_WHITE_KING : PDN_PIECE_WHITE_MAN;
    if (board->pieces[PDN_COLOR_BLACK] & b)
        return king ? PDN_PIECE_BLACK_KING : PDN_PIECE_BLACK_MAN;
    return PDN_PIECE_EMPTY;
}

/* The colour and the rank of a piece other than PDN_PIECE_EMPTY. */
static enum pdn_color piece_color(enum pdn_piece piece)
{
    return piece <= PDN_PIECE_WHITE_KING ? PDN_COLOR_WHITE : PDN_COLOR_BLACK;
}

static bool piece_is_king(enum pdn_piece piece)
{
    return piece == PDN_PIECE_WHITE_KING || piece == PDN_PIECE_BLACK_KING;
}

int pdn_board_set(struct pdn_board *board, int square, enum pdn_piece piece)
{
    const struct geometry *g = geometry_get(board->variant);
    if (square < 1 || square > g->squares || (unsigned)piece > PDN_PIECE_BLACK_KING)
        return PDN_EINVAL;
    uint64_t b = bit(g->bit_of[square]);
    board->pieces[PDN_COLOR_WHITE] &= ~b;
    board->pieces[PDN_COLOR_BLACK] &= ~b;
    board->kings &= ~b;
    if (piece == PDN_PIECE_EMPTY) return PDN_OK;
    board->pieces[piece_color(piece)] |= b;
    if (piece_is_king(piece)) board->kings |= b;
    return PDN_OK;
}

int pdn_board_count(const struct pdn_board *board, enum pdn_piece piece)
{
    uint64_t set;
    if (piece >= PDN_PIECE_WHITE_MAN && piece <= PDN_PIECE_BLACK_KING) {
        uint64_t kings = piece_is_king(piece) ? board->kings : ~board->kings;
        set = board->pieces[piece_color(piece)] & kings;
    } else {
        const struct geometry *g = geometry_get(board->variant);
        set = g->valid & ~(board->pieces[PDN_COLOR_WHITE] | board->pieces[PDN_COLOR_BLACK]);
    }
    return bits_count(set);
}

bool pdn_board_equal(const struct pdn_board *a, const struct pdn_board *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->kings == b->kings &&
           a->side == b->side && a->side_known == b->side_known && a->variant == b->variant;
}

void pdn_board_play(struct pdn_board *board, const struct pdn_move *move)
{
    board_play(board, move);
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

int pdn_square_from_name(enum pdn_variant variant, const char *name)
{
    if ((unsigned)variant >= PDN_VARIANT_COUNT || !name || name[0] < 'a' || name[0] > 'j') return 0;
    int rank = 0, i = 1;
    for (; name[i] >= '0' && name[i] <= '9' && i < 3; i++)
        rank = rank * 10 + (name[i] - '0');
    if (name[i] != '\0' || name[1] == '0') return 0;
    return geo_square_algebraic(geometry_get(variant), name[0] - 'a', rank);
}

size_t pdn_square_text(char out[PDN_SQUARE_TEXT_MAX], enum pdn_variant variant, int square)
{
    return (size_t)geo_square_text(out, geometry_get(variant), square);
}

size_t pdn_square_name(char out[4], enum pdn_variant variant, int square)
{
    out[0] = '\0';
    if ((unsigned)variant >= PDN_VARIANT_COUNT) return 0;
    const struct geometry *g = geometry_get(variant);
    if (square < 1 || square > g->squares) return 0;
    return (size_t)geo_square_name(out, g, square);
}
