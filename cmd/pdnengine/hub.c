/*
 * pdnengine hub: Scan's Hub protocol (version 2) on standard input and
 * output. Initialisation (hub, set-param, init), positions with the moves
 * that led to them (pos), limits (level), searches (go think, ponder,
 * analyze) reporting "info" after each depth and "done" at the end; during
 * a search "ping", "ponder-hit" and "stop" are answered at once; a ponder
 * search is bounded by the level only from its "ponder-hit" on. An
 * unknown command is answered with "error", as Scan answers it (its
 * arguments are ignored, as the protocol asks), and so are a blank line
 * and a bad position or move. Where protocol.txt is silent, Scan 3.1's source
 * (main.cpp) decides: the game starts at the start position, "pos" without
 * pos= goes back to it, a refused position keeps the one before (so does
 * a moves= list whose quotes were lost, which Scan plays in part), and
 * "new-game" only forgets what earlier searches learnt. Lines are read and written by libpdn's hub
 * codec.
 */
#include "../lines.h"
#include "../played.h"
#include "pdnengine.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct session {
    struct engine_options opt;
    pdn_engine *engine;
    struct lines in;
    struct pdn_hub_message msg;
    struct pdn_board board, history[HISTORY_MAX];
    size_t nhistory;
    bool has_position, quit;
    bool pondering, ponder_hit; /* in a "go ponder" search; "ponder-hit" came */
    int blank_lines;            /* sent during the search: answered after its "done" */
    int long_lines;             /* lines too long sent during it: the same */
    struct pdn_engine_limits limits;
    struct pdn_movelist legal;
    char line[PDN_HUB_LINE_MAX];
};

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* text with each C0 control character, '"' (it would end the quoted
 * value: Hub has no escapes) and '\\' written as \xHH, and what
 * pdn_text_escape escapes besides (a byte that is no UTF-8 as \xHH, a C1
 * control as \u0080): what the caller sent comes back on one line, as one
 * value, in valid UTF-8, which a GUI reading the engine as UTF-8 can
 * decode (Python's text mode, Rust's lines() fail on a stray byte), and a
 * terminal shows it. */
static void printable(char *out, size_t cap, const char *text)
{
    static const char hex_escaped[] = "\"\\\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b"
                                      "\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17"
                                      "\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f";
    size_t n = 0;
    for (const char *p = text; *p && n + 5 < cap;) {
        size_t run = strcspn(p, hex_escaped);
        if (run > 0) {
            pdn_text_escape(out + n, cap - n, p, run);
            n += strlen(out + n);
            p += run;
        } else {
            n += (size_t)snprintf(out + n, cap - n, "\\x%02x", (unsigned char)*p++);
        }
    }
    out[n] = '\0';
}

static void error_reply(const char *what, const char *detail)
{
    static char shown[4 * PDN_HUB_LINE_MAX];
    printable(shown, sizeof shown, detail ? detail : "");
    say("error message=\"%s%s%s\"", what, detail ? ": " : "", shown);
}

/* The parameters with their values now (--variant, --level, or what
 * set-param set): a Hub GUI sets a parameter only when the value it wants
 * differs from the one declared (protocol.txt), so declared international
 * under --variant russian, Russian draughts was played for it. */
static void announce(const struct session *s)
{
    say("id name=pdnengine version=%s author=libpdn country=\"\"", PDN_VERSION);
    char values[128] = "";
    for (int v = 0; v < PDN_VARIANT_COUNT; v++) {
        strcat(values, v ? " " : "");
        strcat(values, pdn_rules_get((enum pdn_variant)v)->name);
    }
    say("param name=variant value=%s type=enum values=\"%s\"", pdn_rules_get(s->opt.variant)->name,
        values);
    say("param name=level value=%d type=int min=0 max=%d", s->opt.level, PDN_ENGINE_LEVELS);
    say("wait");
}

/* The limits of --level or set-param level, or none: what "level" starts
 * from. */
static void reset_limits(struct session *s)
{
    struct pdn_engine_limits init = PDN_ENGINE_LIMITS_INIT;
    s->limits = init;
    if (s->opt.level > 0) pdn_engine_level(&s->limits, s->opt.level);
}

