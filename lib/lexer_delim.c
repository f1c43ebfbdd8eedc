/*
 * lexer_delim: the lexer's tokens between delimiters: { } comments (nested
 * braces in lenient mode), ; comments, / / setups, < > captured-square
 * lists and [ ] tag pairs with every lenient tag form, and the rest of a
 * token cut at the size limit, skipped up to where the token would have
 * ended. Each scan works on a local cursor, so a token cut by the end of
 * the window is retried after a refill. Must not build anything or report:
 * findings go into the token.
 */
#include "lexer_impl.h"
#include "tag_synonym.h"

/* ---- Delimited tokens ------------------------------------------------------ */

/* A NUL inside a token's text [from, to) is reported first. */
static void find_nul(const struct lexer *lx, const struct cur *c, size_t from, size_t to,
                     struct token *tok)
{
    const char *z = memchr(lx->buf + from, 0, to - from);
    if (z)
        set_find(tok, PDN_DIAG_NUL_BYTE, ODD_NONE, true, locate_in(lx, *c, (size_t)(z - lx->buf)));
}

enum token_kind lexer_scan_linecomment(struct lexer *lx, struct cur *c, struct token *tok)
{
    size_t e = find_eol(lx, c->pos);
    if (e == SIZE_MAX) return TOK_MORE;
    tok->inner_start = c->pos + 1;
    tok->inner_len = e - tok->inner_start;
    find_nul(lx, c, c->pos, e, tok);
    adv_text(lx, c, e - c->pos);
    return TOK_LINECOMMENT;
}

enum token_kind lexer_scan_setup(struct lexer *lx, struct cur *c, struct token *tok)
{
    size_t i = c->pos + 1;
    /* A setup ends at its line, strict too: a lost '/' must not swallow the
     * games that follow (a FEN never spans lines; it is reported as
     * unterminated). */
    while (i < lx->end && byte_at(lx, i) != '/' && !is_eol(byte_at(lx, i)))
        i++;
    if (more(lx, i)) return TOK_MORE;
    tok->inner_start = c->pos + 1;
    tok->inner_len = i - tok->inner_start;
    find_nul(lx, c, c->pos, i, tok);
    if (peek(lx, i) == '/')
        i++;
    else
        set_find(tok, PDN_DIAG_UNTERMINATED_SETUP, ODD_NONE, true, pos_of(lx, c));
    adv_text(lx, c, i - c->pos);
    return TOK_SETUP;
}

/* After the line end at i: 1 when the next line opens a tag ([Name "),
 * 0 when not, -1 for more. */
static int tag_line_after(const struct lexer *lx, size_t i)
{
    size_t j = i + 1;
    if (byte_at(lx, i) == '\r' && peek(lx, j) == '\n') j++;
    if (more(lx, j + 1)) return -1;
    int t = j < lx->end ? text_opens_tag((const unsigned char *)lx->buf + j, lx->end - j) : -1;
    return t >= 0 ? t : lx->eof ? 0 : -1;
}

struct comment_scan {
    size_t end;       /* just past the token */
    size_t inner_end; /* end of the text inside */
    size_t nest_at;   /* the first inner '{', SIZE_MAX for none */
    bool unterminated;
};

/* Scans { ... }: -1 for more. Lenient: braces nest (falling back to the
 * first '}' when the nesting never closes) and a comment stops before a
 * line that opens a tag, so one lost '}' cannot swallow the games after it. */
