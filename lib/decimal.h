/*
 * decimal (private): a number written in decimal by hand, for the writers
 * that write one or more for every ply (pdn2csv's cells, pdnfmt's move
 * texts), where snprintf cost a tenth of their time. Nothing else.
 */
#ifndef PDN_DECIMAL_H
#define PDN_DECIMAL_H

#include <stddef.h>

/* v < 100 (a square, a ply, most move numbers) in decimal at out, not
 * NUL-terminated: the end. No branch on the count of digits: squares of
 * one and of two come in no order a processor could foresee (pdnfmt
 * writes two a ply). A single digit is written twice, in the same place. */
static inline char *decimal_below_100(char *out, unsigned v)
{
    static const char two[] = "00010203040506070809101112131415161718192021222324"
                              "25262728293031323334353637383940414243444546474849"
                              "50515253545556575859606162636465666768697071727374"
                              "75767778798081828384858687888990919293949596979899";
    size_t tens = v >= 10;
    out[0] = two[2 * v];
    out[tens] = two[2 * v + 1];
    return out + 1 + tens;
}

/* v in decimal at out, not NUL-terminated: the end. */
static inline char *decimal_text(char *out, unsigned long long v)
{
    if (v < 100) return decimal_below_100(out, (unsigned)v);
    char rev[24];
    int k = 0;
    do
        rev[k++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    while (k > 0)
        *out++ = rev[--k];
    return out;
}

#endif
