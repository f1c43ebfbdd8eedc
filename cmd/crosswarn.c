/*
 * crosswarn: the warnings beside a crosstable (see crosswarn.h), one line
 * each, written whole (tool_message), names escaped; of each kind the first
 * WARNING_LINES, then one line that counts the rest.
 */
#include "crosswarn.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines of one kind (groups of spellings, events short of games) before
 * the one that counts the others: a collection of many events would bury
 * its reader under a line each (74 on all of tests/data). */
#define WARNING_LINES 5

/* One warning line per group of spellings, or per event short of games:
 * the first few names, and how many more. */
struct warning {
    const struct tool *t;
    unsigned group;
    const char *event;
    char *head; /* the line so far, NULL none */
    size_t listed, more;
    unsigned lines, unsaid; /* of this kind: lines written, lines left unwritten */
};

static void warning_flush(struct warning *w, const char *tail)
{
    if (!w->head) return;
    if (w->lines == WARNING_LINES) {
        w->unsaid++;
        free(w->head);
        w->head = NULL;
        w->listed = w->more = 0;
        return;
    }
    w->lines++;
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp, "%s: warning: ", w->t->prog);
    tool_put_escaped(fp, w->head, strlen(w->head), false); /* names from the input */
    if (w->more) fprintf(fp, " and %zu more", w->more);
    fprintf(fp, "%s\n", tail);
    tool_message_close(&m);
    free(w->head);
    w->head = NULL;
    w->listed = w->more = 0;
}

/* Adds "text" to the line, or counts it among the more once three are listed. */
static void warning_add(struct warning *w, const char *text)
{
    if (w->listed == 3) {
        w->more++;
        return;
    }
    size_t n = (w->head ? strlen(w->head) : 0) + strlen(text) + 3;
    char *line = malloc(n);
    if (!line) return;
    snprintf(line, n, "%s%s%s", w->head ? w->head : "", w->listed ? ", " : "", text);
    free(w->head);
    w->head = line;
    w->listed++;
}

static void on_spelling(const struct pdn_stats_suggestion *s, void *ctx)
{
    struct warning *w = ctx;
    if (s->group != w->group) {
        warning_flush(w, ": pdnstats --suggest-aliases writes an alias file to check");
        w->group = s->group;
        size_t n = strlen(s->canonical) + 64;
        if ((w->head = malloc(n)))
            snprintf(w->head, n, "%s '%s' may also be spelt ", s->event ? "event" : "player",
                     s->canonical);
    }
    size_t n = strlen(s->variant) + strlen(s->why) + 8;
    char *text = malloc(n);
    if (!text) return;
    snprintf(text, n, "'%s' (%s)", s->variant, s->why);
    warning_add(w, text);
    free(text);
}

static void on_shortfall(const struct pdn_stats_shortfall *s, void *ctx)
{
    struct warning *w = ctx;
    if (s->event != w->event) { /* the event's name lives as long as the stats */
        w->event = s->event;
        warning_flush(w,
                      ": games missing from the files, withdrawals, byes or names spelt two ways");
        size_t n = strlen(s->event) + 96;
        if ((w->head = malloc(n)))
            snprintf(w->head, n, "%s: fewer games than %s %lu%s: ", s->event,
                     s->round_robin ? "the round robin's" : "its", s->due,
                     s->round_robin ? "" : " rounds");
    }
    char text[64 + 256];
    snprintf(text, sizeof text, "'%.256s' (%lu)", s->player, s->games);
    warning_add(w, text);
}

/* A game in a round its player has played: where it is, first, as a
 * finding's place, so that an editor goes there; then where the player's
 * first game of that round is. */
