//! What the search learns about quiet moves as it goes: killers (per ply),
//! the butterfly history (per side, from, to), counter-moves (the reply
//! that refuted the previous move, per piece and destination), and
//! continuation histories (how good a piece-to-square move was after the
//! piece-to-square moves one and two plies earlier; Stockfish's
//! "counter-move history" and "follow-up history"). It also holds the
//! thread's correction history (`correction`), what the search learns
//! about the static evaluation.

use super::correction::CorrectionHistory;
use super::params;
use super::value::MAX_PLY;
use crate::board::{Board, Color, Move};

/// History values stay within ±HISTORY_MAX ("gravity": a bonus shrinks as
/// the entry approaches the bound, as in Stockfish and Ethereal).
pub const HISTORY_MAX: i32 = 16_384;

/// A previous move as the continuation tables index it: piece code * 64 + destination.
pub type ContKey = Option<usize>;

/// One continuation table: [previous piece and square][piece][square].
type ContTable = [[[i16; 64]; 16]; 1024];

/// The continuation row of a missing previous move: it adds nothing.
static ZERO_ROW: [[i16; 64]; 16] = [[0; 64]; 16];

/// `History::quiet_score` for the quiet moves of one node.
pub struct QuietScorer<'a> {
    butterfly: &'a [[i32; 64]; 64],
    cont: [&'a [[i16; 64]; 16]; 2],
}

impl QuietScorer<'_> {
    /// The ordering score of the quiet move `m` of `piece` (its code).
    #[inline]
    pub fn score(&self, m: Move, piece: u8) -> i32 {
        let (from, to, p) = (m.from64(), m.to64(), piece as usize & 15);
        self.butterfly[from][to] + self.cont[0][p][to] as i32 + self.cont[1][p][to] as i32
    }
}

pub struct History {
    pub killers: [[Move; 2]; MAX_PLY + 2],
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    counter: Box<[[Move; 64]; 16]>,
    /// One and two plies back.
    continuation: [Box<ContTable>; 2],
    /// The rows (previous moves) of each continuation table written since
    /// the last clear, one bit each: `clear` zeroes only those, so that
    /// `bench` and `ucinewgame` do not pay for 4 MB of mostly clean tables.
    written: [[u64; 16]; 2],
    /// The static evaluation's learnt corrections; kept from one search
    /// to the next, as Stockfish keeps them (an evaluation error does not
    /// age with the move number).
    pub correction: CorrectionHistory,
}

fn new_cont_table() -> Box<ContTable> {
    vec![[[0i16; 64]; 16]; 1024]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has 1024 rows"))
}

impl History {
    pub fn new() -> History {
        History {
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[Move::NULL; 64]; 16]),
            continuation: [new_cont_table(), new_cont_table()],
            written: [[0; 16]; 2],
            correction: CorrectionHistory::new(),
        }
    }

    /// Back to a new `History`'s state, in place.
    pub fn clear(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
        self.butterfly
            .iter_mut()
            .flatten()
            .for_each(|row| row.fill(0));
        self.counter.iter_mut().for_each(|row| row.fill(Move::NULL));
        for (table, written) in self.continuation.iter_mut().zip(&mut self.written) {
            for (w, bits) in written.iter_mut().enumerate() {
                let mut set = std::mem::take(bits);
                while set != 0 {
                    let row = w * 64 + set.trailing_zeros() as usize;
                    set &= set - 1;
                    table[row] = [[0; 64]; 16];
                }
            }
        }
        self.correction.clear();
    }

    /// Between searches: keep the history, but shrink it (to
    /// `params::hist_age` percent, a half) so that the new position's
    /// experience soon dominates; killers are per search.
    pub fn age(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
        let keep = params::hist_age();
        for side in self.butterfly.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h = *h * keep / 100;
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

    /// What scores the quiet moves of one node (`quiet_score` with the
    /// tables' rows for `side` and `conts` looked up once).
    #[inline]
    pub fn quiet_scorer(&self, side: Color, conts: [ContKey; 2]) -> QuietScorer<'_> {
        fn row(table: &ContTable, key: ContKey) -> &[[i16; 64]; 16] {
            match key {
                Some(k) => &table[k],
                None => &ZERO_ROW,
            }
        }
        QuietScorer {
            butterfly: &self.butterfly[side.index()],
            cont: [
                row(&self.continuation[0], conts[0]),
                row(&self.continuation[1], conts[1]),
            ],
        }
    }

    /// The ordering score of a quiet move: butterfly plus continuations.
    #[inline]
    pub fn quiet_score(&self, side: Color, m: Move, piece: u8, conts: [ContKey; 2]) -> i32 {
        let mut s = self.quiet(side, m);
        let to = m.to().index64() as usize;
        for (table, key) in self.continuation.iter().zip(conts) {
            if let Some(k) = key {
                s += table[k][piece as usize & 15][to] as i32;
            }
        }
        s
    }

    /// Rewards or punishes a quiet move in every table.
    pub fn update_quiet_all(
        &mut self,
        side: Color,
        m: Move,
        piece: u8,
        conts: [ContKey; 2],
        bonus: i32,
    ) {
        self.update_quiet(side, m, bonus);
        let to = m.to().index64() as usize;
        for ((table, written), key) in self
            .continuation
            .iter_mut()
            .zip(&mut self.written)
            .zip(conts)
        {
            if let Some(k) = key {
                written[k / 64] |= 1 << (k % 64);
                let h = &mut table[k][piece as usize & 15][to];
                let v = *h as i32;
                *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
            }
        }
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

/// The history bonus of a move that caused a cut-off at `depth` (see
/// `params::hist_bonus_mul`): up to about 15% of `HISTORY_MAX`, linear in
/// the depth.
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (params::hist_bonus_mul() * depth - params::hist_bonus_offset())
        .clamp(0, params::hist_bonus_max())
}

