/*
 * The game the interactive view shows: loaded from its file (the book
 * reads it again) or from its explored text, replayed into entries
 * (entries.c), with its findings kept as lines for the view; and the
 * message line. Draws nothing.
 */
#include "../event_dates.h"
#include "tui.h"
#include "vec.h" /* lib/vec.c, linked into the tools: the one growth helper */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void say(struct tui *u, bool error, bool here, const char *fmt, va_list ap)
{
    vsnprintf(u->say.text, sizeof u->say.text, fmt, ap);
    u->say.error = error;
    u->say_here = here;
    u->say_cur = u->cur;
    u->say_game = u->game_no;
}

void tui_say(struct tui *u, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(u, error, false, fmt, ap);
    va_end(ap);
}

void tui_say_here(struct tui *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(u, false, true, fmt, ap);
    va_end(ap);
}

void tui_said_elsewhere(struct tui *u)
{
    if (!u->say_here || (u->cur == u->say_cur && u->game_no == u->say_game)) return;
    u->say.text[0] = '\0';
    u->say_here = false;
}

/* ---- the loaded game's findings ----------------------------------------------------- */

static void clear_findings(struct tui *u)
{
    for (size_t i = 0; i < u->nfindings; i++)
        free(u->findings[i]);
    u->nfindings = 0;
}

/*
 * A finding of the game shown, kept as "LINE:COL: severity: message" (the
 * file is in the title). A game read again from its explored text is game
 * 1 of that text: it gets its number in the file back.
 */
static void on_game_diag(const struct pdn_diag *in, void *ctx)
{
    struct tui *u = ctx;
    if ((unsigned)in->code < PDN_DIAG_COUNT && u->t->hidden[in->code]) return;
    struct pdn_diag d = *in;
    d.game = u->book->games[u->game_no].index;
    d.file = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL) return;
    tool_diag_text(fp, u->t->prog, &d);
    if (fclose(fp) != 0) return;
    if (len && text[len - 1] == '\n') text[len - 1] = '\0';
    size_t prog = strlen(u->t->prog);
    if (strncmp(text, u->t->prog, prog) == 0 && text[prog] == ':') /* no place: no name */
        memmove(text, text + prog + 2, strlen(text + prog + 2) + 1);
    if (!vec_reserve((void **)&u->findings, &u->capfindings, u->nfindings, sizeof *u->findings)) {
        free(text);
        return;
    }
    u->findings[u->nfindings++] = text;
}

/* ---- loading ------------------------------------------------------------------------- */

/* The explored text, read as one game: padded with the lines and columns
 * that stood before the game in its file, so that positions stay true. */
static int read_text(struct tui *u, pdn_game **out, const char *text, size_t len)
{
    size_t pad = (size_t)(u->line0 - 1) + (size_t)(u->col0 - 1);
    char *buf = malloc(pad + len + 1);
    if (buf == NULL) return PDN_ENOMEM;
    memset(buf, '\n', u->line0 - 1);
    memset(buf + u->line0 - 1, ' ', u->col0 - 1);
    memcpy(buf + pad, text, len);
    buf[pad + len] = '\0';
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    ro.filename = u->book->games[u->game_no].file;
    ro.strict = u->t->strict;
    ro.encoding = PDN_ENCODING_UTF8; /* the game's text was decoded when first read */
    /* Read alone, the text has no file around it to infer from: it keeps the
     * variant the game was shown under (an untagged Czech game whose main
     * line is legal under Russian rules too stays Czech once explored). */
    ro.gametype = u->game ? u->game->gametype : u->t->gametype;
    ro.on_diag = on_game_diag;
    ro.diag_ctx = u;
    pdn_reader *r;
    int err = pdn_reader_open_memory(&r, buf, pad + len, &ro);
    if (err == 0) {
        err = pdn_reader_next(out, r);
        pdn_game *more = NULL;
        if (err > 0 && pdn_reader_next(&more, r) > 0) err = PDN_ESYNTAX; /* not one game */
        pdn_game_free(more);
        pdn_reader_free(r);
    }
    free(buf);
    if (err > 0) return 0;
    if (err == 0) err = PDN_ESYNTAX;
    pdn_game_free(*out);
    *out = NULL;
    return err;
}

int tui_load(struct tui *u, const char *text, size_t len)
{
    clear_findings(u);
    pdn_game *game = NULL;
    const struct replay_listed *l = &u->book->games[u->game_no];
    int err = text ? read_text(u, &game, text, len)
                   : replay_book_fetch(&game, u->t, l->file, l->index, on_game_diag, u);
    struct replay_game g;
    if (err == 0) {
        struct tool quiet = *u->t; /* the replay's findings are kept, not printed */
        quiet.on_diag = on_game_diag;
        quiet.diag_ctx = u;
        /* the dates of the game's file, not of the last one read */
        quiet.date_orders = event_dates_read(u->t, l->file);
        err = replay_load(&g, &quiet, game, l->file, u->t->strict);
        pdn_date_orders_free(quiet.date_orders);
        if (err < 0) replay_game_free(&g);
    }
    if (err < 0) {
        pdn_game_free(game);
        tui_say(u, true, "game %zu: %s", l->index,
                err == PDN_EIO ? strerror(errno) : pdn_strerror(err));
        return err;
    }
    if (u->loaded) replay_game_free(&u->g);
    pdn_game_free(u->game);
    u->game = game;
    u->g = g;
    u->loaded = true;
    u->cur = 0;
    if (text == NULL) {
        u->line0 = game->start.line;
        u->col0 = game->start.col;
    }
    return 0;
}

void tui_unload(struct tui *u)
{
    clear_findings(u);
    free(u->findings);
    u->findings = NULL;
    u->capfindings = 0;
    if (u->loaded) replay_game_free(&u->g);
    u->loaded = false;
    pdn_game_free(u->game);
    u->game = NULL;
}
