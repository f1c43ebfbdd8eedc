/*
 * stats_write_cross: each event's crosstable (a round-robin grid, or a
 * table by rounds), why players on equal points stand in their order
 * (--explain) and the round-robin pairings with no game (--missing), as
 * rows of cells for stats_table.c. It writes what stats_cross.c builds,
 * one event at a time, and is called by stats_write.c alone; it changes
 * nothing and keeps nothing between calls.
 */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>

static void place_cell(struct tab *t, const struct cross_row *r)
{
    tab_place(t, r->place, r->place_to);
}

/* Room for a cell of at most n bytes: buf when it is large enough, else
 * from malloc (the caller frees what is not buf); NULL, and the table
 * failed, when out of memory. Cells are whole, however many games they
 * hold (schildpad.pdn's online games: 34 of one player in round 1). */
static char *cell_room(struct tab *t, char *buf, size_t size, size_t n)
{
    char *p = n <= size ? buf : malloc(n);
    if (!p) t->failed = true;
    return p;
}

/* The event's games between players a and b. */
static size_t games_between(const struct cross *c, uint32_t a, uint32_t b)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        n += (r->white == a && r->black == b) || (r->white == b && r->black == a);
    }
    return n;
}

/* Player a's games in a round of the event. */
static size_t games_in_round(const struct cross *c, uint32_t a, int round)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        n += r->round == round && (r->white == a || r->black == a);
    }
    return n;
}

/* A cell of a round-robin grid: row's points against col, game by game. */
static void grid_cell(struct tab *t, const struct cross *c, size_t row, size_t colr)
{
    if (row == colr) {
        tab_cell(t, "x");
        return;
    }
    uint32_t a = c->rows[row].player, b = c->rows[colr].player;
    char small[64], *buf = cell_room(t, small, sizeof small, games_between(c, a, b) + 1);
    if (!buf) return;
    size_t w = 0;
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        int p = -2;
        if (r->white == a && r->black == b)
            p = cross_points_white(r->outcome);
        else if (r->white == b && r->black == a)
            p = r->outcome == ST_OTHER     ? 0
                : r->outcome == ST_UNKNOWN ? -1
                                           : 2 - cross_points_white(r->outcome);
        if (p == -2) continue;
        buf[w++] = p < 0 ? '*' : (char)('0' + p);
    }
    buf[w] = '\0';
    tab_text(t, w ? buf : ".");
    if (buf != small) free(buf);
}

/* A cell of a table by rounds: opponent's line (its place, unless the
 * place is shared: "10-11" would leave two players named "10"), colour,
 * points. */
static void round_cell(struct tab *t, const struct cross *c, size_t row, int round)
{
    uint32_t a = c->rows[row].player;
    /* a game: a line number, its colour, its points and a blank */
    enum { GAME_TEXT = 24 };
    size_t n = games_in_round(c, a, round) * GAME_TEXT + 1;
    char small[96], *buf = cell_room(t, small, sizeof small, n);
    if (!buf) return;
    size_t w = 0;
    for (size_t i = 0; i < c->nrecs; i++) {
        const struct st_rec *r = &c->recs[i];
        if (r->round != round || (r->white != a && r->black != a)) continue;
        bool white = r->white == a;
        int opp = cross_row_of(c, white ? r->black : r->white);
        int p = cross_points_white(r->outcome);
        if (!white && p >= 0) p = r->outcome == ST_OTHER ? 0 : 2 - p;
        w += (size_t)snprintf(buf + w, n - w, "%s%d%c%c", w ? " " : "", opp + 1, white ? 'w' : 'b',
                              p < 0 ? '*' : '0' + p);
    }
    tab_text(t, w ? buf : "-");
    if (buf != small) free(buf);
}

/* Whether some of the event's games have no round number: they get a
 * column of their own, "R?", after the rounds (the only one when no game
 * has a number). */
static bool some_unnumbered(const struct cross *c)
{
    for (size_t i = 0; i < c->nrecs; i++)
        if (c->recs[i].round == 0) return true;
    return false;
}

