/*
 * Legal move generation under a rules table.
 *
 * Captures are found by a depth-first search from each piece over the
 * position as it stands before the move: captured pieces stay on the board
 * (they block and cannot be jumped twice), the mover's own start square is
 * empty. With the maximum-capture rule only the longest sequences are kept;
 * sequences with the same from, to and captured set are one move (FMJD),
 * unless PDN_MOVEGEN_KEEP_ORDERS asks for one per order of the pieces taken
 * (the counts of DCTL's tables) or PDN_MOVEGEN_KEEP_DUPLICATES for every
 * route (each landing of a king too: what a path written may name). Italian rules
 * rank the longest sequences further (capture_precedence) and keep men off
 * kings (men_spare_kings).
 * One search serves the list (pdn_movegen) and the count (pdn_movegen_count,
 * perft's last ply): without a list it only counts, remembering what it needs
 * to drop duplicates.
 * Nothing here allocates; nothing here knows about text.
 */
#include "geometry.h"
#include "movegen.h"

#include <string.h>

/* A capture already kept for the piece being searched, to drop another order
 * of it (same from, to and captured set), or with every order kept, the
 * same order by other landing squares (search.orders). */
struct kept {
    uint64_t captured;
    int to;
};

struct search {
    const struct geometry *g;
    const struct pdn_rules *rules;
    struct pdn_move *moves; /* where the moves go; NULL: count them only */
    int count;              /* moves kept */
    bool overflow;          /* more than PDN_MOVES_MAX */
    uint64_t opponent;      /* pieces that may be captured (captured ones stay) */
    uint64_t empty;         /* squares a capturing piece may land on or cross */
    uint64_t kings;         /* kings on the board before the move */
    int side;
    int from;        /* bit of the moving piece */
    int best;        /* most pieces taken by a kept sequence */
    uint64_t rank;   /* capture precedence of the kept sequences */
    bool king;       /* the moving piece started as a king */
    bool dedupe;     /* one move per captured set; else per order (orders), or per route */
    bool men_fast;   /* men capture as capture_man does */
    int near, far;   /* bit distances of the two diagonals (R and R + 1) */
    int dedupe_from; /* fewest pieces a duplicate of this piece's captures takes */
    int nkept;       /* entries of kept[] */
    uint8_t path[PDN_PATH_MAX];
    struct kept kept[PDN_MOVES_MAX];
    /* With every order kept: the pieces each kept capture took, in order
     * (taken_in_order); NULL else. Not in kept[]: a search that large made
     * the usual count 2% slower. */
    uint8_t (*orders)[PDN_PATH_MAX];
};

/* The bits of the n pieces taken by the capture on s->path, in the order
 * taken: on the line from each landing to the next, the one captured. For
 * PDN_MOVEGEN_KEEP_ORDERS only: the search does not note them as it goes,
 * which cost the usual count 2% of its time. */
static void taken_in_order(const struct search *s, uint64_t captured, int n, uint8_t *taken)
{
    const struct geometry *g = s->g;
    for (int i = 0, at = s->from; i < n; at = s->path[i++]) {
        taken[i] = 0;
        for (int d = 0; d < DIR_COUNT; d++) {
            int sq = g->next[at][d], hit = -1;
            for (; sq != GEO_NONE && sq != s->path[i]; sq = g->next[sq][d])
                if (captured & bit(sq)) hit = sq;
            if (sq == s->path[i] && hit >= 0) {
                taken[i] = (uint8_t)hit;
                break;
            }
        }
    }
}

/* is_duplicate with every order kept: whether the same order of the same
 * pieces is kept (another king's landing); if not, remembers it. Out of
 * line: the usual count never comes here. */
