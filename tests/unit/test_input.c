/*
 * Unit tests of the input decoder through the reader: the encoding of text
 * that is not UTF-8 detected per file (CP1251, CP866, KOI8-R, Latin-1,
 * CP1250, ISO-8859-2), the
 * finding that names it, --encoding as the encoding of unmarked non-UTF-8
 * input only, UTF-32 with and without a byte order mark, and
 * pdn_encoding_is_wide.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reader_fixture.h"

static struct fix F;

/* Every tag of every game of a buffer, "name=value\n", read with 'enc'. */
static char *tags_of(const char *data, size_t len, enum pdn_encoding enc)
{
    struct pdn_reader_options o = fix_options(&F, false);
    o.encoding = enc;
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, data, len, &o), 0);
    return fix_tags_text(&F, r);
}

static char *file_tags(const char *path, enum pdn_encoding enc)
{
    size_t len = 0;
    char *data = fix_slurp(path, &len);
    assert_non_null(data);
    char *tags = tags_of(data, len, enc);
    free(data);
    return tags;
}

static int count(enum pdn_diag_code code)
{
    return (int)F.dc.count[code];
}

/* The abatsiev file in three Cyrillic code pages (the CP866 and KOI8-R ones
 * converted from the CP1251 original with iconv) reads as its UTF-8 version,
 * each with one warning that names the code page and --encoding. */
static void test_input_cyrillic_files_detected(void **state)
{
    (void)state;
    char *utf8 = file_tags("tests/data/conformance/fail/abatsiev.pdn", PDN_ENCODING_AUTO);
    assert_non_null(strstr(utf8, "Event=XXV первенство СССР\nSite=Лиепая\n"));
    const char *files[][2] = {
        {"tests/data/encodings/abatsiev-cp1251.pdn", "decoded as CP1251, as detected"},
        {"tests/data/encodings/abatsiev-cp866.pdn", "decoded as CP866, as detected"},
        {"tests/data/encodings/abatsiev-koi8r.pdn", "decoded as KOI8-R, as detected"},
    };
    for (int i = 0; i < 3; i++) {
        char *legacy = file_tags(files[i][0], PDN_ENCODING_AUTO);
        assert_string_equal(legacy, utf8);
        assert_int_equal(count(PDN_DIAG_ENCODING_FALLBACK), 1);
        assert_int_equal(count(PDN_DIAG_BAD_ENCODING), 0);
        const struct diag_record *d = dc_find_detail(&F.dc, files[i][1]);
        assert_non_null(d);
        assert_int_equal(d->code, PDN_DIAG_ENCODING_FALLBACK);
        assert_ptr_equal(dc_find_detail(&F.dc, "use --encoding to choose"), d);
        dc_expect_at(d, 1, 19);
        free(legacy);
    }
    free(utf8);
}

/* The Latin-1 file still reads as its UTF-8 version, through CP1252. */
static void test_input_latin1_file_detected(void **state)
{
    (void)state;
    char *utf8 = file_tags("tests/data/conformance/fail/40Camp.DamaInternazionaleAssoluto.pdn",
                           PDN_ENCODING_AUTO);
    char *legacy = file_tags("tests/data/encodings/40Camp-latin1.pdn", PDN_ENCODING_AUTO);
    assert_string_equal(legacy, utf8);
    assert_non_null(dc_find_detail(&F.dc, "decoded as CP1252, as detected"));
    assert_int_equal(count(PDN_DIAG_BAD_ENCODING), 0);
    free(legacy);
    free(utf8);
}

/* The first bad byte far into the input, past a whole read block: the
 * sample uchardet sees is read ahead and decoded afterwards. */
