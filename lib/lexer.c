/*
 * lexer: PDN text -> tokens with line:column (columns count characters).
 *
 * A hand-written scanner over the reader's buffer: no per-character calls,
 * no allocation. Every scan works on a local cursor and commits only when
 * the token is complete, so a token cut by the end of the window is simply
 * retried after a refill (TOK_MORE). The lexer is always as lenient as
 * the real-world forms need in how far a token extends; the strict flag
 * only decides whether an odd form is an error or a warning, so both modes
 * cut the text into the same tokens and find the same game boundaries.
 * Which bytes are blanks, dashes and separators, and how results are
 * spelled, is text.c's to say. It must not build game structures or
 * report a token's findings itself.
 */
#include "lexer_impl.h"
#include "text.h"

static const char *const odd_details[ODD_COUNT] = {
    [ODD_NONE] = "nonstandard form",
    [ODD_ZERO_SQUARE] = "zero-padded square",
    [ODD_ZERO_NUMBER] = "zero-padded move number",
    [ODD_SPACE_IN_MOVE] = "space inside a move",
    [ODD_NO_SEPARATOR] = "move without separator",
    [ODD_HOP_BY_HOP] = "multi-jump written hop by hop",
    [ODD_DASH_CAPTURE] = "capture written with dashes over several squares",
    [ODD_MIXED_SEPARATORS] = "mixed separators in a move",
    [ODD_CAPLIST] = "list of captured squares <...>",
    [ODD_UNICODE_DASH] = "Unicode dash",
    [ODD_NBSP] = "non-breaking space",
    [ODD_UNKNOWN_MOVE] = "unknown move",
    [ODD_EMPTY_NUMBER] = "move number without a move",
    [ODD_CHESS_RESULT] = "chess-style result",
    [ODD_ODD_RESULT] = "nonstandard result notation",
    [ODD_MATCH_RESULT] = "match-scoring result, read as '*'",
    [ODD_TAG_NAME] = "tag name is not an identifier",
    [ODD_TAG_NO_VALUE] = "tag without a value",
    [ODD_TAG_QUOTES] = "unescaped quote in a tag value",
    [ODD_TAG_UNQUOTED] = "tag value without quotes",
    [ODD_TAG_NO_BRACKET] = "tag line without '['",
    [ODD_STRAY_BRACKET] = "stray '[' before a tag",
    [ODD_LITERAL_CR] = "literal \\r text",
    [ODD_BOM] = "byte order mark inside the text",
    [ODD_DOTS] = "wrong number of dots",
    [ODD_STRENGTH_PLACE] = "move strength away from its move",
    [ODD_COMMENT_BEFORE_TAGS] = "movetext before the tags",
    [ODD_VARIATION_FIRST] = "variation before any move",
    [ODD_NAG_FIRST] = "annotation before any move",
    [ODD_NUMBER_TWICE] = "two move numbers in a row",
    [ODD_STRAY_DOT] = "stray '.'",
    [ODD_NAG_RANGE] = "NAG outside $1..$255",
    [ODD_DASH_RESULT] = "a dash for no result, read as '*'",
    [ODD_SETUP_QUOTES] = "a setup's FEN without its two quotes",
    [ODD_STRAY_DASH] = "stray dash: the move number after it takes the ply it would stand for",
    [ODD_UNKNOWN_MOVE_UNICODE] = "unknown move, written with a Unicode dash",
    [ODD_STRAY_DOTS] = "stray '...': the move number after it takes the ply it would stand for",
};

const char *lexer_odd_detail(enum odd_form odd)
{
    if ((unsigned)odd >= ODD_COUNT || !odd_details[odd]) return odd_details[0];
    return odd_details[odd];
}

void lexer_init(struct lexer *lx, bool strict, lexer_report_fn report, void *ctx)
{
    memset(lx, 0, sizeof *lx);
    lx->line = lx->col = 1;
    lx->strict = strict;
    lx->report = report;
    lx->ctx = ctx;
}

