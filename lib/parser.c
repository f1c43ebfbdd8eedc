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
 * PDN_DIAG_SYNTAX (or more specific) error, and the rest of that game is
 * skipped. Lenient mode (the default) also accepts, each reported once per
 * game as a PDN_DIAG_NONSTANDARD warning at its first place: zero-padded
 * squares and numbers, spaces inside moves, moves without separator (3228),
 * multi-jumps written hop by hop (11x18 18x25 becomes one move "11x18x25"),
 * captures written with dashes (12-21-32-23), mixed separators, <...>
 * captured-square lists (kept in the move text), Unicode dashes (kept in the
 * text), non-breaking spaces, unknown moves (--, - -), move numbers without
 * a move (1. 2-0), chess-style and other result spellings, match scores as
 * the terminator when [Result] says the same (4-6), lenient tags (see the
 * lexer), and games ended only by the next game's tags (PDN_DIAG_MISSING_RESULT).
 * Junk in lenient mode is an error and is skipped token by token.
 *
 * Game boundaries are the same in both modes: a result or '*' ends a game
 * (closing any open variation), tags after movetext start the next game, so
 * does a tag block after a blank line that repeats a tag of a tags-only game
 * (or brings an Event), and so does the end of input.
 *
 * Findings carry the label of the ply they stand at, counted per line from
 * the last move number ("3. 32-28 09-14": 09-14 is 3...), the side at the
 * start coming from the FEN tag; they quote the text as written; at most
 * DIAG_PER_GAME of one code are reported per game. NAGs and variations in a
 * line without moves are kept on a "..." placeholder; before the first move
 * of a line they belong to that move. The parser must not read input or
 * decode.
 */
#include "parser_impl.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Diagnostics ------------------------------------------------------------ */

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
static void release_ahead(struct parser *p, size_t game)
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

static void flush_pending(struct parser *p, uint64_t upto)
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
static void lex_report(void *ctx, enum pdn_diag_code code, enum odd_form kind,
                       const struct pdn_pos *pos, const char *text, size_t len)
{
    struct parser *p = ctx;
    if (code == PDN_DIAG_NONSTANDARD)
        parser_warn_odd(p, kind, pos, text, len);
    else
        parser_emit(p, code, pos, len ? text : NULL, len, NULL);
}

/* ---- Tokens ------------------------------------------------------------------ */

/* What a cut token was, for the finding. */
static const char *cut_what(const struct lexer *lx)
{
    static const char *const what[] = {
        [SKIP_LINE] = "comment",
        [SKIP_COMMENT] = "comment",
        [SKIP_SETUP] = "setup",
        [SKIP_TAG] = "tag",
        [SKIP_TAG_STRING] = "tag",
        [SKIP_DIGITS] = "number",
        [SKIP_DOTS] = "run of dots",
        [SKIP_MARKS] = "move strength",
        [SKIP_JUNK] = "run of unknown characters",
    };
    return lx->skip && lx->skip < sizeof what / sizeof what[0] ? what[lx->skip] : NULL;
}

/* The window ends at stream offset 'limit' (on a character boundary) until
 * parser_next resumes: nothing past it is read into this game. */
static void trim_window(struct parser *p, uint64_t limit)
{
    struct lexer *lx = p->lx;
    if (p->cut || lx->base + lx->end <= limit) return;
    p->cut = true;
    p->saved_eof = lx->eof;
    p->saved_end = lx->end;
    size_t e = (size_t)(limit - lx->base);
    if (e > lx->pos) e = lx->pos + text_utf8_cut(lx->buf + lx->pos, lx->end - lx->pos, e - lx->pos);
    lx->end = e > lx->pos ? e : lx->pos;
    /* Not the end of the input: the lexer asks for more at the cut, and
     * parser_lex cuts the token that runs into it. */
    lx->eof = false;
}

static void resume_window(struct parser *p)
{
    p->cut = p->cut_told = false;
    p->lx->eof = p->saved_eof;
    p->lx->end = p->saved_end;
}

/*
 * Nothing may outgrow PDN_LIMIT_GAME_BYTES: neither a game (its window ends
 * that far from its start, so the lexer reports no token past it) nor a
 * token before a game starts (the token that would start it). A token that
 * runs into the limit is cut there and ends its game; its rest is skipped up
 * to where it would have ended (lexer_cut), and what follows is read as a
 * new game. Told once, at the game's start or at the token.
 */
