/*
 * variant: which variant a game is played under when no GameType tag says
 * it (enum pdn_variant_source in pdn.h). The reader hands every game here
 * with the file's running tally. The clues are read from the game's text
 * alone (FEN tag, move texts, tag names, result); where they leave several
 * variants (algebraic squares: Russian, Brazilian or Czech; a position only
 * 8x8 holds), the replay tries the main line under each (replay_probe), so
 * that the rules the moves obey decide. Must not print or allocate.
 */
#include "bits.h"
#include "variant.h"

#include "game.h"
#include "replay.h"
#include "tag_synonym.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* What the text of a game shows. */
struct clues {
    struct text_squares squares; /* of the FEN, the main line's moves and setups */
    bool italian;                /* Italian tag names (Bianco, Nero, Risultato) */
};

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static void add_text(struct clues *c, const char *s, bool fen, bool first)
{
    text_squares_add(&c->squares, s, strlen(s), fen, first);
}

/* Whether the game has a tag of the Italian federation's names (Bianco,
 * Nero, Risultato): synonyms, which only a game the parser saw one in has. */
static bool italian_tags(const pdn_game *game)
{
    if (game->internal && !game->internal->tag_synonyms) return false;
    for (uint32_t i = 0; i < game->ntags; i++) {
        const char *name = game->tags[i].name;
        if (name && game->tags[i].value &&
            (strcmp(name, "Bianco") == 0 || strcmp(name, "Nero") == 0 ||
             strcmp(name, "Risultato") == 0))
            return true;
    }
    return false;
}

/* moves: what the main line's move texts say, as the parser gathered it
 * (game_box.moves), or NULL to read them here; setups: whether the main
 * line may hold setups (else its nodes are not looked at for them). */
static void read_clues(struct clues *c, const pdn_game *game, const char **fen,
                       const struct text_squares *moves, bool setups)
{
    memset(c, 0, sizeof *c);
    if (moves) c->squares = *moves;
    const struct pdn_tag *fen_tag = game_tag_standard(game, TAG_FEN);
    *fen = fen_tag ? fen_tag->value : NULL;
    c->italian = italian_tags(game);
    const struct pdn_tag *read = *fen ? NULL : tag_synonym_find(game, "FEN"); /* "Fen" */
    if (read) *fen = read->value;
    if (*fen) {
        /* Skip the side to move: "B:..." is no file b. */
        const char *colon = strchr(*fen, ':');
        add_text(c, colon ? colon : *fen, true, false);
    }
    for (uint32_t i = 0; (!moves || setups) && i < game->main.nmoves; i++) {
        const struct pdn_node *n = &game->main.moves[i];
        if (!moves && n->text) add_text(c, n->text, false, i == 0);
        const char *setup = pdn_annotations_of(n)->setup;
        if (setup) add_text(c, setup, true, false);
    }
}

/* A result written 1-0, 0-1 or 1/2-1/2: the convention of 8x8 files. */
static bool chess_result(const pdn_game *game)
{
    const char *r = pdn_game_tag(game, "Result");
    if (!r) r = game->result_text;
    return r && (strcmp(r, "1-0") == 0 || strcmp(r, "0-1") == 0 || strcmp(r, "1/2-1/2") == 0);
}

#define BIT(v) (1u << (v))
/* The variants a clue of 8x8 leaves: those writing algebraic squares, all. */
#define ALGEBRAIC_8X8                                                                              \
    (BIT(PDN_VARIANT_RUSSIAN) | BIT(PDN_VARIANT_BRAZILIAN) | BIT(PDN_VARIANT_CZECH))
#define ALL_8X8 (ALGEBRAIC_8X8 | BIT(PDN_VARIANT_ENGLISH) | BIT(PDN_VARIANT_ITALIAN))

/* Nine pieces or more a side: three quarters of the twelve of the 8x8 start. */
#define FULL_SIDE_8X8 9

/*
 * A FEN of squares 1-32 with nine pieces or more a side. On 8x8 that is the
 * start with a few men moved (the ballots of English checkers); on 10x10
 * nine white pieces would all have left the four rows White starts on (but
 * squares 31 and 32) to face as many black ones: no game goes that way.
 */
