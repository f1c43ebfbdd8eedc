/*
 * replay_report: the one way out of the replay for a finding. Fills a
 * pdn_diag (with the move it is about, so that no caller has to find the
 * node again by line and column), counts it in the summary and hands it to
 * the caller's callback.
 * Every replay file reports through here, and this file calls none of them.
 */
#include "replay.h"

void replay_emit(struct replay *r, enum pdn_diag_code code, const struct pdn_node *node,
                 const struct pdn_pos *pos, const char *move_number, const char *text,
                 const char *detail)
{
    struct pdn_diag d = {
        .code = code,
        .file = r->opt->filename ? r->opt->filename : "-",
        .line = pos ? pos->line : 0,
        .col = pos ? pos->col : 0,
        .game = r->game->index,
        .move_number = move_number,
        .text = text,
        .detail = detail,
        .node = node,
    };
    switch (pdn_diag_severity(code)) {
    case PDN_SEV_NOTE:
        r->sum->notes++;
        break;
    case PDN_SEV_WARNING:
        r->sum->warnings++;
        break;
    case PDN_SEV_ERROR:
        r->sum->errors++;
        break;
    }
    if (r->opt->on_diag) r->opt->on_diag(&d, r->opt->diag_ctx);
}
