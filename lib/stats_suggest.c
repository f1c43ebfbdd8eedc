/*
 * stats_suggest: spellings of one name that the alias file should join,
 * found in what a collection holds (pdn_stats_suggest). Players: names equal
 * but for a round suffix (" - ronde 3", " (R3)", "r.3"), case, accents,
 * punctuation, word order ("Koops, Lambert Jan" / "Lambert Jan Koops"),
 * initials ("Koops, L.J.") or a missing first name ("Koops"), when only one
 * full name fits; fewer initials ("Andall, A." for "Andall, A.K."), when
 * only one spelling with more fits; and surnames of seven letters or more spelt a letter or
 * two apart ("Manakanou" / "Manakounou, Ali"), the first names equal or
 * one side without, when only one full name fits. Events: names equal but for spacing, "édition"
 * words, small words ("de l'") and a year one spelling lacks. Proposes, never decides: the user
 * edits the file. Never prints.
 */
#include "stats.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* ---- a player's name, loosened ----------------------------------------------------- */

static bool word_is(const char *s, size_t n, const char *word)
{
    if (strlen(word) != n) return false;
    for (size_t i = 0; i < n; i++)
        if (text_ascii_lower((unsigned char)s[i]) != word[i]) return false;
    return true;
}

/* Words that say "round" before its number. */
static bool round_word(const char *s, size_t n)
{
    static const char *const words[] = {"ronde", "round", "rnd",   "rd",     "r",
                                        "runde", "tour",  "ronda", "rodada", "rde"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(s, n, words[i])) return true;
    return false;
}

static bool suffix_sep(char c)
{
    return c == ' ' || c == '-' || c == ',' || c == '(' || c == '/' || c == '\t';
}

size_t stats_round_suffix(const char *s, size_t n)
{
    size_t e = n;
    while (e > 0 && (s[e - 1] == ')' || s[e - 1] == ' ')) /* " (R3)" */
        e--;
    size_t d = e;
    while (d > 0 && text_digit((unsigned char)s[d - 1]))
        d--;
    if (d == e) return n; /* no number at the end */
    size_t w = d;
    while (w > 0 && (s[w - 1] == '.' || s[w - 1] == ' '))
        w--;
    size_t ws = w;
    while (ws > 0 && text_ascii_letter((unsigned char)s[ws - 1]))
        ws--;
    bool worded = ws < w && round_word(s + ws, w - ws) && (ws == 0 || suffix_sep(s[ws - 1]));
    /* a bare number counts only in brackets: "Player 2" may be a name */
    if (!worded && !(d > 0 && s[d - 1] == '(' && e < n)) return n;
    size_t cut = worded ? ws : d;
    while (cut > 0 && suffix_sep(s[cut - 1]))
        cut--;
    return cut > 0 ? cut : n;
}

struct words {
    char *buf; /* the folded key, words split by NULs */
    char *word[16];
    size_t n;
};

