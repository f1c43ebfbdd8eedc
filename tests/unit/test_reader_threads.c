/*
 * A file read by threads (pdn_reader_options.threads: parts of the file
 * read at once, then settled in order) gives what one reader gives: every
 * game (tags, moves, places, variant, source text) and every finding, in
 * the same order. Every real file of the project is read both ways with
 * parts cut small (PDN_READER_PART_BYTES), so that parts end in every way
 * a file offers; the settling is also checked part by part (reader_part.h):
 * a clean tournament file is accepted whole, and a part whose cut stands
 * inside a comment, after a byte that is no UTF-8 or with a wrong guess of
 * its line is refused, the rest read by one reader, with the same answer,
 * until the parts take up again.
 */
#define _XOPEN_SOURCE 700 /* nftw */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dump_diff.h"
#include "game_dump.h"
#include "reader_part.h"

#include <fcntl.h>
#include <pthread.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One reading of path with so many threads, parts cut near part_bytes. */
static char *read_dump(const char *path, int threads, const char *part_bytes, size_t *len)
{
    setenv("PDN_READER_PART_BYTES", part_bytes, 1);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION, .threads = threads};
    size_t games;
    char *dump = dump_reading(path, o, NULL, &games, len);
    unsetenv("PDN_READER_PART_BYTES");
    return dump;
}

static void assert_same_reading(const char *path, int threads, const char *part_bytes)
{
    size_t one_len, many_len;
    char *one = read_dump(path, 0, part_bytes, &one_len);
    char *many = read_dump(path, threads, part_bytes, &many_len);
    bool same = one_len == many_len && memcmp(one, many, one_len) == 0;
    if (!same) dump_first_difference(path, "one reader", one, "threads", many);
    assert_true(same);
    free(one);
    free(many);
}

static size_t files;

static int compare_readings(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (type != FTW_F) return 0;
    const char *dot = strrchr(path, '.');
    if (!(dot && strcmp(dot, ".pdn") == 0) && !strstr(path, "tests/fuzz/")) return 0;
    if (strstr(path, "/README")) return 0;
    assert_same_reading(path, 2, "64");
    assert_same_reading(path, 3, "700");
    files++;
    return 0;
}

static void test_threads_agree_on_every_file(void **state)
{
    (void)state;
    static const char *const roots[] = {"tests/data", "samples", "tests/fuzz/regressions",
                                        "tests/fuzz/seeds"};
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
        assert_int_equal(nftw(roots[i], compare_readings, 16, FTW_PHYS), 0);
    print_message("%zu files read by one reader and by threads alike\n", files);
    assert_true(files >= 100);
}

/* ---- the settling, part by part ---------------------------------------------------- */

struct settled {
    size_t parts, accepted;
    char *dump;
    size_t len;
};

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    char block[4096];
    size_t n;
    while ((n = fread(block, 1, sizeof block, fp)) > 0)
        fwrite(block, 1, n, out);
    fclose(fp);
    fclose(out);
    return buf;
}

/* One part read on its own; its games dumped when it is accepted (the
 * findings are left to the test above, which reads with threads). A part
 * that leaves a hold open is refused here: the threads let the next part
 * end it (reader_threads.c's settle), which test_a_hold_into_the_next_part
 * checks. */
static bool read_part(struct reader_parts *s, struct reader_part *at, const char *bytes, size_t len,
                      bool last, FILE *out)
{
    struct pdn_reader_options o = s->options;
    struct reader_one *r = NULL;
    assert_int_equal(reader_open_part(&r, bytes, len, &o, at), PDN_OK);
    pdn_game *games[4096];
    size_t n = 0;
    while (n < 4096 && reader_one_next(&games[n], r) == 1)
        n++;
    struct reader_part_end end;
    reader_part_end(r, &end);
    reader_one_free(r);
    const struct reader_parts before = *s;
    bool ok = reader_parts_accept(s, at, &end, last);
    for (size_t i = 0; ok && i < n; i++)
        reader_parts_game(s, at, games[i]);
    if (ok && !last && reader_parts_holding(s)) {
        *s = before;
        ok = false;
    }
    for (size_t i = 0; i < n; i++) {
        if (ok) dump_game(out, games[i]); /* once a later game decided it again */
        pdn_game_free(games[i]);
    }
    return ok;
}

/* Reads path cut at 'cuts' (offsets of the file, in order), settling the
 * parts as reader_threads.c does, the rest by one reader at the first
 * part refused; dumps the games. */
