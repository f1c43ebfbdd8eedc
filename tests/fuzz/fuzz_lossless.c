/*
 * fuzz_lossless: the lossless round trips through CSV over arbitrary bytes
 * read as PDN (tests/unit/lossless_trip.h, through the library as the
 * tools drive it): by plies, pdn2csv --moves --variations --lossless then
 * csv2pdn --moves; by game rows, pdn2csv --lossless then csv2pdn.
 *
 * Property: either way the games come back byte for byte as pdnfmt writes
 * the input's (README.md, csv2pdn(1)): csv2pdn's text once pdnfmt writes
 * it, and csv2pdn --canonical's; on a difference both texts and the rows
 * go to stderr and the target aborts. Besides: no crash, leak or hang, and
 * no system error from texts in memory.
 */
#include "fuzz.h"
#include "../unit/lossless_trip.h"

static void trip(const uint8_t *data, size_t size, bool by_games)
{
    struct lossless_trip t;
    int rc = lossless_trip_run_as(&t, (const char *)data, size, by_games);
    if (rc != 0) fprintf(stderr, "the round trip failed: %s\n", pdn_strerror(rc));
    FUZZ_CHECK(rc == 0);
    bool same = lossless_trip_same(&t);
    if (!same) lossless_trip_show(&t);
    FUZZ_CHECK(same);
    lossless_trip_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    trip(data, size, false);
    trip(data, size, true);
    return 0;
}
