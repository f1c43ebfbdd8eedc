/*
 * Tag names of another language read as the standard ones (lib/tag_synonym.c,
 * man 3 libpdn, pdn_game_tag): over the Italian federation's file of
 * tests/data, whose games name the players and the result Bianco, Nero and
 * Risultato only, and over games of it changed as tests/data/SOURCES.md
 * says (synonyms/).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "game.h"
#include "reader_fixture.h"
#include "tag_synonym.h"

#define ITALIAN "tests/data/conformance/succeed/Campionato Assoluto 2005.pdn"

/* The value of the first tag of exactly this name, or NULL: read without
 * the library's lookup. */
static const char *exact(const pdn_game *g, const char *name)
{
    for (uint32_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0) return g->tags[i].value;
    return NULL;
}

/* Every game of the file: White, Black and Result are its Bianco, Nero and
 * Risultato; its other tags are not read as standard ones. */
static void test_tag_synonym_italian_file(void **state)
{
    (void)state;
    struct fix f;
    struct pdn_reader_options o = fix_options(&f, false);
    pdn_reader *r = NULL;
    assert_int_equal(pdn_reader_open_file(&r, ITALIAN, &o), 0);
    pdn_game *g;
    while ((f.rc = pdn_reader_next(&g, r)) == 1) {
        if (++f.games == 1) { /* read by hand from the file's first lines */
            assert_string_equal(pdn_game_tag(g, "White"), "BORGHETTI Michele");
            assert_string_equal(pdn_game_tag(g, "Black"), "MASCOLO Luca");
            assert_string_equal(pdn_game_tag(g, "Result"), "1-0");
        }
        assert_null(exact(g, "White"));
        assert_non_null(exact(g, "Bianco"));
        assert_string_equal(pdn_game_tag(g, "White"), exact(g, "Bianco"));
        assert_string_equal(pdn_game_tag(g, "Black"), exact(g, "Nero"));
        assert_string_equal(pdn_game_tag(g, "Result"), exact(g, "Risultato"));
        assert_string_equal(pdn_game_tag(g, "Bianco"), exact(g, "Bianco")); /* still there */
        /* Dati is the event and round, Anno a year, Apertura an opening's
         * number: none is read as a standard tag. */
        assert_null(pdn_game_tag(g, "Event"));
        assert_null(pdn_game_tag(g, "Round"));
        assert_null(pdn_game_tag(g, "Date"));
        assert_null(pdn_game_tag(g, "Opening"));
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    assert_int_equal(f.rc, 0);
    assert_int_equal(f.games, 53);
}

/* A tag of the standard name wins, wherever it stands; of two synonyms the
 * first counts; a value the standard tag has empty is still its value. */
static void test_tag_synonym_standard_wins(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g = fix_one(&f, "[Bianco \"B\"]\n[White \"W\"]\n[Nero \"N\"]\n*", false);
    assert_string_equal(pdn_game_tag(g, "White"), "W");
    assert_string_equal(pdn_game_tag(g, "Black"), "N");
    pdn_game_free(g);
    g = fix_one(&f, "[Blanc \"F\"]\n[Bianco \"I\"]\n[Black \"\"]\n[Noir \"X\"]\n*", false);
    assert_string_equal(pdn_game_tag(g, "White"), "F");
    assert_string_equal(pdn_game_tag(g, "Black"), "");
    pdn_game_free(g);
    /* Case counts, as for every tag name: "bianco" is no synonym. */
    g = fix_one(&f, "[bianco \"b\"]\n[Manche \"11\"]\n*", false);
    assert_null(pdn_game_tag(g, "White"));
    assert_string_equal(pdn_game_tag(g, "Round"), "11");
    pdn_game_free(g);
}

/* The French header of the African championship's game 37 names its
 * event and result with HTML character references, no identifiers: read
 * as Event and Result all the same, its 1-1 its only result. */
static void test_tag_synonym_character_references(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g = fix_one(&f,
                          "[&#x00c9;v&#x00e9;nement \"Finale\"]\n[R&#x00e9;sultat \"1-1\"]\n"
                          "[Type de jeu \"20\"]\n1. 32-28 *",
                          false);
    assert_string_equal(pdn_game_tag(g, "Event"), "Finale");
    assert_string_equal(pdn_game_tag(g, "Result"), "1-1");
    assert_string_equal(pdn_game_tag(g, "GameType"), "20");
    pdn_game_free(g);
}

/* A standard name in another case is read as it, as a synonym is: the
 * tags the tools read, and no other (Setup is no SetUp); the standard
 * name, wherever it stands, wins. */
static void test_tag_synonym_case_variants(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g =
        fix_one(&f,
                "[RESULT \"2-0\"]\n[Gametype \"25\"]\n[Fen \"W:Wa1:Bh8\"]\n[eVENT \"E\"]\n"
                "[SITE \"S\"]\n[date \"2024.01.02\"]\n[ROUND \"3\"]\n[white \"W\"]\n"
                "[BLACK \"B\"]\n[Setup \"1\"]\n*",
                false);
    assert_string_equal(pdn_game_tag(g, "Result"), "2-0");
    assert_string_equal(pdn_game_tag(g, "GameType"), "25");
    assert_string_equal(pdn_game_tag(g, "FEN"), "W:Wa1:Bh8");
    assert_string_equal(pdn_game_tag(g, "Event"), "E");
    assert_string_equal(pdn_game_tag(g, "Site"), "S");
    assert_string_equal(pdn_game_tag(g, "Date"), "2024.01.02");
    assert_string_equal(pdn_game_tag(g, "Round"), "3");
    assert_string_equal(pdn_game_tag(g, "White"), "W");
    assert_string_equal(pdn_game_tag(g, "Black"), "B");
    assert_null(pdn_game_tag(g, "SetUp"));
    assert_string_equal(pdn_game_tag(g, "Gametype"), "25"); /* still there */
    pdn_game_free(g);
    g = fix_one(&f, "[Fen \"B:W1:B2\"]\n[FEN \"W:W31:B20\"]\n[fen \"B:W3:B4\"]\n*", false);
    assert_string_equal(pdn_game_tag(g, "FEN"), "W:W31:B20");
    pdn_game_free(g);
    g = fix_one(&f, "[fen \"B:W1:B2\"]\n[Fen \"W:W31:B20\"]\n*", false);
    assert_string_equal(pdn_game_tag(g, "FEN"), "B:W1:B2"); /* the first */
    pdn_game_free(g);
}

/* A common tag's standard spelling, for a CSV column's heading (pdn2csv
 * --all-tags): the corpus' Setup (1053 times beside 246 SetUp) and the
 * case variants the reader takes for GameType and FEN are headed as PDN
 * spells them; a name no common tag is, or a prefix of one, has none. */
static void test_tag_synonym_standard_spelling(void **state)
{
    (void)state;
    assert_string_equal(tag_standard_spelling("Setup", 5), "SetUp");
    assert_string_equal(tag_standard_spelling("Gametype", 8), "GameType");
    assert_string_equal(tag_standard_spelling("Fen", 3), "FEN");
    assert_string_equal(tag_standard_spelling("PLYCOUNT", 8), "PlyCount");
    assert_string_equal(tag_standard_spelling("GameType", 8), "GameType");
    assert_string_equal(tag_standard_spelling("FENx", 3), "FEN"); /* len counts */
    assert_null(tag_standard_spelling("FE", 2));
    assert_null(tag_standard_spelling("FENs", 4));
    assert_null(tag_standard_spelling("WhiteClock", 10));
    assert_null(tag_standard_spelling("Bianco", 6)); /* a synonym, not a spelling */
    assert_null(tag_standard_spelling("", 0));
}

/* Replays the first game of path; its findings in f->dc. */
static void replay_first(struct fix *f, const char *path)
{
    pdn_game *g = NULL;
    fix_read_file(f, path, false, &g);
    assert_non_null(g);
    dc_reset(&f->dc);
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.filename = "test.pdn";
    ro.on_diag = dc_collect;
    ro.diag_ctx = &f->dc;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, &ro), 0);
    pdn_game_free(g);
}