static void settle_file(const char *path, const size_t *cuts, size_t ncuts, struct settled *out)
{
    size_t size;
    char *bytes = slurp(path, &size);
    FILE *fp = open_memstream(&out->dump, &out->len);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION, .filename = path};
    struct reader_parts s;
    reader_parts_init(&s, &o, false);
    size_t from = 0;
    uint32_t line = 1;
    out->parts = out->accepted = 0;
    for (size_t i = 0; i <= ncuts; i++) {
        size_t to = i < ncuts ? cuts[i] : size;
        struct reader_part at = {.offset = from, .line = line, .first = from == 0};
        out->parts++;
        if (!read_part(&s, &at, bytes + from, to - from, i == ncuts, fp)) break;
        out->accepted++;
        line += reader_part_lines(bytes + from, to - from);
        from = to;
    }
    if (out->accepted < out->parts) { /* the rest by one reader */
        int fd = open(path, O_RDONLY);
        assert_true(fd >= 0);
        assert_int_equal(lseek(fd, (off_t)from, SEEK_SET), (off_t)from);
        struct reader_one *r = NULL;
        assert_int_equal(reader_parts_rest(&r, &s, fd), PDN_OK);
        pdn_game *g;
        while (reader_one_next(&g, r) == 1) {
            dump_game(fp, g);
            pdn_game_free(g);
        }
        reader_one_free(r);
        close(fd);
    }
    fclose(fp);
    free(bytes);
}

/* The games of one reader of the whole file. */
static char *whole_dump(const char *path, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION, .filename = path};
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, &o), PDN_OK);
    pdn_game *g;
    while (pdn_reader_next(&g, r) == 1) {
        dump_game(fp, g);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    fclose(fp);
    return buf;
}

static void assert_settled_like_whole(const char *path, const struct settled *s)
{
    size_t len;
    char *whole = whole_dump(path, &len);
    bool same = len == s->len && memcmp(whole, s->dump, len) == 0;
    if (!same) dump_first_difference(path, "one reader", whole, "settled", s->dump);
    assert_true(same);
    free(whole);
}

/* Cuts where reader_part_split finds them, every 'step' bytes or so. */
static size_t find_cuts(const char *path, size_t step, size_t *cuts, size_t max)
{
    size_t size, n = 0, from = 0;
    char *bytes = slurp(path, &size);
    while (n < max && from + step < size) {
        size_t at = reader_part_split(bytes + from, step, size - from);
        if (at == 0) break;
        cuts[n++] = from + at;
        from += at;
    }
    free(bytes);
    return n;
}

/* A French championship file (tests/data/SOURCES.md): every game ends
 * with a result, so every cut is accepted. */
static const char clean_file[] = "tests/data/tournaments/Championnat de France 2021.pdn";

static void test_parts_of_a_clean_file_are_all_accepted(void **state)
{
    (void)state;
    size_t cuts[256];
    size_t n = find_cuts(clean_file, 2000, cuts, 256);
    assert_true(n >= 10);
    struct settled s;
    settle_file(clean_file, cuts, n, &s);
    assert_int_equal(s.accepted, n + 1);
    assert_settled_like_whole(clean_file, &s);
    free(s.dump);
}

/* A hand-made file whose path is given by the caller: the text, written. */
static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

/* Offset of needle in text. */
static size_t cut_before(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    assert_non_null(at);
    return (size_t)(at - text);
}

/*
 * text written to a file and cut before each of the needles: the parts
 * before the one refused are accepted ('accepted' of them), and the
 * settling, and the threads, read what one reader reads.
 */
static void assert_settles(const char *text, const char *const *needles, size_t n, size_t accepted)
{
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, text);
    size_t cuts[8];
    assert_true(n <= 8);
    for (size_t i = 0; i < n; i++)
        cuts[i] = cut_before(text, needles[i]);
    struct settled s;
    settle_file(path, cuts, n, &s);
    assert_int_equal(s.accepted, accepted);
    assert_settled_like_whole(path, &s);
    free(s.dump);
    assert_same_reading(path, 2, "64");
    unlink(path);
}

static void test_cut_inside_a_comment_is_refused(void **state)
{
    (void)state;
    /* The second cut looks like a game's end (a result, then a '[' line),
     * but stands inside a comment that runs on: the whole file's reader
     * reads one game there, and so must the settling. */
    static const char text[] = "[Event \"a\"]\n1. 32-28 19-23 2-0\n\n"
                               "[Event \"b\"]\n1. 32-28 {won 2-0\n[Event \"c\"] said} 19-23 0-2\n\n"
                               "[Event \"d\"]\n1. 31-27 1-1\n";
    static const char *const cuts[] = {"[Event \"b\"", "[Event \"c\"", "[Event \"d\""};
    assert_settles(text, cuts, 3, 1); /* the second part ends inside the comment */
}

static void test_a_byte_that_is_no_utf8_stops_the_parts(void **state)
{
    (void)state;
    /* A Latin-1 name in the second part: its reader leaves UTF-8, which
     * the whole file's reader does with the rest of the file in view. */
    static const char text[] = "[Event \"a\"]\n1. 32-28 19-23 2-0\n\n"
                               "[White \"Ren\xe9\"]\n1. 32-28 19-23 0-2\n\n"
                               "[Event \"d\"]\n1. 31-27 1-1\n";
    static const char *const cuts[] = {"[White", "[Event \"d\""};
    assert_settles(text, cuts, 2, 1);
}

