//! Repetition of positions in a game (FIDE 9.2, 9.6.1).
//!
//! Positions are the same (9.2.3) when the same side is to move, the same
//! pieces stand on the same squares, and the possible moves are the same:
//! equal castling rights, and an en-passant square only when the capture is
//! legal. `Board::key()` is built to be equal exactly then, so positions
//! are compared by key. Only positions that occurred on the board count.

use super::game::Game;

/// How many times the position at index `ply` of the game's boards (0 =
/// the start) had occurred up to and including that moment.
pub fn occurrences_at(game: &Game, ply: usize) -> usize {
    let boards = game.boards();
    let Some(target) = boards.get(ply) else {
        return 0;
    };
    let key = target.key();
    // Only positions after the last irreversible move can match, and only
    // with the same side to move; the clock bounds the look-back.
    let window = target.halfmove_clock() as usize;
    let oldest = ply.saturating_sub(window);
    (oldest..=ply)
        .rev()
        .step_by(2)
        .filter(|&i| boards[i].key() == key)
        .count()
}

/// How many times the current position has occurred, this time included.
pub fn occurrences(game: &Game) -> usize {
    occurrences_at(game, game.boards().len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn game(moves: &str) -> Game {
        let mut g = Game::new(Board::startpos());
        g.push_uci_moves(moves.split_whitespace()).unwrap();
        g
    }

    #[test]
    fn knight_shuffle_counts_the_start_position() {
        assert_eq!(occurrences(&game("")), 1);
        assert_eq!(occurrences(&game("g1f3 g8f6 f3g1 f6g8")), 2);
        assert_eq!(
            occurrences(&game("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")),
            3
        );
        // After an odd number of moves the side to move differs.
        assert_eq!(occurrences(&game("g1f3 g8f6 f3g1 f6g8 g1f3")), 2);
    }

    #[test]
    fn a_lost_castling_right_makes_a_new_position() {
        let g = game("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8");
        assert_eq!(occurrences(&g), 2);
        assert_eq!(occurrences_at(&g, 2), 1);
    }
}
