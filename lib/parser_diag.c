/*
 * parser_diag: the parser's findings. Labels them with the ply they stand
 * at, caps each code per game, holds those made between games until it is
 * known whose they are, and defers the reader's until the token they
 * precede is taken. A leaf of the parser: calls none of its other files.
 */
#include "parser_impl.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

/* A short single-line copy of text that does not cut a UTF-8 character. */
static const char *clip(char out[DIAG_TEXT_MAX], const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] != '\n' && text[n] != '\r')
        n++;
    if (n > DIAG_TEXT_MAX - 4) {
        n = text_utf8_cut(text, n, DIAG_TEXT_MAX - 4);
        memcpy(out, text, n);
        memcpy(out + n, "...", 4);
        return out;
    }
    memcpy(out, text, n);
    out[n] = '\0';
    return out;
}

/* "12." or "12..." for diagnostics (no printf: cheap enough for floods). */
static void format_movenum(char out[24], uint32_t v, bool black)
{
    char digits[12];
    int n = 0;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    for (int i = 0; i < n; i++)
        out[i] = digits[n - 1 - i];
    memcpy(out + n, black ? "..." : ".", black ? 4 : 2);
}

/* The label of the ply being read: counted from the last move number, so
 * an unnumbered Black move after "3. 32-28" is "3...". */
static const char *move_label(struct parser *p)
{
    if (!p->any) return NULL;
    const struct frame_label *l = p->say ? p->say : &top(p)->next;
    if (!l->known) return NULL;
    format_movenum(p->movenum, l->num, l->black);
    return p->movenum;
}

/* Floods stay readable: the first DIAG_PER_GAME findings of a code in a
 * game are reported, the last of them saying that the rest are not. */
static const char *capped(struct parser *p, enum pdn_diag_code code, const char *detail, char *buf,
                          size_t cap)
{
    if (++p->ncode[code] < DIAG_PER_GAME) return detail;
    snprintf(buf, cap, "%s%sfurther findings of this kind in this game are not reported",
             detail ? detail : "", detail ? "; " : "");
    return buf;
}

/* Errors count for the game they are reported in (its read_errors),
 * those before a game for the game that follows, whether or not a callback
 * hears them. */
static void count_error(struct parser *p, enum pdn_diag_code code)
{
    if (pdn_diag_severity(code) != PDN_SEV_ERROR) return;
    if (p->any && p->game)
        game_internal_mut(p->game)->read_errors++;
    else
        p->errors_ahead++;
}

/* Holds a finding made between games (see release_ahead); when memory
 * runs out it is told at once, as the next game's. */
static void hold_ahead(struct parser *p, const struct pdn_diag *d)
{
    struct ahead_diag *a = vec_push(&p->ahead, sizeof *a);
    if (a == NULL) {
        p->opt.on_diag(d, p->opt.diag_ctx);
        return;
    }
    a->code = d->code;
    a->line = d->line;
    a->col = d->col;
    a->has_text = d->text != NULL;
    a->has_detail = d->detail != NULL;
    snprintf(a->text, sizeof a->text, "%s", d->text ? d->text : "");
    snprintf(a->detail, sizeof a->detail, "%s", d->detail ? d->detail : "");
}

/* The findings made since the last game ended: the game that begins now
 * owns them, or, at the end of the input, the file (game 0): junk after
 * the last game (an odd byte of UTF-16 decoded as U+FFFD, stray text) is
 * no game of its own. */
void parser_release_ahead(struct parser *p, size_t game)
{
    const struct ahead_diag *a = p->ahead.data;
    for (size_t i = 0; i < p->ahead.n; i++) {
        struct pdn_diag d = {
            .code = a[i].code,
            .file = p->opt.filename,
            .line = a[i].line,
            .col = a[i].col,
            .game = game,
            .text = a[i].has_text ? a[i].text : NULL,
            .detail = a[i].has_detail ? a[i].detail : NULL,
        };
        p->opt.on_diag(&d, p->opt.diag_ctx);
    }
    p->ahead.n = 0;
}

void parser_emit(struct parser *p, enum pdn_diag_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail)
{
    count_error(p, code);
    if (!p->opt.on_diag || p->ncode[code] >= DIAG_PER_GAME) return;
    char buf[DIAG_TEXT_MAX], more[192];
    detail = capped(p, code, detail, more, sizeof more);
    struct pdn_diag d = {
        .code = code,
        .file = p->opt.filename,
        .line = pos ? pos->line : 0,
        .col = pos ? pos->col : 0,
        .game = p->any ? p->index : p->index + 1,
        .move_number = move_label(p),
        .text = text ? clip(buf, text, len) : NULL,
        .detail = detail,
    };
    if (!p->any) {
        hold_ahead(p, &d);
        return;
    }
    p->opt.on_diag(&d, p->opt.diag_ctx);
}

/* An error in the input. Strict mode skips the rest of the game after it. */
void parser_fail(struct parser *p, enum pdn_diag_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail)
{
    if (p->skipping) return;
    parser_emit(p, code, pos, text, len, detail);
    if (p->opt.strict) p->skipping = true;
}

/* A form the reading grammar allows but the writing grammar does not:
 * a warning in lenient mode, once per game and kind; silent in strict mode. */
void parser_warn_odd(struct parser *p, enum odd_form kind, const struct pdn_pos *pos,
                     const char *text, size_t len)
{
    uint64_t bit = (uint64_t)1 << kind;
    if (p->opt.strict || p->skipping || (p->odd_seen & bit)) return;
    p->odd_seen |= bit;
    parser_emit(p, PDN_DIAG_NONSTANDARD, pos, text, len, lexer_odd_detail(kind));
}

/* A real-world form outside the reading grammar: accepted with a warning
 * (true) in lenient mode, a syntax error (false) in strict mode. */
bool parser_odd(struct parser *p, enum odd_form kind, const struct pdn_pos *pos, const char *text,
                size_t len)
{
    if (p->opt.strict) {
        parser_fail(p, PDN_DIAG_SYNTAX, pos, text, len, lexer_odd_detail(kind));
        return false;
    }
    parser_warn_odd(p, kind, pos, text, len);
    return true;
}

void parser_flush_pending(struct parser *p, uint64_t upto)
{
    int k = 0;
    for (int i = 0; i < p->npend; i++) {
        if (p->pend[i].pos.offset < upto)
            parser_emit(p, p->pend[i].code, &p->pend[i].pos, NULL, 0, p->pend[i].detail);
        else
            p->pend[k++] = p->pend[i];
    }
    p->npend = k;
}

void parser_defer(struct parser *p, enum pdn_diag_code code, const struct pdn_pos *pos,
                  const char *detail)
{
    if (p->npend < (int)(sizeof p->pend / sizeof p->pend[0]))
        p->pend[p->npend++] = (struct pending_diag){code, *pos, detail};
}

/* Findings between tokens, from the lexer. */
void parser_lex_report(void *ctx, enum pdn_diag_code code, enum odd_form kind,
                       const struct pdn_pos *pos, const char *text, size_t len)
{
    struct parser *p = ctx;
    if (code == PDN_DIAG_NONSTANDARD)
        parser_warn_odd(p, kind, pos, text, len);
    else
        parser_emit(p, code, pos, len ? text : NULL, len, NULL);
}
