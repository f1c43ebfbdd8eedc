/*
 * parser_quick: the fast lane of the movetext. Runs of plain move numbers
 * ("12." and "12...") and plain moves ("32-28", "28x19", "28x19x10") are
 * read straight from the lexer's window, with no token in between, and
 * leave exactly what the token path (lexer -> parser_lex -> handler) would
 * leave: the same nodes, labels, positions and parser state.
 *
 * The lane only takes what has no finding and no look-ahead subtlety: a
 * leading zero, a result ("1-1"), a second hop, two numbers in a row, odd
 * blanks, a tag or a % comment after a move, the end of the window, or a
 * finding waiting to be reported all stop it, and the token path goes on
 * from that very byte, unless parser_quick_stop takes that token (a plain
 * comment, a move number glued to its move) and the lane goes on. Neither
 * may report anything or refill the window. PDN_SLOW_PATH=1 in the environment turns the lane off
 * (slow_path.h), so that the tests (test_reader_paths, fuzz_check) can hold it to that promise.
 *
 * Most of the lane's tokens are taken by its run (q_run): numbers and moves
 * of the commonest shapes, one after the other, with what they change held
 * in registers; the lane's general path (q_token, q_add) takes the token
 * the run stops at, and all the rest.
 */
#include "parser_impl.h"
#include "text.h"

#include <string.h>

/* What a byte is to the lane. */
enum { Q_OTHER = 0, Q_BLANK, Q_LF, Q_CR, Q_DIGIT, Q_NONZERO };

static const unsigned char qclass[256] = {
    [' '] = Q_BLANK,   ['\t'] = Q_BLANK,  ['\n'] = Q_LF,     ['\r'] = Q_CR,     ['0'] = Q_DIGIT,
    ['1'] = Q_NONZERO, ['2'] = Q_NONZERO, ['3'] = Q_NONZERO, ['4'] = Q_NONZERO, ['5'] = Q_NONZERO,
    ['6'] = Q_NONZERO, ['7'] = Q_NONZERO, ['8'] = Q_NONZERO, ['9'] = Q_NONZERO,
};

static inline bool q_digit(unsigned char b)
{
    return qclass[b] >= Q_DIGIT;
}

/* Bytes that may end a plain move: blanks and the characters that start a
 * token of their own (as quick_move in parser_moves.c). */
static const bool q_stop[256] = {
    [' '] = true, ['\t'] = true, ['\n'] = true, ['\r'] = true, ['('] = true,
    [')'] = true, ['{'] = true,  [';'] = true,  ['!'] = true,  ['?'] = true,
    ['$'] = true, ['*'] = true,  ['%'] = true,  ['['] = true,  ['/'] = true,
};

/* Bytes after which the token path's look-ahead past a move could differ
 * from the lane's: a tag or the end (a match score?), a capital (a tag line
 * that lost its '['), % comments and the blanks the lexer reports (NUL,
 * "\r" text, text.c's Unicode blanks, BOM), form feeds. */
static const bool q_unsure[256] = {
    TEXT_MARK_LEADS(true), ['['] = true,  ['%'] = true, [0] = true,   ['\\'] = true, [0xEF] = true,
    ['\f'] = true,         ['\v'] = true, ['A'] = true, ['B'] = true, ['C'] = true,  ['D'] = true,
    ['E'] = true,          ['F'] = true,  ['G'] = true, ['H'] = true, ['I'] = true,  ['J'] = true,
    ['K'] = true,          ['L'] = true,  ['M'] = true, ['N'] = true, ['O'] = true,  ['P'] = true,
    ['Q'] = true,          ['R'] = true,  ['S'] = true, ['T'] = true, ['U'] = true,  ['V'] = true,
    ['W'] = true,          ['X'] = true,  ['Y'] = true, ['Z'] = true,
};

/* Whether a plain move may end at j: a byte that ends it, then (past
 * blanks) a token that is neither a tag nor the end. */
static inline bool q_follows(const unsigned char *b, size_t j, size_t end)
{
    if (j >= end || !q_stop[b[j]]) return false;
    /* Mostly one blank, then a number or the next move. */
    if (j + 1 < end && b[j] == ' ' && qclass[b[j + 1]] >= Q_DIGIT) return true;
    if (j + 1 < end && b[j] == ' ' && b[j + 1] >= 'a' && b[j + 1] <= 'h') return true;
    while (j < end && qclass[b[j]] >= Q_BLANK && qclass[b[j]] <= Q_CR)
        j++;
    return j < end && !q_unsure[b[j]];
}

