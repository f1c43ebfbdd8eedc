/*
 * report: findings and messages as the user reads them: compiler-style
 * lines or JSON Lines objects, control characters of the input made
 * visible, the source excerpt under a finding, a line per game of a list,
 * and a finding copied to be kept past its callback. Each message is built
 * whole and written at once (tool_message), so standard error, which is
 * unbuffered, gets one write per finding. No PDN logic.
 */
#ifndef PDN_CMD_REPORT_H
#define PDN_CMD_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pdn.h"

struct tool;

/* "file:line:col: severity: message (game 3, move 12.)", parts unknown left
 * out; "prog: severity: message" when the file is unknown. Control
 * characters of the input are escaped (tool_put_escaped). */
void tool_diag_text(FILE *fp, const char *prog, const struct pdn_diag *d);
/* {"type":"finding",...}: one JSON object on one line; unknown values are null. */
void tool_diag_json(FILE *fp, const struct pdn_diag *d);
/*
 * Writes s[0, n) with its control characters made visible: \t, \n, \r, \xHH
 * for the other C0 ones and DEL, \u0080..\u009f for C1; tabs stay tabs when
 * keep_tabs. Returns the columns written (characters, not bytes).
 */
size_t tool_put_escaped(FILE *fp, const char *s, size_t n, bool keep_tabs);
/*
 * Text from another program (an engine's move, its error message) quoted
 * for a message and a PDN comment: in single quotes, escaped as
 * pdn_text_escape does (valid UTF-8, no control character), and '{', '}',
 * '\'' and '\\' as \xHH too: a '}' would end the comment, the others keep
 * the quoting unambiguous. Past TOOL_QUOTE_SHOWN bytes of it the text is
 * cut, between escapes and characters, and "... (N bytes)" follows the
 * closing quote. Returns out.
 */
enum { TOOL_QUOTE_SHOWN = 64, TOOL_QUOTE_MAX = TOOL_QUOTE_SHOWN + 48 };
const char *tool_quote(char out[TOOL_QUOTE_MAX], const char *s);
/* The source line and a caret under column col (1-based, in characters);
 * control characters but tabs escaped, the caret still under its place. */
void tool_diag_excerpt(FILE *fp, uint32_t line_no, const char *line, size_t len, uint32_t col);
/* In place of the source line of line_no, why there is none: a note in
 * the excerpt's margin, which no line of the file can be mistaken for. */
void tool_diag_no_excerpt(FILE *fp, uint32_t line_no, const char *why);
/* A JSON string literal with the escapes JSON requires. */
void tool_json_string(FILE *fp, const char *s);
/* The reader callback: counts the finding and prints it (ctx: struct tool). */
void tool_on_diag(const struct pdn_diag *d, void *ctx);

/*
 * One line of a list of games (pdncheck --list, pdnreplay --list), tab-
 * separated: FILE INDEX WHITE BLACK EVENT DATE RESULT PLIES STATUS, a
 * missing tag as "?", control characters escaped (tool_put_escaped);
 * STATUS is "ok", or the first error as "NAME: MESSAGE". With json, one
 * object {"type":"game",...} instead. first_error may be NULL.
 */
void tool_list_game(FILE *fp, bool json, const char *file, const pdn_game *game, unsigned plies,
                    const struct pdn_diag *first_error);

/*
 * A copy of d in out whose strings (file, move number, text, detail) live
 * in one block, which is returned for the caller to free; NULL when memory
 * ran out. The node stays the game's: it lives as long as the game.
 */
char *tool_diag_copy(struct pdn_diag *out, const struct pdn_diag *d);

/* Findings kept past their callbacks (copies), in the order they came:
 * pdncheck's and pdnfmt's until their game is done, reading.c's until the
 * selection has judged their game. */
struct tool_kept {
    struct pdn_diag d;
    char *strings; /* from tool_diag_copy */
};
struct tool_findings {
    struct tool_kept *items;
    size_t n, cap;
};
/* Keeps a copy of d: true, or false when memory ran out (nothing kept). */
bool tool_findings_keep(struct tool_findings *f, const struct pdn_diag *d);
/* Puts a game's findings in source order (line, then column; those at one
 * place as they came): the reader reports a game's findings before the
 * replay does, and a number without a move once the game has ended, yet a
 * finding on line 40 should not come before one on line 23. */
void tool_findings_sort(struct tool_findings *f);
/* Prints the findings kept in source order (tool_findings_sort) as
 * tool_on_diag does, and empties the list (its memory kept). */
void tool_findings_flush(struct tool_findings *f, struct tool *t);
/* Drops every finding kept, and the list's memory. */
void tool_findings_free(struct tool_findings *f);

/*
 * One message built whole, then written to dest at once by
 * tool_message_close: a message printed piece by piece to standard error
 * (unbuffered) costs a write(2) a piece, and one write per message keeps
 * messages whole and in order. tool_message_open returns the stream to
 * print to: a memory stream, or dest itself when memory ran out (printed
 * in pieces rather than lost).
 */
struct tool_message {
    FILE *dest, *fp;
    char *text;
    size_t size;
};
FILE *tool_message_open(struct tool_message *m, FILE *dest);
void tool_message_close(struct tool_message *m);

#endif
