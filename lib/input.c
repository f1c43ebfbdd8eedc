/*
 * input: input bytes -> UTF-8, deciding the encoding of a stream as it
 * comes.
 *
 * The choice, made once per file:
 *   - a UTF-8 BOM is dropped and binds the file to UTF-8; a UTF-32 or UTF-16
 *     BOM (LE or BE) selects that, and so does, with a warning, a first block
 *     whose bytes are NUL where ASCII in UTF-32 or UTF-16 has them;
 *   - otherwise the text is taken as UTF-8 and each block is validated as it
 *     arrives (zero copy: bytes are read straight into the text buffer);
 *   - at the first byte that is not UTF-8 the rest of the file, from that
 *     byte on, is decoded in the encoding asked for, or, for
 *     PDN_ENCODING_AUTO, in the one uchardet finds in the next DETECT_BYTES
 *     (read ahead, kept for decoding), else CP1252; the choice is reported
 *     once. The bytes before it were valid UTF-8, so nothing already handed
 *     out changes meaning; UTF-8 asked for or marked by a BOM stays UTF-8.
 *     In a single-byte code page, lines of UTF-8 that follow stay UTF-8
 *     (codepage.h): files joined, one of them UTF-8.
 * Bytes the chosen encoding does not define become U+FFFD, reported once
 * per file. Code pages come from iconv(3) only, no hand-made tables: a
 * code page of one byte a character is decoded by a table iconv filled
 * (codepage.c), byte by byte as iconv decodes it, the others by iconv.
 * This module reads and converts; it must not lex or call back.
 */
#include "input.h"
#include "text.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RAW_CAP (2 * INPUT_BLOCK)
/* Bytes looked at for a byte order mark or NULs before choosing an encoding. */
#define SNIFF_BYTES 256
/* How many bytes, from the first one that is not UTF-8, uchardet is shown. */
#define DETECT_BYTES ((size_t)16 * 1024)

/* ---- Input ---------------------------------------------------------------- */

int input_init(struct input_source *src, enum pdn_encoding encoding)
{
    if ((unsigned)encoding >= ENCODING_COUNT) return PDN_EINVAL;
    memset(src, 0, sizeof *src);
    src->fd = -1;
    src->encoding = encoding;
    src->mode = INPUT_MODE_START;
    src->cd = NULL;
    return 0;
}

void input_fini(struct input_source *src)
{
    if (src->cd) iconv_close((iconv_t)src->cd);
    src->cd = NULL;
    free(src->raw);
    src->raw = NULL;
    free(src->table);
    src->table = NULL;
}

void input_reuse(struct input_source *src)
{
    unsigned char *raw = src->raw;
    struct codepage *table = src->table;
    if (src->cd) iconv_close((iconv_t)src->cd);
    input_init(src, src->encoding); /* valid: it was */
    src->raw = raw;
    src->table = table;
}

/* Reads up to cap bytes; 0 sets in_eof. */
static ssize_t input_read(struct input_source *src, void *buf, size_t cap)
{
    if (src->in_eof || cap == 0) return 0;
    if (src->mem_pos < src->mem_len) { /* memory input, or the head of fp read already */
        size_t n = src->mem_len - src->mem_pos;
        if (n > cap) n = cap;
        memcpy(buf, src->mem + src->mem_pos, n);
        src->mem_pos += n;
        src->consumed += n;
        return (ssize_t)n;
    }
    if (src->fp) {
        size_t n = fread(buf, 1, cap, src->fp);
        if (n == 0) src->in_eof = true;
        src->consumed += n;
        return n == 0 && ferror(src->fp) ? PDN_EIO : (ssize_t)n;
    }
    if (src->fd < 0) { /* memory input, all of it read */
        src->in_eof = true;
        return 0;
    }
    for (;;) {
        ssize_t n = read(src->fd, buf, cap);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return PDN_EIO;
        if (n == 0) src->in_eof = true;
        src->consumed += (uint64_t)n;
        return n;
    }
}

static void add_event(struct input_source *src, enum pdn_diag_code code, uint64_t offset,
                      const char *detail)
{
    if (src->nevents >= (int)(sizeof src->events / sizeof src->events[0])) return;
    src->events[src->nevents++] = (struct input_event){code, offset, detail};
}

