/*
 * csv_game_cells: the cells of the games mode, which the moves mode's rows
 * share (tags, dates, results, status): csv_put_game_cell. The movetext
 * cells come from the writer handed the replay's shortest texts, or, for
 * the plain main line, from main_line (the writer's numbering, without it).
 */
#include "csv_writer.h"
#include "date.h"
#include "date_orders.h"
#include "game.h"
#include "geometry.h"
#include "tag_synonym.h"
#include "replay_plies.h"
#include "vec.h"
#include "writer.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Half-moves before the first ply, from the first ply the writer numbers
 * and the replay counts (g->first): in 64 bits, as a first number near
 * UINT32_MAX ("4294967295. 32-28") needs. */
uint64_t csv_start_half(const struct game_ctx *g)
{
    return 2 * ((uint64_t)g->first.number - 1) + g->first.second;
}

int csv_setup_turn(uint64_t *half, const struct game_ctx *g, const struct pdn_line *line,
                   uint32_t i)
{
    const struct pdn_node *node = &line->moves[i];
    const char *setup = pdn_annotations_of(node)->setup;
    if (!game_sets_up(setup)) return 0; /* the writer leaves an empty one out */
    bool second;
    int rc = writer_setup_second(&second, g->game, setup, node, replay_setup_second);
    if (rc < 0) return rc;
    /* The number goes on, as the writer's: "1. 33-28 18-22 /FEN "B:..."/
     * 2... 18-23"; back to the pair's first half for the first mover. The
     * second mover's half is odd, so it is never 0. */
    if (rc > 0 && (*half % 2 == 1) != second) *half = second ? *half + 1 : *half - 1;
    second = *half % 2 == 1;
    uint32_t number = writer_setup_number(setup, line, i, second);
    if (number) *half = 2 * ((uint64_t)number - 1) + second;
    return 0;
}

/* The moves a line starts with that have no setup and no text starting
 * with a dot: a ply each, never passed (game_holds_place), nor the half
 * they make turned. Their count, in a loop that asks nothing else. */
static uint32_t plain_start(const struct pdn_line *line)
{
    uint32_t i = 0;
    while (i < line->nmoves && !pdn_annotations_of(&line->moves[i])->setup &&
           !(line->moves[i].text && line->moves[i].text[0] == '.'))
        i++;
    return i;
}

int64_t csv_main_plies(const struct game_ctx *g)
{
    const struct pdn_line *main = &g->game->main;
    uint32_t plies = plain_start(main);
    uint64_t half = csv_start_half(g) + plies; /* of the next ply */
    bool passed = false;
    for (uint32_t i = plies; i < main->nmoves; i++) {
        /* the call only where a setup is: it was 2 % of pdn2csv's time */
        int rc = pdn_annotations_of(&main->moves[i])->setup ? csv_setup_turn(&half, g, main, i) : 0;
        if (rc < 0) return rc;
        bool pass = csv_passes(&main->moves[i], half, passed);
        if (!pass || i + 1 == main->nmoves) plies++;
        if (!pass) half++;
        passed = pass;
    }
    return plies;
}

/* Text as it is, in a date column: protected for spreadsheets as text is
 * ("12-08-2021" would become the 8th of December). */
static void put_not_iso(pdn_csv_writer *w, const struct col *c, const char *v)
{
    struct col text = *c;
    text.kind = CSV_KIND_TEXT;
    csv_put(w, &text, v);
}

/* The one date v means, in out: its one reading (date_read), or of a day
 * and month that could be swapped ("12-08-2021": 12 August or 8
 * December), the reading the other dates of the game's event or file
 * settle (pdn_date_orders). False for a range, words, and a date that
 * reads both ways and nothing settles: a wrong guess would hide (the
 * replay's bad-date finding names both readings). */
static bool date_meant(const pdn_csv_writer *w, const pdn_game *game, const char *v,
                       char out[DATE_SIZE])
{
    char both[2][DATE_SIZE];
    if (strpbrk(v, " \t")) return false;
    if (!date_swappable(both, v)) return date_read(out, v);
    char why[DATE_WHY_SIZE];
    return date_orders_reading(out, why, w->date_orders, game, v);
}

