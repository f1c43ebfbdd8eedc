/*
 * replay_report: the one way out of the replay for a finding. Fills a
 * pdn_diag (with the move it is about, so that no caller has to find the
 * node again by line and column), counts it in the summary and hands it to
 * the caller's callback.
 * An error in a game whose variant was inferred names the variant assumed.
 * Every replay file reports through here, and this file calls none of them.
 */
#include "replay.h"

#include <stdio.h>
#include <string.h>

void replay_detail_append(struct replay *r, size_t *len, const char *text)
{
    size_t cap = sizeof r->detail;
    if (*len + 1 >= cap) return;
    size_t n = strlen(text), room = cap - 1 - *len;
    if (n > room) n = room;
    memcpy(r->detail + *len, text, n);
    *len += n;
    r->detail[*len] = '\0';
}

/* Whether the game's variant was inferred (no tag, no option said it) and
 * is the one replayed. International draughts, the default of PDN, needs
 * no saying (as in the variant-inferred note). */
static bool inferred(const struct replay *r)
{
    const pdn_game *g = r->game;
    if (r->variant == PDN_VARIANT_INTERNATIONAL) return false;
    return (g->variant_source == PDN_VARIANT_FROM_CONTENT ||
            g->variant_source == PDN_VARIANT_FROM_FILE) &&
           g->gametype == pdn_rules_get(r->variant)->gametype;
}

/* Whether a finding is about a move, which its line and column alone do
 * not tell from the main line's: not one that names its variation already
 * (misplaced) or the nesting (a limit). */
static bool names_a_move(enum pdn_diag_code code)
{
    return code != PDN_DIAG_MISPLACED_VARIATION && code != PDN_DIAG_LIMIT;
}

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
    /* A finding in a variation says so: "move 1." alone names the main
     * line's move. An error in a game whose variant was guessed says the
     * guess: the error may be the guess's. */
    char said[REPLAY_DETAIL_MAX + 96];
    size_t len = 0;
    if (r->in_variation && names_a_move(code))
        len = (size_t)snprintf(said, sizeof said, "%s%sin a variation", detail ? detail : "",
                               detail ? "; " : "");
    switch (pdn_diag_severity(code)) {
    case PDN_SEV_NOTE:
        r->sum->notes++;
        break;
    case PDN_SEV_WARNING:
        r->sum->warnings++;
        break;
    case PDN_SEV_ERROR:
        r->sum->errors++;
        if (!inferred(r)) break;
        if (len == 0 && detail) len = (size_t)snprintf(said, sizeof said, "%s", detail);
        snprintf(said + len, sizeof said - len, "%s%s rules assumed, no GameType tag",
                 len ? "; " : "", pdn_rules_get(r->variant)->name);
        len = 1;
        break;
    }
    if (len) d.detail = said;
    if (r->opt->on_diag) r->opt->on_diag(&d, r->opt->diag_ctx);
}
