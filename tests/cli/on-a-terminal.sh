#!/bin/sh
# Runs each argument as a command with standard input (and output) on a
# terminal, through script(1) of util-linux, and prints what it wrote with
# the terminal's CR LF line ends made LF. Standard input is at its end at
# once: script passes the end of its own input on as Ctrl-D. One command
# per script run: a terminal gives one end of input.
#
#   sh tests/cli/on-a-terminal.sh 'pdncheck' 'pdnfmt -q'   (run by golden cases)
command -v script >/dev/null || { echo "on-a-terminal: script(1) is not installed" >&2; exit 3; }
for cmd in "$@"; do
    echo "\$ $cmd"
    script -qec "$cmd" /dev/null </dev/null | tr -d '\r'
done
