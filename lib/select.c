/*
 * select: choosing games by their tags and indexes (see pdn.h), the one
 * implementation behind every tool's -g, --white, --player, --date ...
 * Criteria are read and folded once, when added; a match folds the game's
 * tag values into a buffer on the stack. It must not print, read files or
 * know about tools' options: the tools turn options into criteria.
 */
#include "date.h"
#include "date_orders.h"
#include "game.h"
#include "pdn.h"
#include "text.h"
#include "vec.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Dates as numbers YYYYMMDD, for comparing. */
enum { DATE_MIN = 0, DATE_MAX = 99999999 };

struct criterion {
    enum pdn_select_field field;
    char *name;    /* PDN_SELECT_TAG: the tag's name */
    char *text;    /* folded value (text fields) */
    size_t lo, hi; /* PDN_SELECT_GAMES: indexes; PDN_SELECT_DATE: dates */
    int number;    /* PDN_SELECT_RESULT (enum pdn_result), PDN_SELECT_GAMETYPE */
};

struct pdn_select {
    struct criterion *c;
    size_t n, cap;
    const pdn_date_orders *date_orders; /* the file's, borrowed; NULL: not known */
};

/* The tag each text field reads (PDN_SELECT_PLAYER reads two). */
static const char *const field_tag[PDN_SELECT_FIELD_COUNT] = {
    [PDN_SELECT_WHITE] = "White", [PDN_SELECT_BLACK] = "Black", [PDN_SELECT_EVENT] = "Event",
    [PDN_SELECT_SITE] = "Site",   [PDN_SELECT_ROUND] = "Round",
};

int pdn_select_new(pdn_select **out)
{
    if (out == NULL) return PDN_EINVAL;
    *out = calloc(1, sizeof **out);
    return *out ? 0 : PDN_ENOMEM;
}

void pdn_select_free(pdn_select *sel)
{
    if (sel == NULL) return;
    for (size_t i = 0; i < sel->n; i++) {
        free(sel->c[i].name);
        free(sel->c[i].text);
    }
    free(sel->c);
    free(sel);
}

/* ---- reading criteria ------------------------------------------------------- */

/* A decimal number of at most 'max' digits at *p, moved past it; -1 if none. */
static long read_number(const char **p, int max)
{
    long v = 0;
    int digits = 0;
    while (**p >= '0' && **p <= '9' && digits < max)
        v = v * 10 + (*(*p)++ - '0'), digits++;
    return digits ? v : -1;
}

/* "N", "N-M", "N-", "-M" up to end: false when it does not read. */
static bool read_games(struct criterion *c, const char *s, const char *end)
{
    const char *dash = memchr(s, '-', (size_t)(end - s));
    const char *p = s;
    if (dash == s && dash + 1 == end) return false; /* "-" alone */
    long lo = dash == s ? 1 : read_number(&p, 9);
    if (dash == s) p = s;
    if (lo < 1 || p != (dash ? dash : end)) return false;
    long hi = lo;
    if (dash) {
        p = dash + 1;
        hi = p == end ? LONG_MAX : read_number(&p, 9);
        if (hi < lo || p != end) return false;
    }
    c->lo = (size_t)lo;
    c->hi = hi == LONG_MAX ? SIZE_MAX : (size_t)hi;
    return true;
}

/* "YYYY[.MM[.DD]]" from s to end as the first (upper: last) day it covers;
 * an empty side of a range is unbounded. */
static bool read_date(size_t *out, const char *s, const char *end, bool upper)
{
    if (s == end) {
        *out = upper ? DATE_MAX : DATE_MIN;
        return true;
    }
    const char *p = s;
    long y = read_number(&p, 4), m = upper ? 12 : 1, d = upper ? 31 : 1;
    if (p - s != 4) return false;
    if (p < end && *p == '.') {
        p++;
        const char *q = p;
        if ((m = read_number(&p, 2)) < 1 || m > 12 || p - q != 2) return false;
        if (p < end && *p == '.') {
            q = ++p;
            if ((d = read_number(&p, 2)) < 1 || d > 31 || p - q != 2) return false;
        }
    }
    *out = (size_t)(y * 10000 + m * 100 + d);
    return p == end;
}

