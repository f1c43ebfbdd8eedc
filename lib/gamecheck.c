/*
 * Game-level checks of the validator: the tags that decide where replay
 * starts (GameType, FEN), the Date tag, and the result (Result tag,
 * terminator and the final main-line position, draw rules included).
 * Reports through replay_emit; must not print, allocate or replay moves.
 */
#include "replay.h"

#include <stdio.h>
#include <string.h>

/* ---- Date -------------------------------------------------------------------- */

/* A two-digit field of a date: in range when both digits are known. */
static bool date_field_ok(const char *p, int max)
{
    if (p[0] == '?' || p[1] == '?') return true;
    int v = (p[0] - '0') * 10 + (p[1] - '0');
    return v >= 1 && v <= max;
}

/* YYYY.MM.DD, any digit may be '?'. */
static bool date_ok(const char *v)
{
    if (strlen(v) != 10) return false;
    for (int i = 0; i < 10; i++) {
        bool dot = i == 4 || i == 7;
        if (dot ? v[i] != '.' : !(v[i] == '?' || (v[i] >= '0' && v[i] <= '9'))) return false;
    }
    return date_field_ok(v + 5, 12) && date_field_ok(v + 8, 31);
}

/* One pass over the tags: the Date ones are checked (an empty one says no
 * more than an absent one), the others that matter here are remembered (the
 * first of each name counts). */
static void scan_tags(struct replay *r)
{
    r->tag_result = r->tag_fen = r->tag_gametype = NULL;
    for (uint32_t i = 0; i < r->game->ntags; i++) {
        const struct pdn_tag *t = &r->game->tags[i];
        if (!t->name || !t->value) continue;
        const struct pdn_tag **slot = NULL;
        if (strcmp(t->name, "Result") == 0)
            slot = &r->tag_result;
        else if (strcmp(t->name, "FEN") == 0)
            slot = &r->tag_fen;
        else if (strcmp(t->name, "GameType") == 0)
            slot = &r->tag_gametype;
        else if (strcmp(t->name, "Date") == 0 && t->value[0] && !date_ok(t->value))
            replay_emit(r, PDN_D_BAD_DATE, &t->pos, NULL, t->value,
                        "expected YYYY.MM.DD, '?' for unknown digits");
        if (slot && !*slot) *slot = t;
    }
}

/* ---- GameType ------------------------------------------------------------------ */

static const struct {
    int type;
    const char *name;
} gametype_names[] = {
    {22, "Italian draughts"},  {23, "American pool checkers"}, {24, "Spanish draughts"},
    {27, "Canadian draughts"}, {28, "Portuguese draughts"},    {29, "Czech draughts"},
    {30, "Turkish draughts"},  {31, "Thai draughts"},          {40, "Frisian draughts"},
    {41, "Spantsiretti"},
};

static void report_gametype(struct replay *r, const struct pdn_tag *t, int type)
{
    const char *name = type < 0 ? "not a GameType number" : "an unknown game type";
    for (size_t i = 0; i < sizeof gametype_names / sizeof gametype_names[0]; i++)
        if (gametype_names[i].type == type) name = gametype_names[i].name;
    snprintf(r->detail, sizeof r->detail, "%s; the moves are not checked", name);
    replay_emit(r, PDN_D_UNSUPPORTED_GAMETYPE, &t->pos, NULL, t->value, r->detail);
}

/* "20" or "20,W,10,10,N2,0": only the type number matters here. */
static bool read_gametype(struct replay *r)
{
    const struct pdn_tag *t = r->tag_gametype;
    if (!t) return true;
    const char *p = t->value;
    while (*p == ' ' || *p == '\t')
        p++;
    int type = -1;
    for (int digits = 0; *p >= '0' && *p <= '9' && digits < 6; p++, digits++)
        type = (type < 0 ? 0 : type * 10) + (*p - '0');
    int variant = type < 0 ? -1 : pdn_variant_from_gametype(type);
    if (variant < 0) {
        report_gametype(r, t, type);
        return false;
    }
    r->variant = (enum pdn_variant)variant;
    return true;
}

/* ---- FEN ------------------------------------------------------------------------ */

/* lidraughts' ":F<n>" gives the move number; without it the first number
 * written in the line is taken. */
