/*
 * stats_spelling: how many letters apart two spellings of a name are
 * (stats_spelling_distance), for pdn_stats_suggest's misspelt surnames,
 * and a name with its umlauts written out (stats_written_out).
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

/* The letters other languages write as two: German's umlauts, Danish and
 * Norwegian ø and å (UTF-8 0xC3 and this byte). */
static const struct {
    unsigned char second;
    char as[3], letter[3];
} written_two[] = {
    {0xA4, "ae", "ä"}, {0x84, "Ae", "Ä"}, {0xB6, "oe", "ö"}, {0x96, "Oe", "Ö"}, {0xBC, "ue", "ü"},
    {0x9C, "Ue", "Ü"}, {0xB8, "oe", "ø"}, {0x98, "Oe", "Ø"}, {0xA5, "aa", "å"}, {0x85, "Aa", "Å"},
};

/* The index in written_two of the letter at s[i] (s[0, n)), or -1. */
static int written_two_at(const char *s, size_t i, size_t n)
{
    if ((unsigned char)s[i] != 0xC3 || i + 1 >= n) return -1;
    for (size_t k = 0; k < sizeof written_two / sizeof written_two[0]; k++)
        if (written_two[k].second == (unsigned char)s[i + 1]) return (int)k;
    return -1;
}

bool stats_written_out(char *out, const char *s, size_t n, const char **letter, const char **as)
{
    bool any = false;
    for (size_t i = 0; i < n;) {
        int k = written_two_at(s, i, n);
        if (k < 0) {
            out[i] = s[i];
            i++;
            continue;
        }
        if (!any) *letter = written_two[k].letter, *as = written_two[k].as;
        any = true;
        memcpy(out + i, written_two[k].as, 2); /* two bytes for two */
        i += 2;
    }
    out[n] = '\0';
    return any;
}
