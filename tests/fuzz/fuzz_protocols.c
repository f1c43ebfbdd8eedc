/*
 * fuzz_protocols: the engine protocols' codecs over arbitrary bytes, as a
 * GUI (Hub, on standard input) or a network peer (DXP) may send them.
 *
 * Properties. pdn_hub_parse accepts or says PDN_ESYNTAX; an accepted line
 * has at most PDN_HUB_ARGS_MAX arguments, each found by pdn_hub_arg. A
 * Hub position read for a variant writes back to the same text. A DXP
 * message read writes to text that reads back and writes to the same
 * bytes; a MOVE found on the start position is a legal move there.
 */
#include "fuzz.h"
#include "pdn.h"

#include <string.h>

static void hub_line(const char *text)
{
    static struct pdn_hub_message m;
    int rc = pdn_hub_parse(&m, text);
    FUZZ_CHECK(rc == PDN_OK || rc == PDN_ESYNTAX);
    if (rc != PDN_OK) return;
    FUZZ_CHECK(m.command != NULL && m.nargs >= 0 && m.nargs <= PDN_HUB_ARGS_MAX);
    for (int i = 0; i < m.nargs; i++)
        FUZZ_CHECK(pdn_hub_arg(&m, m.args[i].name) != NULL && m.args[i].value != NULL);
}

static void hub_position(const char *text)
{
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        struct pdn_board b;
        if (pdn_hub_position_read(&b, (enum pdn_variant)v, text) != PDN_OK) continue;
        char back[PDN_SQUARES_MAX + 2];
        pdn_hub_position_write(back, &b);
        FUZZ_CHECK(strcmp(back, text) == 0);
    }
}

static void dxp_message(const uint8_t *data, size_t size)
{
    static struct pdn_dxp_message m, again;
    char text[PDN_DXP_MESSAGE_MAX], text2[PDN_DXP_MESSAGE_MAX];
    int rc = pdn_dxp_parse(&m, (const char *)data, size);
    FUZZ_CHECK(rc == PDN_OK || rc == PDN_ESYNTAX);
    if (rc != PDN_OK) return;
    size_t n = pdn_dxp_format(text, &m);
    FUZZ_CHECK(n < PDN_DXP_MESSAGE_MAX && n == strlen(text));
    if (n == 0) return;
    FUZZ_CHECK(pdn_dxp_parse(&again, text, n) == PDN_OK);
    FUZZ_CHECK(pdn_dxp_format(text2, &again) == n && memcmp(text, text2, n) == 0);
    if (m.type != PDN_DXP_MOVE) return;
    struct pdn_board start;
    struct pdn_move move;
    pdn_board_init(&start, PDN_VARIANT_INTERNATIONAL);
    if (!pdn_dxp_move_find(&move, &m, &start)) return;
    FUZZ_CHECK(move.from == m.from && move.to == m.to);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    hub_line(text);
    hub_position(text);
    dxp_message(data, size);
    free(text);
    return 0;
}
