//! The win-draw-loss model behind `UCI_ShowWDL`: what share of games a
//! score wins, draws and loses, fitted to Ladya's own self-play games by
//! `ladya wdl-fit` (src/train/wdl.rs; the method and the fit are in
//! docs/nnue.md).
//!
//! As in Stockfish's model: with `x` the score in centipawns (side to
//! move's view) and `m` the material on the board (pawn 1, knight and
//! bishop 3, rook 5, queen 9, both sides, clamped to 17..78, over 58),
//! `win = 1 / (1 + exp((a(m) - x) / b(m)))` and `loss` the same for `-x`;
//! `a` and `b` are quadratics in `m`.

use crate::board::{Board, PieceKind};

/// `a(m)` and `b(m)`: the coefficients of 1, m, m².
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 3],
    pub b: [f64; 3],
}

/// Fitted by `ladya wdl-fit --steps 1500` on 14,602 self-play games of
/// session 6 (gen1 and the first part of gen1b, docs/nnue.md): 362,725
/// positions, log-loss 0.6038.
pub const MODEL: WdlModel = WdlModel {
    a: [A0, A1, A2],
    b: [B0, B1, B2],
};
const A0: f64 = 546.1;
const A1: f64 = -966.68;
const A2: f64 = 494.51;
const B0: f64 = 243.26;
const B1: f64 = -378.93;
const B2: f64 = 220.73;

/// The material the model reads, scaled: 17..78 over 58.
pub fn material(b: &Board) -> f64 {
    let m: i32 = b
        .pieces()
        .map(|(_, p)| match p.kind() {
            Some(PieceKind::Pawn) => 1,
            Some(PieceKind::Knight | PieceKind::Bishop) => 3,
            Some(PieceKind::Rook) => 5,
            Some(PieceKind::Queen) => 9,
            _ => 0,
        })
        .sum();
    m.clamp(17, 78) as f64 / 58.0
}

impl WdlModel {
    fn ab(&self, m: f64) -> (f64, f64) {
        let poly = |c: &[f64; 3]| c[0] + c[1] * m + c[2] * m * m;
        (poly(&self.a), poly(&self.b).max(1.0))
    }

    /// The probability of a win at score `x` (centipawns) and material `m`.
    pub fn win(&self, x: f64, m: f64) -> f64 {
        let (a, b) = self.ab(m);
        1.0 / (1.0 + ((a - x) / b).exp())
    }

    /// Win, draw and loss per mille, summing to 1000.
    pub fn per_mille(&self, x: f64, m: f64) -> (u32, u32, u32) {
        let w = (1000.0 * self.win(x, m)).round() as u32;
        let l = (1000.0 * self.win(-x, m)).round() as u32;
        let l = l.min(1000 - w);
        (w, 1000 - w - l, l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_mille_sums_to_1000_and_is_monotone() {
        let mut last_win = 0;
        for x in (-3000..=3000).step_by(25) {
            for m in [17.0 / 58.0, 0.8, 78.0 / 58.0] {
                let (w, d, l) = MODEL.per_mille(x as f64, m);
                assert_eq!(w + d + l, 1000, "{x} {m}");
            }
            let (w, _, _) = MODEL.per_mille(x as f64, 1.0);
            assert!(w >= last_win);
            last_win = w;
        }
        let (w, _, l) = MODEL.per_mille(0.0, 1.0);
        assert_eq!(w, l, "an equal position is symmetric");
        assert!(MODEL.per_mille(3000.0, 1.0).0 > 990);
    }

    #[test]
    fn material_of_the_start_position() {
        assert_eq!(material(&Board::startpos()), 78.0 / 58.0);
    }
}
