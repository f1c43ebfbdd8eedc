/*
 * date_orders_scan: a file's events and dates read from its tag lines as
 * text, for pdn_date_orders_add_text (pdn.h): the tools learn the orders
 * of a file's dates before they read its games, and reading the games
 * twice cost pdncheck 46% more instructions on a file with a date that
 * could be swapped; this reads the tag lines, a game's Event and Date
 * tags only, and passes over its moves with one memchr (5% on a file of
 * tournament games).
 *
 * A game's tags are a run of lines that open with '[' and hold tags, blank
 * lines between them too, up to the next line of other text (or text after
 * the tags on their line): that ends the game, and the next tag starts
 * another, as the reader reads games. Its event and date are the first
 * Event and Date tags, else the first tag named as pdn_game_tag reads one
 * (tag_synonym.c). A tag line inside a comment is read as one: the reader
 * would not, but no real file has one.
 *
 * The pieces may cut a line: its start is kept (scan->line) and the line
 * read once whole. Lines end at LF, or at CR in a file whose first line
 * ends with a CR alone.
 */
#include "date_orders.h"
#include "tag_synonym.h"
#include "text.h"
#include "vec.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* A line cut by a piece's end is kept up to this size; one longer is read
 * as other text (no tag line is that long). */
enum { LINE_KEPT_MAX = 1 << 20 };

/* How a tag's name matches the tag looked for: not at all, as a synonym or
 * in another case, or as itself. */
enum rank { RANK_NONE, RANK_SYNONYM, RANK_EXACT };

/* Longer tag names are synonyms of none. */
enum { NAME_MAX_LEN = 63 };

/* How name[0, len) names the tag want, of length want_len. */
static enum rank rank_of(const char *name, size_t len, const char *want, size_t want_len)
{
    if (len == want_len && memcmp(name, want, len) == 0) return RANK_EXACT;
    /* Another case of it starts with its letter, a synonym (its name in
     * another language, tag_synonym.c) with one of its letters or '&': the
     * White, Result, Site... of every game need no look-up. */
    unsigned char first = (unsigned char)name[0] | 0x20;
    if (len > NAME_MAX_LEN || (first != (want[0] | 0x20) && first != 'e' && name[0] != '&'))
        return RANK_NONE;
    char copy[NAME_MAX_LEN + 1]; /* tag_synonym_standard_n reads a string */
    memcpy(copy, name, len);
    copy[len] = '\0';
    const char *standard = tag_synonym_standard_n(copy, len);
    return standard && strcmp(standard, want) == 0 ? RANK_SYNONYM : RANK_NONE;
}

/* value[0, len) unescaped into out (len + 1 bytes at least; out may be
 * value itself: no byte is written before it is read). */
static void unescape(char *out, const char *value, size_t len)
{
    size_t w = 0;
    for (size_t i = 0; i < len; i++) {
        if (value[i] == '\\' && i + 1 < len) i++;
        out[w++] = value[i];
    }
    out[w] = '\0';
}

static bool valid_utf8(const char *s, size_t n)
{
    bool incomplete;
    return text_utf8_valid((const unsigned char *)s, n, &incomplete) == n;
}

/* The game read ends: its date to the file's days, its event and date to
 * the orders, the event read only then (take_tag keeps it as written):
 * most dates show no order (2024.12.14), and their game's event need not
 * be read. 0, PDN_ENOMEM or PDN_EENCODING. */
static int end_game(struct date_scan *s, pdn_date_orders *orders)
{
    if (!s->in_game) return 0;
    s->in_game = false;
    bool has_event = s->event_rank != RANK_NONE, has_date = s->date_rank != RANK_NONE;
    s->event_rank = s->date_rank = RANK_NONE;
    if (has_date) date_orders_add_span(orders, s->date);
    if (!has_date || !date_orders_shows_order(s->date)) return 0;
    if (has_event && !valid_utf8(s->event, s->event_len)) return PDN_EENCODING;
    if (has_event) unescape(s->event, s->event, s->event_len);
    return date_orders_add_pair(orders, has_event ? s->event : NULL, s->date);
}

/* A tag of the game being read: kept when it is its first event or date
 * of the best rank yet. 0, PDN_ENOMEM or PDN_EENCODING. */