static const char *const preset_names[PDN_TIEBREAK_COUNT] = {"fmjd", "kndb", "solkoff", "tsolkoff",
                                                             "sb"};

/* Rounds with gaps: the rounds missing are named up to this many ("10
 * rounds (1 to 11, no round 4)"), else those read ("3 rounds (1, 5, 9)"),
 * else neither ("(1 to 40, with gaps)"). */
enum { ROUNDS_NAMED = 3, ROUNDS_LISTED = 8 };

/* Appends to buf at *n, as snprintf would, when there is room. */
static void append(char *buf, size_t size, int *n, const char *fmt, long a)
{
    if (*n >= 0 && (size_t)*n < size) *n += snprintf(buf + *n, size - (size_t)*n, fmt, a);
}

/* The distinct round numbers of c's games (recs sorted by round). */
static unsigned long distinct_rounds(const struct cross *c)
{
    unsigned long n = 0;
    for (size_t i = 0; i < c->nrecs; i++)
        n += c->recs[i].round > 0 && (i == 0 || c->recs[i - 1].round != c->recs[i].round);
    return n;
}

/* The round numbers of c's games (recs sorted by round), at most
 * ROUNDS_LISTED into out: with missing, those between the first and the
 * last that no game has, else those read. How many. */
static size_t some_rounds(long out[ROUNDS_LISTED], const struct cross *c, bool missing)
{
    size_t k = 0;
    long prev = 0;
    for (size_t i = 0; i < c->nrecs && k < ROUNDS_LISTED; i++) {
        long r = c->recs[i].round;
        if (r <= 0 || r == prev) continue;
        for (long m = prev + 1; missing && prev > 0 && m < r && k < ROUNDS_LISTED; m++)
            out[k++] = m;
        if (!missing) out[k++] = r;
        prev = r;
    }
    return k;
}

/* Those rounds after buf[0, *n): "1, 5, 9", or with and "2, 3 and 5". */
static void name_rounds(char *buf, size_t size, int *n, const struct cross *c, bool missing)
{
    long r[ROUNDS_LISTED];
    size_t k = some_rounds(r, c, missing);
    for (size_t i = 0; i < k; i++)
        append(buf, size, n, i == 0 ? "%ld" : missing && i + 1 == k ? " and %ld" : ", %ld", r[i]);
}

/* The event's rounds as the events table counts them (the distinct
 * round numbers read), and which they are when they are not 1 to that
 * count: "8 rounds (5 to 12)" for the end of a round robin, "1 round
 * (12)" for one round's file, gaps said ("1 to 3" read as three rounds);
 * never a count made up from the games when no Round tag gives one (the
 * events table says 0). */
static void cross_rounds(char *buf, size_t size, const struct cross *c)
{
    const struct st_event *ev = c->ev;
    if (ev->rounds == 0) {
        snprintf(buf, size, "no round numbers");
        return;
    }
    int n =
        snprintf(buf, size, "%lu round%s", (unsigned long)ev->rounds, ev->rounds == 1 ? "" : "s");
    if (n < 0 || (size_t)n >= size) return;
    if (ev->round_first == 1 && ev->round_last == (int32_t)ev->rounds) return;
    long first = ev->round_first, last = ev->round_last;
    long missing = last - first + 1 - (long)ev->rounds;
    /* The gaps are named from the table's games, the count is the event's:
     * a round whose games name no player ('?') is in the one, not the
     * other ("no round 4 and 5" for a round 4 of such games alone). */
    bool nameable = distinct_rounds(c) == ev->rounds;
    if (first == last) {
        append(buf, size, &n, " (%ld)", first);
    } else if (missing == 0) {
        append(buf, size, &n, " (%ld", first);
        append(buf, size, &n, " to %ld)", last);
    } else if (missing <= ROUNDS_NAMED && nameable) {
        append(buf, size, &n, " (%ld", first);
        append(buf, size, &n, missing > 1 ? " to %ld, no rounds " : " to %ld, no round ", last);
        name_rounds(buf, size, &n, c, true);
        append(buf, size, &n, ")", 0);
    } else if (ev->rounds <= ROUNDS_LISTED && nameable) {
        append(buf, size, &n, " (", 0);
        name_rounds(buf, size, &n, c, false);
        append(buf, size, &n, ")", 0);
    } else {
        append(buf, size, &n, " (%ld", first);
        append(buf, size, &n, " to %ld, with gaps)", last);
    }
}

