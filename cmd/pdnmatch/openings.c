/*
 * pdnmatch's openings: positions read from a file (a FEN a line, each
 * checked as the validator checks a game's FEN tag; or PDN games, each
 * game's last position as libpdn's validator replays it), or
 * made by random legal moves from the start with a fixed seed, kept only
 * when material is level and nothing is there to take.
 */
#include "pdnmatch.h"

#include <stdlib.h>
#include <string.h>

static bool add(struct openings *o, const struct pdn_board *b)
{
    struct pdn_board *more = realloc(o->boards, (o->count + 1) * sizeof *more);
    if (!more) return false;
    o->boards = more;
    o->boards[o->count++] = *b;
    return true;
}

enum fen_file { FEN_FILE, NOT_FEN_FILE, BAD_FEN_FILE };

/* A FEN a line, blank lines and '#' comments aside: the positions added;
 * NOT_FEN_FILE when the first is no FEN (then PDN games, perhaps), else a
 * line that is no FEN or no position to play from said in err with its
 * number (a typo among 500 lines must be found). */
static enum fen_file load_fen(struct openings *o, FILE *fp, const char *path,
                              enum pdn_variant variant, char *err, size_t cap)
{
    char line[4096], why[300];
    for (unsigned no = 1; fgets(line, sizeof line, fp); no++) {
        line[strcspn(line, "\r\n")] = '\0';
        size_t lead = strspn(line, " \t");
        if (line[lead] == '\0' || line[lead] == '#') continue;
        struct pdn_board b;
        struct pdn_fen_error fe;
        if (pdn_board_from_fen(&b, variant, line + lead, &fe) != PDN_OK) {
            if (o->count == 0) return NOT_FEN_FILE;
            snprintf(err, cap, "%s:%u: not a FEN: %s at character %zu", path, no,
                     pdn_fen_status_message(fe.status), fe.offset + 1);
            return BAD_FEN_FILE;
        }
        if (!played_position_ok(&b, why, sizeof why)) {
            snprintf(err, cap, "%s:%u: no opening: %s", path, no, why);
            return BAD_FEN_FILE;
        }
        if (!add(o, &b)) {
            snprintf(err, cap, "%s: out of memory", path);
            return BAD_FEN_FILE;
        }
    }
    return o->count > 0 ? FEN_FILE : NOT_FEN_FILE;
}

/* Whether the last position of game number (at line of path) opens a
 * game of variant, else why not in err: a game of another variant (a
 * Russian game's position played as English checkers, under English
 * rules, its games written as Russian ones), or one over (its side to
 * move without a move, every game of it a win of 0 plies), as a FEN line
 * of either is refused. */
static bool opening_ok(const struct pdn_board *b, enum pdn_variant variant, const char *path,
                       unsigned line, unsigned number, char *err, size_t cap)
{
    char why[300];
    if (b->variant != variant) {
        snprintf(err, cap, "%s:%u: game %u: no opening: a game of %s, the match is of %s", path,
                 line, number, pdn_rules_get((enum pdn_variant)b->variant)->name,
                 pdn_rules_get(variant)->name);
        return false;
    }
    if (!played_position_ok(b, why, sizeof why)) {
        snprintf(err, cap, "%s:%u: game %u: no opening: %s", path, line, number, why);
        return false;
    }
    return true;
}

/* Whether game number (of path) is of a variant the library plays, else
 * why not in err: a GameType such as Turkish draughts' (30) is read, its
 * moves not checked, and its last position is no position of its own (the
 * replay's start, international), which the match would play without a
 * word. */
static bool variant_played(const pdn_game *game, const char *path, unsigned number, char *err,
                           size_t cap)
{
    enum pdn_variant v;
    if (pdn_variant_from_gametype(&v, game->gametype)) return true;
    snprintf(err, cap,
             "%s:%u: game %u: no opening: a game of GameType %d, a variant not played here", path,
             game->start.line, number, game->gametype);
    return false;
}

/* A game's first error, the reader's or the replay's, where it is: why
 * the game opens no game. */
