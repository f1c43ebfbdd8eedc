/*
 * parser_moves: the movetext of a game -> lines of nodes: moves (square
 * moves, unknown moves, hop-by-hop merges, match scores), move numbers and
 * the labels they give, strengths, NAGs, comments, setups and variations.
 * Lenient forms are reported through the parser's finding functions; the
 * tree itself is built by parser_frame.c. Must not handle tags or game boundaries.
 */
#include "parser_impl.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the digits of a move number token are past 4294967295 (the
 * lexer keeps such a number as 4294967295: it saturates, never wraps). */
static bool movenum_saturated(const char *s, size_t len)
{
    while (len > 1 && *s == '0')
        s++, len--;
    size_t d = 0;
    while (d < len && s[d] >= '0' && s[d] <= '9')
        d++;
    return d > 10 || (d == 10 && memcmp(s, "4294967295", 10) > 0);
}

/* 0 is no move number (the tree's "none"), and one past 4294967295 cannot
 * be kept as written: both reported, quoting the text as written. */
static void check_movenum(struct parser *p)
{
    const char *s = tok_text(p);
    size_t len = p->tok.len;
    if (p->tok.value == 0)
        parser_emit(p, PDN_DIAG_MOVE_NUMBER, &p->tok.pos, s, len, "move numbers start at 1");
    else if (p->tok.value == UINT32_MAX && movenum_saturated(s, len))
        parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, s, len,
                    "move number above 4294967295: kept as 4294967295");
}

int parser_on_movenum(struct parser *p)
{
    struct frame *f = top(p);
    p->body = true;
    f->adjacent = false;
    if (f->has_num && !parser_odd(p, ODD_NUMBER_TWICE, &p->tok.pos, tok_text(p), p->tok.len)) {
        parser_consume(p);
        return 0;
    }
    /* "0." is no number: the tree keeps none (number 0), and the count
     * goes on past it as every reader of the tree counts (pdn2csv
     * --lossless and csv2pdn write no "0."), so that what a number after a
     * dash takes (parser_number_takes_ply) reads back the same; findings
     * there name the ply counted. */
    if (p->tok.value != 0) {
        frame_number_read(f, p->tok.value, p->tok.black);
    } else {
        f->next.known = true;
        f->black_as_white = false;
    }
    parser_take_find(p);
    if (p->tok.value == 0 || p->tok.value == UINT32_MAX) check_movenum(p);
    f->has_num = true;
    f->num = p->tok.value;
    f->num_black = p->tok.black;
    f->num_pos = p->tok.pos;
    parser_consume(p);
    return 0;
}

int parser_on_strength(struct parser *p)
{
    struct frame *f = top(p);
    struct pdn_node *n = frame_last(f);
    const char *t = tok_text(p);
    size_t len = p->tok.len;
    bool placed = n && f->adjacent && !pdn_annotations_of(n)->strength;
    p->body = true;
    f->adjacent = false;
    if (n) p->say = &f->last; /* a strength speaks of the move before it */
    if (!n) {
        parser_fail(p, PDN_DIAG_SYNTAX, &p->tok.pos, t, len, "move strength without a move");
    } else if (placed || parser_odd(p, ODD_STRENGTH_PLACE, &p->tok.pos, t, len)) {
        struct pdn_annotations *a = frame_annotations(n, p->arena);
        if (!a) return PDN_ENOMEM;
        char buf[64];
        snprintf(buf, sizeof buf, "%s%.*s", a->strength ? a->strength : "", (int)len, t);
        a->strength = arena_strndup(p->arena, buf, strlen(buf));
        if (!a->strength) return PDN_ENOMEM;
    }
    p->say = NULL;
    parser_consume(p);
    return 0;
}

/* A NAG or variation before any move of its line: it waits for the first
 * move; where it stood matters if none comes. */
static void note_orphan(struct frame *f, const struct pdn_pos *pos)
{
    if (f->orphans) return;
    f->orphans = true;
    f->orphan_pos = *pos;
}

/* A line that ends with NAGs or variations but no move: they are kept on a
 * "..." placeholder move (the writer writes it, and it reads back the same;
 * the replay calls it an unknown move). */
int parser_keep_orphans(struct parser *p, struct frame *f)
{
    if (f->nodes.n || !(f->nags.n || f->vars.n)) return 0;
    parser_emit(p, PDN_DIAG_NONSTANDARD, &f->orphan_pos, NULL, 0,
                "annotation or variation in a line without moves: kept on a '...' placeholder");
    const char *text = arena_strndup(p->arena, "...", 3);
    if (!text || !frame_add(f, p->arena, text, &f->orphan_pos)) return PDN_ENOMEM;
    return 0;
}

