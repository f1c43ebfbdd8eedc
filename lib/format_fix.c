/*
 * format_fix: the faults of a game that have one reading, for
 * pdn_format_game: a wrong move number (the replay's count), a capture
 * written with a dash, a Result tag and a terminator of which one says '*'
 * or that the final position decides between, a date written otherwise
 * than YYYY.MM.DD (date.c decides its one reading), a tag of another
 * language read as a roster tag (Bianco: written White) or repeating it
 * (Bianco beside a White of its value: dropped). Each is reported: repaired
 * (a PDN_DIAG_FIXED note at its place) or, when the output keeps it, as the
 * replay reported it. The writer makes the repairs through its callbacks;
 * this file only decides them. Must not print, change moves, or guess: two
 * results that disagree with nothing to decide between them stay.
 */
#include "date_orders.h"
#include "format.h"
#include "game.h"
#include "tag_synonym.h"
#include "vec.h"
#include "writer_spell.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- collecting ----------------------------------------------------------- */

static struct fault *new_fault(struct format *f, const struct pdn_node *node, enum fault_kind kind)
{
    if (!vec_reserve((void **)&f->faults, &f->capfaults, f->nfaults, sizeof *f->faults)) {
        f->nomem = true;
        return NULL;
    }
    struct fault *x = &f->faults[f->nfaults++];
    memset(x, 0, sizeof *x);
    x->node = node;
    x->kind = kind;
    return x;
}

static void copy_text(char *out, size_t cap, const char *s)
{
    snprintf(out, cap, "%s", s ? s : "");
}

/* "12." or "12...": the number, and whether it is the second mover's. */
static uint32_t parse_number(const char *text, bool *black)
{
    uint32_t n = (uint32_t)strtoul(text, NULL, 10);
    *black = strstr(text, "...") != NULL;
    return n;
}

static void keep_number(struct format *f, const struct pdn_diag *d)
{
    struct fault *x = new_fault(f, d->node, FAULT_NUMBER);
    if (!x) return;
    x->code = d->code;
    x->number = parse_number(d->move_number ? d->move_number : "", &x->black);
    /* "..." keeps its side: "N. ..." holds the first mover's place (the
     * replay judges its number alone), "N... ..." is a move not given; when
     * that is the first mover's turn, no number keeps its meaning. */
    if (d->node->text && strcmp(d->node->text, "...") == 0) {
        x->kept = d->node->number_black && !x->black;
        x->black = d->node->number_black;
    }
    copy_text(x->move_number, sizeof x->move_number, d->move_number);
    copy_text(x->written, sizeof x->written, d->text);
    copy_text(x->detail, sizeof x->detail, d->detail);
}

static void keep_mismatch(struct format *f, const struct pdn_diag *d)
{
    const char *text = d->text ? d->text : "", *detail = d->detail ? d->detail : "";
    size_t nt = strlen(text) + 1, nd = strlen(detail) + 1;
    free(f->mismatch_strings);
    f->mismatch_strings = malloc(nt + nd);
    if (!f->mismatch_strings) {
        f->nomem = true;
        return;
    }
    memcpy(f->mismatch_strings, text, nt);
    memcpy(f->mismatch_strings + nt, detail, nd);
    f->mismatch = *d;
    f->mismatch.text = f->mismatch_strings;
    f->mismatch.detail = f->mismatch_strings + nt;
}

/* The variant a game without a GameType tag was read as, and why: the
 * writer writes that GameType tag, and the note says where it came from
 * (each replay of the game gives it again: the last is kept). */
static void keep_inferred(struct format *f, const struct pdn_diag *d)
{
    const char *detail = d->detail ? d->detail : "";
    size_t n = strlen(detail) + 1;
    free(f->inferred_strings);
    if ((f->inferred_strings = malloc(n)) == NULL) {
        f->nomem = true;
        return;
    }
    memcpy(f->inferred_strings, detail, n);
    f->inferred = *d;
    f->inferred.detail = f->inferred_strings;
}

/* A move the replay stops at (illegal, ambiguous): the count stops there
 * too, so its number, wrong by the count, says what the record meant
 * ("(1... 5-10)" after White's move: Black's reply, misplaced) and is kept
 * as written, not made the count's ("1. 5-10", a White move it cannot be). */
