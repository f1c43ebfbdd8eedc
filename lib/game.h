/*
 * game (private): a game as the library allocates it.
 *
 * pdn_game is the public, read-only view; the arena that owns it and
 * everything it points to stays out of the public header, behind it in one
 * allocation, with what the library keeps about how it read the game
 * (pdn_game.internal points there). Only the parser makes games; the
 * reader's variant inference fills in the variant's part.
 */
#ifndef PDN_GAME_H
#define PDN_GAME_H

#include "arena.h"
#include "pdn.h"
#include "tag_synonym.h"
#include "text.h"
#include "variant.h"

#include <string.h>

/* The reader's bookkeeping about a game, for the replay's findings and
 * pdn_format_game: nothing a user reads or sets. */
struct pdn_game_internal {
    unsigned read_errors;     /* findings of error severity the reader made in this game
                                 (PDN_SEV_ERROR; reported to on_diag or not) */
    int clue_gametype;        /* what the game's own content says, 0 when nothing */
    bool clue_weak;           /* a guess the file's majority overrules */
    const char *variant_clue; /* static text: what decided, or NULL */
    bool gametype_repeated;   /* an earlier game of the file was of the same
                                 unsupported type (reported once per file) */
    /* When the clues left several variants (algebraic squares: Russian,
     * Brazilian or Czech; squares 1-32 on 8x8: any 8x8 one), the moves
     * chose: bits (1u << enum pdn_variant) of the variants the clues left,
     * of those the main line was replayed under, and of those it was legal
     * under. 0 when the clues left one variant. */
    unsigned variant_candidates, variant_tried, variant_legal;
    /* A game whose moves were legal under several of them, with no game
     * before it telling which: the game after it that told, whose variant
     * it was given (variant_decide_again), or 0. */
    size_t variant_told_by;
    /* The reader said what it made of the terminator, which is no result
     * (a lone dash, read as '*'): the replay does not say it again. */
    bool result_told;
    bool tag_synonyms; /* a tag is named as another language names a standard
                          one (tag_synonym.c): only then are they looked for */
    bool trailer;      /* comments alone up to the end of the input, after the
                          last game's separator: no game (pdn_game_is_trailer) */
    bool junk_trailer; /* ... words of junk, no comment written as one (parser_junk.c) */
    bool unread;       /* the reader skipped some of its text (past a --strict
                          error, or a tree cut at PDN_LIMIT_GAME_TREE): the
                          tree holds less than game.raw, which pdnfmt writes */
    /* The tags of the standard names the tools read, noted by the parser as
     * it added them (game_tag_standard): the first of each name (enum
     * tag_standard), 1 + its index, 0 for none, and a bit of each name more
     * than one tag has. The replay and the variant's clues read them once a
     * game, which a walk of the tags with a compare each cost 1% of
     * pdncheck. tags_noted: the tags they index, which a copy of the game
     * given other tags does not have. */
    const struct pdn_tag *tags_noted;
    uint32_t first_tag[TAG_SYNONYM_MAX];
    uint16_t tags_again;
};

struct game_box {
    pdn_game game; /* first: a pdn_game pointer is a pointer to its box */
    struct arena *arena;
    /* What the main line's move texts say of the board, gathered by the
     * parser as it read them (variant.c's clues, without a second scan). */
    struct text_squares moves;
    struct variant_clue clue; /* what the text says of the variant */
    void *work;               /* pdn_reader_options.work's, or NULL */
    void (*work_free)(void *work);
    /* Whether a setup stood in the main line: only then need the clues
     * look at every node's. */
    bool main_setups;
    struct pdn_game_internal internal; /* game.internal points here */
};

/* The type number of a GameType tag's value v[0, len) as the replay reads
 * it ("20" or "20,W,10,10,N2,0"): blanks, then up to six digits; -1 when
 * none (the replay then plays nothing). */
int gametype_tag_number(const char *v, size_t len);
/* Whether Black opens each move pair in GameType n's variant (English
 * checkers): then Black's move is a pair's first ("12."), White's its
 * second ("12..."). False for a type not known or not supported. */
bool gametype_black_opens(long n);
/* The same for a game: its GameType tag, else the type it was read under
 * (a game made by hand may hold the tag alone). */
bool game_black_opens(const pdn_game *game);
/* A result between the colours and the order a game's text writes it in:
 * where Black opens (gametype_black_opens: English checkers) a
 * result gives Black's score first, so "1-0" and [Result "1-0"] say Black
 * won, as the files of those games write them (the conformance set's
 * English problems: White to move and win, "0-1"); elsewhere White's.
 * Results read (pdn_result_parse, game->result) are in the text's order:
 * turned, they say which colour won; a colour's result turned is spelt in
 * the text's order. Its own inverse. */