/* YYYY.MM.DD as YYYY-MM-DD, unknown parts ('?') empty; a date written
 * otherwise too when it means one date (date_meant); other text as it is. */
static void put_date(pdn_csv_writer *w, const struct col *c, const pdn_game *game, const char *v)
{
    char placed[DATE_SIZE];
    if (w->o.iso_dates && v && !date_ok(v) && date_meant(w, game, v, placed)) v = placed;
    /* Only a date: "2003.04.31" is text (it was written 2003-04-31). */
    if (!w->o.iso_dates || !v || !date_ok(v)) {
        put_not_iso(w, c, v);
        return;
    }
    static const int starts[] = {0, 5, 8}, lens[] = {4, 2, 2};
    char buf[16];
    size_t k = 0;
    for (int part = 0; part < 3; part++) {
        const char *p = v + starts[part];
        bool unknown = strspn(p, "?") >= (size_t)lens[part];
        bool digits = strspn(p, "0123456789") >= (size_t)lens[part];
        if (!unknown && !digits) {
            put_not_iso(w, c, v);
            return;
        }
        if (part) buf[k++] = '-';
        if (digits) memcpy(buf + k, p, (size_t)lens[part]), k += (size_t)lens[part];
    }
    buf[k] = '\0';
    csv_put(w, c, k == 2 ? "" : buf);
}

/* Every tag the writer writes as a tag, in source order: [Name "value"]. */
/* The cell's text from 'from' on with its runs of blanks (line ends too)
 * made one space, as the writer folds a comment's. */
static void fold_blanks(pdn_csv_writer *w, size_t from)
{
    size_t k = from;
    for (size_t i = from; i < w->ncell; i++) {
        bool blank = text_blank((unsigned char)w->cell[i]);
        if (blank && k > from && w->cell[k - 1] == ' ') continue;
        w->cell[k++] = blank ? ' ' : w->cell[i];
    }
    w->ncell = k;
}

/* [name "value"] on a line of the cell, escaped as the writer writes it;
 * comment: as the comment the writer makes of a tag it cannot write as one
 * (writer.c, put_bad_tag: blanks folded, ';' when it holds a brace). */
static void put_tag(pdn_csv_writer *w, const char *name, const char *value, bool comment)
{
    bool brace = strpbrk(name, "{}") || strpbrk(value, "{}");
    if (w->ncell) csv_cell_add(w, "\n", 1);
    if (comment) csv_cell_adds(w, brace ? ";" : "{");
    size_t text = w->ncell;
    csv_cell_adds(w, "[");
    csv_cell_adds(w, name);
    csv_cell_adds(w, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') csv_cell_add(w, "\\", 1);
        csv_cell_add(w, p, 1);
    }
    csv_cell_adds(w, "\"]");
    if (comment) fold_blanks(w, text);
    if (comment && !brace) csv_cell_adds(w, "}");
}

/* Every tag pair, and first the GameType the game was read under when no
 * tag gave it, as the writer says it: csv2pdn reads a game alone, where
 * its squares may say another variant than its file did. A tag whose name
 * is no identifier ([A-Z][A-Za-z0-9_]*: "Date " would read back as Date)
 * the writer makes a comment where the movetext starts: in the games
 * mode, the movetext cell holds it; the moves rows have none, so the
 * cell ends with it, as that comment (csv2pdn puts the cell's lines
 * before the moves). */
static bool start_tag(const char *standard)
{
    return strcmp(standard, "GameType") == 0 || strcmp(standard, "FEN") == 0;
}

/* GameType and FEN first, as the writer says them: the one read from a
 * tag of another name ("Type de jeu", "Fen"), under the standard name; the
 * variant the game was read under when no tag gives it. */
static void put_start_tags(pdn_csv_writer *w, const pdn_game *game)
{
    char number[GAMETYPE_TEXT_SIZE];
    const char *type = game_start_gametype(game, number);
    if (type) put_tag(w, "GameType", type, false);
    const struct pdn_tag *fen = tag_start_synonym(game, "FEN");
    if (fen) put_tag(w, "FEN", fen->value, false);
}