/* The result is checked against Risultato: the board says White won (Black
 * has no piece left), the tag says 0-1. A note at each synonym read. */
static void test_tag_synonym_result_checked(void **state)
{
    (void)state;
    static struct fix f;
    replay_first(&f, "tests/data/synonyms/italian-wrong-result.pdn");
    const struct diag_record *d = dc_find(&f.dc, PDN_DIAG_RESULT_INCONSISTENT);
    dc_expect_at(d, 5, 1); /* [Risultato "0-1"] */
    assert_string_equal(d->text, "0-1");
    assert_int_equal(dc_count(&f.dc, PDN_DIAG_TAG_SYNONYM), 3);
    d = dc_find(&f.dc, PDN_DIAG_TAG_SYNONYM);
    dc_expect_at(d, 3, 1);
    assert_string_equal(d->text, "Bianco");
    assert_string_equal(d->detail, "read as White");
    assert_int_equal(pdn_diag_severity(PDN_DIAG_TAG_SYNONYM), PDN_SEV_NOTE);
}

/* The Goedemoed problems of Partie_avec_FEN1.pdn with their GameType,
 * FEN and Result tags named in other cases (tests/data/SOURCES.md): read
 * as the standard ones, the moves replay from the FEN, a note at each. */
static void test_tag_synonym_case_replayed(void **state)
{
    (void)state;
    static struct fix f;
    replay_first(&f, "tests/data/tagcase/case-names.pdn");
    assert_int_equal(f.dc.errors, 0);
    assert_int_equal(dc_count(&f.dc, PDN_DIAG_TAG_CASE), 3);
    assert_int_equal(dc_count(&f.dc, PDN_DIAG_TAG_SYNONYM), 0);
    const struct diag_record *d = dc_find(&f.dc, PDN_DIAG_TAG_CASE);
    dc_expect_at(d, 7, 1);
    assert_string_equal(d->text, "RESULT");
    assert_string_equal(d->detail, "read as Result");
    assert_int_equal(pdn_diag_severity(PDN_DIAG_TAG_CASE), PDN_SEV_NOTE);
    assert_string_equal(pdn_diag_name(PDN_DIAG_TAG_CASE), "tag-case");
}

