/*
 * stats (private): the collection statistics shared by stats.c (counting
 * games as they come), stats_cross.c (crosstables and tie-breaks) and
 * stats_write.c (tables out as text, CSV or JSON; the events' tables in
 * stats_write_cross.c and stats_write_teams.c). Counting never prints;
 * writing never changes the counts. Calls go one way: stats_write uses
 * stats_write_cross and stats_write_teams, they use stats_cross and
 * stats_teams, all read what stats.c counted.
 */
#ifndef PDN_STATS_H
#define PDN_STATS_H

#include "pdn.h"
#include "vec.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Names by their folded key: an open-addressing table of indexes. */
struct names {
    uint64_t *slots; /* the key's hash << 32 | index + 1, 0 empty */
    size_t cap;
    struct vec keys; /* char *, by index */
};

/* Names by their folded key, the keys not stored: a slot holds the key's
 * hash beside the name's index, and a probe whose hash agrees folds the
 * name again and compares (stats_index_find). The players and the events:
 * 8 to 21 bytes a name. */
struct name_index {
    uint64_t *slots; /* hash << 32 | index + 1, 0 empty */
    size_t cap;
};

enum st_outcome { ST_WHITE, ST_DRAW, ST_BLACK, ST_OTHER, ST_UNKNOWN, ST_OUTCOMES };
enum st_ending { ST_NO_MOVE, ST_RECORDED, ST_DRAW_RULE, ST_UNFINISHED, ST_ENDINGS };
enum { ST_DRAW_RULES = PDN_DRAW_RULE_COUNT }; /* enum pdn_draw_rule: none and every rule */

struct st_alias {
    char *name, *key; /* the canonical name and its key */
};

/* Strings that never move once added (names): chunks of 64 KiB, a long
 * string in a block of its own. No malloc header or key copy per name. */
struct st_pool {
    struct vec chunks; /* char *, each freed at the end */
    char *at;          /* free room in the last chunk */
    size_t left;
};

/* A player: 32 bytes, with the name in the pool and the slot of the index
 * (stats_players.c) the whole cost of a distinct player. Counts are 32-bit:
 * four billion games of one player would wrap. */