static int comment_extent(const struct lexer *lx, size_t p, struct comment_scan *out)
{
    size_t i = p + 1, first_close = SIZE_MAX;
    int nest = 0;
    out->nest_at = SIZE_MAX;
    for (;;) {
        unsigned ch = 0;
        while (i < lx->end) {
            ch = byte_at(lx, i);
            if (ch == '}' || ch == '{' || ch == '\n' || ch == '\r') break;
            i++;
        }
        if (i >= lx->end) {
            if (!lx->eof) return -1;
            /* Cut at the size limit: it runs on, however it nests. */
            if (lx->cutting) first_close = SIZE_MAX;
            break;
        }
        if (ch == '}' && nest == 0) {
            /* Nesting resolved: the warning points at the inner '{' where
             * it starts (strict mode, which does not nest, stops at the
             * first '}' and fails on what follows). */
            *out = (struct comment_scan){i + 1, i, out->nest_at, false};
            return 0;
        }
        if (ch == '}') {
            if (first_close == SIZE_MAX) first_close = i;
            nest--;
        } else if (ch == '{' && !lx->strict) {
            if (out->nest_at == SIZE_MAX) out->nest_at = i;
            nest++;
        } else if (is_eol(ch) && !lx->strict) {
            int t = tag_line_after(lx, i);
            if (t < 0) return -1;
            if (t > 0) break;
        }
        i++;
    }
    if (first_close != SIZE_MAX)
        *out = (struct comment_scan){first_close + 1, first_close, out->nest_at, false};
    else
        *out = (struct comment_scan){i, i, out->nest_at, true};
    return 0;
}

enum token_kind lexer_scan_comment(struct lexer *lx, struct cur *c, struct token *tok)
{
    struct comment_scan s;
    if (comment_extent(lx, c->pos, &s) < 0) return TOK_MORE;
    find_nul(lx, c, c->pos, s.end, tok);
    tok->inner_start = c->pos + 1;
    tok->inner_len = s.inner_end - tok->inner_start;
    tok->nested = s.nest_at != SIZE_MAX;
    if (s.unterminated)
        set_find(tok, PDN_DIAG_UNTERMINATED_COMMENT, ODD_NONE, true, pos_of(lx, c));
    else if (tok->nested)
        set_find(tok, PDN_DIAG_NESTED_COMMENT, ODD_NONE, false, locate_in(lx, *c, s.nest_at));
    adv_text(lx, c, s.end - c->pos);
    return TOK_COMMENT;
}

/* <...> captured squares after a move (lenient): on one line, short. */
enum token_kind lexer_scan_caplist(struct lexer *lx, struct cur *c, struct token *tok)
{
    size_t i = c->pos + 1, stop = c->pos + 128;
    while (i < lx->end && i < stop && byte_at(lx, i) != '>' && !is_eol(byte_at(lx, i)))
        i++;
    if (more(lx, i) && i < stop) return TOK_MORE;
    if (peek(lx, i) != '>') return TOK_JUNK;
    tok->inner_start = c->pos + 1;
    tok->inner_len = i - tok->inner_start;
    set_find(tok, PDN_DIAG_NONSTANDARD, ODD_CAPLIST, false, pos_of(lx, c));
    adv_text(lx, c, i + 1 - c->pos);
    return TOK_CAPLIST;
}

/* ---- Tags ------------------------------------------------------------------ */

static size_t skip_ws(const struct lexer *lx, size_t i)
{
    while (i < lx->end && (is_blank(byte_at(lx, i)) || is_eol(byte_at(lx, i))))
        i++;
    return i;
}

/* The tag name at i: an identifier, or (lenient) anything up to the value. */
static int tag_name(struct lexer *lx, const struct cur *t0, size_t i, struct token *tok)
{
    size_t p = i;
    while (i < lx->end && is_ident(byte_at(lx, i)) && (i > p || is_upper(byte_at(lx, i))))
        i++;
    size_t j = skip_ws(lx, i);
    if (more(lx, j)) return -1;
    int b = peek(lx, j);
    tok->name_start = p;
    tok->name_len = i - p;
    if (i > p && (b == '"' || b == ']' || b < 0)) return (int)(j - p);
    /* "[Name value]", the value without quotes up to the ']' (lenient:
     * tag_bare): read as a name "Name value" and no value, "[Event abc]"
     * lost its Event. A quote before the ']' leaves a name of several
     * words ("[Heure blanche "10:00"]"). */
    if (i > p && j > i) {
        size_t k = j;
        while (k < lx->end && byte_at(lx, k) != '"' && byte_at(lx, k) != ']' &&
               !is_eol(byte_at(lx, k)))
            k++;
        if (more(lx, k)) return -1;
        if (peek(lx, k) == ']') return (int)(j - p);
    }
    /* Not "Name" then a value: take the name up to the quote (lenient).
     * Found at the tag it quotes whole, as the other findings of a tag
     * stand, not at the byte that broke the name. */
    size_t k = i > p ? j : p;
    set_odd(lx, tok, ODD_TAG_NAME, PDN_DIAG_BAD_TAG, pos_of(lx, t0));
    while (k < lx->end && byte_at(lx, k) != '"' && byte_at(lx, k) != ']' && !is_eol(byte_at(lx, k)))
        k++;
    if (more(lx, k)) return -1;
    size_t e = k;
    while (e > p && is_blank(byte_at(lx, e - 1)))
        e--;
    tok->name_len = e - p;
    return (int)(k - p);
}

