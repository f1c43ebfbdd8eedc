/*
 * fuzz_handmade: games made by hand, as a program that never ran the reader
 * builds them (pdn.h, "A game made by hand"), through every call that takes
 * a game. The input bytes choose the game within what pdn.h allows: tags
 * from a small table of names and values (NULL among them), a main line of
 * moves from a table of move texts (legal, illegal, empty, NULL, long; or
 * the next move of a legal game), move numbers, annotations (strength, NAGs,
 * comments before and after, setups from a table of FENs, variations a few
 * levels deep), a result and its text, a GameType number, a source text.
 * Every array is allocated at its size, so that ASan sees a read past it.
 *
 * The game then goes through pdn_write_game (options from a byte),
 * pdn_format_game without and with fix, the CSV writer in both modes (the
 * default columns and every column), pdn_replay_game, pdn_stats_add_game
 * and pdn_stats_write, pdn_date_orders_add, pdn_unique_check,
 * pdn_select_match and the tag lookups.
 *
 * Properties: no crash, leak, hang or sanitizer report; every call that
 * returns a code returns 0 (a game made by hand within the contract is
 * never invalid); the findings are well formed.
 */
#include "fuzz.h"
#include "pdn.h"
#include "walk.h"

#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define DEPTH_MAX 3   /* variations within variations */
#define NODES_MAX 160 /* nodes of a game, all lines */
#define LINE_MAX 14   /* moves of a line */
#define LONG_TEXT 300 /* bytes of the long texts */

/* ---- The input, a byte at a time (0 past its end) ------------------------ */

struct bytes {
    const uint8_t *p;
    size_t n;
};

static unsigned take(struct bytes *b)
{
    if (b->n == 0) return 0;
    b->n--;
    return *b->p++;
}

/* An entry of a table of strings, chosen by the next byte. */
#define PICK(b, table) ((table)[take(b) % COUNT(table)])

/* ---- Tables ----------------------------------------------------------------- */

static char long_move[LONG_TEXT + 1], long_text[LONG_TEXT + 1];

static void make_long_texts(void)
{
    if (long_move[0]) return;
    for (size_t i = 0; i < LONG_TEXT; i++) {
        long_move[i] = i % 3 == 2 ? 'x' : (char)('1' + i % 3);
        long_text[i] = i % 7 == 6 ? ' ' : (char)('a' + i % 26);
    }
}

/* Bytes that are no UTF-8 (a lone continuation, a cut sequence, an
 * overlong '/', a surrogate): a program's strings may hold them. */
#define NOT_UTF8                                                                                   \
    "\x80", "\xc3", "a\xe2\x80", "\xc0\xaf", "\xed\xa0\x80",                                       \
        "\xff"                                                                                     \
        "32-28"

/* A legal international game: the "next move" of a line is its move i. */
static const char *const canned[] = {"32-28", "18-23", "37-32", "12-18", "41-37", "7-12",  "46-41",
                                     "1-7",   "31-26", "20-24", "34-29", "23x34", "40x20", "15x24",
                                     "45-40", "14-20", "50-45", "10-14", "26-21", "17x26"};

static const char *const move_texts[] = {
    NULL,    "",      "32-28", "19-23", "28x19",  "...",     "--",      "1-1",       "x",
    "9-13",  "22-18", "11-15", "32x23", "1x45",   "50-1",    "0-0",     "99-98",     "2-0",
    "*",     "c3-d4", "a3-b4", "h6-g5", "32-28!", "- -",     "32:23",   "28x19x10",  "{",
    "}",     "(",     ")",     "$1",    "!",      "é",       "32‒28",   "0032-0028", "33-28",
    "17-21", "21-17", "5-10",  "46-41", "1-7",    long_move, long_text, NOT_UTF8};

static const char *const tag_names[] = {
    NULL,           "",          "Event",    "Site",     "Date",      "Round",
    "White",        "Black",     "Result",   "GameType", "FEN",       "SetUp",
    "Bianco",       "Nero",      "Blanc",    "Noir",     "Risultato", "Manche",
    "Type de jeu",  "result",    "Fen",      "RESULT",   "GameTYPE",  "UTCDate",
    "ResultFormat", "Annotator", "PlyCount", "bad name", "1Tag",      "Event",
    "White",        "Result",    "GameType", "FEN",      long_text,   NOT_UTF8};

