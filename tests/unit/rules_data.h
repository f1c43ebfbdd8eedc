/*
 * The known-answer tables of tests/data/rules (legal-move lists and perft
 * counts, sources in tests/data/SOURCES.md) and the one way to read their
 * lines. Shared by the movegen and notation tests; reads nothing itself.
 */
#ifndef RULES_DATA_H
#define RULES_DATA_H

#include <string.h>

#define LEGAL_TSV "tests/data/rules/legal_moves_international.tsv"
#define PERFT_TSV "tests/data/rules/perft.tsv"

/* Splits a TSV line in place; returns the number of fields. */
static inline int split_tsv(char *line, char **fields, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    while (n < max) {
        fields[n++] = line;
        char *tab = strchr(line, '\t');
        if (!tab) break;
        *tab = '\0';
        line = tab + 1;
    }
    return n;
}

#endif
