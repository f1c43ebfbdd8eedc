/*
 * stats: counting a collection one game at a time (pdn_stats_add_game):
 * totals, results, endings, findings, players, events, openings and play.
 * A game is replayed quietly once, into a record (stats_game.c), which is
 * added here in input order (pdn_stats_add_read); what is kept grows with
 * the distinct names and openings, and the crosstable's records only when
 * asked for. Writing is stats_write.c's; this file never prints.
 */
#include "date.h"
#include "date_orders.h"
#include "game.h"
#include "stats.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- new, free ---------------------------------------------------------------- */

int pdn_stats_new(pdn_stats **out, const struct pdn_stats_options *options)
{
    if (!out) return PDN_EINVAL;
    *out = NULL;
    struct pdn_stats_options o;
    int rc = stats_options_settle(&o, options);
    if (rc < 0) return rc;
    pdn_stats *st = calloc(1, sizeof *st);
    if (!st) return PDN_ENOMEM;
    st->opt = o;
    st->min_len = (unsigned long)-1;
    st->king_ply_min = (unsigned long)-1;
    st->open_max = STATS_OPEN_NODES;
    if (!vec_push(&st->open, sizeof(struct st_open))) {
        free(st);
        return PDN_ENOMEM;
    }
    *out = st;
    return 0;
}

void pdn_stats_free(pdn_stats *st)
{
    if (!st) return;
    stats_players_free(st);
    struct vec *recs = st->event_recs.data;
    for (size_t i = 0; i < st->event_recs.n; i++)
        vec_free(&recs[i]);
    vec_free(&st->event_recs);
    struct st_alias *a = st->alias.data;
    for (size_t i = 0; i < st->alias.n; i++) {
        free(a[i].name);
        free(a[i].key);
    }
    free(st->event_index.slots);
    stats_pool_free(&st->strings);
    stats_names_free(&st->aliases);
    vec_free(&st->event);
    vec_free(&st->alias);
    vec_free(&st->lengths);
    stats_open_free(st);
    free(st->event_players.slots);
    free(st->event_rounds.slots);
    free(st->best_where);
    stats_repeat_free(st);
    stats_teams_free(st);
    stats_members_free(st);
    free(st);
}

void pdn_stats_add_file(pdn_stats *st)
{
    if (st) st->files++;
}

void pdn_stats_set_date_orders(pdn_stats *st, const pdn_date_orders *orders)
{
    if (st) st->date_orders = orders;
}

unsigned long pdn_stats_errors(const pdn_stats *st)
{
    return st ? st->errors : 0;
}

unsigned long pdn_stats_unknown_players(const pdn_stats *st)
{
    return st ? st->unknown_games : 0;
}

unsigned long pdn_stats_same_player_games(const pdn_stats *st, const char **name)
{
    if (name)
        *name = st && st->same_player_games
                    ? ((const struct st_player *)st->player.data)[st->same_player_first].name
                    : NULL;
    return st ? st->same_player_games : 0;
}

unsigned long pdn_stats_unknown_events(const pdn_stats *st)
{
    size_t i = st ? st_unnamed_event(st) : 0;
    return st && i < st->event.n ? ((const struct st_event *)st->event.data)[i].games : 0;
}

/* ---- findings ------------------------------------------------------------------- */

void pdn_stats_on_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_stats *st = ctx;
    if (!st || !d || (unsigned)d->code >= PDN_DIAG_COUNT) return;
    st->findings[d->code]++;
    if (d->game == 0) return;
    if (d->game != st->pending_game) memset(st->pending_seen, 0, sizeof st->pending_seen);
    st->pending_game = d->game;
    st->pending_seen[d->code] = true;
}

/* ---- per-player and per-event counts ------------------------------------------- */

/* "ronde2" is 2, "1-2" is 1 and 2; no digit is 0, 0. */
static void parse_round(int32_t *round, int32_t *sub, const char *s)
{
    *round = *sub = 0;
    if (!s) return;
    while (*s && (*s < '0' || *s > '9'))
        s++;
    for (; *s >= '0' && *s <= '9'; s++)
        if (*round < 100000) *round = *round * 10 + (*s - '0');
    while (*s && (*s < '0' || *s > '9'))
        s++;
    for (; *s >= '0' && *s <= '9'; s++)
        if (*sub < 100000) *sub = *sub * 10 + (*s - '0');
}

/* The event of an Event tag: one seen before (st->event_seen), else
 * looked up by its key. Every way of naming no event ("?", "??", blank,
 * no tag, and the name the tables give those games) is the one event "?"
 * (st_event_unnamed). */
