#!/bin/sh
# The recipe for more than one machine (README, "Beyond one machine"),
# run on this one: files cut into pieces of 40 games with pdnfmt --split,
# pdnstats --json run on each piece apart (xargs -P, as GNU parallel would
# on other hosts), the documents merged with pdnstats --merge. Over two
# collections: the tournament files, and international files followed by a
# collection of English studies, whose games name no player (blank tags;
# [White "White"], [Black "Red"]). Checks, printing one line each:
#   - the pieces hold the games, in order: pdnfmt of the pieces writes what
#     pdnfmt of the files writes;
#   - the merged document equals one run over the pieces, table by table
#     (players in their order, events in name order), and over the files themselves
#     but for the files counted and the findings of text between games;
#   - the merge warns as one run does about games that name no player
#     (the warning is printed), on standard error;
#   - what merging cannot give exactly is null, not a guess.
#
#   OUT=DIR PATH=bin:$PATH sh tests/cli/split-merge.sh   (from the project root)
out=${OUT:?OUT names a scratch directory}
failed=0

# check WHAT EXPECTED ACTUAL
check() {
    if cmp -s "$2" "$3"; then
        echo "same: $1"
    else
        echo "DIFFERENT: $1"
        diff "$2" "$3" | head -10
        failed=1
    fi
}

# A run's warnings that the merge can give: the line about spellings that
# look like one player needs the names' spellings compared again, which
# the merge does not do.
mergeable_warnings() {
    grep -v 'may be spelt two ways' "$1" >"$1.kept"
}

# recipe FILE...: the whole recipe over the files, and the checks.
recipe() {
    mkdir "$out/pieces"
    pdnfmt -q --split 40 -o "$out/pieces/part.pdn" "$@" 2>/dev/null
    # games a piece: 40, the last what is left
    for p in "$out"/pieces/*.pdn; do pdncheck -q -j 1 --list "$p" | wc -l; done | tr '\n' ' ' >"$out/sizes"
    echo "pieces of $(cat "$out/sizes")games, from $# files"

    pdnfmt "$@" >"$out/whole.pdn" 2>/dev/null
    pdnfmt "$out"/pieces/*.pdn >"$out/parts.pdn" 2>/dev/null
    check "pdnfmt of the pieces and of the files" "$out/whole.pdn" "$out/parts.pdn"

    ls "$out"/pieces/*.pdn | xargs -P 2 -I PIECE sh -c 'pdnstats -j 1 --json "PIECE" >"PIECE.json" 2>/dev/null'
    pdnstats --merge "$out"/pieces/*.json >"$out/merged.json" 2>"$out/merged.err"
    echo "merge: exit status $?"
    pdnstats --json "$out"/pieces/*.pdn >"$out/one.json" 2>"$out/one.err"
    pdnstats --json "$@" >"$out/files.json" 2>"$out/files.err"

    # The tables merging gives exactly, in a comparable order.
    # (players in the order one run ranks them: points, wins, fewer games)
    exact='del(.openings, .repeats, .totals.plies_per_game_median, .play.first_king_mean_ply)
        | .events |= (map(del(.players, .rounds)) | sort_by(.event))'
    for t in totals lengths results endings findings players events play; do
        jq -S "$exact | .$t" "$out/one.json" >"$out/a"
        jq -S "$exact | .$t" "$out/merged.json" >"$out/b"
        check "merged $t, one run over the pieces" "$out/a" "$out/b"
    done
    # Against the files: their count differs, and so do the findings about the
    # text before a game's first tag (a stray '['), which no piece holds.
    whole="$exact | del(.totals.files, .findings, .play.largest_capture_first_seen)"
    jq -S "$whole" "$out/files.json" >"$out/a"
    jq -S "$whole" "$out/merged.json" >"$out/b"
    check "merged tables, one run over the files" "$out/a" "$out/b"
    jq -c '[.openings, .repeats, .totals.plies_per_game_median, .play.first_king_mean_ply,
            (.events | map(.players, .rounds) | unique)]' "$out/merged.json"

    mergeable_warnings "$out/one.err"
    mergeable_warnings "$out/files.err"
    check "merge's warnings, one run over the pieces" "$out/one.err.kept" "$out/merged.err"
    check "merge's warnings, one run over the files" "$out/files.err.kept" "$out/merged.err"
    cat "$out/merged.err"

    rm -rf "$out/pieces" "$out"/*.pdn "$out"/*.json "$out"/*.err* "$out/a" "$out/b" "$out/sizes"
}

recipe tests/data/tournaments/*.pdn
# International games with blank White and Black tags, then English
# studies, [White "White"] and [Black "Red"], with no GameType: their
# variant comes from the games before them in their file, and a piece
# mixes the end of PWCP_2 with them, so --split gives them their GameType
# tag (before it did, 13 of them were read as international there).
recipe tests/data/conformance/succeed/Cat.B1.pdn tests/data/conformance/succeed/Cat.D1.pdn \
    tests/data/conformance/succeed/PWCP_2.pdn tests/data/conformance/succeed/beginner.pdn
exit $failed
