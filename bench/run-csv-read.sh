#!/bin/sh
# csv2pdn on hostile CSV made on the fly: CPU time and peak RSS of each run.
# Each input is written to a temporary file by one process and read on
# csv2pdn's standard input, which another one starts and measures: a child
# of the process that made a 54 MB input would count its pages as its own.
# Goals: linear time (a field of line feeds about as fast as a plain field
# of the same size) and at most 64 MB on any input (a row past
# PDN_LIMIT_GAME_BYTES is cut as it streams). Figures only, no assertion.
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/csvin.py" <<'PY'
import os, sys

MB = 1 << 20
HEAD = b"White,Black,Result,moves\n"
GOOD = b"C,D,*,1. 32-28 19-23\n"  # a row after the hostile one: still read


def quoted(body):
    return b'"' + body + b'"'


def row_with(field):
    return HEAD + b"A,B,*," + field + b"\n" + GOOD


def columns(n):
    names = b",".join(b"c%d" % i for i in range(n))
    return names + b",moves\n" + b"x," * n + b"32-28\n"


def moves_rows(n):
    return b"game,move\n" + b"1,32-28\n" * n


# name: (input, csv2pdn's options)
CASES = {
    "plain-field-8mb": (lambda: row_with(b"a" * (8 * MB)), []),
    "quoted-line-feeds-8mb": (lambda: row_with(quoted(b"\n" * (8 * MB))), []),
    "quoted-line-feeds-20mb": (lambda: row_with(quoted(b"\n" * (20 * MB))), []),
    "cr-only-lines-20mb": (lambda: HEAD + b"\r" * (20 * MB) + GOOD, []),
    "plain-field-54mb": (lambda: row_with(b"a" * (54 * MB)), []),
    "quoted-field-54mb": (lambda: row_with(quoted(b"a" * (54 * MB))), []),
    "tag-line-20mb": (lambda: b'[Event "' + b"a" * (20 * MB) + b'"]\n', []),
    "columns-1m": (lambda: columns(1000000), []),
    "empty-rows-1m": (lambda: HEAD + b",,,\n" * 1000000 + GOOD, []),
    "moves-one-game-3m-rows": (lambda: moves_rows(3000000), ["--moves"]),
}

what = sys.argv[1]
if what == "names":
    print(" ".join(CASES))
elif what == "make":
    sys.stdout.buffer.write(CASES[sys.argv[2]][0]())
else:  # run NAME FILE TOOL: one line of figures
    name, path, tool = sys.argv[2:5]
    args = [tool, "-q"] + CASES[name][1]  # findings printed, to /dev/null
    with open(path, "rb") as stdin:
        pid = os.posix_spawn(tool, args, os.environ, file_actions=[
            (os.POSIX_SPAWN_DUP2, stdin.fileno(), 0),
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
        _, _, ru = os.wait4(pid, 0)
    print("   %-26s %6.1f MB %7.2f s %7.1f MB" % (name, os.path.getsize(path) / MB,
          ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024))
PY
echo "== csv2pdn on hostile CSV (made on the fly): CPU time (user + system), peak RSS"
printf '   %-26s %9s %9s %10s\n' input size CPU "peak RSS"
for name in $(python3 "$tmp/csvin.py" names); do
    python3 "$tmp/csvin.py" make "$name" >"$tmp/in.csv"
    python3 "$tmp/csvin.py" run "$name" "$tmp/in.csv" "$bin/csv2pdn"
done
