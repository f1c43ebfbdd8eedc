#!/bin/sh
# Runs the libFuzzer targets of libpdn (built by `make fuzz`, which calls
# this) under ASan and UBSan.
#
#   sh tests/fuzz/run.sh SECONDS OUT      (from the project root)
#
# OUT is where make built the targets (OUT/bin/fuzz_*). Builds seed corpora
# from samples/, tests/data/, tests/cli/cases/ and tests/fuzz/seeds/, then
# runs each target for SECONDS. The corpora grow in OUT/corpus/<target>/
# and are kept between runs; a crash leaves its input in OUT/artifacts/.
# Prints one line per target and fails (exit 1) when a target finds a
# crash; a failing target's input follows its line, as text and as
# base64 (show_input), for CI.
#
# fuzz_lossless (the CSV round trip) is seeded as fuzz_check is;
# fuzz_handmade (games made by hand) from tests/fuzz/regressions-handmade/
# and tests/fuzz/seeds/handmade/, binary encodings of games.
# Environment: FUZZ_TARGETS="fuzz_fen fuzz_reader" runs only those;
# FUZZ_JOBS=N runs N targets at a time (default: the processors there are;
# their lines still come in the targets' order);
# FUZZ_ROUNDTRIP=0 turns off fuzz_check's write-read-write property (on by
# default, and in CI: what the writer writes reads back as the same game and
# writes to the same bytes; a finding there is a writer bug, kept like a
# crash in tests/fuzz/regressions/).
# Reproduce a crash: OUT/bin/<target> OUT/artifacts/<file>; then keep it:
# cp it into tests/fuzz/regressions/ (test_hostile_play replays every file
# there; see its README).
# POSIX sh: runs under dash.

secs=${1:?usage: run.sh SECONDS OUT}
out=${2:?usage: run.sh SECONDS OUT}
bin=$out/bin
here=tests/fuzz
failed=0

# seed DIR FILE...: copies each file into DIR under its checksum (deduplicated).
seed() {
    dir=$1
    shift
    for f in "$@"; do
        [ -s "$f" ] || continue
        sum=$(cksum <"$f" | cut -d' ' -f1)
        cp "$f" "$dir/$sum"
    done
}