/* One square [1-9][0-9]? at j: the index past it, 0 when none. */
static inline size_t q_square(const unsigned char *b, size_t j, size_t end, uint32_t *v)
{
    if (j >= end || qclass[b[j]] != Q_NONZERO) return 0;
    *v = b[j] - '0';
    if (++j >= end) return 0;
    /* No branch on the second digit: squares of one and of two digits come
     * in no order a processor could foresee. */
    bool two = q_digit(b[j]);
    *v = two ? *v * 10 + (uint32_t)(b[j] - '0') : *v;
    j += two;
    return j < end ? j : 0;
}

/* A token of the lane: where it is and how it may be read. */
struct qtok {
    const unsigned char *b; /* the window */
    size_t at, end;         /* the token's offset, the window's end */
    struct pdn_pos pos;
    /* The line being read, looked up once: the lane neither opens nor
     * closes one. Its clues when it is the main line, else NULL. */
    struct frame *f;
    struct text_squares *clues;
    struct arena *arena; /* the game's: read once, not again after every store */
    uint32_t last_to;    /* f->last_to, which only the lane's moves set meanwhile */
    size_t room;         /* moves f takes before frame_add must look (frame_plain_room) */
    /* What the moves read say of the board, for the clues (q_gathered). */
    bool big, algebraic;
};

/* "12." or "12..." (digits up to k, value v): its length, 0 when not one. */
static inline __attribute__((always_inline)) size_t
q_movenum(struct parser *p, const struct qtok *t, size_t k, uint32_t v)
{
    size_t j = k + 1; /* past the dot q_token saw */
    /* Mostly "12. ": one dot, then no dot (q_token left two bytes). */
    if (j + 1 >= t->end || t->b[j] == '.') {
        while (j < t->end && t->b[j] == '.')
            j++;
        if (j >= t->end || (j - k != 1 && j - k != 3)) return 0;
    }
    struct frame *f = t->f;
    if (f->has_num) return 0;
    bool black = j - k == 3;
    p->body = true;
    f->adjacent = false;
    frame_number_read(f, v, black);
    f->has_num = true;
    f->num = v;
    f->num_black = black;
    f->num_pos = t->pos;
    return j - t->at;
}

/* The squares of a plain move, for the variant's clues and the node. */
struct q_squares {
    uint32_t first, max; /* 0 and 0 for an algebraic move */
    uint8_t to;          /* of a move of two squares: the second, */
    char sep;            /* and its separator ('\0' for any other move) */
};

/* Adds the plain move of n bytes at t to the line; false when out of
 * memory. Called from one place only, so that it is inlined there: as a
 * function of its own, saving and restoring registers was a fifth of it.
 * Within one run of the lane only its moves reach the line: once frame_add
 * has sealed what came before, the room left is all there is to test. */
static bool q_add(struct parser *p, struct qtok *t, size_t n, uint32_t last_to,
                  const struct q_squares *sq)
{
    struct frame *f = t->f;
    const char *text =
        parser_copy_short(t->arena, (const char *)t->b + t->at, n, t->at + 16 <= t->end, 16);
    if (!text) return false;
    struct pdn_node *node;
    if (t->room) {
        t->room--;
        node = frame_add_counted(f, text, &t->pos);
    } else {
        struct pdn_pos pos = t->pos; /* a copy: t stays the lane's alone */
        if (!(node = frame_add(f, t->arena, text, &pos))) return false;
        t->room = frame_plain_room(f);
    }
    /* what text_plain_move reads in the text, as the token path keeps it */
    if (sq->sep) {
        node->plain_from = (uint8_t)sq->first;
        node->plain_to = sq->to;
        node->plain_sep = sq->sep;
    }
    p->body = true;
    f->last_to = t->last_to = last_to;
    return true;
}

/* "32-28", "28x19x10": a plain move whose first square (value 'first')
 * ends at k; its length (its last square in *last_to when it is a
 * capture), 0 when not one. */
