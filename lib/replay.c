/*
 * Replay, the validator: plays every line of a game tree from its start
 * position, the main line and each variation (from the position before the
 * move it replaces) at every depth, matching each move text against the legal
 * moves. Reports illegal, ambiguous and nonstandard moves, wrong move numbers
 * and, along the main line, play after a draw rule; replay_start.c reads the
 * start position, replay_result.c checks the result, replay_number.c the
 * move numbers written; the plain texts most plies are, played without the
 * matcher, are replay_plain.h's; what a finding says of an illegal move,
 * replay_detail.c's.
 *
 * At most one movegen per ply and no allocation while replaying: the
 * context lives on the caller's stack, its two move lists (40 KB) in one
 * allocation per game, too big for the stack of a thread or a coroutine.
 * Must not print, exit or keep global state.
 */
#include "board_play.h"
#include "fen.h"
#include "game.h"
#include "geometry.h"
#include "movegen.h"
#include "movegen_jumps.h"
#include "options.h"
#include "replay.h"
#include "replay_plain.h"
#include "replay_plies.h"
#include "scratch.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plies one ambiguity lookahead may replay, summed over all its branches. */
#define LOOKAHEAD_BUDGET 20000

static const struct pdn_replay_options no_options = PDN_REPLAY_OPTIONS_INIT;

/* ---- Move numbers ---------------------------------------------------------- */

/* The move number of a ply, formatted only when a finding needs it: printf
 * on every ply would cost more than the rest of the replay. */
struct ply_number {
    uint32_t number;
    bool second;
    char text[16];
};

static const char *ply_number_text(struct ply_number *n)
{
    if (!n->text[0]) replay_number_text(n->text, n->number, n->second);
    return n->text;
}

/* "1. ... 35-40" from a position with the second side to move: the dots
 * hold the place of the first side's move, which was never played. */
static bool is_placeholder(const struct replay *r, const struct pdn_node *node,
                           const struct pdn_board *board)
{
    return game_holds_place(node, board->side != r->first_side);
}

static void advance(struct turn *turn, int mover, int first_side)
{
    if (mover != first_side && turn->number < UINT32_MAX) turn->number++; /* as the reader */
}

/* ---- Ambiguity lookahead --------------------------------------------------- */

/* Appends ", "-separated long forms of moves to r->detail after 'len'. */
static size_t list_moves(struct replay *r, size_t len, const int *index, int n)
{
    for (int c = 0; c < n && len < sizeof r->detail; c++) {
        char text[PDN_MOVE_TEXT_MAX];
        pdn_move_path_text(text, &r->legal->moves[index[c]], r->variant);
        int w = snprintf(r->detail + len, sizeof r->detail - len, "%s%s", c ? ", " : "", text);
        if (w > 0) len += (size_t)w;
    }
    return len;
}

static int resolve_ambiguous(struct replay *r, const struct pdn_line *line, uint32_t i,
                             const struct pdn_board *board, const struct pdn_match *m,
                             struct ply_number *num)
{
    const struct pdn_node *node = &line->moves[i];
    int n = m->ncandidates < PDN_CANDIDATES_MAX ? m->ncandidates : PDN_CANDIDATES_MAX;
    int viable[PDN_CANDIDATES_MAX], nviable = 0;
    for (int c = 0; c < n; c++) {
        struct pdn_board b = *board;
        board_play(&b, &r->legal->moves[m->candidates[c]]);
        r->budget = LOOKAHEAD_BUDGET;
        if (replay_line_silent(r, line, i + 1, b, 0)) viable[nviable++] = m->candidates[c];
    }
    if (nviable == 1) {
        size_t len = (size_t)snprintf(r->detail, sizeof r->detail, "read as ");
        len = list_moves(r, len, viable, 1);
        snprintf(r->detail + len, sizeof r->detail - len,
                 ", the only reading the rest of the line allows");
        replay_emit(r, PDN_DIAG_AMBIGUITY_RESOLVED, node, &node->pos, ply_number_text(num),
                    node->text, r->detail);
        return viable[0];
    }
    size_t len = (size_t)snprintf(r->detail, sizeof r->detail, "matches ");
    list_moves(r, len, m->candidates, n);
    replay_emit(r, PDN_DIAG_AMBIGUOUS_MOVE, node, &node->pos, ply_number_text(num), node->text,
                r->detail);
    return -1;
}

