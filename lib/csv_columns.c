/*
 * csv_columns: the columns of pdn_csv_writer_write_game's two modes (names, help,
 * what each holds and how excel_text protects it) and the resolving of a
 * column list, or of a mode's default list, for a writer. Data and lookups
 * only: the cells are written in csv_rows.c and csv_moves.c.
 */
#include "csv_writer.h"
#include "tag_synonym.h"
#include "text.h"
#include "vec.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct col_def {
    struct pdn_csv_column pub;
    enum col_id id;
    enum csv_kind kind;
};

static const struct col_def game_cols[] = {
    {{"file", "the input file (- for standard input)"}, C_FILE, CSV_KIND_TEXT},
    {{"game", "the game's index in its file, from 1"}, C_GAME, CSV_KIND_NUMBER},
    {{"normalised_result", "the result as 2-0, 1-1, 0-2, 0-0 or *, however it was written"},
     C_RESULT,
     CSV_KIND_MOVES},
    {{"white_points", "White's points: 2 a win, 1 a draw, 0 a loss (a Goes score as written)"},
     C_WHITE_POINTS,
     CSV_KIND_NUMBER},
    {{"black_points", "Black's points, the same way"}, C_BLACK_POINTS, CSV_KIND_NUMBER},
    {{"plies", "plies written in the main line"}, C_PLIES, CSV_KIND_NUMBER},
    {{"moves", "the main line in canonical PDN, move numbers included"}, C_MOVES, CSV_KIND_MOVES},
    {{"recorded_result", "the result written after the moves"}, C_RECORDED, CSV_KIND_MOVES},
    {{"implied_result", "the result the final position implies, if any"},
     C_IMPLIED,
     CSV_KIND_MOVES},
    {{"final_fen", "the position after the last legal main-line ply"}, C_FINAL_FEN, CSV_KIND_TEXT},
    {{"status", "ok, or the name of the game's first error"}, C_STATUS, CSV_KIND_TEXT},
    {{"error_message", "the first error's message"}, C_MESSAGE, CSV_KIND_TEXT},
    {{"error_move", "the first error's move number (12. or 12...)"}, C_ERROR_MOVE, CSV_KIND_MOVES},
    {{"error_line", "the first error's line in the input"}, C_ERROR_LINE, CSV_KIND_NUMBER},
    {{"tags", "every tag pair, one a line, as PDN (GameType first when none)"},
     C_TAGS,
     CSV_KIND_TEXT},
    {{"movetext", "the whole movetext in canonical PDN: comments, variations, NAGs"},
     C_MOVETEXT,
     CSV_KIND_MOVES},
};

