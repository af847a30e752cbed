//! Cheap draw tests for the search, called at every node.

use super::outcome::FIFTY_MOVES;
use crate::board::{Board, Color, PieceKind};

/// Repetition as the search scores it. `keys` holds the keys of the game's
/// positions since its last irreversible move, then the search path; the
/// last key is the position to test, `root` the index of the search root.
///
/// A position that repeats one inside the search path is a draw (either
/// side could repeat again); one that repeats a position of the game's
/// history is a draw only when it is that position's third occurrence
/// (FIDE 9.2: only then can a draw be claimed). Only positions within the
/// last `halfmove_clock` plies can match, and only with the same side to
/// move (every second key).
#[inline]
pub fn is_repetition_draw(keys: &[u64], halfmove_clock: u16, root: usize) -> bool {
    let n = keys.len();
    if n < 5 || halfmove_clock < 4 {
        return false;
    }
    let current = keys[n - 1];
    let oldest = n.saturating_sub(halfmove_clock as usize + 1);
    let mut earlier = 0;
    let mut i = n - 1;
    while i >= oldest + 2 {
        i -= 2;
        if keys[i] == current {
            if i >= root {
                return true;
            }
            earlier += 1;
            if earlier >= 2 {
                return true;
            }
        }
    }
    false
}

/// FIDE 9.3: a draw may be claimed after 100 half-moves without a capture
/// or pawn move. The caller checks mate first (mate takes precedence).
#[inline]
pub fn is_fifty_move_draw(board: &Board) -> bool {
    board.halfmove_clock() >= FIFTY_MOVES
}

/// The material layer of dead positions (FIDE 5.2.2): K v K, K+B v K,
/// K+N v K, and kings with bishops that all stand on squares of one colour.
pub fn is_dead_by_material(board: &Board) -> bool {
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colors = [false; 2];
    for (sq, p) in board.pieces() {
        match p.kind() {
            Some(PieceKind::King) => {}
            Some(PieceKind::Bishop) => {
                minors += 1;
                bishop_colors[sq.is_dark() as usize] = true;
            }
            Some(PieceKind::Knight) => {
                minors += 1;
                knights += 1;
            }
            _ => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
}

/// True when `color` has nothing but its king.
pub fn has_only_king(board: &Board, color: Color) -> bool {
    board.occupied_by(color).count_ones() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn material_dead_positions() {
        assert!(is_dead_by_material(&b("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
        assert!(is_dead_by_material(&b("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")));
        assert!(is_dead_by_material(&b("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1")));
        // Bishops on one colour, both sides.
        assert!(is_dead_by_material(&b("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")));
        // Alive: two knights, knight v knight, opposite bishops, a pawn.
        assert!(!is_dead_by_material(&b("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1")));
        assert!(!is_dead_by_material(&b("4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1")));
        assert!(!is_dead_by_material(&b(
            "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"
        )));
        assert!(!is_dead_by_material(&b("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")));
    }

    #[test]
    fn repetition_in_path_and_in_history() {
        // a b a b a: the last `a` repeats the first inside the path (root 0).
        let keys = [1, 2, 3, 4, 1];
        assert!(is_repetition_draw(&keys, 10, 0));
        // Same keys, but the first `a` is game history (root at 3): needs a third.
        assert!(!is_repetition_draw(&keys, 10, 3));
        let keys = [1, 2, 3, 4, 1, 5, 6, 7, 1];
        assert!(is_repetition_draw(&keys, 20, 8));
        // The half-move clock bounds the look-back.
        assert!(!is_repetition_draw(&[1, 2, 3, 4, 1], 3, 0));
    }
}
