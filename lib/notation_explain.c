/*
 * Why a well-formed move text fits no legal move. The reasons are tried in
 * the precedence order of pdn.h: a square out of range, an empty from
 * square, the opponent's piece, a quiet move while a capture is compulsory,
 * a capture shorter than the maximum, a man moving backwards, an occupied
 * destination, no such capture, and otherwise "cannot go there".
 *
 * Reads the board through its geometry; the one search here finds captures
 * without the maximum rule (to say how many pieces a short capture took).
 * Decides nothing about legality itself: the legal list is the authority.
 */
#include "geometry.h"
#include "notation.h"

struct why {
    enum pdn_illegal_reason reason;
    int square, max_taken, taken; /* as in struct pdn_match */
};

static bool forward(int side, int dir)
{
    return side == PDN_COLOR_WHITE ? dir <= DIR_UR : dir >= DIR_DL;
}

/*
 * Capture search without the maximum rule, for the piece on the text's from
 * square: the most pieces a sequence takes that passes the text's landing
 * squares in order and stops on its to square. Stopping early counts, so a
 * capture cut short ("28x19" for 28x19x10) is reported as taking too few.
 */
struct reach {
    const struct geometry *g;
    const struct pdn_rules *rules;
    const struct notation_reading *r;
    uint64_t opponent, empty;
    int side;
    int best;
    uint8_t path[PDN_PATH_MAX];
};

static bool reach_fits(const struct reach *s, int n)
{
    const struct notation_reading *r = s->r;
    if (s->path[n - 1] != r->sq[r->n - 1]) return false;
    int j = 1;
    for (int i = 0; i + 1 < n && j < r->n - 1; i++)
        if (s->path[i] == r->sq[j]) j++;
    return j == r->n - 1;
}

static void reach_from(struct reach *s, int at, uint64_t captured, int n, bool king);

static void reach_land(struct reach *s, int land, uint64_t captured, int n, bool king)
{
    s->path[n++] = s->g->square_of[land];
    if (n > s->best && reach_fits(s, n)) s->best = n;
    bool crowned = s->rules->promote_in_passing && (s->g->promotion[s->side] & bit(land));
    reach_from(s, land, captured, n, king || crowned);
}

static void reach_from(struct reach *s, int at, uint64_t captured, int n, bool king)
{
    const struct geometry *g = s->g;
    bool flying = king && s->rules->flying_kings;
    if (n >= PDN_PATH_MAX) return;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (!king && !s->rules->men_capture_backward && !forward(s->side, d)) continue;
        int over = g->next[at][d];
        while (flying && over != GEO_NONE && (s->empty & bit(over)))
            over = g->next[over][d];
        if (over == GEO_NONE || !(s->opponent & ~captured & bit(over))) continue;
        /* Captured pieces stay on the board: they block and are not jumped twice. */
        for (int land = g->next[over][d]; land != GEO_NONE && (s->empty & bit(land));
             land = g->next[land][d]) {
            reach_land(s, land, captured | bit(over), n, king);
            if (!flying) break;
        }
    }
}

static int longest_fitting_capture(const struct pdn_board *b, const struct notation_reading *r)
{
    const struct geometry *g = geometry_get(b->variant);
    int from = g->bit_of[r->sq[0]];
    struct reach s = {.g = g, .rules = pdn_rules_get(b->variant), .r = r, .side = b->side};
    s.opponent = b->pieces[!b->side];
    s.empty = (g->valid & ~(b->pieces[0] | b->pieces[1])) | bit(from);
    reach_from(&s, from, 0, 0, (b->kings & bit(from)) != 0);
    return s.best;
}

/* The diagonal from one square to another, if any. */
struct line {
    int dir, dist;
    bool clear; /* every square strictly between is empty */
};

static bool find_line(struct line *out, const struct pdn_board *b, int from, int to)
{
    const struct geometry *g = geometry_get(b->variant);
    uint64_t occupied = b->pieces[0] | b->pieces[1];
    int target = g->bit_of[to];
    for (int d = 0; d < DIR_COUNT; d++) {
        out->dir = d;
        out->dist = 0;
        out->clear = true;
        for (int at = g->next[g->bit_of[from]][d]; at != GEO_NONE; at = g->next[at][d]) {
            out->dist++;
            if (at == target) return true;
            if (occupied & bit(at)) out->clear = false;
        }
    }
    return false;
}

static int max_taken(const struct pdn_movelist *legal)
{
    int max = 0;
    for (int i = 0; i < legal->count; i++)
        if (legal->moves[i].ncaptured > max) max = legal->moves[i].ncaptured;
    return max;
}

