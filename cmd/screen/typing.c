/*
 * A move typed on the full screen: in any notation the validator reads
 * ("32-28", "28x10"), or square by square, each square checked as it
 * comes against the legal moves (libpdn's pdn_movegen; pdn_move_match has
 * the last word) and the move taken as soon as the squares name one to
 * its end (from and to are enough when one route makes the capture). On the boards whose players
 * write squares as letters (Russian, Brazilian, Czech: "c3-d4") a square is a file letter and a
 * rank as well as a number; squares and moves are shown as the variant writes them. pdnreplay's
 * explore mode and pdnplay share it.
 */
#include "screen.h"
#include "../common.h" /* tool_move_order */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the board writes squares with letters ("c3"). */
static bool has_letters(const struct pdn_board *b)
{
    return pdn_rules_get((enum pdn_variant)b->variant)->algebraic;
}

/* A file letter of the board ('a' to 'h' on 8x8), when it has letters. */
static bool file_key(const struct pdn_board *b, int key)
{
    return has_letters(b) && key >= 'a' &&
           key < 'a' + pdn_rules_get((enum pdn_variant)b->variant)->width;
}

static bool same_move(const struct pdn_move *a, const struct pdn_move *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

static bool on_list(int s, const uint8_t *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == s) return true;
    return false;
}

/*
 * Whether the squares typed may still become move m: its from square,
 * then landing squares in their order (some may be left out, as "28x10"
 * leaves out 19), or, as engines write captures, squares of the pieces it
 * takes. 'whole' says they reach its last landing square: "28 10" names
 * 28x19x10 to its end as "28 19 10" does (the hint and the move list
 * write it so), and nothing typed after it could be the same move.
 */
static bool fits(const struct pdn_move *m, const int *sq, int n, enum pdn_variant v, bool *whole)
{
    *whole = false;
    if (n == 0) return true;
    if (sq[0] != m->from) return false;
    int j = 0, k = 1;
    for (; k < n; k++) {
        while (j < m->npath && m->path[j] != sq[k])
            j++;
        if (j == m->npath) break;
        j++;
    }
    if (k == n) {
        *whole = n > 1 && j == m->npath;
        return true;
    }
    uint8_t taken[PDN_PATH_MAX];
    int ntaken = pdn_move_captures(taken, m, v);
    for (k = 1; k < n; k++)
        if (!on_list(sq[k], m->path, m->npath) && !on_list(sq[k], taken, ntaken)) return false;
    return ntaken > 0;
}

/* The legal moves the squares typed (and one more, when next > 0) fit. */
static int fitting(const struct typing *t, const struct pdn_movelist *legal, enum pdn_variant v,
                   int next, int *out, bool *whole_one)
{
    int sq[PDN_PATH_MAX + 3];
    int n = t->nsquares;
    memcpy(sq, t->squares, (size_t)n * sizeof *sq);
    if (next > 0) sq[n++] = next;
    int count = 0;
    *whole_one = false;
    for (int i = 0; i < legal->count; i++) {
        bool whole;
        if (!fits(&legal->moves[i], sq, n, v, &whole)) continue;
        if (whole) *whole_one = true;
        out[count++] = i;
    }
    return count;
}

/* "28x17x8  28x19x10": the moves of a list, by their whole path, in the
 * order of their squares (as pdnperft --divide lists them). */
static void list_paths(char *out, size_t cap, const struct pdn_movelist *legal, const int *idx,
                       int n, enum pdn_variant v)
{
    struct pdn_move sorted[PDN_MOVES_MAX];
    for (int i = 0; i < n; i++)
        sorted[i] = legal->moves[idx[i]];
    qsort(sorted, (size_t)n, sizeof sorted[0], tool_move_order);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len + 1 < cap; i++) {
        char path[PDN_MOVE_TEXT_MAX];
        pdn_move_path_text(path, &sorted[i], v);
        bool dup = false;
        for (int k = 0; k < i && !dup; k++)
            dup = same_move(&sorted[k], &sorted[i]);
        if (!dup) len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? "  " : "", path);
    }
}

int typing_fitting_paths(const struct typing *t, const struct pdn_board *b, char *out, size_t cap)
{
    struct pdn_movelist legal;
    pdn_movegen(&legal, b, PDN_MOVEGEN_KEEP_DUPLICATES);
    int idx[PDN_MOVES_MAX];
    bool whole;
    int n = fitting(t, &legal, (enum pdn_variant)b->variant, 0, idx, &whole);
    list_paths(out, cap, &legal, idx, n, (enum pdn_variant)b->variant);
    return n;
}

void typing_reset(struct typing *t)
{
    memset(t, 0, sizeof *t);
}

bool typing_marked(const void *typing, int s)
{
    const struct typing *t = typing;
    for (int i = 0; t->active && i < t->nsquares; i++)
        if (t->squares[i] == s) return true;
    return false;
}

