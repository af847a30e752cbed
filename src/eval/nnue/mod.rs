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
//! - Horizontally mirrored inputs (a version 3 net, `format::mirror_mask`):
//!   each perspective's inputs are mirrored left to right while its own
//!   king stands on files a-d. A move that takes a king across the d/e
//!   line (castling included) changes every input of that king's
//!   perspective, so that perspective is refreshed from the position
//!   evaluated; the other updates as usual. A net without the option
//!   takes the path it took before it, but for one test of a flag.
//!
//! The net file format is in `format.rs`; nets are trained by `ladya
//! train` (src/train/) on self-play games (docs/nnue.md).

pub mod format;
mod simd;

use crate::board::{Board, Color, Move, Piece, PieceKind, Square, flag};
use format::{
    INPUTS, MAX_OUTPUT_BUCKETS, NetError, QA, QB, QuantisedNet, SCALE, mirror_mask, output_bucket,
};
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
    /// Horizontally mirrored inputs (`format::mirror_mask`).
    mirrored: bool,
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
            mirrored: q.mirrored_input,
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

    /// True for a net with horizontally mirrored inputs.
    pub fn mirrored_input(&self) -> bool {
        self.mirrored
    }

    /// The XOR on the squares of `persp`'s inputs in `board`: the mirror
    /// of its king's half of the board for a net with mirrored inputs,
    /// else 0.
    #[inline]
    fn mask(&self, board: &Board, persp: Color) -> usize {
        if self.mirrored {
            mirror_mask(board.king_square(persp).file())
        } else {
            0
        }
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
        if self.mirrored {
            s += ", horizontally mirrored inputs";
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
        self.refresh_half(board, Color::White, white);
        self.refresh_half(board, Color::Black, black);
    }

    /// `persp`'s accumulator of `board` alone (`half`: `hidden` values).
    fn refresh_half(&self, board: &Board, persp: Color, half: &mut [i16]) {
        half.copy_from_slice(&self.b1);
        let mask = self.mask(board, persp);
        for (sq, p) in board.pieces() {
            add(half, self.row(feature(persp, p, sq) ^ mask));
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
/// squares flipped vertically for Black. With horizontally mirrored
/// inputs, the index is XORed with `format::mirror_mask` of `persp`'s
/// king's file (which touches only the square's file bits).
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

/// The inputs a move changes: at most two added and two removed. For a
/// net with mirrored inputs, also each perspective's mirror after the move
/// and whether the move changed it (a refresh of that perspective).
#[derive(Clone, Copy)]
struct Delta {
    add: [(Piece, Square); 2],
    sub: [(Piece, Square); 2],
    adds: usize,
    subs: usize,
    /// `mirror_mask` of each perspective's king after the move (White's
    /// first; 0 for a net without mirrored inputs).
    mask: [u8; 2],
    /// The move takes that perspective's king across the d/e line.
    refresh: [bool; 2],
}

impl Delta {
    const NONE: Delta = Delta {
        add: [(Piece::EMPTY, Square(0)); 2],
        sub: [(Piece::EMPTY, Square(0)); 2],
        adds: 0,
        subs: 0,
        mask: [0; 2],
        refresh: [false; 2],
    };

    /// Notes, for mirrored inputs, each perspective's mirror after `m`
    /// (a null move included) from `board`, and which changed. A king's
    /// move and castling (the king's target is `m.to()`, in Chess960
    /// too) move the mover's king; nothing moves the other king.
    fn note_mirrors(&mut self, board: &Board, m: Move) {
        let us = board.side_to_move();
        for c in [Color::White, Color::Black] {
            let before = board.king_square(c);
            let moves_king = c == us
                && !m.is_null()
                && (m.is_castle() || board.piece_at(m.from()).kind() == Some(PieceKind::King));
            let after = if moves_king { m.to() } else { before };
            let (was, is) = (mirror_mask(before.file()), mirror_mask(after.file()));
            self.mask[c.index()] = is as u8;
            self.refresh[c.index()] = was != is;
        }
    }

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
///
/// With mirrored inputs each perspective is brought up to date on its
/// own: if its king crossed the d/e line between its nearest computed
/// ancestor and the ply evaluated, it is refreshed from the position
/// evaluated (as Stockfish's lazy updates refresh a perspective whose
/// king changed bucket); otherwise it follows the moves.
pub struct AccumulatorStack {
    net: Arc<Network>,
    hidden: usize,
    /// The net's inputs are mirrored (`Network::mirrored_input`).
    mirrored: bool,
    data: Vec<i16>,
    /// `deltas[p]`: the inputs that the move into ply `p` changes.
    deltas: Vec<Delta>,
    /// `computed[p]`: ply `p`'s sums are up to date, White's and Black's
    /// (ply 0's always are; without mirrored inputs, both or neither).
    computed: Vec<[bool; 2]>,
}

impl AccumulatorStack {
    pub fn new(net: Arc<Network>, plies: usize) -> AccumulatorStack {
        let (hidden, mirrored) = (net.hidden, net.mirrored);
        AccumulatorStack {
            net,
            hidden,
            mirrored,
            data: vec![0; plies * 2 * hidden],
            deltas: vec![Delta::NONE; plies],
            computed: vec![[false; 2]; plies],
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
        self.computed[ply] = [true; 2];
    }

    /// Notes the move `m` from ply `ply` (of `board`) into ply `ply + 1`
    /// (a null move changes nothing); the sums follow when ply `ply + 1`
    /// or a descendant is evaluated.
    #[inline]
    pub fn make(&mut self, ply: usize, board: &Board, m: Move) {
        let mut d = if m.is_null() {
            Delta::NONE
        } else {
            Delta::of(board, m)
        };
        if self.mirrored {
            d.note_mirrors(board, m);
        }
        self.deltas[ply + 1] = d;
        self.computed[ply + 1] = [false; 2];
    }

    /// Brings ply `ply`'s sums up to date (`evaluate` does it itself);
    /// `board` is ply `ply`'s position (a perspective whose mirror changed
    /// is refreshed from it).
    #[inline]
    pub fn update(&mut self, ply: usize, board: &Board) {
        if self.mirrored {
            return self.update_mirrored(ply, board);
        }
        if self.computed[ply][0] {
            return;
        }
        let mut from = ply - 1;
        while !self.computed[from][0] {
            from -= 1;
        }
        for p in from + 1..=ply {
            self.apply(p, None);
            self.computed[p] = [true; 2];
        }
    }

    /// `update` for a net with mirrored inputs: each perspective from its
    /// own nearest computed ancestor, or refreshed from `board` if a move
    /// on the way took its king across the d/e line.
    fn update_mirrored(&mut self, ply: usize, board: &Board) {
        for persp in [Color::White, Color::Black] {
            let i = persp.index();
            let mut from = ply;
            let mut crossed = false;
            while !self.computed[from][i] {
                if self.deltas[from].refresh[i] {
                    crossed = true;
                    break;
                }
                from -= 1;
            }
            if crossed {
                let h = self.hidden;
                let net = &self.net;
                net.refresh_half(board, persp, &mut self.data[(2 * ply + i) * h..][..h]);
                self.computed[ply][i] = true;
            } else {
                for p in from + 1..=ply {
                    self.apply(p, Some(persp));
                    self.computed[p][i] = true;
                }
            }
        }
    }

    /// Ply `ply`'s sums from ply `ply - 1`'s and `deltas[ply]` (only
    /// `only`'s half, for a net with mirrored inputs): the parent's sums
    /// and the changed rows are read in one pass that writes the child,
    /// rather than a copy followed by an update in place. The usual
    /// widths get code of their own (loops of a length known at compile
    /// time), and so does a net without mirrored inputs.
    fn apply(&mut self, ply: usize, only: Option<Color>) {
        match (self.hidden, only) {
            (128, None) => self.apply_of_width::<128, false>(ply, None),
            (256, None) => self.apply_of_width::<256, false>(ply, None),
            (64, None) => self.apply_of_width::<64, false>(ply, None),
            (_, None) => self.apply_of_width::<0, false>(ply, None),
            (128, only) => self.apply_of_width::<128, true>(ply, only),
            (256, only) => self.apply_of_width::<256, true>(ply, only),
            (64, only) => self.apply_of_width::<64, true>(ply, only),
            (_, only) => self.apply_of_width::<0, true>(ply, only),
        }
    }

    /// `apply` for `hidden == H`, or for any width if `H == 0`; with
    /// `MIRRORED`, the rows of the mirrored inputs (`deltas[ply].mask`).
    #[inline(always)]
    fn apply_of_width<const H: usize, const MIRRORED: bool>(
        &mut self,
        ply: usize,
        only: Option<Color>,
    ) {
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
            if only.is_some_and(|c| c != persp) {
                continue;
            }
            let mask = if MIRRORED {
                d.mask[persp.index()] as usize
            } else {
                0
            };
            let row = |(p, s): (Piece, Square)| &net.row(feature(persp, p, s) ^ mask)[..h];
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
        self.update(ply, board);
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
