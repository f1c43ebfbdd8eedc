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
typedef int (*pdn_fill_fn)(void *ctx);

struct pdn_parser;

int pdn_parser_new(struct pdn_parser **out, struct pdn_lexer *lx,
                   const struct pdn_reader_options *options, pdn_fill_fn fill, void *ctx);
void pdn_parser_free(struct pdn_parser *parser);
/* The next game: 1 and *out, 0 at the end, or a negative PDN_E* code. */
int pdn_parser_next(struct pdn_parser *parser, pdn_game **out);
/* The first stream offset the parser may still need (text before it can go). */
uint64_t pdn_parser_keep(const struct pdn_parser *parser);
/* A finding of the decoder at 'pos', reported when the parser reaches it. */
void pdn_parser_defer(struct pdn_parser *parser, enum pdn_code code, const struct pdn_pos *pos,
                      const char *detail);

#endif
