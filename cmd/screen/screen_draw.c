/*
 * Drawing on the full screen: text cut to a width (UTF-8 in a UTF-8
 * locale, else ASCII with '?' for what ASCII lacks), bars, frames, boxes,
 * the too-small notice, and the board: three columns a square, the last
 * move in brackets, the squares typed in reverse video. Meaning is carried
 * by A_REVERSE, A_BOLD and brackets, never by colour alone.
 */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "screen.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

attr_t screen_pair(const struct screen *s, int pair)
{
    return s->color ? COLOR_PAIR(pair) : 0;
}

/* The bytes of the UTF-8 character s starts with (1 for a stray byte). */
static size_t char_len(const unsigned char *s)
{
    size_t n = *s < 0x80 ? 1 : *s >= 0xf0 ? 4 : *s >= 0xe0 ? 3 : *s >= 0xc0 ? 2 : 1;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 1;
    return n;
}

/* The columns the character of n bytes at p takes on a terminal: two for
 * the wide characters of Chinese, Japanese and Korean, none for a
 * combining mark (wcwidth, in the UTF-8 locale the screen runs in), one
 * for what it cannot tell. */
static int char_cols(const unsigned char *p, size_t n)
{
    if (n == 1) return 1;
    uint32_t cp = p[0] & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
    for (size_t i = 1; i < n; i++)
        cp = cp << 6 | (p[i] & 0x3f);
    int cols = wcwidth((wchar_t)cp);
    return cols < 0 ? 1 : cols;
}

/* The bytes of text's longest start of at most w columns. */
static size_t cols_prefix(const char *text, size_t len, int w)
{
    size_t at = 0;
    for (int cols = 0; at < len;) {
        size_t n = char_len((const unsigned char *)text + at);
        int c = char_cols((const unsigned char *)text + at, n);
        if (cols + c > w || at + n > len) break;
        cols += c;
        at += n;
    }
    return at;
}

int screen_put(const struct screen *s, int y, int x, const char *text, int w, attr_t a)
{
    char buf[1024];
    size_t len = 0;
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && cols < w;) {
        size_t n = char_len(p);
        int c = n > 1 && s->unicode ? char_cols(p, n) : 1;
        if (len + n >= sizeof buf || cols + c > w) break;
        if (*p < 0x20 || *p == 0x7f)
            buf[len++] = ' ';
        else if (n > 1 && !s->unicode)
            buf[len++] = '?';
        else
            memcpy(buf + len, p, n), len += n;
        p += n;
        cols += c;
    }
    buf[len] = '\0';
    if (cols == 0) return 0;
    attron(a);
    mvaddstr(y, x, buf);
    attroff(a);
    return cols;
}

int screen_put_cut(const struct screen *s, int y, int x, const char *text, int w, attr_t a)
{
    const char *more = s->unicode ? "\xe2\x80\xa6" : "...";
    int room = w - screen_text_cols(more);
    if (room < 1 || screen_text_cols(text) <= w) return screen_put(s, y, x, text, w, a);
    char line[1024];
    size_t n = cols_prefix(text, strlen(text), room);
    snprintf(line, sizeof line, "%.*s%s", (int)(n < 900 ? n : 900), text, more);
    return screen_put(s, y, x, line, w, a);
}

/* The bytes of text's first row of w columns, broken after a word (a word
 * wider than the row is cut); *next is where the next row starts, past the
 * blanks. */
static size_t row_bytes(const char *text, size_t len, int w, size_t *next)
{
    size_t cut = cols_prefix(text, len, w), end = cut;
    if (cut < len && text[cut] != ' ') {
        while (end > 0 && text[end - 1] != ' ')
            end--;
        if (end == 0) end = cut; /* one word wider than the row */
    }
    *next = end;
    while (end > 0 && text[end - 1] == ' ')
        end--;
    while (*next < len && text[*next] == ' ')
        (*next)++;
    return end;
}

int screen_put_rows(const struct screen *s, int y, int x, const char *text, int w, int rows,
                    attr_t a)
{
    size_t len = strlen(text), at = 0;
    int row = 0;
    for (; row < rows && at < len; row++) {
        size_t next, n = row_bytes(text + at, len - at, w, &next);
        /* The last row, when more is left: after a whole word, and an
         * ellipsis says the rest was left out ("33-2" read as a move). */
        bool cut = row == rows - 1 && at + next < len && w > 8;
        const char *more = s && s->unicode ? " \xe2\x80\xa6" : " ...";
        if (cut) n = row_bytes(text + at, len - at, w - screen_text_cols(more), &next);
        char line[1024];
        snprintf(line, sizeof line, "%.*s%s", (int)(n < 900 ? n : 900), text + at, cut ? more : "");
        if (s) screen_put(s, y + row, x, line, w, a);
        at += next;
    }
    return row;
}

int screen_text_cols(const char *text)
{
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t n = char_len(p);
        cols += char_cols(p, n);
        p += n;
    }
    return cols;
}

void screen_bar(const struct screen *s, int y, const char *text, attr_t a)
{
    attron(A_REVERSE);
    mvhline(y, 0, ' ', COLS);
    attroff(A_REVERSE);
    screen_put(s, y, 0, text, COLS, A_REVERSE | a);
}

void screen_keys_bar(const struct screen *s, int y, const char *keys)
{
    const char *more = s->unicode ? "  \xe2\x80\xa6" : "  ...";
    size_t len = strlen(keys), end = len;
    if (screen_text_cols(keys) > COLS) { /* the last key before the room for the ellipsis */
        size_t fit = cols_prefix(keys, len, COLS - screen_text_cols(more));
        end = 0;
        for (const char *p = strstr(keys, "  "); p && (size_t)(p - keys) <= fit;
             p = strstr(p + 2, "  "))
            end = (size_t)(p - keys);
    }
    char line[1024];
    snprintf(line, sizeof line, "%.*s%s", (int)(end < 900 ? end : 900), keys,
             end < len ? more : "");
    screen_bar(s, y, line, 0);
}