/* Another variant after a position goes back to its start position, as
 * before any pos, and forgets what searches learnt: the position held is
 * of the old variant (other squares, other rules), and searched on, the
 * GUI that set the new one got a move of the old ("set-param
 * name=variant value=russian" after "pos", then "go": 17-22). Scan takes
 * its variant at init and keeps its position; protocol.txt has the GUI
 * set parameters before init, but one that plays a second match of
 * another variant with the engine it has sets it later. The same variant
 * again changes nothing. */
static void set_variant(struct session *s, const char *value)
{
    enum pdn_variant variant;
    if (!pdn_variant_parse(&variant, value)) {
        error_reply("unknown variant", value);
        return;
    }
    if (variant == s->opt.variant) return;
    s->opt.variant = variant;
    pdn_board_init(&s->board, variant);
    s->nhistory = 0;
    s->has_position = false;
    pdn_engine_clear(s->engine);
}

static void set_param(struct session *s)
{
    const char *name = pdn_hub_arg(&s->msg, "name"), *value = pdn_hub_arg(&s->msg, "value");
    if (!name || !value) return;
    if (strcmp(name, "variant") == 0) set_variant(s, value);
    if (strcmp(name, "level") == 0) {
        char *end;
        long n = strtol(value, &end, 10);
        if (*end || n < 0 || n > PDN_ENGINE_LEVELS)
            error_reply("no such level", value);
        else {
            s->opt.level = (int)n;
            reset_limits(s);
        }
    }
}

static bool init_engine(struct session *s)
{
    pdn_engine_free(s->engine);
    s->engine = NULL;
    struct pdn_engine_options o = PDN_ENGINE_OPTIONS_INIT;
    o.table_mb = s->opt.table_mb;
    if (pdn_engine_new(&s->engine, &o) != 0) {
        error_reply("out of memory", NULL);
        return false;
    }
    return true; /* the level stays: the GUI's, as Scan's init keeps it */
}

/* "ambiguous move: 4x15 (4x27x15 or 4x31x15)": legal, but the squares
 * written fit several captures, which Hub writes whole. */
static void ambiguous_reply(const struct session *s, const char *text, const struct pdn_match *m)
{
    char detail[600];
    size_t n = (size_t)snprintf(detail, sizeof detail, "%s (", text);
    for (int i = 0; i < m->ncandidates && n + PDN_MOVE_TEXT_MAX + 8 < sizeof detail; i++) {
        char t[PDN_MOVE_TEXT_MAX];
        pdn_hub_move_write(t, &s->legal.moves[m->candidates[i]],
                           (enum pdn_variant)s->board.variant);
        n += (size_t)snprintf(detail + n, sizeof detail - n, "%s%s", i ? " or " : "", t);
    }
    snprintf(detail + n, sizeof detail - n, ")");
    error_reply("ambiguous move", detail);
}

/* Plays one move of pos's moves= list; false (and an error) when illegal
 * or ambiguous. */
static bool play_text(struct session *s, const char *text)
{
    struct pdn_match m;
    pdn_movegen(&s->legal, &s->board, 0);
    pdn_move_match(&m, text, &s->board, &s->legal, false);
    if (m.result == PDN_MATCH_AMBIGUOUS) {
        ambiguous_reply(s, text, &m);
        return false;
    }
    if (m.result != PDN_MATCH_OK) {
        error_reply("illegal move", text);
        return false;
    }
    if (s->nhistory == HISTORY_MAX) {
        memmove(s->history, s->history + 1, (HISTORY_MAX - 1) * sizeof s->history[0]);
        s->nhistory--;
    }
    s->history[s->nhistory++] = s->board;
    pdn_board_play(&s->board, &s->legal.moves[m.move]);
    return true;
}

/* A flag (a word without '=') in pos, which has none but Scan's "start":
 * what follows moves= when its list lost its quotes, or junk after it;
 * *is_move when it starts as a move does ('32-28', 'c3-d4'). pos= and
 * moves= with an empty value ("moves=\"\"", a game's first move) read as
 * flags too, and are none. */
