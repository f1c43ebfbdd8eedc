/*
 * csv2pdn: CSV rows back to PDN games. Options, the loop over inputs and
 * the summary; reading the rows, mapping them to games and checking those
 * is libpdn's (pdn_csv_reader); pdn_format_game writes them.
 */
#include "common.h"
#include "event_dates.h"
#include "repeats.h"
#include "output.h"
#include "report.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: csv2pdn [options] [FILE|FOLDER...]\n"
    "Reads CSV (standard input when no FILE, or '-'): a header row, then a game a row,\n"
    "and writes the games as PDN. Header names are tags (the roster's in any case:\n"
    "white, WHITE), an empty cell no tag; moves or movetext, in lower case, holds\n"
    "the moves (without either, a row is a game of its tags alone); pdn2csv's\n"
    "computed columns are ignored.\n"
    "\n" TOOL_OUTPUT_USAGE
    "      --moves            rows of pdn2csv --moves: a game's rows make one game\n"
    "      --map COLUMN=TAG   read COLUMN as TAG (repeatable): --map 'white player=White'\n"
    "  -d, --delimiter C      fields separated by C (default: guessed from the header)\n"
    "      --tab              fields separated by tabs\n"
    "      --excel            undo pdn2csv --excel's protection of cells (=\"...\")\n"
    "      --iso-dates        Date cells are YYYY-MM-DD (pdn2csv --iso-dates): made YYYY.MM.DD\n"
    "      --canonical        write the games as pdnfmt does (moves and results normalised)\n"
    "      --strict           CSV by RFC 4180 to the letter, PDN by its grammar\n"
    "      --encoding NAME    a CSV not in UTF-8: cp1252 (a spreadsheet's), latin1,\n"
    "                         cp1250, latin2, cp1251, cp866, koi8-r (default: UTF-8\n"
    "                         only); UTF-16 and UTF-32 (Excel's Unicode Text) are\n"
    "                         recognised whatever NAME says\n" TOOL_FINDING_USAGE
    "  -q, --quiet            no summary, no note when reading a terminal\n" TOOL_FORMAT_USAGE
        TOOL_VARIANT_USAGE TOOL_HELP_USAGE "\n" TOOL_SELECT_USAGE "\n"
    "Every game is checked as pdncheck checks it; findings name the CSV row and\n"
    "column (FILE:ROW:COLUMN: SEVERITY: MESSAGE). Rows that do not read are reported\n"
    "and skipped. A date that could be swapped (10.03.2003) is read as the other\n"
    "dates of its event or file show, its Event and Date cells read first (not from\n"
    "a pipe). Exit status: 0 clean, 1 errors in the input, 2 usage error,\n"
    "3 system error.\n";

/* The run: how the CSV is read, where the games go, what was counted. */
struct conversion {
    struct pdn_csv_read_options o;
    const char *output;
    struct tool_output out;
    const char **map;
    size_t nmap, capmap;
    bool canonical;
    bool not_games; /* an input was no CSV of games: -o's file is kept */
    unsigned long rows, games;
    pdn_scratch *scratch; /* the formatter's memory, kept from game to game (NULL: none) */
};

static void add_map(struct tool *t, void *state, const char *arg)
{
    struct conversion *cv = state;
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || eq[1] == '\0')
        tool_usage_error(t, "--map wants COLUMN=TAG, not '%s'", arg);
    if (!vec_reserve((void **)&cv->map, &cv->capmap, cv->nmap, sizeof *cv->map))
        tool_out_of_memory(t);
    cv->map[cv->nmap++] = arg;
}

/* -d C, and --tab (no argument). */
static void parse_delimiter(struct tool *t, void *state, const char *arg)
{
    ((struct conversion *)state)->o.delimiter = arg ? tool_parse_delimiter(t, arg) : '\t';
}

