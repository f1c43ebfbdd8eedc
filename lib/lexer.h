/*
 * lexer (private): decoded PDN text -> tokens, each with line:column.
 *
 * Works over a window of the reader's text buffer. A token that runs into
 * the end of the window before the input ends comes back as TOK_MORE with
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

enum token_kind {
    TOK_EOF,
    TOK_MORE,        /* the window ends inside a token: refill and retry */
    TOK_TAG,         /* a whole [Name "value"] */
    TOK_MOVENUM,     /* 12. or 12... */
    TOK_NUMBER,      /* digits: a square, or a move without separator */
    TOK_ALPHASQ,     /* c3 */
    TOK_ALPHAMOVE,   /* c3d4 */
    TOK_ELLIPSIS,    /* ... as a move */
    TOK_DASH,        /* - (or a Unicode dash) */
    TOK_CAPTURE,     /* x or : */
    TOK_RESULT,      /* 2-0 1-1 0-2 0-0 1-0 0-1 1/2-1/2 (value: enum pdn_result) */
    TOK_STAR,        /* * */
    TOK_STRENGTH,    /* ! ? !? (!) ... */
    TOK_NAG,         /* $12 */
    TOK_COMMENT,     /* { ... } */
    TOK_LINECOMMENT, /* ; ... end of line */
    TOK_LPAREN,
    TOK_RPAREN,
    TOK_SETUP,   /* / ... / */
    TOK_CAPLIST, /* < ... > captured squares (lenient) */
    TOK_JUNK     /* characters that start no token: a run of such words on a line */
};

/*
 * Non-standard forms: what the lenient reader accepts with a warning (and
 * the strict one rejects when the reading grammar does not allow it).
 * lexer_odd_detail gives the text that goes into a diagnostic's detail.
 */
enum odd_form {
    ODD_NONE,
    ODD_ZERO_SQUARE,
    ODD_ZERO_NUMBER,
    ODD_SPACE_IN_MOVE,
    ODD_NO_SEPARATOR,
    ODD_HOP_BY_HOP,
    ODD_DASH_CAPTURE,
    ODD_MIXED_SEPARATORS,
    ODD_CAPLIST,
    ODD_UNICODE_DASH,
    ODD_NBSP,
    ODD_UNKNOWN_MOVE,
    ODD_EMPTY_NUMBER,
    ODD_CHESS_RESULT,
    ODD_ODD_RESULT,
    ODD_MATCH_RESULT,
    ODD_TAG_NAME,
    ODD_TAG_NO_VALUE,
    ODD_TAG_QUOTES,
    ODD_TAG_UNQUOTED,
    ODD_TAG_NO_BRACKET,
    ODD_STRAY_BRACKET,
    ODD_LITERAL_CR,
    ODD_BOM,
    ODD_DOTS,
    ODD_STRENGTH_PLACE,
    ODD_COMMENT_BEFORE_TAGS,
    ODD_VARIATION_FIRST,
    ODD_NAG_FIRST,
    ODD_NUMBER_TWICE,
    ODD_STRAY_DOT,
    ODD_NAG_RANGE,
    ODD_DASH_RESULT,
    ODD_SETUP_QUOTES,
    ODD_STRAY_DASH,
    ODD_UNKNOWN_MOVE_UNICODE,
    ODD_STRAY_DOTS,
    ODD_COUNT
};

const char *lexer_odd_detail(enum odd_form odd);

/* A place in the text the lexer can go back to. */
struct lexer_mark {
    uint64_t offset; /* in the decoded stream */
    uint32_t line, col;
    bool after_cr;
};

/* At most one finding per token: the first one met. */
struct lexer_find {
    enum pdn_diag_code code; /* meaningful when set */
    enum odd_form odd;       /* for PDN_DIAG_NONSTANDARD */
    bool set;
    bool error; /* an error, not a warning */
    struct pdn_pos pos;
    const char *detail;
};

struct token {
    enum token_kind kind;
    size_t start, len; /* the token text: buffer offsets, valid until the next refill */
    struct pdn_pos pos;
    struct lexer_mark mark; /* just before the token, to unread it */
    uint32_t value;         /* NUMBER, MOVENUM, NAG: the number; RESULT: enum pdn_result */
    uint8_t digits;         /* NUMBER, MOVENUM: digits written */
    bool black;             /* MOVENUM: written "N..." */
    bool zero;              /* NUMBER, MOVENUM: a leading zero */
    bool nested;            /* COMMENT: holds nested braces */
    /* TAG: the name and the raw value (escapes still in) */
    size_t name_start, name_len, value_start, value_len;
    bool has_value;
    bool plain;     /* TAG: [Name "value"] with no escape and no NUL in the value */
    uint8_t roster; /* TAG, when plain: 1 + the tag_standard (tag_synonym.h) of a
                       name of the roster's or GameType, 0 for another name */
    /* COMMENT, LINECOMMENT, SETUP, CAPLIST: the text inside the delimiters */
    size_t inner_start, inner_len;
    struct lexer_find find;
};

