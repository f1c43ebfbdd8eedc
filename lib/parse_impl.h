/*
 * parser internals (private): the parser's state and the functions its
 * four files share. parser.c holds diagnostics, tokens, results, dispatch
 * and games; parse_tags.c the tag pairs and game boundaries between tag
 * blocks; parse_moves.c the movetext (moves, numbers, annotations,
 * variations); parse_quick.c its fast lane for plain numbers and moves.
 * Only the parser's own files include this header.
 */
#ifndef PDN_PARSE_IMPL_H
#define PDN_PARSE_IMPL_H

#include "parser.h"
#include "tree.h"

/* Room for the offending text in a diagnostic. */
#define DIAG_TEXT_MAX 64
/* Findings of one code reported per game (see pdn(5), DIAGNOSTICS). */
#define DIAG_PER_GAME 10

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
    bool cut, saved_eof; /* the game was cut at the size limit: the window's real end */
    size_t saved_end;
    uint64_t game_start, last_end;
    struct pdn_pos end_pos;
    size_t index;
    uint64_t odd_seen;
    const struct pdn_label *say; /* the label findings get, when not the next ply's */
    uint32_t last_line;          /* line where the last token taken ended */
    uint16_t ncode[PDN_D_COUNT]; /* findings reported in this game, by code */
    char movenum[24];
    char mtext[PDN_LIMIT_MOVE_TEXT + 1];
    size_t mlen;
    struct pending_diag pend[8];
    int npend;
};

static inline struct pdn_frame *top(struct pdn_parser *p)
{
    return &p->frames[p->depth];
}

static inline const char *tok_text(const struct pdn_parser *p)
{
    return p->lx->buf + p->tok.start;
}

/* Findings (parser.c): emit reports; fail is an error that makes strict
 * mode skip the rest of the game; warn_odd a lenient-form warning, once per
 * game and kind; odd a real-world form: warned (true) or, strict, failed. */
void pdn_ps_emit(struct pdn_parser *p, enum pdn_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail);
void pdn_ps_fail(struct pdn_parser *p, enum pdn_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail);
void pdn_ps_warn_odd(struct pdn_parser *p, enum pdn_odd kind, const struct pdn_pos *pos,
                     const char *text, size_t len);
bool pdn_ps_odd(struct pdn_parser *p, enum pdn_odd kind, const struct pdn_pos *pos,
                const char *text, size_t len);
/* Tokens (parser.c): lexing with refills, deferred findings up to the
 * last token taken, the lexer's findings of the current token. */
int pdn_ps_lex(struct pdn_parser *p);
void pdn_ps_flush(struct pdn_parser *p);
void pdn_ps_take_find(struct pdn_parser *p);

/* Makes p->tok the next token; inline, as it runs for every token. */
static inline int pdn_ps_next_tok(struct pdn_parser *p)
{
    return p->have_tok ? 0 : pdn_ps_lex(p);
}

/* Takes the current token. */
static inline void pdn_ps_consume(struct pdn_parser *p)
{
    p->have_tok = false;
    p->last_end = p->tok.mark.offset + p->tok.len;
    p->last_line = p->lx->line;
    if (p->npend) pdn_ps_flush(p);
}
/* The game's result (STEP_END) and a copy of text for the tree. */
int pdn_ps_set_result(struct pdn_parser *p, enum pdn_result result, const char *text, size_t len,
                      const struct pdn_pos *pos);
char *pdn_ps_copy_text(struct pdn_parser *p, const char *s, size_t n);

/* parse_tags.c */
int pdn_ps_on_tag(struct pdn_parser *p);
void pdn_ps_side_from_fen(struct pdn_frame *f, const char *fen);
/* Adds the tag of the current token to the game (0 or PDN_ENOMEM). */
int pdn_ps_add_tag(struct pdn_parser *p);

/* parse_moves.c: token handlers (0, STEP_END or PDN_E*), and closing lines */
int pdn_ps_on_movenum(struct pdn_parser *p);
int pdn_ps_on_strength(struct pdn_parser *p);
int pdn_ps_on_nag(struct pdn_parser *p);
int pdn_ps_on_comment(struct pdn_parser *p);
int pdn_ps_on_setup(struct pdn_parser *p);
int pdn_ps_on_lparen(struct pdn_parser *p);
int pdn_ps_on_rparen(struct pdn_parser *p);
int pdn_ps_on_move(struct pdn_parser *p);
int pdn_ps_close_variation(struct pdn_parser *p);
int pdn_ps_keep_orphans(struct pdn_parser *p, struct pdn_frame *f);

/* parse_quick.c: takes plain move numbers, moves, header tags and results
 * straight from the window while it can (0, STEP_END after a result, or
 * PDN_ENOMEM); the token path goes on after. */
int pdn_ps_quick(struct pdn_parser *p);

#endif
