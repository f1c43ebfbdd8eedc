#!/bin/sh
# -j N prints what -j 1 prints, byte for byte: standard output, standard
# error and the exit status of pdncheck, pdnfmt, pdn2csv and pdnstats, on
#   - every PDN file of tests/data and samples/, all in one run (the files'
#     encodings, CRLF files, files that are no PDN, empty ones);
#   - the same files made one (a big file whose games cross many batches
#     of the threads), and variants of it: with a BOM, with CRLF line ends,
#     in UTF-16 (encoding detection and line numbers over the whole file);
#   - the big file read in small parts (PDN_READER_PART_BYTES), with a
#     comment left open in its middle, and files in a code page;
#   - the big file on a pipe with -j 2, and with games chosen (-g);
#   - the big file written to a full disk (/dev/full).
# Prints one line per input set; fails when any run differs from -j 1.
#
#   OUT=DIR PATH=bin:$PATH sh tests/cli/jobs-same.sh   (from the project root)
out=${OUT:?OUT names a scratch directory}
failed=0
runs=0

# The tools' variants compared: one command per line, FILES at the end.
commands='pdncheck -W all
pdncheck -v -W all --summary=files
pdncheck --format json --list
pdnfmt -W all
pdnfmt --fix --broken=comment --captures=full
pdn2csv
pdn2csv --moves --variations --fen
pdnstats
pdnstats --json'

# same LABEL JOBS FILE...: each command with -j JOBS against -j 1.
same() {
    label=$1
    jobs=$2
    shift 2
    echo "$commands" | while IFS= read -r cmd; do
        $cmd -j 1 "$@" >"$out/one.out" 2>"$out/one.err"
        echo $? >"$out/one.rc"
        $cmd -j "$jobs" "$@" >"$out/many.out" 2>"$out/many.err"
        echo $? >"$out/many.rc"
        for part in out err rc; do
            if ! cmp -s "$out/one.$part" "$out/many.$part"; then
                echo "$label: '$cmd -j $jobs' differs from -j 1 ($part):"
                diff "$out/one.$part" "$out/many.$part" | head -5
                echo fail >>"$out/failures"
            fi
        done
        # a run that read nothing proves nothing
        [ -s "$out/one.out" ] || [ -s "$out/one.err" ] || echo fail >>"$out/failures"
        echo run >>"$out/runs"
    done
}

: >"$out/failures"
: >"$out/runs"
find tests/data samples -name '*.pdn' -type f | LC_ALL=C sort >"$out/list"
# Every file, several a run (file names have blanks: one argument a line).
set --
while IFS= read -r f; do set -- "$@" "$f"; done <"$out/list"
same "every file ($# files)" 4 "$@"

# One big file of them all, in UTF-8 (the legacy encodings would make the
# whole file one of them), and its variants.
while IFS= read -r f; do
    iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 && cat "$f" && echo
done <"$out/list" >"$out/big.pdn"
printf '\357\273\277' | cat - "$out/big.pdn" >"$out/big-bom.pdn"
sed 's/$/\r/' "$out/big.pdn" >"$out/big-crlf.pdn"
iconv -f UTF-8 -t UTF-16 "$out/big.pdn" >"$out/big-utf16.pdn"
same big.pdn 2 "$out/big.pdn"
same big.pdn 4 "$out/big.pdn"
commands='pdncheck -v -W all --summary=files
pdnfmt -W all
pdn2csv --moves'
for f in big-bom big-crlf big-utf16; do
    same "$f.pdn" 3 "$out/$f.pdn"
done

# The reader's parts (lib/reader_threads.c) cut small: hundreds of parts
# of the big file, each settled against the ones before; and a brace that
# opens a comment mid-file, so that a part ends inside it and the rest is
# read by one reader.
lines=$(wc -l <"$out/big.pdn")
{ head -n $((lines / 2)) "$out/big.pdn"; echo '{ an open comment 2-0'; tail -n +$((lines / 2 + 1)) "$out/big.pdn"; } >"$out/big-brace.pdn"
# Files that leave UTF-8 for a code page (lib/codepage.c): Latin-1 and
# CP1251 files eight times over, which leave it in their first game, and
# the same after the big file, which leave it past its 2 MB; the parts
# after that place are read in the code page.
for f in 40Camp-latin1 abatsiev-cp1251; do
    for i in 1 2 3 4 5 6 7 8; do cat "tests/data/encodings/$f.pdn" && echo; done >"$out/$f.pdn"
    cat "$out/big.pdn" "$out/$f.pdn" >"$out/big-$f.pdn"
done
export PDN_READER_PART_BYTES=2000
for f in big big-bom big-crlf big-brace 40Camp-latin1 abatsiev-cp1251 big-40Camp-latin1 \
    big-abatsiev-cp1251; do
    same "$f.pdn, parts of 2000 bytes" 2 "$out/$f.pdn"
done
unset PDN_READER_PART_BYTES

# Choosing games: the reader's findings of the games left out wait and go.
commands='pdncheck -W all -g 3-40,100-
pdnfmt -g 2,50-60 --white a'
same "big.pdn, games chosen" 3 "$out/big.pdn"

# A pipe: -j 2 asked for, the reading thread waits on it. -j 1 on a pipe
# too: a file on standard input is read ahead for its dates, a pipe not.
for cmd in "pdncheck -W all" "pdnfmt" "pdnstats"; do
    cat "$out/big.pdn" | $cmd -j 1 - >"$out/one.out" 2>"$out/one.err"
    cat "$out/big.pdn" | $cmd -j 2 - >"$out/many.out" 2>"$out/many.err"
    if ! cmp -s "$out/one.out" "$out/many.out" || ! cmp -s "$out/one.err" "$out/many.err"; then
        echo "a pipe: '$cmd -j 2 -' differs from -j 1"
        echo fail >>"$out/failures"
    fi
    echo run >>"$out/runs"
done

# Standard output that fails (a full disk): the write's error said as -j 1
# says it, though the thread that wrote was another.
if [ -w /dev/full ]; then
    for cmd in "pdncheck -W all" "pdnfmt" "pdn2csv --moves" "pdnstats"; do
        $cmd -j 1 "$out/big.pdn" >/dev/full 2>"$out/one.err"
        echo $? >"$out/one.rc"
        $cmd -j 3 "$out/big.pdn" >/dev/full 2>"$out/many.err"
        echo $? >"$out/many.rc"
        if ! cmp -s "$out/one.err" "$out/many.err" || ! cmp -s "$out/one.rc" "$out/many.rc"; then
            echo "/dev/full: '$cmd -j 3' differs from -j 1:"
            diff "$out/one.err" "$out/many.err" | head -5
            echo fail >>"$out/failures"
        fi
        echo run >>"$out/runs"
    done
fi

runs=$(wc -l <"$out/runs")
fails=$(wc -l <"$out/failures")
rm -f "$out"/*
echo "jobs: $runs comparisons with -j 1, $fails different"
[ "$fails" -eq 0 ]
