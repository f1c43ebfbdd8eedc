/*
 * replay_result: the result of a replayed game. The Result tag, the
 * terminator and the final main-line position are checked together, draw
 * rules included. Reports through replay_report.c; must not print, allocate
 * or replay moves.
 */
#include "replay.h"
#include "game.h"
#include "movegen.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

/* ---- Results -------------------------------------------------------------------- */

/* The row of text.c's result spellings a text is, blanks around it
 * ignored; NULL if none. */
static const struct text_result *result_form(const char *text)
{
    return text_result_read(text, strlen(text));
}

/* Whether text is spelling with blanks around it at most (" 1-1"), not
 * inside it ("1 - 1"). */
static bool text_holds(const char *text, const char *spelling)
{
    text += strspn(text, " \t");
    size_t n = strlen(spelling);
    return strncmp(text, spelling, n) == 0 && text[n + strspn(text + n, " \t")] == '\0';
}

/* International results count game points; 8x8 files commonly count chess
 * style, which is their convention, not a finding. */
static bool convention_native(const struct replay *r, unsigned c)
{
    if (c == TEXT_INTERNATIONAL) return true;
    return c == TEXT_CHESS && r->variant != PDN_VARIANT_INTERNATIONAL;
}

/* Whether the game's results give Black's score first (game.h,
 * result_turned): its Black opens. */
static bool black_first(const struct replay *r)
{
    return r->first_side == PDN_COLOR_BLACK;
}

/* The note on a result written chess style, not spaced, by its result:
 * spelt out for the three results so written, where putting its pieces
 * together cost pdncheck 0.3% of its time (every game of a chess-style
 * file read as international has one). NULL for the others. */
static const char *const chess_style_notes[] = {
    [PDN_RESULT_WHITE_WIN] = "chess style, 2-0 in the international form",
    [PDN_RESULT_BLACK_WIN] = "chess style, 0-2 in the international form",
    [PDN_RESULT_DRAW] = "chess style, 1-1 in the international form",
};

/* chess_style_notes' note for a result so written, else NULL. */
static const char *chess_style_note(const struct text_result *f, enum pdn_result result,
                                    bool spaced)
{
    if (spaced || f->convention != TEXT_CHESS) return NULL;
    return (size_t)result < sizeof chess_style_notes / sizeof *chess_style_notes
               ? chess_style_notes[result]
               : NULL;
}

/* The note on a result written in another convention, or spaced, into
 * r->detail: its pieces. */
static const char *convention_note(struct replay *r, const struct text_result *f,
                                   enum pdn_result result, bool spaced, bool native)
{
    size_t len = 0;
    if (spaced && native) { /* "1 - 0" in English draughts: its own 1-0 */
        replay_detail_append(r, &len, "blanks inside, read as ");
        replay_detail_append(r, &len, f->text);
        return r->detail;
    }
    replay_detail_append(r, &len,
                         spaced                        ? "blanks inside, "
                         : f->convention == TEXT_CHESS ? "chess style, "
                         : f->convention == TEXT_GOES  ? "Goes result format, "
                                                       : "lenient form, ");
    replay_detail_append(r, &len, pdn_result_text(result));
    replay_detail_append(r, &len, " in the international form");
    return r->detail;
}

/* Reads a result text as won by White or Black (result_turned); reports
 * an unknown one and, once per game, a non-international convention. */
static enum pdn_result read_result(struct replay *r, const char *text, const struct pdn_pos *pos,
                                   bool *noted)
{
    /* Mostly a spelling as it is, no blank around or inside: no more to
     * look at. */
    const struct text_result *f = text_result_exact(text, strlen(text));
    bool spaced = false;
    if (f == NULL && (f = result_form(text)) != NULL)
        spaced = f->convention != TEXT_GOES && !text_holds(text, f->text);
    if (f == NULL) {
        replay_emit(r, PDN_DIAG_UNKNOWN_RESULT, NULL, pos, NULL, text, "read as '*'");
        return PDN_RESULT_UNKNOWN;
    }
    enum pdn_result result = result_turned((enum pdn_result)f->result, black_first(r));
    bool native = convention_native(r, f->convention);
    if (!*noted && (spaced || !native)) {
        *noted = true;
        const char *note = chess_style_note(f, result, spaced);
        if (!note) note = convention_note(r, f, result, spaced, native);
        replay_emit(r, PDN_DIAG_RESULT_CONVENTION, NULL, pos, NULL, text, note);
    }
    return result;
}