/* The heading: the system, the rounds, the games against those a round
 * robin has, the repeats left out. */
static void cross_title(struct tab *t, const struct cross *c, bool grid, enum pdn_stats_tiebreak tb)
{
    char played[64] = "", repeats[64] = "", preset[128], rounds[128];
    cross_rounds(rounds, sizeof rounds, c);
    const char *note = cross_preset_note(tb);
    snprintf(preset, sizeof preset, "%s%s%s", preset_names[tb], note ? " " : "", note ? note : "");
    if (!c->swiss)
        snprintf(played, sizeof played, ", %zu of %lu game%s", c->nrecs, c->expected,
                 c->expected == 1 ? "" : "s");
    if (c->duplicates)
        snprintf(repeats, sizeof repeats, "; %zu repeated game%s left out", c->duplicates,
                 c->duplicates == 1 ? "" : "s");
    /* a title longer than the room is cut: the event's name said it all */
    if (snprintf(t->title, sizeof t->title,
                 "Crosstable: %s (%s, %zu players, %s%s, tie-break %s%s)", c->ev->name,
                 grid ? "round robin" : "by rounds", c->nrows, rounds, played, preset, repeats) < 0)
        t->title[0] = '\0';
}

/* Criterion k's value for row i, empty where it weighs a player against
 * its own tie and the player has none there, or the tie's players did not
 * all meet: a mutual result of 0 would read as a score against the tied
 * players. */
static void crit_cell(struct tab *t, const struct cross *c, size_t i, int k)
{
    const struct cross_row *r = c->rows;
    int g = r[i].gid[k];
    bool alone = (i == 0 || r[i - 1].gid[k] != g) && (i + 1 == c->nrows || r[i + 1].gid[k] != g);
    if ((c->crit_within[k] && alone) || r[i].crit_void[k])
        tab_text(t, "");
    else
        tab_cell(t, "%g", r[i].crit[k]);
}

/* The games of a round robin against those it has, in CSV's columns and
 * in JSON's fields; an open (Swiss) event has no such number. */
static void cross_games_cells(struct tab *t, const struct cross *c)
{
    tab_cell(t, "%zu", c->nrecs);
    if (c->swiss)
        tab_text(t, "");
    else
        tab_count(t, c->expected);
}

static void cross_games_json(FILE *fp, const struct cross *c)
{
    fprintf(fp, "\"games\": %zu, \"round_robin_games\": ", c->nrecs);
    if (c->swiss)
        fputs("null", fp);
    else
        fprintf(fp, "%lu", c->expected);
}

