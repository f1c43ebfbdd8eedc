/*
 * make_hostile NAME: writes the hostile input NAME to standard output, block
 * by block (never the whole input in memory), for bench_memory to read from a
 * pipe. The inputs are those of the hostile test suite
 * (tests/unit/test_hostile_*.c) at their full size, and the ones of issue 9
 * (memory bounded on any input). `make_hostile` alone lists the names.
 * Same name, same bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB ((size_t)1 << 20)

static int put(const char *s)
{
    return fputs(s, stdout) < 0;
}

/* s again and again until n bytes are written (the last copy whole). */
static int repeat(const char *s, size_t n)
{
    static char block[1 << 16];
    size_t k = strlen(s), fill = 0;
    while (fill + k <= sizeof block) {
        memcpy(block + fill, s, k);
        fill += k;
    }
    size_t done = 0;
    while (done + fill <= n) {
        fwrite(block, 1, fill, stdout);
        done += fill;
    }
    while (done < n) {
        put(s);
        done += k;
    }
    return 0;
}

static int noise(size_t n, uint64_t seed, const char *alphabet)
{
    size_t k = alphabet ? strlen(alphabet) : 256;
    for (size_t i = 0; i < n; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        uint64_t r = seed >> 24;
        putchar(alphabet ? alphabet[r % k] : (int)(r & 0xFF));
    }
    return 0;
}

static void nest(size_t depth, const char *open, const char *close)
{
    for (size_t i = 0; i < depth; i++)
        put(open);
    put("33-28");
    for (size_t i = 0; i < depth; i++)
        put(close);
}

static int gen(const char *name)
{
    if (!strcmp(name, "empty")) return 0;
    if (!strcmp(name, "blanks-1m")) return repeat(" \t\r\n\r\n  \f", MIB);
    if (!strcmp(name, "binary-noise-1m")) return noise(MIB, 0x9E3779B97F4A7C15u, NULL);
    if (!strcmp(name, "pdn-noise-4m"))
        return noise(4 * MIB, 42, "[]{}()\"\\ \n12345067890-x:./*$!?;%<>WBKEvent");
    if (!strcmp(name, "nul-1m")) {
        for (size_t i = 0; i < MIB; i++)
            putchar(0);
        return 0;
    }
    if (!strcmp(name, "comment-in-game-50m")) {
        put("1. 32-28 {");
        repeat("very long comment ", 50 * MIB);
        return put("} 18-23 *");
    }
    if (!strcmp(name, "tag-value-50m")) {
        put("[Event \"");
        repeat("Long event name ", 50 * MIB);
        return put("\"] [White \"W\"] 1. 32-28 *");
    }
    if (!strcmp(name, "games-on-a-line-5m")) return repeat("1. 32-28 18-23 2-0 ", 5 * MIB);
    if (!strcmp(name, "moves-on-a-line-12m")) {
        put("[FEN \"W:WK50:BK1\"] ");
        repeat("50-45 1-6 45-50 6-1 ", 50 * MIB / 4);
        return put("*");
    }
    if (!strcmp(name, "junk-50m")) {
        put("1. 32-28 ");
        repeat("QQQQQQQQ&&&&&&&&", 50 * MIB);
        return put(" 18-23 *");
    }
    if (!strcmp(name, "nested-variations-100k")) {
        put("1. 32-28 ");
        nest(100000, "(32-28 ", ")");
        return put(" 18-23 *\n1. 33-28 *\n");
    }
    if (!strcmp(name, "close-parens-100k")) {
        put("1. 32-28 ");
        repeat(")", 100000);
        return put(" 18-23 *");
    }
    if (!strcmp(name, "tags-100k")) {
        for (int i = 0; i < 100000; i++)
            printf("[Tag%d \"value %d\"]\n", i, i);
        return put("1. 32-28 *\n[Event \"next\"]\n1. 33-28 *\n");
    }
    if (!strcmp(name, "same-tag-100k")) {
        repeat("[Event \"same\"]\n", 100000 * 15);
        return put("1. 32-28 *\n");
    }
    if (!strcmp(name, "plies-20000")) {
        put("[FEN \"W:WK50:BK1\"]\n");
        for (int m = 1; m <= 10000; m++)
            printf("%d. %s %s\n", m, m % 2 ? "50-45" : "45-50", m % 2 ? "1-6" : "6-1");
        return put("1-1\n");
    }
    /* issue 9 */
    if (!strcmp(name, "brace-500m")) {
        put("{");
        repeat("x", 500 * MIB);
        return put("}\n1. 32-28 *\n");
    }
    if (!strcmp(name, "semicolon-100m")) {
        put(";");
        repeat("x", 100 * MIB);
        return put("\n1. 32-28 *\n");
    }
    if (!strcmp(name, "percent-100m")) {
        put("%");
        repeat("x", 100 * MIB);
        return put("\n1. 32-28 *\n");
    }
    if (!strcmp(name, "digits-100m")) {
        repeat("1", 100 * MIB);
        return put("\n1. 32-28 *\n");
    }
    if (!strcmp(name, "comment-in-game-500m")) {
        put("1. 32-28 {");
        repeat("very long comment ", 500 * MIB);
        return put("} 18-23 *\n1. 33-28 *\n");
    }
    if (!strcmp(name, "variations-1-6-x699k")) {
        put("1. 32-28 ");
        repeat("(1-6) ", 699000 * 6);
        return put("*\n");
    }
    if (!strcmp(name, "variations-32-27-x400k")) {
        put("1. 32-28 ");
        repeat("(32-27) ", 400000 * 8);
        return put("*\n");
    }
    fprintf(stderr, "make_hostile: no input '%s'\n", name);
    exit(2);
}

static const char *const names[] = {
    "empty",
    "blanks-1m",
    "binary-noise-1m",
    "pdn-noise-4m",
    "nul-1m",
    "comment-in-game-50m",
    "tag-value-50m",
    "games-on-a-line-5m",
    "moves-on-a-line-12m",
    "junk-50m",
    "nested-variations-100k",
    "close-parens-100k",
    "tags-100k",
    "same-tag-100k",
    "plies-20000",
    "brace-500m",
    "semicolon-100m",
    "percent-100m",
    "digits-100m",
    "comment-in-game-500m",
    "variations-1-6-x699k",
    "variations-32-27-x400k",
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            puts(names[i]);
        return 0;
    }
    gen(argv[1]);
    return fflush(stdout) == 0 ? 0 : 3;
}