/* Where a quote at q closes the value: the end of the tag (past ']'), 0 when
 * the quote is inside the value, or -1 for more. */
static long quote_closes(struct lexer *lx, const struct cur *t0, size_t q, struct token *tok)
{
    size_t r = q + 1;
    while (r < lx->end && is_blank(byte_at(lx, r)))
        r++;
    if (more(lx, r)) return -1;
    int b = peek(lx, r);
    if (b == ']') return (long)(r + 1);
    if (b >= 0 && !is_eol((unsigned)b)) {
        /* Strict: the string ends here and ']' is missing. Lenient: a quote
         * inside the value that nobody escaped. */
        if (lx->strict)
            set_find(tok, PDN_DIAG_BAD_TAG, ODD_TAG_QUOTES, true, locate_in(lx, *t0, r));
        else
            set_odd(lx, tok, ODD_TAG_QUOTES, PDN_DIAG_BAD_TAG, locate_in(lx, *t0, q));
        return 0; /* both modes read on to the ']' of the line: same extent */
    }
    size_t r2 = skip_ws(lx, r);
    if (more(lx, r2)) return -1;
    if (peek(lx, r2) == ']') return (long)(r2 + 1);
    set_find(tok, PDN_DIAG_UNTERMINATED_TAG, ODD_NONE, true, pos_of(lx, t0));
    return (long)(q + 1);
}

/* A quoted value from the quote at i; returns the end of the tag or -1. */
static long tag_string(struct lexer *lx, const struct cur *t0, size_t i, struct token *tok)
{
    size_t q = i + 1;
    tok->value_start = q;
    tok->has_value = true;
    for (;;) {
        while (q < lx->end) {
            unsigned b = byte_at(lx, q);
            if (b == '"' || b == '\\' || is_eol(b)) break;
            q++;
        }
        if (more(lx, q + 1)) return -1;
        int b = peek(lx, q);
        if (b < 0 || is_eol((unsigned)b)) {
            /* Values end with their line, in both modes, so that a lost
             * quote cannot swallow the games after it: trim what closed it. */
            size_t e = q;
            while (e > tok->value_start && (is_blank(byte_at(lx, e - 1)) ||
                                            byte_at(lx, e - 1) == ']' || byte_at(lx, e - 1) == '"'))
                e--;
            tok->value_len = e - tok->value_start;
            set_find(tok, PDN_DIAG_UNTERMINATED_STRING, ODD_NONE, true, pos_of(lx, t0));
            return (long)q;
        }
        if (b == '\\') {
            int n = peek(lx, q + 1);
            q += (n == '"' || n == '\\') ? 2 : 1;
        } else if (b == '"') {
            long end = quote_closes(lx, t0, q, tok);
            if (end < 0) return -1;
            if (end > 0) {
                tok->value_len = q - tok->value_start;
                return end;
            }
            q++;
        } else
            q++;
    }
}

