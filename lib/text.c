/*
 * text: the facts about text every reader of PDN shares (see text.h): the
 * Unicode blanks and dashes move text may hold, the byte classes and the
 * scanner of a move's pieces, UTF-8 validity, counting and cutting, and
 * the table of result spellings. Each fact is written here once; the lexer,
 * the quick lane, the notation parser, the writer and the replay read them
 * from here. No allocation, no state; it must not know about tokens.
 */
#include "text.h"

#include <string.h>

/* ---- UTF-8 ---------------------------------------------------------------- */

/* Length of the sequence starting at s (n bytes available): >0 valid,
 * 0 truncated at the end, -1 invalid. Follows Unicode table 3-7. */
static int utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    int len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0xC2) return -1;
    if (c < 0xE0)
        len = 2;
    else if (c < 0xF0) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c < 0xF5) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return -1;
    for (int i = 1; i < len; i++) {
        if ((size_t)i >= n) return 0;
        unsigned b = s[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF)) return -1;
    }
    return len;
}

size_t text_utf8_valid(const unsigned char *s, size_t n, bool *incomplete)
{
    size_t i = 0;
    *incomplete = false;
    while (i < n) {
        /* ASCII runs are the common case: test sixteen, then eight bytes
         * at a time. */
        while (i + 16 <= n) {
            uint64_t w[2];
            memcpy(w, s + i, 16);
            if ((w[0] | w[1]) & 0x8080808080808080u) break;
            i += 16;
        }
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (w & 0x8080808080808080u) break;
            i += 8;
        }
        while (i < n && s[i] < 0x80)
            i++;
        if (i >= n) break;
        int len = utf8_seq(s + i, n - i);
        if (len <= 0) {
            *incomplete = len == 0;
            return i;
        }
        i += (size_t)len;
    }
    return i;
}

size_t text_utf8_count(const char *s, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += text_utf8_lead((unsigned char)s[i]);
    return chars;
}

size_t text_utf8_cut(const char *s, size_t n, size_t max)
{
    if (n <= max) return n;
    while (max > 0 && !text_utf8_lead((unsigned char)s[max]))
        max--;
    return max;
}

size_t text_utf8_prefix(const char *s, size_t n, size_t chars)
{
    size_t i = 0;
    for (; i < n; i++)
        if (text_utf8_lead((unsigned char)s[i]) && chars-- == 0) break;
    return i;
}

size_t pdn_text_width(const char *s, size_t len)
{
    return s ? text_utf8_count(s, len) : 0;
}

size_t pdn_text_prefix(const char *s, size_t len, size_t chars)
{
    return s ? text_utf8_prefix(s, len, chars) : 0;
}

/* ---- Terminal columns --------------------------------------------------------- */

#include "text_width_table.h"

static bool in_ranges(const struct width_range *r, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid].first)
            hi = mid;
        else if (cp > r[mid].last)
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* The columns of code point cp: below U+0300 every character takes one. */
static size_t code_point_columns(uint32_t cp)
{
    if (cp < 0x0300) return 1;
    if (in_ranges(zero_width, sizeof zero_width / sizeof *zero_width, cp)) return 0;
    return in_ranges(double_width, sizeof double_width / sizeof *double_width, cp) ? 2 : 1;
}

/* The tables, not wcwidth(3): that answers in the locale, which a tool
 * may not set, and the answer must not change with the user's settings. */
size_t pdn_text_columns(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t cols = 0;
    for (size_t i = 0; s && i < len;) {
        int n = p[i] < 0x80 ? 1 : utf8_seq(p + i, len - i);
        if (n <= 1) { /* ASCII, or a byte that is no UTF-8: one column, as \xHH's caret */
            cols++, i++;
            continue;
        }
        uint32_t cp = p[i] & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
        for (int k = 1; k < n; k++)
            cp = cp << 6 | (p[i + (size_t)k] & 0x3F);
        cols += code_point_columns(cp);
        i += (size_t)n;
    }
    return cols;
}

/* The escape of the byte or character at p (n bytes there) into out, or
 * 0 when it shows as it is; *used is its length in bytes. */
