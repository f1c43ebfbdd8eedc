/*
 * options: the options every tool shares, in one place: the codes, the
 * getopt_long entries and the --help lines of the common options, of those
 * of the tools that report findings and of those that choose games; their
 * handlers (but choosing.h's, which call files that call this one); the
 * parsers several tools share (flags, keywords, -d, --variant); and the
 * usage errors (exit 2), with a suggestion for an option mistyped
 * (suggest.c). A tool describes its own options as data (struct
 * tool_option), names the shared parts it takes, and tool_parse_options
 * builds the getopt_long table and parses by them. No PDN logic.
 */
#ifndef PDN_CMD_OPTIONS_H
#define PDN_CMD_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

#include "pdn.h"

struct tool;

/* Codes of the long-only common options, above any character. */
enum {
    TOOL_OPT_STRICT = 0x100,
    TOOL_OPT_ENCODING,
    TOOL_OPT_VERSION,
    TOOL_OPT_FORMAT,
    TOOL_OPT_VARIANT,
    TOOL_OPT_DRAW_RULES,
    TOOL_OPT_FIRST_FREE /* tools number their own long-only options from here */
};

/* -h/--help and --version, which every tool takes (tool_common_option). */
#define TOOL_HELP_LONG_OPTIONS                                                                     \
    {"help", no_argument, NULL, 'h'},                                                              \
    {                                                                                              \
        "version", no_argument, NULL, TOOL_OPT_VERSION                                             \
    }

/* Their lines in --help, the same in every tool. */
#define TOOL_HELP_USAGE                                                                            \
    "  -h, --help             print this help and exit\n"                                          \
    "      --version          print the version and exit\n"

/* The common entries of a getopt_long table; -h is also a short option. */
#define TOOL_COMMON_LONG_OPTIONS                                                                   \
    {"strict", no_argument, NULL, TOOL_OPT_STRICT},                                                \
        {"encoding", required_argument, NULL, TOOL_OPT_ENCODING},                                  \
        {"variant", required_argument, NULL, TOOL_OPT_VARIANT},                                    \
        {"draw-rules", required_argument, NULL, TOOL_OPT_DRAW_RULES}, TOOL_HELP_LONG_OPTIONS

/* The --help lines of --strict and --encoding, for the tools that read PDN. */
#define TOOL_ENCODING_USAGE                                                                        \
    "      --strict           read by the PDN 3.0 grammar to the letter\n"                         \
    "      --encoding NAME    non-UTF-8 input: cp1251, cp866, koi8-r, cp1252, latin1,\n"           \
    "                         cp1250, latin2\n"

/*
 * The entries of the options of the tools that report findings: -W WHAT,
 * -w/--errors-only, --format FORMAT; tool_finding_option handles them.
 * Their short letters go in the optstring as "W:w".
 */
#define TOOL_FINDING_LONG_OPTIONS                                                                  \
    {"errors-only", no_argument, NULL, 'w'},                                                       \
    {                                                                                              \
        "format", required_argument, NULL, TOOL_OPT_FORMAT                                         \
    }

/* Codes of the options that choose games (long-only but -g), apart from the
 * common ones and the tools' own. */
enum {
    TOOL_OPT_WHITE = 0x200,
    TOOL_OPT_BLACK,
    TOOL_OPT_PLAYER,
    TOOL_OPT_EVENT,
    TOOL_OPT_SITE,
    TOOL_OPT_ROUND,
    TOOL_OPT_DATE,
    TOOL_OPT_RESULT,
    TOOL_OPT_GAMETYPE,
    TOOL_OPT_TAG,
    TOOL_OPT_UNIQUE,
    TOOL_OPT_DUPLICATES
};

/*
 * The entries of the options that choose games (see pdn-select(7)): -g N,
 * --white, --black, --player, --event, --site, --round, --date, --result,
 * --gametype, --tag, --unique, --duplicates; tool_select_option
 * (choosing.h) handles them. Their short letter goes in the optstring as
 * "g:".
 */
