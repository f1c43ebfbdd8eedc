#!/bin/sh
# Installs the build dependencies that are missing (as root, with apt-get),
# or prints the one command that would, and fails.
missing=""
need() { # need PACKAGE TEST...
    pkg=$1; shift
    "$@" >/dev/null 2>&1 || missing="$missing $pkg"
}
has_header() { printf '#include <%s>\n' "$1" | cc -E -x c - >/dev/null 2>&1; }
need gcc command -v cc
need make command -v make
need pkg-config command -v pkg-config
need libcsv-dev has_header csv.h
need libuchardet-dev has_header uchardet/uchardet.h
need libcmocka-dev sh -c 'printf "#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\n" | cc -E -x c - '
need mandoc command -v mandoc
need groff-base command -v groff            # make lint-man: the pages as man(1) shows them
need libncurses-dev has_header curses.h      # pdnreplay's interactive view
need libjansson-dev has_header jansson.h     # pdnstats --merge reads JSON
need tmux command -v tmux                    # tests: pdnreplay's interactive view in a terminal
need libxml2-utils command -v xmllint        # tests: pdnreplay's SVG is XML
need librsvg2-bin command -v rsvg-convert    # tests: pdnreplay's SVG renders
need clang-format command -v clang-format # make lint
need sqlite3 command -v sqlite3 # a consumer of pdn2csv's CSV in the tests
need python3 command -v python3 # Python's csv module reads it back in the tests
need jq command -v jq # tests: pdnstats --json read as a consumer would
[ -z "$missing" ] && exit 0
cmd="apt-get install -y$missing"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq $missing; } >/dev/null || {
        echo "deps: '$cmd' failed" >&2; exit 1; }
else
    echo "deps: missing$missing; run as root: apt-get update && $cmd" >&2
    exit 1
fi
