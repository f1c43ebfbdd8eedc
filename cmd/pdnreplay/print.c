/*
 * pdnreplay's non-interactive output: the game header, then each entry
 * (start, move, variation label, the place a line stops) with the board as
 * a diagram (pdn_diagram_text), a FEN line, or, with --narrate, a plain
 * sentence with the pieces counted. It prints what main.c loaded and
 * decides nothing about the game.
 */
#include "pdnreplay.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *color_name(int side)
{
    return side == PDN_COLOR_WHITE ? "White" : "Black";
}

/* Text from the input, its control characters made visible. */
static void put_text(FILE *out, const char *s)
{
    tool_put_escaped(out, s, strlen(s), false);
}

/* A comment on one line: its blanks and line ends run together. */
static void put_comment(FILE *out, const char *prefix, const struct pdn_comment *c,
                        const char *suffix)
{
    fputs(prefix, out);
    bool blank = false, any = false;
    for (const char *p = c->text; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            blank = any;
            continue;
        }
        if (blank) putc(' ', out);
        blank = false;
        any = true;
        size_t n = strcspn(p, " \t\n\r");
        tool_put_escaped(out, p, n, false);
        p += n - 1;
    }
    fprintf(out, "%s\n", suffix);
}

/* snprintf at out + len, cut at cap; the length the whole text needs. */
__attribute__((format(printf, 4, 5))) static size_t text_add(char *out, size_t cap, size_t len,
                                                             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(len < cap ? out + len : NULL, len < cap ? cap - len : 0, fmt, ap);
    va_end(ap);
    return len + (n > 0 ? (size_t)n : 0);
}

char *replay_comment_text(const char *text)
{
    char *out = malloc(strlen(text) + 1), *o = out;
    if (out == NULL) return NULL;
    for (const char *p = text; *p;) {
        const char *end = p[0] == '[' && p[1] == '%' ? strchr(p, ']') : NULL;
        if (end)
            p = end + 1, *o++ = ' ';
        else
            *o++ = *p++;
    }
    *o = '\0';
    if (strspn(out, " \t\r\n") == (size_t)(o - out)) {
        free(out);
        return NULL;
    }
    return out;
}

/* One time of a clock command in words, after sep: "w1:29:46" is
 * "White 1:29:46", "B1:29:40" "Black 1:29:40", another as it is. */
static size_t add_clock_time(char *out, size_t cap, size_t len, const char *sep, const char *t,
                             int n)
{
    const char *side = NULL;
    if (n > 1 && t[1] >= '0' && t[1] <= '9' && (*t == 'w' || *t == 'W')) side = "White ";
    if (n > 1 && t[1] >= '0' && t[1] <= '9' && (*t == 'b' || *t == 'B')) side = "Black ";
    if (side) t++, n--;
    return text_add(out, cap, len, "%s%s%.*s", sep, side ? side : "", n, t);
}

bool replay_clock_text(char *out, size_t cap, const char *text)
{
    const char *p = strstr(text, "[%clock "), *at;
    if (p == NULL) p = strstr(text, "[%clk ");
    const char *end = p ? strchr(p, ']') : NULL;
    if (end == NULL) return false;
    size_t len = 0;
    if (cap) *out = '\0';
    for (p = strchr(p, ' '); p < end; p = at) {
        p += strspn(p, " \t\r\n");
        for (at = p; at < end && !strchr(" \t\r\n", *at); at++) {
        }
        if (at > p) len = add_clock_time(out, cap, len, len ? ", " : "", p, (int)(at - p));
    }
    return len > 0;
}

static void put_comments(FILE *out, const struct pdn_comment *c, uint32_t n, bool narrate)
{
    for (uint32_t i = 0; i < n; i++) {
        if (!narrate) {
            put_comment(out, "  {", &c[i], "}");
            continue;
        }
        struct pdn_comment spoken = c[i];
        char *text = replay_comment_text(c[i].text);
        spoken.text = text;
        if (text) put_comment(out, "Comment: ", &spoken, "");
        free(text);
    }
}

/* ---- counting pieces, for sentences ----------------------------------------------- */

/* "18 men and 1 king", "2 kings", "none". */
static void put_material(FILE *out, int men, int kings)
{
    if (men == 0 && kings == 0) {
        fputs("none", out);
        return;
    }
    if (men) fprintf(out, "%d %s", men, men == 1 ? "man" : "men");
    if (men && kings) fputs(" and ", out);
    if (kings) fprintf(out, "%d %s", kings, kings == 1 ? "king" : "kings");
}