static void keep_number_of_stop(struct format *f, const struct pdn_node *node)
{
    /* Only a plain move ("5-10") is written as a move again: other text
     * the replay stopped at may be kept as a comment, its number then a
     * "..."'s, which the next reading counts afresh. */
    if (!node->plain_sep) return;
    for (size_t i = f->nfaults; i-- > 0;)
        if (f->faults[i].node == node && f->faults[i].kind == FAULT_NUMBER) {
            f->faults[i].kept = true;
            return;
        }
}

void fix_on_diag(struct format *f, const struct pdn_diag *d)
{
    if (!f->faults_wanted) return;
    if ((d->code == PDN_DIAG_MOVE_NUMBER || d->code == PDN_DIAG_MOVE_NUMBER_RUN) && d->node) {
        keep_number(f, d);
    } else if ((d->code == PDN_DIAG_ILLEGAL_MOVE || d->code == PDN_DIAG_AMBIGUOUS_MOVE) &&
               d->node) {
        keep_number_of_stop(f, d->node);
    } else if (d->code == PDN_DIAG_MOVE_FORM && d->node) {
        f->form.node = d->node;
        copy_text(f->form.move_number, sizeof f->form.move_number, d->move_number);
    } else if (d->code == PDN_DIAG_RESULT_MISMATCH) {
        keep_mismatch(f, d);
    } else if (d->code == PDN_DIAG_VARIANT_INFERRED) {
        keep_inferred(f, d);
    }
}

/* Most captures have no dash, and need no matching. */
bool fix_maybe_dash(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p == '-' || *p >= 0x80) return true;
    return false;
}

void fix_on_ply(struct format *f, const struct pdn_board *before, const struct pdn_move *move,
                const struct pdn_node *node)
{
    if (!f->faults_wanted || !fix_may_fault(f, move, node)) return;
    struct pdn_match m;
    pdn_move_match(&m, node->text, before, &f->legal, false);
    if (!(m.forms & PDN_FORM_CAPTURE_WITH_DASH)) return;
    struct fault *x = new_fault(f, node, FAULT_CAPTURE_DASH);
    if (x && f->form.node == node)
        copy_text(x->move_number, sizeof x->move_number, f->form.move_number);
}

/* ---- the result ------------------------------------------------------------ */

/* What the tag or the terminator says. */
enum claim { CLAIM_NONE, CLAIM_STAR, CLAIM_RESULT, CLAIM_OTHER };

static enum claim claim_of(const char *text, enum pdn_result *out)
{
    *out = PDN_RESULT_NONE;
    if (!text) return CLAIM_NONE;
    if (!pdn_result_parse(out, text, strlen(text))) return CLAIM_OTHER;
    return *out == PDN_RESULT_UNKNOWN ? CLAIM_STAR : CLAIM_RESULT;
}

/* The result the final main-line position decides: the side to move, after
 * a move at least, has none and has lost. NONE when it decides nothing. */
static enum pdn_result position_result(const struct pdn_replay_summary *sum)
{
    const struct pdn_board *b = &sum->final;
    if (!sum->complete || sum->plies == 0 || !b->side_known) return PDN_RESULT_NONE;
    if (pdn_movegen_count(b, 0) > 0) return PDN_RESULT_NONE;
    return b->side == PDN_COLOR_WHITE ? PDN_RESULT_BLACK_WIN : PDN_RESULT_WHITE_WIN;
}

static bool open_or(enum claim c, enum pdn_result r, enum pdn_result want)
{
    return c == CLAIM_NONE || c == CLAIM_STAR || (c == CLAIM_RESULT && r == want);
}

/*
 * The one reading of the result, or NONE. The position decides when neither
 * says another result, or when one agrees with it against the other; else
 * a result stands against '*'. Two results that disagree, undecided, stay.
 */
