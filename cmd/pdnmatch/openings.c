/*
 * pdnmatch's openings: positions read from a file (a FEN a line, or PDN
 * games, each game's last position as libpdn's validator replays it), or
 * made by random legal moves from the start with a fixed seed.
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

/* Every non-blank line a FEN: true and the positions added. */
static bool load_fen(struct openings *o, FILE *fp, enum pdn_variant variant)
{
    char line[4096];
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strspn(line, " \t") == strlen(line)) continue;
        struct pdn_board b;
        if (pdn_board_from_fen(&b, variant, line, NULL) != 0 || !add(o, &b)) return false;
    }
    return o->count > 0;
}

static bool load_pdn(struct openings *o, const char *path, enum pdn_variant variant, char *err,
                     size_t cap)
{
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.gametype = pdn_rules_get(variant)->gametype;
    pdn_reader *reader;
    if (pdn_reader_open_file(&reader, path, &ro) != 0) {
        snprintf(err, cap, "%s: cannot read", path);
        return false;
    }
    pdn_game *game;
    bool ok = true;
    while (ok && pdn_reader_next(&game, reader) == 1) {
        struct pdn_replay_summary sum; /* a trailer, comments after the games, is none */
        if (!pdn_game_is_trailer(game) && pdn_replay_game(&sum, game, NULL) == 0 && sum.errors == 0)
            ok = add(o, &sum.final);
        pdn_game_free(game);
    }
    pdn_reader_free(reader);
    if (ok && o->count == 0) snprintf(err, cap, "%s: no opening (no FEN, no good game)", path);
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
    bool fen = load_fen(out, fp, variant);
    fclose(fp);
    if (fen) return true;
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

bool openings_random(struct openings *out, enum pdn_variant variant, size_t count, int plies,
                     uint64_t seed)
{
    static struct pdn_movelist list;
    memset(out, 0, sizeof *out);
    for (size_t tries = 0; out->count < count && tries < count * 20; tries++) {
        struct pdn_board b;
        pdn_board_init(&b, variant);
        for (int i = 0; i < plies && pdn_movegen(&list, &b, 0) > 0; i++)
            pdn_board_play(&b, &list.moves[next_random(&seed) % (uint64_t)list.count]);
        if (pdn_movegen_count(&b, 0) == 0) continue;
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
