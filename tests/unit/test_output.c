/*
 * Unit tests of cmd/output.c, the output file of the tools: written at the
 * end or not at all, through symbolic links, keeping the mode, leaving no
 * temporary file. output.c, common.c and what it calls are compiled in
 * (tools are not a library); _GNU_SOURCE first, as output.c has it, for O_TMPFILE.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <sys/wait.h>

#include "../../cmd/output.c"
#include "../../cmd/common.c"
#include "../../cmd/options.c"
#include "../../cmd/reading.c"
#include "../../cmd/report.c"
#include "../../cmd/inputs.c"
#include "../../cmd/suggest.c"
#include "../../cmd/repeats.c"
#include "../../cmd/jobs.c"

static char *read_all(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return NULL;
    static char buf[256];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    return buf;
}

static size_t count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] != '.' || strlen(e->d_name) > 2;
    closedir(d);
    return n;
}

/* A scratch directory and a file name in it. */
static void scratch(char dir[static 32], char path[static 64], const char *name)
{
    strcpy(dir, "/tmp/pdn-test-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, 64, "%s/%s", dir, name);
}

/* A tool (as tool_init leaves it) with path open as its output. */
static void open_output(struct tool *t, struct tool_output *o, const char *path)
{
    tool_init(t, "x", "");
    assert_int_equal(tool_output_open(t, o, path), 0);
}

/* A scratch folder and a tool writing out.pdn in it. */
struct scratch_out {
    char dir[32], path[64];
    struct tool t;
    struct tool_output o;
};

/* The scratch output opened, text written to it so far. */
static void scratch_output(struct scratch_out *s, const char *text)
{
    scratch(s->dir, s->path, "out.pdn");
    open_output(&s->t, &s->o, s->path);
    fputs(text, s->o.fp);
}

/* The scratch folder, with the one file it holds, removed. */
static void drop_scratch(const char *dir, const char *path)
{
    unlink(path);
    rmdir(dir);
}

static void test_output_commit_and_abort(void **state)
{
    (void)state;
    struct scratch_out s;
    scratch_output(&s, "first\n");
    assert_null(read_all(s.path)); /* nothing there until the commit */
    assert_int_equal(tool_output_close(&s.t, &s.o, true), 0);
    assert_string_equal(read_all(s.path), "first\n");

    assert_int_equal(tool_output_open(&s.t, &s.o, s.path), 0);
    fputs("second\n", s.o.fp);
    assert_int_equal(tool_output_close(&s.t, &s.o, false), 0);
    assert_string_equal(read_all(s.path), "first\n"); /* the old file stays */
    assert_int_equal(count_entries(s.dir), 1);        /* no temporary file left */

    drop_scratch(s.dir, s.path);
    assert_int_equal(tool_exit_status(&s.t), TOOL_EXIT_CLEAN);
}

static void test_output_through_a_symlink(void **state)
{
    (void)state;
    char dir[32], target[64], link[64];
    scratch(dir, target, "target.pdn");
    snprintf(link, sizeof link, "%s/link.pdn", dir);
    assert_int_equal(symlink("target.pdn", link), 0);
    struct tool t;
    tool_init(&t, "x", "");
    struct tool_output o;

    /* A dangling link names the file to create; then it is replaced. */
    for (int round = 0; round < 2; round++) {
        assert_int_equal(tool_output_open(&t, &o, link), 0);
        fputs(round ? "second\n" : "first\n", o.fp);
        assert_int_equal(tool_output_close(&t, &o, true), 0);
        struct stat st;
        assert_int_equal(lstat(link, &st), 0);
        assert_true(S_ISLNK(st.st_mode));
        assert_string_equal(read_all(target), round ? "second\n" : "first\n");
        assert_int_equal(count_entries(dir), 2);
    }
    unlink(link);
    unlink(target);
    rmdir(dir);
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_CLEAN);
}