static size_t escape_one(char *out, const unsigned char *p, size_t n, size_t *used)
{
    static const char hex[] = "0123456789abcdef";
    static const char named[] = {['\t'] = 't', ['\n'] = 'n', ['\r'] = 'r'};
    *used = 1;
    if (*p < 0x20 && *p < sizeof named && named[*p]) {
        out[0] = '\\';
        out[1] = named[*p];
        return 2;
    }
    if (*p >= 0x80) {
        int len = utf8_seq(p, n);
        if (len > 0) *used = (size_t)len;
        unsigned cp = len == 2 && p[0] == 0xC2 && p[1] <= 0x9F ? p[1] : text_bidi_control(p, n);
        if (cp) {
            memcpy(out, "\\u", 2);
            for (int k = 0; k < 4; k++)
                out[2 + k] = hex[cp >> (12 - 4 * k) & 15];
            return 6;
        }
        if (len > 0) return 0;
    } else if (*p >= 0x20 && *p != 0x7F) {
        return 0;
    }
    out[0] = '\\';
    out[1] = 'x';
    out[2] = hex[*p >> 4];
    out[3] = hex[*p & 15];
    return 4;
}

size_t text_shown_prefix(const char *s, size_t *chars)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, continuations = 0;
    for (;;) {
        while ((unsigned char)(p[i] - 0x20) < 0x7F - 0x20) /* printable ASCII */
            i++;
        unsigned c = p[i];
        if (c < 0xC2) break; /* the NUL, a control, DEL, a stray byte */
        /* The NUL is no continuation byte: utf8_seq stops at it. */
        int len = utf8_seq(p + i, 4);
        if (len <= 0 || (c == 0xC2 && p[i + 1] <= 0x9F)) break; /* C1 controls */
        if (text_bidi_control(p + i, (size_t)len)) break;
        i += (size_t)len;
        continuations += (size_t)len - 1;
    }
    *chars = i - continuations;
    return i;
}

size_t text_escape(char *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t w = 0;
    while (p < end) {
        size_t used, k = escape_one(out + w, p, (size_t)(end - p), &used);
        if (k == 0) {
            memcpy(out + w, p, used);
            k = used;
        }
        w += k;
        p += used;
    }
    out[w] = '\0';
    return w;
}

size_t pdn_text_escape(char *out, size_t cap, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + (s ? len : 0);
    size_t full = 0, w = 0;
    bool cut = false;
    while (p < end) {
        char esc[8];
        size_t used, k = escape_one(esc, p, (size_t)(end - p), &used);
        const char *piece = k ? esc : (const char *)p;
        if (k == 0) k = used;
        cut = cut || w + k >= cap; /* the NUL's room kept; nothing after a cut */
        if (!cut) memcpy(out + w, piece, k);
        w += cut ? 0 : k;
        full += k;
        p += used;
    }
    if (cap > 0) out[w] = '\0';
    return full;
}

/* ---- Blanks and dashes ---------------------------------------------------- */

/*
 * The Unicode characters a reader takes in move text, each on purpose; the
 * lexer reports each as a nonstandard form (a Unicode dash, a non-breaking
 * space) and the writer writes '-' or nothing for it. Ordered by code point.
 *
 * Dashes are the characters of Unicode's Dash_Punctuation (Pd) that look
 * like a hyphen between two numbers and that word processors or typesetting
 * put in place of '-', and the minus sign. Left out on purpose: U+00AD soft
 * hyphen (invisible, a format character), U+2043 hyphen bullet (a list
 * bullet), U+2053 swung dash and U+301C wave dash (tildes), U+2E3A/U+2E3B
 * two- and three-em dashes (rules, not separators), and the compatibility
 * forms U+FE58, U+FE63 and U+FF0D (not met in draughts files; their lead
 * byte would be the BOM's). Blanks are the no-break spaces: the other
 * spaces of U+2000..U+200A are not met in move text.
 */
static const struct text_mark_row marks[] = {
    {0x00A0, TEXT_BLANK, "no-break space"}, /* word processors glue "32 - 28" with it */
    {0x2007, TEXT_BLANK, "figure space"},   /* a space as wide as a digit */
    {0x2010, TEXT_DASH, "hyphen"},
    {0x2011, TEXT_DASH, "non-breaking hyphen"},
    {0x2012, TEXT_DASH, "figure dash"}, /* a dash as wide as a digit */
    {0x2013, TEXT_DASH, "en dash"},     /* what autocorrection makes of '-' */
    {0x2014, TEXT_DASH, "em dash"},
    {0x2015, TEXT_DASH, "horizontal bar"},         /* Pd, looks like an em dash */
    {0x202F, TEXT_BLANK, "narrow no-break space"}, /* French typesetting */
    {0x2212, TEXT_DASH, "minus sign"},
};
enum { NMARKS = sizeof marks / sizeof marks[0] };

