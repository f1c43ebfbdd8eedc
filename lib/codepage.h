/*
 * codepage (private): what the bytes of a single-byte code page (CP1252,
 * CP1251, CP866, KOI8-R, Latin-1, CP1250, ISO-8859-2) become in UTF-8,
 * byte by byte, without decoding them: the length of their text and whether
 * the decoder meets a byte the code page does not define. The input decodes with it
 * (input.c: a table is some 10 times as fast as iconv), and a file's parts
 * past the place where it left UTF-8 are cut with it (reader_threads.c):
 * each part's decoded offset is known before any thread decodes the parts
 * before it.
 */
#ifndef PDN_CODEPAGE_H
#define PDN_CODEPAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct codepage {
    const char *charset; /* iconv(3)'s name */
    uint8_t extra[256];  /* UTF-8 bytes a byte decodes to, less one */
    bool undefined[256]; /* becomes U+FFFD (input.c's put_replacement) */
    char utf8[256][3];   /* what a byte decodes to (U+FFFD when undefined) */
};

/* The table of charset, as iconv(3) decodes each byte alone: false when
 * iconv has no such charset or it is not one byte a character. */
bool codepage_init(struct codepage *cp, const char *charset);
/* The UTF-8 length of bytes[0, len) decoded; *undefined set when one of
 * them is no character of the code page. */
uint64_t codepage_decoded_len(const struct codepage *cp, const unsigned char *bytes, size_t len,
                              bool *undefined);
/* The characters of UTF-8 text: its bytes that start one. */
size_t codepage_chars(const char *utf8, size_t len);

#endif
