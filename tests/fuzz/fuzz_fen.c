/*
 * fuzz_fen: pdn_board_from_fen over arbitrary text, for every variant.
 *
 * Properties: a refusal names an offset inside the text and leaves the board
 * cleared; an accepted FEN writes canonically (shorter than PDN_FEN_MAX),
 * the canonical text reads back to the same board and writes to itself.
 */
#include "fuzz.h"
#include "pdn.h"

#include <string.h>

static void check_refusal(const struct pdn_board *b, enum pdn_variant v, const char *fen,
                          const struct pdn_fen_error *err)
{
    struct pdn_board empty;
    pdn_board_clear(&empty, v);
    FUZZ_CHECK(err->status != PDN_FEN_OK && err->status < PDN_FEN_STATUS_COUNT);
    FUZZ_CHECK(err->offset <= strlen(fen));
    FUZZ_CHECK(pdn_fen_status_message(err->status) != NULL);
    FUZZ_CHECK(pdn_board_equal(b, &empty));
}

static void check_round_trip(const struct pdn_board *b, enum pdn_variant v)
{
    char text[PDN_FEN_MAX], again[PDN_FEN_MAX];
    struct pdn_board back;
    struct pdn_fen_error err;
    size_t len = pdn_board_to_fen(text, b);
    FUZZ_CHECK(len < PDN_FEN_MAX && len == strlen(text));
    FUZZ_CHECK(pdn_board_from_fen(&back, v, text, &err) == PDN_OK);
    FUZZ_CHECK(pdn_board_equal(b, &back));
    pdn_board_to_fen(again, &back);
    FUZZ_CHECK(strcmp(text, again) == 0);
    for (int sq = 1; sq <= pdn_board_squares(b); sq++)
        FUZZ_CHECK(pdn_board_get(b, sq) == pdn_board_get(&back, sq));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *fen = fuzz_cstring(data, size);
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        struct pdn_board b;
        struct pdn_fen_error err;
        int rc = pdn_board_from_fen(&b, (enum pdn_variant)v, fen, &err);
        FUZZ_CHECK(rc == PDN_OK || rc == PDN_ESYNTAX);
        if (rc == PDN_OK)
            check_round_trip(&b, (enum pdn_variant)v);
        else
            check_refusal(&b, (enum pdn_variant)v, fen, &err);
    }
    free(fen);
    return 0;
}