static bool decisive(enum pdn_result result)
{
    return result == PDN_RESULT_WHITE_WIN || result == PDN_RESULT_BLACK_WIN;
}

/* How to write a result beside text: as text writes results (2-0, or 1-0
 * as 8x8 files do), else as the variant's files do. */
static enum text_convention spelling_beside(const struct replay *r, const char *text)
{
    const struct text_result *f = result_form(text);
    if (f && (f->convention == TEXT_INTERNATIONAL || f->convention == TEXT_CHESS))
        return (enum text_convention)f->convention;
    return r->variant == PDN_VARIANT_INTERNATIONAL ? TEXT_INTERNATIONAL : TEXT_CHESS;
}

/* The side to move with no legal move at the end has lost. */
static void check_final(struct replay *r, enum pdn_result result, const char *text,
                        const struct pdn_pos *pos)
{
    const struct pdn_board *b = &r->sum->final;
    if (!r->sum->complete || !b->side_known) return;
    enum pdn_result expected =
        b->side == PDN_COLOR_WHITE ? PDN_RESULT_BLACK_WIN : PDN_RESULT_WHITE_WIN;
    /* The moves counted last: a result that the side to move's loss would
     * not contradict (mostly the winner made the last move) needs none. */
    if (!(decisive(result) || result == PDN_RESULT_DRAW) || result == expected) return;
    if (movegen_side_can_step(b) || pdn_movegen_count(b, 0) > 0) return;
    snprintf(
        r->detail, sizeof r->detail, "%s to move has no legal move and loses: %s",
        b->side == PDN_COLOR_WHITE ? "white" : "black",
        text_result_spelling(result_turned(expected, black_first(r)), spelling_beside(r, text)));
    replay_emit(r, PDN_DIAG_RESULT_INCONSISTENT, NULL, pos, NULL, text, r->detail);
}

/* A win after a draw rule had ended the game: the result is inconsistent
 * (RULES.md), as the rule's draw is no claim a player makes; the moves
 * played on after it are only a draw-rule warning (replay.c). */
static void check_drawn(struct replay *r, enum pdn_result result, const char *text,
                        const struct pdn_pos *pos)
{
    if (r->drawn == PDN_DRAW_NONE || !decisive(result)) return;
    snprintf(r->detail, sizeof r->detail, "%s drew the game after %s", pdn_draw_rule_name(r->drawn),
             r->drawn_at);
    replay_emit(r, PDN_DIAG_RESULT_INCONSISTENT, NULL, pos, NULL, text, r->detail);
}

void replay_result_check(struct replay *r)
{
    const pdn_game *g = r->game;
    const struct pdn_tag *tag = r->tag_result;
    bool noted = false;
    enum pdn_result tag_result = PDN_RESULT_NONE, term = result_turned(g->result, black_first(r));
    if (tag) tag_result = read_result(r, tag->value, &tag->pos, &noted);
    if (g->result_text && !game_internal(g)->result_told)
        term = read_result(r, g->result_text, &g->result_pos, &noted);
    const char *term_text = g->result_text ? g->result_text : pdn_result_text(g->result);
    if (tag_result != PDN_RESULT_NONE && term != PDN_RESULT_NONE && tag_result != term) {
        size_t len = 0;
        replay_detail_append(r, &len, "the Result tag says ");
        replay_detail_append(r, &len, tag->value);
        replay_emit(r, PDN_DIAG_RESULT_MISMATCH, NULL, &g->result_pos, NULL, term_text, r->detail);
    }
    /* The terminator when it says something, else the tag. */
    bool use_term = term != PDN_RESULT_NONE && term != PDN_RESULT_UNKNOWN;
    enum pdn_result result = use_term ? term : tag_result;
    if (!use_term && tag_result == PDN_RESULT_NONE) return;
    const char *text = use_term ? term_text : tag->value;
    const struct pdn_pos *pos = use_term ? &g->result_pos : &tag->pos;
    check_final(r, result, text, pos);
    check_drawn(r, result, text, pos);
    /* A tag that disagrees with the terminator is a claim about the same
     * final position: judged too, at the tag. */
    if (use_term && tag_result != PDN_RESULT_NONE && tag_result != PDN_RESULT_UNKNOWN &&
        tag_result != term) {
        check_final(r, tag_result, tag->value, &tag->pos);
        check_drawn(r, tag_result, tag->value, &tag->pos);
    }
}
