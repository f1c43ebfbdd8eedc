/*
 * Test fixture for the validator (header-only, static): builds a game tree
 * from a small movetext without the reader, and records the diagnostics
 * (diag_collector.h) and plies a replay reports.
 *
 * Movetext: tokens separated by blanks; "12." / "12..." move numbers, "(" and
 * ")" variations, "/FEN/" setups, anything else a move. Every token is on
 * line 1, at its 1-based column. The Result terminator and the tags are
 * given apart.
 */
#ifndef REPLAY_FIXTURE_H
#define REPLAY_FIXTURE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag_collector.h"
#include "pdn.h"

#define FX_NODES 1024
#define FX_LINES 128
/* Not every test program uses every helper. */
#define FX_UNUSED __attribute__((unused))

struct fx_ply {
    struct pdn_board before, after;
    int depth;
    const struct pdn_node *node;
};

struct fx {
    pdn_game game;
    struct pdn_node nodes[FX_NODES];
    size_t nnodes;
    struct pdn_line lines[FX_LINES];
    size_t nlines;
    struct pdn_annotations annotations[FX_NODES];
    size_t nannotations;
    struct pdn_tag tags[8];
    char src[8192];
    size_t at;                /* scanning position in src */
    struct diag_collector dc; /* the findings of the last fx_replay() */
    struct fx_ply plies[FX_NODES];
    int nplies;
    struct pdn_replay_summary sum;
};

FX_UNUSED static void fx_on_ply(const struct pdn_board *before, const struct pdn_board *after,
                                const struct pdn_move *move, const struct pdn_node *node, int depth,
                                void *ctx)
{
    struct fx *f = ctx;
    (void)move;
    if (f->nplies >= FX_NODES) return;
    f->plies[f->nplies++] = (struct fx_ply){*before, *after, depth, node};
}

FX_UNUSED static bool fx_is_number(const char *tok, uint32_t *n, bool *black)
{
    size_t len = strlen(tok), d = 0;
    while (tok[d] >= '0' && tok[d] <= '9')
        d++;
    if (d == 0 || d == len) return false;
    if (strcmp(tok + d, ".") != 0 && strcmp(tok + d, "...") != 0) return false;
    *n = (uint32_t)atoi(tok);
    *black = tok[d + 1] == '.';
    return true;
}

/* The next token, NUL-terminated in place; NULL at the end. */
FX_UNUSED static char *fx_token(struct fx *f, uint32_t *col)
{
    char *s = f->src;
    while (s[f->at] == ' ')
        f->at++;
    if (!s[f->at]) return NULL;
    *col = (uint32_t)f->at + 1;
    size_t start = f->at;
    if (s[f->at] == '(' || s[f->at] == ')') {
        f->at++;
    } else if (s[f->at] == '/') {
        f->at++;
        while (s[f->at] && s[f->at] != '/')
            f->at++;
        if (s[f->at]) f->at++;
    } else {
        while (s[f->at] && s[f->at] != ' ' && s[f->at] != '(' && s[f->at] != ')')
            f->at++;
    }
    /* Tokens are copied out so the NUL never clobbers the next one. */
    static char buf[64][128];
    static int next;
    char *t = buf[next++ % 64];
    size_t len = f->at - start < 127 ? f->at - start : 127;
    memcpy(t, s + start, len);
    t[len] = '\0';
    return t;
}

FX_UNUSED static char *fx_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    memcpy(p, s, n);
    return p;
}

/* The annotations of a node of the pool, to fill: its own, or new ones. */
FX_UNUSED static struct pdn_annotations *fx_annotate(struct fx *f, struct pdn_node *node)
{
    if (!node->annotations) node->annotations = &f->annotations[f->nannotations++];
    return (struct pdn_annotations *)node->annotations;
}

