/*
 * csv_rows: pdn_csv_writer, and how one game becomes rows: one quiet
 * replay (csv_plies.c) learns every ply and the first error; the games
 * mode's row is written here from the cells of csv_game_cells.c, the moves
 * mode's rows in csv_moves.c, the columns resolved in csv_columns.c. Cells
 * go out through csv_cells.c and csv.c. The replay's findings go to the
 * caller's on_diag too: pdn2csv shows what pdncheck shows, not only the
 * status cells.
 *
 * Memory: the buffers of one game are kept and reused for the next, so a
 * run holds what its largest game needs, whatever the input's size. Must
 * not print: findings become cells, and the caller's.
 */
#include "csv_writer.h"
#include "options.h"
#include "replay_plies.h"
#include "text.h"
#include "vec.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void pdn_csv_writer_free(pdn_csv_writer *w)
{
    if (!w) return;
    csv_columns_free(w);
    scratch_fini(&w->scratch);
    ply_record_free(&w->record);
    free(w->plies);
    free(w->stops);
    csv_out_free(&w->out);
    csv_out_free(&w->shared);
    free(w->spans);
    free(w->steps);
    free(w->kept_block);
    if (w->memfp) fclose(w->memfp);
    free(w->mem);
    free(w->cell);
    free(w);
}

static bool bad_options(const struct pdn_csv_write_options *o)
{
    if (!options_ok(o->version, PDN_CSV_WRITE_OPTIONS_VERSION)) return true;
    if ((unsigned)o->mode > PDN_CSV_MOVES) return true;
    char d = o->delimiter;
    return d == '"' || d == '\r' || d == '\n';
}

/* The texts of the numbers below NUMBER_TEXTS (csv_number_text): squares,
 * move numbers and plies, several a ply. */
static void fill_number_texts(pdn_csv_writer *w)
{
    for (uint32_t v = 0; v < NUMBER_TEXTS; v++) {
        struct number_text *t = &w->numbers[v];
        t->len = (uint8_t)(decimal_text(t->text, v) - t->text);
    }
}

int pdn_csv_writer_open(pdn_csv_writer **out, FILE *fp, const struct pdn_csv_write_options *o,
                        size_t *bad_column)
{
    static const struct pdn_csv_write_options defaults = PDN_CSV_WRITE_OPTIONS_INIT;
    if (!out) return PDN_EINVAL;
    *out = NULL;
    if (!o) o = &defaults;
    if (!fp || bad_options(o)) return PDN_EINVAL;
    pdn_csv_writer *w = calloc(1, sizeof *w);
    if (!w) return PDN_ENOMEM;
    w->o = *o;
    w->o.columns = NULL; /* borrowed: read now only */
    fill_number_texts(w);
    /* Rows of the main line alone would drop the variations that
     * pdn_csv_reader gives back from the rows of every line. */
    if (o->mode == PDN_CSV_MOVES && o->lossless) w->o.variations = true;
    w->out = (struct csv_out){.fp = fp,
                              .delim = o->delimiter ? o->delimiter : ',',
                              .crlf = o->crlf,
                              .excel = o->excel_text,
                              .first = true};
    w->out.words = csv_out_words(&w->out);
    w->shared = w->out;
    w->shared.fp = NULL; /* never flushed: its cells are copied into the rows */
    w->memfp = open_memstream(&w->mem, &w->memsize);
    int rc = w->memfp ? 0 : PDN_ENOMEM;
    if (rc == 0) rc = csv_columns_open(w, o->columns, bad_column);
    if (rc < 0) {
        pdn_csv_writer_free(w);
        return rc;
    }
    *out = w;
    return 0;
}

void csv_writer_fast_paths(pdn_csv_writer *w, bool on)
{
    w->slow = !on;
}

/* Hands the rows to the stream: 0, PDN_ENOMEM or PDN_EIO. */
static int stream_status(pdn_csv_writer *w)
{
    bool ok = csv_out_flush(&w->out);
    if (w->nomem || w->out.nomem) return PDN_ENOMEM;
    return ok ? 0 : PDN_EIO;
}

/* The names of the columns other than tags: fewer than 64 (their ids fit
 * w->ids), however many tag columns --all-tags gives. */