/* After a part refused, one reader reads on until it stands between games
 * past that part, and the parts take up again from there: many games, a
 * comment that hides a cut among the first of them. */
/* A file of its own, to write; its name in path (of mkstemp). */
static FILE *new_file(char path[])
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *fp = fdopen(fd, "w");
    assert_non_null(fp);
    return fp;
}

/* A reading of path by threads checked against one reader's. */
typedef void (*same_reading_fn)(const char *path, int threads, const char *part_bytes);

/* The file read with parts of many sizes, from 'from' bytes by 'step',
 * on 2 and 3 threads, then removed. */
static void assert_same_in_parts_of_many_sizes(const char *path, int from, int step,
                                               same_reading_fn same)
{
    for (int bytes = from; bytes <= 400; bytes += step) {
        char size[16];
        snprintf(size, sizeof size, "%d", bytes);
        same(path, 2 + bytes % 2, size);
    }
    unlink(path);
}

/* A file of the project read with parts of many sizes, as above, kept. */
static void assert_same_in_parts_of_many_sizes_kept(const char *path)
{
    for (int bytes = 64; bytes <= 400; bytes += 37) {
        char size[16];
        snprintf(size, sizeof size, "%d", bytes);
        assert_same_reading(path, 2 + bytes % 2, size);
    }
}

/* 60 games in a file of their own, named in path; a comment hides what
 * looks like a place to cut in game 10, and every 'every' games after. */
static void write_hidden_cuts(char path[], int every)
{
    FILE *fp = new_file(path);
    for (int i = 1; i <= 60; i++) {
        fprintf(fp, "[Event \"%d\"]\n1. 32-28 19-23 ", i);
        if (i >= 10 && (i - 10) % every == 0) fputs("{won 2-0\n[Event \"hidden\"] said} ", fp);
        fprintf(fp, "2. 28x19 14x23 %s\n\n", i % 3 ? "2-0" : "1-1");
    }
    fclose(fp);
}

/* A line that opens with '[' but no tag ([Name "): a nested comment that
 * reaches it runs on past it to its '}', in the whole file's reader; a
 * part that ended before that line would close the comment at its first
 * '}' and read another game there (fuzz_threads found it, a NUL byte
 * and a "1-1" inside such a comment). No part ends before such a line. */
static const char comment_past_a_bracket_line[] =
    "[Event \"a\"]\n1. 32-28 19-23 2-0\n\n"
    "[Event \"b\"]\n1. 32-28 {one {two} three 1-1\n[Event no tag here\nfour} 19-23 0-2\n\n"
    "[Event \"d\"]\n1. 31-27 1-1\n\n";

static void test_no_cut_before_a_line_that_opens_no_tag(void **state)
{
    (void)state;
    const char *text = comment_past_a_bracket_line;
    size_t all = strlen(text);
    /* Up to the line that opens no tag: the cut before [Event "b"]. */
    assert_int_equal(reader_part_split(text, cut_before(text, "four"), all),
                     cut_before(text, "[Event \"b\""));
    /* A tag line whose quote is past the bytes held is no cut yet. */
    size_t d = cut_before(text, "[Event \"d\"");
    assert_int_equal(reader_part_split(text, d + 1, d + 5), cut_before(text, "[Event \"b\""));
    assert_int_equal(reader_part_split(text, d + 1, all), d);
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    for (int i = 0; i < 8; i++)
        fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
    assert_same_in_parts_of_many_sizes(path, 64, 17, assert_same_reading);
}

/* A file whose start is a comment running past the first part, the games
 * after it inside the comment and prose after it: the whole file's reader
 * sees no tag or move at its start (text_sniff) and reads no game; the
 * first part, its comment unclosed, looked like PDN and was read as games
 * (fuzz_threads found it). A first part that does not show PDN is read
 * again by one reader. */
static void test_a_first_part_that_shows_no_pdn(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    fputc('{', fp);
    for (int i = 0; i < 30; i++)
        fputs("1-0\n[Event \"x\"]\n", fp);
    fputs("}\n", fp);
    for (int i = 0; i < 5; i++)
        fputs("only prose here\n", fp);
    assert_int_equal(fclose(fp), 0);
    size_t len;
    char *one = read_dump(path, 0, "64", &len);
    assert_non_null(strstr(one, "not-pdn"));
    free(one);
    assert_same_in_parts_of_many_sizes(path, 64, 17, assert_same_reading);
}

/* Files joined, Latin-1 then UTF-8 (codepage.h's spans): the reader
 * leaves UTF-8 for CP1252 at the first Latin-1 byte, takes the UTF-8
 * lines after it as they stand, and the parts read them alike. */
