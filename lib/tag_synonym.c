/*
 * tag_synonym: the tag names of other languages read as the standard ones.
 *
 * Only names a real file shows, each used there for what the standard tag
 * holds; the file is named beside it. Tags these files hold that do not
 * name a standard tag's content stay what they are: the Italian
 * federation's Dati holds the event and round in one text ("69° ASSOLUTO
 * 1° TURNO"), Anno the year alone, Apertura the number of the opening in
 * the federation's list ("0028"), which no tool reads. The French header's
 * names that are no identifiers are no tags to a PDN reader, and the writer
 * keeps them as a comment; but two of them hold the game's event and its
 * only result, which every tool would lose ("R&#x00e9;sultat", written
 * with an HTML character reference as the file has it). A standard
 * tag present always wins over its synonyms; the tags themselves are never
 * renamed here (pdn_format_game's fix does that, and says so).
 */
#include "tag_synonym.h"
#include "game.h"

#include <string.h>

/* The standard names that have synonyms: TAG_SYNONYM_MAX of them. */
static const char *const standards[TAG_SYNONYM_MAX] = {"White", "Black", "Result", "Round",
                                                       "Event"};
enum { WHITE, BLACK, RESULT, ROUND, EVENT };

static const struct {
    const char *name;
    int standard; /* index in standards */
} synonyms[] = {
    /* conformance/succeed/Campionato Assoluto 2005.pdn, the Italian
     * federation's: every game has these and no White, Black, Result. */
    {"Bianco", WHITE},
    {"Nero", BLACK},
    {"Risultato", RESULT},
    /* tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn,
     * game 37: a header in French among English ones, its round the one
     * the games around it give as [Round "11"]. */
    {"Blanc", WHITE},
    {"Noir", BLACK},
    {"Manche", ROUND},
    {"R&#x00e9;sultat", RESULT},
    {"&#x00c9;v&#x00e9;nement", EVENT},
};
enum { NSYNONYMS = sizeof synonyms / sizeof synonyms[0] };

/* Names compared inline: most tags differ from these at their first or
 * second letter, and a call to strcmp for each cost more than the rest of
 * the look-up. */
static inline bool same(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

/* The index in standards of a synonym, or -1. The first letters rule out
 * most names before any compare. */
static int synonym_of(const char *name)
{
    for (size_t i = 0; i < NSYNONYMS; i++)
        if (name[0] == synonyms[i].name[0] && same(name, synonyms[i].name))
            return synonyms[i].standard;
    return -1;
}

/* The index of a standard name that has synonyms, or -1. */
static int standard_index(const char *name)
{
    for (int i = 0; i < TAG_SYNONYM_MAX; i++)
        if (name[0] == standards[i][0] && same(name, standards[i])) return i;
    return -1;
}

void tag_synonym_filter(struct tag_synonym_filter *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < NSYNONYMS; i++) {
        unsigned bit = tag_name_bit(synonyms[i].name, strlen(synonyms[i].name));
        out->bits[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
}

const char *tag_synonym_standard(const char *name)
{
    int s = name ? synonym_of(name) : -1;
    return s < 0 ? NULL : standards[s];
}

/* The first of tags[0, n) named as a synonym of standards[s]. */
static const struct pdn_tag *first_synonym(const struct pdn_tag *tags, size_t n, int s)
{
    for (size_t i = 0; i < n; i++)
        if (tags[i].name && synonym_of(tags[i].name) == s) return &tags[i];
    return NULL;
}

const struct pdn_tag *tag_find_in(const struct pdn_tag *tags, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (tags[i].name[0] == name[0] && strcmp(tags[i].name, name) == 0) return &tags[i];
    int s = standard_index(name);
    return s < 0 ? NULL : first_synonym(tags, n, s);
}

/* Whether the parser saw a tag named as a synonym (a game made otherwise
 * may have one). */
static bool may_have(const pdn_game *game)
{
    return !game->internal || game->internal->tag_synonyms;
}

const struct pdn_tag *tag_synonym_find(const pdn_game *game, const char *standard)
{
    int s = may_have(game) ? standard_index(standard) : -1;
    return s < 0 ? NULL : first_synonym(game->tags, game->ntags, s);
}

size_t tag_synonyms_read(struct tag_synonym_read out[TAG_SYNONYM_MAX], const pdn_game *game)
{
    if (!may_have(game)) return 0;
    const struct pdn_tag *tags = game->tags, *first[TAG_SYNONYM_MAX] = {0};
    bool present[TAG_SYNONYM_MAX] = {0};
    for (uint32_t i = 0; i < game->ntags; i++) {
        if (!tags[i].name) continue;
        int s = standard_index(tags[i].name);
        if (s >= 0) {
            present[s] = true;
        } else if ((s = synonym_of(tags[i].name)) >= 0 && !first[s]) {
            first[s] = &tags[i];
        }
    }
    size_t k = 0; /* in source order: tags is one array */
    for (int s = 0; s < TAG_SYNONYM_MAX; s++) {
        if (!first[s] || present[s]) continue;
        size_t j = k++;
        for (; j > 0 && out[j - 1].tag > first[s]; j--)
            out[j] = out[j - 1];
        out[j] = (struct tag_synonym_read){first[s], standards[s]};
    }
    return k;
}