/* An unquoted value or none: [Name] or [Name value] (lenient forms). */
static long tag_bare(struct lexer *lx, const struct cur *t0, size_t i, struct token *tok)
{
    if (peek(lx, i) == ']') {
        set_odd(lx, tok, ODD_TAG_NO_VALUE, PDN_DIAG_BAD_TAG, pos_of(lx, t0));
        return (long)(i + 1);
    }
    size_t k = i;
    while (k < lx->end && byte_at(lx, k) != ']' && !is_eol(byte_at(lx, k)))
        k++;
    if (more(lx, k)) return -1;
    size_t e = k;
    while (e > i && is_blank(byte_at(lx, e - 1)))
        e--;
    tok->value_start = i;
    tok->value_len = e - i;
    tok->has_value = true;
    if (peek(lx, k) != ']') {
        set_find(tok, PDN_DIAG_UNTERMINATED_TAG, ODD_NONE, true, pos_of(lx, t0));
        return (long)k;
    }
    set_odd(lx, tok, ODD_TAG_UNQUOTED, PDN_DIAG_BAD_TAG, locate_in(lx, *t0, i));
    return (long)(k + 1);
}

/* Bytes that end a plain tag value: its quote, and what needs the full
 * scan (escapes, line ends, NUL). */
static const bool value_stop[256] = {
    ['"'] = true, ['\\'] = true, ['\n'] = true, ['\r'] = true, [0] = true};

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Sixteen bytes compared at once (GCC's and clang's vectors: SSE2 or
 * NEON): a tag value's text is most of a tag's bytes. */
typedef signed char bytes16 __attribute__((vector_size(16)));

/* Past the printable ASCII from i, sixteen bytes at a time while sixteen
 * are left: at the first quote, backslash, control or byte >= 0x80 (signed,
 * below 0x20), SIZE_MAX when none stands there. */
static inline size_t plain_ascii16(const unsigned char *b, size_t *i, size_t end)
{
    for (; *i + 16 <= end; *i += 16) {
        bytes16 v, stop;
        memcpy(&v, b + *i, 16);
        stop = (v < 0x20) | (v == '"') | (v == '\\');
        uint64_t half[2];
        memcpy(half, &stop, sizeof half);
        if (half[0]) return *i + (size_t)__builtin_ctzll(half[0]) / 8;
        if (half[1]) return *i + 8 + (size_t)__builtin_ctzll(half[1]) / 8;
    }
    return SIZE_MAX;
}
#endif

/* Past the printable ASCII from i: stops at a quote, a backslash, a
 * control or a byte >= 0x80; sixteen bytes at a time where the compiler
 * has vectors, then eight (little-endian: at that very byte, the lowest
 * flagged, which no borrow can have set wrongly; else at the start of its
 * word). */
static size_t plain_ascii(const unsigned char *b, size_t i, size_t end)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    size_t stop = plain_ascii16(b, &i, end);
    if (stop != SIZE_MAX) return stop;
#endif
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    for (; i + 8 <= end; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        uint64_t q = w ^ (ones * '"'), s = w ^ (ones * '\\');
        uint64_t odd = ((q - ones) & ~q) | ((s - ones) & ~s) | ((w - ones * 0x20) & ~w) | w;
        if (odd & high) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            i += (size_t)__builtin_ctzll(odd & high) / 8;
#endif
            break;
        }
    }
    return i;
}