static __attribute__((noinline)) bool same_order_kept(struct search *s, int to, uint64_t captured,
                                                      int n)
{
    uint8_t taken[PDN_PATH_MAX];
    taken_in_order(s, captured, n, taken);
    for (int i = 0; i < s->nkept; i++)
        if (s->kept[i].to == to && s->kept[i].captured == captured &&
            memcmp(s->orders[i], taken, (size_t)n) == 0)
            return true;
    if (s->nkept == PDN_MOVES_MAX) return false;
    memcpy(s->orders[s->nkept], taken, (size_t)n);
    s->kept[s->nkept++] = (struct kept){captured, to};
    return false;
}

/*
 * Whether this piece has kept the same capture in another order (with
 * every order kept: in the same order, by other landings); if not,
 * remembers it. A king taking two pieces on one line can land between them
 * on several squares; a man cannot take the same two pieces in two orders
 * (the paths would run along two parallel lines), so its captures are
 * compared from three pieces on (dedupe_from).
 */
static bool is_duplicate(struct search *s, int to, uint64_t captured, int n)
{
    if (n < s->dedupe_from) return false;
    if (!s->dedupe) return same_order_kept(s, to, captured, n);
    for (int i = 0; i < s->nkept; i++)
        if (s->kept[i].to == to && s->kept[i].captured == captured) return true;
    if (s->nkept < PDN_MOVES_MAX) s->kept[s->nkept++] = (struct kept){captured, to};
    return false;
}

/* Forgets the moves kept so far: a longer (or higher-ranked) capture exists. */
static void drop_kept(struct search *s)
{
    s->count = s->nkept = 0;
    s->overflow = false;
}

/*
 * The next free slot, with its unused path bytes zeroed; NULL when the list
 * is full. Moves are built in place: copying a move built on the stack cost
 * a third of the time of generation.
 */
static struct pdn_move *append(struct pdn_move *moves, int *count, bool *overflow)
{
    if (*count >= PDN_MOVES_MAX) {
        *overflow = true;
        return NULL;
    }
    struct pdn_move *m = &moves[(*count)++];
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
    if (n == s->best && rank > s->rank) drop_kept(s);
    s->rank = rank;
    return true;
}

static void write_capture(struct search *s, int to, uint64_t captured, int n, bool crowned)
{
    struct pdn_move *m = append(s->moves, &s->count, &s->overflow);
    if (!m) return;
    m->captured = captured;
    m->ncaptured = m->npath = (uint8_t)n;
    m->from = s->g->square_of[s->from];
    m->to = s->g->square_of[to];
    for (int i = 0; i < n; i++)
        m->path[i] = s->g->square_of[s->path[i]];
    m->promotes = !s->king && (crowned || (s->g->promotion[s->side] & bit(to)));
}

/* Keeps a capture the rules allow, unless it is another order of one kept:
 * counts it, or writes it into the list. */
static inline void keep_capture(struct search *s, int to, uint64_t captured, int n, bool crowned)
{
    if (is_duplicate(s, to, captured, n)) return;
    if (s->moves)
        write_capture(s, to, captured, n, crowned);
    else if (s->count < PDN_MOVES_MAX)
        s->count++; /* cut as the list would be */
    else
        s->overflow = true;
}

/* With the maximum-capture rule, whether a capture of n pieces is among the
 * longest so far; drops the shorter ones kept. */
static inline bool longest_so_far(struct search *s, int n)
{
    if (n < s->best) return false;
    if (n > s->best) {
        s->best = n;
        drop_kept(s);
    }
    return true;
}

static void record_capture(struct search *s, int to, uint64_t captured, int n, bool crowned)
{
    if (s->rules->maximum_capture) {
        if (n < s->best) return;
        if (s->rules->capture_precedence && !precedence_keeps(s, n)) return;
        longest_so_far(s, n);
    }
    keep_capture(s, to, captured, n, crowned);
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
    uint64_t prey = s->opponent & ~captured;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (d == movegen_opposite(came)) continue;
        uint64_t over = past_empty(s->g, bit(at), d, s->empty);
        if ((over & prey) && (geo_shift(s->g, over, d) & s->empty)) return true;
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
    uint64_t over = past_empty(g, bit(at), d, s->empty);
    if (!(over & s->opponent & ~captured)) return false;
    captured |= over;
    uint64_t first = geo_shift(g, over, d);
    bool must_continue = false;
    if (!s->rules->maximum_capture)
        for (uint64_t land = first; land & s->empty; land = geo_shift(g, land, d))
            must_continue |= king_can_continue(s, __builtin_ctzll(land), captured, d);
    bool any = false;
    for (uint64_t land = first; land & s->empty; land = geo_shift(g, land, d)) {
        int l = __builtin_ctzll(land);
        if (must_continue && !king_can_continue(s, l, captured, d)) continue;
        s->path[n] = (uint8_t)l;
        capture_from(s, l, captured, n + 1, true, d);
        any = true;
    }
    return any;
}

