/*
 * text (private): the facts about text every reader of PDN shares, kept
 * here so that no file keeps a copy of its own. Which characters are
 * blanks and which are dashes, the scanner of a move's pieces that the
 * lexer, the quick lane, the notation parser and the writer all read move
 * text with (so that they cannot disagree on what a move is), the squares
 * a text names as clues to its board (the parser gathers them for the
 * variant inference, which reads FENs with them too), UTF-8 counting and
 * cutting, the spellings of results, and the folding by which searches
 * compare names. No allocation, no state.
 */
#ifndef PDN_TEXT_H
#define PDN_TEXT_H

#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- UTF-8 ---------------------------------------------------------------- */

/* Whether byte b starts a character (is no continuation byte): every count
 * of characters counts these. */
static inline bool text_utf8_lead(unsigned char b)
{
    return (b & 0xC0) != 0x80;
}

/* Length of the UTF-8 sequence led by b (1 for a stray byte). */
static inline size_t text_utf8_seq_len(unsigned char b)
{
    return b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

/* Length of the longest valid UTF-8 prefix of s; *incomplete tells whether
 * what follows is only a truncated sequence at the end. */
size_t text_utf8_valid(const unsigned char *s, size_t n, bool *incomplete);
/* The characters (code points, counted by their lead bytes) in s[0, n). */
size_t text_utf8_count(const char *s, size_t n);
/* The longest prefix of s[0, n) of at most max bytes that splits no
 * character (s[max] is read when n > max). */
size_t text_utf8_cut(const char *s, size_t n, size_t max);
/* The bytes of the first 'chars' characters of s[0, n); n when it holds fewer. */
size_t text_utf8_prefix(const char *s, size_t n, size_t chars);

/* The code point of the bidirectional control at p (n bytes there), or 0:
 * U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069. Shown raw, one
 * reorders the rest of a terminal's line ("Trojan source"), a finding's
 * quote or excerpt then reading otherwise than the file. Inline: the
 * tools' findings (cmd/report.c) escape by it too, and the tools link none
 * of the library's internal functions. */
static inline unsigned text_bidi_control(const unsigned char *p, size_t n)
{
    if (n >= 2 && p[0] == 0xD8 && p[1] == 0x9C) return 0x061C;
    if (n < 3 || p[0] != 0xE2) return 0;
    unsigned cp = 0x2000u | (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
    bool bidi =
        (p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F || (p[2] >= 0xAA && p[2] <= 0xAE))) ||
        (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9);
    return bidi ? cp : 0;
}

/* Bytes text_escape writes at most for one byte of its input. */
enum { TEXT_ESCAPE_RATIO = 4 };

/*
 * Writes s[0, n) into out (TEXT_ESCAPE_RATIO * n + 1 bytes), NUL-terminated,
 * with what a terminal would obey made visible, as the tools show names:
 * \t, \n, \r; \xHH for the other C0 controls, DEL and bytes that are no
 * valid UTF-8 (a stray 0x9B is CSI to an 8-bit terminal); \u0080..\u009f
 * for the C1 controls written in UTF-8, \u202e and the like for the
 * bidirectional controls (text_bidi_control). Returns the length written.
 */
size_t text_escape(char *out, const char *s, size_t n);
/*
 * The bytes at the start of s (NUL-terminated) that text_escape copies as
 * they are (printable ASCII, valid UTF-8 but the C1 controls), their
 * characters in *chars: all of s shows as it is when s[result] is the NUL.
 */
size_t text_shown_prefix(const char *s, size_t *chars);

/* ---- Pieces of move text: digits, separators, blanks ---------------------- */

/* What a piece of move text is. */
enum text_kind {
    TEXT_OTHER = 0, /* none of these: no part of a move */
    TEXT_DIGIT,     /* '0'..'9' */
    TEXT_DASH,      /* '-', or a Unicode dash (text.c's table) */
    TEXT_CROSS,     /* 'x' */
    TEXT_COLON,     /* ':' (a capture, as some programs write it) */
    TEXT_BLANK,     /* an ASCII blank, a line end, or a Unicode blank (text.c's table) */
    TEXT_LEAD       /* text_byte_kind only: the lead byte of a Unicode mark, see text_mark */
};

/* The ASCII blanks (line ends apart), the line ends, the lead bytes of
 * the Unicode blanks and dashes, and the digits, as designated initialisers
 * for the byte tables of the lexer, the quick lane and text.c.
 * TEXT_MARK_LEADS must name the lead byte of every row of text.c's table of
 * marks (test_text checks it). */
#define TEXT_ASCII_BLANKS(v) [' '] = (v), ['\t'] = (v), ['\f'] = (v), ['\v'] = (v)
#define TEXT_LINE_ENDS(v) ['\n'] = (v), ['\r'] = (v)
#define TEXT_MARK_LEADS(v) [0xC2] = (v), [0xE2] = (v)
#define TEXT_DIGITS(v)                                                                             \
    ['0'] = (v), ['1'] = (v), ['2'] = (v), ['3'] = (v), ['4'] = (v), ['5'] = (v), ['6'] = (v),     \
    ['7'] = (v), ['8'] = (v), ['9'] = (v)

/* The longest Unicode mark in bytes: a reader at a lead byte wants this many. */
enum { TEXT_MARK_MAX = 3 };

/* Every byte's kind (TEXT_LEAD for the lead bytes of the marks). */
extern const unsigned char text_byte_kind[256];

/* Whether byte c is an ASCII blank or line end (space, \t, \f, \v, \n,
 * \r: isspace() in the C locale, and what the lexer passes over between
 * tokens): the one blank of the plain-text readers and writers (FEN, CSV
 * cells, names, comments). */
static inline bool text_blank(unsigned char c)
{
    return text_byte_kind[c] == TEXT_BLANK;
}

/* Whether byte c is a decimal digit, '0'..'9': isdigit() in the C
 * locale, whatever locale the caller has set. */
static inline bool text_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* A character of a tag's name: an ASCII letter, a digit or '_'. */
static inline bool text_name_char(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether the line at s[0, n) opens a tag as the lexer's lenient
 * comments see one, which they stop before (lexer_delim.c): '[', a
 * capital letter, name characters, a blank or more, '"'. -1 when the n
 * bytes end before that is known. The file's parts are cut only before
 * such a line (reader_part_split): a comment read on past a line that is
 * none would run on past the part's end. */
static inline int text_opens_tag(const unsigned char *s, size_t n)
{
    if (n < 2) return -1;
    if (s[0] != '[' || s[1] < 'A' || s[1] > 'Z') return 0;
    size_t j = 2;
    while (j < n && text_name_char(s[j]))
        j++;
    size_t k = j;
    while (k < n && (s[k] == ' ' || s[k] == '\t'))
        k++;
    if (k >= n) return -1;
    return k > j && s[k] == '"';
}

/* Whether s holds blanks only (text_blank), or nothing: a setup of such
 * text sets up nothing (the writer leaves it out, the replay goes on). */
static inline bool text_blanks_only(const char *s)
{
    while (text_blank((unsigned char)*s))
        s++;
    return *s == '\0';
}

struct text_piece {
    unsigned char kind; /* enum text_kind, never TEXT_LEAD */
    unsigned char len;  /* bytes: 1, or the length of a Unicode mark */
    bool unicode;       /* a Unicode dash or blank: a nonstandard form */
};

/* The Unicode mark at p (n >= 1 bytes there, p[0] a lead byte of
 * TEXT_MARK_LEADS): a dash or blank of the table, else a TEXT_OTHER piece
 * of one byte. A mark cut short by n is TEXT_OTHER. */
struct text_piece text_mark(const unsigned char *p, size_t n);

/* The piece at p, n >= 1 bytes there: the one scanner of move text. ASCII
 * is one table load; only the marks' lead bytes leave the inline path. */
static inline struct text_piece text_piece_at(const unsigned char *p, size_t n)
{
    unsigned k = text_byte_kind[p[0]];
    if (k != TEXT_LEAD) return (struct text_piece){(unsigned char)k, 1, false};
    return text_mark(p, n);
}

/* Whether s[0, n) holds dashes, dots and blanks alone, at least one
 * (with line_ends, line ends count as blanks): a move the file does not
 * give ("--", "- -", "– –", "..."). */
bool text_unknown_move(const char *s, size_t n, bool line_ends);

/* One row of the table of Unicode marks, for documentation and tests:
 * row i (NULL past the last), its code point, kind and name. */
struct text_mark_row {
    uint32_t cp;
    unsigned char kind; /* TEXT_DASH or TEXT_BLANK */
    const char *name;
};
const struct text_mark_row *text_mark_row(size_t i);

/* What the pieces of a move token at p hold. */
struct text_move {
    size_t len; /* bytes of digits, separators and blanks from p */
    unsigned digits, dashes, crosses, colons, blanks;
    unsigned unicode; /* Unicode dashes and blanks among them */
};

/* Scans the move token at s[0, n): every piece up to the first that is no
 * part of a move (or n). Returns out->len. */
size_t text_scan_move(struct text_move *out, const char *s, size_t n);

/* ---- Squares, as clues to the board --------------------------------------- */

/* What the squares of move texts (or of a FEN) say of the board they are
 * on: the variant's clues (variant.c), gathered by the parser as it reads
 * each main-line move. */
struct text_squares {
    bool algebraic; /* an algebraic square ("c3") */
    bool big;       /* a square number above 32 */
    uint32_t first; /* the first square number of the first text asked for it, else 0 */
};

/*
 * Adds what s[0, n) says to *out. Numbers are read as the reader reads them
 * ("032" is 32); a run of four digits ("3228") is two squares, three digits
 * or more than four say nothing. An algebraic square is a file a-j and a
 * rank 1-9 with no file letter right before it; in a FEN (fen) not right
 * after ':', where a letter names a list ("W:b12" in lower case). With
 * first, out->first takes the first square number if it has none yet.
 */
void text_squares_add(struct text_squares *out, const char *s, size_t n, bool fen, bool first);

/* ---- Is it PDN at all? ------------------------------------------------------ */

enum text_sniff {
    TEXT_SNIFF_PDN,   /* a tag or a move */
    TEXT_SNIFF_BLANK, /* nothing but blanks and comments */
    TEXT_SNIFF_OTHER  /* text, or bytes, with neither a tag nor a move */
};

/* How much text, comments apart, text_sniff looks at. */
enum { TEXT_SNIFF_BYTES = 8192 };

/*
 * Whether the start of a file looks like PDN: a tag ('[' and a name, then
 * a value or ']') or a move (two numbers, or two algebraic squares, with a
 * dash, 'x' or ':' between) within its first TEXT_SNIFF_BYTES outside
 * comments, in the decoded text s[0, n).
 * A binary file, or prose, has neither.
 */
enum text_sniff text_sniff(const char *s, size_t n);

/* ---- Folding, for searching ---------------------------------------------- */

/*
 * Writes s[0, n) folded into out, NUL-terminated, and returns its length:
 * ASCII letters in lower case; the letters of Latin-1 Supplement and Latin
 * Extended-A as their base letters in lower case (é, É -> e; ł -> l; ß ->
 * ss; æ, Æ -> ae; œ -> oe; ĳ -> ij; þ -> th); combining marks (U+0300..
 * U+036F) dropped; Cyrillic U+0400..U+042F in lower case, and ё, ѐ -> е,
 * ѝ -> и. Everything else is kept byte for byte. Folding never lengthens
 * text: out needs n + 1 bytes.
 */
size_t text_fold(char *out, const char *s, size_t n);

/* An ASCII letter in lower case, whatever the locale (tolower and
 * strcasecmp follow it: in a Turkish one "SITE" is not "Site"). */
static inline unsigned char text_ascii_lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + ('a' - 'A')) : c;
}