/* Letters, digits and '_': a table, as names are a fifth of a tag's bytes. */
static const bool ident_byte[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1, ['_'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1,
    ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1,
    ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1,
    ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1,
    ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1,
    ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1,
    ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

/* The name at b when it is one of the roster's or GameType, which most
 * tags have, followed by ' "' (ten bytes may be read at b): 1 + its
 * tag_standard, its length in *len; else 0. A compare of a few bytes
 * (inline) where the walk of the name cost a table look-up a byte. */
static inline int roster_name(const unsigned char *b, size_t *len)
{
#define NAME(s, k) (memcmp(b, s " \"", sizeof s + 1) == 0 ? (*len = sizeof s - 1, (k) + 1) : 0)
    switch (b[0]) {
    case 'E':
        return NAME("Event", TAG_EVENT);
    case 'S':
        return NAME("Site", TAG_SITE);
    case 'D':
        return NAME("Date", TAG_DATE);
    case 'R':
        return b[1] == 'o' ? NAME("Round", TAG_ROUND) : NAME("Result", TAG_RESULT);
    case 'W':
        return NAME("White", TAG_WHITE);
    case 'B':
        return NAME("Black", TAG_BLACK);
    case 'G':
        return NAME("GameType", TAG_GAMETYPE);
    }
    return 0;
#undef NAME
}

/* [Name "value"] written plainly (no blank but the one, no escape, no
 * finding): the tag's length, and its characters in *cols; 0 when the
 * tag needs the full scan, which would take it the same way. */
size_t lexer_plain_tag(const struct lexer *lx, size_t p, struct token *tok, uint32_t *cols)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t i = p + 1, end = lx->end;
    size_t known = 0;
    int roster = i + 10 <= end ? roster_name(b + i, &known) : 0;
    if (roster) {
        i += known;
    } else {
        if (i >= end || !is_upper(b[i])) return 0;
        while (++i < end && ident_byte[b[i]])
            ;
        if (i + 1 >= end || b[i] != ' ' || b[i + 1] != '"') return 0;
    }
    size_t name_end = i, vs = i + 2;
    i = plain_ascii(b, vs, end);
    uint32_t chars = (uint32_t)(i - vs);
    for (; i < end && !value_stop[b[i]]; i++)
        chars += text_utf8_lead(b[i]);
    if (i + 1 >= end || b[i] != '"' || b[i + 1] != ']') return 0;
    tok->name_start = p + 1;
    tok->name_len = name_end - p - 1;
    tok->value_start = vs;
    tok->value_len = i - vs;
    tok->has_value = true;
    tok->plain = true;
    tok->roster = (uint8_t)roster;
    *cols = (uint32_t)(vs - p) + chars + 2;
    return i + 2 - p;
}

enum token_kind lexer_scan_tag(struct lexer *lx, struct cur *c, struct token *tok)
{
    uint32_t cols;
    size_t plen = lexer_plain_tag(lx, c->pos, tok, &cols);
    if (plen) {
        c->pos += plen;
        c->col += cols;
        c->after_cr = false;
        return TOK_TAG;
    }
    tok->plain = false;
    /* "[[Name" or a lone "[" line before "[Name": the first bracket is a
     * stray one; the token starts there, so that no byte is lost. */
    struct pdn_pos stray = pos_of(lx, c);
    bool strays = false;
    size_t i = skip_ws(lx, c->pos + 1);
    if (more(lx, i)) return TOK_MORE;
    while (peek(lx, i) == '[') {
        strays = true;
        adv_text(lx, c, i - c->pos);
        i = skip_ws(lx, i + 1);
        if (more(lx, i)) return TOK_MORE;
    }
    const struct cur t0 = *c;
    tok->has_value = false;
    tok->value_start = tok->value_len = 0;
    int n = tag_name(lx, &t0, i, tok);
    if (n < 0) return TOK_MORE;
    i = skip_ws(lx, i + (size_t)n);
    if (more(lx, i)) return TOK_MORE;
    long end;
    if (peek(lx, i) == '"')
        end = tag_string(lx, &t0, i, tok);
    else
        end = tag_bare(lx, &t0, i, tok);
    if (end < 0) return TOK_MORE;
    if (memchr(lx->buf + c->pos, 0, (size_t)end - c->pos)) {
        tok->find.set = false; /* a NUL outranks what it made the tag look like */
        find_nul(lx, c, c->pos, (size_t)end, tok);
    }
    /* The tag's own error outranks the stray bracket, a warning of it does not. */
    if (strays && !(tok->find.set && tok->find.error)) {
        tok->find.set = false;
        set_odd(lx, tok, ODD_STRAY_BRACKET, PDN_DIAG_BAD_TAG, stray);
    }
    adv_text(lx, c, (size_t)end - c->pos);
    return TOK_TAG;
}

/* Whether only blanks (LEXER_LINE_BACK at most, always in the window)
 * stand between the start of the line and c. */
static bool line_start(const struct lexer *lx, const struct cur *c)
{
    if (c->col - 1 > LEXER_LINE_BACK || c->col - 1 > c->pos) return false;
    for (size_t i = c->pos - (c->col - 1); i < c->pos; i++)
        if (!is_blank(byte_at(lx, i))) return false;
    return true;
}

/* Where the value opened by the quote at i closes, on its line: the
 * offset of the first '"' that blanks and ']' follow, SIZE_MAX for none. */
static size_t open_tag_close(const struct lexer *lx, size_t i, size_t eol)
{
    for (size_t q = i + 1; q < eol; q++) {
        if (byte_at(lx, q) != '"') continue;
        size_t k = q + 1;
        while (k < eol && is_blank(byte_at(lx, k)))
            k++;
        if (k < eol && byte_at(lx, k) == ']') return q;
    }
    return SIZE_MAX;
}

/* A line 'Name "value"]' whose '[' was lost (a real file's first tag):
 * read as the tag it is. At the start of a line only: name, blanks, a
 * quoted value and ']' (what follows on the line, the next tags of a
 * one-line header or the moves, are tokens of their own). TOK_JUNK when
 * not one. */
enum token_kind lexer_scan_open_tag(struct lexer *lx, struct cur *c, struct token *tok)
{
    if (!line_start(lx, c)) return TOK_JUNK;
    size_t p = c->pos, i = p + 1;
    while (i < lx->end && is_ident(byte_at(lx, i)))
        i++;
    size_t name_end = i;
    while (i < lx->end && is_blank(byte_at(lx, i)))
        i++;
    if (more(lx, i)) return TOK_MORE;
    if (peek(lx, i) != '"') return TOK_JUNK;
    size_t e = find_eol(lx, i);
    if (e == SIZE_MAX) return TOK_MORE;
    size_t close = open_tag_close(lx, i, e);
    if (close == SIZE_MAX) return TOK_JUNK;
    size_t q = close + 1;
    while (byte_at(lx, q) != ']')
        q++;
    q++;
    tok->plain = false;
    tok->name_start = p;
    tok->name_len = name_end - p;
    tok->value_start = i + 1;
    tok->value_len = close - (i + 1);
    tok->has_value = true;
    set_odd(lx, tok, ODD_TAG_NO_BRACKET, PDN_DIAG_BAD_TAG, pos_of(lx, c));
    if (memchr(lx->buf + p, 0, q - p)) {
        tok->find.set = false;
        find_nul(lx, c, p, q, tok);
    }
    adv_text(lx, c, q - p);
    return TOK_TAG;
}

/* ---- The rest of a cut token ------------------------------------------------ */

static bool is_mark_byte(unsigned b)
{
    return b == '!' || b == '?';
}

static bool ends_junk_byte(unsigned b)
{
    return b <= ' ' || strchr("[]{}();%\"", (int)b) != NULL;
}

/* Past the bytes of a run (digits, dots, marks, junk) from i. */
static size_t skip_run(const struct lexer *lx, size_t i, enum lexer_skip kind)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    for (; i < lx->end; i++) {
        unsigned ch = b[i];
        bool in = kind == SKIP_DIGITS  ? is_digit(ch)
                  : kind == SKIP_DOTS  ? ch == '.'
                  : kind == SKIP_MARKS ? is_mark_byte(ch)
                                       : !ends_junk_byte(ch);
        if (!in) break;
    }
    return i;
}

