/*
 * fuzz_reader: the reader (decoder, lexer, parser) over arbitrary bytes from
 * memory, lenient and strict, every encoding: each game is walked and freed.
 *
 * Properties: the reader ends (0 or a PDN_E* code, never a hang), numbers
 * games 1, 2, 3..., builds trees whose every pointer is valid, reports only
 * well-formed findings, and leaks nothing.
 */
#include "fuzz.h"
#include "pdn.h"
#include "walk.h"

/* Games read from one input, however it ends. */
static size_t read_all(const uint8_t *data, size_t size, bool strict, enum pdn_encoding enc)
{
    size_t findings = 0, games = 0;
    struct pdn_reader_options ro = {
        .version = PDN_READER_OPTIONS_VERSION,
        .filename = "fuzz.pdn",
        .strict = strict,
        .encoding = enc,
        .on_diag = walk_diag,
        .diag_ctx = &findings,
    };
    pdn_reader *r = NULL;
    int rc = pdn_reader_open_memory(&r, data, size, &ro);
    FUZZ_CHECK(rc == PDN_OK || rc < 0);
    if (rc < 0) return 0;
    pdn_game *g;
    while ((rc = pdn_reader_next(&g, r)) > 0) {
        walk_game(g, ++games);
        pdn_game_free(g);
    }
    FUZZ_CHECK(rc == 0 || (rc < 0 && pdn_strerror(rc) != NULL));
    /* After the end, the end again. */
    if (rc == 0) FUZZ_CHECK(pdn_reader_next(&g, r) == 0);
    pdn_reader_free(r);
    return games;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    read_all(data, size, false, PDN_ENCODING_AUTO);
    read_all(data, size, true, PDN_ENCODING_AUTO);
    if (size > 0) read_all(data + 1, size - 1, data[0] & 1, (enum pdn_encoding)(data[0] % 6));
    return 0;
}