static void test_input_detected_after_a_block(void **state)
{
    (void)state;
    static const char game[] =
        "[Site \"\x8b\xa8\xa5\xaf\xa0\xef\"]\n[White \"\x80\xa1\xa0\xe3\xab\xa8\xad "
        "\x82.\"]\n[Black \"\x80\xa1\xa0\xe6\xa8\xa5\xa2 \x8d.\"]\n*\n";
    size_t pad = 70000, len = pad + 8 * (sizeof game - 1);
    char *data = malloc(len + 1);
    memset(data, ' ', pad);
    memcpy(data, "{", 1);
    data[pad - 2] = '}';
    data[pad - 1] = '\n';
    for (int i = 0; i < 8; i++)
        memcpy(data + pad + i * (sizeof game - 1), game, sizeof game - 1);
    char *tags = tags_of(data, len, PDN_ENCODING_AUTO);
    assert_non_null(dc_find_detail(&F.dc, "decoded as CP866"));
    assert_int_equal(F.games, 8);
    assert_non_null(strstr(tags, "Site=Лиепая\nWhite=Абаулин В.\nBlack=Абациев Н.\n"));
    free(tags);
    free(data);
}

/* --encoding is the encoding of input that is not UTF-8: UTF-8 text read
 * with it stays right, and the text it names needs no guess. */
static void test_input_encoding_only_when_not_utf8(void **state)
{
    (void)state;
    static const char utf8[] = "[Site \"Лиепая\"] *";
    static const char cp1251[] = "[Site \"\xcb\xe8\xe5\xef\xe0\xff\"] *";
    enum pdn_encoding encs[] = {PDN_ENCODING_CP1251, PDN_ENCODING_CP866, PDN_ENCODING_LATIN1,
                                PDN_ENCODING_KOI8R};
    for (size_t i = 0; i < sizeof encs / sizeof encs[0]; i++) {
        char *t = tags_of(utf8, sizeof utf8 - 1, encs[i]);
        assert_string_equal(t, "Site=Лиепая\n");
        assert_int_equal(F.dc.total, 0);
        free(t);
    }
    char *t = tags_of(cp1251, sizeof cp1251 - 1, PDN_ENCODING_CP1251);
    assert_string_equal(t, "Site=Лиепая\n");
    assert_int_equal(F.dc.total, 0);
    free(t);
    /* A byte order mark decides, whatever was asked for. */
    static const char bom[] = "\xef\xbb\xbf[Site \"Лиепая\"] *";
    t = tags_of(bom, sizeof bom - 1, PDN_ENCODING_CP1251);
    assert_string_equal(t, "Site=Лиепая\n");
    assert_int_equal(F.dc.total, 0);
    free(t);
    static const char le[] = "\xff\xfe[\0S\0i\0t\0e\0 \0\"\0\x1b\x04\"\0]\0 \0*\0";
    t = tags_of(le, sizeof le - 1, PDN_ENCODING_CP1251);
    assert_string_equal(t, "Site=Л\n");
    free(t);
    /* After a UTF-8 byte order mark, a bad byte is bad UTF-8, not CP1252. */
    static const char bad[] = "\xef\xbb\xbf[Site \"x\xe9y\"] *";
    t = tags_of(bad, sizeof bad - 1, PDN_ENCODING_AUTO);
    assert_string_equal(t, "Site=x\xef\xbf\xbdy\n");
    assert_non_null(dc_find(&F.dc, PDN_DIAG_BAD_ENCODING));
    assert_int_equal(count(PDN_DIAG_ENCODING_FALLBACK), 0);
    free(t);
    /* Bytes CP1252 does not define (0x81) become U+FFFD, said once; its
     * letters and the euro sign around them decode (a table, not iconv:
     * codepage.c). */
    static const char odd[] = "[Site \"\x81x\xe9\x80\x81\"] *";
    t = tags_of(odd, sizeof odd - 1, PDN_ENCODING_CP1252);
    assert_string_equal(t, "Site=\xef\xbf\xbdx\xc3\xa9\xe2\x82\xac\xef\xbf\xbd\n");
    assert_int_equal(count(PDN_DIAG_BAD_ENCODING), 1);
    free(t);
}

