/*
 * error: messages of the operational error codes (PDN_E*).
 *
 * Static strings only: it must not allocate, print or look at errno.
 */
#include "pdn.h"

const char *pdn_strerror(int err)
{
    switch (err) {
    case PDN_OK:
        return "success";
    case PDN_ENOMEM:
        return "out of memory";
    case PDN_EIO:
        return "input/output error";
    case PDN_EINVAL:
        return "invalid argument";
    case PDN_ESYNTAX:
        return "malformed input";
    case PDN_EENCODING:
        return "unknown or unsupported encoding";
    }
    return "unknown error";
}
