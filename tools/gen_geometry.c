/*
 * Build-time generator of the board geometry: writes to standard output the
 * constant initialiser of geometry_table (lib/geometry.h), one entry per
 * row of lib/rules_table.h, which lib/board.c includes. The library then
 * keeps no table filled at run time, so it has no writable global and no
 * first-use race. Run by the Makefile on the build machine; not installed,
 * not linked into anything.
 */
#include "geometry.h"
#include "rules_table.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Column (0..width-1) of a square, counted from White's left. Squares are
 * numbered left to right from the top row; on a mirrored board (Italian)
 * the top row starts at the left edge, elsewhere one column in. */
static int square_column(int square, int per_row, bool mirrored)
{
    int row = (square - 1) / per_row, pos = (square - 1) % per_row;
    return 2 * pos + ((row % 2 == 0) != mirrored ? 1 : 0);
}

static int square_at(int row, int col, int width, int height, bool mirrored)
{
    if (row < 0 || row >= height || col < 0 || col >= width) return 0;
    if (((row % 2 == 0) != (col % 2 == 1)) != mirrored) return 0; /* a light square */
    return row * (width / 2) + col / 2 + 1;
}

/* The bit of a square: one ghost bit after every two rows, placed after the
 * row that starts one column in, so that each diagonal step is the same
 * distance from every row (a mirrored board shifts the ghosts by a row). */
static int square_bit(int square, int width, bool mirrored)
{
    return (square - 1) + (square - 1 + (mirrored ? width / 2 : 0)) / width;
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
        int b = square_bit(s, r->width, r->mirrored);
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
        int row = (s - 1) / per_row, col = square_column(s, per_row, r->mirrored);
        g->row[g->bit_of[s]] = (int8_t)row;
        g->col[g->bit_of[s]] = (int8_t)col;
        /* The long diagonal joins the two dark corners (the "big road"). */
        if (col == (r->mirrored ? row : r->width - 1 - row)) g->long_diagonal |= bit(g->bit_of[s]);
        for (int d = 0; d < DIR_COUNT; d++) {
            int t = square_at(row + drow[d], col + dcol[d], r->width, r->height, r->mirrored);
            if (t) g->next[g->bit_of[s]][d] = g->bit_of[t];
        }
    }
}

/* The move generator shifts bits by the fixed steps: every neighbour must be
 * one step away and every step off the board must land off the squares. */
static bool steps_hold(const struct geometry *g)
{
    for (int s = 1; s <= g->squares; s++)
        for (int d = 0; d < DIR_COUNT; d++) {
            int b = g->bit_of[s], t = b + g->step[d], n = g->next[b][d];
            bool on = t >= 0 && t < GEO_BITS && (g->valid & bit(t));
            if (n != GEO_NONE ? n != t : on) return false;
        }
    return true;
}

/* "{a, b, c}", 16 numbers a line. */
static void print_array(const char *name, const void *v, size_t n, bool is_signed)
{
    printf("        .%s = {", name);
    for (size_t i = 0; i < n; i++) {
        int x = is_signed ? ((const int8_t *)v)[i] : ((const uint8_t *)v)[i];
        printf("%s%s%d", i ? "," : "", i % 16 ? " " : "\n            ", x);
    }
    printf("},\n");
}

static void print_pair(const char *name, const uint64_t v[2])
{
    printf("        .%s = {UINT64_C(0x%016" PRIx64 "), UINT64_C(0x%016" PRIx64 ")},\n", name, v[0],
           v[1]);
}

static void print_geometry(const struct geometry *g, int variant)
{
    printf("    [%d] = {\n", variant);
    printf("        .rules = &rules_table[%d],\n", variant);
    printf("        .squares = %d,\n", g->squares);
    printf("        .step = {%d, %d, %d, %d},\n", g->step[0], g->step[1], g->step[2], g->step[3]);
    printf("        .valid = UINT64_C(0x%016" PRIx64 "),\n", g->valid);
    printf("        .long_diagonal = UINT64_C(0x%016" PRIx64 "),\n", g->long_diagonal);
    print_pair("promotion", g->promotion);
    print_pair("start", g->start);
    print_array("bit_of", g->bit_of, sizeof g->bit_of, false);
    print_array("square_of", g->square_of, sizeof g->square_of, false);
    printf("        .next = {");
    for (int b = 0; b < GEO_BITS; b++) {
        const uint8_t *n = g->next[b];
        printf("%s%s{%d, %d, %d, %d}", b ? "," : "", b % 4 ? " " : "\n            ", n[0], n[1],
               n[2], n[3]);
    }
    printf("},\n");
    print_array("row", g->row, sizeof g->row, true);
    print_array("col", g->col, sizeof g->col, true);
    printf("    },\n");
}

int main(void)
{
    printf("/* Generated by tools/gen_geometry.c from lib/rules_table.h: do not edit. */\n");
    printf("const struct geometry geometry_table[PDN_VARIANT_COUNT] = {\n");
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        struct geometry g;
        geometry_build(&g, &rules_table[v]);
        if (!steps_hold(&g)) {
            fprintf(stderr, "gen_geometry: %s: a diagonal step is not constant\n",
                    rules_table[v].name);
            return 1;
        }
        print_geometry(&g, v);
    }
    printf("};\n");
    return fflush(stdout) != 0 || ferror(stdout) ? 1 : 0;
}
