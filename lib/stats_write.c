/*
 * stats_write: the tables of a whole collection's statistics (totals,
 * lengths, results, endings, findings, players, events, openings, play,
 * repeats), each built as rows of cells (stats_table.c writes them as
 * aligned text, CSV or one JSON document), with the identifiers CSV and
 * JSON name them by; and pdn_stats_write, which writes the tables asked
 * for in their order, the events' own (crosstables, team tables) by
 * stats_write_cross.c and stats_write_teams.c. It reads the counts; it
 * changes nothing and keeps nothing between calls.
 */
#include "csv_io.h"
#include "options.h"
#include "stats.h"

#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* part of whole in per cent, to a tenth; empty (null in JSON) when whole
 * is 0: a player whose games have no result has no score, not 0.0. */
static void pct_cell(struct tab *t, unsigned long part, unsigned long whole)
{
    if (whole)
        tab_cell(t, "%.1f", 100.0 * (double)part / (double)whole);
    else
        tab_text(t, "");
}

/* ---- the tables ------------------------------------------------------------------ */

static void measure(struct tab *t, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void measure(struct tab *t, const char *what, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    tab_text(t, what);
    tab_text(t, buf);
}

/* The length of the game at 0-based place k in order of length. */
static unsigned long length_at(const pdn_stats *st, unsigned long k)
{
    const unsigned long *l = st->lengths.data;
    unsigned long seen = 0;
    for (size_t i = 0; i < st->lengths.n; i++)
        if ((seen += l[i]) > k) return (unsigned long)i;
    return 0;
}

/* The median length, as statistics define it: the middle game's, or the
 * mean of the two middle ones ("127.5" for 121 and 134), into buf. */
static const char *median_len(char buf[32], const pdn_stats *st)
{
    unsigned long lo = st->games ? length_at(st, (st->games - 1) / 2) : 0;
    unsigned long hi = st->games ? length_at(st, st->games / 2) : 0;
    snprintf(buf, 32, (lo + hi) % 2 ? "%lu.5" : "%lu", (lo + hi) / 2);
    return buf;
}

static int t_totals(struct stats_out *o, const pdn_stats *st)
{
    struct tab t = {.name = "totals", .title = "Totals", .shape = TAB_MEASURES};
    tab_col(&t, "measure", false);
    tab_col(&t, "value", true);
    measure(&t, "files", "%lu", st->files);
    measure(&t, "games", "%lu", st->games);
    measure(&t, "plies", "%lu", st->plies);
    measure(&t, "plies per game, mean", "%.1f",
            st->games ? (double)st->plies / (double)st->games : 0.0);
    char median[32];
    measure(&t, "plies per game, median", "%s", median_len(median, st));
    measure(&t, "plies per game, min", "%lu", st->games ? st->min_len : 0);
    measure(&t, "plies per game, max", "%lu", st->max_len);
    /* games whose line stopped where the openings tree was full */
    measure(&t, "openings cut short (tree full)", "%lu", st->open_cut);
    /* games the openings tree leaves out: from a position a FEN set up */
    measure(&t, "FEN games (no opening)", "%lu", st->open_set_up);
    /* Games the players table leaves out: text and CSV readers are told
     * on stderr (pdn_stats_unknown_players), but pdnstats --merge reads
     * pieces' documents, not their stderr, and must warn as one run does. */
    if (o->o->format == PDN_STATS_JSON) {
        measure(&t, "games with an unknown player", "%lu", st->unknown_games);
        measure(&t, "games against oneself", "%lu", st->same_player_games);
    }
    return tab_emit(o, &t);
}

static int t_lengths(struct stats_out *o, const pdn_stats *st)
{
    struct tab t = {.name = "lengths", .title = "Game length (plies)", .text_last = true};
    tab_col(&t, "from", true);
    tab_col(&t, "to", true);
    tab_col(&t, "games", true);
    tab_col(&t, "", false);
    unsigned long step = 10 * (st->max_len / 200 + 1), top = 0, nb = st->max_len / step + 1;
    const unsigned long *l = st->lengths.data;
    unsigned long *b = calloc(nb, sizeof *b);
    if (!b) return PDN_ENOMEM;
    for (size_t i = 0; i < st->lengths.n; i++)
        b[i / step] += l[i];
    for (unsigned long i = 0; i < nb; i++)
        if (b[i] > top) top = b[i];
    static const char *const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    for (unsigned long i = 0; st->games && i < nb; i++) {
        tab_count(&t, i * step);
        tab_count(&t, i * step + step - 1);
        tab_count(&t, b[i]);
        unsigned long len = top ? (b[i] * 40 * 8 + top / 2) / top : 0;
        char bar[40 * 3 + 8] = "";
        size_t w = 0;
        for (unsigned long k = 0; k < len / 8; k++)
            w += (size_t)sprintf(bar + w, "%s", o->o->blocks ? "█" : "#");
        if (o->o->blocks) sprintf(bar + w, "%s", eighths[len % 8]);
        tab_text(&t, bar);
    }
    free(b);
    return tab_emit(o, &t);
}

/* The columns and rows of a table of games counted by kind: the kind
 * (headed 'what'), how many games, their share of all. */
static void count_rows(struct tab *t, const char *what, const char *const *names,
                       const unsigned long *counts, int n, unsigned long games)
{
    tab_col(t, what, false);
    tab_col(t, "games", true);
    tab_col(t, "%", true);
    for (int i = 0; i < n; i++) {
        tab_text(t, names[i]);
        tab_count(t, counts[i]);
        pct_cell(t, counts[i], games);
    }
}

static int t_results(struct stats_out *o, const pdn_stats *st)
{
    static const char *const names[ST_OUTCOMES] = {"White won", "draw", "Black won", "other (0-0)",
                                                   "unknown"};
    static const char *const keys[] = {"white_won", "draw",    "black_won",
                                       "other",     "unknown", "white_score"};
    struct tab t = {.name = "results", .title = "Results", .shape = TAB_KEYED, .row_keys = keys};
    count_rows(&t, "result", names, st->outcome, ST_OUTCOMES, st->games);
    unsigned long scored = st->outcome[ST_WHITE] + st->outcome[ST_DRAW] + st->outcome[ST_BLACK] +
                           st->outcome[ST_OTHER];
    tab_cell(&t, "White's points"); /* in the games column: say they are points */
    tab_count(&t, 2 * st->outcome[ST_WHITE] + st->outcome[ST_DRAW]);
    pct_cell(&t, 2 * st->outcome[ST_WHITE] + st->outcome[ST_DRAW], 2 * scored);
    return tab_emit(o, &t);
}

static int t_endings(struct stats_out *o, const pdn_stats *st)
{
    static const char *const names[ST_ENDINGS] = {"no move left on the board",
                                                  "result recorded without that",
                                                  "a draw rule reached", "unfinished (no result)"};
    static const char *const keys[ST_ENDINGS] = {"no_move", "recorded", "draw_rule", "unfinished"};
    struct tab t = {
        .name = "endings", .title = "How games ended", .shape = TAB_KEYED, .row_keys = keys};
    count_rows(&t, "ending", names, st->ending, ST_ENDINGS, st->games);
    return tab_emit(o, &t);
}

static int t_findings(struct stats_out *o, const pdn_stats *st)
{
    struct tab t = {.name = "findings", .title = "Findings"};
    tab_col(&t, "code", false);
    tab_col(&t, "severity", false);
    tab_col(&t, "findings", true);
    tab_col(&t, "games", true);
    tab_cell(&t, "games with errors");
    tab_cell(&t, "error");
    tab_text(&t, "");
    tab_count(&t, st->errors);
    tab_cell(&t, "games with warnings");
    tab_cell(&t, "warning");
    tab_text(&t, "");
    tab_count(&t, st->warnings);
    for (int c = 0; c < PDN_DIAG_COUNT; c++) {
        if (!st->findings[c]) continue;
        tab_text(&t, pdn_diag_name(c));
        tab_text(&t, pdn_severity_name(pdn_diag_severity(c)));
        tab_count(&t, st->findings[c]);
        tab_count(&t, st->finding_games[c]);
    }
    return tab_emit(o, &t);
}

static int player_order(const struct st_player *p, uint32_t a, uint32_t b);

/* The players in the table's order. */
struct player_rows {
    const struct st_player *p;
    uint32_t *ix;
};

static void player_row(struct tab *t, size_t i, const void *ctx)
{
    const struct player_rows *r = ctx;
    const struct st_player *q = &r->p[r->ix[i]];
    unsigned long scored = q->wins + q->draws + q->losses;
    tab_text(t, q->name);
    tab_count(t, st_player_games(q));
    tab_count(t, q->wins);
    tab_count(t, q->draws);
    tab_count(t, q->losses);
    tab_count(t, st_player_games(q) - scored); /* '*': games + 0 = wins + draws + losses + these */
    tab_count(t, st_player_points(q));
    pct_cell(t, st_player_points(q), 2 * scored);
    tab_count(t, q->white);
    tab_count(t, q->black);
}

/* A row per player, made as it is written: what a table holds for each of
 * 100,000 players is its index here. */
static int t_players(struct stats_out *o, const pdn_stats *st)
{
    struct player_rows rows = {st->player.data, malloc(st->player.n * sizeof *rows.ix + 1)};
    uint32_t *ix = rows.ix;
    if (!ix) return PDN_ENOMEM;
    size_t n = 0; /* a player of games against oneself alone has no row */
    for (size_t i = 0; i < st->player.n; i++)
        if (st_player_games(&rows.p[i]) > 0) ix[n++] = (uint32_t)i;
    for (size_t gap = n / 2; gap > 0; gap /= 2)
        for (size_t i = gap; i < n; i++)
            for (size_t j = i; j >= gap && player_order(rows.p, ix[j - gap], ix[j]) > 0; j -= gap) {
                uint32_t x = ix[j];
                ix[j] = ix[j - gap];
                ix[j - gap] = x;
            }
    struct tab t = {
        .name = "players", .title = "Players", .nrows = n, .row = player_row, .ctx = &rows};
    static const char *const cols[] = {"player",    "games",  "wins",   "draws", "losses",
                                       "no result", "points", "score%", "white", "black"};
    for (int j = 0; j < 10; j++)
        tab_col(&t, cols[j], j > 0);
    int rc = tab_emit(o, &t);
    free(ix);
    return rc;
}

/* Points, then wins, then fewer games, then name. */
static int player_order(const struct st_player *p, uint32_t a, uint32_t b)
{
    const struct st_player *x = &p[a], *y = &p[b];
    unsigned long px = st_player_points(x), py = st_player_points(y);
    unsigned long gx = st_player_games(x), gy = st_player_games(y);
    if (px != py) return px > py ? -1 : 1;
    if (x->wins != y->wins) return x->wins > y->wins ? -1 : 1;
    if (gx != gy) return gx < gy ? -1 : 1;
    return strcmp(x->name, y->name);
}

struct event_rows {
    const struct st_event *e;
    size_t n, unnamed; /* events; the one that names none, n when none does */
    bool iso;          /* dates YYYY-MM-DD */
};

/* Row i's event: in the order met, the games that name no event last (a
 * row of games to find and name, not an event among the others). */
static const struct st_event *event_at(const struct event_rows *r, size_t i)
{
    if (i < r->unnamed) return &r->e[i];
    return &r->e[i + 1 < r->n ? i + 1 : r->unnamed];
}

static void event_row(struct tab *t, size_t i, const void *ctx)
{
    const struct event_rows *r = ctx;
    const struct st_event *e = event_at(r, i);
    char from[11], to[11];
    uint32_t dates[2];
    stats_event_dates(e, dates);
    stats_date_unpack(from, dates[0]);
    stats_date_unpack(to, dates[1]);
    for (int k = 4; r->iso && k <= 7; k += 3)
        if (from[0]) from[k] = '-';
    for (int k = 4; r->iso && k <= 7; k += 3)
        if (to[0]) to[k] = '-';
    tab_text(t, st_event_name(e));
    tab_count(t, e->games);
    tab_text(t, from);
    tab_text(t, to);
    tab_count(t, e->players);
    tab_count(t, e->rounds);
}

static int t_events(struct stats_out *o, const pdn_stats *st)
{
    /* for a spreadsheet, ISO dates (YYYY-MM-DD), as pdn2csv --excel writes */
    struct event_rows rows = {st->event.data, st->event.n, st_unnamed_event(st),
                              o->o->excel && o->o->format == PDN_STATS_CSV};
    struct tab t = {
        .name = "events", .title = "Events", .nrows = st->event.n, .row = event_row, .ctx = &rows};
    static const char *const cols[] = {"event", "games", "from", "to", "players", "rounds"};
    for (int j = 0; j < 6; j++)
        tab_col(&t, cols[j], j == 1 || j > 3);
    t.date[2] = t.date[3] = true;
    return tab_emit(o, &t);
}

/* ---- openings ----------------------------------------------------------------------- */

struct open_walk {
    struct tab *t;
    const pdn_stats *st;
    int top;
    bool text;
    bool variants; /* the tree holds games of several variants: a column names each row's */
    char line[20 * 24];
};

/* The variant a node of the openings tree was played in (stats_open_key). */
static enum pdn_variant open_variant(const struct st_open *n)
{
    return (enum pdn_variant)(n->key >> 17);
}

/* Whether the first moves of the tree are of several variants: a Russian
 * and a Czech "1. c3-d4" are two rows that only the variant tells apart. */
static bool open_variants(const pdn_stats *st)
{
    const struct st_open *tree = st->open.data;
    if (st->open.n == 0) return false;
    uint32_t first = tree[0].child;
    for (uint32_t c = first; c; c = tree[c - 1].next)
        if (open_variant(&tree[c - 1]) != open_variant(&tree[first - 1])) return true;
    return false;
}

static void open_rows(struct open_walk *w, uint32_t node, int depth, size_t linelen)
{
    const struct st_open *tree = w->st->open.data;
    uint32_t kids[256];
    unsigned long games[256];
    size_t n = 0;
    for (uint32_t c = tree[node].child; c && n < 256; c = tree[c - 1].next)
        kids[n++] = c - 1;
    for (size_t i = 0; i < n / 2; i++) { /* the list is newest first */
        uint32_t x = kids[i];
        kids[i] = kids[n - 1 - i];
        kids[n - 1 - i] = x;
    }
    for (size_t i = 0; i < n; i++)
        games[i] = stats_open_games(&tree[kids[i]]);
    for (size_t i = 1; i < n; i++) /* most games first, ties in the order met */
        for (size_t j = i; j > 0 && games[j] > games[j - 1]; j--) {
            uint32_t x = kids[j];
            unsigned long g = games[j];
            kids[j] = kids[j - 1];
            games[j] = games[j - 1];
            kids[j - 1] = x;
            games[j - 1] = g;
        }
    if (w->top > 0 && n > (size_t)w->top) n = (size_t)w->top;
    for (size_t i = 0; i < n; i++) {
        const struct st_open *k = &tree[kids[i]];
        char num[16], move[STATS_OPEN_TEXT];
        stats_open_text(move, k);
        if (depth % 2 == 0)
            snprintf(num, sizeof num, "%d. ", depth / 2 + 1);
        else
            snprintf(num, sizeof num, "%d... ", depth / 2 + 1);
        int len = snprintf(w->line + linelen, sizeof w->line - linelen, "%s%s%s",
                           linelen ? " " : "", depth % 2 == 0 ? num : "", move);
        if (w->text)
            tab_cell(w->t, "%*s%s%s", 2 * depth, "", num, move);
        else
            tab_text(w->t, w->line);
        if (w->variants) {
            const struct pdn_rules *rules = pdn_rules_get(open_variant(k));
            tab_text(w->t, rules ? rules->name : "?");
        }
        tab_cell(w->t, "%d", depth + 1);
        tab_count(w->t, games[i]);
        unsigned long white = k->outcome[ST_WHITE], draw = k->outcome[ST_DRAW];
        tab_count(w->t, white);
        tab_count(w->t, draw);
        tab_count(w->t, (unsigned long)k->outcome[ST_BLACK]);
        unsigned long scored = white + draw + k->outcome[ST_BLACK] + k->outcome[ST_OTHER];
        pct_cell(w->t, 2 * white + draw, 2 * scored);
        if (len > 0 && linelen + (size_t)len < sizeof w->line)
            open_rows(w, kids[i], depth + 1, linelen + (size_t)len);
        w->line[linelen] = '\0';
    }
}

/* The openings' title, with the games it leaves out: those set up by a
 * FEN (their first move is no opening), and the lines of a full tree. */
static void openings_title(char *out, size_t cap, const pdn_stats *st)
{
    size_t n = 0;
    n += (size_t)snprintf(out, cap, "Openings (first %d plies", st->opt.opening_depth);
    if (st->open_set_up && n < cap)
        n += (size_t)snprintf(out + n, cap - n, "; %lu game%s set up by a FEN left out",
                              st->open_set_up, st->open_set_up == 1 ? "" : "s");
    if (st->open_cut && n < cap)
        n += (size_t)snprintf(out + n, cap - n,
                              "; the tree is full at %zu positions: the lines of %lu games stop "
                              "there",
                              st->open.n - 1, st->open_cut);
    if (n < cap) snprintf(out + n, cap - n, ")");
}

static int t_openings(struct stats_out *o, const pdn_stats *st)
{
    struct tab t = {.name = "openings"};
    openings_title(t.title, sizeof t.title, st);
    static const char *const cols[] = {"moves", "ply",       "games",       "white won",
                                       "draw",  "black won", "white score%"};
    struct open_walk w = {.t = &t, .st = st, .text = o->o->format == PDN_STATS_TEXT};
    w.variants = open_variants(st);
    for (int j = 0; j < 7; j++) {
        tab_col(&t, cols[j], j > 0);
        if (j == 0 && w.variants) tab_col(&t, "variant", false);
    }
    w.top = o->o->openings_top == 0 ? 5 : o->o->openings_top;
    open_rows(&w, 0, 0, 0);
    return tab_emit(o, &t);
}

static int t_play(struct stats_out *o, const pdn_stats *st)
{
    struct tab t = {.name = "play", .title = "Play", .shape = TAB_MEASURES};
    tab_col(&t, "measure", false);
    tab_col(&t, "value", false);
    measure(&t, "captures", "%lu", st->captures);
    measure(&t, "captures per game", "%.2f",
            st->games ? (double)st->captures / (double)st->games : 0.0);
    measure(&t, "games with a capture", "%lu", st->capture_games);
    measure(&t, "largest capture (pieces)", "%u", st->best_capture);
    tab_cell(&t, "largest capture, first seen");
    tab_text(&t, st->best_where ? st->best_where : "");
    measure(&t, "promotions", "%lu", st->promotions);
    measure(&t, "games with a king", "%lu", st->king_games);
    measure(&t, "first king, mean ply", "%.1f",
            st->king_games ? (double)st->king_ply_sum / (double)st->king_games : 0.0);
    measure(&t, "first king, earliest ply", "%lu", st->king_games ? st->king_ply_min : 0);
    /* The international rules always have a row; the others when they drew a game. */
    static const char *const rules[PDN_DRAW_16_MOVES + 2] = {
        NULL, "draw rule: threefold repetition", "draw rule: 25 moves (kings only)",
        "draw rule: 16 moves (ending)", "draw rule: 5 moves (ending)"};
    for (int r = 1; r <= PDN_DRAW_5_MOVES; r++)
        measure(&t, rules[r], "%lu", st->draw_rules[r]);
    char what[128];
    for (int r = PDN_DRAW_5_MOVES + 1; r < PDN_DRAW_RULE_COUNT; r++) {
        if (!st->draw_rules[r]) continue;
        snprintf(what, sizeof what, "draw rule: %s", pdn_draw_rule_name(r));
        measure(&t, what, "%lu", st->draw_rules[r]);
    }
    return tab_emit(o, &t);
}

/* Whether the repeats table goes out: asked for, or repeats to show beside
 * the default tables or a crosstable (not in CSV, which is one table). */
static bool want_repeats(const struct pdn_stats_write_options *opt, const pdn_stats *st)
{
    if (opt->tables & PDN_STATS_REPEATS) return true;
    if (st->repeats.n == 0 || opt->format == PDN_STATS_CSV) return false;
    return opt->tables == 0 || (opt->tables & PDN_STATS_CROSSTABLE);
}

/* ---- the whole ------------------------------------------------------------------------- */

bool pdn_stats_table_parse(unsigned *out, const char *name)
{
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = {
        {"totals", PDN_STATS_TOTALS},     {"lengths", PDN_STATS_LENGTHS},
        {"results", PDN_STATS_RESULTS},   {"endings", PDN_STATS_ENDINGS},
        {"findings", PDN_STATS_FINDINGS}, {"players", PDN_STATS_PLAYERS},
        {"events", PDN_STATS_EVENTS},     {"openings", PDN_STATS_OPENINGS},
        {"play", PDN_STATS_PLAY},         {"crosstable", PDN_STATS_CROSSTABLE},
        {"explain", PDN_STATS_EXPLAIN},   {"repeats", PDN_STATS_REPEATS},
        {"missing", PDN_STATS_MISSING},   {"teams", PDN_STATS_TEAMS},
    };
    for (size_t i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i].name, name) == 0) {
            if (out) *out = names[i].bit;
            return true;
        }
    return false;
}