void typing_text(const struct typing *t, const struct pdn_board *b, char *out, size_t cap,
                 bool trailing)
{
    char sep = pdn_movegen_has_capture(b) ? 'x' : '-';
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < t->nsquares && len < cap; i++) {
        char square[PDN_SQUARE_TEXT_MAX];
        pdn_square_text(square, (enum pdn_variant)b->variant, t->squares[i]);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? (char[]){sep, 0} : "", square);
    }
    const char *tail = t->refused[0] ? t->refused : t->digits;
    if (len < cap && t->nsquares && (tail[0] || trailing))
        len += (size_t)snprintf(out + len, cap - len, "%c", sep);
    if (len < cap) snprintf(out + len, cap - len, "%s", tail);
}

/* ---- keys ---- */

/* What a key did: the move, when the squares name one. */
struct step {
    struct typing *t;
    const struct pdn_board *b;
    struct screen_msg *m;
    struct pdn_move *out;
    bool played;
};

/* Whether square sq holds a piece of the side to move. */
static bool own_piece(const struct pdn_board *b, int sq)
{
    enum pdn_piece p = sq > 0 ? pdn_board_get(b, sq) : PDN_PIECE_EMPTY;
    bool white = p == PDN_PIECE_WHITE_MAN || p == PDN_PIECE_WHITE_KING;
    return p != PDN_PIECE_EMPTY && white == (b->side == PDN_COLOR_WHITE);
}

/* Why a square (as typed: "28", "c4") cannot come next, and what could:
 * a piece of one's own that may not move because another must capture is
 * told so, in pdncheck's words. */
static void refuse(struct step *s, const char *square, int sq)
{
    char paths[400], typed[128];
    typing_fitting_paths(s->t, s->b, paths, sizeof paths);
    typing_text(s->t, s->b, typed, sizeof typed, true);
    if (s->t->nsquares == 0 && own_piece(s->b, sq) && pdn_movegen_has_capture(s->b))
        screen_say(s->m, true, "a capture is compulsory: %s", paths);
    else if (s->t->nsquares == 0)
        screen_say(s->m, true, "no legal move starts on %s; legal: %s", square, paths);
    else
        screen_say(s->m, true, "no legal move goes %s%s; it may be: %s", typed, square, paths);
}

/* The square typed: a number, or a file and a rank ("c3") where the board
 * has letters; 0 when it is none of the board's dark squares. */
static int typed_square(const struct pdn_board *b, const char *typed)
{
    if (typed[0] >= 'a' && typed[0] <= 'z')
        return pdn_square_from_name((enum pdn_variant)b->variant, typed);
    long sq = strtol(typed, NULL, 10);
    return sq >= 1 && sq <= pdn_board_squares(b) ? (int)sq : 0;
}

/* The move a whole entry names: the typing ends. */
static void chosen(struct step *s, const struct pdn_move *m)
{
    *s->out = *m;
    s->played = true;
    typing_reset(s->t);
}

/* The square typed so far is complete: taken if a legal move fits it,
 * and the move chosen when the squares name one move to its end. */
static bool take_square(struct step *s)
{
    struct typing *t = s->t;
    char typed[sizeof t->digits];
    memcpy(typed, t->digits, sizeof typed);
    int sq = typed_square(s->b, typed);
    t->digits[0] = '\0';
    struct pdn_movelist legal;
    pdn_movegen(&legal, s->b, PDN_MOVEGEN_KEEP_DUPLICATES);
    int idx[PDN_MOVES_MAX];
    bool whole;
    if (sq == 0 || fitting(t, &legal, (enum pdn_variant)s->b->variant, sq, idx, &whole) == 0 ||
        t->nsquares >= PDN_PATH_MAX + 1) {
        refuse(s, typed, sq);
        memcpy(t->refused, typed, sizeof t->refused);
        return false;
    }
    t->squares[t->nsquares++] = sq;
    int n = fitting(t, &legal, (enum pdn_variant)s->b->variant, 0, idx, &whole);
    bool one = true;
    for (int i = 1; i < n; i++)
        one = one && same_move(&legal.moves[idx[i]], &legal.moves[idx[0]]);
    screen_say(s->m, false, "%s", "");
    if (one && whole) chosen(s, &legal.moves[idx[0]]);
    return true;
}

/* Enter: the text typed, read as the validator reads moves. */
static void submit(struct step *s)
{
    if (s->t->digits[0] && !take_square(s)) return;
    if (!s->t->active || s->t->nsquares == 0) return;
    struct pdn_movelist legal;
    pdn_movegen(&legal, s->b, PDN_MOVEGEN_KEEP_DUPLICATES);
    char text[128];
    typing_text(s->t, s->b, text, sizeof text, false);
    struct pdn_match m;
    pdn_move_match(&m, text, s->b, &legal, false);
    if (m.result == PDN_MATCH_OK) {
        chosen(s, &legal.moves[m.move]);
        return;
    }
    char paths[400];
    typing_fitting_paths(s->t, s->b, paths, sizeof paths);
    screen_say(s->m, true, "%s is %s: %s", text,
               m.result == PDN_MATCH_AMBIGUOUS ? "ambiguous, type more squares" : "not a move yet",
               paths);
}

