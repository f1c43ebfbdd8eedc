#include "pdnreplay.h"
int tui_run(struct tool *t, const struct replay_options *o, const struct replay_book *book,
            size_t first)
{
    (void)t; (void)o; (void)book; (void)first;
    return 0;
}
