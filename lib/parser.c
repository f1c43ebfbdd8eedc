/*
 * parser: tokens -> game trees, one game per call, strict or lenient.
 *
 * The grammar (PDN 3.0 reading grammar; whitespace and % comments may stand
 * between any two tokens, even inside a move):
 *
 *   file      = game { separator game } [ separator ]
 *   separator = "*" | result
 *   game      = tag { tag } [ body ] | body
 *   tag       = "[" IDENT STRING "]"
 *   body      = item { item }
 *   item      = [ MOVENUM ] move [ STRENGTH ] | "(" body ")" | COMMENT | SETUP | NAG
 *   move      = square "-" square | square ( "x" | ":" ) square { ( "x" | ":" ) square }
 *             | ALPHAMOVE | "..."
 *   square    = NUMSQ | ALPHASQ        (NUMSQ [1-9][0-9]? | 0[1-9])
 *
 * Strict mode accepts exactly that: the first place that breaks it is a
 * PDN_D_SYNTAX (or more specific) error, and the rest of that game is
 * skipped. Lenient mode (the default) also accepts, each reported once per
 * game as a PDN_D_NONSTANDARD warning at its first place: zero-padded
 * squares and numbers, spaces inside moves, moves without separator (3228),
 * multi-jumps written hop by hop (11x18 18x25 becomes one move "11x18x25"),
 * captures written with dashes (12-21-32-23), mixed separators, <...>
 * captured-square lists (kept in the move text), Unicode dashes (kept in the
 * text), non-breaking spaces, unknown moves (--, - -), move numbers without
 * a move (1. 2-0), chess-style and other result spellings, match scores as
 * the terminator when [Result] says the same (4-6), lenient tags (see the
 * lexer), and games ended only by the next game's tags (PDN_D_MISSING_RESULT).
 * Junk in lenient mode is an error and is skipped token by token.
 *
 * Game boundaries are the same in both modes: a result or '*' ends a game
 * (closing any open variation), tags after movetext start the next game, and
 * so does the end of input. The parser must not read input or decode.
 */
#include "parser.h"
#include "tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for the offending text in a diagnostic. */
#define DIAG_TEXT_MAX 64

enum { STEP_GO = 0, STEP_END = 1 };

struct pending_diag {
    enum pdn_code code;
    struct pdn_pos pos;
    const char *detail;
};

struct pdn_parser {
    struct pdn_lexer *lx;
    pdn_fill_fn fill;
    void *fill_ctx;
    struct pdn_reader_options opt;
    struct pdn_token tok;
    bool have_tok;
    /* the game being read */
    pdn_game *game;
    struct pdn_arena *arena;
    struct pdn_vec tags;
    uint32_t *tagset; /* hash set of tag indexes + 1, for games with many tags */
    size_t tagset_cap, tagset_n;
    struct pdn_frame *frames;
    int nframes; /* allocated */
    int depth;   /* index of the innermost open line */
    int deep;    /* '(' open past PDN_LIMIT_DEPTH, skipped */
    bool any;    /* the game has started */
    bool body;   /* a move, move number or variation was seen */
    bool items;  /* some other movetext (comments, NAGs, setups) was seen */
    bool skipping;
    bool cut, saved_eof;
    uint64_t game_start, last_end;
    struct pdn_pos end_pos;
    size_t index;
    uint64_t odd_seen;
    char movenum[24];
    char mtext[PDN_LIMIT_MOVE_TEXT + 1];
    size_t mlen;
    struct pending_diag pend[8];
    int npend;
};

/* ---- Diagnostics ------------------------------------------------------------ */

/* A short single-line copy of text that does not cut a UTF-8 character. */
static const char *clip(char out[DIAG_TEXT_MAX], const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] != '\n' && text[n] != '\r')
        n++;
    if (n > DIAG_TEXT_MAX - 4) {
        n = DIAG_TEXT_MAX - 4;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
            n--;
        memcpy(out, text, n);
        memcpy(out + n, "...", 4);
        return out;
    }
    memcpy(out, text, n);
    out[n] = '\0';
    return out;
}

static void emit(struct pdn_parser *p, enum pdn_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail)
{
    if (!p->opt.on_diag) return;
    char buf[DIAG_TEXT_MAX];
    struct pdn_diag d = {
        .code = code,
        .file = p->opt.filename,
        .line = pos ? pos->line : 0,
        .col = pos ? pos->col : 0,
        .game = p->any ? p->index : p->index + 1,
        .move_number = p->movenum[0] ? p->movenum : NULL,
        .text = text ? clip(buf, text, len) : NULL,
        .detail = detail,
    };
    p->opt.on_diag(&d, p->opt.ctx);
}

