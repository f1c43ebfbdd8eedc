/*
 * How long a DXP game waits for the peer (cmd/dxp_game.c, compiled in:
 * tools are not a library). With no --timeout the wait is the thinking
 * time of the game request, the minutes each side has for the game,
 * which a player may spend on one move, and never under ten minutes, what
 * a person playing through pdnplay may need; a --timeout given is kept.
 * Then what the peer sends, through a socket pair: a CHAT at any time
 * (before the game is agreed, before a take-back is answered), the end of
 * a game on the board against a peer that ends a game still going; the
 * game ended after exactly --max-plies plies, whoever has the next; a
 * win the peer claims, saved as such only when the board shows it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../cmd/dxp_game.c"
#include "../../cmd/played.c"

/* The wait for a game request as the protocol writes it. */
static double wait_for_request(double timeout, const char *request)
{
    struct pdn_dxp_message m;
    assert_int_equal(pdn_dxp_parse(&m, request, strlen(request)), 0);
    return dxp_move_wait(timeout, m.minutes);
}

static void test_dxp_game_waits_the_game_clock(void **state)
{
    (void)state;
    /* Two hours for 75 moves: a peer may think that long on one move. */
    assert_true(wait_for_request(0, "R01Kingsrow                        Z120075A") == 7200);
    /* Ten minutes, what pdnplay and pdnengine request: ten minutes. */
    assert_true(wait_for_request(0, "R01pdnplay                         W010075A") == 600);
}

static void test_dxp_game_waits_ten_minutes_at_least(void **state)
{
    (void)state;
    /* A one-minute game, or none given (0): a person still has ten. */
    assert_true(wait_for_request(0, "R01Kingsrow                        Z001075A") == 600);
    assert_true(wait_for_request(0, "R01Kingsrow                        Z000000A") == 600);
    /* The connection, before any request. */
    assert_true(dxp_move_wait(0, 0) == DXP_WAIT_LEAST);
}

static void test_dxp_game_keeps_the_timeout_given(void **state)
{
    (void)state;
    assert_true(wait_for_request(2, "R01Kingsrow                        Z120075A") == 2);
    assert_true(wait_for_request(900, "R01Kingsrow                        Z001075A") == 900);
}

/* ---- messages from a peer, through a socket pair ---- */

struct chats_heard {
    char text[256];
    int chats;
};

static void on_chat(const struct dxp_game *game, const char *text, void *ctx)
{
    (void)game;
    struct chats_heard *h = ctx;
    snprintf(h->text, sizeof h->text, "%s", text);
    h->chats++;
}

static const struct dxp_settings test_settings = {
    .prog = "test", .name = "us", .timeout = 2, .max_plies = PLIES_MAX};

/* A session on one end of a socket pair; *peer is the other end. The
 * game starts from fen (NULL: the start position), us to play `us`. */
static struct session *session_with_peer(int *peer, struct dxp_player *player, const char *fen,
                                         enum pdn_color us)
{
    int fds[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    struct session *x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->s = &test_settings;
    x->player = player;
    x->fd = fds[0];
    x->wait = 2;
    x->result = RESULT_UNFINISHED;
    x->game.us = us;
    pdn_board_init(&x->game.g.board, PDN_VARIANT_INTERNATIONAL);
    if (fen)
        assert_int_equal(pdn_board_from_fen(&x->game.g.board, PDN_VARIANT_INTERNATIONAL, fen, NULL),
                         0);
    x->game.g.start = x->game.g.board;
    *peer = fds[1];
    return x;
}

static void session_end(struct session *x, int peer)
{
    close(x->fd);
    close(peer);
    free(x);
}

/* The peer sends these messages, written by libpdn's codec. */
static void peer_sends(int peer, const struct pdn_dxp_message *m, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char text[PDN_DXP_MESSAGE_MAX];
        size_t len = pdn_dxp_format(text, &m[i]) + 1;
        assert_int_equal(write(peer, text, len), (ssize_t)len);
    }
}

static struct pdn_dxp_message chat(const char *text)
{
    struct pdn_dxp_message m = {.type = PDN_DXP_CHAT};
    snprintf(m.text, sizeof m.text, "%s", text);
    return m;
}

