//! The board: a 0x88 square array (128 entries: a step off the board
//! sets the 0x88 bits, one test) and, kept in step with it, bitboards
//! (64-square sets) of each side's pieces, pawns and sliders, which move
//! generation, attack tests and SEE read instead of scanning squares.
//!
//! `Board` is `Copy` (about 170 bytes); making a move returns a new board
//! ("copy-make"), so there is no unmake and no undo stack.

pub mod attacks;
pub mod bitboard;
pub mod chess_move;
pub mod fen;
pub mod piece;
pub mod square;
pub mod zobrist;

pub use chess_move::{Move, flag};
pub use fen::FenError;
pub use piece::{Color, Piece, PieceKind};
pub use square::Square;

use attacks::is_attacked;
use zobrist::{KEYS, piece_key};

/// Castling rights, one bit each.
pub mod castle {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;
    pub const ALL: u8 = 15;
}

/// The castling rights of each colour.
const RIGHTS_OF: [u8; 2] = [
    castle::WHITE_KING | castle::WHITE_QUEEN,
    castle::BLACK_KING | castle::BLACK_QUEEN,
];

/// How the castling field of a FEN is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CastlingNotation {
    /// `KQkq`, and X-FEN's file letter for a rook that is not the
    /// outermost on its side of the king (Chess960 only).
    #[default]
    XFen,
    /// Shredder-FEN: always the rooks' file letters, `HAha`.
    Shredder,
}

/// Bishops and queens.
#[inline(always)]
pub(crate) fn is_diagonal_slider(p: Piece) -> bool {
    matches!(p.kind_bits(), 3 | 5)
}

/// Rooks and queens.
#[inline(always)]
pub(crate) fn is_orthogonal_slider(p: Piece) -> bool {
    matches!(p.kind_bits(), 4 | 5)
}

/// The a- and h-files as 64-square sets.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// "No square" for the en-passant field.
const NO_SQUARE: u8 = 0x88;