void lexer_locate(const struct lexer *lx, uint64_t offset, struct pdn_pos *out)
{
    struct cur c = cur_of(lx);
    uint64_t at = lx->base + lx->pos;
    size_t n = offset > at ? (size_t)(offset - at) : 0;
    if (c.pos + n > lx->end) n = lx->end - c.pos;
    adv_text(lx, &c, n);
    *out = pos_of(lx, &c);
}

/* ---- Blanks and % comments ------------------------------------------------ */

/* Bytes of a non-standard blank at i (text.c's Unicode blanks, or a BOM,
 * which only the lexer skips), 0 for none. */
static size_t odd_blank(const struct lexer *lx, size_t i, enum odd_form *odd)
{
    const unsigned char *b = (const unsigned char *)lx->buf + i;
    struct text_piece c = text_piece_at(b, lx->end - i);
    *odd = ODD_NBSP;
    if (c.kind == TEXT_BLANK && c.unicode) return c.len;
    *odd = ODD_BOM;
    if (lx->end - i >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) return 3;
    return 0;
}

static void report_here(struct lexer *lx, const struct cur *c, enum pdn_diag_code code,
                        enum odd_form odd, size_t len)
{
    struct pdn_pos pos = pos_of(lx, c);
    if (lx->report) lx->report(lx->ctx, code, odd, &pos, lx->buf + c->pos, len);
}

/* One lenient blank at c (NUL, odd spaces, literal "\r"); 0 when none, -1 for more. */
static int odd_space(struct lexer *lx, struct cur *c)
{
    unsigned b = byte_at(lx, c->pos);
    enum odd_form odd;
    if (b == 0) {
        report_here(lx, c, PDN_DIAG_NUL_BYTE, ODD_NONE, 0);
        adv_ascii(c, 1);
        return 1;
    }
    if (lx->strict) return 0;
    size_t n = odd_blank(lx, c->pos, &odd);
    if (n == 0 && b == '\\') {
        if (more(lx, c->pos + 1)) return -1;
        int next = peek(lx, c->pos + 1);
        if (next == 'r' || next == 'n') n = 2, odd = ODD_LITERAL_CR;
    }
    if (n == 0) return 0;
    report_here(lx, c, PDN_DIAG_NONSTANDARD, odd, n);
    adv_text(lx, c, n);
    return 1;
}

/* What a byte is to skip_space. */
enum { SP_TOKEN = 0, SP_BLANK, SP_LF, SP_CR, SP_PERCENT, SP_ODD };

static const unsigned char space_class[256] = {
    TEXT_ASCII_BLANKS(SP_BLANK),
    TEXT_MARK_LEADS(SP_ODD),
    ['\n'] = SP_LF,
    ['\r'] = SP_CR,
    ['%'] = SP_PERCENT,
    [0] = SP_ODD,
    ['\\'] = SP_ODD,
    [0xEF] = SP_ODD, /* a BOM */
};

/* Skips blanks, line ends and % comments, committing as it goes; false
 * when the window ends inside something that needs more text. The byte
 * class table keeps the common blanks to one load and one compare. With
 * line_only, stops before a line end, and before a % comment longer than
 * the window. */
