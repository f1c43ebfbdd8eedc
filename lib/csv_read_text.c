/*
 * csv_read_text: the PDN text of one game from its CSV row (games mode) or
 * rows (moves mode: the run of rows of one file and game, variations opened
 * and closed by their line ids, comments before and after each move), for
 * csv_read.c to read and check. Each tag and each move goes on a line of its
 * own, and every line notes the CSV row and column it came from, so that a
 * finding in the text names its place in the CSV. Must not report.
 */
#include "csv_reader.h"
#include "csv_row_order.h"
#include "game.h"
#include "lexer.h"
#include "tag_synonym.h"
#include "text.h"
#include "vec.h"
#include "writer.h"
#include "writer_spell.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void text_add(pdn_csv_reader *r, const char *s, size_t n, uint32_t row, uint32_t col)
{
    (void)row; /* the origin is the line's (text_line) */
    (void)col;
    if (!vec_grow((void **)&r->text, &r->captext, r->ntext + n + 1, 1)) {
        r->nomem = true;
        return;
    }
    memcpy(r->text + r->ntext, s, n);
    r->ntext += n;
    r->text[r->ntext] = '\0';
}

static void text_adds(pdn_csv_reader *r, const char *s, uint32_t row, uint32_t col)
{
    text_add(r, s, strlen(s), row, col);
}

/* A new line of the text, from CSV row:col: every line of the text starts
 * with one. */
static void text_line(pdn_csv_reader *r, uint32_t row, uint32_t col)
{
    /* by the lines begun, not the text: a first line left empty (no tags)
     * is still line 1 */
    if (r->text_lines > 0) text_adds(r, "\n", row, col);
    r->text_lines++;
    const struct origin *last = r->norigins ? &r->origins[r->norigins - 1] : NULL;
    if (last && last->row == row && last->col == col) return;
    if (!vec_grow((void **)&r->origins, &r->caporigins, r->norigins + 1, sizeof *r->origins)) {
        r->nomem = true;
        return;
    }
    r->origins[r->norigins++] = (struct origin){r->text_lines, row, col};
}

struct origin csv_text_origin(const pdn_csv_reader *r, uint32_t line)
{
    if (line < 1 || line > r->text_lines || r->norigins == 0) {
        struct origin end = {line, r->norigins ? r->origins[r->norigins - 1].row : 0, 0};
        return end;
    }
    size_t lo = 0, hi = r->norigins; /* the last origin at or before line */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->origins[mid].line <= line)
            lo = mid;
        else
            hi = mid;
    }
    return r->origins[lo];
}

/* Text that may hold line ends: each new line keeps the same origin. */
static void text_multiline(pdn_csv_reader *r, const char *s, uint32_t row, uint32_t col)
{
    for (;;) {
        const char *nl = strchr(s, '\n');
        text_add(r, s, nl ? (size_t)(nl - s) : strlen(s), row, col);
        if (!nl) return;
        text_line(r, row, col);
        s = nl + 1;
    }
}

static void text_reset(pdn_csv_reader *r)
{
    r->ntext = 0;
    r->text_lines = 0;
    r->norigins = 0;
    if (r->text) r->text[0] = '\0';
    r->nwaits = r->nwaited = 0;
    r->bare_dash.end = 0;
}

/* ---- cells to PDN ---- */

/* ="..." (pdn2csv --excel) back to the text. */
const char *csv_unprotect(pdn_csv_reader *r, char *s)
{
    return r->o.excel_text ? csv_excel_unprotect(s) : s;
}

/* YYYY-MM-DD (parts may be empty) back to YYYY.MM.DD with '?' in out;
 * false for any other text, which stays as it is (a range, a word). */
static bool date_value(char out[16], const char *v)
{
    size_t n = strlen(v);
    if (n < 2 || n > 10) return false;
    const char *d1 = strchr(v, '-');
    const char *d2 = d1 ? strchr(d1 + 1, '-') : NULL;
    if (!d2 || strchr(d2 + 1, '-')) return false;
    size_t ly = (size_t)(d1 - v), lm = (size_t)(d2 - d1 - 1), ld = strlen(d2 + 1);
    if ((ly != 0 && ly != 4) || (lm != 0 && lm != 2) || (ld != 0 && ld != 2)) return false;
    if (strspn(v, "0123456789-") != n) return false;
    snprintf(out, 16, "%.*s.%.*s.%.*s", 4, ly ? v : "????", 2, lm ? d1 + 1 : "??", 2,
             ld ? d2 + 1 : "??");
    return true;
}

static void put_tag(pdn_csv_reader *r, const char *name, const char *value, uint32_t row,
                    uint32_t col)
{
    char date[16];
    bool iso = strcmp(name, "Date") == 0 && (r->o.iso_dates || r->o.excel_text);
    if (iso && date_value(date, value)) value = date;
    text_line(r, row, col);
    text_adds(r, "[", row, col);
    text_adds(r, name, row, col);
    text_adds(r, " \"", row, col);
    for (const char *p = value; *p; p++) {
        if (*p == '\n' || *p == '\r') { /* a tag value holds no line end */
            text_add(r, " ", 1, row, col);
            continue;
        }
        if (*p == '"' || *p == '\\') text_add(r, "\\", 1, row, col);
        text_add(r, p, 1, row, col);
    }
    text_adds(r, "\"]", row, col);
}

static size_t find_role(const pdn_csv_reader *r, enum role role)
{
    for (size_t i = 0; i < r->ncols; i++)
        if (r->cols[i].role == role) return i;
    return SIZE_MAX;
}

static void put_tags(pdn_csv_reader *r, uint32_t row)
{
    size_t tags = find_role(r, R_TAGS);
    if (tags != SIZE_MAX && csv_field(r, tags)[0]) {
        text_line(r, row, (uint32_t)tags + 1);
        text_multiline(r, csv_field(r, tags), row, (uint32_t)tags + 1);
        return;
    }
    /* An empty cell is no tag: a column of --all-tags is empty in every
     * game that has no such tag, and pdn2csv writes a tag that is there
     * but empty alike; --lossless's tags cell (above) tells them apart.
     * The columns past a cut (ROW_LIMIT) have no value, not an empty one. */
    for (size_t i = 0; i < r->ncols && i < r->nf; i++) {
        const struct column *c = &r->cols[i];
        const char *v = csv_field(r, i);
        if (c->role != R_TAG || !v[0]) continue;
        put_tag(r, c->tag, v, row, (uint32_t)i + 1);
    }
}

/* Whether t[0, n) ends inside a ';' comment, which runs to its line's
 * end: in the text of tags, setups and comments csv2pdn makes (a '{'
 * comment to its '}', a quoted value to its quote, a line's end closing
 * it as a lenient reader does). */
static bool ends_in_line_comment(const char *t, size_t n)
{
    char until = '\0'; /* what closes the comment or value we are in */
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        if (until == '"' && c == '\\')
            i++;
        else if (until && (c == until || (c == '\n' && until != '}')))
            until = '\0';
        else if (!until)
            until = c == '{' ? '}' : c == ';' ? '\n' : c == '"' ? '"' : '\0';
    }
    return until == '\n';
}

/* The last word of the text made so far, r->text[*start, return), unless
 * it is inside a ';' comment ("; a { *"): then an empty one. */
static size_t last_word(const pdn_csv_reader *r, size_t *start)
{
    size_t end = r->ntext;
    while (end > 0 && strchr(" \t\r\n", r->text[end - 1]))
        end--;
    if (ends_in_line_comment(r->text, end)) end = 0;
    *start = end;
    while (*start > 0 && !strchr(" \t\r\n", r->text[*start - 1]))
        (*start)--;
    return end;
}

/* Whether the text made so far ends with a result (a moves cell that holds
 * its own): then none is added, which would stand alone after the game. */
static bool ends_with_result(const pdn_csv_reader *r)
{
    size_t start, end = last_word(r, &start);
    return end > start && text_result_exact(r->text + start, end - start) != NULL;
}

/* The result to end the moves with: recorded_result when there is such a
 * column (empty: none was written), else the Result tag, else '*'; *col
 * its column from 1 (0: none). */
