#!/bin/sh
# A Hub engine that answers the handshake and then never answers "go".
# Used by tests/cli/match.sh.
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    quit) exit 0 ;;
    esac
done