static size_t q_move(struct parser *p, const struct qtok *t, size_t k, uint32_t first,
                     uint32_t *last_to, struct q_squares *sq)
{
    const unsigned char *b = t->b, *s = b + t->at;
    unsigned sep = b[k], kind = text_byte_kind[sep];
    /* The plain separators: an ASCII dash or cross (text.c's byte kinds).
     * q_token saw a first square of one or two digits, the first not 0. */
    if (kind != TEXT_DASH && kind != TEXT_CROSS) return 0;
    /* The second square, then a capture's further ones (24 in all at
     * most); q_square leaves a byte to look at after each. */
    uint32_t last, high = first;
    size_t j = q_square(b, k + 1, t->end, &last);
    int squares = 2;
    for (; j != 0; squares++) {
        if (last > high) high = last;
        if (kind != TEXT_CROSS || b[j] != sep) break;
        if (squares >= 24) return 0;
        j = q_square(b, j + 1, t->end, &last);
    }
    if (j == 0 || !q_follows(b, j, t->end)) return 0;
    sq->max = high;
    sq->to = (uint8_t)last; /* squares have two digits at most */
    sq->sep = squares == 2 ? (char)sep : '\0';
    /* "1-1" is a result, not a move (every result of three bytes is
     * written with the digits 0-2 alone: text.c's text_results). */
    if (j - t->at == 3 && s[0] <= '2' && s[2] <= '2' && text_result_exact((const char *)s, 3))
        return 0;
    struct text_hop hop = {first, last, kind == TEXT_CROSS};
    const struct frame *f = t->f;
    /* The second hop of a multi-jump written hop by hop: the token path.
     * The squares first, in registers: they rule out nearly every move. */
    if (text_hop_continues(t->last_to, hop) && !p->opt.strict && f->adjacent && !f->has_num)
        return 0;
    *last_to = text_hop_end(hop);
    return j - t->at;
}

static inline bool q_file(unsigned char b)
{
    return b >= 'a' && b <= 'h';
}

static inline bool q_rank(unsigned char b)
{
    return b >= '1' && b <= '8';
}

/* What a plain move the lane added says of the board: what
 * text_squares_add would read in its text, from the squares read. The
 * flags wait in t, in registers, until the lane stops (q_gathered). */
static inline void q_gather(struct qtok *t, const struct q_squares *sq)
{
    if (t->clues != NULL && t->f->nodes.n == 1) t->clues->first = sq->first;
    t->big |= sq->max > 32;
    t->algebraic |= sq->first == 0;
}

/* The flags of q_gather into the main line's clues. */
static inline void q_gathered(const struct qtok *t)
{
    if (t->clues == NULL) return;
    t->clues->big |= t->big;
    t->clues->algebraic |= t->algebraic;
}

/* Whether blanks at j lead to a separator: after an algebraic move the
 * token path reads "c3-d4 -e5" as one move with a blank inside (fuzz_check
 * found the lane taking "c3-d4" alone). */
static bool q_separator_after(const unsigned char *b, size_t j, size_t end)
{
    while (j < end && qclass[b[j]] >= Q_BLANK && qclass[b[j]] <= Q_CR)
        j++;
    if (j >= end) return false;
    unsigned kind = text_byte_kind[b[j]];
    return kind == TEXT_DASH || kind == TEXT_CROSS || kind == TEXT_COLON;
}

/* "c3-d4" or "c3xe5xg7": its length, 0 when not one. Such a move is no
 * numeric capture: it leaves no square for a next hop. */
static size_t q_alpha(const struct qtok *t)
{
    const unsigned char *b = t->b;
    size_t j = t->at + 2;
    if (j >= t->end || !q_rank(b[t->at + 1])) return 0;
    unsigned sep = b[j], kind = text_byte_kind[sep];
    if (kind != TEXT_DASH && kind != TEXT_CROSS) return 0;
    int squares = 1;
    while (j + 3 < t->end && b[j] == sep && (kind == TEXT_CROSS || squares == 1) && squares < 24 &&
           q_file(b[j + 1]) && q_rank(b[j + 2])) {
        j += 3;
        squares++;
    }
    if (squares == 1 || !q_follows(b, j, t->end) || q_separator_after(b, j, t->end)) return 0;
    return j - t->at;
}

/* The plain token at t: its length, 0 when the token path must take it.
 * A move number is taken here; a move is left to the caller (*move), with
 * its first square (0 for an algebraic move) and its largest in sq. */
