/*
 * pdnmatch: plays engines against each other. Engines are built-in levels
 * (level=N) or Hub engines (hub:COMMAND); each opening (from a file, or
 * random legal moves from the start) is played with both colours. Games
 * are written as PDN, each checked by libpdn's validator, which also rules
 * on draws; the score comes with an Elo difference and its 95% margin.
 */
#include "../common.h"
#include "pdnmatch.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "Usage: pdnmatch [options] ENGINE1 ENGINE2\n"
    "Plays two engines against each other and prints the score of ENGINE1 with\n"
    "an Elo difference. An engine is level=N (a built-in level, 1 to 4) or\n"
    "hub:COMMAND (a program speaking Hub, run by /bin/sh -c COMMAND).\n"
    "\n"
    "  -n, --rounds N         games to play (default 2): each opening twice,\n"
    "                         ENGINE1 with White, then with Black\n"
    "      --openings FILE    openings: a FEN a line, or PDN games of the variant\n"
    "                         (the position at the end of each; a game with an\n"
    "                         error passed over, with a warning); used in turn\n"
    "      --random-openings PLIES\n"
    "                         without --openings: openings of PLIES random legal\n"
    "                         moves from the start (default 4), material level\n"
    "                         and no capture pending\n"
    "      --seed N           the seed of the random openings and of the weak\n"
    "                         levels' noise (default 1)\n" TOOL_PLAY_VARIANT_USAGE
    "      --max-plies N      a game still going after N plies is a draw (300)\n"
    "      --hub-level ARGS   the Hub 'level' line sent before each move of a Hub\n"
    "                         engine (default \"move-time=0.1\")\n"
    "      --timeout S        seconds a Hub engine may take to answer, 0.1 to\n"
    "                         86400 (30); a slower one, one that quits or plays\n"
    "                         an illegal move loses the game (a slow one is then\n"
    "                         stopped, or restarted, before the next game; one\n"
    "                         that quit is started again; the match stops when\n"
    "                         it fails in 3 games in a row, quitting or letting\n"
    "                         the timeout pass in each, either way)\n"
    "  -o, --output FILE      write the games as PDN to FILE\n"
    "  -q, --quiet            no line per game, the score only\n" TOOL_HELP_USAGE "\n"
    "Exit status: 0 the match was played, 2 usage error, 3 system error (an\n"
    "engine that cannot start, or quits or lets the timeout pass in each of 3\n"
    "games in a row: the match stopped; a file that cannot be read or written).\n"
    "See pdnmatch(1).\n";

/* An engine that fails in this many games in a row stops the match,
 * whether it quit, let the timeout pass or both, in any mix (counted
 * apart, one that quit in one game and hung in the next never stopped):
 * it would lose every game left, each at the cost of a start, or of up to
 * twice --timeout (a hung one: no answer, no pong). */
enum { FAILURES_MAX = 3 };

/* The games in a row, up to the last played, in which an engine failed,
 * and how, for the message that stops the match. */
struct failures {
    int games, quits, lates;
    char last_quit[128];             /* how it ended the last time it quit */
    char detail[FAILURES_MAX * 264]; /* "game 4: it quit, exit status 3; ..." */
};

struct match {
    struct tool t;
    int games, max_plies, random_plies;
    const char *openings_path, *output, *hub_level, *spec[2];
    double timeout;
    uint64_t seed;
    enum pdn_variant variant;
    struct player *player[2];
    struct openings openings;
    FILE *out;
    double points; /* of the first engine */
    int wins, draws, losses;
    double squares;            /* sum of the squared game points, for the margin */
    struct failures failed[2]; /* each engine's */
};

static void parse_seed(struct tool *t, void *state, const char *arg)
{
    ((struct match *)state)->seed = (uint64_t)tool_parse_long(t, "--seed", arg, 0, 1L << 30);
}

/* Seconds with a fraction, as --hub-level's move-time takes them: a Hub
 * engine on move-time=0.05 answers well within 0.5 s. */
static void parse_timeout(struct tool *t, void *state, const char *arg)
{
    char *end;
    double s = strtod(arg, &end);
    if (end == arg || *end || !(s >= 0.1 && s <= 86400))
        tool_usage_error(t, "--timeout wants seconds from 0.1 to 86400, not '%s'", arg);
    ((struct match *)state)->timeout = s;
}

static void parse_options(struct match *m, int argc, char **argv)
{
    static const struct tool_option own[] = {
        TOOL_INT('n', "rounds", struct match, games, 1, 100000),
        TOOL_TEXT(0, "openings", struct match, openings_path),
        TOOL_INT(0, "random-openings", struct match, random_plies, 0, 40),
        TOOL_INT(0, "max-plies", struct match, max_plies, 1, PLIES_MAX),
        TOOL_TEXT(0, "hub-level", struct match, hub_level),
        TOOL_CALL(0, "timeout", required_argument, parse_timeout),
        TOOL_CALL(0, "seed", required_argument, parse_seed),
        TOOL_TEXT('o', "output", struct match, output),
        TOOL_FLAG('q', "quiet", struct match, t.quiet),
        TOOL_VARIANT(0, "variant", struct match, variant),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&tool_help_part, NULL};
    tool_parse_options(&m->t, m, own, parts, argc, argv);
    if (argc - optind != 2) tool_usage_error(&m->t, "two engines wanted, ENGINE1 ENGINE2");
    m->spec[0] = argv[optind];
    m->spec[1] = argv[optind + 1];
}