/// A position: the 0x88 square array and the bitboards beside it, the
/// side to move, castling, en passant, the clocks and the key.
#[derive(Clone, Copy)]
pub struct Board {
    pub(crate) squares: [Piece; 128],
    /// The squares of each side's pieces as 64-square sets: a compact piece
    /// list, so that move generation never scans empty squares.
    pub(crate) occupied: [u64; 2],
    /// Each side's bishops and queens, and its rooks and queens: the pieces
    /// that attack along lines, so that checks and pins are found by
    /// looking at them rather than by walking every ray from the king.
    pub(crate) diagonal: [u64; 2],
    /// Each side's pawns.
    pub(crate) pawns: [u64; 2],
    pub(crate) orthogonal: [u64; 2],
    pub(crate) king: [Square; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// The square of the rook that each castling right moves, by the
    /// right's bit number (`castle::WHITE_KING` is bit 0); meaningful while
    /// the right is held. In Chess960 the rooks may start on any file. The
    /// key counts the rights, not these squares (as Stockfish's does): in
    /// one game a right always belongs to the same rook.
    pub(crate) castling_rooks: [Square; 4],
    /// For each castling right: the files of its first rank that must be
    /// empty, but for the king and the rook, to castle (the squares either
    /// crosses or lands on; one stretch, as their targets are neighbours).
    pub(crate) castling_stretch: [u8; 4],
    /// The squares (a 64-square set) of the kings and rooks of the rights
    /// held: a move from or to one of them costs rights. One test in
    /// `make` where the standard game had a constant 128-square table; in
    /// Chess960 the squares differ from game to game.
    pub(crate) castling_squares: u64,
    /// The form the FEN's castling field came in, written back the same way.
    pub(crate) castling_notation: CastlingNotation,
    /// The en-passant target square, or `NO_SQUARE`.
    pub(crate) ep: u8,
    /// True when an en-passant capture is legal, and so counted in the key.
    pub(crate) ep_in_key: bool,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
}

impl Board {
    /// The standard starting position.
    pub fn startpos() -> Board {
        Board::from_fen(fen::STARTPOS).expect("the start position is valid")
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.squares[sq.0 as usize]
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn king_square(&self, c: Color) -> Square {
        self.king[c.index()]
    }

    /// The squares of `c`'s pieces, as a 64-square bit set.
    #[inline]
    pub fn occupied_by(&self, c: Color) -> u64 {
        self.occupied[c.index()]
    }

    /// The number of pieces on the board, kings included.
    #[inline]
    pub fn piece_count(&self) -> usize {
        (self.occupied[0] | self.occupied[1]).count_ones() as usize
    }

    /// True when `c` has a piece other than pawns and its king.
    #[inline]
    pub fn has_non_pawn_material(&self, c: Color) -> bool {
        let i = c.index();
        self.occupied[i] & !(self.pawns[i] | self.king[i].bit()) != 0
    }

    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The square of the rook that castling right `right` (one of the
    /// `castle` bits) moves, while the right is held.
    #[inline]
    pub fn castling_rook(&self, right: u8) -> Option<Square> {
        (self.castling & right != 0).then(|| self.castling_rooks[right.trailing_zeros() as usize])
    }

    /// For a castling move of the side to move: the rook's square before
    /// and after (the f-file on the king's side, the d-file on the queen's).
    #[inline]
    pub fn castling_rook_squares(&self, m: Move) -> (Square, Square) {
        let queen_side = (m.flags() == flag::CASTLE_QUEEN) as usize;
        let from = self.castling_rooks[self.side.index() * 2 + queen_side];
        let to = m.to().0;
        (from, Square(if queen_side == 1 { to + 1 } else { to - 1 }))
    }

    /// True when some castling right that is held is not the standard
    /// game's (the king on the e-file, the rook on the a- or h-file): then
    /// the position is Chess960, and a castling move is best written as
    /// king takes rook, since the king's two-square step may not be one.
    pub fn has_chess960_castling(&self) -> bool {
        (0..4usize).any(|i| {
            let right = 1u8 << i;
            let standard_rook = if i.is_multiple_of(2) { 7 } else { 0 };
            let king = self.king[i / 2];
            self.castling & right != 0
                && (king.file() != 4 || self.castling_rooks[i].file() != standard_rook)
        })
    }

    /// True when the FEN came as Chess960 (a Shredder-FEN castling field)
    /// or the castling rights are Chess960 ones.
    pub fn is_chess960(&self) -> bool {
        self.castling_notation == CastlingNotation::Shredder || self.has_chess960_castling()
    }

    #[inline]
    pub fn castling_notation(&self) -> CastlingNotation {
        self.castling_notation
    }

    /// The same position, its FEN castling field to be written in `n`.
    pub fn with_castling_notation(mut self, n: CastlingNotation) -> Board {
        self.castling_notation = n;
        self
    }

    /// The castling rights lost by a move from or to the squares `touched`.
    fn rights_lost(&self, touched: u64) -> u8 {
        let mut lost = 0;
        for i in 0..4 {
            let pieces = self.castling_rooks[i].bit() | self.king[i / 2].bit();
            if touched & pieces != 0 {
                lost |= 1 << i;
            }
        }
        lost & self.castling
    }

    /// `castling_stretch` of right `index` (king side when even).
    pub(crate) fn stretch_of_castling(&self, index: usize) -> u8 {
        let king = self.king[index / 2].file();
        let rook = self.castling_rooks[index].file();
        let (king_to, rook_to) = if index.is_multiple_of(2) {
            (6, 5)
        } else {
            (2, 3)
        };
        let lo = king.min(rook).min(king_to).min(rook_to);
        let hi = king.max(rook).max(king_to).max(rook_to);
        (lo..=hi)
            .filter(|&f| f != king && f != rook)
            .fold(0, |m, f| m | 1 << f)
    }

    /// `castling_squares` for the rights held.
    pub(crate) fn squares_of_castling(&self) -> u64 {
        let mut set = 0;
        for i in 0..4 {
            if self.castling & (1 << i) != 0 {
                set |= self.castling_rooks[i].bit() | self.king[i / 2].bit();
            }
        }
        set
    }

    /// Sets the castling rights to `rights` (fewer than now), key included.
    #[inline]
    fn drop_castling_rights(&mut self, rights: u8, key: &mut u64) {
        *key ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
        self.castling_squares = self.squares_of_castling();
    }

    /// The en-passant target square as written in FEN (a capture may still be illegal).
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then_some(Square(self.ep))
    }

    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key: equal for positions that FIDE 9.2.3 calls the same.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// True when `by` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        is_attacked(self.attackers(by), sq, by, self.occupancy())
    }

    /// `c`'s knights: the pieces that are neither pawns, sliders nor king.
    #[inline]
    pub(crate) fn knights(&self, c: Color) -> u64 {
        let i = c.index();
        self.occupied[i]
            & !(self.pawns[i] | self.diagonal[i] | self.orthogonal[i] | self.king[i].bit())
    }