static int cross_table(struct stats_out *o, const pdn_stats *st, const struct cross *c)
{
    bool text = o->o->format == PDN_STATS_TEXT;
    bool grid = !c->swiss && c->nrows <= 48;
    /* a grid's column a player; a table by rounds' a round number, none
     * when the games have none (each column would be empty: R? holds them) */
    size_t cols = grid ? c->nrows : !c->numbered ? 0 : (size_t)(c->rounds > 48 ? 48 : c->rounds);
    bool unnumbered = !grid && some_unnumbered(c);
    struct tab t = {.name = "crosstable"};
    cross_title(&t, c, grid, o->o->tiebreak);
    if (!text) tab_col(&t, "event", false);
    /* The line each cell names its opponent by, which a shared place is not */
    tab_col_key(&t, "#", "line", true);
    tab_col(&t, "place", true);
    tab_col(&t, "player", false);
    for (size_t j = 0; j < cols; j++) {
        tab_col_num(&t, grid ? "" : "R", grid ? "vs_" : "round_", (int)j + 1, true);
        t.str[t.ncols - 1] = true;
    }
    if (unnumbered) {
        tab_col_key(&t, "R?", "round_unknown", true);
        t.str[t.ncols - 1] = true;
    }
    tab_col(&t, "games", true);
    tab_col(&t, "points", true);
    for (int k = 0; k < c->ncrit; k++)
        tab_col(&t, c->crit_name[k], true);
    bool csv = o->o->format == PDN_STATS_CSV; /* CSV has no title: the event's games in columns */
    if (csv) {
        tab_col(&t, "event games", true);
        tab_col(&t, "round robin games", true);
    }
    for (size_t i = 0; i < c->nrows; i++) {
        const struct cross_row *r = &c->rows[i];
        if (!text) tab_text(&t, c->ev->name);
        tab_cell(&t, "%zu", i + 1);
        place_cell(&t, r);
        tab_text(&t, st_player_name(st, r->player));
        for (size_t j = 0; j < cols; j++) {
            if (grid)
                grid_cell(&t, c, i, j);
            else
                round_cell(&t, c, i, (int)j + 1);
        }
        if (unnumbered) round_cell(&t, c, i, 0);
        tab_cell(&t, "%g", r->games);
        tab_cell(&t, "%g", r->points);
        for (int k = 0; k < c->ncrit; k++)
            crit_cell(&t, c, i, k);
        if (csv) cross_games_cells(&t, c);
    }
    if (o->o->format != PDN_STATS_JSON) return tab_emit(o, &t);
    if (t.failed) {
        tab_free(&t);
        return PDN_ENOMEM;
    }
    if (!o->json_cross) {
        stats_json_member(o, "crosstables");
        fputs("[\n  ", o->fp);
    } else {
        fputs(",\n  ", o->fp);
    }
    o->json_cross = true;
    fputs("{\"event\": ", o->fp);
    stats_json_string(o->fp, c->ev->name);
    fprintf(o->fp, ", \"system\": \"%s\", \"tiebreak\": \"%s\", \"duplicates\": %zu, ",
            grid ? "round_robin" : "by_rounds", preset_names[o->o->tiebreak], c->duplicates);
    cross_games_json(o->fp, c);
    char rounds[128];
    cross_rounds(rounds, sizeof rounds, c);
    fputs(", \"rounds\": ", o->fp); /* as the text's title says them: pdn2html shows it */
    stats_json_string(o->fp, rounds);
    const char *note = cross_preset_note(o->o->tiebreak);
    if (note) {
        fputs(", \"tiebreak_note\": ", o->fp);
        stats_json_string(o->fp, note);
    }
    fputs(", \"rows\": ", o->fp);
    tab_json_rows(o->fp, &t);
    fputc('}', o->fp);
    tab_free(&t);
    return 0;
}

/* "2 > 1 against Name" or "... against places 3-5": the first group of the
 * classification the two scored differently against. */
static void cls_values(struct tab *t, const pdn_stats *st, const struct cross *c,
                       const struct cross_row *a, const struct cross_row *b)
{
    double pa, pb;
    int g = cross_cls_diff(c, a, b, &pa, &pb);
    if (g < 0 || (size_t)g >= c->nrows) {
        tab_text(t, "");
        return;
    }
    size_t end = (size_t)g + 1;
    while (end < c->nrows && c->rows[end].gid[c->cls_stage] == g)
        end++;
    if (end == (size_t)g + 1)
        tab_cell(t, "%g > %g against %s", pa, pb, st_player_name(st, c->rows[g].player));
    else
        tab_cell(t, "%g > %g against places %d-%d", pa, pb, c->rows[g].place,
                 c->rows[end - 1].place_to);
}

