#!/bin/sh
# pdnstats with team files no one would write by hand: 200000 lines (a
# list of names by mistake, or made by a script) are read in moments, each
# name no game uses warned once; a line of 100000 bytes (not a team file) is
# refused with its line number, not read into a table. The reading is the
# alias file's (stats-alias-huge.sh).
#
#   PATH=bin:$PATH sh tests/cli/stats-teams-huge.sh     (from the project root)
data=tests/cli/stats/teams-untagged.pdn
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "Team %d: Player %d\n", i % 977, i }' \
    >"$tmp/many.teams"
cat tests/cli/stats/teams.teams >>"$tmp/many.teams"
pdnstats --teams "$tmp/many.teams" --only teams "$data" 2>"$tmp/err" | grep -Ec '^ +1 +1  Bears'
grep -c 'plays no game' "$tmp/err"
awk 'BEGIN { s = "x"; for (i = 0; i < 17; i++) s = s s; print "# teams"; print s ": y" }' \
    >"$tmp/long.teams"
{
    pdnstats --teams "$tmp/long.teams" --only teams "$data"
    echo "exit $?"
} 2>&1 | sed "s|$tmp/||"
