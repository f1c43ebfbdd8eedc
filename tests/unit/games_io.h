/*
 * Helpers shared by the unit tests that read games into memory and write
 * them back (header-only, static): all the games of a text, one game
 * written to a string, a text made canonical, the .pdn files under a
 * folder, a file in memory, and each file of a folder (the fuzz inputs). Each checks what it calls
 * with cmocka's asserts, so a test using it fails at the first thing that goes wrong. Findings are
 * not collected here: reader_fixture.h does that.
 */
#ifndef GAMES_IO_H
#define GAMES_IO_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pdn.h"

/* The games of a text, in order; games_free() frees them. */
struct games {
    pdn_game **v;
    size_t n;
};

static inline void read_games(struct games *out, const void *data, size_t len)
{
    pdn_reader *r;
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION, .filename = "test"};
    assert_int_equal(pdn_reader_open_memory(&r, data, len, &ro), PDN_OK);
    pdn_game *g;
    int rc;
    *out = (struct games){0};
    while ((rc = pdn_reader_next(&g, r)) > 0) {
        out->v = realloc(out->v, (out->n + 1) * sizeof *out->v);
        assert_non_null(out->v);
        out->v[out->n++] = g;
    }
    assert_int_equal(rc, 0);
    pdn_reader_free(r);
}

static inline void free_games(struct games *gs)
{
    for (size_t i = 0; i < gs->n; i++)
        pdn_game_free(gs->v[i]);
    free(gs->v);
    *gs = (struct games){0};
}

/* A text written to memory: FILE *fp = memout_open(&m); ...; memout_text(&m)
 * closes it and hands out the text (NUL-terminated; the caller frees it). */
struct memout {
    char *buf;
    size_t len;
    FILE *fp;
};

static inline FILE *memout_open(struct memout *m)
{
    *m = (struct memout){0};
    m->fp = open_memstream(&m->buf, &m->len);
    assert_non_null(m->fp);
    return m->fp;
}

static inline char *memout_text(struct memout *m)
{
    assert_int_equal(fclose(m->fp), 0);
    return m->buf;
}

/* The text pdn_write_game gives (opt may be NULL); the caller frees it. */
static inline char *write_to_string(const pdn_game *game, const struct pdn_write_options *opt)
{
    struct memout m;
    assert_int_equal(pdn_write_game(memout_open(&m), game, opt), PDN_OK);
    return memout_text(&m);
}

/* The games of a PDN text, each written by pdn_write_game; the caller
 * frees it. */
static inline char *canonical(const char *pdn)
{
    struct games gs;
    read_games(&gs, pdn, strlen(pdn));
    struct memout m;
    FILE *fp = memout_open(&m);
    for (size_t i = 0; i < gs.n; i++)
        assert_int_equal(pdn_write_game(fp, gs.v[i], NULL), PDN_OK);
    free_games(&gs);
    return memout_text(&m);
}

static inline bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* File paths; free_paths() frees them. */
struct paths {
    char **v;
    size_t n;
};

/* Adds the .pdn files under a folder and its subfolders (hidden ones left
 * out), in the order readdir gives: sort_paths() sorts them by name. */
static inline void find_pdn(struct paths *out, const char *folder)
{
    DIR *dir = opendir(folder);
    if (dir == NULL) print_error("cannot open %s (run from the project root)\n", folder);
    assert_non_null(dir);
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char path[1024];
        struct stat st;
        assert_true(snprintf(path, sizeof path, "%s/%s", folder, e->d_name) < (int)sizeof path);
        assert_int_equal(stat(path, &st), 0);
        if (S_ISDIR(st.st_mode)) {
            find_pdn(out, path);
        } else if (S_ISREG(st.st_mode) && has_suffix(e->d_name, ".pdn")) {
            out->v = realloc(out->v, (out->n + 1) * sizeof *out->v);
            assert_non_null(out->v);
            out->v[out->n] = strdup(path);
            assert_non_null(out->v[out->n]);
            out->n++;
        }
    }
    closedir(dir);
}

static inline int path_order(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static inline void sort_paths(struct paths *p)
{
    if (p->n > 0) qsort(p->v, p->n, sizeof *p->v, path_order);
}

static inline void free_paths(struct paths *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->v[i]);
    free(p->v);
    *p = (struct paths){0};
}

/* A whole file in memory (NUL-terminated); *len its length. The caller
 * frees it. */
static inline char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) print_error("cannot open %s (run from the project root)\n", path);
    assert_non_null(fp);
    struct memout m;
    FILE *out = memout_open(&m);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        assert_int_equal(fwrite(chunk, 1, n, out), n);
    assert_false(ferror(fp));
    fclose(fp);
    char *text = memout_text(&m);
    *len = m.len;
    return text;
}

/*
 * Calls each(data, len, i) for the i-th file of a folder in name order
 * (hidden files and README left out: a folder of fuzz inputs); returns how
 * many there were.
 */
static inline size_t each_file(const char *folder, void (*each)(const char *, size_t, size_t))
{
    DIR *dir = opendir(folder);
    if (dir == NULL) print_error("cannot open %s (run from the project root)\n", folder);
    assert_non_null(dir);
    struct paths files = {0};
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README") == 0) continue;
        files.v = realloc(files.v, (files.n + 1) * sizeof *files.v);
        assert_non_null(files.v);
        files.v[files.n] = malloc(strlen(folder) + strlen(e->d_name) + 2);
        assert_non_null(files.v[files.n]);
        sprintf(files.v[files.n++], "%s/%s", folder, e->d_name);
    }
    closedir(dir);
    sort_paths(&files);
    for (size_t i = 0; i < files.n; i++) {
        size_t len;
        char *data = slurp(files.v[i], &len);
        print_message("  %s\n", files.v[i]);
        each(data, len, i);
        free(data);
    }
    size_t n = files.n;
    free_paths(&files);
    return n;
}

#endif