/* An error in the input. Strict mode skips the rest of the game after it. */
static void fail(struct pdn_parser *p, enum pdn_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail)
{
    if (p->skipping) return;
    emit(p, code, pos, text, len, detail);
    if (p->opt.strict) p->skipping = true;
}

/* A form the reading grammar allows but the writing grammar does not:
 * a warning in lenient mode, once per game and kind; silent in strict mode. */
static void warn_odd(struct pdn_parser *p, enum pdn_odd kind, const struct pdn_pos *pos,
                     const char *text, size_t len)
{
    uint64_t bit = (uint64_t)1 << kind;
    if (p->opt.strict || p->skipping || (p->odd_seen & bit)) return;
    p->odd_seen |= bit;
    emit(p, PDN_D_NONSTANDARD, pos, text, len, pdn_odd_detail(kind));
}

/* A real-world form outside the reading grammar: accepted with a warning
 * (true) in lenient mode, a syntax error (false) in strict mode. */
static bool odd(struct pdn_parser *p, enum pdn_odd kind, const struct pdn_pos *pos,
                const char *text, size_t len)
{
    if (p->opt.strict) {
        fail(p, PDN_D_SYNTAX, pos, text, len, pdn_odd_detail(kind));
        return false;
    }
    warn_odd(p, kind, pos, text, len);
    return true;
}

static void flush_pending(struct pdn_parser *p, uint64_t upto)
{
    int k = 0;
    for (int i = 0; i < p->npend; i++) {
        if (p->pend[i].pos.offset < upto)
            emit(p, p->pend[i].code, &p->pend[i].pos, NULL, 0, p->pend[i].detail);
        else
            p->pend[k++] = p->pend[i];
    }
    p->npend = k;
}

void pdn_parser_defer(struct pdn_parser *p, enum pdn_code code, const struct pdn_pos *pos,
                      const char *detail)
{
    if (p->npend < (int)(sizeof p->pend / sizeof p->pend[0]))
        p->pend[p->npend++] = (struct pending_diag){code, *pos, detail};
}

/* Findings between tokens, from the lexer. */
static void lex_report(void *ctx, enum pdn_code code, enum pdn_odd kind, const struct pdn_pos *pos,
                       const char *text, size_t len)
{
    struct pdn_parser *p = ctx;
    if (code == PDN_D_NONSTANDARD)
        warn_odd(p, kind, pos, text, len);
    else
        emit(p, code, pos, len ? text : NULL, len, NULL);
}

/* ---- Tokens ------------------------------------------------------------------ */

static const char *tok_text(const struct pdn_parser *p)
{
    return p->lx->buf + p->tok.start;
}

static int refill(struct pdn_parser *p)
{
    struct pdn_lexer *lx = p->lx;
    uint64_t size = lx->base + lx->end - p->game_start;
    if (p->any && !p->cut && size > PDN_LIMIT_GAME_BYTES) {
        emit(p, PDN_D_LIMIT, &p->game->start, NULL, 0,
             "game longer than PDN_LIMIT_GAME_BYTES: cut, the rest read as a new game");
        p->cut = true;
        p->saved_eof = lx->eof;
    }
    if (p->cut) {
        lx->eof = true;
        return 0;
    }
    int rc = p->fill(p->fill_ctx);
    if (rc == 0) lx->eof = true;
    return rc;
}

/* Makes p->tok the next token (lexing and refilling as needed). */
static int next_tok(struct pdn_parser *p)
{
    while (!p->have_tok) {
        if (pdn_lex_next(p->lx, &p->tok) != PDN_T_MORE) {
            p->have_tok = true;
            break;
        }
        int rc = refill(p);
        if (rc < 0) return rc;
    }
    return 0;
}

static void consume(struct pdn_parser *p)
{
    p->have_tok = false;
    p->last_end = p->tok.mark.offset + p->tok.len;
    if (p->npend) flush_pending(p, p->last_end);
}

/* Reports what the lexer found inside the current token. */
static void take_find(struct pdn_parser *p)
{
    const struct pdn_lexfind *f = &p->tok.find;
    if (!f->set) return;
    const char *detail = f->odd ? pdn_odd_detail(f->odd) : NULL;
    if (f->code == PDN_D_NONSTANDARD)
        warn_odd(p, f->odd, &f->pos, tok_text(p), p->tok.len);
    else if (f->error)
        fail(p, f->code, &f->pos, tok_text(p), p->tok.len, detail);
    else if (!p->skipping)
        emit(p, f->code, &f->pos, tok_text(p), p->tok.len, NULL);
}

static struct pdn_frame *top(struct pdn_parser *p)
{
    return &p->frames[p->depth];
}

/* ---- Tags ---------------------------------------------------------------------- */

