#!/bin/sh
# make install, twice:
#  1. into a scratch PREFIX, then build a program against the installed
#     header and library through pkg-config and run it: perft(5) from the
#     start position must be 27117;
#  2. staged (DESTDIR) with every place moved (BINDIR, LIBDIR, INCLUDEDIR,
#     MANDIR): each file lands where its variable says and nowhere else,
#     pdn.pc names LIBDIR and INCLUDEDIR (not the staging tree), the program
#     builds against the staged tree through pkg-config's sysroot, and
#     make uninstall removes every file again.
#
#   sh tests/install.sh BUILD BIN      (from the project root; make install-test)
set -e
make=${MAKE:-make}
build=$1
bin=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0

fail() {
    echo "install: $*"
    exit 1
}

cat >"$tmp/example.c" <<'EOC'
#include <pdn.h>
#include <stdio.h>
int main(void)
{
    struct pdn_board b;
    pdn_board_init(&b, PDN_VARIANT_INTERNATIONAL);
    printf("%llu\n", (unsigned long long)pdn_perft_count(&b, 5, 0));
    return 0;
}
EOC

# perft5 LIBDIR: builds example.c through pkg-config (PKG_CONFIG_PATH and
# PKG_CONFIG_SYSROOT_DIR set by the caller) and runs it against LIBDIR.
perft5() {
    # shellcheck disable=SC2046
    cc -o "$tmp/example" "$tmp/example.c" $(pkg-config --cflags --libs pdn) || return 1
    LD_LIBRARY_PATH=$1 "$tmp/example"
}

# 1. A plain prefix.
prefix=$tmp/prefix
$make -s install PREFIX="$prefix" BUILD="$build" BIN="$bin" >/dev/null
for f in bin/pdncheck bin/pdnfmt bin/pdnperft bin/pdn2csv bin/csv2pdn include/pdn.h share/man/man1/pdncheck.1 \
    share/man/man1/pdn2csv.1 share/man/man3/libpdn.3 share/man/man5/pdn.5 lib/libpdn.a lib/libpdn.so; do
    [ -e "$prefix/$f" ] || fail "$f missing under PREFIX"
done
got=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" perft5 "$prefix/lib")
[ "$got" = 27117 ] || fail "perft gave '$got'"
passed=$((passed + 1))

# 2. Staged, every place moved.
stage=$tmp/stage
places="PREFIX=/opt/pdn BINDIR=/opt/pdn/tools LIBDIR=/opt/pdn/lib64 INCLUDEDIR=/opt/include/pdn MANDIR=/opt/man"
# shellcheck disable=SC2086
$make -s install DESTDIR="$stage" $places BUILD="$build" BIN="$bin" >/dev/null
{
    for t in "$bin"/*; do echo "/opt/pdn/tools/${t##*/}"; done
    for l in libpdn.a libpdn.so libpdn.so.0 pkgconfig/pdn.pc; do echo "/opt/pdn/lib64/$l"; done
    echo /opt/include/pdn/pdn.h
    for m in man/man*/*.[0-9]; do echo "/opt/man/${m#man/}"; done
} | sort >"$tmp/want"
(cd "$stage" && find . ! -type d | sed 's|^\.||' | sort) >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "staged tree differs: $(diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -5)"
pc=$stage/opt/pdn/lib64/pkgconfig
for v in libdir=/opt/pdn/lib64 includedir=/opt/include/pdn; do
    got=$(PKG_CONFIG_PATH=$pc pkg-config --variable="${v%%=*}" pdn)
    [ "$got" = "${v#*=}" ] || fail "pdn.pc: ${v%%=*} is '$got', not '${v#*=}'"
done
got=$(PKG_CONFIG_PATH=$pc PKG_CONFIG_SYSROOT_DIR=$stage perft5 "$stage/opt/pdn/lib64")
[ "$got" = 27117 ] || fail "staged: perft gave '$got'"
# shellcheck disable=SC2086
$make -s uninstall DESTDIR="$stage" $places BUILD="$build" BIN="$bin" >/dev/null
left=$(cd "$stage" && find . ! -type d)
[ -z "$left" ] || fail "make uninstall left $(echo $left)"
passed=$((passed + 1))
echo "install: $passed passed, 0 failed"
