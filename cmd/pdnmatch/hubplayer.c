/*
 * A Hub engine as a pdnmatch player: started with /bin/sh -c COMMAND, its
 * standard input and output on pipes. hub / wait, set-param variant (not
 * for international, Scan's only game), init / ready; for each move the
 * opening position with the moves since (so it can see repetitions), the
 * level line, go think / done. Every answer is awaited with a timeout: an
 * engine that dies, hangs or plays an illegal move forfeits, with a
 * message saying which. A "go" that got no "done" (too slow, or an error)
 * leaves the engine owing one: it is told to stop and its late answer
 * read and dropped (up to a "pong"), or it is killed, so that the next
 * game never takes a stale move for its own. An engine that quit, or was
 * killed, is started anew for the next game (hub_new_game); whether it
 * quit, and how it ended, hub_quit tells pdnmatch, and whether it let the
 * timeout pass, hub_late: pdnmatch counts both.
 */
#include "../lines.h"
#include "../report.h"
#include "pdnmatch.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct hub_player {
    pid_t pid;
    int to;
    struct lines from;
    const char *command;
    enum pdn_variant variant;
    double timeout;
    const char *level;
    bool quit;       /* it ended on its own since it was started */
    bool late;       /* it let the timeout pass in the game being played */
    char ended[128]; /* how it ended ("exit status 3"), or "" */
    char line[PDN_HUB_LINE_MAX];
    struct pdn_hub_message msg;
    struct pdn_movelist legal;
};

/* Writes all of buf. An engine that quit (EPIPE) is no failure here: the
 * answer awaited next meets the end of what it wrote, and says it quit
 * before that answer, whichever of the two came first. */
static bool write_all(struct hub_player *h, const char *buf, size_t len, char *err, size_t cap)
{
    for (size_t done = 0; done < len;) {
        ssize_t n = write(h->to, buf + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EPIPE) return true;
        if (n <= 0) {
            snprintf(err, cap, "the engine stopped reading (%s)", strerror(errno));
            return false;
        }
        done += (size_t)n;
    }
    return true;
}

static bool send_line(struct hub_player *h, const char *text, char *err, size_t cap)
{
    return write_all(h, text, strlen(text), err, cap) && write_all(h, "\n", 1, err, cap);
}

