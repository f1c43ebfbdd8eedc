#!/bin/sh
# make_variations.sh siblings|nested N: one game of N (a multiple of 100)
# variations of White's first move, on standard output. siblings: all
# side by side, "1. 32-28 (1. 31-27) (1. 31-26) ...". nested: 100 deep,
# each inside the one before, N/100 times over (the reader keeps at most
# PDN_LIMIT_DEPTH levels). Every move legal, cycling through White's other
# eight first moves. 100,000 variations make 1.1 MB.
kind=${1:?usage: make_variations.sh siblings|nested N}
n=${2:?usage: make_variations.sh siblings|nested N}
awk -v kind="$kind" -v n="$n" 'BEGIN {
    split("31-27 31-26 32-27 33-28 33-29 34-29 34-30 35-30", m, " ")
    printf "[Event \"%s\"]\n[Result \"*\"]\n\n1. 32-28", kind
    for (done = 0; done < n; done += 100) {
        for (i = 0; i < 100; i++)
            printf " (1. %s%s", m[i % 8 + 1], kind == "siblings" ? ")" : ""
        if (kind == "nested")
            for (i = 0; i < 100; i++) printf ")"
        printf "\n"
    }
    printf "*\n"
}'
