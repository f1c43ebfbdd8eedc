/*
 * pdnengine: libpdn's engine for other programs. "pdnengine hub" speaks
 * Scan's Hub protocol on standard input and output, so GUIs and libraries
 * that drive Scan drive it unchanged (hub.c). Options set the variant, the
 * level and the table size the protocol's set-param may change.
 */
#include "../common.h"
#include "../dxp_game.h"
#include "../played.h"
#include "pdnengine.h"

#include <string.h>

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
    "      --timeout S        seconds to wait for the peer's move (default: the\n"
    "                         game's thinking time, at least 600)\n"
    "      --max-plies N      a draw after exactly N plies, the peer told at once\n"
    "                         when the next is its own (default 300)\n"
    "      --take-back-at N   ask the peer to take back two plies at ply N\n" TOOL_HELP_USAGE "\n"
    "Exit status: 0 after 'quit' or the end of the input (hub) or a game that\n"
    "ended by the rules (dxp), 1 a DXP game cut short (garbage, a closed\n"
    "connection, a timeout, a win the peer claims that the board does not\n"
    "show), 2 usage error, 3 system error. See pdnengine(1).\n";

/* --table MB: a size in MiB. */
static void parse_table(struct tool *t, void *state, const char *arg)
{
    ((struct engine_options *)state)->table_mb =
        (size_t)tool_parse_long(t, "--table", arg, 1, 4096);
}

static const struct tool_option own[] = {
    TOOL_VARIANT(0, "variant", struct engine_options, variant),
    TOOL_INT(0, "level", struct engine_options, level, 0, PDN_ENGINE_LEVELS),
    TOOL_CALL(0, "table", required_argument, parse_table),
    TOOL_TEXT(0, "listen", struct engine_options, listen),
    TOOL_TEXT(0, "connect", struct engine_options, connect),
    TOOL_TEXT('o', "output", struct engine_options, output),
    TOOL_SECONDS(0, "timeout", struct engine_options, timeout, 1, 86400),
    TOOL_INT(0, "max-plies", struct engine_options, max_plies, 1, PLIES_MAX),
    TOOL_INT(0, "take-back-at", struct engine_options, take_back_at, 2, PLIES_MAX),
    TOOL_FLAG(0, "black", struct engine_options, black),
    {NULL, 0, 0, 0, 0, 0, 0, NULL},
};

int main(int argc, char **argv)
{
    struct tool t;
    tool_init(&t, "pdnengine", usage);
    struct engine_options o = {
        .variant = PDN_VARIANT_INTERNATIONAL, .timeout = 0, .max_plies = 300};
    static const struct tool_option_part *const parts[] = {&tool_help_part, NULL};
    tool_parse_options(&t, &o, own, parts, argc, argv);
    if (optind >= argc) tool_usage_error(&t, "what to speak? 'hub' or 'dxp'");
    if (optind + 1 < argc) tool_usage_error(&t, "unexpected operand '%s'", argv[optind + 1]);
    if (strcmp(argv[optind], "hub") == 0) return hub_run(&o);
    if (strcmp(argv[optind], "dxp") != 0)
        tool_usage_error(&t, "unknown protocol '%s' (hub, dxp)", argv[optind]);
    if (!o.listen == !o.connect)
        tool_usage_error(&t, "dxp wants --listen PORT or --connect HOST:PORT");
    const char *address =
        dxp_address_problem(&(struct dxp_settings){.listen = o.listen, .connect = o.connect});
    if (address) tool_usage_error(&t, "%s", address);
    return dxp_run(&o);
}