/* Whether src->table is charset's: the kept one, or one made now (false
 * for a charset of more than one byte a character, or out of memory: iconv
 * decodes). */
static bool table_for(struct input_source *src, const char *charset)
{
    if (src->table && strcmp(src->table->charset, charset) == 0) return true;
    if (!src->table && !(src->table = malloc(sizeof *src->table))) return false;
    if (codepage_init(src->table, charset)) return true;
    free(src->table);
    src->table = NULL;
    return false;
}

static int start_convert(struct input_source *src, const char *charset, size_t unit)
{
    src->by_table = unit == 1 && table_for(src, charset);
    iconv_t cd = NULL;
    if (!src->by_table && (cd = iconv_open("UTF-8", charset)) == (iconv_t)-1) return PDN_EENCODING;
    if (!src->raw && !(src->raw = malloc(RAW_CAP))) {
        if (cd) iconv_close(cd);
        return PDN_ENOMEM;
    }
    src->cd = (void *)cd;
    src->charset = charset;
    src->unit = unit;
    src->mode = INPUT_MODE_CONVERT;
    return 0;
}

/* Moves the undecoded bytes [from, filled) of the text buffer to raw. */
static void move_to_raw(struct input_source *src, struct input_text *text, size_t from)
{
    size_t n = text->filled - from;
    memcpy(src->raw + src->raw_len, text->data + from, n);
    src->raw_len += n;
    text->filled = text->end = from;
}

/* ---- Conversion with iconv ------------------------------------------------ */

static void put_replacement(struct input_source *src, char **out, size_t *left, uint64_t offset)
{
    memcpy(*out, "\xef\xbf\xbd", 3);
    *out += 3;
    *left -= 3;
    if (!src->bad_seen) {
        add_event(src, PDN_DIAG_BAD_ENCODING, offset, src->charset);
        src->bad_at = offset;
    }
    src->bad_seen = true;
}

/* Forced UTF-8 after a bad byte: valid runs copied, each bad byte U+FFFD.
 * (Done here rather than by iconv, which lets some invalid forms through.) */
static void repair_utf8(struct input_source *src, struct input_text *text)
{
    const unsigned char *in = src->raw;
    size_t left = src->raw_len;
    char *out = text->data + text->end;
    size_t room = text->cap - text->end;
    while (left > 0 && room >= 8) {
        /* The span leaves room for a U+FFFD and holds any whole sequence. */
        size_t span = left < room - 4 ? left : room - 4;
        bool incomplete;
        size_t n = text_utf8_valid(in, span, &incomplete);
        memcpy(out, in, n);
        out += n, room -= n, in += n, left -= n;
        if (n == span) continue;
        if (incomplete && span - n < left) continue; /* cut by the room only */
        if (incomplete && !src->in_eof) break;       /* the rest comes later */
        put_replacement(src, &out, &room, text->base + (uint64_t)(out - text->data));
        in++, left--;
    }
    memmove(src->raw, in, left);
    src->raw_len = left;
    text->end = text->filled = (size_t)(out - text->data);
}

/* The bytes of a span of UTF-8 (codepage.h) that fit in room, whole
 * characters only. */
static size_t utf8_fitting(const unsigned char *in, size_t n, size_t room)
{
    if (n <= room) return n;
    while (room > 0 && (in[room] & 0xC0) == 0x80)
        room--;
    return room;
}

/* A single-byte code page decoded by its table, as iconv decodes it: runs
 * of ASCII copied whole, each other byte its UTF-8 (pdncheck on a Latin-1
 * file spent 23% of its time in iconv), but spans of UTF-8 as they stand
 * (codepage.h). A span cut by the room goes on at the next call. */
