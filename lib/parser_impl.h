/*
 * parser internals (private): the parser's state and the functions its
 * files share. parser.c holds dispatch and games; parser_tags.c the tag
 * pairs and game boundaries between tag blocks; parser_moves.c the
 * movetext (moves, numbers, annotations, variations); parser_quick.c its
 * fast lane for plain numbers and moves. They call in one direction:
 * parser.c calls the three others, and all four call the two leaves,
 * parser_token.c (tokens, results, texts) and parser_diag.c (findings).
 * Only the parser's own files include this header.
 */
#ifndef PDN_PARSE_IMPL_H
#define PDN_PARSE_IMPL_H

#include "game.h"
#include "parser.h"
#include "parser_frame.h"
#include "tag_synonym.h"
#include "text.h"

/* Room for the offending text in a diagnostic. */
#define DIAG_TEXT_MAX 64
/* Findings of one code reported per game (see pdn(5), DIAGNOSTICS). */
#define DIAG_PER_GAME 10

enum { STEP_GO = 0, STEP_END = 1 };

struct pending_diag {
    enum pdn_diag_code code;
    struct pdn_pos pos;
    const char *detail;
};

/* A finding made between games, held until it is known whether a game
 * follows (it is that game's) or not (it is the file's, game 0). */
struct ahead_diag {
    enum pdn_diag_code code;
    uint32_t line, col;
    bool has_text, has_detail;
    char text[DIAG_TEXT_MAX];
    char detail[192];
};

/* Text no token takes, met between games (parser_junk.c). */
struct parser_junk {
    struct vec spans; /* struct junk_span: a comment each */
    char *text;       /* their texts, one after the other */
    size_t len, cap;
    bool dropped; /* past PDN_LIMIT_GAME_BYTES: the rest is not kept */
    bool apart;   /* a token came after the last word: the next starts a comment */
};

struct parser {
    struct lexer *lx;
    parser_fill_fn fill;
    void *fill_ctx;
    struct pdn_reader_options opt;
    struct token tok;
    bool have_tok;
    /* the game being read */
    pdn_game *game;
    struct arena *arena;
    struct vec tags;
    uint32_t *tagset; /* hash set of tag indexes + 1, for games with many tags */
    size_t tagset_cap, tagset_n;
    uint64_t tag_marks; /* a bit per first letter and length of this game's tag names */
    struct tag_synonym_filter synonyms; /* the names that may be synonyms */
    struct frame *frames;
    int nframes;          /* allocated */
    int depth;            /* index of the innermost open line */
    int deep;             /* '(' open past PDN_LIMIT_DEPTH, skipped */
    bool any;             /* the game has started */
    bool body;            /* a move, move number or variation was seen */
    bool items;           /* some other movetext (comments, NAGs, setups) was seen */
    bool beyond_comments; /* a token that is no comment was read for the game: no trailer */
    bool skipping;
    bool cut, saved_eof; /* the window ends at the size limit: its real end */
    bool cut_told;       /* the cut was reported */
    bool quick;          /* parser_quick may run (PDN_SLOW_PATH unset) */
    size_t saved_end;
    uint64_t game_start, last_end;
    struct pdn_pos end_pos;
    size_t index;
    size_t tree_bytes; /* the last game's tree: the next one's first chunk */
    uint64_t odd_seen;
    const struct frame_label *say;  /* the label findings get, when not the next ply's */
    uint32_t last_line;             /* line where the last token taken ended */
    uint32_t last_col;              /* column just past it */
    uint16_t ncode[PDN_DIAG_COUNT]; /* findings reported in this game, by code */
    unsigned errors_ahead;          /* errors found before the next game began: its own */
    char movenum[24];
    char mtext[PDN_LIMIT_MOVE_TEXT + 1];
    size_t mlen;
    struct pending_diag pend[8];
    int npend;
    struct vec ahead; /* struct ahead_diag */
    struct parser_junk junk;
};