/* To the end of the line, or past the closing byte 'close' on it. */
static size_t skip_to(const struct lexer *lx, size_t i, int close, bool *done)
{
    for (; i < lx->end; i++) {
        unsigned ch = byte_at(lx, i);
        if (is_eol(ch) || (int)ch == close) {
            *done = true;
            return (int)ch == close ? i + 1 : i;
        }
    }
    return i;
}

/* A quoted tag value ends with its line, or with '"', blanks and ']'
 * (skip_nest: 0 in the value, 1 after '\', 2 after the quote). */
static size_t skip_tag_string(struct lexer *lx, size_t i, bool *done)
{
    for (; i < lx->end; i++) {
        unsigned ch = byte_at(lx, i), st = lx->skip_nest;
        if (is_eol(ch)) {
            *done = true;
            return i;
        }
        if (st == 2 && ch == ']') {
            *done = true;
            return i + 1;
        }
        if (st == 1)
            lx->skip_nest = 0;
        else if (ch == '\\')
            lx->skip_nest = 1;
        else if (ch == '"')
            lx->skip_nest = 2;
        else if (!(st == 2 && is_blank(ch)))
            lx->skip_nest = 0;
    }
    return i;
}

/* To the '}' that closes the comment; lenient: inner braces nest, and the
 * comment stops before a line that opens a tag, as comment_extent does (a
 * nesting that never closes runs to that line, or the end). */
