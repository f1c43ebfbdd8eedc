/*
 * Moving through a loaded game's entries, for the interactive view. The
 * entries are the game in reading order (main.c): a variation's entries
 * come right after the move it replaces, between a BEGIN and an END one
 * level deeper. So a line's next move is the next entry of its depth,
 * skipping deeper ones, and anything shallower, or a BEGIN or END at its
 * depth, ends it. No curses, no rules here.
 */
#include "tui.h"

#include <stdlib.h>
#include <string.h>

static const struct replay_entry *at(const struct replay_game *g, size_t i)
{
    return &g->entries[i];
}

static bool is_move(const struct replay_entry *e)
{
    return e->kind == ENTRY_PLY || e->kind == ENTRY_STOP;
}

size_t tui_nav_next(const struct replay_game *g, size_t i)
{
    int d = at(g, i)->depth;
    for (size_t j = i + 1; j < g->nentries; j++) {
        const struct replay_entry *e = at(g, j);
        if (e->depth > d) continue;
        return e->depth == d && is_move(e) ? j : TUI_NONE;
    }
    return TUI_NONE;
}

size_t tui_nav_parent(const struct replay_game *g, size_t i)
{
    int d = at(g, i)->depth;
    if (d == 0) return TUI_NONE;
    for (size_t j = i; j-- > 0;)
        if (at(g, j)->depth < d) return j;
    return TUI_NONE;
}

/* The BEGIN entry of i's variation, or 0 (the start) on the main line. */
static size_t line_begin(const struct replay_game *g, size_t i)
{
    int d = at(g, i)->depth;
    if (d == 0) return 0;
    for (size_t j = i; j-- > 0;) {
        const struct replay_entry *e = at(g, j);
        if (e->depth == d && e->kind == ENTRY_VARIATION_BEGIN) return j;
    }
    return 0;
}

/* Before a variation's first move stands the position before the move it
 * replaces: the parent line's previous one. */
size_t tui_nav_prev(const struct replay_game *g, size_t i)
{
    if (at(g, i)->kind == ENTRY_START) return TUI_NONE;
    int d = at(g, i)->depth;
    for (size_t j = i; j-- > 0;) {
        const struct replay_entry *e = at(g, j);
        if (e->depth > d) continue;
        if (e->kind == ENTRY_PLY || e->kind == ENTRY_START) return j;
        if (e->kind == ENTRY_VARIATION_BEGIN) {
            size_t p = tui_nav_parent(g, i);
            return p == TUI_NONE ? TUI_NONE : tui_nav_prev(g, p);
        }
        return TUI_NONE;
    }
    return TUI_NONE;
}

size_t tui_nav_end(const struct replay_game *g, size_t i)
{
    for (size_t n; (n = tui_nav_next(g, i)) != TUI_NONE && at(g, n)->kind == ENTRY_PLY;)
        i = n;
    return i;
}

size_t tui_nav_choices(const struct replay_game *g, size_t i, size_t *out, size_t max)
{
    size_t n = 0;
    if (max == 0) return 0;
    out[n++] = i;
    int d = at(g, i)->depth;
    for (size_t j = i + 1; j + 1 < g->nentries && n < max; j++) {
        const struct replay_entry *e = at(g, j);
        if (e->depth <= d) break;
        if (e->kind == ENTRY_VARIATION_BEGIN && e->depth == d + 1 &&
            at(g, j + 1)->kind == ENTRY_PLY && at(g, j + 1)->depth == d + 1)
            out[n++] = j + 1;
    }
    return n;
}

static size_t find_on_line(const struct replay_game *g, size_t begin, const char *number)
{
    size_t j = begin;
    if (at(g, j)->kind == ENTRY_VARIATION_BEGIN)
        j++; /* its first move */
    else if ((j = tui_nav_next(g, j)) == TUI_NONE)
        return TUI_NONE;
    for (; j != TUI_NONE; j = tui_nav_next(g, j)) {
        const struct replay_entry *e = at(g, j);
        if (e->kind != ENTRY_PLY) break;
        if (strcmp(replay_number(e).s, number) == 0) return j;
    }
    return TUI_NONE;
}

size_t tui_nav_number(const struct replay_game *g, size_t i, const char *number)
{
    size_t j = find_on_line(g, line_begin(g, i), number);
    return j != TUI_NONE ? j : find_on_line(g, 0, number);
}

void tui_nav_next_number(const struct replay_game *g, size_t i, char out[16])
{
    const struct replay_entry *e = at(g, i);
    if (e->kind == ENTRY_PLY) {
        unsigned long n = e->number;
        snprintf(out, 16, "%lu%s", e->second ? n + 1 : n, e->second ? "." : "...");
        return;
    }
    size_t first = tui_nav_next(g, i);
    if (first != TUI_NONE) {
        snprintf(out, 16, "%s", replay_number(at(g, first)).s);
        return;
    }
    const struct pdn_rules *rules = pdn_rules_get((enum pdn_variant)g->start.variant);
    int first_mover = rules && rules->black_moves_first ? PDN_COLOR_BLACK : PDN_COLOR_WHITE;
    snprintf(out, 16, "1%s", g->start.side == first_mover ? "." : "...");
}

size_t tui_nav_offset(const struct replay_game *g, size_t i)
{
    const struct replay_entry *e = at(g, i);
    if (e->node == NULL || e->kind == ENTRY_START) return TUI_NONE;
    return (size_t)(e->node->pos.offset - g->game->start.offset);
}

size_t tui_nav_at_offset(const struct replay_game *g, size_t off)
{
    if (off == TUI_NONE) return 0;
    for (size_t i = 0; i < g->nentries; i++)
        if (at(g, i)->kind == ENTRY_PLY && tui_nav_offset(g, i) == off) return i;
    return TUI_NONE;
}
