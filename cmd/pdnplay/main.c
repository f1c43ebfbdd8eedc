/*
 * pdnplay: a game against libpdn's engine, between two people on one
 * terminal, or with a friend over DXP. This file: the options and the
 * start position (a FEN, or a game of a file at a move); then the game on
 * the full screen when standard input and output are a terminal
 * (session.c), else line by line (linemode.c).
 */
#include "pdnplay.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: pdnplay [options]\n"
    "Play draughts against libpdn's engine (or --two: two people) on a terminal.\n"
    "On a terminal, full screen: type your move (32-28, 28x10, or square by square:\n"
    "28 19 10; c3 d4 where the variant writes letters), or a key:\n"
    "  h          a hint: the engine's move, its score and the line it expects\n"
    "  u          take back your last move and the computer's answer\n"
    "  n          a new game\n"
    "  w          save the game as PDN (players, level, date, result)\n"
    "  f          flip the board; ? the keys; q quit\n"
    "Through a pipe, line by line: the board after each move, then a line read,\n"
    "a move or h, u, n, w FILE, q (also the end of the input); n and q ask first\n"
    "when the game is not saved, and the end of the input writes it out as PDN.\n"
    "\n"
    "      --level N          the computer's level, 1 (beginner) to 4 (default 2)\n"
    "      --black            play Black (default White)\n"
    "      --two              two people on one terminal, no computer\n" TOOL_PLAY_VARIANT_USAGE
    "      --position FEN     start from this position\n"
    "      --from FILE        start where the first game of a PDN file ends, or\n"
    "      --move N. | N...   with --from: after White's (N.) or Black's (N...)\n"
    "                         Nth move of its main line; the game goes on in\n"
    "                         the file's move numbers. With --variant, a game\n"
    "                         without a GameType tag is read as one of it, and\n"
    "                         one of another variant is a usage error\n"
    "      --ascii            draw the board in ASCII, even in a UTF-8 locale\n"
    "A friend over the network (DXP, international draughts):\n"
    "      --listen PORT      wait for the friend's program on PORT (27531 is DXP's)\n"
    "      --connect HOST:PORT  connect to it and ask for a game (--black: play Black)\n"
    "      --timeout S        seconds to wait for the friend's move (default: the\n"
    "                         game's thinking time, at least 600)\n"
    "  -o, --output FILE      write the game as PDN to FILE however it ends\n"
    "      (u asks the friend to take back; q resigns)\n" TOOL_HELP_USAGE "\n"
    "Exit status: 0, 2 usage error, 3 system error. See pdnplay(1).\n";

struct start_options {
    enum pdn_variant variant; /* PDN_VARIANT_COUNT until --variant or the default */
    bool variant_given;       /* --variant: --from's game must be of it */
    const char *fen, *from, *move;
    struct dxp_settings dxp; /* --listen, --connect */
    int level;               /* --level, --black, --two, --ascii: for struct play */
    bool black, two, ascii;
};

