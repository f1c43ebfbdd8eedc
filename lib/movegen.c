/*
 * Legal move generation under a rules table.
 *
 * Captures are found by a depth-first search from each piece over the
 * position as it stands before the move: captured pieces stay on the board
 * (they block and cannot be jumped twice), the mover's own start square is
 * empty. With the maximum-capture rule only the longest sequences are kept;
 * sequences with the same from, to and captured set are one move (FMJD),
 * unless PDN_MOVEGEN_KEEP_DUPLICATES asks for every order. Italian rules
 * rank the longest sequences further (capture_precedence) and keep men off
 * kings (men_spare_kings).
 * Nothing here allocates; nothing here knows about text.
 */
#include "geometry.h"

#include <string.h>

struct search {
    const struct geometry *g;
    const struct pdn_rules *rules;
    struct pdn_movelist *out;
    uint64_t opponent; /* pieces that may be captured (captured ones stay) */
    uint64_t empty;    /* squares a capturing piece may land on or cross */
    uint64_t kings;    /* kings on the board before the move */
    int side;
    int from;      /* bit of the moving piece */
    int first;     /* index in out of the first move of this piece */
    int best;      /* most pieces taken by a recorded sequence */
    uint64_t rank; /* capture precedence of the recorded sequences */
    bool king;     /* the moving piece started as a king */
    bool dedupe;
    uint8_t path[PDN_PATH_MAX];
};

static const int opposite[DIR_COUNT] = {DIR_DR, DIR_DL, DIR_UR, DIR_UL};

static bool is_duplicate(const struct search *s, int to, uint64_t captured)
{
    const struct pdn_move *m = s->out->moves;
    uint8_t to_square = s->g->square_of[to];
    for (int i = s->first; i < s->out->count; i++)
        if (m[i].to == to_square && m[i].captured == captured) return true;
    return false;
}

/*
 * The next free slot, with its unused path bytes zeroed; NULL when the list
 * is full. Moves are built in place: copying a move built on the stack cost
 * a third of the time of generation.
 */
static struct pdn_move *append(struct pdn_movelist *out)
{
    if (out->count >= PDN_MOVES_MAX) {
        out->overflow = true;
        return NULL;
    }
    struct pdn_move *m = &out->moves[out->count++];
    memset(m->path, 0, sizeof m->path);
    return m;
}

/*
 * Italian precedence among captures of the same length: by a king, then the
 * most kings taken, then kings met first (the bits of the captured kings by
 * their place in the sequence, the first one highest). Short-range pieces:
 * each captured piece lies halfway between two landings.
 */
static uint64_t precedence(const struct search *s, int n)
{
    uint64_t order = 0;
    int kings = 0;
    for (int i = 0, at = s->from; i < n; at = s->path[i++])
        if (s->kings & bit((at + s->path[i]) / 2)) {
            order |= (uint64_t)1 << (31 - i);
            kings++;
        }
    return (uint64_t)s->king << 40 | (uint64_t)kings << 32 | order;
}

/* Whether a sequence as long as the longest so far (or longer) ranks with
 * the best; drops the ones it outranks. */
static bool precedence_keeps(struct search *s, int n)
{
    uint64_t rank = precedence(s, n);
    if (n == s->best && rank < s->rank) return false;
    if (n == s->best && rank > s->rank) {
        s->out->count = s->first = 0;
        s->out->overflow = false;
    }
    s->rank = rank;
    return true;
}

static void record_capture(struct search *s, int to, uint64_t captured, int n, bool crowned)
{
    if (s->rules->maximum_capture) {
        if (n < s->best) return;
        if (s->rules->capture_precedence && !precedence_keeps(s, n)) return;
        if (n > s->best) {
            s->best = n;
            s->out->count = s->first = 0;
            s->out->overflow = false;
        }
    }
    if (s->dedupe && n > 1 && is_duplicate(s, to, captured)) return;
    struct pdn_move *m = append(s->out);
    if (!m) return;
    m->captured = captured;
    m->ncaptured = m->npath = (uint8_t)n;
    m->from = s->g->square_of[s->from];
    m->to = s->g->square_of[to];
    for (int i = 0; i < n; i++)
        m->path[i] = s->g->square_of[s->path[i]];
    m->promotes = !s->king && (crowned || (s->g->promotion[s->side] & bit(to)));
}

static void capture_from(struct search *s, int at, uint64_t captured, int n, bool king, int came);