static bool fen_of_8x8(const char *fen)
{
    struct pdn_board b;
    if (pdn_board_from_fen(&b, PDN_VARIANT_ENGLISH, fen, NULL) != PDN_OK) return false;
    return bits_count(b.pieces[PDN_COLOR_WHITE]) >= FULL_SIDE_8X8 &&
           bits_count(b.pieces[PDN_COLOR_BLACK]) >= FULL_SIDE_8X8;
}

/* What a game's own content says (without its GameType tag). */
struct clue {
    int gametype;
    bool weak;
    const char *why;
    unsigned candidates;
};

/* The game's own clue, from what the parser gathered (read_clues). */
static struct clue own_clue(const pdn_game *game)
{
    struct clues c;
    const char *fen;
    const struct game_box *box = game_box_of(game);
    read_clues(&c, game, &fen, &box->moves, box->main_setups);
    const struct text_squares *sq = &c.squares;
    if (sq->big && sq->algebraic)
        return (struct clue){
            0, false, "conflicting clues (square numbers above 32 and algebraic squares)", 0};
    if (sq->big) return (struct clue){20, false, "square numbers above 32", 0};
    if (sq->algebraic) return (struct clue){25, false, "algebraic squares", ALGEBRAIC_8X8};
    if (c.italian) return (struct clue){22, false, "Italian tag names and squares 1-32", 0};
    if (fen && fen_of_8x8(fen))
        return (struct clue){21, false, "a FEN of squares 1-32 with nine pieces or more a side",
                             ALL_8X8};
    if (!fen && sq->first >= 9 && sq->first <= 12)
        return (struct clue){21, false, "its first move is from 9-12 (Black opens)", 0};
    if (!fen && sq->first >= 31 && sq->first <= 35)
        return (struct clue){20, false, "its first move is from 31-35", 0};
    if (!fen && sq->first >= 21 && sq->first <= 24)
        return (struct clue){25, true, "its first move is from 21-24 (White opens on 8x8)",
                             ALL_8X8};
    if (fen && chess_result(game))
        return (struct clue){21, true, "a FEN of squares 1-32 and a 1-0 style result", ALL_8X8};
    /* Both boards hold it: international, the default, unless its moves
     * say otherwise (choose_8x8_over_default). */
    if (fen) return (struct clue){0, true, "a FEN of squares 1-32 with few pieces", ALL_8X8};
    return (struct clue){0, true, NULL, 0};
}

/* How many games of the file so far count for a type. */
static unsigned tally_count(const struct variant_tally *t, int type)
{
    for (int i = 0; i < t->ntypes; i++)
        if (t->type[i] == type) return t->count[i];
    return 0;
}

/* The type most games of the file so far had (ties: the first seen), or 0. */
static int majority(const struct variant_tally *t)
{
    int best = 0;
    unsigned most = 0;
    for (int i = 0; i < t->ntypes; i++)
        if (t->count[i] > most) {
            most = t->count[i];
            best = t->type[i];
        }
    return best;
}

/* A game counted for a type (step 1), or its count taken back (-1). */
static void tally_step(struct variant_tally *t, int type, int step)
{
    int i = 0;
    while (i < t->ntypes && t->type[i] != type)
        i++;
    if (i == t->ntypes) {
        if (step < 0 || t->ntypes == VARIANT_TALLY_MAX) return;
        t->type[t->ntypes++] = type;
    }
    if (step > 0)
        t->count[i]++;
    else if (t->count[i] > 0)
        t->count[i]--;
}

static int gametype_of(enum pdn_variant v)
{
    return pdn_rules_get(v)->gametype;
}

/*
 * The candidates in the order they are tried: the file's favourites first
 * (most games so far), then the most common variants. Returns how many.
 */
static int candidate_order(enum pdn_variant out[PDN_VARIANT_COUNT], unsigned candidates,
                           const struct variant_tally *tally)
{
    int n = 0;
    for (int i = 0; i < PDN_VARIANT_COUNT; i++)
        if (candidates & BIT(variant_common_order[i])) out[n++] = variant_common_order[i];
    for (int i = 1; i < n; i++) /* stable: ties keep the common order */
        for (int j = i; j > 0 && tally_count(tally, gametype_of(out[j])) >
                                     tally_count(tally, gametype_of(out[j - 1]));
             j--) {
            enum pdn_variant v = out[j];
            out[j] = out[j - 1];
            out[j - 1] = v;
        }
    return n;
}

/* Whether every candidate was tried and the moves were legal under one
 * alone: then no file's order chose it. */