static const char *stray_word(const struct pdn_hub_message *msg, bool *is_move)
{
    static const char *const known[] = {"pos", "moves", "start"};
    for (int i = 0; i < msg->nargs; i++) {
        const char *name = msg->args[i].name;
        bool is_known = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
            is_known = is_known || strcmp(name, known[k]) == 0;
        if (*msg->args[i].value != '\0' || is_known) continue;
        *is_move = (name[0] >= '0' && name[0] <= '9') ||
                   (name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8');
        return name;
    }
    return NULL;
}

/* Why text is no Hub position of variant, after text itself: "Wbbbxx:
 * 6 letters, international takes 51 (...)". A GUI that sent a position of
 * 10x10 to the engine set to English checkers was told "bad position"
 * and no more. */
static void position_problem(char *out, size_t cap, const char *text, enum pdn_variant variant)
{
    struct pdn_board board;
    pdn_board_clear(&board, variant);
    int squares = pdn_board_squares(&board);
    size_t len = strlen(text);
    if (len != (size_t)squares + 1) {
        snprintf(out, cap, "%s: %zu letters, %s takes %d (W or B, then a letter a square)", text,
                 len, pdn_rules_get(variant)->name, squares + 1);
        return;
    }
    if (text[0] != 'W' && text[0] != 'B') {
        snprintf(out, cap, "%s: the side to move is W or B, not '%c'", text, text[0]);
        return;
    }
    size_t at = 1 + strspn(text + 1, "wbWBe");
    snprintf(out, cap, "%s: square %zu is '%c', none of w b W B e", text, at, text[at]);
}

/* As Scan does: without pos= (or with Scan's "start") the start position;
 * a bad position is refused and the one before kept; an illegal move
 * stops the moves there. Unlike Scan, a word without '=' refuses the
 * position: moves after an unquoted moves= list, or junk after it; played
 * up to its first blank, the list would leave the engine thinking about
 * another position than the GUI's, without a word. */
static void set_position(struct session *s)
{
    const char *pos = pdn_hub_arg(&s->msg, "pos"), *moves = pdn_hub_arg(&s->msg, "moves");
    bool is_move = false;
    const char *stray = stray_word(&s->msg, &is_move);
    if (stray) {
        error_reply(is_move ? "moves not in quotes" : "stray word in pos", stray);
        return;
    }
    struct pdn_board board;
    if (!pos)
        pdn_board_init(&board, s->opt.variant);
    else if (pdn_hub_position_read(&board, s->opt.variant, pos) != 0) {
        static char why[PDN_HUB_LINE_MAX + 128];
        position_problem(why, sizeof why, pos, s->opt.variant);
        error_reply("bad position", why);
        return;
    }
    char why[300];
    if (pos && !played_position_ok(&board, why, sizeof why)) {
        /* as DXP and pdnmatch's openings: a man on its crowning row, a
         * side with no move; refused here, not at go ("no legal move") */
        error_reply("bad position", why);
        return;
    }
    s->board = board;
    s->nhistory = 0;
    s->has_position = true;
    char word[PDN_MOVE_TEXT_MAX];
    /* Moves apart by any blank, as Scan splits them (a tab among them was
     * an illegal move "32-28\x0919-23"). */
    static const char blanks[] = " \t\r\n\v\f";
    for (const char *p = moves ? moves : ""; *p;) {
        size_t n = strcspn(p, blanks);
        if (n > 0 && n < sizeof word) {
            memcpy(word, p, n);
            word[n] = '\0';
            if (!play_text(s, word)) return;
        } else if (n > 0) {
            error_reply("illegal move", "(too long)");
            return;
        }
        p += n + strspn(p + n, blanks);
    }
}

/* A level argument's value into *value (left as it is when the argument
 * is absent): false, and an error answered, when it is no number of 0 or
 * more (a whole one where whole says). Scan read "depth=abc" as 0, an
 * answer at once, without a word. */
static bool level_arg(const struct session *s, const char *name, bool whole, double *value)
{
    const char *text = pdn_hub_arg(&s->msg, name);
    if (!text) return true;
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !isfinite(v) || v < 0 || (whole && v != floor(v))) {
        char detail[96];
        snprintf(detail, sizeof detail, "%s=%.60s", name, text);
        error_reply("bad level", detail);
        return false;
    }
    *value = v;
    return true;
}

/* v, at least least and at most most. */
static double within(double v, double least, double most)
{
    return v < least ? least : v > most ? most : v;
}

/* "level": a depth, nodes, a time per move, a clock, or none (infinite).
 * A value that does not read is refused and the level before kept. */
