/*
 * The terminal of the full-screen tools: taken with curses, given back as
 * it was found on every way out (the tool's end, Ctrl-C and the other stop
 * signals, an exit from deep inside the shared code), and keys read in
 * short waits so that a stop signal is seen at once.
 *
 * While the screen is up, standard error goes to a temporary file: the
 * messages of the shared code (a file that could not be written) would
 * scribble over the screen. They are shown on the message line, and
 * printed on the real standard error once the terminal is given back.
 */
#include "screen.h"

#include <locale.h>
#include <signal.h>
#include <term.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set by the stop signals; the key loop polls it. A signal handler may do
 * no more than this: endwin is not async-signal-safe. */
static volatile sig_atomic_t stop_signal;
/* Whether curses owns the terminal, for the atexit handler. */
static bool screen_up;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

static void restore_terminal(void)
{
    if (screen_up) endwin();
    screen_up = false;
}

bool screen_stopped(void)
{
    return stop_signal != 0;
}

void screen_say(struct screen_msg *m, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->text, sizeof m->text, fmt, ap);
    va_end(ap);
    m->error = error;
}

int screen_getkey(int timeout_ms)
{
    /* Short waits, so a stop signal is seen even where the read restarts. */
    for (int waited = 0;;) {
        int step = timeout_ms < 0 || timeout_ms - waited > 250 ? 250 : timeout_ms - waited;
        timeout(step);
        int k = getch();
        if (k != ERR || stop_signal) return k;
        waited += step;
        if (timeout_ms >= 0 && waited >= timeout_ms) return ERR;
    }
}

void screen_said_on_stderr(struct screen *s, struct screen_msg *m)
{
    char buf[512];
    ssize_t n = s->err_fd < 0 ? 0 : pread(s->err_fd, buf, sizeof buf - 1, s->err_seen);
    if (n <= 0) return;
    s->err_seen += n;
    buf[n] = '\0';
    while (n > 0 && buf[n - 1] == '\n')
        buf[--n] = '\0';
    char *last = strrchr(buf, '\n');
    screen_say(m, true, "%s", last ? last + 1 : buf);
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a signal wakes the key read, and the loop sees it. */
    int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

/* Standard error into a temporary file while the screen is up; it stays
 * where it was when that cannot be. */
static void capture_stderr(struct screen *s)
{
    s->err_fd = s->saved_err = -1;
    s->err_seen = 0;
    FILE *tmp = tmpfile();
    int saved = tmp ? dup(STDERR_FILENO) : -1;
    if (saved < 0 || dup2(fileno(tmp), STDERR_FILENO) < 0) {
        if (saved >= 0) close(saved);
        if (tmp) fclose(tmp);
        return;
    }
    s->err_fd = dup(fileno(tmp));
    s->saved_err = saved;
    fclose(tmp);
}

/* What was said while the screen was up goes to the real standard error. */
static void release_stderr(struct screen *s)
{
    if (s->saved_err < 0) return;
    fflush(stderr);
    dup2(s->saved_err, STDERR_FILENO);
    close(s->saved_err);
    s->saved_err = -1;
    char buf[4096];
    ssize_t n;
    off_t at = 0;
    while (s->err_fd >= 0 && (n = pread(s->err_fd, buf, sizeof buf, at)) > 0) {
        fwrite(buf, 1, (size_t)n, stderr);
        at += n;
    }
    if (s->err_fd >= 0) close(s->err_fd);
    s->err_fd = -1;
}

/* Whether curses knows the terminal. Asked before newterm, which keeps
 * memory it never gives back when it does not (LeakSanitizer says so). */
static bool terminal_known(void)
{
    int err = 0;
    if (setupterm(NULL, STDOUT_FILENO, &err) != OK) return false;
    del_curterm(cur_term);
    return true;
}

bool screen_begin(struct screen *s, bool want_color)
{
    catch_signals();
    capture_stderr(s);
    setlocale(LC_ALL, ""); /* ncursesw writes UTF-8 only in a UTF-8 locale */
    if (!terminal_known() || newterm(NULL, stdout, stdin) == NULL) return false;
    screen_up = true;
    atexit(restore_terminal);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    s->color = has_colors() && getenv("NO_COLOR") == NULL && want_color;
    if (s->color) {
        start_color();
        use_default_colors();
        init_pair(SCREEN_PAIR_LAST, COLOR_YELLOW, -1);
        init_pair(SCREEN_PAIR_TYPED, COLOR_CYAN, -1);
        init_pair(SCREEN_PAIR_FINDING, COLOR_RED, -1);
    }
    return true;
}

void screen_end(struct screen *s)
{
    restore_terminal();
    release_stderr(s);
}
