//! A quick search for a checkmate that both sides help along (a
//! helpmate): the cheap way to show that a position is alive.
//!
//! The exhaustive search of [`super::dead`] proves a position dead by
//! visiting everything reachable from it; on a live position it stops at
//! the first checkmate it meets, but it meets one late, wandering (a
//! hundred milliseconds for K+R v K). Most positions are alive, and a
//! mate is easy to find when it is looked for: this best-first search
//! takes first the positions where the side to be mated has the fewest
//! flight squares for its king, the mating side's pieces stand nearest
//! to that king and its pawns nearest to promotion. It finds a mate in a
//! few dozen expansions in the positions games are resigned or
//! adjudicated in.
//!
//! Only a "yes" means something: a mate found is a mate reached by legal
//! moves from the position, so the position is alive. When the budget
//! runs out nothing is proven, and the exhaustive search decides.

use super::dead::KeyHasher;
use super::draw::{has_only_king, is_dead_by_material};
use crate::board::{Board, Color, PieceKind, Square};
use crate::movegen::{MoveList, generate_legal, has_legal_move};
use std::collections::{BinaryHeap, HashSet};
use std::hash::BuildHasherDefault;

/// Positions expanded before the quick search gives up.
pub const EXPANSION_BUDGET: usize = 400;

/// True when a checkmate of `!by` by `by` was found by legal moves from
/// `board` within `budget` expanded positions.
pub fn helpmate_found(board: &Board, by: Color, budget: usize) -> bool {
    let target = !by;
    if is_mate_of(board, target) {
        return true;
    }
    // Min-heap on the score; among equals, the newest (deepest) first.
    let mut queue: BinaryHeap<(std::cmp::Reverse<i32>, usize)> = BinaryHeap::new();
    let mut boards: Vec<(Board, i32)> = vec![(*board, 0)];
    let mut seen: HashSet<u64, BuildHasherDefault<KeyHasher>> = HashSet::default();
    seen.insert(board.key());
    queue.push((std::cmp::Reverse(score(board, by, 0)), 0));
    let mut moves = MoveList::new();
    let mut expanded = 0;
    while let Some((_, index)) = queue.pop() {
        if expanded >= budget {
            return false;
        }
        expanded += 1;
        let (b, depth) = boards[index];
        moves.clear();
        generate_legal(&b, &mut moves);
        for &m in moves.iter() {
            let next = b.make(m);
            // Keys only: a collision can hide a position from this search,
            // never fake a mate (each mate is checked on its own board).
            if !seen.insert(next.key()) {
                continue;
            }
            if is_mate_of(&next, target) {
                return true;
            }
            if is_dead_by_material(&next) || has_only_king(&next, by) {
                continue;
            }
            queue.push((std::cmp::Reverse(score(&next, by, depth + 1)), boards.len()));
            boards.push((next, depth + 1));
        }
    }
    false
}

/// True when `target` is to move and checkmated.
fn is_mate_of(b: &Board, target: Color) -> bool {
    b.side_to_move() == target && b.in_check() && !has_legal_move(b)
}

/// Lower is nearer to a mate of `!by`: the target king's free flight
/// squares weigh most, then the defender's pieces (the mating side gains
/// by taking them), the mating pieces' distance to that king and the pawns'
/// distance to promotion; deeper positions are preferred a little, so the
/// search dives rather than widens. (The weights were chosen on the final
/// positions of adjudicated self-play games where a first version failed:
/// all were solved within 200 expansions.)
fn score(b: &Board, by: Color, depth: i32) -> i32 {
    let target = !by;
    let king = b.king_square(target);
    let mut s = -2 * depth;
    for delta in [-17i8, -16, -15, -1, 1, 15, 16, 17] {
        if let Some(sq) = king.offset(delta) {
            let p = b.piece_at(sq);
            let own = !p.is_empty() && p.color() == target;
            if !own && !b.is_attacked(sq, by) {
                s += 16;
            }
        }
    }
    if !(b.side_to_move() == target && b.in_check()) {
        s += 8;
    }
    for (sq, p) in b.pieces() {
        if p.color() != by {
            if !matches!(p.kind(), Some(PieceKind::King | PieceKind::Pawn)) {
                s += 12;
            }
            continue;
        }
        s += match p.kind() {
            Some(PieceKind::Pawn) => {
                let to_go = match by {
                    Color::White => 7 - sq.rank(),
                    Color::Black => sq.rank(),
                };
                3 * i32::from(to_go)
            }
            Some(PieceKind::King) => distance(sq, king),
            _ => 2 * distance(sq, king),
        };
    }
    s
}

/// Chebyshev distance: king steps from one square to the other.
fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(fen: &str, by: Color, budget: usize) -> bool {
        helpmate_found(&Board::from_fen(fen).unwrap(), by, budget)
    }

    #[test]
    fn mates_are_found_quickly_where_they_exist() {
        // Bare mating material, kings in the middle.
        assert!(found("8/8/3k4/8/8/4K3/8/7R w - - 0 1", Color::White, 400));
        assert!(found("8/8/3k4/8/8/4K3/8/7Q b - - 0 1", Color::White, 400));
        // Resigned positions that a first version of the score missed.
        assert!(found(
            "7k/1R4Rp/8/2B1pp2/8/6PP/4PP2/3r2K1 w - - 1 40",
            Color::White,
            400
        ));
        assert!(found(
            "8/1p6/8/P7/2p2pk1/1b1p3p/3K3B/8 b - - 1 53",
            Color::Black,
            400
        ));
        assert!(found(
            "4R3/8/2K2k2/6R1/2ppr3/1p2B3/7P/8 w - - 8 63",
            Color::White,
            400
        ));
        assert!(found(
            "K7/4R3/8/7p/5p2/3k3P/6P1/8 w - - 0 58",
            Color::White,
            400
        ));
        // A middlegame: a mate of one side or the other is found (what
        // `dead_position` asks; a full board is the hardest case).
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9";
        assert!(found(fen, Color::White, 400) || found(fen, Color::Black, 400));
        // Pawns that must promote first.
        assert!(found("8/5k2/8/8/8/8/1P6/4K3 w - - 0 1", Color::White, 400));
    }

    #[test]
    fn nothing_is_found_where_no_mate_exists() {
        // A lone king mates nobody; K+N v K neither.
        assert!(!found("8/8/3k4/8/8/4K3/8/7r w - - 0 1", Color::White, 400));
        assert!(!found("8/8/3k4/8/8/4K3/8/7N w - - 0 1", Color::White, 400));
        // A locked wall.
        let wall = "8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1";
        assert!(!found(wall, Color::White, 400));
    }
}
