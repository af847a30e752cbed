//! The neural evaluation (NNUE): a `(768 → H)×2 → 1` network with SCReLU,
//! in quantised integers, whose output layer may have one set of weights
//! per output bucket (by material count: `format::output_bucket`).
//!
//! - Inputs: one per (colour relative to the perspective, piece kind,
//!   square seen from that side), so both sides share the first layer.
//! - The first layer's sums (the accumulators, one per perspective) are
//!   kept per ply by the search in an `AccumulatorStack` and updated from
//!   the parent's by the few inputs a move changes; a `debug_assert!`
//!   compares them with a full refresh.
//! - Output: `SCReLU(acc_stm)·w_stm + SCReLU(acc_other)·w_other + b`,
//!   with the `w` and `b` of the position's output bucket, scaled to
//!   centipawns (format.rs has the constants and the bucket rule).
//!
//! The net file format is in `format.rs`; nets are trained by `ladya
//! train` (src/train/) on self-play games (docs/nnue.md).

pub mod format;
mod simd;

use crate::board::{Board, Color, Move, Piece, PieceKind, Square, flag};
use format::{INPUTS, MAX_OUTPUT_BUCKETS, NetError, QA, QB, QuantisedNet, SCALE, output_bucket};
use simd::screlu_dot;
use std::sync::{Arc, OnceLock};

/// The net embedded in the binary at build time (build.rs: `EVALFILE`).
static EMBEDDED_BYTES: &[u8] = include_bytes!(env!("LADYA_EVALFILE"));

/// A network ready for inference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    /// Output buckets (1 or 8).
    buckets: usize,
    /// `INPUTS` rows of `hidden`.
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// `buckets` rows of `2·hidden` (the side to move's half first).
    w2: Vec<i16>,
    /// One per bucket, the rest 0: an array, so that a one-bucket net
    /// reads its bias with no bounds check or pointer, as before buckets.
    b2: [i32; MAX_OUTPUT_BUCKETS],
}