struct first_error {
    bool found;
    size_t game; /* its index in the file */
    uint32_t line;
    char text[300];
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct first_error *e = ctx;
    if (e->found || d->game == 0 || pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    *e = (struct first_error){.found = true, .game = d->game, .line = d->line};
    pdn_diag_message(e->text, sizeof e->text, d);
}

/* A game with an error is passed over, the match played from the others,
 * but not without a word: the user meant it as an opening. */
static void warn_passed_over(const char *path, const pdn_game *game, unsigned number,
                             const struct first_error *e)
{
    fprintf(stderr, "pdnmatch: --openings: %s:%u: game %u: passed over: %s\n", path,
            e->found && e->line ? e->line : game->start.line, number,
            e->found ? e->text : "an error");
}

static bool load_pdn(struct openings *o, const char *path, enum pdn_variant variant, char *err,
                     size_t cap)
{
    struct first_error e = {.found = false};
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.gametype = pdn_rules_get(variant)->gametype;
    ro.on_diag = on_diag;
    ro.diag_ctx = &e;
    struct pdn_replay_options rp = PDN_REPLAY_OPTIONS_INIT;
    rp.on_diag = on_diag;
    rp.diag_ctx = &e;
    pdn_reader *reader;
    if (pdn_reader_open_file(&reader, path, &ro) != 0) {
        snprintf(err, cap, "%s: cannot read", path);
        return false;
    }
    pdn_game *game;
    bool ok = true, refused = false;
    for (unsigned number = 1; ok && pdn_reader_next(&game, reader) == 1; number++) {
        struct pdn_replay_summary sum; /* a trailer, comments after the games, is none */
        int rc = pdn_game_is_trailer(game) ? 1 : pdn_replay_game(&sum, game, &rp);
        if (e.found && e.game != game->index) e.found = false; /* another game's */
        if (rc < 0) {
            ok = false; /* out of memory */
        } else if (rc == 0 && (e.found || sum.errors > 0)) {
            warn_passed_over(path, game, number, &e);
        } else if (rc == 0) {
            refused = !variant_played(game, path, number, err, cap) ||
                      !opening_ok(&sum.final, variant, path, game->start.line, number, err, cap);
            ok = !refused && add(o, &sum.final);
        }
        e.found = false;
        pdn_game_free(game);
    }
    pdn_reader_free(reader);
    if (ok && o->count == 0) snprintf(err, cap, "%s: no opening (no FEN, no good game)", path);
    if (!ok && !refused) snprintf(err, cap, "%s: out of memory", path);
    return ok && o->count > 0;
}

bool openings_load(struct openings *out, const char *path, enum pdn_variant variant, char *err,
                   size_t cap)
{
    memset(out, 0, sizeof *out);
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(err, cap, "%s: cannot open", path);
        return false;
    }
    enum fen_file fen = load_fen(out, fp, path, variant, err, cap);
    fclose(fp);
    if (fen == FEN_FILE) return true;
    if (fen == BAD_FEN_FILE) return false;
    out->count = 0;
    return load_pdn(out, path, variant, err, cap);
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = (*state += 0x9e3779b97f4a7c15ULL);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Each side has as many men and kings as the other, and the side to move
 * has no capture: no one starts a man up, or with one to take for free
 * (seed 1's first opening was 19 white men against 20; both colours
 * played it, but the games said more about the man than the engines). */
static bool balanced(const struct pdn_board *b, struct pdn_movelist *list)
{
    return pdn_board_count(b, PDN_PIECE_WHITE_MAN) == pdn_board_count(b, PDN_PIECE_BLACK_MAN) &&
           pdn_board_count(b, PDN_PIECE_WHITE_KING) == pdn_board_count(b, PDN_PIECE_BLACK_KING) &&
           pdn_movegen(list, b, 0) > 0 && list->moves[0].ncaptured == 0;
}

bool openings_random(struct openings *out, enum pdn_variant variant, size_t count, int plies,
                     uint64_t seed)
{
    static struct pdn_movelist list;
    memset(out, 0, sizeof *out);
    for (size_t tries = 0; out->count < count && tries < count * 50; tries++) {
        struct pdn_board b;
        pdn_board_init(&b, variant);
        for (int i = 0; i < plies && pdn_movegen(&list, &b, 0) > 0; i++)
            pdn_board_play(&b, &list.moves[next_random(&seed) % (uint64_t)list.count]);
        if (!balanced(&b, &list)) continue;
        bool seen = false;
        for (size_t j = 0; j < out->count && !seen; j++)
            seen = pdn_board_equal(&out->boards[j], &b);
        if (!seen && !add(out, &b)) return false;
    }
    return out->count > 0;
}

void openings_free(struct openings *o)
{
    free(o->boards);
    o->boards = NULL;
    o->count = 0;
}