#define TOOL_SELECT_LONG_OPTIONS                                                                   \
    {"games", required_argument, NULL, 'g'}, {"white", required_argument, NULL, TOOL_OPT_WHITE},   \
        {"black", required_argument, NULL, TOOL_OPT_BLACK},                                        \
        {"player", required_argument, NULL, TOOL_OPT_PLAYER},                                      \
        {"event", required_argument, NULL, TOOL_OPT_EVENT},                                        \
        {"site", required_argument, NULL, TOOL_OPT_SITE},                                          \
        {"round", required_argument, NULL, TOOL_OPT_ROUND},                                        \
        {"date", required_argument, NULL, TOOL_OPT_DATE},                                          \
        {"result", required_argument, NULL, TOOL_OPT_RESULT},                                      \
        {"gametype", required_argument, NULL, TOOL_OPT_GAMETYPE},                                  \
        {"unique", optional_argument, NULL, TOOL_OPT_UNIQUE},                                      \
        {"duplicates", required_argument, NULL, TOOL_OPT_DUPLICATES},                              \
    {                                                                                              \
        "tag", required_argument, NULL, TOOL_OPT_TAG                                               \
    }

/* The --help line of --variant, a common option. */
#define TOOL_VARIANT_USAGE                                                                         \
    "      --variant NAME     games without a GameType tag are NAME (international,\n"             \
    "                         english, russian, brazilian, czech, italian) or\n"                   \
    "                         GameType N; by default inferred from each game and\n"                \
    "                         its file\n"                                                          \
    "      --draw-rules SET   international and Brazilian draw rules: fmjd (today's,\n"            \
    "                         the default) or classic (the older set); see pdn(5)\n"

/* The lines of a tool's --help for them. */
#define TOOL_SELECT_USAGE                                                                          \
    "Choosing games (see pdn-select(7); several of one kind: any of them):\n"                      \
    "  -g, --games LIST       games by number in their file: 3, 3-7, 1,4,9-\n"                     \
    "      --white NAME       White's name holds NAME (case and accents ignored)\n"                \
    "      --black NAME       Black's name holds NAME\n"                                           \
    "      --player NAME      White's or Black's name holds NAME\n"                                \
    "      --event TEXT       the Event holds TEXT\n"                                              \
    "      --site TEXT        the Site holds TEXT\n"                                               \
    "      --round ROUND      the Round is ROUND\n"                                                \
    "      --date DATES       YYYY[.MM[.DD]], or a range FROM-TO\n"                                \
    "      --result RESULT    2-0, 1-1, 0-2, 0-0, * (1-0, 1/2-1/2, 0-1 too)\n"                     \
    "      --gametype N       the GameType number (20 when there is none)\n"                       \
    "      --tag NAME=VALUE   the tag NAME is VALUE\n"                                             \
    "      --unique[=position], --duplicates FILE  each game once (pdn-select(7))\n"

/* The --help lines of -W and -w (pdncheck explains -W at length), and of
 * --format, for the tools that report findings as pdncheck does. */
#define TOOL_FINDING_USAGE                                                                         \
    "  -W WHAT                what counts, as in pdncheck: all, none, error, no-NAME, NAME\n"      \
    "                         (errors and warnings by default; all adds the notes)\n"              \
    "  -w, --errors-only      report errors only, not warnings and notes (-W none)\n"
#define TOOL_FORMAT_USAGE                                                                          \
    "      --format FORMAT    findings as text (default) or json: one JSON object a line\n"

/* -o FILE of the tools that write an output file through output.h. */
#define TOOL_OUTPUT_USAGE                                                                          \
    "  -o, --output FILE      write to FILE (replaced only when all went well)\n"

/*
 * A tool's own option as data, written once: its names, whether it takes
 * an argument, and what it does to the tool's state (a struct the tool
 * passes to tool_parse_options; the field by its offset). What no kind
 * says is a function of the tool's (TOOL_CALLS).
 */