static const char *const fens[] = {"",
                                   "W:W31-50:B1-20",
                                   "B:W31-50:B1-20",
                                   "W:W21,22:B10",
                                   "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
                                   "W:WK1:BK50",
                                   "B:W21-32:B1-12",
                                   "W:W21-32:B1-12",
                                   "W:Wa1,c1,e1,g1:Bb8,d8,f8,h8",
                                   "W:W31-50:B1-20:H0:F12",
                                   "W:W32:B",
                                   "W:",
                                   "xyz",
                                   "W:W51:B0",
                                   "W:W31-50:B1-20/",
                                   "[",
                                   "W:W1-50:B1-50",
                                   long_text};

static const char *const tag_values[] = {NULL,
                                         "",
                                         "?",
                                         "2-0",
                                         "0-2",
                                         "1-1",
                                         "*",
                                         "1-0",
                                         "0-1",
                                         "1/2-1/2",
                                         "0-0",
                                         "4-6",
                                         "20",
                                         "21",
                                         "25",
                                         "26",
                                         "30",
                                         "31",
                                         "99",
                                         "-1",
                                         "20,10,10,N2",
                                         "abc",
                                         "2003.10.03",
                                         "10.03.2003",
                                         "????.??.??",
                                         "2021-08-12",
                                         "2021.13.45",
                                         "Alice",
                                         "Bob",
                                         "Alice Bob",
                                         "\"",
                                         "\\",
                                         "é ü",
                                         "1",
                                         "0",
                                         "Event",
                                         "W:W31-50:B1-20",
                                         "B:W21-32:B1-12",
                                         "W:WK1:BK50",
                                         "xyz",
                                         "W:W21,22:B10",
                                         long_text,
                                         NOT_UTF8};

static const char *const comment_texts[] = {
    NULL, "",      "a comment", "}", "{", "[Event \"x\"]", "2-0",
    "\n", "32-28", "%",         ";", "é", long_text,       NOT_UTF8};

static const char *const strengths[] = {NULL, "", "!", "?", "!!", "??", "!?", "?!", "x", long_text};

static const char *const result_texts[] = {NULL,  "",    "2-0", "0-2",     "1-1", "*",
                                           "0-0", "1-0", "0-1", "1/2-1/2", "4-6", "x"};

static const int gametypes[] = {0,  20, 21, 22, 23, 24, 25, 26,   27, 28, 29,
                                30, 31, 32, 40, 1,  -1, 99, 1000, 19, 33, 41};

static const char *const raws[] = {NULL, "", "1. 32-28 *", "{", "[Event \"?\"]\n\n*\n"};

/* ---- What the game is made of: each array its own allocation ------------- */

struct made {
    void *blocks[1024];
    size_t n;
    unsigned nodes; /* made so far, all lines */
};

/* count zeroed items of size bytes, or NULL for none (or now and then a
 * pointer to nothing, which a count of 0 allows too). */
static void *made_array(struct made *m, size_t count, size_t size, unsigned choice)
{
    if (count == 0 && !(choice & 1)) return NULL;
    if (m->n == COUNT(m->blocks)) return NULL;
    void *p = calloc(count ? count : 1, size);
    if (p == NULL) abort();
    m->blocks[m->n++] = p;
    return p;
}

static void made_free(struct made *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->blocks[i]);
}

static struct pdn_pos some_pos(struct bytes *b)
{
    unsigned x = take(b);
    return (struct pdn_pos){.line = x & 0x0F, .col = x >> 4};
}

static const struct pdn_comment *make_comments(struct bytes *b, struct made *m, uint32_t n)
{
    struct pdn_comment *c = made_array(m, n, sizeof *c, take(b));
    for (uint32_t i = 0; c && i < n; i++) {
        c[i].text = PICK(b, comment_texts);
        c[i].to_eol = take(b) & 1;
        c[i].pos = some_pos(b);
    }
    return c;
}

static const struct pdn_line *make_lines(struct bytes *b, struct made *m, uint32_t n, int depth);

