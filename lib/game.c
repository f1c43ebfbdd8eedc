/*
 * game: freeing a game, tag look-up and the result spellings.
 *
 * The game itself is built by the parser in its own arena (game.h); this
 * module knows nothing about reading or writing text.
 */
#include "game.h"

#include <stdint.h>
#include <string.h>

void pdn_game_free(pdn_game *game)
{
    if (game) arena_free(game_box_of(game)->arena);
}

const char *pdn_game_tag(const pdn_game *game, const char *name)
{
    if (!game || !name) return NULL;
    for (uint32_t i = 0; i < game->ntags; i++)
        if (strcmp(game->tags[i].name, name) == 0) return game->tags[i].value;
    return NULL;
}

struct result_form {
    const char *text;
    enum pdn_result result;
};

/* Every spelling a reader accepts; the lenient ones last. */
static const struct result_form result_forms[] = {
    {"2-0", PDN_RESULT_WHITE_WIN},
    {"0-2", PDN_RESULT_BLACK_WIN},
    {"1-1", PDN_RESULT_DRAW},
    {"0-0", PDN_RESULT_BOTH_LOST},
    {"*", PDN_RESULT_UNKNOWN},
    {"1-0", PDN_RESULT_WHITE_WIN},
    {"0-1", PDN_RESULT_BLACK_WIN},
    {"1/2-1/2", PDN_RESULT_DRAW},
    {"\xc2\xbd-\xc2\xbd", PDN_RESULT_DRAW},
    {"0.5-0.5", PDN_RESULT_DRAW},
};

bool pdn_result_parse(enum pdn_result *out, const char *text, size_t len)
{
    if (!out || !text) return false;
    for (size_t i = 0; i < sizeof result_forms / sizeof result_forms[0]; i++) {
        const char *t = result_forms[i].text;
        if (strlen(t) == len && memcmp(t, text, len) == 0) {
            *out = result_forms[i].result;
            return true;
        }
    }
    return false;
}

const char *pdn_result_text(enum pdn_result result)
{
    switch (result) {
    case PDN_RESULT_WHITE_WIN:
        return "2-0";
    case PDN_RESULT_BLACK_WIN:
        return "0-2";
    case PDN_RESULT_DRAW:
        return "1-1";
    case PDN_RESULT_BOTH_LOST:
        return "0-0";
    case PDN_RESULT_UNKNOWN:
    case PDN_RESULT_NONE:
        break;
    }
    return "*";
}
