/*
 * reader: the streaming front door. pdn_reader_* over a path, a file
 * descriptor or a memory buffer, one game per pdn_reader_next.
 *
 * Memory stays bounded by the largest game: input comes in INPUT_BLOCK
 * blocks, is decoded into one text buffer, and the text before the game
 * being read is dropped whenever the buffer needs room. The reader owns the
 * buffer, the decoder, the lexer and the parser; it must not print, exit or
 * interpret the text itself: variant.c reads each game's clues to its
 * variant, with the tally of the file the reader keeps.
 */
#include "input.h"
#include "options.h"
#include "parser.h"
#include "text.h"
#include "variant.h"
#include "vec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEXT_INITIAL ((size_t)256 * 1024)

struct pdn_reader {
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
    size_t ngames;                 /* games handed out */
    struct variant_tally variants; /* the file's games so far, by variant */
};

/* Drops the text the parser no longer needs, then grows if still short. */
static int make_room(pdn_reader *r)
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
    pdn_reader *r = ctx;
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

static int reader_new(pdn_reader **out, const struct pdn_reader_options *options)
{
    static const struct pdn_reader_options defaults = {.version = PDN_READER_OPTIONS_VERSION};
    if (!options) options = &defaults;
    if (!options_ok(options->version, PDN_READER_OPTIONS_VERSION)) return PDN_EINVAL;
    pdn_reader *r = calloc(1, sizeof *r);
    if (!r) return PDN_ENOMEM;
    r->opt = *options;
    r->fd = -1;
    r->filename = strdup(options->filename ? options->filename : "-");
    r->text.data = malloc(TEXT_INITIAL);
    r->text.cap = TEXT_INITIAL;
    int rc = r->filename && r->text.data ? 0 : PDN_ENOMEM;
    if (rc == 0) rc = input_init(&r->src, options->encoding);
    r->opt.filename = r->filename;
    lexer_init(&r->lx, options->strict, NULL, NULL);
    r->lx.buf = r->text.data;
    if (rc == 0) rc = parser_new(&r->parser, &r->lx, &r->opt, reader_fill, r);
    if (rc < 0) {
        pdn_reader_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

int pdn_reader_open_file(pdn_reader **out, const char *path,
                         const struct pdn_reader_options *options)
{
    if (!out || !path) return PDN_EINVAL;
    *out = NULL;
    struct pdn_reader_options opt =
        options ? *options : (struct pdn_reader_options)PDN_READER_OPTIONS_INIT;
    if (!opt.filename) opt.filename = path;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return PDN_EIO;
    int rc = reader_new(out, &opt);
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

int pdn_reader_open_fd(pdn_reader **out, int fd, const struct pdn_reader_options *options)
{
    if (!out || fd < 0) return PDN_EINVAL;
    *out = NULL;
    int rc = reader_new(out, options);
    if (rc < 0) return rc;
    (*out)->fd = (*out)->src.fd = fd;
    return 0;
}

int pdn_reader_open_memory(pdn_reader **out, const void *data, size_t len,
                           const struct pdn_reader_options *options)
{
    if (!out || (!data && len > 0)) return PDN_EINVAL;
    *out = NULL;
    int rc = reader_new(out, options);
    if (rc < 0) return rc;
    (*out)->src.mem = data ? data : (const void *)"";
    (*out)->src.mem_len = len;
    return 0;
}

/* A finding about the whole file: no place, no game. */
static void file_finding(const pdn_reader *r, enum pdn_diag_code code, const char *detail)
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
static int sniff(pdn_reader *r)
{
    r->sniffed = true;
    int rc = reader_fill(r);
    if (rc < 0) return rc;
    if (text_sniff(r->lx.buf + r->lx.pos, r->lx.end - r->lx.pos) != TEXT_SNIFF_OTHER) return 0;
    r->not_pdn = true;
    file_finding(r, PDN_DIAG_NOT_PDN, "neither a tag nor a move at its start");
    return 0;
}

int pdn_reader_next(pdn_game **out, pdn_reader *r)
{
    if (!r || !out) return PDN_EINVAL;
    *out = NULL;
    if (r->error) return r->error;
    int rc = r->sniffed ? 0 : sniff(r);
    if (rc == 0 && r->not_pdn) return 0;
    if (rc == 0) rc = parser_next(r->parser, out);
    if (rc < 0) r->error = rc;
    if (rc > 0) {
        r->ngames++;
        variant_decide(*out, &r->variants, r->opt.gametype);
    }
    if (rc == 0 && r->ngames == 0) {
        r->ngames = SIZE_MAX; /* said once */
        file_finding(r, PDN_DIAG_NO_GAME, NULL);
    }
    return rc;
}

void pdn_reader_free(pdn_reader *r)
{
    if (!r) return;
    parser_free(r->parser);
    input_fini(&r->src);
    if (r->own_fd) close(r->fd);
    free(r->text.data);
    free(r->filename);
    free(r);
}