static inline struct frame *top(struct parser *p)
{
    return &p->frames[p->depth];
}

static inline const char *tok_text(const struct parser *p)
{
    return p->lx->buf + p->tok.start;
}

/* What a main-line move's text says of the board (game_box.moves, the
 * variant's clues), gathered as the token path adds it to frame f (or a
 * hop to its last move); the quick lane gathers from its squares. */
static inline void parser_gather(struct parser *p, const struct frame *f, const char *text,
                                 size_t len, bool first)
{
    if (f == &p->frames[0]) text_squares_add(&game_box_of(p->game)->moves, text, len, false, first);
}

/* Findings (parser_diag.c): emit reports; fail is an error that makes strict
 * mode skip the rest of the game; warn_odd a lenient-form warning, once per
 * game and kind; odd a real-world form: warned (true) or, strict, failed. */
void parser_emit(struct parser *p, enum pdn_diag_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail);
void parser_fail(struct parser *p, enum pdn_diag_code code, const struct pdn_pos *pos,
                 const char *text, size_t len, const char *detail);
void parser_warn_odd(struct parser *p, enum odd_form kind, const struct pdn_pos *pos,
                     const char *text, size_t len);
bool parser_odd(struct parser *p, enum odd_form kind, const struct pdn_pos *pos, const char *text,
                size_t len);
/* The findings deferred before stream offset upto, reported. */
void parser_flush_pending(struct parser *p, uint64_t upto);
/* The findings held since the last game ended, reported as game's. */
void parser_release_ahead(struct parser *p, size_t game);
/* The lexer's report callback: findings between tokens. */
void parser_lex_report(void *ctx, enum pdn_diag_code code, enum odd_form kind,
                       const struct pdn_pos *pos, const char *text, size_t len);
/* Junk between games (parser_junk.c): the current token's text kept (0 or
 * PDN_ENOMEM); a token other than junk came after it; whether any waits,
 * and where the first stands; given to the game as comments where its
 * innermost line stands (0 or PDN_ENOMEM); forgotten; freed. */
int parser_junk_keep(struct parser *p);
void parser_junk_apart(struct parser *p);
bool parser_junk_waiting(const struct parser *p);
const struct pdn_pos *parser_junk_start(const struct parser *p);
int parser_junk_give(struct parser *p);
void parser_junk_forget(struct parser *p);
void parser_junk_free(struct parser *p);
/* Tokens (parser_token.c): lexing with refills, deferred findings up to
 * the last token taken (parser_diag.c), the lexer's findings of the
 * current token, the window of a cut game let go again. */
int parser_lex(struct parser *p);
void parser_flush(struct parser *p);
void parser_take_find(struct parser *p);
/* A finding of a token taken earlier (f), quoting text[0, len). */
void parser_say_find(struct parser *p, const struct lexer_find *f, const char *text, size_t len);
void parser_resume_window(struct parser *p);
/* Up to n tokens after the current one, looked at, not taken: how many
 * (PDN_E* on failure). */
int parser_peek(struct parser *p, struct token *out, int n);

/* Whether the token t, a move number, leaves a dash (a move not given)
 * that would stand for ply no ply (text_number_takes_ply): "2." where it
 * would be White's move 2, "2..." or "2." where it would be Black's
 * (files number Black's move as White's: "2. 37-32 2. 14-19"). The move
 * after the number takes that ply, so the dash cannot be it. "2..." after
 * White's move 2 not given leaves the dash its ply. */
static inline bool parser_number_takes_ply(const struct token *t, const struct frame_label *ply)
{
    return t->kind == TOK_MOVENUM &&
           text_number_takes_ply(t->value, t->black, ply->num, ply->black);
}

/* parser_number_takes_ply for a dash at ply, the count's next, which a
 * number "N." given to Black's move N leaves a ply behind the moves
 * (behind: the frame's black_as_white): the dash's ply is the count's, or
 * the one after it ("1. 32-28 1. 19-23 - 2. 28x19": White's move 2, which
 * 28x19 takes). For "..." ('dots'), the moves' ply alone, and only the
 * first mover's (text_number_takes_bare). */
