/*
 * reader_parts: where to cut a file into parts, and the settling of the
 * parts, in order, into what one reader of the whole file gives (see
 * reader_part.h; the reading of one part is reader_one.c's).
 */
#define _GNU_SOURCE /* memrchr */
#include "reader_part.h"
#include "text.h"

#include <string.h>

static bool blank(char c)
{
    return text_blank((unsigned char)c);
}

/* The spellings of a result that end most games of real files. A cut
 * after anything else is only a lost chance: the parts are checked. */
static bool result_before(const char *buf, size_t end)
{
    static const char *const results[] = {"1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "*", "1/2-1/2"};
    while (end > 0 && blank(buf[end - 1]))
        end--;
    size_t start = end;
    while (start > 0 && !blank(buf[start - 1]) && end - start < 8)
        start--;
    if (start > 0 && !blank(buf[start - 1])) return false;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i]) == end - start && memcmp(buf + start, results[i], end - start) == 0)
            return true;
    return false;
}

size_t reader_part_split(const char *buf, size_t len, size_t held)
{
    /* From '[' to '[' with memrchr, not a byte at a time: the search goes
     * back past every tag line of a game, and past whole games whose result
     * is not one of result_before's (a literal "\r" after it): 900 bytes a
     * part on bench's 100 MB corpus, 1% of pdncheck -j 2's instructions. */
    for (const char *at = buf + len;
         at > buf + 1 && (at = memrchr(buf + 1, '[', (size_t)(at - buf - 1)));)
        if (at[-1] == '\n' && result_before(buf, (size_t)(at - buf) - 1) &&
            text_opens_tag((const unsigned char *)at, held - (size_t)(at - buf)) > 0)
            return (size_t)(at - buf);
    return 0;
}

/* Whether the byte c ends a line: a LF, or a CR not followed by one (a CR
 * LF ends its line at its LF); next is the byte after c, 0 at the end. */
static inline unsigned char line_end(char c, char next)
{
    return (unsigned char)((c == '\n') | ((c == '\r') & (next != '\n')));
}

/*
 * 64 bytes at a time, in a loop the compiler makes vector code of (16
 * bytes an instruction with SSE2): a memchr a line cost 2.7 instructions a
 * byte, the most of what cutting a file into parts added to pdncheck -j 2
 * (5.3M of its 24M instructions on 3 MB), 1.1 now. A block counts at most
 * 64, which its byte holds.
 */
static inline __attribute__((always_inline)) uint32_t count_lines(const char *buf, size_t len)
{
    size_t lines = 0, i = 0;
    for (; len - i > 64; i += 64) { /* buf[i + 64] is there to look at */
        unsigned char block = 0;
        for (int k = 0; k < 64; k++)
            block += line_end(buf[i + k], buf[i + k + 1]);
        lines += block;
    }
    for (; i < len; i++)
        lines += line_end(buf[i], i + 1 < len ? buf[i + 1] : 0);
    return (uint32_t)lines;
}

/* On x86-64 the loop made with AVX2 too (32 bytes an instruction), taken
 * where the processor has it: 0.4 instructions a byte (pdnstats -j 2 on
 * 10 MB, callgrind: 10.5M instructions here, 4.1M with it). */
#if defined(__x86_64__) && (defined(__clang__) || __GNUC__ >= 5)
#define PART_LINES_AVX2 1
static __attribute__((target("avx2"))) uint32_t count_lines_avx2(const char *buf, size_t len)
{
    return count_lines(buf, len);
}
#endif

uint32_t reader_part_lines(const char *buf, size_t len)
{
#ifdef PART_LINES_AVX2
    if (__builtin_cpu_supports("avx2")) return count_lines_avx2(buf, len);
#endif
    return count_lines(buf, len);
}

void reader_parts_init(struct reader_parts *s, const struct pdn_reader_options *options, bool bom)
{
    *s = (struct reader_parts){.options = *options};
    s->next = (struct reader_part){.line = 1, .first = true, .bom = bom};
}

bool reader_parts_accept(struct reader_parts *s, struct reader_part *at,
                         const struct reader_part_end *end, bool last)
{
    if (at->offset != s->next.offset || at->line != s->next.line || at->first != s->next.first ||
        at->codepage != s->next.codepage || at->bad_seen != s->next.bad_seen)
        return false;
    if (!end->plain || end->not_pdn || end->sniff_open || !(end->closed || last)) return false;
    at->games = s->next.games;
    s->next.offset = end->offset;
    s->next.line = end->line;
    s->next.games += end->games;
    s->next.first = false;
    s->next.bad_seen = end->bad_seen;
    return true;
}

void reader_parts_diag(const struct reader_part *at, struct pdn_diag *d)
{
    if (d->game != 0) d->game += at->games;
}

/* reader_one.c's hold_from, one game at a time: a game whose variant is
 * open starts a hold; each game after it is held, and the first that
 * tells its own variant decides again those held before it and ends the
 * hold, as do HOLD_GAMES held. */
static void hold_game_settled(struct reader_parts *s, pdn_game *game)
{
    if (s->nheld == 0) {
        if (variant_open(game)) s->held[s->nheld++] = game;
        return;
    }
    s->held[s->nheld++] = game;
    if (pdn_game_variant_own(game)) {
        for (size_t i = 0; i + 1 < s->nheld; i++)
            variant_decide_again(s->held[i], game, &s->tally);
        s->nheld = 0;
    } else if (s->nheld == HOLD_GAMES) {
        s->nheld = 0;
    }
}

void reader_parts_game(struct reader_parts *s, const struct reader_part *at, pdn_game *game)
{
    game->index += at->games;
    variant_decide(game, &s->tally, s->options.gametype);
    s->trailers += pdn_game_is_trailer(game);
    hold_game_settled(s, game);
}

bool reader_parts_holding(const struct reader_parts *s)
{
    return s->nheld > 0;
}

void reader_parts_end(const struct reader_parts *s)
{
    /* comments alone are no game (reader_one_next says it alike) */
    if (s->next.games > s->trailers || !s->options.on_diag) return;
    struct pdn_diag d = {.code = PDN_DIAG_NO_GAME, .file = s->options.filename};
    s->options.on_diag(&d, s->options.diag_ctx);
}