/* An item of the movetext taken (a NAG, a comment, a setup): the body has
 * items, the next move is not adjacent to the one before, the token is
 * consumed. Returns 0. */
static int item_taken(struct parser *p, struct frame *f)
{
    p->items = true;
    f->adjacent = false;
    parser_consume(p);
    return 0;
}

int parser_keep_unread(struct parser *p, const struct pdn_pos *pos, const char *text, size_t len)
{
    size_t shown = 0; /* blanks and controls alone: nothing a comment would show */
    while (shown < len && ((unsigned char)text[shown] <= ' ' || text[shown] == 0x7f))
        shown++;
    if (p->opt.strict || p->skipping || shown == len) return 0;
    struct frame *f = top(p);
    struct pdn_comment c = {.text = parser_copy_text(p, text, len), .pos = *pos};
    if (!c.text || frame_comment(f, p->arena, &c) < 0) return PDN_ENOMEM;
    p->items = true;
    f->adjacent = false;
    return 0;
}

int parser_on_nag(struct parser *p)
{
    struct frame *f = top(p);
    uint32_t v = p->tok.value;
    if (frame_last(f)) p->say = &f->last; /* a NAG speaks of the move before it */
    if (v > UINT16_MAX) {
        parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, tok_text(p), p->tok.len,
                    "NAG above 65535: kept as $65535");
        v = UINT16_MAX;
    } else if (v == 0 || v > 255) {
        /* Grammatical ($[0-9]+), so strict mode takes it silently. */
        parser_warn_odd(p, ODD_NAG_RANGE, &p->tok.pos, tok_text(p), p->tok.len);
    }
    p->say = NULL;
    if (!frame_last(f)) {
        parser_warn_odd(p, ODD_NAG_FIRST, &p->tok.pos, tok_text(p), p->tok.len);
        note_orphan(f, &p->tok.pos);
    }
    uint16_t *slot = frame_push_nag(f, p->arena);
    if (!slot) return PDN_ENOMEM;
    *slot = (uint16_t)v;
    return item_taken(p, f);
}

int parser_on_comment(struct parser *p)
{
    struct frame *f = top(p);
    struct pdn_comment c = {
        .text = parser_copy_text(p, p->lx->buf + p->tok.inner_start, p->tok.inner_len),
        .pos = p->tok.pos,
        .to_eol = p->tok.kind == TOK_LINECOMMENT,
    };
    if (!c.text || frame_comment(f, p->arena, &c) < 0) return PDN_ENOMEM;
    parser_take_find(p);
    return item_taken(p, f);
}

/* Whether c may part the word FEN from its FEN: a blank, '=' or a quote. */
static bool fen_keyword_end(char c)
{
    return c == ' ' || c == '\t' || c == '=' || c == '"';
}

/*
 * The FEN of /FEN "..."/ between [*s, *e): the word FEN, blanks or '=',
 * then the FEN, which quotes enclose. A quote lost on either side, or
 * both, still leaves the FEN (a nonstandard form, said once per game); a
 * quote inside stays in it. Text not led by the word is left whole.
 */
static void setup_fen(struct parser *p, const char **s, const char **e)
{
    const char *t = *s + 3;
    if (*e - *s < 4 || memcmp(*s, "FEN", 3) != 0 || !fen_keyword_end(*t)) return;
    while (t < *e && (*t == ' ' || *t == '\t' || *t == '='))
        t++;
    bool opened = t < *e && *t == '"';
    if (opened) t++;
    bool closed = *e > t && (*e)[-1] == '"';
    if (closed) (*e)--;
    if (!opened || !closed)
        parser_warn_odd(p, ODD_SETUP_QUOTES, &p->tok.pos, *s, (size_t)(*e - *s) + closed);
    *s = t;
}

/* /FEN "..."/ keeps the FEN (setup_fen); any other setup text is kept
 * trimmed. */
int parser_on_setup(struct parser *p)
{
    struct frame *f = top(p);
    const char *s = p->lx->buf + p->tok.inner_start, *e = s + p->tok.inner_len;
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        e--;
    setup_fen(p, &s, &e);
    f->setup = parser_copy_text(p, s, (size_t)(e - s));
    f->setup_pos = p->tok.pos;
    if (!f->setup) return PDN_ENOMEM;
    if (p->depth == 0) game_box_of(p->game)->main_setups = true;
    parser_side_from_fen(f, f->setup);
    parser_take_find(p);
    return item_taken(p, f);
}

/* ---- Variations ---------------------------------------------------------------- */