static const char *end_result(const pdn_csv_reader *r, uint32_t *col)
{
    size_t rec = find_role(r, R_RECORDED);
    if (rec != SIZE_MAX) {
        *col = (uint32_t)rec + 1;
        return csv_field(r, rec);
    }
    for (size_t i = 0; i < r->ncols; i++)
        if (r->cols[i].role == R_TAG && strcmp(r->cols[i].tag, "Result") == 0 &&
            csv_field(r, i)[0]) {
            *col = (uint32_t)i + 1;
            return csv_field(r, i);
        }
    *col = 0;
    return "*";
}

/* ---- rows of the moves mode ---- */

static uint32_t col_of(const pdn_csv_reader *r, enum role role)
{
    size_t i = find_role(r, role);
    return i == SIZE_MAX ? 0 : (uint32_t)i + 1;
}

static const char *cell(const pdn_csv_reader *r, enum role role)
{
    size_t i = find_role(r, role);
    return i == SIZE_MAX ? "" : csv_field(r, i);
}

/* Whether the held row belongs to the game of the current one. */
static bool same_game(const pdn_csv_reader *r)
{
    size_t f = find_role(r, R_FILE), g = find_role(r, R_GAME);
    const struct held *h = &r->held;
    if (f != SIZE_MAX && (f >= h->nf || strcmp(h->data + h->off[f], csv_field(r, f)) != 0))
        return false;
    if (g != SIZE_MAX && (g >= h->nf || strcmp(h->data + h->off[g], csv_field(r, g)) != 0))
        return false;
    return f != SIZE_MAX || g != SIZE_MAX;
}

/* One comment on a line of its own, made of n pieces (none holds a line
 * end): as {...}, or as a ';' comment to the line end when it holds a
 * brace, as the writer writes it (spell_comment). */
static void comment_text(pdn_csv_reader *r, const char *const *piece, const size_t *len, size_t n,
                         uint32_t row, uint32_t col)
{
    bool brace = false;
    for (size_t i = 0; i < n; i++)
        brace |= memchr(piece[i], '{', len[i]) || memchr(piece[i], '}', len[i]);
    text_line(r, row, col);
    text_adds(r, brace ? ";" : "{", row, col);
    for (size_t i = 0; i < n; i++)
        text_add(r, piece[i], len[i], row, col);
    if (brace)
        text_line(r, row, col); /* the ';' comment ends with its line */
    else
        text_adds(r, "}", row, col);
}

/* The comments of a comment cell, one a line (pdn2csv writes them so):
 * each as {...}, or as a ';' comment to the line end when it holds a brace. */
static void comments_of(pdn_csv_reader *r, const char *s, uint32_t row, uint32_t col)
{
    while (*s) {
        size_t n = strcspn(s, "\n");
        comment_text(r, (const char *[]){s}, &n, 1, row, col);
        s += n + (s[n] == '\n');
    }
}

static void comments_text(pdn_csv_reader *r, enum role role, uint32_t row)
{
    comments_of(r, cell(r, role), row, col_of(r, role));
}

/* The value of the tag line "[NAME \"" of the tags cell whose name is
 * name, or with synonym, stands for it (tag_synonym_standard), or NULL: a
 * tag line at a line's start, not inside a comment of the cell (a tag
 * pdn2csv kept as the writer's comment, "{[Result \"1-0\"]}"). */
static const char *tag_line(const pdn_csv_reader *r, const char *name, bool synonym)
{
    for (const char *line = cell(r, R_TAGS);; line++) {
        char key[32];
        size_t n = *line == '[' ? strcspn(line + 1, " \"\n") : sizeof key;
        if (n < sizeof key && line[1 + n] == ' ' && line[2 + n] == '"') {
            memcpy(key, line + 1, n);
            key[n] = '\0';
            const char *standard = synonym ? tag_synonym_standard(key) : key;
            if (standard && strcmp(standard, name) == 0) return line + n + 3;
        }
        if (!(line = strchr(line, '\n'))) return NULL;
    }
}

/* The length of a tag line's value at v: up to its closing quote, past
 * the quotes and backslashes the writer escapes ("1/2-1/2\"x21" is no
 * result), or to the line's end when it has none. */
static size_t tag_line_value_len(const char *v)
{
    size_t n = 0;
    while (v[n] && v[n] != '"' && v[n] != '\n')
        n += v[n] == '\\' && v[n + 1] && v[n + 1] != '\n' ? 2 : 1;
    return n;
}

/* The current row's cell of the tag column named name, or with synonym
 * of one whose name stands for it (tag_synonym_standard: a Gametype or
 * Fen column, as a spreadsheet or an older pdn2csv heads it), when
 * not empty; else NULL. */
static const char *tag_column(const pdn_csv_reader *r, const char *name, bool synonym)
{
    for (size_t i = 0; i < r->ncols && i < r->nf; i++) {
        const struct column *c = &r->cols[i];
        if (c->role != R_TAG || !csv_field(r, i)[0]) continue;
        const char *standard = synonym ? tag_synonym_standard(c->tag) : c->tag;
        if (standard && strcmp(standard, name) == 0) return csv_field(r, i);
    }
    return NULL;
}

/* The value of the current row's tag name, and its length at *len: from
 * its tags cell when it has one, up to the closing quote (a number reads
 * as one), else from its columns, whole: the first tag or column of that
 * name, else of a name that stands for it ("Risultato" for "Result", "Fen"
 * for "FEN"), as pdn_game_tag reads them; NULL when it has none. A tags
 * cell is the game's tags (put_tags writes it alone), and pdn2csv fills a
 * column with a tag of its name in another case ([REsult "1-1"] in
 * Result), which is no tag of that name to the writer. */
const char *csv_tag_cell(const pdn_csv_reader *r, const char *name, size_t *len)
{
    const char *v;
    if (!cell(r, R_TAGS)[0]) { /* once, not a find_role a column */
        if (!(v = tag_column(r, name, false))) v = tag_column(r, name, true);
        *len = v ? strlen(v) : 0;
        return v;
    }
    if (!(v = tag_line(r, name, false))) v = tag_line(r, name, true);
    *len = v ? tag_line_value_len(v) : 0;
    return v;
}

/* The Result tag's value as written, at out ("" when none or too long),
 * for ends_with_tag. */
static void result_tag_text(const pdn_csv_reader *r, char *out, size_t n)
{
    size_t len;
    const char *tag = csv_tag_cell(r, "Result", &len);
    snprintf(out, n, "%.*s", len < n ? (int)len : 0, tag ? tag : "");
}

/* Whether the text made so far ends with tag, the Result tag's value: a
 * move a reader takes for the result, as a match score, when nothing
 * follows it ("1-9" under [Result "1-9"]: parser_moves.c, match_score). */
static bool ends_with_tag(const pdn_csv_reader *r, const char *tag)
{
    size_t len = strlen(tag), start, end = last_word(r, &start);
    return len > 0 && end - start == len && memcmp(r->text + start, tag, len) == 0;
}

/* The GameType of the game whose first row is read: its tag's, else
 * --variant's (0: none). */
static long csv_gametype(const pdn_csv_reader *r)
{
    size_t len;
    const char *type = csv_tag_cell(r, "GameType", &len);
    return type ? strtol(type, NULL, 10) : r->o.gametype;
}

/* Whether Black opens each move pair of the game whose first row is read
 * (English checkers): as its GameType tag says, as the writer reads it (an
 * empty or unknown one: White, game_black_opens); else --variant's; else,
 * when no FEN or setup sets it up, as its first move's side says, the
 * start position's first mover being the opener; else White. The side
 * cells say who moves, and which moves are a pair's second ("12...")
 * follows. */
static bool csv_black_opens(const pdn_csv_reader *r)
{
    long n = csv_gametype(r);
    if (n > 0) return gametype_black_opens(n);
    size_t len;
    if (csv_tag_cell(r, "GameType", &len)) return false; /* one that names no variant */
    if (csv_tag_cell(r, "FEN", &len) || game_sets_up(cell(r, R_SETUP))) return false;
    return strcmp(cell(r, R_SIDE), "black") == 0;
}

/* Who moves and under which number, as the writer counts them (writer.c,
 * struct side): second, the second mover of a pair ("12..."); wait, when
 * the number is the count going on from a setup whose number the writer
 * takes from a number written further on (1 + its index in r->waits; 0:
 * none), to be set right once that number is read (settle_numbers). */