/* An ASCII letter, whatever the locale (isalpha follows it: in a Latin-1
 * one, isalpha(0xE9), 'é', is true). */
static inline bool text_ascii_letter(unsigned char c)
{
    unsigned char lower = text_ascii_lower(c);
    return lower >= 'a' && lower <= 'z';
}

/* Whether a[0, n) is the string b but for ASCII case: tag names are so
 * compared ("Fen" is FEN). Inline, as text_bidi_control: pdn2csv's
 * --all-tags compares by text_same_but_case too. */
static inline bool text_same_but_case_n(const char *a, size_t n, const char *b)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] == '\0' ||
            text_ascii_lower((unsigned char)a[i]) != text_ascii_lower((unsigned char)b[i]))
            return false;
    return b[n] == '\0';
}

/* The same of a whole string a. */
static inline bool text_same_but_case(const char *a, const char *b)
{
    for (; text_ascii_lower((unsigned char)*a) == text_ascii_lower((unsigned char)*b); a++, b++)
        if (*a == '\0') return true;
    return false;
}

/* ---- Hop by hop ----------------------------------------------------------- */

/*
 * A lenient reader takes a capture that starts where the capture right
 * before it ended ("11x18 18x25", nothing between, no move number) for the
 * next hop of that move (PDN_FORM_HOP_BY_HOP). The reader (parser_moves.c,
 * parser_quick.c) decides it with these functions on what its tokens gave,
 * the writer on the move texts it writes (text_hop_of): the two cannot
 * disagree on which adjacent moves are read as one.
 */
