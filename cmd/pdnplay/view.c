/*
 * pdnplay's full screen: a title bar with the players, the board (left)
 * drawn as pdnreplay's view draws it (../screen/, the last move in
 * brackets, the squares typed in reverse video), the players, the side to
 * move and the moves so far (right), then the hint, the message line
 * (where a move being typed shows) and the keys. Draws; changes nothing.
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

enum {
    MIN_COLS = 64,
    MIN_ROWS = 20,
    BOTTOM_ROWS = 4 /* hint (2), message, keys */
};

/* The keys used most, the way out first: on 64 columns those after
 * "w save" give way (whole; ? lists them all). */
static const char keys_bar[] = " ? help  q quit  0-9 move  h hint  w save  u take back"
                               "  n new game  f flip";
static const char keys_bar_friend[] = " ? help  q resign  0-9 move  h hint  w save"
                                      "  u ask to take back  f flip";

static void put(const struct play_view *v, int y, int x, const char *s, int w, attr_t a)
{
    screen_put(&v->scr, y, x, s, w, a);
}

/* The hint on two lines, broken between two moves. */
static void draw_hint(const struct play_view *v, int y)
{
    int first = screen_put(&v->scr, y, 0, "Hint: ", 6, A_BOLD);
    screen_put_rows(&v->scr, y, first, v->hint, COLS - first, 2, 0);
}

static void draw_title(const struct play_view *v)
{
    const struct play *p = v->p;
    char line[256], level[32];
    snprintf(level, sizeof level, "the computer, level %d", p->level);
    const char *other = p->peer ? (p->peer[0] ? p->peer : "your friend") : level;
    const char *white = p->two ? "White" : p->human == PDN_COLOR_WHITE ? "You" : other;
    const char *black = p->two ? "Black" : p->human == PDN_COLOR_BLACK ? "You" : other;
    const char *variant = pdn_rules_get((enum pdn_variant)p->g.start.variant)->name;
    const char *dirty = v->dirty ? "  [not saved]" : "";
    snprintf(line, sizeof line, " pdnplay  %s (White) - %s (Black)  %s%s", white, black, variant,
             dirty);
    /* On 80 columns "[not saved]", which w answers, lost its end: the
     * variant, which the board shows, gives way first. */
    if (pdn_text_width(line, strlen(line)) > (size_t)COLS)
        snprintf(line, sizeof line, " pdnplay  %s (White) - %s (Black)%s", white, black, dirty);
    screen_bar(&v->scr, 0, line, A_BOLD);
}

/* Who moves, the pieces, and the game's end when it is over. */
static int draw_facts(const struct play_view *v, int y, int x, int w)
{
    const struct play *p = v->p;
    const struct pdn_board *b = &p->g.board;
    char line[256];
    bool over = play_over(p, line, sizeof line);
    if (!over) {
        const char *side = play_side_name((enum pdn_color)b->side);
        if (p->two)
            snprintf(line, sizeof line, "%s to move", side);
        else if (b->side == p->human)
            snprintf(line, sizeof line, "%s to move: your move", side);
        else
            snprintf(line, sizeof line, "%s to move: %s", side,
                     p->peer ? "waiting for your friend" : "the computer's move");
    }
    put(v, y, x, over ? "Game over" : "", w, A_BOLD);
    /* Why it is over may take two rows: cut, it lost its end on 80 columns. */
    int rows = screen_put_rows(&v->scr, y + over, x, line, w, over ? 2 : 1, over ? A_BOLD : 0);
    int wm = pdn_board_count(b, PDN_PIECE_WHITE_MAN), wk = pdn_board_count(b, PDN_PIECE_WHITE_KING);
    int bm = pdn_board_count(b, PDN_PIECE_BLACK_MAN), bk = pdn_board_count(b, PDN_PIECE_BLACK_KING);
    snprintf(line, sizeof line, "White %d %s, %d king%s; Black %d %s, %d king%s", wm,
             wm == 1 ? "man" : "men", wk, wk == 1 ? "" : "s", bm, bm == 1 ? "man" : "men", bk,
             bk == 1 ? "" : "s");
    /* On 64 columns Black's pieces go to a second row (they were cut). */
    return over + rows + screen_put_rows(&v->scr, y + over + rows, x, line, w, 2, 0);
}

/* The moves so far, "1. 32-28 18-23 2. ...", on rows of w columns; the
 * last rows when they do not all fit, the last move in reverse video. */
