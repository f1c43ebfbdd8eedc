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
    /* name, GameType, width, height, men capture backward, flying kings,
     * maximum capture, promotion in passing, black moves first, algebraic notation,
     * king captures first, mirrored board, men spare kings, capture precedence.
     * Sources: RULES.md (international, Russian) and its per-variant rows
     * (English: WCDF/ACF rules; Brazilian: CBD, FMJD rules on 8x8; Czech: CSDS
     * rules); Italian: FID, "Regolamento ufficiale di gioco della dama
     * italiana", capo I, art. 2-5 (http://www.fid.it/regolamenti/capo1.htm:
     * dark corner square on each player's right, square 1 the first dark
     * square top left, White moves first) and the federation's "Le 10 regole"
     * (https://www.federdama.org/cms/index.php/documenti-1/le-specialita/dama-italiana:
     * a man captures forward only and never a king; the capture taking the
     * most pieces, then with the king, then the most kings, then where a king
     * is met first). The draw rules of each variant: replay_drawrules.c. */
    [PDN_VARIANT_INTERNATIONAL] = {"international", 20, 10, 10, true, true, true, false, false},
    [PDN_VARIANT_BRAZILIAN] = {"brazilian", 26, 8, 8, true, true, true, false, false, true},
    [PDN_VARIANT_RUSSIAN] = {"russian", 25, 8, 8, true, true, false, true, false, true},
    [PDN_VARIANT_ENGLISH] = {"english", 21, 8, 8, false, false, false, false, true},
    [PDN_VARIANT_CZECH] = {"czech", 29, 8, 8, false, true, false, false, false, true, true},
    [PDN_VARIANT_ITALIAN] = {"italian", 22, 8, 8, false, false, true, false, false, false, false,
                             true, true, true},
};

#endif
