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

#include <string.h>

struct diag_row {
    const char *name; /* short, stable, kebab-case: part of the JSON output */
    enum pdn_severity severity;
    const char *phrase; /* the start of the message */
};

/* Designated initialisers: a row can never land under the wrong code. */
static const struct diag_row rows[] = {
    [PDN_DIAG_ENCODING_FALLBACK] = {"encoding-fallback", PDN_SEV_WARNING, "input is not UTF-8"},
    [PDN_DIAG_BAD_ENCODING] = {"bad-encoding", PDN_SEV_ERROR, "invalid byte sequence"},
    [PDN_DIAG_NUL_BYTE] = {"nul-byte", PDN_SEV_ERROR, "NUL byte in the input"},
    [PDN_DIAG_UNEXPECTED_CHAR] = {"unexpected-char", PDN_SEV_ERROR, "unexpected character"},
    [PDN_DIAG_UNTERMINATED_COMMENT] = {"unterminated-comment", PDN_SEV_ERROR,
                                       "unterminated comment"},
    [PDN_DIAG_UNTERMINATED_STRING] = {"unterminated-string", PDN_SEV_ERROR, "unterminated string"},
    [PDN_DIAG_UNTERMINATED_TAG] = {"unterminated-tag", PDN_SEV_ERROR, "unterminated tag"},
    [PDN_DIAG_UNTERMINATED_VARIATION] = {"unterminated-variation", PDN_SEV_ERROR,
                                         "unterminated variation"},
    [PDN_DIAG_UNTERMINATED_SETUP] = {"unterminated-setup", PDN_SEV_ERROR, "unterminated setup"},
    [PDN_DIAG_NESTED_COMMENT] = {"nested-comment", PDN_SEV_WARNING, "nested comment"},
    [PDN_DIAG_SYNTAX] = {"syntax", PDN_SEV_ERROR, "syntax error"},
    [PDN_DIAG_BAD_TAG] = {"bad-tag", PDN_SEV_ERROR, "malformed tag"},
    [PDN_DIAG_DUPLICATE_TAG] = {"duplicate-tag", PDN_SEV_WARNING, "duplicate tag"},
    [PDN_DIAG_UNMATCHED_PAREN] = {"unmatched-paren", PDN_SEV_ERROR, "unmatched parenthesis"},
    [PDN_DIAG_MISSING_RESULT] = {"missing-result", PDN_SEV_WARNING, "game ends without a result"},
    [PDN_DIAG_NONSTANDARD] = {"nonstandard", PDN_SEV_WARNING, "nonstandard form"},
    [PDN_DIAG_LIMIT] = {"limit", PDN_SEV_ERROR, "limit reached"},
    /* replay */
    [PDN_DIAG_ILLEGAL_MOVE] = {"illegal-move", PDN_SEV_ERROR, "illegal move"},
    [PDN_DIAG_AMBIGUOUS_MOVE] = {"ambiguous-move", PDN_SEV_ERROR, "ambiguous capture"},
    [PDN_DIAG_AMBIGUITY_RESOLVED] = {"ambiguity-resolved", PDN_SEV_WARNING,
                                     "ambiguous capture resolved"},
    [PDN_DIAG_PARTIAL_PATH] = {"partial-path", PDN_SEV_WARNING, "partial capture path"},
    [PDN_DIAG_MOVE_FORM] = {"move-form", PDN_SEV_WARNING, "nonstandard move notation"},
    [PDN_DIAG_STRICT_VIOLATION] = {"strict-violation", PDN_SEV_ERROR, "not strict PDN 3.0"},
    [PDN_DIAG_UNKNOWN_MOVE] = {"unknown-move", PDN_SEV_WARNING, "move not given"},
    [PDN_DIAG_MOVE_NUMBER] = {"move-number", PDN_SEV_WARNING, "wrong move number"},
    [PDN_DIAG_RESULT_MISMATCH] = {"result-mismatch", PDN_SEV_WARNING, "mismatched result"},
    [PDN_DIAG_RESULT_INCONSISTENT] = {"result-inconsistent", PDN_SEV_ERROR, "inconsistent result"},
    [PDN_DIAG_DRAW_RULE] = {"draw-rule", PDN_SEV_WARNING, "drawn by rule"},
    [PDN_DIAG_RESULT_CONVENTION] = {"result-convention", PDN_SEV_NOTE,
                                    "result in another convention"},
    [PDN_DIAG_UNKNOWN_RESULT] = {"unknown-result", PDN_SEV_WARNING, "unknown result"},
    [PDN_DIAG_UNSUPPORTED_GAMETYPE] = {"unsupported-gametype", PDN_SEV_WARNING,
                                       "unsupported GameType"},
    [PDN_DIAG_BAD_DATE] = {"bad-date", PDN_SEV_WARNING, "malformed date"},
    [PDN_DIAG_BAD_FEN] = {"bad-fen", PDN_SEV_ERROR, "invalid FEN"},
    [PDN_DIAG_IMPOSSIBLE_FEN] = {"impossible-fen", PDN_SEV_ERROR, "impossible position"},
    /* reader, about a whole file */
    [PDN_DIAG_NOT_PDN] = {"not-pdn", PDN_SEV_ERROR, "not a PDN file"},
    [PDN_DIAG_NO_GAME] = {"no-game", PDN_SEV_WARNING, "no game in the file"},
    /* CSV input */
    [PDN_DIAG_BAD_CSV] = {"bad-csv", PDN_SEV_ERROR, "bad CSV row"},
    [PDN_DIAG_CSV_COLUMN] = {"csv-column", PDN_SEV_WARNING, "column ignored"},
    [PDN_DIAG_VARIANT_INFERRED] = {"variant-inferred", PDN_SEV_NOTE, "variant inferred"},
    [PDN_DIAG_GAMETYPE_MISMATCH] = {"gametype-mismatch", PDN_SEV_WARNING,
                                    "GameType tag contradicts the moves"},
    [PDN_DIAG_FIXED] = {"fixed", PDN_SEV_NOTE, "fixed"},
    /* games read twice */
    [PDN_DIAG_REPEATED_GAME] = {"repeated-game", PDN_SEV_WARNING, "repeated game"},
    [PDN_DIAG_SUSPECT_COPY] = {"suspect-copy", PDN_SEV_WARNING, "suspect copy"},
    /* tags */
    [PDN_DIAG_TAG_SYNONYM] = {"tag-synonym", PDN_SEV_NOTE, "tag name of another language"},
    [PDN_DIAG_TAG_CASE] = {"tag-case", PDN_SEV_NOTE, "tag name in another case"},
    [PDN_DIAG_CSV_NO_MOVES] = {"csv-no-moves", PDN_SEV_WARNING, "no moves column"},
    [PDN_DIAG_MISPLACED_VARIATION] = {"misplaced-variation", PDN_SEV_WARNING,
                                      "variation before the move it replaces"},
    [PDN_DIAG_MOVE_NUMBER_RUN] = {"move-number-run", PDN_SEV_NOTE, "move number off as before"},
};

