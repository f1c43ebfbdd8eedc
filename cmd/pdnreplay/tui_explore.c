/*
 * Exploring: the user plays moves of their own at any position of the
 * game shown. A move is typed in any notation the validator reads, or
 * square by square, each square checked as it comes against the legal
 * moves (libpdn's pdn_movegen; pdn_move_match has the last word). On the
 * boards whose players write squares as letters (Russian, Brazilian,
 * Czech: "c3-d4") a square is a file letter and a rank as well as a
 * number; squares and moves are shown as the variant writes them.
 *
 * The library's games are read-only, so an explored move goes into the
 * game's text: written as a variation of the move it replaces (or at the
 * end of its line, which it then extends), in the place the PDN grammar
 * wants it, and the text is read again (tui_load). The explored line is
 * then a variation like any other: shown, browsed, explored further, and
 * written by the library's writer (pdn_format_game), so what is written
 * reads back as what was shown. Each move keeps the text before it, for u.
 * Draws nothing: curses only names the keys here.
 */
#include "tui.h"

#include "../output.h"

#include <ctype.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ---- the moves that may be played ----------------------------------------------------- */

static const struct pdn_board *board_here(const struct tui *u)
{
    return replay_entry_board(&u->g, &u->g.entries[u->cur]);
}

static enum pdn_variant variant_here(const struct tui *u)
{
    return (enum pdn_variant)board_here(u)->variant;
}

/* Whether the board here writes squares with letters ("c3"). */
static bool letters_here(const struct tui *u)
{
    return pdn_rules_get(variant_here(u))->algebraic;
}

/* A file letter of the board here ('a' to 'h' on 8x8), when it has letters. */
static bool file_key(const struct tui *u, int key)
{
    return letters_here(u) && key >= 'a' && key < 'a' + pdn_rules_get(variant_here(u))->width;
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
 * takes. 'whole' says they are its whole landing path.
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
        *whole = n - 1 == m->npath && j == m->npath;
        return true;
    }
    uint8_t taken[PDN_PATH_MAX];
    int ntaken = pdn_move_captures(taken, m, v);
    for (k = 1; k < n; k++)
        if (!on_list(sq[k], m->path, m->npath) && !on_list(sq[k], taken, ntaken)) return false;
    return ntaken > 0;
}

/* The legal moves the squares typed (and one more, when next > 0) fit. */
static int fitting(const struct tui *u, const struct pdn_movelist *legal, int next, int *out,
                   bool *whole_one)
{
    int sq[PDN_PATH_MAX + 3];
    int n = u->typing.nsquares;
    memcpy(sq, u->typing.squares, (size_t)n * sizeof *sq);
    if (next > 0) sq[n++] = next;
    int count = 0;
    *whole_one = false;
    for (int i = 0; i < legal->count; i++) {
        bool whole;
        if (!fits(&legal->moves[i], sq, n, variant_here(u), &whole)) continue;
        if (whole) *whole_one = true;
        out[count++] = i;
    }
    return count;
}

/* "28x19x10  28x17x8": the moves of a list, by their whole path. */
static void list_paths(const struct tui *u, char *out, size_t cap, const struct pdn_movelist *legal,
                       const int *idx, int n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len + 1 < cap; i++) {
        char path[PDN_MOVE_TEXT_MAX];
        pdn_move_path_text(path, &legal->moves[idx[i]], variant_here(u));
        bool dup = false;
        for (int k = 0; k < i && !dup; k++)
            dup = same_move(&legal->moves[idx[k]], &legal->moves[idx[i]]);
        if (!dup) len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? "  " : "", path);
    }
}

/* ---- the typed text ------------------------------------------------------------------------ */

static void typing_reset(struct tui *u)
{
    memset(&u->typing, 0, sizeof u->typing);
}

bool tui_explore_typed(const struct tui *u, int s)
{
    for (int i = 0; u->typing.active && i < u->typing.nsquares; i++)
        if (u->typing.squares[i] == s) return true;
    return false;
}

