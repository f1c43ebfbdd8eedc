/*
 * stats_write_repeats: the repeats table, each game left out as a repeat
 * and the game it repeats, for stats_table.c. A collection read twice has
 * as many rows as games, and pdnstats writes this table after the last
 * game is read, on one thread while the others are done: so in text its
 * rows are neither made nor measured cell by cell. Each name (file, event,
 * player) is measured and escaped once, and each row's line is put
 * together from them (measure_rows, write_rows); PDN_SLOW_PATH makes the
 * rows as every other table does, and the tests compare the two. It is
 * called by stats_write.c alone and keeps nothing between calls.
 */
#include "decimal.h"
#include "stats.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *repeat_file(const pdn_stats *st, uint32_t i)
{
    return ((char *const *)st->file_names.data)[i];
}

/* How each repeat was found, its last cell. */
static const char *found_by(bool same_moves)
{
    return same_moves ? "same players, colours, moves and result"
                      : "same players, colours and round";
}

/* A name as text shows it, told once for all its rows. */
struct shown_name {
    const char *s; /* NULL: not told yet; the name itself, or owned (escaped) */
    size_t n, width;
    bool owned;
};

/* A pass's place in the repeats (read in order, once a pass) and what
 * it keeps: the names as shown, a slot a file, an event, a player, then
 * one for the unknown "?". */
struct repeat_pass {
    struct repeat_cursor at;
    struct shown_name *names, *file, *event, *player;
    char *cell; /* room for a cell put together: "<file> game N" */
    size_t cell_cap;
};

/* The tables' ctx. */
struct repeat_rows {
    const pdn_stats *st;
    struct repeat_pass *m;
};

static void repeat_row(struct tab *t, size_t i, const void *ctx)
{
    const struct repeat_rows *rows = ctx;
    const pdn_stats *st = rows->st;
    struct repeat_cursor *at = &rows->m->at;
    if (i == 0) *at = (struct repeat_cursor){0};
    if (!stats_repeat_next(&st->repeats, at)) return; /* a row short: t fails */
    const struct st_repeat *r = &at->r;
    const struct st_event *e = st->event.data;
    tab_text(t, repeat_file(st, r->file));
    tab_count(t, (unsigned)r->game);
    tab_text(t, st_event_name(&e[r->event]));
    if (r->sub)
        tab_cell(t, "%d-%d", (int)r->round, (int)r->sub);
    else if (r->round)
        tab_cell(t, "%d", (int)r->round);
    else
        tab_text(t, "");
    tab_text(t, st_player_name(st, r->white));
    tab_text(t, st_player_name(st, r->black));
    if (r->first_file == r->file)
        tab_cell(t, "game %u", (unsigned)r->first_game);
    else
        tab_cell(t, "%s game %u", repeat_file(st, r->first_file), (unsigned)r->first_game);
    tab_text(t, found_by(r->same_moves));
}

/* The name in slot as shown, told the first time; NULL out of memory. */
static const struct shown_name *shown(struct tab *t, struct shown_name *slot, const char *name)
{
    if (slot->s) return slot;
    const char *s = tab_text_shown(t, name, &slot->n, &slot->width);
    if (s && s != name) { /* escaped, in t's room for one: kept */
        char *copy = malloc(slot->n + 1);
        if (copy) memcpy(copy, s, slot->n), copy[slot->n] = '\0';
        slot->owned = copy != NULL;
        s = copy;
    }
    slot->s = s;
    return s ? slot : NULL;
}

static const struct shown_name *shown_player(struct tab *t, const struct repeat_rows *rows,
                                             uint32_t i)
{
    const pdn_stats *st = rows->st;
    struct shown_name *player = rows->m->player;
    struct shown_name *slot = i == (uint32_t)ST_NO_PLAYER ? &player[st->player.n] : &player[i];
    return shown(t, slot, st_player_name(st, i));
}

/* A round's number, "-" before it when below 0, at out: the end. */
static char *signed_text(char *out, int32_t v)
{
    if (v < 0) *out++ = '-';
    return decimal_text(out, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v);
}

/* The round's cell, "7", "7-2" or "" (as "%d-%d" and "%d"), at out: its
 * length. */
static size_t round_text(char out[32], const struct st_repeat *r)
{
    char *end = out;
    if (r->sub || r->round) end = signed_text(end, r->round);
    if (r->sub) {
        *end++ = '-';
        end = signed_text(end, r->sub);
    }
    return (size_t)(end - out);
}

/* The repeated game's cell, "game N" or "<file> game N" (the file as
 * shown), in rows->cell: its length and *width; SIZE_MAX out of memory. */
