#!/bin/sh
# make_corpus.sh OUT [MB]: builds a reading corpus of at least MB megabytes
# (default 100) by concatenating the project's own PDN files (tests/data and
# samples/, never anything outside the project) in a fixed order until the
# size is reached. Same inputs, same output: byte for byte reproducible.
set -e
out=${1:?usage: make_corpus.sh OUT [MB]}
mb=${2:-100}
cd "$(dirname "$0")/.."
list=$(mktemp)
trap 'rm -f "$list"' EXIT
# Every UTF-8 or ASCII game file; the legacy encodings would switch the
# whole stream to the Windows-1252 fallback, so they are left out.
find tests/data/conformance tests/data/tournaments samples -name '*.pdn' -type f |
    LC_ALL=C sort | while IFS= read -r f; do
        iconv -f UTF-8 -t UTF-8 "$f" > /dev/null 2>&1 && printf '%s\n' "$f"
    done > "$list"
: > "$out"
want=$((mb * 1000 * 1000))
while [ "$(wc -c < "$out")" -lt "$want" ]; do
    while IFS= read -r f; do
        cat "$f" >> "$out"
        printf '\n' >> "$out"
    done < "$list"
done
echo "$out: $(wc -c < "$out") bytes"