/* A copy of text for the tree; NUL bytes (reported by the lexer) become
 * blanks so that they cannot cut the C string. */
static char *copy_text(struct pdn_parser *p, const char *s, size_t n)
{
    char *v = pdn_arena_strndup(p->arena, s, n);
    for (char *z = v ? memchr(v, 0, n) : NULL; z; z = memchr(z, 0, n - (size_t)(z - v)))
        *z = ' ';
    return v;
}

/* A tag value with \" and \\ undone, cut at the documented limit. */
static char *tag_value(struct pdn_parser *p)
{
    const char *s = p->lx->buf + p->tok.value_start;
    size_t n = p->tok.value_len;
    if (n > PDN_LIMIT_TAG_VALUE) {
        emit(p, PDN_D_LIMIT, &p->tok.pos, s, n, "tag value longer than PDN_LIMIT_TAG_VALUE: cut");
        n = PDN_LIMIT_TAG_VALUE;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    char *v = copy_text(p, s, n);
    if (!v) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] == '\\' && i + 1 < n && (v[i + 1] == '"' || v[i + 1] == '\\')) i++;
        v[k++] = v[i];
    }
    v[k] = '\0';
    return v;
}

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* Adds tag i to the hash set; true when a tag of that name was there. */
static bool tagset_add(struct pdn_parser *p, size_t i)
{
    const struct pdn_tag *all = p->tags.data;
    size_t mask = p->tagset_cap - 1, k = name_hash(all[i].name) & mask;
    for (; p->tagset[k]; k = (k + 1) & mask)
        if (strcmp(all[p->tagset[k] - 1].name, all[i].name) == 0) return true;
    p->tagset[k] = (uint32_t)i + 1;
    p->tagset_n++;
    return false;
}

/* Whether the last tag repeats an earlier name: a scan while the tags are
 * few, a hash set past that (100 000 tags must not cost 5e9 compares). */
static int duplicate_tag(struct pdn_parser *p, bool *dup)
{
    const struct pdn_tag *all = p->tags.data;
    size_t n = p->tags.n;
    *dup = false;
    if (n <= 64) {
        for (size_t i = 0; i + 1 < n; i++)
            if (strcmp(all[i].name, all[n - 1].name) == 0) *dup = true;
        return 0;
    }
    if (2 * (p->tagset_n + 1) > p->tagset_cap) {
        size_t cap = p->tagset_cap ? p->tagset_cap * 2 : 256;
        free(p->tagset);
        if (!(p->tagset = calloc(cap, sizeof *p->tagset))) return PDN_ENOMEM;
        p->tagset_cap = cap;
        p->tagset_n = 0;
        for (size_t i = 0; i + 1 < n; i++)
            tagset_add(p, i);
    }
    *dup = tagset_add(p, n - 1);
    return 0;
}

static int add_tag(struct pdn_parser *p)
{
    struct pdn_tag *t = pdn_vec_push(&p->tags, sizeof *t);
    if (!t) return PDN_ENOMEM;
    t->name = pdn_arena_strndup(p->arena, p->lx->buf + p->tok.name_start, p->tok.name_len);
    t->value = tag_value(p);
    t->pos = p->tok.pos;
    if (!t->name || !t->value) return PDN_ENOMEM;
    bool dup;
    if (duplicate_tag(p, &dup) < 0) return PDN_ENOMEM;
    if (dup) emit(p, PDN_D_DUPLICATE_TAG, &t->pos, t->name, strlen(t->name), NULL);
    return 0;
}

static int on_tag(struct pdn_parser *p)
{
    if (p->body) {
        /* The next game's tags: this game ends without a result. */
        p->end_pos = p->tok.pos;
        if (p->opt.strict)
            fail(p, PDN_D_SYNTAX, &p->tok.pos, "[", 1,
                 "tags after movetext: no result before them");
        else
            emit(p, PDN_D_MISSING_RESULT, &p->tok.pos, NULL, 0, NULL);
        return STEP_END;
    }
    if (p->items) odd(p, PDN_ODD_COMMENT_BEFORE_TAGS, &p->tok.pos, "[", 1);
    int rc = p->skipping ? 0 : add_tag(p);
    take_find(p);
    consume(p);
    return rc;
}

/* ---- Results, numbers, annotations ------------------------------------------- */

static int set_result(struct pdn_parser *p, enum pdn_result result, const char *text, size_t len,
                      const struct pdn_pos *pos)
{
    p->game->result = result;
    p->game->result_text = pdn_arena_strndup(p->arena, text, len);
    p->game->result_pos = *pos;
    p->end_pos = *pos;
    return p->game->result_text ? STEP_END : PDN_ENOMEM;
}

