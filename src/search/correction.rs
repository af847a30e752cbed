//! Correction history: what the search has learnt about the static
//! evaluation's errors. The evaluation misjudges some kinds of positions
//! the same way again and again; a node's search result says by how much
//! its static evaluation was off. Kept by pawn structure (per side to
//! move) as a running average of that error, it is added to the raw
//! evaluation of every later position with the same pawns, so that the
//! pruning that compares the evaluation with the window (reverse
//! futility, null move, futility, `improving`, quiescence's stand pat)
//! starts from a better estimate.
//!
//! A second set of tables keeps the same error by each side's pieces other
//! than pawns (their kinds and squares, king included), per side to move:
//! the evaluation's errors about a piece configuration, whatever the pawns.
//! A third kind is kept by the last two moves (each a piece and its
//! destination): the evaluation's errors after a given pair of moves,
//! whatever the structure.
//!
//! The correction is the sum of the four entries (pawns, White's pieces,
//! Black's pieces, the last two moves), and all of them learn from what
//! the sum got wrong, so that together they fit the error rather than
//! each claiming all of it.
//!
//! The idea is Stockfish's pawn correction history (Stockfish 16.1) and
//! its non-pawn and continuation correction histories (Stockfish 17); the
//! update is the
//! depth-weighted moving average of Stash, Berserk and other open
//! engines: the entries move towards the observed error by
//! `min(depth + 1, 16) / 256` of the distance, in 1/256 centipawn, each
//! clamped to ±32 cp. With one table this is exactly a moving average of
//! the error; with several, a gradient step on their sum (Stockfish's
//! form, where every table's bonus comes from the corrected evaluation's
//! error).
//!
//! The table keeps no key: it is a hint, and a position that lands on
//! another structure's entry gets that entry's (small, bounded) hint. The
//! raw evaluation, not the corrected one, is what the transposition
//! table stores, so that the table's evaluations never carry an old
//! correction.

use super::history::ContKey;
use super::tt::TtBound;
use super::value::{TB_BOUND, is_decisive};
use crate::board::{Board, Color};

/// Entries per table and side to move: 16,384 (a 14-bit index), Stockfish's size.
const BITS: u32 = 14;
const ENTRIES: usize = 1 << BITS;
/// Entries are kept in 1/GRAIN of a centipawn, so that the small steps of
/// the moving average are not lost to rounding.
pub const GRAIN: i32 = 256;
/// A new observation weighs `min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE`:
/// a deep search's verdict counts more, and none moves an entry more than
/// 1/16 of the way to it, so that one odd node cannot swing it.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;
/// The largest correction an entry makes, in centipawns: enough to move a
/// pruning decision at its margin, too little to turn a sound evaluation
/// upside down. The four entries together reach four times this, ±128 cp
/// (Stockfish 17's five weighted entries reach about ±120 cp).
pub const MAX_CORRECTION_CP: i32 = 32;
/// Continuation keys (`history::ContKey`: piece code × 64 + destination)
/// run below this; the continuation table has one entry per pair.
const CONT_KEYS: usize = 1024;
/// The same bound in the entries' units (8,192: an `i16` holds it).
const LIMIT: i32 = MAX_CORRECTION_CP * GRAIN;

/// Where a position's corrections are kept: computed once per node, for
/// the correction at its start and the update at its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrectionIndex {
    side: usize,
    pawn: usize,
    /// White's pieces' entry, Black's.
    non_pawn: [usize; 2],
    /// The entry of the last two moves; none when either is missing (the
    /// first plies, or a null move among them).
    cont: Option<usize>,
}

impl CorrectionIndex {
    /// The entries of `b`, reached by the moves of `conts` (the
    /// continuation keys of the moves one and two plies before it, as
    /// `ThreadData::cont_keys` gives them).
    pub fn of(b: &Board, conts: [ContKey; 2]) -> CorrectionIndex {
        CorrectionIndex {
            side: b.side_to_move().index(),
            pawn: pawn_index(b),
            non_pawn: [
                non_pawn_index(b, Color::White),
                non_pawn_index(b, Color::Black),
            ],
            cont: match conts {
                [Some(last), Some(before)] => Some(before * CONT_KEYS + last),
                _ => None,
            },
        }
    }
}

