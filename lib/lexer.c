/*
 * lexer: PDN text -> tokens with line:column (columns count characters).
 *
 * A hand-written scanner over the reader's buffer: no per-character calls,
 * no allocation. Every scan works on a local cursor and commits only when
 * the token is complete, so a token cut by the end of the window is simply
 * retried after a refill (PDN_T_MORE). The lexer is always as lenient as
 * the real-world forms need in how far a token extends; the strict flag
 * only decides whether an odd form is an error or a warning, so both modes
 * cut the text into the same tokens and find the same game boundaries.
 * It must not build game structures or report a token's findings itself.
 */
#include "lexer.h"

#include <string.h>

struct cur {
    size_t pos;
    uint32_t line, col;
    bool after_cr;
};

static const char *const odd_details[PDN_ODD_COUNT] = {
    [PDN_ODD_NONE] = "nonstandard form",
    [PDN_ODD_ZERO_SQUARE] = "zero-padded square",
    [PDN_ODD_ZERO_NUMBER] = "zero-padded move number",
    [PDN_ODD_SPACE_IN_MOVE] = "space inside a move",
    [PDN_ODD_NO_SEPARATOR] = "move without separator",
    [PDN_ODD_HOP_BY_HOP] = "multi-jump written hop by hop",
    [PDN_ODD_DASH_CAPTURE] = "capture written with dashes over several squares",
    [PDN_ODD_MIXED_SEPARATORS] = "mixed separators in a move",
    [PDN_ODD_CAPLIST] = "list of captured squares <...>",
    [PDN_ODD_UNICODE_DASH] = "Unicode dash",
    [PDN_ODD_NBSP] = "non-breaking space",
    [PDN_ODD_UNKNOWN_MOVE] = "unknown move",
    [PDN_ODD_EMPTY_NUMBER] = "move number without a move",
    [PDN_ODD_CHESS_RESULT] = "chess-style result",
    [PDN_ODD_ODD_RESULT] = "nonstandard result notation",
    [PDN_ODD_MATCH_RESULT] = "match-scoring result",
    [PDN_ODD_TAG_NAME] = "tag name is not an identifier",
    [PDN_ODD_TAG_NO_VALUE] = "tag without a value",
    [PDN_ODD_TAG_QUOTES] = "unescaped quote in a tag value",
    [PDN_ODD_TAG_UNQUOTED] = "tag value without quotes",
    [PDN_ODD_TAG_NO_BRACKET] = "tag without ']'",
    [PDN_ODD_LITERAL_CR] = "literal \\r text",
    [PDN_ODD_BOM] = "byte order mark inside the text",
    [PDN_ODD_DOTS] = "wrong number of dots",
    [PDN_ODD_STRENGTH_PLACE] = "move strength away from its move",
    [PDN_ODD_COMMENT_BEFORE_TAGS] = "movetext before the tags",
    [PDN_ODD_VARIATION_FIRST] = "variation before any move",
    [PDN_ODD_NAG_FIRST] = "annotation before any move",
    [PDN_ODD_NUMBER_TWICE] = "two move numbers in a row",
    [PDN_ODD_STRAY_DOT] = "stray '.'",
};

const char *pdn_odd_detail(enum pdn_odd odd)
{
    if ((unsigned)odd >= PDN_ODD_COUNT || !odd_details[odd]) return odd_details[0];
    return odd_details[odd];
}

void pdn_lex_init(struct pdn_lexer *lx, bool strict, pdn_lex_report_fn report, void *ctx)
{
    memset(lx, 0, sizeof *lx);
    lx->line = lx->col = 1;
    lx->strict = strict;
    lx->report = report;
    lx->ctx = ctx;
}

/* ---- Cursor helpers ------------------------------------------------------- */

static struct cur cur_of(const struct pdn_lexer *lx)
{
    return (struct cur){lx->pos, lx->line, lx->col, lx->after_cr};
}

static void commit(struct pdn_lexer *lx, const struct cur *c)
{
    lx->pos = c->pos;
    lx->line = c->line;
    lx->col = c->col;
    lx->after_cr = c->after_cr;
}

