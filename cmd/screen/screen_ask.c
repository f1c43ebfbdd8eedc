/*
 * The lines the user answers on the full screen: a text typed on the
 * message line, a yes-or-no question, a box of lines until a key. The
 * tool's view is redrawn under them through its callback, so a resized
 * terminal is drawn again at once.
 */
#include "screen.h"

#include <stdio.h>
#include <string.h>

bool screen_prompt(screen_redraw_fn *redraw, void *ctx, const char *label, char *buf, size_t cap)
{
    bool ok = false;
    for (;;) {
        char line[1200];
        snprintf(line, sizeof line, "%s%s", label, buf);
        redraw(ctx, line);
        int k = screen_getkey(-1);
        size_t len = strlen(buf);
        if (k == ERR || k == 27) break;
        if (k == '\n' || k == '\r' || k == KEY_ENTER) {
            ok = true;
            break;
        }
        if (k == KEY_BACKSPACE || k == 127 || k == 8) {
            while (len > 0 && ((unsigned char)buf[len - 1] & 0xc0) == 0x80)
                len--;
            if (len > 0) buf[len - 1] = '\0';
        } else if (k == 21) { /* Ctrl-U */
            buf[0] = '\0';
        } else if (k >= 32 && k < 256 && k != 127 && len + 1 < cap) {
            buf[len] = (char)k;
            buf[len + 1] = '\0';
        }
    }
    return ok;
}

bool screen_ask(screen_redraw_fn *redraw, void *ctx, const char *question)
{
    int k;
    do {
        redraw(ctx, question);
    } while ((k = screen_getkey(-1)) == KEY_RESIZE);
    return k == 'y' || k == 'Y';
}

int screen_lines_box(const struct screen *s, screen_redraw_fn *redraw, void *ctx, const char *title,
                     const char *const *lines, size_t n, int width)
{
    /* as wide as the longest line needs: a width fixed below it cut two
     * of pdnreplay's keys ("... back to where it bran") on any screen */
    if (screen_text_cols(title) + 4 > width) width = screen_text_cols(title) + 4;
    for (size_t i = 0; i < n; i++)
        if (screen_text_cols(lines[i]) + 4 > width) width = screen_text_cols(lines[i]) + 4;
    int k;
    do {
        redraw(ctx, NULL);
        int w = width < COLS - 2 ? width : COLS - 2;
        int h = (int)n + 4 < LINES - 2 ? (int)n + 4 : LINES - 2;
        int y = (LINES - h) / 2, x = (COLS - w) / 2;
        screen_box(s, y, x, h, w);
        screen_put(s, y + 1, x + 2, title, w - 4, A_BOLD);
        for (int i = 0; (size_t)i < n && i < h - 3; i++)
            screen_put(s, y + 2 + i, x + 2, lines[i], w - 4, 0);
        refresh();
    } while ((k = screen_getkey(-1)) == KEY_RESIZE);
    return k;
}
