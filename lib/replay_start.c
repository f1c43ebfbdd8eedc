/*
 * replay_start: where the replay of a game starts. The tags that decide it
 * (GameType, FEN), the Date tag, and FENs of tags and setups alike, checked
 * for what no game can reach; who moves when the FEN says '?' is the first
 * move's (replay_side.c). Reports through replay_report.c; must not print,
 * allocate or replay moves.
 */
#include "bits.h"
#include "replay.h"
#include "fen.h"
#include "game.h"
#include "tag_synonym.h"
#include "geometry.h"
#include "variant.h"
#include "date.h"
#include "date_orders.h"

#include <stdio.h>
#include <string.h>

/* Where a tag of this name is remembered, NULL for the others. By the first
 * letter first: four strcmp on every tag of every game were 1% of pdncheck. */
static inline const struct pdn_tag **tag_slot(struct replay *r, const char *name)
{
    switch (name[0]) {
    case 'R':
        return strcmp(name, "Result") == 0 ? &r->tag_result : NULL;
    case 'F':
        return strcmp(name, "FEN") == 0 ? &r->tag_fen : NULL;
    case 'G':
        return strcmp(name, "GameType") == 0 ? &r->tag_gametype : NULL;
    }
    return NULL;
}

/* A Date tag's value: an empty one says no more than an absent one. One
 * whose day and month could be swapped is said with the reading the other
 * dates of its event or file settle, when the caller knows them, as
 * pdn_format_game's fix writes it. */
static inline void check_date(struct replay *r, const struct pdn_tag *t)
{
    if (!t->value[0] || date_ok(t->value)) return;
    const pdn_date_orders *orders = r->opt->version >= 3 ? r->opt->date_orders : NULL;
    char detail[DATE_DETAIL_SIZE];
    replay_emit(r, PDN_DIAG_BAD_DATE, NULL, &t->pos, NULL, t->value,
                date_orders_expected(detail, orders, r->game, t->value));
}

/* The tags of another language, or of a standard name in another case,
 * read as standard ones (Bianco as White, Fen as FEN, the game having no
 * White or FEN): a note each, at the tag. A Result, FEN or GameType read
 * so is the one the replay goes by, a Date the one checked. */
static void read_synonyms(struct replay *r)
{
    struct tag_synonym_read read[TAG_SYNONYM_MAX];
    size_t n = tag_synonyms_read(read, r->game);
    for (size_t i = 0; i < n; i++) {
        const struct pdn_tag *t = read[i].tag;
        const struct pdn_tag **slot = tag_slot(r, read[i].standard);
        if (slot && !*slot) *slot = t;
        bool case_only = tag_synonym_case_only(t->name, read[i].standard);
        snprintf(r->detail, sizeof r->detail, "read as %s", read[i].standard);
        replay_emit(r, case_only ? PDN_DIAG_TAG_CASE : PDN_DIAG_TAG_SYNONYM, NULL, &t->pos, NULL,
                    t->name, r->detail);
        if (strcmp(read[i].standard, "Date") == 0) check_date(r, t);
    }
}

/* One pass over the tags: the Date ones are checked, the others that
 * matter here are remembered (the first of each name counts). */
static void walk_tags(struct replay *r)
{
    r->tag_result = r->tag_fen = r->tag_gametype = NULL;
    for (uint32_t i = 0; i < r->game->ntags; i++) {
        const struct pdn_tag *t = &r->game->tags[i];
        if (!t->name || !t->value) continue;
        const struct pdn_tag **slot = tag_slot(r, t->name);
        if (slot && !*slot) *slot = t;
        if (t->name[0] == 'D' && strcmp(t->name, "Date") == 0) check_date(r, t);
    }
}

/* The tags walk_tags finds, as the parser noted them: a game of one Date
 * at most (most are) needs no walk. */
