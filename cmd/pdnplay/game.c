/*
 * The game pdnplay plays, whatever shows it (the full screen or the line
 * mode): the moves and the positions before them, take-back, the engine's
 * move and hint, the end by the rules (no move left, a draw rule reached
 * as the validator rules it), and the game saved as PDN through
 * ../played.c after libpdn's validator has replayed it.
 */
#include "pdnplay.h"

#include <errno.h>
#include <string.h>
#include <time.h>

void play_new_game(struct play *p)
{
    memset(&p->g, 0, sizeof p->g);
    p->g.start = p->g.board = p->start;
    p->g.first_number = p->first_number;
    pdn_engine_clear(p->engine);
}

bool play_record(struct play *p, const struct pdn_move *m)
{
    if (p->g.nplies == PLIES_MAX) return false;
    p->g.before[p->g.nplies] = p->g.board;
    p->g.moves[p->g.nplies++] = *m;
    pdn_board_play(&p->g.board, m);
    return true;
}

bool play_take_back(struct play *p)
{
    /* Back to before the person's last move; the computer's moves after
     * it go with it. None yet (the computer opened, with --black) is
     * nothing to take back: the opening move taken back was played again. */
    int n = p->g.nplies;
    while (!p->two && !p->peer && n > 0 && p->g.before[n - 1].side != p->human)
        n--;
    if (n == 0) return false;
    p->g.nplies = n - 1;
    p->g.board = p->g.before[n - 1];
    return true;
}

bool play_computer_to_move(const struct play *p)
{
    return !p->two && p->g.board.side != p->human;
}

const char *play_side_name(enum pdn_color c)
{
    return c == PDN_COLOR_WHITE ? "White" : "Black";
}

void play_ply_number(char out[16], const struct play *p, int i)
{
    bool second;
    unsigned number = played_ply_number(&p->g, i, &second);
    snprintf(out, 16, "%u%s", number, second ? "..." : ".");
}

void play_move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_board *b,
                    const struct pdn_move *m)
{
    struct pdn_movelist legal;
    pdn_movegen(&legal, b, 0);
    pdn_move_text(out, m, &legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, (enum pdn_variant)b->variant);
}

bool play_over(const struct play *p, char *why, size_t cap)
{
    enum pdn_color side = (enum pdn_color)p->g.board.side;
    if (pdn_movegen_count(&p->g.board, 0) == 0) {
        snprintf(why, cap, "%s has no move: %s wins", play_side_name(side), play_side_name(!side));
        return true;
    }
    if (p->g.nplies == PLIES_MAX) {
        snprintf(why, cap, "%d plies: the game stops here", PLIES_MAX);
        return true;
    }
    enum pdn_draw_rule rule;
    unsigned ply = game_draw_ply(&p->g, &rule);
    if (ply) {
        snprintf(why, cap, "a draw by %s (at ply %u)", pdn_draw_rule_name(rule), ply);
        return true;
    }
    return false;
}

static void search(struct pdn_engine_result *out, struct play *p, struct pdn_engine_limits *limits,
                   const struct play_watch *w)
{
    if (w) {
        limits->should_stop = w->should_stop;
        limits->on_depth = w->on_depth;
        limits->ctx = w->ctx;
    }
    pdn_engine_search(out, p->engine, &p->g.board, p->g.before, (size_t)p->g.nplies, limits);
}

void play_think(struct pdn_engine_result *out, struct play *p, const struct play_watch *w)
{
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, p->level);
    limits.seed = (uint64_t)time(NULL);
    search(out, p, &limits, w);
}

void play_hint(struct pdn_engine_result *out, struct play *p, const struct play_watch *w)
{
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, PDN_ENGINE_LEVELS - 1);
    search(out, p, &limits, w);
}

void play_hint_text(char *out, size_t cap, const struct play *p, const struct pdn_engine_result *r)
{
    struct pdn_board b = p->g.board;
    char t[PDN_MOVE_TEXT_MAX];
    play_move_text(t, &b, &r->move);
    /* "score +1.00" in men; a win found is said as one, not as 99.99 men */
    char score[PDN_SCORE_TEXT_MAX];
    pdn_engine_score_text(score, r->score);
    bool men = score[0] == '+' || score[0] == '-';
    size_t len = (size_t)snprintf(out, cap, "%s (%s%s)", t, men ? "score " : "", score);
    /* The line after the move: the line begins with it, and written
     * whole it read as the move twice ("27-22 ..., expecting 27-22"). */
    pdn_board_play(&b, &r->move);
    for (int i = 1; i < r->npv && len < cap; i++) {
        play_move_text(t, &b, &r->pv[i]);
        pdn_board_play(&b, &r->pv[i]);
        len += (size_t)snprintf(out + len, cap - len, "%s %s", i == 1 ? ", expecting" : "", t);
    }
}

/* The players' names: you, the computer at its level, the friend. */
static void players(const struct play *p, char *computer, size_t cap, const char **white,
                    const char **black)
{
    snprintf(computer, cap, "pdnplay level %d", p->level);
    if (p->peer) snprintf(computer, cap, "%s", p->peer[0] ? p->peer : "?");
    const char *you = p->two ? NULL : "You";
    *white = p->two ? "White" : p->human == PDN_COLOR_WHITE ? you : computer;
    *black = p->two ? "Black" : p->human == PDN_COLOR_BLACK ? you : computer;
}

int play_write(struct play *p, FILE *out)
{
    static struct played_game copy; /* game_write may cut it at a draw */
    char computer[64], date[16];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    struct game_record r = {.prog = "pdnplay",
                            .event = "pdnplay",
                            .date = date,
                            .round = 1,
                            .result = RESULT_UNFINISHED};
    players(p, computer, sizeof computer, &r.white, &r.black);
    if (pdn_movegen_count(&p->g.board, 0) == 0)
        r.result = p->g.board.side == PDN_COLOR_WHITE ? RESULT_BLACK : RESULT_WHITE;
    copy = p->g;
    int bad = game_write(out, &copy, &r);
    if (bad != 0) errno = EINVAL;
    return bad != 0 ? -1 : 0;
}

int play_save(struct play *p, const char *path)
{
    FILE *out = fopen(path, "w");
    if (out == NULL) return -1;
    int bad = play_write(p, out);
    int closed = fclose(out);
    if (bad != 0) errno = EINVAL; /* fclose may have set it */
    return bad != 0 || closed != 0 ? -1 : 0;
}