static bool legal_under_one_alone(const struct pdn_game_internal *in, unsigned candidates)
{
    return bits_count(in->variant_legal) == 1 && in->variant_tried == candidates;
}

/*
 * Whether the file so far favours the first of the order over every other
 * candidate: more of its games counted for it than for the next. A tie
 * favours none: a first game legal under Russian and Brazilian rules
 * counts for both, and the common order that puts Russian first is no
 * reason to stop trying Brazilian on the games after it, or an untagged
 * Brazilian file would never meet the game that tells.
 */
static bool file_favours_first(const enum pdn_variant *order, int n,
                               const struct variant_tally *tally)
{
    unsigned most = tally_count(tally, gametype_of(order[0]));
    return most > 0 && (n == 1 || most > tally_count(tally, gametype_of(order[1])));
}

/* The most common of a non-empty set of variants (variant_common_order). */
static enum pdn_variant most_common(unsigned mask)
{
    int i = 0;
    while (i < PDN_VARIANT_COUNT - 1 && !(mask & BIT(variant_common_order[i])))
        i++;
    return variant_common_order[i];
}

/*
 * Replays the main line under the candidates in order, the file's
 * favourites first. Stops as soon as the choice is sure: at the file's
 * favourite when the moves are legal under it (from the file), or at a
 * second legal one (the most common of the two, from the content: the
 * reader may hold the game for a later one to decide, variant_open);
 * otherwise tries them all, so that a game legal under one only is known
 * as such. Under none: the clue's own variant, with its errors. With no
 * moves: the favourite, else the most common. Sets the game's variant
 * fields; returns the source.
 */
static enum pdn_variant_source choose_by_moves(pdn_game *game, const struct variant_clue *clue,
                                               const struct variant_tally *tally)
{
    enum pdn_variant order[PDN_VARIANT_COUNT];
    int n = candidate_order(order, clue->candidates, tally);
    bool favoured = n > 0 && file_favours_first(order, n, tally);
    struct pdn_game_internal *in = game_internal_mut(game);
    in->variant_candidates = clue->candidates;
    if (game->main.nmoves == 0) {
        game->gametype = gametype_of(favoured ? order[0] : most_common(clue->candidates));
        return favoured ? PDN_VARIANT_FROM_FILE : PDN_VARIANT_FROM_CONTENT;
    }
    for (int i = 0; i < n; i++) {
        in->variant_tried |= BIT(order[i]);
        if (!replay_probe(game, order[i])) continue;
        in->variant_legal |= BIT(order[i]);
        if ((i == 0 && favoured) || bits_count(in->variant_legal) > 1) break;
    }
    if (!in->variant_legal) {
        game->gametype = clue->gametype;
        return PDN_VARIANT_FROM_CONTENT;
    }
    game->gametype = gametype_of(most_common(in->variant_legal));
    /* The favourite legal, the others not tried: the file chose. */
    bool file_chose = favoured && n > 1 && in->variant_tried == BIT(order[0]);
    return file_chose ? PDN_VARIANT_FROM_FILE : PDN_VARIANT_FROM_CONTENT;
}

/*
 * A weak clue's game (a FEN of squares 1-32 and a 1-0 style result) whose
 * moves are legal under none of the 8x8 variants the clue left: played
 * under international rules when they are legal there, as a 10x10 study
 * on the low squares marked 1-0 is (Cat.D1.pdn's game 16, read alone).
 */
static void international_when_8x8_refuses(pdn_game *game)
{
    struct pdn_game_internal *in = game_internal_mut(game);
    if (!in->variant_tried || in->variant_legal || !replay_probe(game, PDN_VARIANT_INTERNATIONAL))
        return;
    in->variant_candidates |= BIT(PDN_VARIANT_INTERNATIONAL);
    in->variant_tried |= BIT(PDN_VARIANT_INTERNATIONAL);
    in->variant_legal = BIT(PDN_VARIANT_INTERNATIONAL);
    game->gametype = gametype_of(PDN_VARIANT_INTERNATIONAL);
    game->variant_source = PDN_VARIANT_FROM_CONTENT;
}

/*
 * A game from a FEN both boards hold, no game of the file before it
 * deciding (clue gametype 0 with candidates): international, the default,
 * unless its moves are illegal there and legal under an 8x8 variant, as an
 * English ending marked '*' is. False leaves it to the default.
 */
