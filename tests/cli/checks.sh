# The helpers the script tests share, sourced (from the project root)
# after the script sets tag, the name in its messages: a scratch folder
# $work, removed at exit; the counts failed and checks, check (one more),
# fail MESSAGE, poll to wait for something with a timeout rather than
# sleep a fixed time, and checks_done, which prints the counts and gives
# the status. A script with more to clean up sets its own trap after (and
# removes $work in it); one whose failures need more said (an engine's
# output, the screen) defines its own fail after.
work=$(mktemp -d "${TMPDIR:-/tmp}/$tag.XXXXXX") || exit 3
trap 'rm -rf "$work"' EXIT
failed=0
checks=0

check() { checks=$((checks + 1)); }

fail() {
    echo "$tag: FAILED: $1"
    failed=$((failed + 1))
}

# poll TRIES PAUSE COMMAND...: runs COMMAND until it succeeds (status 0),
# PAUSE seconds apart, at most TRIES times (then status 1).
poll() {
    poll_tries=$1 poll_pause=$2
    shift 2
    poll_i=1
    until "$@"; do
        [ "$poll_i" -lt "$poll_tries" ] || return 1
        poll_i=$((poll_i + 1))
        sleep "$poll_pause"
    done
}

checks_done() {
    echo "$tag: $checks checks, $failed failed"
    [ "$failed" -eq 0 ]
}
