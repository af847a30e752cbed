//! Singular extensions' constants and verdict (issue 25, item 2): when
//! the table move is extended, searched shallower, or the node cut by
//! multi-cut. The singular search itself runs in `pvs.rs`.

/// Singular extensions (Hsu and Campbell's idea from Deep Thought, in the
/// shape of Stockfish 15.1 and Ethereal): a table move with a deep enough
/// lower bound is first searched without, all the other moves at half
/// depth in a null window `SINGULAR_MARGIN * depth` below its score.
/// Depths are plies, as Stockfish's. The least depth of a node that tries
/// it: Ethereal's 8 (Stockfish 15.1: 4 to 6), as each try costs a
/// half-depth search, and our earlier tries from 7 raised the node count
/// too much for the gain.
pub(super) const SINGULAR_MIN_DEPTH: i32 = 8;
/// The table's bound must come from a search at most this much shallower
/// (Stockfish's 3).
pub(super) const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// Singular beta is the table score less this many centipawns per ply of
/// depth. Stockfish 15.1 takes 3 · depth in units of about half a
/// centipawn (about 1.5 cp · depth), Stockfish 11 2 · depth (about 1 cp),
/// Ethereal 1 · depth; 2 cp · depth is a little wider than all of them,
/// so that fewer moves are extended: over-extension is what sank our two
/// earlier tries (docs/strength.md, session 2).
pub(super) const SINGULAR_MARGIN: i32 = 2;
/// In non-PV nodes, a table move this many centipawns above singular beta
/// is extended twice. Stockfish 15.1's 26 is about 12 cp; 25 cp asks for
/// twice as clear a gap.
const DOUBLE_EXTENSION_MARGIN: i32 = 25;
/// At most this many double extensions on one path from the root
/// (Stockfish 15.1 allowed 9): the double extension is what grows the tree.
pub(super) const MAX_DOUBLE_EXTENSIONS: u8 = 6;

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
///   non-PV node when they fail by more than `DOUBLE_EXTENSION_MARGIN`,
///   while the path has fewer than `MAX_DOUBLE_EXTENSIONS`;
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
            && value < singular_beta - DOUBLE_EXTENSION_MARGIN
            && double_extensions < MAX_DOUBLE_EXTENSIONS;
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
    use super::{MAX_DOUBLE_EXTENSIONS, Singular, singular_verdict};

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
        let cap = MAX_DOUBLE_EXTENSIONS;
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