static void on_clash(const struct pdn_stats_clash *c, void *ctx)
{
    struct warning *w = ctx;
    if (w->lines == WARNING_LINES) {
        w->unsaid++;
        return;
    }
    w->lines++;
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    tool_put_escaped(fp, c->file, strlen(c->file), false);
    fprintf(fp, ":%lu: warning: '", c->line);
    tool_put_escaped(fp, c->player, strlen(c->player), false);
    fprintf(fp, "' already played in round %ld", c->round);
    if (c->sub) fprintf(fp, "-%ld", c->sub);
    fputs(" of ", fp);
    tool_put_escaped(fp, c->event, strlen(c->event), false);
    fputs(" (", fp);
    if (strcmp(c->first_file, c->file) != 0) {
        tool_put_escaped(fp, c->first_file, strlen(c->first_file), false);
        fputc(':', fp);
    } else
        fputs("line ", fp);
    fprintf(fp, "%lu): a Round tag or a name to check\n", c->first_line);
    tool_message_close(&m);
}

/* The line that counts a kind's lines past WARNING_LINES, then the next kind. */
static void warning_end_kind(struct warning *w, const char *what, const char *tail)
{
    if (w->unsaid > 0)
        fprintf(stderr, "%s: warning: %u more %s (%u in all)%s\n", w->t->prog, w->unsaid, what,
                w->lines + w->unsaid, tail);
    w->lines = w->unsaid = 0;
}

void tool_crosstable_warnings(const struct tool *t, const pdn_stats *stats, bool aliased)
{
    struct warning w = {.t = t};
    if (!aliased) pdn_stats_suggest(stats, on_spelling, &w);
    warning_flush(&w, ": pdnstats --suggest-aliases writes an alias file to check");
    warning_end_kind(&w, "names that may be spelt two ways",
                     ": pdnstats --suggest-aliases writes them all in an alias file to check");
    pdn_stats_shortfalls(stats, on_shortfall, &w);
    warning_flush(&w, ": games missing from the files, withdrawals, byes or names spelt two ways");
    warning_end_kind(&w, "events whose players have fewer games than due",
                     ": their crosstables show each player's games");
    pdn_stats_round_clashes(stats, on_clash, &w);
    warning_end_kind(&w, "games in a round their player already played",
                     ": Round tags or names to check");
}

void tool_unknown_events_warning(const struct tool *t, const pdn_stats *stats, bool events)
{
    unsigned long n = pdn_stats_unknown_events(stats);
    if (n == 0) return;
    const char *them = n == 1 ? "it" : "them";
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp,
            "%s: warning: %lu game%s no event ('?', blank or no tag): the crosstables and team "
            "tables leave %s out",
            t->prog, n, n == 1 ? " names" : "s name", them);
    if (events)
        fprintf(fp, "; the events table counts %s in its last row, '%s'", them,
                PDN_STATS_NO_EVENT_NAME);
    fputc('\n', fp);
    tool_message_close(&m);
}

void tool_same_player_warning(const struct tool *t, unsigned long n, const char *name, bool players)
{
    if (n == 0) return;
    bool one = n == 1;
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp, "%s: warning: %lu game%s one player on both sides", t->prog, n,
            one ? " has" : "s have");
    if (name) {
        fputs(one ? " ('" : " (the first: '", fp);
        tool_put_escaped(fp, name, strlen(name), false); /* a name from the input */
        fputs("', as names are compared)", fp);
    }
    fprintf(fp, ": the totals count %s; the %scrosstables leave %s out\n", one ? "it" : "them",
            players ? "players table and the " : "", one ? "it" : "them");
    tool_message_close(&m);
}

void tool_unknown_players_warning(const struct tool *t, unsigned long n, bool players)
{
    if (n == 0) return;
    bool one = n == 1;
    fprintf(stderr,
            "%s: warning: %lu game%s no White or Black player ('?', blank, no tag or the side's "
            "colour): ",
            t->prog, n, one ? " names" : "s name");
    if (players)
        fprintf(stderr,
                "the totals count %s; the players table leaves the unknown out, the "
                "crosstables the game%s\n",
                one ? "it" : "them", one ? "" : "s");
    else
        fprintf(stderr, "the crosstables leave %s out\n", one ? "it" : "them");
}
