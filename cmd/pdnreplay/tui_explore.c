/*
 * Exploring: the user plays moves of their own at any position of the
 * game shown, typed whole or square by square (the shared screen's
 * typing, ../screen/typing.c).
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
#include "text.h" /* ASCII case: the view has set the user's locale */
#include "vec.h"  /* lib/vec.c, linked into the tools: the one growth helper */

#include <curses.h>
#include <stdlib.h>
#include <string.h>
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

static bool same_move(const struct pdn_move *a, const struct pdn_move *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured;
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
        const struct pdn_annotations *a = pdn_annotations_of(&line->moves[i]);
        for (uint32_t v = 0; v < a->nvariations; v++)
            if (find_node(&a->variations[v], node, out, at)) return true;
    }
    return false;
}

/* Where a move's text begins in the game's text: its comments before it,
 * a setup, its number, or the move. */
static size_t node_start(const pdn_game *game, const struct pdn_node *n)
{
    const struct pdn_annotations *a = pdn_annotations_of(n);
    uint64_t at = n->pos.offset;
    if (n->number && n->number_pos.offset < at) at = n->number_pos.offset;
    if (a->setup && a->setup_pos.offset < at) at = a->setup_pos.offset;
    if (a->ncomments_before && a->comments_before[0].pos.offset < at)
        at = a->comments_before[0].pos.offset;
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
    if (!vec_reserve((void **)&u->undo, &u->capundo, u->nundo, sizeof *u->undo)) return false;
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
    char before = at > 0 ? game->raw[at - 1] : ' ';
    bool space = before != '\0' && !strchr(" \t\n\r\f\v", before); /* isspace, any locale */
    int lead = snprintf(ins, cap, "%s%s%s ", space ? " " : "", variation ? "(" : "", number);
    snprintf(ins + lead, cap - (size_t)lead, "%s%s ", move, variation ? ")" : "");
    *move_at = at + (size_t)lead;
    return at;
}

static void play(struct tui *u, const struct pdn_move *m)
{
    if (follow(u, m)) return;
    struct pdn_movelist legal;
    pdn_movegen(&legal, board_here(u), PDN_MOVEGEN_KEEP_DUPLICATES);
    char number[16], move[PDN_MOVE_TEXT_MAX], ins[PDN_MOVE_TEXT_MAX + 40];
    tui_nav_next_number(&u->g, u->cur, number);
    pdn_move_text(move, m, &legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, variant_here(u));
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

bool tui_explore_key(struct tui *u, int key)
{
    struct pdn_move m;
    switch (typing_key(&u->typing, board_here(u), key, &m, &u->say)) {
    case TYPING_NOT_MINE:
        return false;
    case TYPING_HINT:
        tui_explore_hint(u);
        return true;
    case TYPING_MOVE:
        play(u, &m);
        return true;
    case TYPING_TAKEN:
    default:
        return true;
    }
}

/* "best 32-28 (+0.12); ", "best 28x19 (wins in 1 ply); ": the engine's
 * move here (level 3's limits, about a tenth of a second), or "" when it
 * cannot say. */
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
    char score[PDN_SCORE_TEXT_MAX]; /* a win found as one, not as 99.99 men */
    pdn_engine_score_text(score, r.score);
    snprintf(out, cap, "best %s (%s); ", path, score);
}

void tui_explore_hint(struct tui *u)
{
    char paths[600], best[PDN_MOVE_TEXT_MAX + PDN_SCORE_TEXT_MAX + 16] = "";
    int n = typing_fitting_paths(&u->typing, board_here(u), paths, sizeof paths);
    if (n > 0 && u->typing.nsquares == 0) engine_best(u, best, sizeof best);
    if (n == 0)
        tui_say_here(u, "no legal move here");
    else
        tui_say_here(u, "%slegal: %s", best, paths);
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
        tui_say_here(u, "%s %s: no move to compare with", replay_number(e).s,
                     replay_entry_text(&u->g, e));
    else if (!v.nag)
        tui_say_here(u, "%s %s: as good as the engine's %s (%s)", replay_number(e).s,
                     replay_entry_text(&u->g, e), v.better, v.best_score);
    else
        tui_say_here(u, "%s %s%s: better %s (%s), played %s", replay_number(e).s,
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
    typing_reset(&u->typing);
}

/* "games.pdn" -> "games-explored.pdn". */
static void default_name(const char *file, char *out, size_t cap)
{
    size_t n = strlen(file);
    if (n > 4 && text_same_but_case(file + n - 4, ".pdn")) n -= 4;
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
        screen_said_on_stderr(&u->scr, &u->say);
        return;
    }
    int err = pdn_format_game(out.fp, u->game, NULL);
    if (tool_output_close(u->t, &out, err == 0) < 0 || err < 0) {
        if (err < 0) tui_say(u, true, "%s: %s", name, pdn_strerror(err));
        screen_said_on_stderr(&u->scr, &u->say);
        return;
    }
    u->written_moves = (int)u->nundo;
    u->dirty = false;
    tui_say(u, false, "wrote %s: game %zu with %zu explored move%s", name,
            u->book->games[u->game_no].index, u->nundo, u->nundo == 1 ? "" : "s");
}