bool pdn_stats_tiebreak_parse(enum pdn_stats_tiebreak *out, const char *name)
{
    static const char *const names[PDN_TIEBREAK_COUNT] = {"fmjd", "kndb", "solkoff", "tsolkoff",
                                                          "sb"};
    for (int i = 0; name && i < PDN_TIEBREAK_COUNT; i++)
        if (strcmp(names[i], name) == 0) {
            if (out) *out = (enum pdn_stats_tiebreak)i;
            return true;
        }
    return false;
}

/* The tables asked for, in their order. */
static int write_tables(FILE *fp, const pdn_stats *st, const struct pdn_stats_write_options *opt,
                        unsigned tables)
{
    struct csv_out csv = {.fp = fp,
                          .delim = opt->excel ? ';' : ',',
                          .crlf = opt->excel,
                          .excel = opt->excel,
                          .first = true};
    struct stats_out o = {.fp = fp, .o = opt, .first_table = true, .csv = &csv};
    if (opt->format == PDN_STATS_CSV && opt->excel) fputs("\xEF\xBB\xBF", fp); /* the BOM */
    static int (*const fns[])(struct stats_out *, const pdn_stats *) = {
        t_totals,  t_lengths, t_results,  t_endings, t_findings,
        t_players, t_events,  t_openings, t_play};
    int rc = 0;
    errno = 0;
    for (unsigned i = 0; rc == 0 && i < sizeof fns / sizeof fns[0]; i++)
        if (tables & (1u << i)) rc = fns[i](&o, st);
    if (rc == 0 && (tables & (PDN_STATS_CROSSTABLE | PDN_STATS_EXPLAIN | PDN_STATS_MISSING)))
        rc = stats_write_cross(&o, st, tables);
    bool teams = (tables & PDN_STATS_TEAMS) ||
                 ((tables & PDN_STATS_CROSSTABLE) && opt->format != PDN_STATS_CSV);
    if (rc == 0 && teams) rc = stats_write_teams(&o, st);
    if (rc == 0 && want_repeats(opt, st)) rc = stats_write_repeats(&o, st);
    if (rc == 0 && opt->format == PDN_STATS_JSON) fputs(o.first_table ? "{}\n" : "\n}\n", fp);
    if (rc == 0 && csv.nomem) rc = PDN_ENOMEM;
    csv_out_free(&csv);
    if (rc == 0 && (ferror(fp) || fflush(fp) != 0)) rc = PDN_EIO;
    return rc;
}