static void set_level(struct session *s)
{
    double depth = -1, nodes = -1, move_time = -1, moves = 0, time = -1, inc = 0;
    if (!level_arg(s, "depth", true, &depth) || !level_arg(s, "nodes", true, &nodes) ||
        !level_arg(s, "move-time", false, &move_time) || !level_arg(s, "moves", true, &moves) ||
        !level_arg(s, "time", false, &time) || !level_arg(s, "inc", false, &inc))
        return;
    reset_limits(s);
    if (pdn_hub_arg(&s->msg, "infinite")) {
        struct pdn_engine_limits init = PDN_ENGINE_LIMITS_INIT;
        s->limits = init;
        return;
    }
    /* A limit of 0 is the least there is, as Scan takes it: the engine
     * answers after its first depth. In the library 0 means none, and
     * "move-time=0" searched until "stop". */
    if (depth >= 0) s->limits.depth = (int)within(depth, 1, PDN_ENGINE_DEPTH_MAX);
    if (nodes >= 0) s->limits.nodes = (uint64_t)within(nodes, 1, 1e18);
    if (move_time >= 0) s->limits.seconds = within(move_time, 0.001, 1e9);
    if (time >= 0) clock_limits(&s->limits, time, moves, inc);
}

/* The line as Hub writes moves, separated by blanks. */
static void line_text(char *out, size_t cap, const struct pdn_engine_result *r,
                      enum pdn_variant variant)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < r->npv; i++) {
        char t[PDN_MOVE_TEXT_MAX];
        size_t len = pdn_hub_move_write(t, &r->pv[i], variant);
        if (n + len + 2 > cap) break;
        n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? " " : "", t);
    }
}

static void on_depth(const struct pdn_engine_result *r, void *ctx)
{
    const struct session *s = ctx;
    char pv[1024];
    line_text(pv, sizeof pv, r, s->board.variant);
    double mnps = r->seconds > 0 ? (double)r->nodes / r->seconds / 1e6 : 0;
    say("info depth=%d score=%.2f nodes=%llu time=%.3f nps=%.2f pv=\"%s\"", r->depth,
        r->score / 100.0, (unsigned long long)r->nodes, r->seconds, mnps, pv);
}

/* Polled by the search: answers ping; stops on stop, on ponder-hit while
 * pondering (noted, for the search of the move itself), on the end of the
 * input and on any other command (kept for afterwards). A blank line is
 * counted and answered after "done" (missing_commands): Scan stops its
 * search for it, a stray newline costing the move its thinking time, and
 * an error before "done" reads as the search's own. So is a line too
 * long, dropped as it comes: read as its first 16 kB, "ping" and 40 kB
 * of junk was answered "pong", and its rest an unknown command. */
static bool should_stop(void *ctx)
{
    struct session *s = ctx;
    lines_fill(&s->in, 0);
    while (lines_peek(&s->in, s->line, sizeof s->line)) {
        if (lines_peek_cut(&s->in, sizeof s->line)) {
            s->long_lines += !s->in.skipping; /* its start: counted once */
            lines_drop(&s->in);
            lines_fill(&s->in, 0); /* its rest, if waiting */
            continue;
        }
        if (lines_peek_nul(&s->in) || pdn_hub_parse(&s->msg, s->line) != 0) return true;
        const char *c = s->msg.command;
        bool hit = strcmp(c, "ponder-hit") == 0;
        if (strcmp(c, "ping") == 0)
            say("pong");
        else if (strcmp(c, "stop") == 0 || (hit && s->pondering)) {
            s->ponder_hit = hit;
            lines_drop(&s->in);
            return true;
        } else if (!c[0])
            s->blank_lines++;
        else if (!hit)
            return true;
        lines_drop(&s->in);
    }
    return s->in.eof;
}

/* "go ponder": the move the engine expects is played already and its
 * clock is not running (protocol.txt), so the level does not bound the
 * search: it runs until "stop" (its best move at once) or "ponder-hit".
 * The hit starts the move's own search under the level, its time counted
 * from the hit; the table keeps what pondering found, so it goes deep
 * at once. */
static void search(struct session *s, struct pdn_engine_result *r, bool ponder)
{
    struct pdn_engine_limits limits = s->limits;
    limits.on_depth = on_depth;
    limits.should_stop = should_stop;
    limits.ctx = s;
    struct pdn_engine_limits unbounded = limits;
    unbounded.depth = 0;
    unbounded.nodes = 0;
    unbounded.seconds = 0;
    s->pondering = ponder;
    s->ponder_hit = false;
    pdn_engine_search(r, s->engine, &s->board, s->history, s->nhistory,
                      ponder ? &unbounded : &limits);
    s->pondering = false;
    if (s->ponder_hit) pdn_engine_search(r, s->engine, &s->board, s->history, s->nhistory, &limits);
}

