/*
 * lexer (private): decoded PDN text -> tokens, each with line:column.
 *
 * Works over a window of the reader's text buffer. A token that runs into
 * the end of the window before the input ends comes back as PDN_T_MORE with
 * nothing consumed: the reader appends text and asks again, so tokens of any
 * length can straddle input blocks. The lexer decides the result-vs-move
 * trap by what follows, never greedily; it builds nothing and allocates
 * nothing. Findings inside a token travel with the token (the parser
 * reports them when it takes the token); findings between tokens (NUL
 * bytes, non-breaking spaces...) go straight to the report callback.
 */
#ifndef PDN_LEXER_H
#define PDN_LEXER_H

#include "pdn.h"

enum pdn_tok {
    PDN_T_EOF,
    PDN_T_MORE,        /* the window ends inside a token: refill and retry */
    PDN_T_TAG,         /* a whole [Name "value"] */
    PDN_T_MOVENUM,     /* 12. or 12... */
    PDN_T_NUMBER,      /* digits: a square, or a move without separator */
    PDN_T_ALPHASQ,     /* c3 */
    PDN_T_ALPHAMOVE,   /* c3d4 */
    PDN_T_ELLIPSIS,    /* ... as a move */
    PDN_T_DASH,        /* - (or a Unicode dash) */
    PDN_T_CAPTURE,     /* x or : */
    PDN_T_RESULT,      /* 2-0 1-1 0-2 0-0 1-0 0-1 1/2-1/2 (value: enum pdn_result) */
    PDN_T_STAR,        /* * */
    PDN_T_STRENGTH,    /* ! ? !? (!) ... */
    PDN_T_NAG,         /* $12 */
    PDN_T_COMMENT,     /* { ... } */
    PDN_T_LINECOMMENT, /* ; ... end of line */
    PDN_T_LPAREN,
    PDN_T_RPAREN,
    PDN_T_SETUP,   /* / ... / */
    PDN_T_CAPLIST, /* < ... > captured squares (lenient) */
    PDN_T_JUNK     /* characters that start no token */
};

/*
 * Non-standard forms: what the lenient reader accepts with a warning (and
 * the strict one rejects when the reading grammar does not allow it).
 * pdn_odd_detail gives the text that goes into a diagnostic's detail.
 */
enum pdn_odd {
    PDN_ODD_NONE,
    PDN_ODD_ZERO_SQUARE,
    PDN_ODD_ZERO_NUMBER,
    PDN_ODD_SPACE_IN_MOVE,
    PDN_ODD_NO_SEPARATOR,
    PDN_ODD_HOP_BY_HOP,
    PDN_ODD_DASH_CAPTURE,
    PDN_ODD_MIXED_SEPARATORS,
    PDN_ODD_CAPLIST,
    PDN_ODD_UNICODE_DASH,
    PDN_ODD_NBSP,
    PDN_ODD_UNKNOWN_MOVE,
    PDN_ODD_EMPTY_NUMBER,
    PDN_ODD_CHESS_RESULT,
    PDN_ODD_ODD_RESULT,
    PDN_ODD_MATCH_RESULT,
    PDN_ODD_TAG_NAME,
    PDN_ODD_TAG_NO_VALUE,
    PDN_ODD_TAG_QUOTES,
    PDN_ODD_TAG_UNQUOTED,
    PDN_ODD_TAG_NO_BRACKET,
    PDN_ODD_LITERAL_CR,
    PDN_ODD_BOM,
    PDN_ODD_DOTS,
    PDN_ODD_STRENGTH_PLACE,
    PDN_ODD_COMMENT_BEFORE_TAGS,
    PDN_ODD_VARIATION_FIRST,
    PDN_ODD_NAG_FIRST,
    PDN_ODD_NUMBER_TWICE,
    PDN_ODD_STRAY_DOT,
    PDN_ODD_NAG_RANGE,
    PDN_ODD_COUNT
};

const char *pdn_odd_detail(enum pdn_odd odd);

/* A place in the text the lexer can go back to. */
struct pdn_lexmark {
    uint64_t offset; /* in the decoded stream */
    uint32_t line, col;
    bool after_cr;
};

/* At most one finding per token: the first one met. */
struct pdn_lexfind {
    enum pdn_code code; /* meaningful when set */
    enum pdn_odd odd;   /* for PDN_D_NONSTANDARD */
    bool set;
    bool error; /* an error, not a warning */
    struct pdn_pos pos;
    const char *detail;
};

struct pdn_token {
    enum pdn_tok kind;
    size_t start, len; /* the token text: buffer offsets, valid until the next refill */
    struct pdn_pos pos;
    struct pdn_lexmark mark; /* just before the token, to unread it */
    uint32_t value;          /* NUMBER, MOVENUM, NAG: the number; RESULT: enum pdn_result */
    uint8_t digits;          /* NUMBER, MOVENUM: digits written */
    bool black;              /* MOVENUM: written "N..." */
    bool zero;               /* NUMBER, MOVENUM: a leading zero */
    bool nested;             /* COMMENT: holds nested braces */
    /* TAG: the name and the raw value (escapes still in) */
    size_t name_start, name_len, value_start, value_len;
    bool has_value;
    bool plain; /* TAG: [Name "value"] with no escape and no NUL in the value */
    /* COMMENT, LINECOMMENT, SETUP, CAPLIST: the text inside the delimiters */
    size_t inner_start, inner_len;
    struct pdn_lexfind find;
};

/* A finding between tokens. */
typedef void (*pdn_lex_report_fn)(void *ctx, enum pdn_code code, enum pdn_odd odd,
                                  const struct pdn_pos *pos, const char *text, size_t len);

struct pdn_lexer {
    const char *buf; /* the window: buf[pos, end) */
    size_t pos, end;
    uint64_t base; /* stream offset of buf[0] */
    uint32_t line, col;
    bool after_cr; /* the last character was CR: a following LF ends no line */
    bool eof;      /* nothing will follow 'end' */
    bool strict;
    pdn_lex_report_fn report;
    void *ctx;
};

void pdn_lex_init(struct pdn_lexer *lx, bool strict, pdn_lex_report_fn report, void *ctx);
/* The next token; PDN_T_MORE asks for more text (nothing consumed). */
enum pdn_tok pdn_lex_next(struct pdn_lexer *lx, struct pdn_token *tok);
/* A tag [Name "value"] written plainly at buf[p] (see lex_delim.c): its
 * length, its name and value in *tok and its characters in *cols; 0 when
 * it needs pdn_lex_next. Reports nothing and moves nothing. */
size_t pdn_lex_plain_tag(const struct pdn_lexer *lx, size_t p, struct pdn_token *tok,
                         uint32_t *cols);
/* Goes back to just before 'tok' (taken from the same window). */
void pdn_lex_unread(struct pdn_lexer *lx, const struct pdn_token *tok);
/* The line:col of a stream offset at or after the lexer's position, within the window. */
void pdn_lex_locate(const struct pdn_lexer *lx, uint64_t offset, struct pdn_pos *out);

#endif
