/*
 * parser_tags: tag pairs -> the game's tags, with duplicate detection that
 * stays linear for games with very many tags, the side to move of a FEN tag
 * (for move labels), and the game boundary between two tag blocks (a
 * tags-only game, a blank line, then a block that repeats one of its tags
 * or brings an Event). Must not lex or touch the movetext.
 */
#include "parser_impl.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* ---- Tags ---------------------------------------------------------------------- */

/* A tag value with \" and \\ undone, and \' (real files escape the
 * apostrophe, "D\'Almeida", as C and PHP strings do), cut at the
 * documented limit. The limit is of the value, not of its text in the
 * file: cut before its escapes were undone, a value written back (with
 * them again) was cut once more (fuzz regression tag-value-cut-twice).
 * An escape takes two bytes of the text, so twice the limit of it gives
 * the value up to the limit and a byte more, or all of it. */
static char *tag_value(struct parser *p)
{
    const char *s = p->lx->buf + p->tok.value_start;
    size_t n = p->tok.value_len;
    if (p->tok.plain && n <= PDN_LIMIT_TAG_VALUE)
        return parser_copy_short(p->arena, s, n, p->tok.value_start + 32 <= p->lx->end, 32);
    size_t read = n < 2 * (PDN_LIMIT_TAG_VALUE + 1) ? n : 2 * (PDN_LIMIT_TAG_VALUE + 1);
    char *v = parser_copy_text(p, s, read);
    if (!v) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < read; i++) {
        if (v[i] == '\\' && i + 1 < read && memchr("\"\\'", v[i + 1], 3)) i++;
        v[k++] = v[i];
    }
    if (k > PDN_LIMIT_TAG_VALUE) {
        parser_emit(p, PDN_DIAG_LIMIT, &p->tok.pos, s, n,
                    "tag value longer than PDN_LIMIT_TAG_VALUE: cut");
        k = text_utf8_cut(v, k, PDN_LIMIT_TAG_VALUE);
    }
    v[k] = '\0';
    return v;
}

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* Adds tag i to the hash set; true when a tag of that name was there. */
static bool tagset_add(struct parser *p, size_t i)
{
    const struct pdn_tag *all = p->tags.data;
    size_t mask = p->tagset_cap - 1, k = name_hash(all[i].name) & mask;
    for (; p->tagset[k]; k = (k + 1) & mask)
        if (strcmp(all[p->tagset[k] - 1].name, all[i].name) == 0) return true;
    p->tagset[k] = (uint32_t)i + 1;
    p->tagset_n++;
    return false;
}

/* Whether the last tag repeats an earlier name: a scan while the tags are
 * few, a hash set past that (100 000 tags must not cost 5e9 compares). */
static int duplicate_tag(struct parser *p, bool *dup)
{
    const struct pdn_tag *all = p->tags.data;
    size_t n = p->tags.n;
    *dup = false;
    if (n <= 64) {
        const char *name = all[n - 1].name;
        /* A name whose first letter and length no earlier name had is
         * new: one test for most tags, not a look at every earlier one. */
        uint64_t mark = (uint64_t)1 << ((unsigned char)name[0] * 7u + p->tok.name_len) % 64;
        uint64_t marks = n == 1 ? 0 : p->tag_marks;
        p->tag_marks = marks | mark;
        if (!(marks & mark)) return 0;
        for (size_t i = 0; i + 1 < n; i++)
            if (all[i].name[0] == name[0] && strcmp(all[i].name, name) == 0) *dup = true;
        return 0;
    }
    if (2 * (p->tagset_n + 1) > p->tagset_cap) {
        size_t cap = p->tagset_cap ? p->tagset_cap * 2 : 256;
        free(p->tagset);
        if (!(p->tagset = calloc(cap, sizeof *p->tagset))) return PDN_ENOMEM;
        p->tagset_cap = cap;
        p->tagset_n = 0;
        for (size_t i = 0; i + 1 < n; i++)
            tagset_add(p, i);
    }
    *dup = tagset_add(p, n - 1);
    return 0;
}

/* A FEN's side letter says who makes the next ply (for move labels only:
 * the replay checks the FEN itself). */
void parser_side_from_fen(struct frame *f, const char *fen)
{
    while (*fen == ' ' || *fen == '\t' || *fen == '"')
        fen++;
    if (*fen == 'B' || *fen == 'b') f->next.black = true;
    if (*fen == 'W' || *fen == 'w') f->next.black = false;
}

/* Whether a tag before the last is read as FEN (rare: only asked of a
 * game with a tag that stands for FEN). */