struct text_hop {
    uint32_t first; /* the first square when it is a number, else 0 */
    uint32_t last;  /* the last square when it is a number, else 0 */
    bool capture;   /* an 'x' or ':', or two dashes or more */
};

/* The square a move leaves for a next hop: the last of a capture that
 * starts on a number, else 0 (none). */
static inline uint32_t text_hop_end(struct text_hop move)
{
    return move.capture && move.first != 0 ? move.last : 0;
}

/* Whether a move read right after a move that left 'end' continues it. */
static inline bool text_hop_continues(uint32_t end, struct text_hop next)
{
    return end != 0 && next.capture && next.first == end;
}

/* ---- A move not given and the number after it ------------------------------ */

/*
 * A lenient reader takes a dash (a move not given) with no move number of
 * its own for a stray one, no move, where the move number right after it
 * leaves it no ply (parser_moves.c, stray_dash; a remark's dashes and dots,
 * parser.c); the writer numbers such a dash that is a move (writer.c,
 * bare_dash_taken). Both ask this of the dash's ply, (ply, ply_black),
 * and the number, (num, black: "num..."): whether the move after the
 * number is on the dash's side, at its ply or before it (a number gone
 * back: "5. 28x19 14x23 - 3. 37-32", 37-32 White's 6th under a wrong
 * number, not Black's after White's 6th not given), or the number is
 * White's at Black's ply in a file that numbers Black's moves as White's
 * ("2. 37-32 - 2. 14-19"). A number of the other side that goes on
 * ("2..." after White's 2nd, "3." after Black's 2nd) or one past the ply
 * on its side ("5." after White's 2nd: moves left out) leaves the dash
 * its ply; so does "0.", no number.
 */
