#!/bin/sh
# A Hub engine that answers the handshake, then garbage to "go" and quits.
# Used by tests/cli/match.sh.
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) printf 'done move=\001\377zz\n'; exit 0 ;;
    esac
done
