/*
 * output: an output file written without clobbering (see output.h).
 *
 * A regular file is replaced at once: the text goes to an unnamed file
 * (O_TMPFILE) in the directory of the final target of any symbolic links,
 * which gets the old file's owner and mode and is linked in under a
 * temporary name and renamed over the target only when all went well; a
 * new file is linked in directly. Until then it has no name, so even kill -9
 * leaves nothing behind; the moment it has one (link, rename) the stop
 * signals wait. Where O_TMPFILE or /proc is missing, a mkstemp file stands
 * in, removed on failure and on the stop signals a program leaves at their
 * default (one with its own handler ends its run itself, through
 * tool_output_close).
 * FIFOs and devices are written in place: renaming over them would put a
 * regular file where a reader waits (or where /dev/null was).
 * It must not hold PDN logic, nor print other than through common.c.
 */
#define _GNU_SOURCE /* O_TMPFILE, linkat's AT_SYMLINK_FOLLOW */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The signals that end a run while a temporary file has a name. */
static const int stop_signals[] = {SIGHUP, SIGINT, SIGTERM, SIGPIPE};
#define NSTOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

/* The temporary file to remove should a signal end the run. */
static char pending_tmp[PATH_MAX];
static volatile sig_atomic_t have_pending;

/* Async-signal-safe: unlink, signal and raise only. */
static void on_fatal_signal(int sig)
{
    if (have_pending) unlink(pending_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

/*
 * Removes tmp should a stop signal end the run, for the signals still at
 * their default action. A handler of the program's own (the full-screen
 * tools, pdn2html --watch) stays: it ends the run itself, and
 * tool_output_close removes the file; taken over, the signal killed the
 * program after the write (the terminal left raw, the watch's exit status
 * 143). SIG_IGN (nohup) stays too. Called with the signals held.
 */
static void guard_signals(const char *tmp)
{
    snprintf(pending_tmp, sizeof pending_tmp, "%s", tmp);
    have_pending = 1;
    for (size_t i = 0; i < NSTOP_SIGNALS; i++) {
        struct sigaction old;
        if (sigaction(stop_signals[i], NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) ||
            old.sa_handler != SIG_DFL)
            continue;
        struct sigaction sa = {.sa_handler = on_fatal_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(stop_signals[i], &sa, NULL);
    }
}

/* The stop signals wait (*saved: the mask before) while a temporary name
 * is made and recorded, or renamed and forgotten: one coming in between
 * would leave the file, or remove a name no longer ours. */
static void hold_stop_signals(sigset_t *saved)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < NSTOP_SIGNALS; i++)
        sigaddset(&set, stop_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, saved);
}

static void release_stop_signals(const sigset_t *saved)
{
    pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* ---- names ------------------------------------------------------------------ */

/* The directory part of path, with its slash; "" for a bare name. */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* The directory of path, "." for a bare name. */
static char *dir_of(const char *path)
{
    size_t n = dir_len(path);
    return n ? strndup(path, n) : strdup(".");
}

/* "dir/.name.XXXXXX": beside the target, so rename(2) stays in one file
 * system; the X's for mkstemp or temp_fill. */
static char *temp_name(const char *path)
{
    size_t dirlen = dir_len(path);
    size_t n = strlen(path) + sizeof "/..XXXXXX";
    char *tmp = malloc(n);
    if (tmp) snprintf(tmp, n, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    return tmp;
}

/* Fills the six X's at the end of name with letters that vary per call. */
static void temp_fill(char *name, unsigned attempt)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long v =
        (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 12) ^ attempt * 7919UL;
    char *x = name + strlen(name) - 6;
    for (int i = 0; i < 6; i++, v /= 36)
        x[i] = letters[v % 36];
}

/* Where the symbolic link at path points, relative targets made relative to
 * the link's directory. NULL with errno set on failure. */
static char *link_target(const char *path)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof buf);
    if (n < 0) return NULL;
    if ((size_t)n == sizeof buf) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    size_t dirlen = buf[0] == '/' ? 0 : dir_len(path);
    char *next = malloc(dirlen + (size_t)n + 1);
    if (next == NULL) return NULL;
    memcpy(next, path, dirlen);
    memcpy(next + dirlen, buf, (size_t)n);
    next[dirlen + (size_t)n] = '\0';
    return next;
}

/* path with its symbolic links followed, as text, to the file to replace
 * or create (a dangling link names the file to create): the temporary file
 * goes beside it and the links stay links. */
static int follow_links(char **out, const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur != NULL; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0) {
            if (errno == ENOENT) break;
            int e = errno;
            free(cur);
            errno = e;
            return -1;
        }
        if (!S_ISLNK(st.st_mode)) break;
        char *next = hops < 40 ? link_target(cur) : (errno = ELOOP, NULL);
        free(cur);
        cur = next;
    }
    *out = cur;
    return cur ? 0 : -1;
}

/* ---- opening ------------------------------------------------------------------- */