static void convert_by_table(struct input_source *src, struct input_text *text)
{
    const struct codepage *cp = src->table;
    const unsigned char *in = src->raw;
    size_t left = src->raw_len;
    char *out = text->data + text->end;
    size_t room = text->cap - text->end;
    while (left > 0 && room >= 4) {
        if (src->span_left == 0) {
            size_t n = codepage_ascii_run(in, left < room ? left : room);
            memcpy(out, in, n);
            out += n, room -= n, in += n, left -= n;
            if (left == 0 || room < 4) break; /* else the run ended at a byte past ASCII */
            src->span_left = codepage_span(in, left, src->in_eof, &src->span_utf8);
            if (src->span_left == 0) break; /* its line goes on in bytes not read yet */
        }
        if (src->span_utf8) {
            size_t n = utf8_fitting(in, src->span_left, room);
            if (n == 0) break;
            memcpy(out, in, n);
            out += n, room -= n, in += n, left -= n;
            src->span_left -= n;
            src->utf8_end = text->base + (uint64_t)(out - text->data);
            continue;
        }
        unsigned char b = *in++;
        left--;
        src->span_left--;
        if (cp->undefined[b]) {
            put_replacement(src, &out, &room, text->base + (uint64_t)(out - text->data));
            continue;
        }
        size_t len = (size_t)cp->extra[b] + 1;
        memcpy(out, cp->utf8[b], len);
        out += len, room -= len;
    }
    memmove(src->raw, in, left);
    src->raw_len = left;
    text->end = text->filled = (size_t)(out - text->data);
}

/* Converts as much of raw as fits; keeps an incomplete tail for later. */
static void convert_raw(struct input_source *src, struct input_text *text)
{
    if (src->by_table) {
        convert_by_table(src, text);
        return;
    }
    if (!src->cd) {
        repair_utf8(src, text);
        return;
    }
    char *in = (char *)src->raw, *out = text->data + text->end;
    size_t inleft = src->raw_len, outleft = text->cap - text->end;
    while (inleft > 0 && outleft >= 4) {
        size_t room = outleft - 3; /* keep room for one U+FFFD */
        size_t before = room;
        size_t r = iconv((iconv_t)src->cd, &in, &inleft, &out, &room);
        outleft -= before - room;
        if (r != (size_t)-1 || errno == E2BIG) break;
        if (errno == EINVAL && !src->in_eof) break;
        size_t skip = src->unit < inleft ? src->unit : inleft;
        uint64_t at = text->base + (uint64_t)(out - text->data);
        put_replacement(src, &out, &outleft, at);
        in += skip;
        inleft -= skip;
    }
    memmove(src->raw, in, inleft);
    src->raw_len = inleft;
    text->end = text->filled = (size_t)(out - text->data);
}

static int fill_convert(struct input_source *src, struct input_text *text)
{
    size_t before = text->end;
    for (;;) {
        if (src->raw_len < INPUT_BLOCK && !src->in_eof) {
            ssize_t n = input_read(src, src->raw + src->raw_len, RAW_CAP - src->raw_len);
            if (n < 0) return (int)n;
            src->raw_len += (size_t)n;
        }
        convert_raw(src, text);
        if (text->end > before) return 1;
        if (src->in_eof && src->raw_len == 0) return 0;
    }
}

/* ---- The zero-copy UTF-8 path --------------------------------------------- */

/* The details of PDN_DIAG_ENCODING_FALLBACK, by the encoding chosen. */
static const char *const detected[ENCODING_COUNT] = {
    [PDN_ENCODING_AUTO] = "decoded as CP1252 by default; use --encoding to choose",
    [PDN_ENCODING_CP1252] = "decoded as CP1252, as detected; use --encoding to choose",
    [PDN_ENCODING_CP1251] = "decoded as CP1251, as detected; use --encoding to choose",
    [PDN_ENCODING_CP866] = "decoded as CP866, as detected; use --encoding to choose",
    [PDN_ENCODING_KOI8R] = "decoded as KOI8-R, as detected; use --encoding to choose",
    [PDN_ENCODING_CP1250] = "decoded as CP1250, as detected; use --encoding to choose",
    [PDN_ENCODING_LATIN2] = "decoded as ISO-8859-2, as detected; use --encoding to choose",
};

/* b[0, len) without its spans of UTF-8 (codepage.h), which a code page
 * will not decode, into out: their bytes would make uchardet read UTF-8's
 * lead and continuation bytes as the letters of some code page (a Latin-1
 * file joined to a UTF-8 one with a Polish name was guessed CP1250). */
