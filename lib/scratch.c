/*
 * scratch: the memory pdn_replay_game and pdn_format_game keep between
 * calls (see pdn.h). Made empty; each part is allocated by its user at its
 * first call, and freed here.
 */
#include "scratch.h"
#include "format.h"

#include <stdlib.h>

int pdn_scratch_new(pdn_scratch **out)
{
    if (!out) return PDN_EINVAL;
    *out = calloc(1, sizeof **out);
    return *out ? PDN_OK : PDN_ENOMEM;
}

void scratch_fini(struct pdn_scratch *scratch)
{
    free(scratch->lists);
    format_kept_free(scratch->format);
    *scratch = (struct pdn_scratch){0};
}

void pdn_scratch_free(pdn_scratch *scratch)
{
    if (!scratch) return;
    scratch_fini(scratch);
    free(scratch);
}
