/*
 * reading: the loop over a tool's inputs. Each operand is listed
 * (inputs.h walks the folders), each file read with the common options
 * (--strict, --encoding, --variant) and its games handed to the tool one
 * at a time; the reader's findings go to the tool's callback, held until
 * the selection (-g, --white ...) has judged their game. Files that cannot
 * be read are reported and counted; the run goes on. No PDN logic.
 */
#ifndef PDN_CMD_READING_H
#define PDN_CMD_READING_H

#include <stdbool.h>
#include <stddef.h>

#include "inputs.h"
#include "pdn.h"

struct tool;

/*
 * Called for each game read; the game is freed after the call. Returns 0, or
 * a negative PDN_E* code that stops the run (a write failure, say), or a
 * positive value that stops it with nothing wrong (the tool has what it
 * wanted: pdnreplay's one game).
 */
typedef int (*tool_game_fn)(struct tool *t, const pdn_game *game, void *ctx);

/* Reads every operand in turn (none, or "-", is standard input; none on a
 * terminal gets tool_stdin_notice; a folder, every t->input_ext file below
 * it: inputs.h). Returns 0, or the negative code with which fn stopped the
 * run. With t->select, fn sees only the games chosen
 * (with their indexes in the file) and the reader's findings about the
 * others are not reported; a file is read no further than its last game
 * that -g can choose. */
int tool_read_inputs(struct tool *t, int n, char *const *operands, tool_game_fn fn, void *ctx);
/*
 * One entry of a list of inputs (tool_inputs_expand): a file is read as
 * tool_read_inputs reads it; a folder that could not be listed is a system
 * error (counted in t->unreadable); an empty folder or a file left out is
 * said on standard error unless -q. Returns as tool_read_inputs.
 */
int tool_read_input(struct tool *t, const struct tool_input *in, tool_game_fn fn, void *ctx);
/* The reader's options for the operand with the common options (--strict,
 * --encoding, --variant), its findings to on_diag. */
struct pdn_reader_options tool_reader_options(const struct tool *t, const char *operand,
                                              pdn_diag_fn on_diag, void *diag_ctx);

/*
 * For a tool that reads its games otherwise (csv2pdn): the findings of a
 * game wait for the selection's verdict, as in tool_read_inputs. With
 * t->select, tool_select_hold returns the context of tool_select_on_diag,
 * which holds the findings meant for on_diag(ctx); NULL without a
 * selection (pass findings to on_diag directly). tool_select_release hands
 * over the findings of game 'index' when chosen, drops them otherwise (and
 * those of earlier games); tool_select_end drops what is left and frees.
 * Both accept NULL.
 */
struct tool_selecting;
struct tool_selecting *tool_select_hold(struct tool *t, pdn_diag_fn on_diag, void *ctx);
void tool_select_on_diag(const struct pdn_diag *d, void *ctx);
void tool_select_release(struct tool_selecting *h, size_t index, bool chosen);
void tool_select_end(struct tool_selecting *h);

#endif