static void parse_options(struct tool *t, struct conversion *cv, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_TEXT('o', "output", struct conversion, output),
        TOOL_FLAG(0, "moves", struct conversion, o.moves),
        TOOL_CALL(0, "map", required_argument, add_map),
        TOOL_CALL('d', "delimiter", required_argument, parse_delimiter),
        TOOL_CALL(0, "tab", no_argument, parse_delimiter),
        TOOL_FLAG(0, "excel", struct conversion, o.excel_text),
        TOOL_FLAG(0, "canonical", struct conversion, canonical),
        TOOL_FLAG(0, "iso-dates", struct conversion, o.iso_dates),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&tool_choosing_part, &tool_finding_part,
                                                           &tool_common_part, NULL};
    tool_parse_options(t, cv, own, parts, argc, argv);
    cv->o.strict = t->strict;
    cv->o.draw_rules = t->draw_rules;
    cv->o.gametype = t->gametype;
    cv->o.encoding = t->encoding;
    cv->o.map = cv->map;
    cv->o.nmap = cv->nmap;
}

/* The game as the row gave it (its text, checked), or in canonical form. */
static int write_game(struct conversion *cv, const pdn_game *game)
{
    if (cv->canonical || !game->raw) {
        struct pdn_format_options fo = PDN_FORMAT_OPTIONS_INIT;
        fo.scratch = cv->scratch;
        return pdn_format_game(cv->out.fp, game, &fo);
    }
    size_t n = game->raw_len;
    while (n > 0 && (game->raw[n - 1] == '\n' || game->raw[n - 1] == ' '))
        n--;
    fwrite(game->raw, 1, n, cv->out.fp);
    fputs("\n\n", cv->out.fp);
    return ferror(cv->out.fp) ? PDN_EIO : 0;
}

/* Whether a game read without --excel holds a cell as pdn2csv --excel
 * keeps it as text for spreadsheets (="1-0"): a Result read as '="1-0"'
 * and a line of findings a row would otherwise be all the user sees. */
static bool excel_protected(const pdn_game *game)
{
    for (uint32_t i = 0; i <= game->ntags; i++) {
        const char *v = i < game->ntags ? game->tags[i].value : game->result_text;
        size_t n = v ? strlen(v) : 0;
        if (n >= 3 && v[0] == '=' && v[1] == '"' && v[n - 1] == '"') return true;
    }
    return false;
}

/* Says once a file that --excel would read: what its cells are. */
static void excel_hint(const struct tool *t, const char *operand)
{
    if (t->quiet || t->json) return;
    struct tool_message m;
    FILE *fp = tool_message_open(&m, stderr);
    fprintf(fp, "%s: ", t->prog);
    if (strcmp(operand, "-") == 0)
        fputs("standard input", fp);
    else
        tool_put_escaped(fp, operand, strlen(operand), false);
    fputs(": cells written =\"...\" for spreadsheets (pdn2csv --excel): read it with --excel\n",
          fp);
    tool_message_close(&m);
}

