/*
 * csv_read: CSV rows back to games (pdn_csv_reader). csv.c parses the
 * bytes with libcsv; csv_read_rows.c reads the rows and maps the header to
 * tags and the moves; csv_read_text.c turns each row (or, for rows of the
 * moves mode, each run of rows of one game) into PDN text, which this file
 * hands to pdn_reader_open_memory and pdn_replay_game checks.
 *
 * Why PDN text rather than a game built directly: every game is then read
 * and validated by the same reader and replay as any PDN file, with the
 * same findings, and a moves cell may hold anything a movetext may
 * (comments, variations, NAGs) without a second parser. Each tag goes on
 * its own line of that text and the moves on theirs, so a finding's line
 * names the CSV row and column it came from: the callback gets those in
 * place of line and column.
 *
 * Memory: one row (or one game's rows) at a time, buffers reused.
 */
#include "csv_reader.h"
#include "game.h"
#include "options.h"
#include "text.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A finding of the reader or the replay, at its CSV row and column. */
static void relay(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_reader *r = ctx;
    /* a row's text without a game gets a finding of its own, about the row */
    if (!r->o.on_diag || d->code == PDN_DIAG_NO_GAME) return;
    struct pdn_diag m = *d;
    m.file = r->filename;
    m.game = r->games;
    if (r->text_lines > 0) {
        struct origin at = csv_text_origin(r, d->line);
        m.line = at.row;
        m.col = at.col;
    }
    r->o.on_diag(&m, r->o.diag_ctx);
}

void pdn_csv_reader_locate(const pdn_csv_reader *r, struct pdn_pos *pos)
{
    if (r == NULL || pos == NULL || r->text_lines == 0) return;
    struct origin at = csv_text_origin(r, pos->line);
    pos->line = at.row;
    pos->col = at.col;
}

/* ---- opening ---- */

void pdn_csv_reader_free(pdn_csv_reader *r)
{
    if (!r) return;
    pdn_reader_free(r->pending);
    csv_in_free(r->in);
    free(r->filename);
    for (size_t i = 0; i < r->o.nmap; i++)
        free(r->map[i]);
    free(r->map);
    for (size_t i = 0; i < r->ncols; i++)
        free(r->cols[i].tag);
    free(r->cols);
    free(r->data);
    free(r->off);
    free(r->held.data);
    free(r->held.off);
    free(r->text);
    free(r->origins);
    free(r->waits);
    free(r->waited);
    csv_decoding_free(r->decoding);
    free(r);
}

static int copy_options(pdn_csv_reader *r, const struct pdn_csv_read_options *o)
{
    /* a version 1 struct ends before encoding: the rest stays 0 */
    memcpy(&r->o, o, o->version >= 2 ? sizeof *o : offsetof(struct pdn_csv_read_options, encoding));
    r->filename = strdup(o->filename ? o->filename : "-");
    if (!r->filename) return PDN_ENOMEM;
    if (o->nmap == 0) return 0;
    r->map = calloc(o->nmap, sizeof *r->map);
    if (!r->map) return PDN_ENOMEM;
    for (size_t i = 0; i < o->nmap; i++) {
        const char *eq = o->map[i] ? strchr(o->map[i], '=') : NULL;
        if (!eq || eq == o->map[i]) return PDN_EINVAL;
        r->map[i] = strdup(o->map[i]);
        if (!r->map[i]) return PDN_ENOMEM;
    }
    return 0;
}