struct count {
    uint32_t number;
    bool second;
    uint32_t wait;
};

static void count_advance(struct count *c)
{
    if (c->second && c->number < UINT32_MAX) c->number++; /* saturates, as the writer's */
    c->second = !c->second;
}

/* The count a token "12." or "12..." says; false for any other. */
static bool count_of_token(struct count *out, const char *t, size_t n)
{
    size_t digits = strspn(t, "0123456789"), dots = n - digits;
    if (digits == 0 || digits > 10 || digits > n || (dots != 1 && dots != 3) ||
        strncmp(t + digits, "...", dots) != 0)
        return false;
    unsigned long long v = strtoull(t, NULL, 10);
    if (v == 0 || v > UINT32_MAX) return false;
    *out = (struct count){(uint32_t)v, dots == 3, 0}; /* a number written waits for none */
    return true;
}

/* The writer's count c at a move, after the numbers written before it
 * (written[0, len) of a written_number cell: "12.", "1. ...", "...
 * 12..."): it takes each number written; numbered dots are a move of
 * their own (they advance it), unnumbered ones hold a place or were
 * counted before the move's setup (count_bare_dots). Whether the move
 * itself is numbered (the last token). */
static bool count_written(struct count *c, const char *written, size_t len)
{
    bool numbered = false;
    for (size_t i = 0; i < len;) {
        const char *t = written + i;
        size_t n = strcspn(t, " ");
        if (n > len - i) n = len - i;
        if (n == 3 && strncmp(t, "...", 3) == 0) {
            if (numbered) count_advance(c);
            numbered = false;
        } else {
            numbered = count_of_token(c, t, n);
        }
        i += n + (i + n < len);
    }
    return numbered;
}

static bool same_count(struct count a, struct count b)
{
    return a.number == b.number && a.second == b.second;
}

/* A reader's own count of the text made, on a line (the parser's frame,
 * the writer's 'said'): the ply it gives the next move and the last one,
 * from the last number written and the moves since; 'behind' when that
 * number gave Black's move N as White's (frame_number_read's
 * black_as_white). Not known at a line's start, past a setup (its side
 * may be the other), a number set right later (wait), or text a reader
 * may count otherwise (unnumbered dots, which may be stray; a cell of
 * anything but one move), until the next number; 'behind' not known at a
 * number where the count was not, but at the line's first number: the
 * parser's count was no number's before it, so that one is never behind
 * (frame_number_read). Only where known does csv2pdn leave a dash bare
 * that the writer's count would number (number_bare_dash). */
struct said {
    struct count next, last;
    bool known, behind, behind_known;
    bool numbered; /* a number was read on the line ("0." too) */
};

static void said_move(struct said *s)
{
    s->last = s->next;
    count_advance(&s->next);
}

static void said_number(struct said *s, struct count number)
{
    s->behind_known = s->known || !s->numbered;
    s->behind = s->numbered && !number.second && s->next.second && s->next.number == number.number;
    s->next = number;
    s->known = number.wait == 0;
    s->numbered = true;
}

/* The numbers and dots of written[0, n) (a written_number cell's text
 * before its move), numbered: right after a number. */
static void said_written(struct said *s, const char *written, size_t n, bool numbered)
{
    for (size_t i = 0; i < n;) {
        size_t k = 0;
        while (i + k < n && written[i + k] != ' ')
            k++;
        struct count c;
        if (k == 3 && strncmp(written + i, "...", 3) == 0) {
            s->known &= numbered; /* unnumbered: perhaps stray, no move */
            said_move(s);
            numbered = false;
        } else if (count_of_token(&c, written + i, k)) {
            said_number(s, c);
            numbered = true;
        } else if (k > 0) {
            s->known = false;   /* "0." or other dots: as the parser counts them */
            s->numbered = true; /* "0." is a number to the parser's count */
            numbered = false;
        }
        i += k + (i + k < n);
    }
}

/* Whether a reader that counts as s, right past a bare dash (or "..."
 * when dots), takes it for a stray one before the move number (next,
 * next_black: "N..."): as the parser does (parser_number_takes_dash). */
static bool said_takes_dash(const struct said *s, uint32_t next, bool next_black, bool dots)
{
    struct count ply = s->last;
    bool takes = text_number_takes_bare(next, next_black, ply.number, ply.second, s->behind, dots);
    return takes || (!s->behind_known && text_number_takes_bare(next, next_black, ply.number,
                                                                ply.second, !s->behind, dots));
}

/* The count the number cell says (rows without written_number). */
static struct count count_cell(const pdn_csv_reader *r, bool second)
{
    struct count c = {0, second, 0};
    const char *number = cell(r, R_NUMBER);
    char *end;
    unsigned long long v = strtoull(number, &end, 10);
    if (number[0] >= '0' && number[0] <= '9' && *end == '\0' && v <= UINT32_MAX)
        c.number = (uint32_t)v;
    return c;
}

/* Where the move's own number starts in a written_number cell: at its
 * last token, unless that is dots ("...", "1. ...": dots that hold a place,
 * no move's number); the cell's end when it has none. */
static size_t own_number_at(const char *written)
{
    size_t n = strlen(written);
    while (n > 0 && written[n - 1] == ' ')
        n--;
    size_t last = n;
    while (last > 0 && written[last - 1] != ' ')
        last--;
    bool dots = n - last == 3 && strncmp(written + last, "...", 3) == 0;
    return dots ? strlen(written) : last;
}

/* Unnumbered dots at the start of a written_number cell, before the
 * move's own number (placeholder_text), where the first mover is to
 * move: the writer writes them as a move not given ("2. ...") and counts
 * on (writer.c, count_move), so the second mover moves after them; where
 * the second mover is to move they hold the first mover's place, and the
 * count stays. Both come before the move's setup, which is the move's
 * own: counted before setup_count. */
static void count_bare_dots(struct count *c, const char *written)
{
    size_t own = own_number_at(written);
    for (const char *t = written;
         (size_t)(t - written) < own && strncmp(t, "...", 3) == 0 && (t[3] == ' ' || !t[3]);) {
        if (!c->second) count_advance(c);
        t += 3;
        while (*t == ' ')
            t++;
    }
}

/* A move number is to be written at the text's end: a "--" (or "..."
 * that holds no place) with no number right before it (blanks between)
 * gets its number first, the
 * writer's own count there ("6... ... 7. -- 7. --"), where a reader of
 * the text would drop it: a reader takes a bare dash for a stray one, no
 * move, where the number after it names the ply it counts for it
 * (parser_number_takes_dash), and the text's numbers are the file's,
 * which need not count as the writer does. The writer (writer.c,
 * bare_dash_taken) numbers it where a reader of its own text would drop
 * it; a number there is the one it writes, so the games come back the
 * same. Where the reader's count (s, now past the dash) leaves the dash
 * its ply, it stays bare, as the writer's text had it, and the reader
 * names it by that count, as it named it there ("4. 37-32 -- 2. 37-32"
 * after White's 2nd: Black's 4th, not the writer's 3rd). */
static void number_bare_dash(pdn_csv_reader *r, struct said *s, uint32_t next, bool next_black)
{
    struct bare_dash d = r->bare_dash;
    r->bare_dash.end = 0;
    if (d.end == 0 || d.end > r->ntext || d.number == 0) return;
    /* dots the number leaves their ply are read as written, and written
     * so by the writer: numbered, they would come back otherwise */
    if (d.dots && !text_number_takes_ply(next, next_black, d.number, d.second)) return;
    for (size_t i = d.end; i < r->ntext; i++)
        if (!text_blank((unsigned char)r->text[i]) && r->text[i] != '\n') return;
    if (s->known && !said_takes_dash(s, next, next_black, d.dots)) return;
    char number[24];
    int k =
        snprintf(number, sizeof number, "%lu%s", (unsigned long)d.number, d.second ? "... " : ". ");
    size_t n = (size_t)k;
    if (!vec_grow((void **)&r->text, &r->captext, r->ntext + n + 1, 1)) {
        r->nomem = true;
        return;
    }
    if (d.wait) { /* set right later, as counted_number_text's */
        if (!vec_grow((void **)&r->waited, &r->capwaited, r->nwaited + 1, sizeof *r->waited)) {
            r->nomem = true;
            return;
        }
        r->waited[r->nwaited++] = (struct waited_number){d.at, d.number, d.wait};
    }
    memmove(r->text + d.at + n, r->text + d.at, r->ntext - d.at + 1); /* and its NUL */
    memcpy(r->text + d.at, number, n);
    r->ntext += n;
    s->next = s->last; /* the count at the dash, which now has its number */
    said_number(s, (struct count){d.number, d.second, d.wait});
    said_move(s);
}

