/*
 * csv_decode: the bytes of a CSV that is not UTF-8 (a spreadsheet's export
 * in the system's code page, CP1252 for Excel's "CSV (Comma delimited)")
 * made UTF-8 before libcsv splits them, by the PDN reader's own decoder
 * (input.c), so that both read a file alike: UTF-8 up to its first byte
 * that is not (a byte order mark decides), the rest in the code page asked
 * for, but for lines that are all UTF-8 (files joined, codepage.h); and
 * a UTF-16 or UTF-32 file (Excel's "Unicode Text"), whatever encoding is
 * asked for, as the PDN reader recognises one. Knows nothing of rows or
 * games.
 */
#include "csv_reader.h"
#include "input.h"

#include <stdlib.h>
#include <string.h>

/* The decoded text: input_fill wants INPUT_TEXT_ROOM free after what it
 * keeps of the last fill (the start of a UTF-8 sequence a read cut). */
#define TEXT_CAP (2 * INPUT_TEXT_ROOM)

struct csv_decoding {
    struct input_source src;
    struct input_text text; /* [given, text.end) decoded, not handed out yet */
    size_t given;
    int said;            /* the decoder's findings (src.events) handed out */
    unsigned char *head; /* fp's bytes read before the decoding began */
};

/* A decoding of fp in encoding (valid), after head[0, n), its bytes read
 * already (kept: the caller's buffer is refilled with decoded text). */
static int open_decoding(struct csv_decoding **out, FILE *fp, enum pdn_encoding encoding,
                         const char *head, size_t n)
{
    struct csv_decoding *d = calloc(1, sizeof *d);
    if (!d || !(d->text.data = malloc(TEXT_CAP)) || !(d->head = malloc(n ? n : 1))) {
        if (d) free(d->text.data);
        free(d);
        return PDN_ENOMEM;
    }
    if (n) memcpy(d->head, head, n);
    d->text.cap = TEXT_CAP;
    input_init(&d->src, encoding);
    d->src.fp = fp;
    d->src.mem = d->head;
    d->src.mem_len = n;
    *out = d;
    return 0;
}

int csv_decoding_open(struct csv_decoding **out, FILE *fp, enum pdn_encoding encoding)
{
    *out = NULL;
    if ((unsigned)encoding >= ENCODING_COUNT) return PDN_EINVAL;
    if (encoding == PDN_ENCODING_AUTO || encoding == PDN_ENCODING_UTF8) return 0;
    return open_decoding(out, fp, encoding, NULL, 0);
}

int csv_decoding_open_wide(struct csv_decoding **out, FILE *fp, enum pdn_encoding encoding,
                           const char *head, size_t n)
{
    *out = NULL;
    if ((unsigned)encoding >= ENCODING_COUNT) return PDN_EINVAL;
    return open_decoding(out, fp, encoding, head, n);
}

void csv_decoding_free(struct csv_decoding *d)
{
    if (!d) return;
    input_fini(&d->src);
    free(d->text.data);
    free(d->head);
    free(d);
}

/* More text decoded, what input_fill kept of the last fill moved to the
 * front: 1, 0 at the end of the input, or a negative PDN_E* code. */
static int decode_more(struct csv_decoding *d)
{
    struct input_text *t = &d->text;
    size_t kept = t->filled - t->end;
    memmove(t->data, t->data + t->end, kept);
    t->base += t->end;
    t->end = 0;
    t->filled = kept;
    d->given = 0;
    d->said = 0;
    d->src.nevents = 0;
    return input_fill(&d->src, t);
}

int csv_decoding_read(struct csv_decoding *d, char *out, size_t cap, size_t *len)
{
    *len = 0;
    if (d->given == d->text.end) {
        int rc = decode_more(d);
        if (rc <= 0) return rc;
    }
    size_t n = d->text.end - d->given;
    if (n > cap) n = cap;
    memcpy(out, d->text.data + d->given, n);
    d->given += n;
    *len = n;
    return 0;
}

bool csv_decoding_finding(struct csv_decoding *d, enum pdn_diag_code *code, const char **detail,
                          uint64_t *at)
{
    if (d->said >= d->src.nevents) return false;
    *code = d->src.events[d->said].code;
    *detail = d->src.events[d->said].detail;
    *at = d->src.events[d->said].offset;
    d->said++;
    return true;
}
