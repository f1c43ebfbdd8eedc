/*
 * input (private): raw input bytes -> decoded UTF-8 text, block by block.
 *
 * A source wraps a file descriptor, a memory buffer or a stdio stream (the
 * CSV reader's, csv_decode.c) and appends decoded UTF-8 to a growable text
 * buffer the reader owns. It never lexes, never reports through callbacks:
 * findings are left as events for the reader.
 */
#ifndef PDN_INPUT_H
#define PDN_INPUT_H

#include "codepage.h"
#include "encoding.h"

#include <stdio.h>

/* Bytes read from the input at a time. */
#define INPUT_BLOCK ((size_t)64 * 1024)
/* Free room the text buffer must have after 'filled' before a fill. */
#define INPUT_TEXT_ROOM (INPUT_BLOCK + 64)

/* Decoded text: [0, end) is valid UTF-8; [end, filled) bytes still to validate. */
struct input_text {
    char *data;
    size_t cap;
    size_t end;
    size_t filled;
    uint64_t base; /* offset of data[0] in the decoded stream */
};

/* A finding of the decoder, tied to an offset of the decoded stream. */
struct input_event {
    enum pdn_diag_code code;
    uint64_t offset;
    const char *detail;
};

enum input_mode { INPUT_MODE_START, INPUT_MODE_FAST, INPUT_MODE_CONVERT };

struct input_source {
    int fd;   /* -1 for memory input */
    FILE *fp; /* set after input_init: read with fread (the CSV reader's stream) */
    /* Memory input; with fp, the bytes of fp read already (the CSV
     * reader's first look), read before fp's next ones. */
    const unsigned char *mem;
    size_t mem_len, mem_pos;
    enum pdn_encoding encoding; /* as asked for */
    enum input_mode mode;
    void *cd;    /* iconv_t in INPUT_MODE_CONVERT */
    size_t unit; /* bytes skipped over an invalid sequence */
    const char *charset;
    unsigned char *raw; /* undecoded input for the converter */
    size_t raw_len;
    bool in_eof; /* the input is exhausted */
    bool bom;    /* a UTF-8 byte order mark: UTF-8 whatever comes */
    bool bad_seen;
    uint64_t bad_at; /* decoded offset of the first byte replaced, once bad_seen */
    struct input_event events[4];
    int nevents;
    uint64_t consumed;     /* bytes taken from the input so far */
    uint64_t convert_from; /* decoded offset where INPUT_MODE_CONVERT began */
    /* A single-byte code page is decoded by table, not iconv (cd NULL);
     * the table is kept by input_reuse for the next input in it. */
    struct codepage *table;
    bool by_table;
    /* The span (codepage.h) being decoded by table: its bytes not yet
     * decoded, whether it is UTF-8; and the decoded offset where the last
     * span of UTF-8 ended (0: none), past which a byte is a character. */
    size_t span_left;
    bool span_utf8;
    uint64_t utf8_end;
};

int input_init(struct input_source *src, enum pdn_encoding encoding);
void input_fini(struct input_source *src);
/* input_init for another input, keeping src's buffer and code page table. */
void input_reuse(struct input_source *src);
/*
 * The input decoded in a single-byte code page (codepage.h) from its first
 * byte, at decoded offset 'at', as the file's reader decodes it past the
 * place where the file left UTF-8; bad_seen: a byte the code page does not
 * define was said already. 0, PDN_ENOMEM or PDN_EENCODING.
 */
int input_start_codepage(struct input_source *src, const char *charset, bool bad_seen, uint64_t at);
/* Whether each byte now decoded is one character (a single-byte code page,
 * decoded by its table from convert_from on): the decoded text maps back
 * to the bytes read, but for spans of UTF-8 (codepage.h), which end by
 * src->utf8_end. */
bool input_bytes_are_chars(const struct input_source *src);
/*
 * Appends decoded text to 'text', which must have INPUT_TEXT_ROOM free bytes
 * after text->filled. Returns 1 when text was added, 0 at the end of the
 * input, or PDN_EIO / PDN_ENOMEM / PDN_EENCODING.
 */
int input_fill(struct input_source *src, struct input_text *text);

#endif
