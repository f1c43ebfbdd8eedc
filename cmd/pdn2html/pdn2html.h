/*
 * pdn2html: a collection of games as one self-contained web page (see
 * pdn2html(1)). main.c reads the options and the games, gamedata.c turns
 * each game into the JSON the page reads, page.c writes the page around
 * it: the script and style (page.js, page.css, embedded at build time), the
 * data, the crosstables. Nothing from a file becomes markup or script: all
 * of it travels as JSON, escaped for a <script> element, and the page puts
 * it into text nodes.
 */
#ifndef PDN_CMD_PDN2HTML_H
#define PDN_CMD_PDN2HTML_H

#include <stdio.h>

#include "../common.h"

/* s as a JSON string, quotes included, safe inside a <script> element:
 * '<', '>', '&', U+2028 and U+2029 as \u escapes too. */
void html_json_string(FILE *out, const char *s);
/* The same, without the quotes. */
void html_json_chars(FILE *out, const char *s);
/* One game, read from t->input, as a JSON object (the shape page.js
 * reads); the replay's findings go to tool_on_diag. 0, or a negative PDN_E*
 * code (nothing written). */
int html_game_json(FILE *out, const pdn_game *game, struct tool *t);

/* What the page shows. */
struct html_page {
    const char *title; /* <title> and heading; escaped */
    const char *games; /* the games, a JSON array */
    size_t games_len;
    const char *crosstables; /* pdnstats' JSON document, or NULL */
    size_t crosstables_len;
    const char *aliases; /* the --alias pairs, a JSON array [[variant, canonical]...] */
};

/* The page; returns 0, or -1 when a write failed (errno set by stdio). */
int html_write_page(FILE *out, const struct html_page *page);

#endif
