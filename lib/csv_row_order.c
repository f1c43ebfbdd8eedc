/*
 * csv_row_order: the order of the rows of pdn2csv --moves --variations,
 * checked as csv2pdn reads them. See csv_row_order.h. The rule held on
 * every row pdn2csv --moves --variations --lossless writes of the corpus,
 * tests/data and the fuzz regressions (148,000 rows).
 */
#include "csv_row_order.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void csv_row_order_start(struct row_order *o)
{
    memset(o, 0, sizeof *o);
    strcpy(o->id, "1");
}

bool csv_line_inside(const char *a, const char *b)
{
    size_t n = strlen(b);
    return strncmp(a, b, n) == 0 && a[n] == '.';
}

unsigned csv_line_depth(const char *id, unsigned most)
{
    unsigned n = 0;
    for (const char *p = strchr(id, '.'); p && n < most; p = strchr(p + 1, '.'))
        n++;
    return n;
}

/* A line's depth, counted up to one past what struct row_order keeps. */
static unsigned dots(const char *id)
{
    return csv_line_depth(id, ROW_ORDER_DEEPEST);
}

/* A cell's number, 0 when empty or not one, or past any ply a game has
 * (so that the plies' sums cannot overflow). */
static long number(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    return s[0] >= '0' && s[0] <= '9' && *end == '\0' && v > 0 && v < 1000000000 ? v : 0;
}

/* Why a row cannot follow into why[0, cap): "rows out of order: ", the
 * case (form, of the line and two plies), and what to do. False, for the
 * caller to return. */
static bool out_of_order(char *why, size_t cap, const char *form, const char *line, long a, long b)
{
    int n = snprintf(why, cap, "rows out of order: ");
    if (n < 0 || (size_t)n >= cap) return false;
    int m = snprintf(why + n, cap - (size_t)n, form, line, a, b);
    if (m < 0 || (size_t)(n + m) >= cap) return false;
    snprintf(why + n + m, cap - (size_t)(n + m),
             "; keep pdn2csv's order (in a database, order by the row read)");
    return false;
}

/* A variation's first row: it replaces the ply its line stands at, and
 * begins at that ply. */
static bool open_line(struct row_order *o, const char *line, long from, long p, char *why,
                      size_t cap)
{
    long at = o->ply[o->depth];
    if (strlen(line) >= sizeof o->id || dots(line) >= ROW_ORDER_DEEPEST) return true;
    if (from && at && from != at)
        return out_of_order(why, cap, "line %s replaces ply %ld, but its line stands at ply %ld",
                            line, from, at);
    if (p && from && p != from)
        return out_of_order(why, cap, "line %s replaces ply %ld, but its first row is ply %ld",
                            line, from, p);
    strcpy(o->id, line);
    o->depth = dots(line);
    o->ply[o->depth] = p;
    return true;
}

bool csv_row_order_step(struct row_order *o, const char *line, const char *parent, const char *ply,
                        char *why, size_t cap)
{
    if (!line[0]) line = "1";
    long p = number(ply), from = number(parent);
    /* back out of the lines this row is not in */
    while (o->depth > 0 && strcmp(line, o->id) != 0 && !csv_line_inside(line, o->id)) {
        *strrchr(o->id, '.') = '\0';
        o->ply[o->depth] = 0;
        o->depth = dots(o->id);
    }
    if (strcmp(line, o->id) != 0) return open_line(o, line, from, p, why, cap);
    long last = o->ply[o->depth];
    if (p && last && p != last + 1)
        return out_of_order(why, cap, "line %s: ply %ld after ply %ld", line, p, last);
    if (p) o->ply[o->depth] = p;
    return true;
}