static struct st_event *event_of(pdn_stats *st, const pdn_game *g, long *index)
{
    const char *value = pdn_game_tag(g, "Event");
    if (stats_names_nobody(value) || (value[0] == '(' && !strcmp(value, PDN_STATS_NO_EVENT_NAME)))
        value = "?";
    uint32_t *seen = &st->event_seen[stats_hash(value) % STATS_EVENT_SEEN];
    *index = stats_seen_find(seen, &st->event, sizeof(struct st_event), value);
    if (*index >= 0) return (struct st_event *)st->event.data + *index;
    size_t n = strlen(value);
    char stackbuf[512], *buf = 3 * n + 4 <= sizeof stackbuf ? stackbuf : malloc(3 * n + 4);
    if (!buf) return NULL;
    const char *shown, *key = stats_name_of(st, buf, value, &shown);
    bool added;
    long i = stats_named_find(&st->event_index, &st->event, sizeof(struct st_event), &st->strings,
                              key, shown, &added);
    if (buf != stackbuf) free(buf);
    if (i < 0) return NULL;
    *seen = (uint32_t)i + 1;
    *index = i;
    return (struct st_event *)st->event.data + i;
}

/* Room for one more game of an event in the crosstable's records. */
static struct st_rec *event_rec(pdn_stats *st, size_t event)
{
    while (st->event_recs.n <= event)
        if (!vec_push(&st->event_recs, sizeof(struct vec))) return NULL;
    return vec_push((struct vec *)st->event_recs.data + event, sizeof(struct st_rec));
}

/* first and last, 0 none, widened to take in date. */
static void widen(uint32_t *first, uint32_t *last, uint32_t date)
{
    if (!*first || date < *first) *first = date;
    if (date > *last) *last = date;
}

/* A game's date (read as text, packed as date) into its event's first and
 * last; one that reads both ways ("12-08-2021") and that its file's dates
 * did not settle (settled) kept in both readings until the event's other
 * dates settle it (stats_event_dates). A reading settled so shows no order
 * of the event's own. */
static void event_date(struct st_event *e, char text[DATE_SIZE], const char *tag, uint32_t date,
                       bool settled)
{
    char both[2][DATE_SIZE];
    enum date_order order = settled ? DATE_NO_ORDER : date_order_shown(both, tag);
    if (order == DATE_EITHER_ORDER) {
        for (int k = 0; k < 2; k++)
            widen(&e->either[k][0], &e->either[k][1], stats_date_pack(both[k]));
        return;
    }
    e->orders |= (uint8_t)(1u << order);
    widen(&e->first, &e->last, date);
    /* A range ("2004.10.27 - 2004.11.01") ends the event on its last day. */
    if (date_range_end(text, tag)) widen(&e->first, &e->last, stats_date_pack(text));
}

void stats_event_dates(const struct st_event *e, uint32_t out[2])
{
    /* Month first only where the event's other dates show that order and
     * none shows the other: day first is how most files write them. */
    int k = (e->orders & (1u << DATE_MONTH_FIRST)) && !(e->orders & (1u << DATE_DAY_FIRST));
    out[0] = e->first;
    out[1] = e->last;
    if (e->either[k][0]) widen(&out[0], &out[1], e->either[k][0]);
    if (e->either[k][1]) widen(&out[0], &out[1], e->either[k][1]);
}

/* Counts the game in its event; 1 when it repeats a game counted before
 * (and is left out), 0, or PDN_ENOMEM. */
