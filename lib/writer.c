/*
 * writer: a game tree -> canonical PDN 3.0 text (the writing grammar).
 *
 * Canonical means one spelling per tree, so that writing what was read back
 * from written output gives the same bytes:
 *   - the seven-tag roster first, always, in order ("?" or "????.??.??" when
 *     missing; Result from the terminator; a tag of another language read
 *     as one, Bianco as White, gives its value and is written too, unless
 *     options->standard_names renames it; with it, a synonym that repeats
 *     the tag read for its standard name is not written), then GameType
 *     when no tag gave it (the game's gametype, 20 when none), then the
 *     other tags in source order; values escaped with \" and \\;
 *   - move text without blanks or leading zeros, 'x' as capture separator,
 *     "--" for an unknown move;
 *   - "N." before every White move, "N..." before a Black move that stands
 *     alone (at the start of a line, after a comment, variation or setup,
 *     or numbered in the tree otherwise than the numbers before it go, or
 *     a capture that a reader would take for the next hop of the move
 *     before it); a number the tree holds is written as it holds it, one
 *     it does not is the ply's own by the count (struct numbering);
 *   - comments as {...} with whitespace runs folded to one space; a comment
 *     holding '{' or '}' is written as a ';' comment, which ends its line;
 *   - lines filled up to the width, one blank line after each game;
 *   - a setup right before the move it sets up (or at the line's end), all
 *     comments before it: a reader keeps no order between the two;
 *   - a tag whose name is not an identifier as a comment "{[name "value"]}"
 *     at the start of the move text (a tag it would not read back as);
 *   - the caller may give a move's text (options->move_text) and cut a line
 *     at a move that cannot be played (options->cut_line): that move and the
 *     rest of the line become one comment, written flat, in their place;
 *     and a move's number (options->move_number), that a move is a capture
 *     (options->capture: its dashes written 'x'), the result
 *     (options->result) and the date (options->date), as pdnfmt --fix
 *     repairs them.
 * It writes what it is given: it must not validate moves or fix results.
 * This file places the pieces (the tags' order, what goes before a move,
 * numbers, variations, cut lines); writer_spell.c spells each one.
 */
#include "fen.h"
#include "game.h"
#include "options.h"
#include "pdn.h"
#include "tag_synonym.h"
#include "text.h"
#include "writer.h"
#include "writer_spell.h"
#include "writer_wrap.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct writer {
    struct wrap wrap;
    const struct pdn_write_options *opt;
    const pdn_game *game;
    bool bad_tags_pending;         /* the comments of unwritable tags are still to come */
    bool flat;                     /* inside a cut line: comments as plain words, no cuts */
    const char *setup_due;         /* a setup to write right before the next move (write_before) */
    writer_setup_fn *setup_second; /* struct writer_count's */
    writer_played_fn *played;      /* struct writer_count's, and its ctx */
    void *played_ctx;
    struct noted *noted; /* the caller's last note (note_of) */
};

/* The moves the caller's move_note was last asked about, and its
 * answers: the writer needs a note twice at an unknown move
 * (parted_from_next, then write_move), and once on the next move ahead of
 * writing this one (next_number); the caller may make it afresh on each
 * call (an engine's search). Two: the move written and the one after.
 * Apart from the writer, which is const where it only looks. */
struct noted {
    const struct pdn_node *node[2]; /* NULL: none yet */
    const char *comment[2];
    uint16_t nag[2];
    unsigned older; /* the slot a new move takes */
};

/*
 * Where the numbering stands at a move: two counts, which part at a wrong
 * number the tree holds (kept as read: pdnfmt without --fix keeps the
 * record). 'count' is the ply's own number, as the replay counts it: a
 * number the tree does not hold is written from it, or the writer would
 * add a fault the game did not have ("5. 32-28 {c} 19-23", White's 6th
 * numbered 5, is "5. 32-28 {c} 6... 19-23", not "5..."). 'read' is where
 * the numbers written so far put a reader: a number the tree holds that
 * it does not give must be written, right or wrong (take_number), any
 * other may be left out, and the first mover's moves are numbered by it;
 * so writing the text written again gives the same bytes. 'past': the
 * line is past a move the replay does not play, from where it counts
 * nothing but labels that follow the numbers written (replay.c,
 * check_unplayed): so does 'count' then, as past a move written as a
 * comment, whose dots a reader counts as a move not given ("1. 32-28
 * {10-} 1... ... 2. 33-29").
 */
struct numbering {
    struct side count;
    struct side read;
    bool past;
    /* The parser's own count (parser_moves.c): the last number written
     * and the moves after it, which 'read' is but where it jumps to
     * 'count' at a stop. What a bare "--" stands for to a reader, which a
     * number right after it may take (dash_taken). */
    struct side said;
    /* The last number written, "N.", came where 'said' had Black's move
     * N: a reader then counts a ply behind the moves (parser_frame.h,
     * black_as_white), and a bare "--" may stand for the ply after 'said'. */
    bool said_behind;
};

/* pdnfmt's options: none given. */
static const struct pdn_write_options write_defaults = {.version = PDN_WRITE_OPTIONS_VERSION};

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
enum { ROSTER = sizeof roster / sizeof roster[0] };

/* Tags kept by seven_tag_roster besides the roster: without them the moves
 * would mean something else (another board, another start position). */
static const char *const essential[] = {"GameType", "FEN", "SetUp", "Setup"};

static bool in_list(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, list[i]) == 0) return true;
    return false;
}

/* ---- results ------------------------------------------------------------ */

/* A game that names its result format ([ResultFormat "Goes"]) keeps its
 * results as written: the weighting of 1.01-0.99 says more than 1-1. */