/* Why each player is ahead of the next one with as many points. */
static void explain_rows(struct tab *t, const pdn_stats *st, const struct cross *c)
{
    for (size_t i = 0; i + 1 < c->nrows; i++) {
        const struct cross_row *a = &c->rows[i], *b = &c->rows[i + 1];
        if (a->points != b->points) continue;
        int k = 0;
        while (k < c->ncrit && a->gid[k + 1] == b->gid[k + 1])
            k++;
        tab_text(t, c->ev->name);
        place_cell(t, a);
        tab_text(t, st_player_name(st, a->player));
        place_cell(t, b);
        tab_text(t, st_player_name(st, b->player));
        tab_cell(t, "%g", a->points);
        if (k < c->ncrit && k == c->cls_stage) {
            tab_text(t, c->crit_name[k]);
            cls_values(t, st, c, a, b);
        } else if (k < c->ncrit) {
            tab_text(t, c->crit_name[k]);
            tab_cell(t, "%g > %g", a->crit[k], b->crit[k]);
        } else {
            tab_cell(t, "not separated: shared place");
            tab_text(t, "");
        }
    }
}

/* The pairings of a round robin with fewer games than its cycles give
 * (none, or one of a double round robin), in the order of the table. */
static void missing_rows(struct tab *t, const pdn_stats *st, const struct cross *c)
{
    for (size_t i = 0; !c->swiss && i < c->nrows; i++)
        for (size_t j = i + 1; j < c->nrows; j++) {
            const struct cross_opp *p = cross_pair(c, c->rows[i].at, c->rows[j].at);
            unsigned games = p ? p->recorded : 0;
            if (games >= (unsigned)c->cycles) continue;
            tab_text(t, c->ev->name);
            tab_text(t, st_player_name(st, c->rows[i].player));
            tab_text(t, st_player_name(st, c->rows[j].player));
            tab_count(t, games);
            tab_cell(t, "%d", c->cycles);
        }
}

static void missing_columns(struct tab *t)
{
    static const char *const cols[] = {"event", "player", "opponent", "games", "of"};
    for (int j = 0; j < 5; j++)
        tab_col(t, cols[j], j >= 3);
}

int stats_write_cross(struct stats_out *o, const pdn_stats *st, unsigned tables)
{
    struct tab ex = {.name = "explain",
                     .title = "Tie-breaks: what separated players on equal points"};
    struct tab miss = {.name = "missing",
                       .title = "Missing games: round-robin pairings with no game in the files"};
    static const char *const cols[] = {"event",       "place",  "player",     "next place",
                                       "next player", "points", "decided by", "values"};
    for (int j = 0; j < 8; j++)
        tab_col(&ex, cols[j], j == 1 || j == 3 || j == 5);
    missing_columns(&miss);
    bool want_table = tables & PDN_STATS_CROSSTABLE, want_explain = tables & PDN_STATS_EXPLAIN;
    bool want_missing = tables & PDN_STATS_MISSING;
    const struct st_event *e = st->event.data;
    size_t ntables = 0;
    for (size_t i = 0; i < st->event.n; i++)
        ntables += st_event_recs(st, &e[i])->n > 0;
    if (o->o->format == PDN_STATS_CSV && want_table && ntables > 1) return PDN_EINVAL;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < st->event.n; i++) {
        if (st_event_recs(st, &e[i])->n == 0) continue;
        struct cross c;
        if (!cross_build(&c, st, &e[i], o->o->tiebreak)) {
            rc = PDN_ENOMEM;
            break;
        }
        if (want_table) rc = cross_table(o, st, &c);
        if (want_explain) explain_rows(&ex, st, &c);
        if (want_missing) missing_rows(&miss, st, &c);
        cross_free(&c);
    }
    if (o->json_cross) fputs("\n  ]", o->fp);
    if (rc == 0 && want_explain) rc = tab_emit(o, &ex);
    if (rc == 0 && want_missing) rc = tab_emit(o, &miss);
    tab_free(&ex);
    tab_free(&miss);
    return rc;
}