/* Moves the cursor over n bytes of any text, counting lines and characters. */
static void adv_text(const struct pdn_lexer *lx, struct cur *c, size_t n)
{
    const unsigned char *s = (const unsigned char *)lx->buf + c->pos;
    uint32_t line = c->line, col = c->col;
    bool cr = c->after_cr;
    for (size_t i = 0; i < n; i++) {
        unsigned b = s[i];
        if (b == '\n') {
            if (!cr) line++;
            col = 1;
            cr = false;
        } else if (b == '\r') {
            line++;
            col = 1;
            cr = true;
        } else {
            col += (b & 0xC0) != 0x80;
            cr = false;
        }
    }
    c->pos += n;
    c->line = line;
    c->col = col;
    c->after_cr = cr;
}

/* Over n ASCII bytes that hold no line end. */
static void adv_ascii(struct cur *c, size_t n)
{
    c->pos += n;
    c->col += (uint32_t)n;
    c->after_cr = false;
}

static struct pdn_pos pos_of(const struct pdn_lexer *lx, const struct cur *c)
{
    return (struct pdn_pos){c->line, c->col, lx->base + c->pos};
}

void pdn_lex_locate(const struct pdn_lexer *lx, uint64_t offset, struct pdn_pos *out)
{
    struct cur c = cur_of(lx);
    uint64_t at = lx->base + lx->pos;
    size_t n = offset > at ? (size_t)(offset - at) : 0;
    if (c.pos + n > lx->end) n = lx->end - c.pos;
    adv_text(lx, &c, n);
    *out = pos_of(lx, &c);
}

/* The place of byte 'at' of the current token, which starts at cursor t. */
static struct pdn_pos locate_in(const struct pdn_lexer *lx, struct cur t, size_t at)
{
    adv_text(lx, &t, at - t.pos);
    return pos_of(lx, &t);
}

static unsigned char byte_at(const struct pdn_lexer *lx, size_t i)
{
    return (unsigned char)lx->buf[i];
}

static bool is_digit(unsigned c)
{
    return c >= '0' && c <= '9';
}

static bool is_upper(unsigned c)
{
    return c >= 'A' && c <= 'Z';
}

static bool is_ident(unsigned c)
{
    return is_upper(c) || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}

static bool is_blank(unsigned c)
{
    return c == ' ' || c == '\t';
}

static bool is_eol(unsigned c)
{
    return c == '\n' || c == '\r';
}

/* Length of the UTF-8 sequence led by c (1 for stray bytes). */
static size_t seq_len(unsigned c)
{
    return c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

static void set_find(struct pdn_token *tok, enum pdn_code code, enum pdn_odd odd, bool error,
                     struct pdn_pos pos)
{
    if (tok->find.set) return;
    tok->find = (struct pdn_lexfind){code, odd, true, error, pos, NULL};
}

/* A lenient form: a warning, or in strict mode an error of 'strict_code'. */
static void set_odd(const struct pdn_lexer *lx, struct pdn_token *tok, enum pdn_odd odd,
                    enum pdn_code strict_code, struct pdn_pos pos)
{
    if (lx->strict)
        set_find(tok, strict_code, odd, true, pos);
    else
        set_find(tok, PDN_D_NONSTANDARD, odd, false, pos);
}

/* True when byte i is past the window but more text may come. */
static bool more(const struct pdn_lexer *lx, size_t i)
{
    return i >= lx->end && !lx->eof;
}

/* Byte i, or -1 past the window. */
static int peek(const struct pdn_lexer *lx, size_t i)
{
    return i < lx->end ? (int)byte_at(lx, i) : -1;
}

/* Offset of the next CR or LF at or after i; lx->end at the end of input;
 * SIZE_MAX when the window ends first. */
static size_t find_eol(const struct pdn_lexer *lx, size_t i)
{
    while (i < lx->end && !is_eol(byte_at(lx, i)))
        i++;
    return more(lx, i) ? SIZE_MAX : i;
}

/* ---- Blanks and % comments ------------------------------------------------ */

/* Bytes of a non-standard blank at i (NBSP, narrow NBSP, figure space,
 * BOM), 0 for none. */
static size_t odd_blank(const struct pdn_lexer *lx, size_t i, enum pdn_odd *odd)
{
    int b0 = peek(lx, i), b1 = peek(lx, i + 1), b2 = peek(lx, i + 2);
    *odd = PDN_ODD_NBSP;
    if (b0 == 0xC2 && b1 == 0xA0) return 2;
    if (b0 == 0xE2 && b1 == 0x80 && (b2 == 0xAF || b2 == 0x87)) return 3;
    *odd = PDN_ODD_BOM;
    if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) return 3;
    return 0;
}

