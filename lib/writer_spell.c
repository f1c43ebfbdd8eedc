/*
 * writer_spell: how the writer spells each piece it places (see
 * writer_spell.h): a tag pair, a move's text (cleaned, and whether it reads
 * back as that move), a move number, a move's strength, a comment and a
 * setup, each as a reader reads it back. Where a piece goes and under which
 * number is writer.c's: nothing here walks the tree or calls back into it.
 */
#include "writer_spell.h"
#include "decimal.h"
#include "text.h"

#include <string.h>

/* ---- tags --------------------------------------------------------------- */

/* [name "value"] with \" and \\ escaped, then 'end' ("\n" or ""). A
 * value with nothing to escape, nearly every one, goes into the wrapper's
 * buffer in one piece; another in runs between the bytes to escape.
 * Through stdio, a call a piece, the tags were a twentieth of pdnfmt's
 * time. */
void spell_tag(struct wrap *w, const char *name, const char *value, const char *end)
{
    name = name ? name : "";
    value = value ? value : "";
    size_t nname = strlen(name), nvalue = strlen(value), nend = strlen(end);
    size_t run = strcspn(value, "\"\\");
    char *at = wrap_raw_room(w, nname + run + nend + 6);
    if (!at) return;
    *at++ = '[';
    memcpy(at, name, nname);
    memcpy(at + nname, " \"", 2);
    memcpy(at + nname + 2, value, run);
    at += nname + 2 + run;
    if (run < nvalue) { /* the rest, a run at a time */
        wrap_raw_done(w, at);
        for (const char *p = value + run; *p;) {
            char escaped[2] = {'\\', *p++};
            wrap_raw(w, escaped, 2);
            run = strcspn(p, "\"\\");
            wrap_raw(w, p, run);
            p += run;
        }
        if (!(at = wrap_raw_room(w, nend + 2))) return;
    }
    memcpy(at, "\"]", 2);
    memcpy(at + 2, end, nend);
    wrap_raw_done(w, at + 2 + nend);
}

/* ---- move text ---------------------------------------------------------- */

/* "3228" (four digits, no separator, as old programs wrote) is "32-28";
 * NULL for any other text. */
static const char *split_digits(char out[6], const char *text)
{
    struct text_move m;
    size_t len = strlen(text);
    if (text_scan_move(&m, text, len) != len || m.digits != 4 || m.dashes || m.crosses || m.colons)
        return NULL;
    int n = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') continue;
        out[n < 2 ? n : n + 1] = *p;
        n++;
    }
    out[2] = '-';
    out[5] = '\0';
    return out;
}

static void clean_text(char out[CLEAN_MOVE_MAX], const char *text);
static const char *written_square(const char *p);

static void dash_to_x(char *t)
{
    for (; *t; t++)
        if (*t == '-') *t = 'x';
}

/* "12-21-32" (a capture path written with dashes by old programs) is
 * "12x21x32": three squares or more are a capture. */
static void dashes_to_x(char *t)
{
    int dashes = 0;
    for (const char *p = written_square(t); p; p = written_square(p + 1)) {
        if (*p == '\0') break;
        if (*p != '-') return;
        dashes++;
    }
    if (dashes < 2) return;
    dash_to_x(t);
}

/* The move text without blanks, leading zeros or Unicode marks, with 'x'
 * for ':' and a dash between the squares of a four-digit move; cut at
 * CLEAN_MOVE_MAX - 1 bytes. */
void spell_clean_text(char out[CLEAN_MOVE_MAX], const char *text)
{
    char split[6];
    const char *digits = split_digits(split, text);
    clean_text(out, digits ? digits : text);
    dashes_to_x(out);
}

/* A node's text as read, cleaned; a capture's dashes as 'x' when the caller
 * says it is one (a reader takes "28-19" for a quiet move's form). */
void spell_clean_node(const struct pdn_write_options *opt, char out[CLEAN_MOVE_MAX],
                      const struct pdn_node *node)
{
    spell_clean_text(out, node->text ? node->text : "");
    if (opt->capture && opt->capture(node, opt->move_ctx)) dash_to_x(out);
}

static void clean_text(char out[CLEAN_MOVE_MAX], const char *text)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + strlen(text);
    bool in_number = false;
    size_t n = 0;
    while (p < end && n < CLEAN_MOVE_MAX - 1) {
        struct text_piece c = text_piece_at(p, (size_t)(end - p));
        unsigned char b = *p;
        p += c.len;
        if (c.kind == TEXT_BLANK) continue;
        /* A leading zero goes unless it is the number's last digit. */
        if (b == '0' && !in_number && p < end && *p >= '0' && *p <= '9') continue;
        in_number = c.kind == TEXT_DIGIT;
        out[n++] = c.kind == TEXT_DASH ? '-' : c.kind == TEXT_COLON ? 'x' : (char)b;
    }
    out[n] = '\0';
}