struct st_player {
    const char *name; /* as first met (or its alias), in stats->strings */
    uint32_t wins, draws, losses, white, black;
    uint32_t alone;      /* games against oneself: in no table (pdn_stats_same_player_games) */
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

static inline unsigned long st_player_games(const struct st_player *p)
{
    return (unsigned long)p->white + p->black;
}

static inline unsigned long st_player_points(const struct st_player *p)
{
    return 2ul * p->wins + p->draws;
}

/* One game of an event, as the crosstable needs it. */
struct st_rec {
    uint32_t white, black;           /* player indexes */
    int32_t round, sub;              /* "3" is 3, 0; "1-2" is 1, 2; no number is 0 */
    uint32_t seq;                    /* order read */
    uint32_t white_team, black_team; /* team index + 1 (WhiteTeam, BlackTeam), 0 none */
    uint32_t file, line;             /* where the game starts: st->file_names, its first line */
    uint8_t outcome;                 /* enum st_outcome */
};

/* An event: 40 bytes, its name beside, its games for the crosstable
 * apart (st_event_recs). Counts are 32-bit, as the players'. */
struct st_event {
    const char *name; /* as first met (or its alias), in stats->strings */
    uint32_t games;
    uint32_t repeats;     /* games read again, left out (stats_repeat.c) */
    uint32_t players;     /* distinct players (st->event_players) */
    uint32_t rounds;      /* distinct round numbers (st->event_rounds) */
    uint32_t first, last; /* dates, stats_date_pack'd; 0 none */
    /* The first and last of its dates that read both ways ("12-08-2021"),
     * read day first [0] and month first [1]; the orders its other dates
     * show, 1 << date_order_shown: stats_event_dates settles them. */
    uint32_t either[2][2];
    uint8_t orders;
    int32_t round_first, round_last; /* the lowest and highest round numbers; 0 none */
};

/* stats_named_find reads a record's name as its first member. */
_Static_assert(offsetof(struct st_player, name) == 0, "a player's name first");
_Static_assert(offsetof(struct st_event, name) == 0, "an event's name first");

/* A set of 64-bit ids (never 0): open addressing, at most 3/4 full. */
struct id_set {
    uint64_t *slots; /* 0 empty */
    size_t cap, n;
};

/* A node of the openings tree: a ply after its parent's (stats_open.c). */
struct st_open {
    uint32_t parent;               /* index (the root's is 0 and unused) */
    uint32_t key;                  /* from | to << 8 | capture << 16 | variant << 17 */
    uint32_t child, next;          /* first child (newest), next sibling: indexes + 1, 0 none */
    uint32_t outcome[ST_OUTCOMES]; /* games by result; 32-bit, as the players' */
};

/* Event tags whose events are remembered (by hash, one a slot): more than
 * the events of most collections, 16 KB. The players' tags alike. */
enum { STATS_EVENT_SEEN = 4096, STATS_PLAYER_SEEN = 4096 };

/* Nodes the openings tree holds at most: 36 MB of nodes, 8 MB of index. */
#define STATS_OPEN_NODES ((size_t)1 << 20)

/* Games read twice (stats_repeat.c): the keys of the games counted, each
 * with where it was read, and the repeats left out. */
struct repeat_slot {
    uint64_t key;   /* 0 empty */
    uint64_t start; /* the game's repeat_game.start */
    uint32_t file, game;
    uint32_t date; /* the game's repeat_game.date */
};
struct repeat_set {
    struct repeat_slot *slots;
    size_t cap, n;
};
struct st_repeat {
    uint32_t file, game;             /* the repeat: index in file_names, game in the file */
    uint32_t first_file, first_game; /* the game it repeats */
    uint32_t event, white, black;
    int32_t round, sub;
    bool same_moves; /* found by its moves (another round), else by its round */
};
/* The repeats in the order found, each a few bytes (stats_repeat_log.c):
 * a collection read twice has as many repeats as games. */
struct repeat_log {
    struct vec bytes;      /* unsigned char */
    size_t n;              /* repeats */
    struct st_repeat last; /* the last one added: the next is written against it */
    struct vec marks;      /* struct repeat_cursor: before each REPEAT_BLOCK-th repeat */
};
/* Where a reading of the log is: zeroed, before the first repeat. */
struct repeat_cursor {
    size_t at;          /* in bytes */
    struct st_repeat r; /* the repeat read last */
};
/* The log is read from a mark on in blocks of this many repeats, each
 * block on any thread (stats_write_repeats.c): a block's text, some
 * 240 kB, is made while another is written. */
enum { REPEAT_BLOCK = 1024 };
/* What stats_repeat_check needs of a game. */
struct repeat_game {
    uint32_t file; /* in st->file_names */
    size_t index;
    uint32_t event, white, black;
    int32_t round, sub;
    uint8_t outcome;
    uint64_t moves; /* stats_moves_hash of the main line */
    uint64_t start; /* ... of its first STATS_REPEAT_PLIES plies, 0 when shorter */
    unsigned long plies;
    uint32_t date; /* stats_date_pack of its Date, 0 when unknown */
};

struct pdn_stats {
    struct pdn_stats_options opt;
    unsigned long files, games, plies;
    unsigned long min_len, max_len;
    struct vec lengths; /* unsigned long games by plies */
    unsigned long outcome[ST_OUTCOMES], ending[ST_ENDINGS];
    unsigned long errors, warnings;  /* games with */
    unsigned long unknown_games;     /* with a player unknown (ST_NO_PLAYER) */
    unsigned long same_player_games; /* one player on both sides (pdn_stats_same_player_games) */
    uint32_t same_player_first;      /* that player, of the first of them */
    unsigned long findings[PDN_DIAG_COUNT], finding_games[PDN_DIAG_COUNT];
    /* the reader's warnings waiting for their game */
    size_t pending_game;
    bool pending_seen[PDN_DIAG_COUNT];
    /* play */
    unsigned long captures, capture_games, promotions, king_games, king_ply_sum;
    unsigned long king_ply_min, draw_rules[ST_DRAW_RULES];
    unsigned best_capture; /* pieces */
    char *best_where;      /* "file game N (White - Black), ply P: 12x..." */
    /* names */
    struct names aliases, teams;
    struct vec team;      /* char *: a team's name as first met, by index (stats_teams.c) */
    struct names members; /* the team file's players by key (stats_members.c) */
    struct vec member;    /* struct st_member, by index */
    struct name_index event_index;
    uint32_t event_seen[STATS_EVENT_SEEN]; /* event index + 1 by an Event tag's hash (stats.c) */
    struct st_pool strings;                /* players' and events' names */
    struct name_index player_index;
    /* player index + 1 by a White or Black tag's hash (stats_players.c) */
    uint32_t player_seen[STATS_PLAYER_SEEN];
    struct vec player;           /* struct st_player */
    struct vec event;            /* struct st_event */
    struct vec event_recs;       /* struct vec of struct st_rec by event, with the crosstable */
    struct vec alias;            /* struct st_alias, by alias index */
    struct id_set event_players; /* (event + 1) << 32 | player */
    struct id_set event_rounds;  /* (event + 1) << 32 | round */
    struct vec open;             /* struct st_open; index 0 is the root */
    uint32_t *open_slots;        /* (parent, move key) -> child: index + 1, 0 empty */
    size_t open_cap;
    struct repeat_set repeat_seen; /* stats_repeat.c */
    struct repeat_log repeats;
    struct vec file_names;     /* char *: the files repeats and crosstable records name */
    size_t open_max;           /* nodes at most (STATS_OPEN_NODES; tests set less) */
    unsigned long open_cut;    /* games whose line the full tree cut short */
    unsigned long open_set_up; /* games from another position: no opening */
    /* the order of day and month the events of the file being read show
     * (pdn_stats_set_date_orders), borrowed; NULL: not known */
    const pdn_date_orders *date_orders;
};

/* An event's games as the crosstable needs them (struct st_rec): kept
 * when it is asked for (pdn_stats_options.crosstable), else none. Apart
 * from the events: a collection of 82,000 events (3 MB of them) keeps
 * them for nothing by default. */
static inline const struct vec *st_event_recs(const pdn_stats *st, const struct st_event *ev)
{
    static const struct vec none;
    size_t i = (size_t)(ev - (const struct st_event *)st->event.data);
    return i < st->event_recs.n ? (const struct vec *)st->event_recs.data + i : &none;
}

/* Whether a White, Black or Event tag's value names nobody: none, or only
 * '?' and blanks, the PDN way of saying it is unknown (stats_names.c). */
bool stats_names_nobody(const char *value);

/* The event of the games whose Event names none (stats_names_nobody): one
 * record, named "?" (stats.c), with no crosstable. */
static inline bool st_event_unnamed(const struct st_event *e)
{
    return e->name[0] == '?' && e->name[1] == '\0';
}

/* The index of the event that names none, st->event.n when there is none. */
static inline size_t st_unnamed_event(const pdn_stats *st)
{
    const struct st_event *e = st->event.data;
    for (size_t i = 0; i < st->event.n; i++)
        if (st_event_unnamed(&e[i])) return i;
    return st->event.n;
}

/* An event's name as every table writes it. */
static inline const char *st_event_name(const struct st_event *e)
{
    return st_event_unnamed(e) ? PDN_STATS_NO_EVENT_NAME : e->name;
}

/* What stats_player_of returns for a name that names nobody ("?", blank,
 * no tag, the side's colour): no player of the tables, its games in
 * st->unknown_games. */
#define ST_NO_PLAYER ((long)UINT32_MAX)

/* The name of player i: shared by the tables that name players by their
 * index, the crosstables' (stats_write_cross.c) and the repeats'
 * (stats_write.c). */
static inline const char *st_player_name(const pdn_stats *st, uint32_t i)
{
    if (i == (uint32_t)ST_NO_PLAYER) return "?"; /* a repeat's unknown side */
    return ((const struct st_player *)st->player.data)[i].name;
}

/* The openings tree's plies at most (pdn_stats_options.opening_depth). */
enum { STATS_DEPTH_MAX = 20 };

/* What one game yields to the statistics (stats_game.c): read on any
 * thread, touching no pdn_stats; added to one in input order (stats.c). */
struct pdn_stats_game {
    struct pdn_stats_options opt; /* settled (stats_options_settle) */
    const pdn_game *game;         /* the game read; NULL: none */
    struct pdn_replay_summary sum;
    uint8_t outcome, ending; /* enum st_outcome, enum st_ending */
    unsigned long ply;       /* main-line plies walked */
    unsigned long captures, promotions, first_king;
    uint64_t moves_hash; /* of the main line: stats_repeat.c */
    uint64_t start_hash; /* of its first STATS_REPEAT_PLIES plies, 0 when shorter */
    /* the largest capture: the first ply that takes the most pieces */
    unsigned best_pieces; /* 0: no capture */
    unsigned long best_ply;
    struct pdn_move best_move;
    const struct pdn_node *best_node;  /* in game */
    uint8_t best_variant;              /* enum pdn_variant */
    bool set_up;                       /* its first ply is not from the start position */
    uint8_t nopen;                     /* plies in open[] */
    uint32_t open[STATS_DEPTH_MAX];    /* the first plies' keys (stats_open_key) */
    unsigned findings[PDN_DIAG_COUNT]; /* the replay's, by code */
    /* the codes with findings: adding a game looks at these alone */
    uint64_t found[(PDN_DIAG_COUNT + 63) / 64];
};

/* Options checked (PDN_EINVAL when bad) and their defaults filled in. */
int stats_options_settle(struct pdn_stats_options *out, const struct pdn_stats_options *options);

/* ---- names (stats_names.c: a leaf, every stats file may call it) ---- */

/* The index of key in m, added when absent and add (*added says so); -2
 * absent, -1 out of memory. */
long stats_names_find(struct names *m, const char *key, bool add, bool *added);
void stats_names_free(struct names *m);
/* Adds id (not 0) to a set: 1 when new, 0 when there, -1 out of memory. */
int stats_id_add(struct id_set *s, uint64_t id);
/* A copy of s[0, n) and its NUL in the pool; NULL out of memory. */
const char *stats_pool_add(struct st_pool *p, const char *s, size_t n);
void stats_pool_free(struct st_pool *p);
/* The record of key in a vector of records of size bytes whose first
 * member is their name (const char *), indexed by x: its number, or a new
 * record (zeroed, *added says so) named shown from the pool; -1 out of
 * memory. The index grows at three quarters full: probes stay short, a
 * slot costs 8 to 21 bytes a record. */
long stats_named_find(struct name_index *x, struct vec *records, size_t size, struct st_pool *pool,
                      const char *key, const char *shown, bool *added);
/* The record a tag's value names when it was met before spelt as the
 * record's name (records whose first member is their name, indexed + 1
 * in *seen by the value's hash): its index, else -1. Such a value folds
 * to the record's key, and the aliases that could send it elsewhere empty
 * the seen tables when added, so it needs no trimming, folding or look-up
 * (stats.c's events, stats_players.c's players). */
long stats_seen_find(const uint32_t *seen, const struct vec *records, size_t size,
                     const char *value);
/* Frees every string of a vector of char * and the vector (stats_names.c). */
void stats_strings_free(struct vec *strings);
/* The key of a name value after the aliases (its shown form in *display),
 * written in buf (3 * strlen(value) + 4 bytes, at least 6). */
const char *stats_name_of(const pdn_stats *st, char *buf, const char *value, const char **display);
/* The folded key of a name into out (n * 2 + 1 bytes): see pdn_stats_alias. */
size_t stats_key(char *out, const char *s, size_t n);
/* A name trimmed, its blanks collapsed, in out (n + 1 bytes). */
size_t stats_trim(char *out, const char *s, size_t n);
/* A date YYYY.MM.DD ('?' for a digit unknown) as a number that orders as
 * the text does, never 0; and back into out (11 bytes) (stats_names.c). */
uint32_t stats_date_pack(const char date[11]);
/* An event's first and last dates (out[0], out[1]; 0 none), its dates that
 * read both ways ("12-08-2021") read in the order its other dates show
 * (a "13.03.2003" day first, an "08-13-2021" month first), day first when
 * they show neither or both (stats.c). */
void stats_event_dates(const struct st_event *e, uint32_t out[2]);
void stats_date_unpack(char out[11], uint32_t packed);
/* The length of a player's name s[0, n) without a round suffix
 * (" - ronde 3", " (R3)", "r.3", " (7)"), n when it has none
 * (stats_suggest.c). */
size_t stats_round_suffix(const char *s, size_t n);
/* How many characters two UTF-8 spellings are apart: added, dropped,
 * changed or two neighbours swapped; max + 1 when farther or longer than
 * 64 characters (stats_spelling.c). */
unsigned stats_spelling_distance(const char *a, const char *b, unsigned max);
/* Whether two folded surnames are a man's and a woman's forms of one
 * family name ("Bankowski" / "Bankowska"): two people, not a misspelling. */
bool stats_spelling_gendered(const char *a, const char *b);
/* s[0, n) with the letters other languages write as two written so
 * ("Müller" as "Mueller", "Møller" as "Moeller", "Ångström" as
 * "Aangstroem"), into out (n + 1 bytes: each such letter is two bytes in
 * UTF-8 too); the first such letter and how it was written in *letter and
 * *as. False, out a copy, when s has none. */
bool stats_written_out(char *out, const char *s, size_t n, const char **letter, const char **as);

/* ---- games read twice (stats_repeat.c) ---- */

/* Shorter games may well be played twice alike (a quick draw agreed on the
 * same line); twenty plies the same are the same game, and twenty plies
 * that differ from the start are two games. */
enum { STATS_REPEAT_PLIES = 20 };

/* h with one more main-line move: a rotate, a xor and a multiply
 * (FxHash's step), inline, since it runs at every ply; the key it makes
 * is mixed whole by stats_repeat_check (hash_mix). A hash_mix a ply was a
 * third of the statistics' cost a ply. */
static inline uint64_t stats_moves_hash(uint64_t h, const struct pdn_move *m)
{
    uint64_t v = (uint64_t)m->from << 16 | (uint64_t)m->to << 8 | m->ncaptured;
    return ((h << 5 | h >> 59) ^ v) * UINT64_C(0x517CC1B727220A95);
}
/* 1 when the game repeats one counted before (it is listed in st->repeats
 * and must not be counted), 0 when it is new (now remembered), or
 * PDN_ENOMEM. */
int stats_repeat_check(pdn_stats *st, const struct repeat_game *g);
/* The index of a game's file name in st->file_names (the last one, or a
 * new entry; "-" for NULL); -1 out of memory. */
long stats_file_index(pdn_stats *st, const char *file);
void stats_repeat_free(pdn_stats *st);
/* Appends a repeat to the log: false out of memory (stats_repeat_log.c). */
bool stats_repeat_add(struct repeat_log *log, const struct st_repeat *r);
/* The next repeat of the log into c->r: false after the last. */
bool stats_repeat_next(const struct repeat_log *log, struct repeat_cursor *c);
/* The log's blocks of REPEAT_BLOCK repeats (the last may hold fewer). */
size_t stats_repeat_blocks(const struct repeat_log *log);
/* A cursor before the first repeat of the block'th block. */
struct repeat_cursor stats_repeat_block(const struct repeat_log *log, size_t block);

/* ---- teams (stats_teams.c) ---- */

/* The index + 1 of a team's name (aliases apply), 0 when value is NULL or
 * blank, -1 out of memory (stats_names.c, with stats_teams_free). */
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
    unsigned long open; /* boards with no result ('*'): the match is undecided */
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
/* Doubles a table of 64-bit slots whose high half is a hash (0 empty),
 * first slots when it has none: false out of memory. */
bool stats_slots_grow(uint64_t **slots, size_t *cap, size_t first);
/* A slot of a table of cap (a power of two) for a 64-bit id: splitmix64's
 * finaliser, so that every bit reaches the index. */
size_t stats_slot_of(uint64_t v, size_t cap);
/* FNV-1a of a string. */
uint64_t stats_hash(const char *s);

/* ---- players (stats_players.c) ---- */

/* The index of the player named by the game's tag ("White", "Black"),
 * added when new; ST_NO_PLAYER for a name that names nobody; -1 out of
 * memory. */
long stats_player_of(pdn_stats *st, const pdn_game *g, const char *tag);
/* Frees the players and their index (their names are in st->strings). */
void stats_players_free(pdn_stats *st);

/* ---- tables of cells (stats_table.c) ---- */

/*
 * How a table is written in CSV and JSON, by identifiers ([a-z][a-z0-9_]*):
 * TAB_ROWS: CSV rows under a header of column keys; a JSON array of objects.
 * TAB_MEASURES: two columns, a measure and its value: a JSON object of
 *   measure keys, a CSV header of them over one row of values.
 * TAB_KEYED: rows of a fixed set (results): a JSON object of row keys, each
 *   an object of the other columns; in CSV the row key in the first column.
 * A row's key is row_keys[i], else its first cell's identifier.
 */
enum tab_shape { TAB_ROWS, TAB_MEASURES, TAB_KEYED };
enum { TAB_COLS = 64, TAB_KEY = 32 };

struct text_out;

struct tab {
    const char *name; /* in --only, and its member in JSON */
    char title[256];  /* text heading */
    enum tab_shape shape;
    const char *const *row_keys;  /* TAB_KEYED, TAB_MEASURES: NULL, or a key per row */
    const char *cols[TAB_COLS];   /* headings in text */
    char colbuf[TAB_COLS][24];    /* room for headings made up (round numbers) */
    char keys[TAB_COLS][TAB_KEY]; /* the columns' identifiers in CSV and JSON */
    bool num[TAB_COLS];           /* a number: right-aligned, a JSON number */
    bool str[TAB_COLS];           /* right-aligned, yet a string (cells of a grid) */
    bool date[TAB_COLS];          /* a date: a spreadsheet may read it as one */
    size_t ncols;
    bool text_last; /* the last column is drawn in text only (bars) */
    /* The cells, row by row, in one buffer: no allocation a cell. */
    struct vec text;  /* char: each cell's bytes and its NUL */
    struct vec cells; /* size_t: where each cell starts in text */
    bool failed;
    /* A table that grows with the input (players, events, repeats) makes
     * its rows as they are written instead of holding them: nrows rows,
     * row(t, i, ctx) adds row i's cells. Rows are asked for in order, each
     * once a pass; text takes two passes (the widths, then the lines).
     * TAB_ROWS only. */
    size_t nrows;
    void (*row)(struct tab *t, size_t i, const void *ctx);
    const void *ctx;
    /* Text's first pass without making the rows, where their cells' widths
     * can be told from fewer texts than cells (the repeats': a name's
     * width measured once, not on each of its thousands of rows): widens
     * width[j] to the widest cell of column j, as made rows would; false
     * out of memory. NULL, or PDN_SLOW_PATH set (the tests compare): the
     * rows are made. */
    bool (*measure_rows)(struct tab *t, size_t width[TAB_COLS], const void *ctx);
    /* Text's second pass without making the rows, where their cells' text
     * as shown and widths are known without measuring each again (the
     * repeats' names): writes every row through tab_line_begin, a
     * tab_line_cell a cell, tab_line_end; false out of memory or when a
     * line failed. NULL, or PDN_SLOW_PATH set: the rows are made. */
    bool (*write_rows)(struct tab *t, struct text_out *line, const void *ctx);
    /* Text's passes over made rows keep no cell: in the first each cell
     * widens widths[its column]; in the second (line set) it goes onto
     * the line, padded to that width. col: the next cell's column. */
    size_t *widths;
    struct text_out *line;
    size_t col;
    struct vec shown; /* char: a cell as text shows it, when it is escaped */
};

struct csv_out;

/* Where tables go, and what the JSON document has written so far. */
struct stats_out {
    FILE *fp;
    const struct pdn_stats_write_options *o;
    bool first_table; /* JSON: no member written yet */
    bool json_cross;  /* JSON: the crosstables' array is open */
    bool json_teams;  /* JSON: the team tables' array is open */
    struct csv_out *csv;
};

/* The identifier of a heading: ASCII letters and digits in lower case,
 * '%' as the word "pct", apostrophes dropped, anything else one '_'
 * between words; "c_" before one that would start with a digit. */
size_t stats_ident(char out[TAB_KEY], const char *heading);
/* A column: its heading in text and its key (NULL: the heading's identifier;
 * a key met twice gets _N, N its column). */
void tab_col_key(struct tab *t, const char *heading, const char *key, bool num);
void tab_col(struct tab *t, const char *heading, bool num);
/* A column made up: heading prefix N, key key_prefix N ("R3", "round_3"). */
void tab_col_num(struct tab *t, const char *prefix, const char *key_prefix, int n, bool num);
/* The next cell, row by row. */
void tab_cell(struct tab *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The next cell: tab_cell(t, "%s", s) and tab_cell(t, "%lu", n) without a
 * format to read, for the cells of rows made by the thousand. */
void tab_text(struct tab *t, const char *s);
void tab_count(struct tab *t, unsigned long n);
/* s as a cell shows it in text (control characters escaped), for
 * measure_rows and write_rows: s itself, or its escaped copy in t's room
 * for one (good until the next call); its bytes in *n, its width in
 * *width; NULL out of memory. */
const char *tab_text_shown(struct tab *t, const char *s, size_t *n, size_t *width);
/* For write_rows: a line begun; its next cell, s[0, n) as text shows it
 * (tab_text_shown) and shown columns wide, padded to its column; the line
 * ended and written (false: it failed, or a cell was missing). */
void tab_line_begin(struct text_out *w);
void tab_line_cell(struct text_out *w, const struct tab *t, const char *s, size_t n, size_t shown);
bool tab_line_end(struct text_out *w, const struct tab *t);
/* size bytes, zeroed, on cache lines of their own (64 bytes), for what
 * write_rows' threads each write while the others work; NULL out of
 * memory. free() frees it. */
void *tab_alloc_lines(size_t size);
/* For write_rows' threads: a writer of lines padded as like's, to its file
 * or, once tab_text_out_into is called, at the end of a text; NULL out of
 * memory. */
struct text_out *tab_text_out_like(const struct text_out *like);
void tab_text_out_into(struct text_out *w, struct vec *text);
void tab_text_out_free(struct text_out *w);
/* A place, "5-7" when shared by the places from..to, as the crosstables
 * and the team tables write it. */
void tab_place(struct tab *t, int from, int to);
/* Writes a table in the format asked for, and frees it; PDN_ENOMEM when a
 * cell could not be made. */
int tab_emit(struct stats_out *o, struct tab *t);
void tab_free(struct tab *t);
/* The rows of a table as a JSON array of objects (the crosstables' rows). */
void tab_json_rows(FILE *fp, struct tab *t);
/* "name": at the document's level, after a comma when needed. */
void stats_json_member(struct stats_out *o, const char *name);
/* A JSON string literal: valid UTF-8, every control character escaped. */
void stats_json_string(FILE *fp, const char *s);

/* ---- the tables of events (stats_write_cross.c, stats_write_teams.c) ---- */

/*
 * Shared because pdn_stats_write (stats_write.c) calls them in its order of
 * tables, between the collection's tables and the repeats. They go one
 * event at a time; in JSON the crosstables and the team tables are arrays,
 * closed before the call returns. Each returns 0, PDN_ENOMEM, or
 * PDN_EINVAL when CSV (one table, one header) would need the tables of
 * several events.
 */

/* The crosstables, explanations and missing pairings that tables asks for
 * (PDN_STATS_CROSSTABLE, PDN_STATS_EXPLAIN, PDN_STATS_MISSING). */
int stats_write_cross(struct stats_out *o, const pdn_stats *st, unsigned tables);
/* The team tables: events whose games name teams, and those whose name
 * says teams. */
int stats_write_teams(struct stats_out *o, const pdn_stats *st);
/* The repeats table (stats_write_repeats.c), the last: 0 or PDN_ENOMEM. */
int stats_write_repeats(struct stats_out *o, const pdn_stats *st);

/* ---- openings (stats_open.c) ---- */

/* stats_open_child's answer when the tree is full. */
#define STATS_OPEN_FULL UINT32_MAX
/* Room for a node's move text: "50x50" and the NUL. */
enum { STATS_OPEN_TEXT = 8 };

/* A move's key in the tree: from | to << 8 | capture << 16 | variant << 17. */
uint32_t stats_open_key(const struct pdn_move *m, enum pdn_variant variant);
/* The child of node by the move of key (stats_open_key), added when new:
 * its index; STATS_OPEN_FULL when it is new and the tree holds open_max
 * nodes; 0 out of memory. */
uint32_t stats_open_child(pdn_stats *st, uint32_t node, uint32_t key);
/* A node's games: the sum of its results. */
unsigned long stats_open_games(const struct st_open *n);
/* A node's move as text, "32-28", "28x19" or "c3-d4"; its length. */
size_t stats_open_text(char out[STATS_OPEN_TEXT], const struct st_open *n);
void stats_open_free(pdn_stats *st);

/* ---- crosstable (stats_cross.c) ---- */

/* A player's line in an event's table. */
struct cross_row {
    uint32_t player; /* index in stats->player */
    uint32_t at;     /* index among the table's players, ascending ids (cross_pair) */
    double points, wins, draws, losses, games, white, black;
    double crit[4];      /* tie-break values after points, by the preset's criteria */
    bool crit_void[4];   /* the criterion could not weigh the tie (a mutual result of
                            players who did not all meet): an empty cell, not 0 */
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
    bool numbered;          /* the games have round numbers (rounds is the highest) */
    bool swiss;             /* more players than rounds + 1 */
    int cycles;             /* a round robin's games per pairing: 1 single, 2 double */
    unsigned long expected; /* a round robin's games: cycles x pairings */
    int ncrit;              /* criteria after points */
    const char *crit_name[4];
    bool crit_within[4];   /* its value weighs a player against its own tie alone */
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
/* Game points (2/1/0) of a record for its white (black: 2 - that) player;
 * -1 unknown. Inline: the pairs, the teams and the crosstable all count
 * them, and stats_cross.c calls stats_pairs.c. */
static inline int cross_points_white(uint8_t outcome)
{
    switch (outcome) {
    case ST_WHITE:
        return 2;
    case ST_DRAW:
        return 1;
    case ST_BLACK:
    case ST_OTHER:
        return 0;
    default:
        return -1;
    }
}

#endif