/* The move number a text starts with ("12.", "12..."): its value, 0 for
 * none, and whether it is the second mover's. */
static uint32_t number_of_text(const char *t, bool *black)
{
    uint64_t v = 0;
    size_t i = 0;
    for (; t[i] >= '0' && t[i] <= '9'; i++)
        if (v <= UINT32_MAX) v = v * 10 + (uint64_t)(t[i] - '0');
    *black = strncmp(t + i, "...", 3) == 0;
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v; /* saturates, as the lexer */
}

/* The move number as written (pdn2csv --lossless's written_number: "12.",
 * "12...", "1. ..." with a placeholder's dots) before the move, on its
 * line; a cell of anything but digits, dots and blanks is no number and
 * is left out (the count then stands). None written, none written back:
 * the count stands, as it did in the game that went in. */
static bool written_number_text(pdn_csv_reader *r, struct said *s, uint32_t row, uint32_t col)
{
    const char *written = cell(r, R_WRITTEN);
    if (!written[0] || written[strspn(written, "0123456789. ")]) return false;
    written += own_number_at(written);
    if (!written[0]) return false;
    bool black;
    uint32_t number = number_of_text(written, &black);
    number_bare_dash(r, s, number, black);
    text_adds(r, written, row, col);
    text_adds(r, " ", row, col);
    said_written(s, written, strlen(written), false);
    return true;
}

/* The move number a count gives, "12. " or "12... "; whether there was
 * one (a number cell may be empty). */
static bool counted_number_text(pdn_csv_reader *r, struct said *s, struct count c, uint32_t row,
                                uint32_t col)
{
    if (c.number == 0) return false;
    number_bare_dash(r, s, c.number, c.second);
    said_number(s, c);
    if (c.wait) { /* set right later: where it stands, from what */
        if (!vec_grow((void **)&r->waited, &r->capwaited, r->nwaited + 1, sizeof *r->waited))
            r->nomem = true;
        else
            r->waited[r->nwaited++] = (struct waited_number){r->ntext, c.number, c.wait};
    }
    char text[24];
    snprintf(text, sizeof text, "%lu%s", (unsigned long)c.number, c.second ? "... " : ". ");
    text_adds(r, text, row, col);
    return true;
}

/* A setup (pdn2csv --lossless's setup cell) on a line of its own, as the
 * writer spells it (writer_spell.c, spell_setup): /FEN "..."/ with its
 * blanks folded (a line end would end it early), or as a comment when it
 * holds a '/' (which would close it early); whether it wrote any. */
static bool setup_text(pdn_csv_reader *r, uint32_t row)
{
    const char *fen = cell(r, R_SETUP);
    uint32_t col = col_of(r, R_SETUP);
    while (text_blank((unsigned char)*fen))
        fen++;
    if (!fen[0]) return false; /* sets up nothing: the writer writes nothing */
    bool comment = spell_setup_as_comment(fen);
    bool brace = strpbrk(fen, "{}") != NULL;
    text_line(r, row, col);
    text_adds(r, !comment ? "/FEN \"" : brace ? ";" : "{", row, col);
    for (bool space = false; *fen; fen++) { /* blanks folded: a line end would end it */
        if (text_blank((unsigned char)*fen)) {
            space = true;
            continue;
        }
        if (space) text_add(r, " ", 1, row, col);
        space = false;
        text_add(r, fen, 1, row, col);
    }
    if (!comment)
        text_adds(r, "\"/", row, col);
    else if (brace)
        text_line(r, row, col); /* the ';' comment ends with its line */
    else
        text_adds(r, "}", row, col);
    return true;
}

/* The line ids of pdn2csv --variations ("1", "1.2", "1.2.1"): the rows of
 * a move's variations follow its own row, depth first, so a row's line is
 * the current one, a variation of it (opened with '('), or one of the
 * lines it is inside (the ones in between closed with ')'). */
#define LINES_DEEPEST (PDN_LIMIT_DEPTH + 2)

struct lines {
    char id[CSV_LINE_ID_MAX]; /* the current line; "1" the main line */
    unsigned depth;           /* its depth: the dots in its id */
    /* The writer's count on each open line (--lossless's rows, which say
     * the numbers written, which it follows): at its next move, and at its
     * last one, where that move's variations start. */
    struct count next[LINES_DEEPEST], at[LINES_DEEPEST];
    /* The writer's own count (writer.c, struct numbering), which a wrong
     * number written does not move: the number it writes where the rows
     * say none. Past a move not played (past) it is the count above. At
     * the next move and at the last one. */
    struct count own_next[LINES_DEEPEST], own_at[LINES_DEEPEST];
    /* What the row's move is numbered with, by the writer: the number
     * written, else its own count (the dots of a move kept as a comment,
     * unreadable_text). */
    struct count shown;
    bool past[LINES_DEEPEST], past_at[LINES_DEEPEST];
    /* A comment or a variation's ')' since the last move written: the
     * writer numbers the next move (write_moves' alone) from its own
     * count. Where that is not the count of the numbers written (a wrong
     * number kept before) and the replay does not play the move, a reader
     * of csv2pdn's text must be given it: past that move the count goes on
     * from it ("5. 28x19 {c} 2... 32-28 /FEN \"?:\"/ 3. 31-27"). A move
     * played gets it from the replay on reading back. */
    bool alone;
    /* A line just entered: at its first move the own count is still the
     * one its variations start from (the writer's n.count), also past a
     * move not played, unless a number is written there. */
    bool fresh[LINES_DEEPEST];
    /* The same, as the rows' number and side cells count (move_count). */
    struct count cells_next[LINES_DEEPEST], cells_at[LINES_DEEPEST];
    /* The square the move just written left for a next hop (text.h): a
     * capture from there, unnumbered, would read as that hop. */
    uint32_t hop_end;
    /* After a setup that says who moves (setup_count): the next move, or
     * the dots that hold a place, get their number. */
    bool number_next;
    bool any_move; /* a move written, or dots that hold one's place */
    bool held;     /* the row's move is dots that hold a place (move_count) */
    /* The wait (struct count) of each open line's last setup, until the
     * first number written after it settles it (0: none); and own_next's,
     * when it was another count there (a wrong number kept before), which
     * the same number settles. */
    uint32_t waiting[LINES_DEEPEST], own_waiting[LINES_DEEPEST];
    /* A reader's count of the text on each open line (struct said). */
    struct said said[LINES_DEEPEST];
};

/* A move cell's text as the writer writes a move the replay did not play
 * (its canonical cell is empty): "--" for an unknown move ("- -" on one
 * line and "-" on the next would read as one), else cleaned ("10-1-1" is
 * "10x1x1": as written, the reader takes its end for the result 1-1);
 * NULL when that would not read back as one move (writer.c keeps it as
 * a comment: unreadable_text). */
static const char *move_as_written(char out[CLEAN_MOVE_MAX], const char *move)
{
    if (spell_unknown_move(move)) return "--";
    spell_clean_text(out, move);
    return spell_reads_back(out) ? out : NULL;
}

/* A move that reads back as no move, even cleaned ("1 -1<3>" would read
 * as the result 1-1), as the writer keeps it (writer.c, write_unreadable
 * and write_dots): one comment of its text as written, its strength and
 * NAGs; then its setup; then the dots that hold its ply,
 * numbered as the writer numbers the move ("{1-1<3>} 2... ..."), from
 * which a reader counts on; then its comments after. */