static size_t first_text(struct tab *t, const struct repeat_rows *rows, const struct st_repeat *r,
                         size_t *width)
{
    struct repeat_pass *m = rows->m;
    char number[24];
    size_t n = (size_t)(decimal_text(number, r->first_game) - number), file_n = 0, file_width = 0;
    const struct shown_name *file = NULL;
    if (r->first_file != r->file) {
        file = shown(t, &m->file[r->first_file], repeat_file(rows->st, r->first_file));
        if (file == NULL) return SIZE_MAX;
        file_n = file->n + 1, file_width = file->width + 1;
    }
    size_t need = file_n + strlen("game ") + n;
    if (need > m->cell_cap) {
        char *grown = realloc(m->cell, need);
        if (grown == NULL) return SIZE_MAX;
        m->cell = grown, m->cell_cap = need;
    }
    if (file) memcpy(m->cell, file->s, file->n), m->cell[file->n] = ' ';
    memcpy(m->cell + file_n, "game ", 5);
    memcpy(m->cell + file_n + 5, number, n);
    *width = file_width + 5 + n;
    return need;
}

/* The cells of the repeat just read, as shown: their texts, lengths and
 * widths; false out of memory. */
static bool repeat_cells(struct tab *t, const struct repeat_rows *rows, const char *s[8],
                         size_t n[8], size_t width[8], char game[24], char round[32])
{
    struct repeat_pass *m = rows->m;
    const struct st_repeat *r = &m->at.r;
    const struct st_event *e = rows->st->event.data;
    const struct shown_name *name[4] = {shown(t, &m->file[r->file], repeat_file(rows->st, r->file)),
                                        shown(t, &m->event[r->event], st_event_name(&e[r->event])),
                                        shown_player(t, rows, r->white),
                                        shown_player(t, rows, r->black)};
    static const int column[4] = {0, 2, 4, 5};
    for (int k = 0; k < 4; k++) {
        if (name[k] == NULL) return false;
        s[column[k]] = name[k]->s, n[column[k]] = name[k]->n, width[column[k]] = name[k]->width;
    }
    s[1] = game;
    n[1] = width[1] = (size_t)(decimal_text(game, r->game) - game);
    s[3] = round;
    n[3] = width[3] = round_text(round, r);
    if ((n[6] = first_text(t, rows, r, &width[6])) == SIZE_MAX) return false;
    s[6] = m->cell;
    s[7] = found_by(r->same_moves);
    n[7] = width[7] = strlen(s[7]);
    return true;
}

/* Each repeat's cells as shown, widening width[column] (line NULL) or
 * written as a line; false out of memory, or when a line failed. */
static bool each_repeat(struct tab *t, const struct repeat_rows *rows, size_t *width,
                        struct text_out *line)
{
    struct repeat_cursor *at = &rows->m->at;
    const char *s[8];
    size_t n[8], cell[8], count = 0;
    char game[24], round[32];
    for (*at = (struct repeat_cursor){0}; stats_repeat_next(&rows->st->repeats, at); count++) {
        if (!repeat_cells(t, rows, s, n, cell, game, round)) return false;
        if (line) tab_line_begin(line);
        for (int j = 0; j < 8; j++)
            if (line)
                tab_line_cell(line, t, s[j], n[j], cell[j]);
            else if (cell[j] > width[j])
                width[j] = cell[j];
        if (line && !tab_line_end(line, t)) return false;
    }
    return count == rows->st->repeats.n;
}

static bool measure_repeats(struct tab *t, size_t width[TAB_COLS], const void *ctx)
{
    return each_repeat(t, ctx, width, NULL);
}

static bool write_repeats(struct tab *t, struct text_out *line, const void *ctx)
{
    return each_repeat(t, ctx, NULL, line);
}

static void pass_free(struct repeat_pass *m, size_t names)
{
    for (size_t i = 0; m->names && i < names; i++)
        if (m->names[i].owned) free((char *)m->names[i].s);
    free(m->names);
    free(m->cell);
}

int stats_write_repeats(struct stats_out *o, const pdn_stats *st)
{
    size_t names = st->file_names.n + st->event.n + st->player.n + 1;
    struct repeat_pass m = {.names = calloc(names, sizeof *m.names)};
    if (m.names == NULL) return PDN_ENOMEM;
    m.file = m.names;
    m.event = m.file + st->file_names.n;
    m.player = m.event + st->event.n;
    struct repeat_rows rows = {st, &m};
    struct tab t = {.name = "repeats",
                    .title = "Repeats: games read twice, left out of players, events and "
                             "crosstables",
                    .nrows = st->repeats.n,
                    .row = repeat_row,
                    .measure_rows = measure_repeats,
                    .write_rows = write_repeats,
                    .ctx = &rows};
    static const char *const cols[] = {"file",  "game",  "event",   "round",
                                       "white", "black", "repeats", "found by"};
    for (int j = 0; j < 8; j++)
        tab_col(&t, cols[j], j == 1);
    int rc = tab_emit(o, &t);
    pass_free(&m, names);
    return rc;
}
