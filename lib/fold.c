/*
 * fold: text made comparable for searching, so that "Valneris" finds
 * "Valnéris" and "VALNÉRIS" (see text.h). Table-driven over the Latin-1
 * Supplement, Latin Extended-A and the basic Cyrillic block; every other
 * character is kept as it is. No allocation, no state; it must not know
 * about tags or games (select.c decides what is compared how).
 */
#include "text.h"

/* U+00C0..U+00FF by base letter: '-' keeps the character (the signs x and
 * division), '*' is a ligature of fold_pairs. */
static const char latin1[64 + 1] = "aaaaaa*ceeeeiiii"
                                   "dnooooo-ouuuuy**"
                                   "aaaaaa*ceeeeiiii"
                                   "dnooooo-ouuuuy*y";

/* U+0100..U+017F (Latin Extended-A) by base letter. */
static const char latin_ext_a[128 + 1] = "aaaaaaccccccccdd"
                                         "ddeeeeeeeeeegggg"
                                         "gggghhhhiiiiiiii"
                                         "ii**jjkkklllllll"
                                         "lllnnnnnnnnnoooo"
                                         "oo**rrrrrrssssss"
                                         "sstttttttuuuuuuu"
                                         "uuuuwwyyyzzzzzzs";

/* The letters that fold to two. */
static const struct {
    uint16_t cp;
    char to[3];
} fold_pairs[] = {
    {0x00C6, "ae"}, {0x00DE, "th"}, {0x00DF, "ss"}, {0x00E6, "ae"}, {0x00FE, "th"},
    {0x0132, "ij"}, {0x0133, "ij"}, {0x0152, "oe"}, {0x0153, "oe"},
};

static const char *pair_of(unsigned cp)
{
    for (size_t i = 0; i < sizeof fold_pairs / sizeof fold_pairs[0]; i++)
        if (fold_pairs[i].cp == cp) return fold_pairs[i].to;
    return "";
}

/* Cyrillic U+0400..U+045F to its lower case, ё and ѐ to е, ѝ to и; 0 when
 * cp is no Cyrillic letter of that block. */
static unsigned cyrillic_fold(unsigned cp)
{
    if (cp >= 0x0400 && cp <= 0x040F) cp += 0x50;
    if (cp >= 0x0410 && cp <= 0x042F) cp += 0x20;
    if (cp == 0x0450 || cp == 0x0451) return 0x0435;
    if (cp == 0x045D) return 0x0438;
    return cp >= 0x0430 && cp <= 0x045F ? cp : 0;
}

/* Folds the two-byte character cp into out; returns the bytes written. */
static size_t fold_two(char *out, unsigned cp, const unsigned char *src)
{
    const char *to = NULL;
    char one[2] = {0, 0};
    if (cp >= 0x00C0 && cp <= 0x00FF && latin1[cp - 0xC0] != '-')
        one[0] = latin1[cp - 0xC0];
    else if (cp >= 0x0100 && cp <= 0x017F)
        one[0] = latin_ext_a[cp - 0x100];
    else if (cp >= 0x0300 && cp <= 0x036F) /* combining marks: dropped */
        return 0;
    else if ((cp = cyrillic_fold(cp)) != 0) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (one[0] == '*')
        to = pair_of(cp);
    else if (one[0])
        to = one;
    if (to == NULL) { /* kept */
        out[0] = (char)src[0], out[1] = (char)src[1];
        return 2;
    }
    size_t n = 0;
    for (; to[n]; n++)
        out[n] = to[n];
    return n;
}

size_t text_fold(char *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t w = 0;
    while (p < end) {
        unsigned b = *p;
        if (b >= 0xC2 && b <= 0xDF && end - p >= 2 && (p[1] & 0xC0) == 0x80) {
            w += fold_two(out + w, ((b & 0x1F) << 6) | (p[1] & 0x3F), p);
            p += 2;
            continue;
        }
        out[w++] = (char)(b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b);
        p++;
    }
    out[w] = '\0';
    return w;
}