static void unreadable_text(pdn_csv_reader *r, struct lines *l, const char *move, uint32_t row,
                            uint32_t col)
{
    const char *nags = cell(r, R_NAGS);
    const char *piece[] = {move, nags[0] == '$' ? " " : "", nags};
    size_t len[] = {strcspn(move, "\r\n"), strlen(piece[1]), strcspn(nags, "\r\n")};
    comment_text(r, piece, len, 3, row, col);
    unsigned d = l->depth;
    struct said *s = &l->said[d];
    if (setup_text(r, row)) s->known = false;
    text_line(r, row, col);
    s->known &= counted_number_text(r, s, l->shown, row, col); /* bare dots: perhaps stray */
    text_adds(r, "...", row, col);
    said_move(s);
    l->at[d] = l->shown; /* where its variations start */
    /* The count goes on as move_count left it: from the writer's own
     * where the replay stops here; past a stop before, from the dots'
     * (write_moves: n.read, which the writer's count then follows). */
    if (l->past_at[d]) {
        l->next[d] = l->shown;
        count_advance(&l->next[d]);
    }
    l->hop_end = 0;
    l->number_next = false;
    l->any_move = true;
    l->alone = cell(r, R_COMMENT)[0] != '\0';
    comments_text(r, R_COMMENT, row);
}

/* The dots before a row's move that hold a place (its written_number's
 * "...", "1. ...", before the move's own number), which have no row: the
 * writer writes them as a move, before the row's comments and setup,
 * numbered when they stand after a setup that says who moves
 * (number_next: "1. ..."). Whether there were any. */
static bool placeholder_text(pdn_csv_reader *r, struct lines *l, uint32_t row)
{
    const char *written = cell(r, R_WRITTEN);
    if (written[strspn(written, "0123456789. ")]) return false; /* no number: left out */
    size_t n = own_number_at(written);
    while (n > 0 && written[n - 1] == ' ')
        n--;
    if (n == 0) return false;
    uint32_t col = col_of(r, R_WRITTEN);
    struct said *s = &l->said[l->depth];
    text_line(r, row, col);
    if (written[0] != '.') {
        bool black;
        uint32_t number = number_of_text(written, &black);
        number_bare_dash(r, s, number, black);
    }
    bool numbered = false;
    if (l->number_next && written[0] == '.') {
        struct count next = l->next[l->depth];
        numbered =
            counted_number_text(r, s, (struct count){next.number, false, next.wait}, row, col);
    }
    text_add(r, written, n, row, col);
    said_written(s, written, n, numbered);
    l->hop_end = 0;
    /* the dots part the move from a comment or ')' before them: the
     * writer numbers them, not the move after them (write_moves) */
    l->alone = false;
    l->number_next = false;
    l->any_move = true;
    return true;
}

/* What goes before a row's move, in the writer's order: the row's
 * comments before, then its setup, unless the move is kept as a comment:
 * its setup then follows that comment (unreadable_text). */
static void before_move(pdn_csv_reader *r, struct lines *l, bool unreadable)
{
    uint32_t row = (uint32_t)r->row_no;
    l->alone |= cell(r, R_COMMENT_BEFORE)[0] != '\0';
    comments_text(r, R_COMMENT_BEFORE, row);
    if (!unreadable && setup_text(r, row)) {
        l->hop_end = 0;                  /* the setup parts them */
        l->said[l->depth].known = false; /* it may say the other side moves */
    }
}

/* Whether a FEN text reads under variant. */
static bool fen_reads(enum pdn_variant variant, const char *fen)
{
    struct pdn_board board;
    struct pdn_fen_error err;
    return pdn_board_from_fen(&board, variant, fen, &err) == PDN_OK;
}

/* The same for the n bytes of a tag's value. */
static bool fen_value_reads(enum pdn_variant variant, const char *value, size_t n)
{
    char text[1024];
    if (n >= sizeof text) return false; /* no position's FEN is that long */
    memcpy(text, value, n);
    text[n] = '\0';
    return fen_reads(variant, text);
}

/* The variant the replay plays the game under, as it reads the GameType
 * tag (gametype_tag_number, as read_gametype),
 * else --variant's; false when the tag or the option names none: the
 * replay then plays nothing ([GameType ""] among them). Left alone
 * without either. */
static bool replayed_variant(const pdn_csv_reader *r, enum pdn_variant *variant)
{
    size_t len;
    const char *tag = csv_tag_cell(r, "GameType", &len);
    long type = tag ? gametype_tag_number(tag, len) : r->o.gametype;
    return (!tag && type <= 0) ||
           (type > 0 && type <= INT_MAX && pdn_variant_from_gametype(variant, (int)type));
}

/* Whether the replay reads a setup, as replay_setup_second does: the game
 * starts (its GameType names a variant, its FEN tag, if any, reads) and
 * the setup, not a comment, reads under that variant. The writer then
 * takes who moves after it from the replay; else its count goes on. */
static bool setup_reads(const pdn_csv_reader *r, const char *fen)
{
    /* asked at every row: most have no setup, and the tags need no look */
    if (!game_sets_up(fen) || spell_setup_as_comment(fen)) return false;
    enum pdn_variant variant = PDN_VARIANT_INTERNATIONAL;
    if (!replayed_variant(r, &variant)) return false;
    size_t len;
    const char *start = csv_tag_cell(r, "FEN", &len);
    if (start && !fen_value_reads(variant, start, len)) return false;
    return fen_reads(variant, fen);
}

/* A wait (struct count) for the count c after a setup of this line: it
 * goes on as it was, which is the writer's count when no number is
 * written after the setup on its line. */
static uint32_t wait_open(pdn_csv_reader *r, struct count *c)
{
    if (!vec_grow((void **)&r->waits, &r->capwaits, r->nwaits + 1, sizeof *r->waits)) {
        r->nomem = true;
        return 0;
    }
    r->waits[r->nwaits++] = (struct count_wait){c->number, c->wait, 0, false};
    return c->wait = (uint32_t)r->nwaits;
}

/* Whether no reader takes a side from a setup: no FEN starts otherwise
 * than with a side (fen.c: W, B or '?', in either case), so the replay
 * gives it none, and who moves goes on in the writer's count
 * (writer_setup_second) as in csv2pdn's. */
static bool setup_reads_no_side(const char *fen)
{
    while (text_blank((unsigned char)*fen))
        fen++;
    return *fen == '\0' || !strchr("WBwb?", *fen);
}

/* The count after this row's setup, if any: who moves, as the setup
 * says; the number as the writer takes it from the FEN's ":F" or counts it
 * back from a number written further on (writer_setup_number), which these
 * rows have not reached. The number cell has it when it was counted back
 * (it leaves the cells' own count) from the writer's side: when the cells
 * say that side moves, or when they counted as the writer up to here (the
 * side they give then is the replay's for a '?' setup, which the writer
 * takes too). When they counted as the writer and the count is known, the
 * cell going on is the writer's count going on. Else the two part: a
 * number written overrides the writer's count, not the cells' ("1. /B/
 * --" is "1 black" in the cells, "1. --" in the writer's; "1. 2x1<->", a
 * move kept as a comment, makes Black move after it in the writer's count,
 * White in the cells'). Then the count goes on as it was, and waits for
 * the number written further on (wait_open, settle_wait). The move after
 * the setup is numbered, as the writer numbers it: a number written
 * further on would count back otherwise, over a move kept as a comment
 * that is no ply once read back. Not when the cells say the other side
 * moves of a setup that may read: a '?' setup, whose side the replay
 * gives, which the reader then finds again. The writer's own count
 * (own_next) is counted back there alike: it takes the cells' number
 * with the other, and waits with it; where it was another count before
 * the setup (after a wrong number kept), or has the other side (after
 * dots that hold a place), with a wait of its own, which the same number
 * written settles from its own pairs (own_waiting). */
