/*
 * draw_rule (private): the names of the draw rules, for the replay's
 * findings and the statistics' tables. A leaf header: the statistics read
 * it without the replay's internals (replay.h). Defined in
 * replay_drawrules.c.
 */
#ifndef PDN_DRAW_RULE_H
#define PDN_DRAW_RULE_H

#include "pdn.h"

/* "threefold repetition", "the 25-move rule", ...; "no rule" for
 * PDN_DRAW_NONE. */
const char *draw_rule_name(enum pdn_draw_rule rule);

#endif