static const struct pdn_annotations *make_annotations(struct bytes *b, struct made *m, int depth)
{
    unsigned what = take(b);
    struct pdn_annotations *a = made_array(m, 1, sizeof *a, 1);
    if (a == NULL) return NULL;
    if (what & 1) a->strength = PICK(b, strengths);
    if (what & 2) {
        a->nnags = take(b) % 4;
        uint16_t *nags = made_array(m, a->nnags, sizeof *nags, take(b));
        for (uint32_t i = 0; nags && i < a->nnags; i++)
            nags[i] = (uint16_t)(take(b) | take(b) << 8);
        a->nags = nags;
    }
    a->ncomments_before = (what >> 2) & 1 ? 1 + take(b) % 2 : 0;
    a->comments_before = make_comments(b, m, a->ncomments_before);
    a->ncomments_after = (what >> 3) & 1 ? 1 + take(b) % 2 : 0;
    a->comments_after = make_comments(b, m, a->ncomments_after);
    if (what & 16) {
        a->setup = PICK(b, fens);
        a->setup_pos = some_pos(b);
    }
    if ((what & 32) && depth < DEPTH_MAX) {
        a->nvariations = 1 + take(b) % 2;
        a->variations = make_lines(b, m, a->nvariations, depth + 1);
    }
    return a;
}

/* A move number: the ply's own, or one from the input. */
static void number_node(struct bytes *b, struct pdn_node *node, uint32_t i, unsigned how)
{
    if (!(how & 0x20)) return;
    node->number_black = how & 0x40;
    node->number = (how & 0x80) ? take(b) : i / 2 + 1;
    if (node->number == 255) node->number = UINT32_MAX;
    node->number_pos = some_pos(b);
}

static void make_node(struct bytes *b, struct made *m, struct pdn_node *node, uint32_t i, int depth)
{
    unsigned how = take(b);
    if (how & 1)
        node->text = canned[(i + (unsigned)depth) % COUNT(canned)];
    else
        node->text = PICK(b, move_texts);
    node->pos = some_pos(b);
    number_node(b, node, i, how);
    if (how & 2) node->annotations = make_annotations(b, m, depth);
}

static void make_line(struct bytes *b, struct made *m, struct pdn_line *line, int depth)
{
    unsigned how = take(b);
    uint32_t n = how % (LINE_MAX + 1);
    if (n > NODES_MAX - m->nodes) n = NODES_MAX - m->nodes;
    m->nodes += n;
    struct pdn_node *nodes = made_array(m, n, sizeof *nodes, how >> 4);
    line->moves = nodes;
    line->nmoves = nodes ? n : 0;
    for (uint32_t i = 0; i < line->nmoves; i++)
        make_node(b, m, &nodes[i], i, depth);
    if (how & 0x20) {
        line->ntrailing = 1 + take(b) % 2;
        line->trailing = make_comments(b, m, line->ntrailing);
    }
    if (how & 0x40) line->trailing_setup = PICK(b, fens);
    line->pos = some_pos(b);
}

static const struct pdn_line *make_lines(struct bytes *b, struct made *m, uint32_t n, int depth)
{
    struct pdn_line *lines = made_array(m, n, sizeof *lines, 0);
    for (uint32_t i = 0; lines && i < n; i++)
        make_line(b, m, &lines[i], depth);
    return lines;
}

static void make_tags(struct bytes *b, struct made *m, pdn_game *g)
{
    unsigned how = take(b);
    g->ntags = how % 10;
    struct pdn_tag *tags = made_array(m, g->ntags, sizeof *tags, how >> 4);
    for (uint32_t i = 0; tags && i < g->ntags; i++) {
        tags[i].name = PICK(b, tag_names);
        unsigned v = take(b);
        /* a FEN's value from the FEN table, now and then */
        tags[i].value = (v & 0x80) ? fens[v % COUNT(fens)] : tag_values[v % COUNT(tag_values)];
        tags[i].pos = some_pos(b);
    }
    g->tags = tags;
}

static void make_game(struct bytes *b, struct made *m, pdn_game *g)
{
    make_long_texts();
    g->index = take(b);
    make_tags(b, m, g);
    make_line(b, m, &g->main, 0);
    g->result = (enum pdn_result)(take(b) % (PDN_RESULT_BOTH_LOST + 1));
    g->result_text = PICK(b, result_texts);
    g->result_pos = some_pos(b);
    g->start = some_pos(b);
    g->raw = PICK(b, raws);
    g->raw_len = g->raw ? strlen(g->raw) : 0;
    g->gametype = gametypes[take(b) % COUNT(gametypes)];
    g->variant_source = (enum pdn_variant_source)(take(b) % (PDN_VARIANT_FROM_FILE + 1));
}

