/*
 * parser_token: tokens for the parser. Lexing with refills, the window
 * that keeps a game within PDN_LIMIT_GAME_BYTES, the lexer's findings of a
 * token, and the texts the tree copies from tokens (a result, a move).
 * Calls parser_diag.c only, so that every other parser file may call it.
 */
#include "parser_impl.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

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

void parser_resume_window(struct parser *p)
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

/* Tokens after the current one, lexed on a copy of the lexer that reports
 * nothing and moves nothing: up to n into out, fewer where the input (or a
 * window cut at the game's size limit) ends first. Refills as parser_lex
 * does, so that where the blocks of the input end changes nothing; the
 * window keeps the current token (the game's text, or between games the
 * token looked at: parser_keep). Between games, where no game's limit
 * cuts the window, tokens that run past PDN_LIMIT_GAME_BYTES, which
 * parser_lex would cut, are not looked at: the window stays that small. */
int parser_peek(struct parser *p, struct token *out, int n)
{
    for (;;) {
        struct lexer copy = *p->lx;
        copy.report = NULL;
        int got = 0;
        enum token_kind k = TOK_EOF;
        while (got < n && (k = lexer_next(&copy, &out[got])) != TOK_MORE && k != TOK_EOF)
            got++;
        bool huge = !p->any && p->lx->end - p->lx->pos >= PDN_LIMIT_GAME_BYTES;
        if (k != TOK_MORE || p->cut || huge) return got;
        int rc = refill(p);
        if (rc < 0) return rc;
        p->tok.start = (size_t)(p->tok.mark.offset - p->lx->base);
    }
}

void parser_flush(struct parser *p)
{
    parser_flush_pending(p, p->last_end);
}

/* Reports what the lexer found inside the current token. */
void parser_say_find(struct parser *p, const struct lexer_find *f, const char *text, size_t len)
{
    if (!f->set) return;
    const char *detail = f->odd ? lexer_odd_detail(f->odd) : NULL;
    if (f->code == PDN_DIAG_NONSTANDARD)
        parser_warn_odd(p, f->odd, &f->pos, text, len);
    else if (f->error)
        parser_fail(p, f->code, &f->pos, text, len, detail);
    else if (!p->skipping)
        parser_emit(p, f->code, &f->pos, text, len, NULL);
}

void parser_take_find(struct parser *p)
{
    parser_say_find(p, &p->tok.find, tok_text(p), p->tok.len);
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
