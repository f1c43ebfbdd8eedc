/*
 * namefiles: the files of names pdnstats and pdn2html read into a
 * collection's statistics: --alias FILE ("variant = canonical", a spelling
 * a line) and --teams FILE ("Team: Player"). One entry a line, '#'
 * comments and blank lines skipped, a byte-order mark allowed; a line that
 * does not read, or a file that is not text, is a usage error naming its
 * line (exit 2); a file that cannot be read, a system error (exit 3).
 */
#include "namefiles.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Longer lines are no names: a file read by mistake, not a list of names. */
enum { LIST_LINE_MAX = 1000 };

/* A file of names, one entry a line (--alias, --teams): its path and what
 * it is called in messages. */
struct list_file {
    const char *path, *what; /* "an alias file" */
    tool_alias_fn *on_pair;  /* alias files: each pair taken, or NULL */
    void *ctx;
};

/* A line's entry, trimmed, without '#' comments or blank lines. */
typedef void list_line_fn(struct tool *t, pdn_stats *stats, const struct list_file *f, char *entry,
                          unsigned long no);

/* Why a line cannot be a list line's text, or NULL: a NUL or another
 * control byte says a binary file. */
static const char *list_text_problem(const char *line, size_t len)
{
    if (len > LIST_LINE_MAX) return "a line longer than 1000 bytes";
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t') return "a control byte";
    return NULL;
}

/* Cuts the blanks that end s. */
static size_t trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return n;
}

static void list_line(struct tool *t, pdn_stats *stats, const struct list_file *f, char *line,
                      size_t len, unsigned long no, list_line_fn *fn)
{
    if (no == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
        line += 3; /* a byte-order mark, as editors on Windows write */
        len -= 3;
    }
    const char *problem = list_text_problem(line, len);
    if (problem) tool_usage_error(t, "%s:%lu: not %s (%s)", f->path, no, f->what, problem);
    char *p = line + strspn(line, " \t");
    if (*p == '\0' || *p == '#') return;
    trim_end(p);
    fn(t, stats, f, p, no);
}

static void read_list(struct tool *t, pdn_stats *stats, const struct list_file *f, list_line_fn *fn)
{
    FILE *fp = fopen(f->path, "r");
    if (!fp) tool_fatal(t, f->path, strerror(errno));
    struct stat sb;
    if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode))
        tool_fatal(t, f->path, strerror(EISDIR));
    char *line = NULL;
    size_t cap = 0;
    unsigned long no = 0;
    ssize_t n;
    errno = 0;
    while ((n = getline(&line, &cap, fp)) != -1) {
        no++;
        size_t len = (size_t)n;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        list_line(t, stats, f, line, len, no, fn);
    }
    int err = ferror(fp) ? (errno ? errno : EIO) : 0;
    free(line);
    fclose(fp);
    if (err) tool_fatal(t, f->path, strerror(err));
}

/* "variant = canonical" */
static void alias_line(struct tool *t, pdn_stats *stats, const struct list_file *f, char *p,
                       unsigned long no)
{
    char *eq = strchr(p, '=');
    if (!eq) tool_usage_error(t, "%s:%lu: not 'variant = canonical'", f->path, no);
    *eq = '\0';
    char *canon = eq + 1 + strspn(eq + 1, " \t");
    size_t plen = trim_end(p), clen = strlen(canon);
    int rc = pdn_stats_alias(stats, p, canon);
    if (rc == PDN_EINVAL && plen && clen)
        tool_usage_error(t, "%s:%lu: '%s = %s' closes a cycle: '%s' already counts as '%s'",
                         f->path, no, p, canon, canon, p);
    if (rc == PDN_EINVAL) tool_usage_error(t, "%s:%lu: not 'variant = canonical'", f->path, no);
    if (rc < 0) tool_fatal(t, f->path, pdn_strerror(rc));
    if (f->on_pair) f->on_pair(p, canon, f->ctx);
}

/* "Team: Player" */
static void team_line(struct tool *t, pdn_stats *stats, const struct list_file *f, char *p,
                      unsigned long no)
{
    char *colon = strchr(p, ':');
    if (!colon) tool_usage_error(t, "%s:%lu: not 'Team: Player'", f->path, no);
    *colon = '\0';
    char *player = colon + 1 + strspn(colon + 1, " \t");
    size_t tlen = trim_end(p);
    int rc = pdn_stats_team(stats, p, player);
    if (rc == PDN_EINVAL && tlen && *player)
        tool_usage_error(t,
                         "%s:%lu: '%s' (team '%s') is already in another team: a player "
                         "plays for one team",
                         f->path, no, player, p);
    if (rc == PDN_EINVAL) tool_usage_error(t, "%s:%lu: not 'Team: Player'", f->path, no);
    if (rc < 0) tool_fatal(t, f->path, pdn_strerror(rc));
}

void tool_read_aliases(struct tool *t, pdn_stats *stats, const char *path, tool_alias_fn *on_pair,
                       void *ctx)
{
    read_list(t, stats, &(struct list_file){path, "an alias file", on_pair, ctx}, alias_line);
}

void tool_read_teams(struct tool *t, pdn_stats *stats, const char *path)
{
    read_list(t, stats, &(struct list_file){path, "a team file", NULL, NULL}, team_line);
}