static const struct col_def move_cols[] = {
    {{"file", "the input file (- for standard input)"}, C_FILE, CSV_KIND_TEXT},
    {{"game", "the game's index in its file, from 1"}, C_GAME, CSV_KIND_NUMBER},
    {{"line", "1 for the main line, 1.2 for its second variation, 1.2.1 ..."},
     C_LINE,
     CSV_KIND_TEXT},
    {{"parent", "the ply a variation replaces (empty on the main line)"},
     C_PARENT,
     CSV_KIND_NUMBER},
    {{"ply", "the ply from the start of the game, from 1"}, C_PLY, CSV_KIND_NUMBER},
    {{"number", "the move number"}, C_NUMBER, CSV_KIND_NUMBER},
    {{"side", "who moves: white or black"}, C_SIDE, CSV_KIND_TEXT},
    {{"move", "the move as written"}, C_MOVE, CSV_KIND_MOVES},
    {{"canonical", "the move in canonical notation (empty when not played)"},
     C_CANONICAL,
     CSV_KIND_MOVES},
    {{"from", "the square the piece leaves"}, C_FROM, CSV_KIND_NUMBER},
    {{"to", "the square the piece lands on"}, C_TO, CSV_KIND_NUMBER},
    {{"path", "every landing square: 28x19x10"}, C_PATH, CSV_KIND_MOVES},
    {{"captures", "the squares of the pieces taken, ascending, blank-separated"},
     C_CAPTURES,
     CSV_KIND_MOVES},
    {{"ncaptured", "the number of pieces taken"}, C_NCAPTURED, CSV_KIND_NUMBER},
    {{"piece", "man or king"}, C_PIECE, CSV_KIND_TEXT},
    {{"promotion", "yes when the man becomes a king"}, C_PROMOTION, CSV_KIND_TEXT},
    {{"comment_before", "the comments before the move, one a line"},
     C_COMMENT_BEFORE,
     CSV_KIND_TEXT},
    {{"comment", "the comments after the move, one a line"}, C_COMMENT, CSV_KIND_TEXT},
    {{"nags", "the move's strength (!, ?) and NAGs ($n), blank-separated"}, C_NAGS, CSV_KIND_TEXT},
    {{"setup", "the position a /FEN \"...\"/ sets up before the move (or ends its line with)"},
     C_SETUP,
     CSV_KIND_TEXT},
    {{"written_number",
      "the move number as written before the move (12., 12..., 1. ... for a placeholder's dots)"},
     C_WRITTEN,
     CSV_KIND_MOVES},
    {{"fen", "the position after the ply"}, C_FEN, CSV_KIND_TEXT},
    {{"status", "ok, the name of an error at this move, or not-played after it"},
     C_PLY_STATUS,
     CSV_KIND_TEXT},
    {{"recorded_result", "the result written after the game's moves"}, C_RECORDED, CSV_KIND_MOVES},
    {{"tags", "every tag pair of the game, one a line, as PDN (GameType first when none)"},
     C_TAGS,
     CSV_KIND_TEXT},
};

#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))

static const struct col_def *csv_mode_cols(enum pdn_csv_mode mode, size_t *n)
{
    *n = mode == PDN_CSV_MOVES ? NCOLS(move_cols) : NCOLS(game_cols);
    return mode == PDN_CSV_MOVES ? move_cols : game_cols;
}

const struct pdn_csv_column *pdn_csv_column_get(enum pdn_csv_mode mode, size_t i)
{
    size_t n;
    const struct col_def *cols = csv_mode_cols(mode, &n);
    if ((unsigned)mode > PDN_CSV_MOVES || i >= n) return NULL;
    return &cols[i].pub;
}

/* ---- resolving the column list ---- */

bool csv_tag_name(const char *s, size_t n)
{
    if (n == 0 || s[0] < 'A' || s[0] > 'Z') return false;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!ok && c != '_') return false;
    }
    return true;
}

/*
 * Tag columns know their names without case: real files spell one tag
 * "Setup" and "SetUp" (the corpus: 1053 and 246 times), and a database
 * takes column names without case (sqlite3's .import renamed the second
 * "Setup_15"). Tag names are ASCII.
 */
static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    /* Bit 0x20 set: a capital as its small letter, and digits and '_' of a
     * tag name stay apart (no branch: a lookup per tag of every game). */
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((unsigned char)s[i] | 0x20u)) * 16777619u;
    return h;
}

/* The slot of tag column s[0, n) in tagslots: where it is, or the empty
 * slot where it would go. Names compare but for ASCII case, whatever the
 * locale, as name_hash folds. */
static size_t tag_slot(const pdn_csv_writer *w, const char *s, size_t n)
{
    size_t mask = w->captagslots - 1, k = name_hash(s, n) & mask;
    for (; w->tagslots[k]; k = (k + 1) & mask)
        if (text_same_but_case_n(s, n, w->cols[w->tagslots[k] - 1].tag)) break;
    return k;
}

/* Room for one more tag column in tagslots (kept at most half full). */
static bool tag_room(pdn_csv_writer *w)
{
    if (2 * (w->ntagcols + 1) <= w->captagslots) return true;
    size_t cap = w->captagslots ? 2 * w->captagslots : 64;
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (!slots) return false;
    free(w->tagslots);
    w->tagslots = slots;
    w->captagslots = cap;
    for (size_t i = 0; i < w->ncols; i++) {
        const struct col *c = &w->cols[i];
        if (c->id == C_TAG) w->tagslots[tag_slot(w, c->tag, strlen(c->tag))] = (uint32_t)i + 1;
    }
    return true;
}