/* "White 18 men and 1 king, Black 17 men." */
static void put_counts(FILE *out, const struct pdn_board *b)
{
    fputs("White ", out);
    put_material(out, pdn_board_count(b, PDN_PIECE_WHITE_MAN),
                 pdn_board_count(b, PDN_PIECE_WHITE_KING));
    fputs(", Black ", out);
    put_material(out, pdn_board_count(b, PDN_PIECE_BLACK_MAN),
                 pdn_board_count(b, PDN_PIECE_BLACK_KING));
    fputs(".", out);
}

/* A square as the variant writes it ("22", "c3"), after sep. */
static void put_square(FILE *out, const char *sep, enum pdn_variant variant, int square)
{
    char text[PDN_SQUARE_TEXT_MAX];
    pdn_square_text(text, variant, square);
    fprintf(out, "%s%s", sep, text);
}

/* "men on 31, 32, 33; a king on 5" for one colour. */
static void put_squares(FILE *out, const struct pdn_board *b, enum pdn_piece piece, const char *one,
                        const char *many)
{
    int n = pdn_board_count(b, piece), k = 0;
    fprintf(out, "%d %s on ", n, n == 1 ? one : many);
    for (int s = 1; s <= pdn_board_squares(b); s++)
        if (pdn_board_get(b, s) == piece)
            put_square(out, k++ ? ", " : "", (enum pdn_variant)b->variant, s);
}

/* "White: 3 men on 28, 32, 33; 1 king on 5. Black: ..." */
static void put_position_sentence(FILE *out, const struct pdn_board *b)
{
    static const enum pdn_piece men[2] = {PDN_PIECE_WHITE_MAN, PDN_PIECE_BLACK_MAN};
    static const enum pdn_piece kings[2] = {PDN_PIECE_WHITE_KING, PDN_PIECE_BLACK_KING};
    for (int c = 0; c < 2; c++) {
        int m = pdn_board_count(b, men[c]), k = pdn_board_count(b, kings[c]);
        fprintf(out, "%s%s: ", c ? " " : "", color_name(c));
        if (m == 0 && k == 0) fputs("no pieces", out);
        if (m) put_squares(out, b, men[c], "man", "men");
        if (m && k) fputs("; ", out);
        if (k) put_squares(out, b, kings[c], "king", "kings");
        fputs(".", out);
    }
    if (b->side_known) fprintf(out, " %s to move.", color_name(b->side));
    fputc('\n', out);
}

/* ---- the annotator's marks ----------------------------------------------------------- */

/* The six marks a move is judged by, as a strength after it ("?!") or as
 * the NAG of the same number ($6: PGN's numbering, which PDN takes, and
 * which pdnreplay --analyse writes), and what they say. */
static const char *const mark_symbols[] = {"", "!", "?", "!!", "??", "!?", "?!"};
static const char *const mark_words[] = {
    "",          "a good move",         "a mistake",     "a very good move",
    "a blunder", "an interesting move", "a dubious move"};
#define MARKS ((int)(sizeof mark_symbols / sizeof mark_symbols[0]))

static int mark_of_strength(const char *strength)
{
    for (int k = 1; strength && k < MARKS; k++)
        if (strcmp(strength, mark_symbols[k]) == 0) return k;
    return 0;
}

size_t replay_marks(char *out, size_t cap, const struct pdn_node *n)
{
    const struct pdn_annotations *a = pdn_annotations_of(n);
    size_t len = 0;
    if (cap) *out = '\0';
    if (a->strength) len = text_add(out, cap, len, "%s", a->strength);
    int written = mark_of_strength(a->strength);
    for (uint32_t i = 0; i < a->nnags; i++) {
        const char *sep = len ? " " : "";
        if (written && a->nags[i] == written) continue; /* "32-28! $1": one '!' */
        if (a->nags[i] > 0 && a->nags[i] < MARKS)
            len = text_add(out, cap, len, "%s%s", sep, mark_symbols[a->nags[i]]);
        else
            len = text_add(out, cap, len, "%s$%u", sep, (unsigned)a->nags[i]);
    }
    return len;
}

/* The marks after a move in --text: all of them, however many. */
static void put_marks(FILE *out, const struct pdn_node *n)
{
    char small[64];
    size_t need = replay_marks(small, sizeof small, n);
    char *text = need < sizeof small ? small : malloc(need + 1);
    if (text == NULL) return;
    if (text != small) replay_marks(text, need + 1, n);
    fputs(text, out);
    if (text != small) free(text);
}

