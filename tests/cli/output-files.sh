#!/bin/sh
# "Outputs that never clobber": what pdnfmt -o does to each kind of target.
#
#   sh tests/cli/output-files.sh FILE      (run by the golden case fmt-output-files)
#
# FILE is a PDN file pdnfmt reads without errors. Each check prints one line,
# "ok: NAME" or "FAILED: NAME: why"; the script fails (exit 1) when one does.
# The checks that need root (a device node, another owner) pass without
# testing anything when not run as root, so that the expected output stays
# the same everywhere. Never touches /dev/null or anything outside its own
# scratch directory: a broken pdnfmt would replace the node it is given.
# Finds pdnfmt on PATH (the CLI runner puts the build's bin/ first).

file=${1:?usage: output-files.sh FILE}
d=$(mktemp -d "${TMPDIR:-/tmp}/output-files.XXXXXX") || exit 1
trap 'rm -rf "$d"' EXIT
failed=0
root=no
[ "$(id -u)" = 0 ] && root=yes

pdnfmt -w "$file" >"$d/.want" || exit 1

ok() { echo "ok: $1"; }
fail() {
    echo "FAILED: $1: $2"
    failed=1
}

# same_text NAME PATH: PATH holds exactly what pdnfmt writes for FILE.
same_text() {
    cmp -s "$d/.want" "$2" || { fail "$1" "$2 does not hold the formatted games"; return 1; }
}

# only DIR NAME...: DIR holds exactly the files NAME... (no temporary file).
only() {
    dir=$1
    shift
    want=$(printf '%s\n' "$@" | sort)
    got=$(cd "$dir" && ls -A | sort)
    [ "$want" = "$got" ] || { fail "$check" "$dir holds $(echo $got)"; return 1; }
}

# A chain of relative symbolic links across directories: the final target
# gets the text, the temporary file lives beside it, the links stay links.
check="symbolic links across directories"
mkdir "$d/a" "$d/b"
printf 'old\n' >"$d/b/target.pdn"
ln -s target.pdn "$d/b/link2.pdn"
ln -s ../b/link2.pdn "$d/a/link1.pdn"
if pdnfmt -w -o "$d/a/link1.pdn" "$file" && [ -L "$d/a/link1.pdn" ] && [ -L "$d/b/link2.pdn" ]; then
    same_text "$check" "$d/b/target.pdn" && only "$d/a" link1.pdn && only "$d/b" link2.pdn target.pdn &&
        ok "$check"
else
    fail "$check" "exit status or the links"
fi
rm -rf "$d/a" "$d/b"

# A FIFO is written into, never replaced; a reader gets the games.
check="FIFO"
mkfifo "$d/fifo"
cat "$d/fifo" >"$d/fifo.got" &
reader=$!
timeout 10 pdnfmt -w -o "$d/fifo" "$file"
rc=$?
if [ -p "$d/fifo" ]; then
    wait $reader
    [ $rc -eq 0 ] && same_text "$check" "$d/fifo.got" && ok "$check"
else
    kill $reader
    wait $reader 2>/dev/null
    fail "$check" "no longer a FIFO (exit status $rc)"
fi
rm -f "$d/fifo" "$d/fifo.got"

# A character device (a private copy of /dev/null) stays one.
check="character device"
if [ $root = yes ] && mknod "$d/null" c 1 3 2>/dev/null; then
    pdnfmt -w -o "$d/null" "$file"
    rc=$?
    if [ $rc -eq 0 ] && [ -c "$d/null" ]; then
        only "$d" .want null && ok "$check"
    else
        fail "$check" "exit status $rc, $(ls -l "$d/null")"
    fi
    rm -f "$d/null"
else
    ok "$check"
fi

# A replaced file keeps its mode and owner.
check="mode and owner kept"
printf 'old\n' >"$d/x.pdn"
chmod 640 "$d/x.pdn"
want=640:$(id -u):$(id -g)
if [ $root = yes ]; then
    chown 1234:5678 "$d/x.pdn"
    want=640:1234:5678
fi
pdnfmt -w -o "$d/x.pdn" "$file"
got=$(stat -c %a:%u:%g "$d/x.pdn")
if [ "$got" = "$want" ]; then
    same_text "$check" "$d/x.pdn" && ok "$check"
else
    fail "$check" "want $want, got $got"
fi
rm -f "$d/x.pdn"

# A new file gets the mode the umask allows, as with any program.
check="new file under umask 027"
(umask 027 && pdnfmt -w -o "$d/new.pdn" "$file")
got=$(stat -c %a "$d/new.pdn")
if [ "$got" = 640 ]; then
    same_text "$check" "$d/new.pdn" && ok "$check"
else
    fail "$check" "mode $got"
fi
rm -f "$d/new.pdn"

# A directory is not replaced: one message, exit 3, nothing left beside it.
check="directory"
mkdir "$d/dir"
pdnfmt -w -o "$d/dir" "$file" 2>/dev/null
rc=$?
if [ $rc -eq 3 ] && [ -d "$d/dir" ]; then
    only "$d" .want dir && ok "$check"
else
    fail "$check" "exit status $rc"
fi
rmdir "$d/dir"

# kill -9 while the output is open and partly written: the old file stays
# as it was and no temporary file is left behind.
check="kill -9"
printf 'old\n' >"$d/k.pdn"
mkfifo "$d/in"
pdnfmt -w -o "$d/k.pdn" <"$d/in" &
pid=$!
exec 3>"$d/in"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat "$file"; done >&3
# The output is the descriptor, not standard input, that points into $d.
n=0
found=
while [ $n -lt 600 ] && [ -z "$found" ]; do
    for fd in /proc/$pid/fd/*; do
        target=$(readlink "$fd" 2>/dev/null) || continue
        case $target in
        "$d/in") ;;
        "$d"/*) [ "$(stat -L -c %s "$fd" 2>/dev/null)" -gt 0 ] 2>/dev/null && found=$fd ;;
        esac
    done
    [ -z "$found" ] && sleep 0.05
    n=$((n + 1))
done
kill -9 $pid
wait $pid 2>/dev/null
exec 3>&-
if [ -z "$found" ]; then
    fail "$check" "pdnfmt never wrote to its output"
elif [ "$(cat "$d/k.pdn")" != old ]; then
    fail "$check" "the old file changed"
else
    only "$d" .want in k.pdn && ok "$check"
fi
rm -f "$d/in" "$d/k.pdn"

exit $failed