/* ---- What is done with it --------------------------------------------------- */

/* A memory stream to write to; closed and freed by written_free. */
struct written {
    char *buf;
    size_t len;
    FILE *fp;
};

static FILE *written_open(struct written *w)
{
    w->buf = NULL;
    w->fp = open_memstream(&w->buf, &w->len);
    FUZZ_CHECK(w->fp != NULL);
    return w->fp;
}

static void written_free(struct written *w)
{
    FUZZ_CHECK(fclose(w->fp) == 0);
    free(w->buf);
}

static void on_diag(const struct pdn_diag *d, void *ctx)
{
    walk_diag(d, ctx);
}

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    (void)before, (void)after, (void)move, (void)ctx;
    FUZZ_CHECK(node != NULL && depth >= 0);
}

static void look_up(const pdn_game *g)
{
    for (size_t i = 0; i < COUNT(tag_names); i++)
        if (tag_names[i]) walk_string(pdn_game_tag(g, tag_names[i]));
    walk_string(pdn_game_date(g));
    walk_string(pdn_game_result(g));
    (void)pdn_game_first_number(g);
    (void)pdn_game_variant_own(g);
    FUZZ_CHECK(!pdn_game_is_trailer(g));
    FUZZ_CHECK(pdn_game_work(g) == NULL);
    for (uint32_t i = 0; i <= g->main.nmoves; i++)
        (void)pdn_setup_number(&g->main, i, i & 1);
}

static void write_game(const pdn_game *g, unsigned how)
{
    struct pdn_write_options o = PDN_WRITE_OPTIONS_INIT;
    o.width = (how & 1) ? 20 : 0;
    o.no_comments = how & 2;
    o.no_variations = how & 4;
    o.no_nags = how & 8;
    o.seven_tag_roster = how & 16;
    o.movetext_only = how & 32;
    o.standard_names = how & 64;
    o.result = (how & 128) ? PDN_RESULT_DRAW : PDN_RESULT_NONE;
    struct written w;
    FUZZ_CHECK(pdn_write_game(written_open(&w), g, &o) == 0);
    written_free(&w);
}

static void format_game(const pdn_game *g, unsigned how, bool fix, pdn_scratch *scratch)
{
    size_t findings = 0;
    struct pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.no_variations = how & 4;
    struct pdn_format_options o = PDN_FORMAT_OPTIONS_INIT;
    o.write = &wo;
    o.no_normalise = how & 1;
    o.broken = (enum pdn_format_broken)((how >> 4) % 3);
    o.captures = (enum pdn_capture_notation)((how >> 6) % 3);
    o.fix = fix;
    o.filename = "hand";
    o.on_diag = on_diag;
    o.diag_ctx = &findings;
    o.scratch = (how & 2) ? scratch : NULL;
    struct written w;
    FUZZ_CHECK(pdn_format_game(written_open(&w), g, &o) == 0);
    written_free(&w);
}

/* Every column a mode offers and some tag columns, comma-separated. */
static void all_columns(char *out, size_t cap, enum pdn_csv_mode mode)
{
    const struct pdn_csv_column *c;
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; (c = pdn_csv_column_get(mode, i)) != NULL; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s,", c->name);
    snprintf(out + len, cap - len, "White,FEN,Result,GameType,Date,Bianco");
}

static void write_csv(const pdn_game *g, unsigned how, enum pdn_csv_mode mode, bool every)
{
    char columns[4096];
    size_t findings = 0;
    struct pdn_csv_write_options o = PDN_CSV_WRITE_OPTIONS_INIT;
    o.mode = mode;
    if (every) {
        all_columns(columns, sizeof columns, mode);
        o.columns = columns;
    }
    bool *flags[] = {&o.movetext,  &o.lossless,   &o.variations, &o.fen,
                     &o.iso_dates, &o.excel_text, &o.strict};
    for (size_t i = 0; i < COUNT(flags); i++)
        *flags[i] = how >> i & 1;
    o.on_diag = on_diag;
    o.diag_ctx = &findings;
    struct written w;
    pdn_csv_writer *cw = NULL;
    FUZZ_CHECK(pdn_csv_writer_open(&cw, written_open(&w), &o, NULL) == 0);
    FUZZ_CHECK(pdn_csv_writer_write_header(cw) == 0);
    FUZZ_CHECK(pdn_csv_writer_write_game(cw, g, "hand") >= 0);
    pdn_csv_writer_free(cw);
    written_free(&w);
}

