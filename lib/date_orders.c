/*
 * date_orders: the order of day and month each event's dates show, over a
 * file's games (pdn.h, pdn_date_orders), for the fix of a date that reads
 * both ways. A table of the events whose dates show an order, found by the
 * hash of the event's name as pdnstats compares them: most files have few
 * events, some thousands.
 */
#include "date_orders.h"
#include "hash.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct event_orders {
    char *event; /* NULL: a free slot */
    uint64_t hash;
    uint8_t orders; /* 1 << enum date_order, for each order shown */
};

/* A table filled when first asked (pdn_date_orders_new_deferred). */
struct deferred {
    pdn_date_orders_fill_fn *fill;
    pdn_date_orders_done_fn *done;
    void *ctx;
    pthread_mutex_t lock;   /* held while filling: the others asking wait */
    atomic_bool filled;     /* table is fill's answer */
    pdn_date_orders *table; /* NULL: not known */
};

struct pdn_date_orders {
    struct event_orders *slot;
    size_t cap, n;             /* cap a power of two, 0 before the first event */
    uint8_t orders;            /* the file's: every event's */
    long first, last;          /* the file's dates of one reading (date_orders_add_span), as
                                  YYYYMMDD: the first and last day; 0 before one */
    struct date_scan *scan;    /* pdn_date_orders_add_text's, once called */
    struct deferred *deferred; /* NULL: the table is this one */
};

int pdn_date_orders_new(pdn_date_orders **out)
{
    if (!out) return PDN_EINVAL;
    *out = calloc(1, sizeof **out);
    return *out ? 0 : PDN_ENOMEM;
}

int pdn_date_orders_new_deferred(pdn_date_orders **out, pdn_date_orders_fill_fn *fill,
                                 pdn_date_orders_done_fn *done, void *ctx)
{
    if (!out) return PDN_EINVAL;
    *out = NULL;
    if (!fill) return PDN_EINVAL;
    struct deferred *d = calloc(1, sizeof *d);
    if (!d || pthread_mutex_init(&d->lock, NULL) != 0) {
        free(d);
        return PDN_ENOMEM;
    }
    d->fill = fill;
    d->done = done;
    d->ctx = ctx;
    atomic_init(&d->filled, false);
    int rc = pdn_date_orders_new(out);
    if (rc == 0) {
        (*out)->deferred = d;
        return 0;
    }
    pthread_mutex_destroy(&d->lock);
    free(d);
    return rc;
}

bool date_orders_deferred(const pdn_date_orders *orders)
{
    return orders->deferred != NULL;
}

/* The table orders stands for: itself, or a deferred one's, filled by the
 * first to ask (the others wait for it); NULL when not known. */
static const pdn_date_orders *filled(const pdn_date_orders *orders)
{
    struct deferred *d = orders ? orders->deferred : NULL;
    if (!d) return orders;
    if (!atomic_load_explicit(&d->filled, memory_order_acquire)) {
        pthread_mutex_lock(&d->lock);
        if (!atomic_load_explicit(&d->filled, memory_order_relaxed)) {
            if (d->fill(d->ctx, &d->table) < 0) {
                pdn_date_orders_free(d->table);
                d->table = NULL;
            }
            atomic_store_explicit(&d->filled, true, memory_order_release);
        }
        pthread_mutex_unlock(&d->lock);
    }
    return d->table;
}

void pdn_date_orders_free(pdn_date_orders *orders)
{
    if (!orders) return;
    if (orders->deferred) {
        struct deferred *d = orders->deferred;
        pdn_date_orders_free(d->table);
        if (d->done) d->done(d->ctx);
        pthread_mutex_destroy(&d->lock);
        free(d);
    }
    for (size_t i = 0; i < orders->cap; i++)
        free(orders->slot[i].event);
    free(orders->slot);
    if (orders->scan) {
        free(orders->scan->event);
        free(orders->scan->line);
        free(orders->scan);
    }
    free(orders);
}

static uint64_t event_hash(const char *event)
{
    uint64_t h = 0;
    for (const unsigned char *p = (const unsigned char *)event; *p; p++)
        h = hash_mix(h, *p);
    return h;
}

/* The slot of event: its own, or the free one it would take. */
static struct event_orders *slot_of(struct event_orders *slot, size_t cap, const char *event,
                                    uint64_t hash)
{
    for (size_t i = hash & (cap - 1);; i = (i + 1) & (cap - 1))
        if (!slot[i].event || (slot[i].hash == hash && strcmp(slot[i].event, event) == 0))
            return &slot[i];
}

/* Room for one more event: the table doubled at three quarters full. */
static bool room(pdn_date_orders *o)
{
    if ((o->n + 1) * 4 <= o->cap * 3) return true;
    size_t cap = o->cap ? o->cap * 2 : 16;
    struct event_orders *slot = calloc(cap, sizeof *slot);
    if (!slot) return false;
    for (size_t i = 0; i < o->cap; i++)
        if (o->slot[i].event) *slot_of(slot, cap, o->slot[i].event, o->slot[i].hash) = o->slot[i];
    free(o->slot);
    o->slot = slot;
    o->cap = cap;
    return true;
}