static void cut_token(struct parser *p)
{
    struct lexer *lx = p->lx;
    bool game = p->cut;
    if (!game) trim_window(p, lx->base + lx->pos + PDN_LIMIT_GAME_BYTES);
    enum token_kind k = lexer_cut(lx, &p->tok);
    const char *what = k != TOK_EOF ? cut_what(lx) : NULL;
    char detail[160];
    if (!game && what) {
        snprintf(detail, sizeof detail,
                 "%s longer than PDN_LIMIT_GAME_BYTES: cut, the rest of it skipped", what);
        parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, tok_text(p), p->tok.len, detail);
        p->cut_told = true;
        return;
    }
    /* A tag after the movetext starts the next game, which rereads it whole. */
    if (p->cut_told || !game || (k == TOK_TAG && (p->body || p->skipping))) return;
    p->cut_told = true;
    if (what)
        snprintf(detail, sizeof detail,
                 "game longer than PDN_LIMIT_GAME_BYTES: cut in a %s, the rest of it skipped, "
                 "what follows read as a new game",
                 what);
    else
        snprintf(detail, sizeof detail,
                 "game longer than PDN_LIMIT_GAME_BYTES: cut, the rest read as a new game");
    parser_emit(p, PDN_DIAG_LIMIT, &p->game->start, NULL, 0, detail);
}

static int refill(struct parser *p)
{
    int rc = p->fill(p->fill_ctx);
    if (rc == 0) p->lx->eof = true;
    if (rc >= 0 && p->any) trim_window(p, p->game_start + PDN_LIMIT_GAME_BYTES);
    return rc;
}

int parser_lex(struct parser *p)
{
    while (!p->have_tok) {
        if (lexer_next(p->lx, &p->tok) != TOK_MORE) {
            p->have_tok = true;
            break;
        }
        if (p->cut || (!p->any && p->lx->end - p->lx->pos >= PDN_LIMIT_GAME_BYTES)) {
            cut_token(p);
            p->have_tok = true;
            break;
        }
        int rc = refill(p);
        if (rc < 0) return rc;
    }
    return 0;
}

void parser_flush(struct parser *p)
{
    flush_pending(p, p->last_end);
}

/* Reports what the lexer found inside the current token. */
void parser_take_find(struct parser *p)
{
    const struct lexer_find *f = &p->tok.find;
    if (!f->set) return;
    const char *detail = f->odd ? lexer_odd_detail(f->odd) : NULL;
    if (f->code == PDN_DIAG_NONSTANDARD)
        parser_warn_odd(p, f->odd, &f->pos, tok_text(p), p->tok.len);
    else if (f->error)
        parser_fail(p, f->code, &f->pos, tok_text(p), p->tok.len, detail);
    else if (!p->skipping)
        parser_emit(p, f->code, &f->pos, tok_text(p), p->tok.len, NULL);
}

/* A copy of text for the tree; NUL bytes (reported by the lexer) become
 * blanks so that they cannot cut the C string. */
char *parser_copy_text(struct parser *p, const char *s, size_t n)
{
    char *v = arena_strndup(p->arena, s, n);
    for (char *z = v ? memchr(v, 0, n) : NULL; z; z = memchr(z, 0, n - (size_t)(z - v)))
        *z = ' ';
    return v;
}

/* ---- Results, numbers, annotations ------------------------------------------- */

int parser_set_result(struct parser *p, enum pdn_result result, const char *text, size_t len,
                      const struct pdn_pos *pos)
{
    p->game->result = result;
    p->game->result_text = arena_strndup(p->arena, text, len);
    p->game->result_pos = *pos;
    p->end_pos = *pos;
    return p->game->result_text ? STEP_END : PDN_ENOMEM;
}

static int on_result(struct parser *p)
{
    enum pdn_result r = p->tok.kind == TOK_STAR ? PDN_RESULT_UNKNOWN : p->tok.value;
    parser_take_find(p);
    int rc = parser_set_result(p, r, tok_text(p), p->tok.len, &p->tok.pos);
    parser_consume(p);
    return rc;
}

/* ---- Everything else --------------------------------------------------------- */

static int on_stray(struct parser *p)
{
    const char *what = p->tok.kind == TOK_CAPLIST   ? "captured squares without a move"
                       : p->tok.kind == TOK_CAPTURE ? "capture sign without a move"
                                                    : NULL;
    if (what)
        parser_fail(p, PDN_DIAG_SYNTAX, &p->tok.pos, tok_text(p), p->tok.len, what);
    else
        parser_take_find(p);
    top(p)->adjacent = false;
    parser_consume(p);
    return 0;
}

typedef int (*handler_fn)(struct parser *p);

