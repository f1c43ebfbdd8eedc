/*
 * lossless_trip: `pdn2csv --moves --variations --lossless | csv2pdn --moves`
 * in memory, through the public API as the two tools drive it, against
 * pdnfmt; or by game rows (`pdn2csv --lossless | csv2pdn`). README.md and
 * csv2pdn(1) promise that the games come back byte for byte as pdnfmt
 * writes them; fuzz_lossless holds arbitrary input to it, test_csv_lossless
 * the test files and what the fuzzers kept.
 * Header-only, static; for tests only (it asserts nothing: the caller
 * compares).
 */
#ifndef LOSSLESS_TRIP_H
#define LOSSLESS_TRIP_H

#include "pdn.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A text written through a memory stream. */
struct trip_text {
    char *buf;
    size_t len;
    FILE *fp;
};

/* The texts of one trip, and its mode. */
struct lossless_trip {
    bool by_games;          /* a row a game, not a row a ply */
    struct trip_text pdn;   /* the input's games as pdnfmt writes them */
    struct trip_text csv;   /* their rows, as pdn2csv --moves --variations --lossless */
    struct trip_text raw;   /* the games those rows give, as csv2pdn --moves writes them */
    struct trip_text again; /* raw as pdnfmt writes it */
    struct trip_text back;  /* the rows' games as csv2pdn --moves --canonical writes them */
};

static inline bool trip_open(struct trip_text *t)
{
    t->fp = open_memstream(&t->buf, &t->len);
    return t->fp != NULL;
}

static inline int trip_close(struct trip_text *t)
{
    int rc = t->fp && fclose(t->fp) != 0 ? PDN_EIO : 0;
    t->fp = NULL;
    return rc;
}

/* pdnfmt's defaults: pdn_format_game with no options, each game. */
static inline int trip_format(FILE *out, const pdn_game *g)
{
    return pdn_format_game(out, g, NULL);
}

/* Every game of a PDN text as pdnfmt writes it, at out. */
static inline int trip_format_text(FILE *out, const char *data, size_t size, const char *name)
{
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = name;
    pdn_reader *r;
    pdn_game *g;
    int rc = pdn_reader_open_memory(&r, data, size, &ro);
    if (rc < 0) return rc;
    while ((rc = pdn_reader_next(&g, r)) > 0) {
        rc = trip_format(out, g);
        pdn_game_free(g);
        if (rc < 0) break;
    }
    pdn_reader_free(r);
    return rc < 0 ? rc : 0;
}

/* pdnfmt and pdn2csv on the input: t->pdn and t->csv. As pdn2csv does,
 * the reader's findings go to the CSV writer too (its status columns). */
static inline int trip_there(struct lossless_trip *t, const char *data, size_t size)
{
    struct pdn_csv_write_options wo = PDN_CSV_WRITE_OPTIONS_INIT;
    wo.mode = t->by_games ? PDN_CSV_GAMES : PDN_CSV_MOVES;
    wo.variations = !t->by_games;
    wo.lossless = true;
    pdn_csv_writer *w;
    int rc = pdn_csv_writer_open(&w, t->csv.fp, &wo, NULL);
    if (rc < 0) return rc;
    rc = pdn_csv_writer_write_header(w);
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = "in.pdn";
    ro.on_diag = pdn_csv_writer_on_diag;
    ro.diag_ctx = w;
    pdn_reader *r;
    pdn_game *g;
    if (rc == 0) rc = pdn_reader_open_memory(&r, data, size, &ro);
    if (rc == 0) {
        while ((rc = pdn_reader_next(&g, r)) > 0) {
            rc = trip_format(t->pdn.fp, g);
            long rows = rc < 0 ? rc : pdn_csv_writer_write_game(w, g, "in.pdn");
            pdn_game_free(g);
            if (rows < 0) {
                rc = (int)rows;
                break;
            }
        }
        pdn_reader_free(r);
    }
    pdn_csv_writer_free(w);
    return rc < 0 ? rc : 0;
}

/* A game as csv2pdn writes it: its text as the rows gave it, the blanks
 * and line ends at its end cut, a blank line after it. */
