#!/bin/sh
# A Hub engine that answers the handshake and then plays a move that is
# never legal in the start position (a man moving backwards, 1-6... on an
# empty square: 50-45 for whoever moves). Used by tests/cli/match.sh.
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) echo "done move=50-45" ;;
    quit) exit 0 ;;
    esac
done