static size_t q_token(struct parser *p, const struct qtok *t, bool *move, uint32_t *last_to,
                      struct q_squares *sq)
{
    const unsigned char *b = t->b;
    size_t k = t->at;
    *move = true, *last_to = 0;
    *sq = (struct q_squares){0, 0, 0, '\0'};
    if (qclass[b[k]] != Q_NONZERO) return q_file(b[k]) ? q_alpha(t) : 0;
    /* Numbers of one or two digits are nearly all: no loop for them (and
     * no test of the end: three bytes are there). */
    if (k + 3 > t->end) return 0;
    uint32_t v = b[k++] - '0';
    if (q_digit(b[k])) v = v * 10 + (b[k++] - '0');
    if (q_digit(b[k])) {
        while (k < t->end && q_digit(b[k]) && k - t->at < 9)
            v = v * 10 + (uint32_t)(b[k++] - '0');
        /* A square has two digits at most: a move number, or no token. */
        if (k >= t->end || b[k] != '.') return 0;
    }
    if (b[k] != '.') {
        sq->first = sq->max = v;
        return q_move(p, t, k, v, last_to, sq);
    }
    /* "1.01-0.99" may be a result (text_result_goes): the token path. */
    if (k - t->at == 1 && v <= 2 && k + 1 < t->end && q_digit(b[k + 1])) return 0;
    *move = false;
    return q_movenum(p, t, k, v);
}

/* The result at t, which the token path would only set before ending the
 * game ("*", a three-byte one or 1/2-1/2, with no digit after it): its
 * length, 0 when none; STEP_END or PDN_ENOMEM in *rc. The spellings the
 * lexer warns about (0.5-0.5, the one-half sign) are left to the token
 * path. */
static size_t q_result(struct parser *p, const struct qtok *t, int *rc)
{
    const unsigned char *s = t->b + t->at;
    const struct text_result *r = NULL;
    if (s[0] == '*')
        r = text_result_exact("*", 1);
    else if (t->at + 3 < t->end && s[1] == '-' && !q_digit(s[3]))
        r = text_result_exact((const char *)s, 3);
    else if (t->at + 7 < t->end && s[1] == '/' && !q_digit(s[7]))
        r = text_result_exact((const char *)s, 7); /* 1/2-1/2 */
    if (r == NULL) return 0;
    struct pdn_pos pos = t->pos;
    *rc = parser_set_result(p, (enum pdn_result)r->result, (const char *)s, r->len, &pos);
    return r->len;
}

/* A plain tag of the header, where parser_on_tag would only add it (cr:
 * whether a CR came just before): its length (its characters in *cols),
 * 0 when the token path must take it or for PDN_ENOMEM (in *rc). Past the
 * movetext, after a comment or a blank line (the next game's header?),
 * parser_on_tag decides. Leaves the token lexer_next would leave: the
 * tag code reads it, and so may a diagnostic. */
static size_t q_tag(struct parser *p, const struct qtok *t, uint32_t last_line, bool cr,
                    uint32_t *cols, int *rc)
{
    if (p->body || p->items || p->skipping || p->npend ||
        (p->tags.n && t->pos.line >= last_line + 2))
        return 0;
    struct token *tok = &p->tok;
    size_t n = lexer_plain_tag(p->lx, t->at, tok, cols);
    if (n == 0) return 0;
    tok->kind = TOK_TAG;
    tok->start = t->at;
    tok->len = n;
    tok->pos = t->pos;
    tok->mark = (struct lexer_mark){t->pos.offset, t->pos.line, t->pos.col, cr};
    tok->find.set = false;
    tok->zero = tok->black = tok->nested = false;
    if (parser_add_tag(p) < 0) {
        *rc = PDN_ENOMEM;
        return 0;
    }
    return n;
}

/* The bytes of a literal "\r" or "\n" at i (a backslash and a letter:
 * real files end lines with it), which the lenient lexer takes as a blank
 * and tells once per game: 2 once it has been told (the token path would
 * tell nothing), else 0. In a file written so, the token path took every
 * tag after the first such line end. */
static inline size_t q_literal_cr(const struct parser *p, const unsigned char *b, size_t i,
                                  size_t end)
{
    if (b[i] != '\\' || i + 1 >= end || (b[i + 1] != 'r' && b[i + 1] != 'n')) return 0;
    return !p->lx->strict && (p->odd_seen & (uint64_t)1 << ODD_LITERAL_CR) ? 2 : 0;
}