/* ---- Illegal moves and forms ----------------------------------------------- */

/*
 * Forms of the text itself (padding, separators, spaces, dashes, hops) are
 * the reader's to report, where it sees them; ':' and zero padding are even
 * PDN 3.0. The replay reports what only the position reveals.
 */
#define LEXICAL_FORMS                                                                              \
    (PDN_FORM_ZERO_PADDED | PDN_FORM_NO_SEPARATOR | PDN_FORM_COLON | PDN_FORM_SPACES |             \
     PDN_FORM_HOP_BY_HOP | PDN_FORM_UNICODE_DASH)
/* Forms that misread the position: errors under --strict. */
#define STRICT_FORMS (PDN_FORM_PARTIAL_PATH | PDN_FORM_CAPTURED_SQUARES)

/* Lenient: a warning for the forms, another for a partial path. Strict: an
 * error for a partial path or named captured squares. */
static void report_forms(struct replay *r, const struct pdn_node *node, const struct pdn_move *move,
                         unsigned forms, struct ply_number *num)
{
    forms &= ~(unsigned)LEXICAL_FORMS;
    if (!forms) return;
    if (r->opt->strict && (forms & STRICT_FORMS)) {
        replay_forms_detail(r, forms & STRICT_FORMS);
        replay_emit(r, PDN_DIAG_STRICT_VIOLATION, node, &node->pos, ply_number_text(num),
                    node->text, r->detail);
        forms &= ~(unsigned)STRICT_FORMS;
    }
    if (forms & ~(unsigned)PDN_FORM_PARTIAL_PATH) {
        replay_forms_detail(r, forms & ~(unsigned)PDN_FORM_PARTIAL_PATH);
        replay_emit(r, PDN_DIAG_MOVE_FORM, node, &node->pos, ply_number_text(num), node->text,
                    r->detail);
    }
    if (forms & PDN_FORM_PARTIAL_PATH) {
        char text[PDN_MOVE_TEXT_MAX];
        pdn_move_path_text(text, move, r->variant);
        snprintf(r->detail, sizeof r->detail, "read as %s", text);
        replay_emit(r, PDN_DIAG_PARTIAL_PATH, node, &node->pos, ply_number_text(num), node->text,
                    r->detail);
    }
}

/* play_quiet for the replay: r->legal then holds that one move. */
static bool fast_quiet(struct replay *r, const char *text, struct pdn_board *board)
{
    if (!text || !play_quiet(&r->legal->moves[0], text, board)) return false;
    r->legal->count = 1;
    return true;
}

/* The index in r->legal of the move a node's text stands for, or -1 after
 * reporting why there is none; a text fast_quiet did not take. */
static int find_move(struct replay *r, const struct pdn_line *line, uint32_t i,
                     const struct pdn_board *board, struct ply_number *num, unsigned *forms)
{
    const struct pdn_node *node = &line->moves[i];
    struct pdn_match m;
    *forms = 0;
    legal_moves(r->legal, board);
    int quick = fast_capture(r->legal, node->text, board);
    if (quick >= 0) return quick;
    pdn_move_match(&m, node->text, board, r->legal, false);
    *forms = m.forms;
    switch (m.result) {
    case PDN_MATCH_OK:
        return m.move;
    case PDN_MATCH_AMBIGUOUS:
        return resolve_ambiguous(r, line, i, board, &m, num);
    case PDN_MATCH_ILLEGAL:
        replay_illegal_detail(r, board, &m, node->text);
        break;
    default:
        snprintf(r->detail, sizeof r->detail, "not a move");
        break;
    }
    replay_emit(r, PDN_DIAG_ILLEGAL_MOVE, node, &node->pos, ply_number_text(num), node->text,
                r->detail);
    if (i == 0 && m.result == PDN_MATCH_ILLEGAL && r->place && r->place->line == line)
        replay_misplaced_check(r, node);
    return -1;
}

