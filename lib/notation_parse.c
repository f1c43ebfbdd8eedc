/*
 * Move text to squares: reads the standard move forms ("32-28", "28x19x10",
 * and the algebraic "c3-d4", "c3d4", "e3:c5", "a3xc5xe7" of 8x8 files)
 * and the real-world ones PDN.md lists (zero padding, ':', spaces inside the
 * move, unicode dashes, "3228", hop by hop "11x18 18x25", a "<19,23>" list
 * of captured squares), recording each non-standard form seen. Which bytes
 * are digits, separators, dashes and blanks is text.c's to say: the lexer
 * and the writer read move text with the same scanner.
 *
 * Only syntax here: which moves the squares name is notation_match.c's
 * business. Reads any bytes without overrunning the NUL, allocates nothing.
 */
#include "notation.h"
#include "text.h"

#include <limits.h>
#include <string.h>

/* Bytes of a blank at p (text.c's blanks), or 0; end bounds the text. */
static int blank_len(const unsigned char *p, const unsigned char *end)
{
    if (p >= end) return 0;
    struct text_piece c = text_piece_at(p, (size_t)(end - p));
    return c.kind == TEXT_BLANK ? c.len : 0;
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* Reads a digit run; huge numbers saturate at INT_MAX (no square is that big). */
static const unsigned char *read_number(const unsigned char *p, int *value, bool *padded)
{
    const unsigned char *start = p;
    int v = 0;
    for (; is_digit(*p); p++) {
        int d = *p - '0';
        v = v > (INT_MAX - d) / 10 ? INT_MAX : v * 10 + d;
    }
    *value = v;
    *padded = *start == '0' && p - start > 1;
    return p;
}

/* A "<19,23>" or "<19 23>" list; returns the byte after '>' or NULL. */
static const unsigned char *read_list(struct notation_text *t, const unsigned char *p,
                                      const unsigned char *end)
{
    for (p++; *p != '>';) {
        int len = blank_len(p, end);
        if (len || *p == ',' || *p == ';') {
            p += len ? len : 1;
        } else if (is_digit(*p) && t->ncaptured < PDN_PATH_MAX) {
            bool padded;
            p = read_number(p, &t->captured[t->ncaptured++], &padded);
            if (padded) t->forms |= PDN_FORM_ZERO_PADDED;
        } else {
            return NULL; /* NUL, a stray character, or more squares than any capture takes */
        }
    }
    if (t->ncaptured == 0) return NULL;
    t->has_list = true;
    t->forms |= PDN_FORM_CAPTURED_SQUARES;
    return p + 1;
}

/* One part of a run without separator: "06" of "0611". */
static int digits_value(const char *s, int len, unsigned *forms)
{
    int v = 0;
    for (int i = 0; i < len; i++)
        v = v * 10 + (s[i] - '0');
    if (len > 1 && s[0] == '0') *forms |= PDN_FORM_ZERO_PADDED;
    return v;
}

static void split_reading(struct notation_reading *r, const char *s, int first_len, int len)
{
    r->n = 2;
    r->forms = 0;
    r->sq[0] = digits_value(s, first_len, &r->forms);
    r->sq[1] = digits_value(s + first_len, len - first_len, &r->forms);
}

/*
 * "3228" is 32-28. Three digits split both ways ("611": 6-11 or 61-1) and
 * the legal moves decide; other lengths are not moves (a bare "32" could be
 * a move number or a result fragment).
 */
static bool split_digits(struct notation_text *t, const char *s, int len)
{
    t->forms |= PDN_FORM_NO_SEPARATOR;
    if (len == 4) {
        split_reading(&t->readings[0], s, 2, 4);
        return true;
    }
    if (len != 3) return false;
    split_reading(&t->readings[0], s, 1, 3);
    split_reading(&t->readings[1], s, 2, 3);
    t->nreadings = 2;
    return true;
}

enum state { START, AFTER_NUM, AFTER_SEP, AFTER_JOIN };

struct move_scan {
    const unsigned char *end; /* the text's NUL */
    struct notation_text *t;
    struct notation_reading *r;
    enum state state;
    bool blank;   /* a blank since the last token */
    int seps;     /* separators read */
    int hop_from; /* squares in r when the current hop began */
};

/*
 * A number. Two numbers with only blanks between are one move written hop
 * by hop ("11x18 18x25") when the second repeats the square the first hop
 * ended on; anything else ("32 28") is not a move.
 */
static bool on_number(struct move_scan *lx, int value, bool padded)
{
    struct notation_reading *r = lx->r;
    if (lx->state == AFTER_NUM) {
        if (!lx->blank || r->n - lx->hop_from < 2 || value != r->sq[r->n - 1]) return false;
        lx->t->forms |= PDN_FORM_HOP_BY_HOP;
        lx->hop_from = r->n - 1;
        lx->state = AFTER_JOIN;
        lx->blank = false;
        return true;
    }
    if (lx->state == AFTER_JOIN || r->n == NOTATION_SQUARES_MAX) return false;
    if (lx->state == AFTER_SEP && lx->blank) lx->t->forms |= PDN_FORM_SPACES;
    if (padded) r->forms |= PDN_FORM_ZERO_PADDED;
    r->sq[r->n++] = value;
    lx->state = AFTER_NUM;
    lx->blank = false;
    return true;
}

static bool on_separator(struct move_scan *lx, bool dash)
{
    if (lx->state != AFTER_NUM && lx->state != AFTER_JOIN) return false;
    if (lx->blank) lx->t->forms |= PDN_FORM_SPACES;
    if (dash)
        lx->t->dash = true;
    else
        lx->t->cross = true;
    lx->seps++;
    lx->state = AFTER_SEP;
    lx->blank = false;
    return true;
}

/*
 * An algebraic square, "c3" (files a-j, ranks 1-10, as ALPHASQ allows on
 * any board the rules table has): the whole move must be written so, and
 * "c3d4" (PDN 3.0's ALPHAMOVE) is two squares without a separator.
 */
static bool lex_algebraic(struct move_scan *lx, const unsigned char **pp)
{
    const unsigned char *p = *pp;
    if (*p < 'a' || *p > 'j' || *p == 'x' || !is_digit(p[1]) || p[1] == '0') return false;
    int file = *p - 'a', rank = p[1] - '0', len = 2;
    if (rank == 1 && p[2] == '0') rank = 10, len = 3;
    if (is_digit(p[len])) return false;
    struct notation_text *t = lx->t;
    if (lx->r->n > 0 && !t->algebraic) return false; /* "32-c3" */
    t->algebraic = true;
    if (lx->state == AFTER_NUM && !lx->blank) {
        lx->seps++; /* "c3d4": the two squares need no separator */
        lx->state = AFTER_SEP;
    }
    *pp = p + len;
    return on_number(lx, NOTATION_ALG + file * 16 + rank, false);
}

/* Reads one token at *pp; false when the text is not a move. */
static bool lex_token(struct move_scan *lx, const unsigned char **pp)
{
    const unsigned char *p = *pp;
    struct text_piece c = text_piece_at(p, (size_t)(lx->end - p));
    bool ok = true;
    switch (c.kind) {
    case TEXT_BLANK:
        lx->blank = lx->state != START;
        p += c.len;
        break;
    case TEXT_DIGIT: {
        int value;
        bool padded;
        if (lx->t->algebraic) return false; /* "c3-32" */
        p = read_number(p, &value, &padded);
        ok = on_number(lx, value, padded);
        break;
    }
    case TEXT_DASH:
    case TEXT_CROSS:
    case TEXT_COLON:
        if (c.kind == TEXT_COLON) lx->t->forms |= PDN_FORM_COLON;
        if (c.unicode) lx->t->forms |= PDN_FORM_UNICODE_DASH;
        ok = on_separator(lx, c.kind == TEXT_DASH);
        p += c.len;
        break;
    default:
        ok = lex_algebraic(lx, &p);
        break;
    }
    *pp = p;
    return ok;
}

bool notation_parse(struct notation_text *out, const char *text)
{
    memset(out, 0, sizeof *out);
    out->nreadings = 1;
    const unsigned char *p = (const unsigned char *)text, *digits = NULL;
    const unsigned char *end = p + strlen(text);
    struct move_scan lx = {.end = end, .t = out, .r = &out->readings[0], .state = START};
    while (p < end && *p != '<') {
        if (!digits && is_digit(*p)) digits = p;
        if (!lex_token(&lx, &p)) return false;
    }
    if (*p == '<') {
        if (lx.state != AFTER_NUM || !(p = read_list(out, p, end))) return false;
        while (blank_len(p, end))
            p += blank_len(p, end);
        if (*p) return false;
    }
    if (lx.state != AFTER_NUM) return false; /* empty, or ends with a separator */
    if (lx.seps == 0) {
        if (out->algebraic) return false; /* a lone "c3" */
        int len = 0;
        while (is_digit(digits[len]))
            len++;
        return split_digits(out, (const char *)digits, len);
    }
    return true;
}

bool notation_has_landings(const struct pdn_move *move, const int *sq, int n)
{
    int j = 0;
    for (int i = 0; i + 1 < move->npath && j < n; i++)
        if (move->path[i] == sq[j]) j++;
    return j == n;
}
