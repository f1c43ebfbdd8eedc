#!/bin/sh
# make run: checks the bundled samples with pdncheck and shows the report.
#
#   sh scripts/run-samples.sh [BIN]
#
# samples/good holds real tournament files: every game must replay without
# an error (their warnings, the nonstandard forms of real files, are hidden
# here: -w). samples/bad holds one defect per file: each must be found, and
# the report shows them with the source line and a caret (-v).
# The run succeeds when both turn out as expected, so `make run` exits 0
# although samples/bad is full of findings; it fails otherwise.
bin=${1:-bin}
pdncheck=$bin/pdncheck
[ -x "$pdncheck" ] || { echo "run-samples: no $pdncheck; run make first" >&2; exit 2; }

echo "== samples/good: real tournament files, errors only (pdncheck -w)"
"$pdncheck" -w samples/good/*.pdn
good=$?
echo
echo "== samples/bad: one defect per file (pdncheck -v)"
"$pdncheck" -v samples/bad/*.pdn
bad=$?
echo
if [ "$good" -eq 0 ] && [ "$bad" -eq 1 ]; then
    echo "run: as expected: samples/good clean (exit 0), samples/bad flagged (exit 1)"
    exit 0
fi
echo "run: unexpected: samples/good exited $good (want 0), samples/bad exited $bad (want 1)" >&2
exit 1