/* The tables in the C locale, whatever the caller set with setlocale(3)
 * or uselocale(3): printf writes "%.1f" and "%g" by LC_NUMERIC, "110,9"
 * in a Turkish, German or French locale, which JSON took for a string.
 * uselocale switches this thread alone, for this call, and puts back the
 * caller's: other threads keep theirs and the library keeps no global
 * (tests/lib-symbols.sh). glibc's newlocale hands out its built-in C
 * locale without allocating and freelocale leaves it; another C library
 * may allocate one a call, freed here. Formatting by hand instead would
 * have to match printf's rounding digit for digit. The threads the
 * repeats table may start write names and whole numbers, which no locale
 * changes. */
int pdn_stats_write(FILE *fp, const pdn_stats *st, const struct pdn_stats_write_options *options)
{
    struct pdn_stats_write_options def = PDN_STATS_WRITE_OPTIONS_INIT;
    const struct pdn_stats_write_options *opt = options ? options : &def;
    if (!fp || !st || !options_ok(opt->version, PDN_STATS_WRITE_OPTIONS_VERSION) ||
        (unsigned)opt->format > PDN_STATS_JSON || (unsigned)opt->tiebreak >= PDN_TIEBREAK_COUNT)
        return PDN_EINVAL;
    unsigned tables = opt->tables ? opt->tables : PDN_STATS_CROSSTABLE - 1;
    if (opt->format == PDN_STATS_CSV && (tables & (tables - 1))) return PDN_EINVAL;
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (c == (locale_t)0) return PDN_ENOMEM;
    locale_t caller = uselocale(c);
    int rc = caller == (locale_t)0 ? PDN_ENOMEM : write_tables(fp, st, opt, tables);
    if (caller != (locale_t)0) uselocale(caller);
    freelocale(c);
    return rc;
}