/* A peer in a child process, for our GAMEEND: one already waiting would
 * be read as the peer's own end when our turn begins. It reads our
 * messages, sends `late` (NULL: nothing) after our first MOVE, as a peer
 * that played before it read our end, and acknowledges our GAMEEND with
 * its own (E00); what it read comes back through peer_heard. */
struct acking_peer {
    pid_t pid;
    int heard;
};

static void acknowledge(int peer, const struct pdn_dxp_message *late, int heard)
{
    char got[1024];
    size_t n = 0, start = 0; /* start: where the message being read begins */
    bool ended = false;
    while (!ended && n < sizeof got) {
        ssize_t r = read(peer, got + n, sizeof got - n);
        if (r <= 0) _exit(1);
        for (size_t end = n + (size_t)r; n < end; n++) {
            if (got[n] != '\0') continue;
            if (got[start] == 'M' && late) {
                peer_sends(peer, late, 1);
                late = NULL;
            }
            ended = got[start] == 'E';
            got[n] = '\n';
            start = n + 1;
        }
    }
    if (write(peer, "E00", 4) != 4 || write(heard, got, n) != (ssize_t)n) _exit(1);
    _exit(0);
}

static struct acking_peer acking_peer(int peer, const struct pdn_dxp_message *late,
                                      const struct session *x)
{
    int p[2];
    assert_int_equal(pipe(p), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(p[0]);
        close(x->fd); /* its end closes with the session */
        alarm(10);    /* a test failed before our GAMEEND: no child left behind */
        acknowledge(peer, late, p[1]);
    }
    close(p[1]);
    return (struct acking_peer){pid, p[0]};
}

/* What the acking peer read, a message a line. */
static void peer_heard(char *out, size_t cap, struct acking_peer *a)
{
    size_t n = 0;
    ssize_t r;
    while (n < cap - 1 && (r = read(a->heard, out + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    out[n] = '\0';
    close(a->heard);
    int status;
    assert_int_equal(waitpid(a->pid, &status, 0), a->pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* DXP lets a CHAT come at any time: one before the game's acceptance is
 * shown, and the game request is still answered by the GAMEACC after it. */
static void test_dxp_game_chat_before_the_acceptance(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.chat = on_chat, .ctx = &h};
    int peer;
    struct session *x = session_with_peer(&peer, &player, NULL, PDN_COLOR_WHITE);
    struct pdn_dxp_message m[2] = {chat("hello, one moment"), {.type = PDN_DXP_GAMEACC}};
    snprintf(m[1].name, sizeof m[1].name, "Kingsrow");
    peer_sends(peer, m, 2);
    assert_true(handshake(x, true));
    assert_string_equal(x->game.peer, "Kingsrow");
    assert_int_equal(h.chats, 1);
    assert_string_equal(h.text, "hello, one moment");
    session_end(x, peer);
}

/* The follower: a CHAT before the game request. */
static void test_dxp_game_chat_before_the_request(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.chat = on_chat, .ctx = &h};
    int peer;
    struct session *x = session_with_peer(&peer, &player, NULL, PDN_COLOR_WHITE);
    struct pdn_dxp_message m[2] = {chat("hi"),
                                   {.type = PDN_DXP_GAMEREQ,
                                    .version = 1,
                                    .color = PDN_COLOR_BLACK,
                                    .minutes = 10,
                                    .moves = 75}};
    snprintf(m[1].name, sizeof m[1].name, "Kingsrow");
    peer_sends(peer, m, 2);
    assert_true(handshake(x, false));
    assert_int_equal(x->game.us, PDN_COLOR_BLACK);
    assert_string_equal(h.text, "hi");
    session_end(x, peer);
}

static void on_moved(const struct dxp_game *game, const char *what, void *ctx)
{
    on_chat(game, what, ctx);
}

/* Two plies from the start, the peer's messages m on their way: they
 * answer the take-back request asked next. */
static struct session *asked_take_back(int *peer, struct dxp_player *player,
                                       const struct pdn_dxp_message *m, size_t n)
{
    struct session *x = session_with_peer(peer, player, NULL, PDN_COLOR_WHITE);
    struct pdn_movelist legal;
    for (int i = 0; i < 2; i++) {
        pdn_movegen(&legal, &x->game.g.board, 0);
        play(x, &legal.moves[0]);
    }
    peer_sends(*peer, m, n);
    return x;
}

/* A CHAT while our take-back request waits for its BACKACC: the take-back
 * is still made when the BACKACC comes. */
static void test_dxp_game_chat_before_the_take_back(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.chat = on_chat, .ctx = &h};
    int peer;
    struct pdn_dxp_message m[2] = {chat("let me think"), {.type = PDN_DXP_BACKACC, .code = 0}};
    struct session *x = asked_take_back(&peer, &player, m, 2);
    assert_true(ask_take_back(x));
    assert_int_equal(x->game.g.nplies, 0);
    assert_int_equal(x->game.g.board.side, PDN_COLOR_WHITE);
    assert_int_equal(h.chats, 1);
    assert_string_equal(h.text, "let me think");
    session_end(x, peer);
}

/* A take-back refused (BACKACC code 2) is said, the game kept. */
static void test_dxp_game_take_back_refused(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.moved = on_moved, .ctx = &h};
    int peer;
    struct pdn_dxp_message m = {.type = PDN_DXP_BACKACC, .code = 2};
    struct session *x = asked_take_back(&peer, &player, &m, 1);
    assert_true(ask_take_back(x));
    assert_int_equal(x->game.g.nplies, 2);
    assert_string_equal(h.text, "the peer refused the take-back");
    session_end(x, peer);
}

/* The peer ends the game instead of answering the take-back: the game
 * is over (it was taken for the answer and the game went on). */
static void test_dxp_game_take_back_answered_by_the_end(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.moved = on_moved, .chat = on_chat, .ctx = &h};
    int peer;
    struct pdn_dxp_message m[2] = {chat("no, I resign"), {.type = PDN_DXP_GAMEEND, .code = 1}};
    struct session *x = asked_take_back(&peer, &player, m, 2);
    assert_false(ask_take_back(x));
    assert_true(x->ending);
    assert_string_equal(x->why, "the peer ended the game (no, I resign)");
    assert_int_equal(x->result, RESULT_WHITE);
    assert_int_equal(x->game.g.nplies, 2);
    session_end(x, peer);
}

