/*
 * pdn2html's page: the HTML around the data. The page requests nothing
 * outside itself (its Content-Security-Policy allows no source but its own
 * inline script and style); the games and crosstables travel as JSON in
 * <script type="application/json"> elements, escaped so that no text of a
 * file can end them, and the script puts every value into text nodes.
 */
#include "pdn2html.h"
#include "pdn2html_assets.h"

#include <string.h>

/* A character in a JSON string inside <script>: '<', '>' and '&' as \u
 * escapes too, so that no text can end the element. */
static void json_char(FILE *out, unsigned char c)
{
    static const char *const escaped[128] = {
        ['"'] = "\\\"", ['\\'] = "\\\\", ['\n'] = "\\n", ['\r'] = "\\r", ['\t'] = "\\t",
    };
    if (c < 128 && escaped[c])
        fputs(escaped[c], out);
    else if (c < 0x20 || c == '<' || c == '>' || c == '&')
        fprintf(out, "\\u%04x", c);
    else
        putc(c, out);
}

void html_json_chars(FILE *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        /* U+2028 and U+2029 end a line in older JavaScript: escaped. */
        if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9)) {
            fprintf(out, "\\u%04x", p[2] == 0xA8 ? 0x2028 : 0x2029);
            p += 2;
            continue;
        }
        json_char(out, *p);
    }
}

void html_json_string(FILE *out, const char *s)
{
    putc('"', out);
    html_json_chars(out, s);
    putc('"', out);
}

/* Text for an HTML element or attribute. */
static void html_text(FILE *out, const char *s)
{
    static const char *const entity[128] = {
        ['&'] = "&amp;",
        ['<'] = "&lt;",
        ['>'] = "&gt;",
        ['"'] = "&quot;",
    };
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 128 && entity[*p])
            fputs(entity[*p], out);
        else
            putc(*p, out);
}

/* JSON text made elsewhere (pdnstats'), made safe for a <script> element:
 * '<', '>' and '&' stand only inside its strings, where \u escapes mean
 * the same. */
static void json_passed(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '<' || c == '>' || c == '&')
            fprintf(out, "\\u%04x", c);
        else
            putc(c, out);
    }
}

/* Each variant's board: its size, who moves first (numbering the moves),
 * where each square stands (row and column as seen from White) and how its
 * players write it. */
static void put_boards(FILE *out)
{
    fputs("[", out);
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        const struct pdn_rules *r = pdn_rules_get((enum pdn_variant)v);
        fprintf(out, "%s{\"name\":\"%s\",\"w\":%d,\"h\":%d,\"bf\":%d,\"sq\":[null", v ? "," : "",
                r->name, r->width, r->height, r->black_moves_first);
        int squares = r->width * r->height / 2;
        int rows[PDN_SQUARES_MAX + 1] = {0}, cols[PDN_SQUARES_MAX + 1] = {0};
        for (int row = 0; row < r->height; row++)
            for (int col = 0; col < r->width; col++) {
                int s = pdn_diagram_square_at((enum pdn_variant)v, row, col, false);
                if (s >= 1 && s <= squares) rows[s] = row, cols[s] = col;
            }
        for (int s = 1; s <= squares; s++)
            fprintf(out, ",[%d,%d]", rows[s], cols[s]);
        fputs("],\"lb\":[null", out);
        for (int s = 1; s <= squares; s++) {
            char text[PDN_SQUARE_TEXT_MAX];
            pdn_square_text(text, (enum pdn_variant)v, s);
            fprintf(out, ",\"%s\"", text);
        }
        fputs("]}", out);
    }
    fputs("]", out);
}

/* The two-byte characters (U+0080 to U+07FF: the only ones the
 * statistics' folding changes) of s[0, n) marked in seen. */
static void mark_two_byte(unsigned char seen[0x800 / 8], const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i + 1 < n; i++)
        if (p[i] >= 0xC2 && p[i] <= 0xDF && (p[i + 1] & 0xC0) == 0x80) {
            unsigned cp = ((p[i] & 0x1Fu) << 6) | (p[i + 1] & 0x3Fu);
            seen[cp / 8] |= (unsigned char)(1u << cp % 8);
            i++;
        }
}

/* {"é": "e", "ß": "ss", ...}: each character of the games and aliases that
 * the statistics fold into another text (pdn_stats_name_key), for page.js
 * to compare names as pdnstats does without a folding of its own (a
 * browser's Unicode normalisation keeps "ł" and "ø" and takes "ș" apart:
 * crosstable cells that linked no game, or the wrong one). */
static void put_fold_map(FILE *out, const struct html_page *page)
{
    unsigned char seen[0x800 / 8] = {0};
    mark_two_byte(seen, page->games, page->games_len);
    if (page->aliases) mark_two_byte(seen, page->aliases, strlen(page->aliases));
    const char *sep = "";
    fputc('{', out);
    for (unsigned cp = 0x80; cp < 0x800; cp++) {
        if (!(seen[cp / 8] & (1u << cp % 8))) continue;
        char ch[3] = {(char)(0xC0 | (cp >> 6)), (char)(0x80 | (cp & 0x3F)), '\0'}, key[8];
        if (pdn_stats_name_key(key, sizeof key, ch) < 0 || strcmp(key, ch) == 0) continue;
        fputs(sep, out);
        html_json_string(out, ch);
        fputc(':', out);
        html_json_string(out, key);
        sep = ",";
    }
    fputc('}', out);
}

int html_write_page(FILE *out, const struct html_page *page)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"pdn2html\">\n<title>",
          out);
    html_text(out, page->title);
    fputs("</title>\n<style>\n", out);
    fwrite(page_css, 1, page_css_len, out);
    fputs("</style>\n</head>\n<body>\n<header><h1 dir=\"auto\">", out);
    html_text(out, page->title);
    fwrite(page_html, 1, page_html_len, out); /* from the heading's end to the footer */
    fputs("<script type=\"application/json\" id=\"pdn-boards\">", out);
    put_boards(out);
    fputs("</script>\n<script type=\"application/json\" id=\"pdn-games\">", out);
    fwrite(page->games, 1, page->games_len, out);
    /* {"stats": pdnstats' document, "aliases": the spellings it merged,
     * "fold": put_fold_map's} */
    fputs("</script>\n<script type=\"application/json\" id=\"pdn-crosstables\">{\"stats\":", out);
    if (page->crosstables)
        json_passed(out, page->crosstables, page->crosstables_len);
    else
        fputs("{}", out);
    fprintf(out, ",\"aliases\":%s,\"fold\":", page->aliases ? page->aliases : "[]");
    put_fold_map(out, page);
    fputc('}', out);
    fputs("</script>\n<script>\n", out);
    fwrite(page_js, 1, page_js_len, out);
    fputs("</script>\n</body>\n</html>\n", out);
    return ferror(out) ? -1 : 0;
}
