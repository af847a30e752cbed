//! The rules that shape the tree move by move, as pure functions of the
//! node: late-move reductions (by depth and move number, and by node
//! type), late-move pruning's limit and the check extension. `negamax`
//! (pvs.rs) applies them.

use super::params;
use super::see::see_ge;
use crate::board::{Board, Move};
#[cfg(not(feature = "tune"))]
use std::sync::OnceLock;

/// Late-move reductions by depth and move number: 0.75 + ln d · ln m / 2.25
/// (the formula of Stockfish 10-era engines; the two constants are
/// `params::lmr_base` and `params::lmr_div`, in hundredths).
pub fn lmr_formula(depth: usize, moves: usize) -> i32 {
    let base = f64::from(params::lmr_base()) / 100.0;
    let div = f64::from(params::lmr_div()) / 100.0;
    (base + (depth as f64).ln() * (moves as f64).ln() / div) as i32
}

/// The reduction of the `moves`-th move at `depth` (both at least 1): a
/// table in a normal build, the formula itself in a tune build, whose
/// constants change between games.
#[inline]
pub fn lmr_reduction(depth: usize, moves: usize) -> i32 {
    #[cfg(feature = "tune")]
    {
        lmr_formula(depth.min(63), moves.min(63))
    }
    #[cfg(not(feature = "tune"))]
    {
        static TABLE: OnceLock<[[i32; 64]; 64]> = OnceLock::new();
        let t = TABLE.get_or_init(|| {
            let mut t = [[0; 64]; 64];
            for (d, row) in t.iter_mut().enumerate().skip(1) {
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    *r = lmr_formula(d, m);
                }
            }
            t
        });
        t[depth.min(63)][moves.min(63)]
    }
}

/// Late-move reductions by node type: a PV node reduces
/// `params::lmr_pv_node` plies less (one), and a node that is or has been
/// on a PV (`tt_pv`, PV nodes included) `params::lmr_tt_pv` less again
/// (Stockfish's ttPv reduction).
#[inline]
pub fn node_type_reduction(pv_node: bool, tt_pv: bool) -> i32 {
    -params::lmr_pv_node() * pv_node as i32 - params::lmr_tt_pv() * tt_pv as i32
}

/// Late-move pruning's test: `seen` moves have been seen at this node,
/// the one in hand included, pruned or not. With nothing pruned before
/// it, the move in hand is pruned once `3 + depth²` moves (halved when not
/// improving) have been searched: `params::lmp_base` and
/// `params::lmp_scale`, in hundredths of a move.
#[inline]
pub fn late_move_prunes(seen: usize, depth: i32, improving: bool) -> bool {
    let hundredths = (params::lmp_base() + params::lmp_scale() * depth * depth) as usize;
    let limit = hundredths / (100 * (2 - improving as usize));
    seen > limit
}

/// Check extension: a move that gives check and does not lose material by
/// SEE is searched a ply deeper (Stockfish 10-11's rule, after years of
/// extending every check); a check that only throws a piece away is not
/// forcing enough to pay for it, now that singular extensions find the
/// forced lines (Stockfish 15.1 went further: only at depth > 9).
#[inline]
pub fn check_extends(b: &Board, m: Move, gives_check: bool) -> bool {
    gives_check && see_ge(b, m, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_checks_that_keep_the_material_are_extended() {
        let b = Board::from_fen("4k3/3q4/8/8/4N3/8/8/R3K3 w - - 0 1").unwrap();
        for (mv, extended) in [
            ("a1a8", true),
            ("e4f6", true),
            ("e4d6", false),
            ("a1a2", false),
        ] {
            let m = crate::movegen::parse_uci_move(&b, mv).unwrap();
            let check = crate::movegen::gives_check(&b, m);
            assert_eq!(check_extends(&b, m, check), extended, "{mv}");
        }
    }

    #[test]
    fn late_move_pruning_counts_every_move_seen() {
        // Depth 2, improving: 7 moves go through, the eighth is pruned.
        assert!(!late_move_prunes(7, 2, true));
        assert!(late_move_prunes(8, 2, true));
        // Not improving: half as many.
        assert!(!late_move_prunes(3, 2, false));
        assert!(late_move_prunes(4, 2, false));
    }

    #[test]
    fn late_moves_of_a_node_on_a_pv_are_reduced_less() {
        // (pv_node, tt_pv): an all or cut node, a PV node (always tt_pv),
        // and a null-window node once on a PV.
        assert_eq!(node_type_reduction(false, false), 0);
        assert_eq!(node_type_reduction(true, true), -2);
        assert_eq!(node_type_reduction(false, true), -1);
    }
}
