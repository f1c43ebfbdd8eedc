/*
 * suggest: what an unknown option was probably meant to be, for the usage
 * error of tool_option_error: an option renamed since (the tool's table),
 * the options an ambiguous abbreviation could be, or the nearest long
 * option by edit distance (a swap of two letters counts one, as in
 * '--crosstabel'). No PDN logic; it only composes text.
 */
#include "common.h"

#include <stdio.h>
#include <string.h>

/* Names longer than this are no option of ours: never near one. */
enum { NAME_MAX_LEN = 40 };

/* The optimal string alignment distance of a[0, n) and b[0, m). */
static size_t distance(const char *a, size_t n, const char *b, size_t m)
{
    size_t d[NAME_MAX_LEN + 1][NAME_MAX_LEN + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[n][m];
}

/* Appends "'--name'" to out, joined with ", " or " or " before the last. */
static void add_name(char *out, size_t cap, const char *name, size_t nth, bool last)
{
    size_t len = strlen(out);
    const char *sep = nth == 0 ? "" : last ? " or " : ", ";
    snprintf(out + len, cap - len, "%s'--%s'", sep, name);
}

/* Every long option that name[0, n) abbreviates (more than one: getopt
 * could not choose). */
static bool ambiguous(char *out, size_t cap, const struct option *opts, const char *name, size_t n)
{
    size_t count = 0, k = 0;
    for (const struct option *o = opts; o->name; o++)
        count += strncmp(o->name, name, n) == 0;
    if (count < 2) return false;
    snprintf(out, cap, "could be ");
    for (const struct option *o = opts; o->name; o++)
        if (strncmp(o->name, name, n) == 0) add_name(out, cap, o->name, k, k + 1 == count), k++;
    return true;
}

/* The long options nearest to name[0, n): within a third of its length
 * (at least 1, at most 2 edits), every one at the least distance. */
static bool nearest(char *out, size_t cap, const struct option *opts, const char *name, size_t n)
{
    size_t limit = n / 3 < 1 ? 1 : n / 3 > 2 ? 2 : n / 3;
    size_t best = limit + 1, count = 0, k = 0;
    for (const struct option *o = opts; o->name; o++) {
        size_t len = strlen(o->name);
        if (len > NAME_MAX_LEN) continue;
        size_t dist = distance(name, n, o->name, len);
        if (dist < best) best = dist, count = 0;
        count += dist == best;
    }
    if (best > limit) return false;
    snprintf(out, cap, "did you mean ");
    for (const struct option *o = opts; o->name; o++) {
        size_t len = strlen(o->name);
        if (len <= NAME_MAX_LEN && distance(name, n, o->name, len) == best)
            add_name(out, cap, o->name, k, k + 1 == count), k++;
    }
    strncat(out, "?", cap - strlen(out) - 1);
    return true;
}

bool tool_suggest_option(char *out, size_t cap, const struct tool *t, const char *typed)
{
    out[0] = '\0';
    size_t n = strcspn(typed, "=");
    for (const struct tool_renamed *r = t->renamed; r && r->old; r++)
        if (strlen(r->old) == n && strncmp(r->old, typed, n) == 0)
            return snprintf(out, cap, "now %s", r->now) > 0;
    if (t->long_options == NULL || strncmp(typed, "--", 2) != 0) return false;
    const char *name = typed + 2;
    n -= 2;
    if (n == 0 || n > NAME_MAX_LEN) return false;
    return ambiguous(out, cap, t->long_options, name, n) ||
           nearest(out, cap, t->long_options, name, n);
}