static void report_here(struct pdn_lexer *lx, const struct cur *c, enum pdn_code code,
                        enum pdn_odd odd, size_t len)
{
    struct pdn_pos pos = pos_of(lx, c);
    if (lx->report) lx->report(lx->ctx, code, odd, &pos, lx->buf + c->pos, len);
}

/* One lenient blank at c (NUL, odd spaces, literal "\r"); 0 when none, -1 for more. */
static int odd_space(struct pdn_lexer *lx, struct cur *c)
{
    unsigned b = byte_at(lx, c->pos);
    enum pdn_odd odd;
    if (b == 0) {
        report_here(lx, c, PDN_D_NUL_BYTE, PDN_ODD_NONE, 0);
        adv_ascii(c, 1);
        return 1;
    }
    if (lx->strict) return 0;
    size_t n = odd_blank(lx, c->pos, &odd);
    if (n == 0 && b == '\\') {
        if (more(lx, c->pos + 1)) return -1;
        int next = peek(lx, c->pos + 1);
        if (next == 'r' || next == 'n') n = 2, odd = PDN_ODD_LITERAL_CR;
    }
    if (n == 0) return 0;
    report_here(lx, c, PDN_D_NONSTANDARD, odd, n);
    adv_text(lx, c, n);
    return 1;
}

/* Skips blanks, line ends and % comments, committing as it goes; false
 * when the window ends inside something that needs more text. */
static bool skip_space(struct pdn_lexer *lx)
{
    struct cur c = cur_of(lx);
    bool ok = true;
    while (c.pos < lx->end) {
        unsigned b = byte_at(lx, c.pos);
        if (b == ' ' || b == '\t' || b == '\f' || b == '\v') {
            adv_ascii(&c, 1);
        } else if (is_eol(b)) {
            adv_text(lx, &c, 1);
        } else if (b == '%') {
            size_t e = find_eol(lx, c.pos);
            if (e == SIZE_MAX) {
                ok = false;
                break;
            }
            adv_text(lx, &c, e - c.pos);
        } else {
            int r = odd_space(lx, &c);
            ok = r >= 0;
            if (r <= 0) break;
        }
    }
    commit(lx, &c);
    return ok && (c.pos < lx->end || lx->eof);
}

/* ---- Numbers, move numbers and results ------------------------------------ */

struct result_lit {
    const char *text;
    unsigned char len;
    unsigned char result;
    unsigned char chess; /* 1: chess-style, 2: lenient-only spelling */
};

static const struct result_lit result_lits[] = {
    {"1/2-1/2", 7, PDN_RESULT_DRAW, 1},
    {"0.5-0.5", 7, PDN_RESULT_DRAW, 2},
    {"2-0", 3, PDN_RESULT_WHITE_WIN, 0},
    {"0-2", 3, PDN_RESULT_BLACK_WIN, 0},
    {"1-1", 3, PDN_RESULT_DRAW, 0},
    {"0-0", 3, PDN_RESULT_BOTH_LOST, 0},
    {"1-0", 3, PDN_RESULT_WHITE_WIN, 1},
    {"0-1", 3, PDN_RESULT_BLACK_WIN, 1},
    {"\xc2\xbd-\xc2\xbd", 5, PDN_RESULT_DRAW, 2},
};