static enum pdn_result decide_result(enum claim tag, enum pdn_result t, enum claim term,
                                     enum pdn_result r, enum pdn_result decided)
{
    if (tag == CLAIM_OTHER || term == CLAIM_OTHER) return PDN_RESULT_NONE;
    if (decided != PDN_RESULT_NONE) {
        bool both_open = open_or(tag, t, decided) && open_or(term, r, decided);
        bool one_agrees = (tag == CLAIM_RESULT && t == decided && term == CLAIM_RESULT) ||
                          (term == CLAIM_RESULT && r == decided && tag == CLAIM_RESULT);
        return both_open || one_agrees ? decided : PDN_RESULT_NONE;
    }
    if (tag == CLAIM_RESULT && term == CLAIM_STAR) return t;
    if (term == CLAIM_RESULT && tag == CLAIM_STAR) return r;
    return PDN_RESULT_NONE;
}

static void emit(struct format *f, const pdn_game *game, enum pdn_diag_code code,
                 const struct pdn_node *node, const struct pdn_pos *pos, const char *move_number,
                 const char *text, const char *detail)
{
    const struct pdn_format_options *o = f->opt;
    if (!o->on_diag) return;
    struct pdn_diag d = {
        .code = code,
        .file = o->filename ? o->filename : "-",
        .line = pos ? pos->line : 0,
        .col = pos ? pos->col : 0,
        .game = game->index,
        .move_number = move_number && *move_number ? move_number : NULL,
        .text = text,
        .detail = detail,
        .node = node,
    };
    o->on_diag(&d, o->diag_ctx);
}

/* Why the result is what it is written as, spelt as the writer spells it
 * for the game's type ("1-0" in Italian draughts, not "2-0"). */
static void result_detail(char *out, size_t cap, const pdn_game *game, enum pdn_result result,
                          enum claim tag, enum pdn_result t, const struct pdn_replay_summary *sum,
                          enum pdn_result decided)
{
    const char *r = game_result_text(game, result);
    if (decided != PDN_RESULT_NONE)
        snprintf(out, cap, "written %s: %s to move has no legal move and loses", r,
                 sum->final.side == PDN_COLOR_WHITE ? "white" : "black");
    else if (tag == CLAIM_RESULT && t == result)
        snprintf(out, cap, "written %s, as the Result tag says", r);
    else
        snprintf(out, cap, "written %s, as the result after the moves says", r);
}

/* The notes of a repaired result: at the tag and at the terminator that
 * change (at the game's start when it has neither). */
static void report_result(struct format *f, const pdn_game *game, enum claim tag, enum pdn_result t,
                          enum claim term, enum pdn_result r, enum pdn_result decided)
{
    char detail[128];
    result_detail(detail, sizeof detail, game, f->result, tag, t, &f->sum, decided);
    const struct pdn_tag *tag_pair = tag_find_in(game->tags, game->ntags, "Result");
    const char *tag_text = tag_pair ? tag_pair->value : NULL;
    bool tag_changes = tag != CLAIM_NONE && !(tag == CLAIM_RESULT && t == f->result);
    bool term_changes = term != CLAIM_NONE && !(term == CLAIM_RESULT && r == f->result);
    if (tag_changes) emit(f, game, PDN_DIAG_FIXED, NULL, &tag_pair->pos, NULL, tag_text, detail);
    if (term_changes)
        emit(f, game, PDN_DIAG_FIXED, NULL, &game->result_pos, NULL, game->result_text, detail);
    if (tag == CLAIM_NONE && term == CLAIM_NONE)
        emit(f, game, PDN_DIAG_FIXED, NULL, &game->start, NULL, NULL, detail);
}

static void fix_result(struct format *f, const pdn_game *game, bool repair)
{
    enum pdn_result t, r;
    enum claim tag = claim_of(pdn_game_tag(game, "Result"), &t);
    enum claim term = claim_of(game->result_text, &r);
    /* a match score the reader took for no result ("1 -1" before the end
     * under [Result "1-1"]) spells one, but the writer writes '*' */
    if (term == CLAIM_RESULT && r != game->result) term = CLAIM_STAR, r = PDN_RESULT_UNKNOWN;
    /* in the text's order, as the claims are: Black's score first where
     * Black opens (result_turned) */
    enum pdn_result decided = result_turned(position_result(&f->sum), game_black_opens(game));
    bool own_format = pdn_game_tag(game, "ResultFormat") != NULL;
    f->result = repair && !own_format ? decide_result(tag, t, term, r, decided) : PDN_RESULT_NONE;
    if (f->result == PDN_RESULT_NONE) {
        if (f->mismatch.code == PDN_DIAG_RESULT_MISMATCH && f->opt->on_diag)
            f->opt->on_diag(&f->mismatch, f->opt->diag_ctx);
        return;
    }
    /* A position that agrees with what both say repairs nothing. */
    if (open_or(tag, t, f->result) && tag != CLAIM_STAR && open_or(term, r, f->result) &&
        term != CLAIM_STAR && !(tag == CLAIM_NONE && term == CLAIM_NONE))
        return;
    report_result(f, game, tag, t, term, r, decided);
}