    /// Both sides' pieces.
    #[inline]
    pub(crate) fn occupancy(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// What `is_attacked` needs to know of `c`'s pieces.
    #[inline]
    pub(crate) fn attackers(&self, c: Color) -> attacks::Attackers {
        attacks::Attackers {
            pawns: self.pawns[c.index()],
            diagonal: self.diagonal[c.index()],
            orthogonal: self.orthogonal[c.index()],
            knights: self.knights(c),
            king: self.king[c.index()],
        }
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king[self.side.index()], !self.side)
    }

    /// Every piece on the board with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        square::squares_of(self.occupied[0] | self.occupied[1]).map(|s| (s, self.piece_at(s)))
    }

    /// Plays `m` and returns the new board.
    ///
    /// Precondition: `m` is legal in this position (from the legal move
    /// generator or `movegen::parse_uci_move`). A null `m` passes the turn
    /// (for null-move pruning); it must not be played while in check.
    #[inline]
    pub fn make(&self, m: Move) -> Board {
        // The copy and the call are inlined where a board is made; the
        // move itself is played by `play_into`, on the copy.
        let mut b = *self;
        self.play_into(m, &mut b);
        debug_assert!(
            b.check_invariants().is_ok(),
            "{} after {m} from {}",
            b.check_invariants().unwrap_err(),
            self.to_fen()
        );
        b
    }

    /// The key of the position after `m`, but for what a few moves change
    /// besides: castling rights lost, and a new en-passant square (a
    /// castling move's rook is left out too, as it loses rights anyway). Cheap,
    /// for what only needs the key of nearly every child: the search
    /// prefetches the child's transposition-table bucket with it before
    /// it makes the move (Stockfish's `key_after`).
    #[inline]
    pub fn key_after(&self, m: Move) -> u64 {
        let mut key = self.key ^ KEYS.black_to_move;
        if self.ep_in_key {
            key ^= KEYS.en_passant_file[(self.ep & 7) as usize];
        }
        if m.is_null() {
            return key;
        }
        let (from, to) = (m.from(), m.to());
        let piece = self.squares[from.0 as usize];
        let placed = match m.promotion() {
            Some(k) => Piece::new(self.side, k),
            None => piece,
        };
        key ^= piece_key(piece, from) ^ piece_key(placed, to);
        if m.is_en_passant() {
            let cap_sq = Square((to.0 as i16 - self.side.forward() as i16) as u8);
            key ^= piece_key(Piece::new(!self.side, PieceKind::Pawn), cap_sq);
        } else if m.is_capture() {
            key ^= piece_key(self.squares[to.0 as usize], to);
        }
        key
    }

    /// The body of `make`: `b` is a copy of `self`, and becomes the board
    /// after `m`. The search calls it on a copy it made itself, so that a
    /// move costs one board copy (`make` pays two: into its local board and
    /// out to the caller's).
    #[inline(always)]
    pub(crate) fn play_into(&self, m: Move, b: &mut Board) {
        debug_assert!(*b == *self, "play_into takes a copy of the board");
        let us = self.side;
        let them = !us;
        let mut key = self.key ^ KEYS.black_to_move;
        if self.ep_in_key {
            key ^= KEYS.en_passant_file[(self.ep & 7) as usize];
        }
        b.ep = NO_SQUARE;
        b.ep_in_key = false;
        b.side = them;
        b.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            b.fullmove = self.fullmove.saturating_add(1);
        }
        if m.is_null() {
            b.key = key;
            return;
        }

        if m.is_castle() {
            return self.make_castling(m, b, key);
        }
        let from = m.from();
        let to = m.to();
        let flags = m.flags();
        let piece = self.squares[from.0 as usize];
        let kind = piece.kind_bits();

        // Captures, including en passant, whose pawn is not on `to`.
        if flags == flag::EN_PASSANT {
            let cap_sq = Square((to.0 as i16 - us.forward() as i16) as u8);
            let cap = Piece::new(them, PieceKind::Pawn);
            b.squares[cap_sq.0 as usize] = Piece::EMPTY;
            b.occupied[them.index()] ^= cap_sq.bit();
            b.pawns[them.index()] ^= cap_sq.bit();
            key ^= piece_key(cap, cap_sq);
        } else if m.is_capture() {
            let cap = self.squares[to.0 as usize];
            b.occupied[them.index()] ^= to.bit();
            b.diagonal[them.index()] &= !to.bit();
            b.orthogonal[them.index()] &= !to.bit();
            b.pawns[them.index()] &= !to.bit();
            key ^= piece_key(cap, to);
        }
        if m.is_capture() || kind == PieceKind::Pawn as u8 {
            b.halfmove = 0;
        }

