/*
 * Drawing the interactive view: a title bar, the board (left) with the
 * position's facts and the game's tags under it, the moves (right) with
 * the one shown highlighted, then the comment of the move, the finding,
 * the message line and the keys. Boxes over it: a list to pick from, the
 * help, the prompts. The board, text, frames and the prompts' key loops are
 * the shared screen's (../screen/), so pdnplay draws the same board.
 * Meaning is carried by A_REVERSE, A_BOLD and brackets, never by colour
 * alone, so a terminal without colours (or NO_COLOR) reads the same.
 * Nothing here changes the game.
 */
#include "tui.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

enum {
    MIN_COLS = 64,
    MIN_ROWS = 20,
    BOTTOM_ROWS = 5,     /* comment (2), finding, message, keys */
    FACT_ROWS = 3,       /* under the board: the move, the side to move, the pieces */
    MOVES_MIN_COLS = 48, /* the moves keep these when the tags widen the left column */
    PAIR_FINDING = SCREEN_PAIR_FINDING
};

static attr_t pair(const struct tui *u, int p)
{
    return screen_pair(&u->scr, p);
}

static int put(const struct tui *u, int y, int x, const char *s, int w, attr_t a)
{
    return screen_put(&u->scr, y, x, s, w, a);
}

static bool marked(const void *ctx, int s)
{
    return typing_marked(&((const struct tui *)ctx)->typing, s);
}

/* Returns the rows drawn. */
static int draw_board(const struct tui *u, int y, int x)
{
    const struct replay_entry *e = &u->g.entries[u->cur];
    struct screen_board v = {.board = replay_entry_board(&u->g, e),
                             .last = replay_entry_move(e),
                             .marked = marked,
                             .marked_ctx = u,
                             .flip = u->flip};
    return screen_draw_board(&u->scr, y, x, &v);
}

/* The move shown and where it stands, the side to move, the pieces. */
static void draw_facts(const struct tui *u, int y, int x, int w)
{
    const struct replay_entry *e = &u->g.entries[u->cur];
    const struct pdn_board *b = replay_entry_board(&u->g, e);
    char line[256];
    if (e->kind == ENTRY_START)
        snprintf(line, sizeof line, "Start position");
    else if (e->depth == 0)
        snprintf(line, sizeof line, "%s %s  ply %zu of %zu", replay_number(e).s,
                 replay_entry_text(&u->g, e), (size_t)e->index, u->g.main_plies);
    else
        snprintf(line, sizeof line, "%s %s  variation %s", replay_number(e).s,
                 replay_entry_text(&u->g, e), replay_entry_label(&u->g, e));
    put(u, y, x, line, w, A_BOLD);
    snprintf(line, sizeof line, "%s%s",
             !b->side_known               ? "Side to move unknown"
             : b->side == PDN_COLOR_WHITE ? "White to move"
                                          : "Black to move",
             u->flip ? "  (board flipped)" : "");
    put(u, y + 1, x, line, w, 0);
    int wm = pdn_board_count(b, PDN_PIECE_WHITE_MAN), wk = pdn_board_count(b, PDN_PIECE_WHITE_KING);
    int bm = pdn_board_count(b, PDN_PIECE_BLACK_MAN), bk = pdn_board_count(b, PDN_PIECE_BLACK_KING);
    snprintf(line, sizeof line, "White %d%s%.0d%s, Black %d%s%.0d%s", wm, wk ? " + " : "", wk,
             wk == 1 ? " king"
             : wk    ? " kings"
                     : "",
             bm, bk ? " + " : "", bk,
             bk == 1 ? " king"
             : bk    ? " kings"
                     : "");
    put(u, y + 2, x, line, w, 0);
}

/* The left column: the board's width, wider on a wide terminal so that a
 * tag's whole value shows (an Event of 40 characters), as long as the
 * moves keep MOVES_MIN_COLS columns. */
static int left_width(const struct tui *u, int board)
{
    int want = board;
    for (uint32_t i = 0; i < u->game->ntags; i++) {
        int n = 10 + screen_text_cols(u->game->tags[i].value);
        if (n > want) want = n;
    }
    int most = COLS - 4 - MOVES_MIN_COLS;
    if (want > most) want = most;
    return want > board ? want : board;
}

