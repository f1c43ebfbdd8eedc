/*
 * Board geometry (private): the mapping between numbered squares and the
 * internal bit layout, direction steps and masks, one table per variant.
 * Holds no game logic.
 *
 * Layout: with R squares per row (width / 2), square s (1-based) lives at
 * bit (s - 1) + (s - 1) / (2R): one unused "ghost" bit after every two rows
 * (on a mirrored board, whose top row starts at the left edge, (s - 1) +
 * (s - 1 + R) / (2R): the ghosts come a row earlier).
 * The four diagonal neighbours of a bit are then at fixed distances, R and
 * R + 1, and a step off the board edge lands on a ghost bit or outside the
 * mask, so moves are shifts. 10x10 uses 54 bits, 8x8 35.
 */
#ifndef PDN_GEOMETRY_H
#define PDN_GEOMETRY_H

#include "pdn.h"

enum { DIR_UL, DIR_UR, DIR_DL, DIR_DR, DIR_COUNT }; /* up = towards square 1 */

#define GEO_BITS 64
#define GEO_NONE 0xFF

struct geometry {
    const struct pdn_rules *rules;       /* the variant's row of the rules table */
    int squares;                         /* numbered squares */
    int step[DIR_COUNT];                 /* signed bit distance of each direction */
    uint64_t valid;                      /* bits of real squares */
    uint64_t long_diagonal;              /* the diagonal joining the dark corners */
    uint64_t promotion[2];               /* far row of each colour */
    uint64_t start[2];                   /* men of each colour at the start */
    uint8_t bit_of[PDN_SQUARES_MAX + 1]; /* square -> bit */
    uint8_t square_of[GEO_BITS];         /* bit -> square, 0 for ghosts */
    uint8_t next[GEO_BITS][DIR_COUNT];   /* neighbour bit, or GEO_NONE */
    int8_t row[GEO_BITS], col[GEO_BITS]; /* board coordinates of each bit */
};

/* Constant, generated at build time (tools/gen_geometry.c); in board.c. */
extern const struct geometry geometry_table[PDN_VARIANT_COUNT];

static inline const struct geometry *geometry_get(enum pdn_variant variant)
{
    if ((unsigned)variant >= PDN_VARIANT_COUNT) variant = PDN_VARIANT_INTERNATIONAL;
    return &geometry_table[variant];
}

static inline uint64_t bit(int index)
{
    return (uint64_t)1 << index;
}

/* Shifts a set of bits one step in a direction (may set ghost bits). */
static inline uint64_t geo_shift(const struct geometry *g, uint64_t set, int dir)
{
    int s = g->step[dir];
    return s > 0 ? set << s : set >> -s;
}

/* The square of an algebraic file (0 for 'a') and rank (1 at White's side),
 * or 0 for a light square or one off the board. Squares are numbered left
 * to right from the top row, two columns apart (tools/gen_geometry.c): the
 * row's first square says where the others are. A scan of the board for
 * it was a sixth of pdncheck's time on files of algebraic moves. */
static inline int geo_square_algebraic(const struct geometry *g, int file, int rank)
{
    int row = g->rules->height - rank, per_row = g->rules->width / 2;
    if (row < 0 || row >= g->rules->height) return 0;
    int first = row * per_row + 1, k = file - g->col[g->bit_of[first]];
    if (k < 0 || k % 2 != 0 || k / 2 >= per_row) return 0;
    return first + k / 2;
}

/* The algebraic name of a square ("c3"), NUL-terminated; returns its length. */
static inline int geo_square_name(char out[4], const struct geometry *g, int square)
{
    int b = g->bit_of[square], rank = g->rules->height - g->row[b], n = 0;
    out[n++] = (char)('a' + g->col[b]);
    if (rank >= 10) out[n++] = (char)('0' + rank / 10);
    out[n++] = (char)('0' + rank % 10);
    out[n] = '\0';
    return n;
}

/*
 * The one writer of a square for people and programs (pdn_square_text): its
 * algebraic name ("c3") on the boards whose federations write squares so,
 * else its number. A number that is no square of the board ("there is no
 * square 33", a FEN's 0) stays the number written. Hand-made, not snprintf:
 * pdnfmt and pdn2csv write a square or more for every ply.
 */
static inline int geo_square_text(char out[PDN_SQUARE_TEXT_MAX], const struct geometry *g,
                                  int square)
{
    if (g->rules->algebraic && square >= 1 && square <= g->squares)
        return geo_square_name(out, g, square);
    char rev[PDN_SQUARE_TEXT_MAX];
    int n = 0, len = 0;
    unsigned v = square < 0 ? 0u - (unsigned)square : (unsigned)square;
    do
        rev[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    if (square < 0) out[len++] = '-';
    while (n > 0)
        out[len++] = rev[--n];
    out[len] = '\0';
    return len;
}

#endif
