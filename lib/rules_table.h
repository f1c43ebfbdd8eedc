/*
 * The rules of each variant (private): one row per enum pdn_variant.
 * Included by board.c, which serves it through pdn_rules_get(), and by the
 * build's geometry generator (tools/gen_geometry.c), which sizes the boards
 * from it; nowhere else. Data only.
 */
#ifndef PDN_RULES_TABLE_H
#define PDN_RULES_TABLE_H

#include "pdn.h"

static const struct pdn_rules rules_table[PDN_VARIANT_COUNT] = {
    /* Sources: RULES.md (international, Russian) and its per-variant rows
     * (English: WCDF/ACF rules; Brazilian: CBD, FMJD rules on 8x8; Czech: CSDS
     * rules); Italian: FID, "Regolamento ufficiale di gioco della dama
     * italiana", capo I, art. 2-5 (http://www.fid.it/regolamenti/capo1.htm:
     * dark corner square on each player's right, square 1 the first dark
     * square top left, White moves first) and the federation's "Le 10 regole"
     * (https://www.federdama.org/cms/index.php/documenti-1/le-specialita/dama-italiana:
     * a man captures forward only and never a king; the capture taking the
     * most pieces, then with the king, then the most kings, then where a king
     * is met first). A field a row leaves out is false. The draw rules of each
     * variant: replay_drawrules.c. */
    [PDN_VARIANT_INTERNATIONAL] = {.name = "international",
                                   .gametype = 20,
                                   .width = 10,
                                   .height = 10,
                                   .men_capture_backward = true,
                                   .flying_kings = true,
                                   .maximum_capture = true},
    [PDN_VARIANT_BRAZILIAN] = {.name = "brazilian",
                               .gametype = 26,
                               .width = 8,
                               .height = 8,
                               .men_capture_backward = true,
                               .flying_kings = true,
                               .maximum_capture = true,
                               .algebraic = true},
    [PDN_VARIANT_RUSSIAN] = {.name = "russian",
                             .gametype = 25,
                             .width = 8,
                             .height = 8,
                             .men_capture_backward = true,
                             .flying_kings = true,
                             .promote_in_passing = true,
                             .algebraic = true},
    [PDN_VARIANT_ENGLISH] =
        {.name = "english", .gametype = 21, .width = 8, .height = 8, .black_moves_first = true},
    [PDN_VARIANT_CZECH] = {.name = "czech",
                           .gametype = 29,
                           .width = 8,
                           .height = 8,
                           .flying_kings = true,
                           .algebraic = true,
                           .king_capture_first = true},
    [PDN_VARIANT_ITALIAN] = {.name = "italian",
                             .gametype = 22,
                             .width = 8,
                             .height = 8,
                             .maximum_capture = true,
                             .mirrored = true,
                             .men_spare_kings = true,
                             .capture_precedence = true},
};

#endif
