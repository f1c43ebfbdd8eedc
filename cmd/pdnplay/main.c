/*
 * pdnplay: a game against libpdn's engine, or between two people, on a
 * terminal in line mode: the board is drawn as pdnreplay draws it
 * (pdn_diagram_text) after every move, and each line read is a move
 * (whole, "32-28", "28x10", or square by square, "28 19 10", "c3 d4") or a
 * command: h a hint (the engine's move, score and expected line), u take
 * back (your move and the computer's), n a new game, w FILE save as PDN,
 * q quit. The game is written through ../played.c, after libpdn's
 * validator has replayed it.
 */
#include "../common.h"
#include "../dxp_game.h"
#include "../played.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    OPT_LEVEL = TOOL_OPT_FIRST_FREE,
    OPT_BLACK,
    OPT_TWO,
    OPT_POSITION,
    OPT_ASCII,
    OPT_FROM,
    OPT_MOVE,
    OPT_LISTEN,
    OPT_CONNECT,
    OPT_TIMEOUT
};

static const struct option long_options[] = {
    {"level", required_argument, NULL, OPT_LEVEL},
    {"black", no_argument, NULL, OPT_BLACK},
    {"two", no_argument, NULL, OPT_TWO},
    {"position", required_argument, NULL, OPT_POSITION},
    {"ascii", no_argument, NULL, OPT_ASCII},
    {"from", required_argument, NULL, OPT_FROM},
    {"move", required_argument, NULL, OPT_MOVE},
    {"listen", required_argument, NULL, OPT_LISTEN},
    {"connect", required_argument, NULL, OPT_CONNECT},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"output", required_argument, NULL, 'o'},
    {"variant", required_argument, NULL, TOOL_OPT_VARIANT},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, TOOL_OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static const char usage[] =
    "Usage: pdnplay [options]\n"
    "Play draughts against libpdn's engine (or --two: two people) on a terminal.\n"
    "After each move the board is drawn; type a move (32-28, 28x10, or square by\n"
    "square: 28 19 10; c3-d4 where the variant writes letters) or a command:\n"
    "  h          a hint: the engine's move, its score and the line it expects\n"
    "  u          take back your last move and the computer's answer\n"
    "  n          a new game\n"
    "  w FILE     save the game as PDN (players, level, date, result)\n"
    "  q          quit (also the end of the input)\n"
    "\n"
    "      --level N          the computer's level, 1 (beginner) to 4 (default 2)\n"
    "      --black            play Black (default White)\n"
    "      --two              two people on one terminal, no computer\n"
    "      --variant NAME     international (default), brazilian, russian,\n"
    "                         english, czech, italian\n"
    "      --position FEN     start from this position\n"
    "      --from FILE        start where the first game of a PDN file ends, or\n"
    "      --move N. | N...   with --from: after White's (N.) or Black's (N...)\n"
    "                         Nth move of its main line\n"
    "      --ascii            draw the board in ASCII, even in a UTF-8 locale\n"
    "A friend over the network (DXP, international draughts):\n"
    "      --listen PORT      wait for the friend's program on PORT (27531 is DXP's)\n"
    "      --connect HOST:PORT  connect to it and ask for a game (--black: play Black)\n"
    "      --timeout S        seconds to wait for the friend (default 600)\n"
    "  -o, --output FILE      write the game as PDN to FILE however it ends\n"
    "      (u asks the friend to take back; q resigns)\n"
    "  -h, --help             this help\n"
    "      --version          the version\n"
    "\n"
    "Exit status: 0, 2 usage error, 3 system error. See pdnplay(1).\n";

struct play {
    struct tool t;
    const char *peer; /* over DXP: the friend's name */
    bool drawn;
    int level;
    bool two, unicode;
    enum pdn_color human;
    struct pdn_board start;
    struct played_game g;
    pdn_engine *engine;
    struct pdn_movelist legal;
    char line[1024];
};