static bool fen_before(const struct parser *p)
{
    const struct pdn_tag *all = p->tags.data;
    for (size_t i = 0; i + 1 < p->tags.n; i++) {
        const char *standard = tag_synonym_standard(all[i].name);
        if (strcmp(all[i].name, "FEN") == 0 || (standard && strcmp(standard, "FEN") == 0))
            return true;
    }
    return false;
}

/* A tag named as a standard one in another language or case: the game is
 * marked as having one; the first such FEN ("Fen") says the side to move,
 * as a FEN tag does, until a FEN tag says it. */
static void synonym_tag(struct parser *p, const struct pdn_tag *t)
{
    const char *standard = tag_synonym_standard_n(t->name, p->tok.name_len);
    if (!standard) return;
    game_internal_mut(p->game)->tag_synonyms = true;
    if (strcmp(standard, "FEN") == 0 && !fen_before(p))
        parser_side_from_fen(&p->frames[0], t->value);
}

/* The last tag, of standard name s, noted in the game (game_tag_standard). */
static void note_standard(struct parser *p, enum tag_standard s)
{
    struct pdn_game_internal *in = game_internal_mut(p->game);
    if (in->first_tag[s])
        in->tags_again |= (uint16_t)(1u << s);
    else
        in->first_tag[s] = (uint32_t)p->tags.n;
}

int parser_add_tag(struct parser *p)
{
    struct pdn_tag *t = vec_push(&p->tags, sizeof *t);
    if (!t) return PDN_ENOMEM;
    /* A NUL (reported by the lexer) becomes a blank, as in values: it must
     * not cut the name. Such a name is no identifier: the writer keeps the
     * tag as a comment. */
    const char *name = p->lx->buf + p->tok.name_start;
    t->name = p->tok.plain ? parser_copy_short(p->arena, name, p->tok.name_len,
                                               p->tok.name_start + 16 <= p->lx->end, 16)
                           : parser_copy_text(p, name, p->tok.name_len);
    t->value = tag_value(p);
    t->pos = p->tok.pos;
    if (!t->name || !t->value) return PDN_ENOMEM;
    /* The roster's names the lexer told; of the others, most the filter
     * tells are no standard name nor synonym, without a compare. */
    size_t len = p->tok.name_len;
    bool told = p->tok.plain && p->tok.roster;
    bool maybe = !told && tag_synonym_maybe(&p->synonyms, t->name, len);
    int s = told ? p->tok.roster - 1 : maybe ? tag_standard_index_n(t->name, len) : -1;
    if (s >= 0)
        note_standard(p, (enum tag_standard)s);
    else if (maybe)
        synonym_tag(p, t);
    if (s == TAG_FEN) parser_side_from_fen(&p->frames[0], t->value);
    bool dup;
    if (duplicate_tag(p, &dup) < 0) return PDN_ENOMEM;
    if (dup) parser_emit(p, PDN_DIAG_DUPLICATE_TAG, &t->pos, t->name, strlen(t->name), NULL);
    return 0;
}

const struct pdn_tag *parser_tag_find(const struct parser *p, const char *name, size_t len)
{
    const struct pdn_tag *all = p->tags.data;
    for (size_t i = 0; i < p->tags.n; i++)
        if (strncmp(all[i].name, name, len) == 0 && all[i].name[len] == '\0') return &all[i];
    return NULL;
}

/* A tag block after a blank line that repeats a tag name of this
 * tags-only game, or brings an Event: the header of the next game. */
static bool next_header(const struct parser *p)
{
    if (p->tags.n == 0 || p->items || p->tok.pos.line < p->last_line + 2) return false;
    const char *name = p->lx->buf + p->tok.name_start;
    size_t len = p->tok.name_len;
    return (len == 5 && memcmp(name, "Event", 5) == 0) || parser_tag_find(p, name, len) != NULL;
}

/* The next game's tags: this game ends without a result. */
static int end_before_tags(struct parser *p)
{
    p->end_pos = p->tok.pos;
    if (p->opt.strict)
        parser_fail(p, PDN_DIAG_SYNTAX, &p->tok.pos, "[", 1,
                    p->body ? "tags after movetext: no result before them"
                            : "a new tag block: no result before it");
    else {
        struct pdn_pos at = parser_last_char(p); /* the end of this game, not the next */
        parser_emit(p, PDN_DIAG_MISSING_RESULT, &at, NULL, 0, NULL);
    }
    return STEP_END;
}

int parser_on_tag(struct parser *p)
{
    if (p->body || next_header(p)) return end_before_tags(p);
    if (p->items) parser_odd(p, ODD_COMMENT_BEFORE_TAGS, &p->tok.pos, "[", 1);
    int rc = p->skipping ? 0 : parser_add_tag(p);
    parser_take_find(p);
    parser_consume(p);
    return rc;
}
