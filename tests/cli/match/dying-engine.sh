#!/bin/sh
# dying-engine.sh STARTS DEATHS COMMAND...: a Hub engine that quits (exit
# status 3) at its first "go" in each of its first DEATHS starts, counted
# in the file STARTS, and is COMMAND from then on (pdnengine, or a program
# that cannot start). Used by tests/cli/match.sh.
starts=$1 deaths=$2
shift 2
n=$(cat "$starts" 2>/dev/null || echo 0)
echo $((n + 1)) >"$starts"
[ "$n" -ge "$deaths" ] && exec "$@"
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) exit 3 ;;
    esac
done
