/*
 * Diagram: a position drawn for people, as text (ASCII or Unicode, with or
 * without ANSI colour) or as an SVG image, with the last move marked.
 *
 * It writes only to the stream it is given, never to stdout on its own, and
 * knows nothing of games or replays: a board, and optionally the move that
 * led to it. Where a square is drawn comes from the geometry table, the one
 * home of the numbering (square 1 at the top left, row 0 column 1). SVG
 * numbers are integers only, so a caller's LC_NUMERIC cannot turn a point
 * into a comma.
 */
#include "geometry.h"
#include "options.h"

#include <string.h>

enum mark { MARK_NONE, MARK_FROM, MARK_TAKEN, MARK_TO };

/* What the last move marks, by square. */
struct marks {
    uint8_t at[PDN_SQUARES_MAX + 1];
};

static const struct pdn_diagram_options default_options = PDN_DIAGRAM_OPTIONS_INIT;

static const struct pdn_diagram_options *checked_options(const struct pdn_diagram_options *o)
{
    if (o == NULL) return &default_options;
    if (!options_ok(o->version, PDN_DIAGRAM_OPTIONS_VERSION)) return NULL;
    return o;
}

/* From, then captured, then to: a capture that ends where it began shows
 * its end. */
static void marks_of(struct marks *out, const struct pdn_board *board, const struct pdn_move *move)
{
    memset(out, 0, sizeof *out);
    if (move == NULL) return;
    int squares = pdn_board_squares(board);
    if (move->from >= 1 && move->from <= squares) out->at[move->from] = MARK_FROM;
    uint8_t taken[PDN_PATH_MAX];
    int n = pdn_move_captures(taken, move, (enum pdn_variant)board->variant);
    for (int i = 0; i < n; i++)
        if (taken[i] >= 1 && taken[i] <= squares) out->at[taken[i]] = MARK_TAKEN;
    if (move->to >= 1 && move->to <= squares) out->at[move->to] = MARK_TO;
}

/* Where square s is drawn, flipped or not. */
static void square_place(const struct geometry *g, int s, bool flip, int *row, int *col)
{
    int b = g->bit_of[s];
    *row = g->row[b];
    *col = g->col[b];
    if (flip) {
        *row = g->rules->height - 1 - *row;
        *col = g->rules->width - 1 - *col;
    }
}

/* The squares are numbered row by row from the top (tools/gen_geometry.c),
 * so only the row's are looked at: a search of all of them for each place
 * drawn was a third of pdnreplay --text. */
int pdn_diagram_square_at(enum pdn_variant variant, int row, int col, bool flip)
{
    if ((unsigned)variant >= PDN_VARIANT_COUNT) return 0;
    const struct geometry *g = geometry_get(variant);
    int height = g->rules->height, width = g->rules->width, per_row = width / 2;
    if (flip) row = height - 1 - row, col = width - 1 - col;
    if (row < 0 || row >= height) return 0;
    for (int s = row * per_row + 1; s <= (row + 1) * per_row; s++)
        if (g->col[g->bit_of[s]] == col) return s;
    return 0;
}

/* ---- Text ------------------------------------------------------------------ */

struct glyphs {
    const char *piece[PDN_PIECE_BLACK_KING + 1]; /* by enum pdn_piece */
    const char *from, *taken;
    const char *top_left, *top_right, *bottom_left, *bottom_right, *across, *down;
};

static const struct glyphs ascii_glyphs = {
    {" ", "w", "W", "b", "B"}, ".", "x", "+", "+", "+", "+", "-", "|",
};

static const struct glyphs unicode_glyphs = {
    {" ", "\u25cb", "\u2654", "\u25cf", "\u265a"}, /* ○ ♔ ● ♚ */
    "\u00b7",                                      /* · */
    "\u00d7",                                      /* × */
    "\u250c",
    "\u2510",
    "\u2514",
    "\u2518",
    "\u2500",
    "\u2502",
};

#define SGR_DIM "\033[2m"
#define SGR_MARK "\033[1;33m"
#define SGR_RESET "\033[0m"

/*
 * A line of the drawing, gathered and written with one fwrite: a call to
 * fprintf a cell was two fifths of pdnreplay --text. Room for the widest:
 * ten cells of a marked, coloured piece ("\033[1;33m[\u265a]\033[0m", 16
 * bytes) between the two borders, or a rule of 30 three-byte strokes.
 */