static void type_digit(struct step *s, int key)
{
    struct typing *t = s->t;
    size_t n = strlen(t->digits);
    if (n + 1 >= sizeof t->digits) return;
    t->digits[n] = (char)key;
    t->digits[n + 1] = '\0';
    /* Complete when no further digit makes a square: "6", "28" on 50
     * squares; "c3" once its rank cannot grow (one digit on 8x8). */
    const char *d = t->digits;
    bool letter = d[0] >= 'a' && d[0] <= 'z';
    long limit =
        letter ? pdn_rules_get((enum pdn_variant)s->b->variant)->height : pdn_board_squares(s->b);
    if (strtol(d + letter, NULL, 10) * 10 > limit) take_square(s);
}

/* A file letter starts a square ("c" of "c3"); a square half typed before
 * it is complete, or refused. */
static void type_file(struct step *s, int key)
{
    if (s->t->digits[0] && !take_square(s)) return;
    if (!s->t->active) return; /* the square before it ended the move */
    s->t->digits[0] = (char)key;
    s->t->digits[1] = '\0';
}

/* Milliseconds a, f, g or h waits for a rank, where the board has letters:
 * "g3" starts a move, "g" alone is the tool's key. */
#define FILE_OR_KEY_MS 600

/*
 * Whether a key that is not a digit starts a move: a file letter of a board
 * with letters. The letters that are keys as well (a, f, g, h) start one
 * only when a rank follows at once; else the key after them is put back and
 * the letter does what it does.
 */
static bool starts_square(const struct pdn_board *b, int key)
{
    if (!file_key(b, key)) return false;
    if (key != 'a' && key != 'f' && key != 'g' && key != 'h') return true;
    int next = screen_getkey(FILE_OR_KEY_MS);
    if (next != ERR) ungetch(next);
    return next >= '1' && next < '1' + pdn_rules_get((enum pdn_variant)b->variant)->height;
}

static bool start_typing(struct step *s)
{
    if (pdn_movegen_count(s->b, 0) == 0) {
        screen_say(s->m, true, "no legal move here: the side to move has none");
        return false;
    }
    typing_reset(s->t);
    s->t->active = true;
    screen_say(s->m, false, "%s",
               has_letters(s->b)
                   ? "squares as you go (c3 d4) or a move (c3-d4); Enter plays, Esc drops"
                   : "squares as you go (28 19 10) or a move (28x10); Enter plays, Esc drops");
    return true;
}

/* Whether a key goes on the move typed: a digit, a file letter, a
 * separator. */
static bool move_key(const struct pdn_board *b, int key)
{
    return (key >= '0' && key <= '9') || file_key(b, key) || key == '-' || key == 'x' ||
           key == 'X' || key == ':' || key == ' ';
}

/* A key after a square refused: Enter or Backspace takes the square back
 * (the squares before it kept, the message about it too), the keys of the
 * move typed ahead are ignored; false when the key is not for this. */
static bool after_refusal(struct step *s, int key)
{
    if (key == '\n' || key == '\r' || key == KEY_ENTER || key == KEY_BACKSPACE || key == 127 ||
        key == 8) {
        s->t->refused[0] = '\0';
        return true;
    }
    return move_key(s->b, key);
}

/* A key while a move is typed; false when it is not the move's. */
static bool edit(struct step *s, int key)
{
    struct typing *t = s->t;
    if (t->refused[0] && after_refusal(s, key)) {
        /* ignored, or the refusal taken back */
    } else if (key >= '0' && key <= '9') {
        type_digit(s, key);
    } else if (file_key(s->b, key)) {
        type_file(s, key);
    } else if (key == '-' || key == 'x' || key == 'X' || key == ':' || key == ' ') {
        if (t->digits[0]) take_square(s);
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        submit(s);
    } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        size_t n = strlen(t->digits);
        if (n)
            t->digits[n - 1] = '\0';
        else if (t->nsquares)
            t->nsquares--;
        else
            typing_reset(t);
    } else if (key == 27) {
        typing_reset(t);
        screen_say(s->m, false, "move dropped");
    } else if (key != KEY_RESIZE && key != ERR) {
        /* Any other key drops the move half typed and does what it does. */
        typing_reset(t);
        screen_say(s->m, false, "%s", "");
        return false;
    }
    return true;
}

enum typing_result typing_key(struct typing *t, const struct pdn_board *b, int key,
                              struct pdn_move *out, struct screen_msg *m)
{
    struct step s = {.t = t, .b = b, .m = m, .out = out};
    bool digit = key >= '0' && key <= '9';
    if (!t->active && !digit && !starts_square(b, key)) return TYPING_NOT_MINE;
    if (!t->active && !start_typing(&s)) return TYPING_TAKEN;
    if (key == 'h' && !file_key(b, key)) return TYPING_HINT;
    if (!edit(&s, key)) return TYPING_NOT_MINE;
    return s.played ? TYPING_MOVE : TYPING_TAKEN;
}
