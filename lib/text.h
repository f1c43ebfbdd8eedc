/*
 * text (private): the facts about text every reader of PDN shares.
 */
#ifndef PDN_TEXT_H
#define PDN_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Length of the longest valid UTF-8 prefix of s; *incomplete tells whether
 * what follows is only a truncated sequence at the end. */
size_t text_utf8_valid(const unsigned char *s, size_t n, bool *incomplete);

#endif