/* What q_run needs of the lane, and what it leaves. */
struct q_run {
    const unsigned char *b;
    size_t end;    /* the window's end */
    uint64_t base; /* lx->base */
    size_t i;      /* a token's first byte (a digit 1-9), then the one q_run stopped at */
    uint32_t line; /* of the byte at i */
    uint32_t col;  /* of the byte at i */
    bool cr;       /* a CR came right before i (lexer_count_cr) */
    size_t done;   /* the end of the last token taken, */
    uint32_t done_line, done_col; /* its line and the column past it */
    struct frame *f;
    struct arena *arena;
    bool main;        /* f is the main line, which gathers clues */
    size_t room;      /* qtok's room */
    uint32_t last_to; /* qtok's last_to */
    bool big;         /* a square above 32 was read (q_gather) */
};

/* Bytes q_run reads from a token's first byte on, or from its move's
 * after its move number, with no test of the window's end: the sixteen
 * parser_copy_short copies of a move, more than a number (three bytes) and
 * the blanks after it (two, and a digit), or a move (five) and the blanks
 * after it, ever take. */
#define Q_SAFE 16

/* The number or square [1-9][0-9]? at s (a digit 1-9 there, and a byte
 * after it): its value, the byte past it in *e. */
static inline uint32_t q_run_number(const unsigned char *s, const unsigned char **e)
{
    uint32_t v = (uint32_t)(s[0] - '0');
    if (q_digit(s[1])) {
        *e = s + 2;
        return v * 10 + (uint32_t)(s[1] - '0');
    }
    *e = s + 1;
    return v;
}

/* The blanks between two tokens of a run at *s: one blank or a line end
 * (LF, CR or CR LF), then a digit 1-9. Whether they are so; *s, *line and
 * *col then past them, as the lexer counts (lexer_count_blank, _lf, _cr:
 * CR LF is one line end), and the column a line end came at in *eol. */
static inline bool q_run_gap(const unsigned char **s, uint32_t *line, uint32_t *col, uint32_t *eol)
{
    const unsigned char *g = *s;
    if (g[0] == ' ' && qclass[g[1]] == Q_NONZERO) {
        *s = g + 1, ++*col;
        return true;
    }
    size_t n = g[0] == '\n' ? 1 : g[0] != '\r' ? 0 : g[1] == '\n' ? 2 : 1;
    if (n == 0 || qclass[g[n]] != Q_NONZERO) return false;
    *s = g + n, ++*line, *eol = *col, *col = 1;
    return true;
}

/*
 * The lane's run: the tokens nearly all movetext is made of, one after the
 * other ("12. 32-28 19-23 13. 37-32"), each followed by one blank or a line
 * end and a digit 1-9: a move of two numbered squares of one or two digits
 * ("32-28", "28x19"), which a move number of one or two digits and one dot
 * may come right before. From r->i, it adds them to the line as q_token,
 * q_movenum and q_add would, the number straight into its move's node;
 * with the line's nodes, the arena's room and what the lane reads in
 * registers, and no test of the window's end (Q_SAFE), till a token is
 * none of these or would need a closer look: a capture that may continue
 * the last one hop by hop, "1-1" (a result?), a number before anything but
 * such a move. The lane's general path takes that token, at r->i. Whether
 * it took any: r->done and the lane's state then as they are after them.
 *
 * Out of line, so that its registers are its own: inlined in parser_quick,
 * which has more to hold, it had to keep them in memory.
 */
