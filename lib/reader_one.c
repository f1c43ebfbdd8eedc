/*
 * reader_one: one reader of a whole input, or of a part of a file
 * (reader_part.h), over a path, a file descriptor or a memory buffer, one
 * game per reader_one_next. reader.c is the front door.
 *
 * Memory stays bounded by the largest game: input comes in INPUT_BLOCK
 * blocks, is decoded into one text buffer, and the text before the game
 * being read is dropped whenever the buffer needs room. The reader owns the
 * buffer, the decoder, the lexer and the parser; it must not print, exit or
 * interpret the text itself: variant.c reads each game's clues to its
 * variant, with the tally of the file the reader keeps; a game whose
 * variant the games after it decide is held back with them (reader_hold.c).
 */
#include "codepage.h"
#include "input.h"
#include "options.h"
#include "parser.h"
#include "reader_hold.h"
#include "reader_part.h"
#include "reader_one.h"
#include "text.h"
#include "variant.h"
#include "vec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#define TEXT_INITIAL ((size_t)256 * 1024)

struct reader_one {
    struct pdn_reader_options opt;
    char *filename;
    int fd;
    bool own_fd;
    struct input_source src;
    struct input_text text;
    struct lexer lx;
    struct parser *parser;
    int error;                     /* sticky operational failure */
    bool sniffed;                  /* the start of the input was looked at */
    bool not_pdn;                  /* ... and was no PDN: no game is read */
    bool sniffed_pdn;              /* ... and showed a tag or a move */
    size_t ngames;                 /* games handed out */
    size_t trailers;               /* ... of them trailers, no games (pdn_game_is_trailer) */
    struct variant_tally variants; /* the file's games so far, by variant */
    struct variant_tally *tally;   /* &variants, the settled parts' (reader_parts_rest),
                                      or NULL: the variants are left undecided */
    bool tell_no_game;             /* says so when the file has no game */
    struct reader_part part;       /* where the text read starts in its file */
    uint64_t last_end;             /* where the last game handed out ends */
    bool last_result;              /* ... and whether a result ended it */
    uint32_t last_line;            /* ... and the line of that result */
    struct reader_hold hold;       /* games held for a later one to decide their variant */
    bool finished;                 /* the end met, and said so (0) */
    uint64_t file_base;            /* offset in the file of the first byte read */
};

/* Drops the text the parser no longer needs, then grows if still short. */
static int make_room(struct reader_one *r)
{
    struct input_text *t = &r->text;
    if (t->cap - t->filled >= INPUT_TEXT_ROOM) return 0;
    size_t shift = (size_t)(parser_keep(r->parser) - t->base);
    if (shift > 0) {
        memmove(t->data, t->data + shift, t->filled - shift);
        t->base += shift;
        t->end -= shift;
        t->filled -= shift;
        r->lx.pos -= shift;
    }
    if (t->cap - t->filled >= INPUT_TEXT_ROOM && t->filled < t->cap / 2) return 0;
    /* Doubled: the window holds the game being read and room to read on. */
    return vec_grow((void **)&t->data, &t->cap, t->cap + 1, 1) ? 0 : PDN_ENOMEM;
}

/* The parser's refill: more decoded text in the lexer's window. */
static int reader_fill(void *ctx)
{
    struct reader_one *r = ctx;
    /* The lexer retries its token from the start after a refill: append at
     * least as much as that token has so far, so a huge token costs linear
     * time, not one rescan per block; but not past PDN_LIMIT_GAME_BYTES of
     * it, where the parser cuts it, so that the buffer stays near that size. */
    size_t have = r->lx.end - r->lx.pos, got = 0;
    size_t want = have < PDN_LIMIT_GAME_BYTES / 2 ? have : PDN_LIMIT_GAME_BYTES - have;
    if (have >= PDN_LIMIT_GAME_BYTES || want < INPUT_BLOCK) want = INPUT_BLOCK;
    int rc;
    do {
        rc = make_room(r);
        if (rc < 0) return rc;
        size_t before = r->text.end;
        rc = input_fill(&r->src, &r->text);
        got += r->text.end - before;
    } while (rc > 0 && got < want);
    r->lx.buf = r->text.data;
    r->lx.base = r->text.base;
    r->lx.end = r->text.end;
    if (rc < 0) return rc;
    if (got > 0) rc = 1;
    if (rc == 0) r->lx.eof = true;
    for (int i = 0; i < r->src.nevents; i++) {
        struct pdn_pos pos;
        lexer_locate(&r->lx, r->src.events[i].offset, &pos);
        parser_defer(r->parser, r->src.events[i].code, &pos, r->src.events[i].detail);
    }
    r->src.nevents = 0;
    return rc;
}

/* A finding of the parser: kept while games are held, so that it comes
 * after them, as read. */
