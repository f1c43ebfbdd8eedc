#!/bin/sh
# A Hub engine whose every answer to "go" holds a NUL byte after a move
# ("done move=32-28<NUL>junk"). Used by tests/cli/match.sh: the line is no
# Hub line, and the move in it must not be taken.
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) printf 'done move=32-28\000junk\n' ;;
    quit) exit 0 ;;
    esac
done