static bool computer_to_move(const struct play *p)
{
    return !p->two && p->g.board.side != p->human;
}

static void draw(const struct play *p)
{
    struct pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.unicode = p->unicode;
    o.last = p->g.nplies > 0 ? &p->g.moves[p->g.nplies - 1] : NULL;
    pdn_diagram_text(stdout, &p->g.board, &o);
}

static void move_text(char out[PDN_MOVE_TEXT_MAX], const struct pdn_board *b,
                      const struct pdn_move *m)
{
    static struct pdn_movelist legal;
    pdn_movegen(&legal, b, 0);
    pdn_move_text(out, m, &legal, PDN_CAPTURE_FULL_WHEN_AMBIGUOUS, (enum pdn_variant)b->variant);
}

static void play_move(struct play *p, const struct pdn_move *m, const char *who)
{
    char t[PDN_MOVE_TEXT_MAX];
    move_text(t, &p->g.board, m);
    if (p->g.nplies == PLIES_MAX) return;
    p->g.before[p->g.nplies] = p->g.board;
    p->g.moves[p->g.nplies++] = *m;
    pdn_board_play(&p->g.board, m);
    printf("%s plays %s\n", who, t);
}

static void new_game(struct play *p)
{
    memset(&p->g, 0, sizeof p->g);
    p->g.start = p->g.board = p->start;
    pdn_engine_clear(p->engine);
}

static struct pdn_engine_result think(struct play *p)
{
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, p->level);
    limits.seed = (uint64_t)time(NULL);
    struct pdn_engine_result r;
    pdn_engine_search(&r, p->engine, &p->g.board, p->g.before, (size_t)p->g.nplies, &limits);
    return r;
}

static void hint(struct play *p)
{
    struct pdn_engine_limits limits;
    pdn_engine_level(&limits, PDN_ENGINE_LEVELS - 1);
    struct pdn_engine_result r;
    pdn_engine_search(&r, p->engine, &p->g.board, p->g.before, (size_t)p->g.nplies, &limits);
    if (!r.has_move) return;
    struct pdn_board b = p->g.board;
    char t[PDN_MOVE_TEXT_MAX];
    move_text(t, &b, &r.move);
    printf("hint: %s (score %+.2f), expecting", t, r.score / 100.0);
    for (int i = 0; i < r.npv; i++) {
        move_text(t, &b, &r.pv[i]);
        pdn_board_play(&b, &r.pv[i]);
        printf(" %s", t);
    }
    putchar('\n');
}

/* u: back to the human's last turn (one ply with --two). */
static void take_back(struct play *p)
{
    if (p->g.nplies == 0) {
        printf("nothing to take back\n");
        return;
    }
    do
        p->g.board = p->g.before[--p->g.nplies];
    while (!p->two && p->g.nplies > 0 && p->g.board.side != p->human);
    printf("taken back\n");
}

static const char *side_name(enum pdn_color c)
{
    return c == PDN_COLOR_WHITE ? "White" : "Black";
}

/* w FILE: the game so far as PDN, the result when it is over. */
static void save(struct play *p, const char *path)
{
    static struct played_game copy;
    char level[32], date[16];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    snprintf(level, sizeof level, "pdnplay level %d", p->level);
    const char *you = p->two ? NULL : "You";
    if (p->peer) snprintf(level, sizeof level, "%s", p->peer[0] ? p->peer : "?");
    struct game_record r = {.prog = "pdnplay",
                            .white = p->two                        ? "White"
                                     : p->human == PDN_COLOR_WHITE ? you
                                                                   : level,
                            .black = p->two                        ? "Black"
                                     : p->human == PDN_COLOR_BLACK ? you
                                                                   : level,
                            .event = "pdnplay",
                            .date = date,
                            .round = 1,
                            .result = RESULT_UNFINISHED};
    if (pdn_movegen_count(&p->g.board, 0) == 0)
        r.result = p->g.board.side == PDN_COLOR_WHITE ? RESULT_BLACK : RESULT_WHITE;
    FILE *out = fopen(path, "w");
    copy = p->g;
    if (!out || game_write(out, &copy, &r) != 0 || fclose(out) != 0) {
        fprintf(stderr, "pdnplay: %s: cannot write the game\n", path);
        return;
    }
    printf("saved to %s\n", path);
}

