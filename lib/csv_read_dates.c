/*
 * csv_read_dates: the orders of a CSV's dates, read ahead of its games
 * (pdn_date_orders_add_csv), so that csv2pdn settles a date whose day and
 * month could be swapped as the PDN tools do, by the dates of the whole
 * file. Each game's Event and Date are read as the game made of its row
 * reads them (csv_tag_cell), through the reader's own rows
 * (csv_read_rows.c), but no game is made: no text, no move read, no
 * replay. Must not report: the reading proper does.
 */
#include "csv_reader.h"
#include "date_orders.h"
#include "vec.h"

#include <stdlib.h>
#include <string.h>

/* A value of the row read, kept NUL-terminated for the table. */
struct value {
    char *s;
    size_t cap;
};

/* The column of role, or SIZE_MAX. */
static size_t column_of(const pdn_csv_reader *r, enum role role)
{
    for (size_t i = 0; i < r->ncols; i++)
        if (r->cols[i].role == role) return i;
    return SIZE_MAX;
}

/* The row read's tag name, in out; NULL when the row has none, or out of
 * memory (r->nomem). As the game's tag holds it, but for a tags cell's
 * escapes and a column's line ends (put_tag writes them as blanks), which
 * make no other event (pdn_stats_name_key reads neither) and no date. A
 * Date column of ISO dates (iso_dates) is not made YYYY.MM.DD as put_tag
 * makes it: those show no order either way. */
static const char *tag_value(pdn_csv_reader *r, struct value *out, const char *name)
{
    size_t len;
    const char *v = csv_tag_cell(r, name, &len);
    if (!v) return NULL;
    if (len + 1 > out->cap && !vec_grow((void **)&out->s, &out->cap, len + 1, 1)) {
        r->nomem = true;
        return NULL;
    }
    memcpy(out->s, v, len);
    out->s[len] = '\0';
    return out->s;
}

/* Moves mode: whether the row read starts a game, as csv_moves_text
 * reads them: a run of rows of one file and game (without either column,
 * a row each). prev keeps the last row's file and game cells. */
static bool starts_game(pdn_csv_reader *r, struct value *prev)
{
    size_t f = column_of(r, R_FILE), g = column_of(r, R_GAME);
    if (f == SIZE_MAX && g == SIZE_MAX) return true;
    const char *file = f == SIZE_MAX ? "" : csv_field(r, f),
               *game = g == SIZE_MAX ? "" : csv_field(r, g);
    size_t nf = strlen(file), ng = strlen(game);
    bool same = prev->s && strcmp(prev->s, file) == 0 && strcmp(prev->s + nf + 1, game) == 0;
    if (same) return false;
    if (nf + ng + 2 > prev->cap && !vec_grow((void **)&prev->s, &prev->cap, nf + ng + 2, 1)) {
        r->nomem = true;
        return false;
    }
    memcpy(prev->s, file, nf + 1);
    memcpy(prev->s + nf + 1, game, ng + 1);
    return true;
}

int pdn_date_orders_add_csv(pdn_date_orders *orders, FILE *fp,
                            const struct pdn_csv_read_options *options)
{
    if (!orders || date_orders_deferred(orders)) return PDN_EINVAL;
    pdn_csv_reader *r;
    int rc = pdn_csv_reader_open(&r, fp, options);
    if (rc < 0) return rc;
    r->o.on_diag = NULL; /* quietly */
    struct value event = {NULL, 0}, date = {NULL, 0}, prev = {NULL, 0};
    if (csv_start_parser(r) < 0) rc = PDN_ENOMEM;
    while (rc == 0 && !r->nomem && csv_next_usable(r)) {
        for (size_t i = 0; i < r->nf; i++)
            csv_unprotect(r, r->data + r->off[i]);
        if (r->o.moves && !starts_game(r, &prev)) continue;
        const char *d = tag_value(r, &date, "Date");
        const char *e = d ? tag_value(r, &event, "Event") : NULL;
        if (d) {
            date_orders_add_span(orders, d);
            rc = date_orders_add_pair(orders, e, d);
        }
    }
    if (rc == 0) rc = r->nomem ? PDN_ENOMEM : r->failed;
    free(event.s);
    free(date.s);
    free(prev.s);
    pdn_csv_reader_free(r);
    return rc;
}
