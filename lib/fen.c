/*
 * FEN: reading and writing a position as text ("W:W31-50:B1-20").
 * Talks to the board only through its public accessors (never the bit
 * layout), allocates nothing, never prints; a position that fails to read
 * comes back cleared, never half-filled.
 *
 * Accepted (liberal reading):
 *   blanks* SIDE { ":" FIELD } [ "." ] blanks*
 *   SIDE   W | B | ?            ('?' = unknown: side stays White, side_known 0)
 *   FIELD  (W | B) [ ITEM { "," ITEM } ]      a list; either may be missing or empty
 *        | (H | F) DIGITS                     lidraughts half-move clock / move number
 *   ITEM   [K] SQ [ "-" [K] SQ ]              a range a-b with a <= b; "K31-35" and
 *                                             "K31-K35" are both kings 31..35
 *   SQ     DIGITS, leading zeros allowed, 1..pdn_board_squares(), or an
 *          algebraic square "c3" (a dark one; no ranges of them), as Russian
 *          and Czech programs write FENs
 * Letters may be lower case (w, b, k, h, f): some hand-made files use them.
 * Legacy py-draughts prefix "W:B:W...:B...": when the field right after the
 * side is a bare letter and that list comes again later, the letter was the
 * side to move given a second time, and it wins. "W:?:..." likewise.
 *
 * Written (canonical): SIDE ":W" list ":B" list, both lists always present,
 * squares ascending, kings with "K", runs of three or more consecutive
 * squares holding the same piece as a range ("31-50", kings "K31-35").
 */
#include "decimal.h"
#include "fen.h"
#include "geometry.h"
#include "pdn.h"
#include "text.h"

#include <string.h>

struct scan {
    const char *s;
    size_t i;
    struct pdn_board board;
    struct pdn_fen_error err;
    bool seen[2];   /* the W and B lists */
    bool suffix[2]; /* the H and F fields */
    int legacy;     /* colour of a bare list right after the side, or -1 */
    int fields;     /* fields read */
    int squares;    /* of the board: asked once, not for every square */
    uint64_t taken; /* bit s: square s holds a piece already (a duplicate check
                       without asking the board for every square) */
};

_Static_assert(PDN_SQUARES_MAX < 64, "scan.taken has a bit for every square");

/* Numbers are capped here while read, so huge ones cannot wrap around. */
#define NUMBER_CAP 100000u

static int fail(struct scan *sc, enum pdn_fen_status status, size_t offset)
{
    sc->err.status = status;
    sc->err.offset = offset;
    return -1;
}

static char upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