/* A FEN in another case says who moves first, for the move numbers, as
 * FEN does: 1... is Black's first move here, no wrong number. */
static void test_tag_synonym_case_fen_side(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g = fix_one(&f, "[Fen \"B:W28:B19,23\"]\n1... 23x32 *", false);
    dc_reset(&f.dc);
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.on_diag = dc_collect;
    ro.diag_ctx = &f.dc;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, &ro), 0);
    assert_int_equal(f.dc.errors, 0);
    assert_int_equal(dc_count(&f.dc, PDN_DIAG_MOVE_NUMBER), 0);
    assert_int_equal(dc_count(&f.dc, PDN_DIAG_TAG_CASE), 1);
    pdn_game_free(g);
}

/* With a White tag besides Bianco, Bianco is neither read nor noted. */
static void test_tag_synonym_standard_not_noted(void **state)
{
    (void)state;
    static struct fix f;
    replay_first(&f, "tests/data/synonyms/standard-wins.pdn");
    for (int i = 0; i < f.dc.nkept; i++)
        assert_string_not_equal(f.dc.kept[i].text, "Bianco");
    assert_int_equal(f.dc.errors, 0);
}

/* The standard name tag k of the game repeats (tag_synonym_copy), or NULL. */
static const char *copy_of(const pdn_game *g, uint32_t k)
{
    struct tag_synonym_readings r;
    tag_synonym_readings(&r, g);
    return tag_synonym_copy(&r, &g->tags[k]);
}

static size_t ncopies(const pdn_game *g)
{
    struct tag_synonym_readings r;
    tag_synonym_readings(&r, g);
    return r.ncopies;
}

/* A synonym that says what the tag read for its standard name says is a
 * copy (pdnfmt --fix drops it): beside the standard tag, wherever it
 * stands, or beside the first synonym, read in its place. One that says
 * something else is none, nor the tag read, nor a standard tag itself. */
static void test_tag_synonym_copies(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g = fix_one(&f,
                          "[Bianco \"X\"]\n[White \"X\"]\n[Nero \"Y\"]\n[Black \"y\"]\n"
                          "[Blanc \"F\"]\n[Noir \"N\"]\n[Manche \"3\"]\n[Round \"3\"]\n"
                          "[Fen \"W:W31:B20\"]\n[FEN \"W:W31:B20\"]\n[White \"X\"]\n*",
                          false);
    assert_string_equal(copy_of(g, 0), "White");
    assert_null(copy_of(g, 1)); /* White itself */
    assert_null(copy_of(g, 2)); /* "Y" is not Black's "y" */
    assert_null(copy_of(g, 3));
    assert_null(copy_of(g, 4)); /* "F" is not White's "X" */
    assert_null(copy_of(g, 5));
    assert_string_equal(copy_of(g, 6), "Round");
    assert_string_equal(copy_of(g, 8), "FEN");
    assert_null(copy_of(g, 10)); /* a second White is no synonym */
    assert_int_equal(ncopies(g), 3);
    pdn_game_free(g);
    g = fix_one(&f, "[Bianco \"X\"]\n[Blanc \"X\"]\n[Noir \"Y\"]\n[Nero \"Z\"]\n*", false);
    assert_null(copy_of(g, 0)); /* the tag read as White */
    assert_string_equal(copy_of(g, 1), "White");
    assert_null(copy_of(g, 3)); /* "Z" is not Noir's "Y": both stay */
    assert_int_equal(ncopies(g), 1);
    pdn_game_free(g);
    g = fix_one(&f, "[White \"X\"]\n[Dati \"X\"]\n*", false);
    assert_int_equal(ncopies(g), 0); /* no synonym */
    pdn_game_free(g);
}