static int take_tag(struct date_scan *s, const char *name, size_t name_len, const char *value,
                    size_t len)
{
    s->in_game = true;
    /* Most tags named so are named exactly: one look for them. */
    bool is_event = name_len == 5 && memcmp(name, "Event", 5) == 0,
         is_date = name_len == 4 && memcmp(name, "Date", 4) == 0;
    enum rank event = is_event  ? RANK_EXACT
                      : is_date ? RANK_NONE
                                : rank_of(name, name_len, "Event", 5),
              date = is_date    ? RANK_EXACT
                     : is_event ? RANK_NONE
                                : rank_of(name, name_len, "Date", 4);
    if (event > s->event_rank) {
        /* As written: read only when the game's date shows an order (end_game). */
        if (len + 1 > s->event_cap && !vec_grow((void **)&s->event, &s->event_cap, len + 1, 1))
            return PDN_ENOMEM;
        memcpy(s->event, value, len);
        s->event_len = len;
        s->event_rank = event;
    } else if (date > s->date_rank) {
        if (!valid_utf8(value, len)) return PDN_EENCODING;
        if (len < DATE_VALUE_MAX)
            unescape(s->date, value, len);
        else
            s->date[0] = '\0'; /* no date, as a longer value reads */
        s->date_rank = date;
    }
    return 0;
}

/* Whether the quote at q, in a value that starts at v, is escaped: an odd
 * run of backslashes before it. */
static bool escaped(const char *v, const char *q)
{
    size_t n = 0;
    while (q - n > v && q[-1 - (ptrdiff_t)n] == '\\')
        n++;
    return n % 2 == 1;
}

/* The end of the tag ([Name "value"]) at p, or NULL when p starts none. */
static const char *tag_at(const char *p, const char *end, const char **name, size_t *name_len,
                          const char **value, size_t *len)
{
    if (p == end || *p != '[') return NULL;
    for (p++; p < end && text_blank((unsigned char)*p); p++)
        ;
    const char *quote = memchr(p, '"', (size_t)(end - p));
    if (!quote) return NULL;
    const char *name_end = quote;
    while (name_end > p && text_blank((unsigned char)name_end[-1]))
        name_end--;
    if (name_end == p || memchr(p, ']', (size_t)(name_end - p))) return NULL;
    const char *v = quote + 1, *q = v;
    while ((q = memchr(q, '"', (size_t)(end - q))) != NULL && escaped(v, q))
        q++;
    if (!q) return NULL;
    const char *after = q + 1;
    while (after < end && text_blank((unsigned char)*after))
        after++;
    if (after == end || *after != ']') return NULL;
    *name = p;
    *name_len = (size_t)(name_end - p);
    *value = v;
    *len = (size_t)(q - v);
    return after + 1;
}

/* Whether the line p[0, end - p) ends as a tag does: with ']' (no moves
 * after its tags). */
static bool ends_tags(const char *p, const char *end)
{
    while (end > p && (text_blank((unsigned char)end[-1]) || end[-1] == '\r'))
        end--;
    return end > p && end[-1] == ']';
}

/* Whether the line p[0, end - p), which opens with '[', is one tag of a
 * name that can be no event's or date's, and nothing after it: most tag
 * lines, known by their first letter, their one '[' and their last ']',
 * with no need to read them (the look-up took most of the scan's time). */
static bool one_other_tag(const char *p, const char *end)
{
    const char *name = p + 1;
    while (name < end && text_blank((unsigned char)*name))
        name++;
    unsigned char first = name < end ? (unsigned char)(*name | 0x20) : 0;
    if (first < 'a' || first > 'z' || first == 'e' || first == 'd') return false;
    return ends_tags(p, end) && !memchr(p + 1, '[', (size_t)(end - p - 1));
}

/* Other text: the game read ends, and the lines up to the next tag line
 * need no reading. */
static int other_text(struct date_scan *s, pdn_date_orders *orders)
{
    s->skipping = true;
    return end_game(s, orders);
}