/* Plays one game; the result, and why it ended when not on the board. */
static enum game_result play(struct match *m, int round, struct played_game *g,
                             struct player *white, struct player *black, char *why, size_t cap)
{
    why[0] = '\0';
    for (;;) {
        int side = g->board.side;
        if (pdn_movegen_count(&g->board, 0) == 0)
            return side == PDN_COLOR_WHITE ? RESULT_BLACK : RESULT_WHITE;
        if (g->nplies >= m->max_plies) {
            snprintf(why, cap, "a draw after %d %s (--max-plies)", g->nplies,
                     g->nplies == 1 ? "ply" : "plies");
            return RESULT_DRAW;
        }
        if (g->nplies >= 20 && g->nplies % 10 == 0 && game_draw_ply(g, NULL)) return RESULT_DRAW;
        char err[256];
        struct pdn_move move;
        if (!player_move(side == PDN_COLOR_WHITE ? white : black, &move, g, err, sizeof err)) {
            snprintf(why, cap, "%s forfeits: %s", side == PDN_COLOR_WHITE ? "White" : "Black", err);
            fprintf(stderr, "pdnmatch: game %d: %s\n", round, why);
            return side == PDN_COLOR_WHITE ? RESULT_BLACK : RESULT_WHITE;
        }
        g->before[g->nplies] = g->board;
        g->moves[g->nplies++] = move;
        pdn_board_play(&g->board, &move);
    }
}

static void count(struct match *m, enum game_result r, bool first_white)
{
    double p = r == RESULT_DRAW ? 0.5 : (r == RESULT_WHITE) == first_white ? 1 : 0;
    m->points += p;
    m->squares += p * p;
    if (p == 1) m->wins++;
    if (p == 0.5) m->draws++;
    if (p == 0) m->losses++;
}

/* Adds game `game` (0: before the first) to engine k's failures: it quit
 * in it (how: why), let the timeout pass, or both. */
static void add_failure(struct match *m, int k, int game, bool quit, bool late, const char *why)
{
    struct failures *f = &m->failed[k];
    char where[32], what[224];
    if (game > 0)
        snprintf(where, sizeof where, "game %d", game);
    else
        snprintf(where, sizeof where, "before game 1");
    if (quit && late)
        snprintf(what, sizeof what, "did not answer within %g s, then quit, %s", m->timeout, why);
    else if (late)
        snprintf(what, sizeof what, "did not answer within %g s", m->timeout);
    else
        snprintf(what, sizeof what, "quit, %s", why);
    size_t n = strlen(f->detail);
    snprintf(f->detail + n, sizeof f->detail - n, "%s%s: it %s", n ? "; " : "", where, what);
    f->games++;
    f->quits += quit;
    f->lates += late;
    if (quit) snprintf(f->last_quit, sizeof f->last_quit, "%s", why);
}

/* The line that stops the match after FAILURES_MAX failed games of engine
 * k: an engine that failed the same way in each keeps the short line; a
 * mix says what happened in each game. */
static void print_stop(const struct match *m, int k)
{
    const struct failures *f = &m->failed[k];
    const char *stop = "; the match stops";
    if (f->quits == f->games && f->lates == 0)
        fprintf(stderr, "pdnmatch: %s: the engine quit in %d games in a row (the last: %s)%s\n",
                m->spec[k], f->games, f->last_quit, stop);
    else if (f->lates == f->games && f->quits == 0)
        fprintf(stderr,
                "pdnmatch: %s: the engine did not answer within %g s in %d games in a row%s\n",
                m->spec[k], m->timeout, f->games, stop);
    else
        fprintf(stderr, "pdnmatch: %s: the engine failed in %d games in a row (%s)%s\n", m->spec[k],
                f->games, f->detail, stop);
}

/* Engine k ready for game `round`: one that failed in the game before
 * (quit in it, whether it lost it or quit after its last move, or let the
 * timeout pass) adds to its failures in a row, which stop the match at
 * FAILURES_MAX; a game without either clears them. One that quit is
 * started again. False, and a message, when the match must stop there. */
static bool ready_for_game(struct match *m, int k, int round)
{
    char why[128], err[256];
    bool late = player_late(m->player[k]), quit = player_quit(m->player[k], why, sizeof why);
    if (!late && !quit) {
        m->failed[k] = (struct failures){0};
    } else {
        add_failure(m, k, round - 1, quit, late, why);
        if (m->failed[k].games >= FAILURES_MAX) {
            print_stop(m, k);
            return false;
        }
    }
    if (quit)
        fprintf(stderr, "pdnmatch: %s: the engine quit (%s): started again for game %d\n",
                m->spec[k], why, round);
    if (player_new_game(m->player[k], err, sizeof err)) return true;
    fprintf(stderr,
            "pdnmatch: %s: cannot start the engine again for game %d: %s; the match stops\n",
            m->spec[k], round, err);
    return false;
}

