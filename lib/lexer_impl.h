/*
 * lexer internals (private): the cursor and the byte tests the lexer's two
 * files share, and the scanners of delimited tokens (lexer_delim.c) that
 * lexer.c dispatches to. Only the lexer's own files include this header.
 */
#ifndef PDN_LEX_IMPL_H
#define PDN_LEX_IMPL_H

#include "lexer.h"
#include "text.h"

#include <string.h>

struct cur {
    size_t pos;
    uint32_t line, col;
    bool after_cr;
};

/* ---- Cursor helpers ------------------------------------------------------- */

static inline struct cur cur_of(const struct lexer *lx)
{
    return (struct cur){lx->pos, lx->line, lx->col, lx->after_cr};
}

static inline void commit(struct lexer *lx, const struct cur *c)
{
    lx->pos = c->pos;
    lx->line = c->line;
    lx->col = c->col;
    lx->after_cr = c->after_cr;
}

/* Moves the cursor over n bytes of any text, counting lines and characters. */
static inline void adv_text(const struct lexer *lx, struct cur *c, size_t n)
{
    const unsigned char *s = (const unsigned char *)lx->buf + c->pos;
    uint32_t line = c->line, col = c->col;
    bool cr = c->after_cr;
    size_t i = 0;
    /* Tags and comments are mostly printable ASCII: eight bytes at a time
     * while no byte is >= 0x80 or a control character (< 0x20). */
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if ((w | ((w - 0x2020202020202020u) & ~w)) & 0x8080808080808080u) break;
        col += 8;
        cr = false;
        i += 8;
    }
    for (; i < n; i++) {
        unsigned b = s[i];
        if (b == '\n') {
            lexer_count_lf(&line, &col, &cr);
        } else if (b == '\r') {
            lexer_count_cr(&line, &col, &cr);
        } else {
            col += text_utf8_lead((unsigned char)b);
            cr = false;
        }
    }
    c->pos += n;
    c->line = line;
    c->col = col;
    c->after_cr = cr;
}

/* Over n ASCII bytes that hold no line end. */
static inline void adv_ascii(struct cur *c, size_t n)
{
    c->pos += n;
    c->col += (uint32_t)n;
    c->after_cr = false;
}

static inline struct pdn_pos pos_of(const struct lexer *lx, const struct cur *c)
{
    return (struct pdn_pos){c->line, c->col, lx->base + c->pos};
}

/* The place of byte 'at' of the current token, which starts at cursor t. */
static inline struct pdn_pos locate_in(const struct lexer *lx, struct cur t, size_t at)
{
    adv_text(lx, &t, at - t.pos);
    return pos_of(lx, &t);
}

static inline unsigned char byte_at(const struct lexer *lx, size_t i)
{
    return (unsigned char)lx->buf[i];
}

static inline bool is_digit(unsigned c)
{
    return c >= '0' && c <= '9';
}

static inline bool is_upper(unsigned c)
{
    return c >= 'A' && c <= 'Z';
}

static inline bool is_ident(unsigned c)
{
    return c <= 0xff && text_name_char((unsigned char)c);
}

static inline bool is_blank(unsigned c)
{
    return c == ' ' || c == '\t';
}

static inline bool is_eol(unsigned c)
{
    return c == '\n' || c == '\r';
}

static inline void set_find(struct token *tok, enum pdn_diag_code code, enum odd_form odd,
                            bool error, struct pdn_pos pos)
{
    if (tok->find.set) return;
    tok->find = (struct lexer_find){code, odd, true, error, pos, NULL};
}

/* A lenient form: a warning, or in strict mode an error of 'strict_code'. */
static inline void set_odd(const struct lexer *lx, struct token *tok, enum odd_form odd,
                           enum pdn_diag_code strict_code, struct pdn_pos pos)
{
    if (lx->strict)
        set_find(tok, strict_code, odd, true, pos);
    else
        set_find(tok, PDN_DIAG_NONSTANDARD, odd, false, pos);
}

/* True when byte i is past the window but more text may come. */
static inline bool more(const struct lexer *lx, size_t i)
{
    return i >= lx->end && !lx->eof;
}

/* Byte i, or -1 past the window. */
static inline int peek(const struct lexer *lx, size_t i)
{
    return i < lx->end ? (int)byte_at(lx, i) : -1;
}

/* Offset of the next CR or LF at or after i; lx->end at the end of input;
 * SIZE_MAX when the window ends first. */
static inline size_t find_eol(const struct lexer *lx, size_t i)
{
    while (i < lx->end && !is_eol(byte_at(lx, i)))
        i++;
    return more(lx, i) ? SIZE_MAX : i;
}

/* lexer_delim.c: tokens between delimiters; each scans from the cursor c at
 * its opening character and returns TOK_MORE (nothing consumed) when the
 * window ends first. */
enum token_kind lexer_scan_linecomment(struct lexer *lx, struct cur *c, struct token *tok);
enum token_kind lexer_scan_setup(struct lexer *lx, struct cur *c, struct token *tok);
enum token_kind lexer_scan_comment(struct lexer *lx, struct cur *c, struct token *tok);
enum token_kind lexer_scan_caplist(struct lexer *lx, struct cur *c, struct token *tok);
enum token_kind lexer_scan_tag(struct lexer *lx, struct cur *c, struct token *tok);
/* A tag line that lost its '[' (c at its name); TOK_JUNK when not one. */
enum token_kind lexer_scan_open_tag(struct lexer *lx, struct cur *c, struct token *tok);
/* Passes over the rest of a cut token (lx->skip), committing as it goes:
 * true when it is behind (or the window is the cut), false when the window
 * ends first. */
bool lexer_skip_rest(struct lexer *lx);
/* What is left to skip of a token cut at the end of the window. */
void lexer_set_rest(struct lexer *lx, const struct token *tok);

#endif
