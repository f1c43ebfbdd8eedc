/*
 * game: freeing a game, whether it is a trailer, tag look-up (tag_synonym.c's, which reads a
 * Bianco tag as White) and the public face of the result
 * spellings (their table is text.c's).
 *
 * The game itself is built by the parser in its own arena (game.h); this
 * module knows nothing about reading or writing text.
 */
#include "game.h"
#include "decimal.h"
#include "fen.h"
#include "tag_synonym.h"
#include "text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void pdn_game_free(pdn_game *game)
{
    if (!game) return;
    struct game_box *box = game_box_of(game);
    if (box->work && box->work_free) box->work_free(box->work);
    arena_free(box->arena);
}

void *pdn_game_work(const pdn_game *game)
{
    /* a game made by hand (no internal) has no box around it to read */
    return game && game->internal ? game_box_of(game)->work : NULL;
}

bool pdn_game_is_trailer(const pdn_game *game)
{
    return game && game_internal(game)->trailer;
}

const struct pdn_tag *game_tag_standard(const pdn_game *game, enum tag_standard s)
{
    if (!game_tags_noted(game)) return tag_exact_in(game->tags, game->ntags, tag_standard_name(s));
    uint32_t i = game->internal->first_tag[s];
    return i && i <= game->ntags ? &game->tags[i - 1] : NULL;
}

const char *pdn_game_tag(const pdn_game *game, const char *name)
{
    if (!game || !name) return NULL;
    /* A standard name, what the tools mostly ask: as the parser noted it. */
    int s = tag_standard_index_n(name, strlen(name));
    const struct pdn_tag *t = s >= 0 ? game_tag_standard(game, (enum tag_standard)s)
                                     : tag_exact_in(game->tags, game->ntags, name);
    if (!t) t = tag_synonym_find(game, name);
    return t ? t->value : NULL;
}

const char *pdn_game_date(const pdn_game *game)
{
    /* lidraughts' broadcasts write the day a game began as UTCDate and no
     * Date: the only date their files hold. A Date, even one that says
     * nothing ("????.??.??"), is the file's word and wins. */
    const char *date = pdn_game_tag(game, "Date");
    return date ? date : pdn_game_tag(game, "UTCDate");
}

int gametype_tag_number(const char *v, size_t len)
{
    size_t i = 0;
    while (i < len && (v[i] == ' ' || v[i] == '\t'))
        i++;
    int type = -1;
    for (int digits = 0; i < len && v[i] >= '0' && v[i] <= '9' && digits < 6; i++, digits++)
        type = (type < 0 ? 0 : type * 10) + (v[i] - '0');
    return type;
}

bool gametype_black_opens(long n)
{
    enum pdn_variant v;
    return n > 0 && n < 100 && pdn_variant_from_gametype(&v, (int)n) &&
           pdn_rules_get(v)->black_moves_first;
}

enum pdn_result result_turned(enum pdn_result r, bool black_opens)
{
    if (!black_opens) return r;
    return r == PDN_RESULT_WHITE_WIN   ? PDN_RESULT_BLACK_WIN
           : r == PDN_RESULT_BLACK_WIN ? PDN_RESULT_WHITE_WIN
                                       : r;
}

enum pdn_result pdn_result_sides(enum pdn_result result, int gametype)
{
    return result_turned(result, gametype_black_opens(gametype));
}

bool game_black_opens(const pdn_game *game)
{
    const char *type = pdn_game_tag(game, "GameType");
    return gametype_black_opens(type ? strtol(type, NULL, 10) : game->gametype);
}

int game_untagged_type(const pdn_game *game)
{
    return game->gametype > 0 ? game->gametype : 20;
}

const char *game_start_gametype(const pdn_game *game, char number[GAMETYPE_TEXT_SIZE])
{
    const struct pdn_tag *type = tag_start_synonym(game, "GameType");
    if (type) return type->value;
    if (tag_named(game, "GameType")) return NULL;
    *decimal_text(number, (unsigned)game_untagged_type(game)) = '\0';
    return number;
}

bool game_sets_up(const char *setup)
{
    return setup && !text_blanks_only(setup);
}

uint32_t game_line_number_from(const struct pdn_line *line, uint32_t from, bool second)
{
    uint32_t pairs_after_first = 0; /* pairs begun since the first ply */
    for (uint32_t i = from; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        if (i > from && game_sets_up(pdn_annotations_of(node)->setup))
            return 0; /* the count starts again there */
        if (node->number)
            return node->number > pairs_after_first ? node->number - pairs_after_first : 1;
        if (game_holds_place(node, second)) continue;
        pairs_after_first += second && pairs_after_first < UINT32_MAX;
        second = !second;
    }
    return 0;
}

uint32_t game_line_first_number(const struct pdn_line *line, bool second)
{
    if (line->nmoves > 0 && game_sets_up(pdn_annotations_of(&line->moves[0])->setup)) return 1;
    uint32_t number = game_line_number_from(line, 0, second);
    return number ? number : 1;
}

/* The first number from a FEN tag read (st): its ":F", else counted back. */
static uint32_t first_number(const pdn_game *game, struct fen_start st, bool second)
{
    return st.number ? st.number : game_line_first_number(&game->main, second);
}

uint32_t game_first_number(const pdn_game *game, bool second)
{
    const char *fen = pdn_game_tag(game, "FEN");
    return fen ? first_number(game, fen_start(fen), second) : 1;
}

struct game_first_ply game_first_ply(const pdn_game *game)
{
    struct game_first_ply first = {1, false};
    const char *fen = pdn_game_tag(game, "FEN");
    if (fen == NULL) return first;
    struct fen_start st = fen_start(fen);
    if (st.known) first.second = st.black != game_black_opens(game);
    first.number = first_number(game, st, first.second);
    return first;
}

bool pdn_result_parse(enum pdn_result *out, const char *text, size_t len)
{
    if (!out || !text) return false;
    const struct text_result *r = text_result_read(text, len);
    if (r) *out = (enum pdn_result)r->result;
    return r != NULL;
}

const char *pdn_result_text(enum pdn_result result)
{
    return text_result_spelling(result, TEXT_INTERNATIONAL);
}

const char *pdn_result_text_for(enum pdn_result result, int gametype)
{
    return text_result_spelling(pdn_result_sides(result, gametype),
                                text_results_of_gametype(gametype));
}

const char *game_result_text(const pdn_game *game, enum pdn_result result)
{
    const char *type = pdn_game_tag(game, "GameType");
    long n = type ? strtol(type, NULL, 10) : game->gametype; /* inferred without a tag */
    return text_result_spelling(result, text_results_of_gametype(n));
}

const char *pdn_game_result(const pdn_game *game)
{
    if (game == NULL) return NULL;
    const char *tag = pdn_game_tag(game, "Result");
    enum pdn_result r = game->result != PDN_RESULT_NONE ? game->result : PDN_RESULT_UNKNOWN;
    /* A ResultFormat ("Goes") keeps the weighting: 1.01-0.99 says more than 1-1. */
    if (tag && (pdn_game_tag(game, "ResultFormat") || !pdn_result_parse(&r, tag, strlen(tag))))
        return tag;
    return game_result_text(game, r);
}