/*
 * The landings of a man's jumps from 'at' (one bit), all four directions at
 * once: over a neighbour that is prey onto the empty square behind it. A
 * step off the board lands on a ghost bit, which is neither prey nor empty.
 */
static inline uint64_t man_landings(const struct search *s, uint64_t at, uint64_t prey)
{
    int a = s->near, c = s->far;
    uint64_t up = (((at >> a) & prey) >> a) | (((at >> c) & prey) >> c);
    uint64_t down = (((at << a) & prey) << a) | (((at << c) & prey) << c);
    return (up | down) & s->empty;
}

/* The direction of a man's jump from bit 'at' to bit 'land', two steps away. */
static int jump_direction(const struct search *s, int at, int land)
{
    int d = 0;
    while (d < DIR_COUNT - 1 && 2 * s->g->step[d] != land - at)
        d++;
    return d;
}

static void capture_man(struct search *s, int at, uint64_t prey, int n, uint64_t lands);
static void capture_man_crowning(struct search *s, int at, uint64_t prey, int n, uint64_t lands);

/*
 * The common cases made fast: a man that captures both ways. It jumps from
 * 'at' to each of 'lands' (bits), taking the piece halfway; prey is what it
 * may still take, so the last piece taken keeps it from turning straight
 * back. A landing with no jump onward ends a capture, found without another
 * call. Landings come in bit order, which is the order of the directions
 * (up-left, up-right, down-left, down-right), as capture_from takes them.
 * Two versions, each compiled for its rules: capture_man (international,
 * Brazilian: the longest captures only) and, 'crowning', capture_man_crowning
 * (Russian: any capture, and a man landing on the far row goes on as a
 * king's capture would).
 */
static inline __attribute__((always_inline)) void man_jumps(struct search *s, int at, uint64_t prey,
                                                            int n, uint64_t lands, bool crowning)
{
    for (; lands; lands &= lands - 1) {
        int land = __builtin_ctzll(lands);
        uint64_t left = prey & ~bit((at + land) / 2);
        if (crowning && (s->g->promotion[s->side] & bit(land))) {
            s->path[n] = (uint8_t)land;
            capture_from(s, land, s->opponent & ~left, n + 1, true, jump_direction(s, at, land));
            continue;
        }
        uint64_t next = n + 1 < PDN_PATH_MAX ? man_landings(s, bit(land), left) : 0;
        s->path[n] = (uint8_t)land;
        if (next && crowning)
            capture_man_crowning(s, land, left, n + 1, next);
        else if (next)
            capture_man(s, land, left, n + 1, next);
        else if (crowning || longest_so_far(s, n + 1))
            keep_capture(s, land, s->opponent & ~left, n + 1, false);
    }
}

static void capture_man(struct search *s, int at, uint64_t prey, int n, uint64_t lands)
{
    man_jumps(s, at, prey, n, lands, false);
}

static void capture_man_crowning(struct search *s, int at, uint64_t prey, int n, uint64_t lands)
{
    man_jumps(s, at, prey, n, lands, true);
}

