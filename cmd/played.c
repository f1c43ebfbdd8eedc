/*
 * A finished game (pdnmatch's, pdnplay's): written as PDN (tags, the opening as a FEN
 * when it is not the start position, the moves, the result), then replayed
 * by libpdn's validator, which is the arbiter: a game that reached a draw
 * rule (repetition, the 25-move rule...) is cut where the rule drew it.
 */
#include "played.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *played_result_text(enum game_result r, enum pdn_variant variant)
{
    enum pdn_result res = r == RESULT_WHITE   ? PDN_RESULT_WHITE_WIN
                          : r == RESULT_BLACK ? PDN_RESULT_BLACK_WIN
                          : r == RESULT_DRAW  ? PDN_RESULT_DRAW
                                              : PDN_RESULT_UNKNOWN;
    return pdn_result_text_for(res, pdn_rules_get(variant)->gametype);
}

static void write_moves(FILE *out, const struct played_game *g, int plies, const char *result,
                        const char *comment)
{
    static struct pdn_movelist list;
    int col = 0;
    enum pdn_variant variant = g->start.variant;
    for (int i = 0; i < plies; i++) {
        char t[PDN_MOVE_TEXT_MAX], num[16] = "";
        pdn_movegen(&list, &g->before[i], 0);
        /* squares as the variant's players write them: c3-d4 in Russian */
        pdn_move_text(t, &g->moves[i], &list, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, variant);
        bool second;
        unsigned number = played_ply_number(g, i, &second);
        if (!second)
            snprintf(num, sizeof num, "%u. ", number);
        else if (i == 0)
            snprintf(num, sizeof num, "%u... ", number);
        int len = (int)(strlen(num) + strlen(t)) + 1;
        if (col + len > 79) {
            fputc('\n', out);
            col = 0;
        }
        col += fprintf(out, "%s%s%s", col ? " " : "", num, t);
    }
    if (comment) fprintf(out, "%s{%s}", col ? " " : "", comment);
    fprintf(out, "%s%s\n\n", col || comment ? " " : "", result);
}

/* [name "value"] for a value from outside: an engine's command as typed
 * (pdnmatch), a DXP peer's name. Its control characters and bytes that
 * are no UTF-8 made visible (pdn_text_escape: \x1b), then '"' and '\\'
 * escaped as PDN asks: a peer named 'ev"] \\ <ESC>[31m' ended the tag at
 * its quote, the file held an escape sequence and the validator refused
 * the game, which was not saved. */
static void write_tag(FILE *out, const char *name, const char *value)
{
    size_t len = strlen(value), cap = 4 * len + 1; /* \xHH, the most a byte takes */
    char *shown = malloc(cap);
    if (!shown) {
        fprintf(out, "[%s \"?\"]\n", name); /* out of memory: no name beats a broken file */
        return;
    }
    pdn_text_escape(shown, cap, value, len);
    fprintf(out, "[%s \"", name);
    for (const char *p = shown; *p; p++) {
        if (*p == '"' || *p == '\\') fputc('\\', out);
        fputc(*p, out);
    }
    fputs("\"]\n", out);
    free(shown);
}

static void write_pdn(FILE *out, const struct played_game *g, int plies,
                      const struct game_record *r)
{
    const struct pdn_rules *rules = pdn_rules_get(g->start.variant);
    struct pdn_board init;
    pdn_board_init(&init, g->start.variant);
    fprintf(out, "[Event \"%s\"]\n[Date \"%s\"]\n[Round \"%d\"]\n", r->event, r->date, r->round);
    /* spelt as pdnfmt writes the variant's results: 1-0 on 8x8 */
    const char *result = played_result_text(r->result, g->start.variant);
    write_tag(out, "White", r->white);
    write_tag(out, "Black", r->black);
    fprintf(out, "[Result \"%s\"]\n", result);
    fprintf(out, "[GameType \"%d\"]\n", rules->gametype);
    if (!pdn_board_equal(&init, &g->start)) {
        char fen[PDN_FEN_MAX];
        pdn_board_to_fen(fen, &g->start);
        fprintf(out, "[FEN \"%s\"]\n", fen);
    }
    fputc('\n', out);
    write_moves(out, g, plies, result, r->comment);
}

