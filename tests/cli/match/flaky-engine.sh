#!/bin/sh
# flaky-engine.sh STARTS: a Hub engine that fails every game, one way then
# the other: at its odd starts (counted in the file STARTS) it quits (exit
# status 3) at its first "go", at its even starts it never answers "go"
# (nor "ping"). Used by tests/cli/match.sh: quitting in one game and
# letting the timeout pass in the next must still stop the match.
starts=$1
n=$(($(cat "$starts" 2>/dev/null || echo 0) + 1))
echo $n >"$starts"
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) [ $((n % 2)) -eq 1 ] && exit 3 ;;
    quit) exit 0 ;;
    esac
done
