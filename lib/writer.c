/*
 * writer: a game tree -> canonical PDN 3.0 text (the writing grammar).
 *
 * Canonical means one spelling per tree, so that writing what was read back
 * from written output gives the same bytes:
 *   - the seven-tag roster first, always, in order ("?" or "????.??.??" when
 *     missing; Result from the terminator), then the other tags in source
 *     order; values escaped with \" and \\;
 *   - move text without blanks or leading zeros, 'x' as capture separator;
 *   - "N." before every White move, "N..." before a Black move that stands
 *     alone (at the start of a line, after a comment, variation or setup);
 *   - comments as {...} with whitespace runs folded to one space; a comment
 *     holding '}' is written as a ';' comment, which ends its line;
 *   - lines filled up to the width, one blank line after each game.
 * It writes what it is given: it must not validate moves or fix results.
 */
#include "pdn.h"
#include "wrap.h"

#include <stdlib.h>
#include <string.h>

/* Who moves next and under which number. */
struct side {
    uint32_t number;
    bool black;
};

struct writer {
    struct wrap wrap;
    const struct pdn_write_options *opt;
};

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
enum { ROSTER = sizeof roster / sizeof roster[0] };

/* Tags kept by seven_tag_roster besides the roster: without them the moves
 * would mean something else (another board, another start position). */
static const char *const essential[] = {"GameType", "FEN", "SetUp", "Setup"};

static bool in_list(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, list[i]) == 0) return true;
    return false;
}

/* ---- results ------------------------------------------------------------ */

/* International results (2-0) for GameType 20 and 27, the default; the
 * chess-style ones (1-0) for the other types, as PDN 3.0 writes them. */
static bool international(const pdn_game *game)
{
    const char *type = pdn_game_tag(game, "GameType");
    if (type == NULL) return true;
    long n = strtol(type, NULL, 10);
    return n == 0 || n == 20 || n == 27;
}

static const char *result_text(const pdn_game *game, enum pdn_result result)
{
    static const char *const chess[] = {
        [PDN_RESULT_NONE] = "*",        [PDN_RESULT_UNKNOWN] = "*",
        [PDN_RESULT_WHITE_WIN] = "1-0", [PDN_RESULT_BLACK_WIN] = "0-1",
        [PDN_RESULT_DRAW] = "1/2-1/2",  [PDN_RESULT_BOTH_LOST] = "0-0",
    };
    if (result == PDN_RESULT_NONE) return "*";
    if (international(game) || (unsigned)result > PDN_RESULT_BOTH_LOST)
        return pdn_result_text(result);
    return chess[result];
}

/* The terminator; a missing one is taken from a readable Result tag. */
static enum pdn_result game_result(const pdn_game *game)
{
    if (game->result != PDN_RESULT_NONE) return game->result;
    const char *tag = pdn_game_tag(game, "Result");
    int r = tag ? pdn_result_parse(tag, strlen(tag)) : -1;
    return r > 0 ? (enum pdn_result)r : PDN_RESULT_UNKNOWN;
}

/* ---- tags --------------------------------------------------------------- */

static void write_tag(FILE *fp, const char *name, const char *value)
{
    fprintf(fp, "[%s \"", name);
    for (const char *p = value ? value : ""; *p; p++) {
        if (*p == '"' || *p == '\\') putc('\\', fp);
        putc(*p, fp);
    }
    fputs("\"]\n", fp);
}

static const char *roster_value(const pdn_game *game, int i)
{
    const char *value = pdn_game_tag(game, roster[i]);
    if (i == ROSTER - 1) {
        int r = value ? pdn_result_parse(value, strlen(value)) : -1;
        if (value == NULL || r >= 0)
            return result_text(game, r >= 0 ? (enum pdn_result)r : game_result(game));
        return value;
    }
    if (value) return value;
    return strcmp(roster[i], "Date") == 0 ? "????.??.??" : "?";
}

