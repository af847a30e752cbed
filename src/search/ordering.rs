//! Move ordering: the hash move first, then good captures (SEE ≥ 0, most
//! valuable victim first), killers, the counter-move, quiet moves by
//! history, and losing captures last.
//!
//! The picker works in stages, so that a cut-off spares the work of the
//! stages not reached (Stockfish's staged `MovePicker`): the hash move is
//! checked for legality and tried before anything is generated; then all
//! legal moves are generated at once (the generator is fully legal) and
//! picked by selection, a cut-off after a few moves never paying for a
//! sort. A capture is checked by SEE only when it is about to be tried.
//!
//! The moves and their scores live in a `MoveBuffer` that the search keeps
//! per ply, so that no node pays for clearing or copying a list.

use super::history::{ContKey, History};
use super::see::{SEE_VALUE, piece_value, see_ge};
use crate::board::{Board, Move, PieceKind};
use crate::movegen::{MAX_MOVES, MoveList, generate_legal, generate_tactical, is_legal};

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

/// One ply's moves and their ordering scores: scratch space that the
/// search keeps per ply and lends to that ply's picker.
#[derive(Clone)]
pub struct MoveBuffer {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
}

impl MoveBuffer {
    pub fn new() -> MoveBuffer {
        MoveBuffer {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
        }
    }
}

impl Default for MoveBuffer {
    fn default() -> Self {
        MoveBuffer::new()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    HashMove,
    Generate,
    Pick,
}

pub struct MovePicker {
    next: usize,
    hash_move: Move,
    stage: Stage,
    /// Captures and promotions only (quiescence).
    tactical_only: bool,
    killers: [Move; 2],
    counter: Move,
    conts: [ContKey; 2],
}

impl MovePicker {
    /// All legal moves of `b`, ordered for the main search.
    pub fn new(
        hash_move: Move,
        killers: [Move; 2],
        counter: Move,
        conts: [ContKey; 2],
    ) -> MovePicker {
        MovePicker {
            next: 0,
            hash_move,
            stage: Stage::HashMove,
            tactical_only: false,
            killers,
            counter,
            conts,
        }
    }

    /// Captures and promotions only (quiescence; the position not in check).
    pub fn tactical(hash_move: Move) -> MovePicker {
        MovePicker {
            tactical_only: true,
            ..Self::new(hash_move, [Move::NULL; 2], Move::NULL, [None; 2])
        }
    }

    /// True once the picker has found that the position has no legal move
    /// (no tactical one, for `tactical`): `next` has returned `None`
    /// without returning any move.
    pub fn found_no_moves(&self, buffer: &MoveBuffer) -> bool {
        self.stage == Stage::Pick && self.hash_move.is_null() && buffer.moves.is_empty()
    }

    /// The first ordering score of every move, as cheap as it can be made:
    /// a capture gets the score it has if it wins by SEE (an upper bound
    /// until `next` looks at it). Quiet moves get their history scores now,
    /// before any move of this node but the hash move is searched (the
    /// searches below change the histories, and the order is to be that of
    /// the tables as they stand here).
    fn score(&self, b: &Board, history: &History, buffer: &mut MoveBuffer) {
        let scorer = history.quiet_scorer(b.side_to_move(), self.conts);
        let moves = buffer.moves.as_slice();
        for (&m, score) in moves.iter().zip(buffer.scores.iter_mut()) {
            *score = if m == self.hash_move {
                i32::MIN
            } else if m.is_tactical() {
                let underpromotion = m.promotion().is_some_and(|k| k != PieceKind::Queen);
                if underpromotion {
                    BAD_CAPTURE - 1_000_000
                } else {
                    GOOD_CAPTURE + mvv_lva(b, m)
                }
            } else if m == self.killers[0] {
                KILLER_1
            } else if m == self.killers[1] {
                KILLER_2
            } else if m == self.counter {
                COUNTER
            } else {
                scorer.score(m, b.piece_at(m.from()).0)
            };
        }
    }

    /// The next move and its ordering score, or `None` when all are out.
    /// `buffer` is this ply's, untouched by anyone else while the picker
    /// is in use.
    ///
    /// Selection: the first move (in list order) of the highest score is
    /// swapped to the front. A capture's score starts as an upper bound
    /// (see `score`) and is made exact only when its move is the one
    /// selected: it is checked by SEE and, if it loses, drops to the
    /// losing captures. A move is returned only when its score is exact; as
    /// every other score is at most its bound, the first exact maximum is
    /// also the first maximum of the exact scores, so the order is the one
    /// that checking every capture up front gave, and a cut-off spares the
    /// SEE of the captures not reached.
    pub fn next(
        &mut self,
        b: &Board,
        history: &History,
        buffer: &mut MoveBuffer,
    ) -> Option<(Move, i32)> {
        if self.stage == Stage::HashMove {
            self.stage = Stage::Generate;
            let m = self.hash_move;
            if !m.is_null() && (!self.tactical_only || m.is_tactical()) && is_legal(b, m) {
                return Some((m, i32::MAX));
            }
            self.hash_move = Move::NULL;
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Pick;
            buffer.moves.clear();
            if self.tactical_only {
                generate_tactical(b, &mut buffer.moves);
            } else {
                generate_legal(b, &mut buffer.moves);
            }
            debug_assert!(self.hash_move.is_null() || buffer.moves.contains(self.hash_move));
            self.score(b, history, buffer);
        }
        let moves = buffer.moves.as_mut_slice();
        let scores = &mut buffer.scores[..moves.len()];
        let n = moves.len();
        loop {
            if self.next >= n {
                return None;
            }
            // The highest score, then its first move: two passes, but the
            // first has no branches and is vectorised.
            let rest = &scores[self.next..n];
            let s = rest.iter().copied().fold(i32::MIN, i32::max);
            let best = self.next + rest.iter().position(|&x| x == s).unwrap_or(0);
            let m = moves[best];
            // Every capture still in the list with a winning score is
            // unchecked: checked ones are returned at once, or drop below.
            if s >= GOOD_CAPTURE - 16 && !see_ge(b, m, 0) {
                scores[best] = BAD_CAPTURE + mvv_lva(b, m);
                continue;
            }
            moves.swap(self.next, best);
            scores.swap(self.next, best);
            self.next += 1;
            if m == self.hash_move {
                continue;
            }
            return Some((m, s));
        }
    }
}

/// What the ordering score of a capture or promotion says about
/// `see_ge(b, m, 0)`: the picker checked every capture it returns, but
/// not underpromotions (and says nothing about the hash move).
#[inline]
pub fn see_verdict(score: i32) -> Option<bool> {
    // MVV-LVA stays within -16..=100_000.
    if (GOOD_CAPTURE - 16..=GOOD_CAPTURE + 100_000).contains(&score) {
        Some(true)
    } else if (BAD_CAPTURE - 16..=BAD_CAPTURE + 100_000).contains(&score) {
        Some(false)
    } else {
        None
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