static inline bool text_number_takes_ply(uint32_t num, bool black, uint32_t ply, bool ply_black)
{
    if (num == 0) return false;
    return black == ply_black ? num <= ply : ply_black && num == ply;
}

/*
 * text_number_takes_ply for a move not given with no number of its own,
 * where a reader's count stands at (ply, ply_black), its next ply, and is
 * 'behind' when the last number, "N.", came where it had Black's move N
 * (parser_frame.h, black_as_white): the moves are then a ply ahead of it.
 * A dash (or dots other than "...": "..", "....") stands for either ply;
 * "..." ('dots') for the moves' ply alone, and only where the first mover
 * moves: where the second mover does, it holds the first mover's place
 * (game_holds_place), no ply that a number could take.
 */
static inline bool text_number_takes_bare(uint32_t num, bool black, uint32_t ply, bool ply_black,
                                          bool behind, bool dots)
{
    uint32_t after = ply_black && ply < UINT32_MAX ? ply + 1 : ply; /* saturates, as the count */
    bool takes_after = behind && text_number_takes_ply(num, black, after, !ply_black);
    if (dots && behind) return ply_black && takes_after; /* the moves at White's ply */
    if (dots) return !ply_black && text_number_takes_ply(num, black, ply, false);
    return text_number_takes_ply(num, black, ply, ply_black) || takes_after;
}