static __attribute__((noinline)) bool q_run(struct parser *p, struct q_run *r)
{
    struct frame *f = r->f;
    struct arena *a = r->arena;
    /* No number waits, no clue waits for the line's first move (q_gather)
     * and no tree is past its limit (the caller's check after every move:
     * the run's moves take no memory but the arena's room). */
    if (r->room == 0 || f->has_num || (r->main && f->nodes.n == 0) || r->end < Q_SAFE ||
        a->end - a->ptr < Q_SAFE || a->total > PDN_LIMIT_GAME_TREE)
        return false;
    const unsigned char *const b = r->b, *const start = b + r->i;
    const unsigned char *const stop = b + r->end - Q_SAFE; /* the last a token may start at */
    char *text = a->ptr;
    /* The moves it may take: room for their nodes, and for their texts in
     * the arena (sixteen bytes copied, six kept at most). */
    size_t texts = ((size_t)(a->end - text) - Q_SAFE) / 6 + 1;
    struct pdn_node *const first_node = (struct pdn_node *)f->nodes.data + f->nodes.n;
    struct pdn_node *node = first_node;
    struct pdn_node *const full = node + (r->room < texts ? r->room : texts);
    /* The stream offset of the byte at x: x's address, plus origin. */
    const uint64_t origin = r->base - (uint64_t)(uintptr_t)b;
    const unsigned char *s = start;
    uint32_t line = r->line, col = r->col, eol_col = 0, last_to = r->last_to;
    uint32_t high = 0; /* the largest square read, for the clues (q_gather) */
    /* The line's count, as frame_fill and frame_number_read keep it. */
    struct frame_label ply = f->next, last_ply = f->last;
    bool as_white = f->black_as_white;
    while (s <= stop && node < full) {
        uint32_t num = 0; /* the move number, where the token starts */
        const unsigned char *m = s, *e, *end;
        uint32_t move_line = line, move_col = col;
        uint32_t from = q_run_number(m, &e);
        if (*e == '.') {
            /* "12. " and a digit, or "12.32-28": the number of the move
             * after it, or no number of the run. "1.3" or "2.3" may start
             * a Goes score ("1.01-0.99"): the general path's (q_token,
             * q_stop_number). */
            num = from;
            m = e + 1, move_col += (uint32_t)(m - s);
            uint32_t eol;
            bool glued = qclass[*m] == Q_NONZERO;
            if (glued ? e - s == 1 && from <= 2 : !q_run_gap(&m, &move_line, &move_col, &eol))
                break;
            if (m > stop) break; /* its move's sixteen bytes (Q_SAFE) */
            from = q_run_number(m, &e);
        }
        /* A dash or a cross (text.c's byte kinds) in one test: they come
         * in no order a processor could foresee. */
        unsigned char sep = *e;
        unsigned kind = text_byte_kind[sep];
        if (kind - TEXT_DASH > TEXT_CROSS - TEXT_DASH || qclass[e[1]] != Q_NONZERO) break;
        uint32_t to = q_run_number(e + 1, &end);
        uint32_t n = (uint32_t)(end - m);
        if (n == 3 && m[0] <= '2' && e[1] <= '2') break; /* "1-1" (q_move) */
        bool capture = sep == 'x';
        if (capture && from == last_to) break; /* the next hop (q_move) */
        /* One blank or a line end and a digit after it (q_follows); a
         * capture goes on with a cross, not a blank. */
        const unsigned char *next = end;
        uint32_t next_line = move_line, next_col = move_col + n;
        uint32_t next_eol = eol_col;
        if (!q_run_gap(&next, &next_line, &next_col, &next_eol)) break;
        memcpy(text, m, Q_SAFE); /* as parser_copy_short copies it */
        text[n] = '\0';
        struct frame_number number = {0, false, {0, 0, 0}};
        if (num) {
            as_white = frame_label_number(&ply, num, false);
            number = (struct frame_number){num, false, {line, col, origin + (uintptr_t)s}};
        }
        struct pdn_pos pos = {move_line, move_col, origin + (uintptr_t)m};
        frame_fill_node(node, text, &pos, &number,
                        (struct frame_plain){(uint8_t)from, (uint8_t)to, (char)sep});
        frame_label_count(&ply, &last_ply);
        node++;
        text += n + 1;
        last_to = capture ? to : 0;
        high = from > high ? from : high;
        high = to > high ? to : high;
        s = next, line = next_line, col = next_col, eol_col = next_eol;
    }
    if (s == start) return false;
    f->nodes.n += (size_t)(node - first_node);
    f->next = ply, f->last = last_ply, f->black_as_white = as_white;
    f->adjacent = true;
    a->ptr = text;
    p->body = true;
    f->last_to = last_to;
    r->room -= (size_t)(node - first_node);
    r->last_to = last_to;
    r->big |= high > 32;
    /* Where it stopped: a token after the blanks that followed its last;
     * that one's end, before them. */
    bool blank = s[-1] == ' ';
    size_t gap = blank || s[-1] == '\r' || s[-2] != '\r' ? 1 : 2;
    r->i = (size_t)(s - b), r->line = line, r->col = col;
    r->cr = s[-1] == '\r';
    r->done = r->i - gap;
    r->done_line = blank ? line : line - 1;
    r->done_col = blank ? col - 1 : eol_col;
    return true;
}

