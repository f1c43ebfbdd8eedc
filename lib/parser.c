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
 * Junk is an error; the lexer makes a run of junk words on one line one
 * token, so that it is one finding and, lenient, one comment.
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
#include "slow_path.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int on_result(struct parser *p)
{
    enum pdn_result r = p->tok.kind == TOK_STAR ? PDN_RESULT_UNKNOWN : p->tok.value;
    parser_take_find(p);
    int rc = parser_set_result(p, r, tok_text(p), p->tok.len, &p->tok.pos);
    parser_consume(p);
    return rc;
}

/* ---- Everything else --------------------------------------------------------- */

/* How many dashes after a remark (the current token, junk) are the
 * remark's: "a long - 2. 28x19", where White's move 2 is numbered right
 * after the dash, cannot mean that the dash is White's move 2 not given;
 * it ends the remark ("a long -"). So do dots ("a long ... 2. 28x19"), the
 * place of a move not played that the number takes too. A dash (or "- -")
 * on the remark's line that the next move number leaves standing for a
 * ply, "white was away - 3... 10-14" (White's move 3 not given), is a move
 * not given, as where real files write one: after a move number or a move
 * (see parser_number_takes_dash, which also reads "1. 32-28 1. 19-23 a
 * long - 2. 28x19", Black's moves numbered as White's). 0, 1, 2 or
 * PDN_E*. */
static int remark_dashes(struct parser *p, const struct frame_label *ply, bool behind)
{
    struct token t[3];
    int n = parser_peek(p, t, 1);
    bool dots = n > 0 && t[0].kind == TOK_ELLIPSIS; /* "a long ... 2. 28x19" alike */
    if (n <= 0 || (t[0].kind != TOK_DASH && !dots) || t[0].pos.line != p->tok.pos.line)
        return n < 0 ? n : 0;
    if ((n = parser_peek(p, t, 3)) < 0) return n;
    int dashes = !dots && n > 1 && t[1].kind == TOK_DASH && t[1].pos.line == t[0].pos.line ? 2 : 1;
    if (n <= dashes || !parser_number_takes_dash(&t[dashes], ply, behind, false)) return 0;
    p->tok.len = (size_t)(t[dashes - 1].mark.offset + t[dashes - 1].len - p->tok.mark.offset);
    return dashes;
}

/* How many dashes (one, or "- -") or dots stand from t[k] on, on line,
 * before another token: 0 when none, or when nothing follows them. */
static int dashes_at(const struct token *t, int k, int n, uint32_t line)
{
    if (k >= n || t[k].pos.line != line) return 0;
    if (t[k].kind == TOK_ELLIPSIS) return k + 1 < n;
    if (t[k].kind != TOK_DASH) return 0;
    int dashes = k + 1 < n && t[k + 1].kind == TOK_DASH && t[k + 1].pos.line == line ? 2 : 1;
    return k + dashes < n ? dashes : 0;
}

/* How many tokens after a remark (the current token, junk) are the
 * remark's as a move between its words: squares and signs ("a 3 x 4 b",
 * "a 32 - 28 b"), then words, all on the remark's line, where the move
 * number right after the words takes the ply the move would stand for
 * (parser_number_takes_dash): "a 3 x 4 b 2. 28x19" cannot mean that
 * "3 x 4" is White's move 2, which 28x19 is; it is the remark's, with the
 * words after it ("a 3 x 4 b"). So are dashes or dots on its line between
 * the words and the number ("a 3 x 4 b - 2. 28x19"), which the number
 * leaves no ply either, as after a remark (remark_dashes). A number that
 * leaves the move its ply ("a 3 x 4 b 14x23", "a 32-28 b 2... 19-23")
 * keeps it a move, as the lexer does (filler_goes_on). 0, the tokens, or
 * PDN_E*. */
static int remark_move(struct parser *p, const struct frame_label *ply, bool behind)
{
    enum { MOST = 12 }; /* a move of four squares, the words, two dashes, the number */
    struct token t[MOST];
    int n = parser_peek(p, t, 1);
    if (n <= 0 || t[0].kind != TOK_NUMBER || t[0].pos.line != p->tok.pos.line) return n < 0 ? n : 0;
    if ((n = parser_peek(p, t, MOST)) < 0) return n;
    int k = 1;
    while (k + 1 < n && (t[k].kind == TOK_DASH || t[k].kind == TOK_CAPTURE) &&
           t[k + 1].kind == TOK_NUMBER)
        k += 2;
    if (k == 1 || k + 1 >= n || t[k].kind != TOK_JUNK || !t[k].find.set || !t[k].find.error)
        return 0;
    int last = k + dashes_at(t, k + 1, n, t[k].pos.line); /* the remark's last token */
    if (t[k].pos.line != p->tok.pos.line ||
        !parser_number_takes_dash(&t[last + 1], ply, behind, false))
        return 0;
    p->tok.len = (size_t)(t[last].mark.offset + t[last].len - p->tok.mark.offset);
    return last + 1;
}