static inline bool skip_space_in(struct lexer *lx, bool line_only)
{
    struct cur c = cur_of(lx);
    const unsigned char *b = (const unsigned char *)lx->buf;
    bool ok = true;
    /* An if-chain, not a switch: the jump table's indirect branch was the
     * costliest instruction of the reader, the chain's branches predict. */
    while (c.pos < lx->end) {
        unsigned k = space_class[b[c.pos]];
        if (k == SP_TOKEN) break;
        if (k == SP_BLANK) {
            c.pos++, lexer_count_blank(&c.col, &c.after_cr);
        } else if (k == SP_LF) {
            if (line_only) break;
            c.pos++, lexer_count_lf(&c.line, &c.col, &c.after_cr);
        } else if (k == SP_CR) {
            if (line_only) break;
            c.pos++, lexer_count_cr(&c.line, &c.col, &c.after_cr);
        } else if (k == SP_PERCENT) {
            size_t e = find_eol(lx, c.pos);
            if (e == SIZE_MAX && line_only) break;
            if (e == SIZE_MAX) {
                /* A % line longer than the window: passed over as it comes,
                 * so that it never has to fit in the buffer. */
                adv_text(lx, &c, lx->end - c.pos);
                lx->skip = SKIP_LINE;
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

static bool skip_space(struct lexer *lx)
{
    return skip_space_in(lx, false);
}

bool lexer_skip_line_space(struct lexer *lx)
{
    if (lx->skip) return false;
    skip_space_in(lx, true);
    if (lx->pos >= lx->end) return false;
    unsigned char b = (unsigned char)lx->buf[lx->pos];
    return b != '\n' && b != '\r' && b != '%';
}

/* ---- Numbers, move numbers and results ------------------------------------ */

/* 1 when the literal stands at i and no digit follows, 0 when not, -1 for more. */
static int match_lit(const struct lexer *lx, size_t i, const char *s, size_t len)
{
    for (size_t k = 0; k < len; k++) {
        if (i + k >= lx->end) return lx->eof ? 0 : -1;
        if (byte_at(lx, i + k) != (unsigned char)s[k]) return 0;
    }
    if (more(lx, i + len)) return -1;
    int next = peek(lx, i + len);
    return next >= 0 && is_digit((unsigned)next) ? 0 : 1;
}

/* A Goes score at i ("1.01-0.99", text_result_goes): its length, 0 when
 * none, -1 for more. It is the whole run of digits, dots and dashes there,
 * so "1.32-28" (a move number, a move) is none. Lenient only. */
static int scan_goes(struct lexer *lx, size_t i, struct token *tok)
{
    size_t n = 0;
    for (int b;
         n <= 9 && (b = peek(lx, i + n)) >= 0 && (is_digit((unsigned)b) || b == '.' || b == '-');)
        n++;
    if (n <= 9 && more(lx, i + n)) return -1;
    if (n > 9 || lx->strict) return 0;
    char text[10] = {0};
    for (size_t k = 0; k < n; k++)
        text[k] = (char)byte_at(lx, i + k);
    const struct text_result *r = text_result_goes(text, n);
    if (r == NULL) return 0;
    tok->value = r->result;
    return (int)n;
}

/* A result token at c: its length, 0 when none, -1 for more. */
static int scan_result(struct lexer *lx, const struct cur *c, struct token *tok)
{
    /* Every result starts 0, 1, 2 or the one-half sign, then '-', '/' or '.':
     * most numbers leave here. */
    int b0 = peek(lx, c->pos), b1 = peek(lx, c->pos + 1), b2 = peek(lx, c->pos + 2);
    if (b1 >= 0 && b0 != 0xC2 && (b0 > '2' || (b1 != '-' && b1 != '/' && b1 != '.'))) return 0;
    if (b1 == '.' && b2 >= 0 && is_digit((unsigned)b2)) {
        int g = scan_goes(lx, c->pos, tok);
        if (g > 0) set_find(tok, PDN_DIAG_NONSTANDARD, ODD_ODD_RESULT, false, pos_of(lx, c));
        if (g != 0) return g;
    }
    /* "1." and "2." are move numbers, "1-3" a move: only 0.5-0.5, 1/2-1/2
     * and a digit 0-2 after the dash can still be results. */
    if (b1 == '.' && b0 != '0') return 0;
    if (b1 == '/' && b0 != '1') return 0;
    if (b1 == '-' && b2 >= 0 && (b2 < '0' || b2 > '2')) return 0;
    for (size_t k = 0; k < text_nresults; k++) {
        const struct text_result *r = &text_results[k];
        bool lenient = r->convention == TEXT_LENIENT;
        if (lenient && lx->strict) continue;
        int m = match_lit(lx, c->pos, r->text, r->len);
        if (m < 0) return -1;
        if (m == 0) continue;
        tok->value = r->result;
        /* 1-0, 0-1 and 1/2-1/2 are in the grammar (the replay notes the
         * convention); only the other spellings are warned about here. */
        if (lenient) set_find(tok, PDN_DIAG_NONSTANDARD, ODD_ODD_RESULT, false, pos_of(lx, c));
        return r->len;
    }
    return 0;
}

/* The dots after a move number: how many to take, and whether that is odd. */
static size_t take_dots(const struct lexer *lx, size_t dots, bool *black, bool *odd)
{
    *odd = false;
    *black = dots >= 3 || (dots == 2 && !lx->strict);
    if (dots == 1 || dots == 3) return dots;
    if (lx->strict) return dots == 2 ? 1 : 3;
    *odd = true;
    return dots;
}

/* Whether the digits at i could start a result: 0, 1 or 2 then '-', '/'
 * or '.' (or the window ends). Most numbers fail this at once. */
static bool result_start(const struct lexer *lx, size_t i)
{
    if (i + 1 >= lx->end) return true;
    unsigned b0 = byte_at(lx, i), b1 = byte_at(lx, i + 1);
    return b0 <= '2' && (b1 == '-' || b1 == '/' || b1 == '.');
}

static enum token_kind scan_digits(struct lexer *lx, struct cur *c, struct token *tok)
{
    int r = result_start(lx, c->pos) ? scan_result(lx, c, tok) : 0;
    if (r < 0) return TOK_MORE;
    if (r > 0) {
        adv_text(lx, c, (size_t)r);
        return TOK_RESULT;
    }
    size_t p = c->pos, i = p;
    uint64_t v = 0;
    while (i < lx->end && is_digit(byte_at(lx, i))) {
        v = v * 10 + (byte_at(lx, i) - '0');
        if (v > UINT32_MAX) v = UINT32_MAX;
        i++;
    }
    if (more(lx, i)) return TOK_MORE;
    tok->value = (uint32_t)v;
    tok->digits = (uint8_t)(i - p > 255 ? 255 : i - p);
    tok->zero = byte_at(lx, p) == '0' && i - p > 1;
    if (peek(lx, i) != '.') {
        /* 06 is in the reading grammar, 006 or 0032 only in real files. */
        if (tok->zero && tok->digits == 2 && !lx->strict)
            set_find(tok, PDN_DIAG_NONSTANDARD, ODD_ZERO_SQUARE, false, pos_of(lx, c));
        else if (tok->zero && tok->digits > 2 && v >= 1 && v <= 99)
            set_odd(lx, tok, ODD_ZERO_SQUARE, PDN_DIAG_SYNTAX, pos_of(lx, c));
        adv_ascii(c, i - p);
        return TOK_NUMBER;
    }
    size_t j = i;
    while (j < lx->end && byte_at(lx, j) == '.')
        j++;
    if (more(lx, j)) return TOK_MORE;
    bool odd;
    size_t take = take_dots(lx, j - i, &tok->black, &odd);
    if (odd) set_find(tok, PDN_DIAG_NONSTANDARD, ODD_DOTS, false, locate_in(lx, *c, i));
    if (tok->zero && !lx->strict)
        set_find(tok, PDN_DIAG_NONSTANDARD, ODD_ZERO_NUMBER, false, pos_of(lx, c));
    adv_ascii(c, i - p + take);
    return TOK_MOVENUM;
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

static enum token_kind scan_alpha(struct lexer *lx, struct cur *c)
{
    size_t p = c->pos;
    if (more(lx, p + 3)) return TOK_MORE;
    if (!is_rank(peek(lx, p + 1))) return TOK_JUNK;
    bool pair = is_file(peek(lx, p + 2)) && is_rank(peek(lx, p + 3));
    adv_ascii(c, pair ? 4 : 2);
    return pair ? TOK_ALPHAMOVE : TOK_ALPHASQ;
}

static bool is_mark(int b)
{
    return b == '!' || b == '?';
}

static enum token_kind scan_strength(struct lexer *lx, struct cur *c)
{
    size_t i = c->pos;
    while (is_mark(peek(lx, i)))
        i++;
    if (more(lx, i)) return TOK_MORE;
    adv_ascii(c, i - c->pos);
    return TOK_STRENGTH;
}

/* '(' opens a variation unless it wraps a strength: (!?) */
static enum token_kind scan_lparen(struct lexer *lx, struct cur *c)
{
    size_t i = c->pos + 1;
    while (is_mark(peek(lx, i)))
        i++;
    if (more(lx, i)) return TOK_MORE;
    if (i > c->pos + 1 && peek(lx, i) == ')') {
        adv_ascii(c, i + 1 - c->pos);
        return TOK_STRENGTH;
    }
    adv_ascii(c, 1);
    return TOK_LPAREN;
}

static enum token_kind scan_nag(struct lexer *lx, struct cur *c, struct token *tok)
{
    size_t i = c->pos + 1;
    uint32_t v = 0;
    while (i < lx->end && is_digit(byte_at(lx, i))) {
        v = v > 100000 ? v : v * 10 + (byte_at(lx, i) - '0');
        i++;
    }
    if (more(lx, i)) return TOK_MORE;
    if (i == c->pos + 1) return TOK_JUNK;
    tok->value = v;
    adv_ascii(c, i - c->pos);
    return TOK_NAG;
}

static enum token_kind scan_dots(struct lexer *lx, struct cur *c, struct token *tok)
{
    size_t i = c->pos;
    while (peek(lx, i) == '.')
        i++;
    if (more(lx, i)) return TOK_MORE;
    size_t n = i - c->pos;
    if (n == 1 && !lx->strict) {
        /* A lone dot: punctuation, not a token (lenient). */
        set_find(tok, PDN_DIAG_NONSTANDARD, ODD_STRAY_DOT, false, pos_of(lx, c));
        adv_ascii(c, 1);
        return TOK_JUNK;
    }
    if (n < 2 || (n == 2 && lx->strict)) return TOK_JUNK;
    if (n != 3 && lx->strict) n = 3;
    if (n != 3) set_find(tok, PDN_DIAG_NONSTANDARD, ODD_DOTS, false, pos_of(lx, c));
    adv_ascii(c, n);
    return TOK_ELLIPSIS;
}

/* ---- Everything else ------------------------------------------------------- */

static bool ends_junk(unsigned b)
{
    return b <= ' ' || strchr("[]{}();%\"", (int)b) != NULL;
}

/* Inlined in lexer_next, as it was when lexer_next alone called it, and
 * in the junk run's look ahead (junk_goes_on): called from both, it was a
 * call a token, lexer_next's instructions 9.6% more than before the look
 * ahead (pdncheck on 5 MB, callgrind); inlined, 6.9% (its scanners are
 * then calls: 0.24% of pdncheck's). */
static inline __attribute__((always_inline)) enum token_kind
scan_token(struct lexer *lx, struct cur *c, struct token *tok);

/* Past one word that starts no token, from i: up to a blank or a delimiter. */
static size_t junk_word_end(const struct lexer *lx, size_t i)
{
    i += text_utf8_seq_len(byte_at(lx, i));
    while (i < lx->end && !ends_junk(byte_at(lx, i)))
        i++;
    return i;
}

/* Whether the word at c starts no token either, so that it goes on the run
 * of junk before it: 1, 0, -1 for more. A line end, a control or a
 * delimiter (a comment, a variation, a tag, '%') ends the run unlooked at:
 * they start tokens of their own, which may run far. */
static int junk_goes_on(struct lexer *lx, struct cur c)
{
    unsigned b = byte_at(lx, c.pos);
    if (b <= ' ' || strchr("[]{}();%", (int)b) != NULL) return 0;
    struct token scratch;
    memset(&scratch, 0, sizeof scratch);
    size_t at = c.pos;
    enum token_kind k = scan_token(lx, &c, &scratch);
    if (k == TOK_MORE) return -1;
    return k == TOK_JUNK && c.pos == at;
}

/* The end of the dashes and dots at i ("-", "--", "–", "...": what files
 * write for a move not given, or the "-" of "-thought"); i when there are
 * none; SIZE_MAX for more. */
static size_t gap_word_end(const struct lexer *lx, size_t i)
{
    size_t j = i;
    for (;;) {
        if (more(lx, j + TEXT_MARK_MAX - 1)) return SIZE_MAX;
        if (j >= lx->end) return j;
        unsigned b = byte_at(lx, j);
        struct text_piece k = text_piece_at((const unsigned char *)lx->buf + j, lx->end - j);
        if (b != '.' && k.kind != TEXT_DASH) return j;
        j += k.len;
    }
}

/* Whether dashes and dots at *w, then a word that starts no token, follow
 * on the line, blanks or none between them, so that they go on the run of
 * junk before them (*w moved to that word): 1, 0, -1 for more. With words
 * of a remark on both sides ("a long - thought", "he waited ... then", "a
 * long -thought"), a dash or an ellipsis is the remark's punctuation, not
 * a move not given: real files write those after a move number or a move
 * ("1. - - 2. - -", "35-30 -"), never between words. Before a square
 * ("a -32", "a -d4") the dash is still a dash. */
static int gap_goes_on(struct lexer *lx, struct cur *w)
{
    struct cur g = *w;
    for (;;) {
        size_t e = gap_word_end(lx, g.pos);
        if (e == SIZE_MAX) return -1;
        if (e == g.pos) return 0;
        size_t i = e;
        while (i < lx->end && is_blank(byte_at(lx, i)))
            i++;
        if (more(lx, i)) return -1;
        if (i >= lx->end) return 0;
        adv_text(lx, &g, i - g.pos);
        int r = junk_goes_on(lx, g);
        if (r > 0) *w = g;
        if (r != 0) return r;
    }
}

/* The end of a lone 'x' or ':' at i, or of digits there that no '.'
 * follows (a move number, or a result such as "0.5-0.5"): what may stand
 * between two words of a remark ("Brancas x Pretas", "Remarque : les
 * blancs", "spent 3 minutes"); i when there is none; SIZE_MAX for more. */
static size_t filler_word_end(const struct lexer *lx, size_t i)
{
    if (more(lx, i + 1)) return SIZE_MAX;
    unsigned b = byte_at(lx, i);
    if (b == 'x' || b == ':') return i + 1;
    size_t j = i;
    while (j < lx->end && is_digit(byte_at(lx, j)))
        j++;
    if (more(lx, j)) return SIZE_MAX;
    return j < lx->end && byte_at(lx, j) == '.' ? i : j;
}

/* Whether lone 'x's or ':'s, or numbers, at *w, then a word that starts
 * no token, follow on the line, blanks or none between them ("3rd"), so
 * that they go on the run of junk before them (*w moved to that word): 1,
 * 0, -1 for more. Between two words of a remark, neither is a capture
 * sign or a square: a move needs squares on both sides of its sign, and a
 * square a sign next to it. Signs together ("Brancas x : Pretas"),
 * numbers together ("spent 3 4 minutes") or a sign with a word on one
 * side ("a x 3 b", "a 3 x b") make none either; a number, a sign and a
 * number may be a move ("a 3 x 4 b"), and so may a dash: "a 32 - 28 b"
 * keeps its move. */
static int filler_goes_on(struct lexer *lx, struct cur *w)
{
    struct cur g = *w;
    int before = -1, last = -1; /* the two fillers before: 1 a number, 0 a sign */
    for (;;) {
        size_t e = filler_word_end(lx, g.pos);
        if (e == SIZE_MAX) return -1;
        if (e == g.pos) return 0;
        bool digits = is_digit(byte_at(lx, g.pos));
        if (digits && last == 0 && before == 1) return 0;
        before = last;
        last = digits;
        size_t i = e;
        while (i < lx->end && is_blank(byte_at(lx, i)))
            i++;
        if (more(lx, i)) return -1;
        if (i >= lx->end) return 0;
        adv_ascii(&g, i - g.pos);
        int r = junk_goes_on(lx, g);
        if (r > 0) *w = g;
        if (r != 0) return r;
    }
}

/* Whether digits at w end the run's line, which the end of the input or
 * a tag line follows ("Round 3" above a game's tags): they cannot be a
 * square, as no move goes on into a tag. *c moved past them: 1, 0, -1
 * for more. */
static int tail_number(struct lexer *lx, struct cur w, struct cur *c)
{
    size_t e = filler_word_end(lx, w.pos);
    if (e == SIZE_MAX) return -1;
    if (e == w.pos || !is_digit(byte_at(lx, w.pos))) return 0;
    size_t i = e;
    while (i < lx->end && (is_blank(byte_at(lx, i)) || is_eol(byte_at(lx, i))))
        i++;
    if (more(lx, i)) return -1;
    bool eol = false;
    for (size_t k = e; k < i && !eol; k++)
        eol = is_eol(byte_at(lx, k));
    if (i < lx->end && (!eol || byte_at(lx, i) != '[')) return 0;
    adv_ascii(&w, e - w.pos);
    *c = w;
    return 1;
}

/* Characters that start no token: a run of such words with blanks between
 * them on one line ("this is some text" among the moves, "next round"
 * between games), one token: one finding and one comment for the run,
 * which a move, a move number, a result, a comment or the line's end
 * stops; dashes and dots, a lone 'x' or ':', or a number between two of
 * its words do not, and a number that ends its line before a tag or the
 * end of the input is its last word. */
static enum token_kind scan_junk(struct lexer *lx, struct cur *c, struct token *tok)
{
    struct pdn_pos start = pos_of(lx, c);
    struct cur w = *c;
    for (;;) {
        size_t e = junk_word_end(lx, w.pos);
        if (more(lx, e)) return TOK_MORE;
        if (e > lx->end) e = lx->end;
        adv_text(lx, &w, e - w.pos);
        *c = w; /* the run ends after this word unless another follows */
        size_t i = e;
        while (i < lx->end && is_blank(byte_at(lx, i)))
            i++;
        if (more(lx, i)) return TOK_MORE;
        if (i >= lx->end) break;
        adv_ascii(&w, i - e);
        int r = junk_goes_on(lx, w);
        if (r == 0) r = gap_goes_on(lx, &w);
        if (r == 0) r = filler_goes_on(lx, &w);
        if (r == 0 && (r = tail_number(lx, w, c)) > 0) break;
        if (r < 0) return TOK_MORE;
        if (r == 0) break;
    }
    set_find(tok, PDN_DIAG_UNEXPECTED_CHAR, ODD_NONE, true, start);
    return TOK_JUNK;
}

static bool is_letter(int b)
{
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
}

/* Whether the 'x' at c starts a word ("xeque", "xadrez", "xícara"), not a
 * capture sign: a letter right after it that starts no square (a letter
 * then a digit, as "xd4" in "c3xd4", is one) and is no second 'x' ("xx",
 * "xx19": capture signs typed twice), and no digit right before it
 * ("28xeque" is a capture that lacks its square). The byte before is in
 * the window whenever it is on the same line (parser_keep keeps the game
 * and the line's start). 1, 0, -1 for more. */
static int x_starts_word(const struct lexer *lx, const struct cur *c)
{
    size_t p = c->pos;
    if (c->col > 1 && p > 0 && is_digit(byte_at(lx, p - 1))) return 0;
    if (more(lx, p + TEXT_MARK_MAX)) return -1;
    int b = peek(lx, p + 1);
    if (is_letter(b)) return b != 'x' && !is_digit((unsigned)peek(lx, p + 2));
    if (b < 0x80) return 0;
    /* Not a letter we can name, but no dash or blank either: a word. */
    const unsigned char *s = (const unsigned char *)lx->buf + p + 1;
    return text_piece_at(s, lx->end - p - 1).kind == TEXT_OTHER;
}

/* A separator: '-' or a Unicode dash, 'x' or ':', as text.c's scanner of
 * move text says (a Unicode dash is lenient only); the ½-½ result (lenient
 * only); anything else, and an 'x' that starts a word, starts no token. */
static enum token_kind scan_piece(struct lexer *lx, struct cur *c, struct token *tok)
{
    size_t p = c->pos;
    unsigned b = byte_at(lx, p);
    if (b >= 0x80) {
        if (lx->strict) return TOK_JUNK;
        if (more(lx, p + TEXT_MARK_MAX - 1)) return TOK_MORE;
    }
    struct text_piece k = text_piece_at((const unsigned char *)lx->buf + p, lx->end - p);
    if (k.kind == TEXT_CROSS) {
        int w = x_starts_word(lx, c);
        if (w < 0) return TOK_MORE;
        if (w > 0) return TOK_JUNK;
    }
    if (k.kind == TEXT_CROSS || k.kind == TEXT_COLON) {
        adv_ascii(c, 1);
        return TOK_CAPTURE;
    }
    if (k.kind == TEXT_DASH && !k.unicode) {
        adv_ascii(c, 1);
        return TOK_DASH;
    }
    if (k.kind == TEXT_DASH) {
        set_find(tok, PDN_DIAG_NONSTANDARD, ODD_UNICODE_DASH, false, pos_of(lx, c));
        adv_text(lx, c, k.len);
        return TOK_DASH;
    }
    if (b == 0xC2 && peek(lx, p + 1) == 0xBD) {
        int r = scan_result(lx, c, tok);
        if (r < 0) return TOK_MORE;
        if (r > 0) {
            adv_text(lx, c, (size_t)r);
            return TOK_RESULT;
        }
    }
    return TOK_JUNK;
}

static inline __attribute__((always_inline)) enum token_kind
scan_token(struct lexer *lx, struct cur *c, struct token *tok)
{
    unsigned b = byte_at(lx, c->pos);
    if (is_digit(b)) return scan_digits(lx, c, tok);
    if (is_file((int)b)) return scan_alpha(lx, c);
    if (is_upper(b)) {
        enum token_kind k = lexer_scan_open_tag(lx, c, tok);
        if (k != TOK_JUNK) return k;
    }
    switch (b) {
    case '[':
        return lexer_scan_tag(lx, c, tok);
    case '*':
        adv_ascii(c, 1);
        return TOK_STAR;
    case ')':
        adv_ascii(c, 1);
        return TOK_RPAREN;
    case '(':
        return scan_lparen(lx, c);
    case '!':
    case '?':
        return scan_strength(lx, c);
    case '$':
        return scan_nag(lx, c, tok);
    case '{':
        return lexer_scan_comment(lx, c, tok);
    case ';':
        return lexer_scan_linecomment(lx, c, tok);
    case '/':
        return lexer_scan_setup(lx, c, tok);
    case '.':
        return scan_dots(lx, c, tok);
    case '<':
        return lx->strict ? TOK_JUNK : lexer_scan_caplist(lx, c, tok);
    default:
        return scan_piece(lx, c, tok);
    }
}

enum token_kind lexer_next(struct lexer *lx, struct token *tok)
{
    if (lx->skip && !lexer_skip_rest(lx)) return TOK_MORE;
    if (!skip_space(lx)) return TOK_MORE;
    struct cur c = cur_of(lx);
    tok->find.set = false;
    tok->start = c.pos;
    tok->len = 0;
    tok->pos = pos_of(lx, &c);
    tok->mark = (struct lexer_mark){lx->base + c.pos, c.line, c.col, c.after_cr};
    tok->zero = tok->black = tok->nested = false;
    if (lx->pos >= lx->end) return tok->kind = TOK_EOF;
    enum token_kind k = scan_token(lx, &c, tok);
    if (k == TOK_JUNK && c.pos == tok->start) k = scan_junk(lx, &c, tok);
    if (k == TOK_MORE) return k;
    tok->kind = k;
    tok->len = c.pos - tok->start;
    commit(lx, &c);
    return k;
}

enum token_kind lexer_cut(struct lexer *lx, struct token *tok)
{
    bool eof = lx->eof;
    size_t stop = lx->end;
    lx->eof = lx->cutting = true;
    enum token_kind k = lexer_next(lx, tok);
    lx->eof = eof;
    lx->cutting = false;
    if (k != TOK_EOF && lx->pos >= stop) {
        lexer_set_rest(lx, tok);
        /* "Unterminated" would only say where the cut fell. */
        enum pdn_diag_code f = tok->find.code;
        if (lx->skip && (f == PDN_DIAG_UNTERMINATED_COMMENT || f == PDN_DIAG_UNTERMINATED_STRING ||
                         f == PDN_DIAG_UNTERMINATED_TAG || f == PDN_DIAG_UNTERMINATED_SETUP))
            tok->find.set = false;
    }
    return k;
}

void lexer_unread(struct lexer *lx, const struct token *tok)
{
    lx->skip = SKIP_NONE;
    lx->pos = (size_t)(tok->mark.offset - lx->base);
    lx->line = tok->mark.line;
    lx->col = tok->mark.col;
    lx->after_cr = tok->mark.after_cr;
}
