#!/bin/sh
# Folders as operands: which files a folder gives, in which order, and what
# a hostile tree (link loops, links out of it, an unreadable subfolder, a
# FIFO, 10000 files) does to the tools: a clear message, never a hang.
#
#   sh tests/cli/folders.sh        (run by the golden case folders-script)
#   sh tests/cli/folders.sh many   (only the 10000 files: folders-many-script,
#                                   a slow case)
#
# Each check prints "ok: NAME" or "FAILED: NAME: why"; exit 1 when one
# fails. Builds its trees in a scratch directory and touches nothing else.
# The unreadable subfolder needs a user the permissions stop: as root the
# tools run as nobody (setpriv), elsewhere as the user. Finds the tools on
# PATH (the CLI runner puts the build's bin/ first).

d=$(mktemp -d "${TMPDIR:-/tmp}/folders.XXXXXX") || exit 1
trap 'chmod -R u+rwx "$d"; rm -rf "$d"' EXIT
chmod 755 "$d"
failed=0

ok() { echo "ok: $1"; }
fail() {
    echo "FAILED: $1: $2"
    failed=1
}

# said RC TEXT...: the run just made (its status in rc, its standard error
# in $d/err) exited RC and said every TEXT; ok or FAILED for $check.
said() {
    want=$1
    shift
    good=1
    [ "$rc" -eq "$want" ] || good=0
    for text in "$@"; do
        grep -qF -- "$text" "$d/err" || good=0
    done
    if [ $good = 1 ]; then
        ok "$check"
    else
        fail "$check" "exit status $rc: $(cat "$d/err")"
    fi
}

# game FILE EVENT: a one-game PDN file, its Event naming it.
game() { printf '[Event "%s"]\n[Result "*"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n' "$2" >"$1"; }

# The files a run of pdncheck --list read, in order, one a line.
files_read() { cut -f1 "$1" | uniq; }

# 10000 files in 100 folders (slow: making them takes most of the time).
many_files() {
    check="10000 files"
    m=$d/many
    mkdir "$m"
    i=0
    while [ $i -lt 100 ]; do
        mkdir "$m/$i"
        j=0
        while [ $j -lt 100 ]; do
            printf '1. 32-28 *\n' >"$m/$i/$j.pdn"
            j=$((j + 1))
        done
        i=$((i + 1))
    done
    timeout 60 pdncheck "$m" >/dev/null 2>"$d/err"
    rc=$?
    said 0 "pdncheck: 10000 files, 10000 games: 10000 clean"
}

if [ "${1:-}" = many ]; then
    many_files
    exit $failed
fi

# --- which files, in which order ------------------------------------------
t=$d/tree
mkdir -p "$t/b-sub/deeper" "$t/.hidden" "$t/a-sub"
game "$t/z.pdn" z
game "$t/B.PDN" B
game "$t/b-sub/m.pdn" m
game "$t/b-sub/deeper/n.pdn" n
game "$t/a-sub/k.pdn" k
game "$t/.hidden/h.pdn" h
game "$t/.dot.pdn" dot
game "$t/notes.txt" notes
game "$t/a-sub/game.txt" linked
ln -s .. "$t/b-sub/loop"                  # a loop: never walked
ln -s "$t" "$t/a-sub/root"                # another way round
ln -s a-sub/game.txt "$t/alias.pdn"       # in the tree, not read otherwise: read
ln -s z.pdn "$t/same-as-z.pdn"            # z.pdn is read under its own name
game "$d/outside.pdn" outside
ln -s ../outside.pdn "$t/out.pdn"         # out of the tree: not followed

check="files and order"
want="$t/B.PDN
$t/a-sub/k.pdn
$t/alias.pdn
$t/b-sub/deeper/n.pdn
$t/b-sub/m.pdn
$t/z.pdn"
timeout 20 pdncheck -q --list "$t" >"$d/list" 2>"$d/err"
rc=$?
got=$(files_read "$d/list")
if [ $rc -ne 0 ]; then
    fail "$check" "exit status $rc: $(cat "$d/err")"
elif [ "$got" != "$want" ]; then
    fail "$check" "read: $(echo $got)"
else
    ok "$check"
fi

check="a link out of the folder is said, not followed"
want="pdncheck: $t/out.pdn: a link out of the folder: not followed"
timeout 20 pdncheck "$t" >/dev/null 2>"$d/err"
rc=$?
said 0 "$want" "6 files, 6 games"

