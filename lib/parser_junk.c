/*
 * parser_junk: text no token takes, met between games ("Round 3" above a
 * game's tags, words after its result, a stray 'A' before its first move),
 * kept rather than lost. It is an error, reported where it stands, and
 * cannot make a game of its own (a result after it has nothing to end); its
 * words wait here and become comments: on the line of a game's result, of
 * that game, after its last move; else before the first move of the game
 * that follows, or, at the end of the input, the file's trailer, which
 * pdnfmt writes as it writes any trailer. Words on one line with only
 * blanks between them are one token already (the lexer's); tokens of one
 * line with only odd blanks between them (a NUL byte, a form feed)
 * still make one comment. Lenient mode only: strict reading
 * keeps no text that the grammar does not take.
 */
#include "parser_impl.h"

#include <stdlib.h>
#include <string.h>

/* One comment to be: its place and its text's span in junk.text. */
struct junk_span {
    struct pdn_pos pos;
    size_t at, len;
};

/* Room for n more bytes of text. */
static bool text_room(struct parser_junk *j, size_t n)
{
    return j->len + n <= j->cap || vec_grow((void **)&j->text, &j->cap, j->len + n, 1);
}

int parser_junk_keep(struct parser *p)
{
    struct parser_junk *j = &p->junk;
    if (p->opt.strict || j->dropped) return 0;
    const char *text = tok_text(p);
    size_t len = p->tok.len;
    if (j->len + len + 1 > PDN_LIMIT_GAME_BYTES) {
        j->dropped = true;
        parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, NULL, 0,
                    "text between games past PDN_LIMIT_GAME_BYTES: the rest of it not kept");
        return 0;
    }
    struct junk_span *last = j->spans.n ? (struct junk_span *)j->spans.data + j->spans.n - 1 : NULL;
    /* The same line, nothing but blanks between: the same comment. */
    bool joined = last && !j->apart && last->pos.line == p->tok.pos.line;
    if (!text_room(j, len + 1)) return PDN_ENOMEM;
    if (joined) {
        j->text[j->len++] = ' ';
        last->len++;
    } else {
        if ((last = vec_push(&j->spans, sizeof *last)) == NULL) return PDN_ENOMEM;
        *last = (struct junk_span){.pos = p->tok.pos, .at = j->len};
    }
    memcpy(j->text + j->len, text, len);
    j->len += len;
    last->len += len;
    j->apart = false;
    return 0;
}

void parser_junk_apart(struct parser *p)
{
    p->junk.apart = true;
}

bool parser_junk_waiting(const struct parser *p)
{
    return p->junk.spans.n > 0;
}

const struct pdn_pos *parser_junk_start(const struct parser *p)
{
    return &((const struct junk_span *)p->junk.spans.data)->pos;
}

int parser_junk_give(struct parser *p)
{
    struct parser_junk *j = &p->junk;
    const struct junk_span *span = j->spans.data;
    struct frame *f = top(p);
    for (size_t i = 0; i < j->spans.n; i++) {
        struct pdn_comment c = {.text = parser_copy_text(p, j->text + span[i].at, span[i].len),
                                .pos = span[i].pos};
        if (!c.text || frame_comment(f, p->arena, &c) < 0) return PDN_ENOMEM;
    }
    parser_junk_forget(p);
    return 0;
}

void parser_junk_forget(struct parser *p)
{
    p->junk.spans.n = 0;
    p->junk.len = 0;
    p->junk.dropped = p->junk.apart = false;
}

void parser_junk_free(struct parser *p)
{
    vec_free(&p->junk.spans);
    free(p->junk.text);
    memset(&p->junk, 0, sizeof p->junk);
}