static struct turn fen_turn(const char *fen)
{
    struct turn turn = {1, false};
    for (const char *p = strchr(fen, ':'); p; p = strchr(p + 1, ':')) {
        if ((p[1] != 'F' && p[1] != 'f') || p[2] < '0' || p[2] > '9') continue;
        uint32_t n = 0;
        for (const char *q = p + 2; *q >= '0' && *q <= '9' && n < 100000; q++)
            n = n * 10 + (uint32_t)(*q - '0');
        if (n > 0) turn = (struct turn){n, true};
    }
    return turn;
}

/* A man on the row where it would have been crowned, or more pieces than a
 * side starts with: no game reaches that. Writes why into r->detail. */
static bool impossible(struct replay *r, const struct pdn_board *b)
{
    const struct pdn_rules *rules = pdn_rules_get((enum pdn_variant)b->variant);
    int n = pdn_board_squares(b), per_row = rules->width / 2;
    int most = per_row * (rules->height - 2) / 2;
    for (int s = 1; s <= per_row; s++) {
        if (pdn_board_get(b, s) == PDN_WHITE_MAN) {
            snprintf(r->detail, sizeof r->detail, "white man on square %d, its crowning row", s);
            return true;
        }
        if (pdn_board_get(b, n + 1 - s) == PDN_BLACK_MAN) {
            snprintf(r->detail, sizeof r->detail, "black man on square %d, its crowning row",
                     n + 1 - s);
            return true;
        }
    }
    for (int c = 0; c < 2; c++) {
        int count = __builtin_popcountll(b->pieces[c]);
        if (count <= most) continue;
        snprintf(r->detail, sizeof r->detail, "%d %s pieces, more than %d", count,
                 c == PDN_WHITE ? "white" : "black", most);
        return true;
    }
    return false;
}

bool gamecheck_fen(struct replay *r, struct pdn_board *out, struct turn *turn, const char *fen,
                   const struct pdn_pos *pos)
{
    struct pdn_fen_error err;
    if (pdn_board_from_fen(out, r->variant, fen, &err) != PDN_OK) {
        snprintf(r->detail, sizeof r->detail, "%s at character %zu", pdn_fen_strerror(err.status),
                 err.offset + 1);
        replay_emit(r, PDN_D_BAD_FEN, pos, NULL, fen, r->detail);
        return false;
    }
    /* An impossible position still replays: the moves may be checked. */
    if (impossible(r, out)) replay_emit(r, PDN_D_IMPOSSIBLE_FEN, pos, NULL, fen, r->detail);
    *turn = fen_turn(fen);
    return true;
}

bool gamecheck_start(struct replay *r)
{
    scan_tags(r);
    if (!read_gametype(r)) return false;
    const struct pdn_rules *rules = pdn_rules_get(r->variant);
    r->first_side = rules->black_moves_first ? PDN_BLACK : PDN_WHITE;
    const struct pdn_tag *fen = r->tag_fen;
    if (fen) return gamecheck_fen(r, &r->start, &r->start_turn, fen->value, &fen->pos);
    pdn_board_init(&r->start, r->variant);
    r->start_turn = (struct turn){1, true};
    return true;
}

/* ---- Results -------------------------------------------------------------------- */

enum convention { CONV_INTERNATIONAL, CONV_CHESS, CONV_LENIENT };

static const struct {
    const char *text;
    enum pdn_result result;
    enum convention convention;
} result_forms[] = {
    {"2-0", PDN_RESULT_WHITE_WIN, CONV_INTERNATIONAL},
    {"0-2", PDN_RESULT_BLACK_WIN, CONV_INTERNATIONAL},
    {"1-1", PDN_RESULT_DRAW, CONV_INTERNATIONAL},
    {"0-0", PDN_RESULT_BOTH_LOST, CONV_INTERNATIONAL},
    {"*", PDN_RESULT_UNKNOWN, CONV_INTERNATIONAL},
    {"1-0", PDN_RESULT_WHITE_WIN, CONV_CHESS},
    {"0-1", PDN_RESULT_BLACK_WIN, CONV_CHESS},
    {"1/2-1/2", PDN_RESULT_DRAW, CONV_CHESS},
    {"\xc2\xbd-\xc2\xbd", PDN_RESULT_DRAW, CONV_LENIENT}, /* ½-½ */
    {"0.5-0.5", PDN_RESULT_DRAW, CONV_LENIENT},
};

enum { NO_FORM = -1 };