int parser_on_lparen(struct parser *p)
{
    struct frame *f = top(p);
    p->body = true;
    f->adjacent = false;
    if (p->depth + 1 >= PDN_LIMIT_DEPTH) {
        parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, "(", 1,
                    "variations nested deeper than PDN_LIMIT_DEPTH: skipped");
        p->deep = 1;
        parser_consume(p);
        return 0;
    }
    if (!frame_last(f)) {
        parser_warn_odd(p, ODD_VARIATION_FIRST, &p->tok.pos, "(", 1);
        note_orphan(f, &p->tok.pos);
    }
    /* The variation replaces the last move: it starts with that move's label
     * (taken now: growing the frames below moves f). */
    struct frame_label start = f->nodes.n ? f->last : f->next;
    if (p->depth + 1 >= p->nframes) {
        size_t cap = (size_t)p->nframes;
        if (!vec_grow((void **)&p->frames, &cap, cap + 1, sizeof *p->frames)) return PDN_ENOMEM;
        memset(p->frames + p->nframes, 0, (cap - (size_t)p->nframes) * sizeof *p->frames);
        p->nframes = (int)cap; /* at most PDN_LIMIT_DEPTH + 2 lines are open */
    }
    p->depth++;
    frame_reset(top(p), &p->tok.pos);
    top(p)->next = top(p)->start = start;
    parser_consume(p);
    return 0;
}

/* Closes the innermost variation into its parent's last move. */
int parser_close_variation(struct parser *p)
{
    struct frame *f = top(p);
    struct pdn_line line;
    if (f->has_num) parser_odd(p, ODD_EMPTY_NUMBER, &f->num_pos, NULL, 0);
    if (parser_keep_orphans(p, f) < 0 || frame_close(f, p->arena, &line) < 0) return PDN_ENOMEM;
    p->depth--;
    struct frame *parent = top(p);
    struct pdn_line *slot = frame_push_variation(parent, p->arena);
    if (!slot) return PDN_ENOMEM;
    *slot = line;
    parent->adjacent = false;
    return 0;
}

int parser_on_rparen(struct parser *p)
{
    if (p->depth == 0) {
        parser_fail(p, PDN_DIAG_UNMATCHED_PAREN, &p->tok.pos, ")", 1, NULL);
        parser_consume(p);
        return 0;
    }
    const struct frame *f = top(p);
    bool empty = !f->nodes.n && !f->nags.n && !f->vars.n && !f->before.n && !f->setup;
    if (empty && p->opt.strict)
        parser_fail(p, PDN_DIAG_SYNTAX, &p->tok.pos, ")", 1, "empty variation");
    int rc = parser_close_variation(p);
    parser_consume(p);
    return rc;
}

/* ---- Moves ----------------------------------------------------------------------- */

/* What a move keeps of a token it looked at: small, as move_info is set up
 * for every move. */
struct tok_ref {
    enum token_kind kind;
    size_t len;
    uint64_t offset; /* stream offset of its text */
    struct pdn_pos pos;
};

static struct tok_ref ref_of(const struct token *t)
{
    return (struct tok_ref){t->kind, t->len, t->mark.offset, t->pos};
}

/* A dash token's own finding (a Unicode dash), held while the move number
 * after it may yet make it a stray dash: that is the one fault then. */
struct held_find {
    struct lexer_find find;
    uint64_t offset;
    size_t len;
};

struct move_info {
    struct pdn_pos pos;
    int squares, dashes, captures;
    bool numeric, gap, bad;
    uint32_t first, last;
    size_t first_len; /* bytes of the first square in the text */
    uint64_t end;     /* stream offset just past the last token of the move */
    bool has_dangling;
    struct tok_ref dangling;        /* a separator no square followed */
    struct held_find dangling_find; /* its own finding, said by dangling_dash */
    bool has_nonsquare;
    struct tok_ref nonsquare; /* the first number that is no square (0, 100) */
    bool dash_result;         /* a lone dash that ends the game (dash_is_result) */
    bool stray;               /* a dash that stands for no move (stray_dash) */
};

/* Adds the current token's text to the move text (cut at the limit). */
static void move_append(struct parser *p, const char *s, size_t n)
{
    if (p->mlen + n > PDN_LIMIT_MOVE_TEXT) {
        if (p->mlen <= PDN_LIMIT_MOVE_TEXT) {
            parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, p->mtext, p->mlen,
                        "move text longer than PDN_LIMIT_MOVE_TEXT: cut");
            memcpy(p->mtext + p->mlen, s, PDN_LIMIT_MOVE_TEXT - p->mlen);
        }
        p->mlen = PDN_LIMIT_MOVE_TEXT + 1;
        return;
    }
    memcpy(p->mtext + p->mlen, s, n);
    p->mlen += n;
}

/* NUMSQ = [1-9][0-9]? | 0[1-9]: 51 or 99 are squares of the grammar (the
 * replay says the board has none such), 0, 00 and 100 are not. Real files
 * pad with more zeros ("032", "00032"): the square they name, which the
 * lexer has flagged (an error in strict mode); the move text limit bounds
 * how many. */
