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

/*
 * Text in a code page may hold lines of UTF-8: two files joined, one in
 * Latin-1, the other in UTF-8. From a byte past ASCII to the end of its
 * line (CR or LF), at most CODEPAGE_SPAN bytes, a span is taken as UTF-8
 * when all of it is valid UTF-8 (a line of Latin-1 or CP1251 text seldom
 * is: its letters past ASCII stand alone or in runs UTF-8 does not allow),
 * else decoded by the code page; the next span starts at the next byte
 * past ASCII. The decoder (input.c) and the measure of parts
 * (codepage_decoded_len) cut the spans alike, wherever they start.
 */
enum { CODEPAGE_SPAN = 4096 };
/* The span at b[0, len), b[0] past ASCII: its length, and in *utf8 whether
 * it is UTF-8; 0 when bytes after len may lengthen it (!eof, and neither a
 * line end nor CODEPAGE_SPAN bytes within len). */
size_t codepage_span(const unsigned char *b, size_t len, bool eof, bool *utf8);
/* The length of the run of ASCII bytes at the start of b[0, len). */
size_t codepage_ascii_run(const unsigned char *b, size_t len);

/* The table of charset, as iconv(3) decodes each byte alone: false when
 * iconv has no such charset or it is not one byte a character. */
bool codepage_init(struct codepage *cp, const char *charset);
/* The UTF-8 length of bytes[0, len) decoded (its spans of UTF-8 as they
 * stand); *undefined set when one of them is no character of the code
 * page. */
uint64_t codepage_decoded_len(const struct codepage *cp, const unsigned char *bytes, size_t len,
                              bool *undefined);
/* The characters of UTF-8 text: its bytes that start one. */
size_t codepage_chars(const char *utf8, size_t len);

#endif
