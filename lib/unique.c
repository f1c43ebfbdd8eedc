/*
 * unique: games read twice (see pdn.h, pdn_unique_check). Each game kept
 * leaves one record of 64-bit hashes and its place, never the game: its
 * moves (the start position and the main line as replayed, so spacing,
 * comments, move numbers and capture notation do not count), its players,
 * and its pairing (players, event, round). Three open-addressing tables of
 * record numbers find a record by moves and players (a copy, left out), by
 * moves alone (a suspect: the same game under other players) and by pairing
 * (a suspect: one pairing, other moves). A copy with another result is kept,
 * as a suspect: the records disagree. Must not print or read files.
 */
#include "pdn.h"
#include "hash.h"
#include "text.h"
#include "vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shorter games may well be played twice alike (a quick draw agreed on the
 * same line): only from this many plies on are the same moves under other
 * players suspect. */
enum { SUSPECT_MIN_PLIES = 20 };

struct kept {
    uint64_t moves, who, pairing; /* pairing 0: no round to pair by */
    uint32_t file, line, col, game;
    char result[12]; /* as pdn_game_result gives it, "" for "*" (cut past 11 bytes) */
};

/* Record numbers + 1 (0: an empty slot), found by one of a record's keys. */
struct index {
    uint32_t *slots;
    size_t cap;
};

enum key_kind { KEY_COPY, KEY_MOVES, KEY_PAIRING, KEY_KINDS };

struct pdn_unique {
    enum pdn_unique_mode mode;
    struct kept *kept;
    size_t n, cap;
    char **files; /* file names of the records, each once */
    size_t nfiles, files_cap;
    struct index index[KEY_KINDS];
};

static uint64_t mix_text(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = hash_mix(h, (unsigned char)s[i]);
    return hash_mix(h, n);
}

static uint64_t mix_board(uint64_t h, const struct pdn_board *b)
{
    h = hash_mix(hash_mix(h, b->pieces[0]), b->pieces[1]);
    return hash_mix(hash_mix(h, b->kings), (uint64_t)b->side << 8 | b->variant);
}

static uint64_t key_of(const struct kept *k, enum key_kind kind)
{
    if (kind == KEY_COPY) return hash_mix(k->moves, k->who);
    return kind == KEY_MOVES ? k->moves : k->pairing;
}

int pdn_unique_new(pdn_unique **out, enum pdn_unique_mode mode)
{
    if (out == NULL || (mode != PDN_UNIQUE_MOVES && mode != PDN_UNIQUE_POSITION)) return PDN_EINVAL;
    *out = calloc(1, sizeof **out);
    if (*out == NULL) return PDN_ENOMEM;
    (*out)->mode = mode;
    return 0;
}

void pdn_unique_free(pdn_unique *u)
{
    if (u == NULL) return;
    for (size_t i = 0; i < u->nfiles; i++)
        free(u->files[i]);
    for (int k = 0; k < KEY_KINDS; k++)
        free(u->index[k].slots);
    free(u->files);
    free(u->kept);
    free(u);
}

/* ---- what a game is made of ------------------------------------------------- */

struct walk {
    uint64_t moves;
    bool started;
};

static void on_main_ply(const struct pdn_board *before, const struct pdn_board *after,
                        const struct pdn_move *move, const struct pdn_node *node, int depth,
                        void *ctx)
{
    (void)after, (void)node;
    struct walk *w = ctx;
    if (depth != 0) return;
    if (!w->started) w->moves = mix_board(w->moves, before), w->started = true;
    w->moves = hash_mix(hash_mix(w->moves, (uint64_t)move->from << 8 | move->to), move->captured);
}

/* A move the replay did not reach (after an illegal one): its text with
 * every run of other characters than letters and digits as one separator,
 * so that "32-28", "32 - 28" and "32x28" are one move. NULL (a game made
 * by hand's) is empty. */
static uint64_t mix_move_text(uint64_t h, const char *s)
{
    if (s == NULL) return h;
    bool gap = false;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        bool word = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
        if (!word) {
            gap = true;
            continue;
        }
        if (gap) h = hash_mix(h, '|');
        h = hash_mix(h, c | (c >= 'A' && c <= 'Z' ? 0x20 : 0)), gap = false;
    }
    return hash_mix(h, '/');
}

/* The hash of the game's moves (PDN_UNIQUE_MOVES) or final position and
 * length (PDN_UNIQUE_POSITION); *plies the main-line plies replayed. */
static int moves_key(uint64_t *out, unsigned *plies, const pdn_game *game,
                     enum pdn_unique_mode mode)
{
    struct walk w = {.moves = 0x5eed};
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    struct pdn_replay_summary sum;
    if (mode == PDN_UNIQUE_MOVES) ro.on_ply = on_main_ply, ro.ply_ctx = &w;
    int err = pdn_replay_game(&sum, game, &ro);
    if (err < 0) return err;
    *plies = sum.plies;
    if (mode == PDN_UNIQUE_POSITION) {
        *out = hash_mix(mix_board(w.moves, &sum.final), sum.plies);
        return 0;
    }
    if (!w.started) w.moves = mix_board(w.moves, &sum.final); /* no move: the start */
    for (uint32_t i = sum.plies; i < game->main.nmoves; i++)
        w.moves = mix_move_text(w.moves, game->main.moves[i].text);
    *out = w.moves;
    return 0;
}