const struct text_mark_row *text_mark_row(size_t i)
{
    return i < NMARKS ? &marks[i] : NULL;
}

const unsigned char text_byte_kind[256] = {
    TEXT_ASCII_BLANKS(TEXT_BLANK),
    TEXT_LINE_ENDS(TEXT_BLANK),
    TEXT_MARK_LEADS(TEXT_LEAD),
    TEXT_DIGITS(TEXT_DIGIT),
    ['-'] = TEXT_DASH,
    ['x'] = TEXT_CROSS,
    [':'] = TEXT_COLON,
};

/* The code point of the two- or three-byte sequence at p, 0 when it is
 * none or is cut short by n (the marks need no more). */
static uint32_t decode_short(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    if (c >= 0xC2 && c < 0xE0 && n >= 2 && !text_utf8_lead(p[1]))
        return (c & 0x1Fu) << 6 | (p[1] & 0x3Fu);
    if (c >= 0xE0 && c < 0xF0 && n >= 3 && !text_utf8_lead(p[1]) && !text_utf8_lead(p[2])) {
        uint32_t cp = (c & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu);
        return cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF) ? cp : 0;
    }
    return 0;
}

struct text_piece text_mark(const unsigned char *p, size_t n)
{
    uint32_t cp = decode_short(p, n);
    for (size_t i = 0; cp && i < NMARKS && marks[i].cp <= cp; i++)
        if (marks[i].cp == cp) return (struct text_piece){marks[i].kind, cp < 0x800 ? 2 : 3, true};
    return (struct text_piece){TEXT_OTHER, 1, false};
}

bool text_unknown_move(const char *s, size_t n, bool line_ends)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        struct text_piece c =
            p[i] == '.' ? (struct text_piece){TEXT_DASH, 1, false} : text_piece_at(p + i, n - i);
        bool eol = p[i] == '\n' || p[i] == '\r';
        if (c.kind != TEXT_DASH && (c.kind != TEXT_BLANK || (eol && !line_ends))) return false;
        i += c.len;
    }
    return n > 0;
}

size_t text_scan_move(struct text_move *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    memset(out, 0, sizeof *out);
    /* The count of each kind a move is made of; the others end it. */
    unsigned *const count[] = {
        [TEXT_DIGIT] = &out->digits, [TEXT_DASH] = &out->dashes,  [TEXT_CROSS] = &out->crosses,
        [TEXT_COLON] = &out->colons, [TEXT_BLANK] = &out->blanks, [TEXT_LEAD] = NULL};
    while (i < n) {
        struct text_piece c = text_piece_at(p + i, n - i);
        if (count[c.kind] == NULL) return out->len = i;
        (*count[c.kind])++;
        out->unicode += c.unicode;
        i += c.len;
    }
    return out->len = i;
}

/* ---- Hop by hop ----------------------------------------------------------- */

static bool hop_file(unsigned char b)
{
    return b >= 'a' && b <= 'h';
}

/* As the lexer reads them: a run of digits is a number (its value capped
 * as the lexer's), a file letter and a rank an alphanumeric square. */
/* A square [1-9][0-9]? at s: past it, NULL when none. */
static const char *plain_square_at(const char *s, uint8_t *out)
{
    if (*s < '1' || *s > '9') return NULL;
    *out = (uint8_t)(*s++ - '0');
    if (*s >= '0' && *s <= '9') *out = (uint8_t)(*out * 10 + (*s++ - '0'));
    return s;
}

char text_plain_move(const char *s, uint8_t *from, uint8_t *to)
{
    uint8_t a = 0, b = 0;
    const char *p = plain_square_at(s, &a);
    char separator = p ? *p : '\0';
    if ((separator != '-' && separator != 'x') || !(p = plain_square_at(p + 1, &b)) || *p) {
        *from = *to = 0;
        return '\0';
    }
    *from = a, *to = b;
    return separator;
}