static int on_result(struct pdn_parser *p)
{
    enum pdn_result r = p->tok.kind == PDN_T_STAR ? PDN_RESULT_UNKNOWN : p->tok.value;
    take_find(p);
    int rc = set_result(p, r, tok_text(p), p->tok.len, &p->tok.pos);
    consume(p);
    return rc;
}

/* "12." or "12..." for diagnostics (no printf: this runs for every number). */
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

static int on_movenum(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    p->body = true;
    f->adjacent = false;
    if (f->has_num && !odd(p, PDN_ODD_NUMBER_TWICE, &p->tok.pos, tok_text(p), p->tok.len)) {
        consume(p);
        return 0;
    }
    take_find(p);
    f->has_num = true;
    f->num = p->tok.value;
    f->num_black = p->tok.black;
    f->num_pos = p->tok.pos;
    format_movenum(p->movenum, p->tok.value, p->tok.black);
    consume(p);
    return 0;
}

static int on_strength(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    struct pdn_node *n = pdn_frame_last(f);
    const char *t = tok_text(p);
    size_t len = p->tok.len;
    bool placed = n && f->adjacent && !n->strength;
    p->body = true;
    f->adjacent = false;
    if (!n) {
        fail(p, PDN_D_SYNTAX, &p->tok.pos, t, len, "move strength without a move");
    } else if (placed || odd(p, PDN_ODD_STRENGTH_PLACE, &p->tok.pos, t, len)) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s%.*s", n->strength ? n->strength : "", (int)len, t);
        n->strength = pdn_arena_strndup(p->arena, buf, strlen(buf));
        if (!n->strength) return PDN_ENOMEM;
    }
    consume(p);
    return 0;
}

static int on_nag(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    uint32_t v = p->tok.value;
    if (v > UINT16_MAX) {
        emit(p, PDN_D_LIMIT, &p->tok.pos, tok_text(p), p->tok.len, "NAG above 65535");
        v = UINT16_MAX;
    }
    if (!pdn_frame_last(f)) warn_odd(p, PDN_ODD_NAG_FIRST, &p->tok.pos, tok_text(p), p->tok.len);
    uint16_t *slot = pdn_vec_push(&f->nags, sizeof *slot);
    if (!slot) return PDN_ENOMEM;
    *slot = (uint16_t)v;
    p->items = true;
    f->adjacent = false;
    consume(p);
    return 0;
}

static int on_comment(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    struct pdn_comment c = {
        .text = copy_text(p, p->lx->buf + p->tok.inner_start, p->tok.inner_len),
        .pos = p->tok.pos,
        .to_eol = p->tok.kind == PDN_T_LINECOMMENT,
    };
    if (!c.text || pdn_frame_comment(f, &c) < 0) return PDN_ENOMEM;
    take_find(p);
    p->items = true;
    f->adjacent = false;
    consume(p);
    return 0;
}

/* /FEN "..."/ keeps the FEN; any other setup text is kept trimmed. */
static int on_setup(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    const char *s = p->lx->buf + p->tok.inner_start, *e = s + p->tok.inner_len;
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        e--;
    const char *q = memchr(s, '"', (size_t)(e - s));
    if (e - s >= 5 && memcmp(s, "FEN", 3) == 0 && q && e[-1] == '"' && q < e - 1) {
        s = q + 1;
        e--;
    }
    f->setup = pdn_arena_strndup(p->arena, s, (size_t)(e - s));
    f->setup_pos = p->tok.pos;
    if (!f->setup) return PDN_ENOMEM;
    take_find(p);
    p->items = true;
    f->adjacent = false;
    consume(p);
    return 0;
}

/* ---- Variations ---------------------------------------------------------------- */

static int on_lparen(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    p->body = true;
    f->adjacent = false;
    if (p->depth + 1 >= PDN_LIMIT_DEPTH) {
        emit(p, PDN_D_LIMIT, &p->tok.pos, "(", 1,
             "variations nested deeper than PDN_LIMIT_DEPTH: skipped");
        p->deep = 1;
        consume(p);
        return 0;
    }
    if (!pdn_frame_last(f)) warn_odd(p, PDN_ODD_VARIATION_FIRST, &p->tok.pos, "(", 1);
    if (p->depth + 1 >= p->nframes) {
        int n = p->nframes * 2;
        struct pdn_frame *fr = realloc(p->frames, (size_t)n * sizeof *fr);
        if (!fr) return PDN_ENOMEM;
        memset(fr + p->nframes, 0, (size_t)(n - p->nframes) * sizeof *fr);
        p->frames = fr;
        p->nframes = n;
    }
    p->depth++;
    pdn_frame_reset(top(p), &p->tok.pos);
    consume(p);
    return 0;
}

