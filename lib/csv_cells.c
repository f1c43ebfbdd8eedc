/*
 * csv_cells: a cell of the CSV writer's rows: its text built in the cell
 * buffer (kept from game to game), then handed to csv.c as one field. The
 * leaf of the writer: every other file of it calls this one.
 */
#include "csv_writer.h"
#include "vec.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- cell text ---- */

void csv_cell_reset(pdn_csv_writer *w)
{
    w->ncell = 0;
}

/* csv_cell_room when the cell buffer must grow for n more bytes and a NUL. */
bool csv_cell_grow(pdn_csv_writer *w, size_t n)
{
    size_t need = n >= SIZE_MAX - w->ncell ? SIZE_MAX : w->ncell + n + 1;
    if (vec_grow((void **)&w->cell, &w->capcell, need, 1)) return true;
    w->nomem = true;
    return false;
}

void csv_cell_add(pdn_csv_writer *w, const char *s, size_t n)
{
    if (!csv_cell_room(w, n)) return;
    memcpy(w->cell + w->ncell, s, n);
    w->ncell += n;
    w->cell[w->ncell] = '\0';
}

void csv_cell_adds(pdn_csv_writer *w, const char *s)
{
    csv_cell_add(w, s, strlen(s));
}

void csv_put(pdn_csv_writer *w, const struct col *c, const char *s)
{
    csv_out_field(&w->out, s ? s : "", s ? strlen(s) : 0, c->kind);
}

void csv_put_cell(pdn_csv_writer *w, const struct col *c)
{
    csv_out_field(&w->out, w->cell ? w->cell : "", w->ncell, c->kind);
}

void csv_put_number(pdn_csv_writer *w, const struct col *c, unsigned long long v)
{
    char buf[24];
    csv_out_field(&w->out, buf, (size_t)(decimal_text(buf, v) - buf), c->kind);
}