check="a folder operand named through a link"
ln -s tree "$d/tree-link"
timeout 20 pdncheck -q --list "$d/tree-link/" >"$d/list" 2>"$d/err"
n=$(files_read "$d/list" | wc -l)
[ "$n" -eq 6 ] && ok "$check" || fail "$check" "$n files read: $(cat "$d/err")"

# --- what cannot be read -----------------------------------------------------
u=$d/bad
mkdir -p "$u/locked" "$u/fine"
game "$u/fine/g.pdn" g
game "$u/locked/secret.pdn" secret
ln -s nowhere.pdn "$u/dangling.pdn"
ln -s self.pdn "$u/self.pdn"
mkfifo "$u/fifo.pdn"
chmod 000 "$u/locked"

check="dangling links, link loops, FIFOs: said; the rest read"
timeout 20 pdncheck "$u" >/dev/null 2>"$d/err"
rc=$?
[ "$(id -u)" = 0 ] && rc=3 # root reads the locked folder: the links still count
said 3 "pdncheck: $u/dangling.pdn: No such file or directory" \
    "pdncheck: $u/self.pdn: Too many levels of symbolic links" \
    "pdncheck: $u/fifo.pdn: not a regular file: not read" "unreadable), "

check="an unreadable subfolder"
as=
tool=pdncheck
if [ "$(id -u)" = 0 ]; then
    as="setpriv --reuid=nobody --regid=nogroup --clear-groups"
    chmod -R o+rX "$u/fine"
    # nobody may not reach the build (a checkout in a private folder): a
    # copy of the tool in the scratch folder, which is 755
    cp "$(command -v pdncheck)" "$d/pdncheck" && tool=$d/pdncheck
fi
$as timeout 20 "$tool" "$u" >/dev/null 2>"$d/err"
rc=$?
said 3 "pdncheck: $u/locked: Permission denied" "pdncheck: 4 files (3 unreadable), 1 game:"
chmod 755 "$u/locked"

check="an empty folder"
mkdir "$d/empty"
pdncheck "$d/empty" >/dev/null 2>"$d/err"
rc=$?
said 0 "pdncheck: $d/empty: no .pdn file in this folder"

# --- every tool ---------------------------------------------------------------
check="every tool reads a folder"
f=$d/few
mkdir -p "$f/x"
game "$f/1.pdn" one
game "$f/x/2.pdn" two
why=
n=$(pdnfmt -q "$f" | grep -c '^\[Event')
[ "$n" = 2 ] || why="$why pdnfmt:$n"
n=$(pdn2csv -q "$f" | wc -l)
[ "$n" = 3 ] || why="$why pdn2csv:$n"
n=$(pdnreplay -q --list "$f" | cut -f1 | tr '\n' ' ')
[ "$n" = "$f/1.pdn $f/x/2.pdn " ] || why="$why pdnreplay:$n"
n=$(pdnstats --only totals "$f" | awk '$1 == "games" { print $2 }')
[ "$n" = 2 ] || why="$why pdnstats:$n"
mkdir "$d/csv"
pdn2csv -q "$f/1.pdn" >"$d/csv/a.csv"
pdn2csv -q "$f/x/2.pdn" >"$d/csv/b.CSV"
cp "$f/1.pdn" "$d/csv/not-csv.pdn"
n=$(csv2pdn -q "$d/csv" | grep -c '^\[Event')
[ "$n" = 2 ] || why="$why csv2pdn:$n"
[ -z "$why" ] && ok "$check" || fail "$check" "games seen:$why"

check="pdnfmt -o into the folder it reads: its old output is no input"
pdnfmt -q -w -o "$f/all.pdn" "$f" && pdnfmt -w -o "$f/all.pdn" "$f" 2>"$d/err"
n=$(grep -c '^\[Event' "$f/all.pdn")
if [ "$n" = 2 ] && grep -qxF "pdnfmt: $f/all.pdn: the output file: not read" "$d/err"; then
    ok "$check"
else
    fail "$check" "$n games in all.pdn: $(cat "$d/err")"
fi

check="pdn2csv -o a file the folder gives: refused before anything is written"
cp "$f/1.pdn" "$d/keep.pdn"
pdn2csv -q -o "$f/1.pdn" "$f" 2>"$d/err"
rc=$?
cmp -s "$f/1.pdn" "$d/keep.pdn" || { rc=99; echo "1.pdn changed" >>"$d/err"; }
said 2 "the output '$f/1.pdn' is the input '$f/1.pdn'"

exit $failed