/* ---- the date -------------------------------------------------------------- */

/* The Date tag written with the roster (the first), when it is no date but
 * has one reading, or reads both ways and the other dates of its event or
 * file settle which: repaired, or reported as the replay reports it. A day
 * and month that could be swapped and that nothing settles are reported
 * when repairing, as the reason they stay as written (the finding names
 * both readings). Any other bad date is left to pdncheck. */
static void fix_date(struct format *f, const pdn_game *game, bool repair,
                     struct pdn_write_options *wo)
{
    const struct pdn_tag *t = NULL;
    for (uint32_t k = 0; k < game->ntags && !t; k++)
        if (tag_said(&game->tags[k]) && strcmp(game->tags[k].name, "Date") == 0) t = &game->tags[k];
    /* else the one read as it ("DAte", "Datum"?): the writer writes its
     * value under Date with the roster (writer.c, roster_tag), and the
     * replay checks it */
    if (!t) t = tag_synonym_find(game, "Date");
    if (!t || !t->value) return;
    const pdn_date_orders *orders = f->opt->version >= 3 ? f->opt->date_orders : NULL;
    char both[2][DATE_SIZE], why[DATE_DETAIL_SIZE], settled[DATE_WHY_SIZE] = "";
    bool repairable = date_repair(f->date, t->value) ||
                      date_orders_reading(f->date, settled, orders, game, t->value);
    if (repairable ? !repair : repair && date_swappable(both, t->value)) {
        emit(f, game, PDN_DIAG_BAD_DATE, NULL, &t->pos, NULL, t->value,
             date_orders_expected(why, orders, game, t->value));
        return;
    }
    if (!repairable) return;
    char detail[sizeof "written " + DATE_SIZE + sizeof ": " + DATE_WHY_SIZE];
    snprintf(detail, sizeof detail, "written %s%s%s", f->date, settled[0] ? ": " : "", settled);
    emit(f, game, PDN_DIAG_FIXED, NULL, &t->pos, NULL, t->value, detail);
    wo->date = f->date;
}

/* ---- tag names -------------------------------------------------------------- */

/* The note of a tag when fix writes it otherwise: r->read[*next] is the
 * next synonym renamed (in source order, as the tags). */
static bool tag_name_note(char *out, size_t cap, const struct pdn_tag *tag,
                          const struct tag_synonym_readings *r, size_t *next)
{
    if (*next < r->nread && r->read[*next].tag == tag) {
        snprintf(out, cap, "written %s", r->read[(*next)++].standard);
        return true;
    }
    const char *standard = r->ncopies ? tag_synonym_copy(r, tag) : NULL;
    if (standard) snprintf(out, cap, "same as %s, dropped", standard);
    return standard != NULL;
}

/* The tags of another language read as roster tags the game lacks (Bianco
 * as White): written under the standard name, a note each. One that says
 * what the tag read for its standard name says ([Bianco "X"] beside
 * [White "X"], as pdnfmt without repair writes them) is dropped, a note
 * each; one that says something else stays. Without repair the output
 * keeps them beside the roster's copy, and reads back the same: nothing
 * to report. */
static void fix_tag_names(struct format *f, const pdn_game *game, bool repair,
                          struct pdn_write_options *wo)
{
    if (!repair) return;
    struct tag_synonym_readings readings;
    tag_synonym_readings(&readings, game);
    if (readings.nread == 0 && readings.ncopies == 0) return;
    size_t next = 0;
    for (uint32_t k = 0; k < game->ntags; k++) {
        const struct pdn_tag *t = &game->tags[k];
        char detail[64];
        if (tag_name_note(detail, sizeof detail, t, &readings, &next))
            emit(f, game, PDN_DIAG_FIXED, NULL, &t->pos, NULL, t->name, detail);
    }
    wo->standard_names = true;
}