/* The folded words of s[0, n) (stats_key), at most 16. */
static bool split_words(struct words *w, const char *s, size_t n)
{
    w->n = 0;
    w->buf = malloc(2 * n + 2);
    if (!w->buf) return false;
    size_t len = stats_key(w->buf, s, n);
    for (size_t i = 0; i < len && w->n < 16;) {
        w->word[w->n++] = w->buf + i;
        while (i < len && w->buf[i] != ' ')
            i++;
        w->buf[i++] = '\0';
    }
    return true;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The words sorted and joined: word order no longer counts. */
static char *sorted_key(struct words *w)
{
    char *sorted[16];
    size_t len = 1;
    for (size_t i = 0; i < w->n; i++) {
        sorted[i] = w->word[i];
        len += strlen(w->word[i]) + 1;
    }
    qsort(sorted, w->n, sizeof *sorted, cmp_str);
    char *out = malloc(len);
    if (!out) return NULL;
    out[0] = '\0';
    for (size_t i = 0; i < w->n; i++) {
        if (i) strcat(out, " ");
        strcat(out, sorted[i]);
    }
    return out;
}

/* ---- grouping ---------------------------------------------------------------------- */

struct cand {
    size_t index;     /* player or event index */
    const char *name; /* as shown */
    size_t cut;       /* its length without a round suffix */
    unsigned long games;
    char *loose;      /* sorted words, or an event's key */
    char *surname;    /* players: the surname folded, "" none */
    char *initials;   /* players: the first letters of the other words, sorted */
    char *given;      /* players: the other words folded, in their order */
                      /* (initials and given live in surname's block) */
    bool abbreviated; /* players: no given name longer than a letter */
    /* players: the loose key with umlauts written out (stats_written_out),
     * and the first one and its writing; NULL when the name has none */
    char *written_out;
    const char *letter, *as;
    int year;      /* events: a year in the name, 0 none */
    size_t parent; /* union-find */
    size_t fit;    /* misspelt surnames: the one group that fits, or FIT_* */
};

#define FIT_NONE ((size_t)-1)
#define FIT_MANY ((size_t)-2)

static size_t find(struct cand *c, size_t i)
{
    while (c[i].parent != i)
        i = c[i].parent = c[c[i].parent].parent;
    return i;
}

static void join(struct cand *c, size_t a, size_t b)
{
    a = find(c, a);
    b = find(c, b);
    if (a != b) c[a > b ? a : b].parent = a < b ? a : b; /* the first met leads */
}

static int cmp_char(const void *a, const void *b)
{
    return *(const unsigned char *)a - *(const unsigned char *)b;
}

/* The surname (before a comma, else the last word) and the sorted first
 * letters of the other words; abbreviated when none is longer than one. */
static bool player_parts(struct cand *c, const struct words *w)
{
    const char *comma = memchr(c->name, ',', c->cut);
    size_t nsur = 1;
    if (comma) {
        struct words sw;
        if (!split_words(&sw, c->name, (size_t)(comma - c->name))) return false;
        nsur = sw.n;
        free(sw.buf);
    }
    /* one block for the three: a million players, a million allocations */
    c->surname = calloc(1, 2 * (c->cut + 2) + w->n + 1);
    if (!c->surname) return false;
    c->given = c->surname + c->cut + 2;
    c->initials = c->given + c->cut + 2;
    c->abbreviated = true;
    size_t k = 0;
    for (size_t i = 0; i < w->n; i++) {
        bool sur = comma ? i < nsur : i + 1 == w->n;
        if (sur) {
            if (c->surname[0]) strcat(c->surname, " ");
            strcat(c->surname, w->word[i]);
        } else {
            if (k) strcat(c->given, " ");
            strcat(c->given, w->word[i]);
            c->initials[k++] = w->word[i][0];
            c->abbreviated &= w->word[i][1] == '\0';
        }
    }
    qsort(c->initials, k, 1, cmp_char);
    return true;
}

/* ---- an event's name, loosened ----------------------------------------------------- */

static bool small_word(const char *w)
{
    static const char *const words[] = {"de",  "du", "des", "la",    "le", "l",  "d",
                                        "the", "of", "del", "della", "di", "ed", "edition"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(w, words[i]) == 0) return true;
    return false;
}

/* The words that say which event, without years (kept apart: two years
 * are two events), "edition" and small words. Numbers stay: "2eme Open"
 * and "3eme Open", "Group 1" and "Group 2" are other events. */
static bool event_parts(struct cand *c, const struct words *w)
{
    c->loose = calloc(1, strlen(c->name) + 2);
    if (!c->loose) return false;
    for (size_t i = 0; i < w->n; i++) {
        const char *x = w->word[i];
        size_t len = strlen(x), digits = strspn(x, "0123456789");
        if (len == 4 && digits == 4 && (x[0] == '1' || x[0] == '2')) {
            c->year = atoi(x);
            continue;
        }
        if (small_word(x)) continue;
        if (c->loose[0]) strcat(c->loose, " ");
        strcat(c->loose, x);
    }
    return true;
}

/* ---- the candidates ------------------------------------------------------------------- */

/* A name that an alias line cannot hold, or no name at all. */
static bool unwritable(const char *name)
{
    for (const char *p = name; *p; p++)
        if ((unsigned char)*p < 0x20) return true;
    return strcmp(name, "?") == 0 || strchr(name, '=') || name[0] == '#';
}

/* c's loose key as it would be with its umlauts written out, if it has
 * any: "Müller, Hans" as "hans mueller". */
static bool written_out_key(struct cand *c)
{
    char *out = malloc(c->cut + 1);
    if (!out) return false;
    struct words w = {0};
    bool ok = true;
    if (stats_written_out(out, c->name, c->cut, &c->letter, &c->as))
        ok = split_words(&w, out, c->cut) && (c->written_out = sorted_key(&w)) != NULL;
    free(w.buf);
    free(out);
    return ok;
}

static bool cand_init(struct cand *c, bool event)
{
    size_t len = strlen(c->name);
    c->cut = event ? len : stats_round_suffix(c->name, len);
    struct words w;
    if (!split_words(&w, c->name, c->cut)) return false;
    bool ok = event ? event_parts(c, &w)
                    : (c->loose = sorted_key(&w)) && player_parts(c, &w) && written_out_key(c);
    free(w.buf);
    return ok;
}

static void cands_free(struct cand *c, size_t n)
{
    for (size_t i = 0; c && i < n; i++) {
        free(c[i].loose);
        free(c[i].surname); /* and initials, given */
        free(c[i].written_out);
    }
    free(c);
}

/* The players or events as candidates (*n of them); NULL out of memory. */
static struct cand *cands_make(const pdn_stats *st, bool event, size_t *n)
{
    size_t total = event ? st->event.n : st->player.n;
    struct cand *c = calloc(total + 1, sizeof *c);
    if (!c) return NULL;
    *n = 0;
    for (size_t i = 0; i < total; i++) {
        const struct st_event *e = event ? (const struct st_event *)st->event.data + i : NULL;
        const struct st_player *p = event ? NULL : (const struct st_player *)st->player.data + i;
        const char *name = e ? e->name : p->name;
        /* a name met only in games against oneself is still a spelling */
        unsigned long games = e ? e->games : st_player_games(p) + p->alone;
        if (unwritable(name) || games == 0) continue;
        struct cand *x = &c[(*n)++];
        *x = (struct cand){
            .index = i, .name = name, .games = games, .parent = *n - 1, .fit = FIT_NONE};
        if (!cand_init(x, event)) {
            cands_free(c, *n);
            return NULL;
        }
    }
    return c;
}

/* ---- joining ------------------------------------------------------------------------- */

static int cmp_loose(const void *a, const void *b)
{
    const struct cand *x = *(struct cand *const *)a, *y = *(struct cand *const *)b;
    int d = strcmp(x->loose, y->loose);
    return d ? d : (x->index > y->index) - (x->index < y->index);
}

/* Runs of equal loose keys. Events: a year tells editions apart, so
 * spellings with different years stay apart, and one without a year joins
 * only a run with a single year. */
static void join_loose(struct cand *c, struct cand **by, size_t n, bool event)
{
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && strcmp(by[j]->loose, by[i]->loose) == 0)
            j++;
        int year = 0;
        bool years = false;
        for (size_t k = i; event && k < j; k++) {
            years |= by[k]->year && year && by[k]->year != year;
            if (by[k]->year) year = by[k]->year;
        }
        for (size_t k = i + 1; by[i]->loose[0] && k < j; k++) {
            size_t m = i; /* the first of the run, or of its year */
            while (years && m < k && by[m]->year != by[k]->year)
                m++;
            if (m < k) join(c, (size_t)(by[k] - c), (size_t)(by[m] - c));
        }
        i = j;
    }
}