/* A square of the writing grammar: 1-99 without a leading zero, or a1-h8. */
static const char *written_square(const char *p)
{
    if (*p >= '1' && *p <= '9') return p[1] >= '0' && p[1] <= '9' ? p + 2 : p + 1;
    if (*p >= 'a' && *p <= 'h' && p[1] >= '1' && p[1] <= '8') return p + 2;
    return NULL;
}

/* The end of an engine's list of captured squares, "<7,31,33>", or NULL. */
static const char *captured_list(const char *p)
{
    if (*p++ != '<') return NULL;
    while ((*p >= '0' && *p <= '9') || *p == ',')
        p++;
    return *p == '>' ? p + 1 : NULL;
}

/*
 * Whether a cleaned move text reads back as this one move: squares joined
 * by one '-' or by 'x's (an engine's <captured> list may follow), a
 * four-character ALPHAMOVE or "...", and not starting with a result a
 * reader would take ("1-1", also in "1-1<3>"). Anything
 * else (a move split over lines, a lone number, stray signs) would read back
 * as something else, so it is written as a comment.
 */
bool spell_reads_back(const char *t)
{
    if (strcmp(t, "...") == 0) return true; /* a move not given, as PDN 3.0 has it */
    const char *p = written_square(t);
    if (p == NULL || text_result_start(t)) return false;
    if (*t >= 'a' && *t <= 'h' && (p = written_square(p)) != NULL && p - t == 4 && *p == '\0')
        return true; /* "a3b4", PDN 3.0's ALPHAMOVE */
    p = written_square(t);
    if (*p == '-') {
        p = written_square(p + 1);
    } else if (*p == 'x') {
        while (p && *p == 'x')
            p = written_square(p + 1);
    } else {
        return false;
    }
    if (p && *p == '<') p = captured_list(p); /* kept as read: the reader takes it back */
    return p && *p == '\0';
}

/* An unknown move ("-", "- -", "--", and dots other than "...": "..",
 * "....", which the replay takes for unknown moves too): written "--", the
 * one spelling that reads back as one move whatever stands next to it,
 * but for a move number right after it that takes its ply, before which
 * the writer numbers it (writer.c, bare_dash_taken).
 * "..." is written as it is: after a move, unnumbered, the replay takes it
 * for the place of a move not played. */
bool spell_unknown_move(const char *text)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + strlen(text);
    bool any = false;
    if (strcmp(text, "...") == 0) return false;
    while (p < end) {
        struct text_piece c = *p == '.' ? (struct text_piece){TEXT_DASH, 1, false}
                                        : text_piece_at(p, (size_t)(end - p));
        if (c.kind != TEXT_DASH && c.kind != TEXT_BLANK) return false;
        any |= c.kind == TEXT_DASH;
        p += c.len;
    }
    return any;
}

void spell_strength(struct wrap *w, const char *s)
{
    for (; *s; s++)
        if (*s == '!' || *s == '?') wrap_putc(w, *s);
}

/* "12. " or "12... " in the unit (spell_number_at). */
void spell_number(struct wrap *w, const struct side *s)
{
    char *at = wrap_unit_room(w, SPELL_NUMBER_MAX);
    if (at) wrap_unit_grown(w, spell_number_at(at, s));
}

/* A square of one or two digits at p (p[0] a digit): its number in *out,
 * the byte after it. Without a branch on the second digit: squares of one
 * and of two digits come in no order a processor could foresee. */
static inline const unsigned char *short_square(const unsigned char *p, uint32_t *out)
{
    unsigned first = p[0] - (unsigned)'0', second = p[1] - (unsigned)'0';
    unsigned two = second <= 9;
    /* Arithmetic: GCC made a branch of 'two ? first * 10 + second : first',
     * which the squares' order left to chance. */
    *out = first + two * (9 * first + second);
    return p + 1 + two;
}

/* spell_hop_of's text, squares of any length read in one pass, as
 * text_hop_of reads them (a capture: an 'x', or two dashes or more);
 * anything else goes to it. Out of line: without these loops the fast
 * path saves no register and keeps nothing on the stack (that frame was a
 * third of its instructions, at every move). */
static __attribute__((noinline)) struct text_hop squares_hop_of(const char *text, size_t *len)
{
    const unsigned char *p = (const unsigned char *)text;
    uint32_t first = 0, last = 0;
    unsigned dashes = 0, squares = 0;
    bool cross = false;
    for (unsigned d; (d = *p - (unsigned)'0') <= 9; p++) {
        uint32_t square = d;
        for (int digits = 1; (d = *++p - (unsigned)'0') <= 9; digits++) {
            if (digits == 9) return text_hop_of(text, *len = strlen(text)); /* a long number */
            square = square * 10 + d;
        }
        if (squares++ == 0) first = square;
        last = square;
        if (*p == '\0') {
            *len = (size_t)(p - (const unsigned char *)text);
            return (struct text_hop){first, last, cross || dashes > 1};
        }
        if (*p == 'x')
            cross = true;
        else if (*p == '-')
            dashes++;
        else
            break;
    }
    return text_hop_of(text, *len = strlen(text));
}