static bool is_square(const struct token *t)
{
    if (t->kind == TOK_ALPHASQ) return true;
    if (t->kind != TOK_NUMBER || t->value == 0) return false;
    return t->digits <= 2 || (t->zero && t->value <= 99);
}

/* The text as written from stream offset 'from' to 'to' (the node text
 * drops blanks; diagnostics quote the source). */
static const char *written(const struct parser *p, uint64_t from, uint64_t to, size_t *len)
{
    *len = (size_t)(to - from);
    return p->lx->buf + (from - p->lx->base);
}

/* Takes the current token into the move. */
static void move_take(struct parser *p, struct move_info *mi)
{
    if (mi->squares + mi->dashes + mi->captures > 0 && p->tok.mark.offset != p->last_end)
        mi->gap = true;
    move_append(p, tok_text(p), p->tok.len);
    parser_take_find(p);
    parser_consume(p);
    mi->end = p->last_end;
}

/* Takes a separator or dash token into the move, its finding held in h. */
static void dash_take(struct parser *p, struct move_info *mi, struct held_find *h)
{
    *h = (struct held_find){p->tok.find, p->tok.mark.offset, p->tok.len};
    p->tok.find.set = false;
    move_take(p, mi);
}

static void say_held(struct parser *p, const struct held_find *h, int n)
{
    for (int i = 0; i < n; i++) {
        size_t len;
        const char *w = written(p, h[i].offset, h[i].offset + h[i].len, &len);
        parser_say_find(p, &h[i].find, w, len);
    }
}

/* Is this separator allowed after what the move has so far? */
static bool separator_ok(struct parser *p, struct move_info *mi, const struct tok_ref *sep)
{
    bool dash = sep->kind == TOK_DASH;
    const char *text = p->lx->buf + (sep->offset - p->lx->base);
    if (mi->squares >= 2 && dash && mi->captures == 0)
        return parser_odd(p, ODD_DASH_CAPTURE, &sep->pos, text, sep->len);
    if ((dash && mi->captures > 0) || (!dash && mi->dashes > 0))
        return parser_odd(p, ODD_MIXED_SEPARATORS, &sep->pos, text, sep->len);
    return true;
}

static void note_square(struct move_info *mi, const struct token *t)
{
    if (is_square(t) || mi->has_nonsquare) return;
    mi->has_nonsquare = true;
    mi->nonsquare = ref_of(t);
}

/* After a separator: takes the square; false when none follows (the
 * separator is then left dangling and the move ends before it). */
static bool next_square(struct parser *p, struct move_info *mi, const struct tok_ref *sep,
                        size_t mlen, bool gap, uint64_t end)
{
    if (!is_square(&p->tok) && p->tok.kind != TOK_NUMBER) {
        p->mlen = mlen;
        mi->gap = gap;
        mi->end = end;
        mi->dangling = *sep;
        mi->has_dangling = true;
        return false;
    }
    note_square(mi, &p->tok);
    if (sep->kind == TOK_DASH)
        mi->dashes++;
    else
        mi->captures++;
    /* An alphanumeric square has no number (its token's value is stale). */
    mi->last = p->tok.kind == TOK_NUMBER ? p->tok.value : 0;
    move_take(p, mi);
    mi->squares++;
    return true;
}

/* How a move of squares ended: 0 when it is one, else reported and bad. */
static int square_verdict(struct parser *p, struct move_info *mi, unsigned first_digits)
{
    bool joined = mi->squares == 1 && mi->numeric && first_digits == 4 && !mi->has_dangling;
    /* A dash left after a whole move is the next move, or a stray dash
     * (dangling_dash), which says its finding; any other is said here. */
    bool next_move =
        mi->has_dangling && mi->dangling.kind == TOK_DASH && mi->squares > 1 && !mi->has_nonsquare;
    if (mi->has_dangling && !next_move) say_held(p, &mi->dangling_find, 1);
    if (joined) {
        if (!parser_odd(p, ODD_NO_SEPARATOR, &mi->pos, p->mtext, p->mlen)) mi->bad = true;
        return 0;
    }
    if (mi->has_nonsquare) {
        const struct tok_ref *t = &mi->nonsquare;
        const char *text = p->lx->buf + (t->offset - p->lx->base);
        parser_fail(p, PDN_DIAG_SYNTAX, &t->pos, text, t->len,
                    "not a square number (1 to 99, or 01 to 09)");
    } else if (mi->squares > 1 && (!mi->has_dangling || mi->dangling.kind == TOK_DASH)) {
        return 0;
    } else if (mi->has_dangling) {
        /* The separator stays in the text kept unread ({18-}), which
         * next_square cut it from (its bytes are still there). */
        if (p->mlen + mi->dangling.len <= PDN_LIMIT_MOVE_TEXT) p->mlen += mi->dangling.len;
        /* The move as written up to the separator that lacks its square,
         * at the move: what follows may be the next game's text, or on a
         * line after it. */
        size_t len;
        const char *w = written(p, mi->pos.offset, mi->dangling.offset + mi->dangling.len, &len);
        parser_fail(p, PDN_DIAG_SYNTAX, &mi->pos, w, len, "a square must follow the separator");
    } else {
        parser_fail(p, PDN_DIAG_SYNTAX, &mi->pos, p->mtext, p->mlen, "not a move");
    }
    mi->bad = true;
    return 0;
}