static int cmp_surname(const void *a, const void *b)
{
    const struct cand *x = *(struct cand *const *)a, *y = *(struct cand *const *)b;
    return strcmp(x->surname, y->surname);
}

/* Notes a group that fits a spelling in *fit: FIT_NONE before any, the
 * group's root while only it fits, FIT_MANY once two do (no join then). */
static void fit_note(size_t *fit, size_t root)
{
    *fit = *fit == FIT_NONE || *fit == root ? root : FIT_MANY;
}

static bool fit_one(size_t fit)
{
    return fit != FIT_NONE && fit != FIT_MANY;
}

/* "Müller, Hans" joins "Mueller, Hans", the one group with that spelling
 * (by: sorted by loose key); "Muller, Hans" is Müller's already. */
static void join_written_out(struct cand *c, struct cand **by, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!c[i].written_out) continue;
        const char *key = c[i].written_out;
        size_t lo = 0, hi = n; /* the first of by whose key is not below it */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (strcmp(by[mid]->loose, key) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        size_t fit = FIT_NONE;
        for (; lo < n && strcmp(by[lo]->loose, key) == 0; lo++)
            fit_note(&fit, find(c, (size_t)(by[lo] - c)));
        if (fit_one(fit)) join(c, i, fit);
    }
}

/* "Koops, L.J." or "Koops" joins the one full name it can stand for: the
 * same surname, the same initials (or none); two that fit, no join. */