/* How a process ended, from its wait status. */
static void describe_status(char *out, size_t cap, int status)
{
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
    if (WIFEXITED(status) && code > 128 && code < 128 + 65) /* sh -c's child, killed */
        snprintf(out, cap, "exit status %d, as sh reports signal %d, %s", code, code - 128,
                 strsignal(code - 128));
    else if (WIFEXITED(status))
        snprintf(out, cap, "exit status %d", code);
    else if (WIFSIGNALED(status))
        snprintf(out, cap, "killed by signal %d, %s", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(out, cap, "wait status %#x", (unsigned)status);
}

/* Closes the pipes and waits for the engine to end: up to grace_ms, then
 * it is killed. How it ended goes to h->ended when it ended by itself. */
static void end_process(struct hub_player *h, int grace_ms)
{
    if (h->to >= 0) close(h->to);
    if (h->from.fd > 0) close(h->from.fd);
    h->to = -1;
    h->from.fd = -1;
    for (int waited = 0, status; h->pid > 0; waited += 50) {
        if (waitpid(h->pid, &status, WNOHANG) == h->pid) {
            describe_status(h->ended, sizeof h->ended, status);
            h->pid = -1;
            break;
        }
        if (waited >= grace_ms) {
            kill(h->pid, SIGKILL);
            waitpid(h->pid, NULL, 0);
            h->pid = -1;
            break;
        }
        nanosleep(&(struct timespec){.tv_nsec = 50000000}, NULL);
    }
}

/* The engine closed its output: it quit, or is quitting (a second is
 * plenty to exit); one that holds on with its output closed is killed,
 * of no more use. */
static void reap(struct hub_player *h)
{
    snprintf(h->ended, sizeof h->ended, "it closed its output and was killed");
    end_process(h, 1000);
    h->quit = true;
}

/* Whether a line cut to its first bytes (the rest dropped) is the one
 * awaited, or an error: its command, the first word, says. It cannot be
 * taken: read as its first 16 kB, "done move=32-28 " and 20 kB more was a
 * move played. Another (a long "info") is passed over. */
static bool cut_line_awaited(const char *line, const char *command)
{
    size_t n = strcspn(line, " \t");
    return (n == strlen(command) && strncmp(line, command, n) == 0) ||
           (n == 5 && strncmp(line, "error", 5) == 0);
}

/* Reads lines until one whose command is 'command'; false on the end,
 * the timeout, an "error" answer, or the one awaited too long to read. */
static bool await(struct hub_player *h, const char *command, double seconds, char *err, size_t cap)
{
    for (;;) {
        if (!lines_next_within(&h->from, h->line, sizeof h->line, seconds)) {
            if (h->from.eof) {
                reap(h);
                snprintf(err, cap, "the engine quit before '%s' (%s)", command, h->ended);
            } else {
                snprintf(err, cap, "no '%s' from the engine within %g s", command, seconds);
                h->late = true;
            }
            return false;
        }
        /* A line with a NUL byte is no Hub line: read up to the NUL, "done
         * move=32-28<NUL>junk" was a move taken without a word. */
        if (h->from.nul_at) {
            char q[TOOL_QUOTE_MAX];
            snprintf(err, cap, "the engine wrote a line with a NUL byte (byte %zu): %s",
                     h->from.nul_at, tool_quote(q, h->line));
            return false;
        }
        if (h->from.cut) {
            if (!cut_line_awaited(h->line, command)) continue;
            char q[TOOL_QUOTE_MAX];
            snprintf(err, cap, "the engine wrote a line longer than %zu bytes: %s",
                     sizeof h->line - 1, tool_quote(q, h->line));
            return false;
        }
        if (pdn_hub_parse(&h->msg, h->line) != 0) continue;
        if (strcmp(h->msg.command, command) == 0) return true;
        if (strcmp(h->msg.command, "error") == 0) {
            const char *m = pdn_hub_arg(&h->msg, "message");
            char q[TOOL_QUOTE_MAX];
            snprintf(err, cap, "the engine says: %s", m ? tool_quote(q, m) : "error");
            return false;
        }
    }
}

static bool spawn(struct hub_player *h, const char *command, char *err, size_t cap)
{
    int in[2], out[2];
    if (pipe(in) != 0) goto fail;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        goto fail;
    }
    h->pid = fork();
    if (h->pid < 0) goto fail;
    if (h->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    h->to = in[1];
    lines_init(&h->from, out[0]);
    return true;
fail:
    snprintf(err, cap, "cannot start '%s': %s", command, strerror(errno));
    return false;
}

/* Starts the engine and makes it ready: hub / wait, the variant, init /
 * ready. */
static bool start(struct hub_player *h, char *err, size_t cap)
{
    h->quit = false;
    h->ended[0] = '\0';
    if (!spawn(h, h->command, err, cap)) return false;
    char set[128];
    snprintf(set, sizeof set, "set-param name=variant value=%s", pdn_rules_get(h->variant)->name);
    return send_line(h, "hub", err, cap) && await(h, "wait", h->timeout, err, cap) &&
           (h->variant == PDN_VARIANT_INTERNATIONAL || send_line(h, set, err, cap)) &&
           send_line(h, "init", err, cap) && await(h, "ready", h->timeout, err, cap);
}

struct hub_player *hub_open(const char *command, enum pdn_variant variant, const char *level,
                            double timeout, char *err, size_t cap)
{
    struct hub_player *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    h->command = command;
    h->variant = variant;
    h->timeout = timeout;
    h->level = level;
    h->pid = -1;
    h->to = -1;
    h->from.fd = -1;
    if (!start(h, err, cap)) {
        hub_close(h);
        return NULL;
    }
    return h;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* True when "pong" comes within the timeout; what comes before it (the
 * late "done", "info") is dropped. A deadline for the whole, not for each
 * line: an engine writing "info" forever must not hold the match. */
static bool await_pong(struct hub_player *h)
{
    double end = seconds_now() + h->timeout;
    for (double left = h->timeout; left > 0; left = end - seconds_now()) {
        if (!lines_next_within(&h->from, h->line, sizeof h->line, left)) return false;
        if (pdn_hub_parse(&h->msg, h->line) == 0 && strcmp(h->msg.command, "pong") == 0)
            return true;
    }
    return false;
}

/* After a "go" that got no "done": "stop" ends the search, which answers
 * "done" before it reads "ping" (the protocol lets an engine take stop's
 * answer from anywhere in the search, never skip it); the "pong" shows
 * nothing of the old search is left to read. An engine that does not
 * answer is killed, and started anew for the next game. */
static void resync(struct hub_player *h)
{
    char err[256];
    if (h->pid < 0) return; /* it quit: reaped */
    if (send_line(h, "stop", err, sizeof err) && send_line(h, "ping", err, sizeof err) &&
        await_pong(h))
        return;
    end_process(h, 0);
    h->ended[0] = '\0'; /* killed: it did not quit */
}

/* "pos pos=... moves=\"...\"": the opening and the moves since. */
static void position_line(char *out, size_t cap, const struct played_game *g)
{
    char pos[PDN_SQUARES_MAX + 2];
    pdn_hub_position_write(pos, &g->start);
    size_t n = (size_t)snprintf(out, cap, "pos pos=%s moves=\"", pos);
    for (int i = 0; i < g->nplies && n + PDN_MOVE_TEXT_MAX + 2 < cap; i++) {
        char t[PDN_MOVE_TEXT_MAX];
        pdn_hub_move_write(t, &g->moves[i], g->start.variant);
        n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? " " : "", t);
    }
    snprintf(out + n, cap - n, "\"");
}

bool hub_move(struct hub_player *h, struct pdn_move *out, const struct played_game *g, char *err,
              size_t cap)
{
    static char text[PLIES_MAX * 80];
    char level[256];
    position_line(text, sizeof text, g);
    snprintf(level, sizeof level, "level %s", h->level);
    if (!send_line(h, text, err, cap) || !send_line(h, level, err, cap) ||
        !send_line(h, "go think", err, cap))
        return false;
    if (!await(h, "done", h->timeout, err, cap)) {
        resync(h);
        return false;
    }
    const char *move = pdn_hub_arg(&h->msg, "move");
    struct pdn_match m;
    pdn_movegen(&h->legal, &g->board, 0);
    pdn_move_match(&m, move ? move : "", &g->board, &h->legal, false);
    if (m.result != PDN_MATCH_OK) {
        char q[TOOL_QUOTE_MAX]; /* the engine's bytes, as they may be: garbage */
        snprintf(err, cap, "%s move %s", m.result == PDN_MATCH_AMBIGUOUS ? "ambiguous" : "illegal",
                 tool_quote(q, move ? move : ""));
        return false;
    }
    *out = h->legal.moves[m.move];
    return true;
}

bool hub_quit(struct hub_player *h, char *why, size_t cap)
{
    int status;
    if (h->pid > 0 && waitpid(h->pid, &status, WNOHANG) == h->pid) { /* after its last move */
        h->pid = -1;
        end_process(h, 0);
        describe_status(h->ended, sizeof h->ended, status);
        h->quit = true;
    }
    snprintf(why, cap, "%s", h->ended);
    return h->quit;
}

bool hub_late(const struct hub_player *h)
{
    return h->late;
}

bool hub_new_game(struct hub_player *h, char *err, size_t cap)
{
    h->late = false;
    if (h->pid > 0) return send_line(h, "new-game", err, cap);
    if (start(h, err, cap)) return true;
    end_process(h, 0);
    return false;
}

void hub_close(struct hub_player *h)
{
    if (!h) return;
    char err[64];
    if (h->to >= 0) send_line(h, "quit", err, sizeof err);
    end_process(h, 2000);
    free(h);
}
