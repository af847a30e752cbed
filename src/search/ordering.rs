//! Move ordering: the hash move first, then good captures (SEE ≥ 0, most
//! valuable victim first), killers, the counter-move, quiet moves by
//! history, and losing captures last.
//!
//! The picker works in stages, so that a cut-off spares the work of the
//! stages not reached (Stockfish's staged `MovePicker`):
//! 1. the hash move, checked for legality and tried before anything is
//!    generated;
//! 2. the captures and promotions, generated alone and picked by selection
//!    (most valuable victim first); a capture is checked by SEE only when
//!    it is about to be tried, and one that loses waits for stage 5;
//! 3. the two killers and the counter-move, each checked for legality;
//! 4. the quiet moves, generated only now, scored by the history tables as
//!    they stand after the searches of stages 1-3, and picked by selection
//!    (the search may stop them short: `skip_quiets`);
//! 5. the losing captures and the underpromotions.
//!
//! The moves and their scores live in a `MoveBuffer` that the search keeps
//! per ply, so that no node pays for clearing or copying a list.

use super::history::{ContKey, History};
use super::see::{SEE_VALUE, piece_value, see_ge};
use crate::board::{Board, Move, PieceKind};
use crate::movegen::{MAX_MOVES, MoveList, generate_quiet, generate_tactical, is_legal};

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
    GenerateTactical,
    GoodTactical,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiet,
    Quiet,
    BadTactical,
    Done,
}

pub struct MovePicker {
    stage: Stage,
    hash_move: Move,
    /// Captures and promotions only (quiescence).
    tactical_only: bool,
    killers: [Move; 2],
    counter: Move,
    conts: [ContKey; 2],
    /// The buffer holds the captures and promotions in `..tactical_end`,
    /// then the quiet moves.
    tactical_end: usize,
    /// The next capture to select from (`..next_tactical` are returned).
    next_tactical: usize,
    /// The next quiet move to return.
    next_quiet: usize,
    /// Some move has been returned.
    returned_any: bool,
    /// `skip_quiets` was called.
    skip_quiets: bool,
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
            stage: Stage::HashMove,
            hash_move,
            tactical_only: false,
            killers,
            counter,
            conts,
            tactical_end: 0,
            next_tactical: 0,
            next_quiet: 0,
            returned_any: false,
            skip_quiets: false,
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
    pub fn found_no_moves(&self) -> bool {
        self.stage == Stage::Done && !self.returned_any
    }