/* One jump of a short-range piece (a man, or a king without flying moves). */
static bool jump_short(struct search *s, int at, uint64_t captured, int n, int d, bool king)
{
    const struct geometry *g = s->g;
    int over = g->next[at][d];
    uint64_t prey = s->opponent & ~captured;
    if (!king && s->rules->men_spare_kings) prey &= ~s->kings;
    if (over == GEO_NONE || !(prey & bit(over))) return false;
    int land = g->next[over][d];
    if (land == GEO_NONE || !(s->empty & bit(land))) return false;
    s->path[n] = (uint8_t)land;
    bool crowned = !s->king && s->rules->promote_in_passing && (g->promotion[s->side] & bit(land));
    capture_from(s, land, captured | bit(over), n + 1, s->king || crowned, d);
    return true;
}

/* Whether a flying king on 'at' could capture again (not back along 'came'). */
static bool king_can_continue(const struct search *s, int at, uint64_t captured, int came)
{
    const struct geometry *g = s->g;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (d == opposite[came]) continue;
        int over = g->next[at][d];
        while (over != GEO_NONE && (s->empty & bit(over)))
            over = g->next[over][d];
        if (over == GEO_NONE || !(s->opponent & ~captured & bit(over))) continue;
        int land = g->next[over][d];
        if (land != GEO_NONE && (s->empty & bit(land))) return true;
    }
    return false;
}

/*
 * The jumps of a flying king along one direction: every landing square.
 * Without the maximum-capture rule (Russian) a king that can go on must:
 * when some landing square allows another capture, only those count.
 */
static bool jump_flying(struct search *s, int at, uint64_t captured, int n, int d)
{
    const struct geometry *g = s->g;
    int over = g->next[at][d];
    while (over != GEO_NONE && (s->empty & bit(over)))
        over = g->next[over][d];
    if (over == GEO_NONE || !(s->opponent & ~captured & bit(over))) return false;
    captured |= bit(over);
    bool must_continue = false;
    if (!s->rules->maximum_capture)
        for (int land = g->next[over][d]; land != GEO_NONE && (s->empty & bit(land));
             land = g->next[land][d])
            must_continue |= king_can_continue(s, land, captured, d);
    bool any = false;
    for (int land = g->next[over][d]; land != GEO_NONE && (s->empty & bit(land));
         land = g->next[land][d]) {
        if (must_continue && !king_can_continue(s, land, captured, d)) continue;
        s->path[n] = (uint8_t)land;
        capture_from(s, land, captured, n + 1, true, d);
        any = true;
    }
    return any;
}

/*
 * The common case made fast: a man that captures both ways and is never
 * crowned mid-capture (international, Brazilian). Bit arithmetic instead of
 * the neighbour table: a step off the board lands on a ghost bit, which is
 * neither prey nor empty.
 */
static void capture_man(struct search *s, int at, uint64_t captured, int n, int came)
{
    bool more = false;
    uint64_t prey = s->opponent & ~captured;
    for (int d = 0; d < DIR_COUNT && n < PDN_PATH_MAX; d++) {
        int over = at + s->g->step[d], land = over + s->g->step[d];
        if ((came >= 0 && d == opposite[came]) || (unsigned)land >= GEO_BITS) continue;
        if (!(prey & bit(over)) || !(s->empty & bit(land))) continue;
        s->path[n] = (uint8_t)land;
        capture_man(s, land, captured | bit(over), n + 1, d);
        more = true;
    }
    if (!more && n > 0) record_capture(s, at, captured, n, false);
}

static void capture_from(struct search *s, int at, uint64_t captured, int n, bool king, int came)
{
    if (!king && s->rules->men_capture_backward && !s->rules->promote_in_passing) {
        capture_man(s, at, captured, n, came);
        return;
    }
    bool more = false;
    bool backward = king || s->rules->men_capture_backward;
    if (n < PDN_PATH_MAX) {
        for (int d = 0; d < DIR_COUNT; d++) {
            if (came >= 0 && d == opposite[came]) continue; /* the last captured piece blocks */
            bool forward = s->side == PDN_COLOR_WHITE ? d <= DIR_UR : d >= DIR_DL;
            if (!forward && !backward) continue;
            if (king && s->rules->flying_kings)
                more |= jump_flying(s, at, captured, n, d);
            else
                more |= jump_short(s, at, captured, n, d, king);
        }
    }
    if (!more && n > 0) record_capture(s, at, captured, n, king && !s->king);
}

static void search_init(struct search *s, struct pdn_movelist *out, const struct pdn_board *b,
                        bool dedupe)
{
    s->g = geometry_get(b->variant);
    s->rules = s->g->rules;
    s->out = out;
    s->side = b->side;
    s->opponent = b->pieces[!b->side];
    s->empty = s->g->valid & ~(b->pieces[0] | b->pieces[1]);
    s->kings = b->kings;
    s->best = 1;
    s->rank = 0;
    s->dedupe = dedupe;
    out->count = 0;
    out->overflow = false;
}