/// The penalty of a quiet move searched before the one that cut off (see
/// `params::hist_malus_mul`): larger than the bonus.
#[inline]
pub fn malus(depth: i32) -> i32 {
    (params::hist_malus_mul() * depth - params::hist_malus_offset())
        .clamp(0, params::hist_malus_max())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonuses_grow_with_depth_and_stay_within_the_bound() {
        let mut last = (0, 0);
        for d in 1..=64 {
            let (b, m) = (bonus(d), malus(d));
            assert!(b > 0 && m >= b && m < HISTORY_MAX / 4, "depth {d}");
            assert!(b >= last.0 && m >= last.1);
            last = (b, m);
        }
        // However often a move is rewarded or punished, gravity keeps it
        // inside the bound.
        let mut h = History::new();
        let m = Move(0x0a1c);
        for _ in 0..1000 {
            h.update_quiet_all(Color::White, m, 3, [Some(5), Some(6)], bonus(64));
        }
        assert!((HISTORY_MAX - 3_000..=HISTORY_MAX).contains(&h.quiet(Color::White, m)));
        for _ in 0..1000 {
            h.update_quiet_all(Color::White, m, 3, [Some(5), Some(6)], -malus(64));
        }
        assert!((-HISTORY_MAX..=-HISTORY_MAX + 3_000).contains(&h.quiet(Color::White, m)));
    }

    #[test]
    fn clear_gives_a_new_history() {
        let mut h = History::new();
        let m = Move(0x0a1c);
        for k in [0, 63, 64, 700, 1023] {
            h.update_quiet_all(Color::Black, m, 10, [Some(k), Some(1023 - k)], 900);
        }
        h.add_killer(3, m);
        h.clear();
        let fresh = History::new();
        assert_eq!(h.killers, fresh.killers);
        assert_eq!(h.butterfly, fresh.butterfly);
        assert_eq!(h.counter, fresh.counter);
        assert!(h.continuation == fresh.continuation);
        assert_eq!(h.written, fresh.written);
    }

    /// The per-node scorer gives `quiet_score`'s values, with and without
    /// each previous move.
    #[test]
    fn quiet_scorer_agrees_with_quiet_score() {
        let mut h = History::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let keys = [None, Some(0), Some(517), Some(1023)];
        for _ in 0..5000 {
            let m = Move((next() & 0x0fff) as u16);
            let side = if next() & 1 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let conts = [keys[next() as usize % 4], keys[next() as usize % 4]];
            let bonus = (next() % 2000) as i32 - 1000;
            h.update_quiet_all(side, m, (next() % 16) as u8, conts, bonus);
        }
        for side in [Color::White, Color::Black] {
            for c0 in keys {
                for c1 in keys {
                    let scorer = h.quiet_scorer(side, [c0, c1]);
                    for code in 0..4096u16 {
                        let m = Move(code);
                        for piece in [1u8, 6, 9, 14] {
                            assert_eq!(
                                scorer.score(m, piece),
                                h.quiet_score(side, m, piece, [c0, c1]),
                                "{m:?} piece {piece}"
                            );
                        }
                    }
                }
            }
        }
    }
}