/* What is left of a token cut at the size limit (or of a % line longer
 * than the window), passed over by the next lexer_next up to where the
 * token would have ended, so that it never turns into tokens of its own. */
enum lexer_skip {
    SKIP_NONE,
    SKIP_LINE,       /* ; or % comment: to the end of the line */
    SKIP_COMMENT,    /* { }: to the '}' that closes it (skip_nest inner braces open) */
    SKIP_SETUP,      /* / /: past the '/', or to the end of the line */
    SKIP_TAG,        /* [Name value]: past the ']', or to the end of the line */
    SKIP_TAG_STRING, /* a quoted tag value: past '"' then ']', or to the end of the line */
    SKIP_DIGITS,
    SKIP_DOTS,
    SKIP_MARKS, /* ! and ? */
    SKIP_JUNK   /* characters that start no token */
};

/* A finding between tokens. */
typedef void (*lexer_report_fn)(void *ctx, enum pdn_diag_code code, enum odd_form odd,
                                const struct pdn_pos *pos, const char *text, size_t len);

struct lexer {
    const char *buf; /* the window: buf[pos, end) */
    size_t pos, end;
    uint64_t base; /* stream offset of buf[0] */
    uint32_t line, col;
    bool after_cr; /* the last character was CR: a following LF ends no line */
    bool eof;      /* nothing will follow 'end' */
    bool strict;
    bool cutting;       /* in lexer_cut: 'eof' is the cut, not the end of the input */
    uint8_t skip;       /* enum lexer_skip: the rest of a cut token, skipped first */
    uint32_t skip_nest; /* SKIP_COMMENT: braces open; SKIP_TAG_STRING: where in the value */
    lexer_report_fn report;
    void *ctx;
};

/* The counting of lines and columns over blanks and line ends, written
 * once for the lexer (skip_space, adv_text) and the parser's quick lane,
 * which reads blanks in its own loop: a CR ends a line, and so does an LF
 * but right after a CR (CR LF is one line end). Columns start at 1. */
static inline void lexer_count_blank(uint32_t *col, bool *after_cr)
{
    ++*col;
    *after_cr = false;
}

static inline void lexer_count_lf(uint32_t *line, uint32_t *col, bool *after_cr)
{
    *line += !*after_cr;
    *col = 1;
    *after_cr = false;
}

static inline void lexer_count_cr(uint32_t *line, uint32_t *col, bool *after_cr)
{
    ++*line;
    *col = 1;
    *after_cr = true;
}

/* A tag line that lost its '[' is known by standing at the start of its
 * line: at most this many blanks before it, which the reader keeps in the
 * window (parser_keep), so that block boundaries cannot change the tokens. */
#define LEXER_LINE_BACK 256

void lexer_init(struct lexer *lx, bool strict, lexer_report_fn report, void *ctx);
/* The next token; TOK_MORE asks for more text (nothing consumed). */
enum token_kind lexer_next(struct lexer *lx, struct token *tok);
/* A tag [Name "value"] written plainly at buf[p] (see lexer_delim.c): its
 * length, its name and value in *tok and its characters in *cols; 0 when
 * it needs lexer_next. Reports nothing and moves nothing. */
size_t lexer_plain_tag(const struct lexer *lx, size_t p, struct token *tok, uint32_t *cols);
/*
 * The token at the cursor, which does not end inside the window (lexer_next
 * said TOK_MORE): what the window holds of it, as if the input ended there,
 * or TOK_EOF when there is no token before the window's end. When the token
 * runs to the end of the window, lx->skip says what is left of it: the next
 * lexer_next over more text passes over that rest first. Never TOK_MORE.
 */
enum token_kind lexer_cut(struct lexer *lx, struct token *tok);
/* Goes back to just before 'tok' (taken from the same window); the rest
 * of a cut token is then no longer skipped. */
void lexer_unread(struct lexer *lx, const struct token *tok);
/* The blanks, odd spaces and % comment left on the current line, skipped
 * and reported as lexer_next skips them, stopping before the line's end:
 * whether something else stands next on the line (false, too, when the
 * window ends first or the rest of a cut token is to be skipped). */
bool lexer_skip_line_space(struct lexer *lx);
/* The line:col of a stream offset at or after the lexer's position, within the window. */
void lexer_locate(const struct lexer *lx, uint64_t offset, struct pdn_pos *out);

#endif