static void draw_tags(const struct tui *u, int y, int x, int w, int rows)
{
    const pdn_game *game = u->game;
    for (uint32_t i = 0; i < game->ntags && (int)i < rows; i++) {
        int n = put(u, y + (int)i, x, game->tags[i].name, 9, A_BOLD);
        screen_put_cut(&u->scr, y + (int)i, x + (n < 9 ? 9 : n) + 1, game->tags[i].value, w - 10,
                       0);
    }
}

/* ---- the moves
 * ------------------------------------------------------------------------------------ */

struct tok {
    size_t entry;
    bool stop, brk; /* a move that cannot be played; starts a new row */
    int depth;
    char text[PDN_MOVE_TEXT_MAX + 96];
    int row, col;
};

/* The game in reading order as tokens, made one at a time and placed as
 * they come: "12." numbers with their moves, each variation in ( ) on rows
 * of its own, indented by its depth. Made again at each drawing rather
 * than kept, as a game may hold a hundred thousand variations. */
struct tokens {
    const struct replay_game *g;
    size_t i;              /* the next entry */
    int open;              /* variations opened before the next move */
    bool need_number, brk; /* the next move shows its number; starts a row */
    int w;                 /* the columns of the panel */
    int row, col, indent;  /* where the last token ended */
};

static struct tokens tokens_start(const struct replay_game *g, int w)
{
    return (struct tokens){.g = g, .need_number = true, .w = w};
}

/* The ")" of each variation that ends before the next move, on the move. */
static void close_variations(const struct replay_game *g, size_t i, struct tok *k)
{
    for (; i < g->nentries; i++) {
        enum replay_entry_kind kind = g->entries[i].kind;
        if (kind != ENTRY_VARIATION_BEGIN && kind != ENTRY_VARIATION_END) return;
        if (kind == ENTRY_VARIATION_END && strlen(k->text) + 2 < sizeof k->text)
            strcat(k->text, ")");
    }
}

static void place(struct tokens *s, struct tok *k)
{
    int tw = screen_text_cols(k->text);
    if (k->brk || (s->col > s->indent && s->col + 1 + tw > s->w)) {
        s->row += s->col > 0;
        s->indent = 2 * k->depth < s->w / 2 ? 2 * k->depth : s->w / 2;
        s->col = s->indent;
    } else if (s->col > s->indent) {
        s->col++;
    }
    k->row = s->row;
    k->col = s->col;
    s->col += tw;
}

/* The next token, placed; false after the last. */
static bool next_token(struct tokens *s, struct tok *k)
{
    const struct replay_game *g = s->g;
    while (s->i < g->nentries) {
        size_t i = s->i++;
        const struct replay_entry *e = &g->entries[i];
        if (e->kind == ENTRY_START) continue;
        if (e->kind == ENTRY_VARIATION_BEGIN || e->kind == ENTRY_VARIATION_END) {
            s->open += e->kind == ENTRY_VARIATION_BEGIN;
            s->brk = s->need_number = true;
            continue;
        }
        *k = (struct tok){.entry = i, .depth = e->depth, .brk = s->brk};
        bool number = s->need_number || !e->second;
        const char *move = e->kind == ENTRY_PLY ? replay_entry_text(g, e) : e->node->text;
        char marks[24] = ""; /* as --text writes them: "!", "? $14" */
        if (e->node) replay_marks(marks, sizeof marks, e->node);
        /* A stopped move's text is the reader's, cut to a move's length. */
        snprintf(k->text, sizeof k->text, "%.*s%s%s%.*s%s%s", s->open > 8 ? 8 : s->open, "((((((((",
                 number ? replay_number(e).s : "", number ? " " : "", PDN_MOVE_TEXT_MAX, move,
                 marks, e->kind == ENTRY_STOP ? " (cannot be played)" : "");
        close_variations(g, i + 1, k);
        k->stop = e->kind == ENTRY_STOP;
        s->need_number = k->stop;
        s->open = 0;
        s->brk = false;
        place(s, k);
        return true;
    }
    return false;
}