static void parse_options(struct play *p, int argc, char **argv, struct start_options *s)
{
    static const struct tool_option own[] = {
        TOOL_INT(0, "level", struct start_options, level, 1, PDN_ENGINE_LEVELS),
        TOOL_FLAG(0, "black", struct start_options, black),
        TOOL_FLAG(0, "two", struct start_options, two),
        TOOL_TEXT(0, "position", struct start_options, fen),
        TOOL_FLAG(0, "ascii", struct start_options, ascii),
        TOOL_TEXT(0, "from", struct start_options, from),
        TOOL_TEXT(0, "move", struct start_options, move),
        TOOL_TEXT(0, "listen", struct start_options, dxp.listen),
        TOOL_TEXT(0, "connect", struct start_options, dxp.connect),
        TOOL_SECONDS(0, "timeout", struct start_options, dxp.timeout, 1, 86400),
        TOOL_TEXT('o', "output", struct start_options, dxp.output),
        TOOL_VARIANT(0, "variant", struct start_options, variant),
        {NULL, 0, 0, 0, 0, 0, 0, NULL},
    };
    static const struct tool_option_part *const parts[] = {&tool_help_part, NULL};
    tool_parse_options(&p->t, s, own, parts, argc, argv);
    s->variant_given = s->variant != PDN_VARIANT_COUNT;
    if (!s->variant_given) s->variant = PDN_VARIANT_INTERNATIONAL;
    p->level = s->level;
    p->two = s->two;
    if (s->black) p->human = PDN_COLOR_BLACK;
    if (optind < argc) tool_usage_error(&p->t, "unexpected operand '%s'", argv[optind]);
    if (s->move && !s->from) tool_usage_error(&p->t, "--move wants --from FILE");
    if (s->from && s->fen) tool_usage_error(&p->t, "--from or --position, not both");
    if (s->dxp.listen && s->dxp.connect) tool_usage_error(&p->t, "--listen or --connect, not both");
    const char *address = dxp_address_problem(&s->dxp);
    if (address) tool_usage_error(&p->t, "%s", address);
    /* Else the game would be lost without a word: w FILE saves the others. */
    if (s->dxp.output && !s->dxp.listen && !s->dxp.connect)
        tool_usage_error(&p->t, "--output is for a game over DXP (--listen, --connect); "
                                "'w FILE' saves a game on this terminal");
    if ((s->dxp.listen || s->dxp.connect) &&
        (p->two || s->fen || s->from || s->variant != PDN_VARIANT_INTERNATIONAL))
        tool_usage_error(&p->t, "over DXP: international draughts from the start, one player");
    p->unicode = !s->ascii && tool_locale_is_utf8();
}

/* The plies of "23." (the first mover's 23rd move: White's, Black's in English
 * draughts) or "23..." from a start position whose first move is numbered
 * first (as the file writes it: 1, or 23 after a FEN): 0 for the start
 * itself ("22..." before "23.", "23." before "23..."); -1 for any other
 * text, -2 for a move before that. */
static long move_plies(const char *move, const struct pdn_board *start, unsigned first)
{
    char *end;
    long n = strtol(move, &end, 10);
    if (n < 1 || end == move || (strcmp(end, ".") != 0 && strcmp(end, "...") != 0)) return -1;
    long ply = 2 * (n - (long)first) + (strcmp(end, "...") == 0);
    long plies = played_starts_mid_pair(start) ? ply : ply + 1;
    return plies < 0 ? -2 : plies;
}

struct from_game {
    const char *move;       /* "23." or "23...", NULL: the end */
    bool started;           /* the first ply seen: what follows is known */
    long want;              /* plies wanted, known at the first ply (move_plies) */
    long plies;             /* main-line plies taken */
    unsigned first;         /* the number of the file's first move (pdn_game_first_number,
                               or the number written on it) */
    bool mid_pair;          /* the file starts with the second move of a pair */
    struct pdn_board board; /* the position reached */
};

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct from_game *f = ctx;
    (void)move;
    if (depth != 0) return;
    if (!f->started) {
        f->started = true;
        f->board = *before;
        if (node->number) f->first = node->number;
        f->mid_pair = played_starts_mid_pair(before);
        f->want = f->move ? move_plies(f->move, before, f->first) : -1;
    }
    if (f->want >= 0 && f->plies >= f->want) return;
    f->plies++;
    f->board = *after;
}

/* An explicit --variant that the first game of --from is not of (its
 * GameType tag says another): a usage error, not a game of the file's
 * variant played without a word. */
static void check_from_variant(struct play *p, const struct start_options *s, const pdn_game *game)
{
    enum pdn_variant v;
    if (!s->variant_given || !pdn_variant_from_gametype(&v, game->gametype) || v == s->variant)
        return;
    tool_usage_error(&p->t,
                     "--from: the first game of %s is a game of %s; --variant %s asks for another",
                     s->from, pdn_rules_get(v)->name, pdn_rules_get(s->variant)->name);
}

/* --from FILE [--move N.]: the first game's position there. An explicit
 * --variant reads a game without a GameType tag under its rules, as
 * pdncheck's --variant does; without it, the game's moves decide. */