/* "28x19x1", "c3xe5xg": the squares so far, joined as the moves here are
 * written, then the square being typed. */
static void typed_text(const struct tui *u, char *out, size_t cap, bool trailing)
{
    char sep = pdn_movegen_has_capture(board_here(u)) ? 'x' : '-';
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < u->typing.nsquares && len < cap; i++) {
        char square[PDN_SQUARE_TEXT_MAX];
        pdn_square_text(square, variant_here(u), u->typing.squares[i]);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? (char[]){sep, 0} : "", square);
    }
    if (len < cap && u->typing.nsquares && (u->typing.digits[0] || trailing))
        len += (size_t)snprintf(out + len, cap - len, "%c", sep);
    if (len < cap) snprintf(out + len, cap - len, "%s", u->typing.digits);
}

bool tui_explore_prompt(const struct tui *u, char *out, size_t cap)
{
    if (!u->typing.active) return false;
    char text[128], number[16];
    typed_text(u, text, sizeof text, true);
    tui_nav_next_number(&u->g, u->cur, number);
    snprintf(out, cap, "Your move %s %s", number, text);
    return true;
}

/* ---- placing a move in the text ------------------------------------------------------------- */

static bool find_node(const struct pdn_line *line, const struct pdn_node *node,
                      const struct pdn_line **out, uint32_t *at)
{
    for (uint32_t i = 0; i < line->nmoves; i++) {
        if (&line->moves[i] == node) {
            *out = line;
            *at = i;
            return true;
        }
        for (uint32_t v = 0; v < line->moves[i].nvariations; v++)
            if (find_node(&line->moves[i].variations[v], node, out, at)) return true;
    }
    return false;
}

/* Where a move's text begins in the game's text: its comments before it,
 * a setup, its number, or the move. */
static size_t node_start(const pdn_game *game, const struct pdn_node *n)
{
    uint64_t at = n->pos.offset;
    if (n->number && n->number_pos.offset < at) at = n->number_pos.offset;
    if (n->setup && n->setup_pos.offset < at) at = n->setup_pos.offset;
    if (n->ncomments_before && n->comments_before[0].pos.offset < at)
        at = n->comments_before[0].pos.offset;
    return (size_t)(at - game->start.offset);
}

/*
 * Where a line ends: the main line before the result; a variation at its
 * ')', found past its last move by skipping comments, setups and the
 * variations nested in it.
 */
static size_t line_end(const pdn_game *game, const struct pdn_line *line)
{
    const char *s = game->raw;
    size_t n = game->raw_len;
    if (line == &game->main)
        return game->result_text ? (size_t)(game->result_pos.offset - game->start.offset) : n;
    size_t i = (size_t)(line->moves[line->nmoves - 1].pos.offset - game->start.offset);
    for (int depth = 0; i < n; i++) {
        if (s[i] == '{' || s[i] == '"') {
            const char *close = memchr(s + i + 1, s[i] == '{' ? '}' : '"', n - i - 1);
            i = close ? (size_t)(close - s) : n;
        } else if (s[i] == ';') {
            const char *eol = memchr(s + i, '\n', n - i);
            i = eol ? (size_t)(eol - s) : n;
        } else if (s[i] == '(') {
            depth++;
        } else if (s[i] == ')' && depth-- == 0) {
            return i;
        }
    }
    return n; /* an unclosed variation: the reader closed it at the end */
}

static bool push_undo(struct tui *u)
{
    if (u->nundo == u->capundo) {
        size_t cap = u->capundo ? 2 * u->capundo : 16;
        struct tui_undo *p = realloc(u->undo, cap * sizeof *p);
        if (p == NULL) return false;
        u->undo = p;
        u->capundo = cap;
    }
    char *copy = malloc(u->game->raw_len + 1);
    if (copy == NULL) return false;
    memcpy(copy, u->game->raw, u->game->raw_len);
    copy[u->game->raw_len] = '\0';
    u->undo[u->nundo++] = (struct tui_undo){copy, u->game->raw_len, tui_nav_offset(&u->g, u->cur)};
    return true;
}

