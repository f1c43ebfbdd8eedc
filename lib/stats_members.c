/*
 * stats_members: the players a team file puts in teams (pdn_stats_team),
 * which team each player's games count for, and the notes a team table's
 * reader needs: players in no team, games inside one team, tags the file
 * overrides, file lines no game matches. Counting stays in stats.c and the
 * table in stats_teams.c; never prints.
 */
#include "stats.h"

#include <stdlib.h>
#include <string.h>

int pdn_stats_team(pdn_stats *st, const char *team, const char *player)
{
    if (!st || !team || !player) return PDN_EINVAL;
    long t = stats_team_of(st, team);
    if (t < 0) return PDN_ENOMEM;
    size_t n = strlen(player);
    char *buf = malloc(3 * n + 6); /* "?" and its key when the name is blank */
    if (!buf) return PDN_ENOMEM;
    const char *shown, *key = stats_name_of(st, buf, player, &shown);
    int rc = PDN_EINVAL;
    if (t == 0 || strcmp(shown, "?") == 0) goto out; /* a blank name */
    bool added;
    long i = stats_names_find(&st->members, key, true, &added);
    rc = PDN_ENOMEM;
    if (i < 0) goto out;
    struct st_member *m =
        added ? vec_push(&st->member, sizeof *m) : (struct st_member *)st->member.data + i;
    if (!m || (added && !(m->name = strdup(shown)))) goto out;
    rc = added || m->team == (uint32_t)t ? 0 : PDN_EINVAL;
    if (added) m->team = (uint32_t)t;
out:
    free(buf);
    return rc;
}

uint32_t stats_member_team(pdn_stats *st, const char *key)
{
    if (st->member.n == 0) return 0;
    long i = stats_names_find(&st->members, key, false, NULL);
    if (i < 0) return 0;
    struct st_member *m = (struct st_member *)st->member.data + i;
    m->met = true;
    return m->team;
}

long stats_player_team(pdn_stats *st, uint32_t player, const char *tag)
{
    long tagged = stats_team_of(st, tag);
    struct st_player *p = (struct st_player *)st->player.data + player;
    if (tagged < 0 || !p->team) return tagged;
    if (tagged > 0 && (uint32_t)tagged != p->team && !p->tag_team) p->tag_team = (uint32_t)tagged;
    return p->team;
}

void stats_members_free(pdn_stats *st)
{
    struct st_member *m = st->member.data;
    for (size_t i = 0; i < st->member.n; i++)
        free(m[i].name);
    vec_free(&st->member);
    stats_names_free(&st->members);
}

/* ---- notes ---------------------------------------------------------------------- */

static const char *team_name(const pdn_stats *st, uint32_t team)
{
    return team ? ((char *const *)st->team.data)[team - 1] : NULL;
}

static const char *player_name(const pdn_stats *st, uint32_t player)
{
    return ((const struct st_player *)st->player.data)[player].name;
}

/* Whether the event gets a team table: its name says teams, or some game
 * is between two teams. */
static bool team_event(const pdn_stats *st, const struct st_event *ev)
{
    if (stats_team_event_name(ev->name)) return true;
    const struct vec *recs = st_event_recs(st, ev);
    const struct st_rec *r = recs->data;
    for (size_t i = 0; i < recs->n; i++)
        if (r[i].white_team && r[i].black_team && r[i].white_team != r[i].black_team) return true;
    return false;
}

/* One note per player of a team event in no team: its games in team events
 * and the first such event. */
static int notes_no_team(const pdn_stats *st, pdn_stats_team_note_fn fn, void *ctx)
{
    size_t n = st->player.n;
    unsigned long *games = calloc(n + 1, sizeof *games);
    uint32_t *first = calloc(n + 1, sizeof *first);
    if (!games || !first) {
        free(games);
        free(first);
        return PDN_ENOMEM;
    }
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++) {
        if (!team_event(st, &e[i])) continue;
        const struct vec *recs = st_event_recs(st, &e[i]);
        const struct st_rec *r = recs->data;
        for (size_t k = 0; k < recs->n; k++) {
            uint32_t side[2][2] = {{r[k].white, r[k].white_team}, {r[k].black, r[k].black_team}};
            for (int s = 0; s < 2; s++) {
                if (side[s][1]) continue;
                games[side[s][0]]++;
                if (!first[side[s][0]]) first[side[s][0]] = (uint32_t)i + 1;
            }
        }
    }
    for (size_t p = 0; p < n; p++)
        if (games[p])
            fn(&(struct pdn_stats_team_note){.kind = PDN_STATS_NO_TEAM,
                                             .event = e[first[p] - 1].name,
                                             .player = player_name(st, (uint32_t)p),
                                             .games = games[p]},
               ctx);
    free(games);
    free(first);
    return 0;
}

static void notes_same_team(const pdn_stats *st, pdn_stats_team_note_fn fn, void *ctx)
{
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++) {
        const struct vec *recs = st_event_recs(st, &e[i]);
        const struct st_rec *r = recs->data;
        for (size_t k = 0; k < recs->n; k++)
            if (r[k].white_team && r[k].white_team == r[k].black_team)
                fn(&(struct pdn_stats_team_note){.kind = PDN_STATS_SAME_TEAM,
                                                 .event = e[i].name,
                                                 .round = r[k].round,
                                                 .player = player_name(st, r[k].white),
                                                 .other = player_name(st, r[k].black),
                                                 .team = team_name(st, r[k].white_team)},
                   ctx);
    }
}

static void notes_file(const pdn_stats *st, pdn_stats_team_note_fn fn, void *ctx)
{
    const struct st_player *p = st->player.data;
    for (size_t i = 0; i < st->player.n; i++)
        if (p[i].tag_team)
            fn(&(struct pdn_stats_team_note){.kind = PDN_STATS_TAG_DIFFERS,
                                             .player = p[i].name,
                                             .team = team_name(st, p[i].team),
                                             .other = team_name(st, p[i].tag_team)},
               ctx);
    const struct st_member *m = st->member.data;
    for (size_t i = 0; i < st->member.n; i++)
        if (!m[i].met)
            fn(&(struct pdn_stats_team_note){.kind = PDN_STATS_NO_GAMES,
                                             .player = m[i].name,
                                             .team = team_name(st, m[i].team)},
               ctx);
}

int pdn_stats_team_notes(const pdn_stats *st, pdn_stats_team_note_fn fn, void *ctx)
{
    if (!st || !fn || !st->opt.crosstable) return PDN_EINVAL;
    int rc = st->member.n ? notes_no_team(st, fn, ctx) : 0;
    if (rc < 0) return rc;
    notes_same_team(st, fn, ctx);
    notes_file(st, fn, ctx);
    return 0;
}