void screen_frame_line(const struct screen *s, int y, int x, int inner, bool top)
{
    const char *l = s->unicode ? (top ? "┌" : "└") : "+";
    const char *r = s->unicode ? (top ? "┐" : "┘") : "+";
    screen_put(s, y, x, l, 1, 0);
    for (int i = 0; i < inner; i++)
        screen_put(s, y, x + 1 + i, s->unicode ? "─" : "-", 1, 0);
    screen_put(s, y, x + 1 + inner, r, 1, 0);
}

void screen_box(const struct screen *s, int y, int x, int h, int w)
{
    /* A margin of one column beside the frame would show one character of
     * the view, cut from its word (the '?' of "? lists the keys" beside
     * the list of games): such a margin is blanked with the box. */
    int left = x < 2 ? 0 : x, right = COLS - (x + w) < 2 ? COLS : x + w;
    for (int i = 0; i < h; i++)
        mvhline(y + i, left, ' ', right - left);
    screen_frame_line(s, y, x, w - 2, true);
    for (int i = 1; i < h - 1; i++) {
        screen_put(s, y + i, x, s->unicode ? "│" : "|", 1, 0);
        screen_put(s, y + i, x + w - 1, s->unicode ? "│" : "|", 1, 0);
    }
    screen_frame_line(s, y + h - 1, x, w - 2, false);
}

bool screen_too_small(const struct screen *s, const char *prog, int cols, int rows)
{
    if (COLS >= cols && LINES >= rows) return false;
    char line[128];
    snprintf(line, sizeof line, "Too small: %dx%d.", COLS, LINES);
    screen_put(s, 0, 0, line, COLS, A_BOLD);
    snprintf(line, sizeof line, "%s wants %dx%d at least.", prog, cols, rows);
    screen_put(s, 1, 0, line, COLS, 0);
    screen_put(s, 2, 0, "q quits.", COLS, 0);
    return true;
}

/* ---- the board ---- */

static bool captured(const struct pdn_move *m, int variant, int sq)
{
    uint8_t taken[PDN_PATH_MAX];
    int n = m ? pdn_move_captures(taken, m, (enum pdn_variant)variant) : 0;
    for (int i = 0; i < n; i++)
        if (taken[i] == sq) return true;
    return false;
}

/* One square, three columns: " ● ", "21 " or "c3 ", the last move in brackets. */
static void draw_square(const struct screen *s, int y, int x, const struct screen_board *v, int sq)
{
    static const char *const uni[] = {"", "○", "♔", "●", "♚"};
    static const char *const ascii[] = {"", "w", "W", "b", "B"};
    const struct pdn_board *b = v->board;
    const struct pdn_move *last = v->last;
    enum pdn_piece p = pdn_board_get(b, sq);
    const char *glyph = (s->unicode ? uni : ascii)[p];
    char cell[16];
    attr_t a = 0;
    if (last && sq == last->to) {
        snprintf(cell, sizeof cell, "[%s]", glyph);
        a = A_BOLD | screen_pair(s, SCREEN_PAIR_LAST);
    } else if (last && sq == last->from && p == PDN_PIECE_EMPTY) {
        snprintf(cell, sizeof cell, "[%s]", s->unicode ? "·" : ".");
        a = A_BOLD | screen_pair(s, SCREEN_PAIR_LAST);
    } else if (captured(last, b->variant, sq)) {
        snprintf(cell, sizeof cell, "[%s]", s->unicode ? "×" : "x");
        a = A_BOLD | screen_pair(s, SCREEN_PAIR_LAST);
    } else if (p != PDN_PIECE_EMPTY) {
        snprintf(cell, sizeof cell, " %s ", glyph);
        a = p == PDN_PIECE_WHITE_KING || p == PDN_PIECE_BLACK_KING ? A_BOLD : 0;
    } else {
        char text[PDN_SQUARE_TEXT_MAX];
        pdn_square_text(text, (enum pdn_variant)b->variant, sq);
        snprintf(cell, sizeof cell, "%2s ", text);
        a = A_DIM;
    }
    if (v->marked && v->marked(v->marked_ctx, sq))
        a = A_REVERSE | A_BOLD | screen_pair(s, SCREEN_PAIR_TYPED);
    screen_put(s, y, x, cell, 3, a);
}

int screen_board_cols(enum pdn_variant v)
{
    return 3 * pdn_rules_get(v)->width + 2;
}

int screen_draw_board(const struct screen *s, int y, int x, const struct screen_board *v)
{
    enum pdn_variant variant = (enum pdn_variant)v->board->variant;
    const struct pdn_rules *r = pdn_rules_get(variant);
    const char *bar = s->unicode ? "│" : "|";
    screen_frame_line(s, y, x, 3 * r->width, true);
    for (int row = 0; row < r->height; row++) {
        screen_put(s, y + 1 + row, x, bar, 1, 0);
        for (int col = 0; col < r->width; col++) {
            int sq = pdn_diagram_square_at(variant, row, col, v->flip);
            if (sq) draw_square(s, y + 1 + row, x + 1 + 3 * col, v, sq);
        }
        screen_put(s, y + 1 + row, x + 1 + 3 * r->width, bar, 1, 0);
    }
    screen_frame_line(s, y + 1 + r->height, x, 3 * r->width, false);
    return r->height + 2;
}