/* 1 when the literal stands at i and no digit follows, 0 when not, -1 for more. */
static int match_lit(const struct pdn_lexer *lx, size_t i, const char *s, size_t len)
{
    for (size_t k = 0; k < len; k++) {
        if (i + k >= lx->end) return lx->eof ? 0 : -1;
        if (byte_at(lx, i + k) != (unsigned char)s[k]) return 0;
    }
    if (more(lx, i + len)) return -1;
    int next = peek(lx, i + len);
    return next >= 0 && is_digit((unsigned)next) ? 0 : 1;
}

/* A result token at c: its length, 0 when none, -1 for more. */
static int scan_result(struct pdn_lexer *lx, const struct cur *c, struct pdn_token *tok)
{
    /* Every result starts 0, 1, 2 or the one-half sign, then '-', '/' or '.':
     * most numbers leave here. */
    int b0 = peek(lx, c->pos), b1 = peek(lx, c->pos + 1);
    if (b1 >= 0 && b0 != 0xC2 && (b0 > '2' || (b1 != '-' && b1 != '/' && b1 != '.'))) return 0;
    for (size_t k = 0; k < sizeof result_lits / sizeof result_lits[0]; k++) {
        const struct result_lit *r = &result_lits[k];
        if (r->chess == 2 && lx->strict) continue;
        int m = match_lit(lx, c->pos, r->text, r->len);
        if (m < 0) return -1;
        if (m == 0) continue;
        tok->value = r->result;
        enum pdn_odd odd = r->chess == 2 ? PDN_ODD_ODD_RESULT : PDN_ODD_CHESS_RESULT;
        if (r->chess && !lx->strict) set_find(tok, PDN_D_NONSTANDARD, odd, false, pos_of(lx, c));
        return r->len;
    }
    return 0;
}

/* The dots after a move number: how many to take, and whether that is odd. */
static size_t take_dots(const struct pdn_lexer *lx, size_t dots, bool *black, bool *odd)
{
    *odd = false;
    *black = dots >= 3 || (dots == 2 && !lx->strict);
    if (dots == 1 || dots == 3) return dots;
    if (lx->strict) return dots == 2 ? 1 : 3;
    *odd = true;
    return dots;
}

static enum pdn_tok scan_digits(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    int r = scan_result(lx, c, tok);
    if (r < 0) return PDN_T_MORE;
    if (r > 0) {
        adv_text(lx, c, (size_t)r);
        return PDN_T_RESULT;
    }
    size_t p = c->pos, i = p;
    uint64_t v = 0;
    while (i < lx->end && is_digit(byte_at(lx, i))) {
        v = v * 10 + (byte_at(lx, i) - '0');
        if (v > UINT32_MAX) v = UINT32_MAX;
        i++;
    }
    if (more(lx, i)) return PDN_T_MORE;
    tok->value = (uint32_t)v;
    tok->digits = (uint8_t)(i - p > 255 ? 255 : i - p);
    tok->zero = byte_at(lx, p) == '0' && i - p > 1;
    if (peek(lx, i) != '.') {
        if (tok->zero && tok->digits == 2 && !lx->strict)
            set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_ZERO_SQUARE, false, pos_of(lx, c));
        adv_ascii(c, i - p);
        return PDN_T_NUMBER;
    }
    size_t j = i;
    while (j < lx->end && byte_at(lx, j) == '.')
        j++;
    if (more(lx, j)) return PDN_T_MORE;
    bool odd;
    size_t take = take_dots(lx, j - i, &tok->black, &odd);
    if (odd) set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_DOTS, false, locate_in(lx, *c, i));
    if (tok->zero && !lx->strict)
        set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_ZERO_NUMBER, false, pos_of(lx, c));
    adv_ascii(c, i - p + take);
    return PDN_T_MOVENUM;
}

/* ---- Small tokens ---------------------------------------------------------- */

static bool is_file(int b)
{
    return b >= 'a' && b <= 'h';
}

static bool is_rank(int b)
{
    return b >= '1' && b <= '8';
}