/* ---- Lines ----------------------------------------------------------------- */

/* The ply numbered 'number' (the second mover's or not) completed a draw
 * rule: noted in the summary. Out of line, as report_went_on: the label of
 * a ply ("12...") is then set up only when one of them writes it, not on
 * the stack at every ply. */
static __attribute__((noinline)) void note_drawn(struct replay *r, uint32_t number, bool second)
{
    struct ply_number num = {number, second, ""};
    snprintf(r->drawn_at, sizeof r->drawn_at, "%s", ply_number_text(&num));
    r->sum->draw_rule = r->drawn;
    r->sum->draw_ply = r->sum->plies;
}

/* The main line goes on at node, numbered 'number', after a draw rule. */
static __attribute__((noinline)) void report_went_on(struct replay *r, const struct pdn_node *node,
                                                     uint32_t number, bool second)
{
    struct ply_number num = {number, second, ""};
    r->went_on_reported = true;
    snprintf(r->detail, sizeof r->detail, "%s drew the game after %s, yet it goes on",
             pdn_draw_rule_name(r->drawn), r->drawn_at);
    replay_emit(r, PDN_DIAG_DRAW_RULE, node, &node->pos, ply_number_text(&num), node->text,
                r->detail);
}

/* Bookkeeping of a main-line ply, numbered 'number' (the second mover's
 * or not): summary and draw rules. */
static inline __attribute__((always_inline)) void
track_main(struct replay *r, const struct pdn_board *before, const struct pdn_board *after,
           const struct pdn_move *move, const struct pdn_node *node, uint32_t number, bool second)
{
    r->sum->plies++;
    if (r->drawn == PDN_DRAW_NONE) {
        r->drawn = draw_tracker_step(&r->draws, before, after, move);
        if (r->drawn != PDN_DRAW_NONE) note_drawn(r, number, second);
        return;
    }
    if (!r->went_on_reported) report_went_on(r, node, number, second);
}

/* A move text after an unknown move, where the position is lost: it must
 * still be a move, its squares on the board; reported as the text of a
 * replayed move would be. Only the text is judged (no legal moves). */
static void check_unplayed_text(struct replay *r, const struct pdn_node *node,
                                const struct pdn_board *board, struct ply_number *num)
{
    struct pdn_match m;
    r->legal->count = 0;
    r->legal->overflow = false;
    pdn_move_match(&m, node->text, board, r->legal, false);
    if (m.result == PDN_MATCH_BAD_TEXT)
        snprintf(r->detail, sizeof r->detail, "not a move");
    else if (m.result == PDN_MATCH_ILLEGAL && m.reason == PDN_ILLEGAL_BAD_SQUARE)
        replay_illegal_detail(r, board, &m, node->text);
    else
        return;
    replay_emit(r, PDN_DIAG_ILLEGAL_MOVE, node, &node->pos, ply_number_text(num), node->text,
                r->detail);
}

/* The rest of a line after the unknown move at 'from' - 1, which played on
 * 'board' at 'turn': not replayed, but each move text is checked. Labels
 * go on counting plies from the unknown move; a number written on a move
 * sets them. */
static void check_unplayed(struct replay *r, const struct pdn_line *line, uint32_t from,
                           const struct pdn_board *board, struct turn turn)
{
    int side = board->side;
    for (uint32_t i = from; i < line->nmoves; i++) {
        advance(&turn, side, r->first_side);
        side = !side;
        const struct pdn_node *node = &line->moves[i];
        if (node->number) {
            turn.number = node->number;
            side = node->number_black ? !r->first_side : r->first_side;
        }
        struct ply_number num = {turn.number, side != r->first_side, ""};
        if (!is_unknown_move(node->text)) check_unplayed_text(r, node, board, &num);
    }
}

