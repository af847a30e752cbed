//! Search scores: centipawns, with mates encoded near the ends of the range.
//!
//! A mate found `ply` plies from the root scores `MATE - ply` (being mated:
//! `-MATE + ply`), so shorter mates score higher. The transposition table
//! stores mate scores relative to the node, not the root.

use super::report::Score;

pub const INFINITE: i32 = 32_001;
pub const MATE: i32 = 32_000;
/// The deepest ply the search ever reaches (extensions included).
pub const MAX_PLY: usize = 192;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const DRAW: i32 = 0;
/// A tablebase win at the root; `TB_WIN - ply` at `ply`, just below every
/// mate score (a proven mate beats a tablebase win).
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores beyond this are tablebase wins (or mates): decisive.
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// How UCI shows a tablebase win at the root (Stockfish's convention of a
/// large centipawn score that cannot be mistaken for a mate).
pub const TB_WIN_CP: i32 = 20_000;

#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A mate or a tablebase win or loss.
#[inline]
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_BOUND
}

/// Root-relative to node-relative, for storing in the table.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Node-relative to root-relative, for a score read from the table.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
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
    } else if score >= TB_BOUND {
        Score::Cp(TB_WIN_CP - (TB_WIN - score))
    } else if score <= -TB_BOUND {
        Score::Cp(-TB_WIN_CP + (TB_WIN + score))
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
        // Tablebase wins: large centipawns, never mates, ply-relative in the table.
        assert_eq!(to_score(TB_WIN - 3), Score::Cp(TB_WIN_CP - 3));
        assert_eq!(to_score(-TB_WIN + 3), Score::Cp(-TB_WIN_CP + 3));
        assert_eq!(from_tt(to_tt(TB_WIN - 5, 2), 2), TB_WIN - 5);
        assert_eq!(to_tt(TB_WIN - 5, 2), TB_WIN - 3);
        assert!(is_decisive(TB_WIN - MAX_PLY as i32) && !is_mate(TB_WIN));
    }
}