int parser_quick(struct parser *p)
{
    struct lexer *lx = p->lx;
    struct qtok t = {.b = (const unsigned char *)lx->buf,
                     .at = lx->pos,
                     .end = lx->end,
                     .f = top(p),
                     .clues = p->depth == 0 ? &game_box_of(p->game)->moves : NULL,
                     .arena = p->arena,
                     .last_to = top(p)->last_to,
                     .room = frame_plain_room(top(p))};
    const unsigned char *b = t.b;
    size_t i = lx->pos, end = lx->end, last = 0;
    uint32_t line = lx->line, col = lx->col, last_line = 0, last_col = 0;
    /* The window's offset read once: as lx->base, it was read again at every
     * token, the compiler unable to tell that a move's stores leave it alone. */
    const uint64_t base = lx->base;
    bool cr = lx->after_cr;
    int rc = 0;
    for (;;) {
        /* Mostly one blank, then a number or a move: no loop, no look at
         * what else a token's first byte might start. */
        if (i + 1 < end && b[i] == ' ' && qclass[b[i + 1]] == Q_NONZERO) {
            i++, col++, cr = false;
            /* Most tokens: the run takes them; the general path below
             * takes the one it stops at. */
            struct q_run r = {.b = b, .end = end, .base = base, .i = i, .line = line};
            r.col = col, r.f = t.f, r.arena = t.arena, r.main = t.clues != NULL;
            r.room = t.room, r.last_to = t.last_to, r.big = t.big;
            if (q_run(p, &r)) {
                last = r.done, last_line = r.done_line, last_col = r.done_col;
                i = r.i, line = r.line, col = r.col, cr = r.cr;
                t.room = r.room, t.last_to = r.last_to, t.big = r.big;
            }
        } else {
            /* Blanks and line ends, in registers: they are most of the bytes. */
            for (; i < end; i++) {
                unsigned k = qclass[b[i]];
                /* A token's first byte first: one test, not three, ends the run. */
                if (k - Q_BLANK > Q_CR - Q_BLANK) break;
                if (k == Q_BLANK)
                    lexer_count_blank(&col, &cr);
                else if (k == Q_LF)
                    lexer_count_lf(&line, &col, &cr);
                else
                    lexer_count_cr(&line, &col, &cr);
            }
            if (i >= end) break;
            size_t blank = q_literal_cr(p, b, i, end);
            if (blank) {
                i += blank, col += (uint32_t)blank, cr = false;
                continue;
            }
            if (b[i] == '[') {
                t.at = i;
                t.pos = (struct pdn_pos){line, col, base + i};
                uint32_t cols;
                size_t n = q_tag(p, &t, last ? last_line : p->last_line, cr, &cols, &rc);
                if (n == 0) break;
                i += n, col += cols, cr = false;
                last = i, last_line = line, last_col = col;
                continue;
            }
        }
        t.at = i;
        t.pos = (struct pdn_pos){line, col, base + i};
        bool move;
        uint32_t last_to;
        struct q_squares sq;
        size_t n = q_token(p, &t, &move, &last_to, &sq);
        if (n == 0) {
            /* Results stop q_token; one ends the game (the caller's job). */
            if ((n = q_result(p, &t, &rc)) != 0) {
                i += n, col += (uint32_t)n, cr = false;
                last = i, last_line = line, last_col = col;
            }
            break;
        }
        if (move && !q_add(p, &t, n, last_to, &sq)) {
            rc = PDN_ENOMEM;
            break;
        }
        if (move) q_gather(&t, &sq);
        i += n, col += (uint32_t)n, cr = false;
        last = i, last_line = line, last_col = col;
        /* A tree past its limit: the caller cuts the game. */
        if (move && t.arena->total > PDN_LIMIT_GAME_TREE) break;
    }
    q_gathered(&t);
    lx->pos = i, lx->line = line, lx->col = col, lx->after_cr = cr;
    if (last) {
        p->last_end = lx->base + last;
        p->last_line = last_line;
        p->last_col = last_col;
    }
    return rc;
}

