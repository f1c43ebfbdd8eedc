/*
 * encoding (private): raw input bytes -> decoded UTF-8 text, block by block.
 *
 * A source wraps a file descriptor or a memory buffer and appends decoded
 * UTF-8 to a growable text buffer the reader owns. It never lexes, never
 * reports through callbacks: findings are left as events for the reader.
 */
#ifndef PDN_ENCODING_H
#define PDN_ENCODING_H

#include "pdn.h"

/* Bytes read from the input at a time. */
#define PDN_BLOCK ((size_t)64 * 1024)
/* Free room the text buffer must have after 'filled' before a fill. */
#define PDN_TEXT_ROOM (PDN_BLOCK + 64)

/* Decoded text: [0, end) is valid UTF-8; [end, filled) bytes still to validate. */
struct pdn_text {
    char *data;
    size_t cap;
    size_t end;
    size_t filled;
    uint64_t base; /* offset of data[0] in the decoded stream */
};

/* A finding of the decoder, tied to an offset of the decoded stream. */
struct pdn_enc_event {
    enum pdn_code code;
    uint64_t offset;
    const char *detail;
};

enum pdn_source_mode { PDN_SRC_START, PDN_SRC_FAST, PDN_SRC_CONVERT };

struct pdn_source {
    int fd; /* -1 for memory input */
    const unsigned char *mem;
    size_t mem_len, mem_pos;
    enum pdn_encoding encoding; /* as asked for */
    enum pdn_source_mode mode;
    void *cd;    /* iconv_t in PDN_SRC_CONVERT */
    size_t unit; /* bytes skipped over an invalid sequence */
    const char *charset;
    unsigned char *raw; /* undecoded input for the converter */
    size_t raw_len;
    bool in_eof; /* the input is exhausted */
    bool bad_seen;
    struct pdn_enc_event events[4];
    int nevents;
};

int pdn_source_init(struct pdn_source *src, enum pdn_encoding encoding);
void pdn_source_fini(struct pdn_source *src);
/*
 * Appends decoded text to 'text', which must have PDN_TEXT_ROOM free bytes
 * after text->filled. Returns 1 when text was added, 0 at the end of the
 * input, or PDN_EIO / PDN_ENOMEM / PDN_EENCODING.
 */
int pdn_source_fill(struct pdn_source *src, struct pdn_text *text);
/* Length of the longest valid UTF-8 prefix of s; *incomplete tells whether
 * what follows is only a truncated sequence at the end. */
size_t pdn_utf8_valid(const unsigned char *s, size_t n, bool *incomplete);

#endif
