/*
 * make_check_corpus OUT MEGABYTES FILE...: builds the validation benchmark
 * corpus reproducibly from the project's own PDN files. Each real game is
 * written as read, then played out from its final position with random legal
 * moves (fixed seed) until a side cannot move or a draw rule ends the game;
 * the whole set is repeated until the output reaches MEGABYTES.
 * A benchmark helper: it uses the library's private draw-rule tracker.
 */
#include "pdn.h"
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLAYOUT_PLIES_MAX 600

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

/* xorshift64*: the same sequence on every machine. */
static uint32_t rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

/* Writes the moves of a random play-out from 'board'; returns the result. */
static const char *play_out(FILE *out, struct pdn_board board)
{
    static struct pdn_movelist legal;
    struct draw_tracker draws;
    draw_tracker_start(&draws, &board,
                       PDN_DRAW_RULES_FMJD); /* the rules pdncheck checks by default */
    int column = 0,
        offset = board.side == PDN_COLOR_BLACK; /* plies before the first, in its pair */
    for (int ply = 0; ply < PLAYOUT_PLIES_MAX; ply++) {
        if (pdn_movegen(&legal, &board, 0) == 0)
            return board.side == PDN_COLOR_WHITE ? "0-2" : "2-0";
        const struct pdn_move *m = &legal.moves[rng_next() % (uint32_t)legal.count];
        char text[PDN_MOVE_TEXT_MAX];
        pdn_move_to_text(text, m, &legal, PDN_CAPTURE_SHORTEST);
        if (board.side == PDN_COLOR_WHITE || ply == 0)
            column += fprintf(out, board.side == PDN_COLOR_WHITE ? "%d. " : "%d... ",
                              (ply + offset) / 2 + 1);
        column += fprintf(out, "%s ", text);
        if (column > 70) {
            fputc('\n', out);
            column = 0;
        }
        struct pdn_board before = board;
        pdn_board_play(&board, m);
        if (draw_tracker_step(&draws, &before, &board, m) != PDN_DRAW_NONE) return "1-1";
    }
    return "*";
}

static void write_playout(FILE *out, const struct pdn_board *start, unsigned long serial)
{
    char fen[PDN_FEN_MAX];
    pdn_board_to_fen(fen, start);
    fprintf(out, "[Event \"Play-out %lu\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n", serial, fen);
    const char *result = play_out(out, *start);
    fprintf(out, "%s\n\n", result);
}

static void emit_game(FILE *out, const pdn_game *game, unsigned long serial)
{
    struct pdn_replay_summary sum;
    struct pdn_replay_options opt = {.version = PDN_REPLAY_OPTIONS_VERSION};
    fwrite(game->raw, 1, game->raw_len, out);
    fputs("\n\n", out);
    if (pdn_replay_game(&sum, game, &opt) == 0 && sum.complete)
        write_playout(out, &sum.final, serial);
}

static int copy_file(FILE *out, const char *path, unsigned long *serial)
{
    struct pdn_reader_options ro = {.version = PDN_READER_OPTIONS_VERSION, .filename = path};
    pdn_reader *reader;
    pdn_game *game;
    if (pdn_reader_open_file(&reader, path, &ro) != 0) return -1;
    int rc;
    while ((rc = pdn_reader_next(&game, reader)) == 1) {
        emit_game(out, game, ++*serial);
        pdn_game_free(game);
    }
    pdn_reader_free(reader);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fputs("usage: make_check_corpus OUT MEGABYTES FILE...\n", stderr);
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    long target = atol(argv[2]) * 1000000L;
    unsigned long serial = 0;
    if (!out) {
        perror(argv[1]);
        return 3;
    }
    while (ftell(out) < target)
        for (int i = 3; i < argc; i++)
            if (copy_file(out, argv[i], &serial) < 0) {
                fprintf(stderr, "make_check_corpus: cannot read %s\n", argv[i]);
                return 3;
            }
    return fclose(out) == 0 ? 0 : 3;
}
