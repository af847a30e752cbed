//! Endgame knowledge: scale down the endgame score of material balances
//! that are hard or impossible to win, and drive a lone king to the edge.
//!
//! The rules are the common ones (e.g. Fruit 2.1's draw recognisers and
//! the chessprogramming wiki's "Mop-up Evaluation"). A balance that cannot
//! be won keeps nothing; the other factors are weights (`SCALE_*` in
//! `weights.rs`, out of `SCALE_NORMAL`, endgame half), tuned by `ladya tune`
//! with the rest.

use super::pawns::distance;
use super::weights::{
    SCALE_NO_PAWNS_SMALL_EDGE, SCALE_OCB_BISHOPS_ONLY, SCALE_OCB_WITH_PIECES,
    SCALE_ONE_PAWN_NO_EDGE, W,
};
use crate::board::{Board, Color, Square};

/// The full endgame weight (no scaling).
pub const SCALE_NORMAL: i32 = 128;

/// A cheap summary of the material on the board, filled by the evaluator.
#[derive(Default, Clone, Copy)]
pub struct Material {
    /// Pawns, knights, bishops, rooks, queens per colour.
    pub count: [[i32; 5]; 2],
    /// Light-squared and dark-squared bishops per colour.
    pub bishop_colors: [[i32; 2]; 2],
}

impl Material {
    /// Non-pawn material in pawn units (N=B=3, R=5, Q=9).
    pub fn non_pawn(&self, c: Color) -> i32 {
        let n = &self.count[c.index()];
        3 * (n[1] + n[2]) + 5 * n[3] + 9 * n[4]
    }

    pub fn pawns(&self, c: Color) -> i32 {
        self.count[c.index()][0]
    }
}

/// Which share of the endgame score a material balance keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The whole score.
    Normal,
    /// Nothing: the strong side cannot win (K+minor, K+N+N v K).
    NoWin,
    /// The share in weight `index` (endgame half, out of `SCALE_NORMAL`).
    Weight(usize),
}

impl Scale {
    /// The factor out of `SCALE_NORMAL`.
    #[inline]
    pub fn factor(self) -> i32 {
        match self {
            Scale::Normal => SCALE_NORMAL,
            Scale::NoWin => 0,
            Scale::Weight(i) => W[i].1.clamp(0, SCALE_NORMAL),
        }
    }

    /// The weight that holds the factor, if it is one.
    pub fn weight(self) -> Option<usize> {
        match self {
            Scale::Weight(i) => Some(i),
            _ => None,
        }
    }
}

/// How much of the endgame score `strong` keeps.
pub fn scale(m: &Material, strong: Color) -> Scale {
    let weak = !strong;
    let (sn, wn) = (m.non_pawn(strong), m.non_pawn(weak));
    if m.pawns(strong) == 0 {
        // Without pawns a side needs more than a minor piece's advantage:
        // K+minor (v anything) and K+N+N v K cannot win; KR v KB/KN and
        // KRB v KR are drawish.
        if sn <= 3 {
            return Scale::NoWin;
        }
        let s = &m.count[strong.index()];
        if sn == 6 && s[1] == 2 && wn == 0 {
            return Scale::NoWin;
        }
        if sn - wn <= 3 {
            return Scale::Weight(SCALE_NO_PAWNS_SMALL_EDGE);
        }
    }
    // Opposite-coloured bishops: the defender blockades on the other colour.
    let sb = m.bishop_colors[strong.index()];
    let wb = m.bishop_colors[weak.index()];
    let one_each = m.count[strong.index()][2] == 1 && m.count[weak.index()][2] == 1;
    if one_each && (sb[0] != wb[0]) {
        if sn == 3 && wn == 3 {
            return Scale::Weight(SCALE_OCB_BISHOPS_ONLY);
        }
        return Scale::Weight(SCALE_OCB_WITH_PIECES);
    }
    // One pawn up at most with no pieces to win it with: often drawn.
    if m.pawns(strong) == 1 && sn <= wn && sn > 0 {
        return Scale::Weight(SCALE_ONE_PAWN_NO_EDGE);
    }
    Scale::Normal
}

/// Distance of a square from the centre (0 on d4/e5 ... 3 on the rim).
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (3 - f).max(f - 4) + (3 - r).max(r - 4)
}

/// Endgame bonus for `strong` when the other king stands alone: push it to
/// the edge and bring the kings together, so that the search finds the mate.
pub fn mop_up(b: &Board, m: &Material, strong: Color) -> i32 {
    let weak = !strong;
    if m.non_pawn(weak) != 0 || m.pawns(weak) != 0 || m.non_pawn(strong) < 5 {
        return 0;
    }
    let wk = b.king_square(weak);
    let sk = b.king_square(strong);
    10 * centre_distance(wk) + 4 * (7 - distance(wk, sk)) + 200
}
