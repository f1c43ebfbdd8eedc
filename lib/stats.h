/*
 * stats (private): the collection statistics shared by stats.c (counting
 * games as they come), stats_cross.c (crosstables and tie-breaks) and
 * stats_write.c (tables out as text, CSV or JSON). Counting never prints;
 * writing never changes the counts. Calls go one way: stats_write uses
 * stats_cross, both read what stats.c counted.
 */
#ifndef PDN_STATS_H
#define PDN_STATS_H

#include "pdn.h"
#include "vec.h"

#include <stdint.h>

/* Names by their folded key: an open-addressing table of indexes. */
struct names {
    uint64_t *slots; /* the key's hash << 32 | index + 1, 0 empty */
    size_t cap;
    struct vec keys; /* char *, by index */
};

/* Tag values as read, each with the index its name got: a spelling is
 * trimmed, folded and looked up once, not once a game. */
struct interned {
    struct names values;
    struct vec index; /* uint32_t, by value index */
};

enum st_outcome { ST_WHITE, ST_DRAW, ST_BLACK, ST_OTHER, ST_UNKNOWN, ST_OUTCOMES };
enum st_ending { ST_NO_MOVE, ST_RECORDED, ST_DRAW_RULE, ST_UNFINISHED, ST_ENDINGS };
enum { ST_DRAW_RULES = PDN_DRAW_RULE_COUNT }; /* enum pdn_draw_rule: none and every rule */

struct st_alias {
    char *name, *key; /* the canonical name and its key */
};

struct st_player {
    char *name;
    unsigned long games, wins, draws, losses, white, black, points;
    uint32_t last_event; /* index + 1 of the event of the last game: no look-up for a repeat */
    uint32_t team;       /* the team file's team (pdn_stats_team): index + 1, 0 none */
    uint32_t tag_team;   /* a team tag naming another team than the file's: index + 1 */
};

/* A player the team file names (stats_members.c). */
struct st_member {
    char *name;
    uint32_t team; /* index + 1 */
    bool met;      /* a player of the games has this name */
};

/* One game of an event, as the crosstable needs it. */
struct st_rec {
    uint32_t white, black;           /* player indexes */
    int32_t round, sub;              /* "3" is 3, 0; "1-2" is 1, 2; no number is 0 */
    uint32_t seq;                    /* order read */
    uint32_t white_team, black_team; /* team index + 1 (WhiteTeam, BlackTeam), 0 none */
    uint8_t outcome;                 /* enum st_outcome */
};

struct st_event {
    char *name;
    unsigned long games;
    unsigned long repeats;    /* games read again, left out (stats_repeat.c) */
    char first[11], last[11]; /* dates YYYY.MM.DD (may hold '?'), "" none */
    unsigned long players;    /* distinct players */
    struct vec rounds;        /* int32_t, distinct round numbers, ascending */
    struct vec recs;          /* struct st_rec, when the crosstable is kept */
};

/* A node of the openings tree: a ply after its parent's. */
struct st_open {
    char move[20];
    uint32_t key;         /* from | to << 8 | capture << 16 | variant << 17: see open_child */
    uint32_t child, next; /* first child, next sibling: indexes + 1, 0 none */
    uint32_t last;        /* last child: index + 1, 0 none */
    unsigned long games, outcome[ST_OUTCOMES];
};

/* A slot of the openings tree's index: a sibling list walked through a large
 * tree misses the cache at each step. */
struct open_slot {
    uint64_t id; /* (parent + 1) << 32 | move key; 0 empty */
    uint32_t node;
};

/* Games read twice (stats_repeat.c): the keys of the games counted, each
 * with where it was read, and the repeats left out. */
struct repeat_slot {
    uint64_t key; /* 0 empty */
    uint32_t file, game;
};
struct repeat_set {
    struct repeat_slot *slots;
    size_t cap, n;
};
struct st_repeat {
    uint32_t file, game;             /* the repeat: index in repeat_files, game in the file */
    uint32_t first_file, first_game; /* the game it repeats */
    uint32_t event, white, black;
    int32_t round, sub;
    bool same_moves; /* found by its moves (another round), else by its round */
};
/* What stats_repeat_check needs of a game. */
struct repeat_game {
    const char *file;
    size_t index;
    uint32_t event, white, black;
    int32_t round, sub;
    uint8_t outcome;
    uint64_t moves; /* stats_moves_hash of the main line */
    unsigned long plies;
};