/* ", marked as a mistake": the marks in words, for --narrate (a NAG that
 * is no mark says nothing a listener could use). */
static void say_marks(FILE *out, const struct pdn_node *n)
{
    const struct pdn_annotations *a = pdn_annotations_of(n);
    int said = 0, k = mark_of_strength(a->strength);
    if (k) {
        fprintf(out, ", marked as %s", mark_words[k]);
        said = 1;
    }
    for (uint32_t i = 0; i < a->nnags; i++) {
        if (a->nags[i] == 0 || a->nags[i] >= MARKS || a->nags[i] == k) continue;
        fprintf(out, "%s%s", said++ ? " and " : ", marked as ", mark_words[a->nags[i]]);
    }
}

/* ---- one ply as a sentence ---------------------------------------------------------- */

size_t replay_narrate_ply(char *out, size_t cap, const struct replay_game *g,
                          const struct replay_entry *e)
{
    const struct replay_ply *p = e->ply;
    enum pdn_piece mover = pdn_board_get(&p->before, p->move.from);
    bool king = mover == PDN_PIECE_WHITE_KING || mover == PDN_PIECE_BLACK_KING;
    char *buf;
    size_t len;
    FILE *fp = open_memstream(&buf, &len);
    if (fp == NULL) return 0;
    fprintf(fp, "%s %s%s ", replay_number(e).s, color_name(p->before.side), king ? " king" : "");
    if (p->move.ncaptured) {
        uint8_t taken[PDN_PATH_MAX];
        enum pdn_variant v = (enum pdn_variant)p->before.variant;
        int n = pdn_move_captures(taken, &p->move, v);
        fprintf(fp, "captures %d", n);
        put_square(fp, " from ", v, p->move.from);
        fprintf(fp, ": %s, takes", replay_entry_text(g, e));
        for (int i = 0; i < n; i++)
            put_square(fp, i ? ", " : " ", v, taken[i]);
    } else {
        fputs(replay_entry_text(g, e), fp);
    }
    if (p->move.promotes) fputs(", and becomes a king", fp);
    if (e->node) say_marks(fp, e->node);
    fputc('.', fp);
    fclose(fp);
    size_t n = len < cap ? len : cap ? cap - 1 : 0;
    if (cap) {
        memcpy(out, buf, n);
        out[n] = '\0';
    }
    free(buf);
    return n;
}

/* ---- entries ------------------------------------------------------------------------ */

static void put_board(FILE *out, const struct pdn_board *b, const struct pdn_move *last,
                      const struct replay_options *o)
{
    if (o->fen) {
        char fen[PDN_FEN_MAX];
        pdn_board_to_fen(fen, b);
        fprintf(out, "%s\n", fen);
        return;
    }
    struct pdn_diagram_options d = PDN_DIAGRAM_OPTIONS_INIT;
    d.flip = o->flip;
    d.unicode = o->unicode;
    d.color = o->color;
    d.last = last;
    pdn_diagram_text(out, b, &d);
}

/* "2. 27-22 stops the line: illegal move '27-22': square 27 is empty (line 4, column 19)." */
static void put_stop(FILE *out, const struct replay_entry *e)
{
    fprintf(out, "The line stops at %s ", replay_number(e).s);
    put_text(out, e->node->text);
    fputs(": ", out);
    put_text(out, e->stop->message);
    if (e->stop->line) fprintf(out, " (line %lu", (unsigned long)e->stop->line);
    if (e->stop->line && e->stop->col) fprintf(out, ", column %lu", (unsigned long)e->stop->col);
    fputs(e->stop->line ? ").\n" : ".\n", out);
}

static void put_variation(FILE *out, const struct replay_game *g, const struct replay_entry *e)
{
    if (e->kind == ENTRY_VARIATION_BEGIN) {
        fprintf(out, "Variation %s, instead of %s ", replay_entry_label(g, e), replay_number(e).s);
        put_text(out, e->node->text);
        fputs(":\n", out);
    } else {
        fprintf(out, "End of variation %s.\n", replay_entry_label(g, e));
    }
}

static void put_start(FILE *out, const struct replay_game *g, const struct replay_options *o)
{
    bool fen = pdn_game_tag(g->game, "FEN") != NULL;
    if (o->narrate) {
        fprintf(out, "Start%s: ", fen ? ", from the FEN tag" : "");
        if (fen) {
            put_position_sentence(out, &g->start);
        } else {
            put_counts(out, &g->start);
            fprintf(out, " %s to move.\n", color_name(g->start.side));
        }
        return;
    }
    fprintf(out, "Start position%s\n", fen ? " (FEN tag)" : "");
}