/* plain_text of a node's text: the squares the reader kept in the node
 * ("32-28" read once, not at every replay), else read from the text. */
static inline __attribute__((always_inline)) char node_plain(const struct replay *r,
                                                             const struct pdn_node *node,
                                                             const struct pdn_board *board,
                                                             int *from, int *to)
{
    if (r->plain_nodes && node->plain_sep) {
        *from = node->plain_from, *to = node->plain_to;
        return node->plain_sep;
    }
    return plain_text(node->text, board, from, to);
}

/*
 * Plays a node's plain move text on *board: a quiet move while no capture
 * is possible, or a capture naming one legal capture by its two squares.
 * The move played, in r->legal; NULL when the text is none such, and the
 * board as it was.
 */
static inline __attribute__((always_inline)) const struct pdn_move *
play_plain(struct replay *r, const struct pdn_node *node, struct pdn_board *board,
           const struct geometry *g)
{
    int from, to;
    char separator = node_plain(r, node, board, &from, &to);
    struct pdn_move *move = &r->legal->moves[0];
    if (separator == '-') {
        if (!movegen_play_quiet(move, board, g, from, to)) return NULL;
        r->legal->count = 1;
        return move;
    }
    if (!separator) return NULL;
    enum jump_play jump = play_single_jump(move, board, g, from, to);
    if (jump == JUMP_PLAYED) {
        r->legal->count = 1;
        return move;
    }
    if (jump == JUMP_TO_SEARCH)
        pdn_movegen(r->legal, board, 0); /* legal_moves, without the scan again */
    else
        legal_moves(r->legal, board);
    int index = capture_index(r->legal, from, to);
    if (index < 0) return NULL;
    move = &r->legal->moves[index];
    board_play(board, move);
    return move;
}

/*
 * Most plies of a line are plain: no setup before the move, no variation
 * after it, its move number right or not written, and a plain quiet move
 * while no capture is possible or a plain capture naming one. plain_run
 * plays such plies from moves[i] on, as replay_line would, in a loop of its
 * own that leaves out the tests only the other plies need (placeholders,
 * numbers to report, an unknown side, forms, variations), and returns the
 * index of the first one it did not take, which replay_line takes, from
 * the position and turn left here.
 */
static uint32_t plain_run(struct replay *r, const struct pdn_line *line, uint32_t i,
                          struct pdn_board *board, struct turn *turn, int depth)
{
    const struct pdn_replay_options *opt = r->opt;
    const struct geometry *g = geometry_get((enum pdn_variant)board->variant);
    if (!board->side_known || !turn->known) return i;
    for (; i < line->nmoves; i++) {
        const struct pdn_node *node = &line->moves[i];
        bool second = board->side != r->first_side;
        const struct pdn_annotations *a = pdn_annotations_of(node);
        if (a->setup || a->nvariations || !node->text) break;
        if (node->number && (node->number != turn->number || node->number_black != second)) break;
        struct pdn_board before = *board;
        const struct pdn_move *move = play_plain(r, node, board, g);
        if (!move) break;
        if (opt->on_ply) opt->on_ply(&before, board, move, node, depth, opt->ply_ctx);
        if (depth == 0) track_main(r, &before, board, move, node, turn->number, second);
        advance(turn, before.side, r->first_side);
    }
    return i;
}

/* Whether another move of the legal list has the same from and to but
 * takes other pieces, as pdn_move_text decides it. */
static bool shares_squares(const struct pdn_move *move, const struct pdn_movelist *legal)
{
    for (int i = 0; i < legal->count && i < PDN_MOVES_MAX; i++) {
        const struct pdn_move *m = &legal->moves[i];
        if (m->from == move->from && m->to == move->to && m->captured != move->captured)
            return true;
    }
    return false;
}

