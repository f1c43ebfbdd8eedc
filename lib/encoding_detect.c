/*
 * encoding_detect: which 8-bit encoding a text that is not UTF-8 is in, asked
 * of uchardet (the only file that includes its header). Reads a sample;
 * knows nothing of input (the code page tables check an answer).
 *
 * uchardet weighs one sample as a whole, and on a long one its Latin-1 prober
 * outweighs IBM866 Cyrillic: a 16 KiB sample of the CP866 test file, taken at
 * each of its 238 lines with a high byte, came out ISO-8859-1 173 times. Asked
 * about 1 KiB slices of the same samples it names IBM866 for most slices, so
 * the slices vote: each answer that names a supported encoding is one vote,
 * the most votes win, the earlier on a tie. Measured the same way, the vote
 * is right at every one of those starts in the CP1251, CP866, KOI8-R and
 * Latin-1 test files (tests/data/encodings).
 *
 * Latin-1 and CP1252 answers both mean CP1252: they agree on every letter,
 * and the bytes 0x80-0x9F, C1 controls in Latin-1 that no text holds, are
 * CP1252's quotes and dashes.
 *
 * A Central European answer (WINDOWS-1250, ISO-8859-2: Czech, Polish,
 * Slovak, Hungarian) stands only when the sample holds a byte that is a
 * letter in that code page and none in CP1252 (CP1250's Ł is £ there, its
 * ť no character); else it is no answer, and the other answers vote as
 * before. On a few names uchardet names them for Western text too: of 200
 * small files (1 to 8 games, names only) each of Italian, Spanish and
 * French, it did for 11, 10 and 2 ("Loïc" as "Loďc"), and for "Gérard"
 * (samples/bad/latin1.pdn: WINDOWS-1250); with the check all of these, and
 * the German, Dutch, Portuguese and Nordic ones, read as before. Of 200
 * such files in CP1250 (ISO-8859-2), 165 (169) Polish, 126 (159) Slovak
 * and 67 (154) Czech now read right, against 3 (3), 13 (1) and 32 (10)
 * before. Czech in CP1250 and Hungarian have letters that are letters in
 * CP1252 too (č è, ř ø, ő õ): they read as CP1252 unless another letter
 * decides, as before. Between the two, uchardet names either for the
 * other's text at times: bytes 0x80-0x9F (C1 controls in ISO-8859-2) mean
 * CP1250, else a letter of ISO-8859-2 that is a sign in CP1250 (Š ť ą ś
 * are © » ± ¶ there) means ISO-8859-2.
 *
 * uchardet is loaded here, when a text first needs it (dlopen), not linked:
 * it brings the C++ runtime, which cost every run of every tool 1.4 ms of
 * CPU and 1.5 MB at start (a program that does nothing: 1.19 ms, 2.64
 * linked with it), and most input is UTF-8. RTLD_NODELETE keeps it loaded
 * once loaded: the next file's dlopen only counts.
 */
#include "codepage.h"
#include "encoding.h"
#include "text.h"

#include <dlfcn.h>
#include <string.h>
#include <uchardet/uchardet.h>

#define SLICE 1024

struct answer {
    const char *charset; /* as uchardet 0.0.7 names it */
    enum pdn_encoding encoding;
};

static const struct answer answers[] = {
    {"WINDOWS-1251", PDN_ENCODING_CP1251}, {"IBM866", PDN_ENCODING_CP866},
    {"KOI8-R", PDN_ENCODING_KOI8R},        {"WINDOWS-1252", PDN_ENCODING_CP1252},
    {"ISO-8859-1", PDN_ENCODING_CP1252},   {"WINDOWS-1250", PDN_ENCODING_CP1250},
    {"ISO-8859-2", PDN_ENCODING_LATIN2},
};

/* The functions of uchardet used here, from its shared library, typed as
 * its header declares them. */
struct uchardet_lib {
    void *handle;
    __typeof__(uchardet_new) *new_;
    __typeof__(uchardet_delete) *delete_;
    __typeof__(uchardet_handle_data) *handle_data;
    __typeof__(uchardet_data_end) *data_end;
    __typeof__(uchardet_reset) *reset;
    __typeof__(uchardet_get_charset) *get_charset;
};

/* A function of the library into *fn (a function pointer's address): true
 * when found. A copy, as C has no conversion of a data pointer to a
 * function pointer. */
static bool symbol(void *handle, const char *name, void *fn, size_t size)
{
    void *sym = dlsym(handle, name);
    if (sym == NULL || size != sizeof sym) return false;
    memcpy(fn, &sym, size);
    return true;
}

#define SYMBOL(lib, field, name) symbol((lib)->handle, name, &(lib)->field, sizeof(lib)->field)

/* uchardet loaded, as the Debian package libuchardet0 installs it: false
 * when it is not there (no detection, as for a text it cannot name). */