int pdn_csv_reader_open(pdn_csv_reader **out, FILE *fp, const struct pdn_csv_read_options *o)
{
    static const struct pdn_csv_read_options defaults = PDN_CSV_READ_OPTIONS_INIT;
    if (!out) return PDN_EINVAL;
    *out = NULL;
    if (!o) o = &defaults;
    if (!fp || !options_ok(o->version, PDN_CSV_READ_OPTIONS_VERSION)) return PDN_EINVAL;
    if (o->delimiter == '"' || o->delimiter == '\n' || o->delimiter == '\r') return PDN_EINVAL;
    pdn_csv_reader *r = calloc(1, sizeof *r);
    if (!r) return PDN_ENOMEM;
    r->fp = fp;
    int rc = copy_options(r, o);
    if (rc == 0) rc = csv_decoding_open(&r->decoding, fp, r->o.encoding);
    if (rc < 0) {
        r->o.nmap = 0; /* only the copies made are freed */
        for (size_t i = 0; r->map && i < o->nmap; i++)
            free(r->map[i]);
        pdn_csv_reader_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

unsigned long pdn_csv_reader_rows(const pdn_csv_reader *r)
{
    return r ? r->rows : 0;
}

void pdn_csv_reader_set_date_orders(pdn_csv_reader *r, const pdn_date_orders *orders)
{
    if (r) r->date_orders = orders;
}

bool pdn_csv_reader_is_games(const pdn_csv_reader *r)
{
    if (!r) return false;
    return r->have_header ? r->has_moves || r->tags_only : !r->ended;
}

/* The reader of the text made from a row: findings go through relay. */
static int open_text(pdn_csv_reader *r)
{
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = r->filename;
    ro.strict = r->o.strict;
    ro.gametype = r->o.gametype;
    ro.on_diag = relay;
    ro.diag_ctx = r;
    return pdn_reader_open_memory(&r->pending, r->text, r->ntext, &ro);
}

static void close_text(pdn_csv_reader *r)
{
    pdn_reader_free(r->pending);
    r->pending = NULL;
}

/* A game after the first in one row's text (a second game in a cell,
 * moves after the result, --moves rows after a move with a result): kept
 * as a game of its own, and said, at the row and column it starts in. */
static void report_extra(pdn_csv_reader *r, const pdn_game *game)
{
    struct origin at = csv_text_origin(r, game->start.line);
    csv_read_report(r, PDN_DIAG_BAD_CSV, at.row, at.col, NULL,
                    "text after the game's result: read as a game of its own");
}

/* The next game of the text: 1 with *out, 0 when it holds no more, or a
 * negative PDN_E* code. extra: a game after the first of its row. */
static int game_from_text(pdn_game **out, pdn_csv_reader *r, bool extra)
{
    if (extra) r->games++; /* the findings of its reading name it */
    pdn_game *game = NULL;
    int rc = pdn_reader_next(&game, r->pending);
    if (rc <= 0) {
        if (extra) r->games--;
        close_text(r);
        return rc;
    }
    if (game_internal(game)->junk_trailer) { /* junk alone: no game, as the row says */
        pdn_game_free(game);
        close_text(r);
        if (extra) r->games--;
        return 0;
    }
    if (extra) report_extra(r, game);
    game->index = r->games;
    struct pdn_replay_options po = PDN_REPLAY_OPTIONS_INIT;
    po.strict = r->o.strict;
    po.draw_rules = r->o.draw_rules;
    po.date_orders = r->date_orders;
    po.on_diag = relay;
    po.diag_ctx = r;
    struct pdn_replay_summary sum;
    rc = pdn_replay_game(&sum, game, &po);
    if (rc < 0) {
        pdn_game_free(game);
        close_text(r);
        return rc;
    }
    *out = game;
    return 1;
}

/* The text of the next row (or game's rows) that reads, its reader open:
 * 0, -1 at the end, or a negative PDN_E* code. */
static int next_text(pdn_csv_reader *r)
{
    bool kept = r->have_held; /* read and unprotected with the last game */
    if (!csv_next_usable(r)) return r->nomem ? PDN_ENOMEM : r->failed ? r->failed : -1;
    if (!kept) {
        for (size_t i = 0; i < r->nf; i++)
            csv_unprotect(r, r->data + r->off[i]);
    }
    r->games++;
    if (r->o.moves)
        csv_moves_text(r);
    else
        csv_game_text(r);
    if (r->nomem) return PDN_ENOMEM;
    if (r->o.moves && r->cut_at_row)
        csv_read_report(r, PDN_DIAG_LIMIT, r->cut_at_row, 0, NULL,
                        "game longer than PDN_LIMIT_GAME_BYTES: its rows from here skipped");
    return open_text(r);
}

int pdn_csv_reader_next(pdn_game **out, pdn_csv_reader *r)
{
    if (!out || !r) return PDN_EINVAL;
    *out = NULL;
    if (!r->in && csv_start_parser(r) < 0) return PDN_ENOMEM;
    if (r->pending) {
        int rc = game_from_text(out, r, true);
        if (rc != 0) return rc;
    }
    for (;;) {
        int rc = next_text(r);
        if (rc < 0) return rc == -1 ? 0 : rc;
        if ((rc = game_from_text(out, r, false)) != 0) return rc;
        /* nothing the reader could make a game of: said, and the next row */
        r->games--;
        csv_read_report(r, PDN_DIAG_BAD_CSV, r->norigins ? r->origins[0].row : r->row_no, 0, NULL,
                        r->o.moves
                            ? "no game in the rows (the findings before say why); rows skipped"
                            : "no game in the row (the findings before say why); row skipped");
    }
}
