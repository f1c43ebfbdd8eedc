/*
 * codepage: single-byte code pages measured byte by byte (codepage.h).
 * The table comes from iconv(3) itself, the decoder input.c uses, so that
 * the lengths are what decoding gives.
 */
#include "codepage.h"
#include "text.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>

/* U+FFFD, which input.c writes for a byte the code page does not define. */
enum { REPLACEMENT_BYTES = 3 };

bool codepage_init(struct codepage *cp, const char *charset)
{
    iconv_t cd = iconv_open("UTF-8", charset);
    if (cd == (iconv_t)-1) return false;
    memset(cp, 0, sizeof *cp);
    cp->charset = charset;
    bool single = true;
    for (int b = 0; b < 256 && single; b++) {
        char in = (char)b, out[8];
        char *inp = &in, *outp = out;
        size_t inleft = 1, outleft = sizeof out;
        iconv(cd, NULL, NULL, NULL, NULL);
        if (iconv(cd, &inp, &inleft, &outp, &outleft) == (size_t)-1) {
            /* EINVAL: the byte begins a longer sequence; no single-byte code page */
            single = errno == EILSEQ;
            cp->undefined[b] = true;
            cp->extra[b] = REPLACEMENT_BYTES - 1;
            memcpy(cp->utf8[b], "\xef\xbf\xbd", REPLACEMENT_BYTES);
            continue;
        }
        size_t n = sizeof out - outleft;
        single = n >= 1 && n <= sizeof cp->utf8[b] && (b >= 0x80 || (n == 1 && out[0] == (char)b));
        cp->extra[b] = (uint8_t)(n - 1);
        memcpy(cp->utf8[b], out, n < sizeof cp->utf8[b] ? n : sizeof cp->utf8[b]);
    }
    iconv_close(cd);
    return single;
}

size_t codepage_ascii_run(const unsigned char *b, size_t len)
{
    size_t i = 0;
    /* Most of a PDN file is ASCII: blocks of it skipped with one test,
     * which the compiler makes vector code of. */
    for (; len - i >= 64; i += 64) {
        unsigned char high = 0;
        for (int k = 0; k < 64; k++)
            high |= b[i + k];
        if (high >= 0x80) break;
    }
    while (i < len && b[i] < 0x80)
        i++;
    return i;
}

size_t codepage_span(const unsigned char *b, size_t len, bool eof, bool *utf8)
{
    size_t max = len < CODEPAGE_SPAN ? len : CODEPAGE_SPAN, n = 0;
    while (n < max && b[n] != '\n' && b[n] != '\r')
        n++;
    if (n == len && len < CODEPAGE_SPAN && !eof) return 0;
    bool incomplete;
    *utf8 = text_utf8_valid(b, n, &incomplete) == n;
    return n;
}

uint64_t codepage_decoded_len(const struct codepage *cp, const unsigned char *bytes, size_t len,
                              bool *undefined)
{
    uint64_t extra = 0;
    bool bad = false;
    for (size_t i = codepage_ascii_run(bytes, len); i < len;
         i += codepage_ascii_run(bytes + i, len - i)) {
        bool utf8;
        size_t n = codepage_span(bytes + i, len - i, true, &utf8);
        for (size_t k = i; !utf8 && k < i + n; k++) {
            extra += cp->extra[bytes[k]];
            bad |= cp->undefined[bytes[k]];
        }
        i += n;
    }
    if (bad) *undefined = true;
    return len + extra;
}

size_t codepage_chars(const char *utf8, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)utf8[i] & 0xC0) != 0x80;
    return n;
}