static const handler_fn handlers[] = {
    [TOK_TAG] = parser_on_tag,
    [TOK_MOVENUM] = parser_on_movenum,
    [TOK_NUMBER] = parser_on_move,
    [TOK_ALPHASQ] = parser_on_move,
    [TOK_ALPHAMOVE] = parser_on_move,
    [TOK_ELLIPSIS] = parser_on_move,
    [TOK_DASH] = parser_on_move,
    [TOK_CAPTURE] = on_stray,
    [TOK_RESULT] = on_result,
    [TOK_STAR] = on_result,
    [TOK_STRENGTH] = parser_on_strength,
    [TOK_NAG] = parser_on_nag,
    [TOK_COMMENT] = parser_on_comment,
    [TOK_LINECOMMENT] = parser_on_comment,
    [TOK_LPAREN] = parser_on_lparen,
    [TOK_RPAREN] = parser_on_rparen,
    [TOK_SETUP] = parser_on_setup,
    [TOK_CAPLIST] = on_stray,
    [TOK_JUNK] = on_stray,
};

/* After a strict error, or inside variations past the limit: tokens only
 * count for where the game ends. */
static int skip_token(struct parser *p)
{
    enum token_kind k = p->tok.kind;
    if (k != TOK_TAG && k != TOK_COMMENT && k != TOK_LINECOMMENT && k != TOK_NAG &&
        k != TOK_SETUP && k != TOK_JUNK)
        p->body = true;
    if (p->deep && k == TOK_LPAREN) p->deep++;
    if (p->deep && k == TOK_RPAREN) p->deep--;
    parser_consume(p);
    return 0;
}

/* The end of input ends the last game. The grammar lets the last game go
 * without a separator, so only lenient mode says that the result is missing
 * (a game cut at the size limit has been reported already). */
static int on_eof(struct parser *p)
{
    p->end_pos = p->tok.pos;
    struct pdn_pos at = parser_last_char(p);
    if (!p->opt.strict && !p->cut) parser_emit(p, PDN_DIAG_MISSING_RESULT, &at, NULL, 0, NULL);
    return STEP_END;
}

static int step(struct parser *p)
{
    enum token_kind k = p->tok.kind;
    if (k == TOK_EOF) return on_eof(p);
    if (k == TOK_RESULT || k == TOK_STAR) return on_result(p);
    if (k == TOK_TAG && (p->body || p->skipping)) return parser_on_tag(p);
    if (p->skipping || p->deep) return skip_token(p);
    return handlers[k](p);
}

/* ---- Games ----------------------------------------------------------------------- */

static void reset_game(struct parser *p)
{
    p->any = p->body = p->items = p->skipping = false;
    p->deep = p->depth = 0;
    p->odd_seen = 0;
    p->say = NULL;
    memset(p->ncode, 0, sizeof p->ncode);
    p->tags.n = 0;
    free(p->tagset);
    p->tagset = NULL;
    p->tagset_cap = p->tagset_n = 0;
}

static int begin_game(struct parser *p)
{
    p->arena = arena_new(16384);
    if (!p->arena) return PDN_ENOMEM;
    struct game_box *box = arena_alloc(p->arena, sizeof *box);
    if (!box) return PDN_ENOMEM;
    memset(box, 0, sizeof *box);
    box->arena = p->arena;
    p->game = &box->game;
    p->game->internal = &box->internal;
    p->game->index = ++p->index;
    box->internal.read_errors = p->errors_ahead;
    p->errors_ahead = 0;
    p->game->start = p->tok.pos;
    p->any = true;
    p->game_start = p->last_end = p->tok.mark.offset;
    frame_reset(&p->frames[0], &p->tok.pos);
    release_ahead(p, p->index);
    return 0;
}

static int finish_game(struct parser *p, pdn_game **out)
{
    pdn_game *g = p->game;
    if (p->depth > 0) {
        p->say = &p->frames[1].start;
        parser_fail(p, PDN_DIAG_UNTERMINATED_VARIATION, &p->frames[1].pos, "(", 1, NULL);
        p->say = NULL;
    }
    while (p->depth > 0)
        if (parser_close_variation(p) < 0) return PDN_ENOMEM;
    struct frame *f = top(p);
    if (f->has_num && !p->opt.strict) parser_warn_odd(p, ODD_EMPTY_NUMBER, &p->end_pos, NULL, 0);
    if (f->has_num && p->opt.strict)
        parser_fail(p, PDN_DIAG_SYNTAX, &p->end_pos, NULL, 0,
                    "a move number must be followed by a move");
    if (parser_keep_orphans(p, f) < 0 || frame_close(f, p->arena, &g->main) < 0) return PDN_ENOMEM;
    g->main.pos = g->start;
    g->ntags = (uint32_t)p->tags.n;
    g->tags = arena_memdup(p->arena, p->tags.data, p->tags.n * sizeof(struct pdn_tag));
    g->raw_len = (size_t)(p->last_end - p->game_start);
    g->raw = arena_strndup(p->arena, p->lx->buf + (p->game_start - p->lx->base), g->raw_len);
    if (!g->raw || (p->tags.n && !g->tags)) return PDN_ENOMEM;
    /* A token looked at but not taken belongs to the next game: lex it again
     * (not the end, which may stand before the rest of a cut token). */
    if (p->have_tok && p->tok.kind != TOK_EOF) lexer_unread(p->lx, &p->tok);
    p->have_tok = false;
    flush_pending(p, p->last_end);
    *out = g;
    p->game = NULL;
    p->arena = NULL;
    return 1;
}