static enum pdn_tok scan_alpha(struct pdn_lexer *lx, struct cur *c)
{
    size_t p = c->pos;
    if (more(lx, p + 3)) return PDN_T_MORE;
    if (!is_rank(peek(lx, p + 1))) return PDN_T_JUNK;
    bool pair = is_file(peek(lx, p + 2)) && is_rank(peek(lx, p + 3));
    adv_ascii(c, pair ? 4 : 2);
    return pair ? PDN_T_ALPHAMOVE : PDN_T_ALPHASQ;
}

static bool is_mark(int b)
{
    return b == '!' || b == '?';
}

static enum pdn_tok scan_strength(struct pdn_lexer *lx, struct cur *c)
{
    size_t i = c->pos;
    while (is_mark(peek(lx, i)))
        i++;
    if (more(lx, i)) return PDN_T_MORE;
    adv_ascii(c, i - c->pos);
    return PDN_T_STRENGTH;
}

/* '(' opens a variation unless it wraps a strength: (!?) */
static enum pdn_tok scan_lparen(struct pdn_lexer *lx, struct cur *c)
{
    size_t i = c->pos + 1;
    while (is_mark(peek(lx, i)))
        i++;
    if (more(lx, i)) return PDN_T_MORE;
    if (i > c->pos + 1 && peek(lx, i) == ')') {
        adv_ascii(c, i + 1 - c->pos);
        return PDN_T_STRENGTH;
    }
    adv_ascii(c, 1);
    return PDN_T_LPAREN;
}

static enum pdn_tok scan_nag(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t i = c->pos + 1;
    uint32_t v = 0;
    while (i < lx->end && is_digit(byte_at(lx, i))) {
        v = v > 100000 ? v : v * 10 + (byte_at(lx, i) - '0');
        i++;
    }
    if (more(lx, i)) return PDN_T_MORE;
    if (i == c->pos + 1) return PDN_T_JUNK;
    tok->value = v;
    adv_ascii(c, i - c->pos);
    return PDN_T_NAG;
}

static enum pdn_tok scan_dots(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t i = c->pos;
    while (peek(lx, i) == '.')
        i++;
    if (more(lx, i)) return PDN_T_MORE;
    size_t n = i - c->pos;
    if (n == 1 && !lx->strict) {
        /* A lone dot: punctuation, not a token (lenient). */
        set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_STRAY_DOT, false, pos_of(lx, c));
        adv_ascii(c, 1);
        return PDN_T_JUNK;
    }
    if (n < 2 || (n == 2 && lx->strict)) return PDN_T_JUNK;
    if (n != 3 && lx->strict) n = 3;
    if (n != 3) set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_DOTS, false, pos_of(lx, c));
    adv_ascii(c, n);
    return PDN_T_ELLIPSIS;
}

/* ---- Delimited tokens ------------------------------------------------------ */

static enum pdn_tok scan_linecomment(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t e = find_eol(lx, c->pos);
    if (e == SIZE_MAX) return PDN_T_MORE;
    tok->inner_start = c->pos + 1;
    tok->inner_len = e - tok->inner_start;
    adv_text(lx, c, e - c->pos);
    return PDN_T_LINECOMMENT;
}

static enum pdn_tok scan_setup(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t i = c->pos + 1;
    /* A lenient setup ends at its line: a lost '/' must not swallow the file. */
    while (i < lx->end && byte_at(lx, i) != '/' && (lx->strict || !is_eol(byte_at(lx, i))))
        i++;
    if (more(lx, i)) return PDN_T_MORE;
    tok->inner_start = c->pos + 1;
    tok->inner_len = i - tok->inner_start;
    if (peek(lx, i) == '/')
        i++;
    else
        set_find(tok, PDN_D_UNTERMINATED_SETUP, PDN_ODD_NONE, true, pos_of(lx, c));
    adv_text(lx, c, i - c->pos);
    return PDN_T_SETUP;
}

/* After the line end at i: 1 when the next line opens a tag ([Name "),
 * 0 when not, -1 for more. */
