/*
 * csv_result: the cells that give a game's result in one convention, for
 * GROUP BY and sums without a CASE over every spelling: normalised_result
 * (2-0, 1-1, 0-2, 0-0 or '*', whatever the file wrote: 1-0, 1/2-1/2,
 * 0.5-0.5 ...; 2-0 a White win, also in English files, whose "0-1" is
 * one: game.h, result_turned), white_points and black_points (2, 1 or 0;
 * a Goes score's own split under a ResultFormat tag). Not "result": SQL names ignore case,
 * and sqlite3 would rename it and Result. Which result: the Result tag when
 * it reads as one, else the result written after the moves, as pdnstats
 * counts them. Must not look at the moves.
 */
#include "csv_writer.h"
#include "text.h"

#include <string.h>

/* The game's result, the text that gave it (NULL for none) and whether
 * that is a Goes score under a ResultFormat tag: learnt once a game (a
 * row has three cells of it, and each would look for the tag and read
 * it), kept in w->result until pdn_csv_writer_write_game's next game. */
static const struct game_result *result_of(pdn_csv_writer *w, const pdn_game *game)
{
    struct game_result *out = &w->result;
    if (out->game == game) return out;
    const char *tag = pdn_game_tag(game, "Result");
    enum pdn_result r;
    bool black_first = game_black_opens(game);
    if (tag && pdn_result_parse(&r, tag, strlen(tag))) {
        *out = (struct game_result){game, result_turned(r, black_first), tag, false, black_first};
    } else {
        *out = (struct game_result){game, result_turned(game->result, black_first),
                                    game->result_text, false, black_first};
    }
    const char *text = out->text;
    out->goes = text && strchr(text, '-') && pdn_game_tag(game, "ResultFormat") &&
                text_result_goes(text, strlen(text));
    return out;
}

/* One side's points: a Goes score's side as written ("1.01" of
 * "1.01-0.99") under a ResultFormat tag, else 2 for a win, 1 for a draw, 0
 * for a loss or a game both lost; NULL when the result is not known. */
static void put_points(pdn_csv_writer *w, const struct col *c, const struct game_result *g,
                       bool white)
{
    if (g->goes) {
        const char *dash = strchr(g->text, '-');
        csv_cell_reset(w);
        if (white != g->black_first) /* the first score */
            csv_cell_add(w, g->text, (size_t)(dash - g->text));
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
    enum pdn_result r = g->result;
    csv_put(w, c, (unsigned)r < sizeof points / sizeof points[0] ? points[r][!white] : NULL);
}

void csv_put_result_cell(pdn_csv_writer *w, const struct col *c, const pdn_game *game)
{
    const struct game_result *g = result_of(w, game);
    if (c->id == C_WHITE_POINTS || c->id == C_BLACK_POINTS) {
        put_points(w, c, g, c->id == C_WHITE_POINTS);
        return;
    }
    csv_put(w, c, g->result == PDN_RESULT_NONE ? NULL : pdn_result_text(g->result));
}