/* Back to the text on top of the undo stack, at its position; the top goes. */
static void pop_undo(struct tui *u)
{
    struct tui_undo *top = &u->undo[--u->nundo];
    if (tui_load(u, top->text, top->len) == 0) {
        size_t at = tui_nav_at_offset(&u->g, top->anchor);
        u->cur = at == TUI_NONE ? 0 : at;
    }
    free(top->text);
}

/* The game's own move, or a variation's first, when the user plays it. */
static bool follow(struct tui *u, const struct pdn_move *m)
{
    size_t next = tui_nav_next(&u->g, u->cur);
    if (next == TUI_NONE || u->g.entries[next].kind != ENTRY_PLY) return false;
    size_t choice[16];
    size_t n = tui_nav_choices(&u->g, next, choice, 16);
    for (size_t k = 0; k < n; k++) {
        const struct replay_entry *e = &u->g.entries[choice[k]];
        if (!same_move(&e->ply->move, m)) continue;
        u->cur = choice[k];
        if (k == 0)
            tui_say(u, false, "%s %s: the move of this line", replay_number(e).s,
                    replay_entry_text(&u->g, e));
        else
            tui_say(u, false, "%s %s: the first move of variation %s", replay_number(e).s,
                    replay_entry_text(&u->g, e), replay_entry_label(&u->g, e));
        return true;
    }
    return false;
}

/* The text of the move and where it goes: "(12... 18-23) " before the
 * move after the one it replaces, or " 12... 18-23 " where its line ends. */
static size_t insertion(const struct tui *u, const char *number, const char *move, char *ins,
                        size_t cap, size_t *move_at)
{
    const pdn_game *game = u->game;
    const struct pdn_line *line = &game->main;
    uint32_t i = 0;
    const struct replay_entry *e = &u->g.entries[u->cur];
    if (e->kind == ENTRY_PLY && find_node(&game->main, e->node, &line, &i)) i++;
    bool variation = i < line->nmoves;
    size_t at = variation && i + 1 < line->nmoves ? node_start(game, &line->moves[i + 1])
                                                  : line_end(game, line);
    bool space = at > 0 && !isspace((unsigned char)game->raw[at - 1]);
    int lead = snprintf(ins, cap, "%s%s%s ", space ? " " : "", variation ? "(" : "", number);
    snprintf(ins + lead, cap - (size_t)lead, "%s%s ", move, variation ? ")" : "");
    *move_at = at + (size_t)lead;
    return at;
}

static void play(struct tui *u, const struct pdn_move *m, const struct pdn_movelist *legal)
{
    typing_reset(u);
    if (follow(u, m)) return;
    char number[16], move[PDN_MOVE_TEXT_MAX], ins[PDN_MOVE_TEXT_MAX + 40];
    tui_nav_next_number(&u->g, u->cur, number);
    pdn_move_text(move, m, legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, variant_here(u));
    size_t move_at;
    size_t at = insertion(u, number, move, ins, sizeof ins, &move_at);
    if (!push_undo(u)) {
        tui_say(u, true, "out of memory");
        return;
    }
    const struct tui_undo *old = &u->undo[u->nundo - 1];
    size_t n = strlen(ins), len = old->len + n;
    char *text = malloc(len + 1);
    if (text == NULL) {
        free(u->undo[--u->nundo].text);
        tui_say(u, true, "out of memory");
        return;
    }
    memcpy(text, old->text, at);
    memcpy(text + at, ins, n);
    memcpy(text + at + n, old->text + at, old->len - at + 1);
    size_t found = tui_load(u, text, len) == 0 ? tui_nav_at_offset(&u->g, move_at) : TUI_NONE;
    free(text);
    if (found == TUI_NONE) { /* cannot happen; if it does, nothing is lost */
        pop_undo(u);
        tui_say(u, true, "%s %s could not be placed in the game", number, move);
        return;
    }
    u->cur = found;
    u->dirty = true;
    tui_say(u, false, "%s %s explored (u undoes it, w writes the game)", number, move);
}