static size_t without_utf8_spans(const unsigned char *b, size_t len, unsigned char *out)
{
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        size_t run = codepage_ascii_run(b + i, len - i);
        memcpy(out + n, b + i, run);
        n += run, i += run;
        if (i == len) break;
        bool utf8;
        size_t span = codepage_span(b + i, len - i, true, &utf8);
        if (!utf8) memcpy(out + n, b + i, span), n += span;
        i += span;
    }
    return n;
}

/* The encoding of the first DETECT_BYTES of raw, read ahead into it when
 * fewer are there (raw holds about one block yet: RAW_CAP leaves room). */
static int detect(struct input_source *src, uint64_t at, enum pdn_encoding *out)
{
    while (src->raw_len < DETECT_BYTES && !src->in_eof) {
        ssize_t n = input_read(src, src->raw + src->raw_len, DETECT_BYTES - src->raw_len);
        if (n < 0) return (int)n;
        src->raw_len += (size_t)n;
    }
    size_t len = src->raw_len < DETECT_BYTES ? src->raw_len : DETECT_BYTES;
    unsigned char *sample = malloc(len ? len : 1);
    if (!sample) return PDN_ENOMEM;
    len = without_utf8_spans(src->raw, len, sample);
    if (!encoding_detect(out, sample, len)) *out = PDN_ENCODING_AUTO;
    free(sample);
    add_event(src, PDN_DIAG_ENCODING_FALLBACK, at, detected[*out]);
    return 0;
}

/* The first byte that is not UTF-8: switch for the rest of the file. */
static int leave_utf8(struct input_source *src, struct input_text *text)
{
    enum pdn_encoding to = src->bom ? PDN_ENCODING_UTF8 : src->encoding;
    uint64_t at = text->base + text->end;
    int rc;
    if (!src->raw && !(src->raw = malloc(RAW_CAP))) return PDN_ENOMEM;
    move_to_raw(src, text, text->end);
    src->convert_from = at;
    if (to == PDN_ENCODING_AUTO && (rc = detect(src, at, &to)) < 0) return rc;
    if (to == PDN_ENCODING_UTF8) {
        src->charset = "UTF-8";
        src->mode = INPUT_MODE_CONVERT;
    } else if ((rc = start_convert(src, encoding_charset(to), 1)) < 0) {
        return rc;
    }
    return fill_convert(src, text);
}

static int fill_fast(struct input_source *src, struct input_text *text)
{
    for (;;) {
        size_t room = text->cap - text->filled;
        ssize_t n =
            input_read(src, text->data + text->filled, room < INPUT_BLOCK ? room : INPUT_BLOCK);
        if (n < 0) return (int)n;
        text->filled += (size_t)n;
        bool incomplete;
        size_t len = text->filled - text->end;
        size_t ok =
            text_utf8_valid((const unsigned char *)text->data + text->end, len, &incomplete);
        size_t old_end = text->end;
        text->end += ok;
        if (ok < len && (!incomplete || src->in_eof)) {
            int rc = leave_utf8(src, text);
            return rc < 0 ? rc : (text->end > old_end ? 1 : rc);
        }
        if (text->end > old_end) return 1;
        if (src->in_eof) return 0;
    }
}

/* ---- Start of input: byte order marks -------------------------------------- */

/* A wide encoding recognised at the start of the input. */
struct wide {
    const char *charset;
    size_t unit;
    const char *detail; /* without a byte order mark */
};

static const struct wide wides[] = {
    {"UTF-32LE", 4, "no byte order mark: decoded as UTF-32LE"},
    {"UTF-32BE", 4, "no byte order mark: decoded as UTF-32BE"},
    {"UTF-16LE", 2, "no byte order mark: decoded as UTF-16LE"},
    {"UTF-16BE", 2, "no byte order mark: decoded as UTF-16BE"},
};

/* UTF-32 or UTF-16 without a byte order mark: PDN text is mostly ASCII, so
 * in most code units of the first block the high bytes are NUL and the low
 * one is not. Of the bytes at each offset modulo 4, 'Z' marks those mostly
 * NUL, '.' those seldom NUL. */