static void replay_game(const pdn_game *g, unsigned how)
{
    size_t findings = 0;
    struct pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
    o.strict = how & 1;
    o.on_diag = on_diag;
    o.diag_ctx = &findings;
    o.on_ply = on_ply;
    o.draw_rules = (enum pdn_draw_rules)((how >> 1) % PDN_DRAW_RULES_COUNT);
    struct pdn_replay_summary sum;
    FUZZ_CHECK(pdn_replay_game(&sum, g, &o) == 0);
}

static void count_game(const pdn_game *g, unsigned how)
{
    struct pdn_stats_options so = PDN_STATS_OPTIONS_INIT;
    so.opening_depth = 1 + how % 8;
    so.crosstable = true;
    pdn_stats *st;
    FUZZ_CHECK(pdn_stats_new(&st, &so) == 0);
    pdn_stats_add_file(st);
    FUZZ_CHECK(pdn_stats_add_game(st, g, "hand") == 0);
    FUZZ_CHECK(pdn_stats_add_game(st, g, NULL) == 0); /* a repeat */
    struct pdn_stats_write_options wo = PDN_STATS_WRITE_OPTIONS_INIT;
    wo.tables = (PDN_STATS_EXPLAIN << 1) - 1;
    wo.openings_top = -1;
    /* every table at once: text and JSON (CSV writes one table at a time) */
    static const enum pdn_stats_format formats[] = {PDN_STATS_TEXT, PDN_STATS_JSON};
    for (size_t f = 0; f < COUNT(formats); f++) {
        wo.format = formats[f];
        struct written w;
        FUZZ_CHECK(pdn_stats_write(written_open(&w), st, &wo) == 0);
        written_free(&w);
    }
    pdn_stats_free(st);
}

static void judge_game(const pdn_game *g)
{
    pdn_date_orders *orders;
    FUZZ_CHECK(pdn_date_orders_new(&orders) == 0);
    FUZZ_CHECK(pdn_date_orders_add(orders, g) == 0);
    pdn_date_orders_free(orders);
    for (int mode = PDN_UNIQUE_MOVES; mode <= PDN_UNIQUE_POSITION; mode++) {
        pdn_unique *u;
        size_t findings = 0;
        FUZZ_CHECK(pdn_unique_new(&u, (enum pdn_unique_mode)mode) == 0);
        FUZZ_CHECK(pdn_unique_check(u, g, NULL, NULL, on_diag, &findings) == 0);
        FUZZ_CHECK(pdn_unique_check(u, g, "hand", NULL, on_diag, &findings) == 1);
        pdn_unique_free(u);
    }
    static const char *const criteria[PDN_SELECT_FIELD_COUNT] = {
        "1-", "a", "b", "Alice", "x", "y", "1", "2000-2030", "2-0", "20", "Event=x"};
    for (int f = 0; f < PDN_SELECT_FIELD_COUNT; f++) {
        pdn_select *sel;
        FUZZ_CHECK(pdn_select_new(&sel) == 0);
        FUZZ_CHECK(pdn_select_add(sel, (enum pdn_select_field)f, criteria[f]) == 0);
        (void)pdn_select_match(sel, g);
        pdn_select_free(sel);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    unsigned how = data[0], more = data[1];
    struct bytes b = {data + 2, size - 2};
    struct made *m = calloc(1, sizeof *m);
    if (m == NULL) abort();
    pdn_game g = {0};
    make_game(&b, m, &g);
    pdn_scratch *scratch;
    FUZZ_CHECK(pdn_scratch_new(&scratch) == 0);
    look_up(&g);
    write_game(&g, how);
    format_game(&g, how, false, scratch);
    format_game(&g, how, true, scratch);
    write_csv(&g, more, PDN_CSV_GAMES, how & 1);
    write_csv(&g, more, PDN_CSV_MOVES, how & 2);
    replay_game(&g, more);
    count_game(&g, how);
    judge_game(&g);
    pdn_scratch_free(scratch);
    made_free(m);
    free(m);
    return 0;
}
