/*
 * stats_write_teams: the team tables of the events whose games name teams
 * (or whose name says teams), as rows of cells for stats_table.c: per
 * round each team's opponent and board points, then matches, match points
 * and board points; an event without teams gets a note instead. It writes
 * what stats_teams.c builds and is called by stats_write.c alone; it
 * changes nothing and keeps nothing between calls.
 */
#include "stats.h"

#include <stdio.h>

static const char *team_name(const pdn_stats *st, uint32_t i)
{
    return ((char *const *)st->team.data)[i];
}

/* A team's round: the other team's line and the board points, "3 5-3";
 * "3 1-1*" for a match with a board that has no result, undecided. */
static void team_round_cell(struct tab *t, const struct team_table *tt, size_t row, int round)
{
    char buf[128] = "";
    size_t w = 0;
    uint32_t team = tt->rows[row].team;
    for (size_t i = 0; i < tt->nmatches && w + 40 < sizeof buf; i++) {
        const struct team_match *m = &tt->matches[i];
        int k = m->team[0] == team ? 0 : m->team[1] == team ? 1 : -1;
        if (m->round != round || k < 0) continue;
        w += (size_t)snprintf(buf + w, sizeof buf - w, "%s%d %lu-%lu%s", w ? ", " : "",
                              team_row_of(tt, m->team[1 - k]) + 1, m->board[k], m->board[1 - k],
                              m->open ? "*" : "");
    }
    tab_text(t, w ? buf : "-");
}

/* A team's place, "2-3" when shared (tab_place): the rows of one place
 * stand together, the first holding the place. */
static void team_place_cell(struct tab *t, const struct team_table *tt, size_t row)
{
    int place = tt->rows[row].place, to = place;
    for (size_t i = row + 1; i < tt->nrows && tt->rows[i].place == place; i++)
        to++;
    for (size_t i = row; i > 0 && tt->rows[i - 1].place == place; i--)
        to++;
    tab_place(t, place, to);
}

static void team_rows(struct tab *t, const pdn_stats *st, const struct st_event *ev,
                      const struct team_table *tt, bool text)
{
    int rounds = tt->rounds > 48 ? 48 : tt->rounds;
    for (size_t i = 0; i < tt->nrows; i++) {
        const struct team_row *r = &tt->rows[i];
        if (!text) tab_text(t, ev->name);
        tab_cell(t, "%zu", i + 1);
        team_place_cell(t, tt, i);
        tab_text(t, team_name(st, r->team));
        for (int k = 1; k <= rounds; k++)
            team_round_cell(t, tt, i, k);
        tab_count(t, r->matches);
        tab_count(t, r->match_points);
        tab_count(t, r->board_points);
    }
}

/* Text and CSV as any table; JSON as one object per event in a "teams"
 * array (o->json_teams: open), since one key per event would repeat. */
static int team_emit(struct stats_out *o, struct tab *t, const struct st_event *ev)
{
    if (o->o->format != PDN_STATS_JSON || t->failed) return tab_emit(o, t);
    fputs(o->json_teams    ? ",\n  "
          : o->first_table ? "{\n  \"teams\": [\n  "
                           : ",\n  \"teams\": [\n  ",
          o->fp);
    o->first_table = false;
    o->json_teams = true;
    fputs("{\"event\": ", o->fp);
    stats_json_string(o->fp, ev->name);
    fputs(", \"rows\": ", o->fp);
    tab_json_rows(o->fp, t);
    fputc('}', o->fp);
    tab_free(t);
    return 0;
}

/* One event's team table, or the reason it has none. */
static int team_table(struct stats_out *o, const pdn_stats *st, const struct st_event *ev)
{
    struct team_table tt;
    if (!team_table_build(&tt, st, ev)) return PDN_ENOMEM;
    bool text = o->o->format == PDN_STATS_TEXT;
    struct tab t = {.name = "teams"};
    if (tt.nrows == 0) {
        snprintf(t.title, sizeof t.title, "Teams: %s", ev->name);
        tab_col(&t, "note", false);
        if (st->member.n)
            tab_cell(&t, "no game is between players of two teams (by the team file or WhiteTeam "
                         "and BlackTeam tags): no team table");
        else
            tab_cell(&t, "its games name no teams (WhiteTeam and BlackTeam tags): no team table; "
                         "pdnstats --teams FILE reads each team's players from a file");
        team_table_free(&tt);
        return team_emit(o, &t, ev);
    }
    char left[64] = "", open[96] = "";
    if (tt.untagged)
        snprintf(left, sizeof left, "; %zu game%s not between two teams left out", tt.untagged,
                 tt.untagged == 1 ? "" : "s");
    size_t undecided = 0;
    for (size_t i = 0; i < tt.nmatches; i++)
        undecided += tt.matches[i].open > 0;
    if (undecided)
        snprintf(open, sizeof open,
                 "; %zu match%s with a board of no result ('*'): no match points", undecided,
                 undecided == 1 ? "" : "es");
    snprintf(t.title, sizeof t.title,
             "Teams: %s (%zu teams, %d round%s; a match won 2 match points, a game 2 board "
             "points%s%s)",
             ev->name, tt.nrows, tt.rounds, tt.rounds == 1 ? "" : "s", left, open);
    if (!text) tab_col(&t, "event", false);
    /* The line each round's cell names the other team by ("3 2-2"), which
     * a shared place is not (a review found "3" where no team was third) */
    tab_col_key(&t, "#", "line", true);
    tab_col(&t, "place", true);
    tab_col(&t, "team", false);
    for (int k = 1; k <= (tt.rounds > 48 ? 48 : tt.rounds); k++) {
        tab_col_num(&t, "R", "round_", k, true);
        t.str[t.ncols - 1] = true;
    }
    tab_col(&t, "matches", true);
    tab_col(&t, "match points", true);
    tab_col(&t, "board points", true);
    team_rows(&t, st, ev, &tt, text);
    team_table_free(&tt);
    return team_emit(o, &t, ev);
}

/* Whether an event gets a team table: its games name teams, or its name
 * says teams. */
static bool has_teams(const pdn_stats *st, const struct st_event *e)
{
    const struct vec *recs = st_event_recs(st, e);
    const struct st_rec *r = recs->data;
    bool tagged = false;
    for (size_t k = 0; k < recs->n && !tagged; k++)
        tagged = r[k].white_team && r[k].black_team;
    return recs->n && (tagged || stats_team_event_name(e->name));
}

/* The team tables: events whose games name teams, and those whose name
 * says teams. */
int stats_write_teams(struct stats_out *o, const pdn_stats *st)
{
    const struct st_event *e = st->event.data;
    size_t n = 0;
    for (size_t i = 0; i < st->event.n; i++)
        n += has_teams(st, &e[i]);
    if (o->o->format == PDN_STATS_CSV && n > 1) return PDN_EINVAL; /* one header */
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < st->event.n; i++)
        if (has_teams(st, &e[i])) rc = team_table(o, st, &e[i]);
    if (o->json_teams) fputs("\n  ]", o->fp);
    return rc;
}