static void join_initials(struct cand *c, struct cand **by, size_t n)
{
    size_t nfull = 0;
    for (size_t i = 0; i < n; i++)
        if (!c[i].abbreviated) by[nfull++] = &c[i];
    qsort(by, nfull, sizeof *by, cmp_surname);
    for (size_t i = 0; i < n; i++) {
        if (!c[i].abbreviated || !c[i].surname[0]) continue;
        struct cand key = {.surname = c[i].surname}, *kp = &key;
        struct cand **hit = bsearch(&kp, by, nfull, sizeof *by, cmp_surname);
        if (!hit) continue;
        while (hit > by && strcmp(hit[-1]->surname, c[i].surname) == 0)
            hit--;
        size_t fit = FIT_NONE;
        for (; hit < by + nfull && strcmp((*hit)->surname, c[i].surname) == 0; hit++)
            if (!c[i].initials[0] || strcmp((*hit)->initials, c[i].initials) == 0)
                fit_note(&fit, find(c, (size_t)(*hit - c)));
        if (fit_one(fit)) join(c, i, fit);
    }
}

/* Whether the sorted initials a are some of b's, fewer ("a" of "ak"). */
static bool initials_within(const char *a, const char *b)
{
    if (strlen(a) >= strlen(b)) return false;
    for (; *a; a++, b++) {
        while (*b && *b != *a)
            b++;
        if (!*b) return false;
    }
    return true;
}

/* "Andall, A." joins "Andall, A.K.", the one spelling of initials of that
 * surname with more of them that its own are some of (the world
 * championship of 2003 writes both): two that fit, no join. */
static void join_fewer_initials(struct cand *c, struct cand **by, size_t n)
{
    size_t nabbr = 0;
    for (size_t i = 0; i < n; i++)
        if (c[i].abbreviated && c[i].initials && c[i].initials[0] && c[i].surname[0])
            by[nabbr++] = &c[i];
    qsort(by, nabbr, sizeof *by, cmp_surname);
    for (size_t lo = 0, hi; lo < nabbr; lo = hi) { /* each run of one surname */
        for (hi = lo + 1; hi < nabbr && strcmp(by[hi]->surname, by[lo]->surname) == 0; hi++)
            ;
        for (size_t i = lo; i < hi; i++) {
            size_t fit = FIT_NONE;
            for (size_t j = lo; j < hi; j++) /* never itself: as many initials */
                if (initials_within(by[i]->initials, by[j]->initials))
                    fit_note(&fit, find(c, (size_t)(by[j] - c)));
            if (fit_one(fit)) join(c, (size_t)(by[i] - c), fit);
        }
    }
}

/* ---- misspelt surnames ---------------------------------------------------------------- */

/* A surname that a letter or two can misspell without meaning another:
 * seven letters or more (then "Jansen" and "Janssen" stay two), no digit
 * ("Player 12" is not "Player 1" misspelt). */
static bool spellable(const char *surname)
{
    size_t letters = 0;
    for (const unsigned char *p = (const unsigned char *)surname; *p; p++) {
        if (text_digit(*p)) return false;
        letters += *p != ' ' && (*p & 0xC0) != 0x80;
    }
    return letters >= 7;
}

/* A full name, or a surname alone: a name with initials says too little
 * of its first names to join a spelling that differs. */
static bool misspell_candidate(const struct cand *c)
{
    return c->surname[0] && (!c->abbreviated || !c->initials[0]) && spellable(c->surname);
}

/* x's group may take y's: y a full name, and x's first names the same or
 * none. */
static bool fits_as_full(const struct cand *x, const struct cand *y)
{
    if (y->abbreviated) return false;
    return x->abbreviated || strcmp(x->given, y->given) == 0;
}

static void note_fit(struct cand *c, struct cand *x, struct cand *y)
{
    if (!fits_as_full(x, y)) return;
    size_t root = find(c, (size_t)(y - c)); /* x's own group counts: then two fit */
    fit_note(&x->fit, root);
}

