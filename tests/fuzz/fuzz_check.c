/*
 * fuzz_check: the whole pdncheck/pdnfmt pipeline over arbitrary bytes: read
 * (lenient, then strict), replay every game with its variations, write it with
 * pdn_write_game to a memory stream.
 *
 * Properties: everything the memory tools need holds (no crash, leak, hang);
 * each ply handed to the callback is the move played on the board before;
 * and, unless FUZZ_ROUNDTRIP=0 is in the environment, what the writer wrote
 * reads back as exactly one game that writes to the same bytes (nothing
 * lost, nothing split, writing is stable), and what pdn_format_game writes
 * with fix (pdnfmt --fix) for a game without errors leaves nothing to
 * repair: formatted with fix again, it gives no PDN_DIAG_FIXED note. (In a
 * broken game, moves kept as comments change what the moves after them
 * read as: nothing there has one reading.) And the reader's two paths
 * agree: read with PDN_SLOW_PATH=1 (tokens only, no quick lane), every
 * game and every finding is what the usual reading gives (game_dump.h),
 * and the variant's clues the parser gathered from the moves are what
 * their texts say (variant_moves_gathered).
 */
#include "fuzz.h"
#include "game.h"
#include "pdn.h"
#include "variant.h"
#include "walk.h"
#include "../unit/game_dump.h"

#include <string.h>

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct pdn_board b = *before;
    (void)ctx;
    FUZZ_CHECK(node != NULL && depth >= 0);
    FUZZ_CHECK(move->from >= 1 && move->from <= pdn_board_squares(before));
    FUZZ_CHECK(move->to >= 1 && move->to <= pdn_board_squares(before));
    pdn_board_play(&b, move);
    FUZZ_CHECK(pdn_board_equal(&b, after));
}

/* The game as canonical PDN, in a malloc'd buffer (*len bytes). */
static char *write_game(const pdn_game *g, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    FUZZ_CHECK(fp != NULL);
    struct pdn_write_options wo = {.version = PDN_WRITE_OPTIONS_VERSION};
    FUZZ_CHECK(pdn_write_game(fp, g, &wo) == PDN_OK);
    FUZZ_CHECK(fclose(fp) == 0);
    return buf;
}

/* Written text reads back as one game that writes to the same bytes. */
static void check_rewrite(const char *text, size_t len)
{
    struct pdn_reader_options ro = {
        .version = PDN_READER_OPTIONS_VERSION, .filename = "written.pdn", .on_diag = walk_diag};
    pdn_reader *r;
    pdn_game *g;
    FUZZ_CHECK(pdn_reader_open_memory(&r, text, len, &ro) == PDN_OK);
    FUZZ_CHECK(pdn_reader_next(&g, r) == 1);
    size_t len2;
    char *again = write_game(g, &len2);
    if (len2 != len || memcmp(text, again, len) != 0)
        fprintf(stderr, "written once:\n%.*s\nwritten twice:\n%.*s\n", (int)len, text, (int)len2,
                again);
    FUZZ_CHECK(len2 == len && memcmp(text, again, len) == 0);
    free(again);
    pdn_game_free(g);
    FUZZ_CHECK(pdn_reader_next(&g, r) == 0);
    pdn_reader_free(r);
}

/* pdn_format_game with fix, findings to on_diag; a malloc'd buffer. */
static char *format_fixed(const pdn_game *g, size_t *len, pdn_diag_fn on_diag)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    FUZZ_CHECK(fp != NULL);
    struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
    fo.fix = true;
    fo.filename = "fuzz.pdn";
    fo.on_diag = on_diag;
    int rc = pdn_format_game(fp, g, &fo);
    FUZZ_CHECK(rc == PDN_OK || rc == PDN_ENOMEM);
    FUZZ_CHECK(fclose(fp) == 0);
    return buf;
}

static void no_repair_left(const struct pdn_diag *d, void *ctx)
{
    walk_diag(d, ctx);
    if (d->code == PDN_DIAG_FIXED)
        fprintf(stderr, "fixed twice: %u:%u '%s': %s\n", d->line, d->col, d->text ? d->text : "",
                d->detail ? d->detail : "");
    FUZZ_CHECK(d->code != PDN_DIAG_FIXED);
}

