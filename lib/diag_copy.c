/*
 * diag_copy: a finding's strings in one block (diag_copy.h).
 */
#include "diag_copy.h"

#include <stdlib.h>
#include <string.h>

static const char *copy_string(char **at, const char *s)
{
    if (s == NULL) return NULL;
    size_t n = strlen(s) + 1;
    char *copy = memcpy(*at, s, n);
    *at += n;
    return copy;
}

char *diag_copy(struct pdn_diag *out, const struct pdn_diag *d)
{
    const char *strings[] = {d->move_number, d->text, d->detail};
    size_t size = 1;
    for (int i = 0; i < 3; i++)
        size += strings[i] ? strlen(strings[i]) + 1 : 0;
    char *block = malloc(size), *at = block;
    if (block == NULL) return NULL;
    *out = *d;
    out->move_number = copy_string(&at, d->move_number);
    out->text = copy_string(&at, d->text);
    out->detail = copy_string(&at, d->detail);
    return block;
}