_Static_assert(sizeof rows / sizeof rows[0] == PDN_DIAG_COUNT,
               "diag.c: one row per PDN_DIAG_* code, in pdn.h order");

static const struct diag_row unknown_row = {"unknown", PDN_SEV_ERROR, "unknown finding"};

static const struct diag_row *row_of(enum pdn_diag_code code)
{
    if ((unsigned)code >= PDN_DIAG_COUNT || rows[code].name == NULL) return &unknown_row;
    return &rows[code];
}

enum pdn_severity pdn_diag_severity(enum pdn_diag_code code)
{
    return row_of(code)->severity;
}

const char *pdn_diag_name(enum pdn_diag_code code)
{
    return row_of(code)->name;
}

const char *pdn_severity_name(enum pdn_severity severity)
{
    switch (severity) {
    case PDN_SEV_NOTE:
        return "note";
    case PDN_SEV_WARNING:
        return "warning";
    case PDN_SEV_ERROR:
        return "error";
    }
    return "error";
}

/* Appends s[0, n) to out at *len where it does not fit whole (with the
 * NUL after it): cut (NUL-terminated) where cap ends, as snprintf does,
 * but between two characters: a UTF-8 sequence cut in two would make the
 * message invalid text (pdn2csv's error_message cell, which csv2pdn then
 * refused). Nothing once the message is cut. */
static void append_cut(char *out, size_t cap, size_t len, const char *s, size_t n)
{
    if (len >= cap) return;
    size_t k = cap - 1 - len; /* 0: only the NUL fits */
    /* back to the sequence's start: 3 bytes at most, so that text that is
     * no UTF-8 (a run of continuation bytes) is not eaten */
    for (int back = 0; back < 3 && k > 0 && k < n && ((unsigned char)s[k] & 0xC0) == 0x80; back++)
        k--;
    memcpy(out + len, s, k);
    out[len + k] = '\0';
}

/* Appends s[0, n) to out at *len, which counts it whole. Inline, so that
 * a literal's copy is a store or two: a message is six pieces, and a
 * finding's line costs little more than its message. The NUL after the
 * whole message is pdn_diag_message's to write. */
static inline void append(char *out, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len < cap && n < cap - *len)
        memcpy(out + *len, s, n);
    else
        append_cut(out, cap, *len, s, n);
    *len += n;
}

#define APPEND_LITERAL(out, cap, len, s) append((out), (cap), (len), "" s, sizeof(s) - 1)

static void append_string(char *out, size_t cap, size_t *len, const char *s)
{
    append(out, cap, len, s, strlen(s));
}

/* Whether s holds more than one character (UTF-8 sequences counted as
 * one: their continuation bytes start none). */
static bool several_characters(const char *s)
{
    unsigned starts = 0;
    for (; *s && starts < 2; s++)
        starts += ((unsigned char)*s & 0xC0) != 0x80;
    return starts > 1;
}

/* Piece by piece rather than one snprintf of six strings: the format's
 * parsing cost more than a finding's whole line. */
size_t pdn_diag_message(char *out, size_t cap, const struct pdn_diag *diag)
{
    const struct diag_row *row = row_of(diag->code);
    size_t len = 0;
    /* A word is no "unexpected character" ('next round' between games). */
    bool words =
        diag->code == PDN_DIAG_UNEXPECTED_CHAR && diag->text && several_characters(diag->text);
    append_string(out, cap, &len, words ? "unexpected text" : row->phrase);
    if (diag->text) {
        APPEND_LITERAL(out, cap, &len, " '");
        append_string(out, cap, &len, diag->text);
        APPEND_LITERAL(out, cap, &len, "'");
    }
    if (diag->detail) {
        APPEND_LITERAL(out, cap, &len, ": ");
        append_string(out, cap, &len, diag->detail);
    }
    if (len < cap) out[len] = '\0'; /* else append_cut wrote it */
    return len;
}