/* ---- keys ------------------------------------------------------------------------------------ */

/* Why a square (as typed: "28", "c4") cannot come next, and what could. */
static void refuse(struct tui *u, const char *square, const struct pdn_movelist *legal)
{
    int idx[PDN_MOVES_MAX];
    bool whole;
    int n = fitting(u, legal, 0, idx, &whole);
    char paths[400];
    list_paths(u, paths, sizeof paths, legal, idx, n);
    char typed[128];
    typed_text(u, typed, sizeof typed, true);
    if (u->typing.nsquares == 0)
        tui_say(u, true, "no legal move starts on %s; legal: %s", square, paths);
    else
        tui_say(u, true, "no legal move goes %s%s; it may be: %s", typed, square, paths);
}

/* The square typed: a number, or a file and a rank ("c3") where the board
 * has letters; 0 when it is none of the board's dark squares. */
static int typed_square(const struct tui *u, const char *typed)
{
    if (typed[0] >= 'a' && typed[0] <= 'z') return pdn_square_from_name(variant_here(u), typed);
    long s = strtol(typed, NULL, 10);
    return s >= 1 && s <= pdn_board_squares(board_here(u)) ? (int)s : 0;
}

/* The square typed so far is complete: taken if a legal move fits it,
 * and the move played when the squares name one move to its end. */
static bool take_square(struct tui *u)
{
    char typed[sizeof u->typing.digits];
    memcpy(typed, u->typing.digits, sizeof typed);
    int s = typed_square(u, typed);
    u->typing.digits[0] = '\0';
    struct pdn_movelist legal;
    pdn_movegen(&legal, board_here(u), PDN_MOVEGEN_KEEP_DUPLICATES);
    int idx[PDN_MOVES_MAX];
    bool whole;
    if (s == 0 || fitting(u, &legal, s, idx, &whole) == 0 ||
        u->typing.nsquares >= PDN_PATH_MAX + 1) {
        refuse(u, typed, &legal);
        return false;
    }
    u->typing.squares[u->typing.nsquares++] = s;
    int n = fitting(u, &legal, 0, idx, &whole);
    bool one = true;
    for (int i = 1; i < n; i++)
        one = one && same_move(&legal.moves[idx[i]], &legal.moves[idx[0]]);
    tui_say(u, false, "%s", "");
    if (one && whole) play(u, &legal.moves[idx[0]], &legal);
    return true;
}

/* Enter: the text typed, read as the validator reads moves. */
static void submit(struct tui *u)
{
    if (u->typing.digits[0] && !take_square(u)) return;
    if (!u->typing.active || u->typing.nsquares == 0) return;
    struct pdn_movelist legal;
    pdn_movegen(&legal, board_here(u), PDN_MOVEGEN_KEEP_DUPLICATES);
    char text[128];
    typed_text(u, text, sizeof text, false);
    struct pdn_match m;
    pdn_move_match(&m, text, board_here(u), &legal, false);
    if (m.result == PDN_MATCH_OK) {
        play(u, &legal.moves[m.move], &legal);
        return;
    }
    int idx[PDN_MOVES_MAX];
    bool whole;
    char paths[400];
    list_paths(u, paths, sizeof paths, &legal, idx, fitting(u, &legal, 0, idx, &whole));
    tui_say(u, true, "%s is %s: %s", text,
            m.result == PDN_MATCH_AMBIGUOUS ? "ambiguous, type more squares" : "not a move yet",
            paths);
}

static void type_digit(struct tui *u, int key)
{
    size_t n = strlen(u->typing.digits);
    if (n + 1 >= sizeof u->typing.digits) return;
    u->typing.digits[n] = (char)key;
    u->typing.digits[n + 1] = '\0';
    /* Complete when no further digit makes a square: "6", "28" on 50
     * squares; "c3" once its rank cannot grow (one digit on 8x8). */
    const char *d = u->typing.digits;
    bool letter = d[0] >= 'a' && d[0] <= 'z';
    long limit = letter ? pdn_rules_get(variant_here(u))->height : pdn_board_squares(board_here(u));
    if (strtol(d + letter, NULL, 10) * 10 > limit) take_square(u);
}