static bool read_date_range(struct criterion *c, const char *s)
{
    const char *end = s + strlen(s), *dash = strchr(s, '-');
    if (s == end || (dash && dash == s && dash + 1 == end)) return false;
    if (!read_date(&c->lo, s, dash ? dash : end, false)) return false;
    if (!read_date(&c->hi, dash ? dash + 1 : s, end, true)) return false;
    return c->lo <= c->hi;
}

static char *fold_copy(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    if (out) text_fold(out, s, n);
    return out;
}

/* Fills a criterion: 0, PDN_EINVAL or PDN_ENOMEM. */
static int read_criterion(struct criterion *c, const char *value)
{
    const char *eq;
    long v;
    switch (c->field) {
    case PDN_SELECT_DATE:
        return read_date_range(c, value) ? 0 : PDN_EINVAL;
    case PDN_SELECT_RESULT: {
        enum pdn_result r;
        if (!pdn_result_parse(&r, value, strlen(value))) return PDN_EINVAL;
        c->number = (int)r;
        return 0;
    }
    case PDN_SELECT_GAMETYPE:
        v = read_number(&value, 4);
        if (v < 0 || *value) return PDN_EINVAL;
        c->number = (int)v;
        return 0;
    case PDN_SELECT_TAG:
        if ((eq = strchr(value, '=')) == NULL || eq == value) return PDN_EINVAL;
        if ((c->name = strndup(value, (size_t)(eq - value))) == NULL) return PDN_ENOMEM;
        return (c->text = fold_copy(eq + 1)) ? 0 : PDN_ENOMEM;
    default:
        return (c->text = fold_copy(value)) ? 0 : PDN_ENOMEM;
    }
}

/* PDN_SELECT_GAMES: one criterion per item of a comma-separated list. */
static int add_games(pdn_select *sel, const char *value);

static int add_one(pdn_select *sel, struct criterion *c)
{
    if (!vec_reserve((void **)&sel->c, &sel->cap, sel->n, sizeof *sel->c)) return PDN_ENOMEM;
    sel->c[sel->n++] = *c;
    return 0;
}

int pdn_select_add(pdn_select *sel, enum pdn_select_field field, const char *value)
{
    if (sel == NULL || value == NULL || (unsigned)field >= PDN_SELECT_FIELD_COUNT)
        return PDN_EINVAL;
    if (field == PDN_SELECT_GAMES) return add_games(sel, value);
    struct criterion c = {.field = field};
    int err = read_criterion(&c, value);
    if (err == 0) err = add_one(sel, &c);
    if (err) {
        free(c.name);
        free(c.text);
    }
    return err;
}

static int add_games(pdn_select *sel, const char *value)
{
    size_t first = sel->n;
    for (const char *p = value;; p++) {
        const char *end = p + strcspn(p, ",");
        struct criterion c = {.field = PDN_SELECT_GAMES};
        int err = read_games(&c, p, end) ? add_one(sel, &c) : PDN_EINVAL;
        if (err) {
            sel->n = first; /* all of the list or none */
            return err;
        }
        p = end;
        if (*p == '\0') return 0;
    }
}

/* ---- matching ---------------------------------------------------------------- */

/* A tag value folded into buf (n + 1 bytes), or into memory the caller frees
 * (*heap) when it does not fit; NULL when out of memory. */
static const char *fold_value(char *buf, size_t n, const char *value, char **heap)
{
    size_t len = value ? strlen(value) : 0;
    char *out = buf;
    *heap = NULL;
    if (len >= n && (out = *heap = malloc(len + 1)) == NULL) return NULL;
    text_fold(out, value ? value : "", len);
    return out;
}

/* The folded value of tag 'name' is (whole) or holds (substring) text. */
static bool tag_fits(const pdn_game *game, const char *name, const char *text, bool whole)
{
    char buf[PDN_LIMIT_TAG_VALUE + 1], *heap;
    const char *v = fold_value(buf, sizeof buf, pdn_game_tag(game, name), &heap);
    bool fits = v && (whole ? strcmp(v, text) == 0 : strstr(v, text) != NULL);
    free(heap);
    return fits;
}