/* Two passes over the tokens: where the move shown is, then the rows
 * around it drawn. */
static void draw_moves(const struct tui *u, int y, int x, int w, int h)
{
    put(u, y, x, "Moves", w, A_BOLD | A_UNDERLINE);
    struct tokens s = tokens_start(&u->g, w);
    struct tok k;
    int rows = 0, cur_row = 0;
    while (next_token(&s, &k)) {
        if (k.entry == u->cur) cur_row = k.row;
        rows = k.row + 1;
    }
    int visible = h - 1;
    int top = cur_row - visible / 3;
    if (top > rows - visible) top = rows - visible;
    if (top < 0) top = 0;
    s = tokens_start(&u->g, w);
    while (next_token(&s, &k) && k.row < top + visible) {
        if (k.row < top) continue;
        attr_t a = k.depth > 0 ? A_DIM : 0;
        if (k.stop) a = A_UNDERLINE | A_BOLD | pair(u, PAIR_FINDING);
        if (k.entry == u->cur) a = A_REVERSE | A_BOLD;
        put(u, y + 1 + k.row - top, x + k.col, k.text, w - k.col, a);
    }
    if (rows == 0) put(u, y + 1, x, "(no moves)", w, A_DIM);
}

/* ---- the rows at the bottom --------------------------------------------------------------------
 */

/* The comments of the move shown, run together on up to 'most' rows,
 * without the commands for programs (as --narrate reads them); the times
 * of a clock command in words on the row the comments leave. */