static const struct wide *sniff_wide(const unsigned char *b, size_t n)
{
    static const char *const shapes[] = {".ZZZ", "ZZZ.", ".Z.Z", "Z.Z."};
    size_t z[4] = {0}, q = n / 4;
    if (q < 2) return NULL;
    for (size_t i = 0; i < q * 4; i++)
        z[i % 4] += b[i] == 0;
    for (size_t w = 0; w < 4; w++) {
        bool fits = true;
        for (int k = 0; k < 4; k++)
            fits &= shapes[w][k] == 'Z' ? z[k] * 4 >= q * 3 : z[k] * 8 <= q;
        if (fits) return &wides[w];
    }
    return NULL;
}

/* The first bytes, enough to see a BOM or a UTF-16 text without one. */
static int read_head(struct input_source *src, struct input_text *text)
{
    while (text->filled < SNIFF_BYTES && !src->in_eof) {
        ssize_t n = input_read(src, text->data + text->filled, SNIFF_BYTES - text->filled);
        if (n < 0) return (int)n;
        text->filled += (size_t)n;
    }
    return 0;
}

static int start_wide(struct input_source *src, struct input_text *text, const struct wide *w,
                      size_t skip)
{
    int rc = start_convert(src, w->charset, w->unit);
    if (rc < 0) return rc;
    move_to_raw(src, text, skip);
    text->filled = text->end = 0;
    return fill_convert(src, text);
}

/* The byte order marks, each with its wide encoding (NULL: UTF-8), the
 * UTF-32 ones before UTF-16LE's, which begins UTF-32LE's. */
static const struct {
    const char *bytes;
    size_t len;
    const struct wide *wide;
} boms[] = {
    {"\xFF\xFE\0\0", 4, &wides[0]}, {"\0\0\xFE\xFF", 4, &wides[1]}, {"\xFF\xFE", 2, &wides[2]},
    {"\xFE\xFF", 2, &wides[3]},     {"\xEF\xBB\xBF", 3, NULL},
};

/* The wide encoding of an input that starts with b[0, n), by its byte
 * order mark (its length at *bom) or its NULs, or NULL (then *bom is 3
 * for a UTF-8 byte order mark, which rules the NULs out). Only the first
 * SNIFF_BYTES are looked at, as many as fill_start reads. */
static const struct wide *wide_start(const unsigned char *b, size_t n, size_t *bom)
{
    if (n > SNIFF_BYTES) n = SNIFF_BYTES;
    *bom = 0;
    for (size_t i = 0; i < sizeof boms / sizeof boms[0]; i++) {
        if (n < boms[i].len || memcmp(b, boms[i].bytes, boms[i].len) != 0) continue;
        *bom = boms[i].len;
        return boms[i].wide;
    }
    return sniff_wide(b, n);
}

bool pdn_encoding_is_wide(const void *head, size_t n)
{
    size_t bom;
    return head && wide_start(head, n, &bom) != NULL;
}

/* Whatever encoding was asked for, a byte order mark decides, and so do
 * NULs that only a wide encoding has. */
static int fill_start(struct input_source *src, struct input_text *text)
{
    int rc = read_head(src, text);
    if (rc < 0) return rc;
    size_t bom;
    const struct wide *w = wide_start((const unsigned char *)text->data, text->filled, &bom);
    if (w) {
        if (bom == 0) add_event(src, PDN_DIAG_ENCODING_FALLBACK, 0, w->detail);
        return start_wide(src, text, w, bom);
    }
    if (bom > 0) { /* UTF-8's */
        memmove(text->data, text->data + bom, text->filled - bom);
        text->filled -= bom;
        src->bom = true;
    }
    src->mode = INPUT_MODE_FAST;
    return fill_fast(src, text);
}

int input_start_codepage(struct input_source *src, const char *charset, bool bad_seen, uint64_t at)
{
    int rc = start_convert(src, charset, 1);
    if (rc < 0) return rc;
    src->bad_seen = bad_seen;
    src->convert_from = at;
    return 0;
}

bool input_bytes_are_chars(const struct input_source *src)
{
    return src->mode == INPUT_MODE_CONVERT && src->by_table;
}

int input_fill(struct input_source *src, struct input_text *text)
{
    switch (src->mode) {
    case INPUT_MODE_START:
        return fill_start(src, text);
    case INPUT_MODE_FAST:
        return fill_fast(src, text);
    case INPUT_MODE_CONVERT:
        return fill_convert(src, text);
    }
    return PDN_EINVAL;
}
