/*
 * csv2pdn: CSV rows back to PDN games. Options, the loop over inputs and
 * the summary; reading the rows, mapping them to games and checking those
 * is libpdn's (pdn_csv_reader); pdn_format_game writes them.
 */
#include "common.h"
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: csv2pdn [options] [FILE|FOLDER...]\n"
    "Reads CSV (standard input when no FILE, or '-'): a header row, then a game a row,\n"
    "and writes the games as PDN. Header names are tags (case ignored); moves or\n"
    "movetext holds the moves; pdn2csv's computed columns are ignored.\n"
    "\n"
    "  -o, --output FILE      write to FILE (replaced only when all went well)\n"
    "      --moves            rows of pdn2csv --moves: a game's rows make one game\n"
    "      --map COLUMN=TAG   read COLUMN as TAG (repeatable): --map 'white player=White'\n"
    "  -d, --delimiter C      fields separated by C (default: guessed from the header)\n"
    "      --tab              fields separated by tabs\n"
    "      --excel            undo pdn2csv --excel's protection of cells (=\"...\")\n"
    "      --iso-dates        Date cells are YYYY-MM-DD (pdn2csv --iso-dates): made YYYY.MM.DD\n"
    "      --canonical        write the games as pdnfmt does (moves and results normalised)\n"
    "      --strict           CSV by RFC 4180 to the letter, PDN by its grammar\n"
    "  -W WHAT                what counts, as in pdncheck: all, none, error, no-NAME, NAME\n"
    "  -w, --errors-only      report errors only, not warnings and notes (-W none)\n"
    "  -q, --quiet            no summary, no note when reading a terminal\n"
    "      --format FORMAT    findings as text (default) or json: one JSON object a "
    "line\n" TOOL_VARIANT_USAGE "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n" TOOL_SELECT_USAGE "\n"
    "Every game is checked as pdncheck checks it; findings name the CSV row and\n"
    "column (FILE:ROW:COLUMN: SEVERITY: MESSAGE). Rows that do not read are reported\n"
    "and skipped. Exit status: 0 clean, 1 errors in the input, 2 usage error,\n"
    "3 system error.\n";

enum {
    OPT_MOVES = TOOL_OPT_FIRST_FREE,
    OPT_MAP,
    OPT_TAB,
    OPT_EXCEL,
    OPT_CANONICAL,
    OPT_ISO_DATES,
};

static const struct option long_options[] = {
    {"output", required_argument, NULL, 'o'},
    {"moves", no_argument, NULL, OPT_MOVES},
    {"map", required_argument, NULL, OPT_MAP},
    {"delimiter", required_argument, NULL, 'd'},
    {"tab", no_argument, NULL, OPT_TAB},
    {"excel", no_argument, NULL, OPT_EXCEL},
    {"canonical", no_argument, NULL, OPT_CANONICAL},
    {"iso-dates", no_argument, NULL, OPT_ISO_DATES},
    {"quiet", no_argument, NULL, 'q'},
    TOOL_FINDING_LONG_OPTIONS,
    TOOL_SELECT_LONG_OPTIONS,
    TOOL_COMMON_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

struct back {
    struct pdn_csv_read_options o;
    const char *output;
    struct tool_output out;
    const char **map;
    size_t nmap;
    bool canonical;
    unsigned long rows, games;
};

static char parse_delimiter(const struct tool *t, const char *arg)
{
    if (strcmp(arg, "\\t") == 0 || strcmp(arg, "tab") == 0) return '\t';
    if (strlen(arg) != 1 || arg[0] == '"' || arg[0] == '\r' || arg[0] == '\n' ||
        (unsigned char)arg[0] >= 0x80)
        tool_usage_error(t, "-d wants one ASCII character other than '\"', not '%s'", arg);
    return arg[0];
}

static void add_map(struct tool *t, struct back *b, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || eq[1] == '\0')
        tool_usage_error(t, "--map wants COLUMN=TAG, not '%s'", arg);
    const char **map = realloc(b->map, (b->nmap + 1) * sizeof *map);
    if (!map) {
        tool_system_error(t, "memory", strerror(ENOMEM));
        exit(tool_exit_status(t));
    }
    b->map = map;
    b->map[b->nmap++] = arg;
}