/* "28 19 10", "c3 d4": squares one by one, made one move text. */
static void join_squares(char *text, bool capture)
{
    if (strspn(text, "0123456789abcdefghij ") != strlen(text)) return;
    char *w = text;
    for (char *r = text; *r; r++) {
        if (*r != ' ')
            *w++ = *r;
        else if (w > text && w[-1] != (capture ? 'x' : '-'))
            *w++ = capture ? 'x' : '-';
    }
    while (w > text && (w[-1] == 'x' || w[-1] == '-'))
        w--;
    *w = '\0';
}

static void human_move(struct play *p, char *text)
{
    join_squares(text, pdn_movegen_has_capture(&p->g.board));
    struct pdn_match m;
    pdn_move_match(&m, text, &p->g.board, &p->legal, false);
    if (m.result != PDN_MATCH_OK) {
        printf("%s: %s\n", text,
               m.result == PDN_MATCH_AMBIGUOUS ? "ambiguous: give more squares"
                                               : "not a legal move (h for a hint)");
        return;
    }
    play_move(p, &p->legal.moves[m.move],
              p->two ? side_name((enum pdn_color)p->g.board.side) : "you");
    draw(p);
}

/* One line: a command or a move. False to quit. */
static bool command(struct play *p, char *text, bool over)
{
    if (strcmp(text, "q") == 0) return false;
    if (strcmp(text, "h") == 0 && !over)
        hint(p);
    else if (strcmp(text, "u") == 0) {
        take_back(p);
        draw(p);
    } else if (strcmp(text, "n") == 0) {
        new_game(p);
        draw(p);
    } else if (strncmp(text, "w ", 2) == 0 && text[2])
        save(p, text + 2);
    else if (strcmp(text, "?") == 0)
        fputs(usage, stdout);
    else if (text[0] && over)
        printf("the game is over: u, n, w FILE or q\n");
    else if (text[0])
        human_move(p, text);
    return true;
}

static void run(struct play *p)
{
    draw(p);
    for (;;) {
        bool over = pdn_movegen(&p->legal, &p->g.board, 0) == 0;
        if (!over && computer_to_move(p)) {
            struct pdn_engine_result r = think(p);
            play_move(p, &r.move, "computer");
            draw(p);
            continue;
        }
        enum pdn_color side = (enum pdn_color)p->g.board.side;
        if (over) printf("%s has no move: %s wins\n", side_name(side), side_name(!side));
        printf("%s> ", over ? "game over" : side_name(side));
        fflush(stdout);
        if (!fgets(p->line, sizeof p->line, stdin)) break;
        p->line[strcspn(p->line, "\r\n")] = '\0';
        if (!command(p, p->line, over)) break;
    }
}

struct start_options {
    enum pdn_variant variant;
    const char *fen, *from, *move;
    struct dxp_settings dxp; /* --listen, --connect */
};