static bool own_result_format(const pdn_game *game)
{
    return pdn_game_tag(game, "ResultFormat") != NULL;
}

/* The terminator; a missing one is taken from a readable Result tag. The
 * caller's result (options->result) stands for both. */
static enum pdn_result game_result(const pdn_game *game, const struct pdn_write_options *opt)
{
    if (opt->result != PDN_RESULT_NONE) return opt->result;
    if (game->result != PDN_RESULT_NONE) return game->result;
    const char *tag = pdn_game_tag(game, "Result");
    enum pdn_result r;
    bool known = tag && pdn_result_parse(&r, tag, strlen(tag));
    return known ? r : PDN_RESULT_UNKNOWN;
}

/* ---- tags --------------------------------------------------------------- */

/* A name a reader reads back as it is: [A-Z][A-Za-z0-9_]*. */
static bool identifier(const char *name)
{
    if (name == NULL || *name < 'A' || *name > 'Z') return false;
    for (const char *p = name + 1; *p; p++) {
        char c = *p;
        bool alnum = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!alnum && c != '_') return false;
    }
    return true;
}

static void write_tag(struct wrap *w, const char *name, const char *value)
{
    spell_tag(w, name, value, "\n");
}

/* The roster name s is, its index; -1 for any other name. The first
 * letters tell all but Round and Result apart: one strcmp, two at most. */
static int roster_index(const char *s)
{
    for (int i = 0; i < ROSTER; i++)
        if (s[0] == roster[i][0] && strcmp(s, roster[i]) == 0) return i;
    return -1;
}

/* The index of the game's first tag of each roster name, UINT32_MAX where
 * it has none: found in one pass over its tags, where a search of the tags
 * a roster name and of the roster a tag cost 2% of pdnfmt's instructions. */
struct roster_tags {
    uint32_t first[ROSTER];
};

static void find_roster(struct roster_tags *r, const pdn_game *game)
{
    for (int i = 0; i < ROSTER; i++)
        r->first[i] = UINT32_MAX;
    for (uint32_t k = 0; k < game->ntags; k++) {
        const char *name = game->tags[k].name;
        int i = tag_said(&game->tags[k]) ? roster_index(name) : -1;
        if (i >= 0 && r->first[i] == UINT32_MAX) r->first[i] = k;
    }
}

/* Roster tag i's value, as pdn_game_tag gives it: the first tag of its
 * name, else one of another language read as it (tag_synonym.h). */
static const char *roster_tag(const pdn_game *game, const struct roster_tags *r, int i)
{
    if (r->first[i] != UINT32_MAX) return game->tags[r->first[i]].value;
    const struct pdn_tag *t = tag_synonym_find(game, roster[i]);
    return t ? t->value : NULL;
}

static const char *roster_value(const pdn_game *game, const struct roster_tags *r, int i,
                                const struct pdn_write_options *opt)
{
    const char *value = roster_tag(game, r, i);
    if (i == ROSTER - 1) {
        if (opt->result != PDN_RESULT_NONE) return game_result_text(game, opt->result);
        return pdn_game_result(game);
    }
    bool date = strcmp(roster[i], "Date") == 0;
    if (date && opt->date) return opt->date;
    if (value) return value;
    return date ? "????.??.??" : "?";
}

/* True for the first tag of a roster name: it was written with the roster.
 * find_roster noted those: no name is compared again. */
static bool written_in_roster(const struct roster_tags *r, uint32_t k)
{
    for (int i = 0; i < ROSTER; i++)
        if (r->first[i] == k) return true;
    return false;
}

/* The synonyms not written as read (options->standard_names): those read
 * as a standard tag, written under its name with the roster, and those
 * that only repeat the tag read for their standard name (a copy pdnfmt
 * without it kept beside the tag it gave its value to). */
static void find_renamed(struct tag_synonym_readings *out, const pdn_game *game,
                         const struct pdn_write_options *opt)
{
    if (opt->standard_names)
        tag_synonym_readings(out, game);
    else
        out->nread = out->ncopies = 0;
}

/* Whether tag k is one of them. */
static bool renamed_or_dropped(const pdn_game *game, uint32_t k,
                               const struct tag_synonym_readings *r)
{
    const struct pdn_tag *tag = &game->tags[k];
    for (size_t i = 0; i < r->nread; i++)
        if (r->read[i].tag == tag) return true;
    return r->ncopies && tag_synonym_copy(r, tag);
}

/*
 * The variant the game is played under (pdn_game.gametype, which the
 * reader inferred when no tag gave it) is always said: the moves as
 * written mean what they meant, read anywhere, alone or among other
 * games, whatever text the writer changed or turned into comments. So is
 * the position it starts from: a GameType or FEN read from a tag of
 * another name ("Type de jeu", "Fen", "fen") is written under the
 * standard name too, as the roster's tags are: a name that is no
 * identifier becomes a comment, and a reader that compares names exactly
 * reads no other.
 */
static void write_start_tags(struct wrap *w, const pdn_game *game)
{
    char number[GAMETYPE_TEXT_SIZE];
    const char *type = game_start_gametype(game, number);
    if (type) write_tag(w, "GameType", type);
    const struct pdn_tag *fen = tag_start_synonym(game, "FEN");
    if (fen) write_tag(w, "FEN", fen->value);
}

