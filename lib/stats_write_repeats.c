/*
 * stats_write_repeats: the repeats table, each game left out as a repeat
 * and the game it repeats, for stats_table.c. A collection read twice has
 * as many rows as games, and pdnstats writes this table after the last
 * game is read, on one thread while the others are done: so in text its
 * rows are neither made nor measured cell by cell. Each name (file, event,
 * player) is measured and escaped once, and each row's line is put
 * together from them (measure_rows, write_rows); PDN_SLOW_PATH makes the
 * rows as every other table does, and the tests compare the two. With
 * threads (pdn_stats_write_options.threads), both passes go a block of
 * rows at a time (blocks.h): each thread measures its blocks, or makes
 * their lines into a text the caller's thread writes in order. It is
 * called by stats_write.c alone and keeps nothing between calls.
 */
#include "blocks.h"
#include "decimal.h"
#include "stats.h"

#include <stdalign.h>
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

/* A thread's reading of the repeats, a block at a time, and what it
 * keeps: the names as shown, a slot a file, an event, a player, then one
 * for the unknown "?"; the table, but for a room of its own for a name
 * escaped; the widest cells of the blocks it measured; the writer of its
 * blocks' lines. */
struct repeat_pass {
    alignas(64) struct repeat_cursor at; /* cache lines of its own: no thread
                                            writes where another reads */
    struct shown_name *names, *file, *event, *player;
    char *cell; /* room for a cell put together: "<file> game N" */
    size_t cell_cap;
    struct tab tab;
    size_t width[TAB_COLS];
    struct text_out *line;
};

/* A block's text, made by one thread while others make theirs: on cache
 * lines of its own (each line made grows it). */
struct block_text {
    alignas(64) struct vec text;
};

/* The tables' ctx: a pass a thread (PDN_SLOW_PATH's rows read with the
 * first), and a text a block being made or written (two a thread). */
struct repeat_rows {
    const pdn_stats *st;
    FILE *fp;
    int threads;
    struct repeat_pass *pass;
    struct block_text *text;
};

