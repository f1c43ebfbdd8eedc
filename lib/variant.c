/*
 * variant: which variant a game is played under when no GameType tag says
 * it (enum pdn_variant_source in pdn.h). The reader hands every game here
 * with the file's running tally; the clues are read from the game's text
 * alone (FEN tag, move texts, tag names, result), with no board and no rule:
 * the replay judges the moves. Must not print or allocate.
 */
#include "variant.h"

#include <stdlib.h>
#include <string.h>

/* What the text of a game shows. */
struct clues {
    bool algebraic; /* "c3" squares in the moves or the FEN */
    bool big;       /* a square number above 32 */
    bool italian;   /* Italian tag names (Bianco, Nero, Risultato) */
    int first;      /* from-square of the first main-line move, 0 when none */
};

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_file(char c)
{
    return c >= 'a' && c <= 'j' && c != 'x';
}

/*
 * The squares of a text: numbers (a run of four digits, "3228", is two
 * squares; three digits say nothing) and algebraic squares. Letters right
 * after ':' in a FEN are list letters ("W:b12" in lower case), not files.
 */
static void scan_squares(struct clues *c, const char *s, bool fen, int *first)
{
    for (const char *p = s; *p;) {
        if (is_file(*p) && is_digit(p[1]) && p[1] != '0' && !(fen && p > s && p[-1] == ':') &&
            (p == s || !is_file(p[-1]))) {
            c->algebraic = true;
            p += 2;
            continue;
        }
        if (!is_digit(*p)) {
            p++;
            continue;
        }
        while (*p == '0' && is_digit(p[1])) /* "032" is 32, as the reader reads it */
            p++;
        const char *q = p;
        while (is_digit(*q))
            q++;
        int len = (int)(q - p), v = atoi(p);
        if (len <= 2 || len == 4) {
            int a = len == 4 ? v / 100 : v, b = len == 4 ? v % 100 : v;
            if (a > 32 || b > 32) c->big = true;
            if (first && *first == 0) *first = a;
        }
        p = q;
    }
}

/* text: the main-line move texts to read in place of the nodes' (the
 * writer's), or NULL for the texts as read. */
static void read_clues(struct clues *c, const pdn_game *game, const char **fen,
                       variant_text_fn text, void *ctx)
{
    memset(c, 0, sizeof *c);
    *fen = NULL;
    for (uint32_t i = 0; i < game->ntags; i++) {
        const char *name = game->tags[i].name, *value = game->tags[i].value;
        if (!name || !value) continue;
        if (strcmp(name, "FEN") == 0 && !*fen) *fen = value;
        if (strcmp(name, "Bianco") == 0 || strcmp(name, "Nero") == 0 ||
            strcmp(name, "Risultato") == 0)
            c->italian = true;
    }
    if (*fen) {
        /* Skip the side to move: "B:..." is no file b. */
        const char *colon = strchr(*fen, ':');
        scan_squares(c, colon ? colon : *fen, true, NULL);
    }
    for (uint32_t i = 0; i < game->main.nmoves; i++) {
        const struct pdn_node *n = &game->main.moves[i];
        const char *t = text ? text(n, ctx) : n->text;
        if (t) scan_squares(c, t, false, i == 0 ? &c->first : NULL);
        if (n->setup) scan_squares(c, n->setup, true, NULL);
    }
}

/* A result written 1-0, 0-1 or 1/2-1/2: the convention of 8x8 files. */
static bool chess_result(const pdn_game *game)
{
    const char *r = pdn_game_tag(game, "Result");
    if (!r) r = game->result_text;
    return r && (strcmp(r, "1-0") == 0 || strcmp(r, "0-1") == 0 || strcmp(r, "1/2-1/2") == 0);
}

/* The game's own clue: gametype (0: none), whether it is weak (the file's
 * majority overrides it) and why. */
static int own_clue(const pdn_game *game, bool *weak, const char **why, variant_text_fn text,
                    void *ctx)
{
    struct clues c;
    const char *fen;
    read_clues(&c, game, &fen, text, ctx);
    *weak = false;
    *why = NULL;
    if (c.big && c.algebraic) {
        *why = "conflicting clues (square numbers above 32 and algebraic squares)";
        return 0;
    }
    if (c.big) return *why = "square numbers above 32", 20;
    if (c.algebraic) return *why = "algebraic squares", 25;
    if (c.italian) return *why = "Italian tag names and squares 1-32", 22;
    if (!fen && c.first >= 9 && c.first <= 12)
        return *why = "its first move is from 9-12 (Black opens)", 21;
    if (!fen && c.first >= 31 && c.first <= 35) return *why = "its first move is from 31-35", 20;
    *weak = true;
    if (!fen && c.first >= 21 && c.first <= 24)
        return *why = "its first move is from 21-24 (White opens on 8x8)", 25;
    if (fen && chess_result(game)) return *why = "a FEN of squares 1-32 and a 1-0 style result", 21;
    return 0;
}

