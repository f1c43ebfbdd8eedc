/*
 * fuzz_csv: csv2pdn's reader (pdn_csv_reader: libcsv, the header, the PDN
 * text of each row or run of rows, its reading and replay) over arbitrary
 * bytes, in both modes. The first byte chooses the options: a row per game
 * or --moves rows, strict, the delimiter (guessed, ',', ';' or tab),
 * --excel and --iso-dates; the rest is the CSV. Its dates are read ahead
 * first (pdn_date_orders_add_csv), as csv2pdn reads a file's, and the
 * reader settles them by that table.
 *
 * Properties: the reader ends with 0 (a small input in memory is never
 * "out of memory" nor any other system error: rows that do not read are
 * findings), numbers games 1, 2, 3..., builds trees whose every pointer is
 * valid, reports only well-formed findings whose row is one of the input's
 * records, returns 0 again after the end, and leaks nothing; the read
 * ahead ends with 0 too, and reports nothing.
 */
#include "fuzz.h"
#include "pdn.h"
#include "walk.h"

struct seen {
    size_t findings;
    unsigned long max_row; /* records the input can hold: its line ends + 1 */
};

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    struct seen *s = ctx;
    walk_diag(d, &s->findings);
    FUZZ_CHECK(d->line <= s->max_row);
}

static unsigned long line_ends(const uint8_t *data, size_t size)
{
    unsigned long n = 0;
    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n' || data[i] == '\r';
    return n;
}

static void read_all(const uint8_t *data, size_t size, uint8_t how)
{
    static const char delimiters[] = {0, ',', ';', '\t'};
    struct seen seen = {0, line_ends(data, size) + 1};
    struct pdn_csv_read_options o = PDN_CSV_READ_OPTIONS_INIT;
    o.filename = "fuzz.csv";
    o.moves = how & 1;
    o.strict = how & 2;
    o.delimiter = delimiters[(how >> 2) & 3];
    o.excel_text = how & 16;
    o.iso_dates = how & 32;
    o.on_diag = on_diag;
    o.diag_ctx = &seen;
    /* fmemopen wants at least a byte: an empty input is an empty file */
    FILE *fp = size ? fmemopen((void *)data, size, "rb") : fopen("/dev/null", "rb");
    if (!fp) return;
    pdn_date_orders *orders = NULL;
    FUZZ_CHECK(pdn_date_orders_new(&orders) == 0);
    FUZZ_CHECK(pdn_date_orders_add_csv(orders, fp, &o) == 0);
    FUZZ_CHECK(seen.findings == 0);
    rewind(fp);
    pdn_csv_reader *r = NULL;
    int rc = pdn_csv_reader_open(&r, fp, &o);
    FUZZ_CHECK(rc == 0);
    pdn_csv_reader_set_date_orders(r, orders);
    pdn_game *g;
    size_t games = 0;
    while ((rc = pdn_csv_reader_next(&g, r)) > 0) {
        walk_game(g, ++games);
        pdn_game_free(g);
    }
    FUZZ_CHECK(rc == 0);
    FUZZ_CHECK(pdn_csv_reader_next(&g, r) == 0);
    FUZZ_CHECK(pdn_csv_reader_rows(r) < seen.max_row);
    pdn_csv_reader_free(r);
    pdn_date_orders_free(orders);
    fclose(fp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) {
        read_all(data, 0, 0);
        return 0;
    }
    read_all(data + 1, size - 1, data[0]);
    return 0;
}
