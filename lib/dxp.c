/*
 * DXP, the DamExchange protocol (version 1): its seven messages read from
 * and written to their fixed-width text, and MOVE messages matched against
 * the legal moves. Field widths, after the type letter: GAMEREQ version 2,
 * name 32, colour 1, minutes 3, moves 3, 'A' (start) or 'B' + colour to
 * move + 50 squares; GAMEACC name 32, code 1; MOVE seconds 4, from 2, to
 * 2, count 2, 2 per piece taken; GAMEEND reason 1, stop 1; BACKREQ move
 * number 3, colour 1; BACKACC code 1; CHAT the rest. No I/O here.
 */
#include "pdn.h"

#include <string.h>

/* The number in the next width digits of text (from *at): -1 when they are
 * missing or not digits. */
static int field(const char *text, size_t len, size_t *at, size_t width)
{
    if (*at + width > len) return -1;
    int v = 0;
    for (size_t i = 0; i < width; i++) {
        char c = text[*at + i];
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    *at += width;
    return v;
}

static int color_field(enum pdn_color *out, const char *text, size_t len, size_t *at)
{
    if (*at >= len || (text[*at] != 'W' && text[*at] != 'Z')) return PDN_ESYNTAX;
    *out = text[(*at)++] == 'W' ? PDN_COLOR_WHITE : PDN_COLOR_BLACK;
    return 0;
}

static int name_field(char out[PDN_DXP_NAME_MAX + 1], const char *text, size_t len, size_t *at)
{
    if (*at + PDN_DXP_NAME_MAX > len) return PDN_ESYNTAX;
    memcpy(out, text + *at, PDN_DXP_NAME_MAX);
    size_t n = PDN_DXP_NAME_MAX;
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    *at += PDN_DXP_NAME_MAX;
    return 0;
}

static const char pieces[] = "ewWzZ"; /* in enum pdn_piece order */

static int position_field(struct pdn_dxp_message *m, const char *text, size_t len, size_t *at)
{
    enum pdn_color side;
    if (color_field(&side, text, len, at) != 0 || *at + 50 > len) return PDN_ESYNTAX;
    pdn_board_clear(&m->position, PDN_VARIANT_INTERNATIONAL);
    m->position.side = (uint8_t)side;
    for (int s = 1; s <= 50; s++) {
        const char *p = memchr(pieces, text[(*at)++], 5);
        if (!p) return PDN_ESYNTAX;
        pdn_board_set(&m->position, s, (enum pdn_piece)(p - pieces));
    }
    m->has_position = true;
    return 0;
}

static int parse_gamereq(struct pdn_dxp_message *m, const char *text, size_t len, size_t at)
{
    if ((m->version = field(text, len, &at, 2)) < 0) return PDN_ESYNTAX;
    if (name_field(m->name, text, len, &at) != 0) return PDN_ESYNTAX;
    if (color_field(&m->color, text, len, &at) != 0) return PDN_ESYNTAX;
    if ((m->minutes = field(text, len, &at, 3)) < 0) return PDN_ESYNTAX;
    if ((m->moves = field(text, len, &at, 3)) < 0 || at >= len) return PDN_ESYNTAX;
    char setup = text[at++];
    if (setup == 'A') return 0;
    if (setup != 'B') return PDN_ESYNTAX;
    return position_field(m, text, len, &at);
}

static int parse_move(struct pdn_dxp_message *m, const char *text, size_t len, size_t at)
{
    if ((m->seconds = field(text, len, &at, 4)) < 0 || (m->from = field(text, len, &at, 2)) < 1 ||
        (m->to = field(text, len, &at, 2)) < 1 || (m->ncaptured = field(text, len, &at, 2)) < 0 ||
        m->from > 50 || m->to > 50 || m->ncaptured > PDN_PATH_MAX)
        return PDN_ESYNTAX;
    for (int i = 0; i < m->ncaptured; i++) {
        int s = field(text, len, &at, 2);
        if (s < 1 || s > 50) return PDN_ESYNTAX;
        m->captured[i] = (uint8_t)s;
    }
    return 0;
}

static int parse_body(struct pdn_dxp_message *m, const char *text, size_t len)
{
    size_t at = 1;
    switch (text[0]) {
    case PDN_DXP_GAMEREQ:
        return parse_gamereq(m, text, len, at);
    case PDN_DXP_GAMEACC:
        if (name_field(m->name, text, len, &at) != 0) return PDN_ESYNTAX;
        return (m->code = field(text, len, &at, 1)) < 0 ? PDN_ESYNTAX : 0;
    case PDN_DXP_MOVE:
        return parse_move(m, text, len, at);
    case PDN_DXP_GAMEEND:
        m->code = field(text, len, &at, 1);
        m->stop = field(text, len, &at, 1);
        return m->code < 0 || m->stop < 0 ? PDN_ESYNTAX : 0;
    case PDN_DXP_CHAT:
        if (len - 1 >= sizeof m->text) return PDN_ESYNTAX;
        memcpy(m->text, text + 1, len - 1);
        m->text[len - 1] = '\0';
        return 0;
    case PDN_DXP_BACKREQ:
        if ((m->move_number = field(text, len, &at, 3)) < 0) return PDN_ESYNTAX;
        return color_field(&m->color, text, len, &at);
    case PDN_DXP_BACKACC:
        return (m->code = field(text, len, &at, 1)) < 0 ? PDN_ESYNTAX : 0;
    default:
        return PDN_ESYNTAX;
    }
}

int pdn_dxp_parse(struct pdn_dxp_message *out, const char *text, size_t len)
{
    if (!out || !text) return PDN_EINVAL;
    memset(out, 0, sizeof *out);
    if (len == 0 || memchr(text, '\0', len)) return PDN_ESYNTAX;
    out->type = (enum pdn_dxp_type)text[0];
    return parse_body(out, text, len);
}

static char color_letter(enum pdn_color c)
{
    return c == PDN_COLOR_WHITE ? 'W' : 'Z';
}

static size_t format_gamereq(char *out, const struct pdn_dxp_message *m)
{
    int n = snprintf(out, PDN_DXP_MESSAGE_MAX, "R%02d%-32.32s%c%03d%03d%c", m->version, m->name,
                     color_letter(m->color), m->minutes, m->moves, m->has_position ? 'B' : 'A');
    if (!m->has_position) return (size_t)n;
    out[n++] = color_letter((enum pdn_color)m->position.side);
    for (int s = 1; s <= 50; s++)
        out[n++] = pieces[pdn_board_get(&m->position, s)];
    out[n] = '\0';
    return (size_t)n;
}

size_t pdn_dxp_format(char out[PDN_DXP_MESSAGE_MAX], const struct pdn_dxp_message *m)
{
    int n = 0;
    switch (m->type) {
    case PDN_DXP_GAMEREQ:
        return format_gamereq(out, m);
    case PDN_DXP_GAMEACC:
        n = snprintf(out, PDN_DXP_MESSAGE_MAX, "A%-32.32s%d", m->name, m->code % 10);
        break;
    case PDN_DXP_MOVE:
        n = snprintf(out, PDN_DXP_MESSAGE_MAX, "M%04d%02d%02d%02d", m->seconds % 10000, m->from,
                     m->to, m->ncaptured);
        for (int i = 0; i < m->ncaptured && i < PDN_PATH_MAX; i++)
            n += snprintf(out + n, PDN_DXP_MESSAGE_MAX - (size_t)n, "%02d", m->captured[i]);
        break;
    case PDN_DXP_GAMEEND:
        n = snprintf(out, PDN_DXP_MESSAGE_MAX, "E%d%d", m->code % 10, m->stop % 10);
        break;
    case PDN_DXP_CHAT:
        n = snprintf(out, PDN_DXP_MESSAGE_MAX, "C%s", m->text);
        break;
    case PDN_DXP_BACKREQ:
        n = snprintf(out, PDN_DXP_MESSAGE_MAX, "B%03d%c", m->move_number % 1000,
                     color_letter(m->color));
        break;
    case PDN_DXP_BACKACC:
        n = snprintf(out, PDN_DXP_MESSAGE_MAX, "K%d", m->code % 10);
        break;
    default:
        out[0] = '\0';
        return 0;
    }
    return n < PDN_DXP_MESSAGE_MAX ? (size_t)n : PDN_DXP_MESSAGE_MAX - 1;
}

void pdn_dxp_move_message(struct pdn_dxp_message *out, const struct pdn_move *move,
                          enum pdn_variant variant, int seconds)
{
    memset(out, 0, sizeof *out);
    out->type = PDN_DXP_MOVE;
    out->seconds = seconds;
    out->from = move->from;
    out->to = move->to;
    out->ncaptured = pdn_move_captures(out->captured, move, variant);
}

bool pdn_dxp_move_find(struct pdn_move *out, const struct pdn_dxp_message *message,
                       const struct pdn_board *board)
{
    struct pdn_movelist legal;
    pdn_movegen(&legal, board, 0);
    for (int i = 0; i < legal.count; i++) {
        const struct pdn_move *m = &legal.moves[i];
        uint8_t taken[PDN_PATH_MAX];
        int n = pdn_move_captures(taken, m, (enum pdn_variant)board->variant);
        if (m->from != message->from || m->to != message->to || n != message->ncaptured) continue;
        bool same = true;
        for (int j = 0; j < n && same; j++)
            same = memchr(message->captured, taken[j], (size_t)n) != NULL;
        if (same) {
            *out = *m;
            return true;
        }
    }
    return false;
}
