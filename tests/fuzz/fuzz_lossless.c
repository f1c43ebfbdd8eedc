/*
 * fuzz_lossless: the lossless round trip through CSV over arbitrary bytes
 * read as PDN (tests/unit/lossless_trip.h: pdn2csv --moves --variations
 * --lossless, then csv2pdn --moves, through the library as the tools drive
 * it).
 *
 * Property: the games come back byte for byte as pdnfmt writes the input's
 * (README.md, csv2pdn(1)): csv2pdn's text once pdnfmt writes it, and
 * csv2pdn --canonical's; on a difference both texts and the rows go to
 * stderr and the target aborts. Besides: no crash, leak or hang, and no
 * system error from texts in memory.
 */
#include "fuzz.h"
#include "../unit/lossless_trip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct lossless_trip t;
    int rc = lossless_trip_run(&t, (const char *)data, size);
    if (rc != 0) fprintf(stderr, "the round trip failed: %s\n", pdn_strerror(rc));
    FUZZ_CHECK(rc == 0);
    bool same = lossless_trip_same(&t);
    if (!same) lossless_trip_show(&t);
    FUZZ_CHECK(same);
    lossless_trip_free(&t);
    return 0;
}