static void put_ply_line(FILE *out, const struct replay_game *g, const struct replay_entry *e,
                         const struct replay_options *o)
{
    if (o->narrate) {
        char sentence[512];
        replay_narrate_ply(sentence, sizeof sentence, g, e);
        fputs(sentence, out);
        const struct replay_ply *p = e->ply;
        if (p->move.ncaptured || p->move.promotes) {
            putc(' ', out);
            put_counts(out, &p->after);
        }
        putc('\n', out);
        return;
    }
    fprintf(out, "%s %s", replay_number(e).s, replay_entry_text(g, e));
    if (e->node) put_marks(out, e->node);
    putc('\n', out);
}

/* One entry of the whole game: its line(s), then the board (not with --narrate). */
static void put_entry(FILE *out, const struct replay_game *g, const struct replay_entry *e,
                      const struct replay_options *o)
{
    switch (e->kind) {
    case ENTRY_START:
        put_start(out, g, o);
        break;
    case ENTRY_VARIATION_BEGIN:
    case ENTRY_VARIATION_END:
        put_variation(out, g, e);
        return;
    case ENTRY_STOP:
        put_stop(out, e);
        return;
    case ENTRY_PLY: {
        const struct pdn_annotations *a = pdn_annotations_of(e->node);
        put_comments(out, a->comments_before, a->ncomments_before, o->narrate);
        put_ply_line(out, g, e, o);
        put_comments(out, a->comments_after, a->ncomments_after, o->narrate);
        break;
    }
    }
    if (!o->narrate) {
        put_board(out, replay_entry_board(g, e), replay_entry_move(e), o);
        putc('\n', out);
    }
}

/* Whether a tag value says nothing: empty, or PDN's unknown ("?",
 * "????.??.??"), which a sentence would read out as "White: ." */
static bool says_nothing(const char *v)
{
    return v[strspn(v, "?.")] == '\0';
}

/* "White   Samb": the tags of the header that say something. */
static void put_header(FILE *out, const struct replay_game *g, bool narrate)
{
    static const char *const tags[] = {"White", "Black", "Event", "Date"};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
        bool date = strcmp(tags[i], "Date") == 0; /* or UTCDate: pdn_game_date */
        const char *v = date ? pdn_game_date(g->game) : pdn_game_tag(g->game, tags[i]);
        if (v == NULL || says_nothing(v)) continue;
        fprintf(out, narrate ? "%s: " : "%-8s", tags[i]);
        put_text(out, v);
        /* A sentence ends once: "Black, B." takes no second point. */
        bool stop = narrate && (*v == '\0' || v[strlen(v) - 1] != '.');
        fputs(stop ? ".\n" : "\n", out);
    }
    /* as pdnfmt writes it, and the full screen's title: "2-0" for a 1-0 tag
     * in international draughts */
    bool said = pdn_game_tag(g->game, "Result") || g->game->result != PDN_RESULT_NONE;
    const char *result = said ? pdn_game_result(g->game) : NULL;
    if (result) {
        fprintf(out, narrate ? "%s: " : "%-8s", "Result");
        put_text(out, result);
        fputs(narrate ? ".\n" : "\n", out);
    }
    putc('\n', out);
}

void replay_print_game(FILE *out, const struct replay_game *g, const struct replay_options *o)
{
    put_header(out, g, o->narrate);
    for (size_t i = 0; i < g->nentries; i++)
        if (o->variations || g->entries[i].depth == 0) put_entry(out, g, &g->entries[i], o);
}

void replay_print_entry(FILE *out, const struct replay_game *g, const struct replay_entry *e,
                        const struct replay_options *o)
{
    const struct pdn_board *b = replay_entry_board(g, e);
    if (o->fen && !o->narrate) {
        put_board(out, b, NULL, o);
        return;
    }
    if (e->kind == ENTRY_START && o->narrate)
        fputs("Start position.\n", out);
    else if (e->kind == ENTRY_START)
        put_start(out, g, o);
    else
        put_ply_line(out, g, e, o);
    if (o->narrate) {
        put_position_sentence(out, b);
        return;
    }
    put_board(out, b, replay_entry_move(e), o);
    if (b->side_known) fprintf(out, "%s to move.\n", color_name(b->side));
}
