/*
 * variant (private): deciding the variant of a game without a GameType tag
 * from the game's own text and the file's games so far (variant.c). The
 * reader keeps one tally per file.
 */
#ifndef PDN_VARIANT_H
#define PDN_VARIANT_H

#include "pdn.h"

#define VARIANT_TALLY_MAX 16

/* The games of a file read so far that decided their variant themselves
 * (a tag or their own clues; a game whose moves were replayed, once for
 * each variant they were legal under), by GameType; and the unsupported
 * types seen. */
struct variant_tally {
    int type[VARIANT_TALLY_MAX];
    unsigned count[VARIANT_TALLY_MAX];
    int ntypes;
    int unsupported[VARIANT_TALLY_MAX];
    int nunsupported;
};

/* What a game's own text says of its variant, whatever the file says:
 * read once, by variant_read or variant_decide. */
struct variant_clue {
    bool read;
    int gametype;        /* 0: nothing */
    bool weak;           /* the file's majority overrides it */
    const char *why;     /* what said it, or NULL */
    unsigned candidates; /* bits (1u << enum pdn_variant) of the variants it
                            leaves when several */
    const char *tag;     /* the GameType tag's value, or NULL */
};

/* Reads the game's clue (game_box.clue), needing nothing of the file: the
 * threads reading a file's parts read it, and the games' variants are
 * decided in order after. */
void variant_read(pdn_game *game);

/*
 * Sets game->gametype, variant_source, clue_gametype, variant_clue,
 * gametype_repeated and, where the clues leave several variants, the
 * variant_candidates, _tried and _legal the main line was replayed under
 * (replay_probe); counts the game in the tally. option is the reader's
 * gametype option (0: none).
 */
void variant_decide(pdn_game *game, struct variant_tally *tally, int option);

/*
 * Whether the game's variant was taken as the most common of those its
 * moves are legal under, no game of the file before it telling which: the
 * reader holds it, and the games after it, until one tells its own
 * (pdn_game_variant_own), then decides it again by that one.
 */
bool variant_open(const pdn_game *game);

/*
 * A game held, decided again by 'told', a later game of the file that
 * told its own variant: given that variant (variant_told_by) when it is
 * one of the game's candidates and its moves are legal under it, the
 * tally counting the game no longer for what it counted before.
 */
void variant_decide_again(pdn_game *held, const pdn_game *told, struct variant_tally *tally);

/* The variants, the most common first (English and Russian, numbers and
 * algebraic squares, before Italian, Brazilian and Czech): the order in
 * which the candidates of a game are tried and named. A table in the header,
 * not in variant.c: the replay reads it, and variant.c calls the replay. */
static const enum pdn_variant variant_common_order[PDN_VARIANT_COUNT] = {
    PDN_VARIANT_ENGLISH,   PDN_VARIANT_RUSSIAN, PDN_VARIANT_ITALIAN,
    PDN_VARIANT_BRAZILIAN, PDN_VARIANT_CZECH,   PDN_VARIANT_INTERNATIONAL};

/* Whether what the parser gathered of a game's main-line moves as it read
 * them (game_box.moves) is what reading its move texts again gives: for
 * the tests (test_reader_paths, fuzz_check), which hold the parser to it. */
bool variant_moves_gathered(const pdn_game *game);
#endif
