# The tag reading select-counts.sh and stats-counts.sh share, independent of
# the library's reader: every [Name "value"] on a tag line goes into tag[]
# (names of letters, digits and '_', or the '&#;' of a character reference)
# (the first of a name counts); fold=1 keeps the values in lower case. The
# scripts put this text in front of their own awk programs.
function read_tags(line, fold,   pair, name, value) {
    while (match(line, /\[[A-Za-z0-9_&#;]+ "[^"]*"\]/)) {
        pair = substr(line, RSTART + 1, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
        name = pair; sub(/ .*/, "", name)
        value = pair; sub(/^[^"]*"/, "", value)
        if (!(name in tag)) tag[name] = fold ? tolower(value) : value
    }
}
# A standard tag's value, or else that of the first of its names in another
# language that is present (libpdn(3), pdn_game_tag: Bianco for White ...):
# the files hold one of each at most.
function read_as(name,   others, k, n, i) {
    if (name in tag) return tag[name]
    others["White"] = "Bianco Blanc"; others["Black"] = "Nero Noir"
    others["Result"] = "Risultato R&#x00e9;sultat"; others["Round"] = "Manche"
    others["Event"] = "&#x00c9;v&#x00e9;nement"
    n = split(others[name], k, " ")
    for (i = 1; i <= n; i++) if (k[i] in tag) return tag[k[i]]
    return ""
}