static void write_tags(struct wrap *w, const pdn_game *game, const struct pdn_write_options *opt)
{
    struct tag_synonym_readings renamed;
    find_renamed(&renamed, game, opt);
    struct roster_tags r;
    find_roster(&r, game);
    for (int i = 0; i < ROSTER; i++)
        write_tag(w, roster[i], roster_value(game, &r, i, opt));
    write_start_tags(w, game);
    for (uint32_t k = 0; k < game->ntags; k++) {
        const struct pdn_tag *tag = &game->tags[k];
        if (written_in_roster(&r, k) || !identifier(tag->name) || !tag->value) continue;
        if (renamed_or_dropped(game, k, &renamed)) continue;
        if (opt->seven_tag_roster && !in_list(tag->name, essential, 4)) continue;
        write_tag(w, tag->name, tag->value);
    }
    wrap_raw(w, "\n", 1);
}

/* ---- comments and setups ------------------------------------------------- */

/* inline: asked twice a move, nearly always of no comment. With the comment
 * spelling in writer_spell.c the compiler no longer split the empty case
 * off by itself: a call each time, 2% more of pdnfmt's instructions. */
static inline bool write_comments(struct writer *wr, const struct pdn_comment *c, uint32_t n)
{
    if (wr->opt->no_comments || n == 0) return false;
    for (uint32_t i = 0; i < n; i++) {
        const char *text = c[i].text ? c[i].text : "";
        if (wr->flat)
            spell_flat_words(&wr->wrap, text);
        else
            spell_comment(&wr->wrap, text);
    }
    return true;
}

/* One tag that is no tag to a reader, as a comment; false when out of memory. */
static bool put_bad_tag(struct wrap *w, const struct pdn_tag *tag)
{
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL) return false;
    struct wrap sub;
    wrap_init(&sub, fp, INT_MAX);
    spell_tag(&sub, tag->name, tag->value, "");
    wrap_flush(&sub);
    wrap_free(&sub);
    if (fclose(fp) != 0 || text == NULL) {
        free(text);
        return false;
    }
    spell_comment(w, text);
    free(text);
    return true;
}

/* The tags whose names are not identifiers, as comments where the move
 * text starts (after a setup there, like any comment before the first move),
 * but those written under a standard name or dropped as a copy of one
 * (options->standard_names: the French header's "R&#x00e9;sultat" as
 * Result), which would say it twice.
 * Returns whether it wrote any. */
static bool write_bad_tags(struct writer *wr)
{
    bool any = false;
    wr->bad_tags_pending = false;
    if (wr->opt->no_comments || wr->opt->seven_tag_roster) return false;
    struct tag_synonym_readings renamed;
    find_renamed(&renamed, wr->game, wr->opt);
    for (uint32_t k = 0; k < wr->game->ntags; k++) {
        const struct pdn_tag *tag = &wr->game->tags[k];
        if (identifier(tag->name) || !tag->value || renamed_or_dropped(wr->game, k, &renamed))
            continue;
        if (!put_bad_tag(&wr->wrap, tag)) wr->wrap.nomem = true;
        any = true;
    }
    return any;
}

int writer_setup_second(bool *second, const pdn_game *game, const char *fen,
                        const struct pdn_node *node, writer_setup_fn *ask)
{
    if (spell_setup_side(fen, game_black_opens(game), second)) return 1;
    if (!node || !ask || spell_setup_as_comment(fen)) return 0;
    return ask(second, game, node);
}

uint32_t writer_setup_fen_number(const char *fen)
{
    return spell_setup_as_comment(fen) ? 0 : fen_start(fen).number;
}

uint32_t writer_setup_number(const char *fen, const struct pdn_line *line, uint32_t i, bool second)
{
    if (spell_setup_as_comment(fen)) return 0;
    uint32_t number = writer_setup_fen_number(fen);
    return number ? number : game_line_number_from(line, i, second);
}

uint32_t pdn_setup_number(const struct pdn_line *line, uint32_t i, bool second)
{
    if (!line || i > line->nmoves) return 0;
    const char *fen =
        i < line->nmoves ? pdn_annotations_of(&line->moves[i])->setup : line->trailing_setup;
    return game_sets_up(fen) ? writer_setup_number(fen, line, i, second) : 0;
}

/* One count after a setup: rc and second as writer_setup_second gives
 * them, the number as writer_setup_number. */
static void count_setup(struct side *s, const char *fen, const struct pdn_line *line, uint32_t i,
                        int rc, bool second)
{
    if (rc > 0) s->black = second;
    uint32_t number = writer_setup_number(fen, line, i, s->black);
    if (number) s->number = number;
}

/* Who moves after a setup before move i of line (the line's end when i
 * is its count), and from which number: the count goes on where neither
 * the setup nor the numbers after it say (writer_setup_second,
 * writer_setup_number). */
static void setup_side(struct writer *wr, const char *fen, const struct pdn_line *line, uint32_t i,
                       struct numbering *n)
{
    bool second = false; /* handed on by value: set, whatever rc */
    const struct pdn_node *node = i < line->nmoves ? &line->moves[i] : NULL;
    int rc = writer_setup_second(&second, wr->game, fen, node, wr->setup_second);
    if (rc < 0) wr->wrap.nomem = true;
    count_setup(&n->count, fen, line, i, rc, second);
    count_setup(&n->read, fen, line, i, rc, second);
}

static bool write_setup(struct writer *wr, const char *fen, const struct pdn_line *line, uint32_t i,
                        struct numbering *n)
{
    setup_side(wr, fen, line, i, n);
    return spell_setup(&wr->wrap, fen);
}

/* The setup kept for the next move, written now; whether anything was. */
static bool write_setup_due(struct writer *wr)
{
    const char *fen = wr->setup_due;
    wr->setup_due = NULL;
    return fen && spell_setup(&wr->wrap, fen);
}