static void test_parts_agree_on_utf8_lines_in_a_code_page(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    for (int i = 1; i <= 40; i++)
        fprintf(fp, "[Event \"%d\"]\n[White \"%s\"]\n1. 32-28 {%s} 19-23 *\n\n", i,
                i % 3 == 1 ? "M\xfcller" : "J\xc3\xa9r\xc3\xb4me",
                i % 2 ? "\xc2\xbd \xe2\x80\x93 point" : "plain");
    fclose(fp);
    size_t len;
    char *one = read_dump(path, 0, "64", &len);
    assert_non_null(strstr(one, "M\xc3\xbcller"));
    assert_non_null(strstr(one, "J\xc3\xa9r\xc3\xb4me"));
    assert_non_null(strstr(one, "\xc2\xbd \xe2\x80\x93 point"));
    assert_null(strstr(one, "\xc3\x83")); /* no Ã: no UTF-8 decoded twice */
    free(one);
    assert_same_in_parts_of_many_sizes(path, 64, 9, assert_same_reading);
}

static void test_parts_resume_after_a_refused_one(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    write_hidden_cuts(path, 60);
    /* Parts of many sizes: a cut lands on the hidden one in some. */
    assert_same_in_parts_of_many_sizes(path, 64, 7, assert_same_reading);
}

/* International games numbered from..to (their Event), each ended by a
 * result: a place to cut before each. */
static void write_games(FILE *fp, int from, int to)
{
    for (int i = from; i <= to; i++)
        fprintf(fp, "[Event \"%d\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n", i);
}

/* Comments after the last game up to the end, a trailer that is no game,
 * read in parts of every size as one reader reads them: marked, and a file
 * of comments alone said to hold no game (reader_parts_end). */
static void test_parts_agree_on_a_trailer(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    write_games(fp, 1, 8);
    fputs("{exported by X}\n; on 2024-01-01\n\n{the end}\n", fp);
    fclose(fp);
    assert_same_in_parts_of_many_sizes(path, 64, 13, assert_same_reading);
    char alone[] = "/tmp/test_reader_threads.XXXXXX";
    fp = new_file(alone);
    for (int i = 1; i <= 20; i++)
        fprintf(fp, "{comment %d}\n; line %d\n\n", i, i);
    fclose(fp);
    assert_same_in_parts_of_many_sizes(alone, 64, 13, assert_same_reading);
}

/* Games whose variant a later game decides (variant_open: the reader
 * holds them) refuse their part; one reader holds them and reads on, and
 * the parts take up again once the hold is handed over: untagged 8x8
 * games, some legal under Russian, Brazilian and Czech rules alike, some
 * under Czech rules alone, between international ones, the hold crossing
 * parts of every size. */
static void test_parts_resume_after_a_hold(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    for (int i = 1; i <= 12; i++) {
        fputs("1. c3-d4 f6-g5 *\n\n[FEN \"W:Wd4:Bc3,h8\"]\n1. d4xb2 *\n\n", fp);
        if (i % 2) fputs("[FEN \"W:Wd4:Bc3,h8\"]\n1. d4-e5 *\n\n", fp);
        for (int k = 0; k < i % 4; k++)
            fprintf(fp, "[Event \"%d\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n", i);
    }
    fclose(fp);
    assert_same_in_parts_of_many_sizes(path, 64, 11, assert_same_reading);
}

/* Two international games, an untagged 8x8 game whose moves are legal
 * under Russian, Brazilian and Czech rules alike (variant_open: the whole
 * file's reader holds it), and one legal under Czech rules alone, which
 * decides the held one again; then more international games. Cut at 200
 * bytes, the first part ends with the held game: the second ends the hold. */
static void write_hold_at_a_part_end(char path[])
{
    FILE *fp = new_file(path);
    write_games(fp, 1, 2);
    fputs("1. c3-d4 f6-g5 *\n\n", fp);
    fputs("[FEN \"W:Wd4:Bc3,h8\"]\n1. d4-e5 {a comment long enough to push the next place "
          "to cut past the bytes of a part} *\n\n",
          fp);
    write_games(fp, 5, 20);
    assert_int_equal(fclose(fp), 0);
}

/* A hold that ends in the part it starts in is the part's own: settled
 * with it. Open at the part's end, the part alone cannot settle it. */
static void test_a_hold_ending_in_its_part_is_accepted(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    write_hold_at_a_part_end(path);
    size_t size;
    char *bytes = slurp(path, &size);
    size_t told = cut_before(bytes, "[FEN"), after = cut_before(bytes, "[Event \"5\"");
    free(bytes);
    struct settled s;
    settle_file(path, &after, 1, &s);
    assert_int_equal(s.accepted, 2);
    assert_settled_like_whole(path, &s);
    free(s.dump);
    settle_file(path, &told, 1, &s);
    assert_int_equal(s.accepted, 0);
    assert_settled_like_whole(path, &s);
    free(s.dump);
    unlink(path);
}