struct text_hop text_hop_of(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    struct text_hop h = {0, 0, false};
    unsigned squares = 0, dashes = 0;
    size_t i = 0;
    while (i < n) {
        if (p[i] >= '0' && p[i] <= '9') {
            uint64_t v = 0;
            for (; i < n && p[i] >= '0' && p[i] <= '9'; i++)
                if ((v = v * 10 + (p[i] - '0')) > UINT32_MAX) v = UINT32_MAX;
            if (squares++ == 0) h.first = (uint32_t)v;
            h.last = (uint32_t)v;
            continue;
        }
        if (hop_file(p[i]) && i + 1 < n && p[i + 1] >= '1' && p[i + 1] <= '8') {
            if (squares++ == 0) h.first = 0;
            h.last = 0;
            i += 2;
            continue;
        }
        struct text_piece c = text_piece_at(p + i, n - i);
        if (c.kind == TEXT_CROSS || c.kind == TEXT_COLON)
            h.capture = true;
        else if (c.kind == TEXT_DASH)
            dashes++;
        else if (c.kind != TEXT_BLANK)
            break;
        i += c.len;
    }
    h.capture |= dashes > 1;
    return h;
}

/* ---- Squares, as clues to the board --------------------------------------- */

static bool digit_at(const char *s, size_t n, size_t i)
{
    return i < n && s[i] >= '0' && s[i] <= '9';
}

static bool clue_file(char c)
{
    return c >= 'a' && c <= 'j';
}

/* A number of len digits (leading zeros gone) and the value of its first
 * four: two squares when four, one when at most two, none else. */
static void add_number(struct text_squares *out, uint32_t v, size_t len, bool first)
{
    if (len > 2 && len != 4) return;
    uint32_t a = len == 4 ? v / 100 : v, b = len == 4 ? v % 100 : v;
    if (a > 32 || b > 32) out->big = true;
    if (first && out->first == 0) out->first = a;
}

void text_squares_add(struct text_squares *out, const char *s, size_t n, bool fen, bool first)
{
    for (size_t i = 0; i < n;) {
        if (clue_file(s[i]) && digit_at(s, n, i + 1) && s[i + 1] != '0' &&
            !(fen && i > 0 && s[i - 1] == ':') && (i == 0 || !clue_file(s[i - 1]))) {
            out->algebraic = true;
            i += 2;
            continue;
        }
        if (!digit_at(s, n, i)) {
            i++;
            continue;
        }
        while (s[i] == '0' && digit_at(s, n, i + 1)) /* "032" is 32, as the reader reads it */
            i++;
        size_t j = i;
        uint32_t v = 0;
        for (; digit_at(s, n, j); j++)
            if (j - i < 4) v = v * 10 + (uint32_t)(s[j] - '0');
        add_number(out, v, j - i, first);
        i = j;
    }
}

/* ---- Result spellings ----------------------------------------------------- */

/* The international rows first: text_result_spelling takes the first row
 * of a convention. No spelling is a prefix of another that a digit does not
 * follow, so a reader may try the rows in any order. */
const struct text_result text_results[] = {
    {"2-0", 3, PDN_RESULT_WHITE_WIN, TEXT_INTERNATIONAL},
    {"0-2", 3, PDN_RESULT_BLACK_WIN, TEXT_INTERNATIONAL},
    {"1-1", 3, PDN_RESULT_DRAW, TEXT_INTERNATIONAL},
    {"0-0", 3, PDN_RESULT_BOTH_LOST, TEXT_INTERNATIONAL},
    {"*", 1, PDN_RESULT_UNKNOWN, TEXT_INTERNATIONAL},
    {"1-0", 3, PDN_RESULT_WHITE_WIN, TEXT_CHESS},
    {"0-1", 3, PDN_RESULT_BLACK_WIN, TEXT_CHESS},
    {"1/2-1/2", 7, PDN_RESULT_DRAW, TEXT_CHESS},
    {"\xc2\xbd-\xc2\xbd", 5, PDN_RESULT_DRAW, TEXT_LENIENT}, /* ½-½ */
    {"0.5-0.5", 7, PDN_RESULT_DRAW, TEXT_LENIENT},
};
const size_t text_nresults = sizeof text_results / sizeof text_results[0];

/* The rows of the three-byte spellings, "D-D" with digits 0-2, by their
 * digits; -1 for none ("1-2"). */