        // The move itself (a promotion places the new piece).
        let placed = match m.promotion() {
            Some(k) => Piece::new(us, k),
            None => piece,
        };
        b.squares[from.0 as usize] = Piece::EMPTY;
        b.squares[to.0 as usize] = placed;
        b.occupied[us.index()] ^= from.bit() | to.bit();
        key ^= piece_key(piece, from) ^ piece_key(placed, to);
        if kind == PieceKind::Pawn as u8 {
            b.pawns[us.index()] ^= from.bit();
            if placed == piece {
                b.pawns[us.index()] |= to.bit();
            }
        }
        if is_diagonal_slider(piece) {
            b.diagonal[us.index()] ^= from.bit();
        }
        if is_diagonal_slider(placed) {
            b.diagonal[us.index()] |= to.bit();
        }
        if is_orthogonal_slider(piece) {
            b.orthogonal[us.index()] ^= from.bit();
        }
        if is_orthogonal_slider(placed) {
            b.orthogonal[us.index()] |= to.bit();
        }

        if kind == PieceKind::King as u8 {
            b.king[us.index()] = to;
        }

        let touched = from.bit() | to.bit();
        if touched & self.castling_squares != 0 {
            b.drop_castling_rights(self.castling & !self.rights_lost(touched), &mut key);
        }