/* True for the first tag of a roster name: it was written with the roster. */
static bool written_in_roster(const pdn_game *game, uint32_t k)
{
    const char *name = game->tags[k].name;
    if (!in_list(name, roster, ROSTER)) return false;
    for (uint32_t j = 0; j < k; j++)
        if (strcmp(game->tags[j].name, name) == 0) return false;
    return true;
}

static void write_tags(FILE *fp, const pdn_game *game, const struct pdn_write_options *opt)
{
    for (int i = 0; i < ROSTER; i++)
        write_tag(fp, roster[i], roster_value(game, i));
    for (uint32_t k = 0; k < game->ntags; k++) {
        const struct pdn_tag *tag = &game->tags[k];
        if (written_in_roster(game, k)) continue;
        if (opt->seven_tag_roster && !in_list(tag->name, essential, 4)) continue;
        write_tag(fp, tag->name, tag->value);
    }
    putc('\n', fp);
}

/* ---- move text ---------------------------------------------------------- */

/* Length of a blank or dash in UTF-8 at p that a move must not keep as is:
 * NBSP is dropped, the Unicode dashes U+2010..U+2015 and U+2212 become '-'. */
static int unicode_mark(const unsigned char *p, bool *dash)
{
    if (p[0] == 0xC2 && p[1] == 0xA0) {
        *dash = false;
        return 2;
    }
    if (p[0] == 0xE2 &&
        ((p[1] == 0x80 && p[2] >= 0x90 && p[2] <= 0x95) || (p[1] == 0x88 && p[2] == 0x92))) {
        *dash = true;
        return 3;
    }
    return 0;
}

static void put_move(struct wrap *w, const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    bool in_number = false;
    while (*p) {
        bool dash;
        int n = unicode_mark(p, &dash);
        if (n) {
            if (dash) wrap_putc(w, '-');
            in_number = false;
            p += n;
            continue;
        }
        unsigned char c = *p++;
        bool digit = c >= '0' && c <= '9';
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        /* A leading zero goes unless it is the number's last digit. */
        if (c == '0' && !in_number && *p >= '0' && *p <= '9') continue;
        in_number = digit;
        wrap_putc(w, c == ':' ? 'x' : (char)c);
    }
}

static void put_strength(struct wrap *w, const char *s)
{
    for (; *s; s++)
        if (*s == '!' || *s == '?') wrap_putc(w, *s);
}

static void put_number(struct wrap *w, const struct side *s)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%lu%s ", (unsigned long)s->number, s->black ? "..." : ".");
    wrap_puts(w, buf);
}

/* ---- comments and setups ------------------------------------------------- */

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A {...} comment, one unit per word so that it wraps like the moves. A
 * word opening with '[' stays on the line of the word before it: a lenient
 * reader ends a comment at a line that looks like a tag ("[Name \""). */
static void put_brace_comment(struct wrap *w, const char *s)
{
    wrap_putc(w, '{');
    while (blank(*s))
        s++;
    for (;;) {
        while (*s && !blank(*s))
            wrap_putc(w, *s++);
        while (blank(*s))
            s++;
        if (*s == '\0') break;
        if (*s == '[')
            wrap_putc(w, ' ');
        else
            wrap_end(w);
    }
    wrap_putc(w, '}');
    wrap_end(w);
}

/* One unit "; text" with blanks folded, so the ';' comment holds it all;
 * nothing else may stand on its line after it. */
static void put_line_comment(struct wrap *w, const char *s)
{
    wrap_putc(w, ';');
    for (;;) {
        while (blank(*s))
            s++;
        if (*s == '\0') break;
        wrap_putc(w, ' ');
        while (*s && !blank(*s))
            wrap_putc(w, *s++);
    }
    wrap_end(w);
    wrap_newline(w); /* it runs to the end of the line: nothing may follow */
}

static bool write_comments(struct writer *wr, const struct pdn_comment *c, uint32_t n)
{
    if (wr->opt->no_comments || n == 0) return false;
    for (uint32_t i = 0; i < n; i++) {
        const char *text = c[i].text ? c[i].text : "";
        if (strchr(text, '}')) {
            put_line_comment(&wr->wrap, text);
        } else {
            put_brace_comment(&wr->wrap, text);
        }
    }
    return true;
}