/* What a reader makes of a move's text for the next hop (text.h). Nearly
 * every move is written as numbered squares joined by '-' or 'x' ("32-28",
 * "28x19", "12x21x32"): read here in one pass, as text_hop_of reads them
 * (a capture: an 'x', or two dashes or more); anything else goes to it.
 * Two squares of one or two digits around one separator, most of them,
 * are read straight; the others by squares_hop_of. The text's length in
 * *len, found on the way: the writer copies the text by it, where a
 * strlen a move was 1% of pdnfmt's instructions. */
struct text_hop spell_hop_of(const char *text, size_t *len)
{
    const unsigned char *p = (const unsigned char *)text;
    if ((unsigned)(p[0] - '0') <= 9) {
        uint32_t from, to;
        const unsigned char *q = short_square(p, &from);
        if ((*q == '-' || *q == 'x') && (unsigned)(q[1] - '0') <= 9) {
            const unsigned char *end = short_square(q + 1, &to);
            if (*end == '\0') {
                *len = (size_t)(end - p);
                return (struct text_hop){from, to, *q == 'x'};
            }
        }
    }
    return squares_hop_of(text, len);
}

/* ---- comments ----------------------------------------------------------- */

static bool blank(char c)
{
    return text_blank((unsigned char)c);
}

/* A {...} comment, one unit per word so that it wraps like the moves. A
 * word opening with '[' stays on the line of the word before it: a lenient
 * reader ends a comment at a line that looks like a tag ("[Name \""). */
static void put_brace_comment(struct wrap *w, const char *s)
{
    wrap_putc(w, '{');
    while (blank(*s))
        s++;
    for (;;) {
        while (*s && !blank(*s))
            wrap_putc(w, *s++);
        while (blank(*s))
            s++;
        if (*s == '\0') break;
        if (*s == '[')
            wrap_putc(w, ' ');
        else
            wrap_end(w);
    }
    wrap_putc(w, '}');
    wrap_end(w);
}

/* One unit "; text" with blanks folded, so the ';' comment holds it all;
 * nothing else may stand on its line after it. */
static void put_line_comment(struct wrap *w, const char *s)
{
    wrap_putc(w, ';');
    for (;;) {
        while (blank(*s))
            s++;
        if (*s == '\0') break;
        wrap_putc(w, ' ');
        while (*s && !blank(*s))
            wrap_putc(w, *s++);
    }
    wrap_end(w);
    wrap_newline(w); /* it runs to the end of the line: nothing may follow */
}

/* A comment in braces, or as a ';' comment when it holds a brace: a '}'
 * would end it, a '{' would nest (a lenient reader closes it at a later '}'). */
void spell_comment(struct wrap *w, const char *text)
{
    if (strpbrk(text, "{}"))
        put_line_comment(w, text);
    else
        put_brace_comment(w, text);
}

/* Inside a cut line a comment is plain words of the one comment. */
void spell_flat_words(struct wrap *w, const char *s)
{
    for (;;) {
        while (blank(*s))
            s++;
        if (*s == '\0') break;
        while (*s && !blank(*s))
            wrap_putc(w, *s++);
        wrap_end(w);
    }
}

/* ---- setups ------------------------------------------------------------- */

/* Writes a setup's text with its blanks folded to single spaces, as the
 * words of one unit: a line break inside /FEN "..."/ would end it for a
 * lenient reader. */
static void put_setup_text(struct wrap *w, const char *fen)
{
    bool space = false;
    for (; *fen; fen++) {
        if (blank(*fen)) {
            space = true;
            continue;
        }
        if (space) wrap_putc(w, ' ');
        space = false;
        wrap_putc(w, *fen);
    }
}

bool spell_setup_as_comment(const char *fen)
{
    return strchr(fen, '/') != NULL;
}

bool spell_setup_side(const char *fen, bool black_opens, bool *second)
{
    while (blank(*fen))
        fen++;
    if (spell_setup_as_comment(fen) || (*fen != 'W' && *fen != 'B')) return false;
    *second = (*fen == 'B') != black_opens;
    return true;
}

/* A setup's text; text with a '/' (which would close it early) goes as a
 * comment. Returns whether anything was written. */
bool spell_setup(struct wrap *w, const char *fen)
{
    while (blank(*fen))
        fen++;
    if (*fen == '\0') return false; /* an empty setup sets up nothing */
    if (spell_setup_as_comment(fen)) {
        spell_comment(w, fen);
        return true;
    }
    wrap_puts(w, "/FEN \"");
    put_setup_text(w, fen);
    wrap_puts(w, "\"/");
    wrap_end(w);
    return true;
}