/* Closes the innermost variation into its parent's last move. */
static int close_variation(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    struct pdn_line line;
    if (f->has_num) odd(p, PDN_ODD_EMPTY_NUMBER, &f->num_pos, NULL, 0);
    if (pdn_frame_close(f, p->arena, &line) < 0) return PDN_ENOMEM;
    p->depth--;
    struct pdn_frame *parent = top(p);
    struct pdn_line *slot = pdn_vec_push(&parent->vars, sizeof *slot);
    if (!slot) return PDN_ENOMEM;
    *slot = line;
    parent->adjacent = false;
    return 0;
}

static int on_rparen(struct pdn_parser *p)
{
    if (p->depth == 0) {
        fail(p, PDN_D_UNMATCHED_PAREN, &p->tok.pos, ")", 1, NULL);
        consume(p);
        return 0;
    }
    if (top(p)->nodes.n == 0 && p->opt.strict)
        fail(p, PDN_D_SYNTAX, &p->tok.pos, ")", 1, "empty variation");
    int rc = close_variation(p);
    consume(p);
    return rc;
}

/* ---- Moves ----------------------------------------------------------------------- */

struct move_info {
    struct pdn_pos pos;
    int squares, dashes, captures;
    bool numeric, gap, bad;
    uint32_t first, last;
    size_t first_len; /* bytes of the first square in the text */
    bool has_dangling;
    struct pdn_token dangling; /* a separator no square followed */
};

/* Adds the current token's text to the move text (cut at the limit). */
static void move_append(struct pdn_parser *p, const char *s, size_t n)
{
    if (p->mlen + n > PDN_LIMIT_MOVE_TEXT) {
        if (p->mlen <= PDN_LIMIT_MOVE_TEXT)
            emit(p, PDN_D_LIMIT, &p->tok.pos, p->mtext, p->mlen,
                 "move text longer than PDN_LIMIT_MOVE_TEXT: cut");
        n = p->mlen < PDN_LIMIT_MOVE_TEXT ? PDN_LIMIT_MOVE_TEXT - p->mlen : 0;
        p->mlen = PDN_LIMIT_MOVE_TEXT + 1;
        return;
    }
    memcpy(p->mtext + p->mlen, s, n);
    p->mlen += n;
}

static bool is_square(const struct pdn_token *t)
{
    if (t->kind == PDN_T_ALPHASQ) return true;
    return t->kind == PDN_T_NUMBER && t->digits <= 2 && t->value > 0;
}

/* Takes the current token into the move. */
static void move_take(struct pdn_parser *p, struct move_info *mi)
{
    if (mi->squares + mi->dashes + mi->captures > 0 && p->tok.mark.offset != p->last_end)
        mi->gap = true;
    move_append(p, tok_text(p), p->tok.len);
    take_find(p);
    consume(p);
}

/* Is this separator allowed after what the move has so far? */
static bool separator_ok(struct pdn_parser *p, struct move_info *mi)
{
    bool dash = p->tok.kind == PDN_T_DASH;
    const struct pdn_pos *at = &p->tok.pos;
    if (mi->squares >= 2 && dash && mi->captures == 0)
        return odd(p, PDN_ODD_DASH_CAPTURE, at, tok_text(p), p->tok.len);
    if ((dash && mi->captures > 0) || (!dash && mi->dashes > 0))
        return odd(p, PDN_ODD_MIXED_SEPARATORS, at, tok_text(p), p->tok.len);
    return true;
}

/* square { separator square }, starting at a NUMBER or ALPHASQ token. A
 * separator that no square follows ends the move: a lone dash after a whole
 * move is the next move, unknown ("35-30 -"), noted in mi->dangling. */