/* The bytes that end a plain comment, or make it one for the token path. */
static const bool q_comment_stop[256] = {
    ['}'] = true, ['{'] = true, ['\n'] = true, ['\r'] = true, [0] = true,
};

/* Whether the eight bytes at s are printable ASCII and no brace: most of
 * a comment, passed over a word at a time. */
static inline bool q_plain_word(const unsigned char *s)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    uint64_t w, open, close;
    memcpy(&w, s, 8);
    open = w ^ (ones * '{');
    close = w ^ (ones * '}');
    uint64_t odd =
        ((w - ones * 0x20) & ~w) | ((open - ones) & ~open) | ((close - ones) & ~close) | w;
    return (odd & high) == 0;
}

/* Where the lane stopped: takes n bytes of one token, its characters
 * cols (no line end among them), as parser_consume would. */
static void q_stop_taken(struct parser *p, size_t n, uint32_t cols)
{
    struct lexer *lx = p->lx;
    lx->pos += n, lx->col += cols, lx->after_cr = false;
    p->last_end = lx->base + lx->pos;
    p->last_line = lx->line;
    p->last_col = lx->col;
}

/*
 * A comment on one line with no brace, NUL or line end inside ("{[%clock
 * w1:29:46 B1:29:40]}"), where the lexer finds nothing and parser_on_comment
 * only adds it: 1 when taken, 0 when the token path must take it,
 * PDN_ENOMEM. Such comments after every move made the token path take a
 * quarter of a 2 MB slice's tokens.
 */
static int q_stop_comment(struct parser *p)
{
    struct lexer *lx = p->lx;
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t at = lx->pos, j = at + 1;
    size_t follow = 0; /* UTF-8 continuation bytes: no column of their own */
    while (j + 8 <= lx->end && q_plain_word(b + j))
        j += 8;
    for (; j < lx->end && !q_comment_stop[b[j]]; j++)
        follow += (b[j] & 0xC0) == 0x80;
    if (j >= lx->end || b[j] != '}') return 0;
    struct frame *f = top(p);
    struct pdn_comment c = {
        .text = arena_strndup(p->arena, (const char *)b + at + 1, j - at - 1),
        .pos = {lx->line, lx->col, lx->base + at},
    };
    if (!c.text || frame_comment(f, p->arena, &c) < 0) return PDN_ENOMEM;
    p->items = true;
    f->adjacent = false;
    q_stop_taken(p, j + 1 - at, (uint32_t)(j + 1 - at - follow));
    return 1;
}

/*
 * "1." or "2." glued to digits ("1.32-28": a move number, then a move),
 * which q_token leaves in case it is a Goes score: taken as a move number
 * unless the lexer would read one there (scan_goes: the run of digits,
 * dots and dashes, nine bytes at most, if text_result_goes takes it in
 * lenient mode) or the window cuts the run. 1 when taken, else 0.
 */
static int q_stop_number(struct parser *p)
{
    struct lexer *lx = p->lx;
    const unsigned char *s = (const unsigned char *)lx->buf + lx->pos;
    size_t left = lx->end - lx->pos, n = 0;
    if (left < 3 || s[1] != '.' || !q_digit(s[2])) return 0;
    while (n <= 9 && n < left && (q_digit(s[n]) || s[n] == '.' || s[n] == '-'))
        n++;
    if (n <= 9 && (n >= left || (!lx->strict && text_result_goes((const char *)s, n)))) return 0;
    struct qtok t = {.b = (const unsigned char *)lx->buf,
                     .at = lx->pos,
                     .end = lx->end,
                     .pos = {lx->line, lx->col, lx->base + lx->pos},
                     .f = top(p)};
    size_t len = q_movenum(p, &t, lx->pos + 1, (uint32_t)(s[0] - '0'));
    if (len == 0) return 0;
    q_stop_taken(p, len, (uint32_t)len);
    return 1;
}

/* Out of parser_quick: a branch for these in its loop cost the lane more
 * instructions than they saved (1.3M to 4.9M on the 2 MB slice). */
int parser_quick_stop(struct parser *p)
{
    struct lexer *lx = p->lx;
    if (lx->pos >= lx->end) return 0;
    unsigned char b = (unsigned char)lx->buf[lx->pos];
    if (b == '{') return q_stop_comment(p);
    if (b == '1' || b == '2') return q_stop_number(p);
    return 0;
}