static inline bool parser_number_takes_dash(const struct token *t, const struct frame_label *ply,
                                            bool behind, bool dots)
{
    return t->kind == TOK_MOVENUM &&
           text_number_takes_bare(t->value, t->black, ply->num, ply->black, behind, dots);
}

/* Makes p->tok the next token; inline, as it runs for every token. */
static inline int parser_next_tok(struct parser *p)
{
    return p->have_tok ? 0 : parser_lex(p);
}

/* Takes the current token. */
static inline void parser_consume(struct parser *p)
{
    p->have_tok = false;
    p->last_end = p->tok.mark.offset + p->tok.len;
    p->last_line = p->lx->line;
    p->last_col = p->lx->col;
    if (p->npend) parser_flush(p);
}

/* The last character of the last token taken: where a game that ends
 * without a result ends. */
static inline struct pdn_pos parser_last_char(const struct parser *p)
{
    return (struct pdn_pos){p->last_line, p->last_col > 1 ? p->last_col - 1 : 1,
                            p->last_end > 0 ? p->last_end - 1 : 0};
}
/* The game's result (STEP_END) and a copy of text for the tree
 * (parser_token.c). */
int parser_set_result(struct parser *p, enum pdn_result result, const char *text, size_t len,
                      const struct pdn_pos *pos);
char *parser_copy_text(struct parser *p, const char *s, size_t n);
/* A NUL-terminated copy of the len bytes at s in the arena: a fixed copy of
 * 'fixed' bytes (a constant: a few moves of a register, no call) when len is
 * shorter and both s (room: 'fixed' bytes may be read from it) and the
 * arena have room, else arena_strndup. NULL when out of memory. */
static inline char *parser_copy_short(struct arena *a, const char *s, size_t len, bool room,
                                      size_t fixed)
{
    if (!room || len >= fixed || (size_t)(a->end - a->ptr) < fixed) return arena_strndup(a, s, len);
    char *t = a->ptr;
    memcpy(t, s, fixed);
    t[len] = '\0';
    a->ptr += len + 1;
    return t;
}

/* parser_tags.c */
int parser_on_tag(struct parser *p);
void parser_side_from_fen(struct frame *f, const char *fen);
/* Adds the tag of the current token to the game (0 or PDN_ENOMEM). */
int parser_add_tag(struct parser *p);
/* The game's tag named name[0, len) read so far, or NULL. */
const struct pdn_tag *parser_tag_find(const struct parser *p, const char *name, size_t len);

/* parser_moves.c: token handlers (0, STEP_END or PDN_E*), and closing lines */
int parser_on_movenum(struct parser *p);
int parser_on_strength(struct parser *p);
int parser_on_nag(struct parser *p);
int parser_on_comment(struct parser *p);
/* Text of a game that reads as nothing (a bad move, junk), reported already:
 * kept as a comment in its place, so that pdnfmt loses none of the game
 * (lenient mode; strict mode skips the rest of the game). */
int parser_keep_unread(struct parser *p, const struct pdn_pos *pos, const char *text, size_t len);
int parser_on_setup(struct parser *p);
int parser_on_lparen(struct parser *p);
int parser_on_rparen(struct parser *p);
int parser_on_move(struct parser *p);
int parser_close_variation(struct parser *p);
int parser_keep_orphans(struct parser *p, struct frame *f);

/* parser_quick.c: takes plain move numbers, moves, header tags and results
 * straight from the window while it can (0, STEP_END after a result, or
 * PDN_ENOMEM); the token path goes on after. */
int parser_quick(struct parser *p);
/* Where the lane stopped, a plain one-line comment or a move number glued
 * to its move ("1.32-28") taken as the token path would take it: 1, else 0
 * (or PDN_ENOMEM); the lane may go on after. */
int parser_quick_stop(struct parser *p);

#endif
