/*
 * stats_spelling: how many letters apart two spellings of a name are
 * (stats_spelling_distance), for pdn_stats_suggest's misspelt surnames.
 * Counts characters, not bytes: "Bouré" and "Boure" are one letter apart
 * before folding, as "Manakanou" and "Manakounou" are two. Never prints.
 */
#include "stats.h"

#include <string.h>

enum { SPELLING_MAX = 64 }; /* characters: a surname, not a sentence */

/* The characters of a UTF-8 string (a byte that starts none counts as
 * one), at most SPELLING_MAX; -1 when longer. */
static int decode(uint32_t *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    int n = 0;
    while (*p) {
        if (n == SPELLING_MAX) return -1;
        size_t len = *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 1;
        uint32_t c = *p++;
        for (size_t k = 1; k < len && (*p & 0xC0) == 0x80; k++)
            c = c << 8 | *p++;
        out[n++] = c;
    }
    return n;
}

static unsigned min3(unsigned a, unsigned b, unsigned c)
{
    unsigned m = a < b ? a : b;
    return m < c ? m : c;
}

/* Letters added, dropped, changed, or two neighbours swapped (the optimal
 * string alignment distance): three rows of the classic table, each only
 * within max of its diagonal, where a distance of max or less must pass. */
unsigned stats_spelling_distance(const char *a, const char *b, unsigned max)
{
    uint32_t x[SPELLING_MAX], y[SPELLING_MAX];
    int nx = decode(x, a), ny = decode(y, b), band = (int)max;
    if (nx < 0 || ny < 0 || (unsigned)(nx > ny ? nx - ny : ny - nx) > max) return max + 1;
    unsigned rows[3][SPELLING_MAX + 2];
    unsigned *before = rows[0], *prev = rows[1], *cur = rows[2], far = max + 1;
    for (int j = 0; j <= ny; j++)
        prev[j] = (unsigned)j;
    for (int i = 1; i <= nx; i++) {
        int lo = i - band > 1 ? i - band : 1, hi = i + band < ny ? i + band : ny;
        cur[lo - 1] = lo == 1 ? (unsigned)i : far;
        unsigned best = far;
        for (int j = lo; j <= hi; j++) {
            unsigned change = x[i - 1] != y[j - 1];
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + change);
            if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] &&
                before[j - 2] + 1 < cur[j])
                cur[j] = before[j - 2] + 1;
            if (cur[j] < best) best = cur[j];
        }
        if (best > max) return far; /* every later row is at least as far */
        cur[hi + 1] = far;          /* outside the band, for the next row */
        unsigned *spare = before;
        before = prev, prev = cur, cur = spare;
    }
    return prev[ny] > max ? far : prev[ny];
}

/* Two forms of one family name that Slavic languages give a man and a
 * woman: Polish "Bankowski" / "Bankowska", Czech "Vejvoda" / "Vejvodova"
 * and "Novak" / "Novakova", Russian "Ivanov" / "Ivanova", "Tolsty" /
 * "Tolstaya". The tails after their common start, either way round. */
bool stats_spelling_gendered(const char *a, const char *b)
{
    static const char *const tails[][2] = {
        {"", "a"}, {"i", "a"}, {"y", "a"}, {"", "ova"}, {"a", "ova"}, {"y", "aya"}, {"ij", "aja"},
    };
    size_t k = 0;
    while (a[k] && a[k] == b[k])
        k++;
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++)
        for (int way = 0; way < 2; way++)
            if (strcmp(a + k, tails[i][way]) == 0 && strcmp(b + k, tails[i][!way]) == 0)
                return true;
    return false;
}