static void put_tags(pdn_csv_writer *w, const struct col *c, const pdn_game *game)
{
    csv_cell_reset(w);
    /* A file's trailer has no tag: one would make a game of it. */
    if (!pdn_game_is_trailer(game)) put_start_tags(w, game);
    for (uint32_t i = 0; i < game->ntags; i++) {
        const struct pdn_tag *t = &game->tags[i];
        if (tag_said(t) && csv_tag_name(t->name, strlen(t->name)))
            put_tag(w, t->name, t->value, false);
    }
    /* A roster tag read from a synonym whose name only a comment keeps
     * ("R&#x00e9;sultat"): under its standard name, as the writer's roster
     * says it, or csv2pdn's game would have lost it. */
    struct tag_synonym_read synonyms[TAG_SYNONYM_MAX];
    size_t nsynonyms = tag_synonyms_read(synonyms, game);
    for (size_t i = 0; i < nsynonyms; i++) {
        const struct pdn_tag *t = synonyms[i].tag;
        if (!csv_tag_name(t->name, strlen(t->name)) && !start_tag(synonyms[i].standard))
            put_tag(w, synonyms[i].standard, t->value, false);
    }
    for (uint32_t i = 0; w->o.mode == PDN_CSV_MOVES && i < game->ntags; i++) {
        const struct pdn_tag *t = &game->tags[i];
        if (!t->value) continue; /* no tag (a game made by hand's) */
        /* a tag with no name (a game made by hand's): a comment, as the writer keeps it */
        const char *name = t->name ? t->name : "";
        if (!csv_tag_name(name, strlen(name))) put_tag(w, name, t->value, true);
    }
    csv_put_cell(w, c);
}

/* ---- canonical move text through the writer ---- */

/* The writer uses a move's text before it asks for the next one's (it
 * keeps only what the hop test needs of it): two buffers in turn are a
 * margin. */
static const char *placed_text(const struct pdn_node *node, void *ctx)
{
    pdn_csv_writer *w = ctx;
    const struct ply *p = csv_find_ply(w, node);
    if (!p) return NULL;
    char *out = w->texts[w->ntext];
    w->ntext ^= 1;
    csv_ply_text(out, p);
    return out;
}

/* writer_played_fn: a move the replay played (it has a ply). */
static bool played(const struct pdn_node *node, void *ctx)
{
    return csv_find_ply(ctx, node) != NULL;
}

/* The half-moves of main_line's numbering: 2 * (number - 1), plus 1 for
 * the second mover ("N..."). HALF_MOST is the last: the number stays at
 * UINT32_MAX once there, the side still turning, as the writer's. */
#define HALF_MOST (2 * ((uint64_t)UINT32_MAX - 1) + 1)

static inline uint64_t next_half(uint64_t half)
{
    return half < HALF_MOST ? half + 1 : half - 1;
}

/* The half-move of the number a node holds (not 0). */
static inline uint64_t written_half(const struct pdn_node *node)
{
    return 2 * ((uint64_t)node->number - 1) + node->number_black;
}

/* A move written with its squares as numbers, as ply_short_text writes it,
 * each square's text copied from the writer's table in one piece. */
static inline char *short_text(char *out, const struct number_text *numbers,
                               const struct pdn_move *move)
{
    _Static_assert(PDN_SQUARES_MAX < NUMBER_TEXTS, "a square's text in the table");
    memcpy(out, &numbers[move->from], sizeof *numbers);
    out += numbers[move->from].len;
    *out++ = move->ncaptured ? 'x' : '-';
    memcpy(out, &numbers[move->to], sizeof *numbers);
    return out + numbers[move->to].len;
}

/* One ply of main_line: " ", "N. " or "N... " when due (numbered, at
 * half), the text; numeric: the ply's variant writes squares as numbers. */
static void cell_ply(pdn_csv_writer *w, bool space, bool numbered, uint64_t half, bool numeric,
                     const struct ply *p)
{
    if (!csv_cell_room(w, PDN_MOVE_TEXT_MAX + 16)) return;
    char *out = w->cell + w->ncell, *start = out;
    if (space) *out++ = ' ';
    if (numbered) { /* the dots and blank as one word, of which ". " keeps two bytes */
        bool black = half % 2 == 1;
        out = csv_number_text(out, w->numbers, csv_number_of(half));
        memcpy(out, black ? "... " : ".   ", 4);
        out += black ? 4 : 2;
    }
    if (numeric && !p->full)
        out = short_text(out, w->numbers, &p->move);
    else
        out += csv_ply_text(out, p); /* rare: the library writes it */
    *out = '\0';
    w->ncell += (size_t)(out - start);
}