/* ---- lines and variations ------------------------------------------------ */

static void write_moves(struct writer *wr, const struct pdn_line *line, uint32_t from,
                        struct numbering n, bool resumed);

static bool write_variations(struct writer *wr, const struct pdn_node *node, struct numbering n)
{
    const struct pdn_annotations *a = pdn_annotations_of(node);
    if (wr->opt->no_variations || a->nvariations == 0) return false;
    n.said_behind = false; /* a reader's new line: its own count */
    for (uint32_t i = 0; i < a->nvariations; i++) {
        wrap_open_paren(&wr->wrap);
        write_moves(wr, &a->variations[i], 0, n, false);
        wrap_close_paren(&wr->wrap);
    }
    return true;
}

/* note_of's answer, from the caller's move_note, asked once a move
 * (struct noted). */
static const char *asked_note(const struct writer *wr, const struct pdn_node *node, uint16_t *nag)
{
    const struct pdn_write_options *opt = wr->opt;
    struct noted *m = wr->noted;
    unsigned k = m->node[0] == node ? 0 : m->node[1] == node ? 1 : m->older;
    if (m->node[k] != node) { /* asked once a move */
        m->nag[k] = 0;
        m->comment[k] = opt->move_note(node, &m->nag[k], opt->move_ctx);
        m->node[k] = node;
        m->older = !k;
    }
    *nag = m->nag[k];
    return m->comment[k];
}

/* The caller's note on a move (pdn_move_note_fn): its comment, or NULL,
 * and *nag (0: none). None in a cut line, whose moves are a comment's
 * words, nor from a caller of version 1, whose struct has no move_note.
 * Inline: asked at every move, and most writers (pdnfmt's) have no
 * move_note; as a call it was 0.7% of pdnfmt's instructions. */
static inline __attribute__((always_inline)) const char *
note_of(const struct writer *wr, const struct pdn_node *node, uint16_t *nag)
{
    const struct pdn_write_options *opt = wr->opt;
    *nag = 0;
    if (wr->flat || opt->version < 2 || !opt->move_note) return NULL;
    return asked_note(wr, node, nag);
}

/* n bytes from src to dst: a move's text, most of 4 to 8 bytes, as two
 * words that may overlap, not as a call of memcpy (whose call and length
 * tests were 1% of pdnfmt's instructions). */
static inline void copy_short(char *dst, const char *src, size_t n)
{
    if (n >= 4 && n <= 8) {
        uint32_t head, tail;
        memcpy(&head, src, 4);
        memcpy(&tail, src + n - 4, 4);
        memcpy(dst, &head, 4);
        memcpy(dst + n - 4, &tail, 4);
    } else {
        memcpy(dst, src, n);
    }
}

/* The caller's text for a move, len bytes, under number (NULL: none),
 * made in one piece of the unit: one look for room, not one for the
 * number and one for the text (and no strlen: write_moves knows the
 * length). */
static void put_given_move(struct wrap *w, const char *text, size_t len, const struct side *number)
{
    char *at = wrap_unit_room(w, len + SPELL_NUMBER_MAX);
    if (!at) return;
    if (number) at = spell_number_at(at, number);
    copy_short(at, text, len);
    wrap_unit_grown(w, at + len);
}

/* A move with no text from the caller: "--" for an unknown move, else its
 * text as read, cleaned; under number (NULL: none). Out of line: pdnfmt
 * gives the text of every move the replay played, and this one's buffer
 * made write_move's frame bigger at every move. */
static __attribute__((noinline)) void put_read_move(const struct writer *wr, struct wrap *w,
                                                    const struct pdn_node *node,
                                                    const struct side *number)
{
    if (number) spell_number(w, number);
    if (node->text && spell_unknown_move(node->text)) {
        wrap_puts(w, "--");
        return;
    }
    char clean[CLEAN_MOVE_MAX];
    spell_clean_node(wr->opt, clean, node);
    wrap_puts(w, clean);
}

/* "$n", a unit of its own. */
static void put_nag(struct wrap *w, unsigned nag)
{
    char buf[16];
    snprintf(buf, sizeof buf, "$%u", nag);
    wrap_puts(w, buf);
    wrap_end(w);
}

/* A move, with text the caller's text for it, len bytes (NULL: none), and
 * number its number (NULL: none). */
static void write_move(struct writer *wr, const struct pdn_node *node, const char *text, size_t len,
                       const struct side *number)
{
    struct wrap *w = &wr->wrap;
    const struct pdn_write_options *opt = wr->opt;
    if (text)
        put_given_move(w, text, len, number);
    else
        put_read_move(wr, w, node, number);
    const struct pdn_annotations *a = pdn_annotations_of(node);
    if (!opt->no_nags && a->strength) spell_strength(w, a->strength);
    wrap_end(w);
    for (uint32_t i = 0; !opt->no_nags && i < a->nnags; i++)
        put_nag(w, a->nags[i]);
    uint16_t nag;
    const char *comment = note_of(wr, node, &nag);
    if (nag) put_nag(w, nag);
    if (comment) spell_comment(w, comment);
}

/* The number written on a move that has one: as read, or the caller's
 * (true). Inline: asked at every move, and only pdnfmt --fix gives
 * numbers (a call was 0.8% of pdnfmt's instructions). */
static inline __attribute__((always_inline)) bool
written_number(const struct writer *wr, const struct pdn_node *node, struct side *out)
{
    struct side fixed = *out;
    const struct pdn_write_options *opt = wr->opt;
    if (!node->number || !opt->move_number ||
        !opt->move_number(&fixed.number, &fixed.black, node, opt->move_ctx))
        return false;
    *out = fixed;
    return true;
}

