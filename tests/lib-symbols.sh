#!/bin/sh
# The library's symbols:
#   1. the shared library exports exactly the functions (and objects) that
#      pdn.h declares PDN_API, the list read from pdn.h itself;
#   2. so does the installed static archive (its internal names are local);
#   3. no library object holds writable data (.data, .bss, thread-local or
#      common symbols): libpdn keeps no global state. Constant tables in
#      .rodata or .data.rel.ro are fine;
#   4. the shared library needs neither uchardet nor the C++ runtime;
#   5. it calls no C function that answers by the caller's locale
#      (strcasecmp, tolower, isalpha...: see below).
#
#   sh tests/lib-symbols.sh lib/pdn.h build/libpdn.so build/libpdn.a OBJECT...
# POSIX sh and perl (Debian's perl-base is essential).
set -u
header=$1 so=$2 archive=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# Each declaration that starts with PDN_API, up to its ';', comments
# removed: the name before the first '(' (a function), else the last name.
perl -0777 -ne 's{/\*.*?\*/}{ }gs; s{//[^\n]*}{}g; s{^\s*#[^\n]*}{}mg;
    while (/\bPDN_API\b([^;{]*)/g) {
        my $d = $1;
        if ($d =~ /(\w+)\s*\(/) { print "$1\n" }
        elsif ($d =~ /(\w+)\s*(\[[^\]]*\]\s*)*$/) { print "$1\n" }
    }' "$header" | sort -u >"$tmp/api"

# compare WHAT FILE: the defined global names in FILE against the API list.
compare() {
    if [ ! -s "$tmp/api" ]; then
        echo "lib-symbols: no PDN_API declaration found in $header"
        failed=$((failed + 1))
        return
    fi
    if ! cmp -s "$tmp/api" "$2"; then
        echo "lib-symbols: $1 does not export exactly what $header declares PDN_API:"
        comm -23 "$tmp/api" "$2" | sed 's/^/  declared, not exported: /'
        comm -13 "$tmp/api" "$2" | sed 's/^/  exported, not declared: /'
        failed=$((failed + 1))
    fi
}

# Linker-made markers some toolchains add to a shared library.
markers='^(_init|_fini|_edata|_end|__bss_start)$'
nm -D --defined-only "$so" | awk '{print $NF}' | grep -Ev "$markers" | sort -u >"$tmp/so"
compare "$so" "$tmp/so"
nm --defined-only --extern-only "$archive" 2>/dev/null | awk 'NF == 3 {print $3}' |
    sort -u >"$tmp/a"
compare "$archive" "$tmp/a"

# objdump -t: "VALUE FLAGS SECTION SIZE NAME"; the flags hold 'O' for an
# object. Writable sections: .data*, .bss*, .tdata*, .tbss*, *COM*, but not
# .data.rel.ro*, which is read-only after relocation.
for o in "$@"; do
    objdump -t "$o" | awk -v o="$o" '
        / O / {
            for (i = 1; i <= NF; i++) if ($i == "O") break
            sec = $(i + 1)
            if (sec ~ /^\.data\.rel\.ro/) next
            if (sec ~ /^\.(data|bss|tdata|tbss)/ || sec == "*COM*") print "  " o ": " sec " " $NF
        }'
done >"$tmp/data"
if [ -s "$tmp/data" ]; then
    echo "lib-symbols: writable data in the library (libpdn keeps no global state):"
    cat "$tmp/data"
    failed=$((failed + 1))
fi

# 4. the shared library needs no C++ runtime: uchardet, which brings it,
#    is loaded when a file is not UTF-8 (lib/encoding_detect.c); linked, it
#    cost every program 1.4 ms of CPU and 1.5 MB at start.
objdump -p "$so" | awk '$1 == "NEEDED" {print $2}' | grep -E 'uchardet|stdc\+\+' >"$tmp/needed"
if [ -s "$tmp/needed" ]; then
    echo "lib-symbols: $so needs $(tr '\n' ' ' <"$tmp/needed")at start: load it when needed"
    failed=$((failed + 1))
fi

# 5. the library reads text the same in every locale its caller sets
#    (setlocale(LC_ALL, "") in pdnreplay and pdnplay, and in any program):
#    no function that folds case, classifies bytes or reads numbers by
#    LC_CTYPE, LC_NUMERIC or LC_COLLATE. In a Latin-1 locale isalpha(0xE9)
#    is true; in a Turkish one tolower('I') is no 'i'. lib/text.h has the
#    ASCII ones. The <ctype.h> macros call __ctype_b_loc and the like.
locale_fns='strn?casecmp|strcoll|strxfrm|to(lower|upper)|is(alnum|alpha|blank|cntrl|digit|graph|lower|print|punct|space|upper|xdigit)|__ctype_(b|tolower|toupper)_loc|__ctype_get_mb_cur_max|setlocale|localeconv|nl_langinfo|strto(d|f|ld)|atof|mblen|mbr?towc|mbs(rtowcs|towcs)|wcr?tomb|wcs(rtombs|tombs)|wcs?width|tow(lower|upper)|isw[a-z]+|str(ftime|ptime|fmon)'
nm -D --undefined-only "$so" | awk '{print $NF}' | sed 's/@.*//' | grep -Ex "$locale_fns" >"$tmp/locale"
if [ -s "$tmp/locale" ]; then
    echo "lib-symbols: $so calls what answers by the caller's locale (lib/text.h has ASCII ones):"
    sed 's/^/  /' "$tmp/locale"
    failed=$((failed + 1))
fi

n=$(wc -l <"$tmp/api")
if [ "$failed" -eq 0 ]; then
    echo "lib-symbols: $n API names exported, nothing else; no writable data; no C++ runtime;" \
        "nothing that answers by the locale"
else
    exit 1
fi
