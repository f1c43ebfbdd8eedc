/*
 * The PDN files of the corpus (tests/data: conformance/, encodings/,
 * tournaments/; sources in tests/data/SOURCES.md) and the number of games
 * each holds: one table for the tests that read them whole (test_corpus
 * all of them, test_conformance the conformance set's succeed/ files).
 *
 * The counts were made without the reader: for each file, the tag blocks
 * (runs of lines starting with '[', blank lines ignored) counted with awk
 * after turning CR into LF, cross-checked with `grep -o '\[Event '`, and
 * the differences resolved by reading the file (comments below).
 * Header-only, static.
 */
#ifndef CORPUS_FILES_H
#define CORPUS_FILES_H

#include <stddef.h>

struct corpus_file {
    const char *path; /* below tests/data/ */
    size_t games;
};

static const struct corpus_file corpus_files[] = {
    {"tournaments/29eme Open d'Avignon 2014.pdn", 97},
    /* Tags and moves on one line per game: 81 "[Event " tags, plus one game
     * (line 146) whose only tag is "[Empty]", with its own moves. */
    {"tournaments/48th Polish Team Championship.pdn", 82},
    /* 47 "[Event " tags, plus the game at line 747 whose tag names were
     * mangled ("[&#x00c9;v&#x00e9;nement ...", "[Type de jeu ...]"). */
    {"tournaments/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn", 48},
    {"tournaments/Championnat de France 2021.pdn", 58},
    {"tournaments/Match Samb-Buggy2.pdn", 6},
    {"tournaments/Partie_avec_FEN1.pdn", 4},
    {"tournaments/World Title Match Women 2024.pdn", 2},
    {"encodings/40Camp-latin1.pdn", 45},
    {"encodings/abatsiev-cp1251.pdn", 56},
    {"conformance/fail/40Camp.DamaInternazionaleAssoluto.pdn", 45},
    {"conformance/fail/Cat.A1.pdn", 35},
    /* 45 tag blocks plus the tagless "36x27 1-0" at line 611. */
    {"conformance/fail/Cat.C1.pdn", 46},
    {"conformance/fail/abatsiev.pdn", 56},
    {"conformance/fail/delfts.pdn", 2},
    {"conformance/fail/mrdrcd07.pdn", 72},
    {"conformance/fail/mrdrcd08.pdn", 40},
    {"conformance/fail/nested_comment.pdn", 1}, /* one line of moves, no tags */
    {"conformance/succeed/090417ronde12.pdn", 7},
    {"conformance/succeed/Campionato Assoluto 2005.pdn", 53},
    {"conformance/succeed/Cat.B1.pdn", 37},
    {"conformance/succeed/Cat.D1.pdn", 19},
    {"conformance/succeed/DUTCH96H.pdn", 13},
    {"conformance/succeed/OCA_2.0.pdn", 43},
    {"conformance/succeed/PROF2.pdn", 16},
    {"conformance/succeed/PWCP 2a.pdn", 59},
    {"conformance/succeed/PWCP_2.pdn", 51},
    {"conformance/succeed/Principles of Strategy.pdn", 16},
    {"conformance/succeed/Tricks traps and shots.pdn", 91},
    {"conformance/succeed/alphanumeric.pdn", 1}, /* no tags: one body "1.a3b4" */
    {"conformance/succeed/beginner.pdn", 58},
    {"conformance/succeed/borderclassics.pdn", 183},
    {"conformance/succeed/bridges.pdn", 267},
    {"conformance/succeed/candidate95.pdn", 8},
    {"conformance/succeed/fen.pdn", 3},
    {"conformance/succeed/gameterminator.pdn", 1}, /* no tags: "1.32-28 1/2-1/2" */
    {"conformance/succeed/gem.pdn", 162},
    {"conformance/succeed/goulds.pdn", 262},
    {"conformance/succeed/inferno.pdn", 68},
    {"conformance/succeed/kurnik.pdn", 4},
    {"conformance/succeed/linecomment.pdn", 1},
    {"conformance/succeed/lpc.pdn", 100},
    {"conformance/succeed/movestrength.pdn", 1}, /* no tags */
    {"conformance/succeed/mrcd2000kval.pdn", 40},
    {"conformance/succeed/mrcd2006.pdn", 44},
    {"conformance/succeed/mrcd2007.pdn", 102},
    {"conformance/succeed/nk ronde 01.pdn", 7},
    {"conformance/succeed/nk ronde 02.pdn", 7},
    {"conformance/succeed/nk2003-amsterdam.pdn", 33},
    {"conformance/succeed/rk ronde 12.pdn", 7},
    {"conformance/succeed/schildpad.pdn", 34},
    {"conformance/succeed/string.pdn", 1},
    {"conformance/succeed/unicode.pdn", 1},
    {"conformance/succeed/ussr1947.pdn", 153},
    {"conformance/succeed/variation.pdn", 1}, /* no tags */
    {"conformance/succeed/windragon.pdn", 1},
    {"conformance/succeed/wk2003.pdn", 23},
};

#define CORPUS_FILES (sizeof corpus_files / sizeof corpus_files[0])

#endif