/* square { separator square }, starting at a NUMBER or ALPHASQ token. A
 * separator that no square follows ends the move: a lone dash after a whole
 * move is the next move, unknown ("35-30 -"), noted in mi->dangling. */
static int square_move(struct parser *p, struct move_info *mi)
{
    unsigned first_digits = p->tok.digits;
    mi->numeric = p->tok.kind == TOK_NUMBER;
    mi->first = mi->last = mi->numeric ? p->tok.value : 0;
    mi->first_len = p->tok.len;
    note_square(mi, &p->tok);
    move_take(p, mi);
    mi->squares = 1;
    for (;;) {
        int rc = parser_next_tok(p);
        if (rc < 0) return rc;
        if (p->tok.kind != TOK_DASH && p->tok.kind != TOK_CAPTURE) break;
        struct tok_ref sep = ref_of(&p->tok);
        size_t mlen = p->mlen;
        bool gap = mi->gap;
        uint64_t end = mi->end;
        struct held_find held;
        dash_take(p, mi, &held);
        if ((rc = parser_next_tok(p)) < 0) return rc;
        bool square = is_square(&p->tok) || p->tok.kind == TOK_NUMBER;
        if (square) say_held(p, &held, 1);
        if (square && !separator_ok(p, mi, &sep)) return mi->bad = true, 0;
        if (!next_square(p, mi, &sep, mlen, gap, end)) {
            mi->dangling_find = held; /* a lone dash after the move may be stray */
            break;
        }
    }
    return square_verdict(p, mi, first_digits);
}

/* The value of the game's Result tag so far (or of a synonym, Risultato),
 * or NULL. */
static const char *result_tag(const struct parser *p)
{
    const struct pdn_tag *t = game_internal(p->game)->tag_synonyms
                                  ? tag_find_in(p->tags.data, p->tags.n, "Result")
                                  : parser_tag_find(p, "Result", 6);
    return t ? t->value : NULL;
}

/* A lone dash right before the next game (or the end) of a game whose
 * Result tag is "-" (the 48th Polish Team Championship's unfinished
 * games): the file's unknown result, read as the tag is, not a move. */
static bool dash_is_result(const struct parser *p)
{
    if (p->opt.strict || p->depth > 0) return false;
    if (p->tok.kind != TOK_TAG && p->tok.kind != TOK_EOF) return false;
    const char *result = result_tag(p);
    return result && strcmp(result, "-") == 0;
}

static int dash_result(struct parser *p, const struct pdn_pos *pos)
{
    parser_warn_odd(p, ODD_DASH_RESULT, pos, "-", 1);
    game_internal_mut(p->game)->result_told = true; /* the replay says it no more */
    return parser_set_result(p, PDN_RESULT_UNKNOWN, "-", 1, pos);
}

/* Whether an unknown move's text as written, w[0, len), is what its node
 * holds, for the findings to quote it ("- -", not "--"): dashes with
 * blanks of one line between them, a few. Else (a line end or a '%'
 * comment between them) the node holds the dashes alone. */
static bool unknown_as_written(const char *w, size_t len)
{
    return len <= 16 && text_unknown_move(w, len, false);
}

/* A dash (or "- -") that the move number right after it leaves no ply to
 * stand for ("19-23 - 2. 28x19": White's move 2 cannot be both a move not
 * given and 28x19; "1. 19-23 - 2. 28x19" where 19-23 is Black's; "14x23 -
 * 3. 37-32" where 37-32 is White's 6th), with no number of its own before
 * it ("2. - 2. 28x19" stays as written), lenient: punctuation, as a stray
 * '.' is, no move. So are dots ('odd' ODD_STRAY_DOTS, 'three' for "...",
 * which stand for the first mover's ply alone: text_number_takes_bare).
 * Warned about (w[0, len) as written, at pos) and true; p->tok is the
 * token after the dashes. */
static bool stray_mark(struct parser *p, struct frame *f, enum odd_form odd, bool three,
                       const struct pdn_pos *pos, const char *w, size_t len)
{
    if (p->opt.strict || f->has_num ||
        !parser_number_takes_dash(&p->tok, &f->next, f->black_as_white, three))
        return false;
    parser_warn_odd(p, odd, pos, w, len);
    f->adjacent = false;
    return true;
}