/* The squares of a move text that is two numbered squares ([1-9][0-9]?)
 * around '-' or 'x', and that separator; '\0' for any other text. What the
 * reader keeps in a node (plain_from, plain_to, plain_sep). */
char text_plain_move(const char *s, uint8_t *from, uint8_t *to);

/* What the reader's tokens give for the move text s[0, n) (blanks inside
 * it skipped, up to an engine's <captured> list or anything that is no part
 * of a move). */
struct text_hop text_hop_of(const char *s, size_t n);

/* ---- Result spellings ----------------------------------------------------- */

enum text_convention {
    TEXT_INTERNATIONAL, /* game points: 2-0, 1-1, 0-2, 0-0, and '*' */
    TEXT_CHESS,         /* 1-0, 1/2-1/2, 0-1: in PDN 3.0's grammar, native to 8x8 */
    TEXT_LENIENT,       /* spellings only a lenient reader takes: 0.5-0.5, ½-½ */
    TEXT_GOES           /* [ResultFormat "Goes"]: 2 points split to hundredths, 1.01-0.99
                           (lenient only) */
};

struct text_result {
    const char *text;
    unsigned char len;
    unsigned char result;     /* enum pdn_result */
    unsigned char convention; /* enum text_convention */
};

/* Every result spelling a reader takes, the international ones first. */
extern const struct text_result text_results[];
extern const size_t text_nresults;

/* The row spelled exactly s[0, n), or NULL: a row of text_results, or a
 * Goes score (text_result_goes). */
const struct text_result *text_result_exact(const char *s, size_t n);
/* The row s[0, n) is with the blanks around it left out (a Result tag
 * " 1/2-1/2"), and those inside it too ("2 - 0", "1/2 - 1/2") in a text of
 * TEXT_RESULT_SPACED_MAX bytes at most: the one reading of a result text
 * every reader shares. */
#define TEXT_RESULT_SPACED_MAX 24
const struct text_result *text_result_read(const char *s, size_t n);
/* s[0, n) as a score of the Goes result format, "A.BB-C.DD" (one or two
 * decimals a side, whole numbers too) whose sides sum to 2: a static row
 * saying what it is (its text is a sample, not s), or NULL. */
const struct text_result *text_result_goes(const char *s, size_t n);

/* The row a reader takes at the start of the text s (NUL-terminated): a
 * spelling that no digit follows ("1-1" in "1-1<3>", not in "1-10"), or
 * NULL. Lenient spellings too: a reader may be either. */
const struct text_result *text_result_start(const char *s);
/* How a result is written in a convention: its first row there, else the
 * international one ("0-0" has no chess spelling), else "*". */
const char *text_result_spelling(enum pdn_result result, enum text_convention convention);
/* The convention the writer spells a game's results in, by its GameType
 * (0: none known): international (2-0) for 20 and 27, the default; chess
 * style (1-0) for the other types, as PDN 3.0 writes them. */
static inline enum text_convention text_results_of_gametype(long gametype)
{
    return gametype == 0 || gametype == 20 || gametype == 27 ? TEXT_INTERNATIONAL : TEXT_CHESS;
}

#endif