static mode_t default_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/*
 * The replaced file's owner and mode, or the mode a new file would get (not
 * mkstemp's 0600). Only root may give a file away: for anyone else a file
 * of someone else's becomes the writer's (keeping the group if it may), as
 * with sed -i, rather than failing. Owner first: chown clears set-id bits.
 */
static int set_owner_mode(int fd, const struct stat *old)
{
    if (old == NULL) return fchmod(fd, default_mode());
    if (fchown(fd, old->st_uid, old->st_gid) != 0 && fchown(fd, (uid_t)-1, old->st_gid) != 0) {
        /* the writer's owner and group it is */
    }
    return fchmod(fd, old->st_mode & 07777);
}

static int open_in_place(struct tool_output *o, int flags)
{
    int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC | flags);
    if (fd < 0) return -1;
    o->kind = TOOL_OUTPUT_IN_PLACE;
    if ((o->fp = fdopen(fd, "w")) != NULL) return 0;
    int e = errno;
    close(fd);
    errno = e;
    return -1;
}

/* An unnamed file in dir that linkat can name later (through /proc), or -1
 * with errno EOPNOTSUPP when the system cannot: then a named one will do. */
static int open_unnamed(const char *dir)
{
#ifdef O_TMPFILE
    int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0) {
        /* Kernels and file systems without it say so in these ways. */
        if (errno == EISDIR || errno == EINVAL) errno = EOPNOTSUPP;
        return -1;
    }
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (access(proc, F_OK) == 0) return fd;
    close(fd);
#else
    (void)dir;
#endif
    errno = EOPNOTSUPP;
    return -1;
}

static int open_named(struct tool_output *o)
{
    o->tmp = temp_name(o->target);
    if (o->tmp == NULL) return -1;
    sigset_t saved;
    hold_stop_signals(&saved);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) guard_signals(o->tmp);
    int e = errno;
    release_stop_signals(&saved);
    errno = e;
    return fd;
}

static void drop_named(struct tool_output *o)
{
    if (o->tmp) unlink(o->tmp);
    have_pending = 0;
}

/* A temporary file for the regular file o->target (old: its status, NULL
 * when it is to be created). */
static int open_temp(struct tool_output *o, const struct stat *old)
{
    char *dir = dir_of(o->target);
    if (dir == NULL) return -1;
    int fd = open_unnamed(dir);
    free(dir);
    o->kind = TOOL_OUTPUT_UNNAMED;
    if (fd < 0 && errno == EOPNOTSUPP) {
        o->kind = TOOL_OUTPUT_NAMED;
        fd = open_named(o);
    }
    if (fd < 0) return -1;
    o->replace = old != NULL;
    if (set_owner_mode(fd, old) == 0 && (o->fp = fdopen(fd, "w")) != NULL) return 0;
    int e = errno;
    close(fd);
    if (o->kind == TOOL_OUTPUT_NAMED) drop_named(o);
    errno = e;
    return -1;
}

static int open_file(struct tool_output *o)
{
    struct stat st, target;
    if (stat(o->path, &st) != 0) {
        if (errno != ENOENT) return -1;
        return follow_links(&o->target, o->path) == 0 ? open_temp(o, NULL) : -1;
    }
    if (!S_ISREG(st.st_mode)) return open_in_place(o, 0);
    if (follow_links(&o->target, o->path) != 0) return -1;
    /* A link only the kernel can follow (/proc/self/fd/N of a deleted file):
     * no name to replace, so as the shell's '>' would. */
    if (stat(o->target, &target) != 0 || target.st_dev != st.st_dev || target.st_ino != st.st_ino)
        return open_in_place(o, O_TRUNC);
    return open_temp(o, &st);
}