static bool choose_8x8_over_default(pdn_game *game, const struct variant_clue *clue,
                                    const struct variant_tally *tally)
{
    if (!clue->candidates || game->main.nmoves == 0 ||
        replay_probe(game, PDN_VARIANT_INTERNATIONAL))
        return false;
    enum pdn_variant_source source = choose_by_moves(game, clue, tally);
    struct pdn_game_internal *in = game_internal_mut(game);
    if (!in->variant_legal) {
        in->variant_candidates = in->variant_tried = 0;
        return false;
    }
    in->variant_candidates |= BIT(PDN_VARIANT_INTERNATIONAL);
    in->variant_tried |= BIT(PDN_VARIANT_INTERNATIONAL);
    game->variant_source = source;
    return true;
}

/*
 * A weak clue's game that gives way to the file's majority (a FEN of
 * squares 1-32 and a 1-0 style result among international games) whose
 * moves are illegal under the majority's variant, or whose FEN no game of
 * it reaches (a white man on 5, White's crowning row in international
 * draughts alone): played under one the clue left whose rules the moves
 * obey, or whose games reach the FEN when there are no moves, as an
 * English problem is; under the majority's when none. Only when the
 * majority is not one the clue left (international, on a board of its
 * own): an English file's "1. 22-18" is an English game with an error in
 * it, not a Russian one.
 */
