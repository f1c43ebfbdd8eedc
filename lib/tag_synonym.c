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
 * renamed here (pdn_format_game's fix does that, and drops a synonym that
 * only repeats the tag read, tag_synonym_copy: both said).
 *
 * A standard name written in another case ([Fen "..."], [Gametype "25"],
 * [RESULT "2-0"]) is read the same way: the tag a reader that compares
 * names exactly would pass over, and without the FEN or GameType it holds
 * every move of the game would be illegal. Only the standard names the
 * tools read are so matched: a name read as nothing (Setup beside SetUp)
 * stays what it is, unnoted.
 */
#include "tag_synonym.h"
#include "game.h"
#include "text.h"

#include <string.h>

/* The standard names that have synonyms: TAG_SYNONYM_MAX of them, in the
 * order of enum tag_standard. */
static const char *const standards[TAG_SYNONYM_MAX] = {
    "White", "Black", "Result", "Round", "Event", "Site", "Date", "GameType", "FEN"};

static const struct {
    const char *name;
    int standard; /* index in standards */
} synonyms[] = {
    /* conformance/succeed/Campionato Assoluto 2005.pdn, the Italian
     * federation's: every game has these and no White, Black, Result. */
    {"Bianco", TAG_WHITE},
    {"Nero", TAG_BLACK},
    {"Risultato", TAG_RESULT},
    /* tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn,
     * game 37: a header in French among English ones, its round the one
     * the games around it give as [Round "11"]. */
    {"Blanc", TAG_WHITE},
    {"Noir", TAG_BLACK},
    {"Manche", TAG_ROUND},
    {"R&#x00e9;sultat", TAG_RESULT},
    {"&#x00c9;v&#x00e9;nement", TAG_EVENT},
    /* Its GameType, a name of three words. */
    {"Type de jeu", TAG_GAMETYPE},
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

const char *tag_standard_name(enum tag_standard s)
{
    return standards[s];
}

static int standard_index(const char *name)
{
    return tag_standard_index_n(name, strlen(name));
}

/* The index of the standard name that name is in another case, or -1 (the
 * standard name itself is none). */
static int case_variant_of(const char *name)
{
    for (int i = 0; i < TAG_SYNONYM_MAX; i++)
        if (text_ascii_lower((unsigned char)name[0]) ==
                text_ascii_lower((unsigned char)standards[i][0]) &&
            text_same_but_case(name, standards[i]))
            return same(name, standards[i]) ? -1 : i;
    return -1;
}

/* The index in standards of a synonym or a case variant, or -1. The first
 * letters rule out most names before any compare. */
static int synonym_of(const char *name)
{
    for (size_t i = 0; i < NSYNONYMS; i++)
        if (name[0] == synonyms[i].name[0] && same(name, synonyms[i].name))
            return synonyms[i].standard;
    return case_variant_of(name);
}

static void filter_add(struct tag_synonym_filter *f, const char *name)
{
    unsigned bit = tag_name_bit(name, strlen(name));
    f->bits[bit / 64] |= (uint64_t)1 << (bit % 64);
}

/* The synonyms' bits, and the standard names' (tag_name_bit folds case:
 * theirs are their case variants' too). */
void tag_synonym_filter(struct tag_synonym_filter *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < NSYNONYMS; i++)
        filter_add(out, synonyms[i].name);
    for (int i = 0; i < TAG_SYNONYM_MAX; i++)
        filter_add(out, standards[i]);
}

const char *tag_synonym_standard_n(const char *name, size_t len)
{
    /* A standard name first: most tags that pass the filter are one. */
    int s = tag_standard_index_n(name, len) >= 0 ? -1 : synonym_of(name);
    return s < 0 ? NULL : standards[s];
}

const char *tag_synonym_standard(const char *name)
{
    return name ? tag_synonym_standard_n(name, strlen(name)) : NULL;
}

bool tag_synonym_case_only(const char *name, const char *standard)
{
    return text_same_but_case(name, standard);
}

/* PDN's common tags (the PDN 3.0 standard's, and lidraughts' Variant), as
 * the standard spells them: what a tag column is headed, whatever a file's
 * case. More than standards (the tags the tools read): a column of the
 * corpus' 1053 Setup tags is SetUp all the same. */
static const char *const spellings[] = {
    "Event",     "Site",        "Date",        "Round",      "White",       "Black",
    "Result",    "GameType",    "FEN",         "SetUp",      "TimeControl", "WhiteTime",
    "BlackTime", "WhiteRating", "BlackRating", "WhiteTitle", "BlackTitle",  "Annotator",
    "PlyCount",  "Termination", "Variant"};

const char *tag_standard_spelling(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
        if (text_same_but_case_n(name, len, spellings[i])) return spellings[i];
    return NULL;
}

/* The first of tags[0, n) named as a synonym of standards[s]. */
static const struct pdn_tag *first_synonym(const struct pdn_tag *tags, size_t n, int s)
{
    for (size_t i = 0; i < n; i++)
        if (tag_said(&tags[i]) && synonym_of(tags[i].name) == s) return &tags[i];
    return NULL;
}