/* on_ply for a ply replay_ply played, and replay_game_noting's answer: a
 * capture it found in r->legal, the moves of 'before', may share its
 * squares. plain_run's plies never do (a quiet move, or the only capture
 * between its squares): *r->ambiguous stays false for them. */
static void note_ply(struct replay *r, const struct pdn_board *before,
                     const struct pdn_board *after, const struct pdn_move *move,
                     const struct pdn_node *node, int depth)
{
    bool shared = r->ambiguous && move->ncaptured && shares_squares(move, r->legal);
    if (shared) *r->ambiguous = true;
    r->opt->on_ply(before, after, move, node, depth, r->opt->ply_ctx);
    if (shared) *r->ambiguous = false;
}

/* Replays one move of a line from 'before' into *board (a copy of it);
 * false when the line cannot go on. */
static bool replay_ply(struct replay *r, const struct pdn_line *line, uint32_t i,
                       const struct pdn_board *before, struct pdn_board *board, struct turn *turn,
                       int depth)
{
    const struct pdn_node *node = &line->moves[i];
    struct ply_number number = {turn->number, board->side != r->first_side, ""}, *num = &number;
    const struct pdn_move *move = &r->legal->moves[0];
    /* A plain quiet move, played as it is found: most plies are one (and
     * it is no unknown move). */
    if (!fast_quiet(r, node->text, board)) {
        if (is_unknown_move(node->text)) {
            replay_emit(r, PDN_DIAG_UNKNOWN_MOVE, node, &node->pos, ply_number_text(num),
                        node->text, "the rest of the line is not replayed");
            check_unplayed(r, line, i + 1, board, *turn);
            return false;
        }
        unsigned forms;
        int index = find_move(r, line, i, board, num, &forms);
        if (index < 0) return false;
        move = &r->legal->moves[index];
        report_forms(r, node, move, forms, num);
        board_play(board, move);
    }
    if (r->opt->on_ply) note_ply(r, before, board, move, node, depth);
    if (depth == 0) track_main(r, before, board, move, node, num->number, num->second);
    advance(turn, before->side, r->first_side);
    return true;
}

/* A /FEN/ setup: the line goes on from that position. One that does not
 * read ends the line's replay; an empty one, reported all the same, sets
 * up nothing: the line goes on from where it was, as it does in pdnfmt's
 * text, where it is not written. */
static bool restart(struct replay *r, struct pdn_board *board, struct turn *turn, const char *fen,
                    const struct pdn_pos *pos, int depth)
{
    struct pdn_board next;
    struct turn next_turn = *turn;
    if (!replay_start_fen(r, &next, &next_turn, fen, pos)) return text_blanks_only(fen);
    *board = next;
    *turn = next_turn;
    if (depth == 0) draw_tracker_start(&r->draws, board, r->opt->draw_rules);
    return true;
}

static bool replay_line(struct replay *r, const struct pdn_line *line,
                        const struct pdn_board *start, struct turn turn, int depth,
                        struct pdn_board *end);

/* place: where they stand, or NULL. */
static void replay_variations(struct replay *r, const struct pdn_node *node,
                              const struct pdn_board *before, struct turn turn, int depth,
                              struct variation_place *place)
{
    const struct variation_place *outer = r->place;
    struct number_run run = r->run; /* the line's, which goes on after them */
    const struct pdn_annotations *a = pdn_annotations_of(node);
    for (uint32_t v = 0; v < a->nvariations; v++) {
        if (depth + 1 > REPLAY_DEPTH_MAX) {
            if (!r->depth_reported)
                replay_emit(r, PDN_DIAG_LIMIT, NULL, &a->variations[v].pos, NULL, NULL,
                            "variations nested this deep are not replayed");
            r->depth_reported = true;
            return;
        }
        struct pdn_board end;
        if (place) place->line = &a->variations[v];
        r->place = place;
        r->in_variation++;
        replay_line(r, &a->variations[v], before, turn, depth + 1, &end);
        r->in_variation--;
    }
    r->place = outer;
    r->run = run;
}