/* One line, its end excluded: its tags taken; other text ends the game. */
static int scan_line(struct date_scan *s, pdn_date_orders *orders, const char *p, const char *end)
{
    if (!s->past_first_line) { /* a byte order mark before it, whole, however cut */
        s->past_first_line = true;
        if (end - p >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
    }
    while (p < end && (text_blank((unsigned char)*p) || *p == '\r' || *p == '\n'))
        p++;
    if (p == end) return 0; /* a blank line: the tags may go on */
    if (*p != '[') return other_text(s, orders);
    if (s->event_rank == RANK_EXACT && s->date_rank == RANK_EXACT && ends_tags(p, end))
        return 0; /* the game's event and date known: its other tag lines */
    if (one_other_tag(p, end)) return s->in_game = true, 0;
    const char *name, *value;
    size_t name_len, len;
    const char *next;
    while ((next = tag_at(p, end, &name, &name_len, &value, &len)) != NULL) {
        int rc = take_tag(s, name, name_len, value, len);
        if (rc < 0) return rc;
        for (p = next; p < end && (text_blank((unsigned char)*p) || *p == '\r'); p++)
            ;
        /* All of a game's tags on one line: the rest need no reading. */
        if (s->event_rank == RANK_EXACT && s->date_rank == RANK_EXACT && ends_tags(p, end))
            return 0;
    }
    return p < end ? other_text(s, orders) : 0;
}

/* Whether the '[' at q, in a piece that starts at text, opens a line:
 * blanks before it, and a line's end or the start of the file. */
static bool opens_line(const struct date_scan *s, const char *q, const char *text)
{
    while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    return q == text ? s->line_open : q[-1] == '\n' || q[-1] == '\r';
}

/* Skipping other text from p: the first '[' that opens a line, where the
 * lines are read again, or end. One memchr over a game's moves. */
static const char *next_tag_line(struct date_scan *s, const char *p, const char *text,
                                 const char *end)
{
    for (const char *q; (q = memchr(p, '[', (size_t)(end - p))) != NULL; p = q + 1)
        if (opens_line(s, q, text)) {
            s->skipping = false;
            return q;
        }
    return end;
}

char date_orders_line_end(const char *text, size_t len)
{
    const char *lf = memchr(text, '\n', len),
               *cr = memchr(text, '\r', lf ? (size_t)(lf - text) : len);
    /* none yet, or a CR that the next piece's LF may follow */
    if ((!lf && !cr) || (cr && cr + 1 == text + len)) return '\0';
    return cr && cr[1] != '\n' ? '\r' : '\n';
}

/* The piece's line ends, once: a CR alone ends the first line of a file
 * that ends its lines so. */
static void learn_line_end(struct date_scan *s, const char *text, size_t len)
{
    char end = date_orders_line_end(text, len);
    if (end == '\0') return;
    s->ends_known = true;
    s->line_end = end;
}

/* orders' scan state, made when none is yet: NULL out of memory. */
static struct date_scan *scan_of(pdn_date_orders *orders)
{
    struct date_scan **scan = date_orders_scan_state(orders);
    if (!*scan) *scan = calloc(1, sizeof **scan);
    return *scan;
}

int date_orders_scan_lines(pdn_date_orders *orders, char line_end, bool mid_file)
{
    struct date_scan *s = scan_of(orders);
    if (!s) return PDN_ENOMEM;
    /* Afresh, the buffers kept. */
    *s = (struct date_scan){
        .event = s->event, .event_cap = s->event_cap, .line = s->line, .line_cap = s->line_cap};
    s->ends_known = true;
    s->line_end = line_end;
    if (mid_file) s->started = s->line_open = s->past_first_line = true;
    return 0;
}

/* Text up to the end of the line a piece's end cut (all of it, when that
 * line goes on past it), added to the line kept; the line read once
 * whole, or at the last piece. Returns the bytes of text used, or a
 * negative error. */
static long go_on_cut_line(struct date_scan *s, pdn_date_orders *orders, const char *text,
                           size_t len, bool last)
{
    const char *eol = len ? memchr(text, s->line_end, len) : NULL;
    size_t used = eol ? (size_t)(eol - text) + 1 : len;
    s->cut = true;
    s->overlong = s->overlong || s->line_len + used > LINE_KEPT_MAX;
    if (!s->overlong && used > 0) {
        if (s->line_len + used > s->line_cap &&
            !vec_grow((void **)&s->line, &s->line_cap, s->line_len + used, 1))
            return PDN_ENOMEM;
        memcpy(s->line + s->line_len, text, used);
        s->line_len += used;
    }
    if (!eol && !last) return (long)used; /* the line goes on */
    int rc =
        s->overlong ? end_game(s, orders) : scan_line(s, orders, s->line, s->line + s->line_len);
    s->cut = s->overlong = false;
    s->line_len = 0;
    return rc < 0 ? rc : (long)used;
}

int pdn_date_orders_add_text(pdn_date_orders *orders, const char *text, size_t len, bool last)
{
    if (!orders || (!text && len) || date_orders_deferred(orders)) return PDN_EINVAL;
    struct date_scan *s = scan_of(orders);
    if (!s) return PDN_ENOMEM;
    if (!s->started && len > 0) s->started = s->line_open = true;
    if (!s->ends_known && len > 0) learn_line_end(s, text, len);
    if (!s->ends_known) s->line_end = '\n'; /* none seen yet */
    if (!text) text = "";                   /* the last call's NULL: no arithmetic on it */
    const char *p = text, *end = text + len;
    if (s->cut) {
        long used = go_on_cut_line(s, orders, p, len, last);
        if (used < 0) return (int)used;
        p += used;
    }
    while (p < end) {
        if (s->skipping && (p = next_tag_line(s, p, text, end)) == end) break;
        const char *eol = memchr(p, s->line_end, (size_t)(end - p));
        if (!eol && !last) { /* cut: kept for the next piece */
            long used = go_on_cut_line(s, orders, p, (size_t)(end - p), false);
            if (used < 0) return (int)used;
            break;
        }
        const char *line_end = eol ? eol : end;
        int rc = scan_line(s, orders, p, line_end);
        if (rc < 0) return rc;
        p = eol ? eol + 1 : end;
    }
    if (len > 0) s->line_open = opens_line(s, end, text);
    return last ? end_game(s, orders) : 0;
}