static void parse_options(struct tool *t, struct back *b, int argc, char **argv)
{
    int opt;
    while ((opt = getopt_long(argc, argv, ":o:d:W:wqhg:", long_options, NULL)) != -1) {
        if (tool_common_option(t, opt, optarg) || tool_finding_option(t, opt, optarg) ||
            tool_select_option(t, opt, optarg))
            continue;
        switch (opt) {
        case 'o':
            b->output = optarg;
            break;
        case OPT_MOVES:
            b->o.moves = true;
            break;
        case OPT_MAP:
            add_map(t, b, optarg);
            break;
        case 'd':
            b->o.delimiter = parse_delimiter(t, optarg);
            break;
        case OPT_TAB:
            b->o.delimiter = '\t';
            break;
        case OPT_EXCEL:
            b->o.excel_text = true;
            break;
        case OPT_ISO_DATES:
            b->o.iso_dates = true;
            break;
        case OPT_CANONICAL:
            b->canonical = true;
            break;
        case 'q':
            t->quiet = true;
            break;
        default:
            tool_option_error(t, opt, argv);
        }
    }
    b->o.strict = t->strict;
    b->o.draw_rules = t->draw_rules;
    b->o.gametype = t->gametype;
    b->o.map = b->map;
    b->o.nmap = b->nmap;
}

/* The game as the row gave it (its text, checked), or in canonical form. */
static int write_game(struct back *b, const pdn_game *game)
{
    if (b->canonical || !game->raw) return pdn_format_game(b->out.fp, game, NULL);
    size_t n = game->raw_len;
    while (n > 0 && (game->raw[n - 1] == '\n' || game->raw[n - 1] == ' '))
        n--;
    fwrite(game->raw, 1, n, b->out.fp);
    fputs("\n\n", b->out.fp);
    return ferror(b->out.fp) ? PDN_EIO : 0;
}

/* One input: 0, or a negative code that stops the run (writing failed). */
static int convert(struct tool *t, struct back *b, const char *operand)
{
    bool std_in = strcmp(operand, "-") == 0;
    FILE *fp = std_in ? stdin : fopen(operand, "rb");
    if (!fp) {
        tool_system_error(t, operand, strerror(errno));
        return 0;
    }
    b->o.filename = operand;
    /* the games not chosen (-g, --white ...): read, not written, their
     * findings dropped */
    struct tool_selecting *hold = tool_select_hold(t, tool_on_diag, t);
    b->o.on_diag = hold ? tool_select_on_diag : tool_on_diag;
    b->o.diag_ctx = hold ? (void *)hold : (void *)t;
    pdn_csv_reader *r;
    int rc = pdn_csv_reader_open(&r, fp, &b->o);
    pdn_game *game;
    while (rc == 0 && (rc = pdn_csv_reader_next(&game, r)) > 0) {
        bool chosen = pdn_select_match(t->select, game);
        tool_select_release(hold, game->index, chosen);
        rc = chosen ? write_game(b, game) : 0;
        b->games += chosen;
        if (pdn_select_exhausted(t->select, game->index)) rc = 1;
        pdn_game_free(game);
    }
    tool_select_end(hold);
    b->rows += pdn_csv_reader_rows(r);
    pdn_csv_reader_free(r);
    if (rc < 0 && rc != PDN_EIO) tool_system_error(t, operand, pdn_strerror(rc));
    if (ferror(fp)) tool_system_error(t, operand, strerror(errno ? errno : EIO));
    if (!std_in) fclose(fp);
    return rc == PDN_EIO ? rc : 0;
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct back b;
    tool_init(&t, "csv2pdn", usage);
    t.long_options = long_options;
    t.input_ext = ".csv";
    b.o = (struct pdn_csv_read_options)PDN_CSV_READ_OPTIONS_INIT;
    opterr = 0;
    parse_options(&t, &b, argc, argv);
    if (tool_output_open_for(&t, &b.out, b.output, argc - optind, argv + optind) != 0)
        return tool_exit_status(&t);
    int n = argc - optind, stop = 0;
    if (n == 0) tool_stdin_notice(&t);
    struct tool_inputs in;
    tool_list_inputs(&t, &in, n, argv + optind);
    for (size_t i = 0; i < in.n && stop == 0; i++)
        stop = in.items[i].kind == TOOL_INPUT_FILE ? convert(&t, &b, in.items[i].path)
                                                   : tool_read_input(&t, &in.items[i], NULL, NULL);
    tool_inputs_free(&in);
    if (stop == PDN_EIO) b.out.err = errno ? errno : EIO;
    if (!t.quiet)
        fprintf(stderr, "%s: %lu row%s in, %lu game%s out\n", t.prog, b.rows,
                b.rows == 1 ? "" : "s", b.games, b.games == 1 ? "" : "s");
    tool_output_close(&t, &b.out, t.status < TOOL_EXIT_SYSTEM);
    free(b.map);
    pdn_select_free(t.select);
    return tool_exit_status(&t);
}