struct pdn_stats {
    struct pdn_stats_options opt;
    unsigned long files, games, plies;
    unsigned long min_len, max_len;
    struct vec lengths; /* unsigned long games by plies */
    unsigned long outcome[ST_OUTCOMES], ending[ST_ENDINGS];
    unsigned long errors, warnings; /* games with */
    unsigned long findings[PDN_DIAG_COUNT], finding_games[PDN_DIAG_COUNT];
    /* per game: codes seen, and the reader's warnings waiting for their game */
    bool seen[PDN_DIAG_COUNT];
    size_t pending_game;
    bool pending_seen[PDN_DIAG_COUNT];
    /* play */
    unsigned long captures, capture_games, promotions, king_games, king_ply_sum;
    unsigned long king_ply_min, draw_rules[ST_DRAW_RULES];
    unsigned best_capture; /* pieces */
    char *best_where;      /* "file game N (White - Black), ply P: 12x..." */
    /* names */
    struct names players, events, aliases, teams;
    struct vec team;      /* char *: a team's name as first met, by index (stats_teams.c) */
    struct names members; /* the team file's players by key (stats_members.c) */
    struct vec member;    /* struct st_member, by index */
    struct interned seen_players, seen_events; /* emptied when an alias is added */
    struct vec player;                         /* struct st_player */
    struct vec event;                          /* struct st_event */
    struct vec alias;                          /* struct st_alias, by alias index */
    struct vec pairs; /* uint64_t event << 32 | player, a set: see stats.c */
    uint64_t *pair_slots;
    size_t pair_cap, npairs;
    struct vec open;              /* struct st_open; index 0 is the root */
    struct open_slot *open_slots; /* (parent, move key) -> child: see open_child */
    size_t open_cap;
    struct repeat_set repeat_seen; /* stats_repeat.c */
    struct vec repeats;            /* struct st_repeat */
    struct vec repeat_files;       /* char *: the files repeats name */
};

/* ---- names (stats.c) ---- */

/* The index of key in m, added when absent and add (*added says so); -2
 * absent, -1 out of memory. */
long stats_names_find(struct names *m, const char *key, bool add, bool *added);
void stats_names_free(struct names *m);
/* The key of a name value after the aliases (its shown form in *display),
 * written in buf (3 * strlen(value) + 4 bytes, at least 6). */
const char *stats_name_of(const pdn_stats *st, char *buf, const char *value, const char **display);
/* The folded key of a name into out (n * 2 + 1 bytes): see pdn_stats_alias. */
size_t stats_key(char *out, const char *s, size_t n);
/* A name trimmed, its blanks collapsed, in out (n + 1 bytes). */
size_t stats_trim(char *out, const char *s, size_t n);
/* The length of a player's name s[0, n) without a round suffix
 * (" - ronde 3", " (R3)", "r.3", " (7)"), n when it has none
 * (stats_suggest.c). */
size_t stats_round_suffix(const char *s, size_t n);

/* ---- games read twice (stats_repeat.c) ---- */

/* h with one more main-line move. */
uint64_t stats_moves_hash(uint64_t h, const struct pdn_move *m);
/* 1 when the game repeats one counted before (it is listed in st->repeats
 * and must not be counted), 0 when it is new (now remembered), or
 * PDN_ENOMEM. */
int stats_repeat_check(pdn_stats *st, const struct repeat_game *g);
void stats_repeat_free(pdn_stats *st);

/* ---- teams (stats_teams.c) ---- */

/* The index + 1 of a team's name (aliases apply), 0 when value is NULL or
 * blank, -1 out of memory. */
long stats_team_of(pdn_stats *st, const char *value);
void stats_teams_free(pdn_stats *st);

/* ---- the team file's players (stats_members.c) ---- */

/* The team (index + 1, 0 none) the team file gives a new player of key;
 * the file's line is marked met. */
uint32_t stats_member_team(pdn_stats *st, const char *key);
/* The team a player plays for in a game whose team tag says tag (may be
 * NULL): the team file's when it names the player (a tag naming another
 * team is remembered for pdn_stats_team_notes), else the tag's. Index + 1,
 * 0 none, -1 out of memory. */
long stats_player_team(pdn_stats *st, uint32_t player, const char *tag);
void stats_members_free(pdn_stats *st);