static int square_move(struct pdn_parser *p, struct move_info *mi)
{
    const struct pdn_token first = p->tok;
    mi->numeric = first.kind == PDN_T_NUMBER;
    mi->first = mi->last = first.value;
    mi->first_len = first.len;
    move_take(p, mi);
    mi->squares = 1;
    for (;;) {
        int rc = next_tok(p);
        if (rc < 0) return rc;
        if (p->tok.kind != PDN_T_DASH && p->tok.kind != PDN_T_CAPTURE) break;
        struct pdn_token sep = p->tok;
        size_t mlen = p->mlen;
        bool gap = mi->gap;
        move_take(p, mi);
        if ((rc = next_tok(p)) < 0) return rc;
        if (!is_square(&p->tok)) {
            p->mlen = mlen;
            mi->gap = gap;
            mi->dangling = sep;
            mi->has_dangling = true;
            break;
        }
        struct pdn_token sq = p->tok;
        p->tok = sep;
        if (!separator_ok(p, mi)) return mi->bad = true, 0;
        p->tok = sq;
        if (sep.kind == PDN_T_DASH)
            mi->dashes++;
        else
            mi->captures++;
        mi->last = p->tok.value;
        move_take(p, mi);
        mi->squares++;
    }
    if (mi->squares > 1 && is_square(&first) &&
        (!mi->has_dangling || mi->dangling.kind == PDN_T_DASH))
        return 0;
    bool joined = mi->squares == 1 && mi->numeric && first.digits == 4 && !mi->has_dangling;
    if (joined && odd(p, PDN_ODD_NO_SEPARATOR, &mi->pos, p->mtext, p->mlen)) return 0;
    if (!joined) {
        const struct pdn_pos *at = mi->has_dangling ? &p->tok.pos : &mi->pos;
        fail(p, PDN_D_SYNTAX, at, p->mtext, p->mlen,
             mi->has_dangling ? "a square must follow the separator" : "not a move");
    }
    mi->bad = true;
    return 0;
}

/* -- or - - or a lone dash: a move nobody knows (lenient). */
static int unknown_move(struct pdn_parser *p, struct move_info *mi)
{
    if (!odd(p, PDN_ODD_UNKNOWN_MOVE, &p->tok.pos, tok_text(p), p->tok.len)) {
        consume(p);
        return mi->bad = true, 0;
    }
    move_take(p, mi);
    int rc = next_tok(p);
    if (rc == 0 && p->tok.kind == PDN_T_DASH) move_take(p, mi);
    return rc;
}

/* The lone dash after a move: an unknown move of its own (lenient). */
static int dangling_dash(struct pdn_parser *p, struct pdn_frame *f, const struct pdn_token *dash)
{
    const char *t = p->lx->buf + (dash->mark.offset - p->lx->base);
    if (!odd(p, PDN_ODD_UNKNOWN_MOVE, &dash->pos, t, dash->len)) return 0;
    const char *text = pdn_arena_strndup(p->arena, t, dash->len);
    if (!text || !pdn_frame_add(f, p->arena, text, &dash->pos)) return PDN_ENOMEM;
    f->last_to = 0;
    return 0;
}

/* 11x18 18x25: the second hop continues the last move. */
static int merge_hop(struct pdn_parser *p, struct pdn_frame *f, const struct move_info *mi)
{
    struct pdn_node *n = pdn_frame_last(f);
    warn_odd(p, PDN_ODD_HOP_BY_HOP, &mi->pos, p->mtext, p->mlen);
    size_t old = strlen(n->text), add = p->mlen - mi->first_len;
    char *text = pdn_arena_alloc(p->arena, old + add + 1);
    if (!text) return PDN_ENOMEM;
    memcpy(text, n->text, old);
    memcpy(text + old, p->mtext + mi->first_len, add);
    text[old + add] = '\0';
    n->text = text;
    f->last_to = mi->last;
    f->adjacent = true;
    return 0;
}

/* 4-6 right before the next game (or the end) with [Result "4-6"]: a match score. */
static int match_score(struct pdn_parser *p, const struct move_info *mi)
{
    if (p->opt.strict || p->depth > 0 || mi->squares != 2 || mi->dashes != 1 || !mi->numeric)
        return 0;
    int rc = next_tok(p);
    if (rc < 0) return rc;
    if (p->tok.kind != PDN_T_TAG && p->tok.kind != PDN_T_EOF) return 0;
    const struct pdn_tag *tags = p->tags.data;
    for (size_t i = 0; i < p->tags.n; i++) {
        if (strcmp(tags[i].name, "Result") != 0) continue;
        if (strlen(tags[i].value) != p->mlen || memcmp(tags[i].value, p->mtext, p->mlen) != 0)
            return 0;
        warn_odd(p, PDN_ODD_MATCH_RESULT, &mi->pos, p->mtext, p->mlen);
        return set_result(p, PDN_RESULT_UNKNOWN, p->mtext, p->mlen, &mi->pos);
    }
    return 0;
}

static int read_move(struct pdn_parser *p, struct move_info *mi)
{
    enum pdn_tok k = p->tok.kind;
    if (k == PDN_T_DASH) return unknown_move(p, mi);
    if (k == PDN_T_NUMBER || k == PDN_T_ALPHASQ) return square_move(p, mi);
    move_take(p, mi); /* ALPHAMOVE or ... */
    return 0;
}

