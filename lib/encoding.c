/*
 * encoding: the names of encodings. pdn_encoding_parse reads a user's name
 * for one; encoding_charset gives the iconv(3) name of each. Knows nothing
 * of input or decoding (input.c).
 */
#include "encoding.h"

#include <string.h>

static const char *const charsets[] = {
    [PDN_ENCODING_AUTO] = "CP1252",       [PDN_ENCODING_UTF8] = "UTF-8",
    [PDN_ENCODING_LATIN1] = "ISO-8859-1", [PDN_ENCODING_CP1252] = "CP1252",
    [PDN_ENCODING_CP1251] = "CP1251",     [PDN_ENCODING_CP866] = "CP866",
    [PDN_ENCODING_KOI8R] = "KOI8-R",      [PDN_ENCODING_CP1250] = "CP1250",
    [PDN_ENCODING_LATIN2] = "ISO-8859-2",
};

_Static_assert(sizeof charsets / sizeof charsets[0] == ENCODING_COUNT, "one charset per encoding");

struct enc_alias {
    const char *name;
    enum pdn_encoding encoding;
};

/* Names compared lower-case with '-', '_' and spaces removed. */
static const struct enc_alias aliases[] = {
    {"auto", PDN_ENCODING_AUTO},          {"utf8", PDN_ENCODING_UTF8},
    {"latin1", PDN_ENCODING_LATIN1},      {"l1", PDN_ENCODING_LATIN1},
    {"iso88591", PDN_ENCODING_LATIN1},    {"88591", PDN_ENCODING_LATIN1},
    {"cp1252", PDN_ENCODING_CP1252},      {"windows1252", PDN_ENCODING_CP1252},
    {"win1252", PDN_ENCODING_CP1252},     {"1252", PDN_ENCODING_CP1252},
    {"cp1251", PDN_ENCODING_CP1251},      {"windows1251", PDN_ENCODING_CP1251},
    {"win1251", PDN_ENCODING_CP1251},     {"1251", PDN_ENCODING_CP1251},
    {"cp866", PDN_ENCODING_CP866},        {"ibm866", PDN_ENCODING_CP866},
    {"866", PDN_ENCODING_CP866},          {"dos866", PDN_ENCODING_CP866},
    {"koi8r", PDN_ENCODING_KOI8R},        {"koi8", PDN_ENCODING_KOI8R},
    {"cskoi8r", PDN_ENCODING_KOI8R},      {"cp1250", PDN_ENCODING_CP1250},
    {"windows1250", PDN_ENCODING_CP1250}, {"win1250", PDN_ENCODING_CP1250},
    {"1250", PDN_ENCODING_CP1250},        {"latin2", PDN_ENCODING_LATIN2},
    {"l2", PDN_ENCODING_LATIN2},          {"iso88592", PDN_ENCODING_LATIN2},
    {"88592", PDN_ENCODING_LATIN2},
};

bool pdn_encoding_parse(enum pdn_encoding *out, const char *name)
{
    char key[24];
    size_t n = 0;
    if (!out || !name) return false;
    for (const char *p = name; *p; p++) {
        if (*p == '-' || *p == '_' || *p == ' ') continue;
        if (n + 1 >= sizeof key) return false;
        key[n++] = (char)((*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
    }
    key[n] = '\0';
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(aliases[i].name, key) == 0) {
            *out = aliases[i].encoding;
            return true;
        }
    return false;
}

const char *encoding_charset(enum pdn_encoding encoding)
{
    return charsets[encoding];
}
