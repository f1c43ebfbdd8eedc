/*
 * Unit tests of diag.c: every code has a name, a severity and a message;
 * names are unique and stable in form; messages follow the one shape.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "pdn.h"

static bool is_kebab(const char *s)
{
    if (*s < 'a' || *s > 'z') return false;
    for (; *s; s++) {
        bool ok = (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-';
        if (!ok || (s[0] == '-' && (s[1] == '-' || s[1] == '\0'))) return false;
    }
    return true;
}

static void test_diag_every_code_has_a_row(void **state)
{
    (void)state;
    for (int c = 0; c < PDN_DIAG_COUNT; c++) {
        const char *name = pdn_diag_name((enum pdn_diag_code)c);
        assert_non_null(name);
        assert_true(is_kebab(name));
        assert_string_not_equal(name, "unknown");
        enum pdn_severity sev = pdn_diag_severity((enum pdn_diag_code)c);
        assert_true(sev == PDN_SEV_NOTE || sev == PDN_SEV_WARNING || sev == PDN_SEV_ERROR);
        struct pdn_diag d = {.code = (enum pdn_diag_code)c};
        char buf[256];
        size_t n = pdn_diag_message(buf, sizeof buf, &d);
        assert_true(n > 0 && n < sizeof buf);
        assert_string_not_equal(buf, "unknown finding");
    }
}

static void test_diag_names_unique(void **state)
{
    (void)state;
    for (int a = 0; a < PDN_DIAG_COUNT; a++)
        for (int b = a + 1; b < PDN_DIAG_COUNT; b++)
            assert_string_not_equal(pdn_diag_name((enum pdn_diag_code)a),
                                    pdn_diag_name((enum pdn_diag_code)b));
}

static void test_diag_message_shape(void **state)
{
    (void)state;
    struct pdn_diag d = {
        .code = PDN_DIAG_NONSTANDARD, .text = "01-06", .detail = "zero-padded square"};
    char buf[128];
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "nonstandard form '01-06': zero-padded square");
    d.detail = NULL;
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "nonstandard form '01-06'");
    d.text = NULL;
    d.detail = "x";
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "nonstandard form: x");
}

/* A junk word ('next round' between games) is text, not a character; one
 * character, however many bytes its UTF-8 takes, still is one. */
static void test_diag_unexpected_text_or_character(void **state)
{
    (void)state;
    struct pdn_diag d = {.code = PDN_DIAG_UNEXPECTED_CHAR, .text = "@"};
    char buf[64];
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "unexpected character '@'");
    d.text = "\xC3\xA9"; /* e acute */
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "unexpected character '\xC3\xA9'");
    d.text = "round";
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "unexpected text 'round'");
    d.text = "\xC2\xBD\xC2\xBD"; /* two one-halves */
    pdn_diag_message(buf, sizeof buf, &d);
    assert_string_equal(buf, "unexpected text '\xC2\xBD\xC2\xBD'");
}

static void test_diag_message_truncates_and_reports_length(void **state)
{
    (void)state;
    struct pdn_diag d = {.code = PDN_DIAG_DUPLICATE_TAG, .text = "Event"};
    char buf[8];
    size_t n = pdn_diag_message(buf, sizeof buf, &d);
    assert_int_equal(n, strlen("duplicate tag 'Event'"));
    assert_string_equal(buf, "duplica");
    assert_int_equal(pdn_diag_message(NULL, 0, &d), n);
}

/* Every size of buffer, those that end a piece of the message exactly
 * (the NUL then alone past it) among them: the message's first cap - 1
 * bytes, terminated, and nothing written past cap. */
static void test_diag_message_cut_at_every_size(void **state)
{
    (void)state;
    struct pdn_diag d = {.code = PDN_DIAG_DUPLICATE_TAG, .text = "Event", .detail = "again"};
    const char *whole = "duplicate tag 'Event': again";
    size_t len = strlen(whole);
    for (size_t cap = 1; cap <= len + 1; cap++) {
        char buf[64];
        memset(buf, 'X', sizeof buf);
        assert_int_equal(pdn_diag_message(buf, cap, &d), len);
        assert_int_equal(strlen(buf), cap - 1);
        assert_memory_equal(buf, whole, cap - 1);
        assert_int_equal(buf[cap], 'X');
    }
}

/* "duplicate tag 'ee'" with two e acute, two bytes each (C3 A9): a
 * buffer of 19 holds "duplicate tag '" (15 bytes), one whole and a byte
 * of the next, which would split it: the cut comes before it. */
static void test_diag_message_cut_between_characters(void **state)
{
    (void)state;
    struct pdn_diag d = {.code = PDN_DIAG_DUPLICATE_TAG, .text = "\xC3\xA9\xC3\xA9"};
    char buf[20];
    size_t n = pdn_diag_message(buf, 19, &d);
    assert_int_equal(n, strlen("duplicate tag '\xC3\xA9\xC3\xA9'"));
    assert_string_equal(buf, "duplicate tag '\xC3\xA9");
    assert_int_equal(pdn_diag_message(buf, sizeof buf, &d), n);
    assert_string_equal(buf, "duplicate tag '\xC3\xA9\xC3\xA9");
}

static void test_diag_out_of_range(void **state)
{
    (void)state;
    assert_string_equal(pdn_diag_name(PDN_DIAG_COUNT), "unknown");
    assert_string_equal(pdn_diag_name((enum pdn_diag_code) - 1), "unknown");
    assert_int_equal(pdn_diag_severity(PDN_DIAG_COUNT), PDN_SEV_ERROR);
}

static void test_diag_severity_names(void **state)
{
    (void)state;
    assert_string_equal(pdn_severity_name(PDN_SEV_NOTE), "note");
    assert_string_equal(pdn_severity_name(PDN_SEV_WARNING), "warning");
    assert_string_equal(pdn_severity_name(PDN_SEV_ERROR), "error");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diag_every_code_has_a_row),
        cmocka_unit_test(test_diag_names_unique),
        cmocka_unit_test(test_diag_message_shape),
        cmocka_unit_test(test_diag_unexpected_text_or_character),
        cmocka_unit_test(test_diag_message_truncates_and_reports_length),
        cmocka_unit_test(test_diag_message_cut_between_characters),
        cmocka_unit_test(test_diag_message_cut_at_every_size),
        cmocka_unit_test(test_diag_out_of_range),
        cmocka_unit_test(test_diag_severity_names),
    };
    return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
