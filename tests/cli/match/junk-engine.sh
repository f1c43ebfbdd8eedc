#!/bin/sh
# A Hub engine that answers "go" with a move of terminal escapes, a
# control character, a byte that is no UTF-8, braces (a '}' would end
# the PDN comment that quotes it) and 3000 more bytes. Used by
# tests/cli/match.sh: the message and the comment quote it escaped, cut.
x=$(printf '%3000s' '' | tr ' ' x)
while read -r line; do
    case $line in
    hub) echo wait ;;
    init) echo ready ;;
    go*) printf 'done move=\033[31m\001\377zz}{bad}%s\n' "$x" ;;
    quit) exit 0 ;;
    esac
done