static void on_parser_diag(const struct pdn_diag *d, void *ctx)
{
    struct reader_one *r = ctx;
    if (!r->hold.holding)
        r->opt.on_diag(d, r->opt.diag_ctx);
    else if (!hold_diag(&r->hold, d))
        r->error = PDN_ENOMEM;
}

static int reader_new(struct reader_one **out, const struct pdn_reader_options *options,
                      size_t text_cap)
{
    static const struct pdn_reader_options defaults = {.version = PDN_READER_OPTIONS_VERSION};
    if (!options) options = &defaults;
    if (!options_ok(options->version, PDN_READER_OPTIONS_VERSION)) return PDN_EINVAL;
    struct reader_one *r = calloc(1, sizeof *r);
    if (!r) return PDN_ENOMEM;
    /* The fields of the version given, the later ones 0. */
    if (options->version < 2)
        memcpy(&r->opt, options, offsetof(struct pdn_reader_options, threads));
    else if (options->version < 3)
        memcpy(&r->opt, options, offsetof(struct pdn_reader_options, work_diag));
    else if (options->version < 4)
        memcpy(&r->opt, options, offsetof(struct pdn_reader_options, take));
    else
        r->opt = *options;
    r->fd = -1;
    r->filename = strdup(options->filename ? options->filename : "-");
    r->text.data = malloc(text_cap);
    r->text.cap = text_cap;
    int rc = r->filename && r->text.data ? 0 : PDN_ENOMEM;
    if (rc == 0) rc = input_init(&r->src, options->encoding);
    r->opt.filename = r->filename;
    r->tally = &r->variants;
    r->tell_no_game = true;
    r->part = (struct reader_part){.line = 1, .first = true};
    lexer_init(&r->lx, options->strict, NULL, NULL);
    r->lx.buf = r->text.data;
    /* The parser's findings pass by the hold (on_parser_diag). */
    struct pdn_reader_options parse_options = r->opt;
    if (r->opt.on_diag) {
        parse_options.on_diag = on_parser_diag;
        parse_options.diag_ctx = r;
    }
    if (rc == 0) rc = parser_new(&r->parser, &r->lx, &parse_options, reader_fill, r);
    if (rc < 0) {
        reader_one_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

int reader_one_open_file(struct reader_one **out, const char *path,
                         const struct pdn_reader_options *options)
{
    if (!out || !path) return PDN_EINVAL;
    *out = NULL;
    struct pdn_reader_options opt =
        options ? *options : (struct pdn_reader_options)PDN_READER_OPTIONS_INIT;
    if (!opt.filename) opt.filename = path;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return PDN_EIO;
    int rc = reader_new(out, &opt, TEXT_INITIAL);
    if (rc < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return rc;
    }
    (*out)->fd = (*out)->src.fd = fd;
    (*out)->own_fd = true;
    return 0;
}

int reader_one_open_fd(struct reader_one **out, int fd, const struct pdn_reader_options *options)
{
    if (!out || fd < 0) return PDN_EINVAL;
    *out = NULL;
    int rc = reader_new(out, options, TEXT_INITIAL);
    if (rc < 0) return rc;
    (*out)->fd = (*out)->src.fd = fd;
    return 0;
}

/* The memory read by reader_new's buffer: no bigger than the text needs
 * (a part of a file read by a thread is small, and many are read). */
static int open_memory(struct reader_one **out, const void *data, size_t len,
                       const struct pdn_reader_options *options)
{
    size_t cap = len < TEXT_INITIAL - INPUT_TEXT_ROOM ? len + INPUT_TEXT_ROOM : TEXT_INITIAL;
    int rc = reader_new(out, options, cap);
    if (rc < 0) return rc;
    (*out)->src.mem = data ? data : (const void *)"";
    (*out)->src.mem_len = len;
    return 0;
}

int reader_one_open_memory(struct reader_one **out, const void *data, size_t len,
                           const struct pdn_reader_options *options)
{
    if (!out || (!data && len > 0)) return PDN_EINVAL;
    *out = NULL;
    return open_memory(out, data, len, options);
}

/* A finding about the whole file: no place, no game. */
static void file_finding(const struct reader_one *r, enum pdn_diag_code code, const char *detail)
{
    struct pdn_diag d = {.code = code, .file = r->filename, .detail = detail};
    if (r->opt.on_diag) r->opt.on_diag(&d, r->opt.diag_ctx);
}

/*
 * Before the first game: a file with neither a tag nor a move at its start
 * (a binary, prose) is said to be no PDN once, rather than with a finding
 * for every stray byte, and yields no game. Its first window of text is
 * what the parser would read first anyway.
 */
static int sniff(struct reader_one *r)
{
    r->sniffed = true;
    int rc = reader_fill(r);
    if (rc < 0) return rc;
    enum text_sniff seen = text_sniff(r->lx.buf + r->lx.pos, r->lx.end - r->lx.pos);
    r->sniffed_pdn = seen == TEXT_SNIFF_PDN;
    if (seen != TEXT_SNIFF_OTHER) return 0;
    r->not_pdn = true;
    file_finding(r, PDN_DIAG_NOT_PDN, "neither a tag nor a move at its start");
    return 0;
}

/* The next game read, its variant decided (or its clue read). */
static int read_game(pdn_game **out, struct reader_one *r)
{
    if (r->error) return r->error;
    int rc = r->sniffed ? 0 : sniff(r);
    if (rc == 0 && r->not_pdn) return 0;
    if (rc == 0) rc = parser_next(r->parser, out);
    if (rc >= 0 && r->error) { /* a finding the hold could not keep */
        if (rc > 0) pdn_game_free(*out);
        *out = NULL;
        rc = r->error;
    }
    if (rc < 0) r->error = rc;
    if (rc > 0) {
        r->ngames++;
        r->trailers += pdn_game_is_trailer(*out);
        r->last_end = parser_game_end(r->parser);
        r->last_result = (*out)->result_text != NULL;
        r->last_line = (*out)->result_pos.line;
        if (r->tally)
            variant_decide(*out, r->tally, r->opt.gametype);
        else
            variant_read(*out); /* decided in order, the clue read here */
    }
    return rc;
}

/*
 * After a game whose variant was open (variant_open): it and the games
 * after it held, with the findings between them, until a game tells its
 * own variant, which decides theirs again; or HOLD_GAMES of them, or the
 * end, or a failure (then sticky, handed out after them).
 */
static void hold_from(struct reader_one *r, pdn_game *open)
{
    struct reader_hold *h = &r->hold;
    h->holding = true;
    int rc = hold_game(h, open) ? 1 : PDN_ENOMEM;
    pdn_game *g = NULL;
    for (int games = 1; rc > 0 && games < HOLD_GAMES; games++) {
        if ((rc = read_game(&g, r)) <= 0) break;
        if (!hold_game(h, g)) rc = PDN_ENOMEM;
        if (rc > 0 && pdn_game_variant_own(g)) {
            hold_decide_again(h, g, r->tally);
            break;
        }
    }
    h->holding = false;
    if (rc < 0) r->error = rc;
    r->finished = rc == 0;
}

int reader_one_next(pdn_game **out, struct reader_one *r)
{
    if (!r || !out) return PDN_EINVAL;
    *out = NULL;
    for (;;) {
        if (hold_next(&r->hold, out, r->opt.on_diag, r->opt.diag_ctx) > 0) return 1;
        if (r->finished) return 0;
        int rc = read_game(out, r);
        if (rc > 0 && r->tally && variant_open(*out)) {
            hold_from(r, *out);
            continue;
        }
        if (rc == 0 && r->ngames == r->trailers && r->tell_no_game && !r->not_pdn) {
            r->ngames = SIZE_MAX; /* said once */
            file_finding(r, PDN_DIAG_NO_GAME, NULL);
        }
        r->finished = rc == 0;
        return rc;
    }
}

/* ---- parts of a file (reader_part.h) ------------------------------------------ */

/* Starts r's text at 'at' in its file: past the file's start, the decoder
 * goes on as the whole file's reader would there (as UTF-8 as it stands,
 * or in the code page it left UTF-8 for), with no look at the start. 0,
 * or PDN_ENOMEM or PDN_EENCODING. */
static int start_at(struct reader_one *r, const struct reader_part *at)
{
    r->part = *at;
    r->text.base = r->lx.base = at->offset;
    r->lx.line = at->line;
    r->last_end = at->offset;
    r->last_result = true; /* no game yet: nothing left open */
    r->ngames = at->games;
    parser_count_from(r->parser, at->games);
    off_t base = r->fd >= 0 ? lseek(r->fd, 0, SEEK_CUR) : 0;
    r->file_base = base > 0 ? (uint64_t)base : 0;
    if (at->first) return 0;
    r->sniffed = true;
    r->src.bom = at->bom;
    if (at->codepage) return input_start_codepage(&r->src, at->codepage, at->bad_seen, at->offset);
    r->src.mode = INPUT_MODE_FAST;
    return 0;
}

int reader_open_part(struct reader_one **out, const void *data, size_t len,
                     const struct pdn_reader_options *options, const struct reader_part *at)
{
    *out = NULL;
    int rc = open_memory(out, data, len, options);
    if (rc < 0) return rc;
    (*out)->tally = NULL;
    (*out)->tell_no_game = false;
    if ((rc = start_at(*out, at)) < 0) {
        reader_one_free(*out);
        *out = NULL;
    }
    return rc;
}

int reader_reuse_part(struct reader_one *r, const void *data, size_t len,
                      const struct reader_part *at)
{
    input_reuse(&r->src);
    r->src.mem = data ? data : (const void *)"";
    r->src.mem_len = len;
    r->text.end = r->text.filled = 0;
    r->text.base = 0;
    lexer_init(&r->lx, r->opt.strict, NULL, NULL);
    r->lx.buf = r->text.data;
    parser_reset(r->parser);
    r->error = 0;
    r->finished = false;
    r->sniffed = r->not_pdn = r->sniffed_pdn = false;
    r->last_line = 0;
    return start_at(r, at);
}

/* Whether only blanks follow the last game in the part's bytes, read to
 * their end. Blanks are one byte decoded as read: the text after the game
 * is blank when as many of the last bytes read are. */
static bool blank_after_last(const struct reader_one *r)
{
    uint64_t tail = r->text.base + r->text.end - r->last_end;
    if (tail > r->src.mem_len) return false;
    for (size_t i = r->src.mem_len - (size_t)tail; i < r->src.mem_len; i++)
        if (!text_blank(r->src.mem[i])) return false;
    return true;
}

/* Whether r decodes now as it did from its part's start. */
static bool decoded_as_started(const struct reader_one *r)
{
    if (!r->part.codepage) return r->src.mode != INPUT_MODE_CONVERT;
    return input_bytes_are_chars(&r->src) && strcmp(r->src.charset, r->part.codepage) == 0;
}

void reader_part_end(const struct reader_one *r, struct reader_part_end *out)
{
    *out = (struct reader_part_end){
        .offset = r->text.base + r->text.end,
        .line = r->lx.line,
        .games = r->ngames - r->part.games,
        .plain = decoded_as_started(r),
        .bad_seen = r->src.bad_seen,
        .not_pdn = r->not_pdn,
        .sniff_open = r->part.first && !r->sniffed_pdn,
    };
    out->closed = out->plain && r->last_result && blank_after_last(r);
}

bool reader_part_resume_point(const struct reader_one *r, struct reader_part *at,
                              uint64_t *file_offset)
{
    const struct input_text *t = &r->text;
    /* Decoded as it stands from the file's start, or a byte a character
     * since before the last game, and that game ended by a result still in
     * the window; no game held (the reader stands past the games it has not
     * handed out). */
    bool codepage = input_bytes_are_chars(&r->src) && r->last_end >= r->src.convert_from;
    /* ... and no span of UTF-8 after k, where a character is several bytes */
    bool spans_after = codepage && r->src.utf8_end > r->last_end;
    if (hold_waiting(&r->hold) || (r->src.mode != INPUT_MODE_FAST && !codepage) || spans_after ||
        r->not_pdn || !r->last_result || r->ngames <= r->part.games || r->last_end < t->base ||
        r->last_end > t->base + t->end)
        return false;
    size_t from = (size_t)(r->last_end - t->base), k = from;
    while (k < t->end && text_blank((unsigned char)t->data[k]))
        k++;
    if (k >= t->end || k == from || t->data[k] != '[' || t->data[k - 1] != '\n') return false;
    *at = (struct reader_part){.offset = t->base + k,
                               .line = r->last_line + reader_part_lines(t->data + from, k - from),
                               .games = r->ngames,
                               .bom = r->part.bom || r->src.bom,
                               .codepage = codepage ? r->src.charset : NULL};
    /* The text is decoded ahead of the games read: a byte replaced past k
     * is the next part's to say. */
    at->bad_seen = r->src.bad_seen && r->src.bad_at < at->offset;
    /* In a code page, the bytes not yet decoded and a byte a character of
     * the text after k lie between k and where the input stands. */
    *file_offset = codepage ? r->file_base + r->src.consumed - r->src.raw_len -
                                  codepage_chars(t->data + k, t->end - k)
                            : at->offset + (at->bom ? 3 : 0);
    return true;
}

int reader_parts_rest(struct reader_one **out, struct reader_parts *s, int fd)
{
    int rc = reader_one_open_fd(out, fd, &s->options);
    if (rc < 0) return rc;
    (*out)->tally = &s->tally;
    if ((rc = start_at(*out, &s->next)) < 0) {
        reader_one_free(*out);
        *out = NULL;
    }
    return rc;
}

const struct pdn_reader_options *reader_one_options(const struct reader_one *r)
{
    return &r->opt;
}

int reader_one_fd(const struct reader_one *r)
{
    return r->fd;
}

void reader_one_free(struct reader_one *r)
{
    if (!r) return;
    parser_free(r->parser);
    input_fini(&r->src);
    if (r->own_fd) close(r->fd);
    free(r->text.data);
    hold_free(&r->hold);
    free(r->filename);
    free(r);
}