/* The key of an event's name (NULL: none) in key (room for its length +
 * 2), as pdnstats tells events apart ("2nd match Samb-Buggy" and "2nd
 * Match Samb-Buggy" are one); a game without one is of the event "?".
 * False out of memory. */
static bool event_key(char **key, char *stackbuf, size_t size, const char *event)
{
    if (!event) event = "";
    size_t need = strlen(event) + 2;
    *key = need <= size ? stackbuf : malloc(need);
    return *key && pdn_stats_name_key(*key, need, event) >= 0;
}

int pdn_date_orders_add(pdn_date_orders *orders, const pdn_game *game)
{
    if (!orders || !game || date_orders_deferred(orders)) return PDN_EINVAL;
    const char *date = pdn_game_tag(game, "Date");
    if (date) date_orders_add_span(orders, date);
    return date_orders_add_pair(orders, pdn_game_tag(game, "Event"), date);
}

/* A date (date_read's) of every digit known, as the number YYYYMMDD; 0
 * for one with a digit not known. */
static long known_day(const char date[DATE_SIZE])
{
    if (memchr(date, '?', DATE_SIZE - 1)) return 0;
    long days[2];
    date_days(days, date);
    return days[0];
}

static void span_add(pdn_date_orders *orders, long day)
{
    if (day == 0) return;
    if (orders->first == 0 || day < orders->first) orders->first = day;
    if (day > orders->last) orders->last = day;
}

void date_orders_add_span(pdn_date_orders *orders, const char *date)
{
    char day[DATE_SIZE], end[DATE_SIZE];
    char both[2][DATE_SIZE];
    /* Most are written as they should be: read so, without the readings
     * of other forms (a fifth of the scan's time on a tournament file). */
    if (date_ok(date)) {
        span_add(orders, known_day(date));
        return;
    }
    if (date_swappable(both, date) || !date_read(day, date)) return;
    span_add(orders, known_day(day));
    if (date_range_end(end, date)) span_add(orders, known_day(end));
}

bool date_orders_shows_order(const char *date)
{
    char both[2][DATE_SIZE];
    enum date_order order = date_order_shown(both, date);
    return order == DATE_DAY_FIRST || order == DATE_MONTH_FIRST;
}

int date_orders_add_pair(pdn_date_orders *orders, const char *event, const char *date)
{
    char both[2][DATE_SIZE];
    enum date_order order = date ? date_order_shown(both, date) : DATE_NO_ORDER;
    if (order != DATE_DAY_FIRST && order != DATE_MONTH_FIRST) return 0;
    char stackbuf[256], *key;
    int rc = event_key(&key, stackbuf, sizeof stackbuf, event) && room(orders) ? 0 : PDN_ENOMEM;
    uint64_t hash = rc == 0 ? event_hash(key) : 0;
    struct event_orders *e = rc == 0 ? slot_of(orders->slot, orders->cap, key, hash) : NULL;
    if (e && !e->event) {
        if ((e->event = strdup(key)) == NULL) rc = PDN_ENOMEM;
        e->hash = hash;
        orders->n += rc == 0;
    }
    if (rc == 0) {
        e->orders |= (uint8_t)(1u << order);
        orders->orders |= (uint8_t)(1u << order);
    }
    if (key != stackbuf) free(key);
    return rc;
}

bool date_orders_same(const pdn_date_orders *a, const pdn_date_orders *b)
{
    if (a->orders != b->orders || a->n != b->n || a->first != b->first || a->last != b->last)
        return false;
    for (size_t i = 0; i < a->cap; i++) {
        const struct event_orders *e = &a->slot[i];
        if (!e->event) continue;
        const struct event_orders *f = slot_of(b->slot, b->cap, e->event, e->hash);
        if (!f->event || f->orders != e->orders) return false;
    }
    return true;
}

int date_orders_merge(pdn_date_orders *dst, const pdn_date_orders *src)
{
    for (size_t i = 0; i < src->cap; i++) {
        const struct event_orders *from = &src->slot[i];
        if (!from->event) continue;
        if (!room(dst)) return PDN_ENOMEM;
        struct event_orders *e = slot_of(dst->slot, dst->cap, from->event, from->hash);
        if (!e->event) {
            if ((e->event = strdup(from->event)) == NULL) return PDN_ENOMEM;
            e->hash = from->hash;
            dst->n++;
        }
        e->orders |= from->orders;
    }
    dst->orders |= src->orders;
    span_add(dst, src->first);
    span_add(dst, src->last);
    return 0;
}

bool pdn_date_swappable(const char *value)
{
    char both[2][DATE_SIZE];
    return value && date_swappable(both, value);
}

