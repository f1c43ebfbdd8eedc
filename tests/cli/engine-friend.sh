# engine_friend PORT PDN ERR: pdnengine at level 1 connects to a pdnplay
# listening on PORT (trying again while that one is not up yet, 30 s at
# most) and plays a game over DXP as the friend, saved to PDN, its
# messages to ERR; rc is its exit status. Sourced by play.sh and
# play-tui.sh, which set bin.
engine_friend() {
    i=0
    while :; do
        "$bin/pdnengine" --level 1 --timeout 120 dxp --connect "127.0.0.1:$1" -o "$2" 2>"$3"
        rc=$?
        [ $rc -ne 3 ] || [ $i -ge 300 ] && break
        i=$((i + 1))
        sleep 0.1
    done
}
