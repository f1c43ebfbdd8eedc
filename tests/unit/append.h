/*
 * Appending formatted text to a fixed buffer, cut short when it is full:
 * how the tests' callbacks collect what they are told, one line a call.
 * Header-only, static.
 */
#ifndef TEST_APPEND_H
#define TEST_APPEND_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

__attribute__((format(printf, 3, 4))) static inline void append(char *buf, size_t cap,
                                                                const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

#endif
