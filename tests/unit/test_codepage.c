/*
 * Unit tests of codepage.h: the UTF-8 of single-byte code pages and its
 * lengths, against the code charts (CP1252 and CP1251 as Microsoft
 * publishes them, KOI8-R by RFC 1489, Latin-1 by ISO 8859-1, CP1250 as
 * Microsoft publishes it, Latin-2 by ISO 8859-2): a letter
 * past ASCII is two bytes of UTF-8, the euro sign and the box-drawing
 * characters three, an unassigned byte U+FFFD's three and said; no
 * table for an encoding of more than one byte a character; and lines of
 * UTF-8 among a code page's taken as they stand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "codepage.h"

#include <string.h>

static void cp1252(void **state)
{
    (void)state;
    struct codepage cp;
    assert_true(codepage_init(&cp, "CP1252"));
    assert_int_equal(cp.extra['a'], 0);
    assert_int_equal(cp.extra[0xE9], 1); /* é, U+00E9 */
    assert_int_equal(cp.extra[0x80], 2); /* €, U+20AC */
    assert_true(cp.undefined[0x81]);
    assert_false(cp.undefined[0xE9]);
    assert_memory_equal(cp.utf8[0xE9], "\xc3\xa9", 2);
    assert_memory_equal(cp.utf8[0x80], "\xe2\x82\xac", 3);
    assert_memory_equal(cp.utf8[0x81], "\xef\xbf\xbd", 3); /* U+FFFD */
    bool undefined = false;
    const unsigned char name[] = "Ren\xe9 \x80";
    assert_int_equal(codepage_decoded_len(&cp, name, sizeof name - 1, &undefined), 3 + 2 + 1 + 3);
    assert_false(undefined);
    assert_int_equal(codepage_decoded_len(&cp, (const unsigned char *)"\x81", 1, &undefined), 3);
    assert_true(undefined);
}

static void cp1251_koi8r_latin1(void **state)
{
    (void)state;
    struct codepage cp;
    assert_true(codepage_init(&cp, "CP1251"));
    assert_int_equal(cp.extra[0xC0], 1); /* А, U+0410 */
    assert_int_equal(cp.extra[0x88], 2); /* €, U+20AC */
    assert_true(cp.undefined[0x98]);
    assert_memory_equal(cp.utf8[0xC0], "\xd0\x90", 2);
    assert_true(codepage_init(&cp, "KOI8-R"));
    assert_int_equal(cp.extra[0x80], 2); /* ─, U+2500 */
    assert_int_equal(cp.extra[0xC1], 1); /* а, U+0430 */
    assert_memory_equal(cp.utf8[0xC1], "\xd0\xb0", 2);
    assert_true(codepage_init(&cp, "ISO-8859-1"));
    for (int b = 0x80; b < 0x100; b++) {
        assert_int_equal(cp.extra[b], 1);
        assert_false(cp.undefined[b]);
    }
}

/* The Central European pages: the letters where they differ from CP1252
 * (Ł is £ there), the C1 controls of Latin-2, and the five bytes CP1250
 * leaves undefined, as CP1252 leaves its own. */
static void cp1250_latin2(void **state)
{
    (void)state;
    struct codepage cp;
    assert_true(codepage_init(&cp, "CP1250"));
    assert_memory_equal(cp.utf8[0xA3], "\xc5\x81", 2); /* Ł, U+0141 */
    assert_memory_equal(cp.utf8[0x8A], "\xc5\xa0", 2); /* Š, U+0160 */
    assert_memory_equal(cp.utf8[0x9E], "\xc5\xbe", 2); /* ž, U+017E */
    assert_memory_equal(cp.utf8[0x9C], "\xc5\x9b", 2); /* ś, U+015B */
    assert_memory_equal(cp.utf8[0xB9], "\xc4\x85", 2); /* ą, U+0105 */
    assert_memory_equal(cp.utf8[0xF8], "\xc5\x99", 2); /* ř, U+0159 */
    assert_int_equal(cp.extra[0x80], 2);               /* €, U+20AC */
    const unsigned char undefined[] = {0x81, 0x83, 0x88, 0x90, 0x98};
    for (size_t i = 0; i < sizeof undefined; i++) {
        assert_true(cp.undefined[undefined[i]]);
        assert_int_equal(cp.extra[undefined[i]], 2);
        assert_memory_equal(cp.utf8[undefined[i]], "\xef\xbf\xbd", 3);
    }
    int count = 0;
    for (int b = 0x80; b < 0x100; b++)
        count += cp.undefined[b];
    assert_int_equal(count, 5);
    assert_true(codepage_init(&cp, "ISO-8859-2"));
    assert_memory_equal(cp.utf8[0xA3], "\xc5\x81", 2); /* Ł, U+0141 */
    assert_memory_equal(cp.utf8[0xB9], "\xc5\xa1", 2); /* š, U+0161 */
    assert_memory_equal(cp.utf8[0xB1], "\xc4\x85", 2); /* ą, U+0105 */
    assert_memory_equal(cp.utf8[0xF5], "\xc5\x91", 2); /* ő, U+0151 */
    assert_memory_equal(cp.utf8[0x9C], "\xc2\x9c", 2); /* a C1 control */
    for (int b = 0x80; b < 0x100; b++) {
        assert_int_equal(cp.extra[b], 1);
        assert_false(cp.undefined[b]);
    }
}

