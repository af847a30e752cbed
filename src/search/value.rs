//! Search scores: centipawns, with mates encoded near the ends of the range.
//!
//! A mate found `ply` plies from the root scores `MATE - ply` (being mated:
//! `-MATE + ply`), so shorter mates score higher. The transposition table
//! stores mate scores relative to the node, not the root.

use super::Score;

pub const INFINITE: i32 = 32_001;
pub const MATE: i32 = 32_000;
/// The deepest ply the search ever reaches (extensions included).
pub const MAX_PLY: usize = 192;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const DRAW: i32 = 0;

#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Root-relative to node-relative, for storing in the table.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Node-relative to root-relative, for a score read from the table.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The UCI form: mate in moves (not plies), or centipawns.
pub fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_in_moves() {
        // Mate delivered on ply 1 is mate in 1; mated at ply 0 is "mate 0".
        assert_eq!(to_score(MATE - 1), Score::Mate(1));
        assert_eq!(to_score(MATE - 3), Score::Mate(2));
        assert_eq!(to_score(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_score(mated_in(0)), Score::Mate(0));
        assert_eq!(to_score(57), Score::Cp(57));
        assert_eq!(from_tt(to_tt(MATE - 7, 4), 4), MATE - 7);
    }
}