/* The one order a set of them shows, or DATE_NO_ORDER. */
static enum date_order one_order(uint8_t orders)
{
    return orders == 1u << DATE_DAY_FIRST     ? DATE_DAY_FIRST
           : orders == 1u << DATE_MONTH_FIRST ? DATE_MONTH_FIRST
                                              : DATE_NO_ORDER;
}

enum date_order date_orders_settled(const pdn_date_orders *orders, const pdn_game *game,
                                    bool *by_file)
{
    *by_file = false;
    orders = filled(orders);
    if (!orders || orders->n == 0) return DATE_NO_ORDER;
    char stackbuf[256], *key;
    if (!event_key(&key, stackbuf, sizeof stackbuf, pdn_game_tag(game, "Event")))
        return DATE_NO_ORDER;
    const struct event_orders *e = slot_of(orders->slot, orders->cap, key, event_hash(key));
    if (key != stackbuf) free(key);
    /* an event of dates that show no order: the file's other events' */
    *by_file = !e->event;
    return one_order(e->event ? e->orders : orders->orders);
}

/* The days from a fixed day to the day YYYYMMDD (a four-digit year), in
 * the proleptic Gregorian calendar: March first, so that a leap day ends
 * its year. */
static long day_count(long ymd)
{
    long y = ymd / 10000, m = ymd / 100 % 100, d = ymd % 100;
    if (m < 3) {
        y--;
        m += 12;
    }
    return 365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + d;
}

/* The most days a file's dates may span for the one reading inside them to
 * be taken: a tournament's, not an archive's, whose years leave room for
 * either reading. */
enum { SPAN_DAYS_MAX = 31 };

/* Of a date's two readings (both), the one that falls within the file's
 * dates of one reading, when those span SPAN_DAYS_MAX days at most and
 * the other does not: 0 (day first) or 1; -1 for none. */
static int reading_in_span(const pdn_date_orders *orders, char both[2][DATE_SIZE])
{
    if (orders->first == 0 || day_count(orders->last) - day_count(orders->first) > SPAN_DAYS_MAX)
        return -1;
    bool in[2];
    for (int i = 0; i < 2; i++) {
        long day = known_day(both[i]);
        in[i] = day >= orders->first && day <= orders->last;
    }
    return in[0] == in[1] ? -1 : in[1];
}

/* "2021.08.12" of YYYYMMDD. */
static void day_text(char out[DATE_SIZE], long ymd)
{
    unsigned long u = (unsigned long)ymd;
    snprintf(out, DATE_SIZE, "%04lu.%02lu.%02lu", u / 10000 % 10000, u / 100 % 100, u % 100);
}

/* date_orders_reading of a date whose two readings are both: as the
 * event's dates show, else the file's, else within the file's days. */
static bool settled_reading(char out[DATE_SIZE], char why[DATE_WHY_SIZE],
                            const pdn_date_orders *orders, const pdn_game *game,
                            char both[2][DATE_SIZE])
{
    bool by_file;
    enum date_order order = date_orders_settled(orders, game, &by_file);
    if (order != DATE_NO_ORDER) {
        memcpy(out, both[order == DATE_MONTH_FIRST], DATE_SIZE);
        snprintf(why, DATE_WHY_SIZE, "%s first, as the %s other dates",
                 order == DATE_DAY_FIRST ? "day" : "month", by_file ? "file's" : "event's");
        return true;
    }
    orders = filled(orders);
    int in = orders ? reading_in_span(orders, both) : -1;
    if (in < 0) return false;
    memcpy(out, both[in], DATE_SIZE);
    char first[DATE_SIZE], last[DATE_SIZE];
    day_text(first, orders->first);
    day_text(last, orders->last);
    snprintf(why, DATE_WHY_SIZE, "%s first, within the file's other dates (%s to %s)",
             in ? "month" : "day", first, last);
    return true;
}

bool date_orders_reading(char out[DATE_SIZE], char why[DATE_WHY_SIZE],
                         const pdn_date_orders *orders, const pdn_game *game, const char *v)
{
    char both[2][DATE_SIZE];
    return orders && date_swappable(both, v) && settled_reading(out, why, orders, game, both);
}

const char *date_orders_expected(char detail[DATE_DETAIL_SIZE], const pdn_date_orders *orders,
                                 const pdn_game *game, const char *v)
{
    /* The readings once, for both the orders and date_expected: a bench
     * file's every date is a bad one of one reading. */
    char both[2][DATE_SIZE], read[DATE_SIZE], why[DATE_WHY_SIZE];
    int n = date_readings(both, v);
    if (!(orders && n == 2 && settled_reading(read, why, orders, game, both)))
        return date_expected_read(detail, v, both, n);
    snprintf(detail, DATE_DETAIL_SIZE, "expected YYYY.MM.DD: read %s: %s", why, read);
    return detail;
}

struct date_scan **date_orders_scan_state(pdn_date_orders *orders)
{
    return &orders->scan;
}