/* A reader of path in parts of part_bytes with options o. */
static pdn_reader *open_in_parts(const char *path, const char *part_bytes,
                                 const struct pdn_reader_options *o)
{
    setenv("PDN_READER_PART_BYTES", part_bytes, 1);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, path, o), PDN_OK);
    unsetenv("PDN_READER_PART_BYTES");
    return r;
}

/* pdn_reader_options.work: each game of a part is worked on once it is
 * numbered (its index as the file's), on the thread that read it; what
 * work made is the game's until it is freed, then work_free's. */
struct work_count {
    pthread_mutex_t lock;
    size_t made, freed;
};

static void *index_work(pdn_game *game, void *ctx)
{
    struct work_count *c = ctx;
    size_t *made = malloc(sizeof *made);
    if (made) *made = game->index;
    pthread_mutex_lock(&c->lock);
    c->made += made != NULL;
    pthread_mutex_unlock(&c->lock);
    return made;
}

static struct work_count *freeing;

static void index_work_free(void *work)
{
    pthread_mutex_lock(&freeing->lock);
    freeing->freed++;
    pthread_mutex_unlock(&freeing->lock);
    free(work);
}

static void test_work_on_the_reading_threads(void **state)
{
    (void)state;
    static const char path[] = "tests/data/tournaments/Championnat de France 2021.pdn";
    struct work_count count = {.lock = PTHREAD_MUTEX_INITIALIZER};
    freeing = &count;
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    o.threads = 3;
    o.work = index_work;
    o.work_free = index_work_free;
    o.work_ctx = &count;
    pdn_reader *r = open_in_parts(path, "2000", &o);
    pdn_game *g;
    size_t games = 0, worked = 0;
    while (pdn_reader_next(&g, r) == 1) {
        const size_t *made = pdn_game_work(g);
        if (made) assert_int_equal(*made, g->index); /* numbered before the work */
        worked += made != NULL;
        assert_int_equal(g->index, ++games);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    assert_int_equal(games, 58);
    assert_int_equal(worked, games); /* every part fits: every game worked on */
    assert_int_equal(count.made, count.freed);
}

/* pdn_reader_options.work_diag: the reader's findings reach the reading
 * threads too, before the work on the games they come before, numbered as
 * on_diag gets them. The file's games each have findings of the reader
 * (a literal \r in their text, a date). */
enum { GAMES_MAX = 64 };

struct diag_count {
    pthread_mutex_t lock;
    size_t by_work[GAMES_MAX + 1], by_caller[GAMES_MAX + 1];
    size_t seen_at_work[GAMES_MAX + 1]; /* by_work of the game when it was worked on */
};

static void count_work_diag(const struct pdn_diag *d, void *ctx)
{
    struct diag_count *c = ctx;
    pthread_mutex_lock(&c->lock);
    c->by_work[d->game <= GAMES_MAX ? d->game : 0]++;
    pthread_mutex_unlock(&c->lock);
}

static void count_caller_diag(const struct pdn_diag *d, void *ctx)
{
    struct diag_count *c = ctx;
    c->by_caller[d->game <= GAMES_MAX ? d->game : 0]++;
}

static void *note_work(pdn_game *game, void *ctx)
{
    struct diag_count *c = ctx;
    pthread_mutex_lock(&c->lock);
    if (game->index <= GAMES_MAX) c->seen_at_work[game->index] = c->by_work[game->index];
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static void test_work_diag_sees_the_findings_first(void **state)
{
    (void)state;
    static const char path[] =
        "tests/data/tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn";
    struct diag_count count = {.lock = PTHREAD_MUTEX_INITIALIZER};
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    o.threads = 2;
    o.work = note_work;
    o.work_diag = count_work_diag;
    o.work_ctx = &count;
    o.on_diag = count_caller_diag;
    o.diag_ctx = &count;
    pdn_reader *r = open_in_parts(path, "3000", &o);
    pdn_game *g;
    size_t games = 0, found = 0;
    while (pdn_reader_next(&g, r) == 1) {
        games++;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    assert_int_equal(games, 48);
    for (size_t i = 0; i <= GAMES_MAX; i++) {
        assert_int_equal(count.by_work[i], count.by_caller[i]);
        if (i > 0) assert_int_equal(count.seen_at_work[i], count.by_caller[i]);
        found += count.by_caller[i];
    }
    assert_true(found >= 48);
}

static void test_split_takes_the_last_cut_after_a_result(void **state)
{
    (void)state;
    static const char text[] = "[Event \"a\"]\n[Site \"x\"]\n1. 32-28 2-0\n\n[Event \"b\"]\n"
                               "1. 32-28 19-23\n[Event \"c\"]\n1. 31-27 *\n[Event \"d\"]\n";
    /* After "2-0" and after "*"; "[Site" follows a tag, "[Event \"c\"" a move. */
    const size_t all = sizeof text - 1;
    assert_int_equal(reader_part_split(text, all, all), cut_before(text, "[Event \"d\""));
    assert_int_equal(reader_part_split(text, cut_before(text, "[Event \"c\""), all),
                     cut_before(text, "[Event \"b\""));
    assert_int_equal(reader_part_split(text, cut_before(text, "[Event \"b\""), all), 0);
    /* CR, LF and CR LF each end one line. */
    assert_int_equal(reader_part_lines("a\r\nb\rc\nd", 9), 3);
}

/* Line ends counted one at a time, as the reader meets them. */
static uint32_t lines_by_hand(const char *s, size_t len)
{
    uint32_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += s[i] == '\n' || (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n'));
    return n;
}

static void test_lines_counted_across_blocks(void **state)
{
    (void)state;
    /* Longer than the counter's 64-byte blocks, with line ends at their
     * edges, CR LF split across two, and blocks all of LFs (64 of them). */
    char text[700];
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = i % 7 == 0 ? '\n' : i % 11 == 0 ? '\r' : 'x';
    memset(text + 128, '\n', 64);
    text[63] = '\r', text[64] = '\n';
    for (size_t len = 0; len <= sizeof text; len += len < 140 ? 1 : 37)
        for (size_t from = 0; from < 3 && from <= len; from++)
            assert_int_equal(reader_part_lines(text + from, len - from),
                             lines_by_hand(text + from, len - from));
}

/* pdn_reader_options.take: the games go to take in order, on the
 * reader's threads, with the findings between them; those a single reader
 * reads (a part refused, and what follows until the parts take up again)
 * still come from pdn_reader_next, for the caller to take. take answers
 * non-zero at game stop_at (0: never). Not cmocka's asserts: take runs on
 * other threads. */
struct taking {
    FILE *fp;
    size_t games, stop_at;
    bool out_of_order;
};

static int dump_take(pdn_game *game, void *ctx)
{
    struct taking *k = ctx;
    k->out_of_order |= game->index != k->games + 1;
    dump_game(k->fp, game);
    pdn_game_free(game);
    return ++k->games == k->stop_at;
}

/* A reading of path in parts of part_bytes on so many threads, every game
 * taken (dump_take), as text as dump_reading writes it. */
static char *take_dump(const char *path, int threads, const char *part_bytes, struct taking *k,
                       size_t *len)
{
    char *buf = NULL;
    k->fp = open_memstream(&buf, len);
    assert_non_null(k->fp);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION,
                                   .filename = path,
                                   .on_diag = dump_diag_cb,
                                   .diag_ctx = k->fp,
                                   .threads = threads,
                                   .take = dump_take,
                                   .take_ctx = k};
    pdn_reader *r = open_in_parts(path, part_bytes, &o);
    pdn_game *g;
    int rc;
    while ((rc = pdn_reader_next(&g, r)) == 1)
        if (dump_take(g, k)) break;
    fprintf(k->fp, "end %d\n", rc == 1 ? 0 : rc);
    pdn_reader_free(r);
    assert_int_equal(fclose(k->fp), 0);
    return buf;
}

static void assert_same_taken(const char *path, int threads, const char *part_bytes)
{
    size_t one_len, taken_len;
    char *one = read_dump(path, 0, part_bytes, &one_len);
    struct taking k = {0};
    char *taken = take_dump(path, threads, part_bytes, &k, &taken_len);
    bool same = one_len == taken_len && memcmp(one, taken, one_len) == 0;
    if (!same) dump_first_difference(path, "one reader", one, "taken", taken);
    assert_true(same);
    assert_false(k.out_of_order);
    free(one);
    free(taken);
}

static void test_take_gets_what_one_reader_gives(void **state)
{
    (void)state;
    assert_same_taken("tests/data/tournaments/Championnat de France 2021.pdn", 3, "2000");
    assert_same_taken("tests/data/tournaments/Championnat de France 2021.pdn", 2, "64");
    /* parts refused, games from pdn_reader_next between taken ones */
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    write_hidden_cuts(path, 20);
    assert_same_in_parts_of_many_sizes(path, 64, 17, assert_same_taken);
}

/* take answering non-zero stops the reader there: no game after it is
 * taken, pdn_reader_next says the end, and the games read past it are
 * freed (the sanitizers' leak check). */
static void test_take_stops_the_reader(void **state)
{
    (void)state;
    static const char path[] = "tests/data/tournaments/Championnat de France 2021.pdn";
    for (size_t stop_at = 1; stop_at <= 58; stop_at += 19) {
        struct taking k = {.stop_at = stop_at};
        size_t len;
        char *taken = take_dump(path, 3, "700", &k, &len);
        assert_int_equal(k.games, stop_at);
        assert_false(k.out_of_order);
        assert_non_null(strstr(taken, "end 0\n"));
        free(taken);
    }
}

/* ---- past the place where a file leaves UTF-8 ------------------------------------------ */

/* The games of path read in parts of part_bytes on 3 threads, and how many
 * of them the threads worked on (read in a part accepted). */
static size_t worked_in_parts(const char *path, const char *part_bytes, struct pdn_reader_options o,
                              size_t *games)
{
    struct work_count count = {.lock = PTHREAD_MUTEX_INITIALIZER};
    freeing = &count;
    o.threads = 3;
    o.work = index_work;
    o.work_free = index_work_free;
    o.work_ctx = &count;
    pdn_reader *r = open_in_parts(path, part_bytes, &o);
    pdn_game *g;
    size_t worked = 0;
    *games = 0;
    while (pdn_reader_next(&g, r) == 1) {
        worked += pdn_game_work(g) != NULL;
        ++*games;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    assert_int_equal(count.made, count.freed);
    return worked;
}

/* Files in a code page whose first game leaves UTF-8 (a name in Latin-1 or
 * Cyrillic): one reader reads on from the part that left it only to the
 * next place between games; the parts after it are decoded in the code
 * page the reader chose, each from its own first byte, and accepted. Read
 * as one reader reads them (test_threads_agree_on_every_file), and read
 * by the threads: before, the whole file was one reader's. */
static void test_parts_go_on_in_a_code_page(void **state)
{
    (void)state;
    static const char *const paths[] = {
        "tests/data/encodings/40Camp-latin1.pdn", "tests/data/encodings/abatsiev-cp1251.pdn",
        "tests/data/encodings/abatsiev-cp866.pdn", "tests/data/encodings/abatsiev-koi8r.pdn"};
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        size_t games, worked = worked_in_parts(paths[i], "2000", o, &games);
        print_message("%s: %zu of %zu games read in parts\n", paths[i], worked, games);
        assert_true(games >= 45);
        assert_true(worked * 2 >= games);
        assert_same_in_parts_of_many_sizes_kept(paths[i]);
    }
}

/* cp1252_text's file read by one reader and by threads, as CP1252. */
static void assert_same_cp1252_reading(const char *path, int threads, const char *part_bytes)
{
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION,
                                   .encoding = PDN_ENCODING_CP1252};
    size_t one_len, many_len, games;
    setenv("PDN_READER_PART_BYTES", part_bytes, 1);
    char *one = dump_reading(path, o, NULL, &games, &one_len);
    o.threads = threads;
    char *many = dump_reading(path, o, NULL, &games, &many_len);
    unsetenv("PDN_READER_PART_BYTES");
    bool same = one_len == many_len && memcmp(one, many, one_len) == 0;
    if (!same) dump_first_difference(path, "one reader", one, "threads", many);
    assert_true(same);
    free(one);
    free(many);
}

/* 60 games in CP1252, in a file named in path: a name in game 3 leaves
 * UTF-8 (two bytes decoded from one, three for the euro), and games 20 and
 * 40 hold a byte CP1252 does not define (0x81), which becomes U+FFFD and
 * is said once, in game 20: each part's offset and finding are the whole
 * reader's, whichever part holds which byte. */
static void write_cp1252_games(char path[])
{
    FILE *fp = new_file(path);
    for (int i = 1; i <= 60; i++) {
        const char *name = i == 3 ? "Ren\xe9 \x80" : i == 20 || i == 40 ? "Odd\x81" : "Jan";
        fprintf(fp,
                "[Event \"%d\"]\n[White \"%s\"]\n1. 32-28 19-23 2. 28x19 14x23 {\xe9t\xe9} %s\n\n",
                i, name, i % 3 ? "2-0" : "1-1");
    }
    fclose(fp);
}

static void test_a_code_page_undefined_byte_is_said_once(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    write_cp1252_games(path);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION,
                                   .encoding = PDN_ENCODING_CP1252};
    size_t games, worked = worked_in_parts(path, "300", o, &games);
    assert_int_equal(games, 60);
    assert_true(worked >= 50); /* the parts took up after game 3 */
    assert_same_in_parts_of_many_sizes(path, 64, 9, assert_same_cp1252_reading);
}

/* 60 games in CP1250, not named: Polish and Czech names leave UTF-8 in game
 * 2, the reader detects CP1250 from there, and the parts after it decode
 * in it as one reader does, whatever the size of the parts. */
static void test_parts_go_on_in_cp1250(void **state)
{
    (void)state;
    static const char *const names[] = {"\xa3ukasz \x8cliwi\xf1ski", "Pawe\xb3 \xaf\xf3\xb3towski",
                                        "Ji\xf8\xed Dvo\xf8\xe1k",
                                        ("Tom\xe1\x9a \x8a\x9d"
                                         "astn\xfd")};
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    for (int i = 1; i <= 60; i++)
        fprintf(fp,
                "[Event \"%d\"]\n[White \"%s\"]\n[Site \"\xa3\xf3"
                "d\x9f\"]\n1. 32-28 19-23 2-0\n\n",
                i, i == 1 ? "Jan" : names[i % 4]);
    fclose(fp);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    size_t games, worked = worked_in_parts(path, "300", o, &games);
    assert_int_equal(games, 60);
    assert_true(worked >= 50);
    assert_same_in_parts_of_many_sizes(path, 64, 9, assert_same_reading);
}

static void test_a_wrong_guess_is_refused(void **state)
{
    (void)state;
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    struct reader_parts s;
    reader_parts_init(&s, &o, false);
    struct reader_part first = {.offset = 0, .line = 1, .first = true};
    struct reader_part_end end = {
        .offset = 100, .line = 5, .games = 2, .plain = true, .closed = true};
    assert_true(reader_parts_accept(&s, &first, &end, false));
    assert_int_equal(first.games, 0);
    struct reader_part next = {.offset = 100, .line = 6};
    assert_false(reader_parts_accept(&s, &next, &end, false)); /* a line off */
    next = (struct reader_part){.offset = 99, .line = 5};
    assert_false(reader_parts_accept(&s, &next, &end, false)); /* a byte off */
    next = (struct reader_part){.offset = 100, .line = 5};
    struct reader_part_end open = end;
    open.closed = false;
    assert_false(reader_parts_accept(&s, &next, &open, false)); /* its last game runs on */
    assert_true(reader_parts_accept(&s, &next, &open, true));   /* ... to the file's end */
    assert_int_equal(next.games, 2);
    struct reader_part_end wide = end;
    wide.plain = false;
    next = (struct reader_part){.offset = 100, .line = 5};
    assert_false(reader_parts_accept(&s, &next, &wide, true)); /* after the end accepted */
}

/* ---- a hold across parts ------------------------------------------------------------- */

/* A hold open at the end of a part and ended in the next: both parts are
 * settled together, read by the threads (each game worked on there), as
 * one reader reads them. */
static void test_a_hold_into_the_next_part(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    write_hold_at_a_part_end(path);
    struct pdn_reader_options o = {.version = PDN_READER_OPTIONS_VERSION};
    size_t games;
    assert_int_equal(worked_in_parts(path, "200", o, &games), 20);
    assert_int_equal(games, 20);
    assert_same_reading(path, 2, "200");
    assert_same_taken(path, 2, "200");
    unlink(path);
}

/* A hold open at the end of a part, and no place to cut after it within
 * PART_MAX (a game of 9 MB): the rest of the file is one reader's, and so
 * is the hold, from the start of the part it began in. */
static void test_a_hold_into_the_rest_of_the_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_reader_threads.XXXXXX";
    FILE *fp = new_file(path);
    write_games(fp, 1, 4);
    fputs("1. c3-d4 f6-g5 *\n\n[Event \"huge\"]\n1. c3-d4 {", fp);
    for (int i = 0; i < 9 << 14; i++)
        fputs("a long comment, 64 bytes a line, with no place to cut in it.\n", fp);
    fputs("} f6-g5 *\n\n[FEN \"W:Wd4:Bc3,h8\"]\n1. d4-e5 *\n\n", fp);
    assert_int_equal(fclose(fp), 0);
    assert_same_reading(path, 2, "64");
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_takes_the_last_cut_after_a_result),
        cmocka_unit_test(test_no_cut_before_a_line_that_opens_no_tag),
        cmocka_unit_test(test_a_first_part_that_shows_no_pdn),
        cmocka_unit_test(test_parts_of_a_clean_file_are_all_accepted),
        cmocka_unit_test(test_cut_inside_a_comment_is_refused),
        cmocka_unit_test(test_a_byte_that_is_no_utf8_stops_the_parts),
        cmocka_unit_test(test_parts_go_on_in_a_code_page),
        cmocka_unit_test(test_a_code_page_undefined_byte_is_said_once),
        cmocka_unit_test(test_parts_go_on_in_cp1250),
        cmocka_unit_test(test_lines_counted_across_blocks),
        cmocka_unit_test(test_a_wrong_guess_is_refused),
        cmocka_unit_test(test_parts_resume_after_a_refused_one),
        cmocka_unit_test(test_parts_agree_on_utf8_lines_in_a_code_page),
        cmocka_unit_test(test_parts_resume_after_a_hold),
        cmocka_unit_test(test_a_hold_ending_in_its_part_is_accepted),
        cmocka_unit_test(test_a_hold_into_the_next_part),
        cmocka_unit_test(test_a_hold_into_the_rest_of_the_file),
        cmocka_unit_test(test_parts_agree_on_a_trailer),
        cmocka_unit_test(test_work_on_the_reading_threads),
        cmocka_unit_test(test_work_diag_sees_the_findings_first),
        cmocka_unit_test(test_take_gets_what_one_reader_gives),
        cmocka_unit_test(test_take_stops_the_reader),
        cmocka_unit_test(test_threads_agree_on_every_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