enum tool_does {
    TOOL_SETS_TRUE,    /* bool field = true */
    TOOL_SETS_FALSE,   /* bool field = false */
    TOOL_SETS_TEXT,    /* const char *field = the argument */
    TOOL_SETS_INT,     /* int field = the argument, a number in [min, max] */
    TOOL_SETS_LONG,    /* long field = the argument, a number in [min, max] */
    TOOL_SETS_BITS,    /* unsigned field |= min */
    TOOL_SETS_VALUE,   /* int (or enum) field = min */
    TOOL_SETS_SECONDS, /* double field = the argument, whole seconds in [min, max] */
    TOOL_SETS_VARIANT, /* enum pdn_variant field = the argument (tool_parse_variant) */
    TOOL_CALLS,        /* call(t, state, argument), NULL for one without */
};
typedef void tool_option_fn(struct tool *t, void *state, const char *arg);
struct tool_option {
    const char *name; /* the long name, or NULL (then a letter) */
    int letter;       /* the short option, or 0; neither ends a table */
    int has_arg;      /* no_argument or required_argument */
    enum tool_does does;
    size_t field;
    long min, max;
    tool_option_fn *call;
};
/* The entries, by kind; letter is 0 for an option with a long name only. */
#define TOOL_FLAG(letter, name, type, field)                                                       \
    {                                                                                              \
        name, letter, no_argument, TOOL_SETS_TRUE, offsetof(type, field), 0, 0, NULL               \
    }
#define TOOL_UNFLAG(letter, name, type, field)                                                     \
    {                                                                                              \
        name, letter, no_argument, TOOL_SETS_FALSE, offsetof(type, field), 0, 0, NULL              \
    }
#define TOOL_BITS(letter, name, type, field, bits)                                                 \
    {                                                                                              \
        name, letter, no_argument, TOOL_SETS_BITS, offsetof(type, field), bits, 0, NULL            \
    }
#define TOOL_VALUE(letter, name, type, field, value)                                               \
    {                                                                                              \
        name, letter, no_argument, TOOL_SETS_VALUE, TOOL_INT_FIELD(type, field), value, 0, NULL    \
    }
#define TOOL_TEXT(letter, name, type, field)                                                       \
    {                                                                                              \
        name, letter, required_argument, TOOL_SETS_TEXT, offsetof(type, field), 0, 0, NULL         \
    }
#define TOOL_INT(letter, name, type, field, min, max)                                              \
    {                                                                                              \
        name, letter, required_argument, TOOL_SETS_INT, TOOL_INT_FIELD(type, field), min, max,     \
            NULL                                                                                   \
    }
#define TOOL_LONG(letter, name, type, field, min, max)                                             \
    {                                                                                              \
        name, letter, required_argument, TOOL_SETS_LONG, offsetof(type, field), min, max, NULL     \
    }
#define TOOL_SECONDS(letter, name, type, field, min, max)                                          \
    {                                                                                              \
        name, letter, required_argument, TOOL_SETS_SECONDS, offsetof(type, field), min, max, NULL  \
    }
#define TOOL_VARIANT(letter, name, type, field)                                                    \
    {                                                                                              \
        name, letter, required_argument, TOOL_SETS_VARIANT, TOOL_INT_FIELD(type, field), 0, 0,     \
            NULL                                                                                   \
    }
#define TOOL_CALL(letter, name, has_arg, fn)                                                       \
    {                                                                                              \
        name, letter, has_arg, TOOL_CALLS, 0, 0, 0, fn                                             \
    }
/* The offset of an int-sized field, or no build: an enum field set as an int. */
#define TOOL_INT_FIELD(type, field)                                                                \
    (offsetof(type, field) + 0 * sizeof(char[sizeof(((type *)0)->field) == sizeof(int) ? 1 : -1]))