static int on_move(struct pdn_parser *p)
{
    struct pdn_frame *f = top(p);
    struct move_info mi = {.pos = p->tok.pos};
    p->body = true;
    p->mlen = 0;
    int rc = read_move(p, &mi);
    if (rc < 0 || mi.bad) return rc;
    if ((rc = next_tok(p)) < 0) return rc;
    if (p->tok.kind == PDN_T_CAPLIST && p->tok.mark.offset == p->last_end) move_take(p, &mi);
    if (p->mlen > PDN_LIMIT_MOVE_TEXT) p->mlen = PDN_LIMIT_MOVE_TEXT;
    p->mtext[p->mlen] = '\0';
    if (mi.gap) warn_odd(p, PDN_ODD_SPACE_IN_MOVE, &mi.pos, p->mtext, p->mlen);
    bool capture = mi.captures > 0 || mi.dashes > 1;
    if (!p->opt.strict && capture && mi.numeric && f->adjacent && f->last_to == mi.first &&
        !f->has_num)
        return merge_hop(p, f, &mi);
    if ((rc = match_score(p, &mi)) != 0) return rc;
    const char *text = pdn_arena_strndup(p->arena, p->mtext, p->mlen);
    if (!text || !pdn_frame_add(f, p->arena, text, &mi.pos)) return PDN_ENOMEM;
    f->last_to = capture && mi.numeric ? mi.last : 0;
    return mi.has_dangling ? dangling_dash(p, f, &mi.dangling) : 0;
}

/* ---- Everything else --------------------------------------------------------- */

static int on_stray(struct pdn_parser *p)
{
    const char *what = p->tok.kind == PDN_T_CAPLIST   ? "captured squares without a move"
                       : p->tok.kind == PDN_T_CAPTURE ? "capture sign without a move"
                                                      : NULL;
    if (what)
        fail(p, PDN_D_SYNTAX, &p->tok.pos, tok_text(p), p->tok.len, what);
    else
        take_find(p);
    top(p)->adjacent = false;
    consume(p);
    return 0;
}

typedef int (*handler_fn)(struct pdn_parser *p);

static const handler_fn handlers[] = {
    [PDN_T_TAG] = on_tag,         [PDN_T_MOVENUM] = on_movenum,     [PDN_T_NUMBER] = on_move,
    [PDN_T_ALPHASQ] = on_move,    [PDN_T_ALPHAMOVE] = on_move,      [PDN_T_ELLIPSIS] = on_move,
    [PDN_T_DASH] = on_move,       [PDN_T_CAPTURE] = on_stray,       [PDN_T_RESULT] = on_result,
    [PDN_T_STAR] = on_result,     [PDN_T_STRENGTH] = on_strength,   [PDN_T_NAG] = on_nag,
    [PDN_T_COMMENT] = on_comment, [PDN_T_LINECOMMENT] = on_comment, [PDN_T_LPAREN] = on_lparen,
    [PDN_T_RPAREN] = on_rparen,   [PDN_T_SETUP] = on_setup,         [PDN_T_CAPLIST] = on_stray,
    [PDN_T_JUNK] = on_stray,
};

/* After a strict error, or inside variations past the limit: tokens only
 * count for where the game ends. */
static int skip_token(struct pdn_parser *p)
{
    enum pdn_tok k = p->tok.kind;
    if (k != PDN_T_TAG && k != PDN_T_COMMENT && k != PDN_T_LINECOMMENT && k != PDN_T_NAG &&
        k != PDN_T_SETUP && k != PDN_T_JUNK)
        p->body = true;
    if (p->deep && k == PDN_T_LPAREN) p->deep++;
    if (p->deep && k == PDN_T_RPAREN) p->deep--;
    consume(p);
    return 0;
}

static int step(struct pdn_parser *p)
{
    enum pdn_tok k = p->tok.kind;
    if (k == PDN_T_EOF) {
        p->end_pos = p->tok.pos;
        return STEP_END;
    }
    if (k == PDN_T_RESULT || k == PDN_T_STAR) return on_result(p);
    if (k == PDN_T_TAG && p->body) return on_tag(p);
    if (p->skipping || p->deep) return skip_token(p);
    return handlers[k](p);
}

/* ---- Games ----------------------------------------------------------------------- */

static void reset_game(struct pdn_parser *p)
{
    p->any = p->body = p->items = p->skipping = false;
    p->deep = p->depth = 0;
    p->odd_seen = 0;
    p->movenum[0] = '\0';
    p->tags.n = 0;
    free(p->tagset);
    p->tagset = NULL;
    p->tagset_cap = p->tagset_n = 0;
}

static int begin_game(struct pdn_parser *p)
{
    p->arena = pdn_arena_new(16384);
    if (!p->arena) return PDN_ENOMEM;
    p->game = pdn_arena_alloc(p->arena, sizeof *p->game);
    if (!p->game) return PDN_ENOMEM;
    memset(p->game, 0, sizeof *p->game);
    p->game->arena = p->arena;
    p->game->index = ++p->index;
    p->game->start = p->tok.pos;
    p->any = true;
    p->game_start = p->last_end = p->tok.mark.offset;
    pdn_frame_reset(&p->frames[0], &p->tok.pos);
    return 0;
}