static void go(struct session *s)
{
    if (!s->engine) {
        error_reply("no init", NULL);
        return;
    }
    if (!s->has_position) { /* no pos yet: Scan searches the start position */
        pdn_board_init(&s->board, s->opt.variant);
        s->nhistory = 0;
    }
    struct pdn_engine_result r;
    search(s, &r, pdn_hub_arg(&s->msg, "ponder") != NULL);
    if (!r.has_move) {
        error_reply("no legal move", NULL);
        return;
    }
    char move[PDN_MOVE_TEXT_MAX], ponder[PDN_MOVE_TEXT_MAX] = "";
    pdn_hub_move_write(move, &r.move, s->board.variant);
    if (r.npv > 1) pdn_hub_move_write(ponder, &r.pv[1], s->board.variant);
    if (ponder[0])
        say("done move=%s ponder=%s", move, ponder);
    else
        say("done move=%s", move);
}

/* A blank line (blanks only, or a lone CR of a CRLF end) is answered as
 * Scan 3.1 answers it: the caller learns that a line of its was no
 * command, which usually is a command sent with two line ends. */
static void missing_commands(struct session *s, int count)
{
    for (; count > 0; count--)
        error_reply("missing command", NULL);
    s->blank_lines = 0;
}

/* A line longer than the engine reads is refused whole: a piece of it
 * (a position without its last moves) would not be the GUI's. */
static void too_long_reply(void)
{
    char what[64];
    snprintf(what, sizeof what, "line too long (more than %d bytes), ignored",
             PDN_HUB_LINE_MAX - 1);
    error_reply(what, NULL);
}

/* The lines a search passed over, each answered after its "done". */
static void after_search(struct session *s)
{
    for (; s->long_lines > 0; s->long_lines--)
        too_long_reply();
    missing_commands(s, s->blank_lines);
}

static void dispatch(struct session *s)
{
    const char *c = s->msg.command;
    if (strcmp(c, "hub") == 0)
        announce(s);
    else if (strcmp(c, "set-param") == 0)
        set_param(s);
    else if (strcmp(c, "init") == 0) {
        if (init_engine(s)) say("ready");
    } else if (strcmp(c, "new-game") == 0)
        pdn_engine_clear(s->engine);
    else if (strcmp(c, "pos") == 0)
        set_position(s);
    else if (strcmp(c, "level") == 0)
        set_level(s);
    else if (strcmp(c, "go") == 0) {
        go(s);
        after_search(s);
    } else if (!c[0])
        missing_commands(s, 1);
    else if (strcmp(c, "ping") == 0)
        say("pong");
    else if (strcmp(c, "quit") == 0)
        s->quit = true;
    else if (strcmp(c, "stop") != 0 && strcmp(c, "ponder-hit") != 0)
        /* As Scan 3.1 answers ("bad command"), naming it: a GUI that
         * sends a command of its own, or misspells one, learns that
         * nothing was done. stop and ponder-hit outside a search (one
         * that ended as they were sent) are no mistake. */
        error_reply("unknown command", c);
}

/* A line with a NUL byte is refused whole: read as a C string it ended
 * there, and "pos pos=... <NUL> moves=..." set the position without its
 * moves, the engine then thinking for the wrong side without a word. */
static void nul_reply(size_t at)
{
    char what[80];
    snprintf(what, sizeof what, "line with a NUL byte (byte %zu), ignored", at);
    error_reply(what, NULL);
}

int hub_run(const struct engine_options *options)
{
    struct session *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "pdnengine: out of memory\n");
        return 3;
    }
    s->opt = *options;
    reset_limits(s);
    lines_init(&s->in, 0);
    while (!s->quit && lines_next(&s->in, s->line, sizeof s->line)) {
        if (s->in.cut)
            too_long_reply();
        else if (s->in.nul_at)
            nul_reply(s->in.nul_at);
        else if (pdn_hub_parse(&s->msg, s->line) != 0)
            error_reply("cannot read the line", NULL);
        else
            dispatch(s);
    }
    pdn_engine_free(s->engine);
    free(s);
    return 0;
}
