//! Move ordering: the hash move first, then good captures (SEE ≥ 0, most
//! valuable victim first), killers, the counter-move, quiet moves by
//! history, and losing captures last.
//!
//! All legal moves are generated up front (the generator is fully legal),
//! the hash move is tried before anything is scored, and the rest are
//! picked by selection: a cut-off after a few moves never pays for a sort.

use super::history::History;
use super::see::{SEE_VALUE, piece_value, see_ge};
use crate::board::{Board, Move, PieceKind};
use crate::movegen::{MoveList, generate_legal, generate_tactical};

const GOOD_CAPTURE: i32 = 20_000_000;
const KILLER_1: i32 = 19_000_002;
const KILLER_2: i32 = 19_000_001;
const COUNTER: i32 = 19_000_000;
const BAD_CAPTURE: i32 = -20_000_000;

/// Most valuable victim, least valuable attacker.
#[inline]
pub fn mvv_lva(b: &Board, m: Move) -> i32 {
    let victim = if m.is_en_passant() {
        SEE_VALUE[PieceKind::Pawn as usize]
    } else {
        piece_value(b.piece_at(m.to()).kind())
    };
    let promo = m.promotion().map_or(0, |k| SEE_VALUE[k as usize]);
    (victim + promo) * 16 - b.piece_at(m.from()).kind_bits() as i32
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    HashMove,
    Rest,
}

pub struct MovePicker {
    moves: MoveList,
    scores: [i32; crate::movegen::MAX_MOVES],
    next: usize,
    hash_move: Move,
    stage: Stage,
    scored: bool,
    killers: [Move; 2],
    counter: Move,
}

impl MovePicker {
    /// All legal moves of `b`, ordered for the main search.
    pub fn new(b: &Board, hash_move: Move, killers: [Move; 2], counter: Move) -> MovePicker {
        let mut moves = MoveList::new();
        generate_legal(b, &mut moves);
        Self::with_moves(moves, hash_move, killers, counter)
    }

    /// Captures and promotions only (quiescence; `b` not in check).
    pub fn tactical(b: &Board, hash_move: Move) -> MovePicker {
        let mut moves = MoveList::new();
        generate_tactical(b, &mut moves);
        Self::with_moves(moves, hash_move, [Move::NULL; 2], Move::NULL)
    }

    fn with_moves(
        moves: MoveList,
        hash_move: Move,
        killers: [Move; 2],
        counter: Move,
    ) -> MovePicker {
        let hash_move = if !hash_move.is_null() && moves.contains(hash_move) {
            hash_move
        } else {
            Move::NULL
        };
        MovePicker {
            moves,
            scores: [0; crate::movegen::MAX_MOVES],
            next: 0,
            hash_move,
            stage: Stage::HashMove,
            scored: false,
            killers,
            counter,
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    fn score_all(&mut self, b: &Board, history: &History) {
        let side = b.side_to_move();
        for (i, &m) in self.moves.as_slice().iter().enumerate() {
            self.scores[i] = if m == self.hash_move {
                i32::MIN
            } else if m.is_tactical() {
                let underpromotion = m.promotion().is_some_and(|k| k != PieceKind::Queen);
                if underpromotion {
                    BAD_CAPTURE - 1_000_000
                } else if see_ge(b, m, 0) {
                    GOOD_CAPTURE + mvv_lva(b, m)
                } else {
                    BAD_CAPTURE + mvv_lva(b, m)
                }
            } else if m == self.killers[0] {
                KILLER_1
            } else if m == self.killers[1] {
                KILLER_2
            } else if m == self.counter {
                COUNTER
            } else {
                history.quiet(side, m)
            };
        }
        self.scored = true;
    }

    /// The next move and its ordering score, or `None` when all are out.
    pub fn next(&mut self, b: &Board, history: &History) -> Option<(Move, i32)> {
        if self.stage == Stage::HashMove {
            self.stage = Stage::Rest;
            if !self.hash_move.is_null() {
                return Some((self.hash_move, i32::MAX));
            }
        }
        if !self.scored {
            self.score_all(b, history);
        }
        let n = self.moves.len();
        loop {
            if self.next >= n {
                return None;
            }
            let mut best = self.next;
            for i in self.next + 1..n {
                if self.scores[i] > self.scores[best] {
                    best = i;
                }
            }
            let moves = self.moves.as_mut_slice();
            moves.swap(self.next, best);
            self.scores.swap(self.next, best);
            let m = moves[self.next];
            let s = self.scores[self.next];
            self.next += 1;
            if m == self.hash_move {
                continue;
            }
            return Some((m, s));
        }
    }
}

/// True for an ordering score of a capture that loses material by SEE.
#[inline]
pub fn is_bad_capture_score(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

/// True for an ordering score of a killer or counter-move.
#[inline]
pub fn is_refutation_score(score: i32) -> bool {
    (COUNTER..=KILLER_1).contains(&score)
}