static int count_event(pdn_stats *st, const pdn_game *g, const char *file, long w, long b,
                       const pdn_stats_game *rec)
{
    long ei;
    struct st_event *e = event_of(st, g, &ei);
    if (!e) return PDN_ENOMEM;
    int32_t round, sub;
    parse_round(&round, &sub, pdn_game_tag(g, "Round"));
    long fi = stats_file_index(st, file);
    if (fi < 0) return PDN_ENOMEM;
    const char *tag = pdn_game_date(g);
    char text[DATE_SIZE], why[DATE_WHY_SIZE];
    /* A day and month that could be swapped read first as pdnfmt --fix
     * reads them, by the other dates of the event or file (which the
     * tool read first); else day first, unless the event's dates over
     * the whole run say otherwise (stats_event_dates). */
    bool settled = tag && date_orders_reading(text, why, st->date_orders, g, tag);
    uint32_t date = settled || date_read(text, tag) ? stats_date_pack(text) : 0;
    struct repeat_game rg = {.file = (uint32_t)fi,
                             .index = g->index,
                             .event = (uint32_t)ei,
                             .white = (uint32_t)w,
                             .black = (uint32_t)b,
                             .round = round,
                             .sub = sub,
                             .outcome = rec->outcome,
                             .moves = rec->moves_hash,
                             .start = rec->start_hash,
                             .plies = rec->ply,
                             .date = date};
    int repeat = stats_repeat_check(st, &rg);
    if (repeat != 0) {
        e->repeats += repeat > 0;
        return repeat;
    }
    e->games++;
    if (date) event_date(e, text, tag, date, settled);
    uint64_t id = ((uint64_t)ei + 1) << 32;
    for (int k = 0; k < 2; k++) {
        if ((k ? b : w) == ST_NO_PLAYER) continue;
        struct st_player *p = (struct st_player *)st->player.data + (k ? b : w);
        if (p->last_event == (uint32_t)ei + 1) continue;
        int added = stats_id_add(&st->event_players, id | (uint32_t)(k ? b : w));
        if (added < 0) return PDN_ENOMEM;
        e->players += (uint32_t)added;
        p->last_event = (uint32_t)ei + 1;
    }
    int added = round > 0 ? stats_id_add(&st->event_rounds, id | (uint32_t)round) : 0;
    if (added < 0) return PDN_ENOMEM;
    e->rounds += (uint32_t)added;
    if (round > 0 && (!e->round_first || round < e->round_first)) e->round_first = round;
    if (round > e->round_last) e->round_last = round;
    /* A game against nobody known has no row or column to go in; games
     * that name no event are no tournament to rank. */
    if (!st->opt.crosstable || w == b || w == ST_NO_PLAYER || b == ST_NO_PLAYER ||
        st_event_unnamed(e))
        return 0;
    long wt = stats_player_team(st, (uint32_t)w, pdn_game_tag(g, "WhiteTeam"));
    long bt = wt < 0 ? -1 : stats_player_team(st, (uint32_t)b, pdn_game_tag(g, "BlackTeam"));
    if (bt < 0) return PDN_ENOMEM;
    struct st_rec *r = event_rec(st, (size_t)ei);
    if (!r) return PDN_ENOMEM;
    *r = (struct st_rec){.white = (uint32_t)w,
                         .black = (uint32_t)b,
                         .round = round,
                         .sub = sub,
                         .seq = (uint32_t)e->games,
                         .white_team = (uint32_t)wt,
                         .black_team = (uint32_t)bt,
                         .file = (uint32_t)fi,
                         .line = g->start.line,
                         .outcome = rec->outcome};
    return 0;
}

/* Games and points are not kept: white + black, 2 x wins + draws. */
static void count_player(struct st_player *p, bool white, enum st_outcome oc)
{
    if (white)
        p->white++;
    else
        p->black++;
    if (oc == ST_DRAW)
        p->draws++;
    else if (oc == ST_OTHER || (oc == ST_WHITE && !white) || (oc == ST_BLACK && white))
        p->losses++;
    else if (oc == ST_WHITE || oc == ST_BLACK)
        p->wins++;
}

/* Players and event: a repeat of a game counted before is left out of
 * both (stats_repeat.c), so that the players table and the crosstables
 * count the same games; so is a game of one player on both sides, which
 * the crosstables leave out (count_event) and which would count a win
 * and a loss to one player (pdn_stats_same_player_games). */
static int count_names(pdn_stats *st, const pdn_game *g, const char *file,
                       const pdn_stats_game *rec)
{
    long w = stats_player_of(st, g, "White"), b = w < 0 ? -1 : stats_player_of(st, g, "Black");
    if (w < 0 || b < 0) return PDN_ENOMEM;
    int rc = count_event(st, g, file, w, b, rec);
    if (rc != 0) return rc < 0 ? rc : 0;
    if (w == b && w != ST_NO_PLAYER) {
        if (st->same_player_games++ == 0) st->same_player_first = (uint32_t)w;
        ((struct st_player *)st->player.data)[w].alone++;
        return 0;
    }
    struct st_player *p = st->player.data;
    if (w != ST_NO_PLAYER) count_player(&p[w], true, rec->outcome);
    if (b != ST_NO_PLAYER) count_player(&p[b], false, rec->outcome);
    st->unknown_games += w == ST_NO_PLAYER || b == ST_NO_PLAYER;
    return 0;
}

/* ---- a game ------------------------------------------------------------------------ */

/* A side's name, NULL when it names nobody ('?', blank, no tag:
 * stats_names_nobody). */
static const char *player_named(const pdn_game *g, const char *side)
{
    const char *name = pdn_game_tag(g, side);
    return stats_names_nobody(name) ? NULL : name;
}

/* The game's largest capture, when it takes more pieces than any before:
 * where it was played, and its text as written (else its path). */