static void capture_from(struct search *s, int at, uint64_t captured, int n, bool king, int came)
{
    bool more = false;
    bool backward = king || s->rules->men_capture_backward;
    if (n < PDN_PATH_MAX) {
        for (int d = 0; d < DIR_COUNT; d++) {
            if (came >= 0 && d == movegen_opposite(came))
                continue; /* the last captured piece blocks */
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

static void search_init(struct search *s, struct pdn_move *moves, const struct pdn_board *b,
                        bool dedupe, uint8_t (*orders)[PDN_PATH_MAX])
{
    s->g = geometry_get(b->variant);
    s->rules = s->g->rules;
    s->moves = moves;
    s->count = 0;
    s->overflow = false;
    s->side = b->side;
    s->opponent = b->pieces[!b->side];
    s->empty = s->g->valid & ~(b->pieces[0] | b->pieces[1]);
    s->kings = b->kings;
    s->best = 1;
    s->rank = 0;
    s->dedupe = dedupe;
    s->orders = orders;
    s->men_fast = s->rules->men_capture_backward && !s->rules->promote_in_passing &&
                  s->rules->maximum_capture;
    s->near = s->g->step[DIR_DL];
    s->far = s->g->step[DIR_DR];
}

/* Russian men: both ways, crowned in passing, any capture (capture_man_crowning). */
static bool crowning_men(const struct pdn_rules *r)
{
    return r->men_capture_backward && r->promote_in_passing && !r->maximum_capture &&
           !r->men_spare_kings && !r->capture_precedence;
}

/* The fewest pieces a capture of the piece about to search must take to be
 * compared with those kept (is_duplicate); past PDN_PATH_MAX, none is. */
static int dedupe_from(const struct search *s, bool man_fast)
{
    enum { NEVER = PDN_PATH_MAX + 1 };
    if (s->dedupe) return man_fast ? 3 : 2;
    /* One per order: only a flying king (a Russian man crowned on the way
     * too) lands on several squares behind a piece. Every route: none. */
    return s->orders && s->rules->flying_kings && !man_fast ? 2 : NEVER;
}

static void capture_with(struct search *s, const struct pdn_board *b, uint64_t starters)
{
    for (uint64_t own = starters; own; own &= own - 1) {
        int from = __builtin_ctzll(own);
        s->from = from;
        s->nkept = 0; /* duplicates share their from square */
        s->king = (b->kings & bit(from)) != 0;
        s->empty |= bit(from);
        bool man_fast = !s->king && s->men_fast;
        s->dedupe_from = dedupe_from(s, man_fast);
        if (man_fast)
            capture_man(s, from, s->opponent, 0, man_landings(s, bit(from), s->opponent));
        else if (!s->king && crowning_men(s->rules))
            capture_man_crowning(s, from, s->opponent, 0, man_landings(s, bit(from), s->opponent));
        else
            capture_from(s, from, 0, 0, s->king, -1);
        s->empty &= ~bit(from);
    }
}

/* Only men with a first jump (men) can start a capture; every king is
 * searched. Czech rules: a king's capture, when there is one, comes first. */
static void gen_captures(struct search *s, const struct pdn_board *b, uint64_t men)
{
    uint64_t kings = b->pieces[b->side] & b->kings;
    if (s->rules->king_capture_first && kings) {
        capture_with(s, b, kings);
        if (s->count == 0) capture_with(s, b, men);
        return;
    }
    capture_with(s, b, men | kings);
}

static void add_quiet(struct pdn_move *moves, int *count, bool *overflow, const struct geometry *g,
                      int from, int to, bool promotes)
{
    struct pdn_move *m = append(moves, count, overflow);
    if (!m) return;
    m->captured = 0;
    m->from = g->square_of[from];
    m->to = m->path[0] = g->square_of[to];
    m->ncaptured = 0;
    m->npath = 1;
    m->promotes = promotes;
}

static int gen_quiet(struct pdn_move *moves, bool *overflow, const struct geometry *g,
                     const struct pdn_board *b, uint64_t empty)
{
    int count = 0;
    uint64_t men = b->pieces[b->side] & ~b->kings;
    int first_dir = b->side == PDN_COLOR_WHITE ? DIR_UL : DIR_DL;
    for (int d = first_dir; d <= first_dir + 1; d++)
        for (uint64_t to = geo_shift(g, men, d) & empty; to; to &= to - 1) {
            int t = __builtin_ctzll(to);
            add_quiet(moves, &count, overflow, g, t - g->step[d], t,
                      (g->promotion[b->side] & bit(t)) != 0);
        }
    bool flying = g->rules->flying_kings;
    for (uint64_t k = b->pieces[b->side] & b->kings; k; k &= k - 1) {
        int from = __builtin_ctzll(k);
        for (int d = 0; d < DIR_COUNT; d++)
            for (int to = g->next[from][d]; to != GEO_NONE && (empty & bit(to));
                 to = g->next[to][d]) {
                add_quiet(moves, &count, overflow, g, from, to, false);
                if (!flying) break;
            }
    }
    return count;
}

/*
 * The squares kings on 'from' reach down (to higher bits, 'step' apart) or
 * up over empty squares, 'from' included: an occluded fill (Kogge-Stone) in
 * three doublings, 0 to 7 steps, enough for a capture on a diagonal of ten
 * squares (the king, seven empty ones, its prey and the landing). 'empty'
 * narrows with each doubling to the squares with a run of empty ones behind
 * them, so that the fill crosses no piece and no ghost bit.
 */
static inline uint64_t fill_down(uint64_t from, uint64_t empty, int step)
{
    from |= (from << step) & empty;
    empty &= empty << step;
    from |= (from << 2 * step) & empty;
    empty &= empty << 2 * step;
    return from | ((from << 4 * step) & empty);
}

static inline uint64_t fill_up(uint64_t from, uint64_t empty, int step)
{
    from |= (from >> step) & empty;
    empty &= empty >> step;
    from |= (from >> 2 * step) & empty;
    empty &= empty >> 2 * step;
    return from | ((from >> 4 * step) & empty);
}

/*
 * Whether a king of the side to move can capture: all kings at once, along
 * each diagonal to the first piece and over it if it is prey, no loop. (A
 * loop along each ray ends at a square no processor can foresee.) a and c
 * are the bit distances of the two diagonals, as in movegen_capturing_men.
 */
static bool kings_can_capture(const struct geometry *g, const struct pdn_rules *r,
                              const struct pdn_board *b, uint64_t empty)
{
    uint64_t opp = b->pieces[!b->side], kings = b->pieces[b->side] & b->kings;
    int a = g->step[DIR_DR], c = g->step[DIR_DL];
    uint64_t da = kings, dc = kings, ua = kings, uc = kings;
    if (r->flying_kings) {
        da = fill_down(kings, empty, a);
        dc = fill_down(kings, empty, c);
        ua = fill_up(kings, empty, a);
        uc = fill_up(kings, empty, c);
    }
    uint64_t down = (((da << a) & opp) << a) | (((dc << c) & opp) << c);
    uint64_t up = (((ua >> a) & opp) >> a) | (((uc >> c) & opp) >> c);
    return ((down | up) & empty) != 0;
}

/*
 * The bits set in x and y. Without the popcnt instruction (not in the
 * baseline x86-64 target) __builtin_popcountll is a call into libgcc; this
 * counts both in one pass, adding them once the counts fit a nibble.
 */
static inline int popcount_pair(uint64_t x, uint64_t y)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x) + __builtin_popcountll(y);
#else
    const uint64_t m1 = 0x5555555555555555u, m2 = 0x3333333333333333u, m4 = 0x0f0f0f0f0f0f0f0fu;
    x -= (x >> 1) & m1;
    y -= (y >> 1) & m1;
    x = (x & m2) + ((x >> 2) & m2) + (y & m2) + ((y >> 2) & m2); /* nibbles up to 8 */
    x = (x & m4) + ((x >> 4) & m4);
    return (int)((x * 0x0101010101010101u) >> 56);
#endif
}

static int count_quiet(const struct geometry *g, const struct pdn_rules *r,
                       const struct pdn_board *b, uint64_t empty)
{
    uint64_t men = b->pieces[b->side] & ~b->kings;
    int a = g->step[DIR_DL], c = g->step[DIR_DR]; /* White's men move up, to lower bits */
    bool up = b->side == PDN_COLOR_WHITE;
    int n = popcount_pair((up ? men >> a : men << a) & empty, (up ? men >> c : men << c) & empty);
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

bool movegen_side_can_step(const struct pdn_board *b)
{
    const struct geometry *g = geometry_get((enum pdn_variant)b->variant);
    uint64_t empty = g->valid & ~(b->pieces[0] | b->pieces[1]);
    uint64_t own = b->pieces[b->side], men = own & ~b->kings, kings = own & b->kings;
    int a = g->step[DIR_DR], c = g->step[DIR_DL]; /* White's men step to lower bits */
    uint64_t ahead = b->side == PDN_COLOR_WHITE ? men >> a | men >> c : men << a | men << c;
    uint64_t around = kings << a | kings << c | kings >> a | kings >> c;
    return ((ahead | around) & empty) != 0;
}

bool movegen_kings_can_capture(const struct geometry *g, const struct pdn_rules *r,
                               const struct pdn_board *b, uint64_t empty)
{
    return kings_can_capture(g, r, b, empty);
}

/* generate's captures one per order of the pieces taken, the orders kept on
 * this frame. */
static __attribute__((noinline)) int captures_one_per_order(struct pdn_move *moves, bool *overflow,
                                                            const struct pdn_board *board,
                                                            uint64_t men)
{
    uint8_t orders[PDN_MOVES_MAX][PDN_PATH_MAX];
    struct search s;
    search_init(&s, moves, board, false, orders);
    gen_captures(&s, board, men);
    *overflow = s.overflow;
    return s.count;
}

/* The legal moves into 'moves', or with moves NULL only their number. */
static int generate(struct pdn_move *moves, bool *overflow, const struct pdn_board *board,
                    unsigned flags)
{
    const struct geometry *g = geometry_get(board->variant);
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    uint64_t men = movegen_capturing_men(g, g->rules, board, empty);
    bool kings = (board->pieces[board->side] & board->kings) != 0;
    if (men || (kings && kings_can_capture(g, g->rules, board, empty))) {
        bool routes = flags & PDN_MOVEGEN_KEEP_DUPLICATES;
        if (!routes && (flags & PDN_MOVEGEN_KEEP_ORDERS))
            return captures_one_per_order(moves, overflow, board, men);
        struct search s;
        search_init(&s, moves, board, !routes, NULL);
        gen_captures(&s, board, men);
        *overflow = s.overflow;
        return s.count;
    }
    if (!moves) return count_quiet(g, g->rules, board, empty);
    return gen_quiet(moves, overflow, g, board, empty);
}

int pdn_movegen(struct pdn_movelist *out, const struct pdn_board *board, unsigned flags)
{
    out->overflow = false;
    out->count = generate(out->moves, &out->overflow, board, flags);
    return out->count;
}

int pdn_movegen_count(const struct pdn_board *board, unsigned flags)
{
    bool overflow = false;
    return generate(NULL, &overflow, board, flags);
}

bool pdn_movegen_has_capture(const struct pdn_board *board)
{
    const struct geometry *g = geometry_get(board->variant);
    uint64_t empty = g->valid & ~(board->pieces[0] | board->pieces[1]);
    return movegen_can_capture(g, board, empty);
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

bool movegen_king_reaches(const struct geometry *g, int from, int to, uint64_t empty)
{
    int steps, d = direction_to(g, from, to, &steps);
    if (d < 0 || (steps > 1 && !g->rules->flying_kings)) return false;
    for (int at = g->next[from][d]; at != to; at = g->next[at][d])
        if (!(empty & bit(at))) return false;
    return true;
}

bool pdn_movegen_quiet(struct pdn_move *out, const struct pdn_board *board, int from, int to)
{
    struct pdn_board after = *board;
    return movegen_play_quiet(out, &after, geometry_get(board->variant), from, to);
}