enum { LINE_ROOM = 256 };
_Static_assert(2 * 3 + 10 * 16 + 1 <= LINE_ROOM && 2 * 3 + 30 * 3 + 1 <= LINE_ROOM,
               "the widest line fits");

struct line {
    char text[LINE_ROOM];
    size_t len;
};

static void add(struct line *l, const char *s)
{
    size_t n = strlen(s);
    memcpy(l->text + l->len, s, n);
    l->len += n;
}

/* One marked cell: "[", what the square shows, "]". */
static void put_marked(struct line *l, const struct glyphs *gl, enum mark mark,
                       enum pdn_piece piece, bool color)
{
    const char *inner = piece != PDN_PIECE_EMPTY ? gl->piece[piece]
                        : mark == MARK_TAKEN     ? gl->taken
                        : mark == MARK_FROM      ? gl->from
                                                 : gl->piece[PDN_PIECE_EMPTY];
    if (color) add(l, SGR_MARK);
    add(l, "[");
    add(l, inner);
    add(l, "]");
    if (color) add(l, SGR_RESET);
}

/* An empty square shows its text, "22" or "c3" (" 5" for a single
 * character), dimmed in colour. */
static void put_label(struct line *l, const struct pdn_board *board, int square, bool color)
{
    char text[PDN_SQUARE_TEXT_MAX];
    pdn_square_text(text, (enum pdn_variant)board->variant, square);
    if (color) add(l, SGR_DIM);
    if (text[0] && !text[1]) add(l, " ");
    add(l, text);
    if (color) add(l, SGR_RESET);
    add(l, " ");
}

/* One three-column cell of the grid. */
static void put_cell(struct line *l, const struct pdn_board *board, int square,
                     const struct marks *m, const struct pdn_diagram_options *o)
{
    const struct glyphs *gl = o->unicode ? &unicode_glyphs : &ascii_glyphs;
    if (square == 0) {
        add(l, "   ");
        return;
    }
    enum pdn_piece piece = pdn_board_get(board, square);
    if (m->at[square] != MARK_NONE) {
        put_marked(l, gl, (enum mark)m->at[square], piece, o->color);
    } else if (piece != PDN_PIECE_EMPTY) {
        add(l, " ");
        add(l, gl->piece[piece]);
        add(l, " ");
    } else {
        put_label(l, board, square, o->color);
    }
}

static void put_rule(FILE *out, const struct glyphs *gl, const char *left, const char *right,
                     int cells)
{
    struct line l = {.len = 0};
    add(&l, left);
    for (int i = 0; i < 3 * cells; i++)
        add(&l, gl->across);
    add(&l, right);
    add(&l, "\n");
    fwrite(l.text, 1, l.len, out);
}

static int stream_status(FILE *out)
{
    return ferror(out) ? PDN_EIO : PDN_OK;
}

int pdn_diagram_text(FILE *out, const struct pdn_board *board,
                     const struct pdn_diagram_options *options)
{
    const struct pdn_diagram_options *o = checked_options(options);
    if (out == NULL || board == NULL || o == NULL) return PDN_EINVAL;
    const struct glyphs *gl = o->unicode ? &unicode_glyphs : &ascii_glyphs;
    const struct pdn_rules *rules = geometry_get((enum pdn_variant)board->variant)->rules;
    struct marks m;
    marks_of(&m, board, o->last);
    put_rule(out, gl, gl->top_left, gl->top_right, rules->width);
    for (int row = 0; row < rules->height; row++) {
        struct line l = {.len = 0};
        add(&l, gl->down);
        for (int col = 0; col < rules->width; col++) {
            int s = pdn_diagram_square_at((enum pdn_variant)board->variant, row, col, o->flip);
            put_cell(&l, board, s, &m, o);
        }
        add(&l, gl->down);
        add(&l, "\n");
        fwrite(l.text, 1, l.len, out);
    }
    put_rule(out, gl, gl->bottom_left, gl->bottom_right, rules->width);
    return stream_status(out);
}

/* ---- SVG ------------------------------------------------------------------- */

#define SVG_LIGHT "#f0d9b5"
#define SVG_DARK "#b58863"
#define SVG_FRAME "#6b4226"
#define SVG_NUMBER "#f8ecd8"
#define SVG_MARK "#f6e05e"
#define SVG_ARROW "#c62828"

/* Pixel geometry of one drawing: square size, frame width, flip. */
struct svg_layout {
    const struct geometry *g;
    int size, frame;
    bool flip;
};