/* A variation written before the move it replaces numbers its first move
 * as that move: the misplaced-variation finding says where it belongs, and
 * a wrong-number finding beside it would say the number is the fault. */
static bool number_of_replaced_move(struct replay *r, const struct pdn_line *line, uint32_t i,
                                    const struct pdn_board *board)
{
    return i == 0 && r->place && r->place->line == line &&
           replay_misplaced_numbered(r, &line->moves[0], board);
}

/* Replays a line; *end gets the position after its last legal ply (or
 * setup). Returns whether the whole line replayed. */
static bool replay_line(struct replay *r, const struct pdn_line *line,
                        const struct pdn_board *start, struct turn turn, int depth,
                        struct pdn_board *end)
{
    struct pdn_board board = *start;
    bool ok = true;
    for (uint32_t i = 0; i < line->nmoves && ok; i++) {
        i = plain_run(r, line, i, &board, &turn, depth);
        if (i == line->nmoves) break;
        const struct pdn_node *node = &line->moves[i];
        const struct pdn_annotations *a = pdn_annotations_of(node);
        if (a->setup && !restart(r, &board, &turn, a->setup, &a->setup_pos, depth)) {
            ok = false;
            break;
        }
        if (!board.side_known) replay_resolve_side(r, node, &board);
        if (is_placeholder(r, node, &board)) {
            replay_skip_placeholder(r, node, &turn);
            continue;
        }
        if (!number_of_replaced_move(r, line, i, &board))
            replay_check_number(r, line, i, &board, &turn);
        struct pdn_board before = board;
        struct turn turn_before = turn;
        ok = replay_ply(r, line, i, &before, &board, &turn, depth);
        /* Variations replace this move: they start where it started, and
         * can be replayed even when the move itself is illegal. One that
         * cannot may have been meant for the next move. */
        if (a->nvariations) {
            struct variation_place place;
            bool placed =
                ok && replay_variation_place(&place, r, line, i, turn_before, &board, turn);
            replay_variations(r, node, &before, turn_before, depth, placed ? &place : NULL);
        }
    }
    /* The tree keeps no place for a trailing setup: report at the last move. */
    const struct pdn_pos *at = line->nmoves ? &line->moves[line->nmoves - 1].pos : &line->pos;
    if (ok && line->trailing_setup) ok = restart(r, &board, &turn, line->trailing_setup, at, depth);
    *end = board;
    return ok;
}

int pdn_replay_game(struct pdn_replay_summary *out, const pdn_game *game,
                    const struct pdn_replay_options *options)
{
    return replay_game_noting(out, game, options, NULL);
}

/* A replay of game, nothing replayed yet: its lists are the caller's. */
static void replay_init(struct replay *r, const pdn_game *game,
                        const struct pdn_replay_options *options, struct pdn_replay_summary *sum,
                        struct pdn_movelist *legal, struct pdn_movelist *scratch)
{
    /* Fields set one by one: the detail buffer needs no clearing. */
    r->game = game;
    r->plain_nodes = game->internal != NULL;
    r->opt = options ? options : &no_options;
    r->sum = sum;
    r->variant = PDN_VARIANT_INTERNATIONAL;
    r->first_side = PDN_COLOR_WHITE;
    r->drawn = PDN_DRAW_NONE;
    r->drawn_at[0] = '\0';
    r->went_on_reported = r->depth_reported = false;
    r->budget = 0;
    r->ambiguous = NULL;
    r->place = NULL;
    r->in_variation = 0;
    r->run.line = NULL;
    r->legal = legal;
    r->scratch = scratch;
}

/* The lists of options->scratch, taken out of it for the call, or new
 * ones; NULL when out of memory. Not cleared: movegen fills a list before
 * anything reads it. */