static void draw_moves(const struct play_view *v, int y, int x, int w, int h)
{
    const struct play *p = v->p;
    put(v, y, x, "Moves", w, A_BOLD | A_UNDERLINE);
    if (p->g.nplies == 0) put(v, y + 1, x, "(none yet)", w, A_DIM);
    /* Two passes: how many rows the moves take, then the rows that fit. */
    int rows = 1;
    for (int pass = 0; pass < 2; pass++) {
        int row = 0, col = 0, top = rows > h - 1 ? rows - (h - 1) : 0;
        for (int i = 0; i < p->g.nplies; i++) {
            char number[16], move[PDN_MOVE_TEXT_MAX], token[16 + PDN_MOVE_TEXT_MAX + 2];
            play_ply_number(number, p, i);
            play_move_text(move, &p->g.before[i], &p->g.moves[i]);
            bool numbered = i == 0 || number[strlen(number) - 2] != '.';
            snprintf(token, sizeof token, "%s%s%s", numbered ? number : "", numbered ? " " : "",
                     move);
            int tw = screen_text_cols(token);
            if (col > 0 && col + 1 + tw > w) row++, col = 0;
            int at = col + (col > 0);
            if (pass == 1 && row >= top)
                put(v, y + 1 + row - top, x + at, token, w - at,
                    i == p->g.nplies - 1 ? A_REVERSE | A_BOLD : 0);
            col = at + tw;
        }
        rows = row + 1;
    }
}

static bool marked(const void *ctx, int s)
{
    return typing_marked(&((const struct play_view *)ctx)->typing, s);
}

/* The message line: a prompt, the move being typed with what was refused
 * after it, the engine thinking, or the message. Returns the cursor's
 * column, -1 for none. */
static int draw_message(const struct play_view *v, int y, const char *prompt)
{
    const struct play *p = v->p;
    if (prompt) return screen_put(&v->scr, y, 0, prompt, COLS, A_BOLD);
    if (v->thinking[0]) {
        put(v, y, 0, v->thinking, COLS, A_BOLD);
        return -1;
    }
    if (!v->typing.active) {
        /* A long message (the game's end, why, and the keys that follow)
         * takes the hint's second row when there is no hint. */
        attr_t a = v->say.error ? A_BOLD | screen_pair(&v->scr, SCREEN_PAIR_FINDING) : 0;
        int rows = v->hint[0] ? 1 : screen_put_rows(NULL, 0, 0, v->say.text, COLS, 2, 0);
        screen_put_rows(&v->scr, y - (rows - 1), 0, v->say.text, COLS, rows, a);
        return -1;
    }
    char line[1024], number[16], typed[128];
    play_ply_number(number, p, p->g.nplies);
    typing_text(&v->typing, &p->g.board, typed, sizeof typed, true);
    int n = snprintf(line, sizeof line, "Your move %s %s", number, typed);
    int cursor = screen_text_cols(line);
    if (v->say.text[0]) snprintf(line + n, sizeof line - (size_t)n, "    %s", v->say.text);
    screen_put_rows(&v->scr, y, 0, line, COLS, 1, A_BOLD); /* cut with an ellipsis */
    return cursor;
}

void play_view_draw(struct play_view *v, const char *prompt)
{
    const struct play *p = v->p;
    erase();
    if (screen_too_small(&v->scr, "pdnplay", MIN_COLS, MIN_ROWS)) {
        refresh();
        return;
    }
    draw_title(v);
    struct screen_board b = {.board = &p->g.board,
                             .last = p->g.nplies ? &p->g.moves[p->g.nplies - 1] : NULL,
                             .marked = marked,
                             .marked_ctx = v,
                             .flip = p->flip};
    int left = screen_board_cols((enum pdn_variant)p->g.board.variant) + 1;
    screen_draw_board(&v->scr, 1, 1, &b);
    int x = left + 2, w = COLS - x - 1, main_rows = LINES - 1 - BOTTOM_ROWS;
    int used = draw_facts(v, 1, x, w);
    draw_moves(v, 2 + used, x, w, main_rows - 2 - used);
    int y = LINES - BOTTOM_ROWS;
    if (v->hint[0]) draw_hint(v, y);
    int cursor = draw_message(v, y + 2, prompt);
    screen_keys_bar(&v->scr, LINES - 1, p->peer ? keys_bar_friend : keys_bar);
    curs_set(cursor >= 0);
    if (cursor >= 0) move(y + 2, cursor < COLS ? cursor : COLS - 1);
    refresh();
}

static void redraw(void *ctx, const char *prompt)
{
    play_view_draw(ctx, prompt);
}

int play_view_help(struct play_view *v)
{
    static const char *const lines[] = {
        "0-9        type your move: 32-28, 28x10, or square by square",
        "           (28 19 10); Enter plays, Esc drops, Backspace edits",
        "a-h        the same where squares have letters: c3-d4, c3 d4",
        "h          a hint: the engine's move, its score, the line it expects",
        "u          take back your move and the computer's answer (over",
        "           DXP: ask your friend to)",
        "n          a new game (the same start, colours and level)",
        "w          save the game as PDN: players, level, date, result",
        "f          flip the board",
        "q          quit (over DXP: resign)",
    };
    return screen_lines_box(&v->scr, redraw, v, "Keys (q quits, any other key closes this)", lines,
                            sizeof lines / sizeof lines[0], 74);
}
