#!/bin/sh
# pdnstats's totals and crosstable points checked against counts made
# independently by awk over the tag lines of the tournament files of
# tests/data (see tests/data/SOURCES.md): games and results by kind per
# file, and each player's points in the crosstable of the Championnat de
# France 2021 (round robin, with tests/cli/stats-france.alias) and of the
# 29eme Open d'Avignon 2014 (Swiss). awk's method: a game is a run of tag
# lines; the result is the Result tag (2-0 and 1-0 White, 1-1 and 1/2-1/2 a
# draw, 0-2 and 0-1 Black); the round is the first number of the Round tag;
# a game with the same White, Black and round as an earlier one, or the
# same White, Black, result and (20 plies or more) moves, is read twice and
# counted once; names are compared lower-cased with , . - ' \
# made blanks, and the alias file's variants mapped by awk itself.
# Prints one line per check; fails when any pair differs.
#
#   PATH=bin:$PATH sh tests/cli/stats-counts.sh     (from the project root)
data=tests/data/tournaments
alias=tests/cli/stats-france.alias
failed=0

verdict() {
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "DIFFER: $1: pdnstats '$2', awk '$3'"; failed=1; fi
}

# games FILE: one line per game, "White<TAB>Black<TAB>Round<TAB>Result", by
# the method of select-counts.sh (tests/cli/tags.awk): a game's tags are a
# run of lines starting with '[', every [Name "value"] on them (the first
# of a name counts).
games() {
    tr -d '\r' <"$1" | awk "$(cat tests/cli/tags.awk)"'
        function flush() { if (n) print read_as("White") "\t" read_as("Black") "\t" read_as("Round") "\t" read_as("Result") "\t" moves }
        /^\[/ {
            if (!intags) { flush(); n++; split("", tag); moves = "" }
            intags = 1
            read_tags($0, 0)
            next
        }
        { intags = 0
          # the moves, without numbers: "32-28 19-23 ..." (a game read twice
          # under two rounds has the same ones)
          for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+[-x][0-9]+/) {
              mv = $i; sub(/^[0-9]+\./, "", mv); moves = moves " " mv } }
        END { flush() }'
}

# results FILE: "games white draw black" by awk.
results() {
    games "$1" | awk -F'\t' '
        { n++; r = $4
          if (r == "2-0" || r == "1-0") w++
          else if (r == "1-1" || r == "1/2-1/2") d++
          else if (r == "0-2" || r == "0-1") b++ }
        END { print n + 0, w + 0, d + 0, b + 0 }'
}

# points FILE [ALIAS]: "name points" lines, sorted, by awk.
points() {
    games "$1" | awk -F'\t' -v aliasfile="${2:-}" '
        function key(s) { s = tolower(s); gsub(/[,.\047\\-]/, " ", s); gsub(/  +/, " ", s)
            sub(/^ /, "", s); sub(/ $/, "", s); return (s in canon) ? canon[s] : s }
        BEGIN { if (aliasfile != "") while ((getline line < aliasfile) > 0) {
                    if (line ~ /^#/ || line !~ /=/) continue
                    split(line, part, "=")
                    canon[key(part[1])] = key(part[2]) } }
        { white = key($1); black = key($2); res = $4
          round = $3; sub(/^[^0-9]*/, "", round); sub(/[^0-9].*$/, "", round)
          id = white "|" black "|" round
          if (round != "" && (id in seen)) next
          # the same players, colours, result and at least 20 plies of the
          # same moves: one game, whatever its round
          same = white "|" black "|" res "|" $5
          if (split($5, plies, " ") >= 20 && (same in seen)) next
          seen[id] = 1; seen[same] = 1
          if (res == "2-0" || res == "1-0") pts[white] += 2
          else if (res == "0-2" || res == "0-1") pts[black] += 2
          else if (res == "1-1" || res == "1/2-1/2") { pts[white]++; pts[black]++ }
          pts[white] += 0; pts[black] += 0 }
        END { for (p in pts) print p, pts[p] }' | sort
}

# The same from pdnstats --csv: the crosstable's player and points columns.
stats_points() {
    pdnstats -q --crosstable --only crosstable --csv "$@" | awk -F, '
        function key(s) { s = tolower(s); gsub(/[,.\047\\-]/, " ", s); gsub(/  +/, " ", s)
            sub(/^ /, "", s); sub(/ $/, "", s); return s }
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == "points") pc = i; next }
        { line = $0; name = ""
          # the player cell is quoted (it holds a comma): take it whole
          if (match(line, /"[^"]*"/)) { name = substr(line, RSTART + 1, RLENGTH - 2)
              sub(/"[^"]*"/, "X", line) }
          split(line, f, ","); if (name == "") name = f[4] # event, line, place, player
          print key(name), f[pc] }' | sort
}

# Games the reader finds that have moves but no tags, which awk's tag runs
# cannot see: game 68 of the Polish file (its moves follow game 67's
# without a tag line between).
tagless() {
    case $1 in *"48th Polish Team Championship.pdn") echo 1 ;; *) echo 0 ;; esac
}

for f in "$data"/*.pdn; do
    want=$(results "$f" | awk -v t="$(tagless "$f")" '{ $1 += t; print }')
    # read as a JSON consumer would (pdnstats(1), JSON AND CSV NAMES)
    got=$(pdnstats --only totals,results --json "$f" | jq -r '
        "\(.totals.games) \(.results.white_won.games) \(.results.draw.games) \(.results.black_won.games)"')
    verdict "games, White won, draw, Black won: $(basename "$f")" "$got" "$want"
done

france="$data/Championnat de France 2021.pdn"
verdict "crosstable points: Championnat de France 2021 (aliases)" \
    "$(stats_points --alias "$alias" "$france" | tr '\n' ';')" \
    "$(points "$france" "$alias" | tr '\n' ';')"
avignon="$data/29eme Open d'Avignon 2014.pdn"
verdict "crosstable points: 29eme Open d'Avignon 2014" \
    "$(stats_points "$avignon" | tr '\n' ';')" "$(points "$avignon" | tr '\n' ';')"
exit $failed