/* ---- the moves ------------------------------------------------------------- */

static void report_number(struct format *f, const pdn_game *game, const struct fault *x,
                          bool repair)
{
    const struct pdn_node *n = x->node;
    if (x->kept && f->stops_in_comment) return; /* a stop's: in a comment, no number */
    if (!repair || x->kept) {
        emit(f, game, x->code, n, &n->number_pos, x->move_number, x->written, x->detail);
        return;
    }
    /* The count's word on this number, not on the run it is in: the run's
     * numbers are each fixed, each with a note. */
    char detail[sizeof x->detail + 64];
    snprintf(detail, sizeof detail, "written %lu%s (%.*s)", (unsigned long)x->number,
             x->black ? "..." : ".", (int)strcspn(x->detail, ";"), x->detail);
    emit(f, game, PDN_DIAG_FIXED, n, &n->number_pos, x->move_number, x->written, detail);
}

static void report_dash(struct format *f, const pdn_game *game, const struct fault *x, bool repair)
{
    const struct pdn_node *n = x->node;
    if (repair)
        emit(f, game, PDN_DIAG_FIXED, n, &n->pos, x->move_number, n->text,
             "a capture, written with 'x'");
    else if (f->opt->no_normalise) /* normalised moves never keep the dash */
        emit(f, game, PDN_DIAG_MOVE_FORM, n, &n->pos, x->move_number, n->text,
             "capture written with '-'");
}

static int fault_order(const struct fault *a, const void *node, enum fault_kind kind)
{
    uintptr_t x = (uintptr_t)a->node, y = (uintptr_t)node;
    if (x != y) return x < y ? -1 : 1;
    return (a->kind > kind) - (a->kind < kind);
}

static int fault_by_node(const void *a, const void *b)
{
    const struct fault *y = b;
    return fault_order(a, y->node, y->kind);
}

static const struct fault *find_fault(const struct format *f, const struct pdn_node *node,
                                      enum fault_kind kind)
{
    struct fault key = {.node = node, .kind = kind};
    if (f->nfaults == 0) return NULL;
    return bsearch(&key, f->faults, f->nfaults, sizeof *f->faults, fault_by_node);
}

/* pdn_move_number_fn: the replay's number for a move numbered otherwise. */
static bool fixed_number(uint32_t *out, bool *black, const struct pdn_node *node, void *ctx)
{
    const struct fault *x = find_fault(ctx, node, FAULT_NUMBER);
    if (!x || x->kept) return false;
    *out = x->number;
    *black = x->black;
    return true;
}

/* pdn_move_capture_fn: a capture written with a dash. */
static bool dashed_capture(const struct pdn_node *node, void *ctx)
{
    return find_fault(ctx, node, FAULT_CAPTURE_DASH) != NULL;
}

/* Whether the writer writes something between node and the move after it
 * (as writer.c's parted_from_next, its setup_due aside). */
static bool written_apart(const struct format *f, const struct pdn_node *node,
                          const struct pdn_node *next)
{
    static const struct pdn_write_options none;
    const struct pdn_write_options *o = f->opt->write ? f->opt->write : &none;
    const struct pdn_annotations *a = pdn_annotations_of(node), *b = pdn_annotations_of(next);
    if (!o->no_nags && (a->strength || a->nnags)) return true;
    if (!o->no_comments && (a->ncomments_after || b->ncomments_before)) return true;
    if (!o->no_variations && a->nvariations) return true;
    return b->setup != NULL;
}

static struct fault *number_fault(struct format *f, const struct pdn_node *node)
{
    for (size_t i = 0; i < f->nfaults; i++)
        if (f->faults[i].node == node && f->faults[i].kind == FAULT_NUMBER) return &f->faults[i];
    return NULL;
}

/* A number fixed, and the ply a reader of the fixed text counts for the
 * move it has come to (none when the last number is the file's own). */
struct fixed_count {
    struct fault *fault;
    uint32_t number;
    bool black;
};

static void count_on(struct fixed_count *c)
{
    if (c->black) c->number++;
    c->black = !c->black;
}