static struct replay_lists *lists_take(pdn_scratch *scratch)
{
    struct replay_lists *lists = scratch ? scratch->lists : NULL;
    if (!lists) return malloc(sizeof *lists);
    scratch->lists = NULL;
    return lists;
}

/* The lists back in the scratch, or freed (none, or it holds others). */
static void lists_put_back(pdn_scratch *scratch, struct replay_lists *lists)
{
    if (scratch && !scratch->lists)
        scratch->lists = lists;
    else
        free(lists);
}

int replay_game_noting(struct pdn_replay_summary *out, const pdn_game *game,
                       const struct pdn_replay_options *options, bool *ambiguous)
{
    if (!out || !game) return PDN_EINVAL;
    if (options && !options_ok(options->version, PDN_REPLAY_OPTIONS_VERSION)) return PDN_EINVAL;
    memset(out, 0, sizeof *out);
    pdn_scratch *scratch = options && options->version >= 2 ? options->scratch : NULL;
    struct replay_lists *lists = lists_take(scratch);
    if (!lists) return PDN_ENOMEM;
    struct replay r;
    replay_init(&r, game, options, out, &lists->legal, &lists->scratch);
    r.ambiguous = ambiguous;
    if (ambiguous) *ambiguous = false;
    pdn_board_init(&out->final, PDN_VARIANT_INTERNATIONAL);
    if (replay_start(&r)) {
        draw_tracker_start(&r.draws, &r.start, r.opt->draw_rules);
        out->complete = replay_line(&r, &game->main, &r.start, r.start_turn, 0, &out->final);
    }
    replay_result_check(&r);
    lists_put_back(scratch, lists);
    return PDN_OK;
}

/* The replay's start of game, quiet (no options): its side and count, for
 * the writers' numbering. False when it does not start (a bad GameType or
 * FEN tag), as the replay does not. */
static bool quiet_start(struct replay *r, const pdn_game *game, struct pdn_replay_summary *sum,
                        struct pdn_movelist *legal)
{
    memset(sum, 0, sizeof *sum);
    replay_init(r, game, NULL, sum, legal, NULL);
    return replay_start(r);
}

int replay_first_ply(struct game_first_ply *out, const pdn_game *game)
{
    *out = game_first_ply(game);
    const char *fen = pdn_game_tag(game, "FEN");
    if (fen == NULL || fen_start(fen).known) return 0; /* the replay starts so too */
    /* '?': the replay's start, quiet, which the first move decides */
    struct pdn_movelist *legal = malloc(sizeof *legal);
    if (!legal) return PDN_ENOMEM;
    struct pdn_replay_summary sum;
    struct replay r;
    if (quiet_start(&r, game, &sum, legal))
        *out = (struct game_first_ply){r.start_turn.number, r.start.side != r.first_side};
    free(legal);
    return 0;
}

int replay_setup_second(bool *second, const pdn_game *game, const struct pdn_node *node)
{
    const struct pdn_annotations *a = pdn_annotations_of(node);
    if (!a->setup) return 0;
    struct pdn_movelist *legal = malloc(sizeof *legal);
    if (!legal) return PDN_ENOMEM;
    struct pdn_replay_summary sum;
    struct replay r;
    struct pdn_board board;
    struct turn turn;
    /* The position as restart reads it; a side it leaves open ('?'), node's */
    bool read = quiet_start(&r, game, &sum, legal) &&
                replay_start_fen(&r, &board, &turn, a->setup, &a->setup_pos);
    if (read && !board.side_known) replay_resolve_side(&r, node, &board);
    if (read) *second = board.side != r.first_side;
    free(legal);
    return read;
}

uint32_t pdn_game_first_number(const pdn_game *game)
{
    if (!game) return 0;
    struct game_first_ply first;
    replay_first_ply(&first, game); /* out of memory: the count as without '?' */
    return first.number;
}