static void test_output_keeps_the_mode(void **state)
{
    (void)state;
    char dir[32], path[64];
    scratch(dir, path, "out.pdn");
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fclose(fp);
    assert_int_equal(chmod(path, 0640), 0);
    struct tool t;
    struct tool_output o;
    open_output(&t, &o, path);
    fputs("new\n", o.fp);
    assert_int_equal(tool_output_close(&t, &o, true), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    drop_scratch(dir, path);
}

/* Where the system has O_TMPFILE the file being written has no name: a
 * kill -9 cannot leave it behind. */
static void test_output_unnamed_while_written(void **state)
{
    (void)state;
    struct scratch_out s;
    scratch_output(&s, "text\n");
    fflush(s.o.fp);
    if (s.o.kind == TOOL_OUTPUT_UNNAMED) assert_int_equal(count_entries(s.dir), 0);
    assert_int_equal(tool_output_close(&s.t, &s.o, true), 0);
    assert_string_equal(read_all(s.path), "text\n");
    assert_int_equal(count_entries(s.dir), 1);
    drop_scratch(s.dir, s.path);
}

static void test_output_fifo_and_directory(void **state)
{
    (void)state;
    char dir[32], path[64];
    scratch(dir, path, "fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    /* A reader first, so that opening the FIFO for writing does not block. */
    int rd = open(path, O_RDONLY | O_NONBLOCK);
    assert_true(rd >= 0);
    struct tool t;
    struct tool_output o;
    open_output(&t, &o, path);
    assert_int_equal(o.kind, TOOL_OUTPUT_IN_PLACE);
    fputs("through\n", o.fp);
    assert_int_equal(tool_output_close(&t, &o, true), 0);
    char buf[16] = {0};
    assert_int_equal(read(rd, buf, sizeof buf - 1), 8);
    assert_string_equal(buf, "through\n");
    close(rd);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    unlink(path);

    /* A directory cannot be written: one message (to the findings stream
     * with --format json, here thrown away), exit 3, nothing left. */
    FILE *err = fopen("/dev/null", "w");
    t.findings_fp = err;
    t.json = true;
    assert_int_equal(tool_output_open(&t, &o, dir), -1);
    fclose(err);
    assert_int_equal(tool_exit_status(&t), TOOL_EXIT_SYSTEM);
    assert_int_equal(count_entries(dir), 0);
    rmdir(dir);
}

static volatile sig_atomic_t caught;

static void catch_it(int sig)
{
    caught = sig;
}

/* Installs action for sig, the old one kept in *old. */
static void set_action(int sig, void (*handler)(int), struct sigaction *old)
{
    struct sigaction sa = {.sa_handler = handler};
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(sig, &sa, old), 0);
}

static void assert_handler(int sig, void (*handler)(int))
{
    struct sigaction now;
    assert_int_equal(sigaction(sig, NULL, &now), 0);
    assert_true(now.sa_handler == handler);
}

/*
 * A stop signal the program handles itself (pdnreplay's view, pdn2html
 * --watch) or ignores (nohup) stays so through a write that replaces a
 * file. Taken over for the rename, it stayed taken: Ctrl-C after a game
 * written over a file killed the view with the terminal raw, and SIGTERM
 * just after a page ended the watch with status 143. One that comes while
 * the file is written reaches the program, and the file is still put in
 * place.
 */
static void test_output_leaves_the_programs_signals(void **state)
{
    (void)state;
    struct sigaction old_term, old_hup;
    set_action(SIGTERM, catch_it, &old_term);
    set_action(SIGHUP, SIG_IGN, &old_hup);
    struct scratch_out s;
    scratch_output(&s, "first\n");
    assert_int_equal(tool_output_close(&s.t, &s.o, true), 0);
    assert_int_equal(tool_output_open(&s.t, &s.o, s.path), 0); /* replaces it */
    fputs("second\n", s.o.fp);
    caught = 0;
    raise(SIGTERM);
    assert_int_equal(caught, SIGTERM);
    assert_int_equal(tool_output_close(&s.t, &s.o, true), 0);
    assert_string_equal(read_all(s.path), "second\n");
    assert_int_equal(count_entries(s.dir), 1);
    assert_handler(SIGTERM, catch_it);
    assert_handler(SIGHUP, SIG_IGN);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    drop_scratch(s.dir, s.path);
}

/* o writing a mkstemp file for path, as where O_TMPFILE is missing. */
static void open_named_output(struct tool *t, struct tool_output *o, const char *path)
{
    tool_init(t, "x", "");
    memset(o, 0, sizeof *o);
    o->path = strdup(path);
    o->target = strdup(path);
    o->kind = TOOL_OUTPUT_NAMED;
    int fd = open_named(o);
    assert_true(fd >= 0);
    o->fp = fdopen(fd, "w");
    assert_non_null(o->fp);
}

/* The mkstemp file, which has a name all along: a stop signal left at its
 * default removes it and ends the run by that signal; one the program
 * handles reaches its handler, and the file is put in place. */
static void test_output_named_file_and_signals(void **state)
{
    (void)state;
    char dir[32], path[64];
    scratch(dir, path, "out.pdn");
    struct tool t;
    struct tool_output o;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        open_named_output(&t, &o, path);
        fputs("cut short\n", o.fp);
        fflush(o.fp);
        raise(SIGINT);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);
    assert_int_equal(count_entries(dir), 0);

    struct sigaction old_term;
    set_action(SIGTERM, catch_it, &old_term);
    open_named_output(&t, &o, path);
    fputs("whole\n", o.fp);
    caught = 0;
    raise(SIGTERM);
    assert_int_equal(caught, SIGTERM);
    assert_int_equal(tool_output_close(&t, &o, true), 0);
    assert_string_equal(read_all(path), "whole\n");
    assert_int_equal(count_entries(dir), 1);
    assert_handler(SIGTERM, catch_it);
    sigaction(SIGTERM, &old_term, NULL);
    drop_scratch(dir, path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_commit_and_abort),
        cmocka_unit_test(test_output_through_a_symlink),
        cmocka_unit_test(test_output_keeps_the_mode),
        cmocka_unit_test(test_output_unnamed_while_written),
        cmocka_unit_test(test_output_fifo_and_directory),
        cmocka_unit_test(test_output_leaves_the_programs_signals),
        cmocka_unit_test(test_output_named_file_and_signals),
    };
    return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