/* A team's line in an event's team table. */
struct team_row {
    uint32_t team; /* index in st->team */
    unsigned long matches, match_points, board_points, wins, draws, losses;
    int place;
};

/* One match: two teams in one round, their board points. */
struct team_match {
    int32_t round;
    uint32_t team[2];
    unsigned long board[2];
};

struct team_table {
    struct team_row *rows; /* in final order */
    size_t nrows;
    struct team_match *matches; /* by round */
    size_t nmatches;
    size_t untagged; /* games of the event that name no teams */
    int rounds;
};

/* The team table of an event whose games name teams; false when out of
 * memory. nrows is 0 when no game names both teams. */
bool team_table_build(struct team_table *out, const pdn_stats *st, const struct st_event *ev);
void team_table_free(struct team_table *t);
/* Whether an event's name says teams ("Team Championship", "par équipes",
 * "Mannschaft", "drużynowe"): such an event without teams is said to lack
 * them rather than passed over. */
bool stats_team_event_name(const char *name);
/* A team's row index, or -1. */
int team_row_of(const struct team_table *t, uint32_t team);

/* ---- crosstable (stats_cross.c) ---- */

/* A player's line in an event's table. */
struct cross_row {
    uint32_t player; /* index in stats->player */
    uint32_t at;     /* index among the table's players, ascending ids (cross_pair) */
    double points, wins, draws, losses, games, white, black;
    double crit[4];      /* tie-break values after points, by the preset's criteria */
    double mutual_games; /* games against the players of its tie group (internal) */
    int gid[5];          /* tie group after each criterion (points first) */
    int place, place_to; /* shared place: place..place_to */
};

/* Two players' points against one opponent of a group (cls_compare). */
struct cls_sum {
    int gid;
    double x, y;
};

/* An opponent a player met (stats_pairs.c). */
struct cross_opp {
    uint32_t opp;             /* the opponent's index among the table's players */
    uint16_t recorded, games; /* games read; those with a known result */
    double points;            /* scored in those */
};

struct cross {
    const struct st_event *ev;
    struct st_rec *recs;      /* sorted by round */
    size_t nrecs, duplicates; /* duplicates: the event's repeats, left out */
    struct cross_row *rows;   /* in final order */
    size_t nrows;
    int rounds;             /* highest round number (or most games of a player) */
    bool swiss;             /* more players than rounds + 1 */
    int cycles;             /* a round robin's games per pairing: 1 single, 2 double */
    unsigned long expected; /* a round robin's games: cycles x pairings */
    int ncrit;              /* criteria after points */
    const char *crit_name[4];
    int cls_stage;         /* the criterion "results in order of the classification", or -1 */
    struct cross_opp *opp; /* by player (index among the table's players), opponents ascending */
    uint32_t *opp_at;      /* player i's opponents: opp[opp_at[i]..opp_at[i + 1]] */
    size_t nids;
    int *cls_gid;            /* by player index: its group at cls_stage */
    struct cls_sum *cls_tmp; /* room for one player's opponents (cls_compare) */
};

/* Where rows a and b first differ by results in order of the classification:
 * the gid of that group (-1 none) and the points of each against it, in
 * the games against its players both of them met. */
int cross_cls_diff(const struct cross *c, const struct cross_row *a, const struct cross_row *b,
                   double *pa, double *pb);

/* Who met whom (stats_pairs.c): c->opp from c->recs, for the n players ids
 * (ascending); false when out of memory. */
bool cross_pairs_build(struct cross *c, const uint32_t *ids, size_t n);
/* What a (index among the table's players) did against b, or NULL: never met. */
const struct cross_opp *cross_pair(const struct cross *c, uint32_t a, uint32_t b);

/* Builds an event's table; false when out of memory. */
bool cross_build(struct cross *out, const pdn_stats *st, const struct st_event *ev,
                 enum pdn_stats_tiebreak tb);
void cross_free(struct cross *c);
/* What a preset leaves out because PDN files lack its data, or NULL. */
const char *cross_preset_note(enum pdn_stats_tiebreak tb);
/* A player's row index in c->rows, or -1. */
int cross_row_of(const struct cross *c, uint32_t player);
/* Game points (2/1/0) of a record for its white (black: 2 - that) player; -1 unknown. */
int cross_points_white(uint8_t outcome);

#endif