static void setup_count(pdn_csv_reader *r, struct lines *l, bool second, bool black_opens)
{
    struct count *c = &l->next[l->depth], *cells_next = &l->cells_next[l->depth];
    struct count *own = &l->own_next[l->depth];
    bool cells_agree = same_count(*c, *cells_next);
    bool sided = spell_setup_side(cell(r, R_SETUP), black_opens, &c->second);
    spell_setup_side(cell(r, R_SETUP), black_opens, &own->second);
    struct count cells = count_cell(r, second);
    /* A setup that gives no side ('?'): who moves after it is the
     * replay's where it reads, as the writer takes it (writer_setup_second),
     * and so the side cell's; the dots of a move kept as a comment after it
     * are numbered so ("/FEN \"?:W33:B18\"/ 2... 18-23 {3:3-28} 3. ..."). */
    if (!sided && setup_reads(r, cell(r, R_SETUP))) c->second = own->second = cells.second;
    bool same_side = cells.second == c->second;
    bool counted = cells.number && cells.number != cells_next->number;
    if (game_sets_up(cell(r, R_SETUP))) {
        unsigned d = l->depth;
        l->waiting[d] = l->own_waiting[d] = 0; /* a count back stops at a setup */
        bool own_apart = !same_count(*own, *c) || own->wait != c->wait;
        uint32_t fen_number = writer_setup_fen_number(cell(r, R_SETUP));
        if (fen_number) { /* the FEN's ":F" is the writer's number (writer_setup_number) */
            *c = (struct count){fen_number, c->second, 0};
            *own = (struct count){fen_number, own->second, 0};
        } else if (counted && (same_side || cells_agree)) {
            *c = (struct count){cells.number, c->second, 0};
            if (own->second == c->second)
                *own = (struct count){cells.number, own->second, 0}; /* the writer's two alike */
            else /* counted back from the other side: from the number written further on */
                l->own_waiting[d] = wait_open(r, own);
        } else if (!cells_agree || c->wait || !cells.number || own_apart) {
            l->waiting[d] = wait_open(r, c);
            if (!own_apart)
                own->wait = c->wait; /* one count, one wait */
            else
                l->own_waiting[d] = wait_open(r, own);
        }
        l->number_next |= same_side || setup_reads_no_side(cell(r, R_SETUP));
    }
    l->cells_at[l->depth] = *cells_next = cells;
    count_advance(cells_next);
}

/* The first number written in written[0, len) of a written_number cell
 * ("12.", "1. ..."). */
static bool first_number(struct count *out, const char *written, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t n = strcspn(written + i, " ");
        if (n > len - i) n = len - i;
        if (count_of_token(out, written + i, n)) return true;
        i += n + (i + n < len);
    }
    return false;
}

/* The number a count in a wait stands for at the setup, counted back as
 * the writer counts (game_line_number_from) from the number written now:
 * less the pairs the count began since the setup, at least 1. */
static uint32_t counted_back(const pdn_csv_reader *r, const struct count *c, uint32_t written)
{
    const struct count_wait *from = &r->waits[c->wait - 1];
    uint32_t pairs = c->number > from->from ? c->number - from->from : 0;
    return written > pairs ? written - pairs : 1;
}

static void settle(pdn_csv_reader *r, uint32_t id, uint32_t number)
{
    r->waits[id - 1].number = number;
    r->waits[id - 1].known = true;
}

/* The waits of this line's last setup settled by the first number written
 * after it (in written[0, len)), c the count just before it. The writer
 * counts each of its
 * two counts back on its own, from the side it has (setup_side): the own
 * count from its own pairs where it waits apart (its side after the
 * setup may be the other). */
static void settle_wait(pdn_csv_reader *r, struct lines *l, const struct count *c,
                        const char *written, size_t len)
{
    unsigned d = l->depth;
    uint32_t id = l->waiting[d], own_id = l->own_waiting[d];
    const struct count *own = &l->own_next[d];
    struct count first;
    /* c goes on from either wait: from the own count's where a number
     * was written from it (counted_number_text), which c then follows */
    bool from_one = id && c->wait && (c->wait == id || c->wait == own_id);
    bool own_apart = own_id && own->wait == own_id;
    if (!(from_one || own_apart) || !first_number(&first, written, len)) return;
    uint32_t number = from_one ? counted_back(r, c, first.number) : 0;
    if (from_one) {
        settle(r, id, number);
        l->waiting[d] = 0;
    }
    if (own_id) {
        settle(r, own_id, own_apart ? counted_back(r, own, first.number) : number);
        l->own_waiting[d] = 0;
    }
}

/* The writer's counts at this row's move: its line's, after the move's
 * setup and the numbers written before it (then advanced past it, unless
 * it is dots that hold a place), and its own (l->own_next), which is what
 * it numbers the move with, when the rows say no number; with --lossless's
 * rows. Else the number cell's. 'played': the replay played the move
 * (its canonical cell holds it); past one it did not, the writer's own
 * count is the other. */
static struct count move_count(pdn_csv_reader *r, struct lines *l, bool lossless, bool second,
                               bool black_opens, const char *move, bool played)
{
    if (!lossless) return count_cell(r, second);
    unsigned d = l->depth;
    struct count *c = &l->next[d], *own = &l->own_next[d];
    const char *written = cell(r, R_WRITTEN);
    /* the dots that hold a place before the move's own number, numbered
     * ("12. ..."), or not, are written before the move's setup
     * (placeholder_text): they count before it, its own number after */
    size_t own_at = game_sets_up(cell(r, R_SETUP)) ? own_number_at(written) : 0;
    size_t len = strlen(written);
    count_bare_dots(c, written);
    settle_wait(r, l, c, written, own_at);
    count_written(c, written, own_at);
    setup_count(r, l, second, black_opens);
    settle_wait(r, l, c, written + own_at, len - own_at);
    bool numbered = count_written(c, written + own_at, len - own_at);
    struct count here = *c;
    if (l->past[d] && (numbered || !l->fresh[d])) *own = here;
    l->fresh[d] = false;
    struct count mine = *own;
    l->at[d] = here;
    l->own_at[d] = mine;
    /* not a first mover's number where the second mover moves: its dots
     * would hold a place (writer.c, write_moves) */
    l->shown = numbered && (here.second || !mine.second) ? here : mine;
    l->past_at[d] = l->past[d];
    /* dots that hold the first mover's place (game_holds_place, by the
     * writer's own count): no ply, and numbered as the first mover's
     * when numbered ("12. ...") */
    bool holds_place = mine.second && strcmp(move, "...") == 0 && !(numbered && here.second);
    /* where the replay stops, the count goes on from its own, as the
     * writer's (write_moves), not from a wrong number written before */
    l->held = holds_place;
    bool stops = !played && !holds_place;
    if (stops && !l->past[d]) *c = mine;
    l->past[d] |= stops;
    if (holds_place && !numbered) {
        *c = (struct count){mine.number, true, mine.wait}; /* a reader counts from "12. ..." */
        return (struct count){mine.number, false, mine.wait};
    }
    count_advance(c);
    if (!holds_place) count_advance(own);
    return mine;
}

/* One ply's text: its comments before, its setup, "12." or "12..." when due, the
 * move, its NAGs and its comments after. A capture that a reader would
 * take for the next hop of the move before it ("38x18 18x9") gets the
 * number the count gives ("38x18 1... 18x9"), as the writer writes it. */