static bool load(struct uchardet_lib *lib)
{
    lib->handle = dlopen("libuchardet.so.0", RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
    if (lib->handle == NULL) return false;
    if (SYMBOL(lib, new_, "uchardet_new") && SYMBOL(lib, delete_, "uchardet_delete") &&
        SYMBOL(lib, handle_data, "uchardet_handle_data") &&
        SYMBOL(lib, data_end, "uchardet_data_end") && SYMBOL(lib, reset, "uchardet_reset") &&
        SYMBOL(lib, get_charset, "uchardet_get_charset"))
        return true;
    dlclose(lib->handle);
    return false;
}

/* uchardet's answer for one slice, or PDN_ENCODING_AUTO for none we read. */
static enum pdn_encoding ask(const struct uchardet_lib *lib, uchardet_t ud, const unsigned char *b,
                             size_t n)
{
    lib->reset(ud);
    if (lib->handle_data(ud, (const char *)b, n) != 0) return PDN_ENCODING_AUTO;
    lib->data_end(ud);
    const char *name = lib->get_charset(ud);
    for (size_t i = 0; name && i < sizeof answers / sizeof answers[0]; i++)
        if (strcmp(name, answers[i].charset) == 0) return answers[i].encoding;
    return PDN_ENCODING_AUTO;
}

static bool has_high_byte(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] >= 0x80) return true;
    return false;
}

/* Whether the sample holds a byte 0x80-0x9F: C1 controls in ISO-8859-2,
 * which no text holds, and letters (Ś ś Ť ť Ź ź) or punctuation in CP1250. */
static bool has_c1(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] >= 0x80 && b[i] < 0xA0) return true;
    return false;
}

/* Whether byte c is a letter in the code page: a character that folds to
 * ASCII letters (text_fold: é -> e, ł -> l, but £ and ¹ stay). */
static bool is_letter(const struct codepage *cp, unsigned char c)
{
    char folded[sizeof cp->utf8[0] + 1];
    if (cp->undefined[c]) return false;
    size_t n = text_fold(folded, cp->utf8[c], (size_t)cp->extra[c] + 1);
    for (size_t i = 0; i < n; i++)
        if (folded[i] < 'a' || folded[i] > 'z') return false;
    return n > 0;
}

/* Whether the sample holds a byte that is a letter in the code page of e
 * and none in that of than: CP1250's Ł ł ą Ą ż Ż ľ Ľ are £ ³ ¹ ¥ ¿ ¯ ¾ ¼
 * in CP1252, and its Ť ť Ź no character; ISO-8859-2's Š ť ą ś are © » ± ¶
 * in CP1250. */
static bool letter_only_in(enum pdn_encoding e, enum pdn_encoding than, const unsigned char *b,
                           size_t n)
{
    struct codepage in, other;
    bool seen[256] = {false};
    if (!codepage_init(&in, encoding_charset(e)) || !codepage_init(&other, encoding_charset(than)))
        return false;
    for (size_t i = 0; i < n; i++)
        seen[b[i]] = true;
    for (int c = 0x80; c < 256; c++)
        if (seen[c] && is_letter(&in, (unsigned char)c) && !is_letter(&other, (unsigned char)c))
            return true;
    return false;
}

static bool is_central(enum pdn_encoding e)
{
    return e == PDN_ENCODING_CP1250 || e == PDN_ENCODING_LATIN2;
}

/* uchardet's Central European answer checked against the bytes (see the
 * top of the file): between its two code pages the C1 bytes, else the
 * letters that are signs in the other, decide; then a letter that is a
 * sign in CP1252 must be there, else PDN_ENCODING_AUTO: no answer. */
static enum pdn_encoding central_european(enum pdn_encoding e, const unsigned char *b, size_t n)
{
    if (has_c1(b, n))
        e = PDN_ENCODING_CP1250;
    else if (letter_only_in(PDN_ENCODING_LATIN2, PDN_ENCODING_CP1250, b, n))
        e = PDN_ENCODING_LATIN2;
    return letter_only_in(e, PDN_ENCODING_CP1252, b, n) ? e : PDN_ENCODING_AUTO;
}

/* The slices' votes: the most win, the earlier on a tie. */
struct tally {
    unsigned votes[ENCODING_COUNT];
    enum pdn_encoding best;
};

static void vote(struct tally *t, enum pdn_encoding e)
{
    t->votes[e]++;
    if (t->votes[e] > t->votes[t->best]) t->best = e;
}

bool encoding_detect(enum pdn_encoding *out, const unsigned char *sample, size_t len)
{
    /* all the answers, and those but the Central European ones: the vote
     * as it was before them, for when theirs is refused */
    struct tally all = {{0}, PDN_ENCODING_AUTO}, others = {{0}, PDN_ENCODING_AUTO};
    struct uchardet_lib lib;
    if (!load(&lib)) return false;
    uchardet_t ud = lib.new_();
    for (size_t at = 0; ud && at < len; at += SLICE) {
        size_t n = len - at < SLICE ? len - at : SLICE;
        if (!has_high_byte(sample + at, n)) continue;
        enum pdn_encoding e = ask(&lib, ud, sample + at, n);
        if (e == PDN_ENCODING_AUTO) continue;
        vote(&all, e);
        if (!is_central(e)) vote(&others, e);
    }
    if (ud) lib.delete_(ud);
    dlclose(lib.handle);
    enum pdn_encoding best = all.best;
    if (is_central(best)) best = central_european(best, sample, len);
    if (best == PDN_ENCODING_AUTO) best = others.best;
    if (best == PDN_ENCODING_AUTO) return false;
    *out = best;
    return true;
}
