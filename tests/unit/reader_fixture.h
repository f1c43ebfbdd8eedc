/*
 * Helpers shared by the reader's unit tests: read a text or a file with
 * pdn_reader and collect the games and the diagnostics (diag_collector.h).
 * Header-only, static.
 */
#ifndef READER_FIXTURE_H
#define READER_FIXTURE_H

#include "diag_collector.h"
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fix {
    struct diag_collector dc; /* the findings */
    size_t games;
    int rc; /* last pdn_reader_next result */
};

static inline struct pdn_reader_options fix_options(struct fix *f, bool strict)
{
    memset(f, 0, sizeof *f);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    o.filename = "test.pdn";
    o.strict = strict;
    o.on_diag = dc_collect;
    o.diag_ctx = &f->dc;
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

/* Every tag of every game the reader gives, "name=value\n", as one text
 * (the caller frees it); counts the games in f->games, frees the reader. */
static inline char *fix_tags_text(struct fix *f, pdn_reader *r)
{
    char *all = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&all, &len);
    assert_non_null(out);
    pdn_game *g;
    while ((f->rc = pdn_reader_next(&g, r)) == 1) {
        for (uint32_t i = 0; i < g->ntags; i++)
            fprintf(out, "%s=%s\n", g->tags[i].name, g->tags[i].value);
        f->games++;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    assert_int_equal(fclose(out), 0);
    return all;
}

/* The first game of a text, which must have one; the caller frees it. */
static inline pdn_game *fix_one(struct fix *f, const char *text, bool strict)
{
    pdn_game *g = NULL;
    fix_read_str(f, text, strict, &g);
    assert_non_null(g);
    return g;
}

/* The first game of text, which must read without a single finding. */
static inline pdn_game *fix_clean(struct fix *f, const char *text, bool strict)
{
    pdn_game *g = fix_one(f, text, strict);
    if (f->dc.total != 0) print_error("'%s': %s\n", text, f->dc.kept[0].detail);
    assert_int_equal(f->dc.total, 0);
    return g;
}

/* The first finding whose detail holds 'detail', which must exist. */
static inline const struct diag_record *fix_need(const struct fix *f, const char *detail)
{
    const struct diag_record *d = dc_find_detail(&f->dc, detail);
    if (!d) print_error("no finding '%s'\n", detail);
    assert_non_null(d);
    return d;
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
