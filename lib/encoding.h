/*
 * encoding (private): the iconv(3) name of each encoding the reader knows.
 */
#ifndef PDN_ENCODING_H
#define PDN_ENCODING_H

#include "pdn.h"

/* The iconv(3) charset of an encoding; PDN_ENCODING_AUTO's fallback for
 * text that is not UTF-8 is CP1252. */
const char *encoding_charset(enum pdn_encoding encoding);

#endif
