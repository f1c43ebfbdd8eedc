/*
 * reader_part (private): one file read as parts, each by a reader of its
 * own, and settled into what one reader of the whole file gives (the
 * tools' -j: cmd/parts.c runs the parts on threads).
 *
 * A part starts where the file is known to be between games (a result,
 * blanks, and a line that opens a tag: reader_part_split) and is read with a
 * guess of where it stands in the file: its decoded offset and line. It is
 * read without the file's variant tally (its games' variants are decided
 * when it is settled, in order) and numbers its games from 1. In order,
 * reader_parts_accept checks each part against the file read so far: the
 * guess was right, the text decoded as plain UTF-8 (the decoder's state
 * crosses parts only then), and the part ended right after a result (the
 * next part started between games, as the guess said). A part accepted
 * gives its findings and games, renumbered and with their variants
 * decided; at the first one not accepted, the rest of the file is read by
 * one reader from that part's start (reader_parts_rest), which is where
 * the whole file's reader would stand, in the same state.
 */
#ifndef PDN_READER_PART_H
#define PDN_READER_PART_H

#include "reader_hold.h"
#include "reader_one.h"
#include "variant.h"

/* Where a part starts in its file, and how it is read. */
struct reader_part {
    uint64_t offset; /* decoded offset of its first byte */
    uint32_t line;   /* line of its first byte, which starts a line */
    size_t games;    /* games before it in the file (0 while unknown: read on
                        its own, a part numbers its games from 1) */
    bool first;      /* the file's start: looked at for a byte order mark and
                        what the file is, and told when it has no game */
    bool bom;        /* the file starts with a UTF-8 byte order mark */
    /* The single-byte code page (codepage.h) the file's reader decodes it
     * in from before the part on, the file having left UTF-8 there; NULL:
     * UTF-8 as it stands. */
    const char *codepage;
    bool bad_seen; /* ... and a byte it does not define was said already */
};

/* How a part read to its end ended. */
struct reader_part_end {
    uint64_t offset; /* decoded offset of its end */
    uint32_t line;   /* line of its end */
    size_t games;
    bool plain;    /* decoded as it started (UTF-8 as it stands, nothing
                      replaced, or its code page throughout) */
    bool bad_seen; /* a byte its code page does not define, said by then */
    bool closed;   /* its last game ended by a result, then blanks only */
    bool not_pdn;
    /* A file's first part whose start did not show PDN (text_sniff): the
     * whole file's reader, which sees more of it, may find it is none. */
    bool sniff_open;
};

/*
 * Reads the len bytes at data as the part 'at' of a file named by
 * options->filename, games left undecided (reader_parts_game decides them).
 * data must outlive the reader.
 */
int reader_open_part(struct reader_one **out, const void *data, size_t len,
                     const struct pdn_reader_options *options, const struct reader_part *at);
/*
 * r, made by reader_open_part with the same options, made to read another
 * part as reader_open_part would, keeping its memory: 0, or PDN_ENOMEM or
 * PDN_EENCODING.
 */
int reader_reuse_part(struct reader_one *r, const void *data, size_t len,
                      const struct reader_part *at);
/* After reader_one_next returned 0: how the part ended. */
void reader_part_end(const struct reader_one *r, struct reader_part_end *out);

/*
 * Where to end a part in buf[0, len): the offset of the last line that
 * opens a tag (text_opens_tag, looked at in the held bytes at buf, len or
 * more) after a result and blanks, 0 when there is none.
 */
size_t reader_part_split(const char *buf, size_t len, size_t held);

/* The lines a part's bytes end (CR, LF, CR LF), for the next part's line. */
uint32_t reader_part_lines(const char *buf, size_t len);

/* One file's parts, settled in order. */
struct reader_parts {
    struct pdn_reader_options options;
    struct reader_part next; /* where the file read so far ends */
    struct variant_tally tally;
    size_t trailers; /* of next.games, a trailer (pdn_game_is_trailer): no game */
    /* The games of the part being settled that the whole file's reader
     * would hold (reader_one.c's hold_from): a game whose variant is open
     * and those after it, until one tells its own variant or HOLD_GAMES
     * are held. */
    pdn_game *held[HOLD_GAMES];
    size_t nheld;
};

void reader_parts_init(struct reader_parts *s, const struct pdn_reader_options *options, bool bom);
/* Whether the part 'at', read to the end 'end' (the file's end when
 * 'last'), is what the whole file's reader reads there; if so, moves past
 * it and sets at->games, the games before it. */
bool reader_parts_accept(struct reader_parts *s, struct reader_part *at,
                         const struct reader_part_end *end, bool last);
/* A finding of the part 'at' (accepted), as the whole file's reader gives it. */
void reader_parts_diag(const struct reader_part *at, struct pdn_diag *d);
/* A game of the part 'at' (accepted), numbered and its variant decided;
 * held as the whole file's reader holds games whose variant is open, and
 * the variants of those held decided again by the game that ends the
 * hold, as that reader does. */
void reader_parts_game(struct reader_parts *s, const struct reader_part *at, pdn_game *game);
/*
 * After the games of a part: whether a hold is still open, which a game
 * after the part may end. The part's games are the whole file's reader's
 * only once a game ends the hold (or the file does): till then the part
 * is not settled (reader_threads.c waits for the next part).
 */
bool reader_parts_holding(const struct reader_parts *s);
/* After the last part accepted: the file's finding when it had no game. */
void reader_parts_end(const struct reader_parts *s);
/*
 * The rest of the file from the end of the parts accepted, by one reader
 * on fd, which stands at that part's first byte.
 */
int reader_parts_rest(struct reader_one **out, struct reader_parts *s, int fd);
/*
 * After a game of such a reader: true, and where a part may start (at, and
 * the offset of its first byte in the file), when the reader stands where
 * one would: its last game ended by a result, then blanks, then a line
 * opening with '[', the text decoded as it stands since the file's start,
 * or in a single-byte code page since before that game. Parts are read
 * again from there.
 */
bool reader_part_resume_point(const struct reader_one *r, struct reader_part *at,
                              uint64_t *file_offset);

#endif