/* A file letter starts a square ("c" of "c3"); a square half typed before
 * it is complete, or refused. */
static void type_file(struct tui *u, int key)
{
    if (u->typing.digits[0] && !take_square(u)) return;
    if (!u->typing.active) return; /* the square before it ended the move */
    u->typing.digits[0] = (char)key;
    u->typing.digits[1] = '\0';
}

/* Milliseconds a, f, g or h waits for a rank, where the board has letters:
 * "g3" starts a move, "g" alone goes to a move number. */
#define FILE_OR_KEY_MS 600

/*
 * Whether a key that is not a digit starts a move: a file letter of a board
 * with letters. The letters that are keys as well (a, f, g, h) start one
 * only when a rank follows at once; else the key after them is put back and
 * the letter does what it does.
 */
static bool starts_square(struct tui *u, int key)
{
    if (!file_key(u, key)) return false;
    if (key != 'a' && key != 'f' && key != 'g' && key != 'h') return true;
    int next = tui_getkey(u, FILE_OR_KEY_MS);
    if (next != ERR) ungetch(next);
    return next >= '1' && next < '1' + pdn_rules_get(variant_here(u))->height;
}

static bool start_typing(struct tui *u)
{
    if (pdn_movegen_count(board_here(u), 0) == 0) {
        tui_say(u, true, "no legal move here: the side to move has none");
        return false;
    }
    typing_reset(u);
    u->typing.active = true;
    tui_say(u, false, "%s",
            letters_here(u)
                ? "squares as you go (c3 d4) or a move (c3-d4); Enter plays, Esc drops"
                : "squares as you go (28 19 10) or a move (28x10); Enter plays, Esc drops");
    return true;
}

bool tui_explore_key(struct tui *u, int key)
{
    bool digit = key >= '0' && key <= '9';
    if (!u->typing.active && !digit && !starts_square(u, key)) return false;
    if (!u->typing.active && !start_typing(u)) return true;
    if (digit) {
        type_digit(u, key);
    } else if (file_key(u, key)) {
        type_file(u, key);
    } else if (key == '-' || key == 'x' || key == 'X' || key == ':' || key == ' ') {
        if (u->typing.digits[0]) take_square(u);
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        submit(u);
    } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        size_t n = strlen(u->typing.digits);
        if (n)
            u->typing.digits[n - 1] = '\0';
        else if (u->typing.nsquares)
            u->typing.nsquares--;
        else
            typing_reset(u);
    } else if (key == 27) {
        typing_reset(u);
        tui_say(u, false, "move dropped");
    } else if (key == 'h') {
        tui_explore_hint(u);
    } else if (key != KEY_RESIZE && key != ERR) {
        /* Any other key drops the move half typed and does what it does. */
        typing_reset(u);
        tui_say(u, false, "%s", "");
        return false;
    }
    return true;
}

/* "best 32-28 (+0.12); ": the engine's move here (level 3's limits, about
 * a tenth of a second), or "" when it cannot say. */
static void engine_best(const struct tui *u, char *out, size_t cap)
{
    struct pdn_engine_options o = PDN_ENGINE_OPTIONS_INIT;
    o.table_mb = 1;
    pdn_engine *e;
    out[0] = '\0';
    if (pdn_engine_new(&e, &o) != 0) return;
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, 3);
    struct pdn_engine_result r;
    pdn_engine_search(&r, e, board_here(u), NULL, 0, &limits);
    pdn_engine_free(e);
    if (!r.has_move) return;
    char path[PDN_MOVE_TEXT_MAX];
    pdn_move_path_text(path, &r.move, variant_here(u));
    snprintf(out, cap, "best %s (%+.2f); ", path, r.score / 100.0);
}