static void ply_text(pdn_csv_reader *r, struct lines *l, bool first, bool black_opens)
{
    uint32_t row = (uint32_t)r->row_no;
    const char *move = cell(r, R_CANONICAL), *spelt = move;
    uint32_t col = col_of(r, R_CANONICAL);
    char clean[CLEAN_MOVE_MAX];
    /* pdn2csv --lossless's move cells hold one move token each, as read;
     * other CSV's may hold more ("19-23 0-2"): as they are */
    bool lossless = find_role(r, R_WRITTEN) != SIZE_MAX, played = move[0] != '\0';
    if (!move[0]) {
        move = cell(r, R_MOVE);
        col = col_of(r, R_MOVE);
        spelt = move[0] && lossless ? move_as_written(clean, move) : move;
    }
    bool second = (strcmp(cell(r, R_SIDE), "black") == 0) != black_opens;
    bool dots = lossless && move[0] && placeholder_text(r, l, row);
    before_move(r, l, move[0] && !spelt);
    if (!move[0]) return; /* a row without a move: a game's without any, a line's end */
    struct count here = move_count(r, l, lossless, second, black_opens, move, played);
    if (!spelt) {
        unreadable_text(r, l, move, row, col);
        return;
    }
    text_line(r, row, col);
    struct text_hop hop = text_hop_of(spelt, strlen(spelt));
    bool glued = text_hop_continues(l->hop_end, hop);
    l->hop_end = text_hop_end(hop);
    struct said *s = &l->said[l->depth];
    bool numbered = lossless ? written_number_text(r, s, row, col)
                             : (!second || first) && counted_number_text(r, s, here, row, col);
    /* a variation's first move is numbered, as the writer numbers it: a
     * reader may count otherwise after dots ("1. ... (1... 19-23)"); so
     * is the main line's when the count is past 1, which the reader may
     * have counted back from a number now gone (on a move kept as a
     * comment: "22-18 3. d2x1-f4" is "2... 22-18 {d2x1-f4}") */
    bool opens = lossless && first && !dots && (l->depth > 0 || here.number > 1);
    bool apart = l->alone && !played && find_role(r, R_CANONICAL) != SIZE_MAX &&
                 !same_count(here, l->at[l->depth]);
    if (!numbered && (glued || l->number_next || opens || apart)) {
        numbered = counted_number_text(r, s, here, row, col);
        /* a reader counts on from the number written, and so do the
         * move's variations, as the writer's (write_variations) */
        l->next[l->depth] = l->at[l->depth] = here;
        count_advance(&l->next[l->depth]);
    }
    l->number_next = false;
    l->any_move = true;
    l->alone = cell(r, R_COMMENT)[0] != '\0';
    size_t at = r->ntext;
    text_adds(r, spelt, row, col);
    /* so are dots that are a move not given, which no place holds */
    bool unknown = strcmp(spelt, "--") == 0 || (strcmp(spelt, "...") == 0 && !l->held);
    bool bare = !numbered && !played && unknown;
    if (bare)
        r->bare_dash =
            (struct bare_dash){at, r->ntext, here.number, here.wait, here.second, spelt[0] == '.'};
    said_move(s);
    /* one move, as the reader takes it: the bare dash stays one where the
     * count leaves it its ply (number_bare_dash); bare dots that hold a
     * place may read as stray ones */
    bool one_move = strcmp(spelt, "--") == 0 || spell_reads_back(spelt);
    s->known &= lossless && one_move && (numbered || bare || strcmp(spelt, "...") != 0);
    const char *nags = cell(r, R_NAGS);
    if (nags[0]) {
        text_adds(r, " ", row, col);
        text_adds(r, nags, row, col);
        s->known &= nags[strspn(nags, "$0123456789 ")] == '\0'; /* NAGs alone, no move */
    }
    comments_text(r, R_COMMENT, row);
}

/* A line's depth, at most what struct lines keeps (the parser skips
 * deeper variations anyway). */
static unsigned dots_in(const char *id)
{
    return csv_line_depth(id, LINES_DEEPEST - 1);
}

/* Moves to the line of the current row: ')' and '(' as needed. Returns
 * whether a line was opened (its first move then needs its number). */
static bool enter_line(pdn_csv_reader *r, struct lines *l)
{
    const char *want = cell(r, R_LINE);
    uint32_t row = (uint32_t)r->row_no, col = col_of(r, R_LINE);
    if (!want[0]) want = "1";
    if (strcmp(want, l->id) == 0) return false;
    l->hop_end = 0; /* a move after '(' or ')' is no hop of the one before */
    while (strchr(l->id, '.') && !csv_line_inside(want, l->id) && strcmp(want, l->id) != 0) {
        *strrchr(l->id, '.') = '\0';
        text_adds(r, ")", row, col);
        l->alone = true;
    }
    l->depth = dots_in(l->id);
    if (strcmp(want, l->id) == 0 || !csv_line_inside(want, l->id)) return false;
    text_line(r, row, col);
    text_adds(r, "(", row, col);
    snprintf(l->id, sizeof l->id, "%s", want);
    /* a variation's count starts where the move it replaces stood */
    unsigned from = l->depth;
    l->depth = dots_in(l->id);
    l->next[l->depth] = l->at[from];
    l->cells_next[l->depth] = l->cells_at[from];
    l->own_next[l->depth] = l->own_at[from];
    l->past[l->depth] = l->past_at[from];
    l->fresh[l->depth] = true;
    l->waiting[l->depth] = l->own_waiting[l->depth] = 0;
    l->said[l->depth] = (struct said){0}; /* a reader's new line: known from its number */
    return true;
}

static void leave_lines(pdn_csv_reader *r, struct lines *l)
{
    for (char *dot; (dot = strrchr(l->id, '.')) != NULL; *dot = '\0')
        text_adds(r, ")", (uint32_t)r->row_no, col_of(r, R_LINE));
}

/* Whether the tags cell holds a comment (a line of its opening with '{'
 * or ';': a tag pdn2csv kept as the writer's comment), which is movetext. */
static bool tags_hold_comment(const pdn_csv_reader *r)
{
    for (const char *line = cell(r, R_TAGS);; line++) {
        if (*line == '{' || *line == ';') return true;
        if (!(line = strchr(line, '\n'))) return false;
    }
}

/* The result the writer writes for a game without one: its Result tag's
 * (read as the writer reads it, blanks around and inside left out: "1 - 0"
 * is 1-0), spelt as the writer spells a result it has no text of, by the
 * game's type ("1-1" in an international game, "1/2-1/2" in an Italian
 * one, a Goes score as the result it stands for); else '*'. Under a
 * ResultFormat tag the writer keeps a terminator as written: the tag's own
 * spelling would come back. */
static void result_of_tag(const pdn_csv_reader *r, char *out, size_t n)
{
    size_t len;
    const char *v = csv_tag_cell(r, "Result", &len);
    const struct text_result *res = len > 0 ? text_result_read(v, len) : NULL;
    enum text_convention spelling = text_results_of_gametype(csv_gametype(r));
    snprintf(out, n, "%s",
             res ? text_result_spelling((enum pdn_result)res->result, spelling) : "*");
}

/* Reads ahead: the next row that reads, if any, into r->held, ="..."
 * undone; the row read stays the current one. Whether there is one
 * (r->have_held). */
static bool hold_next_row(pdn_csv_reader *r)
{
    csv_swap_held(r);
    bool got;
    while ((got = csv_next_row(r)) && !csv_usable_row(r))
        ;
    for (size_t i = 0; got && i < r->nf; i++)
        csv_unprotect(r, r->data + r->off[i]);
    csv_swap_held(r); /* back: the row read is the current one */
    r->have_held = got;
    return got;
}

/* The results a game's text may end with, from its (first) row: recorded,
 * the one written ("" for none); unwritten, the one the writer writes for
 * a game without one (result_of_tag); tagged, the Result tag as written
 * (result_tag_text); col, the column they stand for. */
struct end_results {
    const char *recorded;
    char unwritten[32], tagged[32];
    uint32_t col;
};

/* A game's text begun, from its (first) row: its tags, and the results
 * it may end with at *res. Returns the row. */
static uint32_t text_start(pdn_csv_reader *r, struct end_results *res)
{
    uint32_t row = (uint32_t)r->row_no;
    text_reset(r);
    put_tags(r, row);
    text_line(r, row, 0);
    res->recorded = end_result(r, &res->col);
    result_of_tag(r, res->unwritten, sizeof res->unwritten);
    result_tag_text(r, res->tagged, sizeof res->tagged);
    return row;
}

/* Ends a game's text with its result, unless one ends it already: the one
 * written, if any; else none, as written, but when the text would then not
 * read back as this game: bare (no move, and comments or setups, or another
 * game after it, whose tags would read as this game's) or its last move
 * would read as its result (a match score the Result tag gives: "1-9"
 * under [Result "1-9"], parser_moves.c, match_score); then the one the
 * writer writes. */
static void end_text(pdn_csv_reader *r, const struct end_results *res, bool bare, uint32_t row)
{
    if (ends_with_result(r)) return;
    const char *end = res->recorded[0] || !bare ? res->recorded : res->unwritten;
    if (!end[0] && ends_with_tag(r, res->tagged)) end = res->unwritten;
    text_line(r, row, res->col);
    text_adds(r, end, row, res->col);
    text_line(r, row, res->col);
}

/* Whether the row can follow the game's rows before it (csv_row_order.h);
 * said, once a game, when not. */