impl Network {
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let q = QuantisedNet::from_bytes(bytes)?;
        let mut b2 = [0; MAX_OUTPUT_BUCKETS];
        b2[..q.buckets].copy_from_slice(&q.b2);
        Ok(Network {
            hidden: q.hidden,
            buckets: q.buckets,
            w1: q.w1,
            b1: q.b1,
            w2: q.w2,
            b2,
        })
    }

    /// Reads a net file.
    pub fn load(path: &str) -> Result<Network, NetError> {
        let bytes =
            std::fs::read(path).map_err(|e| NetError::Io(format!("cannot read {path}: {e}")))?;
        Network::from_bytes(&bytes)
    }

    /// The net built into the binary; `None` when the build embedded an
    /// empty file, which means the hand-crafted evaluation.
    pub fn embedded() -> Option<Arc<Network>> {
        static NET: OnceLock<Option<Arc<Network>>> = OnceLock::new();
        NET.get_or_init(|| {
            (!EMBEDDED_BYTES.is_empty()).then(|| {
                Arc::new(Network::from_bytes(EMBEDDED_BYTES).expect("the embedded net is valid"))
            })
        })
        .clone()
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    pub fn output_buckets(&self) -> usize {
        self.buckets
    }

    /// The output bucket `board` uses (`format::output_bucket`).
    pub fn bucket(&self, board: &Board) -> usize {
        output_bucket(board.piece_count(), self.buckets)
    }

    /// The output weights (from the bucket's first) and bias of the
    /// bucket `board` uses. A one-bucket net (every net before round 7)
    /// does not count the pieces, and its path is the one before buckets
    /// but for this test.
    #[inline]
    fn output_layer(&self, board: &Board) -> (&[i16], i32) {
        if self.buckets == 1 {
            (&self.w2, self.b2[0])
        } else {
            // The other count is MAX_OUTPUT_BUCKETS (checked on load): as a
            // constant, the rule's divisions are a shift and a bound, and
            // the bias needs no bounds check.
            debug_assert_eq!(self.buckets, MAX_OUTPUT_BUCKETS);
            let b = output_bucket(board.piece_count(), MAX_OUTPUT_BUCKETS);
            (&self.w2[b * 2 * self.hidden..], self.b2[b])
        }
    }

    /// The architecture in words, `(768 -> H)x2 -> 1` and the buckets if
    /// more than one.
    pub fn describe(&self) -> String {
        let mut s = format!("({INPUTS} -> {})x2 -> 1", self.hidden);
        if self.buckets > 1 {
            s += &format!(", {} output buckets", self.buckets);
        }
        s
    }

    #[inline]
    fn row(&self, feature: usize) -> &[i16] {
        &self.w1[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The evaluation of `board` from scratch (no accumulator kept).
    pub fn evaluate(&self, board: &Board) -> i32 {
        let mut acc = vec![0; 2 * self.hidden];
        self.refresh(board, &mut acc);
        self.output(&acc, board.side_to_move(), self.output_layer(board))
    }

    /// Both perspectives' accumulators of `board`, White's first.
    fn refresh(&self, board: &Board, acc: &mut [i16]) {
        let h = self.hidden;
        let (white, black) = acc.split_at_mut(h);
        white.copy_from_slice(&self.b1);
        black.copy_from_slice(&self.b1);
        for (sq, p) in board.pieces() {
            add(white, self.row(feature(Color::White, p, sq)));
            add(black, self.row(feature(Color::Black, p, sq)));
        }
    }

    /// The output layer `(w2, b2)` (`output_layer`) on a pair of
    /// accumulators, in centipawns for `stm`. The usual widths get code of
    /// their own, whose loops have a length known at compile time.
    #[inline]
    fn output(&self, acc: &[i16], stm: Color, layer: (&[i16], i32)) -> i32 {
        match self.hidden {
            128 => self.output_of_width::<128>(acc, stm, layer),
            256 => self.output_of_width::<256>(acc, stm, layer),
            64 => self.output_of_width::<64>(acc, stm, layer),
            _ => self.output_of_width::<0>(acc, stm, layer),
        }
    }

    /// `output` for `hidden == H`, or for any width if `H == 0`.
    #[inline(always)]
    fn output_of_width<const H: usize>(
        &self,
        acc: &[i16],
        stm: Color,
        (w2, b2): (&[i16], i32),
    ) -> i32 {
        let h = if H == 0 { self.hidden } else { H };
        debug_assert_eq!(h, self.hidden);
        let (acc, w2) = (&acc[..2 * h], &w2[..2 * h]);
        let (white, black) = acc.split_at(h);
        let (us, them) = match stm {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        // Each dot fits i32 for H <= 256 (simd.rs), but their sum, and the
        // sum times SCALE, need not for an extreme net of that width: the
        // rest is done in i64 (the same value wherever i32 did not overflow).
        let sum = screlu_dot(us, &w2[..h]) as i64 + screlu_dot(them, &w2[h..]) as i64;
        ((sum / QA as i64 + b2 as i64) * SCALE as i64 / (QA * QB) as i64) as i32
    }
}

/// The input of piece `p` on `sq` seen from `persp`: own pieces first,
/// squares flipped vertically for Black.
#[inline]
pub fn feature(persp: Color, p: Piece, sq: Square) -> usize {
    let relative = (p.color() != persp) as usize;
    let kind = p.kind_bits() as usize - 1;
    let square = match persp {
        Color::White => sq.index64(),
        Color::Black => sq.index64() ^ 56,
    } as usize;
    relative * 384 + kind * 64 + square
}

/// The same input from the other side's perspective.
#[inline]
pub fn flip_feature(f: usize) -> usize {
    debug_assert!(f < INPUTS);
    (if f < 384 { f + 384 } else { f - 384 }) ^ 56
}

#[inline]
fn add(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

/// The inputs a move changes: at most two added and two removed.
#[derive(Clone, Copy)]
struct Delta {
    add: [(Piece, Square); 2],
    sub: [(Piece, Square); 2],
    adds: usize,
    subs: usize,
}

impl Delta {
    const NONE: Delta = Delta {
        add: [(Piece::EMPTY, Square(0)); 2],
        sub: [(Piece::EMPTY, Square(0)); 2],
        adds: 0,
        subs: 0,
    };

    fn of(board: &Board, m: Move) -> Delta {
        let mut d = Delta::NONE;
        let add = |d: &mut Delta, p: Piece, s: Square| {
            d.add[d.adds] = (p, s);
            d.adds += 1;
        };
        let sub = |d: &mut Delta, p: Piece, s: Square| {
            d.sub[d.subs] = (p, s);
            d.subs += 1;
        };
        let us = board.side_to_move();
        let (from, to) = (m.from(), m.to());
        if m.is_castle() {
            // In Chess960 the king or the rook may stay where it is.
            let (rf, rt) = board.castling_rook_squares(m);
            let king = Piece::new(us, PieceKind::King);
            let rook = Piece::new(us, PieceKind::Rook);
            if from != to {
                sub(&mut d, king, from);
                add(&mut d, king, to);
            }
            if rf != rt {
                sub(&mut d, rook, rf);
                add(&mut d, rook, rt);
            }
            return d;
        }
        let piece = board.piece_at(from);
        let placed = m.promotion().map_or(piece, |k| Piece::new(us, k));
        sub(&mut d, piece, from);
        add(&mut d, placed, to);
        if m.flags() == flag::EN_PASSANT {
            let cap = Square((to.0 as i16 - us.forward() as i16) as u8);
            sub(&mut d, Piece::new(!us, PieceKind::Pawn), cap);
        } else if m.is_capture() {
            sub(&mut d, board.piece_at(to), to);
        }
        d
    }
}

/// The search's accumulators, one pair per ply of the current path.
///
/// Updates are lazy (as in Stockfish): `make` only notes the inputs the
/// move changes, and `evaluate` brings a ply's sums up to date from its
/// nearest computed ancestor. A node that never evaluates (a transposition
/// cut-off, a stored evaluation, a position in check) pays for no update,
/// and the values are those the eager updates gave.
pub struct AccumulatorStack {
    net: Arc<Network>,
    hidden: usize,
    data: Vec<i16>,
    /// `deltas[p]`: the inputs that the move into ply `p` changes.
    deltas: Vec<Delta>,
    /// `computed[p]`: ply `p`'s sums are up to date (ply 0 always is).
    computed: Vec<bool>,
}

impl AccumulatorStack {
    pub fn new(net: Arc<Network>, plies: usize) -> AccumulatorStack {
        let hidden = net.hidden;
        AccumulatorStack {
            net,
            hidden,
            data: vec![0; plies * 2 * hidden],
            deltas: vec![Delta::NONE; plies],
            computed: vec![false; plies],
        }
    }

    #[inline]
    fn slot(&self, ply: usize) -> &[i16] {
        let n = 2 * self.hidden;
        &self.data[ply * n..(ply + 1) * n]
    }

    /// Computes ply `ply`'s accumulators from scratch.
    pub fn refresh(&mut self, ply: usize, board: &Board) {
        let n = 2 * self.hidden;
        let net = &self.net;
        net.refresh(board, &mut self.data[ply * n..(ply + 1) * n]);
        self.computed[ply] = true;
    }

    /// Notes the move `m` from ply `ply` (of `board`) into ply `ply + 1`
    /// (a null move changes nothing); the sums follow when ply `ply + 1`
    /// or a descendant is evaluated.
    #[inline]
    pub fn make(&mut self, ply: usize, board: &Board, m: Move) {
        self.deltas[ply + 1] = if m.is_null() {
            Delta::NONE
        } else {
            Delta::of(board, m)
        };
        self.computed[ply + 1] = false;
    }

    /// Brings ply `ply`'s sums up to date (`evaluate` does it itself).
    #[inline]
    pub fn update(&mut self, ply: usize) {
        if self.computed[ply] {
            return;
        }
        let mut from = ply - 1;
        while !self.computed[from] {
            from -= 1;
        }
        for p in from + 1..=ply {
            self.apply(p);
            self.computed[p] = true;
        }
    }

    /// Ply `ply`'s sums from ply `ply - 1`'s and `deltas[ply]`: the
    /// parent's sums and the changed rows are read in one pass that
    /// writes the child, rather than a copy followed by an update in place.
    /// The usual widths get code of their own (loops of a length known at
    /// compile time).
    fn apply(&mut self, ply: usize) {
        match self.hidden {
            128 => self.apply_of_width::<128>(ply),
            256 => self.apply_of_width::<256>(ply),
            64 => self.apply_of_width::<64>(ply),
            _ => self.apply_of_width::<0>(ply),
        }
    }

    /// `apply` for `hidden == H`, or for any width if `H == 0`.
    #[inline(always)]
    fn apply_of_width<const H: usize>(&mut self, ply: usize) {
        let h = if H == 0 { self.hidden } else { H };
        debug_assert_eq!(h, self.hidden);
        let n = 2 * h;
        let (parents, children) = self.data.split_at_mut(ply * n);
        let parent = &parents[(ply - 1) * n..ply * n];
        let child = &mut children[..n];
        let d = self.deltas[ply];
        let net = &self.net;
        for (persp, (half, from)) in [Color::White, Color::Black]
            .into_iter()
            .zip(child.chunks_exact_mut(h).zip(parent.chunks_exact(h)))
        {
            let row = |(p, s): (Piece, Square)| &net.row(feature(persp, p, s))[..h];
            let (half, from) = (&mut half[..h], &from[..h]);
            match (d.adds, d.subs) {
                (1, 1) => {
                    let (a, s) = (row(d.add[0]), row(d.sub[0]));
                    for i in 0..h {
                        half[i] = from[i].wrapping_add(a[i]).wrapping_sub(s[i]);
                    }
                }
                (1, 2) => {
                    let (a, s1, s2) = (row(d.add[0]), row(d.sub[0]), row(d.sub[1]));
                    for i in 0..h {
                        half[i] = from[i]
                            .wrapping_add(a[i])
                            .wrapping_sub(s1[i])
                            .wrapping_sub(s2[i]);
                    }
                }
                _ => {
                    half.copy_from_slice(from);
                    for &f in &d.add[..d.adds] {
                        add(half, row(f));
                    }
                    for &f in &d.sub[..d.subs] {
                        for (c, w) in half.iter_mut().zip(row(f)) {
                            *c = c.wrapping_sub(*w);
                        }
                    }
                }
            }
        }
    }

    /// The evaluation at ply `ply`, whose position is `board`.
    #[inline]
    pub fn evaluate(&mut self, ply: usize, board: &Board) -> i32 {
        self.update(ply);
        debug_assert!(
            {
                let mut fresh = vec![0; 2 * self.hidden];
                self.net.refresh(board, &mut fresh);
                fresh == self.slot(ply)
            },
            "incremental accumulator differs from a refresh in {}",
            board.to_fen()
        );
        self.net.output(
            self.slot(ply),
            board.side_to_move(),
            self.net.output_layer(board),
        )
    }
}

#[cfg(test)]
mod tests;