/* A tag's value folded (case, accents) and trimmed, hashed; "?" when absent. */
static uint64_t mix_tag(uint64_t h, const pdn_game *game, const char *name)
{
    const char *v = pdn_game_tag(game, name);
    if (v == NULL) v = "?";
    while (*v == ' ' || *v == '\t')
        v++;
    size_t n = strlen(v);
    while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
        n--;
    char small[256], *fold = n < sizeof small ? small : malloc(n + 1);
    if (fold == NULL) return mix_text(h, v, n); /* unfolded: a copy may be missed */
    size_t len = text_fold(fold, v, n);
    h = mix_text(h, fold, len);
    if (fold != small) free(fold);
    return h;
}

/* A tag that says nothing: missing, blank, "?" or "-". */
static bool unknown(const char *value)
{
    if (value == NULL) return true;
    value += strspn(value, " \t");
    return value[0] == '\0' || strcmp(value, "?") == 0 || strcmp(value, "-") == 0;
}

/* The year of the Date tag ("2006.12.02", "2006-12-02", "2006"), 0 when
 * it gives none. */
static unsigned year_of(const pdn_game *game)
{
    const char *d = pdn_game_tag(game, "Date");
    unsigned y = 0;
    for (int i = 0; d && i < 4; i++) {
        if (d[i] < '0' || d[i] > '9') return 0;
        y = y * 10 + (unsigned)(d[i] - '0');
    }
    return y;
}

/* ---- the tables ------------------------------------------------------------------ */

/* The slot of key in index k: holding a record with that key, or empty. */
static uint32_t *slot_of(const pdn_unique *u, enum key_kind k, uint64_t key)
{
    const struct index *ix = &u->index[k];
    size_t j = key & (ix->cap - 1);
    while (ix->slots[j] && key_of(&u->kept[ix->slots[j] - 1], k) != key)
        j = (j + 1) & (ix->cap - 1);
    return &ix->slots[j];
}

/* The first empty slot on key's way in index k: records of one key may be
 * several (the copy index keeps short games alike of other rounds). */
static uint32_t *empty_slot(const pdn_unique *u, enum key_kind k, uint64_t key)
{
    const struct index *ix = &u->index[k];
    size_t j = key & (ix->cap - 1);
    while (ix->slots[j])
        j = (j + 1) & (ix->cap - 1);
    return &ix->slots[j];
}

/* Room for one more record in every index (at most half full). */
static bool index_grow(pdn_unique *u, enum key_kind k)
{
    struct index *ix = &u->index[k];
    if ((u->n + 1) * 2 <= ix->cap) return true;
    size_t cap = ix->cap ? ix->cap * 2 : 1024;
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (slots == NULL) return false;
    uint32_t *old = ix->slots;
    size_t old_cap = ix->cap;
    *ix = (struct index){slots, cap};
    for (size_t i = 0; i < old_cap; i++)
        if (old[i]) *empty_slot(u, k, key_of(&u->kept[old[i] - 1], k)) = old[i];
    free(old);
    return true;
}

static bool kept_grow(pdn_unique *u)
{
    if (u->n == UINT32_MAX - 1) return false;
    for (int k = 0; k < KEY_KINDS; k++)
        if (!index_grow(u, (enum key_kind)k)) return false;
    return vec_reserve((void **)&u->kept, &u->cap, u->n, sizeof *u->kept);
}

/* The number of file's name among the records' (the last one, or new). */
static bool file_number(pdn_unique *u, const char *file, uint32_t *out)
{
    if (file == NULL) file = "-";
    if (u->nfiles > 0 && strcmp(u->files[u->nfiles - 1], file) == 0) {
        *out = (uint32_t)u->nfiles - 1;
        return true;
    }
    if (!vec_reserve((void **)&u->files, &u->files_cap, u->nfiles, sizeof *u->files)) return false;
    char *copy = strdup(file);
    if (copy == NULL) return false;
    u->files[u->nfiles] = copy;
    *out = (uint32_t)u->nfiles++;
    return true;
}

/* ---- the verdict -------------------------------------------------------------- */

/* One finding about game: "<what> game N (line L)<then>", naming the file
 * of the earlier game when it is another. */
static void report(const pdn_unique *u, const struct kept *first, enum pdn_diag_code code,
                   const char *what, const char *then, const struct kept *k, const char *file,
                   pdn_diag_fn on_diag, void *ctx)
{
    if (on_diag == NULL) return;
    const char *first_file = u->files[first->file];
    if (file == NULL) file = "-";
    char detail[512];
    /* In the same file, the first copy stands before this one, unless the
     * file is read twice (named twice, or named and in a folder named):
     * else the game would be a copy of itself, or of one after it. */
    bool again = first->line > k->line || (first->line == k->line && first->col >= k->col);
    if (strcmp(first_file, file) == 0 && again)
        snprintf(detail, sizeof detail,
                 "%s game %u (line %u) of this file as read before: it was "
                 "read twice%s",
                 what, first->game, first->line, then);
    else if (strcmp(first_file, file) == 0)
        snprintf(detail, sizeof detail, "%s game %u (line %u)%s", what, first->game, first->line,
                 then);
    else
        snprintf(detail, sizeof detail, "%s game %u of %s (line %u)%s", what, first->game,
                 first_file, first->line, then);
    struct pdn_diag d = {.code = code,
                         .file = file,
                         .line = k->line,
                         .col = k->col,
                         .game = k->game,
                         .detail = detail};
    on_diag(&d, ctx);
}