static bool stray_dash(struct parser *p, struct frame *f, const struct pdn_pos *pos, const char *w,
                       size_t len)
{
    return stray_mark(p, f, ODD_STRAY_DASH, false, pos, w, len);
}

/* The findings held on an unknown move's dashes said, but a Unicode
 * dash's: the unknown move's own finding says that one ("unknown move,
 * written with a Unicode dash"), one fault at one place, as a stray
 * dash's does. The form that finding names. */
static enum odd_form unknown_move_form(struct parser *p, const struct held_find *h, int n)
{
    bool unicode = false;
    for (int i = 0; i < n; i++) {
        bool dash = h[i].find.set && h[i].find.code == PDN_DIAG_NONSTANDARD &&
                    h[i].find.odd == ODD_UNICODE_DASH;
        unicode |= dash;
        if (!dash) say_held(p, &h[i], 1);
    }
    return unicode ? ODD_UNKNOWN_MOVE_UNICODE : ODD_UNKNOWN_MOVE;
}

/* -- or - - or a lone dash: a move nobody knows (lenient), one node; or
 * none (stray_dash). */
static int unknown_move(struct parser *p, struct move_info *mi)
{
    struct held_find held[2];
    int nheld = 1;
    dash_take(p, mi, &held[0]);
    int rc = parser_next_tok(p);
    if (rc < 0) return rc;
    if (dash_is_result(p)) return say_held(p, held, nheld), mi->dash_result = true, 0;
    if (p->tok.kind == TOK_DASH) {
        dash_take(p, mi, &held[nheld++]);
        if (!p->opt.strict && (rc = parser_next_tok(p)) < 0) return rc;
    }
    mi->gap = false; /* "- -" is one way of writing it, not a spaced move */
    size_t len;
    const char *w = written(p, mi->pos.offset, mi->end, &len);
    if (stray_dash(p, top(p), &mi->pos, w, len)) return mi->stray = true, 0;
    if (!parser_odd(p, unknown_move_form(p, held, nheld), &mi->pos, w, len)) mi->bad = true;
    if (!mi->bad && unknown_as_written(w, len)) {
        p->mlen = 0;
        move_append(p, w, len);
    }
    return 0;
}

/* The lone dash after a move ("35-30 -"): an unknown move of its own, which
 * takes a second dash right after it ("35-30 --" is one node "--"), or
 * none (stray_dash). */
static int dangling_dash(struct parser *p, struct frame *f, const struct tok_ref *dash,
                         const struct held_find *dash_find)
{
    struct held_find held[2] = {*dash_find};
    int nheld = 1;
    if (dash_is_result(p)) return say_held(p, held, nheld), dash_result(p, &dash->pos);
    bool twice = p->tok.kind == TOK_DASH;
    if (twice) {
        held[nheld++] = (struct held_find){p->tok.find, p->tok.mark.offset, p->tok.len};
        parser_consume(p);
        int rc = p->opt.strict ? 0 : parser_next_tok(p);
        if (rc < 0) return rc;
    }
    size_t len;
    const char *w = written(p, dash->offset, p->last_end, &len);
    if (stray_dash(p, f, &dash->pos, w, len)) return 0;
    if (!parser_odd(p, unknown_move_form(p, held, nheld), &dash->pos, w, len)) return 0;
    const char *text = unknown_as_written(w, len) ? arena_strndup(p->arena, w, len)
                                                  : arena_strndup(p->arena, "--", twice ? 2 : 1);
    if (!text || !frame_add(f, p->arena, text, &dash->pos)) return PDN_ENOMEM;
    f->last_to = 0;
    return 0;
}

/* 11x18 18x25: the second hop continues the last move. */
static int merge_hop(struct parser *p, struct frame *f, const struct move_info *mi)
{
    struct pdn_node *n = frame_last(f);
    parser_warn_odd(p, ODD_HOP_BY_HOP, &mi->pos, p->mtext, p->mlen);
    size_t old = strlen(n->text), add = p->mlen - mi->first_len;
    char *text = arena_alloc(p->arena, old + add + 1);
    if (!text) return PDN_ENOMEM;
    memcpy(text, n->text, old);
    memcpy(text + old, p->mtext + mi->first_len, add);
    text[old + add] = '\0';
    n->text = text;
    n->plain_sep = text_plain_move(text, &n->plain_from, &n->plain_to); /* none: 3 squares */
    parser_gather(p, f, text + old, add, false);
    f->last_to = mi->last; /* a capture from a number: text_hop_end */
    f->adjacent = true;
    return 0;
}