static void note_capture(pdn_stats *st, const pdn_stats_game *rec, const char *file)
{
    if (rec->best_pieces <= st->best_capture) return;
    st->best_capture = rec->best_pieces;
    char path[PDN_MOVE_TEXT_MAX];
    pdn_move_path_text(path, &rec->best_move, (enum pdn_variant)rec->best_variant);
    const pdn_game *g = rec->game;
    const char *white = player_named(g, "White"), *black = player_named(g, "Black");
    const struct pdn_node *node = rec->best_node;
    size_t n = strlen(path) + 64 + (file ? strlen(file) : 1) + (white ? strlen(white) : 1) +
               (black ? strlen(black) : 1);
    char *s = malloc(n);
    if (!s) return;
    size_t at = (size_t)snprintf(s, n, "%s game %zu", file ? file : "-", g->index);
    /* the players when a side is named, not "( - )" for a study's blank tags */
    if (white || black)
        at += (size_t)snprintf(s + at, n - at, " (%s - %s)", white ? white : "?",
                               black ? black : "?");
    snprintf(s + at, n - at, ", ply %lu: %s", rec->best_ply,
             node && node->text ? node->text : path);
    free(st->best_where);
    st->best_where = s;
}

/* The game's first plies down the openings tree (the root is counted
 * with the game), each node counting its result; false out of memory. A
 * line the full tree cuts short is counted in open_cut. */
static bool count_opening(pdn_stats *st, const pdn_stats_game *rec)
{
    st->open_set_up += rec->set_up;
    uint32_t node = 0;
    for (unsigned i = 0; i < rec->nopen; i++) {
        uint32_t c = stats_open_child(st, node, rec->open[i]);
        if (c == 0) return false;
        if (c == STATS_OPEN_FULL) {
            st->open_cut++;
            return true;
        }
        ((struct st_open *)st->open.data)[c].outcome[rec->outcome]++;
        node = c;
    }
    return true;
}

static bool count_length(pdn_stats *st, unsigned long plies)
{
    while (st->lengths.n <= plies)
        if (!vec_push(&st->lengths, sizeof(unsigned long))) return false;
    ((unsigned long *)st->lengths.data)[plies]++;
    if (plies < st->min_len) st->min_len = plies;
    if (plies > st->max_len) st->max_len = plies;
    st->plies += plies;
    return true;
}

/* The replay's findings, and the reader's that wait for this game: a
 * game counts once for each code found by either. The codes the replay
 * found are walked by their bits: a walk of all codes for every game cost
 * 0.7% of pdnstats -j 1's instructions. */
static void count_findings(pdn_stats *st, const pdn_game *g, const pdn_stats_game *rec)
{
    bool warned = rec->sum.warnings > 0;
    bool pending = st->pending_game == g->index;
    for (size_t w = 0; w < sizeof rec->found / sizeof rec->found[0]; w++)
        for (uint64_t bits = rec->found[w]; bits; bits &= bits - 1) {
            size_t c = w * 64 + (size_t)__builtin_ctzll(bits);
            st->findings[c] += rec->findings[c];
            st->finding_games[c] += !(pending && st->pending_seen[c]);
        }
    for (int c = 0; pending && c < PDN_DIAG_COUNT; c++) {
        if (!st->pending_seen[c]) continue;
        st->finding_games[c]++;
        if (pdn_diag_severity(c) == PDN_SEV_WARNING) warned = true;
    }
    if (pending) st->pending_game = 0;
    if (game_internal(g)->read_errors || rec->sum.errors) st->errors++;
    if (warned) st->warnings++;
}

/* Whether a record was read as these stats read their games. */
static bool read_alike(const struct pdn_stats_options *a, const struct pdn_stats_options *b)
{
    return a->opening_depth == b->opening_depth && a->strict == b->strict &&
           a->draw_rules == b->draw_rules;
}

int pdn_stats_add_read(pdn_stats *st, const pdn_stats_game *rec, const pdn_game *g,
                       const char *file)
{
    if (!st || !rec || !g || rec->game != g || !read_alike(&st->opt, &rec->opt)) return PDN_EINVAL;
    bool opened = count_opening(st, rec);
    note_capture(st, rec, file);
    if (!opened || !count_length(st, rec->sum.plies)) return PDN_ENOMEM;
    st->games++;
    st->outcome[rec->outcome]++;
    st->ending[rec->ending]++;
    if ((unsigned)rec->sum.draw_rule < ST_DRAW_RULES) st->draw_rules[rec->sum.draw_rule]++;
    count_findings(st, g, rec);
    st->captures += rec->captures;
    st->capture_games += rec->captures > 0;
    st->promotions += rec->promotions;
    if (rec->first_king) {
        st->king_games++;
        st->king_ply_sum += rec->first_king;
        if (rec->first_king < st->king_ply_min) st->king_ply_min = rec->first_king;
    }
    ((struct st_open *)st->open.data)->outcome[rec->outcome]++; /* the root */
    return count_names(st, g, file, rec);
}

int pdn_stats_add_game(pdn_stats *st, const pdn_game *g, const char *file)
{
    if (!st || !g) return PDN_EINVAL;
    struct pdn_stats_game rec = {.opt = st->opt};
    int rc = pdn_stats_game_read(&rec, g);
    return rc < 0 ? rc : pdn_stats_add_read(st, &rec, g, file);
}