/// A table index from a few words that together say what the entry is
/// about: each word folded in by a multiply and a xorshift, then
/// SplitMix64's finaliser; the top bits taken. (One multiply per word and
/// a plain xor of the products spread related words, such as a side's
/// pieces and its sliders, visibly worse.)
#[inline]
fn index_of<const N: usize>(words: [u64; N]) -> usize {
    const MULTIPLIERS: [u64; 4] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x94D0_49BB_1331_11EB,
        0xD6E8_FEB8_6659_FD93,
    ];
    let mut h = 0u64;
    for (w, m) in words.iter().zip(MULTIPLIERS) {
        h = (h ^ w).wrapping_mul(m);
        h ^= h >> 32;
    }
    let h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (h >> (64 - BITS)) as usize
}

/// The pawn structure's entry: a hash of the two pawn sets, which the
/// board already keeps up to date (so `make` pays nothing for it; only a
/// node that evaluates hashes them).
#[inline]
fn pawn_index(b: &Board) -> usize {
    index_of(b.pawns)
}

/// The entry of `c`'s pieces other than pawns, from the sets the board
/// keeps: where they stand, which of them move along diagonals, which
/// along lines (a queen does both), and the king's square; what remains
/// are the knights. Again nothing for `make` to keep.
#[inline]
fn non_pawn_index(b: &Board, c: Color) -> usize {
    let i = c.index();
    index_of([
        b.occupied[i] & !b.pawns[i],
        b.diagonal[i],
        b.orthogonal[i],
        b.king[i].bit(),
    ])
}