/* Top left corner of square s. */
static void svg_corner(const struct svg_layout *l, int s, int *x, int *y)
{
    int row, col;
    square_place(l->g, s, l->flip, &row, &col);
    *x = l->frame + col * l->size;
    *y = l->frame + row * l->size;
}

static void svg_center(const struct svg_layout *l, int s, int *x, int *y)
{
    svg_corner(l, s, x, y);
    *x += l->size / 2;
    *y += l->size / 2;
}

static void svg_escaped(FILE *out, const char *s)
{
    static const char *const entity[128] = {
        ['&'] = "&amp;",
        ['<'] = "&lt;",
        ['>'] = "&gt;",
        ['"'] = "&quot;",
    };
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 128 && entity[*p])
            fputs(entity[*p], out);
        else if (*p >= 0x20 || *p == '\t' || *p == '\n' || *p == '\r')
            putc(*p, out);
        /* other control characters are not XML: left out */
    }
}

static void svg_head(FILE *out, const struct svg_layout *l, const char *title)
{
    int w = 2 * l->frame + l->g->rules->width * l->size;
    int h = 2 * l->frame + l->g->rules->height * l->size;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\">\n",
            w, h, w, h);
    if (title) {
        fputs("<title>", out);
        svg_escaped(out, title);
        fputs("</title>\n", out);
    }
    fprintf(out,
            "<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" "
            "markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
            "fill=\"" SVG_ARROW "\"/></marker></defs>\n"
            "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"" SVG_FRAME
            "\"/>\n"
            "<rect class=\"light\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"" SVG_LIGHT
            "\"/>\n",
            w, h, l->frame, l->frame, w - 2 * l->frame, h - 2 * l->frame);
}

/* The dark squares with their texts (numbers, or "c3" where the variant
 * writes squares so), highlighted where the last move started and ended. */
static void svg_squares(FILE *out, const struct svg_layout *l, const struct marks *m,
                        enum pdn_variant variant)
{
    /* In the corner, clear of a piece: numbers stay readable under pieces. */
    int font = l->size / 5;
    fputs("<g class=\"squares\">\n", out);
    for (int s = 1; s <= l->g->squares; s++) {
        int x, y;
        svg_corner(l, s, &x, &y);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"" SVG_DARK "\"/>",
                x, y, l->size, l->size);
        if (m->at[s] == MARK_FROM || m->at[s] == MARK_TO)
            fprintf(out,
                    "<rect class=\"mark\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"" SVG_MARK "\" fill-opacity=\"0.5\"/>",
                    x, y, l->size, l->size);
        char text[PDN_SQUARE_TEXT_MAX];
        pdn_square_text(text, variant, s);
        /* The light numbers vanish on the yellow of a marked square: dark there. */
        bool marked = m->at[s] == MARK_FROM || m->at[s] == MARK_TO;
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
                "font-size=\"%d\" fill=\"%s\">%s</text>\n",
                x + 1 + l->size / 56, y + font, font, marked ? SVG_FRAME : SVG_NUMBER, text);
    }
    fputs("</g>\n", out);
}

static const char *piece_class(enum pdn_piece p)
{
    switch (p) {
    case PDN_PIECE_WHITE_MAN:
        return "white-man";
    case PDN_PIECE_WHITE_KING:
        return "white-king";
    case PDN_PIECE_BLACK_MAN:
        return "black-man";
    default:
        return "black-king";
    }
}

/* A crown on a king: a five-point outline over the piece's centre. */
static void svg_crown(FILE *out, int cx, int cy, int k)
{
    fprintf(out,
            "<path class=\"crown\" d=\"M%d,%d L%d,%d L%d,%d L%d,%d L%d,%d L%d,%d L%d,%d z\" "
            "fill=\"#d4a017\" stroke=\"#5a4500\" stroke-width=\"1\"/>",
            cx - k, cy + k / 2, cx - k, cy - k / 2, cx - k / 2, cy, cx, cy - k * 3 / 4, cx + k / 2,
            cy, cx + k, cy - k / 2, cx + k, cy + k / 2);
}

static int piece_radius(const struct svg_layout *l)
{
    return l->size * 11 / 32;
}

static void svg_piece(FILE *out, const struct svg_layout *l, int s, enum pdn_piece p)
{
    bool white = p == PDN_PIECE_WHITE_MAN || p == PDN_PIECE_WHITE_KING;
    int cx, cy, r = piece_radius(l);
    svg_center(l, s, &cx, &cy);
    fprintf(out, "<g class=\"piece %s\" data-square=\"%d\">", piece_class(p), s);
    fprintf(out,
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>",
            cx, cy, r, white ? "#fbfbf6" : "#262626", white ? "#3a3a3a" : "#000000");
    fprintf(out,
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"%s\" "
            "stroke-width=\"1\"/>",
            cx, cy, r * 2 / 3, white ? "#9a9a9a" : "#6a6a6a");
    if (p == PDN_PIECE_WHITE_KING || p == PDN_PIECE_BLACK_KING) svg_crown(out, cx, cy, r / 2);
    fputs("</g>\n", out);
}