static const signed char result_digits[3][3] = {
    {3, 6, 1},   /* 0-0, 0-1, 0-2 */
    {5, 2, -1},  /* 1-0, 1-1 */
    {0, -1, -1}, /* 2-0 */
};

const struct text_result *text_result_exact(const char *s, size_t n)
{
    /* Most texts asked are three bytes (a Result tag, a terminator): a
     * look-up by their digits, not a walk of the table. Only rows of that
     * shape have three bytes, and no Goes score is so short. */
    if (n == 3) {
        unsigned a = (unsigned char)s[0] - '0', b = (unsigned char)s[2] - '0';
        int row = s[1] == '-' && a < 3 && b < 3 ? result_digits[a][b] : -1;
        return row < 0 ? NULL : &text_results[row];
    }
    /* The first byte before memcmp: a call for each spelling of the length
     * cost more than the rest of the search. */
    for (size_t i = 0; i < text_nresults; i++)
        if (text_results[i].len == n && text_results[i].text[0] == s[0] &&
            memcmp(text_results[i].text, s, n) == 0)
            return &text_results[i];
    return text_result_goes(s, n);
}

const struct text_result *text_result_read(const char *s, size_t n)
{
    while (n > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    const struct text_result *r = text_result_exact(s, n);
    if (r || n > TEXT_RESULT_SPACED_MAX) return r;
    /* Blanks inside: "2 - 0", "1/2 - 1/2" (organisers write them so: a
     * review found such games scoring nothing). */
    char squeezed[TEXT_RESULT_SPACED_MAX];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t') squeezed[m++] = s[i];
    return m < n ? text_result_exact(squeezed, m) : NULL;
}

/* One side of a Goes score at s[*i]: a digit 0-2, then '.' and one or two
 * digits, or nothing more; in hundredths, or -1. */
static int goes_side(const char *s, size_t n, size_t *i)
{
    if (*i >= n || s[*i] < '0' || s[*i] > '2') return -1;
    int v = (s[(*i)++] - '0') * 100;
    if (*i >= n || s[*i] != '.') return v;
    size_t d = ++*i;
    for (int scale = 10; *i < n && *i - d < 2 && s[*i] >= '0' && s[*i] <= '9'; scale /= 10)
        v += (s[(*i)++] - '0') * scale;
    return *i > d ? v : -1;
}

/*
 * The Goes result format of the FMJD's PDN tags (https://pdn.fmjd.org/pdntags.html,
 * "Result tag": [ResultFormat "Goes"] allows "2-0, 0-2, ..., 0.99-1.01, 1-1,
 * 1.01-0.99, 1.02-0.98, ..., 0-0, *"): the two points of a game split in
 * hundredths. The page says the Result tag tells a win, a draw or a loss and
 * gives 2-0 and 0-2 as the win and the loss; the scores between are draws
 * weighted a little to one side, read as draws. A side of "2" (or 2.00)
 * wins; no decimal point at all is left to text_results.
 */
const struct text_result *text_result_goes(const char *s, size_t n)
{
    static const struct text_result rows[] = {
        {"1.01-0.99", 9, PDN_RESULT_DRAW, TEXT_GOES},
        {"2.00-0.00", 9, PDN_RESULT_WHITE_WIN, TEXT_GOES},
        {"0.00-2.00", 9, PDN_RESULT_BLACK_WIN, TEXT_GOES},
    };
    size_t i = 0;
    if (n < 5 || n > 9 || !memchr(s, '.', n)) return NULL;
    int a = goes_side(s, n, &i);
    if (a < 0 || i >= n || s[i++] != '-') return NULL;
    int b = goes_side(s, n, &i);
    if (b < 0 || i != n || a + b != 200) return NULL;
    return a == 200 ? &rows[1] : b == 200 ? &rows[2] : &rows[0];
}

const struct text_result *text_result_start(const char *s)
{
    for (size_t i = 0; i < text_nresults; i++) {
        const struct text_result *r = &text_results[i];
        if (strncmp(s, r->text, r->len) == 0 && !(s[r->len] >= '0' && s[r->len] <= '9')) return r;
    }
    return NULL;
}

const char *text_result_spelling(enum pdn_result result, enum text_convention convention)
{
    const char *international = NULL;
    for (size_t i = 0; i < text_nresults; i++) {
        const struct text_result *r = &text_results[i];
        if (r->result != result) continue;
        if (r->convention == (unsigned)convention) return r->text;
        if (r->convention == TEXT_INTERNATIONAL && !international) international = r->text;
    }
    return international ? international : "*";
}

/* ---- Is it PDN at all? ------------------------------------------------------ */

static bool is_upper(unsigned char c)
{
    return c >= 'A' && c <= 'Z';
}

/* '[' Name blanks ('"' | ']') at s[0, n). */
static bool sniff_tag(const unsigned char *s, size_t n)
{
    size_t i = 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i >= n || !is_upper(s[i])) return false;
    while (i < n && text_name_char(s[i]))
        i++;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i < n && (s[i] == '"' || s[i] == ']');
}