/* What fix wrote, read back, has nothing left to repair. */
static void check_fix(const pdn_game *g)
{
    size_t len, len2;
    char *text = format_fixed(g, &len, walk_diag);
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION, .filename = "fixed.pdn"};
    pdn_reader *r;
    pdn_game *again;
    FUZZ_CHECK(pdn_reader_open_memory(&r, text, len, &ro) == PDN_OK);
    while (pdn_reader_next(&again, r) > 0) {
        free(format_fixed(again, &len2, no_repair_left));
        pdn_game_free(again);
    }
    pdn_reader_free(r);
    free(text);
}

static void check_game(const pdn_game *g, bool roundtrip)
{
    size_t findings = 0;
    struct pdn_replay_options opt = {
        .version = PDN_REPLAY_OPTIONS_VERSION,
        .filename = "fuzz.pdn",
        .on_diag = walk_diag,
        .diag_ctx = &findings,
        .on_ply = on_ply,
    };
    struct pdn_replay_summary sum;
    int rc = pdn_replay_game(&sum, g, &opt);
    FUZZ_CHECK(rc == PDN_OK || rc < 0);
    if (rc == PDN_OK) FUZZ_CHECK(sum.errors + sum.warnings + sum.notes <= findings);
    size_t len;
    char *text = write_game(g, &len);
    if (roundtrip) check_rewrite(text, len);
    free(text);
    if (roundtrip && rc == PDN_OK && sum.errors == 0 && game_internal(g)->read_errors == 0)
        check_fix(g);
}

/* Every game of the input, read lenient or strict. */
static void check_input(const uint8_t *data, size_t size, bool strict, bool roundtrip)
{
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION,
                                    .filename = "fuzz.pdn",
                                    .strict = strict,
                                    .on_diag = walk_diag};
    pdn_reader *r;
    pdn_game *g;
    size_t games = 0;
    if (pdn_reader_open_memory(&r, data, size, &ro) != PDN_OK) return;
    while (pdn_reader_next(&g, r) > 0) {
        walk_game(g, ++games);
        check_game(g, roundtrip);
        pdn_game_free(g);
    }
    pdn_reader_free(r);
}

/* The parser gathered what the variant's clues need from the moves. */
static void check_gathered(const pdn_game *g)
{
    FUZZ_CHECK(variant_moves_gathered(g));
}

/* Every game and finding of the input as text (*len bytes), read with
 * the quick lane or by tokens only. */
static char *dump_input(const uint8_t *data, size_t size, bool strict, bool slow, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    FUZZ_CHECK(fp != NULL);
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION,
                                    .filename = "fuzz.pdn",
                                    .strict = strict,
                                    .on_diag = dump_diag_cb,
                                    .diag_ctx = fp};
    if (slow) setenv("PDN_SLOW_PATH", "1", 1);
    pdn_reader *r;
    int rc = pdn_reader_open_memory(&r, data, size, &ro);
    unsetenv("PDN_SLOW_PATH");
    dump_to_end(fp, r, rc, check_gathered);
    FUZZ_CHECK(fclose(fp) == 0);
    return buf;
}

/* The quick lane leaves what the token path leaves. */
static void check_paths(const uint8_t *data, size_t size, bool strict)
{
    size_t quick_len, slow_len;
    char *quick = dump_input(data, size, strict, false, &quick_len);
    char *slow = dump_input(data, size, strict, true, &slow_len);
    bool same = quick_len == slow_len && memcmp(quick, slow, quick_len) == 0;
    if (!same)
        fprintf(stderr, "quick lane:\n%.*s\ntokens only:\n%.*s\n", (int)quick_len, quick,
                (int)slow_len, slow);
    FUZZ_CHECK(same);
    free(quick);
    free(slow);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *env = getenv("FUZZ_ROUNDTRIP");
    bool roundtrip = env == NULL || strcmp(env, "0") != 0;
    check_input(data, size, false, roundtrip);
    check_input(data, size, true, roundtrip);
    check_paths(data, size, false);
    check_paths(data, size, true);
    return 0;
}
