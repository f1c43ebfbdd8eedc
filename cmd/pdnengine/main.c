/*
 * pdnengine: libpdn's engine for other programs. "pdnengine hub" speaks
 * Scan's Hub protocol on standard input and output, so GUIs and libraries
 * that drive Scan drive it unchanged (hub.c). Options set the variant, the
 * level and the table size the protocol's set-param may change.
 */
#include "../common.h"
#include "../played.h"
#include "pdnengine.h"

#include <string.h>

enum {
    OPT_LEVEL = TOOL_OPT_FIRST_FREE,
    OPT_TABLE,
    OPT_LISTEN,
    OPT_CONNECT,
    OPT_TIMEOUT,
    OPT_MAX_PLIES,
    OPT_TAKE_BACK,
    OPT_BLACK
};

static const struct option long_options[] = {
    {"variant", required_argument, NULL, TOOL_OPT_VARIANT},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"table", required_argument, NULL, OPT_TABLE},
    {"listen", required_argument, NULL, OPT_LISTEN},
    {"connect", required_argument, NULL, OPT_CONNECT},
    {"output", required_argument, NULL, 'o'},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"max-plies", required_argument, NULL, OPT_MAX_PLIES},
    {"take-back-at", required_argument, NULL, OPT_TAKE_BACK},
    {"black", no_argument, NULL, OPT_BLACK},
    TOOL_HELP_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

static const char usage[] =
    "Usage: pdnengine [options] hub\n"
    "       pdnengine [options] dxp --listen PORT | --connect HOST:PORT\n"
    "The libpdn engine for other programs: 'hub' speaks Scan's Hub protocol\n"
    "(version 2) on standard input and output; 'dxp' plays one game of\n"
    "international draughts over DXP (DamExchange) on TCP.\n"
    "\n" TOOL_PLAY_VARIANT_USAGE "                         (Hub: set-param name=variant)\n"
    "      --level N          1 (beginner) to 4 (strongest): the limits of a level\n"
    "                         unless the 'level' command sets others; 0 (default):\n"
    "                         the 'level' command alone\n"
    "      --table MB         transposition table size in MiB (default 16)\n"
    "DXP:\n"
    "      --listen PORT      wait for a peer on PORT (27531 is DXP's) and follow\n"
    "                         its game request\n"
    "      --connect HOST:PORT  connect and send a game request\n"
    "      --black            with --connect: play Black (default White)\n"
    "  -o, --output FILE      write the game as PDN to FILE, however it ends\n"
    "      --timeout S        seconds to wait for the peer (default 60)\n"
    "      --max-plies N      a draw after N plies (default 300)\n"
    "      --take-back-at N   ask the peer to take back two plies at ply N\n" TOOL_HELP_USAGE "\n"
    "Exit status: 0 after 'quit' or the end of the input (hub) or a game that\n"
    "ended by the rules (dxp), 1 a DXP game cut short (garbage, a closed\n"
    "connection, a timeout), 2 usage error, 3 system error. See pdnengine(1).\n";

int main(int argc, char **argv)
{
    struct tool t;
    tool_init(&t, "pdnengine", usage);
    struct engine_options o = {
        .variant = PDN_VARIANT_INTERNATIONAL, .timeout = 60, .max_plies = 300};
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, ":ho:", long_options, NULL)) != -1) {
        switch (opt) {
        case TOOL_OPT_VARIANT:
            o.variant = tool_parse_variant(&t, optarg);
            break;
        case OPT_LEVEL:
            o.level = (int)tool_parse_long(&t, "--level", optarg, 0, PDN_ENGINE_LEVELS);
            break;
        case OPT_TABLE:
            o.table_mb = (size_t)tool_parse_long(&t, "--table", optarg, 1, 4096);
            break;
        case OPT_LISTEN:
            o.listen = optarg;
            break;
        case OPT_CONNECT:
            o.connect = optarg;
            break;
        case 'o':
            o.output = optarg;
            break;
        case OPT_TIMEOUT:
            o.timeout = (double)tool_parse_long(&t, "--timeout", optarg, 1, 86400);
            break;
        case OPT_MAX_PLIES:
            o.max_plies = (int)tool_parse_long(&t, "--max-plies", optarg, 1, PLIES_MAX);
            break;
        case OPT_TAKE_BACK:
            o.take_back_at = (int)tool_parse_long(&t, "--take-back-at", optarg, 2, PLIES_MAX);
            break;
        case OPT_BLACK:
            o.black = true;
            break;
        default:
            if (!tool_common_option(&t, opt, optarg)) tool_option_error(&t, opt, argv);
        }
    }
    if (optind >= argc) tool_usage_error(&t, "what to speak? 'hub' or 'dxp'");
    if (optind + 1 < argc) tool_usage_error(&t, "unexpected operand '%s'", argv[optind + 1]);
    if (strcmp(argv[optind], "hub") == 0) return hub_run(&o);
    if (strcmp(argv[optind], "dxp") != 0)
        tool_usage_error(&t, "unknown protocol '%s' (hub, dxp)", argv[optind]);
    if (!o.listen == !o.connect)
        tool_usage_error(&t, "dxp wants --listen PORT or --connect HOST:PORT");
    return dxp_run(&o);
}
