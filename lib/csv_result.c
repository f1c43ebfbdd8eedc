/*
 * csv_result: the cells that give a game's result in one convention, for
 * GROUP BY and sums without a CASE over every spelling: normalised_result
 * (2-0, 1-1, 0-2, 0-0 or '*', whatever the file wrote: 1-0, 1/2-1/2,
 * 0.5-0.5 ...), white_points and black_points (2, 1 or 0; a Goes score's
 * own split under a ResultFormat tag). Not "result": SQL names ignore case,
 * and sqlite3 would rename it and Result. Which result: the Result tag when
 * it reads as one, else the result written after the moves, as pdnstats
 * counts them. Must not look at the moves.
 */
#include "csv_writer.h"
#include "text.h"

#include <string.h>

/* The game's result and the text that gave it (NULL for none). */
static enum pdn_result game_result(const pdn_game *game, const char **text)
{
    const char *tag = pdn_game_tag(game, "Result");
    enum pdn_result r;
    if (tag && pdn_result_parse(&r, tag, strlen(tag))) {
        *text = tag;
        return r;
    }
    *text = game->result_text;
    return game->result;
}

/* One side's points: a Goes score's side as written ("1.01" of
 * "1.01-0.99") under a ResultFormat tag, else 2 for a win, 1 for a draw, 0
 * for a loss or a game both lost; NULL when the result is not known. */
static void put_points(pdn_csv_writer *w, const struct col *c, const pdn_game *game, bool white)
{
    const char *text;
    enum pdn_result r = game_result(game, &text);
    const char *dash = text ? strchr(text, '-') : NULL;
    if (dash && pdn_game_tag(game, "ResultFormat") && text_result_goes(text, strlen(text))) {
        csv_cell_reset(w);
        if (white)
            csv_cell_add(w, text, (size_t)(dash - text));
        else
            csv_cell_adds(w, dash + 1);
        csv_put_cell(w, c);
        return;
    }
    static const char *const points[][2] = {
        [PDN_RESULT_WHITE_WIN] = {"2", "0"},
        [PDN_RESULT_BLACK_WIN] = {"0", "2"},
        [PDN_RESULT_DRAW] = {"1", "1"},
        [PDN_RESULT_BOTH_LOST] = {"0", "0"},
    };
    csv_put(w, c, (unsigned)r < sizeof points / sizeof points[0] ? points[r][!white] : NULL);
}

void csv_put_result_cell(pdn_csv_writer *w, const struct col *c, const pdn_game *game)
{
    const char *text;
    if (c->id == C_WHITE_POINTS || c->id == C_BLACK_POINTS) {
        put_points(w, c, game, c->id == C_WHITE_POINTS);
        return;
    }
    enum pdn_result r = game_result(game, &text);
    csv_put(w, c, r == PDN_RESULT_NONE ? NULL : pdn_result_text(r));
}
