#!/bin/sh
# The options that choose games, counted twice on the tournament files of
# tests/data: by pdncheck --list (one line a game chosen) and, independently,
# by awk over the tag lines of the file (a game's tags are the run of lines
# starting with '[', every [Name "value"] on them: a tag line after any other
# line starts a game; tagless games are not counted). Prints one line per
# check with both counts; fails when any pair differs.
#
#   PATH=bin:$PATH sh tests/cli/select-counts.sh     (from the project root)
# POSIX sh and awk; the files are ASCII, so awk's tolower is the fold.
# pdncheck is the one on PATH (run.sh puts the build's first).
data=tests/data/tournaments
failed=0

# count FILE AWK-CONDITION: games whose tags meet the condition, over the
# variables white black event site round date result gametype (lower case,
# "" when missing) and n (the game's number).
count() {
    awk "$(cat tests/cli/tags.awk)"'
        function flush() {
            if (!n) return
            if (judge()) hits++
        }
        /^\[/ {
            if (!intags) { flush(); n++; split("", tag) }
            intags = 1
            read_tags($0, 1)
            next
        }
        { intags = 0 }
        END { flush(); print hits + 0 }
    '"
        function judge(   white, black, event, site, round, date, result, gametype) {
            white = read_as(\"White\"); black = read_as(\"Black\"); event = tag[\"Event\"]
            site = tag[\"Site\"]; round = read_as(\"Round\"); date = tag[\"Date\"]
            gsub(/-/, \".\", date)
            result = read_as(\"Result\"); gametype = (\"GameType\" in tag) ? tag[\"GameType\"] : \"20\"
            return ($2)
        }" "$1"
}

# check FILE AWK-CONDITION OPTION...: pdncheck's count against awk's.
check() {
    name=$1 file=$data/$1 cond=$2
    shift 2
    want=$(count "$file" "$cond")
    got=$(pdncheck -q --list "$@" "$file" | wc -l | tr -d ' ')
    verdict=ok
    [ "$want" = "$got" ] || { verdict="DIFFER"; failed=1; }
    echo "$verdict: $* ($name): pdncheck $got, awk $want"
}

# against FILE WANT OPTION...: pdncheck's count against a count made by grep
# (for names awk cannot fold: accents, Cyrillic).
against() {
    file=$1 want=$2
    shift 2
    got=$(pdncheck -q --list "$@" "$file" | wc -l | tr -d ' ')
    verdict=ok
    [ "$want" = "$got" ] || { verdict="DIFFER"; failed=1; }
    echo "$verdict: $* ($(basename "$file")): pdncheck $got, grep $want"
}

avignon="29eme Open d'Avignon 2014.pdn"
france="Championnat de France 2021.pdn"
african="4th African BLITZ Championship OUAGA ZIIRI 2024.pdn"
samb="Match Samb-Buggy2.pdn"
polish="48th Polish Team Championship.pdn"

check "$avignon" 'n >= 10 && n <= 20 || n == 40 || n >= 95' -g 10-20,40,95-
check "$avignon" 'date ~ /^2014\.11/' --date 2014.11
check "$avignon" 'date >= "2014.10.29" && date <= "2014.10.30"' --date 2014.10.29-2014.10.30
check "$avignon" 'result == "1-0"' --result 2-0
check "$avignon" 'result == "1/2-1/2"' --result 1-1
check "$avignon" 'round == "7"' --round 7
check "$avignon" 'index(white, "jean") || index(black, "jean")' --player JEAN
check "$avignon" '(index(white, "jean") || index(black, "jean")) && result == "0-1"' --player jean --result 0-1
check "$avignon" 'index(white, "jean") && index(black, "jean")' --white jean --black Jean
check "$france" 'index(event, "championnat de france 2021")' --event "Championnat de France 2021"
check "$france" 'index(event, "nationale") && round == "6"' --event nationale --round 6
check "$france" 'index(site, "montpellier")' --site MONTPELLIER
check "$france" 'index(white, "nimbi") || index(white, "ramassamy")' --white nimbi --white Ramassamy
check "$african" 'result == "0-2"' --result 0-1
check "$african" 'index(black, "a")' --black a
check "$african" 'gametype == "20"' --gametype 20
check "$african" 'site == ""' --tag Site=
check "$samb" 'white == "samb" && result == "1/2-1/2"' --white samb --result 1/2-1/2
check "$polish" 'date >= "2024.12.14" && date <= "2024.12.31"' --date 2024.12.14-2024.12.31
check "$polish" 'index(white, "tomczak") || index(black, "tomczak")' --player tomczak
check "$polish" 'round == "2" || round == "3"' --round 2 --round 3
# Bertè and Berté, never both colours of one game: a tag line is a game.
camp=tests/data/conformance/fail/40Camp.DamaInternazionaleAssoluto.pdn
against "$camp" "$(grep -ciE '^\[(White|Black) "Bert[eèé]' "$camp")" --player Berte
against "$camp" "$(grep -ciE '^\[Black "Bert[eèé]' "$camp")" --black BERTÉ
# The Italian federation's tags: Bianco, Nero, Risultato read as White, Black, Result.
italian="tests/data/conformance/succeed/Campionato Assoluto 2005.pdn"
against "$italian" "$(grep -cE '^\[(Bianco|Nero) "BORGHETTI' "$italian")" --player borghetti
ussr=tests/data/conformance/succeed/ussr1947.pdn
against "$ussr" "$(grep -c '^\[White "Коршунов' "$ussr")" --white КОРШУНОВ
against "$ussr" "$(grep -c '^\[Black "Коган' "$ussr")" --black коган
exit $failed