struct check {
    unsigned errors;
    const char *prog, *round; /* round NULL: quiet */
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct check *c = ctx;
    if (pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    c->errors++;
    if (!c->round) return;
    char message[512];
    pdn_diag_message(message, sizeof message, d);
    fprintf(stderr, "%s: game %s: the validator says: %s\n", c->prog, c->round, message);
}

/* Replays the text: the validator's errors, and the draw rule and its ply. */
static int validate(const char *text, size_t len, const char *prog, const char *round,
                    unsigned *draw_ply, enum pdn_draw_rule *rule)
{
    struct check c = {0, prog, round};
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.on_diag = on_diag;
    ro.diag_ctx = &c;
    pdn_reader *reader;
    if (pdn_reader_open_memory(&reader, text, len, &ro) != 0) return -1;
    pdn_game *game;
    struct pdn_replay_summary sum = {0};
    if (pdn_reader_next(&game, reader) == 1) {
        struct pdn_replay_options po = PDN_REPLAY_OPTIONS_INIT;
        po.on_diag = on_diag;
        po.diag_ctx = &c;
        pdn_replay_game(&sum, game, &po);
        pdn_game_free(game);
    } else {
        c.errors++;
    }
    pdn_reader_free(reader);
    *draw_ply = sum.draw_rule != PDN_DRAW_NONE ? sum.draw_ply : 0;
    *rule = sum.draw_rule;
    return (int)c.errors;
}

/* Whether a game drawn by a rule at draw_ply must be cut there: it went on
 * past it, or ended there under another result (a win, a forfeit). */
static bool cut_at_draw(const struct played_game *g, const struct game_record *r, unsigned draw_ply)
{
    if (draw_ply == 0 || (int)draw_ply > g->nplies) return false;
    return (int)draw_ply < g->nplies || r->result != RESULT_DRAW;
}

int game_write(FILE *out, struct played_game *g, struct game_record *r)
{
    char *text = NULL, round[16];
    size_t len = 0;
    snprintf(round, sizeof round, "%d", r->round);
    unsigned draw_ply = 0;
    enum pdn_draw_rule rule = PDN_DRAW_NONE;
    for (int pass = 0;; pass++) {
        FILE *mem = open_memstream(&text, &len);
        if (!mem) return -1;
        write_pdn(mem, g, g->nplies, r);
        fclose(mem);
        /* Quiet first: a result after a draw rule drew the game is an error
         * the cut below mends, not one to report. */
        int errors = validate(text, len, r->prog, NULL, &draw_ply, &rule);
        if (pass == 0 && cut_at_draw(g, r, draw_ply)) {
            free(text);
            g->nplies = (int)draw_ply; /* the rule drew it there */
            r->result = RESULT_DRAW;
            r->comment = pdn_draw_rule_name(rule); /* "threefold repetition", ... */
            continue;
        }
        if (errors != 0) validate(text, len, r->prog, round, &draw_ply, &rule); /* said */
        if (out) fwrite(text, 1, len, out);
        free(text);
        return errors;
    }
}

unsigned game_draw_ply(const struct played_game *g, enum pdn_draw_rule *rule)
{
    enum pdn_draw_rule ignored;
    struct game_record r = {.white = "", .black = "", .event = "", .date = "????.??.??"};
    char *text = NULL;
    size_t len = 0;
    unsigned draw_ply = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return 0;
    write_pdn(mem, g, g->nplies, &r);
    fclose(mem);
    validate(text, len, NULL, NULL, &draw_ply, rule ? rule : &ignored);
    free(text);
    return draw_ply;
}

bool played_starts_mid_pair(const struct pdn_board *start)
{
    enum pdn_color opener = pdn_rules_get((enum pdn_variant)start->variant)->black_moves_first
                                ? PDN_COLOR_BLACK
                                : PDN_COLOR_WHITE;
    return start->side != opener;
}

/* The side that opens each pair (Black in English checkers) moves first:
 * "1. 11-15"; the other, moving first, starts at "1...". */
unsigned played_ply_number(const struct played_game *g, int i, bool *second)
{
    unsigned k = (unsigned)i + played_starts_mid_pair(&g->start);
    *second = k % 2 == 1;
    return (g->first_number ? g->first_number : 1) + k / 2;
}

/* The first error of the game of one position alone, replayed
 * ("impossible position 'W:W3:B40': ..."). */
struct first_error {
    char text[256];
    bool found;
};

static void on_error(const struct pdn_diag *d, void *ctx)
{
    struct first_error *e = ctx;
    if (e->found || pdn_diag_severity(d->code) != PDN_SEV_ERROR) return;
    e->found = true;
    pdn_diag_message(e->text, sizeof e->text, d);
}

bool played_position_ok(const struct pdn_board *board, char *why, size_t cap)
{
    char fen[PDN_FEN_MAX], text[PDN_FEN_MAX + 32];
    pdn_board_to_fen(fen, board);
    snprintf(text, sizeof text, "[FEN \"%s\"]\n*\n", fen);
    enum pdn_variant variant = (enum pdn_variant)board->variant;
    struct first_error e = {.found = false};
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.gametype = pdn_rules_get(variant)->gametype;
    struct pdn_replay_options rp = PDN_REPLAY_OPTIONS_INIT;
    rp.on_diag = on_error;
    rp.diag_ctx = &e;
    pdn_reader *reader = NULL;
    pdn_game *game = NULL;
    struct pdn_replay_summary sum;
    bool replayed = pdn_reader_open_memory(&reader, text, strlen(text), &ro) == 0 &&
                    pdn_reader_next(&game, reader) == 1 && pdn_replay_game(&sum, game, &rp) == 0;
    pdn_game_free(game);
    pdn_reader_free(reader);
    if (!replayed && !e.found) /* out of memory, the game of a board: no other way */
        snprintf(e.text, sizeof e.text, "the position could not be checked"), e.found = true;
    if (!e.found && pdn_movegen_count(&sum.final, 0) == 0)
        snprintf(e.text, sizeof e.text, "the side to move has no move"), e.found = true;
    if (e.found) snprintf(why, cap, "%s", e.text);
    return !e.found;
}
