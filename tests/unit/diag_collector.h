/*
 * The one collector of diagnostics for the unit tests (header-only, static):
 * an on_diag callback that counts every finding by code and severity, keeps
 * the place of the first one of each code, and keeps the first DC_KEEP
 * findings whole (code, place, move number, text, detail, message), so a
 * test can look one up by code or by its detail. It also checks what every
 * finding must be: a known code, a message that formats, UTF-8 text.
 * Used by reader_fixture.h, replay_fixture.h and hostile_fixture.h.
 */
#ifndef DIAG_COLLECTOR_H
#define DIAG_COLLECTOR_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "pdn.h"

#define DC_KEEP 512

/* Not every test program uses every helper. */
#define DC_UNUSED __attribute__((unused))

struct diag_record {
    enum pdn_diag_code code;
    uint32_t line, col;
    size_t game;
    char move_number[24]; /* "12." or "30...", "" for none */
    char text[128];       /* the offending text, "" for none */
    char detail[256];     /* "" for none */
    char message[384];    /* pdn_diag_message() */
};

struct diag_place {
    uint32_t line, col;
    size_t game;
};

struct diag_collector {
    struct diag_record kept[DC_KEEP]; /* the first findings */
    int nkept;
    unsigned long total;                     /* every finding reported */
    unsigned long errors;                    /* of error severity */
    unsigned long count[PDN_DIAG_COUNT];     /* by code */
    struct diag_place first[PDN_DIAG_COUNT]; /* where each code was first reported */
    unsigned long bad_utf8;                  /* findings whose text is not UTF-8 */
};

/* True when s is valid UTF-8 (the library must never hand out anything else). */
DC_UNUSED static bool dc_utf8_valid(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        if (c >= 0x80 && (c < 0xC2 || c > 0xF4)) return false;
        if (i + k > n) return false;
        for (size_t j = 1; j < k; j++)
            if ((s[i + j] & 0xC0) != 0x80) return false;
        i += k;
    }
    return true;
}

DC_UNUSED static void dc_reset(struct diag_collector *c)
{
    memset(c, 0, sizeof *c);
}

/* The on_diag callback; its context is a struct diag_collector. */
DC_UNUSED static void dc_collect(const struct pdn_diag *d, void *ctx)
{
    struct diag_collector *c = ctx;
    char message[sizeof c->kept[0].message];
    assert_true((unsigned)d->code < PDN_DIAG_COUNT);
    assert_true(pdn_diag_message(message, sizeof message, d) > 0);
    if (d->text && !dc_utf8_valid((const unsigned char *)d->text, strlen(d->text))) c->bad_utf8++;
    if (c->count[d->code]++ == 0) c->first[d->code] = (struct diag_place){d->line, d->col, d->game};
    if (pdn_diag_severity(d->code) == PDN_SEV_ERROR) c->errors++;
    c->total++;
    if (c->nkept >= DC_KEEP) return;
    struct diag_record *r = &c->kept[c->nkept++];
    r->code = d->code;
    r->line = d->line;
    r->col = d->col;
    r->game = d->game;
    snprintf(r->move_number, sizeof r->move_number, "%s", d->move_number ? d->move_number : "");
    snprintf(r->text, sizeof r->text, "%s", d->text ? d->text : "");
    snprintf(r->detail, sizeof r->detail, "%s", d->detail ? d->detail : "");
    memcpy(r->message, message, sizeof message);
}

/* c emptied, then the findings of replaying game collected in it;
 * pdn_replay_game's return. */
DC_UNUSED static int dc_replay(struct diag_collector *c, const pdn_game *game)
{
    dc_reset(c);
    struct pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
    o.on_diag = dc_collect;
    o.diag_ctx = c;
    struct pdn_replay_summary sum;
    return pdn_replay_game(&sum, game, &o);
}

/* Findings of this code, kept or not. */
DC_UNUSED static unsigned long dc_count(const struct diag_collector *c, enum pdn_diag_code code)
{
    return c->count[code];
}

/* The first kept finding with this code, or NULL. */
DC_UNUSED static const struct diag_record *dc_find(const struct diag_collector *c,
                                                   enum pdn_diag_code code)
{
    for (int i = 0; i < c->nkept; i++)
        if (c->kept[i].code == code) return &c->kept[i];
    return NULL;
}

/* The first kept finding whose detail contains 'detail', or NULL. */
DC_UNUSED static const struct diag_record *dc_find_detail(const struct diag_collector *c,
                                                          const char *detail)
{
    for (int i = 0; i < c->nkept; i++)
        if (strstr(c->kept[i].detail, detail)) return &c->kept[i];
    return NULL;
}

/* The finding stands at line:col (columns in characters). */
DC_UNUSED static void dc_expect_at(const struct diag_record *d, uint32_t line, uint32_t col)
{
    assert_non_null(d);
    assert_int_equal(d->line, line);
    assert_int_equal(d->col, col);
}

/* The first kept finding of error severity, or NULL. */
DC_UNUSED static const struct diag_record *dc_first_error(const struct diag_collector *c)
{
    for (int i = 0; i < c->nkept; i++)
        if (pdn_diag_severity(c->kept[i].code) == PDN_SEV_ERROR) return &c->kept[i];
    return NULL;
}

/* Each code reported: how often, and where first. */
DC_UNUSED static void dc_print_counts(const struct diag_collector *c)
{
    for (int k = 0; k < PDN_DIAG_COUNT; k++)
        if (c->count[k])
            print_message("  %s x%lu, first at %u:%u (game %zu)\n", pdn_diag_name(k), c->count[k],
                          c->first[k].line, c->first[k].col, c->first[k].game);
}

/* The kept findings, one a line. */
DC_UNUSED static void dc_print(const struct diag_collector *c)
{
    for (int i = 0; i < c->nkept; i++)
        print_message("  [%s] %u:%u %s %s\n", pdn_diag_name(c->kept[i].code), c->kept[i].line,
                      c->kept[i].col, c->kept[i].move_number, c->kept[i].message);
}

#endif