/* The days a game's Date tag may mean, [lo, hi] as YYYYMMDD (date.h);
 * false when it names no date. A day and month that could be swapped are
 * read as the other dates of the file settle them, as pdnfmt --fix writes
 * them; else day first (date_read). */
static bool game_dates(const pdn_select *sel, const pdn_game *game, size_t *lo, size_t *hi)
{
    char date[DATE_SIZE], why[DATE_WHY_SIZE];
    long days[2];
    const char *tag = pdn_game_date(game);
    if (!(tag && date_orders_reading(date, why, sel->date_orders, game, tag)) &&
        !date_read(date, tag))
        return false;
    date_days(days, date);
    *lo = (size_t)days[0];
    *hi = (size_t)days[1];
    return true;
}

static enum pdn_result game_result(const pdn_game *game)
{
    const char *tag = pdn_game_tag(game, "Result");
    enum pdn_result r;
    if (tag && pdn_result_parse(&r, tag, strlen(tag))) return r;
    return game->result;
}

/* The tag's number, else the type the reader inferred (20 when none). */
static int game_gametype(const pdn_game *game)
{
    const char *tag = pdn_game_tag(game, "GameType");
    if (tag == NULL) return game_untagged_type(game);
    while (*tag == ' ')
        tag++;
    const char *p = tag;
    long v = read_number(&p, 4);
    return v >= 0 && (*p == '\0' || *p == ',' || *p == ' ') ? (int)v : -1;
}

static bool fits(const pdn_select *sel, const struct criterion *c, const pdn_game *game)
{
    size_t lo, hi;
    switch (c->field) {
    case PDN_SELECT_GAMES:
        return game->index >= c->lo && game->index <= c->hi;
    case PDN_SELECT_PLAYER:
        return tag_fits(game, "White", c->text, false) || tag_fits(game, "Black", c->text, false);
    case PDN_SELECT_ROUND:
        return tag_fits(game, "Round", c->text, true);
    case PDN_SELECT_DATE:
        return game_dates(sel, game, &lo, &hi) && lo >= c->lo && hi <= c->hi;
    case PDN_SELECT_RESULT:
        return (int)game_result(game) == c->number;
    case PDN_SELECT_GAMETYPE:
        return game_gametype(game) == c->number;
    case PDN_SELECT_TAG:
        return tag_fits(game, c->name, c->text, true);
    default:
        return tag_fits(game, field_tag[c->field], c->text, false);
    }
}

/* Criteria i and j are of one kind: the same field (and tag name). */
static bool same_kind(const struct criterion *a, const struct criterion *b)
{
    return a->field == b->field && (a->field != PDN_SELECT_TAG || strcmp(a->name, b->name) == 0);
}

bool pdn_select_match(const pdn_select *sel, const pdn_game *game)
{
    if (sel == NULL) return true;
    if (game == NULL) return false;
    for (size_t i = 0; i < sel->n; i++) {
        bool first = true, any = false;
        for (size_t j = 0; j < i && first; j++)
            first = !same_kind(&sel->c[j], &sel->c[i]);
        if (!first) continue; /* its kind was judged with the first of it */
        for (size_t j = i; j < sel->n && !any; j++)
            any = same_kind(&sel->c[j], &sel->c[i]) && fits(sel, &sel->c[j], game);
        if (!any) return false;
    }
    return true;
}

void pdn_select_set_date_orders(pdn_select *sel, const pdn_date_orders *orders)
{
    if (sel) sel->date_orders = orders;
}

bool pdn_select_exhausted(const pdn_select *sel, size_t index)
{
    bool ranges = false;
    for (size_t i = 0; sel && i < sel->n; i++) {
        if (sel->c[i].field != PDN_SELECT_GAMES) continue;
        if (sel->c[i].hi > index) return false;
        ranges = true;
    }
    return ranges;
}