static void parse_options(struct play *p, int argc, char **argv, struct start_options *s)
{
    bool ascii = false;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, ":ho:", long_options, NULL)) != -1) {
        switch (opt) {
        case OPT_LEVEL:
            p->level = (int)tool_parse_long(&p->t, "--level", optarg, 1, PDN_ENGINE_LEVELS);
            break;
        case OPT_BLACK:
            p->human = PDN_COLOR_BLACK;
            break;
        case OPT_TWO:
            p->two = true;
            break;
        case OPT_POSITION:
            s->fen = optarg;
            break;
        case OPT_FROM:
            s->from = optarg;
            break;
        case OPT_MOVE:
            s->move = optarg;
            break;
        case OPT_LISTEN:
            s->dxp.listen = optarg;
            break;
        case OPT_CONNECT:
            s->dxp.connect = optarg;
            break;
        case OPT_TIMEOUT:
            s->dxp.timeout = (double)tool_parse_long(&p->t, "--timeout", optarg, 1, 86400);
            break;
        case 'o':
            s->dxp.output = optarg;
            break;
        case OPT_ASCII:
            ascii = true;
            break;
        case TOOL_OPT_VARIANT:
            if (!pdn_variant_parse(&s->variant, optarg))
                tool_usage_error(&p->t, "--variant wants a variant's name, not '%s'", optarg);
            break;
        default:
            if (!tool_common_option(&p->t, opt, optarg)) tool_option_error(&p->t, opt, argv);
        }
    }
    if (optind < argc) tool_usage_error(&p->t, "unexpected operand '%s'", argv[optind]);
    if (s->move && !s->from) tool_usage_error(&p->t, "--move wants --from FILE");
    if (s->from && s->fen) tool_usage_error(&p->t, "--from or --position, not both");
    if (s->dxp.listen && s->dxp.connect) tool_usage_error(&p->t, "--listen or --connect, not both");
    if ((s->dxp.listen || s->dxp.connect) &&
        (p->two || s->fen || s->from || s->variant != PDN_VARIANT_INTERNATIONAL))
        tool_usage_error(&p->t, "over DXP: international draughts from the start, one player");
    p->unicode = !ascii && tool_locale_is_utf8();
}

/* The plies of "23." (White's 23rd move) or "23..." from a start position;
 * -1 for any other text. */
static long move_plies(const char *move, const struct pdn_board *start)
{
    char *end;
    long n = strtol(move, &end, 10);
    if (n < 1 || end == move || (strcmp(end, ".") != 0 && strcmp(end, "...") != 0)) return -1;
    long ply = 2 * (n - 1) + (strcmp(end, "...") == 0);
    return start->side == PDN_COLOR_BLACK ? ply : ply + 1;
}

struct from_game {
    const char *move;       /* "23." or "23...", NULL: the end */
    long want;              /* plies wanted, known at the first ply */
    long plies;             /* main-line plies taken */
    struct pdn_board board; /* the position reached */
};

static void on_ply(const struct pdn_board *before, const struct pdn_board *after,
                   const struct pdn_move *move, const struct pdn_node *node, int depth, void *ctx)
{
    struct from_game *f = ctx;
    (void)move, (void)node;
    if (depth != 0) return;
    if (f->plies == 0) {
        f->board = *before;
        f->want = f->move ? move_plies(f->move, before) : -1;
    }
    if (f->want >= 0 && f->plies >= f->want) return;
    f->plies++;
    f->board = *after;
}

/* --from FILE [--move N.]: the first game's position there. */
static void start_from_file(struct play *p, const struct start_options *s)
{
    pdn_reader *reader;
    pdn_game *game = NULL;
    if (pdn_reader_open_file(&reader, s->from, NULL) != 0)
        tool_usage_error(&p->t, "--from: cannot read %s", s->from);
    if (pdn_reader_next(&game, reader) != 1)
        tool_usage_error(&p->t, "--from: no game in %s", s->from);
    struct from_game f = {.move = s->move};
    struct pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
    o.on_ply = on_ply;
    o.ply_ctx = &f;
    struct pdn_replay_summary sum;
    int rc = pdn_replay_game(&sum, game, &o);
    pdn_game_free(game);
    pdn_reader_free(reader);
    if (rc != 0) tool_usage_error(&p->t, "--from: %s: %s", s->from, pdn_strerror(rc));
    if (s->move && (f.want < 0 || f.plies < f.want))
        tool_usage_error(&p->t, "--move %s: the first game of %s does not get there", s->move,
                         s->from);
    p->start = f.plies > 0 ? f.board : sum.final;
}

