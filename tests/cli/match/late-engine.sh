#!/bin/sh
# A Hub engine that answers "go" late, 3 s after it (its move 32-28,
# legal for White at the start, never for Black), and answers "ping".
# Used by tests/cli/match.sh: with --timeout 2 it loses each game on time,
# and its late answer to one game must not be taken as a move of the next.
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) sleep 3; echo "done move=32-28" ;;
    ping) echo pong ;;
    quit) exit 0 ;;
    esac
done