static void draw_comment(const struct tui *u, int y, int w, int most)
{
    const struct replay_entry *e = &u->g.entries[u->cur];
    if (e->kind != ENTRY_PLY) return;
    const struct pdn_annotations *a = pdn_annotations_of(e->node);
    char text[2048] = "", clock[128] = "";
    size_t len = 0;
    for (uint32_t pass = 0; pass < 2; pass++) {
        const struct pdn_comment *c = pass ? a->comments_after : a->comments_before;
        uint32_t nc = pass ? a->ncomments_after : a->ncomments_before;
        for (uint32_t i = 0; i < nc && len + 4 < sizeof text; i++) {
            replay_clock_text(clock, sizeof clock, c[i].text); /* the last one said */
            char *said = replay_comment_text(c[i].text);
            if (said)
                len +=
                    (size_t)snprintf(text + len, sizeof text - len, "%s%s", len ? " / " : "", said);
            free(said);
        }
    }
    for (char *p = text; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
    int rows = 0;
    if (len) {
        int first = put(u, y, 0, "Comment: ", 9, A_BOLD);
        rows = screen_put_rows(&u->scr, y, first, text, w - first, most, 0); /* between words */
    }
    if (clock[0] && rows < most) {
        put(u, y + rows, 0, "Clock:", 9, A_BOLD);
        put(u, y + rows, 9, clock, w - 9, 0); /* under the comment */
    }
}

/* The finding to see here: the next move that cannot be played, else the
 * game's first error (or first finding). */
static void draw_finding(const struct tui *u, int y, int w)
{
    char line[1024];
    size_t next = tui_nav_next(&u->g, u->cur);
    attr_t a = A_BOLD | pair(u, PAIR_FINDING);
    if (next != TUI_NONE && u->g.entries[next].kind == ENTRY_STOP) {
        const struct replay_entry *e = &u->g.entries[next];
        snprintf(line, sizeof line, "! Next, %s %s cannot be played: %u:%u: %s", replay_number(e).s,
                 e->node->text, e->stop->line, e->stop->col, e->stop->message);
        screen_put_rows(&u->scr, y, 0, line, w, 1, a); /* cut after a word, not in one */
        return;
    }
    if (u->nfindings == 0) return;
    const char *first = u->findings[0];
    for (size_t i = 0; i < u->nfindings; i++)
        if (strstr(u->findings[i], ": error: ")) {
            first = u->findings[i];
            break;
        }
    snprintf(line, sizeof line, "! %zu finding%s in this game; %s", u->nfindings,
             u->nfindings == 1 ? "" : "s", first);
    screen_put_rows(&u->scr, y, 0, line, w, 1, a);
}

/* The keys used most, the way out first; ? lists them all. */
static const char keys_bar[] =
    " ? help  q quit  \xe2\x86\x90\xe2\x86\x92 move  v/Esc variation  g goto"
    "  0-9 play  u undo  w write  [ ] game  l list";
static const char keys_bar_ascii[] =
    " ? help  q quit  <- -> move  v/Esc variation  g goto  0-9 play"
    "  u undo  w write  [ ] game  l list";

static void draw_title(const struct tui *u)
{
    const struct replay_listed *l = &u->book->games[u->game_no];
    char line[1024];
    /* "1/2" would read as a half point beside a result: words. */
    snprintf(line, sizeof line, " game %zu of %zu%s  %s - %s  %s  %s  %s  (%s, number %zu in it)",
             u->game_no + 1, u->book->n, u->dirty ? " [explored]" : "", l->white ? l->white : "?",
             l->black ? l->black : "?", l->result ? l->result : "*", l->date ? l->date : "",
             l->event ? l->event : "", l->file, l->index);
    screen_bar(&u->scr, 0, line, A_BOLD);
}

/* The message line while a move is typed ("Your move 12... 28x19x"); false
 * when none is. */
static bool typing_prompt(const struct tui *u, char *out, size_t cap)
{
    if (!u->typing.active) return false;
    char text[128], number[16];
    typing_text(&u->typing, replay_entry_board(&u->g, &u->g.entries[u->cur]), text, sizeof text,
                true);
    tui_nav_next_number(&u->g, u->cur, number);
    snprintf(out, cap, "Your move %s %s", number, text);
    return true;
}

/* The prompt's line: a prompt, the move being typed (with what was
 * refused after it, in sight), or the message. Returns the cursor's
 * column, -1 for none. */
static int draw_message(const struct tui *u, int y, const char *prompt)
{
    char typing[1024];
    int cursor = -1;
    if (prompt == NULL && typing_prompt(u, typing, sizeof typing)) {
        size_t n = strlen(typing);
        cursor = screen_text_cols(typing);
        if (u->say.text[0]) snprintf(typing + n, sizeof typing - n, "    %s", u->say.text);
        screen_put_rows(&u->scr, y, 0, typing, COLS, 1, A_BOLD); /* cut with an ellipsis */
    } else if (prompt) {
        cursor = put(u, y, 0, prompt, COLS, A_BOLD);
    } else {
        screen_put_rows(&u->scr, y, 0, u->say.text, COLS, 1, /* the legal moves: whole */
                        u->say.error ? A_BOLD | pair(u, PAIR_FINDING) : 0);
    }
    return cursor;
}

void tui_draw(struct tui *u, const char *prompt)
{
    erase();
    if (screen_too_small(&u->scr, "pdnreplay", MIN_COLS, MIN_ROWS)) {
        refresh();
        return;
    }
    draw_title(u);
    const struct pdn_rules *r = pdn_rules_get((enum pdn_variant)u->g.start.variant);
    int left = left_width(u, 3 * r->width + 2);
    int used = 1 + draw_board(u, 1, 1);
    /* The rows at the bottom start below the facts: on 20 rows a 10x10
     * board and its facts leave the comment one row (they shared one, the
     * pieces under the clock's times). */
    int y = LINES - BOTTOM_ROWS, comment_rows = 2;
    if (y < used + FACT_ROWS) {
        comment_rows -= used + FACT_ROWS - y;
        y = used + FACT_ROWS;
    }
    draw_facts(u, used, 1, left);
    draw_tags(u, used + FACT_ROWS + 1, 1, left, y - used - FACT_ROWS - 2);
    draw_moves(u, 1, left + 3, COLS - left - 4, y - 1);
    draw_comment(u, y, COLS, comment_rows);
    y = LINES - 2; /* the message's row, between the finding and the keys */
    draw_finding(u, y - 1, COLS);
    int cursor = draw_message(u, y, prompt);
    screen_keys_bar(&u->scr, LINES - 1, u->scr.unicode ? keys_bar : keys_bar_ascii);
    curs_set(cursor >= 0);
    if (cursor >= 0) move(y, cursor < COLS ? cursor : COLS - 1);
    refresh();
}

/* ---- prompts and boxes ------------------------------------------------------------------------
 */

static void redraw(void *ctx, const char *prompt)
{
    tui_draw(ctx, prompt);
}

bool tui_prompt(struct tui *u, const char *label, char *buf, size_t cap)
{
    return screen_prompt(redraw, u, label, buf, cap);
}

bool tui_ask(struct tui *u, const char *question)
{
    return screen_ask(redraw, u, question);
}

size_t tui_pick(struct tui *u, const char *title, char **rows, size_t n, size_t at)
{
    size_t sel = at < n ? at : 0, top = 0;
    for (;;) {
        tui_draw(u, NULL);
        int w = screen_text_cols(title) + 4;
        for (size_t i = 0; i < n; i++)
            if (rows[i] && screen_text_cols(rows[i]) + 6 > w) w = screen_text_cols(rows[i]) + 6;
        if (w > COLS - 2) w = COLS - 2;
        int h = (int)n + 4 < LINES - 2 ? (int)n + 4 : LINES - 2;
        int visible = h - 4, y = (LINES - h) / 2, x = (COLS - w) / 2;
        if (sel < top) top = sel;
        if (sel >= top + (size_t)visible) top = sel - (size_t)visible + 1;
        screen_box(&u->scr, y, x, h, w);
        put(u, y + 1, x + 2, title, w - 4, A_BOLD);
        for (int i = 0; i < visible && top + (size_t)i < n; i++) {
            size_t k = top + (size_t)i;
            char row[32];
            snprintf(row, sizeof row, "%s", k == sel ? "> " : "  ");
            put(u, y + 3 + i, x + 1, row, 2, 0);
            put(u, y + 3 + i, x + 3, rows[k] ? rows[k] : "?", w - 4,
                k == sel ? A_REVERSE | A_BOLD : 0);
        }
        refresh();
        int k = screen_getkey(-1);
        if (k == 'q') u->quit_asked = true;
        if (k == ERR || k == 27 || k == 'q' || k == KEY_LEFT) return TUI_NONE;
        if (k == '\n' || k == '\r' || k == KEY_ENTER || k == KEY_RIGHT) return sel;
        if (n <= 9 && k >= '1' && k < '1' + (int)n) return (size_t)(k - '1');
        if ((k == KEY_UP || k == 'k') && sel > 0) sel--;
        if ((k == KEY_DOWN || k == 'j') && sel + 1 < n) sel++;
        if (k == KEY_PPAGE) sel = sel > (size_t)visible ? sel - (size_t)visible : 0;
        if (k == KEY_NPAGE) sel = sel + (size_t)visible < n ? sel + (size_t)visible : n - 1;
        if (k == KEY_HOME) sel = 0;
        if (k == KEY_END) sel = n - 1;
    }
}

void tui_help(struct tui *u)
{
    static const char *const lines[] = {
        "right, n, space  next move (a chooser where variations start)",
        "left, p          previous move",
        "Home, End        the start; the end of this line",
        "g                go to a move number: 23 (the first mover's) or 23...",
        "v, Esc           enter a variation of this move; back to where it branches",
        "[ ]              previous, next game chosen",
        "/                find a game by a player's name",
        "l                the list of games chosen",
        "a                autoplay: then 1 slow, 2 normal, 3 fast; any key stops",
        "f                flip the board",
        "0-9              play a move of your own: 32-28, 28x10, or square",
        "                 by square (28 19 10); Enter plays, Esc drops",
        "a-h              the same where squares have letters: c3-d4, c3 d4",
        "h                the engine's best move and the legal moves here",
        "E                the engine's verdict on the move that led here",
        "u                undo your last move",
        "w                write the game, with your moves, to a PDN file",
        "q                quit, from anywhere but a text being typed",
    };
    size_t n = sizeof lines / sizeof lines[0];
    int k = screen_lines_box(&u->scr, redraw, u, "Keys (q quits, any other key closes this)", lines,
                             n, 74);
    u->quit_asked = k == 'q';
}
