/*
 * fuzz_threads: a file read by the reader's threads in small parts gives
 * what one reader gives: every game and finding, in order, whole
 * (game_dump.h), and the same end. The parts are checked against the
 * file read so far and refused when they do not fit (a cut inside a
 * comment, a guess of their place that is wrong, the decoder in another
 * state: reader_part.h); past a file's leaving UTF-8 for a code page they
 * are decoded in it (codepage.h). Garbage is where the checks may let a
 * part through that they should not.
 *
 * The first byte chooses: the encoding asked for (its value modulo 7),
 * the threads (2 or 3) and the size parts are cut near (64 to 484 bytes);
 * an input of odd length is read with take (and work), as the tools' -j
 * reads, the games handed over on the reader's threads.
 * The rest is the file, written to a file of its own: threads read only
 * regular files, of four parts or more. Its date orders read ahead in
 * parts are checked against one scan of its text too (check_date_orders).
 */
#include "date_orders.h"
#include "fuzz.h"
#include "pdn.h"
#include "../unit/game_dump.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static char path[] = "/tmp/fuzz_threads.XXXXXX";

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    int fd = mkstemp(path);
    FUZZ_CHECK(fd >= 0);
    close(fd);
    return 0;
}

/* With take, as the tools' -j reads: the games worked on (nothing done
 * here) and taken on the reader's threads, in order, one at a time. */
static void *no_work(pdn_game *game, void *ctx)
{
    (void)ctx;
    return game; /* not owned: no work_free */
}

static int take_dump(pdn_game *game, void *fp)
{
    dump_game(fp, game);
    pdn_game_free(game);
    return 0;
}

/* Every game and finding of the file as text (*len bytes); with 'take',
 * those one reader reads (parts refused) from pdn_reader_next after them. */
static char *dump_file(enum pdn_encoding enc, int threads, bool take, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    FUZZ_CHECK(fp != NULL);
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION,
                                    .filename = "fuzz.pdn",
                                    .encoding = enc,
                                    .threads = threads,
                                    .on_diag = dump_diag_cb,
                                    .diag_ctx = fp,
                                    .work = take ? no_work : NULL,
                                    .take = take ? take_dump : NULL,
                                    .take_ctx = fp};
    pdn_reader *r;
    int rc = pdn_reader_open_file(&r, path, &ro);
    dump_to_end(fp, r, rc, NULL);
    FUZZ_CHECK(fclose(fp) == 0);
    return buf;
}

/* The file's date orders read ahead by threads in parts of part_bytes
 * (date_orders_read.c) are what one scan of its whole text finds, when
 * both read it: they refuse a UTF-16 or UTF-32 file (its games are read
 * decoded), which the scan takes as bytes, and the parts are read only
 * when a date in them could be swapped. */
static void check_date_orders(const uint8_t *text, size_t len, int threads, size_t part_bytes)
{
    pdn_date_orders *whole, *parts = NULL;
    FUZZ_CHECK(pdn_date_orders_new(&whole) == 0);
    int whole_rc = pdn_date_orders_add_text(whole, (const char *)text, len, true);
    int fd = open(path, O_RDONLY);
    FUZZ_CHECK(fd >= 0);
    int rc = date_orders_read_parts(&parts, fd, 0, threads, part_bytes);
    close(fd);
    FUZZ_CHECK(rc == 0 || rc == PDN_EENCODING || rc == PDN_ENOMEM);
    if (rc == PDN_EENCODING)
        FUZZ_CHECK(whole_rc == PDN_EENCODING || pdn_encoding_is_wide(text, len));
    if (rc == 0 && whole_rc == 0 && parts) FUZZ_CHECK(date_orders_same(whole, parts));
    pdn_date_orders_free(parts);
    pdn_date_orders_free(whole);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    enum pdn_encoding enc = (enum pdn_encoding)(data[0] % 7);
    int threads = 2 + (data[0] >> 7);
    char part_bytes[16];
    snprintf(part_bytes, sizeof part_bytes, "%d", 64 + 28 * ((data[0] >> 3) & 15));
    FILE *fp = fopen(path, "wb");
    FUZZ_CHECK(fp != NULL);
    FUZZ_CHECK(fwrite(data + 1, 1, size - 1, fp) == size - 1);
    FUZZ_CHECK(fclose(fp) == 0);
    setenv("PDN_READER_PART_BYTES", part_bytes, 1);
    bool take = size % 2; /* half the inputs taken, as the tools' -j reads */
    size_t one_len, many_len;
    char *one = dump_file(enc, 0, false, &one_len);
    char *many = dump_file(enc, threads, take, &many_len);
    unsetenv("PDN_READER_PART_BYTES");
    bool same = one_len == many_len && memcmp(one, many, one_len) == 0;
    if (!same)
        fprintf(stderr, "one reader:\n%.*s\nthreads (%d, parts of %s bytes%s):\n%.*s\n",
                (int)one_len, one, threads, part_bytes, take ? ", taken" : "", (int)many_len, many);
    FUZZ_CHECK(same);
    free(one);
    free(many);
    check_date_orders(data + 1, size - 1, threads, (size_t)atoi(part_bytes));
    return 0;
}