static void advance(struct side *s)
{
    if (s->black && s->number < UINT32_MAX) s->number++; /* saturates, as the reader */
    s->black = !s->black;
}

static bool same_number(const struct side *a, const struct side *b)
{
    return a->number == b->number && a->black == b->black;
}

/* A number the tree holds (written: as read, or the caller's) meets the
 * numbering: whether it must be written, where the numbers written before
 * it do not give it ("12.. e1-f2" after 12. is "12... e1-f2"; a wrong
 * number is kept). A right one, the count's, is kept too where a wrong
 * one before it put the reader's count off: it sets a reader right again
 * ("1. 32-28 1. 18-23 2. 37-32", Black's 1st numbered as White's, keeps
 * its "2."; left out, White's 2nd would read as Black's). The text
 * written holds every number the writer added (the count's) or kept, and
 * the reader's count follows the same numbers there, so writing it again
 * keeps the same ones. The true count does not take it, but where the
 * replay has none (n->past); the reader's takes what is written. */
static bool take_number(struct numbering *n, const struct side *written)
{
    bool must = !same_number(written, &n->read);
    if (n->past) n->count = *written;
    return must;
}

/* After a move: both counts go on, the true one but for dots that hold
 * the first mover's place (game_holds_place), where the replay plays no
 * ply; past where the replay counts, the true count is the reader's.
 * Inline: once a move, and its call was 1% of pdnfmt's instructions. */
static inline __attribute__((always_inline)) void count_move(struct numbering *n,
                                                             const struct pdn_node *node)
{
    bool holds_place = game_holds_place(node, n->count.black);
    advance(&n->read);
    advance(&n->said);
    if (n->past)
        n->count = n->read;
    else if (!holds_place)
        advance(&n->count);
}

/* Whether the replay counts no further along a line after this move: one
 * it did not play (struct writer_count's played), else, where the writer
 * cannot tell, an unknown move (which "..." is, where it holds no place);
 * a move kept as a comment is one such too (write_moves: the dots after
 * it are a move not given). Asked at every move: a move
 * the caller gives a text for was played, and a text that starts with a
 * square's digit or letter, as nearly all do, is neither unknown nor
 * dots (spell_unknown_move on each was 2% of pdnfmt's instructions). */
static inline bool stops_count(const struct writer *wr, const struct pdn_node *node,
                               const char *given, bool ellipsis, const struct side *count)
{
    if (wr->played)
        return !given && !game_holds_place(node, count->black) && !wr->played(node, wr->played_ctx);
    const char *t = node->text;
    if (!t) return true;
    unsigned char c = (unsigned char)t[0] | 0x20; /* a letter in lower case */
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')) return false;
    if (game_holds_place(node, count->black)) return false;
    return ellipsis || spell_unknown_move(t);
}

/* The caller's text for a move, or NULL. */
static const char *given_text(const struct writer *wr, const struct pdn_node *node)
{
    return wr->opt->move_text ? wr->opt->move_text(node, wr->opt->move_ctx) : NULL;
}

/* The text a move is written with: the caller's (given), or the cleaned text. */
static const char *text_of(const struct writer *wr, const struct pdn_node *node, const char *given,
                           char buf[CLEAN_MOVE_MAX])
{
    if (given) return given;
    spell_clean_node(wr->opt, buf, node);
    return buf;
}

static void write_unreadable(struct writer *wr, const struct pdn_node *node);

static bool cut_here(const struct writer *wr, const struct pdn_node *node)
{
    return !wr->flat && wr->opt->cut_line && wr->opt->cut_line(node, wr->opt->move_ctx);
}

/* The pending tag comments, the comments before a move and its setup;
 * returns whether any was written. Comments go first, a move kept as a
 * comment too: a reader keeps no order between a setup and the comments
 * around it, and a comment written after the setup would read back before
 * it. So the setup of a move kept as a comment, or cut, waits for the next
 * move written (wr->setup_due: the kept move's dots, write_dots), after
 * the comment, as a reader reads it back. Who moves after it counts from
 * here.
 * 'cut': the line is cut at the move (cut_here). */
static bool write_before(struct writer *wr, const struct pdn_line *line, uint32_t i,
                         struct numbering *n, bool as_comment, bool cut)
{
    const struct pdn_node *node = &line->moves[i];
    bool any = as_comment;
    if (wr->bad_tags_pending) any |= write_bad_tags(wr);
    const struct pdn_annotations *a = pdn_annotations_of(node);
    any |= write_comments(wr, a->comments_before, a->ncomments_before);
    if (as_comment) write_unreadable(wr, node);
    if (!as_comment && !cut) any |= write_setup_due(wr);
    /* else nothing; no call for most moves, which have none */
    const char *setup = a->setup && game_sets_up(a->setup) ? a->setup : NULL;
    if (setup && (as_comment || cut)) {
        setup_side(wr, setup, line, i, n);
        wr->setup_due = setup;
    } else if (setup) {
        any |= write_setup(wr, setup, line, i, n);
    }
    return any;
}

/* What ends a line, in write_before's order: comments, then the setup. */
static void write_line_end(struct writer *wr, const struct pdn_line *line, struct numbering *n)
{
    if (wr->bad_tags_pending) write_bad_tags(wr);
    write_comments(wr, line->trailing, line->ntrailing);
    write_setup_due(wr);
    if (line->trailing_setup) write_setup(wr, line->trailing_setup, line, line->nmoves, n);
}

/* Moves from.. of a line and what ends it, written flat on one line into a
 * malloc'd string; NULL when out of memory. */