/* The loser with no legal move says GAMEEND (reason 1, I lose): the
 * winner's game reads what happened on the board, not "the peer ended
 * the game". Black to move has no piece left. */
static void test_dxp_game_end_on_the_board(void **state)
{
    (void)state;
    struct dxp_player player = {0};
    int peer;
    struct session *x = session_with_peer(&peer, &player, "B:W28:B", PDN_COLOR_WHITE);
    struct pdn_dxp_message end = {.type = PDN_DXP_GAMEEND, .code = 1, .stop = 1};
    assert_false(answer(x, &end));
    assert_string_equal(x->why, "Black has no legal move");
    assert_int_equal(x->result, RESULT_WHITE);
    /* The winner claims it first (reason 3, I win): the same. */
    x->game.us = PDN_COLOR_BLACK;
    end.code = 3;
    assert_false(answer(x, &end));
    assert_string_equal(x->why, "Black has no legal move");
    assert_int_equal(x->result, RESULT_WHITE);
    session_end(x, peer);
}

/* A peer that ends a game still going, with its reason chatted first. */
static void test_dxp_game_end_by_the_peer(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.chat = on_chat, .ctx = &h};
    int peer;
    struct session *x = session_with_peer(&peer, &player, NULL, PDN_COLOR_BLACK);
    struct pdn_dxp_message m[2] = {chat("I resign"), {.type = PDN_DXP_GAMEEND, .code = 1}};
    peer_sends(peer, m, 2);
    struct pdn_dxp_message got;
    assert_int_equal(receive(x, &got), 1);
    assert_false(answer(x, &got));
    assert_string_equal(x->why, "the peer ended the game (I resign)");
    assert_int_equal(x->result, RESULT_BLACK);
    session_end(x, peer);
}