/* Two spellings of one result are one Result (the writer spells it in
 * the game's form either way), but under a ResultFormat, which keeps the
 * text; two results, or a result and a text that is none, are two. */
static void test_tag_synonym_result_copies(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g = fix_one(&f, "[Result \"1-1\"]\n[Risultato \"1/2-1/2\"]\n*", false);
    assert_string_equal(copy_of(g, 1), "Result");
    pdn_game_free(g);
    g = fix_one(&f, "[Result \"2-0\"]\n[Risultato \"0-1\"]\n*", false);
    assert_null(copy_of(g, 1));
    pdn_game_free(g);
    g = fix_one(&f, "[Result \"1-1\"]\n[Risultato \"pari\"]\n*", false);
    assert_null(copy_of(g, 1));
    pdn_game_free(g);
    g = fix_one(&f, "[ResultFormat \"Goes\"]\n[Result \"1-1\"]\n[Risultato \"1/2-1/2\"]\n*", false);
    assert_null(copy_of(g, 2));
    pdn_game_free(g);
}

/* The reader takes a lone dash at the end for the result when the Result
 * tag says "-" (the Polish files): Risultato says it as well. */
static void test_tag_synonym_dash_result(void **state)
{
    (void)state;
    struct fix f;
    pdn_game *g = fix_one(&f, "[Risultato \"-\"]\n1. 21-17 12-15 -\n", false);
    assert_int_equal(g->main.nmoves, 2);
    assert_non_null(g->result_text);
    assert_string_equal(g->result_text, "-");
    pdn_game_free(g);
}

/* ---- The standard tags the parser notes (game_tag_standard) ------------------ */

/* The names the texts below draw their tags from: the standard ones, their
 * case variants and synonyms, and names that share a standard one's first
 * letter or length. */
static const char *const drawn_names[] = {
    "White", "Black", "Result", "Round",  "Event",     "Site",        "Date",     "GameType",
    "FEN",   "Fen",   "DATE",   "Bianco", "Risultato", "Type de jeu", "WhiteUrl", "Dates",
    "Even",  "FENs",  "Res",    "Sit",    "GameTypes", "Rounds",      "Blacks"};
enum { NDRAWN = sizeof drawn_names / sizeof drawn_names[0] };

static unsigned next_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 16 & 0x7fff;
}

/* Games of up to eight tags drawn from drawn_names, each written plainly
 * or not (two blanks before the value, an escaped quote in it) or with an
 * empty value, with moves or none; the last tag ends the text, where the
 * lexer cannot look ten bytes ahead. The caller frees it. */
static char *drawn_games(unsigned seed)
{
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int game = 0; game < 200; game++) {
        int ntags = (int)(next_random(&seed) % 9);
        for (int t = 0; t < ntags; t++) {
            const char *name = drawn_names[next_random(&seed) % NDRAWN];
            unsigned form = next_random(&seed) % 4, n = next_random(&seed) % 100;
            if (form == 3)
                len += (size_t)snprintf(text + len, cap - len, "[%s \"\"]\n", name);
            else
                len += (size_t)snprintf(text + len, cap - len, "[%s%s\"%s%u\"]\n", name,
                                        form == 1 ? "  " : " ", form == 2 ? "a\\\"b" : "v", n);
        }
        if (game < 199) len += (size_t)snprintf(text + len, cap - len, "\n1. 32-28 *\n\n");
        assert_true(len + 512 < cap);
    }
    if (len && text[len - 1] == '\n') text[--len] = '\0';
    return text;
}

/* The first tag named name exactly, and how many are. */
static const struct pdn_tag *first_exact(const pdn_game *g, const char *name, int *count)
{
    const struct pdn_tag *first = NULL;
    *count = 0;
    for (uint32_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0 && (*count)++ == 0) first = &g->tags[i];
    return first;
}

/* The game as a caller copies it with its tags elsewhere: the same tags
 * that the parser did not note. */