/* Whether the wrong number of an unknown move, node, names fixed the very
 * ply the number of the move after it names ("1. 32-28 19-23 1... --
 * 2. 28x19" fixed: "2. -- 2. 28x19"): Black's "N..." before "N..." or
 * "N." (Black's moves numbered as White's), White's "N." before "N.".
 * That next number, on the other side's ply, is written in any case, a
 * comment between or not. The replay stops at the unknown move, so
 * nothing tells what the record meant by it: the number stays as written,
 * and wrong, as pdnfmt without fix writes it, not made a doubled number
 * the file does not hold. */
static bool doubles_next(const struct fault *x, const struct pdn_node *node,
                         const struct pdn_node *next)
{
    if (!node->text || !spell_unknown_move(node->text)) return false;
    return next->number == x->number && (x->black || !next->number_black);
}

/* A wrong number before an unknown move of Black's with no number ("5.
 * 28x19 - 2... 14x23") is kept when, written as the count's, it would
 * give the unknown move the very ply the next move's number names, with
 * nothing between them: a reader would take the dash for a stray one, no
 * move, so the writer numbers it (writer.c, bare_dash_taken), "2. 28x19
 * 2... -- 2... 14x23", a doubled number the file does not hold. The replay
 * stopped at the unknown move, so nothing tells which of the two the
 * record meant: the number stays as written, and wrong, as pdnfmt without
 * fix writes it. (White's unknown move has its number either way, and so
 * has one past a move the replay did not play.) So is the unknown move's
 * own wrong number that would double the next one (doubles_next). */
static void keep_numbers_before_dashes(struct format *f, const struct pdn_line *line)
{
    struct fixed_count c = {0};
    for (uint32_t i = 0; i < line->nmoves; i++) {
        const struct pdn_node *m = &line->moves[i];
        const struct pdn_annotations *a = pdn_annotations_of(m);
        for (uint32_t v = 0; v < a->nvariations; v++)
            keep_numbers_before_dashes(f, &a->variations[v]);
        if (m->number) {
            struct fault *x = number_fault(f, m);
            if (x && !x->kept && i + 1 < line->nmoves && doubles_next(x, m, m + 1)) x->kept = true;
            c = (struct fixed_count){x && !x->kept ? x : NULL, x ? x->number : 0, x && x->black};
        } else if (c.fault && i + 1 < line->nmoves && m->text && spell_unknown_move(m->text)) {
            const struct pdn_node *next = m + 1;
            bool doubled = c.black && next->number == c.number && !written_apart(f, m, next);
            if (doubled) c.fault->kept = true;
        }
        /* Past a move the replay did not play the writer counts on its
         * own, fixed or not ("5. 28x19 10-15 3. 33-29 3... -- 3. 14x23"). */
        if (ply_record_find(&f->plies, m) < 0) c.fault = NULL;
        count_on(&c);
    }
}

void fix_report(struct format *f, const pdn_game *game, bool repair, struct pdn_write_options *wo)
{
    if (!f->faults_wanted) return;
    /* The GameType tag the writer adds is the variant the replay inferred:
     * said, as pdncheck says it, unless the text is written as read. */
    if (f->inferred.code == PDN_DIAG_VARIANT_INFERRED && !f->written_as_read && f->opt->on_diag)
        f->opt->on_diag(&f->inferred, f->opt->diag_ctx);
    fix_tag_names(f, game, repair, wo); /* the tags come first */
    fix_date(f, game, repair, wo);
    if (repair && f->nfaults) keep_numbers_before_dashes(f, &game->main);
    move_report(f, game); /* the variations moved (format_move.c), before the moves' */
    for (size_t i = 0; i < f->nfaults; i++) {
        if (f->faults[i].kind == FAULT_NUMBER)
            report_number(f, game, &f->faults[i], repair);
        else
            report_dash(f, game, &f->faults[i], repair);
    }
    fix_result(f, game, repair);
    if (!repair) return;
    if (f->nfaults > 1) qsort(f->faults, f->nfaults, sizeof *f->faults, fault_by_node);
    wo->move_number = fixed_number;
    wo->capture = dashed_capture;
    wo->result = f->result;
}

void fix_end(struct format *f)
{
    free(f->mismatch_strings);
    f->mismatch_strings = NULL;
    free(f->inferred_strings);
    f->inferred_strings = NULL;
}