static void repeat_row(struct tab *t, size_t i, const void *ctx)
{
    const struct repeat_rows *rows = ctx;
    const pdn_stats *st = rows->st;
    struct repeat_cursor *at = &rows->pass[0].at;
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
static const struct shown_name *shown(struct repeat_pass *m, struct shown_name *slot,
                                      const char *name)
{
    if (slot->s) return slot;
    const char *s = tab_text_shown(&m->tab, name, &slot->n, &slot->width);
    if (s && s != name) { /* escaped, in t's room for one: kept */
        char *copy = malloc(slot->n + 1);
        if (copy) memcpy(copy, s, slot->n), copy[slot->n] = '\0';
        slot->owned = copy != NULL;
        s = copy;
    }
    slot->s = s;
    return s ? slot : NULL;
}

static const struct shown_name *shown_player(const pdn_stats *st, struct repeat_pass *m, uint32_t i)
{
    struct shown_name *slot =
        i == (uint32_t)ST_NO_PLAYER ? &m->player[st->player.n] : &m->player[i];
    return shown(m, slot, st_player_name(st, i));
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
 * shown), in m->cell: its length and *width; SIZE_MAX out of memory. */
static size_t first_text(const pdn_stats *st, struct repeat_pass *m, const struct st_repeat *r,
                         size_t *width)
{
    char number[24];
    size_t n = (size_t)(decimal_text(number, r->first_game) - number), file_n = 0, file_width = 0;
    const struct shown_name *file = NULL;
    if (r->first_file != r->file) {
        file = shown(m, &m->file[r->first_file], repeat_file(st, r->first_file));
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
static bool repeat_cells(const pdn_stats *st, struct repeat_pass *m, const char *s[8], size_t n[8],
                         size_t width[8], char game[24], char round[32])
{
    const struct st_repeat *r = &m->at.r;
    const struct st_event *e = st->event.data;
    const struct shown_name *name[4] = {shown(m, &m->file[r->file], repeat_file(st, r->file)),
                                        shown(m, &m->event[r->event], st_event_name(&e[r->event])),
                                        shown_player(st, m, r->white),
                                        shown_player(st, m, r->black)};
    static const int column[4] = {0, 2, 4, 5};
    for (int k = 0; k < 4; k++) {
        if (name[k] == NULL) return false;
        s[column[k]] = name[k]->s, n[column[k]] = name[k]->n, width[column[k]] = name[k]->width;
    }
    s[1] = game;
    n[1] = width[1] = (size_t)(decimal_text(game, r->game) - game);
    s[3] = round;
    n[3] = width[3] = round_text(round, r);
    if ((n[6] = first_text(st, m, r, &width[6])) == SIZE_MAX) return false;
    s[6] = m->cell;
    s[7] = found_by(r->same_moves);
    n[7] = width[7] = strlen(s[7]);
    return true;
}

/* The repeats of a block, each one's cells as shown, widening
 * width[column] (line NULL) or written as a line; false out of memory, or
 * when a line failed. */
static bool each_repeat(const pdn_stats *st, struct repeat_pass *m, size_t block, size_t *width,
                        struct text_out *line)
{
    const char *s[8];
    size_t n[8], cell[8], first = block * REPEAT_BLOCK;
    size_t rows = st->repeats.n - first < REPEAT_BLOCK ? st->repeats.n - first : REPEAT_BLOCK;
    char game[24], round[32];
    m->at = stats_repeat_block(&st->repeats, block);
    for (size_t i = 0; i < rows; i++) {
        if (!stats_repeat_next(&st->repeats, &m->at) ||
            !repeat_cells(st, m, s, n, cell, game, round))
            return false;
        if (line) tab_line_begin(line);
        for (int j = 0; j < 8; j++)
            if (line)
                tab_line_cell(line, &m->tab, s[j], n[j], cell[j]);
            else if (cell[j] > width[j])
                width[j] = cell[j];
        if (line && !tab_line_end(line, &m->tab)) return false;
    }
    return true;
}

static bool measure_block(size_t b, void *state, void *slot, const void *ctx)
{
    (void)slot;
    struct repeat_pass *m = state;
    return each_repeat(((const struct repeat_rows *)ctx)->st, m, b, m->width, NULL);
}

/* A block's lines, into the text of its slot. */
static bool write_block(size_t b, void *state, void *slot, const void *ctx)
{
    struct repeat_pass *m = state;
    struct vec *text = slot;
    text->n = 0;
    tab_text_out_into(m->line, text);
    return each_repeat(((const struct repeat_rows *)ctx)->st, m, b, NULL, m->line);
}

/* A block's lines written, in order. A failed write is the file's error,
 * which pdn_stats_write reports (ferror), not the table's. */
static bool put_block(size_t b, void *slot, const void *ctx)
{
    (void)b;
    const struct vec *text = slot;
    fwrite(text->data, 1, text->n, ((const struct repeat_rows *)ctx)->fp);
    return true;
}

/* Every block made by rows->threads threads (blocks_run), each with a
 * pass of its own; false when one failed. */
static bool run_blocks(const struct repeat_rows *rows, const struct tab *t,
                       bool (*make)(size_t, void *, void *, const void *),
                       bool (*put)(size_t, void *, const void *))
{
    void *states[BLOCKS_THREADS_MAX], *slots[2 * BLOCKS_THREADS_MAX];
    for (int i = 0; i < rows->threads; i++) {
        struct repeat_pass *m = &rows->pass[i];
        struct vec shown = m->tab.shown; /* a room of its own, kept from pass to pass */
        m->tab = *t;
        m->tab.shown = shown;
        states[i] = m;
        slots[2 * i] = &rows->text[2 * i].text;
        slots[2 * i + 1] = &rows->text[2 * i + 1].text;
    }
    struct blocks_work w = {.n = stats_repeat_blocks(&rows->st->repeats),
                            .threads = rows->threads,
                            .make = make,
                            .put = put,
                            .ctx = rows,
                            .states = states,
                            .slots = slots};
    return blocks_run(&w);
}

static bool measure_repeats(struct tab *t, size_t width[TAB_COLS], const void *ctx)
{
    const struct repeat_rows *rows = ctx;
    if (!run_blocks(rows, t, measure_block, NULL)) return false;
    for (int i = 0; i < rows->threads; i++)
        for (int j = 0; j < 8; j++)
            if (rows->pass[i].width[j] > width[j]) width[j] = rows->pass[i].width[j];
    return true;
}

static bool write_repeats(struct tab *t, struct text_out *line, const void *ctx)
{
    const struct repeat_rows *rows = ctx;
    for (int i = 0; i < rows->threads; i++)
        if ((rows->pass[i].line = tab_text_out_like(line)) == NULL) return false;
    return run_blocks(rows, t, write_block, put_block);
}

/* A pass's names, one slot each (calloc'd: none told yet); false out of
 * memory. */
static bool pass_init(struct repeat_pass *m, const pdn_stats *st, size_t names)
{
    if ((m->names = calloc(names, sizeof *m->names)) == NULL) return false;
    m->file = m->names;
    m->event = m->file + st->file_names.n;
    m->player = m->event + st->event.n;
    return true;
}

static void pass_free(struct repeat_pass *m, size_t names)
{
    for (size_t i = 0; m->names && i < names; i++)
        if (m->names[i].owned) free((char *)m->names[i].s);
    free(m->names);
    free(m->cell);
    vec_free(&m->tab.shown);
    tab_text_out_free(m->line);
}

/* Threads for the table: those the options give, one a block at most. */
static int table_threads(const struct pdn_stats_write_options *o, const pdn_stats *st)
{
    int threads = o->version >= 2 && o->threads > 1 ? o->threads : 1;
    if (threads > BLOCKS_THREADS_MAX) threads = BLOCKS_THREADS_MAX;
    size_t blocks = stats_repeat_blocks(&st->repeats);
    return (size_t)threads > blocks ? (blocks > 0 ? (int)blocks : 1) : threads;
}

int stats_write_repeats(struct stats_out *o, const pdn_stats *st)
{
    size_t names = st->file_names.n + st->event.n + st->player.n + 1;
    int threads = table_threads(o->o, st);
    struct repeat_rows rows = {.st = st,
                               .fp = o->fp,
                               .threads = threads,
                               .pass = tab_alloc_lines((size_t)threads * sizeof *rows.pass),
                               .text = tab_alloc_lines(2 * (size_t)threads * sizeof *rows.text)};
    bool ok = rows.pass && rows.text;
    for (int i = 0; ok && i < threads; i++)
        ok = pass_init(&rows.pass[i], st, names);
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
    int rc = ok ? tab_emit(o, &t) : PDN_ENOMEM;
    for (int i = 0; rows.pass && i < threads; i++)
        pass_free(&rows.pass[i], names);
    for (int i = 0; rows.text && i < 2 * threads; i++)
        vec_free(&rows.text[i].text);
    free(rows.pass);
    free(rows.text);
    return rc;
}