/* Parses until ')' or the end; fills *line with nodes from the pool. */
FX_UNUSED static void fx_line(struct fx *f, struct pdn_line *line)
{
    static const struct pdn_node blank;
    struct pdn_node local[256];
    for (int i = 0; i < 256; i++)
        local[i] = blank;
    struct pdn_line vars[256][8];
    uint32_t nvars[256] = {0}, n = 0;
    uint32_t number = 0, col = 0;
    bool black = false;
    const char *setup = NULL;
    uint32_t setup_col = 0;
    char *tok;
    memset(line, 0, sizeof *line);
    while ((tok = fx_token(f, &col)) != NULL && strcmp(tok, ")") != 0) {
        uint32_t num;
        bool b;
        if (strcmp(tok, "(") == 0) {
            fx_line(f, &vars[n - 1][nvars[n - 1]++]);
            vars[n - 1][nvars[n - 1] - 1].pos = (struct pdn_pos){1, col, 0};
        } else if (fx_is_number(tok, &num, &b)) {
            number = num;
            black = b;
            local[n].number_pos = (struct pdn_pos){1, col, 0};
        } else if (tok[0] == '/') {
            tok[strlen(tok) - 1] = '\0';
            setup = fx_strdup(tok + 1);
            setup_col = col;
        } else {
            struct pdn_pos npos = local[n].number_pos;
            memset(&local[n], 0, sizeof local[n]);
            local[n].text = fx_strdup(tok);
            local[n].pos = (struct pdn_pos){1, col, 0};
            local[n].number = number;
            local[n].number_black = black;
            local[n].number_pos = npos;
            if (setup) {
                struct pdn_annotations *a = fx_annotate(f, &local[n]);
                a->setup = setup;
                a->setup_pos = (struct pdn_pos){1, setup_col, 0};
            }
            number = 0;
            setup = NULL;
            n++;
        }
    }
    line->trailing_setup = setup;
    line->moves = &f->nodes[f->nnodes];
    line->nmoves = n;
    memcpy(&f->nodes[f->nnodes], local, n * sizeof local[0]);
    f->nnodes += n;
    for (uint32_t i = 0; i < n; i++) {
        if (!nvars[i]) continue;
        struct pdn_node *node = &f->nodes[f->nnodes - n + i];
        struct pdn_annotations *a = fx_annotate(f, node);
        a->variations = &f->lines[f->nlines];
        a->nvariations = nvars[i];
        memcpy(&f->lines[f->nlines], vars[i], nvars[i] * sizeof vars[i][0]);
        f->nlines += nvars[i];
    }
}

/*
 * A game from movetext, a terminator (NULL for none; placed at column
 * strlen(movetext) + 2) and tag pairs "Name", "value", ... ending with NULL.
 */
FX_UNUSED static struct fx *fx_game(const char *movetext, const char *result, ...)
{
    struct fx *f = calloc(1, sizeof *f);
    snprintf(f->src, sizeof f->src, "%s", movetext);
    f->game.index = 1;
    fx_line(f, &f->game.main);
    if (result) {
        f->game.result_text = result;
        assert_true(pdn_result_parse(&f->game.result, result, strlen(result)));
        if ((int)f->game.result < 0) f->game.result = PDN_RESULT_UNKNOWN;
        f->game.result_pos = (struct pdn_pos){1, (uint32_t)strlen(movetext) + 2, 0};
    }
    va_list ap;
    va_start(ap, result);
    const char *name;
    while ((name = va_arg(ap, const char *)) != NULL && f->game.ntags < 8) {
        struct pdn_tag *t = &f->tags[f->game.ntags];
        t->name = name;
        t->value = va_arg(ap, const char *);
        t->pos = (struct pdn_pos){100 + f->game.ntags, 1, 0};
        f->game.ntags++;
    }
    va_end(ap);
    f->game.tags = f->tags;
    return f;
}

FX_UNUSED static void fx_free_line(const struct pdn_line *line)
{
    for (uint32_t i = 0; i < line->nmoves; i++) {
        free((char *)line->moves[i].text);
        free((char *)pdn_annotations_of(&line->moves[i])->setup);
        for (uint32_t v = 0; v < pdn_annotations_of(&line->moves[i])->nvariations; v++)
            fx_free_line(&pdn_annotations_of(&line->moves[i])->variations[v]);
    }
    free((char *)line->trailing_setup);
}

FX_UNUSED static void fx_free(struct fx *f)
{
    fx_free_line(&f->game.main);
    free(f);
}

FX_UNUSED static int fx_replay(struct fx *f, bool strict)
{
    struct pdn_replay_options opt = {
        .version = PDN_REPLAY_OPTIONS_VERSION,
        .filename = "t.pdn",
        .strict = strict,
        .on_diag = dc_collect,
        .diag_ctx = &f->dc,
        .on_ply = fx_on_ply,
        .ply_ctx = f,
    };
    dc_reset(&f->dc);
    f->nplies = 0;
    return pdn_replay_game(&f->sum, &f->game, &opt);
}

/* Replays and expects exactly one finding, with this code, column and move number. */
FX_UNUSED static const struct diag_record *
fx_expect_one(struct fx *f, bool strict, enum pdn_diag_code code, uint32_t col, const char *number)
{
    assert_int_equal(fx_replay(f, strict), PDN_OK);
    dc_print(&f->dc);
    assert_int_equal(f->dc.total, 1);
    const struct diag_record *d = &f->dc.kept[0];
    assert_int_equal(d->code, code);
    dc_expect_at(d, 1, col);
    assert_int_equal(d->game, 1);
    assert_string_equal(d->move_number, number);
    return d;
}

FX_UNUSED static void fx_expect_clean(struct fx *f)
{
    assert_int_equal(fx_replay(f, false), PDN_OK);
    for (int i = 0; i < f->dc.nkept; i++)
        print_message("  unexpected: %s\n", f->dc.kept[i].message);
    assert_int_equal(f->dc.total, 0);
}

#define FX_FEN(v) "FEN", v

#endif