static void pair_misspelt(struct cand *c, struct cand *x, struct cand *y)
{
    if (!fits_as_full(x, y) && !fits_as_full(y, x)) return; /* cheap: first */
    if (stats_spelling_distance(x->surname, y->surname, 2) > 2 ||
        stats_spelling_gendered(x->surname, y->surname))
        return;
    note_fit(c, x, y);
    note_fit(c, y, x);
}

static int cmp_surname_end(const void *a, const void *b)
{
    const char *x = (*(struct cand *const *)a)->surname, *y = (*(struct cand *const *)b)->surname;
    size_t i = strlen(x), j = strlen(y);
    while (i > 0 && j > 0 && x[i - 1] == y[j - 1])
        i--, j--;
    if (i == 0 || j == 0) return (i > 0) - (j > 0);
    return (unsigned char)x[i - 1] - (unsigned char)y[j - 1];
}

/* Whether two surnames share their first (or, from_end, last) three bytes. */
static bool same_three(const char *x, const char *y, bool from_end)
{
    size_t i = strlen(x), j = strlen(y);
    if (i < 3 || j < 3) return false;
    return memcmp(from_end ? x + i - 3 : x, from_end ? y + j - 3 : y, 3) == 0;
}

/* Two edits leave the first three letters or the last three alone unless
 * they touch both ends: the pairs are looked for among neighbours sorted by
 * the surname's start, then by its end, at most NEAR apart, so that a
 * million names that all start alike cost a million times NEAR. */
static void scan_misspelt(struct cand *c, struct cand **by, size_t m, bool from_end)
{
    enum { NEAR = 64 };
    qsort(by, m, sizeof *by, from_end ? cmp_surname_end : cmp_surname);
    for (size_t i = 0; i < m; i++)
        for (size_t j = i + 1; j < m && j <= i + NEAR; j++) {
            if (!same_three(by[i]->surname, by[j]->surname, from_end)) break;
            pair_misspelt(c, by[i], by[j]);
        }
}

/* "Manakanou" joins "Manakounou, Ali", and "Hendrikse, Jan" joins
 * "Hendriksen, Jan", when that is the one group that fits: every fit is
 * found first, then the lone ones joined, so the order met does not count. */
static void join_misspelt(struct cand *c, struct cand **by, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (misspell_candidate(&c[i])) by[m++] = &c[i];
    scan_misspelt(c, by, m, false);
    scan_misspelt(c, by, m, true);
    for (size_t i = 0; i < n; i++)
        if (fit_one(c[i].fit)) join(c, i, c[i].fit);
}

/* ---- proposing ------------------------------------------------------------------------ */

/* The spelling a group should take: a full name before initials, no round
 * suffix before one, then the most games, then the first met. */
static bool better(const struct cand *a, const struct cand *b)
{
    if (a->abbreviated != b->abbreviated) return !a->abbreviated;
    if (a->abbreviated && b->abbreviated && strlen(a->initials) != strlen(b->initials))
        return strlen(a->initials) > strlen(b->initials); /* "A.K." says more than "A." */
    bool ca = a->cut == strlen(a->name), cb = b->cut == strlen(b->name);
    if (ca != cb) return ca;
    if (a->games != b->games) return a->games > b->games;
    return a->index < b->index;
}

/* The folded words of a name without its round suffix, in their order. */
static bool same_key(const struct cand *a, const struct cand *b)
{
    char *ka = malloc(2 * a->cut + 2), *kb = malloc(2 * b->cut + 2);
    bool same =
        ka && kb &&
        (stats_key(ka, a->name, a->cut), stats_key(kb, b->name, b->cut), strcmp(ka, kb) == 0);
    free(ka);
    free(kb);
    return same;
}

static void why_player(char *out, size_t n, const struct cand *v, const struct cand *c)
{
    size_t w = 0;
    out[0] = '\0';
    if (v->cut < strlen(v->name))
        w += (size_t)snprintf(out, n, "round suffix '%s'", v->name + v->cut);
    const char *more = NULL;
    bool same_words = strcmp(v->loose, c->loose) == 0;
    if (v->abbreviated && !c->abbreviated)
        more = v->initials[0] ? "initials" : "surname only";
    else if (v->abbreviated && strlen(v->initials) < strlen(c->initials))
        more = "fewer initials";
    else if (same_words && !same_key(v, c))
        more = "word order";
    if (more) w += (size_t)snprintf(out + w, n - w, "%s%s", w ? ", " : "", more);
    if (same_words || strcmp(v->surname, c->surname) == 0) return;
    const struct cand *umlauts = v->written_out && strcmp(v->written_out, c->loose) == 0   ? v
                                 : c->written_out && strcmp(c->written_out, v->loose) == 0 ? c
                                                                                           : NULL;
    if (umlauts) {
        snprintf(out + w, n - w, "%s'%s' written '%s'", w ? ", " : "", umlauts->letter,
                 umlauts->as);
        return;
    }
    unsigned apart = stats_spelling_distance(v->surname, c->surname, 64);
    if (apart <= 64 && w < n)
        snprintf(out + w, n - w, "%sspelt %u letter%s apart: check it is one player", w ? ", " : "",
                 apart, apart == 1 ? "" : "s");
}