static int play_match(struct match *m, struct played_game *g, const char *date)
{
    for (int i = 0; i < m->games; i++) {
        bool first_white = i % 2 == 0;
        struct player *white = m->player[!first_white], *black = m->player[first_white];
        memset(g, 0, sizeof *g);
        g->start = g->board = m->openings.boards[(size_t)(i / 2) % m->openings.count];
        g->seed = m->seed * 1000003u + (uint64_t)i;
        if (!ready_for_game(m, 0, i + 1) || !ready_for_game(m, 1, i + 1)) return TOOL_EXIT_SYSTEM;
        char why[512];
        struct game_record r = {.prog = "pdnmatch",
                                .white = m->spec[!first_white],
                                .black = m->spec[first_white],
                                .event = "pdnmatch",
                                .date = date,
                                .round = i + 1};
        r.result = play(m, i + 1, g, white, black, why, sizeof why);
        r.comment = why[0] ? why : NULL;
        int errors = game_write(m->out, g, &r);
        if (errors != 0) return TOOL_EXIT_SYSTEM; /* an engine move the validator refuses */
        count(m, r.result, first_white);
        /* the side that opens first, as its result's first number is its
         * score: Black in English checkers */
        bool black_first = pdn_rules_get(g->start.variant)->black_moves_first;
        if (!m->t.quiet)
            printf("game %d: %s - %s %s (%d %s)%s%s\n", i + 1, black_first ? r.black : r.white,
                   black_first ? r.white : r.black, played_result_text(r.result, g->start.variant),
                   g->nplies, g->nplies == 1 ? "ply" : "plies", r.comment ? ": " : "",
                   r.comment ? r.comment : "");
        fflush(stdout);
    }
    return 0;
}

/* Elo from a score fraction, clamped away from 0 and 1. */
static double elo(double p)
{
    if (p < 0.001) p = 0.001;
    if (p > 0.999) p = 0.999;
    return -400 * log10(1 / p - 1);
}

static void print_score(const struct match *m)
{
    int n = m->wins + m->draws + m->losses;
    if (n == 0) { /* stopped before its first game ended */
        printf("%s vs %s: 0 games\n", m->spec[0], m->spec[1]);
        return;
    }
    double p = m->points / n, var = m->squares / n - p * p;
    double se = sqrt(var > 0 ? var : 0) / sqrt(n);
    printf("%s vs %s: %d %s, +%d =%d -%d, %.1f/%d (%.1f%%), ", m->spec[0], m->spec[1], n,
           n == 1 ? "game" : "games", m->wins, m->draws, m->losses, m->points, n, 100 * p);
    if (m->wins == n || m->losses == n)
        printf("Elo %s (every game %s: no finite estimate)\n", m->wins == n ? "+inf" : "-inf",
               m->wins == n ? "won" : "lost");
    else
        printf("Elo %+.0f +/- %.0f (95%%)\n", elo(p) + 0.0, /* + 0.0: not "-0" */
               (elo(p + 1.96 * se) - elo(p - 1.96 * se)) / 2);
}

static void today(char out[16])
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(out, 16, "%Y.%m.%d", &tm);
}

int main(int argc, char **argv)
{
    static struct match m;
    static struct played_game game;
    tool_init(&m.t, "pdnmatch", usage);
    m.games = 2;
    m.max_plies = 300;
    m.random_plies = 4;
    m.hub_level = "move-time=0.1";
    m.timeout = 30;
    m.seed = 1;
    parse_options(&m, argc, argv);
    signal(SIGPIPE, SIG_IGN);
    char err[512], date[16];
    bool ok = m.openings_path
                  ? openings_load(&m.openings, m.openings_path, m.variant, err, sizeof err)
                  : openings_random(&m.openings, m.variant, (size_t)(m.games + 1) / 2,
                                    m.random_plies, m.seed);
    if (!ok) tool_usage_error(&m.t, "--openings: %s", err);
    for (int i = 0; i < 2; i++) {
        m.player[i] = player_open(m.spec[i], m.variant, m.hub_level, m.timeout, err, sizeof err);
        if (!m.player[i] && strncmp(m.spec[i], "hub:", 4) != 0)
            tool_usage_error(&m.t, "%s: %s", m.spec[i], err);
        if (!m.player[i]) {
            fprintf(stderr, "pdnmatch: %s: %s\n", m.spec[i], err);
            return TOOL_EXIT_SYSTEM;
        }
    }
    if (m.output && !(m.out = fopen(m.output, "w"))) {
        tool_system_error(&m.t, m.output, strerror(errno));
        return TOOL_EXIT_SYSTEM;
    }
    today(date);
    int status = play_match(&m, &game, date);
    print_score(&m);
    if (m.out && fclose(m.out) != 0) status = TOOL_EXIT_SYSTEM;
    player_close(m.player[0]);
    player_close(m.player[1]);
    openings_free(&m.openings);
    return status;
}