static char *flat_rest(const struct writer *wr, const struct pdn_line *line, uint32_t from,
                       struct numbering n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL) return NULL;
    struct writer sub = {.opt = wr->opt,
                         .game = wr->game,
                         .flat = true,
                         .setup_second = wr->setup_second,
                         .played = wr->played,
                         .played_ctx = wr->played_ctx};
    wrap_init(&sub.wrap, fp, INT_MAX);
    write_moves(&sub, line, from, n, true);
    wrap_end(&sub.wrap);
    wrap_flush(&sub.wrap);
    bool nomem = sub.wrap.nomem;
    wrap_free(&sub.wrap);
    if (fclose(fp) != 0 || nomem || text == NULL) {
        free(text);
        return NULL;
    }
    return text;
}

/* A line cut at move 'from': the rest becomes one comment. */
static void write_cut(struct writer *wr, const struct pdn_line *line, uint32_t from,
                      struct numbering n)
{
    char *text = flat_rest(wr, line, from, n);
    if (text == NULL) {
        wr->wrap.nomem = true;
        return;
    }
    spell_comment(&wr->wrap, text);
    free(text);
}

/* unreadable_given of a move written as read. */
static bool unreadable_text(const struct writer *wr, const struct pdn_node *node)
{
    if (spell_unknown_move(node->text)) return false;
    char clean[CLEAN_MOVE_MAX];
    spell_clean_node(wr->opt, clean, node);
    return !spell_reads_back(clean);
}

/* A move whose text, written as read, would not read back as that move
 * (the replay could not place it, so no canonical text replaces it).
 * Inline: asked at every move, and pdnfmt gives the text of every move
 * the replay played (a call was 0.9% of its instructions). */
static inline __attribute__((always_inline)) bool
unreadable_given(const struct writer *wr, const struct pdn_node *node, const char *given)
{
    return !wr->flat && node->text && !given && unreadable_text(wr, node);
}

/* Appends to a bounded buffer: the length returned never passes its end. */
static size_t append_text(size_t cap, size_t len, int written)
{
    len += written > 0 ? (size_t)written : 0;
    return len < cap ? len : cap - 1;
}

/* Such a move, its strength and NAGs kept as the words of one comment:
 * nothing is lost and the output reads back the same. */
static void write_unreadable(struct writer *wr, const struct pdn_node *node)
{
    char text[CLEAN_MOVE_MAX + 64];
    size_t n = append_text(sizeof text, 0, snprintf(text, sizeof text, "%s", node->text));
    if (!wr->opt->no_nags) {
        const struct pdn_annotations *a = pdn_annotations_of(node);
        if (a->strength)
            n = append_text(sizeof text, n, snprintf(text + n, sizeof text - n, "%s", a->strength));
        for (uint32_t i = 0; i < a->nnags; i++)
            n = append_text(sizeof text, n,
                            snprintf(text + n, sizeof text - n, " $%u", (unsigned)a->nags[i]));
    }
    spell_comment(&wr->wrap, text);
}

/* The dots that follow a move kept as a comment: "...", a move not given,
 * under number. They hold its ply, where its variations follow: a reader
 * of the text written counts the moves after it as the writer did, and
 * replays none, as it replayed none after the move (a second pdnfmt once
 * numbered them otherwise, or played them: fuzz regressions
 * roundtrip-count-past-a-kept-move, lossless-setup-superseded). */
static void write_dots(struct writer *wr, const struct side *number)
{
    write_setup_due(wr);
    spell_number(&wr->wrap, number);
    wrap_puts(&wr->wrap, "...");
    wrap_end(&wr->wrap);
}

/* Whether anything is written between move i of a line and the next:
 * its strength, NAGs, comments or variations, the next move's comments or
 * setup, or the next move kept as a comment or cut (a comment first). */
static bool parted_from_next(const struct writer *wr, const struct pdn_line *line, uint32_t i)
{
    const struct pdn_write_options *opt = wr->opt;
    const struct pdn_node *node = &line->moves[i], *next = &line->moves[i + 1];
    const struct pdn_annotations *a = pdn_annotations_of(node), *b = pdn_annotations_of(next);
    if (!opt->no_nags && (a->strength || a->nnags)) return true;
    if (!opt->no_comments && (a->ncomments_after || b->ncomments_before)) return true;
    uint16_t nag;
    if (note_of(wr, node, &nag) || nag) return true;
    if (!opt->no_variations && a->nvariations) return true;
    if (wr->setup_due || game_sets_up(b->setup)) return true;
    return cut_here(wr, next) || unreadable_given(wr, next, given_text(wr, next));
}

/* Whether a move is written as an unknown move as read: a dash, or dots
 * ('ellipsis': "..."), which a number right after it may take for stray
 * (bare_dash_taken asks unknown_numbered only then: a call each Black
 * move, its numbering copied, was 0.6% of pdnfmt's instructions). */
static inline bool unknown_as_read(const struct writer *wr, const struct pdn_node *node,
                                   const char *given, bool ellipsis)
{
    if (wr->flat || given || !node->text) return false;
    /* A square's digit or a file's letter first: no unknown move, and
     * next_number asks at most Black moves (spell_unknown_move's look at
     * each of them was 0.7% of pdnfmt's instructions). */
    unsigned char first = (unsigned char)node->text[0];
    if (!ellipsis && (text_digit(first) || text_ascii_letter(first))) return false;
    return ellipsis || spell_unknown_move(node->text);
}

static bool unknown_numbered(const struct writer *wr, const struct pdn_line *line, uint32_t i,
                             const char *given, bool ellipsis, struct numbering n);