void tui_explore_hint(struct tui *u)
{
    struct pdn_movelist legal;
    pdn_movegen(&legal, board_here(u), PDN_MOVEGEN_KEEP_DUPLICATES);
    int idx[PDN_MOVES_MAX];
    bool whole;
    int n = fitting(u, &legal, 0, idx, &whole);
    char paths[600], best[PDN_MOVE_TEXT_MAX + 32] = "";
    list_paths(u, paths, sizeof paths, &legal, idx, n);
    if (n > 0 && u->typing.nsquares == 0) engine_best(u, best, sizeof best);
    if (n == 0)
        tui_say(u, false, "no legal move here");
    else
        tui_say(u, false, "%slegal: %s", best, paths);
}

void tui_explore_judge(struct tui *u)
{
    const struct replay_entry *e = &u->g.entries[u->cur];
    if (e->kind != ENTRY_PLY) {
        tui_say(u, false, "E judges the move that led here: go to a move first");
        return;
    }
    pdn_engine *engine;
    struct pdn_engine_options o = PDN_ENGINE_OPTIONS_INIT;
    o.table_mb = 1;
    struct replay_verdict v;
    if (pdn_engine_new(&engine, &o) != 0) return;
    bool judged = replay_judge(&v, engine, e->ply, 3);
    pdn_engine_free(engine);
    if (!judged)
        tui_say(u, false, "%s %s: no move to compare with", replay_number(e).s,
                replay_entry_text(&u->g, e));
    else if (!v.nag)
        tui_say(u, false, "%s %s: as good as the engine's %s (%s)", replay_number(e).s,
                replay_entry_text(&u->g, e), v.better, v.best_score);
    else
        tui_say(u, false, "%s %s%s: better %s (%s), played %s", replay_number(e).s,
                replay_entry_text(&u->g, e), strcmp(v.nag, "$4") == 0 ? "??" : "?", v.better,
                v.best_score, v.played_score);
}

/* ---- undo and writing --------------------------------------------------------------------- */

void tui_explore_undo(struct tui *u)
{
    if (u->nundo == 0) {
        tui_say(u, false, "nothing to undo: no move of yours in this game");
        return;
    }
    pop_undo(u);
    u->dirty = (int)u->nundo != u->written_moves;
    tui_say(u, false, "undone; %zu explored move%s left", u->nundo, u->nundo == 1 ? "" : "s");
}

void tui_explore_free(struct tui *u)
{
    for (size_t i = 0; i < u->nundo; i++)
        free(u->undo[i].text);
    free(u->undo);
    u->undo = NULL;
    u->nundo = u->capundo = 0;
    u->written_moves = 0;
    typing_reset(u);
}

/* "games.pdn" -> "games-explored.pdn". */
static void default_name(const char *file, char *out, size_t cap)
{
    size_t n = strlen(file);
    if (n > 4 && strcasecmp(file + n - 4, ".pdn") == 0) n -= 4;
    snprintf(out, cap, "%.*s-explored.pdn", (int)n, file);
}

void tui_explore_write(struct tui *u)
{
    char name[1024];
    default_name(u->book->games[u->game_no].file, name, sizeof name);
    if (!tui_prompt(u, "Write the game to: ", name, sizeof name) || name[0] == '\0') return;
    if (strcmp(name, "-") == 0) {
        tui_say(u, true, "a file name, please: '-' would write over the screen");
        return;
    }
    if (access(name, F_OK) == 0 && !tui_ask(u, "It exists. Replace it? (y/n)")) {
        tui_say(u, false, "not written");
        return;
    }
    struct tool_output out;
    if (tool_output_open(u->t, &out, name) < 0) {
        tui_said_on_stderr(u);
        return;
    }
    int err = pdn_format_game(out.fp, u->game, NULL);
    if (tool_output_close(u->t, &out, err == 0) < 0 || err < 0) {
        if (err < 0) tui_say(u, true, "%s: %s", name, pdn_strerror(err));
        tui_said_on_stderr(u);
        return;
    }
    u->written_moves = (int)u->nundo;
    u->dirty = false;
    tui_say(u, false, "wrote %s: game %zu with %zu explored move%s", name,
            u->book->games[u->game_no].index, u->nundo, u->nundo == 1 ? "" : "s");
}