static int give_up(struct parser *p, int rc)
{
    if (!p->any) release_ahead(p, p->index + 1);
    arena_free(p->arena);
    p->arena = NULL;
    p->game = NULL;
    p->any = false;
    return rc;
}

/* Before a game: junk, or a result with nothing to end, is an error and is
 * dropped, so that it cannot make a game of its own. */
static int before_game(struct parser *p)
{
    enum token_kind k = p->tok.kind;
    if (k == TOK_JUNK) {
        parser_take_find(p);
        p->skipping = false;
    } else if (k == TOK_RESULT || k == TOK_STAR) {
        parser_emit(p, PDN_DIAG_SYNTAX, &p->tok.pos, tok_text(p), p->tok.len,
                    "result without a game");
    } else {
        return begin_game(p);
    }
    parser_consume(p);
    return 1;
}

static int end_game(struct parser *p, pdn_game **out)
{
    int rc = finish_game(p, out);
    return rc < 0 ? give_up(p, rc) : rc;
}

/* A game whose tree outgrows PDN_LIMIT_GAME_TREE is cut there: the rest of
 * it is skipped up to its end (its text is kept whole). */
static void cut_tree(struct parser *p)
{
    struct pdn_pos at = parser_last_char(p);
    parser_emit(p, PDN_DIAG_LIMIT, &at, NULL, 0,
                "game tree larger than PDN_LIMIT_GAME_TREE: the game is cut here, the rest of it "
                "skipped (its text is kept)");
    p->skipping = true;
}

int parser_next(struct parser *p, pdn_game **out)
{
    *out = NULL;
    if (p->cut) resume_window(p);
    reset_game(p);
    for (;;) {
        /* Plain movetext, tags and results skip the tokens (the usual case). */
        int rc = 0;
        if (p->any && !p->skipping && p->arena->total > PDN_LIMIT_GAME_TREE) cut_tree(p);
        if (p->quick && !p->have_tok && p->any && !p->skipping && !p->deep && !p->npend) {
            if ((rc = parser_quick(p)) < 0) return give_up(p, rc);
            if (rc == STEP_END) return end_game(p, out);
        }
        rc = parser_next_tok(p);
        if (rc < 0) return give_up(p, rc);
        if (!p->any && p->tok.kind == TOK_EOF && p->cut) {
            /* A cut token that started no game (junk): read on. */
            resume_window(p);
            p->have_tok = false;
            continue;
        }
        if (!p->any && p->tok.kind == TOK_EOF) {
            flush_pending(p, UINT64_MAX);
            release_ahead(p, 0);
            return 0;
        }
        if (!p->any && (rc = before_game(p)) != 0) {
            if (rc < 0) return give_up(p, rc);
            continue;
        }
        rc = step(p);
        if (rc < 0) return give_up(p, rc);
        if (rc == STEP_END) return end_game(p, out);
    }
}

uint64_t parser_keep(const struct parser *p)
{
    /* Back to the start of the line, LEXER_LINE_BACK bytes at most: the
     * lexer looks there for a tag line that lost its '['. */
    uint64_t at = p->any ? p->game_start : p->lx->base + p->lx->pos;
    uint64_t back = (p->any ? p->game->start.col : p->lx->col) - 1;
    if (back > LEXER_LINE_BACK) back = LEXER_LINE_BACK;
    if (back > at - p->lx->base) back = at - p->lx->base;
    return at - back;
}

int parser_new(struct parser **out, struct lexer *lx, const struct pdn_reader_options *options,
               parser_fill_fn fill, void *ctx)
{
    struct parser *p = calloc(1, sizeof *p);
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
    p->quick = parser_quick_wanted();
    lx->report = lex_report;
    lx->ctx = p;
    *out = p;
    return 0;
}

void parser_free(struct parser *p)
{
    if (!p) return;
    arena_free(p->arena);
    free(p->frames);
    vec_free(&p->tags);
    vec_free(&p->ahead);
    free(p->tagset);
    free(p);
}