/* A KOI8-R text with the encoding named; the names parse. */
static void test_input_koi8r_named(void **state)
{
    (void)state;
    enum pdn_encoding enc = PDN_ENCODING_AUTO;
    const char *names[] = {"koi8-r", "KOI8R", "koi8_r", "koi8"};
    for (int i = 0; i < 4; i++) {
        enc = PDN_ENCODING_AUTO;
        assert_true(pdn_encoding_parse(&enc, names[i]));
        assert_int_equal(enc, PDN_ENCODING_KOI8R);
    }
    static const char koi[] = "[Site \"\xec\xc9\xc5\xd0\xc1\xd1\"] *";
    char *t = tags_of(koi, sizeof koi - 1, PDN_ENCODING_KOI8R);
    assert_string_equal(t, "Site=Лиепая\n");
    assert_int_equal(F.dc.total, 0);
    free(t);
    struct pdn_reader_options o = fix_options(&F, false);
    o.encoding = (enum pdn_encoding)(PDN_ENCODING_LATIN2 + 1);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_memory(&r, koi, sizeof koi - 1, &o), PDN_EINVAL);
}

/* Text read with its encoding named, without a finding, and detected,
 * with the finding that says so. */
static void assert_named_and_detected(const char *data, size_t len, enum pdn_encoding named,
                                      const char *want, const char *detected)
{
    char *t = tags_of(data, len, named);
    assert_string_equal(t, want);
    assert_int_equal(F.dc.total, 0);
    free(t);
    t = tags_of(data, len, PDN_ENCODING_AUTO);
    assert_string_equal(t, want);
    assert_non_null(dc_find_detail(&F.dc, detected));
    free(t);
}

/* Central European names: named, the encodings decode them; unnamed,
 * uchardet's guess stands where a letter is a sign in CP1252 (Ł, ł, ť)
 * and is no answer where every letter is a letter in CP1252 too ("Loïc",
 * uchardet: ISO-8859-2, is no "Loďc"). */
static void test_input_central_european(void **state)
{
    (void)state;
    const char *names[][2] = {{"cp1250", "CP1250"},     {"Windows-1250", "CP1250"},
                              {"win1250", "CP1250"},    {"latin2", "LATIN2"},
                              {"ISO-8859-2", "LATIN2"}, {"iso_8859_2", "LATIN2"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        enum pdn_encoding enc = PDN_ENCODING_AUTO;
        assert_true(pdn_encoding_parse(&enc, names[i][0]));
        assert_int_equal(enc, names[i][1][0] == 'C' ? PDN_ENCODING_CP1250 : PDN_ENCODING_LATIN2);
    }
    static const char cp1250[] = "[Event \"Mistrzostwa Polski\"]\n[Site \"\xa3\xf3"
                                 "d\x9f\"]\n"
                                 "[White \"\xa3ukasz \x8cliwi\xf1ski\"]\n"
                                 "[Black \"Micha\xb3 J\xf3\x9fwiak\"]\n1. 32-28 19-23 *";
    static const char want[] = "Event=Mistrzostwa Polski\nSite=Łódź\nWhite=Łukasz Śliwiński\n"
                               "Black=Michał Jóźwiak\n";
    assert_named_and_detected(cp1250, sizeof cp1250 - 1, PDN_ENCODING_CP1250, want,
                              "decoded as CP1250, as detected");
    /* uchardet: WINDOWS-1250; © and » there are Š and ť here. */
    static const char latin2[] = "[Site \"Plze\xf2\"]\n[White \"Tom\xe1\xb9 \xa9\xbb"
                                 "astn\xfd\"]\n"
                                 "[Black \"Ji\xf8\xed Dvo\xf8\xe1k\"]\n1. 32-28 19-23 *";
    static const char want2[] = "Site=Plzeň\nWhite=Tomáš Šťastný\nBlack=Jiří Dvořák\n";
    assert_named_and_detected(latin2, sizeof latin2 - 1, PDN_ENCODING_LATIN2, want2,
                              "decoded as ISO-8859-2, as detected");
    static const char french[] = "[White \"Lo\xef"
                                 "c B\xe9zier\"]\n[Black \"Jo\xebl R\xe9gnier\"] *";
    char *t = tags_of(french, sizeof french - 1, PDN_ENCODING_AUTO);
    assert_string_equal(t, "White=Loïc Bézier\nBlack=Joël Régnier\n");
    assert_non_null(dc_find_detail(&F.dc, "decoded as CP1252 by default"));
    free(t);
}

/* UTF-32 with a byte order mark (LE, BE), and without one (a warning). */
static void test_input_utf32(void **state)
{
    (void)state;
    static const char *text = "[Site \"Л\"] 1. 32-28 *";
    uint32_t cps[32];
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; n++) {
        if (*p < 0x80) {
            cps[n] = *p++;
        } else {
            cps[n] = (uint32_t)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
            p += 2;
        }
    }
    for (int big = 0; big < 2; big++) {
        for (int with_bom = 0; with_bom < 2; with_bom++) {
            unsigned char buf[4 * 33];
            size_t len = 0;
            for (size_t i = with_bom ? 0 : 1; i <= n; i++) {
                uint32_t c = i == 0 ? 0xFEFF : cps[i - 1];
                for (int k = 0; k < 4; k++)
                    buf[len++] = (unsigned char)(c >> (8 * (big ? 3 - k : k)));
            }
            char *t = tags_of((const char *)buf, len, PDN_ENCODING_AUTO);
            assert_string_equal(t, "Site=Л\n");
            assert_int_equal(F.games, 1);
            const struct diag_record *d = dc_find(&F.dc, PDN_DIAG_ENCODING_FALLBACK);
            if (with_bom) {
                assert_null(d);
            } else {
                assert_non_null(d);
                assert_string_equal(d->detail, big ? "no byte order mark: decoded as UTF-32BE"
                                                   : "no byte order mark: decoded as UTF-32LE");
            }
            free(t);
        }
    }
}

