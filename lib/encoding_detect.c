/*
 * encoding_detect: which 8-bit encoding a text that is not UTF-8 is in, asked
 * of uchardet (the only file that includes its header). Reads a sample;
 * knows nothing of input or decoding.
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
 * uchardet is loaded here, when a text first needs it (dlopen), not linked:
 * it brings the C++ runtime, which cost every run of every tool 1.4 ms of
 * CPU and 1.5 MB at start (a program that does nothing: 1.19 ms, 2.64
 * linked with it), and most input is UTF-8. RTLD_NODELETE keeps it loaded
 * once loaded: the next file's dlopen only counts.
 */
#include "encoding.h"

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
    {"ISO-8859-1", PDN_ENCODING_CP1252},
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

bool encoding_detect(enum pdn_encoding *out, const unsigned char *sample, size_t len)
{
    unsigned votes[ENCODING_COUNT] = {0};
    enum pdn_encoding best = PDN_ENCODING_AUTO;
    struct uchardet_lib lib;
    if (!load(&lib)) return false;
    uchardet_t ud = lib.new_();
    for (size_t at = 0; ud && at < len; at += SLICE) {
        size_t n = len - at < SLICE ? len - at : SLICE;
        if (!has_high_byte(sample + at, n)) continue;
        enum pdn_encoding e = ask(&lib, ud, sample + at, n);
        if (e == PDN_ENCODING_AUTO) continue;
        votes[e]++;
        if (votes[e] > votes[best]) best = e;
    }
    if (ud) lib.delete_(ud);
    dlclose(lib.handle);
    if (best == PDN_ENCODING_AUTO) return false;
    *out = best;
    return true;
}
