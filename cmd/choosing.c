/*
 * choosing: the options that choose games (see choosing.h): the tag
 * options build the run's pdn_select; --unique and --duplicates go to
 * repeats.c. A file of its own, above options.c: repeats.c writes the
 * --duplicates file through output.c, and both report their usage errors
 * through options.c, which must therefore not call repeats.c. No PDN
 * logic: which games match is libpdn's.
 */
#include "choosing.h"
#include "common.h"
#include "repeats.h"

#include <stddef.h>

bool tool_select_option(struct tool *t, int opt, const char *arg)
{
    static const struct {
        int opt;
        const char *name;
        enum pdn_select_field field;
        const char *want; /* for a value that does not read */
    } options[] = {
        {'g', "-g", PDN_SELECT_GAMES, "game numbers (3, 3-7, 1,4,9-)"},
        {TOOL_OPT_WHITE, "--white", PDN_SELECT_WHITE, NULL},
        {TOOL_OPT_BLACK, "--black", PDN_SELECT_BLACK, NULL},
        {TOOL_OPT_PLAYER, "--player", PDN_SELECT_PLAYER, NULL},
        {TOOL_OPT_EVENT, "--event", PDN_SELECT_EVENT, NULL},
        {TOOL_OPT_SITE, "--site", PDN_SELECT_SITE, NULL},
        {TOOL_OPT_ROUND, "--round", PDN_SELECT_ROUND, NULL},
        {TOOL_OPT_DATE, "--date", PDN_SELECT_DATE, "a date YYYY[.MM[.DD]] or a range FROM-TO"},
        {TOOL_OPT_RESULT, "--result", PDN_SELECT_RESULT, "a result: 2-0, 1-1, 0-2, 0-0 or *"},
        {TOOL_OPT_GAMETYPE, "--gametype", PDN_SELECT_GAMETYPE, "a GameType number"},
        {TOOL_OPT_TAG, "--tag", PDN_SELECT_TAG, "NAME=VALUE"},
    };
    if (tool_repeats_option(t, opt, arg)) return true;
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (options[i].opt != opt) continue;
        int err = t->select ? 0 : pdn_select_new(&t->select);
        if (err == 0) err = pdn_select_add(t->select, options[i].field, arg);
        if (err == PDN_EINVAL)
            tool_usage_error(t, "%s wants %s, not '%s'", options[i].name, options[i].want, arg);
        if (err < 0) tool_fatal(t, options[i].name, pdn_strerror(err));
        t->dates_chosen = t->dates_chosen || opt == TOOL_OPT_DATE;
        return true;
    }
    return false;
}

int tool_select_end_run(struct tool *t, bool commit)
{
    pdn_select_free(t->select);
    t->select = NULL;
    pdn_date_orders_free(t->date_orders); /* the last file's, which select borrowed */
    t->date_orders = NULL;
    return tool_repeats_end(t, commit);
}

static const struct option choosing_entries[] = {
    {"quiet", no_argument, NULL, 'q'}, TOOL_SELECT_LONG_OPTIONS, {NULL, 0, NULL, 0}};

/* -q belongs with the options that choose games: a tool that reads them
 * reads games, and may be asked to be quiet about it. */
static bool choosing_option(struct tool *t, int opt, const char *arg)
{
    if (opt != 'q') return tool_select_option(t, opt, arg);
    t->quiet = true;
    return true;
}

const struct tool_option_part tool_choosing_part = {choosing_entries, "qg:", choosing_option};
