//! What the search learns about quiet moves as it goes: killers (per ply),
//! the butterfly history (per side, from, to) and counter-moves (the reply
//! that refuted the previous move, per piece and destination).

use super::value::MAX_PLY;
use crate::board::{Board, Color, Move};

/// History values stay within ±HISTORY_MAX ("gravity": a bonus shrinks as
/// the entry approaches the bound, as in Stockfish and Ethereal).
pub const HISTORY_MAX: i32 = 16_384;

pub struct History {
    pub killers: [[Move; 2]; MAX_PLY + 2],
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    counter: Box<[[Move; 64]; 16]>,
}

impl History {
    pub fn new() -> History {
        History {
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[Move::NULL; 64]; 16]),
        }
    }

    pub fn clear(&mut self) {
        *self = History::new();
    }

    /// Between searches: keep the history, but halve it so that the new
    /// position's experience soon dominates; killers are per search.
    pub fn age(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
        for side in self.butterfly.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
    }

    #[inline]
    pub fn quiet(&self, side: Color, m: Move) -> i32 {
        self.butterfly[side.index()][m.from().index64() as usize][m.to().index64() as usize]
    }

    /// Rewards (positive) or punishes (negative) a quiet move.
    #[inline]
    pub fn update_quiet(&mut self, side: Color, m: Move, bonus: i32) {
        let h = &mut self.butterfly[side.index()][m.from().index64() as usize]
            [m.to().index64() as usize];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    /// The remembered reply to `prev`, the move that led to `b`.
    #[inline]
    pub fn counter_move(&self, b: &Board, prev: Move) -> Move {
        if prev.is_null() {
            return Move::NULL;
        }
        let piece = b.piece_at(prev.to());
        self.counter[piece.0 as usize & 15][prev.to().index64() as usize]
    }

    pub fn set_counter_move(&mut self, b: &Board, prev: Move, reply: Move) {
        if prev.is_null() {
            return;
        }
        let piece = b.piece_at(prev.to());
        self.counter[piece.0 as usize & 15][prev.to().index64() as usize] = reply;
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// The history bonus of a move that caused a cut-off at `depth`.
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (16 * depth * depth + 32 * depth).min(1_200)
}
