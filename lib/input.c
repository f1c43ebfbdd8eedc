/*
 * input: input bytes -> UTF-8, deciding the encoding of a stream as it
 * comes.
 *
 * The choice, made once per file without reading ahead:
 *   - a UTF-8 BOM is dropped; a UTF-16 BOM (LE or BE) selects UTF-16, and
 *     so does, with a warning, a first block whose every other byte is NUL;
 *   - otherwise the text is taken as UTF-8 and each block is validated as it
 *     arrives (zero copy: bytes are read straight into the text buffer);
 *   - at the first byte that is not UTF-8 the rest of the file, from that
 *     byte on, is decoded as Windows-1252 (reported once: the bytes before it
 *     were valid UTF-8, so nothing already handed out changes meaning);
 *   - a forced encoding is decoded with iconv(3) from the first byte.
 * Bytes the chosen encoding does not define become U+FFFD, reported once
 * per file. Code pages come from iconv(3) only: no hand-made tables here.
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
/* Bytes looked at before choosing an encoding. */
#define SNIFF_BYTES 256

/* ---- Input ---------------------------------------------------------------- */

int input_init(struct input_source *src, enum pdn_encoding encoding)
{
    if ((unsigned)encoding > PDN_ENCODING_CP866) return PDN_EINVAL;
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
}

/* Reads up to cap bytes; 0 sets in_eof. */
static ssize_t input_read(struct input_source *src, void *buf, size_t cap)
{
    if (src->in_eof || cap == 0) return 0;
    if (src->fd < 0) {
        size_t n = src->mem_len - src->mem_pos;
        if (n > cap) n = cap;
        memcpy(buf, src->mem + src->mem_pos, n);
        src->mem_pos += n;
        if (n == 0) src->in_eof = true;
        return (ssize_t)n;
    }
    for (;;) {
        ssize_t n = read(src->fd, buf, cap);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return PDN_EIO;
        if (n == 0) src->in_eof = true;
        return n;
    }
}

static void add_event(struct input_source *src, enum pdn_diag_code code, uint64_t offset,
                      const char *detail)
{
    if (src->nevents >= (int)(sizeof src->events / sizeof src->events[0])) return;
    src->events[src->nevents++] = (struct input_event){code, offset, detail};
}

static int start_convert(struct input_source *src, const char *charset, size_t unit)
{
    iconv_t cd = iconv_open("UTF-8", charset);
    if (cd == (iconv_t)-1) return PDN_EENCODING;
    if (!src->raw && !(src->raw = malloc(RAW_CAP))) {
        iconv_close(cd);
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
    if (!src->bad_seen) add_event(src, PDN_DIAG_BAD_ENCODING, offset, src->charset);
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

/* Converts as much of raw as fits; keeps an incomplete tail for later. */
static void convert_raw(struct input_source *src, struct input_text *text)
{
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

/* The first byte that is not UTF-8: switch for the rest of the file. */
static int leave_utf8(struct input_source *src, struct input_text *text)
{
    bool forced = src->encoding == PDN_ENCODING_UTF8;
    uint64_t at = text->base + text->end;
    int rc;
    if (forced) {
        src->charset = "UTF-8";
        src->mode = INPUT_MODE_CONVERT;
        if (!src->raw && !(src->raw = malloc(RAW_CAP))) return PDN_ENOMEM;
    } else {
        add_event(src, PDN_DIAG_ENCODING_FALLBACK, at, "decoded as Windows-1252");
        if ((rc = start_convert(src, "CP1252", 1)) < 0) return rc;
    }
    move_to_raw(src, text, text->end);
    return fill_convert(src, text);
}

static int fill_fast(struct input_source *src, struct input_text *text)
{
    for (;;) {
        size_t room = text->cap - text->filled;
        ssize_t n = input_read(src, text->data + text->filled, room < INPUT_BLOCK ? room : INPUT_BLOCK);
        if (n < 0) return (int)n;
        text->filled += (size_t)n;
        bool incomplete;
        size_t len = text->filled - text->end;
        size_t ok = text_utf8_valid((const unsigned char *)text->data + text->end, len, &incomplete);
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

/* UTF-16 without a byte order mark: PDN text is mostly ASCII, so every
 * other byte of the first block is NUL. "UTF-16LE", "UTF-16BE" or NULL. */
static const char *sniff_utf16(const unsigned char *b, size_t n)
{
    size_t even = 0, odd = 0, pairs = n / 2;
    for (size_t i = 0; i + 1 < n; i += 2) {
        even += b[i] == 0;
        odd += b[i + 1] == 0;
    }
    if (pairs < 2) return NULL;
    if (odd * 4 >= pairs * 3 && even * 8 <= odd) return "UTF-16LE";
    if (even * 4 >= pairs * 3 && odd * 8 <= even) return "UTF-16BE";
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

static int start_utf16(struct input_source *src, struct input_text *text, const char *charset,
                       size_t skip)
{
    int rc = start_convert(src, charset, 2);
    if (rc < 0) return rc;
    move_to_raw(src, text, skip);
    text->filled = text->end = 0;
    return fill_convert(src, text);
}

static int fill_start(struct input_source *src, struct input_text *text)
{
    int rc = read_head(src, text);
    if (rc < 0) return rc;
    const unsigned char *b = (const unsigned char *)text->data;
    size_t n = text->filled;
    bool utf8ish = src->encoding == PDN_ENCODING_AUTO || src->encoding == PDN_ENCODING_UTF8;
    if (utf8ish && n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
        memmove(text->data, text->data + 3, n - 3);
        text->filled -= 3;
    } else if (src->encoding == PDN_ENCODING_AUTO && n >= 2 &&
               ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF))) {
        return start_utf16(src, text, b[0] == 0xFF ? "UTF-16LE" : "UTF-16BE", 2);
    } else if (src->encoding == PDN_ENCODING_AUTO && sniff_utf16(b, n)) {
        const char *cs = sniff_utf16(b, n);
        add_event(src, PDN_DIAG_ENCODING_FALLBACK, 0,
                  cs[6] == 'L' ? "no byte order mark: decoded as UTF-16LE"
                               : "no byte order mark: decoded as UTF-16BE");
        return start_utf16(src, text, cs, 0);
    } else if (!utf8ish) {
        rc = start_convert(src, encoding_charset(src->encoding), 1);
        if (rc < 0) return rc;
        move_to_raw(src, text, 0);
        return fill_convert(src, text);
    }
    src->mode = INPUT_MODE_FAST;
    return fill_fast(src, text);
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