static size_t skip_comment(struct lexer *lx, size_t i, bool *done)
{
    for (; i < lx->end; i++) {
        unsigned ch = byte_at(lx, i);
        if (ch == '}' && lx->skip_nest == 0) {
            *done = true;
            return i + 1;
        }
        if (ch == '}') {
            lx->skip_nest--;
        } else if (ch == '{' && !lx->strict) {
            lx->skip_nest++;
        } else if (is_eol(ch) && !lx->strict) {
            int t = tag_line_after(lx, i);
            if (t != 0) {
                *done = t > 0;
                return i;
            }
        }
    }
    return i;
}

bool lexer_skip_rest(struct lexer *lx)
{
    struct cur c = cur_of(lx);
    size_t i = c.pos;
    bool done = false;
    enum lexer_skip kind = (enum lexer_skip)lx->skip;
    if (kind == SKIP_LINE) {
        i = find_eol(lx, i);
        if (i == SIZE_MAX) i = lx->end;
        done = i < lx->end;
    } else if (kind == SKIP_COMMENT) {
        i = skip_comment(lx, i, &done);
    } else if (kind == SKIP_SETUP || kind == SKIP_TAG) {
        i = skip_to(lx, i, kind == SKIP_SETUP ? '/' : ']', &done);
    } else if (kind == SKIP_TAG_STRING) {
        i = skip_tag_string(lx, i, &done);
    } else {
        i = skip_run(lx, i, kind);
        done = i < lx->end;
    }
    adv_text(lx, &c, i - c.pos);
    commit(lx, &c);
    if (done || (lx->eof && !lx->cutting && i >= lx->end)) lx->skip = SKIP_NONE;
    return done || lx->eof;
}

void lexer_set_rest(struct lexer *lx, const struct token *tok)
{
    static const uint8_t rest[] = {
        [TOK_COMMENT] = SKIP_COMMENT, [TOK_LINECOMMENT] = SKIP_LINE, [TOK_SETUP] = SKIP_SETUP,
        [TOK_TAG] = SKIP_TAG,         [TOK_NUMBER] = SKIP_DIGITS,    [TOK_NAG] = SKIP_DIGITS,
        [TOK_MOVENUM] = SKIP_DOTS,    [TOK_ELLIPSIS] = SKIP_DOTS,    [TOK_STRENGTH] = SKIP_MARKS,
        [TOK_JUNK] = SKIP_JUNK,
    };
    lx->skip = tok->kind < sizeof rest ? rest[tok->kind] : SKIP_NONE;
    lx->skip_nest = 0;
    if (tok->kind == TOK_TAG && tok->has_value && tok->value_start > 0 &&
        byte_at(lx, tok->value_start - 1) == '"')
        lx->skip = SKIP_TAG_STRING;
    if (tok->kind == TOK_COMMENT && !lx->strict) {
        /* Inner braces still open at the cut. */
        const char *s = lx->buf + tok->inner_start;
        int64_t nest = 0;
        for (size_t i = 0; i < tok->inner_len; i++)
            nest += (s[i] == '{') - (s[i] == '}');
        lx->skip_nest = nest > 0 ? (uint32_t)nest : 0;
    }
}