static void start_from_file(struct play *p, const struct start_options *s)
{
    pdn_reader *reader;
    pdn_game *game = NULL;
    struct pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
    if (s->variant_given) ro.gametype = pdn_rules_get(s->variant)->gametype;
    if (pdn_reader_open_file(&reader, s->from, &ro) != 0)
        tool_usage_error(&p->t, "--from: cannot read %s", s->from);
    if (pdn_reader_next(&game, reader) != 1 || pdn_game_is_trailer(game))
        tool_usage_error(&p->t, "--from: no game in %s", s->from);
    check_from_variant(p, s, game);
    struct from_game f = {.move = s->move,
                          .want = -1, /* no ply: no move gets there */
                          .first = pdn_game_first_number(game)};
    struct pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
    o.on_ply = on_ply;
    o.ply_ctx = &f;
    struct pdn_replay_summary sum;
    int rc = pdn_replay_game(&sum, game, &o);
    pdn_game_free(game);
    pdn_reader_free(reader);
    if (rc != 0) tool_usage_error(&p->t, "--from: %s: %s", s->from, pdn_strerror(rc));
    if (s->move && f.want == -2)
        tool_usage_error(&p->t, "--move %s: the first game of %s starts at move %u%s", s->move,
                         s->from, f.first, f.mid_pair ? "..." : ".");
    if (s->move && (f.want < 0 || f.plies < f.want))
        tool_usage_error(&p->t, "--move %s: the first game of %s does not get there", s->move,
                         s->from);
    /* Its end is where the file's game ends: one cut short by a move that
     * cannot be played was taken up before it, the person thinking it
     * over. */
    if (!s->move && !sum.complete)
        tool_usage_error(&p->t,
                         "--from: the first game of %s stops at a move that cannot be played, "
                         "after %ld plies (pdncheck says which); --move starts before it",
                         s->from, f.plies);
    p->start = f.started ? f.board : sum.final;
    /* The game goes on in the file's numbers: after "2. 28x19", "2...". */
    p->first_number = f.started ? f.first + (unsigned)(f.plies + f.mid_pair) / 2 : 0;
}

/* A friend over DXP (../dxp_game.c), on the full screen or line by line. */
static int play_friend(struct play *p, struct dxp_settings *s, bool screen)
{
    s->prog = "pdnplay";
    s->name = "pdnplay";
    s->max_plies = PLIES_MAX;
    s->black = p->human == PDN_COLOR_BLACK;
    return screen ? play_screen_friend(p, s) : play_lines_friend(p, s);
}

int main(int argc, char **argv)
{
    static struct play p;
    tool_init(&p.t, "pdnplay", usage);
    struct start_options s = {.variant = PDN_VARIANT_COUNT, .level = 2};
    parse_options(&p, argc, argv, &s);
    if (s.fen && pdn_board_from_fen(&p.start, s.variant, s.fen, NULL) != 0)
        tool_usage_error(&p.t, "--position: bad FEN '%s'", s.fen);
    /* As pdnengine and pdnmatch refuse it: a man on its crowning row was
     * played, and the game saved failed pdncheck ("impossible position"). */
    char why[300];
    if (s.fen && !played_position_ok(&p.start, why, sizeof why))
        tool_usage_error(&p.t, "--position: %s", why);
    if (!s.fen) pdn_board_init(&p.start, s.variant);
    if (s.from) start_from_file(&p, &s);
    if (pdn_engine_new(&p.engine, NULL) != 0) {
        fprintf(stderr, "pdnplay: out of memory\n");
        return TOOL_EXIT_SYSTEM;
    }
    play_new_game(&p);
    bool screen = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    int status = 0;
    if (s.dxp.listen || s.dxp.connect)
        status = play_friend(&p, &s.dxp, screen);
    else if (!screen)
        play_lines(&p);
    else if (play_screen(&p) < 0)
        status = TOOL_EXIT_SYSTEM;
    pdn_engine_free(p.engine);
    return tool_stdout_flush(&p.t) ? status : TOOL_EXIT_SYSTEM;
}
