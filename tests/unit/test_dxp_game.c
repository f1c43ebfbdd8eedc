/*
 * How long a DXP game waits for the peer (cmd/dxp_game.c, compiled in:
 * tools are not a library). With no --timeout the wait is the thinking
 * time of the game request, the minutes each side has for the game,
 * which a player may spend on one move, and never under ten minutes, what
 * a person playing through pdnplay may need; a --timeout given is kept.
 * Then what the peer sends, through a socket pair: a CHAT at any time
 * (before the game is agreed, before a take-back is answered), the end of
 * a game on the board against a peer that ends a game still going.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sys/socket.h>
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

static const struct dxp_settings test_settings = {.prog = "test", .name = "us", .timeout = 2};

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
    struct pdn_dxp_message ack = {.type = PDN_DXP_GAMEEND, .stop = 1};
    peer_sends(peer, &ack, 1); /* not waited for 5 s */
    assert_false(our_turn(x));
    assert_string_equal(x->why, "threefold repetition");
    assert_int_equal(x->result, RESULT_DRAW);
    char got[64] = "";
    assert_true(read(peer, got, sizeof got - 1) > 0); /* the reason, then GAMEEND 2 */
    assert_string_equal(got, "Cthreefold repetition");
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
