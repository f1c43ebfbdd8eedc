/*
 * Helpers shared by the reader's unit tests: read a text or a file with
 * pdn_reader and collect the games and the diagnostics. Header-only, static.
 */
#ifndef READER_FIXTURE_H
#define READER_FIXTURE_H

#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIX_DIAGS 512

struct fix_diag {
    enum pdn_diag_code code;
    uint32_t line, col;
    size_t game;
    char text[80];
    char detail[128];
    char move[24]; /* the move label, "" for none */
};

struct fix {
    struct fix_diag d[FIX_DIAGS];
    int n;      /* kept (at most FIX_DIAGS) */
    int total;  /* all reported */
    int errors; /* with error severity */
    size_t games;
    int rc; /* last pdn_reader_next result */
};

static inline void fix_on_diag(const struct pdn_diag *d, void *ctx)
{
    struct fix *f = ctx;
    f->total++;
    if (pdn_diag_severity(d->code) == PDN_SEV_ERROR) f->errors++;
    if (f->n >= FIX_DIAGS) return;
    struct fix_diag *r = &f->d[f->n++];
    r->code = d->code;
    r->line = d->line;
    r->col = d->col;
    r->game = d->game;
    snprintf(r->text, sizeof r->text, "%s", d->text ? d->text : "");
    snprintf(r->detail, sizeof r->detail, "%s", d->detail ? d->detail : "");
    snprintf(r->move, sizeof r->move, "%s", d->move_number ? d->move_number : "");
}

static inline struct pdn_reader_options fix_options(struct fix *f, bool strict)
{
    memset(f, 0, sizeof *f);
    struct pdn_reader_options o = {.version = PDN_OPTIONS_VERSION};
    o.filename = "test.pdn";
    o.strict = strict;
    o.on_diag = fix_on_diag;
    o.diag_ctx = f;
    return o;
}

/* Reads every game; keeps the first one in *first when asked (else frees). */
static inline void fix_drain(pdn_reader *r, struct fix *f, pdn_game **first)
{
    pdn_game *g;
    if (first) *first = NULL;
    while ((f->rc = pdn_reader_next(&g, r)) == 1) {
        f->games++;
        if (first && !*first)
            *first = g;
        else
            pdn_game_free(g);
    }
}

static inline size_t fix_read_mem(struct fix *f, const char *text, size_t len, bool strict,
                                  pdn_game **first)
{
    struct pdn_reader_options o = fix_options(f, strict);
    pdn_reader *r = NULL;
    if (pdn_reader_open_memory(&r, text, len, &o) != 0) return (size_t)-1;
    fix_drain(r, f, first);
    pdn_reader_free(r);
    return f->games;
}

static inline size_t fix_read_str(struct fix *f, const char *text, bool strict, pdn_game **first)
{
    return fix_read_mem(f, text, strlen(text), strict, first);
}

static inline size_t fix_read_file(struct fix *f, const char *path, bool strict, pdn_game **first)
{
    struct pdn_reader_options o = fix_options(f, strict);
    pdn_reader *r = NULL;
    if (pdn_reader_open_file(&r, path, &o) != 0) return (size_t)-1;
    fix_drain(r, f, first);
    pdn_reader_free(r);
    return f->games;
}

/* The first diagnostic with this code, or NULL. */
static inline const struct fix_diag *fix_find(const struct fix *f, enum pdn_diag_code code)
{
    for (int i = 0; i < f->n; i++)
        if (f->d[i].code == code) return &f->d[i];
    return NULL;
}

/* The first diagnostic whose detail contains 'detail', or NULL. */
static inline const struct fix_diag *fix_find_detail(const struct fix *f, const char *detail)
{
    for (int i = 0; i < f->n; i++)
        if (strstr(f->d[i].detail, detail)) return &f->d[i];
    return NULL;
}

/* The first error-severity diagnostic, or NULL. */
static inline const struct fix_diag *fix_first_error(const struct fix *f)
{
    for (int i = 0; i < f->n; i++)
        if (pdn_diag_severity(f->d[i].code) == PDN_SEV_ERROR) return &f->d[i];
    return NULL;
}

/* A whole file in memory (NUL-terminated); NULL on failure. */
static inline char *fix_slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    if (buf) buf[n] = '\0';
    if (len) *len = (size_t)n;
    return buf;
}

#endif