static int tag_line_after(const struct pdn_lexer *lx, size_t i)
{
    size_t j = i + 1;
    if (byte_at(lx, i) == '\r' && peek(lx, j) == '\n') j++;
    if (more(lx, j + 1)) return -1;
    if (peek(lx, j) != '[' || !is_upper((unsigned)peek(lx, j + 1))) return 0;
    j += 2;
    while (j < lx->end && is_ident(byte_at(lx, j)))
        j++;
    size_t k = j;
    while (k < lx->end && is_blank(byte_at(lx, k)))
        k++;
    if (more(lx, k)) return -1;
    return k > j && peek(lx, k) == '"';
}

struct comment_scan {
    size_t end;       /* just past the token */
    size_t inner_end; /* end of the text inside */
    size_t nest_at;   /* the closing '}' of nested braces, SIZE_MAX for none */
    bool unterminated;
};

/* Scans { ... }: -1 for more. Lenient: braces nest (falling back to the
 * first '}' when the nesting never closes) and a comment stops before a
 * line that opens a tag, so one lost '}' cannot swallow the games after it. */
static int comment_extent(const struct pdn_lexer *lx, size_t p, struct comment_scan *out)
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
            break;
        }
        if (ch == '}' && nest == 0) {
            /* Nesting resolved: point at the brace a standard reader stops on. */
            size_t at = out->nest_at == SIZE_MAX ? SIZE_MAX : i;
            *out = (struct comment_scan){i + 1, i, at, false};
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

/* A NUL inside a token's text [from, to) is reported first. */
static void find_nul(const struct pdn_lexer *lx, const struct cur *c, size_t from, size_t to,
                     struct pdn_token *tok)
{
    const char *z = memchr(lx->buf + from, 0, to - from);
    if (z)
        set_find(tok, PDN_D_NUL_BYTE, PDN_ODD_NONE, true, locate_in(lx, *c, (size_t)(z - lx->buf)));
}

static enum pdn_tok scan_comment(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    struct comment_scan s;
    if (comment_extent(lx, c->pos, &s) < 0) return PDN_T_MORE;
    find_nul(lx, c, c->pos, s.end, tok);
    tok->inner_start = c->pos + 1;
    tok->inner_len = s.inner_end - tok->inner_start;
    tok->nested = s.nest_at != SIZE_MAX;
    if (s.unterminated)
        set_find(tok, PDN_D_UNTERMINATED_COMMENT, PDN_ODD_NONE, true, pos_of(lx, c));
    else if (tok->nested)
        set_find(tok, PDN_D_NESTED_COMMENT, PDN_ODD_NONE, false, locate_in(lx, *c, s.nest_at));
    adv_text(lx, c, s.end - c->pos);
    return PDN_T_COMMENT;
}

/* <...> captured squares after a move (lenient): on one line, short. */
static enum pdn_tok scan_caplist(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t i = c->pos + 1, stop = c->pos + 128;
    while (i < lx->end && i < stop && byte_at(lx, i) != '>' && !is_eol(byte_at(lx, i)))
        i++;
    if (more(lx, i) && i < stop) return PDN_T_MORE;
    if (peek(lx, i) != '>') return PDN_T_JUNK;
    tok->inner_start = c->pos + 1;
    tok->inner_len = i - tok->inner_start;
    set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_CAPLIST, false, pos_of(lx, c));
    adv_text(lx, c, i + 1 - c->pos);
    return PDN_T_CAPLIST;
}

/* ---- Tags ------------------------------------------------------------------ */

static size_t skip_ws(const struct pdn_lexer *lx, size_t i)
{
    while (i < lx->end && (is_blank(byte_at(lx, i)) || is_eol(byte_at(lx, i))))
        i++;
    return i;
}