    /// Generates the captures and promotions into the buffer, all but the
    /// hash move, with their first scores: a capture gets the score it has
    /// if it wins by SEE (an upper bound until `next` looks at it), an
    /// underpromotion a score below every losing capture.
    #[inline(never)]
    fn generate_tactical(&mut self, b: &Board, buffer: &mut MoveBuffer) {
        buffer.moves.clear();
        generate_tactical(b, &mut buffer.moves);
        let moves = buffer.moves.as_mut_slice();
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if m == self.hash_move {
                continue;
            }
            let underpromotion = m.promotion().is_some_and(|k| k != PieceKind::Queen);
            moves[kept] = m;
            buffer.scores[kept] = if underpromotion {
                BAD_CAPTURE - 1_000_000
            } else {
                GOOD_CAPTURE + mvv_lva(b, m)
            };
            kept += 1;
        }
        buffer.moves.truncate(kept);
        self.tactical_end = kept;
        self.next_tactical = 0;
    }

    /// Generates the quiet moves after the captures, all but those already
    /// returned (the hash move, killers, counter-move), and scores them by
    /// the history tables as they stand now; `next` picks them by selection,
    /// so that a node cut off (or pruned, `skip_quiets`) after a few of them
    /// never pays for ordering the rest.
    #[inline(never)]
    fn generate_quiet(&mut self, b: &Board, history: &History, buffer: &mut MoveBuffer) {
        let start = self.tactical_end;
        buffer.moves.truncate(start);
        generate_quiet(b, &mut buffer.moves);
        let scorer = history.quiet_scorer(b.side_to_move(), self.conts);
        let skip = [
            self.hash_move,
            self.killers[0],
            self.killers[1],
            self.counter,
        ];
        let moves = buffer.moves.as_mut_slice();
        let mut kept = start;
        for i in start..moves.len() {
            let m = moves[i];
            if skip.contains(&m) {
                continue;
            }
            moves[kept] = m;
            buffer.scores[kept] = scorer.score(m, b.piece_at(m.from()).0);
            kept += 1;
        }
        buffer.moves.truncate(kept);
        self.next_quiet = start;
    }

    /// No more quiet moves are wanted (late-move or futility pruning has
    /// begun): the picker goes on with the losing captures. Quiet checks
    /// are skipped too, as in Stockfish.
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// A killer or the counter-move, if it is a legal quiet move here not
    /// returned before.
    fn refutation(&self, b: &Board, m: Move, earlier: &[Move]) -> bool {
        !m.is_null()
            && !m.is_tactical()
            && m != self.hash_move
            && !earlier.contains(&m)
            && is_legal(b, m)
    }

    /// The next move and its ordering score, or `None` when all are out.
    /// `buffer` is this ply's, untouched by anyone else while the picker
    /// is in use.
    ///
    /// The captures are picked by selection: the first move (in list order)
    /// of the highest score is swapped to the front. A capture's score
    /// starts as an upper bound (see `generate_tactical`) and is made exact
    /// only when its move is the one selected: it is checked by SEE and, if
    /// it loses, drops to the losing captures, and a cut-off spares the SEE
    /// of the captures not reached.
    pub fn next(
        &mut self,
        b: &Board,
        history: &History,
        buffer: &mut MoveBuffer,
    ) -> Option<(Move, i32)> {
        let found = self.next_move(b, history, buffer);
        self.returned_any |= found.is_some();
        found
    }

    fn next_move(
        &mut self,
        b: &Board,
        history: &History,
        buffer: &mut MoveBuffer,
    ) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateTactical;
                    let m = self.hash_move;
                    if !m.is_null() && (!self.tactical_only || m.is_tactical()) && is_legal(b, m) {
                        return Some((m, i32::MAX));
                    }
                    self.hash_move = Move::NULL;
                }
                Stage::GenerateTactical => {
                    self.generate_tactical(b, buffer);
                    self.stage = Stage::GoodTactical;
                }
                Stage::GoodTactical => {
                    let selected = self.select_tactical(buffer);
                    let Some((best, _)) = selected.filter(|&(_, s)| s >= GOOD_CAPTURE - 16) else {
                        // Only losing captures and underpromotions are left.
                        self.stage = if self.tactical_only {
                            Stage::BadTactical
                        } else {
                            Stage::Killer1
                        };
                        continue;
                    };
                    let m = buffer.moves.as_slice()[best];
                    if !see_ge(b, m, 0) {
                        buffer.scores[best] = BAD_CAPTURE + mvv_lva(b, m);
                        continue;
                    }
                    return Some(self.take_tactical(buffer, best));
                }
                Stage::Killer1 | Stage::Killer2 | Stage::Counter | Stage::GenerateQuiet
                    if self.skip_quiets =>
                {
                    self.stage = Stage::BadTactical;
                }
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    let m = self.killers[0];
                    if self.refutation(b, m, &[]) {
                        return Some((m, KILLER_1));
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    let m = self.killers[1];
                    if self.refutation(b, m, &[self.killers[0]]) {
                        return Some((m, KILLER_2));
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenerateQuiet;
                    let m = self.counter;
                    if self.refutation(b, m, &self.killers) {
                        return Some((m, COUNTER));
                    }
                }
                Stage::GenerateQuiet => {
                    self.generate_quiet(b, history, buffer);
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    let (start, end) = (self.next_quiet, buffer.moves.len());
                    if self.skip_quiets || start >= end {
                        self.stage = Stage::BadTactical;
                        continue;
                    }
                    let (best, _) = select(&buffer.scores[start..end]);
                    self.next_quiet += 1;
                    return Some(take(buffer, start, start + best));
                }
                Stage::BadTactical => {
                    // Every score left is exact: losing captures (checked)
                    // and underpromotions.
                    if let Some((best, _)) = self.select_tactical(buffer) {
                        return Some(self.take_tactical(buffer, best));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// The first capture of the highest score among those not yet
    /// returned, and that score.
    #[inline]
    fn select_tactical(&self, buffer: &MoveBuffer) -> Option<(usize, i32)> {
        let rest = &buffer.scores[self.next_tactical..self.tactical_end];
        if rest.is_empty() {
            return None;
        }
        let (best, s) = select(rest);
        Some((self.next_tactical + best, s))
    }

    /// Returns the capture at `best`, moved to the front of those left.
    #[inline]
    fn take_tactical(&mut self, buffer: &mut MoveBuffer, best: usize) -> (Move, i32) {
        let i = self.next_tactical;
        self.next_tactical += 1;
        take(buffer, i, best)
    }
}

/// The index of the first highest score of `scores` (not empty), and that
/// score: two passes, but the first has no branches and is vectorised.
#[inline]
fn select(scores: &[i32]) -> (usize, i32) {
    let s = scores.iter().copied().fold(i32::MIN, i32::max);
    (scores.iter().position(|&x| x == s).unwrap_or(0), s)
}

/// The move at `best` and its score, swapped into slot `i` (the front of
/// the moves not yet returned).
#[inline]
fn take(buffer: &mut MoveBuffer, i: usize, best: usize) -> (Move, i32) {
    buffer.moves.as_mut_slice().swap(i, best);
    buffer.scores.swap(i, best);
    (buffer.moves.as_slice()[i], buffer.scores[i])
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