/* The row of result_forms a text is, blanks around it ignored; NO_FORM if none. */
static int result_form(const char *text)
{
    while (*text == ' ' || *text == '\t')
        text++;
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    for (int i = 0; i < (int)(sizeof result_forms / sizeof result_forms[0]); i++)
        if (strlen(result_forms[i].text) == len && memcmp(result_forms[i].text, text, len) == 0)
            return i;
    return NO_FORM;
}

/* International results count game points; 8x8 files commonly count chess
 * style, which is their convention, not a finding. */
static bool convention_native(const struct replay *r, enum convention c)
{
    if (c == CONV_INTERNATIONAL) return true;
    return c == CONV_CHESS && r->variant != PDN_INTERNATIONAL;
}

/* Reads a result text; reports an unknown one and, once per game, a
 * non-international convention. */
static enum pdn_result read_result(struct replay *r, const char *text, const struct pdn_pos *pos,
                                   bool *noted)
{
    int f = result_form(text);
    if (f == NO_FORM) {
        replay_emit(r, PDN_D_UNKNOWN_RESULT, pos, NULL, text, "read as '*'");
        return PDN_RESULT_UNKNOWN;
    }
    enum convention c = result_forms[f].convention;
    if (!*noted && !convention_native(r, c)) {
        *noted = true;
        snprintf(r->detail, sizeof r->detail, "%s, %s in the international form",
                 c == CONV_CHESS ? "chess style" : "lenient form",
                 pdn_result_text(result_forms[f].result));
        replay_emit(r, PDN_D_RESULT_CONVENTION, pos, NULL, text, r->detail);
    }
    return result_forms[f].result;
}

static bool decisive(enum pdn_result result)
{
    return result == PDN_RESULT_WHITE_WIN || result == PDN_RESULT_BLACK_WIN;
}

/* The side to move with no legal move at the end has lost. */
static void check_final(struct replay *r, enum pdn_result result, const char *text,
                        const struct pdn_pos *pos)
{
    const struct pdn_board *b = &r->sum->final;
    if (!r->sum->complete || !b->side_known || pdn_movegen_count(b) > 0) return;
    enum pdn_result expected = b->side == PDN_WHITE ? PDN_RESULT_BLACK_WIN : PDN_RESULT_WHITE_WIN;
    if (!(decisive(result) || result == PDN_RESULT_DRAW) || result == expected) return;
    snprintf(r->detail, sizeof r->detail, "%s to move has no legal move and loses: %s",
             b->side == PDN_WHITE ? "white" : "black", pdn_result_text(expected));
    replay_emit(r, PDN_D_RESULT_INCONSISTENT, pos, NULL, text, r->detail);
}

static void check_drawn(struct replay *r, enum pdn_result result, const char *text,
                        const struct pdn_pos *pos)
{
    if (r->drawn == DRAW_NONE || !decisive(result)) return;
    snprintf(r->detail, sizeof r->detail, "%s drew the game after %s", draw_rule_name(r->drawn),
             r->drawn_at);
    replay_emit(r, PDN_D_DRAW_RULE, pos, NULL, text, r->detail);
}

void gamecheck_result(struct replay *r)
{
    const pdn_game *g = r->game;
    const struct pdn_tag *tag = r->tag_result;
    bool noted = false;
    enum pdn_result tag_result = PDN_RESULT_NONE, term = g->result;
    if (tag) tag_result = read_result(r, tag->value, &tag->pos, &noted);
    if (g->result_text) term = read_result(r, g->result_text, &g->result_pos, &noted);
    const char *term_text = g->result_text ? g->result_text : pdn_result_text(term);
    if (tag_result != PDN_RESULT_NONE && term != PDN_RESULT_NONE && tag_result != term) {
        snprintf(r->detail, sizeof r->detail, "the tag says %s", tag->value);
        replay_emit(r, PDN_D_RESULT_MISMATCH, &g->result_pos, NULL, term_text, r->detail);
    }
    /* The terminator when it says something, else the tag. */
    bool use_term = term != PDN_RESULT_NONE && term != PDN_RESULT_UNKNOWN;
    enum pdn_result result = use_term ? term : tag_result;
    if (!use_term && tag_result == PDN_RESULT_NONE) return;
    const char *text = use_term ? term_text : tag->value;
    const struct pdn_pos *pos = use_term ? &g->result_pos : &tag->pos;
    check_final(r, result, text, pos);
    check_drawn(r, result, text, pos);
}