pub struct CorrectionHistory {
    /// By side to move, then pawn-structure index.
    pawn: Box<[[i16; ENTRIES]; 2]>,
    /// By the pieces' colour, side to move, then index.
    non_pawn: Box<[[[i16; ENTRIES]; 2]; 2]>,
    /// By the last two moves (`CorrectionIndex::cont`); the piece codes
    /// say whose moves they were, so no side to move.
    cont: Box<[i16]>,
    /// The rows of `cont` (one per move two plies back) written since the
    /// last clear, one bit each: `clear` zeroes only those, so that each
    /// `bench` position does not pay for 2 MB of mostly clean table (as
    /// `History` does for its continuation tables).
    cont_written: [u64; CONT_KEYS / 64],
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            pawn: Box::new([[0; ENTRIES]; 2]),
            non_pawn: Box::new([[[0; ENTRIES]; 2]; 2]),
            cont: vec![0; CONT_KEYS * CONT_KEYS].into_boxed_slice(),
            cont_written: [0; CONT_KEYS / 64],
        }
    }

    /// Back to a new table's state, in place.
    pub fn clear(&mut self) {
        self.pawn.iter_mut().for_each(|side| side.fill(0));
        self.non_pawn
            .iter_mut()
            .flatten()
            .for_each(|side| side.fill(0));
        for (w, bits) in self.cont_written.iter_mut().enumerate() {
            let mut set = std::mem::take(bits);
            while set != 0 {
                let row = w * 64 + set.trailing_zeros() as usize;
                set &= set - 1;
                self.cont[row * CONT_KEYS..(row + 1) * CONT_KEYS].fill(0);
            }
        }
    }

    /// The sum of the position's entries, in 1/GRAIN centipawn.
    #[inline]
    fn total(&self, at: CorrectionIndex) -> i32 {
        self.pawn[at.side][at.pawn] as i32
            + self.non_pawn[0][at.side][at.non_pawn[0]] as i32
            + self.non_pawn[1][at.side][at.non_pawn[1]] as i32
            + at.cont.map_or(0, |i| self.cont[i] as i32)
    }

    /// The evaluation the search uses: `raw` plus what the tables have
    /// learnt. Never a tablebase or mate score, whatever `raw` is: the
    /// search must not take a guess for a proof.
    #[inline]
    pub fn correct(&self, at: CorrectionIndex, raw: i32) -> i32 {
        (raw + self.total(at) / GRAIN).clamp(-TB_BOUND + 1, TB_BOUND - 1)
    }

    /// Learns from a node's result `best`, of kind `bound`, searched to
    /// `depth`, whose evaluation was `raw` before and `corrected` after
    /// correction. Only a result that says which way the evaluation was
    /// wrong counts: a fail-high (a lower bound) that is still below the
    /// corrected evaluation, or a fail-low above it, does not (Stockfish's
    /// conditions). Nor does a mate or tablebase score, which measures
    /// no evaluation error. The caller leaves out nodes in check and nodes
    /// whose best move is a capture or promotion (the evaluation of a
    /// position in the middle of an exchange is not wrong, only early).
    pub fn update(
        &mut self,
        at: CorrectionIndex,
        raw: i32,
        corrected: i32,
        best: i32,
        bound: TtBound,
        depth: i32,
    ) {
        let tells = match bound {
            TtBound::Exact => true,
            TtBound::Lower => best > corrected,
            TtBound::Upper => best < corrected,
            TtBound::None => false,
        };
        if !tells || is_decisive(best) || is_decisive(raw) {
            return;
        }
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        // What the entries together still get wrong.
        let residual = (best - raw) * GRAIN - self.total(at);
        let step = residual * weight / WEIGHT_SCALE;
        let [white, black] = &mut *self.non_pawn;
        if let Some(i) = at.cont {
            let row = i / CONT_KEYS;
            self.cont_written[row / 64] |= 1 << (row % 64);
        }
        let cont = at.cont.map(|i| &mut self.cont[i]);
        for entry in [
            &mut self.pawn[at.side][at.pawn],
            &mut white[at.side][at.non_pawn[0]],
            &mut black[at.side][at.non_pawn[1]],
        ]
        .into_iter()
        .chain(cont)
        {
            *entry = (*entry as i32 + step).clamp(-LIMIT, LIMIT) as i16;
        }
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::value::{MATE, TB_WIN};

    fn start() -> (CorrectionHistory, CorrectionIndex) {
        (
            CorrectionHistory::new(),
            CorrectionIndex::of(&Board::startpos(), [None; 2]),
        )
    }

    /// Each of the position's three entries.
    fn entries(ch: &CorrectionHistory, at: CorrectionIndex) -> [i32; 3] {
        [
            ch.pawn[at.side][at.pawn] as i32,
            ch.non_pawn[0][at.side][at.non_pawn[0]] as i32,
            ch.non_pawn[1][at.side][at.non_pawn[1]] as i32,
        ]
    }

    #[test]
    fn the_correction_moves_towards_the_error_and_stays_clamped() {
        let (mut ch, at) = start();
        assert_eq!(ch.correct(at, 10), 10);
        // The search finds +20 where the evaluation said 0: one deep
        // result moves each entry 1/16 of the way (1.25 cp each, 3.75 cp
        // together), several get the sum there, and no further: the
        // entries share the error instead of each claiming all of it.
        ch.update(at, 0, 0, 20, TtBound::Exact, 20);
        assert_eq!(entries(&ch, at), [20 * GRAIN / 16; 3]);
        assert_eq!(ch.correct(at, 0), 3);
        for _ in 0..200 {
            let c = ch.correct(at, 0);
            ch.update(at, 0, c, 20, TtBound::Exact, 20);
        }
        assert!((19..=20).contains(&ch.correct(at, 0)));
        // A shallow result moves it less than a deep one.
        let (mut shallow, _) = start();
        shallow.update(at, 0, 0, 20, TtBound::Exact, 1);
        assert!(entries(&shallow, at)[0] < 20 * GRAIN / 16);
        // However large the errors, each entry stays within its bound.
        for _ in 0..1000 {
            ch.update(at, 0, 0, 3_000, TtBound::Lower, 30);
        }
        assert_eq!(entries(&ch, at), [LIMIT; 3]);
        assert_eq!(ch.correct(at, 0), 3 * MAX_CORRECTION_CP);
        for _ in 0..1000 {
            ch.update(at, 0, 0, -3_000, TtBound::Upper, 30);
        }
        assert_eq!(ch.correct(at, 0), -3 * MAX_CORRECTION_CP);
        // The other side to move has its own entries.
        let black =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(ch.correct(CorrectionIndex::of(&black, [None; 2]), 0), 0);
        ch.clear();
        assert_eq!(ch.correct(at, 0), 0);
    }

    #[test]
    fn the_tables_share_what_they_learn() {
        // The same pawns with two piece sets for White: one with a knight
        // the evaluation underrates by 40 cp, one with a bishop it gets
        // right. The pawn entry and Black's entry are common to both, so
        // only White's piece entries can tell them apart: they learn the
        // difference, and each position's correction comes near its error.
        let knight = Board::from_fen("4k3/pppp4/8/8/8/2N5/PPPP4/4K3 w - - 0 1").unwrap();
        let bishop = Board::from_fen("4k3/pppp4/8/8/8/2B5/PPPP4/4K3 w - - 0 1").unwrap();
        let (at_n, at_b) = (
            CorrectionIndex::of(&knight, [None; 2]),
            CorrectionIndex::of(&bishop, [None; 2]),
        );
        assert_eq!((at_n.pawn, at_n.non_pawn[1]), (at_b.pawn, at_b.non_pawn[1]));
        assert_ne!(at_n.non_pawn[0], at_b.non_pawn[0]);
        let mut ch = CorrectionHistory::new();
        for _ in 0..500 {
            for (at, error) in [(at_n, 40), (at_b, 0)] {
                let c = ch.correct(at, 0);
                ch.update(at, 0, c, error, TtBound::Exact, 20);
            }
        }
        assert!(
            (36..=40).contains(&ch.correct(at_n, 0)),
            "{}",
            ch.correct(at_n, 0)
        );
        assert!(
            (-4..=4).contains(&ch.correct(at_b, 0)),
            "{}",
            ch.correct(at_b, 0)
        );
    }

    #[test]
    fn the_last_two_moves_have_an_entry_of_their_own() {
        // The same position reached by two move pairs: with both moves
        // known, the pair's entry tells them apart; with either missing
        // there is no such entry, and the three others are all there is.
        let b = Board::startpos();
        let (one, other) = ([Some(100), Some(700)], [Some(101), Some(700)]);
        let (at_one, at_other) = (CorrectionIndex::of(&b, one), CorrectionIndex::of(&b, other));
        assert_ne!(at_one.cont, at_other.cont);
        assert_eq!(CorrectionIndex::of(&b, [Some(100), None]).cont, None);
        assert_eq!(CorrectionIndex::of(&b, [None, Some(700)]).cont, None);
        let mut ch = CorrectionHistory::new();
        for _ in 0..500 {
            for (at, error) in [(at_one, 40), (at_other, 0)] {
                let c = ch.correct(at, 0);
                ch.update(at, 0, c, error, TtBound::Exact, 20);
            }
        }
        let (c_one, c_other) = (ch.correct(at_one, 0), ch.correct(at_other, 0));
        assert!(
            (36..=40).contains(&c_one) && (-4..=4).contains(&c_other),
            "{c_one} {c_other}"
        );
        // All four entries reach their bound together.
        for _ in 0..1000 {
            ch.update(at_one, 0, 0, 3_000, TtBound::Lower, 30);
        }
        assert_eq!(ch.correct(at_one, 0), 4 * MAX_CORRECTION_CP);
        ch.clear();
        assert_eq!(ch.correct(at_one, 0), 0);
    }

    #[test]
    fn clear_gives_a_new_table() {
        // Entries in many rows of the continuation table (the first and
        // the last row included): `clear` zeroes the rows it saw written,
        // and that must be every row that is not zero.
        let b = Board::startpos();
        let mut ch = CorrectionHistory::new();
        for before in [0, 1, 63, 64, 500, CONT_KEYS - 1] {
            for last in [0, 7, CONT_KEYS - 1] {
                let at = CorrectionIndex::of(&b, [Some(last), Some(before)]);
                ch.update(at, 0, 0, 50, TtBound::Exact, 10);
            }
        }
        assert!(ch.cont.iter().filter(|&&e| e != 0).count() >= 18);
        ch.clear();
        let fresh = CorrectionHistory::new();
        assert!(ch.cont == fresh.cont);
        assert_eq!(ch.cont_written, fresh.cont_written);
        assert!(ch.pawn == fresh.pawn && ch.non_pawn == fresh.non_pawn);
    }

    #[test]
    fn only_a_bound_that_says_which_way_teaches() {
        let (mut ch, at) = start();
        // A fail-high below the evaluation, a fail-low above it: the true
        // score could be on either side.
        ch.update(at, 50, 50, 30, TtBound::Lower, 10);
        ch.update(at, 50, 50, 70, TtBound::Upper, 10);
        assert_eq!(entries(&ch, at), [0; 3]);
        // A mate or tablebase result is no evaluation error.
        ch.update(at, 50, 50, MATE - 5, TtBound::Lower, 10);
        ch.update(at, 50, 50, -TB_WIN + 9, TtBound::Upper, 10);
        assert_eq!(entries(&ch, at), [0; 3]);
        // A fail-high above it and a fail-low below it do teach.
        ch.update(at, 50, 50, 90, TtBound::Lower, 10);
        assert!(entries(&ch, at).iter().all(|&e| e > 0));
        let (mut ch, _) = start();
        ch.update(at, 50, 50, 10, TtBound::Upper, 10);
        assert!(entries(&ch, at).iter().all(|&e| e < 0));
    }

    #[test]
    fn the_corrected_evaluation_is_never_decisive() {
        let (mut ch, at) = start();
        for _ in 0..1000 {
            ch.update(at, 0, 0, 5_000, TtBound::Exact, 30);
        }
        for raw in [TB_BOUND - 10, TB_BOUND, MATE - 1] {
            let c = ch.correct(at, raw);
            assert!(!is_decisive(c) && c == TB_BOUND - 1, "{raw}: {c}");
        }
        let (mut ch, at) = start();
        for _ in 0..1000 {
            ch.update(at, 0, 0, -5_000, TtBound::Exact, 30);
        }
        for raw in [-TB_BOUND + 10, -TB_BOUND, -MATE + 1] {
            let c = ch.correct(at, raw);
            assert!(!is_decisive(c) && c == -TB_BOUND + 1, "{raw}: {c}");
        }
    }

    #[test]
    fn the_keys_spread_over_the_tables() {
        // The children of the bench positions: different pawn sets and
        // piece sets land on different entries but for a few (a poor hash
        // would pile them up).
        let mut pawns = std::collections::HashMap::new();
        let mut pieces = std::collections::HashMap::new();
        for fen in crate::search::bench::POSITIONS {
            let b = Board::from_fen(fen).unwrap();
            for m in crate::movegen::legal_moves(&b).iter() {
                let child = b.make(*m);
                pawns.insert(child.pawns, pawn_index(&child));
                for c in [Color::White, Color::Black] {
                    let i = c.index();
                    let set = (
                        child.occupied[i] & !child.pawns[i],
                        child.diagonal[i],
                        child.orthogonal[i],
                        child.king[i],
                    );
                    pieces.insert(set, non_pawn_index(&child, c));
                }
            }
        }
        let keys = [
            ("pawns", pawns.into_values().collect::<Vec<_>>()),
            ("pieces", pieces.into_values().collect()),
        ];
        for (name, keys) in keys {
            let distinct: std::collections::HashSet<_> = keys.iter().collect();
            // A random function would put n² / 2m of n keys on shared
            // entries of m.
            let chance = keys.len() * keys.len() / (2 * ENTRIES);
            assert!(keys.len() > 100, "{name}");
            assert!(
                keys.len() - distinct.len() <= 2 * chance + 4,
                "{name}: {} of {}",
                distinct.len(),
                keys.len()
            );
        }
        // A knight and a king that change places are another set.
        let a = Board::from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").unwrap();
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4NK2 w - - 0 1").unwrap();
        assert_ne!(
            non_pawn_index(&a, Color::White),
            non_pawn_index(&b, Color::White)
        );
    }
}