static pdn_game *copied_tags(const pdn_game *g, struct pdn_tag **tags)
{
    static pdn_game copy;
    copy = *g;
    *tags = malloc((g->ntags + 1) * sizeof **tags);
    assert_non_null(*tags);
    if (g->ntags) memcpy(*tags, g->tags, g->ntags * sizeof **tags);
    copy.tags = *tags;
    return &copy;
}

/* The noted tags are the first of each name and say which names repeat,
 * as a walk of the tags finds; pdn_game_tag reads them as before, and a
 * copy of the game whose tags were not noted reads the same. */
static void check_noted(const pdn_game *g)
{
    struct pdn_tag *tags;
    const pdn_game *copy = copied_tags(g, &tags);
    assert_true(game_tags_noted(g));
    assert_false(game_tags_noted(copy));
    for (int s = 0; s < TAG_SYNONYM_MAX; s++) {
        int count;
        const struct pdn_tag *first =
            first_exact(g, tag_standard_name((enum tag_standard)s), &count);
        assert_ptr_equal(game_tag_standard(g, (enum tag_standard)s), first);
        assert_int_equal(game_tag_again(g, (enum tag_standard)s), count > 1);
        const struct pdn_tag *in_copy = game_tag_standard(copy, (enum tag_standard)s);
        assert_ptr_equal(in_copy, first ? &tags[first - g->tags] : NULL);
        assert_true(game_tag_again(copy, (enum tag_standard)s));
    }
    for (size_t i = 0; i < NDRAWN; i++) {
        const struct pdn_tag *t = tag_find_in(g->tags, g->ntags, drawn_names[i]);
        assert_ptr_equal(pdn_game_tag(g, drawn_names[i]), t ? t->value : NULL);
        t = tag_find_in(tags, g->ntags, drawn_names[i]);
        assert_ptr_equal(pdn_game_tag(copy, drawn_names[i]), t ? t->value : NULL);
    }
    free(tags);
}

/* The replay's findings of a game, into dc. */
static void replay_into(struct diag_collector *dc, const pdn_game *g)
{
    dc_reset(dc);
    struct pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.on_diag = dc_collect;
    ro.diag_ctx = dc;
    struct pdn_replay_summary sum;
    assert_int_equal(pdn_replay_game(&sum, g, &ro), 0);
}

/* The replay reads the noted tags as it reads those of a game made
 * otherwise (every Date checked, the first Result, FEN and GameType). */
static void check_replayed_alike(const pdn_game *g)
{
    static struct diag_collector noted, walked;
    struct pdn_tag *tags;
    replay_into(&noted, g);
    replay_into(&walked, copied_tags(g, &tags));
    free(tags);
    assert_int_equal(noted.total, walked.total);
    assert_int_equal(noted.nkept, walked.nkept);
    for (int i = 0; i < noted.nkept; i++) {
        assert_int_equal(noted.kept[i].code, walked.kept[i].code);
        assert_string_equal(noted.kept[i].message, walked.kept[i].message);
    }
}

static void test_tag_synonym_noted_tags(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 20; seed++) {
        char *text = drawn_games(seed);
        struct fix f;
        struct pdn_reader_options o = fix_options(&f, false);
        pdn_reader *r = NULL;
        assert_int_equal(pdn_reader_open_memory(&r, text, strlen(text), &o), 0);
        pdn_game *g;
        while ((f.rc = pdn_reader_next(&g, r)) == 1) {
            f.games++;
            check_noted(g);
            check_replayed_alike(g);
            pdn_game_free(g);
        }
        assert_int_equal(f.rc, 0);
        assert_true(f.games >= 150);
        pdn_reader_free(r);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tag_synonym_italian_file),
        cmocka_unit_test(test_tag_synonym_standard_wins),
        cmocka_unit_test(test_tag_synonym_character_references),
        cmocka_unit_test(test_tag_synonym_case_variants),
        cmocka_unit_test(test_tag_synonym_case_replayed),
        cmocka_unit_test(test_tag_synonym_case_fen_side),
        cmocka_unit_test(test_tag_synonym_result_checked),
        cmocka_unit_test(test_tag_synonym_standard_not_noted),
        cmocka_unit_test(test_tag_synonym_copies),
        cmocka_unit_test(test_tag_synonym_result_copies),
        cmocka_unit_test(test_tag_synonym_dash_result),
        cmocka_unit_test(test_tag_synonym_standard_spelling),
        cmocka_unit_test(test_tag_synonym_noted_tags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