_Static_assert(C_PLY_STATUS < 64, "the ids of the columns other than tags fit w->ids");

/* A column once: tags found by their hash, the others by their id. A
 * standard tag's column is headed by its standard name whatever the case
 * it is asked for in (GameType for a file's Gametype, as --all-tags finds
 * it): the name csv2pdn and every other reader look for. */
static bool add_col(pdn_csv_writer *w, enum col_id id, enum csv_kind kind, const char *tag,
                    size_t n)
{
    if (id != C_TAG && (w->ids >> id & 1)) return true;
    const char *standard = id == C_TAG ? tag_standard_spelling(tag, n) : NULL;
    if (standard) tag = standard, n = strlen(standard);
    if (id == C_TAG && (!tag_room(w) || w->ncols >= UINT32_MAX)) return false;
    size_t slot = id == C_TAG ? tag_slot(w, tag, n) : 0;
    if (id == C_TAG && w->tagslots[slot]) return true;
    if (!vec_reserve((void **)&w->cols, &w->capcols, w->ncols, sizeof *w->cols)) return false;
    struct col *c = &w->cols[w->ncols];
    *c = (struct col){id, kind, NULL};
    if (id != C_TAG) {
        w->ids |= UINT64_C(1) << id;
        w->ncols++;
        return true;
    }
    if (!(c->tag = malloc(n + 1))) return false;
    memcpy(c->tag, tag, n);
    c->tag[n] = '\0';
    if (strcmp(c->tag, "Result") == 0) c->kind = CSV_KIND_MOVES;
    if (strcmp(c->tag, "Date") == 0 && w->o.iso_dates) c->kind = CSV_KIND_DATE;
    w->tagslots[slot] = (uint32_t)++w->ncols;
    w->ntagcols++;
    return true;
}

/* A name: a column of the mode or a tag. 0, PDN_EINVAL or PDN_ENOMEM. */
static int add_named(pdn_csv_writer *w, const char *name, size_t n)
{
    size_t count;
    const struct col_def *cols = csv_mode_cols(w->o.mode, &count);
    for (size_t i = 0; i < count; i++)
        if (strlen(cols[i].pub.name) == n && memcmp(cols[i].pub.name, name, n) == 0)
            return add_col(w, cols[i].id, cols[i].kind, NULL, 0) ? 0 : PDN_ENOMEM;
    if (!csv_tag_name(name, n)) return PDN_EINVAL;
    return add_col(w, C_TAG, CSV_KIND_TEXT, name, n) ? 0 : PDN_ENOMEM;
}

static int add_list(pdn_csv_writer *w, const char *list, size_t *bad)
{
    const char *p = list;
    for (;;) {
        size_t n = strcspn(p, ",");
        int rc = add_named(w, p, n);
        if (rc == PDN_EINVAL && bad) *bad = (size_t)(p - list);
        if (rc < 0) return rc;
        if (p[n] == '\0') return 0;
        p += n + 1;
    }
}

static int add_names(pdn_csv_writer *w, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int rc = add_named(w, names[i], strlen(names[i]));
        if (rc < 0) return rc;
    }
    return 0;
}

static int default_games(pdn_csv_writer *w)
{
    static const char *const roster[] = {
        "file",         "game",        "Event", "Site",   "Date",
        "Round",        "White",       "Black", "Result", "normalised_result",
        "white_points", "black_points"};
    static const char *const rest[] = {
        "GameType",  "FEN",    "plies",         "moves",      "recorded_result", "implied_result",
        "final_fen", "status", "error_message", "error_move", "error_line"};
    static const char *const lossless[] = {"tags", "movetext"};
    int rc = add_names(w, roster, NCOLS(roster));
    if (rc == 0) rc = add_names(w, w->o.tags, w->o.ntags);
    if (rc == 0) rc = add_names(w, rest, NCOLS(rest));
    if (rc == 0 && w->o.lossless) rc = add_names(w, lossless, 2);
    if (rc == 0 && w->o.movetext) rc = add_names(w, lossless + 1, 1);
    return rc;
}