/* ---- a friend over DXP (../dxp_game.c) ---- */

static void net_moved(const struct dxp_game *game, const char *what, void *ctx)
{
    struct play *p = ctx;
    p->g = game->g;
    p->peer = game->peer;
    if (strncmp(what, "taken back", 10) == 0) {
        printf("%s\n", what);
    } else if (p->g.nplies > 0) {
        char t[PDN_MOVE_TEXT_MAX];
        move_text(t, &p->g.before[p->g.nplies - 1], &p->g.moves[p->g.nplies - 1]);
        printf("%s %s %s\n", strcmp(what, "we") == 0 ? "you" : game->peer,
               strcmp(what, "we") == 0 ? "play" : "plays", t);
    }
    draw(p);
    p->drawn = true;
}

/* Our move, typed: a move, u (take back), h, w FILE, q (resign). */
static enum dxp_choice net_choose(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    struct play *p = ctx;
    p->g = game->g;
    p->peer = game->peer;
    p->human = game->us;
    if (!p->drawn) draw(p);
    p->drawn = true;
    if (pdn_movegen(&p->legal, &p->g.board, 0) == 0) return DXP_NO_MOVE;
    for (;;) {
        printf("%s> ", side_name((enum pdn_color)p->g.board.side));
        fflush(stdout);
        if (!fgets(p->line, sizeof p->line, stdin)) return DXP_RESIGN;
        char *text = p->line;
        text[strcspn(text, "\r\n")] = '\0';
        if (strcmp(text, "q") == 0) return DXP_RESIGN;
        if (strcmp(text, "u") == 0) return DXP_TAKE_BACK;
        if (strcmp(text, "h") == 0 || strcmp(text, "?") == 0 || strncmp(text, "w ", 2) == 0 ||
            !text[0]) {
            command(p, text, false);
            continue;
        }
        join_squares(text, pdn_movegen_has_capture(&p->g.board));
        struct pdn_match m;
        pdn_move_match(&m, text, &p->g.board, &p->legal, false);
        if (m.result == PDN_MATCH_OK) {
            *out = p->legal.moves[m.move];
            return DXP_PLAY;
        }
        printf("%s: not a legal move (h for a hint)\n", text);
    }
}

static int play_friend(struct play *p, struct dxp_settings *s)
{
    s->prog = "pdnplay";
    s->name = "pdnplay";
    s->max_plies = PLIES_MAX;
    if (s->timeout <= 0) s->timeout = 600;
    s->black = p->human == PDN_COLOR_BLACK;
    struct dxp_player player = {.choose = net_choose, .moved = net_moved, .ctx = p};
    return dxp_play(s, &player);
}

int main(int argc, char **argv)
{
    static struct play p;
    tool_init(&p.t, "pdnplay", usage);
    p.level = 2;
    struct start_options s = {.variant = PDN_VARIANT_INTERNATIONAL};
    parse_options(&p, argc, argv, &s);
    if (s.fen && pdn_board_from_fen(&p.start, s.variant, s.fen, NULL) != 0)
        tool_usage_error(&p.t, "--position: bad FEN '%s'", s.fen);
    if (!s.fen) pdn_board_init(&p.start, s.variant);
    if (s.from) start_from_file(&p, &s);
    if (pdn_engine_new(&p.engine, NULL) != 0) {
        fprintf(stderr, "pdnplay: out of memory\n");
        return TOOL_EXIT_SYSTEM;
    }
    new_game(&p);
    int status = 0;
    if (s.dxp.listen || s.dxp.connect)
        status = play_friend(&p, &s.dxp);
    else
        run(&p);
    pdn_engine_free(p.engine);
    return tool_stdout_flush(&p.t) ? status : TOOL_EXIT_SYSTEM;
}