/* The tag name at i: an identifier, or (lenient) anything up to the value. */
static int tag_name(struct pdn_lexer *lx, const struct cur *t0, size_t i, struct pdn_token *tok)
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
    /* Not "Name" then a value: take the name up to the quote (lenient). */
    size_t k = i > p ? j : p;
    set_odd(lx, tok, PDN_ODD_TAG_NAME, PDN_D_BAD_TAG, locate_in(lx, *t0, k));
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
static long quote_closes(struct pdn_lexer *lx, const struct cur *t0, size_t q,
                         struct pdn_token *tok)
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
            set_find(tok, PDN_D_BAD_TAG, PDN_ODD_TAG_QUOTES, true, locate_in(lx, *t0, r));
        else
            set_odd(lx, tok, PDN_ODD_TAG_QUOTES, PDN_D_BAD_TAG, locate_in(lx, *t0, q));
        return 0;
    }
    size_t r2 = skip_ws(lx, r);
    if (more(lx, r2)) return -1;
    if (peek(lx, r2) == ']') return (long)(r2 + 1);
    set_find(tok, PDN_D_UNTERMINATED_TAG, PDN_ODD_NONE, true, locate_in(lx, *t0, r2));
    return (long)(q + 1);
}

/* A quoted value from the quote at i; returns the end of the tag or -1. */
static long tag_string(struct pdn_lexer *lx, const struct cur *t0, size_t i, struct pdn_token *tok)
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
        if (b < 0 || (is_eol((unsigned)b) && !lx->strict)) {
            /* Lenient values end with their line: trim what closed it. */
            size_t e = q;
            while (e > tok->value_start && (is_blank(byte_at(lx, e - 1)) ||
                                            byte_at(lx, e - 1) == ']' || byte_at(lx, e - 1) == '"'))
                e--;
            tok->value_len = e - tok->value_start;
            set_find(tok, PDN_D_UNTERMINATED_STRING, PDN_ODD_NONE, true, pos_of(lx, t0));
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
static long tag_bare(struct pdn_lexer *lx, const struct cur *t0, size_t i, struct pdn_token *tok)
{
    if (peek(lx, i) == ']') {
        set_odd(lx, tok, PDN_ODD_TAG_NO_VALUE, PDN_D_BAD_TAG, locate_in(lx, *t0, i));
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
        set_find(tok, PDN_D_UNTERMINATED_TAG, PDN_ODD_NONE, true, pos_of(lx, t0));
        return (long)k;
    }
    set_odd(lx, tok, PDN_ODD_TAG_UNQUOTED, PDN_D_BAD_TAG, locate_in(lx, *t0, i));
    return (long)(k + 1);
}

static enum pdn_tok scan_tag(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    const struct cur t0 = *c;
    size_t i = skip_ws(lx, c->pos + 1);
    if (more(lx, i)) return PDN_T_MORE;
    /* "[" then "[Name": the first bracket is a stray one. */
    if (peek(lx, i) == '[') return PDN_T_JUNK;
    tok->has_value = false;
    tok->value_start = tok->value_len = 0;
    int n = tag_name(lx, &t0, i, tok);
    if (n < 0) return PDN_T_MORE;
    i = skip_ws(lx, i + (size_t)n);
    if (more(lx, i)) return PDN_T_MORE;
    long end;
    if (peek(lx, i) == '"')
        end = tag_string(lx, &t0, i, tok);
    else
        end = tag_bare(lx, &t0, i, tok);
    if (end < 0) return PDN_T_MORE;
    if (memchr(lx->buf + c->pos, 0, (size_t)end - c->pos)) {
        tok->find.set = false; /* a NUL outranks what it made the tag look like */
        find_nul(lx, c, c->pos, (size_t)end, tok);
    }
    adv_text(lx, c, (size_t)end - c->pos);
    return PDN_T_TAG;
}

/* ---- Everything else ------------------------------------------------------- */

static bool ends_junk(unsigned b)
{
    return b <= ' ' || strchr("[]{}();%\"", (int)b) != NULL;
}

/* Characters that start no token: one run up to a blank or a delimiter. */
static enum pdn_tok scan_junk(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t i = c->pos + seq_len(byte_at(lx, c->pos));
    while (i < lx->end && !ends_junk(byte_at(lx, i)))
        i++;
    if (more(lx, i)) return PDN_T_MORE;
    if (i > lx->end) i = lx->end;
    set_find(tok, PDN_D_UNEXPECTED_CHAR, PDN_ODD_NONE, true, pos_of(lx, c));
    adv_text(lx, c, i - c->pos);
    return PDN_T_JUNK;
}

/* Non-ASCII starts: Unicode dashes and the ½-½ result (lenient only). */
static enum pdn_tok scan_unicode(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    size_t p = c->pos;
    if (lx->strict) return PDN_T_JUNK;
    if (more(lx, p + 2)) return PDN_T_MORE;
    int b0 = peek(lx, p), b1 = peek(lx, p + 1), b2 = peek(lx, p + 2);
    bool dash =
        b0 == 0xE2 && ((b1 == 0x80 && b2 >= 0x90 && b2 <= 0x95) || (b1 == 0x88 && b2 == 0x92));
    if (dash) {
        set_find(tok, PDN_D_NONSTANDARD, PDN_ODD_UNICODE_DASH, false, pos_of(lx, c));
        adv_text(lx, c, 3);
        return PDN_T_DASH;
    }
    if (b0 == 0xC2 && b1 == 0xBD) {
        int r = scan_result(lx, c, tok);
        if (r < 0) return PDN_T_MORE;
        if (r > 0) {
            adv_text(lx, c, (size_t)r);
            return PDN_T_RESULT;
        }
    }
    return PDN_T_JUNK;
}

static enum pdn_tok scan_token(struct pdn_lexer *lx, struct cur *c, struct pdn_token *tok)
{
    unsigned b = byte_at(lx, c->pos);
    if (is_digit(b)) return scan_digits(lx, c, tok);
    if (is_file((int)b)) return scan_alpha(lx, c);
    switch (b) {
    case '[':
        return scan_tag(lx, c, tok);
    case '-':
        adv_ascii(c, 1);
        return PDN_T_DASH;
    case 'x':
    case ':':
        adv_ascii(c, 1);
        return PDN_T_CAPTURE;
    case '*':
        adv_ascii(c, 1);
        return PDN_T_STAR;
    case ')':
        adv_ascii(c, 1);
        return PDN_T_RPAREN;
    case '(':
        return scan_lparen(lx, c);
    case '!':
    case '?':
        return scan_strength(lx, c);
    case '$':
        return scan_nag(lx, c, tok);
    case '{':
        return scan_comment(lx, c, tok);
    case ';':
        return scan_linecomment(lx, c, tok);
    case '/':
        return scan_setup(lx, c, tok);
    case '.':
        return scan_dots(lx, c, tok);
    case '<':
        return lx->strict ? PDN_T_JUNK : scan_caplist(lx, c, tok);
    default:
        return b >= 0xC0 ? scan_unicode(lx, c, tok) : PDN_T_JUNK;
    }
}

enum pdn_tok pdn_lex_next(struct pdn_lexer *lx, struct pdn_token *tok)
{
    if (!skip_space(lx)) return PDN_T_MORE;
    struct cur c = cur_of(lx);
    tok->find.set = false;
    tok->start = c.pos;
    tok->len = 0;
    tok->pos = pos_of(lx, &c);
    tok->mark = (struct pdn_lexmark){lx->base + c.pos, c.line, c.col, c.after_cr};
    tok->zero = tok->black = tok->nested = false;
    if (lx->pos >= lx->end) return tok->kind = PDN_T_EOF;
    enum pdn_tok k = scan_token(lx, &c, tok);
    if (k == PDN_T_JUNK && c.pos == tok->start) k = scan_junk(lx, &c, tok);
    if (k == PDN_T_MORE) return k;
    tok->kind = k;
    tok->len = c.pos - tok->start;
    commit(lx, &c);
    return k;
}

void pdn_lex_unread(struct pdn_lexer *lx, const struct pdn_token *tok)
{
    lx->pos = (size_t)(tok->mark.offset - lx->base);
    lx->line = tok->mark.line;
    lx->col = tok->mark.col;
    lx->after_cr = tok->mark.after_cr;
}