static void why_event(char *out, size_t n, const struct cand *v, const struct cand *c)
{
    snprintf(out, n, "equal but for spacing, punctuation, 'édition' or small words%s",
             v->year != c->year ? ", and a year" : "");
}

/* Calls fn for each spelling of a group other than the one proposed. */
static int propose_group(struct cand *c, const size_t *member, size_t size, bool event,
                         pdn_stats_suggest_fn fn, void *ctx, unsigned group)
{
    size_t best = member[0];
    for (size_t k = 1; k < size; k++)
        if (better(&c[member[k]], &c[best])) best = member[k];
    char *canon = strndup(c[best].name, c[best].cut);
    if (!canon) return PDN_ENOMEM;
    for (size_t k = 0; k < size; k++) {
        size_t i = member[k];
        if (i == best && c[i].cut == strlen(c[i].name)) continue;
        char why[200];
        if (event)
            why_event(why, sizeof why, &c[i], &c[best]);
        else
            why_player(why, sizeof why, &c[i], &c[best]);
        struct pdn_stats_suggestion sg = {event,      c[i].name,     canon, why,
                                          c[i].games, c[best].games, group};
        fn(&sg, ctx);
    }
    free(canon);
    return 0;
}

/* The groups of two or more, each the candidates of one root, in the order
 * their first was met (a counting sort by root: linear). */
static int propose(struct cand *c, size_t n, bool event, pdn_stats_suggest_fn fn, void *ctx,
                   unsigned *group)
{
    size_t *start = calloc(n + 1, sizeof *start), *member = malloc((n + 1) * sizeof *member);
    int rc = start && member ? 0 : PDN_ENOMEM;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        c[i].parent = find(c, i); /* straight to the root, for the placing below */
        start[c[i].parent + 1]++;
    }
    for (size_t r = 0; rc == 0 && r < n; r++)
        start[r + 1] += start[r];
    for (size_t i = 0; rc == 0 && i < n; i++)
        member[start[c[i].parent]++] = i;
    for (size_t r = 0, at = 0; rc == 0 && r < n; r++) {
        size_t size = start[r] - at; /* start[r] now ends root r's members */
        if (size >= 2) rc = propose_group(c, member + at, size, event, fn, ctx, ++*group);
        at = start[r];
    }
    free(start);
    free(member);
    return rc;
}

static int suggest_kind(const pdn_stats *st, bool event, pdn_stats_suggest_fn fn, void *ctx,
                        unsigned *group)
{
    size_t n = 0;
    struct cand *c = cands_make(st, event, &n);
    struct cand **by = c ? malloc((n + 1) * sizeof *by) : NULL;
    if (!by) {
        cands_free(c, n);
        return PDN_ENOMEM;
    }
    for (size_t i = 0; i < n; i++)
        by[i] = &c[i];
    qsort(by, n, sizeof *by, cmp_loose);
    join_loose(c, by, n, event);
    if (!event) join_written_out(c, by, n); /* by still sorted by loose key */
    if (!event) join_initials(c, by, n);
    if (!event) join_fewer_initials(c, by, n);
    if (!event) join_misspelt(c, by, n);
    int rc = propose(c, n, event, fn, ctx, group);
    free(by);
    cands_free(c, n);
    return rc;
}

int pdn_stats_suggest(const pdn_stats *st, pdn_stats_suggest_fn fn, void *ctx)
{
    if (!st || !fn) return PDN_EINVAL;
    unsigned group = 0;
    int rc = suggest_kind(st, false, fn, ctx, &group);
    return rc ? rc : suggest_kind(st, true, fn, ctx, &group);
}
