//! Singular extensions' verdict (issue 25, item 2): when the table move
//! is extended, searched shallower, or the node cut by multi-cut. The
//! singular search itself runs in `pvs.rs`.
//!
//! Its constants (the least depth, the table's depth slack, the margin per
//! ply, the double extension's margin and cap) are `params::singular_*`
//! and `params::double_ext_*`, where their reasons are given.

use super::params;

/// What the singular search decided for the table move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Singular {
    /// Search the table move this many plies deeper (negative: shallower).
    Extend(i32),
    /// Another move holds beta too: the node fails high with this score.
    MultiCut(i32),
}

/// The verdict of a singular search that returned `value` against
/// `singular_beta`, at a node searched in (`alpha`, `beta`) whose table
/// score is `tt_score`, with `double_extensions` already on its path
/// (Stockfish 15.1's rules):
/// - every other move fails low: the table move is singular, +1; +2 in a
///   non-PV node when they fail by more than `params::double_ext_margin`,
///   while the path has fewer than `params::double_ext_max`;
/// - another move reaches singular beta, itself at or above beta: two
///   moves hold beta, the node is cut (multi-cut, fail-soft as Stockfish);
/// - else, when the table score is at or above beta, the table move is
///   likely to cut without needing full depth: -2;
/// - else, when the table score is at or below alpha and no better than
///   what another move showed, the table move is nothing special: -1.
pub(super) fn singular_verdict(
    value: i32,
    singular_beta: i32,
    tt_score: i32,
    (alpha, beta): (i32, i32),
    pv_node: bool,
    double_extensions: u8,
) -> Singular {
    if value < singular_beta {
        let double = !pv_node
            && value < singular_beta - params::double_ext_margin()
            && i32::from(double_extensions) < params::double_ext_max();
        Singular::Extend(1 + double as i32)
    } else if singular_beta >= beta {
        Singular::MultiCut(singular_beta)
    } else if tt_score >= beta {
        Singular::Extend(-2)
    } else if tt_score <= alpha && tt_score <= value {
        Singular::Extend(-1)
    } else {
        Singular::Extend(0)
    }
}

#[cfg(test)]
mod tests {
    use super::{Singular, params, singular_verdict};

    #[test]
    fn singular_verdicts() {
        let window = (99, 100);
        // Every other move fails low: +1; by more than the margin, +2 in
        // non-PV nodes only, and only below the cap on the path.
        assert_eq!(
            singular_verdict(180, 184, 200, window, false, 0),
            Singular::Extend(1)
        );
        assert_eq!(
            singular_verdict(100, 184, 200, window, false, 0),
            Singular::Extend(2)
        );
        assert_eq!(
            singular_verdict(100, 184, 200, (50, 100), true, 0),
            Singular::Extend(1)
        );
        let cap = params::double_ext_max() as u8;
        assert_eq!(
            singular_verdict(100, 184, 200, window, false, cap - 1),
            Singular::Extend(2)
        );
        assert_eq!(
            singular_verdict(100, 184, 200, window, false, cap),
            Singular::Extend(1)
        );
        // Another move reaches singular beta, which is at or above beta.
        assert_eq!(
            singular_verdict(190, 184, 200, window, false, 0),
            Singular::MultiCut(184)
        );
        // Below beta: the table move is searched shallower when its score
        // holds beta, or when it fails low and another move did as well.
        assert_eq!(
            singular_verdict(190, 84, 100, (99, 100), false, 0),
            Singular::Extend(-2)
        );
        assert_eq!(
            singular_verdict(120, 84, 100, (150, 151), false, 0),
            Singular::Extend(-1)
        );
        assert_eq!(
            singular_verdict(90, 84, 100, (50, 200), true, 0),
            Singular::Extend(0)
        );
    }
}