/* 4-6 right before the next game (or the end) with [Result "4-6"]: a match score. */
static int match_score(struct parser *p, const struct move_info *mi)
{
    if (p->opt.strict || p->depth > 0 || mi->squares != 2 || mi->dashes != 1 || !mi->numeric)
        return 0;
    int rc = parser_next_tok(p);
    if (rc < 0) return rc;
    if (p->tok.kind != TOK_TAG && p->tok.kind != TOK_EOF) return 0;
    const char *result = result_tag(p);
    if (!result || strlen(result) != p->mlen || memcmp(result, p->mtext, p->mlen) != 0) return 0;
    parser_warn_odd(p, ODD_MATCH_RESULT, &mi->pos, p->mtext, p->mlen);
    game_internal_mut(p->game)->result_told = true; /* the replay says it no more */
    return parser_set_result(p, PDN_RESULT_UNKNOWN, p->mtext, p->mlen, &mi->pos);
}

/* A fresh move_info, field by field: zeroing the whole struct (two token
 * references) compiles to 'rep stos', which costs more than the rest. */
static void clear_move(struct move_info *mi, const struct pdn_pos *pos)
{
    mi->pos = *pos;
    mi->squares = mi->dashes = mi->captures = 0;
    mi->numeric = mi->gap = mi->bad = mi->has_dangling = mi->has_nonsquare = false;
    mi->dash_result = mi->stray = false;
    mi->first = mi->last = 0;
    mi->first_len = 0;
    mi->end = pos->offset;
}

/* The move text into the arena: a fixed 16-byte copy for the usual short
 * move (mtext has room to read that far), which compiles to two moves. */
static const char *keep_move_text(struct parser *p)
{
    struct arena *a = p->arena;
    if (p->mlen >= 16 || (size_t)(a->end - a->ptr) < 16) return arena_strndup(a, p->mtext, p->mlen);
    char *t = a->ptr;
    memcpy(t, p->mtext, 16);
    t[p->mlen] = '\0';
    a->ptr += p->mlen + 1;
    return t;
}

/* Bytes that may follow a move read by quick_move: blanks and the
 * characters that start a token of their own. Anything else (a separator,
 * a digit, '<', '.', non-ASCII) leaves the move to the token-by-token path. */
static const bool quick_stop[256] = {
    [' '] = true, ['\t'] = true, ['\n'] = true, ['\r'] = true, ['('] = true,
    [')'] = true, ['{'] = true,  [';'] = true,  ['!'] = true,  ['?'] = true,
    ['$'] = true, ['*'] = true,  ['%'] = true,  ['['] = true,  ['/'] = true,
};

/* One square after a separator at j: [1-9][0-9]?, no leading zero. Returns
 * the index past it, or 0 when it is not one or the window ends too soon. */
static size_t quick_square(const unsigned char *b, size_t j, size_t end, uint32_t *v)
{
    if (j + 1 >= end || b[j + 1] < '1' || b[j + 1] > '9') return 0;
    *v = b[j + 1] - '0';
    size_t k = j + 2;
    if (k < end && b[k] >= '0' && b[k] <= '9') *v = *v * 10 + (b[k++] - '0');
    return k < end ? k : 0;
}

/* The common moves "32-28" and "28x19" (or "28x19x10"), written plainly
 * right after the first square's token: read straight from the buffer, as
 * the token-by-token path would, without lexing each part. False when the
 * move is anything else; nothing is then taken. */
static bool quick_move(struct parser *p, struct move_info *mi)
{
    const struct token *t = &p->tok;
    struct lexer *lx = p->lx;
    if (t->kind != TOK_NUMBER || t->find.set || t->zero || t->value == 0 || t->digits > 2 ||
        t->start + t->len != lx->pos)
        return false;
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t j = lx->pos, end = lx->end;
    unsigned sep = j < end ? b[j] : 0, kind = text_byte_kind[sep];
    if (kind != TEXT_DASH && kind != TEXT_CROSS) return false; /* the ASCII '-' and 'x' */
    int squares = 1;
    uint32_t last = t->value;
    while (j < end && b[j] == sep && (kind == TEXT_CROSS || squares == 1)) {
        size_t k = quick_square(b, j, end, &last);
        if (k == 0 || squares >= 24) return false;
        squares++;
        j = k;
    }
    if (j >= end || !quick_stop[b[j]]) return false;
    size_t len = j - t->start;
    memcpy(p->mtext, b + t->start, len);
    p->mlen = len;
    clear_move(mi, &t->pos);
    mi->squares = squares;
    mi->dashes = kind == TEXT_DASH;
    mi->captures = kind == TEXT_CROSS ? squares - 1 : 0;
    mi->numeric = true;
    mi->first = t->value;
    mi->last = last;
    mi->first_len = t->len;
    lx->col += (uint32_t)(j - lx->pos);
    lx->pos = j;
    p->tok.len = len;
    parser_consume(p);
    mi->end = p->last_end;
    return true;
}