static inline int trip_raw(FILE *out, const pdn_game *g)
{
    if (g->raw == NULL) return trip_format(out, g);
    size_t n = g->raw_len;
    while (n > 0 && (g->raw[n - 1] == '\n' || g->raw[n - 1] == ' '))
        n--;
    fwrite(g->raw, 1, n, out);
    fputs("\n\n", out);
    return ferror(out) ? PDN_EIO : 0;
}

/* csv2pdn (--moves by plies) on the rows: its text (t->raw, the game's
 * text as the rows give it) and its canonical form (t->back, --canonical). */
static inline int trip_back(struct lossless_trip *t)
{
    struct pdn_csv_read_options ro = PDN_CSV_READ_OPTIONS_INIT;
    ro.filename = "rows.csv";
    ro.moves = !t->by_games;
    FILE *in = fmemopen(t->csv.buf, t->csv.len, "rb");
    if (in == NULL) return PDN_ENOMEM;
    pdn_csv_reader *r;
    pdn_game *g;
    int rc = pdn_csv_reader_open(&r, in, &ro);
    if (rc < 0) {
        fclose(in);
        return rc;
    }
    while ((rc = pdn_csv_reader_next(&g, r)) > 0) {
        rc = trip_format(t->back.fp, g);
        if (rc == 0) rc = trip_raw(t->raw.fp, g);
        pdn_game_free(g);
        if (rc < 0) break;
    }
    pdn_csv_reader_free(r);
    fclose(in);
    return rc < 0 ? rc : 0;
}

/* The whole trip on a PDN text, by plies or (by_games) by game rows: 0,
 * or a negative PDN_E* code (a system error: a text in memory gives none
 * but out of memory). Free it with lossless_trip_free either way. */
static inline int lossless_trip_run_as(struct lossless_trip *t, const char *data, size_t size,
                                       bool by_games)
{
    memset(t, 0, sizeof *t);
    t->by_games = by_games;
    if (!trip_open(&t->pdn) || !trip_open(&t->csv) || !trip_open(&t->raw) ||
        !trip_open(&t->again) || !trip_open(&t->back))
        return PDN_ENOMEM;
    int rc = trip_there(t, data, size);
    int closed = trip_close(&t->pdn) | trip_close(&t->csv);
    if (rc == 0) rc = trip_back(t);
    closed |= trip_close(&t->raw) | trip_close(&t->back);
    if (rc == 0 && closed == 0) rc = trip_format_text(t->again.fp, t->raw.buf, t->raw.len, "-");
    closed |= trip_close(&t->again);
    return rc < 0 ? rc : closed ? PDN_EIO : 0;
}

/* The trip by plies, which --variations makes hold every line. */
static inline int lossless_trip_run(struct lossless_trip *t, const char *data, size_t size)
{
    return lossless_trip_run_as(t, data, size, false);
}

static inline bool trip_same(const struct trip_text *a, const struct trip_text *b)
{
    return a->len == b->len && memcmp(a->buf, b->buf, a->len) == 0;
}

/* What the promise asks: csv2pdn's text, once pdnfmt writes it, and
 * csv2pdn --canonical's are pdnfmt's text of the input. */
static inline bool lossless_trip_same(const struct lossless_trip *t)
{
    return trip_same(&t->pdn, &t->again) && trip_same(&t->pdn, &t->back);
}

/* The texts that differ, and the rows, on stderr. */
static inline void lossless_trip_show(const struct lossless_trip *t)
{
    fprintf(stderr, "pdnfmt:\n%.*s\n", (int)t->pdn.len, t->pdn.buf);
    const char *to = t->by_games ? "csv2pdn" : "csv2pdn --moves";
    if (!trip_same(&t->pdn, &t->again))
        fprintf(stderr, "%s | pdnfmt:\n%.*s\n", to, (int)t->again.len, t->again.buf);
    if (!trip_same(&t->pdn, &t->back))
        fprintf(stderr, "%s --canonical:\n%.*s\n", to, (int)t->back.len, t->back.buf);
    fprintf(stderr, "%s:\n%.*s\n",
            t->by_games ? "pdn2csv --lossless" : "pdn2csv --moves --variations --lossless",
            (int)t->csv.len, t->csv.buf);
}

static inline void lossless_trip_free(struct lossless_trip *t)
{
    struct trip_text *all[] = {&t->pdn, &t->csv, &t->raw, &t->again, &t->back};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        trip_close(all[i]);
        free(all[i]->buf);
        all[i]->buf = NULL;
    }
}

#endif