static int finish_game(struct pdn_parser *p, pdn_game **out)
{
    pdn_game *g = p->game;
    if (p->depth > 0) fail(p, PDN_D_UNTERMINATED_VARIATION, &p->frames[1].pos, "(", 1, NULL);
    while (p->depth > 0)
        if (close_variation(p) < 0) return PDN_ENOMEM;
    struct pdn_frame *f = top(p);
    if (f->has_num && !p->opt.strict) warn_odd(p, PDN_ODD_EMPTY_NUMBER, &p->end_pos, NULL, 0);
    if (f->has_num && p->opt.strict)
        fail(p, PDN_D_SYNTAX, &p->end_pos, NULL, 0, "a move number must be followed by a move");
    if (pdn_frame_close(f, p->arena, &g->main) < 0) return PDN_ENOMEM;
    g->main.pos = g->start;
    g->ntags = (uint32_t)p->tags.n;
    g->tags = pdn_arena_memdup(p->arena, p->tags.data, p->tags.n * sizeof(struct pdn_tag));
    g->raw_len = (size_t)(p->last_end - p->game_start);
    g->raw = pdn_arena_strndup(p->arena, p->lx->buf + (p->game_start - p->lx->base), g->raw_len);
    if (!g->raw || (p->tags.n && !g->tags)) return PDN_ENOMEM;
    /* A token looked at but not taken belongs to the next game: lex it again. */
    if (p->have_tok) pdn_lex_unread(p->lx, &p->tok);
    p->have_tok = false;
    flush_pending(p, p->last_end);
    *out = g;
    p->game = NULL;
    p->arena = NULL;
    return 1;
}

static int give_up(struct pdn_parser *p, int rc)
{
    pdn_arena_free(p->arena);
    p->arena = NULL;
    p->game = NULL;
    p->any = false;
    return rc;
}

/* Before a game: junk, or a result with nothing to end, is an error and is
 * dropped, so that it cannot make a game of its own. */
static int before_game(struct pdn_parser *p)
{
    enum pdn_tok k = p->tok.kind;
    if (k == PDN_T_JUNK) {
        take_find(p);
        p->skipping = false;
    } else if (k == PDN_T_RESULT || k == PDN_T_STAR) {
        emit(p, PDN_D_SYNTAX, &p->tok.pos, tok_text(p), p->tok.len, "result without a game");
    } else {
        return begin_game(p);
    }
    consume(p);
    return 1;
}

int pdn_parser_next(struct pdn_parser *p, pdn_game **out)
{
    *out = NULL;
    if (p->cut) {
        p->cut = false;
        p->lx->eof = p->saved_eof;
    }
    reset_game(p);
    for (;;) {
        int rc = next_tok(p);
        if (rc < 0) return give_up(p, rc);
        if (!p->any && p->tok.kind == PDN_T_EOF) {
            flush_pending(p, UINT64_MAX);
            return 0;
        }
        if (!p->any && (rc = before_game(p)) != 0) {
            if (rc < 0) return give_up(p, rc);
            continue;
        }
        rc = step(p);
        if (rc < 0) return give_up(p, rc);
        if (rc == STEP_END) {
            rc = finish_game(p, out);
            return rc < 0 ? give_up(p, rc) : rc;
        }
    }
}

uint64_t pdn_parser_keep(const struct pdn_parser *p)
{
    return p->any ? p->game_start : p->lx->base + p->lx->pos;
}

int pdn_parser_new(struct pdn_parser **out, struct pdn_lexer *lx,
                   const struct pdn_reader_options *options, pdn_fill_fn fill, void *ctx)
{
    struct pdn_parser *p = calloc(1, sizeof *p);
    if (!p) return PDN_ENOMEM;
    p->nframes = 8;
    p->frames = calloc((size_t)p->nframes, sizeof *p->frames);
    if (!p->frames) {
        free(p);
        return PDN_ENOMEM;
    }
    p->lx = lx;
    p->fill = fill;
    p->fill_ctx = ctx;
    p->opt = *options;
    lx->report = lex_report;
    lx->ctx = p;
    *out = p;
    return 0;
}

void pdn_parser_free(struct pdn_parser *p)
{
    if (!p) return;
    pdn_arena_free(p->arena);
    for (int i = 0; i < p->nframes; i++)
        pdn_frame_free(&p->frames[i]);
    free(p->frames);
    pdn_vec_free(&p->tags);
    free(p->tagset);
    free(p);
}