# Each game of the PDN files as a seed of its own, and the files whole
# (file names may hold blanks): one awk a file, not a cksum and a cp a game
# (3,000 seeds took CI's fuzz step two minutes of process starts).
# Seeds are named by their file's number and their game's, not deduplicated:
# libFuzzer keeps one of each input it reads twice.
seed_pdn() {
    dir=$1
    n=0
    { find samples tests/data tests/fuzz/seeds -name '*.pdn' 2>/dev/null
      find tests/cli/cases -name stdin 2>/dev/null; } | while IFS= read -r f; do
        n=$((n + 1))
        [ -s "$f" ] || continue
        cp "$f" "$dir/f$n"
        awk -v stem="$dir/f$n-" 'BEGIN { g = 0; file = stem g }
            /^\[Event / && seen { close(file); g++; file = stem g; seen = 0 }
            { print > file; if ($0 !~ /^\[/) seen = 1 }' "$f"
    done
}

# One seed a line of standard input (without its line end), named PREFIX
# and its number.
seed_lines() {
    awk -v stem="$1/$2" '{ file = stem NR; printf "%s", $0 > file; close(file) }'
}

fens() {
    for t in tests/data/rules/*.tsv; do
        awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fen") c = i; next }
            c { print $c }' "$t"
    done
    find samples tests/data tests/fuzz/seeds -name '*.pdn' -exec \
        sed -n 's/^\[FEN "\([^"]*\)".*/\1/p' {} + 2>/dev/null
    cat "$here/seeds/fens.txt" 2>/dev/null
}

moves() {
    for t in tests/data/rules/*.tsv; do
        awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /legal_moves/) c = i; next }
            c { n = split($c, m, " "); for (i = 1; i <= n; i++) print m[i] }' "$t"
    done
    find samples -name '*.pdn' -exec grep -ohE '[0-9]+([-x:][0-9]+)+' {} + 2>/dev/null |
        sort -u | head -500
    cat "$here/seeds/moves.txt" 2>/dev/null
}

# fuzz_csv's seeds: each CSV file of the tests after an options byte, in
# both modes (0: a row per game, 1: --moves; fuzz_csv.c reads the byte).
seed_csv() {
    csv_dir=$1 # seed() has its own dir and f: sh has no local variables
    { find tests/data tests/fuzz/seeds -name '*.csv' 2>/dev/null
      grep -l csv2pdn tests/cli/cases/*/cmd 2>/dev/null | sed 's|cmd$|stdin|'; } |
        while IFS= read -r csv_file; do
            [ -s "$csv_file" ] || continue
            for how in 0 1; do
                { printf '%b' "\\0$how"; cat "$csv_file"; } >"$out/split/csv"
                seed "$csv_dir" "$out/split/csv"
            done
        done
    seed "$csv_dir" "$here"/regressions-csv/* 2>/dev/null
}

build_seeds() {
    mkdir -p "$out/split"
    for t in fuzz_reader fuzz_check fuzz_fen fuzz_notation fuzz_stats fuzz_csv fuzz_protocols \
        fuzz_lossless fuzz_threads fuzz_handmade; do
        rm -rf "$out/seeds/$t"
        mkdir -p "$out/seeds/$t" "$out/corpus/$t"
    done
    seed_pdn "$out/seeds/fuzz_reader"
    # What crashed once is where a near miss is likeliest.
    seed "$out/seeds/fuzz_reader" "$here"/regressions/*
    cp "$out/seeds/fuzz_reader"/* "$out/seeds/fuzz_check/"
    cp "$out/seeds/fuzz_reader"/* "$out/seeds/fuzz_lossless/"
    # fuzz_threads reads its options from the first byte: the files as they
    # are ('[' asks for parts of 372 bytes on 2 threads, the encoding found)
    cp "$out/seeds/fuzz_reader"/* "$out/seeds/fuzz_threads/"
    # fuzz_stats reads its options from the first byte: the games as they are
    # (the '[' of a tag asks for 12 plies of openings), and the tournaments
    # whole, for crosstables
    cp "$out/seeds/fuzz_reader"/* "$out/seeds/fuzz_stats/"
    seed "$out/seeds/fuzz_stats" "$here"/regressions/fuzz_stats-* tests/data/tournaments/*.pdn
    fens | seed_lines "$out/seeds/fuzz_fen" fen
    moves | seed_lines "$out/seeds/fuzz_notation" move
    seed_csv "$out/seeds/fuzz_csv"
    seed_lines "$out/seeds/fuzz_protocols" line <"$here/seeds/protocols.txt"
    # fuzz_handmade's input is no text: it encodes a game made by hand
    # (fuzz_handmade.c); the games that once crashed, and a few more
    seed "$out/seeds/fuzz_handmade" "$here"/regressions-handmade/* "$here"/seeds/handmade/*
}

max_len() {
    case $1 in
    fuzz_fen) echo 512 ;;
    fuzz_notation) echo 256 ;;
    fuzz_protocols) echo 1024 ;;
    *) echo 4096 ;;
    esac
}

# summary TARGET RC: one line from libFuzzer's final statistics.
summary() {
    log=$out/logs/$1.log
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 |
        sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\) corp: \([0-9]*\).*/cov \1, features \2, corpus \3/p')
    if [ "$2" -eq 0 ]; then
        echo "$1: ok, ${execs:-?} execs in $secs s, ${cov:-no coverage figures}"
    else
        art=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -1)
        what=$(grep -m1 -E 'ERROR: |SUMMARY: |property failed' "$log")
        echo "$1: FAILED (exit $2) after ${execs:-?} execs: $what"
        echo "    input: ${art:-none saved}; log: $log"
        if [ -n "$art" ] && [ -f "$art" ]; then show_input "$art"; fi
    fi
}

# show_input FILE: a failing input where CI's log shows it (the machine's
# files are gone after): its start as text, and all of it, gzipped, as
# base64 (base64 -d | gunzip > input gives it back byte for byte).
show_input() {
    echo "    its first 400 bytes (cat -v):"
    head -c 400 "$1" | cat -v | sed 's/^/    | /'
    echo
    echo "    all $(wc -c <"$1") bytes, gzip | base64:"
    gzip -9n <"$1" | base64 -w 76 | sed 's/^/    /'
}

run_target() {
    t=$1
    dict=
    case $t in
    fuzz_reader | fuzz_check | fuzz_stats | fuzz_lossless | fuzz_threads) dict=-dict=$here/pdn.dict ;;
    fuzz_csv) dict=-dict=$here/csv.dict ;;
    esac
    "$bin/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len="$(max_len "$t")" -print_final_stats=1 -artifact_prefix="$out/artifacts/$t-" \
        $dict "$out/corpus/$t" "$out/seeds/$t" >"$out/logs/$t.log" 2>&1
    echo $? >"$out/logs/$t.rc"
}

# run_batch TARGET...: the targets at once (each its own core), then their
# lines in order; counts the failed ones.
run_batch() {
    for t in "$@"; do run_target "$t" & done
    wait
    for t in "$@"; do
        rc=$(cat "$out/logs/$t.rc")
        summary "$t" "$rc"
        [ "$rc" -eq 0 ] || failed=$((failed + 1))
    done
}

mkdir -p "$out/logs" "$out/artifacts"
build_seeds
targets=${FUZZ_TARGETS:-$(cd "$here" && ls fuzz_*.c | sed 's/\.c$//')}
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
batch=
n=0
for t in $targets; do
    batch="$batch $t"
    n=$((n + 1))
    if [ "$n" -ge "$jobs" ]; then
        run_batch $batch
        batch=
        n=0
    fi
done
[ -z "$batch" ] || run_batch $batch
[ "$failed" -eq 0 ] && echo "fuzz: all targets clean" && exit 0
echo "fuzz: $failed target(s) failed"
exit 1