static int default_moves(pdn_csv_writer *w)
{
    static const char *const head[] = {"file", "game"};
    static const char *const lines[] = {"line", "parent"};
    static const char *const body[] = {
        "ply",      "number",    "side",  "move",      "canonical",      "from",    "to",  "path",
        "captures", "ncaptured", "piece", "promotion", "comment_before", "comment", "nags"};
    static const char *const fen[] = {"fen"};
    static const char *const tail[] = {"status"};
    static const char *const lossless[] = {"setup", "written_number", "recorded_result", "tags"};
    int rc = add_names(w, head, 2);
    if (rc == 0) rc = add_names(w, w->o.tags, w->o.ntags);
    if (rc == 0 && w->o.variations) rc = add_names(w, lines, 2);
    if (rc == 0) rc = add_names(w, body, NCOLS(body));
    if (rc == 0 && w->o.fen) rc = add_names(w, fen, 1);
    if (rc == 0) rc = add_names(w, tail, 1);
    if (rc == 0 && w->o.lossless) rc = add_names(w, lossless, NCOLS(lossless));
    return rc;
}

int csv_columns_open(pdn_csv_writer *w, const char *list, size_t *bad)
{
    int rc = list                         ? add_list(w, list, bad)
             : w->o.mode == PDN_CSV_MOVES ? default_moves(w)
                                          : default_games(w);
    if (rc == 0 && !(w->tagvals = calloc(w->ncols + 1, sizeof *w->tagvals))) rc = PDN_ENOMEM;
    return rc;
}

/* The GameType column of a game with no tag of that name, nor one read
 * for it ("Type de jeu"): the variant the game was read under, as pdnfmt
 * writes its tag, for a row to say its variant (its moves are written in
 * that variant's notation) and csv2pdn to read the game back under it.
 * Not a file's trailer's: a tag would make a game of it. */
static void untagged_gametype(pdn_csv_writer *w, const pdn_game *game)
{
    static const char name[] = "GameType";
    uint32_t col = w->tagslots[tag_slot(w, name, sizeof name - 1)];
    if (col == 0 || w->tagvals[col - 1] || pdn_game_is_trailer(game)) return;
    w->tagvals[col - 1] = game_start_gametype(game, w->gametype);
}

void csv_columns_game(pdn_csv_writer *w, const pdn_game *game)
{
    if (w->ntagcols == 0) return;
    memset(w->tagvals, 0, w->ncols * sizeof *w->tagvals);
    for (uint32_t i = 0; i < game->ntags; i++) {
        const struct pdn_tag *t = &game->tags[i];
        if (!tag_said(t)) continue; /* a game made by hand may have one so */
        uint32_t col = w->tagslots[tag_slot(w, t->name, strlen(t->name))];
        if (col == 0) continue;
        /* The first, but one spelt as the column beats one spelt otherwise. */
        const char *header = w->cols[col - 1].tag;
        if (!w->tagvals[col - 1] ||
            (strcmp(header, t->name) == 0 && !tag_exact_in(game->tags, i, header)))
            w->tagvals[col - 1] = t->value;
    }
    /* A column of a standard tag the game lacks shows the synonym read for
     * it (Bianco for White), as pdn_game_tag does. */
    struct tag_synonym_read read[TAG_SYNONYM_MAX];
    size_t n = tag_synonyms_read(read, game);
    for (size_t i = 0; i < n; i++) {
        uint32_t col = w->tagslots[tag_slot(w, read[i].standard, strlen(read[i].standard))];
        if (col && !w->tagvals[col - 1]) w->tagvals[col - 1] = read[i].tag->value;
    }
    untagged_gametype(w, game);
}

void csv_columns_free(pdn_csv_writer *w)
{
    for (size_t i = 0; i < w->ncols; i++)
        free(w->cols[i].tag);
    free(w->cols);
    free(w->tagslots);
    free(w->tagvals);
}

const char *csv_col_name(const pdn_csv_writer *w, const struct col *c)
{
    if (c->id == C_TAG) return c->tag;
    size_t n;
    const struct col_def *cols = csv_mode_cols(w->o.mode, &n);
    for (size_t i = 0; i < n; i++)
        if (cols[i].id == c->id) return cols[i].pub.name;
    return "";
}
