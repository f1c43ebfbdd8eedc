/*
 * fuzz: what the libFuzzer targets share: the entry point's prototype and a
 * check that crashes (so libFuzzer keeps the input) when a property fails.
 * Targets must not print on success and must free everything they allocate.
 */
#ifndef PDN_FUZZ_H
#define PDN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken property: say which, then abort so the input is saved. */
#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond);            \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* A NUL-terminated copy of the input (NULs inside stay: C sees a prefix). */
static inline char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s == NULL) abort();
    for (size_t i = 0; i < size; i++)
        s[i] = (char)data[i];
    s[size] = '\0';
    return s;
}

#endif