/* Dots, the place of a move not played ("..."; "..", "...." with a
 * finding of their own, held): a move, unknown, or none where the move
 * number right after them takes the ply they would stand for
 * ("19-23 ... 2. 28x19"): stray, as a dash there is (stray_mark), their
 * one finding. */
static int dots_move(struct parser *p, struct move_info *mi)
{
    bool three = p->tok.len == 3;
    struct held_find held;
    dash_take(p, mi, &held);
    int rc = parser_next_tok(p);
    if (rc < 0) return rc;
    size_t len;
    const char *w = written(p, mi->pos.offset, mi->end, &len);
    if (stray_mark(p, top(p), ODD_STRAY_DOTS, three, &mi->pos, w, len)) return mi->stray = true, 0;
    say_held(p, &held, 1);
    return 0;
}

static int read_move(struct parser *p, struct move_info *mi)
{
    enum token_kind k = p->tok.kind;
    if (k == TOK_DASH) return unknown_move(p, mi);
    if (k == TOK_NUMBER || k == TOK_ALPHASQ) return square_move(p, mi);
    if (k == TOK_ELLIPSIS) return dots_move(p, mi);
    move_take(p, mi); /* ALPHAMOVE */
    return 0;
}

/* What the hop-by-hop merge looks at in the move just read (text.h). */
static struct text_hop hop_of(const struct move_info *mi)
{
    return (struct text_hop){mi->numeric ? mi->first : 0, mi->last,
                             mi->captures > 0 || mi->dashes > 1};
}

/* Whether the move just read is the next hop of the last one (lenient):
 * the writer asks text_hop_continues too, of the texts it writes. */
static bool is_hop(const struct parser *p, const struct frame *f, const struct move_info *mi)
{
    return !p->opt.strict && f->adjacent && !f->has_num &&
           text_hop_continues(f->last_to, hop_of(mi));
}

int parser_on_move(struct parser *p)
{
    struct frame *f = top(p);
    struct move_info mi; /* quick_move sets it whole; read_move needs it zeroed */
    p->body = true;
    p->mlen = 0;
    int rc = 0;
    if (!quick_move(p, &mi)) {
        clear_move(&mi, &p->tok.pos);
        rc = read_move(p, &mi);
        if (rc == 0 && mi.dash_result) return dash_result(p, &mi.pos);
        if (rc == 0 && mi.stray) return 0;
    }
    if (rc < 0) return rc;
    if (mi.bad) /* mlen is one past the limit when the text was cut there */
        return parser_keep_unread(p, &mi.pos, p->mtext,
                                  p->mlen > PDN_LIMIT_MOVE_TEXT ? PDN_LIMIT_MOVE_TEXT : p->mlen);
    if ((rc = parser_next_tok(p)) < 0) return rc;
    if (p->tok.kind == TOK_CAPLIST && p->tok.mark.offset == p->last_end) move_take(p, &mi);
    if (p->mlen > PDN_LIMIT_MOVE_TEXT) p->mlen = PDN_LIMIT_MOVE_TEXT;
    p->mtext[p->mlen] = '\0';
    /* A second hop is labelled with the move it continues. */
    bool hop = is_hop(p, f, &mi);
    if (hop) p->say = &f->last;
    if (mi.gap) {
        size_t len;
        const char *w = written(p, mi.pos.offset, mi.end, &len);
        parser_warn_odd(p, ODD_SPACE_IN_MOVE, &mi.pos, w, len);
    }
    /* A dash left dangling after a hop is the next move as after any move
     * ("28x19 19x10- 3. 37-32"); after a score, none: said here. */
    if (hop) {
        rc = merge_hop(p, f, &mi);
        p->say = NULL;
        if (rc < 0 || !mi.has_dangling) return rc;
        return dangling_dash(p, f, &mi.dangling, &mi.dangling_find);
    }
    if ((rc = match_score(p, &mi)) != 0) {
        if (mi.has_dangling) say_held(p, &mi.dangling_find, 1);
        return rc;
    }
    const char *text = keep_move_text(p);
    struct pdn_node *node = text ? frame_add(f, p->arena, text, &mi.pos) : NULL;
    if (!node) return PDN_ENOMEM;
    node->plain_sep = text_plain_move(text, &node->plain_from, &node->plain_to);
    parser_gather(p, f, text, strlen(text), f->nodes.n == 1);
    f->last_to = text_hop_end(hop_of(&mi));
    return mi.has_dangling ? dangling_dash(p, f, &mi.dangling, &mi.dangling_find) : 0;
}