static void scan_tags(struct replay *r)
{
    const pdn_game *g = r->game;
    if (game_tag_again(g, TAG_DATE)) {
        walk_tags(r);
    } else {
        r->tag_result = game_tag_standard(g, TAG_RESULT);
        r->tag_fen = game_tag_standard(g, TAG_FEN);
        r->tag_gametype = game_tag_standard(g, TAG_GAMETYPE);
        const struct pdn_tag *date = game_tag_standard(g, TAG_DATE);
        if (date) check_date(r, date);
    }
    read_synonyms(r);
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

static const char *gametype_name(int type)
{
    for (size_t i = 0; i < sizeof gametype_names / sizeof gametype_names[0]; i++)
        if (gametype_names[i].type == type) return gametype_names[i].name;
    return NULL;
}

/* Once per file for a type (the reader marks the games after the first);
 * a value that is no number, every time. */
static void report_gametype(struct replay *r, const struct pdn_tag *t, int type)
{
    if (game_internal(r->game)->gametype_repeated && type > 0) return;
    const char *name = type < 0 ? "not a GameType number" : gametype_name(type);
    if (!name) name = "an unknown game type";
    const pdn_game *g = r->game;
    const struct pdn_game_internal *in = game_internal(g);
    const char *which = t                                               ? ""
                        : g->variant_source == PDN_VARIANT_FROM_OPTION  ? " (no GameType tag: "
                                                                          "the variant option)"
                        : g->variant_source == PDN_VARIANT_FROM_CONTENT ? " (no GameType tag: "
                                                                          "inferred from "
                                                                        : " (no GameType tag: "
                                                                          "as the file's games";
    bool clue = !t && g->variant_source == PDN_VARIANT_FROM_CONTENT && in->variant_clue;
    snprintf(r->detail, sizeof r->detail, "%s; the moves are not checked%s%s%s", name, which,
             clue ? in->variant_clue : "",
             !t && *which && which[strlen(which) - 1] != ')' ? ")" : "");
    char number[16];
    snprintf(number, sizeof number, "%d", type);
    replay_emit(r, PDN_DIAG_UNSUPPORTED_GAMETYPE, NULL, t ? &t->pos : &r->game->start, NULL,
                t ? t->value : number, r->detail);
}

/* The board of a GameType: 8 for the 8x8 family, 10 or 12 for the others. */
static int board_size(int type)
{
    enum pdn_variant v;
    if (pdn_variant_from_gametype(&v, type)) return pdn_rules_get(v)->width;
    return type == 27 ? 12 : type == 20 || type == 40 || type == 41 ? 10 : 8;
}

/* A tag whose board the game's own clues contradict: a warning, the tag
 * wins. A weak clue (a FEN of squares 1-32 and a 1-0 style result) is a
 * guess that both boards hold: it contradicts the tag only when the moves
 * are illegal under the tag's variant (a 10x10 study on the low squares,
 * tagged 20, is no 8x8 game). */
static void check_tag_against_moves(struct replay *r, int type)
{
    const pdn_game *g = r->game;
    const struct pdn_game_internal *in = game_internal(g);
    if (type <= 0 || in->clue_gametype <= 0 || board_size(type) == board_size(in->clue_gametype))
        return;
    if (in->clue_weak && replay_probe(g, r->variant)) return;
    snprintf(r->detail, sizeof r->detail, "the moves read as %dx%d (%s); played as GameType %d",
             board_size(in->clue_gametype), board_size(in->clue_gametype),
             in->variant_clue ? in->variant_clue : "?", type);
    const struct pdn_tag *t = r->tag_gametype;
    replay_emit(r, PDN_DIAG_GAMETYPE_MISMATCH, NULL, &t->pos, NULL, t->value, r->detail);
}

/* The names of the variants of a mask of bits (1u << enum pdn_variant), the
 * most common first: "russian", "russian and brazilian", "russian,
 * brazilian or czech" (last: the word before the last). */
static void append_variants(struct replay *r, size_t *len, unsigned mask, const char *last)
{
    int left = bits_count(mask);
    for (int i = 0; i < PDN_VARIANT_COUNT; i++) {
        enum pdn_variant v = variant_common_order[i];
        if (!(mask & (1u << v))) continue;
        replay_detail_append(r, len, pdn_rules_get(v)->name);
        left--;
        replay_detail_append(r, len, left > 1 ? ", " : left == 1 ? last : "");
    }
}

/* What the moves said of the variants the clues left (the game's
 * variant_candidates, variant_tried, variant_legal). */
static void append_moves_verdict(struct replay *r, size_t *len)
{
    const pdn_game *g = r->game;
    const struct pdn_game_internal *in = game_internal(g);
    char told[96] = "";
    if (in->variant_told_by)
        snprintf(told, sizeof told, ", as game %zu, the next whose variant is certain",
                 in->variant_told_by);
    const char *chooser = in->variant_told_by                          ? told
                          : g->variant_source == PDN_VARIANT_FROM_FILE ? ", as most of the file's "
                                                                         "games so far"
                                                                       : ", the most common taken";
    if (!in->variant_tried) {
        replay_detail_append(r, len, "; no moves to tell ");
        append_variants(r, len, in->variant_candidates, " and ");
        replay_detail_append(r, len, " apart");
        replay_detail_append(r, len, chooser);
    } else if (!in->variant_legal) {
        replay_detail_append(r, len, "; its moves are legal under none of ");
        append_variants(r, len, in->variant_tried, " or ");
        replay_detail_append(r, len, " rules");
    } else if (bits_count(in->variant_legal) == 1 && in->variant_tried == in->variant_candidates) {
        replay_detail_append(r, len, "; its moves are legal only under ");
        append_variants(r, len, in->variant_legal, "");
        replay_detail_append(r, len, " rules");
    } else {
        replay_detail_append(r, len, "; its moves are legal under ");
        append_variants(r, len, in->variant_legal, " and ");
        replay_detail_append(r, len, " rules");
        if (in->variant_tried & ~in->variant_legal) { /* refused: as much said as the others */
            replay_detail_append(r, len, ", not ");
            append_variants(r, len, in->variant_tried & ~in->variant_legal, " or ");
        }
        if (in->variant_tried != in->variant_candidates) { /* two legal: enough to choose */
            replay_detail_append(r, len, " (");
            append_variants(r, len, in->variant_candidates & ~in->variant_tried, " and ");
            replay_detail_append(r, len, " not tried)");
        }
        replay_detail_append(r, len, chooser);
    }
    replay_detail_append(r, len, "; --variant to choose");
}

/* The note on a variant the tag did not give: what decided it. Not for
 * international draughts, the default, which needs no saying. */
static void note_inferred(struct replay *r)
{
    const pdn_game *g = r->game;
    const struct pdn_game_internal *in = game_internal(g);
    if (in->variant_candidates) { /* the clues left several: the moves chose */
        const struct pdn_rules *rules = pdn_rules_get(r->variant);
        snprintf(r->detail, sizeof r->detail, "%s (GameType %d): %s", rules->name, rules->gametype,
                 in->variant_clue ? in->variant_clue : "its clues");
        size_t len = strlen(r->detail);
        append_moves_verdict(r, &len);
        replay_emit(r, PDN_DIAG_VARIANT_INFERRED, NULL, &g->start, NULL, NULL, r->detail);
        return;
    }
    if (g->variant_source == PDN_VARIANT_FROM_DEFAULT && in->variant_clue) {
        snprintf(r->detail, sizeof r->detail, "international (GameType 20), the default: %s",
                 in->variant_clue); /* clues that contradict each other */
        replay_emit(r, PDN_DIAG_VARIANT_INFERRED, NULL, &g->start, NULL, NULL, r->detail);
        return;
    }
    if (r->variant == PDN_VARIANT_INTERNATIONAL) return;
    const struct pdn_rules *rules = pdn_rules_get(r->variant);
    const char *why = g->variant_source == PDN_VARIANT_FROM_OPTION ? "as the option says"
                      : g->variant_source == PDN_VARIANT_FROM_FILE
                          ? "no decisive clue of its own; as most of the file's games so far"
                          : in->variant_clue;
    snprintf(r->detail, sizeof r->detail, "%s (GameType %d): %s", rules->name, rules->gametype,
             why);
    replay_emit(r, PDN_DIAG_VARIANT_INFERRED, NULL, &g->start, NULL, NULL, r->detail);
}

/* "20" or "20,W,10,10,N2,0": only the type number matters here. Without a
 * tag, the type the reader decided (pdn_game.gametype). */
static bool read_gametype(struct replay *r)
{
    const struct pdn_tag *t = r->tag_gametype;
    int type = -1;
    if (t) {
        type = gametype_tag_number(t->value, strlen(t->value));
    } else if (r->game->variant_source == PDN_VARIANT_FROM_DEFAULT || r->game->gametype <= 0) {
        note_inferred(r);
        return true;
    } else {
        type = r->game->gametype;
    }
    if (type < 0 || !pdn_variant_from_gametype(&r->variant, type)) {
        report_gametype(r, t, type);
        return false;
    }
    if (t)
        check_tag_against_moves(r, type);
    else
        note_inferred(r);
    return true;
}

/* ---- FEN ------------------------------------------------------------------------ */

/* lidraughts' ":F<n>" gives the move number, read as the writers read it
 * (fen_start); without it the first number written in the line is taken. */
static struct turn fen_turn(const char *fen)
{
    uint32_t number = fen_start(fen).number;
    return number ? (struct turn){number, true} : (struct turn){1, false};
}

/* The man on its crowning row met first going from each side's end of the
 * board (square 1 for White, the last for Black, White's first at the same
 * distance): its square, or 0 for none. From the bitboards: the squares
 * one by one cost a FEN of the check corpus more than reading it. */
static int crowned_man(const struct pdn_board *b, bool *white)
{
    const struct geometry *g = geometry_get((enum pdn_variant)b->variant);
    uint64_t men = ~b->kings;
    uint64_t w = b->pieces[PDN_COLOR_WHITE] & men & g->promotion[PDN_COLOR_WHITE];
    uint64_t k = b->pieces[PDN_COLOR_BLACK] & men & g->promotion[PDN_COLOR_BLACK];
    int best = 0, square = 0;
    for (; w; w &= w - 1) {
        int s = g->square_of[__builtin_ctzll(w)];
        if (!best || s < best) best = square = s, *white = true;
    }
    for (; k; k &= k - 1) {
        int s = g->square_of[__builtin_ctzll(k)], distance = g->squares + 1 - s;
        if (!best || distance < best) best = distance, square = s, *white = false;
    }
    return square;
}

/* A man on the row where it would have been crowned, or more pieces than a
 * side starts with: no game reaches that. Writes why into detail[cap]. */
static bool impossible_why(const struct pdn_board *b, char *detail, size_t cap)
{
    const struct pdn_rules *rules = pdn_rules_get((enum pdn_variant)b->variant);
    int most = rules->width / 2 * (rules->height - 2) / 2;
    char square[PDN_SQUARE_TEXT_MAX];
    bool white = false;
    int crowned = crowned_man(b, &white);
    if (crowned) {
        pdn_square_text(square, (enum pdn_variant)b->variant, crowned);
        snprintf(detail, cap, "%s man on square %s, its crowning row", white ? "white" : "black",
                 square);
        return true;
    }
    for (int c = 0; c < 2; c++) {
        int count = bits_count(b->pieces[c]);
        if (count <= most) continue;
        snprintf(detail, cap, "%d %s pieces, more than %d", count,
                 c == PDN_COLOR_WHITE ? "white" : "black", most);
        return true;
    }
    return false;
}

static bool impossible(struct replay *r, const struct pdn_board *b)
{
    return impossible_why(b, r->detail, sizeof r->detail);
}

bool replay_start_possible(const pdn_game *game, enum pdn_variant variant)
{
    const char *fen = pdn_game_tag(game, "FEN");
    struct pdn_board b;
    if (fen == NULL) return true;
    return pdn_board_from_fen(&b, variant, fen, NULL) == PDN_OK && !impossible_why(&b, NULL, 0);
}

bool replay_start_fen(struct replay *r, struct pdn_board *out, struct turn *turn, const char *fen,
                      const struct pdn_pos *pos)
{
    struct pdn_fen_error err;
    if (pdn_board_from_fen(out, r->variant, fen, &err) != PDN_OK) {
        snprintf(r->detail, sizeof r->detail, "%s at character %zu",
                 pdn_fen_status_message(err.status), err.offset + 1);
        replay_emit(r, PDN_DIAG_BAD_FEN, NULL, pos, NULL, fen, r->detail);
        return false;
    }
    /* An impossible position still replays: the moves may be checked. */
    if (impossible(r, out))
        replay_emit(r, PDN_DIAG_IMPOSSIBLE_FEN, NULL, pos, NULL, fen, r->detail);
    *turn = fen_turn(fen);
    return true;
}

bool replay_start(struct replay *r)
{
    scan_tags(r);
    if (!read_gametype(r)) return false;
    const struct pdn_rules *rules = pdn_rules_get(r->variant);
    r->first_side = rules->black_moves_first ? PDN_COLOR_BLACK : PDN_COLOR_WHITE;
    const struct pdn_tag *fen = r->tag_fen;
    if (fen) {
        if (!replay_start_fen(r, &r->start, &r->start_turn, fen->value, &fen->pos)) return false;
        /* A side not given ('?'): the first move's, unless a setup comes
         * first (the replay decides it there) */
        const struct pdn_line *main = &r->game->main;
        if (!r->start.side_known && main->nmoves > 0 && !pdn_annotations_of(&main->moves[0])->setup)
            replay_resolve_side(r, &main->moves[0], &r->start);
        /* No number in the FEN: the numbers written on the main line give it,
         * counted back from that side, as they give it to the writer */
        bool second = r->start.side_known && r->start.side != r->first_side;
        if (!r->start_turn.known)
            r->start_turn = (struct turn){game_line_first_number(&r->game->main, second), true};
        return true;
    }
    pdn_board_init(&r->start, r->variant);
    r->start_turn = (struct turn){1, true};
    return true;
}
