//! Endgame knowledge: scale down the endgame score of material balances
//! that are hard or impossible to win, and drive a lone king to the edge.
//!
//! The rules are the common ones (e.g. Fruit 2.1's draw recognisers and
//! the chessprogramming wiki's "Mop-up Evaluation"); the factors are
//! hand-set, out of `SCALE_NORMAL`.

use super::pawns::distance;
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

/// How much of the endgame score `strong` keeps, out of `SCALE_NORMAL`.
pub fn scale(m: &Material, strong: Color) -> i32 {
    let weak = !strong;
    let (sn, wn) = (m.non_pawn(strong), m.non_pawn(weak));
    if m.pawns(strong) == 0 {
        // Without pawns a side needs more than a minor piece's advantage:
        // K+minor (v anything), K+N+N v K, KR v KB/KN and KRB v KR draw.
        if sn <= 3 {
            return 0;
        }
        let s = &m.count[strong.index()];
        if sn == 6 && s[1] == 2 && wn == 0 {
            return 0;
        }
        if sn - wn <= 3 {
            return SCALE_NORMAL / 8;
        }
    }
    // Opposite-coloured bishops: the defender blockades on the other colour.
    let sb = m.bishop_colors[strong.index()];
    let wb = m.bishop_colors[weak.index()];
    let one_each = m.count[strong.index()][2] == 1 && m.count[weak.index()][2] == 1;
    if one_each && (sb[0] != wb[0]) {
        if sn == 3 && wn == 3 {
            return SCALE_NORMAL / 2;
        }
        return SCALE_NORMAL * 3 / 4;
    }
    // One pawn up at most with no pieces to win it with: often drawn.
    if m.pawns(strong) == 1 && sn <= wn && sn > 0 {
        return SCALE_NORMAL / 2;
    }
    SCALE_NORMAL
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