/* Whether move i, written as an unknown move as read, must have its
 * number all the same (unknown_numbered); asked of the others too, it
 * answers at once, in line. */
static inline bool bare_dash_taken(const struct writer *wr, const struct pdn_line *line, uint32_t i,
                                   const char *given, bool ellipsis, struct numbering n)
{
    return unknown_as_read(wr, &line->moves[i], given, ellipsis) &&
           unknown_numbered(wr, line, i, given, ellipsis, n);
}

/* The number write_moves writes move i with, where the numbering stands at
 * n, right after a move with nothing between (parted_from_next): false
 * when it writes none. An unknown move that write_moves numbers for the
 * number after it (bare_dash_taken) counts too: in "-- -- 3." where "3."
 * takes the second dash, that one is numbered, and its number, the
 * count's, may take the first (fuzz regression
 * roundtrip-dash-before-a-numbered-dash). This looks one move further at
 * most: bare_dash_taken asks only where 'read' has Black to move, and
 * 'read' alternates but at the one move where the count stops and 'read'
 * jumps to it; so where move i has Black too, the next has White, and
 * next_number answers there without asking on. The note of move i is
 * asked here, ahead of writing it (struct noted keeps it). */
static bool next_number(const struct writer *wr, const struct pdn_line *line, uint32_t i,
                        struct numbering n, struct side *out)
{
    const struct pdn_node *node = &line->moves[i];
    char buf[CLEAN_MOVE_MAX];
    const char *given = given_text(wr, node), *text = text_of(wr, node, given, buf);
    struct side written = {node->number, node->number_black};
    bool alone = false, given_number = written_number(wr, node, &written);
    if (given_number) n.count = written;
    if (node->number) alone = take_number(&n, &written);
    bool ellipsis = strcmp(text, "...") == 0;
    alone |= node->number && ellipsis;
    bool placeholder = n.count.black && !node->number && ellipsis;
    if (!alone && !placeholder && n.read.black && !bare_dash_taken(wr, line, i, given, ellipsis, n))
        return false;
    *out = node->number ? written : n.count;
    out->black &= !placeholder;
    return true;
}

/* Whether move i, an unknown move the numbering at n leaves unnumbered
 * (a dash, or "..." that holds no place: bare_dash_taken asks only
 * then), must have its number all the
 * same: a reader takes a dash or dots with no number before them for
 * stray ones, no move, when the move number right after them leaves them
 * no ply (text_number_takes_bare). The writer's
 * numbers need not be the file's, and a count past a stop is not the
 * reader's ("5. 28x19 99-98 3. 33-29 -- 3. 14x23", "6... ... -- 7. --"
 * through csv2pdn), so what it writes could read back without the move;
 * numbered, it stays one ("3. 33-29 3... -- 3. 14x23"). */
static bool unknown_numbered(const struct writer *wr, const struct pdn_line *line, uint32_t i,
                             const char *given, bool ellipsis, struct numbering n)
{
    const struct pdn_node *node = &line->moves[i];
    if (i + 1 >= line->nmoves || parted_from_next(wr, line, i)) return false;
    struct side ply = n.said, number;
    bool stops = stops_count(wr, node, given, ellipsis, &n.count);
    if (stops && !n.past) n.read = n.count;
    n.past |= stops;
    count_move(&n, node);
    if (!next_number(wr, line, i + 1, n, &number)) return false;
    return text_number_takes_bare(number.number, number.black, ply.number, ply.black, n.said_behind,
                                  ellipsis);
}

/* The count a reader goes on from after a number written, number: the
 * number, a ply behind the moves when it gives Black's move N as White's
 * (frame_number_read). */
static void said_number(struct numbering *n, const struct side *number)
{
    n->said_behind = !number->black && n->said.black && n->said.number == number->number;
    n->said = *number;
}

/* Writes moves from.. of a line and what ends it. 'resumed': the setup and
 * comments before move 'from' are already written. */