/* A cross on each square the last move took a piece from. */
static void svg_taken(FILE *out, const struct svg_layout *l, const struct marks *m)
{
    int k = l->size / 4;
    for (int s = 1; s <= l->g->squares; s++) {
        if (m->at[s] != MARK_TAKEN) continue;
        int cx, cy;
        svg_center(l, s, &cx, &cy);
        fprintf(out,
                "<path class=\"taken\" d=\"M%d,%d L%d,%d M%d,%d L%d,%d\" stroke=\"" SVG_ARROW
                "\" stroke-width=\"%d\" stroke-linecap=\"round\"/>\n",
                cx - k, cy - k, cx + k, cy + k, cx - k, cy + k, cx + k, cy - k, l->size / 12);
    }
}

/* The integer square root of v >= 0 (Newton's): the library needs no libm. */
static int isqrt(int v)
{
    if (v < 2) return v;
    int r = v, s = (r + v / r) / 2;
    while (s < r)
        r = s, s = (r + v / r) / 2;
    return r;
}

/* a / b rounded to the nearest, b > 0. */
static int rounded(int a, int b)
{
    return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b);
}

/*
 * The last move as an arrow along its landing squares, its head stopping
 * at the rim of the piece that landed: over the piece it hid a king's
 * crown. The head reaches 3/10 of its width (4 strokes: the marker's
 * markerWidth and refX) past the line's end.
 */
static void svg_arrow(FILE *out, const struct svg_layout *l, const struct pdn_move *move)
{
    int squares = l->g->squares, x, y;
    if (move->from < 1 || move->from > squares || move->to < 1 || move->to > squares) return;
    svg_center(l, move->from, &x, &y);
    fprintf(out, "<polyline class=\"last-move\" points=\"%d,%d", x, y);
    int n = move->npath <= PDN_PATH_MAX ? move->npath : PDN_PATH_MAX;
    for (int i = 0; i < n; i++) {
        bool last = i == n - 1 && move->path[i] == move->to; /* drawn below, shortened */
        if (move->path[i] < 1 || move->path[i] > squares || last) continue;
        svg_center(l, move->path[i], &x, &y);
        fprintf(out, " %d,%d", x, y);
    }
    int px = x, py = y; /* the last hop's start */
    svg_center(l, move->to, &x, &y);
    int stroke = l->size / 10, back = piece_radius(l) + stroke * 4 * 3 / 10;
    int dx = x - px, dy = y - py, len = isqrt(dx * dx + dy * dy);
    if (len > 2 * back) x -= rounded(dx * back, len), y -= rounded(dy * back, len);
    fprintf(out, " %d,%d", x, y);
    fprintf(out,
            "\" fill=\"none\" stroke=\"" SVG_ARROW "\" stroke-opacity=\"0.8\" stroke-width=\"%d\" "
            "stroke-linejoin=\"round\" marker-end=\"url(#arrowhead)\"/>\n",
            stroke);
}

int pdn_diagram_svg(FILE *out, const struct pdn_board *board,
                    const struct pdn_diagram_options *options)
{
    const struct pdn_diagram_options *o = checked_options(options);
    if (out == NULL || board == NULL || o == NULL || o->square_size < 0) return PDN_EINVAL;
    int size = o->square_size ? o->square_size : 56;
    struct svg_layout l = {geometry_get((enum pdn_variant)board->variant), size, size / 3, o->flip};
    struct marks m;
    marks_of(&m, board, o->last);
    svg_head(out, &l, o->title);
    svg_squares(out, &l, &m, (enum pdn_variant)board->variant);
    fputs("<g class=\"pieces\">\n", out);
    for (int s = 1; s <= l.g->squares; s++) {
        enum pdn_piece p = pdn_board_get(board, s);
        if (p != PDN_PIECE_EMPTY) svg_piece(out, &l, s, p);
    }
    fputs("</g>\n", out);
    svg_taken(out, &l, &m);
    if (o->last) svg_arrow(out, &l, o->last);
    fputs("</svg>\n", out);
    return stream_status(out);
}