static uint64_t capturing_men(const struct geometry *g, const struct pdn_rules *r,
                              const struct pdn_board *b, uint64_t empty);

static void capture_with(struct search *s, const struct pdn_board *b, uint64_t starters);

/* Only men with a first jump can start a capture; every king is searched.
 * Czech rules: a king's capture, when there is one, comes first. */
static void gen_captures(struct search *s, const struct pdn_board *b)
{
    uint64_t empty = s->g->valid & ~(b->pieces[0] | b->pieces[1]);
    uint64_t kings = b->pieces[b->side] & b->kings;
    if (s->rules->king_capture_first && kings) {
        capture_with(s, b, kings);
        if (s->out->count > 0) return;
        capture_with(s, b, capturing_men(s->g, s->rules, b, empty));
        return;
    }
    capture_with(s, b, capturing_men(s->g, s->rules, b, empty) | kings);
}

static void capture_with(struct search *s, const struct pdn_board *b, uint64_t starters)
{
    for (uint64_t own = starters; own; own &= own - 1) {
        int from = __builtin_ctzll(own);
        s->from = from;
        s->first = s->out->count;
        s->king = (b->kings & bit(from)) != 0;
        s->empty |= bit(from);
        capture_from(s, from, 0, 0, s->king, -1);
        s->empty &= ~bit(from);
    }
}

static void add_quiet(struct pdn_movelist *out, const struct geometry *g, int from, int to,
                      bool promotes)
{
    struct pdn_move *m = append(out);
    if (!m) return;
    m->captured = 0;
    m->from = g->square_of[from];
    m->to = m->path[0] = g->square_of[to];
    m->ncaptured = 0;
    m->npath = 1;
    m->promotes = promotes;
}

static void gen_quiet_men(struct pdn_movelist *out, const struct geometry *g,
                          const struct pdn_board *b, uint64_t empty)
{
    uint64_t men = b->pieces[b->side] & ~b->kings;
    int first_dir = b->side == PDN_COLOR_WHITE ? DIR_UL : DIR_DL;
    for (int d = first_dir; d <= first_dir + 1; d++)
        for (uint64_t to = geo_shift(g, men, d) & empty; to; to &= to - 1) {
            int t = __builtin_ctzll(to);
            add_quiet(out, g, t - g->step[d], t, (g->promotion[b->side] & bit(t)) != 0);
        }
}

static void gen_quiet(struct pdn_movelist *out, const struct pdn_board *b)
{
    const struct geometry *g = geometry_get(b->variant);
    bool flying = g->rules->flying_kings;
    uint64_t empty = g->valid & ~(b->pieces[0] | b->pieces[1]);
    gen_quiet_men(out, g, b, empty);
    for (uint64_t k = b->pieces[b->side] & b->kings; k; k &= k - 1) {
        int from = __builtin_ctzll(k);
        for (int d = 0; d < DIR_COUNT; d++)
            for (int to = g->next[from][d]; to != GEO_NONE && (empty & bit(to));
                 to = g->next[to][d]) {
                add_quiet(out, g, from, to, false);
                if (!flying) break;
            }
    }
}

static bool can_capture(const struct geometry *g, const struct pdn_rules *r,
                        const struct pdn_board *b, uint64_t empty);

int pdn_movegen(struct pdn_movelist *out, const struct pdn_board *board, unsigned flags)
{
    struct search s;
    search_init(&s, out, board, !(flags & PDN_MOVEGEN_KEEP_DUPLICATES));
    if (can_capture(s.g, s.rules, board, s.empty))
        gen_captures(&s, board);
    else
        gen_quiet(out, board);
    return out->count;
}

/*
 * The men of the side to move that can capture (bitwise, all men at once):
 * a man whose neighbour in a direction is prey with an empty square behind.
 * a and b are the bit distances of the two diagonals.
 */
static uint64_t capturing_men(const struct geometry *g, const struct pdn_rules *r,
                              const struct pdn_board *b, uint64_t empty)
{
    uint64_t men = b->pieces[b->side] & ~b->kings, opp = b->pieces[!b->side];
    int a = g->step[DIR_DR], c = g->step[DIR_DL];
    if (!r->men_capture_backward) {
        if (r->men_spare_kings) opp &= ~b->kings;
        if (b->side == PDN_COLOR_WHITE)
            return men & (((opp & (empty << a)) << a) | ((opp & (empty << c)) << c));
        return men & (((opp & (empty >> a)) >> a) | ((opp & (empty >> c)) >> c));
    }
    uint64_t up = ((opp & (empty << a)) << a) | ((opp & (empty << c)) << c);
    uint64_t down = ((opp & (empty >> a)) >> a) | ((opp & (empty >> c)) >> c);
    return men & (up | down);
}

