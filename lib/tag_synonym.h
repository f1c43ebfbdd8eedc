/*
 * tag_synonym (private): tag names other languages give the standard tags,
 * as real files write them ([Bianco "..."] for [White "..."]). The one
 * table of them is tag_synonym.c's; every reading of a standard tag by
 * name (pdn_game_tag, the parser's Result, the replay's, CSV columns) goes
 * through tag_find_read. Must not print, allocate or know the tools.
 */
#ifndef PDN_TAG_SYNONYM_H
#define PDN_TAG_SYNONYM_H

#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>

/* The standard name a tag name stands for ("White" for "Bianco"), or NULL
 * for a name that is no synonym (the standard names themselves included). */
const char *tag_synonym_standard(const char *name);

/* Whether some synonym stands for this standard name: a cheap test that
 * spares the second scan for the names that have none (FEN, GameType...). */
bool tag_synonym_any(const char *standard);

/*
 * The tag read for a name: the first of tags[0, n) with that name, else,
 * when the name is a standard one that has synonyms, the first tag whose
 * name stands for it. NULL when there is neither.
 */
const struct pdn_tag *tag_find_read(const struct pdn_tag *tags, size_t n, const char *name);

/* The most synonyms a game can have read: one per standard name that has
 * synonyms (White, Black, Result, Round). */
enum { TAG_SYNONYM_MAX = 4 };

/*
 * The synonyms read in place of their standard tags, in one pass over
 * tags[0, n): for each standard name that has synonyms and no tag of its
 * own, the first tag that stands for it. In source order in out; returns
 * how many.
 */
size_t tag_synonyms_read(const struct pdn_tag *out[TAG_SYNONYM_MAX], const struct pdn_tag *tags,
                         size_t n);

#endif
