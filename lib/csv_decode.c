/*
 * csv_decode: the bytes of a CSV that is not UTF-8 (a spreadsheet's export
 * in the system's code page, CP1252 for Excel's "CSV (Comma delimited)")
 * made UTF-8 before libcsv splits them, as the PDN reader decodes a file:
 * UTF-8 up to its first byte that is not (a UTF-8 byte order mark: UTF-8
 * throughout), the rest in the code page asked for. Single-byte code pages
 * only, by codepage.c's tables (which come from iconv); knows nothing of
 * rows or games.
 */
#include "codepage.h"
#include "csv_reader.h"
#include "encoding.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* Bytes read at a time: decoded, each is at most 3 (CSV_DECODE_GROWTH). */
#define RAW_BYTES ((size_t)16 * 1024)

struct csv_decoding {
    struct codepage cp;
    unsigned char raw[RAW_BYTES];
    size_t ntail;    /* the start of a UTF-8 sequence the last read cut, kept */
    bool started;    /* the first bytes were looked at for a byte order mark */
    bool utf8;       /* a UTF-8 byte order mark: never decoded */
    bool converting; /* past the first byte that is not UTF-8 */
};

int csv_decoding_open(struct csv_decoding **out, enum pdn_encoding encoding)
{
    *out = NULL;
    if ((unsigned)encoding >= ENCODING_COUNT) return PDN_EINVAL;
    if (encoding == PDN_ENCODING_AUTO || encoding == PDN_ENCODING_UTF8) return 0;
    struct csv_decoding *d = calloc(1, sizeof *d);
    if (!d) return PDN_ENOMEM;
    if (!codepage_init(&d->cp, encoding_charset(encoding))) {
        free(d);
        return PDN_EENCODING;
    }
    *out = d;
    return 0;
}

void csv_decoding_free(struct csv_decoding *d)
{
    free(d);
}

const char *csv_decoding_charset(const struct csv_decoding *d)
{
    return d->cp.charset;
}

/* raw[from, n) in the code page, appended at out: its length. */
static size_t decode(struct csv_decoding *d, size_t from, size_t n, char *out, bool *undefined)
{
    size_t len = 0;
    for (size_t i = from; i < n; i++) {
        unsigned char b = d->raw[i];
        size_t k = (size_t)d->cp.extra[b] + 1;
        memcpy(out + len, d->cp.utf8[b], k);
        len += k;
        *undefined |= d->cp.undefined[b];
    }
    return len;
}

/* One read: what of it is UTF-8, then the rest decoded; 0 with a sequence
 * kept (ntail) when that is all it read. */
static size_t read_once(struct csv_decoding *d, FILE *fp, char *out, bool *undefined)
{
    size_t got = fread(d->raw + d->ntail, 1, RAW_BYTES - d->ntail, fp);
    size_t n = d->ntail + got;
    d->ntail = 0;
    if (!d->started && n > 0) {
        d->started = true;
        d->utf8 = n >= 3 && memcmp(d->raw, "\xEF\xBB\xBF", 3) == 0;
    }
    size_t ok = d->converting ? 0 : n;
    if (!d->converting && !d->utf8) {
        bool incomplete;
        ok = text_utf8_valid(d->raw, n, &incomplete);
        /* a sequence cut by the read may end in the next one's first bytes */
        if (ok < n && incomplete && got > 0)
            d->ntail = n - ok;
        else
            d->converting = ok < n;
    }
    memcpy(out, d->raw, ok);
    if (d->ntail) memmove(d->raw, d->raw + ok, d->ntail);
    return d->converting ? ok + decode(d, ok, n, out + ok, undefined) : ok;
}

size_t csv_decoding_read(struct csv_decoding *d, FILE *fp, char *out, size_t cap, bool *undefined)
{
    if (cap < RAW_BYTES * CSV_DECODE_GROWTH) return 0;
    size_t len;
    while ((len = read_once(d, fp, out, undefined)) == 0 && d->ntail > 0)
        ;
    return len;
}