/* The type most games of the file so far had (ties: the first seen), or 0. */
static int majority(const struct variant_tally *t, unsigned *count, unsigned *total)
{
    int best = 0;
    *count = *total = 0;
    for (int i = 0; i < t->ntypes; i++) {
        *total += t->count[i];
        if (t->count[i] > *count) {
            *count = t->count[i];
            best = t->type[i];
        }
    }
    return best;
}

static void tally_add(struct variant_tally *t, int type)
{
    int i = 0;
    while (i < t->ntypes && t->type[i] != type)
        i++;
    if (i == t->ntypes) {
        if (t->ntypes == VARIANT_TALLY_MAX) return;
        t->type[t->ntypes++] = type;
    }
    t->count[i]++;
}

/* A GameType tag's number (before any comma), -1 when it has none. */
static int tag_number(const char *v)
{
    while (*v == ' ' || *v == '\t')
        v++;
    if (!is_digit(*v)) return -1;
    int n = 0;
    for (int k = 0; is_digit(*v) && k < 6; v++, k++)
        n = n * 10 + (*v - '0');
    return n;
}

/* Whether an earlier game of the file was already of this unsupported type. */
static bool repeated(struct variant_tally *t, int type)
{
    if (type <= 0 || pdn_variant_from_gametype(NULL, type)) return false;
    for (int i = 0; i < t->nunsupported; i++)
        if (t->unsupported[i] == type) return true;
    if (t->nunsupported < VARIANT_TALLY_MAX) t->unsupported[t->nunsupported++] = type;
    return false;
}

void variant_decide(pdn_game *game, struct variant_tally *tally, int option)
{
    bool weak;
    const char *why;
    game->clue_gametype = own_clue(game, &weak, &why, NULL, NULL);
    game->variant_clue = why;
    const char *tag = pdn_game_tag(game, "GameType");
    unsigned count, total;
    int best = majority(tally, &count, &total);
    if (tag) {
        game->gametype = tag_number(tag);
        game->variant_source = PDN_VARIANT_FROM_TAG;
    } else if (option > 0) {
        game->gametype = option;
        game->variant_source = PDN_VARIANT_FROM_OPTION;
    } else if (game->clue_gametype && !(weak && best)) {
        game->gametype = game->clue_gametype;
        game->variant_source = PDN_VARIANT_FROM_CONTENT;
    } else if (best) {
        game->gametype = best;
        game->variant_source = PDN_VARIANT_FROM_FILE;
    } else {
        game->gametype = 0;
        game->variant_source = PDN_VARIANT_FROM_DEFAULT;
    }
    game->gametype_repeated = repeated(tally, game->gametype);
    /* Only games that decided by themselves make the majority. */
    if (game->variant_source == PDN_VARIANT_FROM_TAG && game->gametype > 0)
        tally_add(tally, game->gametype);
    else if (game->variant_source == PDN_VARIANT_FROM_CONTENT)
        tally_add(tally, game->gametype);
}

bool pdn_variant_parse(enum pdn_variant *out, const char *name)
{
    static const struct {
        const char *alias;
        enum pdn_variant variant;
    } aliases[] = {{"checkers", PDN_VARIANT_ENGLISH}, {"american", PDN_VARIANT_ENGLISH}};
    if (!name) return false;
    if (is_digit(name[0])) {
        char *end;
        long n = strtol(name, &end, 10);
        return *end == '\0' && n > 0 && n < 1000 && pdn_variant_from_gametype(out, (int)n);
    }
    for (int v = 0; v < PDN_VARIANT_COUNT; v++)
        if (strcmp(pdn_rules_get((enum pdn_variant)v)->name, name) == 0) {
            if (out) *out = (enum pdn_variant)v;
            return true;
        }
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(aliases[i].alias, name) == 0) {
            if (out) *out = aliases[i].variant;
            return true;
        }
    return false;
}

bool variant_clue_changes(const pdn_game *game, variant_text_fn text, void *ctx)
{
    bool weak_read, weak_written;
    const char *why;
    int read = own_clue(game, &weak_read, &why, NULL, NULL);
    int written = own_clue(game, &weak_written, &why, text, ctx);
    return read != written || weak_read != weak_written;
}
