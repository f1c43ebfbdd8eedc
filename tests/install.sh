#!/bin/sh
# make install into a scratch prefix, then build a program against the
# installed header and library through pkg-config and run it: perft(5)
# from the start position must be 27117.
set -e
make=${MAKE:-make}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
$make -s install PREFIX="$prefix" BUILD="$1" BIN="$2" >/dev/null
cat > "$prefix/example.c" <<'EOC'
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
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cc -o "$prefix/example" "$prefix/example.c" $(pkg-config --cflags --libs pdn)
got=$(LD_LIBRARY_PATH="$prefix/lib" "$prefix/example")
for f in bin/pdncheck bin/pdnfmt bin/pdnperft bin/pdn2csv bin/csv2pdn include/pdn.h share/man/man1/pdncheck.1 share/man/man1/pdn2csv.1 \
    share/man/man3/libpdn.3 share/man/man5/pdn.5; do
    [ -e "$prefix/$f" ] || { echo "install: $f missing"; exit 1; }
done
if [ "$got" = 27117 ]; then echo "install: 1 passed, 0 failed"; else echo "install: perft gave '$got'"; exit 1; fi