static bool rows_in_order(pdn_csv_reader *r, struct row_order *order)
{
    char why[256];
    if (csv_row_order_step(order, cell(r, R_LINE), cell(r, R_PARENT), cell(r, R_PLY), why,
                           sizeof why))
        return true;
    csv_read_report(r, PDN_DIAG_BAD_CSV, r->row_no, col_of(r, R_LINE), NULL, why);
    return false;
}

/* The rows of one game, from the one read, as PDN text; a row of the
 * next game, if any, is held after (r->have_held). */
static void rows_text(pdn_csv_reader *r, struct lines *l)
{
    bool first = true, black_opens = csv_black_opens(r);
    l->next[0] = count_cell(r, (strcmp(cell(r, R_SIDE), "black") == 0) != black_opens);
    if (l->next[0].number == 0) l->next[0].number = 1;
    l->cells_next[0] = l->own_next[0] = l->next[0];
    r->cut_at_row = 0;
    struct row_order order;
    bool in_order = true;
    csv_row_order_start(&order);
    for (;;) {
        /* a game's text stays within the limit (a row's text is about its
         * bytes): its rows past it are read for where the game ends, not
         * kept (csv_read.c says so) */
        if (!r->cut_at_row && !first && r->ntext + r->ndata > ROW_LIMIT) r->cut_at_row = r->row_no;
        if (in_order) in_order = rows_in_order(r, &order);
        if (!r->cut_at_row) {
            first |= enter_line(r, l);
            ply_text(r, l, first, black_opens);
            first = false;
        }
        if (!hold_next_row(r) || !same_game(r)) break;
        csv_swap_held(r); /* the game's next row */
        r->have_held = false;
    }
}

/* A number counted on from wait, as the writer has it: counted on from
 * the writer's number there, once known; a wait that learnt none (its line
 * ended, or set up again, first) went on as the count it began with, in
 * the wait around it. */
static uint32_t settled(const pdn_csv_reader *r, uint32_t number, uint32_t wait)
{
    for (; wait; wait = r->waits[wait - 1].outer) {
        const struct count_wait *w = &r->waits[wait - 1];
        if (!w->known) continue;
        uint64_t n = (uint64_t)(number > w->from ? number - w->from : 0) + w->number;
        return n < UINT32_MAX ? (uint32_t)n : UINT32_MAX;
    }
    return number;
}

/* The numbers written from counts that waited, set right in the text now
 * that the game's rows are read: the text made again around them when any
 * changed (their digits may grow or shrink; lines stay as they were). */
static void settle_numbers(pdn_csv_reader *r)
{
    bool changed = false;
    for (size_t i = 0; i < r->nwaited && !changed; i++)
        changed = settled(r, r->waited[i].number, r->waited[i].wait) != r->waited[i].number;
    if (!changed || r->nomem) return;
    size_t cap = r->ntext + 10 * r->nwaited + 1, n = 0, from = 0; /* 10: UINT32_MAX's digits */
    char *text = malloc(cap);
    if (!text) {
        r->nomem = true;
        return;
    }
    for (size_t i = 0; i < r->nwaited; i++) {
        const struct waited_number *g = &r->waited[i];
        memcpy(text + n, r->text + from, g->at - from);
        n += g->at - from;
        int k = snprintf(text + n, cap - n, "%lu", (unsigned long)settled(r, g->number, g->wait));
        n += k > 0 ? (size_t)k : 0;
        from = g->at + strspn(r->text + g->at, "0123456789");
    }
    memcpy(text + n, r->text + from, r->ntext - from + 1); /* and its NUL */
    free(r->text);
    r->text = text;
    r->ntext = n + r->ntext - from;
    r->captext = cap;
}

/* A lexer over the whole text made so far, as the reader will read it. */
static void text_lexer(struct lexer *lx, const pdn_csv_reader *r)
{
    lexer_init(lx, r->o.strict, NULL, NULL);
    lx->buf = r->text;
    lx->end = r->ntext;
    lx->eof = true;
}

/* Whether the text made so far is comments alone, at least one: no tag,
 * no move, no result (pdn2csv --lossless's row of a file's trailer,
 * pdn_game_is_trailer). */
static bool text_only_comments(const pdn_csv_reader *r)
{
    struct lexer lx;
    text_lexer(&lx, r);
    bool any = false;
    struct token tok;
    for (enum token_kind k; (k = lexer_next(&lx, &tok)) != TOK_EOF && k != TOK_MORE; any = true)
        if (k != TOK_COMMENT && k != TOK_LINECOMMENT) return false;
    return any;
}

/* The rows of one game (the first is read), as PDN text: its tags, its
 * lines, its result; none after comments alone (a file's trailer). */
void csv_moves_text(pdn_csv_reader *r)
{
    struct end_results res;
    uint32_t row = text_start(r, &res);
    /* the result written, kept: the rows read move on */
    char recorded[32];
    snprintf(recorded, sizeof recorded, "%s", res.recorded);
    res.recorded = recorded;
    /* where the movetext starts: with the tags cell's comments (tags the
     * writer kept as comments), if any */
    size_t moves_at = tags_hold_comment(r) ? 0 : r->ntext;
    static const struct lines start = {.id = "1"};
    struct lines lines = start;
    rows_text(r, &lines);
    leave_lines(r, &lines);
    settle_numbers(r);
    if (!res.recorded[0] && text_only_comments(r)) return;
    end_text(r, &res, !lines.any_move && (r->ntext > moves_at || r->have_held), row);
}

/* Whether the text made so far holds a move, as the reader reads it
 * (parser.c): in the last game of it (after its last result), a move, a
 * move number or strength, or a variation, after which tags start the next
 * game; *items whether it holds comments, setups or NAGs, after which, with
 * no move, tags are still the game's (as after tags alone). */
static bool text_holds_move(const pdn_csv_reader *r, bool *items)
{
    struct lexer lx;
    text_lexer(&lx, r);
    bool move = false;
    *items = false;
    struct token tok;
    for (enum token_kind k; (k = lexer_next(&lx, &tok)) != TOK_EOF && k != TOK_MORE;) {
        if (k == TOK_RESULT || k == TOK_STAR || (k == TOK_TAG && move))
            move = *items = false; /* the next game's */
        else if (k == TOK_COMMENT || k == TOK_LINECOMMENT || k == TOK_SETUP || k == TOK_NAG)
            *items = true;
        else if (k == TOK_MOVENUM || k == TOK_NUMBER || k == TOK_ALPHASQ || k == TOK_ALPHAMOVE ||
                 k == TOK_ELLIPSIS || k == TOK_DASH || k == TOK_STRENGTH || k == TOK_LPAREN)
            move = true;
    }
    return move;
}

/* The PDN text of the row read: its tags, its movetext (which holds its
 * result as written, if any) or its moves, and its result; none after
 * comments alone, which read back as the trailer they were written from. */
void csv_game_text(pdn_csv_reader *r)
{
    struct end_results res;
    uint32_t row = text_start(r, &res);
    size_t mt = find_role(r, R_MOVETEXT), mv = find_role(r, R_MOVES);
    if (mt != SIZE_MAX && csv_field(r, mt)[0]) {
        res.col = (uint32_t)mt + 1;
        text_line(r, row, res.col);
        text_multiline(r, csv_field(r, mt), row, res.col);
        /* the cell holds the result as written, if one was, as
         * recorded_result says; without that column, a last word the
         * Result tag gives is taken for that result, as written */
        bool said = find_role(r, R_RECORDED) != SIZE_MAX;
        if (said && res.recorded[0]) {
            text_line(r, row, res.col);
            return;
        }
        if (!said) res.tagged[0] = '\0';
        res.recorded = "";
        if (text_only_comments(r)) {
            text_line(r, row, res.col);
            return;
        }
    } else if (mv != SIZE_MAX && csv_field(r, mv)[0]) { /* empty: no line of its own */
        text_line(r, row, (uint32_t)mv + 1);
        text_multiline(r, csv_field(r, mv), row, (uint32_t)mv + 1);
    }
    bool items, bare = false;
    if (!res.recorded[0] && !ends_with_result(r) && !text_holds_move(r, &items))
        bare = items || hold_next_row(r);
    end_text(r, &res, bare, row);
}
