/*
 * reader_threads (private): a regular file's parts read by several
 * threads at once, settled into what one reader gives (reader_threads.c).
 */
#ifndef PDN_READER_THREADS_H
#define PDN_READER_THREADS_H

#include "pdn.h"

/* The bytes a part is cut near. Files smaller than 4 parts are read by
 * one reader: threads would not pay. */
size_t reader_threads_part_bytes(void);

struct reader_threads;

/* Reads the file open on fd (at its start) with 'threads' threads, the
 * caller's among them (it reads a part while it waits for one); NULL when
 * none can be had. The file's findings go to options->on_diag. */
struct reader_threads *reader_threads_new(int fd, const struct pdn_reader_options *options,
                                          int threads);
/* pdn_reader_next's answer for the whole file. */
int reader_threads_next(pdn_game **out, struct reader_threads *t);
void reader_threads_free(struct reader_threads *t);

#endif
