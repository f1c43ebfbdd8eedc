/*
 * parser (private): tokens -> one game tree at a time.
 *
 * The reader owns the text buffer and the lexer; the parser pulls tokens
 * and, when the lexer needs more text, calls the reader's fill function.
 * It builds each game in its own arena and reports findings through the
 * reader options' callback. It must not read input or know the encoding.
 */
#ifndef PDN_PARSER_H
#define PDN_PARSER_H

#include "lexer.h"

/* Appends text to the lexer's window: >0 done, 0 at the end of input, <0 PDN_E*. */
typedef int (*parser_fill_fn)(void *ctx);

struct parser;

int parser_new(struct parser **out, struct lexer *lx, const struct pdn_reader_options *options,
               parser_fill_fn fill, void *ctx);
void parser_free(struct parser *parser);
/* The parser as parser_new made it, for another text of the same lexer,
 * keeping the memory it took (a thread reads one part of a file after
 * another). */
void parser_reset(struct parser *parser);
/* The next game: 1 and *out, 0 at the end, or a negative PDN_E* code. */
int parser_next(struct parser *parser, pdn_game **out);
/* The first stream offset the parser may still need (text before it can go). */
uint64_t parser_keep(const struct parser *parser);
/* Games before the next one: its index is one more (a part of a file read
 * on its own starts after the games of the parts before it). */
void parser_count_from(struct parser *parser, size_t games);
/* The stream offset right after the last game handed out. */
uint64_t parser_game_end(const struct parser *parser);
/* A finding of the decoder at 'pos', reported when the parser reaches it. */
void parser_defer(struct parser *parser, enum pdn_diag_code code, const struct pdn_pos *pos,
                  const char *detail);

#endif