/* A numbered move (digits, a dash, 'x' or ':', digits) or an algebraic one
 * ("c3-d4") at s[0, n). */
static bool sniff_move(const unsigned char *s, size_t n)
{
    if (n >= 5 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
        (s[2] == '-' || s[2] == 'x' || s[2] == ':') && s[3] >= 'a' && s[3] <= 'h' && s[4] >= '1' &&
        s[4] <= '8')
        return true;
    struct text_move m;
    text_scan_move(&m, (const char *)s, n);
    return m.digits >= 2 && m.dashes + m.crosses + m.colons >= 1;
}

static bool sniff_blank_at(const unsigned char *s, size_t n, size_t i)
{
    return i >= n || text_byte_kind[s[i]] == TEXT_BLANK;
}

/* A move number ("12.", "12...") before a move, a square or "--"
 * ("1.a3b4", "1. 3228 *"); not a decimal ("2.31"). */
static bool sniff_number(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < 4 && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == 0 || i >= n || s[i] != '.') return false;
    while (i < n && s[i] == '.')
        i++;
    if (i < n && s[i] >= 'a' && s[i] <= 'h') return i + 1 < n && s[i + 1] >= '1' && s[i + 1] <= '8';
    if (!sniff_blank_at(s, n, i)) return false;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '-' || (s[i] >= 'a' && s[i] <= 'h'));
}

/* '*' or a NAG standing alone: a game with no move ("$3 *"). */
static bool sniff_lone(const unsigned char *s, size_t n, size_t i)
{
    if (i > 0 && !sniff_blank_at(s, n, i - 1)) return false;
    if (s[i] == '*') return sniff_blank_at(s, n, i + 1);
    size_t j = i + 1;
    while (j < n && j < i + 4 && s[j] >= '0' && s[j] <= '9')
        j++;
    return s[i] == '$' && j > i + 1 && sniff_blank_at(s, n, j);
}

/* The '}' that closes the comment opened at s[0], inner braces nesting as
 * the lenient reader nests them; NULL when the text ends first. */
static const unsigned char *sniff_comment_end(const unsigned char *s, size_t n)
{
    size_t depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '{') depth++;
        if (s[i] == '}' && --depth == 0) return s + i;
    }
    return NULL;
}

enum text_sniff text_sniff(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    bool blank = true;
    size_t seen = 0; /* bytes outside comments */
    for (size_t i = 0; i < n && seen < TEXT_SNIFF_BYTES; i++) {
        unsigned char c = s[i];
        const unsigned char *end = NULL;
        if (c == '{') end = sniff_comment_end(s + i, n - i);
        if (c == '%' || c == ';') end = memchr(s + i, '\n', n - i);
        if (c == '{' || c == '%' || c == ';') {
            if (end == NULL) break;
            i = (size_t)(end - s);
            continue;
        }
        seen++;
        if (text_byte_kind[c] == TEXT_BLANK) continue;
        blank = false;
        bool starts = i == 0 || !text_name_char(s[i - 1]);
        if (c == '[' && sniff_tag(s + i, n - i)) return TEXT_SNIFF_PDN;
        if (starts && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'h')) &&
            (sniff_move(s + i, n - i) || sniff_number(s + i, n - i)))
            return TEXT_SNIFF_PDN;
        if ((c == '*' || c == '$') && sniff_lone(s, n, i)) return TEXT_SNIFF_PDN;
    }
    return blank ? TEXT_SNIFF_BLANK : TEXT_SNIFF_OTHER;
}
