/*
 * fuzz_notation: pdn_move_match on arbitrary text against a few fixed
 * positions (start positions, long and ambiguous king captures, 8x8 rules),
 * strict and lenient.
 *
 * Properties: the result is one of the four, indexes lie inside the legal
 * list, and a matched move written back (shortest form, the default form,
 * full path) matches the same move again in strict mode.
 */
#include "fuzz.h"
#include "pdn.h"

#include <string.h>

struct position {
    enum pdn_variant variant;
    const char *fen;
    struct pdn_board board;
    struct pdn_movelist legal;
};

static struct position positions[] = {
    {PDN_VARIANT_INTERNATIONAL, "W:W31-50:B1-20", {0}, {0}},
    {PDN_VARIANT_INTERNATIONAL, "W:WK38:B18,19,32,33", {0}, {0}}, /* ambiguous king captures */
    {PDN_VARIANT_INTERNATIONAL, "W:WK1:B7,9,17,19,20,30,31,33,43,44", {0}, {0}}, /* takes 10 */
    {PDN_VARIANT_INTERNATIONAL,
     "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
     {0},
     {0}},
    {PDN_VARIANT_INTERNATIONAL, "W:W6,7,8,9,10:B41,42,43,44,45", {0}, {0}}, /* promotions */
    {PDN_VARIANT_RUSSIAN, "W:W21-32:B1-12", {0}, {0}},
    {PDN_VARIANT_ENGLISH, "B:W21-32:B1-12", {0}, {0}},
    {PDN_VARIANT_BRAZILIAN, "W:WK29:B10,11,18,19,26", {0}, {0}},
};
enum { NPOS = sizeof positions / sizeof positions[0] };

static void set_up(void)
{
    static bool done;
    if (done) return;
    for (int i = 0; i < NPOS; i++) {
        struct position *p = &positions[i];
        if (pdn_board_from_fen(&p->board, p->variant, p->fen, NULL) != PDN_OK) abort();
        pdn_movegen(&p->legal, &p->board, 0);
    }
    done = true;
}

/* A move written by the library matches itself again, strictly. */
static void check_rematch(const struct position *p, int index, const char *text)
{
    struct pdn_match again;
    FUZZ_CHECK(pdn_move_match(&again, text, &p->board, &p->legal, true) == PDN_OK);
    if (again.result != PDN_MATCH_OK || again.move != index)
        fprintf(stderr, "'%s' (move %d) rematched as result %d move %d\n", text, index,
                again.result, again.move);
    FUZZ_CHECK(again.result == PDN_MATCH_OK && again.move == index);
}

static void check_match(const struct position *p, const struct pdn_match *m)
{
    char text[PDN_MOVE_TEXT_MAX];
    switch (m->result) {
    case PDN_MATCH_OK:
        FUZZ_CHECK(m->move >= 0 && m->move < p->legal.count);
        pdn_move_to_text(text, &p->legal.moves[m->move], &p->legal, PDN_CAPTURE_SHORTEST);
        check_rematch(p, m->move, text);
        pdn_move_to_text(text, &p->legal.moves[m->move], &p->legal,
                         PDN_CAPTURE_FULL_WHEN_AMBIGUOUS);
        check_rematch(p, m->move, text);
        pdn_move_to_path(text, &p->legal.moves[m->move]);
        check_rematch(p, m->move, text);
        break;
    case PDN_MATCH_AMBIGUOUS:
        FUZZ_CHECK(m->ncandidates >= 2 && m->ncandidates <= PDN_CANDIDATES_MAX);
        for (int i = 0; i < m->ncandidates; i++)
            FUZZ_CHECK(m->candidates[i] >= 0 && m->candidates[i] < p->legal.count);
        break;
    case PDN_MATCH_ILLEGAL:
        FUZZ_CHECK(m->reason <= PDN_ILLEGAL_BAD_SQUARE);
        break;
    case PDN_MATCH_BAD_TEXT:
        break;
    default:
        FUZZ_CHECK(!"result out of range");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    set_up();
    char *text = fuzz_cstring(data, size);
    for (int i = 0; i < NPOS; i++) {
        for (int strict = 0; strict < 2; strict++) {
            struct pdn_match m;
            memset(&m, 0xA5, sizeof m); /* nothing may be left unset */
            int rc = pdn_move_match(&m, text, &positions[i].board, &positions[i].legal, strict);
            FUZZ_CHECK(rc == PDN_OK || rc < 0);
            if (rc == PDN_OK) check_match(&positions[i], &m);
        }
    }
    free(text);
    return 0;
}
