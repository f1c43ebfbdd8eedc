/*
 * diag: the one table of finding codes -> stable name -> severity -> message.
 *
 * Every message has the same shape, so tools and tests can rely on it:
 *
 *     <phrase>[ '<text>'][: <detail>]
 *
 * where text is the offending input and detail the code-specific specifics,
 * both optional. Adding a code is adding one row. This module formats only:
 * it must not print, allocate or depend on any other module.
 */
#include "pdn.h"

#include <stdio.h>
#include <string.h>

struct diag_row {
    const char *name; /* short, stable, kebab-case: part of the JSON output */
    enum pdn_severity severity;
    const char *phrase; /* the start of the message */
};

/* Designated initialisers: a row can never land under the wrong code. */
static const struct diag_row rows[] = {
    [PDN_D_ENCODING_FALLBACK] = {"encoding-fallback", PDN_WARNING, "input is not UTF-8"},
    [PDN_D_BAD_ENCODING] = {"bad-encoding", PDN_ERROR, "invalid byte sequence"},
    [PDN_D_NUL_BYTE] = {"nul-byte", PDN_ERROR, "NUL byte in the input"},
    [PDN_D_UNEXPECTED_CHAR] = {"unexpected-char", PDN_ERROR, "unexpected character"},
    [PDN_D_UNTERMINATED_COMMENT] = {"unterminated-comment", PDN_ERROR, "unterminated comment"},
    [PDN_D_UNTERMINATED_STRING] = {"unterminated-string", PDN_ERROR, "unterminated string"},
    [PDN_D_UNTERMINATED_TAG] = {"unterminated-tag", PDN_ERROR, "unterminated tag"},
    [PDN_D_UNTERMINATED_VARIATION] = {"unterminated-variation", PDN_ERROR,
                                      "unterminated variation"},
    [PDN_D_UNTERMINATED_SETUP] = {"unterminated-setup", PDN_ERROR, "unterminated setup"},
    [PDN_D_NESTED_COMMENT] = {"nested-comment", PDN_WARNING, "nested comment"},
    [PDN_D_SYNTAX] = {"syntax", PDN_ERROR, "syntax error"},
    [PDN_D_BAD_TAG] = {"bad-tag", PDN_ERROR, "malformed tag"},
    [PDN_D_DUPLICATE_TAG] = {"duplicate-tag", PDN_WARNING, "duplicate tag"},
    [PDN_D_UNMATCHED_PAREN] = {"unmatched-paren", PDN_ERROR, "unmatched parenthesis"},
    [PDN_D_MISSING_RESULT] = {"missing-result", PDN_WARNING, "game ends without a result"},
    [PDN_D_NONSTANDARD] = {"nonstandard", PDN_WARNING, "nonstandard form"},
    [PDN_D_LIMIT] = {"limit", PDN_ERROR, "limit reached"},
    /* replay */
    [PDN_D_ILLEGAL_MOVE] = {"illegal-move", PDN_ERROR, "illegal move"},
    [PDN_D_AMBIGUOUS_MOVE] = {"ambiguous-move", PDN_ERROR, "ambiguous capture"},
    [PDN_D_AMBIGUITY_RESOLVED] = {"ambiguity-resolved", PDN_WARNING, "ambiguous capture resolved"},
    [PDN_D_PARTIAL_PATH] = {"partial-path", PDN_WARNING, "partial capture path"},
    [PDN_D_MOVE_FORM] = {"move-form", PDN_WARNING, "nonstandard move notation"},
    [PDN_D_STRICT_VIOLATION] = {"strict-violation", PDN_ERROR, "not strict PDN 3.0"},
    [PDN_D_UNKNOWN_MOVE] = {"unknown-move", PDN_WARNING, "move not given"},
    [PDN_D_MOVE_NUMBER] = {"move-number", PDN_WARNING, "wrong move number"},
    [PDN_D_RESULT_MISMATCH] = {"result-mismatch", PDN_WARNING,
                               "result disagrees with the Result tag"},
    [PDN_D_RESULT_INCONSISTENT] = {"result-inconsistent", PDN_ERROR, "inconsistent result"},
    [PDN_D_DRAW_RULE] = {"draw-rule", PDN_WARNING, "drawn by rule"},
    [PDN_D_RESULT_CONVENTION] = {"result-convention", PDN_NOTE, "result in another convention"},
    [PDN_D_UNKNOWN_RESULT] = {"unknown-result", PDN_WARNING, "unknown result"},
    [PDN_D_UNSUPPORTED_GAMETYPE] = {"unsupported-gametype", PDN_WARNING, "unsupported GameType"},
    [PDN_D_BAD_DATE] = {"bad-date", PDN_WARNING, "malformed date"},
    [PDN_D_BAD_FEN] = {"bad-fen", PDN_ERROR, "invalid FEN"},
    [PDN_D_IMPOSSIBLE_FEN] = {"impossible-fen", PDN_ERROR, "impossible position"},
};

_Static_assert(sizeof rows / sizeof rows[0] == PDN_D_COUNT,
               "diag.c: one row per PDN_D_* code, in pdn.h order");

static const struct diag_row unknown_row = {"unknown", PDN_ERROR, "unknown finding"};

static const struct diag_row *row_of(enum pdn_code code)
{
    if ((unsigned)code >= PDN_D_COUNT || rows[code].name == NULL) return &unknown_row;
    return &rows[code];
}

enum pdn_severity pdn_diag_severity(enum pdn_code code)
{
    return row_of(code)->severity;
}

const char *pdn_diag_name(enum pdn_code code)
{
    return row_of(code)->name;
}

const char *pdn_severity_name(enum pdn_severity severity)
{
    switch (severity) {
    case PDN_NOTE:
        return "note";
    case PDN_WARNING:
        return "warning";
    case PDN_ERROR:
        return "error";
    }
    return "error";
}

size_t pdn_diag_message(char *out, size_t cap, const struct pdn_diag *diag)
{
    const struct diag_row *row = row_of(diag->code);
    const char *text = diag->text;
    const char *detail = diag->detail;
    int n = snprintf(out, cap, "%s%s%s%s%s%s", row->phrase, text ? " '" : "", text ? text : "",
                     text ? "'" : "", detail ? ": " : "", detail ? detail : "");
    return n < 0 ? 0 : (size_t)n;
}