/* The tokens after a remark that are its own: a move between its words
 * (remark_move), else dashes or dots (remark_dashes). */
static int remark_tail(struct parser *p, const struct frame_label *ply, bool behind)
{
    int n = remark_move(p, ply, behind);
    return n != 0 ? n : remark_dashes(p, ply, behind);
}

/* Takes the n tokens that remark_tail gave the remark just taken. */
static int take_remark_dashes(struct parser *p, int n)
{
    for (int rc; n-- > 0; parser_consume(p))
        if ((rc = parser_next_tok(p)) < 0) return rc;
    return 0;
}

static int on_stray(struct parser *p)
{
    const char *what = p->tok.kind == TOK_CAPLIST   ? "captured squares without a move"
                       : p->tok.kind == TOK_CAPTURE ? "capture sign without a move"
                                                    : NULL;
    /* Kept when it was an error: a stray '.', a warning, is punctuation that
     * pdnfmt drops as its repair. */
    bool error = what || (p->tok.find.set && p->tok.find.error);
    bool remark = error && p->tok.kind == TOK_JUNK && !p->opt.strict;
    const struct frame *f = top(p);
    int dashes = remark ? remark_tail(p, &f->next, f->black_as_white) : 0;
    if (dashes < 0) return dashes;
    if (what)
        parser_fail(p, PDN_DIAG_SYNTAX, &p->tok.pos, tok_text(p), p->tok.len, what);
    else
        parser_take_find(p);
    top(p)->adjacent = false;
    int rc = error ? parser_keep_unread(p, &p->tok.pos, tok_text(p), p->tok.len) : 0;
    parser_consume(p);
    return rc < 0 ? rc : take_remark_dashes(p, dashes);
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

/* Comments alone from the last game's separator to the end of the input
 * (an exporter's trailer, "2-0 {end}"): no game of its own, which tools
 * count, warn about or fill with tags, but text pdnfmt must keep. Any other
 * token (a tag, a move, a NAG, junk) makes it a game, as does a game cut at
 * the size limit (the rest of a game), and an error in it (an unterminated
 * comment): its finding names a game the tools count. */
static bool only_comments(const struct parser *p)
{
    return !p->cut && !p->beyond_comments && p->tags.n == 0 && !p->body && !p->skipping &&
           p->depth == 0 && !p->deep && game_internal(p->game)->read_errors == 0;
}

/* The end of input ends the last game. The grammar lets the last game go
 * without a separator, so only lenient mode says that the result is missing
 * (a game cut at the size limit has been reported already), and not of a
 * trailer, which is no game. */
static int on_eof(struct parser *p)
{
    p->end_pos = p->tok.pos;
    struct pdn_pos at = parser_last_char(p);
    if (only_comments(p)) {
        game_internal_mut(p->game)->trailer = true;
        return STEP_END;
    }
    if (!p->opt.strict && !p->cut) parser_emit(p, PDN_DIAG_MISSING_RESULT, &at, NULL, 0, NULL);
    return STEP_END;
}

static int step(struct parser *p)
{
    enum token_kind k = p->tok.kind;
    if (k == TOK_EOF) return on_eof(p);
    if (k != TOK_COMMENT && k != TOK_LINECOMMENT) p->beyond_comments = true;
    if (k == TOK_RESULT || k == TOK_STAR) return on_result(p);
    if (k == TOK_TAG && (p->body || p->skipping)) return parser_on_tag(p);
    if (p->skipping || p->deep) return skip_token(p);
    return handlers[k](p);
}

/* ---- Games ----------------------------------------------------------------------- */

static void reset_game(struct parser *p)
{
    p->any = p->body = p->items = p->skipping = p->beyond_comments = false;
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
    /* One chunk holds most games whole: as much as the game before took
     * and a quarter more, between 8 and 32 kB (a tournament game of 1 kB of
     * text takes 20 to 30 kB as a tree: 16 kB first made them two; games of
     * a few moves take a few kB, and a chunk each of the games read ahead
     * by -j's threads is most of their memory). */
    size_t hint = p->tree_bytes + p->tree_bytes / 4;
    p->arena = arena_new(hint < 8192 ? 8192 : hint > 32768 ? 32768 : hint);
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
    parser_release_ahead(p, p->index);
    return parser_junk_waiting(p) ? parser_junk_give(p) : 0;
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
    /* at the number itself, as in a variation: the next game's first tag or
     * the terminator is no place to look for it */
    if (f->has_num && !p->opt.strict) parser_warn_odd(p, ODD_EMPTY_NUMBER, &f->num_pos, NULL, 0);
    if (f->has_num && p->opt.strict)
        parser_fail(p, PDN_DIAG_SYNTAX, &p->end_pos, NULL, 0,
                    "a move number must be followed by a move");
    if (parser_keep_orphans(p, f) < 0 || frame_close(f, p->arena, &g->main) < 0) return PDN_ENOMEM;
    g->main.pos = g->start;
    g->ntags = (uint32_t)p->tags.n;
    g->tags = arena_memdup(p->arena, p->tags.data, p->tags.n * sizeof(struct pdn_tag));
    game_internal_mut(g)->tags_noted = g->tags;
    game_internal_mut(g)->unread = p->skipping;
    g->raw_len = (size_t)(p->last_end - p->game_start);
    g->raw = arena_strndup(p->arena, p->lx->buf + (p->game_start - p->lx->base), g->raw_len);
    if (!g->raw || (p->tags.n && !g->tags)) return PDN_ENOMEM;
    p->tree_bytes = arena_used(p->arena);
    /* A token looked at but not taken belongs to the next game: lex it again
     * (not the end, which may stand before the rest of a cut token). */
    if (p->have_tok && p->tok.kind != TOK_EOF) lexer_unread(p->lx, &p->tok);
    p->have_tok = false;
    parser_flush_pending(p, p->last_end);
    *out = g;
    p->game = NULL;
    p->arena = NULL;
    return 1;
}

static int give_up(struct parser *p, int rc)
{
    if (!p->any) parser_release_ahead(p, p->index + 1);
    arena_free(p->arena);
    p->arena = NULL;
    p->game = NULL;
    p->any = false;
    return rc;
}

/* The ply a dash between games would stand for: the next game's first,
 * White's move 1 (no FEN tag stands between the dash and the remark
 * before it). */
static const struct frame_label next_game_ply = {1, false, true};

/* Junk between games (the current token), kept for the game that follows
 * or, on the line of a result, the game it ends (parser_junk.c), with the
 * dashes after it that are the remark's ("a long - 1. 32-28": the next
 * game's White's move 1 cannot be both): 0 or PDN_E*. */
static int keep_junk(struct parser *p)
{
    int dashes = p->tok.find.set && p->tok.find.error && !p->opt.strict
                     ? remark_tail(p, &next_game_ply, false)
                     : 0;
    if (dashes < 0) return dashes;
    parser_take_find(p);
    int rc = parser_junk_keep(p);
    if (rc < 0) return rc;
    parser_consume(p);
    return take_remark_dashes(p, dashes);
}

/* Before a game: junk, or a result with nothing to end, is an error and
 * cannot make a game of its own. The junk's text waits for the next game
 * (parser_junk.c); the result is dropped. */
static int before_game(struct parser *p)
{
    enum token_kind k = p->tok.kind;
    if (k == TOK_JUNK) {
        int rc = keep_junk(p);
        p->skipping = false; /* its error, strict, skips no game */
        p->beyond_comments = true;
        return rc < 0 ? rc : 1;
    } else if (k == TOK_RESULT || k == TOK_STAR) {
        p->beyond_comments = true;
        parser_emit(p, PDN_DIAG_SYNTAX, &p->tok.pos, tok_text(p), p->tok.len,
                    "result without a game");
        parser_junk_apart(p);
    } else {
        return begin_game(p);
    }
    parser_consume(p);
    return 1;
}

/* Text on the line of the result that ended the game, after it ("2-0
 * forfeit", a backslash and an r written out): the game's, not the next
 * one's. Its findings are the game's; its words, junk, a comment after the
 * game's last move (parser_junk.c; lenient). A token of another kind is
 * left for the next game, and so is everything past the line's end. */
static int take_the_result_line(struct parser *p)
{
    if (p->game->result_text == NULL || p->have_tok) return 0;
    uint32_t line = p->game->result_pos.line;
    while (p->lx->line == line && lexer_skip_line_space(p->lx)) {
        int rc = parser_next_tok(p);
        if (rc < 0) return rc;
        if (p->tok.kind != TOK_JUNK || p->tok.pos.line != line) break;
        if ((rc = keep_junk(p)) < 0) return rc;
    }
    return parser_junk_waiting(p) ? parser_junk_give(p) : 0;
}

static int end_game(struct parser *p, pdn_game **out)
{
    int rc = take_the_result_line(p);
    if (rc == 0) rc = finish_game(p, out);
    return rc < 0 ? give_up(p, rc) : rc;
}

/* The end of the input with junk waiting after the last game: the file's
 * trailer keeps its text, its findings stay the file's (game 0). */
static int junk_trailer(struct parser *p, pdn_game **out)
{
    parser_flush_pending(p, UINT64_MAX);
    parser_release_ahead(p, 0);
    p->errors_ahead = 0;
    struct pdn_pos start = *parser_junk_start(p);
    int rc = begin_game(p);
    if (rc < 0) return give_up(p, rc);
    p->game->start = start;
    game_internal_mut(p->game)->trailer = game_internal_mut(p->game)->junk_trailer = true;
    p->end_pos = p->tok.pos;
    return end_game(p, out);
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
    if (p->cut) parser_resume_window(p);
    reset_game(p);
    for (;;) {
        /* Plain movetext, tags and results skip the tokens (the usual case). */
        int rc = 0;
        if (p->any && !p->skipping && p->arena->total > PDN_LIMIT_GAME_TREE) cut_tree(p);
        if (p->quick && !p->have_tok && p->any && !p->skipping && !p->deep && !p->npend) {
            if ((rc = parser_quick(p)) < 0) return give_up(p, rc);
            if (rc == STEP_END) return end_game(p, out);
            if ((rc = parser_quick_stop(p)) < 0) return give_up(p, rc);
            if (rc > 0) continue;
        }
        rc = parser_next_tok(p);
        if (rc < 0) return give_up(p, rc);
        if (!p->any && p->tok.kind == TOK_EOF && p->cut) {
            /* A cut token that started no game (junk): read on. */
            parser_resume_window(p);
            p->have_tok = false;
            continue;
        }
        if (!p->any && p->tok.kind == TOK_EOF && parser_junk_waiting(p))
            return junk_trailer(p, out);
        if (!p->any && p->tok.kind == TOK_EOF) {
            parser_flush_pending(p, UINT64_MAX);
            parser_release_ahead(p, 0);
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

void parser_count_from(struct parser *p, size_t games)
{
    p->index = games;
}

uint64_t parser_game_end(const struct parser *p)
{
    return p->last_end;
}

uint64_t parser_keep(const struct parser *p)
{
    /* Back to the start of the line, LEXER_LINE_BACK bytes at most: the
     * lexer looks there for a tag line that lost its '['. */
    uint64_t at = p->any ? p->game_start : p->lx->base + p->lx->pos;
    uint64_t back = (p->any ? p->game->start.col : p->lx->col) - 1;
    /* Between games, the token looked at and not taken yet, which
     * parser_peek looks past (junk, for its dashes), stays whole. */
    if (!p->any && p->have_tok && p->tok.mark.offset < at) {
        at = p->tok.mark.offset;
        back = p->tok.mark.col - 1;
    }
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
    p->quick = !slow_path_asked(); /* tests read by tokens alone and compare */
    tag_synonym_filter(&p->synonyms);
    lx->report = parser_lex_report;
    lx->ctx = p;
    *out = p;
    return 0;
}

void parser_reset(struct parser *p)
{
    struct parser keep = *p;
    arena_free(p->arena); /* a game left unfinished */
    free(p->tagset);      /* for games of many tags: seldom made */
    memset(p, 0, sizeof *p);
    p->lx = keep.lx;
    p->fill = keep.fill;
    p->fill_ctx = keep.fill_ctx;
    p->opt = keep.opt;
    p->quick = keep.quick;
    p->synonyms = keep.synonyms;
    p->frames = keep.frames;
    p->nframes = keep.nframes;
    /* Each frame's size hint is kept: a part of a file read anew would
     * otherwise grow its first game's arrays from one element, a copy at
     * each doubling (pdncheck -j 2: 9,800 copies against 730 on 10 MB). */
    for (int i = 0; i < p->nframes; i++) {
        size_t hint = p->frames[i].hint;
        memset(&p->frames[i], 0, sizeof p->frames[i]);
        p->frames[i].hint = hint;
    }
    p->tags = keep.tags;
    p->tags.n = 0;
    p->ahead = keep.ahead;
    p->ahead.n = 0;
    p->junk = keep.junk;
    parser_junk_forget(p);
    p->lx->report = parser_lex_report;
    p->lx->ctx = p;
}

void parser_free(struct parser *p)
{
    if (!p) return;
    arena_free(p->arena);
    free(p->frames);
    vec_free(&p->tags);
    vec_free(&p->ahead);
    parser_junk_free(p);
    free(p->tagset);
    free(p);
}
