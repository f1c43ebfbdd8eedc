/*
 * replay_number: the written move numbers against the replay's count.
 *
 * One fault in the numbering puts every number after it off the same way
 * (a number written twice, "38. 08x17 48x37 38. 36-31", shifts the rest of
 * the game; a file that numbers White's moves "1." where White moves
 * second numbers them all so). The first such number is a move-number
 * warning that says how many after it are off the same way; each of those
 * is a move-number-run note, kept for those who fix the numbers one by one
 * (pdnfmt --fix) and shown with -W all. A number off another way starts
 * a run of its own.
 */
#include "replay.h"
#include "decimal.h"
#include "replay_plain.h"

#include <string.h>

static const char *ordinal_suffix(uint32_t n)
{
    if (n % 100 >= 11 && n % 100 <= 13) return "th";
    switch (n % 10) {
    case 1:
        return "st";
    case 2:
        return "nd";
    case 3:
        return "rd";
    }
    return "th";
}

/* s copied to at, not NUL-terminated: the end. The texts put together
 * here are short and their arrays sized for them: no snprintf, which cost
 * a move-number finding more than the rest of it. */
static inline char *put(char *at, const char *s)
{
    size_t n = strlen(s);
    memcpy(at, s, n);
    return at + n;
}

void replay_number_text(char out[16], uint32_t number, bool second)
{
    *put(decimal_text(out, number), second ? "..." : ".") = '\0';
}

/* A node's move number as the game's text writes it ("4294967296." or
 * "007." stay themselves, though the tree holds 4294967295 or 7); formatted
 * when the game has no text there (a game not read from a file). */
static void written_number(char out[REPLAY_WRITTEN_MAX], const pdn_game *game,
                           const struct pdn_node *node)
{
    uint64_t at = node->number_pos.offset, from = game->start.offset;
    if (game->raw && node->number_pos.line && at >= from && at - from < game->raw_len) {
        const char *s = game->raw + (at - from), *end = game->raw + game->raw_len;
        size_t n = 0, dots = 0;
        while (s + n < end && s[n] >= '0' && s[n] <= '9')
            n++;
        while (s + n + dots < end && dots < 3 && s[n + dots] == '.')
            dots++;
        if (n > 0 && dots > 0 && n + dots < REPLAY_WRITTEN_MAX) {
            memcpy(out, s, n + dots);
            out[n + dots] = '\0';
            return;
        }
        if (n > 0 && dots > 0) { /* a flood of digits: its start, as diagnostics clip */
            memcpy(out, s, REPLAY_WRITTEN_MAX - 4);
            memcpy(out + REPLAY_WRITTEN_MAX - 4, "...", 4);
            return;
        }
    }
    replay_number_text(out, node->number, node->number_black);
}

/* The ply a number stands for, counted from the first mover's move 1. */
static int64_t ply_of(uint32_t number, bool second)
{
    return 2 * ((int64_t)number - 1) + second;
}

/*
 * The last number of the run that line->moves[i] starts, off the count by
 * 'offset' plies: the numbers after it off the same way, up to one that is
 * off another way (a fault of its own, which starts its own run), one that
 * is right on the side of the pair the run started on (the numbering set
 * right again) or what the count cannot pass (a setup, a move not given, a
 * placeholder). Right numbers of the other side are passed over: where
 * Black's moves are numbered as White's ("1. 32-28 1. 19-23 2. 37-32 2.
 * 14-19"), or a number the count gives follows a comment, they do not
 * mend the side that is off. Their count in *more.
 */
static uint32_t run_end(const struct pdn_line *line, uint32_t i, int64_t offset, int64_t ply,
                        uint32_t *more)
{
    uint32_t last = i;
    *more = 0;
    if (is_unknown_move(line->moves[i].text)) return last; /* the line's replay stops there */
    for (uint32_t j = i + 1; j < line->nmoves; j++) {
        const struct pdn_node *node = &line->moves[j];
        if (pdn_annotations_of(node)->setup || is_unknown_move(node->text)) break;
        if (node->number == 0) continue;
        int64_t off = ply + (j - i) - ply_of(node->number, node->number_black);
        if (off == 0 && (j - i) % 2 == 1) continue; /* right, on the other side */
        if (off != offset) break;
        last = j;
        ++*more;
    }
    return last;
}

/* "this is white's 39th move" (", the second of its pair" when only the
 * dots are wrong) at at: the end. */
static char *count_detail(char *at, const struct pdn_node *node, const struct pdn_board *board,
                          const struct turn *turn, bool second)
{
    at = put(at, "this is ");
    at = put(at, replay_color_name(board->side));
    at = put(at, "'s ");
    at = put(decimal_text(at, turn->number), ordinal_suffix(turn->number));
    at = put(at, " move");
    /* The right number with the wrong dots: say which dots, and why. */
    if (node->number == turn->number)
        at = put(at, second ? ", the second of its pair" : ", the first of its pair");
    return at;
}

void replay_check_number(struct replay *r, const struct pdn_line *line, uint32_t i,
                         const struct pdn_board *board, struct turn *turn)
{
    const struct pdn_node *node = &line->moves[i];
    bool second = board->side != r->first_side;
    if (node->number == 0) return;
    if (!turn->known) {
        turn->number = node->number;
        turn->known = true;
    }
    if (node->number == turn->number && node->number_black == second) return;
    /* The detail's room: its longest pieces, a number written (run->first)
     * and the count's (run->label), and its words. */
    char written[REPLAY_WRITTEN_MAX], detail[REPLAY_WRITTEN_MAX + 160], replayed[16];
    written_number(written, r->game, node);
    replay_number_text(replayed, turn->number, second);
    char *at = count_detail(detail, node, board, turn, second);
    int64_t ply = ply_of(turn->number, second);
    int64_t offset = ply - ply_of(node->number, node->number_black);
    struct number_run *run = &r->run;
    if (run->line == line && i <= run->last && offset == run->offset) {
        at = put(put(put(put(at, "; off since '"), run->first), "' at move "), run->label);
        *at = '\0';
        replay_emit(r, PDN_DIAG_MOVE_NUMBER_RUN, node, &node->number_pos, replayed, written,
                    detail);
        return;
    }
    uint32_t more;
    *run = (struct number_run){line, offset, run_end(line, i, offset, ply, &more), "", ""};
    *put(run->first, written) = '\0';
    memcpy(run->label, replayed, sizeof replayed);
    if (more == 1)
        at = put(at, "; the number after it is off the same way");
    else if (more > 1)
        at = put(decimal_text(put(at, "; the "), more), " numbers after it are off the same way");
    *at = '\0';
    replay_emit(r, PDN_DIAG_MOVE_NUMBER, node, &node->number_pos, replayed, written, detail);
}

void replay_skip_placeholder(struct replay *r, const struct pdn_node *node, struct turn *turn)
{
    if (node->number == 0) return;
    if (!turn->known) *turn = (struct turn){node->number, true};
    if (node->number == turn->number) return;
    char written[REPLAY_WRITTEN_MAX], replayed[16], detail[80];
    written_number(written, r->game, node);
    replay_number_text(replayed, turn->number, true);
    *decimal_text(put(detail, "this is move "), turn->number) = '\0';
    replay_emit(r, PDN_DIAG_MOVE_NUMBER, node, &node->number_pos, replayed, written, detail);
}
