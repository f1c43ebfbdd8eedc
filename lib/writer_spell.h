/*
 * writer_spell (private): how the writer spells each piece of canonical PDN
 * (writer_spell.c), shared with writer.c, which places them: the walk over
 * the tree decides where a piece goes and under which number, these only
 * how it reads. They write through the line filler (writer_wrap.h) and
 * never call back into writer.c. csv2pdn's rows ask them too how the writer
 * spells a move the replay did not play (csv_read_text.c), so that the
 * rows' text reads back as the game pdnfmt wrote.
 */
#ifndef PDN_WRITER_SPELL_H
#define PDN_WRITER_SPELL_H

#include "decimal.h"
#include "pdn.h"
#include "text.h"
#include "writer_wrap.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Who moves next and under which number: black is the second mover of a
 * pair ("N..."), which is White in the variants where Black opens. */
struct side {
    uint32_t number;
    bool black;
};

/* Room for a cleaned move text: cleaning never lengthens it. */
#define CLEAN_MOVE_MAX (PDN_LIMIT_MOVE_TEXT + 1)

/* [name "value"], escaped, then 'end' ("\n" or ""): a tag line, or the
 * text of a tag kept as a comment. */
void spell_tag(struct wrap *w, const char *name, const char *value, const char *end);

/* A move text as written: cleaned (blanks, leading zeros, ':' and the
 * dashes of a capture path as 'x'). */
void spell_clean_text(char out[CLEAN_MOVE_MAX], const char *text);
/* A node's move text as written: cleaned, its dashes as 'x' when the
 * caller's options->capture says it is a capture. */
void spell_clean_node(const struct pdn_write_options *opt, char out[CLEAN_MOVE_MAX],
                      const struct pdn_node *node);
/* Whether a cleaned move text reads back as that one move. */
bool spell_reads_back(const char *t);
/* Whether a move text is an unknown move, written "--". */
bool spell_unknown_move(const char *text);
/* What a reader makes of a written move's text for the next hop (text.h),
 * and the text's length in *len. */
struct text_hop spell_hop_of(const char *text, size_t *len);
/* A move's strength marks ("!", "?"), glued to the move's unit. */
void spell_strength(struct wrap *w, const char *s);
/* "12. " or "12... " at the start of a move's unit. */
void spell_number(struct wrap *w, const struct side *s);
/* The room spell_number_at needs: twenty digits and four bytes. */
enum { SPELL_NUMBER_MAX = 24 };
/* spell_number's text at 'at', which has room for SPELL_NUMBER_MAX
 * bytes: its end. Made in place (snprintf was a tenth of pdn2csv's time):
 * the number's digits, then the dots and the blank copied as one word, of
 * which the blank may be overwritten. Inline: the writer makes a move's
 * number and text in one piece of its unit. */
static inline char *spell_number_at(char *at, const struct side *s)
{
    char *end = decimal_text(at, s->number);
    memcpy(end, s->black ? "... " : ".   ", 4);
    return end + (s->black ? 4 : 2);
}

/* A comment: in braces, or a ';' comment when it holds a brace. */
void spell_comment(struct wrap *w, const char *text);
/* A comment's words inside a cut line, which is one comment already. */
void spell_flat_words(struct wrap *w, const char *s);

/* Whether spell_setup writes the setup as a comment: it holds a '/',
 * which would close it early. Such a setup sets up nothing for a reader. */
bool spell_setup_as_comment(const char *fen);
/* Whether a setup that spell_setup writes as one says who moves next (its
 * FEN's side letter): then *second is whether that is the second mover of
 * a pair (black_opens: Black opens the pairs, as in English checkers). */
bool spell_setup_side(const char *fen, bool black_opens, bool *second);
/* A setup, /FEN "..."/ or a comment when it holds a '/'; false when it
 * sets up nothing (blank) and nothing was written. */
bool spell_setup(struct wrap *w, const char *fen);

#endif