/* One input: 0, or a negative code that stops the run (writing failed). */
static int convert(struct tool *t, struct conversion *cv, const char *operand)
{
    bool std_in = strcmp(operand, "-") == 0;
    FILE *fp = std_in ? stdin : fopen(operand, "rb");
    if (!fp) {
        tool_system_error(t, operand, strerror(errno));
        return 0;
    }
    cv->o.filename = operand;
    /* Its Event and Date cells read first when one could be swapped, so
     * that its finding and --date read such a date as its event's, or
     * file's, other dates settle it, as the PDN tools do (a pipe is read
     * once: not so) */
    pdn_date_orders_free(t->date_orders);
    t->date_orders = event_dates_read_csv(t, operand, &cv->o);
    pdn_select_set_date_orders(t->select, t->date_orders);
    /* the games not chosen (-g, --white ...): read, not written, their
     * findings dropped */
    struct tool_selecting *hold = tool_select_hold(t, tool_on_diag, t);
    cv->o.on_diag = hold ? tool_select_on_diag : tool_on_diag;
    cv->o.diag_ctx = hold ? (void *)hold : (void *)t;
    pdn_csv_reader *r;
    int rc = pdn_csv_reader_open(&r, fp, &cv->o);
    if (rc == 0) pdn_csv_reader_set_date_orders(r, t->date_orders);
    pdn_game *game;
    bool excel = false;
    unsigned long read = 0; /* games read, chosen or not */
    while (rc == 0 && (rc = pdn_csv_reader_next(&game, r)) > 0) {
        read++;
        excel = excel || (!cv->o.excel_text && excel_protected(game));
        struct pdn_pos at = game->start;
        pdn_csv_reader_locate(r, &at);
        /* pdn2csv --lossless's row of a file's trailer: no game, its
         * comments written back as they were, unless games are chosen */
        bool trailer = pdn_game_is_trailer(game);
        bool chosen = trailer ? t->select == NULL
                              : pdn_select_match(t->select, game) &&
                                    (t->repeats == NULL ||
                                     tool_repeats_keep(t, game, operand, &at, tool_on_diag, t));
        tool_select_release(hold, game->index, chosen);
        rc = chosen ? write_game(cv, game) : 0;
        cv->games += chosen && !trailer;
        if (pdn_select_exhausted(t->select, game->index)) rc = 1;
        pdn_game_free(game);
    }
    tool_select_end(hold);
    if (excel) excel_hint(t, operand);
    cv->rows += pdn_csv_reader_rows(r);
    /* its rows, if any, gave no game: a header alone is a CSV of games */
    if (rc >= 0 && (!pdn_csv_reader_is_games(r) || (read == 0 && pdn_csv_reader_rows(r) > 0)))
        cv->not_games = true;
    pdn_csv_reader_free(r);
    if (rc < 0 && rc != PDN_EIO) tool_system_error(t, operand, pdn_strerror(rc));
    if (ferror(fp)) tool_system_error(t, operand, strerror(errno ? errno : EIO));
    if (!std_in) fclose(fp);
    return rc == PDN_EIO ? rc : 0;
}

int main(int argc, char **argv)
{
    struct tool t;
    static struct conversion cv;
    tool_init(&t, "csv2pdn", usage);
    tool_buffer_output();
    t.input_ext = ".csv";
    cv.o = (struct pdn_csv_read_options)PDN_CSV_READ_OPTIONS_INIT;
    parse_options(&t, &cv, argc, argv);
    if (tool_output_open_for(&t, &cv.out, cv.output, argc - optind, argv + optind) != 0)
        return tool_exit_status(&t);
    int n = argc - optind, stop = 0;
    if (n == 0) tool_stdin_notice(&t);
    pdn_scratch_new(&cv.scratch); /* none: each game allocates its own */
    struct tool_inputs in;
    tool_list_inputs(&t, &in, n, argv + optind);
    for (size_t i = 0; i < in.n && stop == 0; i++)
        stop = in.items[i].kind == TOOL_INPUT_FILE ? convert(&t, &cv, in.items[i].path)
                                                   : tool_read_input(&t, &in.items[i], NULL, NULL);
    tool_inputs_free(&in);
    tool_output_stopped(&t, &cv.out, stop);
    /* nothing of an input that is no CSV of games is in the games written
     * (or tags alone, of a header without moves): a named output is kept */
    if (cv.not_games) tool_output_keep(&t, &cv.out, "an input is not a CSV of games");
    if (!t.quiet && tool_output_dropped(&t, &cv.out))
        fprintf(stderr, "%s: %lu row%s in, no game written to %s\n", t.prog, cv.rows,
                cv.rows == 1 ? "" : "s", cv.out.path);
    else if (!t.quiet)
        fprintf(stderr, "%s: %lu row%s in, %lu game%s out\n", t.prog, cv.rows,
                cv.rows == 1 ? "" : "s", cv.games, cv.games == 1 ? "" : "s");
    tool_output_close(&t, &cv.out, t.status < TOOL_EXIT_SYSTEM);
    free(cv.map);
    pdn_scratch_free(cv.scratch);
    tool_select_end_run(&t, t.status < TOOL_EXIT_SYSTEM);
    return tool_exit_status(&t);
}
