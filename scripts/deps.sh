#!/bin/sh
# The packages the build and the tests need (Debian names): installs the
# missing ones as root with apt-get, or prints the one command that would
# and fails. `make deps` runs it; `make check` and the other targets only
# ask (--check), so that nothing is installed behind a developer's back.
#
#   sh scripts/deps.sh [--check] [GROUP...]
#
# Groups: build (the default: the library, the tools and `make check`),
# fuzz (clang, the libFuzzer runtime of clang's own version, jansson for
# fuzz_stats), consumers (LibreOffice for `make check-consumers`), browser
# (Chromium, and the Python modules that drive it and read its screenshots,
# for `make check-browser`).
# --check installs nothing: silent and exit 0 when all is there, else the
# command on standard error and exit 1. POSIX sh: runs under dash.

check_only=
[ "${1:-}" = --check ] && check_only=1 && shift
[ $# -eq 0 ] && set -- build
missing=""

need() { # need PACKAGE TEST...
    pkg=$1
    shift
    "$@" >/dev/null 2>&1 || missing="$missing $pkg"
}
has_header() { printf '#include <%s>\n' "$1" | cc -E -x c - >/dev/null 2>&1; }

build_group() {
    need gcc command -v cc
    need make command -v make
    need pkg-config command -v pkg-config
    need libcsv-dev has_header csv.h
    need libuchardet-dev has_header uchardet/uchardet.h
    need libcmocka-dev sh -c 'printf "#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\n" | cc -E -x c - '
    need mandoc command -v mandoc
    need groff-base command -v groff         # make lint-man: the pages as man(1) shows them
    need libncurses-dev has_header curses.h  # pdnreplay's interactive view
    need tmux command -v tmux                # tests: pdnreplay's interactive view in a terminal
    need libxml2-utils command -v xmllint    # tests: pdnreplay's SVG is XML
    need librsvg2-bin command -v rsvg-convert # tests: pdnreplay's SVG renders
    need clang-format command -v clang-format # make lint
    need sqlite3 command -v sqlite3          # a consumer of pdn2csv's CSV in the tests
    need python3 command -v python3          # Python's csv module reads it back in the tests
    need jq command -v jq                    # tests: pdnstats --json read as a consumer would
    need locales test -r /usr/share/i18n/locales/tr_TR # tests: the library in a Turkish locale (localedef)
    need libjansson-dev has_header jansson.h # pdnstats --merge reads its JSON
}

# The libFuzzer runtime comes in a package named after clang's major
# version (libclang-rt-14-dev with clang 14; libclang-common-N-dev before
# Debian 12): the installed clang's, else the one apt would install.
fuzz_runtime() {
    major=$(clang -dumpversion 2>/dev/null | cut -d. -f1)
    [ -n "$major" ] ||
        major=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9][0-9]*\)$/\1/p' | head -1)
    [ -n "$major" ] || { echo libclang-rt-dev; return; }
    if apt-cache show "libclang-rt-$major-dev" >/dev/null 2>&1; then
        echo "libclang-rt-$major-dev"
    else
        echo "libclang-common-$major-dev"
    fi
}

# A trivial libFuzzer target links: clang and its runtime are there.
fuzzer_links() {
    dir=$(mktemp -d "${TMPDIR:-/tmp}/deps.XXXXXX") || return 1
    printf '%s\n' 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);' \
        'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}' \
        >"$dir/probe.c"
    clang -fsanitize=fuzzer,address,undefined -o "$dir/probe" "$dir/probe.c"
    rc=$?
    rm -rf "$dir"
    return $rc
}

fuzz_group() {
    need clang command -v clang
    need libjansson-dev has_header jansson.h # fuzz_stats parses pdnstats's JSON back
    need "$(fuzz_runtime)" fuzzer_links
}

consumers_group() {
    need libreoffice-calc-nogui command -v soffice
}

browser_group() {
    need chromium command -v chromium
    need python3-websocket /usr/bin/python3 -c 'import websocket'
    need python3-pil /usr/bin/python3 -c 'import PIL'
    need librsvg2-bin command -v rsvg-convert
}

for group in "$@"; do
    case $group in
    build | fuzz | consumers | browser) "${group}_group" ;;
    *) echo "deps: unknown group '$group' (build, fuzz, consumers, browser)" >&2; exit 2 ;;
    esac
done
[ -z "$missing" ] && exit 0
cmd="apt-get install -y$missing"
if [ -n "$check_only" ]; then
    echo "deps: missing$missing; run 'make deps' as root, or: apt-get update && $cmd" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq $missing; } >/dev/null || {
        echo "deps: '$cmd' failed" >&2; exit 1; }
else
    echo "deps: missing$missing; run as root: apt-get update && $cmd" >&2
    exit 1
fi