/* The reasons that look at the move itself, for an own piece on the from square. */
static struct why why_move(const struct notation_text *t, const struct notation_reading *r,
                           const struct pdn_board *b, const struct pdn_movelist *legal)
{
    const struct pdn_rules *rules = pdn_rules_get(b->variant);
    int from = r->sq[0], to = r->sq[r->n - 1];
    enum pdn_piece piece = pdn_board_get(b, from);
    bool king = piece == PDN_PIECE_WHITE_KING || piece == PDN_PIECE_BLACK_KING;
    struct line ln = {0};
    bool on_line = r->n == 2 && find_line(&ln, b, from, to);
    bool quiet_shape =
        on_line && ln.clear &&
        (king ? rules->flying_kings || ln.dist == 1 : ln.dist == 1 && forward(b->side, ln.dir));
    /* "32x28" for a step is a quiet move too; "28x10" is a claimed capture. */
    bool quiet_text = r->n == 2 && (!t->cross || quiet_shape);
    int max = max_taken(legal);
    if (max > 0) {
        int taken = longest_fitting_capture(b, r);
        if (rules->maximum_capture && taken > 0 && taken < max)
            return (struct why){
                .reason = PDN_ILLEGAL_NOT_MAXIMUM, .max_taken = max, .taken = taken};
        if (quiet_text)
            return (struct why){.reason = PDN_ILLEGAL_CAPTURE_COMPULSORY,
                                .square = legal->moves[0].from};
        return (struct why){.reason = PDN_ILLEGAL_NO_SUCH_CAPTURE};
    }
    if (on_line && !king && !forward(b->side, ln.dir))
        return (struct why){.reason = PDN_ILLEGAL_BACKWARD, .square = from};
    if (quiet_shape && pdn_board_get(b, to) != PDN_PIECE_EMPTY)
        return (struct why){.reason = PDN_ILLEGAL_OCCUPIED, .square = to};
    if (quiet_text) return (struct why){.reason = PDN_ILLEGAL_NOT_REACHABLE};
    return (struct why){.reason = PDN_ILLEGAL_NO_SUCH_CAPTURE};
}

static bool out_of_range(struct why *w, const int *sq, int n, int squares)
{
    for (int i = 0; i < n; i++)
        if (sq[i] < 1 || sq[i] > squares) {
            *w = (struct why){.reason = PDN_ILLEGAL_BAD_SQUARE, .square = sq[i]};
            return true;
        }
    return false;
}

static struct why why_reading(const struct notation_text *t, const struct notation_reading *r,
                              bool landing, const struct pdn_board *b,
                              const struct pdn_movelist *legal)
{
    struct why w;
    int squares = pdn_board_squares(b);
    if (out_of_range(&w, r->sq, r->n, squares) ||
        out_of_range(&w, t->captured, t->ncaptured, squares))
        return w;
    enum pdn_piece piece = pdn_board_get(b, r->sq[0]);
    if (piece == PDN_PIECE_EMPTY)
        return (struct why){.reason = PDN_ILLEGAL_EMPTY_SQUARE, .square = r->sq[0]};
    int color = piece <= PDN_PIECE_WHITE_KING ? PDN_COLOR_WHITE : PDN_COLOR_BLACK;
    if (color != b->side)
        return (struct why){.reason = PDN_ILLEGAL_OPPONENT_PIECE, .square = r->sq[0]};
    /* The squares named a legal capture but the <...> list named other pieces. */
    if (landing) return (struct why){.reason = PDN_ILLEGAL_NO_SUCH_CAPTURE};
    return why_move(t, r, b, legal);
}

/* How far a reading got through the checks: the later the reason, the likelier the reading. */
static int plausibility(enum pdn_illegal_reason reason)
{
    return reason == PDN_ILLEGAL_BAD_SQUARE ? -1 : (int)reason;
}

void notation_explain(struct pdn_match *out, const struct notation_text *t, const bool *landing,
                      const struct pdn_board *board, const struct pdn_movelist *legal)
{
    struct why best = why_reading(t, &t->readings[0], landing[0], board, legal);
    for (int k = 1; k < t->nreadings; k++) {
        struct why w = why_reading(t, &t->readings[k], landing[k], board, legal);
        if (plausibility(w.reason) > plausibility(best.reason)) best = w;
    }
    out->reason = best.reason;
    out->square = best.square;
    out->max_taken = best.max_taken;
    out->taken = best.taken;
}