/* Two short games alike in different rounds (or events) of the same two
 * players are two games: a quick draw agreed twice. */
static bool is_copy(const struct kept *first, const struct kept *k, unsigned plies)
{
    return plies >= SUSPECT_MIN_PLIES || !first->pairing || !k->pairing ||
           first->pairing == k->pairing;
}

/* A copy whose result is another than its first's, when it has one: two
 * records that disagree (one of them is wrong), or the first without a
 * result: leaving it out would lose what only it says. */
static bool other_result(const struct kept *first, const struct kept *k)
{
    return k->result[0] && strcmp(first->result, k->result) != 0;
}

/* The record k copies (its number + 1), or 0: of the records with its
 * moves and players that is_copy accepts, the first with k's result (a
 * copy kept for its other result is the first of its own), else the
 * first. */
static uint32_t find_copy(const pdn_unique *u, const struct kept *k, unsigned plies)
{
    const struct index *ix = &u->index[KEY_COPY];
    uint64_t key = key_of(k, KEY_COPY);
    uint32_t found = 0;
    for (size_t j = key & (ix->cap - 1); ix->slots[j]; j = (j + 1) & (ix->cap - 1)) {
        const struct kept *first = &u->kept[ix->slots[j] - 1];
        if (key_of(first, KEY_COPY) != key || !is_copy(first, k, plies)) continue;
        if (!other_result(first, k)) return ix->slots[j];
        if (!found) found = ix->slots[j];
    }
    return found;
}

int pdn_unique_check(pdn_unique *u, const pdn_game *game, const char *file,
                     const struct pdn_pos *at, pdn_diag_fn on_diag, void *ctx)
{
    if (u == NULL || game == NULL) return PDN_EINVAL;
    if (at == NULL) at = &game->start;
    struct kept k = {.line = at->line, .col = at->col, .game = (uint32_t)game->index};
    unsigned plies;
    int err = moves_key(&k.moves, &plies, game, u->mode);
    if (err < 0) return err;
    k.who = mix_tag(mix_tag(0x3a7e, game, "White"), game, "Black");
    /* A pairing needs its players (compositions share an event and a round
     * with no players at all), and is of one year: an event held every
     * year pairs the same players in its first round again. */
    if (!unknown(pdn_game_tag(game, "Round")) && !unknown(pdn_game_tag(game, "White")) &&
        !unknown(pdn_game_tag(game, "Black")))
        k.pairing =
            hash_mix(mix_tag(mix_tag(k.who, game, "Event"), game, "Round"), year_of(game)) | 1;
    const char *result = pdn_game_result(game);
    if (strcmp(result, "*") != 0) snprintf(k.result, sizeof k.result, "%s", result);
    if (!kept_grow(u) || !file_number(u, file, &k.file)) return PDN_ENOMEM;

    uint32_t copy = find_copy(u, &k, plies);
    if (copy && other_result(&u->kept[copy - 1], &k)) {
        const struct kept *first = &u->kept[copy - 1];
        char then[64];
        snprintf(then, sizeof then, " with another result (%s there, %s here)",
                 first->result[0] ? first->result : "*", k.result);
        report(u, first, PDN_DIAG_SUSPECT_COPY, "the moves and players of", then, &k, file, on_diag,
               ctx);
        copy = 0; /* kept */
    }
    if (copy) {
        report(u, &u->kept[copy - 1], PDN_DIAG_REPEATED_GAME, "a copy of", ", left out", &k, file,
               on_diag, ctx);
        return 1;
    }
    uint32_t *moves = slot_of(u, KEY_MOVES, k.moves);
    if (*moves && plies >= SUSPECT_MIN_PLIES && u->kept[*moves - 1].who != k.who)
        report(u, &u->kept[*moves - 1], PDN_DIAG_SUSPECT_COPY, "the moves of",
               " under other players", &k, file, on_diag, ctx);
    uint32_t *pairing = k.pairing ? slot_of(u, KEY_PAIRING, k.pairing) : NULL;
    if (pairing && *pairing && u->kept[*pairing - 1].moves != k.moves)
        report(u, &u->kept[*pairing - 1], PDN_DIAG_SUSPECT_COPY, "the players, event and round of",
               " with other moves", &k, file, on_diag, ctx);

    u->kept[u->n++] = k;
    uint32_t number = (uint32_t)u->n;
    *empty_slot(u, KEY_COPY, key_of(&k, KEY_COPY)) = number;
    if (!*moves) *moves = number;
    if (pairing && !*pairing) *pairing = number;
    return 0;
}