/*
 * A part of the options several tools share: its getopt_long entries
 * (ended by {NULL}), its short letters for the optstring, its handler
 * (true when opt was one of its own). A tool lists the parts it takes
 * after its own options, in the order of its table.
 */
struct tool_option_part {
    const struct option *entries;
    const char *letters;
    bool (*handle)(struct tool *t, int opt, const char *arg);
};
/* -W, -w, --format; the common ones (--strict ... --draw-rules, -h,
 * --version); -h and --version alone. (-q and the options that choose
 * games: tool_choosing_part, choosing.h.) */
extern const struct tool_option_part tool_finding_part, tool_common_part, tool_help_part;

/*
 * Parses argv by a tool's own options (ended by {NULL}) and the parts it
 * takes (ended by NULL): the getopt_long table is built from both, own
 * options first (kept in t->long_options for suggestions); an own option
 * does what its entry says to state. A bad option or argument is a usage
 * error. Leaves optind at the first operand.
 */
void tool_parse_options(struct tool *t, void *state, const struct tool_option *own,
                        const struct tool_option_part *const *parts, int argc, char **argv);

/* An option renamed or dropped: what to write now, for the usage error. */
struct tool_renamed {
    const char *old; /* as typed: "-d", "--fen" */
    const char *now; /* "--depth N, or DEPTH as an operand" */
};

/*
 * Handles a common option (-q/--quiet too): returns true when opt was one.
 * -h/--help and --version print and exit 0; a bad --encoding is a usage
 * error (exit 2).
 */
bool tool_common_option(struct tool *t, int opt, const char *arg);
/*
 * Handles -W WHAT, -w/--errors-only and --format: returns true when opt was
 * one of them; a bad argument is a usage error.
 */
bool tool_finding_option(struct tool *t, int opt, const char *arg);
/* Prints "prog: message" and a pointer to --help on stderr; exits 2. */
_Noreturn void tool_usage_error(const struct tool *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The usage error for what getopt_long returned as ':' (a missing argument)
 * or '?' (an unknown option); needs opterr = 0 and a ':' leading optstring. */
_Noreturn void tool_option_error(const struct tool *t, int opt, char *const *argv);
/*
 * What the unknown option typed ("--crosstabel", "-d") was probably meant
 * to be, in out: "now --position FEN" (t->renamed), "could be '--site' or
 * '--strict'", "did you mean '--crosstable'?"; false when nothing is near.
 */
bool tool_suggest_option(char *out, size_t cap, const struct tool *t, const char *typed);
/* Parses a decimal integer in [min, max] or makes it a usage error. */
long tool_parse_long(const struct tool *t, const char *option, const char *arg, long min, long max);
/*
 * The index of arg in names (NULL-terminated), or a usage error: "option
 * wants WANTS, not 'arg'", WANTS as the tool words it ("fmjd or classic").
 */
int tool_parse_keyword(const struct tool *t, const char *option, const char *arg,
                       const char *const *names, const char *wants);
/* -d C of the CSV tools: one ASCII character other than '"' (or "tab",
 * "\t"), or a usage error. */
char tool_parse_delimiter(const struct tool *t, const char *arg);
/*
 * --variant NAME of the tools that play (pdnperft, pdnplay, pdnengine,
 * pdnmatch): a variant of the rules table by name or GameType number, or
 * a usage error that lists them. tool_variant_list writes that list, "a
 * (20), b (26) or c (22)", wrapped for --help when wrap.
 */
enum pdn_variant tool_parse_variant(const struct tool *t, const char *arg);
void tool_variant_list(char *out, size_t cap, bool wrap);
/* The --help lines of that option in pdnplay, pdnengine and pdnmatch. */
#define TOOL_PLAY_VARIANT_USAGE                                                                    \
    "      --variant NAME     the game: international (default), brazilian,\n"                     \
    "                         russian, english, czech, italian\n"

#endif