static bool is_blank(char c)
{
    return text_blank((unsigned char)c);
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static char peek(const struct scan *sc, size_t ahead)
{
    for (size_t k = 0; k < ahead; k++)
        if (sc->s[sc->i + k] == '\0') return '\0';
    return sc->s[sc->i + ahead];
}

static int color_of_letter(char c)
{
    c = upper(c);
    return c == 'W' ? PDN_COLOR_WHITE : c == 'B' ? PDN_COLOR_BLACK : -1;
}

/* Reads decimal digits; returns how many (0: none). */
static int read_number(struct scan *sc, unsigned *value)
{
    unsigned v = 0;
    int n = 0;
    for (; is_digit(sc->s[sc->i]); sc->i++, n++)
        if (v < NUMBER_CAP) v = v * 10 + (unsigned)(sc->s[sc->i] - '0');
    *value = v;
    return n;
}

static int parse_side(struct scan *sc)
{
    char c = upper(sc->s[sc->i]);
    if (c == '\0') return fail(sc, PDN_FEN_EMPTY, sc->i);
    if (c == '?')
        sc->board.side_known = 0;
    else if (color_of_letter(c) >= 0)
        sc->board.side = (uint8_t)color_of_letter(c);
    else
        return fail(sc, PDN_FEN_BAD_SIDE, sc->i);
    sc->i++;
    if (peek(sc, 0) == ':' && peek(sc, 2) == ':') {
        char second = peek(sc, 1);
        if (second == '?') { /* "W:?:..." can only be the side given twice */
            sc->board.side = PDN_COLOR_WHITE;
            sc->board.side_known = 0;
            sc->i += 2;
        } else {
            sc->legacy = color_of_letter(second);
        }
    }
    return 0;
}

/* One square, "K12" or "12"; a 'K' is read only where allow_king. */
static int parse_square(struct scan *sc, int *square, bool *king, size_t *at, bool allow_king)
{
    unsigned v;
    *king = allow_king && upper(sc->s[sc->i]) == 'K';
    if (*king) sc->i++;
    *at = sc->i;
    char c = sc->s[sc->i];
    if (c >= 'a' && c <= 'j' && is_digit(peek(sc, 1))) {
        char name[4] = {c, sc->s[sc->i + 1], 0, 0};
        sc->i += 2;
        if (name[1] == '1' && sc->s[sc->i] == '0') name[2] = sc->s[sc->i++];
        *square = pdn_square_from_name((enum pdn_variant)sc->board.variant, name);
        if (*square == 0 || is_digit(sc->s[sc->i])) return fail(sc, PDN_FEN_SQUARE_RANGE, *at);
        return 0;
    }
    if (read_number(sc, &v) == 0) return fail(sc, PDN_FEN_BAD_SQUARE, sc->i);
    if (v < 1 || v > (unsigned)sc->squares) return fail(sc, PDN_FEN_SQUARE_RANGE, *at);
    *square = (int)v;
    return 0;
}

static int place(struct scan *sc, int color, bool king, int square, size_t at)
{
    static const enum pdn_piece pieces[2][2] = {{PDN_PIECE_WHITE_MAN, PDN_PIECE_WHITE_KING},
                                                {PDN_PIECE_BLACK_MAN, PDN_PIECE_BLACK_KING}};
    if (sc->taken & ((uint64_t)1 << square)) return fail(sc, PDN_FEN_DUPLICATE, at);
    sc->taken |= (uint64_t)1 << square;
    pdn_board_set(&sc->board, square, pieces[color][king]);
    return 0;
}

/* "12", "K12", "31-50", "K31-35" or "K31-K35". */
static int parse_item(struct scan *sc, int color)
{
    int first, last;
    bool king, king_last;
    size_t at, at_last;
    if (parse_square(sc, &first, &king, &at, true) < 0) return -1;
    last = first;
    if (sc->s[sc->i] == '-') {
        sc->i++;
        if (parse_square(sc, &last, &king_last, &at_last, king) < 0) return -1;
        if (last < first) return fail(sc, PDN_FEN_BAD_RANGE, at_last);
    }
    for (int sq = first; sq <= last; sq++)
        if (place(sc, color, king, sq, at) < 0) return -1;
    return 0;
}

static bool at_field_end(char c)
{
    return c == ':' || c == '.' || c == '\0' || is_blank(c);
}

static int parse_list(struct scan *sc, int color, size_t letter_at)
{
    if (sc->seen[color]) {
        if (sc->legacy != color) return fail(sc, PDN_FEN_DUPLICATE_LIST, letter_at);
        sc->board.side = (uint8_t)color; /* the bare letter was the side to move */
        sc->board.side_known = 1;
        sc->legacy = -1;
    }
    sc->seen[color] = true;
    if (at_field_end(sc->s[sc->i])) return 0;
    for (;;) {
        if (parse_item(sc, color) < 0) return -1;
        if (sc->s[sc->i] != ',') return 0;
        sc->i++;
    }
}

/* ":H<n>" or ":F<n>": checked to be a number once each, then dropped. */
static int parse_suffix(struct scan *sc, int which, size_t letter_at)
{
    unsigned v;
    if (sc->suffix[which]) return fail(sc, PDN_FEN_BAD_SUFFIX, letter_at);
    sc->suffix[which] = true;
    if (read_number(sc, &v) == 0 || !at_field_end(sc->s[sc->i]))
        return fail(sc, PDN_FEN_BAD_SUFFIX, sc->i);
    return 0;
}

static int parse_field(struct scan *sc)
{
    size_t at = sc->i;
    char c = upper(sc->s[at]);
    sc->fields++;
    if (c == 'W' || c == 'B') {
        sc->i++;
        return parse_list(sc, color_of_letter(c), at);
    }
    if (c == 'H' || c == 'F') {
        sc->i++;
        return parse_suffix(sc, c == 'F', at);
    }
    return fail(sc, PDN_FEN_BAD_COLOR, at);
}

/* After the last field: an optional '.', blanks, and nothing else. */
static int parse_end(struct scan *sc)
{
    char c = sc->s[sc->i];
    if (sc->fields == 0 || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
        return fail(sc, PDN_FEN_EXPECTED_COLON, sc->i);
    if (c == '.') sc->i++;
    while (is_blank(sc->s[sc->i]))
        sc->i++;
    if (sc->s[sc->i] != '\0') return fail(sc, PDN_FEN_TRAILING, sc->i);
    return 0;
}

static int parse_fen(struct scan *sc)
{
    while (is_blank(sc->s[sc->i]))
        sc->i++;
    if (parse_side(sc) < 0) return -1;
    while (sc->s[sc->i] == ':') {
        sc->i++;
        if (parse_field(sc) < 0) return -1;
    }
    return parse_end(sc);
}

struct fen_start fen_start(const char *fen)
{
    struct scan sc = {.s = fen};
    struct fen_start st = {false, false, 0};
    while (is_blank(fen[sc.i]))
        sc.i++;
    int side = color_of_letter(upper(fen[sc.i]));
    st.known = side >= 0;
    st.black = side == PDN_COLOR_BLACK;
    /* The first ":F" field, read as parse_suffix reads it. */
    for (const char *p = strchr(fen, ':'); p; p = strchr(p + 1, ':')) {
        if (upper(p[1]) != 'F') continue;
        unsigned v;
        sc.i = (size_t)(p + 2 - fen);
        if (read_number(&sc, &v) > 0 && at_field_end(fen[sc.i]) && v >= 1 && v < NUMBER_CAP)
            st.number = v;
        break;
    }
    return st;
}

int pdn_board_from_fen(struct pdn_board *out, enum pdn_variant variant, const char *fen,
                       struct pdn_fen_error *err)
{
    struct scan sc = {.s = fen, .legacy = -1, .err = {PDN_FEN_OK, 0}};
    if (out == NULL || fen == NULL || (unsigned)variant >= PDN_VARIANT_COUNT) {
        if (out != NULL) pdn_board_clear(out, variant);
        if (err != NULL) *err = (struct pdn_fen_error){PDN_FEN_EMPTY, 0};
        return PDN_EINVAL;
    }
    pdn_board_clear(&sc.board, variant);
    sc.squares = pdn_board_squares(&sc.board);
    int rc = parse_fen(&sc);
    if (err != NULL) *err = sc.err;
    if (rc < 0) {
        pdn_board_clear(out, variant);
        return PDN_ESYNTAX;
    }
    *out = sc.board;
    return PDN_OK;
}

/* ---- Writing ------------------------------------------------------------ */

/* The longest FEN: the side, two lists, and every square a piece of its
 * own, a king, not in a range (",K50"). It fits, so nothing is counted
 * as it is written. */
_Static_assert(1 + 2 * 2 + PDN_SQUARES_MAX * 4 < PDN_FEN_MAX, "any position's FEN fits");

/* One run of identical pieces on squares first..last at out: the end. */
static char *put_run(char *out, bool king, int first, int last, bool comma)
{
    for (int sq = first; sq <= last; sq++) {
        if (comma) *out++ = ',';
        comma = true;
        if (king) *out++ = 'K';
        out = decimal_text(out, (unsigned)sq);
        if (last - first >= 2) { /* a range only where it is shorter */
            *out++ = '-';
            return decimal_text(out, (unsigned)last);
        }
    }
    return out;
}

/* The pieces of one colour at out, in runs of men or of kings on squares
 * that follow each other, read from the board's bits in their order,
 * which is the squares' (tools/gen_geometry.c, square_bit): asking the
 * board for each square (pdn_board_get) made a FEN cost 4,000
 * instructions, and a walk of every square 2,000; pdn2csv writes one for
 * every game, or with --fen every ply. Bits that are no square (a caller's
 * board may hold some) are left out, as the walk of the squares left
 * them. The end. */
static char *put_list(char *out, const struct pdn_board *board, const struct geometry *g,
                      enum pdn_color color)
{
    uint64_t left = board->pieces[color] & g->valid, kings = board->kings;
    if (color == PDN_COLOR_BLACK) left &= ~board->pieces[PDN_COLOR_WHITE]; /* as pdn_board_get */
    *out++ = ':';
    *out++ = color == PDN_COLOR_WHITE ? 'W' : 'B';
    for (bool comma = false; left; comma = true) {
        int b = __builtin_ctzll(left), first = g->square_of[b], last = first;
        bool king = (kings >> b) & 1;
        for (left &= left - 1; left; left &= left - 1) {
            int next = __builtin_ctzll(left);
            if (g->square_of[next] != last + 1 || ((kings >> next) & 1) != king) break;
            last++;
        }
        out = put_run(out, king, first, last, comma);
    }
    return out;
}

size_t pdn_board_to_fen(char out[PDN_FEN_MAX], const struct pdn_board *board)
{
    if (out == NULL) return 0;
    char *end = out;
    if (board != NULL) {
        const struct geometry *g = geometry_get((enum pdn_variant)board->variant);
        *end++ = !board->side_known ? '?' : board->side == PDN_COLOR_BLACK ? 'B' : 'W';
        end = put_list(end, board, g, PDN_COLOR_WHITE);
        end = put_list(end, board, g, PDN_COLOR_BLACK);
    }
    *end = '\0';
    return (size_t)(end - out);
}

const char *pdn_fen_status_message(enum pdn_fen_status status)
{
    static const char *const messages[PDN_FEN_STATUS_COUNT] = {
        [PDN_FEN_OK] = "no error",
        [PDN_FEN_EMPTY] = "empty FEN",
        [PDN_FEN_BAD_SIDE] = "side to move is not W, B or ?",
        [PDN_FEN_BAD_COLOR] = "list letter is not W or B",
        [PDN_FEN_EXPECTED_COLON] = "':' expected between fields",
        [PDN_FEN_BAD_SQUARE] = "square number expected",
        [PDN_FEN_SQUARE_RANGE] = "square number out of range",
        [PDN_FEN_BAD_RANGE] = "range ends before it starts",
        [PDN_FEN_DUPLICATE] = "square listed twice",
        [PDN_FEN_DUPLICATE_LIST] = "list given twice",
        [PDN_FEN_BAD_SUFFIX] = "malformed :H or :F field",
        [PDN_FEN_TRAILING] = "unexpected text after the position",
    };
    if ((unsigned)status >= PDN_FEN_STATUS_COUNT) return "unknown FEN status";
    return messages[status];
}