/* Plays moves given as text ("46-41") on the session's board. */
static void play_texts(struct session *x, const char *const *moves, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct pdn_movelist legal;
        struct pdn_match m;
        pdn_movegen(&legal, &x->game.g.board, 0);
        pdn_move_match(&m, moves[i], &x->game.g.board, &legal, false);
        assert_int_equal(m.result, PDN_MATCH_OK);
        play(x, &legal.moves[m.move]);
    }
}

static enum dxp_choice must_not_choose(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    (void)out, (void)game, (void)ctx;
    fail_msg("asked for a move in a game drawn by the rules");
    return DXP_RESIGN;
}

/* Kings to and fro: the position after 4. 41-46 10-5 is the third time
 * the start's (FMJD: threefold repetition, a draw). */
static const char *const to_and_fro[] = {"46-41", "5-10", "41-46", "10-5",
                                         "46-41", "5-10", "41-46", "10-5"};

/* A draw rule reached ends the game there, on our turn: it had gone on
 * (and the file, cut at the draw by the validator, said 1-1 where the
 * last line said another result). */
static void test_dxp_game_drawn_by_repetition(void **state)
{
    (void)state;
    struct dxp_player player = {.choose = must_not_choose};
    int peer;
    struct session *x =
        session_with_peer(&peer, &player, "W:WK46,31,32:BK5,19,20", PDN_COLOR_WHITE);
    play_texts(x, to_and_fro, 8);
    struct acking_peer a = acking_peer(peer, NULL, x); /* not waited for 5 s */
    assert_false(our_turn(x));
    assert_string_equal(x->why, "threefold repetition");
    assert_int_equal(x->result, RESULT_DRAW);
    char got[64];
    peer_heard(got, sizeof got, &a);
    assert_string_equal(got, "Cthreefold repetition\nE21\n"); /* the reason, then GAMEEND 2 */
    session_end(x, peer);
}

/* The peer ends a game the rules drew (GAMEEND reason 2): the rule is
 * written, not "the peer ended the game". */
static void test_dxp_game_peer_ends_a_drawn_game(void **state)
{
    (void)state;
    struct dxp_player player = {0};
    int peer;
    struct session *x =
        session_with_peer(&peer, &player, "W:WK46,31,32:BK5,19,20", PDN_COLOR_BLACK);
    play_texts(x, to_and_fro, 8);
    struct pdn_dxp_message end = {.type = PDN_DXP_GAMEEND, .code = 2, .stop = 1};
    assert_false(answer(x, &end));
    assert_string_equal(x->why, "threefold repetition");
    assert_int_equal(x->result, RESULT_DRAW);
    session_end(x, peer);
}

/* ---- --max-plies: the game ends after exactly that many plies ---- */

static enum dxp_choice first_legal(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    (void)ctx;
    struct pdn_movelist legal;
    assert_true(pdn_movegen(&legal, &game->g.board, 0) > 0);
    *out = legal.moves[0];
    return DXP_PLAY;
}

static enum dxp_choice no_move(struct pdn_move *out, const struct dxp_game *game, void *ctx)
{
    (void)out, (void)game, (void)ctx;
    return DXP_NO_MOVE;
}

/* What the peer received, each message on a line of its own. */
static void peer_received(char *out, size_t cap, int peer)
{
    ssize_t n = read(peer, out, cap - 1);
    assert_true(n > 0);
    for (ssize_t i = 0; i < n; i++)
        if (out[i] == '\0') out[i] = '\n';
    out[n] = '\0';
}

/* A session as session_with_peer's, with --max-plies n (in *most). */
static struct session *limited(int *peer, struct dxp_player *player, const char *fen,
                               enum pdn_color us, struct dxp_settings *most, int n)
{
    *most = test_settings;
    most->max_plies = n;
    struct session *x = session_with_peer(peer, player, fen, us);
    x->s = most;
    return x;
}

/* --max-plies n after 1. 32-28 19-23, us White to move (28x19 is
 * forced), the peer sending `late` after our move (NULL: nothing): the
 * game ends drawn after exactly n plies, why said, the peer having read
 * `heard`. */
