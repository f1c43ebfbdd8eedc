/*
 * replay_detail: the detail a finding of the replay gives of an illegal
 * move (why no legal move fits its text) and of the forms a move was
 * written in. Only reached for moves that are reported, never on a game's
 * clean plies: kept apart from replay.c's hot loop.
 */
#include "movegen.h"
#include "replay.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

const char *replay_color_name(int side)
{
    return side == PDN_COLOR_WHITE ? "white" : "black";
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* Names up to three of the captures that were compulsory, in the shortest
 * form, those of the piece the matcher pointed at (from) first. */
static void compulsory_detail(struct replay *r, int from)
{
    size_t len = (size_t)snprintf(r->detail, sizeof r->detail, "a capture is compulsory: ");
    int shown = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < r->legal->count && shown < 3; k++) {
            const struct pdn_move *mv = &r->legal->moves[k];
            if ((mv->from == from) != (pass == 0)) continue;
            char text[PDN_MOVE_TEXT_MAX];
            pdn_move_text(text, mv, r->legal, PDN_CAPTURE_SHORTEST, r->variant);
            len += (size_t)snprintf(r->detail + len, sizeof r->detail - len, "%s%s",
                                    shown ? ", " : "", text);
            shown++;
        }
    }
    if (r->legal->count > shown)
        snprintf(r->detail + len, sizeof r->detail - len, " (%d in all)", r->legal->count);
}

/*
 * The first algebraic square of a move text that is none of the board's
 * dark squares ("c4", "a9"): the matcher numbers it 0, so the text says
 * which it was. False when the text has none.
 */
static bool written_off_square(char out[PDN_SQUARE_TEXT_MAX], const char *text,
                               enum pdn_variant variant)
{
    for (const char *p = text; *p; p++) {
        bool starts =
            *p >= 'a' && *p <= 'j' && (p == text || !text_ascii_letter((unsigned char)p[-1]));
        size_t n = 1;
        while (starts && n < PDN_SQUARE_TEXT_MAX - 1 && text_digit((unsigned char)p[n]))
            n++;
        if (!starts || n == 1) continue;
        memcpy(out, p, n);
        out[n] = '\0';
        if (pdn_square_from_name(variant, out) == 0) return true;
    }
    return false;
}

void replay_illegal_detail(struct replay *r, const struct pdn_board *board,
                           const struct pdn_match *m, const char *text)
{
    char *d = r->detail;
    size_t cap = sizeof r->detail;
    char square[PDN_SQUARE_TEXT_MAX]; /* m->square as the variant writes squares */
    enum pdn_variant variant = (enum pdn_variant)board->variant;
    pdn_square_text(square, variant, m->square);
    if (m->reason == PDN_ILLEGAL_BAD_SQUARE && m->square == 0 &&
        written_off_square(square, text, variant)) {
        snprintf(d, cap, "there is no dark square %s", square);
        return;
    }
    switch (m->reason) {
    case PDN_ILLEGAL_EMPTY_SQUARE:
        snprintf(d, cap, "square %s is empty", square);
        break;
    case PDN_ILLEGAL_OPPONENT_PIECE:
        snprintf(d, cap, "square %s holds a %s piece and %s is to move", square,
                 replay_color_name(!board->side), replay_color_name(board->side));
        break;
    case PDN_ILLEGAL_CAPTURE_COMPULSORY:
        compulsory_detail(r, m->square);
        break;
    case PDN_ILLEGAL_NOT_MAXIMUM:
        snprintf(d, cap, "not the maximum capture: %d piece%s can be taken, this takes %d",
                 m->max_taken, plural(m->max_taken), m->taken);
        break;
    case PDN_ILLEGAL_BACKWARD:
        snprintf(d, cap, "a man cannot move backwards");
        break;
    case PDN_ILLEGAL_OCCUPIED:
        snprintf(d, cap, "square %s is occupied", square);
        break;
    case PDN_ILLEGAL_NO_SUCH_CAPTURE:
        snprintf(d, cap, "no such capture");
        break;
    case PDN_ILLEGAL_NOT_REACHABLE:
        snprintf(d, cap, "the piece cannot go there");
        break;
    case PDN_ILLEGAL_BAD_SQUARE:
        snprintf(d, cap, "there is no square %s", square);
        break;
    default:
        snprintf(d, cap, "no legal move fits");
        break;
    }
}

static const char *const form_names[] = {
    "zero-padded squares",      "no separator",
    "':' as capture separator", "spaces inside the move",
    "capture hop by hop",       "captured squares named",
    "'x' in a quiet move",      "capture written with '-'",
    "partial capture path",     "non-ASCII dash",
};

void replay_forms_detail(struct replay *r, unsigned forms)
{
    size_t len = 0;
    r->detail[0] = '\0';
    for (unsigned k = 0; k < sizeof form_names / sizeof form_names[0]; k++) {
        if (!(forms & (1u << k))) continue;
        int w = snprintf(r->detail + len, sizeof r->detail - len, "%s%s", len ? ", " : "",
                         form_names[k]);
        if (w > 0) len += (size_t)w;
    }
}
