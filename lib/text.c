/*
 * text: the facts about text every reader of PDN shares. UTF-8 validity
 * here; no allocation, no state.
 */
#include "text.h"

#include <stdint.h>
#include <string.h>

/* Length of the sequence starting at s (n bytes available): >0 valid,
 * 0 truncated at the end, -1 invalid. Follows Unicode table 3-7. */
static int utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    int len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0xC2) return -1;
    if (c < 0xE0)
        len = 2;
    else if (c < 0xF0) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c < 0xF5) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return -1;
    for (int i = 1; i < len; i++) {
        if ((size_t)i >= n) return 0;
        unsigned b = s[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF)) return -1;
    }
    return len;
}

size_t text_utf8_valid(const unsigned char *s, size_t n, bool *incomplete)
{
    size_t i = 0;
    *incomplete = false;
    while (i < n) {
        /* ASCII runs are the common case: test sixteen, then eight bytes
         * at a time. */
        while (i + 16 <= n) {
            uint64_t w[2];
            memcpy(w, s + i, 16);
            if ((w[0] | w[1]) & 0x8080808080808080u) break;
            i += 16;
        }
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (w & 0x8080808080808080u) break;
            i += 8;
        }
        while (i < n && s[i] < 0x80)
            i++;
        if (i >= n) break;
        int len = utf8_seq(s + i, n - i);
        if (len <= 0) {
            *incomplete = len == 0;
            return i;
        }
        i += (size_t)len;
    }
    return i;
}
