/*
 * reader: the streaming front door. pdn_reader_* over a path, a file
 * descriptor or a memory buffer, one game per pdn_reader_next: those of
 * one reader (reader_one.c), or, for a big regular file read with
 * pdn_reader_options.threads, those of the threads reading its parts
 * (reader_threads.c), which are the same.
 */
#include "reader_one.h"
#include "reader_threads.h"

#include <stdlib.h>
#include <sys/stat.h>

struct pdn_reader {
    struct reader_one *one;         /* opened whatever reads: it owns the file */
    struct reader_threads *threads; /* they answer when there are */
    int error;                      /* theirs, sticky as the one reader's */
};

static int wrap(pdn_reader **out, struct reader_one *one, int rc)
{
    if (rc < 0) return rc;
    pdn_reader *r = calloc(1, sizeof *r);
    if (!r) {
        reader_one_free(one);
        return PDN_ENOMEM;
    }
    r->one = one;
    *out = r;
    return 0;
}

/* A big regular file with threads asked for: they read it (none to be
 * had: the one reader does). */
static void start_threads(pdn_reader *r)
{
    const struct pdn_reader_options *o = reader_one_options(r->one);
    int fd = reader_one_fd(r->one);
    struct stat st;
    if (o->threads < 2 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        (uint64_t)st.st_size < 4 * (uint64_t)reader_threads_part_bytes())
        return;
    r->threads = reader_threads_new(fd, o, o->threads);
}

int pdn_reader_open_file(pdn_reader **out, const char *path,
                         const struct pdn_reader_options *options)
{
    if (!out || !path) return PDN_EINVAL;
    *out = NULL;
    struct reader_one *one = NULL;
    int rc = reader_one_open_file(&one, path, options);
    rc = wrap(out, one, rc);
    if (rc == 0) start_threads(*out);
    return rc;
}

int pdn_reader_open_fd(pdn_reader **out, int fd, const struct pdn_reader_options *options)
{
    if (!out || fd < 0) return PDN_EINVAL;
    *out = NULL;
    struct reader_one *one = NULL;
    int rc = reader_one_open_fd(&one, fd, options);
    return wrap(out, one, rc);
}

int pdn_reader_open_memory(pdn_reader **out, const void *data, size_t len,
                           const struct pdn_reader_options *options)
{
    if (!out || (!data && len > 0)) return PDN_EINVAL;
    *out = NULL;
    struct reader_one *one = NULL;
    int rc = reader_one_open_memory(&one, data, len, options);
    return wrap(out, one, rc);
}

int pdn_reader_next(pdn_game **out, pdn_reader *r)
{
    if (!r || !out) return PDN_EINVAL;
    if (!r->threads) return reader_one_next(out, r->one);
    *out = NULL;
    if (r->error) return r->error;
    int rc = reader_threads_next(out, r->threads);
    if (rc < 0) r->error = rc;
    return rc;
}

void pdn_reader_free(pdn_reader *r)
{
    if (!r) return;
    reader_threads_free(r->threads);
    reader_one_free(r->one);
    free(r);
}
