/*
 * pdnengine: libpdn's engine for other programs. "pdnengine hub" speaks
 * Scan's Hub protocol on standard input and output, so GUIs and libraries
 * that drive Scan drive it unchanged (hub.c). Options set the variant, the
 * level and the table size the protocol's set-param may change.
 */
#include "../common.h"
#include "pdnengine.h"

#include <string.h>

enum { OPT_LEVEL = TOOL_OPT_FIRST_FREE, OPT_TABLE };

static const struct option long_options[] = {
    {"variant", required_argument, NULL, TOOL_OPT_VARIANT},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"table", required_argument, NULL, OPT_TABLE},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, TOOL_OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static const char usage[] =
    "Usage: pdnengine [options] hub\n"
    "The libpdn engine for other programs: 'hub' speaks Scan's Hub protocol\n"
    "(version 2) on standard input and output.\n"
    "\n"
    "      --variant NAME     the game played: international (default), brazilian,\n"
    "                         russian, english, czech, italian (Hub: set-param\n"
    "                         name=variant)\n"
    "      --level N          1 (beginner) to 4 (strongest): the limits of a level\n"
    "                         unless the 'level' command sets others; 0 (default):\n"
    "                         the 'level' command alone\n"
    "      --table MB         transposition table size in MiB (default 16)\n"
    "  -h, --help             this help\n"
    "      --version          the version\n"
    "\n"
    "Exit status: 0 after 'quit' or the end of the input, 2 usage error,\n"
    "3 system error. See pdnengine(1).\n";

int main(int argc, char **argv)
{
    struct tool t;
    tool_init(&t, "pdnengine", usage);
    struct engine_options o = {.variant = PDN_VARIANT_INTERNATIONAL};
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, ":h", long_options, NULL)) != -1) {
        switch (opt) {
        case TOOL_OPT_VARIANT:
            if (!pdn_variant_parse(&o.variant, optarg))
                tool_usage_error(&t, "--variant wants a variant's name, not '%s'", optarg);
            break;
        case OPT_LEVEL:
            o.level = (int)tool_parse_long(&t, "--level", optarg, 0, PDN_ENGINE_LEVELS);
            break;
        case OPT_TABLE:
            o.table_mb = (size_t)tool_parse_long(&t, "--table", optarg, 1, 4096);
            break;
        default:
            if (!tool_common_option(&t, opt, optarg)) tool_option_error(&t, opt, argv);
        }
    }
    if (optind >= argc) tool_usage_error(&t, "what to speak? 'hub'");
    if (strcmp(argv[optind], "hub") != 0)
        tool_usage_error(&t, "unknown protocol '%s' (hub)", argv[optind]);
    if (optind + 1 < argc) tool_usage_error(&t, "unexpected operand '%s'", argv[optind + 1]);
    return hub_run(&o);
}