static void ends_after(int n, const struct pdn_dxp_message *late, const char *why,
                       const char *heard)
{
    struct dxp_player player = {.choose = n == 3 ? first_legal : must_not_choose};
    struct dxp_settings most;
    int peer;
    struct session *x = limited(&peer, &player, NULL, PDN_COLOR_WHITE, &most, n);
    play_texts(x, (const char *const[]){"32-28", "19-23"}, 2);
    struct acking_peer a = acking_peer(peer, late, x);
    assert_false(our_turn(x));
    assert_int_equal(x->game.g.nplies, n);
    assert_int_equal(x->result, RESULT_DRAW);
    assert_string_equal(x->why, why);
    char got[256];
    peer_heard(got, sizeof got, &a);
    assert_string_equal(got, heard);
    session_end(x, peer);
}

/* The last ply allowed is ours: the game ends right after it, though
 * the peer has the move (it does not know our limit): our move, the
 * reason and GAMEEND 2 (draw) reach it together. A move it sent before
 * it read them is not played: the game has 3 plies, not 4. */
static void test_dxp_game_most_plies_on_the_peers_turn(void **state)
{
    (void)state;
    struct pdn_dxp_message late = {
        .type = PDN_DXP_MOVE, .from = 14, .to = 23, .ncaptured = 1, .captured = {19}};
    ends_after(3, &late, "a draw after 3 plies, the most allowed",
               "M000028190123\nCa draw after 3 plies, the most allowed\nE21\n");
}

/* The last ply allowed is the peer's: the game ends on our turn, no
 * move asked for. */
static void test_dxp_game_most_plies_on_our_turn(void **state)
{
    (void)state;
    ends_after(2, NULL, "a draw after 2 plies, the most allowed",
               "Ca draw after 2 plies, the most allowed\nE21\n");
}

/* The peer's last ply allowed takes our last piece: the peer won, on
 * the board; no draw. */
static void test_dxp_game_most_plies_lost_on_the_board(void **state)
{
    (void)state;
    struct dxp_player player = {.choose = no_move};
    struct dxp_settings one;
    int peer;
    struct session *x = limited(&peer, &player, "W:W28:B23", PDN_COLOR_BLACK, &one, 1);
    play_texts(x, (const char *const[]){"28x19"}, 1);
    struct acking_peer a = acking_peer(peer, NULL, x);
    assert_false(our_turn(x));
    assert_string_equal(x->why, "Black has no legal move");
    assert_int_equal(x->result, RESULT_WHITE);
    char got[64];
    peer_heard(got, sizeof got, &a);
    assert_string_equal(got, "E11\n"); /* I lose: the board says why */
    session_end(x, peer);
}

/* Our last ply allowed takes the peer's last piece: no draw sent, the
 * peer's GAMEEND (I lose) awaited, and the game is ours. */
static void test_dxp_game_most_plies_won_on_the_board(void **state)
{
    (void)state;
    struct dxp_player player = {.choose = first_legal};
    struct dxp_settings one;
    int peer;
    struct session *x = limited(&peer, &player, "W:W28:B23", PDN_COLOR_WHITE, &one, 1);
    assert_true(our_turn(x));
    char got[256];
    peer_received(got, sizeof got, peer);
    assert_string_equal(got, "M000028190123\n");
    struct pdn_dxp_message lose = {.type = PDN_DXP_GAMEEND, .code = 1, .stop = 1};
    assert_false(answer(x, &lose));
    assert_string_equal(x->why, "Black has no legal move");
    assert_int_equal(x->result, RESULT_WHITE);
    session_end(x, peer);
}

/* ---- a win the peer claims (GAMEEND reason 3, I win) ---- */

/* The saved game, as save() writes it for -o. */
static void saved(char *out, size_t cap, struct session *x)
{
    char path[] = "/tmp/test_dxp_game.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    struct dxp_settings to_file = *x->s;
    to_file.output = path;
    const struct dxp_settings *s = x->s;
    x->s = &to_file;
    save(x);
    x->s = s;
    ssize_t n = read(fd, out, cap - 1);
    assert_true(n > 0);
    out[n] = '\0';
    close(fd);
    unlink(path);
}