/* pdn_encoding_is_wide says what the readers decide at a file's start: a
 * UTF-16 or UTF-32 byte order mark, or their NULs without one; neither a
 * UTF-8 byte order mark (NULs after it are UTF-8's) nor ASCII. */
static void test_input_is_wide_as_the_readers_decide(void **state)
{
    (void)state;
    static const char le[] = "W\0h\0i\0t\0e\0,\0B\0l\0a\0c\0k\0\n\0";
    static const char be[] = "\0W\0h\0i\0t\0e\0,\0B\0l\0a\0c\0k\0\n";
    assert_true(pdn_encoding_is_wide("\xFF\xFE", 2));
    assert_true(pdn_encoding_is_wide("\xFE\xFF", 2));
    assert_true(pdn_encoding_is_wide("\xFF\xFE\0\0", 4));
    assert_true(pdn_encoding_is_wide("\0\0\xFE\xFF", 4));
    assert_true(pdn_encoding_is_wide(le, sizeof le - 1));
    assert_true(pdn_encoding_is_wide(be, sizeof be - 1));
    assert_false(pdn_encoding_is_wide("\xEF\xBB\xBFW\0h\0i\0t\0e\0,\0", 15));
    assert_false(pdn_encoding_is_wide("White,Black\n", 12));
    assert_false(pdn_encoding_is_wide(le, 6)); /* too few units to tell */
    assert_false(pdn_encoding_is_wide(NULL, 4));
    /* past the first 256 bytes, as the readers, nothing counts */
    char late[512];
    memset(late, 'a', 256);
    memcpy(late + 256, le, sizeof le - 1);
    memset(late + 256 + sizeof le - 1, 0, sizeof late - 256 - (sizeof le - 1));
    assert_false(pdn_encoding_is_wide(late, sizeof late));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_input_cyrillic_files_detected),
        cmocka_unit_test(test_input_latin1_file_detected),
        cmocka_unit_test(test_input_detected_after_a_block),
        cmocka_unit_test(test_input_encoding_only_when_not_utf8),
        cmocka_unit_test(test_input_koi8r_named),
        cmocka_unit_test(test_input_central_european),
        cmocka_unit_test(test_input_utf32),
        cmocka_unit_test(test_input_is_wide_as_the_readers_decide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