struct own_names {
    const char *v[64];
    size_t n;
};

static void own_names(const pdn_csv_writer *w, struct own_names *out)
{
    out->n = 0;
    for (size_t i = 0; i < w->ncols && out->n < 64; i++)
        if (w->cols[i].id != C_TAG) out->v[out->n++] = csv_col_name(w, &w->cols[i]);
}

/* Whether a tag column's name is another column's but for case ("SetUp"
 * and --moves' "setup"): SQL ignores the case of names, and SQLite's
 * .import renames both, which csv2pdn then reads as neither. */
static bool clashes(const struct own_names *own, const char *tag)
{
    for (size_t i = 0; i < own->n; i++)
        if (text_same_but_case(own->v[i], tag)) return true;
    return false;
}

int pdn_csv_writer_write_header(pdn_csv_writer *w)
{
    if (!w) return PDN_EINVAL;
    if (w->o.bom) csv_out_raw(&w->out, "\xEF\xBB\xBF", 3);
    struct own_names own;
    own_names(w, &own);
    for (size_t i = 0; i < w->ncols; i++) {
        const char *name = csv_col_name(w, &w->cols[i]);
        char prefixed[sizeof CSV_TAG_PREFIX + 64]; /* a clashing name is a column's: short */
        if (w->cols[i].id == C_TAG && clashes(&own, name)) {
            snprintf(prefixed, sizeof prefixed, CSV_TAG_PREFIX "%s", name);
            name = prefixed;
        }
        csv_out_field(&w->out, name, strlen(name), CSV_KIND_TEXT);
    }
    csv_out_end(&w->out);
    return stream_status(w);
}

/* ---- findings ---- */

void pdn_csv_writer_on_diag(const struct pdn_diag *d, void *ctx)
{
    pdn_csv_writer *w = ctx;
    if (!w || !d || d->game == 0 || pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    struct first_error *slot = &w->reader[d->game % READER_ERRORS];
    if (slot->game == d->game) return; /* not the first */
    csv_keep_error(slot, d);
}

/* The game's first error: the reader's or the replay's, whichever comes
 * first in the input; NULL for none. */
static const struct first_error *game_error(const pdn_csv_writer *w, const pdn_game *game)
{
    const struct first_error *r = &w->reader[game->index % READER_ERRORS];
    const struct first_error *p = &w->first;
    bool has_r = r->game == game->index, has_p = p->game != 0;
    if (!has_r) return has_p ? p : NULL;
    if (!has_p) return r;
    bool reader_first = r->line < p->line || (r->line == p->line && r->col <= p->col);
    return reader_first ? r : p;
}

static long write_game_row(pdn_csv_writer *w, const struct game_ctx *g)
{
    for (size_t i = 0; i < w->ncols; i++) {
        int rc = csv_put_game_cell(w, &w->cols[i], g);
        if (rc < 0) return rc;
    }
    csv_out_end(&w->out);
    return 1;
}

void pdn_csv_writer_set_date_orders(pdn_csv_writer *w, const pdn_date_orders *orders)
{
    if (w) w->date_orders = orders;
}

unsigned long pdn_csv_writer_errors(const pdn_csv_writer *w)
{
    return w ? w->errors : 0;
}

long pdn_csv_writer_write_game(pdn_csv_writer *w, const pdn_game *game, const char *file)
{
    if (!w || !game) return PDN_EINVAL;
    w->result.game = NULL; /* a game freed may leave its address to the next */
    struct pdn_replay_summary sum;
    int rc = csv_replay(w, game, file, &sum);
    if (rc < 0) return rc;
    struct game_first_ply first;
    rc = replay_first_ply(&first, game);
    if (rc < 0) return rc;
    csv_columns_game(w, game);
    struct game_ctx g = {game, file, &sum, game_error(w, game), first};
    if (g.err) w->errors++;
    long rows = w->o.mode == PDN_CSV_MOVES ? csv_write_move_rows(w, &g) : write_game_row(w, &g);
    w->reader[game->index % READER_ERRORS].game = 0; /* used */
    if (rows < 0) return rows;
    rc = stream_status(w);
    return rc < 0 ? rc : rows;
}