enum pdn_result result_turned(enum pdn_result r, bool black_opens);
/* The GameType of a game without the tag: the type the reader inferred
 * (from the game, its file or the caller), 20 when none. The writer says
 * it, so do pdn2csv's lossless tags (the game read alone may infer
 * another), and the selection matches it. */
int game_untagged_type(const pdn_game *game);
/* Room for game_start_gametype's number: an int in decimal and its NUL. */
enum { GAMETYPE_TEXT_SIZE = 16 };
/*
 * The GameType the writer writes with the roster, decided here alone so
 * that pdnfmt's tag, pdn2csv's lossless tags and its GameType column say
 * the same: the value of a tag read as GameType under another name ("Type
 * de jeu", "Gametype"), else, when no tag is named GameType, the type the
 * game was read under (game_untagged_type), written in number. NULL when
 * a GameType tag says it (written among the other tags).
 */
const char *game_start_gametype(const pdn_game *game, char number[GAMETYPE_TEXT_SIZE]);
/* A result spelt by the game's type (text_results_of_gametype): its
 * GameType tag, else the type it was read under. */
const char *game_result_text(const pdn_game *game, enum pdn_result result);
/*
 * "1. ... 35-40" from a position with the second mover of a pair to move
 * ('second'): dots not numbered "N..." hold the place of the first mover's
 * move, never played; the replay skips them (they are no ply) and the
 * writer and the CSV rows count none there.
 */
static inline bool game_holds_place(const struct pdn_node *node, bool second)
{
    return second && node->text && node->text[0] == '.' && strcmp(node->text, "...") == 0 &&
           !node->number_black;
}
/* Whether a setup's text sets anything up: an empty one does not (the
 * writer leaves it out, the replay goes on from where it was). */
bool game_sets_up(const char *setup);
/*
 * The move number of a line's first ply when no FEN gives one: the first
 * number written on the line, counted back over the plies before it (its
 * placeholders, game_holds_place, hold no ply), at least 1; 1 when none is
 * written before a setup. second: the first ply is the second mover's. The
 * replay checks the numbers from it and the writer numbers the first ply
 * with it, so that "22-18 10-14 38. 18-15" from a FEN is written
 * "37. 22-18 ..." and reads back the same.
 */
uint32_t game_line_first_number(const struct pdn_line *line, bool second);
/* The move number of ply 'from' of a line (second: it is the second
 * mover's), as the first number written from there on gives it, counted
 * back; 0 when none is written before the line ends or sets up again. The
 * count after a setup without ":F" (game_line_first_number's rule from
 * there, which the replay reads so too: the first number written sets it). */
uint32_t game_line_number_from(const struct pdn_line *line, uint32_t from, bool second);
/* A game's first ply: its move number, and whether it is the second of its
 * pair (White's in English checkers). */
struct game_first_ply {
    uint32_t number;
    bool second;
};
/* As the writer numbers it, and the CSV rows count: 1 and the first
 * mover's, unless the FEN tag gives the other side to move (a '?' counts as
 * the first mover) or a number (":F<n>", lidraughts); without a number, the
 * numbers written on the main line give it (game_line_first_number). */
struct game_first_ply game_first_ply(const pdn_game *game);
/* Its number, the first ply the second mover's or not. */
uint32_t game_first_number(const pdn_game *game, bool second);

static inline struct game_box *game_box_of(const pdn_game *game)
{
    return (struct game_box *)(void *)(uintptr_t)game;
}

/* The bookkeeping of a game the parser made, to fill in. */
static inline struct pdn_game_internal *game_internal_mut(pdn_game *game)
{
    return &game_box_of(game)->internal;
}

/* The bookkeeping of any game: a game made by hand has none, and reads as
 * one the reader found nothing in. */
static inline const struct pdn_game_internal *game_internal(const pdn_game *game)
{
    static const struct pdn_game_internal none = {0};
    return game->internal ? game->internal : &none;
}

/* Whether the game's tags are those the parser noted (pdn_game_internal's
 * first_tag): a game it made, with its own tags. */
static inline bool game_tags_noted(const pdn_game *game)
{
    return game->internal && game->internal->tags_noted == game->tags;
}

/* The game's first tag of standard name s, or NULL: as the parser noted
 * it, else (a game made otherwise) by a walk of the tags. */
const struct pdn_tag *game_tag_standard(const pdn_game *game, enum tag_standard s);

/* Whether the game may have more than one tag of standard name s: those
 * noted did not, others may. */
static inline bool game_tag_again(const pdn_game *game, enum tag_standard s)
{
    return !game_tags_noted(game) || (game->internal->tags_again >> s & 1);
}

#endif