static void write_setup(struct writer *wr, const char *fen, struct side *s)
{
    wrap_puts(&wr->wrap, "/FEN \"");
    wrap_puts(&wr->wrap, fen);
    wrap_puts(&wr->wrap, "\"/");
    wrap_end(&wr->wrap);
    while (blank(*fen))
        fen++;
    if (*fen == 'W' || *fen == 'B') s->black = *fen == 'B';
}

/* ---- lines and variations ------------------------------------------------ */

static void write_line(struct writer *wr, const struct pdn_line *line, struct side s);

static bool write_variations(struct writer *wr, const struct pdn_node *node, struct side s)
{
    if (wr->opt->no_variations || node->nvariations == 0) return false;
    for (uint32_t i = 0; i < node->nvariations; i++) {
        wrap_open_paren(&wr->wrap);
        write_line(wr, &node->variations[i], s);
        wrap_close_paren(&wr->wrap);
    }
    return true;
}

static void write_move(struct writer *wr, const struct pdn_node *node, const struct side *s,
                       bool alone)
{
    struct wrap *w = &wr->wrap;
    if (!s->black || alone) put_number(w, s);
    put_move(w, node->text ? node->text : "");
    if (!wr->opt->no_nags && node->strength) put_strength(w, node->strength);
    wrap_end(w);
    for (uint32_t i = 0; !wr->opt->no_nags && i < node->nnags; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "$%u", (unsigned)node->nags[i]);
        wrap_puts(w, buf);
        wrap_end(w);
    }
}

static void advance(struct side *s)
{
    if (s->black) s->number++;
    s->black = !s->black;
}

static void write_line(struct writer *wr, const struct pdn_line *line, struct side s)
{
    bool alone = true; /* the next move is not right after its partner */
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        if (node->setup) {
            write_setup(wr, node->setup, &s);
            alone = true;
        }
        alone |= write_comments(wr, node->comments_before, node->ncomments_before);
        if (node->number) {
            s.number = node->number;
            s.black = node->number_black;
        }
        write_move(wr, node, &s, alone);
        alone = write_comments(wr, node->comments_after, node->ncomments_after);
        alone |= write_variations(wr, node, s);
        advance(&s);
    }
    if (line->trailing_setup) write_setup(wr, line->trailing_setup, &s);
    write_comments(wr, line->trailing, line->ntrailing);
}

/* White starts, unless the FEN tag gives Black; lidraughts' ":F<n>" field
 * gives the first move number. */
static struct side start_side(const pdn_game *game)
{
    struct side s = {1, false};
    const char *fen = pdn_game_tag(game, "FEN");
    if (fen == NULL) return s;
    while (blank(*fen))
        fen++;
    s.black = *fen == 'B';
    const char *f = strstr(fen, ":F");
    if (f && f[2] >= '1' && f[2] <= '9') s.number = (uint32_t)strtoul(f + 2, NULL, 10);
    return s;
}

int pdn_write_game(FILE *out, const pdn_game *game, const struct pdn_write_options *options)
{
    static const struct pdn_write_options defaults = {0};
    if (out == NULL || game == NULL) return PDN_EINVAL;
    struct writer wr = {.opt = options ? options : &defaults};
    wrap_init(&wr.wrap, out, wr.opt->width);
    write_tags(out, game, wr.opt);
    write_line(&wr, &game->main, start_side(game));
    wrap_puts(&wr.wrap, result_text(game, game_result(game)));
    wrap_end(&wr.wrap);
    wrap_newline(&wr.wrap);
    putc('\n', out);
    bool nomem = wr.wrap.nomem;
    wrap_free(&wr.wrap);
    if (nomem) return PDN_ENOMEM;
    return ferror(out) ? PDN_EIO : PDN_OK;
}