const struct pdn_tag *tag_exact_in(const struct pdn_tag *tags, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (tag_said(&tags[i]) && tags[i].name[0] == name[0] && strcmp(tags[i].name, name) == 0)
            return &tags[i];
    return NULL;
}

const struct pdn_tag *tag_find_in(const struct pdn_tag *tags, size_t n, const char *name)
{
    const struct pdn_tag *t = tag_exact_in(tags, n, name);
    int s = t ? -1 : standard_index(name);
    return s < 0 ? t : first_synonym(tags, n, s);
}

bool tag_named(const pdn_game *game, const char *name)
{
    for (uint32_t i = 0; i < game->ntags; i++)
        if (tag_said(&game->tags[i]) && same(game->tags[i].name, name)) return true;
    return false;
}

const struct pdn_tag *tag_start_synonym(const pdn_game *game, const char *standard)
{
    return tag_named(game, standard) ? NULL : tag_synonym_find(game, standard);
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

/* For each standard name that has synonyms, the game's first tag of that
 * name (own) and its first synonym (first). Returns how many synonyms the
 * game has. */
static size_t find_readings(const struct pdn_tag *own[TAG_SYNONYM_MAX],
                            const struct pdn_tag *first[TAG_SYNONYM_MAX], const pdn_game *game)
{
    const struct pdn_tag *tags = game->tags;
    size_t n = 0;
    for (uint32_t i = 0; i < game->ntags; i++) {
        if (!tag_said(&tags[i])) continue;
        int s = standard_index(tags[i].name);
        if (s >= 0) {
            if (!own[s]) own[s] = &tags[i];
        } else if ((s = synonym_of(tags[i].name)) >= 0) {
            n++;
            if (!first[s]) first[s] = &tags[i];
        }
    }
    return n;
}

/* The synonyms read in place of their standard tags into out, in source
 * order; returns how many. */
static size_t list_read(struct tag_synonym_read out[TAG_SYNONYM_MAX],
                        const struct pdn_tag *const own[TAG_SYNONYM_MAX],
                        const struct pdn_tag *const first[TAG_SYNONYM_MAX])
{
    size_t k = 0; /* in source order: tags is one array */
    for (int s = 0; s < TAG_SYNONYM_MAX; s++) {
        if (!first[s] || own[s]) continue;
        size_t j = k++;
        for (; j > 0 && out[j - 1].tag > first[s]; j--)
            out[j] = out[j - 1];
        out[j] = (struct tag_synonym_read){first[s], standards[s]};
    }
    return k;
}

size_t tag_synonyms_read(struct tag_synonym_read out[TAG_SYNONYM_MAX], const pdn_game *game)
{
    if (!may_have(game)) return 0;
    const struct pdn_tag *own[TAG_SYNONYM_MAX] = {0}, *first[TAG_SYNONYM_MAX] = {0};
    find_readings(own, first, game);
    return list_read(out, own, first);
}

void tag_synonym_readings(struct tag_synonym_readings *out, const pdn_game *game)
{
    memset(out, 0, sizeof *out);
    if (!may_have(game)) return;
    const struct pdn_tag *first[TAG_SYNONYM_MAX] = {0};
    size_t others = find_readings(out->tag, first, game); /* synonyms not read */
    out->nread = list_read(out->read, out->tag, first);
    for (int s = 0; s < TAG_SYNONYM_MAX; s++)
        if (!out->tag[s] && first[s]) out->tag[s] = first[s], others--;
    /* Most games with synonyms (the Italian federation's) have one of each
     * and no standard tag: none can be a copy, and no tag is looked at again. */
    if (others == 0) return;
    out->results_respelt = !tag_named(game, "ResultFormat");
    for (uint32_t i = 0; i < game->ntags; i++)
        out->ncopies += tag_synonym_copy(out, &game->tags[i]) != NULL;
}

/* Whether two values of standard s say the same. Two spellings of one
 * result ("1/2-1/2", "1-1") are one: the writer writes a Result value in
 * the game's form whichever it read (pdn_game_result). */
static bool same_value(int s, const char *a, const char *b, bool results_respelt)
{
    if (strcmp(a, b) == 0) return true;
    if (s != TAG_RESULT || !results_respelt) return false;
    const struct text_result *x = text_result_read(a, strlen(a));
    const struct text_result *y = text_result_read(b, strlen(b));
    return x && y && x->result == y->result;
}

const char *tag_synonym_copy(const struct tag_synonym_readings *readings, const struct pdn_tag *tag)
{
    if (!tag->name || !tag->value) return NULL;
    int s = synonym_of(tag->name); /* -1 for a standard name itself */
    const struct pdn_tag *read = s >= 0 ? readings->tag[s] : NULL;
    if (!read || read == tag || !read->value) return NULL;
    return same_value(s, tag->value, read->value, readings->results_respelt) ? standards[s] : NULL;
}