static bool kings_can_capture(const struct geometry *g, const struct pdn_rules *r,
                              const struct pdn_board *b, uint64_t empty)
{
    uint64_t opp = b->pieces[!b->side];
    for (uint64_t k = b->pieces[b->side] & b->kings; k; k &= k - 1) {
        int from = __builtin_ctzll(k);
        for (int d = 0; d < DIR_COUNT; d++) {
            int at = g->next[from][d];
            while (r->flying_kings && at != GEO_NONE && (empty & bit(at)))
                at = g->next[at][d];
            if (at == GEO_NONE || !(opp & bit(at))) continue;
            int land = g->next[at][d];
            if (land != GEO_NONE && (empty & bit(land))) return true;
        }
    }
    return false;
}

static int count_quiet(const struct geometry *g, const struct pdn_rules *r,
                       const struct pdn_board *b, uint64_t empty)
{
    uint64_t men = b->pieces[b->side] & ~b->kings;
    int first_dir = b->side == PDN_COLOR_WHITE ? DIR_UL : DIR_DL, n = 0;
    n += __builtin_popcountll(geo_shift(g, men, first_dir) & empty);
    n += __builtin_popcountll(geo_shift(g, men, first_dir + 1) & empty);
    for (uint64_t k = b->pieces[b->side] & b->kings; k; k &= k - 1) {
        int from = __builtin_ctzll(k);
        for (int d = 0; d < DIR_COUNT; d++)
            for (int at = g->next[from][d]; at != GEO_NONE && (empty & bit(at));
                 at = g->next[at][d]) {
                n++;
                if (!r->flying_kings) break;
            }
    }
    return n;
}

static bool can_capture(const struct geometry *g, const struct pdn_rules *r,
                        const struct pdn_board *b, uint64_t empty)
{
    return capturing_men(g, r, b, empty) || kings_can_capture(g, r, b, empty);
}

static int count_moves(const struct pdn_board *board, unsigned flags)
{
    const struct geometry *g = geometry_get(board->variant);
    const struct pdn_rules *r = g->rules;
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    if (can_capture(g, r, board, empty)) {
        struct pdn_movelist list;
        struct search s;
        search_init(&s, &list, board, !(flags & PDN_MOVEGEN_KEEP_DUPLICATES));
        gen_captures(&s, board);
        return list.count;
    }
    return count_quiet(g, r, board, empty);
}

bool pdn_movegen_has_capture(const struct pdn_board *board)
{
    const struct geometry *g = geometry_get(board->variant);
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    return can_capture(g, g->rules, board, empty);
}

/* The direction from one bit to another on a diagonal and the distance,
 * or -1 when they share no diagonal. */
static int direction_to(const struct geometry *g, int from, int to, int *steps)
{
    int dr = g->row[to] - g->row[from], dc = g->col[to] - g->col[from];
    if (dr == 0 || (dr != dc && dr != -dc)) return -1;
    *steps = dr > 0 ? dr : -dr;
    return dr < 0 ? (dc < 0 ? DIR_UL : DIR_UR) : (dc < 0 ? DIR_DL : DIR_DR);
}

bool pdn_movegen_quiet(struct pdn_move *out, const struct pdn_board *board, int from, int to)
{
    const struct geometry *g = geometry_get(board->variant);
    const struct pdn_rules *r = g->rules;
    if (from < 1 || from > g->squares || to < 1 || to > g->squares) return false;
    int fb = g->bit_of[from], tb = g->bit_of[to], steps, d = direction_to(g, fb, tb, &steps);
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    bool king = (board->kings & bit(fb)) != 0;
    if (d < 0 || !(board->pieces[board->side] & bit(fb))) return false;
    if (king ? (steps > 1 && !r->flying_kings) : steps != 1) return false;
    if (!king && (board->side == PDN_COLOR_WHITE ? d > DIR_UR : d < DIR_DL)) return false;
    for (int at = g->next[fb][d];; at = g->next[at][d]) {
        if (!(empty & bit(at))) return false;
        if (at == tb) break;
    }
    if (can_capture(g, r, board, empty)) return false;
    *out = (struct pdn_move){.from = (uint8_t)from, .to = (uint8_t)to, .npath = 1};
    out->path[0] = (uint8_t)to;
    out->promotes = !king && (g->promotion[board->side] & bit(tb)) != 0;
    return true;
}

int pdn_movegen_count(const struct pdn_board *board, unsigned flags)
{
    return count_moves(board, flags);
}