/* Whether variant v writes its squares as numbers: asked again only when
 * the variant changes (*known), not once a ply. */
static bool numeric_squares(uint8_t v, int *known, bool *numeric)
{
    if (*known != v) {
        *known = v;
        *numeric = !geometry_get((enum pdn_variant)v)->rules->algebraic;
    }
    return *numeric;
}

/*
 * The main line as pdn_write_game writes it with no comments, variations
 * or NAGs and no result, in the cell buffer, without the writer: it was a
 * quarter of pdn2csv's time, for text this simple. Only for the common game,
 * every main-line move played and no setup in it; false for any other (the
 * writer then writes it). The numbering is the writer's (writer.c, struct
 * numbering): "N." before White, "N..." before Black at the start, where
 * it holds a number that the numbers written before it do not give
 * (right or wrong), and before a capture starting where the move before it
 * ended (it would read as its next hop); a number the move does not hold
 * is the ply's own (count), not one counted on from a wrong number. Both
 * numbers as half-moves (next_half): one sum a ply each, where a number
 * and a side were two tests each.
 * test_csv compares the two on every test file: this writer with
 * csv_writer_fast_paths off, and pdn_format_game.
 */
static bool main_line(pdn_csv_writer *w, const struct game_ctx *g)
{
    const struct pdn_line *line = &g->game->main;
    if (line->trailing_setup || g->first.number == 0) return false;
    uint64_t half = csv_start_half(g), count = half;
    bool alone = true, numeric = false;
    int variant = -1;
    csv_cell_reset(w);
    const struct ply *prev = NULL;
    w->next_ply = 0;
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        const struct ply *p = csv_next_ply(w, node);
        if (!p || pdn_annotations_of(node)->setup) return false;
        if (node->number && written_half(node) != half) alone = true;
        if (prev && p->move.ncaptured > 0 && p->move.from == prev->move.to) alone = true;
        bool numbered = half % 2 == 0 || alone;
        if (numbered) half = node->number ? written_half(node) : count;
        cell_ply(w, i > 0, numbered, half, numeric_squares(p->variant, &variant, &numeric), p);
        alone = false;
        half = next_half(half);
        count = next_half(count);
        prev = p;
    }
    return !w->nomem;
}

/* The result token as the file wrote it, for --lossless: csv2pdn writes it
 * after the moves. But a match score the reader took for no result ("1 -1"
 * or "1\n-1" before the next game, matching [Result "1-1"]: unknown, its
 * text "1-1") would read back, so spelled, as the result it spells: such a
 * text is the writer's '*' (pdnfmt's). */
static const char *recorded_text(const pdn_game *game)
{
    const char *text = game->result_text;
    enum pdn_result r;
    if (text && game->result == PDN_RESULT_UNKNOWN && pdn_result_parse(&r, text, strlen(text)) &&
        r != PDN_RESULT_UNKNOWN)
        return pdn_result_text(PDN_RESULT_UNKNOWN);
    return text;
}

/*
 * The movetext pdn_write_game writes for the game on one line (comments may
 * hold line ends), in the cell buffer; without the result after it when
 * main_only; with --lossless, the result as the file wrote it (1/2-1/2,
 * 0-1, or none), not the writer's 1-1, 0-2 or '*': csv2pdn gives the game
 * back as it was.
 */