static void release(struct tool_output *o)
{
    free(o->path);
    free(o->target);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

/* ---- an output that is an input ---------------------------------------------- */

/* The input of the list that is the regular file out (same device and
 * inode, whatever the names and links), or NULL. */
static const char *input_that_is(const struct stat *out, const struct tool_inputs *in)
{
    for (size_t i = 0; i < in->n; i++) {
        const char *name = in->items[i].path;
        struct stat st;
        if (in->items[i].kind != TOOL_INPUT_FILE) continue;
        int rc = strcmp(name, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(name, &st);
        if (rc == 0 && st.st_dev == out->st_dev && st.st_ino == out->st_ino) return name;
    }
    return NULL;
}

/* Whether path names an existing regular file, and which. */
static bool existing_file(const char *path, struct stat *st)
{
    return path && strcmp(path, "-") != 0 && stat(path, st) == 0 && S_ISREG(st->st_mode);
}

int tool_output_open_for(struct tool *t, struct tool_output *o, const char *path, int n,
                         char *const *operands)
{
    struct stat st;
    if (existing_file(path, &st)) {
        struct tool_inputs in;
        tool_list_inputs(t, &in, n, operands);
        const char *input = input_that_is(&st, &in);
        if (input && strcmp(input, "-") == 0)
            tool_usage_error(t, "the output '%s' is the standard input: write to another file",
                             path);
        if (input)
            tool_usage_error(t, "the output '%s' is the input '%s': write to another file", path,
                             input);
        tool_inputs_free(&in);
    }
    return tool_output_open(t, o, path);
}

int tool_output_open(struct tool *t, struct tool_output *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fp = stdout;
        return 0;
    }
    struct stat st;
    if (t->reading && existing_file(path, &st) && input_that_is(&st, t->reading)) {
        tool_system_error(t, path, "is one of the inputs: not replaced");
        return -1;
    }
    o->path = strdup(path);
    if (o->path != NULL && open_file(o) == 0) {
        if ((t->output_set = existing_file(path, &st))) {
            t->output_dev = st.st_dev;
            t->output_ino = st.st_ino;
        }
        return 0;
    }
    tool_system_error(t, path, strerror(o->path ? errno : ENOMEM));
    release(o);
    return -1;
}

/* ---- closing ----------------------------------------------------------------- */

/* Names the unnamed file fd as o->target: directly when the target is new
 * (linkat never replaces), else under a temporary name renamed over it. */
static int link_unnamed(struct tool_output *o, int fd)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (!o->replace) {
        if (linkat(AT_FDCWD, proc, AT_FDCWD, o->target, AT_SYMLINK_FOLLOW) == 0) return 0;
        if (errno != EEXIST) return -1; /* created meanwhile: replaced, as it would be */
    }
    if ((o->tmp = temp_name(o->target)) == NULL) return -1;
    /* The one moment it has a name: no stop signal comes in it. */
    sigset_t saved;
    hold_stop_signals(&saved);
    int rc = -1;
    for (unsigned attempt = 0; attempt < 100 && rc != 0; attempt++) {
        temp_fill(o->tmp, attempt);
        rc = linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW);
        if (rc != 0 && errno != EEXIST) break;
    }
    if (rc == 0 && (rc = rename(o->tmp, o->target)) != 0) {
        int e = errno;
        unlink(o->tmp);
        errno = e;
    }
    int e = errno;
    release_stop_signals(&saved);
    errno = e;
    return rc;
}

/* The mkstemp file renamed over the target, forgotten by the guard at once. */
static int rename_named(struct tool_output *o)
{
    sigset_t saved;
    hold_stop_signals(&saved);
    int rc = rename(o->tmp, o->target);
    int e = errno;
    if (rc == 0) have_pending = 0;
    release_stop_signals(&saved);
    errno = e;
    return rc;
}

/* Writes out what is buffered and puts the file in place. */
static int finish_file(struct tool_output *o)
{
    int rc = 0, fd = fileno(o->fp);
    if (fflush(o->fp) != 0 || ferror(o->fp)) rc = -1;
    if (rc == 0 && o->kind != TOOL_OUTPUT_IN_PLACE && fsync(fd) != 0) rc = -1;
    if (rc == 0 && o->kind == TOOL_OUTPUT_UNNAMED && link_unnamed(o, fd) != 0) rc = -1;
    int e = errno;
    if (fclose(o->fp) != 0 && rc == 0) rc = -1, e = errno;
    if (rc == 0 && o->kind == TOOL_OUTPUT_NAMED && rename_named(o) != 0) rc = -1, e = errno;
    errno = e;
    return rc;
}

void tool_output_stopped(struct tool *t, struct tool_output *o, int stop)
{
    if (stop == PDN_EIO)
        o->err = errno ? errno : EIO;
    else if (stop < 0)
        tool_system_error(t, o->path ? o->path : "standard output", pdn_strerror(stop));
}

void tool_output_keep(struct tool *t, const struct tool_output *o, const char *why)
{
    if (!o->path || t->status >= TOOL_EXIT_SYSTEM) return; /* said already */
    char reason[128];
    snprintf(reason, sizeof reason, "left as it was: %s", why);
    tool_system_error(t, o->path, reason);
}

bool tool_output_dropped(const struct tool *t, const struct tool_output *o)
{
    return o->path && t->status >= TOOL_EXIT_SYSTEM;
}

int tool_output_close(struct tool *t, struct tool_output *o, bool commit)
{
    int rc = 0;
    /* A write that failed is said whatever the caller wants done with the
     * file: its own failure may be that very write (pdnreplay --svg). */
    errno = 0;
    if (o->err == 0 && o->fp && (fflush(o->fp) != 0 || ferror(o->fp))) o->err = errno ? errno : EIO;
    if (o->path == NULL) { /* standard output */
        if (o->err) {
            tool_stdout_error(t, o->err);
            rc = -1;
        }
        return rc;
    }
    if (o->err) {
        tool_system_error(t, o->path, strerror(o->err));
        commit = false;
        rc = -1;
    }
    if (commit) {
        rc = finish_file(o);
        if (rc != 0) tool_system_error(t, o->path, strerror(errno));
    } else {
        fclose(o->fp); /* an unnamed file goes with it */
    }
    if ((!commit || rc != 0) && o->kind == TOOL_OUTPUT_NAMED) drop_named(o);
    have_pending = 0;
    t->output_set = false;
    release(o);
    return rc;
}
