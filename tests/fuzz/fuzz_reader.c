/*
 * fuzz_reader: the reader (decoder, lexer, parser) over arbitrary bytes from
 * memory, lenient and strict, every encoding: each game is walked and freed.
 *
 * Properties: the reader ends (0 or a PDN_E* code, never a hang), numbers
 * games 1, 2, 3..., builds trees whose every pointer is valid, reports only
 * well-formed findings, and leaks nothing. The same bytes read for their
 * date orders from the tag lines (pdn_date_orders_add_text), whole and cut
 * in two anywhere, give the same answer and leak nothing.
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

/* The input's date orders from its text, whole or cut at 'cut'. */
static int orders_of_text(const uint8_t *data, size_t size, size_t cut)
{
    pdn_date_orders *orders;
    if (pdn_date_orders_new(&orders) < 0) return PDN_ENOMEM;
    const char *text = (const char *)data;
    int rc = pdn_date_orders_add_text(orders, text, cut, false);
    if (rc == 0) rc = pdn_date_orders_add_text(orders, text + cut, size - cut, true);
    pdn_date_orders_free(orders);
    FUZZ_CHECK(rc == 0 || rc == PDN_EENCODING || rc == PDN_ENOMEM);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int whole = orders_of_text(data, size, size);
    if (size > 0) FUZZ_CHECK(orders_of_text(data, size, data[0] % size) == whole);
    read_all(data, size, false, PDN_ENCODING_AUTO);
    read_all(data, size, true, PDN_ENCODING_AUTO);
    if (size > 0) read_all(data + 1, size - 1, data[0] & 1, (enum pdn_encoding)(data[0] % 6));
    return 0;
}