/* Long text: the blocks of 64 bytes skipped as ASCII and those counted. */
static void long_text(void **state)
{
    (void)state;
    struct codepage cp;
    assert_true(codepage_init(&cp, "CP1252"));
    unsigned char text[1000];
    memset(text, 'x', sizeof text);
    text[0] = text[500] = text[999] = 0xE9;
    text[130] = 0x80;
    bool undefined = false;
    assert_int_equal(codepage_decoded_len(&cp, text, sizeof text, &undefined), 1000 + 3 + 2);
    assert_false(undefined);
}

/* Lines of UTF-8 among the code page's (files joined): a span from a byte
 * past ASCII to its line's end is UTF-8 when all of it is, and measured
 * as it stands; a span with one byte that is no UTF-8 is the code page's,
 * the UTF-8 before that byte too (Latin-1 "Ã©" then "é" alone). */
static void spans_of_utf8(void **state)
{
    (void)state;
    struct codepage cp;
    assert_true(codepage_init(&cp, "CP1252"));
    const unsigned char mixed[] = "M\xfcller\n"              /* CP1252: 1 + 1 more */
                                  "J\xc3\xa9r\xc3\xb4me\r\n" /* UTF-8 as it stands */
                                  "\xc3\xa9 \xe9\n";         /* one line: CP1252, 3 more */
    bool undefined = false;
    size_t len = sizeof mixed - 1;
    assert_int_equal(codepage_decoded_len(&cp, mixed, len, &undefined), len + 1 + 3);
    bool utf8;
    assert_int_equal(codepage_span(mixed + 1, len - 1, true, &utf8), 5); /* "üller" */
    assert_false(utf8);
    assert_int_equal(codepage_span(mixed + 8, len - 8, true, &utf8), 7); /* "érôme" */
    assert_true(utf8);
    /* the line goes on past the bytes there: more are needed, unless none come */
    assert_int_equal(codepage_span(mixed + 8, 3, false, &utf8), 0);
    assert_int_equal(codepage_span(mixed + 8, 3, true, &utf8), 3);
    /* a line longer than CODEPAGE_SPAN: spans of at most that */
    unsigned char lng[CODEPAGE_SPAN + 10];
    memset(lng, 0xE9, sizeof lng);
    assert_int_equal(codepage_span(lng, sizeof lng, false, &utf8), CODEPAGE_SPAN);
    assert_false(utf8);
    assert_int_equal(codepage_decoded_len(&cp, lng, sizeof lng, &undefined), 2 * sizeof lng);
}

static void not_single_byte(void **state)
{
    (void)state;
    struct codepage cp;
    assert_false(codepage_init(&cp, "UTF-16LE"));
    assert_false(codepage_init(&cp, "UTF-8"));
    assert_false(codepage_init(&cp, "no such charset"));
}

static void chars_of_utf8(void **state)
{
    (void)state;
    const char text[] = "R\xc3\xa9\xe2\x82\xac!"; /* Ré€! */
    assert_int_equal(codepage_chars(text, strlen(text)), 4);
    assert_int_equal(codepage_chars(text, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cp1252),        cmocka_unit_test(cp1251_koi8r_latin1),
        cmocka_unit_test(long_text),     cmocka_unit_test(not_single_byte),
        cmocka_unit_test(chars_of_utf8), cmocka_unit_test(spans_of_utf8),
        cmocka_unit_test(cp1250_latin2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