/* A win claimed in a game still going (both sides have their pieces and
 * moves after 1. 32-28 19-23): DXP gives the reason "for informational
 * purposes only", and the board shows none. The game is saved
 * unfinished, the claim said, not lost. */
static void test_dxp_game_win_claimed_the_board_does_not_show(void **state)
{
    (void)state;
    struct chats_heard h = {0};
    struct dxp_player player = {.chat = on_chat, .ctx = &h};
    int peer;
    struct session *x = session_with_peer(&peer, &player, NULL, PDN_COLOR_WHITE);
    play_texts(x, (const char *const[]){"32-28", "19-23"}, 2);
    struct pdn_dxp_message m[2] = {chat("I win on time"),
                                   {.type = PDN_DXP_GAMEEND, .code = 3, .stop = 1}};
    peer_sends(peer, m, 2);
    struct pdn_dxp_message got;
    assert_int_equal(receive(x, &got), 1);
    assert_false(answer(x, &got));
    assert_int_equal(x->result, RESULT_UNFINISHED);
    assert_string_equal(x->why, "the peer claimed a win the board does not show (I win on time)");
    assert_string_equal(h.text, "I win on time"); /* shown as it came, too */
    char pdn[2048];
    saved(pdn, sizeof pdn, x);
    assert_non_null(strstr(pdn, "[Result \"*\"]"));
    assert_non_null(strstr(
        pdn,
        "\n1. 32-28 19-23 {the peer claimed a win the board does not show (I win on time)} *\n"));
    session_end(x, peer);
}

/* The honest claim: the peer's move takes our last piece and its
 * GAMEEND 3 follows at once. The board shows the win: the peer's. */
static void test_dxp_game_win_claimed_the_board_shows(void **state)
{
    (void)state;
    struct dxp_player player = {.choose = must_not_choose};
    int peer;
    struct session *x = session_with_peer(&peer, &player, "W:W28:B23", PDN_COLOR_BLACK);
    struct pdn_dxp_message m[2] = {
        {.type = PDN_DXP_MOVE, .from = 28, .to = 19, .ncaptured = 1, .captured = {23}},
        {.type = PDN_DXP_GAMEEND, .code = 3, .stop = 1}};
    peer_sends(peer, m, 2);
    struct pdn_dxp_message got;
    assert_int_equal(receive(x, &got), 1);
    assert_true(answer(x, &got));
    assert_false(our_turn(x));
    assert_int_equal(x->result, RESULT_WHITE);
    assert_string_equal(x->why, "Black has no legal move");
    char pdn[2048];
    saved(pdn, sizeof pdn, x);
    assert_non_null(strstr(pdn, "[Result \"2-0\"]"));
    assert_non_null(strstr(pdn, "\n1. 28x19 {Black has no legal move} 2-0\n"));
    session_end(x, peer);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dxp_game_waits_the_game_clock),
        cmocka_unit_test(test_dxp_game_waits_ten_minutes_at_least),
        cmocka_unit_test(test_dxp_game_keeps_the_timeout_given),
        cmocka_unit_test(test_dxp_game_chat_before_the_acceptance),
        cmocka_unit_test(test_dxp_game_chat_before_the_request),
        cmocka_unit_test(test_dxp_game_chat_before_the_take_back),
        cmocka_unit_test(test_dxp_game_take_back_refused),
        cmocka_unit_test(test_dxp_game_take_back_answered_by_the_end),
        cmocka_unit_test(test_dxp_game_drawn_by_repetition),
        cmocka_unit_test(test_dxp_game_peer_ends_a_drawn_game),
        cmocka_unit_test(test_dxp_game_end_on_the_board),
        cmocka_unit_test(test_dxp_game_end_by_the_peer),
        cmocka_unit_test(test_dxp_game_most_plies_on_the_peers_turn),
        cmocka_unit_test(test_dxp_game_most_plies_on_our_turn),
        cmocka_unit_test(test_dxp_game_most_plies_lost_on_the_board),
        cmocka_unit_test(test_dxp_game_most_plies_won_on_the_board),
        cmocka_unit_test(test_dxp_game_win_claimed_the_board_does_not_show),
        cmocka_unit_test(test_dxp_game_win_claimed_the_board_shows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