static void clue_when_majority_refuses(pdn_game *game, const struct variant_clue *clue,
                                       const struct variant_tally *tally)
{
    enum pdn_variant best, chosen;
    if (!clue->candidates || !pdn_variant_from_gametype(&best, game->gametype) ||
        (clue->candidates & BIT(best)))
        return;
    bool moves = game->main.nmoves > 0, start = replay_start_possible(game, best);
    if (start && (!moves || replay_probe(game, best))) return;
    int kept = game->gametype;
    enum pdn_variant_source source = choose_by_moves(game, clue, tally);
    struct pdn_game_internal *in = game_internal_mut(game);
    bool taken = moves ? in->variant_legal != 0
                       : pdn_variant_from_gametype(&chosen, game->gametype) &&
                             replay_start_possible(game, chosen);
    if (!taken) {
        in->variant_candidates = in->variant_tried = in->variant_legal = 0;
        game->gametype = kept;
        game->variant_source = PDN_VARIANT_FROM_FILE;
        return;
    }
    if (start) { /* its moves refused it: a candidate tried, not legal */
        in->variant_candidates |= BIT(best);
        in->variant_tried |= BIT(best);
    }
    game->variant_source = source;
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

/* A game whose variant its own content decided, its moves replayed or not,
 * counted (step 1) or taken back (-1): for its variant and each other one
 * they were legal under (a game legal under several says no more for one
 * than for another), the one taken first, so that it wins a tie. */
static void count_content(struct variant_tally *tally, const pdn_game *game, int step)
{
    if (game->variant_source != PDN_VARIANT_FROM_CONTENT) return;
    tally_step(tally, game->gametype, step);
    /* Most games were replayed under none: their bits, not every variant. */
    for (unsigned legal = game_internal(game)->variant_legal; legal; legal &= legal - 1) {
        int type = gametype_of((enum pdn_variant)__builtin_ctz(legal));
        if (type != game->gametype) tally_step(tally, type, step);
    }
}

/* What the game counts for in the file's tally: its tag, or its own clue
 * and moves (count_content). */
static void count_game(struct variant_tally *tally, const pdn_game *game)
{
    if (game->variant_source == PDN_VARIANT_FROM_TAG && game->gametype > 0)
        tally_step(tally, game->gametype, 1);
    count_content(tally, game, 1);
}

bool variant_open(const pdn_game *game)
{
    const struct pdn_game_internal *in = game_internal(game);
    unsigned candidates = in->variant_candidates;
    return game->variant_source == PDN_VARIANT_FROM_CONTENT && candidates &&
           !legal_under_one_alone(in, candidates) && (in->variant_legal || !in->variant_tried);
}

void variant_decide_again(pdn_game *held, const pdn_game *told, struct variant_tally *tally)
{
    struct pdn_game_internal *in = game_internal_mut(held);
    enum pdn_variant v;
    if (!pdn_variant_from_gametype(&v, told->gametype) || !(in->variant_candidates & BIT(v)) ||
        held->variant_source == PDN_VARIANT_FROM_TAG ||
        held->variant_source == PDN_VARIANT_FROM_OPTION)
        return;
    bool probe = held->main.nmoves > 0 && !(in->variant_legal & BIT(v));
    if (probe) {
        in->variant_tried |= BIT(v);
        if (!replay_probe(held, v)) return;
    }
    count_content(tally, held, -1); /* what it counted for, before its legal grows */
    if (probe) in->variant_legal |= BIT(v);
    held->gametype = told->gametype;
    held->variant_source = PDN_VARIANT_FROM_FILE;
    in->gametype_repeated = false;
    in->variant_told_by = told->index;
}

/* The value of the tag read as GameType, as pdn_game_tag gives it: the
 * parser noted the tag named so. */
static const char *gametype_tag(const pdn_game *game)
{
    const struct pdn_tag *t = game_tag_standard(game, TAG_GAMETYPE);
    if (!t) t = tag_synonym_find(game, "GameType"); /* "Type de jeu" */
    return t ? t->value : NULL;
}

void variant_read(pdn_game *game)
{
    struct game_box *box = game_box_of(game);
    struct clue c = own_clue(game);
    box->clue = (struct variant_clue){
        .read = true,
        .gametype = c.gametype,
        .weak = c.weak,
        .why = c.why,
        .candidates = c.candidates,
        .tag = gametype_tag(game),
    };
}

void variant_decide(pdn_game *game, struct variant_tally *tally, int option)
{
    struct game_box *box = game_box_of(game);
    if (!box->clue.read) variant_read(game);
    const struct variant_clue clue = box->clue;
    struct pdn_game_internal *in = game_internal_mut(game);
    in->clue_gametype = clue.gametype;
    in->clue_weak = clue.weak;
    in->variant_clue = clue.why;
    in->variant_candidates = in->variant_tried = in->variant_legal = 0;
    in->variant_told_by = 0;
    const char *tag = clue.tag;
    int best = majority(tally);
    if (tag) {
        game->gametype = gametype_tag_number(tag, strlen(tag));
        game->variant_source = PDN_VARIANT_FROM_TAG;
    } else if (option > 0) {
        game->gametype = option;
        game->variant_source = PDN_VARIANT_FROM_OPTION;
    } else if (clue.gametype && !(clue.weak && best)) {
        game->gametype = clue.gametype;
        game->variant_source =
            clue.candidates ? choose_by_moves(game, &clue, tally) : PDN_VARIANT_FROM_CONTENT;
        if (clue.weak && clue.candidates) international_when_8x8_refuses(game);
    } else if (best) {
        game->gametype = best;
        game->variant_source = PDN_VARIANT_FROM_FILE;
        if (clue.weak) clue_when_majority_refuses(game, &clue, tally);
    } else if (!choose_8x8_over_default(game, &clue, tally)) {
        game->gametype = 0;
        game->variant_source = PDN_VARIANT_FROM_DEFAULT;
        if (clue.candidates) in->variant_clue = NULL; /* the default needs no saying */
    }
    in->gametype_repeated = repeated(tally, game->gametype);
    count_game(tally, game);
}

bool pdn_game_variant_own(const pdn_game *game)
{
    if (game == NULL || game->internal == NULL) return false;
    if (game->variant_source == PDN_VARIANT_FROM_TAG) return true;
    if (game->variant_source != PDN_VARIANT_FROM_CONTENT) return false;
    const struct variant_clue *clue = &game_box_of(game)->clue;
    const struct pdn_game_internal *in = game->internal;
    /* A weak clue gives way to the file's majority; candidates the moves
     * chose between were tried in the file's order, unless one alone was
     * legal of all of them. */
    if (clue->weak) return false;
    return clue->candidates == 0 || legal_under_one_alone(in, clue->candidates);
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

bool variant_moves_gathered(const pdn_game *game)
{
    struct text_squares read = {false, false, 0};
    for (uint32_t i = 0; i < game->main.nmoves; i++) {
        const char *t = game->main.moves[i].text;
        if (t) text_squares_add(&read, t, strlen(t), false, i == 0);
    }
    const struct text_squares *kept = &game_box_of(game)->moves;
    return read.algebraic == kept->algebraic && read.big == kept->big && read.first == kept->first;
}
