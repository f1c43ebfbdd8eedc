/*
 * Hub, the text protocol of Scan's engine (version 2): lines of a command
 * and name=value arguments, positions as a letter per square, moves with
 * the captured pieces. Parsing and formatting only: no I/O, no search.
 */
#include "pdn.h"

#include <string.h>

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Copies one word or quoted value from *in to *at in text; NUL-terminates. */
static int read_word(const char **in, char **at, const char *end, bool value)
{
    const char *p = *in;
    char *w = *at;
    bool quoted = value && *p == '"';
    if (quoted) p++;
    while (*p && (quoted ? *p != '"' : !is_blank(*p) && (value || *p != '='))) {
        if (w + 1 >= end) return PDN_ESYNTAX;
        *w++ = *p++;
    }
    if (quoted && *p++ != '"') return PDN_ESYNTAX;
    *w++ = '\0';
    *in = p;
    *at = w;
    return 0;
}

static int read_arg(struct pdn_hub_message *out, const char **in, char **at)
{
    const char *end = out->text + sizeof out->text;
    if (out->nargs >= PDN_HUB_ARGS_MAX) return PDN_ESYNTAX;
    struct pdn_hub_arg *arg = &out->args[out->nargs++];
    arg->name = *at;
    if (read_word(in, at, end, false) != 0) return PDN_ESYNTAX;
    if (**in != '=') {
        arg->value = "";
        return 0;
    }
    (*in)++;
    arg->value = *at;
    return read_word(in, at, end, true);
}

int pdn_hub_parse(struct pdn_hub_message *out, const char *line)
{
    if (!out || !line) return PDN_EINVAL;
    char *at = out->text;
    out->nargs = 0;
    out->command = "";
    while (is_blank(*line))
        line++;
    if (!*line) return 0;
    out->command = at;
    if (read_word(&line, &at, out->text + sizeof out->text, false) != 0) return PDN_ESYNTAX;
    for (;;) {
        while (is_blank(*line))
            line++;
        if (!*line) return 0;
        if (*line == '=') return PDN_ESYNTAX;
        if (read_arg(out, &line, &at) != 0) return PDN_ESYNTAX;
    }
}

const char *pdn_hub_arg(const struct pdn_hub_message *message, const char *name)
{
    for (int i = 0; message && name && i < message->nargs; i++)
        if (strcmp(message->args[i].name, name) == 0) return message->args[i].value;
    return NULL;
}

static const char letters[] = "ewWbB"; /* in enum pdn_piece order */

int pdn_hub_position_read(struct pdn_board *out, enum pdn_variant variant, const char *text)
{
    if (!out || !text || (unsigned)variant >= PDN_VARIANT_COUNT) return PDN_EINVAL;
    pdn_board_clear(out, variant);
    int squares = pdn_board_squares(out);
    if (strlen(text) != (size_t)squares + 1 || (text[0] != 'W' && text[0] != 'B'))
        return PDN_ESYNTAX;
    out->side = text[0] == 'W' ? PDN_COLOR_WHITE : PDN_COLOR_BLACK;
    for (int s = 1; s <= squares; s++) {
        const char *piece = strchr(letters, text[s]);
        if (!piece || !text[s]) return PDN_ESYNTAX;
        pdn_board_set(out, s, (enum pdn_piece)(piece - letters));
    }
    return 0;
}

size_t pdn_hub_position_write(char out[PDN_SQUARES_MAX + 2], const struct pdn_board *board)
{
    int squares = pdn_board_squares(board);
    out[0] = board->side == PDN_COLOR_WHITE ? 'W' : 'B';
    for (int s = 1; s <= squares; s++)
        out[s] = letters[pdn_board_get(board, s)];
    out[squares + 1] = '\0';
    return (size_t)squares + 1;
}

/* Appends "sep" and a square number if it fits; returns the new length. */
static size_t put_square(char *out, size_t n, char sep, int square)
{
    char digits[4];
    size_t len = 0;
    do
        digits[len++] = (char)('0' + square % 10);
    while ((square /= 10) > 0);
    if (n + len + 2 > PDN_MOVE_TEXT_MAX) return n;
    if (sep) out[n++] = sep;
    while (len > 0)
        out[n++] = digits[--len];
    out[n] = '\0';
    return n;
}

size_t pdn_hub_move_write(char out[PDN_MOVE_TEXT_MAX], const struct pdn_move *move,
                          enum pdn_variant variant)
{
    size_t n = put_square(out, 0, 0, move->from);
    n = put_square(out, n, move->ncaptured ? 'x' : '-', move->to);
    uint8_t taken[PDN_PATH_MAX];
    int count = pdn_move_captures(taken, move, variant);
    for (int i = 0; i < count; i++)
        n = put_square(out, n, 'x', taken[i]);
    return n;
}
