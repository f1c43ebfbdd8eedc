/*
 * reader_one (private): one reader of a whole input, or of a part of a
 * file (reader_part.h). The public pdn_reader_* (reader.c) hand out its
 * games, or those of the threads reading a file's parts (reader_threads.c),
 * each of which reads with one of these.
 */
#ifndef PDN_READER_ONE_H
#define PDN_READER_ONE_H

#include "pdn.h"

struct reader_one;

/* As pdn_reader_open_file, _fd and _memory, without threads. */
int reader_one_open_file(struct reader_one **out, const char *path,
                         const struct pdn_reader_options *options);
int reader_one_open_fd(struct reader_one **out, int fd, const struct pdn_reader_options *options);
int reader_one_open_memory(struct reader_one **out, const void *data, size_t len,
                           const struct pdn_reader_options *options);
/* As pdn_reader_next and pdn_reader_free. */
int reader_one_next(pdn_game **out, struct reader_one *r);
void reader_one_free(struct reader_one *r);

/* The options as the reader keeps them: its own copy of the name, every
 * field of the latest version set. */
const struct pdn_reader_options *reader_one_options(const struct reader_one *r);
/* The file descriptor read, -1 for memory. */
int reader_one_fd(const struct reader_one *r);

#endif