        b.key = key;
        // The en-passant square exists (and counts for repetition) only
        // when the capture is actually legal (FIDE 9.2.3); it cannot be
        // without an enemy pawn beside the one that advanced.
        let beside = ((to.bit() << 1) & !FILE_A) | ((to.bit() >> 1) & !FILE_H);
        if flags == flag::DOUBLE_PUSH && b.pawns[them.index()] & beside != 0 {
            let ep = (from.0 as i16 + us.forward() as i16) as u8;
            if b.en_passant_capture_is_legal(ep) {
                b.ep = ep;
                b.ep_in_key = true;
                b.key ^= KEYS.en_passant_file[(ep & 7) as usize];
            }
        }
    }

    /// The rest of `make` for a castling move; `b` and `key` already have
    /// the side, clocks and en-passant square of the new position. The king
    /// and the rook are both lifted before either is placed, since in
    /// Chess960 one may land where the other stood, or stay where it is.
    #[cold]
    #[inline(never)]
    fn make_castling(&self, m: Move, b: &mut Board, mut key: u64) {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let (rook_from, rook_to) = self.castling_rook_squares(m);
        let king = Piece::new(us, PieceKind::King);
        let rook = Piece::new(us, PieceKind::Rook);
        let i = us.index();
        b.squares[from.0 as usize] = Piece::EMPTY;
        b.squares[rook_from.0 as usize] = Piece::EMPTY;
        b.squares[to.0 as usize] = king;
        b.squares[rook_to.0 as usize] = rook;
        b.occupied[i] =
            (b.occupied[i] & !(from.bit() | rook_from.bit())) | to.bit() | rook_to.bit();
        b.orthogonal[i] = (b.orthogonal[i] & !rook_from.bit()) | rook_to.bit();
        b.king[i] = to;
        // A piece that does not move adds its key twice: no change, as it should be.
        key ^= piece_key(king, from) ^ piece_key(king, to);
        key ^= piece_key(rook, rook_from) ^ piece_key(rook, rook_to);
        b.drop_castling_rights(self.castling & !RIGHTS_OF[i], &mut key);
        b.key = key;
    }

    /// True when the side to move can legally capture en passant on `ep`.
    pub(crate) fn en_passant_capture_is_legal(&self, ep: u8) -> bool {
        let us = self.side;
        let them = !us;
        let victim = (ep as i16 - us.forward() as i16) as u8;
        let pawn = Piece::new(us, PieceKind::Pawn);
        let king = self.king[us.index()];
        let victim_bit = Square(victim).bit();
        // The captured pawn is gone from their pieces.
        let mut attackers = self.attackers(them);
        attackers.pawns &= !victim_bit;
        for d in [-1i8, 1] {
            let s = attacks::step(victim, d);
            if !attacks::on_board(s) || self.squares[s as usize] != pawn {
                continue;
            }
            let occupancy = (self.occupancy() & !(Square(s).bit() | victim_bit)) | Square(ep).bit();
            if !is_attacked(attackers, king, them, occupancy) {
                return true;
            }
        }
        false
    }

    /// The key computed from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for (s, p) in self.pieces() {
            key ^= piece_key(p, s);
        }
        key ^= KEYS.castling[self.castling as usize];
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        if self.ep != NO_SQUARE && self.en_passant_capture_is_legal(self.ep) {
            key ^= KEYS.en_passant_file[(self.ep & 7) as usize];
        }
        key
    }

    /// Recomputes every incremental field from the square array and
    /// compares (used by `debug_assert!` after each make).
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut occ = [0u64; 2];
        let mut diag = [0u64; 2];
        let mut pawns = [0u64; 2];
        let mut ortho = [0u64; 2];
        let mut kings = [None, None];
        for s in Square::all() {
            let p = self.piece_at(s);
            if p.is_empty() {
                continue;
            }
            occ[p.color().index()] |= s.bit();
            if is_diagonal_slider(p) {
                diag[p.color().index()] |= s.bit();
            }
            if p.kind() == Some(PieceKind::Pawn) {
                pawns[p.color().index()] |= s.bit();
            }
            if is_orthogonal_slider(p) {
                ortho[p.color().index()] |= s.bit();
            }
            if p.kind() == Some(PieceKind::King) {
                kings[p.color().index()] = Some(s);
            }
        }
        for i in 0..128 {
            if i & 0x88 != 0 && !self.squares[i].is_empty() {
                return Err(format!("piece off the board at {i:#x}"));
            }
        }
        if occ != self.occupied {
            return Err("occupancy sets disagree with the squares".into());
        }
        if diag != self.diagonal || ortho != self.orthogonal || pawns != self.pawns {
            return Err("slider sets disagree with the squares".into());
        }
        for c in [Color::White, Color::Black] {
            if kings[c.index()] != Some(self.king[c.index()]) {
                return Err(format!("{c:?} king square is stale"));
            }
        }
        let ep_legal = self.ep != NO_SQUARE && self.en_passant_capture_is_legal(self.ep);
        if ep_legal != self.ep_in_key {
            return Err("en-passant key flag is stale".into());
        }
        for i in 0..4 {
            let right = 1u8 << i;
            if self.castling & right == 0 {
                continue;
            }
            let c = if i < 2 { Color::White } else { Color::Black };
            let rook = self.castling_rooks[i];
            let king = self.king[c.index()];
            let rank = c.back_rank();
            if self.piece_at(rook) != Piece::new(c, PieceKind::Rook)
                || rook.rank() != rank
                || king.rank() != rank
                || (rook.file() > king.file()) != i.is_multiple_of(2)
            {
                return Err(format!(
                    "castling right {i} has no king or rook to castle with"
                ));
            }
        }
        for i in 0..4 {
            if self.castling & (1 << i) != 0
                && self.castling_stretch[i] != self.stretch_of_castling(i)
            {
                return Err("castling stretch is stale".into());
            }
        }
        if self.squares_of_castling() != self.castling_squares {
            return Err("castling squares are stale".into());
        }
        if self.compute_key() != self.key {
            return Err("incremental key differs from the recomputed key".into());
        }
        if self.is_attacked(self.king[(!self.side).index()], self.side) {
            return Err("the side not to move is in check".into());
        }
        Ok(())
    }

    /// A diagram of the board, white at the bottom.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        out.push_str(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8).rev() {
            for file in 0..8 {
                let p = self.piece_at(Square::new(file, rank));
                let c = if p.is_empty() { ' ' } else { p.to_char() };
                out.push_str(&format!(" | {c}"));
            }
            out.push_str(&format!(" | {}\n", rank + 1));
            out.push_str(" +---+---+---+---+---+---+---+---+\n");
        }
        out.push_str("   a   b   c   d   e   f   g   h\n");
        out
    }
}

/// Equal when the positions and clocks are: the notation the FEN came in
/// and the rooks of rights no longer held do not count (the remaining
/// fields follow from the compared ones).
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        let rooks = |b: &Board| -> [Option<Square>; 4] {
            std::array::from_fn(|i| (b.castling & (1 << i) != 0).then_some(b.castling_rooks[i]))
        };
        self.squares == other.squares
            && self.side == other.side
            && self.castling == other.castling
            && rooks(self) == rooks(other)
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Copy-make copies the whole board: it stays small (216 bytes before
    /// Chess960's castling rooks, 232 with them).
    #[test]
    fn the_board_stays_small() {
        assert!(
            std::mem::size_of::<Board>() <= 232,
            "{}",
            std::mem::size_of::<Board>()
        );
    }
}
