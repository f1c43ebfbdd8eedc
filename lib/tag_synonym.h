/*
 * tag_synonym (private): tag names other languages give the standard tags,
 * as real files write them ([Bianco "..."] for [White "..."]). The one
 * table of them is tag_synonym.c's; every reading of a standard tag by
 * name (pdn_game_tag, the parser's Result, the replay's, CSV columns) goes
 * through here. The parser marks the games that have a tag so named
 * (pdn_game_internal.tag_synonyms): the others cost no second look. Must
 * not print, allocate or know the tools.
 */
#ifndef PDN_TAG_SYNONYM_H
#define PDN_TAG_SYNONYM_H

#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Whether a tag says something: a game made by hand may leave a tag's name
 * or value NULL (pdn.h, struct pdn_tag), and then no lookup finds it. */
static inline bool tag_said(const struct pdn_tag *tag)
{
    return tag->name && tag->value;
}

/* A bit for each synonym's first and last letters and length, the letters
 * folded to lower case (a standard name in another case is read as it): a
 * name whose bit is not set is none, and is told so without a compare (the
 * parser asks for every tag). The standard names have their bits set too:
 * they cost tag_synonym_standard one compare each. */
struct tag_synonym_filter {
    uint64_t bits[4];
};

static inline unsigned tag_name_bit(const char *name, size_t len)
{
    unsigned first = (unsigned char)name[0] | 0x20u;
    unsigned last = len ? (unsigned char)name[len - 1] | 0x20u : 0;
    return (first * 31u + last * 7u + (unsigned)len) & 255u;
}

static inline bool tag_synonym_maybe(const struct tag_synonym_filter *f, const char *name,
                                     size_t len)
{
    unsigned bit = tag_name_bit(name, len);
    return f->bits[bit / 64] >> (bit % 64) & 1;
}

/* Sets the filter's bits: those of the synonyms. */
void tag_synonym_filter(struct tag_synonym_filter *out);

/* The standard names the tools read, which have synonyms: TAG_SYNONYM_MAX
 * of them, in the order of tag_synonym.c's table of them. */
enum tag_standard {
    TAG_WHITE,
    TAG_BLACK,
    TAG_RESULT,
    TAG_ROUND,
    TAG_EVENT,
    TAG_SITE,
    TAG_DATE,
    TAG_GAMETYPE,
    TAG_FEN
};

/* The name of a tag_standard ("White" for TAG_WHITE). */
const char *tag_standard_name(enum tag_standard s);

/* The tag_standard a name of len bytes is, or -1. A switch on the first
 * letter and one compare of a constant size, which the compiler does
 * inline, not a walk of the table: the parser asks of every tag of every
 * game (a loop here cost pdncheck 1.2% more instructions). */
static inline int tag_standard_index_n(const char *name, size_t len)
{
#define IS(s) (len == sizeof s - 1 && memcmp(name, s, sizeof s - 1) == 0)
    switch (name[0]) {
    case 'W':
        return IS("White") ? TAG_WHITE : -1;
    case 'B':
        return IS("Black") ? TAG_BLACK : -1;
    case 'R':
        return IS("Result") ? TAG_RESULT : IS("Round") ? TAG_ROUND : -1;
    case 'E':
        return IS("Event") ? TAG_EVENT : -1;
    case 'S':
        return IS("Site") ? TAG_SITE : -1;
    case 'D':
        return IS("Date") ? TAG_DATE : -1;
    case 'G':
        return IS("GameType") ? TAG_GAMETYPE : -1;
    case 'F':
        return IS("FEN") ? TAG_FEN : -1;
    }
    return -1;
#undef IS
}

/* The standard name a tag name stands for ("White" for "Bianco", "FEN" for
 * "Fen"), or NULL for a name that is no synonym (the standard names
 * themselves included). */
const char *tag_synonym_standard(const char *name);
/* The same of a name of len bytes (the parser knows it). */
const char *tag_synonym_standard_n(const char *name, size_t len);

/* Whether name, read as standard, differs from it only in case ("Fen" and
 * "FEN"), not in language ("Bianco" and "White"). */
bool tag_synonym_case_only(const char *name, const char *standard);

/* The standard spelling of name[0, len) when it is one of PDN's common
 * tags (Event, ..., GameType, FEN, SetUp, PlyCount, ...) in any case
 * ("GameType" for "Gametype", the name itself so spelt), else NULL. */
const char *tag_standard_spelling(const char *name, size_t len);

/*
 * The tag read for a name among tags[0, n): the first with that name, else,
 * when the name is a standard one that has synonyms, the first tag whose
 * name stands for it. NULL when there is neither.
 */
const struct pdn_tag *tag_find_in(const struct pdn_tag *tags, size_t n, const char *name);
/* The first of tags[0, n) named exactly name (no synonym), or NULL; a tag
 * with no name or no value (a game made by hand may have one) is none. */
const struct pdn_tag *tag_exact_in(const struct pdn_tag *tags, size_t n, const char *name);

/* Whether the game has a tag of exactly this name (no synonym counts). */
bool tag_named(const pdn_game *game, const char *name);

/* The tag read as GameType or FEN ("Type de jeu", "Fen") of a game with
 * no tag of that name, or NULL: what the writer writes under the standard
 * name with the roster, for the moves to mean what they meant. */
const struct pdn_tag *tag_start_synonym(const pdn_game *game, const char *standard);

/* For a game without a tag of a standard name: the first tag that stands
 * for it, or NULL (a game the parser saw no synonym in is not searched). */
const struct pdn_tag *tag_synonym_find(const pdn_game *game, const char *standard);

/* The most synonyms a game can have read: one per standard name that has
 * synonyms (White, Black, Result, Round, Event, Site, Date, GameType, FEN). */
enum { TAG_SYNONYM_MAX = 9 };

/* A tag read in place of a standard one, and that standard name. */
struct tag_synonym_read {
    const struct pdn_tag *tag; /* Bianco's */
    const char *standard;      /* "White" */
};

/*
 * The synonyms a game reads in place of their standard tags: for each
 * standard name that has synonyms and no tag of its own, the first tag that
 * stands for it. In source order in out; returns how many.
 */
size_t tag_synonyms_read(struct tag_synonym_read out[TAG_SYNONYM_MAX], const pdn_game *game);

/* The tags a game reads for the standard names that have synonyms: the
 * synonyms read (as tag_synonyms_read), and what tells a synonym that only
 * repeats one (tag_synonym_copy). */
struct tag_synonym_readings {
    struct tag_synonym_read read[TAG_SYNONYM_MAX]; /* tag_synonyms_read's */
    size_t nread;
    const struct pdn_tag *tag[TAG_SYNONYM_MAX]; /* per standard name: the tag of that
                                                   name, else its first synonym, or NULL */
    size_t ncopies;                             /* the game's synonyms that are copies */
    bool results_respelt;                       /* no ResultFormat tag: the writer spells
                                                   a Result value in the game's form */
};

/* Fills out for game (a game the parser saw no synonym in has none). */
void tag_synonym_readings(struct tag_synonym_readings *out, const pdn_game *game);

/*
 * The standard name tag repeats, or NULL: tag is a synonym of a standard
 * name, not the tag read for it, and says what that one says: the same
 * text, or, for Result, the same result (the writer spells both alike, but
 * under a ResultFormat). pdnfmt's output keeps a synonym beside the
 * standard tag it gave its value to ([White "X"] [Bianco "X"]): the copy
 * fix drops, never a synonym that says something else.
 */
const char *tag_synonym_copy(const struct tag_synonym_readings *readings,
                             const struct pdn_tag *tag);

#endif
