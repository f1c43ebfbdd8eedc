#!/bin/sh
# The Léman case end to end (tests/cli/stats/leman.pdn, made by hand: the
# real file is not public): pdnstats --suggest-aliases writes an alias file
# from the file alone, which, passed back with --alias, leaves one event of
# six players over three rounds, with no warning about names. Worked by hand
# from the file: Rossi 5 points (wins against Leclerc and Müller, a draw
# with Dupont); Dupont, Koops and N'Diaye 4; Müller 1; Leclerc 0.
#
#   PATH=bin:$PATH sh tests/cli/stats-leman.sh     (from the project root)
data=tests/cli/stats/leman.pdn
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
pdnstats --suggest-aliases "$data" >"$tmp/leman.alias" || exit 1
grep -c ' = ' "$tmp/leman.alias"
pdnstats --alias "$tmp/leman.alias" --only events,crosstable "$data" 2>&1
