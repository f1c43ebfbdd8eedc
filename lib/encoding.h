/*
 * encoding (private): the iconv(3) name of each encoding the reader knows,
 * and the guess of the encoding of text that is not UTF-8.
 */
#ifndef PDN_ENCODING_H
#define PDN_ENCODING_H

#include "pdn.h"

#define ENCODING_COUNT (PDN_ENCODING_LATIN2 + 1)

/* The iconv(3) charset of an encoding, also the name messages show;
 * PDN_ENCODING_AUTO's fallback for text that is not UTF-8 is CP1252. */
const char *encoding_charset(enum pdn_encoding encoding);

/*
 * The encoding of a sample of text that is not UTF-8 (encoding_detect.c):
 * true and *out set to CP1251, CP866, KOI8-R, CP1250, ISO-8859-2 or CP1252,
 * or false when uchardet names none of them.
 */
bool encoding_detect(enum pdn_encoding *out, const unsigned char *sample, size_t len);

#endif
