/*
 * Shared by the writer's unit tests (test_writer.c, test_writer_reads_back.c;
 * header-only, static): a hand-built game tree written and compared with
 * the text worked out by hand, or read back; moves, moves with a comment,
 * games of a main line.
 */
#ifndef WRITER_FIXTURE_H
#define WRITER_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games_io.h"
#include "pdn.h"

#define ROSTER_UNKNOWN                                                                             \
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"           \
    "[Black \"?\"]\n"

#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

/* The writer writes the game as want, byte for byte. */
static inline void check(const pdn_game *game, const struct pdn_write_options *opt,
                         const char *want)
{
    char *got = write_to_string(game, opt);
    if (strcmp(got, want) != 0) print_message("got:\n%s\nwant:\n%s\n", got, want);
    assert_string_equal(got, want);
    free(got);
}

/* What the writer wrote reads back (leniently) as n moves of the main line,
 * in the order and with the texts written, and writes to the same bytes. */
static inline void check_reads_back(const pdn_game *game, uint32_t n)
{
    char *once = write_to_string(game, NULL);
    pdn_reader *r;
    pdn_game *g;
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION, .filename = "written"};
    assert_int_equal(pdn_reader_open_memory(&r, once, strlen(once), &ro), PDN_OK);
    assert_int_equal(pdn_reader_next(&g, r), 1);
    assert_int_equal(g->main.nmoves, n);
    char *twice = write_to_string(g, NULL);
    assert_string_equal(once, twice);
    free(twice);
    pdn_game_free(g);
    assert_int_equal(pdn_reader_next(&g, r), 0);
    pdn_reader_free(r);
    free(once);
}

static inline struct pdn_node mv(const char *text)
{
    return (struct pdn_node){.text = text};
}

/* A move with one comment after it, or before it; its annotations live
 * as long as the block that calls it (a compound literal). */
#define mv_after(text_, c_)                                                                        \
    ((struct pdn_node){                                                                            \
        .text = (text_),                                                                           \
        .annotations = &(struct pdn_annotations){.comments_after = (c_), .ncomments_after = 1}})
#define mv_before(text_, c_)                                                                       \
    ((struct pdn_node){                                                                            \
        .text = (text_),                                                                           \
        .annotations = &(struct pdn_annotations){.comments_before = (c_), .ncomments_before = 1}})

/* The annotations of a node made by hand, to fill: its own (made by the
 * test, so writable), or an empty set from a pool that lasts as long as
 * the test program. */
static inline struct pdn_annotations *annotate(struct pdn_node *node)
{
    static struct pdn_annotations pool[256];
    static size_t used;
    if (node->annotations) return (struct pdn_annotations *)node->annotations;
    assert_true(used < sizeof pool / sizeof pool[0]);
    pool[used] = (struct pdn_annotations){0};
    node->annotations = &pool[used];
    return &pool[used++];
}

static inline pdn_game game_of(struct pdn_node *moves, uint32_t n, enum pdn_result result)
{
    return (pdn_game){.index = 1, .main = {.moves = moves, .nmoves = n}, .result = result};
}

#endif