static int movetext(pdn_csv_writer *w, const struct game_ctx *g, bool main_only)
{
    const pdn_game *game = g->game;
    if (main_only && !w->slow && main_line(w, g)) return 0;
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.width = INT_MAX / 2;
    wo.no_comments = wo.no_variations = wo.no_nags = wo.seven_tag_roster = main_only;
    wo.move_text = placed_text;
    wo.move_ctx = w;
    wo.movetext_only = true;
    rewind(w->memfp);
    struct writer_count count = {g->first, replay_setup_second, played, w, NULL}; /* as pdnfmt's */
    int rc = writer_write_game(w->memfp, game, &wo, &count);
    if (rc < 0) return rc;
    long end = ftell(w->memfp);
    if (fflush(w->memfp) != 0 || end < 0) return PDN_ENOMEM;
    const char *body = w->mem, *stop = w->mem + end;
    while (stop > body && (stop[-1] == '\n' || stop[-1] == ' '))
        stop--;
    const char *result = NULL; /* what replaces the writer's result */
    if ((main_only || w->o.lossless) && !pdn_game_is_trailer(game)) {
        const char *token = stop; /* the result, last: after a blank, or the line
                                     end of a ';' comment */
        while (token > body && token[-1] != ' ' && token[-1] != '\n')
            token--;
        result = main_only ? NULL : recorded_text(game);
        stop = token;
        while (!result && stop > body && (stop[-1] == ' ' || stop[-1] == '\n'))
            stop--;
    }
    csv_cell_reset(w);
    csv_cell_add(w, body, (size_t)(stop - body));
    if (result) csv_cell_adds(w, result);
    return 0;
}

/* ---- games ---- */

static const char *implied_result(const struct pdn_replay_summary *sum)
{
    if (!sum->complete || !sum->final.side_known) return NULL;
    if (pdn_movegen_count(&sum->final, 0) > 0) return NULL;
    return pdn_result_text(sum->final.side == PDN_COLOR_WHITE ? PDN_RESULT_BLACK_WIN
                                                              : PDN_RESULT_WHITE_WIN);
}

static void put_error_cell(pdn_csv_writer *w, const struct col *c, const struct first_error *e)
{
    switch (c->id) {
    case C_STATUS:
        csv_put(w, c, e ? pdn_diag_name(e->code) : "ok");
        break;
    case C_MESSAGE:
        csv_put(w, c, e ? e->message : NULL);
        break;
    case C_ERROR_MOVE:
        csv_put(w, c, e ? e->move : NULL);
        break;
    default: /* C_ERROR_LINE */
        if (e && e->line)
            csv_put_number(w, c, e->line);
        else
            csv_put(w, c, NULL);
    }
}

int csv_put_game_cell(pdn_csv_writer *w, const struct col *c, const struct game_ctx *g)
{
    char fen[PDN_FEN_MAX];
    int rc = 0;
    switch (c->id) {
    case C_TAG: {
        const char *v = w->tagvals[c - w->cols];
        if (w->o.iso_dates && strcmp(c->tag, "Date") == 0)
            put_date(w, c, g->game, v);
        else
            csv_put(w, c, v);
        break;
    }
    case C_FILE:
        csv_put(w, c, g->file ? g->file : "-");
        break;
    case C_GAME:
        csv_put_number(w, c, g->game->index);
        break;
    case C_PLIES: {
        int64_t plies = csv_main_plies(g);
        if (plies >= 0) csv_put_number(w, c, (unsigned long long)plies);
        rc = plies < 0 ? (int)plies : 0;
        break;
    }
    case C_MOVES:
    case C_MOVETEXT:
        rc = movetext(w, g, c->id == C_MOVES);
        if (rc == 0) csv_put_cell(w, c);
        break;
    case C_RECORDED:
        csv_put(w, c, w->o.lossless ? recorded_text(g->game) : g->game->result_text);
        break;
    case C_IMPLIED:
        csv_put(w, c, implied_result(g->sum));
        break;
    case C_FINAL_FEN:
        if (!w->no_position) pdn_board_to_fen(fen, &g->sum->final);
        csv_put(w, c, w->no_position ? NULL : fen);
        break;
    case C_TAGS:
        put_tags(w, c, g->game);
        break;
    case C_RESULT:
    case C_WHITE_POINTS:
    case C_BLACK_POINTS:
        csv_put_result_cell(w, c, g->game);
        break;
    case C_STATUS:
    case C_MESSAGE:
    case C_ERROR_MOVE:
    case C_ERROR_LINE:
        put_error_cell(w, c, g->err);
        break;
    default:
        csv_put(w, c, NULL);
    }
    return rc;
}
