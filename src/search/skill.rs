//! `UCI_LimitStrength` / `UCI_Elo`: a weaker player that still plays
//! chess, not random blunders.
//!
//! Two levers, both tied to one setting in Elo:
//! - a **node budget** per move (searching less sees less: the engine
//!   misses deep tactics, as a weaker player does), which also makes the
//!   strength independent of the clock and the machine;
//! - a **choice among the best few moves** of a MultiPV search, after
//!   Stockfish's `Skill::pick_best`: each candidate gets a random push that
//!   grows with the setting's weakness, so a weak setting often plays the
//!   second or third best move, rarely one that loses much more.
//!
//! The Elo scale is Stockfish 15.1's own `UCI_Elo` ladder at 10 s + 0.1 s:
//! each setting is calibrated to score about even against Stockfish at
//! the same setting (docs/strength-limit.md has the measurements). The anchors
//! below are that calibration.

use crate::board::Move;

/// The weakest setting.
pub const MIN_ELO: u32 = 1320;
/// The engine's measured full strength on Stockfish's ladder at 10 s +
/// 0.1 s (docs/strength-limit.md); a setting at or above it plays at
/// full strength.
pub const MAX_ELO: u32 = 2400;
/// MultiPV lines searched to choose from.
pub const LINES: usize = 4;

/// The calibration, with the net: (Elo, nodes per move, weakness),
/// interpolated between anchors (nodes geometrically); the last anchor
/// only shapes the approach to full strength, which `MAX_ELO` itself
/// plays. Weakness is Stockfish's scale: 0 always plays the best line,
/// 128 treats the candidates within a pawn alike. Stockfish goes up to
/// 120 at its weakest, which plays moves several pawns worse; 90 here
/// never picks one more than about 2.3 pawns worse than the best, and the
/// node budget does the rest.
const ANCHORS: [(u32, f64, f64); 4] = [
    (MIN_ELO, 60.0, 90.0),
    (1600, 3_000.0, 50.0),
    (2000, 40_000.0, 20.0),
    (MAX_ELO, 1_000_000.0, 0.0),
];

/// The playing strength of one setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    /// Nodes per move at most.
    pub nodes: u64,
    /// How far the choice strays from the best line (0-128).
    pub weakness: u32,
}

impl Skill {
    /// The skill of a `UCI_Elo` setting (clamped to `MIN_ELO..=MAX_ELO`);
    /// `None` at `MAX_ELO`, which is full strength.
    pub fn from_elo(elo: u32) -> Option<Skill> {
        if elo >= MAX_ELO {
            return None;
        }
        let elo = elo.max(MIN_ELO);
        let i = ANCHORS
            .windows(2)
            .position(|w| elo <= w[1].0)
            .unwrap_or(ANCHORS.len() - 2);
        let (lo, hi) = (ANCHORS[i], ANCHORS[i + 1]);
        let t = f64::from(elo - lo.0) / f64::from(hi.0 - lo.0);
        let nodes = (lo.1.ln() + t * (hi.1.ln() - lo.1.ln())).exp();
        let weakness = lo.2 + t * (hi.2 - lo.2);
        Some(Skill {
            nodes: nodes.round() as u64,
            weakness: weakness.round() as u32,
        })
    }

    /// Picks the move to play from the last iteration's lines (best first,
    /// scores in centipawns from the side to move's view), with `random`
    /// a fresh random number. Stockfish's rule: each line's score gets a
    /// push of `(weakness × (best − score) + delta × r) / 128` with `r`
    /// random below `weakness` and `delta` the spread of the candidates up
    /// to a pawn; the highest total is played.
    pub fn pick(&self, lines: &[(Move, i32)], mut random: u64) -> Option<Move> {
        let (top, bottom) = (lines.first()?.1, lines.last()?.1);
        let delta = i64::from((top - bottom).clamp(0, 100));
        let weakness = i64::from(self.weakness.max(1));
        let mut best: Option<(Move, i64)> = None;
        for &(mv, score) in lines {
            let r = (random % weakness as u64) as i64;
            random = random.rotate_left(17).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (random >> 29);
            let gap = i64::from(top - score);
            let push = (weakness * gap + delta * r) / 128;
            let total = i64::from(score) + push;
            if best.is_none_or(|(_, b)| total > b) {
                best = Some((mv, total));
            }
        }
        best.map(|(mv, _)| mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::movegen::legal_moves;

    #[test]
    fn the_anchors_are_met_and_strength_grows_with_elo() {
        assert_eq!(Skill::from_elo(0), Skill::from_elo(MIN_ELO));
        assert_eq!(Skill::from_elo(1600).unwrap().nodes, 3_000);
        assert_eq!(Skill::from_elo(MAX_ELO), None);
        assert_eq!(Skill::from_elo(9999), None);
        let mut last = Skill::from_elo(MIN_ELO).unwrap();
        for elo in (MIN_ELO..MAX_ELO).step_by(10) {
            let s = Skill::from_elo(elo).unwrap();
            assert!(
                s.nodes >= last.nodes && s.weakness <= last.weakness,
                "{elo}"
            );
            last = s;
        }
    }

    #[test]
    fn a_move_far_worse_than_the_best_is_never_picked() {
        let board = Board::startpos();
        let moves = legal_moves(&board);
        let m = moves.as_slice();
        let lines = [(m[0], 50), (m[1], 40), (m[2], -400), (m[3], -900)];
        let weak = Skill::from_elo(MIN_ELO).unwrap();
        let mut seen = std::collections::HashSet::new();
        let mut random = 12345u64;
        for _ in 0..500 {
            random = random
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = weak.pick(&lines, random).unwrap();
            assert!(pick == m[0] || pick == m[1], "{pick}");
            seen.insert(pick);
        }
        // The weakest setting does play the second best move sometimes.
        assert_eq!(seen.len(), 2);
        // With no weakness the best line is always played.
        let exact = Skill {
            nodes: 1,
            weakness: 0,
        };
        assert_eq!(exact.pick(&lines, 7), Some(m[0]));
        assert_eq!(exact.pick(&[], 7), None);
    }
}
