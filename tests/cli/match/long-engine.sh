#!/bin/sh
# A Hub engine whose every answer to "go" is a line longer than a Hub line
# may be (16 kB): "done move=32-28 junk=xxx...", after an "info" line as
# long. Used by tests/cli/match.sh: the info line is passed over, and the
# move of the cut "done" line must not be taken.
long=$(head -c 20000 /dev/zero | tr '\0' x)
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*)
        printf 'info pv=%s\n' "$long"
        printf 'done move=32-28 junk=%s\n' "$long"
        ;;
    quit) exit 0 ;;
    esac
done