static void write_moves(struct writer *wr, const struct pdn_line *line, uint32_t from,
                        struct numbering n, bool resumed)
{
    bool alone = true; /* the next move is not right after its partner */
    char buf[CLEAN_MOVE_MAX];
    struct text_hop prev = {0, 0, false}; /* of the move before: the hop test */
    if (from > 0) {
        const struct pdn_node *before = &line->moves[from - 1];
        size_t len;
        prev = spell_hop_of(text_of(wr, before, given_text(wr, before), buf), &len);
    }
    for (uint32_t i = from; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        /* The caller's text, asked for once: it may be made on each call. */
        const char *given = given_text(wr, node), *text = text_of(wr, node, given, buf);
        size_t len;
        struct text_hop hop = spell_hop_of(text, &len);
        bool cut = cut_here(wr, node); /* asked once a move: a call at every move */
        bool as_comment = !cut && unreadable_given(wr, node, given);
        if (!resumed || i != from) alone |= write_before(wr, line, i, &n, as_comment, cut);
        struct side written = {node->number, node->number_black};
        /* The caller's number is the ply's own (the replay's, format_fix.c),
         * which the count, stopped there, may not know: the count takes
         * it, and the moves after it go on from it. */
        bool given_number = written_number(wr, node, &written);
        if (given_number) n.count = written;
        if (node->number) alone |= take_number(&n, &written);
        /* "38x18 18x9" reads back as one move, the second hop of the
         * first: a capture starting where the move before it ended needs
         * its number ("38x18 1... 18x9") to stay a move of its own. The
         * reader's own test (text.h) on the texts as written: "33x22
         * 22x7xf6" is such a pair too. */
        if (i > 0 && text_hop_continues(text_hop_end(prev), hop)) alone = true;
        prev = hop;
        /* "...": the replay skips it as the place of a move not played
         * unless it is numbered "N..." (then it is a move not given), and
         * "N. ..." says whose place it holds: a number the tree holds on
         * it stays, also where the count gives it (unnumbered after a
         * wrong number, it would read back as the other mover's place;
         * fuzz regression roundtrip-dots-number-the-count-gives). (An
         * unnumbered one that stands alone still gets its number: the
         * count may not be the reader's after moves kept as comments.) */
        bool ellipsis = text[0] == '.' && strcmp(text, "...") == 0;
        if (node->number && ellipsis) alone = true;
        /* An unnumbered "..." where the second mover is to move holds the
         * first mover's place: the replay plays no ply there, so the count
         * stays, and it is written "N. ...", which reads so anywhere. Who
         * is to move is the count's: a wrong number before it does not
         * make it a move not given. */
        bool placeholder = n.count.black && !node->number && ellipsis;
        if (cut) {
            write_cut(wr, line, i, n);
            write_setup_due(wr); /* the line's end now: after its comment */
            return;
        }
        /* A number the tree does not hold is the count's (struct
         * numbering); the reader's count takes the number written. */
        if (as_comment) {
            /* Not under a first mover's number where the second mover
             * moves: "1. ..." would hold the first mover's place, no ply
             * (White's 1st move numbered "1." in English checkers). */
            bool holds = !written.black && n.count.black;
            n.read = node->number && !holds ? written : n.count;
            write_dots(wr, &n.read);
            said_number(&n, &n.read);
            alone = false;
        } else if (alone || placeholder || !n.read.black ||
                   bare_dash_taken(wr, line, i, given, ellipsis, n)) {
            n.read = node->number ? written : n.count;
            n.read.black &= !placeholder;
            write_move(wr, node, given, len, &n.read);
            said_number(&n, &n.read);
            alone = false;
        } else {
            write_move(wr, node, given, len, NULL);
        }
        const struct pdn_annotations *a = pdn_annotations_of(node);
        alone |= write_comments(wr, a->comments_after, a->ncomments_after);
        alone |= write_variations(wr, node, n);
        bool stops = as_comment || stops_count(wr, node, given, ellipsis, &n.count);
        /* Where the replay stops, its labels go on from its own count
         * there (replay.c, check_unplayed), not from a wrong number written
         * before, and so does a reader's: "1. 21-26 3. 11-16 18-22", Black's
         * 2nd numbered 1. and White's illegal 3rd, is not "1. 21-26 11-16
         * 2. 18-22". */
        if (stops && !n.past) n.read = n.count;
        n.past |= stops;
        count_move(&n, node);
    }
    write_line_end(wr, line, &n);
}

/* A game: tags, moves, result. */
static void write_whole(struct writer *wr, const struct writer_count *count)
{
    const pdn_game *game = wr->game;
    if (!wr->opt->movetext_only) write_tags(&wr->wrap, game, wr->opt);
    struct side first = {count->first.number, count->first.second};
    if (!count->played) first.number = game_first_number(game, first.black);
    write_moves(wr, &game->main, 0, (struct numbering){first, first, false, first, false}, false);
    bool as_written = own_result_format(game) && game->result_text && wr->opt->result == 0;
    wrap_puts(&wr->wrap,
              as_written ? game->result_text : game_result_text(game, game_result(game, wr->opt)));
    wrap_end(&wr->wrap);
}

/* A file's trailer (pdn_game_is_trailer): its comments alone, no tag, no
 * result, which would make a game of it; read back, they are the same
 * trailer. Returns whether anything was written (not with no_comments). */
static bool write_trailer(struct writer *wr)
{
    const struct pdn_line *main = &wr->game->main;
    return write_comments(wr, main->trailing, main->ntrailing);
}

int pdn_write_game(FILE *out, const pdn_game *game, const struct pdn_write_options *options)
{
    if (!game) return PDN_EINVAL;
    struct writer_count count = {game_first_ply(game), NULL, NULL, NULL, NULL};
    return writer_write_game(out, game, options, &count);
}

int writer_write_game(FILE *out, const pdn_game *game, const struct pdn_write_options *options,
                      const struct writer_count *count)
{
    if (!options) options = &write_defaults;
    if (out == NULL || game == NULL) return PDN_EINVAL;
    if (!options_ok(options->version, PDN_WRITE_OPTIONS_VERSION)) return PDN_EINVAL;
    struct noted noted = {{NULL, NULL}, {NULL, NULL}, {0, 0}, 0};
    struct writer wr = {.opt = options,
                        .game = game,
                        .noted = &noted,
                        .bad_tags_pending = true,
                        .setup_second = count->setup_second,
                        .played = count->played,
                        .played_ctx = count->played_ctx};
    flockfile(out); /* one lock for the game's few writes */
    wrap_init_kept(&wr.wrap, out, wr.opt->width, count->kept);
    bool any = true; /* a trailer with --no-comments is nothing */
    if (pdn_game_is_trailer(game))
        any = write_trailer(&wr);
    else
        write_whole(&wr, count);
    if (any && !wr.opt->movetext_only) {
        wrap_newline(&wr.wrap);
        wrap_raw(&wr.wrap, "\n", 1);
    }
    wrap_flush(&wr.wrap);
    bool nomem = wr.wrap.nomem;
    wrap_free(&wr.wrap);
    funlockfile(out);
    if (nomem) return PDN_ENOMEM;
    return ferror(out) ? PDN_EIO : PDN_OK;
}
